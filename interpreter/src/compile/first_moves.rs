//! First-move rights (`first-move`): the quiet moves a piece may make while it
//! holds its right, as rays per side, kind and cell; the back-rank cells whose
//! pieces may hold a right (one per file: the FEN names a right by its file); and
//! what takes a right away besides moving.

use super::rays::{Grid, RayTables};
use super::{Cell, MoveRays, Ray};
use crate::model::{Coord, Definition};

/// The first moves of a variant; all empty when no piece has any.
#[derive(Clone, Debug, Default)]
pub struct FirstMoves {
    /// Per side, kind and cell (as `MoveRays::index`): the first moves' rays.
    pub index: Vec<(u32, u32)>,
    pub rays: Vec<Ray>,
    pub cells: Vec<Cell>,
    /// Per side, kind and cell: a first move may land where another rule of the
    /// piece also does (the generator then lists it once).
    pub overlaps: Vec<bool>,
    /// Per kind: not while its side is in check.
    pub not_in_check: Vec<bool>,
    /// Per kind: the enemy kinds whose aim takes its right away, as a mask.
    pub aimed_by: Vec<u64>,
    /// The kinds whose aim takes some right away (all of `aimed_by`).
    pub aiming: u64,
    /// The kinds whose right a check takes away, as a mask.
    pub lost_when_checked: u64,
    /// Per side, per file (a right's bit): the file's back-rank cell, if any.
    pub right_cells: [Vec<Option<Cell>>; 2],
    /// Per side and cell: the bit of the right a piece there may hold (`NO_RIGHT`
    /// for none).
    pub right_bits: [Vec<u8>; 2],
}

/// A cell no right belongs to.
const NO_RIGHT: u8 = u8::MAX;

impl FirstMoves {
    /// The bit of the right a piece of `side` on `cell` may hold.
    #[inline]
    pub fn right_bit(&self, side: usize, cell: Cell) -> Option<usize> {
        let bit = *self.right_bits[side].get(cell as usize)?;
        (bit != NO_RIGHT).then_some(usize::from(bit))
    }
}

/// Rights fit a 32-bit mask per side: files beyond hold none.
const MAX_RIGHT_FILES: usize = 32;

pub(super) fn first_moves(def: &Definition, grid: &Grid, moves: &MoveRays) -> FirstMoves {
    if def.pieces.iter().all(|p| p.first_move.is_none()) {
        return FirstMoves::default();
    }
    let n = grid.cells.len();
    let mut tables = RayTables::default();
    let mut index = Vec::with_capacity(2 * def.pieces.len() * n);
    let mut overlaps = Vec::with_capacity(2 * def.pieces.len() * n);
    for side in 0..2 {
        for (kind, piece) in def.pieces.iter().enumerate() {
            for from in 0..n as Cell {
                let start = tables.rays.len() as u32;
                for (i, rule) in piece
                    .first_move
                    .iter()
                    .flat_map(|f| f.rules.iter())
                    .enumerate()
                {
                    tables.add_rule(grid, side, kind, from, rule, i, false);
                }
                index.push((start, tables.rays.len() as u32));
                let first = &tables.rays[start as usize..];
                let reached = |rays: &[Ray], cells: &[Cell]| -> Vec<Cell> {
                    (rays.iter())
                        .flat_map(|r| &cells[r.start as usize..][..r.len as usize])
                        .copied()
                        .collect()
                };
                let (a, b) = moves.index[index.len() - 1];
                let ordinary = reached(&moves.rays[a as usize..b as usize], &moves.cells);
                let own = reached(first, &tables.ray_cells);
                overlaps.push(own.iter().any(|c| ordinary.contains(c)));
            }
        }
    }
    let right_cells = [0, def.board.height() - 1].map(|rank| {
        (0..def.board.width().min(MAX_RIGHT_FILES as i32))
            .map(|file| grid.at(Coord { file, rank }))
            .collect()
    });
    let right_bits = right_cells.each_ref().map(|cells: &Vec<Option<Cell>>| {
        let mut bits = vec![NO_RIGHT; n];
        for (bit, c) in cells.iter().enumerate() {
            if let Some(c) = c {
                bits[*c as usize] = bit as u8;
            }
        }
        bits
    });
    FirstMoves {
        index,
        right_bits,
        rays: tables.rays,
        cells: tables.ray_cells,
        overlaps,
        not_in_check: (def.pieces.iter())
            .map(|p| p.first_move.as_ref().is_some_and(|f| f.not_in_check))
            .collect(),
        lost_when_checked: (def.pieces.iter().enumerate())
            .filter(|(_, p)| p.first_move.as_ref().is_some_and(|f| f.lost_when_checked))
            .fold(0, |m, (k, _)| m | 1 << k),
        aiming: (def.pieces.iter())
            .flat_map(|p| p.first_move.iter().flat_map(|f| &f.aimed_by))
            .fold(0, |m, &k| m | 1 << k),
        aimed_by: (def.pieces.iter())
            .map(|p| {
                (p.first_move.iter())
                    .flat_map(|f| &f.aimed_by)
                    .fold(0, |m, &k| m | 1 << k)
            })
            .collect(),
        right_cells,
    }
}
