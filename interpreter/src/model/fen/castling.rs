//! The castling field: rights by flag, by rook file (Shredder), by gate.

use super::fen_err;
use crate::model::{
    CastleDef, Coord, FenError, FenErrorKind, FenRules, FreeCastleError, Setup, Side,
};

/// Each castling right needs its king and rook where the rule starts them: pieces
/// of the right side, of the kinds the definition's setup puts there (a right with
/// a bishop where the rook should be would castle the bishop).
pub(super) fn check_castling(
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
pub(super) fn read_castling(
    at: usize,
    f: &str,
    rules: &FenRules,
    setup: &mut Setup,
) -> Result<(), FenError> {
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
        if let Some((side, cell)) = right_named(ch, rules) {
            if setup.first_rights[side].contains(&cell) {
                return Err(fen_err(
                    at + i,
                    1,
                    format!("first-move right `{ch}` given twice"),
                    None,
                ));
            }
            if !holds_first_moves(rules, &setup.placements, side, cell) {
                return Err(fen_err(
                    at + i,
                    1,
                    format!(
                        "first-move right `{ch}` names {}, where no piece of {} with first moves stands",
                        rules.board.cell_name(cell),
                        if side == 0 { "White's" } else { "Black's" }
                    ),
                    Some("a first-move right belongs to a piece with `first-move` moves that has not moved: drop the letter".into()),
                ));
            }
            setup.first_rights[side].push(cell);
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

pub(super) fn not_a_flag(at: usize, ch: char, castling: &[CastleDef]) -> FenError {
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
pub(super) fn rook_named(
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

pub(super) fn free_castle_error(
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
pub(super) fn gate_named(ch: char, rules: &FenRules) -> Option<(usize, Coord)> {
    if rules.castling.iter().any(|c| c.flag == ch) {
        return None;
    }
    let side = usize::from(ch.is_ascii_lowercase());
    let name = ch.to_ascii_lowercase().to_string();
    let file = rules.board.files.iter().position(|f| *f == name)? as i32;
    let cell = rules.gate_cells[side].iter().find(|c| c.file == file)?;
    Some((side, *cell))
}

/// The cell a castling-field letter names as a first-move right: the file's cell on
/// the side's back rank (White's for an upper-case letter), when some piece has
/// first moves and no castling flag is that letter.
fn right_named(ch: char, rules: &FenRules) -> Option<(usize, Coord)> {
    if !rules.pieces.iter().any(|p| p.first_move.is_some())
        || rules.castling.iter().any(|c| c.flag == ch)
    {
        return None;
    }
    let side = usize::from(ch.is_ascii_lowercase());
    let name = ch.to_ascii_lowercase().to_string();
    let file = rules.board.files.iter().position(|f| *f == name)? as i32;
    let rank = if side == 0 {
        0
    } else {
        rules.board.ranks.len() as i32 - 1
    };
    Some((side, Coord { file, rank }))
}

/// Whether a piece of `side` with first moves stands on `cell`.
fn holds_first_moves(
    rules: &FenRules,
    placements: &[(Coord, Side, usize)],
    side: usize,
    cell: Coord,
) -> bool {
    placements.iter().any(|&(c, s, kind)| {
        c == cell && s.index() == side && rules.pieces[kind].first_move.is_some()
    })
}
