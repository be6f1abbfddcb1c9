//! Whether a move gives check. Where the rules let a piece's move change the
//! board only on its own cells and its victims' (`Flags::relocations`), the
//! question is asked of the board alone after it (`Position::board_after`),
//! without the hash, the clocks and the undo record a whole make keeps; the
//! search asks it of every late quiet move it keeps for its checks.

use super::{Move, Position};
use crate::model::Side;

impl Position<'_> {
    /// Whether the pseudo-legal move `m` of the side to move leaves a royal piece
    /// of the opponent attacked.
    pub fn gives_check(&mut self, m: Move) -> bool {
        let them = Side::from_index(1 - self.side);
        if self.rules.flags.relocations {
            if let Some(checks) = self.board_after(&m, |pos| pos.in_check(them)) {
                return checks;
            }
        }
        self.make(m);
        let checks = self.in_check(them);
        self.unmake();
        checks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a legal move gives check, and a pseudo-legal one leaves the
    /// mover's royal pieces safe, as the whole make finds; the position as it was
    /// after each test. How many moves were compared.
    fn compare(pos: &Position, name: &str) -> u64 {
        let mut pos = pos.clone();
        let (mut moves, before) = (Vec::new(), (pos.fen(), pos.hash()));
        pos.legal_moves(&mut moves);
        let (us, them) = (Side::from_index(pos.side), Side::from_index(1 - pos.side));
        let mut compared = 0;
        for &m in &moves {
            pos.make(m);
            let made = pos.in_check(them);
            pos.unmake();
            assert_eq!(pos.gives_check(m), made, "{name}: {} {m:?}", before.0);
            assert_eq!((pos.fen(), pos.hash()), before, "{name}");
            compared += 1;
        }
        if !pos.rules.flags.relocations {
            return compared;
        }
        pos.pseudo_moves(&mut moves);
        for &m in &moves {
            pos.make(m);
            let safe = !pos.in_check(us);
            pos.unmake();
            assert_eq!(pos.is_legal_slow(m), safe, "{name}: {} {m:?}", before.0);
            assert_eq!((pos.fen(), pos.hash()), before, "{name}");
        }
        compared
    }

    /// The answers by moving the piece alone are the whole make's, for every
    /// shipped definition along seeded random games.
    #[test]
    fn moving_the_piece_alone_finds_the_checks_a_whole_move_finds() {
        let (mut relocating, mut compared) = (0, 0u64);
        for path in crate::shipped_definitions() {
            let text = std::fs::read_to_string(&path).expect("readable");
            let Some(rules) = crate::load_file(&path, &text).ruleset else {
                panic!("{} loads", path.display());
            };
            relocating += usize::from(rules.flags.relocations);
            let name = path.display().to_string();
            super::super::random_game(&rules, &mut 5, 80, |pos| {
                compared += compare(pos, &name);
            });
        }
        assert!(
            relocating > 50,
            "{relocating} definitions move pieces alone"
        );
        assert!(compared > 100_000, "{compared} moves compared");
    }

    /// A pawn that promotes to a royal queen (Coregal chess) must not land
    /// attacked: the new royal piece is tested too, two plies deep from a
    /// position where it may.
    #[test]
    fn a_promotion_to_a_royal_kind_is_tested_on_the_whole_board() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../definitions/coregal.vdl");
        let text = std::fs::read_to_string(&path).expect("readable");
        let rules = crate::load_file(&path, &text)
            .ruleset
            .expect("coregal loads");
        let fen = "2Q5/3Pq2k/6p1/4Bp1p/5P1P/8/8/K7 w - - 2 72";
        let mut pos = Position::from_fen(&rules, fen).expect("the FEN reads");
        let (mut moves, mut replies) = (Vec::new(), Vec::new());
        pos.legal_moves(&mut moves);
        let mut compared = compare(&pos, "coregal");
        for m in moves {
            pos.make(m);
            compared += compare(&pos, "coregal");
            pos.legal_moves(&mut replies);
            for &r in &replies {
                pos.make(r);
                compared += compare(&pos, "coregal");
                pos.unmake();
            }
            pos.unmake();
        }
        assert!(compared > 5_000, "{compared} moves compared");
    }
}
