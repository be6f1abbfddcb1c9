//! `first-move` (Cambodian chess's king and met): moves a piece may make only while
//! it holds its first-move right, written in the castling field by file. The right
//! goes when the piece moves or is taken, for the king also when an enemy rook
//! aims at it; the king's leap is no move out of check. Checked against the
//! reference generator and Fairy-Stockfish's perft figures too.

use crate::common;

use vdl::Position;

fn cambodian() -> vdl::Ruleset {
    common::rules("definitions/cambodian.vdl")
}

#[test]
fn the_king_leaps_to_the_rank_ahead_and_the_met_jumps_two() {
    let rules = cambodian();
    let fen = "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1";
    assert_eq!(
        common::moves_from(&rules, fen, "d1"),
        ["d1-b2", "d1-c1", "d1-c2", "d1-d2", "d1-e2", "d1-f2"]
    );
    assert_eq!(
        common::moves_from(&rules, fen, "e1"),
        ["e1-d2", "e1-e3", "e1-f2"]
    );
    // without the rights, only their ordinary moves
    let without = "4k3/8/8/8/8/8/8/3KM3 w - - 0 1";
    assert_eq!(
        common::moves_from(&rules, without, "d1"),
        ["d1-c1", "d1-c2", "d1-d2", "d1-e2"]
    );
    assert_eq!(
        common::moves_from(&rules, without, "e1"),
        ["e1-d2", "e1-f2"]
    );
    // the met jumps over a piece, but lands only on an empty cell; first moves
    // never capture
    let blocked = "4k3/8/8/8/8/4p3/4P3/2pKM3 w DE - 0 1";
    assert_eq!(
        common::moves_from(&rules, blocked, "e1"),
        ["e1-d2", "e1-f2"]
    );
    let over = "4k3/8/8/8/8/8/4P3/1p1KM3 w DE - 0 1";
    assert_eq!(
        common::moves_from(&rules, over, "e1"),
        ["e1-d2", "e1-e3", "e1-f2"]
    );
}

#[test]
fn a_right_is_lost_by_moving_and_written_by_file() {
    let rules = cambodian();
    let mut pos = Position::start(&rules);
    assert_eq!(
        pos.fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"
    );
    for m in ["d1-d2", "e8-e7", "d2-d1", "e7-e8"] {
        common::play_text(&mut pos, m);
    }
    // back on their cells, the kings have no leap left
    assert_eq!(
        pos.fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w Ed - 4 3"
    );
    assert_eq!(
        common::moves_from(&rules, &pos.fen(), "d1"),
        ["d1-c2", "d1-d2", "d1-e2"]
    );
}

#[test]
fn a_rook_aiming_at_the_king_takes_its_right_away() {
    let rules = cambodian();
    // the rook comes to the king's rank: the king's right goes, the met's stays
    let mut pos = Position::from_fen(&rules, "4k3/8/8/8/8/8/r7/3KM3 b DE - 0 1").expect("fen");
    common::play_text(&mut pos, "a2-a1");
    assert!(pos.fen().contains(" w E "), "{}", pos.fen());
    // a rook that stops off the king's lines leaves it
    let mut pos = Position::from_fen(&rules, "4k3/8/8/8/8/8/r7/3KM3 b DE - 0 1").expect("fen");
    common::play_text(&mut pos, "a2-b2");
    assert!(pos.fen().contains(" w DE "), "{}", pos.fen());
    // on the king's file, even behind a piece
    let mut pos = Position::from_fen(&rules, "4k3/8/8/r7/8/3P4/8/3KM3 b DE - 0 1").expect("fen");
    common::play_text(&mut pos, "a5-d5");
    assert!(pos.fen().contains(" w E "), "{}", pos.fen());
}

#[test]
fn the_king_does_not_leap_out_of_check() {
    let rules = cambodian();
    // the khon on e2 checks the king, which may take it or step away
    let fen = "4k3/8/8/8/8/8/4s3/3KM3 w DE - 0 1";
    assert_eq!(
        common::moves_from(&rules, fen, "d1"),
        ["d1-c1", "d1-c2", "d1-d2", "d1-e2"]
    );
    // the met's jump may block a check
    let blocking = "4k3/8/8/8/8/r5K1/8/4M3 w E - 0 1";
    assert_eq!(common::moves_from(&rules, blocking, "e1"), ["e1-e3"]);
    // nor into check
    let covered = "4kr2/8/8/8/8/8/8/3KM3 w DE - 0 1";
    assert_eq!(
        common::moves_from(&rules, covered, "d1"),
        ["d1-b2", "d1-c1", "d1-c2", "d1-d2", "d1-e2"]
    );
}

#[test]
fn a_right_needs_a_first_move_piece_on_its_cell() {
    let rules = cambodian();
    let e = common::fen_error(
        &rules,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w ADde - 0 1",
    );
    assert_eq!((e.offset, e.len), (46, 1), "{}", e.message);
    assert_eq!(
        e.message,
        "first-move right `A` names a1, where no piece of White's with first moves stands"
    );
    let e = common::fen_error(
        &rules,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DDde - 0 1",
    );
    // the second `D`
    assert_eq!((e.offset, e.len), (47, 1), "{}", e.message);
    assert_eq!(e.message, "first-move right `D` given twice");
}

#[test]
fn first_moves_match_the_reference_and_fairy_stockfish() {
    let rules = cambodian();
    common::trees_agree(
        &rules,
        &[
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
            "4k3/8/8/8/8/8/4s3/3KM3 w DE - 0 1",
            "r2mk2r/8/2p5/8/8/2P5/8/R2KM2R w DEde - 0 1",
        ],
        3,
    );
    // Fairy-Stockfish's `cambodian` from its start
    let mut pos = Position::start(&rules);
    assert_eq!(pos.perft(4), 361_719);
}

#[test]
fn a_first_move_another_rule_makes_is_one_move() {
    // the lance's first move slides forward; its ordinary step forward is one of
    // those cells, listed once
    let source = r#"
variant "First slides"
board { files a b c d e  ranks 1 2 3 4 5 }
piece King  K { royal moves "K" }
piece Lance L { moves "fmW" first-move "mfR" }
setup "4k/5/5/5/L3K w A"
end { checkmate loss  stalemate draw }
"#;
    let rules = vdl::load(source).ruleset.expect("the definition loads");
    let fen = "4k/5/5/5/L3K w A - 0 1";
    assert_eq!(
        common::moves_from(&rules, fen, "a1"),
        ["a1-a2", "a1-a3", "a1-a4", "a1-a5"]
    );
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    // 4 lance moves and the king's 3, counted at the leaves as listed
    assert_eq!(pos.perft(1), 7);
    common::trees_agree(&rules, &[fen, "4k/5/l4/5/L3K w A - 0 1"], 3);
}

#[test]
fn lost_when_checked_takes_the_right_away_at_the_check() {
    let with = |option: &str| {
        let source = format!(
            r#"
variant "Checked"
board {{ files a b c d e  ranks 1 2 3 4 5 }}
piece King K {{ royal moves "K" first-move "mfsN" {option} }}
piece Rook R {{ moves "R" }}
setup "4k/1R3/5/r4/2K2 b C"
end {{ checkmate loss  stalemate draw }}
"#
        );
        let rules = vdl::load(&source).ruleset.expect("the definition loads");
        let mut pos = Position::start(&rules);
        // the rook checks along the first rank; the white rook will block on b1
        common::play_text(&mut pos, "a2-a1");
        pos.fen()
    };
    assert_eq!(with("lost-when-checked"), "4k/1R3/5/5/r1K2 w - - 1 2");
    assert_eq!(with(""), "4k/1R3/5/5/r1K2 w C - 1 2");
}

#[test]
fn a_piece_taken_over_loses_its_right() {
    let source = r#"
variant "Takeover first"
board { files a b c d e f g h  ranks 1 2 3 4 5 6 7 8 }
piece King K { royal moves "K" }
piece Rook R { moves "R" capture takeover }
piece Met  M { moves "F" first-move "mfD" }
setup "R2m4/8/8/8/8/8/7k/K7 w d"
end { checkmate loss  stalemate draw }
"#;
    let rules = vdl::load(source).ruleset.expect("the definition loads");
    let mut pos = Position::start(&rules);
    let takeover = common::move_texts(&rules, &pos.fen())
        .into_iter()
        .find(|m| m.starts_with("a8-e8"))
        .expect("the rook takes the met over");
    common::play_text(&mut pos, &takeover);
    // the met is White's now, and holds no right of Black's
    assert!(pos.fen().starts_with("3M"), "{}", pos.fen());
    assert!(pos.fen().contains(" b - "), "{}", pos.fen());
}
