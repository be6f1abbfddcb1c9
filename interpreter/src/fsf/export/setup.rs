//! Castling and the start position exported.

use super::Exporter;
use crate::model::{CastleDef, Coord, Side};
use crate::syntax::Item;
use std::fmt::Write;

impl Exporter<'_> {
    pub(super) fn castling(&mut self) {
        let d = self.def;
        if d.castling.is_empty() {
            self.set("castling", "false");
            return;
        }
        let mut kingside: Option<i32> = None;
        let mut queenside: Option<i32> = None;
        let mut rook_letters: Vec<char> = Vec::new();
        let mut king_letters: Vec<char> = Vec::new();
        for c in &d.castling {
            if c.king_from.rank != c.king_to.rank
                || c.rook_from.rank != c.king_from.rank
                || c.rook_to.rank != c.king_from.rank
            {
                self.no(format!("castling `{}` off one rank", c.flag));
                continue;
            }
            let king_side = c.rook_from.file > c.king_from.file;
            let expected_rook_to = if king_side {
                c.king_to.file - 1
            } else {
                c.king_to.file + 1
            };
            let custom_cells = self.file.items.iter().any(|i| matches!(i, Item::Castle(d) if d.flag.value.starts_with(c.flag) && (d.empty.is_some() || d.safe.is_some())));
            if c.rook_to.file != expected_rook_to || custom_cells {
                self.no(format!("castling `{}`: the rook must end beside the king, on the side it came from, with the cells between empty", c.flag));
            }
            let want = if c.side == Side::White {
                c.flag.is_ascii_uppercase()
            } else {
                c.flag.is_ascii_lowercase()
            };
            if !want
                || !matches!(c.flag.to_ascii_uppercase(), 'K' | 'Q')
                || c.flag.eq_ignore_ascii_case(&'K') != king_side
            {
                self.no(format!(
                    "castling flag `{}`: Fairy-Stockfish's are K, Q, k, q",
                    c.flag
                ));
            }
            let slot = if king_side {
                &mut kingside
            } else {
                &mut queenside
            };
            if slot.is_some_and(|f| f != c.king_to.file) {
                self.no("castling to different files for the two sides");
            }
            *slot = Some(c.king_to.file);
            if let Some(l) = self.piece_on(c, c.rook_from) {
                if !rook_letters.contains(&l) {
                    rook_letters.push(l);
                }
            }
            if let Some(l) = self.piece_on(c, c.king_from) {
                if !king_letters.contains(&l) {
                    king_letters.push(l);
                }
            }
        }
        self.castling_king(&king_letters);
        self.castles_by_drop(&mut rook_letters);
        let file = |f: i32| ((b'a' + f as u8) as char).to_string();
        if let Some(f) = kingside {
            self.set("castlingKingsideFile", file(f));
        }
        if let Some(f) = queenside {
            self.set("castlingQueensideFile", file(f));
        }
        self.set(
            "castlingRookPieces",
            rook_letters.iter().collect::<String>(),
        );
    }

    /// The piece that castles, when it is not Fairy-Stockfish's king (a commoner:
    /// Extinction's, Koedem's): `castlingKingPiece`.
    fn castling_king(&mut self, letters: &[char]) {
        let king = self.type_letter("king");
        match letters {
            [l] if Some(*l) != king && !self.keys.iter().any(|(k, _)| k == "castlingKingPiece") => {
                self.set("castlingKingPiece", l.to_string());
            }
            [_] | [] => {}
            _ => self.no("castlings of several kinds of king"),
        }
    }

    /// Under `castle-by-drop`: its kinds are castling rooks too, and Fairy-Stockfish
    /// gives rights by drops only from the e file and the corners of the first rank.
    fn castles_by_drop(&mut self, rook_letters: &mut Vec<char>) {
        let d = self.def;
        let kinds = d.hand.as_ref().map_or(&[][..], |h| &h.castle_by_drop[..]);
        if kinds.is_empty() {
            return;
        }
        for l in kinds.iter().filter_map(|&k| self.letters[k]) {
            if !rook_letters.contains(&l) {
                rook_letters.push(l);
            }
        }
        let (last_file, last_rank) = (d.board.width() - 1, d.board.height() - 1);
        let standard = d.castling.iter().all(|c| {
            let rank = if c.side == Side::White { 0 } else { last_rank };
            c.king_from == Coord { file: 4, rank }
                && c.rook_from.rank == rank
                && (c.rook_from.file == 0 || c.rook_from.file == last_file)
        });
        if !standard {
            self.no("`castle-by-drop` beside castlings whose king starts off the e file of the first rank, or whose rook starts off a corner");
        }
    }

    pub(super) fn piece_on(&self, c: &CastleDef, cell: Coord) -> Option<char> {
        let (_, _, k) = self
            .def
            .setup
            .placements
            .iter()
            .find(|(at, s, _)| *at == cell && *s == c.side)?;
        self.letters[*k]
    }

    pub(super) fn setup(&mut self) {
        let pos = crate::Position::start(self.rules);
        let fen = pos.fen();
        let (placement, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
        let (board, hand) = match placement.split_once('[') {
            Some((b, h)) => (b, format!("[{h}")),
            None => (placement, String::new()),
        };
        let b = &self.def.board;
        // removed cells are Fairy-Stockfish's holes, `*`
        let mut rows: Vec<String> = Vec::new();
        for (i, row) in board.split('/').enumerate() {
            let rank = b.ranks.len() as i32 - 1 - i as i32;
            let mut cells: Vec<String> = Vec::new();
            let mut digits = String::new();
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    if chars.peek().is_some_and(|n| n.is_ascii_digit()) {
                        continue;
                    }
                    let n: usize = digits.parse().unwrap_or(0);
                    cells.extend(std::iter::repeat_n(String::new(), n));
                    digits.clear();
                } else if c == '~' || cells.last().is_some_and(|l| l == "+") {
                    if let Some(last) = cells.last_mut() {
                        last.push(c);
                    }
                } else {
                    cells.push(c.to_string());
                }
            }
            let mut out = String::new();
            let mut empty = 0;
            for (f, cell) in cells.iter().enumerate() {
                let removed = b.removed.contains(&Coord {
                    file: f as i32,
                    rank,
                });
                if cell.is_empty() && !removed {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    let _ = write!(out, "{empty}");
                    empty = 0;
                }
                out.push_str(if removed { "*" } else { cell });
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            rows.push(out);
        }
        self.set("startFen", format!("{}{hand} {rest}", rows.join("/")));
    }
}
