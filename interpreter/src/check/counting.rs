//! `counting`: Makruk's and ASEAN chess's counts of moves (board's and pieces'
//! honour).

use super::Problems;
use crate::diagnostic::{Code, Diagnostic};
use crate::model::Counting;
use crate::syntax::{self, CountingDecl, Spanned};

/// The most moves a count may run.
const MAX_COUNT: i64 = 1000;

impl Problems {
    pub(super) fn counting(
        &mut self,
        decl: &CountingDecl,
        known: &[&str],
        pieces: &[&syntax::PieceDecl],
    ) -> Option<Counting> {
        let outcome = super::end::outcome(decl.outcome.value);
        let mut kinds = |names: &[syntax::Name]| -> Vec<usize> {
            names
                .iter()
                .filter_map(|n| self.piece_ref(n, known, pieces))
                .collect()
        };
        let without = kinds(&decl.without);
        let bare_without = kinds(&decl.bare_without);
        let cases: Vec<(Vec<usize>, &Spanned<i64>)> = decl
            .cases
            .iter()
            .map(|(names, limit)| (kinds(names), limit))
            .collect();
        let limits = decl.board.iter().chain(cases.iter().map(|c| c.1));
        let mut ok = true;
        for limit in limits.chain(decl.bare_else.as_ref()) {
            ok &= self.count_limit(limit);
        }
        if decl.board.is_none() && decl.bare.is_none() {
            self.push(
                Diagnostic::error(Code::BadEndRule, "a `counting` rule with nothing to count")
                    .at(decl.outcome.span, "no `board` and no `bare`")
                    .help("`counting draw { without Pawn  board 64  bare Rook 16 else 64 }`: once no pawn is left, a count of 64 moves, or of 16 for a bare king against a rook"),
            );
            ok = false;
        }
        if let Some(n) = &decl.board_up_to {
            ok &= self.up_to(n);
        }
        let moves = |n: &Spanned<i64>| u32::try_from(n.value).unwrap_or(0);
        ok.then(|| Counting {
            outcome,
            without,
            board: decl.board.as_ref().map(moves),
            board_up_to: decl.board_up_to.as_ref().map(moves),
            bare_without,
            bare: cases.into_iter().map(|(k, n)| (k, moves(n))).collect(),
            bare_else: decl.bare_else.as_ref().map(moves),
            from_pieces: decl.from_pieces,
        })
    }

    /// `up-to M`: the board's honour needs a player with more than its royal piece.
    fn up_to(&mut self, n: &Spanned<i64>) -> bool {
        self.in_range(
            n,
            2,
            format!("a board's honour for players with at most {} pieces", n.value),
            "the board's honour counts for a player with more than its royal piece: `board 63 up-to 3` counts for 2 or 3 pieces",
        )
    }

    fn count_limit(&mut self, n: &Spanned<i64>) -> bool {
        self.in_range(
            n,
            1,
            format!("a count of {} moves cannot be reached", n.value),
            "a count's limit is in moves, e.g. `bare Rook 16`: 16 moves against a rook",
        )
    }

    /// Whether `n` is from `least` to `MAX_COUNT`; reported if not.
    fn in_range(&mut self, n: &Spanned<i64>, least: i64, message: String, help: &str) -> bool {
        if (least..=MAX_COUNT).contains(&n.value) {
            return true;
        }
        self.push(
            Diagnostic::error(Code::BadEndRule, message)
                .at(n.span, format!("expected {least} to {MAX_COUNT}"))
                .help(help.to_string()),
        );
        false
    }
}
