//! Static exchange: what a capture wins once both sides have taken in turn on its
//! landing cell, on the board for replacement captures (x-rays included) and by
//! made moves for the other capture modes.

use crate::common;

use vdl::search::Evaluator;
use vdl::Position;

/// The static exchange of the legal move written `text` in `fen`, and the
/// exchange values of the kinds labelled in `labels`.
fn exchange(definition: &str, fen: &str, text: &str, labels: &[&str]) -> (i32, Vec<i32>) {
    let rules = common::rules(definition);
    let eval = Evaluator::new(&rules);
    let mut pos = Position::from_fen(&rules, fen).expect("a legal FEN");
    let m = common::legal_move(&mut pos, text);
    let before = pos.fen();
    let value = pos.static_exchange(m, &eval.exchange_values);
    assert_eq!(
        pos.fen(),
        before,
        "the exchange leaves the position as it was"
    );
    let values = labels
        .iter()
        .map(|l| {
            let kind = (rules.definition.pieces.iter())
                .position(|p| p.label == *l)
                .unwrap_or_else(|| panic!("no piece {l}"));
            eval.exchange_values[kind]
        })
        .collect();
    (value, values)
}

const CHESS: &str = "definitions/chess.vdl";

#[test]
fn an_undefended_pawn_is_won() {
    let (v, _) = exchange(CHESS, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4-d5", &[]);
    assert_eq!(v, 101);
}

#[test]
fn a_queen_taking_a_defended_pawn_loses_the_difference() {
    let (v, _) = exchange(CHESS, "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1-d5", &[]);
    assert_eq!(v, 101 - 998, "chess's tuned values");
}

#[test]
fn a_rook_for_a_pawn_and_a_knight_is_counted_to_the_end() {
    let (v, _) = exchange(CHESS, "4k3/8/2n5/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2-e5", &[]);
    assert_eq!(v, 101 + 347 - 536);
}

#[test]
fn a_rook_behind_a_rook_recaptures_through_it() {
    let (v, _) = exchange(CHESS, "4rk2/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2-e5", &[]);
    assert_eq!(v, 101, "pawn won, rooks traded");
}

#[test]
fn a_defender_that_would_lose_more_does_not_recapture() {
    let (v, _) = exchange(CHESS, "4qk2/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2-e5", &[]);
    assert_eq!(v, 101, "the queen does not take the rook");
}

#[test]
fn a_king_does_not_take_a_defended_piece() {
    let (v, _) = exchange(CHESS, "k7/8/8/8/8/8/4q3/3QK3 w - - 0 1", "e1-e2", &[]);
    assert_eq!(v, 998, "the queen is undefended");
    // the king next to the pawn cannot take back: a rook stands behind the first
    let (v, _) = exchange(CHESS, "3R4/3R4/8/8/8/4k3/3p4/K7 w - - 0 1", "d7-d2", &[]);
    assert_eq!(v, 101);
}

#[test]
fn a_long_leaper_that_lands_between_pincers_loses_itself() {
    // the leaper jumps d3 to d4; the pawn c6-c4 then pins it against e4
    let (v, values) = exchange(
        "definitions/baroque.vdl",
        "7k/8/2p5/8/4p3/3p4/8/3N3K w",
        "d1-d4",
        &["P", "N"],
    );
    assert_eq!(v, values[0] - values[1]);
    assert_eq!(v, 248 - 1228);
}

#[test]
fn a_long_leaper_out_of_reach_keeps_its_gain() {
    let (v, values) = exchange(
        "definitions/baroque.vdl",
        "7k/8/8/8/4p3/3p4/8/3N3K w",
        "d1-d4",
        &["P"],
    );
    assert_eq!(v, values[0]);
    assert_eq!(v, 248);
}
