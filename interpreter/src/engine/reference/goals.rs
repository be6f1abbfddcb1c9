//! The reference's goals: a zone reached, pieces lined up, checks given.

use super::{attacked, board_cells, Ctx};
use crate::engine::Position;
use crate::model::{Coord, Side};

/// Whether `side` has a piece of a kind that counts in the `reach` zone.
pub(super) fn reached(ctx: &Ctx, side: usize) -> bool {
    let def = ctx.def;
    def.end.reach.as_ref().is_some_and(|r| {
        let zone = def.zones.get(&r.zone).map_or(&[][..], |z| &z[side][..]);
        let there = zone.iter().filter(|&&c| {
            ctx.get(c)
                .is_some_and(|(s, k)| s == side && r.kinds.contains(&k))
        });
        there.count() >= r.count as usize
    })
}

/// Whether an `extinction` or `reach` rule has ended the game, for either player
/// (with `after-reply`, a reach by the player to move only).
pub(super) fn goal_reached(ctx: &Ctx, to_move: usize) -> bool {
    let def = ctx.def;
    let b = &def.board;
    let pieces: Vec<(Coord, usize, usize)> = (0..b.height())
        .flat_map(|rank| (0..b.width()).map(move |file| Coord { file, rank }))
        .filter_map(|c| ctx.get(c).map(|(s, k)| (c, s, k)))
        .collect();
    (0..2).any(|side| {
        let own = || pieces.iter().filter(|p| p.1 == side);
        // a piece in hand is still the player's
        let held =
            |k: usize| def.hand.is_some() && ctx.reserves[side].get(k).is_some_and(|&n| n > 0);
        let has = |k: usize| own().any(|p| p.2 == k) || held(k);
        let extinct = def.end.extinction.as_ref().is_some_and(|e| {
            // `opponent-has N`: the opponent's pieces of the kinds, in hand too
            let theirs = |k: usize| {
                let on = pieces.iter().filter(|p| p.1 != side && p.2 == k).count();
                let hand = if def.hand.is_some() {
                    ctx.reserves[1 - side].get(k).map_or(0, |&n| usize::from(n))
                } else {
                    0
                };
                on + hand
            };
            let counted = |k: &usize| e.kinds.is_empty() || e.kinds.contains(k);
            let opponent: usize = (0..def.pieces.len()).filter(counted).map(theirs).sum();
            if opponent < e.opponent_has as usize {
                false
            } else if e.kinds.is_empty() {
                own().next().is_none() && !(0..def.pieces.len()).any(held)
            } else if e.all {
                !e.kinds.iter().any(|&k| has(k))
            } else {
                e.kinds.iter().any(|&k| !has(k))
            }
        });
        // A bare king: royal pieces only, the opponent with one piece more (two, for
        // the player to move, who may still take one).
        let others = |s: usize| {
            pieces
                .iter()
                .filter(|p| p.1 == s && !def.pieces[p.2].royal)
                .count()
        };
        let spare = if side == to_move { 2 } else { 1 };
        let bared = def.end.bare_king.is_some() && others(side) == 0 && others(1 - side) >= spare;
        // With `after-reply`, White's arrival waits for Black's reply; with `held`,
        // the player's next turn; with `safe`, the pieces there are not attacked.
        let reached = def.end.reach.as_ref().is_some_and(|r| {
            let zone = def.zones.get(&r.zone).map_or(&[][..], |z| &z[side][..]);
            let there: Vec<Coord> = own()
                .filter(|p| r.kinds.contains(&p.2) && zone.contains(&p.0))
                .map(|p| p.0)
                .collect();
            let safe = || {
                there.len() > r.count as usize || !there.iter().any(|&c| attacked(ctx, c, 1 - side))
            };
            let now = match (r.held, r.safe) {
                (false, false) => true,
                (true, false) => side == to_move,
                (false, true) => safe(),
                (true, true) => side == to_move || safe(),
            };
            !(r.after_reply && side == 0 && to_move == 1) && there.len() >= r.count as usize && now
        });
        extinct || bared || reached || (side != to_move && lined_up(ctx, side))
    })
}

/// `connect`: whether `side` has the rule's count of pieces (of its kinds) on
/// consecutive cells of a rank, a file or a diagonal (a hexagonal board's axes).
pub(super) fn lined_up(ctx: &Ctx, side: usize) -> bool {
    let def = ctx.def;
    let Some(c) = &def.end.connect else {
        return false;
    };
    let steps: &[(i32, i32)] = match def.board.tiling {
        crate::model::Tiling::Square => &[(1, 0), (0, 1), (1, 1), (1, -1)],
        crate::model::Tiling::Hex => &[(1, 0), (0, 1), (-1, 1)],
    };
    let counts = |at: Coord| {
        def.board.contains(at)
            && ctx
                .get(at)
                .is_some_and(|(s, k)| s == side && (c.kinds.is_empty() || c.kinds.contains(&k)))
    };
    (0..def.board.height()).any(|rank| {
        (0..def.board.width()).any(|file| {
            steps.iter().any(|&(dx, dy)| {
                (0..c.count as i32).all(|i| {
                    counts(Coord {
                        file: file + dx * i,
                        rank: rank + dy * i,
                    })
                })
            })
        })
    })
}

/// Whether a player has given the checks a `checks` rule counts (the counts are
/// the position's own: one position does not show the checks before it).
pub(super) fn checks_given_out(pos: &Position) -> bool {
    pos.rules().definition.end.checks.is_some_and(|c| {
        [Side::White, Side::Black]
            .into_iter()
            .any(|s| pos.checks_given(s) >= c.count)
    })
}

/// Whether every cell holds a piece or a wall (`full-board`).
pub(super) fn board_full(ctx: &Ctx) -> bool {
    board_cells(ctx).all(|c| ctx.get(c).is_some())
}
