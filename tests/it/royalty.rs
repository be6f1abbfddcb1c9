//! Royalty by count (`royal last N [duple-check]`): which pieces are royal follows
//! from how many a side has, on the board each move leaves; the fast generator
//! against the reference, and the referee's ends.

use crate::common;

use vdl::model::Side;
use vdl::Position;

/// Positions where a side keeps two royal pieces, or is down to its last.
const SHO_SHOGI: &[&str] = &[
    "4k4/9/9/9/9/9/r8/4+E4/4K4 w - - 0 1",
    "3rk4/4+e4/9/9/9/9/r8/4+E4/2G1K4 w - - 0 1",
    "4k4/2e6/9/9/4r4/9/9/4E4/2+E1K4 w - - 0 1",
];

#[test]
fn sho_shogi_fast_and_reference_agree() {
    let rules = common::rules("definitions/shoshogi.vdl");
    common::trees_agree(&rules, SHO_SHOGI, 2);
    common::random_walks_agree(&rules, SHO_SHOGI, 0x5e0, (1500, 80), |_, _| {});
}

#[test]
fn duple_check_fast_and_reference_agree() {
    let rules = common::rules("tests/definitions/duple-kings.vdl");
    let fens = [
        "knbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNR w - - 0 1",
        "k3k3/8/8/8/8/8/r7/K3K2R w - - 0 1",
        "k7/8/8/8/8/8/1P6/K3K2q w - - 0 1",
    ];
    common::trees_agree(&rules, &fens[1..], 3);
    common::random_walks_agree(&rules, &fens, 0xd0b, (2000, 120), |_, _| {});
}

/// Two kings: the one on c1 may step into a second attack, since the other stays;
/// under `duple-check` not when both would be attacked.
#[test]
fn two_kings_may_be_left_attacked_but_not_both() {
    let rules = common::rules("tests/definitions/duple-kings.vdl");
    // the rook on h1 attacks e1; a1 is not attacked
    let fen = "k7/8/8/8/8/8/8/K3K2r w - - 0 1";
    let texts = common::move_texts(&rules, fen);
    assert_eq!(
        texts,
        ["a1-a2", "a1-b1", "a1-b2", "e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2"]
    );
    let pos = Position::from_fen(&rules, fen).expect("valid");
    // one king attacked of two is no check under duple-check
    assert!(!pos.in_check(Side::White));
    // a second rook on the a-file: both attacked
    let both = Position::from_fen(&rules, "r6k/8/8/8/8/8/8/K3K2r w - - 0 1").expect("valid");
    assert!(both.in_check(Side::White));
}

/// Sho shogi: the prince taken, the king is royal again and in check; the game
/// goes on.
#[test]
fn losing_the_prince_leaves_the_king_royal() {
    let rules = common::rules("definitions/shoshogi.vdl");
    let pos = Position::from_fen(&rules, "4k4/9/9/9/9/9/9/r3+E4/4K4 b - - 0 1").expect("valid");
    assert!(!pos.in_check(Side::White));
    let mut game = vdl::referee::Game::new(pos);
    game.play_text("r a2-e2").expect("legal");
    assert!(game.result().is_none(), "{:?}", game.result());
    assert!(game.position().in_check(Side::White));
    assert_eq!(
        common::move_texts(&rules, &game.position().fen()),
        ["e1-d1", "e1-e2", "e1-f1"]
    );
}

/// A promotion that makes a second royal piece: on the board it leaves, neither is
/// royal, so the elephant may promote though the king stays attacked (a move
/// Fairy-Stockfish refuses: the book's chapter on Python names the difference).
#[test]
fn a_promotion_to_a_second_royal_frees_the_king() {
    let rules = common::rules("definitions/shoshogi.vdl");
    // the rook on a9 attacks the king on e9 through the elephant's cell d9
    let fen = "r2E1K3/9/9/9/9/9/9/9/4k4 w - - 0 1";
    let texts = common::move_texts(&rules, fen);
    let elephant: Vec<&str> = (texts.iter().map(String::as_str))
        .filter(|t| t.starts_with("d9"))
        .collect();
    // off the rank only promoting; along it, either way
    assert_eq!(
        elephant,
        ["d9-c8=+E", "d9-c9", "d9-c9=+E", "d9-e8=+E", "d9-e9", "d9-e9=+E"]
    );
}

/// Spartan chess: two kings under `duple-check`, and hoplites that promote to a
/// king only while Black has one (`promotion-limit 2`).
#[test]
fn spartan_fast_and_reference_agree() {
    let rules = common::rules("definitions/spartan.vdl");
    let fens = [
        "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        "k6k/1h6/8/8/8/8/1h6/R3K2R w - - 0 1",
        "k7/2g5/8/8/8/8/1h6/4K2R b - - 0 1",
    ];
    common::trees_agree(&rules, &fens[1..], 3);
    common::random_walks_agree(&rules, &fens, 0x5a7, (2000, 120), |_, _| {});
    // with two kings the hoplite on b2 may not become a third
    let texts = common::move_texts(&rules, "k6k/8/8/8/8/8/1h6/4K3 b - - 0 1");
    let promotions: Vec<&str> = (texts.iter().map(String::as_str))
        .filter(|t| t.starts_with("b2-a1"))
        .collect();
    assert_eq!(promotions, ["b2-a1=C", "b2-a1=G", "b2-a1=L", "b2-a1=W"]);
}
