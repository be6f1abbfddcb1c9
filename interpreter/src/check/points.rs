//! `points NAME N ... [komi N]`: the worth of the pieces that decides a game the
//! rules would end drawn (Janggi's points).

use super::Problems;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::Points;
use crate::syntax::{Name, Spanned};

/// The most a kind may be worth, and the largest komi, in whole points.
const MOST: i64 = 1000;

impl Problems {
    /// Each kind's worth in tenths of a point, and the komi's.
    pub(super) fn points(
        &mut self,
        values: &[(Name, Spanned<i64>)],
        komi: Option<&Spanned<String>>,
        kind_of: &mut dyn FnMut(&mut Self, &Name) -> Option<usize>,
    ) -> Option<Points> {
        let mut worth = Vec::new();
        for (name, n) in values {
            let kind = kind_of(self, name);
            if !(0..=MOST).contains(&n.value) {
                self.push(
                    Diagnostic::error(
                        Code::BadEndRule,
                        format!("a piece worth {} points", n.value),
                    )
                    .at(n.span, format!("expected 0 to {MOST}"))
                    .help(
                        "`points Chariot 13 Cannon 7 komi 1.5`: each kind's worth in whole points",
                    ),
                );
                continue;
            }
            if worth.iter().any(|&(k, _)| Some(k) == kind) {
                self.push(
                    Diagnostic::error(
                        Code::BadEndRule,
                        format!("`{}` is given two worths", name.value),
                    )
                    .at(name.span, "second one here")
                    .help("give each kind's worth once"),
                );
                continue;
            }
            if let Some(k) = kind {
                worth.push((k, n.value as u32 * 10));
            }
        }
        let komi = match komi {
            None => 0,
            Some(k) => self.komi(k)?,
        };
        Some(Points { worth, komi })
    }

    /// A komi in tenths of a point: whole points and at most one decimal.
    fn komi(&mut self, k: &Spanned<String>) -> Option<u32> {
        let (whole, tenth) = match k.value.split_once('.') {
            Some((w, t)) if t.len() == 1 => (w, t),
            Some(_) => ("", ""),
            None => (k.value.as_str(), "0"),
        };
        let tenths = whole
            .parse::<i64>()
            .ok()
            .filter(|w| (0..=MOST).contains(w))
            .zip(tenth.parse::<i64>().ok())
            .map(|(w, t)| (w * 10 + t) as u32);
        if tenths.is_none() {
            self.push(
                Diagnostic::error(Code::BadEndRule, format!("a komi of {}", k.value))
                    .at(
                        k.span,
                        format!("expected 0 to {MOST}, with one decimal at most"),
                    )
                    .help("`komi 1.5`: Black's pieces count one and a half points more"),
            );
        }
        tenths
    }
}
