//! Counting (Makruk, ASEAN, Ai-wok) at its edges: which count starts and from
//! where, a capture that starts it again, the board's honour once no pawn is
//! left, no count where no case fits, the count in the FEN, and the game's end.

use crate::common;

use vdl::Position;

fn counted(rules: &vdl::Ruleset, fen: &str) -> Option<(u32, u32)> {
    Position::from_fen(rules, fen).expect("fen").counted()
}

/// Each FEN (Black to move) and the count it starts: plies counted, limit.
fn assert_counts(definition: &str, cases: &[(&str, Option<(u32, u32)>)]) {
    let rules = common::rules(definition);
    for &(fen, want) in cases {
        assert_eq!(counted(&rules, fen), want, "{definition}: {fen}");
    }
}

#[test]
fn a_bare_king_is_counted_by_the_other_sides_pieces() {
    assert_counts(
        "definitions/makruk.vdl",
        &[
            // From twice the pieces on the board, to twice the limit in moves.
            ("4k3/8/8/8/8/8/8/R3K2R b - - 0 1", Some((8, 16))),
            ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", Some((6, 32))),
            ("4k3/8/8/8/8/8/8/2SSK3 b - - 0 1", Some((8, 44))),
            ("4k3/8/8/8/8/8/8/1NN1K3 b - - 0 1", Some((8, 64))),
            ("4k3/8/8/8/8/8/8/3SK3 b - - 0 1", Some((6, 88))),
            ("4k3/8/8/8/8/8/8/3MK3 b - - 0 1", Some((6, 128))),
            // No count while a pawn is on the board, bare king or not.
            ("4k3/8/8/8/8/P7/8/3MK3 b - - 0 1", None),
            ("4k3/8/3m4/8/8/P7/8/R3K2R b - - 0 1", None),
            // The board's honour: no pawn left and more than a king, from 0.
            ("4k3/8/3m4/8/8/8/8/R3K2R b - - 0 1", Some((0, 128))),
            // No count for the player whose opponent is bare.
            ("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", None),
        ],
    );
}

#[test]
fn asean_counts_only_the_listed_cases() {
    assert_counts(
        "definitions/asean.vdl",
        &[
            // Counted from 0, not from the pieces.
            ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", Some((0, 32))),
            ("4k3/8/8/8/8/8/8/2BQK3 b - - 0 1", Some((0, 88))),
            ("4k3/8/8/8/8/8/8/3NK3 b - - 0 1", Some((0, 128))),
            // A met alone fits no case; and ASEAN has no board's honour.
            ("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", None),
            ("4k3/8/3q4/8/8/8/8/R3K2R b - - 0 1", None),
        ],
    );
}

#[test]
fn a_capture_starts_the_count_again_and_the_fen_keeps_it() {
    let makruk = common::rules("definitions/makruk.vdl");
    let mut pos = Position::from_fen(&makruk, "4k3/8/8/8/8/8/3n4/R3K2R w - - 0 1").expect("fen");
    assert_eq!(pos.counted(), Some((0, 128)));
    common::play_text(&mut pos, "e1-d2");
    // the capture also starts the FEN's half-move count again (no move rule: FEN's own count)
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/3K4/R6R b - - 8/16 0 1");
    for m in [
        "e8-d8", "a1-a2", "d8-c8", "a2-a3", "c8-b8", "a3-a4", "b8-c8", "a4-a5",
    ] {
        common::play_text(&mut pos, m);
        assert!(!pos.count_passed(), "{}", pos.fen());
    }
    common::play_text(&mut pos, "c8-d8");
    assert_eq!(pos.counted(), Some((17, 16)));
    assert!(pos.count_passed());
    // The FEN reads back with its count, and unmaking restores the count.
    let fen = pos.fen();
    assert_eq!(Position::from_fen(&makruk, &fen).expect("fen").fen(), fen);
    pos.unmake();
    assert_eq!(pos.counted(), Some((16, 16)));
    // The mover that takes the last pawn with its king alone starts its own
    // count, one ply in (2 × 3 pieces − 1).
    let mut pos = Position::from_fen(&makruk, "R7/8/8/8/8/2k5/1P6/4K3 b - - 0 1").expect("fen");
    assert_eq!(pos.counted(), None);
    common::play_text(&mut pos, "c3-b2");
    assert_eq!(pos.counted(), Some((5, 32)));
    // A running count is not started again by a quiet move.
    let mut pos = Position::from_fen(&makruk, "4k3/8/8/8/8/8/8/R3K2R b - - 8/16 0 1").expect("fen");
    common::play_text(&mut pos, "e8-d8");
    assert_eq!(pos.counted(), Some((9, 16)));
}

#[test]
fn a_count_in_the_fen_must_fit_the_variant() {
    let chess = common::rules("definitions/chess.vdl");
    let e = common::fen_error(&chess, "4k3/8/8/8/8/8/8/R3K2R b - - 8/16 0 1");
    assert_eq!((e.offset, e.len), (28, 4));
    assert_eq!(
        e.message,
        "`8/16` is a running count, but the variant has no `counting` rule"
    );
    let makruk = common::rules("definitions/makruk.vdl");
    let e = common::fen_error(&makruk, "4k3/8/8/8/8/8/8/R3K2R b - - 8/15 0 1");
    assert_eq!((e.offset, e.len), (28, 4));
    assert_eq!(
        e.message,
        "`8/15`: a count's limit is a positive, even number of plies"
    );
}

#[test]
fn the_referee_ends_the_game_when_the_count_passes() {
    let makruk = common::rules("definitions/makruk.vdl");
    let text = std::fs::read_to_string(
        common::root().join("tests/games/makruk/count-against-two-rooks.game"),
    )
    .expect("game");
    let r = vdl::referee::referee(&makruk, &text);
    let result = r.game.and_then(|g| g.result().cloned()).expect("a result");
    assert_eq!(result.reason, vdl::referee::EndReason::Counting);
    assert_eq!(result.winner, None);
    assert_eq!(result.description, "the count of 8 moves has run out");
}

/// Random games of Makruk, ASEAN, Ai-wok and Cambodian chess, move by move, against Fairy-Stockfish
/// (pyffish, installed on first use from `tests/python/requirements-fsf.txt`): both
/// end the game by the count at the same position.
#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn counts_end_where_fairy_stockfish_ends_them() {
    for (definition, variant, games, counted) in [
        ("definitions/makruk.vdl", "makruk", 10, 8),
        ("definitions/asean.vdl", "asean", 10, 6),
        ("definitions/aiwok.vdl", "ai-wok", 10, 1),
        ("definitions/cambodian.vdl", "cambodian", 10, 10),
    ] {
        let games = games.to_string();
        let stdout = common::fsf_script("fsf_counting.py", &[definition, variant, &games]);
        assert!(
            stdout.contains(&format!("ended by counting: {counted}\n")),
            "{variant}: {stdout}"
        );
    }
}

#[test]
fn cambodian_counts_the_board_s_honour_with_pawns_and_up_to_three_pieces() {
    assert_counts(
        "definitions/cambodian.vdl",
        &[
            // Black with three pieces, a pawn on the board: the board's honour.
            ("4k3/3sp3/8/8/8/8/PP6/RNSK4 b - - 0 1", Some((0, 126))),
            // with four pieces, none
            ("4k3/2msp3/8/8/8/8/PP6/RNSK4 b - - 0 1", None),
            // a bare king waits for the last pawn, then counts from the pieces
            ("4k3/8/8/8/8/P7/8/R2K4 b - - 0 1", None),
            ("4k3/8/8/8/8/8/8/R2K4 b - - 0 1", Some((6, 30))),
            ("4k3/8/8/8/8/8/8/1N1KS3 b - - 0 1", Some((8, 86))),
        ],
    );
    // Makruk counts none of them while a pawn is on the board
    let makruk = common::rules("definitions/makruk.vdl");
    assert_eq!(
        counted(&makruk, "4k3/3sp3/8/8/8/8/PP6/RNSK4 b - - 0 1"),
        None
    );
}
