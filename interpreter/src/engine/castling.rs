//! Castling: its moves, and its rights as the FEN writes them. A game's rules are
//! in `Position::castles`, where free (Chess960) castlings start on the cells the
//! start position gave them.

use super::{kind_of, side_of, Move, Position};
use crate::compile::CompiledCastle;
use crate::model::Coord;
use std::sync::Arc;

impl Position<'_> {
    pub(super) fn castling_moves(&self, out: &mut Vec<Move>) {
        let rules = self.rules;
        let us = self.side;
        let ours = |p: u8| p != 0 && p != rules.wall_code && side_of(p) == us;
        for (i, c) in self.castles.rules.iter().enumerate() {
            if c.side != us || self.castling & (1 << i) == 0 {
                continue;
            }
            // The right keeps its king and rook on their cells (a FEN's rights are
            // checked against the setup's kinds).
            let (king, rook) = (
                self.board[c.king_from as usize],
                self.board[c.rook_from as usize],
            );
            if !ours(king) || !ours(rook) {
                continue;
            }
            if self.is_frozen_any(c.king_from) || self.is_frozen_any(c.rook_from) {
                continue;
            }
            let clear = c
                .empty
                .iter()
                .all(|&e| e == c.king_from || e == c.rook_from || self.board[e as usize] == 0);
            // The king's cells as a royal piece would be there: under explosions,
            // safe next to the enemy's royal piece. A king that is no royal piece
            // may castle through attacks (duck chess), and so may one royal only
            // by its count while it is not.
            let royal = rules.royal[kind_of(king)]
                && (!rules.flags.royal_count || self.royals[us].contains(&c.king_from));
            if clear && !(royal && c.safe.iter().any(|&s| self.royal_attacked(s, 1 - us))) {
                out.push(Move::castling(c.king_from, c.king_to, i));
            }
        }
    }

    /// Under explosions a royal piece next to the enemy's is safe, so a castling
    /// may start from an attacked cell: the cells the king crosses on the way are
    /// then tested as it would stand on them, its start cell empty (a rook
    /// attacking the start attacks the cells beyond it too), as Fairy-Stockfish
    /// does. Its end cell is tested after the move, the rook in place.
    pub(super) fn castle_path_safe(&mut self, m: Move) -> bool {
        let castles = Arc::clone(&self.castles);
        let Some(c) = m.castle_rule().and_then(|i| castles.rules.get(i)) else {
            return true;
        };
        let them = 1 - self.side;
        let king = self.board[c.king_from as usize];
        self.set_cell(c.king_from, 0);
        let safe = c
            .safe
            .iter()
            .all(|&s| s == c.king_from || s == c.king_to || !self.royal_attacked(s, them));
        self.set_cell(c.king_from, king);
        safe
    }

    /// This game's castling rules (index = the right's bit).
    pub fn castles(&self) -> &[CompiledCastle] {
        &self.castles.rules
    }

    /// Where this game's free castlings start: (rule, king, rook).
    pub fn castle_starts(&self) -> Vec<(usize, Coord, Coord)> {
        let cells = &self.rules.board.cells;
        (self.castles.rules.iter().enumerate())
            .filter(|(_, c)| c.free && (c.king_from, c.rook_from) != (c.king_to, c.rook_to))
            .map(|(i, c)| (i, cells[c.king_from as usize], cells[c.rook_from as usize]))
            .collect()
    }

    /// The castling rule `i` of this game.
    pub fn castle(&self, i: usize) -> Option<&CompiledCastle> {
        self.castles.rules.get(i)
    }

    /// The letter of a castling right in the FEN: its flag, or for a free castling
    /// whose rook is not the outermost of its kind on that side of the king, the
    /// rook's file (X-FEN), upper case for White.
    pub(super) fn castle_letter(&self, c: &CompiledCastle) -> char {
        if !c.free {
            return c.flag;
        }
        let rules = self.rules;
        let rook = self.board[c.rook_from as usize];
        let at = rules.board.cells[c.rook_from as usize];
        let king = rules.board.cells[c.king_from as usize];
        let dir = (at.file - king.file).signum();
        let mut beyond = (1..).map_while(|k| {
            rules.cell_at(Coord {
                file: at.file + k * dir,
                rank: at.rank,
            })
        });
        if rook == 0 || !beyond.any(|b| self.board[b as usize] == rook) {
            return c.flag;
        }
        let file = rules.definition.board.files[at.file as usize]
            .chars()
            .next();
        let file = file.unwrap_or(c.flag);
        if c.side == 0 {
            file.to_ascii_uppercase()
        } else {
            file.to_ascii_lowercase()
        }
    }
}
