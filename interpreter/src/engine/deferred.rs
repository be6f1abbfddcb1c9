//! Legality tested move by move, as a search reaches each move: most nodes of a
//! search stop after a few moves, so testing the whole list first is mostly
//! wasted. What the batch filters work out once per position (pins, threats) is
//! kept in a [`Legality`] that the caller owns, one per ply.

use super::legality::{sure_out_of_check, Threats};
use super::{Move, Position};
use crate::compile::Cell;

/// How the moves of one position are to be tested before they are played.
#[derive(Clone, Default)]
pub struct Legality {
    test: Test,
    pins: Vec<Cell>,
    threats: Threats,
}

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
enum Test {
    /// The list is legal already: the rules filter whole turns (walls, drop
    /// queues, gates, passes, forced captures), or no royal piece is at stake.
    #[default]
    None,
    /// Line attacks, one royal piece, not in check: only royal moves, pinned
    /// pieces and unusual moves are played out.
    Pins,
    /// The general path's threats to the royal pieces.
    Threats,
    /// Each move made and the attack test run.
    Played,
}

impl Position<'_> {
    /// Fill `out` with this position's moves for a search, and `legality` with how
    /// each must be tested (`is_legal_deferred`) before it is played: every legal
    /// move is in `out`, and an illegal one only where the test will refuse it.
    pub fn moves_for_search(&mut self, out: &mut Vec<Move>, legality: &mut Legality) {
        self.search_moves(out, legality, false);
    }

    /// As [`moves_for_search`](Self::moves_for_search), but where the rules let
    /// the fast path leave them out, without the moves that neither capture,
    /// convert nor promote: a quiescence search plays no others. Some may be left
    /// in (where the rules take the general path), for the caller to drop.
    pub fn tactical_moves_for_search(&mut self, out: &mut Vec<Move>, legality: &mut Legality) {
        self.search_moves(out, legality, true);
    }

    fn search_moves(&mut self, out: &mut Vec<Move>, legality: &mut Legality, tactical: bool) {
        out.clear();
        legality.test = Test::None;
        if !self.legality_deferrable() {
            self.legal_moves(out);
            return;
        }
        if self.rules.flags.goals && self.goal().is_some() {
            return;
        }
        if tactical {
            self.pseudo_tactical_moves(out);
        } else {
            self.pseudo_moves(out);
        }
        if self.royals_at_stake() {
            legality.test = self.prepare_test(legality);
        }
    }

    /// Whether the legal moves are the pseudo-legal moves less those that leave a
    /// royal piece attacked, with no rule that looks at the whole list or adds
    /// turns to it.
    fn legality_deferrable(&self) -> bool {
        let flags = &self.rules.flags;
        let goals = &self.rules.goals;
        let whole_turns = flags.walls || flags.drops || flags.pass;
        let gates_open = flags.gating && self.gates[self.side] != 0;
        let hand = &self.rules.hand;
        let drop_rules = flags.hand
            && (hand.no_drop_mate != 0
                || hand.no_drop_check
                || hand.must_drop != 0
                || hand.split_colours != 0);
        let list_rules = goals.no_check
            || goals.must_capture
            || goals.captures_checker != 0
            || flags.in_place_promotions;
        !(whole_turns || gates_open || drop_rules || list_rules)
    }

    /// The batch filters' preparation, in their order (`keep_legal`).
    fn prepare_test(&mut self, legality: &mut Legality) -> Test {
        if self.rules.flags.explosions {
            return Test::Played;
        }
        if self.rules.flags.line_attacks_only && self.royals[self.side].len() == 1 {
            let royal = self.royals[self.side][0];
            if !self.checks_and_pins(royal, &mut legality.pins) {
                return Test::Pins;
            }
        }
        if self.rules.flags.special && !self.rules.reach.pieces.is_empty() {
            self.find_threats(&mut legality.threats);
            return Test::Threats;
        }
        Test::Played
    }

    /// Whether a move of the list `moves_for_search` filled, with this
    /// `legality`, is legal.
    pub fn is_legal_deferred(&mut self, legality: &Legality, m: Move) -> bool {
        match legality.test {
            Test::None => true,
            Test::Pins => {
                let royal = self.royals[self.side][0];
                sure_out_of_check(&m, royal, &legality.pins) || self.is_legal_slow(m)
            }
            Test::Threats => self.is_legal_by_threats(&legality.threats, m),
            Test::Played => self.is_legal_slow(m),
        }
    }
}
