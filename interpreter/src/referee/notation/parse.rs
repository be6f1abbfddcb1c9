//! Move texts read into parts: steps, removals, placements, passes and walls.

use super::{reject, MoveText, Part, PartAt, Rejection};
use crate::diagnostic::Code;

fn is_cell_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
}

/// A piece label as written in a move: one to three letters of one case, after a
/// promoted piece's `+` or before its `~`.
pub fn is_label(text: &str) -> bool {
    let core = text.strip_prefix('+').unwrap_or(text);
    let core = core.strip_suffix('~').unwrap_or(core);
    (1..=crate::check::MAX_LABEL_LEN).contains(&core.len())
        && (core.bytes().all(|b| b.is_ascii_uppercase())
            || core.bytes().all(|b| b.is_ascii_lowercase()))
}

/// Split a move text into parts. Cell names are checked later, against the board.
pub fn parse(text: &str) -> Result<MoveText, Rejection> {
    let mut parts = Vec::new();
    let mut at = 0;
    for raw in text.split(';') {
        let start = at + (raw.len() - raw.trim_start().len());
        at += raw.len() + 1;
        let part = raw.trim();
        if part.is_empty() {
            return Err(Rejection {
                offset: start,
                len: 1,
                ..reject(
                    Code::BadNotation,
                    "an empty part in a move",
                    Some("parts of one move are separated by `;`, e.g. `P e7-e8; Q-e8`".into()),
                )
            });
        }
        let parsed = parse_part(part).ok_or_else(|| Rejection {
            offset: start,
            len: part.len(),
            ..reject(
                Code::BadNotation,
                format!("cannot read `{part}` as a move"),
                Some(
                    "write moves as `P e2-e4` or `e2-e4`; a promotion as `P e7-e8; Q-e8`; a removal as `@-e4`"
                        .into(),
                ),
            )
        })?;
        parts.push(PartAt {
            offset: start,
            len: part.len(),
            part: parsed,
        });
    }
    Ok(MoveText { parts })
}

fn parse_part(part: &str) -> Option<Part> {
    if part.eq_ignore_ascii_case("pass") || part == "--" {
        return Some(Part::Pass);
    }
    if let Some(cell) = part.strip_prefix('*') {
        let cell = cell.trim_start_matches(['-', '@']).trim();
        return (!cell.is_empty() && cell.chars().all(is_cell_char))
            .then(|| Part::Wall(cell.to_string()));
    }
    if let Some(cell) = part.strip_prefix("@-") {
        let cell = cell.trim();
        return cell
            .chars()
            .all(is_cell_char)
            .then(|| Part::Remove(cell.to_string()));
    }
    // `L-cell`, `L*cell`, `L@cell`: a placement.
    if let Some((label, cell)) = part.split_once(['-', '*', '@']) {
        if is_label(label)
            && !cell.is_empty()
            && cell.chars().all(is_cell_char)
            && cell.chars().any(|c| c.is_ascii_digit())
        {
            return Some(Part::Place(label.to_string(), cell.to_string()));
        }
    }
    // `cell-`: a removal.
    if let Some(cell) = part.strip_suffix('-') {
        if !cell.is_empty() && cell.chars().all(is_cell_char) {
            return Some(Part::Remove(cell.to_string()));
        }
    }
    // An optional letter, then the step.
    let (letter, step) = match part.split_once(char::is_whitespace) {
        Some((l, s)) if is_label(l) => (Some(l.to_string()), s.trim()),
        Some(_) => return None,
        None => (None, part),
    };
    let (step, promote) = match step.split_once('=') {
        Some((s, p)) if is_label(p.trim()) => (s.trim(), Some(p.trim().to_string())),
        Some(_) => return None,
        None => (step, None),
    };
    let (from, to) = match step.split_once(['-', ' ']) {
        Some((f, t)) if !f.is_empty() && !t.is_empty() => {
            (f.trim().to_string(), t.trim().to_string())
        }
        // `e2e4`: both cells in one word, split later against the board.
        _ => (step.to_string(), String::new()),
    };
    if !from.chars().all(is_cell_char) || !to.chars().all(is_cell_char) {
        return None;
    }
    Some(Part::Step {
        letter,
        from,
        to,
        promote,
    })
}
