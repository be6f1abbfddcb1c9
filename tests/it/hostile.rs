//! Hostile input to the command line and the engine protocols: absurd depths,
//! numbers of any size, bytes that are not UTF-8, lines of any length. Each gets
//! a clear answer, never a panic, a hang or memory without bound.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Run `vdl ARGS` with `input` written to it piece by piece (a pause after each),
/// and its output; a panic if it has not ended within a minute.
fn session(args: &[&str], input: &[&[u8]]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vdl"))
        .args(args)
        .current_dir(common::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("vdl runs");
    let mut stdin = child.stdin.take().expect("stdin");
    for part in input {
        // a closed input is the session's end: what was written so far stands
        if stdin.write_all(part).is_err() {
            break;
        }
        let _ = stdin.flush();
        std::thread::sleep(Duration::from_millis(200));
    }
    drop(stdin);
    let began = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if began.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("vdl {args:?} did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("ends");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text)
}

#[test]
fn absurd_perft_depths_are_refused() {
    for depth in ["65", "100000", "10000000"] {
        let out = common::vdl(&["perft", "definitions/chess.vdl", depth]);
        assert_eq!(out.status.code(), Some(2), "{depth}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("error: a perft depth is at most 64 plies, not {depth}\n")
        );
    }
    let (code, text) = session(
        &["uci", "definitions/chess.vdl"],
        &[b"go perft 100000\nisready\nquit\n"],
    );
    assert_eq!(code, Some(0));
    assert!(
        text.contains("info string a perft depth is at most 64 plies, not 100000\nreadyok\n"),
        "{text}"
    );
}

#[test]
fn uci_perft_is_stopped_by_stop_and_quit() {
    for end in [&b"stop\nisready\nquit\n"[..], b"quit\n"] {
        let (code, text) = session(&["uci", "definitions/chess.vdl"], &[b"go perft 9\n", end]);
        assert_eq!(code, Some(0), "{text}");
        assert!(!text.contains("Nodes searched"), "{text}");
        if end.starts_with(b"stop") {
            assert!(
                text.contains("info string perft stopped\nreadyok\n"),
                "{text}"
            );
        }
    }
    // a second of empty writes (200 ms each) lets the count end first on a
    // loaded machine: `isready` is answered at once, and `quit` stops a count
    let (_, text) = session(
        &["uci", "definitions/chess.vdl"],
        &[b"go perft 2\n", b"", b"", b"", b"", b"isready\nquit\n"],
    );
    assert!(text.ends_with("\nNodes searched: 400\nreadyok\n"), "{text}");
}

#[test]
fn uci_depths_of_any_size_search_at_least_one_ply() {
    let (_, text) = session(
        &["uci", "definitions/chess.vdl"],
        &[b"go depth 0\n", b"quit\n"],
    );
    assert!(text.contains("info depth 1 "), "{text}");
    assert!(text.contains("bestmove "), "{text}");
    let (_, text) = session(
        &["uci", "definitions/chess.vdl"],
        &[b"go mate 2147483648\n", b"stop\nquit\n"],
    );
    assert!(
        text.contains("info depth 1 ") && text.contains("bestmove "),
        "{text}"
    );
    let (_, text) = session(
        &["uci", "definitions/chess.vdl"],
        &[
            b"go wtime 99999999999999999999999 btime 1 depth 18446744073709551616\n",
            b"stop\nquit\n",
        ],
    );
    assert!(
        text.contains("info depth 1 ") && text.contains("bestmove "),
        "{text}"
    );
}

#[test]
fn protocol_lines_of_any_bytes_and_length_are_answered() {
    let long = vec![b'a'; 3 << 20];
    let (code, text) = session(
        &["uci", "definitions/chess.vdl"],
        &[b"\xff\xfe bad\n", &long, b"\nisready\nquit\n"],
    );
    assert_eq!(code, Some(0));
    assert!(
        text.contains("info string unknown command `\u{fffd}\u{fffd}`\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "info string a line of 3145728 bytes was ignored: the limit is 1048576\nreadyok\n"
        ),
        "{text}"
    );
    let (code, text) = session(
        &["xboard", "definitions/chess.vdl"],
        &[b"xboard\n\xff\n", &long, b"\nping 7\nquit\n"],
    );
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("Error (line too long): a line of 3145728 bytes was ignored"),
        "{text}"
    );
    assert!(text.contains("pong 7"), "{text}");
}

#[test]
fn xboard_takes_times_of_any_size() {
    let (code, text) = session(
        &["xboard", "definitions/chess.vdl"],
        &[b"xboard\nprotover 2\nst inf\nlevel 40 inf 0\nst 1e20\nst nan\nlevel 40 1e300:99 inf\ntime 99999999999999999999\ntime 18446744073709551615\nsd 0\nsd 99999999999999999999\nst 1\nping 1\nquit\n"],
    );
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("pong 1"), "{text}");
}

/// A temporary file's path, with `text` in it.
fn written(name: &str, text: &str) -> String {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hostile");
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path.display().to_string()
}

/// Each game of a long record is read alone (the referee was quadratic in the
/// games before it and in blank lines): an error in the last of 1,200 games, after
/// 200,000 blank lines, is placed on its line of the whole file.
#[test]
fn games_are_placed_in_the_whole_file() {
    let game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n";
    let text = format!(
        "{}{}\n1. e4 e5 2. Ke2 Ke7 3. d1-h5 *\n",
        game.repeat(1200),
        "\n".repeat(200_000)
    );
    let path = written("many-games.pgn", &text);
    let out = common::vdl(&["referee", "definitions/chess.vdl", &path, "--json"]);
    let report = String::from_utf8_lossy(&out.stdout);
    let games: Vec<serde_json::Value> = serde_json::Deserializer::from_str(&report)
        .into_iter()
        .map(|g| g.expect("JSON"))
        .collect();
    assert_eq!(games.len(), 1201);
    let last = &games[1200]["error"];
    assert_eq!(last["code"], "vdl::illegal_move");
    assert_eq!(
        (last["line"].as_u64(), last["column"].as_u64()),
        (Some(3600 + 200_000 + 2), Some(24))
    );
    let out = common::vdl(&["referee", "definitions/chess.vdl", &path]);
    let shown = String::from_utf8_lossy(&out.stderr);
    assert!(shown.contains(&format!("[{path}:203602:24]")), "{shown}");
}

/// A diagnostic on a long line shows a window of it, and one mistake repeated
/// 100,000 times is told in a few screens: ten drawn, the rest counted.
#[test]
fn diagnostics_stay_short_on_long_lines_and_many_repeats() {
    let comment = "a long comment ".repeat(400);
    let path = written(
        "long-line.pgn",
        &format!("1. e4 {{{comment}}} 1... Qxh7 *\n"),
    );
    let out = common::vdl(&["referee", "definitions/chess.vdl", &path]);
    let shown = String::from_utf8_lossy(&out.stderr);
    assert!(shown.len() < 1_500, "{} bytes: {shown}", shown.len());
    assert!(shown.contains(&format!("[{path}:1:6015]")), "{shown}");
    assert!(
        shown.contains(" ...comment a long comment a long"),
        "{shown}"
    );
    assert!(shown.contains(" a long comment } 1... Qxh7 *\n"), "{shown}");
    let labels = format!("board {{ files {} ranks 1 2 }}\n", "a ".repeat(100_000));
    let path = written("labels.vdl", &labels);
    let out = common::vdl(&["check", &path]);
    let shown = String::from_utf8_lossy(&out.stderr);
    assert!(shown.len() < 20_000, "{} bytes", shown.len());
    assert_eq!(
        shown
            .matches("× the label `a` is used twice in `files`")
            .count(),
        10
    );
    assert!(
        shown.ends_with("... and 99989 more `vdl::duplicate_label`\n"),
        "{}",
        &shown[shown.len() - 200..]
    );
}

/// A moves string of 8,000 atoms checks (it was quadratic: 52 s) and keeps one
/// rule of the repeats.
#[test]
fn a_rule_written_thousands_of_times_loads() {
    let text = |atoms: usize| {
        format!(
            "board {{ files a b c d ranks 1 2 3 4 }}\npiece King K {{ royal moves \"K\" }}\npiece Queen Q {{ moves \"{}\" }}\nsetup \"3k/4/4/KQ2 w\"\nend {{ checkmate loss }}\n",
            "Q".repeat(atoms)
        )
    };
    let loaded = vdl::load(&text(8000));
    let rules = loaded.ruleset.expect("it loads");
    let one = vdl::load(&text(1)).ruleset.expect("it loads");
    assert_eq!(
        vdl::Position::start(&rules).perft(3),
        vdl::Position::start(&one).perft(3)
    );
    let redundant = loaded
        .diagnostics
        .iter()
        .filter(|d| d.code == vdl::Code::RedundantMove)
        .count();
    assert_eq!(redundant, 63);
}
