//! Regions: pieces confined to a zone (`confined to`), moves made only from a zone
//! (`moves ... in ZONE`), and pieces that may not face each other (`no-facing`).

use super::{report, Problems, Report, Zones};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{BoardShape, PieceDef, Setup};
use crate::syntax::{PieceDecl, PieceProp};

/// An error for each piece the setup puts outside the zone it is confined to: it
/// could never move.
pub(super) fn confined_setup(
    setup: &Setup,
    at: Span,
    board: &BoardShape,
    pieces: &[PieceDef],
    zones: &Zones,
) -> Report<()> {
    report(|p| {
        for &(coord, side, kind) in &setup.placements {
            let piece = &pieces[kind];
            let Some(zone) = &piece.confined else {
                continue;
            };
            let Some(cells) = zones.get(zone) else {
                continue;
            };
            if cells[side.index()].contains(&coord) {
                continue;
            }
            p.push(
                Diagnostic::error(
                    Code::BadRegion,
                    format!(
                        "the setup puts {}'s `{}` on {}, outside `{zone}`, the zone it is confined to",
                        side.name(),
                        piece.name,
                        board.cell_name(coord)
                    ),
                )
                .at(at, "this setup")
                .help(format!(
                    "place it on a cell of `{zone}`, or widen the zone"
                )),
            );
        }
    })
}

impl Problems {
    /// An error when a piece whose moves depend on a zone also captures by a mode
    /// or swaps: those follow the piece's lines, which know no zones.
    pub(super) fn zoned_capture_modes(
        &mut self,
        def: &PieceDef,
        confined: Option<Span>,
        decl: &PieceDecl,
    ) {
        let region = decl.props.iter().find_map(|p| match p {
            PieceProp::Betza(text, Some(_)) => Some(text.span),
            PieceProp::Rules(span, _, Some(_)) => Some(*span),
            _ => None,
        });
        let Some(zoned) = confined.or(region) else {
            return;
        };
        let mode = decl.props.iter().find_map(|p| match p {
            PieceProp::Capture { span, .. } | PieceProp::Swap(span) => Some(*span),
            _ => None,
        });
        if let Some(mode) = mode {
            self.push(
                Diagnostic::error(
                    Code::BadRegion,
                    format!(
                        "`{}` moves by zones and also captures by a mode or swaps",
                        def.name
                    ),
                )
                .at(mode, "this capture mode")
                .also(zoned, "moves that depend on a zone")
                .help("capture modes follow the piece's lines, which know no zones; give the piece one or the other"),
            );
        }
    }
}
