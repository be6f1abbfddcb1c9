//! Drops in move texts: a piece from the hand (`N*e4`), and a turn's drop from a
//! queue or a gate after its move (`N g1-f3; AM-d1`).

use super::print::letter;
use super::{cell, kind_of_letter, reject, Rejection};
use crate::compile::Cell;
use crate::diagnostic::Code;
use crate::engine::{Move, Piece, Position};

pub(super) fn hand_drop(
    pos: &mut Position,
    label: &str,
    target: &str,
    legal: &[Move],
) -> Result<Move, Rejection> {
    let rules = pos.rules();
    let to = cell(rules, target)?;
    let Some(kind) = kind_of_letter(rules, label) else {
        return Err(reject(
            Code::UnknownPiece,
            format!("`{label}` is not a piece label of this variant"),
            None,
        ));
    };
    // the kind put on the board: a piece dropped promoted shows its other face
    let face = |m: &&Move| m.from_hand().is_some() && m.promotion().or(m.from_hand()) == Some(kind);
    if let Some(m) = legal.iter().filter(face).find(|m| m.to == to) {
        return Ok(*m);
    }
    let drops: Vec<&str> = legal
        .iter()
        .filter(face)
        .map(|m| rules.cell_name(m.to))
        .collect();
    let name = &rules.definition.pieces[kind].name;
    let help = (!drops.is_empty() && drops.len() <= 16)
        .then(|| format!("a {name} may be dropped on {}", drops.join(", ")));
    let held = held_as(pos, kind);
    Err(reject(Code::IllegalMove, why_no_drop(pos, held, to), help))
}

/// The kind in hand that drops as `kind`: itself, or (`drop-promoted`) the kind
/// whose promotion makes it, when the player holds that.
fn held_as(pos: &Position, kind: usize) -> usize {
    let rules = pos.rules();
    let side = pos.side_to_move();
    if pos.reserve_count(side, kind) > 0 {
        return kind;
    }
    (0..rules.kinds)
        .find(|&k| {
            pos.reserve_count(side, k) > 0
                && (rules.hand.drop_promoted.get(side.index() * rules.kinds + k))
                    .is_some_and(|faces| faces.contains(&(kind as u8)))
        })
        .unwrap_or(kind)
}

/// Why the side to move may not drop a piece of `kind` on `to`, in the rules' terms.
pub(super) fn why_no_drop(pos: &mut Position, kind: usize, to: Cell) -> String {
    let rules = pos.rules();
    let side = pos.side_to_move();
    let name = &rules.definition.pieces[kind].name;
    let at = rules.cell_name(to);
    let hand = &rules.hand;
    if pos.reserve_count(side, kind) == 0 {
        return format!("{} has no {name} in hand", side.name());
    }
    if pos.piece_at(to).is_some() {
        return format!("{at} is not empty: a drop goes on an empty cell");
    }
    if !hand.drop_cells[side.index() * rules.kinds + kind].contains(&to) {
        return format!("a {name} may not be dropped on {at}: it is not in the {name}'s drop zone");
    }
    let file = hand.file_of[to as usize];
    let on_file = (0..rules.cell_count() as Cell)
        .filter(|&c| {
            hand.file_of[c as usize] == file && pos.piece_at(c) == Some(Piece { side, kind })
        })
        .count();
    if hand.one_per_file >> kind & 1 != 0 && on_file >= usize::from(hand.per_file) {
        return match hand.per_file {
            1 => format!(
                "{} already has a {name} on this file, and `one-per-file` allows one",
                side.name()
            ),
            n => format!(
                "{} already has {n} of {name} on this file, and `per-file {n}` allows {n}",
                side.name()
            ),
        };
    }
    let drop = Move::dropping(to, kind);
    pos.make(drop);
    let checks = pos.in_check(side.opponent());
    let mut replies = Vec::new();
    pos.legal_moves(&mut replies);
    pos.unmake();
    if checks && replies.is_empty() && hand.no_drop_mate >> kind & 1 != 0 {
        return format!("a {name} dropped on {at} would checkmate, which `no-drop-mate` forbids");
    }
    format!(
        "a {name} dropped on {at} would leave {}'s king in check",
        side.name()
    )
}

/// Whether a part `L-cell` is a turn's drop: in a variant with drops, any piece put
/// on a cell other than the move's arrival, unless it is a swap's partner.
pub(super) fn is_drop(
    pos: &Position,
    step: Option<(Cell, Cell)>,
    label: &str,
    target: Cell,
) -> bool {
    let rules = pos.rules();
    if rules.flags.gating {
        let side = pos.side_to_move();
        // The gate is a cell the move leaves; a piece named on `to` is a promotion.
        return step.is_some_and(|(_, to)| target != to)
            && rules
                .hand
                .gate_kinds
                .iter()
                .any(|&k| rules.piece_label(usize::from(k), side) == label);
    }
    if !rules.flags.drops {
        return false;
    }
    match step {
        None => true,
        Some((from, to)) => {
            let partner = pos.piece_at(to).map(|p| letter(rules, p));
            target != to && !(target == from && partner.as_deref() == Some(label))
        }
    }
}

/// Under gating: the moves that put the written piece on the written gate.
fn keep_gate(
    pos: &Position,
    candidates: &mut Vec<Move>,
    (at, len, label, cell): &(usize, usize, String, Cell),
) -> Result<(), Rejection> {
    let rules = pos.rules();
    let side = pos.side_to_move();
    candidates.retain(|m| {
        pos.drop_cell(m) == Some(*cell)
            && pos
                .dropped_kind(m)
                .map(|k| rules.piece_label(k, side))
                .as_deref()
                == Some(label.as_str())
    });
    if candidates.is_empty() {
        return Err(Rejection {
            offset: *at,
            len: *len,
            ..reject(
                Code::IllegalMove,
                format!(
                    "no legal move puts `{label}` on {}",
                    rules.cell_name(*cell)
                ),
                Some(format!(
                    "a piece from the hand goes on an open gate the move leaves, and {} must hold it",
                    side.name()
                )),
            )
        });
    }
    Ok(())
}

/// Keep the candidates that drop as the text says (or that drop nothing when it names
/// no drop); an error in the rules' terms when none does.
pub(super) fn keep_drop(
    pos: &Position,
    candidates: &mut Vec<Move>,
    drop: Option<&(usize, usize, String, Cell)>,
) -> Result<(), Rejection> {
    let Some(drop_text) = drop else {
        candidates.retain(|m| !m.drops());
        return Ok(());
    };
    let (at, len, label, cell) = drop_text;
    let rules = pos.rules();
    let side = pos.side_to_move();
    if rules.flags.gating {
        return keep_gate(pos, candidates, drop_text);
    }
    let end = match rules.drop_queue.end {
        crate::model::QueueEnd::Front => "front",
        crate::model::QueueEnd::Back => "back",
    };
    let Some(&first) = candidates.first() else {
        return Ok(());
    };
    candidates.retain(|m| pos.drop_cell(m) == Some(*cell));
    let expected = pos
        .next_drop_kind(&first)
        .map(|k| rules.piece_label(k, side));
    let message = if pos.queue(side).is_empty() {
        Some(format!("{}'s drop queue is empty", side.name()))
    } else if pos.credits_after(&first) == 0 {
        Some(format!(
            "{} holds no drop credit: a credit comes from an exchange, taking at once the piece that took one of yours",
            side.name()
        ))
    } else if expected.as_deref() != Some(label.as_str()) {
        Some(format!(
            "`{label}` is not the piece at the {end} of {}'s queue: the next to drop is `{}`",
            side.name(),
            expected.unwrap_or_default()
        ))
    } else if candidates.is_empty() {
        let zone = &rules.drop_queue.zone[side.index()];
        Some(if !zone.contains(cell) {
            format!(
                "{} is not a cell {} may drop on",
                rules.cell_name(*cell),
                side.name()
            )
        } else {
            format!(
                "no legal turn drops on {}: it is not empty after the move, or the king would be in check",
                rules.cell_name(*cell)
            )
        })
    } else {
        None
    };
    match message {
        None => Ok(()),
        Some(message) => {
            let cells: Vec<&str> = rules.drop_queue.zone[side.index()]
                .iter()
                .map(|&c| rules.cell_name(c))
                .collect();
            Err(Rejection {
                offset: *at,
                len: *len,
                ..reject(
                    Code::IllegalMove,
                    message,
                    Some(format!(
                        "{} drops the piece at the {end} of its queue on an empty cell of {}",
                        side.name(),
                        cells.join(" ")
                    )),
                )
            })
        }
    }
}
