//! Attack tests: whether a side could capture a piece on a cell. Where pieces
//! capture only by replacement, `attacked_on_lines` walks the reverse attack tables
//! out from the cell. Otherwise the general test asks each enemy piece by any of
//! its capture modes. Each enemy piece passes a cheap, conservative filter
//! (`may_capture`: could this piece, by the geometry of its modes, take a piece of
//! this kind there?) before its moves are generated and searched for the capture;
//! the generator decides, so a filter that lets too much through costs time, never
//! a wrong answer. The exhaustive test skips the filter: the reference.

use super::capture::pincer_dirs;
use super::movegen::Purpose;
use super::threat_cache::{Geometry, GeometryKey};
use super::{cell_bit, kind_of, side_of, Move, Position};
use crate::compile::{AttackRay, Cell, RayKind};
use crate::model::{Offset, Side};

impl Position<'_> {
    /// Whether side `by` could capture the piece on `cell` (or a piece put there),
    /// by any of its capture modes: the general attack test.
    pub(super) fn attacked_general(&self, cell: Cell, by: usize, search: AttackSearch) -> bool {
        let here = self.board[cell as usize];
        if here == 0 || side_of(here) == by {
            return self.attacked_as_victim(cell, by, search);
        }
        let mut buf = self.scratch.borrow_mut();
        self.attacked_general_with(cell, by, &mut buf, search)
    }

    /// A capture needs a victim of the other side: whether `by` could capture a piece
    /// of the other side on `cell`, the piece there changing sides (a defended piece)
    /// or, on an empty cell, that side's royal kind (a cell a king passes).
    #[inline(never)]
    fn attacked_as_victim(&self, cell: Cell, by: usize, search: AttackSearch) -> bool {
        let here = self.board[cell as usize];
        let kind = if here != 0 {
            kind_of(here)
        } else {
            self.royals[1 - by]
                .first()
                .map_or(0, |&r| kind_of(self.board[r as usize]))
        };
        let mut probe = self.clone();
        probe.history.clear();
        if here != 0 {
            probe.remove(cell);
        }
        probe.place(cell, super::code(1 - by, kind));
        probe.attacked_general(cell, by, search)
    }

    fn attacked_general_with(
        &self,
        cell: Cell,
        by: usize,
        buf: &mut Vec<Move>,
        search: AttackSearch,
    ) -> bool {
        self.lists[by]
            .iter()
            .any(|&from| self.attacker_captures(from, by, cell, buf, search))
    }

    /// Whether the piece of side `by` on `from` could capture the piece on `target`
    /// (a two-cell piece answers from its lower end only).
    pub(super) fn attacker_captures(
        &self,
        from: Cell,
        by: usize,
        target: Cell,
        buf: &mut Vec<Move>,
        search: AttackSearch,
    ) -> bool {
        let kind = kind_of(self.board[from as usize]);
        if self.rules.flags.two_cell && self.other_end(from).is_some_and(|o| o < from) {
            return false;
        }
        if search == AttackSearch::Filtered {
            if self.never_strikes(by, kind, from, target) {
                return false;
            }
            let ways = self.geometry_of(by, kind, from, target).ways;
            if !self.may_capture(from, kind, by, target, ways.as_ref()) {
                return false;
            }
        }
        self.captures_by_moves(from, kind, by, target, buf)
    }

    /// Whether the piece of `kind` on `from` only replaces and `target` is not a
    /// cell its capturing rays reach on any board: it never takes there.
    #[inline]
    pub(super) fn never_strikes(&self, by: usize, kind: usize, from: Cell, target: Cell) -> bool {
        self.moves_only_by_replacement(kind) && !self.rules.reach(by, kind, from, target)[1]
    }

    /// Whether one of the moves of the piece of `kind` on `from` captures `target`.
    fn captures_by_moves(
        &self,
        from: Cell,
        kind: usize,
        by: usize,
        target: Cell,
        buf: &mut Vec<Move>,
    ) -> bool {
        let flags = &self.rules.flags;
        if flags.immobilizers && self.is_frozen_whole(from) {
            return false;
        }
        if self.moves_only_by_replacement(kind)
            && !flags.capture_limits
            && !flags.capture_only_zones
        {
            if let Some(takes) = self.takes_by_replacement(by, kind, from, target) {
                return takes;
            }
        }
        buf.clear();
        self.general_piece_moves(by, from, kind, buf, false, Purpose::AttackTest);
        buf.iter().any(|m| m.captures().contains(&target))
    }

    /// A piece that could take `target` from `from` (by its reach masks and kinds),
    /// whether it does, and the cells whose contents could decide that; none if it
    /// could not on any board.
    pub(super) fn threat(
        &self,
        from: Cell,
        by: usize,
        target: Cell,
        buf: &mut Vec<Move>,
    ) -> Option<Threat> {
        let kind = kind_of(self.board[from as usize]);
        if self.rules.flags.two_cell {
            if let Some(rule) = self.rules.two_cell[kind] {
                return self.two_cell_threat(from, by, target, rule, buf);
            }
        }
        let geometry = self.geometry_of(by, kind, from, target);
        if geometry.ways.as_ref().is_some_and(|w| !w.any()) {
            return None;
        }
        let mut t = Threat {
            from,
            target,
            kind,
            ways: geometry.ways,
            attacks: false,
            region: 0,
        };
        t.attacks = self.threat_captures(&t, by, buf);
        t.region = self.threat_region(&t, by, geometry.region);
        Some(t)
    }

    /// A two-cell piece as a threat, its moves searched whole: each of its steps
    /// moves either end at most one cell, so in `steps` steps it reads and takes
    /// only cells that near its ends, and a two-cell victim's other end one further.
    fn two_cell_threat(
        &self,
        from: Cell,
        by: usize,
        target: Cell,
        rule: crate::model::TwoCell,
        buf: &mut Vec<Move>,
    ) -> Option<Threat> {
        let ends = [Some(from), self.other_end(from)];
        let mut region = ends.iter().flatten().fold(0u128, |m, &c| m | 1 << c);
        for _ in 0..=rule.steps {
            region = self.cells_around(region);
        }
        if region >> target & 1 == 0 || !rule.advance.unwrap_or(false) {
            return None;
        }
        if self.rules.flags.immobilizers {
            region = ends
                .iter()
                .flatten()
                .fold(region, |m, &c| m | self.freeze_region(c));
        }
        let mut t = Threat {
            from,
            target,
            kind: kind_of(self.board[from as usize]),
            ways: None,
            attacks: false,
            region,
        };
        t.attacks = self.threat_captures(&t, by, buf);
        Some(t)
    }

    /// The cells of `cells` and those next to them (`ReachTables::around`).
    fn cells_around(&self, cells: u128) -> u128 {
        let around = &self.rules.reach.around;
        let (mut rest, mut out) = (cells, cells);
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= around[c];
        }
        out
    }

    /// Whether a threat found before a move still captures its target after it.
    pub(super) fn threat_captures(&self, t: &Threat, by: usize, buf: &mut Vec<Move>) -> bool {
        let p = self.board[t.from as usize];
        if p == 0 || side_of(p) != by {
            return false;
        }
        if kind_of(p) != t.kind {
            return self.attacker_captures(t.from, by, t.target, buf, AttackSearch::Filtered);
        }
        self.may_capture(t.from, t.kind, by, t.target, t.ways.as_ref())
            && self.captures_by_moves(t.from, t.kind, by, t.target, buf)
    }

    /// Whether the piece of `kind` on `from` could, by the geometry of its capture
    /// modes, take the piece on `target`: a conservative test.
    fn may_capture(
        &self,
        from: Cell,
        kind: usize,
        by: usize,
        target: Cell,
        ways: Option<&Ways>,
    ) -> bool {
        let Some(ways) = ways else {
            return true;
        };
        if ways.replace && self.replaces(by, kind, from, target) {
            return true;
        }
        if let Some(victim) = ways.mimic_replace {
            if self.replaces(by, victim, from, target) {
                return true;
            }
        }
        if ways.adjacent || ways.recoil {
            return true;
        }
        if ways.jumps && self.on_ray(by, kind, from, target) {
            return true;
        }
        let royal = ways
            .coordinate
            .then(|| self.royals[by].first().copied())
            .flatten();
        (ways.approach || ways.pincer || royal.is_some())
            && self.landing_may_take(by, kind, from, target, ways, royal)
    }

    /// The geometry of the piece of `kind` on `from` towards `target`, kept.
    fn geometry_of(&self, by: usize, kind: usize, from: Cell, target: Cell) -> Geometry {
        let key = GeometryKey {
            by,
            kind,
            from,
            target,
            victim: kind_of(self.board[target as usize]),
        };
        self.geometry
            .borrow_mut()
            .get(key, || self.threat_geometry(key))
    }

    /// The ways a piece might take a target and the cells whose contents could
    /// decide whether it does, as far as they depend on the pieces' kinds and cells
    /// only: the paths its ways take towards the target (`paths_towards`), the
    /// cells where a pincer's partner could stand and its fixed region
    /// (`compile::reach`). All cells for pieces searched whole.
    fn threat_geometry(&self, key: GeometryKey) -> Geometry {
        let GeometryKey {
            by,
            kind,
            from,
            target,
            ..
        } = key;
        let ways = self.capture_ways(from, kind, by, target);
        let (Some(w), Some(fixed)) = (ways.as_ref(), self.rules.region(by, kind, from)) else {
            return Geometry {
                ways,
                region: u128::MAX,
            };
        };
        let mut region = fixed | 1 << from | 1 << target;
        region |= self.paths_towards(by, kind, from, target, w, (None, None));
        if let Some(victim) = w.mimic_replace {
            let strikes = Ways::replacing();
            region |= self.paths_towards(by, victim, from, target, &strikes, (None, None));
        }
        if w.pincer {
            region |= self.pincer_partners(target);
        }
        Geometry { ways, region }
    }

    /// The cells whose contents could decide whether a threat's piece takes its
    /// target: those of its geometry and, for a coordination, the cells on the
    /// way to the lines where it takes and the royal cells; if it takes the target
    /// now or is frozen, the cells that could freeze or free it (a free piece that
    /// does not take cannot start to by being frozen).
    fn threat_region(&self, t: &Threat, by: usize, geometry: u128) -> u128 {
        let Some(ways) = t.ways.as_ref().filter(|_| geometry != u128::MAX) else {
            return u128::MAX;
        };
        let mut region = geometry;
        if self.rules.flags.immobilizers && (t.attacks || self.is_frozen(t.from)) {
            region |= self.freeze_region(t.from);
        }
        if ways.coordinate {
            let lines = self.coordination_lines(by, t.target, ways);
            region |= self.paths_towards(by, t.kind, t.from, t.target, ways, lines);
            region = self.royals[by].iter().fold(region, |m, &r| m | 1 << r);
        }
        region
    }

    /// The cells of the rays of `kind` from `from` that its ways could take
    /// `target` along, as far as they could matter: a capturing slide up to the
    /// target, a ray an overtake or vault passes the target on, a slide's first
    /// cell for a withdrawal, a quiet slide up to its last cell from which an
    /// approach or pincer could take the target, or its last cell on one of
    /// `lines` (a file, a rank) where a coordination takes it; leaps and hops
    /// whole, and every ray whole for landings past pieces.
    fn paths_towards(
        &self,
        by: usize,
        kind: usize,
        from: Cell,
        target: Cell,
        ways: &Ways,
        lines: Lines,
    ) -> u128 {
        let rules = self.rules;
        let t = rules.board.cells[target as usize];
        let lands = ways.approach || ways.pincer || lines != (None, None);
        let whole = ways.past_pieces && lands;
        let mut mask = 0u128;
        for i in rules.ray_range(by, kind, from) {
            let r = &rules.moves.rays[i];
            let cells = rules.cells_of(r);
            let on_ray = || self.line_passes(i, cells, target, 0);
            let mut end = 0;
            if whole || r.kind != RayKind::Slide {
                end = cells.len();
            } else {
                if ways.jumps && on_ray() {
                    end = cells.len();
                } else if ways.replace && r.capture && on_ray() {
                    end = cells.iter().position(|&c| c == target).map_or(0, |k| k + 1);
                }
                if ways.adjacent {
                    end = end.max(r.blockers as usize + 1);
                }
                for (k, &c) in cells.iter().enumerate().skip(r.blockers as usize) {
                    let a = rules.board.cells[c as usize];
                    let d = Offset::new(t.file - a.file, t.rank - a.rank);
                    let approach = ways.approach && d == r.dir;
                    let pincer = ways.pincer
                        && pincer_dirs(true).contains(&d)
                        && rules.step(target, d).is_some();
                    let coordinate = lines.0 == Some(a.file) || lines.1 == Some(a.rank);
                    if (r.quiet && (approach || pincer)) || coordinate {
                        end = end.max(k + 1);
                    }
                }
            }
            mask = cells[..end.min(cells.len())]
                .iter()
                .fold(mask, |m, &c| m | 1 << c);
        }
        mask
    }

    /// The ways the piece of `kind` on `from` might take the piece on `target`, by
    /// its reach masks and the target's kind (a chameleon takes a victim only in the
    /// ways the victim's kind captures); none when every way must be searched.
    fn capture_ways(&self, from: Cell, kind: usize, by: usize, target: Cell) -> Option<Ways> {
        let rules = self.rules;
        let modes = &rules.capture.modes[kind];
        let two_cell = rules.flags.two_cell && rules.two_cell[kind].is_some();
        if (rules.royal[kind] && modes.any()) || rules.capture.takeover[kind].is_some() || two_cell
        {
            return None;
        }
        let victim = kind_of(self.board[target as usize]);
        let bit = 1u64 << victim;
        let mim = &rules.capture.mimicry;
        let chameleon = modes.chameleon.is_some();
        let takes = |native: bool, mimicked: u64| native || (chameleon && mimicked & bit != 0);
        let [reach, strikes, passes] = rules.reach(by, kind, from, target);
        let overtakes = modes.overtake.is_some() || modes.overtake_adjacent;
        let over = takes(overtakes, mim.overtake | mim.overtake_adjacent);
        let next_to = self.next_to(from, target);
        Some(Ways {
            replace: strikes,
            mimic_replace: (modes.chameleon == Some(true)
                && mim.replacement & bit != 0
                && rules.reach(by, victim, from, target)[1])
                .then_some(victim),
            adjacent: (reach
                && takes(modes.withdraw.is_some(), mim.withdraw)
                && self.withdraws_from(by, kind, from, target))
                || (next_to && takes(modes.destruction, mim.destruction)),
            jumps: passes && (over || takes(modes.vault, mim.vault)),
            recoil: takes(modes.recoil.is_some(), mim.recoil)
                && self.on_line(by, kind, from, target),
            approach: reach && takes(modes.approach.is_some(), mim.approach),
            pincer: reach && takes(modes.pincer.is_some(), mim.pincer),
            coordinate: takes(modes.coordinate.is_some(), mim.coordinate),
            // Landings beyond pieces, after a jump or a vault.
            past_pieces: overtakes
                || modes.vaults
                || (chameleon && (mim.overtake | mim.overtake_adjacent) != 0),
        })
    }

    fn next_to(&self, a: Cell, b: Cell) -> bool {
        let (a, b) = (
            self.rules.board.cells[a as usize],
            self.rules.board.cells[b as usize],
        );
        (a.file - b.file).abs() <= 1 && (a.rank - b.rank).abs() <= 1
    }

    /// A necessary condition: whether `target` is one of the cells ray `i` may end
    /// on (`tol` 0), or next to one or a ray step beyond one (`tol` 1): by the ray's
    /// masks on boards that have them, else cell by cell.
    pub(in crate::engine) fn line_passes(
        &self,
        i: usize,
        cells: &[Cell],
        target: Cell,
        tol: i32,
    ) -> bool {
        let rules = self.rules;
        if let Some(m) = rules.reach.rays.get(i) {
            let mask = if tol == 0 { m.cells } else { m.near };
            return mask >> target & 1 != 0;
        }
        let r = &rules.moves.rays[i];
        cells[(r.blockers as usize).min(cells.len())..]
            .iter()
            .any(|&c| {
                c == target
                    || (tol > 0
                        && (self.next_to(c, target) || rules.step(c, r.dir) == Some(target)))
            })
    }
}

/// How the general attack test searches the enemy pieces: each through the
/// conservative geometric filter first, or every one exhaustively (the reference
/// filter's check on the fast one).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum AttackSearch {
    Filtered,
    Exhaustive,
}

/// A file and a rank on which a coordination could take a target (none: no line).
pub(super) type Lines = (Option<i32>, Option<i32>);

/// An enemy piece that could take a royal piece from where it stands.
#[derive(Clone, Copy)]
pub(super) struct Threat {
    pub(super) from: Cell,
    target: Cell,
    pub(super) kind: usize,
    /// How it might (none: search all its moves).
    ways: Option<Ways>,
    /// Whether it does now.
    pub attacks: bool,
    /// The cells whose contents could change whether it does.
    pub region: u128,
}

/// The ways a piece might capture on a cell, by geometry alone.
#[derive(Clone, Copy)]
pub(super) struct Ways {
    pub(super) replace: bool,
    /// A chameleon moving like its victim, of this kind.
    pub(super) mimic_replace: Option<usize>,
    /// A withdrawal (the target one ray step behind) or a mutual destruction (next
    /// to it).
    pub(super) adjacent: bool,
    /// An overtake or a vault along a ray through the target.
    pub(super) jumps: bool,
    pub(super) recoil: bool,
    pub(super) approach: bool,
    pub(super) pincer: bool,
    pub(super) coordinate: bool,
    pub(super) past_pieces: bool,
}

impl Threat {
    /// Whether every move of the piece is searched (no geometry to go by).
    pub(super) fn searched_whole(&self) -> bool {
        self.ways.is_none()
    }
}

impl Ways {
    /// Replacement alone (a chameleon moving as its victim).
    fn replacing() -> Ways {
        Ways {
            replace: true,
            mimic_replace: None,
            adjacent: false,
            jumps: false,
            recoil: false,
            approach: false,
            pincer: false,
            coordinate: false,
            past_pieces: false,
        }
    }

    fn any(&self) -> bool {
        self.replace
            || self.mimic_replace.is_some()
            || self.adjacent
            || self.jumps
            || self.recoil
            || self.approach
            || self.pincer
            || self.coordinate
    }
}

impl Position<'_> {
    /// Whether a cell is attacked by a side: some piece of that side could capture there.
    pub fn attacked(&self, cell: Cell, by: Side) -> bool {
        self.attacked_by(cell, by.index())
    }

    #[inline]
    pub(super) fn attacked_by(&self, cell: Cell, by: usize) -> bool {
        self.attacked_in(cell, by, AttackSearch::Filtered)
    }

    /// Whether side `by` attacks `cell`, the general path searching as `search` says.
    #[inline]
    pub(super) fn attacked_in(&self, cell: Cell, by: usize, search: AttackSearch) -> bool {
        if self.rules.flags.special {
            return self.attacked_general(cell, by, search);
        }
        let limits = self.rules.flags.capture_limits;
        match &self.rules.attacks.masked {
            Some(m) if limits => self.attackers_on_masks::<true>(m, cell, by, |_, _| true),
            Some(m) => self.attackers_on_masks::<false>(m, cell, by, |_, _| true),
            None if limits => self.attacked_on_lines::<true>(cell, by),
            None => self.attacked_on_lines::<false>(cell, by),
        }
    }

    /// The attack test by the reverse tables; with `LIMITS`, the attackers'
    /// `cannot-capture` and `cannot-hop` kinds are minded.
    #[inline(always)]
    fn attacked_on_lines<const LIMITS: bool>(&self, cell: Cell, by: usize) -> bool {
        self.attackers_on_lines::<LIMITS>(cell, by, |_, _| true)
    }

    /// Each piece of side `by` that could capture on `cell` by the reverse tables,
    /// given to `visit` with its cell and kind until `visit` says stop (true); whether
    /// it did. Only the nearest piece of each line is an attacker (x-rays are not).
    #[inline(always)]
    pub(super) fn attackers_on_lines<const LIMITS: bool>(
        &self,
        cell: Cell,
        by: usize,
        visit: impl FnMut(Cell, usize) -> bool,
    ) -> bool {
        self.attackers_reading::<LIMITS, ()>(cell, by, &mut (), visit)
    }

    /// `attackers_on_lines`, noting in `reads` every cell whose content its answer
    /// depends on: a move that changes none of them leaves the answer as it was.
    #[inline(always)]
    pub(super) fn attackers_reading<const LIMITS: bool, R: CellsRead>(
        &self,
        cell: Cell,
        by: usize,
        reads: &mut R,
        mut visit: impl FnMut(Cell, usize) -> bool,
    ) -> bool {
        let r = self.rules;
        let (a, b) = r.attacks.index[by * r.cell_count() + cell as usize];
        r.attacks.rays[a as usize..b as usize]
            .iter()
            .any(|ray| self.ray_attacker::<LIMITS, R>(ray, cell, by, reads, &mut visit))
            || self.lame_attacker::<LIMITS, R>(cell, by, reads, &mut visit)
    }

    /// Whether a piece of `kind` may take what stands on `target` (anything may
    /// take an empty cell: the royal piece that would stand there).
    #[inline(always)]
    pub(super) fn takes_on<const LIMITS: bool>(&self, target: Cell, kind: usize) -> bool {
        let here = self.board[target as usize];
        !LIMITS || here == 0 || self.rules.restrictions.may_capture(kind, kind_of(here))
    }

    /// Whether a piece of `kind` may hop the piece on `screen`.
    #[inline(always)]
    fn hops_over<const LIMITS: bool>(&self, kind: usize, screen: Cell) -> bool {
        !LIMITS || (self.rules.restrictions).may_hop(kind, kind_of(self.board[screen as usize]))
    }

    /// The attacker along one reverse line out from `cell`, walked cell by cell,
    /// given to `visit`: whether it said stop.
    #[inline(always)]
    pub(super) fn ray_attacker<const LIMITS: bool, R: CellsRead>(
        &self,
        ray: &AttackRay,
        cell: Cell,
        by: usize,
        reads: &mut R,
        visit: &mut impl FnMut(Cell, usize) -> bool,
    ) -> bool {
        let (cells, masks) = (
            self.rules.attacks.cells_of(ray),
            self.rules.attacks.kinds_of(ray),
        );
        let len = cells.len();
        let mut i = 0;
        while i < len {
            reads.read(cells[i]);
            let p = self.board[cells[i] as usize];
            if p != 0 {
                if side_of(p) == by
                    && masks[i] & (1 << kind_of(p)) != 0
                    && self.takes_on::<LIMITS>(cell, kind_of(p))
                    && visit(cells[i], kind_of(p))
                {
                    return true;
                }
                break;
            }
            i += 1;
        }
        ray.hops != 0 && i < len && self.hopper::<LIMITS, R>(ray, (cell, i), by, reads, visit)
    }

    /// The hopper along `ray` beyond the screen on its `screen`th cell, given to
    /// `visit`: whether it said stop.
    fn hopper<const LIMITS: bool, R: CellsRead>(
        &self,
        ray: &AttackRay,
        (cell, screen): (Cell, usize),
        by: usize,
        reads: &mut R,
        visit: &mut impl FnMut(Cell, usize) -> bool,
    ) -> bool {
        let attacks = &self.rules.attacks;
        let (cells, h) = (attacks.cells_of(ray), &attacks.hop_masks[ray.hops as usize]);
        let len = cells.len();
        let mut i = screen + 1;
        while i < len && self.board[cells[i] as usize] == 0 {
            reads.read(cells[i]);
            i += 1;
        }
        if i == len {
            return false;
        }
        reads.read(cells[i]);
        let p = self.board[cells[i] as usize];
        let bit = 1 << kind_of(p);
        let next = i == screen + 1;
        let first = screen == 0;
        side_of(p) == by
            && (h.hop & bit != 0
                || (first && h.behind & bit != 0)
                || (next && h.near & bit != 0)
                || (first && next && h.near_behind & bit != 0))
            && self.takes_on::<LIMITS>(cell, kind_of(p))
            && self.hops_over::<LIMITS>(kind_of(p), cells[screen])
            && visit(cells[i], kind_of(p))
    }

    /// The lame attackers of `cell` (leaps whose path must be empty, hops cut
    /// short), each given to `visit`: whether one said stop.
    #[inline(always)]
    pub(super) fn lame_attacker<const LIMITS: bool, R: CellsRead>(
        &self,
        cell: Cell,
        by: usize,
        reads: &mut R,
        visit: &mut impl FnMut(Cell, usize) -> bool,
    ) -> bool {
        let r = self.rules;
        let (a, b) = r.attacks.lame_index[by * r.cell_count() + cell as usize];
        for la in &r.attacks.lame[a as usize..b as usize] {
            reads.read(la.from);
            let p = self.board[la.from as usize];
            if p != 0 && side_of(p) == by && la.mask & (1 << kind_of(p)) != 0 {
                let (start, len, screened) = la.between();
                let cells = &r.attacks.lame_cells[start..start + len];
                cells.iter().for_each(|&c| reads.read(c));
                let open = match cells.split_last() {
                    Some((&screen, rest)) if screened => {
                        self.board[screen as usize] != 0
                            && rest.iter().all(|&c| self.board[c as usize] == 0)
                            && self.hops_over::<LIMITS>(kind_of(p), screen)
                    }
                    _ => cells.iter().all(|&c| self.board[c as usize] == 0),
                };
                if open && self.takes_on::<LIMITS>(cell, kind_of(p)) && visit(la.from, kind_of(p)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the piece on `cell` cannot move because an enemy immobilizes it.
    pub fn is_frozen_piece(&self, cell: Cell) -> bool {
        self.rules.flags.immobilizers && self.is_frozen(cell)
    }

    /// Whether any royal piece of `side` is attacked.
    pub fn in_check(&self, side: Side) -> bool {
        self.in_check_by(side, AttackSearch::Filtered)
    }

    /// Whether any royal piece of `side` is attacked, searching as `search` says.
    pub(super) fn in_check_by(&self, side: Side, search: AttackSearch) -> bool {
        let s = side.index();
        self.royals[s]
            .iter()
            .any(|&c| self.royal_attacked_in(c, 1 - s, search))
            || self.duple_checked(s, search)
    }
}

/// Where an attack test notes the cells it reads: nowhere (`()`), or a mask.
pub(super) trait CellsRead {
    fn read(&mut self, c: Cell);
}

impl CellsRead for () {
    #[inline(always)]
    fn read(&mut self, _: Cell) {}
}

/// The cells an attack test read, as a mask of the first 128 cells (so only for
/// boards that fit).
#[derive(Clone, Copy, Default)]
pub(super) struct ReadMask(pub(super) u128);

impl CellsRead for ReadMask {
    #[inline(always)]
    fn read(&mut self, c: Cell) {
        self.0 |= cell_bit(c);
    }
}
