//! The board field: ranks of pieces, walls, the two ends of two-cell pieces.

use super::fen_err;
use super::fields::Placement;
use crate::model::{BoardShape, Coord, FenError, FenErrorKind, PieceDef, Side, WallRule};

/// A piece's cell with the offset of its label in the FEN, and a partner cell
/// written after it, for a two-cell piece, with the offset of that mark.
pub(super) struct Written {
    label_at: usize,
    partner: Option<(Coord, usize)>,
}

#[allow(clippy::type_complexity)]
/// The pieces, two-cell links and walls of the FEN's rows.
type Rows = (Vec<Placement>, Vec<(Coord, Coord)>, Vec<Coord>);

pub(super) fn read_rows(
    rows_at: usize,
    rows: &str,
    board: &BoardShape,
    pieces: &[PieceDef],
    (wall_rule, blocks): (Option<WallRule>, bool),
) -> Result<Rows, FenError> {
    let row_texts = split_rows(rows_at, rows);
    let height = board.height() as usize;
    if row_texts.len() != height {
        return Err(row_count_error(rows_at, rows, &row_texts, height));
    }
    let mut read = RowsRead::default();
    for (row_index, &(at, text)) in row_texts.iter().enumerate() {
        let rank = (height - 1 - row_index) as i32;
        let row = Row {
            at,
            text,
            rank,
            files: board.row_files(rank),
        };
        let reader = RowReader {
            board,
            pieces,
            wall_rule,
            blocks,
        };
        reader.read(&row, &mut read)?;
    }
    let links = pair_ends(&read.placements, &read.written, board, pieces)?;
    Ok((read.placements, links, read.walls))
}

/// Each row of the board field with its offset.
fn split_rows(rows_at: usize, rows: &str) -> Vec<(usize, &str)> {
    let mut v = Vec::new();
    let mut start = 0;
    for (i, ch) in rows.char_indices() {
        if ch == '/' {
            v.push((rows_at + start, &rows[start..i]));
            start = i + 1;
        }
    }
    v.push((rows_at + start, &rows[start..]));
    v
}

fn row_count_error(
    rows_at: usize,
    rows: &str,
    row_texts: &[(usize, &str)],
    height: usize,
) -> FenError {
    let (at, len) = if row_texts.len() > height {
        let (at, _) = row_texts[height];
        (at - 1, rows_at + rows.len() - (at - 1))
    } else {
        (rows_at, rows.len())
    };
    fen_err(
        at,
        len,
        format!(
            "this board has {} ranks but the FEN has {} rows",
            height,
            row_texts.len()
        ),
        Some("separate the rows with `/`, one row per rank, last rank first".into()),
    )
}

/// What the rows read so far hold.
#[derive(Default)]
struct RowsRead {
    placements: Vec<Placement>,
    walls: Vec<Coord>,
    written: Vec<Written>,
}

/// One row of the board field: where it starts, its text, its rank and files.
struct Row<'t> {
    at: usize,
    text: &'t str,
    rank: i32,
    files: Vec<i32>,
}

/// What reading a row needs of the definition.
struct RowReader<'a> {
    board: &'a BoardShape,
    pieces: &'a [PieceDef],
    wall_rule: Option<WallRule>,
    /// Walls may stand without a `walls` rule (`blocks`).
    blocks: bool,
}

impl RowReader<'_> {
    fn read(&self, row: &Row, read: &mut RowsRead) -> Result<(), FenError> {
        let width = row.files.len() as i32;
        let too_wide = || {
            row_width_error(
                row.at,
                row.text,
                &row.files,
                row.rank,
                self.board,
                self.pieces,
            )
        };
        let bytes = row.text.as_bytes();
        let (mut file, mut i) = (0i32, 0);
        while i < bytes.len() {
            if bytes[i].is_ascii_digit() {
                let n = empty_run(row, &mut i)?;
                file = file.saturating_add(n);
                if file > width {
                    return Err(too_wide());
                }
            } else if bytes[i] == b'*' && self.is_hole(row, file) {
                file += 1;
                i += 1;
            } else if bytes[i] == b'*' {
                let at = (file, &row.files[..]);
                let petrified = self.blocks || self.pieces.iter().any(|p| p.petrifies);
                let rule = (self.wall_rule, petrified);
                let coord = wall_at(row.at + i, rule, read.walls.len(), at, row.rank)
                    .map_err(|e| e.unwrap_or_else(too_wide))?;
                read.walls.push(coord);
                file += 1;
                i += 1;
            } else {
                if file >= width {
                    let _ = self.label(row, i)?;
                    return Err(too_wide());
                }
                i += self.piece(row, i, file, read)?;
                file += 1;
            }
        }
        if file != width {
            return Err(too_wide());
        }
        Ok(())
    }

    /// Whether the row's `file`-th cell is removed from the board: written `*`, as
    /// Fairy-Stockfish writes it, or counted as empty.
    fn is_hole(&self, row: &Row, file: i32) -> bool {
        (row.files.get(file as usize)).is_some_and(|&f| {
            !self.board.contains(Coord {
                file: f,
                rank: row.rank,
            })
        })
    }

    /// The piece label at `row.text[i..]`: its kind, side and length.
    fn label(&self, row: &Row, i: usize) -> Result<(usize, Side, usize), FenError> {
        label_at(&row.text[i..], self.pieces).ok_or_else(|| {
            let c = row.text[i..].chars().next().unwrap_or('?');
            let labels: Vec<String> = self
                .pieces
                .iter()
                .map(|p| format!("{} ({})", p.label, p.name))
                .collect();
            FenError {
                kind: FenErrorKind::UnknownPiece,
                ..fen_err(
                    row.at + i,
                    c.len_utf8(),
                    format!("`{c}` is not a piece label of this variant"),
                    Some(format!(
                        "the piece labels are {}; upper case for White, lower case for Black",
                        labels.join(", ")
                    )),
                )
            }
        })
    }

    /// The piece written at `row.text[i..]` on the row's `file`, placed; the bytes
    /// it took (with a two-cell partner's mark).
    fn piece(
        &self,
        row: &Row,
        i: usize,
        file: i32,
        read: &mut RowsRead,
    ) -> Result<usize, FenError> {
        let (kind, side, len) = self.label(row, i)?;
        let coord = Coord {
            file: row.files[file as usize],
            rank: row.rank,
        };
        if !self.board.contains(coord) {
            return Err(fen_err(
                row.at + i,
                1,
                format!(
                    "a piece on {}, which is not a cell of this board",
                    self.board.cell_name(coord)
                ),
                Some("a removed cell is written `*` (or counted as empty)".into()),
            ));
        }
        read.placements.push((coord, side, kind));
        let partner = partner_mark(row.at + i + len, &row.text[i + len..], self.board)?;
        read.written.push(Written {
            label_at: row.at + i,
            partner: partner.map(|(c, _)| (c, row.at + i + len)),
        });
        Ok(len + partner.map_or(0, |(_, n)| n))
    }
}

/// The run of empty cells written at `row.text[*i..]` (moving `i` past it): at
/// least one.
fn empty_run(row: &Row, i: &mut usize) -> Result<i32, FenError> {
    let bytes = row.text.as_bytes();
    let start = *i;
    while *i < bytes.len() && bytes[*i].is_ascii_digit() {
        *i += 1;
    }
    let n: i32 = row.text[start..*i].parse().unwrap_or(i32::MAX);
    if n == 0 {
        return Err(fen_err(
            row.at + start,
            *i - start,
            "an empty run of zero cells".into(),
            Some("empty runs count at least one cell".into()),
        ));
    }
    Ok(n)
}

/// The cell of a wall (`*`) at the row's `file` when `before` walls came before
/// it; `Err(None)` when the row is too long.
pub(super) fn wall_at(
    at: usize,
    (rule, petrified): (Option<WallRule>, bool),
    before: usize,
    (file, files): (i32, &[i32]),
    rank: i32,
) -> Result<Coord, Option<FenError>> {
    if rule.is_none() && !petrified {
        return Err(Some(fen_err(
            at,
            1,
            "a wall (`*`) in a variant without walls".into(),
            Some("only a definition with `blocks`, a `walls` rule or a piece that `petrifies` has walls; write the cell as empty".into()),
        )));
    }
    if rule == Some(WallRule::Duck) && before > 0 {
        return Err(Some(fen_err(
            at,
            1,
            "a second duck: under `walls duck` the board has one wall".into(),
            Some("write the other cells as empty".into()),
        )));
    }
    // (a `*` on a removed cell is that cell, read before this)
    let Some(&f) = files.get(file as usize) else {
        return Err(None);
    };
    Ok(Coord { file: f, rank })
}

/// `(f2)` right after a label: the other end of a two-cell piece, and the mark's length.
pub(super) fn partner_mark(
    at: usize,
    text: &str,
    board: &BoardShape,
) -> Result<Option<(Coord, usize)>, FenError> {
    let Some(body) = text.strip_prefix('(') else {
        return Ok(None);
    };
    let Some(end) = body.find(')') else {
        return Err(fen_err(
            at,
            text.len(),
            "the other end's cell has no closing `)`".into(),
            Some("a two-cell piece is written on its first end with the other end's cell, e.g. `B(f2)`".into()),
        ));
    };
    let name = &body[..end];
    match board.parse_cell(name).filter(|c| board.contains(*c)) {
        Some(c) => Ok(Some((c, end + 2))),
        None => Err(fen_err(
            at + 1,
            name.len(),
            format!("`{name}` is not a cell of this board"),
            Some("the mark after a two-cell piece names the cell of its other end".into()),
        )),
    }
}

/// Pair the ends of the two-cell pieces: each marked end with the cell it names,
/// which must hold the same piece, as its neighbour, and not be paired already;
/// every end of a two-cell piece paired once; no mark on a one-cell piece.
pub(super) fn pair_ends(
    placements: &[Placement],
    written: &[Written],
    board: &BoardShape,
    pieces: &[PieceDef],
) -> Result<Vec<(Coord, Coord)>, FenError> {
    let mut links: Vec<(Coord, Coord)> = Vec::new();
    let paired = |links: &[(Coord, Coord)], c: Coord| links.iter().any(|&(a, b)| a == c || b == c);
    let edges = board.tiling.edge_steps();
    for (&(cell, side, kind), w) in placements.iter().zip(written) {
        let Some((other, mark_at)) = w.partner else {
            continue;
        };
        let err = |message: String, help: &str| fen_err(mark_at, 1, message, Some(help.into()));
        if pieces[kind].two_cell.is_none() {
            return Err(err(
                format!(
                    "`{}` stands on one cell: it has no other end",
                    pieces[kind].name
                ),
                "only two-cell pieces are written with the cell of their other end",
            ));
        }
        let same = placements
            .iter()
            .any(|&(c, s, k)| c == other && s == side && k == kind);
        let next = edges.iter().any(|o| {
            Coord {
                file: cell.file + o.dx,
                rank: cell.rank + o.dy,
            } == other
        });
        if !same || !next {
            return Err(err(
                format!(
                    "the other end of this {} on {} must be the same piece on a neighbouring cell, not {}",
                    pieces[kind].name,
                    board.cell_name(cell),
                    board.cell_name(other)
                ),
                "write the piece on both cells, and the mark on one of them",
            ));
        }
        if paired(&links, cell) || paired(&links, other) {
            return Err(err(
                format!(
                    "{} is already an end of another piece",
                    board.cell_name(other)
                ),
                "each end belongs to one two-cell piece: mark each piece once",
            ));
        }
        links.push((cell, other));
    }
    for (&(cell, _, kind), w) in placements.iter().zip(written) {
        if pieces[kind].two_cell.is_some() && !paired(&links, cell) {
            return Err(fen_err(
                w.label_at,
                pieces[kind].label.len(),
                format!(
                    "the {} on {} has no other end",
                    pieces[kind].name,
                    board.cell_name(cell)
                ),
                Some(format!(
                    "write a two-cell piece on both its cells, the first written followed by the other's cell in brackets, e.g. `{}(f2)`",
                    pieces[kind].label
                )),
            ));
        }
    }
    Ok(links)
}

/// The piece whose label starts `text`, written upper case for White and lower case
/// for Black: its kind, side and the label's length. Labels are prefix-free (the
/// checker sees to it), so at most one matches; the longest would win otherwise.
pub fn label_at(text: &str, pieces: &[PieceDef]) -> Option<(usize, Side, usize)> {
    // A promoted piece's label may start with `+`: its first letter tells the side.
    let first = text.bytes().find(|&b| b != b'+')?;
    let side = if first.is_ascii_uppercase() {
        Side::White
    } else if first.is_ascii_lowercase() {
        Side::Black
    } else {
        return None;
    };
    let written = |label: &str| -> bool {
        let bytes = text.as_bytes();
        bytes.len() >= label.len()
            && label.bytes().zip(bytes).all(|(l, &t)| match side {
                Side::White => t == l,
                Side::Black => t == l.to_ascii_lowercase(),
            })
    };
    pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.label.is_empty() && written(&p.label))
        .max_by_key(|(_, p)| p.label.len())
        .map(|(kind, p)| (kind, side, p.label.len()))
}

pub(super) fn row_width_error(
    row_at: usize,
    row: &str,
    files: &[i32],
    rank: i32,
    board: &BoardShape,
    pieces: &[PieceDef],
) -> FenError {
    let width = files.len();
    let mut cells = 0i64;
    let bytes = row.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let s = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            // saturating: a run of many digits must not overflow the count
            cells = cells.saturating_add(row[s..i].parse::<i64>().unwrap_or(i64::MAX));
        } else {
            cells = cells.saturating_add(1);
            i += label_at(&row[i..], pieces).map_or_else(
                || row[i..].chars().next().map_or(1, char::len_utf8),
                |l| l.2,
            );
            // a two-cell piece's mark, `(f2)`, is part of its cell
            if let Some(mark) = row[i..].strip_prefix('(') {
                i += mark.find(')').map_or(row.len() - i, |end| end + 2);
            }
        }
    }
    if board.tiling == crate::model::Tiling::Hex {
        let name = |i: usize| {
            board.cell_name(Coord {
                file: files[i],
                rank,
            })
        };
        let span = match width {
            0 => "none".to_string(),
            _ => format!("{} to {}", name(0), name(width - 1)),
        };
        return fen_err(
            row_at,
            row.len(),
            format!(
                "this row (rank {}) has {cells} cells but the rank has {width} ({span})",
                board.ranks[rank as usize]
            ),
            Some(
                "on a hexagonal board a row lists only the cells its rank has, lowest file first"
                    .into(),
            ),
        );
    }
    fen_err(
        row_at,
        row.len(),
        format!(
            "this row (rank {}) has {} cells but the board has {} files",
            board.ranks[rank as usize], cells, width
        ),
        Some(format!(
            "each row must cover all {width} files: pieces plus empty runs"
        )),
    )
}
