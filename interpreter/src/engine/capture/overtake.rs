//! Overtake: jump enemies along a riding line, each followed by an empty cell
//! (checkers' capture); `single` takes one, `adjacent` only the piece next to the
//! mover, landing right behind it.

use super::super::{kind_of, side_of, Move, Position, MAX_CAPTURES};
use super::Mover;
use crate::compile::{Cell, KindCaptures, Ray};

/// How far an overtake reaches: over one piece or a chain of them, anywhere along
/// the line or only the adjacent piece to the cell right behind.
#[derive(Clone, Copy)]
struct Reach {
    single: bool,
    adjacent: bool,
}

impl Position<'_> {
    /// The overtakes along a quiet slide: the piece's own, and a chameleon's of the
    /// kinds that overtake.
    #[inline(always)]
    pub(in crate::engine) fn overtakes_along(
        &self,
        m: Mover,
        modes: &KindCaptures,
        ray: &Ray,
        out: &mut Vec<Move>,
    ) {
        let mimicry = &self.rules.capture.mimicry;
        if let Some(single) = modes.overtake {
            let adjacent = modes.overtake_adjacent;
            self.overtake(m, ray, !0, Reach { single, adjacent }, out);
        }
        if modes.chameleon.is_none() {
            return;
        }
        if mimicry.overtake_adjacent != 0 {
            let reach = Reach {
                single: true,
                adjacent: true,
            };
            self.overtake(m, ray, mimicry.overtake_adjacent, reach, out);
        }
        if mimicry.overtake != 0 {
            let reach = Reach {
                single: false,
                adjacent: false,
            };
            self.overtake(m, ray, mimicry.overtake, reach, out);
        }
    }

    /// Jumps along a riding line over single enemies (of the kinds in `victims`),
    /// each followed by an empty cell; a move for every empty landing cell.
    fn overtake(&self, m: Mover, ray: &Ray, victims: u64, reach: Reach, out: &mut Vec<Move>) {
        let (rules, us) = (self.rules, m.us);
        let single = reach.single;
        let cells = rules.cells_of(ray);
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
                    self.landing(m, t, ray.dir, &cells[..1], out);
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
                self.landing(m, cells[j], ray.dir, &jumped[..n], out);
                j += 1;
            }
            if single || j >= cells.len() {
                return;
            }
            i = j;
        }
    }

    /// Whether `target` is one of the cells a ray of `kind` from `from` passes,
    /// whatever stands on them: where an overtake or a vault may take.
    pub(in crate::engine) fn on_ray(
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
            self.line_passes(i, cells, target, 0) && cells.contains(&target)
        })
    }
}

/// The reference generator's reading of this mode, on coordinates.
#[cfg(feature = "reference")]
pub(in crate::engine) mod reference {
    use crate::engine::reference::capture::enemy;
    use crate::engine::reference::{shift, Ctx, Raw};
    use crate::model::{Coord, Offset};

    /// Jumping the enemy next to the mover along `d` to the empty cell right behind it.
    pub(in crate::engine) fn adjacent(ctx: &Ctx, from: Coord, d: Offset, raw: &mut Vec<Raw>) {
        let (victim, landing) = (shift(from, d), shift(shift(from, d), d));
        if enemy(ctx, from, victim) && ctx.on_board(landing) && ctx.get(landing).is_none() {
            raw.push((landing, vec![victim], vec![]));
        }
    }
}
