//! Takeover: jump an enemy on the mover's line onto the empty cell beyond it and
//! convert it (it changes owner and stays).

use super::super::movegen::{push, MoveSink, Promo};
use super::super::{kind_of, side_of, Move, MoveKind, Position};
use crate::compile::{Cell, Ray, RayKind};

impl Position<'_> {
    /// Takeovers along one ray: jump the first piece, an enemy that is not immune,
    /// onto the empty cell just beyond it, converting it; a slider may go on (unless
    /// `stop-beyond`). A one-step leap jumps the piece on its cell; other leaps make
    /// no takeover.
    #[inline(never)]
    pub(in crate::engine) fn takeovers<S: MoveSink + ?Sized>(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        ray: &Ray,
        out: &mut S,
        promo: Option<Promo>,
    ) {
        let rules = self.rules;
        let Some(rule) = rules.capture.takeover[kind] else {
            return;
        };
        let cells = rules.cells_of(ray);
        let convertible = |c: Cell| {
            let q = self.board[c as usize];
            q != 0
                && side_of(q) != us
                && rules.capture.immune & (1 << kind_of(q)) == 0
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
}
