//! Chess960 at its edges: the 960 arrays `shuffle ... ordered` draws, castling from
//! wherever the king and rook start (a king that stays, a rook the king passes, an
//! attacker behind the castling rook), the castling field's flags and file letters,
//! the engines' king-takes-rook text, and the fast generator against the reference.

use crate::common;

use std::collections::HashSet;
use vdl::Position;

fn chess960() -> vdl::Ruleset {
    common::rules("definitions/chess960.vdl")
}

/// White's first rank of a FEN.
fn first_rank(fen: &str) -> &str {
    fen.split(' ')
        .next()
        .and_then(|rows| rows.rsplit('/').next())
        .unwrap_or_default()
}

#[test]
fn the_shuffles_draw_each_of_the_960_arrays_and_only_those() {
    let rules = chess960();
    let mut arrays = HashSet::new();
    for seed in 0..20_000 {
        let fen = Position::start_seeded(&rules, seed).fen();
        let row = first_rank(&fen).to_string();
        let at = |piece: char| -> Vec<usize> { row.match_indices(piece).map(|(i, _)| i).collect() };
        let (bishops, rooks, king) = (at('B'), at('R'), at('K'));
        assert_eq!(row.len(), 8, "{fen}");
        assert_eq!(bishops.len(), 2, "{fen}");
        assert_ne!(
            bishops[0] % 2,
            bishops[1] % 2,
            "bishops on one colour: {fen}"
        );
        assert!(rooks[0] < king[0] && king[0] < rooks[1], "{fen}");
        assert_eq!(at('Q').len() + at('N').len(), 3, "{fen}");
        // Black mirrors White, and both may castle either way.
        assert!(
            fen.starts_with(&format!(
                "{}/pppppppp/8/8/8/8/PPPPPPPP/{row} w KQkq - ",
                row.to_lowercase()
            )),
            "{fen}"
        );
        arrays.insert(row);
    }
    assert_eq!(arrays.len(), 960);
    assert!(arrays.contains("RNBQKBNR"));
}

#[test]
fn castling_ends_as_orthodox_castling_from_any_start() {
    let rules = chess960();
    // King b1, rooks a1 and g1: the king goes to g1 past the rook's start, the rook
    // to f1; queen-side the king steps to c1 and names its rook, as that step is a
    // king move too.
    let fen = "1k6/8/8/8/8/8/8/RK4R1 w KQ - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(
        common::moves_of_piece(&mut pos, "b1", |p, m| p.move_text(m)),
        ["b1-a2", "b1-b2", "b1-c1", "b1-c1", "b1-c2", "b1-g1"]
    );
    common::play_text(&mut pos, "b1-g1");
    assert_eq!(pos.fen(), "1k6/8/8/8/8/8/8/R4RK1 b - - 1 1");
    pos.unmake();
    assert_eq!(pos.fen(), fen);
}

#[test]
fn a_king_that_stays_castles_by_moving_its_rook_alone() {
    let rules = chess960();
    let fen = "4k3/8/8/8/8/8/8/R5KR w HA - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    // The flags are written for the outermost rooks.
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/R5KR w KQ - 0 1");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut castles: Vec<String> = list
        .iter()
        .filter(|m| m.castle_rule().is_some())
        .map(|m| {
            let full = vdl::referee::notation::print(&pos, m, &list);
            let engine = vdl::referee::long_algebraic::print(&pos, m, &list);
            format!("{full} = {engine}")
        })
        .collect();
    castles.sort();
    // Queen-side the king's step to c1 is no plain move: no rook part is needed.
    assert_eq!(castles, ["K g1-c1 = g1a1", "K g1-g1; R h1-f1 = g1h1"]);
    // Not the rook move h1-f1, which keeps the queen-side right.
    common::play_text(&mut pos, "g1-g1");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
}

#[test]
fn castling_may_not_uncover_an_attack_behind_the_rook() {
    let rules = chess960();
    // Queen-side, the king stays on c1 and the rook leaves b1 for d1: the black
    // rook on a1 would then attack the king. No castling, though nothing attacks
    // c1 before the move.
    let fen = "1k6/8/8/8/8/8/8/rRK5 w B - 0 1";
    let pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(pos.fen(), "1k6/8/8/8/8/8/8/rRK5 w Q - 0 1");
    let texts = common::move_texts(&rules, fen);
    assert!(!texts.iter().any(|t| t.contains(';')), "{texts:?}");
    assert!(!texts.contains(&"c1-c1".to_string()), "{texts:?}");
    // Without the black rook, it castles.
    let texts = common::move_texts(&rules, "1k6/8/8/8/8/8/8/1RK5 w Q - 0 1");
    assert!(texts.contains(&"c1-c1".to_string()), "{texts:?}");
}

#[test]
fn the_castling_field_names_an_inner_rook_by_its_file() {
    let rules = chess960();
    // The rook on b1 keeps its right while the one on a1 has none: X-FEN `B`.
    let pos = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/RR4KR w HB - 0 1").expect("fen");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/RR4KR w KB - 0 1");
    let texts = common::move_texts(&rules, "4k3/8/8/8/8/8/8/RR4KR w KB - 0 1");
    assert!(texts.contains(&"g1-c1".to_string()), "{texts:?}");
    // Moving the right's rook loses that right only.
    let mut pos = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/RR4KR w KB - 0 1").expect("fen");
    common::play_text(&mut pos, "b1-b2");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/1R6/R5KR b K - 1 1");
}

#[test]
fn a_right_without_its_king_or_rook_is_an_error_at_its_letter() {
    let rules = chess960();
    let e = common::fen_error(&rules, "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1");
    assert_eq!((e.offset, e.len), (24, 1));
    assert_eq!(e.message, "castling right `Q` without its rook");
    let e = common::fen_error(&rules, "4k3/8/8/8/8/8/4K3/7R w K - 0 1");
    assert_eq!(e.message, "castling right `K` without a king on rank 1");
    // A file letter must name a rook.
    let e = common::fen_error(&rules, "4k3/8/8/8/8/8/8/R3K2R w KD - 0 1");
    assert_eq!((e.offset, e.len), (25, 1));
    assert_eq!(e.message, "castling right `D` without its rook");
    // A file letter in a variant without `*` castlings is no flag.
    let chess = common::rules("definitions/chess.vdl");
    let e = common::fen_error(&chess, "4k3/8/8/8/8/8/8/R3K2R w KH - 0 1");
    assert_eq!((e.offset, e.len), (25, 1));
    assert_eq!(e.message, "`H` is not a castling flag of this variant");
}

#[test]
fn the_fast_generator_agrees_with_the_reference() {
    let rules = chess960();
    common::trees_agree(
        &rules,
        &[
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "4k3/8/8/8/8/8/8/R5KR w HA - 0 1",
            "1k6/8/8/8/8/8/8/rRK5 w B - 0 1",
            "rk5r/8/8/8/8/8/8/RK4R1 w GAha - 0 1",
            "nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w c - 0 9",
        ],
        3,
    );
    let starts: Vec<String> = (0..8)
        .map(|s| Position::start_seeded(&rules, s).fen())
        .collect();
    let starts: Vec<&str> = starts.iter().map(String::as_str).collect();
    common::random_walks_agree(&rules, &starts, 960, (3_000, 120), |_, _| {});
}
