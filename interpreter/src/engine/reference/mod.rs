//! A slow, obviously-correct move generator for cross-checking the fast one. It reads
//! the plain move rules of the definition and walks board coordinates directly: no
//! precomputed tables, no attack tables, no make/unmake. A cell is attacked when some
//! enemy piece's capture rules reach it; a move is legal when, played out on a copy
//! of the board, it leaves no royal piece of the mover attacked. Drop queues are read
//! from the definition too: a turn with a credit may add the queue's end piece on an
//! empty cell of the drop zone; hands too: a turn may drop a piece held on an empty
//! cell its kind may drop on. Capture modes, freezing and swaps are not read:
//! `understands` says whether a position needs none of them.

pub(in crate::engine) mod capture;
mod explosion;
mod passing;
mod two_cell;
mod walls;

use super::Position;
use crate::compile::orient;
use crate::model::{CastleDef, Coord, Definition, Geometry, Offset, QueueEnd, Side};

type Grid = Vec<Option<(usize, usize)>>;

/// A move as the reference sees it: cells by coordinate, captures sorted.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RefMove {
    pub from: Coord,
    pub to: Coord,
    pub captures: Vec<Coord>,
    pub promotion: Option<usize>,
    pub castle: Option<usize>,
    /// The cells a double step passes, left capturable en passant.
    pub passed: Vec<Coord>,
    /// The turn's drop: the cell and the kind put there.
    pub drop: Option<(Coord, usize)>,
    /// A two-cell piece's cells before and after, each pair in order (`from` and
    /// `to` are their first cells).
    pub ends: Option<([Coord; 2], [Coord; 2])>,
    /// The cell the turn puts its wall on.
    pub wall: Option<Coord>,
}

#[derive(Clone)]
pub(in crate::engine) struct Ctx<'a> {
    def: &'a Definition,
    grid: Grid,
    /// Each side's drop queue, front first.
    queues: [Vec<usize>; 2],
    /// The two ends of each two-cell piece.
    links: Vec<(Coord, Coord)>,
    /// Each side's pieces off the board by kind: its hand, or its captured pieces
    /// for promotions to them.
    reserves: [Vec<u8>; 2],
    /// The castling rules, free (Chess960) ones on the cells this game gave them.
    castling: Vec<CastleDef>,
}

/// The kind at one end of a queue.
fn end_of(queue: &[usize], end: QueueEnd) -> Option<usize> {
    match end {
        QueueEnd::Front => queue.first().copied(),
        QueueEnd::Back => queue.last().copied(),
    }
}

impl Ctx<'_> {
    fn idx(&self, c: Coord) -> Option<usize> {
        let b = &self.def.board;
        b.contains(c)
            .then(|| (c.rank * b.width() + c.file) as usize)
    }
    pub(in crate::engine) fn get(&self, c: Coord) -> Option<(usize, usize)> {
        self.idx(c).and_then(|i| self.grid[i])
    }
    pub(in crate::engine) fn on_board(&self, c: Coord) -> bool {
        self.def.board.contains(c)
    }
    fn set(&mut self, c: Coord, v: Option<(usize, usize)>) {
        if let Some(i) = self.idx(c) {
            self.grid[i] = v;
        }
    }
    /// The other end of a two-cell piece with an end on `c`.
    fn other_end(&self, c: Coord) -> Option<Coord> {
        self.links.iter().find_map(|&(a, b)| {
            if a == c {
                Some(b)
            } else if b == c {
                Some(a)
            } else {
                None
            }
        })
    }
}

pub(in crate::engine) fn shift(c: Coord, o: Offset) -> Coord {
    Coord {
        file: c.file + o.dx,
        rank: c.rank + o.dy,
    }
}

/// A move as a piece's rules make it: the landing cell, the captures, the cells a
/// double step passes.
pub(in crate::engine) type Raw = (Coord, Vec<Coord>, Vec<Coord>);

/// Every move of the piece on `from` by its rules, without regard to royal safety.
/// `ep` is (capturable cells, victim). A frozen piece has none; a two-cell piece
/// moves by its steps.
fn piece_moves(ctx: &Ctx, from: Coord, ep: Option<(&[Coord], Coord)>, out: &mut Vec<RefMove>) {
    let Some((_, kind)) = ctx.get(from) else {
        return;
    };
    if capture::frozen(ctx, from) {
        return;
    }
    if ctx.def.pieces[kind].two_cell.is_some() {
        two_cell::moves(ctx, from, out);
        return;
    }
    let mut raw = Vec::new();
    rule_moves(ctx, from, ep, &mut raw);
    capture::mode_moves(ctx, from, &mut raw);
    capture::whole_victims(ctx, from, &mut raw);
    for (to, captures, passed) in raw {
        with_promotions(ctx, from, to, captures, passed, out);
    }
}

/// The move to `to`, or one for each piece it may promote to (and the move itself
/// where promotion is optional there).
fn with_promotions(
    ctx: &Ctx,
    from: Coord,
    to: Coord,
    captures: Vec<Coord>,
    passed: Vec<Coord>,
    out: &mut Vec<RefMove>,
) {
    let Some((side, kind)) = ctx.get(from) else {
        return;
    };
    let plain = RefMove {
        from,
        to,
        captures,
        promotion: None,
        castle: None,
        passed,
        drop: None,
        ends: None,
        wall: None,
    };
    let Some(p) = ctx.def.pieces[kind]
        .promotion
        .as_ref()
        .filter(|p| promotes(ctx, p, side, from, to))
    else {
        out.push(plain);
        return;
    };
    let choices: Vec<usize> = match p.from_queue {
        Some(end) => end_of(&ctx.queues[side], end).into_iter().collect(),
        None => p
            .choices_for(side)
            .iter()
            .copied()
            .filter(|&k| !p.from_captured || ctx.reserves[side][k] > 0)
            .collect(),
    };
    // With no piece to become, a compulsory promotion cannot be played but the
    // move still attacks (`cannot_promote` leaves it out of the legal moves).
    if choices.is_empty() || optional_at(ctx, p, side, to) {
        out.push(plain.clone());
    }
    out.extend(choices.into_iter().map(|k| RefMove {
        promotion: Some(k),
        ..plain.clone()
    }));
}

fn in_zone(ctx: &Ctx, zone: &str, side: usize, c: Coord) -> bool {
    ctx.def
        .zones
        .get(zone)
        .is_some_and(|z| z[side].contains(&c))
}

/// Whether a move from `from` to `to` promotes: it ends in the zone or where
/// promotion is compulsory, or (`or-leaving`) starts in the zone.
fn promotes(ctx: &Ctx, p: &crate::model::Promotion, side: usize, from: Coord, to: Coord) -> bool {
    in_zone(ctx, &p.zone, side, to)
        || (p.leaving && in_zone(ctx, &p.zone, side, from))
        || p.forced_in
            .as_deref()
            .is_some_and(|z| in_zone(ctx, z, side, to))
}

/// Whether a promoting move to `to` may also leave the piece as it is.
fn optional_at(ctx: &Ctx, p: &crate::model::Promotion, side: usize, to: Coord) -> bool {
    p.optional
        && !p
            .forced_in
            .as_deref()
            .is_some_and(|z| in_zone(ctx, z, side, to))
}

/// The moves the piece's movement rules make (no capture modes).
fn rule_moves(ctx: &Ctx, from: Coord, ep: Option<(&[Coord], Coord)>, raw: &mut Vec<Raw>) {
    let Some((side, kind)) = ctx.get(from) else {
        return;
    };
    let piece = &ctx.def.pieces[kind];
    let starts_here = ctx
        .def
        .setup
        .placements
        .iter()
        .any(|&(c, s, k)| c == from && s.index() == side && k == kind);
    let mut add =
        |to: Coord, captures: Vec<Coord>, passed: Vec<Coord>| raw.push((to, captures, passed));
    for rule in &piece.rules {
        if rule.initial && !starts_here {
            continue;
        }
        let region = rule.region.as_ref();
        if region.is_some_and(|r| !in_zone(ctx, &r.zone, side, from)) {
            continue;
        }
        // A confined piece, or a rule `within` a zone, sees only the zone as the board.
        let on = |c: Coord| {
            ctx.on_board(c)
                && piece
                    .confined
                    .as_deref()
                    .is_none_or(|z| in_zone(ctx, z, side, c))
                && region.is_none_or(|r| !r.within || in_zone(ctx, &r.zone, side, c))
        };
        let (quiet, capture) = (rule.mode.quiet(), rule.mode.captures());
        // Each landing cell with whether the walk may go on past it.
        let mut landing = |to: Coord, passed: Vec<Coord>, allow_ep: bool| -> bool {
            match ctx.get(to) {
                None => {
                    if quiet {
                        add(to, vec![], passed);
                    } else if capture && allow_ep && piece.en_passant {
                        if let Some((cells, victim)) = ep {
                            if cells.contains(&to) && ctx.get(victim).is_some_and(|v| v.0 != side) {
                                add(to, vec![victim], vec![]);
                            }
                        }
                    }
                    true
                }
                Some((s, k)) => {
                    if capture
                        && s != side
                        && s != walls::WALL
                        && !piece.cannot_capture.contains(&k)
                    {
                        add(to, vec![to], vec![]);
                    }
                    false
                }
            }
        };
        match &rule.geometry {
            Geometry::Leap(path) => {
                let cells: Vec<Coord> =
                    path.iter().map(|o| shift(from, orient(*o, side))).collect();
                if !cells.iter().all(|c| on(*c)) {
                    continue;
                }
                let Some((target, between)) = cells.split_last() else {
                    continue;
                };
                if !rule.jump && between.iter().any(|c| ctx.get(*c).is_some()) {
                    continue;
                }
                let passes_in = |c: &Coord| {
                    piece
                        .en_passant_in
                        .as_deref()
                        .is_none_or(|z| in_zone(ctx, z, side, *c))
                };
                let passed = if piece.en_passant
                    && !capture
                    && !between.is_empty()
                    && !rule.jump
                    && between.iter().all(passes_in)
                {
                    between.to_vec()
                } else {
                    vec![]
                };
                landing(*target, passed, true);
            }
            Geometry::Ride { step, range } => {
                let step = orient(*step, side);
                let mut at = from;
                let mut n = 0u32;
                while range.is_none_or(|r| n < r) {
                    at = shift(at, step);
                    if !on(at) || !landing(at, vec![], true) {
                        break;
                    }
                    n += 1;
                }
            }
            Geometry::Walk {
                prefix,
                cycle,
                range,
            } => {
                // Fixed steps onto empty cells, then the cycle's steps in turn, never
                // passing a cell twice.
                let mut at = from;
                let mut passed = vec![from];
                let mut open = true;
                for o in prefix {
                    at = shift(at, orient(*o, side));
                    open &= on(at) && ctx.get(at).is_none();
                    passed.push(at);
                }
                let mut n = 0;
                while open && range.is_none_or(|r| n < r as usize) {
                    at = shift(at, orient(cycle[n % cycle.len()], side));
                    if !on(at) || passed.contains(&at) || !landing(at, vec![], true) {
                        break;
                    }
                    passed.push(at);
                    n += 1;
                }
            }
            Geometry::EqualLegs { first, second } => {
                // n steps one way, then n steps another; every cell passed empty.
                let first = orient(*first, side);
                let mut legs: Vec<Coord> = Vec::new();
                loop {
                    let next = shift(*legs.last().unwrap_or(&from), first);
                    if !on(next) {
                        break;
                    }
                    legs.push(next);
                    let pivot = next;
                    let clear = legs.iter().all(|c| ctx.get(*c).is_none());
                    for s in second {
                        let s = orient(*s, side);
                        let mut at = pivot;
                        let mut cells = Vec::new();
                        for _ in 0..legs.len() {
                            at = shift(at, s);
                            cells.push(at);
                        }
                        let Some((target, between)) = cells.split_last() else {
                            continue;
                        };
                        let on = cells.iter().all(|c| on(*c));
                        if clear && on && between.iter().all(|c| ctx.get(*c).is_none()) {
                            landing(*target, vec![], true);
                        }
                    }
                }
            }
            Geometry::Chain { leaps, count } => {
                // Leaps in any order, each landing before the last on an empty cell.
                let mut frontier = vec![(from, 1)];
                while let Some((at, made)) = frontier.pop() {
                    for l in leaps {
                        let to = shift(at, orient(*l, side));
                        if !on(to) || to == from {
                            continue;
                        }
                        landing(to, vec![], true);
                        if made < *count && ctx.get(to).is_none() {
                            frontier.push((to, made + 1));
                        }
                    }
                }
            }
            Geometry::Hop {
                step,
                land_behind,
                adjacent,
            } => {
                let step = orient(*step, side);
                let mut at = shift(from, step);
                while on(at) && ctx.get(at).is_none() {
                    at = shift(at, step);
                }
                if !on(at) || (*adjacent && at != shift(from, step)) {
                    continue;
                }
                if ctx
                    .get(at)
                    .is_some_and(|(_, k)| piece.cannot_hop.contains(&k))
                {
                    continue;
                }
                at = shift(at, step);
                while on(at) {
                    if !landing(at, vec![], false) || *land_behind {
                        break;
                    }
                    at = shift(at, step);
                }
            }
        }
    }
}

/// Whether a `no-facing` piece of `by` stands on the file of `target`, nothing
/// between.
fn faced(ctx: &Ctx, target: Coord, by: usize) -> bool {
    [1, -1].into_iter().any(|dy| {
        let mut at = shift(target, Offset::new(0, dy));
        while ctx.on_board(at) && ctx.get(at).is_none() {
            at = shift(at, Offset::new(0, dy));
        }
        ctx.get(at)
            .is_some_and(|(s, k)| s == by && ctx.def.pieces[k].no_facing)
    })
}

/// Whether a piece of the other side standing on `target` could be captured by `by`.
fn attacked(ctx: &Ctx, target: Coord, by: usize) -> bool {
    // A capture needs a victim of the other side: the piece there changing sides,
    // or on an empty cell that side's royal kind (a cell a king passes).
    let here = ctx.get(target);
    if here.is_none_or(|(s, _)| s == by) {
        let royal = ctx
            .grid
            .iter()
            .flatten()
            .find(|&&(s, k)| s == 1 - by && ctx.def.pieces[k].royal)
            .map(|&(_, k)| k);
        let kind = here.map(|(_, k)| k).or(royal).unwrap_or(0);
        let mut with = ctx.clone();
        with.set(target, Some((1 - by, kind)));
        return attacked(&with, target, by);
    }
    if faced(ctx, target, by) {
        return true;
    }
    let b = &ctx.def.board;
    for rank in 0..b.height() {
        for file in 0..b.width() {
            let c = Coord { file, rank };
            if ctx.get(c).is_some_and(|p| p.0 == by) {
                let mut moves = Vec::new();
                piece_moves(ctx, c, None, &mut moves);
                if moves.iter().any(|m| m.captures.contains(&target)) {
                    return true;
                }
            }
        }
    }
    false
}

fn royal_attacked(ctx: &Ctx, side: usize) -> bool {
    if ctx.def.explosions.is_some() {
        return explosion::royal_in_danger(ctx, side);
    }
    let b = &ctx.def.board;
    for rank in 0..b.height() {
        for file in 0..b.width() {
            let c = Coord { file, rank };
            if let Some((s, k)) = ctx.get(c) {
                if s == side && ctx.def.pieces[k].royal && attacked(ctx, c, 1 - side) {
                    return true;
                }
            }
        }
    }
    false
}

/// The position's pieces on a grid of coordinates.
fn grid_of(pos: &Position) -> Grid {
    let rules = pos.rules();
    let b = &rules.definition.board;
    let mut grid: Grid = vec![None; (b.width() * b.height()) as usize];
    for (cell, coord) in rules.board.cells.iter().enumerate() {
        if let Some(p) = pos.piece_at(cell as u16) {
            grid[(coord.rank * b.width() + coord.file) as usize] = Some((p.side.index(), p.kind));
        } else if pos.is_wall(cell as u16) {
            grid[(coord.rank * b.width() + coord.file) as usize] = Some(walls::WALL_PIECE);
        }
    }
    grid
}

/// The reference's view of a position: its board, queues, two-cell links, reserves.
fn ctx_of<'a>(pos: &Position<'a>) -> Ctx<'a> {
    let rules = pos.rules();
    let reserves = [Side::White, Side::Black]
        .map(|s| (0..rules.kinds).map(|k| pos.reserve_count(s, k)).collect());
    let def = &rules.definition;
    let starts = pos.castle_starts();
    let castling = def
        .castling
        .iter()
        .enumerate()
        .map(|(i, c)| match starts.iter().find(|s| s.0 == i) {
            Some(&(_, king, rook)) => c.on_cells(&def.board, king, rook),
            None => c.clone(),
        })
        .collect();
    Ctx {
        def,
        grid: grid_of(pos),
        queues: queues_of(pos),
        links: links_of(pos),
        reserves,
        castling,
    }
}

/// Whether a royal piece of `side` is attacked, by the reference's own reading of
/// the moves.
pub fn in_check(pos: &Position, side: crate::model::Side) -> bool {
    royal_attacked(&ctx_of(pos), side.index())
}

/// The legal moves of a position, sorted.
pub fn legal_moves(pos: &Position) -> Vec<RefMove> {
    let rules = pos.rules();
    let ctx = ctx_of(pos);
    let (ep_cells, victim) = pos.en_passant();
    let ep_cells: Vec<Coord> = ep_cells
        .iter()
        .map(|&c| rules.board.cells[c as usize])
        .collect();
    let ep = victim.map(|v| (ep_cells.as_slice(), rules.board.cells[v as usize]));
    let turn = Turn {
        side: pos.side_to_move().index(),
        ep,
        rights: pos.castling_rights(),
    };
    legal_in(pos, &ctx, &turn, true)
}

/// Who moves, and what the last move left: en passant, castling rights.
struct Turn<'e> {
    side: usize,
    ep: Option<(&'e [Coord], Coord)>,
    rights: u32,
}

/// The legal moves of `turn.side` on `ctx`, sorted; `drop_mate_rule`: apply
/// `no-drop-mate` (not to the replies it looks at).
fn legal_in(pos: &Position, ctx: &Ctx, turn: &Turn, drop_mate_rule: bool) -> Vec<RefMove> {
    let def = ctx.def;
    let side = turn.side;
    if goal_reached(ctx, side) || checks_given_out(pos) || passing::ended(pos, ctx) {
        return Vec::new();
    }
    let mut pseudo = Vec::new();
    for c in board_cells(ctx) {
        if ctx.get(c).is_some_and(|p| p.0 == side) {
            piece_moves(ctx, c, turn.ep, &mut pseudo);
        }
    }
    pseudo.extend(castlings(ctx, side, turn.rights));
    pseudo.retain(|m| !cannot_promote(ctx, side, m));
    if side == pos.side_to_move().index() {
        let drops = with_drops(pos, ctx, &pseudo);
        pseudo.extend(drops);
        let gated = with_gates(pos, ctx, &pseudo);
        pseudo.extend(gated);
    }
    pseudo.extend(hand_drops(ctx, side));
    let pseudo = explosion::explode(ctx, pseudo);
    let pseudo = walls::with_walls(ctx, side, pseudo);
    let legal: Vec<RefMove> = pseudo
        .into_iter()
        .filter(|m| {
            let mut after = ctx.clone();
            apply(&mut after, m, side);
            if def.explosions.is_some() {
                explosion::legal(ctx, &after, side)
            } else {
                !royal_attacked(&after, side)
            }
        })
        .collect();
    let mut unique = one_of_each(legal);
    if side == pos.side_to_move().index() {
        passing::keep_parting(ctx, side, &mut unique);
        unique.extend(passing::pass(ctx, side));
        unique.sort();
    }
    if def.no_check {
        unique.retain(|m| {
            let mut after = ctx.clone();
            apply(&mut after, m, side);
            !royal_attacked(&after, 1 - side)
        });
    }
    let after_reply = def.end.reach.as_ref().is_some_and(|r| r.after_reply);
    let arrives = |m: &RefMove| {
        let mut after = ctx.clone();
        apply(&mut after, m, side);
        reached(&after, 1)
    };
    if after_reply && side == 1 && reached(ctx, 0) && !unique.iter().any(arrives) {
        return Vec::new();
    }
    if def.must_capture && unique.iter().any(|m| !m.captures.is_empty()) {
        unique.retain(|m| !m.captures.is_empty());
    }
    if drop_mate_rule {
        unique.retain(|m| !drop_mates(pos, ctx, turn, m));
    }
    unique
}

/// Every cell of the board.
fn board_cells<'c>(ctx: &'c Ctx<'_>) -> impl Iterator<Item = Coord> + 'c {
    let b = &ctx.def.board;
    (0..b.height())
        .flat_map(move |rank| (0..b.width()).map(move |file| Coord { file, rank }))
        .filter(|&c| ctx.on_board(c))
}

/// The castling moves `side` may make with these rights.
fn castlings(ctx: &Ctx, side: usize, rights: u32) -> Vec<RefMove> {
    let def = ctx.def;
    let mut out = Vec::new();
    for (i, c) in ctx.castling.iter().enumerate() {
        if c.side.index() != side || rights & (1 << i) == 0 {
            continue;
        }
        let king = ctx.get(c.king_from).filter(|&(s, _)| s == side);
        let royal = king.is_some_and(|(_, k)| def.pieces[k].royal);
        let rook_ok = ctx.get(c.rook_from).is_some_and(|(s, _)| s == side);
        let empty_ok = c
            .empty
            .iter()
            .all(|&e| e == c.king_from || e == c.rook_from || ctx.get(e).is_none());
        // A king that is no royal piece may castle through attacks.
        let safe_ok = !royal
            || !c.safe.iter().any(|&s| match ctx.def.explosions {
                Some(_) => explosion::royal_unsafe_on(ctx, s, side),
                None => attacked(ctx, s, 1 - side),
            }) && (ctx.def.explosions.is_none() || explosion::path_safe_lifted(ctx, c, side));
        if king.is_some() && rook_ok && empty_ok && safe_ok {
            out.push(RefMove {
                from: c.king_from,
                to: c.king_to,
                captures: vec![],
                promotion: None,
                castle: Some(i),
                passed: vec![],
                drop: None,
                ends: None,
                wall: None,
            });
        }
    }
    out
}

/// The moves sorted, captures sorted, each listed once: the same move reached by
/// two rules is one move, a double step's form (with its passed cells) standing for
/// both.
fn one_of_each(mut legal: Vec<RefMove>) -> Vec<RefMove> {
    for m in &mut legal {
        m.captures.sort();
    }
    legal.sort();
    let mut unique: Vec<RefMove> = Vec::with_capacity(legal.len());
    for m in legal {
        match unique.last_mut() {
            Some(last)
                if (
                    &last.from,
                    &last.to,
                    &last.captures,
                    last.promotion,
                    last.castle,
                    last.drop,
                    last.ends,
                    last.wall,
                ) == (
                    &m.from,
                    &m.to,
                    &m.captures,
                    m.promotion,
                    m.castle,
                    m.drop,
                    m.ends,
                    m.wall,
                ) =>
            {
                if last.passed.is_empty() {
                    *last = m;
                }
            }
            _ => unique.push(m),
        }
    }
    unique
}

/// A drop from the hand alone (no move with it).
fn is_hand_drop(ctx: &Ctx, m: &RefMove) -> bool {
    ctx.def.hand.is_some() && m.drop.is_some() && m.from == m.to && m.captures.is_empty()
}

/// Every drop from `side`'s hand: each kind held on each empty cell of its drop
/// zone (or of the board), not on a file holding its own kind where `one-per-file`
/// says so.
fn hand_drops(ctx: &Ctx, side: usize) -> Vec<RefMove> {
    let Some(hand) = &ctx.def.hand else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (kind, &count) in ctx.reserves[side].iter().enumerate() {
        let gates_only = hand
            .gate
            .as_ref()
            .is_some_and(|(kinds, _)| kinds.contains(&kind));
        if count == 0 || gates_only {
            continue;
        }
        let zone = hand.drop_zones.iter().find(|(k, _)| *k == kind);
        for c in board_cells(ctx) {
            let allowed = zone.is_none_or(|(_, z)| in_zone(ctx, z, side, c));
            let doubled = hand.one_per_file.contains(&kind)
                && board_cells(ctx).any(|o| o.file == c.file && ctx.get(o) == Some((side, kind)));
            let below = Coord {
                file: c.file,
                rank: c.rank - 1,
            };
            let falls = hand.on_top && ctx.def.board.contains(below) && ctx.get(below).is_none();
            if allowed && !doubled && !falls && ctx.get(c).is_none() {
                out.push(RefMove {
                    from: c,
                    to: c,
                    captures: vec![],
                    promotion: None,
                    castle: None,
                    passed: vec![],
                    drop: Some((c, kind)),
                    ends: None,
                    wall: None,
                });
            }
        }
    }
    out
}

/// Whether `m` drops a `no-drop-mate` kind so as to checkmate.
fn drop_mates(pos: &Position, ctx: &Ctx, turn: &Turn, m: &RefMove) -> bool {
    let Some((_, kind)) = m.drop.filter(|_| is_hand_drop(ctx, m)) else {
        return false;
    };
    if !ctx
        .def
        .hand
        .as_ref()
        .is_some_and(|h| h.no_drop_mate.contains(&kind))
    {
        return false;
    }
    let mut after = ctx.clone();
    apply(&mut after, m, turn.side);
    let them = 1 - turn.side;
    let reply = Turn {
        side: them,
        ep: None,
        rights: turn.rights,
    };
    royal_attacked(&after, them) && legal_in(pos, &after, &reply, false).is_empty()
}

/// Whether `side` has a piece of a kind that counts in the `reach` zone.
fn reached(ctx: &Ctx, side: usize) -> bool {
    let def = ctx.def;
    def.end.reach.as_ref().is_some_and(|r| {
        let zone = def.zones.get(&r.zone).map_or(&[][..], |z| &z[side][..]);
        let there = zone.iter().filter(|&&c| {
            ctx.get(c)
                .is_some_and(|(s, k)| s == side && r.kinds.contains(&k))
        });
        there.count() >= r.count as usize
    })
}

/// Whether an `extinction` or `reach` rule has ended the game, for either player
/// (with `after-reply`, a reach by the player to move only).
fn goal_reached(ctx: &Ctx, to_move: usize) -> bool {
    let def = ctx.def;
    let b = &def.board;
    let pieces: Vec<(Coord, usize, usize)> = (0..b.height())
        .flat_map(|rank| (0..b.width()).map(move |file| Coord { file, rank }))
        .filter_map(|c| ctx.get(c).map(|(s, k)| (c, s, k)))
        .collect();
    (0..2).any(|side| {
        let own = || pieces.iter().filter(|p| p.1 == side);
        // a piece in hand is still the player's
        let held =
            |k: usize| def.hand.is_some() && ctx.reserves[side].get(k).is_some_and(|&n| n > 0);
        let has = |k: usize| own().any(|p| p.2 == k) || held(k);
        let extinct = def.end.extinction.as_ref().is_some_and(|e| {
            if e.kinds.is_empty() {
                own().next().is_none() && !(0..def.pieces.len()).any(held)
            } else if e.all {
                !e.kinds.iter().any(|&k| has(k))
            } else {
                e.kinds.iter().any(|&k| !has(k))
            }
        });
        // A bare king: royal pieces only, the opponent with one piece more (two, for
        // the player to move, who may still take one).
        let others = |s: usize| {
            pieces
                .iter()
                .filter(|p| p.1 == s && !def.pieces[p.2].royal)
                .count()
        };
        let spare = if side == to_move { 2 } else { 1 };
        let bared = def.end.bare_king.is_some() && others(side) == 0 && others(1 - side) >= spare;
        // With `after-reply`, White's arrival waits for Black's reply.
        let reached = def.end.reach.as_ref().is_some_and(|r| {
            let zone = def.zones.get(&r.zone).map_or(&[][..], |z| &z[side][..]);
            !(r.after_reply && side == 0 && to_move == 1)
                && own()
                    .filter(|p| r.kinds.contains(&p.2) && zone.contains(&p.0))
                    .count()
                    >= r.count as usize
        });
        extinct || bared || reached || (side != to_move && lined_up(ctx, side))
    })
}

/// `connect`: whether `side` has the rule's count of pieces (of its kinds) on
/// consecutive cells of a rank, a file or a diagonal (a hexagonal board's axes).
fn lined_up(ctx: &Ctx, side: usize) -> bool {
    let def = ctx.def;
    let Some(c) = &def.end.connect else {
        return false;
    };
    let steps: &[(i32, i32)] = match def.board.tiling {
        crate::model::Tiling::Square => &[(1, 0), (0, 1), (1, 1), (1, -1)],
        crate::model::Tiling::Hex => &[(1, 0), (0, 1), (-1, 1)],
    };
    let counts = |at: Coord| {
        def.board.contains(at)
            && ctx
                .get(at)
                .is_some_and(|(s, k)| s == side && (c.kinds.is_empty() || c.kinds.contains(&k)))
    };
    (0..def.board.height()).any(|rank| {
        (0..def.board.width()).any(|file| {
            steps.iter().any(|&(dx, dy)| {
                (0..c.count as i32).all(|i| {
                    counts(Coord {
                        file: file + dx * i,
                        rank: rank + dy * i,
                    })
                })
            })
        })
    })
}

/// Whether a player has given the checks a `checks` rule counts (the counts are
/// the position's own: one position does not show the checks before it).
fn checks_given_out(pos: &Position) -> bool {
    pos.rules().definition.end.checks.is_some_and(|c| {
        [Side::White, Side::Black]
            .into_iter()
            .any(|s| pos.checks_given(s) >= c.count)
    })
}

/// A move into a compulsory promotion with nothing to become: it attacks, but
/// cannot be played.
fn cannot_promote(ctx: &Ctx, side: usize, m: &RefMove) -> bool {
    let Some((_, kind)) = ctx.get(m.from) else {
        return false;
    };
    let Some(p) = &ctx.def.pieces[kind].promotion else {
        return false;
    };
    m.castle.is_none()
        && m.drop.is_none_or(|_| m.from != m.to)
        && m.promotion.is_none()
        && promotes(ctx, p, side, m.from, m.to)
        && !optional_at(ctx, p, side, m.to)
}

/// The moves again with a drop each, where the player will hold a credit and the
/// zone's cell is empty after the move.
fn with_drops(pos: &Position, ctx: &Ctx, pseudo: &[RefMove]) -> Vec<RefMove> {
    let def = ctx.def;
    let Some(drops) = &def.drops else {
        return Vec::new();
    };
    let rules = pos.rules();
    let us = pos.side_to_move();
    let side = us.index();
    let exchange = pos
        .exchange()
        .map(|(c, n)| (rules.board.cells[c as usize], n));
    let zone = def.zones.get(&drops.zone).map_or(&[][..], |z| &z[side][..]);
    let mut out = Vec::new();
    for m in pseudo {
        let earned = exchange
            .filter(|(c, _)| m.captures.contains(c))
            .map_or(0, |e| e.1);
        if pos.drop_credits(us) + earned == 0 {
            continue;
        }
        let mut after = ctx.clone();
        apply(&mut after, m, side);
        let Some(kind) = end_of(&after.queues[side], drops.end) else {
            continue;
        };
        for &cell in zone {
            if after.get(cell).is_none() {
                out.push(RefMove {
                    drop: Some((cell, kind)),
                    ..m.clone()
                });
            }
        }
    }
    out
}

/// The moves again with a piece from the hand on the open gate they leave (a
/// castling: the king's or the rook's cell), one for each gating kind held.
fn with_gates(pos: &Position, ctx: &Ctx, pseudo: &[RefMove]) -> Vec<RefMove> {
    let Some((kinds, _)) = ctx.def.hand.as_ref().and_then(|h| h.gate.as_ref()) else {
        return Vec::new();
    };
    let rules = pos.rules();
    let us = pos.side_to_move();
    let side = us.index();
    let gates: Vec<Coord> = pos
        .open_gates(us)
        .into_iter()
        .map(|c| rules.board.cells[c as usize])
        .collect();
    let mut out = Vec::new();
    for m in pseudo
        .iter()
        .filter(|m| !is_hand_drop(ctx, m) && m.drop.is_none())
    {
        let rook = m.castle.map(|i| ctx.castling[i].rook_from);
        for cell in std::iter::once(m.from).chain(rook) {
            if !gates.contains(&cell) {
                continue;
            }
            for &kind in kinds {
                if ctx.reserves[side].get(kind).is_some_and(|&n| n > 0) {
                    out.push(RefMove {
                        drop: Some((cell, kind)),
                        ..m.clone()
                    });
                }
            }
        }
    }
    out
}

/// The ends of each two-cell piece.
fn links_of(pos: &Position) -> Vec<(Coord, Coord)> {
    let cells = &pos.rules().board.cells;
    pos.two_cell_pairs()
        .into_iter()
        .map(|(a, b)| (cells[a as usize], cells[b as usize]))
        .collect()
}

/// Each side's live drop queue.
fn queues_of(pos: &Position) -> [Vec<usize>; 2] {
    [Side::White, Side::Black].map(|s| pos.queue(s).iter().map(|&k| usize::from(k)).collect())
}

/// Whether the reference reads every rule the pieces on the board use: of the
/// capture modes only `recoil`, `vault` and `overtake adjacent`; freezing under the
/// mutual rule without suicide; no swaps.
pub fn understands(pos: &Position) -> bool {
    let rules = pos.rules();
    let def = &rules.definition;
    let freezing_read = def.immobilization == crate::model::Immobilization::Mutual && !def.suicide;
    (0..rules.cell_count()).all(|c| {
        pos.piece_at(c as u16).is_none_or(|p| {
            let piece = &def.pieces[p.kind];
            piece.captures.iter().all(capture::reads)
                && (!piece.immobilize || freezing_read)
                && !piece.swap
        })
    })
}

fn apply(ctx: &mut Ctx, m: &RefMove, side: usize) {
    let set = |ctx: &mut Ctx, c: Coord, v: Option<(usize, usize)>| ctx.set(c, v);
    if is_hand_drop(ctx, m) {
        if let Some((cell, kind)) = m.drop {
            set(ctx, cell, Some((side, kind)));
            if let Some(n) = ctx.reserves[side].get_mut(kind) {
                *n = n.saturating_sub(1);
            }
        }
        return;
    }
    for &c in &m.captures {
        set(ctx, c, None);
    }
    ctx.links
        .retain(|(a, b)| !m.captures.contains(a) && !m.captures.contains(b));
    if let Some((from, to)) = m.ends {
        two_cell::apply(ctx, from, to);
        return;
    }
    if let Some(i) = m.castle {
        let c = &ctx.castling[i];
        let (kf, kt, rf, rt) = (c.king_from, c.king_to, c.rook_from, c.rook_to);
        let king = ctx.get(kf);
        let rook = ctx.get(rf);
        set(ctx, kf, None);
        set(ctx, rf, None);
        set(ctx, kt, king);
        set(ctx, rt, rook);
    } else {
        move_piece(ctx, m, side);
    }
    if let (Some((cell, kind)), Some(drops)) = (m.drop, &ctx.def.drops) {
        take(&mut ctx.queues[side], drops.end);
        set(ctx, cell, Some((side, kind)));
    } else if let Some((cell, kind)) = m.drop {
        // A gate: the piece comes from the hand.
        set(ctx, cell, Some((side, kind)));
        if let Some(n) = ctx.reserves[side].get_mut(kind) {
            *n = n.saturating_sub(1);
        }
    }
    if let Some(cell) = m.wall {
        walls::put(ctx, cell);
    }
}

fn take(queue: &mut Vec<usize>, end: QueueEnd) {
    if queue.is_empty() {
        return;
    }
    match end {
        QueueEnd::Front => {
            queue.remove(0);
        }
        QueueEnd::Back => {
            queue.pop();
        }
    }
}

/// The piece's own part of a move: from, to, promotion (from the queue too).
fn move_piece(ctx: &mut Ctx, m: &RefMove, side: usize) {
    let set = |ctx: &mut Ctx, c: Coord, v: Option<(usize, usize)>| {
        if let Some(i) = ctx.idx(c) {
            ctx.grid[i] = v;
        }
    };
    let mut piece = ctx.get(m.from);
    if let (Some(k), Some(p)) = (m.promotion, piece.as_mut()) {
        let from_queue = ctx.def.pieces[p.1]
            .promotion
            .as_ref()
            .and_then(|r| r.from_queue);
        if let Some(end) = from_queue {
            take(&mut ctx.queues[side], end);
        }
        p.1 = k;
    }
    set(ctx, m.from, None);
    set(ctx, m.to, piece);
}

/// The fast generator's legal moves in the reference's form, sorted.
pub fn fast_legal_moves(pos: &mut Position) -> Vec<RefMove> {
    let rules = pos.rules();
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut out: Vec<RefMove> = list
        .iter()
        .map(|m| {
            let mut captures: Vec<Coord> = m
                .captures()
                .iter()
                .map(|&c| rules.board.cells[c as usize])
                .collect();
            captures.sort();
            RefMove {
                from: rules.board.cells[m.from as usize],
                to: rules.board.cells[m.to as usize],
                captures,
                promotion: m.promotion(),
                castle: m.castle_rule(),
                passed: pos
                    .passed_cells(m)
                    .iter()
                    .map(|&c| rules.board.cells[c as usize])
                    .collect(),
                drop: pos
                    .drop_cell(m)
                    .zip(pos.dropped_kind(m))
                    .or(m.from_hand().map(|k| (m.to, k)))
                    .map(|(c, k)| (rules.board.cells[c as usize], k)),
                wall: pos.wall_of(m).map(|c| rules.board.cells[c as usize]),
                ends: m.two_cell_ends().map(|(a, b)| {
                    let pair = |[x, y]: [u16; 2]| {
                        let (x, y) = (rules.board.cells[x as usize], rules.board.cells[y as usize]);
                        [x.min(y), x.max(y)]
                    };
                    (pair(a), pair(b))
                }),
            }
        })
        .map(|mut r| {
            if let Some((a, b)) = r.ends {
                (r.from, r.to) = (a[0], b[0]);
            }
            r
        })
        .collect();
    let ctx = ctx_of(pos);
    let side = pos.side_to_move().index();
    for (r, m) in out.iter_mut().zip(&list) {
        if m.kind == super::MoveKind::Pass {
            if let Some(c) = passing::pass_cell(&ctx, side) {
                (r.from, r.to) = (c, c);
            }
        }
    }
    out.sort();
    out
}
