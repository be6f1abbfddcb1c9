//! A FEN round trip never changes the legal moves: in random games of every
//! shipped definition, each position's FEN is written, read back, and the move
//! list of the position read compared with the game's own. Also the en-passant
//! field's forms: a diagonal double step, two pawns that could have passed one
//! cell, a triple step.

use crate::common;

use vdl::random::Rng;
use vdl::Position;

fn move_texts(pos: &mut Position) -> Vec<String> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut texts: Vec<String> = list.iter().map(|m| pos.move_text(m)).collect();
    texts.sort();
    texts
}

fn shipped_definitions() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(common::root().join("definitions"))
        .expect("definitions/")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".vdl"))
        .collect();
    files.sort();
    files
}

#[test]
fn fen_round_trip_keeps_the_legal_moves() {
    let games = if cfg!(debug_assertions) { 2 } else { 12 };
    let mut compared = 0;
    for file in shipped_definitions() {
        let rules = common::rules(&format!("definitions/{file}"));
        let mut rng = Rng::new(0x5eed ^ file.len() as u64);
        let mut list = Vec::new();
        for game in 0..games {
            let mut pos = Position::start_seeded(&rules, game);
            for _ply in 0..120 {
                let fen = pos.fen();
                let mut back = Position::from_fen(&rules, &fen)
                    .unwrap_or_else(|e| panic!("{file}: {fen} does not read back: {e}"));
                assert_eq!(back.fen(), fen, "{file}: the FEN reads back differently");
                let (read, own) = (move_texts(&mut back), move_texts(&mut pos));
                let extra: Vec<_> = read.iter().filter(|m| !own.contains(m)).collect();
                let lost: Vec<_> = own.iter().filter(|m| !read.contains(m)).collect();
                assert!(
                    extra.is_empty() && lost.is_empty(),
                    "{file}: after reading back {fen}, moves gained {extra:?}, lost {lost:?}"
                );
                compared += 1;
                pos.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                pos.make(list[rng.below(list.len())]);
            }
        }
    }
    assert!(compared > 1000, "only {compared} positions compared");
}

fn load(name: &str, text: &str) -> vdl::Ruleset {
    let loaded = vdl::load_file(&common::root().join(name), text);
    loaded.ruleset.expect("the test definition is valid")
}

/// The cells whose pieces a move from `from` to `to` removes, if it is legal.
fn victims(pos: &mut Position, from: &str, to: &str) -> Option<Vec<String>> {
    let rules = pos.rules();
    let (from, to) = (rules.cell_by_name(from)?, rules.cell_by_name(to)?);
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    list.iter().find(|m| m.from == from && m.to == to).map(|m| {
        m.captures()
            .iter()
            .map(|&c| rules.cell_name(c).to_string())
            .collect()
    })
}

fn play(pos: &mut Position, from: &str, to: &str) {
    let rules = pos.rules();
    let (from, to) = (rules.cell_by_name(from), rules.cell_by_name(to));
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let m = list
        .iter()
        .find(|m| Some(m.from) == from && Some(m.to) == to)
        .copied()
        .expect("the move is legal");
    pos.make(m);
}

/// The position of the report: White's Berolina pawn went c2-e4 via d3.
const BEROLINA: &str = "6R1/2kp2p1/4p3/2P3p1/3pPP2/5K2/3P4/1NBQ4 b - d3 0 23";

#[test]
fn a_diagonal_double_step_is_taken_from_its_fen() {
    let rules = common::rules("definitions/berolina.vdl");
    let mut pos = Position::from_fen(&rules, BEROLINA).expect("valid");
    assert_eq!(victims(&mut pos, "d4", "d3"), Some(vec!["e4".to_string()]));
    assert_eq!(pos.fen(), BEROLINA);
}

#[test]
fn two_pawns_that_could_have_passed_a_cell_must_be_told_apart() {
    let rules = common::rules("definitions/berolina.vdl");
    let both = "6R1/2kp2p1/4p3/2P3p1/2PpP3/5K2/3P4/1NBQ4 b - d3 0 23";
    let e = common::fen_error(&rules, both);
    assert_eq!((e.offset, e.len), (45, 2));
    assert_eq!(
        e.message,
        "the pieces on `e4` and `c4` could both have passed `d3`: write which, as `d3>e4`"
    );
    for (field, victim) in [("d3>e4", "e4"), ("d3>c4", "c4")] {
        let fen = both.replace(" d3 ", &format!(" {field} "));
        let mut pos = Position::from_fen(&rules, &fen).expect("valid");
        assert_eq!(
            victims(&mut pos, "d4", "d3"),
            Some(vec![victim.to_string()])
        );
        assert_eq!(pos.fen(), fen, "written as read");
    }
    // Played, not read: e2-c4 next to a pawn on e4 is written with its victim.
    let mut pos = Position::from_fen(&rules, "4k3/8/8/8/3pP3/8/4P3/4K3 w - - 0 1").expect("valid");
    play(&mut pos, "e2", "c4");
    assert_eq!(pos.fen(), "4k3/8/8/8/2PpP3/8/8/4K3 b - d3>c4 0 1");
    let mut back = Position::from_fen(&rules, &pos.fen()).expect("reads back");
    assert_eq!(victims(&mut back, "d4", "d3"), Some(vec!["c4".to_string()]));
    // A victim that cannot be: the cell must hold a pawn of the side that moved.
    let e = common::fen_error(&rules, "4k3/8/8/8/2PpP3/8/8/4K3 b - d3>d4 0 1");
    assert!(e.message.contains("stands on `d4`"), "{}", e.message);
}

#[test]
fn a_triple_step_leaves_both_passed_cells_in_its_fen() {
    let rules = load(
        "triple.vdl",
        r#"board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }
piece King K { royal moves "K" }
piece Pawn P { moves "fmW fcF ifmnD ifmnH" en-passant }
setup "4k3/8/8/3p4/5p2/8/4P3/4K3 w - - 0 1""#,
    );
    let mut pos = Position::from_setup(&rules, &rules.definition.setup);
    play(&mut pos, "e2", "e5");
    assert_eq!(pos.fen(), "4k3/8/8/3pP3/5p2/8/8/4K3 b - e3,e4 0 1");
    let mut back = Position::from_fen(&rules, &pos.fen()).expect("reads back");
    assert_eq!(victims(&mut back, "d5", "e4"), Some(vec!["e5".to_string()]));
    assert_eq!(victims(&mut back, "f4", "e3"), Some(vec!["e5".to_string()]));
    // The old form names the first cell only: the pawn is found straight ahead.
    let mut first =
        Position::from_fen(&rules, "4k3/8/8/3pP3/5p2/8/8/4K3 b - e3 0 1").expect("valid");
    assert_eq!(
        victims(&mut first, "f4", "e3"),
        Some(vec!["e5".to_string()])
    );
    assert_eq!(victims(&mut first, "d5", "e4"), None);
}

#[test]
fn a_swap_that_may_not_be_undone_is_in_the_fen() {
    let rules = common::rules("definitions/rococo.vdl");
    let fen = "10/2al1k4/3p3ip1/2pp1l2p1/4Aw4/2P2SP3/1cPpP2p2/1PIP2KsP1/2WL2PL2/10[Cp] b - - 73 37";
    let mut free = Position::from_fen(&rules, fen).expect("valid");
    let swap = |pos: &mut Position| move_texts(pos).contains(&"g2<>e4".to_string());
    assert!(swap(&mut free));
    let banned_fen = fen.replace(" - - 73", " - - e4<>g2 73");
    let mut banned = Position::from_fen(&rules, &banned_fen).expect("valid");
    assert!(!swap(&mut banned));
    assert_eq!(banned.fen(), banned_fen);
    let bad = fen.replace(" - - 73", " - - e4<>a1 73");
    let e = common::fen_error(&rules, &bad);
    assert_eq!((e.offset, e.len), (bad.len() - 12, 6));
}

/// A removed cell is written `*`, as Fairy-Stockfish writes its holes; `*` and a
/// count that includes it are both read, and a piece on it is refused there.
#[test]
fn holes_are_written_as_stars_and_read_both_ways() {
    let rules = load(
        "tests/definitions/hole.vdl",
        r#"board { files a b c ranks 1 2 3 remove b2 }
           piece King K { royal moves "K" }
           setup "k2/1*1/2K w""#,
    );
    for fen in ["k2/1*1/2K w - - 0 1", "k2/3/2K w - - 0 1"] {
        let pos =
            Position::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {}", e.message));
        assert_eq!(pos.fen(), "k2/1*1/2K w - - 0 1");
    }
    let e = common::fen_error(&rules, "k2/1K1/3 w - - 0 1");
    assert_eq!(
        (e.message.as_str(), e.offset),
        ("a piece on b2, which is not a cell of this board", 4)
    );
    // a `*` on a cell of the board is a wall, which this variant has not
    let e = common::fen_error(&rules, "k*1/3/2K w - - 0 1");
    assert_eq!(
        (e.message.as_str(), e.offset),
        ("a wall (`*`) in a variant without walls", 1)
    );
}
