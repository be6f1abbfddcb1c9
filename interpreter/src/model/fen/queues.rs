//! Drop queues and exchanges in a FEN.

use super::fen_err;
use crate::model::{
    label_at, BoardShape, Coord, FenError, FenErrorKind, FenRules, PieceDef, Setup, Side,
};

/// The `{...}` field's body and its offset in the FEN.
type QueueField<'t> = Option<(usize, &'t str)>;

/// The rows without a trailing `{...}` field, and that field's body and its offset.
pub(super) fn split_queues<'t>(
    rows_at: usize,
    rows: &'t str,
    rules: &FenRules,
) -> Result<(&'t str, QueueField<'t>), FenError> {
    let Some(open) = rows.find('{') else {
        if let Some(close) = rows.find('}') {
            return Err(fen_err(
                rows_at + close,
                1,
                "a `}` with no `{` before it".into(),
                Some("the drop queues are written `{WHITE/black}` after the rows".into()),
            ));
        }
        return Ok((rows, None));
    };
    if !rules.drops {
        return Err(fen_err(
            rows_at + open,
            rows.len() - open,
            "this variant has no drop queues".into(),
            Some("`{...}` after the rows is for variants with a `drops` section".into()),
        ));
    }
    let tail = &rows[open + 1..];
    match tail.find('}') {
        Some(close) if close + 1 == tail.len() => {
            Ok((&rows[..open], Some((rows_at + open + 1, &tail[..close]))))
        }
        Some(close) => Err(fen_err(
            rows_at + open + 2 + close,
            tail.len() - close - 1,
            "the drop queues must end the first field".into(),
            Some("write the rows, then `[...]` if any, then `{WHITE/black}`".into()),
        )),
        None => Err(fen_err(
            rows_at + open,
            rows.len() - open,
            "the drop queues have no closing `}`".into(),
            Some("write `{WHITE/black}`, e.g. `{AMCQ/amcq}`".into()),
        )),
    }
}

/// `{AMCQ+1/amcq@e4*2}`: White's drop queue front first in upper case, `/`, Black's in
/// lower case; `+N` after a queue, that side's drop credits; after `@`, the cell of a
/// piece that just captured, whose capture now earns the side to move a credit (`*N`:
/// N credits).
pub(super) fn read_queues(
    at: usize,
    body: &str,
    board: &BoardShape,
    pieces: &[PieceDef],
    setup: &mut Setup,
) -> Result<(), FenError> {
    let (queues, exchange) = match body.split_once('@') {
        Some((q, e)) => (q, Some(e)),
        None => (body, None),
    };
    let Some((white, black)) = queues.split_once('/') else {
        return Err(fen_err(
            at,
            queues.len(),
            "the drop queues need a `/` between White's and Black's".into(),
            Some("write `{WHITE/black}`; an empty queue is nothing, e.g. `{/amcq}`".into()),
        ));
    };
    let black_at = at + white.len() + 1;
    for (side, part_at, part) in [(Side::White, at, white), (Side::Black, black_at, black)] {
        let (queue, credits) = read_queue(part_at, part, side, pieces)?;
        setup.queues[side.index()] = queue;
        setup.credits[side.index()] = credits;
    }
    if let Some(e) = exchange {
        setup.exchange = Some(read_exchange(at + queues.len() + 1, e, board)?);
    }
    Ok(())
}

/// One side's queue (kinds, front first) and its `+N` credits.
pub(super) fn read_queue(
    at: usize,
    part: &str,
    side: Side,
    pieces: &[PieceDef],
) -> Result<(Vec<usize>, u32), FenError> {
    let (labels, credits) = match part.split_once('+') {
        Some((l, n)) => (l, Some(n)),
        None => (part, None),
    };
    let mut queue = Vec::new();
    let mut i = 0;
    while i < labels.len() {
        let found = label_at(&labels[i..], pieces);
        match found {
            Some((kind, _, len)) if pieces[kind].two_cell.is_some() => {
                return Err(fen_err(
                    at + i,
                    len,
                    format!("`{}` stands on two cells: it cannot wait in a queue", pieces[kind].name),
                    Some("a drop puts one piece on one cell: leave two-cell pieces out of the queues".into()),
                ));
            }
            Some((kind, s, len)) if s == side => {
                queue.push(kind);
                i += len;
            }
            _ => {
                let c = labels[i..].chars().next().unwrap_or('?');
                let (message, help) = match found {
                    Some(_) => (
                        format!("`{c}` is a piece of the other side, in {}'s queue", side.name()),
                        "White's queue comes first, in upper case; Black's after the `/`, in lower case",
                    ),
                    None => (
                        format!("`{c}` is not a piece label of this variant"),
                        "a queue lists piece labels, front first",
                    ),
                };
                return Err(FenError {
                    kind: if found.is_none() {
                        FenErrorKind::UnknownPiece
                    } else {
                        FenErrorKind::Malformed
                    },
                    ..fen_err(at + i, c.len_utf8(), message, Some(help.into()))
                });
            }
        }
    }
    let credits = match credits {
        None => 0,
        Some(n) => read_count(at + labels.len() + 1, n, "a number of drop credits")?,
    };
    Ok((queue, credits))
}

/// `e4` or `e4*2`: a capturer's cell and the credits taking it earns.
pub(super) fn read_exchange(
    at: usize,
    text: &str,
    board: &BoardShape,
) -> Result<(Coord, u32), FenError> {
    let (cell, count) = match text.split_once('*') {
        Some((c, n)) => (c, read_count(at + c.len() + 1, n, "a number of credits")?),
        None => (text, 1),
    };
    match board.parse_cell(cell).filter(|c| board.contains(*c)) {
        Some(c) => Ok((c, count)),
        None => Err(fen_err(
            at,
            cell.len(),
            format!("`{cell}` is not a cell of this board"),
            Some("after `@` comes the cell of the piece that just captured, e.g. `@e4`".into()),
        )),
    }
}

pub(super) fn read_count(at: usize, text: &str, what: &str) -> Result<u32, FenError> {
    text.parse::<u32>()
        .ok()
        .filter(|_| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
        .filter(|&n| n <= 255)
        .ok_or_else(|| {
            fen_err(
                at,
                text.len(),
                format!("`{text}` is not {what}"),
                Some("a whole number from 0 to 255".into()),
            )
        })
}
