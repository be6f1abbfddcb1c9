//! Game records as people export them (`tests/records/`): ChessBase-style
//! annotations over several lines with NAGs and nested variations, Lichess's
//! `%eval`/`%clk` comments on one long line, pychess-variants' `[Variant]` and
//! `[FEN]` headers, crazyhouse's promoted pieces written without their `~`, and
//! shogi-style drops (`B*g9`). Each is read to its last move; the final positions
//! were checked against Fairy-Stockfish (pyffish 0.0.90) when the records were
//! made, and every chess record is compared with python-chess's reading.

use crate::common;

use std::path::PathBuf;
use std::process::Command;

/// Every game `vdl referee --json` reads from a record.
fn refereed(definition: &str, record: &str) -> Vec<serde_json::Value> {
    let out = common::vdl(&["referee", definition, record, "--json"]);
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::Deserializer::from_str(&text)
        .into_iter::<serde_json::Value>()
        .map(|v| v.unwrap_or_else(|e| panic!("{record}: {e}: {text}")))
        .collect()
}

/// What one game came to: its plies, the board, hand and side of its final FEN,
/// its status and the recorded result's reading.
fn summary(game: &serde_json::Value) -> (usize, String, String, String) {
    let fen = game["fen"].as_str().unwrap_or_default();
    let fields: Vec<&str> = fen.split(' ').take(2).collect();
    (
        game["moves"].as_array().map_or(0, Vec::len),
        fields.join(" "),
        game["status"].as_str().unwrap_or_default().to_string(),
        game["recorded"]["message"]
            .as_str()
            .unwrap_or("-")
            .to_string(),
    )
}

/// A game's expected plies, final board and side, status and recorded reading.
type Expected<'a> = (usize, &'a str, &'a str, &'a str);

#[test]
fn exported_records_are_read_to_their_last_move() {
    let cases: &[(&str, &str, &[Expected])] = &[
        (
            "definitions/chess.vdl",
            "tests/records/chessbase-annotated.pgn",
            &[
                (
                    33,
                    "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b",
                    "finished",
                    "1-0, as the rules decide",
                ),
                (
                    4,
                    "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w",
                    "in-progress",
                    "1/2-1/2; the rules have not ended the game (agreement)",
                ),
            ],
        ),
        (
            "definitions/chess.vdl",
            "tests/records/deep-blue-kasparov-1996.pgn",
            &[(
                73,
                "8/7R/5q1k/3Q2N1/3p4/PP3pPP/5n1K/4r3 b",
                "in-progress",
                "1-0; the rules have not ended the game (resignation or agreement)",
            )],
        ),
        (
            "definitions/crazyhouse.vdl",
            "tests/records/lichess-crazyhouse.pgn",
            &[(
                74,
                "rnnk1bbr/1q1b4/4Ppp1/PPp4Q/P4P1P/2p3P1/4K3/Rr~4NR[NPbppp] w",
                "in-progress",
                "0-1; the rules have not ended the game (resignation or agreement)",
            )],
        ),
        (
            "definitions/crazyhouse.vdl",
            "tests/records/pychess-crazyhouse.pgn",
            &[(
                30,
                "r3kr2/pb1pq1pp/1p2N3/3BpP2/2pP1bpN/5nP1/PPPQ2KP/RNB2R2[P] w",
                "in-progress",
                "-",
            )],
        ),
        (
            "definitions/shogi.vdl",
            "tests/records/pychess-shogi.pgn",
            &[(
                38,
                "1n4snl/lr3bk2/pspp1g1p1/1p1gppp1p/2PN2bP1/1P3P3/P2PP1P1P/4GKGRL/L3S1SN1[] w",
                "in-progress",
                "1-0; the rules have not ended the game (resignation or agreement)",
            )],
        ),
    ];
    for (definition, record, expected) in cases {
        let got: Vec<_> = refereed(definition, record).iter().map(summary).collect();
        let expected: Vec<_> = expected
            .iter()
            .map(|(n, fen, status, recorded)| {
                (
                    *n,
                    fen.to_string(),
                    status.to_string(),
                    recorded.to_string(),
                )
            })
            .collect();
        assert_eq!(got, expected, "{record}");
    }
}

/// A recorded result that the final position contradicts is flagged, and the
/// referee fails (exit 1).
#[test]
fn a_contradicted_result_is_flagged() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("records");
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("fools-mate-wrong-result.pgn");
    std::fs::write(&path, "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n").expect("written");
    let path = path.display().to_string();
    let out = common::vdl(&["referee", "definitions/chess.vdl", &path]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("Recorded: 1-0, which the position contradicts: the rules ended the game 0-1 (White is checkmated)"),
        "{text}"
    );
    let game = &refereed("definitions/chess.vdl", &path)[0];
    assert_eq!(game["recorded"]["reading"], "contradicts");
}

/// Where python-chess reads a chess PGN, vdl reads it to the same moves, final
/// position and recorded result.
#[test]
fn chess_records_read_as_python_chess_reads_them() {
    static READY: std::sync::OnceLock<std::sync::Mutex<Option<PathBuf>>> =
        std::sync::OnceLock::new();
    let path = common::python_packages(&READY, "requirements.txt", "import chess.pgn");
    let records = [
        "tests/records/chessbase-annotated.pgn",
        "tests/records/deep-blue-kasparov-1996.pgn",
        "tests/games/chess/several.pgn",
    ];
    let out = Command::new("python3")
        .arg(common::root().join("tests/python/pgn_games.py"))
        .args(records)
        .env("PYTHONPATH", &path)
        .current_dir(common::root())
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let theirs: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let ours: Vec<(String, serde_json::Value)> = records
        .iter()
        .flat_map(|r| {
            refereed("definitions/chess.vdl", r)
                .into_iter()
                .map(move |g| (r.to_string(), g))
        })
        .collect();
    assert_eq!(ours.len(), theirs.len());
    assert_eq!(theirs.len(), 7);
    for ((record, ours), theirs) in ours.iter().zip(&theirs) {
        assert_eq!(theirs["file"].as_str(), Some(record.as_str()));
        assert_eq!(
            ours["moves"].as_array().map(Vec::len),
            theirs["plies"].as_u64().map(|n| n as usize),
            "{record}"
        );
        assert_eq!(ours["fen"], theirs["fen"], "{record}");
        let recorded = ours["recorded"]["score"].as_str().unwrap_or("*");
        assert_eq!(recorded, theirs["result"], "{record}");
    }
}

/// A move written in SAN that no legal move fits is told as such, with the legal
/// moves onto its cell, not as text that cannot be read.
#[test]
fn san_naming_no_legal_move_says_what_can_go_there() {
    let rules = common::rules("definitions/chess.vdl");
    for (record, message, help) in [
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ra4",
            "no legal move is written `Ra4`: White's Rook cannot go to a4",
            "the legal moves onto a4: Ba4, a4",
        ),
        (
            "1. Nf6",
            "no legal move is written `Nf6`: White's Knight cannot go to f6",
            "no legal move of White ends on f6",
        ),
    ] {
        let refereed = vdl::referee::referee(&rules, record);
        let error = refereed.error.expect("an illegal move");
        assert_eq!(error.code, vdl::Code::IllegalMove, "{record}");
        assert_eq!(error.message, message);
        assert_eq!(error.help.as_deref(), Some(help));
    }
}
