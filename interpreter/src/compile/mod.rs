//! A checked `Definition` to a `Ruleset`: the board as numbered cells, and for every
//! side, piece kind and cell the precomputed rays it moves along, plus the reverse
//! tables that answer "is this cell attacked?". All geometry is done here, once.

use crate::model::{
    CaptureMode, CaptureOnly, Coord, Definition, Immobilization, MoveMode, Offset, QueueEnd, Side,
    TwoCell,
};

mod attacks;
mod capture;
mod castling;
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

use capture::{capture_tables, CaptureTables};
pub use capture::{KindCaptures, LandingVictims, Mimicry, Takeover, Victims, NO_VICTIMS};
pub use reach::{RayReach, Reach, ReachTables};
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
    pub choices: Vec<u8>,
    /// The choices as a mask of kinds.
    pub choice_kinds: u64,
    /// Only to kinds the player has in reserve (captured, off the board).
    pub from_captured: bool,
    pub optional: bool,
    /// To the piece at this end of the player's drop queue.
    pub from_queue: Option<QueueEnd>,
    /// Cells a move starting on promotes from (`or-leaving`); empty without it.
    pub leaving: Vec<bool>,
    /// Cells where an `optional` promotion is compulsory after all.
    pub forced: Vec<bool>,
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

/// Facts about the whole variant that let the engine take shortcuts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags {
    /// All captures are by rays that stop at the first piece or by plain leaps, so a
    /// move can expose a royal piece only along a line through it (pins).
    pub line_attacks_only: bool,
    pub has_castling: bool,
    pub has_en_passant: bool,
    pub has_promotion: bool,
    /// Some kind captures other than by replacement, immobilizes, or frozen pieces
    /// may commit suicide: moves are generated and attacks tested by the general path.
    pub special: bool,
    pub immobilizers: bool,
    /// Some promotion is to captured pieces: positions keep each side's reserve.
    pub reserves: bool,
    /// Some `capture-only` zone uses the `fewest-crossed` rule.
    pub fewest_crossed: bool,
    /// Some kind has two rays that may make the same move (`Ruleset::repeats`).
    pub repeats: bool,
    /// Players have drop queues: turns may add a drop.
    pub drops: bool,
    /// Some kind stands on two cells.
    pub two_cell: bool,
    /// Putting a piece on an empty cell can stop an enemy capture but never make
    /// one possible: no hops (a new hurdle) and no `capture-only` zones (a blocked
    /// landing outside may allow one inside).
    pub filling_only_blocks: bool,
    /// Some side has `capture-only` cells.
    pub capture_only_zones: bool,
    /// A position may be over by a goal other than checkmate (`Ruleset::goals`).
    pub goals: bool,
    /// Players have pieces in hand: a turn may be a drop (`Ruleset::hand`).
    pub hand: bool,
    /// Every capture explodes (`Ruleset::blast_spared`).
    pub explosions: bool,
    /// Pieces enter from the hand by gating (`HandRules::gate_kinds`).
    pub gating: bool,
    /// Some piece has `cannot-capture` or `cannot-hop`.
    pub capture_limits: bool,
    /// A turn may be a pass.
    pub pass: bool,
    /// Moves are counted towards a `counting` limit (`Definition::end`).
    pub counting: bool,
    /// Every move puts a wall (`Ruleset::walls`).
    pub walls: bool,
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

/// A compiled variant: everything the engine needs, precomputed.
#[derive(Clone, Debug)]
pub struct Ruleset {
    pub definition: Definition,
    pub cells: Vec<Coord>,
    pub cell_names: Vec<String>,
    grid: Vec<Option<Cell>>,
    /// Each cell's unit steps (`dx`, `dy` in -1..=1), `UNIT_NONE` off the board:
    /// the steps taken most often, read without coordinate arithmetic.
    unit_steps: Vec<[Cell; 9]>,
    pub kinds: usize,
    pub royal: Vec<bool>,
    pub en_passant: Vec<bool>,
    pub ray_index: Vec<(u32, u32)>,
    pub rays: Vec<Ray>,
    pub ray_cells: Vec<Cell>,
    pub attack_index: Vec<(u32, u32)>,
    pub attack_rays: Vec<AttackRay>,
    pub attack_cells: Vec<Cell>,
    pub attack_masks: Vec<u64>,
    /// Entry 0 is empty; see `AttackRay::hops`.
    pub hop_masks: Vec<HopMasks>,
    pub lame_index: Vec<(u32, u32)>,
    pub lame_attacks: Vec<LameAttack>,
    pub lame_cells: Vec<Cell>,
    pub promotion: Vec<Option<PromotionTable>>,
    /// The castling rules on the definition's cells (a free castling's at its end
    /// cells: each game places it, see `Ruleset::castles_for`).
    pub castles: Arc<CastleTable>,
    pub forward: [Offset; 2],
    pub captures: Vec<KindCaptures>,
    /// Per kind: its takeover, if it has one.
    pub takeover: Vec<Option<Takeover>>,
    /// Kinds a takeover never converts: `immune` and royal pieces.
    pub immune: u64,
    pub mimicry: Mimicry,
    /// Kinds that immobilize, and kinds that mimic (chameleons), as masks.
    pub immobilizer_kinds: u64,
    pub chameleon_kinds: u64,
    pub immobilization: Immobilization,
    pub suicide: bool,
    /// Each cell's neighbours (the king's steps).
    pub neighbours: Vec<Vec<Cell>>,
    /// Per kind: how it moves if it stands on two cells.
    pub two_cell: Vec<Option<TwoCell>>,
    /// The steps across a cell's edges, going round (what joins two-cell ends).
    pub edge_steps: Vec<Offset>,
    /// Per side, the cells of `capture-only` zones: a move may end there only when
    /// the capture it makes needs it.
    pub capture_only: [Vec<bool>; 2],
    /// The cells of those zones under the `fewest-crossed` rule.
    pub fewest_crossed: [Vec<bool>; 2],
    /// Kinds whose every move resets the halfmove clock (the n-move rule).
    pub resets_clock: Vec<bool>,
    /// A drop from the hand resets the move-rule count (`reset-by drop`).
    pub drop_resets_clock: bool,
    /// A promotion resets the FEN's count (without a move rule, as FEN counts).
    pub promotion_resets_clock: bool,
    pub capture_resets_clock: bool,
    /// A move that locks the moved piece (see `MoveLimit::reset_on_lock`) resets it.
    pub lock_resets_clock: bool,
    /// A check whose every answer resets the clock resets it too.
    pub forcing_check_resets_clock: bool,
    pub zobrist: Zobrist,
    pub flags: Flags,
    /// Per side, the cells a drop may land on (when empty).
    pub drop_zone: [Vec<Cell>; 2],
    /// Pieces in hand: drop cells, drop rules, where captured pieces go.
    pub hand: HandRules,
    /// The end of the queue a drop takes.
    pub drop_end: QueueEnd,
    /// Kinds whose exchange earns no drop credit, as a mask.
    pub no_credit: u64,
    /// Per side and kind: two of its rays may make the same move, which the move
    /// generator then lists once.
    pub repeats: Vec<bool>,
    /// Per kind, per written rule (`MoveRule::written`): for each of its rays on the
    /// board, the mask of other written rules covering it there (empty: the rule
    /// fits nowhere). See `redundant_written`.
    pub rule_cover: Vec<Vec<Vec<u64>>>,
    /// Per side, kind and cell: the cells a piece there could capture on by its
    /// rays' geometry (see `reach`); empty without capture modes and on boards too
    /// large for masks.
    pub reach: ReachTables,
    /// Piece regions and the dead-position verdicts found so far (`engine::dead`).
    pub dead_material: DeadMaterial,
    /// Extinction, reaching a zone, forced captures.
    pub goals: Goals,
    /// With `flags.explosions`: the kinds a blast leaves standing next to the
    /// capture's cell, as a mask.
    pub blast_spared: u64,
    /// With `flags.walls`: how a move puts its wall, and where.
    pub walls: Option<WallRules>,
    /// The board code of a wall (`wall_code`): never on a board without walls.
    pub wall_code: u8,
    /// The kinds each kind never captures or hops over.
    pub restrictions: Restrictions,
}

pub use crate::check::MAX_CASTLING;
pub use castling::{CastleTable, CompiledCastle};
pub use goals::Goals;
pub use hand::{CapturedGoTo, HandRules, NO_GATE};
pub use restrictions::Restrictions;
pub use walls::{wall_code, WallRules};

impl Ruleset {
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    pub fn cell_at(&self, c: Coord) -> Option<Cell> {
        let b = &self.definition.board;
        if c.file < 0 || c.rank < 0 || c.file >= b.width() || c.rank >= b.height() {
            return None;
        }
        self.grid[(c.rank * b.width() + c.file) as usize]
    }

    pub fn cell_by_name(&self, name: &str) -> Option<Cell> {
        let c = self.definition.board.parse_cell(name)?;
        self.cell_at(c)
    }

    pub fn cell_name(&self, cell: Cell) -> &str {
        &self.cell_names[cell as usize]
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
        let i = (side * self.kinds + kind) * self.cells.len() + from as usize;
        self.reach.pieces.get(i).map_or([true; 3], |r| {
            let has = |m: u128| m >> target & 1 != 0;
            [has(r.near), has(r.strikes), has(r.passes)]
        })
    }

    /// The cells whose contents could decide whether a piece of `kind` on `from`
    /// captures, wherever the victim stands, if the board has masks.
    #[inline]
    pub fn region(&self, side: usize, kind: usize, from: Cell) -> Option<u128> {
        let i = (side * self.kinds + kind) * self.cells.len() + from as usize;
        self.reach.pieces.get(i).map(|r| r.region)
    }

    /// The indices in `rays` of a kind's rays for a side, from a cell.
    #[inline]
    pub fn ray_range(&self, side: usize, kind: usize, cell: Cell) -> std::ops::Range<usize> {
        let (a, b) = self.ray_index[(side * self.kinds + kind) * self.cells.len() + cell as usize];
        a as usize..b as usize
    }

    /// Rays of a kind for a side, from a cell.
    #[inline]
    pub fn rays_of(&self, side: usize, kind: usize, cell: Cell) -> &[Ray] {
        let (a, b) = self.ray_index[(side * self.kinds + kind) * self.cells.len() + cell as usize];
        &self.rays[a as usize..b as usize]
    }

    #[inline]
    pub fn promotion_of(&self, side: usize, kind: usize) -> Option<&PromotionTable> {
        self.promotion[side * self.kinds + kind].as_ref()
    }

    pub fn kind_captures(&self, kind: usize) -> &KindCaptures {
        &self.captures[kind]
    }

    #[inline]
    pub fn step(&self, cell: Cell, o: Offset) -> Option<Cell> {
        if o.dx.unsigned_abs() <= 1 && o.dy.unsigned_abs() <= 1 {
            if let Some(steps) = self.unit_steps.get(cell as usize) {
                let s = steps[(o.dy * 3 + o.dx + 4) as usize];
                return (s != UNIT_NONE).then_some(s);
            }
        }
        self.step_by_coords(cell, o)
    }

    fn step_by_coords(&self, cell: Cell, o: Offset) -> Option<Cell> {
        let c = self.cells[cell as usize];
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
    let board = &def.board;
    let (w, h) = (board.width(), board.height());
    let mut grid = vec![None; (w * h) as usize];
    let mut cells = Vec::new();
    for r in 0..h {
        for f in 0..w {
            let c = Coord { file: f, rank: r };
            if board.contains(c) {
                grid[(r * w + f) as usize] = Some(cells.len() as Cell);
                cells.push(c);
            }
        }
    }
    let n = cells.len();
    let cell_names: Vec<String> = cells.iter().map(|c| board.cell_name(*c)).collect();
    let kinds = def.pieces.len();
    let grid_view = rays::Grid {
        cells: &cells,
        grid: &grid,
        width: w,
        height: h,
        within: None,
    };
    // Cells each (side, kind) starts on: where `initial` moves are allowed.
    let mut initial = vec![vec![false; n]; 2 * kinds];
    for &(coord, side, kind) in &def.setup.placements {
        if let Some(c) = grid_view.at(coord) {
            initial[side.index() * kinds + kind][c as usize] = true;
        }
    }
    let MoveTables {
        ray_index,
        rays,
        ray_cells,
        attack,
        lame,
        line_attacks_only,
        mut repeats,
        rule_cover,
    } = move_tables(&def, &grid_view, &initial);
    let attacks::AttackTables {
        attack_index,
        attack_rays,
        attack_cells,
        attack_masks,
        hop_masks,
        lame_index,
        lame_attacks,
        lame_cells,
    } = attacks::attack_tables(&grid_view, &attack, &lame);

    let promotion = promotion_tables(&def, &grid_view);
    let castles = Arc::new(CastleTable::new(&def.castling, n, |c| grid_view.at(c)));
    let zobrist = zobrist_keys(n, kinds);
    let CaptureTables {
        captures,
        takeover,
        mimicry,
        immobilizer_kinds,
        chameleon_kinds,
    } = capture_tables(&def);
    let steps = def.board.tiling.neighbours();
    let neighbours: Vec<Vec<Cell>> = (0..n as Cell)
        .map(|c| {
            steps
                .iter()
                .filter_map(|&o| grid_view.shift(c, o))
                .collect()
        })
        .collect();
    let (capture_only, fewest_crossed) = capture_only_tables(&def, &grid_view);
    let restricted = capture_only.iter().any(|z| z.iter().any(|&b| b));
    let two_cell: Vec<Option<TwoCell>> = def.pieces.iter().map(|p| p.two_cell).collect();
    let special = captures.iter().any(KindCaptures::any)
        || two_cell.iter().any(Option::is_some)
        || immobilizer_kinds != 0
        || def.suicide
        || restricted;
    // A chameleon lists a move twice only if it also captures on its own, or a kind
    // it imitates by moving onto it can reach one cell two ways.
    for k in (0..kinds).filter(|k| chameleon_kinds & (1 << k) != 0) {
        let own = def.pieces[k].rules.iter().any(|r| r.mode.captures());
        for side in 0..2 {
            let imitated = (0..kinds)
                .any(|v| mimicry.replacement & (1 << v) != 0 && repeats[side * kinds + v]);
            repeats[side * kinds + k] |= own || imitated;
        }
    }
    let goals = goals::goals(&def, &grid_view);
    let restrictions = restrictions::restrictions(&def);
    let flags = Flags {
        line_attacks_only: line_attacks_only && !special && !restrictions.any(),
        special,
        immobilizers: immobilizer_kinds != 0,
        has_castling: !castles.rules.is_empty(),
        has_en_passant: def.pieces.iter().any(|p| p.en_passant),
        has_promotion: def.pieces.iter().any(|p| p.promotion.is_some()),
        fewest_crossed: fewest_crossed.iter().any(|z| z.iter().any(|&b| b)),
        repeats: repeats.iter().any(|&r| r),
        reserves: def.hand.is_some()
            || def
                .pieces
                .iter()
                .any(|p| p.promotion.as_ref().is_some_and(|p| p.from_captured)),
        drops: def.drops.is_some(),
        hand: def.hand.is_some(),
        capture_only_zones: restricted,
        filling_only_blocks: !restricted
            && !rays
                .iter()
                .any(|r| matches!(r.kind, RayKind::Hop | RayKind::HopBehind)),
        two_cell: two_cell.iter().any(Option::is_some),
        goals: goals.any(),
        capture_limits: restrictions.any(),
        counting: def.end.counting.is_some(),
        pass: def.pass,
        explosions: def.explosions.is_some(),
        gating: def.hand.as_ref().is_some_and(|h| h.gate.is_some()),
        walls: def.walls.is_some(),
    };
    let walls = walls::wall_rules(&def, &grid_view);
    let blast_spared = def
        .explosions
        .as_ref()
        .map_or(0, |e| e.spared.iter().fold(0u64, |m, &k| m | 1 << k));
    let hand = hand::hand_rules(&def, &grid_view);
    let drop_zone = [0, 1].map(|side| {
        let cells = def
            .drops
            .as_ref()
            .and_then(|d| def.zones.get(&d.zone))
            .map_or(&[][..], |z| &z[side][..]);
        cells.iter().filter_map(|&c| grid_view.at(c)).collect()
    });
    let drop_end = def.drops.as_ref().map_or(QueueEnd::Front, |d| d.end);
    let no_credit = def
        .drops
        .as_ref()
        .map_or(0, |d| d.no_credit.iter().fold(0u64, |m, &k| m | 1 << k));
    let limit = def.end.move_limit.as_ref();
    // Without a move rule the FEN's count is FEN's own: the half-moves since the
    // last capture, drop or pawn move (a `P` that moves and captures differently;
    // a shogi pawn or a soldier, which capture as they move, do not reset it).
    let pawn = |k: usize| {
        let p = &def.pieces[k];
        let has = |mode| p.rules.iter().any(|r| r.mode == mode);
        p.label.eq_ignore_ascii_case("P") && has(MoveMode::Quiet) && has(MoveMode::Capture)
    };
    let resets_clock = (0..kinds)
        .map(|k| limit.map_or(pawn(k), |l| l.reset_by.contains(&k)))
        .collect();
    let drop_resets_clock = limit.is_none_or(|l| l.reset_on_drop);
    let promotion_resets_clock = limit.is_none();
    let capture_resets_clock = limit.is_none_or(|l| l.reset_on_capture);
    let lock_resets_clock = limit.is_some_and(|l| l.reset_on_lock);
    let forcing_check_resets_clock = limit.is_some_and(|l| l.reset_on_forcing_check);
    let immobilization = def.immobilization;
    let suicide = def.suicide;
    let immune = def
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.immune || p.royal)
        .fold(0u64, |m, (k, _)| m | 1 << k);
    let edge_steps = def.board.tiling.edge_steps();
    let mut rules = Ruleset {
        restrictions,
        two_cell,
        edge_steps,
        blast_spared,
        walls,
        wall_code: wall_code(kinds),
        drop_zone,
        hand,
        drop_end,
        no_credit,
        captures,
        takeover,
        immune,
        mimicry,
        immobilizer_kinds,
        chameleon_kinds,
        immobilization,
        suicide,
        neighbours,
        capture_only,
        fewest_crossed,
        resets_clock,
        drop_resets_clock,
        promotion_resets_clock,
        capture_resets_clock,
        lock_resets_clock,
        forcing_check_resets_clock,
        royal: def.pieces.iter().map(|p| p.royal).collect(),
        en_passant: def.pieces.iter().map(|p| p.en_passant).collect(),
        definition: def,
        cells,
        cell_names,
        grid,
        unit_steps: Vec::new(),
        kinds,
        ray_index,
        rays,
        ray_cells,
        attack_index,
        attack_rays,
        attack_cells,
        attack_masks,
        hop_masks,
        lame_index,
        lame_attacks,
        lame_cells,
        promotion,
        castles,
        forward: [Offset::new(0, 1), Offset::new(0, -1)],
        zobrist,
        flags,
        repeats,
        rule_cover,
        reach: ReachTables::default(),
        dead_material: DeadMaterial::default(),
        goals,
    };
    rules.unit_steps = unit_steps(&rules);
    rules.reach = reach::reach_tables(&rules);
    rules
}

/// Off the board, in `Ruleset::unit_steps`.
const UNIT_NONE: Cell = Cell::MAX;

fn unit_steps(rules: &Ruleset) -> Vec<[Cell; 9]> {
    (0..rules.cells.len() as Cell)
        .map(|c| {
            let mut steps = [UNIT_NONE; 9];
            for (i, s) in steps.iter_mut().enumerate() {
                let o = Offset::new(i as i32 % 3 - 1, i as i32 / 3 - 1);
                *s = rules.step_by_coords(c, o).unwrap_or(UNIT_NONE);
            }
            steps
        })
        .collect()
}

/// What the move rules compile to: every (side, kind, cell)'s rays, and the attack
/// facts gathered on the way.
struct MoveTables {
    ray_index: Vec<(u32, u32)>,
    rays: Vec<Ray>,
    ray_cells: Vec<Cell>,
    attack: [IndexMap<(Cell, Offset), AttackBuilder>; 2],
    lame: [Vec<LameEntry>; 2],
    line_attacks_only: bool,
    repeats: Vec<bool>,
    rule_cover: Vec<Vec<Vec<u64>>>,
}

fn move_tables(def: &Definition, grid_view: &rays::Grid, initial: &[Vec<bool>]) -> MoveTables {
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
                for (index, rule) in piece.rules.iter().enumerate() {
                    if rule.initial && !initial[side * kinds + kind][from as usize] {
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
                    keep_passing_in(&mut tables, start, cells);
                }
                if piece.no_facing {
                    tables.add_facing(grid_view, side, kind, from);
                }
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
    MoveTables {
        ray_index,
        rays: tables.rays,
        ray_cells: tables.ray_cells,
        attack: tables.attack,
        lame: tables.lame,
        line_attacks_only: tables.line_attacks_only,
        repeats,
        rule_cover,
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

fn promotion_tables(def: &Definition, grid: &rays::Grid) -> Vec<Option<PromotionTable>> {
    let (n, kinds) = (grid.cells.len(), def.pieces.len());
    let mut promotion = vec![None; 2 * kinds];
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
                promotion[side * kinds + kind] = Some(PromotionTable {
                    zone,
                    choices: promo.choices_for(side).iter().map(|&k| k as u8).collect(),
                    choice_kinds: promo.choices_for(side).iter().fold(0, |m, &k| m | 1 << k),
                    from_captured: promo.from_captured,
                    optional: promo.optional,
                    from_queue: promo.from_queue,
                    leaving,
                    forced,
                });
            }
        }
    }
    promotion
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

/// Per side, the cells of `capture-only` zones, and those under `fewest-crossed`.
fn capture_only_tables(def: &Definition, grid: &rays::Grid) -> ([Vec<bool>; 2], [Vec<bool>; 2]) {
    let n = grid.cells.len();
    let mut capture_only = [vec![false; n], vec![false; n]];
    let mut fewest_crossed = [vec![false; n], vec![false; n]];
    for (name, rule) in &def.capture_only_zones {
        if let Some(z) = def.zones.get(name) {
            for side in 0..2 {
                for c in z[side].iter().filter_map(|c| grid.at(*c)) {
                    capture_only[side][c as usize] = true;
                    if *rule == CaptureOnly::FewestCrossed {
                        fewest_crossed[side][c as usize] = true;
                    }
                }
            }
        }
    }
    (capture_only, fewest_crossed)
}
