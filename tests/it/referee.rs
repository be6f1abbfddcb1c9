//! The referee on the sample games in `tests/games/DEFINITION/`: each record's first
//! line says what it must give (`# expect: 0-1 checkmate`, `# expect: * in-progress`,
//! or a diagnostic code for the records under `illegal/`, whose rendered output is
//! snapshot-tested like the diagnostics corpus; `VDL_BLESS=1` rewrites snapshots).

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use vdl::referee::{self, EndReason};

use common::vdl;

fn games(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|x| x == "game"));
    v.sort();
    v
}

/// The definition a folder of games is played under: a shipped one, or one of the
/// test definitions (`tests/definitions/`).
fn definition_of(name: &str) -> String {
    let shipped = format!("definitions/{name}.vdl");
    if common::root().join(&shipped).exists() {
        shipped
    } else {
        format!("tests/definitions/{name}.vdl")
    }
}

fn expectation(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("readable");
    text.lines()
        .next()
        .and_then(|l| l.strip_prefix("# expect:"))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

fn reason_name(r: EndReason) -> &'static str {
    match r {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::NoLegalMove => "no-legal-move",
        EndReason::RoyalCaptured => "royal-captured",
        EndReason::Repetition => "repetition",
        EndReason::MoveRule => "move-rule",
        EndReason::DeadPosition => "dead-position",
        EndReason::Extinction => "extinction",
        EndReason::Reached => "reached",
        EndReason::Checks => "checks",
        EndReason::DoublePass => "double-pass",
        EndReason::Facing => "facing",
        EndReason::Counting => "counting",
        EndReason::BareKing => "bare-king",
        EndReason::Connect => "connect",
        EndReason::FullBoard => "full-board",
        EndReason::PromotionStalemate => "promotion-stalemate",
        EndReason::MoveRepetition => "move-repetition",
    }
}

#[test]
fn sample_games_reach_their_results() {
    let root = common::root().join("tests/games");
    let mut seen = 0;
    for dir in std::fs::read_dir(&root)
        .expect("games folder")
        .filter_map(Result::ok)
    {
        let name = dir.file_name().to_string_lossy().to_string();
        let rules = common::rules(&definition_of(&name));
        for path in games(&dir.path()) {
            let expect = expectation(&path);
            let text = std::fs::read_to_string(&path).expect("readable");
            let r = referee::referee(&rules, &text);
            assert!(r.error.is_none(), "{}: {:?}", path.display(), r.error);
            let game = r.game.expect("a game");
            let got = match game.result() {
                Some(res) => {
                    let mut got =
                        vec![res.score().to_string(), reason_name(res.reason).to_string()];
                    if res.claimed {
                        got.push("claimed".to_string());
                    }
                    got
                }
                None => vec!["*".to_string(), "in-progress".to_string()],
            };
            assert_eq!(got, expect, "{}", path.display());
            seen += 1;
        }
    }
    assert!(seen >= 6);
}

#[test]
fn illegal_moves_are_explained() {
    let root = common::root().join("tests/games");
    let bless = std::env::var_os("VDL_BLESS").is_some();
    let mut failures = Vec::new();
    let mut seen = 0;
    for dir in std::fs::read_dir(&root)
        .expect("games folder")
        .filter_map(Result::ok)
    {
        let name = dir.file_name().to_string_lossy().to_string();
        for path in games(&dir.path().join("illegal")) {
            seen += 1;
            let file = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            let rel = format!("tests/games/{name}/illegal/{file}");
            let o = vdl(&["referee", &definition_of(&name), &rel]);
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stderr),
                String::from_utf8_lossy(&o.stdout)
            );
            if o.status.code() != Some(1) {
                failures.push(format!("{rel}: exit {:?}", o.status.code()));
            }
            for code in expectation(&path) {
                if !text.contains(&code) {
                    failures.push(format!("{rel}: no {code} in\n{text}"));
                }
            }
            let snapshot = path.with_extension("stderr");
            if bless {
                std::fs::write(&snapshot, &text).expect("writable");
            } else if std::fs::read_to_string(&snapshot).unwrap_or_default() != text {
                failures.push(format!(
                    "{rel}: output differs from {}:\n{text}",
                    snapshot.display()
                ));
            }
        }
    }
    assert!(seen >= 10);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn referee_cli_reports_the_result() {
    let o = vdl(&[
        "referee",
        "definitions/chess.vdl",
        "tests/games/chess/loyd-stalemate.game",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("19 moves played"), "{out}");
    assert!(
        out.ends_with("Result: 1/2-1/2 (Black is stalemated)\n"),
        "{out}"
    );
}

#[test]
fn referee_json_report() {
    let o = vdl(&[
        "referee",
        "definitions/chess.vdl",
        "tests/games/chess/en-passant.game",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["status"], "in-progress");
    assert_eq!(v["score"], "*");
    let ep = &v["moves"][4];
    assert_eq!(ep["notation"], "P e5-d6");
    assert_eq!(ep["captures"], serde_json::json!(["d5"]));

    let o = vdl(&[
        "referee",
        "definitions/chess.vdl",
        "tests/games/chess/fools-mate.game",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["result"]["winner"], "Black");
    assert_eq!(v["result"]["reason"], "checkmate");

    let o = vdl(&[
        "referee",
        "definitions/chess.vdl",
        "tests/games/chess/illegal/pinned.game",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["status"], "illegal");
    assert_eq!(v["error"]["code"], "vdl::illegal_move");
    assert_eq!(
        v["error"]["message"],
        "that puts the King on e1 in check: the Rook on e7 could take it"
    );
    assert_eq!(
        (v["error"]["line"].as_u64(), v["error"]["column"].as_u64()),
        (Some(4), Some(4))
    );
}

fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vdl"))
        .args(args)
        .current_dir(common::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("vdl runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("written");
    let out = child.wait_with_output().expect("finished");
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8_lossy(&out.stdout).to_string()
}

#[test]
fn play_in_the_terminal() {
    let dir = std::env::temp_dir().join(format!("vdl-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let saved = dir.join("game.txt");
    let script = format!(
        "moves g1\nN g1-g3\nN g1-f3\nundo\nP e2-e4\np e7-e5\nfen\nsave {}\nquit\n",
        saved.display()
    );
    let out = play(&["play", "definitions/chess.vdl"], &script);
    assert!(out.contains("N g1-f3, N g1-h3"), "{out}");
    assert!(
        out.contains("illegal: the Knight on g1 cannot move to g3"),
        "{out}"
    );
    assert!(
        out.contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"),
        "{out}"
    );
    assert!(out.contains("saved 2 moves"), "{out}");
    let record = std::fs::read_to_string(&saved).expect("saved");
    let rules = common::rules("definitions/chess.vdl");
    let r = referee::referee(&rules, &record);
    assert!(r.error.is_none());
    assert_eq!(r.game.expect("game").played().len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_names_unknown_commands_announces_captures_and_ends_with_its_input() {
    // no `quit`: the end of the input ends the session (exit 0, checked by `play`)
    let out = play(
        &["play", "definitions/chess.vdl"],
        "castle\ne2-e5\ne2-e4\nd7-d5\ne4-d5\n",
    );
    assert!(
        out.contains("unknown command `castle`: `help` lists the commands"),
        "{out}"
    );
    assert!(
        out.contains("illegal: the Pawn on e2 cannot move to e5\n  legal moves of the Pawn on e2: P e2-e3, P e2-e4"),
        "{out}"
    );
    assert!(out.contains("White> takes the Pawn on d5\n"), "{out}");
    assert!(out.ends_with("Black> \n"), "{out}");
    // a capture by withdrawal names the piece taken away from the landing cell
    let out = play(
        &[
            "play",
            "definitions/rococo.vdl",
            "--fen",
            "10/10/10/10/10/4p5/4W5/10/10/K8k w - - 0 1",
        ],
        "W d3-d1\n",
    );
    assert!(out.contains("White> takes the Pawn on d4\n"), "{out}");
}

#[test]
fn play_against_the_computer() {
    let out = play(
        &[
            "play",
            "definitions/chess.vdl",
            "--ai",
            "black",
            "--seed",
            "3",
            "--opponent",
            "two-ply",
        ],
        "P e2-e4\nquit\n",
    );
    assert!(out.contains("Black plays p "), "{out}");
    // Both computer players take a hanging queen.
    for opponent in ["two-ply", "search"] {
        let out = play(
            &[
                "play",
                "definitions/chess.vdl",
                "--ai",
                "black",
                "--opponent",
                opponent,
                "--movetime",
                "50",
                "--fen",
                "4k3/8/8/8/2q5/8/8/3QK3 w - - 0 1",
            ],
            "Q d1-d3\nquit\n",
        );
        assert!(out.contains("Black plays q c4-d3"), "{opponent}: {out}");
    }
}

/// Random games with the invariant checks: 200 per definition in a release build
/// (the README's test command), 20 in a debug build; the long suite
/// (`cargo test --profile quick -- --ignored`, run by CI too) plays 1,000 of each.
fn selfplay(path: &str, max_plies: usize) {
    let games = if cfg!(debug_assertions) { 20 } else { 200 };
    selfplay_games(path, max_plies, games, 7);
}

fn selfplay_games(path: &str, max_plies: usize, games: usize, seed: u64) {
    let rules = common::rules(path);
    let report = referee::selfplay::selfplay(&rules, games, seed, max_plies)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(report.games, games);
    assert_eq!(report.results.values().sum::<usize>(), games);
    assert!(report.plies > games, "{path}");
    // Games with drop queues drop pieces, and gating games gate: the invariants
    // were checked on those turns too.
    assert_eq!(
        rules.flags.drops || rules.flags.gating,
        report.drops > 0,
        "{path}: {} drops",
        report.drops
    );
}

/// The definitions the self-play tests below cover; a new definition must be added.
const SELFPLAYED: &[&str] = &[
    "amazons.vdl",
    "armageddon.vdl",
    "baroque.vdl",
    "chess.vdl",
    "duck.vdl",
    "panoply.vdl",
    "rococo.vdl",
    "takeover64-stop-beyond.vdl",
    "takeover64-undefended.vdl",
    "takeover64.vdl",
    "uc40.vdl",
    "ultima.vdl",
];

/// The library of well-known variants: self-played together by `selfplay_library`.
const LIBRARY: &[&str] = &[
    "aiwok.vdl",
    "almost.vdl",
    "amazon.vdl",
    "antichess.vdl",
    "asean.vdl",
    "atomic.vdl",
    "atomic960.vdl",
    "berolina.vdl",
    "breakthrough.vdl",
    "capablanca.vdl",
    "capahouse.vdl",
    "caparandom.vdl",
    "centaur.vdl",
    "chancellor.vdl",
    "chaturanga.vdl",
    "chess960.vdl",
    "chessgi.vdl",
    "chigorin.vdl",
    "ataxx.vdl",
    "clobber.vdl",
    "clobber10.vdl",
    "codrus.vdl",
    "coregal.vdl",
    "courier.vdl",
    "crazyhouse.vdl",
    "bughouse.vdl",
    "dragon.vdl",
    "embassy.vdl",
    "euroshogi.vdl",
    "extinction.vdl",
    "fairy.vdl",
    "fivecheck.vdl",
    "flipello.vdl",
    "flipello10.vdl",
    "flipersi.vdl",
    "fox-and-hounds.vdl",
    "gardner.vdl",
    "georgian.vdl",
    "giveaway.vdl",
    "gorogoro.vdl",
    "gothic.vdl",
    "grand.vdl",
    "opulent.vdl",
    "grasshopper.vdl",
    "gustav3.vdl",
    "hoppelpoppel.vdl",
    "horde.vdl",
    "isolation.vdl",
    "isolation7x7.vdl",
    "janggi.vdl",
    "janggicasual.vdl",
    "janggimodern.vdl",
    "janggitraditional.vdl",
    "janus.vdl",
    "joust.vdl",
    "judkins.vdl",
    "kinglet.vdl",
    "legan.vdl",
    "kingofthehill.vdl",
    "knightmate.vdl",
    "loop.vdl",
    "losalamos.vdl",
    "losers.vdl",
    "makruk.vdl",
    "makpong.vdl",
    "cambodian.vdl",
    "karouk.vdl",
    "kyotoshogi.vdl",
    "micro.vdl",
    "manchu.vdl",
    "minishogi.vdl",
    "dobutsu.vdl",
    "minixiangqi.vdl",
    "misere.vdl",
    "modern.vdl",
    "newzealand.vdl",
    "nightrider.vdl",
    "nocastle.vdl",
    "nocheckatomic.vdl",
    "atomar.vdl",
    "omicron.vdl",
    "okisakishogi.vdl",
    "paradigm.vdl",
    "pawnback.vdl",
    "pawnsideways.vdl",
    "petrified.vdl",
    "placement.vdl",
    "sittuyin.vdl",
    "shatar.vdl",
    "koedem.vdl",
    "perfect.vdl",
    "pocketknight.vdl",
    "raazuvaa.vdl",
    "racingkings.vdl",
    "jesonmor.vdl",
    "seirawan.vdl",
    "shako.vdl",
    "shatranj.vdl",
    "shogi.vdl",
    "torishogi.vdl",
    "shoshogi.vdl",
    "checkshogi.vdl",
    "snailtrail.vdl",
    "suicide.vdl",
    "sortofalmost.vdl",
    "tencubed.vdl",
    "threekings.vdl",
    "threecheck.vdl",
    "torpedo.vdl",
    "troitzky.vdl",
    "xiangqi.vdl",
    "supply.vdl",
    "spartan.vdl",
    "wolf.vdl",
    "shouse.vdl",
    "yarishogi.vdl",
];

#[test]
fn every_definition_has_a_selfplay_test() {
    let mut shipped: Vec<String> = std::fs::read_dir(common::root().join("definitions"))
        .expect("definitions")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|p| p.ends_with(".vdl"))
        .collect();
    shipped.sort();
    let mut covered: Vec<&str> = SELFPLAYED.iter().chain(LIBRARY).copied().collect();
    covered.sort();
    assert_eq!(
        shipped, covered,
        "add a selfplay test for each new definition"
    );
}

/// The long suite: 1,000 games of every seeded definition (fewer of the costliest)
/// and 200 of each in the library, with other seeds, on every core.
#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn selfplay_long() {
    // (definition, most plies, games): run on every core, a definition a job
    // a sample sized by cost: Panoply's, the duck's and the amazons' turns have
    // hundreds of moves to check, each read back from its notation
    let games = |name: &str| match name {
        "panoply.vdl" => (1000, 200),
        "duck.vdl" => (300, 60),
        "amazons.vdl" => (300, 40),
        _ => (1000, 1000),
    };
    let mut jobs: Vec<(String, usize, usize)> = Vec::new();
    for name in SELFPLAYED {
        let (plies, n) = games(name);
        jobs.push((format!("definitions/{name}"), plies, n));
    }
    for name in LIBRARY {
        jobs.push((format!("definitions/{name}"), 500, 200));
    }
    jobs.push(("tests/definitions/movement.vdl".into(), 1000, 1000));
    // the longest first, so that the cores finish together
    jobs.sort_by_key(|(_, plies, n)| std::cmp::Reverse(plies * n));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((path, plies, games)) = jobs.get(i) else {
                    break;
                };
                selfplay_games(path, *plies, *games, 11);
            });
        }
    });
}

#[test]
fn selfplay_chess() {
    selfplay("definitions/chess.vdl", 1000);
}

#[test]
fn selfplay_uc40() {
    selfplay("definitions/uc40.vdl", 300);
}

#[test]
fn selfplay_panoply() {
    selfplay("definitions/panoply.vdl", 200);
}

#[test]
fn selfplay_baroque() {
    selfplay("definitions/baroque.vdl", 300);
}

#[test]
fn selfplay_rococo() {
    selfplay("definitions/rococo.vdl", 300);
}

#[test]
fn selfplay_takeover64() {
    selfplay("definitions/takeover64.vdl", 300);
}

#[test]
fn selfplay_takeover64_variations() {
    selfplay("definitions/takeover64-stop-beyond.vdl", 100);
    selfplay("definitions/takeover64-undefended.vdl", 100);
}

#[test]
fn selfplay_ultima() {
    selfplay("definitions/ultima.vdl", 300);
}

/// The library's definitions, fewer games each: their rules are the core's, each
/// already played at length above.
#[test]
fn selfplay_library() {
    let games = if cfg!(debug_assertions) { 4 } else { 30 };
    for name in LIBRARY {
        selfplay_games(&format!("definitions/{name}"), 300, games, 7);
    }
}

/// Duck chess and the Amazons on their own, fewer games: their positions have
/// hundreds to thousands of legal turns, and every turn's notation is read back at
/// every position.
#[test]
fn selfplay_duck_and_amazons() {
    let games = if cfg!(debug_assertions) { 1 } else { 6 };
    selfplay_games("definitions/duck.vdl", 300, games, 7);
    selfplay_games("definitions/amazons.vdl", 300, games, 7);
}

#[test]
fn selfplay_fairy() {
    selfplay("tests/definitions/fairy.vdl", 200);
}

/// Bent, zigzag, circular, equal-leg and chained movers with two-letter labels: every
/// move prints and reads back as itself (one move per effect).
#[test]
fn selfplay_movement_forms() {
    selfplay("tests/definitions/movement.vdl", 200);
}

fn inline_rules(source: &str) -> vdl::Ruleset {
    let loaded = vdl::load(source);
    loaded
        .ruleset
        .unwrap_or_else(|| panic!("{:#?}", loaded.diagnostics))
}

/// Without royal pieces, a player who cannot move gets the stalemate value.
#[test]
fn no_legal_move_without_royals() {
    let rules = inline_rules(
        r#"board { files a ranks 1 2 3 }
           piece Pawn P { moves "fmW" }
           setup "p/1/P w"
           end { stalemate loss }"#,
    );
    let r = referee::referee(&rules, "1. P a1-a2\n");
    let game = r.game.expect("game");
    let res = game.result().expect("finished");
    assert_eq!((res.score(), res.reason), ("1-0", EndReason::NoLegalMove));
    assert_eq!(res.description, "Black has no legal move");
}

/// A repetition valued `loss` makes the player who completes it lose.
#[test]
fn repetition_loss_for_the_repeater() {
    let rules = inline_rules(
        r#"board { files a b c d ranks 1 2 3 4 }
           piece King K { royal moves "K" }
           setup "3k/4/4/K3 w"
           end { repetition 3 loss }"#,
    );
    let moves = "1. K a1-a2 k d4-d3\n2. K a2-a1 k d3-d4\n3. K a1-a2 k d4-d3\n4. K a2-a1 k d3-d4\n";
    let r = referee::referee(&rules, moves);
    let game = r.game.expect("game");
    let res = game.result().expect("finished");
    assert_eq!((res.score(), res.reason), ("1-0", EndReason::Repetition));
    assert_eq!(res.subject, vdl::model::Side::Black);
    assert_eq!(game.played().len(), 8);
    // The same moves one ply short do not end the game.
    let r = referee::referee(
        &rules,
        "1. K a1-a2 k d4-d3\n2. K a2-a1 k d3-d4\n3. K a1-a2 k d4-d3\n4. K a2-a1\n",
    );
    assert!(r.game.expect("game").result().is_none());
}

/// Undo restores the position and the repetition count.
#[test]
fn undo_restores_counts() {
    let rules = common::rules("definitions/chess.vdl");
    let mut game = referee::Game::new(vdl::Position::start(&rules));
    // Chess ends a game by itself at the fifth occurrence of a position.
    let cycle = ["N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8"];
    for m in cycle.iter().cycle().take(15) {
        game.play_text(m).expect("legal");
    }
    game.play_text("n f6-g8").expect("legal");
    assert_eq!(game.result().map(|r| r.reason), Some(EndReason::Repetition));
    assert!(game.undo());
    assert!(game.result().is_none());
    game.play_text("n f6-g8").expect("legal again");
    assert_eq!(game.result().map(|r| r.reason), Some(EndReason::Repetition));
}

/// With `royal-capture` there is no check: a king may stand attacked, and taking it
/// wins.
#[test]
fn royal_capture_wins_and_there_is_no_check() {
    let source = |end: &str| {
        format!(
            r#"board {{ files a b c d ranks 1 2 3 4 }}
               piece King K {{ royal moves "K" }}
               piece Rook R {{ moves "R" }}
               setup "3k/4/4/K1r1 w"
               end {{ {end} }}"#
        )
    };
    let rules = inline_rules(&source("royal-capture stalemate loss"));
    let mut pos = vdl::Position::start(&rules);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    // a1 is attacked along the first rank, yet every king step is legal: a2, b1, b2.
    assert_eq!(legal.len(), 3);
    // White steps next to the rook, which takes the king.
    let r = referee::referee(&rules, "1. K a1-b1 r c1-b1\n");
    let game = r.game.expect("game");
    assert!(r.error.is_none(), "{:?}", r.error);
    let res = game.result().expect("finished");
    assert_eq!((res.score(), res.reason), ("0-1", EndReason::RoyalCaptured));
    assert_eq!(res.description, "White's royal piece was captured");
    // With check (the default), the same king has only the steps off the rank: a2, b2.
    let rules = inline_rules(&source("stalemate loss"));
    let mut pos = vdl::Position::start(&rules);
    pos.legal_moves(&mut legal);
    assert_eq!(legal.len(), 2);
}

/// A castling whose king move is also a plain king step is printed and read with
/// its rook's part; the plain text is the step.
#[test]
fn castling_that_shares_a_king_step_names_its_rook() {
    let rules = common::rules("tests/definitions/short-castle.vdl");
    let r = referee::referee(&rules, "1. e1-f1\n");
    let fen = r.game.as_ref().map(|g| g.position().fen());
    assert_eq!(fen.as_deref(), Some("4k3/8/8/8/8/8/8/5K1R b - - 1 1"));
    let r = referee::referee(&rules, "1. K e1-f1; R h1-e1\n");
    let fen = r.game.as_ref().map(|g| g.position().fen());
    assert_eq!(fen.as_deref(), Some("4k3/8/8/8/8/8/8/4RK2 b - - 1 1"));
    let r = referee::referee(&rules, "1. K e1-f1; R h1-g1\n");
    assert_eq!(r.error.map(|d| d.code), Some(vdl::Code::IllegalMove));
    let mut pos = vdl::Position::start(&rules);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut printed: Vec<String> = legal
        .iter()
        .filter(|m| rules.cell_name(m.from) == "e1")
        .map(|m| referee::notation::print(&pos, m, &legal))
        .collect();
    printed.sort();
    assert_eq!(
        printed,
        [
            "K e1-d1",
            "K e1-d2",
            "K e1-e2",
            "K e1-f1",
            "K e1-f1; R h1-e1",
            "K e1-f2"
        ]
    );
}

/// SAN castling, both ways, for either side: `O-O` is the castling whose rook starts
/// on a file after the king's.
#[test]
fn san_castling_both_ways() {
    let rules = common::rules("definitions/chess.vdl");
    let text = "1. e4 e5 2. Nf3 Nc6 3. Bc4 d6 4. O-O Be6 5. d3 Qd7 6. Nc3 0-0-0";
    let r = referee::referee(&rules, text);
    assert!(r.error.is_none(), "{:?}", r.error);
    let game = r.game.expect("a game");
    assert_eq!(
        game.position().fen(),
        "2kr1bnr/pppq1ppp/2npb3/4p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 3 7"
    );
}

/// Dead positions from the material: FIDE's cases and what is not dead.
#[test]
fn dead_positions_in_chess() {
    let rules = common::rules("definitions/chess.vdl");
    let dead = |fen: &str| {
        vdl::Position::from_fen(&rules, fen)
            .unwrap_or_else(|e| panic!("{fen}: {}", e.message))
            .is_dead()
    };
    for fen in [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",     // K v K
        "8/8/8/4k3/8/8/2B5/4K3 w - - 0 1",   // K+B v K
        "8/8/8/4k3/8/8/2N5/4K3 b - - 0 1",   // K+N v K
        "8/8/2b5/4k3/8/8/2B5/4K3 w - - 0 1", // bishops on light cells
        "8/8/8/4k3/8/8/B1B5/4K3 w - - 0 1",  // two bishops, one colour
        "4B3/8/8/K4B1B/8/8/7k/8 b - - 0 1",  // three
    ] {
        assert!(dead(fen), "{fen} is dead");
    }
    for fen in [
        "8/8/3b4/4k3/8/8/2B5/4K3 w - - 0 1", // bishops on both colours
        "8/8/3n4/4k3/8/8/2N5/4K3 w - - 0 1", // K+N v K+N
        "8/8/3n4/4k3/8/8/2B5/4K3 w - - 0 1", // K+B v K+N
        "8/8/8/4k3/8/8/1BB5/4K3 w - - 0 1",  // two bishops, two colours
        "8/8/8/4k3/8/8/2NN4/4K3 w - - 0 1",  // two knights (mate with help)
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",    // a rook
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",   // a pawn may promote
    ] {
        assert!(!dead(fen), "{fen} is not dead");
    }
}

/// Dead positions follow the definition's pieces, not chess's: a Ferz (one diagonal
/// step) keeps its colour like a bishop but alone cannot mate, and a Wazir-Ferz
/// pair can.
#[test]
fn dead_positions_follow_the_definition() {
    let rules = inline_rules(
        r#"board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }
           piece King K { royal moves "K" }
           piece Ferz F { moves "F" }
           piece Wazir W { moves "W" }
           setup "4k3/8/8/8/8/8/8/4K3 w"
           end { dead-position }"#,
    );
    let dead = |fen: &str| vdl::Position::from_fen(&rules, fen).expect("fen").is_dead();
    assert!(dead("4k3/8/8/8/8/8/3F4/4K3 w - - 0 1"));
    assert!(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    assert!(!dead("4k3/8/8/8/8/8/3FW3/4K3 w - - 0 1"));
    // Without the rule, bare kings play on.
    let rules = common::rules("definitions/takeover64.vdl");
    let pos = vdl::Position::from_fen(&rules, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").expect("fen");
    let game = referee::Game::new(pos);
    assert!(game.result().is_none());
}

/// `claim` in `vdl play`: refused at the start, granted before the move that repeats
/// the start position a third time; a saved game keeps the claim.
#[test]
fn play_claims_a_draw() {
    let dir = std::env::temp_dir().join(format!("vdl-claim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let saved = dir.join("claimed.game");
    let input = format!(
        "claim\nNf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nclaim\nNg8\nsave {}\nquit\n",
        saved.display()
    );
    let out = play(&["play", "definitions/chess.vdl"], &input);
    assert!(out.contains("no draw can be claimed now"), "{out}");
    assert!(
        out.contains("Result: 1/2-1/2 (Black claims the repetition: their next move makes a position occur for the third time: a draw)"),
        "{out}"
    );
    assert!(out.contains("illegal: the game is over"), "{out}");
    let record = std::fs::read_to_string(&saved).expect("saved");
    assert!(record.ends_with("4. N f3-g1\n1/2-1/2\n"), "{record}");
    let rules = common::rules("definitions/chess.vdl");
    let game = referee::referee(&rules, &record).game.expect("game");
    assert!(game.result().is_some_and(|r| r.claimed));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record of 100,000 moves (2.3 MB, past the 1 MiB limit of definitions) is read
/// game by game and, reported in words, without keeping its moves: it is refereed
/// under an 80 MB address-space limit.
#[test]
fn a_record_of_100000_moves_in_bounded_memory() {
    let dir = std::env::temp_dir().join(format!("vdl-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let definition = dir.join("kings.vdl");
    std::fs::write(
        &definition,
        "board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }\n\
         piece King K { royal moves \"K\" }\n\
         setup \"7k/8/8/8/8/8/8/K7 w\"\n",
    )
    .expect("definition");
    let record = dir.join("long.game");
    let mut text = String::with_capacity(2_400_000);
    for n in 1..=100_000 {
        text.push_str(&if n % 2 == 1 {
            format!("{n}. K a1-a2 k h8-h7\n")
        } else {
            format!("{n}. K a2-a1 k h7-h8\n")
        });
    }
    std::fs::write(&record, &text).expect("record");
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 80000 && exec \"$0\" referee \"$1\" \"$2\"")
        .arg(env!("CARGO_BIN_EXE_vdl"))
        .arg(&definition)
        .arg(&record)
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("200000 moves played"), "{stdout}");
    assert!(stdout.contains("Result: * (game in progress)"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A PGN file of several games: each refereed, in order, with its own start.
#[test]
fn several_games_in_one_file() {
    let out = vdl(&[
        "referee",
        "--json",
        "definitions/chess.vdl",
        "tests/games/chess/several.pgn",
    ]);
    assert!(out.status.success());
    let out = String::from_utf8_lossy(&out.stdout);
    // One JSON object per game, one after another.
    let lines: Vec<serde_json::Value> = serde_json::Deserializer::from_str(&out)
        .into_iter()
        .map(|v| v.expect("json"))
        .collect();
    let scores: Vec<&str> = lines
        .iter()
        .map(|v| v["score"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(scores, ["1-0", "1/2-1/2", "*", "0-1"]);
    let moves: Vec<usize> = lines
        .iter()
        .map(|v| v["moves"].as_array().map_or(0, Vec::len))
        .collect();
    assert_eq!(moves, [7, 8, 1, 4]);
    assert_eq!(lines[2]["start"], "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
}

/// A label with a promotion mark (`+P`, `Q~`) stands before its move in a record
/// as any label does: the referee reads back what `vdl moves` writes.
#[test]
fn a_label_with_a_promotion_mark_reads_back_in_a_record() {
    let rules = inline_rules(
        r#"board { files a b c d e f g h i j ranks 1 2 3 4 5 6 7 8 }
           piece King K { royal moves "K" }
           piece Pawn P { moves "fW" }
           piece Tokin +P { moves "WfF" }
           setup "4k5/10/10/10/10/10/10/+P4K4[] w""#,
    );
    let r = referee::referee(&rules, "1. +P a1-a2 k e8-e7\n2. +P a2-b3\n");
    assert!(r.error.is_none(), "{:?}", r.error.map(|e| e.message));
    let game = r.game.expect("game");
    assert_eq!(game.played().len(), 3);
    assert_eq!(
        game.position().fen(),
        "10/4k5/10/10/10/1+P8/10/5K4 b - - 3 2"
    );

    let rules = common::rules("definitions/crazyhouse.vdl");
    let record = "[FEN \"4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1\"]\n\n1. Q~ a1-a2 k e8-d7\n";
    let r = referee::referee(&rules, record);
    assert!(r.error.is_none(), "{:?}", r.error.map(|e| e.message));
    let game = r.game.expect("game");
    assert_eq!(game.position().fen(), "8/3k4/8/8/8/8/Q~7/4K3[] w - - 2 2");
}
