//! Chess960 castling: a `*` rule's king and partner start where the start position
//! puts them, and the cells that must be empty and unattacked follow from those.

use super::{BoardShape, CastleDef, Coord, PieceDef, Setup, Side};

impl CastleDef {
    /// Whether the king and the partner start where the start position puts them.
    pub fn is_free(&self) -> bool {
        self.partner.is_some()
    }

    /// The side of the king its partner starts on: 1 toward the higher files, -1
    /// toward the lower. The king ends beyond the rook on that side, as `O-O` puts
    /// the king on g1 and the rook on f1 from a rook on the king's h-side.
    pub fn rook_side(&self) -> i32 {
        if self.king_to.file > self.rook_to.file {
            1
        } else {
            -1
        }
    }

    /// The rule with the king starting on `king` and the partner on `rook`, by
    /// Chess960's rule: every cell the king or the rook crosses, their end cells
    /// included, is empty but for the two of them; the king's cells from its start
    /// to its end are not attacked.
    pub fn on_cells(&self, board: &BoardShape, king: Coord, rook: Coord) -> CastleDef {
        let span = |a: Coord, b: Coord| {
            (a.file.min(b.file)..=a.file.max(b.file))
                .map(move |file| Coord { file, rank: a.rank })
                .filter(|c| board.contains(*c))
        };
        let mut empty: Vec<Coord> = span(king, self.king_to)
            .chain(span(rook, self.rook_to))
            .filter(|c| *c != king && *c != rook)
            .collect();
        empty.sort_by_key(|c| c.file);
        empty.dedup();
        CastleDef {
            king_from: king,
            rook_from: rook,
            empty,
            safe: span(king, self.king_to).collect(),
            ..self.clone()
        }
    }
}

/// Why a free castling right has no start cells in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FreeCastleError {
    /// No royal piece of the side on the rule's rank, or more than one.
    King(usize),
    /// No partner on the king's side named by the rule (or on the named file).
    Partner,
}

/// The king's and the partner's start cells of the free castling `rule` among
/// `placements`: the side's one royal piece on the rule's rank, and the partner on
/// file `rook_file` (a FEN's file letter) or else the outermost partner on its
/// side of the king.
pub fn free_castle_start(
    rule: &CastleDef,
    pieces: &[PieceDef],
    placements: &[(Coord, Side, usize)],
    rook_file: Option<i32>,
) -> Result<(Coord, Coord), FreeCastleError> {
    let rank = rule.king_to.rank;
    let ours = |&&(c, side, _): &&(Coord, Side, usize)| side == rule.side && c.rank == rank;
    let kings: Vec<Coord> = placements
        .iter()
        .filter(ours)
        .filter(|p| pieces[p.2].royal)
        .map(|p| p.0)
        .collect();
    let [king] = kings[..] else {
        return Err(FreeCastleError::King(kings.len()));
    };
    let dir = rule.rook_side();
    let rook = placements
        .iter()
        .filter(ours)
        .filter(|p| Some(p.2) == rule.partner && (p.0.file - king.file) * dir > 0)
        .map(|p| p.0)
        .filter(|c| rook_file.is_none_or(|f| c.file == f))
        .max_by_key(|c| c.file * dir);
    rook.map(|r| (king, r)).ok_or(FreeCastleError::Partner)
}

impl Setup {
    /// Find the start cells of the free castling rights this setup grants; `named`
    /// gives the rook's file for rights a FEN named by file. Rights without start
    /// cells are dropped and returned.
    pub fn place_free_castles(
        &mut self,
        castling: &[CastleDef],
        pieces: &[PieceDef],
        named: &[(usize, i32)],
    ) -> Vec<(usize, FreeCastleError)> {
        let mut failed = Vec::new();
        self.castle_starts.clear();
        for &i in &self.castling {
            let Some(rule) = castling.get(i).filter(|r| r.is_free()) else {
                continue;
            };
            let file = named.iter().find(|n| n.0 == i).map(|n| n.1);
            match free_castle_start(rule, pieces, &self.placements, file) {
                Ok((king, rook)) => self.castle_starts.push((i, king, rook)),
                Err(e) => failed.push((i, e)),
            }
        }
        self.castling.retain(|i| !failed.iter().any(|f| f.0 == *i));
        failed
    }

    /// The start cells of free castling `rule`, once placed.
    pub fn castle_start(&self, rule: usize) -> Option<(Coord, Coord)> {
        self.castle_starts
            .iter()
            .find(|s| s.0 == rule)
            .map(|s| (s.1, s.2))
    }
}
