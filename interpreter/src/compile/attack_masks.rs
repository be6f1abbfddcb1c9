//! The reverse attack lines as masks of cells, for boards of at most 128 cells:
//! an attack test then asks the occupancy which piece stands nearest on a line,
//! where walking the line reads its cells one by one. Lines whose kinds differ
//! beyond the first cell, that are hopped along, or whose cells are not numbered
//! one way are still walked.

use super::attacks::AttackTables;
use super::{AttackRay, Cell};

/// Per side and target cell, its leaps, lines and walked rays as masks.
#[derive(Clone, Debug, Default)]
pub struct AttackMasks {
    /// Per side and target cell: its leaps, lines and walked rays, as ends of
    /// ranges in `leaps`, `lines` and `walked` (each starting where the last
    /// target's ended).
    pub index: Vec<MaskedRanges>,
    pub leaps: Vec<LeapSet>,
    pub lines: Vec<MaskLine>,
    /// Indices into `AttackTables::rays` of the lines walked cell by cell.
    pub walked: Vec<u32>,
}

/// Where one target's leaps, lines and walked rays start and end.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaskedRanges {
    pub leaps: (u32, u32),
    pub lines: (u32, u32),
    pub walked: (u32, u32),
}

/// The cells from which the kinds of `kinds` attack a target by one step along
/// their line (a leap, or a line one cell long): nothing can stand between.
#[derive(Clone, Copy, Debug)]
pub struct LeapSet {
    pub cells: u128,
    pub kinds: u64,
}

/// A line out from a target: the nearest piece on it attacks if it is of `near`'s
/// kinds on the first cell, or of `far`'s further out.
#[derive(Clone, Copy, Debug)]
pub struct MaskLine {
    pub cells: u128,
    pub first: Cell,
    /// The cells are numbered upward from the target (the nearest piece is the
    /// lowest), or downward.
    pub rising: bool,
    pub near: u64,
    pub far: u64,
}

/// The masks of `tables`, where every cell fits in a mask.
pub(super) fn attack_masks(tables: &AttackTables, cells: usize) -> Option<AttackMasks> {
    if cells > 128 {
        return None;
    }
    let mut m = AttackMasks::default();
    for &(a, b) in &tables.index {
        let leaps = m.leaps.len() as u32;
        let lines = m.lines.len() as u32;
        let walked = m.walked.len() as u32;
        for i in a..b {
            m.add(tables, i);
        }
        m.index.push(MaskedRanges {
            leaps: (leaps, m.leaps.len() as u32),
            lines: (lines, m.lines.len() as u32),
            walked: (walked, m.walked.len() as u32),
        });
    }
    Some(m)
}

impl AttackMasks {
    /// Ray `i` of `tables` as a leap, a line or a walked ray.
    fn add(&mut self, tables: &AttackTables, i: u32) {
        let ray: &AttackRay = &tables.rays[i as usize];
        let (cells, masks) = (tables.cells_of(ray), tables.kinds_of(ray));
        if ray.hops != 0 {
            self.walked.push(i);
            return;
        }
        let bit = |c: Cell| 1u128 << c;
        match (cells, masks) {
            ([], _) => {}
            ([c], [kinds]) => self.add_leap(bit(*c), *kinds),
            ([first, ..], [near, far, rest @ ..]) if rest.iter().all(|k| k == far) => {
                let rising = cells.windows(2).all(|w| w[0] < w[1]);
                let falling = cells.windows(2).all(|w| w[0] > w[1]);
                if !(rising || falling) {
                    self.walked.push(i);
                    return;
                }
                self.lines.push(MaskLine {
                    cells: cells.iter().fold(0, |m, &c| m | bit(c)),
                    first: *first,
                    rising,
                    near: *near,
                    far: *far,
                });
            }
            _ => self.walked.push(i),
        }
    }

    /// A leap from `cells` by `kinds`, joined to this target's leaps by the same
    /// kinds.
    fn add_leap(&mut self, cells: u128, kinds: u64) {
        let from = self.index.last().map_or(0, |r| r.leaps.1) as usize;
        match self.leaps[from..].iter_mut().find(|l| l.kinds == kinds) {
            Some(set) => set.cells |= cells,
            None => self.leaps.push(LeapSet { cells, kinds }),
        }
    }
}
