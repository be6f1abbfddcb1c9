//! The reference's reading of `explosions`, from the rules' words: a capture takes
//! the capturer and every piece around its landing cell but the spared kinds; a
//! player may not blow up their own royal piece, may blow up the enemy's whatever
//! follows, and a royal piece next to an enemy royal piece is never in check.

use super::capture::neighbours;
use super::{attacked, Ctx, RefMove};
use crate::model::Coord;
use std::collections::BTreeMap;

/// What a capture does: from, to, the cells it empties, its drop.
type Effect = (Coord, Coord, Vec<Coord>, Option<(Coord, usize)>);

/// The pseudo-legal moves with each capture turned into its explosion; the
/// promotions of one capture become one move, with the least kind.
pub(super) fn explode(ctx: &Ctx, pseudo: Vec<RefMove>) -> Vec<RefMove> {
    let Some(blast) = &ctx.def.explosions else {
        return pseudo;
    };
    let mut out = Vec::new();
    let mut merged: BTreeMap<Effect, RefMove> = BTreeMap::new();
    for mut m in pseudo {
        if m.captures.is_empty() || m.castle.is_some() || (m.from == m.to && m.drop.is_some()) {
            out.push(m);
            continue;
        }
        let immune = |c: Coord| ctx.get(c).is_some_and(|(_, k)| blast.immune.contains(&k));
        let stays = immune(m.from);
        if !stays {
            m.captures.push(m.from);
        }
        for n in neighbours(ctx, m.to) {
            let spared = ctx.get(n).is_none_or(|(_, k)| blast.spared.contains(&k)) || immune(n);
            if !spared && !m.captures.contains(&n) {
                m.captures.push(n);
            }
        }
        m.captures.sort();
        if stays {
            out.push(m);
            continue;
        }
        m.passed.clear();
        let key = (m.from, m.to, m.captures.clone(), m.drop);
        let entry = merged.entry(key).or_insert_with(|| m.clone());
        entry.promotion = entry.promotion.min(m.promotion);
    }
    out.extend(merged.into_values());
    out
}

/// Whether `side`'s move from `before` to `after` is legal under explosions.
pub(super) fn legal(before: &Ctx, after: &Ctx, side: usize) -> bool {
    let royals = |ctx: &Ctx, s: usize| {
        ctx.grid
            .iter()
            .flatten()
            .filter(|&&(owner, k)| owner == s && ctx.def.pieces[k].royal)
            .count()
    };
    if royals(after, side) < royals(before, side) {
        return false;
    }
    if royals(after, 1 - side) < royals(before, 1 - side) {
        return true;
    }
    !royal_in_danger(after, side)
}

/// Whether a royal piece of `side` could be taken: attacked, and not next to an
/// enemy royal piece.
pub(super) fn royal_in_danger(ctx: &Ctx, side: usize) -> bool {
    super::board_cells(ctx).any(|c| {
        ctx.get(c)
            .is_some_and(|(s, k)| s == side && ctx.def.pieces[k].royal)
            && royal_unsafe_on(ctx, c, side)
    })
}

/// A castling under explosions: the cells the king passes between its start and
/// end, each as the king would stand there with its start cell empty.
pub(super) fn path_safe_lifted(ctx: &Ctx, c: &crate::model::CastleDef, side: usize) -> bool {
    let mut lifted = ctx.clone();
    lifted.set(c.king_from, None);
    c.safe
        .iter()
        .filter(|&&s| s != c.king_from && s != c.king_to)
        .all(|&s| !royal_unsafe_on(&lifted, s, side))
}

/// Whether a royal piece of `side` on `c` would be attacked: never next to the
/// enemy's royal piece, which may not capture it.
pub(super) fn royal_unsafe_on(ctx: &Ctx, c: Coord, side: usize) -> bool {
    !neighbours(ctx, c).into_iter().any(|n| {
        ctx.get(n)
            .is_some_and(|(s, k)| s != side && ctx.def.pieces[k].royal)
    }) && attacked(ctx, c, 1 - side)
}
