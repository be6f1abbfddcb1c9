//! `walls`: every move puts a wall on a cell. A wall stands where a piece could,
//! blocks and is never taken, so it goes with pieces that capture by replacement,
//! and not with what would have to take it, share its cell or count past it
//! (capture modes, freezes, swaps, two-cell pieces, explosions, drops, passing,
//! dead-position analysis).

use super::{report, Problems, Report, Zones};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{WallRule, Walls};
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
        let source = WallSource {
            span: decl.span,
            label: "every move puts a wall here",
            turns: true,
        };
        p.wall_conflicts(source, s);
        Some(Walls {
            rule: decl.rule.value,
            zone: decl.zone.as_ref().map(|z| z.value.clone()),
        })
    })
}

/// The `petrifies` pieces: walls stand where they captured, so what walls cannot go
/// with is checked as for `walls` (passes and drops aside: they put no wall), and
/// neither a royal piece (a capture would take it off the board) nor `walls duck`
/// (whose board has one wall) may petrify.
pub(super) fn petrifying(decl: Option<&WallsDecl>, s: &WallSetting) -> Report<()> {
    report(|p| {
        let petrifiers: Vec<(&&PieceDecl, Span)> = s
            .pieces
            .iter()
            .filter_map(|piece| {
                let span = piece.props.iter().find_map(|prop| match prop {
                    PieceProp::Petrifies(span) => Some(*span),
                    _ => None,
                })?;
                Some((piece, span))
            })
            .collect();
        let Some(&(_, first)) = petrifiers.first() else {
            return;
        };
        for &(piece, span) in &petrifiers {
            if let Some(royal) = piece.props.iter().find_map(|prop| match prop {
                PieceProp::Royal(span, _) => Some(*span),
                _ => None,
            }) {
                p.push(
                    Diagnostic::error(
                        Code::BadWalls,
                        format!("`{}` is royal and petrifies", piece.name.value),
                    )
                    .at(span, "a capture would turn it to stone")
                    .also(royal, "and its side cannot lose it")
                    .help("a royal piece that may not capture has moves without captures (`mK`); drop `petrifies`"),
                );
            }
        }
        if let Some(duck) = decl.filter(|d| d.rule.value == WallRule::Duck) {
            p.push(
                Diagnostic::error(
                    Code::BadWalls,
                    "`petrifies` beside `walls duck`".to_string(),
                )
                .at(first, "a capture leaves a wall here")
                .also(duck.span, "the board has one wall, the duck")
                .help("use `walls arrow`, `anywhere` or `trail`, or drop `petrifies`"),
            );
        }
        // (beside a `walls` rule, whose checks cover these)
        if decl.is_none() {
            let source = WallSource {
                span: first,
                label: "a capture leaves a wall here",
                turns: false,
            };
            p.wall_conflicts(source, s);
        }
    })
}

/// `blocks`: walls the setup or a FEN puts, checked as `petrifies` walls are
/// (beside a `walls` rule or a `petrifies` piece, whose checks cover them).
pub(super) fn blocks(span: Option<Span>, decl: Option<&WallsDecl>, s: &WallSetting) -> Report<()> {
    report(|p| {
        let Some(span) = span else { return };
        let petrifies = s
            .pieces
            .iter()
            .any(|piece| (piece.props.iter()).any(|prop| matches!(prop, PieceProp::Petrifies(_))));
        if decl.is_none() && !petrifies {
            let source = WallSource {
                span,
                label: "walls may stand on the board",
                turns: false,
            };
            p.wall_conflicts(source, s);
        }
    })
}

/// What puts walls on the board: a `walls` rule or a `petrifies` piece.
#[derive(Clone, Copy)]
struct WallSource {
    span: Span,
    label: &'static str,
    /// Every turn puts a wall (which passes and drops cannot).
    turns: bool,
}

impl Problems {
    /// An error for each piece property and section walls cannot go with, and
    /// for too many kinds.
    fn wall_conflicts(&mut self, source: WallSource, s: &WallSetting) {
        let turns = source.turns;
        for piece in s.pieces {
            if let Some((span, what)) = piece.props.iter().find_map(wall_clash) {
                let message = format!("`{}` {what}, which walls cannot go with", piece.name.value);
                self.wall_conflict(source, span, message);
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
                "`explosions` beside walls: a blast would take walls",
            ),
            (s.queue.filter(|_| turns), "a drop queue beside `walls`"),
            (s.hand.filter(|_| turns), "pieces in hand beside `walls`"),
            (
                s.pass.filter(|_| turns),
                "`pass` beside `walls`: a pass would put no wall",
            ),
            (s.suicide, "`suicide` beside walls"),
            (
                dead,
                "`dead-position` beside walls: its analysis of the material knows no walls",
            ),
        ];
        for (span, what) in sections {
            if let Some(span) = span {
                self.wall_conflict(source, span, what.to_string());
            }
        }
        if s.pieces.len() > MAX_KINDS_WITH_WALLS {
            self.push(
                Diagnostic::error(
                    Code::BadWalls,
                    format!(
                        "{} kinds of piece and walls: a variant with walls has at most {MAX_KINDS_WITH_WALLS}",
                        s.pieces.len()
                    ),
                )
                .at(source.span, "walls here")
                .help("a wall is stored as one kind more than the pieces"),
            );
        }
    }

    fn wall_conflict(&mut self, source: WallSource, span: Span, message: String) {
        self.push(
            Diagnostic::error(Code::BadWalls, message)
            .at(span, "not with walls")
            .also(source.span, source.label)
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
