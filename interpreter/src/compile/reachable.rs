//! Regions: the cells a piece can ever stand on from where it stands, the
//! connected parts of the graph of its moves (a bishop's are the two colours). The
//! dead-position test confines each piece to its region, and keeps what it found
//! per material.

use super::{Cell, Ruleset};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// A material: each piece's side, kind and region, sorted.
pub type Material = Vec<(u8, u16, u16)>;

/// Each piece's regions (per side and kind, each cell's region number), made when
/// first asked, and the dead-position verdicts found so far.
#[derive(Default)]
pub struct DeadMaterial {
    regions: OnceLock<Vec<Vec<u16>>>,
    verdicts: Mutex<HashMap<Material, bool>>,
}

impl Clone for DeadMaterial {
    fn clone(&self) -> Self {
        DeadMaterial::default()
    }
}

impl std::fmt::Debug for DeadMaterial {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DeadMaterial")
    }
}

impl DeadMaterial {
    /// The verdict kept for a material, if any.
    pub fn get(&self, material: &[(u8, u16, u16)]) -> Option<bool> {
        let verdicts = self.verdicts.lock().ok()?;
        verdicts.get(material).copied()
    }

    pub fn insert(&self, material: Material, dead: bool) {
        if let Ok(mut verdicts) = self.verdicts.lock() {
            verdicts.insert(material, dead);
        }
    }

    /// The region of a piece of this side and kind standing on `cell`.
    pub fn cell_class(&self, rules: &Ruleset, side: usize, kind: usize, cell: Cell) -> u16 {
        self.regions(rules)[side * rules.kinds + kind][cell as usize]
    }

    /// The cells of one region.
    pub fn class_cells(&self, rules: &Ruleset, side: usize, kind: usize, class: u16) -> Vec<Cell> {
        let regions = &self.regions(rules)[side * rules.kinds + kind];
        (0..regions.len() as Cell)
            .filter(|&c| regions[c as usize] == class)
            .collect()
    }

    fn regions(&self, rules: &Ruleset) -> &[Vec<u16>] {
        self.regions.get_or_init(|| {
            (0..2 * rules.kinds)
                .map(|i| regions_of(rules, i / rules.kinds, i % rules.kinds))
                .collect()
        })
    }
}

/// Region numbers of every cell for one side's kind. Every cell of every ray
/// counts as reachable (a hop's or a lame leap's too), so a region may be larger
/// than the piece can really reach, never smaller.
fn regions_of(rules: &Ruleset, side: usize, kind: usize) -> Vec<u16> {
    let n = rules.cell_count();
    // Moves may be one-way (a pawn's), so regions join both ends of every move.
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut c: usize) -> usize {
        while parent[c] != c {
            parent[c] = parent[parent[c]];
            c = parent[c];
        }
        c
    }
    for c in 0..n as Cell {
        for r in rules.rays_of(side, kind, c) {
            for &t in &rules.moves.cells[r.start as usize..r.start as usize + r.len as usize] {
                let (a, b) = (root(&mut parent, c as usize), root(&mut parent, t as usize));
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    (0..n).map(|c| root(&mut parent, c) as u16).collect()
}
