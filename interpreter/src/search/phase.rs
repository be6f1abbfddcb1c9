//! How far a game is into its endgame: by the material left on the board of the
//! pieces that keep it away (neither royal nor promoting), from none of the
//! endgame with nine tenths of the start's material or more to all of it with a
//! quarter or less. Terms that count differently as the board empties
//! (`centrality`, `exposure`, `endgame-cells`) take their shares from it.

use crate::compile::Ruleset;
use crate::engine::Position;
use crate::model::Side;

/// The endgame share in these parts: 0 with most of the material left, all of it
/// with little left.
pub const ENDGAME: i32 = 64;

/// What tells how far a position is into its endgame.
#[derive(Clone, Debug)]
pub struct Phase {
    /// Per kind: the value its pieces add to the material that keeps the game
    /// out of its endgame (neither royal nor promoting pieces).
    material: Vec<i32>,
    /// With this much material of both sides or more, nothing of the endgame.
    full: i32,
    /// With this much or less, all of it.
    bare: i32,
}

impl Phase {
    /// The phase of `rules`' games, with the material counted at the values
    /// `values`; none where the start has no such material to lose.
    pub fn new(rules: &Ruleset, values: &[i32]) -> Option<Phase> {
        let material: Vec<i32> = (0..rules.kinds)
            .map(|k| {
                let counts = !rules.royal[k] && rules.promotion_of(0, k).is_none();
                if counts {
                    values[k].max(0)
                } else {
                    0
                }
            })
            .collect();
        let mut phase = Phase {
            material,
            full: 0,
            bare: 0,
        };
        let total = phase.material_of(&Position::start(rules));
        (total > 0).then(|| {
            phase.full = total * 9 / 10;
            phase.bare = total / 4;
            phase
        })
    }

    /// The material of both sides on the board that keeps the endgame away.
    fn material_of(&self, pos: &Position) -> i32 {
        let count = |k| (pos.piece_count(Side::White, k) + pos.piece_count(Side::Black, k)) as i32;
        (self.material.iter().enumerate())
            .map(|(k, &m)| if m == 0 { 0 } else { m * count(k) })
            .sum()
    }

    /// How far the position is into its endgame, from 0 to [`ENDGAME`].
    pub fn endgame(&self, pos: &Position) -> i32 {
        let m = self.material_of(pos);
        ((self.full - m) * ENDGAME / (self.full - self.bare).max(1)).clamp(0, ENDGAME)
    }

    /// The same as a share, from 0 to 1.
    pub fn share(&self, pos: &Position) -> f64 {
        f64::from(self.endgame(pos)) / f64::from(ENDGAME)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_endgame_share_grows_as_the_pieces_leave() {
        let rules = super::super::chess("");
        let values = super::super::eval::piece_values(&rules);
        let phase = Phase::new(&rules, &values).expect("chess has pieces to lose");
        let at = |fen: &str| Position::from_fen(&rules, fen).expect("a legal FEN");
        assert_eq!(phase.endgame(&Position::start(&rules)), 0);
        assert_eq!(phase.endgame(&at("8/8/8/8/3K4/8/8/k7 w - - 0 1")), ENDGAME);
        // pawns do not count: kings and pawns alone are all endgame
        let pawns = at("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
        assert_eq!(phase.endgame(&pawns), ENDGAME);
        // queens off: part of the way
        let queens = at("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
        let e = phase.endgame(&queens);
        assert!(0 < e && e < ENDGAME / 2, "{e}");
    }
}
