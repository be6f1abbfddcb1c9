//! Goals other than checkmate at their edges: a capture that must be made,
//! reaching the hill (not into check), extinction; and the fast generator against
//! the reference one in random games of the variants that use them.

mod common;

use common::Rng;
use vdl::engine::reference;
use vdl::Position;

fn moves(rules: &vdl::Ruleset, fen: &str) -> Vec<String> {
    common::move_texts(rules, fen)
}

#[test]
fn a_capture_must_be_made() {
    let rules = common::rules("definitions/antichess.vdl");
    // After 1. e4 d5 White's only legal move is the capture.
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - d6 0 2";
    assert_eq!(moves(&rules, fen), vec!["e4-d5"]);
    // Two captures, of which either may be chosen; the king is no royal piece and
    // may be taken, and may walk into attack.
    let fen = "8/8/8/3k4/4P3/8/8/K2r4 w - - 0 1";
    assert_eq!(moves(&rules, fen), vec!["e4-d5"]);
    let fen = "8/8/8/3k4/8/8/8/K2r4 w - - 0 1";
    assert_eq!(moves(&rules, fen), vec!["a1-a2", "a1-b1", "a1-b2"]);
}

#[test]
fn a_player_with_no_piece_left_has_no_move() {
    let rules = common::rules("definitions/antichess.vdl");
    let mut pos = Position::from_fen(&rules, "8/8/8/8/8/8/8/q7 w - - 0 2").expect("valid");
    let goal = pos.goal().expect("over");
    assert_eq!(
        (goal.kind, goal.side, goal.outcome),
        (
            vdl::engine::GoalKind::Extinction,
            vdl::model::Side::White,
            vdl::model::Outcome::Win
        )
    );
    assert_eq!(pos.perft(1), 0);
}

#[test]
fn the_hill_is_reached_by_a_legal_move_only() {
    let rules = common::rules("definitions/kingofthehill.vdl");
    // The bishop on a7 guards d4 and e3: the king may step to e4 (which wins), not
    // to d4.
    let fen = "4k3/b7/8/8/8/3K4/8/8 w - - 0 1";
    let kings: Vec<String> = moves(&rules, fen)
        .into_iter()
        .filter(|m| m.starts_with("d3-"))
        .collect();
    assert_eq!(
        kings,
        vec!["d3-c2", "d3-c3", "d3-c4", "d3-d2", "d3-e2", "d3-e4"]
    );
    let mut pos = Position::from_fen(&rules, "4k3/b7/8/8/4K3/8/8/8 b - - 1 1").expect("valid");
    assert_eq!(pos.goal().map(|g| g.side), Some(vdl::model::Side::White));
    assert_eq!(pos.perft(1), 0);
    // Black's king on the hill ends the game as well, for Black.
    let pos = Position::from_fen(&rules, "8/8/8/3k4/8/8/8/4K3 w - - 0 1").expect("valid");
    assert_eq!(pos.goal().map(|g| g.side), Some(vdl::model::Side::Black));
}

/// Random games: the fast generator and the reference generator agree at every
/// position, including the ends of games.
fn cross_check(path: &str, seed: u64) {
    let rules = common::rules(path);
    let mut rng = Rng(seed);
    let games = if cfg!(debug_assertions) { 10 } else { 120 };
    let mut list = Vec::new();
    let mut ended = 0;
    for _ in 0..games {
        let mut pos = Position::start_seeded(&rules, 0);
        for _ in 0..300 {
            let fast = reference::fast_legal_moves(&mut pos);
            assert_eq!(
                fast,
                reference::legal_moves(&pos),
                "{path} at {}",
                pos.fen()
            );
            pos.legal_moves(&mut list);
            if list.is_empty() {
                ended += 1;
                break;
            }
            pos.make(list[rng.below(list.len())]);
        }
    }
    assert!(ended > 0, "{path}: no game ended");
}

#[test]
fn antichess_matches_reference() {
    cross_check("definitions/antichess.vdl", 0xa47);
}

#[test]
fn king_of_the_hill_matches_reference() {
    cross_check("definitions/kingofthehill.vdl", 0x4177);
}
