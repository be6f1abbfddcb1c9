//! `in-place` promotion (Sittuyin's): no promotion on arrival; a piece standing in
//! its zone, or its side's only piece of the kind anywhere, may instead become one
//! of its choices as a move of its own, on its cell or on an empty cell the new
//! piece's moves reach. Such a move may not give check, nor leave the new piece
//! attacking an enemy piece. A promotion is a `Normal` move with a promotion,
//! `from == to` when the piece stays.

use super::movegen::Purpose;
use super::{kind_of, side_of, Move, MoveKind, Position};
use crate::compile::{Cell, PromotionTable};
use crate::model::Side;

impl Position<'_> {
    /// The side to move's in-place promotions, before the test of `keep_quiet_promotions`.
    pub(super) fn in_place_promotions(&self, out: &mut Vec<Move>) {
        let us = self.side;
        let mut steps = Vec::new();
        for &from in &self.lists[us] {
            let kind = kind_of(self.board[from as usize]);
            let Some(table) = self.rules.in_place_of(us, kind) else {
                continue;
            };
            if !table.zone[from as usize] && self.on_board(us, kind) > 1 {
                continue;
            }
            for k in self.in_place_choices(us, table) {
                out.push(Move::new(from, from, MoveKind::Normal).with_promotion(Some(k)));
                steps.clear();
                self.moves_as(us, from, k, &mut steps, Purpose::Play);
                let mut seen = Vec::new();
                for m in &steps {
                    let quiet = m.kind == MoveKind::Normal && m.captures().is_empty();
                    if quiet && self.board[m.to as usize] == 0 && !seen.contains(&m.to) {
                        seen.push(m.to);
                        let step = Move::new(from, m.to, MoveKind::Normal);
                        out.push(step.with_promotion(Some(k)));
                    }
                }
            }
        }
    }

    /// The kinds an in-place promotion by `table` may make now: those not at their
    /// `promotion-limit`.
    fn in_place_choices<'t>(
        &self,
        us: usize,
        table: &'t PromotionTable,
    ) -> impl Iterator<Item = usize> + 't {
        let at_limit = if table.limited == 0 {
            0
        } else {
            self.kinds_at_limit(us, table.limited)
        };
        (table.choices.iter())
            .map(|&k| usize::from(k))
            .filter(move |&k| at_limit >> k & 1 == 0)
    }

    /// The moves a piece of `kind` would have on `from`.
    fn moves_as(&self, us: usize, from: Cell, kind: usize, out: &mut Vec<Move>, p: Purpose) {
        if self.rules.flags.special {
            self.general_piece_moves(us, from, kind, out, false, p);
        } else {
            self.piece_moves(us, from, kind, out, false, p);
        }
    }

    /// Whether `m` is an in-place promotion of the side to move.
    pub fn promotes_in_place(&self, m: &Move) -> bool {
        m.kind == MoveKind::Normal
            && m.promotion().is_some()
            && (self.rules)
                .in_place_of(self.side, kind_of(self.board[m.from as usize]))
                .is_some()
    }

    /// In-place promotions that give check or leave the new piece attacking an
    /// enemy piece are no moves.
    pub(super) fn keep_quiet_promotions(&mut self, out: &mut Vec<Move>) {
        if !self.rules.flags.in_place_promotions {
            return;
        }
        let us = self.side;
        let them = Side::from_index(1 - us);
        let mut attacks = Vec::new();
        out.retain(|m| {
            if !self.promotes_in_place(m) {
                return true;
            }
            let Some(kind) = m.promotion() else {
                return true;
            };
            self.make(*m);
            let quiet = !self.in_check(them) && {
                attacks.clear();
                self.moves_as(us, m.to, kind, &mut attacks, Purpose::AttackTest);
                !attacks.iter().any(|a| {
                    (a.captures().iter()).any(|&c| {
                        let q = self.board[c as usize];
                        q != 0 && side_of(q) != us
                    })
                })
            };
            self.unmake();
            quiet
        });
    }
}
