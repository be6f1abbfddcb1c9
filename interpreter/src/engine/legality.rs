//! Legal moves: the pseudo-legal moves that leave the mover's royal pieces safe.
//!
//! With line attacks only (orthodox pieces), pins and checks are read off the
//! reverse attack tables and only royal moves, pinned pieces and unusual moves are
//! played out. On the general path (capture modes), the threats to the royal
//! pieces are found once per position (`keep_legal_by_threats`) and a move is played
//! out only when it touches a threat's cells; on boards too large for reach masks
//! every move is made and the attack test run, each enemy piece first passing a
//! cheap filter (`may_capture`). The slow filter — every move made, every enemy
//! piece searched — stays as the reference that `legal_moves_cross_checked`
//! compares the fast ones with.

use super::attack::{AttackSearch, ReadMask, Threat};
use super::{cell_bit, kind_of, side_of, Move, MoveKind, Position, MAX_CAPTURES};
use crate::compile::Cell;

/// Where the fast legal move filter and the slow one disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalityMismatch {
    /// The position where the two disagree.
    pub fen: String,
    /// Moves only the fast filter keeps, then moves only the slow one keeps.
    pub only_fast: Vec<String>,
    /// The moves only the slow filter keeps.
    pub only_slow: Vec<String>,
    /// Whether the side to move is in check, by the fast test and the slow one.
    pub in_check: (bool, bool),
    /// The legal moves listed, and their number by perft's bulk count.
    pub count: (u64, u64),
}

impl std::fmt::Display for LegalityMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the fast and slow legality tests disagree at `{}`: only the fast one keeps [{}], only the slow one keeps [{}]",
            self.fen,
            self.only_fast.join(", "),
            self.only_slow.join(", ")
        )?;
        let (fast, slow) = self.in_check;
        if fast != slow {
            write!(
                f,
                "; in check by the fast test: {fast}, by the slow one: {slow}"
            )?;
        }
        let (listed, counted) = self.count;
        if listed != counted {
            write!(f, "; {listed} legal moves listed, {counted} counted")?;
        }
        Ok(())
    }
}

impl Position<'_> {
    /// Keep the moves of `out` that leave the mover's royal pieces safe.
    pub(super) fn keep_legal(&mut self, out: &mut Vec<Move>) {
        let us = self.side;
        if !self.royals_at_stake() {
            return;
        }
        if self.rules.flags.legal_on_board {
            out.retain(|m| self.is_legal_slow(*m));
            return;
        }
        if self.rules.flags.line_attacks_only
            && self.royals[us].len() == 1
            && self.keep_legal_by_pins(out)
        {
            return;
        }
        if self.rules.flags.special && self.keep_legal_by_threats(out) {
            return;
        }
        if !self.rules.flags.special && self.keep_legal_by_reads(out) {
            return;
        }
        out.retain(|m| self.is_legal_slow(*m));
    }

    /// The filter for replacement captures by any rays (hops, lame leaps): the attack
    /// test on each royal piece is run once, noting the cells it reads. A move that
    /// changes none of them, and moves no royal piece, leaves the answer as it was;
    /// the others are tested on the board after them. False (nothing done) on
    /// boards too large for masks.
    fn keep_legal_by_reads(&mut self, out: &mut Vec<Move>) -> bool {
        if self.rules.cell_count() > 128 {
            return false;
        }
        let by = 1 - self.side;
        let mut royals = 0u128;
        let mut reads = ReadMask::default();
        let mut checked = false;
        for &c in &self.royals[self.side] {
            royals |= cell_bit(c);
            checked |= self.royal_attack_reads(c, by, &mut reads);
        }
        let mut keep = 0;
        for i in 0..out.len() {
            let m = out[i];
            let legal = match touched_cells(&m) {
                Some(t) if t & royals == 0 && t & reads.0 == 0 && !self.makes_royal(&m) => !checked,
                // No royal piece, or the mover only: tested where it lands.
                Some(t) if t & royals & !cell_bit(m.from) == 0 && !self.makes_royal(&m) => {
                    self.royals_safe_after(m)
                }
                _ => self.is_legal_slow(m),
            };
            if legal {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
        true
    }

    /// Whether side `by` attacks the royal piece on `cell`, the cells read noted.
    fn royal_attack_reads(&self, cell: Cell, by: usize, reads: &mut ReadMask) -> bool {
        if self.rules.flags.capture_limits {
            self.attackers_reading::<true, _>(cell, by, reads, |_, _| true)
        } else {
            self.attackers_reading::<false, _>(cell, by, reads, |_, _| true)
        }
    }

    /// Whether a move promotes its piece to a royal kind (a royal piece the filters
    /// do not know of yet).
    fn makes_royal(&self, m: &Move) -> bool {
        m.promotion().is_some_and(|k| self.rules.royal[k])
    }

    /// Whether the mover's royal pieces are safe after a move (a royal piece on
    /// `m.from` tested on `m.to`): on the board after a plain move, else made.
    fn royals_safe_after(&mut self, m: Move) -> bool {
        let safe = |p: &Position<'_>| p.royals_safe_on_board(&m, AttackSearch::Filtered);
        match self.board_after(&m, safe) {
            Some(safe) => safe,
            None => self.is_legal_slow(m),
        }
    }

    /// On the board after `m` (`board_after`), whether the mover's royal pieces
    /// are safe, a royal piece on `m.from` tested on `m.to` (no royal pool: its
    /// cells would be the move's before).
    fn royals_safe_on_board(&self, m: &Move, search: AttackSearch) -> bool {
        let (us, by) = (self.side, 1 - self.side);
        !self.royals[us].iter().any(|&c| {
            let c = if c == m.from { m.to } else { c };
            self.attacked_in(c, by, search)
        })
    }

    /// Keep the turns that leave the mover's royal pieces safe once made whole (a
    /// turn's wall or drop may shield them or expose them).
    pub(super) fn keep_legal_turns(&mut self, out: &mut Vec<Move>) {
        if self.royals_at_stake() {
            out.retain(|m| self.is_legal_slow(*m));
        }
    }

    /// The reference filter: make each move and run the whole attack test.
    fn keep_legal_slow(&mut self, out: &mut Vec<Move>) {
        if !self.royals_at_stake() {
            return;
        }
        out.retain(|m| self.is_legal_in::<true>(*m));
    }

    /// Whether a move may be illegal at all: the mover has royal pieces, and the
    /// game is not won by capturing them (where leaving them attacked is allowed).
    pub(super) fn royals_at_stake(&self) -> bool {
        (!self.royals[self.side].is_empty() || self.duple_at_stake(self.side))
            && !self.rules.definition.end.royal_capture
    }

    /// Whether a move leaves the mover's royal pieces safe: made, and the whole
    /// attack test run on them; where the move changes the board only on its
    /// own cells and its victims' (`Flags::relocations`), asked of the board
    /// alone after it.
    pub(super) fn is_legal_slow(&mut self, m: Move) -> bool {
        self.is_legal_in::<false>(m)
    }

    /// `is_legal_slow`; with `EXHAUSTIVE`, the general attack test searches every
    /// enemy piece (`AttackSearch::Exhaustive`).
    #[inline(never)]
    fn is_legal_in<const EXHAUSTIVE: bool>(&mut self, m: Move) -> bool {
        let search = if EXHAUSTIVE {
            AttackSearch::Exhaustive
        } else {
            AttackSearch::Filtered
        };
        let us = self.side;
        if self.rules.flags.explosions && m.kind == MoveKind::Castle && !self.castle_path_safe(m) {
            return false;
        }
        // the exhaustive test is the cross-check's reference: made in full
        if self.rules.flags.relocations && !EXHAUSTIVE {
            let moved = |pos: &Self| pos.royals_safe_on_board(&m, search);
            if let Some(ok) = self.board_after(&m, moved) {
                return ok;
            }
        }
        let royals = (self.royals[us].len(), self.royals[1 - us].len());
        self.make(m);
        let ok = if self.rules.flags.explosions {
            self.safe_after_blast(us, royals, search)
        } else {
            !self.royals[us]
                .iter()
                .any(|&c| self.attacked_in(c, 1 - us, search))
                && !self.duple_checked(us, search)
        };
        self.unmake();
        ok
    }

    /// Every legal move, by the fast filter, after checking that the slow filter
    /// keeps exactly the same moves and that perft's bulk count counts as many.
    pub fn legal_moves_cross_checked(
        &mut self,
        out: &mut Vec<Move>,
    ) -> Result<(), LegalityMismatch> {
        out.clear();
        self.pseudo_moves(out);
        let mut slow = out.clone();
        self.keep_legal_slow(&mut slow);
        let mut fast = out.clone();
        self.keep_legal(&mut fast);
        if self.goal().is_some() {
            slow.clear();
            fast.clear();
        }
        self.keep_checker_captures(&mut slow);
        self.keep_checker_captures(&mut fast);
        self.keep_forced_captures(&mut slow);
        self.keep_forced_captures(&mut fast);
        self.legal_moves(out);
        let text = |ms: Vec<&Move>| ms.into_iter().map(|m| self.move_text(m)).collect();
        let only_fast: Vec<String> = text(fast.iter().filter(|m| !slow.contains(m)).collect());
        let only_slow: Vec<String> = text(slow.iter().filter(|m| !fast.contains(m)).collect());
        let side = crate::model::Side::from_index(self.side);
        let checked_fast = self.in_check(side);
        let checked_slow = self.in_check_by(side, AttackSearch::Exhaustive);
        let count = (out.len() as u64, self.legal_move_count(&mut slow));
        if only_fast.is_empty()
            && only_slow.is_empty()
            && checked_fast == checked_slow
            && count.0 == count.1
        {
            Ok(())
        } else {
            Err(LegalityMismatch {
                fen: self.fen(),
                only_fast,
                only_slow,
                in_check: (checked_fast, checked_slow),
                count,
            })
        }
    }

    /// Perft with the fast and slow filters compared at every node.
    pub fn perft_cross_checked(&mut self, depth: u32) -> Result<u64, LegalityMismatch> {
        let mut list = Vec::new();
        self.legal_moves_cross_checked(&mut list)?;
        if depth <= 1 {
            return Ok(if depth == 0 { 1 } else { list.len() as u64 });
        }
        let mut nodes = 0;
        for m in list {
            self.make(m);
            let n = self.perft_cross_checked(depth - 1);
            self.unmake();
            nodes += n?;
        }
        Ok(nodes)
    }

    /// The pins filter; false (nothing done) when the royal piece is in check.
    fn keep_legal_by_pins(&mut self, out: &mut Vec<Move>) -> bool {
        let royal = self.royals[self.side][0];
        let mut pins = std::mem::take(&mut self.pins);
        let checked = self.checks_and_pins(royal, &mut pins);
        if !checked {
            // Only royal moves, pinned pieces and unusual moves need playing out.
            let mut keep = 0;
            for i in 0..out.len() {
                let m = out[i];
                if self.is_legal_out_of_check(m, royal, &pins) {
                    out[keep] = m;
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
        self.pins = pins;
        !checked
    }

    /// Whether a move is legal when the only royal piece, on `royal`, is not in
    /// check and `pins` are the pinned pieces (line attacks only).
    #[inline]
    pub(super) fn is_legal_out_of_check(&mut self, m: Move, royal: Cell, pins: &[Cell]) -> bool {
        if sure_out_of_check(&m, royal, pins) {
            return true;
        }
        if m.from == royal && m.kind == MoveKind::Normal {
            return self.royals_safe_after(m);
        }
        self.is_legal_slow(m)
    }

    /// The filter of the general path: the enemy pieces that could ever take a
    /// royal piece from where they stand are found once, with whether each does now
    /// and the cells that could change that; a move that changes none of a piece's
    /// cells leaves its answer as it was, and only the pieces a move touches are
    /// tested again, after making it. False (nothing done) without reach masks.
    fn keep_legal_by_threats(&mut self, out: &mut Vec<Move>) -> bool {
        if self.rules.reach.pieces.is_empty() {
            return false;
        }
        let mut threats = std::mem::take(&mut self.threats);
        self.find_threats(&mut threats);
        let mut keep = 0;
        for i in 0..out.len() {
            let m = out[i];
            if self.is_legal_by_threats(&threats, m) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
        self.threats = threats;
        true
    }

    pub(super) fn find_threats(&self, threats: &mut Threats) {
        let us = self.side;
        let by = 1 - us;
        threats.clear();
        threats.royals = self.royals[us].iter().fold(0u128, |a, &c| a | 1 << c);
        let mut buf = self.scratch.borrow_mut();
        for &from in &self.lists[by] {
            if self.rules.flags.two_cell && self.other_end(from).is_some_and(|o| o < from) {
                continue;
            }
            let kind = kind_of(self.board[from as usize]);
            for &r in &self.royals[us] {
                if self.never_strikes(by, kind, from, r) {
                    continue;
                }
                let Some(t) = self.threat(from, by, r, &mut buf) else {
                    continue;
                };
                threats.regions |= t.region;
                threats.checked |= t.attacks;
                threats.pieces.push(t);
            }
        }
    }

    pub(super) fn is_legal_by_threats(&mut self, threats: &Threats, m: Move) -> bool {
        let Some(mask) = touched_cells(&m).filter(|t| t & threats.royals == 0) else {
            return self.is_legal_slow(m);
        };
        // A swap moves an enemy piece: test it where it lands.
        let swap = m.kind == MoveKind::Swap;
        if mask & threats.regions == 0 && !swap {
            return !threats.checked;
        }
        if threats
            .pieces
            .iter()
            .any(|t| t.attacks && t.region & mask == 0)
        {
            return false;
        }
        // Cells that only fill up cannot make a piece that does not capture start to.
        let opened = mask & !self.filled_cell(&m);
        let changes = |t: &Threat| {
            let cells = if t.attacks || t.searched_whole() {
                mask
            } else {
                opened
            };
            t.region & cells != 0
        };
        if !swap && !threats.pieces.iter().any(changes) {
            return !threats.checked;
        }
        let by = 1 - self.side;
        let retest = |pos: &Position<'_>| {
            let mut buf = pos.scratch.borrow_mut();
            let attacked = threats
                .pieces
                .iter()
                .filter(|t| changes(t))
                .any(|t| pos.threat_captures(t, by, &mut buf))
                || (swap && {
                    let p = pos.board[m.from as usize];
                    p != 0
                        && side_of(p) == by
                        && pos.royals[1 - by].iter().any(|&r| {
                            pos.attacker_captures(m.from, by, r, &mut buf, AttackSearch::Filtered)
                        })
                });
            attacked
        };
        let attacked = match self.board_after(&m, retest) {
            Some(attacked) => attacked,
            None => {
                self.make(m);
                let attacked = retest(self);
                self.unmake();
                attacked
            }
        };
        !attacked
    }
}

impl Position<'_> {
    /// The cell a move puts its piece on if that cell was empty and the rules let
    /// filling a cell only block captures (`Flags::filling_only_blocks`), as a mask.
    fn filled_cell(&self, m: &Move) -> u128 {
        let fills = self.rules.flags.filling_only_blocks
            && ((m.kind == MoveKind::Normal && m.to != m.from) || m.kind == MoveKind::Drop)
            && self.board[m.to as usize] == 0
            && !m.captures().contains(&m.to);
        if fills {
            1 << m.to
        } else {
            0
        }
    }

    /// `ask` of the board after a plain move (a piece moved, perhaps promoted,
    /// pieces taken, nothing else changed), only the board changed for the
    /// question and then restored: for the attack test, which reads only the
    /// board. None for other moves (promotions to or from a royal kind,
    /// conversions, royal victims, drops, and where reserves or two-cell pieces
    /// are kept), which need `make`.
    pub(super) fn board_after<R>(&mut self, m: &Move, ask: impl FnOnce(&Self) -> R) -> Option<R> {
        let flags = &self.rules.flags;
        // a double step differs from a step only in the en-passant cells, which
        // the attack test does not read; a move without a drop leaves the queues
        let mover = self.board[m.from as usize];
        let royal = &self.rules.royal;
        let plain = matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
            && m.promotion()
                .is_none_or(|k| !royal[k] && !royal[kind_of(mover)])
            && m.converted().is_none()
            && !m.drops()
            && !flags.reserves
            && !flags.two_cell
            && m.captures()
                .iter()
                .all(|&c| !self.rules.royal[kind_of(self.board[c as usize])]);
        if !plain {
            return None;
        }
        let placed = m.promotion().map_or(mover, |k| super::code(self.side, k));
        let mut taken = [0u8; MAX_CAPTURES];
        for (i, &c) in m.captures().iter().enumerate() {
            taken[i] = self.board[c as usize];
            self.set_cell(c, 0);
        }
        self.set_cell(m.from, 0);
        self.set_cell(m.to, placed);
        let ban = std::mem::replace(&mut self.swap_ban, super::NO_SWAP_BAN);
        let answer = ask(self);
        self.swap_ban = ban;
        self.set_cell(m.to, 0);
        self.set_cell(m.from, mover);
        for (i, &c) in m.captures().iter().enumerate().rev() {
            self.set_cell(c, taken[i]);
        }
        Some(answer)
    }
}

/// Whether a move is legal without a test, the only royal piece (on `royal`) out of
/// check and `pins` pinned, with line attacks only: a plain move of a piece neither
/// royal nor pinned, or a drop (which only fills a cell: it can only block).
#[inline]
pub(super) fn sure_out_of_check(m: &Move, royal: Cell, pins: &[Cell]) -> bool {
    (m.from != royal && m.is_simple() && (pins.is_empty() || !pins.contains(&m.from)))
        || m.kind == MoveKind::Drop
}

/// Whether `no-drop-mate` applies to the moves generated.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum DropMates {
    Barred,
    Allowed,
}

/// The threats to the mover's royal pieces in one position.
#[derive(Clone, Default)]
pub(super) struct Threats {
    pieces: Vec<Threat>,
    /// The cells of the royal pieces threatened.
    pub(super) royals: u128,
    /// The cells a move must touch to change any threat.
    pub(super) regions: u128,
    /// Some threat captures a royal piece now.
    pub(super) checked: bool,
}

impl Threats {
    /// No threats: every move leaves the royal pieces as safe as they were.
    pub(super) fn clear(&mut self) {
        self.pieces.clear();
        self.royals = 0;
        self.regions = 0;
        self.checked = false;
    }
}

/// The cells a move changes, as a mask; none for the moves whose effects reach
/// further (castling, drops). Plain loops: this runs for every move of the
/// capture-mode variants, and an iterator chain here was not always inlined.
#[inline]
fn touched_cells(m: &Move) -> Option<u128> {
    if m.drops() || m.kind == MoveKind::Castle {
        return None;
    }
    let mut mask = 1u128 << m.from | 1u128 << m.to;
    if let Some((from, to)) = m.two_cell_ends() {
        mask |= 1u128 << from[1] | 1u128 << to[1];
    }
    if let Some(c) = m.converted() {
        mask |= 1u128 << c;
    }
    for &c in m.captures() {
        mask |= 1u128 << c;
    }
    Some(mask)
}

impl Position<'_> {
    /// Every move the pieces' rules allow, without regard to royal safety.
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(out);
    }

    /// Every legal move, appended to `out` after clearing it.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        self.legal_moves_under(out, DropMates::Barred);
    }

    /// Every legal move, drops that mate barred (`no-drop-mate`) or not (the
    /// replies to such a drop, which need not obey the rule: any legal reply saves
    /// the king).
    pub(super) fn legal_moves_under(&mut self, out: &mut Vec<Move>, drop_mates: DropMates) {
        out.clear();
        if self.rules.flags.goals && self.goal().is_some() {
            return;
        }
        self.moves_of_unfinished_game(out, drop_mates);
    }

    /// The legal moves when no goal has ended the game yet.
    pub(super) fn moves_of_unfinished_game(&mut self, out: &mut Vec<Move>, drop_mates: DropMates) {
        out.clear();
        self.pseudo_moves(out);
        let with_drops = (self.rules.flags.drops && self.may_drop(out)).then(|| out.clone());
        let with_gates =
            (self.rules.flags.gating && self.gates[self.side] != 0).then(|| out.clone());
        if self.rules.flags.walls {
            // The wall may shield a royal piece or, the duck moving off, expose one.
            self.add_walls(out);
            self.keep_legal_turns(out);
        } else {
            self.keep_legal(out);
        }
        self.keep_quiet_promotions(out);
        if let Some(pseudo) = with_drops {
            self.add_drop_turns(&pseudo, out);
        }
        if let Some(pseudo) = with_gates {
            self.add_gate_turns(&pseudo, out);
        }
        if self.rules.flags.hand && drop_mates == DropMates::Barred {
            self.keep_drops_without_mate(out);
        }
        if self.rules.flags.hand {
            self.keep_drops_without_check(out);
            self.keep_split_colour_drops(out);
            self.keep_compulsory_drops(out);
        }
        if self.rules.flags.pass {
            self.keep_parting_moves(out);
            self.add_pass(out);
        }
        self.keep_moves_without_check(out);
        self.keep_checker_captures(out);
        self.keep_forced_captures(out);
        if self.rules.flags.pass {
            self.add_pass_when_stuck(out);
        }
    }
}
