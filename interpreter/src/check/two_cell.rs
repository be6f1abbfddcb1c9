//! `two-cell` pieces: their steps, and the properties of one-cell pieces they may
//! not have.

use super::Problems;
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{PieceDef, TwoCell};
use crate::syntax::{PieceDecl, PieceProp, Spanned, TwoCellItem};

/// The most steps a two-cell move may take (its captures must fit in a move).
pub const MAX_TWO_CELL_STEPS: i64 = 4;

impl Problems {
    /// A `two-cell` block as the piece's steps, as far as they can be read, after
    /// reporting what is wrong (the piece stays two-cell for the checks after).
    pub(super) fn two_cell(&mut self, span: Span, items: &[Spanned<TwoCellItem>]) -> TwoCell {
        let mut t = TwoCell {
            steps: 1,
            turn: false,
            advance: None,
            retreat_after_capture: false,
            captured_on_axis: false,
        };
        for (i, item) in items.iter().enumerate() {
            let same = |a: &TwoCellItem, b: &TwoCellItem| {
                std::mem::discriminant(a) == std::mem::discriminant(b)
            };
            if let Some(first) = items[..i].iter().find(|x| same(&x.value, &item.value)) {
                self.push(
                    Diagnostic::error(Code::BadTwoCell, "a two-cell step rule is given twice")
                        .at(item.span, "second one here")
                        .also(first.span, "first one here")
                        .help("give each item of `two-cell` once"),
                );
                continue;
            }
            match item.value {
                TwoCellItem::Steps(n) if !(1..=MAX_TWO_CELL_STEPS).contains(&n) => {
                    self.push(
                        Diagnostic::error(
                            Code::BadTwoCell,
                            format!("a two-cell piece takes 1 to {MAX_TWO_CELL_STEPS} steps a move, not {n}"),
                        )
                        .at(item.span, "here")
                        .help("write `steps 1` or `steps 2` (Panoply's Barricade)"),
                    );
                }
                TwoCellItem::Steps(n) => t.steps = n as u8,
                TwoCellItem::Turn => t.turn = true,
                TwoCellItem::Advance { capture } => t.advance = Some(capture),
                TwoCellItem::RetreatAfterCapture => t.retreat_after_capture = true,
                TwoCellItem::CapturedOnAxis => t.captured_on_axis = true,
            }
        }
        if !t.turn && t.advance.is_none() {
            self.push(
                Diagnostic::error(Code::BadTwoCell, "this two-cell piece has no step")
                    .at(span, "neither `turn` nor `advance`")
                    .help("add `turn`, `advance` or both"),
            );
        }
        t
    }

    /// Report the properties a two-cell piece cannot have: it moves only by its
    /// steps, so no `moves`, capture modes, promotion, royalty or the like.
    pub(super) fn one_cell_properties(&mut self, p: &PieceDecl) {
        for prop in &p.props {
            let (span, what) = match prop {
                PieceProp::Royal(s, _) => (*s, "royal"),
                PieceProp::EnPassant(s, ..) => (*s, "en-passant"),
                PieceProp::Promotes { span, .. } => (*span, "promotes"),
                PieceProp::Betza(n, _) => (n.span, "moves"),
                PieceProp::Rules(s, ..) => (*s, "moves"),
                PieceProp::Confined(s, _) => (*s, "confined"),
                PieceProp::NoFacing(s) => (*s, "no-facing"),
                PieceProp::CapturesChecker(s) => (*s, "in-check captures-checker"),
                PieceProp::Cannot(s, what, _) => (*s, what.word()),
                PieceProp::Capture { span, .. } => (*span, "capture"),
                PieceProp::Immobilize(s) => (*s, "immobilize"),
                PieceProp::Swap(s) => (*s, "swap"),
                PieceProp::PromotionLimit(s, _) => (*s, "promotion-limit"),
                PieceProp::Petrifies(s) => (*s, "petrifies"),
                PieceProp::Flips(s, _) => (*s, "flips"),
                PieceProp::FirstMove(f) => (f.span, "first-move"),
                PieceProp::Immune(_)
                | PieceProp::TwoCell(..)
                | PieceProp::Value(_)
                | PieceProp::CapturedAs(..) => continue,
            };
            self.push(
                Diagnostic::error(
                    Code::BadTwoCell,
                    format!(
                        "`{}` is a two-cell piece and cannot have `{what}`",
                        p.name.value
                    ),
                )
                .at(span, "a property of one-cell pieces")
                .help("a two-cell piece moves only by the steps of its `two-cell` block"),
            );
        }
    }

    /// A piece cannot promote to a two-cell piece: it would stand on one cell.
    pub(super) fn promotions_to_two_cell(&mut self, decls: &[&PieceDecl], defs: &[PieceDef]) {
        for decl in decls {
            for prop in &decl.props {
                let PieceProp::Promotes { to, .. } = prop else {
                    continue;
                };
                for name in to {
                    let two_cell = defs
                        .iter()
                        .find(|d| d.name == name.value || d.label == name.value)
                        .is_some_and(|d| d.two_cell.is_some());
                    if two_cell {
                        self.push(
                            Diagnostic::error(
                                Code::BadTwoCell,
                                format!("`{}` cannot promote to `{}`, a two-cell piece", decl.name.value, name.value),
                            )
                            .at(name.span, "a two-cell piece")
                            .help("a promotion puts one piece on one cell: leave two-cell pieces out of the choices"),
                        );
                    }
                }
            }
        }
    }
}
