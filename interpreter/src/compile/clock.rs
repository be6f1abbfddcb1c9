//! The halfmove clock's rules: what resets the count a move rule (or FEN) keeps.

use crate::model::{Definition, MoveMode};

/// What resets the halfmove clock.
#[derive(Clone, Debug)]
pub struct ClockRules {
    /// Per kind: its every move resets the clock (the n-move rule's `reset-by`).
    pub by_kind: Vec<bool>,
    /// A drop from the hand resets it (`reset-by drop`).
    pub on_drop: bool,
    /// A promotion resets it (without a move rule, as FEN counts).
    pub on_promotion: bool,
    pub on_capture: bool,
    /// A move that locks the moved piece (see `MoveLimit::reset_on_lock`).
    pub on_lock: bool,
    /// A check whose every answer resets the clock resets it too.
    pub on_forcing_check: bool,
}

pub(super) fn clock_rules(def: &Definition) -> ClockRules {
    let limit = def.end.move_limit.as_ref();
    // Without a move rule the FEN's count is FEN's own: the half-moves since the
    // last capture, drop or pawn move (a `P` that moves and captures differently;
    // a shogi pawn or a soldier, which capture as they move, do not reset it).
    let pawn = |k: usize| {
        let p = &def.pieces[k];
        let has = |mode| p.rules.iter().any(|r| r.mode == mode);
        p.label.eq_ignore_ascii_case("P") && has(MoveMode::Quiet) && has(MoveMode::Capture)
    };
    ClockRules {
        by_kind: (0..def.pieces.len())
            .map(|k| limit.map_or(pawn(k), |l| l.reset_by.contains(&k)))
            .collect(),
        on_drop: limit.is_none_or(|l| l.reset_on_drop),
        on_promotion: limit.is_none_or(|l| l.reset_on_promotion),
        on_capture: limit.is_none_or(|l| l.reset_on_capture),
        on_lock: limit.is_some_and(|l| l.reset_on_lock),
        on_forcing_check: limit.is_some_and(|l| l.reset_on_forcing_check),
    }
}
