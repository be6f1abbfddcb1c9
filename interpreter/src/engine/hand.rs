//! Pieces in hand: a drop is a whole turn, one piece from the player's hand put on an
//! empty cell its kind may drop on. Captured pieces join the captor's hand as their
//! `captured-as` kind. The counts live in `Position::reserve` (hashed, in the FEN's
//! `[...]`).

use super::legality::DropMates;
use super::movegen::MoveSink;
use super::{code, kind_of, side_of, Move, Position, Undo, MAX_CAPTURES};
use crate::compile::{CapturedGoTo, Cell};

/// Which rule on its neighbours a drop must obey now.
#[derive(Clone, Copy)]
enum Placement {
    /// None.
    Anywhere,
    /// `first-drops-in`, while a cell of its zone is empty: only there.
    FirstCells,
    /// `drop-enclosing`, `drop-next-to-own`.
    Neighbours,
}

impl Position<'_> {
    /// Where a captured piece `p` goes, for a capture by `captor` (`delta` 1) or its
    /// undoing (`delta` -1).
    #[inline]
    pub(super) fn keep_captured(&mut self, p: u8, captor: usize, delta: i8) {
        match self.rules.hand.captured_go_to {
            CapturedGoTo::Nowhere => {}
            CapturedGoTo::OwnersReserve => self.adjust_reserve(side_of(p), kind_of(p), delta),
            CapturedGoTo::CaptorsHand => {
                if side_of(p) != captor {
                    let kind = self.rules.hand.captured_as[kind_of(p)] as usize;
                    self.adjust_reserve(captor, kind, delta);
                }
            }
        }
    }

    /// Add every drop of the side to move: each kind in hand on each empty cell it
    /// may drop on, not on a file where `one-per-file` forbids it, and where the
    /// rules on a drop's neighbours allow it.
    pub(super) fn hand_drops<S: MoveSink + ?Sized>(&self, out: &mut S) {
        let us = self.side;
        let hand = &self.rules.hand;
        if !self.rules.capture.neighbour_rays.is_empty() && self.drops_by_masks(out) {
            return;
        }
        let placed = self.placement();
        let anywhere = matches!(placed, Placement::Anywhere);
        let mut held = self.in_reserve[us];
        let kinds = self.rules.kinds;
        while held != 0 {
            let kind = held.trailing_zeros() as usize;
            held &= held - 1;
            let files = if hand.one_per_file >> kind & 1 != 0 {
                self.files_holding(us, kind)
            } else {
                0
            };
            let faces = hand.drop_promoted.get(us * kinds + kind);
            let faces = faces.map_or(&[][..], |f| &f[..]);
            for &c in &hand.drop_cells[us * kinds + kind] {
                let blocked = files != 0 && files >> hand.file_of[c as usize] & 1 != 0
                    || hand.below.as_ref().is_some_and(|below| {
                        below[c as usize].is_some_and(|b| self.board[b as usize] == 0)
                    });
                let allowed = anywhere || self.placement_allows(placed, c);
                if self.board[c as usize] == 0 && !blocked && allowed {
                    out.push(Move::dropping(c, kind));
                    for &face in faces {
                        out.push(Move::dropping(c, kind).with_promotion(Some(usize::from(face))));
                    }
                }
            }
        }
    }

    /// Under `drop-enclosing` or `drop-next-to-own` where `neighbour_rays` are
    /// compiled: the drops of the side to move, each kind in hand on each empty cell
    /// of its zone that the rules allow, found for the whole board at once. False,
    /// adding nothing, while `first-drops-in` rules instead. (Kept out of
    /// `hand_drops`, as `placement_allows`.)
    #[inline(never)]
    fn drops_by_masks<S: MoveSink + ?Sized>(&self, out: &mut S) -> bool {
        if !matches!(self.placement(), Placement::Neighbours) {
            return false;
        }
        let us = self.side;
        let hand = &self.rules.hand;
        let mut cells = !0u128;
        if hand.next_to_own {
            cells &= self.cells_next_to_own(us);
        }
        if hand.enclosing {
            cells &= self.enclosing_cells(us);
        }
        let kinds = self.rules.kinds;
        let mut held = self.in_reserve[us];
        while held != 0 {
            let kind = held.trailing_zeros() as usize;
            held &= held - 1;
            let faces = hand.drop_promoted.get(us * kinds + kind);
            let faces = faces.map_or(&[][..], |f| &f[..]);
            let zone = hand.drop_masks.get(us * kinds + kind).copied().unwrap_or(0);
            let mut bits = cells & zone;
            while bits != 0 {
                let c = bits.trailing_zeros() as Cell;
                bits &= bits - 1;
                // a wall is no piece: the masks see its cell empty
                if self.board[c as usize] != 0 {
                    continue;
                }
                out.push(Move::dropping(c, kind));
                for &face in faces {
                    out.push(Move::dropping(c, kind).with_promotion(Some(usize::from(face))));
                }
            }
        }
        true
    }

    /// What the rules on a drop's neighbours ask of the side to move now.
    fn placement(&self) -> Placement {
        let hand = &self.rules.hand;
        let first = &hand.first_cells[self.side];
        if first.iter().any(|&c| self.board[c as usize] == 0) {
            Placement::FirstCells
        } else if hand.enclosing || hand.next_to_own {
            Placement::Neighbours
        } else {
            Placement::Anywhere
        }
    }

    /// Whether a drop on the empty cell `c` obeys `placement`. (Kept out of
    /// `hand_drops`, which shogi's and crazyhouse's leaves count through.)
    #[inline(never)]
    fn placement_allows(&self, placement: Placement, c: Cell) -> bool {
        let hand = &self.rules.hand;
        match placement {
            Placement::Anywhere => true,
            Placement::FirstCells => hand.first_cells[self.side].contains(&c),
            Placement::Neighbours => {
                (!hand.next_to_own || self.next_to_own(c, self.side))
                    && (!hand.enclosing || self.encloses(c, self.side))
            }
        }
    }

    /// The files where `side` has a piece of `kind`, as a mask.
    fn files_holding(&self, side: usize, kind: usize) -> u64 {
        let want = code(side, kind);
        let hand = &self.rules.hand;
        let mut count = [0u8; 64];
        let mut full = 0u64;
        for &c in self.lists[side]
            .iter()
            .filter(|&&c| self.board[c as usize] == want)
        {
            let file = (hand.file_of[c as usize] & 63) as usize;
            count[file] = count[file].saturating_add(1);
            if count[file] >= hand.per_file {
                full |= 1 << file;
            }
        }
        full
    }

    /// Play a drop: the piece leaves the hand for the board (as the kind its
    /// promotion makes, for a promoted drop).
    pub(super) fn make_drop(&mut self, m: Move, kind: usize) {
        let rules = self.rules;
        let us = self.side;
        let placed = m.promotion().unwrap_or(kind);
        self.save_sum();
        let undo = self.undo_record(m, code(us, placed));
        self.history.push(undo);
        self.clear_last_traces();
        self.adjust_reserve(us, kind, -1);
        self.place(m.to, code(us, placed));
        if rules.flags.flips {
            self.flip_around(Some(m.to));
        }
        let irreversible = rules.clock.by_kind[kind] || rules.clock.one_way[kind];
        self.halfmove = if irreversible || rules.clock.on_drop {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        self.end_turn(&m, 0, &[0; MAX_CAPTURES]);
        if rules.hand.castle_by_drop != 0 {
            self.castle_by_drop(m.to);
        }
    }

    /// Take a drop's piece back to the hand (the side to move is already the
    /// dropper's again; `unmake` restores the rest).
    pub(super) fn unmake_drop(&mut self, u: &Undo, kind: usize) {
        self.lift_back(u.mv.to);
        self.adjust_reserve(self.side, kind, 1);
    }

    /// Under `must-drop`: while the hand holds a piece of the compulsory kinds, a
    /// drop of another kind is no move, and neither is a move while such a drop is
    /// legal.
    pub(super) fn keep_compulsory_drops(&self, out: &mut Vec<Move>) {
        let must = self.rules.hand.must_drop;
        if must & self.in_reserve[self.side] == 0 {
            return;
        }
        let compulsory = |m: &Move| m.from_hand().is_some_and(|k| must >> k & 1 != 0);
        out.retain(|m| m.from_hand().is_none() || compulsory(m));
        if out.iter().any(compulsory) {
            out.retain(compulsory);
        }
    }

    /// Under `no-drop-check`: no drop from the hand gives check.
    pub(super) fn keep_drops_without_check(&mut self, out: &mut Vec<Move>) {
        if !self.rules.hand.no_drop_check {
            return;
        }
        let them = crate::model::Side::from_index(1 - self.side);
        out.retain(|&m| {
            m.from_hand().is_none() || {
                self.make(m);
                let check = self.in_check(them);
                self.unmake();
                !check
            }
        });
    }

    /// Drop no kind listed in `no-drop-mate` so as to checkmate: such a drop that
    /// gives check is played out, and kept only if the opponent has a legal reply.
    pub(super) fn keep_drops_without_mate(&mut self, out: &mut Vec<Move>) {
        let mask = self.rules.hand.no_drop_mate;
        if mask == 0 {
            return;
        }
        let them = crate::model::Side::from_index(1 - self.side);
        let mut replies = Vec::new();
        let mut keep = 0;
        for i in 0..out.len() {
            let m = out[i];
            let mates = m.from_hand().is_some_and(|k| mask >> k & 1 != 0) && {
                self.make(m);
                let mates = self.in_check(them) && {
                    // The replies need not obey this rule themselves: any legal
                    // reply saves the king, and a reply's own drops are never mate
                    // checks here. A rule that ends the game on the drop (a check
                    // that wins) does not make it a mate: the moves are counted.
                    self.moves_of_unfinished_game(&mut replies, DropMates::Allowed);
                    replies.is_empty()
                };
                self.unmake();
                mates
            };
            if !mates {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }
}
