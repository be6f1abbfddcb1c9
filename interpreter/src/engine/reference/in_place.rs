//! The reference's `in-place` promotions, read from the definition: a piece in its
//! zone (or its side's only one of the kind) becomes a choice on its cell or on an
//! empty cell the new piece's moves reach, giving no check and attacking no enemy.

use super::{apply, board_cells, in_zone, piece_moves, royal_attacked, under_limit, Ctx, RefMove};
use crate::model::Coord;

/// The in-place promotion of the piece of `kind`, if it promotes in place.
fn in_place_of<'a>(ctx: &Ctx<'a>, kind: usize) -> Option<&'a crate::model::Promotion> {
    ctx.def.pieces[kind]
        .promotion
        .as_ref()
        .filter(|p| p.in_place)
}

/// Every in-place promotion of `side`, before `keep_quiet`.
pub(super) fn moves(ctx: &Ctx, side: usize) -> Vec<RefMove> {
    let mut out = Vec::new();
    for from in board_cells(ctx) {
        let Some((s, kind)) = ctx.get(from).filter(|p| p.0 == side) else {
            continue;
        };
        let Some(p) = in_place_of(ctx, kind) else {
            continue;
        };
        let alone = board_cells(ctx)
            .filter(|&c| ctx.get(c) == Some((s, kind)))
            .count()
            == 1;
        if super::capture::frozen(ctx, from) || (!alone && !in_zone(ctx, &p.zone, side, from)) {
            continue;
        }
        for &k in p.choices_for(side) {
            if under_limit(ctx, side, k) {
                out.extend(targets(ctx, side, from, k).into_iter().map(|to| RefMove {
                    from,
                    to,
                    captures: Vec::new(),
                    promotion: Some(k),
                    castle: None,
                    passed: Vec::new(),
                    drop: None,
                    ends: None,
                    wall: None,
                }));
            }
        }
    }
    out
}

/// `from` itself and the empty cells a piece of `kind` on `from` moves to quietly.
fn targets(ctx: &Ctx, side: usize, from: Coord, kind: usize) -> Vec<Coord> {
    let mut as_new = ctx.clone();
    as_new.set(from, Some((side, kind)));
    let mut moves = Vec::new();
    piece_moves(&as_new, from, None, &mut moves);
    let mut cells = vec![from];
    for m in moves {
        let quiet = m.captures.is_empty() && m.castle.is_none() && m.drop.is_none();
        if quiet && ctx.get(m.to).is_none() && !cells.contains(&m.to) {
            cells.push(m.to);
        }
    }
    cells
}

/// Without the in-place promotions that give check or leave the new piece
/// attacking an enemy piece.
pub(super) fn keep_quiet(ctx: &Ctx, side: usize, moves: &mut Vec<RefMove>) {
    moves.retain(|m| {
        let in_place = m.promotion.is_some()
            && m.drop.is_none()
            && ctx
                .get(m.from)
                .is_some_and(|(_, k)| in_place_of(ctx, k).is_some());
        if !in_place {
            return true;
        }
        let mut after = ctx.clone();
        apply(&mut after, m, side);
        let mut attacks = Vec::new();
        piece_moves(&after, m.to, None, &mut attacks);
        let attacks_enemy = attacks.iter().any(|a| {
            a.captures
                .iter()
                .any(|&c| after.get(c).is_some_and(|(s, _)| s != side))
        });
        !royal_attacked(&after, 1 - side) && !attacks_enemy
    });
}
