//! `vdl selfplay`: random games that check the engine's invariants after every
//! move, or games of the engine against itself.

use crate::report::load;
use crate::Failure;
use std::time::Instant;
use vdl::referee;

pub(crate) fn ai_match(
    path: &str,
    games: usize,
    seed: u64,
    max_plies: usize,
    movetime: u64,
    threads: Option<usize>,
) -> Result<(), Failure> {
    let rules = load(path)?;
    let limits = vdl::search::Limits {
        movetime: Some(std::time::Duration::from_millis(movetime.max(1))),
        ..Default::default()
    };
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let r =
        referee::matches::search_against_two_ply(&rules, games, seed, &limits, max_plies, threads);
    let nps = r.nodes as f64 / r.search_time.as_secs_f64().max(1e-9);
    outln!(
        "{} games, search against two-ply: search won {}, two-ply won {}, drawn {}, unfinished {} ({:.1}% of the decisive games to the search)",
        r.games, r.search_wins, r.two_ply_wins, r.draws, r.unfinished, r.decisive_share()
    );
    outln!(
        "{} plies; search {} nodes in {:.1} s, {:.0} nodes/s per thread",
        r.plies,
        r.nodes,
        r.search_time.as_secs_f64(),
        nps
    );
    Ok(())
}

pub(crate) fn selfplay(
    path: &str,
    games: usize,
    seed: u64,
    max_plies: usize,
) -> Result<(), Failure> {
    let rules = load(path)?;
    let start = Instant::now();
    match referee::selfplay::selfplay(&rules, games, seed, max_plies) {
        Ok(report) => {
            let secs = start.elapsed().as_secs_f64();
            outln!(
                "{} games, {} plies, invariants held",
                report.games,
                report.plies
            );
            if rules.flags.drops {
                outln!("  turns with a drop: {}", report.drops);
            }
            for (result, n) in &report.results {
                outln!("  {result}: {n}");
            }
            errln!(
                "time {:.3} s, {:.1} games/s, {:.0} plies/s",
                secs,
                report.games as f64 / secs.max(1e-9),
                report.plies as f64 / secs.max(1e-9)
            );
            Ok(())
        }
        Err(e) => {
            errln!("invariant failed: {e}");
            Err(Failure::Judged)
        }
    }
}
