//! A running sum of vectors, one for each piece on each cell, kept up to date as
//! pieces are placed and removed, and saved and restored with each move: the
//! first layer of a learned evaluation, worked out move by move instead of from
//! the whole board at every node. The engine knows nothing of what the rows
//! mean; a search sets them.

use super::Position;
use crate::compile::Cell;
use std::sync::Arc;

/// Rows for each cell and piece code, in the layout of the zobrist keys
/// (`cell * (2 * kinds + 1) + code`), each `width` long.
#[derive(Clone, Debug)]
pub struct Rows {
    /// Every row, one after another.
    pub values: Arc<[i16]>,
    /// How long a row is.
    pub width: usize,
    /// What the sum starts from, `width` long.
    pub start: Arc<[i32]>,
}

impl Position<'_> {
    /// Keep a running sum of `rows` over the pieces on the board; rows of the
    /// wrong size are ignored (no sum is kept).
    pub fn set_rows(&mut self, rows: Rows) {
        let codes = 2 * self.rules.kinds + 1;
        self.summed.clear();
        self.saved_sums.clear();
        if rows.values.len() != self.rules.cell_count() * codes * rows.width
            || rows.start.len() != rows.width
        {
            self.rows = None;
            return;
        }
        self.summed.extend_from_slice(&rows.start);
        self.rows = Some(rows);
        for c in 0..self.board.len() {
            let p = self.board[c];
            if p != 0 && p != self.rules.wall_code {
                self.sum_row(c as Cell, p, 1);
            }
        }
    }

    /// The running sum of the rows (`set_rows`); empty without rows.
    pub fn summed(&self) -> &[i32] {
        &self.summed
    }

    #[inline(always)]
    pub(super) fn sum_row(&mut self, c: Cell, p: u8, sign: i32) {
        if let Some(rows) = &self.rows {
            let codes = 2 * self.rules.kinds + 1;
            let w = rows.width;
            let row = &rows.values[(c as usize * codes + p as usize) * w..][..w];
            if sign > 0 {
                for (s, &r) in self.summed.iter_mut().zip(row) {
                    *s += i32::from(r);
                }
            } else {
                for (s, &r) in self.summed.iter_mut().zip(row) {
                    *s -= i32::from(r);
                }
            }
        }
    }

    /// Before a move: the sum kept for its unmake.
    #[inline(always)]
    pub(super) fn save_sum(&mut self) {
        if self.rows.is_some() {
            self.saved_sums.extend_from_slice(&self.summed);
        }
    }

    /// At an unmake: the sum from before the move.
    #[inline(always)]
    pub(super) fn restore_sum(&mut self) {
        if self.rows.is_some() {
            let at = self.saved_sums.len() - self.summed.len();
            self.summed.copy_from_slice(&self.saved_sums[at..]);
            self.saved_sums.truncate(at);
        }
    }
}
