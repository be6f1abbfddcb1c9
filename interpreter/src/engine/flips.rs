//! Flips: a piece of a `flips` kind turns enemy pieces over when it arrives, by a
//! move or a drop: every straight line of them that runs from its cell to a piece
//! of the player's (`lines`, Reversi), or every one next to it (`neighbours`,
//! Ataxx). Royal, `immune` and two-cell pieces never turn, and end a line. The
//! cells each move turned wait on a stack, their number on top, so that `unmake`
//! turns them back (the undo record stays as small as other games need it).
//!
//! The hand's `drop-enclosing` and `drop-next-to-own` rules ask the same
//! questions of an empty cell before a drop.

use super::{code, kind_of, side_of, Position};
use crate::compile::Cell;
use crate::model::Flip;

/// The cells of `x` that have a neighbour along `ray`'s step, moved to it.
#[inline(always)]
fn shifted(x: u128, (delta, from): (i32, u128)) -> u128 {
    let x = x & from;
    if delta > 0 {
        x << delta
    } else {
        x >> -delta
    }
}

impl Position<'_> {
    /// Whether the piece on `c` belongs to the enemy of `us` and may turn over.
    #[inline(always)]
    fn turnable(&self, c: Cell, us: usize) -> bool {
        let p = self.board[c as usize];
        let rules = self.rules;
        p != 0
            && p != rules.wall_code
            && side_of(p) != us
            && rules.capture.never_turn >> kind_of(p) & 1 == 0
    }

    /// Whether a piece of `us` stands on `c`.
    #[inline(always)]
    fn own(&self, c: Cell, us: usize) -> bool {
        let p = self.board[c as usize];
        p != 0 && p != self.rules.wall_code && side_of(p) == us
    }

    /// The length of the run of turnable enemy pieces from `from` along the unit
    /// step `slot` that a piece of `us` closes beyond it (0: none).
    #[inline]
    fn enclosed_run(&self, from: Cell, slot: usize, us: usize) -> usize {
        let rules = self.rules;
        let mut at = from;
        let mut len = 0;
        while let Some(next) = rules.unit_step(at, slot) {
            if self.turnable(next, us) {
                len += 1;
                at = next;
            } else {
                return if len > 0 && self.own(next, us) {
                    len
                } else {
                    0
                };
            }
        }
        0
    }

    /// `drop-enclosing`: a piece of `us` on `c` would close a line of enemy pieces.
    pub(super) fn encloses(&self, c: Cell, us: usize) -> bool {
        let masks = &self.rules.capture.neighbour_masks;
        if masks
            .get(c as usize)
            .is_some_and(|m| m & self.occupied[1 - us] == 0)
        {
            return false;
        }
        let slots = &self.rules.capture.neighbour_slots;
        slots.iter().any(|&d| self.enclosed_run(c, d, us) > 0)
    }

    /// `drop-enclosing` where the board fits a mask (`neighbour_rays`): every cell
    /// where a piece of `us` would close a line of enemy pieces, found for the whole
    /// board at once by shifting masks along each step (as Reversi programs do).
    pub(super) fn enclosing_cells(&self, us: usize) -> u128 {
        let (own, enemy) = (self.occupied[us], self.occupied[1 - us]);
        let mut cells = 0;
        for &ray in &self.rules.capture.neighbour_rays {
            let shift = |x: u128| shifted(x, ray);
            let mut run = shift(own) & enemy;
            loop {
                let longer = run | shift(run) & enemy;
                if longer == run {
                    break;
                }
                run = longer;
            }
            cells |= shift(run);
        }
        cells & !(own | enemy)
    }

    /// `drop-next-to-own` where the board fits a mask (`neighbour_rays`): every cell
    /// next to a piece of `us`, found at once.
    pub(super) fn cells_next_to_own(&self, us: usize) -> u128 {
        let own = self.occupied[us];
        (self.rules.capture.neighbour_rays.iter()).fold(0, |cells, &ray| cells | shifted(own, ray))
    }

    /// `drop-next-to-own`: a piece of `us` stands next to `c`.
    pub(super) fn next_to_own(&self, c: Cell, us: usize) -> bool {
        if let Some(m) = self.rules.capture.neighbour_masks.get(c as usize) {
            return m & self.occupied[us] != 0;
        }
        let slots = &self.rules.capture.neighbour_slots;
        (slots.iter()).any(|&d| self.rules.unit_step(c, d).is_some_and(|n| self.own(n, us)))
    }

    /// Turn over what the piece that has just arrived on `to` flips (nothing when
    /// it left the board), and note how many turned. (Kept out of `make`, so that
    /// games without flips keep its code small.)
    #[inline(never)]
    pub(super) fn flip_around(&mut self, to: Option<Cell>) {
        let start = self.flipped.len();
        if let Some(to) = to {
            self.turn_around(to);
        }
        let turned = self.flipped.len() - start;
        self.flipped.push(turned as Cell);
    }

    /// Turn over the enemy pieces the piece on `to` flips, pushing their cells.
    fn turn_around(&mut self, to: Cell) {
        let p = self.board[to as usize];
        let Some(rule) = self.rules.capture.flips[kind_of(p)] else {
            return;
        };
        let us = side_of(p);
        let start = self.flipped.len();
        let rules = self.rules;
        for &d in &rules.capture.neighbour_slots {
            let len = match rule {
                Flip::Lines => self.enclosed_run(to, d, us),
                Flip::Neighbours => {
                    usize::from(rules.unit_step(to, d).is_some_and(|n| self.turnable(n, us)))
                }
            };
            let mut at = to;
            for _ in 0..len {
                let Some(next) = rules.unit_step(at, d) else {
                    break;
                };
                self.flipped.push(next);
                at = next;
            }
        }
        for i in start..self.flipped.len() {
            let c = self.flipped[i];
            let q = self.remove(c);
            self.place(c, code(us, kind_of(q)));
        }
    }

    /// Turn back what the last move turned over, to the side of the player whose
    /// move is taken back (the side to move is already that player again). (Kept
    /// out of `unmake`, as `flip_around` out of `make`.)
    #[inline(never)]
    pub(super) fn unflip(&mut self) {
        let them = 1 - self.side;
        let turned = self.flipped.pop().unwrap_or(0);
        for _ in 0..turned {
            let Some(c) = self.flipped.pop() else {
                return;
            };
            let q = self.remove(c);
            self.place(c, code(them, kind_of(q)));
        }
    }
}
