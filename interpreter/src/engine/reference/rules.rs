//! The reference's reading of move rules: each geometry walked on coordinates,
//! from the rule's words (no capture modes).

use super::{in_zone, shift, walls, Ctx, Raw};
use crate::compile::orient;
use crate::model::{Coord, Geometry, MoveRule, Offset, PieceDef};

/// The moves the piece's movement rules make (no capture modes).
pub(super) fn rule_moves(
    ctx: &Ctx,
    from: Coord,
    ep: Option<(&[Coord], Coord)>,
    raw: &mut Vec<Raw>,
) {
    let Some((side, kind)) = ctx.get(from) else {
        return;
    };
    let piece = &ctx.def.pieces[kind];
    let starts_here = ctx
        .def
        .setup
        .placements
        .iter()
        .any(|&(c, s, k)| c == from && s.index() == side && k == kind);
    for rule in &piece.rules {
        if rule.initial && !starts_here {
            continue;
        }
        if rule
            .region
            .as_ref()
            .is_some_and(|r| !in_zone(ctx, &r.zone, side, from))
        {
            continue;
        }
        walk_rule(ctx, from, (side, piece), rule, ep, raw);
    }
}

/// Every move of the piece on `from` by its `first-move` rules (the caller knows
/// it holds its right).
pub(super) fn first_rule_moves(ctx: &Ctx, from: Coord, raw: &mut Vec<Raw>) {
    let Some((side, kind)) = ctx.get(from) else {
        return;
    };
    let piece = &ctx.def.pieces[kind];
    for rule in piece.first_move.iter().flat_map(|f| &f.rules) {
        walk_rule(ctx, from, (side, piece), rule, None, raw);
    }
}

/// The moves of one rule of the piece on `from`.
fn walk_rule(
    ctx: &Ctx,
    from: Coord,
    (side, piece): (usize, &PieceDef),
    rule: &MoveRule,
    ep: Option<(&[Coord], Coord)>,
    raw: &mut Vec<Raw>,
) {
    let walk = RuleWalk {
        ctx,
        from,
        side,
        piece,
        rule,
        ep,
    };
    walk.moves(raw);
}

/// One rule of one piece, walked from its cell.
struct RuleWalk<'c, 'a> {
    ctx: &'c Ctx<'a>,
    from: Coord,
    side: usize,
    piece: &'c PieceDef,
    rule: &'c MoveRule,
    /// The cells capturable en passant, and the piece taken so.
    ep: Option<(&'c [Coord], Coord)>,
}

impl RuleWalk<'_, '_> {
    fn moves(&self, raw: &mut Vec<Raw>) {
        match &self.rule.geometry {
            Geometry::Leap(path) => self.leap(path, raw),
            Geometry::Ride { step, range } => self.ride(*step, *range, raw),
            Geometry::Walk {
                prefix,
                cycle,
                range,
            } => self.walk(prefix, cycle, *range, raw),
            Geometry::EqualLegs { first, second } => self.equal_legs(*first, second, raw),
            Geometry::Chain { leaps, count } => self.chain(leaps, *count, raw),
            Geometry::Hop {
                step,
                land_behind,
                adjacent,
            } => self.hop(*step, *land_behind, *adjacent, raw),
        }
    }

    /// Whether the walk may use cell `c`: on the board and, for a confined piece or
    /// a rule `within` a zone, in the zone (which is then the board).
    fn on(&self, c: Coord) -> bool {
        let (ctx, side) = (self.ctx, self.side);
        ctx.on_board(c)
            && self
                .piece
                .confined
                .as_deref()
                .is_none_or(|z| in_zone(ctx, z, side, c))
            && self
                .rule
                .region
                .as_ref()
                .is_none_or(|r| !r.within || in_zone(ctx, &r.zone, side, c))
    }

    fn orient(&self, o: Offset) -> Offset {
        orient(o, self.side)
    }

    /// A landing on `to`: the move it makes, and whether the walk may go on past it.
    fn land(&self, to: Coord, passed: Vec<Coord>, allow_ep: bool, raw: &mut Vec<Raw>) -> bool {
        let (ctx, piece, side) = (self.ctx, self.piece, self.side);
        let (quiet, capture) = (self.rule.mode.quiet(), self.rule.mode.captures());
        match ctx.get(to) {
            None => {
                if quiet {
                    raw.push((to, vec![], passed));
                } else if capture && allow_ep && piece.en_passant && !piece.en_passant_passive {
                    if let Some((cells, victim)) = self.ep {
                        if cells.contains(&to) && ctx.get(victim).is_some_and(|v| v.0 != side) {
                            raw.push((to, vec![victim], vec![]));
                        }
                    }
                }
                true
            }
            Some((s, k)) => {
                if capture && s != side && s != walls::WALL && !piece.cannot_capture.contains(&k) {
                    raw.push((to, vec![to], vec![]));
                }
                false
            }
        }
    }

    /// A leap along `path`: every cell on the board, those before the last empty
    /// unless it jumps; a double step leaves the cells it passed capturable.
    fn leap(&self, path: &[Offset], raw: &mut Vec<Raw>) {
        let (ctx, piece) = (self.ctx, self.piece);
        let cells: Vec<Coord> = path
            .iter()
            .map(|o| shift(self.from, self.orient(*o)))
            .collect();
        if !cells.iter().all(|c| self.on(*c)) {
            return;
        }
        let Some((target, between)) = cells.split_last() else {
            return;
        };
        if !self.rule.jump && between.iter().any(|c| ctx.get(*c).is_some()) {
            return;
        }
        let passes_in = |c: &Coord| {
            piece
                .en_passant_in
                .as_deref()
                .is_none_or(|z| in_zone(ctx, z, self.side, *c))
        };
        let passed = if piece.en_passant
            && !self.rule.mode.captures()
            && !between.is_empty()
            && !self.rule.jump
            && between.iter().all(passes_in)
        {
            between.to_vec()
        } else {
            vec![]
        };
        self.land(*target, passed, true, raw);
    }

    /// A ride along `step`, up to `range` steps.
    fn ride(&self, step: Offset, range: Option<u32>, raw: &mut Vec<Raw>) {
        let step = self.orient(step);
        let mut at = self.from;
        let mut n = 0u32;
        while range.is_none_or(|r| n < r) {
            at = shift(at, step);
            if !self.on(at) || !self.land(at, vec![], true, raw) {
                break;
            }
            n += 1;
        }
    }

    /// Fixed steps onto empty cells, then the cycle's steps in turn, never passing a
    /// cell twice.
    fn walk(&self, prefix: &[Offset], cycle: &[Offset], range: Option<u32>, raw: &mut Vec<Raw>) {
        let ctx = self.ctx;
        let mut at = self.from;
        let mut passed = vec![self.from];
        let mut open = true;
        for o in prefix {
            at = shift(at, self.orient(*o));
            open &= self.on(at) && ctx.get(at).is_none();
            passed.push(at);
        }
        let mut n = 0;
        while open && range.is_none_or(|r| n < r as usize) {
            at = shift(at, self.orient(cycle[n % cycle.len()]));
            if !self.on(at) || passed.contains(&at) || !self.land(at, vec![], true, raw) {
                break;
            }
            passed.push(at);
            n += 1;
        }
    }

    /// n steps one way, then n steps another; every cell passed empty.
    fn equal_legs(&self, first: Offset, second: &[Offset], raw: &mut Vec<Raw>) {
        let ctx = self.ctx;
        let first = self.orient(first);
        let mut legs: Vec<Coord> = Vec::new();
        loop {
            let next = shift(*legs.last().unwrap_or(&self.from), first);
            if !self.on(next) {
                break;
            }
            legs.push(next);
            let pivot = next;
            let clear = legs.iter().all(|c| ctx.get(*c).is_none());
            for s in second {
                let s = self.orient(*s);
                let mut at = pivot;
                let mut cells = Vec::new();
                for _ in 0..legs.len() {
                    at = shift(at, s);
                    cells.push(at);
                }
                let Some((target, between)) = cells.split_last() else {
                    continue;
                };
                let on = cells.iter().all(|c| self.on(*c));
                if clear && on && between.iter().all(|c| ctx.get(*c).is_none()) {
                    self.land(*target, vec![], true, raw);
                }
            }
        }
    }

    /// Leaps in any order, each landing before the last on an empty cell.
    fn chain(&self, leaps: &[Offset], count: u32, raw: &mut Vec<Raw>) {
        let mut frontier = vec![(self.from, 1)];
        while let Some((at, made)) = frontier.pop() {
            for l in leaps {
                let to = shift(at, self.orient(*l));
                if !self.on(to) || to == self.from {
                    continue;
                }
                self.land(to, vec![], true, raw);
                if made < count && self.ctx.get(to).is_none() {
                    frontier.push((to, made + 1));
                }
            }
        }
    }

    /// Over the first piece along `step` (the next cell only, if `adjacent`), then
    /// on to the cells beyond it (the first only, if `land_behind`).
    fn hop(&self, step: Offset, land_behind: bool, adjacent: bool, raw: &mut Vec<Raw>) {
        let ctx = self.ctx;
        let step = self.orient(step);
        let mut at = shift(self.from, step);
        while self.on(at) && ctx.get(at).is_none() {
            at = shift(at, step);
        }
        if !self.on(at) || (adjacent && at != shift(self.from, step)) {
            return;
        }
        if ctx
            .get(at)
            .is_some_and(|(_, k)| self.piece.cannot_hop.contains(&k))
        {
            return;
        }
        at = shift(at, step);
        while self.on(at) {
            if !self.land(at, vec![], false, raw) || land_behind {
                break;
            }
            at = shift(at, step);
        }
    }
}
