//! The computer player: iterative-deepening alpha-beta over the legal moves of any
//! definition, with a transposition table, quiescence on every kind of capture
//! (replacement, approach, withdrawal, pincer, conversion, ...), move ordering and
//! time management. Positions are scored by the definition's own end rules and by
//! piece values derived from the compiled movement tables ([`eval`]).

mod activity;
pub mod centrality;
mod correction;
pub mod eval;
pub mod network;
pub mod network_fit;
mod order;
mod passed;
pub mod phase;
pub mod royal_attack;
pub mod shelter;
mod structure;
mod table;
pub mod terms;
mod threats;
mod tree;

use crate::compile::Ruleset;
use crate::engine::{Move, Position};
use crate::model::{Outcome, Side};
pub use eval::Evaluator;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use table::Table;

/// A position of the game before the one searched: what repetitions are found by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Earlier {
    /// Its repetition key ([`Position::repetition_key`]).
    pub key: u64,
    /// Whether its player to move was in check (for `perpetual-check`).
    pub in_check: bool,
}

/// A won position's score at the root; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this (either way) are mates.
const MATE_BOUND: i32 = MATE - 10_000;
/// The deepest the search goes, quiescence included.
pub const MAX_PLY: usize = 128;
/// The deepest a search goes (room is left for the quiescence search below it).
pub const MAX_DEPTH: usize = MAX_PLY - 8;

/// The clock of the side to move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    /// Time left.
    pub remaining: Duration,
    /// Time added per move.
    pub increment: Duration,
    /// Moves to play before the next time control, if there is one.
    pub moves_to_go: Option<u32>,
}

/// When a search stops. With none of these set it runs until [`Searcher::stop_handle`]
/// is raised (or to the deepest depth).
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// The most nodes.
    pub nodes: Option<u64>,
    /// The time for this move.
    pub movetime: Option<Duration>,
    /// The clock, to budget the time.
    pub clock: Option<Clock>,
}

/// A score for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// In hundredths of a pawn.
    Centipawns(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Centipawns(s)
        }
    }
}

/// What one finished iteration found.
#[derive(Clone, Debug)]
pub struct Info {
    /// Depth reached.
    pub depth: u32,
    /// Deepest ply seen.
    pub seldepth: u32,
    /// The score.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Transposition-table slots in use, per thousand.
    pub hashfull: u32,
}

impl Info {
    /// Nodes per second so far.
    pub fn nodes_per_second(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (self.nodes as u128 * 1_000_000 / micros) as u64
    }
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct Found {
    /// `None` only when the side to move has no legal move.
    pub best: Option<Move>,
    /// The reply expected to `best`.
    pub ponder: Option<Move>,
    /// The score.
    pub score: Score,
    /// The depth searched.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}

/// A search's state between moves: the table, the values and the stop signal.
pub struct Searcher {
    table: Table,
    eval: Evaluator,
    stop: Arc<AtomicBool>,
    order: order::Order,
    correction: correction::Correction,
    run: tree::Run,
}

impl Searcher {
    /// A searcher for `rules` with a transposition table of about `table_mb` MiB.
    pub fn new(rules: &Ruleset, table_mb: usize) -> Searcher {
        let eval = Evaluator::new(rules);
        Searcher {
            table: Table::new(table_mb),
            correction: correction::Correction::new(rules, &eval.values, eval.pawn),
            eval,
            stop: Arc::new(AtomicBool::new(false)),
            order: order::Order::new(rules.kinds, rules.cell_count()),
            run: tree::Run::default(),
        }
    }

    /// Raise it (from another thread) to end the search at once; the best move
    /// found so far is returned.
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The evaluator it scores positions with.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Forget every earlier search (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.order.clear();
        self.correction.clear();
    }

    /// A transposition table of `table_mb` megabytes (cleared).
    pub fn resize(&mut self, table_mb: usize) {
        self.table = Table::new(table_mb);
    }

    /// Search `pos`. `earlier` holds the game's earlier positions, oldest first;
    /// `report` hears of every finished iteration.
    pub fn search(
        &mut self,
        pos: &Position,
        earlier: &[Earlier],
        limits: &Limits,
        report: &mut dyn FnMut(&Info),
    ) -> Found {
        let start = Instant::now();
        let (soft, hard) = time_budget(limits);
        let mut pos = pos.clone();
        pos.set_weights(self.eval.weights());
        if let Some(rows) = self.eval.rows(pos.rules()) {
            pos.set_rows(rows);
        }
        pos.set_marks(self.correction.marks());
        self.table.new_search();
        self.order.age();
        self.run = tree::Run::new(&pos, earlier, start, hard, limits.nodes);
        if self.eval.reads_board() {
            self.run.keep_values();
        }
        let legal = self.run.root_moves(&mut pos);
        let mut found = Found {
            best: legal.first().copied(),
            ponder: None,
            score: Score::Centipawns(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        };
        if legal.len() <= 1 && limits.depth.is_none() && !legal.is_empty() {
            // One legal move: nothing to think about when the clock runs.
            if limits.clock.is_some() || limits.movetime.is_some() {
                return found;
            }
        }
        // at least one ply: a search of none would give an unsearched move
        let max_depth = limits
            .depth
            .unwrap_or(MAX_DEPTH as u32)
            .clamp(1, MAX_DEPTH as u32);
        let mut last = None;
        for depth in 1..=max_depth {
            let score = tree::Node {
                table: &mut self.table,
                eval: &self.eval,
                stop: &self.stop,
                order: &mut self.order,
                correction: &mut self.correction,
                run: &mut self.run,
            }
            .root(&mut pos, depth as i32, last);
            if self.run.aborted && depth > 1 {
                // a move this unfinished iteration searched in full and found
                // better than the one before it searched (the first searched)
                let pv = self.run.pv();
                if let Some(&m) = pv.first() {
                    found.best = Some(m);
                    found.ponder = pv.get(1).copied();
                }
                break;
            }
            last = Some(score);
            let pv = self.run.pv();
            if let Some(&m) = pv.first() {
                found.best = Some(m);
                found.ponder = pv.get(1).copied();
            }
            found.score = Score::from_internal(score);
            found.depth = depth;
            found.nodes = self.run.nodes;
            found.time = start.elapsed();
            report(&Info {
                depth,
                seldepth: self.run.seldepth,
                score: found.score,
                nodes: self.run.nodes,
                time: found.time,
                pv,
                hashfull: self.table.permille_full(),
            });
            let mate_found = matches!(found.score, Score::Mate(n) if n.unsigned_abs() * 2 <= depth);
            if self.run.aborted || mate_found && limits.depth.is_none() && soft.is_some() {
                break;
            }
            if soft.is_some_and(|s| start.elapsed() >= s) {
                break;
            }
        }
        found.nodes = self.run.nodes;
        found.time = start.elapsed();
        self.stop.store(false, Ordering::Relaxed);
        found
    }
}

/// What a search with a fixed time per move keeps back for the clock's reading
/// interval and for answering.
const MOVETIME_MARGIN: Duration = Duration::from_millis(5);

/// What a search on a clock keeps back of the time left: more than a fixed time
/// does, as a game lost on time is lost whatever the position.
const CLOCK_MARGIN: Duration = Duration::from_millis(30);

/// When to stop starting iterations (soft) and when to stop at once (hard).
fn time_budget(limits: &Limits) -> (Option<Duration>, Option<Duration>) {
    if let Some(t) = limits.movetime {
        let hard = t
            .saturating_sub(MOVETIME_MARGIN)
            .max(Duration::from_millis(1));
        return (Some(hard), Some(hard));
    }
    let Some(clock) = limits.clock else {
        return (None, None);
    };
    let to_go = clock.moves_to_go.unwrap_or(30).clamp(1, 50);
    let left = clock.remaining.saturating_sub(CLOCK_MARGIN);
    let share = left / to_go + clock.increment * 3 / 4;
    let hard = share
        .saturating_mul(3)
        .min(left / 3)
        .max(Duration::from_millis(1));
    let soft = (share / 2).min(hard);
    (Some(soft), Some(hard))
}

/// A game end by the rules that gives `outcome` to `player`, as a score for
/// `player`, `ply` plies from the root.
fn outcome_score(outcome: Outcome, player: Side, ply: usize) -> i32 {
    match outcome.for_player(player) {
        Outcome::Win => MATE - ply as i32,
        Outcome::Loss => -(MATE - ply as i32),
        _ => 0,
    }
}

/// Orthodox chess, as the search's tests read it: with the weights derived from
/// its rules (the shipped `evaluation` section left out), `extra` appended (an
/// `evaluation` section, say).
#[cfg(test)]
pub(crate) fn chess(extra: &str) -> Ruleset {
    let shipped = include_str!("../../../definitions/chess.vdl");
    let rules = match crate::evaluation_section(shipped) {
        Some(r) => format!("{}{}", &shipped[..r.start], &shipped[r.end..]),
        None => shipped.to_string(),
    };
    crate::load(&format!("{rules}{extra}"))
        .ruleset
        .expect("chess loads")
}

/// A shipped definition as `vdl` loads it from its file (a network beside it
/// included).
#[cfg(test)]
pub(crate) fn shipped(name: &str) -> Ruleset {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../definitions")
        .join(name);
    let text = crate::read_source(&path).expect("a shipped definition reads");
    crate::load_file(&path, &text)
        .ruleset
        .expect("a shipped definition loads")
}

#[cfg(test)]
pub(crate) use crate::engine::{random_game, random_game_from};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_time_is_used_nearly_in_full_and_a_clock_keeps_more_back() {
        let ms = Duration::from_millis;
        let fixed = Limits {
            movetime: Some(ms(200)),
            ..Limits::default()
        };
        assert_eq!(time_budget(&fixed), (Some(ms(195)), Some(ms(195))));
        let tiny = Limits {
            movetime: Some(ms(3)),
            ..Limits::default()
        };
        assert_eq!(time_budget(&tiny), (Some(ms(1)), Some(ms(1))));
        // 3,030 ms left, 30 kept back, 30 moves to go: 100 ms a move, three
        // times that at most, half of it before a new iteration starts
        let clock = Limits {
            clock: Some(Clock {
                remaining: ms(3_030),
                increment: ms(0),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        assert_eq!(time_budget(&clock), (Some(ms(50)), Some(ms(300))));
    }
}
