//! Flipping and cloning games (Reversi, Ataxx): pieces that turn enemy pieces
//! over when they arrive (`flips lines`, `flips neighbours`), drops that must
//! enclose a line or land next to a piece of the player's, the first drops kept
//! to a zone, a hand that never runs out (`unlimited`), a pass only when stuck,
//! and the end when the board is full, decided by `points`. Checked against the
//! reference generator here, and against Fairy-Stockfish's perft figures
//! (`tests/perft/flipello.epd`, `flipersi.epd`, `flipello10.epd`, `ataxx.epd`).

use crate::common;

use vdl::model::Side;
use vdl::referee::EndReason;

fn flipello() -> vdl::Ruleset {
    common::rules("definitions/flipello.vdl")
}

fn ataxx() -> vdl::Ruleset {
    common::rules("definitions/ataxx.vdl")
}

const FLIPELLO_START: &str = "8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1";

#[test]
fn a_reversi_drop_must_enclose_and_turns_every_enclosed_line() {
    let rules = flipello();
    // White's four drops each close one black stone against a white one
    assert_eq!(
        common::move_texts(&rules, FLIPELLO_START),
        ["P@c5", "P@d6", "P@e3", "P@f4"]
    );
    // d6 closes d5 against d4: the black stone turns white
    let game = common::played(&rules, FLIPELLO_START, &["P@d6"]);
    let fen = game.position().fen();
    assert!(fen.starts_with("8/8/3P4/3PP3/3Pp3/8/8/8["), "{fen}");
    // a line that runs into an empty cell turns nothing: c4 closes d4 against e4,
    // but not d5 (c4-d5-e6 is open)
    assert_eq!(
        fen_after(&rules, "8/8/8/3pP3/3pP3/8/8/8[Pp] w - - 0 1", "P@c4"),
        "8/8/8/3pP3/2PPP3/8/8/8[p] b - - 0 1"
    );
    // a drop closing lines in two directions turns both: b5 closes c5 and d5
    // against e5, and c4 against d3
    assert_eq!(
        fen_after(&rules, "8/8/8/2ppP3/2p5/3P4/8/8[Pp] w - - 0 1", "P@b5"),
        "8/8/8/1PPPP3/2P5/3P4/8/8[p] b - - 0 1"
    );
}

/// The FEN after the move written `text` from `fen`.
fn fen_after(rules: &vdl::Ruleset, fen: &str, text: &str) -> String {
    let mut pos = vdl::Position::from_fen(rules, fen).expect("fen");
    common::play_text(&mut pos, text);
    pos.fen()
}

#[test]
fn a_player_passes_only_when_stuck() {
    let rules = flipello();
    // Black has no enclosing drop: its one move is the pass
    let fen = "Ppp1p3/ppppp1pP/ppppppPP/pppPpPpP/ppppPpPP/ppPppPPP/pPpPpPPP/PPPPPPPP[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppppppppppppppp] b - - 0 28";
    let mut pos = vdl::Position::from_fen(&rules, fen).expect("fen");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].kind, vdl::MoveKind::Pass);
    // with a drop to make, no pass
    let moves = common::move_texts(&rules, FLIPELLO_START);
    assert!(moves.iter().all(|m| m.starts_with("P@")), "{moves:?}");
}

#[test]
fn a_full_board_ends_the_game_for_the_player_with_more_stones() {
    let rules = flipello();
    // White's drop on h1 fills the board, turning h2, h3, g2 and f3: 46 white
    // stones against 18
    let fen =
        "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/ppppppP1[P] w - - 0 30";
    let game = common::played(&rules, fen, &["P@h1"]);
    let result = game.result().expect("over");
    assert_eq!(result.reason, EndReason::FullBoard);
    assert_eq!(result.winner, Some(Side::White));
    assert!(
        result.description.contains("decided by points"),
        "{}",
        result.description
    );
    // neither side can move: the double pass ends the game, and points decide it
    let fen = "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/8/8/pppppppp/pppppppp[] w - - 0 30";
    let game = common::played(&rules, fen, &["pass", "pass"]);
    let result = game.result().expect("over");
    assert_eq!(
        (result.reason, result.winner),
        (EndReason::DoublePass, Some(Side::White))
    );
    // equal numbers of stones draw
    let fen = "PPPPPPPP/PPPPPPPP/8/8/8/8/pppppppp/pppppppp[] w - - 0 30";
    let game = common::played(&rules, fen, &["pass", "pass"]);
    let result = game.result().expect("over");
    assert_eq!(
        (result.reason, result.winner),
        (EndReason::DoublePass, None)
    );
}

#[test]
fn the_first_reversi_stones_go_on_the_centre() {
    let rules = common::rules("definitions/flipersi.vdl");
    let fen = "8/8/8/8/8/8/8/8[PPpp] w - - 0 1";
    assert_eq!(
        common::move_texts(&rules, fen),
        ["P@d4", "P@d5", "P@e4", "P@e5"]
    );
    // with the centre full the flanking rule takes over; without a drop the
    // player is stalemated and the count of stones decides (no pass)
    let fen = "8/8/8/3pp3/3PP3/8/8/8[Pp] w - - 0 1";
    assert_eq!(
        common::move_texts(&rules, fen),
        ["P@c6", "P@d6", "P@e6", "P@f6"]
    );
    let fen = "8/8/8/3PP3/3PP3/8/8/8[Pp] b - - 0 3";
    let game = common::played(&rules, fen, &[]);
    let result = game.result().expect("over");
    assert_eq!(result.winner, Some(Side::White));
}

#[test]
fn an_ataxx_blob_clones_next_to_its_own_or_jumps_and_turns_its_neighbours() {
    let rules = ataxx();
    let start = "P5p/7/7/7/7/7/p5P w - - 0 1";
    // the hand never runs out, and the FEN lists none of it
    let moves = common::move_texts(&rules, start);
    assert_eq!(
        moves,
        [
            "P@a6", "P@b6", "P@b7", "P@f1", "P@f2", "P@g2", "a7-a5", "a7-b5", "a7-c5", "a7-c6",
            "a7-c7", "g1-e1", "g1-e2", "g1-e3", "g1-f3", "g1-g3"
        ]
    );
    // a clone next to c3 turns c4, the black blob next to it
    let fen = "7/7/7/2pp3/2P4/7/7 w - - 0 1";
    let mut pos = vdl::Position::from_fen(&rules, fen).expect("fen");
    common::play_text(&mut pos, "P@b4");
    assert_eq!(pos.fen(), "7/7/7/1PPp3/2P4/7/7 b - - 0 1");
    // a jump leaves its cell and turns c3
    common::play_text(&mut pos, "d4-d2");
    assert_eq!(pos.fen(), "7/7/7/1PP4/2p4/3p3/7 w - - 1 2");
    // a clone turning both black blobs leaves Black without a move or a pass: it
    // has fewer blobs and loses
    let game = common::played(&rules, &pos.fen(), &["P@d3"]);
    assert_eq!(game.position().fen(), "7/7/7/1PP4/2PP3/3P3/7 b - - 0 2");
    let result = game.result().expect("over");
    assert_eq!(
        (result.reason, result.winner),
        (EndReason::NoLegalMove, Some(Side::White))
    );
}

#[test]
fn a_fen_gives_no_count_of_an_unlimited_kind() {
    let rules = ataxx();
    let e = common::fen_error(&rules, "P5p/7/7/7/7/7/p5P[Pp] w - - 0 1");
    assert_eq!(e.offset, 18);
    assert_eq!(e.len, 1);
    assert!(e.message.contains("`P` is always in hand"), "{}", e.message);
}

#[test]
fn flipping_games_agree_with_the_reference_generator() {
    let cases = [
        ("definitions/flipello.vdl", FLIPELLO_START.to_string()),
        (
            "definitions/ataxx.vdl",
            "P5p/7/7/7/7/7/p5P w - - 0 1".to_string(),
        ),
        // blocked cells: the masks see them empty, the drops must not
        (
            "definitions/ataxx.vdl",
            "P5p/7/2*1*2/3*3/2*1*2/7/p5P w - - 0 1".to_string(),
        ),
        (
            "definitions/flipersi.vdl",
            format!(
                "8/8/8/8/8/8/8/8[{}{}] w - - 0 1",
                "P".repeat(32),
                "p".repeat(32)
            ),
        ),
    ];
    for (i, (file, fen)) in cases.iter().enumerate() {
        let rules = common::rules(file);
        common::random_walks_agree(&rules, &[fen], 40 + i as u64, (240, 80), |_, _| {});
    }
}

/// Reversi's and Ataxx's legal drops are found for the whole board at once by
/// shifting masks; a stone that never turns (`immune`) sends Reversi's cell by cell. Both agree with the
/// reference generator.
#[test]
fn enclosing_drops_by_masks_and_cell_by_cell() {
    let flipello = common::rules("definitions/flipello.vdl");
    assert_eq!(flipello.capture.neighbour_rays.len(), 8);
    assert_eq!(ataxx().capture.neighbour_rays.len(), 8);
    let with_rocks = vdl::load(
        r#"
board { files a b c d e f ranks 1 2 3 4 5 6 }
piece Stone P { flips lines }
piece Rock R { immune }
hand { drop-enclosing }
pass when-stuck
setup "6/1R4/2pP2/2Pp2/4r1/6[PPPPPPPPPPPPPPPPpppppppppppppppp] w - - 0 1"
end { stalemate loss fewer-pieces double-pass draw full-board draw }
"#,
    );
    let rocks = with_rocks.ruleset.expect("the definition compiles");
    assert!(rocks.capture.neighbour_rays.is_empty());
    let start = "6/1R4/2pP2/2Pp2/4r1/6[PPPPPPPPPPPPPPPPpppppppppppppppp] w - - 0 1";
    common::random_walks_agree(&rocks, &[start], 7, (120, 40), |_, _| {});
}
