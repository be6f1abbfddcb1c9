//! What a piece does from where it stands, on the board as it is: the cells it
//! moves to and the cells it strikes. The evaluation weighs pieces by it (their
//! mobility now); only a piece that captures
//! by replacement strikes the cell it moves to, so only such pieces are measured.

use super::{kind_of, side_of, Position};
use crate::compile::Cell;

/// A piece's reach on the board as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// The cells it moves to: empty ones by its quiet moves, enemy pieces by its
    /// captures.
    pub moves: u128,
    /// The cells its captures strike, empty or not: where an enemy piece would be
    /// taken, and where an own piece is defended.
    pub strikes: u128,
}

impl Position<'_> {
    /// The reach of the piece on `from`; `None` for an empty cell, a piece that
    /// captures by another mode than replacement, and on boards past 128 cells.
    pub fn reach(&self, from: Cell) -> Option<Reach> {
        let rules = self.rules;
        let q = *self.board.get(from as usize)?;
        if q == 0 || rules.cell_count() > 128 || q == rules.wall_code && rules.flags.wall_cells {
            return None;
        }
        let (us, kind) = (side_of(q), kind_of(q));
        if !self.moves_only_by_replacement(kind) {
            return None;
        }
        let (own, enemy) = (self.occupied[us], self.occupied[1 - us]);
        let mut reach = Reach::default();
        for ray in rules.rays_of(us, kind, from) {
            for &t in self.ray_reach(ray, kind) {
                let bit = 1u128 << t;
                if ray.capture {
                    reach.strikes |= bit;
                    reach.moves |= bit & enemy;
                }
                if self.board[t as usize] != 0 {
                    break;
                }
                if ray.quiet {
                    reach.moves |= bit;
                }
            }
        }
        reach.moves &= !own;
        Some(reach)
    }
}
