//! `walls`: every move puts a wall on a cell. A wall stands where a piece could,
//! blocks and is never taken, so it goes with pieces that capture by replacement,
//! and not with what would have to take it, share its cell or count past it
//! (capture modes, freezes, swaps, two-cell pieces, explosions, drops, passing,
//! dead-position analysis).

use super::{report, Problems, Report, Zones};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::Walls;
use crate::syntax::{EndDecl, EndRuleDecl, PieceDecl, PieceProp, WallsDecl};

/// The other sections a `walls` rule must be checked against: the span of each
/// that is present.
pub(super) struct WallSetting<'a> {
    pub zones: Option<&'a Zones>,
    pub pieces: &'a [&'a PieceDecl],
    pub explosions: Option<Span>,
    pub queue: Option<Span>,
    pub hand: Option<Span>,
    pub pass: Option<Span>,
    pub suicide: Option<Span>,
    pub end: Option<&'a EndDecl>,
}

/// Kinds are bits of a 64-bit mask, and a wall takes the bit past the last kind.
const MAX_KINDS_WITH_WALLS: usize = 63;

/// The `walls` section, and an error for each rule walls cannot go with.
pub(super) fn walls(decl: Option<&WallsDecl>, s: &WallSetting) -> Report<Option<Walls>> {
    report(|p| {
        let decl = decl?;
        if let (Some(zone), Some(zones)) = (&decl.zone, s.zones) {
            p.zone_ref(zone, zones);
        }
        for piece in s.pieces {
            if let Some((span, what)) = piece.props.iter().find_map(wall_clash) {
                let message = format!("`{}` {what}, which walls cannot go with", piece.name.value);
                p.wall_conflict(decl, span, message);
            }
        }
        let dead = s.end.and_then(|e| {
            e.rules
                .iter()
                .find(|r| matches!(r.value, EndRuleDecl::DeadPosition(_)))
                .map(|r| r.span)
        });
        let sections = [
            (
                s.explosions,
                "`explosions` beside `walls`: a blast would take walls",
            ),
            (s.queue, "a drop queue beside `walls`"),
            (s.hand, "pieces in hand beside `walls`"),
            (s.pass, "`pass` beside `walls`: a pass would put no wall"),
            (s.suicide, "`suicide` beside `walls`"),
            (
                dead,
                "`dead-position` beside `walls`: its analysis of the material knows no walls",
            ),
        ];
        for (span, what) in sections {
            if let Some(span) = span {
                p.wall_conflict(decl, span, what.to_string());
            }
        }
        if s.pieces.len() > MAX_KINDS_WITH_WALLS {
            p.push(
                Diagnostic::error(
                    Code::BadWalls,
                    format!(
                        "{} kinds of piece and walls: a variant with walls has at most {MAX_KINDS_WITH_WALLS}",
                        s.pieces.len()
                    ),
                )
                .at(decl.span, "walls here")
                .help("a wall is stored as one kind more than the pieces"),
            );
        }
        Some(Walls {
            rule: decl.rule.value,
            zone: decl.zone.as_ref().map(|z| z.value.clone()),
        })
    })
}

impl Problems {
    fn wall_conflict(&mut self, decl: &WallsDecl, span: Span, message: String) {
        self.push(
            Diagnostic::error(Code::BadWalls, message)
            .at(span, "not with walls")
            .also(decl.span, "every move puts a wall here")
            .help("walls go with pieces that capture by replacement (their `moves`); drop one of the two"),
        );
    }
}

/// A piece property that cannot go with walls, and what it does.
fn wall_clash(prop: &PieceProp) -> Option<(Span, &'static str)> {
    match prop {
        PieceProp::Capture { span, .. } => Some((*span, "captures by a capture mode")),
        PieceProp::Immobilize(span) => Some((*span, "immobilizes")),
        PieceProp::Swap(span) => Some((*span, "swaps places")),
        PieceProp::TwoCell(span, _) => Some((*span, "stands on two cells")),
        _ => None,
    }
}
