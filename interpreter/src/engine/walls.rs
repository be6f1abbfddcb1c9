//! `walls`: every move puts a wall. A wall is a board code of no side's list (the
//! kind past the last, which no piece may capture), so rays stop at it and attack
//! tests pass it by; the turn's wall cell rides in the move (`Position::wall_of`).

use super::movegen::Purpose;
use super::{Move, MoveKind, Position, NO_CELL};
use crate::compile::Cell;
use crate::model::{Setup, WallRule};

impl Position<'_> {
    pub(super) fn load_walls(&mut self, setup: &Setup) {
        for &coord in &setup.walls {
            if let Some(c) = self.rules.cell_at(coord) {
                if self.board[c as usize] == 0 {
                    self.set_wall(c, true);
                    self.duck = c;
                }
            }
        }
    }

    /// The cell a turn puts its wall on (under `walls`).
    #[inline]
    pub fn wall_of(&self, m: &Move) -> Option<Cell> {
        if self.rules.flags.walls {
            m.wall_slot()
        } else {
            None
        }
    }

    /// Whether a wall stands on the cell.
    pub fn is_wall(&self, cell: Cell) -> bool {
        self.rules.flags.wall_cells && self.board.get(cell as usize) == Some(&self.rules.wall_code)
    }

    /// The cells walls stand on.
    pub fn walls(&self) -> Vec<Cell> {
        (0..self.board.len() as Cell)
            .filter(|&c| self.is_wall(c))
            .collect()
    }

    pub(super) fn set_wall(&mut self, c: Cell, on: bool) {
        self.board[c as usize] = if on { self.rules.wall_code } else { 0 };
        self.hash ^= self.rules.zobrist.walls[c as usize];
    }

    /// Put the turn's wall: the duck leaves its cell first. A wall on a cell the
    /// move's piece just passed closes it to en passant (nothing may land there).
    pub(super) fn put_wall(&mut self, c: Cell) {
        if self.is_duck() {
            if self.duck != NO_CELL {
                self.set_wall(self.duck, false);
            }
            self.duck = c;
        }
        self.set_wall(c, true);
        if self.ep.contains(c) {
            self.close_passed_cell(c);
        }
    }

    fn close_passed_cell(&mut self, c: Cell) {
        let mut open = super::EnPassant::NONE;
        for &p in &self.ep.cells[..self.ep.len as usize] {
            if p == c {
                self.hash ^= self.rules.zobrist.en_passant[c as usize];
            } else {
                open.cells[open.len as usize] = p;
                open.len += 1;
            }
        }
        if open.len > 0 {
            open.victim = self.ep.victim;
        }
        self.ep = open;
    }

    /// Take back the turn's wall on `c`; the duck goes back to `duck`.
    pub(super) fn take_wall(&mut self, c: Cell, duck: Cell) {
        self.set_wall(c, false);
        if self.is_duck() {
            if duck != NO_CELL {
                self.set_wall(duck, true);
            }
            self.duck = duck;
        }
    }

    fn is_duck(&self) -> bool {
        self.rules
            .walls
            .as_ref()
            .is_some_and(|w| w.rule == WallRule::Duck)
    }

    /// Replace each move of `out` by the same move with each wall it may put; a
    /// move with no cell for its wall is no move.
    pub(super) fn add_walls(&mut self, out: &mut Vec<Move>) {
        let base = out.len();
        let mut cells = Vec::new();
        for i in 0..base {
            let m = out[i];
            self.make(m);
            self.wall_cells(&m, &mut cells);
            self.unmake();
            out.extend(cells.iter().map(|&c| m.with_wall(c)));
        }
        out.drain(..base);
    }

    /// The cells the mover of `m`, just made (the opponent is to move), may put its
    /// wall on.
    fn wall_cells(&self, m: &Move, cells: &mut Vec<Cell>) {
        cells.clear();
        let Some(walls) = self.rules.walls.as_ref() else {
            return;
        };
        let us = 1 - self.side;
        let free = |c: Cell| self.board[c as usize] == 0 && walls.allows(us, c);
        match walls.rule {
            WallRule::Duck | WallRule::Anywhere => {
                cells.extend((0..self.board.len() as Cell).filter(|&c| free(c)));
            }
            WallRule::Trail => {
                let from = match m.castle_rule() {
                    Some(i) => self.castles.rules[i].king_from,
                    None => m.from,
                };
                if free(from) {
                    cells.push(from);
                }
            }
            WallRule::Arrow => {
                let Some(at) = self.arrival(m) else {
                    return;
                };
                let mut moves = self.scratch.borrow_mut();
                moves.clear();
                let kind = super::kind_of(self.board[at as usize]);
                self.quiet_moves_of(us, at, kind, &mut moves);
                for q in moves.iter() {
                    if free(q.to) && !cells.contains(&q.to) {
                        cells.push(q.to);
                    }
                }
            }
        }
    }

    /// The quiet moves of the piece on `from` (no captures, no en passant).
    fn quiet_moves_of(&self, us: usize, from: Cell, kind: usize, out: &mut Vec<Move>) {
        let start = out.len();
        self.piece_moves(us, from, kind, out, false, Purpose::Play);
        let mut keep = start;
        for i in start..out.len() {
            let q = out[i];
            if q.captures().is_empty() && matches!(q.kind, MoveKind::Normal | MoveKind::DoubleStep)
            {
                out[keep] = q;
                keep += 1;
            }
        }
        out.truncate(keep);
    }
}
