//! Walls (`walls duck | arrow | anywhere | trail`) at their edges: the duck must move
//! and blocks, nothing takes a wall, an arrow flies from where its piece landed, a
//! trail, a zone for walls, a wall that shields or exposes a royal piece, en passant
//! onto a wall, castling by a king that is no royal piece; FEN, the three notations;
//! and the fast generator against the reference.

use crate::common;

use vdl::model::{Outcome, Side};
use vdl::referee::{long_algebraic, notation, san};
use vdl::GoalKind;
use vdl::Position;

fn legal(pos: &mut Position) -> Vec<vdl::Move> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    list
}

/// The cells the turns of `from`-`to` may put their wall on, sorted.
fn wall_cells(pos: &mut Position, from: &str, to: &str) -> Vec<String> {
    let r = pos.rules();
    let (f, t) = (r.cell_by_name(from), r.cell_by_name(to));
    let mut cells: Vec<String> = legal(pos)
        .iter()
        .filter(|m| Some(m.from) == f && Some(m.to) == t)
        .filter_map(|m| pos.wall_of(m))
        .map(|c| r.cell_name(c).to_string())
        .collect();
    cells.sort();
    cells
}

/// Every cell of the board but these, sorted as `wall_cells` sorts.
fn all_cells_but(rules: &vdl::Ruleset, but: &[&str]) -> Vec<String> {
    let mut cells: Vec<String> = (0..rules.cell_count() as u16)
        .map(|c| rules.cell_name(c).to_string())
        .filter(|c| !but.contains(&c.as_str()))
        .collect();
    cells.sort();
    cells
}

#[test]
fn the_duck_moves_to_another_empty_cell_and_blocks() {
    let rules = common::rules("definitions/duck.vdl");
    // No duck yet: 20 moves, each with the duck on any of the 32 cells then empty.
    let mut pos = Position::start(&rules);
    assert_eq!(pos.perft(1), 20 * 32);
    // The duck on e4: the pawn cannot pass it, and the duck must leave e4.
    let fen = "rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(wall_cells(&mut pos, "e2", "e4"), Vec::<String>::new());
    let e3 = wall_cells(&mut pos, "e2", "e3");
    assert!(
        e3.contains(&"e2".to_string()),
        "the duck may take the cell the pawn left"
    );
    assert!(!e3.contains(&"e4".to_string()), "the duck may not stay");
    assert!(!e3.contains(&"e3".to_string()));
    // 32 empty cells less the duck's and e3, plus e2.
    assert_eq!(e3.len(), 31);
    common::play_text(&mut pos, "e2-e3;*@d5");
    assert!(pos.is_wall(rules.cell_by_name("d5").expect("d5")));
    assert!(!pos.is_wall(rules.cell_by_name("e4").expect("e4")));
    assert_eq!(pos.walls().len(), 1);
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/pppppppp/8/3*4/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    pos.unmake();
    assert_eq!(pos.fen(), fen);
}

#[test]
fn no_piece_takes_a_wall_or_passes_it() {
    let rules = common::rules("definitions/duck.vdl");
    // The rook on e1 goes up to the duck on e4, never onto it; the black queen on
    // a4 stops at it too. A knight jumps it.
    let fen = "4k3/8/8/8/q3*3/8/8/4R1NK w - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    let targets = |pos: &mut Position, from: &str| {
        let mut cells: Vec<String> = legal(pos)
            .iter()
            .filter(|m| Some(m.from) == pos.rules().cell_by_name(from))
            .map(|m| pos.rules().cell_name(m.to).to_string())
            .collect();
        cells.sort();
        cells.dedup();
        cells
    };
    assert_eq!(
        targets(&mut pos, "e1"),
        ["a1", "b1", "c1", "d1", "e2", "e3", "f1"]
    );
    assert_eq!(targets(&mut pos, "g1"), ["e2", "f3", "h3"]);
    common::play_text(&mut pos, "e1-e2;*@h8");
    // The duck left e4 for h8: the queen now goes along the fourth rank to h4.
    let queen = targets(&mut pos, "a4");
    assert!(queen.contains(&"h4".to_string()) && !queen.contains(&"h8".to_string()));
    // pyffish 0.0.90 counts the same from here.
    assert_eq!(pos.perft(2), 1_433_714);
}

#[test]
fn a_king_that_is_no_royal_piece_castles_through_attacks_and_is_taken() {
    let duck = common::rules("definitions/duck.vdl");
    // The black queen on f3 attacks f1, g1 and d1: the duck-chess king castles
    // both ways anyway; a royal king (chess) may not.
    let fen = "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1";
    let mut pos = Position::from_fen(&duck, fen).expect("fen");
    // The duck may go on any of the 57 cells empty after the castling.
    assert_eq!(wall_cells(&mut pos, "e1", "g1").len(), 57);
    assert_eq!(wall_cells(&mut pos, "e1", "c1").len(), 57);
    let chess = common::rules("definitions/chess.vdl");
    let texts = common::move_texts(&chess, fen);
    assert!(!texts.iter().any(|t| t == "e1-g1" || t == "e1-c1"));
    // The queen takes the king: the game is over, lost by White.
    let mut pos = Position::from_fen(&duck, "4k3/8/8/8/8/8/4q3/4K3 b - - 0 1").expect("fen");
    common::play_text(&mut pos, "e2-e1;*@a8");
    let goal = pos.goal().expect("over");
    assert_eq!(
        (goal.kind, goal.side, goal.outcome),
        (GoalKind::Extinction, Side::White, Outcome::Loss)
    );
    assert_eq!(pos.perft(1), 0);
}

#[test]
fn a_duck_on_the_passed_cell_closes_it_to_en_passant() {
    let rules = common::rules("definitions/duck.vdl");
    let fen = "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    common::play_text(&mut pos, "d2-d4;*@a8");
    assert!(
        common::moves_of_piece(&mut pos, "e4", |p, m| p.move_text(m))
            .iter()
            .any(|t| t.starts_with("e4-d3"))
    );
    pos.unmake();
    common::play_text(&mut pos, "d2-d4;*@d3");
    assert!(pos.fen().contains(" b - - "), "{}", pos.fen());
    let pawn = common::moves_of_piece(&mut pos, "e4", |p, m| p.move_text(m));
    assert!(pawn.iter().all(|t| !t.starts_with("e4-d3")), "{pawn:?}");
    assert_eq!(pos.hash(), pos.compute_hash());
}

#[test]
fn an_arrow_flies_like_its_amazon_from_where_it_landed() {
    let rules = common::rules("definitions/amazons.vdl");
    // The amazon on a1, walled in on a2 and b1, leaves by the diagonal. From b2 its
    // arrow may fly back to a1 (left empty), along the b-file, the second rank and
    // the diagonals, never onto a wall (b1, a2) or the amazon on j10.
    let fen = "9q/10/10/10/10/10/10/10/*9/Q*8 w - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    let arrows = wall_cells(&mut pos, "a1", "b2");
    let mut expected: Vec<String> = ["a1", "c1", "a3"].iter().map(|s| s.to_string()).collect();
    expected.extend((3..=10).map(|r| format!("b{r}")));
    expected.extend("cdefghij".chars().map(|f| format!("{f}2")));
    expected.extend((3..=9).map(|i| format!("{}{i}", (b'a' + i as u8 - 1) as char)));
    expected.sort();
    assert_eq!(arrows, expected);
    // Its only moves are on the diagonal, b2 to i9.
    let mut tos: Vec<String> = legal(&mut pos)
        .iter()
        .map(|m| rules.cell_name(m.to).to_string())
        .collect();
    tos.dedup();
    assert_eq!(tos.len(), 8);
    // A player who cannot move loses.
    let stuck = "9q/10/10/10/10/10/10/10/**8/Q*8 w - - 0 1";
    let mut pos = Position::from_fen(&rules, stuck).expect("fen");
    assert_eq!(pos.perft(1), 0);
}

#[test]
fn a_trail_walls_the_cell_left() {
    let rules = common::rules("definitions/snailtrail.vdl");
    let mut pos = Position::start(&rules);
    assert_eq!(
        common::move_texts(&rules, &pos.fen()),
        ["a1-a2;*@a1", "a1-b1;*@a1", "a1-b2;*@a1"]
    );
    common::play_text(&mut pos, "a1-b2;*@a1");
    common::play_text(&mut pos, "g7-f6;*@g7");
    assert_eq!(
        common::move_texts(&rules, &pos.fen()),
        [
            "b2-a2;*@b2",
            "b2-a3;*@b2",
            "b2-b1;*@b2",
            "b2-b3;*@b2",
            "b2-c1;*@b2",
            "b2-c2;*@b2",
            "b2-c3;*@b2"
        ]
    );
}

#[test]
fn walls_in_a_zone_leave_the_other_cells_open() {
    let rules = common::rules("definitions/isolation.vdl");
    // After the pawn leaves c1, every empty cell but c1 and d8 (the start cells,
    // outside the zone) may take the wall.
    let mut pos = Position::start(&rules);
    assert_eq!(
        wall_cells(&mut pos, "c1", "c2"),
        all_cells_but(&rules, &["c1", "c2", "d8"])
    );
}

#[test]
fn a_turn_must_leave_a_royal_piece_safe_with_its_wall() {
    let rules = common::rules("tests/definitions/royal-duck.vdl");
    // The rook on e8 checks the king on e1: the rook on a1 may move if the duck
    // then shields the king (e2 to e7), and not otherwise.
    let fen = "4r2k/8/8/8/8/8/8/R3K3 w - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(
        wall_cells(&mut pos, "a1", "a2"),
        ["e2", "e3", "e4", "e5", "e6", "e7"]
    );
    // Shielded by the duck on e4, the king may not have the duck leave the file
    // unless something else blocks: a rook move must put the duck back between.
    let fen = "4r2k/8/8/8/4*3/8/8/R3K3 w - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(
        wall_cells(&mut pos, "a1", "b1"),
        ["e2", "e3", "e5", "e6", "e7"]
    );
    assert_eq!(wall_cells(&mut pos, "a1", "e1"), Vec::<String>::new());
    assert!(!pos.in_check(Side::White));
    common::trees_agree(&rules, &[fen], 2);
}

#[test]
fn walls_in_fen() {
    let duck = common::rules("definitions/duck.vdl");
    let fen = "rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(Position::from_fen(&duck, fen).expect("fen").fen(), fen);
    let two = "rnbqkbnr/pppppppp/8/8/4*2*/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let e = common::fen_error(&duck, two);
    assert_eq!((e.offset, e.len), (25, 1));
    assert!(e.message.contains("second duck"), "{}", e.message);
    let chess = common::rules("definitions/chess.vdl");
    let e = common::fen_error(&chess, fen);
    assert_eq!((e.offset, e.len), (23, 1));
    assert!(e.message.contains("without walls"), "{}", e.message);
    let amazons = common::rules("definitions/amazons.vdl");
    let fen = "3q2q3/10/10/q8q/10/4*5/Q8Q/10/*9/3Q2Q2* w - - 0 1";
    let pos = Position::from_fen(&amazons, fen).expect("fen");
    assert_eq!(pos.fen(), fen);
    assert_eq!(pos.walls().len(), 3);
    assert_eq!(pos.hash(), pos.compute_hash());
}

#[test]
fn a_turn_is_written_with_its_wall_in_every_notation() {
    let rules = common::rules("definitions/duck.vdl");
    let mut pos = Position::start(&rules);
    let list = legal(&mut pos);
    let find = |from: &str, to: &str, wall: &str| {
        *list
            .iter()
            .find(|m| {
                rules.cell_name(m.from) == from
                    && rules.cell_name(m.to) == to
                    && pos.wall_of(m).map(|w| rules.cell_name(w)) == Some(wall)
            })
            .expect("legal")
    };
    let (m, n) = (find("e2", "e4", "d5"), find("g1", "f3", "g1"));
    assert_eq!(notation::print(&pos, &m, &list), "P e2-e4; *-d5");
    assert_eq!(long_algebraic::print(&pos, &m, &list), "e2e4,e4d5");
    assert_eq!(san::write(&mut pos, &m, &list), "e4,d5");
    assert_eq!(pos.move_text(&m), "e2-e4;*@d5");
    for text in ["P e2-e4; *-d5", "e2-e4; *d5", "e2e4;*@d5"] {
        let parsed = notation::parse(text).expect("parses");
        assert_eq!(notation::resolve(&mut pos, &parsed, &list), Ok(m), "{text}");
    }
    assert_eq!(long_algebraic::read(&pos, &list, "e2e4,e4d5"), Some(m));
    assert_eq!(san::read(&pos, &list, "e4,d5"), san::SanMatch::One(m));
    assert_eq!(san::write(&mut pos, &n, &list), "Nf3,g1");
    // A turn without its wall, or with it where it may not go.
    let no_wall = notation::parse("P e2-e4").expect("parses");
    let e = notation::resolve(&mut pos, &no_wall, &list).expect_err("no wall");
    assert!(e.message.contains("names none"), "{}", e.message);
    assert_eq!((e.offset, e.len), (7, 0));
    let on_pawn = notation::parse("P e2-e4; *-e7").expect("parses");
    let e = notation::resolve(&mut pos, &on_pawn, &list).expect_err("occupied");
    assert_eq!(e.message, "this move cannot put its wall on e7");
    assert_eq!((e.offset, e.len), (9, 4));
    let bad_move = notation::parse("P e2-e5; *-d5").expect("parses");
    assert!(notation::resolve(&mut pos, &bad_move, &list).is_err());
    let chess = common::rules("definitions/chess.vdl");
    let mut pos = Position::start(&chess);
    let list = legal(&mut pos);
    let e = notation::resolve(
        &mut pos,
        &notation::parse("e2-e4; *-d5").expect("parses"),
        &list,
    )
    .expect_err("no walls in chess");
    assert_eq!(e.message, "this variant has no walls");
}

#[test]
fn the_fast_generator_agrees_with_the_reference() {
    let duck = common::rules("definitions/duck.vdl");
    common::trees_agree(
        &duck,
        &["r3k2r/p1ppqpb1/bn1*pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"],
        1,
    );
    let positions = if cfg!(debug_assertions) { 30 } else { 300 };
    let start = [duck.definition.setup.clone()];
    let fen = Position::from_setup(&duck, &start[0]).fen();
    common::random_walks_agree(&duck, &[&fen], 0xd0c, (positions, 120), |_, _| {});
    for (path, plies) in [
        ("definitions/amazons.vdl", 80),
        ("definitions/isolation.vdl", 60),
        ("definitions/snailtrail.vdl", 60),
    ] {
        let rules = common::rules(path);
        let fen = Position::start(&rules).fen();
        common::random_walks_agree(&rules, &[&fen], 0xa11, (positions, plies), |_, _| {});
    }
}

/// Random games against Fairy-Stockfish's own walls (pyffish): the same legal moves
/// and the same board, side to move and castling rights at every position.
#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn walls_agree_with_fairy_stockfish() {
    for (definition, variant, games) in [
        ("definitions/duck.vdl", "duck", 12),
        ("definitions/amazons.vdl", "amazons", 6),
        ("definitions/isolation.vdl", "isolation", 20),
        ("definitions/snailtrail.vdl", "snailtrail", 20),
    ] {
        let games = games.to_string();
        let stdout = common::fsf_script("fsf_moves.py", &[definition, variant, &games]);
        assert!(stdout.contains("positions: "), "{variant}: {stdout}");
    }
}

/// Petrified: a capture by a queen, rook, bishop or knight leaves a wall where the
/// piece ended, a pawn's capture-promotion does not, and unmaking restores the piece.
#[test]
fn a_petrifying_capture_leaves_a_wall_where_the_piece_ended() {
    let rules = common::rules("definitions/petrified.vdl");
    let fen = "4k3/1P6/8/3p4/8/8/8/3QK3 w - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    let take = |pos: &mut Position, from: &str, to: &str, promotion: Option<usize>| {
        let (f, t) = (rules.cell_by_name(from), rules.cell_by_name(to));
        legal(pos)
            .into_iter()
            .find(|m| Some(m.from) == f && Some(m.to) == t && m.promotion() == promotion)
            .expect("legal")
    };
    let m = take(&mut pos, "d1", "d5", None);
    pos.make(m);
    assert_eq!(pos.fen(), "4k3/1P6/8/3*4/8/8/8/4K3 b - - 0 1");
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unmake();
    assert_eq!(pos.fen(), fen);
    assert_eq!(pos.hash(), pos.compute_hash());
    // the pawn takes and promotes: it moved as a pawn, so it stays (a queen)
    let fen = "2n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    let queen = rules
        .definition
        .pieces
        .iter()
        .position(|p| p.name == "Queen");
    let m = take(&mut pos, "b7", "c8", queen);
    pos.make(m);
    assert_eq!(pos.fen(), "2Q1k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // a wall blocks: the queen on d1 no longer reaches d6, nor takes on d5
    let texts = common::move_texts(&rules, "4k3/8/3p4/3*4/8/8/8/3QK3 w - - 0 1");
    assert!(texts.contains(&"d1-d4".to_string()), "{texts:?}");
    assert!(
        !texts
            .iter()
            .any(|t| t.starts_with("d1-d5") || t.starts_with("d1-d6")),
        "{texts:?}"
    );
}

/// Petrified's kings never capture: side by side, neither is in check, and a king
/// may not take the undefended queen that checks it.
#[test]
fn a_king_that_never_captures_attacks_nothing() {
    let rules = common::rules("definitions/petrified.vdl");
    let fen = "8/8/8/3kK3/8/8/8/8 w - - 0 1";
    let pos = Position::from_fen(&rules, fen).expect("fen");
    assert!(!pos.in_check(Side::White));
    let texts = common::move_texts(&rules, fen);
    assert_eq!(
        texts,
        ["e5-d4", "e5-d6", "e5-e4", "e5-e6", "e5-f4", "e5-f5", "e5-f6"]
    );
    let fen = "8/8/8/3qK3/8/8/8/7k w - - 0 1";
    let pos = Position::from_fen(&rules, fen).expect("fen");
    assert!(pos.in_check(Side::White));
    assert!(!common::move_texts(&rules, fen)
        .iter()
        .any(|t| t.starts_with("e5-d5")));
}

#[test]
fn petrification_agrees_with_the_reference() {
    let rules = common::rules("definitions/petrified.vdl");
    common::trees_agree(
        &rules,
        &[
            "r3k3/8/2*5/8/4*3/8/8/R3K2R w KQq - 0 1",
            "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        ],
        3,
    );
    let positions = if cfg!(debug_assertions) { 30 } else { 300 };
    let fen = Position::start(&rules).fen();
    common::random_walks_agree(&rules, &[&fen], 0x57e, (positions, 120), |_, _| {});
}
