//! What a threat's piece could do by geometry alone — its capture ways and the
//! cells those ways pass — depends only on its side, kind and cell, the target's
//! cell and the victim's kind; the legality filter asks for the same few of these
//! at node after node, so they are kept in a small direct-mapped table.

use super::attack::Ways;
use crate::compile::Cell;

/// Entries in the table (a power of two).
const ENTRIES: usize = 4096;

/// A piece's ways towards a target and the cells they pass (`u128::MAX`: every
/// cell, for a piece searched whole); the parts that change with the position
/// (freezing, coordination) are added by the caller.
#[derive(Clone, Copy)]
pub(super) struct Geometry {
    pub ways: Option<Ways>,
    pub region: u128,
}

/// The question a `Geometry` answers.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct GeometryKey {
    pub by: usize,
    pub kind: usize,
    pub from: Cell,
    pub target: Cell,
    pub victim: usize,
}

impl GeometryKey {
    /// The key as one number; never zero (zero marks an empty entry).
    fn packed(&self) -> u64 {
        let kinds = (self.by as u64) << 14 | (self.kind as u64) << 7 | self.victim as u64;
        1 << 63 | kinds << 32 | u64::from(self.from) << 16 | u64::from(self.target)
    }
}

#[derive(Default)]
pub(super) struct GeometryCache {
    keys: Vec<u64>,
    values: Vec<Option<Geometry>>,
}

impl GeometryCache {
    /// The geometry for `key`, computed by `compute` unless kept.
    pub fn get(&mut self, key: GeometryKey, compute: impl FnOnce() -> Geometry) -> Geometry {
        if self.keys.is_empty() {
            self.keys = vec![0; ENTRIES];
            self.values = vec![None; ENTRIES];
        }
        let packed = key.packed();
        let slot = (packed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize % ENTRIES;
        if self.keys[slot] == packed {
            if let Some(g) = self.values[slot] {
                return g;
            }
        }
        let g = compute();
        self.keys[slot] = packed;
        self.values[slot] = Some(g);
        g
    }
}

/// A cache is rebuilt, not copied: a copied position starts with an empty one.
impl Clone for GeometryCache {
    fn clone(&self) -> Self {
        GeometryCache::default()
    }
}
