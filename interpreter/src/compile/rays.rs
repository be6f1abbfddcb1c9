//! Move rules to rays: for one side, kind and start cell, the cells each movement
//! form walks (leap, ride, hop, bent and zigzag and circular walks, equal legs,
//! chains of leaps), and what each ray tells the reverse attack tables.

use super::{orient, AttackBuilder, Cell, LameEntry, Ray, RayKind};
use crate::model::{Coord, Geometry, MoveMode, MoveRule, Offset};
use indexmap::IndexMap;

/// The board's cells as a grid, for stepping by offsets.
#[derive(Clone, Copy)]
pub(super) struct Grid<'a> {
    pub cells: &'a [Coord],
    pub grid: &'a [Option<Cell>],
    pub width: i32,
    pub height: i32,
    /// The cells a confined piece sees as the board (`confined to`); all without.
    pub within: Option<&'a [bool]>,
}

impl<'a> Grid<'a> {
    pub fn at(&self, c: Coord) -> Option<Cell> {
        if c.file < 0 || c.rank < 0 || c.file >= self.width || c.rank >= self.height {
            None
        } else {
            self.grid[(c.rank * self.width + c.file) as usize]
                .filter(|&cell| self.within.is_none_or(|w| w[cell as usize]))
        }
    }

    /// The same grid seen by a piece confined to `cells`.
    pub fn confined(self, cells: Option<&'a [bool]>) -> Grid<'a> {
        Grid {
            within: cells,
            ..self
        }
    }

    pub fn shift(&self, cell: Cell, o: Offset) -> Option<Cell> {
        let c = self.cells[cell as usize];
        self.at(Coord {
            file: c.file + o.dx,
            rank: c.rank + o.dy,
        })
    }
}

/// One line of cells a rule walks from a start cell, before it becomes a `Ray`.
struct Shape {
    cells: Vec<Cell>,
    blockers: usize,
    kind: RayKind,
    dir: Offset,
    /// A straight ride: attacks are tested along its line.
    straight: bool,
    /// A hop whose screen must stand on the first cell.
    adjacent: bool,
}

/// The rays under construction and the attack facts gathered on the way.
#[derive(Default)]
pub(super) struct RayTables {
    pub rays: Vec<Ray>,
    pub ray_cells: Vec<Cell>,
    pub attack: [IndexMap<(Cell, Offset), AttackBuilder>; 2],
    pub lame: [Vec<LameEntry>; 2],
    /// Every capture is along a line through the target or a plain leap (pins work).
    pub line_attacks_only: bool,
}

impl RayTables {
    /// Add the rays of `rule` (rule number `index` of its kind) from `from`; the
    /// caller then settles the cell's rays.
    #[allow(clippy::too_many_arguments)]
    pub fn add_rule(
        &mut self,
        grid: &Grid,
        side: usize,
        kind: usize,
        from: Cell,
        rule: &MoveRule,
        index: usize,
        en_passant: bool,
    ) {
        let quiet = rule.mode.quiet();
        let capture = rule.mode.captures();
        for shape in shapes(grid, side, from, &rule.geometry) {
            if capture {
                self.note_attacks(grid, side, kind, from, &shape, rule.jump);
            }
            let cells_at = self.ray_cells.len() as u32;
            self.ray_cells.extend_from_slice(&shape.cells);
            let ray = Ray {
                start: cells_at,
                len: shape.cells.len() as u16,
                blockers: shape.blockers as u16,
                kind: shape.kind,
                quiet,
                capture,
                double_step: en_passant
                    && rule.mode == MoveMode::Quiet
                    && matches!(rule.geometry, Geometry::Leap(_))
                    && shape.blockers > 0
                    && !rule.jump,
                adjacent: shape.adjacent,
                jump: rule.jump,
                rule: index as u16,
                dir: shape.dir,
            };
            self.rays.push(ray);
        }
    }

    /// A `no-facing` piece on `from` attacks along its file both ways, up to the
    /// first piece, without moving that way.
    pub fn add_facing(&mut self, grid: &Grid, side: usize, kind: usize, from: Cell) {
        for step in [Offset::new(0, 1), Offset::new(0, -1)] {
            if let Some(mut shape) = walk(grid, side, from, &[], &[step], None) {
                shape.straight = true;
                self.note_attacks(grid, side, kind, from, &shape, false);
            }
        }
    }

    /// Record that the piece on `from` attacks along `shape`: straight lines and
    /// plain leaps in the line tables, everything else as lame attacks.
    fn note_attacks(
        &mut self,
        grid: &Grid,
        side: usize,
        kind: usize,
        from: Cell,
        shape: &Shape,
        jump: bool,
    ) {
        let cells = &shape.cells;
        let hop = matches!(shape.kind, RayKind::Hop | RayKind::HopBehind);
        if hop && grid.within.is_some() {
            self.line_attacks_only = false;
            self.note_short_hop(side, kind, from, shape);
            return;
        }
        match shape.kind {
            RayKind::Leap if shape.blockers == 0 || jump => {
                let key = (
                    cells[shape.blockers],
                    Offset::new(-shape.dir.dx, -shape.dir.dy),
                );
                set_mask(
                    &mut self.attack[side].entry(key).or_default().masks,
                    0,
                    kind,
                );
            }
            RayKind::Slide if shape.straight => {
                for (i, &c) in cells.iter().enumerate() {
                    let key = (c, Offset::new(-shape.dir.dx, -shape.dir.dy));
                    set_mask(
                        &mut self.attack[side].entry(key).or_default().masks,
                        i,
                        kind,
                    );
                }
            }
            RayKind::Leap | RayKind::Slide => {
                self.line_attacks_only = false;
                let targets = if shape.kind == RayKind::Leap {
                    shape.blockers..shape.blockers + 1
                } else {
                    shape.blockers..cells.len()
                };
                for i in targets {
                    self.lame[side].push((cells[i], from, cells[..i].to_vec(), kind, false));
                }
            }
            RayKind::Hop | RayKind::HopBehind => {
                self.line_attacks_only = false;
                for &c in cells {
                    let key = (c, Offset::new(-shape.dir.dx, -shape.dir.dy));
                    let b = self.attack[side].entry(key).or_default();
                    let bit = 1u64 << kind;
                    match (shape.kind == RayKind::HopBehind, shape.adjacent) {
                        (false, false) => b.hop |= bit,
                        (true, false) => b.behind |= bit,
                        (false, true) => b.near |= bit,
                        (true, true) => b.near_behind |= bit,
                    }
                }
            }
        }
    }
}

impl RayTables {
    /// A hop that a zone confines: the line tables would credit it with attacks from
    /// every cell of its line, in the zone or not, so each landing is a lame attack
    /// from this cell with its screen
    /// on one of the cells before it (next to the start for `adjacent`, right before
    /// the landing for a hop that lands just behind).
    fn note_short_hop(&mut self, side: usize, kind: usize, from: Cell, shape: &Shape) {
        let cells = &shape.cells;
        let behind = shape.kind == RayKind::HopBehind;
        for landing in 1..cells.len() {
            for screen in 0..landing {
                if (shape.adjacent && screen != 0) || (behind && screen + 1 != landing) {
                    continue;
                }
                let mut between: Vec<Cell> = (0..landing)
                    .filter(|&i| i != screen)
                    .map(|i| cells[i])
                    .collect();
                between.push(cells[screen]);
                self.lame[side].push((cells[landing], from, between, kind, true));
            }
        }
    }
}

pub(super) fn set_mask(masks: &mut Vec<u64>, i: usize, kind: usize) {
    if masks.len() <= i {
        masks.resize(i + 1, 0);
    }
    masks[i] |= 1 << kind;
}

/// The lines of cells a geometry walks from `from` for `side`.
fn shapes(grid: &Grid, side: usize, from: Cell, geometry: &Geometry) -> Vec<Shape> {
    match geometry {
        Geometry::Leap(path) => leap(grid, side, from, path).into_iter().collect(),
        Geometry::Ride { step, range } => walk(grid, side, from, &[], &[*step], *range)
            .map(|mut s| {
                s.straight = true;
                s
            })
            .into_iter()
            .collect(),
        Geometry::Hop {
            step,
            land_behind,
            adjacent,
        } => hop(grid, side, from, *step, *land_behind, *adjacent)
            .into_iter()
            .collect(),
        Geometry::Walk {
            prefix,
            cycle,
            range,
        } => walk(grid, side, from, prefix, cycle, *range)
            .into_iter()
            .collect(),
        Geometry::EqualLegs { first, second } => equal_legs(grid, side, from, *first, second),
        Geometry::Chain { leaps, count } => chains(grid, side, from, leaps, *count),
    }
}

/// A leap along a path of cumulative offsets: every cell but the last must be empty.
fn leap(grid: &Grid, side: usize, from: Cell, path: &[Offset]) -> Option<Shape> {
    let cells: Option<Vec<Cell>> = path
        .iter()
        .map(|o| grid.shift(from, orient(*o, side)))
        .collect();
    let cells = cells?;
    let last = *path.last()?;
    Some(Shape {
        blockers: cells.len() - 1,
        cells,
        kind: RayKind::Leap,
        dir: orient(last, side),
        straight: false,
        adjacent: false,
    })
}

/// Fixed steps, then the cycle of steps again and again, up to the board's edge, the
/// range, the start cell or a cell already walked (a circle closing).
fn walk(
    grid: &Grid,
    side: usize,
    from: Cell,
    prefix: &[Offset],
    cycle: &[Offset],
    range: Option<u32>,
) -> Option<Shape> {
    let mut cells = Vec::new();
    let mut at = from;
    for o in prefix {
        at = grid.shift(at, orient(*o, side))?;
        cells.push(at);
    }
    let limit = range.map_or(usize::MAX, |r| r as usize);
    let mut steps = 0;
    while steps < limit {
        let o = orient(cycle[steps % cycle.len()], side);
        let Some(next) = grid.shift(at, o) else { break };
        if next == from || cells.contains(&next) {
            break;
        }
        cells.push(next);
        at = next;
        steps += 1;
    }
    (steps > 0).then(|| Shape {
        cells,
        blockers: prefix.len(),
        kind: RayKind::Slide,
        dir: orient(cycle[0], side),
        straight: false,
        adjacent: false,
    })
}

fn hop(
    grid: &Grid,
    side: usize,
    from: Cell,
    step: Offset,
    land_behind: bool,
    adjacent: bool,
) -> Option<Shape> {
    let step = orient(step, side);
    let mut cells = Vec::new();
    let mut at = from;
    while let Some(next) = grid.shift(at, step) {
        cells.push(next);
        at = next;
    }
    (cells.len() >= 2).then_some(Shape {
        cells,
        blockers: 0,
        kind: if land_behind {
            RayKind::HopBehind
        } else {
            RayKind::Hop
        },
        dir: step,
        straight: true,
        adjacent,
    })
}

/// n steps of `first`, then n steps of one of `second`: a lame leap per n and per
/// second direction.
fn equal_legs(
    grid: &Grid,
    side: usize,
    from: Cell,
    first: Offset,
    second: &[Offset],
) -> Vec<Shape> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    let mut at = Offset::new(0, 0);
    loop {
        at = at + first;
        if grid.shift(from, orient(at, side)).is_none() {
            return out;
        }
        path.push(at);
        let n = path.len();
        for &s in second {
            let mut legs = path.clone();
            let mut end = at;
            for _ in 0..n {
                end = end + s;
                legs.push(end);
            }
            if legs.contains(&Offset::new(0, 0)) {
                continue;
            }
            out.extend(leap(grid, side, from, &legs));
        }
    }
}

/// Every sequence of one to `count` leaps that never lands on the start cell: a lame
/// leap through the cells landed on.
fn chains(grid: &Grid, side: usize, from: Cell, leaps: &[Offset], count: u32) -> Vec<Shape> {
    let mut out = Vec::new();
    let mut stack: Vec<Vec<Offset>> = leaps.iter().map(|&l| vec![l]).collect();
    while let Some(path) = stack.pop() {
        let Some(&end) = path.last() else { continue };
        if end == Offset::new(0, 0) || grid.shift(from, orient(end, side)).is_none() {
            continue;
        }
        if (path.len() as u32) < count {
            for &l in leaps {
                let mut longer = path.clone();
                longer.push(end + l);
                stack.push(longer);
            }
        }
        out.extend(leap(grid, side, from, &path));
    }
    out
}
