//! The evaluation as a sum of terms, each a weight times a feature of the position:
//! per kind, its pieces on the board, in hand, their mobility on their cells (and
//! now, on the board as it is), their nearness to promotion and, for promoting
//! pieces, their being isolated or doubled; the enemy reach
//! around the royal pieces and their own pieces around them. The
//! weights are derived from the rules or kept by the definition (`evaluation`);
//! `vdl tune` fits them to self-play games through the same features.

use crate::compile::{Cell, RayKind, Ruleset};
use crate::engine::Position;
use crate::model::Side;

/// The default centipawns per move of mobility above a piece's average.
pub const MOBILITY: i32 = 10;

/// The weights of the terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Terms {
    /// Per kind: a piece on the board.
    pub value: Vec<i32>,
    /// Per kind: a piece in hand.
    pub hand: Vec<i32>,
    /// Per kind: per move on its cell above its average (and, for a piece that
    /// captures only by replacement, per move now above its cell's share, by a
    /// part that is smaller for pieces of many moves).
    pub mobility: Vec<i32>,
    /// Per kind: the bonus on the cells next to its promotion zone, in quarters of
    /// a centipawn (a derived bonus is a quarter of what promoting gains).
    pub advance_quarters: Vec<i32>,
    /// Per kind: a promoting piece that no friendly one can come to guard.
    pub isolated: Vec<i32>,
    /// Per kind: a promoting piece with a friendly one on its way to promotion.
    pub doubled: Vec<i32>,
    /// Per kind: once for a player with two pieces of the kind or more.
    pub pair: Vec<i32>,
    /// Per cell around a royal piece of the player that an enemy reaches.
    pub safety: i32,
    /// Per own piece next to a royal piece, by the enemy's pieces up to
    /// [`FULL_ENEMY`](super::shelter::FULL_ENEMY) over it.
    pub shelter: i32,
    /// Per move nearer, on average, to every cell for a royal piece, as the
    /// game nears its endgame ([`centrality`](super::centrality)).
    pub centrality: i32,
    /// Per move nearer, on average, to every cell for a royal piece, while the
    /// game is far from its endgame ([`centrality`](super::centrality)).
    pub exposure: i32,
    /// Per square of the cells around the enemy's royal pieces that the player's
    /// pieces strike, over [`SCALE`](super::royal_attack::SCALE), less the same
    /// of the enemy's attack ([`royal_attack`](super::royal_attack)).
    pub attack: i32,
    /// What each cell around a royal piece that the enemy strikes and nothing but
    /// a royal piece defends adds to the attack's count.
    pub weak_cells: i32,
    /// What each cell that a piece could move to and check from, where nothing
    /// of the enemy's strikes, adds to the attack's count.
    pub safe_checks: i32,
    /// Per enemy piece the player threatens, less its own the enemy threatens
    /// ([`threats`](super::threats)).
    pub threats: i32,
    /// Per kind and cell (kind by kind), as White sees the board: what a piece of
    /// the kind adds there ([`seen_by_white`]), far from the endgame.
    pub cells: Vec<i32>,
    /// The same in the endgame ([`phase`](super::phase)): a share of each in
    /// between. A kind without an endgame table has its `cells` here.
    pub endgame_cells: Vec<i32>,
}

/// The terms of each kind.
pub const KIND_TERMS: usize = 7;

/// The feature index of the section's `safety` term (after the kinds' terms).
pub fn safety_feature(kinds: usize) -> usize {
    KIND_TERMS * kinds
}

/// The feature index of the section's `shelter` term.
pub fn shelter_feature(kinds: usize) -> usize {
    KIND_TERMS * kinds + 1
}

/// The feature index of the section's `centrality` term.
pub fn centrality_feature(kinds: usize) -> usize {
    KIND_TERMS * kinds + 2
}

/// The feature index of the section's `attack` term.
pub fn attack_feature(kinds: usize) -> usize {
    KIND_TERMS * kinds + 3
}

/// The feature index of the section's `threats` term.
pub fn threats_feature(kinds: usize) -> usize {
    KIND_TERMS * kinds + 4
}

/// The feature index of the section's `exposure` term.
pub fn exposure_feature(kinds: usize) -> usize {
    KIND_TERMS * kinds + 5
}

/// The terms of the whole section.
pub const SECTION_TERMS: usize = 6;

/// The feature index of a kind's piece on a cell, as White sees the board, far
/// from the endgame.
pub fn cell_feature(kind: usize, cell: usize, (kinds, cells): (usize, usize)) -> usize {
    KIND_TERMS * kinds + SECTION_TERMS + kind * cells + cell
}

/// The same in the endgame.
pub fn endgame_cell_feature(kind: usize, cell: usize, (kinds, cells): (usize, usize)) -> usize {
    cell_feature(kind, cell, (kinds, cells)) + kinds * cells
}

/// The length of a feature vector.
pub fn feature_count(kinds: usize, cells: usize) -> usize {
    (KIND_TERMS + 2 * cells) * kinds + SECTION_TERMS
}

/// The cell `side` stands on at `cell` as White sees the board: White's own; for
/// Black, the cell on the same file as many ranks from Black's side (none where
/// the board has no such cell).
pub fn seen_by_white(rules: &Ruleset, side: usize, cell: Cell) -> Option<Cell> {
    if side == 0 {
        return Some(cell);
    }
    let c = rules.board.cells[cell as usize];
    let top = rules.definition.board.height() - 1;
    rules.cell_at(crate::model::Coord {
        file: c.file,
        rank: top - c.rank,
    })
}

/// Where each feature of a kind starts in a feature vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Pieces on the board.
    Value = 0,
    /// Pieces in hand.
    Hand = 1,
    /// Moves on their cells above their average, and moves now above their
    /// cells' share.
    Mobility = 2,
    /// Nearness to promotion.
    Advance = 3,
    /// Promoting pieces that no friendly one can come to guard.
    Isolated = 4,
    /// Promoting pieces with a friendly one on their way.
    Doubled = 5,
    /// Two pieces of the kind or more.
    Pair = 6,
}

impl Term {
    /// Every kind's term, in the features' order.
    pub const ALL: [Term; KIND_TERMS] = [
        Term::Value,
        Term::Hand,
        Term::Mobility,
        Term::Advance,
        Term::Isolated,
        Term::Doubled,
        Term::Pair,
    ];
}

impl Terms {
    /// The weights as one vector, in the features' order, in centipawns.
    pub fn to_vector(&self) -> Vec<f64> {
        let kinds = self.value.len();
        let cells = self.cells.len() / kinds.max(1);
        let mut v = vec![0.0; feature_count(kinds, cells)];
        for k in 0..kinds {
            v[feature(Term::Value, k, kinds)] = f64::from(self.value[k]);
            v[feature(Term::Hand, k, kinds)] = f64::from(self.hand[k]);
            v[feature(Term::Mobility, k, kinds)] = f64::from(self.mobility[k]);
            v[feature(Term::Advance, k, kinds)] = f64::from(self.advance_quarters[k]) / 4.0;
            v[feature(Term::Isolated, k, kinds)] = f64::from(self.isolated[k]);
            v[feature(Term::Doubled, k, kinds)] = f64::from(self.doubled[k]);
            v[feature(Term::Pair, k, kinds)] = f64::from(self.pair[k]);
        }
        v[safety_feature(kinds)] = f64::from(self.safety);
        v[shelter_feature(kinds)] = f64::from(self.shelter);
        v[centrality_feature(kinds)] = f64::from(self.centrality);
        v[attack_feature(kinds)] = f64::from(self.attack);
        v[threats_feature(kinds)] = f64::from(self.threats);
        v[exposure_feature(kinds)] = f64::from(self.exposure);
        for (i, &w) in self.cells.iter().enumerate() {
            v[cell_feature(0, i, (kinds, cells))] = f64::from(w);
        }
        for (i, &w) in self.endgame_cells.iter().enumerate() {
            v[endgame_cell_feature(0, i, (kinds, cells))] = f64::from(w);
        }
        v
    }
}

/// The index of a kind's feature of a term.
pub fn feature(term: Term, kind: usize, kinds: usize) -> usize {
    term as usize * kinds + kind
}

/// What the features are computed from: per side, kind and cell, the piece's
/// mobility there above its average and its nearness to promotion; per cell, the
/// cells around a royal piece standing there.
#[derive(Clone, Debug)]
pub struct Geometry {
    cells: usize,
    kinds: usize,
    /// Per side, kind and cell: moves there less the average.
    pub spread: Vec<f64>,
    /// Per side, kind and cell: (far − distance)² / far² for a promoting piece
    /// (1 in the zone), 0 where it cannot promote.
    pub nearness: Vec<f64>,
    /// Per side, kind and cell, as integers: (far − distance)² and far².
    pub nearness_parts: Vec<(i32, i32)>,
    /// What the enemy reach around royal pieces is counted from, when asked for.
    danger: Option<Danger>,
    /// What pieces' moves now are read from, where some kind is measured so.
    now: Option<super::activity::Activity>,
    /// The cells around royal pieces.
    pub shelter: super::shelter::Shelter,
    /// How near royal pieces stand to every cell, where that counts.
    centrality: Option<super::centrality::Centrality>,
    /// Per side and cell: the cell as White sees the board, if any.
    seen: Vec<Option<Cell>>,
    /// How far a position is into its endgame, for the cells' two tables.
    phase: Option<super::phase::Phase>,
}

/// The cells pieces reach and the cells around royal pieces.
#[derive(Clone, Debug)]
struct Danger {
    /// Per side, kind and cell: the cells its captures reach on an empty board,
    /// in order.
    reach: Vec<Vec<Cell>>,
    /// Per cell: the cells around a royal piece standing there (the first cell of
    /// each of its king's leaps and rides, and the cell), in order.
    ring: Vec<Vec<Cell>>,
    /// Per side, kind, from-cell and royal cell: how many cells of the ring the
    /// piece reaches; none on boards where the table would be too large.
    table: Option<Vec<u8>>,
}

/// The most entries of the danger table: above it (boards of more than about
/// 300 cells with many kinds), counts are made as needed. Each entry costs a pass
/// over a piece's reach to build, which keeps building it well under a second.
const MAX_DANGER_TABLE: usize = 1 << 22;

impl Geometry {
    /// The geometry of a definition's pieces on its board.
    pub fn new(rules: &Ruleset, with_danger: bool) -> Geometry {
        let (cells, kinds) = (rules.cell_count(), rules.kinds);
        let mut g = Geometry {
            cells,
            kinds,
            spread: vec![0.0; 2 * kinds * cells],
            nearness: vec![0.0; 2 * kinds * cells],
            nearness_parts: vec![(0, 1); 2 * kinds * cells],
            danger: None,
            now: super::activity::Activity::new(rules, &super::eval::terms(rules)),
            shelter: super::shelter::Shelter::new(rules),
            centrality: super::centrality::counted(rules)
                .then(|| {
                    super::centrality::Centrality::new(rules, &super::eval::piece_values(rules))
                })
                .flatten(),
            seen: (0..2)
                .flat_map(|side| (0..cells as Cell).map(move |c| seen_by_white(rules, side, c)))
                .collect(),
            phase: super::phase::Phase::new(rules, &super::eval::piece_values(rules)),
        };
        for side in 0..2 {
            for kind in 0..kinds {
                let avg = super::eval::average_mobility(rules, side, kind);
                let distance = super::eval::promotion_distance(rules, side, kind);
                let far = (distance.as_ref())
                    .and_then(|d| d.iter().flatten().max().copied())
                    .unwrap_or(0)
                    .max(1) as i32;
                for c in 0..cells {
                    let i = (side * kinds + kind) * cells + c;
                    g.spread[i] = super::eval::mobility(rules, side, kind, c as Cell) - avg;
                    if let Some(Some(d)) = distance.as_ref().map(|p| p[c]) {
                        let near = (far - d as i32).max(0);
                        g.nearness_parts[i] = (near * near, far * far);
                        g.nearness[i] = f64::from(near * near) / f64::from(far * far);
                    }
                }
            }
        }
        if with_danger {
            g.danger = Some(Danger::new(rules));
        }
        g
    }

    /// The enemy reach around `side`'s royal pieces (0 for a geometry made
    /// without it).
    pub fn danger(&self, pos: &Position, side: Side) -> i32 {
        let Some(danger) = &self.danger else {
            return 0;
        };
        let enemy = side.opponent();
        let mut sum = 0;
        for &r in pos.royal_cells(side) {
            for &c in pos.piece_cells(enemy) {
                let Some(p) = pos.piece_at(c) else { continue };
                if pos.rules().royal[p.kind] {
                    continue;
                }
                let piece = (enemy.index() * self.kinds + p.kind) * self.cells + c as usize;
                sum += i32::from(match &danger.table {
                    Some(t) => t[piece * self.cells + r as usize],
                    None => danger.count(piece, r as usize),
                });
            }
        }
        sum
    }

    /// The position's features from White's side: White's less Black's.
    pub fn features(&self, pos: &Position) -> Vec<f64> {
        let kinds = self.kinds;
        let mut x = vec![0.0; feature_count(kinds, self.cells)];
        let late = self.phase.as_ref().map_or(0.0, |p| p.share(pos));
        for (side, sign) in [(Side::White, 1.0), (Side::Black, -1.0)] {
            for &c in pos.piece_cells(side) {
                let Some(p) = pos.piece_at(c) else { continue };
                let i = (side.index() * kinds + p.kind) * self.cells + c as usize;
                if let Some(seen) = self.seen[side.index() * self.cells + c as usize] {
                    let dims = (kinds, self.cells);
                    x[cell_feature(p.kind, seen as usize, dims)] += sign * (1.0 - late);
                    x[endgame_cell_feature(p.kind, seen as usize, dims)] += sign * late;
                }
                if !pos.rules().royal[p.kind] {
                    x[feature(Term::Value, p.kind, kinds)] += sign;
                }
                x[feature(Term::Mobility, p.kind, kinds)] += sign * self.spread[i];
                x[feature(Term::Advance, p.kind, kinds)] += sign * self.nearness[i];
            }
            for k in 0..kinds {
                x[feature(Term::Pair, k, kinds)] += sign * f64::from(pos.piece_count(side, k) >= 2);
            }
            if pos.rules().flags.hand {
                for k in 0..kinds {
                    x[feature(Term::Hand, k, kinds)] +=
                        sign * f64::from(pos.reserve_count(side, k));
                }
            }
            x[safety_feature(kinds)] += sign * f64::from(self.danger(pos, side));
            x[shelter_feature(kinds)] += sign * self.shelter.feature(pos, side);
        }
        if let Some(c) = &self.centrality {
            x[centrality_feature(kinds)] = c.feature(pos);
            x[exposure_feature(kinds)] = c.exposure_feature(pos);
        }
        if let Some(now) = &self.now {
            let now = now.features(pos);
            x[attack_feature(kinds)] = now.attack;
            x[threats_feature(kinds)] = now.threats;
            for k in 0..kinds {
                x[feature(Term::Mobility, k, kinds)] += now.mobility[k];
                x[feature(Term::Advance, k, kinds)] += now.advance[k];
                x[feature(Term::Isolated, k, kinds)] += now.isolated[k];
                x[feature(Term::Doubled, k, kinds)] += now.doubled[k];
            }
        }
        x
    }
}

impl Danger {
    fn new(rules: &Ruleset) -> Danger {
        let (cells, kinds) = (rules.cell_count(), rules.kinds);
        let mut d = Danger {
            reach: Vec::with_capacity(2 * kinds * cells),
            ring: (0..cells).map(|c| ring(rules, c as Cell)).collect(),
            table: None,
        };
        for side in 0..2 {
            for kind in 0..kinds {
                for c in 0..cells {
                    d.reach.push(reach(rules, side, kind, c as Cell));
                }
            }
        }
        if 2 * kinds * cells * cells <= MAX_DANGER_TABLE {
            let mut t = Vec::with_capacity(2 * kinds * cells * cells);
            for i in 0..2 * kinds * cells {
                let royal = rules.royal[(i / cells) % kinds];
                t.extend((0..cells).map(|r| if royal { 0 } else { d.count(i, r) }));
            }
            d.table = Some(t);
        }
        d
    }

    /// The cells of the ring around `royal` that the piece `piece` (side, kind and
    /// cell as one index) reaches: both lists are in order, so one pass.
    fn count(&self, piece: usize, royal: usize) -> u8 {
        let (reach, ring) = (&self.reach[piece], &self.ring[royal]);
        let (mut i, mut j, mut n) = (0, 0, 0u8);
        while i < reach.len() && j < ring.len() {
            match reach[i].cmp(&ring[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    n = n.saturating_add(1);
                    i += 1;
                    j += 1;
                }
            }
        }
        n
    }
}

/// The cells around a royal piece on `cell`, in order: the first cell of each
/// leap or ride of the first royal kind, and the cell.
fn ring(rules: &Ruleset, cell: Cell) -> Vec<Cell> {
    let mut ring = vec![cell];
    if let Some(king) = (0..rules.kinds).find(|&k| rules.royal[k]) {
        for r in rules.rays_of(0, king, cell) {
            if matches!(r.kind, RayKind::Leap | RayKind::Slide) && r.len > 0 {
                ring.push(rules.moves.cells[r.start as usize]);
            }
        }
    }
    ring.sort_unstable();
    ring.dedup();
    ring
}

/// The cells a piece's capturing rays reach from `cell` on an empty board.
fn reach(rules: &Ruleset, side: usize, kind: usize, cell: Cell) -> Vec<Cell> {
    let piece = &rules.definition.pieces[kind];
    let modes = !piece.captures.is_empty() || piece.immobilize;
    let mut out: Vec<Cell> = rules
        .rays_of(side, kind, cell)
        .iter()
        .filter(|r| r.capture || modes)
        .flat_map(|r| &rules.moves.cells[r.start as usize..r.start as usize + r.len as usize])
        .copied()
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reach_counted_as_needed_is_the_tables() {
        let rules = super::super::chess("");
        let with_table = Geometry::new(&rules, true);
        let mut without = with_table.clone();
        if let Some(d) = without.danger.as_mut() {
            d.table = None;
        }
        let fens = [
            "4r2k/8/8/8/8/8/8/4K3 w - - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
            "8/8/3k4/8/2N1B3/8/3K4/8 b - - 0 1",
        ];
        let mut seen = Vec::new();
        for fen in fens {
            let pos = Position::from_fen(&rules, fen).expect("a legal FEN");
            for side in [Side::White, Side::Black] {
                let d = with_table.danger(&pos, side);
                assert_eq!(d, without.danger(&pos, side), "{fen}");
                seen.push(d);
            }
        }
        // White's then Black's, per position: the rook on e8 reaches e1 and e2; the
        // queen on d8 reaches d1 and d2, the bishop on c4 f7, the queen on f3 f7 and
        // f8; the knight on c4 reaches d6 and e5, the bishop on e4 d5 and c6
        assert_eq!(seen, [2, 0, 2, 3, 0, 4]);
    }

    /// The evaluation is its weights times its features (within the rounding of
    /// each piece's terms), so that `vdl tune` fits what the search counts: at
    /// every position of a seeded random chess game, passed pawns, moves now and
    /// pieces on given cells included.
    #[test]
    fn the_evaluation_is_its_weights_times_its_features() {
        let rules = super::super::chess(
            "evaluation { King cells { g1 40 c1 25 e2 -30 } Knight cells { c3 15 f3 15 a3 -20 } }",
        );
        let king = rules
            .definition
            .pieces
            .iter()
            .position(|p| p.name == "King");
        let g1 = rules.cell_by_name("g1").map(|c| c as usize);
        let at = king
            .zip(g1)
            .map(|(k, c)| cell_feature(k, c, (rules.kinds, rules.cell_count())));
        assert_eq!(
            at.map(|i| super::super::eval::terms(&rules).to_vector()[i]),
            Some(40.0)
        );
        let eval = super::super::eval::Evaluator::new(&rules);
        let weights = eval.terms().to_vector();
        let geometry = Geometry::new(&rules, false);
        super::super::random_game(&rules, &mut 3, 120, |pos| {
            let x = geometry.features(pos);
            let sum: f64 = weights.iter().zip(&x).map(|(w, x)| w * x).sum();
            let white = match pos.side_to_move() {
                Side::White => eval.evaluate(pos),
                Side::Black => -eval.evaluate(pos),
            };
            let pieces = pos.piece_cells(Side::White).len() + pos.piece_cells(Side::Black).len();
            let within = 2.0 * pieces as f64 + 2.0;
            assert!(
                (f64::from(white) - sum).abs() <= within,
                "{}: {white} against {sum}",
                pos.fen()
            );
        });
    }
}
