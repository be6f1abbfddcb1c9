//! Explosions (`explosions`): a capture removes the capturing piece, its victims and
//! every piece next to the cell it lands on, but the spared kinds. A move that blows
//! up one of the mover's royal pieces is illegal; one that blows up an enemy royal
//! piece is legal even if it leaves the mover attacked. Royal pieces side by side
//! cannot take each other (the blast would take the taker's too), so neither is in
//! check.

use super::attack::AttackSearch;
use super::{kind_of, side_of, Move, MoveKind, Position};
use crate::compile::Cell;

impl Position<'_> {
    /// Each capture of `out` as its explosion. The promotions of one capture are a
    /// single move, since the promoted piece never stands: it keeps the first kind.
    pub(super) fn explode_captures(&self, out: &mut Vec<Move>) {
        let mut kept = 0;
        for i in 0..out.len() {
            let m = out[i];
            if m.captures().is_empty() || m.from_hand().is_some() {
                out[kept] = m;
                kept += 1;
                continue;
            }
            let e = self.explosion(m);
            if let Some(last) = kept.checked_sub(1).map(|j| &mut out[j]) {
                if last.kind == MoveKind::Explosion
                    && (last.from, last.to) == (e.from, e.to)
                    && last.captures() == e.captures()
                    && last.drop_slot() == e.drop_slot()
                {
                    *last = last.with_promotion(last.promotion().min(e.promotion()));
                    continue;
                }
            }
            out[kept] = e;
            kept += 1;
        }
        out.truncate(kept);
    }

    /// The capture `m` as an explosion: its victims, the capturer, then the
    /// neighbours of its landing cell that the blast takes. A capturer immune to
    /// blasts stays: the move is `m` with the neighbours taken too.
    fn explosion(&self, m: Move) -> Move {
        let immune = self.rules.capture.blast_immune >> kind_of(self.board[m.from as usize]) & 1;
        let mut e = if immune != 0 {
            m
        } else {
            let mut e = Move::new(m.from, m.to, MoveKind::Explosion)
                .with_promotion(m.promotion())
                .with_drop_of(&m);
            for &c in m.captures() {
                e.add_capture(c);
            }
            e.add_capture(m.from);
            e
        };
        let spared = self.rules.capture.blast_spared;
        for &n in &self.rules.board.neighbours[m.to as usize] {
            let p = self.board[n as usize];
            if p != 0 && spared >> kind_of(p) & 1 == 0 && !e.captures().contains(&n) {
                e.add_capture(n);
            }
        }
        e
    }

    /// After a move of `us`, who had `royals` royal pieces against the enemy's:
    /// whether the move was legal under explosions.
    pub(super) fn safe_after_blast(
        &self,
        us: usize,
        royals: (usize, usize),
        search: AttackSearch,
    ) -> bool {
        if self.royals[us].len() < royals.0 {
            return false;
        }
        if self.royals[1 - us].len() < royals.1 {
            return true;
        }
        !self.royals[us]
            .iter()
            .any(|&c| self.royal_attacked_in(c, 1 - us, search))
    }

    /// Whether the royal piece on `c` is attacked by `by`: under explosions, not
    /// while a royal piece of `by` stands next to it.
    #[inline]
    pub(super) fn royal_attacked(&self, c: Cell, by: usize) -> bool {
        self.royal_attacked_in(c, by, AttackSearch::Filtered)
    }

    /// `royal_attacked`, the general attack test searching as `search` says.
    #[inline]
    pub(super) fn royal_attacked_in(&self, c: Cell, by: usize, search: AttackSearch) -> bool {
        if self.rules.flags.explosions && self.next_to_royal(c, by) {
            return false;
        }
        self.attacked_in(c, by, search)
    }

    fn next_to_royal(&self, c: Cell, side: usize) -> bool {
        self.rules.board.neighbours[c as usize].iter().any(|&n| {
            let p = self.board[n as usize];
            p != 0 && side_of(p) == side && self.rules.royal[kind_of(p)]
        })
    }
}
