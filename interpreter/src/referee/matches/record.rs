//! A match's record: each game's outcome, kept as data so that the shards of one
//! match, played on different machines, merge into the match.

use super::stats::Tally;
use super::Game;
use crate::model::Side;
use serde::{Deserialize, Serialize};

/// One share of a match: the openings whose number leaves `index` when divided by
/// `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// This share, from 0.
    pub index: usize,
    /// How many shares the match is split into.
    pub count: usize,
}

impl Shard {
    /// The whole match.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };
}

/// How one game of a match ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOutcome {
    /// The game's number in the match, from 0.
    pub index: usize,
    /// Whether the match's first player had White.
    pub first_is_white: bool,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// How it ended: the rule, `ply limit`, or a forfeit and why.
    pub ending: String,
    /// Plies of the whole game, the opening's included.
    pub plies: usize,
    /// The game as PGN.
    pub pgn: String,
}

impl GameOutcome {
    /// The outcome of `game`, which a forfeit of one side may have ended.
    pub(super) fn of(
        game: &Game,
        index: usize,
        first_is_white: bool,
        forfeit: Option<(Side, String)>,
        names: &[String; 2],
    ) -> GameOutcome {
        let (result, ending, termination) = match (forfeit, game.result()) {
            (Some((side, why)), _) => {
                let result = if side == Side::White { "0-1" } else { "1-0" };
                (result, format!("forfeit: {why}"), "rules infraction")
            }
            (None, Some(r)) => (r.score(), words(&format!("{:?}", r.reason)), "normal"),
            (None, None) => ("1/2-1/2", "ply limit".to_string(), "adjudication"),
        };
        let (white, black) = if first_is_white {
            (&names[0], &names[1])
        } else {
            (&names[1], &names[0])
        };
        GameOutcome {
            index,
            first_is_white,
            result: result.to_string(),
            pgn: super::pgn_of(game, index, white, black, (result, termination)),
            ending,
            plies: game.played().len(),
        }
    }

    /// White's half-points: 2 for a win, 1 for a draw, 0 for a loss.
    fn white_points(&self) -> u8 {
        match self.result.as_str() {
            "1-0" => 2,
            "0-1" => 0,
            _ => 1,
        }
    }

    /// The first player's half-points.
    pub fn first_player_points(&self) -> u8 {
        if self.first_is_white {
            self.white_points()
        } else {
            2 - self.white_points()
        }
    }
}

/// `RoyalCaptured` as `royal captured`.
fn words(camel: &str) -> String {
    let mut out = String::new();
    for c in camel.chars() {
        if c.is_uppercase() && !out.is_empty() {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// The most games a match may plan.
pub const MAX_PLANNED: usize = 1_000_000;
/// The most shards a match may be split into.
pub const MAX_SHARDS: usize = MAX_PLANNED;

/// A match, or the shards of one played so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    /// The definition's name.
    pub variant: String,
    /// The first player and the second.
    pub players: [String; 2],
    /// The games of the whole match.
    pub games_planned: usize,
    /// How many shards the match is split into.
    pub shard_count: usize,
    /// The shards this record holds.
    pub shards: Vec<usize>,
    /// The games played, in order.
    pub games: Vec<GameOutcome>,
}

/// Why records do not merge into one match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeError(pub String);

/// What a match's games say.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The first player's wins, draws and losses.
    pub first: Tally,
    /// White's wins, draws and losses: the first move's advantage.
    pub white: Tally,
    /// Plies per game.
    pub average_plies: f64,
    /// How the games ended, the most frequent first.
    pub endings: Vec<(String, usize)>,
}

impl MatchRecord {
    /// What the games say.
    pub fn summary(&self) -> Summary {
        let mut first = Tally::default();
        let mut white = Tally::default();
        let mut endings: Vec<(String, usize)> = Vec::new();
        for g in &self.games {
            count(&mut first, g.first_player_points());
            count(&mut white, g.white_points());
            match endings.iter_mut().find(|(e, _)| *e == g.ending) {
                Some(slot) => slot.1 += 1,
                None => endings.push((g.ending.clone(), 1)),
            }
        }
        endings.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let plies: usize = self.games.iter().map(|g| g.plies).sum();
        Summary {
            first,
            white,
            average_plies: plies as f64 / self.games.len().max(1) as f64,
            endings,
        }
    }

    /// The shards of one match as one record; they must be of the same match, and
    /// a game in two of them must have ended the same way in both.
    pub fn merge(records: Vec<MatchRecord>) -> Result<MatchRecord, MergeError> {
        for r in &records {
            r.validate()?;
        }
        let mut iter = records.into_iter();
        let mut merged = iter
            .next()
            .ok_or_else(|| MergeError("no record to merge".into()))?;
        for r in iter {
            let same = r.variant == merged.variant
                && r.players == merged.players
                && r.games_planned == merged.games_planned
                && r.shard_count == merged.shard_count;
            if !same {
                return Err(MergeError(format!(
                    "shard {} of {} is not of the same match (variant, players, games or shard count differ)",
                    r.shards.first().map_or(0, |s| s + 1),
                    r.shard_count
                )));
            }
            merged.shards.extend(&r.shards);
            for g in r.games {
                match merged.games.iter().find(|m| m.index == g.index) {
                    Some(m) if *m == g => {}
                    Some(_) => {
                        return Err(MergeError(format!(
                            "game {} ended differently in two records",
                            g.index + 1
                        )))
                    }
                    None => merged.games.push(g),
                }
            }
        }
        merged.shards.sort_unstable();
        merged.shards.dedup();
        merged.games.sort_by_key(|g| g.index);
        Ok(merged)
    }

    /// A record read from a file is checked before use: its counts in range, its
    /// shards and games inside the match.
    pub fn validate(&self) -> Result<(), MergeError> {
        let bad = |what: &str| Err(MergeError(format!("the record's {what} is out of range")));
        if self.shard_count == 0 || self.shard_count > MAX_SHARDS {
            return bad("shard count");
        }
        if self.games_planned > MAX_PLANNED || self.games.len() > self.games_planned {
            return bad("number of games");
        }
        if self.shards.iter().any(|&s| s >= self.shard_count) {
            return bad("shard list");
        }
        if self.games.iter().any(|g| g.index >= self.games_planned) {
            return bad("game numbering");
        }
        Ok(())
    }

    /// The shards of the match this record does not hold.
    pub fn missing_shards(&self) -> Vec<usize> {
        (0..self.shard_count)
            .filter(|s| !self.shards.contains(s))
            .collect()
    }
}

/// One more game, of `half_points` for the tally's side.
pub(super) fn count(tally: &mut Tally, half_points: u8) {
    match half_points {
        2 => tally.wins += 1,
        1 => tally.draws += 1,
        _ => tally.losses += 1,
    }
}
