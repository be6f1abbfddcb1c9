//! The transposition table: what an earlier search found about a position, kept by
//! its hash in buckets of a few slots. A new result takes its position's own slot,
//! an empty one, or the least useful: the shallowest, results of earlier searches
//! counting as shallower.

use crate::engine::Move;
use std::num::NonZeroU64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// A move as the table keeps it, in 6 bytes where a move takes 40: the low
/// bytes of its cells, a hash of the rest, and whether it is tactical. The move
/// itself is found again among the node's moves (a wrong match would cost only
/// ordering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveKey(NonZeroU64);

impl MoveKey {
    pub fn of(m: &Move) -> MoveKey {
        let rest = (m.digest() & 0x3FFF_FFFF) << 2 | 2 | u64::from(super::order::is_tactical(m));
        // never zero: the second bit is always set
        MoveKey(NonZeroU64::new(Self::cells(m) | rest).unwrap_or(NonZeroU64::MIN))
    }

    /// The key's top two of six bytes: the low bytes of the move's cells.
    fn cells(m: &Move) -> u64 {
        u64::from(m.from as u8) << 40 | u64::from(m.to as u8) << 32
    }

    /// Whether `m` is the move kept (the cells are compared first: most moves
    /// differ there, and their hash is not worked out).
    pub fn matches(self, m: &Move) -> bool {
        self.0.get() & 0xFFFF_0000_0000 == Self::cells(m) && self == MoveKey::of(m)
    }

    /// Whether the move kept captures, converts or promotes.
    pub fn is_tactical(self) -> bool {
        self.0.get() & 1 != 0
    }

    fn to_slot(key: Option<MoveKey>) -> [u16; 3] {
        let k = key.map_or(0, |k| k.0.get());
        [k as u16, (k >> 16) as u16, (k >> 32) as u16]
    }

    fn from_slot(words: [u16; 3]) -> Option<MoveKey> {
        let k = u64::from(words[0]) | u64::from(words[1]) << 16 | u64::from(words[2]) << 32;
        NonZeroU64::new(k).map(MoveKey)
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub best: Option<MoveKey>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

/// One slot: 16 bytes, four to a cache line.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    /// The key's two halves folded; with the bucket's index, most of its bits.
    check: u32,
    score: i32,
    /// The best move's key (all zero: none).
    best: [u16; 3],
    depth: i8,
    /// The search's generation (high six bits) and the bound (low two; 0: the
    /// slot is empty).
    generation_bound: u8,
}

/// Slots per bucket: a position may sit in any of them.
const WAYS: usize = 4;

/// A bucket: one cache line, so that a probe reads memory once.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

pub struct Table {
    buckets: Vec<Bucket>,
    /// The search's generation, in the high six bits.
    generation: u8,
}

/// How many plies of depth an entry of an earlier search is worth less when a
/// slot must be given up.
const STALE_PLIES: i32 = 8;

/// The part of a key a slot keeps.
fn check_of(key: u64) -> u32 {
    (key >> 32) as u32 ^ key as u32
}

impl Slot {
    fn bound(&self) -> Option<Bound> {
        match self.generation_bound & 3 {
            1 => Some(Bound::Exact),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Upper),
            _ => None,
        }
    }

    fn generation(&self) -> u8 {
        self.generation_bound & !3
    }

    fn holds(&self, check: u32) -> bool {
        self.generation_bound & 3 != 0 && self.check == check
    }
}

impl Table {
    /// A table of about `megabytes` MiB (at least one bucket, a power of two).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let want = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Table {
            buckets: vec![Bucket::default(); buckets],
            generation: 0,
        }
    }

    /// A new search starts: older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(4);
    }

    pub fn clear(&mut self) {
        self.buckets.iter_mut().for_each(|b| *b = Bucket::default());
    }

    /// The bucket of `key`.
    fn bucket(&self, key: u64) -> usize {
        (key >> 2) as usize & (self.buckets.len() - 1)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let check = check_of(key);
        let slot = self.buckets[self.bucket(key)]
            .0
            .iter()
            .find(|s| s.holds(check))?;
        Some(Entry {
            best: MoveKey::from_slot(slot.best),
            score: slot.score,
            depth: i16::from(slot.depth),
            bound: slot.bound()?,
        })
    }

    /// The slot a result for `key` goes to: its own, an empty one, or the least
    /// useful.
    fn slot_for(&self, bucket: &Bucket, check: u32) -> usize {
        let slots = &bucket.0;
        if let Some(i) = slots.iter().position(|s| s.holds(check)) {
            return i;
        }
        if let Some(i) = slots.iter().position(|s| s.bound().is_none()) {
            return i;
        }
        let worth = |s: &Slot| {
            i32::from(s.depth) - STALE_PLIES * i32::from(s.generation() != self.generation)
        };
        (0..WAYS).min_by_key(|&i| worth(&slots[i])).unwrap_or(0)
    }

    pub fn store(&mut self, key: u64, best: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let check = check_of(key);
        let b = self.bucket(key);
        let i = self.slot_for(&self.buckets[b], check);
        let generation = self.generation;
        let slot = &mut self.buckets[b].0[i];
        let own = slot.holds(check);
        // a depth beyond a byte's is kept as the most a byte holds: less than
        // was searched, never more
        let depth = depth.clamp(i16::from(i8::MIN), i16::from(i8::MAX)) as i8;
        if own {
            let stale = slot.generation() != generation;
            if depth < slot.depth && !stale && bound != Bound::Exact {
                return;
            }
        }
        let best = best.map(|m| MoveKey::of(&m)).or(if own {
            MoveKey::from_slot(slot.best)
        } else {
            None
        });
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        *slot = Slot {
            check,
            score,
            best: MoveKey::to_slot(best),
            depth,
            generation_bound: generation | bound_bits,
        };
    }

    /// Slots in use, per thousand (for UCI's `hashfull`), from the first thousand.
    pub fn permille_full(&self) -> u32 {
        let n = self.buckets.len().min(250);
        let used = self.buckets[..n]
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|s| s.bound().is_some() && s.generation() == self.generation)
            .count();
        (used * 1000 / (n * WAYS).max(1)) as u32
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
        let keys = same_bucket(t.buckets.len() * WAYS, 5);
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
        let keys = same_bucket(t.buckets.len() * WAYS, 5);
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

    /// Along a random game in every shipped definition, each legal move's key
    /// matches that move and no other of its position, and says whether it is
    /// tactical.
    #[test]
    fn a_move_key_matches_its_move_and_no_other_of_the_position() {
        let mut positions = 0;
        for path in crate::shipped_definitions() {
            let text = std::fs::read_to_string(&path).expect("readable");
            let Some(rules) = crate::load_file(&path, &text).ruleset else {
                panic!("{} loads", path.display());
            };
            let name = path.display();
            crate::engine::random_game(&rules, &mut 7, 40, |pos| {
                let mut moves = Vec::new();
                pos.clone().legal_moves(&mut moves);
                for m in &moves {
                    let key = MoveKey::of(m);
                    let matching: Vec<&Move> = moves.iter().filter(|o| key.matches(o)).collect();
                    assert_eq!(matching, [m], "{name}: {}", pos.move_text(m));
                    assert_eq!(key.is_tactical(), super::super::order::is_tactical(m));
                }
                positions += 1;
            });
        }
        assert!(positions > 1000, "{positions}");
    }

    #[test]
    fn a_slot_is_sixteen_bytes_and_a_bucket_one_cache_line() {
        assert_eq!(std::mem::size_of::<Slot>(), 16);
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
    }
}
