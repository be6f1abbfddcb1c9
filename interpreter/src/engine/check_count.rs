//! The checks each side has given, under a `checks N OUTCOME` end rule: counted as
//! moves are made, part of the hash (a position after a check is not the position
//! before it), written in the FEN as the checks still to give (`3+3`).

use super::Position;
use crate::model::Side;

impl Position<'_> {
    /// After a move (the side to move is already the opponent): a check it gives
    /// counts for the mover.
    pub(super) fn count_check(&mut self) {
        let mover = 1 - self.side;
        if self.in_check(Side::from_index(self.side)) {
            self.hash ^= self.checks_key();
            self.checks[mover] = self.checks[mover].saturating_add(1);
            self.hash ^= self.checks_key();
        }
    }

    /// The checks `side` has given.
    pub fn checks_given(&self, side: Side) -> u32 {
        u32::from(self.checks[side.index()])
    }

    pub(super) fn checks_key(&self) -> u64 {
        let z = &self.rules.zobrist;
        (0..2).filter(|&s| self.checks[s] > 0).fold(0, |h, s| {
            h ^ crate::random::mix(z.checks[s] ^ u64::from(self.checks[s]))
        })
    }

    /// ` W+B`, the checks each side has still to give, or nothing without the rule.
    pub(super) fn checks_fen(&self) -> String {
        match self.rules.goals.checks {
            Some((limit, _)) => {
                let left = self.checks.map(|n| limit.saturating_sub(n));
                format!(" {}+{}", left[0], left[1])
            }
            None => String::new(),
        }
    }
}
