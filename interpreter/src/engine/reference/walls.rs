//! `walls` as the reference reads them: a wall is a grid entry of a third side that
//! no rule captures; each move is played out on a copy of the board and its wall
//! put on each cell the rule allows there.

use super::{apply, board_cells, in_zone, rule_moves, Ctx, RefMove};
use crate::model::{Coord, WallRule};

/// The side of a wall on the reference's grid: neither player's.
pub(super) const WALL: usize = 2;
pub(super) const WALL_PIECE: (usize, usize) = (WALL, 0);

/// Put a wall on `cell` (under `duck`, the one wall moves there).
pub(super) fn put(ctx: &mut Ctx, cell: Coord) {
    if ctx
        .def
        .walls
        .as_ref()
        .is_some_and(|w| w.rule == WallRule::Duck)
    {
        for c in board_cells(ctx).collect::<Vec<_>>() {
            if ctx.get(c) == Some(WALL_PIECE) {
                ctx.set(c, None);
            }
        }
    }
    ctx.set(cell, Some(WALL_PIECE));
}

/// Each move with each wall it may put; a move with nowhere to put one is dropped.
pub(super) fn with_walls(ctx: &Ctx, side: usize, moves: Vec<RefMove>) -> Vec<RefMove> {
    let Some(walls) = &ctx.def.walls else {
        return moves;
    };
    let mut out = Vec::new();
    for m in moves {
        let mut after = ctx.clone();
        apply(&mut after, &m, side);
        let allowed = |c: Coord| {
            after.get(c).is_none()
                && walls
                    .zone
                    .as_deref()
                    .is_none_or(|z| in_zone(ctx, z, side, c))
        };
        let cells: Vec<Coord> = match walls.rule {
            WallRule::Duck | WallRule::Anywhere => board_cells(&after).collect(),
            WallRule::Trail => vec![match m.castle {
                Some(i) => ctx.castling[i].king_from,
                None => m.from,
            }],
            WallRule::Arrow => {
                let at = match m.castle {
                    Some(i) => ctx.castling[i].king_to,
                    None => m.to,
                };
                let mut raw = Vec::new();
                rule_moves(&after, at, None, &mut raw);
                raw.into_iter()
                    .filter(|(_, captures, _)| captures.is_empty())
                    .map(|(to, _, _)| to)
                    .collect()
            }
        };
        let mut seen = Vec::new();
        for c in cells.into_iter().filter(|&c| allowed(c)) {
            if !seen.contains(&c) {
                seen.push(c);
                out.push(RefMove {
                    wall: Some(c),
                    ..m.clone()
                });
            }
        }
    }
    out
}
