//! Move ordering: the table's move first, then captures by the value they take
//! (most valuable victims, least valuable capturer), promotions, the quiet moves
//! that caused cut-offs at the same depth (killers), the last quiet refutation of
//! the opponent's move (its counter move), and the rest by history.

use super::eval::Evaluator;
use super::MAX_PLY;
use crate::engine::{Move, Position};

const HISTORY_SLOTS: usize = 4096;

/// Where captures that lose material in the exchange they start are scored: after
/// every quiet move (whose history scores stay within `HISTORY_BOUND`).
const LOSING: i32 = -1_000_000_000;

/// Tactical moves are scored from here up, above the killers.
const GOOD_TACTICAL: i32 = 900_000_000;

/// History scores stay within this either way.
const HISTORY_BOUND: i32 = 800_000_000;

/// Whether a move's score says it is a capture that loses material.
pub fn is_losing(score: i32) -> bool {
    score < -HISTORY_BOUND
}

/// What a losing capture loses, from its score.
pub fn losing_by(score: i32) -> i32 {
    score - LOSING
}

pub struct Order {
    killers: Vec<[Option<Move>; 2]>,
    /// Per side and move of the opponent: the quiet reply that last refuted it.
    counters: Vec<Option<Move>>,
    /// Per side: how often a quiet move between two cells caused a cut-off.
    history: Vec<i32>,
}

/// Whether a move changes the material: a capture of any kind, a conversion or a
/// promotion (what quiescence searches).
pub fn is_tactical(m: &Move) -> bool {
    !m.captures().is_empty() || m.converted().is_some() || m.promotion().is_some()
}

fn history_slot(pos: &Position, m: &Move) -> usize {
    slot(pos.side_to_move().index(), m)
}

/// A move's slot in a per-side table of `HISTORY_SLOTS` entries per side.
fn slot(side: usize, m: &Move) -> usize {
    let ft = (m.from as usize).wrapping_mul(1031) ^ (m.to as usize);
    side * HISTORY_SLOTS + ft % HISTORY_SLOTS
}

/// The slot of the opponent's move `previous` among the side to move's counters.
fn counter_slot(pos: &Position, previous: &Move) -> usize {
    slot(pos.side_to_move().index(), previous)
}

/// What a tactical move wins: the victims' values and any promotion's gain, less a
/// sixteenth of the mover's value.
pub fn gain(pos: &Position, eval: &Evaluator, m: &Move) -> i32 {
    let me = pos.side_to_move();
    let mut v = 0;
    for &c in m.captures() {
        if let Some(p) = pos.piece_at(c) {
            if p.side != me {
                v += eval.victim_value(p.kind);
            }
        }
    }
    if let Some(c) = m.converted() {
        if let Some(p) = pos.piece_at(c) {
            v += 2 * eval.values[p.kind];
        }
    }
    if let Some(k) = m.promotion() {
        v += eval.values[k];
    }
    let mover = pos.piece_at(m.from).map_or(0, |p| eval.values[p.kind]);
    v - mover / 16
}

/// The best-scored move of `scored[i..]`, brought to `i` with the others kept in
/// their order (ties go to the earlier move): most nodes stop after a few moves,
/// so sorting the whole list would be wasted.
pub fn pick(scored: &mut [(i32, Move)], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..scored.len() {
        if scored[j].0 > scored[best].0 {
            best = j;
        }
    }
    scored[i..=best].rotate_right(1);
    scored[i].1
}

/// What a tactical move would lose if the piece it moves were taken at once where
/// it lands: its victims' worth less the mover's, when that is negative (none
/// when it is not: such a move cannot lose material in one exchange).
pub fn exchange_risk(pos: &Position, eval: &Evaluator, m: &Move) -> Option<i32> {
    let mover = pos.piece_at(m.from)?;
    let worth = eval.victim_value(mover.kind);
    let taken = gain(pos, eval, m) + eval.values[mover.kind] / 16;
    (taken < worth).then_some(taken - worth)
}

/// Whether the move just picked at `i` starts an exchange that loses material; if
/// so it is scored again, after every quiet move, to be picked later. Worked out
/// only when the move is first picked (most nodes stop after a few moves) and only
/// for a capturer worth more than what it takes (otherwise it cannot lose).
pub fn demote_if_losing(
    pos: &mut Position,
    eval: &Evaluator,
    scored: &mut [(i32, Move)],
    i: usize,
) -> bool {
    let (score, m) = scored[i];
    if score < GOOD_TACTICAL || score == i32::MAX || exchange_risk(pos, eval, &m).is_none() {
        return false;
    }
    let exchange = pos.static_exchange(m, &eval.exchange_values);
    if exchange >= 0 {
        return false;
    }
    scored[i].0 = LOSING + exchange.max(-100_000_000);
    true
}

impl Order {
    pub fn new() -> Order {
        Order {
            killers: vec![[None; 2]; MAX_PLY + 1],
            counters: vec![None; 2 * HISTORY_SLOTS],
            history: vec![0; 2 * HISTORY_SLOTS],
        }
    }

    /// A new search: history halves, killers are forgotten.
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// Score `moves` into `scored`, for [`pick`] to take best first.
    pub fn score(
        &self,
        pos: &Position,
        eval: &Evaluator,
        moves: &[Move],
        scored: &mut Vec<(i32, Move)>,
        first: Option<Move>,
        (ply, previous): (usize, Option<Move>),
    ) {
        scored.clear();
        let killers = self.killers[ply.min(MAX_PLY)];
        let counter = previous.and_then(|p| self.counters[counter_slot(pos, &p)]);
        scored.extend(moves.iter().map(|&m| {
            let s = if Some(m) == first {
                i32::MAX
            } else if is_tactical(&m) {
                GOOD_TACTICAL + 100_000_000 + gain(pos, eval, &m).clamp(-100_000_000, 100_000_000)
            } else if killers[0] == Some(m) {
                GOOD_TACTICAL - 10_000_000
            } else if killers[1] == Some(m) {
                GOOD_TACTICAL - 20_000_000
            } else if counter == Some(m) {
                GOOD_TACTICAL - 30_000_000
            } else {
                self.history[history_slot(pos, &m)]
            };
            (s, m)
        }));
    }

    /// A quiet move caused a cut-off at `ply`, `depth` plies from the horizon,
    /// after the quiet moves `before` did not.
    pub fn cut_off(
        &mut self,
        pos: &Position,
        m: Move,
        before: &[Move],
        (ply, previous): (usize, Option<Move>),
        depth: i32,
    ) {
        if let Some(p) = previous {
            self.counters[counter_slot(pos, &p)] = Some(m);
        }
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = depth * depth;
        let h = &mut self.history[history_slot(pos, &m)];
        *h = (*h + bonus).min(HISTORY_BOUND);
        for q in before {
            let h = &mut self.history[history_slot(pos, q)];
            *h = (*h - bonus).max(-HISTORY_BOUND);
        }
    }
}
