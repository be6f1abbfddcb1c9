//! A learned evaluation's weights, as a definition keeps them in a file beside it
//! (`evaluation { network "NAME" }`): a small network over the pieces on their
//! cells seen from each side, whose first layer is kept summed move by move, as
//! chess engines' NNUE are. Integers, so that a sum kept move by move is exactly
//! the sum over the whole board.

/// A first-layer value of this much is a hidden value of one (its most).
pub const HIDDEN_ONE: i32 = 1024;

/// The second layer and the output count in this many parts of a centipawn.
pub const OUTPUT_PARTS: i32 = 16;

/// Pieces of a kind in hand counted one input each, up to this many.
pub const HAND_INPUTS: usize = 16;

/// The most a first-layer weight or start may be, either way: eight hidden
/// values of one.
pub const MAX_FIRST_LAYER: i32 = 8 * HIDDEN_ONE;

/// The most a second-layer weight or the output's start may be, either way.
pub const MAX_SECOND_LAYER: i32 = 1 << 24;

/// The most hidden values a network may have.
pub const MAX_HIDDEN: usize = 512;

/// The first line of a network's file.
pub const NETWORK_HEADER: &str = "vdl-network 1";

/// How many inputs a network of a definition with `kinds` kinds of piece on a
/// board of `cells` cells has: each kind of each side on each cell, a wall on
/// each cell, and each kind of each side in hand, counted up to [`HAND_INPUTS`].
pub fn network_inputs(kinds: usize, cells: usize) -> usize {
    2 * kinds * cells + cells + 2 * kinds * HAND_INPUTS
}

/// Inputs → `hidden` (the same weights for each side's view) → both views'
/// values clipped to 0..[`HIDDEN_ONE`], the side to move's first → one output in
/// centipawns for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// How many inputs ([`network_inputs`]).
    pub inputs: usize,
    /// How many hidden values each view has.
    pub hidden: usize,
    /// Per input, its row of `hidden` weights.
    pub w1: Vec<i16>,
    /// What each hidden value starts from.
    pub b1: Vec<i16>,
    /// Per hidden value, the side to move's, then the other's, in
    /// [`OUTPUT_PARTS`] of a centipawn per [`HIDDEN_ONE`].
    pub w2: Vec<i32>,
    /// What the output starts from, in [`OUTPUT_PARTS`] of a centipawn.
    pub b2: i32,
}

impl Network {
    /// The output in centipawns from both views' first-layer sums.
    pub fn output(&self, mover: &[i32], other: &[i32]) -> i32 {
        let (w_mover, w_other) = self.w2.split_at(self.hidden);
        let dot = |acc: &[i32], w: &[i32]| -> i64 {
            acc.iter()
                .zip(w)
                .map(|(&a, &w)| i64::from(a.clamp(0, HIDDEN_ONE)) * i64::from(w))
                .sum()
        };
        let sum =
            i64::from(self.b2) * i64::from(HIDDEN_ONE) + dot(mover, w_mover) + dot(other, w_other);
        let parts = i64::from(HIDDEN_ONE) * i64::from(OUTPUT_PARTS);
        (sum.div_euclid(parts)).clamp(-1_000_000, 1_000_000) as i32
    }

    /// The network as its file's text: the header, the sizes, then the first
    /// layer's starts, the second layer, the output's start and one line per
    /// input of its first-layer row. `comment` lines go after the header.
    pub fn to_text(&self, comment: &[String]) -> String {
        use std::fmt::Write;
        let mut out = format!("{NETWORK_HEADER}\n");
        for line in comment {
            let _ = writeln!(out, "# {line}");
        }
        let _ = writeln!(out, "inputs {} hidden {}", self.inputs, self.hidden);
        let line = |out: &mut String, values: &mut dyn Iterator<Item = i32>| {
            let words: Vec<String> = values.map(|v| v.to_string()).collect();
            let _ = writeln!(out, "{}", words.join(" "));
        };
        line(&mut out, &mut self.b1.iter().map(|&v| i32::from(v)));
        line(&mut out, &mut self.w2.iter().copied());
        line(&mut out, &mut std::iter::once(self.b2));
        for row in self.w1.chunks(self.hidden.max(1)) {
            line(&mut out, &mut row.iter().map(|&v| i32::from(v)));
        }
        out
    }
}
