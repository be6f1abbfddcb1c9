//! Explosions (Atomic) at their edges: a blast next to a king, a king that may not
//! capture, kings side by side, en passant and promotion captures; and the fast
//! generator against the reference in trees and random games.

use crate::common;

use vdl::model::{Outcome, Side};
use vdl::GoalKind;
use vdl::Position;

fn atomic() -> vdl::Ruleset {
    common::rules("definitions/atomic.vdl")
}

/// The move from `from` to `to` and the cells it empties, sorted.
fn blast(pos: &mut Position, from: &str, to: &str) -> Vec<String> {
    let (f, t) = (pos.rules().cell_by_name(from), pos.rules().cell_by_name(to));
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let m = list
        .iter()
        .find(|m| Some(m.from) == f && Some(m.to) == t)
        .unwrap_or_else(|| panic!("{from}-{to} is not legal at {}", pos.fen()));
    let mut cells: Vec<String> = m
        .captures()
        .iter()
        .map(|&c| pos.rules().cell_name(c).to_string())
        .collect();
    cells.sort();
    cells
}

#[test]
fn an_explosion_next_to_the_king_wins_even_from_a_pin() {
    let rules = atomic();
    // The queen on d1 is pinned by the rook on a1, yet taking on d7 blows up the
    // king on e8 with the pawn, so it is legal; her other moves off the rank are not.
    let fen = "4k3/3p4/8/8/8/8/8/r2QK3 w - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(
        common::moves_of_piece(&mut pos, "d1", |p, m| p.move_text(m)),
        ["d1-a1", "d1-b1", "d1-c1", "d1-d7"]
    );
    assert_eq!(blast(&mut pos, "d1", "d7"), ["d1", "d7", "e8"]);
    common::play_text(&mut pos, "d1-d7");
    let goal = pos.goal().expect("the game is over");
    assert_eq!(
        (goal.kind, goal.side, goal.outcome),
        (GoalKind::Extinction, Side::Black, Outcome::Loss)
    );
    assert_eq!(pos.perft(1), 0);
}

#[test]
fn a_capture_that_blows_up_ones_own_king_is_illegal() {
    let rules = atomic();
    // The pawn on d2 gives check. The king may not take it or the pawn on e2, and
    // the rook may not take it either: the blast on d2 would take the king on e1.
    let fen = "4k3/8/8/8/8/8/3pp3/3RK3 w - - 0 1";
    assert_eq!(common::move_texts(&rules, fen), ["e1-f2"]);
    // Without the king next to d2, the rook's capture is legal.
    let fen = "4k3/8/8/8/8/8/3p4/3R3K w - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(blast(&mut pos, "d1", "d2"), ["d1", "d2"]);
}

#[test]
fn kings_side_by_side_are_never_in_check() {
    let rules = atomic();
    // The rook on a2 sweeps the second rank, but d2 and e2 touch the black king on
    // d3: the white king may stand there. f2 does not touch it.
    let fen = "8/8/8/8/8/3k4/r7/4K3 w - - 0 1";
    assert_eq!(
        common::move_texts(&rules, fen),
        ["e1-d1", "e1-d2", "e1-e2", "e1-f1"]
    );
    let pos = Position::from_fen(&rules, "8/8/8/8/8/3k4/r2K4/8 w - - 0 1").expect("fen");
    assert!(!pos.in_check(Side::White));
    assert!(!pos.in_check(Side::Black));
}

#[test]
fn en_passant_explodes_on_the_landing_cell_and_spares_pawns() {
    let rules = atomic();
    let fen = "4k3/2n1p3/8/2BpP3/8/8/8/4K3 w - d6 0 2";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(blast(&mut pos, "e5", "d6"), ["c5", "c7", "d5", "e5"]);
}

#[test]
fn a_capture_onto_the_last_rank_is_one_move() {
    let rules = atomic();
    let fen = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(
        common::moves_of_piece(&mut pos, "a7", |p, m| p.move_text(m)),
        ["a7-a8=B", "a7-a8=N", "a7-a8=Q", "a7-a8=R", "a7-b8=Q"]
    );
}

#[test]
fn atomic_trees_match_the_reference() {
    let rules = atomic();
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1",
        "r4b1r/2kb1N2/p2Bpnp1/8/2Pp3p/1P1PPP2/P5PP/R3K2R b KQ - 0 1",
        "4k3/3p4/8/8/8/8/8/r2QK3 w - - 0 1",
        "8/8/8/8/8/3k4/r7/4K3 w - - 0 1",
    ];
    common::trees_agree(&rules, &fens, 3);
}

#[test]
fn atomic_random_games_match_the_reference() {
    let rules = atomic();
    let start = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"];
    let mut ended = 0;
    common::random_walks_agree(&rules, &start, 0xa70, (3000, 200), |_, moves| {
        ended += usize::from(moves.is_empty());
    });
    assert!(ended > 0, "no game ended");
}

/// Atomic960's castling, as Fairy-Stockfish plays it: the black king on e8 stands
/// next to the white king, so the rook's attack on e8 is no check; the cells it
/// crosses on the way (d8) are tested without it on e8, safe only next to the
/// white king; its end cell (c8) is tested after the move, the rook on d8 between.
#[test]
fn atomic960_castling_next_to_the_enemy_king() {
    let rules = common::rules("definitions/atomic960.vdl");
    let castles = |fen: &str| {
        let mut pos = Position::from_fen(&rules, fen).expect("fen");
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        list.iter().any(|m| m.castle_rule().is_some())
    };
    // White king on e7: d8 is next to it.
    assert!(castles("r3k2R/4K3/8/8/8/8/8/6r1 b q - 2 2"));
    assert!(castles("r3kR2/4K3/8/8/8/8/8/6r1 b q - 2 2"));
    // White king on f7: d8, seen through e8, is attacked by the rook.
    assert!(!castles("r3kR2/5K2/8/8/8/8/8/6r1 b q - 2 2"));
    assert!(!castles("r3k2R/5K2/8/8/8/8/8/6r1 b q - 2 2"));
    common::trees_agree(
        &rules,
        &[
            "r3k2R/4K3/8/8/8/8/8/6r1 b q - 2 2",
            "r3kR2/5K2/8/8/8/8/8/6r1 b q - 2 2",
            "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1",
        ],
        3,
    );
}
