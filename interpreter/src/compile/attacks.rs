//! The reverse attack tables: from each target cell, the lines along which kinds
//! attack it (with the distance each attacks from, and hoppers), and the lame
//! attacks whose path must be empty.

use super::attack_masks::{attack_masks, AttackMasks};
use super::rays::Grid;
use super::{AttackBuilder, AttackRay, Cell, HopMasks, LameAttack, LameEntry};
use crate::model::Offset;
use indexmap::IndexMap;

/// The reverse attack tables: from each target cell outward.
#[derive(Clone, Debug)]
pub struct AttackTables {
    /// Per side and target cell, its lines in `rays`.
    pub index: Vec<(u32, u32)>,
    pub rays: Vec<AttackRay>,
    /// The cells of the lines, and per cell the kinds attacking from there.
    pub cells: Vec<Cell>,
    pub masks: Vec<u64>,
    /// Entry 0 is empty; see `AttackRay::hops`.
    pub hop_masks: Vec<HopMasks>,
    /// Per side and target cell, its lame attacks in `lame`.
    pub lame_index: Vec<(u32, u32)>,
    pub lame: Vec<LameAttack>,
    pub lame_cells: Vec<Cell>,
    /// The lines as masks, where the board fits them and nothing but pieces
    /// stands on it (no walls, no piece on two cells).
    pub masked: Option<AttackMasks>,
}

pub(super) fn attack_tables(
    grid: &Grid,
    attack: &[IndexMap<(Cell, Offset), AttackBuilder>; 2],
    lame: &[Vec<LameEntry>; 2],
) -> AttackTables {
    let n = grid.cells.len();
    let mut t = AttackTables {
        index: Vec::with_capacity(2 * n),
        rays: Vec::new(),
        cells: Vec::new(),
        masks: Vec::new(),
        hop_masks: vec![HopMasks::default()],
        lame_index: Vec::with_capacity(2 * n),
        lame: Vec::new(),
        lame_cells: Vec::new(),
        masked: None,
    };
    for side in 0..2 {
        t.line_attacks(grid, &attack[side]);
        t.lame_attacks(n, &lame[side]);
    }
    t.masked = attack_masks(&t, n);
    t
}

impl AttackTables {
    /// The cells of `ray`, from its target outward.
    pub fn cells_of(&self, ray: &AttackRay) -> &[Cell] {
        &self.cells[ray.start as usize..ray.start as usize + ray.len as usize]
    }

    /// Per cell of `ray`, the kinds attacking from there.
    pub fn kinds_of(&self, ray: &AttackRay) -> &[u64] {
        &self.masks[ray.start as usize..ray.start as usize + ray.len as usize]
    }

    /// One side's reverse attack rays: from each target cell outward, grouped by
    /// direction.
    fn line_attacks(&mut self, grid: &Grid, attack: &IndexMap<(Cell, Offset), AttackBuilder>) {
        let mut by_target: Vec<Vec<(Offset, &AttackBuilder)>> = vec![Vec::new(); grid.cells.len()];
        for ((target, dir), b) in attack {
            by_target[*target as usize].push((*dir, b));
        }
        for (target, list) in by_target.iter_mut().enumerate() {
            // Short lines first: leaps and king steps are the cheapest to test.
            list.sort_by_key(|(d, b)| (b.masks.len(), d.dx, d.dy));
            let start = self.rays.len() as u32;
            for (dir, b) in list.iter() {
                self.line(grid, target as Cell, *dir, b);
            }
            self.index.push((start, self.rays.len() as u32));
        }
    }

    /// The line from `target` along `dir` with the kinds attacking from each cell.
    fn line(&mut self, grid: &Grid, target: Cell, dir: Offset, b: &AttackBuilder) {
        let hopping = b.hop | b.behind | b.near | b.near_behind != 0;
        let start_cell = self.cells.len() as u32;
        let mut c = target;
        let mut len = 0usize;
        while hopping || len < b.masks.len() {
            let Some(next) = grid.shift(c, dir) else {
                break;
            };
            self.cells.push(next);
            self.masks.push(b.masks.get(len).copied().unwrap_or(0));
            c = next;
            len += 1;
        }
        let hops = if hopping {
            self.hop_masks.push(HopMasks {
                hop: b.hop,
                behind: b.behind,
                near: b.near,
                near_behind: b.near_behind,
            });
            (self.hop_masks.len() - 1) as u32
        } else {
            0
        };
        self.rays.push(AttackRay {
            start: start_cell,
            hops,
            len: len as u16,
        });
    }

    /// One side's lame attacks, by target cell.
    fn lame_attacks(&mut self, n: usize, lame: &[LameEntry]) {
        let mut by_target: Vec<Vec<&LameEntry>> = vec![Vec::new(); n];
        for entry in lame {
            by_target[entry.0 as usize].push(entry);
        }
        for list in by_target {
            let start = self.lame.len() as u32;
            for (_, from, blocks, kind, screened) in list {
                let b = self.lame_cells.len() as u32;
                self.lame_cells.extend_from_slice(blocks);
                let flag = if *screened { LameAttack::SCREENED } else { 0 };
                self.lame.push(LameAttack {
                    from: *from,
                    blockers_start: b,
                    blockers_len: blocks.len() as u16 | flag,
                    mask: 1 << kind,
                });
            }
            self.lame_index.push((start, self.lame.len() as u32));
        }
    }
}
