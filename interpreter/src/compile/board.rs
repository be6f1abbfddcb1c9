//! The board as numbered cells: each cell's coordinate and name, the grid that
//! finds a cell by its coordinate, and the steps between cells.

use super::{Cell, Ruleset};
use crate::model::{Coord, Definition, Offset};

/// Off the board, in `BoardTables::unit_steps`.
pub(super) const UNIT_NONE: Cell = Cell::MAX;

/// The board's cells, numbered from 0 rank by rank.
#[derive(Clone, Debug)]
pub struct BoardTables {
    pub cells: Vec<Coord>,
    pub cell_names: Vec<String>,
    /// Per coordinate (rank by rank, the bounding rectangle), its cell if any.
    pub(super) grid: Vec<Option<Cell>>,
    /// Each cell's unit steps (`dx`, `dy` in -1..=1), `UNIT_NONE` off the board:
    /// the steps taken most often, read without coordinate arithmetic.
    pub(super) unit_steps: Vec<[Cell; 9]>,
    /// Each cell's neighbours (the king's steps).
    pub neighbours: Vec<Vec<Cell>>,
    /// The steps across a cell's edges, going round (what joins two-cell ends).
    pub edge_steps: Vec<Offset>,
    /// Each side's forward step.
    pub forward: [Offset; 2],
}

/// The board's cells numbered, and the grid that finds them by coordinate.
pub(super) fn number_cells(def: &Definition) -> (Vec<Coord>, Vec<Option<Cell>>) {
    let board = &def.board;
    let (w, h) = (board.width(), board.height());
    let mut grid = vec![None; (w * h) as usize];
    let mut cells = Vec::new();
    for r in 0..h {
        for f in 0..w {
            let c = Coord { file: f, rank: r };
            if board.contains(c) {
                grid[(r * w + f) as usize] = Some(cells.len() as Cell);
                cells.push(c);
            }
        }
    }
    (cells, grid)
}

/// The board's tables around its numbered cells (the unit steps are filled in once
/// the `Ruleset` exists: `unit_steps`).
pub(super) fn board_tables(
    def: &Definition,
    cells: Vec<Coord>,
    grid: Vec<Option<Cell>>,
    neighbours: Vec<Vec<Cell>>,
) -> BoardTables {
    BoardTables {
        cell_names: cells.iter().map(|c| def.board.cell_name(*c)).collect(),
        cells,
        grid,
        unit_steps: Vec::new(),
        neighbours,
        edge_steps: def.board.tiling.edge_steps(),
        forward: [Offset::new(0, 1), Offset::new(0, -1)],
    }
}

/// Each cell's neighbours by the tiling's steps.
pub(super) fn neighbours(def: &Definition, grid: &super::rays::Grid) -> Vec<Vec<Cell>> {
    let steps = def.board.tiling.neighbours();
    (0..grid.cells.len() as Cell)
        .map(|c| steps.iter().filter_map(|&o| grid.shift(c, o)).collect())
        .collect()
}

/// Each cell's unit steps, by coordinates.
pub(super) fn unit_steps(rules: &Ruleset) -> Vec<[Cell; 9]> {
    (0..rules.board.cells.len() as Cell)
        .map(|c| {
            let mut steps = [UNIT_NONE; 9];
            for (i, s) in steps.iter_mut().enumerate() {
                let o = Offset::new(i as i32 % 3 - 1, i as i32 / 3 - 1);
                *s = rules.step_by_coords(c, o).unwrap_or(UNIT_NONE);
            }
            steps
        })
        .collect()
}
