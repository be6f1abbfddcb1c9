//! Bulk counting on the general path (capture modes, freezing, two-cell pieces):
//! at perft's last ply, out of check, a move of a piece that captures only by
//! replacement and does not promote touches its own cell, its target and nothing
//! else. Where none of those cells lies in a threat's region (`Threats`), the move
//! leaves every threat to the royal pieces as it was, so it is legal: such a
//! piece's targets are counted as a mask. The other pieces' moves are listed and
//! filtered as `legal_moves` filters them, by the same threats.

use super::legality::Threats;
use super::{kind_of, side_of, Move, Position};
use crate::compile::{Cell, RayKind};

impl Position<'_> {
    /// The number of legal moves, or `None` where this position needs the whole
    /// list: a drop the turn may add, or no reach masks. In check, every move is
    /// listed and tested.
    pub(super) fn count_by_threats(&mut self, list: &mut Vec<Move>) -> Option<u64> {
        let rules = self.rules;
        let queue_turns = rules.flags.drops && self.drop_possible();
        let at_stake = self.royals_at_stake();
        let masks = rules.cell_count() <= 128 && !rules.reach.pieces.is_empty();
        if queue_turns || !masks {
            return None;
        }
        let mut threats = std::mem::take(&mut self.threats);
        threats.clear();
        if at_stake {
            self.find_threats(&mut threats);
        }
        list.clear();
        let counted = self.count_untouched(&threats, list);
        if at_stake {
            list.retain(|&m| self.is_legal_by_threats(&threats, m));
        }
        self.threats = threats;
        Some(counted + list.len() as u64)
    }

    /// Count the moves sure to be legal, as masks; list the others (and castling).
    fn count_untouched(&self, threats: &Threats, list: &mut Vec<Move>) -> u64 {
        let rules = self.rules;
        let us = self.side;
        let ep_open = self.en_passant_open(us);
        let touchy = threats.regions | threats.royals;
        let freezing = rules.flags.immobilizers && self.may_be_frozen(us);
        let mut count = 0;
        for &from in &self.lists[us] {
            let kind = kind_of(self.board[from as usize]);
            let plain = self.moves_only_by_replacement(kind)
                && !(ep_open && rules.en_passant_captures[kind])
                && touchy >> from & 1 == 0
                && !(freezing && self.is_frozen_whole(from));
            // where the piece may promote, only its moves that cannot are counted
            let promoting = rules.promotion_of(us, kind).map(|p| {
                let leaving = !p.leaving.is_empty() && p.leaving[from as usize];
                if leaving {
                    u128::MAX
                } else {
                    p.zone_mask
                }
            });
            let unsure = threats.regions | promoting.unwrap_or(0);
            let counted = plain && !threats.checked;
            match counted
                .then(|| self.replacement_targets(us, from, kind))
                .flatten()
            {
                Some(targets) if targets & unsure == 0 => {
                    count += u64::from(targets.count_ones());
                }
                _ => self.general_moves_from(us, from, list, (ep_open, freezing)),
            }
        }
        if rules.flags.has_castling && self.castling != 0 {
            self.castling_moves(list);
        }
        count
    }

    /// Whether every move of a piece of `kind` is a plain move onto its target,
    /// taking whatever stands there (but its promotions).
    #[inline]
    pub(super) fn moves_only_by_replacement(&self, kind: usize) -> bool {
        self.rules.capture.replacing_only >> kind & 1 != 0
    }

    /// The cells the piece of `kind` on `from` moves to, as a mask, as
    /// `piece_moves` finds them (without en passant); `None` when one of them
    /// holds a two-cell piece, whose capture takes its other end too.
    fn replacement_targets(&self, us: usize, from: Cell, kind: usize) -> Option<u128> {
        let rules = self.rules;
        let flags = &rules.flags;
        if !flags.two_cell && !flags.wall_cells {
            let i = (us * rules.kinds + kind) * rules.cell_count() + from as usize;
            if let Some(leaps) = rules.moves.leap_targets[i] {
                return Some(leaps & !self.occupied[us]);
            }
        }
        let mut targets = 0u128;
        for ray in rules.rays_of(us, kind, from) {
            let cells = rules.cells_of(ray);
            let reach = match ray.kind {
                RayKind::Leap => match self.open_cells(ray, cells) {
                    Some(open) => &open[..open.len().min(1)],
                    None => continue,
                },
                RayKind::Slide => match self.open_cells(ray, cells) {
                    Some(open) => open,
                    None => continue,
                },
                RayKind::Hop | RayKind::HopBehind => self.hop_landings(cells, ray, kind),
            };
            for &t in reach {
                let q = self.board[t as usize];
                if q == 0 {
                    targets |= u128::from(ray.quiet) << t;
                    continue;
                }
                if ray.capture && side_of(q) != us {
                    if rules.flags.two_cell && self.other_end(t).is_some() {
                        return None;
                    }
                    targets |= 1 << t;
                }
                break;
            }
        }
        Some(targets)
    }
}
