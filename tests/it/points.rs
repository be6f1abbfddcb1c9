//! `points NAME N ... [komi N]`: what repetition, the move rule, facing royal
//! pieces, a double pass or a stalemate would draw goes to the player whose pieces on the board
//! are worth more, Black's with the komi (Janggi's scored game, as
//! Fairy-Stockfish's `janggi` plays it; `janggitraditional` draws).

use crate::common;

use vdl::model::Side;
use vdl::referee::{EndReason, Game};

/// The result's winner and reason.
fn ending(game: &Game) -> (Option<Side>, EndReason) {
    let r = game.result().expect("the game is over");
    (r.winner, r.reason)
}

#[test]
fn a_bikjang_goes_to_the_side_worth_more() {
    let janggi = common::rules("definitions/janggi.vdl");
    // facing generals, White passes: its chariot (13) beats Black's komi (1.5)
    let fen = "4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1";
    let game = common::played(&janggi, fen, &["pass"]);
    assert_eq!(ending(&game), (Some(Side::White), EndReason::Facing));
    // bare generals: the komi wins it for Black
    let bare = "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1";
    let game = common::played(&janggi, bare, &["pass"]);
    assert_eq!(ending(&game), (Some(Side::Black), EndReason::Facing));
    // the traditional rules draw it
    let traditional = common::rules("definitions/janggitraditional.vdl");
    let game = common::played(&traditional, fen, &["pass"]);
    assert_eq!(ending(&game), (None, EndReason::Facing));
}

#[test]
fn a_double_pass_and_a_repetition_go_by_points() {
    let janggi = common::rules("definitions/janggi.vdl");
    // Black has a horse (5) and a soldier (2), White two soldiers (4): 4 < 8.5
    let fen = "3k5/9/4p4/9/4n4/9/9/3P1P3/9/4K4 w - - 0 1";
    let game = common::played(&janggi, fen, &["pass", "pass"]);
    assert_eq!(ending(&game), (Some(Side::Black), EndReason::DoublePass));
    let line = [
        "e1e2", "d10e10", "e2e1", "e10d10", "e1e2", "d10e10", "e2e1", "e10d10",
    ];
    let game = common::played(&janggi, fen, &line);
    assert_eq!(ending(&game), (Some(Side::Black), EndReason::Repetition));
}

#[test]
fn equal_worth_stays_a_draw_and_komi_breaks_ties() {
    let source = |komi: &str| {
        format!(
            "board {{ files a b c ranks 1 2 3 }}
             piece King K {{ royal moves \"K\" }}
             piece Rook R {{ moves \"R\" }}
             pass
             setup \"k1r/3/K1R w - - 0 1\"
             end {{ double-pass draw  points Rook 5{komi} }}"
        )
    };
    for (komi, winner) in [("", None), (" komi 0.5", Some(Side::Black))] {
        let loaded = vdl::load(&source(komi));
        let rules = loaded
            .ruleset
            .unwrap_or_else(|| panic!("{:#?}", loaded.diagnostics));
        let game = common::played(&rules, "k1r/3/K1R w - - 0 1", &["pass", "pass"]);
        assert_eq!(
            ending(&game),
            (winner, EndReason::DoublePass),
            "komi `{komi}`"
        );
    }
}

#[test]
fn a_drawn_stalemate_goes_by_points_too() {
    // White's king on a1 has no move and no check: Black's rook is worth 5
    let fen = "1r2/k3/4/K3 w - - 0 1";
    for (points, winner) in [("", None), ("points Rook 5", Some(Side::Black))] {
        let loaded = vdl::load(&format!(
            "board {{ files a b c d ranks 1 2 3 4 }}
             piece King K {{ royal moves \"K\" }}
             piece Rook R {{ moves \"R\" }}
             setup \"{fen}\"
             end {{ stalemate draw {points} }}"
        ));
        let rules = loaded
            .ruleset
            .unwrap_or_else(|| panic!("{:#?}", loaded.diagnostics));
        let game = common::played(&rules, fen, &[]);
        assert_eq!(ending(&game), (winner, EndReason::Stalemate), "`{points}`");
    }
}
