//! Pseudo-legal move generation: walk the precomputed rays of every piece.

use super::{kind_of, side_of, Move, MoveKind, Position};
use crate::compile::{Cell, PromotionTable, Ray, RayKind};

impl Position<'_> {
    pub(super) fn pseudo_moves(&self, out: &mut Vec<Move>) {
        let rules = self.rules;
        let us = self.side;
        let ep_open = self.ep.len > 0
            && self.ep.victim != super::NO_CELL
            && side_of(self.board[self.ep.victim as usize]) != us;
        for &from in &self.lists[us] {
            let kind = kind_of(self.board[from as usize]);
            let promo = rules.promotion_of(us, kind);
            let can_ep = ep_open && rules.en_passant[kind];
            for ray in rules.rays_of(us, kind, from) {
                let cells = &rules.ray_cells[ray.start as usize..][..ray.len as usize];
                match ray.kind {
                    RayKind::Leap => {
                        let b = ray.blockers as usize;
                        if b > 0 && cells[..b].iter().any(|&c| self.board[c as usize] != 0) {
                            continue;
                        }
                        self.target(out, from, cells[b], ray, promo, can_ep);
                    }
                    RayKind::Slide => {
                        for &t in cells {
                            if !self.target(out, from, t, ray, promo, can_ep) {
                                break;
                            }
                        }
                    }
                    RayKind::Hop | RayKind::HopBehind => {
                        let Some(screen) = cells.iter().position(|&c| self.board[c as usize] != 0)
                        else {
                            continue;
                        };
                        let beyond = &cells[screen + 1..];
                        let beyond = if ray.kind == RayKind::HopBehind {
                            &beyond[..beyond.len().min(1)]
                        } else {
                            beyond
                        };
                        for &t in beyond {
                            if !self.target(out, from, t, ray, promo, false) {
                                break;
                            }
                        }
                    }
                }
            }
        }
        if rules.flags.has_castling && self.castling != 0 {
            self.castling_moves(out);
        }
    }

    /// Add the move to `t` if the ray allows it; returns whether `t` was empty (so a
    /// slide may go on).
    #[inline(always)]
    fn target(
        &self,
        out: &mut Vec<Move>,
        from: Cell,
        t: Cell,
        ray: &Ray,
        promo: Option<&PromotionTable>,
        can_ep: bool,
    ) -> bool {
        let q = self.board[t as usize];
        if q == 0 {
            if ray.quiet {
                let mut m = Move::new(from, t, MoveKind::Normal);
                if ray.double_step {
                    m.kind = MoveKind::DoubleStep;
                    m.aux = ray.start;
                    // check limits passed cells to MAX_EP_CELLS
                    m.aux_len = ray.blockers as u8;
                }
                push(out, m, promo);
            } else if ray.capture && can_ep && self.ep.contains(t) {
                let m = Move::new(from, t, MoveKind::EnPassant).with_capture(self.ep.victim);
                push(out, m, promo);
            }
            true
        } else {
            if ray.capture && side_of(q) != self.side {
                push(
                    out,
                    Move::new(from, t, MoveKind::Normal).with_capture(t),
                    promo,
                );
            }
            false
        }
    }

    fn castling_moves(&self, out: &mut Vec<Move>) {
        let rules = self.rules;
        let us = self.side;
        let royal = |c: Cell| {
            let p = self.board[c as usize];
            p != 0 && side_of(p) == us && rules.royal[kind_of(p)]
        };
        for (i, c) in rules.castling.iter().enumerate() {
            if c.side != us || self.castling & (1 << i) == 0 {
                continue;
            }
            let rook = self.board[c.rook_from as usize];
            if !royal(c.king_from) || rook == 0 || side_of(rook) != us {
                continue;
            }
            let clear = c
                .empty
                .iter()
                .all(|&e| e == c.king_from || e == c.rook_from || self.board[e as usize] == 0);
            if clear && !c.safe.iter().any(|&s| self.attacked_by(s, 1 - us)) {
                let mut m = Move::new(c.king_from, c.king_to, MoveKind::Castle);
                m.aux = i as u32;
                out.push(m);
            }
        }
    }
}

#[inline(always)]
fn push(out: &mut Vec<Move>, m: Move, promo: Option<&PromotionTable>) {
    match promo {
        Some(p) if p.zone[m.to as usize] => {
            for &k in &p.choices {
                let mut pm = m;
                pm.promotion = k + 1;
                out.push(pm);
            }
        }
        _ => out.push(m),
    }
}
