//! The reference's first moves (`first-move`), read from the definition: a piece
//! holding its right (the position's rights, like its castling rights) makes them
//! to empty cells, unless `not-in-check` and its side is in check.

use super::rules::first_rule_moves;
use super::{board_cells, capture, royal_attacked, with_promotions, Ctx, Position, RefMove};

/// The first moves of `side`, to move in `pos`.
pub(super) fn moves(pos: &Position, ctx: &Ctx, side: usize) -> Vec<RefMove> {
    let mut out = Vec::new();
    let rules = pos.rules();
    for from in board_cells(ctx) {
        let Some((s, kind)) = ctx.get(from) else {
            continue;
        };
        let Some(first) = ctx.def.pieces[kind].first_move.as_ref() else {
            continue;
        };
        let holds = rules
            .cell_at(from)
            .is_some_and(|c| pos.holds_first_right(c));
        if s != side || !holds || capture::frozen(ctx, from) {
            continue;
        }
        if first.not_in_check && royal_attacked(ctx, side) {
            continue;
        }
        let mut raw = Vec::new();
        first_rule_moves(ctx, from, &mut raw);
        for (to, captures, passed) in raw {
            if captures.is_empty() {
                with_promotions(ctx, from, to, captures, passed, &mut out);
            }
        }
    }
    out
}
