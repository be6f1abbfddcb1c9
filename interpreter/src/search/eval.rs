//! A static evaluation any definition gets without hand-written values: a piece is
//! worth its average number of moves on an empty board (as engines for variants
//! estimate values), a little more where it has more moves, and a promoting piece
//! more as it nears its promotion zone. A definition's `value`, or the terms of its
//! `evaluation` section, replace what is derived ([`terms`](super::terms)).

use super::activity::{Activity, Structures};
use super::centrality::{self, Centrality};
use super::phase::{Phase, ENDGAME};
use super::royal_attack;
use super::shelter::{self, Shelter};
use super::structure;
use super::terms::{Geometry, Terms, MOBILITY};
use super::threats;
use crate::compile::{Cell, RayKind, Ruleset};
use crate::engine::{lone_piece_mates, Position, Weights};
use std::sync::{Arc, OnceLock};

/// A royal piece's value when it is the victim of a capture (only for ordering
/// captures: royal pieces are never counted in the material balance).
pub const ROYAL_VALUE: i32 = 100_000;

/// Piece values in centipawns, where a pawn (the weakest piece) is about 100.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Per kind: the value used for material and to order captures.
    pub values: Vec<i32>,
    /// The value of the least valuable piece: the search's margins are in
    /// hundredths of it, as they are in a pawn's in chess (kept within 50 to 250,
    /// so that one odd kind does not set them).
    pub pawn: i32,
    /// Per kind: the value a static exchange counts (royal pieces highest, so that
    /// one is never given for another).
    pub exchange_values: Vec<i32>,
    /// Per side, kind and cell: the value of that piece standing there, far from
    /// the endgame and in it, packed in one number ([`pack`]).
    squares: Vec<i64>,
    /// The same values for a position to keep summed as it changes.
    weights: Weights,
    cells: usize,
    kinds: usize,
    /// Per kind: neither royal nor promoting. A side with one of these can almost
    /// always make a harmless move, so passing (a null move) is rarely its best.
    waits: Vec<bool>,
    /// The weights of the terms.
    terms: Terms,
    /// Only with a `safety` term: what the reach around royal pieces is counted from.
    geometry: Option<Arc<Geometry>>,
    /// The pieces' moves now, where every piece but the royal ones captures by
    /// replacement.
    activity: Option<Arc<Activity>>,
    /// Only with a `shelter` term: the cells around royal pieces.
    shelter: Option<Arc<Shelter>>,
    /// Only with a `centrality` or `exposure` term: how near royal pieces stand to
    /// every cell.
    centrality: Option<Arc<Centrality>>,
    /// Only where some kind's cells count differently in the endgame: how far a
    /// position is into it.
    phase: Option<Arc<Phase>>,
    /// The kinds whose pairs count ([`Terms::pair`]).
    paired: Vec<usize>,
    /// Per side and kind: a lone piece of it cannot checkmate; worked out the
    /// first time a side has only it and its royal piece (for chess, about ten
    /// milliseconds a kind), and only on boards of up to [`LONE_CELLS`] cells.
    cannot_mate_alone: Arc<[OnceLock<bool>]>,
    /// The definition's learned evaluation, in the terms' place.
    network: Option<Arc<super::network::Learned>>,
}

/// The most cells on which a lone piece is looked at: the placements of three
/// pieces grow with the cube of the cells.
const LONE_CELLS: usize = 128;

/// A side ahead with only a piece that cannot checkmate alone keeps this share
/// of its lead: it cannot win, but a larger lead is still the better draw.
const LONE_SHARE: i32 = 16;

/// A piece's value far from the endgame and in it, as one number whose sums are
/// the sums of both (`late` in the high half).
fn pack(early: i32, late: i32) -> i64 {
    (i64::from(late) << 32) + i64::from(early)
}

/// The two values of a sum of [`pack`]ed ones.
fn unpack(sum: i64) -> (i32, i32) {
    let early = sum as i32;
    (early, ((sum - i64::from(early)) >> 32) as i32)
}

/// The chance that a cell is empty in a typical position: a slider's far cells
/// count less than its near ones, as they are blocked more often.
const EMPTY: f64 = 0.7;
/// Centipawns per expected move: a knight (about 5.25 moves) is worth about 300.
const PER_MOVE: f64 = 57.0;
/// How far (in hundredths of the least valuable piece) the board-reading terms
/// are taken to move a value at most, for [`Evaluator::evaluate_within`].
const LAZY_MARGIN: i32 = 250;

/// A piece's expected number of moves from `cell` on a board a third full. A move
/// that may only capture, or only go quietly, counts half.
pub(super) fn mobility(rules: &Ruleset, side: usize, kind: usize, cell: Cell) -> f64 {
    let piece = &rules.definition.pieces[kind];
    let modes = !piece.captures.is_empty() || piece.immobilize;
    rules
        .rays_of(side, kind, cell)
        .iter()
        .map(|r| {
            let weight =
                0.5 * f64::from(u8::from(r.quiet)) + 0.5 * f64::from(u8::from(r.capture || modes));
            let reach = if r.jump {
                1.0
            } else {
                EMPTY.powi(r.blockers as i32)
            };
            let far = (r.len as i32 - r.blockers as i32).max(0);
            let cells = match r.kind {
                RayKind::Leap => 1.0,
                RayKind::Slide => (1.0 - EMPTY.powi(far)) / (1.0 - EMPTY),
                RayKind::Hop => 0.5 * (1.0 - EMPTY.powi(far)) / (1.0 - EMPTY),
                RayKind::HopBehind => 1.0 - EMPTY,
            };
            weight * reach * cells
        })
        .sum()
}

pub(super) fn average_mobility(rules: &Ruleset, side: usize, kind: usize) -> f64 {
    let n = rules.cell_count().max(1);
    (0..n as Cell)
        .map(|c| mobility(rules, side, kind, c))
        .sum::<f64>()
        / n as f64
}

/// Each kind's value: a definition's own `value`, or its expected mobility
/// (royal pieces: 0, as both sides keep theirs).
pub fn piece_values(rules: &Ruleset) -> Vec<i32> {
    let moving: Vec<i32> = (0..rules.kinds)
        .map(|k| match given_value(rules, k) {
            Some(v) => v,
            None if rules.royal[k] => 0,
            None => (PER_MOVE * average_mobility(rules, 0, k)).round().max(1.0) as i32,
        })
        .collect();
    // A piece that may promote is worth a twentieth of what promoting gains.
    (0..rules.kinds)
        .map(|k| {
            if given_value(rules, k).is_some() {
                return moving[k];
            }
            moving[k] + promotion_gain(rules, &moving, 0, k) / 20
        })
        .collect()
}

/// A kind's value as the definition gives it: in `evaluation`, else its `value`.
fn given_value(rules: &Ruleset, kind: usize) -> Option<i32> {
    (rules.definition.evaluation.of(kind).value).or(rules.definition.pieces[kind].value)
}

/// The weights of the terms: those the definition gives, the others derived.
pub fn terms(rules: &Ruleset) -> Terms {
    let value = piece_values(rules);
    let given = |k: usize| rules.definition.evaluation.of(k);
    let kinds = rules.kinds;
    Terms {
        hand: (0..kinds)
            .map(|k| given(k).hand.unwrap_or(value[k]))
            .collect(),
        mobility: (0..kinds)
            .map(|k| {
                let derived = if rules.royal[k] { 0 } else { MOBILITY };
                given(k).mobility.unwrap_or(derived)
            })
            .collect(),
        advance_quarters: (0..kinds)
            .map(|k| match given(k).advance {
                Some(a) => 4 * a,
                None => derived_advance(rules, &value, 0, k),
            })
            .collect(),
        isolated: (0..kinds)
            .map(|k| (given(k).isolated).unwrap_or(structure::derived(rules, &value, k).0))
            .collect(),
        doubled: (0..kinds)
            .map(|k| (given(k).doubled).unwrap_or(structure::derived(rules, &value, k).1))
            .collect(),
        pair: (0..kinds).map(|k| given(k).pair.unwrap_or(0)).collect(),
        safety: rules.definition.evaluation.safety.unwrap_or(0),
        shelter: rules.definition.evaluation.shelter.unwrap_or(0),
        centrality: (rules.definition.evaluation.centrality)
            .unwrap_or_else(|| least_value(rules, &value) * centrality::DERIVED / 100),
        exposure: rules.definition.evaluation.exposure.unwrap_or(0),
        attack: (rules.definition.evaluation.attack)
            .unwrap_or_else(|| least_value(rules, &value) * royal_attack::DERIVED / 100),
        weak_cells: (rules.definition.evaluation.weak_cells).unwrap_or(royal_attack::WEAK_UNITS),
        safe_checks: (rules.definition.evaluation.safe_checks).unwrap_or(royal_attack::CHECK_UNITS),
        threats: (rules.definition.evaluation.threats)
            .unwrap_or_else(|| least_value(rules, &value) * threats::DERIVED / 100),
        cells: given_cells(rules, |k| rules.definition.evaluation.cells_of(k)),
        endgame_cells: given_cells(rules, |k| {
            let e = &rules.definition.evaluation;
            e.endgame_cells_of(k).unwrap_or(e.cells_of(k))
        }),
        value,
    }
}

/// Per kind and cell, as White sees the board: what the definition's tables
/// (`table` of each kind) add (0 where none is given).
fn given_cells<'a>(
    rules: &'a Ruleset,
    table: impl Fn(usize) -> &'a [(crate::model::Coord, i32)],
) -> Vec<i32> {
    let cells = rules.cell_count();
    let mut out = vec![0; rules.kinds * cells];
    for kind in 0..rules.kinds {
        for &(coord, v) in table(kind) {
            if let Some(c) = rules.cell_at(coord) {
                out[kind * cells + c as usize] = v;
            }
        }
    }
    out
}

/// The value of the least valuable piece that is not royal, kept within 50 to
/// 250 so that one odd kind does not set the margins and weights made of it.
fn least_value(rules: &Ruleset, values: &[i32]) -> i32 {
    (0..rules.kinds)
        .filter(|&k| !rules.royal[k])
        .map(|k| values[k])
        .min()
        .unwrap_or(100)
        .clamp(50, 250)
}

/// What promoting to the best choice gains over the piece itself.
fn promotion_gain(rules: &Ruleset, values: &[i32], side: usize, kind: usize) -> i32 {
    rules.promotion_of(side, kind).map_or(0, |t| {
        let best = t
            .choices
            .iter()
            .map(|&k| values[k as usize])
            .max()
            .unwrap_or(0);
        (best - values[kind]).max(0)
    })
}

/// Moves (by the kind's own rays, on an empty board) from each cell to the nearest
/// cell of its promotion zone; `None` where it cannot get there.
pub(super) fn promotion_distance(
    rules: &Ruleset,
    side: usize,
    kind: usize,
) -> Option<Vec<Option<u32>>> {
    let table = rules.promotion_of(side, kind)?;
    let n = rules.cell_count();
    let mut dist: Vec<Option<u32>> = (0..n).map(|c| table.zone[c].then_some(0)).collect();
    // Backwards relaxation: a cell is one move further than the best cell it reaches.
    for _ in 0..n {
        let mut changed = false;
        for c in 0..n as Cell {
            let best = rules
                .rays_of(side, kind, c)
                .iter()
                .flat_map(|r| {
                    &rules.moves.cells[r.start as usize..r.start as usize + r.len as usize]
                })
                .filter_map(|&t| dist[t as usize])
                .min();
            if let Some(b) = best {
                if dist[c as usize].is_none_or(|d| b + 1 < d) {
                    dist[c as usize] = Some(b + 1);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    Some(dist)
}

impl Evaluator {
    /// An evaluator for a variant's rules.
    pub fn new(rules: &Ruleset) -> Evaluator {
        let terms = terms(rules);
        let geometry = Geometry::new(rules, terms.safety != 0);
        let (cells, kinds) = (rules.cell_count(), rules.kinds);
        let mut squares = vec![0; 2 * kinds * cells];
        for side in 0..2 {
            for kind in 0..kinds {
                let gain = advance_of(rules, &terms, side, kind);
                for c in 0..cells {
                    let i = (side * kinds + kind) * cells + c;
                    let spread = f64::from(terms.mobility[kind]) * geometry.spread[i];
                    let value = if rules.royal[kind] {
                        0
                    } else {
                        terms.value[kind]
                    };
                    let (near, far) = geometry.nearness_parts[i];
                    let placed = |table: &[i32]| {
                        super::terms::seen_by_white(rules, side, c as Cell)
                            .map_or(0, |seen| table[kind * cells + seen as usize])
                    };
                    let base = value + spread.round() as i32 + gain * near / (far * 4);
                    squares[i] = pack(
                        base + placed(&terms.cells),
                        base + placed(&terms.endgame_cells),
                    );
                }
            }
        }
        let waits = (0..kinds)
            .map(|k| !rules.royal[k] && promotion_distance(rules, 0, k).is_none())
            .collect();
        let pawn = least_value(rules, &terms.value);
        let tapered = terms.cells != terms.endgame_cells;
        Evaluator {
            phase: tapered
                .then(|| Phase::new(rules, &terms.value).map(Arc::new))
                .flatten(),
            pawn,
            weights: weights(rules, &squares),
            values: terms.value.clone(),
            exchange_values: (0..kinds)
                .map(|k| {
                    if rules.royal[k] {
                        ROYAL_VALUE
                    } else {
                        terms.value[k]
                    }
                })
                .collect(),
            squares,
            cells,
            kinds,
            waits,
            paired: (0..kinds).filter(|&k| terms.pair[k] != 0).collect(),
            cannot_mate_alone: (0..2 * kinds).map(|_| OnceLock::new()).collect(),
            network: super::network::Learned::of(rules).map(Arc::new),
            shelter: (terms.shelter != 0).then(|| Arc::new(geometry.shelter.clone())),
            geometry: (terms.safety != 0).then(|| Arc::new(geometry)),
            activity: Activity::new(rules, &terms).map(Arc::new),
            centrality: ((terms.centrality != 0 || terms.exposure != 0)
                && centrality::counted(rules))
            .then(|| Centrality::new(rules, &terms.value).map(Arc::new))
            .flatten(),
            terms,
        }
    }

    /// The rows of the learned evaluation, for [`Position::set_rows`].
    pub fn rows(&self, rules: &Ruleset) -> Option<crate::engine::Rows> {
        self.network.as_ref().map(|n| n.rows(rules))
    }

    /// Whether the evaluation reads the board as it is (the pieces' moves now),
    /// which costs more than looking a value up.
    pub fn reads_board(&self) -> bool {
        self.activity.is_some()
    }

    /// The weights of the evaluation's terms.
    pub fn terms(&self) -> &Terms {
        &self.terms
    }

    /// The piece-on-cell values, for [`Position::set_weights`]: a position that
    /// keeps their sum is evaluated without a scan of the board.
    pub fn weights(&self) -> Weights {
        Arc::clone(&self.weights)
    }

    /// The position's value for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_within(pos, (-super::MATE, super::MATE))
    }

    /// The position's value for the side to move, where it lies within `window`;
    /// outside it, by more than the board-reading terms are likely to move it,
    /// the value without them: the search only asks which side of the window the
    /// value falls.
    pub fn evaluate_within(&self, pos: &Position, window: (i32, i32)) -> i32 {
        self.evaluate_lazily(pos, window, None).0
    }

    /// [`evaluate_within`](Self::evaluate_within), and whether the value is the
    /// whole evaluation (it is, but where the board-reading terms were skipped).
    /// `structures` keeps the promoting pieces' structures valued before, for
    /// positions that keep the search's marks.
    pub fn evaluate_lazily(
        &self,
        pos: &Position,
        (alpha, beta): (i32, i32),
        structures: Option<&mut Structures>,
    ) -> (i32, bool) {
        if let Some(n) = &self.network {
            let summed = pos.summed();
            let value = if summed.len() == 2 * n.net.hidden {
                n.evaluate_summed(pos, summed)
            } else {
                n.evaluate(pos)
            };
            let score = self.drawish(pos, value);
            return (
                score.clamp(-super::MATE_BOUND + 1, super::MATE_BOUND - 1),
                true,
            );
        }
        let mut score = self.value_by_pieces(pos);
        let mut whole = true;
        if let Some(a) = &self.activity {
            let margin = LAZY_MARGIN * self.pawn / 100;
            if score - margin < beta && score + margin > alpha {
                score += a.value(pos, pos.side_to_move(), structures);
            } else {
                whole = false;
            }
        }
        let score = self.drawish(pos, score);
        (
            score.clamp(-super::MATE_BOUND + 1, super::MATE_BOUND - 1),
            whole,
        )
    }

    /// `score` (for the side to move), a [`LONE_SHARE`]th of it where the side
    /// ahead has only its royal piece and one that cannot checkmate alone.
    fn drawish(&self, pos: &Position, score: i32) -> i32 {
        let stm = pos.side_to_move();
        let ahead = if score > 0 { stm } else { stm.opponent() };
        let [a, b] = pos.piece_cells(ahead)[..] else {
            return score;
        };
        let rules = pos.rules();
        if pos.royal_cells(ahead).len() != 1 || self.cells > LONE_CELLS {
            return score;
        }
        let lone = [a, b].into_iter().filter_map(|c| pos.piece_at(c)).any(|p| {
            let i = ahead.index() * self.kinds + p.kind;
            *self.cannot_mate_alone[i]
                .get_or_init(|| lone_piece_mates(rules, ahead.index(), p.kind) == Some(false))
        });
        if lone {
            score / LONE_SHARE
        } else {
            score
        }
    }

    /// The pieces on their cells, in hand and (with `safety` and `shelter` terms)
    /// around the royal pieces, for the side to move.
    fn value_by_pieces(&self, pos: &Position) -> i32 {
        let stm = pos.side_to_move().index();
        let white = match pos.weights() {
            Some(w) if Arc::ptr_eq(w, &self.weights) => pos.weighed(),
            _ => self.board_value(pos),
        };
        let white = self.blended(pos, unpack(white));
        let mut score = if stm == 0 { white } else { -white };
        if pos.rules().flags.hand {
            score += self.hands(pos, stm);
        }
        score += self.pairs(pos);
        if let Some(g) = &self.geometry {
            let side = pos.side_to_move();
            score += self.terms.safety * (g.danger(pos, side) - g.danger(pos, side.opponent()));
        }
        if let Some(s) = &self.shelter {
            let side = pos.side_to_move();
            let count = s.count(pos, side) - s.count(pos, side.opponent());
            score += (self.terms.shelter * count).div_euclid(shelter::FULL_ENEMY);
        }
        if let Some(c) = &self.centrality {
            score += c.value(pos, (self.terms.centrality, self.terms.exposure));
        }
        score
    }

    /// The pieces' values for White, summed over the board ([`pack`]ed).
    fn board_value(&self, pos: &Position) -> i64 {
        let mut score = 0;
        for c in 0..self.cells as Cell {
            if let Some(p) = pos.piece_at(c) {
                let v =
                    self.squares[(p.side.index() * self.kinds + p.kind) * self.cells + c as usize];
                if p.side.index() == 0 {
                    score += v;
                } else {
                    score -= v;
                }
            }
        }
        score
    }

    /// A value far from the endgame and in it, blended by how far `pos` is into it.
    fn blended(&self, pos: &Position, (early, late): (i32, i32)) -> i32 {
        match &self.phase {
            Some(phase) if early != late => {
                let e = phase.endgame(pos);
                (early * (ENDGAME - e) + late * e).div_euclid(ENDGAME)
            }
            _ => early,
        }
    }

    /// The pairs of the kinds that count one ([`Terms::pair`]), for the side to
    /// move.
    fn pairs(&self, pos: &Position) -> i32 {
        let side = pos.side_to_move();
        let pair = |s, k| i32::from(pos.piece_count(s, k) >= 2);
        (self.paired.iter())
            .map(|&k| self.terms.pair[k] * (pair(side, k) - pair(side.opponent(), k)))
            .sum()
    }

    /// The pieces in hand, each at its value on the board: a piece in hand can go
    /// where it is needed, which is worth about what a good cell would add.
    fn hands(&self, pos: &Position, stm: usize) -> i32 {
        let mut score = 0;
        for side in [crate::model::Side::White, crate::model::Side::Black] {
            let held: i32 = (0..self.kinds)
                .map(|k| i32::from(pos.reserve_count(side, k)) * self.terms.hand[k])
                .sum();
            score += if side.index() == stm { held } else { -held };
        }
        score
    }

    /// Whether `side` has a piece that is neither royal nor promoting: then a null
    /// move's verdict can be trusted (zugzwang needs few pieces of other kinds).
    pub fn can_wait(&self, pos: &Position, side: crate::model::Side) -> bool {
        (pos.piece_cells(side).iter())
            .filter_map(|&c| pos.piece_at(c))
            .any(|p| self.waits[p.kind])
    }

    /// Where every piece but the royal ones captures by replacement: the cells
    /// the enemy's least valuable pieces strike, and per kind whether it is one
    /// of those kinds (a piece of any other kind is threatened on those cells).
    pub fn threatened_cells(&self, pos: &Position) -> Option<(u128, &[bool])> {
        let enemy = pos.side_to_move().opponent();
        Some(self.activity.as_ref()?.struck_by_least(pos, enemy))
    }

    /// A captured piece's value for ordering (royal pieces highest).
    pub fn victim_value(&self, kind: usize) -> i32 {
        self.exchange_values[kind]
    }
}

/// A side's promotion bonus in quarters of a centipawn: given, or derived.
pub(super) fn advance_of(rules: &Ruleset, terms: &Terms, side: usize, kind: usize) -> i32 {
    match rules.definition.evaluation.of(kind).advance {
        Some(_) => terms.advance_quarters[kind],
        None => derived_advance(rules, &terms.value, side, kind),
    }
}

/// The derived promotion bonus in quarters of a centipawn: a quarter of what
/// promoting gains, or an eighth where passed pieces count it again
/// ([`passed::EXTRA`](super::passed::EXTRA) times): a piece that may still be
/// stopped is worth less for its nearness (chess at 10,000 nodes a move: +29 ±
/// 27 Elo over 500 games against a quarter for every pawn, which pushed blocked
/// pawns).
fn derived_advance(rules: &Ruleset, values: &[i32], side: usize, kind: usize) -> i32 {
    let gain = promotion_gain(rules, values, side, kind);
    if super::passed::counted(rules) {
        gain / 2
    } else {
        gain
    }
}

/// `squares` (per side, kind and cell) laid out per cell and piece code, as
/// [`Position::set_weights`] reads them.
fn weights(rules: &Ruleset, squares: &[i64]) -> Weights {
    let (cells, kinds) = (rules.cell_count(), rules.kinds);
    let codes = 2 * kinds + 1;
    let mut w = vec![0; cells * codes];
    for c in 0..cells {
        for code in 1..codes {
            let (side, kind) = ((code - 1) & 1, (code - 1) >> 1);
            w[c * codes + code] = squares[(side * kinds + kind) * cells + c];
        }
    }
    w.into()
}

#[cfg(test)]
mod tests {
    use super::{pack, unpack, Evaluator};
    use crate::engine::Position;

    /// A side ahead with a knight or a bishop alone cannot win: a sixteenth of
    /// its lead is left. A rook can, and a pawn may promote.
    #[test]
    fn a_lead_of_a_lone_piece_that_cannot_mate_counts_a_sixteenth() {
        let rules = super::super::chess("");
        let eval = Evaluator::new(&rules);
        let drawish = |fen: &str, score: i32| {
            let pos = Position::from_fen(&rules, fen).expect("a position");
            eval.drawish(&pos, score)
        };
        let knight = "7k/8/8/8/8/2N5/8/4K3 w - - 0 1";
        assert_eq!(drawish(knight, 320), 20);
        assert_eq!(drawish(knight, -320), -320, "Black is not ahead");
        assert_eq!(drawish("7k/8/8/8/8/2B5/p7/4K3 b - - 0 1", -330), -20);
        assert_eq!(drawish("7k/8/8/8/8/2R5/8/4K3 w - - 0 1", 500), 500);
        assert_eq!(drawish("7k/8/8/8/8/2N5/P7/4K3 w - - 0 1", 420), 420);
        assert_eq!(drawish("7k/8/8/8/8/2NN4/8/4K3 w - - 0 1", 640), 640);
        // and the evaluation says so
        let pos = Position::from_fen(&rules, knight).expect("a position");
        assert!(eval.evaluate(&pos).abs() < 40, "{}", eval.evaluate(&pos));
    }

    /// Sums of packed values, added and taken away in any order and of either
    /// sign, unpack to the sums of each half.
    #[test]
    fn packed_values_sum_as_both_halves_do() {
        let values = [(300, 340), (-25, 60), (0, -1), (-1, 0), (99_999, -99_999)];
        let (mut sum, mut early, mut late) = (0i64, 0, 0);
        for (i, &(e, l)) in values.iter().enumerate() {
            let sign = if i % 2 == 0 { 1 } else { -1 };
            sum += i64::from(sign) * pack(e, l);
            (early, late) = (early + sign * e, late + sign * l);
            assert_eq!(unpack(sum), (early, late), "after {i}");
        }
        assert_eq!(unpack(-pack(5, -7)), (-5, 7));
    }
}
