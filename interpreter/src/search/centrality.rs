//! Centrality: as the pieces that are neither royal nor promoting leave the board,
//! a royal piece no longer needs cover and becomes a piece that fights; then it
//! is worth more the nearer it stands, on average, to every cell it can reach
//! (chess's king walks to the middle in the endgame). Before that, the same
//! nearness measures how exposed it stands (`exposure`): in chess, tuned to
//! the judge's scores, a king keeps to the edge while the pieces are on.

use super::phase::Phase;
pub use super::phase::ENDGAME;
use crate::compile::{Cell, Ruleset};
use crate::engine::Position;
use crate::model::Side;
use std::collections::VecDeque;

/// The derived weight, in hundredths of the least valuable piece per move.
pub const DERIVED: i32 = 30;

/// Whether centrality is counted: where the pieces' moves now are (every piece
/// but the royal ones captures by replacement), and not where pieces are dropped
/// (a piece in hand may come down next to a royal piece anywhere, at any stage
/// of the game). Where pieces capture by other modes a royal piece in the open
/// is taken in ways its distances do not tell (Baroque, 40 games at 60 ms a
/// move: -61 ± 102 Elo with it).
pub fn counted(rules: &Ruleset) -> bool {
    !rules.flags.hand && super::activity::measured(rules)
}

/// Per side, royal kind and cell: how near a royal piece stands to every cell, and
/// what tells how far the game is from its endgame.
#[derive(Clone, Debug)]
pub struct Centrality {
    cells: usize,
    kinds: usize,
    /// Per side, kind and cell: for a royal kind, its moves (on an empty board) to
    /// every cell it reaches, on average over its cells, less the same from this
    /// cell, in hundredths of a move; 0 for other kinds.
    nearness: Vec<i32>,
    phase: Phase,
}

impl Centrality {
    /// The nearness tables of `rules`' royal kinds, with the material counted at
    /// the values `values`; none where no royal kind moves over more than one
    /// cell or the start has no material to lose.
    pub fn new(rules: &Ruleset, values: &[i32]) -> Option<Centrality> {
        let (cells, kinds) = (rules.cell_count(), rules.kinds);
        let mut nearness = vec![0; 2 * kinds * cells];
        let mut any = false;
        for side in 0..2 {
            for kind in (0..kinds).filter(|&k| rules.royal[k]) {
                let at = (side * kinds + kind) * cells;
                let table = nearness_of(rules, side, kind);
                any |= table.iter().any(|&n| n != 0);
                nearness[at..at + cells].copy_from_slice(&table);
            }
        }
        let phase = Phase::new(rules, values)?;
        any.then_some(Centrality {
            cells,
            kinds,
            nearness,
            phase,
        })
    }

    /// How far the position is into its endgame, from 0 to [`ENDGAME`].
    pub fn endgame(&self, pos: &Position) -> i32 {
        self.phase.endgame(pos)
    }

    /// `side`'s royal pieces' nearness, in hundredths of a move.
    pub fn nearness(&self, pos: &Position, side: Side) -> i32 {
        let base = side.index() * self.kinds;
        (pos.royal_cells(side).iter())
            .filter_map(|&c| pos.piece_at(c).map(|p| (p.kind, c)))
            .map(|(k, c)| self.nearness[(base + k) * self.cells + c as usize])
            .sum()
    }

    /// The terms' value for the side to move, at `centrality` centipawns a move
    /// by the endgame share and `exposure` by the rest.
    pub fn value(&self, pos: &Position, (centrality, exposure): (i32, i32)) -> i32 {
        let side = pos.side_to_move();
        let e = self.endgame(pos);
        let weighed = centrality * e + exposure * (ENDGAME - e);
        if weighed == 0 {
            return 0;
        }
        let n = self.nearness(pos, side) - self.nearness(pos, side.opponent());
        n * weighed / (100 * ENDGAME)
    }

    /// The term's feature for `vdl tune`: White's nearness less Black's, in moves,
    /// times the endgame share.
    pub fn feature(&self, pos: &Position) -> f64 {
        let n = self.nearness(pos, Side::White) - self.nearness(pos, Side::Black);
        f64::from(n) / 100.0 * f64::from(self.endgame(pos)) / f64::from(ENDGAME)
    }

    /// The `exposure` term's feature: White's nearness less Black's, in moves,
    /// times the share of the game left before its endgame.
    pub fn exposure_feature(&self, pos: &Position) -> f64 {
        let n = self.nearness(pos, Side::White) - self.nearness(pos, Side::Black);
        f64::from(n) / 100.0 * f64::from(ENDGAME - self.endgame(pos)) / f64::from(ENDGAME)
    }
}

/// A royal kind's nearness from each cell: the average of its moves to the cells
/// it reaches over all cells, less that from the cell, in hundredths.
fn nearness_of(rules: &Ruleset, side: usize, kind: usize) -> Vec<i32> {
    let cells = rules.cell_count();
    let mean: Vec<Option<f64>> = (0..cells)
        .map(|c| mean_distance(rules, side, kind, c as Cell))
        .collect();
    let known: Vec<f64> = mean.iter().flatten().copied().collect();
    if known.is_empty() {
        return vec![0; cells];
    }
    let average = known.iter().sum::<f64>() / known.len() as f64;
    mean.iter()
        .map(|m| m.map_or(0, |m| (100.0 * (average - m)).round() as i32))
        .collect()
}

/// The moves (on an empty board) from `from` to each cell reached, on average;
/// none where it reaches no other cell.
fn mean_distance(rules: &Ruleset, side: usize, kind: usize, from: Cell) -> Option<f64> {
    let cells = rules.cell_count();
    let mut dist = vec![u32::MAX; cells];
    dist[from as usize] = 0;
    let mut queue = VecDeque::from([from]);
    let (mut sum, mut reached) = (0u64, 0u64);
    while let Some(c) = queue.pop_front() {
        let d = dist[c as usize];
        for r in rules.rays_of(side, kind, c) {
            for &t in rules.cells_of(r) {
                if dist[t as usize] == u32::MAX {
                    dist[t as usize] = d + 1;
                    sum += u64::from(d + 1);
                    reached += 1;
                    queue.push_back(t);
                }
            }
        }
    }
    (reached > 0).then(|| sum as f64 / reached as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_king_is_nearer_everything_in_the_middle_and_counts_in_the_endgame() {
        let rules = super::super::chess("");
        let values = super::super::eval::piece_values(&rules);
        let c = Centrality::new(&rules, &values).expect("the king walks");
        let at = |fen: &str| Position::from_fen(&rules, fen).expect("a legal FEN");
        // Kings alone: all of the endgame. From a1 the mean distance is 4.89
        // moves (308 over 63 cells), from d4 it is 2.73 (172 over 63).
        let bare = at("8/8/8/8/3K4/8/8/k7 w - - 0 1");
        assert_eq!(c.endgame(&bare), ENDGAME);
        let (d4, a1) = (
            c.nearness(&bare, Side::White),
            c.nearness(&bare, Side::Black),
        );
        assert_eq!(d4 - a1, 216);
        // From the start: none of it.
        assert_eq!(c.endgame(&Position::start(&rules)), 0);
    }
}
