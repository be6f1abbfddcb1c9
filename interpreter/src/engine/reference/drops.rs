//! The reference's drops: from the hand, from a queue, through a gate.

use super::{apply, board_cells, end_of, in_zone, legal_in, royal_attacked, Ctx, RefMove, Turn};
use crate::engine::Position;
use crate::model::Coord;

/// A drop from the hand alone (no move with it).
pub(super) fn is_hand_drop(ctx: &Ctx, m: &RefMove) -> bool {
    ctx.def.hand.is_some() && m.drop.is_some() && m.from == m.to && m.captures.is_empty()
}

/// Every drop from `side`'s hand: each kind held on each empty cell of its drop
/// zone (or of the board), not on a file holding its own kind where `one-per-file`
/// says so.
pub(super) fn hand_drops(ctx: &Ctx, side: usize) -> Vec<RefMove> {
    let Some(hand) = &ctx.def.hand else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (kind, &count) in ctx.reserves[side].iter().enumerate() {
        let gates_only = !hand.gate_or_drop
            && hand
                .gate
                .as_ref()
                .is_some_and(|(kinds, _)| kinds.contains(&kind));
        if count == 0 || gates_only {
            continue;
        }
        let zone = hand.drop_zones.iter().find(|(k, _)| *k == kind);
        for c in board_cells(ctx) {
            let allowed = zone.is_none_or(|(_, z)| in_zone(ctx, z, side, c));
            let doubled = hand.one_per_file.contains(&kind)
                && board_cells(ctx)
                    .filter(|o| o.file == c.file && ctx.get(*o) == Some((side, kind)))
                    .count()
                    >= hand.per_file.max(1) as usize;
            let below = Coord {
                file: c.file,
                rank: c.rank - 1,
            };
            let falls = hand.on_top && ctx.def.board.contains(below) && ctx.get(below).is_none();
            let placed = ctx.get(c).is_none() && super::flips::drop_allowed(ctx, c, side);
            if allowed && !doubled && !falls && placed {
                let plain = RefMove {
                    from: c,
                    to: c,
                    captures: vec![],
                    promotion: None,
                    castle: None,
                    passed: vec![],
                    drop: Some((c, kind)),
                    ends: None,
                    wall: None,
                };
                out.extend(promoted_faces(ctx, side, kind).map(|k| RefMove {
                    promotion: Some(k),
                    ..plain.clone()
                }));
                out.push(plain);
            }
        }
    }
    out
}

/// Under `drop-promoted`, the kinds a piece of `kind` in hand may also be dropped
/// as: what its promotion on arrival makes.
fn promoted_faces<'a>(ctx: &'a Ctx, side: usize, kind: usize) -> impl Iterator<Item = usize> + 'a {
    let hand = ctx.def.hand.as_ref();
    let listed = hand
        .and_then(|h| h.drop_promoted.as_ref())
        .is_some_and(|named| named.is_empty() || named.contains(&kind));
    ctx.def.pieces[kind]
        .promotion
        .as_ref()
        .filter(|p| listed && !p.in_place && !p.from_captured && p.from_queue.is_none())
        .map_or(&[][..], |p| p.choices_for(side))
        .iter()
        .copied()
}

/// Whether `m` drops a `no-drop-mate` kind so as to checkmate.
pub(super) fn drop_mates(pos: &Position, ctx: &Ctx, turn: &Turn, m: &RefMove) -> bool {
    let Some((_, kind)) = m.drop.filter(|_| is_hand_drop(ctx, m)) else {
        return false;
    };
    if !ctx
        .def
        .hand
        .as_ref()
        .is_some_and(|h| h.no_drop_mate.contains(&kind))
    {
        return false;
    }
    let mut after = ctx.clone();
    apply(&mut after, m, turn.side);
    let them = 1 - turn.side;
    let reply = Turn {
        side: them,
        ep: None,
        rights: turn.rights,
    };
    royal_attacked(&after, them) && legal_in(pos, &after, &reply, false).is_empty()
}

/// The moves again with a drop each, where the player will hold a credit and the
/// zone's cell is empty after the move.
pub(super) fn with_drops(pos: &Position, ctx: &Ctx, pseudo: &[RefMove]) -> Vec<RefMove> {
    let def = ctx.def;
    let Some(drops) = &def.drops else {
        return Vec::new();
    };
    let rules = pos.rules();
    let us = pos.side_to_move();
    let side = us.index();
    let exchange = pos
        .exchange()
        .map(|(c, n)| (rules.board.cells[c as usize], n));
    let zone = def.zones.get(&drops.zone).map_or(&[][..], |z| &z[side][..]);
    let mut out = Vec::new();
    for m in pseudo {
        let earned = exchange
            .filter(|(c, _)| m.captures.contains(c))
            .map_or(0, |e| e.1);
        if pos.drop_credits(us) + earned == 0 {
            continue;
        }
        let mut after = ctx.clone();
        apply(&mut after, m, side);
        let Some(kind) = end_of(&after.queues[side], drops.end) else {
            continue;
        };
        for &cell in zone {
            if after.get(cell).is_none() {
                out.push(RefMove {
                    drop: Some((cell, kind)),
                    ..m.clone()
                });
            }
        }
    }
    out
}

/// The moves again with a piece from the hand on the open gate they leave (a
/// castling: the king's or the rook's cell), one for each gating kind held.
pub(super) fn with_gates(pos: &Position, ctx: &Ctx, pseudo: &[RefMove]) -> Vec<RefMove> {
    let Some((kinds, _)) = ctx.def.hand.as_ref().and_then(|h| h.gate.as_ref()) else {
        return Vec::new();
    };
    let rules = pos.rules();
    let us = pos.side_to_move();
    let side = us.index();
    let gates: Vec<Coord> = pos
        .open_gates(us)
        .into_iter()
        .map(|c| rules.board.cells[c as usize])
        .collect();
    let mut out = Vec::new();
    for m in pseudo
        .iter()
        .filter(|m| !is_hand_drop(ctx, m) && m.drop.is_none())
    {
        let rook = m.castle.map(|i| ctx.castling[i].rook_from);
        for cell in std::iter::once(m.from).chain(rook) {
            if !gates.contains(&cell) {
                continue;
            }
            for &kind in kinds {
                if ctx.reserves[side].get(kind).is_some_and(|&n| n > 0) {
                    out.push(RefMove {
                        drop: Some((cell, kind)),
                        ..m.clone()
                    });
                }
            }
        }
    }
    out
}

/// `split-colours`: a drop of such a kind not on a colour holding half (rounded
/// up) of its pieces already; another drop leaving each such kind, on its cells
/// and the empty cells of its drop zone of each colour, room for half its pieces.
pub(super) fn keep_split_colour_drops(ctx: &Ctx, side: usize, moves: &mut Vec<RefMove>) {
    let Some(hand) = ctx
        .def
        .hand
        .as_ref()
        .filter(|h| !h.split_colours.is_empty())
    else {
        return;
    };
    let colour = |c: Coord| ((c.file + c.rank) & 1) as usize;
    let counts = |kind: usize| {
        let mut on = [0usize; 2];
        for c in board_cells(ctx).filter(|&c| ctx.get(c) == Some((side, kind))) {
            on[colour(c)] += 1;
        }
        (on, on[0] + on[1] + ctx.reserves[side][kind] as usize)
    };
    let room_left = |to: Coord, kind: usize| {
        let (mut room, all) = counts(kind);
        let zone = hand.drop_zones.iter().find(|(k, _)| *k == kind);
        for c in board_cells(ctx) {
            let droppable = zone.is_none_or(|(_, z)| in_zone(ctx, z, side, c));
            if c != to && droppable && ctx.get(c).is_none() {
                room[colour(c)] += 1;
            }
        }
        room[0] >= all / 2 && room[1] >= all / 2
    };
    moves.retain(|m| {
        let Some((to, kind)) = m.drop.filter(|_| is_hand_drop(ctx, m)) else {
            return true;
        };
        if hand.split_colours.contains(&kind) {
            let (on, all) = counts(kind);
            on[colour(to)] < all.div_ceil(2)
        } else {
            hand.split_colours.iter().all(|&k| room_left(to, k))
        }
    });
}

/// `must-drop`: while the hand holds a compulsory kind, only drops of such kinds,
/// and no other move while there is one.
pub(super) fn keep_compulsory_drops(ctx: &Ctx, side: usize, moves: &mut Vec<RefMove>) {
    let Some(kinds) = ctx.def.hand.as_ref().and_then(|h| h.must_drop.as_ref()) else {
        return;
    };
    let must = |k: usize| kinds.is_empty() || kinds.contains(&k);
    let held = ctx.reserves[side]
        .iter()
        .enumerate()
        .any(|(k, &n)| n > 0 && must(k));
    if !held {
        return;
    }
    let dropped = |m: &RefMove| m.drop.filter(|_| is_hand_drop(ctx, m)).map(|d| d.1);
    moves.retain(|m| dropped(m).is_none_or(must));
    if moves.iter().any(|m| dropped(m).is_some()) {
        moves.retain(|m| dropped(m).is_some());
    }
}
