//! What a match's results say: the score, the Elo difference it implies with its
//! 95 % error, and the sequential probability ratio test (SPRT) that tells when a
//! match has said enough.

use serde::{Deserialize, Serialize};

/// Wins, draws and losses, from one player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

/// An Elo difference and the half-width of its 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The difference; infinite when every game was won or every game lost.
    pub difference: f64,
    /// Half the width of the interval; infinite when the interval is unbounded.
    pub error: f64,
    /// The interval's lower end: minus infinity where its score reaches 0.
    pub low: f64,
    /// The interval's upper end: plus infinity where its score reaches 1.
    pub high: f64,
}

/// The normal distribution's 97.5th percentile: a two-sided 95 % interval.
const Z_95: f64 = 1.959_964;

impl Tally {
    /// `wins` won, `draws` drawn and `losses` lost.
    pub const fn new(wins: u64, draws: u64, losses: u64) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Points per game: a win 1, a draw ½; `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / n as f64)
    }

    /// The variance of one game's points around the mean score.
    fn variance(&self, score: f64) -> f64 {
        let n = self.games() as f64;
        let w = self.wins as f64 * (1.0 - score).powi(2);
        let d = self.draws as f64 * (0.5 - score).powi(2);
        let l = self.losses as f64 * score.powi(2);
        (w + d + l) / n
    }

    /// The Elo difference the score implies, with its 95 % error.
    pub fn elo(&self) -> Option<Elo> {
        let score = self.score()?;
        let spread = Z_95 * (self.variance(score) / self.games() as f64).sqrt();
        let low = elo_of_score(score - spread);
        let high = elo_of_score(score + spread);
        Some(Elo {
            difference: elo_of_score(score),
            error: (high - low) / 2.0,
            low,
            high,
        })
    }
}

/// The Elo difference at which the stronger side expects `score` points a game.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The score a side expects per game at an Elo difference of `elo`.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A sequential test of "the difference is `elo0`" against "it is `elo1`", with
/// both error rates at 5 %.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// The difference of the null hypothesis.
    pub elo0: f64,
    /// The difference of the alternative.
    pub elo1: f64,
}

/// Where a sequential test stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// The log-likelihood ratio fell below the lower bound: `elo0` holds.
    AcceptNull,
    /// It rose above the upper bound: `elo1` holds.
    AcceptAlternative,
    /// Neither bound is crossed yet.
    Continue,
}

/// The chance of accepting a hypothesis that is false, each way.
const SPRT_ERROR: f64 = 0.05;

impl Sprt {
    /// The log-likelihood ratio of the games so far, by the normal approximation
    /// of the mean score (0 before the first game). When an outcome has not
    /// happened yet, each outcome counts half a game more: a run of wins alone has
    /// no spread, and would otherwise never decide.
    pub fn llr(&self, tally: &Tally) -> f64 {
        if tally.games() == 0 {
            return 0.0;
        }
        let [w, d, l] = [tally.wins, tally.draws, tally.losses].map(|n| n as f64);
        let prior = if w * d * l == 0.0 { 0.5 } else { 0.0 };
        let [w, d, l] = [w + prior, d + prior, l + prior];
        let n = w + d + l;
        let score = (w + d / 2.0) / n;
        let variance =
            (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / n;
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * variance)
    }

    /// The lower and upper bounds of the ratio.
    pub fn bounds(&self) -> (f64, f64) {
        let a = SPRT_ERROR;
        ((a / (1.0 - a)).ln(), ((1.0 - a) / a).ln())
    }

    /// The test's decision after `tally`.
    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let llr = self.llr(tally);
        let (low, high) = self.bounds();
        if llr <= low {
            Verdict::AcceptNull
        } else if llr >= high {
            Verdict::AcceptAlternative
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_of_three_quarters_is_191_elo() {
        let elo = Tally::new(50, 0, 0).elo().expect("games");
        assert_eq!(elo.difference, f64::INFINITY);
        let e = Tally::new(60, 30, 10).elo().expect("games");
        assert!((e.difference - 190.85).abs() < 0.01, "{e:?}");
        // Per-game variance 0.1125 over 100 games: the score is 0.75 ± 0.0657.
        let low = elo_of_score(0.75 - 1.959_964 * (0.1125f64 / 100.0).sqrt());
        let high = elo_of_score(0.75 + 1.959_964 * (0.1125f64 / 100.0).sqrt());
        assert!((e.error - (high - low) / 2.0).abs() < 1e-9);
        assert!((e.error - 62.1).abs() < 0.1, "{e:?}");
        assert_eq!((e.low, e.high), (low, high));
        // 1½ of 16: the score's interval reaches below 0, its upper end does not
        let e = Tally::new(1, 1, 14).elo().expect("games");
        assert_eq!(e.low, f64::NEG_INFINITY);
        assert!((e.high - -217.1).abs() < 0.1, "{e:?}");
    }

    #[test]
    fn an_even_score_is_zero_elo() {
        let e = Tally::new(10, 20, 10).elo().expect("games");
        assert_eq!(e.difference, 0.0);
        assert!(Tally::new(0, 0, 0).elo().is_none());
        assert!((score_of_elo(elo_of_score(0.3)) - 0.3).abs() < 1e-12);
    }

    #[test]
    fn the_test_decides_when_the_evidence_is_strong() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 50.0,
        };
        let (low, high) = sprt.bounds();
        assert!((high - 2.944).abs() < 0.001 && (low + 2.944).abs() < 0.001);
        assert_eq!(sprt.verdict(&Tally::new(3, 4, 3)), Verdict::Continue);
        assert_eq!(
            sprt.verdict(&Tally::new(120, 60, 20)),
            Verdict::AcceptAlternative
        );
        assert_eq!(sprt.verdict(&Tally::new(40, 80, 80)), Verdict::AcceptNull);
        assert_eq!(sprt.llr(&Tally::new(0, 0, 0)), 0.0);
        // Thirty draws: the sides are even, not 50 Elo apart.
        assert_eq!(sprt.verdict(&Tally::new(0, 30, 0)), Verdict::AcceptNull);
        // Wins alone decide too, after a few games.
        assert_eq!(sprt.verdict(&Tally::new(2, 0, 0)), Verdict::Continue);
        assert_eq!(
            sprt.verdict(&Tally::new(8, 0, 0)),
            Verdict::AcceptAlternative
        );
    }
}
