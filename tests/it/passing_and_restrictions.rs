//! Janggi's rules at their edges: the cannon that neither jumps nor takes a cannon
//! (`cannot-hop`, `cannot-capture`), moves along the palace's diagonals (`within`)
//! and attacks that stop at the palace, passing (`pass`), two passes in a row
//! (`double-pass`), the generals facing each other (`facing`); the pass count in
//! the FEN and the hash; the fast generator against the reference.

use crate::common;

use vdl::model::{Outcome, Side};
use vdl::GoalKind;
use vdl::Position;

fn janggi() -> vdl::Ruleset {
    common::rules("definitions/janggi.vdl")
}

fn fen(pieces: &[(&str, &str)], side: &str) -> String {
    common::fen_of(&janggi(), pieces, side)
}

fn moves_from(pos: &mut Position, cell: &str) -> Vec<String> {
    common::moves_of_piece(pos, cell, |p, m| p.move_text(m))
}

#[test]
fn a_cannon_neither_jumps_a_cannon_nor_takes_one() {
    let rules = janggi();
    // Up the b-file the first piece is a cannon: no jump. Along the second rank the
    // own general is the screen.
    let f = fen(
        &[
            ("e2", "K"),
            ("d10", "k"),
            ("b2", "C"),
            ("b5", "c"),
            ("b8", "r"),
        ],
        "w",
    );
    let mut pos = Position::from_fen(&rules, &f).expect("fen");
    assert_eq!(
        moves_from(&mut pos, "b2"),
        ["b2-f2", "b2-g2", "b2-h2", "b2-i2"]
    );
    // Over a soldier it lands beyond, but takes a chariot and not a cannon.
    for (target, takes) in [("r", true), ("c", false)] {
        let f = fen(
            &[
                ("e2", "K"),
                ("d10", "k"),
                ("b2", "C"),
                ("b5", "p"),
                ("b8", target),
            ],
            "w",
        );
        let mut pos = Position::from_fen(&rules, &f).expect("fen");
        let up: Vec<String> = moves_from(&mut pos, "b2")
            .into_iter()
            .filter(|m| m.starts_with("b2-b"))
            .collect();
        let mut expected = vec!["b2-b6", "b2-b7"];
        if takes {
            expected.push("b2-b8");
        }
        assert_eq!(up, expected, "with {target} on b8");
    }
}

#[test]
fn a_cannon_gives_no_check_over_a_cannon() {
    let rules = janggi();
    // A cannon of either side is no screen; a soldier is.
    for (screen, check) in [("c", false), ("C", false), ("p", true)] {
        let f = fen(
            &[("e2", "K"), ("d10", "k"), ("d8", screen), ("d4", "C")],
            "b",
        );
        let pos = Position::from_fen(&rules, &f).expect("fen");
        assert_eq!(pos.in_check(Side::Black), check, "screen {screen}");
    }
    // Nor does it threaten a cannon: the black cannon may stand in its line.
    let f = fen(
        &[
            ("e2", "K"),
            ("d10", "k"),
            ("a1", "C"),
            ("a3", "P"),
            ("a9", "c"),
        ],
        "b",
    );
    let pos = Position::from_fen(&rules, &f).expect("fen");
    let a9 = rules.cell_by_name("a9").expect("a9");
    assert!(!pos.attacked(a9, Side::White));
}

#[test]
fn the_palace_diagonals_carry_the_chariot_the_cannon_and_the_soldier() {
    let rules = janggi();
    // The chariot on d1 runs through e2 to f3, and no further; the cannon on f1
    // jumps the guard on e2 to d3; the soldier on d8 steps to e9 and no further.
    let f = fen(
        &[
            ("e3", "K"),
            ("d10", "k"),
            ("d1", "R"),
            ("f1", "C"),
            ("e2", "A"),
            ("d8", "P"),
        ],
        "w",
    );
    let mut pos = Position::from_fen(&rules, &f).expect("fen");
    assert!(!moves_from(&mut pos, "d1").iter().any(|m| m == "d1-e2"));
    let f = fen(&[("e3", "K"), ("d10", "k"), ("d1", "R"), ("d8", "P")], "w");
    let mut pos = Position::from_fen(&rules, &f).expect("fen");
    let chariot = moves_from(&mut pos, "d1");
    assert!(chariot.contains(&"d1-e2".into()) && !chariot.contains(&"d1-g4".into()));
    assert_eq!(
        moves_from(&mut pos, "d8"),
        ["d8-c8", "d8-d9", "d8-e8", "d8-e9"]
    );
    let f = fen(&[("e3", "K"), ("d10", "k"), ("f1", "C"), ("e2", "A")], "w");
    let mut pos = Position::from_fen(&rules, &f).expect("fen");
    assert!(moves_from(&mut pos, "f1").contains(&"f1-d3".into()));
}

#[test]
fn a_cannon_outside_the_palace_does_not_attack_along_its_diagonal() {
    let rules = janggi();
    // The black cannon on a6 stands on the line of the diagonal d3-e2-f1 but off
    // the palace: the soldier on c4 is not pinned (Fairy-Stockfish agrees).
    let f = "1n2aabn1/1r1kN4/5C1c1/p1pNp3p/c8/9/P1PbP1P1P/3A1p3/9/R1BA1KB1R w - - 1 3";
    let mut pos = Position::from_fen(&rules, f).expect("fen");
    assert_eq!(moves_from(&mut pos, "c4"), ["c4-b4", "c4-c5", "c4-d4"]);
    assert_eq!(pos.perft(1), 33);
}

#[test]
fn a_player_may_pass_but_not_in_check() {
    let rules = janggi();
    let start = Position::start(&rules).fen();
    let moves = common::move_texts(&rules, &start);
    assert!(moves.contains(&"pass".into()));
    assert_eq!(moves.len(), 32);
    // The chariot on e8 checks the general on e2 (the generals do not face).
    let f = fen(&[("e2", "K"), ("d10", "k"), ("e8", "r")], "w");
    let moves = common::move_texts(&rules, &f);
    assert!(!moves.contains(&"pass".into()), "{moves:?}");
}

#[test]
fn two_passes_in_a_row_end_the_game_in_a_draw() {
    let rules = janggi();
    let mut pos = Position::start(&rules);
    common::play_text(&mut pos, "pass");
    assert_eq!(pos.goal(), None);
    assert!(pos.fen().ends_with(" b - - pass 1 1"), "{}", pos.fen());
    common::play_text(&mut pos, "pass");
    let goal = pos.goal().expect("over");
    assert_eq!(
        (goal.kind, goal.side, goal.outcome),
        (GoalKind::DoublePass, Side::Black, Outcome::Draw)
    );
    assert_eq!(pos.perft(1), 0);
    let written = pos.fen();
    assert!(written.ends_with(" w - - pass-pass 2 2"), "{written}");
    // The FEN keeps the count: read back, the game is still over.
    let back = Position::from_fen(&rules, &written).expect("fen");
    assert_eq!(back.goal().map(|g| g.kind), Some(GoalKind::DoublePass));
    assert_eq!(back.hash(), pos.hash());
    // A move between the passes starts the count again.
    pos.unmake();
    pos.unmake();
    for m in ["pass", "e7-d7", "pass"] {
        common::play_text(&mut pos, m);
    }
    assert_eq!(pos.goal(), None);
    assert_eq!(pos.passes(), 1);
}

#[test]
fn with_the_generals_facing_the_player_must_part_them_or_pass() {
    let rules = janggi();
    let f = fen(&[("e2", "K"), ("e9", "k")], "w");
    assert_eq!(
        common::move_texts(&rules, &f),
        ["e2-d1", "e2-d2", "e2-d3", "e2-f1", "e2-f2", "e2-f3", "pass"]
    );
    // Passing ends the game: a draw.
    let mut pos = Position::from_fen(&rules, &f).expect("fen");
    common::play_text(&mut pos, "pass");
    let goal = pos.goal().expect("over");
    assert_eq!(
        (goal.kind, goal.side, goal.outcome),
        (GoalKind::Facing, Side::White, Outcome::Draw)
    );
    // While they face, a player in check may pass too.
    let f = fen(&[("e2", "K"), ("e9", "k"), ("a2", "r")], "w");
    let moves = common::move_texts(&rules, &f);
    assert!(moves.contains(&"pass".into()), "{moves:?}");
    assert!(!moves.contains(&"e2-d2".into()), "{moves:?}");
}

#[test]
fn a_pass_count_is_read_only_where_an_end_rule_counts_passes() {
    let chess = common::rules("definitions/chess.vdl");
    let e = common::fen_error(&chess, "4k3/8/8/8/8/8/8/4K3 w - - pass 0 1");
    assert!(e.message.contains("counts passes"), "{}", e.message);
    assert_eq!(e.offset, 26);
}

#[test]
fn the_trees_and_games_match_the_reference() {
    let rules = janggi();
    let fens = [
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
        "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1",
        "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23",
        "3k5/4a4/9/9/9/4c4/9/9/4K4/3C1A3 w - - 0 1",
    ];
    common::trees_agree(&rules, &fens, 2);
    let plies = if cfg!(debug_assertions) { 40 } else { 150 };
    common::random_walks_agree(&rules, &fens[..1], 0x7a9, (plies * 4, plies), |_, _| {});
}
