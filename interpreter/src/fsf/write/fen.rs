//! Fairy-Stockfish's start FEN read into cells and fields.

use super::super::variant::Variant;
use crate::diagnostic::{Code, Diagnostic};

/// The start position as Fairy-Stockfish's FEN gives it.
pub(super) struct Start {
    /// Each rank from the top, as cells of pieces (`None` empty), with holes.
    pub(super) rows: Vec<Vec<Square>>,
    pub(super) hand: Option<String>,
    pub(super) side: char,
    pub(super) castling: String,
    pub(super) ep: String,
    pub(super) checks: Option<String>,
    pub(super) clocks: String,
}

#[derive(Clone, PartialEq, Eq)]
pub(super) enum Square {
    Empty,
    Hole,
    /// The label as written (`+S`, `Q~`, `p`).
    Piece(String),
}

pub(super) fn read_fen(v: &Variant) -> Result<Start, Diagnostic> {
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
    let rows = read_board(v, board).map_err(bad)?;
    let side = match fields.next() {
        None | Some("w") => 'w',
        Some("b") => 'b',
        Some(other) => return Err(bad(format!("`{other}` is not a side to move"))),
    };
    let rest: Vec<&str> = fields.collect();
    let (castling, ep, checks, clocks) = optional_fields(&rest);
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

/// The board field's ranks, each as wide as the board, of the variant's pieces.
fn read_board(v: &Variant, board: &str) -> Result<Vec<Vec<Square>>, String> {
    let mut rows = Vec::new();
    for row in board.split('/') {
        let cells = read_rank(row)?;
        if cells.len() != v.files as usize {
            return Err(format!(
                "a rank of {} cells on a board {} files wide",
                cells.len(),
                v.files
            ));
        }
        rows.push(cells);
    }
    if rows.len() != v.ranks as usize {
        return Err(format!(
            "{} ranks on a board {} ranks high",
            rows.len(),
            v.ranks
        ));
    }
    for square in rows.iter().flatten() {
        if let Square::Piece(label) = square {
            let letter = label
                .chars()
                .find(|c| c.is_ascii_alphabetic())
                .unwrap_or(' ');
            if v.by_letter(letter).is_none() {
                return Err(format!("`{letter}` is no piece of this variant"));
            }
        }
    }
    Ok(rows)
}

/// One rank's cells: runs of empty cells, holes (`*`), pieces (`+P`, `Q~`).
fn read_rank(row: &str) -> Result<Vec<Square>, String> {
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
            match digits.parse::<usize>() {
                Ok(n) if n <= 12 => cells.extend(std::iter::repeat_n(Square::Empty, n)),
                _ => {
                    return Err(format!(
                        "a run of {digits} empty cells, more than a rank holds"
                    ))
                }
            }
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
            i += usize::from(tilde);
        } else {
            return Err(format!("`{c}` is neither a piece, a count nor `*`"));
        }
        i += 1;
    }
    Ok(cells)
}

/// The fields Fairy-Stockfish allows to be left out, in order: castling, en
/// passant, checks, clocks.
fn optional_fields(rest: &[&str]) -> (String, String, Option<String>, String) {
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
    (castling, ep, checks, clocks)
}
