//! Castling rules on cells: the definition's, and for a free (Chess960) castling,
//! the one each game places where its start position puts the king and the rook.

use super::{Cell, Ruleset};
use crate::model::{CastleDef, Coord};
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct CompiledCastle {
    pub side: usize,
    pub flag: char,
    pub king_from: Cell,
    pub king_to: Cell,
    pub rook_from: Cell,
    pub rook_to: Cell,
    pub empty: Vec<Cell>,
    pub safe: Vec<Cell>,
    /// Whether the start cells came from the start position (`*`).
    pub free: bool,
}

/// One game's castling rules on cells (index = the right's bit), and per cell the
/// rights a move there loses.
#[derive(Clone, Debug, Default)]
pub struct CastleTable {
    pub rules: Vec<CompiledCastle>,
    /// Castling rights lost when a move starts on, ends on, or captures on a cell.
    pub clear: Vec<u32>,
}

impl CastleTable {
    /// The rules on the board's `n` cells. A free castling not placed (its start
    /// cells still at its end cells) loses no right anywhere: it holds none.
    pub fn new(castling: &[CastleDef], n: usize, at: impl Fn(Coord) -> Option<Cell>) -> Self {
        let cells =
            |coords: &[Coord]| -> Vec<Cell> { coords.iter().filter_map(|c| at(*c)).collect() };
        let mut table = CastleTable {
            rules: Vec::with_capacity(castling.len()),
            clear: vec![0u32; n],
        };
        for (i, c) in castling.iter().enumerate().take(super::MAX_CASTLING) {
            let (Some(kf), Some(kt), Some(rf), Some(rt)) = (
                at(c.king_from),
                at(c.king_to),
                at(c.rook_from),
                at(c.rook_to),
            ) else {
                continue;
            };
            if !(c.is_free() && kf == kt && rf == rt) {
                table.clear[kf as usize] |= 1 << i;
                table.clear[rf as usize] |= 1 << i;
            }
            table.rules.push(CompiledCastle {
                side: c.side.index(),
                flag: c.flag,
                king_from: kf,
                king_to: kt,
                rook_from: rf,
                rook_to: rt,
                empty: cells(&c.empty),
                safe: cells(&c.safe),
                free: c.is_free(),
            });
        }
        table
    }
}

impl Ruleset {
    /// The castling rules of a game whose free castlings start on `starts` (rule,
    /// king, rook): the definition's own table when it has none.
    pub fn castles_for(&self, starts: &[(usize, Coord, Coord)]) -> Arc<CastleTable> {
        let defs = &self.definition.castling;
        if !defs.iter().any(CastleDef::is_free) {
            return Arc::clone(&self.castles);
        }
        let placed: Vec<CastleDef> = defs
            .iter()
            .enumerate()
            .map(|(i, c)| match starts.iter().find(|s| s.0 == i) {
                Some(&(_, king, rook)) if c.is_free() => {
                    c.on_cells(&self.definition.board, king, rook)
                }
                _ => c.clone(),
            })
            .collect();
        Arc::new(CastleTable::new(&placed, self.cell_count(), |c| {
            self.cell_at(c)
        }))
    }
}
