//! The attack test by masks (`compile::AttackMasks`): where the board fits a
//! mask, the nearest piece on a line is read off the occupancy, and the leaps
//! that share their kinds are tested at once. It answers as the walk of the
//! reverse lines does (`attackers_on_lines`), which the tests compare it with.

use super::{kind_of, side_of, Position};
use crate::compile::{AttackMasks, Cell, LeapSet, MaskLine};

impl Position<'_> {
    /// Each piece of side `by` that could capture on `cell` by the reverse lines,
    /// read off `masks`, given to `visit` with its cell and kind until `visit`
    /// says stop (true); whether it did.
    #[inline(always)]
    pub(super) fn attackers_on_masks<const LIMITS: bool>(
        &self,
        masks: &AttackMasks,
        cell: Cell,
        by: usize,
        mut visit: impl FnMut(Cell, usize) -> bool,
    ) -> bool {
        let r = self.rules;
        let ranges = masks.index[by * r.cell_count() + cell as usize];
        let span = |(a, b): (u32, u32)| a as usize..b as usize;
        (masks.leaps[span(ranges.leaps)].iter())
            .any(|l| self.leaper::<LIMITS>(l, cell, by, &mut visit))
            || (masks.lines[span(ranges.lines)].iter())
                .any(|l| self.slider::<LIMITS>(l, cell, by, &mut visit))
            || masks.walked[span(ranges.walked)].iter().any(|&i| {
                let ray = &r.attacks.rays[i as usize];
                self.ray_attacker::<LIMITS, ()>(ray, cell, by, &mut (), &mut visit)
            })
            || self.lame_attacker::<LIMITS, ()>(cell, by, &mut (), &mut visit)
    }

    /// Each piece of side `by` on one of `leaps`' cells that attacks `cell`, given
    /// to `visit`: whether it said stop.
    #[inline(always)]
    pub(super) fn leaper<const LIMITS: bool>(
        &self,
        leaps: &LeapSet,
        cell: Cell,
        by: usize,
        visit: &mut impl FnMut(Cell, usize) -> bool,
    ) -> bool {
        let mut on = leaps.cells & self.occupied[by];
        while on != 0 {
            let from = on.trailing_zeros() as Cell;
            let kind = kind_of(self.board[from as usize]);
            if leaps.kinds & (1 << kind) != 0
                && self.takes_on::<LIMITS>(cell, kind)
                && visit(from, kind)
            {
                return true;
            }
            on &= on - 1;
        }
        false
    }

    /// The nearest piece on `line`, where it is one of side `by` that attacks
    /// `cell` from there, given to `visit`: whether it said stop.
    #[inline(always)]
    fn slider<const LIMITS: bool>(
        &self,
        line: &MaskLine,
        cell: Cell,
        by: usize,
        visit: &mut impl FnMut(Cell, usize) -> bool,
    ) -> bool {
        let on = line.cells & (self.occupied[0] | self.occupied[1]);
        let Some(nearest) = nearest_bit(on, line.rising) else {
            return false;
        };
        let p = self.board[nearest as usize];
        let kinds = if nearest == line.first {
            line.near
        } else {
            line.far
        };
        side_of(p) == by
            && kinds & (1 << kind_of(p)) != 0
            && self.takes_on::<LIMITS>(cell, kind_of(p))
            && visit(nearest, kind_of(p))
    }
}

/// The lowest (`rising`) or highest occupied cell of `on`, if any: the nearest
/// piece on a line whose cells are numbered that way.
#[inline(always)]
pub(super) fn nearest_bit(on: u128, rising: bool) -> Option<Cell> {
    if on == 0 {
        None
    } else if rising {
        Some(on.trailing_zeros() as Cell)
    } else {
        Some((127 - on.leading_zeros()) as Cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::attack::AttackSearch;

    /// Every piece that attacks `cell`, as (cell, kind), by masks or by the walk.
    fn attackers(pos: &Position, cell: Cell, by: usize, masked: bool) -> Vec<(Cell, usize)> {
        let mut seen = Vec::new();
        let visit = |c, k| {
            seen.push((c, k));
            false
        };
        match &pos.rules.attacks.masked {
            Some(m) if masked => pos.attackers_on_masks::<true>(m, cell, by, visit),
            _ => pos.attackers_on_lines::<true>(cell, by, visit),
        };
        seen.sort_unstable();
        seen
    }

    #[test]
    fn the_masks_find_the_attackers_the_walk_of_the_lines_finds() {
        let (mut masked, mut compared) = (0, 0u64);
        for path in crate::shipped_definitions() {
            let text = std::fs::read_to_string(&path).expect("readable");
            let Some(rules) = crate::load_file(&path, &text).ruleset else {
                panic!("{} loads", path.display());
            };
            if rules.attacks.masked.is_none() {
                continue;
            }
            masked += 1;
            let name = path.display();
            super::super::random_game(&rules, &mut 7, 80, |pos| {
                for cell in 0..rules.cell_count() as Cell {
                    for by in 0..2 {
                        let walk = attackers(pos, cell, by, false);
                        assert_eq!(
                            attackers(pos, cell, by, true),
                            walk,
                            "{name}: {}",
                            pos.fen()
                        );
                        if !rules.flags.special {
                            let any = pos.attacked_in(cell, by, AttackSearch::Filtered);
                            assert_eq!(any, !walk.is_empty(), "{name}: {}", pos.fen());
                        }
                        compared += 1;
                    }
                }
            });
        }
        assert!(masked > 100, "{masked} definitions with masks");
        assert!(compared > 1_000_000, "{compared} cells compared");
    }
}
