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
            if allowed && !doubled && !falls && ctx.get(c).is_none() {
                out.push(RefMove {
                    from: c,
                    to: c,
                    captures: vec![],
                    promotion: None,
                    castle: None,
                    passed: vec![],
                    drop: Some((c, kind)),
                    ends: None,
                    wall: None,
                });
            }
        }
    }
    out
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
