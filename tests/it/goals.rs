//! Goals other than checkmate at their edges: a capture that must be made,
//! reaching the hill (not into check), extinction, a move that may not give check,
//! Black's reply to White's arrival in Racing Kings; and the fast generator against
//! the reference one in random games and trees of the variants that use them.

use crate::common;

use vdl::random::Rng;
use vdl::reference;
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
            vdl::GoalKind::Extinction,
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
    let mut rng = Rng::new(seed);
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

#[test]
fn no_move_may_give_check_in_racing_kings() {
    let rules = common::rules("definitions/racingkings.vdl");
    let mut pos = vdl::Position::from_fen(&rules, "8/5k2/1K6/8/R7/8/8/7r w - - 0 1").expect("fen");
    // a4-a7 and a4-f4 would check the king on f7.
    assert_eq!(
        common::moves_of_piece(&mut pos, "a4", |p, m| p.move_text(m)),
        [
            "a4-a1", "a4-a2", "a4-a3", "a4-a5", "a4-a6", "a4-a8", "a4-b4", "a4-c4", "a4-d4",
            "a4-e4", "a4-g4", "a4-h4"
        ]
    );
}

#[test]
fn black_may_answer_whites_arrival_only_when_it_could_arrive_too() {
    let rules = common::rules("definitions/racingkings.vdl");
    // Black's king on f7 can reach the eighth rank: every reply is legal.
    let replies = common::move_texts(&rules, "2K5/5k2/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(replies.len(), 8, "{replies:?}");
    // On f6 it cannot: White has won, and Black has no move.
    assert!(common::move_texts(&rules, "2K5/8/5k2/8/8/8/8/8 b - - 0 1").is_empty());
    // Black arriving first wins at once: White has no move.
    assert!(common::move_texts(&rules, "5k2/8/2K5/8/8/8/8/8 w - - 0 1").is_empty());
}

#[test]
fn racing_kings_trees_match_the_reference() {
    let rules = common::rules("definitions/racingkings.vdl");
    let fens = [
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        "6r1/2K5/5k2/8/3R4/8/8/8 w - - 0 1",
        "4brn1/2K2k2/8/8/8/8/8/8 w - - 0 1",
    ];
    common::trees_agree(&rules, &fens, 3);
}

/// Fairy-Stockfish's bare king (pyffish 0.0.90 gives these counts and ends): a bared
/// player to move loses at once against two pieces besides the king, may answer one
/// (taking it bares both), and loses after its own move if one is left.
#[test]
fn a_bare_king_loses_unless_it_bares_the_other_at_once() {
    use vdl::model::{Outcome, Side};
    use vdl::GoalKind;
    let rules = common::rules("definitions/shatranj.vdl");
    for (fen, moves, bared) in [
        ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", 5, None),
        ("4k3/8/8/8/8/8/8/RR2K3 b - - 0 1", 0, Some(Side::Black)),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 0, Some(Side::Black)),
        ("4k3/8/8/8/8/8/8/RR2K3 w - - 0 1", 0, Some(Side::Black)),
        ("k7/8/8/8/8/8/8/K7 w - - 0 1", 3, None),
        ("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1", 3, None),
    ] {
        let mut pos = Position::from_fen(&rules, fen).expect("fen");
        assert_eq!(pos.perft(1), moves, "{fen}");
        let goal = pos.goal().map(|g| (g.kind, g.side, g.outcome));
        assert_eq!(
            goal,
            bared.map(|s| (GoalKind::BareKing, s, Outcome::Loss)),
            "{fen}"
        );
    }
    // Taking the rook bares both kings: the game goes on.
    let mut pos = Position::from_fen(&rules, "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1").expect("fen");
    common::play_text(&mut pos, "e8-e7");
    assert_eq!(pos.goal(), None);
    assert_eq!(pos.perft(1), 5);
    // The king steps aside instead: after its move Black has lost.
    pos.unmake();
    common::play_text(&mut pos, "e8-d8");
    assert_eq!(pos.goal().map(|g| g.side), Some(Side::Black));
    common::trees_agree(&rules, &["4k3/4R3/8/8/8/8/8/4K3 b - - 0 1"], 3);
}

/// Random Shatranj and Courier endings against Fairy-Stockfish (pyffish): the same
/// legal moves at every position, so the same bare-king ends.
#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn bare_kings_end_where_fairy_stockfish_ends_them() {
    for (definition, variant, fen) in [
        (
            "definitions/shatranj.vdl",
            "shatranj",
            "4k3/2p5/8/3q4/8/8/3R1N2/4K3 w - - 0 1",
        ),
        (
            "definitions/courier.vdl",
            "courier",
            "6k5/3p8/12/5f6/12/12/5R6/6K5 w - - 0 1",
        ),
    ] {
        let stdout = common::fsf_script("fsf_moves.py", &[definition, variant, "20", "120", fen]);
        assert!(stdout.contains("positions: "), "{variant}: {stdout}");
    }
}

/// Coregal: the queen is royal too (pyffish 0.0.90 lists the same moves): a queen
/// shielding the king may only take the attacker, a forked king and queen is mate,
/// and an attacked queen must escape.
#[test]
fn a_royal_queen_must_be_kept_safe() {
    let rules = common::rules("definitions/coregal.vdl");
    assert_eq!(moves(&rules, "4k3/8/8/8/8/8/8/r2QK3 w - - 0 1"), ["d1-a1"]);
    let mut pos = Position::from_fen(&rules, "3k4/8/8/8/8/2n5/8/3QK2r w - - 0 1").expect("fen");
    assert_eq!(pos.perft(1), 0);
    assert!(pos.in_check(vdl::model::Side::White));
    assert_eq!(
        moves(&rules, "q3k3/1R6/8/8/8/8/8/R3K3 b - - 0 1"),
        ["a8-a1", "a8-b7", "a8-c8", "a8-d8"]
    );
}
