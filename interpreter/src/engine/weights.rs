//! A running sum of weights, one for each piece on each cell, kept up to date as
//! pieces are placed and removed: an evaluation that changes move by move instead
//! of scanning the board at every node. The engine knows nothing of what the
//! weights mean; a search sets them. A running key of chosen pieces is kept the
//! same way (`set_marks`).

use super::{side_of, Position};
use crate::compile::Cell;
use std::sync::Arc;

/// Weights for each cell and piece code, in the layout of the zobrist keys
/// (`cell * (2 * kinds + 1) + code`), each counted for White and against Black.
/// They are 64 bits wide so that a search may pack two sums in one.
pub type Weights = Arc<[i64]>;

/// Keys for each cell and piece code, in the layout of [`Weights`]: 0 for a piece
/// the running key leaves out.
pub type Marks = Arc<[u64]>;

impl Position<'_> {
    /// Keep a running sum of `weights[cell * (2 * kinds + 1) + code]` over the
    /// pieces on the board, White's counted for and Black's against. A table of the
    /// wrong size is ignored (no sum is kept).
    pub fn set_weights(&mut self, weights: Weights) {
        let codes = 2 * self.rules.kinds + 1;
        if weights.len() != self.rules.cell_count() * codes {
            self.weights = None;
            self.weighed = 0;
            return;
        }
        self.weighed = (0..self.board.len())
            .filter(|&c| self.board[c] != 0 && self.board[c] != self.rules.wall_code)
            .map(|c| signed(&weights, c as Cell, codes, self.board[c]))
            .sum();
        self.weights = Some(weights);
    }

    /// The weights whose sum is kept, if any.
    pub fn weights(&self) -> Option<&Weights> {
        self.weights.as_ref()
    }

    /// The running sum of the weights (`set_weights`), for White: 0 without weights.
    pub fn weighed(&self) -> i64 {
        self.weighed
    }

    /// Keep a running key: the wrapping sum of `marks` (laid out as the weights
    /// are) over the pieces on the board. A table of the wrong size is ignored.
    pub fn set_marks(&mut self, marks: Marks) {
        let codes = 2 * self.rules.kinds + 1;
        if marks.len() != self.rules.cell_count() * codes {
            self.marks = None;
            self.marked = 0;
            return;
        }
        self.marked = (0..self.board.len())
            .filter(|&c| self.board[c] != 0 && self.board[c] != self.rules.wall_code)
            .fold(0u64, |k, c| {
                k.wrapping_add(marks[c * codes + self.board[c] as usize])
            });
        self.marks = Some(marks);
    }

    /// The running key of the marked pieces (`set_marks`): 0 without marks.
    pub fn marked(&self) -> u64 {
        self.marked
    }

    /// Whether the position keeps a running key of marked pieces.
    pub fn keeps_marks(&self) -> bool {
        self.marks.is_some()
    }

    /// The sum and the key changed by a piece coming (`sign` 1) or going (-1).
    #[inline(always)]
    pub(super) fn weigh(&mut self, c: Cell, p: u8, sign: i32) {
        self.sum_row(c, p, sign);
        let codes = 2 * self.rules.kinds + 1;
        if let Some(w) = &self.weights {
            self.weighed += i64::from(sign) * signed(w, c, codes, p);
        }
        if let Some(m) = &self.marks {
            let key = m[c as usize * codes + p as usize];
            self.marked = if sign > 0 {
                self.marked.wrapping_add(key)
            } else {
                self.marked.wrapping_sub(key)
            };
        }
    }
}

#[inline(always)]
fn signed(weights: &[i64], c: Cell, codes: usize, p: u8) -> i64 {
    let w = weights[c as usize * codes + p as usize];
    if side_of(p) == 0 {
        w
    } else {
        -w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In every shipped definition, along a random game, the running sum and key
    /// after each of up to 16 moves, and after it is taken back, are what a count
    /// from scratch gives (unmake restores them from its record).
    #[test]
    fn the_running_sum_and_key_are_the_board_s_after_make_and_unmake() {
        let scratch = |pos: &Position| {
            let mut fresh = pos.clone();
            fresh.set_weights(Arc::clone(pos.weights().expect("weights are set")));
            fresh.set_marks(Arc::clone(pos.marks.as_ref().expect("marks are set")));
            (fresh.weighed(), fresh.marked())
        };
        let mut moves = Vec::new();
        for path in crate::shipped_definitions() {
            let text = std::fs::read_to_string(&path).expect("readable");
            let rules = crate::load_file(&path, &text).ruleset.expect("it loads");
            let size = rules.cell_count() * (2 * rules.kinds + 1);
            let mut seed = 5u64;
            let mut next = move || {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                seed >> 20
            };
            let weights: Weights = (0..size).map(|_| (next() % 2001) as i64 - 1000).collect();
            let marks: Marks = (0..size).map(|_| next()).collect();
            super::super::random_game(&rules, &mut 3, 30, |pos| {
                let mut pos = pos.clone();
                pos.set_weights(Arc::clone(&weights));
                pos.set_marks(Arc::clone(&marks));
                let before = scratch(&pos);
                assert_eq!((pos.weighed(), pos.marked()), before, "{}", path.display());
                pos.legal_moves(&mut moves);
                for &m in moves.iter().take(16) {
                    pos.make(m);
                    assert_eq!(
                        (pos.weighed(), pos.marked()),
                        scratch(&pos),
                        "{}",
                        pos.fen()
                    );
                    pos.unmake();
                    assert_eq!((pos.weighed(), pos.marked()), before, "{}", pos.fen());
                }
            });
        }
    }
}
