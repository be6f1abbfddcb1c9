//! Attack on a cell and defence of a piece mean the same on every path. A variant
//! plus a piece type that immobilizes (never on the board) takes the general path;
//! its moves must be the plain variant's, which takes the fast one.

mod common;

use common::Rng;
use vdl::engine::Position;

/// The legal moves as text, sorted.
fn moves(rules: &vdl::Ruleset, fen: &str) -> Vec<String> {
    let mut pos = Position::from_fen(rules, fen).expect("fen");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| pos.move_text(m)).collect();
    v.sort();
    v
}

#[test]
fn a_king_does_not_castle_through_check_on_the_general_path() {
    let general = common::rules("tests/definitions/chess-freezer.vdl");
    assert!(general.flags.special);
    let fen = "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1";
    let got = moves(&general, fen);
    assert!(!got.contains(&"e1-g1".to_string()), "{got:?}");
    assert_eq!(got, moves(&common::rules("definitions/chess.vdl"), fen));
}

#[test]
fn a_defended_piece_is_defended_on_the_general_path() {
    let general = common::rules("tests/definitions/takeover64-freezer.vdl");
    assert!(general.flags.special);
    let fen = "r3k3/8/8/8/p7/8/8/R3K3 w - - 0 1";
    let mut pos = Position::from_fen(&general, fen).expect("fen");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let a4 = general.cell_by_name("a4").expect("a4");
    assert!(list.iter().all(|m| m.converted() != Some(a4)));
    let plain = common::rules("definitions/takeover64-undefended.vdl");
    assert_eq!(moves(&general, fen), moves(&plain, fen));
}

/// Random games: at every position both paths list the same moves.
fn paths_agree(plain: &str, general: &str, seed: u64) {
    let (plain, general) = (common::rules(plain), common::rules(general));
    let mut rng = Rng(seed);
    let games = if cfg!(debug_assertions) { 5 } else { 60 };
    let mut list = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(&plain);
        for _ in 0..120 {
            let fen = pos.fen();
            assert_eq!(moves(&plain, &fen), moves(&general, &fen), "at {fen}");
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            pos.make(list[rng.below(list.len())]);
        }
    }
}

#[test]
fn chess_moves_are_the_same_on_both_paths() {
    paths_agree(
        "definitions/chess.vdl",
        "tests/definitions/chess-freezer.vdl",
        0x1d,
    );
}

#[test]
fn takeover_moves_are_the_same_on_both_paths() {
    paths_agree(
        "definitions/takeover64-undefended.vdl",
        "tests/definitions/takeover64-freezer.vdl",
        0x2e,
    );
}
