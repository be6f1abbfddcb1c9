//! FEN: a position as text, read against a definition's board, pieces and rules.

use super::{
    BoardShape, CastleDef, Coord, EnPassantField, FreeCastleError, PieceDef, Setup, Side, WallRule,
};

/// A problem in a FEN string, at a byte range of that string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub kind: FenErrorKind,
    pub offset: usize,
    pub len: usize,
    pub message: String,
    pub help: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    pub board: &'a BoardShape,
    pub pieces: &'a [PieceDef],
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
    let (rows, reserve) = read_reserve(rows_at, rows, pieces)?;
    let (placements, links, walls) = read_rows(rows_at, rows, board, pieces, rules.walls)?;
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

/// Each castling right needs its king and rook where the rule starts them: pieces
/// of the right side, of the kinds the definition's setup puts there (a right with
/// a bishop where the rook should be would castle the bishop).
fn check_castling(
    fields: &[(usize, &str)],
    rules: &FenRules,
    setup: &Setup,
) -> Result<(), FenError> {
    let piece_at = |s: &Setup, c: Coord| {
        s.placements
            .iter()
            .find(|p| p.0 == c)
            .map(|&(_, side, kind)| (side, kind))
    };
    for &i in &setup.castling {
        let rule = &rules.castling[i];
        if rule.is_free() {
            continue;
        }
        for (what, cell) in [("king", rule.king_from), ("rook", rule.rook_from)] {
            let want = rules.start.and_then(|s| piece_at(s, cell));
            let found = piece_at(setup, cell);
            let fits = match (found, want) {
                (Some((side, kind)), Some((_, w))) => side == rule.side && kind == w,
                (Some((side, _)), None) => side == rule.side,
                (None, _) => false,
            };
            if !fits {
                let (at, field) = fields.get(2).copied().unwrap_or((0, ""));
                let offset = at + field.find(rule.flag).unwrap_or(0);
                return Err(FenError {
                    kind: FenErrorKind::StrayCastlingRight,
                    ..fen_err(
                        offset,
                        rule.flag.len_utf8(),
                        format!(
                            "castling right `{}` without its {what} on its start cell",
                            rule.flag
                        ),
                        Some(format!(
                            "the {what} of this castling starts on {}; without it, drop `{}` from the castling field",
                            rules.board.cell_name(cell),
                            rule.flag
                        )),
                    )
                });
            }
        }
    }
    Ok(())
}

/// The castling field: each flag once, as indices into the castling rules; with
/// gates, the open gates: named by file, and the cells of each castling; and for
/// free (Chess960) castlings, the start cells, the rook named by its flag (the
/// outermost) or by its file letter.
fn read_castling(at: usize, f: &str, rules: &FenRules, setup: &mut Setup) -> Result<(), FenError> {
    let castling = rules.castling;
    let mut rights = Vec::new();
    let mut named: Vec<(usize, i32)> = Vec::new();
    let mut offsets = Vec::new();
    let mut gates = [Vec::new(), Vec::new()];
    for (i, ch) in f.char_indices() {
        if let Some((side, cell)) = gate_named(ch, rules) {
            let manned = (setup.placements.iter()).any(|p| p.0 == cell && p.1.index() == side);
            if !manned {
                return Err(fen_err(
                    at + i,
                    1,
                    format!(
                        "gate `{ch}` names {}, where no piece of {} stands",
                        rules.board.cell_name(cell),
                        if side == 0 { "White's" } else { "Black's" }
                    ),
                    Some(
                        "a gate is the cell of a piece that has not moved: drop the letter".into(),
                    ),
                ));
            }
            gates[side].push(cell);
            continue;
        }
        let (idx, file) = match castling.iter().position(|c| c.flag == ch) {
            Some(idx) => (idx, None),
            None => match rook_named(ch, rules, &setup.placements) {
                Some((idx, file)) => (idx, Some(file)),
                None => return Err(not_a_flag(at + i, ch, castling)),
            },
        };
        if rights.contains(&idx) {
            return Err(fen_err(
                at + i,
                1,
                format!("castling flag `{ch}` given twice"),
                None,
            ));
        }
        rights.push(idx);
        offsets.push((idx, at + i, ch));
        named.extend(file.map(|f| (idx, f)));
    }
    for &i in &rights {
        let c = &castling[i];
        let side = c.side.index();
        for cell in [c.king_from, c.rook_from] {
            if !c.is_free()
                && rules.gate_cells[side].contains(&cell)
                && !gates[side].contains(&cell)
            {
                gates[side].push(cell);
            }
        }
    }
    setup.castling = rights;
    setup.gates = gates;
    if rules.shuffled {
        return Ok(());
    }
    let failed = setup.place_free_castles(castling, rules.pieces, &named);
    match failed
        .first()
        .and_then(|(i, e)| Some((offsets.iter().find(|o| o.0 == *i)?, e)))
    {
        Some(((i, offset, ch), e)) => Err(free_castle_error(*offset, *ch, &castling[*i], e, rules)),
        None => Ok(()),
    }
}

fn not_a_flag(at: usize, ch: char, castling: &[CastleDef]) -> FenError {
    let flags: String = castling.iter().map(|c| c.flag).collect();
    fen_err(
        at,
        ch.len_utf8(),
        format!("`{ch}` is not a castling flag of this variant"),
        Some(if flags.is_empty() {
            "this variant has no castling: write `-`".into()
        } else if castling.iter().any(CastleDef::is_free) {
            format!("the castling flags are `{flags}`, or a rook's file letter (upper case for White), or `-` for none")
        } else {
            format!("the castling flags are `{flags}`, or `-` for none")
        }),
    )
}

/// A file letter in the castling field (Shredder-FEN, X-FEN): the free castling of
/// that side whose rook starts on that side of the king, and the file.
fn rook_named(
    ch: char,
    rules: &FenRules,
    placements: &[(Coord, Side, usize)],
) -> Option<(usize, i32)> {
    let side = if ch.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    };
    let name = ch.to_ascii_lowercase().to_string();
    let file = rules.board.files.iter().position(|f| *f == name)? as i32;
    rules.castling.iter().enumerate().find_map(|(i, c)| {
        let king = placements
            .iter()
            .find(|p| p.1 == side && p.0.rank == c.king_to.rank && rules.pieces[p.2].royal)?;
        (c.is_free() && c.side == side && (file - king.0.file) * c.rook_side() > 0)
            .then_some((i, file))
    })
}

fn free_castle_error(
    offset: usize,
    ch: char,
    rule: &CastleDef,
    e: &FreeCastleError,
    rules: &FenRules,
) -> FenError {
    let rank = rules
        .board
        .ranks
        .get(rule.king_to.rank as usize)
        .map_or("?", |r| r.as_str());
    let (message, help) = match e {
        FreeCastleError::King(0) => (
            format!("castling right `{ch}` without a king on rank {rank}"),
            format!("the king of this castling starts on rank {rank}; without it, drop `{ch}` from the castling field"),
        ),
        FreeCastleError::King(_) => (
            format!("castling right `{ch}` with more than one royal piece on rank {rank}"),
            "a `*` castling needs one royal piece on its rank".to_string(),
        ),
        FreeCastleError::Partner => (
            format!("castling right `{ch}` without its rook"),
            format!(
                "this castling's rook starts between the king and the {}-file, on rank {rank}; without it, drop `{ch}` from the castling field",
                if rule.rook_side() > 0 { rules.board.files.last() } else { rules.board.files.first() }
                    .map_or("?", |f| f.as_str())
            ),
        ),
    };
    fen_err(offset, ch.len_utf8(), message, Some(help))
}

/// The gate a castling-field letter names: the file's gate cell, White's for an
/// upper-case letter. Castling flags come first where a letter could be both.
fn gate_named(ch: char, rules: &FenRules) -> Option<(usize, Coord)> {
    if rules.castling.iter().any(|c| c.flag == ch) {
        return None;
    }
    let side = usize::from(ch.is_ascii_lowercase());
    let name = ch.to_ascii_lowercase().to_string();
    let file = rules.board.files.iter().position(|f| *f == name)? as i32;
    let cell = rules.gate_cells[side].iter().find(|c| c.file == file)?;
    Some((side, *cell))
}

/// A cell named in a field after the rows, at byte `at` of the FEN.
fn field_cell(board: &BoardShape, at: usize, name: &str, help: &str) -> Result<Coord, FenError> {
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
fn read_en_passant(at: usize, f: &str, board: &BoardShape) -> Result<EnPassantField, FenError> {
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
fn read_swap_ban(
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
fn read_fields(
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
        if let Some(given) = f.strip_prefix('+').and_then(check_pair) {
            if rest.peek().is_none() {
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
        return Err(fen_err(
            at,
            text.len() - at,
            format!("unexpected field `{f}` after the fullmove number"),
            None,
        ));
    }
    Ok(())
}

/// The fields between en passant and the clocks, each optional: the swap ban
/// (`e4<>g2`), the checks still to give (`3+3`), the passes just made (`pass`),
/// the running count (`PLY/LIMIT`).
fn read_counters<'t>(
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
fn count_field(f: &str) -> Option<(u32, u32)> {
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
fn check_pair(f: &str) -> Option<[u32; 2]> {
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
fn checks_given(
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
fn read_reserve<'t>(
    rows_at: usize,
    rows: &'t str,
    pieces: &[PieceDef],
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
type Placement = (Coord, Side, usize);

/// A piece's cell with the offset of its label in the FEN, and a partner cell
/// written after it, for a two-cell piece, with the offset of that mark.
struct Written {
    label_at: usize,
    partner: Option<(Coord, usize)>,
}

#[allow(clippy::type_complexity)]
/// The pieces, two-cell links and walls of the FEN's rows.
type Rows = (Vec<Placement>, Vec<(Coord, Coord)>, Vec<Coord>);

fn read_rows(
    rows_at: usize,
    rows: &str,
    board: &BoardShape,
    pieces: &[PieceDef],
    wall_rule: Option<WallRule>,
) -> Result<Rows, FenError> {
    let mut placements = Vec::new();
    let mut walls = Vec::new();
    let mut written = Vec::new();
    let row_texts: Vec<(usize, &str)> = {
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
    };
    let height = board.height() as usize;
    if row_texts.len() != height {
        let (at, len) = if row_texts.len() > height {
            let (at, _) = row_texts[height];
            (at - 1, rows_at + rows.len() - (at - 1))
        } else {
            (rows_at, rows.len())
        };
        return Err(fen_err(
            at,
            len,
            format!(
                "this board has {} ranks but the FEN has {} rows",
                height,
                row_texts.len()
            ),
            Some("separate the rows with `/`, one row per rank, last rank first".into()),
        ));
    }
    for (row_index, &(row_at, row)) in row_texts.iter().enumerate() {
        let rank = (height - 1 - row_index) as i32;
        let files = board.row_files(rank);
        let width = files.len() as i32;
        let mut file = 0i32;
        let bytes = row.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let ch = bytes[i];
            if ch.is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let n: i32 = row[start..i].parse().unwrap_or(i32::MAX);
                if n == 0 {
                    return Err(fen_err(
                        row_at + start,
                        i - start,
                        "an empty run of zero cells".into(),
                        Some("empty runs count at least one cell".into()),
                    ));
                }
                file = file.saturating_add(n);
                if file > width {
                    return Err(row_width_error(row_at, row, &files, rank, board, pieces));
                }
                continue;
            }
            if ch == b'*' {
                let coord = wall_at(
                    row_at + i,
                    wall_rule,
                    walls.len(),
                    (file, &files),
                    rank,
                    board,
                )
                .map_err(|e| {
                    e.unwrap_or_else(|| row_width_error(row_at, row, &files, rank, board, pieces))
                })?;
                walls.push(coord);
                file += 1;
                i += 1;
                continue;
            }
            let Some((kind, side, len)) = label_at(&row[i..], pieces) else {
                let c = row[i..].chars().next().unwrap_or('?');
                let labels: Vec<String> = pieces
                    .iter()
                    .map(|p| format!("{} ({})", p.label, p.name))
                    .collect();
                return Err(FenError {
                    kind: FenErrorKind::UnknownPiece,
                    ..fen_err(
                        row_at + i,
                        c.len_utf8(),
                        format!("`{c}` is not a piece label of this variant"),
                        Some(format!(
                            "the piece labels are {}; upper case for White, lower case for Black",
                            labels.join(", ")
                        )),
                    )
                });
            };
            if file >= width {
                return Err(row_width_error(row_at, row, &files, rank, board, pieces));
            }
            let coord = Coord {
                file: files[file as usize],
                rank,
            };
            if !board.contains(coord) {
                return Err(fen_err(
                    row_at + i,
                    1,
                    format!(
                        "a piece on {}, which is not a cell of this board",
                        board.cell_name(coord)
                    ),
                    Some("removed cells must be counted as empty".into()),
                ));
            }
            placements.push((coord, side, kind));
            let partner = partner_mark(row_at + i + len, &row[i + len..], board)?;
            written.push(Written {
                label_at: row_at + i,
                partner: partner.map(|(c, _)| (c, row_at + i + len)),
            });
            file += 1;
            i += len + partner.map_or(0, |(_, n)| n);
        }
        if file != width {
            return Err(row_width_error(row_at, row, &files, rank, board, pieces));
        }
    }
    let links = pair_ends(&placements, &written, board, pieces)?;
    Ok((placements, links, walls))
}

/// The cell of a wall (`*`) at the row's `file` when `before` walls came before
/// it; `Err(None)` when the row is too long.
fn wall_at(
    at: usize,
    rule: Option<WallRule>,
    before: usize,
    (file, files): (i32, &[i32]),
    rank: i32,
    board: &BoardShape,
) -> Result<Coord, Option<FenError>> {
    let Some(rule) = rule else {
        return Err(Some(fen_err(
            at,
            1,
            "a wall (`*`) in a variant without walls".into(),
            Some("only a definition with a `walls` rule has walls; write the cell as empty".into()),
        )));
    };
    if rule == WallRule::Duck && before > 0 {
        return Err(Some(fen_err(
            at,
            1,
            "a second duck: under `walls duck` the board has one wall".into(),
            Some("write the other cells as empty".into()),
        )));
    }
    let Some(&f) = files.get(file as usize) else {
        return Err(None);
    };
    let coord = Coord { file: f, rank };
    if !board.contains(coord) {
        return Err(Some(fen_err(
            at,
            1,
            format!(
                "a wall on {}, which is not a cell of this board",
                board.cell_name(coord)
            ),
            Some("removed cells must be counted as empty".into()),
        )));
    }
    Ok(coord)
}

/// `(f2)` right after a label: the other end of a two-cell piece, and the mark's length.
fn partner_mark(
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
fn pair_ends(
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

fn row_width_error(
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
    if board.tiling == super::Tiling::Hex {
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

/// The `{...}` field's body and its offset in the FEN.
type QueueField<'t> = Option<(usize, &'t str)>;

/// The rows without a trailing `{...}` field, and that field's body and its offset.
fn split_queues<'t>(
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
fn read_queues(
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
fn read_queue(
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
fn read_exchange(at: usize, text: &str, board: &BoardShape) -> Result<(Coord, u32), FenError> {
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

fn read_count(at: usize, text: &str, what: &str) -> Result<u32, FenError> {
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
