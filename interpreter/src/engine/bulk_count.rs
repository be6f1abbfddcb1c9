//! Bulk counting: the number of legal moves at perft's last ply, without listing
//! the moves sure to be legal. Out of check, with line attacks only, a move of a
//! piece that is neither royal nor pinned is legal unless it takes en passant
//! (which empties a second cell of the line): such pieces' moves are only counted;
//! the others are listed and filtered as `legal_moves` filters them.

use super::movegen::{MoveCount, Purpose};
use super::{kind_of, side_of, Move, Position, NO_CELL};
use crate::compile::Cell;

impl Position<'_> {
    /// The number of legal moves (`list` is working memory).
    pub(super) fn legal_move_count(&mut self, list: &mut Vec<Move>) -> u64 {
        let us = self.side;
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
            let sure = self.count_sure_moves(royal, &pins, list);
            list.retain(|&m| self.is_legal_out_of_check(m, royal, &pins));
            sure + list.len() as u64
        };
        self.pins = pins;
        count
    }

    /// Count the moves of the pieces sure to move legally; list the others' and
    /// castling.
    fn count_sure_moves(&self, royal: Cell, pins: &[Cell], list: &mut Vec<Move>) -> u64 {
        let rules = self.rules;
        let us = self.side;
        let ep_open = self.ep.len > 0
            && self.ep.victim != NO_CELL
            && side_of(self.board[self.ep.victim as usize]) != us;
        let mut count = MoveCount::default();
        for &from in &self.lists[us] {
            let kind = kind_of(self.board[from as usize]);
            let can_ep = ep_open && rules.en_passant[kind];
            if from == royal || can_ep || pins.contains(&from) {
                self.piece_moves(us, from, kind, list, can_ep, Purpose::Play);
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
        count.0
    }
}
