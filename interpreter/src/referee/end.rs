//! The definition's `end` rules applied to a game: when it is over by itself, and
//! which draws the player to move may claim.

use super::game::{ordinal, EndReason, Game, GameResult};
use crate::engine::{GoalKind, Move, MoveKind};
use crate::model::{MoveLimit, Outcome, Repetition, Side};

/// What an outcome means for `side`, in words.
pub(super) fn effect(outcome: Outcome, side: Side) -> String {
    match outcome.winner(side) {
        None => "a draw".to_string(),
        Some(winner) if winner == side => format!("{} wins", side.name()),
        Some(_) => format!("{} loses", side.name()),
    }
}

/// A colour's win named after the rule that gave it (`: Black wins`), else nothing.
fn colour_win(outcome: Outcome) -> String {
    match outcome {
        Outcome::WinFor(side) => format!(": {} wins", side.name()),
        _ => String::new(),
    }
}

impl<'r> Game<'r> {
    /// The result the rules give the current position, if the game is over.
    pub(super) fn decide(&self) -> Option<GameResult> {
        let end = &self.pos.rules().definition.end;
        // A goal first: the definition names the loss of a royal kind there itself.
        self.goal()
            .or_else(|| self.royal_lost())
            .or_else(|| self.no_move())
            .or_else(|| self.promotion_stalemate())
            .or_else(|| self.count_passed())
            // Fairy-Stockfish's order: the move rule, then moves and positions repeated
            .or_else(|| {
                let limit = end.move_limit.as_ref()?;
                (self.pos.halfmove_clock() >= 2 * limit.moves)
                    .then(|| self.move_rule(limit, limit.moves, None))
            })
            .or_else(|| self.move_repetition())
            .or_else(|| {
                let r = end.repetition?;
                (self.occurrences() >= r.count).then(|| self.repetition(r, r.count, None))
            })
            .or_else(|| self.dead())
            .map(|r| self.by_points(r))
    }

    /// Under `points`, a draw by repetition, the move rule, facing royal pieces, a
    /// double pass, a full board or a stalemate goes to the side whose pieces are
    /// worth more (Fairy-Stockfish's `materialCounting`).
    fn by_points(&self, mut r: GameResult) -> GameResult {
        let Some(points) = &self.pos.rules().definition.end.points else {
            return r;
        };
        let by_rule = matches!(
            r.reason,
            EndReason::Repetition
                | EndReason::MoveRule
                | EndReason::Facing
                | EndReason::DoublePass
                | EndReason::FullBoard
                | EndReason::Stalemate
                | EndReason::NoLegalMove
        );
        if r.winner.is_some() || !by_rule {
            return r;
        }
        let count = |side: Side, kind: usize| self.pos.count_on_board(side, kind);
        if let Some(winner) = points.winner(count) {
            r.winner = Some(winner);
            r.description = format!(
                "{}, decided by points: {} wins",
                r.description,
                winner.name()
            );
        }
        r
    }

    /// A draw (or other outcome) the player to move may claim now: the position has
    /// occurred `claim-at` times, or `claim-at` moves passed without a resetting
    /// move, or one of their legal moves would make it so (FIDE 9.2 and 9.3).
    pub fn claimable(&mut self) -> Option<GameResult> {
        if self.result.is_some() {
            return None;
        }
        if let Some(now) = self.claimable_now() {
            return Some(now);
        }
        self.claimable_by_a_move().map(|r| self.by_points(r))
    }

    /// A claim the player to move may make with one of their legal moves.
    fn claimable_by_a_move(&mut self) -> Option<GameResult> {
        let end = &self.pos.rules().definition.end;
        let (repetition, limit) = (end.repetition, end.move_limit.clone());
        if let Some(r) = repetition.filter(|r| r.claim_at.is_some()) {
            let n = r.claim_at.unwrap_or(r.count);
            let reached = |g: &Game| (g.occurrences() >= n).then(|| g.repetition(r, n, Some(true)));
            if let Some(result) = self.a_move_reaches(reached) {
                return Some(result);
            }
        }
        if let Some(limit) = limit.filter(|l| l.claim_at.is_some()) {
            let n = limit.claim_at.unwrap_or(limit.moves);
            let reached = |g: &Game| (g.pos.halfmove_clock() >= 2 * n).then_some(());
            if self.a_move_reaches(reached).is_some() {
                return Some(self.move_rule(&limit, n, Some(true)));
            }
        }
        None
    }

    /// A claim the player to move may make without a move of theirs: the
    /// position has occurred `claim-at` times, or `claim-at` moves have passed
    /// without a resetting move (what Fairy-Stockfish calls an optional game end).
    pub fn claimable_now(&self) -> Option<GameResult> {
        self.claimable_as_is().map(|r| self.by_points(r))
    }

    fn claimable_as_is(&self) -> Option<GameResult> {
        if self.result.is_some() {
            return None;
        }
        let end = &self.pos.rules().definition.end;
        if let Some(r) = end.repetition.filter(|r| r.claim_at.is_some()) {
            let n = r.claim_at.unwrap_or(r.count);
            if self.occurrences() >= n {
                return Some(self.repetition(r, n, Some(false)));
            }
        }
        if let Some(limit) = end.move_limit.as_ref().filter(|l| l.claim_at.is_some()) {
            let n = limit.claim_at.unwrap_or(limit.moves);
            if self.pos.halfmove_clock() >= 2 * n {
                return Some(self.move_rule(limit, n, Some(false)));
            }
        }
        None
    }

    /// Claim a draw (see [`Game::claimable`]): the game ends if the claim is right.
    pub fn claim(&mut self) -> Option<&GameResult> {
        let claimed = self.claimable()?;
        self.result = Some(claimed);
        self.result.as_ref()
    }

    /// How many times the current position has occurred.
    fn occurrences(&self) -> u32 {
        let key = self.keys.last().copied().unwrap_or_default();
        self.counts.get(&key).copied().unwrap_or(0)
    }

    /// What `test` finds after the first legal move for which it finds something,
    /// with the position counted as it would be.
    fn a_move_reaches<T>(&mut self, test: impl Fn(&Game) -> Option<T>) -> Option<T> {
        let legal = self.legal.clone();
        legal.into_iter().find_map(|m| {
            self.pos.make(m);
            let mut after = Vec::new();
            self.pos.legal_moves(&mut after);
            let ep_possible = after.iter().any(|m| m.kind == MoveKind::EnPassant);
            let key = self.pos.repetition_key(ep_possible);
            self.count_key(key);
            let hit = test(self);
            self.uncount_position();
            self.pos.unmake();
            hit
        })
    }

    fn royal_lost(&self) -> Option<GameResult> {
        let mover = self.pos.side_to_move().opponent();
        let side = [mover, mover.opponent()]
            .into_iter()
            .find(|&s| self.had_royal[s.index()] && !self.pos.has_royal(s))?;
        Some(GameResult {
            winner: Some(side.opponent()),
            reason: EndReason::RoyalCaptured,
            subject: side,
            description: format!("{}'s royal piece was captured", side.name()),
            claimed: false,
        })
    }

    fn goal(&self) -> Option<GameResult> {
        let goal = self.pos.goal()?;
        let side = goal.side;
        let (reason, what) = match goal.kind {
            GoalKind::Extinction => (EndReason::Extinction, self.extinct_kind(side)),
            GoalKind::Reach => (EndReason::Reached, "has reached the goal".to_string()),
            GoalKind::Checks => (
                EndReason::Checks,
                format!("has given check {} times", self.pos.checks_given(side)),
            ),
            GoalKind::DoublePass => (EndReason::DoublePass, "passed after a pass".to_string()),
            GoalKind::Facing => (
                EndReason::Facing,
                "passed with the royal pieces facing each other".to_string(),
            ),
            GoalKind::BareKing => (EndReason::BareKing, "has a bare king".to_string()),
            GoalKind::Connect => (EndReason::Connect, "has lined up its pieces".to_string()),
            GoalKind::FullBoard => (EndReason::FullBoard, "has filled the board".to_string()),
        };
        Some(GameResult {
            winner: goal.outcome.winner(side),
            reason,
            subject: side,
            description: format!("{} {what}", side.name()),
            claimed: false,
        })
    }

    /// What a side lost under `extinction`: every piece, or every piece of a kind
    /// (with `below N`: all but fewer than N).
    fn extinct_kind(&self, side: Side) -> String {
        let rules = self.pos.rules();
        let Some(rule) = rules.definition.end.extinction.as_ref() else {
            return "has no piece left".to_string();
        };
        let lost = |kind: usize| self.pos.held(side, kind) < rule.below as usize;
        let fewer = |name: &str| match rule.below {
            1 => format!("has no {name} left"),
            n => format!("has fewer than {n} of {name} left"),
        };
        match rule.kinds.iter().find(|&&k| lost(k)) {
            Some(_) if rule.all => "has lost every piece of the listed kinds".to_string(),
            Some(&k) => fewer(&rules.definition.pieces[k].name),
            None if rule.below > 1 => format!("has fewer than {} pieces left", rule.below),
            None => "has no piece left".to_string(),
        }
    }

    fn no_move(&self) -> Option<GameResult> {
        if !self.legal.is_empty() {
            return None;
        }
        let end = &self.pos.rules().definition.end;
        let stm = self.pos.side_to_move();
        // Without check (royal capture), having no move is never checkmate.
        let has_royal = self.pos.has_royal(stm) && !end.royal_capture;
        let count = |side| self.pos.piece_cells(side).len();
        let (own, other) = (count(stm), count(stm.opponent()));
        let stalemate = end.stalemate_outcome(own, other);
        let (reason, outcome, what) = if has_royal && self.pos.in_check(stm) {
            (
                EndReason::Checkmate,
                self.checkmate_outcome(),
                "is checkmated",
            )
        } else if has_royal {
            (EndReason::Stalemate, stalemate, "is stalemated")
        } else {
            (EndReason::NoLegalMove, stalemate, "has no legal move")
        };
        let counted = if end.stalemate_fewer_pieces && reason != EndReason::Checkmate {
            let pieces = |n: usize| format!("{n} piece{}", if n == 1 { "" } else { "s" });
            format!(", with {} against {}", pieces(own), pieces(other))
        } else {
            String::new()
        };
        Some(GameResult {
            winner: outcome.winner(stm),
            reason,
            subject: stm,
            description: format!("{} {what}{counted}{}", stm.name(), colour_win(outcome)),
            claimed: false,
        })
    }

    /// The repetition rule's result at `n` occurrences, with the position that
    /// completes them counted. By itself (`claim` is `None`), the value is for the
    /// player whose move completed it; claimed, for the claimer, now or with the
    /// move they played to get here (`Some(true)`). Under `perpetual-check`, a
    /// player who gave check with every move of the cycle gets its outcome.
    fn repetition(&self, r: Repetition, n: u32, claim: Option<bool>) -> GameResult {
        let mover = self.pos.side_to_move().opponent();
        let subject = if claim == Some(false) {
            mover.opponent()
        } else {
            mover
        };
        let checkers = r.perpetual_checkers(self.cycle(n));
        let (winner, effect) = match (checkers, r.perpetual_check) {
            ([true, true], _) => (None, "both gave check at every move: a draw".to_string()),
            ([by_mover, by_other], Some(p)) if by_mover || by_other => {
                let checker = if by_mover { mover } else { mover.opponent() };
                let what = format!("{} gave check at every move", checker.name());
                (p.winner(checker), format!("{what}: {}", effect(p, checker)))
            }
            _ => (r.outcome.winner(subject), effect(r.outcome, subject)),
        };
        let nth = ordinal(n);
        let description = match claim {
            None => format!(
                "the position occurred for the {nth} time, by {}'s move: {effect}",
                subject.name()
            ),
            Some(false) => format!(
                "{} claims the repetition: the position has occurred for the {nth} time: {effect}",
                subject.name()
            ),
            Some(true) => format!(
                "{} claims the repetition: their next move makes a position occur for the {nth} time: {effect}",
                subject.name()
            ),
        };
        GameResult {
            winner,
            reason: EndReason::Repetition,
            subject,
            description,
            claimed: claim.is_some(),
        }
    }

    /// Whether the player to move was in check, position by position, from the
    /// first of the last `n` occurrences of the current position to it.
    fn cycle(&self, n: u32) -> &[bool] {
        let Some(&key) = self.keys.last() else {
            return &[];
        };
        let first = (self.keys.iter().enumerate().rev())
            .filter(|(_, &k)| k == key)
            .take(n as usize)
            .last()
            .map_or(0, |(i, _)| i);
        self.checked.get(first..).unwrap_or(&[])
    }

    /// A `counting` count past its limit (checkmate, found first, ends the game
    /// before it).
    fn count_passed(&self) -> Option<GameResult> {
        let rule = self.pos.rules().definition.end.counting.as_ref()?;
        if !self.pos.count_passed() {
            return None;
        }
        let (_, limit) = self.pos.counted()?;
        let stm = self.pos.side_to_move();
        Some(GameResult {
            winner: rule.outcome.winner(stm),
            reason: EndReason::Counting,
            subject: stm,
            description: format!(
                "the count of {} moves has run out{}",
                limit / 2,
                colour_win(rule.outcome)
            ),
            claimed: false,
        })
    }

    fn move_rule(&self, limit: &MoveLimit, n: u32, claim: Option<bool>) -> GameResult {
        let stm = self.pos.side_to_move();
        let description = match claim {
            None => format!(
                "{}-move rule: {n} moves without a capture or a resetting move",
                limit.moves
            ),
            Some(false) => format!(
                "{} claims the {n}-move rule: {n} moves without a capture or a resetting move",
                stm.name()
            ),
            Some(true) => format!(
                "{} claims the {n}-move rule: their next move completes {n} moves without a capture or a resetting move",
                stm.name()
            ),
        };
        let description = description + &colour_win(limit.outcome);
        GameResult {
            winner: limit.outcome.winner(stm),
            reason: EndReason::MoveRule,
            subject: stm,
            description,
            claimed: claim.is_some(),
        }
    }

    /// The outcome of the mate on the board: by the kinds that gave its check and the
    /// mating player's checks before it (every second position counted, back).
    fn checkmate_outcome(&self) -> Outcome {
        let end = &self.pos.rules().definition.end;
        if !end.mate_by.any() {
            return end.checkmate;
        }
        let stm = self.pos.side_to_move();
        let now = self.pos.checking_kinds(stm);
        let earlier = self.mate_checks.iter().rev().skip(2).step_by(2).copied();
        self.pos
            .checkmate_outcome(std::iter::once(now).chain(earlier))
    }

    /// `promotion-stalemate`: the player to move, not in check, has its royal pieces
    /// and one piece more, and may only promote that piece in place.
    fn promotion_stalemate(&self) -> Option<GameResult> {
        let outcome = self.pos.rules().definition.end.promotion_stalemate?;
        let stm = self.pos.side_to_move();
        let royals = self.pos.royal_cells(stm).len();
        let only_one = self.pos.piece_cells(stm).len() == royals + 1;
        let promotions = |legal: &[Move]| legal.iter().all(|m| self.pos.promotes_in_place(m));
        if !only_one || self.pos.in_check(stm) || !promotions(&self.legal) {
            return None;
        }
        Some(GameResult {
            winner: outcome.winner(stm),
            reason: EndReason::PromotionStalemate,
            subject: stm,
            description: format!(
                "{} is stalemated: its only moves are promotions in place{}",
                stm.name(),
                colour_win(outcome)
            ),
            claimed: false,
        })
    }

    fn dead(&self) -> Option<GameResult> {
        let end = &self.pos.rules().definition.end;
        let outcome = end.dead_position?;
        if !self.pos.is_dead() {
            return None;
        }
        Some(GameResult {
            winner: outcome.winner(Side::White),
            reason: EndReason::DeadPosition,
            subject: Side::White,
            description: format!(
                "dead position: no sequence of legal moves can end in checkmate{}",
                colour_win(outcome)
            ),
            claimed: false,
        })
    }
}
