//! A Fairy-Stockfish variant written as vdl: one item per section of the
//! definition, each with the key it is replaced by under `extends`, so that a
//! child can be written as its parent's file and the items that differ.

mod end;
mod fen;
mod piece;
mod setup;

use super::pieces::{self};
use super::variant::{Cell, Piece, Value, Variant};
use crate::diagnostic::{Code, Diagnostic, Span};
use fen::{read_fen, Square, Start};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What an item replaces in a base definition.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ItemKey {
    Board,
    Zone(String),
    Piece(String),
    Castle(String),
    Setup,
    Hand,
    Rule(&'static str),
    End,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub key: ItemKey,
    pub text: String,
}

/// The items of the definition, in the order they are written.
pub struct Written {
    pub items: Vec<Item>,
    /// Lines for the header comment: what was left out and why.
    pub notes: Vec<String>,
    /// Each promoted kind's label (`+B`) and the upper-case letter of the type it
    /// is in Fairy-Stockfish (`A`), which its SAN writes.
    pub promoted_letters: Vec<(String, String)>,
}

pub fn write(v: &Variant) -> Result<Written, Diagnostic> {
    let start = read_fen(v)?;
    let mut w = Writer {
        v,
        start,
        items: Vec::new(),
        zones: BTreeMap::new(),
        notes: Vec::new(),
        promoted: Vec::new(),
        used: Vec::new(),
        pseudo_royal: None,
        promoted_types: Vec::new(),
    };
    w.write()?;
    let mut items = vec![Item {
        key: ItemKey::Board,
        text: w.board(),
    }];
    items.extend(w.zones.iter().map(|(name, text)| Item {
        key: ItemKey::Zone(name.clone()),
        text: text.clone(),
    }));
    items.append(&mut w.items);
    let promoted_letters = w.promoted_letters();
    Ok(Written {
        items,
        notes: w.notes,
        promoted_letters,
    })
}

struct Writer<'a> {
    v: &'a Variant,
    start: Start,
    items: Vec<Item>,
    zones: BTreeMap<String, String>,
    notes: Vec<String>,
    /// Promoted kinds: (name, label, moves, captured as).
    promoted: Vec<(String, String, String, String)>,
    /// The type keys the game can have (the others are left out).
    used: Vec<String>,
    /// The extinction type whose last pieces are royal, and how its kinds are
    /// written royal (`royal`, or `royal last N` where a side has more).
    pseudo_royal: Option<(String, String)>,
    /// Each promoted kind's name and the type it is in Fairy-Stockfish.
    promoted_types: Vec<(String, String)>,
}

impl Writer<'_> {
    /// Each promoted kind's label and its Fairy-Stockfish type's letter.
    fn promoted_letters(&self) -> Vec<(String, String)> {
        (self.promoted.iter())
            .filter_map(|(name, label, _, _)| {
                let (_, key) = self.promoted_types.iter().find(|(n, _)| n == name)?;
                let letter = self.v.piece(key)?.letter.to_ascii_uppercase();
                Some((label.clone(), letter.to_string()))
            })
            .collect()
    }
}

fn file_letter(f: u8) -> char {
    (b'a' + f) as char
}

fn cell(c: Cell) -> String {
    format!("{}{}", file_letter(c.0), c.1 + 1)
}

/// Cells as a rectangle (`a1..h2`) or as runs along ranks (`a8..h8 d4`).
fn cell_list(cells: &[Cell]) -> String {
    let mut sorted: Vec<Cell> = cells.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    if let (Some(lo), Some(hi)) = (
        sorted
            .iter()
            .copied()
            .reduce(|a, b| (a.0.min(b.0), a.1.min(b.1))),
        sorted
            .iter()
            .copied()
            .reduce(|a, b| (a.0.max(b.0), a.1.max(b.1))),
    ) {
        let area = (hi.0 - lo.0 + 1) as usize * (hi.1 - lo.1 + 1) as usize;
        if area == sorted.len() && area > 1 && lo.1 != hi.1 && lo.0 != hi.0 {
            return format!("{}..{}", cell(lo), cell(hi));
        }
    }
    sorted.sort_by_key(|&(f, r)| (r, f));
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len()
            && sorted[j + 1].1 == sorted[i].1
            && sorted[j + 1].0 == sorted[j].0 + 1
        {
            j += 1;
        }
        out.push(if j > i {
            format!("{}..{}", cell(sorted[i]), cell(sorted[j]))
        } else {
            cell(sorted[i])
        });
        i = j + 1;
    }
    out.join(" ")
}

fn outcome(v: Value) -> &'static str {
    match v {
        Value::Win => "win",
        Value::Loss => "loss",
        Value::Draw => "draw",
    }
}

fn inverse(v: Value) -> Value {
    match v {
        Value::Win => Value::Loss,
        Value::Loss => Value::Win,
        Value::Draw => Value::Draw,
    }
}

/// The keys a refusal of the writer's is about, by its label: the span of the
/// first one given is where the refusal points.
const LABEL_KEYS: &[(&str, &[&str])] = &[
    ("repetition", &["nFoldValueAbsolute", "nFoldValue"]),
    ("extinctionPseudoRoyal", &["extinctionPseudoRoyal"]),
    (
        "move rule",
        &[
            "nMoveRuleTypesWhite",
            "nMoveRuleTypesBlack",
            "nMoveRuleTypes",
        ],
    ),
    ("extinction", &["extinctionPieceTypes"]),
    (
        "flag",
        &[
            "flagPieceWhite",
            "flagPieceBlack",
            "flagRegionWhite",
            "flagRegionBlack",
            "flagPiece",
            "flagRegion",
        ],
    ),
    ("check counting", &["checkCounting"]),
    (
        "passOnStalemate",
        &[
            "passOnStalemateWhite",
            "passOnStalemateBlack",
            "passOnStalemate",
        ],
    ),
    ("materialCounting", &["materialCounting"]),
    ("flipEnclosedPieces", &["flipEnclosedPieces"]),
    ("gating", &["gating"]),
    ("petrifyOnCaptureTypes", &["petrifyOnCaptureTypes"]),
    ("castlingDroppedPiece", &["castlingDroppedPiece"]),
    ("connectN", &["connectN"]),
    (
        "castling",
        &[
            "castlingKingPieceWhite",
            "castlingKingPieceBlack",
            "castlingRookPiecesWhite",
            "castlingRookPiecesBlack",
        ],
    ),
    (
        "en passant",
        &["enPassantTypesWhite", "enPassantTypesBlack"],
    ),
    (
        "promotion",
        &[
            "promotionPawnTypesWhite",
            "promotionPawnTypesBlack",
            "promotionRegionWhite",
            "promotionRegionBlack",
        ],
    ),
];

impl Writer<'_> {
    /// A refusal at the key it is about, when the section gave one.
    fn refusal(&self, fallback: Span, message: String, label: &str) -> Diagnostic {
        let keys = LABEL_KEYS
            .iter()
            .find(|(l, _)| *l == label)
            .map_or(&[][..], |(_, k)| k);
        let span = keys
            .iter()
            .find_map(|k| self.v.spans.get(*k))
            .copied()
            .unwrap_or(fallback);
        unsupported(span, message, label)
    }
}

fn unsupported(span: Span, message: String, label: &str) -> Diagnostic {
    Diagnostic::error(Code::FsfUnsupported, message).at(span, label.to_string())
}

impl Writer<'_> {
    fn board(&self) -> String {
        let files: Vec<String> = (0..self.v.files)
            .map(|f| file_letter(f).to_string())
            .collect();
        let ranks: Vec<String> = (1..=self.v.ranks).map(|r| r.to_string()).collect();
        let holes: Vec<Cell> = self.cells_where(|s| *s == Square::Hole);
        let mut text = format!(
            "board {{\n  files {}\n  ranks {}\n",
            files.join(" "),
            ranks.join(" ")
        );
        if !holes.is_empty() {
            let _ = writeln!(text, "  remove {}", cell_list(&holes));
        }
        text.push('}');
        text
    }

    fn cells_where(&self, f: impl Fn(&Square) -> bool) -> Vec<Cell> {
        let ranks = self.start.rows.len();
        let mut out = Vec::new();
        for (i, row) in self.start.rows.iter().enumerate() {
            for (file, s) in row.iter().enumerate() {
                if f(s) {
                    out.push((file as u8, (ranks - 1 - i) as u8));
                }
            }
        }
        out
    }

    fn all_cells(&self) -> Vec<Cell> {
        let holes = self.cells_where(|s| *s == Square::Hole);
        let mut out = Vec::new();
        for r in 0..self.v.ranks {
            for f in 0..self.v.files {
                if !holes.contains(&(f, r)) {
                    out.push((f, r));
                }
            }
        }
        out
    }

    /// A zone with each side's cells (the name is returned, the zone kept once).
    fn zone(&mut self, name: &str, cells: &[Vec<Cell>; 2]) -> String {
        let text = if cells[0].is_empty() && cells[1].is_empty() {
            // no cell at all (a piece never dropped): `allow empty_zone` follows
            format!("zone {name} {{ }}")
        } else if cells[0] == cells[1] {
            format!("zone {name} {}", cell_list(&cells[0]))
        } else if cells[1].is_empty() {
            // one side's only (Fairy-Stockfish's flag of fox-and-hounds)
            format!("zone {name} {{ white {} }}", cell_list(&cells[0]))
        } else if cells[0].is_empty() {
            format!("zone {name} {{ black {} }}", cell_list(&cells[1]))
        } else {
            format!(
                "zone {name} {{ white {}  black {} }}",
                cell_list(&cells[0]),
                cell_list(&cells[1])
            )
        };
        self.zones.insert(name.to_string(), text);
        name.to_string()
    }

    fn write(&mut self) -> Result<(), Diagnostic> {
        self.check_unsupported()?;
        let used = self.used_pieces();
        self.used = used.clone();
        self.check_flipping()?;
        self.pseudo_royal = self.pseudo_royal()?;
        for p in &self.v.pieces {
            if !used.contains(&p.key) {
                self.notes.push(format!(
                    "`{}` ({}) is never on the board, in a hand or a promotion choice: left out",
                    p.key, p.letter
                ));
            }
        }
        let pieces: Vec<Piece> = self
            .v
            .pieces
            .iter()
            .filter(|p| used.contains(&p.key))
            .cloned()
            .collect();
        for p in &pieces {
            let text = self.piece(p)?;
            self.items.push(Item {
                key: ItemKey::Piece(pieces::name(&p.key)),
                text,
            });
        }
        self.promotion_limits()?;
        self.petrifying()?;
        for (name, label, moves, from) in self.promoted.clone() {
            let captured = if self.v.captures_to_hand && !self.v.drop_loop {
                format!(" captured-as {from}")
            } else {
                String::new()
            };
            let royal = match &self.pseudo_royal {
                Some((key, royal))
                    if self
                        .promoted_types
                        .iter()
                        .any(|(n, t)| *n == name && t == key) =>
                {
                    format!("{royal} ")
                }
                _ => String::new(),
            };
            let limit = (self.promoted_types.iter())
                .find(|(n, _)| *n == name)
                .and_then(|(_, t)| self.v.promotion_limit.iter().find(|(k, _)| k == t))
                .map_or(String::new(), |(_, n)| format!(" promotion-limit {n}"));
            let demotion = self.demotion(&from);
            self.items.push(Item {
                key: ItemKey::Piece(name.clone()),
                text: format!(
                    "piece {name} {label} {{ {royal}moves \"{moves}\"{demotion}{captured}{limit} }}"
                ),
            });
        }
        let flags = self.castling()?;
        self.setup(&flags);
        self.hand()?;
        self.rules();
        self.end()?;
        Ok(())
    }

    fn check_unsupported(&self) -> Result<(), Diagnostic> {
        let v = self.v;
        let span = v.start_fen.1;
        if v.castling_king_piece[0] != v.castling_king_piece[1]
            || v.castling_rook_pieces[0] != v.castling_rook_pieces[1]
        {
            return Err(self.refusal(
                span,
                "castling pieces that differ between the sides are not expressed".into(),
                "castling",
            ));
        }
        if v.en_passant_types[0] != v.en_passant_types[1] {
            return Err(self.refusal(
                span,
                "en-passant pieces that differ between the sides are not expressed".into(),
                "en passant",
            ));
        }
        if v.flag_piece[0] != v.flag_piece[1]
            && !v.flag_region[0].is_empty()
            && !v.flag_region[1].is_empty()
        {
            return Err(self.refusal(
                span,
                "flag pieces that differ between the sides are not expressed".into(),
                "flag",
            ));
        }
        if v.gating && !v.cambodian_moves {
            return Err(self.refusal(
                span,
                "gating from the hand is not expressed (only as the rights of `cambodianMoves`)"
                    .into(),
                "gating",
            ));
        }
        Ok(())
    }

    /// The vdl kinds that are pieces of a Fairy-Stockfish type: its own and the
    /// promoted kinds that became one.
    fn kinds_of(&self, key: &str) -> Vec<String> {
        let mut names = Vec::new();
        if self.used.iter().any(|k| k == key) {
            names.push(pieces::name(key));
        }
        names.extend(
            self.promoted_types
                .iter()
                .filter(|(_, t)| t == key)
                .map(|(n, _)| n.clone()),
        );
        names
    }

    /// Fairy-Stockfish's pseudo-royal piece (`extinctionPseudoRoyal`): the last
    /// piece of the extinction type may not be left attacked. vdl writes it as a
    /// royal piece where each side has at most one and can never get more.
    fn pseudo_royal(&self) -> Result<Option<(String, String)>, Diagnostic> {
        let v = self.v;
        if !v.extinction_pseudo_royal {
            return Ok(None);
        }
        let span = v.start_fen.1;
        let Some([x]) = v.extinction_piece_types.as_deref() else {
            return Err(self.refusal(
                span,
                "pseudo-royal pieces of several types are not expressed".into(),
                "extinctionPseudoRoyal",
            ));
        };
        if !self.used.contains(x) {
            return Ok(None);
        }
        let piece = v.piece(x).cloned();
        let more = piece.is_none_or(|p| {
            let in_hand = self
                .start
                .hand
                .as_deref()
                .unwrap_or("")
                .chars()
                .any(|c| c.to_ascii_lowercase() == p.letter);
            in_hand || self.start_cells(&p, 0).len() > 1 || self.start_cells(&p, 1).len() > 1
        });
        let made = v.promotion_piece_types.iter().flatten().any(|k| k == x)
            && v.promotion_pawn_types
                .iter()
                .flatten()
                .any(|k| self.used.contains(k))
            || v.promoted_piece_type.iter().any(|(_, t)| t == x);
        // more than one: royal while at most the extinction count + 1 are left,
        // which `royal last` counts over the type's kinds together
        let by_count = more || made || v.extinction_piece_count > 0;
        if by_count && v.blast_on_capture {
            return Err(self.refusal(span, format!("`{x}` is pseudo-royal only when it is a side's last, beside blasts: vdl's `royal last` does not go with `explosions`"), "extinctionPseudoRoyal"));
        }
        let royal = if by_count {
            let count = match v.extinction_piece_count + 1 {
                1 => String::new(),
                n => format!(" {n}"),
            };
            let duple = if v.duple_check { " duple-check" } else { "" };
            format!("royal last{count}{duple}")
        } else {
            "royal".to_string()
        };
        Ok(Some((x.clone(), royal)))
    }

    /// The types the game can ever have: on the board, in a hand, a promotion choice.
    fn used_pieces(&self) -> Vec<String> {
        let mut used: Vec<String> = Vec::new();
        let mut add = |k: &str| {
            if !used.iter().any(|u| u == k) {
                used.push(k.to_string());
            }
        };
        let hand = self.start.hand.clone().unwrap_or_default();
        for square in self.start.rows.iter().flatten() {
            if let Square::Piece(label) = square {
                if let Some(p) = label
                    .chars()
                    .find(|c| c.is_ascii_alphabetic())
                    .and_then(|c| self.v.by_letter(c))
                {
                    add(&p.key);
                }
            }
        }
        for c in hand.chars().filter(|c| c.is_ascii_alphabetic()) {
            if let Some(p) = self.v.by_letter(c) {
                add(&p.key);
            }
        }
        for side in 0..2 {
            let promoting = self.v.promotion_pawn_types[side]
                .iter()
                .any(|k| used.contains(k));
            if promoting {
                for k in self.v.promotion_piece_types[side].clone() {
                    if !used.contains(&k) {
                        used.push(k);
                    }
                }
            }
        }
        used
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A start position from a stranger: a run of empty cells too long for any
    /// board (and for any number) is an error that quotes it, not an overflow.
    #[test]
    fn a_long_run_of_empty_cells_is_an_error() {
        let mut v = Variant::default_for_tests();
        let digits = "9".repeat(40);
        v.start_fen = (format!("{digits}/8/8/8/8/8/8/8 w - - 0 1"), Span::new(3, 9));
        let Err(d) = read_fen(&v) else { panic!("read") };
        assert_eq!(d.code, Code::FsfBadValue);
        assert_eq!(d.labels[0].span, Span::new(3, 9));
        assert!(d.labels[0].text.contains(&digits), "{}", d.labels[0].text);
        v.start_fen.0 = "13/8/8/8/8/8/8/8 w".to_string();
        assert!(read_fen(&v).is_err_and(|d| d.labels[0].text.contains("a run of 13 empty cells")));
    }
}
