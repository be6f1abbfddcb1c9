//! `in-place` promotion (Sittuyin's): no promotion on arrival; a piece standing in
//! its zone, or its side's only piece of the kind anywhere, may instead become one
//! of its choices as a move of its own, on its cell or on an empty cell the new
//! piece's moves reach. Such a move may not give check, nor leave the new piece
//! attacking an enemy piece. A promotion is a `Normal` move with a promotion,
//! `from == to` when the piece stays.

use super::attack::AttackSearch;
use super::movegen::Purpose;
use super::{kind_of, Move, MoveKind, Position};
use crate::compile::PromotionTable;
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
            let frozen = self.rules.flags.immobilizers && self.is_frozen_whole(from);
            if frozen || (!table.zone[from as usize] && self.on_board(us, kind) > 1) {
                continue;
            }
            for k in self.in_place_choices(us, table) {
                out.push(Move::new(from, from, MoveKind::Normal).with_promotion(Some(k)));
                steps.clear();
                self.general_piece_moves(us, from, k, &mut steps, false, Purpose::Play);
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
        let mut buf = Vec::new();
        out.retain(|m| {
            if !self.promotes_in_place(m) {
                return true;
            }
            self.make(*m);
            let attacks = |p: &Self, buf: &mut Vec<Move>| {
                (p.lists[1 - us].iter())
                    .any(|&c| p.attacker_captures(m.to, us, c, buf, AttackSearch::Filtered))
            };
            let quiet = !self.in_check(them) && !attacks(self, &mut buf);
            self.unmake();
            quiet
        });
    }
}
