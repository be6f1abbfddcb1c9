//! Capture modes: how a piece takes. Each mode has a file named after it holding
//! its move generation, its part of the attack test (`engine/attack.rs` asks it
//! whether a piece could take on a cell) and, behind the `reference` feature, the
//! reference generator's reading of it:
//!
//! | mode | file |
//! |---|---|
//! | replacement (chess's), hops | `replacement.rs` |
//! | approach, withdraw | `landing.rs` |
//! | pincer | `pincer.rs` |
//! | coordinate | `coordinate.rs` |
//! | overtake | `overtake.rs` |
//! | vault | `vault.rs` |
//! | recoil | `recoil.rs` |
//! | swap | `swap.rs` |
//! | takeover | `takeover.rs` |
//! | chameleon | `chameleon.rs` |
//! | mutual destruction | `destruction.rs` |
//! | immobilize | `immobilize.rs` |
//!
//! This file is the dispatch for pieces with capture modes (`mode_moves`) and
//! what the modes that take on landing share: a quiet landing collects the
//! victims of every mode the mover has (`landing_victims`), mandatory ones in the
//! move, optional ones in a second move.

mod chameleon;
mod coordinate;
mod destruction;
mod immobilize;
mod landing;
pub(super) mod overtake;
mod pincer;
pub(super) mod recoil;
mod replacement;
mod swap;
mod takeover;
pub(super) mod vault;

pub(super) use pincer::pincer_dirs;

use super::movegen::{push, push_normal, push_with_captures, Promo, Purpose};
use super::{kind_of, side_of, Move, MoveKind, Position, MAX_CAPTURES};
use crate::compile::{Cell, KindCaptures, Ray, RayKind, Victims, NO_VICTIMS};
use crate::model::Offset;

/// The piece whose moves are being generated: its side, its cell, its kind and its
/// promotion on these moves.
#[derive(Clone, Copy)]
pub(in crate::engine) struct Mover<'a> {
    pub(in crate::engine) us: usize,
    pub(in crate::engine) from: Cell,
    pub(in crate::engine) kind: usize,
    pub(in crate::engine) promo: Option<Promo<'a>>,
}

impl Position<'_> {
    /// The moves of a piece with capture modes: along each of its rays, the cells it
    /// lands on with what its landing takes, then the modes that jump along the ray;
    /// then the modes that need no ray of the piece's own.
    pub(in crate::engine) fn mode_moves(
        &self,
        us: usize,
        from: Cell,
        kind: usize,
        out: &mut Vec<Move>,
        ep_open: bool,
        purpose: Purpose,
    ) {
        let rules = self.rules;
        // a copy: its flags stay in registers while moves are pushed
        let modes = rules.capture.modes[kind];
        let promo = self.promo(us, kind, purpose);
        let mover = Mover {
            us,
            from,
            kind,
            promo,
        };
        for ray in rules.rays_of(us, kind, from) {
            match ray.kind {
                RayKind::Leap | RayKind::Slide => {
                    if !self.landings_along(mover, &modes, ray, out) {
                        continue;
                    }
                    if modes.vaults && ray.quiet && ray.blockers == 0 {
                        self.vaults_along(mover, &modes, ray, out);
                    }
                    if ray.kind == RayKind::Slide && ray.blockers == 0 && ray.quiet {
                        self.overtakes_along(mover, &modes, ray, out);
                    }
                }
                RayKind::Hop | RayKind::HopBehind => self.hop(us, from, kind, ray, out, promo),
            }
        }
        if modes.swap {
            self.swaps(us, from, kind, None, out);
        }
        if modes.destruction {
            self.destructions(us, from, !0, out);
        }
        if let Some(replacement) = modes.chameleon {
            self.chameleon_moves(mover, replacement, ep_open, out);
        }
    }

    /// The moves along a leap or slide: onto each empty cell (with what the landing
    /// takes) and onto the first enemy, by replacement. False when the cells the
    /// ray must pass first are not empty.
    #[inline(always)]
    fn landings_along(
        &self,
        m: Mover,
        modes: &KindCaptures,
        ray: &Ray,
        out: &mut Vec<Move>,
    ) -> bool {
        let cells = self.rules.cells_of(ray);
        let Some(walk) = self.open_cells(ray, cells) else {
            return false;
        };
        for &t in walk {
            let q = self.board[t as usize];
            if q == 0 {
                if ray.quiet && modes.lands_capturing {
                    self.landing(m, t, ray.dir, &[], out);
                } else if ray.quiet && !self.capture_only(m.us, t) {
                    push_normal(out, m.from, t, &[], m.promo);
                }
            } else {
                if ray.capture && side_of(q) != m.us {
                    push_normal(out, m.from, t, &[t], m.promo);
                }
                break;
            }
        }
        true
    }

    /// A quiet landing on `t` (after jumping `jumped`, if any): every capture the
    /// mover's modes make, mandatory ones always, optional ones as a second move.
    pub(in crate::engine) fn landing(
        &self,
        mover: Mover,
        t: Cell,
        dir: Offset,
        jumped: &[Cell],
        out: &mut Vec<Move>,
    ) {
        let Mover {
            us,
            from,
            kind,
            promo,
        } = mover;
        if !self.rules.capture.modes[kind].lands_capturing {
            push_normal(out, from, t, jumped, promo);
            return;
        }
        let arrival = Arrival {
            from,
            t,
            dir,
            left: 0,
        };
        let mut must = Captures::new();
        let mut may = Captures::new();
        for &c in jumped {
            must.add(c);
        }
        self.landing_victims(us, kind, arrival, &mut must, &mut may);
        if must.is_empty() && may.is_empty() && self.capture_only(us, t) {
            return;
        }
        let promotes = promo.is_some_and(|p| p.table.promotes(from, t));
        if may.is_empty() && !promotes {
            push_with_captures(out, Move::new(from, t, MoveKind::Normal), must.cells());
            return;
        }
        let (m, with_optional) = with_victims(Move::new(from, t, MoveKind::Normal), &must, &may);
        push(out, m, promo);
        if let Some(m2) = with_optional {
            push(out, m2, promo);
        }
    }

    /// The pieces the mover's capture modes take when it arrives on `t` from
    /// `from` along `dir` (leaving `left` on `from`: nothing, or a swap's partner):
    /// those it must take (with `jumped`), and those it may. Inlined: for pieces
    /// with capture modes it is the hottest code there is.
    #[inline(always)]
    fn landing_victims(
        &self,
        us: usize,
        kind: usize,
        arrival: Arrival,
        must: &mut Captures,
        may: &mut Captures,
    ) {
        let rules = self.rules;
        let modes = &rules.capture.modes[kind];
        let Arrival { from, t, dir, .. } = arrival;
        let mimic = modes.chameleon.is_some();
        // Take `c` if it holds an enemy of the kinds a mode takes (for a chameleon,
        // only on a move the victim's own kind could make).
        let mut take = |c: Cell, (mandatory, optional): Victims| {
            let q = self.board[c as usize];
            if q == 0 || side_of(q) == us {
                return;
            }
            let bit = 1u64 << kind_of(q);
            if (mandatory | optional) & bit == 0
                || (mimic && !self.kind_moves_to(us, kind_of(q), from, t))
            {
                return;
            }
            if mandatory & bit != 0 {
                must.add(c)
            } else {
                may.add(c)
            }
        };
        let v = &modes.landing;
        if v.approach != NO_VICTIMS {
            if let Some(c) = self.approached(t, dir) {
                take(c, v.approach);
            }
        }
        if v.withdraw != NO_VICTIMS {
            if let Some(c) = self.withdrawn_from(from, dir) {
                take(c, v.withdraw);
            }
        }
        if v.recoil != NO_VICTIMS {
            if let Some(c) = self.recoil_victim(from, t, dir) {
                take(c, v.recoil);
            }
        }
        if v.pincer != NO_VICTIMS {
            let all = v.pincer_diagonal != NO_VICTIMS;
            self.pincered(us, arrival, all, |c, diagonal| {
                take(
                    c,
                    if diagonal {
                        v.pincer_diagonal
                    } else {
                        v.pincer
                    },
                )
            });
        }
        if v.coordinate != NO_VICTIMS {
            for c in self.coordinated(us, from, t) {
                take(c, v.coordinate);
            }
        }
    }

    /// The occupant of a cell once the piece on `from` has moved to `to`.
    #[inline]
    fn after(&self, c: Cell, from: Cell, to: Cell, mover: u8, left: u8) -> u8 {
        if c == to {
            mover
        } else if c == from {
            left
        } else {
            self.board[c as usize]
        }
    }
}

/// How a piece arrives on a cell: from where, along which line, and what it
/// leaves where it stood (nothing, or the partner of a swap).
#[derive(Clone, Copy)]
struct Arrival {
    from: Cell,
    t: Cell,
    dir: Offset,
    left: u8,
}

/// `m` with the cells it must take, and the same with those it may take too (when
/// there are any).
#[inline(always)]
fn with_victims(m: Move, must: &Captures, may: &Captures) -> (Move, Option<Move>) {
    let mut m = m;
    for &c in must.cells() {
        m = m.with_capture(c);
    }
    let with_optional = (!may.is_empty()).then(|| {
        let mut m2 = m;
        for &c in may.cells() {
            if !m2.captures().contains(&c) && m2.captures().len() < MAX_CAPTURES {
                m2 = m2.with_capture(c);
            }
        }
        m2
    });
    (m, with_optional.filter(|m2| *m2 != m))
}

/// A small set of captured cells.
struct Captures {
    cells: [Cell; MAX_CAPTURES],
    len: usize,
}

impl Captures {
    fn new() -> Captures {
        Captures {
            cells: [0; MAX_CAPTURES],
            len: 0,
        }
    }
    fn add(&mut self, c: Cell) {
        if self.len < MAX_CAPTURES && !self.cells[..self.len].contains(&c) {
            self.cells[self.len] = c;
            self.len += 1;
        }
    }
    fn cells(&self) -> &[Cell] {
        &self.cells[..self.len]
    }
    fn is_empty(&self) -> bool {
        self.len == 0
    }
}
