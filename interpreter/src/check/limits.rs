//! The counts of the end rules and the move limit: in range, claimable where said.

use super::{report, Problems, Report};
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{MoveLimit, Outcome};
use crate::syntax::{self, EndRuleDecl, Name, ResetItem, Spanned};

/// `double-pass` and `facing` end the game on a pass: without `pass` they
/// never could.
pub(super) fn passing_without_pass(end: Option<&syntax::EndDecl>) -> Report<()> {
    report(|p| {
        for rule in end.map_or(&[][..], |e| &e.rules[..]) {
            let word = match rule.value {
                EndRuleDecl::DoublePass(_) => "double-pass",
                EndRuleDecl::Facing(_) => "facing",
                _ => continue,
            };
            p.push(
                Diagnostic::error(
                    Code::BadEndRule,
                    format!("`{word}` ends the game on a pass, but no player may pass"),
                )
                .at(rule.span, "never happens")
                .help("add `pass` (a top-level line) so that a turn may be a pass"),
            );
        }
    })
}

impl Problems {
    /// An end rule's count, from `low` to 100; an error (`what` with the count in
    /// place of `{}`) otherwise.
    pub(super) fn end_count(
        &mut self,
        n: &Spanned<i64>,
        low: i64,
        what: &str,
        help: &str,
    ) -> Option<u32> {
        if (low..=100).contains(&n.value) {
            return u32::try_from(n.value).ok();
        }
        self.push(
            Diagnostic::error(
                Code::BadEndRule,
                format!(
                    "{} cannot be reached",
                    what.replace("{}", &n.value.to_string())
                ),
            )
            .at(n.span, format!("expected {low} to 100"))
            .help(help),
        );
        None
    }

    /// A `claim-at` count: from `low` to the rule's own count.
    pub(super) fn claim_count(
        &mut self,
        claim: &Option<Spanned<i64>>,
        low: i64,
        high: i64,
        example: &str,
    ) -> Option<u32> {
        let c = claim.as_ref()?;
        if !(low..=high).contains(&c.value) {
            self.push(
                Diagnostic::error(
                    Code::BadEndRule,
                    format!("a claim at {} is outside the rule", c.value),
                )
                .at(c.span, format!("expected {low} to {high}"))
                .help(format!(
                    "a draw may be claimed before the game ends by itself: `{example}`"
                )),
            );
            return None;
        }
        Some(c.value as u32)
    }

    pub(super) fn move_limit(
        &mut self,
        decl: &syntax::MoveLimitDecl,
        known: &[&str],
        pieces: &[&syntax::PieceDecl],
        outcome: Outcome,
    ) -> Option<MoveLimit> {
        let n = &decl.moves;
        if !(1..=10_000).contains(&n.value) {
            self.push(
                Diagnostic::error(
                    Code::BadEndRule,
                    format!("a move rule of {} moves is out of range", n.value),
                )
                .at(n.span, "expected 1 to 10000")
                .help("`move-rule 50 draw reset-by capture Pawn` is chess's fifty-move rule"),
            );
            return None;
        }
        let example = "move-rule 75 draw claim-at 50 reset-by capture Pawn";
        let mut limit = MoveLimit {
            moves: n.value as u32,
            outcome,
            claim_at: self.claim_count(&decl.claim_at, 1, n.value, example),
            reset_on_capture: false,
            reset_on_lock: false,
            reset_on_forcing_check: false,
            reset_on_drop: false,
            reset_on_promotion: false,
            reset_by: Vec::new(),
            reset_irreversible: Vec::new(),
        };
        for r in &decl.resets {
            match &r.value {
                ResetItem::Capture => limit.reset_on_capture = true,
                ResetItem::Lock => limit.reset_on_lock = true,
                ResetItem::ForcingCheck => limit.reset_on_forcing_check = true,
                ResetItem::Drop => limit.reset_on_drop = true,
                ResetItem::Promotion => limit.reset_on_promotion = true,
                ResetItem::Piece(p) => {
                    let name = Name {
                        value: p.clone(),
                        span: r.span,
                    };
                    if let Some(k) = self.piece_ref(&name, known, pieces) {
                        limit.reset_by.push(k);
                    }
                }
                ResetItem::Irreversible(name) => {
                    if let Some(k) = self.piece_ref(name, known, pieces) {
                        limit.reset_irreversible.push(k);
                    }
                }
            }
        }
        Some(limit)
    }
}
