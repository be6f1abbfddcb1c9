//! A move and its encoding: 40 bytes, kept in move lists, holding everything make
//! and unmake need besides the undo record. Only this file reads the fields; the
//! rest of the engine uses the named constructors and accessors.
//!
//! | field | holds |
//! |---|---|
//! | `from`, `to` | the mover's cells (a drop, a suicide, a pass: `from == to`) |
//! | `kind` | what the move does (`MoveKind`) |
//! | `promotion` | 0, or 1 + the kind the mover becomes |
//! | `aux` | by kind: a castling's rule, a double step's first passed cell in the ray table, a drop's kind, a two-cell move's second cells (from, to: 16 bits each); a normal move's converted cell when `aux_len()` is `CONVERTS` |
//! | `counts` | low 4 bits: the captures in `caps`; high 4 bits: a double step's passed cells, or `CONVERTS` |
//! | `drop` | the turn's drop or gate: 0, or 1 + its slot |
//! | `caps` | the captured cells; in a variant with walls (whose moves capture by replacement only), the last slot holds 1 + the wall's cell |

use super::{MAX_CAPTURES, MAX_EP_CELLS};
use crate::compile::Cell;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// What a move does.
pub enum MoveKind {
    /// A piece moves, capturing what the move lists.
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
    /// The cell the piece leaves.
    pub from: Cell,
    /// The cell it arrives on.
    pub to: Cell,
    /// What the move does.
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
// Move lists are the generator's working memory: a move stays 40 bytes.
const _: () = assert!(std::mem::size_of::<Move>() <= 40);

impl Move {
    /// A double step to `to`, passing the `len` cells of the ray table from `start`.
    pub(crate) fn double_step(from: Cell, to: Cell, start: u32, len: u8) -> Move {
        let mut m = Move::new(from, to, MoveKind::DoubleStep);
        m.aux = start;
        m.set_aux_len(len);
        m
    }

    /// A castling by rule `rule`, its royal piece from `from` to `to`.
    pub(crate) fn castling(from: Cell, to: Cell, rule: usize) -> Move {
        let mut m = Move::new(from, to, MoveKind::Castle);
        m.aux = rule as u32;
        m
    }

    /// A drop from the hand of a piece of `kind` on `cell`.
    pub(crate) fn dropping(cell: Cell, kind: usize) -> Move {
        let mut m = Move::new(cell, cell, MoveKind::Drop);
        m.aux = kind as u32;
        m
    }

    /// The kind this move drops from the player's hand, if it is a drop.
    pub fn from_hand(&self) -> Option<usize> {
        (self.kind == MoveKind::Drop).then_some(self.aux as usize)
    }

    /// A double step's passed cells: where they start in the ray table, and how
    /// many there are.
    #[inline]
    pub(super) fn passed_range(&self) -> Option<(usize, usize)> {
        (self.kind == MoveKind::DoubleStep)
            .then(|| (self.aux as usize, usize::from(self.aux_len())))
    }

    /// The same move promoting to `kind` (or not at all).
    #[inline]
    pub fn with_promotion(mut self, kind: Option<usize>) -> Move {
        self.promotion = kind.map_or(0, |k| k as u8 + 1);
        self
    }

    /// The same move with the turn's drop (or gate) of `other`.
    pub(super) fn with_drop_of(mut self, other: &Move) -> Move {
        self.drop = other.drop;
        self
    }

    /// The slot of the turn's drop (in the side's drop zone) or gate, if any.
    #[inline]
    pub(super) fn drop_slot(&self) -> Option<usize> {
        usize::from(self.drop).checked_sub(1)
    }

    /// The same move capturing nothing.
    pub(super) fn without_captures(mut self) -> Move {
        self.counts &= !15;
        self
    }

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
    pub(super) fn ncap(&self) -> usize {
        usize::from(self.counts & 15)
    }

    #[inline]
    pub(super) fn aux_len(&self) -> u8 {
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

    /// A hash of everything the move does: two moves of one position that differ
    /// differ here, in all but a vanishing share of cases.
    pub fn digest(&self) -> u64 {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let head = u64::from(self.from)
            | u64::from(self.to) << 16
            | (self.kind as u64) << 32
            | u64::from(self.promotion) << 40
            | u64::from(self.counts) << 48
            | u64::from(self.drop) << 56;
        // a product carries only upward: each step folds the high half back down
        let mix = |h: u64, x: u64| {
            let p = (h ^ x).wrapping_mul(K);
            p ^ p >> 32
        };
        let mut h = mix(mix(0, head), u64::from(self.aux));
        for &c in &self.caps {
            h = mix(h, u64::from(c));
        }
        h
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
    pub(super) fn is_simple(&self) -> bool {
        matches!(self.kind, MoveKind::Normal | MoveKind::DoubleStep)
            && (self.ncap() == 0 || (self.ncap() == 1 && self.caps[0] == self.to))
            && self.aux_len() != CONVERTS
    }
}
