//! `cannot-capture` and `cannot-hop` as masks: per kind, the kinds it never
//! captures and the kinds it never hops over.

use crate::model::Definition;

#[derive(Clone, Debug, Default)]
pub struct Restrictions {
    /// Per kind: the kinds it never captures.
    pub cannot_capture: Vec<u64>,
    /// Per kind: the kinds it never hops over.
    pub cannot_hop: Vec<u64>,
}

impl Restrictions {
    /// Whether any piece has a restriction (the engine then tests them).
    pub fn any(&self) -> bool {
        self.cannot_capture
            .iter()
            .chain(&self.cannot_hop)
            .any(|&m| m != 0)
    }

    /// Whether a piece of kind `by` may capture one of kind `victim`.
    #[inline]
    pub fn may_capture(&self, by: usize, victim: usize) -> bool {
        self.cannot_capture[by] >> victim & 1 == 0
    }

    /// Whether a piece of kind `by` may hop over one of kind `screen`.
    #[inline]
    pub fn may_hop(&self, by: usize, screen: usize) -> bool {
        self.cannot_hop[by] >> screen & 1 == 0
    }
}

pub(super) fn restrictions(def: &Definition) -> Restrictions {
    let mask = |kinds: &[usize]| kinds.iter().fold(0u64, |m, &k| m | 1 << k);
    // A wall is the kind past the last (check keeps that below 64): no piece takes it.
    let wall = if def.has_walls() {
        1u64 << def.pieces.len()
    } else {
        0
    };
    Restrictions {
        cannot_capture: def
            .pieces
            .iter()
            .map(|p| mask(&p.cannot_capture) | wall)
            .collect(),
        cannot_hop: def.pieces.iter().map(|p| mask(&p.cannot_hop)).collect(),
    }
}
