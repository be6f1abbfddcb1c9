//! `flips` and the hand's rules on a drop's neighbours as the reference reads
//! them: from the cell, each neighbour step walked cell by cell on the grid.

use super::{board_cells, in_zone, shift, walls, Ctx};
use crate::model::{Coord, Flip, Offset};

/// Whether the piece on `c` is an enemy of `side` that may turn over.
fn turnable(ctx: &Ctx, c: Coord, side: usize) -> bool {
    ctx.get(c).is_some_and(|(s, k)| {
        let p = &ctx.def.pieces[k];
        s != side && s != walls::WALL && !p.royal && !p.immune && p.two_cell.is_none()
    })
}

fn steps(ctx: &Ctx) -> &'static [Offset] {
    Offset::neighbours(ctx.def.board.tiling)
}

/// The enemy pieces from `c` along `d` that a piece of `side` closes beyond them.
fn enclosed(ctx: &Ctx, c: Coord, d: Offset, side: usize) -> Vec<Coord> {
    let mut run = Vec::new();
    let mut at = shift(c, d);
    while ctx.on_board(at) && turnable(ctx, at, side) {
        run.push(at);
        at = shift(at, d);
    }
    let closed = ctx.on_board(at) && ctx.get(at).is_some_and(|(s, _)| s == side);
    if closed {
        run
    } else {
        Vec::new()
    }
}

/// The cells a piece of `side` that has arrived on `c` turns over.
pub(super) fn turned(ctx: &Ctx, c: Coord, side: usize) -> Vec<Coord> {
    let Some(rule) = ctx.get(c).and_then(|(_, k)| ctx.def.pieces[k].flips) else {
        return Vec::new();
    };
    steps(ctx)
        .iter()
        .flat_map(|&d| match rule {
            Flip::Lines => enclosed(ctx, c, d, side),
            Flip::Neighbours => {
                let n = shift(c, d);
                if ctx.on_board(n) && turnable(ctx, n, side) {
                    vec![n]
                } else {
                    Vec::new()
                }
            }
        })
        .collect()
}

/// Turn over what the piece on `c` flips.
pub(super) fn apply(ctx: &mut Ctx, c: Coord, side: usize) {
    for t in turned(ctx, c, side) {
        if let Some((_, k)) = ctx.get(t) {
            ctx.set(t, Some((side, k)));
        }
    }
}

/// Whether `side` may drop on the empty cell `c` as far as `first-drops-in`,
/// `drop-enclosing` and `drop-next-to-own` say.
pub(super) fn drop_allowed(ctx: &Ctx, c: Coord, side: usize) -> bool {
    let Some(hand) = &ctx.def.hand else {
        return true;
    };
    if let Some(zone) = &hand.first_drops_in {
        let open = board_cells(ctx).any(|o| in_zone(ctx, zone, side, o) && ctx.get(o).is_none());
        if open {
            return in_zone(ctx, zone, side, c);
        }
    }
    let own = |n: Coord| ctx.on_board(n) && ctx.get(n).is_some_and(|(s, _)| s == side);
    (!hand.drop_next_to_own || steps(ctx).iter().any(|&d| own(shift(c, d))))
        && (!hand.drop_enclosing
            || (steps(ctx).iter()).any(|&d| !enclosed(ctx, c, d, side).is_empty()))
}
