//! Replacement, chess's capture: the mover lands on its victim's cell. The fast
//! path: variants whose pieces capture only this way walk each piece's precomputed
//! rays here and nowhere else. Hops (the cannon's screen) land the same way.

use super::super::movegen::{push, push_normal, MoveSink, Promo, Purpose};
use super::super::{kind_of, side_of, Move, MoveKind, Position};
use crate::compile::{Cell, Ray, RayKind};

impl Position<'_> {
    #[inline(always)]
    pub(in crate::engine) fn piece_moves<S: MoveSink + ?Sized>(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        out: &mut S,
        can_ep: bool,
        purpose: Purpose,
    ) {
        let rules = self.rules;
        let promo = self.promo(us, kind, purpose);
        // Takeovers capture nothing, so attack tests skip them.
        let takes_over = rules.capture.takeover[kind].is_some() && purpose == Purpose::Play;
        for ray in rules.rays_of(us, kind, from) {
            let cells = rules.cells_of(ray);
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

    /// Over the first piece on the ray, then on to the cells beyond it. Kept out of
    /// line: inlined, it costs the hop-less variants' loop (chess perft 5 +1.4%
    /// instructions) more than the call costs the cannons (Xiangqi +0.5%).
    #[inline(never)]
    pub(in crate::engine) fn hop<S: MoveSink + ?Sized>(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        ray: &Ray,
        out: &mut S,
        promo: Option<Promo>,
    ) {
        let cells = self.rules.cells_of(ray);
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
    pub(in crate::engine) fn hop_landings<'c>(
        &self,
        cells: &'c [Cell],
        ray: &Ray,
        kind: usize,
    ) -> &'c [Cell] {
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
    fn target<S: MoveSink + ?Sized>(
        &self,
        us: usize,
        out: &mut S,
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
                // check limits passed cells to MAX_EP_CELLS
                let m = Move::double_step(from, t, ray.start, ray.blockers as u8);
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

    /// Whether the piece of `kind` (of side `by`) on `from` takes the piece on
    /// `target` by one of its moves, for a piece that only replaces: a capturing
    /// ray whose first piece reached is `target` (a leap's open target, the first
    /// piece of a slide, of a hop's landings). `None` when `target` is one end of a
    /// two-cell piece, whose capture has rules of its own.
    pub(in crate::engine) fn takes_by_replacement(
        &self,
        by: usize,
        kind: usize,
        from: Cell,
        target: Cell,
    ) -> Option<bool> {
        let rules = self.rules;
        let q = self.board[target as usize];
        if q == 0 || side_of(q) == by {
            return Some(false);
        }
        if rules.flags.two_cell && self.other_end(target).is_some() {
            return None;
        }
        let takes = rules.ray_range(by, kind, from).any(|i| {
            let ray = &rules.moves.rays[i];
            let cells = rules.cells_of(ray);
            ray.capture
                && self.line_passes(i, cells, target, 0)
                && match ray.kind {
                    RayKind::Leap | RayKind::Slide => {
                        self.open_cells(ray, cells).and_then(|open| {
                            let reach = if ray.kind == RayKind::Leap {
                                &open[..open.len().min(1)]
                            } else {
                                open
                            };
                            reach.iter().find(|&&c| self.board[c as usize] != 0)
                        })
                    }
                    RayKind::Hop | RayKind::HopBehind => {
                        (self.hop_landings(cells, ray, kind).iter())
                            .find(|&&c| self.board[c as usize] != 0)
                    }
                } == Some(&target)
        });
        Some(takes)
    }

    /// Whether a capturing ray of `kind` from `from` reaches `target` (the first piece
    /// along a slide, a leap's target; any hop).
    pub(in crate::engine) fn replaces(
        &self,
        by: usize,
        kind: usize,
        from: Cell,
        target: Cell,
    ) -> bool {
        let rules = self.rules;
        rules.ray_range(by, kind, from).any(|i| {
            let r = &rules.moves.rays[i];
            let cells = rules.cells_of(r);
            match r.kind {
                _ if !r.capture => false,
                RayKind::Hop | RayKind::HopBehind => true,
                RayKind::Leap => cells.last() == Some(&target),
                RayKind::Slide => {
                    self.line_passes(i, cells, target, 0)
                        && cells[r.blockers as usize..]
                            .iter()
                            .find(|&&c| self.board[c as usize] != 0)
                            == Some(&target)
                }
            }
        })
    }
}
