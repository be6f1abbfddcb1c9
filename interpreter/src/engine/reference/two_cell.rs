//! The reference's two-cell pieces: every sequence of steps played out on a copy
//! of the board, as the rules say it: a turn moves one end to an empty cell next to
//! the other end and (across a corner, on squares) to the moving end; an advance
//! moves one end a cell further from the other and the other follows.

use super::{capture, shift, Ctx, RefMove};
use crate::model::{Coord, Offset, TwoCell};

/// One state of a walk: the piece's ends, the board, what was taken on the way.
#[derive(Clone)]
struct State<'a> {
    ctx: Ctx<'a>,
    ends: [Coord; 2],
    taken: Vec<Coord>,
}

fn pair([a, b]: [Coord; 2]) -> [Coord; 2] {
    [a.min(b), a.max(b)]
}

/// The moves of the two-cell piece with an end on `from` (listed for its lower end
/// only, so each piece once).
pub(super) fn moves(ctx: &Ctx, from: Coord, out: &mut Vec<RefMove>) {
    let (Some(other), Some((_, kind))) = (ctx.other_end(from), ctx.get(from)) else {
        return;
    };
    let Some(rule) = ctx.def.pieces[kind].two_cell else {
        return;
    };
    if other < from {
        return;
    }
    let start = State {
        ctx: ctx.clone(),
        ends: [from, other],
        taken: Vec::new(),
    };
    let mut found: Vec<([Coord; 2], Vec<Coord>)> = Vec::new();
    walk(
        &start,
        pair([from, other]),
        None,
        rule,
        rule.steps,
        &mut found,
    );
    for (ends, mut taken) in found {
        taken.sort();
        let m = RefMove {
            from,
            to: ends[0],
            captures: taken,
            promotion: None,
            castle: None,
            passed: vec![],
            drop: None,
            ends: Some((pair([from, other]), ends)),
            wall: None,
        };
        if !out.contains(&m) {
            out.push(m);
        }
    }
}

/// From `state`, every further step of a move that began on `start`: `before` is
/// the pair before the last step and whether that step captured.
fn walk(
    state: &State,
    start: [Coord; 2],
    before: Option<([Coord; 2], bool)>,
    rule: TwoCell,
    left: u8,
    found: &mut Vec<([Coord; 2], Vec<Coord>)>,
) {
    if left == 0 {
        return;
    }
    for next in steps(state, rule) {
        let back = before.is_some_and(|(prev, took)| {
            pair(prev) == pair(next.ends) && !(took && rule.retreat_after_capture)
        });
        if back {
            continue;
        }
        let null = next.taken.is_empty() && pair(next.ends) == start;
        if !null {
            found.push((pair(next.ends), next.taken.clone()));
        }
        let took = next.taken.len() > state.taken.len();
        walk(
            &next,
            start,
            Some((state.ends, took)),
            rule,
            left - 1,
            found,
        );
    }
}

/// The states one step away.
fn steps<'a>(state: &State<'a>, rule: TwoCell) -> Vec<State<'a>> {
    let ctx = &state.ctx;
    let Some(piece) = ctx.get(state.ends[0]) else {
        return Vec::new();
    };
    let edges = ctx.def.board.tiling.edge_steps();
    let corners = ctx.def.board.tiling.neighbours();
    let mut out = Vec::new();
    for (x, y) in [
        (state.ends[0], state.ends[1]),
        (state.ends[1], state.ends[0]),
    ] {
        if rule.turn {
            for e in &edges {
                let z = shift(y, *e);
                let touches = corners.iter().any(|o| shift(x, *o) == z);
                if z != x && touches && ctx.on_board(z) && ctx.get(z).is_none() {
                    out.push(moved(state, [x, y], [z, y], piece, &[]));
                }
            }
        }
        let Some(captures) = rule.advance else {
            continue;
        };
        let z = shift(x, Offset::new(x.file - y.file, x.rank - y.rank));
        if !ctx.on_board(z) {
            continue;
        }
        match ctx.get(z) {
            None => out.push(moved(state, [x, y], [z, x], piece, &[])),
            Some((s, _)) if captures && s != piece.0 => {
                let victims = match ctx.other_end(z) {
                    None => Some(vec![z]),
                    Some(o) => capture::allowed(ctx, x, z, o).then(|| vec![z, o]),
                };
                if let Some(v) = victims {
                    out.push(moved(state, [x, y], [z, x], piece, &v));
                }
            }
            Some(_) => {}
        }
    }
    out
}

/// The state after the piece moves from `from` to `to`, taking `victims`.
fn moved<'a>(
    state: &State<'a>,
    from: [Coord; 2],
    to: [Coord; 2],
    piece: (usize, usize),
    victims: &[Coord],
) -> State<'a> {
    let mut next = state.clone();
    for &v in victims {
        next.ctx.set(v, None);
        next.taken.push(v);
    }
    next.ctx
        .links
        .retain(|&(a, b)| !victims.contains(&a) && !victims.contains(&b) && !from.contains(&a));
    for c in from {
        next.ctx.set(c, None);
    }
    for c in to {
        next.ctx.set(c, Some(piece));
    }
    next.ctx.links.push((to[0], to[1]));
    next.ends = to;
    next
}

/// Play a two-cell move on the board: the piece leaves `from` for `to`.
pub(super) fn apply(ctx: &mut Ctx, from: [Coord; 2], to: [Coord; 2]) {
    let piece = ctx.get(from[0]);
    ctx.links
        .retain(|&(a, b)| !from.contains(&a) && !from.contains(&b));
    for c in from {
        ctx.set(c, None);
    }
    for c in to {
        ctx.set(c, piece);
    }
    ctx.links.push((to[0], to[1]));
}
