//! Pincer (custodian capture): after the move, an adjacent enemy with a friendly
//! piece just beyond it is taken, on files and ranks or in all eight directions.

use super::super::{side_of, Position};
use super::Arrival;
use crate::compile::Cell;
use crate::model::Offset;

impl Position<'_> {
    /// The enemies a piece of `us` arriving takes by pincer: each next to the landing
    /// cell (on a file or rank, or `all` ways) with a friend just beyond it, once the
    /// mover stands there; `take` learns each and whether it lies diagonally.
    #[inline(always)]
    pub(super) fn pincered(
        &self,
        us: usize,
        arrival: Arrival,
        all: bool,
        mut take: impl FnMut(Cell, bool),
    ) {
        let rules = self.rules;
        let Arrival { from, t, left, .. } = arrival;
        let mover = self.board[from as usize];
        for (i, &d) in pincer_dirs(all).iter().enumerate() {
            let Some(c1) = rules.step(t, d) else { continue };
            let q = self.board[c1 as usize];
            if q == 0 || side_of(q) == us || c1 == from {
                continue;
            }
            let Some(c2) = rules.step(c1, d) else {
                continue;
            };
            let beyond = self.after(c2, from, t, mover, left);
            if beyond != 0 && side_of(beyond) == us {
                take(c1, i >= 4);
            }
        }
    }

    /// The cells next to `target` where a pincer's partner could stand: those
    /// with a cell on the other side of the target.
    pub(in crate::engine) fn pincer_partners(&self, target: Cell) -> u128 {
        let rules = self.rules;
        pincer_dirs(true).iter().fold(0, |m, &d| {
            let back = rules.step(target, Offset::new(-d.dx, -d.dy));
            match rules.step(target, d) {
                Some(p) if back.is_some() => m | 1 << p,
                _ => m,
            }
        })
    }

    /// Whether a piece of side `by` other than the one on `from` stands next to
    /// `target` with a cell on the other side: a pincer's partner.
    pub(in crate::engine) fn has_pincer_partner(
        &self,
        by: usize,
        from: Cell,
        target: Cell,
    ) -> bool {
        let rules = self.rules;
        pincer_dirs(true).iter().any(|&d| {
            let partner = rules.step(target, d).filter(|&p| {
                let q = self.board[p as usize];
                p != from && q != 0 && side_of(q) == by
            });
            partner.is_some() && rules.step(target, Offset::new(-d.dx, -d.dy)).is_some()
        })
    }

    /// Whether a landing next to `target`, on its side opposite `d`, would pincer it:
    /// a piece of `by` other than the mover (on `from`) stands beyond it along `d`.
    #[inline]
    pub(super) fn pincers_from(&self, by: usize, from: Cell, target: Cell, d: Offset) -> bool {
        pincer_dirs(true).contains(&d)
            && self.rules.step(target, d).is_some_and(|c| {
                let p = self.board[c as usize];
                c != from && p != 0 && side_of(p) == by
            })
    }
}

/// The directions a pincer looks along: files and ranks, or (`all`) the diagonals
/// too, orthogonal ones first.
pub(in crate::engine) fn pincer_dirs(all: bool) -> &'static [Offset] {
    if all {
        &Offset::AROUND
    } else {
        &Offset::AROUND[..4]
    }
}
