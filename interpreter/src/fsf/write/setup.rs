//! Castling, the setup, the hand and the rules written as vdl.

use super::super::pieces;
use super::super::variant::{Cell, Piece};
use super::{cell, Square, Writer};
use crate::diagnostic::Diagnostic;
use crate::fsf::{Item, ItemKey};
use std::fmt::Write as _;

impl Writer<'_> {
    /// The castling moves the start position's rights name; returns the flags kept.
    pub(super) fn castling(&mut self) -> Result<String, Diagnostic> {
        let v = self.v;
        let mut kept = String::new();
        if v.castling && v.castling_dropped_piece {
            if self.start.castling != "-" {
                return Err(self.refusal(
                    v.start_fen.1,
                    "castling rights both at the start and by drops are not expressed".into(),
                    "castlingDroppedPiece",
                ));
            }
            self.castles_by_drop();
            return Ok(kept);
        }
        if self.start.castling == "-" {
            return Ok(kept);
        }
        for flag in self.start.castling.clone().chars() {
            if let Some(right) = self.first_move_right(flag) {
                kept.extend(right.then_some(flag));
                continue;
            }
            if !v.castling {
                continue;
            }
            let side = if flag.is_ascii_uppercase() { 0 } else { 1 };
            let kingside = match flag.to_ascii_uppercase() {
                'K' => true,
                'Q' => false,
                _ => {
                    return Err(self.refusal(
                        v.start_fen.1,
                        format!(
                            "the castling right `{flag}` (by file, or a gate) is not expressed"
                        ),
                        "castling field",
                    ));
                }
            };
            let rank = if side == 0 {
                v.castling_rank
            } else {
                v.ranks - 1 - v.castling_rank
            };
            let Some((king, rook)) = self.castlers(side, rank, kingside) else {
                continue;
            };
            self.castle_item(flag, kingside, rank, (king, rook));
            kept.push(flag);
        }
        Ok(kept)
    }

    /// Under `castlingDroppedPiece`, with no right at the start: the four castlings
    /// from the king's file and the two edge files, whose rights drops give.
    fn castles_by_drop(&mut self) {
        let v = self.v;
        for (flag, side, kingside) in [
            ('K', 0, true),
            ('Q', 0, false),
            ('k', 1, true),
            ('q', 1, false),
        ] {
            let rank = if side == 0 {
                v.castling_rank
            } else {
                v.ranks - 1 - v.castling_rank
            };
            let rook = if kingside { v.files - 1 } else { 0 };
            self.castle_item(flag, kingside, rank, (v.castling_king_file, rook));
        }
    }

    /// The `castle` rule of a right: the king and the rook from their files on
    /// `rank` to Fairy-Stockfish's castling files.
    fn castle_item(&mut self, flag: char, kingside: bool, rank: u8, (king, rook): (u8, u8)) {
        let v = self.v;
        let king_to = if kingside {
            v.castling_kingside_file
        } else {
            v.castling_queenside_file
        };
        let rook_to = if kingside { king_to - 1 } else { king_to + 1 };
        self.items.push(Item {
            key: ItemKey::Castle(flag.to_string()),
            text: format!(
                "castle {flag} king {}-{} rook {}-{}",
                cell((king, rank)),
                cell((king_to, rank)),
                cell((rook, rank)),
                cell((rook_to, rank))
            ),
        });
    }

    /// Under `cambodianMoves`, a letter other than a castling flag is a gate: a
    /// first-move right where it names the king or the fers on its side's castling
    /// rank (true), else of no use (false). None: not such a letter.
    fn first_move_right(&self, flag: char) -> Option<bool> {
        let v = self.v;
        let castling_flag = v.castling && matches!(flag.to_ascii_uppercase(), 'K' | 'Q');
        if !(v.cambodian_moves && v.gating) || castling_flag {
            return None;
        }
        let side = usize::from(flag.is_ascii_lowercase());
        let rank = if side == 0 {
            v.castling_rank
        } else {
            v.ranks - 1 - v.castling_rank
        };
        let file = (flag.to_ascii_lowercase() as u8).checked_sub(b'a')?;
        let row = self.start.rows.get((v.ranks - 1 - rank) as usize)?;
        Some(match row.get(file as usize) {
            Some(Square::Piece(label)) if label.len() == 1 => {
                let c = label.chars().next().unwrap_or(' ');
                c.is_ascii_uppercase() == (side == 0)
                    && v.by_letter(c)
                        .is_some_and(|p| p.key == "king" || p.key == "fers")
            }
            _ => false,
        })
    }

    /// The king's and the rook's files for a castling right, as Fairy-Stockfish
    /// finds them: the castling king on the rank, the outermost rook on that side.
    pub(super) fn castlers(&self, side: usize, rank: u8, kingside: bool) -> Option<(u8, u8)> {
        let v = self.v;
        let row = &self.start.rows[(v.ranks - 1 - rank) as usize];
        let is = |f: u8, kinds: &[String]| match &row[f as usize] {
            Square::Piece(label) if label.len() == 1 => {
                let c = label.chars().next().unwrap_or(' ');
                c.is_ascii_uppercase() == (side == 0)
                    && v.by_letter(c).is_some_and(|p| kinds.contains(&p.key))
            }
            _ => false,
        };
        let king_kind: Vec<String> = v.castling_king_piece[side].iter().cloned().collect();
        let kings: Vec<u8> = (0..v.files).filter(|&f| is(f, &king_kind)).collect();
        let king = match kings.as_slice() {
            [one] => *one,
            _ => kings.into_iter().find(|&f| f == v.castling_king_file)?,
        };
        let rooks = &v.castling_rook_pieces[side];
        let rook = if kingside {
            let edge = v
                .castling_rook_kingside_file
                .unwrap_or(v.files - 1)
                .min(v.files - 1);
            (king + 1..=edge).rev().find(|&f| is(f, rooks))?
        } else {
            (v.castling_rook_queenside_file..king).find(|&f| is(f, rooks))?
        };
        Some((king, rook))
    }

    pub(super) fn setup(&mut self, castling: &str) {
        let mut board = String::new();
        for (i, row) in self.start.rows.iter().enumerate() {
            if i > 0 {
                board.push('/');
            }
            let mut empty = 0;
            for s in row {
                match s {
                    Square::Empty | Square::Hole => empty += 1,
                    Square::Piece(label) => {
                        if empty > 0 {
                            let _ = write!(board, "{empty}");
                            empty = 0;
                        }
                        board.push_str(label);
                    }
                }
            }
            if empty > 0 {
                let _ = write!(board, "{empty}");
            }
        }
        let hand = if self.v.piece_drops {
            format!(
                "[{}]",
                self.start
                    .hand
                    .clone()
                    .unwrap_or_default()
                    .trim_matches('-')
            )
        } else {
            String::new()
        };
        let castling = if castling.is_empty() { "-" } else { castling };
        let checks = self
            .start
            .checks
            .as_ref()
            .filter(|_| self.v.check_counting)
            .map(|c| format!(" {c}"))
            .unwrap_or_default();
        let fen = format!(
            "{board}{hand} {} {castling} {}{checks} {}",
            self.start.side, self.start.ep, self.start.clocks
        );
        self.items.push(Item {
            key: ItemKey::Setup,
            text: format!("setup \"{fen}\""),
        });
    }

    pub(super) fn hand(&mut self) -> Result<(), Diagnostic> {
        let v = self.v;
        if !v.piece_drops {
            return Ok(());
        }
        let mut lines: Vec<String> = Vec::new();
        if v.captures_to_hand {
            lines.push("keep-captured".into());
        }
        if v.drop_promoted {
            // Fairy-Stockfish drops promoted the kinds with a shogi-style promotion
            let kinds: Vec<String> = (v.promoted_piece_type.iter())
                .filter(|(from, _)| self.used.contains(from))
                .map(|(from, _)| pieces::name(from))
                .collect();
            if !kinds.is_empty() {
                lines.push(format!("drop-promoted {}", kinds.join(" ")));
            }
        }
        let all = self.all_cells();
        let mut by_zone: Vec<([Vec<Cell>; 2], Vec<String>)> = Vec::new();
        let droppable: Vec<Piece> = self.droppable();
        for p in &droppable {
            let cells = [0, 1].map(|side| {
                let mut cells: Vec<Cell> =
                    v.drop_region[side].clone().unwrap_or_else(|| all.clone());
                cells.retain(|c| all.contains(c));
                if p.key == "rook" && v.sittuyin_rook_drop {
                    let first = if side == 0 { 0 } else { v.ranks - 1 };
                    cells.retain(|c| c.1 == first);
                }
                if p.key == "pawn" {
                    if !v.promotion_zone_pawn_drops {
                        cells.retain(|c| !v.promotion_region[side].contains(c));
                    }
                    if !v.first_rank_pawn_drops {
                        let first = if side == 0 { 0 } else { v.ranks - 1 };
                        cells.retain(|c| c.1 != first);
                    }
                }
                cells
            });
            let mut cells = cells;
            if v.immobility_illegal {
                let dead = self.dead_cells(p);
                for side in 0..2 {
                    cells[side].retain(|c| !dead[side].contains(c));
                }
            }
            if cells[0].len() == all.len() && cells[1].len() == all.len() {
                continue;
            }
            match by_zone.iter_mut().find(|(z, _)| *z == cells) {
                Some((_, names)) => names.push(pieces::name(&p.key)),
                None => by_zone.push((cells, vec![pieces::name(&p.key)])),
            }
        }
        for (i, (cells, names)) in by_zone.iter().enumerate() {
            let _ = i;
            let zone_name = format!("{}-drops", names[0].to_lowercase());
            let zone = self.zone(&zone_name, cells);
            lines.push(format!("drop {} in {zone}", names.join(" ")));
        }
        if let Some(k) = &v.drop_no_doubled {
            if droppable.iter().any(|p| p.key == *k) {
                lines.push(match v.drop_no_doubled_count {
                    1 => format!("one-per-file {}", pieces::name(k)),
                    n => format!("per-file {n} {}", pieces::name(k)),
                });
            }
        }
        if v.drop_on_top {
            lines.push("on-top".to_string());
        }
        lines.extend(self.enclosing_drops());
        if !v.drop_checks {
            lines.push("no-drop-check".to_string());
        }
        let bishops = self.kinds_of("bishop");
        if v.drop_opposite_colored_bishop && !bishops.is_empty() {
            lines.push(format!("split-colours {}", bishops.join(" ")));
        }
        if v.castling && v.castling_dropped_piece && self.start.castling == "-" {
            let rooks: Vec<String> = (v.castling_rook_pieces.iter().flatten())
                .flat_map(|k| self.kinds_of(k))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            if !rooks.is_empty() {
                lines.push(format!("castle-by-drop {}", rooks.join(" ")));
            }
        }
        // the type's own kind: its promoted copies go to a hand as another kind
        // (and a type the game never has makes no drop compulsory)
        match (v.must_drop, &v.must_drop_type) {
            (false, _) => {}
            (true, None) => lines.push("must-drop".to_string()),
            (true, Some(k)) if self.used.contains(k) => {
                lines.push(format!("must-drop {}", pieces::name(k)));
            }
            (true, Some(_)) => {}
        }
        if v.shogi_pawn_drop_mate_illegal && droppable.iter().any(|p| p.key == "shogiPawn") {
            lines.push(format!("no-drop-mate {}", pieces::name("shogiPawn")));
        }
        let text = if lines.is_empty() {
            "hand { }".to_string()
        } else {
            format!("hand {{\n  {}\n}}", lines.join("\n  "))
        };
        self.items.push(Item {
            key: ItemKey::Hand,
            text,
        });
        Ok(())
    }

    /// The types that can be in a hand: every type on the board or in the start
    /// hand when captures go to hand, else those in the start hand.
    /// `enclosingDrop = reversi` or `ataxx`, `enclosingDropStart` (which counts
    /// only beside them) and `freeDrops`, as hand rules.
    fn enclosing_drops(&mut self) -> Vec<String> {
        let v = self.v;
        let mut lines = Vec::new();
        match v.enclosing_drop.as_deref() {
            Some("reversi") => lines.push("drop-enclosing".to_string()),
            Some(_) => lines.push("drop-next-to-own".to_string()),
            None => {}
        }
        let all = self.all_cells();
        let start: Vec<Cell> = (v.enclosing_start.iter())
            .filter(|c| all.contains(c))
            .copied()
            .collect();
        if v.enclosing_drop.is_some() && !start.is_empty() {
            let zone = self.zone("first", &[start.clone(), start]);
            lines.push(format!("first-drops-in {zone}"));
        }
        if v.free_drops {
            let kinds: Vec<String> = (v.pieces.iter())
                .filter(|p| self.used.contains(&p.key))
                .map(|p| pieces::name(&p.key))
                .collect();
            lines.push(format!("unlimited {}", kinds.join(" ")));
        }
        lines
    }

    pub(super) fn droppable(&self) -> Vec<Piece> {
        let hand = self.start.hand.clone().unwrap_or_default();
        let in_hand = |p: &Piece| hand.chars().any(|c| c.to_ascii_lowercase() == p.letter);
        let on_board =
            |p: &Piece| !self.start_cells(p, 0).is_empty() || !self.start_cells(p, 1).is_empty();
        self.v
            .pieces
            .iter()
            // (a king is never captured, but may start in hand: Placement's)
            .filter(|p| in_hand(p) || (p.key != "king" && self.v.captures_to_hand && on_board(p)))
            .cloned()
            .collect()
    }

    pub(super) fn rules(&mut self) {
        let v = self.v;
        let mut items = Vec::new();
        if v.must_capture {
            items.push(("must-capture", "must-capture".to_string()));
        }
        if !v.checking {
            items.push(("no-check", "no-check".to_string()));
        }
        if v.blast_on_capture {
            let mut blast = String::from("explosions");
            if v.piece("pawn").is_some() {
                blast.push_str(" spare Pawn");
            }
            let immune: Vec<String> = (v.pieces.iter())
                .filter(|p| v.blast_immune.contains(&p.key) && self.used.contains(&p.key))
                .map(|p| pieces::name(&p.key))
                .collect();
            if !immune.is_empty() {
                blast.push_str(&format!(" immune {}", immune.join(" ")));
            }
            items.push(("explosions", blast));
        }
        if v.pass_on_stalemate[0] || v.pass_on_stalemate[1] {
            items.push(("pass", "pass when-stuck".to_string()));
        } else if v.pass {
            items.push(("pass", "pass".to_string()));
        }
        if let Some(w) = &v.walling {
            let rule = match w.as_str() {
                "arrow" => "arrow",
                "duck" => "duck",
                "static" => "anywhere",
                _ => "trail",
            };
            items.push(("walls", format!("walls {rule}")));
        }
        for (key, text) in items {
            self.items.push(Item {
                key: ItemKey::Rule(key),
                text,
            });
        }
    }
}
