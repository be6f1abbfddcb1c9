//! The `checks N OUTCOME` end rule (Three-check) at its edges: checks counted as
//! they are given, the game over at the last one even when it could be answered,
//! the counts in the FEN both ways and in the hash, and bad counts refused.

use crate::common;

use vdl::model::{Outcome, Side};
use vdl::GoalKind;
use vdl::Position;

fn threecheck() -> vdl::Ruleset {
    common::rules("definitions/threecheck.vdl")
}

#[test]
fn checks_are_counted_as_they_are_given_and_written_as_those_left() {
    let rules = threecheck();
    let mut pos = Position::start(&rules);
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    );
    for m in ["e2-e4", "f7-f6", "d1-h5"] {
        common::play_text(&mut pos, m);
    }
    assert_eq!(pos.checks_given(Side::White), 1);
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2"
    );
    // Taking the move back takes the check back.
    pos.unmake();
    assert_eq!(pos.checks_given(Side::White), 0);
}

#[test]
fn the_last_check_ends_the_game_even_when_it_could_be_answered() {
    let rules = threecheck();
    // White has one check left to give: Qh5+ gives it, and Black may not reply
    // with g6.
    let fen = "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    common::play_text(&mut pos, "d1-h5");
    let goal = pos.goal().expect("over");
    assert_eq!(
        (goal.kind, goal.side, goal.outcome),
        (GoalKind::Checks, Side::White, Outcome::Win)
    );
    assert_eq!(pos.perft(1), 0);
    // With two left, the same check is answered as in chess.
    let fen = "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    common::play_text(&mut pos, "d1-h5");
    assert_eq!(pos.goal(), None);
    assert_eq!(pos.perft(1), 1);
}

#[test]
fn both_fen_forms_read_the_same_counts_and_the_counts_are_in_the_hash() {
    let rules = threecheck();
    let left = "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39";
    let given = "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0";
    let a = Position::from_fen(&rules, left).expect("fen");
    let b = Position::from_fen(&rules, given).expect("fen");
    assert_eq!(a.checks_given(Side::White), 2);
    assert_eq!(a.fen(), left);
    assert_eq!(b.fen(), left);
    assert_eq!(a.hash(), b.hash());
    let none = "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 3+3 1 39";
    let c = Position::from_fen(&rules, none).expect("fen");
    assert_ne!(a.hash(), c.hash());
    assert_eq!(c.hash(), c.compute_hash());
}

#[test]
fn a_check_count_is_refused_where_it_cannot_be() {
    let rules = threecheck();
    let too_many = "4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1";
    let e = common::fen_error(&rules, too_many);
    assert_eq!((e.offset, e.len), (26, 3), "{}", e.message);
    let chess = common::rules("definitions/chess.vdl");
    let e = common::fen_error(&chess, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1");
    assert_eq!((e.offset, e.len), (26, 3), "{}", e.message);
    assert!(e.message.contains("no `checks` end rule"), "{}", e.message);
    // lichess's form counts the checks given: more than the rule's count cannot be
    let given = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+4";
    let e = common::fen_error(&rules, given);
    assert_eq!((e.offset, e.len), (30, 4), "{}", e.message);
    assert_eq!(e.message, "`+1+4` gives more than 3 checks");
}

#[test]
fn threecheck_trees_match_the_reference() {
    let rules = threecheck();
    let fens = [
        "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39",
        "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+1 0 2",
    ];
    common::trees_agree(&rules, &fens, 3);
}
