//! Threats: the enemy's pieces that the player's pieces could take with gain, as
//! the board stands. A piece is threatened where a piece worth less than it
//! strikes it (chess's pawn against a knight, a knight against a rook), or where
//! some piece strikes it and none of its own defends it (a hanging piece). Royal
//! pieces are never counted as threatened (a check is the search's business), and a
//! royal piece threatens only what is not defended. Read off the same reaches as
//! the pieces' moves now ([`activity`](super::activity)), as chess engines count
//! threats by a lesser piece and hanging pieces.

/// The derived weight per piece threatened, in hundredths of the least valuable
/// piece.
pub const DERIVED: i32 = 50;

/// The pieces threatened: of `victims` (the enemy's pieces that are not royal),
/// those struck by a lesser piece (`lesser`), or struck (`struck`) and not
/// defended (`defended`: the cells the enemy's own pieces strike).
pub(super) fn count<M>(victims: M, struck: M, lesser: M, defended: M) -> u32
where
    M: super::activity::Mask,
{
    ((victims & struck & !defended) | (victims & lesser)).ones()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;
    use crate::search::eval::Evaluator;
    use crate::search::terms::{threats_feature, Geometry};

    #[test]
    fn a_piece_struck_by_a_lesser_one_or_undefended_counts_once() {
        let (victims, struck, lesser, defended) = (0b1111u64, 0b0111, 0b0101, 0b0011);
        // cell 0: lesser; cell 1: struck, defended, not lesser; cell 2: both ways
        assert_eq!(count(victims, struck, lesser, defended), 2);
        assert_eq!(count(0b1000u64, 0b1000, 0, 0), 1);
    }

    /// In chess: a pawn striking a knight, a rook striking an undefended bishop,
    /// a knight striking a defended pawn (not counted: nothing gained).
    #[test]
    fn chess_counts_a_knight_struck_by_a_pawn_and_a_loose_bishop() {
        let rules = super::super::chess("");
        let geometry = Geometry::new(&rules, false);
        let feature = |fen: &str| {
            let pos = Position::from_fen(&rules, fen).expect("a FEN");
            geometry.features(&pos)[threats_feature(rules.kinds)]
        };
        // White's pawn on e4 strikes the knight on d5; the rook on a1 strikes the
        // loose bishop on a6; Black's knight on c6 strikes nothing of White's
        assert_eq!(feature("4k3/8/b1n5/3n4/4P3/8/8/R3K3 w - - 0 1"), 2.0);
        // the bishop defended by the knight: only the knight on d5 is threatened
        assert_eq!(feature("4k3/2n5/b7/3n4/4P3/8/8/R3K3 w - - 0 1"), 1.0);
        // Black's knight on c3 strikes the loose pawn on e4 as well
        assert_eq!(feature("4k3/2n5/b7/3n4/4P3/2n5/8/R3K3 w - - 0 1"), 0.0);
        // half the least valuable piece: chess's pawn is worth 107
        assert_eq!(Evaluator::new(&rules).terms().threats, 53);
    }
}
