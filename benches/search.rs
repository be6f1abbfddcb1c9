//! `cargo bench --bench search`: the computer player's depth and speed. Each
//! position is searched from a new game for a fixed time (3 s, or
//! `VDL_BENCH_MS`) with a 64 MiB table, one thread, and the table gives the depth
//! of the last finished iteration, its nodes, the nodes per second, and
//! Fairy-Stockfish's depth in the same time where `benches/fsf-search.tsv` has it.
//! `VDL_BENCH_ONLY=chess,baroque` measures only those definitions.

mod common;

use std::time::{Duration, Instant};
use vdl::search::{Limits, Searcher};

/// The positions: a definition, a name, and a FEN (none: the setup).
const POSITIONS: &[(&str, &str, Option<&str>)] = &[
    ("chess", "start", None),
    (
        "chess",
        "Italian",
        Some("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"),
    ),
    (
        "chess",
        "Kiwipete",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ),
    (
        "chess",
        "perft endgame",
        Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ),
    (
        "chess",
        "Dragon",
        Some("r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9"),
    ),
    (
        "chess",
        "rook endgame",
        Some("8/8/4k3/3r4/8/3RK3/4P3/8 w - - 0 1"),
    ),
    ("baroque", "start", None),
    ("rococo", "start", None),
    ("uc40", "start", None),
];

/// Fairy-Stockfish's depth per (definition, position name), from
/// `benches/fsf-search.tsv`.
fn peers(root: &str) -> Vec<(String, String, u32)> {
    common::rows(root, "fsf-search.tsv")
        .iter()
        .filter_map(|f| {
            Some((
                f.first()?.clone(),
                f.get(1)?.clone(),
                f.get(2)?.parse().ok()?,
            ))
        })
        .collect()
}

fn main() {
    let root = env!("CARGO_MANIFEST_DIR");
    let only = common::only();
    let millis: u64 = std::env::var("VDL_BENCH_MS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000);
    let peers = peers(root);
    println!("| definition | position | depth | nodes | k nodes/s | FSF depth | vdl − FSF |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    let (mut sum, mut peer_sum) = (0, 0);
    for &(name, position, fen) in POSITIONS {
        if only.as_ref().is_some_and(|o| !o.iter().any(|n| n == name)) {
            continue;
        }
        let path = std::path::PathBuf::from(format!("{root}/definitions/{name}.vdl"));
        let Ok(source) = std::fs::read_to_string(&path) else {
            eprintln!("{} cannot be read", path.display());
            std::process::exit(1);
        };
        let Some(rules) = vdl::load_file(&path, &source).ruleset else {
            eprintln!("{} does not load", path.display());
            std::process::exit(1);
        };
        let pos = match fen {
            None => vdl::Position::start(&rules),
            Some(f) => match vdl::Position::from_fen(&rules, f) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("{name} {position}: {e}");
                    std::process::exit(1);
                }
            },
        };
        let mut searcher = Searcher::new(&rules, 64);
        let limits = Limits {
            movetime: Some(Duration::from_millis(millis)),
            ..Limits::default()
        };
        let start = Instant::now();
        let found = searcher.search(&pos, &[], &limits, &mut |_| {});
        let rate = found.nodes as f64 / start.elapsed().as_secs_f64() / 1e3;
        let peer = peers
            .iter()
            .find(|(n, p, _)| n == name && p == position)
            .map(|&(_, _, d)| d);
        let (peer_depth, gap) = match peer {
            Some(d) => {
                sum += found.depth;
                peer_sum += d;
                (
                    d.to_string(),
                    format!("{}", i64::from(found.depth) - i64::from(d)),
                )
            }
            None => (String::new(), String::new()),
        };
        println!(
            "| {name} | {position} | {} | {} | {rate:.0} | {peer_depth} | {gap} |",
            found.depth, found.nodes
        );
    }
    if peer_sum > 0 {
        println!(
            "| all with a peer | | {sum} | | | {peer_sum} | {} |",
            i64::from(sum) - i64::from(peer_sum)
        );
    }
}
