//! Approach and withdrawal: a quiet landing takes the enemy on the next cell
//! beyond it, in the move's direction (approach), or the enemy next to the start,
//! opposite the move (withdrawal). Also the attack test shared by the modes that
//! take on landing (approach, pincer, coordination).

use super::super::attack::Ways;
use super::super::Position;
use crate::compile::{Cell, RayKind};
use crate::model::Offset;

impl Position<'_> {
    /// The cell an approach takes on, landing on `t` along `dir`: the next one.
    #[inline(always)]
    pub(super) fn approached(&self, t: Cell, dir: Offset) -> Option<Cell> {
        self.rules.step(t, dir)
    }

    /// The cell a withdrawal takes on, leaving `from` along `dir`: the one behind.
    #[inline(always)]
    pub(super) fn withdrawn_from(&self, from: Cell, dir: Offset) -> Option<Cell> {
        self.rules.step(from, Offset::new(-dir.dx, -dir.dy))
    }

    /// Whether `target` lies one ray step behind `from` for some ray of `kind`:
    /// where a withdrawal takes.
    pub(in crate::engine) fn withdraws_from(
        &self,
        by: usize,
        kind: usize,
        from: Cell,
        target: Cell,
    ) -> bool {
        let rules = self.rules;
        rules
            .rays_of(by, kind, from)
            .iter()
            .any(|r| rules.step(from, Offset::new(-r.dir.dx, -r.dir.dy)) == Some(target))
    }

    /// Whether a quiet landing of `kind` from `from` could take `target` by approach,
    /// pincer or coordination (with the capturing side's royal piece on `royal`).
    pub(in crate::engine) fn landing_may_take(
        &self,
        by: usize,
        kind: usize,
        from: Cell,
        target: Cell,
        ways: &Ways,
        royal: Option<Cell>,
    ) -> bool {
        let rules = self.rules;
        let tc = rules.board.cells[target as usize];
        // Coordination takes on the royal piece's rank or file only.
        let aligned = royal.is_some_and(|r| {
            let rc = rules.board.cells[r as usize];
            rc.file == tc.file || rc.rank == tc.rank
        });
        // A pincer needs a partner already next to the target.
        let pincer = ways.pincer && self.has_pincer_partner(by, from, target);
        let approach = ways.approach;
        if !approach && !pincer && !aligned {
            return false;
        }
        let takes_from = |l: Cell, dir: Offset| {
            let lc = rules.board.cells[l as usize];
            let d = Offset::new(tc.file - lc.file, tc.rank - lc.rank);
            if approach && d == dir {
                return true;
            }
            if pincer && self.pincers_from(by, from, target, d) {
                return true;
            }
            aligned && royal.is_some_and(|r| self.coordinates_from(l, r, from, target))
        };
        rules.ray_range(by, kind, from).any(|i| {
            let r = &rules.moves.rays[i];
            if !r.quiet || matches!(r.kind, RayKind::Hop | RayKind::HopBehind) {
                return false;
            }
            let cells = rules.cells_of(r);
            // Approach and pincer victims lie next to a landing cell or one ray
            // step beyond it.
            let near = (approach || pincer) && self.line_passes(i, cells, target, 1);
            if !near && !aligned {
                return false;
            }
            for &l in &cells[r.blockers as usize..] {
                if self.board[l as usize] != 0 {
                    if ways.past_pieces {
                        continue;
                    }
                    return false;
                }
                if takes_from(l, r.dir) {
                    return true;
                }
            }
            false
        })
    }
}
