//! Drops that set up an army (Placement): `split-colours`, which keeps a kind's
//! pieces half on each colour of cell, and `castle-by-drop`, which gives a castling
//! right once its royal piece and partner are dropped on their start cells.

use super::{code, kind_of, side_of, Move, Position};
use crate::compile::Cell;

impl Position<'_> {
    /// Under `split-colours`: keep the drops that leave each such kind able to
    /// stand half on each colour: one of the kind not on a colour holding its half
    /// already, another piece not where it leaves too few empty cells of a colour
    /// for the kind's pieces still in hand.
    pub(super) fn keep_split_colour_drops(&self, out: &mut Vec<Move>) {
        let split = self.rules.hand.split_colours;
        if split == 0 {
            return;
        }
        out.retain(|m| match m.from_hand() {
            None => true,
            Some(kind) if split >> kind & 1 != 0 => self.colour_has_room(kind, m.to),
            Some(_) => self.room_left_for_split(m.to),
        });
    }

    /// The side to move's pieces of `kind`: on the board per colour, and in all.
    fn split_counts(&self, kind: usize) -> ([usize; 2], usize) {
        let (us, hand) = (self.side, &self.rules.hand);
        let want = code(us, kind);
        let mut on = [0usize; 2];
        for &c in &self.lists[us] {
            if self.board[c as usize] == want {
                on[hand.colour_of[c as usize] as usize] += 1;
            }
        }
        let held = self.reserve[us * self.rules.kinds + kind] as usize;
        (on, on[0] + on[1] + held)
    }

    /// A piece of a split kind dropped on `to`: its colour keeps at most half
    /// (rounded up) of the kind's pieces.
    fn colour_has_room(&self, kind: usize, to: Cell) -> bool {
        let (on, all) = self.split_counts(kind);
        on[self.rules.hand.colour_of[to as usize] as usize] < all.div_ceil(2)
    }

    /// Another piece dropped on `to`: each split kind keeps, on its cells of each
    /// colour and the empty ones among its drop cells, room for half its pieces.
    fn room_left_for_split(&self, to: Cell) -> bool {
        let (us, hand) = (self.side, &self.rules.hand);
        let mut kinds = hand.split_colours;
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let (mut room, all) = self.split_counts(kind);
            for &c in &hand.drop_cells[us * self.rules.kinds + kind] {
                if c != to && self.board[c as usize] == 0 {
                    room[hand.colour_of[c as usize] as usize] += 1;
                }
            }
            if room[0] < all / 2 || room[1] < all / 2 {
                return false;
            }
        }
        true
    }

    /// Under `castle-by-drop`, after a drop on `to`: each castling of the dropper
    /// whose start cells now hold its royal piece and a partner of the kinds, one
    /// of them just dropped, gains its right.
    pub(super) fn castle_by_drop(&mut self, to: Cell) {
        let rules = self.rules;
        let us = 1 - self.side;
        let ours = |p: u8| p != 0 && p != rules.wall_code && side_of(p) == us;
        for (i, c) in self.castles.rules.iter().enumerate() {
            if c.side != us || (to != c.king_from && to != c.rook_from) {
                continue;
            }
            let (king, rook) = (
                self.board[c.king_from as usize],
                self.board[c.rook_from as usize],
            );
            let complete = ours(king)
                && ours(rook)
                && rules.royal[kind_of(king)]
                && rules.hand.castle_by_drop >> kind_of(rook) & 1 != 0;
            if complete && self.castling & (1 << i) == 0 {
                self.castling |= 1 << i;
                self.hash ^= rules.zobrist.castling[i];
            }
        }
    }
}
