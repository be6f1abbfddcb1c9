//! `vdl values`: piece values from the definition's own self-play games.

use super::matches::{limits, opening_list, play_shown, write};
use crate::cli::ValuesArgs;
use crate::protocols::uci_engine::Go;
use crate::report::load;
use crate::Failure;
use vdl::referee::matches::values::{estimate, samples, Estimate};
use vdl::referee::matches::{Plan, Player, SearchPlayer, Shard};
use vdl::search::eval::piece_values;
use vdl::Ruleset;

/// Fits on games drawn anew, for the error bars.
const RESAMPLES: usize = 100;

pub(crate) fn run_values(args: &ValuesArgs) -> Result<(), Failure> {
    let rules = load(&args.file)?;
    if args.games < 2 || args.games > 100_000 {
        return Err(Failure::Usage("--games must be from 2 to 100000".into()));
    }
    let plan = Plan {
        games: args.games,
        openings: opening_list(&args.openings, &rules, args.games.div_ceil(2), args.seed)?,
        max_plies: args.max_plies,
        shard: Shard::WHOLE,
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
    let games = play_shown(&rules, &plan, args.concurrency, &maker, None)?;
    if let Some(path) = &args.pgn {
        let text: String = games.iter().map(|g| g.pgn.clone() + "\n").collect();
        write(path, &text)?;
    }
    let samples = samples(&rules, &games, skip).map_err(Failure::Usage)?;
    let estimates = estimate(&samples, rules.kinds, RESAMPLES, args.seed);
    print_values(&rules, args, samples.len(), &estimates);
    Ok(())
}

fn print_values(rules: &Ruleset, args: &ValuesArgs, positions: usize, estimates: &[Estimate]) {
    outln!(
        "Piece values of {} from {} self-play games (nodes {} a move), {positions} positions",
        rules.definition.name,
        args.games,
        args.nodes.max(1)
    );
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
