//! Reach masks for the attack test, per side, kind and cell, whatever stands
//! where: the cells a piece there could capture on by replacement, approach,
//! withdrawal, pincer, overtake or vault (on the cells of its rays, next to them,
//! one ray step beyond them, or one ray step behind the start); the cells of its
//! capturing rays; the cells of all its rays; and its fixed region: the cells
//! whose contents could decide whether it captures, wherever the victim stands
//! (its lines, for a recoil). The attack test adds the paths towards the victim
//! and the cells that could freeze it (`Position::threat_region`); a capture mode
//! that depends on other cells must add them there.

use super::{Cell, Ruleset};
use crate::model::Offset;

/// The largest board that gets masks (one `u128` per mask).
pub const MAX_MASKED_CELLS: usize = 128;

/// One piece's masks: see the module's comment.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reach {
    pub near: u128,
    pub strikes: u128,
    pub passes: u128,
    pub region: u128,
}

/// One ray's masks: the cells it may end on (past its fixed steps), and those
/// cells with the cells next to them and one ray step beyond them.
#[derive(Clone, Copy, Debug, Default)]
pub struct RayReach {
    pub cells: u128,
    pub near: u128,
}

/// Every piece's masks, every ray's (in `Ruleset::rays` order), and each cell
/// with the cells round it (steps one cell any way, and the king's steps).
#[derive(Clone, Debug, Default)]
pub struct ReachTables {
    pub pieces: Vec<Reach>,
    pub rays: Vec<RayReach>,
    pub around: Vec<u128>,
}

/// The masks, for the general path only (where the attack test uses them) and
/// boards small enough.
pub(super) fn reach_tables(rules: &Ruleset) -> ReachTables {
    let n = rules.board.cells.len();
    if !rules.flags.special || n > MAX_MASKED_CELLS {
        return ReachTables::default();
    }
    let bit = |c: Option<Cell>| c.map_or(0, |c| 1u128 << c);
    let around: Vec<u128> = (0..n as Cell)
        .map(|c| {
            let steps = Offset::AROUND
                .iter()
                .fold(0, |m, &d| m | bit(rules.step(c, d)));
            rules.board.neighbours[c as usize]
                .iter()
                .fold(steps | bit(Some(c)), |m, &a| m | bit(Some(a)))
        })
        .collect();
    let mut pieces = Vec::with_capacity(2 * rules.kinds * n);
    for side in 0..2 {
        for kind in 0..rules.kinds {
            for from in 0..n as Cell {
                pieces.push(reach_of(rules, &around, side, kind, from));
            }
        }
    }
    for side in 0..2 {
        for kind in 0..rules.kinds {
            for from in 0..n as Cell {
                let region = region_of(rules, side, kind, from);
                pieces[(side * rules.kinds + kind) * n + from as usize].region = region;
            }
        }
    }
    let rays = rules
        .moves
        .rays
        .iter()
        .map(|ray| {
            let cells = rules.cells_of(ray);
            let ends = &cells[(ray.blockers as usize).min(cells.len())..];
            let mut r = RayReach::default();
            for &c in ends {
                r.cells |= 1 << c;
                r.near |= around[c as usize] | bit(rules.step(c, ray.dir));
            }
            r
        })
        .collect();
    ReachTables {
        pieces,
        rays,
        around,
    }
}

fn reach_of(rules: &Ruleset, around: &[u128], side: usize, kind: usize, from: Cell) -> Reach {
    let mut reach = Reach::default();
    let bit = |c: Option<Cell>| c.map_or(0, |c| 1u128 << c);
    for ray in rules.rays_of(side, kind, from) {
        reach.near |= bit(rules.step(from, Offset::new(-ray.dir.dx, -ray.dir.dy)));
        for &c in rules.cells_of(ray) {
            reach.passes |= bit(Some(c));
            if ray.capture {
                reach.strikes |= bit(Some(c));
            }
            reach.near |= around[c as usize] | bit(rules.step(c, ray.dir));
        }
    }
    reach
}

fn region_of(rules: &Ruleset, side: usize, kind: usize, from: Cell) -> u128 {
    let modes = &rules.capture.modes[kind];
    let mut region = 0;
    if modes.recoil.is_some() || (modes.chameleon.is_some() && rules.capture.mimicry.recoil != 0) {
        for ray in rules.rays_of(side, kind, from) {
            for d in [ray.dir, Offset::new(-ray.dir.dx, -ray.dir.dy)] {
                let mut c = rules.step(from, d);
                while let Some(x) = c {
                    region |= 1 << x;
                    c = rules.step(x, d);
                }
            }
        }
    }
    region
}
