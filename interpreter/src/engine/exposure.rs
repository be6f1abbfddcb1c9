//! Whether a move leaves its piece where the opponent can take it: the first step
//! of a static exchange, for any capture mode, as the attack test answers it.

use super::{side_of, Move, MoveKind, Position};

impl Position<'_> {
    /// Whether, once `m` is made, the piece it moved could be captured where it
    /// lands, by any of the opponent's capture modes. False for moves that leave no piece of the mover
    /// on their `to` cell (castling, suicide, passes).
    pub fn exposed_after(&mut self, m: Move) -> bool {
        if matches!(
            m.kind,
            MoveKind::Castle | MoveKind::Pass | MoveKind::Suicide
        ) {
            return false;
        }
        let us = self.side;
        let lands = |pos: &Position<'_>| {
            let p = pos.board[m.to as usize];
            p != 0 && p != pos.rules.wall_code && side_of(p) == us && pos.attacked_by(m.to, 1 - us)
        };
        // made in full: the attack test reads the piece lists, which a board
        // changed only for a question would leave stale
        self.make(m);
        let answer = lands(self);
        self.unmake();
        answer
    }
}
