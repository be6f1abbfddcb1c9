//! Standard algebraic notation (SAN), read against the legal moves: `e4`, `Nf3`,
//! `exd5`, `Nbd7`, `R1e2`, `Qh4e1`, `e8=Q` (or `e8Q`), `O-O` and `O-O-O` (or with
//! zeros), with `+`, `#`, `!` and `?` at the end ignored. The piece letter is the
//! definition's label in upper case for either side; the kind labelled `P` is
//! written without one. Read also: a pawn's `P` (`Pc5`), a promoted kind's letter
//! without its `~` (`fxg1=Q`, `Rb1` for crazyhouse's `Q~`, `R~`) when no move fits
//! the exact text, and a drop with shogi's `*` (`P*e5`). A castling is king-side when its rook starts on a file
//! after the king's. A text reads as SAN only when exactly one legal move fits it.
//!
//! Written ([`write()`]): the shortest of those forms that names the move alone
//! (a pawn's capture always with its file), `+` for check and `#` for mate. A move
//! SAN cannot name alone (two moves with the same cells that take different
//! pieces, a swap, a queue's drop, a two-cell piece) is written in the engine
//! notation. A drop from the hand is `N@f3`, a pawn's `P@e4` (read also as `@e4`).
//! A gating move ends with the gated piece, `Nf3/H`, and its cell when that is not
//! the one the move leaves (a castling gating on the rook's cell: `O-O/Hh1`). A
//! pass is `pass` (read also as `--`, PGN's null move). A turn's wall follows after
//! a comma, `e3,d5` (Fairy-Stockfish's form).

use super::long_algebraic;
use crate::compile::Ruleset;
use crate::engine::{Move, MoveKind, Position};

/// What a text matches among the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanMatch {
    /// No legal move.
    None,
    /// This one.
    One(Move),
    /// Several moves fit: these.
    Several(Vec<Move>),
}

/// The legal move `text` names in SAN.
pub fn read(pos: &Position, legal: &[Move], text: &str) -> SanMatch {
    let text = text.trim_end_matches(['+', '#', '!', '?']);
    if text.eq_ignore_ascii_case("pass") || text == "--" {
        return match legal.iter().find(|m| m.kind == MoveKind::Pass) {
            Some(m) => SanMatch::One(*m),
            None => SanMatch::None,
        };
    }
    let (text, wall) = match text.split_once(',') {
        Some((base, wall)) => (base, format!(",{wall}")),
        None => (text, String::new()),
    };
    let (text, gate) = match text.split_once('/') {
        Some((base, gate)) => (base, format!("/{gate}")),
        None => (text, String::new()),
    };
    let legal = legal
        .iter()
        .filter(|m| gate_suffix(pos, m) == gate && wall_suffix(pos, m) == wall);
    let fits: Vec<&Move> = match castling_side(text) {
        Some(king_side) => legal.filter(|m| is_castling(pos, m, king_side)).collect(),
        None => {
            let legal: Vec<&Move> = legal.collect();
            let strict: Vec<&Move> = legal
                .iter()
                .copied()
                .filter(|m| fits(pos, m, text, false))
                .collect();
            if strict.is_empty() {
                legal
                    .into_iter()
                    .filter(|m| fits(pos, m, text, true))
                    .collect()
            } else {
                strict
            }
        }
    };
    match fits.as_slice() {
        [] => SanMatch::None,
        [m] => SanMatch::One(**m),
        more => SanMatch::Several(more.iter().map(|m| **m).collect()),
    }
}

/// For a text written as SAN that names no legal move (`Qxh7` where no queen can
/// go to h7): the piece it names, its end cell, and the legal moves ending there,
/// in SAN. `None` when the text does not look like SAN.
pub fn miss(pos: &mut Position, legal: &[Move], text: &str) -> Option<SanMiss> {
    let rules = pos.rules();
    let bare = text.trim_end_matches(['+', '#', '!', '?']);
    let bare = bare.split_once('=').map_or(bare, |(b, _)| b);
    let (cell, end) = (2..=bare.len().min(4))
        .rev()
        .filter(|&n| bare.is_char_boundary(bare.len() - n))
        .find_map(|n| rules.cell_by_name(&bare[bare.len() - n..]).map(|c| (c, n)))?;
    let head = &bare[..bare.len() - end];
    let letters: String = head
        .chars()
        .take_while(|c| c.is_ascii_uppercase() || *c == '~' || *c == '+')
        .collect();
    let rest = head[letters.len()..].trim_end_matches('x');
    // a start file, rank or cell at most: more is not SAN
    if rest.len() > 3 || rest.chars().any(|c| !c.is_ascii_alphanumeric()) {
        return None;
    }
    let kind = if letters.is_empty() {
        rules.definition.pieces.iter().position(|p| p.label == "P")
    } else {
        rules.definition.pieces.iter().position(|p| {
            p.label.eq_ignore_ascii_case(&letters)
                || p.label.trim_end_matches('~').eq_ignore_ascii_case(&letters)
        })
    };
    let onto: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to == cell && m.from_hand().is_none())
        .collect();
    let mut written: Vec<String> = onto.iter().map(|m| write(pos, m, legal)).collect();
    written.sort();
    written.dedup();
    Some(SanMiss {
        piece: kind.map(|k| rules.definition.pieces[k].name.clone()),
        cell: rules.cell_name(cell).to_string(),
        onto: written,
    })
}

/// What [`miss`] found.
pub struct SanMiss {
    /// The kind the letters name, if any.
    pub piece: Option<String>,
    /// The cell.
    pub cell: String,
    /// The legal moves that end on the cell, in SAN.
    pub onto: Vec<String>,
}

/// `Some(true)` for a king-side castling text, `Some(false)` for a queen-side one.
fn castling_side(text: &str) -> Option<bool> {
    match text {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    }
}

fn is_castling(pos: &Position, m: &Move, king_side: bool) -> bool {
    let rules = pos.rules();
    m.castle_rule()
        .and_then(|i| pos.castle(i))
        .is_some_and(|c| {
            let (king, rook) = (
                rules.board.cells[c.king_from as usize],
                rules.board.cells[c.rook_from as usize],
            );
            (rook.file > king.file) == king_side
        })
}

/// Whether `text` is one of the ways to write `m` in SAN: letter, then nothing,
/// the start file, the start rank or the whole start cell, an optional `x` (the
/// move must capture), the end cell and its promotion (`loose`: a promoted kind's
/// `~` may be left out, as other programs write `fxg1=Q` and `Rb1` in crazyhouse,
/// and a pawn's `P` written, as in shogi's `Pc5`).
fn fits(pos: &Position, m: &Move, text: &str, loose: bool) -> bool {
    if let Some(kind) = m.from_hand() {
        // shogi writes a drop with `*`: `P*e5`
        let text = text.replacen('*', "@", 1);
        return drop_text(pos.rules(), m, kind) == text
            || (text.starts_with('@') && drop_text(pos.rules(), m, kind) == format!("P{text}"));
    }
    if !matches!(
        m.kind,
        MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant | MoveKind::Explosion
    ) || (m.drops() && !pos.rules().flags.gating)
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
    let letter = match letter.strip_suffix('~') {
        Some(bare) if loose => bare,
        _ => letter.as_str(),
    };
    let rest = match letter {
        // a pawn's letter may be written, as shogi and other programs do (`Pc5`)
        "P" if loose => Some(text.strip_prefix('P').unwrap_or(text)),
        "P" => Some(text),
        _ => text.strip_prefix(letter),
    };
    let Some(rest) = rest else {
        return false;
    };
    let Some(rest) = strip_promotion(rules, m, rest, loose) else {
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
    let from = rules.board.cells[m.from as usize];
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

/// The gate a move fills: `/H`, or `/Hh1` when it is not the cell the move
/// leaves; nothing for other moves.
fn gate_suffix(pos: &Position, m: &Move) -> String {
    let rules = pos.rules();
    if !rules.flags.gating {
        return String::new();
    }
    match (pos.drop_cell(m), pos.dropped_kind(m)) {
        (Some(cell), Some(kind)) => {
            let label = rules.definition.pieces[kind].label.to_ascii_uppercase();
            let at = if cell == m.from {
                ""
            } else {
                rules.cell_name(cell)
            };
            format!("/{label}{at}")
        }
        _ => String::new(),
    }
}

/// The cell a turn's wall goes on: `,d5`; nothing for a turn without one.
fn wall_suffix(pos: &Position, m: &Move) -> String {
    pos.wall_of(m)
        .map_or_else(String::new, |w| format!(",{}", pos.rules().cell_name(w)))
}

/// A drop from the hand: `N@f3` (the pawn's too: `P@e4`, read also as `@e4`).
/// A drop in SAN, `N@e4`; a piece dropped promoted as what it becomes, `+P@a1`.
fn drop_text(rules: &Ruleset, m: &Move, kind: usize) -> String {
    let face = m.promotion().unwrap_or(kind);
    let label = rules.definition.pieces[face].label.to_ascii_uppercase();
    format!("{label}@{}", rules.cell_name(m.to))
}

/// `text` less the promotion `m` makes (`=Q` or `Q`), which must be there exactly
/// when the move promotes; `loose`, the label may be written without its `~`.
fn strip_promotion<'t>(rules: &Ruleset, m: &Move, text: &'t str, loose: bool) -> Option<&'t str> {
    let Some(kind) = m.promotion() else {
        return Some(text);
    };
    let letter = rules.definition.pieces[kind].label.to_ascii_uppercase();
    let letter = match letter.strip_suffix('~') {
        Some(bare) if loose => bare.to_string(),
        _ => letter,
    };
    let rest = text.strip_suffix(letter.as_str())?;
    Some(rest.strip_suffix('=').unwrap_or(rest))
}

/// A legal move of `pos` in SAN (see the module's text).
pub fn write(pos: &mut Position, m: &Move, legal: &[Move]) -> String {
    if m.kind == MoveKind::Pass {
        return "pass".into();
    }
    let mut text = match plain(pos, m, legal) {
        Some(t) if read(pos, legal, &t) == SanMatch::One(*m) => t,
        _ => return long_algebraic::print(pos, m, legal),
    };
    text.push_str(check_sign(pos, m));
    text
}

/// The SAN of a move before its check sign, if SAN has a form for it.
fn plain(pos: &Position, m: &Move, legal: &[Move]) -> Option<String> {
    let rules = pos.rules();
    if let Some(kind) = m.from_hand() {
        return Some(drop_text(rules, m, kind));
    }
    for king_side in [true, false] {
        if is_castling(pos, m, king_side) {
            let castle = if king_side { "O-O" } else { "O-O-O" };
            return Some(format!(
                "{castle}{}{}",
                gate_suffix(pos, m),
                wall_suffix(pos, m)
            ));
        }
    }
    if !matches!(
        m.kind,
        MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant | MoveKind::Explosion
    ) || (m.drops() && !rules.flags.gating)
    {
        return None;
    }
    let mover = pos.piece_at(m.from)?;
    let label = rules.definition.pieces[mover.kind]
        .label
        .to_ascii_uppercase();
    let pawn = label == "P";
    let from = rules.board.cells[m.from as usize];
    let board = &rules.definition.board;
    let file = board.files.get(from.file as usize)?.clone();
    let rank = board.ranks.get(from.rank as usize)?.clone();
    let takes = !m.captures().is_empty();
    let rivals: Vec<&Move> = legal
        .iter()
        .filter(|o| {
            o.to == m.to
                && o.from != m.from
                && o.castle_rule().is_none()
                && pos.piece_at(o.from).map(|p| p.kind) == Some(mover.kind)
        })
        .collect();
    let same = |f: &dyn Fn(&Move) -> bool| rivals.iter().any(|o| f(o));
    let file_of = |c| rules.board.cells[c as usize].file;
    let rank_of = |c| rules.board.cells[c as usize].rank;
    // An in-place promotion that moves names its start (Fairy-Stockfish's `e5d6=F`).
    let start = if pawn && takes {
        file
    } else if m.from != m.to && pos.promotes_in_place(m) {
        format!("{file}{rank}")
    } else if rivals.is_empty() {
        String::new()
    } else if !same(&|o| file_of(o.from) == from.file) {
        file
    } else if !same(&|o| rank_of(o.from) == from.rank) {
        rank
    } else {
        format!("{file}{rank}")
    };
    let mut text = if pawn { String::new() } else { label };
    text.push_str(&start);
    if takes {
        text.push('x');
    }
    text.push_str(rules.cell_name(m.to));
    if let Some(k) = m.promotion() {
        text.push('=');
        text.push_str(&rules.definition.pieces[k].label.to_ascii_uppercase());
    }
    text.push_str(&gate_suffix(pos, m));
    text.push_str(&wall_suffix(pos, m));
    Some(text)
}

/// `+` when the move checks, `#` when it mates, else nothing (and nothing where
/// royal pieces may be captured: there is no check).
fn check_sign(pos: &mut Position, m: &Move) -> &'static str {
    if pos.rules().definition.end.royal_capture {
        return "";
    }
    sign_after(pos, m, |p, side| p.has_royal(side) && p.in_check(side))
}

/// `+` when, after `m`, `checked` holds for the opponent, `#` when they then have
/// no legal move, else nothing.
pub fn sign_after(
    pos: &mut Position,
    m: &Move,
    checked: impl Fn(&Position, crate::model::Side) -> bool,
) -> &'static str {
    pos.make(*m);
    let them = pos.side_to_move();
    let sign = if checked(pos, them) {
        let mut replies = Vec::new();
        pos.legal_moves(&mut replies);
        if replies.is_empty() {
            "#"
        } else {
            "+"
        }
    } else {
        ""
    };
    pos.unmake();
    sign
}
