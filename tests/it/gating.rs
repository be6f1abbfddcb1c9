//! Gating (Seirawan chess) at its edges: a piece leaving an open gate may leave a
//! piece from the hand there, a castling on the king's or the rook's cell, a gate
//! closes once left, a gated piece may block a check the move would uncover; the
//! gates in the FEN's castling field; and the fast generator against the reference.

use crate::common;

use vdl::model::Side;
use vdl::Position;

fn seirawan() -> vdl::Ruleset {
    common::rules("definitions/seirawan.vdl")
}

#[test]
fn a_piece_leaving_a_gate_may_leave_a_piece_from_the_hand() {
    let rules = seirawan();
    let mut pos = Position::start(&rules);
    assert_eq!(
        common::moves_of_piece(&mut pos, "g1", |p, m| p.move_text(m)),
        [
            "g1-f3",
            "g1-f3;E@g1",
            "g1-f3;H@g1",
            "g1-h3",
            "g1-h3;E@g1",
            "g1-h3;H@g1"
        ]
    );
    // 20 moves, and the knights' four each with two gatings.
    assert_eq!(pos.perft(1), 28);
}

#[test]
fn a_gate_closes_once_left_and_the_hand_empties() {
    let rules = seirawan();
    let mut pos = Position::start(&rules);
    for m in ["g1-f3;H@g1", "e7-e6", "f3-g5", "d8-g5"] {
        common::play_text(&mut pos, m);
    }
    // g1 now holds the hawk: it closed when the knight left; d8 closed when the
    // queen left it to take on g5.
    assert_eq!(
        pos.fen(),
        "rnb1kbnr/pppp1ppp/4p3/6q1/8/8/PPPPPPPP/RNBQKBHR[Ehe] w KQBCDFkqbcfg - 0 3"
    );
    // Only the elephant is left to gate with, here from b1.
    assert_eq!(
        common::moves_of_piece(&mut pos, "b1", |p, m| p.move_text(m)),
        ["b1-a3", "b1-a3;E@b1", "b1-c3", "b1-c3;E@b1"]
    );
    common::play_text(&mut pos, "b1-c3;E@b1");
    // A side with nothing left to gate has no gates.
    assert!(pos.open_gates(Side::White).is_empty());
    assert!(pos.fen().contains(" KQkqbcfg "), "{}", pos.fen());
}

#[test]
fn a_castling_gates_on_the_kings_or_the_rooks_cell() {
    let rules = seirawan();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R[H] w KQ - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    let castlings: Vec<String> = common::moves_of_piece(&mut pos, "e1", |p, m| p.move_text(m))
        .into_iter()
        .filter(|m| m.starts_with("e1-g1") || m.starts_with("e1-c1"))
        .collect();
    assert_eq!(
        castlings,
        [
            "e1-c1",
            "e1-c1;H@a1",
            "e1-c1;H@e1",
            "e1-g1",
            "e1-g1;H@e1",
            "e1-g1;H@h1"
        ]
    );
}

#[test]
fn a_gated_piece_may_block_the_check_its_move_uncovers() {
    let rules = seirawan();
    // The bishop on d1 is pinned by the rook on a1: it may leave only if the hawk
    // takes its place.
    let fen = "4k3/8/8/8/8/8/8/r2BK3[H] w D - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    let bishop = common::moves_of_piece(&mut pos, "d1", |p, m| p.move_text(m));
    assert_eq!(bishop.len(), 7, "{bishop:?}");
    assert!(bishop.iter().all(|m| m.ends_with(";H@d1")), "{bishop:?}");
}

#[test]
fn gates_are_named_by_file_in_the_castling_field() {
    let rules = seirawan();
    let fen = "reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7";
    let pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(pos.fen(), fen);
    let names = |side| {
        let mut cells: Vec<String> = pos
            .open_gates(side)
            .iter()
            .map(|&c| rules.cell_name(c).to_string())
            .collect();
        cells.sort();
        cells
    };
    // White holds nothing to gate with; Black's gates are its castling cells and c8.
    assert!(names(Side::White).is_empty());
    assert_eq!(names(Side::Black), ["a8", "c8", "e8", "h8"]);
}

#[test]
fn a_gate_needs_a_piece_on_its_cell() {
    let rules = seirawan();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1NR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    let e = common::fen_error(&rules, fen);
    assert_eq!((e.offset, e.len), (57, 1), "{}", e.message);
    assert_eq!(
        e.message,
        "gate `F` names f1, where no piece of White's stands"
    );
}

#[test]
fn seirawan_trees_match_the_reference() {
    let rules = seirawan();
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1",
        "reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7",
        "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/r2BK3[H] w D - 0 1",
    ];
    common::trees_agree(&rules, &fens, 2);
}
