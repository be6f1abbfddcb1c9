//! A checked `Definition` to a `Ruleset`: the board as numbered cells, and for every
//! side, piece kind and cell the precomputed rays it moves along, plus the reverse
//! tables that answer "is this cell attacked?". All geometry is done here, once.

use crate::model::{CaptureMode, Coord, Definition, Offset, QueueEnd, Side, TwoCell};

mod attack_masks;
mod attacks;
mod board;
mod capture;
mod castling;
mod clock;
mod drop_queue;
mod first_moves;
mod flags;
mod goals;
mod hand;
use indexmap::IndexMap;
use std::sync::Arc;
mod overlap;
mod rays;
mod reach;
mod reachable;
mod restrictions;
mod walls;

pub use attack_masks::{AttackMasks, LeapSet, MaskLine};
pub use attacks::AttackTables;
pub use board::BoardTables;
pub use capture::{CaptureRules, KindCaptures, Victims, NO_VICTIMS};
pub use clock::ClockRules;
pub use drop_queue::DropQueueRules;
pub use first_moves::FirstMoves;
pub use flags::Flags;
pub use reach::ReachTables;
pub use reachable::DeadMaterial;

pub use overlap::redundant_written;

/// A cell of the board, numbered from 0.
pub type Cell = u16;

/// What a ray does with the cells it walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RayKind {
    /// The first `blockers` cells must be empty; the next one is the target.
    Leap,
    /// The first `blockers` cells must be empty (a bent rider's fixed steps); then
    /// every cell in turn until the first piece.
    Slide,
    /// Over the first piece (the screen), then every cell until the next piece.
    Hop,
    /// Over the first piece, then the next cell only.
    HopBehind,
}

#[derive(Clone, Copy, Debug)]
pub struct Ray {
    pub start: u32,
    pub len: u16,
    pub blockers: u16,
    pub kind: RayKind,
    pub quiet: bool,
    pub capture: bool,
    /// A quiet multi-cell step of an en-passant piece: it leaves its passed cells capturable.
    pub double_step: bool,
    /// For a hop: the jumped piece must stand on the first cell.
    pub adjacent: bool,
    /// For a leap along a path: the cells before the last do not block.
    pub jump: bool,
    /// The rule of the piece this ray comes from (its index in `PieceDef::rules`).
    pub rule: u16,
    /// The step of a ride, or the whole offset of a leap, on the board.
    pub dir: Offset,
}

/// Reverse geometry for attack tests: from a target cell outward along one line,
/// which kinds attack from each distance.
#[derive(Clone, Copy, Debug)]
pub struct AttackRay {
    pub start: u32,
    /// Index into `Ruleset::hop_masks` of the hoppers attacking along this line; 0
    /// for none (most lines), which keeps this record small for the hot loop.
    pub hops: u32,
    pub len: u16,
}

/// The kinds that attack along one line by hopping.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HopMasks {
    /// Hopping the first piece on this line, from any distance beyond.
    pub hop: u64,
    /// Hopping a piece on the first cell of this line.
    pub behind: u64,
    /// Hopping a piece right next to them (`adjacent`), from anywhere beyond, and
    /// from just beyond a piece on the first cell (`adjacent land-behind`).
    pub near: u64,
    pub near_behind: u64,
}

/// A lame leap that attacks a cell when its path is empty, or a hop along a line
/// cut short by a zone, when its path holds just the screen.
#[derive(Clone, Copy, Debug)]
pub struct LameAttack {
    pub from: Cell,
    pub blockers_start: u32,
    /// The number of cells between; with `SCREENED` set, the last of them is the
    /// screen, which must hold a piece.
    pub blockers_len: u16,
    pub mask: u64,
}

impl LameAttack {
    pub const SCREENED: u16 = 0x8000;

    /// The cells between and whether the last of them is a screen.
    #[inline]
    pub fn between(&self) -> (usize, usize, bool) {
        let len = self.blockers_len & !Self::SCREENED;
        (
            self.blockers_start as usize,
            len as usize,
            self.blockers_len & Self::SCREENED != 0,
        )
    }
}

#[derive(Clone, Debug)]
pub struct PromotionTable {
    pub zone: Vec<bool>,
    /// `zone` as a mask (every bit set on boards larger than 128 cells).
    pub zone_mask: u128,
    pub choices: Vec<u8>,
    /// The choices as a mask of kinds.
    pub choice_kinds: u64,
    /// Only to kinds the player has in reserve (captured, off the board).
    pub from_captured: bool,
    /// The choices with a `promotion-limit` (`Ruleset::promotion_limit`).
    pub limited: u64,
    pub optional: bool,
    /// To the piece at this end of the player's drop queue.
    pub from_queue: Option<QueueEnd>,
    /// Cells a move starting on promotes from (`or-leaving`); empty without it.
    pub leaving: Vec<bool>,
    /// Cells where an `optional` promotion is compulsory after all.
    pub forced: Vec<bool>,
    /// `on-capture`: only a move that captures promotes.
    pub on_capture: bool,
}

impl PromotionTable {
    /// Whether a move from `from` to `to` promotes.
    #[inline(always)]
    pub fn promotes(&self, from: Cell, to: Cell) -> bool {
        self.zone[to as usize] || (!self.leaving.is_empty() && self.leaving[from as usize])
    }

    /// Whether a promoting move to `to` may also stay as it is.
    #[inline(always)]
    pub fn optional_at(&self, to: Cell) -> bool {
        self.optional && !self.forced[to as usize]
    }
}

#[derive(Clone, Debug)]
pub struct Zobrist {
    pub pieces: Vec<u64>,
    pub side: u64,
    pub castling: Vec<u64>,
    pub en_passant: Vec<u64>,
    /// Per cell: a swap back between two cells is banned (the two cells' keys).
    pub swap_ban: Vec<u64>,
    /// Per side and kind: captured pieces in reserve (rotated by the count).
    pub reserve: Vec<u64>,
    /// Mixed with a pair of cells: the two ends of one two-cell piece.
    pub link: u64,
    /// Per side, mixed with the number of checks it has given.
    pub checks: [u64; 2],
    /// Per cell: a wall stands there.
    pub walls: Vec<u64>,
    /// Mixed with the number of passes just made.
    pub passes: u64,
}

impl Zobrist {
    /// The key of two cells joined as the ends of one two-cell piece.
    pub fn link_key(&self, a: Cell, b: Cell) -> u64 {
        let (lo, hi) = (a.min(b) as u64, a.max(b) as u64);
        crate::random::mix(self.link ^ (lo << 16 | hi))
    }

    /// The key of `count` pieces of one side's kind in reserve.
    pub fn reserve_key(&self, side: usize, kinds: usize, kind: usize, count: u8) -> u64 {
        if count == 0 {
            0
        } else {
            self.reserve[side * kinds + kind].rotate_left(u32::from(count))
        }
    }
}

/// `royal last N`: the royal kinds' pieces are royal while a side has at most
/// `at_most` of them, counted together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoyalCount {
    pub at_most: usize,
    /// No move may leave every piece of the kind attacked (`duple-check`).
    pub duple_check: bool,
}

/// The definition's `royal last` (the check stage gives every royal kind the same).
fn royal_count(def: &Definition) -> Option<RoyalCount> {
    def.pieces.iter().find_map(|p| {
        let last = p.royal_last.filter(|_| p.royal)?;
        Some(RoyalCount {
            at_most: last.at_most as usize,
            duple_check: last.duple_check,
        })
    })
}

/// A compiled variant: everything the engine needs, precomputed, grouped by
/// concern.
#[derive(Clone, Debug)]
pub struct Ruleset {
    /// The definition this was compiled from.
    pub definition: Definition,
    /// The board as numbered cells.
    pub board: BoardTables,
    /// The number of piece kinds.
    pub kinds: usize,
    /// Per kind: it is royal (its capture ends the game; it may not be left attacked).
    pub royal: Vec<bool>,
    /// Per kind: no promotion makes one while its side has this many (0: no limit).
    pub promotion_limit: Vec<u8>,
    /// Royalty by the count of royal pieces (`royal last`), if the royal kinds have it.
    pub royal_count: Option<RoyalCount>,
    /// Per kind: it may be captured en passant (its steps leave cells capturable).
    pub en_passant: Vec<bool>,
    /// Per kind: it may capture en passant (`en-passant`, not `passive`).
    pub en_passant_captures: Vec<bool>,
    /// Each kind's moves as rays, per side and cell.
    pub moves: MoveRays,
    /// From each cell, the lines and leaps that attack it.
    pub attacks: AttackTables,
    /// Per side and kind: its promotion on arrival, on the board's cells.
    pub promotion: Vec<Option<PromotionTable>>,
    /// Per side and kind: its `in-place` promotion (a move of its own; `zone` is
    /// where the piece may make it from).
    pub in_place: Vec<Option<PromotionTable>>,
    /// The moves pieces may make while they hold their first-move right.
    pub first_moves: FirstMoves,
    /// The castling rules on the definition's cells (a free castling's at its end
    /// cells: each game places it, see `Ruleset::castles_for`).
    pub castles: Arc<CastleTable>,
    /// How pieces capture besides replacement.
    pub capture: CaptureRules,
    /// Per kind: how it moves if it stands on two cells.
    pub two_cell: Vec<Option<TwoCell>>,
    /// What resets the halfmove clock.
    pub clock: ClockRules,
    /// The hash keys of pieces, rights and counts.
    pub zobrist: Zobrist,
    /// What the variant uses, for the engine's shortcuts.
    pub flags: Flags,
    /// Drop queues: where a turn's drop lands, from which end.
    pub drop_queue: DropQueueRules,
    /// Pieces in hand: drop cells, drop rules, where captured pieces go.
    pub hand: HandRules,
    /// Per side, kind and cell: the cells a piece there could capture on by its
    /// rays' geometry (see `reach`); empty without capture modes and on boards too
    /// large for masks.
    pub reach: ReachTables,
    /// Piece regions and the dead-position verdicts found so far (`engine::dead`).
    pub dead_material: DeadMaterial,
    /// Extinction, reaching a zone, forced captures.
    pub goals: Goals,
    /// With `flags.walls`: how a move puts its wall, and where.
    pub walls: Option<WallRules>,
    /// The board code of a wall (`wall_code`): never on a board without walls.
    pub wall_code: u8,
    /// The kinds each kind never captures or hops over.
    pub restrictions: Restrictions,
}

/// Each kind's moves as rays, per side and cell.
#[derive(Clone, Debug)]
pub struct MoveRays {
    /// Per side, kind and cell: its rays in `rays`.
    pub index: Vec<(u32, u32)>,
    pub rays: Vec<Ray>,
    /// The cells the rays walk, in order.
    pub cells: Vec<Cell>,
    /// Per side, kind and cell, like `index`: where every ray is a plain leap (to
    /// one cell, moving or capturing there, nothing to pass), the cells it reaches
    /// as a mask, so that its moves are counted at once; none elsewhere, and on
    /// boards of more than 128 cells.
    pub leap_targets: Vec<Option<u128>>,
    /// Per side and kind: two of its rays may make the same move, which the move
    /// generator then lists once.
    pub repeats: Vec<bool>,
    /// Per kind, per written rule (`MoveRule::written`): for each of its rays on the
    /// board, the mask of other written rules covering it there (empty: the rule
    /// fits nowhere). See `redundant_written`.
    pub rule_cover: Vec<Vec<Vec<u64>>>,
}

pub use crate::check::MAX_CASTLING;
pub use castling::{CastleTable, CompiledCastle};
pub use goals::Goals;
pub use hand::{CapturedGoTo, HandRules, NO_GATE};
pub use restrictions::Restrictions;
pub use walls::{wall_code, WallRules};

impl Ruleset {
    /// The number of cells on the board.
    pub fn cell_count(&self) -> usize {
        self.board.cells.len()
    }

    /// The cell at a coordinate, if the board has one there.
    pub fn cell_at(&self, c: Coord) -> Option<Cell> {
        let b = &self.definition.board;
        if c.file < 0 || c.rank < 0 || c.file >= b.width() || c.rank >= b.height() {
            return None;
        }
        self.board.grid[(c.rank * b.width() + c.file) as usize]
    }

    /// The cell a name such as `e4` stands for, if it is on the board.
    pub fn cell_by_name(&self, name: &str) -> Option<Cell> {
        let c = self.definition.board.parse_cell(name)?;
        self.cell_at(c)
    }

    /// A cell's name, such as `e4`.
    pub fn cell_name(&self, cell: Cell) -> &str {
        &self.board.cell_names[cell as usize]
    }

    /// A piece's label as written: upper case for White, lower case for Black.
    pub fn piece_label(&self, kind: usize, side: Side) -> String {
        let l = &self.definition.pieces[kind].label;
        match side {
            Side::White => l.clone(),
            Side::Black => l.to_ascii_lowercase(),
        }
    }

    /// Whether `target` is in a piece's reach masks: next to its rays, on its
    /// capturing rays, on any of its rays (all true on boards too large for masks).
    #[inline]
    pub fn reach(&self, side: usize, kind: usize, from: Cell, target: Cell) -> [bool; 3] {
        let i = (side * self.kinds + kind) * self.board.cells.len() + from as usize;
        self.reach.pieces.get(i).map_or([true; 3], |r| {
            let has = |m: u128| m >> target & 1 != 0;
            [has(r.near), has(r.strikes), has(r.passes)]
        })
    }

    /// The cells whose contents could decide whether a piece of `kind` on `from`
    /// captures, wherever the victim stands, if the board has masks.
    #[inline]
    pub fn region(&self, side: usize, kind: usize, from: Cell) -> Option<u128> {
        let i = (side * self.kinds + kind) * self.board.cells.len() + from as usize;
        self.reach.pieces.get(i).map(|r| r.region)
    }

    /// The indices in `rays` of a kind's rays for a side, from a cell.
    #[inline]
    pub fn ray_range(&self, side: usize, kind: usize, cell: Cell) -> std::ops::Range<usize> {
        let (a, b) =
            self.moves.index[(side * self.kinds + kind) * self.board.cells.len() + cell as usize];
        a as usize..b as usize
    }

    /// The cells a ray walks, in order.
    #[inline]
    pub fn cells_of(&self, ray: &Ray) -> &[Cell] {
        &self.moves.cells[ray.start as usize..][..ray.len as usize]
    }

    /// First-move rays of a kind for a side, from a cell.
    #[inline]
    pub fn first_rays_of(&self, side: usize, kind: usize, cell: Cell) -> &[Ray] {
        let f = &self.first_moves;
        let (a, b) = f.index[(side * self.kinds + kind) * self.board.cells.len() + cell as usize];
        &f.rays[a as usize..b as usize]
    }

    /// The cells of a first-move ray.
    #[inline]
    pub fn first_cells_of(&self, ray: &Ray) -> &[Cell] {
        &self.first_moves.cells[ray.start as usize..][..ray.len as usize]
    }

    /// Rays of a kind for a side, from a cell.
    #[inline]
    pub fn rays_of(&self, side: usize, kind: usize, cell: Cell) -> &[Ray] {
        let (a, b) =
            self.moves.index[(side * self.kinds + kind) * self.board.cells.len() + cell as usize];
        &self.moves.rays[a as usize..b as usize]
    }

    #[inline]
    /// The promotion of a side's piece of `kind`, if it promotes.
    pub fn promotion_of(&self, side: usize, kind: usize) -> Option<&PromotionTable> {
        self.promotion[side * self.kinds + kind].as_ref()
    }

    /// The in-place promotion of a side's piece of `kind`, if it has one.
    pub fn in_place_of(&self, side: usize, kind: usize) -> Option<&PromotionTable> {
        self.in_place[side * self.kinds + kind].as_ref()
    }

    /// A kind's capture modes.
    pub fn kind_captures(&self, kind: usize) -> &KindCaptures {
        &self.capture.modes[kind]
    }

    /// The cell one unit step from `cell`, the step given by its place in the
    /// table of unit steps (`unit_slot`), if on the board.
    #[inline(always)]
    pub fn unit_step(&self, cell: Cell, slot: usize) -> Option<Cell> {
        let s = self.board.unit_steps[cell as usize][slot];
        (s != board::UNIT_NONE).then_some(s)
    }

    /// The place of the unit step `o` (`dx`, `dy` in -1..=1) in the table of unit
    /// steps.
    pub fn unit_slot(o: Offset) -> usize {
        (o.dy * 3 + o.dx + 4) as usize
    }

    #[inline]
    /// The cell one step `o` from `cell`, if on the board.
    pub fn step(&self, cell: Cell, o: Offset) -> Option<Cell> {
        if o.dx.unsigned_abs() <= 1 && o.dy.unsigned_abs() <= 1 {
            if let Some(steps) = self.board.unit_steps.get(cell as usize) {
                let s = steps[(o.dy * 3 + o.dx + 4) as usize];
                return (s != board::UNIT_NONE).then_some(s);
            }
        }
        self.step_by_coords(cell, o)
    }

    fn step_by_coords(&self, cell: Cell, o: Offset) -> Option<Cell> {
        let c = self.board.cells[cell as usize];
        self.cell_at(Coord {
            file: c.file + o.dx,
            rank: c.rank + o.dy,
        })
    }
}

/// Orient a first-player offset for a side.
pub fn orient(o: Offset, side: usize) -> Offset {
    if side == 0 {
        o
    } else {
        o.rotated()
    }
}

/// A lame capture: target, attacker's cell, the cells that must be empty, kind.
/// Target, attacker's cell, the cells between, the attacker's kind, and whether the
/// last of those cells must hold the piece it hops (the others empty).
type LameEntry = (Cell, Cell, Vec<Cell>, usize, bool);

#[derive(Default)]
struct AttackBuilder {
    masks: Vec<u64>,
    hop: u64,
    behind: u64,
    near: u64,
    near_behind: u64,
}

pub fn compile(def: Definition) -> Ruleset {
    let (cells, grid) = board::number_cells(&def);
    let grid_view = rays::Grid {
        cells: &cells,
        grid: &grid,
        width: def.board.width(),
        height: def.board.height(),
        within: None,
    };
    let MoveTables { mut moves, facts } = move_tables(&def, &grid_view);
    let mut attacks = attacks::attack_tables(&grid_view, &facts.attack, &facts.lame);
    let capture = capture::capture_rules(&def, &grid_view);
    chameleon_repeats(&def, &capture, &mut moves.repeats);
    let castles = Arc::new(CastleTable::new(&def.castling, cells.len(), |c| {
        grid_view.at(c)
    }));
    let goals = goals::goals(&def, &grid_view);
    let restrictions = restrictions::restrictions(&def);
    let flags = flags::flags(
        &def,
        &moves,
        &facts,
        &capture,
        &castles,
        &goals,
        &restrictions,
    );
    if flags.wall_cells || flags.two_cell {
        // the occupancy masks then miss what blocks a line
        attacks.masked = None;
    }
    let neighbours = board::neighbours(&def, &grid_view);
    let (promotion, in_place) = promotion_tables(&def, &grid_view);
    let walls = walls::wall_rules(&def, &grid_view);
    let first_moves = first_moves::first_moves(&def, &grid_view, &moves);
    let hand = hand::hand_rules(&def, &grid_view);
    let drop_queue = drop_queue::drop_queue_rules(&def, &grid_view);
    let (kinds, n) = (def.pieces.len(), cells.len());
    let mut rules = Ruleset {
        board: board::board_tables(&def, cells, grid, neighbours),
        kinds,
        royal: def.pieces.iter().map(|p| p.royal).collect(),
        royal_count: royal_count(&def),
        promotion_limit: (def.pieces.iter())
            .map(|p| p.promotion_limit.unwrap_or(0))
            .collect(),
        en_passant: def.pieces.iter().map(|p| p.en_passant).collect(),
        en_passant_captures: (def.pieces.iter())
            .map(|p| p.en_passant && !p.en_passant_passive)
            .collect(),
        two_cell: def.pieces.iter().map(|p| p.two_cell).collect(),
        clock: clock::clock_rules(&def),
        moves,
        attacks,
        promotion,
        in_place,
        first_moves,
        castles,
        capture,
        zobrist: zobrist_keys(n, kinds),
        flags,
        drop_queue,
        hand,
        reach: ReachTables::default(),
        dead_material: DeadMaterial::default(),
        goals,
        walls,
        wall_code: wall_code(kinds),
        restrictions,
        definition: def,
    };
    rules.board.unit_steps = board::unit_steps(&rules);
    rules.capture.neighbour_masks = neighbour_masks(&rules);
    rules.capture.neighbour_rays = neighbour_rays(&rules);
    rules.reach = reach::reach_tables(&rules);
    rules.clock.returns = clock::return_cells(&rules);
    rules
}

/// Under `flips` or the hand's rules on a drop's neighbours, each cell's neighbours
/// as a mask (none on boards too large for masks).
fn neighbour_masks(rules: &Ruleset) -> Vec<u128> {
    let hand = &rules.hand;
    let used =
        rules.capture.flips.iter().any(Option::is_some) || hand.enclosing || hand.next_to_own;
    if !used || rules.cell_count() > 128 {
        return Vec::new();
    }
    (0..rules.cell_count() as Cell)
        .map(|c| {
            (rules.capture.neighbour_slots.iter())
                .filter_map(|&slot| rules.unit_step(c, slot))
                .fold(0u128, |m, n| m | 1u128 << n)
        })
        .collect()
}

/// See `CaptureRules::neighbour_rays`: none unless every neighbour step moves every
/// cell's index by the same amount, nor with another rule on where a drop goes.
fn neighbour_rays(rules: &Ruleset) -> Vec<(i32, u128)> {
    let capture = &rules.capture;
    let hand = &rules.hand;
    let plain = (hand.enclosing || hand.next_to_own)
        && !(hand.enclosing && capture.never_turn != 0)
        && hand.one_per_file == 0
        && hand.below.is_none()
        && rules.cell_count() <= 128;
    if !plain {
        return Vec::new();
    }
    let mut rays = Vec::new();
    for &slot in &capture.neighbour_slots {
        let mut delta = None;
        let mut from = 0u128;
        for c in 0..rules.cell_count() as Cell {
            let Some(n) = rules.unit_step(c, slot) else {
                continue;
            };
            let d = i32::from(n) - i32::from(c);
            if *delta.get_or_insert(d) != d {
                return Vec::new();
            }
            from |= 1u128 << c;
        }
        rays.extend(delta.map(|d| (d, from)));
    }
    rays
}

/// A chameleon lists a move twice only if it also captures on its own, or a kind it
/// imitates by moving onto it can reach one cell two ways.
fn chameleon_repeats(def: &Definition, capture: &CaptureRules, repeats: &mut [bool]) {
    let kinds = def.pieces.len();
    for k in (0..kinds).filter(|k| capture.chameleon_kinds & (1 << k) != 0) {
        let own = def.pieces[k].rules.iter().any(|r| r.mode.captures());
        for side in 0..2 {
            let imitated = (0..kinds)
                .any(|v| capture.mimicry.replacement & (1 << v) != 0 && repeats[side * kinds + v]);
            repeats[side * kinds + k] |= own || imitated;
        }
    }
}

/// The cells each (side, kind) starts on: where `initial` moves are allowed.
fn initial_cells(def: &Definition, grid: &rays::Grid) -> Vec<Vec<bool>> {
    let kinds = def.pieces.len();
    let mut initial = vec![vec![false; grid.cells.len()]; 2 * kinds];
    for &(coord, side, kind) in &def.setup.placements {
        if let Some(c) = grid.at(coord) {
            initial[side.index() * kinds + kind][c as usize] = true;
        }
    }
    initial
}

/// What the move rules compile to: every (side, kind, cell)'s rays, and the attack
/// facts gathered on the way.
struct MoveTables {
    moves: MoveRays,
    facts: AttackFacts,
}

/// What the rays tell about attacks, for the reverse tables and the flags.
pub(super) struct AttackFacts {
    attack: [IndexMap<(Cell, Offset), AttackBuilder>; 2],
    lame: [Vec<LameEntry>; 2],
    /// All captures are by lines that stop at the first piece, or plain leaps.
    line_attacks_only: bool,
}

fn move_tables(def: &Definition, grid_view: &rays::Grid) -> MoveTables {
    let initial = initial_cells(def, grid_view);
    let n = grid_view.cells.len();
    let kinds = def.pieces.len();
    let mut tables = rays::RayTables {
        line_attacks_only: true,
        ..Default::default()
    };
    let mut ray_index = Vec::with_capacity(2 * kinds * n);
    let mut repeats = vec![false; 2 * kinds];
    let mut rule_cover: Vec<Vec<Vec<u64>>> = def
        .pieces
        .iter()
        .map(|p| {
            let groups = p.rules.iter().map(|r| r.written as usize + 1).max();
            vec![Vec::new(); groups.unwrap_or(0)]
        })
        .collect();
    for side in 0..2 {
        // Each zone's cells for this side, for regions and confinement.
        let zones: IndexMap<&str, Vec<bool>> = def
            .zones
            .keys()
            .map(|z| (z.as_str(), zone_cells(def, grid_view, z, side)))
            .collect();
        for (kind, piece) in def.pieces.iter().enumerate() {
            let within = piece.confined.as_deref().and_then(|z| zones.get(z));
            let directional = piece.captures.iter().any(|m| {
                !matches!(
                    m,
                    CaptureMode::Pincer { .. } | CaptureMode::Coordinate { .. }
                )
            }) || piece.swap;
            let written: Vec<u16> = piece.rules.iter().map(|r| r.written).collect();
            let regions = rule_regions(piece, &zones, within);
            for from in 0..n as Cell {
                let start = tables.rays.len();
                let starts_here = initial[side * kinds + kind][from as usize];
                let at = (side, kind, from);
                rays_from(
                    &mut tables,
                    grid_view,
                    at,
                    piece,
                    starts_here,
                    &regions,
                    &zones,
                );
                overlap::settle(
                    &mut tables.rays,
                    start,
                    &tables.ray_cells,
                    (piece.en_passant, directional),
                    &written,
                    &mut rule_cover[kind],
                );
                let made = &tables.rays[start..];
                repeats[side * kinds + kind] |= overlap::may_repeat(made, &tables.ray_cells);
                ray_index.push((start as u32, tables.rays.len() as u32));
            }
        }
    }
    let leap_targets = ray_index
        .iter()
        .map(|&(a, b)| leap_targets(&tables.rays[a as usize..b as usize], &tables.ray_cells, n))
        .collect();
    MoveTables {
        moves: MoveRays {
            index: ray_index,
            rays: tables.rays,
            cells: tables.ray_cells,
            leap_targets,
            repeats,
            rule_cover,
        },
        facts: AttackFacts {
            attack: tables.attack,
            lame: tables.lame,
            line_attacks_only: tables.line_attacks_only,
        },
    }
}

/// The cells a piece's rays from one cell reach where all of them are plain leaps
/// (`MoveRays::leap_targets`).
fn leap_targets(rays: &[Ray], cells: &[Cell], board_cells: usize) -> Option<u128> {
    let plain = |r: &Ray| {
        r.kind == RayKind::Leap && r.blockers == 0 && r.quiet && r.capture && !r.double_step
    };
    if board_cells > 128 || !rays.iter().all(plain) {
        return None;
    }
    Some(
        rays.iter()
            .fold(0, |m, r| m | 1u128 << cells[r.start as usize]),
    )
}

/// The rays of a piece's rules from one cell (an `initial` rule only where the
/// piece starts, a rule `in` a zone only from it, `within` a zone only on it),
/// with en passant kept to its zone and the `no-facing` line.
fn rays_from(
    tables: &mut rays::RayTables,
    grid_view: &rays::Grid,
    (side, kind, from): (usize, usize, Cell),
    piece: &crate::model::PieceDef,
    starts_here: bool,
    regions: &[RuleRegion],
    zones: &IndexMap<&str, Vec<bool>>,
) {
    let start = tables.rays.len();
    for (index, rule) in piece.rules.iter().enumerate() {
        if rule.initial && !starts_here {
            continue;
        }
        let (starts, inside) = &regions[index];
        if starts.is_some_and(|cells| !cells[from as usize]) {
            continue;
        }
        let grid = match inside {
            Some(cells) => grid_view.confined(Some(cells)),
            None => *grid_view,
        };
        tables.add_rule(&grid, side, kind, from, rule, index, piece.en_passant);
    }
    if let Some(cells) = piece.en_passant_in.as_deref().and_then(|z| zones.get(z)) {
        keep_passing_in(tables, start, cells);
    }
    if piece.no_facing {
        tables.add_facing(grid_view, side, kind, from);
    }
}

/// Double steps that pass a cell outside `cells` (`en-passant in ZONE`) leave
/// nothing capturable: they are plain steps.
fn keep_passing_in(tables: &mut rays::RayTables, start: usize, cells: &[bool]) {
    for ray in &mut tables.rays[start..] {
        let at = ray.start as usize;
        let passed = &tables.ray_cells[at..at + ray.blockers as usize];
        if ray.double_step && !passed.iter().all(|&c| cells[c as usize]) {
            ray.double_step = false;
        }
    }
}

/// Per rule of a piece, for one side: the cells it starts on (all without a region)
/// and, for `within` or a confined piece, the cells it sees as the board.
type RuleRegion<'a> = (Option<&'a Vec<bool>>, Option<Vec<bool>>);

fn rule_regions<'a>(
    piece: &crate::model::PieceDef,
    zones: &'a IndexMap<&str, Vec<bool>>,
    confined: Option<&Vec<bool>>,
) -> Vec<RuleRegion<'a>> {
    piece
        .rules
        .iter()
        .map(|rule| {
            let region = rule.region.as_ref();
            let starts = region.and_then(|r| zones.get(r.zone.as_str()));
            let inside = match (
                starts.filter(|_| region.is_some_and(|r| r.within)),
                confined,
            ) {
                (Some(a), Some(b)) => Some(a.iter().zip(b).map(|(x, y)| *x && *y).collect()),
                (Some(a), None) | (None, Some(a)) => Some(a.clone()),
                (None, None) => None,
            };
            (starts, inside)
        })
        .collect()
}

/// Whether each cell is in the zone, as it is for `side` (none for an unknown zone).
fn zone_cells(def: &Definition, grid: &rays::Grid, zone: &str, side: usize) -> Vec<bool> {
    let mut cells = vec![false; grid.cells.len()];
    for c in def.zones.get(zone).map_or(&[][..], |z| &z[side][..]) {
        if let Some(cell) = grid.at(*c) {
            cells[cell as usize] = true;
        }
    }
    cells
}

/// Each side's and kind's promotion tables: on arrival, and in place.
type PromotionTables = (Vec<Option<PromotionTable>>, Vec<Option<PromotionTable>>);

fn promotion_tables(def: &Definition, grid: &rays::Grid) -> PromotionTables {
    let (n, kinds) = (grid.cells.len(), def.pieces.len());
    let mut promotion = vec![None; 2 * kinds];
    let mut in_place = vec![None; 2 * kinds];
    for side in 0..2 {
        let cells_of = |zone: &str| zone_cells(def, grid, zone, side);
        for (kind, p) in def.pieces.iter().enumerate() {
            if let Some(promo) = &p.promotion {
                let mut zone = cells_of(&promo.zone);
                let forced = promo
                    .forced_in
                    .as_deref()
                    .map_or_else(|| vec![false; n], cells_of);
                // A move ending where promotion is compulsory promotes there too.
                for (z, f) in zone.iter_mut().zip(&forced) {
                    *z |= *f;
                }
                let leaving = if promo.leaving {
                    cells_of(&promo.zone)
                } else {
                    Vec::new()
                };
                let table = if promo.in_place {
                    &mut in_place
                } else {
                    &mut promotion
                };
                let zone_mask = if n <= 128 {
                    (zone.iter().enumerate()).fold(0, |m, (c, &z)| m | u128::from(z) << c)
                } else {
                    u128::MAX
                };
                table[side * kinds + kind] = Some(PromotionTable {
                    zone,
                    zone_mask,
                    choices: promo.choices_for(side).iter().map(|&k| k as u8).collect(),
                    choice_kinds: promo.choices_for(side).iter().fold(0, |m, &k| m | 1 << k),
                    from_captured: promo.from_captured,
                    limited: promo
                        .choices_for(side)
                        .iter()
                        .filter(|&&k| def.pieces[k].promotion_limit.is_some())
                        .fold(0, |m, &k| m | 1 << k),
                    optional: promo.optional,
                    from_queue: promo.from_queue,
                    leaving,
                    forced,
                    on_capture: promo.on_capture,
                });
            }
        }
    }
    (promotion, in_place)
}

/// Per-process randomness is not wanted: keys come from a fixed seed.
fn zobrist_keys(n: usize, kinds: usize) -> Zobrist {
    let mut rng = crate::random::Rng::new(0x5644_4C5F_5A4F_4252);
    Zobrist {
        pieces: (0..n * (2 * kinds + 1)).map(|_| rng.next_u64()).collect(),
        side: rng.next_u64(),
        castling: (0..MAX_CASTLING).map(|_| rng.next_u64()).collect(),
        en_passant: (0..n).map(|_| rng.next_u64()).collect(),
        swap_ban: (0..n).map(|_| rng.next_u64()).collect(),
        reserve: (0..2 * kinds).map(|_| rng.next_u64()).collect(),
        link: rng.next_u64(),
        checks: [rng.next_u64(), rng.next_u64()],
        passes: rng.next_u64(),
        walls: (0..n).map(|_| rng.next_u64()).collect(),
    }
}
