//! A game state of one variant: the board, the side to move, the rights and counts
//! the rules keep, and how it is set up, read and written.

use super::weights::{Marks, Weights};
use super::MAX_DEALS;
use super::{
    capture_only, cell_bit, code, counting, drops, kind_of, legality, side_of, threat_cache,
    EnPassant, Move, MoveKind, Piece, Undo, NO_CELL, NO_SWAP_BAN,
};
use crate::compile::{CastleTable, Cell, Ruleset};
use crate::model::{self, FenError, Setup, Side};
use std::sync::Arc;

/// A game state of one variant.
#[derive(Clone)]
pub struct Position<'r> {
    pub(super) rules: &'r Ruleset,
    /// This game's castling rules: where its free castlings start.
    pub(super) castles: Arc<CastleTable>,
    pub(super) board: Vec<u8>,
    pub(super) lists: [Vec<Cell>; 2],
    pub(super) slot: Vec<u16>,
    pub(super) royals: [Vec<Cell>; 2],
    /// Each side's pieces of the kind royal by count (`royal last`), royal or not.
    pub(super) royal_pool: [Vec<Cell>; 2],
    /// Each side's cells, as a mask of the first 128 cells (all of them on boards
    /// small enough for masks).
    pub(super) occupied: [u128; 2],
    /// How many pieces of each code stand on the board.
    pub(super) counts: Vec<u16>,
    pub(super) side: usize,
    pub(super) castling: u32,
    pub(super) ep: EnPassant,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) hash: u64,
    /// Two cells whose pieces just swapped and may not swap back on this move.
    pub(super) swap_ban: (Cell, Cell),
    /// Captured pieces off the board, per side and kind (when some promotion uses them).
    pub(super) reserve: Vec<u8>,
    /// Per side, the kinds it has in reserve, as a mask.
    pub(super) in_reserve: [u64; 2],
    /// Each side's drop queue (its pieces never change; the live part moves).
    pub(super) queues: [Vec<u8>; 2],
    /// For each end of a two-cell piece, its other end (stale on other cells).
    pub(super) partner: Vec<Cell>,
    pub(super) drops: drops::DropState,
    /// The checks each side has given (under a `checks` end rule).
    pub(super) checks: [u8; 2],
    /// Each side's open gates, as bits of `HandRules::gate_cells`.
    pub(super) gates: [u32; 2],
    /// Each side's first-move rights, as bits of `FirstMoves::right_cells`.
    pub(super) rights: [u32; 2],
    /// The passes just made, one after the other (0 to 2), where an end rule counts
    /// them.
    pub(super) passes: u8,
    /// A running `counting` count.
    pub(super) count: counting::Count,
    /// Under `walls duck`, the duck's cell (none before it is first put).
    pub(super) duck: Cell,
    pub(super) history: Vec<Undo>,
    pub(super) pins: Vec<Cell>,
    /// A move buffer for the general attack test.
    pub(super) scratch: std::cell::RefCell<Vec<Move>>,
    /// What `capture-only` zones ask of each of one piece's moves.
    pub(super) zone_facts: std::cell::RefCell<Vec<capture_only::ZoneFact>>,
    /// Set while the answers to a check are tried for the `forcing-check` reset.
    pub(super) answering_check: bool,
    pub(super) threats: legality::Threats,
    pub(super) geometry: std::cell::RefCell<threat_cache::GeometryCache>,
    /// A search's weights for each piece on each cell, and their running sum.
    pub(super) weights: Option<Weights>,
    pub(super) weighed: i64,
    /// A search's keys for chosen pieces on each cell, and their running key.
    pub(super) marks: Option<Marks>,
    pub(super) marked: u64,
    /// A search's rows for each piece on each cell, their running sum, and the
    /// sums before each move made.
    pub(super) rows: Option<super::Rows>,
    pub(super) summed: Vec<i32>,
    pub(super) saved_sums: Vec<i32>,
    /// The cells each move turned over by `flips`, each move's count on top.
    pub(super) flipped: Vec<Cell>,
}

impl<'r> Position<'r> {
    /// The variant's start position (for a shuffled setup, the array of seed 0).
    pub fn start(rules: &'r Ruleset) -> Position<'r> {
        Position::start_seeded(rules, 0)
    }

    /// The start position with the setup's shuffles made from `seed`; under
    /// `redeal`, the first of the seed's deals whose first player cannot do what it
    /// forbids (the seed's own deal first, then others drawn from it, so a seed
    /// still names one array; after `MAX_DEALS` the last is kept).
    pub fn start_seeded(rules: &'r Ruleset, seed: u64) -> Position<'r> {
        let definition = &rules.definition;
        let mut pos = Position::from_setup(rules, &definition.start_setup(seed));
        if !definition.redeal.any() {
            return pos;
        }
        for deal in 1..MAX_DEALS {
            if !pos.dealt_again() {
                break;
            }
            let next = crate::random::mix(seed ^ crate::random::mix(deal));
            pos = Position::from_setup(rules, &definition.start_setup(next));
        }
        pos
    }

    /// Whether the side to move has a first move that `redeal` forbids.
    pub(super) fn dealt_again(&mut self) -> bool {
        let redeal = self.rules.definition.redeal;
        let mut first = Vec::new();
        self.legal_moves(&mut first);
        let mut replies = Vec::new();
        let them = self.side_to_move().opponent();
        first.iter().any(|&m| {
            if redeal.captures && !m.captures().is_empty() {
                return true;
            }
            if !redeal.checks && !redeal.mates {
                return false;
            }
            self.make(m);
            let check = self.in_check(them);
            let mate = check && redeal.mates && {
                self.legal_moves(&mut replies);
                replies.is_empty()
            };
            self.unmake();
            (check && redeal.checks) || mate
        })
    }

    /// A position from FEN (the definition's own dialect: walls, queues, counts).
    pub fn from_fen(rules: &'r Ruleset, fen: &str) -> Result<Position<'r>, FenError> {
        let d = &rules.definition;
        let setup = model::parse_fen(
            fen,
            &model::FenRules {
                board: &d.board,
                pieces: &d.pieces,
                castling: &d.castling,
                drops: d.drops.is_some(),
                start: Some(&d.setup),
                checks: d.end.checks.map(|c| c.count),
                gate_cells: model::Hand::gate_cells(d.hand.as_ref(), Some(&d.zones)),
                passes: rules.goals.passes_counted(),
                shuffled: false,
                counting: rules.flags.counting,
                walls: rules.walls.as_ref().map(|w| w.rule),
                blocks: d.blocks,
                unlimited: d.hand.as_ref().map_or(&[][..], |h| &h.unlimited[..]),
            },
        )?;
        let mut pos = Position::placed(rules, &setup);
        pos.read_last_move(&setup, fen)?;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The position a setup describes; what it says of the last move (en passant, a
    /// swap ban) is left out where it does not fit the board.
    pub fn from_setup(rules: &'r Ruleset, setup: &Setup) -> Position<'r> {
        let mut pos = Position::placed(rules, setup);
        // A definition's own setup was read when it was checked: keep what fits.
        if pos.read_last_move(setup, "").is_err() {
            pos.ep = EnPassant::NONE;
            pos.swap_ban = NO_SWAP_BAN;
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// The setup's pieces, reserves, queues, castling rights and clocks, without the
    /// last move's traces or the hash.
    pub(super) fn placed(rules: &'r Ruleset, setup: &Setup) -> Position<'r> {
        let n = rules.cell_count();
        let mut pos = Position {
            rules,
            castles: rules.castles_for(&setup.castle_starts),
            board: vec![0; n],
            lists: [Vec::with_capacity(32), Vec::with_capacity(32)],
            slot: vec![0; n],
            royals: [Vec::new(), Vec::new()],
            royal_pool: [Vec::new(), Vec::new()],
            occupied: [0; 2],
            counts: vec![0; 2 * rules.kinds + 1],
            side: setup.to_move.index(),
            castling: 0,
            ep: EnPassant::NONE,
            halfmove: setup.halfmove,
            fullmove: setup.fullmove,
            hash: 0,
            swap_ban: NO_SWAP_BAN,
            reserve: vec![0; 2 * rules.kinds],
            in_reserve: [rules.hand.unlimited; 2],
            queues: [Vec::new(), Vec::new()],
            partner: vec![NO_CELL; n],
            drops: drops::DropState::NONE,
            checks: setup.checks.map(|n| u8::try_from(n).unwrap_or(u8::MAX)),
            gates: [0, 0],
            rights: [0, 0],
            passes: if rules.goals.passes_counted() {
                setup.passes.min(2)
            } else {
                0
            },
            count: counting::Count::default(),
            duck: NO_CELL,
            history: Vec::with_capacity(256),
            flipped: Vec::new(),
            pins: Vec::with_capacity(8),
            scratch: std::cell::RefCell::new(Vec::with_capacity(64)),
            zone_facts: Default::default(),
            answering_check: false,
            threats: legality::Threats::default(),
            geometry: Default::default(),
            weights: None,
            weighed: 0,
            marks: None,
            marked: 0,
            rows: None,
            summed: Vec::new(),
            saved_sums: Vec::new(),
        };
        for &(coord, side, kind) in &setup.placements {
            if let Some(c) = rules.cell_at(coord) {
                pos.place(c, code(side.index(), kind));
            }
        }
        if rules.flags.wall_cells {
            pos.load_walls(setup);
        }
        for &(a, b) in &setup.links {
            if let (Some(a), Some(b)) = (rules.cell_at(a), rules.cell_at(b)) {
                pos.link(a, b);
            }
        }
        if rules.flags.reserves {
            for &(side, kind) in &setup.reserve {
                let slot = &mut pos.reserve[side.index() * rules.kinds + kind];
                *slot = slot.saturating_add(1);
                pos.in_reserve[side.index()] |= 1 << kind;
            }
        }
        if rules.flags.drops {
            pos.load_drops(setup);
        }
        if rules.flags.gating {
            pos.load_gates(setup);
        }
        if rules.flags.first_moves {
            pos.load_rights(setup);
        }
        for &i in &setup.castling {
            if i < pos.castles.rules.len() {
                pos.castling |= 1 << i;
            }
        }
        if rules.flags.counting {
            pos.load_count(setup.counting);
        }
        pos
    }

    /// The en-passant state and the swap ban a setup names, checked against the board.
    pub(super) fn read_last_move(&mut self, setup: &Setup, fen: &str) -> Result<(), FenError> {
        if let Some(field) = &setup.en_passant {
            self.ep = self.read_en_passant(field)?;
        }
        if let Some(cells) = setup.swap_ban {
            self.swap_ban = self.read_swap_ban(cells, fen)?;
        }
        Ok(())
    }

    /// The rules this position is played by.
    pub fn rules(&self) -> &'r Ruleset {
        self.rules
    }

    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Side {
        Side::from_index(self.side)
    }

    /// The position's hash: pieces, side to move, rights and counts.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The half-moves counted towards the move rule (FEN's halfmove clock).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The cells capturable en passant now, and the piece that would be taken.
    pub fn en_passant(&self) -> (&[Cell], Option<Cell>) {
        let cells = &self.ep.cells[..self.ep.len as usize];
        (cells, (self.ep.len > 0).then_some(self.ep.victim))
    }

    /// The castling rights still held, one bit per castling rule.
    pub fn castling_rights(&self) -> u32 {
        self.castling
    }

    /// The cells a double step passes (and leaves capturable en passant).
    pub fn passed_cells(&self, m: &Move) -> &'r [Cell] {
        match m.passed_range() {
            Some((start, len)) => &self.rules.moves.cells[start..][..len],
            None => &[],
        }
    }

    /// The piece on a cell; none on an empty cell or a wall.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let p = *self.board.get(cell as usize)?;
        (p != 0 && p != self.rules.wall_code).then(|| Piece {
            side: Side::from_index(side_of(p)),
            kind: kind_of(p),
        })
    }

    /// The hash computed from scratch; equals `hash()` whenever make/unmake are right.
    pub fn compute_hash(&self) -> u64 {
        let z = &self.rules.zobrist;
        let codes = 2 * self.rules.kinds + 1;
        let mut h = 0;
        for (c, &p) in self.board.iter().enumerate() {
            if p == self.rules.wall_code {
                h ^= z.walls[c];
            } else if p != 0 {
                h ^= z.pieces[c * codes + p as usize];
            }
        }
        if self.side == 1 {
            h ^= z.side;
        }
        for i in 0..self.castles.rules.len() {
            if self.castling & (1 << i) != 0 {
                h ^= z.castling[i];
            }
        }
        for &c in &self.ep.cells[..self.ep.len as usize] {
            h ^= z.en_passant[c as usize];
        }
        h ^= self.swap_ban_key();
        for (a, b) in self.two_cell_pairs() {
            h ^= z.link_key(a, b);
        }
        let kinds = self.rules.kinds;
        for (i, &count) in self.reserve.iter().enumerate() {
            h ^= z.reserve_key(i / kinds, kinds, i % kinds, count);
        }
        h ^ self.drops_key()
            ^ self.checks_key()
            ^ self.gates_key()
            ^ self.rights_key()
            ^ self.passes_key()
    }

    pub(super) fn swap_ban_key(&self) -> u64 {
        let (a, b) = self.swap_ban;
        if a == NO_CELL {
            0
        } else {
            let z = &self.rules.zobrist.swap_ban;
            z[a as usize] ^ z[b as usize]
        }
    }

    /// Change the reserve count of one side's kind by `delta`, keeping the hash.
    pub(super) fn adjust_reserve(&mut self, side: usize, kind: usize, delta: i8) {
        let kinds = self.rules.kinds;
        if self.rules.hand.unlimited >> kind & 1 != 0 {
            return;
        }
        let slot = side * kinds + kind;
        let old = self.reserve[slot];
        let new = old.saturating_add_signed(delta);
        let z = &self.rules.zobrist;
        self.hash ^= z.reserve_key(side, kinds, kind, old) ^ z.reserve_key(side, kinds, kind, new);
        self.reserve[slot] = new;
        if new > 0 {
            self.in_reserve[side] |= 1 << kind;
        } else {
            self.in_reserve[side] &= !(1 << kind);
        }
    }

    /// How many captured pieces of a kind a side has off the board (always 0 unless
    /// some promotion is to captured pieces).
    pub fn reserve_count(&self, side: Side, kind: usize) -> u8 {
        self.reserve[side.index() * self.rules.kinds + kind]
    }

    /// The two cells whose pieces may not swap back on this move, if any.
    pub fn swap_ban(&self) -> Option<(Cell, Cell)> {
        (self.swap_ban.0 != NO_CELL).then_some(self.swap_ban)
    }

    #[inline]
    pub(super) fn place(&mut self, c: Cell, p: u8) {
        self.put::<true>(c, p);
    }

    /// [`Position::place`] on the way back of an unmake, which restores the hash
    /// and the running sums from the undo record.
    #[inline]
    pub(super) fn put_back(&mut self, c: Cell, p: u8) {
        self.put::<false>(c, p);
    }

    /// `p` put on `c`; with `SUMS`, the hash and the running sums follow it.
    #[inline(always)]
    fn put<const SUMS: bool>(&mut self, c: Cell, p: u8) {
        let side = side_of(p);
        self.board[c as usize] = p;
        self.slot[c as usize] = self.lists[side].len() as u16;
        self.lists[side].push(c);
        self.occupied[side] |= cell_bit(c);
        self.counts[p as usize] += 1;
        if self.rules.royal[kind_of(p)] {
            if self.rules.flags.royal_count {
                self.royal_count_added(side, c);
            } else {
                self.royals[side].push(c);
            }
        }
        if SUMS {
            self.hash ^=
                self.rules.zobrist.pieces[c as usize * (2 * self.rules.kinds + 1) + p as usize];
            self.weigh(c, p, 1);
        }
    }

    #[inline]
    pub(super) fn remove(&mut self, c: Cell) -> u8 {
        self.lift::<true>(c)
    }

    /// [`Position::remove`] on the way back of an unmake (see
    /// [`Position::put_back`]).
    #[inline]
    pub(super) fn lift_back(&mut self, c: Cell) -> u8 {
        self.lift::<false>(c)
    }

    /// The piece on `c` taken off; with `SUMS`, the hash and the running sums
    /// follow it.
    #[inline(always)]
    fn lift<const SUMS: bool>(&mut self, c: Cell) -> u8 {
        let p = self.board[c as usize];
        let side = side_of(p);
        let i = self.slot[c as usize] as usize;
        let list = &mut self.lists[side];
        list.swap_remove(i);
        if i < list.len() {
            self.slot[list[i] as usize] = i as u16;
        }
        self.board[c as usize] = 0;
        self.occupied[side] &= !cell_bit(c);
        self.counts[p as usize] -= 1;
        if self.rules.royal[kind_of(p)] {
            if self.rules.flags.royal_count {
                self.royal_count_removed(side, c);
            } else {
                let royals = &mut self.royals[side];
                if let Some(j) = royals.iter().position(|&r| r == c) {
                    royals.swap_remove(j);
                }
            }
        }
        if SUMS {
            self.hash ^=
                self.rules.zobrist.pieces[c as usize * (2 * self.rules.kinds + 1) + p as usize];
            self.weigh(c, p, -1);
        }
        p
    }

    /// Put `p` (0: nothing) on a cell, keeping the occupancy masks but nothing else
    /// (piece lists, royals, hash): for a board changed briefly and restored.
    #[inline(always)]
    pub(super) fn set_cell(&mut self, c: Cell, p: u8) {
        let old = self.board[c as usize];
        if old != 0 {
            self.occupied[side_of(old)] &= !cell_bit(c);
        }
        if p != 0 {
            self.occupied[side_of(p)] |= cell_bit(c);
        }
        self.board[c as usize] = p;
    }

    /// How many pieces of `kind` `side` has on the board.
    pub fn piece_count(&self, side: Side, kind: usize) -> u32 {
        let code = code(side.index(), kind) as usize;
        self.counts.get(code).map_or(0, |&n| u32::from(n))
    }

    /// The cells of a side's pieces, royal ones among them, in no order.
    pub fn piece_cells(&self, side: Side) -> &[Cell] {
        &self.lists[side.index()]
    }

    /// The cells of a side's pieces as a mask (of the first 128 cells: all of them
    /// on boards small enough for masks). Walls are no side's.
    pub fn occupied(&self, side: Side) -> u128 {
        self.occupied[side.index()]
    }

    /// The cells of a side's royal pieces.
    pub fn royal_cells(&self, side: Side) -> &[Cell] {
        &self.royals[side.index()]
    }

    /// Whether a side has royal pieces: royal now, or of a kind royal by count
    /// (`royal last`) while more are left.
    pub fn has_royal(&self, side: Side) -> bool {
        !self.royals[side.index()].is_empty() || !self.royal_pool[side.index()].is_empty()
    }

    /// The hash without the en-passant part: equal positions in the sense of the
    /// repetition rules when no en-passant capture is actually possible.
    pub fn hash_without_en_passant(&self) -> u64 {
        let mut h = self.hash;
        for &c in &self.ep.cells[..self.ep.len as usize] {
            h ^= self.rules.zobrist.en_passant[c as usize];
        }
        h
    }

    /// The fullmove number, as in FEN.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The number of moves made since this position was created.
    /// Drop what `unmake` needs: the moves made so far can no longer be taken
    /// back (for a long game that is only read).
    pub fn forget_history(&mut self) {
        self.history.clear();
    }

    /// The number of moves made since this position was created.
    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// A move in coordinate notation: `e2-e4`, `e7-e8=Q`, castling by the royal's
    /// cells, a swap `d1<>d5`, a mutual destruction `d1xd2`, a drop after the move
    /// `d8-d5;am@d8`, a pass `pass`.
    pub fn move_text(&self, m: &Move) -> String {
        let r = self.rules;
        if m.kind == MoveKind::Pass {
            return "pass".into();
        }
        if let Some(k) = m.from_hand() {
            // a piece dropped promoted is written as what it becomes
            let face = m.promotion().unwrap_or(k);
            return format!("{}@{}", r.definition.pieces[face].label, r.cell_name(m.to));
        }
        let sep = match m.kind {
            MoveKind::Swap => "<>",
            MoveKind::Destruction => "x",
            _ => "-",
        };
        let mut s = self
            .two_cell_step(m)
            .unwrap_or_else(|| format!("{}{sep}{}", r.cell_name(m.from), r.cell_name(m.to)));
        if let Some(k) = m.promotion() {
            s.push('=');
            s.push_str(&r.definition.pieces[k].label);
        }
        if let (Some(d), Some(k)) = (self.drop_cell(m), self.dropped_kind(m)) {
            s.push(';');
            s.push_str(&r.piece_label(k, self.side_to_move()));
            s.push('@');
            s.push_str(r.cell_name(d));
        }
        if let Some(w) = self.wall_of(m) {
            s.push_str(";*@");
            s.push_str(r.cell_name(w));
        }
        s
    }

    /// A two-cell move's cells, those it leaves then those it ends on: `g7h7-f7g7`.
    pub fn two_cell_step(&self, m: &Move) -> Option<String> {
        let r = self.rules;
        m.two_cell_ends().map(|([a, b], [c, d])| {
            let name = |x| r.cell_name(x);
            format!("{}{}-{}{}", name(a), name(b), name(c), name(d))
        })
    }

    /// The position as FEN, in the conventions `parse_fen` reads.
    pub fn fen(&self) -> String {
        let r = self.rules;
        let b = &r.definition.board;
        let mut rows = Vec::new();
        for rank in (0..b.height()).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in b.row_files(rank) {
                let cell = r.cell_at(model::Coord { file, rank });
                // a wall, or a hole of a square board (Fairy-Stockfish's `*` too)
                if cell.is_none_or(|c| self.is_wall(c)) {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push('*');
                    continue;
                }
                match cell.and_then(|c| self.piece_at(c)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(&r.piece_label(p.kind, p.side));
                        row.push_str(&self.partner_mark(model::Coord { file, rank }));
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let mut reserve = String::new();
        for side in [Side::White, Side::Black] {
            for k in 0..r.kinds {
                for _ in 0..self.reserve_count(side, k) {
                    reserve.push_str(&r.piece_label(k, side));
                }
            }
        }
        // an unlimited hand holds no counts to write (Fairy-Stockfish's free drops)
        if !reserve.is_empty() || (r.flags.hand && r.hand.unlimited == 0) {
            reserve = format!("[{reserve}]");
        }
        if r.flags.drops {
            reserve.push_str(&self.queues_fen());
        }
        let mut castling = String::new();
        for side in 0..2 {
            for (i, c) in self.castles.rules.iter().enumerate() {
                if self.castling & (1 << i) != 0 && c.side == side {
                    castling.push(self.castle_letter(c));
                }
            }
            if r.flags.gating {
                castling.push_str(&self.gates_fen(side));
            }
            if r.flags.first_moves {
                castling.push_str(&self.rights_fen(side));
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let mut ep = self.en_passant_fen();
        if let Some((a, b)) = self.swap_ban() {
            ep = format!("{ep} {}<>{}", r.cell_name(a), r.cell_name(b));
        }
        format!(
            "{}{} {} {} {}{}{}{} {} {}",
            rows.join("/"),
            reserve,
            if self.side == 0 { 'w' } else { 'b' },
            castling,
            ep,
            self.checks_fen(),
            self.passes_fen(),
            self.count_fen(),
            self.halfmove,
            self.fullmove
        )
    }

    /// Everything that identifies the position, for comparing two positions.
    #[allow(clippy::type_complexity)]
    pub fn snapshot(
        &self,
    ) -> (
        Vec<u8>,
        Vec<u8>,
        (Cell, Cell),
        usize,
        u32,
        Vec<Cell>,
        Cell,
        u32,
        u32,
        u64,
        String,
    ) {
        (
            self.board.clone(),
            self.reserve.clone(),
            self.swap_ban,
            self.side,
            self.castling,
            self.ep.cells[..self.ep.len as usize].to_vec(),
            self.ep.victim,
            self.halfmove,
            self.fullmove,
            self.hash,
            format!("{}{:?}", self.queues_fen(), self.two_cell_pairs()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The running counts of each side's kinds are the pieces on the board, in
    /// every shipped definition along a seeded random game (captures, promotions,
    /// drops, conversions and the like among its moves), and again after each
    /// move of the position is taken back.
    #[test]
    fn the_piece_counts_are_the_pieces_on_the_board() {
        let counted = |pos: &Position, side: Side, kind: usize| {
            (pos.piece_cells(side).iter())
                .filter(|&&c| pos.piece_at(c).is_some_and(|p| p.kind == kind))
                .count() as u32
        };
        let same = |pos: &Position| {
            for side in [Side::White, Side::Black] {
                for kind in 0..pos.rules.kinds {
                    let fen = pos.fen();
                    assert_eq!(
                        pos.piece_count(side, kind),
                        counted(pos, side, kind),
                        "{fen}"
                    );
                }
            }
        };
        let mut moves = Vec::new();
        for path in crate::shipped_definitions() {
            let text = std::fs::read_to_string(&path).expect("readable");
            let rules = crate::load_file(&path, &text).ruleset.expect("it loads");
            super::super::random_game(&rules, &mut 3, 40, |pos| {
                same(pos);
                let mut pos = pos.clone();
                pos.legal_moves(&mut moves);
                for &m in moves.iter().take(16) {
                    pos.make(m);
                    same(&pos);
                    pos.unmake();
                }
                same(&pos);
            });
        }
    }
}
