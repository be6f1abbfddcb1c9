//! `promotes ... in-place` (Sittuyin's promotion): a move of its own, on the pawn's
//! cell or a quiet step of the new piece away, from the zone or by the last pawn
//! anywhere; never giving check or attacking an enemy piece, never past the
//! `promotion-limit`; and `promotion-stalemate`, the draw of a king and pawn that
//! may only promote. Checked against the reference generator too.

use crate::common;

use vdl::referee::{EndReason, Game};
use vdl::Position;

fn sittuyin() -> vdl::Ruleset {
    common::rules("definitions/sittuyin.vdl")
}

fn pawn_moves(rules: &vdl::Ruleset, fen: &str, pawn: &str) -> Vec<String> {
    (common::move_texts(rules, fen).into_iter())
        .filter(|m| m.starts_with(pawn))
        .collect()
}

#[test]
fn the_last_pawn_promotes_anywhere_in_place_or_a_step_away() {
    let rules = sittuyin();
    let fen = "8/8/8/3k4/8/8/2P5/4K3[] w - - 0 1";
    assert_eq!(
        pawn_moves(&rules, fen, "c2-"),
        ["c2-b1=F", "c2-b3=F", "c2-c2=F", "c2-c3", "c2-d1=F", "c2-d3=F"]
    );
}

#[test]
fn a_promotion_neither_checks_nor_attacks_and_needs_the_zone() {
    let rules = sittuyin();
    // d5 is a promotion cell, a2 is not; on c6 the Met would attack the knight on
    // b7, on e6 the king on f7
    let fen = "8/1n3k2/8/3P4/8/8/P7/4K3[] w - - 0 1";
    assert_eq!(pawn_moves(&rules, fen, "a2-"), ["a2-a3"]);
    assert_eq!(
        pawn_moves(&rules, fen, "d5-"),
        ["d5-c4=F", "d5-d5=F", "d5-d6", "d5-e4=F"]
    );
    // a pawn arriving on a promotion cell stays a pawn
    let arriving = "8/8/8/8/3P4/8/P7/k3K3[] w - - 0 1";
    assert_eq!(pawn_moves(&rules, arriving, "d4-"), ["d4-d5"]);
    // `promotion-limit 1`: none while White has a Met
    let with_met = "8/1n3k2/8/3P4/8/8/P7/4K2F[] w - - 0 1";
    assert_eq!(pawn_moves(&rules, with_met, "d5-"), ["d5-d6"]);
}

#[test]
fn a_pinned_pawn_promotes_only_where_it_stands() {
    let rules = sittuyin();
    let fen = "3r4/7k/8/3P4/8/8/P7/3K4[] w - - 0 1";
    assert_eq!(pawn_moves(&rules, fen, "d5-"), ["d5-d5=F", "d5-d6"]);
}

#[test]
fn in_place_promotions_match_the_reference() {
    let rules = sittuyin();
    common::trees_agree(
        &rules,
        &[
            "8/8/2r5/3k4/8/4p3/2P2P2/4K3[] w - - 0 1",
            "8/1n3k2/8/3P4/8/8/P7/4K3[] w - - 0 1",
            "3r4/7k/8/3P4/8/8/P7/3K4[] w - - 0 1",
            "8/4F3/k1P4K/s7/1p2p2p/8/8/1R4n1[] b - - 1 72",
            "3kr1s1/1s1r1P2/2n4p/p6P/npPPpSP1/1P5S/3RKF1N/R2N4[] b - - 0 42",
        ],
        3,
    );
}

fn result_of(rules: &vdl::Ruleset, fen: &str) -> Option<EndReason> {
    let pos = Position::from_fen(rules, fen).expect("fen");
    Game::new(pos).result().map(|r| r.reason)
}

#[test]
fn a_king_and_pawn_that_may_only_promote_are_stalemated() {
    let rules = sittuyin();
    // the king on h1 cannot move, the pawn on h2 cannot advance: promotions only
    let only_promotions = "k5r1/8/8/8/8/7p/7P/7K[] w - - 0 1";
    assert_eq!(
        result_of(&rules, only_promotions),
        Some(EndReason::PromotionStalemate)
    );
    // one piece more, or a king with a move of its own: the game goes on
    assert_eq!(
        result_of(&rules, "k5r1/8/8/8/8/7p/7P/N6K[] w - - 0 1"),
        None
    );
    assert_eq!(result_of(&rules, "k6r/8/8/8/8/7p/7P/7K[] w - - 0 1"), None);
}

#[test]
fn a_frozen_piece_does_not_promote_in_place() {
    let source = r#"
board { files a b c d e ranks 1 2 3 4 5 }
zone far { white a4..e4  black a2..e2 }
piece King    K { royal moves "K" }
piece Met     F { moves "F" }
piece Freezer Z { moves "mK" immobilize }
piece Pawn    P { moves "fmW" promotes in far to Met in-place }
setup "4k/2z2/2P2/5/K4 w - - 0 1"
"#;
    let loaded = vdl::load(source);
    let rules = (loaded.ruleset).unwrap_or_else(|| panic!("{:#?}", loaded.diagnostics));
    // the freezer on c4 holds the pawn on c3, which would promote as the last pawn
    assert_eq!(
        pawn_moves(&rules, "4k/2z2/2P2/5/K4 w - - 0 1", "c3-"),
        Vec::<String>::new()
    );
    assert_eq!(
        pawn_moves(&rules, "4k/5/2P1z/5/K4 w - - 0 1", "c3-"),
        ["c3-b2=F", "c3-b4=F", "c3-c3=F", "c3-c4", "c3-d2=F", "c3-d4=F"]
    );
    common::trees_agree(&rules, &["4k/2z2/2P2/5/K4 w - - 0 1"], 3);
}
