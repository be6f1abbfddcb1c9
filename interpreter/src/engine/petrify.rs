//! `petrifies`: a piece of these kinds that captures turns to stone, a wall on
//! the cell where it ended (the walls of `walls.rs`, put by no turn of their own).
//! The kind that moved decides, not the kind it promoted to.

use super::{code, kind_of, Move, Position};
use crate::compile::Cell;

impl Position<'_> {
    /// Whether `m`, a move of the piece `mover`, ends with it turned to stone.
    #[inline(always)]
    pub(super) fn petrifies(&self, m: &Move, mover: u8) -> bool {
        self.rules.capture.petrify >> kind_of(mover) & 1 != 0
            && m.ncap() > 0
            && self.arrival(m) == Some(m.to)
    }

    /// The piece just moved to `c` becomes a wall.
    pub(super) fn petrify(&mut self, c: Cell) {
        self.remove(c);
        self.set_wall(c, true);
    }

    /// Before unmaking `m`, a move of `mover` that petrified: the wall becomes the
    /// piece that stood there again.
    pub(super) fn unpetrify(&mut self, m: &Move, mover: u8) {
        self.set_wall(m.to, false);
        let piece = m.promotion().map_or(mover, |k| code(self.side, k));
        self.place(m.to, piece);
    }
}
