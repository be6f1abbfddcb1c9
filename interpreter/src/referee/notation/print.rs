//! Legal moves written in the full notation, with the parts that tell twins apart.

use super::arrives;
use crate::compile::Ruleset;
use crate::engine::{Move, MoveKind, Piece, Position};

/// The label of a piece as it is written: upper case for White, lower case for Black.
pub fn letter(rules: &Ruleset, p: Piece) -> String {
    rules.piece_label(p.kind, p.side)
}

/// A legal move in Game Courier notation, given the other legal moves (to add the
/// parts that tell it apart from a move that would otherwise read the same).
pub fn print(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let rules = pos.rules();
    if m.kind == MoveKind::Pass {
        return "pass".into();
    }
    if let Some(kind) = m.from_hand() {
        // a piece dropped promoted is written as what it becomes, `+P*a1`
        let face = m.promotion().unwrap_or(kind);
        let label = rules.piece_label(face, pos.side_to_move());
        return format!("{label}*{}", rules.cell_name(m.to));
    }
    if m.kind == MoveKind::Suicide {
        return format!("@-{}{}", rules.cell_name(m.from), drop_part(pos, m));
    }
    if m.kind == MoveKind::Destruction {
        return format!(
            "@-{}; @-{}{}",
            rules.cell_name(m.to),
            rules.cell_name(m.from),
            drop_part(pos, m)
        );
    }
    let side = pos.side_to_move();
    let mover = pos
        .piece_at(m.from)
        .map_or_else(|| "?".into(), |p| letter(rules, p));
    let mut s = match pos.two_cell_step(m) {
        Some(step) => format!("{mover} {step}"),
        None => format!(
            "{} {}-{}",
            mover,
            rules.cell_name(m.from),
            rules.cell_name(m.to)
        ),
    };
    if let Some(k) = m.promotion() {
        s.push_str(&format!(
            "; {}-{}",
            rules.piece_label(k, side),
            rules.cell_name(m.to)
        ));
    }
    if let Some(c) = m.converted() {
        let converted = pos
            .piece_at(c)
            .map_or_else(|| "?".into(), |p| rules.piece_label(p.kind, side));
        s.push_str(&format!("; {}-{}", converted, rules.cell_name(c)));
    }
    if m.kind == MoveKind::Swap {
        let partner = pos
            .piece_at(m.to)
            .map_or_else(|| "?".into(), |p| letter(rules, p));
        s.push_str(&format!("; {}-{}", partner, rules.cell_name(m.from)));
        s.push_str(&removals(pos, m, legal));
        s.push_str(&drop_part(pos, m));
        return s;
    }
    if let Some(i) = m.castle_rule() {
        s.push_str(&castling_rook(pos, m, i, legal));
        s.push_str(&drop_part(pos, m));
        return s;
    }
    s.push_str(&removals(pos, m, legal));
    s.push_str(&drop_part(pos, m));
    s
}

/// A castling's rook move (`; R h1-f1`), written when the king's move alone could
/// be a plain king move, or the king stays where it is (Chess960).
fn castling_rook(pos: &Position, m: &Move, i: usize, legal: &[Move]) -> String {
    let rules = pos.rules();
    let (rook_from, rook_to) = pos
        .castle(i)
        .map_or((m.from, m.to), |c| (c.rook_from, c.rook_to));
    if m.from == m.to
        || legal
            .iter()
            .any(|o| o.from == m.from && o.to == m.to && o.castle_rule().is_none())
    {
        let rook = pos
            .piece_at(rook_from)
            .map_or_else(|| "?".into(), |p| letter(rules, p));
        return format!(
            "; {} {}-{}",
            rook,
            rules.cell_name(rook_from),
            rules.cell_name(rook_to)
        );
    }
    String::new()
}

/// The pieces a move removes away from its landing (`; @-d6`), written when
/// another legal move has the same cells and differs by them (an optional capture),
/// and always for a two-cell piece.
fn removals(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let twins = legal.iter().any(|o| {
        o.from == m.from
            && o.to == m.to
            && o.two_cell_ends() == m.two_cell_ends()
            && o.promotion() == m.promotion()
            && pos.drop_cell(o) == pos.drop_cell(m)
            && pos.wall_of(o) == pos.wall_of(m)
            && o != m
    });
    if !twins && m.kind != MoveKind::TwoCell {
        return String::new();
    }
    let mut extra: Vec<&str> = m
        .captures()
        .iter()
        .filter(|&&c| !arrives(m, c))
        .map(|&c| pos.rules().cell_name(c))
        .collect();
    extra.sort_unstable();
    extra.iter().map(|c| format!("; @-{c}")).collect()
}

/// `; AM-d1`: the piece a turn drops and where, or nothing; `; *-d5`: where the
/// turn puts its wall.
fn drop_part(pos: &Position, m: &Move) -> String {
    let rules = pos.rules();
    let mut s = match (pos.drop_cell(m), pos.dropped_kind(m)) {
        (Some(c), Some(k)) => format!(
            "; {}-{}",
            rules.piece_label(k, pos.side_to_move()),
            rules.cell_name(c)
        ),
        _ => String::new(),
    };
    if let Some(w) = pos.wall_of(m) {
        s.push_str(&format!("; *-{}", rules.cell_name(w)));
    }
    s
}
