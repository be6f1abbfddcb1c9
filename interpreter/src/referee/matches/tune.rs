//! `vdl tune`: the evaluation's weights fitted to the definition's own self-play
//! games (Texel's method). Every quiet position of the games, described by the
//! evaluation's features ([`Geometry::features`]), and its game's result, are fitted
//! by logistic regression. Each weight starts from the one in use and moves as far
//! as the games show: a prior centred there keeps the weights the games hardly
//! measure close to it. The fit is in log-odds, turned into centipawns by the
//! scale the weights in use have on the same positions, so the tuned evaluation
//! speaks the same units the search's margins assume.

use super::values::{bootstrap_errors, replay, solve, ScoredGame};
use crate::check::{MAX_PER_MOVE, MAX_PIECE_VALUE};
use crate::compile::Ruleset;
use crate::search::terms::{
    attack_feature, cell_feature, centrality_feature, endgame_cell_feature, exposure_feature,
    feature, safety_feature, shelter_feature, threats_feature, Geometry, Term, Terms, KIND_TERMS,
    SECTION_TERMS,
};

/// One quiet position: its features from White's side and White's score.
#[derive(Clone, Debug)]
pub struct TuneSample {
    /// The game it comes from.
    pub game: usize,
    /// White's less Black's, per feature.
    pub features: Vec<f64>,
    /// 1, ½ or 0; or, scored by a judge, White's chance ([`judged`]).
    pub score: f64,
    /// The position, for a judge.
    pub fen: String,
    /// Whose move it is there (a judge scores it for that side).
    pub white_to_move: bool,
}

/// What a tuning found.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// The new weights (those the games did not measure are the old ones).
    pub terms: Terms,
    /// Per feature: whether the games measured it (it varied).
    pub fitted: Vec<bool>,
    /// Quiet positions fitted on, and held out.
    pub positions: (usize, usize),
    /// The held-out positions' mean log loss with the old weights and the new.
    pub held_out_loss: (f64, f64),
}

/// Every game whose index leaves this remainder is held out, to measure the fit.
pub const HOLD_OUT_EVERY: usize = 5;

/// The quiet positions of `games` after their first `skip` plies: the side to move
/// is not in check and the move played captures nothing and promotes nothing;
/// with their features where `geometry` is given (none: no features).
pub fn tune_samples(
    rules: &Ruleset,
    geometry: Option<&Geometry>,
    games: &[ScoredGame],
    skip: usize,
) -> Result<Vec<TuneSample>, String> {
    let mut out = Vec::new();
    replay(rules, games, |game, score, ply, pos, m| {
        let quiet = m.captures().is_empty() && m.promotion().is_none();
        if ply >= skip && quiet && !pos.in_check(pos.side_to_move()) {
            out.push(TuneSample {
                game,
                features: geometry.map_or_else(Vec::new, |g| g.features(pos)),
                score,
                fen: pos.fen(),
                white_to_move: pos.side_to_move() == crate::model::Side::White,
            });
        }
    })?;
    Ok(out)
}

/// A judge's score above this many centipawns (a mate, say) counts as this.
const JUDGED_CAP: i32 = 2_000;

/// White's chance to score where a judge (an engine) scores the position
/// `centipawns` for the side to move: 1 / (1 + 10^(−s/400)) for White's score s,
/// the curve by which Elo differences give expected scores.
pub fn judged(centipawns: i32, white_to_move: bool) -> f64 {
    let s = centipawns.clamp(-JUDGED_CAP, JUDGED_CAP);
    let white = if white_to_move { s } else { -s };
    1.0 / (1.0 + 10f64.powf(-f64::from(white) / 400.0))
}

/// What a weight is, for its prior: a kind's term, a section's, or a piece on a
/// cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Weight {
    Kind(Term),
    /// `centrality` or `exposure`.
    Nearness,
    Section,
    Cell,
}

/// How far, in centipawns, each weight may be expected to lie from the one in use:
/// the prior's spread per term. A royal piece's nearness (`centrality`,
/// `exposure`) changes by a fraction of a move from a cell to the next, so its
/// weight per move may lie further. A piece on one cell is about what a quarter
/// of a pawn may say.
fn prior_spread(weight: Weight) -> f64 {
    match weight {
        Weight::Kind(Term::Value | Term::Hand | Term::Advance) => 100.0,
        Weight::Kind(Term::Isolated | Term::Doubled | Term::Pair) => 20.0,
        Weight::Nearness => 50.0,
        Weight::Cell => 25.0,
        Weight::Kind(Term::Mobility) | Weight::Section => 10.0,
    }
}

/// What the feature at `index` weighs.
fn weight_at(index: usize, kinds: usize) -> Weight {
    if index >= KIND_TERMS * kinds + SECTION_TERMS {
        return Weight::Cell;
    }
    if index >= KIND_TERMS * kinds {
        let nearness = [centrality_feature(kinds), exposure_feature(kinds)];
        return if nearness.contains(&index) {
            Weight::Nearness
        } else {
            Weight::Section
        };
    }
    Weight::Kind(Term::ALL[index / kinds.max(1)])
}

/// One sample's features as (index among the chosen, value), those that are not 0,
/// then the intercept's.
type Row = Vec<(usize, f64)>;

/// The weights fitted to `samples`, starting from `old`: each moves from the
/// old weight only as far as lies beyond its 95 % error (from `resamples` fits on
/// games drawn anew, seeded), so that what the games do not show stays as it
/// was (with fewer than two resamples, nothing moves). Fails when the games say
/// nothing of the evaluation (no position, or results that its values do not
/// predict).
pub fn tune(
    rules: &Ruleset,
    old: &Terms,
    samples: &[TuneSample],
    (resamples, seed): (usize, u64),
) -> Result<Tuned, String> {
    let (train, held): (Vec<&TuneSample>, Vec<&TuneSample>) = samples
        .iter()
        .partition(|s| s.game % HOLD_OUT_EVERY != HOLD_OUT_EVERY - 1);
    let prior = old.to_vector();
    let fitted: Vec<bool> = (0..prior.len())
        .map(|i| {
            train
                .windows(2)
                .any(|w| w[0].features[i] != w[1].features[i])
        })
        .collect();
    if !fitted.iter().any(|&f| f) {
        return Err(
            "the games have no quiet position in which the evaluation's features vary".into(),
        );
    }
    if train.windows(2).all(|w| w[0].score == w[1].score) {
        return Err("every game fitted on ended the same way (all drawn, say): the results say nothing of the evaluation; play longer games (--max-plies) or more of them".into());
    }
    // the scale: log-odds per centipawn of the evaluation in use
    let rows: Vec<Row> = (train.iter())
        .map(|s| vec![(0, dot(&s.features, &prior)), (1, 1.0)])
        .collect();
    let scale_fit = newton(&train, &rows, &[None, None], None);
    let (scale, old_intercept) = (scale_fit[0], scale_fit[1]);
    if scale <= 0.0 {
        return Err("the games' results do not follow the evaluation in use: play more games, or more nodes a move".into());
    }
    let chosen: Vec<usize> = (0..prior.len()).filter(|&i| fitted[i]).collect();
    let priors = priors(&chosen, &prior, scale, rules.kinds);
    let rows: Vec<Row> = (train.iter())
        .map(|s| {
            (chosen.iter().enumerate())
                .filter(|&(_, &f)| s.features[f] != 0.0)
                .map(|(j, &f)| (j, s.features[f]))
                .chain([(chosen.len(), 1.0)])
                .collect()
        })
        .collect();
    let beta = newton(&train, &rows, &priors, None);
    let game: Vec<usize> = train.iter().map(|s| s.game).collect();
    let errors = bootstrap_errors(&game, beta.len(), (resamples, seed), |drawn| {
        let samples: Vec<&TuneSample> = drawn.iter().map(|&i| train[i]).collect();
        let rows: Vec<Row> = drawn.iter().map(|&i| rows[i].clone()).collect();
        newton(&samples, &rows, &priors, Some(&beta))
    });
    let mut weights = prior.clone();
    for (j, &i) in chosen.iter().enumerate() {
        let change = beta[j] / scale - prior[i];
        let beyond = (change.abs() - 1.96 * errors[j] / scale).max(0.0);
        weights[i] = prior[i] + beyond.copysign(change);
    }
    let terms = to_terms(&weights, old, (rules.kinds, rules.cell_count()));
    // each set of weights with the intercept fitted with it
    let loss =
        |w: &[f64], intercept: f64| mean_loss(&held, |s| scale * dot(&s.features, w) + intercept);
    Ok(Tuned {
        held_out_loss: (
            loss(&prior, old_intercept),
            loss(&terms.to_vector(), beta[chosen.len()]),
        ),
        terms,
        fitted,
        positions: (train.len(), held.len()),
    })
}

/// A coefficient's prior: its mean and spread (none: not penalised).
type Prior = Option<(f64, f64)>;

/// Each chosen weight's prior in log-odds: centred on the weight in use.
fn priors(chosen: &[usize], prior: &[f64], scale: f64, kinds: usize) -> Vec<Prior> {
    chosen
        .iter()
        .map(|&i| Some((prior[i] * scale, prior_spread(weight_at(i, kinds)) * scale)))
        .chain([None])
        .collect()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The mean log loss of predictions (in log-odds) on `samples`; none held out: 0.
fn mean_loss(samples: &[&TuneSample], z: impl Fn(&TuneSample) -> f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = (1.0 / (1.0 + (-z(s)).exp())).clamp(1e-12, 1.0 - 1e-12);
            -(s.score * p.ln() + (1.0 - s.score) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len() as f64
}

/// Newton's method on the penalised log-likelihood, from `start` or the priors' means.
fn newton(
    samples: &[&TuneSample],
    rows: &[Row],
    priors: &[Prior],
    start: Option<&[f64]>,
) -> Vec<f64> {
    let n = priors.len();
    let mut beta: Vec<f64> = match start {
        Some(b) => b.to_vec(),
        None => priors.iter().map(|p| p.map_or(0.0, |(m, _)| m)).collect(),
    };
    for _ in 0..30 {
        let mut grad = vec![0.0; n];
        let mut hess = vec![vec![0.0; n]; n];
        for (s, x) in samples.iter().zip(rows) {
            let z: f64 = x.iter().map(|&(i, v)| v * beta[i]).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let w = (p * (1.0 - p)).max(1e-9);
            // a row's indexes rise, so each pair lands in the lower triangle
            for (a, &(i, xi)) in x.iter().enumerate() {
                grad[i] += (s.score - p) * xi;
                for &(j, xj) in &x[..=a] {
                    hess[i][j] += w * xi * xj;
                }
            }
        }
        for i in 0..n {
            // the upper triangle mirrors the lower one
            let (above, from) = hess.split_at_mut(i);
            for (j, row) in above.iter_mut().enumerate() {
                row[i] = from[0][j];
            }
            if let Some((mean, spread)) = priors[i] {
                let inv = 1.0 / (spread * spread).max(1e-300);
                grad[i] -= (beta[i] - mean) * inv;
                hess[i][i] += inv;
            }
        }
        let Some(step) = solve(hess, grad) else { break };
        let size: f64 = step.iter().map(|d| d.abs()).fold(0.0, f64::max);
        beta = damped(samples, rows, priors, (&beta, &step));
        if size < 1e-10 {
            break;
        }
    }
    beta
}

/// `beta` moved along Newton's `step`, halved until the objective does not fall:
/// from weights far off (predictions near 0 or 1, the curvature almost nil) a
/// full step overshoots without bound.
fn damped(
    samples: &[&TuneSample],
    rows: &[Row],
    priors: &[Prior],
    (beta, step): (&[f64], &[f64]),
) -> Vec<f64> {
    let now = objective(samples, rows, priors, beta);
    let mut t = 1.0;
    loop {
        let next: Vec<f64> = beta.iter().zip(step).map(|(b, d)| b + t * d).collect();
        if objective(samples, rows, priors, &next) >= now || t < 1e-6 {
            return next;
        }
        t /= 2.0;
    }
}

/// The penalised log-likelihood Newton's method climbs.
fn objective(samples: &[&TuneSample], rows: &[Row], priors: &[Prior], beta: &[f64]) -> f64 {
    let fit: f64 = (samples.iter().zip(rows))
        .map(|(s, x)| {
            let z: f64 = x.iter().map(|&(i, v)| v * beta[i]).sum();
            // log p = −ln(1 + e^−z), without overflow for large |z|; log (1 − p) = log p − z
            let log_p = -((-z).max(0.0) + (-z.abs()).exp().ln_1p());
            s.score * log_p + (1.0 - s.score) * (log_p - z)
        })
        .sum();
    let penalty: f64 = (priors.iter().zip(beta))
        .filter_map(|(p, b)| {
            p.map(|(mean, spread)| (b - mean).powi(2) / (2.0 * (spread * spread).max(1e-300)))
        })
        .sum();
    fit - penalty
}

/// Weights in centipawns, in the features' order, as terms in range; what the
/// features are counted by (the attack's count) as in `old`.
fn to_terms(w: &[f64], old: &Terms, (kinds, cells): (usize, usize)) -> Terms {
    let at = |t: Term, k: usize| w[feature(t, k, kinds)];
    let bounded = |v: f64, lo: f64, hi: f64| v.round().clamp(lo, hi) as i32;
    let (piece, per_move) = (MAX_PIECE_VALUE as f64, MAX_PER_MOVE as f64);
    Terms {
        value: (0..kinds)
            .map(|k| bounded(at(Term::Value, k), 0.0, piece))
            .collect(),
        hand: (0..kinds)
            .map(|k| bounded(at(Term::Hand, k), 0.0, piece))
            .collect(),
        mobility: (0..kinds)
            .map(|k| bounded(at(Term::Mobility, k), -per_move, per_move))
            .collect(),
        advance_quarters: (0..kinds)
            .map(|k| 4 * bounded(at(Term::Advance, k), 0.0, piece))
            .collect(),
        isolated: (0..kinds)
            .map(|k| bounded(at(Term::Isolated, k), -per_move, per_move))
            .collect(),
        doubled: (0..kinds)
            .map(|k| bounded(at(Term::Doubled, k), -per_move, per_move))
            .collect(),
        pair: (0..kinds)
            .map(|k| bounded(at(Term::Pair, k), -per_move, per_move))
            .collect(),
        safety: bounded(w[safety_feature(kinds)], -per_move, per_move),
        shelter: bounded(w[shelter_feature(kinds)], -per_move, per_move),
        centrality: bounded(w[centrality_feature(kinds)], -per_move, per_move),
        exposure: bounded(w[exposure_feature(kinds)], -per_move, per_move),
        attack: bounded(w[attack_feature(kinds)], -per_move, per_move),
        weak_cells: old.weak_cells,
        safe_checks: old.safe_checks,
        threats: bounded(w[threats_feature(kinds)], -per_move, per_move),
        cells: (0..kinds * cells)
            .map(|i| bounded(w[cell_feature(0, i, (kinds, cells))], -per_move, per_move))
            .collect(),
        endgame_cells: (0..kinds * cells)
            .map(|i| {
                bounded(
                    w[endgame_cell_feature(0, i, (kinds, cells))],
                    -per_move,
                    per_move,
                )
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;
    use crate::search::eval::terms;

    fn chess() -> Ruleset {
        crate::search::chess("")
    }

    /// The king's kind in chess, and the cells g1 and h1.
    const KING: usize = 0;
    const G1: usize = 6;
    const H1: usize = 7;

    /// Samples whose results follow `truth` at `scale` log-odds per centipawn.
    fn synthetic(truth: &Terms, scale: f64, n: usize) -> Vec<TuneSample> {
        let w = truth.to_vector();
        let kinds = truth.value.len();
        let mut rng = Rng::new(7);
        let mut draw = |span: usize| rng.below(2 * span + 1) as f64 - span as f64;
        (0..n)
            .map(|i| {
                let mut x = vec![0.0; w.len()];
                for k in 0..kinds {
                    // mostly balanced material, as in real games
                    x[feature(Term::Value, k, kinds)] = draw(4).clamp(-1.0, 1.0) * draw(1).abs();
                    x[feature(Term::Mobility, k, kinds)] = draw(10);
                    x[feature(Term::Advance, k, kinds)] = draw(4) / 4.0;
                    x[feature(Term::Isolated, k, kinds)] = draw(2);
                    x[feature(Term::Doubled, k, kinds)] = draw(1);
                }
                x[safety_feature(kinds)] = draw(3);
                x[shelter_feature(kinds)] = draw(4);
                // by turns, so that the other features' draws stay as they were
                x[exposure_feature(kinds)] = (i * 7 % 9) as f64 - 4.0;
                x[cell_feature(KING, G1, (kinds, 64))] = ((i / 9) % 3) as f64 - 1.0;
                x[endgame_cell_feature(KING, H1, (kinds, 64))] = ((i / 27) % 3) as f64 - 1.0;
                let p = 1.0 / (1.0 + (-scale * dot(&x, &w)).exp());
                let won = draw(500_000) + 500_000.0 < p * 1_000_001.0;
                TuneSample {
                    game: i / 20,
                    features: x,
                    score: if won { 1.0 } else { 0.0 },
                    fen: String::new(),
                    white_to_move: true,
                }
            })
            .collect()
    }

    #[test]
    fn tuning_finds_the_weights_the_results_came_from() {
        let rules = chess();
        let old = terms(&rules);
        let (rook, knight, pawn) = (2, 4, 5);
        let mut truth = old.clone();
        truth.isolated[pawn] = -40;
        truth.value[knight] = 360;
        truth.mobility[rook] = 20;
        truth.safety = -15;
        truth.shelter = 25;
        truth.exposure = -25;
        truth.cells[KING * 64 + G1] = 40;
        truth.endgame_cells[KING * 64 + H1] = -40;
        let samples = synthetic(&truth, 0.004, 12_000);
        let tuned = tune(&rules, &old, &samples, (20, 1)).expect("a fit");
        let t = &tuned.terms;
        // the changed weights move towards the truth, no further than the noise
        assert!((320..=380).contains(&t.value[knight]), "{t:?}");
        assert!((13..=23).contains(&t.mobility[rook]), "{t:?}");
        assert!((-18..=-3).contains(&t.safety), "{t:?}");
        assert!((15..=35).contains(&t.shelter), "{t:?}");
        assert!((-35..=-10).contains(&t.exposure), "{t:?}");
        assert_eq!(rules.definition.pieces[KING].name, "King");
        assert_eq!(rules.cell_name(G1 as crate::compile::Cell), "g1");
        assert!((25..=45).contains(&t.cells[KING * 64 + G1]), "{t:?}");
        assert!(
            (-45..=-25).contains(&t.endgame_cells[KING * 64 + H1]),
            "{t:?}"
        );
        // cells no position changed stay as they were
        assert_eq!(t.cells.iter().filter(|&&v| v != 0).count(), 1, "{t:?}");
        assert_eq!(
            t.endgame_cells.iter().filter(|&&v| v != 0).count(),
            1,
            "{t:?}"
        );
        assert!((-50..=-20).contains(&t.isolated[pawn]), "{t:?}");
        // weights the results agree with stay exactly as they were
        assert_eq!(
            (t.value[1], t.value[3]),
            (old.value[1], old.value[3]),
            "{t:?}"
        );
        // nothing varied in hand, so the hand terms stay as they were
        assert_eq!(t.hand, old.hand);
        assert!(!tuned.fitted[feature(Term::Hand, knight, rules.kinds)]);
        let (before, after) = tuned.held_out_loss;
        assert!(after < before, "{before} -> {after}");
        assert_eq!(tuned.positions.0 + tuned.positions.1, samples.len());
        assert_eq!(
            tune(&rules, &old, &samples, (20, 1)),
            Ok(tuned),
            "the same samples and seed, the same fit"
        );
    }

    /// One feature of a few thousand (an evaluation far off, in centipawns) whose
    /// results follow it at 0.002 log-odds each, with an intercept.
    fn far_off(n: usize) -> (Vec<TuneSample>, Vec<Row>) {
        let mut rng = Rng::new(11);
        (0..n)
            .map(|i| {
                let x = rng.below(6001) as f64 - 3000.0;
                let p = 1.0 / (1.0 + (-0.002 * x - 0.3).exp());
                let won = (rng.below(1_000_001) as f64) < p * 1_000_001.0;
                let sample = TuneSample {
                    game: i,
                    features: vec![x],
                    score: if won { 1.0 } else { 0.0 },
                    fen: String::new(),
                    white_to_move: true,
                };
                (sample, vec![(0, x), (1, 1.0)])
            })
            .unzip()
    }

    #[test]
    fn a_fit_started_far_off_still_finds_the_truth() {
        let (samples, rows) = far_off(4_000);
        let samples: Vec<&TuneSample> = samples.iter().collect();
        // a prior 100 times too large and wide: every prediction starts near 0 or 1
        let priors = [Some((0.2, 1.0)), None];
        let beta = newton(&samples, &rows, &priors, None);
        assert!((0.0015..0.0025).contains(&beta[0]), "{beta:?}");
        assert!((0.1..0.5).contains(&beta[1]), "{beta:?}");
        let start = [0.2, 0.0];
        assert!(
            objective(&samples, &rows, &priors, &beta)
                > objective(&samples, &rows, &priors, &start)
        );
    }

    #[test]
    fn a_judges_score_is_whites_chance_on_the_elo_curve() {
        assert_eq!(judged(0, true), 0.5);
        // 400 centipawns for the side to move: 10 to 1
        assert!((judged(400, true) - 10.0 / 11.0).abs() < 1e-12);
        assert!((judged(400, false) - 1.0 / 11.0).abs() < 1e-12);
        // a mate counts as 2,000 centipawns
        assert_eq!(judged(-10_000, false), judged(2_000, true));
        assert!((judged(2_000, true) - 1.0 / (1.0 + 1e-5)).abs() < 1e-12);
    }

    #[test]
    fn games_that_say_nothing_are_refused() {
        let rules = chess();
        let old = terms(&rules);
        assert!(tune(&rules, &old, &[], (20, 1)).is_err());
        let same = TuneSample {
            game: 0,
            features: vec![1.0; old.to_vector().len()],
            score: 1.0,
            fen: String::new(),
            white_to_move: true,
        };
        assert!(tune(&rules, &old, &[same.clone(), same], (20, 1)).is_err());
        let drawn: Vec<TuneSample> = synthetic(&old, 0.004, 200)
            .into_iter()
            .map(|s| TuneSample { score: 0.5, ..s })
            .collect();
        let refused = tune(&rules, &old, &drawn, (20, 1)).expect_err("all drawn");
        assert!(refused.contains("ended the same way"), "{refused}");
    }
}
