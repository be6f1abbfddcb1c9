//! Chameleon: the mover takes each victim in the way the victim captures, on moves
//! the victim's own kind could make.

use super::super::{kind_of, side_of, Move, Position};
use super::Mover;
use crate::compile::{Cell, Ray, RayKind};

impl Position<'_> {
    /// A chameleon's captures that need no ray of its own: swaps with and mutual
    /// destructions of the kinds that capture so, and (`replacement`) landing on a
    /// replacement-capturer the way it moves.
    pub(in crate::engine) fn chameleon_moves(
        &self,
        m: Mover,
        replacement: bool,
        ep_open: bool,
        out: &mut Vec<Move>,
    ) {
        let mimicry = &self.rules.capture.mimicry;
        let mut kinds = mimicry.swap;
        while kinds != 0 {
            let victim = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            self.swaps(m.us, m.from, victim, Some(victim), out);
        }
        if mimicry.destruction != 0 {
            self.destructions(m.us, m.from, mimicry.destruction, out);
        }
        if replacement {
            self.mimic_replacements(m, ep_open, out);
        }
    }

    /// Take a replacement-capturer by moving onto it as it moves (a leap, a slide, a
    /// hop), with whatever else the landing takes; en passant too, after its double
    /// step.
    fn mimic_replacements(&self, m: Mover, ep_open: bool, out: &mut Vec<Move>) {
        let rules = self.rules;
        // only the kinds the enemy has on the board can be taken, and only along
        // rays that reach one of those pieces (where the board has ray masks)
        let mimicked = rules.capture.mimicry.replacement;
        let (mut kinds, mut cells) = (0u64, 0u128);
        for &c in &self.lists[1 - m.us] {
            let k = kind_of(self.board[c as usize]);
            if mimicked >> k & 1 != 0 {
                kinds |= 1 << k;
                cells |= 1u128 << (c & 127);
            }
        }
        let masks = !rules.reach.rays.is_empty();
        while kinds != 0 {
            let victim = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            let passing = ep_open
                && rules.en_passant_captures[victim]
                && kind_of(self.board[self.ep.victim as usize]) == victim;
            for i in rules.ray_range(m.us, victim, m.from) {
                let ray = &rules.moves.rays[i];
                let reaches = !masks || rules.reach.rays[i].cells & cells != 0;
                if !ray.capture || !(reaches || passing) {
                    continue;
                }
                if let Some(t) = self.first_reached(ray, victim) {
                    let q = self.board[t as usize];
                    if side_of(q) != m.us && kind_of(q) == victim {
                        self.landing(m, t, ray.dir, &[t], out);
                    }
                }
                if passing && !ray.quiet {
                    self.mimic_en_passant(m, ray, out);
                }
            }
        }
    }

    /// A chameleon capturing en passant the way the piece that just passed would:
    /// along that piece's capturing ray, onto a passed cell, taking it.
    fn mimic_en_passant(&self, m: Mover, ray: &Ray, out: &mut Vec<Move>) {
        let cells = self.rules.cells_of(ray);
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
                self.landing(m, t, ray.dir, &victim, out);
            }
        }
    }

    /// Whether a piece of `kind` standing on `from` could move to `to` (for the
    /// chameleon, whose mimicked captures need the victim's own movement).
    pub(in crate::engine) fn kind_moves_to(
        &self,
        us: usize,
        kind: usize,
        from: Cell,
        to: Cell,
    ) -> bool {
        let rules = self.rules;
        rules.rays_of(us, kind, from).iter().any(|r| {
            let cells = rules.cells_of(r);
            match r.kind {
                RayKind::Leap | RayKind::Slide => cells[r.blockers as usize..].contains(&to),
                _ => cells.contains(&to),
            }
        })
    }
}
