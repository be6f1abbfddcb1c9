//! The tree walk: principal-variation alpha-beta with late-move reductions, and
//! quiescence over tactical moves. Game ends come from the definition's `end` rules.

use super::eval::Evaluator;
use super::order::{is_tactical, Order};
use super::table::{Bound, Table};
use super::{outcome_score, MATE_BOUND, MAX_PLY};
use crate::engine::{Move, Position};
use crate::model::{self, Outcome};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The most plies quiescence looks beyond the horizon.
const QUIESCENCE_PLIES: usize = 10;

/// One search's counters, limits and per-ply buffers.
#[derive(Default)]
pub struct Run {
    pub nodes: u64,
    pub seldepth: u32,
    pub aborted: bool,
    start: Option<Instant>,
    hard: Option<Duration>,
    node_limit: Option<u64>,
    /// Repetition keys of the game's positions and the current line's.
    keys: Vec<u64>,
    /// Which sides had a royal piece at the root (losing it ends the game).
    had_royal: [bool; 2],
    lists: Vec<Vec<Move>>,
    scored: Vec<Vec<(i32, Move)>>,
    pv: Vec<Vec<Move>>,
}

impl Run {
    pub fn new(
        pos: &Position,
        earlier: &[u64],
        start: Instant,
        hard: Option<Duration>,
        node_limit: Option<u64>,
    ) -> Run {
        let mut keys = Vec::with_capacity(earlier.len() + MAX_PLY + 1);
        keys.extend_from_slice(earlier);
        keys.push(pos.hash_without_en_passant());
        let n = MAX_PLY + 2;
        Run {
            start: Some(start),
            hard,
            node_limit,
            keys,
            had_royal: [0, 1].map(|s| {
                !pos.royal_cells(crate::model::Side::from_index(s))
                    .is_empty()
            }),
            lists: (0..n).map(|_| Vec::with_capacity(64)).collect(),
            scored: (0..n).map(|_| Vec::with_capacity(64)).collect(),
            pv: vec![Vec::new(); n],
            ..Run::default()
        }
    }

    pub fn root_moves(&mut self, pos: &mut Position) -> Vec<Move> {
        let mut out = Vec::new();
        pos.legal_moves(&mut out);
        out
    }

    /// The principal variation of the last finished iteration.
    pub fn pv(&self) -> Vec<Move> {
        self.pv[0].clone()
    }

    fn out_of_time(&mut self, stop: &AtomicBool) -> bool {
        if self.nodes & 1023 == 0 {
            let late = match (self.start, self.hard) {
                (Some(s), Some(h)) => s.elapsed() >= h,
                _ => false,
            };
            let many = self.node_limit.is_some_and(|n| self.nodes >= n);
            if late || many || stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }
}

/// A search in progress: the searcher's parts, borrowed.
pub struct Node<'a> {
    pub table: &'a mut Table,
    pub eval: &'a Evaluator,
    pub stop: &'a AtomicBool,
    pub order: &'a mut Order,
    pub run: &'a mut Run,
}

fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl Node<'_> {
    pub fn root(&mut self, pos: &mut Position, depth: i32) -> i32 {
        self.run.aborted = false;
        self.negamax(pos, depth, 0, -super::MATE - 1, super::MATE + 1)
    }

    /// The score of a game ended by a rule before any move is looked at: a royal
    /// piece lost, a repetition, or the n-move rule.
    fn ended(&self, pos: &Position, ply: usize) -> Option<i32> {
        let rules = pos.rules();
        let end = &rules.definition.end;
        let stm = pos.side_to_move();
        for side in [stm.opponent(), stm] {
            if self.run.had_royal[side.index()] && pos.royal_cells(side).is_empty() {
                let lost = if side == stm {
                    Outcome::Loss
                } else {
                    Outcome::Win
                };
                return Some(outcome_score(lost, ply));
            }
        }
        if let Some(goal) = pos.goal() {
            let score = outcome_score(goal.outcome, ply);
            return Some(if goal.side == stm { score } else { -score });
        }
        if ply > 0 {
            if let Some(score) = self.repeated(pos, ply) {
                return Some(score);
            }
        }
        if let Some(limit) = &end.move_limit {
            // A draw that may be claimed is claimed.
            let moves = match limit.outcome {
                Outcome::Draw => limit.claim_at.unwrap_or(limit.moves),
                _ => limit.moves,
            };
            if pos.halfmove_clock() >= 2 * moves {
                return Some(outcome_score(limit.outcome, ply));
            }
        }
        None
    }

    /// A position seen before (since the last irreversible move): a draw for the
    /// search, or the repetition rule's result when this occurrence would end the game.
    fn repeated(&self, pos: &Position, ply: usize) -> Option<i32> {
        let keys = &self.run.keys;
        let key = *keys.last()?;
        let window = (pos.halfmove_clock() as usize + 1).min(keys.len());
        let seen = keys[keys.len() - window..keys.len() - 1]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&k| k == key)
            .count() as u32;
        if seen == 0 {
            return None;
        }
        match pos.rules().definition.end.repetition {
            // The rule is about the side that moved into the repetition.
            Some(r) if seen + 1 >= r.count => Some(-outcome_score(r.outcome, ply)),
            Some(model::Repetition {
                outcome: Outcome::Draw,
                ..
            })
            | None => Some(0),
            Some(_) => None,
        }
    }

    /// The score when the side to move has no legal move.
    fn no_move(&self, pos: &Position, ply: usize) -> i32 {
        let end = &pos.rules().definition.end;
        let stm = pos.side_to_move();
        let has_royal = !pos.royal_cells(stm).is_empty() && !end.royal_capture;
        if has_royal && pos.in_check(stm) {
            outcome_score(end.checkmate, ply)
        } else {
            outcome_score(end.stalemate, ply)
        }
    }

    fn in_check(&self, pos: &Position) -> bool {
        let stm = pos.side_to_move();
        !pos.rules().definition.end.royal_capture
            && !pos.royal_cells(stm).is_empty()
            && pos.in_check(stm)
    }

    fn make(&mut self, pos: &mut Position, m: Move) {
        pos.make(m);
        self.run.keys.push(pos.hash_without_en_passant());
    }

    fn unmake(&mut self, pos: &mut Position) {
        pos.unmake();
        self.run.keys.pop();
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.run.pv[ply].clear();
        if let Some(score) = self.ended(pos, ply) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, ply, 0, alpha, beta);
        }
        self.run.nodes += 1;
        if self.run.out_of_time(self.stop) {
            return 0;
        }
        let key = pos.hash();
        let pv_node = beta - alpha > 1;
        let entry = self.table.probe(key);
        if let Some(e) = entry.filter(|e| !pv_node && ply > 0 && e.depth as i32 >= depth) {
            let s = from_table(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return s;
            }
        }
        let mut moves = std::mem::take(&mut self.run.lists[ply]);
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.run.lists[ply] = moves;
            return self.no_move(pos, ply);
        }
        let in_check = self.in_check(pos);
        let depth = if in_check { depth + 1 } else { depth };
        let mut scored = std::mem::take(&mut self.run.scored[ply]);
        self.order.sort(
            pos,
            self.eval,
            &mut moves,
            &mut scored,
            entry.and_then(|e| e.best),
            ply,
        );
        self.run.scored[ply] = scored;
        let alpha0 = alpha;
        let mut best = -super::MATE - 1;
        let mut best_move = None;
        for (i, &m) in moves.iter().enumerate() {
            let quiet = !is_tactical(&m);
            self.make(pos, m);
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let r = i32::from(depth >= 3 && i >= 4 && quiet && !in_check);
                let mut s = -self.negamax(pos, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
                if s > alpha && (r > 0 || s < beta) {
                    s = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha);
                }
                s
            };
            self.unmake(pos);
            if self.run.aborted {
                self.run.lists[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, m);
                    if alpha >= beta {
                        if quiet {
                            self.order.cut_off(pos, m, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.run.lists[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(key, best_move, to_table(best, ply), depth as i16, bound);
        best
    }

    fn set_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.run.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Only tactical moves, standing pat on the static value (all moves when in
    /// check), at most [`QUIESCENCE_PLIES`] deep: a takeover converts a piece without
    /// removing one, so captures need not run out.
    fn quiesce(
        &mut self,
        pos: &mut Position,
        ply: usize,
        qply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.run.pv[ply].clear();
        self.run.nodes += 1;
        self.run.seldepth = self.run.seldepth.max(ply as u32);
        if self.run.out_of_time(self.stop) {
            return 0;
        }
        if let Some(score) = self.ended(pos, ply) {
            return score;
        }
        let in_check = self.in_check(pos);
        if ply >= MAX_PLY - 1 || qply >= QUIESCENCE_PLIES {
            return self.eval.evaluate(pos);
        }
        let mut best = -super::MATE - 1;
        if !in_check {
            best = self.eval.evaluate(pos);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut moves = std::mem::take(&mut self.run.lists[ply]);
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.run.lists[ply] = moves;
            return if in_check {
                self.no_move(pos, ply)
            } else {
                best
            };
        }
        if !in_check {
            moves.retain(is_tactical);
        }
        let mut scored = std::mem::take(&mut self.run.scored[ply]);
        self.order
            .sort(pos, self.eval, &mut moves, &mut scored, None, ply);
        self.run.scored[ply] = scored;
        for &m in moves.iter() {
            self.make(pos, m);
            let score = -self.quiesce(pos, ply + 1, qply + 1, -beta, -alpha);
            self.unmake(pos);
            if self.run.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, m);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.run.lists[ply] = moves;
        best
    }
}
