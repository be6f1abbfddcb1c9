//! `walls`: the rule by which every move puts a wall, and the cells (per side) a
//! wall may go on. On the board a wall is the code of one kind past the last: a
//! piece of no list, which every kind is barred from capturing (`restrictions`).

use super::rays::Grid;
use super::Cell;
use crate::model::{Definition, WallRule};

#[derive(Clone, Debug)]
pub struct WallRules {
    pub rule: WallRule,
    /// Per side and cell: a wall may go there.
    pub region: [Vec<bool>; 2],
}

pub(super) fn wall_rules(def: &Definition, grid: &Grid) -> Option<WallRules> {
    let walls = def.walls.as_ref()?;
    let n = grid.cells.len();
    let region = [0, 1].map(
        |side| match walls.zone.as_ref().and_then(|z| def.zones.get(z)) {
            Some(zone) => {
                let mut cells = vec![false; n];
                for c in zone[side].iter().filter_map(|&c| grid.at(c)) {
                    cells[c as usize] = true;
                }
                cells
            }
            None => vec![true; n],
        },
    );
    Some(WallRules {
        rule: walls.rule,
        region,
    })
}

/// The board code of a wall in a variant of `kinds` kinds.
pub fn wall_code(kinds: usize) -> u8 {
    (1 + 2 * kinds) as u8
}

impl WallRules {
    /// Whether a wall of this side may go on the cell.
    #[inline]
    pub fn allows(&self, side: usize, c: Cell) -> bool {
        self.region[side][c as usize]
    }
}
