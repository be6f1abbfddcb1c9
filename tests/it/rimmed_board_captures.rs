//! Rococo with mirror arrays (`definitions/rococo.vdl`): the seed's diagrams as exact
//! move sets, its chameleon example, the edge rule (and the later rule offered as an
//! option), swaps and the swap-back ban, mutual destruction, promotion to captured
//! pieces, and the game end. Perft figures are in `tests/perft/rococo.epd`.

use crate::common;

use vdl::model::Side;
use vdl::MoveKind;
use vdl::{Position, Ruleset};

fn rococo() -> Ruleset {
    common::rules("definitions/rococo.vdl")
}

/// A FEN for the 10×10 board from `(cell, letter)` placements, the captured pieces
/// off the board, and the side to move.
fn fen(rules: &Ruleset, pieces: &[(&str, char)], reserve: &str, side: char) -> String {
    let mut grid = [['.'; 10]; 10];
    for &(cell, letter) in pieces {
        let c = rules.cell_by_name(cell).expect("a cell of the board");
        let at = rules.board.cells[c as usize];
        grid[at.rank as usize][at.file as usize] = letter;
    }
    let rows: Vec<String> = (0..10)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for &ch in &grid[rank] {
                if ch == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(ch);
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    let reserve = if reserve.is_empty() {
        String::new()
    } else {
        format!("[{reserve}]")
    };
    format!("{}{reserve} {side}", rows.join("/"))
}

/// The legal moves of the piece on `from`, as `d4-d6`, `d4<>d6` (swap), `d4xe5`
/// (mutual destruction), `d7-d8=A`, each followed by ` x` and its captured cells.
fn moves_of(pos: &mut Position, from: &str) -> Vec<String> {
    common::moves_of_piece(pos, from, describe)
}

fn describe(pos: &Position, m: &vdl::Move) -> String {
    let rules = pos.rules();
    let mut caps: Vec<&str> = m.captures().iter().map(|&c| rules.cell_name(c)).collect();
    caps.sort_unstable();
    let text = pos.move_text(m);
    if caps.is_empty() {
        text
    } else {
        format!("{text} x{}", caps.join(","))
    }
}

fn position<'r>(
    rules: &'r Ruleset,
    pieces: &[(&str, char)],
    reserve: &str,
    side: char,
) -> Position<'r> {
    let f = fen(rules, pieces, reserve, side);
    Position::from_fen(rules, &f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Play the move of the piece on `from` whose description is `text`.
fn play(pos: &mut Position, text: &str) {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let m = list
        .iter()
        .find(|m| describe(pos, m) == text)
        .unwrap_or_else(|| panic!("no legal move {text} at {}", pos.fen()));
    pos.make(*m);
}

#[test]
fn seed_advancer_diagram() {
    let r = rococo();
    let pieces = [
        ("b2", 'A'),
        ("b7", 'p'),
        ("f6", 'p'),
        ("f2", 'p'),
        ("h5", 'K'),
        ("h8", 'k'),
    ];
    let mut pos = position(&r, &pieces, "", 'w');
    assert_eq!(
        moves_of(&mut pos, "b2"),
        sorted(&[
            "b2-a1",
            "b2-b1",
            "b2-c1",
            "b2-a2",
            "b2-c2",
            "b2-d2",
            "b2-a3",
            "b2-b3",
            "b2-c3",
            "b2-b4",
            "b2-d4",
            "b2-b5",
            "b2-b6 xb7",
            "b2-e5 xf6",
            "b2-e2 xf2",
        ])
    );
}

#[test]
fn seed_long_leaper_diagram() {
    let r = rococo();
    let pieces = [
        ("a1", 'L'),
        ("a3", 'p'),
        ("g1", 'p'),
        ("f6", 'p'),
        ("e8", 'K'),
        ("c8", 'k'),
    ];
    let mut pos = position(&r, &pieces, "", 'w');
    assert_eq!(
        moves_of(&mut pos, "a1"),
        sorted(&[
            "a1-a2",
            "a1-b1",
            "a1-c1",
            "a1-d1",
            "a1-e1",
            "a1-f1",
            "a1-b2",
            "a1-c3",
            "a1-d4",
            "a1-e5",
            "a1-a4 xa3",
            "a1-a5 xa3",
            "a1-a6 xa3",
            "a1-a7 xa3",
            "a1-a8 xa3",
            "a1-h1 xg1",
            "a1-g7 xf6",
            "a1-h8 xf6",
        ])
    );
}

#[test]
fn seed_withdrawer_diagram() {
    let r = rococo();
    let pieces = [
        ("d4", 'W'),
        ("c5", 'p'),
        ("d3", 'p'),
        ("b7", 'K'),
        ("g6", 'k'),
    ];
    let mut pos = position(&r, &pieces, "", 'w');
    assert_eq!(
        moves_of(&mut pos, "d4"),
        sorted(&[
            "d4-a4",
            "d4-b4",
            "d4-c4",
            "d4-e4",
            "d4-f4",
            "d4-g4",
            "d4-h4",
            "d4-e5",
            "d4-f6",
            "d4-g7",
            "d4-h8",
            "d4-c3",
            "d4-b2",
            "d4-a1",
            "d4-d5 xd3",
            "d4-d6 xd3",
            "d4-d7 xd3",
            "d4-d8 xd3",
            "d4-e3 xc5",
            "d4-f2 xc5",
            "d4-g1 xc5",
        ])
    );
}

#[test]
fn seed_cannon_pawn_diagram() {
    let r = rococo();
    let pieces = [
        ("d3", 'P'),
        ("d4", 'A'),
        ("e4", 'p'),
        ("d5", 'p'),
        ("a8", 'K'),
        ("h1", 'k'),
    ];
    let mut pos = position(&r, &pieces, "", 'w');
    assert_eq!(
        moves_of(&mut pos, "d3"),
        sorted(&[
            "d3-c2",
            "d3-d2",
            "d3-e2",
            "d3-c3",
            "d3-e3",
            "d3-c4",
            "d3-d5 xd5",
            "d3-f5",
        ])
    );
}

#[test]
fn seed_chameleon_example_takes_three_in_one_move() {
    let r = rococo();
    let pieces = [
        ("a1", 'W'),
        ("a2", 'c'),
        ("a3", 'L'),
        ("a5", 'A'),
        ("h1", 'K'),
        ("h8", 'k'),
    ];
    let mut pos = position(&r, &pieces, "", 'b');
    let captures: Vec<String> = moves_of(&mut pos, "a2")
        .into_iter()
        .filter(|m| m.contains(" x"))
        .collect();
    assert_eq!(captures, vec!["a2-a4 xa1,a3,a5"]);
}

#[test]
fn chameleon_hops_onto_pawns_takes_kings_and_not_other_pieces_by_hopping() {
    let r = rococo();
    // A mount on d5, a white pawn on d4: the chameleon hops onto it.
    let pieces = [
        ("d6", 'c'),
        ("d5", 'a'),
        ("d4", 'P'),
        ("e6", 'K'),
        ("h8", 'k'),
    ];
    let mut pos = position(&r, &pieces, "", 'b');
    let captures: Vec<String> = moves_of(&mut pos, "d6")
        .into_iter()
        .filter(|m| m.contains(" x"))
        .collect();
    assert_eq!(captures, vec!["d6-d4 xd4", "d6-e6 xe6"]);
    // The same jump onto an advancer takes nothing.
    let pieces = [
        ("d6", 'c'),
        ("d5", 'a'),
        ("d4", 'A'),
        ("a1", 'K'),
        ("h8", 'k'),
    ];
    let mut pos = position(&r, &pieces, "", 'b');
    assert!(moves_of(&mut pos, "d6").iter().all(|m| !m.contains(" x")));
}

#[test]
fn edge_cells_only_for_captures_that_need_them() {
    let r = rococo();
    // The king enters the edge only to take a piece standing there.
    let mut pos = position(&r, &[("a1", 'K'), ("x1", 'p'), ("h8", 'k')], "", 'w');
    assert_eq!(
        moves_of(&mut pos, "a1"),
        sorted(&["a1-a2", "a1-b1", "a1-b2", "a1-x1 xx1"])
    );
    // A withdrawer on a4 can take b4 only by landing on x4; from b4, taking c4 lands
    // on a4, so x4 is not allowed.
    let mut pos = position(
        &r,
        &[("a4", 'W'), ("b4", 'p'), ("a8", 'K'), ("h8", 'k')],
        "",
        'w',
    );
    assert!(moves_of(&mut pos, "a4").contains(&"a4-x4 xb4".to_string()));
    let mut pos = position(
        &r,
        &[("b4", 'W'), ("c4", 'p'), ("a8", 'K'), ("h8", 'k')],
        "",
        'w',
    );
    let m = moves_of(&mut pos, "b4");
    assert!(m.contains(&"b4-a4 xc4".to_string()), "{m:?}");
    assert!(!m.iter().any(|t| t.starts_with("b4-x4")), "{m:?}");
    // The immobilizer never moves onto the edge: 21 moves from a1, all inside.
    let mut pos = position(&r, &[("a1", 'I'), ("d7", 'K'), ("g6", 'k')], "", 'w');
    let m = moves_of(&mut pos, "a1");
    assert_eq!(m.len(), 21, "{m:?}");
    let edge = |t: &str| t.contains('x') || t.contains('z') || t.ends_with('0') || t.ends_with('9');
    assert!(m.iter().all(|t| !edge(&t[3..])), "{m:?}");
}

#[test]
fn an_advancer_swapped_onto_the_edge_captures_along_it() {
    let r = rococo();
    let mut pos = position(
        &r,
        &[("x1", 'A'), ("x5", 'p'), ("h4", 'K'), ("h8", 'k')],
        "",
        'w',
    );
    let m = moves_of(&mut pos, "x1");
    assert!(m.contains(&"x1-x4 xx5".to_string()), "{m:?}");
    assert!(!m.iter().any(|t| t == "x1-x2" || t == "x1-x3"), "{m:?}");
    assert!(m.contains(&"x1-a1".to_string()) && m.contains(&"x1-a2".to_string()));
}

#[test]
fn swaps_reach_the_edge_and_either_side() {
    let r = rococo();
    let pieces = [
        ("d4", 'S'),
        ("x4", 'p'),
        ("d9", 'A'),
        ("d3", 'W'),
        ("h2", 'K'),
        ("h8", 'k'),
    ];
    let mut pos = position(&r, &pieces, "", 'w');
    let swaps: Vec<String> = moves_of(&mut pos, "d4")
        .into_iter()
        .filter(|m| m.contains("<>"))
        .collect();
    assert_eq!(swaps, sorted(&["d4<>x4", "d4<>d9", "d4<>d3", "d4<>h8"]));
}

#[test]
fn mutual_destruction_with_an_adjacent_enemy_not_while_frozen() {
    let r = rococo();
    let mut pos = position(
        &r,
        &[("d4", 'S'), ("e5", 'p'), ("a1", 'K'), ("h8", 'k')],
        "",
        'w',
    );
    assert!(moves_of(&mut pos, "d4").contains(&"d4xe5 xd4,e5".to_string()));
    // With a black immobilizer next to it, the swapper may only remove itself.
    let pieces = [
        ("d4", 'S'),
        ("e5", 'p'),
        ("c5", 'i'),
        ("a1", 'K'),
        ("h8", 'k'),
    ];
    let mut pos = position(&r, &pieces, "", 'w');
    assert_eq!(moves_of(&mut pos, "d4"), vec!["d4-d4 xd4"]);
    // A chameleon next to a swapper destroys itself with it, or swaps with it.
    let pieces = [("d4", 'S'), ("e5", 'c'), ("a1", 'K'), ("h8", 'k')];
    let mut pos = position(&r, &pieces, "", 'b');
    let m = moves_of(&mut pos, "e5");
    assert!(m.contains(&"e5xd4 xd4,e5".to_string()), "{m:?}");
    assert!(m.contains(&"e5<>d4".to_string()), "{m:?}");
}

#[test]
fn immobilizers_freeze_each_other_and_a_chameleon_freezes_only_immobilizers() {
    let r = rococo();
    let pieces = [
        ("d4", 'I'),
        ("e5", 'c'),
        ("f5", 'A'),
        ("a1", 'K'),
        ("h8", 'k'),
    ];
    let mut pos = position(&r, &pieces, "", 'w');
    assert_eq!(moves_of(&mut pos, "d4"), vec!["d4-d4 xd4"]);
    assert!(moves_of(&mut pos, "f5").len() > 1);
    let mut pos = position(&r, &pieces, "", 'b');
    assert_eq!(moves_of(&mut pos, "e5"), vec!["e5-e5 xe5"]);
    // Hostile immobilizers freeze each other; a frozen king cannot remove itself.
    let pieces = [("d4", 'I'), ("e5", 'i'), ("d5", 'K'), ("h8", 'k')];
    let mut pos = position(&r, &pieces, "", 'w');
    assert_eq!(moves_of(&mut pos, "d4"), vec!["d4-d4 xd4"]);
    assert!(moves_of(&mut pos, "d5").is_empty());
    let mut pos = position(&r, &pieces, "", 'b');
    assert_eq!(moves_of(&mut pos, "e5"), vec!["e5-e5 xe5"]);
}

#[test]
fn swap_back_is_banned_for_exactly_one_turn() {
    let r = rococo();
    let pieces = [
        ("d4", 'S'),
        ("d6", 's'),
        ("a1", 'K'),
        ("h8", 'k'),
        ("b2", 'P'),
        ("g7", 'p'),
    ];
    let mut pos = position(&r, &pieces, "", 'w');
    let plain = pos.hash();
    play(&mut pos, "d4<>d6");
    assert!(!moves_of(&mut pos, "d4").contains(&"d4<>d6".to_string()));
    assert!(pos.swap_ban().is_some());
    play(&mut pos, "g7-g6");
    assert!(pos.swap_ban().is_none());
    assert!(moves_of(&mut pos, "d6").contains(&"d6<>d4".to_string()));
    play(&mut pos, "b2-b3");
    assert!(moves_of(&mut pos, "d4").contains(&"d4<>d6".to_string()));
    // The ban is part of the position: same pieces, different hash.
    let mut a = position(
        &r,
        &[("d4", 's'), ("d6", 'S'), ("a1", 'K'), ("h8", 'k')],
        "",
        'b',
    );
    let banned = {
        let mut p = position(
            &r,
            &[("d4", 'S'), ("d6", 's'), ("a1", 'K'), ("h8", 'k')],
            "",
            'w',
        );
        play(&mut p, "d4<>d6");
        p.hash()
    };
    assert_ne!(a.hash(), banned);
    assert!(moves_of(&mut a, "d4").contains(&"d4<>d6".to_string()));
    assert_ne!(plain, banned);
    // A swap with a chameleon is banned back too; one with a pawn sets no ban.
    let mut pos = position(
        &r,
        &[("d4", 'S'), ("d6", 'c'), ("a1", 'K'), ("h8", 'k')],
        "",
        'w',
    );
    play(&mut pos, "d4<>d6");
    assert!(!moves_of(&mut pos, "d4").contains(&"d4<>d6".to_string()));
    let mut pos = position(
        &r,
        &[("d4", 'S'), ("d6", 'p'), ("a1", 'K'), ("h8", 'k')],
        "",
        'w',
    );
    play(&mut pos, "d4<>d6");
    assert!(pos.swap_ban().is_none());
}

#[test]
fn promotion_only_to_captured_pieces_and_only_on_the_pawns_own_move() {
    let r = rococo();
    let advancer = r
        .definition
        .pieces
        .iter()
        .position(|p| p.label == "A")
        .expect("A");
    let base = [("d7", 'P'), ("a1", 'K'), ("h5", 'k')];
    // Nothing captured: the pawn just moves.
    let mut pos = position(&r, &base, "", 'w');
    assert!(moves_of(&mut pos, "d7").iter().all(|m| !m.contains('=')));
    // Black's captured advancer is no use to White.
    let mut pos = position(&r, &base, "a", 'w');
    assert!(moves_of(&mut pos, "d7").iter().all(|m| !m.contains('=')));
    // With a white advancer off the board: optional, on ranks 8 (and 9).
    let mut pos = position(&r, &base, "A", 'w');
    let m = moves_of(&mut pos, "d7");
    assert!(
        m.contains(&"d7-d8".to_string()) && m.contains(&"d7-d8=A".to_string()),
        "{m:?}"
    );
    assert!(!m.contains(&"d7-d6=A".to_string()));
    assert_eq!(pos.reserve_count(Side::White, advancer), 1);
    play(&mut pos, "d7-d8=A");
    assert_eq!(pos.reserve_count(Side::White, advancer), 0);
    pos.unmake();
    assert_eq!(pos.reserve_count(Side::White, advancer), 1);
    assert!(pos.fen().contains("[A]"), "{}", pos.fen());
    // A pawn swapped into the zone does not promote.
    let pieces = [("d8", 'S'), ("d5", 'P'), ("a1", 'K'), ("h5", 'k')];
    let mut pos = position(&r, &pieces, "A", 'w');
    let swaps: Vec<String> = moves_of(&mut pos, "d8")
        .into_iter()
        .filter(|m| m.contains("d5"))
        .collect();
    assert_eq!(swaps, vec!["d8<>d5"]);
    // Captured pieces go to their owner's reserve.
    let mut pos = position(
        &r,
        &[("d4", 'W'), ("d3", 'a'), ("a1", 'K'), ("h5", 'k')],
        "",
        'w',
    );
    play(&mut pos, "d4-d6 xd3");
    assert_eq!(pos.reserve_count(Side::Black, advancer), 1);
}

#[test]
fn the_later_edge_rule_is_an_option() {
    let source =
        std::fs::read_to_string(common::root().join("definitions/rococo.vdl")).expect("rococo.vdl");
    let later = source.replacen(" capture-only\n", " capture-only fewest-crossed\n", 1);
    assert_ne!(later, source, "the edge zone line changed");
    let r = vdl::load(&later).ruleset.expect("loads");
    // Long leaper in the corner x9, enemy on x3: under the seed rule it may land on
    // x2, x1 or x0; under the later rule only on x2 (fewest edge cells crossed).
    let pieces = [("x9", 'L'), ("x3", 'p'), ("e4", 'K'), ("h8", 'k')];
    let mut pos = position(&r, &pieces, "", 'w');
    let caps: Vec<String> = moves_of(&mut pos, "x9")
        .into_iter()
        .filter(|m| m.contains(" x"))
        .collect();
    assert_eq!(caps, vec!["x9-x2 xx3"]);
    // Quiet moves along the edge or over it are gone; inward ones stay.
    let m = moves_of(&mut pos, "x9");
    assert!(m.contains(&"x9-a8".to_string()) && !m.contains(&"x9-x8".to_string()));
    let seed = rococo();
    let mut pos = position(&seed, &pieces, "", 'w');
    let caps: Vec<String> = moves_of(&mut pos, "x9")
        .into_iter()
        .filter(|m| m.contains(" x"))
        .collect();
    assert_eq!(caps, sorted(&["x9-x0 xx3", "x9-x1 xx3", "x9-x2 xx3"]));
    // A withdrawer on x5 leaving x6 behind: every landing down file x makes the
    // capture; the seed allows them all, the later rule only the nearest.
    let pieces = [("x5", 'W'), ("x6", 'p'), ("e4", 'K'), ("h8", 'k')];
    let down = |r: &Ruleset| -> Vec<String> {
        let mut pos = position(r, &pieces, "", 'w');
        moves_of(&mut pos, "x5")
            .into_iter()
            .filter(|m| m.contains(" x"))
            .collect()
    };
    assert_eq!(down(&r), vec!["x5-x4 xx6"]);
    assert_eq!(
        down(&seed),
        sorted(&[
            "x5-x0 xx6",
            "x5-x1 xx6",
            "x5-x2 xx6",
            "x5-x3 xx6",
            "x5-x4 xx6"
        ])
    );
}

#[test]
fn the_start_position() {
    let r = rococo();
    let mut pos = Position::start(&r);
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut swaps: Vec<String> = list
        .iter()
        .filter(|m| m.kind == MoveKind::Swap)
        .map(|m| pos.move_text(m))
        .collect();
    swaps.sort();
    assert_eq!(swaps, sorted(&["h1<>g1", "h1<>g2", "h1<>h2"]));
    assert_eq!(list.len(), 25);
    assert_eq!(
        pos.fen(),
        "10/1salcklwi1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1IWLKCLAS1/10 w - - 0 1"
    );
}
