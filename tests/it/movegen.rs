//! The fast generator against the slow reference generator on random positions,
//! and make/unmake restoring positions and hashes exactly.

use crate::common;

use vdl::random::Rng;
use vdl::reference;
use vdl::Position;

const CHESS_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

/// Play random games from `fens`, comparing the generators at every position.
fn cross_check(rules: &vdl::Ruleset, fens: &[&str], positions: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut seen = 0;
    let mut list = Vec::new();
    while seen < positions {
        let fen = fens[rng.below(fens.len())];
        let mut pos = Position::from_fen(rules, fen).expect("test FENs are valid");
        for _ply in 0..60 {
            let fast = reference::fast_legal_moves(&mut pos);
            let slow = reference::legal_moves(&pos);
            assert_eq!(fast, slow, "generators differ at {}", pos.fen());
            for side in [vdl::model::Side::White, vdl::model::Side::Black] {
                assert_eq!(
                    pos.in_check(side),
                    reference::in_check(&pos, side),
                    "check differs for {side:?} at {}",
                    pos.fen()
                );
            }
            seen += 1;
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let m = list[rng.below(list.len())];
            pos.make(m);
        }
    }
}

/// The whole tree to depth 2: after every legal move, the replies agree.
fn every_reply_matches(rules: &vdl::Ruleset, fen: &str) {
    let mut pos = Position::from_fen(rules, fen).expect("test FENs are valid");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    for m in list {
        pos.make(m);
        let fast = reference::fast_legal_moves(&mut pos);
        assert_eq!(
            fast,
            reference::legal_moves(&pos),
            "after a move from {fen}"
        );
        pos.unmake();
    }
}

#[test]
fn chess_matches_reference() {
    let rules = common::rules("definitions/chess.vdl");
    let n = if cfg!(debug_assertions) { 400 } else { 3000 };
    cross_check(&rules, CHESS_FENS, n, 0x1234_5678);
}

#[test]
fn fairy_matches_reference() {
    let rules = common::rules("tests/definitions/fairy.vdl");
    let start = "lhgcksmxev/pppppppppp/y9/10/10/10/10/Y9/PPPPPPPPPP/LHGCKSMXEV w - - 0 1";
    let open = "4k5/2p7/2v2Y4/1P1c4G1/1h8/3X1x4/2C3p3/3E1M4/10/4K4L b - - 0 1";
    let n = if cfg!(debug_assertions) { 200 } else { 2000 };
    cross_check(&rules, &[start, open], n, 0x9e37_79b9);
}

/// Bent, zigzag, circular, equal-leg and chained movers, with blockers of both sides.
#[test]
fn movement_forms_match_reference() {
    let rules = common::rules("tests/definitions/movement.vdl");
    let start =
        "roanhvsikdhgrdrcb1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ROANHVSIKDHGRDRCB1 w - - 0 1";
    let open = "2an2k1dr2/1p2p1p3/3ro3si2/p1GR2cb4/4DH4P/1hv2P1AN3/2P1SI2p2/P2HV2RO3/3p1P4/4K1DRCBdh1 w - - 0 1";
    // and one position per form (the ones in tests/perft/movement.epd)
    let forms = [
        "5k4/8gr1/10/1Pp6dr/1P4pAN2/P1P7/3an6/1p2pp1DR1P/2p2GR3P/4K5 w - - 0 1",
        "5k4/5p4/10/3p3P2/2cb2p1P2/4p3PHV/2P1p2P2/P9/CB5pCB1hv/4K5 w - - 0 1",
        "5k4/2P3RO3/9p/3pp4P/3p4p1/RO2P6/2P7/roP2P5/2p6ro/4K5 w - - 0 1",
        "5k4/2P2si4/3p2si2P/2P3pP2/4p2P2/3p4P1/10/SI7p1/SI7p1/4K5 w - - 0 1",
        "5k4/2P2dh4/3p2dh2P/2P3pP2/4p2P2/3p4P1/10/DH7p1/DH7p1/4K5 w - - 0 1",
    ];
    let n = if cfg!(debug_assertions) { 200 } else { 3000 };
    cross_check(&rules, &[start, open], n, 0x51ea_5eed);
    for (i, fen) in forms.iter().enumerate() {
        cross_check(&rules, &[fen], n / 3, 0x51ea_5eed + i as u64);
        every_reply_matches(&rules, fen);
    }
}

/// Crazyhouse: drops from the hand (pawns not on the first or last rank), captured
/// pieces joining the captor's hand, promoted pieces going back as pawns.
#[test]
fn crazyhouse_matches_reference() {
    let rules = common::rules("definitions/crazyhouse.vdl");
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
        "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
        "r3k2r/pPp2ppp/8/3Q~4/8/8/P1P2pPP/R3K2R[NPnp] w KQkq - 0 1",
    ];
    let n = if cfg!(debug_assertions) { 150 } else { 1500 };
    cross_check(&rules, &fens, n, 0x0c4a_2e40);
}

/// UC-40's 34 ordinary piece types and its pawns, from the start and from three
/// scattered positions.
#[test]
fn uc40_pieces_match_reference() {
    let rules = common::rules("tests/definitions/uc40-pieces.vdl");
    let fens = [
        "rsicidakdrarhv/pppppppp/8/8/8/8/PPPPPPPP/RSICIDAKDRARHV w - - 0 1",
        "6ESdk/pXF1pXFXGP1/1P2wd1FDGR/p1xgPk3/3lesi1pp/6HV1/gn1K2P2/n7 w - - 0 1",
        "K7/4P1pP/kp2XF1P1/3af3le/2Phv1afp1/pp2XEP1DK/hv1xehv1AF2/4LEBUAF1 b - - 0 1",
        "4DAgn2/1CA1KP2p/4kR1HR/Pxd3CI2/4p1fd1/4P1bup/1BU1macq2p/3FD2se1 w - - 0 1",
    ];
    let n = if cfg!(debug_assertions) { 200 } else { 3000 };
    cross_check(&rules, &fens, n, 0x0c40_0c40);
}

#[test]
fn make_unmake_restores_position_and_hash() {
    for (path, fens) in [
        ("definitions/chess.vdl", CHESS_FENS),
        (
            "tests/definitions/fairy.vdl",
            &["lhgcksmxev/pppppppppp/y9/10/10/10/10/Y9/PPPPPPPPPP/LHGCKSMXEV w - - 0 1"][..],
        ),
        (
            "tests/definitions/movement.vdl",
            &["roanhvsikdhgrdrcb1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ROANHVSIKDHGRDRCB1 w - - 0 1"][..],
        ),
    ] {
        let rules = common::rules(path);
        let mut rng = Rng::new(77);
        let mut list = Vec::new();
        for fen in fens {
            let mut pos = Position::from_fen(&rules, fen).expect("valid");
            for _ in 0..200 {
                pos.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                for &m in &list {
                    let before = pos.snapshot();
                    pos.make(m);
                    assert_eq!(
                        pos.hash(),
                        pos.compute_hash(),
                        "incremental hash after {m:?}"
                    );
                    pos.unmake();
                    assert_eq!(pos.snapshot(), before, "unmake of {m:?} at {}", pos.fen());
                }
                let m = list[rng.below(list.len())];
                pos.make(m);
            }
        }
    }
}

#[test]
fn fen_round_trips() {
    let rules = common::rules("definitions/chess.vdl");
    for fen in CHESS_FENS {
        let pos = Position::from_fen(&rules, fen).expect("valid");
        assert_eq!(pos.fen(), *fen);
    }
}

#[test]
fn en_passant_and_castling_moves() {
    let rules = common::rules("definitions/chess.vdl");
    // White can take d5xe6 en passant (removing e5... the black pawn on e5) and castle both ways.
    let mut pos =
        Position::from_fen(&rules, "r3k2r/8/8/3Pp3/8/8/8/R3K2R w KQkq e6 0 1").expect("valid");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let ep: Vec<_> = list
        .iter()
        .filter(|m| m.kind == vdl::MoveKind::EnPassant)
        .map(|m| {
            (
                pos.move_text(m),
                m.captures()
                    .iter()
                    .map(|&c| rules.cell_name(c))
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    assert_eq!(ep, vec![("d5-e6".to_string(), vec!["e5"])]);
    let mut castles: Vec<_> = list
        .iter()
        .filter(|m| m.castle_rule().is_some())
        .map(|m| pos.move_text(m))
        .collect();
    castles.sort();
    assert_eq!(castles, vec!["e1-c1", "e1-g1"]);
}

/// A move two rules both make is one move: `moves "K" moves "W"` has the king's
/// eight moves, not twelve; `W` and `mW` together are `W`.
#[test]
fn a_move_written_twice_is_one_move() {
    let count = |moves: &str| {
        let text = format!(
            "board {{ files a b c ranks 1 2 3 }}\npiece King K {{ royal {moves} }}\npiece Pawn P {{ }}\nsetup \"3/1K1/2p w\"\n"
        );
        let loaded = vdl::load(&text);
        let rules = loaded
            .ruleset
            .unwrap_or_else(|| panic!("{:#?}", loaded.diagnostics));
        let mut pos = vdl::Position::start(&rules);
        let fast = pos.perft(1);
        let slow = vdl::reference::legal_moves(&pos).len() as u64;
        assert_eq!(fast, slow, "{moves}: fast and reference generators differ");
        fast
    };
    assert_eq!(count("moves \"K\" moves \"W\""), 8);
    assert_eq!(count("moves \"W mW\""), 4);
    assert_eq!(count("moves \"mK cK F\""), 8);
}

/// `promotes in ZONE to white ... black ...`: each side's pawn becomes its own
/// choices, and the reference reads the same lists.
#[test]
fn each_side_promotes_to_its_own_choices() {
    let rules = common::rules("tests/definitions/side-promotions.vdl");
    let texts = common::move_texts(&rules, "3k/P3/3p/K3 w - - 0 1");
    assert!(texts.contains(&"a3-a4=Q".to_string()) && texts.contains(&"a3-a4=N".to_string()));
    assert!(!texts.iter().any(|t| t == "a3-a4=R"));
    let texts = common::move_texts(&rules, "3k/P3/3p/K3 b - - 0 1");
    let promotions: Vec<&String> = texts.iter().filter(|t| t.starts_with("d2-d1")).collect();
    assert_eq!(promotions, ["d2-d1=R"]);
    common::trees_agree(
        &rules,
        &["3k/P3/3p/K3 w - - 0 1", "3k/P3/3p/K3 b - - 0 1"],
        3,
    );
}
