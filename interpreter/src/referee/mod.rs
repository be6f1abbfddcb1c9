//! Referee: games under a variant's rules. Reads game records and move notation,
//! applies only legal moves, explains illegal ones, and decides results.

pub mod ai;
pub mod game;
pub mod long_algebraic;
pub mod notation;
pub mod pgn;
pub mod record;
pub mod san;
pub mod selfplay;

pub use game::{EndReason, Game, GameResult, Played};

/// A small deterministic random generator (xorshift), so games replay from a seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

use crate::compile::Ruleset;
use crate::diagnostic::{Diagnostic, Span};
use crate::engine::Position;

/// A refereed game: as far as it went, and the diagnostic that stopped it, if any.
pub struct Refereed<'r> {
    pub game: Option<Game<'r>>,
    pub error: Option<Diagnostic>,
}

/// Referee a game record against a ruleset.
pub fn referee<'r>(rules: &'r Ruleset, text: &str) -> Refereed<'r> {
    let record = record::parse(text);
    let start = match &record.fen {
        None => Position::start(rules),
        Some((fen, span)) => match Position::from_fen(rules, fen) {
            Ok(p) => p,
            Err(e) => {
                let d = Diagnostic::error(crate::check::fen_code(&e), e.message)
                    .at(span.sub(e.offset, e.len), "in the starting position");
                return Refereed {
                    game: None,
                    error: Some(match e.help {
                        Some(h) => d.help(h),
                        None => d,
                    }),
                };
            }
        },
    };
    let mut game = Game::new(start);
    for (text, span) in &record.moves {
        let side = game.position().side_to_move();
        if let Err(r) = game.play_text(text) {
            let label = format!("{}'s move, ply {}", side.name(), game.played().len() + 1);
            let focus = if r.len == 0 {
                *span
            } else {
                Span::new(
                    span.start + r.offset,
                    (span.start + r.offset + r.len).min(span.end),
                )
            };
            let mut d = Diagnostic::error(r.code, r.message).at(focus, label);
            if let Some(h) = r.help {
                d = d.help(h);
            }
            return Refereed {
                game: Some(game),
                error: Some(d),
            };
        }
    }
    Refereed {
        game: Some(game),
        error: None,
    }
}
