//! Move ordering: the table's move first, then captures by the value they take
//! (most valuable victims, least valuable capturer), promotions, the quiet moves
//! that caused cut-offs at the same depth (killers), the last quiet refutation of
//! the opponent's move (its counter move), and the rest by history: how often the
//! move caused a cut-off, by itself and after the two moves before it. The quiet
//! moves are scored only when the first of them is picked (`Order::pick`).

use super::eval::Evaluator;
use super::table::MoveKey;
use super::MAX_PLY;
use crate::engine::{Move, Position};

const HISTORY_SLOTS: usize = 4096;

/// The most rows (and columns) of the continuation table: on larger boards with
/// many kinds, piece moves share them by a hash.
const CONTINUATION_SIDE: usize = 2048;

/// A history score moves toward this (either way) as it is raised: later results
/// weigh more than old ones, and scores stay bounded.
const HISTORY_MAX: i32 = 16_384;

/// Where captures that lose material in the exchange they start are scored: after
/// every quiet move (whose history scores stay within `HISTORY_BOUND`).
const LOSING: i32 = -1_000_000_000;

/// Tactical moves are scored from here up, above the killers.
const GOOD_TACTICAL: i32 = 900_000_000;

/// Quiet moves' scores stay within this either way.
const HISTORY_BOUND: i32 = 800_000_000;

/// Where quiet moves wait until the first of them is picked: above every history
/// score, below the counter move. Most nodes end on an earlier move, and their
/// quiet moves' histories are never read.
const UNSCORED: i32 = HISTORY_BOUND;

/// Whether a move's score says it is a capture that loses material.
pub fn is_losing(score: i32) -> bool {
    score < -HISTORY_BOUND
}

/// How many plies less a quiet move scored `score` is reduced: one for a killer
/// or counter move, up to two either way by its history.
pub fn history_reduction(score: i32) -> i32 {
    if score > HISTORY_BOUND {
        1
    } else {
        (score / (3 * HISTORY_MAX / 2)).clamp(-2, 2)
    }
}

/// What a tactical move wins ([`gain`]), from its score; none for the table's
/// move and for captures that lose material (not scored by it).
pub fn tactical_gain(score: i32) -> Option<i32> {
    (GOOD_TACTICAL..i32::MAX)
        .contains(&score)
        .then(|| score - GOOD_TACTICAL - 100_000_000)
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
    /// Per piece move (one or two plies back), a row; in it, per piece's quiet
    /// move now: how often the second caused a cut-off after the first.
    continuation: Vec<i16>,
    /// The continuation table's rows and columns (`CONTINUATION_SIDE` at most).
    side: usize,
}

/// A piece's move as the histories know it: which side's piece of which kind went
/// to which cell, as one number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMove(usize);

impl PieceMove {
    /// The move `m` of the side to move in `pos` (before it is made).
    pub fn of(pos: &Position, m: &Move) -> PieceMove {
        let kind = m
            .from_hand()
            .or_else(|| pos.piece_at(m.from).map(|p| p.kind))
            .unwrap_or(0);
        let side = pos.side_to_move().index();
        PieceMove((kind * 2 + side) * pos.rules().cell_count() + usize::from(m.to))
    }
}

/// Where a node sits: its ply, the move that led to it, and the piece moves of the
/// last two plies (none after a null move or at the root).
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub ply: usize,
    pub previous: Option<Move>,
    pub before: [Option<PieceMove>; 2],
}

/// A piece move's row or column in a continuation table of `side` of them.
fn continuation_index(m: PieceMove, side: usize) -> usize {
    if m.0 < side {
        m.0
    } else {
        ((m.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize % side
    }
}

/// A quiet move's score per centipawn of its piece's value (over the least
/// valuable piece's 100) for leaving a cell the enemy's least valuable pieces
/// strike, and against it for going to one (Stockfish orders quiet moves by the
/// same threats).
const THREAT_ORDER: i32 = 32;

/// What a quiet move's threats add to its history score: a piece worth more than
/// the enemy's least valuable ones gains for leaving the cells those strike
/// (`cells`) and loses for going to one.
fn threat_score(pos: &Position, eval: &Evaluator, m: &Move, cells: u128, least: &[bool]) -> i32 {
    let Some(p) = pos.piece_at(m.from).filter(|_| m.from_hand().is_none()) else {
        return 0;
    };
    if least[p.kind] || pos.rules().royal[p.kind] {
        return 0;
    }
    let worth = THREAT_ORDER * eval.values[p.kind] * 100 / eval.pawn.max(1);
    if cells >> m.to & 1 != 0 {
        -worth
    } else if cells >> m.from & 1 != 0 {
        worth
    } else {
        0
    }
}

/// `h` moved toward `HISTORY_MAX` by `bonus` (or toward its negative by a malus).
fn gravitate(h: i32, bonus: i32) -> i32 {
    h + bonus - h * bonus.abs() / HISTORY_MAX
}

/// How much a cut-off `depth` plies from the horizon moves a history score.
fn history_bonus(depth: i32) -> i32 {
    (24 * depth * depth + 40 * depth).min(2_000)
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

/// A move's ordering score and its index in the node's move list: picking moves
/// these, a fifth of a move's bytes, and the list stays as it was generated.
pub type Ranked = (i32, u32);

/// The best-scored entry of `scored[i..]`, brought to `i` with the others kept in
/// their order (ties go to the earlier move): most nodes stop after a few moves,
/// so sorting the whole list would be wasted. The index of its move.
pub fn pick(scored: &mut [Ranked], i: usize) -> usize {
    let (mut best, mut top) = (i, scored[i].0);
    for (j, &(s, _)) in scored.iter().enumerate().skip(i + 1) {
        if s > top {
            (best, top) = (j, s);
        }
    }
    scored[i..=best].rotate_right(1);
    scored[i].1 as usize
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
    (moves, scored): (&[Move], &mut [Ranked]),
    i: usize,
) -> bool {
    let (score, index) = scored[i];
    let m = moves[index as usize];
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
    /// Move ordering for a game of `pieces` kinds on `cells` cells.
    pub fn new(kinds: usize, cells: usize) -> Order {
        let side = (2 * kinds * cells).clamp(1, CONTINUATION_SIDE);
        Order {
            killers: vec![[None; 2]; MAX_PLY + 1],
            counters: vec![None; 2 * HISTORY_SLOTS],
            history: vec![0; 2 * HISTORY_SLOTS],
            continuation: vec![0; side * side],
            side,
        }
    }

    /// A new game: everything learnt is forgotten.
    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.counters.iter_mut().for_each(|c| *c = None);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.continuation.iter_mut().for_each(|h| *h = 0);
    }

    /// A new search: histories halve, killers are forgotten.
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.continuation.iter_mut().for_each(|h| *h /= 2);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// The slot of `now` after `then` in the continuation table.
    fn continuation_slot(&self, then: PieceMove, now: PieceMove) -> usize {
        continuation_index(then, self.side) * self.side + continuation_index(now, self.side)
    }

    /// A quiet move's history score: its own and after each of the two moves
    /// before it.
    pub fn quiet_score(&self, pos: &Position, m: &Move, before: &[Option<PieceMove>; 2]) -> i32 {
        let now = PieceMove::of(pos, m);
        let mut s = self.history[history_slot(pos, m)];
        for then in before.iter().flatten() {
            s += i32::from(self.continuation[self.continuation_slot(*then, now)]);
        }
        s
    }

    /// Every history score of quiet move `m` moved by `bonus` (a malus if negative).
    fn reward(&mut self, pos: &Position, m: &Move, before: &[Option<PieceMove>; 2], bonus: i32) {
        let h = &mut self.history[history_slot(pos, m)];
        *h = gravitate(*h, bonus);
        let now = PieceMove::of(pos, m);
        for then in before.iter().flatten() {
            let slot = self.continuation_slot(*then, now);
            let c = &mut self.continuation[slot];
            *c = gravitate(i32::from(*c), bonus) as i16;
        }
    }

    /// Score `moves` into `scored`, for [`pick`] to take best first.
    pub fn score(
        &self,
        pos: &Position,
        eval: &Evaluator,
        moves: &[Move],
        scored: &mut Vec<Ranked>,
        first: Option<MoveKey>,
        line: &Line,
    ) {
        scored.clear();
        let killers = self.killers[line.ply.min(MAX_PLY)];
        let counter = (line.previous).and_then(|p| self.counters[counter_slot(pos, &p)]);
        scored.extend(moves.iter().zip(0..).map(|(&m, index)| {
            let s = if first.is_some_and(|f| f.matches(&m)) {
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
                UNSCORED
            };
            (s, index)
        }));
    }

    /// The best-scored move of `scored[i..]`, brought to `i` as [`pick`] does;
    /// where that is a quiet move still unscored, every unscored move is scored by
    /// its history first (as the histories stand now).
    pub fn pick(
        &self,
        pos: &Position,
        eval: &Evaluator,
        (moves, scored): (&[Move], &mut [Ranked]),
        i: usize,
        line: &Line,
    ) -> Move {
        let index = pick(scored, i);
        if scored[i].0 != UNSCORED {
            return moves[index];
        }
        let threats = eval.threatened_cells(pos);
        for (s, index) in scored[i..].iter_mut().filter(|(s, _)| *s == UNSCORED) {
            let m = &moves[*index as usize];
            *s = self.quiet_score(pos, m, &line.before);
            if let Some((cells, least)) = threats {
                *s += threat_score(pos, eval, m, cells, least);
            }
        }
        moves[pick(scored, i)]
    }

    /// A quiet move caused a cut-off at `ply`, `depth` plies from the horizon,
    /// after the quiet moves `before` did not.
    pub fn cut_off(&mut self, pos: &Position, m: Move, before: &[Move], line: &Line, depth: i32) {
        if let Some(p) = line.previous {
            self.counters[counter_slot(pos, &p)] = Some(m);
        }
        let k = &mut self.killers[line.ply.min(MAX_PLY)];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = history_bonus(depth);
        self.reward(pos, &m, &line.before, bonus);
        for q in before {
            self.reward(pos, q, &line.before, -bonus);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_history_score_settles_at_its_bound_either_way() {
        let (mut up, mut down) = (0, 0);
        for _ in 0..200 {
            up = gravitate(up, history_bonus(12));
            down = gravitate(down, -history_bonus(12));
        }
        assert_eq!((up, down), (HISTORY_MAX, -HISTORY_MAX));
        // a cut-off after many failures raises the score by less than its bonus
        assert_eq!(gravitate(-HISTORY_MAX, history_bonus(3)), -16_384 + 2 * 336);
    }

    #[test]
    fn the_bonus_grows_with_depth_up_to_a_cap() {
        let bonuses: Vec<i32> = [1, 2, 5, 8, 9, 30].map(history_bonus).to_vec();
        assert_eq!(bonuses, [64, 176, 800, 1856, 2000, 2000]);
    }

    #[test]
    fn piece_moves_beyond_the_table_share_rows_within_it() {
        assert_eq!(continuation_index(PieceMove(767), 768), 767);
        let rows: Vec<usize> = (2048..2048 + 1000)
            .map(|m| continuation_index(PieceMove(m), 2048))
            .collect();
        assert!(rows.iter().all(|&r| r < 2048));
        // spread over the rows, not piled on a few
        let mut distinct = rows.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert!(distinct.len() > 700, "{}", distinct.len());
    }

    /// Quiet moves wait unscored behind the tactical ones; the first time one is
    /// picked, all are scored by their histories as they stand then.
    #[test]
    fn quiet_moves_are_scored_by_history_when_the_first_of_them_is_picked() {
        let rules = super::super::chess("");
        let eval = Evaluator::new(&rules);
        let mut order = Order::new(rules.kinds, rules.cell_count());
        // White's e4 pawn may take d5; every other move is quiet
        let fen = "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1";
        let pos = Position::from_fen(&rules, fen).expect("a legal FEN");
        let mut moves = Vec::new();
        pos.clone().legal_moves(&mut moves);
        let named = |text: &str| {
            *(moves.iter())
                .find(|m| pos.move_text(m) == text)
                .unwrap_or_else(|| panic!("{text} is legal"))
        };
        let line = Line {
            ply: 4,
            previous: None,
            before: [None, None],
        };
        let mut scored = Vec::new();
        order.score(&pos, &eval, &moves, &mut scored, None, &line);
        let unscored = |scored: &[Ranked]| scored.iter().filter(|s| s.0 == UNSCORED).count();
        assert_eq!(unscored(&scored), moves.len() - 1);
        // a history earned after the list was scored still orders the quiet moves
        order.cut_off(&pos, named("a1-a7"), &[], &line, 6);
        let picked: Vec<String> = (0..2)
            .map(|i| pos.move_text(&order.pick(&pos, &eval, (&moves, &mut scored), i, &line)))
            .collect();
        assert_eq!(picked, ["e4-d5", "a1-a7"]);
        assert_eq!(unscored(&scored), 0);
    }

    /// A knight on a cell a pawn strikes gains for leaving it and loses for
    /// going to another; pawns and the king are scored by their histories alone.
    #[test]
    fn a_piece_a_lesser_one_strikes_is_ordered_to_leave_and_not_to_come() {
        let rules = super::super::chess("");
        let eval = Evaluator::new(&rules);
        // Black's d5 pawn strikes c4 and e4; its b6 pawn strikes a5 and c5
        let fen = "4k3/8/1p6/3p4/4N3/8/3P4/4K3 w - - 0 1";
        let pos = Position::from_fen(&rules, fen).expect("a legal FEN");
        let Some((cells, least)) = eval.threatened_cells(&pos) else {
            panic!("chess's pieces capture by replacement: threats are read")
        };
        let mut moves = Vec::new();
        pos.clone().legal_moves(&mut moves);
        let worth =
            THREAT_ORDER * eval.values[pos.piece_at(28).map_or(0, |p| p.kind)] * 100 / eval.pawn;
        let score = |text: &str| {
            let m = (moves.iter())
                .find(|m| pos.move_text(m) == text)
                .unwrap_or_else(|| panic!("{text} is legal"));
            threat_score(&pos, &eval, m, cells, least)
        };
        assert_eq!(
            ["e4-g5", "e4-c5", "d2-d3", "e1-f1"].map(score),
            [worth, -worth, 0, 0]
        );
    }

    #[test]
    fn killers_reduce_less_and_history_moves_the_reduction_by_two_at_most() {
        let scores = [
            GOOD_TACTICAL - 30_000_000,
            0,
            24_576,
            3 * HISTORY_MAX,
            -3 * HISTORY_MAX,
        ];
        assert_eq!(scores.map(history_reduction), [1, 0, 1, 2, -2]);
    }
}
