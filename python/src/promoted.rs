//! Fairy-Stockfish's promoted marks where vdl has none: it remembers which pieces
//! came from a promotion in every variant, reads `Q~` in any FEN, and writes the
//! `~` when `get_fen(..., showPromoted=True)` asks. vdl's kinds carry the mark only
//! where it changes the rules (a promoted piece that goes to the hand as a pawn),
//! so the package follows the marks along the moves it replays.

use vdl::model::Coord;
use vdl::Cell;
use vdl::{Move, MoveKind, Piece};
use vdl::{Position, Ruleset};

/// The pieces of a FEN's board field, each with its cell and where its text ends.
fn pieces_of(rules: &Ruleset, board: &str) -> Vec<(Cell, usize)> {
    let height = rules.definition.board.height();
    let mut out = Vec::new();
    let mut empties = 0i32;
    let (mut rank, mut file) = (height - 1, 0i32);
    for (i, c) in board.char_indices() {
        if c.is_ascii_digit() {
            let digit = c.to_digit(10).map_or(0, |d| d as i32);
            empties = empties.saturating_mul(10).saturating_add(digit);
            continue;
        }
        file = file.saturating_add(empties);
        empties = 0;
        match c {
            '/' => (rank, file) = (rank.saturating_sub(1), 0),
            '[' => break,
            '+' | '~' => {}
            '*' => file = file.saturating_add(1),
            _ => {
                if let Some(cell) = rules.cell_at(Coord { file, rank }) {
                    out.push((cell, i + c.len_utf8()));
                }
                file = file.saturating_add(1);
            }
        }
    }
    out
}

/// Whether the variant's own labels carry `~` (then vdl reads and writes the mark).
fn labels_mark(rules: &Ruleset) -> bool {
    rules
        .definition
        .pieces
        .iter()
        .any(|p| p.label.ends_with('~'))
}

/// A FEN without the marks vdl would refuse, and the cells they were on.
pub fn read(rules: &Ruleset, fen: &str) -> (String, Vec<Cell>) {
    let board = fen.split(' ').next().unwrap_or("");
    if labels_mark(rules) || !board.contains('~') {
        return (fen.to_string(), Vec::new());
    }
    let marked = pieces_of(rules, board)
        .into_iter()
        .filter(|&(_, end)| board[end..].starts_with('~'))
        .map(|(cell, _)| cell)
        .collect();
    (fen.replacen(board, &board.replace('~', ""), 1), marked)
}

/// The marks as a move is about to be played: the marked pieces it leaves alone
/// (as they stand) and whether the moving piece is one of them.
pub struct Pending {
    untouched: Vec<(Cell, Option<Piece>)>,
    moving_marked: bool,
    /// The move turns a `+X` piece back into an `X` (Kyoto Shogi's): no mark.
    turns_back: bool,
}

pub fn before_move(marks: &[Cell], m: &Move, before: &Position) -> Pending {
    Pending {
        untouched: marks
            .iter()
            .filter(|&&c| c != m.from && c != m.to)
            .map(|&c| (c, before.piece_at(c)))
            .collect(),
        moving_marked: marks.contains(&m.from) && m.kind != MoveKind::Drop,
        turns_back: turns_back(m, before),
    }
}

/// Whether `m` promotes a `+X` piece to an `X`.
fn turns_back(m: &Move, before: &Position) -> bool {
    let mover = before.piece_at(m.from).filter(|_| m.kind != MoveKind::Drop);
    match (mover, m.promotion()) {
        (Some(p), Some(k)) => before.rules().definition.turns_back(p.kind, k),
        _ => false,
    }
}

/// The marks after the move: a promotion marks its piece, a marked piece keeps its
/// mark where it goes, a piece taken or changed loses it.
pub fn after_move(pending: Pending, m: &Move, after: &Position) -> Vec<Cell> {
    let mut out: Vec<Cell> = pending
        .untouched
        .into_iter()
        .filter(|&(c, was)| after.piece_at(c) == was)
        .map(|(c, _)| c)
        .collect();
    let marked = (m.promotion().is_some() || pending.moving_marked) && !pending.turns_back;
    if marked && after.piece_at(m.to).is_some() {
        out.push(m.to);
    }
    out
}

/// A FEN with `~` after each marked piece that the variant's labels do not already
/// mark (a shogi-style `+X` shows its promotion itself).
pub fn show(rules: &Ruleset, fen: &str, marks: &[Cell]) -> String {
    let board = fen.split(' ').next().unwrap_or("");
    if marks.is_empty() || labels_mark(rules) {
        return fen.to_string();
    }
    let mut shown = String::with_capacity(board.len() + marks.len());
    let mut last = 0;
    for (cell, end) in pieces_of(rules, board) {
        let own = board[..end].ends_with('~') || board[..end].chars().rev().nth(1) == Some('+');
        if marks.contains(&cell) && !own {
            shown.push_str(&board[last..end]);
            shown.push('~');
            last = end;
        }
    }
    shown.push_str(&board[last..]);
    format!("{shown}{}", &fen[board.len()..])
}
