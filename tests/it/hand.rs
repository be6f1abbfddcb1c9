//! Hands and drops at their edges: promotion entering, inside and leaving the camp
//! (compulsory where a piece could not move again), a drop that blocks a check,
//! captured pieces changing sides (a promoted one going back as a pawn), the pawn
//! drops shogi forbids; and the fast generator against the reference in random
//! games of crazyhouse and the shogis, to depth 3 from positions with full hands.

use crate::common;

use vdl::Position;

fn moves(rules: &vdl::Ruleset, fen: &str) -> Vec<String> {
    common::move_texts(rules, fen)
}

fn starting(list: &[String], prefix: &str) -> Vec<String> {
    list.iter()
        .filter(|m| m.starts_with(prefix))
        .cloned()
        .collect()
}

#[test]
fn shogi_promotes_entering_inside_and_leaving_the_camp() {
    let rules = common::rules("definitions/shogi.vdl");
    let fen = "4k4/1P7/4S4/P5N2/9/9/9/8L/4K4[] w - - 0 1";
    let all = moves(&rules, fen);
    assert_eq!(all.len(), 29, "{all:?}");
    // a pawn entering may promote; one reaching the last rank must
    assert_eq!(starting(&all, "a6-"), ["a6-a7", "a6-a7=+P"]);
    assert_eq!(starting(&all, "b8-"), ["b8-b9=+P"]);
    // a knight must promote on the last two ranks
    assert_eq!(starting(&all, "g6-"), ["g6-f8=+N", "g6-h8=+N"]);
    // the silver starts in the camp: every move may promote, leaving it too
    assert_eq!(
        starting(&all, "e7-"),
        [
            "e7-d6", "e7-d6=+S", "e7-d8", "e7-d8=+S", "e7-e8", "e7-e8=+S", "e7-f6", "e7-f6=+S",
            "e7-f8", "e7-f8=+S"
        ]
    );
    // the lance: plain outside the camp, optional on ranks 7 and 8, bound on 9
    assert_eq!(
        starting(&all, "i2-"),
        [
            "i2-i3", "i2-i4", "i2-i5", "i2-i6", "i2-i7", "i2-i7=+L", "i2-i8", "i2-i8=+L",
            "i2-i9=+L"
        ]
    );
}

#[test]
fn a_drop_may_block_a_check() {
    let rules = common::rules("definitions/crazyhouse.vdl");
    let fen = "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1";
    assert_eq!(
        moves(&rules, fen),
        ["N@b1", "N@c1", "N@d1", "e1-d2", "e1-e2", "e1-f2"]
    );
}

#[test]
fn captured_pieces_change_sides_and_promoted_ones_go_back_as_pawns() {
    let rules = common::rules("definitions/crazyhouse.vdl");
    let mut pos = Position::from_fen(&rules, "3qk3/3Q~4/8/8/8/8/8/4K3[] b - - 0 1").expect("fen");
    common::play_text(&mut pos, "d8-d7");
    assert_eq!(pos.fen(), "4k3/3q4/8/8/8/8/8/4K3[p] w - - 0 2");
    // in loop chess the promoted piece is captured as what it became
    let rules = common::rules("definitions/loop.vdl");
    let mut pos = Position::from_fen(&rules, "3qk3/3Q4/8/8/8/8/8/4K3[] b - - 0 1").expect("fen");
    common::play_text(&mut pos, "d8-d7");
    assert_eq!(pos.fen(), "4k3/3q4/8/8/8/8/8/4K3[q] w - - 0 2");
    pos.unmake();
    assert_eq!(pos.fen(), "3qk3/3Q4/8/8/8/8/8/4K3[] b - - 0 1");
    assert_eq!(pos.hash(), pos.compute_hash());
}

#[test]
fn shogi_forbids_mate_by_a_dropped_pawn_only() {
    let rules = common::rules("definitions/shogi.vdl");
    // The king on a9 has no way out of a check from a8: a pawn may not give it, a
    // gold may.
    let all = moves(&rules, "k8/2G6/1S7/9/9/9/9/9/4K4[PG] w - - 0 1");
    assert!(all.contains(&"G@a8".to_string()), "{all:?}");
    assert!(!all.contains(&"P@a8".to_string()), "{all:?}");
    // a pawn's check the king can answer is allowed
    let all = moves(&rules, "k8/2G6/9/9/9/9/9/9/4K4[P] w - - 0 1");
    assert!(all.contains(&"P@a8".to_string()), "{all:?}");
    // not on a file with an unpromoted pawn; a tokin does not count
    let all = moves(&rules, "4k4/9/9/9/9/3+P5/4P4/9/4K4[P] w - - 0 1");
    assert_eq!(starting(&all, "P@e").len(), 0, "{all:?}");
    assert_eq!(starting(&all, "P@d").len(), 7, "{all:?}");
    // nor on the last rank, nor a knight on the last two
    let all = moves(&rules, "4k4/9/9/9/9/9/9/9/4K4[PLN] w - - 0 1");
    assert!(starting(&all, "P@").iter().all(|m| !m.ends_with('9')));
    assert!(starting(&all, "L@").iter().all(|m| !m.ends_with('9')));
    assert!(starting(&all, "N@")
        .iter()
        .all(|m| !m.ends_with('9') && !m.ends_with('8')));
    // 63 cells on ranks 1 to 7, less the king's
    assert_eq!(starting(&all, "N@").len(), 9 * 7 - 1);
}

#[test]
fn hands_are_written_and_read_in_fen() {
    let rules = common::rules("definitions/shogi.vdl");
    let fen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[GPPn] b - - 0 1";
    let pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(pos.fen(), fen);
    // `[-]` is an empty hand, written `[]`
    let pos = Position::from_fen(&rules, "4k4/9/9/9/9/9/9/9/4K4[-] w - - 0 1").expect("fen");
    assert_eq!(pos.fen(), "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1");
}

fn trees_agree(path: &str, fens: &[&str], depth: u32) {
    common::trees_agree(&common::rules(path), fens, depth);
}

#[test]
fn drops_match_reference_in_whole_trees() {
    trees_agree(
        "definitions/crazyhouse.vdl",
        &["r3k3/1P6/8/3q4/8/8/8/4K2R[Qnp] w Kq - 0 1"],
        3,
    );
    trees_agree(
        "definitions/minishogi.vdl",
        &[
            "k4/2G2/1S3/5/3PK[Pbr] w - - 0 1",
            "rbsgk/4p/5/P4/KGSBR[] w - - 0 1",
        ],
        3,
    );
}

#[test]
fn hand_games_match_reference() {
    let plies = if cfg!(debug_assertions) { 40 } else { 120 };
    for (path, fen) in [
        (
            "definitions/crazyhouse.vdl",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        ),
        (
            "definitions/shogi.vdl",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
        ),
        (
            "definitions/minishogi.vdl",
            "rbsgk/4p/5/P4/KGSBR[] w - - 0 1",
        ),
        (
            "definitions/euroshogi.vdl",
            "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[] w - - 0 1",
        ),
    ] {
        let rules = common::rules(path);
        common::random_walks_agree(&rules, &[fen], 0x4a2d, (plies * 4, plies), |_, _| {});
    }
}

#[test]
fn grand_promotes_optionally_then_compulsorily_to_captured_pieces() {
    let rules = common::rules("definitions/grand.vdl");
    let fen = "k9/7P2/10/8P1/10/10/10/10/10/K9[R] w - - 0 1";
    let all = moves(&rules, fen);
    assert_eq!(starting(&all, "h9-"), ["h9-h10=R"]);
    assert_eq!(starting(&all, "i7-"), ["i7-i8", "i7-i8=R"]);
    // with nothing captured the pawn stays a pawn on the eighth and ninth ranks,
    // and may not move to the tenth
    let all = moves(&rules, "k9/7P2/10/8P1/10/10/10/10/10/K9 w - - 0 1");
    assert!(starting(&all, "h9-").is_empty(), "{all:?}");
    assert_eq!(starting(&all, "i7-"), ["i7-i8"]);
    common::random_walks_agree(
        &rules,
        &["r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"],
        0x96a2d,
        (300, 150),
        |_, _| {},
    );
}

/// `must-drop Knight`: while the hand holds a knight, the turn drops it (no move,
/// no drop of another kind); when no knight drop is legal, the player moves.
#[test]
fn a_compulsory_drop_comes_before_every_move() {
    let rules = common::rules("tests/definitions/placement-drops.vdl");
    let texts = common::move_texts(&rules, "4k3/8/8/8/8/8/8/4K2R[NQ] w K - 0 1");
    assert_eq!(texts.len(), 64 - 3, "{texts:?}");
    assert!(texts.iter().all(|t| t.starts_with("N@")), "{texts:?}");
    // in check from the rook on h1: only a knight dropped between, on f1 or g1,
    // covers it (the king could step away, but a drop is legal, so it must drop)
    let texts = common::move_texts(&rules, "8/8/8/8/8/8/8/4K2r[N] w - - 0 1");
    assert_eq!(texts, ["N@f1", "N@g1"], "{texts:?}");
    // in check from a knight, which no drop blocks: the king moves
    let texts = common::move_texts(&rules, "8/8/8/8/8/3n4/8/4K3[N] w - - 0 1");
    assert_eq!(texts, ["e1-d1", "e1-d2", "e1-e2", "e1-f1"], "{texts:?}");
    // without a knight in hand, any move or drop
    let texts = common::move_texts(&rules, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1");
    assert!(texts.iter().any(|t| t.starts_with("Q@")) && texts.iter().any(|t| t == "e1-e2"));
    trees_agree(
        "tests/definitions/placement-drops.vdl",
        &[
            "r3k3/1P6/8/3q4/8/8/8/4K2R[NQnp] w Kq - 0 1",
            "4k3/8/8/8/8/8/8/4K2r[N] w - - 0 1",
        ],
        3,
    );
}

/// `split-colours Bishop`: a bishop not on the colour of the other, another piece
/// not on the last empty cell of a colour a bishop in hand needs; Placement from
/// its start: every drop on the first rank, and nothing else.
#[test]
fn bishops_are_dropped_on_two_colours() {
    let rules = common::rules("definitions/placement.vdl");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RB2KR2[BNNQ] w kq - 0 1";
    // b1 is light; of the empty c1, d1, g1 and h1 only c1 and g1 are dark
    let texts = common::move_texts(&rules, fen);
    let bishops: Vec<&String> = texts.iter().filter(|t| t.starts_with("B@")).collect();
    assert_eq!(bishops, ["B@c1", "B@g1"]);
    assert!(texts.iter().any(|t| t == "N@c1") && texts.iter().any(|t| t == "N@d1"));
    // two dark cells left: a knight on one still leaves the other
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RB1NKR1N[BQ] w kq - 0 1";
    let texts = common::move_texts(&rules, fen);
    assert_eq!(texts, ["B@c1", "B@g1", "Q@c1", "Q@g1"], "{texts:?}");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RB1NKRQN[B] w kq - 0 1";
    assert_eq!(common::move_texts(&rules, fen), ["B@c1"]);
    let start = Position::start(&rules).fen();
    let texts = common::move_texts(&rules, &start);
    assert_eq!(texts.len(), 5 * 8);
    assert!(
        texts.iter().all(|t| t.contains('@') && t.ends_with('1')),
        "{texts:?}"
    );
}

/// `castle-by-drop Rook`: the right comes with the second of king and rook
/// dropped on a castling's cells, whichever it is, and shows in the FEN.
#[test]
fn a_castling_right_comes_with_the_drops_of_king_and_rook() {
    let rules = common::rules("definitions/placement.vdl");
    let mut pos = Position::start(&rules);
    for text in ["K@e1", "K@e8", "R@h1"] {
        common::play_text(&mut pos, text);
    }
    assert!(pos.fen().contains(" b K - "), "{}", pos.fen());
    for text in ["R@a8", "R@d1"] {
        common::play_text(&mut pos, text);
    }
    // a rook on d1 is on no castling's cell: no right for it
    assert!(pos.fen().contains(" b Kq - "), "{}", pos.fen());
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unmake();
    pos.unmake();
    assert!(pos.fen().contains(" b K - "), "{}", pos.fen());
    // the rook first, then the king
    let mut pos = Position::start(&rules);
    for text in ["R@a1", "R@h8", "K@e1"] {
        common::play_text(&mut pos, text);
    }
    assert!(pos.fen().contains(" b Q - "), "{}", pos.fen());
    trees_agree(
        "definitions/placement.vdl",
        &[
            "r1b1k3/pppppppp/8/8/8/8/PPPPPPPP/2B1K2R[QRBNNqrbnn] w Kq - 0 4",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1Q1KR1N[BBN] w kq - 0 1",
        ],
        3,
    );
}
