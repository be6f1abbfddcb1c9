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
mod drops;
mod explosion;
mod first_moves;
mod flips;
mod goals;
mod in_place;
mod passing;
mod rules;
mod two_cell;
mod walls;

use super::Position;
use crate::model::{CastleDef, Coord, Definition, Offset, QueueEnd, Side};
use drops::{drop_mates, hand_drops, is_hand_drop, with_drops, with_gates};
use goals::{checks_given_out, goal_reached, reached};
use rules::rule_moves;

type Grid = Vec<Option<(usize, usize)>>;

/// A move as the reference sees it: cells by coordinate, captures sorted.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RefMove {
    /// The cell the piece leaves.
    pub from: Coord,
    /// The cell it arrives on.
    pub to: Coord,
    /// The cells of the pieces it takes, sorted.
    pub captures: Vec<Coord>,
    /// The kind it promotes to, if it does.
    pub promotion: Option<usize>,
    /// The castling rule, for a castling.
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
        .filter(|p| !p.in_place && promotes(ctx, p, side, (from, to), !plain.captures.is_empty()))
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
            .filter(|&k| under_limit(ctx, side, k))
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
/// promotion is compulsory, or (`or-leaving`) starts in the zone; under
/// `on-capture`, only if it captures.
fn promotes(
    ctx: &Ctx,
    p: &crate::model::Promotion,
    side: usize,
    (from, to): (Coord, Coord),
    captures: bool,
) -> bool {
    (captures || !p.on_capture)
        && (in_zone(ctx, &p.zone, side, to)
            || (p.leaving && in_zone(ctx, &p.zone, side, from))
            || p.forced_in
                .as_deref()
                .is_some_and(|z| in_zone(ctx, z, side, to)))
}

/// Whether a promoting move to `to` may also leave the piece as it is.
fn optional_at(ctx: &Ctx, p: &crate::model::Promotion, side: usize, to: Coord) -> bool {
    p.optional
        && !p
            .forced_in
            .as_deref()
            .is_some_and(|z| in_zone(ctx, z, side, to))
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
    let royal: Vec<Coord> = board_cells(ctx)
        .filter(|&c| {
            ctx.get(c)
                .is_some_and(|(s, k)| s == side && ctx.def.pieces[k].royal)
        })
        .collect();
    let mut attacked_royals = royal.iter().filter(|&&c| attacked(ctx, c, 1 - side));
    // `royal last N`: royal while at most N are left; with `duple-check`, more may
    // not all be attacked at once.
    match ctx.def.pieces.iter().find_map(|p| p.royal_last) {
        Some(last) if royal.len() > usize::from(last.at_most) => {
            last.duple_check && attacked_royals.count() == royal.len()
        }
        _ => attacked_royals.next().is_some(),
    }
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
    // an `unlimited` kind is always held: as many as a byte counts
    let unlimited = |k: usize| rules.hand.unlimited >> k & 1 != 0;
    let reserves = [Side::White, Side::Black].map(|s| {
        (0..rules.kinds)
            .map(|k| {
                if unlimited(k) {
                    u8::MAX
                } else {
                    pos.reserve_count(s, k)
                }
            })
            .collect()
    });
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
    // the replies to a drop are counted whatever ended the game (`drop_mates`)
    let full = || def.end.full_board.is_some() && goals::board_full(ctx);
    let ended =
        || goal_reached(ctx, side) || checks_given_out(pos) || passing::ended(pos, ctx) || full();
    if drop_mate_rule && ended() {
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
        pseudo.extend(first_moves::moves(pos, ctx, side));
    }
    pseudo.extend(hand_drops(ctx, side));
    pseudo.extend(in_place::moves(ctx, side));
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
    in_place::keep_quiet(ctx, side, &mut unique);
    keep_checker_captures(ctx, side, &mut unique);
    if side == pos.side_to_move().index() {
        passing::keep_parting(ctx, side, &mut unique);
        if !def.pass_when_stuck {
            unique.extend(passing::pass(ctx, side));
        }
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
    if def.hand.as_ref().is_some_and(|h| h.no_drop_check) {
        unique.retain(|m| {
            let mut after = ctx.clone();
            apply(&mut after, m, side);
            !is_hand_drop(ctx, m) || !royal_attacked(&after, 1 - side)
        });
    }
    drops::keep_split_colour_drops(ctx, side, &mut unique);
    drops::keep_compulsory_drops(ctx, side, &mut unique);
    if def.pass_when_stuck && side == pos.side_to_move().index() && unique.is_empty() {
        unique.extend(passing::pass(ctx, side));
    }
    unique
}

/// `in-check captures-checker`: in check, such a piece only takes every checker.
fn keep_checker_captures(ctx: &Ctx, side: usize, moves: &mut Vec<RefMove>) {
    if !ctx.def.pieces.iter().any(|p| p.captures_checker) {
        return;
    }
    let mut checkers = Vec::new();
    for royal in board_cells(ctx).filter(|&c| {
        ctx.get(c)
            .is_some_and(|(s, k)| s == side && ctx.def.pieces[k].royal)
    }) {
        for c in board_cells(ctx) {
            if ctx.get(c).is_some_and(|p| p.0 != side) {
                let mut caps = Vec::new();
                piece_moves(ctx, c, None, &mut caps);
                if caps.iter().any(|m| m.captures.contains(&royal)) && !checkers.contains(&c) {
                    checkers.push(c);
                }
            }
        }
    }
    moves.retain(|m| {
        let bound = m.drop.is_none()
            && ctx
                .get(m.from)
                .is_some_and(|(_, k)| ctx.def.pieces[k].captures_checker);
        !bound || checkers.iter().all(|c| m.captures.contains(c))
    });
}

/// Every cell of the board.
fn board_cells<'c>(ctx: &'c Ctx<'_>) -> impl Iterator<Item = Coord> + 'c {
    let b = &ctx.def.board;
    (0..b.height())
        .flat_map(move |rank| (0..b.width()).map(move |file| Coord { file, rank }))
        .filter(|&c| ctx.on_board(c))
}

/// Whether a promotion may make a piece of `kind` for `side`: it has fewer on the
/// board than the kind's `promotion-limit`.
fn under_limit(ctx: &Ctx, side: usize, kind: usize) -> bool {
    ctx.def.pieces[kind].promotion_limit.is_none_or(|n| {
        board_cells(ctx)
            .filter(|&c| ctx.get(c) == Some((side, kind)))
            .count()
            < usize::from(n)
    })
}

/// Whether `side`'s pieces of `kind` are royal now: royal, and under `royal last
/// N` no more than N royal pieces.
fn royal_now(ctx: &Ctx, side: usize, kind: usize) -> bool {
    let piece = &ctx.def.pieces[kind];
    let royals = || {
        board_cells(ctx)
            .filter(|&c| {
                ctx.get(c)
                    .is_some_and(|(s, k)| s == side && ctx.def.pieces[k].royal)
            })
            .count()
    };
    piece.royal
        && piece
            .royal_last
            .is_none_or(|last| royals() <= usize::from(last.at_most))
}

/// The castling moves `side` may make with these rights.
fn castlings(ctx: &Ctx, side: usize, rights: u32) -> Vec<RefMove> {
    let mut out = Vec::new();
    for (i, c) in ctx.castling.iter().enumerate() {
        if c.side.index() != side || rights & (1 << i) == 0 {
            continue;
        }
        let king = ctx.get(c.king_from).filter(|&(s, _)| s == side);
        let royal = king.is_some_and(|(_, k)| royal_now(ctx, side, k));
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

/// A move into a compulsory promotion with nothing to become: it attacks, but
/// cannot be played.
fn cannot_promote(ctx: &Ctx, side: usize, m: &RefMove) -> bool {
    let Some((_, kind)) = ctx.get(m.from) else {
        return false;
    };
    let Some(p) = ctx.def.pieces[kind]
        .promotion
        .as_ref()
        .filter(|p| !p.in_place)
    else {
        return false;
    };
    m.castle.is_none()
        && m.drop.is_none_or(|_| m.from != m.to)
        && m.promotion.is_none()
        && promotes(ctx, p, side, (m.from, m.to), !m.captures.is_empty())
        && !optional_at(ctx, p, side, m.to)
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
            set(ctx, cell, Some((side, m.promotion.unwrap_or(kind))));
            let unlimited = ctx
                .def
                .hand
                .as_ref()
                .is_some_and(|h| h.unlimited.contains(&kind));
            if let Some(n) = ctx.reserves[side].get_mut(kind).filter(|_| !unlimited) {
                *n = n.saturating_sub(1);
            }
            flips::apply(ctx, cell, side);
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
    let pass = m.from == m.to
        && m.drop.is_none()
        && m.promotion.is_none()
        && m.captures.is_empty()
        && m.ends.is_none();
    if !pass {
        let arrival = m.castle.map_or(m.to, |i| ctx.castling[i].king_to);
        flips::apply(ctx, arrival, side);
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
    let petrifies = piece.is_some_and(|(_, k)| ctx.def.pieces[k].petrifies);
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
    if petrifies && !m.captures.is_empty() {
        set(ctx, m.to, Some(walls::WALL_PIECE));
    }
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
