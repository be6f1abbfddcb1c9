//! The transposition table: what an earlier search found about a position, kept by
//! its hash in a fixed number of slots (a newer or deeper result replaces an older).

use crate::engine::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    generation: u8,
}

pub struct Table {
    slots: Vec<Option<Entry>>,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one slot, a power of two).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let want = (bytes / std::mem::size_of::<Option<Entry>>()).max(1);
        let slots = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table {
            slots: vec![None; slots],
            generation: 0,
        }
    }

    /// A new search starts: older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    pub fn store(&mut self, key: u64, best: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let i = self.index(key);
        let generation = self.generation;
        if let Some(old) = &self.slots[i] {
            let stale = old.generation != generation;
            if old.key == key && depth < old.depth && !stale && bound != Bound::Exact {
                return;
            }
            if old.key != key && !stale && depth + 2 < old.depth {
                return;
            }
        }
        let best = best.or_else(|| self.slots[i].filter(|e| e.key == key).and_then(|e| e.best));
        self.slots[i] = Some(Entry {
            key,
            best,
            score,
            depth,
            bound,
            generation,
        });
    }

    /// Slots in use, per thousand (for UCI's `hashfull`), from the first thousand.
    pub fn permille_full(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|e| e.is_some_and(|e| e.generation == self.generation))
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}
