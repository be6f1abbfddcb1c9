//! `capture-only` zones: a move may end in the zone only by capturing, and only
//! when no move of the piece ending outside it makes the same capture; under
//! `fewest-crossed`, cells passed count too.

use super::{Move, MoveKind, Position};
use crate::compile::Cell;
use crate::model::Offset;

impl Position<'_> {
    /// Whether a piece of `us` may end a move on `t` only by capturing: a quiet
    /// move there is never made.
    #[inline]
    pub(in crate::engine) fn capture_only(&self, us: usize, t: Cell) -> bool {
        self.rules.flags.capture_only_zones && self.rules.capture.capture_only[us][t as usize]
    }

    /// Among one piece's moves (`out[start..]`), keep those the `capture-only` zones
    /// allow: a move entering the zone without capturing goes at once; with
    /// captures, the full rule decides (`restrict_to_needed_captures`).
    pub(in crate::engine) fn keep_zone_moves(&self, us: usize, out: &mut Vec<Move>, start: usize) {
        let zone = &self.rules.capture.capture_only[us];
        if self.rules.flags.fewest_crossed {
            let fewest = &self.rules.capture.fewest_crossed[us][..];
            self.restrict_to_needed_captures(out, start, zone, Some(fewest));
            return;
        }
        let entering = |m: &Move| lands(m) && zone[m.to as usize];
        let mut quietly = false;
        for m in &out[start..] {
            if entering(m) {
                if !m.captures().is_empty() {
                    self.restrict_to_needed_captures(out, start, zone, None);
                    return;
                }
                quietly = true;
            }
        }
        if quietly {
            let mut keep = start;
            for i in start..out.len() {
                if !entering(&out[i]) {
                    out[keep] = out[i];
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }

    /// Among one piece's moves (`out[start..]`), drop those a `capture-only` zone
    /// forbids. A move that ends in the zone must capture (a swap counts), and no move
    /// of the piece ending outside may make the same capture. Under `fewest-crossed`
    /// (cells in `fewest`), cells passed over count as entered: a move touching them
    /// must capture, no move touching none may make the same capture, and it must be
    /// the only one crossing the fewest of them for that capture.
    fn restrict_to_needed_captures(
        &self,
        out: &mut Vec<Move>,
        start: usize,
        zone: &[bool],
        fewest: Option<&[bool]>,
    ) {
        let mut facts = self.zone_facts.borrow_mut();
        facts.clear();
        facts.extend(out[start..].iter().map(|m| {
            let lands = lands(m);
            let crossed = match fewest {
                Some(f) if lands => self.cells_crossed(m, f),
                _ => 0,
            };
            ZoneFact {
                lands,
                touches: lands && (zone[m.to as usize] || crossed > 0),
                crossed,
                allowed: true,
            }
        }));
        let moves = &out[start..];
        for i in 0..facts.len() {
            facts[i].allowed = !facts[i].touches
                || (!moves[i].captures().is_empty() && needed_among(moves, &facts, i));
        }
        let mut keep = start;
        for (i, f) in facts.iter().enumerate() {
            if f.allowed {
                out[keep] = out[start + i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// The cells of `cells` a move passes over or ends on, along its line.
    fn cells_crossed(&self, m: &Move, cells: &[bool]) -> u32 {
        let rules = self.rules;
        let (a, b) = (
            rules.board.cells[m.from as usize],
            rules.board.cells[m.to as usize],
        );
        let (dx, dy) = (b.file - a.file, b.rank - a.rank);
        let mut n = u32::from(cells[m.to as usize]);
        if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
            let step = Offset::new(dx.signum(), dy.signum());
            let mut at = rules.step(m.from, step);
            while let Some(c) = at {
                if c == m.to {
                    break;
                }
                n += u32::from(cells[c as usize]);
                at = rules.step(c, step);
            }
        }
        n
    }
}

/// Whether a move ends with its piece on a cell: suicides and mutual destructions
/// do not move the piece, and a swap may always enter a `capture-only` zone.
fn lands(m: &Move) -> bool {
    matches!(
        m.kind,
        MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant
    )
}

/// What the `capture-only` rule asks of one of a piece's moves.
#[derive(Clone, Copy)]
pub(super) struct ZoneFact {
    /// The piece ends the move on a cell (not a suicide, destruction or swap).
    lands: bool,
    /// It lands in the zone or, under `fewest-crossed`, passes zone cells.
    touches: bool,
    /// The zone cells it passes or lands on, under `fewest-crossed`.
    crossed: u32,
    allowed: bool,
}

/// Whether move `i` of a piece's `moves`, touching the zone with captures, is the
/// one allowed to make them: no move landing outside makes the same captures, and
/// under `fewest-crossed` it alone (by its landing cell) crosses the fewest.
fn needed_among(moves: &[Move], facts: &[ZoneFact], i: usize) -> bool {
    let (m, f) = (&moves[i], &facts[i]);
    let same = || (0..moves.len()).filter(|&j| facts[j].lands && same_captures(&moves[j], m));
    if same().any(|j| !facts[j].touches) {
        return false;
    }
    if f.crossed == 0 {
        return true;
    }
    let least = same().map(|j| facts[j].crossed).min().unwrap_or(0);
    f.crossed == least
        && same()
            .filter(|&j| facts[j].crossed == least)
            .all(|j| moves[j].to == m.to)
}

/// Whether two moves capture the same cells (in any order; a move lists a cell once).
fn same_captures(a: &Move, b: &Move) -> bool {
    let (a, b) = (a.captures(), b.captures());
    a.len() == b.len() && a.iter().all(|c| b.contains(c))
}
