//! Recoil: moving k cells along a line takes the enemy k cells behind the start,
//! nothing between (Panoply's Skirmisher).

use super::super::Position;
use crate::compile::Cell;
use crate::model::Offset;

impl Position<'_> {
    /// The cell a recoil from `from` to `t` takes: as far behind `from`, along the
    /// line of the move, as `t` is ahead, with empty cells between.
    pub(in crate::engine) fn recoil_victim(
        &self,
        from: Cell,
        t: Cell,
        dir: Offset,
    ) -> Option<Cell> {
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

    /// Whether `target` lies on a line, either way, that a piece of `kind` on `from`
    /// moves along, whatever stands on it: where a vault or a recoil may capture.
    pub(in crate::engine) fn on_line(
        &self,
        by: usize,
        kind: usize,
        from: Cell,
        target: Cell,
    ) -> bool {
        let rules = self.rules;
        rules.rays_of(by, kind, from).iter().any(|r| {
            [r.dir, Offset::new(-r.dir.dx, -r.dir.dy)]
                .into_iter()
                .any(|d| {
                    let mut at = from;
                    while let Some(c) = rules.step(at, d) {
                        if c == target {
                            return true;
                        }
                        at = c;
                    }
                    false
                })
        })
    }
}

/// The reference generator's reading of this mode, on coordinates.
#[cfg(feature = "reference")]
pub(in crate::engine) mod reference {
    use crate::engine::reference::capture::enemy;
    use crate::engine::reference::{shift, Ctx, Raw};
    use crate::model::{Coord, Offset};

    /// Moving k cells along `d` takes the enemy k cells the other way, nothing between.
    pub(in crate::engine) fn recoil(
        ctx: &Ctx,
        from: Coord,
        d: Offset,
        rides: bool,
        optional: bool,
        raw: &mut Vec<Raw>,
    ) {
        let back = Offset::new(-d.dx, -d.dy);
        let mut k = 1;
        loop {
            let to = (0..k).fold(from, |c, _| shift(c, d));
            if !ctx.on_board(to) || ctx.get(to).is_some() {
                return;
            }
            let behind: Vec<Coord> = (1..=k)
                .map(|j| (0..j).fold(from, |c, _| shift(c, back)))
                .collect();
            let victim = behind[k - 1];
            let clear = behind[..k - 1].iter().all(|&c| ctx.get(c).is_none());
            if clear && ctx.on_board(victim) && enemy(ctx, from, victim) {
                if optional {
                    raw.push((to, vec![victim], vec![]));
                } else if let Some(m) = raw.iter_mut().find(|m| m.0 == to && m.1.is_empty()) {
                    m.1.push(victim);
                }
            }
            if !rides {
                return;
            }
            k += 1;
        }
    }
}
