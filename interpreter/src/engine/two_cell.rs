//! Pieces on two cells: their ends in the position (joined in pairs, part of the
//! hash), their moves (sequences of turns and advances), and how other pieces may
//! capture them (only from their axis, when `captured-on-axis`; both ends go).

use super::{kind_of, side_of, Move, Position, MAX_CAPTURES};
use crate::compile::Cell;
use crate::model::{Coord, Offset, TwoCell};

/// The most single steps from one placing: two turns and an advance per end.
const MAX_SINGLE_STEPS: usize = 6;

impl Position<'_> {
    /// Join two cells as the ends of one piece.
    pub(super) fn link(&mut self, a: Cell, b: Cell) {
        self.partner[a as usize] = b;
        self.partner[b as usize] = a;
        self.hash ^= self.rules.zobrist.link_key(a, b);
    }

    /// The other end of the two-cell piece on `cell`, if one stands there.
    pub fn other_end(&self, cell: Cell) -> Option<Cell> {
        let p = *self.board.get(cell as usize)?;
        (p != 0 && self.rules.two_cell[kind_of(p)].is_some()).then(|| self.partner[cell as usize])
    }

    /// Each two-cell piece's ends, lower cell first, in cell order.
    pub fn two_cell_pairs(&self) -> Vec<(Cell, Cell)> {
        if !self.rules.flags.two_cell {
            return Vec::new();
        }
        (0..self.board.len() as Cell)
            .filter_map(|c| self.other_end(c).filter(|&o| c < o).map(|o| (c, o)))
            .collect()
    }

    /// Before a captured cell is emptied: if it is the first end of a two-cell
    /// piece to go, its join leaves the hash.
    pub(super) fn unlink_victim(&mut self, c: Cell) {
        if let Some(o) = self.other_end(c) {
            if self.board[o as usize] != 0 {
                self.hash ^= self.rules.zobrist.link_key(c, o);
                // The second end to go finds its partner already empty.
                self.partner[o as usize] = c;
            }
        }
    }

    /// After captures are put back: join the ends of each two-cell victim, which a
    /// move always lists one after the other.
    pub(super) fn relink_victims(&mut self, caps: &[Cell], codes: &[u8]) {
        let mut i = 0;
        while i + 1 < caps.len() {
            if self.rules.two_cell[kind_of(codes[i])].is_some() && codes[i + 1] == codes[i] {
                self.link(caps[i], caps[i + 1]);
                i += 2;
            } else {
                i += 1;
            }
        }
    }

    /// Move a two-cell piece from one pair of cells to another.
    pub(super) fn move_two_cell(&mut self, from: [Cell; 2], to: [Cell; 2]) {
        self.hash ^= self.rules.zobrist.link_key(from[0], from[1]);
        let p = self.remove(from[0]);
        self.remove(from[1]);
        self.place(to[0], p);
        self.place(to[1], p);
        self.link(to[0], to[1]);
    }

    /// `(f2)` after the end of a two-cell piece written first in a FEN: the other end.
    pub(super) fn partner_mark(&self, at: Coord) -> String {
        let r = self.rules;
        let Some(cell) = r.cell_at(at) else {
            return String::new();
        };
        match self.other_end(cell) {
            Some(o) => {
                let b = r.board.cells[o as usize];
                let later = b.rank < at.rank || (b.rank == at.rank && b.file > at.file);
                if later {
                    format!("({})", r.cell_name(o))
                } else {
                    String::new()
                }
            }
            None => String::new(),
        }
    }

    fn offset(&self, a: Cell, b: Cell) -> Offset {
        let (x, y) = (
            self.rules.board.cells[a as usize],
            self.rules.board.cells[b as usize],
        );
        Offset::new(y.file - x.file, y.rank - x.rank)
    }

    /// Whether a piece starting on `from` may take the two-cell piece with an end on
    /// `c`: always, unless it is `captured-on-axis`; then only from the line through
    /// both ends, beyond `c` (the nearer end).
    fn may_take_end(&self, from: Cell, c: Cell, other: Cell, rule: TwoCell) -> bool {
        if !rule.captured_on_axis {
            return true;
        }
        let v = self.offset(from, c);
        let d = self.offset(c, other);
        v.dx * d.dy == v.dy * d.dx && v.dx * d.dx + v.dy * d.dy > 0
    }

    /// Whether `c` lies on the way from `from` to `to`, strictly between them.
    fn between(&self, from: Cell, c: Cell, to: Cell) -> bool {
        let (v, w) = (self.offset(from, c), self.offset(from, to));
        v.dx * w.dy == v.dy * w.dx
            && v.dx * w.dx + v.dy * w.dy > 0
            && v.dx * v.dx + v.dy * v.dy < w.dx * w.dx + w.dy * w.dy
    }

    /// The one-cell piece on `from` made `out[start..]`: a capture of a two-cell
    /// piece takes its other end too, listed right after it; a capture it may not
    /// make is dropped from the move, and a move landing on or jumping over such an
    /// end is no move. Moves that become the same are listed once.
    pub(super) fn two_cell_victims(&self, from: Cell, out: &mut Vec<Move>, start: usize) {
        let mut changed = false;
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            let hits = m.captures().iter().any(|&c| self.other_end(c).is_some());
            if !hits {
                out[keep] = m;
                keep += 1;
                continue;
            }
            changed = true;
            if let Some(fixed) = self.with_whole_victims(from, m) {
                out[keep] = fixed;
                keep += 1;
            }
        }
        out.truncate(keep);
        if changed {
            super::movegen::fold_repeats(out, start);
        }
    }

    /// `m` taking both ends of each two-cell victim it may take, without those it
    /// may not; `None` when it lands on or jumps over one of those.
    fn with_whole_victims(&self, from: Cell, m: Move) -> Option<Move> {
        let mut fixed = m.without_captures();
        for &c in m.captures() {
            match self.other_end(c) {
                None => fixed = fixed.with_capture(c),
                Some(o) => {
                    let kind = kind_of(self.board[c as usize]);
                    let rule = self.rules.two_cell[kind]?;
                    if self.may_take_end(from, c, o, rule) {
                        if fixed.captures().contains(&c) || fixed.captures().contains(&o) {
                            continue;
                        }
                        if fixed.captures().len() + 2 > MAX_CAPTURES {
                            return None;
                        }
                        fixed = fixed.with_capture(c).with_capture(o);
                    } else if c == m.to || self.between(from, c, m.to) {
                        return None;
                    }
                }
            }
        }
        Some(fixed)
    }

    /// The moves of the two-cell piece with ends `ends` (lower cell first): every
    /// sequence of one to `steps` steps, each a turn or an advance, no step undoing
    /// the one before (except a retreat after a capture), none ending where it began
    /// without a capture; sequences with the same effect are one move.
    pub(super) fn two_cell_moves(
        &self,
        us: usize,
        ends: [Cell; 2],
        rule: TwoCell,
        out: &mut Vec<Move>,
    ) {
        let start = out.len();
        let mut walk = Walk {
            start: ends,
            caps: [0; MAX_CAPTURES],
            ncaps: 0,
        };
        self.steps_from(us, rule, &mut walk, ends, None, rule.steps as usize, out);
        super::movegen::fold_repeats(out, start);
    }

    #[allow(clippy::too_many_arguments)]
    fn steps_from(
        &self,
        us: usize,
        rule: TwoCell,
        walk: &mut Walk,
        at: [Cell; 2],
        before: Option<([Cell; 2], bool)>,
        left: usize,
        out: &mut Vec<Move>,
    ) {
        if left == 0 {
            return;
        }
        let mut next = [([0; 2], None); MAX_SINGLE_STEPS];
        let n = self.single_steps(us, rule, walk, at, &mut next);
        for &(cells, victim) in &next[..n] {
            let undoes = before.is_some_and(|(prev, took)| {
                same_pair(prev, cells) && !(took && rule.retreat_after_capture)
            });
            if undoes {
                continue;
            }
            let saved = walk.ncaps;
            if let Some(v) = victim {
                walk.caps[walk.ncaps] = v[0];
                walk.caps[walk.ncaps + 1] = v[1];
                walk.ncaps += if v[0] == v[1] { 1 } else { 2 };
            }
            let null = walk.ncaps == 0 && same_pair(cells, walk.start);
            if !null {
                let mut m = Move::two_cell(walk.start, sorted(cells));
                for &c in &walk.caps[..walk.ncaps] {
                    m = m.with_capture(c);
                }
                out.push(m);
            }
            self.steps_from(
                us,
                rule,
                walk,
                cells,
                Some((at, victim.is_some())),
                left - 1,
                out,
            );
            walk.ncaps = saved;
        }
    }

    /// The single steps from `at`: the cells after each, and its victim's cells (the
    /// same cell twice for a one-cell victim).
    fn single_steps(
        &self,
        us: usize,
        rule: TwoCell,
        walk: &Walk,
        at: [Cell; 2],
        next: &mut [([Cell; 2], Option<[Cell; 2]>)],
    ) -> usize {
        let r = self.rules;
        let edges = &r.board.edge_steps;
        let mut n = 0;
        for (x, y) in [(at[0], at[1]), (at[1], at[0])] {
            let d = self.offset(y, x);
            let i = edges.iter().position(|&e| e == d).unwrap_or(0);
            if rule.turn {
                for j in [i + 1, i + edges.len() - 1] {
                    let e = edges[j % edges.len()];
                    if let Some(t) = r.step(y, e) {
                        if self.seen(walk, at, t) == 0 && n < next.len() {
                            next[n] = ([t, y], None);
                            n += 1;
                        }
                    }
                }
            }
            let Some(captures) = rule.advance else {
                continue;
            };
            let Some(t) = r.step(x, d) else { continue };
            let q = self.seen(walk, at, t);
            if q == 0 && n < next.len() {
                next[n] = ([t, x], None);
                n += 1;
            } else if captures && side_of(q) != us {
                let victim = match self.other_end(t) {
                    None => Some([t, t]),
                    Some(o) => {
                        let kind = kind_of(q);
                        let ok = r.two_cell[kind].is_some_and(|tr| self.may_take_end(x, t, o, tr));
                        ok.then_some([t, o])
                    }
                };
                if victim.is_some() && walk.ncaps + 2 <= MAX_CAPTURES && n < next.len() {
                    next[n] = ([t, x], victim);
                    n += 1;
                }
            }
        }
        n
    }

    /// The occupant of `c` during a walk now at `at`: the walker itself, nothing on
    /// the cells it left or took, else the board.
    fn seen(&self, walk: &Walk, at: [Cell; 2], c: Cell) -> u8 {
        if at.contains(&c) {
            return self.board[walk.start[0] as usize];
        }
        if walk.start.contains(&c) || walk.caps[..walk.ncaps].contains(&c) {
            return 0;
        }
        self.board[c as usize]
    }
}

/// A sequence of steps being walked: where it began and what it took.
struct Walk {
    start: [Cell; 2],
    caps: [Cell; MAX_CAPTURES],
    ncaps: usize,
}

fn sorted([a, b]: [Cell; 2]) -> [Cell; 2] {
    [a.min(b), a.max(b)]
}

fn same_pair(a: [Cell; 2], b: [Cell; 2]) -> bool {
    sorted(a) == sorted(b)
}
