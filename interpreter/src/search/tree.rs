//! The tree walk: principal-variation alpha-beta in aspiration windows, with null
//! moves where the rules make them sound, reverse futility, futility and late-move
//! pruning near the horizon (less where the position improves), late-move
//! reductions by history, and quiescence over tactical moves (which keeps its
//! results in the transposition table too). Margins are in hundredths of the least
//! valuable piece, from the static value or, where its bound shows it closer, the
//! table's score. Static values are corrected by what the searches of positions
//! with the same structure found ([`Correction`]). Game ends come from the
//! definition's `end` rules.

use super::activity::Structures;
use super::correction::Correction;
use super::eval::Evaluator;
use super::order::{
    demote_if_losing, history_reduction, is_losing, is_tactical, losing_by, tactical_gain, Line,
    Order, PieceMove, Ranked,
};
use super::table::{Bound, Entry, MoveKey, Table};
use super::{outcome_score, MATE_BOUND, MAX_PLY};
use crate::engine::{Legality, Move, Position};
use crate::model::{self, Outcome};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The most plies quiescence looks beyond the horizon.
const QUIESCENCE_PLIES: usize = 10;

/// What quiescence adds to a capture's gain on top of the static value, in
/// hundredths of the least valuable piece, before it counts the capture futile.
const FUTILITY_MARGIN: i32 = 150;

/// What having the move is worth, in centipawns, on top of the evaluation: the
/// side to move can usually improve its position (measured in self-play: chess
/// +45, Baroque +61, UC-40 and Rococo +5 Elo).
const TEMPO: i32 = 12;

/// What the move loop of a node needs to know about it.
struct Frame {
    depth: i32,
    ply: usize,
    beta: i32,
    pv_node: bool,
    /// A null window the node is expected to fail high in: its late moves are
    /// reduced more.
    cut: bool,
    /// The static value, off the principal line and out of check.
    static_eval: Option<i32>,
    /// The value of the least valuable piece: the margins are in hundredths of it.
    pawn: i32,
    /// The static value is better than two plies before: fewer moves are pruned.
    improving: bool,
    /// Quiet moves after this many are not searched (none: `usize::MAX`): late
    /// moves near the horizon rarely matter.
    late_limit: usize,
    /// Near the horizon, off the principal line and not in check: moves that lose
    /// material in the exchange they start are not searched.
    shallow: bool,
    /// The table's move is tactical: a quiet move is less likely to do better, and
    /// is reduced a ply more.
    tactical_first: bool,
}

impl Frame {
    fn new(
        (depth, ply): (i32, usize),
        (alpha, beta, cut): (i32, i32, bool),
        in_check: bool,
        (static_eval, pawn): (Option<i32>, i32),
        improving: bool,
    ) -> Frame {
        let pv_node = beta - alpha > 1;
        Frame {
            depth,
            ply,
            beta,
            pv_node,
            cut,
            static_eval: static_eval.filter(|_| !pv_node),
            pawn,
            improving,
            late_limit: if pv_node || in_check || depth > 7 {
                usize::MAX
            } else {
                (3 + (depth * depth) as usize) / (2 - usize::from(improving))
            },
            shallow: !pv_node && !in_check && depth <= 4,
            tactical_first: false,
        }
    }

    /// Whether quiet moves from the `tried`-th on are not searched: they come too
    /// late, or (searched as many plies less as late moves are) the static value
    /// is too far below `alpha` near the horizon for them to raise it.
    fn quiets_pruned(&self, tried: usize, alpha: i32) -> bool {
        let depth = (self.depth - reduction(self.depth, tried)).max(1);
        tried >= self.late_limit
            || depth <= 6
                && self
                    .static_eval
                    .is_some_and(|e| e + (80 + 110 * depth) * self.pawn / 100 <= alpha)
    }
}

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
    /// Per position of `keys`: whether its player to move is in check, once known.
    checked: Vec<bool>,
    /// Which sides had a royal piece at the root (losing it ends the game).
    had_royal: [bool; 2],
    lists: Vec<Vec<Move>>,
    /// Per ply: how the moves of `lists` are tested before they are played.
    legality: Vec<Legality>,
    scored: Vec<Vec<Ranked>>,
    pv: Vec<Vec<Move>>,
    /// Whether the rules let a null move stand for "any move would do": not when a
    /// turn must place a wall, captures are compulsory or passes end the game.
    null_moves: bool,
    /// Per ply: the move that led here was a null move (two in a row prove nothing).
    after_null: Vec<bool>,
    /// Per ply: whether the side to move is in check, when the move that led here
    /// has found it out already.
    check_known: Vec<Option<bool>>,
    /// Per ply: the move that led here (none at the root or after a null move).
    played: Vec<Option<Move>>,
    /// Per ply: the same move as the histories know it.
    moved: Vec<Option<PieceMove>>,
    /// Per ply: the static value, when out of check.
    evals: Vec<Option<i32>>,
    /// Per ply: the quiet moves searched so far (their history falls when a later
    /// one cuts off).
    quiets: Vec<Vec<Move>>,
    /// Static values made whole, by hash, each in the slot its hash picks: the
    /// same positions come back in every iteration. Empty where the evaluation
    /// does not read the board, which costs less than the look-up.
    values: Vec<(u64, i32)>,
    /// The promoting pieces' structures valued so far.
    structures: Structures,
}

/// The clock is read every this many nodes: at a few hundred thousand nodes a
/// second, about every millisecond (slow definitions, every few), so that a
/// search overruns its time by little.
const CLOCK_EVERY: u64 = 256;

/// Slots of the static values kept (a power of two).
const VALUES: usize = 1 << 16;

/// Whether a null move tells anything in this game: not when a turn must also
/// place a wall, when captures are compulsory, or when passes count for the end.
fn null_moves_sound(pos: &Position) -> bool {
    let rules = pos.rules();
    let d = &rules.definition;
    d.walls.is_none()
        && !d.must_capture
        && !rules.goals.passes_counted()
        && rules.goals.facing.is_none()
}

/// `scored[from..]` with only the moves (of `moves`) `keep` keeps: they are moved
/// to its front, in their order; where they end.
fn keep_only(
    (moves, scored): (&[Move], &mut [Ranked]),
    from: usize,
    mut keep: impl FnMut(&Move) -> bool,
) -> usize {
    let mut kept = from;
    for j in from..scored.len() {
        if keep(&moves[scored[j].1 as usize]) {
            scored.swap(kept, j);
            kept += 1;
        }
    }
    kept
}

/// How many plies a late quiet move is searched less: more for later moves at
/// greater depth, as engines for chess have found.
fn reduction(depth: i32, index: usize) -> i32 {
    (0.5 + f64::from(depth).ln() * (index as f64).ln() / 1.6) as i32
}

/// How many plies the `nth` move of a node is searched less: fewer on the
/// principal line and where the position improves, and for a quiet move (scored
/// `quiet`) fewer the better its history.
fn late_reduction(node: &Frame, nth: usize, quiet: Option<i32>) -> i32 {
    let r = reduction(node.depth, nth) - i32::from(node.pv_node)
        + i32::from(!node.improving)
        + 2 * i32::from(node.cut)
        + i32::from(node.tactical_first && quiet.is_some())
        - quiet.map_or(0, history_reduction);
    r.clamp(0, node.depth - 2)
}

impl Run {
    pub fn new(
        pos: &Position,
        earlier: &[super::Earlier],
        start: Instant,
        hard: Option<Duration>,
        node_limit: Option<u64>,
    ) -> Run {
        let mut keys = Vec::with_capacity(earlier.len() + MAX_PLY + 1);
        keys.extend(earlier.iter().map(|e| e.key));
        keys.push(pos.repetition_key(false));
        let mut checked = Vec::with_capacity(keys.capacity());
        checked.extend(earlier.iter().map(|e| e.in_check));
        checked.push(false);
        let n = MAX_PLY + 2;
        Run {
            start: Some(start),
            hard,
            node_limit,
            keys,
            checked,
            had_royal: [0, 1].map(|s| pos.has_royal(crate::model::Side::from_index(s))),
            lists: (0..n).map(|_| Vec::with_capacity(64)).collect(),
            legality: vec![Legality::default(); n],
            scored: (0..n).map(|_| Vec::with_capacity(64)).collect(),
            pv: vec![Vec::new(); n],
            null_moves: null_moves_sound(pos),
            after_null: vec![false; n],
            check_known: vec![None; n],
            played: vec![None; n],
            moved: vec![None; n],
            evals: vec![None; n],
            quiets: (0..n).map(|_| Vec::with_capacity(32)).collect(),
            ..Run::default()
        }
    }

    /// Static values are kept from now on (see `values`).
    pub fn keep_values(&mut self) {
        self.values = vec![(0, 0); VALUES];
    }

    pub fn root_moves(&mut self, pos: &mut Position) -> Vec<Move> {
        let mut out = Vec::new();
        pos.legal_moves(&mut out);
        out
    }

    /// The principal variation: the last finished iteration's, or, once an
    /// iteration is stopped, what it had searched in full (empty where that was
    /// no move yet).
    pub fn pv(&self) -> Vec<Move> {
        self.pv[0].clone()
    }

    /// Whether the search must stop: its nodes are spent (counted exactly), its
    /// time is up or it was told to stop (both looked at every
    /// [`CLOCK_EVERY`] nodes).
    fn out_of_time(&mut self, stop: &AtomicBool) -> bool {
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        } else if self.nodes % CLOCK_EVERY == 0 {
            let late = match (self.start, self.hard) {
                (Some(s), Some(h)) => s.elapsed() >= h,
                _ => false,
            };
            if late || stop.load(Ordering::Relaxed) {
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
    pub correction: &'a mut Correction,
    pub run: &'a mut Run,
}

/// What the table keeps of a node's result searched within `alpha..beta`: the
/// best move, and how the score bounds the truth. Below alpha every score is a
/// bound, and the best of them says little of which move is best: no move is
/// given, and the table keeps the one it had.
fn table_result(
    (best, best_move): (i32, Option<Move>),
    (alpha, beta): (i32, i32),
) -> (Option<Move>, Bound) {
    if best >= beta {
        (best_move, Bound::Lower)
    } else if best > alpha {
        (best_move, Bound::Exact)
    } else {
        (None, Bound::Upper)
    }
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

/// The remembered score, when its bound settles the node for this window.
fn table_cut(e: Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = from_table(e.score, ply);
    let cut = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    cut.then_some(s)
}

/// The static value `e`, or the table's score where its bound shows the position
/// is better (or worse) than `e` says: the margins of pruning start from it.
fn refined(e: i32, entry: Option<Entry>, ply: usize) -> i32 {
    let Some(t) = entry else { return e };
    let s = from_table(t.score, ply);
    let closer = match t.bound {
        Bound::Exact => true,
        Bound::Lower => s > e,
        Bound::Upper => s < e,
    };
    if closer && s.abs() < MATE_BOUND {
        s
    } else {
        e
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
    /// One iteration at `depth`: first in a narrow window around the last
    /// iteration's score, widened on each side the score falls outside.
    pub fn root(&mut self, pos: &mut Position, depth: i32, last: Option<i32>) -> i32 {
        const FULL: (i32, i32) = (-super::MATE - 1, super::MATE + 1);
        self.run.aborted = false;
        let mut delta = self.pawns(40);
        let (mut alpha, mut beta) = match last {
            Some(s) if depth >= 5 && s.abs() < MATE_BOUND => (s - delta, s + delta),
            _ => FULL,
        };
        loop {
            let score = self.negamax(pos, depth, 0, (alpha, beta), false);
            if self.run.aborted || (score > alpha && score < beta) || (alpha, beta) == FULL {
                return score;
            }
            delta *= 4;
            if delta > self.pawns(2_000) {
                (alpha, beta) = FULL;
            } else if score <= alpha {
                alpha = (score - delta).max(FULL.0);
            } else {
                beta = (score + delta).min(FULL.1);
            }
        }
    }

    /// The score of a game ended by a rule before any move is looked at: a royal
    /// piece lost, a repetition, or the n-move rule (below the root only: a
    /// game asked for a move goes on, even past a draw nobody claimed).
    fn ended(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        let rules = pos.rules();
        let end = &rules.definition.end;
        let stm = pos.side_to_move();
        for side in [stm.opponent(), stm] {
            if self.run.had_royal[side.index()] && !pos.has_royal(side) {
                let lost = if side == stm {
                    Outcome::Loss
                } else {
                    Outcome::Win
                };
                return Some(outcome_score(lost, stm, ply));
            }
        }
        if let Some(goal) = pos.goal() {
            let score = outcome_score(goal.outcome, goal.side, ply);
            return Some(if goal.side == stm { score } else { -score });
        }
        // the root is a position the game goes on from: nobody claimed its draw
        if ply == 0 {
            return None;
        }
        if let Some(score) = self.repeated(pos, ply) {
            return Some(score);
        }
        if let Some(limit) = &end.move_limit {
            // A draw that may be claimed is claimed.
            let moves = match limit.outcome {
                Outcome::Draw => limit.claim_at.unwrap_or(limit.moves),
                _ => limit.moves,
            };
            if pos.halfmove_clock() >= 2 * moves {
                return Some(outcome_score(limit.outcome, stm, ply));
            }
        }
        None
    }

    /// A position seen before (since the last irreversible move): a draw for the
    /// search, or the repetition rule's result when this occurrence would end the
    /// game. A cycle of checks by one player under `perpetual-check` is scored as
    /// that rule's result at once: repeating it further cannot change it.
    fn repeated(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        let keys = &self.run.keys;
        let key = *keys.last()?;
        let window = (pos.halfmove_clock() as usize + 1).min(keys.len());
        let mut earlier = (keys[keys.len() - window..keys.len() - 1].iter().enumerate())
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&(_, &k)| k == key)
            .map(|(i, _)| i + keys.len() - window);
        let last = earlier.next()?;
        let seen = 1 + earlier.count() as u32;
        let rule = pos.rules().definition.end.repetition;
        if let Some(r) = rule.filter(|r| r.perpetual_check.is_some()) {
            let in_check = self.in_check(pos);
            if let Some(c) = self.run.checked.last_mut() {
                *c = in_check;
            }
            let checkers = r.perpetual_checkers(&self.run.checked[last..]);
            if checkers.contains(&true) {
                let mover = pos.side_to_move().opponent();
                return Some(-outcome_score(r.outcome_for_mover(checkers), mover, ply));
            }
        }
        match rule {
            // The rule is about the side that moved into the repetition.
            Some(r) if seen + 1 >= r.count => {
                let mover = pos.side_to_move().opponent();
                Some(-outcome_score(r.outcome, mover, ply))
            }
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
        let has_royal = pos.has_royal(stm) && !end.royal_capture;
        if has_royal && pos.in_check(stm) {
            // the series of checks before the search's root is not seen here
            let outcome = if end.mate_by.any() {
                pos.checkmate_outcome([pos.checking_kinds(stm)])
            } else {
                end.checkmate
            };
            outcome_score(outcome, stm, ply)
        } else {
            let count = |side| pos.piece_cells(side).len();
            let outcome = end.stalemate_outcome(count(stm), count(stm.opponent()));
            outcome_score(outcome, stm, ply)
        }
    }

    /// The static value of the position for the side to move: its evaluation and
    /// the worth of having the move.
    fn static_value(&mut self, pos: &Position) -> i32 {
        self.static_value_within(pos, (-super::MATE, super::MATE))
    }

    /// The static value where it lies within `window` (quiescence's stand-pat
    /// asks no more); a whole evaluation made before, wherever it lies.
    fn static_value_within(&mut self, pos: &Position, (alpha, beta): (i32, i32)) -> i32 {
        let key = pos.hash();
        let slot = key as usize & (VALUES - 1);
        if let Some(&(known, value)) = self.run.values.get(slot) {
            if known == key {
                return value;
            }
        }
        let window = (alpha - TEMPO, beta - TEMPO);
        let structures = Some(&mut self.run.structures);
        let (value, whole) = self.eval.evaluate_lazily(pos, window, structures);
        let value = (value + TEMPO).min(MATE_BOUND - 1);
        if let Some(kept) = self.run.values.get_mut(slot).filter(|_| whole) {
            *kept = (key, value);
        }
        value
    }

    fn in_check(&self, pos: &Position) -> bool {
        let stm = pos.side_to_move();
        !pos.rules().definition.end.royal_capture && pos.has_royal(stm) && pos.in_check(stm)
    }

    fn make(&mut self, pos: &mut Position, m: Move, ply: usize) {
        self.run.played[ply + 1] = Some(m);
        self.run.moved[ply + 1] = Some(PieceMove::of(pos, &m));
        pos.make(m);
        self.run.keys.push(pos.repetition_key(false));
        self.run.checked.push(false);
    }

    fn unmake(&mut self, pos: &mut Position) {
        pos.unmake();
        self.run.keys.pop();
        self.run.checked.pop();
    }

    /// Whether the side to move is in check, found out now or by the move that led
    /// here, and kept for `perpetual-check`.
    fn check_here(&mut self, pos: &Position, ply: usize) -> bool {
        let in_check = match self.run.check_known[ply].take() {
            Some(known) => known,
            None => self.in_check(pos),
        };
        if let Some(c) = self.run.checked.last_mut() {
            *c = in_check;
        }
        in_check
    }

    /// The score of the position `depth` plies deep within `alpha..beta`; `cut`:
    /// a null window it is expected to fail high in.
    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
        cut: bool,
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
        if let Some(score) = entry
            .filter(|e| !pv_node && ply > 0 && e.depth as i32 >= depth)
            .and_then(|e| table_cut(e, ply, alpha, beta))
        {
            return score;
        }
        let in_check = self.check_here(pos, ply);
        let slot = (!in_check).then(|| self.correction.slot(pos));
        let static_eval = slot.map(|s| self.corrected_value(pos, s));
        self.run.evals[ply] = static_eval;
        let improving = self.improving(ply);
        let static_eval = static_eval.map(|e| refined(e, entry, ply));
        // only nodes off the principal line prune by it
        if let (Some(e), false, true) = (static_eval, pv_node, ply > 0) {
            if let Some(score) = self.prune(pos, (depth, ply), (beta, cut), e, improving) {
                return score;
            }
        }
        let mut moves = std::mem::take(&mut self.run.lists[ply]);
        let legality = std::mem::take(&mut self.run.legality[ply]);
        let legality = self.generate(pos, &mut moves, legality);
        if moves.is_empty() {
            self.run.lists[ply] = moves;
            self.run.legality[ply] = legality;
            return self.no_move(pos, ply);
        }
        let first = entry.and_then(|e| e.best);
        // in check one ply more; without a remembered best move, one less (the
        // ordering is a guess, and the next iteration will have one)
        let depth = depth + i32::from(in_check) - i32::from(depth >= 4 && first.is_none());
        let mut scored = std::mem::take(&mut self.run.scored[ply]);
        let line = self.line(ply);
        (self.order).score(pos, self.eval, &moves, &mut scored, first, &line);
        let mut node = Frame::new(
            (depth, ply),
            (alpha, beta, cut),
            in_check,
            (static_eval, self.eval.pawn),
            improving,
        );
        node.tactical_first = first.is_some_and(MoveKey::is_tactical);
        let searched = self.moves(pos, (&moves, &mut scored, &legality), &node, alpha);
        self.run.lists[ply] = moves;
        self.run.scored[ply] = scored;
        self.run.legality[ply] = legality;
        if self.run.aborted {
            return 0;
        }
        let Some((best, best_move)) = searched else {
            return self.no_move(pos, ply);
        };
        self.remember(key, (best, best_move), ply, depth, (alpha, beta));
        if let (Some(slot), Some(e)) = (slot, self.run.evals[ply]) {
            self.learn(slot, depth, (alpha, beta), (e, best, best_move));
        }
        best
    }

    /// The static value of `pos`, whose structure is in `slot`, as searches have
    /// corrected it.
    fn corrected_value(&mut self, pos: &Position, slot: usize) -> i32 {
        let value = self.static_value(pos);
        (self.correction.corrected(slot, value)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Teach the correction what a node's search found (`best`, by `best_move`)
    /// against its static value `value`: only where a quiet move or none was best
    /// (a capture's gain is no error of the evaluation) and the bound says on
    /// which side of the static value the truth lies.
    fn learn(
        &mut self,
        slot: usize,
        depth: i32,
        (alpha, beta): (i32, i32),
        (value, best, best_move): (i32, i32, Option<Move>),
    ) {
        let tactical = best_move.is_some_and(|m| is_tactical(&m));
        let uninformative = (best >= beta && best <= value) || (best <= alpha && best >= value);
        if !tactical && !uninformative && best.abs() < MATE_BOUND {
            self.correction.learn(slot, depth, (value, best));
        }
    }

    /// `centipawns` in hundredths of the least valuable piece.
    fn pawns(&self, centipawns: i32) -> i32 {
        centipawns * self.eval.pawn / 100
    }

    /// Whether the static value at `ply` is better than at the same player's last
    /// turn (or that was not known: in check).
    fn improving(&self, ply: usize) -> bool {
        let evals = &self.run.evals;
        match (evals[ply], ply.checked_sub(2).and_then(|p| evals[p])) {
            (Some(now), Some(then)) => now > then,
            (Some(_), None) => true,
            (None, _) => false,
        }
    }

    /// Where the node at `ply` sits, for the move order.
    fn line(&self, ply: usize) -> Line {
        let before = ply.checked_sub(1).and_then(|p| self.run.moved[p]);
        Line {
            ply,
            previous: self.run.played[ply],
            before: [self.run.moved[ply], before],
        }
    }

    /// Keep a node's result in the table, bounded by the window it was searched in.
    fn remember(
        &mut self,
        key: u64,
        (best, best_move): (i32, Option<Move>),
        ply: usize,
        depth: i32,
        (alpha, beta): (i32, i32),
    ) {
        let (best_move, bound) = table_result((best, best_move), (alpha, beta));
        (self.table).store(key, best_move, to_table(best, ply), depth as i16, bound);
    }

    /// Cut-offs before any move is searched, at a node not on the principal line
    /// and not in check: the static value far above beta near the horizon, or a
    /// null move (passing the turn) that still fails high on a shallower search.
    fn prune(
        &mut self,
        pos: &mut Position,
        (depth, ply): (i32, usize),
        (beta, cut): (i32, bool),
        static_eval: i32,
        improving: bool,
    ) -> Option<i32> {
        if beta.abs() >= MATE_BOUND {
            return None;
        }
        // at least a ply's margin: a node cut this way is not seen to be a mate or
        // a stalemate
        let margin = self.pawns(100 * (depth - i32::from(improving)).max(1));
        if depth <= 7 && static_eval - margin >= beta {
            return Some(static_eval);
        }
        let stm = pos.side_to_move();
        let may_pass = self.run.null_moves
            && depth >= 3
            && static_eval >= beta
            && !self.run.after_null[ply]
            && self.eval.can_wait(pos, stm);
        if !may_pass || !pos.make_null() {
            return None;
        }
        self.run.keys.push(pos.repetition_key(false));
        self.run.checked.push(false);
        self.run.after_null[ply + 1] = true;
        self.run.played[ply + 1] = None;
        self.run.moved[ply + 1] = None;
        self.run.check_known[ply + 1] = None;
        let r = 3 + depth / 3 + ((static_eval - beta) / self.pawns(200)).min(3);
        let score = -self.negamax(pos, depth - 1 - r, ply + 1, (-beta, -beta + 1), !cut);
        self.run.after_null[ply + 1] = false;
        self.unmake(pos);
        if self.run.aborted {
            return Some(0);
        }
        (score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }

    /// The node's moves for a search and how each is tested before it is played.
    fn generate(
        &mut self,
        pos: &mut Position,
        moves: &mut Vec<Move>,
        mut legality: Legality,
    ) -> Legality {
        pos.moves_for_search(moves, &mut legality);
        legality
    }

    /// The moves of a node in order, each searched with a null window after the
    /// first, late quiet ones reduced and futile ones skipped; the best score and
    /// move, or none when no move is legal.
    fn moves(
        &mut self,
        pos: &mut Position,
        (moves, scored, legality): (&[Move], &mut [Ranked], &Legality),
        node: &Frame,
        mut alpha: i32,
    ) -> Option<(i32, Option<Move>)> {
        let Frame {
            depth, ply, beta, ..
        } = *node;
        let mut best = -super::MATE - 1;
        let mut best_move = None;
        let line = self.line(ply);
        let mut quiets = std::mem::take(&mut self.run.quiets[ply]);
        quiets.clear();
        // legal moves searched, and moves skipped after the first of them
        let mut tried = 0;
        let mut i = 0;
        // the moves still to pick are `scored[i..end]`; once quiet moves are
        // pruned, those left give check
        let (mut end, mut pruned) = (scored.len(), false);
        while i < end {
            let m = (self.order).pick(pos, self.eval, (moves, &mut scored[..end]), i, &line);
            if demote_if_losing(pos, self.eval, (moves, &mut scored[..end]), i) {
                continue;
            }
            let score = scored[i].0;
            let quiet = !is_tactical(&m);
            if quiet && tried > 0 && !pruned && node.quiets_pruned(tried, alpha) {
                // so are all later quiet moves (later is later, and alpha only
                // rises), but those that give check: a mate is a quiet move too
                end = keep_only((moves, &mut scored[..end]), i, |m| {
                    is_tactical(m) || self.gives_check(pos, legality, *m)
                });
                pruned = true;
                continue;
            }
            i += 1;
            if tried > 0 && self.loses_too_much(pos, node, (m, score), best) {
                tried += 1;
                continue;
            }
            if !pos.is_legal_deferred(legality, m) {
                continue;
            }
            let nth = tried;
            tried += 1;
            self.make(pos, m, ply);
            let checks = quiet && depth >= 3 && self.in_check(pos);
            self.run.check_known[ply + 1] = (quiet && depth >= 3).then_some(checks);
            // a child of the principal line's first move is on it; otherwise a
            // child expected to fail low or high is expected the other way
            let child = !node.pv_node && !node.cut;
            let score = if nth == 0 {
                -self.negamax(pos, depth - 1, ply + 1, (-beta, -alpha), child)
            } else {
                // off the principal line, from the third move on
                let first_late = if node.pv_node { 3 } else { 2 };
                let late =
                    depth >= 3 && nth >= first_late && (quiet || is_losing(score)) && !checks;
                let r = if late {
                    late_reduction(node, nth, quiet.then_some(score))
                } else {
                    0
                };
                let window = (-alpha - 1, -alpha);
                let mut s = -self.negamax(pos, depth - 1 - r, ply + 1, window, r > 0 || child);
                // a stopped search's score means nothing: no search again
                if s > alpha && (r > 0 || s < beta) && !self.run.aborted {
                    s = -self.negamax(pos, depth - 1, ply + 1, (-beta, -alpha), child);
                }
                s
            };
            self.unmake(pos);
            if self.run.aborted {
                self.run.quiets[ply] = quiets;
                return Some((0, None));
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, m);
                    if alpha >= beta {
                        if quiet {
                            (self.order).cut_off(pos, m, &quiets, &line, depth);
                        }
                        break;
                    }
                }
            }
            if quiet && quiets.len() < 32 {
                quiets.push(m);
            }
        }
        self.run.quiets[ply] = quiets;
        (tried > 0).then_some((best, best_move))
    }

    /// Whether `m` is legal and gives check.
    fn gives_check(&self, pos: &mut Position, legality: &Legality, m: Move) -> bool {
        pos.is_legal_deferred(legality, m)
            && !pos.rules().definition.end.royal_capture
            && pos.gives_check(m)
    }

    /// Whether a move after the first is not searched because it loses material
    /// in its exchange near the horizon.
    fn loses_too_much(
        &self,
        pos: &mut Position,
        node: &Frame,
        (m, score): (Move, i32),
        best: i32,
    ) -> bool {
        node.shallow && best > -MATE_BOUND && self.loses_material(pos, m, score, node.depth)
    }

    /// Whether `m` (scored `score`) loses more material in its exchange than a
    /// search `depth` plies deep is likely to win back: a capture by its score, a
    /// quiet move by the exchange on the cell it goes to.
    fn loses_material(&self, pos: &mut Position, m: Move, score: i32, depth: i32) -> bool {
        if is_tactical(&m) {
            is_losing(score) && losing_by(score) < -self.pawns(120 * depth)
        } else {
            // only where that is cheap: a quiet move is rarely worth it otherwise
            depth <= 2
                && pos.exchanges_on_board()
                && pos.static_exchange(m, &self.eval.exchange_values)
                    < -self.pawns(30 * depth * depth)
        }
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
    /// removing one, so captures need not run out. Off the principal line, what the
    /// table knows of the position settles it first.
    fn quiesce(
        &mut self,
        pos: &mut Position,
        ply: usize,
        qply: usize,
        alpha: i32,
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
        let in_check = self.check_here(pos, ply);
        if ply >= MAX_PLY - 1 || qply >= QUIESCENCE_PLIES {
            return self.static_value(pos);
        }
        let key = pos.hash();
        let entry = self.table.probe(key);
        if beta - alpha == 1 {
            if let Some(score) = entry.and_then(|e| table_cut(e, ply, alpha, beta)) {
                return score;
            }
        }
        let mut best = -super::MATE - 1;
        let mut raised = alpha;
        if !in_check {
            let slot = self.correction.slot(pos);
            let shift = self.correction.corrected(slot, 0);
            best = self.static_value_within(pos, (alpha - shift, beta - shift)) + shift;
            if best >= beta {
                return best;
            }
            raised = alpha.max(best);
        }
        let first = entry.and_then(|e| e.best);
        let (best, best_move, any) =
            self.tactical_moves(pos, (ply, qply), (raised, beta), (best, first), in_check);
        if self.run.aborted {
            return best;
        }
        if in_check && !any {
            return self.no_move(pos, ply);
        }
        self.remember(key, (best, best_move), ply, 0, (alpha, beta));
        best
    }

    /// Quiescence's moves, best first, from the stand-pat value `best` (and the
    /// table's move `first`): the best score, its move, and whether any move was
    /// legal.
    fn tactical_moves(
        &mut self,
        pos: &mut Position,
        (ply, qply): (usize, usize),
        (mut alpha, beta): (i32, i32),
        (mut best, first): (i32, Option<MoveKey>),
        in_check: bool,
    ) -> (i32, Option<Move>, bool) {
        let mut moves = std::mem::take(&mut self.run.lists[ply]);
        let legality = std::mem::take(&mut self.run.legality[ply]);
        let legality = if in_check {
            self.generate(pos, &mut moves, legality)
        } else {
            let mut legality = legality;
            pos.tactical_moves_for_search(&mut moves, &mut legality);
            moves.retain(is_tactical);
            legality
        };
        let mut scored = std::mem::take(&mut self.run.scored[ply]);
        let line = self.line(ply);
        (self.order).score(pos, self.eval, &moves, &mut scored, first, &line);
        let (mut any, mut best_move) = (false, None);
        // the stand-pat value and a margin for what else a capture changes
        let futile = (!in_check).then(|| best + self.pawns(FUTILITY_MARGIN));
        let mut i = 0;
        while i < scored.len() {
            let m = (self.order).pick(pos, self.eval, (&moves, &mut scored), i, &line);
            if demote_if_losing(pos, self.eval, (&moves, &mut scored), i) {
                continue;
            }
            let score = scored[i].0;
            i += 1;
            if !pos.is_legal_deferred(&legality, m) {
                continue;
            }
            any = true;
            // a capture that loses material in the exchange is not worth a look,
            // nor one whose gain cannot lift the static value to alpha
            if !in_check && is_losing(score) {
                continue;
            }
            if let Some(reach) = futile.and_then(|stand| stand.checked_add(tactical_gain(score)?)) {
                if reach <= alpha {
                    best = best.max(reach);
                    continue;
                }
            }
            self.make(pos, m, ply);
            self.run.check_known[ply + 1] = None;
            let score = -self.quiesce(pos, ply + 1, qply + 1, -beta, -alpha);
            self.unmake(pos);
            if self.run.aborted {
                break;
            }
            if score > best {
                (best, best_move) = (score, Some(m));
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
        self.run.scored[ply] = scored;
        self.run.legality[ply] = legality;
        (best, best_move, any)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MoveKind;

    /// Quiescence's list is the full list's tactical moves, with the same
    /// legality test, in every shipped definition along a seeded random game.
    #[test]
    fn the_tactical_list_is_the_full_lists_tactical_moves() {
        let files = crate::shipped_definitions();
        assert!(files.len() > 50);
        let (mut legality, mut moves) = (Legality::default(), Vec::new());
        let legal = |pos: &mut Position, legality: &Legality, list: &[Move]| {
            let mut kept: Vec<String> = (list.iter())
                .filter(|m| is_tactical(m) && pos.is_legal_deferred(legality, **m))
                .map(|m| format!("{m:?}"))
                .collect();
            kept.sort();
            kept
        };
        for file in &files {
            let text = std::fs::read_to_string(file).expect("readable");
            let Some(rules) = crate::load_file(file, &text).ruleset else {
                panic!("{} loads", file.display());
            };
            let mut seed = 11;
            super::super::random_game(&rules, &mut seed, 80, |pos| {
                let mut pos = pos.clone();
                pos.moves_for_search(&mut moves, &mut legality);
                let all = legal(&mut pos, &legality, &moves);
                pos.tactical_moves_for_search(&mut moves, &mut legality);
                let tactical = legal(&mut pos, &legality, &moves);
                assert_eq!(tactical, all, "{}: {}", file.display(), pos.fen());
            });
        }
    }

    #[test]
    fn dropping_the_quiet_moves_keeps_the_tactical_ones_in_their_order() {
        let quiet = |to| Move::new(0, to, MoveKind::Normal);
        let promoting = |to| Move::new(0, to, MoveKind::Normal).with_promotion(Some(1));
        let moves = [
            quiet(1),
            quiet(2),
            promoting(3),
            quiet(4),
            promoting(5),
            quiet(6),
        ];
        let mut scored: Vec<Ranked> = (0..6).map(|i| (0, i)).collect();
        let end = keep_only((&moves, &mut scored), 1, is_tactical);
        let to: Vec<u16> = (scored[..end].iter())
            .map(|&(_, i)| moves[i as usize].to)
            .collect();
        assert_eq!(to, [1, 3, 5]);
    }

    #[test]
    fn the_static_value_moves_to_the_tables_score_only_where_its_bound_allows() {
        let mut table = Table::new(1);
        let mut at = |score: i32, bound: Bound| {
            table.store(7, None, score, 5, bound);
            refined(40, table.probe(7), 3)
        };
        let got = [
            at(90, Bound::Lower),
            at(10, Bound::Lower),
            at(10, Bound::Upper),
            at(90, Bound::Upper),
            at(-25, Bound::Exact),
            at(MATE_BOUND + 50, Bound::Lower),
        ];
        assert_eq!(got, [90, 40, 10, 40, -25, 40]);
        assert_eq!(refined(40, None, 3), 40);
    }

    #[test]
    fn a_node_that_fails_low_leaves_the_table_its_move() {
        let rules = super::super::chess("");
        let pos = Position::start(&rules);
        let mut moves = Vec::new();
        pos.clone().legal_moves(&mut moves);
        let m = Some(moves[0]);
        let window = (-50, 50);
        assert_eq!(table_result((60, m), window), (m, Bound::Lower));
        assert_eq!(table_result((10, m), window), (m, Bound::Exact));
        assert_eq!(table_result((-50, m), window), (None, Bound::Upper));
        // and the table keeps the move it had for the position
        let mut table = Table::new(1);
        table.store(7, m, 10, 3, Bound::Exact);
        let (kept, bound) = table_result((-80, Some(moves[1])), window);
        table.store(7, kept, -80, 4, bound);
        let kept = table.probe(7).and_then(|e| e.best);
        assert_eq!(kept, m.map(|m| MoveKey::of(&m)));
        assert!(kept.is_some_and(|k| k.matches(&moves[0]) && !k.matches(&moves[1])));
    }

    #[test]
    fn quiet_moves_are_reduced_a_ply_more_after_a_tactical_table_move() {
        let frame = |tactical_first| Frame {
            tactical_first,
            ..Frame::new((12, 3), (0, 1, false), false, (Some(0), 100), true)
        };
        let r = |node: &Frame| [Some(0), None].map(|quiet| late_reduction(node, 10, quiet));
        // ½ + ln 12 · ln 10 / 1.6, off the principal line, improving: 4 plies
        assert_eq!(r(&frame(false)), [4, 4]);
        assert_eq!(r(&frame(true)), [5, 4]);
    }

    #[test]
    fn later_moves_at_greater_depth_are_reduced_more() {
        let r: Vec<i32> = [(3, 3), (6, 10), (12, 30), (20, 60)]
            .map(|(d, i)| reduction(d, i))
            .to_vec();
        assert_eq!(r, [1, 3, 5, 8]);
    }
}
