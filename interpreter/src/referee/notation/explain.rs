//! Why a move is not legal, in the rules' terms, and what the piece may do instead.

use super::{piece_name, print};
use crate::compile::Cell;
use crate::engine::{Move, Piece, Position};

/// The moves of the piece on `from`, printed, for help texts.
pub fn moves_of(pos: &Position, from: Cell, legal: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = legal
        .iter()
        .filter(|m| m.from == from)
        .map(|m| print(pos, m, legal))
        .collect();
    v.sort();
    v
}

pub(super) fn list_help(pos: &Position, from: Cell, legal: &[Move]) -> String {
    let rules = pos.rules();
    let moves = moves_of(pos, from, legal);
    let who = pos.piece_at(from).map_or_else(String::new, |p| {
        format!("the {} on {}", piece_name(rules, p), rules.cell_name(from))
    });
    if moves.is_empty() {
        format!("{who} has no legal move")
    } else {
        format!("legal moves of {who}: {}", moves.join(", "))
    }
}

/// Why no legal move goes from `from` to `to`, in the rules' terms.
pub(super) fn explain_missing(pos: &mut Position, piece: Piece, from: Cell, to: Cell) -> String {
    let rules = pos.rules();
    let name = piece_name(rules, piece);
    castling_refused(pos, piece, from, to)
        .or_else(|| swap_back(pos, from, to))
        .or_else(|| frozen(pos, piece, from))
        .or_else(|| self_check(pos, piece, from, to))
        .or_else(|| capture_only(pos, piece, from, to))
        .unwrap_or_else(|| {
            format!(
                "the {} on {} cannot move to {}",
                name,
                rules.cell_name(from),
                rules.cell_name(to)
            )
        })
}

/// A castling whose right is gone, whose path is not empty, or whose cells are
/// attacked.
fn castling_refused(pos: &Position, piece: Piece, from: Cell, to: Cell) -> Option<String> {
    let rules = pos.rules();
    let side = piece.side;
    let (i, c) = (pos.castles().iter().enumerate())
        .find(|(_, c)| c.side == side.index() && c.king_from == from && c.king_to == to)?;
    let (f, t) = (rules.cell_name(from), rules.cell_name(to));
    if pos.castling_rights() & (1 << i) == 0 {
        return Some(format!(
            "{} no longer has the right to castle {f}-{t}",
            side.name()
        ));
    }
    if let Some(&e) = (c.empty.iter())
        .find(|&&e| e != c.king_from && e != c.rook_from && pos.piece_at(e).is_some())
    {
        return Some(format!(
            "castling {f}-{t} needs {} to be empty",
            rules.cell_name(e)
        ));
    }
    let s = *c.safe.iter().find(|&&s| pos.attacked(s, side.opponent()))?;
    Some(format!(
        "castling {f}-{t} is not allowed: {} is attacked",
        rules.cell_name(s)
    ))
}

/// Two pieces that have just swapped may not swap straight back.
fn swap_back(pos: &Position, from: Cell, to: Cell) -> Option<String> {
    let rules = pos.rules();
    let (a, b) = pos.swap_ban()?;
    ((a, b) == (from, to) || (a, b) == (to, from)).then(|| {
        format!(
            "the pieces on {} and {} have just swapped and may not swap straight back",
            rules.cell_name(a),
            rules.cell_name(b)
        )
    })
}

/// A frozen piece, and the enemy beside it that freezes it.
fn frozen(pos: &Position, piece: Piece, from: Cell) -> Option<String> {
    if !pos.is_frozen_piece(from) {
        return None;
    }
    let rules = pos.rules();
    let by = rules.board.neighbours[from as usize].iter().find_map(|&c| {
        let p = pos.piece_at(c)?;
        let bit = 1u64 << p.kind;
        let freezes = p.side != piece.side
            && (rules.capture.immobilizer_kinds & bit != 0
                || (rules.capture.chameleon_kinds & bit != 0
                    && rules.capture.immobilizer_kinds & (1 << piece.kind) != 0));
        freezes.then(|| format!("the {} on {}", piece_name(rules, p), rules.cell_name(c)))
    });
    Some(format!(
        "the {} on {} is frozen by {}",
        piece_name(rules, piece),
        rules.cell_name(from),
        by.unwrap_or_else(|| "an enemy immobilizer".to_string())
    ))
}

/// A move the piece could make but for its own royal piece: left or put in check
/// (and by what), or royal pieces left facing.
fn self_check(pos: &mut Position, piece: Piece, from: Cell, to: Cell) -> Option<String> {
    let rules = pos.rules();
    let side = piece.side;
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let m = pseudo.iter().find(|m| m.from == from && m.to == to)?;
    pos.make(*m);
    let exposed =
        (pos.royal_cells(side).iter().copied()).find(|&c| pos.attacked(c, side.opponent()));
    let royal = exposed.and_then(|c| pos.piece_at(c).map(|p| (c, p)));
    // Name a piece that could then capture it, and how.
    let by = royal.and_then(|(c, _)| {
        let mut replies = Vec::new();
        pos.pseudo_legal_moves(&mut replies);
        let r = replies.iter().find(|r| r.captures().contains(&c))?;
        let attacker = pos.piece_at(r.from)?;
        let how = if r.to == c {
            String::new()
        } else {
            format!(" by moving to {}", rules.cell_name(r.to))
        };
        Some(format!(
            ": the {} on {} could take it{how}",
            piece_name(rules, attacker),
            rules.cell_name(r.from)
        ))
    });
    let still_facing = rules.goals.facing.is_some() && pos.royals_face();
    pos.unmake();
    if still_facing && pos.royals_face() {
        return Some("the royal pieces face each other: a move must part them (or the player passes, which ends the game)".into());
    }
    let (c, p) = royal?;
    let verb = if pos.in_check(side) { "leaves" } else { "puts" };
    Some(format!(
        "that {verb} the {} on {} in check{}",
        piece_name(rules, p),
        rules.cell_name(c),
        by.unwrap_or_default()
    ))
}

/// A cell of a capture-only zone, where a move may end only to capture.
fn capture_only(pos: &Position, piece: Piece, from: Cell, to: Cell) -> Option<String> {
    let rules = pos.rules();
    let (z, _) = rules.definition.capture_only_zones.iter().find(|(z, _)| {
        rules.definition.zones.get(z).is_some_and(|cells| {
            cells[piece.side.index()]
                .iter()
                .any(|&c| rules.cell_at(c) == Some(to))
        })
    })?;
    Some(format!(
        "the {} on {} cannot move to {}: in zone `{z}` a move may end only when its capture needs it",
        piece_name(rules, piece),
        rules.cell_name(from),
        rules.cell_name(to)
    ))
}
