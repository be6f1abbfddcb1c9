//! A piece's `promotes` property: its zones checked, its choices resolved.

use super::{drops, Problems, Zones};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{PieceDef, Promotion};
use crate::syntax::{self, Name, PieceProp};

impl Problems {
    /// A `promotes` property: its zones checked, its choices resolved.
    pub(super) fn promotion(
        &mut self,
        prop: &PieceProp,
        zones: Option<&Zones>,
        known: &[&str],
        decls: &[&syntax::PieceDecl],
    ) -> Option<Promotion> {
        let PieceProp::Promotes {
            zone,
            to,
            sides,
            captured,
            queue,
            optional,
            leaving,
            forced_in,
            in_place,
            on_capture,
            ..
        } = prop
        else {
            return None;
        };
        if let Some(zones) = zones {
            self.zone_ref(zone, zones);
            if let Some(forced) = forced_in {
                self.zone_ref(forced, zones);
            }
        }
        if let Some(span) = in_place {
            self.in_place_alone(
                *span,
                [
                    *leaving,
                    *captured,
                    queue.as_ref().map(|q| q.span),
                    *on_capture,
                ],
            );
        }
        let mut kinds = |names: &[Name]| -> Vec<usize> {
            names
                .iter()
                .filter_map(|name| self.piece_ref(name, known, decls))
                .collect()
        };
        let mut choices = kinds(to);
        let mut black_choices = None;
        if let [(first, a), (second, b)] = sides.as_slice() {
            let (a, b) = (kinds(a), kinds(b));
            if first.value == second.value {
                self.push(
                    Diagnostic::error(
                        Code::DuplicateProperty,
                        format!(
                            "the choices for {} are given twice",
                            side_word(&first.value)
                        ),
                    )
                    .at(second.span, "second one here")
                    .also(first.span, "first one here")
                    .help(
                        "write each side's choices once: `to white Queen Rook black Queen Knight`",
                    ),
                );
            }
            (choices, black_choices) = if first.value == "black" {
                (b, Some(a))
            } else {
                (a, Some(b))
            };
        }
        Some(Promotion {
            zone: zone.value.clone(),
            choices,
            black_choices,
            from_captured: captured.is_some(),
            optional: optional.is_some(),
            from_queue: queue.as_ref().map(|q| drops::queue_end(q.value)),
            leaving: leaving.is_some(),
            forced_in: forced_in.as_ref().map(|z| z.value.clone()),
            in_place: in_place.is_some(),
            on_capture: on_capture.is_some(),
        })
    }

    /// `in-place` promotes by a move of its own: no move arrives or leaves to
    /// promote, and the choice is the player's, not a captured piece's or a queue's.
    fn in_place_alone(&mut self, span: Span, others: [Option<Span>; 4]) {
        for other in others.into_iter().flatten() {
            self.push(
                Diagnostic::error(
                    Code::BadInPlace,
                    "an `in-place` promotion cannot take this option",
                )
                .at(other, "not with `in-place`")
                .also(span, "the promotion is a move of its own")
                .help("an in-place promotion is to the kinds named after `to`; drop `or-leaving`, `captured`, `queue` or `on-capture`"),
            );
        }
    }
}

/// `White` or `Black` for a side word of the language.
fn side_word(word: &str) -> &'static str {
    if word == "black" {
        "Black"
    } else {
        "White"
    }
}

/// The most pieces of one kind a `promotion-limit` may count.
const MAX_PROMOTION_LIMIT: i64 = 64;

impl Problems {
    /// `promotion-limit N`, N in range.
    pub(super) fn promotion_limit(&mut self, n: &syntax::Spanned<i64>) -> Option<u8> {
        if (1..=MAX_PROMOTION_LIMIT).contains(&n.value) {
            return Some(n.value as u8);
        }
        self.push(
            Diagnostic::error(
                Code::BadPromotionLimit,
                format!("`promotion-limit` counts 1 to {MAX_PROMOTION_LIMIT} pieces"),
            )
            .at(n.span, "outside that range")
            .help("`promotion-limit N` stops promotions to the kind while its side has N of it on the board"),
        );
        None
    }

    /// A `promotion-limit` on a kind no promotion makes limits nothing.
    pub(super) fn limits_promoted_to(&mut self, decls: &[&syntax::PieceDecl], defs: &[PieceDef]) {
        for (kind, (decl, def)) in decls.iter().zip(defs).enumerate() {
            let Some(span) = decl.props.iter().find_map(|p| match p {
                PieceProp::PromotionLimit(s, _) => Some(*s),
                _ => None,
            }) else {
                continue;
            };
            let made = defs.iter().any(|d| {
                d.promotion.as_ref().is_some_and(|p| {
                    p.choices.contains(&kind)
                        || p.black_choices.as_ref().is_some_and(|b| b.contains(&kind))
                })
            });
            if !made {
                self.push(
                    Diagnostic::error(
                        Code::BadPromotionLimit,
                        format!(
                            "`{}` has a `promotion-limit`, but no promotion makes it",
                            def.name
                        ),
                    )
                    .at(span, "limits nothing")
                    .help(
                        "name the kind among a piece's promotion choices, or leave the limit out",
                    ),
                );
            }
        }
    }
}
