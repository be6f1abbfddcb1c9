//! The halfmove clock's rules: what resets the count a move rule (or FEN) keeps.

use super::{Cell, Ruleset};
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
    /// Per kind: the kinds it promotes to that turn back into it (Kyoto Shogi's
    /// two-faced pieces). Without a move rule such a promotion is no progress and
    /// resets nothing, as Fairy-Stockfish counts.
    pub turns_back: Vec<u64>,
    pub on_capture: bool,
    /// A move that locks the moved piece (see `MoveLimit::reset_on_lock`).
    pub on_lock: bool,
    /// A check whose every answer resets the clock resets it too.
    pub on_forcing_check: bool,
    /// Per kind: its moves reset the clock unless it could move straight back
    /// (`reset-by irreversible KIND`); its drops always do.
    pub one_way: Vec<bool>,
    /// For those kinds, per (side, kind, cell): the cells from which a quiet move
    /// to that cell could be undone by a quiet move back, on an empty board.
    pub returns: Vec<Vec<Cell>>,
}

impl ClockRules {
    /// Whether a piece's move from `from` to `to` could be undone by moving back.
    #[inline]
    pub fn reversible(&self, index: usize, from: Cell) -> bool {
        self.returns.get(index).is_some_and(|r| r.contains(&from))
    }
}

/// For each kind whose irreversible moves reset the clock: the cells its quiet
/// moves (not those allowed only from the start) reach from each cell.
pub(super) fn return_cells(rules: &Ruleset) -> Vec<Vec<Cell>> {
    let n = rules.board.cells.len();
    if !rules.clock.one_way.contains(&true) {
        return Vec::new();
    }
    let mut returns = vec![Vec::new(); 2 * rules.kinds * n];
    for side in 0..2 {
        for kind in (0..rules.kinds).filter(|&k| rules.clock.one_way[k]) {
            let piece = &rules.definition.pieces[kind];
            for to in 0..n as Cell {
                let back = &mut returns[(side * rules.kinds + kind) * n + to as usize];
                for ray in rules.rays_of(side, kind, to) {
                    let initial = piece
                        .rules
                        .get(ray.rule as usize)
                        .is_some_and(|r| r.initial);
                    if ray.quiet && !initial {
                        let cells = rules.cells_of(ray);
                        back.extend(&cells[(ray.blockers as usize).min(cells.len())..]);
                    }
                }
            }
        }
    }
    returns
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
        turns_back: (0..def.pieces.len())
            .map(|k| {
                if limit.is_some() {
                    0
                } else {
                    turns_back(def, k)
                }
            })
            .collect(),
        on_capture: limit.is_none_or(|l| l.reset_on_capture),
        on_lock: limit.is_some_and(|l| l.reset_on_lock),
        on_forcing_check: limit.is_some_and(|l| l.reset_on_forcing_check),
        one_way: (0..def.pieces.len())
            .map(|k| limit.is_some_and(|l| l.reset_irreversible.contains(&k)))
            .collect(),
        returns: Vec::new(),
    }
}

/// The kinds `kind` promotes to whose own promotion makes `kind` again.
fn turns_back(def: &Definition, kind: usize) -> u64 {
    let makes = |from: usize, to: usize| {
        def.pieces[from].promotion.as_ref().is_some_and(|p| {
            p.choices.contains(&to) || p.black_choices.as_ref().is_some_and(|b| b.contains(&to))
        })
    };
    (0..def.pieces.len())
        .filter(|&k| makes(kind, k) && makes(k, kind))
        .fold(0, |m, k| m | 1 << k)
}
