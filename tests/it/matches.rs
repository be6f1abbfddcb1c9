//! `vdl match`: openings with both colours, shards that merge into the whole match,
//! an external UCI engine as a player, the sequential test, and bad options.

use crate::common::{rules, vdl};
use vdl::referee::matches::stats::{Sprt, Tally};
use vdl::referee::matches::{self, openings, MatchRecord, Plan, Player, Run, SearchPlayer, Shard};
use vdl::referee::Game;
use vdl::search::Limits;
use vdl::Move;

fn tmp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("vdl-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir.join(name).to_string_lossy().into_owned()
}

fn record(path: &str) -> MatchRecord {
    let text = std::fs::read_to_string(path).expect("the record is written");
    serde_json::from_str(&text).expect("the record reads back")
}

fn run_ok(args: &[&str]) -> String {
    let out = vdl(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const CHESS: &str = "definitions/chess.vdl";

#[test]
fn two_shards_merge_into_the_whole_match() {
    let (whole, a, b, merged) = (
        tmp("whole.json"),
        tmp("a.json"),
        tmp("b.json"),
        tmp("ab.json"),
    );
    let common = [
        "--games",
        "6",
        "--nodes",
        "1500",
        "--vs-nodes",
        "1200",
        "--openings",
        "random:3",
        "--seed",
        "7",
    ];
    let with = |extra: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = vec!["match".into(), CHESS.into()];
        v.extend(common.iter().map(|s| s.to_string()));
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let args = |v: &Vec<String>| run_ok(&v.iter().map(String::as_str).collect::<Vec<_>>());
    let report = args(&with(&["--concurrency", "2", "--record", &whole]));
    assert!(
        report.starts_with("6 games of Chess (6 planned)\n"),
        "{report}"
    );
    let first = args(&with(&[
        "--shard",
        "1/2",
        "--concurrency",
        "1",
        "--record",
        &a,
    ]));
    assert!(first.contains("shards missing: 2 of 2"), "{first}");
    args(&with(&[
        "--shard",
        "2/2",
        "--concurrency",
        "2",
        "--record",
        &b,
    ]));
    // Shard 1 holds openings 0 and 2 (games 0, 1, 4, 5), shard 2 opening 1.
    let indices = |r: &MatchRecord| r.games.iter().map(|g| g.index).collect::<Vec<_>>();
    assert_eq!(indices(&record(&a)), [0, 1, 4, 5]);
    assert_eq!(indices(&record(&b)), [2, 3]);
    let report = run_ok(&["match", "--merge", &b, &a, "--record", &merged]);
    assert!(!report.contains("shards missing"), "{report}");
    assert_eq!(record(&merged).games, record(&whole).games);
    assert_eq!(record(&merged).shards, [0, 1]);
}

#[test]
fn each_opening_is_played_with_both_colours() {
    let path = tmp("colours.json");
    run_ok(&[
        "match",
        CHESS,
        "--games",
        "4",
        "--nodes",
        "800",
        "--vs-nodes",
        "700",
        "--openings",
        "random:4",
        "--record",
        &path,
        "--pgn",
        &tmp("colours.pgn"),
    ]);
    let r = record(&path);
    let whites: Vec<bool> = r.games.iter().map(|g| g.first_is_white).collect();
    assert_eq!(whites, [true, false, true, false]);
    assert_eq!(opening_of(&r.games[0].pgn), opening_of(&r.games[1].pgn));
    assert_ne!(opening_of(&r.games[0].pgn), opening_of(&r.games[2].pgn));
    let pgn = std::fs::read_to_string(tmp("colours.pgn")).expect("the PGN is written");
    assert_eq!(pgn.matches("[Event \"vdl match\"]").count(), 4);
    assert_eq!(pgn.matches("[Round \"2\"]").count(), 1);
}

/// The first six plies of a game's movetext.
fn opening_of(pgn: &str) -> String {
    let moves = pgn.split("\n\n").nth(1).expect("movetext");
    moves
        .split_whitespace()
        .take(6)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn one_player_on_both_sides_plays_each_opening_once() {
    let path = tmp("alike.json");
    let alike = |more: &[&str]| {
        let common = ["match", CHESS, "--games", "4", "--nodes", "300"];
        run_ok(&[&common[..], &["--openings", "random:4"], more].concat())
    };
    let report = alike(&["--record", &path]);
    assert!(
        report
            .contains("definitions/chess.vdl (nodes 300) on both sides: each opening played once"),
        "{report}"
    );
    assert!(
        !report.contains("Elo +") && !report.contains("  W/D/L"),
        "{report}"
    );
    let r = record(&path);
    assert!(r.games.iter().all(|g| g.first_is_white));
    let mut openings: Vec<String> = r.games.iter().map(|g| opening_of(&g.pgn)).collect();
    openings.sort();
    openings.dedup();
    assert_eq!(openings.len(), 4, "four openings: {openings:?}");
    // a shard takes every other opening, and so every other game
    let shard = tmp("alike-shard.json");
    alike(&["--shard", "2/2", "--record", &shard]);
    let games = record(&shard).games;
    assert_eq!(games.iter().map(|g| g.index).collect::<Vec<_>>(), [1, 3]);
    assert_eq!(
        games[..],
        r.games[1..].iter().step_by(2).cloned().collect::<Vec<_>>()[..]
    );
}

#[test]
fn a_uci_engine_plays_as_the_second_player() {
    let engine = format!("{} uci {CHESS}", env!("CARGO_BIN_EXE_vdl"));
    let path = tmp("uci.json");
    let report = run_ok(&[
        "match",
        CHESS,
        "--engine",
        &engine,
        "--games",
        "2",
        "--nodes",
        "500",
        "--openings",
        "random:2",
        "--record",
        &path,
    ]);
    assert!(report.contains(&format!("against {engine}")), "{report}");
    let r = record(&path);
    assert_eq!(r.games.len(), 2);
    for g in &r.games {
        assert!(!g.ending.starts_with("forfeit"), "{g:?}");
        // The engine's `id name` is the name in the game's tags.
        assert!(g.pgn.contains("\"vdl"), "{}", g.pgn);
    }
}

/// `script` written with `text` and made executable.
fn executable(script: String, text: &str) -> String {
    std::fs::write(&script, text).expect("the script is written");
    let chmod = std::process::Command::new("chmod")
        .args(["+x", &script])
        .status();
    assert!(chmod.is_ok_and(|s| s.success()));
    script
}

/// A scripted engine that offers two options, logs every `setoption` line it is
/// sent to `log` and answers every `go` with a move that is not legal.
fn optioned_engine(log: &str) -> String {
    let script = tmp("optioned.sh");
    let text = format!(
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    \
         uci) echo 'id name optioned'\n         \
         echo 'option name UCI_Elo type spin default 1350 min 1350 max 2850'\n         \
         echo 'option name Skill Level type spin default 20 min -20 max 20'\n         \
         echo uciok;;\n    \
         setoption*) echo \"$line\" >> '{log}';;\n    \
         isready) echo readyok;;\n    \
         go*) echo 'bestmove 0000';;\n  esac\ndone\n"
    );
    executable(script, &text)
}

/// `--engine-option` sets each option, in the order given and by the name the
/// user wrote (UCI's names are not case-sensitive), before the engine plays; an
/// option the engine does not offer, or a flag that is not NAME=VALUE, stops the
/// match before it starts.
#[test]
fn engine_options_are_set_before_the_engine_plays() {
    let log = tmp("options.log");
    let engine = optioned_engine(&log);
    let path = tmp("options.json");
    let base = ["match", CHESS, "--engine", &engine, "--games", "1"];
    let report = run_ok(
        &[
            &base[..],
            &[
                "--nodes",
                "100",
                "--openings",
                "random:2",
                "--record",
                &path,
            ],
            &["--engine-option", "UCI_Elo=2500"],
            &["--engine-option", "skill level = 3"],
        ]
        .concat(),
    );
    let sent = std::fs::read_to_string(&log).expect("the engine logged its options");
    assert_eq!(
        sent,
        "setoption name UCI_Elo value 2500\nsetoption name skill level value 3\n"
    );
    assert!(
        report.contains(&format!("against {engine} (UCI_Elo=2500, skill level = 3)")),
        "{report}"
    );
    let r = record(&path);
    assert_eq!(r.games.len(), 1);
    assert_eq!(
        r.games[0].ending,
        "forfeit: optioned played 0000, not a legal move"
    );
    for (flag, message) in [
        ("Contempt=10", "optioned has no option `Contempt`"),
        (
            "UCI_Elo",
            "--engine-option takes NAME=VALUE on one line, not `UCI_Elo`",
        ),
        (
            "UCI_Elo=1\nquit",
            "--engine-option takes NAME=VALUE on one line, not `UCI_Elo=1\\nquit`",
        ),
        (
            "=5",
            "--engine-option takes NAME=VALUE on one line, not `=5`",
        ),
    ] {
        let all = [&base[..], &["--nodes", "100", "--engine-option", flag]].concat();
        let out = vdl(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag}: {err}");
        assert!(err.contains(message), "{flag}: {err}");
    }
}

/// vdl's own UCI offers Rococo as `rococo` (its file's name), not by the
/// definition's name: the variant is chosen by the file's name too.
#[test]
fn vdl_plays_a_variant_it_offers_under_its_file_name() {
    let rococo = "definitions/rococo.vdl";
    let engine = format!("{} uci {rococo}", env!("CARGO_BIN_EXE_vdl"));
    let path = tmp("rococo.json");
    let args = [
        "match", rococo, "--engine", &engine, "--games", "2", "--nodes", "200",
    ];
    run_ok(&[&args[..], &["--openings", "random:2", "--record", &path]].concat());
    let r = record(&path);
    assert_eq!(r.games.len(), 2);
    assert!(
        r.games.iter().all(|g| !g.ending.starts_with("forfeit")),
        "{r:?}"
    );
}

#[test]
fn openings_come_from_epd_and_pgn_files() {
    let chess = rules(CHESS);
    let epd = "# two positions\n\
        rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"e4\";\n\
        rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n";
    let list = openings::positions(&chess, epd).expect("the EPD reads");
    assert_eq!(list.len(), 2);
    assert_eq!(
        list[0].fen,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
    );
    let pgn = "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[Event \"?\"]\n\n1. d4 d5 *\n";
    let list = openings::games(&chess, pgn).expect("the PGN reads");
    assert_eq!(list[0].moves, ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(list[1].moves, ["d2d4", "d7d5"]);
    assert_eq!(list[1].game(&chess).expect("it replays").plies(), 2);
    let bad = openings::positions(&chess, "8/8/8/8 w\n").expect_err("not a position");
    assert!(bad.0.starts_with("line 1:"), "{bad:?}");
    let long = openings::random(&chess, 1, 41, 1).expect_err("too many plies");
    assert_eq!(long.0, "random openings have at most 40 plies, not 41");
}

/// The first legal move, always: a player that loses.
struct FirstMove;

impl Player for FirstMove {
    fn name(&self) -> String {
        "first move".into()
    }
    fn choose(&mut self, game: &Game) -> Result<Move, String> {
        game.legal_moves()
            .first()
            .copied()
            .ok_or_else(|| "no move".into())
    }
}

#[test]
fn the_sequential_test_stops_a_match_it_has_decided() {
    let chess = rules(CHESS);
    let plan = Plan {
        games: 40,
        openings: openings::random(&chess, 20, 2, 3).expect("openings"),
        max_plies: 200,
        shard: Shard::WHOLE,
        swap_colours: true,
    };
    let limits = Limits {
        nodes: Some(300),
        ..Limits::default()
    };
    let maker = || -> Result<[Box<dyn Player + '_>; 2], String> {
        Ok([
            Box::new(SearchPlayer::new("search", &chess, limits)),
            Box::new(FirstMove),
        ])
    };
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 200.0,
    };
    let games = matches::play(
        &chess,
        &plan,
        &Run {
            concurrency: 1,
            players: &maker,
            sprt: Some(sprt),
            progress: &|_, _: &Tally| {},
        },
    )
    .expect("the match runs");
    let mut tally = Tally::default();
    for g in &games {
        match g.first_player_points() {
            2 => tally.wins += 1,
            1 => tally.draws += 1,
            _ => tally.losses += 1,
        }
    }
    assert!(games.len() < 40, "{} games", games.len());
    assert!(sprt.llr(&tally) >= sprt.bounds().1, "{tally:?}");
}

#[test]
fn bad_options_are_usage_errors() {
    for (args, message) in [
        (
            &["--shard", "3/2"][..],
            "--shard takes I/N with 1 <= I <= N, not `3/2`",
        ),
        (
            &["--openings", "random:x"],
            "--openings random:K takes a number of plies, not `x`",
        ),
        (
            &["--openings", "book.txt"],
            "--openings takes random:K, a .epd file or a .pgn file",
        ),
        (
            &["--engine", "/no/such/engine"],
            "cannot start `/no/such/engine`",
        ),
        (
            &["--sprt", "10", "0"],
            "--sprt takes two Elo differences, the smaller first",
        ),
        (&["--games", "0"], "--games must be from 1 to 1000000"),
    ] {
        let mut all = vec!["match", CHESS, "--nodes", "100"];
        all.extend_from_slice(args);
        let out = vdl(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    let out = vdl(&["match", "--merge", "Cargo.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Cargo.toml is not a match record"));
}

#[test]
fn the_books_match_report_is_what_vdl_prints() {
    let page = std::fs::read_to_string(crate::common::root().join("book/src/match.md"))
        .expect("the book's match page");
    let blocks: Vec<&str> = page
        .split("```text\n$ ")
        .skip(1)
        .filter_map(|b| b.split("\n```").next())
        .collect();
    assert_eq!(blocks.len(), 3, "the match, values and tune examples");
    for block in blocks {
        let (command, shown) = block.split_once('\n').expect("a command and its output");
        let args: Vec<&str> = command.split_whitespace().skip(1).collect();
        assert_eq!(run_ok(&args), format!("{shown}\n"), "{command}");
    }
}

#[test]
fn values_are_the_same_for_any_concurrency_and_name_every_piece() {
    let args = [
        "values",
        CHESS,
        "--games",
        "6",
        "--nodes",
        "300",
        "--openings",
        "random:3",
    ];
    let one = run_ok(&[&args[..], &["--concurrency", "1"]].concat());
    let two = run_ok(&[&args[..], &["--concurrency", "2"]].concat());
    assert_eq!(one, two);
    let lines: Vec<&str> = one.lines().collect();
    assert!(
        lines[0].starts_with("Piece values of Chess from 6 self-play games (nodes 300 a move), "),
        "{one}"
    );
    // every kind but the king: a row each, or named on the last line when it
    // was never unbalanced
    let mut named: Vec<&str> = Vec::new();
    for line in &lines[2..] {
        match line.strip_prefix("never unbalanced (no estimate): ") {
            Some(list) => named.extend(list.split(", ")),
            None => named.extend(line.split_whitespace().next()),
        }
    }
    named.sort_unstable();
    assert_eq!(named, ["B", "N", "P", "Q", "R"], "{one}");
}

#[test]
fn values_refuse_a_match_too_small_to_fit() {
    let out = crate::common::vdl(&["values", CHESS, "--games", "1", "--nodes", "100"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games must be from 2 to 100000"));
}

#[test]
fn a_second_definition_plays_through_long_algebraic_moves() {
    let path = tmp("vs.json");
    let report = run_ok(&[
        "match",
        CHESS,
        "--vs",
        CHESS,
        "--games",
        "2",
        "--nodes",
        "600",
        "--vs-nodes",
        "300",
        "--openings",
        "random:2",
        "--record",
        &path,
    ]);
    assert!(
        report.contains(
            "definitions/chess.vdl (nodes 600) against definitions/chess.vdl (nodes 300)"
        ),
        "{report}"
    );
    let r = record(&path);
    assert_eq!(r.games.len(), 2);
    assert!(
        r.games.iter().all(|g| !g.ending.starts_with("forfeit")),
        "{r:?}"
    );
    assert!(r.games.iter().all(|g| g.plies > 2), "{r:?}");
}

#[test]
fn an_engine_that_never_answers_forfeits_in_bounded_time() {
    let script = tmp("chatty.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo 'id name chatty'; echo uciok;;\n    isready) echo readyok;;\n    go*) while true; do echo 'info string thinking'; done;;\n  esac\ndone\n",
    )
    .expect("the script is written");
    let chmod = std::process::Command::new("chmod")
        .args(["+x", &script])
        .status();
    assert!(chmod.is_ok_and(|s| s.success()));
    let path = tmp("chatty.json");
    let start = std::time::Instant::now();
    run_ok(&[
        "match",
        CHESS,
        "--engine",
        &script,
        "--games",
        "1",
        "--movetime",
        "100",
        "--openings",
        "random:2",
        "--record",
        &path,
    ]);
    // five times the move time and five seconds of grace, however much it writes
    assert!(start.elapsed() < std::time::Duration::from_secs(30));
    let r = record(&path);
    assert_eq!(r.games[0].result, "1-0");
    assert_eq!(r.games[0].ending, "forfeit: chatty did not answer in time");
}

#[test]
fn a_record_out_of_range_is_refused() {
    let path = tmp("huge.json");
    let text = r#"{"variant":"Chess","players":["a","b"],"games_planned":2,
        "shard_count":1000000000000000000,"shards":[0],"games":[]}"#;
    std::fs::write(&path, text).expect("the record is written");
    let out = vdl(&["match", "--merge", &path]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the record's shard count is out of range"),
        "{err}"
    );
}

const TUNE: [&str; 7] = [
    "--games",
    "12",
    "--nodes",
    "300",
    "--openings",
    "random:5",
    "--concurrency",
];

/// A term's number in a tuned section's line for `piece`.
fn term_of(section: &str, piece: &str, term: &str) -> i32 {
    let line = (section.lines())
        .find(|l| l.split_whitespace().next() == Some(piece))
        .unwrap_or_else(|| panic!("no line for {piece}:\n{section}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == term).expect("the term");
    words[at + 1].parse().expect("a number")
}

#[test]
fn tuning_is_the_same_for_any_concurrency_and_the_definition_keeps_it() {
    let one = run_ok(&[&["tune", CHESS][..], &TUNE, &["1"]].concat());
    let two = run_ok(&[&["tune", CHESS][..], &TUNE, &["2"]].concat());
    assert_eq!(one, two, "the same seed, the same section");
    let other = run_ok(&[&["tune", CHESS, "--seed", "3"][..], &TUNE, &["2"]].concat());
    assert_ne!(one, other, "another seed, other openings");
    assert!(one.starts_with("evaluation {\n  // `vdl tune`: 12 self-play games at 300 nodes a move (openings random:5, seed 1);\n"), "{one}");
    assert!(one.ends_with("}\n"), "{one}");
    // the section, in place of the shipped one, is what the evaluator uses
    let text = crate::common::chess_derived() + &one;
    let loaded = vdl::load_file(&crate::common::root().join(CHESS), &text);
    let tuned = loaded.ruleset.expect("the tuned definition loads");
    let terms = vdl::search::eval::terms(&tuned);
    let (queen, rook, pawn) = (1, 2, 5);
    assert_eq!(terms.value[queen], term_of(&one, "Queen", "value"));
    assert_eq!(terms.mobility[rook], term_of(&one, "Rook", "mobility"));
    assert_eq!(
        terms.advance_quarters[pawn],
        4 * term_of(&one, "Pawn", "advance")
    );
    assert_ne!(terms, vdl::search::eval::terms(&rules(CHESS)));
}

/// A scripted engine named `silent` that moves e2-e4 and reports no score.
fn silent_engine() -> String {
    let script = tmp("silent.sh");
    let text = "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    \
         uci) echo 'id name silent'; echo uciok;;\n    \
         isready) echo readyok;;\n    \
         go*) echo 'info depth 1 nodes 1'; echo 'bestmove e2e4';;\n  esac\ndone\n";
    executable(script, text)
}

/// `--judge` fits each position to an engine's score of it in place of its
/// game's result: the section says so, it is the same on any number of engines
/// (each position is judged from an empty table), and a judge that gives no
/// score stops the tuning with the position it failed on.
#[test]
fn tune_fits_the_positions_to_a_judges_scores() {
    let judge = format!("{} uci {CHESS}", env!("CARGO_BIN_EXE_vdl"));
    let judged = |n| {
        let by = ["--judge", &judge, "--judge-nodes", "200"];
        run_ok(&[&["tune", CHESS][..], &TUNE, &[n], &by].concat())
    };
    let one = judged("1");
    assert_eq!(one, judged("2"), "one judge or two, the same section");
    let head = format!(
        "evaluation {{\n  // `vdl tune`: 12 self-play games at 300 nodes a move (openings \
         random:5, seed 1), each position scored by vdl {} at 200 nodes;\n",
        env!("CARGO_PKG_VERSION")
    );
    assert!(one.starts_with(&head), "{one}");
    let by_results = run_ok(&[&["tune", CHESS][..], &TUNE, &["1"]].concat());
    assert_ne!(
        one.lines().nth(3),
        by_results.lines().nth(3),
        "other weights"
    );
    let silent = silent_engine();
    let out = vdl(&[&["tune", CHESS][..], &TUNE, &["1", "--judge", &silent]].concat());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the judge: silent gave no score for "),
        "{err}"
    );
}

/// `--judged FILE` keeps the judge's scores: a second fit on the same games
/// judges nothing (a judge that would fail is never asked) and writes the same
/// section; a file made at other nodes, or not made so, is refused.
#[test]
fn tune_keeps_the_judges_scores_for_the_next_fit() {
    let judge = format!("{} uci {CHESS}", env!("CARGO_BIN_EXE_vdl"));
    let kept = tmp("judged.txt");
    let _ = std::fs::remove_file(&kept);
    let fit = |by: &str, nodes: &str| {
        let by = ["--judge", by, "--judge-nodes", nodes, "--judged", &kept];
        vdl(&[&["tune", CHESS][..], &TUNE, &["1"], &by].concat())
    };
    let first = fit(&judge, "200");
    assert_eq!(first.status.code(), Some(0));
    let text = std::fs::read_to_string(&kept).expect("the scores kept");
    let head = format!(
        "# vdl tune: scores by vdl {} at 200 nodes",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(text.lines().next(), Some(head.as_str()));
    assert!(text.lines().count() > 100, "{text}");
    let again = fit(&silent_engine(), "200");
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_eq!(first.stdout, again.stdout);
    let other = fit(&judge, "300");
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(
        err.contains("keeps scores at 200 nodes, not at 300 nodes"),
        "{err}"
    );
    std::fs::write(&kept, format!("{head}\nno tab here\n")).expect("written");
    let broken = fit(&judge, "200");
    let err = String::from_utf8_lossy(&broken.stderr);
    assert!(err.contains(&format!("{kept}:2: no tab")), "{err}");
}

/// The attack's count is a given of the fit, not fitted: the section keeps the
/// definition's `weak-cells` and `safe-checks`, so its `attack` weighs the count
/// it was fitted to.
#[test]
fn tune_keeps_what_the_attack_counts() {
    let path = tmp("king-danger-chess.vdl");
    let text = crate::common::chess_derived() + "evaluation { weak-cells 2 safe-checks 6 }\n";
    std::fs::write(&path, &text).expect("a copy");
    let section = run_ok(&[&["tune", &path][..], &TUNE, &["2"]].concat());
    assert!(
        section.contains("\n  weak-cells 2\n  safe-checks 6\n"),
        "{section}"
    );
    let plain = run_ok(&[&["tune", CHESS][..], &TUNE, &["2"]].concat());
    assert!(
        !plain.contains("weak-cells") && !plain.contains("safe-checks"),
        "{plain}"
    );
}

#[test]
fn tune_write_puts_one_section_in_the_definition() {
    let path = tmp("tuned-chess.vdl");
    // the rules without the shipped section: the tuning appends its own
    let original = crate::common::chess_derived();
    std::fs::write(&path, &original).expect("a copy");
    // seed 3: the second tuning's games end in wins each way (at seed 2, with the
    // first tuning's cells, White won all twelve, which the fit rightly refuses)
    for seed in ["1", "3"] {
        let args = [
            &["tune", &path, "--write", "--seed", seed][..],
            &TUNE,
            &["2"],
        ]
        .concat();
        assert_eq!(
            run_ok(&args),
            "",
            "the section goes to the file, not to the output"
        );
    }
    let written = std::fs::read_to_string(&path).expect("the definition");
    assert!(
        written.starts_with(original.trim_end()),
        "the rules are kept"
    );
    assert_eq!(written.matches("evaluation {").count(), 1, "{written}");
    assert!(
        written.contains("seed 3);"),
        "the second tuning replaced the first"
    );
    let loaded = vdl::load_file(std::path::Path::new(&path), &written);
    assert!(!loaded.has_errors(), "{:#?}", loaded.diagnostics);
}

/// `--network N` writes a network beside the definition and, with `--write`,
/// names it in the definition's section (once, however often it is fitted); the
/// definition then loads with it, and its computer player's value is the
/// network's. Without `--write` it prints the line to add.
#[test]
fn tune_network_writes_a_network_the_definition_names() {
    let path = tmp("net-chess.vdl");
    std::fs::write(&path, crate::common::chess_derived()).expect("a copy");
    let fit = |more: &[&str]| {
        let args = [&["tune", &path, "--network", "4"][..], more, &TUNE, &["2"]].concat();
        run_ok(&args)
    };
    assert_eq!(fit(&[]), "evaluation { network \"net-chess.net\" }\n");
    assert_eq!(fit(&["--write"]), "");
    assert_eq!(fit(&["--write", "--seed", "3"]), "");
    let net = std::fs::read_to_string(tmp("net-chess.net")).expect("the network");
    assert!(
        net.starts_with("vdl-network 1\n# `vdl tune --network 4`: 12 self-play games at 300 nodes a move (openings random:5, seed 3);\n"),
        "{net}"
    );
    assert!(net.contains("\ninputs 1024 hidden 4\n"), "{net}");
    assert_eq!(net.lines().count(), 5 + 1 + 3 + 1024);
    let passes = (net.lines())
        .find_map(|l| l.strip_prefix("# (after each pass over the positions: "))
        .expect("the held-out error of each pass");
    assert_eq!(passes.split_whitespace().count(), 12, "{passes}");
    let written = std::fs::read_to_string(&path).expect("the definition");
    assert_eq!(
        written.matches("network \"net-chess.net\"").count(),
        1,
        "{written}"
    );
    let loaded = vdl::load_file(std::path::Path::new(&path), &written);
    let rules = loaded.ruleset.expect("it loads");
    let (name, weights) = rules
        .definition
        .evaluation
        .network
        .clone()
        .expect("a network");
    assert_eq!((name.as_str(), weights.hidden), ("net-chess.net", 4));
    let start = vdl::Position::start(&rules);
    let learned = vdl::search::network::Learned::of(&rules).expect("the network");
    assert_eq!(
        vdl::search::Evaluator::new(&rules).evaluate(&start),
        learned.evaluate(&start)
    );
    // the terms tuned afterwards keep the network in the section they replace
    let terms = run_ok(&[&["tune", &path][..], &TUNE, &["2"]].concat());
    assert!(terms.contains("\n  network \"net-chess.net\"\n"), "{terms}");
    run_ok(&[&["tune", &path, "--write"][..], &TUNE, &["2"]].concat());
    let rewritten = std::fs::read_to_string(&path).expect("the definition");
    assert!(
        rewritten.contains("// `vdl tune`: 12 self-play games"),
        "{rewritten}"
    );
    assert_eq!(rewritten.matches("network \"net-chess.net\"").count(), 1);
    let loaded = vdl::load_file(std::path::Path::new(&path), &rewritten);
    assert!(loaded
        .ruleset
        .is_some_and(|r| r.definition.evaluation.network.is_some()));
}

#[test]
fn values_and_tune_learn_from_a_game_collection() {
    let pgn = tmp("collection.pgn");
    // seed 5: its six games end in wins each way (at seed 4 all six ended alike,
    // which the fit rightly refuses; seeds change with the search)
    let play = [
        "--games",
        "6",
        "--nodes",
        "300",
        "--openings",
        "random:4",
        "--seed",
        "5",
    ];
    run_ok(&[&["values", CHESS, "--pgn", &pgn][..], &play].concat());
    let values = run_ok(&["values", CHESS, "--from-pgn", &pgn]);
    let from = format!("Piece values of Chess from 6 games of {pgn}, ");
    assert!(values.starts_with(&from), "{values}");
    let tuned = run_ok(&["tune", CHESS, "--from-pgn", &pgn]);
    assert!(
        tuned.contains(&format!("// `vdl tune`: 6 games of {pgn};")),
        "{tuned}"
    );
    assert_eq!(tuned, run_ok(&["tune", CHESS, "--from-pgn", &pgn]));
    // a game that repeats an earlier one move for move is counted once
    let text = std::fs::read_to_string(&pgn).expect("the games");
    let first = text.split("\n\n[").next().expect("a game");
    let twice = tmp("collection-twice.pgn");
    std::fs::write(&twice, format!("{text}\n{first}\n")).expect("writable");
    let values = run_ok(&["values", CHESS, "--from-pgn", &twice]);
    let from = format!(
        "Piece values of Chess from 6 games of {twice} \
         (1 repeating an earlier game move for move left out), "
    );
    assert!(values.starts_with(&from), "{values}");
    let refused = |text: &str, wanted: &str| {
        let path = tmp("refused.pgn");
        std::fs::write(&path, text).expect("writable");
        let out = vdl(&["tune", CHESS, "--from-pgn", &path]);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(wanted), "{err}");
    };
    refused(
        "1. e4 e5 *\n\n1. d4 1-0\n",
        "holds 1 finished game(s) of Chess",
    );
    refused("1. e4 e5 1-0\n\n1. e5 0-1\n", "game 2:");
    // a folder (or a pipe) is refused before it is opened for reading
    let dir = std::env::temp_dir();
    let out = vdl(&["values", CHESS, "--from-pgn", &dir.to_string_lossy()]);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
}

/// `--pgn` and `--record` name files made before the first game: one that
/// cannot be written is an error at once, with no game played.
#[test]
fn an_unwritable_output_stops_the_match_before_it_plays() {
    for flag in ["--pgn", "--record"] {
        let path = "/no/such/folder/out";
        let out = vdl(&["match", CHESS, "--nodes", "100", "--games", "2", flag, path]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag}: {err}");
        assert!(
            err.contains(&format!("cannot write {path}")),
            "{flag}: {err}"
        );
        assert!(!err.contains(" games "), "{flag}: a game was played: {err}");
    }
}

/// Each game is in the PGN file as soon as it ends: a match stopped early
/// keeps the games it finished, each one a game the referee accepts.
#[test]
fn a_match_stopped_early_keeps_its_finished_games() {
    let pgn = tmp("stopped.pgn");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_vdl"))
        .args(["match", CHESS, "--games", "200", "--nodes", "200"])
        .args(["--concurrency", "1", "--pgn", &pgn])
        .current_dir(crate::common::root())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("vdl runs");
    let ended = |text: &str| text.matches("[Result ").count();
    let started = std::time::Instant::now();
    let mut text = String::new();
    while ended(&text) < 2 && started.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        text = std::fs::read_to_string(&pgn).unwrap_or_default();
    }
    child.kill().expect("the match stops");
    let _ = child.wait();
    let text = std::fs::read_to_string(&pgn).expect("the games so far");
    let first = text.split("\n\n[Event").next().expect("a game");
    assert!(ended(&text) >= 2 && ended(&text) < 200, "{text}");
    let game = tmp("stopped-first.pgn");
    std::fs::write(&game, format!("{first}\n")).expect("writable");
    run_ok(&["referee", CHESS, &game]);
}
