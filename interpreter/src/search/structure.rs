//! The structure of promoting pieces (chess's pawn structure), for any piece that
//! promotes: one that no friendly promoting piece can ever come to guard, on its
//! cell or on its way to promotion (an isolated pawn), and one with a friendly
//! promoting piece standing on its way (the rear of a doubled pawn). Both are read
//! off masks made from the piece's quiet moves towards promotion and its captures,
//! on an empty board, so that they mean the same on every board.

use super::activity::Mask;
use super::eval::promotion_distance;
use super::passed::{counted, promotes, strikes, struck_from, way_of};
use super::terms::Terms;
use crate::compile::{Cell, Ruleset};
use crate::engine::Position;
use crate::model::Side;

/// The derived weights, as a share of the kind's value: an isolated piece is
/// worth an eighth less, a doubled one a tenth less.
const ISOLATED_SHARE: i32 = 8;
const DOUBLED_SHARE: i32 = 10;

/// The derived `isolated` and `doubled` weights of `kind`: where passed pieces
/// count ([`passed::counted`](super::passed::counted)), a share of the value of
/// each kind that promotes; none elsewhere.
pub(super) fn derived(rules: &Ruleset, values: &[i32], kind: usize) -> (i32, i32) {
    if !counted(rules) || !promotes(rules, kind) {
        return (0, 0);
    }
    (
        -values[kind] / ISOLATED_SHARE,
        -values[kind] / DOUBLED_SHARE,
    )
}

/// Where promoting pieces are isolated or doubled, in masks of `M`.
#[derive(Clone, Debug)]
pub(super) struct StructureOf<M> {
    cells: usize,
    kinds: usize,
    /// Per kind: its pieces promote.
    stops: Vec<bool>,
    /// Per side, kind and cell: the cells of its way to promotion.
    ahead: Vec<M>,
    /// Per side, kind and cell: where a friendly piece of its kind could come
    /// from, by its own way, to capture on its cell or on its way.
    support: Vec<M>,
    /// Per kind: the weights, in hundredths of a pawn.
    isolated: Vec<i32>,
    doubled: Vec<i32>,
    /// Some weight is not zero.
    counted: bool,
}

impl<M: Mask> StructureOf<M> {
    /// The masks of `rules`' promoting pieces (the board fits in `M`).
    pub(super) fn new(rules: &Ruleset, terms: &Terms) -> StructureOf<M> {
        let (cells, kinds) = (rules.cell_count(), rules.kinds);
        let stops: Vec<bool> = (0..kinds).map(|k| promotes(rules, k)).collect();
        let mut s = StructureOf {
            cells,
            kinds,
            ahead: vec![M::default(); 2 * kinds * cells],
            support: vec![M::default(); 2 * kinds * cells],
            isolated: (0..kinds).map(|k| terms.isolated[k]).collect(),
            doubled: (0..kinds).map(|k| terms.doubled[k]).collect(),
            counted: counted(rules)
                && (0..kinds).any(|k| stops[k] && (terms.isolated[k], terms.doubled[k]) != (0, 0)),
            stops,
        };
        if !s.counted {
            return s;
        }
        for side in 0..2 {
            let strikes = strikes::<M>(rules, &s.stops, side);
            for kind in (0..kinds).filter(|&k| s.stops[k]) {
                let Some(distance) = promotion_distance(rules, side, kind) else {
                    continue;
                };
                // each cell and its way on to promotion
                let onward: Vec<M> = (0..cells as Cell)
                    .map(|c| way_of::<M>(rules, (side, kind), c, &distance) | M::bit(c))
                    .collect();
                for c in 0..cells {
                    let i = (side * kinds + kind) * cells + c;
                    s.ahead[i] = onward[c] & !M::bit(c as Cell);
                    let guards = struck_from(onward[c], &strikes);
                    s.support[i] = (0..cells)
                        .filter(|&o| o != c && onward[o] & guards != M::default())
                        .fold(M::default(), |m, o| m | M::bit(o as Cell));
                }
            }
        }
        s
    }

    /// What `side`'s structure is worth, less its opponent's, where the
    /// promoting pieces stand on `stopping`.
    pub(super) fn value(&self, pos: &Position, side: Side, stopping: &[M; 2]) -> i32 {
        if !self.counted {
            return 0;
        }
        let [us, them] = [side, side.opponent()].map(|s| self.weighed(pos, s, stopping));
        us - them
    }

    /// `side`'s isolated and doubled pieces by their weights.
    fn weighed(&self, pos: &Position, side: Side, stopping: &[M; 2]) -> i32 {
        let mut sum = 0;
        self.each(pos, side, stopping, |kind, isolated, doubled| {
            sum +=
                i32::from(isolated) * self.isolated[kind] + i32::from(doubled) * self.doubled[kind];
        });
        sum
    }

    /// Per kind, its isolated pieces and its doubled ones (White's less Black's),
    /// the features of the `isolated` and `doubled` terms.
    pub(super) fn features(&self, pos: &Position, stopping: &[M; 2]) -> (Vec<f64>, Vec<f64>) {
        let (mut isolated, mut doubled) = (vec![0.0; self.kinds], vec![0.0; self.kinds]);
        if !self.counted {
            return (isolated, doubled);
        }
        for (side, sign) in [(Side::White, 1.0), (Side::Black, -1.0)] {
            self.each(pos, side, stopping, |kind, i, d| {
                isolated[kind] += sign * f64::from(u8::from(i));
                doubled[kind] += sign * f64::from(u8::from(d));
            });
        }
        (isolated, doubled)
    }

    /// Each of `side`'s promoting pieces: its kind, whether it is isolated and
    /// whether it is doubled.
    fn each(
        &self,
        pos: &Position,
        side: Side,
        stopping: &[M; 2],
        mut visit: impl FnMut(usize, bool, bool),
    ) {
        let own = stopping[side.index()];
        for &c in pos.piece_cells(side) {
            let Some(p) = pos.piece_at(c).filter(|p| self.stops[p.kind]) else {
                continue;
            };
            let i = (side.index() * self.kinds + p.kind) * self.cells + c as usize;
            let isolated = self.support[i] & own == M::default();
            let doubled = self.ahead[i] & own != M::default();
            visit(p.kind, isolated, doubled);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::passed::PassedOf;
    use super::*;

    /// White's pawns in chess: isolated without a pawn on a neighbouring file
    /// (wherever it stands), doubled behind a pawn of its file.
    #[test]
    fn a_pawn_is_isolated_without_neighbours_and_doubled_behind_its_own() {
        let rules = super::super::chess("");
        let terms = super::super::eval::terms(&rules);
        let s = StructureOf::<u64>::new(&rules, &terms);
        let features = |fen: &str| {
            let pos = Position::from_fen(&rules, fen).expect("a legal FEN");
            let stopping = PassedOf::<u64>::new(&rules, &terms).stopping(&pos);
            let (isolated, doubled) = s.features(&pos, &stopping);
            let pawn = (0..rules.kinds).find(|&k| s.stops[k]).expect("a pawn");
            (isolated[pawn], doubled[pawn])
        };
        for (fen, expected) in [
            // one pawn alone is isolated
            ("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", (1.0, 0.0)),
            // a neighbour behind it, level with it or ahead of it guards it
            ("4k3/8/8/8/4P3/8/3P4/4K3 w - - 0 1", (0.0, 0.0)),
            ("4k3/8/8/8/4PP2/8/8/4K3 w - - 0 1", (0.0, 0.0)),
            ("4k3/3P4/8/8/4P3/8/8/4K3 w - - 0 1", (0.0, 0.0)),
            // two files away it does not, and both are isolated
            ("4k3/8/8/8/4P3/8/2P5/4K3 w - - 0 1", (2.0, 0.0)),
            // two on a file: isolated both, the rear one doubled
            ("4k3/8/8/4P3/8/8/4P3/4K3 w - - 0 1", (2.0, 1.0)),
            // Black's count against White's
            ("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1", (0.0, 0.0)),
            ("4k3/3pp3/4p3/8/8/8/4P3/4K3 w - - 0 1", (1.0, -1.0)),
        ] {
            assert_eq!(features(fen), expected, "{fen}");
        }
    }
}
