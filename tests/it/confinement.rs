//! Regions at their edges: a piece confined to its palace, generals that may not
//! face each other (a piece between them pinned), a soldier that gains sideways
//! steps across the river, an elephant that may not cross it, the lame horse and
//! the cannon; moves made only from a zone (`in`) and kept inside it (`within`);
//! and the fast generator against the reference in xiangqi's trees and games.

use crate::common;

use vdl::Position;

fn xiangqi() -> vdl::Ruleset {
    common::rules("definitions/xiangqi.vdl")
}

fn moves_from(rules: &vdl::Ruleset, fen: &str, cell: &str) -> Vec<String> {
    let mut pos = Position::from_fen(rules, fen).expect("fen");
    common::moves_of_piece(&mut pos, cell, |p, m| p.move_text(m))
}

#[test]
fn the_general_stays_in_its_palace_and_never_faces_the_other() {
    let rules = xiangqi();
    // c1 is outside the palace; on e1 the generals would face each other.
    assert_eq!(
        common::move_texts(&rules, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"),
        ["d1-d2"]
    );
    // Facing is check: the general leaves the file, or the advisor blocks it.
    assert_eq!(
        common::move_texts(&rules, "3k5/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1"),
        ["d1-e1", "e2-d3"]
    );
    // The advisor on a corner of the palace has only the centre.
    assert_eq!(
        moves_from(&rules, "3k5/9/9/9/9/9/9/9/9/4KA3 w - - 0 1", "f1"),
        ["f1-e2"]
    );
}

#[test]
fn a_piece_between_the_generals_is_pinned() {
    let rules = xiangqi();
    let fen = common::fen_of(&rules, &[("e1", "K"), ("e5", "N"), ("e10", "k")], "w");
    assert_eq!(
        common::move_texts(&rules, &fen),
        ["e1-d1", "e1-e2", "e1-f1"]
    );
}

#[test]
fn the_soldier_steps_sideways_only_across_the_river() {
    let rules = xiangqi();
    let fen = common::fen_of(
        &rules,
        &[
            ("d1", "K"),
            ("f10", "k"),
            ("a4", "P"),
            ("e6", "P"),
            ("b10", "P"),
            ("h5", "p"),
        ],
        "w",
    );
    assert_eq!(moves_from(&rules, &fen, "a4"), ["a4-a5"]);
    assert_eq!(moves_from(&rules, &fen, "e6"), ["e6-d6", "e6-e7", "e6-f6"]);
    // On the last rank it only steps sideways; it never promotes.
    assert_eq!(moves_from(&rules, &fen, "b10"), ["b10-a10", "b10-c10"]);
    let fen = fen.replace(" w ", " b ");
    assert_eq!(moves_from(&rules, &fen, "h5"), ["h5-g5", "h5-h4", "h5-i5"]);
}

#[test]
fn the_elephant_never_crosses_the_river_and_is_blocked_at_the_eye() {
    let rules = xiangqi();
    let fen = common::fen_of(
        &rules,
        &[("d1", "K"), ("f10", "k"), ("c5", "B"), ("d4", "P")],
        "w",
    );
    assert_eq!(moves_from(&rules, &fen, "c5"), ["c5-a3"]);
}

#[test]
fn the_horse_is_lame_and_the_cannon_captures_over_a_screen() {
    let rules = xiangqi();
    let fen = common::fen_of(
        &rules,
        &[
            ("d1", "K"),
            ("f10", "k"),
            ("b1", "N"),
            ("b2", "P"),
            ("h3", "C"),
            ("h7", "p"),
            ("h9", "r"),
        ],
        "w",
    );
    assert_eq!(moves_from(&rules, &fen, "b1"), ["b1-d2"]);
    // Quietly up to the screen on h7; over it, only the capture on h9.
    assert_eq!(
        moves_from(&rules, &fen, "h3"),
        [
            "h3-a3", "h3-b3", "h3-c3", "h3-d3", "h3-e3", "h3-f3", "h3-g3", "h3-h1", "h3-h2",
            "h3-h4", "h3-h5", "h3-h6", "h3-h9", "h3-i3"
        ]
    );
}

/// A rook that may also run along a palace's diagonals, only on them (Janggi's
/// chariot), and a pawn with a double step from the first two ranks (Horde's).
const LINES: &str = r#"
board { files a b c d e  ranks 1 2 3 4 5 }
zone lines b2 d2 c3 b4 d4
zone low { white a1..e2 black a4..e5 }
piece King K { royal moves "K" }
piece Chariot R { moves "R" moves "B" within lines }
piece Pawn P { moves "fmW" moves "fnmD" in low }
setup "4k/5/5/5/K4 w - - 0 1"
end { checkmate loss }
"#;

#[test]
fn moves_in_a_zone_start_there_and_within_a_zone_stay_there() {
    let loaded = vdl::load(LINES);
    let rules = loaded.ruleset.expect("the definition loads");
    let diagonals = |fen: &str, from: &str| -> Vec<String> {
        moves_from(&rules, fen, from)
            .into_iter()
            .filter(|m| {
                let b = m.as_bytes();
                b[0] != b[3] && b[1] != b[4]
            })
            .collect()
    };
    assert_eq!(
        diagonals("4k/5/5/1R3/K4 w - - 0 1", "b2"),
        ["b2-c3", "b2-d4"]
    );
    assert_eq!(
        diagonals("4k/5/2R2/5/K4 w - - 0 1", "c3"),
        ["c3-b2", "c3-b4", "c3-d2", "c3-d4"]
    );
    // A midpoint of the palace's side is on no diagonal.
    assert_eq!(
        diagonals("4k/5/5/2R2/K4 w - - 0 1", "c2"),
        Vec::<String>::new()
    );
    // The double step from the first two ranks only, leaving them.
    assert_eq!(
        moves_from(&rules, "4k/5/5/1P3/K4 w - - 0 1", "b2"),
        ["b2-b3", "b2-b4"]
    );
    assert_eq!(
        moves_from(&rules, "4k/5/1P3/5/K4 w - - 0 1", "b3"),
        ["b3-b4"]
    );
}

#[test]
fn xiangqi_trees_match_the_reference() {
    let rules = xiangqi();
    let fens = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    ];
    common::trees_agree(&rules, &fens, 2);
}

#[test]
fn xiangqi_games_match_the_reference() {
    let rules = xiangqi();
    let plies = if cfg!(debug_assertions) { 40 } else { 150 };
    common::random_walks_agree(
        &rules,
        &["rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"],
        0x51a9,
        (plies * 4, plies),
        |_, _| {},
    );
}

#[test]
fn hordes_first_rank_double_step_leaves_no_en_passant() {
    let rules = common::rules("definitions/horde.vdl");
    let mut pos = Position::from_fen(&rules, "4k3/8/8/8/p7/2p5/8/1P6 w - - 0 1").expect("fen");
    assert_eq!(
        common::moves_of_piece(&mut pos, "b1", |p, m| p.move_text(m)),
        ["b1-b2", "b1-b3"]
    );
    common::play_text(&mut pos, "b1-b3");
    assert_eq!(pos.fen(), "4k3/8/8/8/p7/1Pp5/8/8 b - - 0 1");
    assert_eq!(
        common::moves_of_piece(&mut pos, "c3", |p, m| p.move_text(m)),
        ["c3-c2"]
    );
    // From the second rank the double step passes the third, and may be taken so.
    let mut pos = Position::from_fen(&rules, "4k3/8/8/8/p7/8/1P6/8 w - - 0 1").expect("fen");
    common::play_text(&mut pos, "b2-b4");
    assert_eq!(pos.fen(), "4k3/8/8/8/pP6/8/8/8 b - b3 0 1");
    assert_eq!(
        common::moves_of_piece(&mut pos, "a4", |p, m| p.move_text(m)),
        ["a4-a3", "a4-b3"]
    );
}

#[test]
fn horde_trees_match_the_reference() {
    let rules = common::rules("definitions/horde.vdl");
    let fens = [
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        "rnbqkbnr/6p1/2p1Pp1P/P1PPPP2/Pp4PP/1p2PPPP/1P2PPPP/PP1nPPPP b kq a3 0 18",
        "k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1",
    ];
    common::trees_agree(&rules, &fens, 3);
}
