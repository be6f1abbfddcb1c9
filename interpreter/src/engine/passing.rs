//! Passing: under `pass` a turn may be a pass, which moves nothing. It is no
//! escape from check, except that with the royal pieces facing (the `facing` end
//! rule) the player to move must part them or pass, and a pass then ends the
//! game. Under `double-pass` two passes in a row end it. Where an end rule counts
//! them, the passes just made are part of the position: its hash and its FEN
//! (`pass`, `pass-pass`).

use super::{kind_of, side_of, Move, MoveKind, Position, MAX_CAPTURES};
use crate::model::Side;

impl Position<'_> {
    /// The pass, when the player may pass: not in check, unless the royal pieces
    /// face each other under the `facing` rule.
    pub(super) fn add_pass(&self, out: &mut Vec<Move>) {
        if self.rules.definition.pass_when_stuck {
            return;
        }
        self.push_pass(out);
    }

    /// Under `pass when-stuck`, once every other rule has had its say: the pass,
    /// when no move is left.
    #[cold]
    #[inline(never)]
    pub(super) fn add_pass_when_stuck(&self, out: &mut Vec<Move>) {
        if self.rules.definition.pass_when_stuck && out.is_empty() {
            self.push_pass(out);
        }
    }

    fn push_pass(&self, out: &mut Vec<Move>) {
        let us = self.side;
        // named by the first royal piece, or else by the first piece in board
        // order (Fairy-Stockfish's)
        let Some(&cell) = self.royals[us].first().or(self.lists[us].iter().min()) else {
            return;
        };
        let free = self.rules.goals.facing.is_some() && self.royals_face();
        if free || !self.in_check(Side::from_index(us)) {
            out.push(Move::new(cell, cell, MoveKind::Pass));
        }
    }

    /// Under `facing`, with the royal pieces facing: only the moves that part them
    /// (and the pass) remain.
    pub(super) fn keep_parting_moves(&mut self, out: &mut Vec<Move>) {
        if self.rules.goals.facing.is_none() || !self.royals_face() {
            return;
        }
        out.retain(|&m| {
            self.make(m);
            let parted = !self.royals_face();
            self.unmake();
            parted
        });
    }

    /// Give the turn to the opponent without moving (a search's null move, whether
    /// or not the rules allow a pass); `unmake` takes it back. False when the side
    /// to move has no piece to pass with.
    pub fn make_null(&mut self) -> bool {
        let us = self.side;
        let Some(&cell) = self.royals[us].first().or(self.lists[us].first()) else {
            return false;
        };
        self.make_pass(Move::new(cell, cell, MoveKind::Pass));
        true
    }

    /// Whether a royal piece of each side stands on one file with nothing between.
    pub fn royals_face(&self) -> bool {
        let rules = self.rules;
        let up = crate::model::Offset::new(0, 1);
        self.royals[0].iter().any(|&from| {
            let mut at = from;
            while let Some(next) = rules.step(at, up) {
                let p = self.board[next as usize];
                if p != 0 {
                    return side_of(p) == 1 && rules.royal[kind_of(p)];
                }
                at = next;
            }
            false
        })
    }

    /// Play a pass: nothing moves; the last move's traces go, the clock runs.
    pub(super) fn make_pass(&mut self, m: Move) {
        let rules = self.rules;
        let mover = self.board[m.from as usize];
        self.save_sum();
        let undo = self.undo_record(m, mover);
        self.clear_last_traces();
        self.halfmove = self.halfmove.saturating_add(1);
        if rules.goals.passes_counted() {
            self.hash ^= self.passes_key();
            self.passes = (self.passes + 1).min(2);
            self.hash ^= self.passes_key();
        }
        self.end_turn(&m, mover, &[0; MAX_CAPTURES]);
        self.history.push(undo);
    }

    /// After any other move: no passes just made.
    #[inline(always)]
    pub(super) fn clear_passes(&mut self) {
        if self.passes != 0 {
            self.reset_passes();
        }
    }

    #[cold]
    #[inline(never)]
    fn reset_passes(&mut self) {
        self.hash ^= self.passes_key();
        self.passes = 0;
    }

    /// The key a position repeats by: its hash without the passes just made (a pass
    /// that could end the game by `double-pass` does not make a position new, as in
    /// Fairy-Stockfish), and without en passant unless `en_passant` (one is possible).
    pub fn repetition_key(&self, en_passant: bool) -> u64 {
        let hash = if en_passant {
            self.hash()
        } else {
            self.hash_without_en_passant()
        };
        hash ^ self.passes_key()
    }

    /// The passes just made, in the hash.
    pub(super) fn passes_key(&self) -> u64 {
        if self.passes == 0 {
            0
        } else {
            crate::random::mix(self.rules.zobrist.passes ^ u64::from(self.passes))
        }
    }

    /// ` pass` or ` pass-pass` after the en-passant field, or nothing.
    pub(super) fn passes_fen(&self) -> &'static str {
        match self.passes {
            0 => "",
            1 => " pass",
            _ => " pass-pass",
        }
    }

    /// The passes just made, one after the other (counted only where an end rule
    /// looks at them).
    pub fn passes(&self) -> u8 {
        self.passes
    }
}
