//! Positions, moves, make/unmake, legal move generation and perft, driven by the
//! compiled tables of a `Ruleset`. Nothing here knows a piece by name.
//!
//! `position.rs` holds the `Position`, `moves.rs` the `Move` and its encoding,
//! `make.rs` make and unmake, `movegen.rs` the generation driver, `capture/` a
//! file per capture mode, `attack.rs` the attack tests, `legality.rs` the legal
//! moves, `perft.rs` the counts; each other rule family has its file.

mod accumulator;
mod activity;
mod attack;
mod attack_masks;
mod bulk_count;
mod capture;
mod capture_only;
mod castling;
mod check_count;
mod counting;
mod dead;
mod deferred;
mod drop_setup;
mod drops;
mod en_passant;
mod exchange;
mod explosion;
mod first_moves;
mod flips;
mod gating;
mod gives_check;
mod goals;
mod hand;
mod in_place;
mod legality;
mod make;
mod mate_by;
mod movegen;
mod moves;
mod parallel;
mod passing;
mod perft;
mod petrify;
mod pins;
mod position;
#[cfg(feature = "reference")]
pub mod reference;
mod royal_count;
mod threat_cache;
mod threat_count;
mod two_cell;
mod walls;
mod weights;

use crate::compile::Cell;
use crate::model::Side;

pub use crate::check::{MAX_CAPTURES, MAX_EP_CELLS};
pub use accumulator::Rows;
pub use activity::Reach;
pub use dead::lone_piece_mates;
pub use deferred::Legality;
pub use goals::{Goal, GoalKind};
pub use legality::LegalityMismatch;
use make::Undo;
pub use moves::{Move, MoveKind};
pub use position::Position;
pub use weights::{Marks, Weights};

/// The deals `redeal` tries for one seed before it keeps the last.
pub const MAX_DEALS: u64 = 1000;

/// The deepest perft a program should ask for: deeper trees are beyond any
/// machine's time, and their recursion beyond any stack.
pub const MAX_PERFT_DEPTH: u32 = 64;

const NO_CELL: Cell = Cell::MAX;
const NO_SWAP_BAN: (Cell, Cell) = (NO_CELL, NO_CELL);

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

/// A cell's bit in a mask of the first 128 cells; none for the cells beyond.
#[inline]
fn cell_bit(c: Cell) -> u128 {
    1u128.checked_shl(u32::from(c)).unwrap_or(0)
}

/// A piece on a cell: its side and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub side: Side,
    /// Its kind: an index into the definition's pieces.
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

/// Plays `plies` random legal moves from the start (seeded by `seed`, which runs
/// on), showing `visit` every position before a move.
#[cfg(test)]
pub(crate) fn random_game(
    rules: &crate::compile::Ruleset,
    seed: &mut u64,
    plies: usize,
    visit: impl FnMut(&Position),
) {
    random_game_from(Position::start(rules), seed, plies, visit);
}

/// [`random_game`] from `pos`.
#[cfg(test)]
pub(crate) fn random_game_from(
    mut pos: Position,
    seed: &mut u64,
    plies: usize,
    mut visit: impl FnMut(&Position),
) {
    let mut moves = Vec::new();
    for _ply in 0..plies {
        visit(&pos);
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos.make(moves[(*seed >> 33) as usize % moves.len()]);
    }
}
