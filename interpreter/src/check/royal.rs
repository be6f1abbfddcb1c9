//! `royal last [N] [duple-check]`: royalty that depends on how many royal pieces a
//! side has. One count decides it, so every royal kind has the same `royal last`,
//! and their pieces are counted together.

use super::Problems;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{PieceDef, RoyalLast};
use crate::syntax::{PieceDecl, PieceProp, RoyalLastDecl};

/// The most pieces of one kind `royal last` may count.
const MAX_ROYAL_COUNT: i64 = 64;

impl Problems {
    /// `last [N] [duple-check]` read, its count in range.
    pub(super) fn royal_last(&mut self, decl: &RoyalLastDecl) -> Option<RoyalLast> {
        let at_most = match &decl.count {
            None => 1,
            Some(n) if (1..=MAX_ROYAL_COUNT).contains(&n.value) => n.value as u8,
            Some(n) => {
                self.push(
                    Diagnostic::error(
                        Code::BadRoyal,
                        format!("`royal last` counts 1 to {MAX_ROYAL_COUNT} royal pieces"),
                    )
                    .at(n.span, "outside that range")
                    .help("`royal last N` makes the piece royal while its side has at most N royal pieces: leave N out for 1"),
                );
                return None;
            }
        };
        Some(RoyalLast {
            at_most,
            duple_check: decl.duple_check.is_some(),
        })
    }

    /// Where a kind is royal by count, every royal kind is, by the same count:
    /// their pieces are counted together (a king and a crown prince).
    pub(super) fn one_royal_count(&mut self, decls: &[&PieceDecl], defs: &[PieceDef]) {
        let last = |d: &&PieceDecl| {
            d.props.iter().find_map(|p| match p {
                PieceProp::Royal(_, Some(l)) => Some(l.span),
                _ => None,
            })
        };
        let Some((first, first_def, first_span)) = decls
            .iter()
            .zip(defs)
            .find_map(|(d, def)| Some((d, def, last(d)?)))
        else {
            return;
        };
        for (decl, def) in decls.iter().zip(defs) {
            if std::ptr::eq(*decl, *first) || !def.royal {
                continue;
            }
            let (span, what) = match last(decl) {
                Some(_) if def.royal_last == first_def.royal_last => continue,
                Some(s) => (s, "royal by another count"),
                None => (decl.name.span, "royal however many there are"),
            };
            self.push(
                Diagnostic::error(
                    Code::BadRoyal,
                    format!(
                        "`{}` is royal by count, and `{}` is {what}",
                        first.name.value, decl.name.value
                    ),
                )
                .at(span, what)
                .also(first_span, "royal while few are left")
                .help(
                    "the royal kinds' pieces are counted together: give each the same `royal last`",
                ),
            );
        }
    }
}
