//! Mutual destruction: the mover removes an adjacent enemy and itself.

use super::super::{kind_of, side_of, Move, MoveKind, Position};
use crate::compile::Cell;

impl Position<'_> {
    /// Mutual destruction with an adjacent enemy of the kinds in `victims`.
    pub(in crate::engine) fn destructions(
        &self,
        us: usize,
        from: Cell,
        victims: u64,
        out: &mut Vec<Move>,
    ) {
        for &a in &self.rules.board.neighbours[from as usize] {
            let q = self.board[a as usize];
            if q != 0 && side_of(q) != us && victims & (1 << kind_of(q)) != 0 {
                out.push(
                    Move::new(from, a, MoveKind::Destruction)
                        .with_capture(a)
                        .with_capture(from),
                );
            }
        }
    }
}
