//! Vault: along a line, leap over an enemy, whatever stands between, to the empty
//! cell as far beyond it as it is from the start (Panoply's Catapult).

use super::super::{kind_of, side_of, Move, Position};
use super::Mover;
use crate::compile::{Cell, KindCaptures, Ray, RayKind};

impl Position<'_> {
    /// The vaults along a quiet ray with nothing to pass first: the piece's own,
    /// and a chameleon's over the kinds that vault.
    #[inline(always)]
    pub(in crate::engine) fn vaults_along(
        &self,
        m: Mover,
        modes: &KindCaptures,
        ray: &Ray,
        out: &mut Vec<Move>,
    ) {
        if modes.vault {
            self.vaults(m, ray, !0, out);
        }
        let mimicked = self.rules.capture.mimicry.vault;
        if modes.chameleon.is_some() && mimicked != 0 {
            self.vaults(m, ray, mimicked, out);
        }
    }

    /// Vaults along one ray over an enemy (of the kinds in `victims`) to the empty
    /// cell as far beyond it as it is from the start, whatever stands between; a
    /// leap vaults over its target to the same leap beyond.
    fn vaults(&self, m: Mover, ray: &Ray, victims: u64, out: &mut Vec<Move>) {
        let (rules, us) = (self.rules, m.us);
        let cells = rules.cells_of(ray);
        let enemy = |c: Cell| {
            let q = self.board[c as usize];
            q != 0 && side_of(q) != us && victims & (1 << kind_of(q)) != 0
        };
        let mut take = |victim: Cell, t: Cell| {
            if enemy(victim) && self.board[t as usize] == 0 {
                self.landing(m, t, ray.dir, &[victim], out);
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
}

/// The reference generator's reading of this mode, on coordinates.
#[cfg(feature = "reference")]
pub(in crate::engine) mod reference {
    use crate::engine::reference::capture::enemy;
    use crate::engine::reference::{shift, Ctx, Raw};
    use crate::model::{Coord, Offset};

    /// Leaping along `d` over the enemy k cells away to the empty cell k cells beyond.
    pub(in crate::engine) fn vault(
        ctx: &Ctx,
        from: Coord,
        d: Offset,
        rides: bool,
        raw: &mut Vec<Raw>,
    ) {
        let mut k = 1;
        loop {
            let victim = (0..k).fold(from, |c, _| shift(c, d));
            let to = (0..k).fold(victim, |c, _| shift(c, d));
            if !ctx.on_board(to) {
                return;
            }
            if enemy(ctx, from, victim) && ctx.get(to).is_none() {
                raw.push((to, vec![victim], vec![]));
            }
            if !rides {
                return;
            }
            k += 1;
        }
    }
}
