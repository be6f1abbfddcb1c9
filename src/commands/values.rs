//! `vdl values`: piece values from the definition's own self-play games.

use super::matches::{limits, opening_list, play_shown, write_games};
use crate::cli::SelfPlayArgs;
use crate::protocols::uci_engine::Go;
use crate::report::load;
use crate::Failure;
use vdl::referee::matches::values::{
    distinct, estimate, samples, scored_games, scored_pgn, Estimate, ScoredGame,
};
use vdl::referee::matches::{GameOutcome, Plan, Player, SearchPlayer, Shard};
use vdl::search::eval::piece_values;
use vdl::Ruleset;

/// Fits on games drawn anew, for the error bars.
const RESAMPLES: usize = 100;

pub(crate) fn run_values(args: &SelfPlayArgs) -> Result<(), Failure> {
    let learned = games_to_learn_from(args)?;
    let rules = &learned.rules;
    let samples = samples(rules, &learned.games, learned.skip).map_err(Failure::Usage)?;
    let estimates = estimate(&samples, rules.kinds, RESAMPLES, args.seed);
    outln!(
        "Piece values of {} from {}, {} positions",
        rules.definition.name,
        learned.source,
        samples.len()
    );
    print_values(rules, &estimates);
    Ok(())
}

/// The games `vdl values` and `vdl tune` learn from.
pub(crate) struct Learned {
    pub(crate) rules: Ruleset,
    pub(crate) games: Vec<ScoredGame>,
    /// The plies at the start of each game that are not learned from (a random
    /// opening's).
    pub(crate) skip: usize,
    /// Where the games come from, in words.
    pub(crate) source: String,
}

/// The games of `--from-pgn`, or the definition's self-play games (written to
/// `--pgn` if asked).
pub(crate) fn games_to_learn_from(args: &SelfPlayArgs) -> Result<Learned, Failure> {
    let Some(path) = &args.from_pgn else {
        let (rules, games, skip) = self_play(args)?;
        let games = scored_games(&rules, &games).map_err(Failure::Usage)?;
        let source = format!(
            "{} self-play games (nodes {} a move)",
            args.games,
            args.nodes.max(1)
        );
        return Ok(Learned {
            rules,
            games,
            skip,
            source,
        });
    };
    let rules = load(&args.file)?;
    let text = vdl::read_collection(std::path::Path::new(path))
        .map_err(|e| Failure::Usage(format!("cannot read {path}: {e}")))?;
    let games = scored_pgn(&rules, &text).map_err(|e| Failure::Usage(format!("{path}: {e}")))?;
    let (games, repeated) = distinct(games);
    if games.len() < 2 {
        return Err(Failure::Usage(format!(
            "{path} holds {} finished game(s) of {}: at least 2 are needed",
            games.len(),
            rules.definition.name
        )));
    }
    let source = match repeated {
        0 => format!("{} games of {path}", games.len()),
        n => format!(
            "{} games of {path} ({n} repeating an earlier game move for move left out)",
            games.len()
        ),
    };
    Ok(Learned {
        rules,
        games,
        skip: 0,
        source,
    })
}

/// The definition's self-play games (written to `--pgn` if asked), and the plies
/// of the shortest opening.
fn self_play(args: &SelfPlayArgs) -> Result<(Ruleset, Vec<GameOutcome>, usize), Failure> {
    let rules = load(&args.file)?;
    if args.games < 2 || args.games > 100_000 {
        return Err(Failure::Usage("--games must be from 2 to 100000".into()));
    }
    // one player on both sides: each opening once, as a second game would repeat it
    let swap_colours = false;
    let count = Plan::openings_needed(args.games, swap_colours);
    let plan = Plan {
        games: args.games,
        openings: opening_list(&args.openings, &rules, count, args.seed)?,
        max_plies: args.max_plies,
        shard: Shard::WHOLE,
        swap_colours,
    };
    let skip = plan
        .openings
        .iter()
        .map(|o| o.moves.len())
        .min()
        .unwrap_or(0);
    let go = Go::Nodes(args.nodes.max(1));
    let name = format!("{} (nodes {})", args.file, args.nodes.max(1));
    let maker = || -> Result<[Box<dyn Player + '_>; 2], String> {
        Ok([0, 1]
            .map(|_| Box::new(SearchPlayer::new(&name, &rules, limits(go))) as Box<dyn Player>))
    };
    let pgn = args.pgn.as_deref();
    let games = play_shown(&rules, &plan, args.concurrency, &maker, pgn, None)?;
    if let Some(path) = pgn {
        write_games(path, &games)?;
    }
    Ok((rules, games, skip))
}

fn print_values(rules: &Ruleset, estimates: &[Estimate]) {
    let engine = piece_values(rules);
    // the unit: the kind the engine values least among those estimated
    let unit = estimates
        .iter()
        .filter(|e| engine[e.kind] > 0 && e.elo > 0.0)
        .min_by_key(|e| engine[e.kind]);
    let label = |k: usize| rules.definition.pieces[k].label.clone();
    match unit {
        Some(u) => outln!(
            "{:<6} {:<20} {:>8}  {:>8}  {}",
            "piece",
            "Elo a piece (95 %)",
            format!("÷ {}", label(u.kind)),
            "engine's",
            "positions unbalanced"
        ),
        None => outln!(
            "{:<6} {:<20}  positions unbalanced",
            "piece",
            "Elo a piece (95 %)"
        ),
    }
    for e in estimates {
        let elo = format!("{:+.0} ± {:.0}", e.elo, e.elo_error);
        let ratios = unit.map_or(String::new(), |u| {
            format!(
                "{:>8.2}  {:>8.2}",
                e.elo / u.elo,
                f64::from(engine[e.kind]) / f64::from(engine[u.kind])
            )
        });
        outln!("{:<6} {elo:<20} {ratios}  {}", label(e.kind), e.unbalanced);
    }
    let never: Vec<String> = (0..rules.kinds)
        .filter(|&k| !rules.royal[k] && estimates.iter().all(|e| e.kind != k))
        .map(label)
        .collect();
    if !never.is_empty() {
        outln!("never unbalanced (no estimate): {}", never.join(", "));
    }
}
