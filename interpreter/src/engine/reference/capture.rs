//! The reference's reading of freezing (the mutual rule), its dispatch to the
//! capture modes it knows (`recoil`, `vault`, `overtake adjacent`, each read in its
//! mode's file under `engine/capture/`), and of which captures of a two-cell piece
//! are allowed. Written from the rules' words, on coordinates.

use super::{shift, Ctx, Raw};
use crate::compile::orient;
use crate::engine::capture::{overtake, recoil, vault};
use crate::model::{CaptureMode, Coord, Geometry, Offset};

/// Whether the reference reads this capture mode.
pub(super) fn reads(mode: &CaptureMode) -> bool {
    matches!(
        mode,
        CaptureMode::Recoil { .. }
            | CaptureMode::Vault
            | CaptureMode::Overtake { adjacent: true, .. }
    )
}

/// The cells next to `c`: across an edge, or across a corner on squares.
pub(super) fn neighbours(ctx: &Ctx, c: Coord) -> Vec<Coord> {
    ctx.def
        .board
        .tiling
        .neighbours()
        .into_iter()
        .map(|o| shift(c, o))
        .filter(|&n| ctx.on_board(n))
        .collect()
}

/// Whether the piece on `c` (either end, for a two-cell piece) stands next to an
/// enemy that immobilizes.
pub(super) fn frozen(ctx: &Ctx, c: Coord) -> bool {
    let Some((side, _)) = ctx.get(c) else {
        return false;
    };
    let ends = [Some(c), ctx.other_end(c)];
    ends.into_iter().flatten().any(|e| {
        neighbours(ctx, e).into_iter().any(|n| {
            ctx.get(n)
                .is_some_and(|(s, k)| s != side && ctx.def.pieces[k].immobilize)
        })
    })
}

/// An enemy of the piece on `from` stands on `c`.
pub(in crate::engine) fn enemy(ctx: &Ctx, from: Coord, c: Coord) -> bool {
    match (ctx.get(from), ctx.get(c)) {
        (Some((us, _)), Some((them, _))) => us != them,
        _ => false,
    }
}

/// The lines a piece moves along quietly: the step of each quiet ride, and each
/// quiet leap as a one-step line.
fn quiet_lines(ctx: &Ctx, from: Coord) -> Vec<(Offset, bool)> {
    let Some((side, kind)) = ctx.get(from) else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    for rule in &ctx.def.pieces[kind].rules {
        if !rule.mode.quiet() {
            continue;
        }
        match &rule.geometry {
            Geometry::Ride { step, range: None } => lines.push((orient(*step, side), true)),
            Geometry::Leap(path) if path.len() == 1 => lines.push((orient(path[0], side), false)),
            _ => {}
        }
    }
    lines
}

/// The captures the piece's modes add to its moves.
pub(super) fn mode_moves(ctx: &Ctx, from: Coord, raw: &mut Vec<Raw>) {
    let Some((_, kind)) = ctx.get(from) else {
        return;
    };
    for mode in &ctx.def.pieces[kind].captures {
        for (d, rides) in quiet_lines(ctx, from) {
            match *mode {
                CaptureMode::Recoil { optional } => {
                    recoil::reference::recoil(ctx, from, d, rides, optional, raw)
                }
                CaptureMode::Vault => vault::reference::vault(ctx, from, d, rides, raw),
                CaptureMode::Overtake { adjacent: true, .. } => {
                    overtake::reference::adjacent(ctx, from, d, raw)
                }
                _ => {}
            }
        }
    }
}

/// Captures of two-cell pieces: a `captured-on-axis` piece may be taken only by a
/// piece that starts on the line through its ends, beyond the end it takes; the
/// other end goes too. A move may not land on or leap over an end it may not take;
/// a capture it may not make elsewhere is left out of the move.
pub(super) fn whole_victims(ctx: &Ctx, from: Coord, raw: &mut Vec<Raw>) {
    let mut out: Vec<Raw> = Vec::new();
    'moves: for (to, caps, passed) in raw.drain(..) {
        let mut kept = Vec::new();
        for c in caps {
            let Some(other) = ctx.other_end(c) else {
                kept.push(c);
                continue;
            };
            if allowed(ctx, from, c, other) {
                kept.push(c);
                kept.push(other);
            } else if c == to || on_the_way(from, c, to) {
                continue 'moves;
            }
        }
        kept.sort();
        kept.dedup();
        let m = (to, kept, passed);
        if !out.contains(&m) {
            out.push(m);
        }
    }
    *raw = out;
}

/// Whether a piece on `from` may take the two-cell piece whose end `c` it reaches.
pub(super) fn allowed(ctx: &Ctx, from: Coord, c: Coord, other: Coord) -> bool {
    let Some((_, kind)) = ctx.get(c) else {
        return false;
    };
    if !ctx.def.pieces[kind]
        .two_cell
        .is_some_and(|t| t.captured_on_axis)
    {
        return true;
    }
    // Walk back from `c`, away from `other`, looking for `from`.
    let back = Offset::new(c.file - other.file, c.rank - other.rank);
    let mut at = shift(c, back);
    while ctx.on_board(at) {
        if at == from {
            return true;
        }
        at = shift(at, back);
    }
    false
}

/// Whether `c` is passed on the straight way from `from` to `to`.
fn on_the_way(from: Coord, c: Coord, to: Coord) -> bool {
    let (dx, dy) = (to.file - from.file, to.rank - from.rank);
    let n = dx.abs().max(dy.abs());
    (1..n).any(|k| {
        dx * k % n == 0
            && dy * k % n == 0
            && Coord {
                file: from.file + dx * k / n,
                rank: from.rank + dy * k / n,
            } == c
    })
}
