//! Bulk counting: the number of legal moves at perft's last ply, without listing
//! the moves sure to be legal. Out of check, with line attacks only, a move of a
//! piece that is neither royal nor pinned is legal unless it takes en passant
//! (which empties a second cell of the line): such pieces' moves are only counted;
//! the others are listed and filtered as `legal_moves` filters them.

use super::attack::AttackSearch;
use super::movegen::{MoveCount, Purpose};
use super::{kind_of, Move, Position};
use crate::compile::Cell;

impl Position<'_> {
    /// The number of legal moves (`list` is working memory).
    pub(super) fn legal_move_count(&mut self, list: &mut Vec<Move>) -> u64 {
        let us = self.side;
        if self.rules.flags.threat_count {
            if let Some(count) = self.count_by_threats(list) {
                return count;
            }
        }
        if !self.rules.flags.bulk_count || self.royals[us].len() != 1 || !self.royals_at_stake() {
            self.legal_moves(list);
            return list.len() as u64;
        }
        let royal = self.royals[us][0];
        let mut pins = std::mem::take(&mut self.pins);
        let checked = self.checks_and_pins(royal, &mut pins);
        let count = if checked {
            self.legal_moves(list);
            list.len() as u64
        } else {
            list.clear();
            let steps = self.leap_targets(us, kind_of(self.board[royal as usize]), royal);
            let sure = self.count_sure_moves(royal, &pins, steps.is_some(), list);
            list.retain(|&m| self.is_legal_out_of_check(m, royal, &pins));
            let royal_steps = steps.map_or(0, |targets| self.count_safe_steps(royal, targets));
            sure + royal_steps + list.len() as u64
        };
        self.pins = pins;
        count
    }

    /// Count the moves of the pieces sure to move legally; list the others' and
    /// castling (the royal piece's too, unless it is `counted_apart`).
    fn count_sure_moves(
        &self,
        royal: Cell,
        pins: &[Cell],
        counted_apart: bool,
        list: &mut Vec<Move>,
    ) -> u64 {
        let rules = self.rules;
        let us = self.side;
        let ep_open = self.en_passant_open(us);
        let mut count = MoveCount::default();
        for &from in &self.lists[us] {
            let kind = kind_of(self.board[from as usize]);
            let can_ep = ep_open && rules.en_passant_captures[kind];
            if from == royal {
                if !counted_apart {
                    self.piece_moves(us, from, kind, list, false, Purpose::Play);
                }
            } else if can_ep || (!pins.is_empty() && pins.contains(&from)) {
                self.piece_moves(us, from, kind, list, can_ep, Purpose::Play);
            } else if let Some(targets) = self.leap_targets(us, kind, from) {
                count.0 += u64::from((targets & !self.occupied[us]).count_ones());
            } else {
                self.piece_moves(us, from, kind, &mut count, false, Purpose::Play);
            }
        }
        if rules.flags.has_castling && self.castling != 0 {
            self.castling_moves(list);
        }
        if rules.flags.hand {
            self.hand_drops(&mut count);
        }
        if rules.flags.first_moves && self.rights[us] != 0 {
            self.list_first_moves(list);
        }
        count.0
    }

    /// List the first moves (out of check), but those the pieces' other moves make:
    /// where a first move may be one of those, which are counted and not listed,
    /// they are listed here to compare with.
    #[inline(never)]
    fn list_first_moves(&self, list: &mut Vec<Move>) {
        let us = self.side;
        let rules = self.rules;
        let overlap = |from: Cell| {
            let kind = kind_of(self.board[from as usize]);
            rules.first_moves.overlaps
                [(us * rules.kinds + kind) * rules.cell_count() + from as usize]
        };
        if !self.right_holders(us).any(overlap) {
            self.first_move_moves(list, Some(false));
            return;
        }
        let mut moves = Vec::new();
        for from in self.right_holders(us) {
            let kind = kind_of(self.board[from as usize]);
            self.piece_moves(us, from, kind, &mut moves, false, Purpose::Play);
        }
        let ordinary = moves.len();
        self.first_move_moves(&mut moves, Some(false));
        list.extend_from_slice(&moves[ordinary..]);
    }
}

impl Position<'_> {
    /// The steps of the royal piece on `royal` to `targets` (its plain leaps) that
    /// no enemy attacks once it has left its cell.
    fn count_safe_steps(&mut self, royal: Cell, targets: u128) -> u64 {
        let us = self.side;
        let mover = self.board[royal as usize];
        self.set_cell(royal, 0);
        let mut open = targets & !self.occupied[us];
        let mut n = 0;
        while open != 0 {
            let c = open.trailing_zeros() as Cell;
            open &= open - 1;
            n += u64::from(!self.attacked_in(c, 1 - us, AttackSearch::Filtered));
        }
        self.set_cell(royal, mover);
        n
    }

    /// The cells a piece reaches by plain leaps only, when it never promotes: every
    /// one not its own side's is a move (`MoveRays::leap_targets`).
    #[inline(always)]
    fn leap_targets(&self, us: usize, kind: usize, from: Cell) -> Option<u128> {
        let rules = self.rules;
        if rules.promotion_of(us, kind).is_some() {
            return None;
        }
        rules.moves.leap_targets[(us * rules.kinds + kind) * rules.cell_count() + from as usize]
    }
}
