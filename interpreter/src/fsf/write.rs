//! A Fairy-Stockfish variant written as vdl: one item per section of the
//! definition, each with the key it is replaced by under `extends`, so that a
//! child can be written as its parent's file and the items that differ.

use super::pieces::{self, Group};
use super::variant::{Cell, Piece, Value, Variant};
use crate::diagnostic::{Code, Diagnostic, Span};
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
}

/// The start position as Fairy-Stockfish's FEN gives it.
struct Start {
    /// Each rank from the top, as cells of pieces (`None` empty), with holes.
    rows: Vec<Vec<Square>>,
    hand: Option<String>,
    side: char,
    castling: String,
    ep: String,
    checks: Option<String>,
    clocks: String,
}

#[derive(Clone, PartialEq, Eq)]
enum Square {
    Empty,
    Hole,
    /// The label as written (`+S`, `Q~`, `p`).
    Piece(String),
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
    Ok(Written {
        items,
        notes: w.notes,
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
    /// The extinction type whose last piece is royal, written as a royal piece.
    pseudo_royal: Option<String>,
    /// Each promoted kind's name and the type it is in Fairy-Stockfish.
    promoted_types: Vec<(String, String)>,
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

fn read_fen(v: &Variant) -> Result<Start, Diagnostic> {
    let (text, span) = (&v.start_fen.0, v.start_fen.1);
    let bad = |why: String| {
        Diagnostic::error(
            Code::FsfBadValue,
            format!("the start position `{text}` cannot be read"),
        )
        .at(span, why)
    };
    let mut fields = text.split_whitespace();
    let placement = fields.next().ok_or_else(|| bad("no board".into()))?;
    let (board, hand) = match placement.split_once('[') {
        Some((b, h)) => (b, Some(h.trim_end_matches(']').to_string())),
        None => (placement, None),
    };
    let mut rows = Vec::new();
    for row in board.split('/') {
        let mut cells = Vec::new();
        let chars: Vec<char> = row.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                let from = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let digits: String = chars[from..i].iter().collect();
                // no board is wider than 12 files: a longer run is an error, however long
                let n = match digits.parse::<usize>() {
                    Ok(n) if n <= 12 => n,
                    _ => {
                        return Err(bad(format!(
                            "a run of {digits} empty cells, more than a rank holds"
                        )))
                    }
                };
                cells.extend(std::iter::repeat_n(Square::Empty, n));
                continue;
            }
            if c == '*' {
                cells.push(Square::Hole);
            } else if c == '+' && i + 1 < chars.len() && chars[i + 1].is_ascii_alphabetic() {
                cells.push(Square::Piece(format!("+{}", chars[i + 1])));
                i += 1;
            } else if c.is_ascii_alphabetic() {
                let tilde = chars.get(i + 1) == Some(&'~');
                cells.push(Square::Piece(if tilde {
                    format!("{c}~")
                } else {
                    c.to_string()
                }));
                if tilde {
                    i += 1;
                }
            } else {
                return Err(bad(format!("`{c}` is neither a piece, a count nor `*`")));
            }
            i += 1;
        }
        if cells.len() != v.files as usize {
            return Err(bad(format!(
                "a rank of {} cells on a board {} files wide",
                cells.len(),
                v.files
            )));
        }
        rows.push(cells);
    }
    if rows.len() != v.ranks as usize {
        return Err(bad(format!(
            "{} ranks on a board {} ranks high",
            rows.len(),
            v.ranks
        )));
    }
    for square in rows.iter().flatten() {
        if let Square::Piece(label) = square {
            let letter = label
                .chars()
                .find(|c| c.is_ascii_alphabetic())
                .unwrap_or(' ');
            if v.by_letter(letter).is_none() {
                return Err(bad(format!("`{letter}` is no piece of this variant")));
            }
        }
    }
    let side = match fields.next() {
        None | Some("w") => 'w',
        Some("b") => 'b',
        Some(other) => return Err(bad(format!("`{other}` is not a side to move"))),
    };
    let rest: Vec<&str> = fields.collect();
    // Fairy-Stockfish allows fields to be left out: castling, en passant, checks, clocks
    let mut k = 0;
    let castling = rest
        .get(k)
        .filter(|f| !f.chars().all(|c| c.is_ascii_digit()))
        .map_or("-".to_string(), |f| {
            k += 1;
            f.to_string()
        });
    let ep = rest
        .get(k)
        .filter(|f| !f.chars().all(|c| c.is_ascii_digit()) && !f.contains('+'))
        .map_or("-".to_string(), |f| {
            k += 1;
            f.to_string()
        });
    let checks = rest.get(k).filter(|f| f.contains('+')).map(|f| {
        k += 1;
        f.to_string()
    });
    let clocks = if rest.len() >= k + 2 {
        format!("{} {}", rest[k], rest[k + 1])
    } else {
        "0 1".to_string()
    };
    Ok(Start {
        rows,
        hand,
        side,
        castling,
        ep,
        checks,
        clocks,
    })
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
        let text = if cells[0] == cells[1] {
            format!("zone {name} {}", cell_list(&cells[0]))
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
        for (name, label, moves, from) in self.promoted.clone() {
            let captured = if self.v.captures_to_hand && !self.v.drop_loop {
                format!(" captured-as {from}")
            } else {
                String::new()
            };
            self.items.push(Item {
                key: ItemKey::Piece(name.clone()),
                text: format!("piece {name} {label} {{ moves \"{moves}\"{captured} }}"),
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
        if v.n_fold_value_absolute && v.n_fold_value != Value::Draw && v.n_fold_rule > 0 {
            return Err(self.refusal(span, "a repetition result for White whichever side repeats (`nFoldValueAbsolute`) is not expressed".into(), "repetition"));
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
    fn pseudo_royal(&self) -> Result<Option<String>, Diagnostic> {
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
        if more || made {
            return Err(self.refusal(span, format!("`{x}` is pseudo-royal only when it is a side's last: a side has or can get more than one"), "extinctionPseudoRoyal"));
        }
        Ok(Some(x.clone()))
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

impl Writer<'_> {
    /// The cells a side's piece of this type starts on.
    fn start_cells(&self, p: &Piece, side: usize) -> Vec<Cell> {
        self.cells_where(|s| match s {
            Square::Piece(label) if label.len() == 1 => {
                let c = label.chars().next().unwrap_or(' ');
                c.to_ascii_lowercase() == p.letter && c.is_ascii_uppercase() == (side == 0)
            }
            _ => false,
        })
    }

    fn piece(&mut self, p: &Piece) -> Result<String, Diagnostic> {
        let name = pieces::name(&p.key);
        let mut props: Vec<String> = Vec::new();
        if p.key == "king" || self.pseudo_royal.as_ref() == Some(&p.key) {
            props.push("royal".into());
        }
        let (moves, initial, passant) = self.moves(p)?;
        props.push(format!("moves \"{moves}\""));
        if !initial.is_empty() && self.v.double_step {
            let region = self.v.double_step_region.clone();
            let starts = [self.start_cells(p, 0), self.start_cells(p, 1)];
            let hand = self
                .start
                .hand
                .as_deref()
                .unwrap_or("")
                .chars()
                .any(|c| c.to_ascii_lowercase() == p.letter)
                || self.v.captures_to_hand;
            let on_region = |side: usize| {
                !starts[side].is_empty() && starts[side].iter().all(|c| region[side].contains(c))
            };
            let same = !hand && starts[0] == region[0] && starts[1] == region[1];
            if same
                || (on_region(0)
                    && on_region(1)
                    && starts[0].len() == region[0].len()
                    && starts[1].len() == region[1].len())
            {
                let joined: Vec<String> = initial.iter().map(|g| format!("i{g}")).collect();
                let last = props.len() - 1;
                props[last] = format!("moves \"{moves} {}\"", joined.join(" "));
            } else if !region[0].is_empty() || !region[1].is_empty() {
                let zone = self.zone("double-step", &region);
                props.push(format!("moves \"{}\" in {zone}", initial.join(" ")));
            }
        }
        if p.key == "pawn"
            && self.v.double_step
            && (!self.v.triple_step_region[0].is_empty()
                || !self.v.triple_step_region[1].is_empty())
        {
            let zone = self.zone("triple-step", &self.v.triple_step_region.clone());
            props.push(format!("moves \"fmnH\" in {zone}"));
        }
        if passant && self.en_passant(p)? {
            props.push("en-passant".into());
        }
        if let Some(promotes) = self.promotion(p)? {
            props.push(promotes);
        }
        if p.key == "king" && self.v.flying_general {
            props.push("no-facing".into());
        }
        let label = p.letter.to_ascii_uppercase();
        Ok(
            if props.len() <= 2 && props.iter().map(String::len).sum::<usize>() < 50 {
                format!("piece {name} {label} {{ {} }}", props.join(" "))
            } else {
                format!("piece {name} {label} {{\n  {}\n}}", props.join("\n  "))
            },
        )
    }

    /// The piece's moves: the Betza it always has, its initial moves (without the
    /// `i`), and whether it takes part in en passant.
    fn moves(&self, p: &Piece) -> Result<(String, Vec<String>, bool), Diagnostic> {
        let ep = self.v.en_passant_types[0].contains(&p.key);
        if p.key == "pawn" {
            return Ok(("fmW fcF".into(), vec!["fmnD".into()], ep));
        }
        let Some(groups) = pieces::groups(&p.betza) else {
            return Err(Diagnostic::error(
                Code::FsfBadValue,
                format!("`{}` is not Betza notation Fairy-Stockfish reads", p.betza),
            )
            .at(p.span, "cannot be split into moves"));
        };
        let mut always = Vec::new();
        let mut initial = Vec::new();
        let mut passant = false;
        for g in &groups {
            let mut g: Group = g.clone();
            if g.has('e') {
                passant = true;
                g = g.without('e');
            }
            if g.has('i') {
                initial.push(g.without('i').to_vdl());
            } else {
                always.push(g.to_vdl());
            }
        }
        if passant && groups.iter().any(|g| g.has('c') && !g.has('e')) {
            return Err(self.refusal(
                p.span,
                format!(
                    "`{}` captures en passant with some of its captures only",
                    p.betza
                ),
                "vdl's en passant takes every capture of the piece",
            ));
        }
        if always.is_empty() && initial.is_empty() {
            return Ok((String::new(), Vec::new(), false));
        }
        // kept as written where vdl reads it alike
        if initial.is_empty()
            && !passant
            && groups
                .iter()
                .all(|g| g.to_vdl() == g.modifiers.clone() + &g.rest)
        {
            return Ok((p.betza.trim().to_string(), initial, ep));
        }
        Ok((always.join(" "), initial, passant || ep))
    }

    /// Whether the piece is written with `en-passant`, which in vdl both leaves
    /// the cells of any quiet move along a path capturable and captures so. In
    /// Fairy-Stockfish a pawn's straight double step and other pieces' initial
    /// moves leave them, and en-passant pieces take them: where the two differ in
    /// a way that can happen in a game, the section is refused.
    fn en_passant(&self, p: &Piece) -> Result<bool, Diagnostic> {
        let creates = |q: &Piece| {
            q.key == "pawn"
                || self
                    .moves(q)
                    .is_ok_and(|(_, initial, _)| initial.iter().any(|g| passes_cells(g)))
        };
        let captures = |q: &Piece| self.moves(q).is_ok_and(|(_, _, ep)| ep);
        let in_game = || self.v.pieces.iter().filter(|q| self.used.contains(&q.key));
        let any_creates = in_game().any(creates);
        let any_captures = in_game().any(captures);
        let quiet_paths = self.moves(p).is_ok_and(|(always, _, _)| {
            p.key != "pawn"
                && pieces::groups(&always)
                    .unwrap_or_default()
                    .iter()
                    .any(|g| passes_cells(&g.to_vdl()))
        });
        match (creates(p), captures(p)) {
            (true, true) if !quiet_paths => Ok(true),
            (_, true) if !any_creates => Ok(false),
            (true, false) if !any_captures => Ok(false),
            (false, false) => Ok(false),
            _ => Err(self.refusal(p.span, format!("`{}`'s en passant differs from vdl's, which takes every quiet move along a path", p.betza), "en passant")),
        }
    }

    fn promotion(&mut self, p: &Piece) -> Result<Option<String>, Diagnostic> {
        let v = self.v;
        let pawn = [0, 1].map(|s| {
            v.promotion_pawn_types[s].contains(&p.key)
                && !v.promotion_piece_types[s].is_empty()
                && !v.promotion_region[s].is_empty()
        });
        let promoted = v
            .promoted_piece_type
            .iter()
            .find(|(f, _)| *f == p.key)
            .map(|(_, t)| t.clone());
        if pawn[0] || pawn[1] {
            if promoted.is_some() {
                return Err(self.refusal(
                    p.span,
                    format!("`{}` promotes both as a pawn and as a shogi piece", p.key),
                    "two kinds of promotion",
                ));
            }
            // a side that never has the piece may be given the other side's promotion
            let hand = self.start.hand.clone().unwrap_or_default();
            let never = [0, 1].map(|side| {
                self.start_cells(p, side).is_empty()
                    && !v.captures_to_hand
                    && !hand.chars().any(|c| {
                        c.to_ascii_lowercase() == p.letter && c.is_ascii_uppercase() == (side == 0)
                    })
            });
            let from = |side: usize| {
                if pawn[side] || !never[side] {
                    side
                } else {
                    1 - side
                }
            };
            if pawn[0] != pawn[1] && !never[usize::from(pawn[0])] {
                return Err(self.refusal(
                    p.span,
                    "a piece that promotes for one side only is not expressed".into(),
                    "promotion",
                ));
            }
            let region = [
                v.promotion_region[from(0)].clone(),
                v.promotion_region[from(1)].clone(),
            ];
            let zone = self.zone("promotion", &region);
            let names = [0, 1].map(|s| self.choices(p, &v.promotion_piece_types[from(s)]));
            let to = if names[0] == names[1] {
                names[0].join(" ")
            } else {
                format!("white {} black {}", names[0].join(" "), names[1].join(" "))
            };
            let optional = if v.mandatory_pawn_promotion {
                String::new()
            } else {
                self.optional(p)
            };
            return Ok(Some(format!("promotes in {zone} to {to}{optional}")));
        }
        let Some(target) = promoted else {
            return Ok(None);
        };
        if v.promotion_region[0].is_empty() && v.promotion_region[1].is_empty() {
            return Ok(None);
        }
        let zone = self.zone("promotion", &v.promotion_region.clone());
        let Some(t) = v.piece(&target) else {
            return Ok(None);
        };
        let name = format!("Promoted{}", pieces::name(&p.key));
        let (moves, _, _) = self.moves(t)?;
        let label = format!("+{}", p.letter.to_ascii_uppercase());
        if !self.promoted.iter().any(|x| x.0 == name) {
            self.promoted
                .push((name.clone(), label, moves, pieces::name(&p.key)));
            self.promoted_types.push((name.clone(), target.clone()));
        }
        let optional = if v.mandatory_piece_promotion {
            String::new()
        } else {
            self.optional(p)
        };
        Ok(Some(format!(
            "promotes in {zone} or-leaving to {name}{optional}"
        )))
    }

    /// ` optional`, and where the piece could never move again: ` except in ZONE`.
    fn optional(&mut self, p: &Piece) -> String {
        if !self.v.immobility_illegal {
            return " optional".into();
        }
        let dead = self.dead_cells(p);
        if dead[0].is_empty() && dead[1].is_empty() {
            return " optional".into();
        }
        let zone = self.zone(
            &format!("dead-{}", pieces::name(&p.key).to_lowercase()),
            &dead,
        );
        format!(" optional except in {zone}")
    }

    /// Each side's cells from which the piece has no quiet move on an empty board.
    pub fn dead_cells(&self, p: &Piece) -> [Vec<Cell>; 2] {
        let steps = quiet_steps(&self.moves(p).map(|m| m.0).unwrap_or_default());
        let cells = self.all_cells();
        [0, 1].map(|side| {
            cells
                .iter()
                .copied()
                .filter(|&(f, r)| {
                    !steps.iter().any(|&(dx, dy)| {
                        let dy = if side == 0 { dy } else { -dy };
                        let (nf, nr) = (f as i32 + dx, r as i32 + dy);
                        nf >= 0
                            && nr >= 0
                            && nf < self.v.files as i32
                            && nr < self.v.ranks as i32
                            && cells.contains(&(nf as u8, nr as u8))
                    })
                })
                .collect()
        })
    }

    fn choices(&mut self, pawn: &Piece, kinds: &[String]) -> Vec<String> {
        let drops = self.v.captures_to_hand && !self.v.drop_loop;
        kinds
            .iter()
            .filter_map(|k| self.v.piece(k).cloned())
            .map(|t| {
                let name = pieces::name(&t.key);
                if !drops {
                    return name;
                }
                let promoted = format!("Promoted{name}");
                if !self.promoted.iter().any(|x| x.0 == promoted) {
                    let moves = self.moves(&t).map(|m| m.0).unwrap_or_default();
                    let label = format!("{}~", t.letter.to_ascii_uppercase());
                    self.promoted
                        .push((promoted.clone(), label, moves, pieces::name(&pawn.key)));
                    self.promoted_types.push((promoted.clone(), t.key.clone()));
                }
                promoted
            })
            .collect()
    }
}

/// Whether a move of a Betza group (quiet-capable) passes cells on its way: a
/// rider, or a lame leaper.
fn passes_cells(group: &str) -> bool {
    pieces::groups(group).unwrap_or_default().iter().any(|g| {
        let quiet = !g.has('c') || g.has('m');
        let rest: Vec<char> = g.rest.chars().collect();
        let rider = matches!(rest.first(), Some('R' | 'B' | 'Q')) || rest.len() > 1;
        quiet && (rider || g.has('n'))
    })
}

/// The single steps a Betza string's quiet moves make (forward is +y), enough to
/// tell whether a piece can move at all from a cell of an empty board.
fn quiet_steps(betza: &str) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for g in pieces::groups(betza).unwrap_or_default() {
        if g.has('c') && !g.has('m') || g.has('p') || g.has('g') {
            continue;
        }
        let atom = g.rest.chars().next().unwrap_or(' ');
        let base: &[(i32, i32)] = match atom {
            'W' | 'R' => &[(1, 0)],
            'F' | 'B' => &[(1, 1)],
            'K' | 'Q' => &[(1, 0), (1, 1)],
            'D' => &[(2, 0)],
            'N' => &[(2, 1)],
            'A' => &[(2, 2)],
            'H' => &[(3, 0)],
            'C' => &[(3, 1)],
            'Z' => &[(3, 2)],
            'G' => &[(3, 3)],
            _ => &[],
        };
        let dirs: String = g
            .modifiers
            .chars()
            .filter(|c| "fblrvsh".contains(*c))
            .collect();
        for &(a, b) in base {
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (dx, dy) = (x * sx, y * sy);
                    if direction_allowed(&dirs, dx, dy) && !out.contains(&(dx, dy)) {
                        out.push((dx, dy));
                    }
                }
            }
        }
    }
    out
}

/// Whether a step is among those directional modifiers pick (a coarse reading:
/// `f` forward, `b` backward, `s`/`l`/`r` sideways, `v` vertical).
fn direction_allowed(dirs: &str, dx: i32, dy: i32) -> bool {
    if dirs.is_empty() {
        return true;
    }
    dirs.chars().any(|d| match d {
        'f' => dy > 0,
        'b' => dy < 0,
        'v' => dy != 0 && dy.abs() >= dx.abs(),
        's' => dx != 0 && dx.abs() >= dy.abs(),
        'l' => dx < 0,
        'r' => dx > 0,
        _ => true,
    })
}

impl Writer<'_> {
    /// The castling moves the start position's rights name; returns the flags kept.
    fn castling(&mut self) -> Result<String, Diagnostic> {
        let v = self.v;
        let mut kept = String::new();
        if !v.castling || self.start.castling == "-" {
            return Ok(kept);
        }
        for flag in self.start.castling.clone().chars() {
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
            let king_to = if kingside {
                v.castling_kingside_file
            } else {
                v.castling_queenside_file
            };
            let rook_to = if kingside { king_to - 1 } else { king_to + 1 };
            let name = flag.to_string();
            self.items.push(Item {
                key: ItemKey::Castle(name.clone()),
                text: format!(
                    "castle {name} king {}-{} rook {}-{}",
                    cell((king, rank)),
                    cell((king_to, rank)),
                    cell((rook, rank)),
                    cell((rook_to, rank))
                ),
            });
            kept.push(flag);
        }
        Ok(kept)
    }

    /// The king's and the rook's files for a castling right, as Fairy-Stockfish
    /// finds them: the castling king on the rank, the outermost rook on that side.
    fn castlers(&self, side: usize, rank: u8, kingside: bool) -> Option<(u8, u8)> {
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

    fn setup(&mut self, castling: &str) {
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

    fn hand(&mut self) -> Result<(), Diagnostic> {
        let v = self.v;
        if !v.piece_drops {
            return Ok(());
        }
        let mut lines: Vec<String> = Vec::new();
        if v.captures_to_hand {
            lines.push("keep-captured".into());
        }
        let all = self.all_cells();
        let mut by_zone: Vec<([Vec<Cell>; 2], Vec<String>)> = Vec::new();
        let droppable: Vec<Piece> = self.droppable();
        for p in &droppable {
            let cells = [0, 1].map(|side| {
                let mut cells: Vec<Cell> =
                    v.drop_region[side].clone().unwrap_or_else(|| all.clone());
                cells.retain(|c| all.contains(c));
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
                lines.push(format!("one-per-file {}", pieces::name(k)));
            }
        }
        if v.drop_on_top {
            lines.push("on-top".to_string());
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
    fn droppable(&self) -> Vec<Piece> {
        let hand = self.start.hand.clone().unwrap_or_default();
        let in_hand = |p: &Piece| hand.chars().any(|c| c.to_ascii_lowercase() == p.letter);
        let on_board =
            |p: &Piece| !self.start_cells(p, 0).is_empty() || !self.start_cells(p, 1).is_empty();
        self.v
            .pieces
            .iter()
            .filter(|p| p.key != "king" && (in_hand(p) || (self.v.captures_to_hand && on_board(p))))
            .cloned()
            .collect()
    }

    fn rules(&mut self) {
        let v = self.v;
        let mut items = Vec::new();
        if v.must_capture {
            items.push(("must-capture", "must-capture".to_string()));
        }
        if !v.checking {
            items.push(("no-check", "no-check".to_string()));
        }
        if v.blast_on_capture {
            let spare = if v.piece("pawn").is_some() {
                " spare Pawn"
            } else {
                ""
            };
            items.push(("explosions", format!("explosions{spare}")));
        }
        if v.pass {
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

impl Writer<'_> {
    fn end(&mut self) -> Result<(), Diagnostic> {
        let v = self.v;
        let span = v.start_fen.1;
        let mut lines: Vec<String> = Vec::new();
        let royal = self.used.iter().any(|k| k == "king") || self.pseudo_royal.is_some();
        if royal {
            lines.push(format!("checkmate {}", outcome(v.checkmate_value)));
        }
        lines.push(format!("stalemate {}", outcome(v.stalemate_value)));
        if v.n_fold_rule > 0 {
            // Fairy-Stockfish gives the result to the player to move; vdl to the one who repeated
            lines.push(format!(
                "repetition {} {}",
                v.n_fold_rule,
                outcome(inverse(v.n_fold_value))
            ));
        }
        if v.n_move_rule > 0 {
            // a kind only one side resets by counts for both when the other never has it
            let holds = |side: usize, key: &str| {
                self.v
                    .piece(key)
                    .is_some_and(|p| !self.start_cells(p, side).is_empty())
                    || self.v.captures_to_hand
                    || self.start.hand.as_deref().unwrap_or("").chars().any(|c| {
                        self.v.by_letter(c).is_some_and(|p| p.key == key)
                            && c.is_ascii_uppercase() == (side == 0)
                    })
            };
            let types = &v.n_move_rule_types;
            let one_sided = (0..2).any(|s| {
                types[s]
                    .iter()
                    .any(|k| !types[1 - s].contains(k) && holds(1 - s, k))
            });
            let mut union: Vec<&String> = types[0].iter().chain(&types[1]).collect();
            union.dedup();
            let kinds: Vec<String> = v
                .pieces
                .iter()
                .filter(|p| union.contains(&&p.key) && self.used.contains(&p.key))
                .map(|p| pieces::name(&p.key))
                .collect();
            if one_sided {
                return Err(self.refusal(span, "pieces that reset the move count differently for the two sides are not expressed".into(), "move rule"));
            }
            let mut reset = if kinds.is_empty() {
                " reset-by capture".to_string()
            } else {
                format!(" reset-by capture {}", kinds.join(" "))
            };
            // Fairy-Stockfish's drops always reset the count
            if v.piece_drops {
                reset.push_str(" drop");
            }
            lines.push(format!("move-rule {} draw{reset}", v.n_move_rule));
        }
        // Fairy-Stockfish's extinction does not apply to a pseudo-royal piece, which
        // cannot be taken, unless captures explode
        let extinction = v
            .extinction_value
            .filter(|_| self.pseudo_royal.is_none() || v.blast_on_capture);
        if let Some(value) = extinction {
            match &v.extinction_piece_types {
                None => lines.push(format!("extinction {}", outcome(value))),
                Some(kinds) if !kinds.is_empty() => {
                    if let Some(k) = kinds.iter().find(|k| self.kinds_of(k).is_empty()) {
                        return Err(self.refusal(span, format!("`{k}`, which the game never has, is an extinction type: the game would end before it starts"), "extinction"));
                    }
                    let names: Vec<String> = kinds.iter().flat_map(|k| self.kinds_of(k)).collect();
                    if !names.is_empty() {
                        lines.push(format!("extinction {} {}", names.join(" "), outcome(value)));
                    }
                }
                Some(_) => {}
            }
        }
        if !v.flag_region[0].is_empty() || !v.flag_region[1].is_empty() {
            let side = if v.flag_region[0].is_empty() { 1 } else { 0 };
            let kinds: Vec<String> = match &v.flag_piece[side] {
                Some(k) => self.kinds_of(k),
                None => self
                    .items
                    .iter()
                    .filter_map(|i| match &i.key {
                        ItemKey::Piece(name) => Some(name.clone()),
                        _ => None,
                    })
                    .collect(),
            };
            if v.flag_region[0].is_empty() || v.flag_region[1].is_empty() {
                return Err(self.refusal(
                    span,
                    "a flag region for one side only is not expressed".into(),
                    "flag",
                ));
            }
            if !kinds.is_empty() {
                let zone = self.zone("flag", &v.flag_region.clone());
                let after = if v.flag_move { " after-reply" } else { "" };
                let count = if v.flag_piece_count > 1 {
                    format!(" {}", v.flag_piece_count)
                } else {
                    String::new()
                };
                lines.push(format!(
                    "reach {zone} {}{count} win{after}",
                    kinds.join(" ")
                ));
            }
        }
        if v.pass {
            // two passes in a row end Fairy-Stockfish's game in a draw
            lines.push("double-pass draw".to_string());
        }
        if v.connect_n > 0 {
            let kinds: Vec<String> = v
                .connect_piece_types
                .iter()
                .flatten()
                .flat_map(|k| self.kinds_of(k))
                .collect();
            let list = if kinds.is_empty() {
                String::new()
            } else {
                format!(" {}", kinds.join(" "))
            };
            if v.connect_n == 1 {
                return Err(self.refusal(
                    span,
                    "a line of one piece is not a line".into(),
                    "connectN",
                ));
            }
            lines.push(format!(
                "connect {}{list} {}",
                v.connect_n,
                outcome(v.connect_value)
            ));
        }
        if v.check_counting {
            let counts = self.start.checks.clone().unwrap_or_default();
            let (w, b) = counts.split_once('+').unwrap_or(("", ""));
            match (w.parse::<u32>(), b.parse::<u32>()) {
                (Ok(w), Ok(b)) if w == b && w > 0 => lines.push(format!("checks {w} win")),
                _ => return Err(self.refusal(span, format!("the check counts `{counts}` are not expressed (both sides must give the same number)"), "check counting")),
            }
        }
        self.items.push(Item {
            key: ItemKey::End,
            text: format!("end {{\n  {}\n}}", lines.join("\n  ")),
        });
        Ok(())
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
