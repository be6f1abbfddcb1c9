//! Move ordering: the table's move first, then captures by the value they take
//! (most valuable victims, least valuable capturer), promotions, the quiet moves
//! that caused cut-offs at the same depth (killers), and the rest by history.

use super::eval::Evaluator;
use super::MAX_PLY;
use crate::engine::{Move, Position};

const HISTORY_SLOTS: usize = 4096;

pub struct Order {
    killers: Vec<[Option<Move>; 2]>,
    /// Per side: how often a quiet move between two cells caused a cut-off.
    history: Vec<i32>,
}

/// Whether a move changes the material: a capture of any kind, a conversion or a
/// promotion (what quiescence searches).
pub fn is_tactical(m: &Move) -> bool {
    !m.captures().is_empty() || m.converted().is_some() || m.promotion().is_some()
}

fn history_slot(pos: &Position, m: &Move) -> usize {
    let side = pos.side_to_move().index();
    let ft = (m.from as usize).wrapping_mul(1031) ^ (m.to as usize);
    side * HISTORY_SLOTS + ft % HISTORY_SLOTS
}

/// What a tactical move wins: the victims' values and any promotion's gain, less a
/// sixteenth of the mover's value.
pub fn gain(pos: &Position, eval: &Evaluator, m: &Move) -> i32 {
    let rules = pos.rules();
    let me = pos.side_to_move();
    let mut v = 0;
    for &c in m.captures() {
        if let Some(p) = pos.piece_at(c) {
            if p.side != me {
                v += eval.victim_value(rules, p.kind);
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

impl Order {
    pub fn new() -> Order {
        Order {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SLOTS],
        }
    }

    /// A new search: history halves, killers are forgotten.
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// Sort `moves` best first.
    pub fn sort(
        &self,
        pos: &Position,
        eval: &Evaluator,
        moves: &mut Vec<Move>,
        scored: &mut Vec<(i32, Move)>,
        first: Option<Move>,
        ply: usize,
    ) {
        scored.clear();
        let killers = self.killers[ply.min(MAX_PLY)];
        scored.extend(moves.iter().map(|&m| {
            let s = if Some(m) == first {
                i32::MAX
            } else if is_tactical(&m) {
                1_000_000_000 + gain(pos, eval, &m).clamp(-100_000_000, 100_000_000)
            } else if killers[0] == Some(m) {
                900_000_000
            } else if killers[1] == Some(m) {
                890_000_000
            } else {
                self.history[history_slot(pos, &m)]
            };
            (s, m)
        }));
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        moves.clear();
        moves.extend(scored.iter().map(|&(_, m)| m));
    }

    /// A quiet move caused a cut-off at `ply`, `depth` plies from the horizon.
    pub fn cut_off(&mut self, pos: &Position, m: Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let h = &mut self.history[history_slot(pos, &m)];
        *h = (*h + depth * depth).min(800_000_000);
    }
}
