//! The `vdl` binary: output formats and exit codes.

use crate::common;

use std::process::Output;

use common::vdl;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

#[test]
fn shipped_definitions_check_clean() {
    let mut args = vec!["check".to_string()];
    for e in std::fs::read_dir(common::root().join("definitions")).expect("folder") {
        let p = e.expect("entry").path();
        if p.extension().is_some_and(|x| x == "vdl") {
            args.push(format!(
                "definitions/{}",
                p.file_name().unwrap_or_default().to_string_lossy()
            ));
        }
    }
    assert!(args.len() > 1);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = vdl(&args);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

#[test]
fn check_exit_codes() {
    let o = vdl(&["check", "tests/diagnostics/duplicate_piece.vdl"]);
    assert_eq!(o.status.code(), Some(1));
    let o = vdl(&["check", "no/such/file.vdl"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read no/such/file.vdl"));
    let o = vdl(&["check"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn perft_divide_format() {
    let o = vdl(&["perft", "definitions/chess.vdl", "--depth", "3", "--divide"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"Nodes searched: 8902"));
    let moves: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    assert_eq!(moves.len(), 20);
    assert!(moves.contains(&"e2-e4: 600"), "{out}");
    assert!(moves.contains(&"g1-f3: 440"), "{out}");
    assert!(stderr(&o).contains("nodes/s"));
}

#[test]
fn perft_with_fen() {
    let o = vdl(&[
        "perft",
        "definitions/chess.vdl",
        "--depth",
        "2",
        "--fen",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ]);
    assert_eq!(stdout(&o).lines().last(), Some("Nodes searched: 191"));
}

#[test]
fn bad_fen_option_is_a_diagnostic() {
    let o = vdl(&[
        "perft",
        "definitions/chess.vdl",
        "--depth",
        "1",
        "--fen",
        "8/8/8 w",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("vdl::bad_fen"), "{}", stderr(&o));
    assert!(stderr(&o).contains("this board has 8 ranks but the FEN has 3 rows"));
}

#[test]
fn moves_json_lists_captures_and_promotions() {
    let o = vdl(&[
        "moves",
        "definitions/chess.vdl",
        "--json",
        "--fen",
        "1n2k3/P7/8/3Pp3/8/8/8/4K3 w - e6 0 1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let list = v.as_array().expect("array");
    let find = |n: &str| list.iter().find(|m| m["notation"] == n).cloned();
    let ep = find("P d5-e6").expect("en passant listed");
    assert_eq!(ep["from"], "d5");
    assert_eq!(ep["to"], "e6");
    assert_eq!(ep["captures"], serde_json::json!(["e5"]));
    assert_eq!(ep["promotion"], serde_json::Value::Null);
    let promo = find("P a7-b8; N-b8").expect("capture-promotion listed");
    assert_eq!(promo["captures"], serde_json::json!(["b8"]));
    assert_eq!(promo["promotion"], "N");
    // a7-a8 and a7xb8, four promotion choices each; d5-d6 and d5xe6; five king moves.
    assert_eq!(list.len(), 8 + 2 + 5);
}

#[test]
fn show_draws_the_board() {
    let o = vdl(&["show", "definitions/chess.vdl"]);
    assert_eq!(
        stdout(&o),
        "\
8  r n b q k b n r
7  p p p p p p p p
6  . . . . . . . .
5  . . . . . . . .
4  . . . . . . . .
3  . . . . . . . .
2  P P P P P P P P
1  R N B Q K B N R
   a b c d e f g h
White to move
FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
"
    );
}

#[test]
fn moves_json_lists_every_removed_cell() {
    // The Baroque seed's chameleon diagram, with the seed's trailing `0`.
    let o = vdl(&[
        "moves",
        "definitions/baroque.vdl",
        "--json",
        "--fen",
        "7k/8/8/r3pP2/2n5/8/B7/K7 w 0",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let bd5 = v
        .as_array()
        .expect("array")
        .iter()
        .find(|m| m["from"] == "a2" && m["to"] == "d5")
        .expect("the chameleon's move to d5");
    assert_eq!(bd5["captures"], serde_json::json!(["a5", "c4"]));
    assert_eq!(bd5["notation"], "B a2-d5");
}

#[test]
fn show_marks_capture_only_cells_as_the_book_says() {
    let page = std::fs::read_to_string(common::root().join("book/src/cli.md")).expect("cli.md");
    let shown = page
        .split("$ vdl show definitions/rococo.vdl\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the book shows Rococo's board");
    let o = vdl(&["show", "definitions/rococo.vdl"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stdout), shown);
}

#[test]
fn perft_on_threads_counts_the_same() {
    let run = |threads: &str| {
        let o = vdl(&[
            "perft",
            "definitions/chess.vdl",
            "--depth",
            "4",
            "--divide",
            "--threads",
            threads,
        ]);
        assert_eq!(o.status.code(), Some(0));
        assert!(stderr(&o).contains(&format!("{threads} thread(s)")));
        stdout(&o)
    };
    let one = run("1");
    assert!(one.ends_with("Nodes searched: 197281\n"), "{one}");
    // the same lines, in the same (generation) order, on three threads
    assert_eq!(run("3"), one);
}

#[test]
fn perft_divide_stops_quietly_when_its_output_closes() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_vdl"))
        .args(["perft", "definitions/chess.vdl", "--depth", "6", "--divide"])
        .current_dir(common::root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("vdl runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("a line");
    assert!(first.starts_with("a2-a3: "), "{first}");
    // the reader is gone: the next line cannot be written
    let out = child.wait_with_output().expect("exits");
    assert_eq!(out.status.code(), Some(141));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn perft_cross_check_prints_what_the_book_says() {
    let page = std::fs::read_to_string(common::root().join("book/src/cli.md")).expect("cli.md");
    let shown = page
        .split("$ vdl perft definitions/baroque.vdl --depth 3 --cross-check\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the book shows a cross-checked perft");
    let args = [
        "perft",
        "definitions/baroque.vdl",
        "--depth",
        "3",
        "--cross-check",
    ];
    let o = vdl(&args);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), shown);
    assert!(stderr(&o).contains("fast and slow legality agree at every node"));
    // one thread only: the filters are compared node by node
    let o = vdl(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(o.status.code(), Some(2));
}

/// A UTF-8 byte-order mark first in a file changes nothing: the same verdicts, the
/// same diagnostics at the same lines and columns.
#[test]
fn a_byte_order_mark_is_ignored() {
    let dir = std::env::temp_dir().join(format!("vdl-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let with_bom = |from: &str, name: &str| {
        let text = std::fs::read_to_string(common::root().join(from)).expect("file");
        let path = dir.join(name);
        std::fs::write(&path, format!("\u{feff}{text}")).expect("write");
        path.to_string_lossy().to_string()
    };
    let chess = with_bom("definitions/chess.vdl", "chess.vdl");
    common::place_chess_network(&dir);
    let game = with_bom("tests/games/chess/fools-mate.game", "fools.game");
    let bad = with_bom("tests/diagnostics/duplicate_piece.vdl", "bad.vdl");
    let plain = vdl(&[
        "referee",
        "definitions/chess.vdl",
        "tests/games/chess/fools-mate.game",
    ]);
    let marked = vdl(&["referee", &chess, &game]);
    assert_eq!(marked.status.code(), Some(0), "{}", stderr(&marked));
    assert_eq!(stdout(&marked), stdout(&plain));
    let plain = vdl(&["check", "tests/diagnostics/duplicate_piece.vdl"]);
    let marked = vdl(&["check", &bad]);
    assert_eq!(marked.status.code(), Some(1));
    assert_eq!(
        stderr(&marked).replace(&bad, "FILE"),
        stderr(&plain).replace("tests/diagnostics/duplicate_piece.vdl", "FILE")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn perft_takes_the_depth_after_the_file_or_as_an_option() {
    let positional = vdl(&["perft", "definitions/chess.vdl", "3", "--threads", "1"]);
    let option = vdl(&[
        "perft",
        "definitions/chess.vdl",
        "--depth",
        "3",
        "--threads",
        "1",
    ]);
    assert_eq!(positional.status.code(), Some(0), "{}", stderr(&positional));
    assert_eq!(stdout(&positional), "Nodes searched: 8902\n");
    assert_eq!(
        stdout(&positional).lines().next(),
        stdout(&option).lines().next()
    );
    let neither = vdl(&["perft", "definitions/chess.vdl"]);
    assert_eq!(neither.status.code(), Some(2));
    assert!(stderr(&neither).contains("<DEPTH>"), "{}", stderr(&neither));
}

#[test]
fn a_castling_right_without_its_rook_is_a_fen_error() {
    // a bishop where the rook starts would castle as the rook
    let o = vdl(&[
        "moves",
        "definitions/chess.vdl",
        "--fen",
        "r3k2r/8/8/8/8/8/8/4K2B w K - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("castling right `K` without its rook on its start cell"),
        "{err}"
    );
    assert!(err.contains("[--fen:1:26]"), "{err}");
    assert!(
        err.contains("the rook of this castling starts on h1"),
        "{err}"
    );
    let o = vdl(&[
        "moves",
        "definitions/chess.vdl",
        "--fen",
        "r3k2r/8/8/8/8/8/8/3K3R w K - 0 1",
    ]);
    assert!(
        stderr(&o).contains("castling right `K` without its king"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_en_passant_cell_no_piece_passed_is_a_fen_error() {
    let o = vdl(&[
        "moves",
        "definitions/chess.vdl",
        "--fen",
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("no piece has just passed `e6`"), "{err}");
    assert!(err.contains("[--fen:1:25]"), "{err}");
    // after a double step the cell passed is accepted
    let o = vdl(&[
        "moves",
        "definitions/chess.vdl",
        "--fen",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("P e5-d6"), "{}", stdout(&o));
}

/// Whether a text is well-formed XML as far as elements go: every tag closed in
/// order, one root.
fn well_formed(xml: &str) -> bool {
    let mut open: Vec<&str> = Vec::new();
    let mut roots = 0;
    let mut rest = xml;
    while let Some(i) = rest.find('<') {
        let Some(j) = rest[i..].find('>') else {
            return false;
        };
        let tag = &rest[i + 1..i + j];
        rest = &rest[i + j + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            if open.pop() != Some(name.trim()) {
                return false;
            }
        } else if !tag.ends_with('/') && !tag.starts_with('?') && !tag.starts_with('!') {
            if open.is_empty() {
                roots += 1;
            }
            open.push(tag.split_whitespace().next().unwrap_or(""));
        } else if open.is_empty() {
            roots += 1;
        }
    }
    open.is_empty() && roots == 1
}

#[test]
fn svg_diagrams_have_one_element_per_piece() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    // chess: 32 pieces; Panoply: 46 occupied cells, 4 Barricades on two cells each
    for (definition, pieces) in [
        ("definitions/chess.vdl", 32),
        ("definitions/panoply.vdl", 42),
    ] {
        let out = dir.join("diagram.svg");
        let o = vdl(&[
            "show",
            definition,
            "--svg",
            out.to_str().expect("a UTF-8 path"),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let svg = std::fs::read_to_string(&out).expect("written");
        assert!(well_formed(&svg), "{definition}: {svg}");
        assert_eq!(
            svg.matches("<g class=\"piece\"").count(),
            pieces,
            "{definition}"
        );
    }
    // a withdrawal marked: two landing cells that capture, the victim crossed
    let out = dir.join("moves.svg");
    let o = vdl(&[
        "show",
        "definitions/rococo.vdl",
        "--fen",
        "10/10/10/10/10/4p5/4W5/10/10/K8k w - - 0 1",
        "--moves",
        "d3",
        "--svg",
        out.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&out).expect("written");
    assert!(well_formed(&svg));
    assert_eq!(svg.matches("class=\"capture\"").count(), 2);
    assert_eq!(svg.matches("class=\"victim\"").count(), 1);
    let o = vdl(&["show", "definitions/chess.vdl", "--moves", "e2"]);
    assert_eq!(o.status.code(), Some(2), "--moves needs --svg");
}

#[test]
fn every_command_exits_quietly_when_its_output_is_closed() {
    use std::process::{Command, Stdio};
    for args in [
        &["moves", "definitions/chess.vdl", "--json"][..],
        &["moves", "definitions/chess.vdl"],
        &["show", "definitions/rococo.vdl"],
        &["explain"],
        &["explain", "syntax"],
        &["check", "--format", "json", "definitions/chess.vdl"],
        &[
            "referee",
            "definitions/chess.vdl",
            "tests/games/chess/opera-game-pgn.game",
        ],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_vdl"))
            .args(args)
            .current_dir(common::root())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("vdl runs");
        // the reader is gone before the first line is written
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("exits");
        let err = String::from_utf8_lossy(&out.stderr);
        // 0 when the whole output fitted in the pipe before its reader left
        assert!(
            matches!(out.status.code(), Some(141 | 0)),
            "{args:?}: {:?} {err}",
            out.status
        );
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

/// Output that cannot be written is never a success: a full disk is said (exit 2),
/// a closed standard error ends the program with 2, never a panic (101).
#[test]
fn failed_writes_are_an_error_exit() {
    use std::process::{Command, Stdio};
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens");
    let out = Command::new(env!("CARGO_BIN_EXE_vdl"))
        .args(["moves", "definitions/chess.vdl"])
        .current_dir(common::root())
        .stdout(full)
        .output()
        .expect("vdl runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: cannot write to standard output: No space left on device (os error 28)\n"
    );
    for (args, stderr) in [
        (
            &["check", "tests/diagnostics/ambiguous_label.vdl"][..],
            "/dev/full",
        ),
        (&["perft", "definitions/nowhere.vdl", "1"], "/dev/full"),
    ] {
        let sink = std::fs::OpenOptions::new()
            .write(true)
            .open(stderr)
            .expect("opens");
        let out = Command::new(env!("CARGO_BIN_EXE_vdl"))
            .args(args)
            .current_dir(common::root())
            .stdout(Stdio::null())
            .stderr(sink)
            .output()
            .expect("vdl runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn check_prints_what_the_book_says() {
    let page = std::fs::read_to_string(common::root().join("book/src/cli.md")).expect("cli.md");
    let command = "$ vdl check tests/diagnostics/unknown_piece_promotion.vdl\n";
    let shown = page
        .split(command)
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the book shows a check");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_vdl"))
        .args(["check", "tests/diagnostics/unknown_piece_promotion.vdl"])
        .current_dir(common::root())
        .env("NO_COLOR", "1")
        .output()
        .expect("vdl runs");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(format!("{}{}", stderr(&o), stdout(&o)), shown);
}

#[test]
fn moves_json_has_the_fields_the_book_lists() {
    let page = std::fs::read_to_string(common::root().join("book/src/cli.md")).expect("cli.md");
    let o = vdl(&["moves", "definitions/chess.vdl", "--json"]);
    let moves: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let first = moves[0].as_object().expect("an object");
    for field in first.keys() {
        assert!(
            page.contains(&format!("`{field}`")),
            "the book does not list `{field}`"
        );
    }
    assert_eq!(first.len(), 7, "{first:?}");
}

/// A named pipe given as a definition or a record is an error at once, not a wait
/// for a writer that never comes.
#[test]
fn special_files_are_refused_without_waiting() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fifo");
    std::fs::create_dir_all(&dir).expect("a folder");
    let fifo = dir.join("pipe.vdl");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let fifo = fifo.display().to_string();
    for args in [
        vec!["check", fifo.as_str()],
        vec!["referee", "definitions/chess.vdl", fifo.as_str()],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_vdl"))
            .args(&args)
            .current_dir(common::root())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("vdl runs");
        let waited = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("waits") {
                break Some(status);
            }
            if waited.elapsed() > std::time::Duration::from_secs(20) {
                let _ = child.kill();
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let out = child.wait_with_output().expect("exits");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            status.and_then(|s| s.code()),
            Some(2),
            "{args:?} waited: {err}"
        );
        assert!(err.contains("not a regular file"), "{err}");
    }
}

/// With standard output and error on one stream (as when both go to a terminal),
/// every diagnostic ends its line and the summary stands on a line of its own after
/// them.
#[test]
fn check_keeps_the_summary_on_its_own_line_on_a_shared_stream() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shared-stream");
    std::fs::create_dir_all(&dir).expect("a folder");
    let file = dir.join("unused.vdl");
    std::fs::write(
        &file,
        "board { files a b c ranks 1 2 3 }\npiece King K { royal moves \"K\" }\npiece Rook R { moves \"R\" }\nsetup \"k2/3/2K w\"\n",
    )
    .expect("written");
    let file = file.display().to_string();
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg("\"$0\" check \"$1\" \"$1\" 2>&1")
        .arg(env!("CARGO_BIN_EXE_vdl"))
        .arg(&file)
        .current_dir(common::root())
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs");
    let shared = stdout(&o);
    let summary = format!("{file}: ok (1 warning(s))\n");
    assert_eq!(shared.matches(&summary).count(), 2, "{shared}");
    assert!(shared.starts_with("vdl::unused_piece\n"), "{shared}");
    for (i, _) in shared.match_indices(&summary) {
        assert!(shared[..i].ends_with('\n'), "{shared}");
    }
    assert!(
        shared.contains(&format!("{summary}vdl::unused_piece\n")),
        "{shared}"
    );
}
