//! A move is its effect: two rays that make the same moves are one ray, and a ray
//! whose every move another ray of the piece already makes is dropped (`W` beside
//! `R`). What remains may still reach one cell two ways (the dancing horse's two
//! middle cells, the Sissa's four paths): those kinds are marked, and the move
//! generator folds their moves that have the same effect.

use super::{Cell, Ray, RayKind};
use std::collections::HashMap;

/// The cells a ray may end on, each with the cells that must be empty for it.
fn destinations<'c>(ray: &Ray, cells: &'c [Cell]) -> Vec<(Cell, &'c [Cell])> {
    let line = &cells[ray.start as usize..][..ray.len as usize];
    let b = ray.blockers as usize;
    match ray.kind {
        RayKind::Leap if ray.jump => vec![(line[b], &[][..])],
        RayKind::Leap => vec![(line[b], &line[..b])],
        RayKind::Slide => (b..line.len()).map(|i| (line[i], &line[..i])).collect(),
        RayKind::Hop | RayKind::HopBehind => line.iter().skip(1).map(|&c| (c, line)).collect(),
    }
}

fn is_hop(ray: &Ray) -> bool {
    matches!(ray.kind, RayKind::Hop | RayKind::HopBehind)
}

/// Whether `a` and `b` walk the same cells the same way.
fn same_line(a: &Ray, b: &Ray, cells: &[Cell]) -> bool {
    a.kind == b.kind
        && a.len == b.len
        && a.blockers == b.blockers
        && a.adjacent == b.adjacent
        && a.jump == b.jump
        && cells[a.start as usize..][..a.len as usize]
            == cells[b.start as usize..][..b.len as usize]
}

/// Whether `a` makes every move `b` makes, so `b` can go. `directional`: the kind's
/// captures depend on the line a move comes along (approach, withdrawal, swaps,
/// takeovers), so only a straight ray on the same line may stand for another.
fn covers(a: &Ray, b: &Ray, cells: &[Cell], en_passant: bool, directional: bool) -> bool {
    let modes = (a.quiet || !b.quiet)
        && (a.capture || !b.capture)
        && !(en_passant && b.capture && !b.quiet && a.quiet);
    if !modes {
        return false;
    }
    if same_line(a, b, cells) {
        return b.double_step <= a.double_step;
    }
    if is_hop(a) || is_hop(b) || a.double_step || b.double_step {
        return false;
    }
    if directional && !(a.dir == b.dir && a.blockers == 0 && b.blockers == 0 && !a.jump && !b.jump)
    {
        return false;
    }
    // quick test first: `b`'s last cell must be one of `a`'s
    let line = |r: &Ray| &cells[r.start as usize..][..r.len as usize];
    if !line(b).last().is_some_and(|c| line(a).contains(c)) {
        return false;
    }
    let mine = destinations(a, cells);
    destinations(b, cells).iter().all(|(c, needs)| {
        mine.iter()
            .any(|(d, mine_needs)| d == c && mine_needs.iter().all(|x| needs.contains(x)))
    })
}

/// The rays made from one cell (`rays[start..]`, in rule order) become the rays
/// that make all their moves, none made twice by two rays that walk alike or by a
/// ray another one covers. For the `redundant_move` lint, each ray's written rule
/// (`written[ray.rule]`) gets in `cover` the set (a mask of written rules) of the
/// other written rules that cover that ray here.
pub(super) fn settle(
    rays: &mut Vec<Ray>,
    start: usize,
    cells: &[Cell],
    (en_passant, directional): (bool, bool),
    written: &[u16],
    cover: &mut [Vec<u64>],
) {
    let (mut made, twins) = without_twins(rays.drain(start..), cells);
    let covers = |a: &Ray, b: &Ray| covers(a, b, cells, en_passant, directional);
    let line = |r: &Ray| &cells[r.start as usize..][..r.len as usize];
    let last = |r: &Ray| line(r)[r.len as usize - 1];
    // A ray can cover, or walk like, only a ray whose last cell is on its line.
    let mut through: HashMap<Cell, Vec<usize>> = HashMap::new();
    let mut ending: HashMap<Cell, Vec<usize>> = HashMap::new();
    for (i, r) in made.iter().enumerate() {
        for &c in line(r) {
            through.entry(c).or_default().push(i);
        }
        ending.entry(last(r)).or_default().push(i);
    }
    let none = Vec::new();
    record_cover(
        &made,
        &twins,
        &|r: &Ray| through.get(&last(r)).unwrap_or(&none),
        &covers,
        written,
        cover,
    );
    // In rule order, as if each ray were added to those kept so far.
    let mut kept = vec![false; made.len()];
    for i in 0..made.len() {
        let ray = made[i];
        let earlier = |j: &&usize| **j < i && kept[**j];
        let candidates = through.get(&last(&ray)).unwrap_or(&none);
        if let Some(&j) = candidates.iter().filter(earlier).find(|&&j| {
            let e = &made[j];
            same_line(e, &ray, cells) && (e.quiet, e.capture) == (ray.quiet, ray.capture)
        }) {
            made[j].double_step |= ray.double_step;
            continue;
        }
        if candidates
            .iter()
            .filter(earlier)
            .any(|&j| covers(&made[j], &ray))
        {
            continue;
        }
        for &c in line(&ray) {
            for &j in ending.get(&c).unwrap_or(&none) {
                if j < i && kept[j] && covers(&ray, &made[j]) {
                    kept[j] = false;
                }
            }
        }
        kept[i] = true;
    }
    rays.extend(
        made.into_iter()
            .zip(kept)
            .filter(|(_, k)| *k)
            .map(|(r, _)| r),
    );
}

/// For each written rule, the masks of the other written rules that cover its
/// rays here (`reaching`: the rays whose line passes a ray's last cell); a twin is
/// covered by whatever covers its first, and by its first.
fn record_cover<'m>(
    made: &[Ray],
    twins: &[(usize, u16)],
    reaching: &dyn Fn(&Ray) -> &'m Vec<usize>,
    covers: &dyn Fn(&Ray, &Ray) -> bool,
    written: &[u16],
    cover: &mut [Vec<u64>],
) {
    let mut masks = Vec::with_capacity(made.len());
    for a in made {
        let wa = written[a.rule as usize];
        let mask = reaching(a)
            .iter()
            .map(|&j| (written[made[j].rule as usize], &made[j]))
            .filter(|&(wb, b)| wb != wa && wb < 64 && covers(b, a))
            .fold(0u64, |m, (wb, _)| m | 1 << wb);
        masks.push(mask);
        let seen = &mut cover[wa as usize];
        if !seen.contains(&mask) {
            seen.push(mask);
        }
    }
    // A twin is covered by whatever covers its first, and by its first.
    for &(first, twin) in twins {
        let (wa, wb) = (written[made[first].rule as usize], written[twin as usize]);
        let mask = masks[first] | if wa < 64 && wa != wb { 1 << wa } else { 0 };
        let seen = &mut cover[wb as usize];
        if wa != wb && !seen.contains(&mask) {
            seen.push(mask);
        }
    }
}

/// The rays of one cell from which repeated rays are looked for.
const TWINS_WORTH_FINDING: usize = 64;

/// The rays less those that repeat an earlier one exactly (a rule written twice:
/// `QQQQ`), so that settling them is not quadratic in the repeats; each twin as
/// (its first's index among those kept, the twin's rule).
fn without_twins(rays: impl Iterator<Item = Ray>, cells: &[Cell]) -> (Vec<Ray>, Vec<(usize, u16)>) {
    type Key<'c> = (&'c [Cell], u16, RayKind, [bool; 5], crate::model::Offset);
    let key = |r: &Ray| -> Key {
        let flags = [r.quiet, r.capture, r.double_step, r.adjacent, r.jump];
        let line = &cells[r.start as usize..][..r.len as usize];
        (line, r.blockers, r.kind, flags, r.dir)
    };
    let rays: Vec<Ray> = rays.collect();
    // few rays settle quickly as they are; only many (a rule written many times)
    // are worth the hashing
    if rays.len() <= TWINS_WORTH_FINDING {
        return (rays, Vec::new());
    }
    let mut first: HashMap<Key, usize> = HashMap::new();
    let mut kept = Vec::new();
    let mut twins = Vec::new();
    for ray in rays {
        match first.entry(key(&ray)) {
            std::collections::hash_map::Entry::Occupied(e) => twins.push((*e.get(), ray.rule)),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(kept.len());
                kept.push(ray);
            }
        }
    }
    (kept, twins)
}

/// The written rules (as indices) that add no move: each fits the board, and
/// wherever it does, another written rule still counted covers each of its rays.
/// Of rules making the same moves, the later ones are the redundant ones.
pub fn redundant_written(cover: &[Vec<u64>]) -> Vec<usize> {
    let mut live = !0u64;
    let mut out = Vec::new();
    for w in (0..cover.len().min(64)).rev() {
        let others = live & !(1u64 << w);
        let masks = &cover[w];
        if !masks.is_empty() && masks.iter().all(|m| m & others != 0) {
            out.push(w);
            live = others;
        }
    }
    out.reverse();
    out
}

/// Whether two of these rays (one cell's rays of one kind) may end on the same cell:
/// then the kind's moves need folding when generated.
pub(super) fn may_repeat(rays: &[Ray], cells: &[Cell]) -> bool {
    let ends: Vec<Vec<Cell>> = rays
        .iter()
        .map(|r| destinations(r, cells).into_iter().map(|d| d.0).collect())
        .collect();
    ends.iter().enumerate().any(|(i, a)| {
        ends[i + 1..]
            .iter()
            .any(|b| a.iter().any(|c| b.contains(c)))
    })
}
