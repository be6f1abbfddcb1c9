//! Makruk's counting (a `counting` end rule), as Fairy-Stockfish counts it: no
//! count while a piece of the `without` kinds is on the board; then a count of
//! plies for the player to move, its limit by `count_limit`, which ends the game
//! once it passes that limit. Written in the FEN as `PLY/LIMIT` while it runs.

use super::{kind_of, Position};
use crate::model::Counting;

/// A running count, in plies; `limit` 0: none runs. `blocked`: a piece of the
/// `without` kinds is on the board, so none can start before a capture or a
/// promotion (what the cheap test after a quiet move relies on).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Count {
    pub(super) ply: u16,
    pub(super) limit: u16,
    pub(super) blocked: bool,
}

impl Position<'_> {
    /// After a move (the side to move is already the opponent): one more ply on a
    /// running count. A count starts for the player to move when none runs, or
    /// when a capture or promotion leaves it bare; with `from-pieces`, a mover
    /// that took the last `without` piece and is bare starts its own count, one
    /// ply in. `taken`: the pieces the move captured; `promoted`: the kind that
    /// promoted.
    pub(super) fn count_move(&mut self, taken: &[u8], promoted: Option<usize>) {
        let captured = taken.iter().any(|&p| p != 0);
        let Some(rule) = &self.rules.definition.end.counting else {
            return;
        };
        if self.count.limit > 0 {
            // A count runs only with no `without` piece left: none to look for.
            self.count.ply = self.count.ply.saturating_add(1);
        } else {
            let without = |k: usize| rule.without.contains(&k);
            let lost = promoted.is_some_and(without)
                || taken.iter().any(|&p| p != 0 && without(kind_of(p)));
            if self.count.blocked && !lost {
                return;
            }
            self.count.blocked = self.any_on_board(&rule.without);
            if self.count.blocked {
                return;
            }
        }
        let promoted = promoted.is_some();
        let mover = 1 - self.side;
        // None is left (not blocked): did this move take the last one?
        let took_last = taken.iter().any(|&p| {
            p != 0
                && (rule.without.contains(&kind_of(p)) || rule.bare_without.contains(&kind_of(p)))
        });
        if rule.from_pieces && took_last && self.lists[mover].len() == 1 {
            let limit = self.count_limit(rule, mover);
            if limit > 0 {
                let pieces = (self.lists[0].len() + self.lists[1].len()) as u16;
                self.set_count(limit, 2 * pieces - 1);
            }
        }
        let bare = self.lists[self.side].len() == 1;
        if self.count.limit == 0 || ((captured || promoted) && bare) {
            self.start_count(rule);
        }
    }

    /// Start the count of the player to move, if it has one: from 0, or for a bare
    /// player under `from-pieces` from twice the pieces on the board.
    fn start_count(&mut self, rule: &Counting) {
        let limit = self.count_limit(rule, self.side);
        if limit > 0 {
            let bare = self.lists[self.side].len() == 1;
            let pieces = (self.lists[0].len() + self.lists[1].len()) as u16;
            let from = if rule.from_pieces && bare {
                2 * pieces
            } else {
                0
            };
            self.set_count(limit, from);
        }
    }

    fn set_count(&mut self, moves: u32, ply: u16) {
        self.count.limit = u16::try_from(2 * moves).unwrap_or(u16::MAX);
        self.count.ply = ply;
    }

    /// The limit in moves of a count for `side`, no `without` piece being left:
    /// none while the other side is bare; the board's limit with more than the
    /// royal piece; when bare, the first case the other side's pieces fit.
    fn count_limit(&self, rule: &Counting, side: usize) -> u32 {
        if self.lists[1 - side].len() == 1 {
            return 0;
        }
        let pieces = self.lists[side].len();
        if pieces > 1 {
            let within = rule.board_up_to.is_none_or(|m| pieces <= m as usize);
            return if within { rule.board.unwrap_or(0) } else { 0 };
        }
        if self.any_on_board(&rule.bare_without) {
            return 0;
        }
        let has = |kinds: &[usize]| {
            kinds.iter().all(|k| {
                let want = kinds.iter().filter(|&x| x == k).count();
                self.lists[1 - side]
                    .iter()
                    .filter(|&&c| kind_of(self.board[c as usize]) == *k)
                    .count()
                    >= want
            })
        };
        rule.bare
            .iter()
            .find(|(kinds, _)| has(kinds))
            .map_or(rule.bare_else.unwrap_or(0), |c| c.1)
    }

    fn any_on_board(&self, kinds: &[usize]) -> bool {
        !kinds.is_empty()
            && self
                .lists
                .iter()
                .flatten()
                .any(|&c| kinds.contains(&kind_of(self.board[c as usize])))
    }

    /// The running count: plies counted and the limit in plies; none when no
    /// count runs.
    pub fn counted(&self) -> Option<(u32, u32)> {
        (self.count.limit > 0).then(|| (u32::from(self.count.ply), u32::from(self.count.limit)))
    }

    /// The count has passed its limit: the game ends (unless checkmate ends it).
    pub fn count_passed(&self) -> bool {
        self.count.limit > 0 && self.count.ply > self.count.limit
    }

    /// Stop the running count: for a FEN of a program whose FEN without a count
    /// means that none runs (Fairy-Stockfish's), where vdl's infers one.
    pub fn stop_count(&mut self) {
        let blocked = match &self.rules.definition.end.counting {
            Some(rule) => self.any_on_board(&rule.without),
            None => false,
        };
        self.count = Count {
            ply: 0,
            limit: 0,
            blocked,
        };
    }

    /// The count a setup gives, or, without one, the count a position like it
    /// would have started.
    pub(super) fn load_count(&mut self, given: Option<(u32, u32)>) {
        match given {
            Some((ply, limit)) => {
                let clamp = |n: u32| u16::try_from(n).unwrap_or(u16::MAX);
                self.count = Count {
                    ply: clamp(ply),
                    limit: clamp(limit),
                    blocked: false,
                };
            }
            None => {
                let Some(rule) = &self.rules.definition.end.counting else {
                    return;
                };
                self.count.blocked = self.any_on_board(&rule.without);
                if !self.count.blocked {
                    self.start_count(rule);
                }
            }
        }
    }

    /// ` PLY/LIMIT` while a count runs.
    pub(super) fn count_fen(&self) -> String {
        match self.counted() {
            Some((ply, limit)) => format!(" {ply}/{limit}"),
            None => String::new(),
        }
    }
}
