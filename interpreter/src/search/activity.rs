//! The evaluation's terms that read the board as it is, where every piece that is
//! not royal captures by replacement: a piece's mobility now ([`Position::reach`]),
//! but for moves to cells the enemy's least valuable pieces strike, against the
//! moves its cell gives it on a typical board (which the piece-on-cell values
//! count already), its being passed
//! ([`passed`](super::passed)), and its being isolated or doubled
//! ([`structure`](super::structure)). Reaches are read off masks of each ray's cells,
//! in 64 bits where the board fits.

use super::eval::{average_mobility, mobility};
use super::passed::PassedOf;
use super::royal_attack;
use super::structure::StructureOf;
use super::terms::Terms;
use super::threats;
use crate::compile::{Cell, Ray, RayKind, Ruleset};
use crate::engine::{Position, Reach};
use crate::model::Side;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// Expected moves are kept in sixteenths, so that the running sum stays exact
/// enough in integers.
const SCALE: i32 = 16;

/// A piece with more moves than this on average gains less for each of its moves
/// now: its mobility weight times this over its average. A move matters less to a
/// queen than to a knight (measured in chess at 10,000 nodes a move, 200 games:
/// +81 ± 46 Elo over the piece-on-cell values alone, +72 ± 46 with one weight for
/// every kind).
const FEW_MOVES: f64 = 5.0;

/// The board-reading terms, in the mask width the board needs.
#[derive(Clone, Debug)]
pub(super) enum Activity {
    Narrow(Terms64),
    Wide(Terms128),
}

type Terms64 = ActivityOf<u64>;
type Terms128 = ActivityOf<u128>;

impl Activity {
    /// The terms for `rules`, or `None` where they are not counted ([`measured`]).
    pub(super) fn new(rules: &Ruleset, terms: &Terms) -> Option<Activity> {
        if !measured(rules) {
            None
        } else if rules.cell_count() <= 64 {
            ActivityOf::new(rules, terms).map(Activity::Narrow)
        } else {
            ActivityOf::new(rules, terms).map(Activity::Wide)
        }
    }

    /// The mobility of `side`'s pieces now, less its opponent's, in hundredths of
    /// a pawn; the promoting pieces' structure from `structures` where it was
    /// valued before.
    pub(super) fn value(
        &self,
        pos: &Position,
        side: Side,
        structures: Option<&mut Structures>,
    ) -> i32 {
        match self {
            Activity::Narrow(a) => a.value(pos, side, structures),
            Activity::Wide(a) => a.value(pos, side, structures),
        }
    }

    /// The cells `side`'s least valuable pieces strike, and per kind whether it
    /// is one of those kinds: a worthier enemy piece is threatened there.
    pub(super) fn struck_by_least(&self, pos: &Position, side: Side) -> (u128, &[bool]) {
        match self {
            Activity::Narrow(a) => (a.struck_by_least(pos, side).widen(), &a.least),
            Activity::Wide(a) => (a.struck_by_least(pos, side), &a.least),
        }
    }

    /// Per kind, its parts of the mobility and the advance terms' features that
    /// read the board (White's less Black's), for `vdl tune`.
    pub(super) fn features(&self, pos: &Position) -> NowFeatures {
        match self {
            Activity::Narrow(a) => a.all_features(pos),
            Activity::Wide(a) => a.all_features(pos),
        }
    }
}

/// Slots of [`Structures`] (a power of two).
const STRUCTURES: usize = 1 << 12;

/// The promoting pieces' structures valued so far (White's value), by the
/// running key of those pieces that a search's positions keep (its correction's
/// marks: the promoting kinds' pieces, where a kind promotes). The structure
/// changes on few moves, and each is valued once.
pub struct Structures {
    slots: Vec<(u64, Kept)>,
}

/// What a structure is worth (White's value), and, where they follow from it,
/// the cells each side's least valuable pieces strike (by side index).
#[derive(Clone, Copy, Debug, Default)]
struct Kept {
    value: i32,
    guarded: Option<[u128; 2]>,
}

impl Default for Structures {
    fn default() -> Self {
        Structures {
            slots: vec![(0, Kept::default()); STRUCTURES],
        }
    }
}

impl Structures {
    /// What is kept of the structure keyed `key`, made by `make` where it is not.
    /// An empty slot's key is 0, the key of no promoting piece at all, which is
    /// worth 0 and strikes nothing.
    fn kept(&mut self, key: u64, make: impl FnOnce() -> Kept) -> Kept {
        let slot = &mut self.slots[(key >> 40) as usize & (STRUCTURES - 1)];
        if slot.0 != key {
            *slot = (key, make());
        }
        slot.1
    }
}

/// Per kind, the features of the terms that read the board as it is (White's
/// less Black's).
pub(super) struct NowFeatures {
    pub(super) attack: f64,
    pub(super) threats: f64,
    pub(super) mobility: Vec<f64>,
    pub(super) advance: Vec<f64>,
    pub(super) isolated: Vec<f64>,
    pub(super) doubled: Vec<f64>,
}

/// Whether the board-reading terms are counted: on boards of up to 128 cells,
/// where every kind that is not royal captures only by replacement. Where some
/// kinds have capture modes, what their moves threaten is not counted, and
/// rewarding only the others' moves misleads (UC-40, 100 games at 4,000 nodes a
/// move: -35 ± 66 Elo with them measured alone).
pub(super) fn measured(rules: &Ruleset) -> bool {
    let replacing = |k: usize| rules.capture.replacing_only >> k & 1 != 0;
    rules.cell_count() <= 128 && (0..rules.kinds).all(|k| rules.royal[k] || replacing(k))
}

/// A mask of cells: 64 bits for boards that fit, 128 for the others.
pub(super) trait Mask:
    Copy
    + Default
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
{
    const ALL: Self;
    const BITS: u32;
    fn bit(cell: Cell) -> Self;
    fn narrow(wide: u128) -> Self;
    fn widen(self) -> u128;
    fn ones(self) -> u32;
    fn lowest(self) -> u32;
    /// The mask without its lowest bit.
    fn rest(self) -> Self;
    fn highest(self) -> u32;
    fn up_to(self, bit: u32) -> Self;
    fn from(self, bit: u32) -> Self;
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            const ALL: Self = <$t>::MAX;
            const BITS: u32 = <$t>::BITS;
            fn bit(cell: Cell) -> Self {
                1 << cell
            }
            fn narrow(wide: u128) -> Self {
                wide as $t
            }
            fn widen(self) -> u128 {
                self as u128
            }
            fn ones(self) -> u32 {
                self.count_ones()
            }
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            fn rest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            fn highest(self) -> u32 {
                Self::BITS - 1 - self.leading_zeros()
            }
            /// The bits up to `bit`, it included.
            fn up_to(self, bit: u32) -> Self {
                self & (Self::ALL >> (Self::BITS - 1 - bit))
            }
            /// The bits from `bit` on, it included.
            fn from(self, bit: u32) -> Self {
                self & (Self::ALL << bit)
            }
        }
    };
}
mask!(u64);
mask!(u128);

/// What the board-reading terms are computed from, in masks of `M`.
#[derive(Clone, Debug)]
pub(super) struct ActivityOf<M> {
    cells: usize,
    kinds: usize,
    /// Per kind: what a move now counts, as a share of its mobility weight (0:
    /// not measured).
    share: Vec<f64>,
    /// Per kind: `SCALE` × hundredths of a pawn per move now.
    weight: Vec<i32>,
    /// Per kind: its moves count for the mobility or the attack.
    counted: Vec<bool>,
    /// Per side, kind and cell: the expected moves there.
    typical: Vec<f64>,
    /// Per side, kind and cell: `SCALE` × the weight × the expected moves there.
    expected: Vec<i32>,
    /// Per side, kind and cell: how its reach is read off masks.
    plans: Vec<Plan<M>>,
    /// Per ray of the rules' move tables: its cells as a mask, and which way their
    /// numbers run.
    lines: Vec<Line<M>>,
    /// The lines of `Plan::Lines` that are not single unblockable leaps, each
    /// plan's together.
    rest: Vec<Line<M>>,
    /// Where promoting pieces are passed.
    passed: PassedOf<M>,
    /// Where promoting pieces are isolated or doubled.
    structure: StructureOf<M>,
    /// Passed pieces or the structure are counted.
    promoting: bool,
    /// The cells the least valuable pieces strike follow from the promoting
    /// pieces' structure alone: every least valuable kind promotes, and strikes
    /// by single leaps that nothing blocks.
    guards_kept: bool,
    /// Per side and cell: the cells around a royal piece of that side standing
    /// there, its own included (what an attack on it strikes).
    zone: Vec<M>,
    /// The attack term's weight (0: not counted).
    attack: i32,
    /// What a cell around a royal piece that the enemy strikes and nothing but
    /// the royal piece defends adds to the attack's count, and what a cell a
    /// piece could safely check from adds ([`royal_attack::Count`]).
    weak_units: i32,
    check_units: i32,
    /// Per kind: whether the cells its pieces check a royal piece from are the
    /// cells a piece of its kind, of the other side, strikes from the royal
    /// piece's cell (its strikes are lines that the same pieces block both
    /// ways).
    reversible: Vec<bool>,
    /// The threats term's weight (0: not counted).
    threats: i32,
    /// Per kind: its value, for which strikes threaten (royal kinds: none).
    values: Vec<Option<i32>>,
    /// Per kind: among the least valuable kinds that are not royal, whose strikes
    /// make a cell unsafe for every worthier piece.
    least: Vec<bool>,
    /// Per side, kind and cell of a least valuable kind: the cells it strikes
    /// whatever stands around (its captures are single leaps), or none.
    guards: Vec<Option<M>>,
}

/// What one side's pieces do now: their moves above their cells' share (in
/// `SCALE`ths of a hundredth of a pawn), their attack on the enemy's royal pieces
/// ([`royal_attack`]), the cells they strike, and the enemy's pieces a lesser
/// piece of theirs strikes ([`threats`]).
#[derive(Default)]
struct Sweep<M> {
    moves: i32,
    /// The attack's strikes on the cells around the enemy's royal pieces, and
    /// the pieces that strike some.
    hits: i32,
    attackers: i32,
    /// The cells around the enemy's royal pieces that the pieces strike.
    near: M,
    /// The cells a piece could move to and check the enemy's royal piece from.
    checks: M,
    /// The cells the pieces strike, and those the pieces that are not royal do.
    struck: M,
    guarded: M,
    lesser: M,
}

/// How a piece's reach on a cell is found.
#[derive(Clone, Copy, Debug)]
enum Plan<M> {
    /// Every ray a plain leap: the cells it reaches.
    Leaps(M),
    /// Rays that are plain leaps or slides along cells numbered in one direction.
    /// The single unblockable cells of leaps are gathered in masks: those that
    /// move (`quiet`) and those that capture; on the others (`rest`, of
    /// `ActivityOf::rest`), the first piece on each is found on the ray's mask.
    Lines {
        quiet: M,
        capture: M,
        rest: (u32, u32),
    },
    /// Lines that each both move and capture, with nothing to keep empty: the
    /// cells they strike are their moves too, but for the side's own pieces.
    Slides(u32, u32),
    /// Anything else (hops, paths that may be blocked, walls): the engine walks it.
    Walk,
}

/// A ray's cells as a mask, for a plan of lines.
#[derive(Clone, Copy, Debug, Default)]
struct Line<M> {
    /// The cells that must be empty for the ray to be open (a lame leap's path).
    path: M,
    cells: M,
    /// The cells' numbers rise along the ray.
    rising: bool,
    quiet: bool,
    capture: bool,
}

impl<M: Mask> Line<M> {
    /// The cells of the line up to its first piece (of `all`), that one included.
    #[inline(always)]
    fn reached(&self, all: M) -> M {
        let on = self.cells & all;
        if on == M::default() {
            self.cells
        } else if self.rising {
            self.cells.up_to(on.lowest())
        } else {
            self.cells.from(on.highest())
        }
    }
}

/// The cells a piece moves to and those its captures strike, in masks of `M`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ReachOf<M> {
    moves: M,
    /// Empty or not: where an enemy piece would be taken, an own one defended.
    strikes: M,
}

impl<M: Mask> ActivityOf<M> {
    fn new(rules: &Ruleset, terms: &Terms) -> Option<ActivityOf<M>> {
        let (cells, kinds) = (rules.cell_count(), rules.kinds);
        let replacing = |k: usize| rules.capture.replacing_only >> k & 1 != 0;
        if cells > M::BITS as usize {
            return None;
        }
        let share: Vec<f64> = (0..kinds)
            .map(|k| {
                if replacing(k) && !rules.royal[k] {
                    let average = average_mobility(rules, 0, k).max(1.0);
                    (FEW_MOVES / average).min(1.0)
                } else {
                    0.0
                }
            })
            .collect();
        let weight: Vec<i32> = (0..kinds)
            .map(|k| (f64::from(SCALE * terms.mobility[k]) * share[k]).round() as i32)
            .collect();
        let mut typical = vec![0.0; 2 * kinds * cells];
        let mut expected = vec![0; 2 * kinds * cells];
        for side in 0..2 {
            for kind in (0..kinds).filter(|&k| share[k] != 0.0) {
                for c in 0..cells {
                    let i = (side * kinds + kind) * cells + c;
                    typical[i] = mobility(rules, side, kind, c as Cell);
                    expected[i] = (f64::from(weight[kind]) * typical[i]).round() as i32;
                }
            }
        }
        let lines: Vec<Option<Line<M>>> = (rules.moves.rays.iter())
            .map(|r| line_of(rules, r))
            .collect();
        let mut rest = Vec::new();
        let plans: Vec<Plan<M>> = (0..2 * kinds * cells)
            .map(|i| plan_of(rules, &lines, i, &mut rest))
            .collect();
        let values: Vec<Option<i32>> = (0..kinds)
            .map(|k| (!rules.royal[k]).then_some(terms.value[k]))
            .collect();
        let least = least_kinds(&values);
        let guards = guards(rules, &lines, &least);
        let lines: Vec<Line<M>> = lines.into_iter().map(Option::unwrap_or_default).collect();
        // only safe checks read it, and it walks every cell's strikes
        let reversible = if terms.safe_checks != 0 {
            reversible_kinds(rules, &plans, (&lines, &rest))
        } else {
            vec![false; kinds]
        };
        let guards_kept = (0..2 * kinds * cells).all(|i| {
            let kind = i / cells % kinds;
            !least[kind] || (guards[i].is_some() && super::passed::promotes(rules, kind))
        });
        Some(ActivityOf {
            cells,
            kinds,
            counted: (0..kinds)
                .map(|k| share[k] != 0.0 && (weight[k] != 0 || terms.attack != 0))
                .collect(),
            share,
            weight,
            typical,
            expected,
            plans,
            rest,
            lines,
            promoting: super::passed::counted(rules),
            guards_kept,
            passed: PassedOf::new(rules, terms),
            structure: StructureOf::new(rules, terms),
            zone: zones(rules),
            attack: terms.attack,
            weak_units: terms.weak_cells,
            check_units: terms.safe_checks,
            reversible,
            threats: terms.threats,
            least,
            guards,
            values,
        })
    }

    fn struck_by_least(&self, pos: &Position, side: Side) -> M {
        let own = M::narrow(pos.occupied(side));
        let enemy = M::narrow(pos.occupied(side.opponent()));
        self.guarded(pos, side, (own, enemy))
    }

    /// The cells `side`'s least valuable pieces strike: where a worthier enemy
    /// piece's move counts for nothing, as it would be taken there at a loss.
    fn guarded(&self, pos: &Position, side: Side, (own, enemy): (M, M)) -> M {
        let mut cells = M::default();
        for &c in pos.piece_cells(side) {
            let Some(p) = pos.piece_at(c).filter(|p| self.least[p.kind]) else {
                continue;
            };
            let i = (side.index() * self.kinds + p.kind) * self.cells + c as usize;
            cells |= match self.guards[i] {
                Some(strikes) => strikes,
                None => self
                    .reach(pos, (own, enemy), i, c)
                    .map_or(M::default(), |r| r.strikes),
            };
        }
        cells
    }

    /// The moves of a piece of `kind` that count for its mobility: those to cells
    /// the enemy's least valuable pieces do not strike (all, for such a piece).
    fn safe_moves(&self, reach: &ReachOf<M>, kind: usize, unsafe_cells: M) -> u32 {
        if self.least[kind] {
            reach.moves.ones()
        } else {
            (reach.moves & !unsafe_cells).ones()
        }
    }

    fn value(&self, pos: &Position, side: Side, structures: Option<&mut Structures>) -> i32 {
        let kept = self.kept(pos, structures);
        let guarded = |s: Side| (kept.as_ref()?.guarded).map(|g| M::narrow(g[s.index()]));
        let mine = self.mobility(pos, side, guarded(side.opponent()));
        let theirs = self.mobility(pos, side.opponent(), guarded(side));
        let (m, t) = (self.units(&mine, &theirs), self.units(&theirs, &mine));
        let siege = self.attack * (m * m - t * t);
        let threats = self.threatened(pos, [&mine, &theirs], side);
        let promoting = match kept {
            Some(k) => k.value,
            None => self.promoting_white(pos),
        };
        (mine.moves - theirs.moves).div_euclid(SCALE)
            + siege.div_euclid(royal_attack::SCALE)
            + self.threats * threats
            + if side == Side::White {
                promoting
            } else {
                -promoting
            }
    }

    /// What the store keeps of the promoting pieces' structure, where the
    /// position keeps its key (see [`Structures`]).
    fn kept(&self, pos: &Position, structures: Option<&mut Structures>) -> Option<Kept> {
        let s = structures.filter(|_| self.promoting && pos.keeps_marks())?;
        Some(s.kept(pos.marked(), || Kept {
            value: self.promoting_white(pos),
            guarded: self.guards_kept.then(|| {
                [Side::White, Side::Black].map(|side| self.struck_by_least(pos, side).widen())
            }),
        }))
    }

    /// How many of the enemy's pieces `side`'s pieces threaten, less how many of
    /// its own the enemy's threaten, from the two sides' sweeps (`side`'s first).
    fn threatened(&self, pos: &Position, [mine, theirs]: [&Sweep<M>; 2], side: Side) -> i32 {
        if self.threats == 0 {
            return 0;
        }
        let victims = |s: Side| {
            let royal = (pos.royal_cells(s).iter()).fold(M::default(), |m, &c| m | M::bit(c));
            M::narrow(pos.occupied(s)) & !royal
        };
        let count = |a: &Sweep<M>, d: &Sweep<M>, s| {
            threats::count(victims(s), a.struck, a.lesser, d.struck)
        };
        count(mine, theirs, side.opponent()) as i32 - count(theirs, mine, side) as i32
    }

    /// What White's promoting pieces' being passed, isolated or doubled is worth,
    /// less Black's.
    fn promoting_white(&self, pos: &Position) -> i32 {
        if !self.promoting {
            return 0;
        }
        let stopping = self.passed.stopping(pos);
        let white = Side::White;
        self.passed.value(pos, white, &stopping) + self.structure.value(pos, white, &stopping)
    }

    fn all_features(&self, pos: &Position) -> NowFeatures {
        let stopping = self.passed.stopping(pos);
        let (isolated, doubled) = self.structure.features(pos, &stopping);
        let (white, black) = (
            self.mobility(pos, Side::White, None),
            self.mobility(pos, Side::Black, None),
        );
        let w = f64::from(self.units(&white, &black));
        let b = f64::from(self.units(&black, &white));
        NowFeatures {
            attack: (w * w - b * b) / f64::from(royal_attack::SCALE),
            threats: f64::from(self.threatened(pos, [&white, &black], Side::White)),
            mobility: self.features(pos),
            advance: self.passed.features(pos, &stopping),
            isolated,
            doubled,
        }
    }

    /// What `side`'s pieces do now ([`Sweep`]): the attack reads the cells
    /// around the enemy's royal pieces that its pieces strike, each time one
    /// does, and the cells they could check from.
    /// `unsafe_cells`: the cells the enemy's least valuable pieces strike, where
    /// they are known.
    fn mobility(&self, pos: &Position, side: Side, unsafe_cells: Option<M>) -> Sweep<M> {
        let own = M::narrow(pos.occupied(side));
        let enemy = M::narrow(pos.occupied(side.opponent()));
        let zone = self.zone_around(pos, side.opponent());
        let unsafe_cells =
            unsafe_cells.unwrap_or_else(|| self.guarded(pos, side.opponent(), (enemy, own)));
        // the defence's strikes make an attack's cells weak and its checks unsafe
        let reads_struck = self.threats != 0 || self.weak_units != 0 || self.check_units != 0;
        let mut checks = CheckCells::default();
        let mut sweep = Sweep::default();
        for &c in pos.piece_cells(side) {
            let Some(p) = pos.piece_at(c) else { continue };
            // a kind whose moves count nothing is read only for an attack or threats
            let counted = self.counted[p.kind];
            if !counted && !reads_struck {
                continue;
            }
            let i = (side.index() * self.kinds + p.kind) * self.cells + c as usize;
            let Some(reach) = self.reach(pos, (own, enemy), i, c) else {
                continue;
            };
            if counted {
                let moves = self.safe_moves(&reach, p.kind, unsafe_cells);
                sweep.moves += self.weight[p.kind] * moves as i32 - self.expected[i];
                let near = reach.strikes & zone;
                sweep.hits += near.ones() as i32;
                sweep.attackers += i32::from(near != M::default());
                sweep.near |= near;
                if self.check_units != 0 && zone != M::default() {
                    let from = checks.of(p.kind, || self.check_cells(pos, side, p.kind));
                    sweep.checks |= reach.moves & from;
                }
            }
            if reads_struck {
                sweep.struck |= reach.strikes;
                if self.values[p.kind].is_some() {
                    sweep.guarded |= reach.strikes;
                }
            }
            if self.threats != 0 {
                sweep.lesser |= self.lesser_victims(pos, reach.strikes & enemy, p.kind);
            }
        }
        sweep
    }

    /// The attack's count of one side's sweep `attack` against the other's
    /// `defence` ([`royal_attack::Count`]).
    fn units(&self, attack: &Sweep<M>, defence: &Sweep<M>) -> i32 {
        royal_attack::Count {
            hits: attack.hits,
            attackers: attack.attackers,
            weak: (attack.near & !defence.guarded).ones() as i32,
            checks: (attack.checks & !defence.struck).ones() as i32,
        }
        .units(self.weak_units, self.check_units)
    }

    /// The cells from which a piece of `side`'s `kind` would strike an enemy
    /// royal piece: those a piece of the kind of the other side strikes from the
    /// royal piece's cell, where the kind is reversible (none where not).
    fn check_cells(&self, pos: &Position, side: Side, kind: usize) -> M {
        if !self.reversible[kind] {
            return M::default();
        }
        let (own, enemy) = (
            M::narrow(pos.occupied(side)),
            M::narrow(pos.occupied(side.opponent())),
        );
        let them = side.opponent();
        let mut cells = M::default();
        for &r in pos.royal_cells(them) {
            let i = (them.index() * self.kinds + kind) * self.cells + r as usize;
            if let Some(reach) = self.reach(pos, (enemy, own), i, r) {
                cells |= reach.strikes;
            }
        }
        cells
    }

    /// Of the enemy's pieces on `hits`, those worth more than a piece of `kind`
    /// (none for a royal piece, which takes only what is not defended).
    fn lesser_victims(&self, pos: &Position, mut hits: M, kind: usize) -> M {
        let Some(worth) = self.values[kind] else {
            return M::default();
        };
        let mut lesser = M::default();
        while hits != M::default() {
            let c = hits.lowest() as Cell;
            hits = hits.rest();
            let victim = pos.piece_at(c).and_then(|p| self.values[p.kind]);
            if victim.is_some_and(|v| v > worth) {
                lesser |= M::bit(c);
            }
        }
        lesser
    }

    /// The cells around `side`'s royal pieces (none where the attack is not
    /// counted).
    fn zone_around(&self, pos: &Position, side: Side) -> M {
        if self.attack == 0 {
            return M::default();
        }
        let base = side.index() * self.cells;
        (pos.royal_cells(side).iter()).fold(M::default(), |m, &r| m | self.zone[base + r as usize])
    }

    /// Per kind, the moves of its pieces now above what their cells give them on
    /// a typical board, each by its kind's share: White's less Black's, as the
    /// features of the mobility term.
    fn features(&self, pos: &Position) -> Vec<f64> {
        let mut x = vec![0.0; self.kinds];
        for (side, sign) in [(Side::White, 1.0), (Side::Black, -1.0)] {
            let own = M::narrow(pos.occupied(side));
            let enemy = M::narrow(pos.occupied(side.opponent()));
            let unsafe_cells = self.guarded(pos, side.opponent(), (enemy, own));
            for &c in pos.piece_cells(side) {
                let Some(p) = pos.piece_at(c) else { continue };
                if self.share[p.kind] == 0.0 {
                    continue;
                }
                let i = (side.index() * self.kinds + p.kind) * self.cells + c as usize;
                if let Some(reach) = self.reach(pos, (own, enemy), i, c) {
                    let moves = self.safe_moves(&reach, p.kind, unsafe_cells);
                    let above = f64::from(moves) - self.typical[i];
                    x[p.kind] += sign * self.share[p.kind] * above;
                }
            }
        }
        x
    }

    /// The reach of the piece on `cell` (`i`: its side, kind and cell), given its
    /// side's pieces and the enemy's, read off masks where its plan allows.
    #[inline(always)]
    fn reach(
        &self,
        pos: &Position,
        (own, enemy): (M, M),
        i: usize,
        cell: Cell,
    ) -> Option<ReachOf<M>> {
        match self.plans[i] {
            Plan::Leaps(cells) => Some(ReachOf {
                moves: cells & !own,
                strikes: cells,
            }),
            Plan::Slides(a, b) => {
                let all = own | enemy;
                let lines = &self.lines[a as usize..b as usize];
                let strikes = lines.iter().fold(M::default(), |s, l| s | l.reached(all));
                Some(ReachOf {
                    moves: strikes & !own,
                    strikes,
                })
            }
            Plan::Lines {
                quiet,
                capture,
                rest: (a, b),
            } => {
                let all = own | enemy;
                let mut reach = ReachOf {
                    moves: (quiet & !all) | (capture & enemy),
                    strikes: capture,
                };
                for line in &self.rest[a as usize..b as usize] {
                    if line.path & all != M::default() {
                        continue;
                    }
                    let reached = line.reached(all);
                    if line.quiet {
                        reach.moves |= reached & !all;
                    }
                    if line.capture {
                        reach.moves |= reached & enemy;
                        reach.strikes |= reached;
                    }
                }
                Some(reach)
            }
            Plan::Walk => pos.reach(cell).map(|r: Reach| ReachOf {
                moves: M::narrow(r.moves),
                strikes: M::narrow(r.strikes),
            }),
        }
    }
}

/// The cells each kind checks from, worked out once a sweep for the kinds its
/// pieces have (up to 16 kinds kept; more are worked out each time).
struct CheckCells<M> {
    known: u16,
    cells: [M; 16],
}

impl<M: Mask> Default for CheckCells<M> {
    fn default() -> Self {
        CheckCells {
            known: 0,
            cells: [M::default(); 16],
        }
    }
}

impl<M: Mask> CheckCells<M> {
    fn of(&mut self, kind: usize, make: impl FnOnce() -> M) -> M {
        if kind >= 16 {
            return make();
        }
        if self.known >> kind & 1 == 0 {
            self.cells[kind] = make();
            self.known |= 1 << kind;
        }
        self.cells[kind]
    }
}

/// Per kind: whether its pieces of either side strike a cell from another
/// exactly where a piece of the other side strikes the first from the second
/// on an empty board, along lines that nothing but pieces between the two
/// cells block ([`ActivityOf::reversible`]).
fn reversible_kinds<M: Mask>(
    rules: &Ruleset,
    plans: &[Plan<M>],
    (lines, rest): (&[Line<M>], &[Line<M>]),
) -> Vec<bool> {
    let (kinds, cells) = (rules.kinds, rules.cell_count());
    let strikes = |side: usize, kind: usize, c: usize| {
        empty_strikes(&plans[(side * kinds + kind) * cells + c], lines, rest)
    };
    (0..kinds)
        .map(|k| {
            (0..2).all(|side| {
                (0..cells).all(|x| {
                    let Some(mut m) = strikes(side, k, x) else {
                        return false;
                    };
                    while m != M::default() {
                        let y = m.lowest() as usize;
                        m = m.rest();
                        let back = strikes(1 - side, k, y);
                        if back.is_none_or(|b| b & M::bit(x as Cell) == M::default()) {
                            return false;
                        }
                    }
                    true
                })
            })
        })
        .collect()
}

/// The cells a plan strikes on an empty board; `None` for a plan the engine
/// walks, or whose captures have paths that may be blocked (a lame leap's,
/// which the same pieces do not block both ways).
fn empty_strikes<M: Mask>(plan: &Plan<M>, lines: &[Line<M>], rest: &[Line<M>]) -> Option<M> {
    match *plan {
        Plan::Leaps(cells) => Some(cells),
        Plan::Slides(a, b) => {
            let lines = lines.get(a as usize..b as usize)?;
            Some(lines.iter().fold(M::default(), |m, l| m | l.cells))
        }
        Plan::Lines {
            capture,
            rest: (a, b),
            ..
        } => {
            let mut strikes = capture;
            for line in rest
                .get(a as usize..b as usize)?
                .iter()
                .filter(|l| l.capture)
            {
                if line.path != M::default() {
                    return None;
                }
                strikes |= line.cells;
            }
            Some(strikes)
        }
        Plan::Walk => None,
    }
}

/// Per kind: whether it is among the least valuable kinds, of `values` (none
/// for a royal kind).
fn least_kinds(values: &[Option<i32>]) -> Vec<bool> {
    let least = values.iter().flatten().min();
    values
        .iter()
        .map(|v| v.is_some() && v.as_ref() == least)
        .collect()
}

/// Per side, kind and cell: for a least valuable kind whose every capture is a
/// single leap that nothing blocks, the cells it strikes from there.
fn guards<M: Mask>(rules: &Ruleset, lines: &[Option<Line<M>>], least: &[bool]) -> Vec<Option<M>> {
    let (kinds, cells) = (rules.kinds, rules.cell_count());
    (0..2 * kinds * cells)
        .map(|i| {
            if !least[i / cells % kinds] || rules.flags.wall_cells || rules.flags.two_cell {
                return None;
            }
            let (a, b) = rules.moves.index[i];
            let mut strikes = M::default();
            for line in &lines[a as usize..b as usize] {
                match line {
                    Some(l) if !l.capture => {}
                    Some(l) if l.path == M::default() && l.cells.ones() <= 1 => strikes |= l.cells,
                    _ => return None,
                }
            }
            Some(strikes)
        })
        .collect()
}

/// Per side and cell, the cells around a royal piece of that side there as a
/// mask ([`royal_attack::zone`]).
fn zones<M: Mask>(rules: &Ruleset) -> Vec<M> {
    let cells = rules.cell_count();
    (0..2 * cells)
        .map(|i| {
            let zone = royal_attack::zone(rules, i / cells, (i % cells) as Cell);
            zone.iter().fold(M::default(), |m, &c| m | M::bit(c))
        })
        .collect()
}

/// A ray as a line: a leap (its path empty, unless it jumps) or a slide along
/// cells numbered one way; `None` for anything else.
fn line_of<M: Mask>(rules: &Ruleset, ray: &Ray) -> Option<Line<M>> {
    let cells = rules.cells_of(ray);
    let b = usize::from(ray.blockers);
    let (path, cells) = match ray.kind {
        RayKind::Leap => (cells.get(..b)?, cells.get(b..=b)?),
        RayKind::Slide if b == 0 => (&[][..], cells),
        _ => return None,
    };
    let mask = |cells: &[Cell]| cells.iter().fold(M::default(), |m, &c| m | M::bit(c));
    let rising = cells.windows(2).all(|w| w[0] < w[1]);
    let falling = cells.windows(2).all(|w| w[0] > w[1]);
    (rising || falling).then(|| Line {
        path: if ray.jump { M::default() } else { mask(path) },
        cells: mask(cells),
        rising,
        quiet: ray.quiet,
        capture: ray.capture,
    })
}

/// How the reach of the piece `i` (side, kind and cell) is found; the lines a
/// plan of lines walks go to the end of `rest`.
fn plan_of<M: Mask>(
    rules: &Ruleset,
    lines: &[Option<Line<M>>],
    i: usize,
    rest: &mut Vec<Line<M>>,
) -> Plan<M> {
    if rules.flags.wall_cells || rules.flags.two_cell {
        return Plan::Walk;
    }
    if let Some(cells) = rules.moves.leap_targets[i] {
        return Plan::Leaps(M::narrow(cells));
    }
    let (a, b) = rules.moves.index[i];
    let ours = &lines[a as usize..b as usize];
    let plain = |l: &Line<M>| l.path == M::default() && l.quiet && l.capture;
    if ours.iter().all(|l| l.as_ref().is_some_and(plain)) {
        Plan::Slides(a, b)
    } else if ours.iter().all(Option::is_some) {
        lines_plan(ours.iter().flatten(), rest)
    } else {
        Plan::Walk
    }
}

/// A plan of `lines`: single cells that nothing blocks in masks, the others
/// pushed onto `rest`.
fn lines_plan<'a, M: Mask + 'a>(
    lines: impl Iterator<Item = &'a Line<M>>,
    rest: &mut Vec<Line<M>>,
) -> Plan<M> {
    let (mut quiet, mut capture, start) = (M::default(), M::default(), rest.len() as u32);
    for line in lines {
        if line.path != M::default() || line.cells.ones() != 1 {
            rest.push(*line);
            continue;
        }
        if line.quiet {
            quiet |= line.cells;
        }
        if line.capture {
            capture |= line.cells;
        }
    }
    Plan::Lines {
        quiet,
        capture,
        rest: (start, rest.len() as u32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The promoting pieces' structures kept by the search's running key (their
    /// worth, and the cells the pawns strike, which the mobility reads) give the
    /// value worked out afresh, for either side to move, along seeded random
    /// games that share one store (where pawns promote, are passed, isolated and
    /// doubled).
    #[test]
    fn a_kept_structure_is_valued_as_it_is_worked_out_afresh() {
        let mut checked = 0;
        for name in ["chess.vdl", "capablanca.vdl"] {
            let rules = super::super::shipped(name);
            let eval = super::super::Evaluator::new(&rules);
            let marks = super::super::correction::Correction::new(&rules, &eval.values, eval.pawn);
            let terms = super::super::eval::terms(&rules);
            let a = Activity::new(&rules, &terms).expect("some kind is measured");
            let mut structures = Structures::default();
            let mut seed = 5u64;
            for _game in 0..20 {
                let mut pos = Position::start(&rules);
                pos.set_marks(marks.marks());
                super::super::random_game_from(pos, &mut seed, 120, |pos| {
                    for side in [Side::White, Side::Black] {
                        let kept = a.value(pos, side, Some(&mut structures));
                        assert_eq!(kept, a.value(pos, side, None), "{}", pos.fen());
                        checked += 1;
                    }
                });
            }
        }
        assert!(checked > 5_000, "{checked} positions checked");
    }

    /// Every measured piece's moves, read off masks and walked by the engine, at
    /// every position of a few seeded random games: boards of 64 cells and more,
    /// lame leaps (the xiangqi horse and elephant, the pawn's double step) and
    /// hops (the cannon, walked).
    #[test]
    fn the_moves_read_off_masks_are_the_walked_ones() {
        let definitions = ["chess.vdl", "xiangqi.vdl", "capablanca.vdl", "shogi.vdl"];
        let mut checked = 0;
        for name in definitions {
            let rules = super::super::shipped(name);
            let terms = super::super::eval::terms(&rules);
            let a = Activity::new(&rules, &terms).expect("some kind is measured");
            let mut seed = 7u64;
            for _game in 0..4 {
                super::super::random_game(&rules, &mut seed, 40, |pos| {
                    checked += check_position(&a, pos);
                });
            }
        }
        assert!(checked > 10_000, "{checked} pieces checked");
    }

    /// How many pieces' moves and strikes agree at `pos` (a mismatch fails).
    fn check_position(a: &Activity, pos: &Position) -> usize {
        let mut n = 0;
        for side in [Side::White, Side::Black] {
            for &c in pos.piece_cells(side) {
                let walked = pos.reach(c).map(|r| (r.moves, r.strikes));
                let read = match a {
                    Activity::Narrow(a) => a
                        .moves_of(pos, side, c)
                        .map(|(m, s)| (m.widen(), s.widen())),
                    Activity::Wide(a) => a
                        .moves_of(pos, side, c)
                        .map(|(m, s)| (m.widen(), s.widen())),
                };
                if read.is_some() {
                    assert_eq!(read, walked, "{} at {c}", pos.fen());
                    n += 1;
                }
            }
        }
        n
    }

    /// Black's queen on d4 strikes f2 and its knight on h4 g2, around White's
    /// king on g1: 2 strikes by two pieces, on cells nothing but the king
    /// defends (2 weak). The queen could check from d1 and a1, where nothing of
    /// White's strikes (2 safe checks; Qxf2 and the knight's f3 are struck).
    /// White strikes nothing around Black's king.
    #[test]
    fn an_attack_counts_weak_cells_and_safe_checks() {
        let rules = super::super::chess("\nevaluation { weak-cells 2 safe-checks 6 }\n");
        let terms = super::super::eval::terms(&rules);
        let a = ActivityOf::<u64>::new(&rules, &terms).expect("chess is measured");
        let pos = Position::from_fen(&rules, "7k/8/8/8/3q3n/8/5PPP/6K1 w - - 0 1").expect("a FEN");
        let black = a.mobility(&pos, Side::Black, None);
        let white = a.mobility(&pos, Side::White, None);
        let name = |m: u64| {
            let mut cells: Vec<&str> = (0..64)
                .filter(|&c| m >> c & 1 != 0)
                .map(|c| rules.cell_name(c as Cell))
                .collect();
            cells.sort();
            cells.join(" ")
        };
        assert_eq!((black.hits, black.attackers), (2, 2));
        assert_eq!(name(black.near & !white.guarded), "f2 g2");
        assert_eq!(name(black.checks & !white.struck), "a1 d1");
        assert_eq!(a.units(&black, &white), 2 + 2 * 2 + 2 * 6);
        assert_eq!(a.units(&white, &black), 0);
        // a bishop on e1 guards f2, and shuts the first rank beyond it: one weak
        // cell is left, and no check
        let guarded =
            Position::from_fen(&rules, "7k/8/8/8/3q3n/8/5PPP/4B1K1 w - - 0 1").expect("a FEN");
        let (b, w) = (
            a.mobility(&guarded, Side::Black, None),
            a.mobility(&guarded, Side::White, None),
        );
        assert_eq!(a.units(&b, &w), 2 + 2);
    }

    /// Chess's pieces check from where the same piece of the other side strikes
    /// the king from. Of Xiangqi's only the chariot does: the horse's and the
    /// elephant's legs are blocked next to where they stand, the cannon is
    /// walked by the engine, the general and advisors keep to their own palace
    /// and the elephants to their own half, and a soldier strikes sideways only
    /// across the river, which is a different half for each side.
    #[test]
    fn only_kinds_whose_strikes_run_both_ways_count_checks() {
        // the kinds are read only where safe checks count
        let checking = |rules: &Ruleset| {
            let mut terms = super::super::eval::terms(rules);
            assert_eq!(terms.safe_checks, 0, "not derived");
            terms.safe_checks = 6;
            terms
        };
        let chess = super::super::chess("");
        let a = ActivityOf::<u64>::new(&chess, &checking(&chess)).expect("chess");
        assert!(a.reversible.iter().all(|&r| r));
        let derived = ActivityOf::<u64>::new(&chess, &super::super::eval::terms(&chess));
        assert!(!derived.expect("chess").reversible.iter().any(|&r| r));
        let text = include_str!("../../../definitions/xiangqi.vdl");
        let rules = crate::load(text).ruleset.expect("xiangqi loads");
        let a = ActivityOf::<u128>::new(&rules, &checking(&rules)).expect("xiangqi");
        let reversible: Vec<&str> = (0..rules.kinds)
            .filter(|&k| a.reversible[k])
            .map(|k| rules.definition.pieces[k].name.as_str())
            .collect();
        assert_eq!(reversible, ["Chariot"]);
    }

    /// The moves of a piece that count for its mobility on `cell` of the FEN.
    fn counted(rules: &Ruleset, a: &ActivityOf<u64>, fen: &str, cell: &str) -> u32 {
        let pos = Position::from_fen(rules, fen).expect("a FEN");
        let c = rules.cell_by_name(cell).expect("a cell");
        let p = pos.piece_at(c).expect("a piece");
        let own = pos.occupied(p.side) as u64;
        let enemy = pos.occupied(p.side.opponent()) as u64;
        let unsafe_cells = a.guarded(&pos, p.side.opponent(), (enemy, own));
        let i = (p.side.index() * a.kinds + p.kind) * a.cells + c as usize;
        let reach = a.reach(&pos, (own, enemy), i, c).expect("measured");
        a.safe_moves(&reach, p.kind, unsafe_cells)
    }

    /// A knight's move to a cell an enemy pawn strikes counts for nothing; a
    /// pawn's moves all count, struck or not.
    #[test]
    fn moves_to_cells_the_enemys_pawns_strike_do_not_count() {
        let rules = super::super::chess("");
        let terms = super::super::eval::terms(&rules);
        let Some(Activity::Narrow(a)) = Activity::new(&rules, &terms) else {
            panic!("chess is measured in 64 bits");
        };
        let counted = |fen, cell| counted(&rules, &a, fen, cell);
        // the knight on a1 reaches b3 and c2; Black's pawn on d3 strikes c2 and e2
        assert_eq!(counted("4k3/8/8/8/8/3p4/8/N3K3 w - - 0 1", "a1"), 1);
        assert_eq!(counted("4k3/8/8/8/3p4/8/8/N3K3 w - - 0 1", "a1"), 2);
        // a bishop on c2 makes no cell unsafe: the knight's capture counts
        assert_eq!(counted("4k3/8/8/8/8/8/2b5/N3K3 w - - 0 1", "a1"), 2);
        // White's pawn on e2 goes to e3 and e4, both struck by Black's pawns
        assert_eq!(counted("4k3/8/8/5p2/3p4/8/4P3/4K3 w - - 0 1", "e2"), 2);
    }

    impl<M: Mask> ActivityOf<M> {
        fn moves_of(&self, pos: &Position, side: Side, c: Cell) -> Option<(M, M)> {
            let p = pos.piece_at(c)?;
            if self.share[p.kind] == 0.0 {
                return None;
            }
            let i = (side.index() * self.kinds + p.kind) * self.cells + c as usize;
            let masks = (
                M::narrow(pos.occupied(side)),
                M::narrow(pos.occupied(side.opponent())),
            );
            self.reach(pos, masks, i, c).map(|r| (r.moves, r.strikes))
        }
    }
}
