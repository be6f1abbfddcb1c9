//! Piece values from self-play (`vdl values`): every position of the games, with
//! each kind's material balance and the game's result, fitted by logistic
//! regression (the chance that White scores, from the balance), with error bars
//! from resampling whole games.

use super::openings;
use super::GameOutcome;
use crate::compile::Ruleset;
use crate::engine::{Move, Position};
use crate::model::Side;
use crate::random::Rng;
use crate::referee::long_algebraic;

/// One position: White's material balance per kind and White's score in its game.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The game it comes from (resampling keeps a game's positions together).
    pub game: usize,
    /// White's pieces less Black's, per kind (pieces in hand counted).
    pub balance: Vec<f64>,
    /// 1, ½ or 0.
    pub score: f64,
}

/// A kind's estimated value.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The kind.
    pub kind: usize,
    /// How much one more piece of the kind raises White's winning chances, as an
    /// Elo difference.
    pub elo: f64,
    /// The 95 % error of `elo`.
    pub elo_error: f64,
    /// Positions in which the two sides had different numbers of the kind.
    pub unbalanced: usize,
}

/// A game to learn from: its start, its moves and White's score.
#[derive(Clone, Debug)]
pub struct ScoredGame {
    /// The start and the moves, in long algebraic notation.
    pub game: openings::Opening,
    /// 1, ½ or 0.
    pub score: f64,
}

/// A result as White's score; none for an unfinished game.
fn score_of(result: &str) -> Option<f64> {
    match result {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

/// The games a match played, to learn from.
pub fn scored_games(rules: &Ruleset, games: &[GameOutcome]) -> Result<Vec<ScoredGame>, String> {
    let mut out = Vec::new();
    for g in games {
        let game = (openings::games(rules, &g.pgn)
            .map_err(|e| e.0)?
            .into_iter()
            .next())
        .ok_or("a game without moves")?;
        out.push(ScoredGame {
            game,
            score: score_of(&g.result).unwrap_or(0.5),
        });
    }
    Ok(out)
}

/// The finished games of a PGN file (games without a result are left out): the
/// games of a collection to learn from, each checked by the referee.
pub fn scored_pgn(rules: &Ruleset, text: &str) -> Result<Vec<ScoredGame>, String> {
    let mut out = Vec::new();
    for (n, refereed) in crate::referee::referee_games(rules, text)
        .into_iter()
        .enumerate()
    {
        if let Some(e) = refereed.error {
            return Err(format!("game {}: {}", n + 1, e.message));
        }
        let score = refereed.recorded.as_ref().and_then(|r| score_of(&r.score));
        if let (Some(game), Some(score)) = (refereed.game, score) {
            out.push(ScoredGame {
                game: openings::Opening::of_game(&game),
                score,
            });
        }
    }
    Ok(out)
}

/// `games` without those that repeat an earlier one move for move (a match of a
/// player against itself at fixed nodes plays each opening's two games alike),
/// and how many were left out: a repeated game would count twice, and could sit
/// on both sides of a held-out split.
pub fn distinct(games: Vec<ScoredGame>) -> (Vec<ScoredGame>, usize) {
    let mut seen = std::collections::HashSet::new();
    let first: Vec<bool> = games.iter().map(|g| seen.insert(&g.game)).collect();
    let repeated = first.iter().filter(|&&f| !f).count();
    let kept = (games.into_iter().zip(first))
        .filter_map(|(g, f)| f.then_some(g))
        .collect();
    (kept, repeated)
}

/// The positions of `games` (each after its first `skip` plies) as samples.
pub fn samples(rules: &Ruleset, games: &[ScoredGame], skip: usize) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    replay(rules, games, |game, score, ply, pos, _| {
        if ply >= skip {
            out.push(Sample {
                game,
                balance: balance(pos),
                score,
            });
        }
    })?;
    Ok(out)
}

/// Every position of `games` in turn, with its game's index, White's score in
/// that game, the ply and the move played from it.
pub(super) fn replay(
    rules: &Ruleset,
    games: &[ScoredGame],
    mut visit: impl FnMut(usize, f64, usize, &Position, &Move),
) -> Result<(), String> {
    let mut legal = Vec::new();
    for (index, g) in games.iter().enumerate() {
        let mut pos = Position::from_fen(rules, &g.game.fen).map_err(|e| e.message)?;
        for (ply, text) in g.game.moves.iter().enumerate() {
            pos.legal_moves(&mut legal);
            let m = long_algebraic::read(&pos, &legal, text)
                .ok_or_else(|| format!("game {}: the move {text} is not legal", index + 1))?;
            visit(index, g.score, ply, &pos, &m);
            pos.make(m);
        }
    }
    Ok(())
}

/// White's pieces less Black's, per kind, on the board and in hand.
fn balance(pos: &Position) -> Vec<f64> {
    let rules = pos.rules();
    let mut b = vec![0.0; rules.kinds];
    for (side, sign) in [(Side::White, 1.0), (Side::Black, -1.0)] {
        for &c in pos.piece_cells(side) {
            if let Some(p) = pos.piece_at(c) {
                b[p.kind] += sign;
            }
        }
        if rules.flags.hand {
            for (k, slot) in b.iter_mut().enumerate() {
                *slot += sign * f64::from(pos.reserve_count(side, k));
            }
        }
    }
    b
}

/// Elo per unit of log-odds.
const ELO_PER_LOGIT: f64 = 400.0 / std::f64::consts::LN_10;
/// Pulls coefficients that the data hardly constrain towards 0.
const RIDGE: f64 = 0.01;

/// The logistic regression of the score on the balances of `kinds`: one
/// coefficient per kind (log-odds per piece), then White's intercept.
pub fn fit(samples: &[&Sample], kinds: &[usize]) -> Vec<f64> {
    let n = kinds.len() + 1;
    let mut beta = vec![0.0; n];
    let features = |s: &Sample| -> Vec<f64> {
        let mut x: Vec<f64> = kinds.iter().map(|&k| s.balance[k]).collect();
        x.push(1.0);
        x
    };
    for _ in 0..50 {
        // Newton's step on the penalised log-likelihood
        let mut grad = vec![0.0; n];
        let mut hess = vec![vec![0.0; n]; n];
        for s in samples {
            let x = features(s);
            let z: f64 = x.iter().zip(&beta).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let w = (p * (1.0 - p)).max(1e-9);
            for i in 0..n {
                grad[i] += (s.score - p) * x[i];
                for j in 0..n {
                    hess[i][j] += w * x[i] * x[j];
                }
            }
        }
        for i in 0..n - 1 {
            grad[i] -= RIDGE * beta[i];
            hess[i][i] += RIDGE;
        }
        let Some(step) = solve(hess, grad) else {
            break;
        };
        let size: f64 = step.iter().map(|d| d.abs()).fold(0.0, f64::max);
        beta.iter_mut().zip(&step).for_each(|(b, d)| *b += d);
        if size < 1e-9 {
            break;
        }
    }
    beta
}

/// `a · x = b` by Gaussian elimination with partial pivoting; none if singular.
pub(super) fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (upper, lower) = a.split_at_mut(col + 1);
        let pivot_row = &upper[col];
        for (i, row) in lower.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            row.iter_mut()
                .zip(pivot_row)
                .skip(col)
                .for_each(|(x, p)| *x -= f * p);
            b[col + 1 + i] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    Some(x)
}

/// Each kind's value (those that were ever unbalanced), with errors from
/// `resamples` fits on games drawn with replacement (seeded).
pub fn estimate(samples: &[Sample], kinds: usize, resamples: usize, seed: u64) -> Vec<Estimate> {
    let unbalanced: Vec<usize> = (0..kinds)
        .map(|k| samples.iter().filter(|s| s.balance[k] != 0.0).count())
        .collect();
    let fitted: Vec<usize> = (0..kinds).filter(|&k| unbalanced[k] > 0).collect();
    let all: Vec<&Sample> = samples.iter().collect();
    let beta = fit(&all, &fitted);
    let game: Vec<usize> = samples.iter().map(|s| s.game).collect();
    let errors = bootstrap_errors(&game, fitted.len(), (resamples, seed), |drawn| {
        let drawn: Vec<&Sample> = drawn.iter().map(|&i| &samples[i]).collect();
        fit(&drawn, &fitted)
    });
    fitted
        .iter()
        .enumerate()
        .map(|(i, &kind)| Estimate {
            kind,
            elo: beta[i] * ELO_PER_LOGIT,
            elo_error: 1.96 * errors[i] * ELO_PER_LOGIT,
            unbalanced: unbalanced[kind],
        })
        .collect()
}

/// The spread of each of `n` coefficients over `resamples` fits (seeded), each on
/// whole games drawn with replacement: `game` is each sample's game, and `fit`
/// fits the samples whose indexes it is given.
pub(super) fn bootstrap_errors(
    game: &[usize],
    n: usize,
    (resamples, seed): (usize, u64),
    mut fit: impl FnMut(&[usize]) -> Vec<f64>,
) -> Vec<f64> {
    let games = game.iter().map(|g| g + 1).max().unwrap_or(0);
    let mut by_game: Vec<Vec<usize>> = vec![Vec::new(); games];
    game.iter()
        .enumerate()
        .for_each(|(i, &g)| by_game[g].push(i));
    // games with no sample (held out, or too short) are not drawn
    by_game.retain(|g| !g.is_empty());
    let mut rng = Rng::new(seed);
    let mut draws: Vec<Vec<f64>> = vec![Vec::new(); n];
    for _ in 0..resamples {
        let drawn: Vec<usize> = (0..by_game.len())
            .flat_map(|_| by_game[rng.below(by_game.len())].iter().copied())
            .collect();
        let b = fit(&drawn);
        draws.iter_mut().zip(&b).for_each(|(d, v)| d.push(*v));
    }
    draws.iter().map(|d| deviation(d)).collect()
}

/// The standard deviation; infinite (nothing known) for fewer than two values.
fn deviation(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return f64::INFINITY;
    }
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (xs.len() - 1) as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples drawn from a known model: kind 0 worth 1.0 logit, kind 1 worth 0.3.
    fn synthetic(n: usize) -> Vec<Sample> {
        let mut rng = Rng::new(4);
        (0..n)
            .map(|i| {
                let a = rng.below(5) as f64 - 2.0;
                let b = rng.below(7) as f64 - 3.0;
                let p = 1.0 / (1.0 + (-(1.0 * a + 0.3 * b + 0.1)).exp());
                let won = (rng.below(1_000_000) as f64) < p * 1_000_000.0;
                Sample {
                    game: i / 10,
                    balance: vec![a, b, 0.0],
                    score: if won { 1.0 } else { 0.0 },
                }
            })
            .collect()
    }

    #[test]
    fn the_fit_finds_the_model_the_samples_came_from() {
        let samples = synthetic(20_000);
        let all: Vec<&Sample> = samples.iter().collect();
        let beta = fit(&all, &[0, 1]);
        assert!((beta[0] - 1.0).abs() < 0.06, "{beta:?}");
        assert!((beta[1] - 0.3).abs() < 0.04, "{beta:?}");
        assert!((beta[2] - 0.1).abs() < 0.06, "{beta:?}");
    }

    #[test]
    fn estimates_cover_the_true_values_and_skip_kinds_never_unbalanced() {
        let samples = synthetic(20_000);
        let e = estimate(&samples, 3, 40, 9);
        assert_eq!(e.iter().map(|e| e.kind).collect::<Vec<_>>(), [0, 1]);
        for (est, truth) in e.iter().zip([1.0, 0.3]) {
            let t = truth * ELO_PER_LOGIT;
            assert!((est.elo - t).abs() < est.elo_error, "{est:?} against {t}");
            assert!(est.elo_error > 0.0 && est.elo_error < 30.0, "{est:?}");
        }
        assert_eq!(
            estimate(&samples, 3, 40, 9),
            e,
            "the same seed, the same estimate"
        );
    }
}
