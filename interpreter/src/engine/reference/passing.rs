//! Passing as the reference reads it: a pass is legal when no royal piece of the
//! player is attacked, or when the royal pieces face each other under `facing`
//! (then every other move must part them). Two passes in a row end the game under
//! `double-pass`, a pass with the royal pieces facing under `facing`; how many
//! passes were just made is the position's own count.

use super::{attacked, board_cells, shift, Ctx, RefMove};
use crate::engine::Position;
use crate::model::{Coord, Offset};

/// Whether a royal piece of each side stands on one file with nothing between.
pub(super) fn faces(ctx: &Ctx) -> bool {
    let royal = |c: Coord, side: usize| {
        ctx.get(c)
            .is_some_and(|(s, k)| s == side && ctx.def.pieces[k].royal)
    };
    board_cells(ctx).filter(|&c| royal(c, 0)).any(|c| {
        let mut at = shift(c, Offset::new(0, 1));
        while ctx.on_board(at) && ctx.get(at).is_none() {
            at = shift(at, Offset::new(0, 1));
        }
        royal(at, 1)
    })
}

/// Whether the passes just made have ended the game.
pub(super) fn ended(pos: &Position, ctx: &Ctx) -> bool {
    let end = &ctx.def.end;
    let passes = pos.passes();
    (end.double_pass.is_some() && passes >= 2)
        || (end.facing.is_some() && passes >= 1 && faces(ctx))
}

/// With the royal pieces facing under `facing`, only the moves that part them.
pub(super) fn keep_parting(ctx: &Ctx, side: usize, moves: &mut Vec<RefMove>) {
    if ctx.def.end.facing.is_none() || !faces(ctx) {
        return;
    }
    moves.retain(|m| {
        let mut after = ctx.clone();
        super::apply(&mut after, m, side);
        !faces(&after)
    });
}

/// The cell a pass names: the player's first royal piece in board order, or its
/// first piece.
pub(super) fn pass_cell(ctx: &Ctx, side: usize) -> Option<Coord> {
    let mine = |c: &Coord| ctx.get(*c).is_some_and(|(s, _)| s == side);
    let royal = |c: &Coord| ctx.get(*c).is_some_and(|(_, k)| ctx.def.pieces[k].royal);
    board_cells(ctx)
        .find(|c| mine(c) && royal(c))
        .or_else(|| board_cells(ctx).find(mine))
}

/// The pass, if the player may pass.
pub(super) fn pass(ctx: &Ctx, side: usize) -> Option<RefMove> {
    if !ctx.def.pass {
        return None;
    }
    let cell = pass_cell(ctx, side)?;
    let facing = ctx.def.end.facing.is_some() && faces(ctx);
    let attacked_royal = board_cells(ctx).any(|c| {
        ctx.get(c)
            .is_some_and(|(s, k)| s == side && ctx.def.pieces[k].royal)
            && attacked(ctx, c, 1 - side)
    });
    (facing || !attacked_royal).then(|| RefMove {
        from: cell,
        to: cell,
        captures: vec![],
        promotion: None,
        castle: None,
        passed: vec![],
        drop: None,
        ends: None,
        wall: None,
    })
}
