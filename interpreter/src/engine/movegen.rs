//! Pseudo-legal move generation, the driver: every piece of the side to move, its
//! moves and how they are pushed (with their promotions). Variants whose pieces
//! capture only by replacement take the fast path (`capture/replacement.rs`);
//! capture modes, immobilization, two-cell pieces and suicide take the general
//! path, which hands each piece to its capture modes (`capture/mod.rs`) and then
//! keeps the moves `capture-only` zones and `cannot-capture` allow.

use super::{kind_of, Move, MoveKind, Position};
use crate::compile::{Cell, PromotionTable, Ray, RayKind};

/// What moves are generated for: to be played, or to find out whether a piece
/// could capture on a cell (an attack test). An attack test makes no takeovers
/// (they capture nothing) and lets a piece that could not promote attack anyway.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Purpose {
    Play,
    AttackTest,
}

/// A piece's promotion on the moves being generated: its table, and the choices the
/// player has (for promotions to captured pieces, those in reserve).
#[derive(Clone, Copy)]
pub(in crate::engine) struct Promo<'a> {
    pub(super) table: &'a PromotionTable,
    available: u64,
    /// For a promotion from a drop queue: the kind at its end, plus one (0: empty).
    queued: u8,
    /// Moves made to test attacks: a piece that could not promote still attacks.
    attacking: bool,
}

impl Position<'_> {
    #[inline]
    pub(in crate::engine) fn promo(
        &self,
        us: usize,
        kind: usize,
        purpose: Purpose,
    ) -> Option<Promo<'_>> {
        let table = self.rules.promotion_of(us, kind)?;
        Some(self.promo_by(us, table, purpose))
    }

    /// The promotion by `table` of a piece of side `us` (out of line: most pieces
    /// never promote).
    #[inline(never)]
    fn promo_by<'t>(&self, us: usize, table: &'t PromotionTable, purpose: Purpose) -> Promo<'t> {
        let mut available = if table.from_captured {
            table.choice_kinds & self.in_reserve[us]
        } else {
            !0
        };
        if table.limited != 0 {
            available &= !self.kinds_at_limit(us, table.limited);
        }
        let queued = match table.from_queue {
            Some(end) => self.queue_end(us, end).map_or(0, |k| k + 1),
            None => 0,
        };
        Promo {
            table,
            available,
            queued,
            attacking: purpose == Purpose::AttackTest,
        }
    }

    /// Of the `limited` kinds, those `us` has as many of on the board as their
    /// `promotion-limit`.
    pub(super) fn kinds_at_limit(&self, us: usize, limited: u64) -> u64 {
        (0..self.rules.kinds)
            .filter(|&k| limited >> k & 1 != 0)
            .filter(|&k| self.on_board(us, k) >= usize::from(self.rules.promotion_limit[k]))
            .fold(0, |m, k| m | 1 << k)
    }

    pub(super) fn pseudo_moves(&self, out: &mut Vec<Move>) {
        self.moves_for(self.side, out, true);
        if self.rules.flags.explosions {
            self.explode_captures(out);
        }
        if self.rules.flags.hand {
            self.hand_drops(out);
        }
        if self.rules.flags.in_place_promotions {
            self.in_place_promotions(out);
        }
        if self.rules.flags.first_moves {
            self.first_move_moves(out, None);
        }
    }

    /// The pseudo-legal moves that capture, convert or promote, where the plain
    /// path makes them; elsewhere all of them.
    pub(super) fn pseudo_tactical_moves(&self, out: &mut Vec<Move>) {
        let flags = &self.rules.flags;
        let extra = flags.explosions || flags.hand || flags.in_place_promotions;
        if extra || flags.first_moves || flags.special || flags.repeats || flags.capture_limits {
            self.pseudo_moves(out);
            return;
        }
        let (us, ep_open) = (self.side, self.en_passant_open(self.side));
        let mut sink = Tactical(out);
        for &from in &self.lists[us] {
            let kind = kind_of(self.board[from as usize]);
            let can_ep = ep_open && self.rules.en_passant_captures[kind];
            self.piece_moves(us, from, kind, &mut sink, can_ep, Purpose::Play);
        }
    }

    /// The moves of side `us` (castling only when asked: it never captures).
    pub(super) fn moves_for(&self, us: usize, out: &mut Vec<Move>, castling: bool) {
        let rules = self.rules;
        let ep_open = self.en_passant_open(us);
        if rules.flags.special || rules.flags.repeats || rules.flags.capture_limits {
            self.moves_general(us, out, ep_open);
        } else {
            for &from in &self.lists[us] {
                self.plain_piece_moves(us, from, kind_of(self.board[from as usize]), out, ep_open);
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
        let freezing = self.rules.flags.immobilizers && self.may_be_frozen(us);
        for &from in &self.lists[us] {
            self.general_moves_from(us, from, out, (ep_open, freezing));
        }
    }

    /// The moves of the piece of side `us` on `from`, on the general path, when en
    /// passant is open and some piece of `us` may be frozen, or not.
    #[inline(always)]
    pub(super) fn general_moves_from(
        &self,
        us: usize,
        from: Cell,
        out: &mut Vec<Move>,
        (ep_open, freezing): (bool, bool),
    ) {
        let rules = self.rules;
        let kind = kind_of(self.board[from as usize]);
        let start = out.len();
        if rules.flags.special {
            let other = if rules.flags.two_cell {
                self.other_end(from)
            } else {
                None
            };
            if other.is_some_and(|o| o < from) {
                return;
            }
            if freezing && self.is_frozen_whole(from) {
                if rules.capture.suicide && !rules.royal[kind] {
                    let mut m = Move::new(from, from, MoveKind::Suicide).with_capture(from);
                    if let Some(o) = other {
                        m = m.with_capture(o);
                    }
                    out.push(m);
                }
                return;
            }
            self.general_piece_moves(us, from, kind, out, ep_open, Purpose::Play);
        } else {
            self.plain_piece_moves(us, from, kind, out, ep_open);
            if rules.flags.capture_limits {
                self.drop_barred_captures(kind, out, start);
            }
        }
        if rules.moves.repeats[us * rules.kinds + kind] {
            fold_repeats(out, start);
        }
    }

    /// The moves of a piece off the general path, to be played.
    #[inline(always)]
    fn plain_piece_moves(&self, us: usize, from: Cell, kind: usize, out: &mut Vec<Move>, ep: bool) {
        let can_ep = ep && self.rules.en_passant_captures[kind];
        self.piece_moves(us, from, kind, out, can_ep, Purpose::Play);
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

    /// The moves of one piece on the general path: by its capture modes if it has any,
    /// then without the moves a `capture-only` zone forbids.
    pub(super) fn general_piece_moves(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        out: &mut Vec<Move>,
        ep_open: bool,
        purpose: Purpose,
    ) {
        let start = out.len();
        if self.rules.flags.two_cell {
            if let Some(rule) = self.rules.two_cell[kind] {
                let other = self.other_end(from).unwrap_or(from);
                self.two_cell_moves(us, [from.min(other), from.max(other)], rule, out);
                return;
            }
        }
        if self.rules.capture.modes[kind].any() {
            self.mode_moves(us, from, kind, out, ep_open, purpose);
        } else {
            let can_ep = ep_open && self.rules.en_passant_captures[kind];
            self.piece_moves(us, from, kind, out, can_ep, purpose);
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

    /// The cells a leap or slide may end on once the cells it must pass are empty
    /// (a leap's target, a slide's line after a bent rider's fixed steps), or `None`
    /// when one of those is occupied.
    #[inline]
    pub(in crate::engine) fn open_cells<'c>(
        &self,
        ray: &Ray,
        cells: &'c [Cell],
    ) -> Option<&'c [Cell]> {
        let b = ray.blockers as usize;
        if b > 0 && !ray.jump && cells[..b].iter().any(|&c| self.board[c as usize] != 0) {
            return None;
        }
        Some(&cells[b..])
    }

    /// The first piece a ray reaches: a leap's target (its path empty), the first
    /// piece along a slide, the first piece a hop may land on.
    pub(in crate::engine) fn first_reached(&self, ray: &Ray, kind: usize) -> Option<Cell> {
        let cells = self.rules.cells_of(ray);
        let reach = match ray.kind {
            RayKind::Leap | RayKind::Slide => self.open_cells(ray, cells)?,
            RayKind::Hop | RayKind::HopBehind => self.hop_landings(cells, ray, kind),
        };
        reach.iter().copied().find(|&c| self.board[c as usize] != 0)
    }
}

impl<'r> Position<'r> {
    /// The cells a ray may reach on the board as it is, in order: a leap's target
    /// (its path empty, unless it jumps), a slide's cells, a hop's landings; none
    /// where its path is blocked.
    #[inline(always)]
    pub(in crate::engine) fn ray_reach(&self, ray: &Ray, kind: usize) -> &'r [Cell] {
        let cells = self.rules.cells_of(ray);
        match ray.kind {
            RayKind::Leap => {
                (self.open_cells(ray, cells)).map_or(&[], |open| &open[..open.len().min(1)])
            }
            RayKind::Slide => self.open_cells(ray, cells).unwrap_or(&[]),
            RayKind::Hop | RayKind::HopBehind => self.hop_landings(cells, ray, kind),
        }
    }
}

/// Whether two moves change the position the same way: the same piece from and to
/// the same cells, removing the same pieces, converting and promoting alike.
fn same_effect(a: &Move, b: &Move) -> bool {
    let same_caps = a.captures().len() == b.captures().len()
        && a.captures().iter().all(|c| b.captures().contains(c));
    a.to == b.to
        && a.from == b.from
        && (a.kind != MoveKind::TwoCell || a.two_cell_ends() == b.two_cell_ends())
        && a.promotion() == b.promotion()
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

/// Where generated moves go: a list, or only their number (`MoveCount`), where the
/// moves are sure to be legal and no one needs them (perft's last ply).
pub(in crate::engine) trait MoveSink {
    fn push(&mut self, m: Move);
    /// Push `m` with `captures` added.
    fn push_with_captures(&mut self, m: Move, captures: &[Cell]);
}

impl MoveSink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }

    /// The captures are added where the move is kept: a move assembled on the stack
    /// cell by cell and then copied makes the processor wait for the copy.
    #[inline(always)]
    fn push_with_captures(&mut self, m: Move, captures: &[Cell]) {
        Vec::push(self, m);
        if let Some(m) = self.last_mut() {
            for &c in captures {
                m.add_capture(c);
            }
        }
    }
}

/// Only the moves that capture, convert or promote.
struct Tactical<'a>(&'a mut Vec<Move>);

impl MoveSink for Tactical<'_> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if !m.captures().is_empty() || m.converted().is_some() || m.promotion().is_some() {
            self.0.push(m);
        }
    }

    #[inline(always)]
    fn push_with_captures(&mut self, m: Move, captures: &[Cell]) {
        if !captures.is_empty() {
            self.0.push_with_captures(m, captures);
        } else {
            self.push(m);
        }
    }
}

/// A count of the moves generated.
#[derive(Default)]
pub(in crate::engine) struct MoveCount(pub(in crate::engine) u64);

impl MoveSink for MoveCount {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn push_with_captures(&mut self, _: Move, _: &[Cell]) {
        self.0 += 1;
    }
}

/// Add a normal move from `from` to `to` taking `captures` (with `push`).
#[inline(always)]
pub(in crate::engine) fn push_normal<S: MoveSink + ?Sized>(
    out: &mut S,
    from: Cell,
    to: Cell,
    captures: &[Cell],
    promo: Option<Promo>,
) {
    if promo.is_some_and(|p| p.table.promotes(from, to)) {
        let m = Move::new(from, to, MoveKind::Normal);
        push(
            out,
            captures.iter().fold(m, |m, &c| m.with_capture(c)),
            promo,
        );
    } else {
        out.push_with_captures(Move::new(from, to, MoveKind::Normal), captures);
    }
}

/// Push `m` with `captures` added (`MoveSink::push_with_captures`).
#[inline(always)]
pub(in crate::engine) fn push_with_captures<S: MoveSink + ?Sized>(
    out: &mut S,
    m: Move,
    captures: &[Cell],
) {
    out.push_with_captures(m, captures);
}

/// Add a move, or its promotions when it ends in the zone: one per available choice,
/// and the plain move too when promotion is optional. A mandatory promotion with no
/// piece available leaves no move (the piece may not go there).
#[inline(always)]
pub(in crate::engine) fn push<S: MoveSink + ?Sized>(out: &mut S, m: Move, promo: Option<Promo>) {
    match promo {
        // under `on-capture`, only a move that captures promotes
        Some(p)
            if p.table.promotes(m.from, m.to)
                && (!p.table.on_capture || !m.captures().is_empty()) =>
        {
            if p.attacking {
                out.push(m);
                return;
            }
            if p.queued != 0 {
                out.push(m.with_promotion(Some(usize::from(p.queued) - 1)));
            }
            for &k in &p.table.choices {
                if p.available & (1 << k) != 0 {
                    out.push(m.with_promotion(Some(usize::from(k))));
                }
            }
            if p.table.optional_at(m.to) {
                out.push(m);
            }
        }
        _ => out.push(m),
    }
}
