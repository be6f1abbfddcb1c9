//! Royalty by count (`royal last N`): the pieces of the royal kinds are royal while
//! their side has at most N of them. `royals` holds them then and is empty
//! otherwise; `royal_pool` holds every one of them. With `duple-check`, a side with
//! more may not leave all of them attacked at once.

use super::attack::AttackSearch;
use super::Position;
use crate::compile::Cell;

impl Position<'_> {
    /// A piece of a royal kind put on `c`.
    pub(super) fn royal_count_added(&mut self, side: usize, c: Cell) {
        let Some(rc) = self.rules.royal_count else {
            return;
        };
        let pool = &mut self.royal_pool[side];
        pool.push(c);
        if pool.len() <= rc.at_most {
            self.royals[side].push(c);
        } else if pool.len() == rc.at_most + 1 {
            self.royals[side].clear();
        }
    }

    /// The piece of a royal kind on `c` taken off.
    pub(super) fn royal_count_removed(&mut self, side: usize, c: Cell) {
        let Some(rc) = self.rules.royal_count else {
            return;
        };
        let pool = &mut self.royal_pool[side];
        if let Some(j) = pool.iter().position(|&r| r == c) {
            pool.swap_remove(j);
        }
        if pool.len() < rc.at_most {
            let royals = &mut self.royals[side];
            if let Some(j) = royals.iter().position(|&r| r == c) {
                royals.swap_remove(j);
            }
        } else if pool.len() == rc.at_most {
            self.royals[side].clone_from(pool);
        }
    }

    /// Whether `side` keeps pieces of the royal kinds that a move may not leave
    /// all attacked (`duple-check`) though none is royal by itself.
    pub(super) fn duple_at_stake(&self, side: usize) -> bool {
        self.rules
            .royal_count
            .is_some_and(|rc| rc.duple_check && self.royal_pool[side].len() > rc.at_most)
    }

    /// Whether every piece of the royal kinds of `side` is attacked, where
    /// `duple-check` forbids it and none is royal by itself.
    pub(super) fn duple_checked(&self, side: usize, search: AttackSearch) -> bool {
        self.duple_at_stake(side)
            && self.royal_pool[side]
                .iter()
                .all(|&c| self.royal_attacked_in(c, 1 - side, search))
    }
}
