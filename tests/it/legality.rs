//! Attack on a cell and defence of a piece mean the same on every path. A variant
//! plus a piece type that immobilizes (never on the board) takes the general path;
//! its moves must be the plain variant's, which takes the fast one.

use crate::common;

use vdl::random::Rng;
use vdl::Position;

/// The legal moves as text, sorted.
fn moves(rules: &vdl::Ruleset, fen: &str) -> Vec<String> {
    let mut pos = Position::from_fen(rules, fen).expect("fen");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| pos.move_text(m)).collect();
    v.sort();
    v
}

#[test]
fn a_king_does_not_castle_through_check_on_the_general_path() {
    let general = common::rules("tests/definitions/chess-freezer.vdl");
    assert!(general.flags.special);
    let fen = "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1";
    let got = moves(&general, fen);
    assert!(!got.contains(&"e1-g1".to_string()), "{got:?}");
    assert_eq!(got, moves(&common::rules("definitions/chess.vdl"), fen));
}

#[test]
fn a_defended_piece_is_defended_on_the_general_path() {
    let general = common::rules("tests/definitions/takeover64-freezer.vdl");
    assert!(general.flags.special);
    let fen = "r3k3/8/8/8/p7/8/8/R3K3 w - - 0 1";
    let mut pos = Position::from_fen(&general, fen).expect("fen");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let a4 = general.cell_by_name("a4").expect("a4");
    assert!(list.iter().all(|m| m.converted() != Some(a4)));
    let plain = common::rules("definitions/takeover64-undefended.vdl");
    assert_eq!(moves(&general, fen), moves(&plain, fen));
}

/// Putting a piece on an empty cell only blocks captures, except where it gives a
/// hopper its hurdle: there the filter must play the move out.
#[test]
fn a_piece_put_between_may_give_a_cannon_its_hurdle() {
    assert!(
        common::rules("definitions/baroque.vdl")
            .flags
            .filling_only_blocks
    );
    let rules = common::rules("tests/definitions/cannon-freezer.vdl");
    assert!(rules.flags.special && !rules.flags.filling_only_blocks);
    let got = moves(&rules, "4c3/8/8/8/R7/8/8/4K3 w - - 0 1");
    let rook: Vec<String> = ["a1", "a2", "a3", "a5", "a6", "a7", "a8"]
        .into_iter()
        .chain(["b4", "c4", "d4", "f4", "g4", "h4"])
        .map(|c| format!("a4-{c}"))
        .collect();
    let king = ["e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2"].map(String::from);
    let mut want: Vec<String> = king.into_iter().chain(rook).collect();
    want.sort();
    assert_eq!(got, want);
}

/// Random games: at every position both paths list the same moves.
fn paths_agree(plain: &str, general: &str, seed: u64) {
    let (plain, general) = (common::rules(plain), common::rules(general));
    let mut rng = Rng::new(seed);
    let games = if cfg!(debug_assertions) { 5 } else { 60 };
    let mut list = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(&plain);
        for _ in 0..120 {
            let fen = pos.fen();
            assert_eq!(moves(&plain, &fen), moves(&general, &fen), "at {fen}");
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            pos.make(list[rng.below(list.len())]);
        }
    }
}

#[test]
fn chess_moves_are_the_same_on_both_paths() {
    paths_agree(
        "definitions/chess.vdl",
        "tests/definitions/chess-freezer.vdl",
        0x1d,
    );
}

#[test]
fn takeover_moves_are_the_same_on_both_paths() {
    paths_agree(
        "definitions/takeover64-undefended.vdl",
        "tests/definitions/takeover64-freezer.vdl",
        0x2e,
    );
}

/// Random games, the fast legality filter checked against the slow one (every move
/// made, every enemy piece searched) at every position; the positions checked.
fn filters_agree(path: &str, seed: u64, (games, plies): (usize, usize)) -> usize {
    let rules = common::rules(path);
    let mut rng = Rng::new(seed);
    let mut list = Vec::new();
    let mut checked = 0;
    for game in 0..games {
        let mut pos = Position::start_seeded(&rules, game as u64);
        for _ in 0..plies {
            if let Err(e) = pos.legal_moves_cross_checked(&mut list) {
                panic!("{path}: {e}");
            }
            checked += 1;
            if list.is_empty() {
                break;
            }
            pos.make(list[rng.below(list.len())]);
        }
    }
    checked
}

/// The definitions whose legality the filters judge (and whose legal moves perft's
/// bulk count counts): the seeds, games with hoppers, lame leapers and drops, and
/// test definitions that put the capture modes together.
const JUDGED: [&str; 20] = [
    "definitions/chess.vdl",
    "definitions/crazyhouse.vdl",
    "definitions/xiangqi.vdl",
    "definitions/janggi.vdl",
    "definitions/shogi.vdl",
    "definitions/manchu.vdl",
    "definitions/baroque.vdl",
    "definitions/ultima.vdl",
    "definitions/rococo.vdl",
    "definitions/takeover64.vdl",
    "definitions/takeover64-undefended.vdl",
    "definitions/takeover64-stop-beyond.vdl",
    "definitions/uc40.vdl",
    "definitions/panoply.vdl",
    "tests/definitions/every-capture.vdl",
    "tests/definitions/every-capture-mutual.vdl",
    "tests/definitions/every-capture-far.vdl",
    "tests/definitions/chess-freezer.vdl",
    "tests/definitions/takeover64-freezer.vdl",
    "tests/definitions/cannon-freezer.vdl",
];

#[test]
fn the_fast_legality_filters_agree_with_the_slow_one() {
    let games = if cfg!(debug_assertions) { 2 } else { 40 };
    for (i, path) in JUDGED.iter().enumerate() {
        assert!(filters_agree(path, 0x5eed + i as u64, (games, 40)) > games);
    }
}

#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn the_fast_legality_filters_agree_with_the_slow_one_in_500_games_each() {
    for (i, path) in JUDGED.iter().enumerate() {
        assert!(filters_agree(path, 0xfa57 + i as u64, (500, 80)) > 500);
    }
}

/// Perft with the fast and slow filters compared at every node.
#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn baroque_and_ultima_perft_4_agree_node_by_node() {
    for (path, nodes) in [
        ("definitions/baroque.vdl", 1_849_895),
        ("definitions/ultima.vdl", 1_850_161),
    ] {
        let rules = common::rules(path);
        let mut pos = Position::start(&rules);
        assert_eq!(pos.perft_cross_checked(4), Ok(nodes), "{path}");
    }
}

#[test]
fn every_capture_mode_perft_3_agrees_node_by_node() {
    for (path, nodes) in [
        ("tests/definitions/every-capture.vdl", 160_417),
        ("tests/definitions/every-capture-mutual.vdl", 160_337),
        ("tests/definitions/every-capture-far.vdl", 34_912),
    ] {
        let rules = common::rules(path);
        let mut pos = Position::start(&rules);
        let depth = if cfg!(debug_assertions) { 2 } else { 3 };
        let got = pos.perft_cross_checked(depth);
        if depth == 3 {
            assert_eq!(got, Ok(nodes), "{path}");
        } else {
            assert!(got.is_ok(), "{path}: {got:?}");
        }
    }
}

/// A piece that steps onto the line between a cannon and the general becomes its
/// screen: the filter of hopping and lame attacks (which tests only the moves that
/// change a cell the attack test read) must not take such a move for a sure one.
#[test]
fn a_move_that_makes_a_cannon_screen_is_illegal() {
    let rules = common::rules("definitions/xiangqi.vdl");
    assert!(!rules.flags.line_attacks_only && !rules.flags.special);
    let fen = "3k5/9/4c4/9/9/9/9/2N6/9/4K4 w - - 0 1";
    let horse: Vec<String> = moves(&rules, fen)
        .into_iter()
        .filter(|m| m.starts_with("c3"))
        .collect();
    assert_eq!(
        horse,
        ["c3-a2", "c3-a4", "c3-b1", "c3-b5", "c3-d1", "c3-d5"]
    );
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(pos.perft(1), 8);
}

/// Perft's bulk count at the last ply counts drops from the hand and the moves of
/// pieces that are not pinned; a pinned piece's and the king's are tried.
#[test]
fn the_bulk_count_counts_what_the_list_lists() {
    let rules = common::rules("definitions/crazyhouse.vdl");
    assert!(rules.flags.bulk_count);
    // The e-file bishop is pinned; the knight (counted by its leaps' mask) is not;
    // White holds a knight and a pawn.
    let fen = "4r1k1/8/8/8/8/8/3NB3/4K3[NP] w - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    assert!(list.iter().all(|m| pos.move_text(m) != "e2-d3"));
    assert_eq!(pos.perft(1), list.len() as u64);
    // Six knight moves, three king moves, a knight on each of the 59 empty cells,
    // a pawn on 46.
    assert_eq!(list.len(), 6 + 3 + 59 + 46);
    // In check, everything is listed: the same count.
    let checked = "4r1k1/8/8/8/8/8/3N4/4K3[NP] w - - 0 1";
    let mut pos = Position::from_fen(&rules, checked).expect("fen");
    pos.legal_moves(&mut list);
    assert_eq!(pos.perft(1), list.len() as u64);
    // Knight d2-e4 blocks, king to d1, f1, f2; a knight or pawn dropped on e2..e7.
    assert_eq!(list.len(), 1 + 3 + 6 + 6);
}

/// With capture modes, perft's last ply counts the moves of the pieces that only
/// replace and touch no threat, and lists the others (a chameleon's, an
/// immobilizer's, a pawn's promotions, a frozen piece's suicide, the king's, every
/// move in check): the same count as the list. The deeper counts are those of the
/// build before the count (every move listed).
#[test]
fn the_count_with_capture_modes_counts_what_the_list_lists() {
    let rules = common::rules("definitions/uc40.vdl");
    assert!(rules.flags.threat_count && !rules.flags.bulk_count);
    for (fen, moves, deeper) in [
        // White's immobilizer freezes Black's queen and king; b7 promotes
        (
            "r3k2r/1P1IM4/3q4/2CH1ch3/8/5N2/4WI3/R3K3{AM/am} w - - 0 1",
            71,
            172_479,
        ),
        (
            "r3k2r/1P1IM4/3q4/2CH1ch3/8/5N2/4WI3/R3K3{AM/am} b - - 0 1",
            37,
            91_299,
        ),
        // in check from d1
        (
            "r3k2r/1P1IM4/8/2CH1ch3/8/5N2/4WI3/R2qK3{AM/am} w - - 0 1",
            4,
            11_553,
        ),
    ] {
        let mut pos = Position::from_fen(&rules, fen).expect("fen");
        let mut list = Vec::new();
        pos.legal_moves(&mut list);
        assert_eq!(list.len(), moves, "{fen}");
        assert_eq!(pos.perft(1), moves as u64, "{fen}");
        assert_eq!(pos.perft(3), deeper, "{fen}");
    }
}
