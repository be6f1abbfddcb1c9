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

/// The most cells struck that count: far more than any real attack, low enough
/// that its square times any weight in range stays well within an `i32` (a
/// definition with many royal pieces and many pieces could strike thousands).
pub const MAX_UNITS: i32 = 100;

/// The attack's count: the cells struck around the royal pieces, each time a
/// piece strikes one (up to [`MAX_UNITS`]), where `attackers` pieces strike
/// some; 0 for fewer than two.
pub fn units(struck: i32, attackers: i32) -> i32 {
    if attackers >= 2 {
        struck.min(MAX_UNITS)
    } else {
        0
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
        assert_eq!(units(5, 1), 0);
        assert_eq!(units(5, 2), 5);
        assert_eq!(units(50_000, 300), MAX_UNITS);
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
