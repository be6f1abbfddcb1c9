//! Immobilization: a piece next to an enemy immobilizer is frozen and cannot move
//! (under the pure rule, unless a friend of the piece stands next to that
//! immobilizer); a chameleon freezes immobilizers the same way. Here: whether a
//! piece is frozen or locked, and the cells that decide it, for the attack test.

use super::super::{kind_of, side_of, Position};
use crate::compile::Cell;
use crate::model::Immobilization;

impl Position<'_> {
    /// Whether the piece on `cell` is locked: frozen by an enemy immobilizer that is
    /// frozen itself (either end, for a two-cell piece).
    pub(in crate::engine) fn locked(&self, cell: Cell) -> bool {
        let ends = [Some(cell), self.other_end(cell)];
        ends.into_iter().flatten().any(|c| {
            self.is_frozen(c)
                && self.rules.board.neighbours[c as usize].iter().any(|&a| {
                    let e = self.board[a as usize];
                    e != 0
                        && side_of(e) != side_of(self.board[c as usize])
                        && self.rules.capture.immobilizer_kinds & (1 << kind_of(e)) != 0
                        && self.is_frozen(a)
                })
        })
    }

    /// Whether the piece on `cell` is frozen, either end of a two-cell piece.
    pub(in crate::engine) fn is_frozen_whole(&self, cell: Cell) -> bool {
        self.is_frozen(cell)
            || (self.rules.flags.two_cell
                && self.other_end(cell).is_some_and(|o| self.is_frozen(o)))
    }

    /// Whether any piece of side `us` could be frozen now: the enemy has an
    /// immobilizer on the board, or a chameleon while `us` has an immobilizer.
    pub(in crate::engine) fn may_be_frozen(&self, us: usize) -> bool {
        let capture = &self.rules.capture;
        let has = |side: usize, kinds: u64| {
            kinds != 0
                && (self.lists[side].iter())
                    .any(|&c| kinds >> kind_of(self.board[c as usize]) & 1 != 0)
        };
        has(1 - us, capture.immobilizer_kinds)
            || (has(1 - us, capture.chameleon_kinds) && has(us, capture.immobilizer_kinds))
    }

    pub(in crate::engine) fn is_frozen_any(&self, cell: Cell) -> bool {
        self.rules.flags.immobilizers && self.is_frozen(cell)
    }

    /// Whether the piece on `cell` is frozen by an adjacent enemy: an immobilizer
    /// (unless, under the pure rule, a friendly immobilizer or chameleon other than
    /// the piece itself stands next to that immobilizer), or, for an immobilizer, a
    /// chameleon, which freezes immobilizers the way they freeze.
    pub(in crate::engine) fn is_frozen(&self, cell: Cell) -> bool {
        let rules = self.rules;
        let x = self.board[cell as usize];
        if x == 0 {
            return false;
        }
        let us = side_of(x);
        // No enemy next to it: nothing freezes it.
        if let Some(around) = rules.reach.around.get(cell as usize) {
            if around & self.occupied[1 - us] == 0 {
                return false;
            }
        }
        let x_immobilizes = rules.capture.immobilizer_kinds & (1 << kind_of(x)) != 0;
        let cancellers = rules.capture.immobilizer_kinds | rules.capture.chameleon_kinds;
        for &a in &rules.board.neighbours[cell as usize] {
            let e = self.board[a as usize];
            if e == 0 || side_of(e) == us {
                continue;
            }
            let bit = 1u64 << kind_of(e);
            if rules.capture.immobilizer_kinds & bit != 0 {
                let cancelled = rules.capture.immobilization == Immobilization::Pure
                    && rules.board.neighbours[a as usize].iter().any(|&b| {
                        let f = self.board[b as usize];
                        b != cell
                            && f != 0
                            && side_of(f) == us
                            && cancellers & (1 << kind_of(f)) != 0
                    });
                if !cancelled {
                    return true;
                }
            }
            if x_immobilizes && rules.capture.chameleon_kinds & bit != 0 {
                return true;
            }
        }
        false
    }

    /// The cells whose contents decide whether the piece on `from` is frozen: its
    /// neighbours and, under the pure rule, the neighbours of the hostile
    /// immobilizers among them (where a friendly piece cancels them).
    pub(in crate::engine) fn freeze_region(&self, from: Cell) -> u128 {
        let rules = self.rules;
        let side = side_of(self.board[from as usize]);
        let mut mask = rules.reach.around[from as usize];
        if rules.capture.immobilization == Immobilization::Pure {
            for &a in &rules.board.neighbours[from as usize] {
                let e = self.board[a as usize];
                if e != 0
                    && side_of(e) != side
                    && rules.capture.immobilizer_kinds & 1 << kind_of(e) != 0
                {
                    mask |= rules.reach.around[a as usize];
                }
            }
        }
        mask
    }
}
