//! Capture modes: every diagram of the Baroque seed as the exact claim it makes, and
//! focused positions for each mode (what it must capture and nothing else, at edges
//! and corners too).

use crate::common;

use vdl::{Position, Ruleset};

fn inline(source: &str) -> Ruleset {
    let loaded = vdl::load(source);
    loaded
        .ruleset
        .unwrap_or_else(|| panic!("{:#?}", loaded.diagnostics))
}

/// The legal moves of the piece on `from`: `(to, captured cells sorted)`, sorted.
fn moves_from(rules: &Ruleset, fen: &str, from: &str) -> Vec<(String, Vec<String>)> {
    let mut pos = Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    common::moves_of_piece(&mut pos, from, |_, m| {
        let mut caps: Vec<String> = m
            .captures()
            .iter()
            .map(|&c| rules.cell_name(c).to_string())
            .collect();
        caps.sort();
        (rules.cell_name(m.to).to_string(), caps)
    })
}

/// Only the capturing moves of the piece on `from`.
fn captures_from(rules: &Ruleset, fen: &str, from: &str) -> Vec<(String, Vec<String>)> {
    moves_from(rules, fen, from)
        .into_iter()
        .filter(|(_, c)| !c.is_empty())
        .collect()
}

fn mv(to: &str, caps: &[&str]) -> (String, Vec<String>) {
    (to.to_string(), caps.iter().map(|c| c.to_string()).collect())
}

fn baroque() -> Ruleset {
    common::rules("definitions/baroque.vdl")
}

#[test]
fn seed_pincer_takes_coordinator_and_leaper() {
    let r = baroque();
    let caps = captures_from(&r, "7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 w 0", "c2");
    assert_eq!(caps, vec![mv("c4", &["c5", "d4"])]);
}

#[test]
fn seed_coordinator_takes_two_corners() {
    let r = baroque();
    let caps = captures_from(&r, "8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w 0", "c2");
    assert!(caps.contains(&mv("c5", &["c7", "h5"])), "{caps:?}");
}

#[test]
fn seed_long_leaper_landings() {
    let r = baroque();
    let caps = captures_from(&r, "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 w 0", "d2");
    assert_eq!(
        caps,
        vec![
            mv("a5", &["b4"]),
            mv("d4", &["d3"]),
            mv("d6", &["d3", "d5"]),
            mv("d8", &["d3", "d5", "d7"]),
        ]
    );
}

#[test]
fn seed_withdrawer_takes_the_rook() {
    let r = baroque();
    let caps = captures_from(&r, "7k/8/8/3Qr3/8/8/8/K7 w 0", "d5");
    assert_eq!(
        caps,
        vec![mv("a5", &["e5"]), mv("b5", &["e5"]), mv("c5", &["e5"])]
    );
}

#[test]
fn seed_chameleon_combination() {
    let r = baroque();
    let caps = captures_from(&r, "7k/8/8/r3pP2/2n5/8/B7/K7 w 0", "a2");
    // 1.Bd5 leaps the long leaper on c4 and coordinates the coordinator on a5; the
    // pincer on e5 stays (a diagonal move is not a pincer's move).
    assert!(caps.contains(&mv("d5", &["a5", "c4"])), "{caps:?}");
    assert!(
        caps.iter().all(|(_, c)| !c.contains(&"e5".to_string())),
        "{caps:?}"
    );
}

#[test]
fn seed_king_cannot_step_into_a_pincer() {
    let r = baroque();
    // The seed writes the rank as `p4r` (six cells); the board has eight files.
    let bad = Position::from_fen(&r, "7k/8/8/p4r/4K3/8/8/8 w 0")
        .err()
        .expect("rejected");
    assert_eq!(
        bad.message,
        "this row (rank 5) has 6 cells but the board has 8 files"
    );
    assert_eq!((bad.offset, bad.len), (7, 3));
    let king = moves_from(&r, "7k/8/8/p4r2/4K3/8/8/8 w 0", "e4");
    let targets: Vec<&str> = king.iter().map(|(t, _)| t.as_str()).collect();
    assert!(!targets.contains(&"e5"), "{targets:?}");
    assert!(
        targets.contains(&"d5") && targets.contains(&"e3"),
        "{targets:?}"
    );
}

#[test]
fn seed_fens_load_with_their_trailing_zero() {
    let r = baroque();
    for fen in [
        "8/8/4m3/8/8/8/3M4/8 w 0",
        "7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 w 0",
        "8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w 0",
        "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 w 0",
        "7k/8/8/3Qr3/8/8/8/K7 w 0",
        "7k/8/8/r3pP2/2n5/8/B7/K7 w 0",
    ] {
        assert!(Position::from_fen(&r, fen).is_ok(), "{fen}");
    }
}

const SMALL: &str = r#"
board { files a b c d e ranks 1 2 3 4 5 }
piece King K { royal moves "K" }
piece Wall W { }
"#;

fn small(piece: &str) -> Ruleset {
    inline(&format!("{SMALL}\n{piece}\nsetup \"5/5/5/5/5 w\""))
}

#[test]
fn approach_takes_the_piece_ahead_only() {
    let r = small(r#"piece Advancer A { moves "mQ" capture approach }"#);
    // Advancer c1, enemy c4: moving to c3 takes c4; to c2 takes nothing.
    let m = moves_from(&r, "5/2w2/5/5/2A2 w", "c1");
    assert!(
        m.contains(&mv("c3", &["c4"])) && m.contains(&mv("c2", &[])),
        "{m:?}"
    );
    assert_eq!(
        captures_from(&r, "5/2w2/5/5/2A2 w", "c1"),
        vec![mv("c3", &["c4"])]
    );
    // At the edge: the victim on the last rank, and along a diagonal into the corner.
    assert_eq!(
        captures_from(&r, "2w2/5/5/5/2A2 w", "c1"),
        vec![mv("c4", &["c5"])]
    );
    assert_eq!(
        captures_from(&r, "4w/5/5/5/A4 w", "a1"),
        vec![mv("d4", &["e5"])]
    );
}

#[test]
fn withdraw_takes_the_piece_left_behind() {
    let r = small(r#"piece Withdrawer Q { moves "mQ" capture withdraw }"#);
    assert_eq!(
        captures_from(&r, "5/5/2Q2/2w2/5 w", "c3"),
        vec![mv("c4", &["c2"]), mv("c5", &["c2"])]
    );
    // In a corner, moving away is impossible: no capture.
    assert_eq!(captures_from(&r, "5/5/5/1w3/Q4 w", "a1"), vec![]);
    // Optional: each capturing move also exists without the capture.
    let r = small(r#"piece Withdrawer Q { moves "mQ" capture withdraw optional }"#);
    let m = moves_from(&r, "5/5/2Q2/2w2/5 w", "c3");
    assert!(
        m.contains(&mv("c4", &["c2"])) && m.contains(&mv("c4", &[])),
        "{m:?}"
    );
}

#[test]
fn overtake_jumps_single_enemies_with_gaps() {
    let r = small(r#"piece Leaper N { moves "mQ" capture overtake }"#);
    // Two enemies in a row cannot be jumped; a friend blocks.
    assert_eq!(captures_from(&r, "5/2w2/2w2/5/2N2 w", "c1"), vec![]);
    assert_eq!(captures_from(&r, "5/5/2W2/2w2/2N2 w", "c1"), vec![]);
    assert_eq!(
        captures_from(&r, "5/2w2/5/2w2/2N2 w", "c1"),
        vec![mv("c3", &["c2"]), mv("c5", &["c2", "c4"])]
    );
    let r = small(r#"piece Leaper N { moves "mQ" capture overtake single }"#);
    assert_eq!(
        captures_from(&r, "5/2w2/5/2w2/2N2 w", "c1"),
        vec![mv("c3", &["c2"])]
    );
}

#[test]
fn pincer_needs_a_friend_beyond() {
    let r = small(r#"piece Pincer P { moves "mR" capture pincer }"#);
    // Pincer b1 to a... along the a-file: enemy a2, friend a1 after the move.
    assert_eq!(captures_from(&r, "5/5/P4/w4/W4 w", "a3"), vec![]);
    assert_eq!(captures_from(&r, "5/5/5/w4/W1P2 w", "c1"), vec![]);
    // Moving to a3 pinces a2 against the wall on a1.
    assert_eq!(
        captures_from(&r, "5/5/1P3/w4/W4 w", "b3"),
        vec![mv("a3", &["a2"])]
    );
    // Diagonal neighbours are not pinced unless `all-directions`.
    assert_eq!(captures_from(&r, "5/5/1P3/1w3/W4 w", "b3"), vec![]);
    let r = small(r#"piece Pincer P { moves "mR" capture pincer all-directions }"#);
    assert_eq!(
        captures_from(&r, "5/5/5/1w3/W1P2 w", "c1"),
        vec![mv("c3", &["b2"])]
    );
}

#[test]
fn coordinate_uses_the_own_royal_piece() {
    let r = small(r#"piece Coordinator R { moves "mQ" capture coordinate }"#);
    // King e5; coordinator a1 to a3: corners a5 and e3.
    let caps = captures_from(&r, "w3K/5/4w/5/R4 w", "a1");
    assert!(caps.contains(&mv("a3", &["a5", "e3"])), "{caps:?}");
    // Every capture is at a corner of the rectangle with the king, and none is made by
    // a move that ends on the king's file or rank.
    for (to, taken) in &caps {
        let t = r.cell_by_name(to).expect("cell");
        let tc = r.board.cells[t as usize];
        assert!(
            tc.file != 4 && tc.rank != 4,
            "{to} is aligned with the king"
        );
        for c in taken {
            let cc = r.board.cells[r.cell_by_name(c).expect("cell") as usize];
            assert!(
                (cc.file == tc.file && cc.rank == 4) || (cc.file == 4 && cc.rank == tc.rank),
                "{to}: {c}"
            );
        }
    }
    // The corner on the king's file counts: king e5, coordinator a2 to b2 takes e2.
    assert!(captures_from(&r, "4K/5/5/R3w/5 w", "a2").contains(&mv("b2", &["e2"])));
}

#[test]
fn immobilizer_freezes_and_the_rule_decides_cancelling() {
    for (rule, frees) in [("pure", true), ("mutual", false)] {
        let r = inline(&format!(
            r#"{SMALL}
            piece Immobilizer M {{ moves "mQ" immobilize }}
            piece Queen Q {{ moves "Q" }}
            immobilization {rule}
            setup "5/5/5/5/5 w""#
        ));
        // The white queen b2 is next to the black immobilizer c3.
        assert!(moves_from(&r, "4k/5/2m2/1Q3/K4 w", "b2").is_empty());
        // A white immobilizer next to c3 frees it under the pure rule only.
        let freed = !moves_from(&r, "4k/5/2m2/1Q1M1/K4 w", "b2").is_empty();
        assert_eq!(freed, frees, "{rule}");
        // Hostile immobilizers side by side: frozen under both rules.
        assert!(
            moves_from(&r, "4k/5/2m2/3M1/K4 w", "d2").is_empty(),
            "{rule}"
        );
    }
}

#[test]
fn frozen_pieces_give_no_check() {
    let r = inline(&format!(
        r#"{SMALL}
        piece Immobilizer M {{ moves "mQ" immobilize }}
        piece Rook R {{ moves "R" }}
        setup "5/5/5/5/5 w""#
    ));
    // The black rook a5 would check the king on a1, but the immobilizer b4 freezes it.
    let pos = Position::from_fen(&r, "r4/1M3/5/5/K3k w").expect("valid");
    assert!(!pos.in_check(vdl::model::Side::White));
    let pos = Position::from_fen(&r, "r4/5/1M3/5/K3k w").expect("valid");
    assert!(pos.in_check(vdl::model::Side::White));
}

#[test]
fn chameleon_mimics_and_is_spared() {
    let r = baroque();
    // A chameleon does not capture chameleons: withdrawing from b doesn't take it.
    assert_eq!(captures_from(&r, "7k/8/8/3Bb3/8/8/8/K7 w", "d5"), vec![]);
    // It withdraws from a withdrawer.
    assert_eq!(
        captures_from(&r, "7k/8/8/3Bq3/8/8/8/K7 w", "d5"),
        vec![mv("a5", &["e5"]), mv("b5", &["e5"]), mv("c5", &["e5"])]
    );
    // It freezes an enemy immobilizer (which freezes it back) and cannot take it.
    assert!(moves_from(&r, "7k/8/8/3Bm3/8/8/8/K7 b", "e5").is_empty());
    // Next to the enemy king it gives check, as the king would capture.
    let pos = Position::from_fen(&r, "8/8/8/8/8/8/2B5/1k4K1 b").expect("valid");
    assert!(pos.in_check(vdl::model::Side::Black));
}

#[test]
fn ultima_suicide_and_mutual_freeze() {
    let r = common::rules("definitions/ultima.vdl");
    // The white coordinator b2 is frozen by the black immobilizer c3: its only move
    // is to remove itself. The king (royal) gets no such move.
    let m = moves_from(&r, "7k/8/8/8/8/2m5/1R6/K7 w", "b2");
    assert_eq!(m, vec![mv("b2", &["b2"])]);
    let m = moves_from(&r, "7k/8/8/8/8/8/1m6/K7 w", "a1");
    assert!(m.is_empty(), "{m:?}");
}

#[test]
fn suicide_is_written_as_a_removal() {
    let r = common::rules("definitions/ultima.vdl");
    let pos = Position::from_fen(&r, "7k/8/8/8/8/2m5/1R6/K7 w").expect("valid");
    let mut game = vdl::referee::Game::new(pos);
    let m = game
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.kind == vdl::MoveKind::Suicide)
        .expect("a suicide");
    assert_eq!(game.notation(&m), "@-b2");
    let err = game.play_text("@-a1").expect_err("the king may not");
    assert!(
        err.message
            .contains("only a frozen piece that is not royal"),
        "{}",
        err.message
    );
    game.play_text("@-b2").expect("legal");
    assert!(game
        .position()
        .piece_at(r.cell_by_name("b2").expect("cell"))
        .is_none());
}

#[test]
fn optional_captures_read_back_from_their_notation() {
    let r = small(r#"piece Withdrawer Q { moves "mQ" capture withdraw optional }"#);
    let mut game =
        vdl::referee::Game::new(Position::from_fen(&r, "5/5/2Q2/2w2/5 w").expect("valid"));
    let legal: Vec<_> = game.legal_moves().to_vec();
    let mut texts: Vec<String> = legal
        .iter()
        .filter(|m| r.cell_name(m.to) == "c4")
        .map(|m| game.notation(m))
        .collect();
    texts.sort();
    assert_eq!(texts, ["Q c3-c4", "Q c3-c4; @-c2"]);
    game.play_text("Q c3-c4").expect("the quiet move");
    assert!(game.played()[0].captures.is_empty());
    game.undo();
    game.play_text("Q c3-c4; @-c2").expect("the capture");
    assert_eq!(game.played()[0].captures, ["c2"]);
}

/// Approach and withdrawal along a leap take a piece a whole leap away, and that
/// counts as an attack on a royal piece.
#[test]
fn leaping_approach_and_withdrawal_attack() {
    let r = small(
        r#"piece Lancer L { moves "mN" capture approach }
           piece Retreater T { moves "mN" capture withdraw }"#,
    );
    // The black lancer a1 can leap to b3 and approach c5.
    let pos = Position::from_fen(&r, "2K2/5/5/5/l3k w").expect("valid");
    assert!(pos.in_check(vdl::model::Side::White));
    // The black retreater c3 can leap to e4 and take a2, behind it.
    let pos = Position::from_fen(&r, "4k/5/2t2/K4/5 w").expect("valid");
    assert!(pos.in_check(vdl::model::Side::White));
    let pos = Position::from_fen(&r, "4k/5/2t2/5/K4 w").expect("valid");
    assert!(!pos.in_check(vdl::model::Side::White));
}

/// A piece with a capture mode keeps its hopping captures.
#[test]
fn hops_survive_capture_modes() {
    let r = small(r#"piece Cannon C { moves "mRcpR" capture withdraw }"#);
    let caps = captures_from(&r, "w4/5/W4/5/C4 w", "a1");
    assert_eq!(caps, vec![mv("a5", &["a5"])]);
}

const RINGED: &str = r#"
board { files a b c d e f ranks 1 2 3 4 5 6 }
zone edge a1..f1 a6..f6 a2..a5 f2..f5 capture-only
piece King K { royal moves "K" }
piece Wall W { }
"#;

fn ringed(piece: &str) -> Ruleset {
    inline(&format!("{RINGED}\n{piece}\nsetup \"6/6/6/6/6/6 w\""))
}

fn targets(m: &[(String, Vec<String>)]) -> Vec<&str> {
    m.iter().map(|(t, _)| t.as_str()).collect()
}

#[test]
fn capture_only_zone_allows_only_needed_landings() {
    let r = ringed(r#"piece Queen Q { moves "Q" }"#);
    // Quiet moves stay inside; taking the wall on the edge needs landing there.
    let m = moves_from(&r, "2w3/6/2Q3/6/6/6 w", "c4");
    assert_eq!(
        targets(&m),
        ["b3", "b4", "b5", "c2", "c3", "c5", "c6", "d3", "d4", "d5", "e2", "e4"]
    );
    assert!(m.contains(&mv("c6", &["c6"])));
    // A piece on the edge may leave it, but not move along it.
    let m = moves_from(&r, "6/6/6/6/6/Q5 w", "a1");
    assert_eq!(targets(&m), ["b2", "c3", "d4", "e5"]);

    let r = ringed(r#"piece Leaper N { moves "mQ" capture overtake }"#);
    // Jumping c4, the leaper may land on c5 but not on c6: c5 takes the same piece.
    assert_eq!(
        captures_from(&r, "6/6/2w3/6/2N3/6 w", "c2"),
        vec![mv("c5", &["c4"])]
    );
    // Jumping c5, only c6 takes it: the edge landing is allowed.
    assert_eq!(
        captures_from(&r, "6/2w3/6/6/2N3/6 w", "c2"),
        vec![mv("c6", &["c5"])]
    );
}
