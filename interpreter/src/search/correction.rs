//! Correction of the static value by what searches found: per side to move and
//! structure of the pieces that change slowly (those that promote, chess's pawns),
//! a running average of how far searches below such positions ended from their
//! static value. An evaluation that misjudges a structure is set right for every
//! position sharing it, as Stockfish's correction history does.

use crate::compile::Ruleset;
use crate::engine::{Marks, Position};

/// Slots per side (a power of two).
const SLOTS: usize = 1 << 14;
/// A correction is kept in 256ths of the evaluation's unit.
const GRAIN: i32 = 256;
/// The weight of one search's finding out of [`WEIGHT_SCALE`]: deeper searches
/// weigh more, up to [`MOST_WEIGHT`].
const WEIGHT_SCALE: i32 = 256;
const MOST_WEIGHT: i32 = 16;
/// The largest correction, in hundredths of the least valuable piece.
const MOST: i32 = 64;

/// The corrections learned so far.
pub(super) struct Correction {
    /// Per cell and piece code (as the engine lays out its weights): the key of
    /// that piece there, 0 for a piece outside the structure.
    marks: Marks,
    /// Per side, then per slot: the correction, in [`GRAIN`]ths.
    slots: Vec<i32>,
    /// The largest correction, in [`GRAIN`]ths.
    most: i32,
}

impl Correction {
    /// For `rules`' structures: its promoting kinds', or, where none promotes,
    /// its least valuable kinds' (`values`, per kind; royal kinds never count).
    pub(super) fn new(rules: &Ruleset, values: &[i32], pawn: i32) -> Correction {
        let promoting: Vec<bool> = (0..rules.kinds)
            .map(|k| super::passed::promotes(rules, k))
            .collect();
        let keyed = if promoting.contains(&true) {
            promoting
        } else {
            let least = (0..rules.kinds).filter(|&k| !rules.royal[k]);
            let least = least.map(|k| values[k]).min().unwrap_or(0);
            (0..rules.kinds)
                .map(|k| !rules.royal[k] && values[k] == least)
                .collect()
        };
        let codes = 2 * rules.kinds + 1;
        let marks = (0..rules.cell_count() * codes)
            .map(|i| {
                let code = i % codes;
                // codes are 1 + 2 kind + side; 0 is an empty cell
                let kind = code.wrapping_sub(1) / 2;
                let marked = code > 0 && keyed[kind];
                if marked {
                    mix(i as u64)
                } else {
                    0
                }
            })
            .collect();
        Correction {
            marks,
            slots: vec![0; 2 * SLOTS],
            most: MOST * pawn / 100 * GRAIN,
        }
    }

    /// The keys a position keeps summed for [`Correction::slot`].
    pub(super) fn marks(&self) -> Marks {
        Marks::clone(&self.marks)
    }

    /// Forget every correction (a new game).
    pub(super) fn clear(&mut self) {
        self.slots.fill(0);
    }

    /// The slot of `pos`'s structure, for its side to move (`pos` keeps the
    /// running key of [`Correction::marks`]).
    pub(super) fn slot(&self, pos: &Position) -> usize {
        pos.side_to_move().index() * SLOTS + (pos.marked() >> 50) as usize % SLOTS
    }

    /// The static value `value` corrected for the structure in `slot`.
    pub(super) fn corrected(&self, slot: usize, value: i32) -> i32 {
        value + self.slots[slot] / GRAIN
    }

    /// A search `depth` plies deep below the position in `slot` ended at `found`,
    /// where its static value was `value`.
    pub(super) fn learn(&mut self, slot: usize, depth: i32, (value, found): (i32, i32)) {
        let weight = (depth + 1).min(MOST_WEIGHT);
        let diff = (found - value).clamp(-self.most / GRAIN, self.most / GRAIN) * GRAIN;
        let s = &mut self.slots[slot];
        let mixed = (i64::from(*s) * i64::from(WEIGHT_SCALE - weight)
            + i64::from(diff) * i64::from(weight))
            / i64::from(WEIGHT_SCALE);
        *s = (mixed as i32).clamp(-self.most, self.most);
    }
}

/// A well-spread 64-bit hash of `x` (splitmix64's finaliser).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{chess, Evaluator};

    #[test]
    fn the_structure_is_the_promoting_pieces_and_the_side_to_move() {
        let rules = chess("");
        let eval = Evaluator::new(&rules);
        let correction = Correction::new(&rules, &eval.values, eval.pawn);
        let slot = |fen: &str| {
            let mut pos = Position::from_fen(&rules, fen).expect("a legal FEN");
            pos.set_marks(correction.marks());
            correction.slot(&pos)
        };
        let start = slot("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        // a knight out, a rook missing: the same pawns
        let pieces = slot("rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB2 w Qkq - 0 1");
        let pawn = slot("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
        let black = slot("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(pieces, start);
        assert_ne!(pawn, start);
        assert_eq!(black, start + SLOTS);
    }

    #[test]
    fn a_correction_follows_the_searches_and_stays_within_its_bound() {
        let rules = chess("");
        let eval = Evaluator::new(&rules);
        let mut correction = Correction::new(&rules, &eval.values, eval.pawn);
        let most = MOST * eval.pawn / 100;
        // a shallow search weighs 2/256, a deep one 16/256
        correction.learn(5, 1, (0, 100));
        assert_eq!(correction.corrected(5, 0), 100 * 2 / 256);
        for _ in 0..400 {
            correction.learn(5, 20, (0, 40));
        }
        assert_eq!(correction.corrected(5, 10), 10 + 40 - 1);
        for _ in 0..400 {
            correction.learn(5, 20, (0, -10_000));
        }
        // within a grain of the bound: the average never quite reaches its target
        assert_eq!(correction.corrected(5, 0), -most + 1);
        assert!(correction.slots[5] >= -correction.most);
        assert_eq!(correction.corrected(6, 7), 7);
        correction.clear();
        assert_eq!(correction.corrected(5, 0), 0);
    }
}
