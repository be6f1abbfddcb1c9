//! Swap: the mover trades places with the first piece on one of its lines; with
//! landing modes, the arrival takes what they take.

use super::super::{kind_of, side_of, Move, MoveKind, Position};
use super::{with_victims, Arrival, Captures};
use crate::compile::{Cell, RayKind};

impl Position<'_> {
    /// Swaps with the first piece on each line a piece of `lines` moves along from
    /// `from`: any piece, or (for a chameleon) only an enemy of kind `only`.
    pub(in crate::engine) fn swaps(
        &self,
        us: usize,
        from: Cell,
        lines: usize,
        only: Option<usize>,
        out: &mut Vec<Move>,
    ) {
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
            let (m, with_optional) = if rules.capture.modes[mover].lands_capturing {
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
}
