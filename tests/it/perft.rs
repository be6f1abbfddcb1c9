//! Perft tables from `tests/perft/*.epd`, asserted exactly. In a debug build only
//! the entries up to `DEBUG_LIMIT` nodes run; an optimised build (`cargo test --profile quick`,
//! what the README and CI use) runs every `D` entry. `L` entries (`;L4 N`) are too
//! slow for the README's tests: the long suite (`-- --ignored`) runs them.

use crate::common;

const DEBUG_LIMIT: u64 = 300_000;

fn run_table(file: &str) {
    run_entries(file, 'D');
}

/// Run the entries of a table marked `mark` (`D`: always, `L`: the long suite).
fn run_entries(file: &str, mark: char) {
    let text = std::fs::read_to_string(common::root().join("tests/perft").join(file))
        .unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
    let definition = text
        .lines()
        .find_map(|l| l.strip_prefix("# definition: "))
        .unwrap_or_else(|| panic!("{file} names no definition"));
    // a bare file name is a shipped definition; a path is from the repository root
    let definition = definition.trim();
    let rules = if definition.contains('/') {
        common::rules(definition)
    } else {
        common::rules(&format!("definitions/{definition}"))
    };
    let limit = if cfg!(debug_assertions) {
        DEBUG_LIMIT
    } else {
        u64::MAX
    };
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim();
        let mut pos = vdl::Position::from_fen(&rules, fen)
            .unwrap_or_else(|e| panic!("{file}: bad FEN {fen}: {e}"));
        for entry in parts {
            let entry = entry.trim();
            if !entry.starts_with(mark) {
                assert!(entry.starts_with(['D', 'L']), "{file}: bad entry `{entry}`");
                continue;
            }
            let (depth, nodes) = entry[1..]
                .split_once(' ')
                .unwrap_or_else(|| panic!("{file}: bad entry `{entry}`"));
            let depth: u32 = depth.parse().expect("depth is a number");
            let nodes: u64 = nodes.trim().parse().expect("node count is a number");
            if nodes > limit {
                continue;
            }
            assert_eq!(pos.perft(depth), nodes, "{file}: perft({depth}) of {fen}");
            checked += 1;
        }
    }
    assert!(mark == 'L' || checked > 0, "{file}: no entry was checked");
}

/// The long suite: every table's `L` entries.
#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn long_entries() {
    let dir = common::root().join("tests/perft");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/perft")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".epd"))
        .collect();
    files.sort();
    for f in files {
        run_entries(&f, 'L');
    }
}

#[test]
fn chess() {
    run_table("chess.epd");
}

#[test]
fn chess960() {
    run_table("chess960.epd");
}

#[test]
fn baroque() {
    run_table("baroque.epd");
}

#[test]
fn ultima() {
    run_table("ultima.epd");
}

#[test]
fn rococo() {
    run_table("rococo.epd");
}

#[test]
fn takeover64() {
    run_table("takeover64.epd");
}

#[test]
fn takeover64_stop_beyond() {
    run_table("takeover64-stop-beyond.epd");
}

#[test]
fn takeover64_undefended() {
    run_table("takeover64-undefended.epd");
}

#[test]
fn movement_forms() {
    run_table("movement.epd");
}

#[test]
fn uc40_pieces() {
    run_table("uc40-pieces.epd");
}

#[test]
fn uc40() {
    run_table("uc40.epd");
}

#[test]
fn hexagonal() {
    run_table("hex.epd");
}

#[test]
fn panoply() {
    run_table("panoply.epd");
}

/// The library of well-known variants, each table's figures from the source its
/// header names.
const LIBRARY_TABLES: &[&str] = &[
    "aiwok.epd",
    "almost.epd",
    "amazon.epd",
    "amazons.epd",
    "armageddon.epd",
    "antichess.epd",
    "asean.epd",
    "atomic.epd",
    "atomic960.epd",
    "breakthrough.epd",
    "capablanca.epd",
    "capahouse.epd",
    "caparandom.epd",
    "centaur.epd",
    "chancellor.epd",
    "chaturanga.epd",
    "chessgi.epd",
    "chigorin.epd",
    "ataxx.epd",
    "clobber.epd",
    "clobber10.epd",
    "codrus.epd",
    "coregal.epd",
    "courier.epd",
    "crazyhouse.epd",
    "bughouse.epd",
    "dragon.epd",
    "duck.epd",
    "embassy.epd",
    "euroshogi.epd",
    "extinction.epd",
    "fairy.epd",
    "fivecheck.epd",
    "flipello.epd",
    "flipello10.epd",
    "flipersi.epd",
    "fox-and-hounds.epd",
    "gardner.epd",
    "georgian.epd",
    "giveaway.epd",
    "gorogoro.epd",
    "gothic.epd",
    "grand.epd",
    "opulent.epd",
    "grasshopper.epd",
    "gustav3.epd",
    "hoppelpoppel.epd",
    "horde.epd",
    "isolation.epd",
    "isolation7x7.epd",
    "janggi.epd",
    "janggicasual.epd",
    "janggimodern.epd",
    "janus.epd",
    "joust.epd",
    "judkins.epd",
    "kinglet.epd",
    "legan.epd",
    "kingofthehill.epd",
    "knightmate.epd",
    "loop.epd",
    "losalamos.epd",
    "losers.epd",
    "makruk.epd",
    "makpong.epd",
    "cambodian.epd",
    "karouk.epd",
    "kyotoshogi.epd",
    "micro.epd",
    "manchu.epd",
    "minishogi.epd",
    "dobutsu.epd",
    "minixiangqi.epd",
    "misere.epd",
    "modern.epd",
    "newzealand.epd",
    "nightrider.epd",
    "nocastle.epd",
    "nocheckatomic.epd",
    "atomar.epd",
    "omicron.epd",
    "okisakishogi.epd",
    "paradigm.epd",
    "pawnback.epd",
    "pawnsideways.epd",
    "petrified.epd",
    "placement.epd",
    "sittuyin.epd",
    "shatar.epd",
    "koedem.epd",
    "perfect.epd",
    "pocketknight.epd",
    "raazuvaa.epd",
    "racingkings.epd",
    "jesonmor.epd",
    "seirawan.epd",
    "shako.epd",
    "shatranj.epd",
    "shogi.epd",
    "torishogi.epd",
    "shoshogi.epd",
    "checkshogi.epd",
    "snailtrail.epd",
    "suicide.epd",
    "sortofalmost.epd",
    "tencubed.epd",
    "threekings.epd",
    "threecheck.epd",
    "torpedo.epd",
    "troitzky.epd",
    "xiangqi.epd",
    "supply.epd",
    "spartan.epd",
    "wolf.epd",
    "shouse.epd",
    "yarishogi.epd",
];

#[test]
fn library() {
    for table in LIBRARY_TABLES {
        run_table(table);
    }
}

/// Every table in `tests/perft` is run by a test above.
#[test]
fn every_table_is_run() {
    let source = std::fs::read_to_string(common::root().join("tests/it/perft.rs")).expect("source");
    let dir = common::root().join("tests/perft");
    for entry in std::fs::read_dir(&dir)
        .expect("tests/perft")
        .filter_map(Result::ok)
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".epd") {
            assert!(
                source.contains(&format!("\"{name}\"")),
                "{name} is run by no test in tests/it/perft.rs"
            );
        }
    }
}

/// Each figure of Fairy-Stockfish's that `cargo bench` sets beside vdl's counts the
/// same tree: the file's node count is vdl's perft at its depth.
#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn the_bench_peers_count_the_same_trees() {
    let text = std::fs::read_to_string(common::root().join("benches/fsf-perft.tsv"))
        .expect("benches/fsf-perft.tsv");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(rows.len() >= 4, "{rows:?}");
    for row in rows {
        let [name, depth, nodes, build, seconds] = row[..] else {
            panic!("a row of five fields: {row:?}");
        };
        assert!(["8x8", "large-board"].contains(&build), "{name}: {build}");
        assert!(seconds.parse::<f64>().is_ok_and(|s| s > 0.0), "{name}");
        let rules = common::rules(&format!("definitions/{name}.vdl"));
        let mut pos = vdl::Position::start(&rules);
        let depth: u32 = depth.parse().expect("depth");
        assert_eq!(
            pos.perft(depth).to_string(),
            nodes,
            "{name} at depth {depth}"
        );
    }
}
