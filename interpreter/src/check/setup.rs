//! The `setup` section: the start position's FEN read against the board, the pieces
//! and the rules, and each piece placed where it can move.

use super::sections::Sections;
use super::{confinement, fen_code, report, Parts, Report};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model;

/// The start position, or an error for a missing `setup` or a FEN that does not
/// read (with a setup but no board to read it on, nothing more).
pub(super) fn setup(f: &Sections, parts: &Parts) -> Report<Option<model::Setup>> {
    report(|p| {
        let Some(decl) = f.setup else {
            p.push(
                Diagnostic::error(Code::MissingSection, "the definition has no `setup`")
                    .at(Span::new(0, 0), "expected a `setup` section in this file")
                    .help("add the start position as FEN, e.g. `setup \"8/8/8/8/8/8/8/8 w\"`"),
            );
            return None;
        };
        let board = parts.board.as_ref()?;
        let end = &parts.end;
        let rules = model::FenRules {
            board,
            pieces: &parts.pieces,
            castling: &parts.castling,
            drops: parts.drops.is_some(),
            start: None,
            checks: end.checks.map(|c| c.count),
            gate_cells: model::Hand::gate_cells(parts.hand.as_ref(), parts.zones.as_ref()),
            passes: end.double_pass.is_some() || end.facing.is_some(),
            shuffled: !f.shuffles.is_empty(),
            counting: end.counting.is_some(),
            walls: parts.walls.as_ref().map(|w| w.rule),
            blocks: f.blocks.is_some(),
            unlimited: parts.hand.as_ref().map_or(&[][..], |h| &h.unlimited[..]),
        };
        let setup = match model::parse_fen(&decl.fen.value, &rules) {
            Ok(setup) => setup,
            Err(e) => {
                let d = Diagnostic::error(fen_code(&e), e.message)
                    .at(decl.fen.span.sub(e.offset, e.len), "here");
                p.push(match e.help {
                    Some(h) => d.help(h),
                    None => d,
                });
                return None;
            }
        };
        if let Some(zones) = &parts.zones {
            confinement::confined_setup(&setup, decl.fen.span, board, &parts.pieces, zones)
                .unpack(&mut p.list);
        }
        Some(setup)
    })
}
