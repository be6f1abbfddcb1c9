//! The transposition table: what an earlier search found about a position, kept by
//! its hash in buckets of a few slots. A new result takes its position's own slot,
//! an empty one, or the least useful: the shallowest, results of earlier searches
//! counting as shallower.

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

/// Slots per bucket: a position may sit in any of them.
const WAYS: usize = 4;
/// How many plies of depth an entry of an earlier search is worth less when a
/// slot must be given up.
const STALE_PLIES: i32 = 8;

impl Table {
    /// A table of about `megabytes` MiB (at least one slot, a power of two).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let want = (bytes / std::mem::size_of::<Option<Entry>>()).max(1);
        let slots = (1usize << (usize::BITS - 1 - want.leading_zeros())).max(WAYS);
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

    /// The first slot of the bucket of `key`.
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - WAYS)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.slots[b..b + WAYS]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// The slot a result for `key` goes to: its own, an empty one, or the least
    /// useful.
    fn slot_for(&self, key: u64) -> usize {
        let b = self.bucket(key);
        let bucket = &self.slots[b..b + WAYS];
        if let Some(i) = bucket.iter().position(|e| e.is_some_and(|e| e.key == key)) {
            return b + i;
        }
        if let Some(i) = bucket.iter().position(Option::is_none) {
            return b + i;
        }
        let worth = |e: &Option<Entry>| {
            e.map_or(i32::MIN, |e| {
                i32::from(e.depth) - STALE_PLIES * i32::from(e.generation != self.generation)
            })
        };
        (0..WAYS)
            .min_by_key(|&i| worth(&bucket[i]))
            .map_or(b, |i| b + i)
    }

    pub fn store(&mut self, key: u64, best: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let i = self.slot_for(key);
        let generation = self.generation;
        let old = self.slots[i].filter(|e| e.key == key);
        if let Some(old) = old {
            let stale = old.generation != generation;
            if depth < old.depth && !stale && bound != Bound::Exact {
                return;
            }
        }
        let best = best.or_else(|| old.and_then(|e| e.best));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys that share a bucket in a table of `slots` slots.
    fn same_bucket(slots: usize, n: u64) -> Vec<u64> {
        (0..n).map(|i| 8 + i * slots as u64).collect()
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_result() {
        let mut t = Table::new(1);
        let keys = same_bucket(t.slots.len(), 5);
        for (i, &k) in keys.iter().enumerate().take(4) {
            t.store(k, None, 10 * i as i32, [6, 2, 9, 4][i], Bound::Exact);
        }
        t.store(keys[4], None, 99, 3, Bound::Lower);
        let kept: Vec<bool> = keys.iter().map(|&k| t.probe(k).is_some()).collect();
        assert_eq!(kept, [true, false, true, true, true]);
        assert_eq!(t.probe(keys[4]).map(|e| (e.score, e.depth)), Some((99, 3)));
    }

    #[test]
    fn an_earlier_search_gives_way_before_a_shallower_result_of_this_one() {
        let mut t = Table::new(1);
        let keys = same_bucket(t.slots.len(), 5);
        t.store(keys[0], None, 0, 10, Bound::Exact);
        t.new_search();
        for &k in &keys[1..4] {
            t.store(k, None, 0, 4, Bound::Exact);
        }
        t.store(keys[4], None, 0, 3, Bound::Exact);
        assert!(t.probe(keys[0]).is_none());
        assert!(keys[1..].iter().all(|&k| t.probe(k).is_some()));
    }

    #[test]
    fn a_shallower_bound_keeps_the_deeper_result_of_its_position() {
        let mut t = Table::new(1);
        t.store(77, None, 5, 8, Bound::Exact);
        t.store(77, None, 6, 3, Bound::Upper);
        assert_eq!(t.probe(77).map(|e| (e.score, e.depth)), Some((5, 8)));
    }
}
