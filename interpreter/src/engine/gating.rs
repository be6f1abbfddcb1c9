//! Gating (a hand's `gate` rule, Seirawan chess): a piece leaving an open gate may
//! leave a piece from the hand on the cell it left, as part of its move; a castling
//! may gate on the king's or the rook's cell. A gate closes once a piece leaves or
//! enters it, and all of a side's gates close when its hand holds no gating kind.
//! A gating move is its move with `drop` naming the gate and the kind.

use super::{code, Move, Position, NO_CELL};
use crate::compile::{CapturedGoTo, Cell, NO_GATE};
use crate::model::Setup;
use crate::random::mix;

impl Position<'_> {
    pub(super) fn load_gates(&mut self, setup: &Setup) {
        for side in 0..2 {
            for &coord in &setup.gates[side] {
                if let Some(slot) = self
                    .rules
                    .cell_at(coord)
                    .and_then(|c| self.gate_slot(side, c))
                {
                    self.gates[side] |= 1 << slot;
                }
            }
        }
        self.close_idle_gates();
    }

    fn gate_slot(&self, side: usize, c: Cell) -> Option<usize> {
        let slot = *self.rules.hand.gate_slot[side].get(c as usize)?;
        (slot != NO_GATE && slot < 32).then_some(usize::from(slot))
    }

    /// The open gates of `side`.
    pub fn open_gates(&self, side: crate::model::Side) -> Vec<Cell> {
        let s = side.index();
        let cells = &self.rules.hand.gate_cells[s];
        (0..cells.len().min(32))
            .filter(|&i| self.gates[s] >> i & 1 != 0)
            .map(|i| cells[i])
            .collect()
    }

    /// The gate a move of the side to move fills, and the kind it puts there.
    pub(super) fn gate_of(&self, m: &Move) -> Option<(Cell, usize)> {
        let hand = &self.rules.hand;
        let (slot, at) = hand.gate_of_code(m.drop_slot()?);
        let cell = *hand.gate_cells[self.side].get(slot)?;
        Some((cell, usize::from(*hand.gate_kinds.get(at)?)))
    }

    pub(super) fn gates_key(&self) -> u64 {
        (0..2).fold(0, |h, side| {
            (0..32)
                .filter(|i| self.gates[side] >> i & 1 != 0)
                .fold(h, |h, i| {
                    h ^ mix((5 << 60) | (side as u64) << 40 | i as u64)
                })
        })
    }

    /// After the board part of a move (the mover still to move): fill its gate and
    /// close the gates it left or entered.
    pub(super) fn gate_after_move(&mut self, m: &Move) {
        let us = self.side;
        if let Some((cell, kind)) = self.gate_of(m) {
            self.place(cell, code(us, kind));
            self.adjust_reserve(us, kind, -1);
        }
        if self.gates == [0, 0] {
            return;
        }
        let mut touched = [m.from, m.to, NO_CELL, NO_CELL];
        if let Some(rule) = m.castle_rule() {
            let c = &self.castles.rules[rule];
            touched = [c.king_from, c.king_to, c.rook_from, c.rook_to];
        }
        self.hash ^= self.gates_key();
        for &c in touched
            .iter()
            .chain(m.captures())
            .filter(|&&c| c != NO_CELL)
        {
            for side in 0..2 {
                if let Some(slot) = self.gate_slot(side, c) {
                    self.gates[side] &= !(1 << slot);
                }
            }
        }
        self.close_idle_gates();
        self.hash ^= self.gates_key();
    }

    /// A side whose hand holds no gating kind has no use for gates, unless captured
    /// pieces come to the hand (`keep-captured`) and may gate later.
    fn close_idle_gates(&mut self) {
        if self.rules.hand.captured_go_to == CapturedGoTo::CaptorsHand {
            return;
        }
        for side in 0..2 {
            let held = self
                .rules
                .hand
                .gate_kinds
                .iter()
                .any(|&k| self.reserve[side * self.rules.kinds + usize::from(k)] > 0);
            if !held {
                self.gates[side] = 0;
            }
        }
    }

    /// Add to `out` each pseudo-legal move leaving an open gate with each gating
    /// kind in hand put there, if the whole turn is legal.
    pub(super) fn add_gate_turns(&mut self, pseudo: &[Move], out: &mut Vec<Move>) {
        let us = self.side;
        let hand = &self.rules.hand;
        let held: Vec<usize> = (0..hand.gate_kinds.len())
            .filter(|&i| self.reserve[us * self.rules.kinds + usize::from(hand.gate_kinds[i])] > 0)
            .collect();
        if held.is_empty() {
            return;
        }
        let check_safety = self.royals_at_stake();
        for &m in pseudo {
            if m.from_hand().is_some() {
                continue;
            }
            let rook = m
                .castle_rule()
                .map_or(NO_CELL, |i| self.castles.rules[i].rook_from);
            for c in [m.from, rook] {
                let Some(slot) = self
                    .gate_slot(us, c)
                    .filter(|&s| self.gates[us] >> s & 1 != 0)
                else {
                    continue;
                };
                for &at in &held {
                    let turn = m.with_drop(self.rules.hand.gate_code(slot, at));
                    if !check_safety || self.is_legal_slow(turn) {
                        out.push(turn);
                    }
                }
            }
        }
    }

    /// The gates part of the FEN's castling field for `side`: the file letters of
    /// the open gates that no castling right it keeps already names.
    pub(super) fn gates_fen(&self, side: usize) -> String {
        let r = self.rules;
        let named: Vec<Cell> = self
            .castles
            .rules
            .iter()
            .enumerate()
            .filter(|(i, c)| self.castling & (1 << i) != 0 && c.side == side)
            .flat_map(|(_, c)| [c.king_from, c.rook_from])
            .collect();
        self.open_gates(crate::model::Side::from_index(side))
            .into_iter()
            .filter(|c| !named.contains(c))
            .filter_map(|c| {
                let file = r
                    .definition
                    .board
                    .files
                    .get(r.board.cells[c as usize].file as usize)?;
                Some(if side == 0 {
                    file.to_ascii_uppercase()
                } else {
                    file.clone()
                })
            })
            .collect()
    }
}
