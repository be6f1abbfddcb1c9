//! `move-repetition N [KINDS] OUTCOME`: a player who moves one piece back and forth
//! N times in a row gets the outcome (Kakao Janggi's rule, as Fairy-Stockfish's
//! `janggimodern` plays it; pyffish compares it in `tests/python/pyffish_api.py`).
//! Also the fifty-move rule of the xiangqi and janggi family.

use crate::common;

use vdl::model::Side;
use vdl::referee::{EndReason, Game};

/// The result's winner and reason, if the game is over.
fn ending(game: &Game) -> Option<(Option<Side>, EndReason)> {
    game.result().map(|r| (r.winner, r.reason))
}

/// Two rooks and kings on five by five; a rook that goes back and forth twice loses.
const SHUTTLE: &str = r#"
board { files a b c d e ranks 1 2 3 4 5 }
piece King K { royal moves "K" }
piece Rook R { moves "R" }
setup "r3k/5/R4/5/1RK2 w - - 0 1"
end { move-repetition 2 Rook loss }
"#;

fn shuttle_rules() -> vdl::Ruleset {
    let loaded = vdl::load(SHUTTLE);
    loaded.ruleset.expect("the definition compiles")
}

#[test]
fn a_rook_that_comes_and_goes_back_and_forth_loses() {
    let rules = shuttle_rules();
    let fen = "r3k/5/R4/5/1RK2 w - - 0 1";
    let line = ["b1b2", "a5a4", "b2c2", "a4a5", "c2b2"];
    let game = common::played(&rules, fen, &line);
    assert_eq!(
        ending(&game),
        Some((Some(Side::Black), EndReason::MoveRepetition))
    );
    let r = game.result().expect("over");
    assert_eq!(
        r.description,
        "White moved its Rook back and forth between b2 and c2 2 times in a row: White loses"
    );
    // the series of a rook that has not come to b1 in this game does not count
    let game = common::played(&rules, fen, &["b1b2", "a5a4", "b2b1"]);
    assert_eq!(ending(&game), None);
}

#[test]
fn check_before_a_move_or_a_capture_by_anyone_breaks_the_series() {
    let rules = shuttle_rules();
    let fen = "r3k/5/R4/5/1RK2 w - - 0 1";
    // b2-c2 blocks the rook's check on the c-file
    let checked = ["b1b2", "a5c5", "b2c2", "c5d5", "c2b2"];
    assert_eq!(ending(&common::played(&rules, fen, &checked)), None);
    // Black takes the rook on a3 in the middle of the series
    let captured = ["b1b2", "a5a3", "b2c2", "a3a4", "c2b2"];
    assert_eq!(ending(&common::played(&rules, fen, &captured)), None);
    // the king is not a counted kind (nor is Black's)
    let king = ["c1d1", "e5d5", "d1d2", "d5e5", "d2d1", "e5d5", "d1d2"];
    assert_eq!(ending(&common::played(&rules, fen, &king)), None);
}

#[test]
fn modern_janggi_s_chariot_loses_on_its_fourth_move_back_and_forth() {
    let rules = common::rules("definitions/janggimodern.vdl");
    let fen = "4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1";
    let series = [
        "a1a2", "e10d10", "a2a3", "d10e10", "a3a2", "e10d10", "a2a3", "d10e10",
    ];
    let game = common::played(&rules, fen, &series);
    assert_eq!(ending(&game), None);
    let game = common::played(&rules, fen, &[&series[..], &["a3a2"]].concat());
    assert_eq!(
        ending(&game),
        Some((Some(Side::Black), EndReason::MoveRepetition))
    );
    // a pass just before the last move does not help
    let passed = [&series[..], &["pass", "e10d10", "a3a2"]].concat();
    let game = common::played(&rules, fen, &passed);
    assert_eq!(
        ending(&game),
        Some((Some(Side::Black), EndReason::MoveRepetition))
    );
    // a guard's steps do not count: the fourth occurrence goes by points (3 > 1.5)
    let guard = ["d2d1", "e10d10", "d1d2", "d10e10"].repeat(3);
    let game = common::played(&rules, "4k4/9/9/9/9/9/9/9/3AK4/9 w - - 0 1", &guard);
    assert_eq!(
        ending(&game),
        Some((Some(Side::White), EndReason::Repetition))
    );
}

#[test]
fn a_pass_does_not_make_a_position_new_for_repetition() {
    // Fairy-Stockfish's key: after Black's two passes (not in a row) and a move back
    // and forth by each side, the start position occurs for the fourth time
    let rules = common::rules("definitions/janggimodern.vdl");
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let line = [
        "i4h4", "pass", "h4i4", "pass", "a1a2", "b10a8", "a2a1", "a8b10", "a1a2", "b10a8", "a2a1",
        "a8b10",
    ];
    let game = common::played(&rules, start, &line);
    // equal material: Black's komi wins it
    assert_eq!(
        ending(&game),
        Some((Some(Side::Black), EndReason::Repetition))
    );
}

#[test]
fn fifty_moves_without_a_capture_end_xiangqi_and_janggi() {
    let xiangqi = common::rules("definitions/xiangqi.vdl");
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 99 60";
    // a soldier's step does not start the count again
    let game = common::played(&xiangqi, fen, &["a4a5"]);
    assert_eq!(ending(&game), Some((None, EndReason::MoveRule)));
    // janggi's goes by points: Black's komi; modern janggi counts a hundred moves
    let janggi = common::rules("definitions/janggi.vdl");
    let fen = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 99 60";
    let game = common::played(&janggi, fen, &["a1a2"]);
    assert_eq!(
        ending(&game),
        Some((Some(Side::Black), EndReason::MoveRule))
    );
    let modern = common::rules("definitions/janggimodern.vdl");
    assert_eq!(ending(&common::played(&modern, fen, &["a1a2"])), None);
    let fen = fen.replace(" 99 60", " 199 100");
    let game = common::played(&modern, &fen, &["a1a2"]);
    assert_eq!(
        ending(&game),
        Some((Some(Side::Black), EndReason::MoveRule))
    );
}
