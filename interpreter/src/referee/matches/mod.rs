//! Matches between two players: a fixed list of openings, each played with both
//! colours (once where the players are the same), games on several threads,
//! shards that split one match over machines, and what the results say
//! (`vdl match`). Also the search's yardstick match
//! against the two-ply player (`vdl selfplay --ai`).

pub mod openings;
mod player;
mod record;
pub mod stats;
pub mod tune;
pub mod tune_network;
mod two_ply;
pub mod values;

pub use openings::{Opening, OpeningError};
pub use player::{Player, SearchPlayer};
pub use record::{GameOutcome, MatchRecord, MergeError, Shard, Summary, MAX_PLANNED};
pub use two_ply::{search_against_two_ply, MatchReport};

use super::{pgn, Game};
use crate::compile::Ruleset;
use crate::model::Side;
use stats::{Sprt, Tally, Verdict};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// What a match plays: how many games, from which openings, how long at most, and
/// which share of the games is this machine's.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Games in the whole match: with `swap_colours`, opening `i` is played in
    /// games `2i` (the first player White) and `2i + 1` (colours swapped); without,
    /// opening `i` in game `i`, the first player White.
    pub games: usize,
    /// The openings, used in turn (again from the first when the games outnumber them).
    pub openings: Vec<Opening>,
    /// Plies the players may make before the game is adjudicated a draw.
    pub max_plies: usize,
    /// This machine's share.
    pub shard: Shard,
    /// Each opening is played with both colours. Not when the two players are one
    /// and the same: the second game would repeat the first (or, timed, nearly),
    /// and count as a game it is not.
    pub swap_colours: bool,
}

impl Plan {
    /// How many openings `games` games need.
    pub fn openings_needed(games: usize, swap_colours: bool) -> usize {
        if swap_colours {
            games.div_ceil(2)
        } else {
            games
        }
    }

    /// The games of this shard, in order: those of the openings whose number
    /// leaves the shard's index (the two games of one opening stay together).
    pub fn shard_games(&self) -> Vec<usize> {
        (0..self.games)
            .filter(|&g| self.opening_of(g) % self.shard.count == self.shard.index)
            .collect()
    }

    /// The number of game `index`'s opening (before the list is used again).
    fn opening_of(&self, index: usize) -> usize {
        if self.swap_colours {
            index / 2
        } else {
            index
        }
    }
}

/// Makes the two players of a match for one thread: the first, then the second.
pub type PlayerMaker<'a, 'r> = dyn Fn() -> Result<[Box<dyn Player + 'r>; 2], String> + Sync + 'a;

/// How a match is run on this machine.
pub struct Run<'a, 'r> {
    /// Games played at once, each on its own thread with its own players.
    pub concurrency: usize,
    /// The players' maker.
    pub players: &'a PlayerMaker<'a, 'r>,
    /// A test that stops the match once it decides.
    pub sprt: Option<Sprt>,
    /// Told of each game as it ends, with the first player's tally so far.
    pub progress: &'a (dyn Fn(&GameOutcome, &Tally) + Sync),
}

/// Play this shard of the match; the games come back in order. An error is a
/// player that could not be made or an opening that does not fit the rules.
pub fn play(rules: &Ruleset, plan: &Plan, run: &Run) -> Result<Vec<GameOutcome>, String> {
    let todo = plan.shard_games();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let done: Mutex<(Vec<GameOutcome>, Tally)> = Mutex::new((Vec::new(), Tally::default()));
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let worker = || {
        let fail = |e: String| {
            stop.store(true, Ordering::Relaxed);
            if let Ok(mut f) = failure.lock() {
                f.get_or_insert(e);
            }
        };
        let mut players = match (run.players)() {
            Ok(p) => p,
            Err(e) => return fail(e),
        };
        while !stop.load(Ordering::Relaxed) {
            let Some(&index) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                return;
            };
            let outcome = match play_game(rules, plan, index, &mut players) {
                Ok(o) => o,
                Err(e) => return fail(e),
            };
            let Ok(mut d) = done.lock() else { return };
            record::count(&mut d.1, outcome.first_player_points());
            (run.progress)(&outcome, &d.1);
            if run
                .sprt
                .is_some_and(|s| s.verdict(&d.1) != Verdict::Continue)
            {
                stop.store(true, Ordering::Relaxed);
            }
            d.0.push(outcome);
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..run.concurrency.clamp(1, todo.len().max(1)) {
            scope.spawn(worker);
        }
    });
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let mut games = done.into_inner().map(|d| d.0).unwrap_or_default();
    games.sort_by_key(|g| g.index);
    Ok(games)
}

/// Game `index` of the plan, from its opening, the first player White in even games.
fn play_game(
    rules: &Ruleset,
    plan: &Plan,
    index: usize,
    players: &mut [Box<dyn Player + '_>; 2],
) -> Result<GameOutcome, String> {
    let opening = &plan.openings[plan.opening_of(index) % plan.openings.len()];
    let mut game = opening.game(rules).map_err(|e| e.0)?;
    let first_is_white = !plan.swap_colours || index % 2 == 0;
    for p in players.iter_mut() {
        p.new_game();
    }
    let player_of = |side: Side| usize::from((side == Side::White) != first_is_white);
    let mut forfeit = None;
    let mut plies = 0;
    while game.result().is_none() && plies < plan.max_plies && !game.legal_moves().is_empty() {
        let side = game.position().side_to_move();
        match players[player_of(side)].choose(&game) {
            Ok(m) if game.legal_moves().contains(&m) => game.play(m),
            Ok(_) => forfeit = Some((side, "an illegal move".to_string())),
            Err(e) => forfeit = Some((side, e)),
        }
        if forfeit.is_some() {
            break;
        }
        plies += 1;
    }
    let names = [0, 1].map(|i| players[i].name());
    Ok(GameOutcome::of(
        &game,
        index,
        first_is_white,
        forfeit,
        &names,
    ))
}

/// The game as PGN with the match's tags.
fn pgn_of(game: &Game, index: usize, white: &str, black: &str, end: (&str, &str)) -> String {
    let round = (index + 1).to_string();
    let (result, termination) = end;
    pgn::write(
        game,
        &[
            ("Event", "vdl match"),
            ("Round", &round),
            ("White", white),
            ("Black", black),
            ("Result", result),
            ("Termination", termination),
        ],
    )
}
