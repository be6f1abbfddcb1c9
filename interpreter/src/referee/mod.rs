//! Referee: games under a variant's rules. Reads game records and move notation,
//! applies only legal moves, explains illegal ones, and decides results.

pub mod ai;
pub mod end;
pub mod game;
pub mod long_algebraic;
pub mod matches;
pub mod notation;
pub mod pgn;
pub mod record;
pub mod san;
pub mod selfplay;
mod shuttle;
pub mod stream;

pub use game::{EndReason, Game, GameResult, Played};

pub use crate::random::Rng;

use crate::compile::Ruleset;
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::engine::Position;

/// A refereed game: as far as it went, and the diagnostic that stopped it, if any.
pub struct Refereed<'r> {
    /// The game as far as it was read.
    pub game: Option<Game<'r>>,
    /// The first problem, if any.
    pub error: Option<Diagnostic>,
    /// The result the record gives, read against the rules' verdict (a game
    /// played to its end, no `*`).
    pub recorded: Option<Recorded>,
}

/// A result written in a record (after the moves, or in a `[Result]` tag).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: String,
    /// Where the move is in the record.
    pub span: Span,
    /// How it was read.
    pub reading: Reading,
}

/// How a recorded result stands to the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// The rules ended the game with the same result.
    Agrees,
    /// The rules have not ended the game: it ended off the board (resignation,
    /// agreement, time).
    OffTheBoard,
    /// The rules ended the game with another result.
    Contradicts,
}

impl Recorded {
    /// The recorded result read against the game as refereed.
    fn read(record: &record::Record, game: &Game) -> Option<Recorded> {
        let (score, span) = record.result.as_ref().or(record.result_tag.as_ref())?;
        let score = match score.as_str() {
            "1-0" | "0-1" | "1/2-1/2" => score.clone(),
            "½-½" => "1/2-1/2".to_string(),
            _ => return None,
        };
        let reading = match game.result() {
            None => Reading::OffTheBoard,
            Some(r) if r.score() == score => Reading::Agrees,
            Some(_) => Reading::Contradicts,
        };
        Some(Recorded {
            score,
            span: *span,
            reading,
        })
    }

    /// The report's words: `1-0; the rules have not ended the game (resignation or
    /// agreement)`.
    pub fn describe(&self, game: &Game) -> String {
        match (self.reading, game.result()) {
            (Reading::Contradicts, Some(r)) => format!(
                "{}, which the position contradicts: the rules ended the game {r}",
                self.score
            ),
            (Reading::OffTheBoard, _) if self.score == "1/2-1/2" => format!(
                "{}; the rules have not ended the game (agreement)",
                self.score
            ),
            (Reading::OffTheBoard, _) => format!(
                "{}; the rules have not ended the game (resignation or agreement)",
                self.score
            ),
            _ => format!("{}, as the rules decide", self.score),
        }
    }
}

/// Referee a game record against a ruleset (its first game, if it holds several).
pub fn referee<'r>(rules: &'r Ruleset, text: &str) -> Refereed<'r> {
    let record = record::parse_games(text)
        .into_iter()
        .next()
        .unwrap_or_default();
    referee_record(rules, &record)
}

/// Referee every game of a record (PGN files hold several).
pub fn referee_games<'r>(rules: &'r Ruleset, text: &str) -> Vec<Refereed<'r>> {
    record::parse_games(text)
        .iter()
        .map(|r| referee_record(rules, r))
        .collect()
}

/// Referee one game. A draw written as its result is a claim: the game ends if
/// the rules allow the claim then (threefold repetition, fifty moves).
pub fn referee_record<'r>(rules: &'r Ruleset, record: &record::Record) -> Refereed<'r> {
    referee_record_with(rules, record, true)
}

/// [`referee_record`], keeping the moves played or not ([`Game::forget_moves`]).
pub fn referee_record_with<'r>(
    rules: &'r Ruleset,
    record: &record::Record,
    keep_moves: bool,
) -> Refereed<'r> {
    if let Some(d) = wrong_variant(rules, record) {
        return Refereed {
            game: None,
            error: Some(d),
            recorded: None,
        };
    }
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
                    recorded: None,
                };
            }
        },
    };
    let mut game = Game::new(start);
    if !keep_moves {
        game.forget_moves();
    }
    for (text, span) in &record.moves {
        if let Err(d) = play_one(&mut game, text, *span) {
            return Refereed {
                game: Some(game),
                error: Some(d),
                recorded: None,
            };
        }
    }
    if record
        .result
        .as_ref()
        .or(record.result_tag.as_ref())
        .is_some_and(|(r, _)| matches!(r.as_str(), "1/2-1/2" | "½-½"))
    {
        game.claim();
    }
    Refereed {
        recorded: Recorded::read(record, &game),
        game: Some(game),
        error: None,
    }
}

/// Whether `name` is one of the definition's names (letters and digits compared,
/// case ignored: `Capablanca-Chess` is `capablanca chess`).
pub fn names_variant(d: &crate::model::Definition, name: &str) -> bool {
    let key = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let want = key(name);
    std::iter::once(&d.name)
        .chain(&d.aliases)
        .any(|n| key(n) == want)
}

/// A `[Variant]` tag naming another variant than the definition's.
fn wrong_variant(rules: &Ruleset, record: &record::Record) -> Option<Diagnostic> {
    let (name, span) = record.variant.as_ref()?;
    let d = &rules.definition;
    if d.name.is_empty() || names_variant(d, name) {
        return None;
    }
    Some(
        Diagnostic::error(
            Code::WrongVariant,
            format!("this game is of `{name}`, and the definition is of `{}`", d.name),
        )
        .at(*span, "the record's variant")
        .help(format!(
            "referee it with the definition of {name}; if that is {} under another name, add the name to the definition's `variant` line: `variant \"{}\" \"{name}\"`",
            d.name, d.name
        )),
    )
}

fn play_one(game: &mut Game, text: &str, span: Span) -> Result<(), Diagnostic> {
    let side = game.position().side_to_move();
    let Err(r) = game.play_text(text) else {
        return Ok(());
    };
    let label = format!("{}'s move, ply {}", side.name(), game.plies() + 1);
    let focus = if r.len == 0 {
        span
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
    Err(d)
}
