//! `repetition N OUTCOME perpetual-check OUTCOME`: a repetition in which one player
//! gave check with every move of the cycle is that rule's result for the checker,
//! in the referee and in the search. The same lines are compared with pyffish in
//! `tests/python/pyffish_api.py`.

use crate::common;

use vdl::model::Side;
use vdl::referee::EndReason;
use vdl::search::{Limits, Searcher};

fn xiangqi_with(repetition: &str) -> vdl::Ruleset {
    let text = std::fs::read_to_string(common::root().join("definitions/xiangqi.vdl"))
        .expect("xiangqi.vdl");
    let text = text.replace("repetition 3 draw perpetual-check loss", repetition);
    let loaded = vdl::load(&text);
    (loaded.ruleset).unwrap_or_else(|| panic!("{:#?}", loaded.diagnostics))
}

/// The rook checks along the last two ranks; the general steps between them.
const CHECKS: &str = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";

fn check_line() -> Vec<&'static str> {
    let mut line = vec!["a1a10", "e10e9", "a10a9", "e9e10"];
    for _ in 0..2 {
        line.extend(["a9a10", "e10e9", "a10a9", "e9e10"]);
    }
    line
}

/// The rook and the general step back and forth without a check.
const QUIET: &str = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";

fn quiet_line() -> Vec<&'static str> {
    ["a1a2", "d10d9", "a2a1", "d9d10"].repeat(2)
}

#[test]
fn the_checker_who_completes_the_repetition_loses() {
    let rules = common::rules("definitions/xiangqi.vdl");
    let line = check_line();
    // the position after the first check occurs for the third time at the ninth move
    assert!(common::played(&rules, CHECKS, &line[..8])
        .result()
        .is_none());
    let game = common::played(&rules, CHECKS, &line[..9]);
    let r = game.result().expect("over");
    assert_eq!((r.score(), r.reason), ("0-1", EndReason::Repetition));
    assert_eq!(r.subject, Side::White);
    assert_eq!(
        r.description,
        "the position occurred for the third time, by White's move: White gave check at every move: White loses"
    );
}

#[test]
fn the_checked_player_who_completes_the_repetition_wins() {
    let rules = common::rules("definitions/xiangqi.vdl");
    // a quiet move each first: the first position to come back is one after
    // Black's move
    let mut line = vec!["d1d2", "e10f10"];
    for _ in 0..2 {
        line.extend(["a9a10", "f10f9", "a10a9", "f9f10"]);
    }
    let fen = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";
    let game = common::played(&rules, fen, &line);
    let r = game.result().expect("over");
    assert_eq!(
        (r.score(), r.reason, r.subject),
        ("0-1", EndReason::Repetition, Side::Black)
    );
    assert_eq!(
        r.description,
        "the position occurred for the third time, by Black's move: White gave check at every move: White loses"
    );
}

#[test]
fn a_repetition_without_checks_is_the_rules_draw() {
    let rules = common::rules("definitions/xiangqi.vdl");
    let game = common::played(&rules, QUIET, &quiet_line());
    let r = game.result().expect("over");
    assert_eq!((r.score(), r.reason), ("1/2-1/2", EndReason::Repetition));
    assert_eq!(
        r.description,
        "the position occurred for the third time, by Black's move: a draw"
    );
}

/// A cycle without checks keeps the repetition's own result (here a loss for the
/// player who completes it), whatever `perpetual-check` says.
#[test]
fn without_checks_the_repetition_keeps_its_own_result() {
    let rules = xiangqi_with("repetition 3 loss perpetual-check win");
    let game = common::played(&rules, QUIET, &quiet_line());
    let r = game.result().expect("over");
    assert_eq!((r.score(), r.subject), ("1-0", Side::Black));
    assert_eq!(
        r.description,
        "the position occurred for the third time, by Black's move: Black loses"
    );
    // and checks by White alone now win for White, the checker
    let game = common::played(&rules, CHECKS, &check_line()[..9]);
    assert_eq!(game.result().map(|r| r.score()), Some("1-0"));
}

/// The search sees the repetition the checker would complete as the rule's result:
/// under `repetition 3 win` alone completing it wins at once; with
/// `perpetual-check loss` it loses, and another move is chosen.
#[test]
fn the_search_will_not_complete_a_repetition_by_perpetual_check() {
    let line = check_line();
    for (repetition, completes) in [
        ("repetition 3 win", true),
        ("repetition 3 win perpetual-check loss", false),
    ] {
        let rules = xiangqi_with(repetition);
        let game = common::played(&rules, CHECKS, &line[..8]);
        let mut searcher = Searcher::new(&rules, 16);
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let found = searcher.search(
            game.position(),
            &game.earlier_positions(),
            &limits,
            &mut |_| {},
        );
        let best = found.best.expect("a move");
        let text = game.position().move_text(&best);
        assert_eq!(
            text.ends_with("a9-a10") || text.contains("a9a10"),
            completes,
            "{repetition}: {text}"
        );
    }
}
