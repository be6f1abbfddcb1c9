//! Standard algebraic notation (SAN), read against the legal moves: `e4`, `Nf3`,
//! `exd5`, `Nbd7`, `R1e2`, `Qh4e1`, `e8=Q` (or `e8Q`), `O-O` and `O-O-O` (or with
//! zeros), with `+`, `#`, `!` and `?` at the end ignored. The piece letter is the
//! definition's label in upper case for either side; the kind labelled `P` is
//! written without one. A castling is king-side when its rook starts on a file
//! after the king's. A text reads as SAN only when exactly one legal move fits it.

use crate::compile::Ruleset;
use crate::engine::{Move, MoveKind, Position};

/// What a text matches among the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanMatch {
    None,
    One(Move),
    /// Several moves fit: these.
    Several(Vec<Move>),
}

/// The legal move `text` names in SAN.
pub fn read(pos: &Position, legal: &[Move], text: &str) -> SanMatch {
    let text = text.trim_end_matches(['+', '#', '!', '?']);
    let fits: Vec<&Move> = match castling_side(text) {
        Some(king_side) => legal
            .iter()
            .filter(|m| is_castling(pos.rules(), m, king_side))
            .collect(),
        None => legal.iter().filter(|m| fits(pos, m, text)).collect(),
    };
    match fits.as_slice() {
        [] => SanMatch::None,
        [m] => SanMatch::One(**m),
        more => SanMatch::Several(more.iter().map(|m| **m).collect()),
    }
}

/// `Some(true)` for a king-side castling text, `Some(false)` for a queen-side one.
fn castling_side(text: &str) -> Option<bool> {
    match text {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    }
}

fn is_castling(rules: &Ruleset, m: &Move, king_side: bool) -> bool {
    m.castle_rule()
        .and_then(|i| rules.castling.get(i))
        .is_some_and(|c| {
            let (king, rook) = (
                rules.cells[c.king_from as usize],
                rules.cells[c.rook_from as usize],
            );
            (rook.file > king.file) == king_side
        })
}

/// Whether `text` is one of the ways to write `m` in SAN: letter, then nothing,
/// the start file, the start rank or the whole start cell, an optional `x` (the
/// move must capture), the end cell and its promotion.
fn fits(pos: &Position, m: &Move, text: &str) -> bool {
    if !matches!(
        m.kind,
        MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant
    ) || m.drops()
    {
        return false;
    }
    let rules = pos.rules();
    let Some(mover) = pos.piece_at(m.from) else {
        return false;
    };
    let letter = rules.definition.pieces[mover.kind]
        .label
        .to_ascii_uppercase();
    let letter = if letter == "P" { "" } else { letter.as_str() };
    let Some(rest) = text.strip_prefix(letter) else {
        return false;
    };
    let Some(rest) = strip_promotion(rules, m, rest) else {
        return false;
    };
    let Some(rest) = rest.strip_suffix(rules.cell_name(m.to)) else {
        return false;
    };
    let (rest, takes) = match rest.strip_suffix('x') {
        Some(r) => (r, true),
        None => (rest, false),
    };
    if takes && m.captures().is_empty() {
        return false;
    }
    let from = rules.cells[m.from as usize];
    let board = &rules.definition.board;
    let file = board
        .files
        .get(from.file as usize)
        .map_or("", String::as_str);
    let rank = board
        .ranks
        .get(from.rank as usize)
        .map_or("", String::as_str);
    // A pawn's capture names its file (`exd5`), but a missing one is forgiven.
    [
        String::new(),
        file.to_string(),
        rank.to_string(),
        format!("{file}{rank}"),
    ]
    .iter()
    .any(|d| d == rest)
}

/// `text` less the promotion `m` makes (`=Q` or `Q`), which must be there exactly
/// when the move promotes.
fn strip_promotion<'t>(rules: &Ruleset, m: &Move, text: &'t str) -> Option<&'t str> {
    let Some(kind) = m.promotion() else {
        return Some(text);
    };
    let letter = rules.definition.pieces[kind].label.to_ascii_uppercase();
    let rest = text.strip_suffix(letter.as_str())?;
    Some(rest.strip_suffix('=').unwrap_or(rest))
}
