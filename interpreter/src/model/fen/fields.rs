//! The fields after the board: side, en passant, swap ban, counters, checks, the reserve.

use super::castling::read_castling;
use super::fen_err;
use crate::model::{
    label_at, BoardShape, Coord, EnPassantField, FenError, FenErrorKind, FenRules, PieceDef, Setup,
    Side,
};

/// A cell named in a field after the rows, at byte `at` of the FEN.
pub(super) fn field_cell(
    board: &BoardShape,
    at: usize,
    name: &str,
    help: &str,
) -> Result<Coord, FenError> {
    board
        .parse_cell(name)
        .filter(|c| board.contains(*c))
        .ok_or_else(|| {
            fen_err(
                at,
                name.len().max(1),
                format!("`{name}` is not a cell of this board"),
                Some(help.into()),
            )
        })
}

/// The en-passant field: passed cells joined by `,`, then `>` and the passing
/// piece's cell when the cells alone do not say which piece passed them.
pub(super) fn read_en_passant(
    at: usize,
    f: &str,
    board: &BoardShape,
) -> Result<EnPassantField, FenError> {
    const HELP: &str = "the en-passant field is `-`, a passed cell (`e3`), several joined by \
                        `,` (`e3,e4`), or those followed by `>` and the cell of the piece \
                        that passed them (`d3>e4`)";
    let (cells, victim) = match f.split_once('>') {
        Some((cells, victim)) => (cells, Some(victim)),
        None => (f, None),
    };
    let mut passed = Vec::new();
    let mut start = 0;
    for name in cells.split(',') {
        passed.push(field_cell(board, at + start, name, HELP)?);
        start += name.len() + 1;
    }
    let victim = victim
        .map(|v| field_cell(board, at + cells.len() + 1, v, HELP))
        .transpose()?;
    Ok(EnPassantField {
        passed,
        victim,
        offset: at,
        len: f.len(),
    })
}

/// The swap that may not be undone on this move (`g2<>e4`: the pieces on g2 and
/// e4 just exchanged places), written after the en-passant field.
pub(super) fn read_swap_ban(
    at: usize,
    (a, b): (&str, &str),
    board: &BoardShape,
) -> Result<(Coord, Coord), FenError> {
    const HELP: &str = "after the en-passant field, `g2<>e4` says the pieces on g2 and e4 \
                        have just swapped and may not swap back";
    Ok((
        field_cell(board, at, a, HELP)?,
        field_cell(board, at + a.len() + 2, b, HELP)?,
    ))
}

/// The fields after the rows: side to move, castling flags, en-passant cell, clocks.
pub(super) fn read_fields(
    fields: &[(usize, &str)],
    text: &str,
    rules: &FenRules,
    setup: &mut Setup,
) -> Result<(), FenError> {
    let board = rules.board;
    let mut rest = fields.iter().copied().peekable();
    if let Some((at, f)) = rest.next() {
        setup.to_move = match f {
            "w" => Side::White,
            "b" => Side::Black,
            _ => {
                return Err(fen_err(
                    at,
                    f.len(),
                    format!("`{f}` is not a side to move"),
                    Some("write `w` for White or `b` for Black".into()),
                ))
            }
        };
    }
    let is_number = |f: &str| f.bytes().all(|b| b.is_ascii_digit());
    let is_count = |f: &str| is_number(f) || check_pair(f).is_some();
    if let Some(&(at, f)) = rest.peek() {
        if !is_count(f) {
            rest.next();
            if f != "-" {
                read_castling(at, f, rules, setup)?;
            }
        }
    }
    if let Some(&(at, f)) = rest.peek() {
        if !is_count(f) {
            rest.next();
            if f != "-" {
                setup.en_passant = Some(read_en_passant(at, f, board)?);
            }
        }
    }
    read_counters(&mut rest, rules, setup)?;
    for (slot, name) in [(0, "halfmove clock"), (1, "fullmove number")] {
        if let Some((at, f)) = rest.next() {
            let Some(n) = f.parse::<u32>().ok().filter(|_| is_number(f)) else {
                return Err(fen_err(
                    at,
                    f.len(),
                    format!("`{f}` is not a {name}"),
                    Some("clocks are whole numbers".into()),
                ));
            };
            if slot == 0 {
                setup.halfmove = n;
            } else {
                setup.fullmove = n.max(1);
            }
        }
    }
    if let Some((at, f)) = rest.next() {
        return trailing_checks(at, f, rest.peek().is_none(), text, rules, setup);
    }
    Ok(())
}

/// A field after the fullmove number: lichess's checks given (`+2+1`), when it is
/// the last; anything else is an error.
fn trailing_checks(
    at: usize,
    f: &str,
    last: bool,
    text: &str,
    rules: &FenRules,
    setup: &mut Setup,
) -> Result<(), FenError> {
    if let Some(given) = f.strip_prefix('+').and_then(check_pair) {
        if last {
            checks_given(at, f, [0, 0], rules.checks)?;
            if let Some(limit) = rules.checks.filter(|&l| given.iter().any(|&n| n > l)) {
                return Err(fen_err(
                    at,
                    f.len(),
                    format!("`{f}` gives more than {limit} checks"),
                    Some(format!(
                        "each side has given at most {limit} checks, e.g. `+{limit}+{limit}`"
                    )),
                ));
            }
            setup.checks = given;
            return Ok(());
        }
    }
    Err(fen_err(
        at,
        text.len() - at,
        format!("unexpected field `{f}` after the fullmove number"),
        None,
    ))
}

/// The fields between en passant and the clocks, each optional: the swap ban
/// (`e4<>g2`), the checks still to give (`3+3`), the passes just made (`pass`),
/// the running count (`PLY/LIMIT`).
pub(super) fn read_counters<'t>(
    rest: &mut std::iter::Peekable<impl Iterator<Item = (usize, &'t str)>>,
    rules: &FenRules,
    setup: &mut Setup,
) -> Result<(), FenError> {
    if let Some(&(at, f)) = rest.peek() {
        if let Some((a, b)) = f.split_once("<>") {
            rest.next();
            setup.swap_ban = Some(read_swap_ban(at, (a, b), rules.board)?);
        }
    }
    if let Some(&(at, f)) = rest.peek() {
        if let Some(left) = check_pair(f) {
            rest.next();
            setup.checks = checks_given(at, f, left, rules.checks)?;
        }
    }
    if let Some(&(at, f)) = rest.peek() {
        if let Some(n) = passes_field(f) {
            rest.next();
            if !rules.passes {
                return Err(fen_err(
                    at,
                    f.len(),
                    format!("`{f}` counts passes, but no end rule looks at them"),
                    Some(
                        "a pass count is read only where `end` has `double-pass` or `facing`"
                            .into(),
                    ),
                ));
            }
            setup.passes = n;
        }
    }
    if let Some(&(at, f)) = rest.peek() {
        if let Some(count) = count_field(f) {
            rest.next();
            if !rules.counting {
                return Err(fen_err(
                    at,
                    f.len(),
                    format!("`{f}` is a running count, but the variant has no `counting` rule"),
                    None,
                ));
            }
            if count.1 == 0 || count.1 % 2 != 0 {
                return Err(fen_err(
                    at,
                    f.len(),
                    format!("`{f}`: a count's limit is a positive, even number of plies"),
                    Some(
                        "`PLY/LIMIT`, both in plies: `16/32` is 8 moves into a count of 16".into(),
                    ),
                ));
            }
            setup.counting = Some(count);
        }
    }
    Ok(())
}

/// A running count, `PLY/LIMIT`.
pub(super) fn count_field(f: &str) -> Option<(u32, u32)> {
    let (ply, limit) = f.split_once('/')?;
    let number = |s: &str| {
        s.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| s.parse().ok())
            .flatten()
    };
    Some((number(ply)?, number(limit)?))
}

/// The passes just made, as the FEN writes them: `pass`, `pass-pass`.
pub fn passes_field(f: &str) -> Option<u8> {
    match f {
        "pass" => Some(1),
        "pass-pass" => Some(2),
        _ => None,
    }
}

/// `N+M`: two counts, White's then Black's.
pub(super) fn check_pair(f: &str) -> Option<[u32; 2]> {
    let (a, b) = f.split_once('+')?;
    let count = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    Some([count(a)?, count(b)?])
}

/// The checks each side has given, from the checks `left` to give: only under a
/// `checks` rule, and never more left than the rule's count.
pub(super) fn checks_given(
    at: usize,
    f: &str,
    left: [u32; 2],
    limit: Option<u32>,
) -> Result<[u32; 2], FenError> {
    let Some(limit) = limit else {
        return Err(fen_err(
            at,
            f.len(),
            format!("`{f}` counts checks, but the variant has no `checks` end rule"),
            Some("a check count is read only where `end` has `checks N OUTCOME`".into()),
        ));
    };
    if left.iter().any(|&n| n > limit) {
        return Err(fen_err(
            at,
            f.len(),
            format!("`{f}` leaves more than {limit} checks to give"),
            Some(format!(
                "each side has at most {limit} checks to give, e.g. `{limit}+{limit}`"
            )),
        ));
    }
    Ok(left.map(|n| limit - n))
}

/// Pieces off the board: each one's side and kind.
type Reserve = Vec<(Side, usize)>;

/// `rows[Qr]`: the board rows, and the captured pieces off the board listed after
/// them (for promotions to captured pieces).
pub(super) fn read_reserve<'t>(
    rows_at: usize,
    rows: &'t str,
    (pieces, unlimited): (&[PieceDef], &[usize]),
) -> Result<(&'t str, Reserve), FenError> {
    let mut reserve = Vec::new();
    let rows = match rows.split_once('[') {
        Some((board_rows, tail)) => {
            let list_at = rows_at + board_rows.len() + 1;
            let Some(list) = tail.strip_suffix(']') else {
                return Err(fen_err(
                    list_at - 1,
                    tail.len() + 1,
                    "the list of captured pieces has no closing `]`".into(),
                    Some(
                        "write captured pieces after the rows, e.g. `.../1IWLKCLAS1/10[Lw] w`"
                            .into(),
                    ),
                ));
            };
            let mut i = 0;
            while i < list.len() {
                // `[-]`: an empty hand, as shogi FENs write it.
                if list[i..].starts_with('-') {
                    i += 1;
                    continue;
                }
                let Some((kind, side, len)) = label_at(&list[i..], pieces) else {
                    let c = list[i..].chars().next().unwrap_or('?');
                    return Err(FenError {
                        kind: FenErrorKind::UnknownPiece,
                        ..fen_err(
                            list_at + i,
                            c.len_utf8(),
                            format!("`{c}` is not a piece label of this variant"),
                            Some("captured pieces are piece labels: upper case for White's, lower case for Black's".into()),
                        )
                    });
                };
                if unlimited.contains(&kind) {
                    return Err(fen_err(
                        list_at + i,
                        len,
                        format!(
                            "`{}` is always in hand (`unlimited`): the hand lists no count of it",
                            &list[i..i + len]
                        ),
                        Some("leave it out of the brackets".into()),
                    ));
                }
                reserve.push((side, kind));
                i += len;
            }
            board_rows
        }
        None => rows,
    };
    Ok((rows, reserve))
}

/// The board rows, last rank first: placements of pieces by their labels.
/// A piece placed by a FEN row.
pub(super) type Placement = (Coord, Side, usize);
