//! The engine protocols and SAN/PGN against an independent client: python-chess
//! (installed by this test into the target directory if Python lacks it) plays
//! whole games against `vdl uci` and `vdl xboard`, compares `go perft` over UCI with
//! its own move generator, and compares the SAN of `vdl referee --pgn` with its own.
//! And UCI sessions for Baroque and Rococo (multi-capture moves, and moves that
//! differ only in what they remove) and XBoard sessions (fairy pieces' Betza, a
//! lifted piece's cells) checked line by line against `tests/uci/*.out` and
//! `tests/xboard/*.out`, with times and speeds masked (`VDL_BLESS=1` rewrites them).

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// The folder python-chess is installed into, installing it on first use.
fn python_path() -> PathBuf {
    static READY: OnceLock<Mutex<Option<PathBuf>>> = OnceLock::new();
    common::python_packages(&READY, "requirements.txt", "import chess.engine, chess.pgn")
}

/// Run a check of `tests/python/engine_games.py`; panics with its output if it fails.
fn python_check(args: &[&str]) -> String {
    let out = Command::new("python3")
        .arg(common::root().join("tests/python/engine_games.py"))
        .arg(env!("CARGO_BIN_EXE_vdl"))
        .args(args)
        .env("PYTHONPATH", python_path())
        .current_dir(common::root())
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{args:?} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn uci_perft_agrees_with_python_chess_move_by_move() {
    let out = python_check(&["uci-perft"]);
    assert!(out.contains("perft 3 8902 "), "{out}");
    assert_eq!(out.lines().count(), 5, "{out}");
}

#[test]
fn uci_chess960_perft_agrees_with_python_chess_move_by_move() {
    let out = python_check(&["uci960-perft"]);
    assert!(out.contains("perft 3 12189 "), "{out}");
    assert!(out.contains("perft 3 2929 4k3/8/8/8/8/8/8/R5KR"), "{out}");
    assert_eq!(out.lines().count(), 4, "{out}");
}

/// Chess960 over UCI with UCI_Chess960 set: every move vdl chooses is legal on
/// python-chess's Chess960 board, castlings (the king taking its rook) included.
#[test]
fn python_chess_checks_chess960_games_over_uci() {
    let out = python_check(&["uci960-games", "3"]);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("game ")).count(),
        3,
        "{out}"
    );
}

#[test]
fn python_chess_plays_whole_games_over_uci() {
    let out = python_check(&["uci-games", "2"]);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{out}"
    );
}

#[test]
fn python_chess_plays_whole_games_over_xboard() {
    let out = python_check(&["xboard-games", "2"]);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{out}"
    );
}

#[test]
fn san_of_100_random_games_is_python_chess_san() {
    let out = python_check(&["san", "100", "11"]);
    assert!(out.starts_with("san 100 games "), "{out}");
}

#[test]
#[ignore = "long: 2,000 games and 2,000 draw claims, about four minutes"]
fn san_of_2000_random_games_is_python_chess_san() {
    let out = python_check(&["san", "2000", "1"]);
    assert!(out.starts_with("san 2000 games "), "{out}");
}

#[test]
#[ignore = "long: ten games each way"]
fn python_chess_plays_ten_games_over_each_protocol() {
    for check in ["uci-games", "xboard-games"] {
        let out = python_check(&[check, "10"]);
        assert_eq!(
            out.lines().filter(|l| l.starts_with("game ")).count(),
            10,
            "{out}"
        );
    }
}

/// `time 12` and `nps 3456` vary from run to run: masked.
fn masked(line: &str) -> String {
    let mut words: Vec<String> = line.split(' ').map(str::to_string).collect();
    for i in 1..words.len() {
        if matches!(words[i - 1].as_str(), "time" | "nps") {
            words[i] = "_".into();
        }
    }
    words.join(" ")
}

/// Play a session of `protocol` (`uci` or `xboard`) from `tests/PROTOCOL/NAME.in`
/// with the definitions given, waiting after each command that is answered for
/// its answer, and return the output.
fn session(protocol: &str, definitions: &[&str], name: &str) -> String {
    let input = std::fs::read_to_string(common::root().join(format!("tests/{protocol}/{name}.in")))
        .expect("the session's input");
    let mut child = Command::new(env!("CARGO_BIN_EXE_vdl"))
        .arg(protocol)
        .args(definitions)
        .current_dir(common::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("vdl runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut out = String::new();
    let mut read_until = |end: &str, out: &mut String| loop {
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        out.push_str(&masked(line.trim_end()));
        out.push('\n');
        if line.starts_with(end) {
            break;
        }
    };
    for command in input.lines() {
        out.push_str(&format!("> {command}\n"));
        writeln!(stdin, "{command}").expect("vdl reads");
        stdin.flush().expect("vdl reads");
        match command.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["uci"] => read_until("uciok", &mut out),
            ["isready"] => read_until("readyok", &mut out),
            ["go", "perft", ..] => read_until("Nodes searched", &mut out),
            ["go", ..] if protocol == "uci" => read_until("bestmove", &mut out),
            ["protover", ..] => read_until("feature done=1", &mut out),
            ["ping", ..] => read_until("pong", &mut out),
            _ => {}
        }
    }
    drop(stdin);
    let _ = child.wait();
    out
}

fn check_session(protocol: &str, definitions: &[&str], name: &str) {
    let got = session(protocol, definitions, name);
    let path = common::root().join(format!("tests/{protocol}/{name}.out"));
    if std::env::var_os("VDL_BLESS").is_some() {
        std::fs::write(&path, &got).expect("writable");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(got, want, "the session differs from {}", path.display());
}

#[test]
fn uci_session_baroque() {
    check_session("uci", &["definitions/baroque.vdl"], "baroque");
}

#[test]
fn uci_session_rococo() {
    check_session("uci", &["definitions/rococo.vdl"], "rococo");
}

/// XBoard learns a fairy variant: the board, letters and start by `setup`, each
/// piece's moves in Betza by `piece` (none for pieces Betza cannot describe), and
/// the cells a lifted piece may go to by `highlight`, for captures of every mode.
#[test]
fn xboard_session_fairy_pieces() {
    check_session(
        "xboard",
        &["definitions/chess.vdl", "tests/definitions/fairy.vdl"],
        "fairy",
    );
}

#[test]
fn xboard_session_baroque_highlights() {
    check_session("xboard", &["definitions/baroque.vdl"], "baroque");
}

#[test]
fn referee_writes_the_opera_game_as_pgn() {
    let out = common::vdl(&[
        "referee",
        "--pgn",
        "definitions/chess.vdl",
        "tests/games/chess/opera-game-pgn.game",
    ]);
    assert!(out.status.success());
    let want = std::fs::read_to_string(common::root().join("tests/games/chess/opera-game.pgn.out"))
        .expect("the expected PGN");
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);
}

#[test]
fn a_written_pgn_reads_back_as_the_same_game() {
    // Rococo: SAN where it can name the move, the engine notation where not.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let first = common::vdl(&[
        "referee",
        "--pgn",
        "definitions/rococo.vdl",
        "tests/games/rococo/king-capture.game",
    ]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let path = dir.join("rococo-back.pgn");
    std::fs::write(&path, &first.stdout).expect("writable");
    let second = common::vdl(&[
        "referee",
        "--pgn",
        "definitions/rococo.vdl",
        path.to_str().expect("a UTF-8 path"),
    ]);
    assert!(
        second.status.success(),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    assert_eq!(first.stdout, second.stdout);
}
