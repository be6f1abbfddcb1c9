//! The openings a match starts its games from: a list fixed before the first game,
//! so that every shard of a match, on any machine, plays the same games.

use super::super::{long_algebraic, referee_games, Game, Rng};
use crate::compile::Ruleset;
use crate::engine::Position;
use crate::random::mix;
use serde::{Deserialize, Serialize};

/// A start: a position, and moves played from it in long algebraic notation.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Opening {
    /// The position the game starts from (FEN).
    pub fen: String,
    /// The moves played before the players take over.
    pub moves: Vec<String>,
}

/// Why an opening list could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningError(pub String);

/// Attempts at a random opening that does not end the game before its last ply.
const RANDOM_TRIES: u64 = 100;
/// The most plies a random opening may have.
pub const MAX_RANDOM_PLIES: usize = 40;

/// `count` openings of `plies` random legal moves each, from the definition's
/// start (a shuffled setup dealt anew for each), all from `seed`.
pub fn random(
    rules: &Ruleset,
    count: usize,
    plies: usize,
    seed: u64,
) -> Result<Vec<Opening>, OpeningError> {
    if plies > MAX_RANDOM_PLIES {
        return Err(OpeningError(format!(
            "random openings have at most {MAX_RANDOM_PLIES} plies, not {plies}"
        )));
    }
    (0..count as u64)
        .map(|i| random_one(rules, plies, mix(seed ^ mix(i))))
        .collect()
}

fn random_one(rules: &Ruleset, plies: usize, seed: u64) -> Result<Opening, OpeningError> {
    let mut rng = Rng::new(seed);
    for _ in 0..RANDOM_TRIES {
        let start = Position::start_seeded(rules, rng.next_u64());
        let fen = start.fen();
        let mut game = Game::new(start);
        let mut moves = Vec::with_capacity(plies);
        while moves.len() < plies && game.result().is_none() {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            moves.push(long_algebraic::print(game.position(), &m, legal));
            game.play(m);
        }
        if moves.len() == plies && game.result().is_none() {
            return Ok(Opening { fen, moves });
        }
    }
    Err(OpeningError(format!(
        "no line of {plies} random moves left the game going in {RANDOM_TRIES} tries"
    )))
}

/// The positions of an EPD or FEN list, one a line (the first four or more fields
/// of each; `#` starts a comment).
pub fn positions(rules: &Ruleset, text: &str) -> Result<Vec<Opening>, OpeningError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fen = epd_position(line);
        if let Err(e) = Position::from_fen(rules, &fen) {
            return Err(OpeningError(format!("line {}: {}", n + 1, e.message)));
        }
        out.push(Opening {
            fen,
            moves: Vec::new(),
        });
    }
    nonempty(out)
}

/// An EPD line's position: the fields before the first operation (`bm`, `id`, …,
/// each ending in `;`).
fn epd_position(line: &str) -> String {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let end = fields
        .iter()
        .position(|f| f.ends_with(';') || f.starts_with('"'))
        .map_or(fields.len(), |i| i.saturating_sub(1).max(1));
    fields[..end].join(" ")
}

/// The games of a PGN file, each refereed: its start and its moves.
pub fn games(rules: &Ruleset, text: &str) -> Result<Vec<Opening>, OpeningError> {
    let mut out = Vec::new();
    for (n, refereed) in referee_games(rules, text).into_iter().enumerate() {
        if let Some(e) = refereed.error {
            return Err(OpeningError(format!("game {}: {}", n + 1, e.message)));
        }
        let Some(game) = refereed.game else { continue };
        out.push(Opening::of_game(&game));
    }
    nonempty(out)
}

fn nonempty(openings: Vec<Opening>) -> Result<Vec<Opening>, OpeningError> {
    if openings.is_empty() {
        Err(OpeningError("the file holds no opening".into()))
    } else {
        Ok(openings)
    }
}

impl Opening {
    /// A game's start and its moves in long algebraic notation.
    pub fn of_game(game: &Game) -> Opening {
        let mut pos = game.position().clone();
        for _ in game.played() {
            pos.unmake();
        }
        let fen = pos.fen();
        let mut replay = Game::new(pos);
        let mut moves = Vec::new();
        for played in game.played() {
            moves.push(long_algebraic::print(
                replay.position(),
                &played.mv,
                replay.legal_moves(),
            ));
            replay.play(played.mv);
        }
        Opening { fen, moves }
    }

    /// The game after the opening's moves, or why a move does not fit.
    pub fn game<'r>(&self, rules: &'r Ruleset) -> Result<Game<'r>, OpeningError> {
        let pos = Position::from_fen(rules, &self.fen)
            .map_err(|e| OpeningError(format!("the opening's position: {}", e.message)))?;
        let mut game = Game::new(pos);
        for text in &self.moves {
            let m = long_algebraic::read(game.position(), game.legal_moves(), text)
                .ok_or_else(|| OpeningError(format!("the move {text} is not legal there")))?;
            game.play(m);
        }
        Ok(game)
    }
}
