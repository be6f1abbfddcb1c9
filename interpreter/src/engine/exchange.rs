//! Static exchange: what a move wins once both sides have captured in turn on the
//! cell it lands on, the least valuable capturer first, each side free to stop.
//! Where every capture replaces along the reverse tables, the exchange is played
//! out on the board alone; otherwise by the moves themselves, whatever their
//! capture modes, made and taken back.

use super::attack::AttackSearch;
use super::movegen::Purpose;
use super::{code, kind_of, side_of, Move, MoveKind, Position};
use crate::compile::Cell;

/// The most captures an exchange plays out (a board has rarely more attackers of
/// one cell).
const LONGEST: usize = 16;

/// The most moves deep an exchange by made moves looks.
const MAX_MADE: u32 = 6;

impl Position<'_> {
    /// The material the side to move wins by `m` and the captures on its landing
    /// cell that follow, valued per kind by `values` (royal kinds far above the
    /// rest). Pins and checks are not minded, nor promotions after the first move.
    pub fn static_exchange(&mut self, m: Move, values: &[i32]) -> i32 {
        let on_board = self.exchanges_on_board()
            && !m.drops()
            && m.converted().is_none()
            && matches!(
                m.kind,
                MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant | MoveKind::Drop
            );
        match (on_board, self.rules.flags.capture_limits) {
            (true, true) => self.exchange_on_board::<true>(m, values),
            (true, false) => self.exchange_on_board::<false>(m, values),
            (false, _) => self.exchange_by_moves(m, values, MAX_MADE),
        }
    }

    /// Whether exchanges are played on the board alone (cheap: no move is made),
    /// as they are where every capture replaces.
    pub fn exchanges_on_board(&self) -> bool {
        let f = &self.rules.flags;
        !f.special && !f.explosions && !f.wall_cells
    }

    /// What `m` itself changes in material for the side to move: its victims (its
    /// own pieces among them count against it), a takeover twice (a piece won and
    /// one lost by the other side), and a promotion's gain.
    fn material_change(&self, m: Move, values: &[i32]) -> i32 {
        let us = self.side;
        let mut v = 0;
        for &c in m.captures() {
            let p = self.board[c as usize];
            if p != 0 && p != self.rules.wall_code {
                let worth = values[kind_of(p)];
                v += if side_of(p) == us { -worth } else { worth };
            }
        }
        if let Some(c) = m.converted() {
            let p = self.board[c as usize];
            if p != 0 && p != self.rules.wall_code && side_of(p) != us {
                v += 2 * values[kind_of(p)];
            }
        }
        if let Some(k) = m.promotion() {
            let before = m
                .from_hand()
                .unwrap_or_else(|| kind_of(self.board[m.from as usize]));
            v += values[k] - values[before];
        }
        v
    }

    /// The exchange played on the board: pieces lifted and put, then put back.
    fn exchange_on_board<const LIMITS: bool>(&mut self, m: Move, values: &[i32]) -> i32 {
        let mut changed = Changes::new();
        let first = self.material_change(m, values);
        let kind = match (m.promotion(), m.from_hand()) {
            (Some(k), _) | (None, Some(k)) => k,
            (None, None) => kind_of(self.board[m.from as usize]),
        };
        for &c in m.captures() {
            changed.set(self, c, 0);
        }
        if m.from_hand().is_none() {
            changed.set(self, m.from, 0);
        }
        changed.set(self, m.to, code(self.side, kind));
        let mut gain = [0i32; LONGEST];
        gain[0] = first;
        let mut at_risk = values[kind];
        let mut side = 1 - self.side;
        let mut d = 0;
        while d + 1 < LONGEST {
            let Some((cell, kind)) = self.least_attacker::<LIMITS>(m.to, side, values) else {
                break;
            };
            d += 1;
            gain[d] = at_risk - gain[d - 1];
            // neither side would go on: the capturer's side is behind whatever follows
            if (-gain[d - 1]).max(gain[d]) < 0 {
                break;
            }
            at_risk = values[kind];
            let p = self.board[cell as usize];
            changed.set(self, m.to, p);
            changed.set(self, cell, 0);
            side = 1 - side;
        }
        changed.restore(self);
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }

    /// The least valuable piece of side `by` that could capture on `cell`.
    fn least_attacker<const LIMITS: bool>(
        &self,
        cell: Cell,
        by: usize,
        values: &[i32],
    ) -> Option<(Cell, usize)> {
        let mut least: Option<(Cell, usize)> = None;
        let visit = |c, k| {
            if least.is_none_or(|(_, l)| values[k] < values[l]) {
                least = Some((c, k));
            }
            false
        };
        match &self.rules.attacks.masked {
            Some(masks) => self.attackers_on_masks::<LIMITS>(masks, cell, by, visit),
            None => self.attackers_on_lines::<LIMITS>(cell, by, visit),
        };
        least
    }

    /// The exchange by made moves, `depth` moves deep at most: any capture mode
    /// that removes the piece on the landing cell is a capture of the exchange.
    fn exchange_by_moves(&mut self, m: Move, values: &[i32], depth: u32) -> i32 {
        let first = self.material_change(m, values);
        if depth == 0 {
            return first;
        }
        let us = self.side;
        self.make(m);
        let p = self.board[m.to as usize];
        let stands = p != 0 && p != self.rules.wall_code && side_of(p) == us;
        let reply = if stands && self.attacked_in(m.to, 1 - us, AttackSearch::Filtered) {
            self.least_capture(m.to, values)
        } else {
            None
        };
        let lost = reply.map_or(0, |r| self.exchange_by_moves(r, values, depth - 1));
        self.unmake();
        first - lost.max(0)
    }

    /// The side to move's capture of the piece on `target` by its least valuable
    /// capturer (of that piece's captures, the one taking the most).
    fn least_capture(&self, target: Cell, values: &[i32]) -> Option<Move> {
        let by = self.side;
        // taken, not borrowed: the generators below may borrow it themselves
        let mut buf = std::mem::take(&mut *self.scratch.borrow_mut());
        let mut best: Option<(i32, Move)> = None;
        for &from in &self.lists[by] {
            let kind = kind_of(self.board[from as usize]);
            if best.is_some_and(|(v, _)| values[kind] >= v) {
                continue;
            }
            if !self.attacker_captures(from, by, target, &mut buf, AttackSearch::Filtered) {
                continue;
            }
            buf.clear();
            self.general_piece_moves(by, from, kind, &mut buf, false, Purpose::Play);
            let taking = buf
                .iter()
                .filter(|c| c.captures().contains(&target))
                .max_by_key(|c| self.material_change(**c, values));
            if let Some(&c) = taking {
                best = Some((values[kind], c));
            }
        }
        *self.scratch.borrow_mut() = buf;
        best.map(|(_, m)| m)
    }
}

/// The cells an exchange on the board changed and what stood there first.
struct Changes {
    cells: [(Cell, u8); 2 * LONGEST + super::MAX_CAPTURES + 2],
    len: usize,
}

impl Changes {
    fn new() -> Changes {
        Changes {
            cells: [(0, 0); 2 * LONGEST + super::MAX_CAPTURES + 2],
            len: 0,
        }
    }

    fn set(&mut self, pos: &mut Position<'_>, cell: Cell, piece: u8) {
        self.cells[self.len] = (cell, pos.board[cell as usize]);
        self.len += 1;
        // the occupancy too: the attack test by masks reads it
        pos.set_cell(cell, piece);
    }

    fn restore(&self, pos: &mut Position<'_>) {
        for &(cell, piece) in self.cells[..self.len].iter().rev() {
            pos.set_cell(cell, piece);
        }
    }
}
