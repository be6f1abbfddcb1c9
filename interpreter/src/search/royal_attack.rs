//! The attack on a royal piece: the cells around it that enemy pieces strike,
//! counted where two pieces or more take part (one piece alone rarely mates),
//! and weighed by the square of that count, as attacks that gather grow more
//! dangerous than the sum of their parts (chess engines' king danger). Read off
//! the same reaches as the pieces' moves now ([`activity`](super::activity)).

use crate::compile::{Cell, RayKind, Ruleset};

/// The term is its weight times the square of the cells struck, over this.
pub const SCALE: i32 = 16;

/// The derived weight, in hundredths of the least valuable piece.
pub const DERIVED: i32 = 12;

/// What a weak cell around a royal piece adds to the attack's count where the
/// definition does not say: nothing, as the `attack` derived for a count of
/// strikes alone overweighs a larger count (chess fitted 1 where it derives 12).
pub const WEAK_UNITS: i32 = 0;

/// What a safe check adds where the definition does not say: nothing, likewise.
pub const CHECK_UNITS: i32 = 0;

/// The most cells struck that count: far more than any real attack, low enough
/// that its square times any weight in range stays well within an `i32` (a
/// definition with many royal pieces and many pieces could strike thousands).
pub const MAX_UNITS: i32 = 100;

/// What the attack on a side's royal pieces is counted from: the other side's
/// strikes on the cells around them (each time a piece strikes one), the pieces
/// that strike some, those cells that nothing of the side's but a royal piece
/// defends (weak), and the cells from which a piece could move and check where
/// nothing of the side's strikes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Strikes on the cells around the royal pieces.
    pub hits: i32,
    /// Pieces that strike some of those cells.
    pub attackers: i32,
    /// Those cells struck that nothing but a royal piece defends.
    pub weak: i32,
    /// Cells a piece could move to and check from, safely.
    pub checks: i32,
}

impl Count {
    /// The attack's count: the strikes, and `weak_units` for each weak cell and
    /// `check_units` for each safe check (up to [`MAX_UNITS`] in all), where two
    /// pieces or more strike; 0 for fewer.
    pub fn units(&self, weak_units: i32, check_units: i32) -> i32 {
        if self.attackers < 2 {
            return 0;
        }
        let weak = self.weak.min(MAX_UNITS) * weak_units;
        let checks = self.checks.min(MAX_UNITS) * check_units;
        (self.hits.min(MAX_UNITS) + weak + checks).min(MAX_UNITS)
    }
}

/// The cells around a royal piece of `side` standing on `cell`: the cell, and
/// the cell each step or slide of a royal kind reaches first.
pub fn zone(rules: &Ruleset, side: usize, cell: Cell) -> Vec<Cell> {
    let mut zone = vec![cell];
    for kind in (0..rules.kinds).filter(|&k| rules.royal[k]) {
        for r in rules.rays_of(side, kind, cell) {
            let first = match r.kind {
                RayKind::Leap => rules.cells_of(r).get(usize::from(r.blockers)),
                RayKind::Slide => rules.cells_of(r).first(),
                _ => None,
            };
            if let Some(&c) = first.filter(|c| !zone.contains(c)) {
                zone.push(c);
            }
        }
    }
    zone
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;
    use crate::search::eval::Evaluator;
    use crate::search::terms::{attack_feature, Geometry};

    #[test]
    fn one_attacker_counts_nothing_and_the_count_is_bounded() {
        let count = |hits, attackers, weak, checks| Count {
            hits,
            attackers,
            weak,
            checks,
        };
        assert_eq!(count(5, 1, 3, 2).units(2, 6), 0);
        assert_eq!(count(5, 2, 0, 0).units(2, 6), 5);
        assert_eq!(count(5, 2, 3, 2).units(2, 6), 5 + 6 + 12);
        assert_eq!(count(50_000, 300, 0, 0).units(2, 6), MAX_UNITS);
        assert_eq!(count(1, 2, 50_000, 50_000).units(16, 16), MAX_UNITS);
        let worst = crate::check::MAX_PER_MOVE * i64::from(MAX_UNITS).pow(2);
        assert!(worst < i64::from(i32::MAX));
    }

    #[test]
    fn a_king_s_zone_is_its_cell_and_the_cells_next_to_it() {
        let rules = super::super::chess("");
        let g1 = rules.cell_by_name("g1").expect("g1");
        let mut zone: Vec<String> = (zone(&rules, 0, g1).iter())
            .map(|&c| rules.cell_name(c).to_string())
            .collect();
        zone.sort();
        assert_eq!(zone, ["f1", "f2", "g1", "g2", "h1", "h2"]);
    }

    /// White's queen on h5 strikes h7 and f7 around Black's king on g8, the
    /// knight on g5 h7 and f7, the bishop on c4 f7: 5 cells struck, by three
    /// pieces; Black's bishop on c5 alone strikes f2 and counts nothing. So the
    /// feature is 25 over 16, and the derived 12 add 300 over 16: 18.
    #[test]
    fn an_attack_counts_the_square_of_the_cells_struck_once_two_pieces_take_part() {
        let rules = super::super::chess("");
        let without = super::super::chess("\nevaluation { attack 0 }\n");
        let fen = "r1bq1rk1/pppp1ppp/2n2n2/2b1p1NQ/2B1P3/2N5/PPPP1PPP/R1B2RK1 w - - 0 1";
        let feature = |rules: &crate::compile::Ruleset, fen: &str| {
            let pos = Position::from_fen(rules, fen).expect("a legal FEN");
            Geometry::new(rules, false).features(&pos)[attack_feature(rules.kinds)]
        };
        assert_eq!(feature(&rules, fen), 25.0 / 16.0);
        let value = |rules: &crate::compile::Ruleset| {
            let pos = Position::from_fen(rules, fen).expect("a legal FEN");
            Evaluator::new(rules).evaluate(&pos)
        };
        assert_eq!(Evaluator::new(&rules).terms().attack, 12);
        assert_eq!(value(&rules) - value(&without), 18);
        // the queen alone: no attack
        let alone = "r1bq1rk1/pppp1ppp/2n2n2/2b1p2Q/4P3/2N5/PPPP1PPP/R1B2RK1 w - - 0 1";
        assert_eq!(feature(&rules, alone), 0.0);
    }
}
