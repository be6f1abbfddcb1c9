//! `explosions`: every capture removes the capturer and the pieces around the
//! capture's cell. The blast is centred on the cell a replacing capture lands on, so
//! pieces that capture in other ways (capture modes, swaps, two-cell pieces) cannot
//! be given a blast.

use super::{report, Report};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::Explosions;
use crate::syntax::{ExplosionsDecl, PieceDecl, PieceProp};

/// The `explosions` section: the pieces it spares, and an error for each piece whose
/// capture does not land on its victim (the blast would have no centre).
pub(super) fn explosions(
    decl: Option<&ExplosionsDecl>,
    known: &[&str],
    pieces: &[&PieceDecl],
) -> Report<Option<Explosions>> {
    report(|p| {
        let decl = decl?;
        let spared = decl
            .spared
            .iter()
            .filter_map(|name| p.piece_ref(name, known, pieces))
            .collect();
        let immune = decl
            .immune
            .iter()
            .filter_map(|name| p.piece_ref(name, known, pieces))
            .collect();
        for piece in pieces {
            if let Some((span, what)) = piece.props.iter().find_map(blastless) {
                p.push(
                    Diagnostic::error(
                        Code::BadExplosion,
                        format!(
                            "`{}` {what}, but under `explosions` a capture must land on its victim's cell, where the blast starts",
                            piece.name.value
                        ),
                    )
                    .at(span, "no cell to explode on")
                    .also(decl.span, "every capture explodes here")
                    .help("give the piece replacing captures only (its `moves`), or drop `explosions`"),
                );
            }
        }
        for piece in pieces {
            if let Some(span) = royal_by_count(piece) {
                p.push(
                    Diagnostic::error(
                        Code::BadRoyal,
                        format!("`{}` is royal by count beside `explosions`", piece.name.value),
                    )
                    .at(span, "royal while few are left")
                    .also(decl.span, "a blast may take several royal pieces at once")
                    .help("under `explosions` a royal piece is royal however many there are: write `royal` alone"),
                );
            }
        }
        Some(Explosions { spared, immune })
    })
}

/// The span of a piece's `royal last`, if it has one.
fn royal_by_count(piece: &PieceDecl) -> Option<Span> {
    piece.props.iter().find_map(|p| match p {
        PieceProp::Royal(_, Some(last)) => Some(last.span),
        _ => None,
    })
}

/// A property whose captures have no landing cell for a blast, and what it does.
fn blastless(prop: &PieceProp) -> Option<(Span, &'static str)> {
    match prop {
        PieceProp::Capture { span, .. } => Some((*span, "captures by a capture mode")),
        PieceProp::Swap(span) => Some((*span, "swaps places")),
        PieceProp::TwoCell(span, _) => Some((*span, "stands on two cells")),
        _ => None,
    }
}
