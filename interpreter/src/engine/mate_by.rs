//! `checkmate ... alone` and `series ... else` (Shatar's mate rules): the outcome
//! of a mate read from the kinds of the pieces that gave check, in the mating
//! check and in the mating player's unbroken series of checks before it.

use super::attack::AttackSearch;
use super::{kind_of, Position};
use crate::model::{Outcome, Side};

/// The kinds as a mask.
fn mask(kinds: &[usize]) -> u64 {
    kinds.iter().fold(0, |m, &k| m | 1 << k)
}

impl Position<'_> {
    /// The kinds of the pieces that attack a royal piece of `side` (0: not in check).
    pub fn checking_kinds(&self, side: Side) -> u64 {
        let them = 1 - side.index();
        let royals = self.royal_cells(side);
        if royals.is_empty() {
            return 0;
        }
        let mut kinds = 0;
        let mut buf = Vec::new();
        for &from in &self.lists[them] {
            let checks = royals
                .iter()
                .any(|&r| self.attacker_captures(from, them, r, &mut buf, AttackSearch::Filtered));
            if checks {
                kinds |= 1 << kind_of(self.board[from as usize]);
            }
        }
        kinds
    }

    /// The outcome of checkmate for the player mated, from the kinds that gave each
    /// check of the mating series, the mate's first: `series` holds them (each a
    /// mask of kinds, 0 ending the series).
    pub fn checkmate_outcome(&self, series: impl IntoIterator<Item = u64>) -> Outcome {
        let end = &self.rules.definition.end;
        let mut series = series.into_iter().take_while(|&k| k != 0);
        let Some(mating) = series.next() else {
            return end.checkmate;
        };
        if let Some((kinds, outcome)) = &end.mate_by.alone {
            if mating & !mask(kinds) == 0 {
                return *outcome;
            }
        }
        match &end.mate_by.series {
            Some((kinds, outcome)) => {
                let needed = mask(kinds);
                let given = mating & needed != 0 || series.any(|k| k & needed != 0);
                if given {
                    end.checkmate
                } else {
                    *outcome
                }
            }
            None => end.checkmate,
        }
    }
}
