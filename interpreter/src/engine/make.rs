//! Make and unmake: a move, a drop or a pass played and taken back. Every turn ends
//! the same way (`end_turn`), and `unmake` restores what the undo record kept.

use super::{
    code, counting, drops, kind_of, side_of, EnPassant, Move, MoveKind, Position, MAX_CAPTURES,
    NO_SWAP_BAN,
};
use crate::compile::Cell;

impl<'r> Position<'r> {
    /// What `unmake` needs to restore before `m` is made (captures filled in later).
    #[inline]
    pub(super) fn undo_record(&self, m: Move, mover: u8) -> Undo {
        Undo {
            mv: m,
            mover,
            swap_ban: self.swap_ban,
            captured: [0; MAX_CAPTURES],
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
            weighed: self.weighed,
            marked: self.marked,
            drops: self.drops,
            checks: self.checks,
            gates: self.gates,
            rights: self.rights,
            passes: self.passes,
            count: self.count,
            duck: self.duck,
        }
    }

    /// Play a legal move (a drop, a pass): `unmake` takes it back.
    pub fn make(&mut self, m: Move) {
        if let Some(kind) = m.from_hand() {
            self.make_drop(m, kind);
            self.clear_passes();
            return;
        }
        if m.kind == MoveKind::Pass {
            self.make_pass(m);
            return;
        }
        let rules = self.rules;
        let mover = self.board[m.from as usize];
        self.save_sum();
        let mut undo = self.undo_record(m, mover);
        let castle_clear = &self.castles.clear;
        let mut clear = castle_clear[m.from as usize] | castle_clear[m.to as usize];
        for (i, &c) in m.captures().iter().enumerate() {
            if rules.flags.two_cell {
                self.unlink_victim(c);
            }
            let p = self.remove(c);
            undo.captured[i] = p;
            clear |= self.castles.clear[c as usize];
            if rules.flags.reserves {
                self.keep_captured(p, self.side, 1);
            }
        }
        self.lift_swap_ban();
        clear |= self.move_pieces(&m, mover);
        if rules.flags.flips {
            self.flip_around(self.arrival(&m));
        }
        if rules.capture.petrify != 0 && self.petrifies(&m, mover) {
            self.petrify(m.to);
        }
        self.lose_castling(clear);
        self.close_en_passant();
        self.open_en_passant(&m);
        self.run_clock(&m, kind_of(mover));
        if let Some(c) = self.wall_of(&m) {
            self.put_wall(c);
        }
        if rules.flags.drops {
            self.drops_after_move(&m, mover, &undo.captured);
        }
        if rules.flags.gating {
            self.gate_after_move(&m);
        }
        if rules.flags.first_moves {
            self.rights_after_move(&m, mover);
        }
        self.end_turn(&m, mover, &undo.captured);
        self.clear_passes();
        self.history.push(undo);
        if rules.clock.on_forcing_check && self.halfmove > 0 && !self.answering_check {
            self.reset_after_forcing_check();
        }
    }

    /// The mover (and a castling's partner, a swap's, a converted piece) to its
    /// new cells; the castling rights the cells it touched held.
    #[inline(always)]
    fn move_pieces(&mut self, m: &Move, mover: u8) -> u32 {
        let mut clear = 0;
        if let Some(c) = m.converted() {
            let p = self.remove(c);
            self.place(c, code(self.side, kind_of(p)));
            clear |= self.castles.clear[c as usize];
        }
        if let Some(rule) = m.castle_rule() {
            let c = &self.castles.rules[rule];
            let (kf, kt, rf, rt) = (c.king_from, c.king_to, c.rook_from, c.rook_to);
            let king = self.remove(kf);
            let rook = self.remove(rf);
            self.place(kt, king);
            self.place(rt, rook);
            clear |= self.castles.clear[rf as usize];
        } else if matches!(
            m.kind,
            MoveKind::Suicide | MoveKind::Destruction | MoveKind::Explosion
        ) {
            // The piece went with the captures.
        } else if let Some((from, to)) = m.two_cell_ends() {
            self.move_two_cell(from, to);
        } else if m.kind == MoveKind::Swap {
            self.swap(m, mover);
        } else {
            self.remove(m.from);
            let piece = match m.promotion() {
                Some(k) => self.promote(mover, k),
                None => mover,
            };
            self.place(m.to, piece);
        }
        clear
    }

    /// The swap of the mover with its partner, banning the swap back if the
    /// partner could make it.
    #[inline(always)]
    fn swap(&mut self, m: &Move, mover: u8) {
        let partner = self.remove(m.to);
        self.remove(m.from);
        self.place(m.to, mover);
        self.place(m.from, partner);
        if self.swap_back_possible(mover, partner) {
            self.swap_ban = (m.from, m.to);
            self.hash ^= self.swap_ban_key();
        }
    }

    /// The piece `mover` becomes by promoting to `kind`, taken from the reserve or
    /// the queue where the promotion takes it from there.
    #[inline(always)]
    fn promote(&mut self, mover: u8, kind: usize) -> u8 {
        if self.uses_reserve(kind_of(mover)) {
            self.adjust_reserve(self.side, kind, -1);
        }
        if let Some(end) = self.promotes_from_queue(kind_of(mover)) {
            self.take_from_queue(self.side, end);
        }
        code(self.side, kind)
    }

    /// The castling rights in `clear` go.
    #[inline(always)]
    fn lose_castling(&mut self, clear: u32) {
        let lost = self.castling & clear;
        if lost != 0 {
            for i in 0..self.castles.rules.len() {
                if lost & (1 << i) != 0 {
                    self.hash ^= self.rules.zobrist.castling[i];
                }
            }
            self.castling &= !clear;
        }
    }

    /// After a double step, the cells it passed are capturable en passant, unless
    /// the piece promoted on arrival to a kind that takes no part in en passant.
    #[inline(always)]
    fn open_en_passant(&mut self, m: &Move) {
        let rules = self.rules;
        if let Some((start, len)) = m.passed_range() {
            if !rules.en_passant[kind_of(self.board[m.to as usize])] {
                return;
            }
            let passed = &rules.moves.cells[start..][..len];
            for (i, &c) in passed.iter().enumerate() {
                self.ep.cells[i] = c;
                self.hash ^= rules.zobrist.en_passant[c as usize];
            }
            self.ep.len = len as u8;
            self.ep.victim = m.to;
        }
    }

    /// The halfmove clock: reset by what the rules say resets it (a capture, a
    /// kind's move, a lock, a promotion), else one more.
    #[inline(always)]
    fn run_clock(&mut self, m: &Move, kind: usize) {
        let rules = self.rules;
        let took = m.ncap() > 0 || m.converted().is_some();
        let locks = rules.clock.on_lock && self.arrival(m).is_some_and(|c| self.locked(c));
        let promotes = rules.clock.on_promotion
            && m.promotion()
                .is_some_and(|k| rules.clock.turns_back[kind] >> k & 1 == 0);
        let one_way = rules.clock.one_way[kind] && {
            let index = (self.side * rules.kinds + kind) * rules.board.cells.len();
            !rules.clock.reversible(index + m.to as usize, m.from)
        };
        if (took && rules.clock.on_capture)
            || rules.clock.by_kind[kind]
            || locks
            || promotes
            || one_way
        {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
    }

    /// The last turn's traces go, as every turn begins: the swap back it banned
    /// and the cells it left capturable en passant.
    #[inline(always)]
    pub(super) fn clear_last_traces(&mut self) {
        self.lift_swap_ban();
        self.close_en_passant();
    }

    /// The swap back the last turn banned is allowed again.
    #[inline(always)]
    fn lift_swap_ban(&mut self) {
        self.hash ^= self.swap_ban_key();
        self.swap_ban = NO_SWAP_BAN;
    }

    /// The cells the last turn left capturable en passant are no longer.
    #[inline(always)]
    fn close_en_passant(&mut self) {
        let rules = self.rules;
        for &c in &self.ep.cells[..self.ep.len as usize] {
            self.hash ^= rules.zobrist.en_passant[c as usize];
        }
        self.ep = EnPassant::NONE;
    }

    /// How every turn ends, a move, a drop or a pass: the move number, the side to
    /// move, the checks given and the `counting` count (with the pieces the turn
    /// took, `captured`, and the kind that promoted, if any).
    #[inline(always)]
    pub(super) fn end_turn(&mut self, m: &Move, mover: u8, captured: &[u8; MAX_CAPTURES]) {
        let rules = self.rules;
        if self.side == 1 {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side ^= 1;
        self.hash ^= rules.zobrist.side;
        if rules.goals.checks.is_some() {
            self.count_check();
        }
        if rules.flags.counting {
            let promoted = m.promotion().map(|_| kind_of(mover));
            self.count_move(&captured[..m.ncap()], promoted);
        }
    }

    /// Under `reset-by forcing-check`: a move that gives check, when every legal
    /// answer resets the count, resets it itself (the answer cannot be undone
    /// without one; unmade with the move).
    pub(super) fn reset_after_forcing_check(&mut self) {
        let them = self.side_to_move();
        if !self.in_check(them) {
            return;
        }
        // the answers, and the moves tried to find them, are not looked at so
        self.answering_check = true;
        let mut answers = Vec::new();
        self.legal_moves(&mut answers);
        let forced = answers.into_iter().all(|m| {
            self.make(m);
            let resets = self.halfmove == 0;
            self.unmake();
            resets
        });
        self.answering_check = false;
        if forced {
            self.halfmove = 0;
        }
    }

    /// The cell the moving piece stands on after the move (the royal piece's, for a
    /// castling); none when it left the board.
    pub fn arrival(&self, m: &Move) -> Option<Cell> {
        match m.kind {
            MoveKind::Suicide | MoveKind::Destruction | MoveKind::Explosion => None,
            MoveKind::Castle => m.castle_rule().map(|i| self.castles.rules[i].king_to),
            _ => Some(m.to),
        }
    }

    /// Take back the last move made. Does nothing when no move was made.
    pub fn unmake(&mut self) {
        let Some(u) = self.history.pop() else { return };
        self.side ^= 1;
        if self.rules.flags.flips && u.mv.kind != MoveKind::Pass {
            self.unflip();
        }
        if let Some(kind) = u.mv.from_hand() {
            self.unmake_drop(&u, kind);
        } else if u.mv.kind != MoveKind::Pass {
            self.unmake_pieces(&u);
        }
        self.restore(&u);
        self.restore_sum();
    }

    /// Everything besides the pieces, as the undo record kept it.
    #[inline(always)]
    fn restore(&mut self, u: &Undo) {
        self.passes = u.passes;
        self.count = u.count;
        self.gates = u.gates;
        self.rights = u.rights;
        self.drops = u.drops;
        self.swap_ban = u.swap_ban;
        self.castling = u.castling;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.fullmove = u.fullmove;
        self.checks = u.checks;
        self.hash = u.hash;
        self.weighed = u.weighed;
        self.marked = u.marked;
    }

    /// The pieces of a move (not a drop from the hand, not a pass) put back.
    #[inline(always)]
    fn unmake_pieces(&mut self, u: &Undo) {
        let rules = self.rules;
        let m = u.mv;
        if let Some(c) = self.wall_of(&m) {
            self.take_wall(c, u.duck);
        }
        if rules.capture.petrify != 0 && self.petrifies(&m, u.mover) {
            self.unpetrify(&m, u.mover);
        }
        if let Some(c) = self.drop_cell(&m) {
            let p = self.lift_back(c);
            if rules.flags.gating {
                self.adjust_reserve(self.side, kind_of(p), 1);
            }
        }
        if let Some(rule) = m.castle_rule() {
            let c = &self.castles.rules[rule];
            let (kf, kt, rf, rt) = (c.king_from, c.king_to, c.rook_from, c.rook_to);
            let king = self.lift_back(kt);
            let rook = self.lift_back(rt);
            self.put_back(kf, king);
            self.put_back(rf, rook);
        } else if matches!(
            m.kind,
            MoveKind::Suicide | MoveKind::Destruction | MoveKind::Explosion
        ) {
            // The piece comes back with the captures below.
        } else if let Some((from, to)) = m.two_cell_ends() {
            self.move_two_cell(to, from);
        } else if m.kind == MoveKind::Swap {
            let partner = self.lift_back(m.from);
            self.lift_back(m.to);
            self.put_back(m.from, u.mover);
            self.put_back(m.to, partner);
        } else {
            self.lift_back(m.to);
            self.put_back(m.from, u.mover);
            if let Some(k) = m.promotion() {
                if self.uses_reserve(kind_of(u.mover)) {
                    self.adjust_reserve(self.side, k, 1);
                }
            }
        }
        if let Some(c) = m.converted() {
            let p = self.lift_back(c);
            self.put_back(c, code(1 - self.side, kind_of(p)));
        }
        for (i, &c) in m.captures().iter().enumerate().rev() {
            let p = u.captured[i];
            self.put_back(c, p);
            if rules.flags.reserves {
                self.keep_captured(p, self.side, -1);
            }
        }
        if rules.flags.two_cell {
            self.relink_victims(m.captures(), &u.captured);
        }
    }

    /// Whether a kind's promotions take pieces from the reserve.
    #[inline]
    pub(super) fn uses_reserve(&self, kind: usize) -> bool {
        self.rules.flags.reserves
            && self
                .rules
                .promotion_of(self.side, kind)
                .is_some_and(|p| p.from_captured)
    }

    /// After `mover` swapped with `partner`: whether the partner, an enemy, could swap
    /// straight back (a swapper, or a chameleon facing a swapper), which is banned for
    /// one move.
    pub(super) fn swap_back_possible(&self, mover: u8, partner: u8) -> bool {
        let r = self.rules;
        if side_of(mover) == side_of(partner) {
            return false;
        }
        let (m, p) = (kind_of(mover), kind_of(partner));
        r.capture.modes[p].swap
            || (r.capture.chameleon_kinds & (1 << p) != 0 && r.capture.mimicry.swap & (1 << m) != 0)
    }
}

#[derive(Clone, Copy)]
pub(super) struct Undo {
    pub(super) mv: Move,
    pub(super) mover: u8,
    pub(super) swap_ban: (Cell, Cell),
    pub(super) captured: [u8; MAX_CAPTURES],
    pub(super) castling: u32,
    pub(super) ep: EnPassant,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) hash: u64,
    /// The running sums of the evaluation's weights and of the structure's marks.
    pub(super) weighed: i64,
    pub(super) marked: u64,
    pub(super) drops: drops::DropState,
    pub(super) checks: [u8; 2],
    pub(super) gates: [u32; 2],
    pub(super) rights: [u32; 2],
    pub(super) passes: u8,
    pub(super) count: counting::Count,
    /// Under `walls duck`, where the duck stood.
    pub(super) duck: Cell,
}
