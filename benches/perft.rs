//! `cargo bench`: chess perft(6) from the start position, single-threaded, and the
//! time to load (parse + check + compile) each shipped definition.

use std::time::Instant;

fn main() {
    let root = env!("CARGO_MANIFEST_DIR");
    let depth: u32 = std::env::var("VDL_BENCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(6);
    let mut paths: Vec<_> = std::fs::read_dir(format!("{root}/definitions"))
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.sort();
    for path in &paths {
        let Ok(source) = std::fs::read_to_string(path) else {
            continue;
        };
        let runs = 200;
        let start = Instant::now();
        for _ in 0..runs {
            std::hint::black_box(vdl::load(&source));
        }
        let per = start.elapsed().as_secs_f64() / runs as f64;
        println!("load {}: {:.3} ms", path.display(), per * 1e3);
    }
    let source =
        std::fs::read_to_string(format!("{root}/definitions/chess.vdl")).unwrap_or_default();
    let Some(rules) = vdl::load(&source).ruleset else {
        eprintln!("definitions/chess.vdl does not load");
        std::process::exit(1);
    };
    let mut pos = vdl::Position::start(&rules);
    let start = Instant::now();
    let nodes = pos.perft(depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "chess perft({depth}): {nodes} nodes in {secs:.3} s = {:.2} M nodes/s",
        nodes as f64 / secs / 1e6
    );
}
