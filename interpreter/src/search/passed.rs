//! Passed pieces: a promoting piece that no enemy promoting piece stands in front
//! of, or beside its way where it could capture on it. Such pieces (chess's passed
//! pawns) are rarely stopped by anything but the pieces of their own sort, which
//! cannot go back, so their nearness to promotion is worth more.

use super::activity::Mask;
use super::eval::{advance_of, promotion_distance};
use super::terms::Terms;
use crate::compile::{Cell, Ruleset};
use crate::engine::Position;
use crate::model::Side;

/// A passed piece's nearness to promotion counts this many times more than what
/// the piece-on-cell values give every piece of its kind. Measured in chess at
/// 10,000 nodes a move against the old bonus (a quarter of the promotion's gain)
/// for every pawn: passed pawns at twice the old bonus and the others at half,
/// +29 ± 27 Elo over 500 games; twice and once, +10 ± 42 (200 games); 2.3 times
/// and 0.3, +10 ± 44 (200 games).
pub(super) const EXTRA: i32 = 3;

/// Whether passed pieces are counted: where the board-reading terms are, some
/// kind that is not royal promotes, and pieces are not dropped (a dropped piece
/// may stop any other: shogi at 5,000 nodes a move scored -58 ± 91 Elo over 60
/// games with passed pieces counted).
pub(super) fn counted(rules: &Ruleset) -> bool {
    super::activity::measured(rules)
        && !rules.flags.hand
        && (0..rules.kinds).any(|k| promotes(rules, k))
}

/// Whether `kind`'s pieces promote (and are not royal): those passed pieces,
/// and the structure of promoting pieces, are about.
pub(super) fn promotes(rules: &Ruleset, kind: usize) -> bool {
    !rules.royal[kind] && rules.promotion_of(0, kind).is_some()
}

/// Where a promoting piece is passed, in masks of `M`.
#[derive(Clone, Debug)]
pub(super) struct PassedOf<M> {
    cells: usize,
    kinds: usize,
    /// Per kind: its pieces promote, so that they stop the enemy's.
    stops: Vec<bool>,
    /// Per side, kind and cell: the cells where an enemy piece that stops it
    /// would stand in its way, or capture on it.
    passage: Vec<M>,
    /// Per side, kind and cell: what being passed there is worth (0: nothing).
    bonus: Vec<i32>,
    /// Per side, kind and cell: the nearness to promotion, for `vdl tune`.
    nearness: Vec<f64>,
    /// Some piece is worth more passed.
    counted: bool,
}

impl<M: Mask> PassedOf<M> {
    /// The passages of `rules`' promoting pieces (the board fits in `M`).
    pub(super) fn new(rules: &Ruleset, terms: &Terms) -> PassedOf<M> {
        let (cells, kinds) = (rules.cell_count(), rules.kinds);
        let stops: Vec<bool> = (0..kinds).map(|k| promotes(rules, k)).collect();
        let mut p = PassedOf {
            cells,
            kinds,
            stops,
            passage: vec![M::default(); 2 * kinds * cells],
            bonus: vec![0; 2 * kinds * cells],
            nearness: vec![0.0; 2 * kinds * cells],
            counted: false,
        };
        if !counted(rules) {
            return p;
        }
        for side in 0..2 {
            let strikes = strikes::<M>(rules, &p.stops, 1 - side);
            for kind in (0..kinds).filter(|&k| p.stops[k]) {
                let gain = advance_of(rules, terms, side, kind);
                let Some(distance) = promotion_distance(rules, side, kind) else {
                    continue;
                };
                let far = distance.iter().flatten().max().copied().unwrap_or(0).max(1) as i32;
                for c in 0..cells {
                    let Some(d) = distance[c].filter(|&d| d > 0) else {
                        continue;
                    };
                    let i = (side * kinds + kind) * cells + c;
                    let way = way_of(rules, (side, kind), c as Cell, &distance);
                    let near = (far - d as i32).max(0);
                    p.passage[i] = passage(way, &strikes);
                    p.nearness[i] = f64::from(near * near) / f64::from(far * far);
                    p.bonus[i] = EXTRA * gain * near * near / (far * far * 4);
                    p.counted |= p.bonus[i] != 0;
                }
            }
        }
        p
    }

    /// Per side, the cells of its promoting pieces (by side index).
    pub(super) fn stopping(&self, pos: &Position) -> [M; 2] {
        [Side::White, Side::Black].map(|s| stoppers(pos, s, &self.stops))
    }

    /// What `side`'s passed pieces are worth, less its opponent's, where the
    /// promoting pieces stand on `stopping`.
    pub(super) fn value(&self, pos: &Position, side: Side, stopping: &[M; 2]) -> i32 {
        if !self.counted {
            return 0;
        }
        let mut sum = 0;
        for s in [Side::White, Side::Black] {
            let enemy = stopping[s.opponent().index()];
            let worth: i32 = self.passed(pos, s, enemy).map(|i| self.bonus[i]).sum();
            sum += if s == side { worth } else { -worth };
        }
        sum
    }

    /// Per kind, the nearness of its passed pieces (White's less Black's), the
    /// feature of the advance term that being passed adds to.
    pub(super) fn features(&self, pos: &Position, stopping: &[M; 2]) -> Vec<f64> {
        let mut x = vec![0.0; self.kinds];
        if !self.counted {
            return x;
        }
        for (s, sign) in [(Side::White, 1.0), (Side::Black, -1.0)] {
            let enemy = stopping[s.opponent().index()];
            for i in self.passed(pos, s, enemy) {
                let kind = (i / self.cells) % self.kinds;
                x[kind] += sign * f64::from(EXTRA) * self.nearness[i];
            }
        }
        x
    }

    /// The index (side, kind and cell) of each of `side`'s passed pieces, where
    /// the enemy's stopping pieces stand on `enemy`.
    fn passed<'a>(
        &'a self,
        pos: &'a Position,
        side: Side,
        enemy: M,
    ) -> impl Iterator<Item = usize> + 'a {
        pos.piece_cells(side).iter().filter_map(move |&c| {
            let p = pos.piece_at(c)?;
            let i = (side.index() * self.kinds + p.kind) * self.cells + c as usize;
            (self.bonus[i] != 0 && self.passage[i] & enemy == M::default()).then_some(i)
        })
    }
}

/// The cells of `side`'s pieces of the kinds that `stops` marks.
fn stoppers<M: Mask>(pos: &Position, side: Side, stops: &[bool]) -> M {
    let mut m = M::default();
    for &c in pos.piece_cells(side) {
        if pos.piece_at(c).is_some_and(|p| stops[p.kind]) {
            m |= M::bit(c);
        }
    }
    m
}

/// The cells of `way`, and those from which an enemy stopping piece captures on
/// one of them (`strikes`, per cell).
fn passage<M: Mask>(way: M, strikes: &[M]) -> M {
    way | struck_from(way, strikes)
}

/// The cells from which a piece captures on one of `cells` (`strikes`: per
/// cell, where it captures on it from).
pub(super) fn struck_from<M: Mask>(cells: M, strikes: &[M]) -> M {
    (strikes.iter().enumerate())
        .filter(|&(c, _)| cells & M::bit(c as Cell) != M::default())
        .fold(M::default(), |m, (_, &s)| m | s)
}

/// Per cell: where `side`'s stopping pieces capture on it from, on an empty board.
pub(super) fn strikes<M: Mask>(rules: &Ruleset, stops: &[bool], side: usize) -> Vec<M> {
    let cells = rules.cell_count();
    let mut from = vec![M::default(); cells];
    for kind in (0..rules.kinds).filter(|&k| stops[k]) {
        for c in 0..cells as Cell {
            for ray in rules.rays_of(side, kind, c).iter().filter(|r| r.capture) {
                for &t in rules.cells_of(ray) {
                    from[t as usize] |= M::bit(c);
                }
            }
        }
    }
    from
}

/// The cells a piece on `cell` passes on its shortest ways to promotion (by its
/// quiet moves, on an empty board), the cells each move passes over included.
pub(super) fn way_of<M: Mask>(
    rules: &Ruleset,
    (side, kind): (usize, usize),
    cell: Cell,
    distance: &[Option<u32>],
) -> M {
    let (mut way, mut seen) = (M::default(), M::bit(cell));
    let mut frontier = vec![cell];
    while let Some(c) = frontier.pop() {
        let Some(d) = distance[c as usize].filter(|&d| d > 0) else {
            continue;
        };
        for ray in rules.rays_of(side, kind, c).iter().filter(|r| r.quiet) {
            let on = rules.cells_of(ray);
            if let Some(n) = on.iter().position(|&t| distance[t as usize] == Some(d - 1)) {
                for &t in &on[..=n] {
                    way |= M::bit(t);
                }
                if seen & M::bit(on[n]) == M::default() {
                    seen |= M::bit(on[n]);
                    frontier.push(on[n]);
                }
            }
        }
    }
    way
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A white pawn on e5 against one black pawn: passed unless the black pawn
    /// stands ahead of it on its file or beside its way (where it captures on it).
    #[test]
    fn a_pawn_is_passed_unless_an_enemy_pawn_may_stop_it() {
        let rules = super::super::chess("");
        let terms = super::super::eval::terms(&rules);
        let p = PassedOf::<u64>::new(&rules, &terms);
        let value = |fen: &str| {
            let pos = Position::from_fen(&rules, fen).expect("a legal FEN");
            p.value(&pos, Side::White, &p.stopping(&pos))
        };
        // a pawn's bonus by rank, White's from its second rank to its seventh:
        // three times an eighth of the queen's gain over the pawn (693) by the
        // square of its nearness (in sixths: the third rank is as far as the
        // second, by the double step)
        let pawn = rules
            .definition
            .pieces
            .iter()
            .position(|k| k.name == "Pawn");
        let bonus = |cell: usize| p.bonus[pawn.expect("a pawn") * 64 + cell];
        let by_rank: Vec<i32> = (1..7).map(|rank| bonus(8 * rank + 4)).collect();
        assert_eq!(by_rank, [7, 7, 28, 64, 115, 180]);
        for (fen, expected) in [
            // on d7, e7 or f7 the black pawn stops it, and it is not passed
            // itself (its way to d1 passes d6, which e5 strikes)
            ("4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", 0),
            ("4k3/4p3/8/4P3/8/8/8/4K3 w - - 0 1", 0),
            ("4k3/5p2/8/4P3/8/8/8/4K3 w - - 0 1", 0),
            // on c7 or g7 it does not, and both are passed: e5's bonus less c7's
            ("4k3/2p5/8/4P3/8/8/8/4K3 w - - 0 1", 64 - 7),
            ("4k3/6p1/8/4P3/8/8/8/4K3 w - - 0 1", 64 - 7),
            // behind it, on d4, it stops nothing, and neither is stopped
            ("4k3/8/8/4P3/3p4/8/8/4K3 w - - 0 1", 64 - 64),
            ("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1", 64),
        ] {
            assert_eq!(value(fen), expected, "{fen}");
        }
    }
}
