//! Goals other than checkmate: a position where a player has lost every piece of a
//! kind (`extinction`) or has brought a piece into a zone (`reach`) ends the game,
//! and has no legal move; `must-capture` keeps only the captures when there are any.

use super::{kind_of, side_of, Move, Position};
use crate::model::{Outcome, Side};

/// Which goal ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalKind {
    /// The player lost every piece of a kind that counts (or every piece).
    Extinction,
    /// The player has a piece of a kind that counts in the zone.
    Reach,
}

/// A goal that has ended the game: which, the player it is about, and the outcome
/// for that player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    pub kind: GoalKind,
    pub side: Side,
    pub outcome: Outcome,
}

impl Position<'_> {
    /// The goal that has ended the game, if any; the player who just moved is
    /// looked at first.
    pub fn goal(&self) -> Option<Goal> {
        if !self.rules.flags.goals {
            return None;
        }
        let goals = &self.rules.goals;
        [1 - self.side, self.side].into_iter().find_map(|side| {
            let found = |kind, outcome| Goal {
                kind,
                side: Side::from_index(side),
                outcome,
            };
            let extinct = goals
                .extinction
                .filter(|&(kinds, _)| self.extinct(side, kinds))
                .map(|(_, outcome)| found(GoalKind::Extinction, outcome));
            extinct.or_else(|| {
                let (cells, kinds, outcome) = goals.reach.as_ref()?;
                cells[side]
                    .iter()
                    .any(|&c| {
                        let p = self.board[c as usize];
                        p != 0 && side_of(p) == side && kinds >> kind_of(p) & 1 != 0
                    })
                    .then(|| found(GoalKind::Reach, *outcome))
            })
        })
    }

    /// Whether `side` has no piece of one of `kinds` (of any, with `extinction all`;
    /// with `kinds` empty: no piece).
    fn extinct(&self, side: usize, kinds: u64) -> bool {
        let own = &self.lists[side];
        if kinds == 0 {
            return own.is_empty();
        }
        let present = own
            .iter()
            .fold(0u64, |m, &c| m | 1 << kind_of(self.board[c as usize]));
        if self.rules.goals.extinction_all {
            kinds & present == 0
        } else {
            kinds & !present != 0
        }
    }

    /// `must-capture`: when some legal move captures, only the captures remain.
    pub(super) fn keep_forced_captures(&self, out: &mut Vec<Move>) {
        if self.rules.goals.must_capture && out.iter().any(|m| !m.captures().is_empty()) {
            out.retain(|m| !m.captures().is_empty());
        }
    }
}
