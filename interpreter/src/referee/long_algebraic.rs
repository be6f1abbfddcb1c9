//! The notation engines speak (UCI's and XBoard's): the start and end cells run
//! together, `e2e4`, with a promotion's piece in lower case, `e7e8q` (a shogi-style
//! promotion to a `+` piece as `+`, `7g7f+`, and its turning back as `-`); a castling as
//! the king's move, `e1g1`, and a free (Chess960) castling, or one whose king move
//! the king could also make as a move of its own, as the king taking its own rook, `g1h1` (UCI_Chess960's form: the king may not move at all); a gating move with the gated piece's letter after it, `b1c3h` (Fairy-Stockfish's form); a suicide as its cell twice, `e4e4`, and so a pass (as
//! Fairy-Stockfish writes it: the royal piece's cell twice); a two-cell piece
//! as the two cells it leaves and the two it ends on, `f2g2f3f4`; a drop from the
//! hand as the piece and its cell, `P@e4`; a turn's wall as a second step from
//! the piece's end cell, `e2e4,e4d5` (Fairy-Stockfish's form). When two legal
//! moves would read the same, the parts of the full notation that tell them apart
//! follow after commas, without spaces: `d4d7,@-d5` (a removal), `g1f3,AM-d1` (the
//! turn's drop). Each legal move's text is different, so every text reads back.

use super::notation;
use crate::engine::{Move, MoveKind, Position};
use std::collections::HashMap;

/// The cells alone: what most moves are written as.
fn base(pos: &Position, m: &Move) -> String {
    let rules = pos.rules();
    let name = |c| rules.cell_name(c);
    if let Some(kind) = m.from_hand() {
        // a drop with the promoted face up is written as that face, `+S@a2`
        let placed = m.promotion().unwrap_or(kind);
        let label = rules.definition.pieces[placed].label.to_ascii_uppercase();
        return format!("{label}@{}", name(m.to));
    }
    let free_castle = m
        .castle_rule()
        .and_then(|i| pos.castle(i))
        .filter(|c| c.free);
    let mut s = match (m.kind, m.two_cell_ends()) {
        (_, Some(([a, b], [c, d]))) => format!("{}{}{}{}", name(a), name(b), name(c), name(d)),
        (MoveKind::Suicide, _) => format!("{}{}", name(m.from), name(m.from)),
        (MoveKind::Castle, _) if free_castle.is_some() || king_step_too(pos, m) => {
            let rook = m
                .castle_rule()
                .and_then(|i| pos.castle(i))
                .map_or(m.to, |c| c.rook_from);
            format!("{}{}", name(m.from), name(rook))
        }
        _ => format!("{}{}", name(m.from), name(m.to)),
    };
    if let Some(k) = m.promotion() {
        let back = (pos.piece_at(m.from)).is_some_and(|p| rules.definition.turns_back(p.kind, k));
        s.push_str(&promotion_suffix(back, &rules.definition.pieces[k].label));
    }
    if let Some(gate) = gate_suffix(pos, m) {
        if let Some(rook_first) = gate.castle_from_rook {
            s = rook_first;
        }
        s.push_str(&gate.text);
    }
    if let Some(w) = pos.wall_of(m) {
        // Fairy-Stockfish's form: the wall as a second step from the piece's end cell.
        let at = pos.arrival(m).unwrap_or(m.to);
        s.push_str(&format!(",{}{}", name(at), name(w)));
    }
    s
}

/// A gating move's piece (Fairy-Stockfish's form): its letter in lower case after
/// the move, and its cell when that is not the cell the move leaves (`b1c3h`,
/// `e1g1e`; a castling that gates on the rook's cell is written from the rook's
/// cell to the king's, `h1e1h`).
struct Gate {
    text: String,
    castle_from_rook: Option<String>,
}

fn gate_suffix(pos: &Position, m: &Move) -> Option<Gate> {
    let rules = pos.rules();
    if !rules.flags.gating {
        return None;
    }
    let (cell, kind) = (pos.drop_cell(m)?, pos.dropped_kind(m)?);
    let letter = rules.definition.pieces[kind].label.to_ascii_lowercase();
    if cell == m.from {
        return Some(Gate {
            text: letter,
            castle_from_rook: None,
        });
    }
    if m.kind == MoveKind::Castle {
        return Some(Gate {
            text: letter,
            castle_from_rook: Some(format!(
                "{}{}",
                rules.cell_name(cell),
                rules.cell_name(m.from)
            )),
        });
    }
    Some(Gate {
        text: format!("{letter}{}", rules.cell_name(cell)),
        castle_from_rook: None,
    })
}

/// Whether the king could go to a castling's end cell by a move of its own, so
/// that the castling is written as the king taking its rook (Fairy-Stockfish's
/// rule, which asks of the moves a piece has, legal or not).
fn king_step_too(pos: &Position, m: &Move) -> bool {
    let mut moves = Vec::new();
    pos.pseudo_legal_moves(&mut moves);
    moves.iter().any(|o| {
        o.kind != MoveKind::Castle && o.from == m.from && o.to == m.to && o.from_hand().is_none()
    })
}

/// A promotion as engines write it (Fairy-Stockfish's form): a shogi-style
/// promotion to a `+` kind as `+`, a `+` kind's turning back to the kind it
/// marks as `-` (Kyoto Shogi's `a1a2-`), else the new kind's letter in lower
/// case, without a promoted piece's `~` (`e7e8q` in crazyhouse too).
fn promotion_suffix(turns_back: bool, label: &str) -> String {
    if label.starts_with('+') {
        return "+".to_string();
    }
    if turns_back {
        return "-".to_string();
    }
    label.trim_end_matches('~').to_ascii_lowercase()
}

/// The full notation's parts after the first (without spaces), less a promotion
/// part the base already names.
fn distinguishing_parts(pos: &Position, m: &Move, legal: &[Move]) -> Vec<String> {
    let rules = pos.rules();
    let promotion = m.promotion().map(|k| {
        format!(
            "{}-{}",
            rules.piece_label(k, pos.side_to_move()),
            rules.cell_name(m.to)
        )
    });
    notation::print(pos, m, legal)
        .split(';')
        .skip(1)
        .map(|p| p.chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .filter(|p| Some(p) != promotion.as_ref())
        .collect()
}

/// Every legal move's text, in the order of `legal`.
pub fn print_all(pos: &Position, legal: &[Move]) -> Vec<String> {
    let bases: Vec<String> = legal.iter().map(|m| base(pos, m)).collect();
    let mut count: HashMap<&str, usize> = HashMap::new();
    for b in &bases {
        *count.entry(b.as_str()).or_default() += 1;
    }
    legal
        .iter()
        .zip(&bases)
        .map(|(m, b)| {
            if count[b.as_str()] == 1 {
                return b.clone();
            }
            let mut s = b.clone();
            for part in distinguishing_parts(pos, m, legal) {
                s.push(',');
                s.push_str(&part);
            }
            s
        })
        .collect()
}

/// One legal move's text.
pub fn print(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let b = base(pos, m);
    if legal.iter().filter(|o| base(pos, o) == b).count() <= 1 {
        return b;
    }
    let i = legal.iter().position(|o| o == m);
    match i {
        Some(i) => print_all(pos, legal).swap_remove(i),
        None => b,
    }
}

/// The legal move a text names (letters in either case), if any.
pub fn read(pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
    let texts = print_all(pos, legal);
    texts
        .iter()
        .position(|t| t == text)
        .or_else(|| texts.iter().position(|t| t.eq_ignore_ascii_case(text)))
        .map(|i| legal[i])
}
