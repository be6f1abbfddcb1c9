//! Matches between the computer players: the search against the two-ply opponent
//! it replaced (`vdl selfplay --ai`), colours alternating, games on several threads.

use super::super::{ai, Game, Rng};
use crate::compile::Ruleset;
use crate::engine::Position;
use crate::model::Side;
use crate::search::{Limits, Searcher};
use std::time::Duration;

/// How a match went, from the search's side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchReport {
    /// Games played.
    pub games: usize,
    /// Games the search won.
    pub search_wins: usize,
    /// Games the two-ply player won.
    pub two_ply_wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games stopped at the ply limit.
    pub unfinished: usize,
    /// Plies played in all.
    pub plies: usize,
    /// Nodes the search looked at, and the time it took.
    pub nodes: u64,
    /// Time the search took in all.
    pub search_time: Duration,
}

impl MatchReport {
    /// The search's share of the decisive games, in percent.
    pub fn decisive_share(&self) -> f64 {
        let decisive = self.search_wins + self.two_ply_wins;
        if decisive == 0 {
            0.0
        } else {
            100.0 * self.search_wins as f64 / decisive as f64
        }
    }

    fn add(&mut self, other: &MatchReport) {
        self.games += other.games;
        self.search_wins += other.search_wins;
        self.two_ply_wins += other.two_ply_wins;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
        self.plies += other.plies;
        self.nodes += other.nodes;
        self.search_time += other.search_time;
    }
}

/// Play `games` games, the search White in the even ones, on `threads` threads.
pub fn search_against_two_ply(
    rules: &Ruleset,
    games: usize,
    seed: u64,
    limits: &Limits,
    max_plies: usize,
    threads: usize,
) -> MatchReport {
    let threads = threads.clamp(1, games.max(1));
    let mut total = MatchReport::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut searcher = Searcher::new(rules, 16);
                    let mut report = MatchReport::default();
                    for g in (t..games).step_by(threads) {
                        searcher.clear();
                        let mut rng = Rng::new(seed.wrapping_add(g as u64));
                        let search_side = if g % 2 == 0 { Side::White } else { Side::Black };
                        let pos = Position::start_seeded(rules, seed.wrapping_add(g as u64));
                        one_game(
                            pos,
                            &mut searcher,
                            &mut rng,
                            search_side,
                            limits,
                            max_plies,
                            &mut report,
                        );
                    }
                    report
                })
            })
            .collect();
        for h in handles {
            if let Ok(r) = h.join() {
                total.add(&r);
            }
        }
    });
    total
}

fn one_game(
    pos: Position,
    searcher: &mut Searcher,
    rng: &mut Rng,
    search_side: Side,
    limits: &Limits,
    max_plies: usize,
    report: &mut MatchReport,
) {
    let mut game = Game::new(pos);
    while game.result().is_none() && game.played().len() < max_plies {
        let m = if game.position().side_to_move() == search_side {
            let found = ai::search(searcher, &game, limits, &mut |_| {});
            found.map(|f| {
                report.nodes += f.nodes;
                report.search_time += f.time;
                f.best
            })
        } else {
            ai::two_ply(&game, rng).map(Some)
        };
        match m.flatten() {
            Some(m) => game.play(m),
            None => break,
        }
    }
    report.games += 1;
    report.plies += game.played().len();
    match game.result().map(|r| r.winner) {
        None => report.unfinished += 1,
        Some(None) => report.draws += 1,
        Some(Some(w)) if w == search_side => report.search_wins += 1,
        Some(Some(_)) => report.two_ply_wins += 1,
    }
}
