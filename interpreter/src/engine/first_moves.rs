//! First-move rights (`first-move`): a piece on a back-rank cell may hold one and,
//! while it does, make its first moves (quiet moves only). The right is lost when
//! the piece moves or is taken, and, for kinds with `lost-when-aimed-by`, when an
//! enemy piece of those kinds ends a move where it would attack the piece on an
//! empty board. Written in the FEN's castling field as file letters.

use super::movegen::{push_normal, Purpose};
use super::{kind_of, side_of, Move, MoveKind, Position};
use crate::compile::{Cell, Ray, RayKind};
use crate::model::{Setup, Side};
use crate::random::mix;

impl Position<'_> {
    pub(super) fn load_rights(&mut self, setup: &Setup) {
        for side in 0..2 {
            for &coord in &setup.first_rights[side] {
                let bit = (self.rules.cell_at(coord))
                    .and_then(|c| self.rules.first_moves.right_bit(side, c));
                if let Some(bit) = bit {
                    self.rights[side] |= 1 << bit;
                }
            }
        }
    }

    pub(super) fn rights_key(&self) -> u64 {
        rights_key(self.rights)
    }

    /// After the board part of a move by `mover` (the mover still to move): the
    /// rights of the cells it left, entered, emptied or took over are gone, and the enemy
    /// rights its piece now aims at, for the kinds that lose them so.
    pub(super) fn rights_after_move(&mut self, m: &Move, mover: u8) {
        if self.rights == [0, 0] {
            return;
        }
        let before = self.rights;
        let mut touched = [m.from, m.to, m.from, m.to];
        if let Some(rule) = m.castle_rule() {
            let c = &self.castles.rules[rule];
            touched = [c.king_from, c.king_to, c.rook_from, c.rook_to];
        }
        // a piece taken over changes sides: its right is gone too
        for &c in touched
            .iter()
            .chain(m.captures())
            .chain(m.converted().as_ref())
        {
            self.lose_right(0, c);
            self.lose_right(1, c);
        }
        let them = 1 - self.side;
        let aiming = self.rules.first_moves.aiming >> kind_of(mover) & 1 != 0;
        if aiming && self.rights[them] != 0 && m.castle_rule().is_none() {
            self.lose_aimed_rights(them, kind_of(mover), m.to);
        }
        if self.rules.first_moves.lost_when_checked != 0 && self.rights[them] != 0 {
            self.lose_rights_to_check(them);
        }
        if self.rights != before {
            self.hash ^= rights_key(before) ^ rights_key(self.rights);
        }
    }

    /// The rights a check takes away, when `them` is in check after the move.
    fn lose_rights_to_check(&mut self, them: usize) {
        let fm = &self.rules.first_moves;
        let exposed = (self.holders(them))
            .filter(|&(_, _, p)| fm.lost_when_checked >> kind_of(p) & 1 != 0)
            .fold(0, |m, (bit, _, _)| m | 1 << bit);
        if exposed != 0 && self.in_check(Side::from_index(them)) {
            self.rights[them] &= !exposed;
        }
    }

    /// Each right `side` holds with a piece on its cell: its bit, the cell, the piece.
    fn holders(&self, side: usize) -> impl Iterator<Item = (usize, Cell, u8)> + '_ {
        let cells = &self.rules.first_moves.right_cells[side];
        let rights = self.rights[side];
        (0..cells.len())
            .filter(move |&bit| rights >> bit & 1 != 0)
            .filter_map(move |bit| {
                let cell = cells[bit]?;
                let p = self.board[cell as usize];
                (p != 0).then_some((bit, cell, p))
            })
    }

    /// The cells of the pieces of `side` holding their right.
    pub(super) fn right_holders(&self, side: usize) -> impl Iterator<Item = Cell> + '_ {
        (self.holders(side))
            .filter(move |&(_, _, p)| side_of(p) == side)
            .map(|(_, cell, _)| cell)
    }

    fn lose_right(&mut self, side: usize, c: Cell) {
        if let Some(bit) = self.rules.first_moves.right_bit(side, c) {
            self.rights[side] &= !(1 << bit);
        }
    }

    /// The rights of `them` whose pieces a piece of `kind` on `at` aims at.
    fn lose_aimed_rights(&mut self, them: usize, kind: usize, at: Cell) {
        let fm = &self.rules.first_moves;
        let aimed = (self.holders(them))
            .filter(|&(_, cell, p)| {
                fm.aimed_by[kind_of(p)] >> kind & 1 != 0 && self.aims(kind, at, cell)
            })
            .fold(0, |m, (bit, _, _)| m | 1 << bit);
        self.rights[them] &= !aimed;
    }

    /// Whether a piece of the mover's side (still to move) and `kind` on `at`
    /// attacks `target` on an empty board.
    fn aims(&self, kind: usize, at: Cell, target: Cell) -> bool {
        let us = self.side;
        let rules = self.rules;
        rules.rays_of(us, kind, at).iter().any(|ray| {
            let cells = rules.cells_of(ray);
            ray.capture
                && match ray.kind {
                    RayKind::Leap => cells.last() == Some(&target),
                    RayKind::Slide => cells[ray.blockers as usize..].contains(&target),
                    RayKind::Hop | RayKind::HopBehind => false,
                }
        })
    }

    /// The first moves of the side to move's pieces that hold their right, but
    /// those another rule already makes (listed in `out`). `checked`: whether the
    /// side is in check, if known.
    pub(super) fn first_move_moves(&self, out: &mut Vec<Move>, mut checked: Option<bool>) {
        let us = self.side;
        let fm = &self.rules.first_moves;
        for from in self.right_holders(us) {
            let p = self.board[from as usize];
            let kind = kind_of(p);
            if fm.not_in_check[kind]
                && *checked.get_or_insert_with(|| self.in_check(Side::from_index(us)))
            {
                continue;
            }
            if self.rules.flags.immobilizers && self.is_frozen_whole(from) {
                continue;
            }
            let at = (us * self.rules.kinds + kind) * self.rules.cell_count() + from as usize;
            let overlaps = fm.overlaps[at];
            for ray in self.rules.first_rays_of(us, kind, from) {
                self.first_moves_along(from, (kind, overlaps), ray, out);
            }
        }
    }

    /// The empty cells a first-move ray reaches, as moves not listed yet (looked
    /// for only where another rule may reach the cell: `overlaps`).
    fn first_moves_along(
        &self,
        from: Cell,
        (kind, overlaps): (usize, bool),
        ray: &Ray,
        out: &mut Vec<Move>,
    ) {
        let rules = self.rules;
        let cells = rules.first_cells_of(ray);
        let b = ray.blockers as usize;
        let clear = |cells: &[Cell]| cells.iter().all(|&c| self.board[c as usize] == 0);
        let targets: &[Cell] = match ray.kind {
            RayKind::Leap if ray.jump || clear(&cells[..b]) => &cells[b..=b],
            RayKind::Slide if clear(&cells[..b]) => &cells[b..],
            RayKind::Hop | RayKind::HopBehind => self.hop_landings(cells, ray, kind),
            _ => &[],
        };
        let promo = self.promo(self.side, kind, Purpose::Play);
        for &t in targets {
            if self.board[t as usize] != 0 {
                break;
            }
            let listed = overlaps
                && out.iter().any(|m| {
                    m.from == from
                        && m.to == t
                        && m.kind == MoveKind::Normal
                        && m.captures().is_empty()
                });
            if !listed {
                push_normal(out, from, t, &[], promo);
            }
        }
    }

    /// The side's rights as file letters, upper case for White.
    pub(super) fn rights_fen(&self, side: usize) -> String {
        let r = self.rules;
        (0..32)
            .filter(|i| self.rights[side] >> i & 1 != 0)
            .filter_map(|i| {
                let file = r.definition.board.files.get(i)?;
                Some(if side == 0 {
                    file.to_ascii_uppercase()
                } else {
                    file.clone()
                })
            })
            .collect()
    }

    /// Whether the piece on `cell` holds its first-move right.
    pub fn holds_first_right(&self, cell: Cell) -> bool {
        let p = self.board[cell as usize];
        p != 0
            && (self.rules.first_moves.right_bit(side_of(p), cell))
                .is_some_and(|b| self.rights[side_of(p)] >> b & 1 != 0)
    }
}

/// The hash key of both sides' rights.
fn rights_key(rights: [u32; 2]) -> u64 {
    (0..2).fold(0, |h, side| {
        (0..32)
            .filter(|i| rights[side] >> i & 1 != 0)
            .fold(h, |h, i| h ^ mix((6 << 60) | (side as u64) << 40 | i))
    })
}
