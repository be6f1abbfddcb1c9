//! Pseudo-legal move generation: walk the precomputed rays of every piece. Variants
//! whose pieces capture only by replacement take the fast path; capture modes
//! (approach, withdraw, overtake, pincer, coordinate, chameleon), immobilization and
//! suicide take the general path in the second half of this file.

use super::{kind_of, side_of, Move, MoveKind, Position, MAX_CAPTURES};
use crate::compile::{Cell, PromotionTable, Ray, RayKind, Victims, NO_VICTIMS};

/// How far an overtake reaches: over one piece or a chain of them, anywhere along
/// the line or only the adjacent piece to the cell right behind.
#[derive(Clone, Copy)]
struct Reach {
    single: bool,
    adjacent: bool,
}

/// A piece's promotion on the moves being generated: its table, and the choices the
/// player has (for promotions to captured pieces, those in reserve).
#[derive(Clone, Copy)]
pub(super) struct Promo<'a> {
    table: &'a PromotionTable,
    available: u64,
    /// For a promotion from a drop queue: the kind at its end, plus one (0: empty).
    queued: u8,
    /// Moves made to test attacks: a piece that could not promote still attacks.
    attacking: bool,
}
use crate::model::{Coord, Immobilization, Offset};

impl Position<'_> {
    fn promo(&self, us: usize, kind: usize) -> Option<Promo<'_>> {
        let table = self.rules.promotion_of(us, kind)?;
        let available = if table.from_captured {
            table.choice_kinds & self.in_reserve[us]
        } else {
            !0
        };
        let queued = match table.from_queue {
            Some(end) => self.queue_end(us, end).map_or(0, |k| k + 1),
            None => 0,
        };
        Some(Promo {
            table,
            available,
            queued,
            attacking: self.attack_test.get(),
        })
    }

    pub(super) fn pseudo_moves(&self, out: &mut Vec<Move>) {
        self.moves_for(self.side, out, true);
        if self.rules.flags.explosions {
            self.explode_captures(out);
        }
        if self.rules.flags.hand {
            self.hand_drops(out);
        }
    }

    /// The moves of side `us` (castling only when asked: it never captures).
    pub(super) fn moves_for(&self, us: usize, out: &mut Vec<Move>, castling: bool) {
        let rules = self.rules;
        let ep_open = us == self.side
            && self.ep.len > 0
            && self.ep.victim != super::NO_CELL
            && side_of(self.board[self.ep.victim as usize]) != us;
        if rules.flags.special || rules.flags.repeats || rules.flags.capture_limits {
            self.moves_general(us, out, ep_open);
        } else {
            for &from in &self.lists[us] {
                let kind = kind_of(self.board[from as usize]);
                self.piece_moves(us, from, kind, out, ep_open && rules.en_passant[kind]);
            }
        }
        if castling && rules.flags.has_castling && self.castling != 0 {
            self.castling_moves(out);
        }
    }

    /// The moves of side `us` when some piece has capture modes, freezes, two rules
    /// that may make the same move (folded here, piece by piece), or kinds it never
    /// captures (kept off the fast path, which never asks).
    #[inline(never)]
    fn moves_general(&self, us: usize, out: &mut Vec<Move>, ep_open: bool) {
        let rules = self.rules;
        let repeats = &rules.repeats[us * rules.kinds..][..rules.kinds];
        for &from in &self.lists[us] {
            let kind = kind_of(self.board[from as usize]);
            let start = out.len();
            if rules.flags.special {
                let other = if rules.flags.two_cell {
                    self.other_end(from)
                } else {
                    None
                };
                if other.is_some_and(|o| o < from) {
                    continue;
                }
                if rules.flags.immobilizers && self.is_frozen_whole(from) {
                    if rules.suicide && !rules.royal[kind] {
                        let mut m = Move::new(from, from, MoveKind::Suicide).with_capture(from);
                        if let Some(o) = other {
                            m = m.with_capture(o);
                        }
                        out.push(m);
                    }
                    continue;
                }
                self.general_piece_moves(us, from, kind, out, ep_open);
            } else {
                self.piece_moves(us, from, kind, out, ep_open && rules.en_passant[kind]);
                if rules.flags.capture_limits {
                    self.drop_barred_captures(kind, out, start);
                }
            }
            if repeats[kind] {
                fold_repeats(out, start);
            }
        }
    }

    #[inline(always)]
    pub(super) fn piece_moves(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        out: &mut Vec<Move>,
        can_ep: bool,
    ) {
        let rules = self.rules;
        let promo = self.promo(us, kind);
        // Takeovers capture nothing, so attack tests skip them.
        let takes_over = rules.takeover[kind].is_some() && !self.attack_test.get();
        for ray in rules.rays_of(us, kind, from) {
            let cells = &rules.ray_cells[ray.start as usize..][..ray.len as usize];
            match ray.kind {
                RayKind::Leap => {
                    let b = ray.blockers as usize;
                    if b > 0 && !ray.jump && cells[..b].iter().any(|&c| self.board[c as usize] != 0)
                    {
                        continue;
                    }
                    self.target(us, out, from, cells[b], ray, promo, can_ep);
                }
                RayKind::Slide => {
                    let b = ray.blockers as usize;
                    if b > 0 && cells[..b].iter().any(|&c| self.board[c as usize] != 0) {
                        continue;
                    }
                    for &t in &cells[b..] {
                        if !self.target(us, out, from, t, ray, promo, can_ep) {
                            break;
                        }
                    }
                }
                RayKind::Hop | RayKind::HopBehind => self.hop(us, from, kind, ray, out, promo),
            }
            if takes_over && ray.quiet {
                self.takeovers(us, from, kind, ray, out, promo);
            }
        }
    }

    /// `cannot-capture`: the moves from `start` on that would take a kind the piece
    /// never captures are no moves.
    #[inline(never)]
    fn drop_barred_captures(&self, kind: usize, out: &mut Vec<Move>, start: usize) {
        let r = &self.rules.restrictions;
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            let barred = m.captures().iter().any(|&c| {
                let q = self.board[c as usize];
                q != 0 && !r.may_capture(kind, kind_of(q))
            });
            if !barred {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Takeovers along one ray: jump the first piece, an enemy that is not immune,
    /// onto the empty cell just beyond it, converting it; a slider may go on (unless
    /// `stop-beyond`). A one-step leap jumps the piece on its cell; other leaps make
    /// no takeover.
    #[inline(never)]
    fn takeovers(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        ray: &Ray,
        out: &mut Vec<Move>,
        promo: Option<Promo>,
    ) {
        let rules = self.rules;
        let Some(rule) = rules.takeover[kind] else {
            return;
        };
        let cells = &rules.ray_cells[ray.start as usize..][..ray.len as usize];
        let convertible = |c: Cell| {
            let q = self.board[c as usize];
            q != 0
                && side_of(q) != us
                && rules.immune & (1 << kind_of(q)) == 0
                && !(rules.flags.two_cell && rules.two_cell[kind_of(q)].is_some())
                && !(rule.undefended && self.attacked_by(c, 1 - us))
        };
        if ray.kind == RayKind::Leap && ray.jump {
            // A jumping path converts the enemy on its first cell and lands on its
            // last, capturing there too if an enemy stands on it.
            let (first, t) = (cells[0], cells[ray.blockers as usize]);
            if !convertible(first) {
                return;
            }
            let q = self.board[t as usize];
            let m = Move::new(from, t, MoveKind::Normal).with_convert(first);
            if q == 0 {
                push(out, m, promo);
            } else if side_of(q) != us && ray.capture {
                push(out, m.with_capture(t), promo);
            }
            return;
        }
        let step = ray.dir.dx.abs() <= 1 && ray.dir.dy.abs() <= 1;
        let (victim, beyond): (Cell, &[Cell]) = match ray.kind {
            // takeovers jump along straight lines, not after a bent rider's turn
            RayKind::Slide if ray.blockers > 0 => return,
            RayKind::Slide => {
                let Some(i) = cells.iter().position(|&c| self.board[c as usize] != 0) else {
                    return;
                };
                if rule.adjacent && i > 0 {
                    return;
                }
                (cells[i], &cells[i + 1..])
            }
            RayKind::Leap if ray.blockers == 0 && step => (cells[0], &[]),
            _ => return,
        };
        if !convertible(victim) {
            return;
        }
        let one_beyond;
        let beyond = if ray.kind == RayKind::Leap {
            let Some(c) = rules.step(victim, ray.dir) else {
                return;
            };
            one_beyond = [c];
            &one_beyond[..]
        } else {
            beyond
        };
        for &t in beyond {
            if self.board[t as usize] != 0 {
                break;
            }
            let m = Move::new(from, t, MoveKind::Normal).with_convert(victim);
            push(out, m, promo);
            if rule.stop_beyond {
                break;
            }
        }
    }

    /// Over the first piece on the ray, then on to the cells beyond it. Kept out of
    /// line: inlined, it costs the hop-less variants' loop (chess perft 5 +1.4%
    /// instructions) more than the call costs the cannons (Xiangqi +0.5%).
    #[inline(never)]
    fn hop(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        ray: &Ray,
        out: &mut Vec<Move>,
        promo: Option<Promo>,
    ) {
        let cells = &self.rules.ray_cells[ray.start as usize..][..ray.len as usize];
        for &t in self.hop_landings(cells, ray, kind) {
            if !self.target(us, out, from, t, ray, promo, false) {
                break;
            }
        }
    }

    /// The cells a hop of a piece of `kind` along `cells` may land on: past the
    /// screen (the first piece; for an `adjacent` hop, on the first cell), all of them
    /// or the next one only; none when the piece may not hop the screen.
    #[inline(always)]
    fn hop_landings<'c>(&self, cells: &'c [Cell], ray: &Ray, kind: usize) -> &'c [Cell] {
        let screen = if ray.adjacent {
            // The screen must stand on the first cell: look no further.
            match cells.first() {
                Some(&c) if self.board[c as usize] != 0 => 0,
                _ => return &[],
            }
        } else {
            let Some(screen) = cells.iter().position(|&c| self.board[c as usize] != 0) else {
                return &[];
            };
            screen
        };
        let rules = self.rules;
        if rules.flags.capture_limits
            && !rules
                .restrictions
                .may_hop(kind, kind_of(self.board[cells[screen] as usize]))
        {
            return &[];
        }
        let beyond = &cells[screen + 1..];
        if ray.kind == RayKind::HopBehind {
            &beyond[..beyond.len().min(1)]
        } else {
            beyond
        }
    }

    /// Add the move to `t` if the ray allows it; returns whether `t` was empty (so a
    /// slide may go on).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn target(
        &self,
        us: usize,
        out: &mut Vec<Move>,
        from: Cell,
        t: Cell,
        ray: &Ray,
        promo: Option<Promo>,
        can_ep: bool,
    ) -> bool {
        let q = self.board[t as usize];
        if q == 0 {
            if ray.quiet && !ray.double_step {
                push_normal(out, from, t, &[], promo);
            } else if ray.quiet {
                let mut m = Move::new(from, t, MoveKind::DoubleStep);
                m.aux = ray.start;
                // check limits passed cells to MAX_EP_CELLS
                m.set_aux_len(ray.blockers as u8);
                push(out, m, promo);
            } else if ray.capture && can_ep && self.ep.contains(t) {
                let m = Move::new(from, t, MoveKind::EnPassant).with_capture(self.ep.victim);
                push(out, m, promo);
            }
            true
        } else {
            if ray.capture && side_of(q) != us {
                push_normal(out, from, t, &[t], promo);
            }
            false
        }
    }

    /// Whether the piece on `cell` is locked: frozen by an enemy immobilizer that is
    /// frozen itself (either end, for a two-cell piece).
    pub(super) fn locked(&self, cell: Cell) -> bool {
        let ends = [Some(cell), self.other_end(cell)];
        ends.into_iter().flatten().any(|c| {
            self.is_frozen(c)
                && self.rules.neighbours[c as usize].iter().any(|&a| {
                    let e = self.board[a as usize];
                    e != 0
                        && side_of(e) != side_of(self.board[c as usize])
                        && self.rules.immobilizer_kinds & (1 << kind_of(e)) != 0
                        && self.is_frozen(a)
                })
        })
    }

    /// Whether the piece on `cell` is frozen, either end of a two-cell piece.
    pub(super) fn is_frozen_whole(&self, cell: Cell) -> bool {
        self.is_frozen(cell)
            || (self.rules.flags.two_cell
                && self.other_end(cell).is_some_and(|o| self.is_frozen(o)))
    }

    pub(super) fn is_frozen_any(&self, cell: Cell) -> bool {
        self.rules.flags.immobilizers && self.is_frozen(cell)
    }

    // ---- the general path -------------------------------------------------------

    /// Whether the piece on `cell` is frozen by an adjacent enemy: an immobilizer
    /// (unless, under the pure rule, a friendly immobilizer or chameleon other than
    /// the piece itself stands next to that immobilizer), or, for an immobilizer, a
    /// chameleon, which freezes immobilizers the way they freeze.
    pub(super) fn is_frozen(&self, cell: Cell) -> bool {
        let rules = self.rules;
        let x = self.board[cell as usize];
        if x == 0 {
            return false;
        }
        let us = side_of(x);
        // No enemy next to it: nothing freezes it.
        if let Some(around) = rules.reach.around.get(cell as usize) {
            if around & self.occupied[1 - us] == 0 {
                return false;
            }
        }
        let x_immobilizes = rules.immobilizer_kinds & (1 << kind_of(x)) != 0;
        let cancellers = rules.immobilizer_kinds | rules.chameleon_kinds;
        for &a in &rules.neighbours[cell as usize] {
            let e = self.board[a as usize];
            if e == 0 || side_of(e) == us {
                continue;
            }
            let bit = 1u64 << kind_of(e);
            if rules.immobilizer_kinds & bit != 0 {
                let cancelled = rules.immobilization == Immobilization::Pure
                    && rules.neighbours[a as usize].iter().any(|&b| {
                        let f = self.board[b as usize];
                        b != cell
                            && f != 0
                            && side_of(f) == us
                            && cancellers & (1 << kind_of(f)) != 0
                    });
                if !cancelled {
                    return true;
                }
            }
            if x_immobilizes && rules.chameleon_kinds & bit != 0 {
                return true;
            }
        }
        false
    }

    /// The occupant of a cell once the piece on `from` has moved to `to`.
    #[inline]
    fn after(&self, c: Cell, from: Cell, to: Cell, mover: u8, left: u8) -> u8 {
        if c == to {
            mover
        } else if c == from {
            left
        } else {
            self.board[c as usize]
        }
    }

    /// Whether a piece of `kind` standing on `from` could move to `to` (for the
    /// chameleon, whose mimicked captures need the victim's own movement).
    fn kind_moves_to(&self, us: usize, kind: usize, from: Cell, to: Cell) -> bool {
        let rules = self.rules;
        rules.rays_of(us, kind, from).iter().any(|r| {
            let cells = &rules.ray_cells[r.start as usize..][..r.len as usize];
            match r.kind {
                RayKind::Leap | RayKind::Slide => cells[r.blockers as usize..].contains(&to),
                _ => cells.contains(&to),
            }
        })
    }

    /// The moves of one piece on the general path: by its capture modes if it has any,
    /// then without the moves a `capture-only` zone forbids.
    pub(super) fn general_piece_moves(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        out: &mut Vec<Move>,
        ep_open: bool,
    ) {
        let start = out.len();
        if self.rules.flags.two_cell {
            if let Some(rule) = self.rules.two_cell[kind] {
                let other = self.other_end(from).unwrap_or(from);
                self.two_cell_moves(us, [from.min(other), from.max(other)], rule, out);
                return;
            }
        }
        if self.rules.captures[kind].any() {
            self.special_piece_moves(us, from, kind, out, ep_open);
        } else {
            self.piece_moves(us, from, kind, out, ep_open && self.rules.en_passant[kind]);
        }
        if self.rules.flags.two_cell {
            self.two_cell_victims(from, out, start);
        }
        if self.rules.flags.capture_only_zones {
            self.keep_zone_moves(us, out, start);
        }
        if self.rules.flags.capture_limits {
            self.drop_barred_captures(kind, out, start);
        }
    }

    /// Whether a piece of `us` may end a move on `t` only by capturing: a quiet
    /// move there is never made.
    #[inline]
    fn capture_only(&self, us: usize, t: Cell) -> bool {
        self.rules.flags.capture_only_zones && self.rules.capture_only[us][t as usize]
    }

    /// Among one piece's moves (`out[start..]`), keep those the `capture-only` zones
    /// allow: a move entering the zone without capturing goes at once; with
    /// captures, the full rule decides (`restrict_to_needed_captures`).
    fn keep_zone_moves(&self, us: usize, out: &mut Vec<Move>, start: usize) {
        let zone = &self.rules.capture_only[us];
        if self.rules.flags.fewest_crossed {
            let fewest = &self.rules.fewest_crossed[us][..];
            self.restrict_to_needed_captures(out, start, zone, Some(fewest));
            return;
        }
        let entering = |m: &Move| lands(m) && zone[m.to as usize];
        let mut quietly = false;
        for m in &out[start..] {
            if entering(m) {
                if !m.captures().is_empty() {
                    self.restrict_to_needed_captures(out, start, zone, None);
                    return;
                }
                quietly = true;
            }
        }
        if quietly {
            let mut keep = start;
            for i in start..out.len() {
                if !entering(&out[i]) {
                    out[keep] = out[i];
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }

    fn special_piece_moves(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        out: &mut Vec<Move>,
        ep_open: bool,
    ) {
        let rules = self.rules;
        // a copy: its flags stay in registers while moves are pushed
        let modes = rules.captures[kind];
        let promo = self.promo(us, kind);
        for ray in rules.rays_of(us, kind, from) {
            let cells = &rules.ray_cells[ray.start as usize..][..ray.len as usize];
            match ray.kind {
                RayKind::Leap | RayKind::Slide => {
                    let Some(walk) = self.open_cells(ray, cells) else {
                        continue;
                    };
                    for &t in walk {
                        let q = self.board[t as usize];
                        if q == 0 {
                            if ray.quiet && modes.lands_capturing {
                                self.landing(us, from, t, ray.dir, kind, &[], out, promo);
                            } else if ray.quiet && !self.capture_only(us, t) {
                                push_normal(out, from, t, &[], promo);
                            }
                        } else {
                            if ray.capture && side_of(q) != us {
                                push_normal(out, from, t, &[t], promo);
                            }
                            break;
                        }
                    }
                    if modes.vaults && ray.quiet && ray.blockers == 0 {
                        if modes.vault {
                            self.vaults(us, from, kind, ray, !0, out, promo);
                        }
                        if modes.chameleon.is_some() && rules.mimicry.vault != 0 {
                            self.vaults(us, from, kind, ray, rules.mimicry.vault, out, promo);
                        }
                    }
                    if ray.kind == RayKind::Slide && ray.blockers == 0 && ray.quiet {
                        if let Some(single) = modes.overtake {
                            let reach = Reach {
                                single,
                                adjacent: modes.overtake_adjacent,
                            };
                            self.overtake(us, from, kind, ray, !0, reach, out, promo);
                        }
                        if modes.chameleon.is_some() && rules.mimicry.overtake_adjacent != 0 {
                            let reach = Reach {
                                single: true,
                                adjacent: true,
                            };
                            let victims = rules.mimicry.overtake_adjacent;
                            self.overtake(us, from, kind, ray, victims, reach, out, promo);
                        }
                        if modes.chameleon.is_some() && rules.mimicry.overtake != 0 {
                            self.overtake(
                                us,
                                from,
                                kind,
                                ray,
                                rules.mimicry.overtake,
                                Reach {
                                    single: false,
                                    adjacent: false,
                                },
                                out,
                                promo,
                            );
                        }
                    }
                }
                RayKind::Hop | RayKind::HopBehind => self.hop(us, from, kind, ray, out, promo),
            }
        }
        if modes.swap {
            self.swaps(us, from, kind, None, out);
        }
        if modes.destruction {
            self.destructions(us, from, !0, out);
        }
        if modes.chameleon.is_some() {
            let mut kinds = rules.mimicry.swap;
            while kinds != 0 {
                let victim = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                self.swaps(us, from, victim, Some(victim), out);
            }
            if rules.mimicry.destruction != 0 {
                self.destructions(us, from, rules.mimicry.destruction, out);
            }
        }
        if modes.chameleon == Some(true) {
            // Take a replacement-capturer by moving onto it as it moves (a leap, a
            // slide, a hop), with whatever else the landing takes.
            let mut kinds = rules.mimicry.replacement;
            while kinds != 0 {
                let victim = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                let passing = ep_open
                    && rules.en_passant[victim]
                    && kind_of(self.board[self.ep.victim as usize]) == victim;
                for ray in rules.rays_of(us, victim, from) {
                    if !ray.capture {
                        continue;
                    }
                    if let Some(t) = self.first_reached(ray, victim) {
                        let q = self.board[t as usize];
                        if side_of(q) != us && kind_of(q) == victim {
                            self.landing(us, from, t, ray.dir, kind, &[t], out, promo);
                        }
                    }
                    if passing && !ray.quiet {
                        self.mimic_en_passant(us, from, kind, ray, out, promo);
                    }
                }
            }
        }
    }

    /// A chameleon capturing en passant the way the piece that just passed would:
    /// along that piece's capturing ray, onto a passed cell, taking it.
    fn mimic_en_passant(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        ray: &Ray,
        out: &mut Vec<Move>,
        promo: Option<Promo>,
    ) {
        let cells = &self.rules.ray_cells[ray.start as usize..][..ray.len as usize];
        if matches!(ray.kind, RayKind::Hop | RayKind::HopBehind) {
            return;
        }
        let Some(open) = self.open_cells(ray, cells) else {
            return;
        };
        for &t in open {
            if self.board[t as usize] != 0 {
                return;
            }
            if self.ep.contains(t) {
                let victim = [self.ep.victim];
                self.landing(us, from, t, ray.dir, kind, &victim, out, promo);
            }
        }
    }

    /// The cells a leap or slide may end on once the cells it must pass are empty
    /// (a leap's target, a slide's line after a bent rider's fixed steps), or `None`
    /// when one of those is occupied.
    #[inline]
    fn open_cells<'c>(&self, ray: &Ray, cells: &'c [Cell]) -> Option<&'c [Cell]> {
        let b = ray.blockers as usize;
        if b > 0 && !ray.jump && cells[..b].iter().any(|&c| self.board[c as usize] != 0) {
            return None;
        }
        Some(&cells[b..])
    }

    /// The first piece a ray reaches: a leap's target (its path empty), the first
    /// piece along a slide, the first piece a hop may land on.
    fn first_reached(&self, ray: &Ray, kind: usize) -> Option<Cell> {
        let cells = &self.rules.ray_cells[ray.start as usize..][..ray.len as usize];
        let reach = match ray.kind {
            RayKind::Leap | RayKind::Slide => self.open_cells(ray, cells)?,
            RayKind::Hop | RayKind::HopBehind => self.hop_landings(cells, ray, kind),
        };
        reach.iter().copied().find(|&c| self.board[c as usize] != 0)
    }

    /// Swaps with the first piece on each line a piece of `lines` moves along from
    /// `from`: any piece, or (for a chameleon) only an enemy of kind `only`.
    fn swaps(&self, us: usize, from: Cell, lines: usize, only: Option<usize>, out: &mut Vec<Move>) {
        let rules = self.rules;
        let start = out.len();
        for ray in rules.rays_of(us, lines, from) {
            if matches!(ray.kind, RayKind::Hop | RayKind::HopBehind) {
                continue;
            }
            let Some(t) = self.first_reached(ray, lines) else {
                continue;
            };
            let q = self.board[t as usize];
            if only.is_some_and(|k| side_of(q) == us || kind_of(q) != k) {
                continue;
            }
            if rules.flags.two_cell && rules.two_cell[kind_of(q)].is_some() {
                continue;
            }
            let (a, b) = self.swap_ban;
            if (a == from && b == t) || (a == t && b == from) {
                continue;
            }
            let swap = Move::new(from, t, MoveKind::Swap);
            let mover = kind_of(self.board[from as usize]);
            // a swap is an arrival too: the mover's capture modes take what it
            // approaches, withdraws from, pins or coordinates
            let (m, with_optional) = if rules.captures[mover].lands_capturing {
                let arrival = Arrival {
                    from,
                    t,
                    dir: ray.dir,
                    left: q,
                };
                let (mut must, mut may) = (Captures::new(), Captures::new());
                self.landing_victims(us, mover, arrival, &mut must, &mut may);
                with_victims(swap, &must, &may)
            } else {
                (swap, None)
            };
            for m in std::iter::once(m).chain(with_optional) {
                if !out[start..].contains(&m) {
                    out.push(m);
                }
            }
        }
    }

    /// Mutual destruction with an adjacent enemy of the kinds in `victims`.
    fn destructions(&self, us: usize, from: Cell, victims: u64, out: &mut Vec<Move>) {
        for &a in &self.rules.neighbours[from as usize] {
            let q = self.board[a as usize];
            if q != 0 && side_of(q) != us && victims & (1 << kind_of(q)) != 0 {
                out.push(
                    Move::new(from, a, MoveKind::Destruction)
                        .with_capture(a)
                        .with_capture(from),
                );
            }
        }
    }

    /// Jumps along a riding line over single enemies (of the kinds in `victims`),
    /// each followed by an empty cell; a move for every empty landing cell.
    #[allow(clippy::too_many_arguments)]
    fn overtake(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        ray: &Ray,
        victims: u64,
        reach: Reach,
        out: &mut Vec<Move>,
        promo: Option<Promo>,
    ) {
        let rules = self.rules;
        let single = reach.single;
        let cells = &rules.ray_cells[ray.start as usize..][..ray.len as usize];
        let Some(mut i) = cells.iter().position(|&c| self.board[c as usize] != 0) else {
            return;
        };
        if reach.adjacent {
            // The victim next to the mover, the landing right behind it.
            let p = self.board[cells[0] as usize];
            let landing = cells.get(1).copied();
            if let (0, Some(t)) = (i, landing) {
                let enemy = side_of(p) != us && victims & (1 << kind_of(p)) != 0;
                if enemy && self.board[t as usize] == 0 {
                    self.landing(us, from, t, ray.dir, kind, &cells[..1], out, promo);
                }
            }
            return;
        }
        let mut jumped: [Cell; MAX_CAPTURES] = [0; MAX_CAPTURES];
        let mut n = 0;
        loop {
            let p = self.board[cells[i] as usize];
            if side_of(p) == us || victims & (1 << kind_of(p)) == 0 || n == MAX_CAPTURES {
                return;
            }
            let mut j = i + 1;
            if j >= cells.len() || self.board[cells[j] as usize] != 0 {
                return;
            }
            jumped[n] = cells[i];
            n += 1;
            while j < cells.len() && self.board[cells[j] as usize] == 0 {
                self.landing(us, from, cells[j], ray.dir, kind, &jumped[..n], out, promo);
                j += 1;
            }
            if single || j >= cells.len() {
                return;
            }
            i = j;
        }
    }

    /// Vaults along one ray over an enemy (of the kinds in `victims`) to the empty
    /// cell as far beyond it as it is from the start, whatever stands between; a
    /// leap vaults over its target to the same leap beyond.
    #[allow(clippy::too_many_arguments)]
    fn vaults(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        ray: &Ray,
        victims: u64,
        out: &mut Vec<Move>,
        promo: Option<Promo>,
    ) {
        let rules = self.rules;
        let cells = &rules.ray_cells[ray.start as usize..][..ray.len as usize];
        let enemy = |c: Cell| {
            let q = self.board[c as usize];
            q != 0 && side_of(q) != us && victims & (1 << kind_of(q)) != 0
        };
        let mut take = |victim: Cell, t: Cell| {
            if enemy(victim) && self.board[t as usize] == 0 {
                self.landing(us, from, t, ray.dir, kind, &[victim], out, promo);
            }
        };
        match ray.kind {
            RayKind::Slide => {
                for k in 1..=cells.len() / 2 {
                    take(cells[k - 1], cells[2 * k - 1]);
                }
            }
            RayKind::Leap => {
                if let Some(t) = rules.step(cells[0], ray.dir) {
                    take(cells[0], t);
                }
            }
            _ => {}
        }
    }

    /// The cell a recoil from `from` to `t` takes: as far behind `from`, along the
    /// line of the move, as `t` is ahead, with empty cells between.
    fn recoil_victim(&self, from: Cell, t: Cell, dir: Offset) -> Option<Cell> {
        let rules = self.rules;
        let back = Offset::new(-dir.dx, -dir.dy);
        let (mut ahead, mut behind) = (from, from);
        loop {
            ahead = rules.step(ahead, dir)?;
            behind = rules.step(behind, back)?;
            if ahead == t {
                return Some(behind);
            }
            if self.board[behind as usize] != 0 {
                return None;
            }
        }
    }

    /// A quiet landing on `t` (after jumping `jumped`, if any): every capture the
    /// mover's modes make, mandatory ones always, optional ones as a second move.
    #[allow(clippy::too_many_arguments)]
    fn landing(
        &self,
        us: usize,
        from: Cell,
        t: Cell,
        dir: Offset,
        kind: usize,
        jumped: &[Cell],
        out: &mut Vec<Move>,
        promo: Option<Promo>,
    ) {
        if !self.rules.captures[kind].lands_capturing {
            push_normal(out, from, t, jumped, promo);
            return;
        }
        let arrival = Arrival {
            from,
            t,
            dir,
            left: 0,
        };
        let mut must = Captures::new();
        let mut may = Captures::new();
        for &c in jumped {
            must.add(c);
        }
        self.landing_victims(us, kind, arrival, &mut must, &mut may);
        if must.is_empty() && may.is_empty() && self.capture_only(us, t) {
            return;
        }
        let promotes = promo.is_some_and(|p| p.table.promotes(from, t));
        if may.is_empty() && !promotes {
            push_with_captures(out, Move::new(from, t, MoveKind::Normal), must.cells());
            return;
        }
        let (m, with_optional) = with_victims(Move::new(from, t, MoveKind::Normal), &must, &may);
        push(out, m, promo);
        if let Some(m2) = with_optional {
            push(out, m2, promo);
        }
    }

    /// The pieces the mover's capture modes take when it arrives on `t` from
    /// `from` along `dir` (leaving `left` on `from`: nothing, or a swap's partner):
    /// those it must take (with `jumped`), and those it may. Inlined: for pieces
    /// with capture modes it is the hottest code there is.
    #[inline(always)]
    fn landing_victims(
        &self,
        us: usize,
        kind: usize,
        arrival: Arrival,
        must: &mut Captures,
        may: &mut Captures,
    ) {
        let rules = self.rules;
        let modes = &rules.captures[kind];
        let Arrival { from, t, dir, left } = arrival;
        let mover = self.board[from as usize];
        let mimic = modes.chameleon.is_some();
        // Take `c` if it holds an enemy of the kinds a mode takes (for a chameleon,
        // only on a move the victim's own kind could make).
        let mut take = |c: Cell, (mandatory, optional): Victims| {
            let q = self.board[c as usize];
            if q == 0 || side_of(q) == us {
                return;
            }
            let bit = 1u64 << kind_of(q);
            if (mandatory | optional) & bit == 0
                || (mimic && !self.kind_moves_to(us, kind_of(q), from, t))
            {
                return;
            }
            if mandatory & bit != 0 {
                must.add(c)
            } else {
                may.add(c)
            }
        };
        let v = &modes.landing;
        if v.approach != NO_VICTIMS {
            if let Some(c) = rules.step(t, dir) {
                take(c, v.approach);
            }
        }
        if v.withdraw != NO_VICTIMS {
            if let Some(c) = rules.step(from, Offset::new(-dir.dx, -dir.dy)) {
                take(c, v.withdraw);
            }
        }
        if v.recoil != NO_VICTIMS {
            if let Some(c) = self.recoil_victim(from, t, dir) {
                take(c, v.recoil);
            }
        }
        if v.pincer != NO_VICTIMS {
            let all = v.pincer_diagonal != NO_VICTIMS;
            for (i, &d) in pincer_dirs(all).iter().enumerate() {
                let Some(c1) = rules.step(t, d) else { continue };
                let q = self.board[c1 as usize];
                if q == 0 || side_of(q) == us || c1 == from {
                    continue;
                }
                let Some(c2) = rules.step(c1, d) else {
                    continue;
                };
                let beyond = self.after(c2, from, t, mover, left);
                if beyond != 0 && side_of(beyond) == us {
                    take(c1, if i < 4 { v.pincer } else { v.pincer_diagonal });
                }
            }
        }
        if v.coordinate != NO_VICTIMS {
            for c in self.coordinated(us, from, t) {
                take(c, v.coordinate);
            }
        }
    }
}

/// How a piece arrives on a cell: from where, along which line, and what it
/// leaves where it stood (nothing, or the partner of a swap).
#[derive(Clone, Copy)]
struct Arrival {
    from: Cell,
    t: Cell,
    dir: Offset,
    left: u8,
}

/// `m` with the cells it must take, and the same with those it may take too (when
/// there are any).
#[inline(always)]
fn with_victims(m: Move, must: &Captures, may: &Captures) -> (Move, Option<Move>) {
    let mut m = m;
    for &c in must.cells() {
        m = m.with_capture(c);
    }
    let with_optional = (!may.is_empty()).then(|| {
        let mut m2 = m;
        for &c in may.cells() {
            if !m2.captures().contains(&c) && m2.captures().len() < MAX_CAPTURES {
                m2 = m2.with_capture(c);
            }
        }
        m2
    });
    (m, with_optional.filter(|m2| *m2 != m))
}

impl Position<'_> {
    /// Among one piece's moves (`out[start..]`), drop those a `capture-only` zone
    /// forbids. A move that ends in the zone must capture (a swap counts), and no move
    /// of the piece ending outside may make the same capture. Under `fewest-crossed`
    /// (cells in `fewest`), cells passed over count as entered: a move touching them
    /// must capture, no move touching none may make the same capture, and it must be
    /// the only one crossing the fewest of them for that capture.
    fn restrict_to_needed_captures(
        &self,
        out: &mut Vec<Move>,
        start: usize,
        zone: &[bool],
        fewest: Option<&[bool]>,
    ) {
        let mut facts = self.zone_facts.borrow_mut();
        facts.clear();
        facts.extend(out[start..].iter().map(|m| {
            let lands = lands(m);
            let crossed = match fewest {
                Some(f) if lands => self.cells_crossed(m, f),
                _ => 0,
            };
            ZoneFact {
                lands,
                touches: lands && (zone[m.to as usize] || crossed > 0),
                crossed,
                allowed: true,
            }
        }));
        let moves = &out[start..];
        for i in 0..facts.len() {
            facts[i].allowed = !facts[i].touches
                || (!moves[i].captures().is_empty() && needed_among(moves, &facts, i));
        }
        let mut keep = start;
        for (i, f) in facts.iter().enumerate() {
            if f.allowed {
                out[keep] = out[start + i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// The cells of `cells` a move passes over or ends on, along its line.
    fn cells_crossed(&self, m: &Move, cells: &[bool]) -> u32 {
        let rules = self.rules;
        let (a, b) = (rules.cells[m.from as usize], rules.cells[m.to as usize]);
        let (dx, dy) = (b.file - a.file, b.rank - a.rank);
        let mut n = u32::from(cells[m.to as usize]);
        if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
            let step = Offset::new(dx.signum(), dy.signum());
            let mut at = rules.step(m.from, step);
            while let Some(c) = at {
                if c == m.to {
                    break;
                }
                n += u32::from(cells[c as usize]);
                at = rules.step(c, step);
            }
        }
        n
    }
}

impl Position<'_> {
    /// The cells a coordination takes on, landing on `t` from `from`: the corners
    /// of the rectangle of `t` and the side's royal piece (where it lands, if it is
    /// the mover), when the two share no line.
    fn coordinated(&self, us: usize, from: Cell, t: Cell) -> impl Iterator<Item = Cell> + '_ {
        let rules = self.rules;
        let royal = self.royals[us]
            .first()
            .map(|&r| if r == from { t } else { r });
        let corners = royal.map_or([None, None], |royal| {
            let (a, b) = (rules.cells[t as usize], rules.cells[royal as usize]);
            if a.file == b.file || a.rank == b.rank {
                return [None, None];
            }
            [(a.file, b.rank), (b.file, a.rank)]
                .map(|(file, rank)| rules.cell_at(Coord { file, rank }))
        });
        corners.into_iter().flatten().filter(move |&c| c != from)
    }
}

/// Whether a move ends with its piece on a cell: suicides and mutual destructions
/// do not move the piece, and a swap may always enter a `capture-only` zone.
fn lands(m: &Move) -> bool {
    matches!(
        m.kind,
        MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant
    )
}

/// What the `capture-only` rule asks of one of a piece's moves.
#[derive(Clone, Copy)]
pub(super) struct ZoneFact {
    /// The piece ends the move on a cell (not a suicide, destruction or swap).
    lands: bool,
    /// It lands in the zone or, under `fewest-crossed`, passes zone cells.
    touches: bool,
    /// The zone cells it passes or lands on, under `fewest-crossed`.
    crossed: u32,
    allowed: bool,
}

/// Whether move `i` of a piece's `moves`, touching the zone with captures, is the
/// one allowed to make them: no move landing outside makes the same captures, and
/// under `fewest-crossed` it alone (by its landing cell) crosses the fewest.
fn needed_among(moves: &[Move], facts: &[ZoneFact], i: usize) -> bool {
    let (m, f) = (&moves[i], &facts[i]);
    let same = || (0..moves.len()).filter(|&j| facts[j].lands && same_captures(&moves[j], m));
    if same().any(|j| !facts[j].touches) {
        return false;
    }
    if f.crossed == 0 {
        return true;
    }
    let least = same().map(|j| facts[j].crossed).min().unwrap_or(0);
    f.crossed == least
        && same()
            .filter(|&j| facts[j].crossed == least)
            .all(|j| moves[j].to == m.to)
}

/// Whether two moves capture the same cells (in any order; a move lists a cell once).
fn same_captures(a: &Move, b: &Move) -> bool {
    let (a, b) = (a.captures(), b.captures());
    a.len() == b.len() && a.iter().all(|c| b.contains(c))
}

pub(super) fn pincer_dirs(all: bool) -> &'static [Offset] {
    if all {
        &Offset::AROUND
    } else {
        &Offset::AROUND[..4]
    }
}

/// A small set of captured cells.
struct Captures {
    cells: [Cell; MAX_CAPTURES],
    len: usize,
}

impl Captures {
    fn new() -> Captures {
        Captures {
            cells: [0; MAX_CAPTURES],
            len: 0,
        }
    }
    fn add(&mut self, c: Cell) {
        if self.len < MAX_CAPTURES && !self.cells[..self.len].contains(&c) {
            self.cells[self.len] = c;
            self.len += 1;
        }
    }
    fn cells(&self) -> &[Cell] {
        &self.cells[..self.len]
    }
    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Whether two moves change the position the same way: the same piece from and to
/// the same cells, removing the same pieces, converting and promoting alike.
fn same_effect(a: &Move, b: &Move) -> bool {
    let same_caps = a.captures().len() == b.captures().len()
        && a.captures().iter().all(|c| b.captures().contains(c));
    a.to == b.to
        && a.from == b.from
        && (a.kind != MoveKind::TwoCell || a.aux == b.aux)
        && a.promotion == b.promotion
        && a.converted() == b.converted()
        && same_caps
        && (a.kind == b.kind
            || matches!(
                (a.kind, b.kind),
                (MoveKind::Normal, MoveKind::DoubleStep) | (MoveKind::DoubleStep, MoveKind::Normal)
            ))
}

/// List once each move of `out[start..]` that two rules or paths made: a move is its
/// effect. Of a plain step and a double step with the same effect on the board, the
/// double step stays (it leaves the cells it passed capturable en passant).
#[inline(never)]
pub(super) fn fold_repeats(out: &mut Vec<Move>, start: usize) {
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        match out[start..keep].iter().position(|k| same_effect(k, &m)) {
            Some(j) => {
                if m.kind == MoveKind::DoubleStep {
                    out[start + j] = m;
                }
            }
            None => {
                out[keep] = m;
                keep += 1;
            }
        }
    }
    out.truncate(keep);
}

/// Add a normal move from `from` to `to` taking `captures` (with `push`).
#[inline(always)]
fn push_normal(out: &mut Vec<Move>, from: Cell, to: Cell, captures: &[Cell], promo: Option<Promo>) {
    if promo.is_some_and(|p| p.table.promotes(from, to)) {
        let m = Move::new(from, to, MoveKind::Normal);
        push(
            out,
            captures.iter().fold(m, |m, &c| m.with_capture(c)),
            promo,
        );
    } else {
        push_with_captures(out, Move::new(from, to, MoveKind::Normal), captures);
    }
}

/// Push `m` with `captures` added where it is kept: a move assembled on the
/// stack cell by cell and then copied makes the processor wait for the copy.
#[inline(always)]
fn push_with_captures(out: &mut Vec<Move>, m: Move, captures: &[Cell]) {
    out.push(m);
    if let Some(m) = out.last_mut() {
        for &c in captures {
            m.add_capture(c);
        }
    }
}

/// Add a move, or its promotions when it ends in the zone: one per available choice,
/// and the plain move too when promotion is optional. A mandatory promotion with no
/// piece available leaves no move (the piece may not go there).
#[inline(always)]
fn push(out: &mut Vec<Move>, m: Move, promo: Option<Promo>) {
    match promo {
        Some(p) if p.table.promotes(m.from, m.to) => {
            if p.attacking {
                out.push(m);
                return;
            }
            if p.queued != 0 {
                let mut pm = m;
                pm.promotion = p.queued;
                out.push(pm);
            }
            for &k in &p.table.choices {
                if p.available & (1 << k) != 0 {
                    let mut pm = m;
                    pm.promotion = k + 1;
                    out.push(pm);
                }
            }
            if p.table.optional_at(m.to) {
                out.push(m);
            }
        }
        _ => out.push(m),
    }
}
