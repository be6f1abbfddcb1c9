//! `move-repetition`: a player who moves one piece back and forth between two cells,
//! move after move, as Fairy-Stockfish judges Kakao Janggi's repetitions.

use super::end::effect;
use super::game::{EndReason, Game, GameResult};
use crate::compile::Cell;
use crate::engine::{Move, MoveKind, Position};
use crate::model::MoveRepetition;

/// What the rule needs to know of one move played.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    from: Cell,
    to: Cell,
    /// A move of one piece from a cell to another, captures aside: no promotion,
    /// drop or wall (where captures are irreversible, the window leaves them out).
    plain: bool,
    pass: bool,
    capture: bool,
    /// The moved piece is of a kind the rule counts.
    counted: bool,
    /// Its player was in check before it.
    in_check: bool,
}

impl Step {
    /// The step of `m`, a legal move of `pos` not yet made.
    pub(super) fn of(pos: &Position, m: &Move, rule: &MoveRepetition) -> Step {
        let capture = !m.captures().is_empty() || m.converted().is_some();
        let extra =
            m.promotion().is_some() || pos.drop_cell(m).is_some() || pos.wall_of(m).is_some();
        let kind = pos.piece_at(m.from).map(|p| p.kind);
        let stm = pos.side_to_move();
        Step {
            from: m.from,
            to: m.to,
            plain: m.kind == MoveKind::Normal && !extra,
            pass: m.kind == MoveKind::Pass,
            capture,
            counted: kind.is_some_and(|k| rule.kinds.is_empty() || rule.kinds.contains(&k)),
            // without check (royal capture) nobody is ever in check
            in_check: !pos.rules().definition.end.royal_capture
                && pos.has_royal(stm)
                && pos.in_check(stm),
        }
    }

    /// Whether this move takes back `later`, its player's next move.
    fn undone_by(&self, later: &Step) -> bool {
        self.plain && later.plain && self.from == later.to && self.to == later.from
    }
}

/// The two cells of a series of `moves` moves back and forth that the last move of
/// `steps` (the game's moves, oldest first) completes, if it does. `window`: the
/// plies since the half-move count last started again, or `None` where captures go
/// to the hand (a capture is then no irreversible move).
///
/// Looking back over the player's own moves: the last moves one piece of a counted
/// kind; each earlier one is undone by the one after it, until `moves` of them (a
/// pass just before the last move is skipped); the move before the series brought
/// the piece to the series' first cell without a capture. The count did not start
/// again after that move, and the player was in check before none of these moves
/// (before the first one only if the count ran through it: Fairy-Stockfish's window).
pub(super) fn shuttled(steps: &[Step], moves: u32, window: Option<usize>) -> Option<(Cell, Cell)> {
    let last = steps.last()?;
    if !last.plain || !last.counted || last.in_check {
        return None;
    }
    let reaches = |plies: usize| window.is_none_or(|w| w >= plies);
    let mut series = 1;
    let mut oldest = last;
    for (i, step) in steps.iter().rev().step_by(2).enumerate().skip(1) {
        if series == moves {
            let arrived = step.to == oldest.from && !step.pass && !step.capture;
            let checked = step.in_check && reaches(2 * i + 1);
            return (arrived && !checked && reaches(2 * i)).then_some((oldest.from, oldest.to));
        }
        if step.in_check || !reaches(2 * i + 1) {
            return None;
        }
        if step.undone_by(oldest) {
            series += 1;
            oldest = step;
        } else if !(step.pass && i == 1) {
            return None;
        }
    }
    None
}

impl<'r> Game<'r> {
    /// Record the move about to be played, under `move-repetition`.
    pub(super) fn record_step(&mut self, m: &Move) {
        if let Some(rule) = &self.pos.rules().definition.end.move_repetition {
            self.steps.push(Step::of(&self.pos, m, rule));
        }
    }

    /// `move-repetition`: the player who moved last has moved one piece back and
    /// forth the rule's number of times.
    pub(super) fn move_repetition(&self) -> Option<GameResult> {
        let rule = self.pos.rules().definition.end.move_repetition.as_ref()?;
        let rules = self.pos.rules();
        let to_hand = rules
            .definition
            .hand
            .as_ref()
            .is_some_and(|h| h.keep_captured);
        let window = (!to_hand).then(|| self.pos.halfmove_clock() as usize);
        let (a, b) = shuttled(&self.steps, rule.moves, window)?;
        let mover = self.pos.side_to_move().opponent();
        let moved = self.steps.last().and_then(|s| self.pos.piece_at(s.to));
        let piece = moved.map_or_else(String::new, |p| {
            format!("{} ", rules.definition.pieces[p.kind].name)
        });
        let effect = effect(rule.outcome, mover);
        Some(GameResult {
            winner: rule.outcome.winner(mover),
            reason: EndReason::MoveRepetition,
            subject: mover,
            description: format!(
                "{} moved its {piece}back and forth between {} and {} {} times in a row: {effect}",
                mover.name(),
                rules.cell_name(a),
                rules.cell_name(b),
                rule.moves,
            ),
            claimed: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(from: Cell, to: Cell) -> Step {
        Step {
            from,
            to,
            plain: true,
            pass: false,
            capture: false,
            counted: true,
            in_check: false,
        }
    }

    fn pass() -> Step {
        Step {
            pass: true,
            plain: false,
            ..step(4, 4)
        }
    }

    /// The mover's moves, oldest first, with a quiet reply (cells 60 and 61) between.
    fn game(own: &[Step]) -> Vec<Step> {
        let mut steps = Vec::new();
        for (i, s) in own.iter().enumerate() {
            if i > 0 {
                steps.push(if i % 2 == 0 {
                    step(60, 61)
                } else {
                    step(61, 60)
                });
            }
            steps.push(*s);
        }
        steps
    }

    #[test]
    fn four_moves_back_and_forth_after_an_arrival() {
        let back_and_forth = [step(9, 0), step(0, 1), step(1, 0), step(0, 1), step(1, 0)];
        assert_eq!(shuttled(&game(&back_and_forth), 4, None), Some((0, 1)));
        // one move fewer: the series is not complete, nor without the arrival
        assert_eq!(shuttled(&game(&back_and_forth[1..]), 4, None), None);
        assert_eq!(shuttled(&game(&back_and_forth), 5, None), None);
        // the piece that started the series came by a capture
        let mut captured = back_and_forth;
        captured[0].capture = true;
        assert_eq!(shuttled(&game(&captured), 4, None), None);
    }

    #[test]
    fn a_pass_only_just_before_the_last_move() {
        let own = [
            step(9, 0),
            step(0, 1),
            step(1, 0),
            step(0, 1),
            pass(),
            step(1, 0),
        ];
        assert_eq!(shuttled(&game(&own), 4, None), Some((0, 1)));
        assert_eq!(shuttled(&game(&own), 5, None), None, "one move short");
        let early = [
            step(9, 0),
            step(0, 1),
            pass(),
            step(1, 0),
            step(0, 1),
            step(1, 0),
        ];
        assert_eq!(shuttled(&game(&early), 4, None), None);
    }

    #[test]
    fn check_or_a_new_count_breaks_it() {
        let own = [step(9, 0), step(0, 1), step(1, 0), step(0, 1), step(1, 0)];
        let mut checked = own;
        checked[2].in_check = true;
        assert_eq!(shuttled(&game(&checked), 4, None), None);
        // the half-move count started again after the arrival (the eighth ply back)
        assert_eq!(shuttled(&game(&own), 4, Some(7)), None);
        assert_eq!(shuttled(&game(&own), 4, Some(8)), Some((0, 1)));
        // check before the arrival counts only if the count ran through it
        let mut arrived_in_check = own;
        arrived_in_check[0].in_check = true;
        assert_eq!(shuttled(&game(&arrived_in_check), 4, Some(9)), None);
        assert_eq!(shuttled(&game(&arrived_in_check), 4, Some(8)), Some((0, 1)));
        let mut uncounted = own;
        uncounted[4].counted = false;
        assert_eq!(shuttled(&game(&uncounted), 4, None), None);
    }
}
