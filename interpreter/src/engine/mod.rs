//! Positions, moves, make/unmake, legal move generation and perft, driven by the
//! compiled tables of a `Ruleset`. Nothing here knows a piece by name.

mod attack;
mod capture;
mod capture_only;
mod castling;
mod check_count;
mod counting;
mod dead;
mod drops;
mod en_passant;
mod explosion;
mod gating;
mod goals;
mod hand;
mod legality;
mod movegen;
mod parallel;
mod passing;
#[cfg(feature = "reference")]
pub mod reference;
mod threat_cache;
mod two_cell;
mod walls;

use crate::compile::{CastleTable, Cell, Ruleset};
use crate::model::{self, FenError, Setup, Side};
use std::sync::Arc;

pub use crate::check::{MAX_CAPTURES, MAX_EP_CELLS};
pub use goals::{Goal, GoalKind};
pub use legality::LegalityMismatch;
/// The deals `redeal` tries for one seed before it keeps the last.
pub const MAX_DEALS: u64 = 1000;

/// The deepest perft a program should ask for: deeper trees are beyond any
/// machine's time, and their recursion beyond any stack.
pub const MAX_PERFT_DEPTH: u32 = 64;

const NO_CELL: Cell = Cell::MAX;
const NO_SWAP_BAN: (Cell, Cell) = (NO_CELL, NO_CELL);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    /// A quiet multi-cell step of an en-passant piece.
    DoubleStep,
    /// A capture of a piece that just passed the target cell.
    EnPassant,
    /// Moves a royal piece and its partner; `aux` is the castling rule.
    Castle,
    /// A frozen piece removes itself (`from == to`, captures `from`).
    Suicide,
    /// The piece on `from` and the piece on `to` exchange places.
    Swap,
    /// The piece on `from` removes the enemy on `to` and itself (captures both).
    Destruction,
    /// A two-cell piece moves its ends from `from` and the other start cell to `to`
    /// and the other end cell (both kept in `aux`).
    TwoCell,
    /// A piece from the player's hand is put on `to` (`from == to`; the kind in `aux`).
    Drop,
    /// A capture that explodes: the piece on `from` lands on `to` and goes with the
    /// captures (its victims, itself, the blast's).
    Explosion,
    /// Nothing moves (`from == to`, a cell of the mover's, its royal piece's if any).
    Pass,
}

/// A move: where from and to, what it removes, and what it becomes. Compact enough
/// to keep in move lists; everything make/unmake needs is here or in the undo record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
    pub kind: MoveKind,
    promotion: u8,
    /// The castling rule, the start of a double step's passed cells in the ray table,
    /// or (with `aux_len() == CONVERTS`) the cell a takeover converts.
    aux: u32,
    /// The number of captures (low four bits) and of a double step's passed cells
    /// (high four bits): one byte, so that a move stays 40 bytes.
    counts: u8,
    /// The turn's drop: 1 + the index of its cell in the side's drop zone, or 0.
    drop: u8,
    caps: [Cell; MAX_CAPTURES],
}

/// The capture slot that holds 1 + the cell of a turn's wall (0: no wall). A
/// variant with walls captures by replacement only, so its moves never fill it.
const WALL_SLOT: usize = MAX_CAPTURES - 1;

/// `Move::aux_len()` of a normal move that converts the piece on `aux`.
const CONVERTS: u8 = 15;
const _: () = assert!(MAX_CAPTURES < 16 && MAX_EP_CELLS < 15);

impl Move {
    pub(crate) fn new(from: Cell, to: Cell, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            kind,
            promotion: 0,
            aux: 0,
            counts: 0,
            drop: 0,
            caps: [0; MAX_CAPTURES],
        }
    }

    #[inline]
    fn ncap(&self) -> usize {
        usize::from(self.counts & 15)
    }

    #[inline]
    fn aux_len(&self) -> u8 {
        self.counts >> 4
    }

    #[inline]
    pub(crate) fn set_aux_len(&mut self, len: u8) {
        self.counts = (self.counts & 15) | len << 4;
    }

    /// The same move with a drop on the drop zone's cell number `slot`.
    pub(crate) fn with_drop(mut self, slot: usize) -> Move {
        self.drop = slot as u8 + 1;
        self
    }

    /// Whether the turn drops a piece (`Position::drop_cell` says where).
    pub fn drops(&self) -> bool {
        self.drop != 0
    }

    /// The same move putting its wall on `cell`.
    pub(crate) fn with_wall(mut self, cell: Cell) -> Move {
        self.caps[WALL_SLOT] = cell + 1;
        self
    }

    /// The same move without its wall: the piece's move alone.
    pub fn without_wall(mut self) -> Move {
        self.caps[WALL_SLOT] = 0;
        self
    }

    /// The wall slot's cell: a wall only in a variant with walls
    /// (`Position::wall_of`), else perhaps a capture.
    #[inline]
    pub(crate) fn wall_slot(&self) -> Option<Cell> {
        self.caps[WALL_SLOT].checked_sub(1)
    }

    pub(crate) fn with_convert(mut self, cell: Cell) -> Move {
        self.aux = u32::from(cell);
        self.set_aux_len(CONVERTS);
        self
    }

    /// The cell whose piece this move converts to the mover's side (a takeover).
    pub fn converted(&self) -> Option<Cell> {
        (self.kind == MoveKind::Normal && self.aux_len() == CONVERTS).then_some(self.aux as Cell)
    }

    pub(crate) fn with_capture(mut self, cell: Cell) -> Move {
        self.add_capture(cell);
        self
    }

    #[inline]
    pub(crate) fn add_capture(&mut self, cell: Cell) {
        self.caps[self.ncap()] = cell;
        self.counts += 1;
    }

    /// Every cell whose piece this move removes.
    pub fn captures(&self) -> &[Cell] {
        &self.caps[..self.ncap()]
    }

    /// The kind the moving piece becomes, if it promotes.
    pub fn promotion(&self) -> Option<usize> {
        (self.promotion > 0).then(|| self.promotion as usize - 1)
    }

    /// A two-cell move: its two start cells to its two end cells.
    pub(crate) fn two_cell(from: [Cell; 2], to: [Cell; 2]) -> Move {
        let mut m = Move::new(from[0], to[0], MoveKind::TwoCell);
        m.aux = u32::from(from[1]) | u32::from(to[1]) << 16;
        m
    }

    /// The cells a two-cell piece leaves and the cells it ends on.
    pub fn two_cell_ends(&self) -> Option<([Cell; 2], [Cell; 2])> {
        (self.kind == MoveKind::TwoCell).then_some((
            [self.from, self.aux as Cell],
            [self.to, (self.aux >> 16) as Cell],
        ))
    }

    /// The castling rule index of a castling move.
    pub fn castle_rule(&self) -> Option<usize> {
        (self.kind == MoveKind::Castle).then_some(self.aux as usize)
    }

    /// A move that changes only its from and to cells (capturing at most on `to`).
    #[inline]
    fn is_simple(&self) -> bool {
        matches!(self.kind, MoveKind::Normal | MoveKind::DoubleStep)
            && (self.ncap() == 0 || (self.ncap() == 1 && self.caps[0] == self.to))
            && self.aux_len() != CONVERTS
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct EnPassant {
    cells: [Cell; MAX_EP_CELLS],
    len: u8,
    victim: Cell,
}

impl EnPassant {
    const NONE: EnPassant = EnPassant {
        cells: [NO_CELL; MAX_EP_CELLS],
        len: 0,
        victim: NO_CELL,
    };
    #[inline]
    fn contains(&self, c: Cell) -> bool {
        self.cells[..self.len as usize].contains(&c)
    }
}

#[derive(Clone, Copy)]
struct Undo {
    mv: Move,
    mover: u8,
    swap_ban: (Cell, Cell),
    captured: [u8; MAX_CAPTURES],
    castling: u32,
    ep: EnPassant,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    drops: drops::DropState,
    checks: [u8; 2],
    gates: [u32; 2],
    passes: u8,
    count: counting::Count,
    /// Under `walls duck`, where the duck stood.
    duck: Cell,
}

/// A cell's bit in a mask of the first 128 cells; none for the cells beyond.
#[inline]
fn cell_bit(c: Cell) -> u128 {
    1u128.checked_shl(u32::from(c)).unwrap_or(0)
}

/// A piece on a cell: its side and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub kind: usize,
}

#[inline]
fn code(side: usize, kind: usize) -> u8 {
    (1 + kind * 2 + side) as u8
}
#[inline]
fn side_of(code: u8) -> usize {
    ((code - 1) & 1) as usize
}
#[inline]
fn kind_of(code: u8) -> usize {
    ((code - 1) >> 1) as usize
}

/// A game state of one variant.
#[derive(Clone)]
pub struct Position<'r> {
    rules: &'r Ruleset,
    /// This game's castling rules: where its free castlings start.
    castles: Arc<CastleTable>,
    board: Vec<u8>,
    lists: [Vec<Cell>; 2],
    slot: Vec<u16>,
    royals: [Vec<Cell>; 2],
    /// Each side's cells, as a mask of the first 128 cells (all of them on boards
    /// small enough for masks).
    occupied: [u128; 2],
    side: usize,
    castling: u32,
    ep: EnPassant,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    /// Two cells whose pieces just swapped and may not swap back on this move.
    swap_ban: (Cell, Cell),
    /// Captured pieces off the board, per side and kind (when some promotion uses them).
    reserve: Vec<u8>,
    /// Per side, the kinds it has in reserve, as a mask.
    in_reserve: [u64; 2],
    /// Each side's drop queue (its pieces never change; the live part moves).
    queues: [Vec<u8>; 2],
    /// For each end of a two-cell piece, its other end (stale on other cells).
    partner: Vec<Cell>,
    drops: drops::DropState,
    /// The checks each side has given (under a `checks` end rule).
    checks: [u8; 2],
    /// Each side's open gates, as bits of `HandRules::gate_cells`.
    gates: [u32; 2],
    /// The passes just made, one after the other (0 to 2), where an end rule counts
    /// them.
    passes: u8,
    /// A running `counting` count.
    count: counting::Count,
    /// Under `walls duck`, the duck's cell (none before it is first put).
    duck: Cell,
    history: Vec<Undo>,
    pins: Vec<Cell>,
    /// A move buffer for the general attack test.
    scratch: std::cell::RefCell<Vec<Move>>,
    /// What `capture-only` zones ask of each of one piece's moves.
    zone_facts: std::cell::RefCell<Vec<capture_only::ZoneFact>>,
    /// Set while the general attack test generates moves (which then skip takeovers).
    attack_test: std::cell::Cell<bool>,
    /// Set while the reference filter runs: attack tests search every enemy piece.
    exhaustive: std::cell::Cell<bool>,
    /// Set while the replies to a drop are generated for the `no-drop-mate` rule.
    answering_drop: std::cell::Cell<bool>,
    /// Set while the answers to a check are tried for the `forcing-check` reset.
    answering_check: bool,
    threats: legality::Threats,
    geometry: std::cell::RefCell<threat_cache::GeometryCache>,
}

impl<'r> Position<'r> {
    /// The variant's start position (for a shuffled setup, the array of seed 0).
    pub fn start(rules: &'r Ruleset) -> Position<'r> {
        Position::start_seeded(rules, 0)
    }

    /// The start position with the setup's shuffles made from `seed`; under
    /// `redeal`, the first of the seed's deals whose first player cannot do what it
    /// forbids (the seed's own deal first, then others drawn from it, so a seed
    /// still names one array; after [`MAX_DEALS`] the last is kept).
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
    fn dealt_again(&mut self) -> bool {
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
    fn placed(rules: &'r Ruleset, setup: &Setup) -> Position<'r> {
        let n = rules.cell_count();
        let mut pos = Position {
            rules,
            castles: rules.castles_for(&setup.castle_starts),
            board: vec![0; n],
            lists: [Vec::with_capacity(32), Vec::with_capacity(32)],
            slot: vec![0; n],
            royals: [Vec::new(), Vec::new()],
            occupied: [0; 2],
            side: setup.to_move.index(),
            castling: 0,
            ep: EnPassant::NONE,
            halfmove: setup.halfmove,
            fullmove: setup.fullmove,
            hash: 0,
            swap_ban: NO_SWAP_BAN,
            reserve: vec![0; 2 * rules.kinds],
            in_reserve: [0; 2],
            queues: [Vec::new(), Vec::new()],
            partner: vec![NO_CELL; n],
            drops: drops::DropState::NONE,
            checks: setup.checks.map(|n| u8::try_from(n).unwrap_or(u8::MAX)),
            gates: [0, 0],
            passes: if rules.goals.passes_counted() {
                setup.passes.min(2)
            } else {
                0
            },
            count: counting::Count::default(),
            duck: NO_CELL,
            history: Vec::with_capacity(256),
            pins: Vec::with_capacity(8),
            scratch: std::cell::RefCell::new(Vec::with_capacity(64)),
            zone_facts: Default::default(),
            attack_test: std::cell::Cell::new(false),
            exhaustive: std::cell::Cell::new(false),
            answering_drop: std::cell::Cell::new(false),
            answering_check: false,
            threats: legality::Threats::default(),
            geometry: Default::default(),
        };
        for &(coord, side, kind) in &setup.placements {
            if let Some(c) = rules.cell_at(coord) {
                pos.place(c, code(side.index(), kind));
            }
        }
        if rules.flags.walls {
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
    fn read_last_move(&mut self, setup: &Setup, fen: &str) -> Result<(), FenError> {
        if let Some(field) = &setup.en_passant {
            self.ep = self.read_en_passant(field)?;
        }
        if let Some(cells) = setup.swap_ban {
            self.swap_ban = self.read_swap_ban(cells, fen)?;
        }
        Ok(())
    }

    pub fn rules(&self) -> &'r Ruleset {
        self.rules
    }

    pub fn side_to_move(&self) -> Side {
        Side::from_index(self.side)
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

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
        if m.kind == MoveKind::DoubleStep {
            &self.rules.ray_cells[m.aux as usize..][..m.aux_len() as usize]
        } else {
            &[]
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
        h ^ self.drops_key() ^ self.checks_key() ^ self.gates_key() ^ self.passes_key()
    }

    fn swap_ban_key(&self) -> u64 {
        let (a, b) = self.swap_ban;
        if a == NO_CELL {
            0
        } else {
            let z = &self.rules.zobrist.swap_ban;
            z[a as usize] ^ z[b as usize]
        }
    }

    /// Change the reserve count of one side's kind by `delta`, keeping the hash.
    fn adjust_reserve(&mut self, side: usize, kind: usize, delta: i8) {
        let kinds = self.rules.kinds;
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
    fn place(&mut self, c: Cell, p: u8) {
        let side = side_of(p);
        self.board[c as usize] = p;
        self.slot[c as usize] = self.lists[side].len() as u16;
        self.lists[side].push(c);
        self.occupied[side] |= cell_bit(c);
        self.hash ^=
            self.rules.zobrist.pieces[c as usize * (2 * self.rules.kinds + 1) + p as usize];
        if self.rules.royal[kind_of(p)] {
            self.royals[side].push(c);
        }
    }

    #[inline]
    fn remove(&mut self, c: Cell) -> u8 {
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
        self.hash ^=
            self.rules.zobrist.pieces[c as usize * (2 * self.rules.kinds + 1) + p as usize];
        if self.rules.royal[kind_of(p)] {
            let royals = &mut self.royals[side];
            if let Some(j) = royals.iter().position(|&r| r == c) {
                royals.swap_remove(j);
            }
        }
        p
    }

    /// Put `p` (0: nothing) on a cell, keeping the occupancy masks but nothing else
    /// (piece lists, royals, hash): for a board changed briefly and restored.
    #[inline]
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

    /// What `unmake` needs to restore before `m` is made (captures filled in later).
    #[inline]
    fn undo_record(&self, m: Move, mover: u8) -> Undo {
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
            drops: self.drops,
            checks: self.checks,
            gates: self.gates,
            passes: self.passes,
            count: self.count,
            duck: self.duck,
        }
    }

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
        self.hash ^= self.swap_ban_key();
        self.swap_ban = NO_SWAP_BAN;
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
            let partner = self.remove(m.to);
            self.remove(m.from);
            self.place(m.to, mover);
            self.place(m.from, partner);
            if self.swap_back_possible(mover, partner) {
                self.swap_ban = (m.from, m.to);
                self.hash ^= self.swap_ban_key();
            }
        } else {
            self.remove(m.from);
            let piece = match m.promotion() {
                Some(k) => {
                    if self.uses_reserve(kind_of(mover)) {
                        self.adjust_reserve(self.side, k, -1);
                    }
                    if let Some(end) = self.promotes_from_queue(kind_of(mover)) {
                        self.take_from_queue(self.side, end);
                    }
                    code(self.side, k)
                }
                None => mover,
            };
            self.place(m.to, piece);
        }
        let lost = self.castling & clear;
        if lost != 0 {
            for i in 0..self.castles.rules.len() {
                if lost & (1 << i) != 0 {
                    self.hash ^= rules.zobrist.castling[i];
                }
            }
            self.castling &= !clear;
        }
        for &c in &self.ep.cells[..self.ep.len as usize] {
            self.hash ^= rules.zobrist.en_passant[c as usize];
        }
        self.ep = EnPassant::NONE;
        if m.kind == MoveKind::DoubleStep {
            let passed = &rules.ray_cells[m.aux as usize..][..m.aux_len() as usize];
            for (i, &c) in passed.iter().enumerate() {
                self.ep.cells[i] = c;
                self.hash ^= rules.zobrist.en_passant[c as usize];
            }
            self.ep.len = m.aux_len();
            self.ep.victim = m.to;
        }
        let kind = kind_of(mover);
        let took = m.ncap() > 0 || m.converted().is_some();
        let locks = rules.lock_resets_clock && self.arrival(&m).is_some_and(|c| self.locked(c));
        let promotes = rules.promotion_resets_clock && m.promotion().is_some();
        if (took && rules.capture_resets_clock) || rules.resets_clock[kind] || locks || promotes {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if let Some(c) = self.wall_of(&m) {
            self.put_wall(c);
        }
        if rules.flags.drops {
            self.drops_after_move(&m, mover, &undo.captured);
        }
        if rules.flags.gating {
            self.gate_after_move(&m);
        }
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
            self.count_move(&undo.captured[..m.ncap()], promoted);
        }
        self.clear_passes();
        self.history.push(undo);
        if rules.forcing_check_resets_clock && self.halfmove > 0 && !self.answering_check {
            self.reset_after_forcing_check();
        }
    }

    /// Under `reset-by forcing-check`: a move that gives check, when every legal
    /// answer resets the count, resets it itself (the answer cannot be undone
    /// without one; unmade with the move).
    fn reset_after_forcing_check(&mut self) {
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
        let rules = self.rules;
        self.side ^= 1;
        self.passes = u.passes;
        self.count = u.count;
        let m = u.mv;
        if let Some(kind) = m.from_hand() {
            self.unmake_drop(&u, kind);
            return;
        }
        if m.kind == MoveKind::Pass {
            self.swap_ban = u.swap_ban;
            self.ep = u.ep;
            self.halfmove = u.halfmove;
            self.fullmove = u.fullmove;
            self.hash = u.hash;
            return;
        }
        if let Some(c) = self.wall_of(&m) {
            self.take_wall(c, u.duck);
        }
        if let Some(c) = self.drop_cell(&m) {
            let p = self.remove(c);
            if rules.flags.gating {
                self.adjust_reserve(self.side, kind_of(p), 1);
            }
        }
        self.gates = u.gates;
        self.drops = u.drops;
        if let Some(rule) = m.castle_rule() {
            let c = &self.castles.rules[rule];
            let (kf, kt, rf, rt) = (c.king_from, c.king_to, c.rook_from, c.rook_to);
            let king = self.remove(kt);
            let rook = self.remove(rt);
            self.place(kf, king);
            self.place(rf, rook);
        } else if matches!(
            m.kind,
            MoveKind::Suicide | MoveKind::Destruction | MoveKind::Explosion
        ) {
            // The piece comes back with the captures below.
        } else if let Some((from, to)) = m.two_cell_ends() {
            self.move_two_cell(to, from);
        } else if m.kind == MoveKind::Swap {
            let partner = self.remove(m.from);
            self.remove(m.to);
            self.place(m.from, u.mover);
            self.place(m.to, partner);
        } else {
            self.remove(m.to);
            self.place(m.from, u.mover);
            if let Some(k) = m.promotion() {
                if self.uses_reserve(kind_of(u.mover)) {
                    self.adjust_reserve(self.side, k, 1);
                }
            }
        }
        if let Some(c) = m.converted() {
            let p = self.remove(c);
            self.place(c, code(1 - self.side, kind_of(p)));
        }
        for (i, &c) in m.captures().iter().enumerate().rev() {
            let p = u.captured[i];
            self.place(c, p);
            if rules.flags.reserves {
                self.keep_captured(p, self.side, -1);
            }
        }
        if rules.flags.two_cell {
            self.relink_victims(m.captures(), &u.captured);
        }
        self.swap_ban = u.swap_ban;
        self.castling = u.castling;
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.fullmove = u.fullmove;
        self.checks = u.checks;
        self.hash = u.hash;
    }

    /// Whether a kind's promotions take pieces from the reserve.
    #[inline]
    fn uses_reserve(&self, kind: usize) -> bool {
        self.rules.flags.reserves
            && self
                .rules
                .promotion_of(self.side, kind)
                .is_some_and(|p| p.from_captured)
    }

    /// After `mover` swapped with `partner`: whether the partner, an enemy, could swap
    /// straight back (a swapper, or a chameleon facing a swapper), which is banned for
    /// one move.
    fn swap_back_possible(&self, mover: u8, partner: u8) -> bool {
        let r = self.rules;
        if side_of(mover) == side_of(partner) {
            return false;
        }
        let (m, p) = (kind_of(mover), kind_of(partner));
        r.captures[p].swap || (r.chameleon_kinds & (1 << p) != 0 && r.mimicry.swap & (1 << m) != 0)
    }

    /// Whether a cell is attacked by a side: some piece of that side could capture there.
    pub fn attacked(&self, cell: Cell, by: Side) -> bool {
        self.attacked_by(cell, by.index())
    }

    #[inline]
    fn attacked_by(&self, cell: Cell, by: usize) -> bool {
        if self.rules.flags.special {
            return self.attacked_general(cell, by);
        }
        if self.rules.flags.capture_limits {
            return self.attacked_on_lines::<true>(cell, by);
        }
        self.attacked_on_lines::<false>(cell, by)
    }

    /// The attack test by the reverse tables; with `LIMITS`, the attackers'
    /// `cannot-capture` and `cannot-hop` kinds are minded.
    #[inline(always)]
    fn attacked_on_lines<const LIMITS: bool>(&self, cell: Cell, by: usize) -> bool {
        let r = self.rules;
        let n = r.cell_count();
        let here = self.board[cell as usize];
        // Whether a piece of `kind` may take what stands on the target (anything may
        // take an empty cell: the royal piece that would stand there).
        let takes =
            |kind: usize| !LIMITS || here == 0 || r.restrictions.may_capture(kind, kind_of(here));
        let hops = |kind: usize, screen: Cell| {
            !LIMITS
                || r.restrictions
                    .may_hop(kind, kind_of(self.board[screen as usize]))
        };
        let (a, b) = r.attack_index[by * n + cell as usize];
        for ray in &r.attack_rays[a as usize..b as usize] {
            let start = ray.start as usize;
            let len = ray.len as usize;
            let cells = &r.attack_cells[start..start + len];
            let masks = &r.attack_masks[start..start + len];
            let mut i = 0;
            while i < len {
                let p = self.board[cells[i] as usize];
                if p != 0 {
                    if side_of(p) == by && masks[i] & (1 << kind_of(p)) != 0 && takes(kind_of(p)) {
                        return true;
                    }
                    break;
                }
                i += 1;
            }
            if ray.hops != 0 && i < len {
                let h = &r.hop_masks[ray.hops as usize];
                let screen = i;
                i += 1;
                while i < len && self.board[cells[i] as usize] == 0 {
                    i += 1;
                }
                if i < len {
                    let p = self.board[cells[i] as usize];
                    let bit = 1 << kind_of(p);
                    let next = i == screen + 1;
                    let first = screen == 0;
                    if side_of(p) == by
                        && (h.hop & bit != 0
                            || (first && h.behind & bit != 0)
                            || (next && h.near & bit != 0)
                            || (first && next && h.near_behind & bit != 0))
                        && takes(kind_of(p))
                        && hops(kind_of(p), cells[screen])
                    {
                        return true;
                    }
                }
            }
        }
        let (a, b) = r.lame_index[by * n + cell as usize];
        for la in &r.lame_attacks[a as usize..b as usize] {
            let p = self.board[la.from as usize];
            if p != 0 && side_of(p) == by && la.mask & (1 << kind_of(p)) != 0 {
                let (start, len, screened) = la.between();
                let cells = &r.lame_cells[start..start + len];
                let open = match cells.split_last() {
                    Some((&screen, rest)) if screened => {
                        self.board[screen as usize] != 0
                            && rest.iter().all(|&c| self.board[c as usize] == 0)
                            && hops(kind_of(p), screen)
                    }
                    _ => cells.iter().all(|&c| self.board[c as usize] == 0),
                };
                if open && takes(kind_of(p)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the piece on `cell` cannot move because an enemy immobilizes it.
    pub fn is_frozen_piece(&self, cell: Cell) -> bool {
        self.rules.flags.immobilizers && self.is_frozen(cell)
    }

    /// Whether any royal piece of `side` is attacked.
    pub fn in_check(&self, side: Side) -> bool {
        let s = side.index();
        self.royals[s]
            .iter()
            .any(|&c| self.royal_attacked(c, 1 - s))
    }

    /// Every move the pieces' rules allow, without regard to royal safety.
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(out);
    }

    /// The cells of a side's royal pieces.
    pub fn royal_cells(&self, side: Side) -> &[Cell] {
        &self.royals[side.index()]
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

    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// Every legal move, appended to `out` after clearing it.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if self.rules.flags.goals && self.goal().is_some() {
            return;
        }
        self.moves_of_unfinished_game(out);
    }

    /// The legal moves when no goal has ended the game yet.
    fn moves_of_unfinished_game(&mut self, out: &mut Vec<Move>) {
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
        if let Some(pseudo) = with_drops {
            self.add_drop_turns(&pseudo, out);
        }
        if let Some(pseudo) = with_gates {
            self.add_gate_turns(&pseudo, out);
        }
        if self.rules.flags.hand {
            self.keep_drops_without_mate(out);
        }
        if self.rules.flags.pass {
            self.keep_parting_moves(out);
            self.add_pass(out);
        }
        self.keep_moves_without_check(out);
        self.keep_forced_captures(out);
    }

    /// Count leaf nodes of the legal move tree to `depth` (bulk-counted at the last
    /// ply). Programs that take a depth from a user keep it to [`MAX_PERFT_DEPTH`].
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut lists: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
        self.perft_with(depth, &mut lists)
    }

    fn perft_with(&mut self, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
        let Some((list, rest)) = lists.split_first_mut() else {
            return 1;
        };
        self.legal_moves(list);
        if depth == 1 {
            return list.len() as u64;
        }
        let mut nodes = 0;
        for &m in list.iter() {
            self.make(m);
            nodes += self.perft_with(depth - 1, rest);
            self.unmake();
        }
        nodes
    }

    /// [`Position::perft`] that gives up (`None`) soon after `stop` is raised (it is
    /// looked at on every node above the last ply), for a count a user may end.
    pub fn perft_until(&mut self, depth: u32, stop: &std::sync::atomic::AtomicBool) -> Option<u64> {
        if depth == 0 {
            return Some(1);
        }
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        let mut list = Vec::new();
        self.legal_moves(&mut list);
        if depth == 1 {
            return Some(list.len() as u64);
        }
        let mut nodes = 0;
        for m in list {
            self.make(m);
            let n = self.perft_until(depth - 1, stop);
            self.unmake();
            nodes += n?;
        }
        Some(nodes)
    }

    /// Perft per root move, in generation order.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let mut root = Vec::new();
        self.legal_moves(&mut root);
        root.into_iter()
            .map(|m| {
                self.make(m);
                let n = if depth <= 1 { 1 } else { self.perft(depth - 1) };
                self.unmake();
                (m, n)
            })
            .collect()
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
            return format!("{}@{}", r.definition.pieces[k].label, r.cell_name(m.to));
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
                if cell.is_some_and(|c| self.is_wall(c)) {
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
        if !reserve.is_empty() || r.flags.hand {
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
