//! FEN: a position as text, read against a definition's board, pieces and rules.

mod castling;
mod fields;
mod queues;
mod rows;

use super::{BoardShape, CastleDef, Coord, PieceDef, Setup, Side, WallRule};
use castling::check_castling;
use fields::{read_fields, read_reserve};
use queues::{read_queues, split_queues};
pub use rows::label_at;
use rows::read_rows;

/// A problem in a FEN string, at a byte range of that string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// What kind of problem.
    pub kind: FenErrorKind,
    /// The first byte of the problem in the FEN.
    pub offset: usize,
    /// Its length in bytes.
    pub len: usize,
    /// What is wrong.
    pub message: String,
    /// How to put it right.
    pub help: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// The kinds of FEN problems a program may want to tell apart.
pub enum FenErrorKind {
    /// A letter that is no piece of the variant.
    UnknownPiece,
    /// A castling right whose king or rook is not on its start cell (Fairy-Stockfish
    /// drops such a right where vdl refuses the FEN).
    StrayCastlingRight,
    /// Anything else: wrong row lengths, fields, cells.
    Malformed,
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (at column {})", self.message, self.offset + 1)
    }
}

impl std::error::Error for FenError {}

fn fen_err(offset: usize, len: usize, message: String, help: Option<String>) -> FenError {
    FenError {
        kind: FenErrorKind::Malformed,
        offset,
        len: len.max(1),
        message,
        help,
    }
}

/// Read a FEN against a board, its pieces and its castling rules. Rows run from the
/// last rank down to the first; empty runs are decimal numbers. After the rows come,
/// each optional: side to move (`w`/`b`), castling flags or `-`, en-passant cell or
/// `-`, halfmove clock, fullmove number. A field that is a number where castling or
/// en passant would stand is read as the clocks (so `w 0` is accepted).
/// After the rows may come `[...]`, the captured pieces off the board, and, in a
/// variant with drops, `{...}`, the drop queues (see `read_queues`).
pub fn parse_fen(text: &str, rules: &FenRules) -> Result<Setup, FenError> {
    // An error about something missing at the very end (an empty last row) points
    // at the last character, so the range stays inside the text.
    read_fen(text, rules).map_err(|mut e| {
        if e.offset + e.len > text.len() {
            e.offset = e.offset.min(text.len().saturating_sub(1));
            e.len = (text.len() - e.offset).min(e.len);
        }
        e
    })
}

/// What a FEN is read against.
pub struct FenRules<'a> {
    /// The board.
    pub board: &'a BoardShape,
    /// The pieces, for their labels.
    pub pieces: &'a [PieceDef],
    /// The castling rules, for the castling field.
    pub castling: &'a [CastleDef],
    /// The variant has drop queues (the `{...}` field).
    pub drops: bool,
    /// The definition's setup, when reading another position: a castling right
    /// needs the kinds the setup puts on the rule's king and rook cells.
    pub start: Option<&'a Setup>,
    /// The `checks` end rule's count: the FEN may say how many checks each side
    /// has still to give (`3+3` after en passant) or has given (`+0+1` at the end).
    pub checks: Option<u32>,
    /// Each side's cells that may be gates (a hand's `gate` zone); the castling
    /// field names open gates by their file letters, upper case for White.
    pub gate_cells: [&'a [Coord]; 2],
    /// An end rule counts the passes just made: the FEN may say `pass` (the last
    /// move was one) or `pass-pass` (the last two were).
    pub passes: bool,
    /// The FEN is a setup whose shuffles are still to be made: free castlings find
    /// their start cells after them.
    pub shuffled: bool,
    /// The variant has a `counting` rule: the FEN may give the running count.
    pub counting: bool,
    /// The variant's `walls` rule: a row may hold walls (`*`), one under `duck`.
    pub walls: Option<WallRule>,
    /// `blocks`: a row may hold walls without a `walls` rule.
    pub blocks: bool,
    /// The hand's `unlimited` kinds, of which the hand lists no count.
    pub unlimited: &'a [usize],
}

fn read_fen(text: &str, rules: &FenRules) -> Result<Setup, FenError> {
    let FenRules { board, pieces, .. } = *rules;
    let fields: Vec<(usize, &str)> = split_fields(text);
    let Some(&(rows_at, rows)) = fields.first() else {
        return Err(fen_err(
            0,
            text.len(),
            "the FEN is empty".into(),
            Some("write the rows from the last rank down, e.g. `8/8/8/8/8/8/8/8 w`".into()),
        ));
    };
    let (rows, queues) = split_queues(rows_at, rows, rules)?;
    let (rows, reserve) = read_reserve(rows_at, rows, (pieces, rules.unlimited))?;
    let (placements, links, walls) =
        read_rows(rows_at, rows, board, pieces, (rules.walls, rules.blocks))?;
    let mut setup = Setup {
        placements,
        reserve,
        to_move: Side::White,
        castling: Vec::new(),
        castle_starts: Vec::new(),
        en_passant: None,
        swap_ban: None,
        halfmove: 0,
        fullmove: 1,
        checks: [0, 0],
        passes: 0,
        gates: [Vec::new(), Vec::new()],
        first_rights: [Vec::new(), Vec::new()],
        counting: None,
        queues: [Vec::new(), Vec::new()],
        credits: [0, 0],
        exchange: None,
        links,
        walls,
    };
    if let Some((at, body)) = queues {
        read_queues(at, body, board, pieces, &mut setup)?;
    }
    read_fields(&fields[1..], text, rules, &mut setup)?;
    check_castling(&fields, rules, &setup)?;
    Ok(setup)
}

pub(crate) fn split_fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices() {
        if ch.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}
