//! Goals other than checkmate: a position where a player has lost every piece of a
//! kind (`extinction`) or has brought a piece into a zone (`reach`) ends the game,
//! and has no legal move; `must-capture` keeps only the captures when there are any,
//! and `no-check` drops the moves that give check.

use super::attack::AttackSearch;
use super::legality::DropMates;
use super::{kind_of, side_of, Move, MoveKind, Position};
use crate::compile::Cell;
use crate::model::{Outcome, Side};

/// Which goal ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalKind {
    /// The player lost every piece of a kind that counts (or every piece).
    Extinction,
    /// The player has a piece of a kind that counts in the zone.
    Reach,
    /// The player has given check as many times as the rule counts.
    Checks,
    /// Both players passed, one after the other (the player is the second).
    DoublePass,
    /// The player passed with the royal pieces facing each other.
    Facing,
    /// The player has royal pieces only, and cannot bare the opponent in turn.
    BareKing,
    /// The player's move lined up the pieces the rule counts.
    Connect,
    /// The player's move left no cell empty.
    FullBoard,
}

/// A goal that has ended the game: which, the player it is about, and the outcome
/// for that player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// What was reached.
    pub kind: GoalKind,
    /// The side it was reached for.
    pub side: Side,
    /// The result for that side.
    pub outcome: Outcome,
}

impl Position<'_> {
    /// The goal that has ended the game, if any; the player who just moved is
    /// looked at first.
    pub fn goal(&self) -> Option<Goal> {
        if !self.rules.flags.goals {
            return None;
        }
        let goals = &self.rules.goals;
        if let Some(goal) = self.pass_goal() {
            return Some(goal);
        }
        if let Some(outcome) = goals.full_board.filter(|_| self.board_full()) {
            return Some(Goal {
                kind: GoalKind::FullBoard,
                side: Side::from_index(1 - self.side),
                outcome,
            });
        }
        [1 - self.side, self.side].into_iter().find_map(|side| {
            let found = |kind, outcome| Goal {
                kind,
                side: Side::from_index(side),
                outcome,
            };
            let extinct = goals
                .extinction
                .filter(|&(kinds, _)| self.extinct(side, kinds))
                .map(|(_, outcome)| found(GoalKind::Extinction, outcome));
            let checked = goals
                .checks
                .filter(|&(n, _)| self.checks[side] >= n)
                .map(|(_, outcome)| found(GoalKind::Checks, outcome));
            let bared = goals
                .bare_king
                .filter(|_| self.bared(side))
                .map(|outcome| found(GoalKind::BareKing, outcome));
            // only the player who just moved: their move made the line
            let connected = goals
                .connect
                .as_ref()
                .filter(|(lines, kinds, _)| side != self.side && self.lined_up(side, lines, *kinds))
                .map(|&(_, _, outcome)| found(GoalKind::Connect, outcome));
            extinct
                .or(connected)
                .or(bared)
                .or(checked)
                .or_else(|| Some(found(GoalKind::Reach, self.reach_outcome(side)?)))
        })
    }

    /// Whether every cell holds a piece (or a wall).
    fn board_full(&self) -> bool {
        let rules = self.rules;
        if !rules.flags.wall_cells && !rules.flags.two_cell {
            return self.lists[0].len() + self.lists[1].len() == rules.cell_count();
        }
        self.board.iter().all(|&p| p != 0)
    }

    /// The end a pass has made: the second of two in a row, or one with the royal
    /// pieces facing.
    fn pass_goal(&self) -> Option<Goal> {
        let goals = &self.rules.goals;
        if self.passes == 0 {
            return None;
        }
        let found = |kind, outcome| Goal {
            kind,
            side: Side::from_index(1 - self.side),
            outcome,
        };
        let double = goals.double_pass.filter(|_| self.passes >= 2);
        let facing = goals.facing.filter(|_| self.royals_face());
        double
            .map(|o| found(GoalKind::DoublePass, o))
            .or(facing.map(|o| found(GoalKind::Facing, o)))
    }

    /// The outcome for `side` if its reaching the zone has ended the game. With
    /// `after-reply` White's arrival leaves Black one reply if a move of Black's
    /// could arrive too (arriving draws); Black's arrival ends the game at once.
    fn reach_outcome(&self, side: usize) -> Option<Outcome> {
        let goals = &self.rules.goals;
        let (_, _, outcome, _) = goals.reach.as_ref()?;
        if !self.reached(side) {
            return None;
        }
        if goals.reach_held || goals.reach_safe {
            return self.reach_kept(side, *outcome);
        }
        if !goals.reach_after_reply {
            return Some(*outcome);
        }
        match side {
            0 if self.side == 1 => {
                let mut replies = Vec::new();
                let mut pos = self.clone();
                pos.moves_of_unfinished_game(&mut replies, DropMates::Barred);
                (!pos.some_reply_reaches(&replies)).then_some(*outcome)
            }
            0 if self.reached(1) => Some(Outcome::Draw),
            // Both there: White came first, and the draw is found from White's side.
            1 if self.reached(0) => None,
            _ => Some(*outcome),
        }
    }

    /// Under `held` or `safe`: whether `side`'s pieces in the zone count (held there
    /// to its own turn, or safe there), and a draw when both players' count under
    /// `safe` alone.
    fn reach_kept(&self, side: usize, outcome: Outcome) -> Option<Outcome> {
        let goals = &self.rules.goals;
        let counts = |s: usize| match (goals.reach_held, goals.reach_safe) {
            (true, false) => s == self.side,
            (false, _) => self.reached(s) && self.reached_safely(s),
            (true, true) => s == self.side || self.reached_safely(s),
        };
        if !counts(side) {
            return None;
        }
        let both = !goals.reach_held && counts(1 - side);
        Some(if both { Outcome::Draw } else { outcome })
    }

    /// Whether no enemy piece attacks `side`'s pieces in the zone, when it has just
    /// as many there as it needs (with more, taking one would leave enough).
    fn reached_safely(&self, side: usize) -> bool {
        let Some((cells, kinds, _, count)) = self.rules.goals.reach.as_ref() else {
            return false;
        };
        let there: Vec<Cell> = (cells[side].iter().copied())
            .filter(|&c| {
                let p = self.board[c as usize];
                p != 0 && side_of(p) == side && kinds >> kind_of(p) & 1 != 0
            })
            .collect();
        there.len() > *count as usize || !there.iter().any(|&c| self.attacked_by(c, 1 - side))
    }

    /// Whether `side` has a piece of a kind that counts in the `reach` zone.
    fn reached(&self, side: usize) -> bool {
        self.rules
            .goals
            .reach
            .as_ref()
            .is_some_and(|(cells, kinds, _, count)| {
                let there = cells[side].iter().filter(|&&c| {
                    let p = self.board[c as usize];
                    p != 0 && side_of(p) == side && kinds >> kind_of(p) & 1 != 0
                });
                there.take(*count as usize).count() == *count as usize
            })
    }

    /// Whether one of Black's `replies` brings a piece into the zone.
    fn some_reply_reaches(&mut self, replies: &[Move]) -> bool {
        replies.iter().any(|&m| {
            self.make(m);
            let arrived = self.reached(1);
            self.unmake();
            arrived
        })
    }

    /// `no-check`: the moves that would attack an enemy royal piece are dropped.
    pub(super) fn keep_moves_without_check(&mut self, out: &mut Vec<Move>) {
        if !self.rules.goals.no_check {
            return;
        }
        let them = Side::from_index(1 - self.side);
        out.retain(|&m| {
            self.make(m);
            let check = self.in_check(them);
            self.unmake();
            !check
        });
    }

    /// Under `in-check captures-checker`: while in check, such a piece moves only to
    /// capture every piece giving check (with two checkers, it cannot move at all).
    pub(super) fn keep_checker_captures(&self, out: &mut Vec<Move>) {
        let kinds = self.rules.goals.captures_checker;
        if kinds == 0 {
            return;
        }
        let checkers = self.checkers();
        if checkers.is_empty() {
            return;
        }
        out.retain(|m| {
            let bound =
                m.kind != MoveKind::Drop && kinds >> kind_of(self.board[m.from as usize]) & 1 != 0;
            !bound || checkers.iter().all(|c| m.captures().contains(c))
        });
    }

    /// The cells of the pieces attacking a royal piece of the side to move.
    fn checkers(&self) -> Vec<Cell> {
        let them = 1 - self.side;
        let mut buf = Vec::new();
        let mut out = Vec::new();
        for &royal in &self.royals[self.side] {
            for &from in &self.lists[them] {
                if !out.contains(&from)
                    && self.attacker_captures(from, them, royal, &mut buf, AttackSearch::Filtered)
                {
                    out.push(from);
                }
            }
        }
        out
    }

    /// Whether `side` has no piece of one of `kinds` (of any, with `extinction all`;
    /// with `kinds` empty: no piece).
    fn extinct(&self, side: usize, kinds: u64) -> bool {
        let needed = self.rules.goals.extinction_opponent;
        if needed > 0 && self.count_of(1 - side, kinds) < needed {
            return false;
        }
        if self.rules.goals.extinction_below > 1 {
            return self.extinct_below(side, kinds, self.rules.goals.extinction_below);
        }
        let own = &self.lists[side];
        // a piece in hand is still the player's (Fairy-Stockfish counts it too)
        let in_hand = if self.rules.definition.hand.is_some() {
            self.in_reserve[side]
        } else {
            0
        };
        if kinds == 0 {
            return own.is_empty() && in_hand == 0;
        }
        let present = own
            .iter()
            .fold(in_hand, |m, &c| m | 1 << kind_of(self.board[c as usize]));
        if self.rules.goals.extinction_all {
            kinds & present == 0
        } else {
            kinds & !present != 0
        }
    }

    /// `extinction ... below N`: whether `side` has fewer than `n` pieces of one of
    /// the kinds (with `all`: of each; no kinds: fewer pieces in all), those in
    /// hand counted.
    fn extinct_below(&self, side: usize, kinds: u64, n: u32) -> bool {
        let count = |kind: usize| self.held(Side::from_index(side), kind) as u32;
        if kinds == 0 {
            let total: u32 = (0..self.rules.kinds).map(count).sum();
            return total < n;
        }
        let mut listed = (0..self.rules.kinds).filter(|&k| kinds >> k & 1 != 0);
        if self.rules.goals.extinction_all {
            listed.all(|k| count(k) < n)
        } else {
            listed.any(|k| count(k) < n)
        }
    }

    /// How many pieces of the kinds (any, with none listed) `side` has, those in
    /// hand counted.
    fn count_of(&self, side: usize, kinds: u64) -> u32 {
        (0..self.rules.kinds)
            .filter(|&k| kinds == 0 || kinds >> k & 1 != 0)
            .map(|k| self.held(Side::from_index(side), k) as u32)
            .sum()
    }

    /// How many pieces of `kind` `side` has on the board.
    pub(super) fn on_board(&self, side: usize, kind: usize) -> usize {
        (self.lists[side].iter())
            .filter(|&&c| kind_of(self.board[c as usize]) == kind)
            .count()
    }

    /// How many pieces of `kind` the side has on the board.
    pub fn count_on_board(&self, side: Side, kind: usize) -> usize {
        self.on_board(side.index(), kind)
    }

    /// How many pieces of `kind` `side` has: on the board, and in hand (a piece in
    /// hand is still the player's, as Fairy-Stockfish counts it).
    pub fn held(&self, side: Side, kind: usize) -> usize {
        let on_board = self.on_board(side.index(), kind);
        let in_hand = match self.rules.definition.hand {
            Some(_) => usize::from(self.reserve_count(side, kind)),
            None => 0,
        };
        on_board + in_hand
    }

    /// `connect`: whether one of the lines holds only `side`'s pieces of the kinds.
    fn lined_up(&self, side: usize, lines: &[Vec<super::Cell>], kinds: u64) -> bool {
        lines.iter().any(|line| {
            line.iter().all(|&c| {
                let p = self.board[c as usize];
                p != 0 && side_of(p) == side && (kinds == 0 || kinds >> kind_of(p) & 1 != 0)
            })
        })
    }

    /// `bare-king`: whether `side`, with royal pieces only, has lost them for good:
    /// having just moved while the opponent keeps a piece that is not royal, or to
    /// move while the opponent keeps two (one it might still take).
    fn bared(&self, side: usize) -> bool {
        let others = |s: usize| self.lists[s].len() - self.royals[s].len();
        let spare = if side == self.side { 2 } else { 1 };
        others(side) == 0 && others(1 - side) >= spare
    }

    /// `must-capture`: when some legal move captures, only the captures remain.
    pub(super) fn keep_forced_captures(&self, out: &mut Vec<Move>) {
        if self.rules.goals.must_capture && out.iter().any(|m| !m.captures().is_empty()) {
            out.retain(|m| !m.captures().is_empty());
        }
    }
}
