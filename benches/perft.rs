//! `cargo bench`: a table of every shipped definition's perft speed (single-threaded,
//! from its setup, at a fixed depth that takes a few seconds) and the time to load
//! it (parse + check + compile), with Fairy-Stockfish's speed beside it where
//! `benches/fsf-perft.tsv` has it. `VDL_BENCH_ONLY=chess,baroque` measures only those.

mod common;

use std::time::Instant;

/// The depth each definition is measured at; a definition not listed uses 3.
const DEPTHS: &[(&str, u32)] = &[
    // some 2,000 turns a position: depth 3 is 8.4 billion nodes
    ("amazons", 2),
    ("ataxx", 6),
    ("baroque", 5),
    ("chess", 6),
    ("crazyhouse", 6),
    ("flipello", 10),
    ("janggi", 5),
    ("kyotoshogi", 7),
    ("micro", 7),
    ("panoply", 4),
    ("rococo", 5),
    ("shogi", 5),
    ("snailtrail", 11),
    ("takeover64", 6),
    ("takeover64-stop-beyond", 6),
    ("takeover64-undefended", 6),
    ("uc40", 5),
    ("ultima", 5),
    ("xiangqi", 5),
];

/// Fairy-Stockfish's figure for one definition: the depth, its node count, and its
/// nodes per second.
struct Peer {
    depth: u32,
    nodes: u64,
    rate: f64,
}

/// The rows of `benches/fsf-perft.tsv`.
fn peers(root: &str) -> Vec<(String, Peer)> {
    common::rows(root, "fsf-perft.tsv")
        .iter()
        .filter_map(|f| {
            let (depth, nodes, secs) =
                (f.get(1)?.parse().ok()?, f.get(2)?.parse().ok()?, f.get(4)?);
            let secs: f64 = secs.parse().ok()?;
            Some((
                f[0].clone(),
                Peer {
                    depth,
                    nodes,
                    rate: nodes as f64 / secs / 1e6,
                },
            ))
        })
        .collect()
}

fn main() {
    let root = env!("CARGO_MANIFEST_DIR");
    let only = common::only();
    let mut paths: Vec<_> = std::fs::read_dir(format!("{root}/definitions"))
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|e| e == "vdl"));
    paths.sort();
    let peers = peers(root);
    println!("| definition | depth | nodes | seconds | M nodes/s | load ms | FSF M nodes/s | vdl ÷ FSF |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for path in &paths {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if only.as_ref().is_some_and(|o| !o.contains(&name)) {
            continue;
        }
        let Ok(source) = std::fs::read_to_string(path) else {
            continue;
        };
        let runs = 100;
        let start = Instant::now();
        for _ in 0..runs {
            std::hint::black_box(vdl::load_file(path, &source));
        }
        let load = start.elapsed().as_secs_f64() / f64::from(runs);
        let Some(rules) = vdl::load_file(path, &source).ruleset else {
            eprintln!("{} does not load", path.display());
            std::process::exit(1);
        };
        let depth = DEPTHS
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(3, |&(_, d)| d);
        let mut pos = vdl::Position::start(&rules);
        let start = Instant::now();
        let nodes = pos.perft(depth);
        let secs = start.elapsed().as_secs_f64();
        let rate = nodes as f64 / secs / 1e6;
        let peer = match peers.iter().find(|(n, _)| *n == name) {
            Some((_, p)) if p.depth != depth => format!("depth {} | |", p.depth),
            Some((_, p)) if p.nodes != nodes => format!("{} nodes | |", p.nodes),
            Some((_, p)) => format!("{:.2} | {:.2} |", p.rate, rate / p.rate),
            None => " | |".to_string(),
        };
        println!(
            "| {name} | {depth} | {nodes} | {secs:.2} | {rate:.2} | {:.2} | {peer}",
            load * 1e3
        );
    }
}
