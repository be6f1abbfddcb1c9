//! Hexagonal boards: axial coordinates, the twelve symmetries, direction letters as
//! drawn, FEN rows of a rank's own cells, and the fast generator against the
//! reference on Panoply's 127-cell board (`tests/definitions/hex.vdl`).

use crate::common;

use vdl::Position;

fn hex() -> vdl::Ruleset {
    common::rules("tests/definitions/hex.vdl")
}

/// The cells the piece on `from` moves to, sorted.
fn targets(fen: &str, from: &str) -> Vec<String> {
    let rules = hex();
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    common::moves_of_piece(&mut pos, from, |p, m| p.rules().cell_name(m.to).to_string())
}

/// A lone piece on the centre g7 (the kings on b13 and l1, off its lines).
fn centre(label: char) -> String {
    format!("1k5/8/9/10/11/12/6{label}6/12/11/10/9/8/5K1 w - - 0 1")
}

#[test]
fn the_board_is_a_hexagon_of_127_cells() {
    let rules = hex();
    assert_eq!(rules.cell_count(), 127);
    for (name, exists) in [
        ("g7", true),
        ("a7", true),
        ("a13", true),
        ("g1", true),
        ("m1", true),
        ("f1", false),
        ("a6", false),
        ("h13", false),
        ("m8", false),
    ] {
        assert_eq!(rules.cell_by_name(name).is_some(), exists, "{name}");
    }
}

#[test]
fn a_rider_has_six_lines_and_a_king_six_neighbours() {
    let rider = targets(&centre('R'), "g7");
    assert_eq!(rider.len(), 36);
    for line_end in ["g13", "g1", "a7", "m7", "a13", "m1"] {
        assert!(rider.contains(&line_end.to_string()), "{line_end}");
    }
    let king = targets("6k/8/9/10/11/12/13/12/11/10/9/8/K6 w - - 0 1", "g1");
    // g1 is a corner: g2 and h1, and f2 one file back and one rank up.
    assert_eq!(king, ["f2", "g2", "h1"]);
    let guard = targets(&centre('G'), "g7");
    assert_eq!(
        guard,
        ["e8", "f6", "f7", "f8", "f9", "g6", "g8", "h5", "h6", "h7", "h8", "i6"]
    );
}

#[test]
fn bishops_and_knights_on_hexagons() {
    // Two cells apart along the six diagonals, three steps each from the centre.
    let bishop = targets(&centre('B'), "g7");
    assert_eq!(bishop.len(), 18);
    assert!(bishop.contains(&"h8".to_string()) && bishop.contains(&"f9".to_string()));
    // The twelve images of (2,1).
    let knight = targets(&centre('N'), "g7");
    assert_eq!(
        knight,
        ["d8", "d9", "e10", "e6", "f10", "f5", "h4", "h9", "i4", "i8", "j5", "j6"]
    );
}

#[test]
fn forward_means_up_left_and_up_right_as_drawn() {
    // A white pawn on h5 slides along (0,+1) and (-1,+1); a black one the other way.
    let white = targets("6k/8/9/10/11/12/13/12/5P5/10/9/8/K6 w - - 0 1", "h5");
    assert_eq!(
        white,
        [
            "a12", "b11", "c10", "d9", "e8", "f7", "g6", "h10", "h11", "h12", "h6", "h7", "h8",
            "h9"
        ]
    );
    let black = targets("6k/8/9/10/11/12/13/12/5p5/10/9/8/K6 b - - 0 1", "h5");
    // h1 and l1 are Black's last rank: four promotions each.
    assert_eq!(
        black,
        ["h1", "h1", "h1", "h1", "h2", "h3", "h4", "i4", "j3", "k2", "l1", "l1", "l1", "l1"]
    );
}

#[test]
fn fen_rows_list_only_a_ranks_cells() {
    let rules = hex();
    let fen = "6k/8/2nbr4/10/2ppppp4/12/13/12/4PPPPP2/10/4RBN2/8/K6 w - - 0 1";
    let pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(pos.fen(), fen);
    // a13-g13 is seven cells: eight is one too many.
    let err = Position::from_fen(&rules, "7k/8/9/10/11/12/13/12/11/10/9/8/K6 w")
        .err()
        .expect("an error");
    assert_eq!((err.offset, err.len), (0, 2));
    assert_eq!(
        err.message,
        "this row (rank 13) has 8 cells but the rank has 7 (a13 to g13)"
    );
}

#[test]
fn hexagonal_pieces_match_the_reference() {
    let rules = hex();
    let fens = [
        "6k/8/2nbr4/10/2ppppp4/12/13/12/4PPPPP2/10/4RBN2/8/K6 w - - 0 1",
        "6k/1P6/2n1r4/3G6/2p2p1B3/12/3b1N7/12/4P1R2p1/10/4G4/6p1/K6 b - - 0 1",
    ];
    let positions = if cfg!(debug_assertions) { 100 } else { 1000 };
    common::random_walks_agree(&rules, &fens, 0x4e7a, (positions, 50), |_, _| {});
}

#[test]
fn show_draws_offset_rows_with_cell_names() {
    let out = common::vdl(&["show", "tests/definitions/hex.vdl"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "a13             . . . . . . k  g13");
    assert_eq!(lines[6], " a7       . . . . . . . . . . . . .  m7");
    assert_eq!(lines[12], " g1             K . . . . . .  m1");
}

/// A FEN with White to move and these pieces (cell, label) on the board.
fn fen_with(rules: &vdl::Ruleset, pieces: &[(&str, &str)]) -> String {
    common::fen_of(rules, pieces, "w")
}

/// Panoply's Herald is the shared `immobilize` vocabulary on hexagons
/// (`tests/definitions/hex-panoply.vdl`): it freezes the six neighbours.
#[test]
fn a_herald_freezes_its_six_neighbours_and_a_frozen_piece_gives_no_check() {
    let rules = common::rules("tests/definitions/hex-panoply.vdl");
    let moves = |fen: &str, from: &str| {
        let mut pos = Position::from_fen(&rules, fen).expect("fen");
        common::moves_of_piece(&mut pos, from, |p, m| p.rules().cell_name(m.to).to_string())
    };
    // The rider on g7 would check the king on g13, but the black herald on h7 holds it.
    let held = "6k/8/9/10/11/12/6Rh5/12/11/10/9/8/5K1 b - - 0 1";
    let pos = Position::from_fen(&rules, held).expect("fen");
    assert!(!pos.in_check(vdl::model::Side::Black));
    assert!(moves(&held.replace(" b ", " w "), "g7").is_empty());
    let free = "6k/8/9/10/11/12/6R6/12/11/10/9/8/5K1 b - - 0 1";
    assert!(Position::from_fen(&rules, free)
        .expect("fen")
        .in_check(vdl::model::Side::Black));
    // Each of the six neighbours is held; a cell two apart, along a diagonal, is not.
    for (cell, held) in [
        ("g8", true),
        ("g6", true),
        ("h7", true),
        ("f7", true),
        ("f8", true),
        ("h6", true),
        ("h8", false),
        ("e8", false),
    ] {
        let fen = fen_with(
            &rules,
            &[("g7", "h"), (cell, "R"), ("b13", "k"), ("l1", "K")],
        );
        assert_eq!(moves(&fen, cell).is_empty(), held, "a rider on {cell}");
    }
    // Two hostile heralds side by side hold each other.
    let both = "1k5/8/9/10/11/12/6Hh5/12/11/10/9/8/5K1 w - - 0 1";
    assert!(moves(both, "g7").is_empty());
    assert!(moves(&both.replace(" w ", " b "), "h7").is_empty());
    // A herald never captures: it stops before the rook on g10.
    let herald = moves("1k5/8/9/6r3/11/12/6H6/12/11/10/9/8/5K1 w - - 0 1", "g7");
    assert!(herald.contains(&"g9".to_string()) && !herald.contains(&"g10".to_string()));
}

/// Panoply's pawn: it captures by jumping the enemy next to it, straight ahead in
/// either forward direction, onto the empty cell right behind (`capture overtake
/// adjacent`): the inventor's example, the pawn on e5 taking e6 by landing on e7.
#[test]
fn a_panoply_pawn_jumps_the_adjacent_enemy_ahead() {
    let rules = common::rules("tests/definitions/hex-panoply.vdl");
    let captures = |pieces: &[(&str, &str)]| {
        let fen = fen_with(&rules, pieces);
        let mut pos = Position::from_fen(&rules, &fen).expect("fen");
        let mut v = common::moves_of_piece(&mut pos, "e5", |p, m| {
            let r = p.rules();
            let took: Vec<&str> = m.captures().iter().map(|&c| r.cell_name(c)).collect();
            format!("{}x{}", r.cell_name(m.to), took.join(","))
        });
        v.retain(|m| !m.ends_with('x'));
        v
    };
    let kings = [("b13", "k"), ("l1", "K")];
    let with = |more: &[(&'static str, &'static str)]| {
        let mut v = kings.to_vec();
        v.push(("e5", "P"));
        v.extend_from_slice(more);
        v
    };
    assert_eq!(captures(&with(&[("e6", "p")])), ["e7xe6"]);
    assert_eq!(captures(&with(&[("d6", "n")])), ["c7xd6"]);
    // Nothing behind to land on, a friend, or an enemy two cells off: no capture.
    assert!(captures(&with(&[("e6", "p"), ("e7", "r")])).is_empty());
    assert!(captures(&with(&[("e6", "R")])).is_empty());
    assert!(captures(&with(&[("e7", "p")])).is_empty());
    // Not sideways or backwards.
    assert!(captures(&with(&[("f5", "p")])).is_empty());
    assert!(captures(&with(&[("e4", "p")])).is_empty());
}
