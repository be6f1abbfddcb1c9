//! Fitting a [`Network`] to scored positions: each position's chance for the
//! side to move, from an engine's score of it, by least squares on the network's
//! output turned into a chance, with Adam's steps over shuffled batches.

use super::network::Inputs;
use crate::compile::Ruleset;
use crate::engine::Position;
use crate::model::{Network, HIDDEN_ONE, MAX_FIRST_LAYER, MAX_SECOND_LAYER, OUTPUT_PARTS};

/// The output's unit while fitting, in centipawns: the log-odds scale (a score
/// of 400 is ten to one).
const OUTPUT_SCALE: f32 = 400.0;

/// The network as it is fitted: [`Network`]'s layout in real numbers, its hidden
/// values clipped to 0..1 and its output in units of [`OUTPUT_SCALE`].
#[derive(Clone, Debug)]
struct Float {
    hidden: usize,
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

impl Float {
    fn accumulate(&self, active: &[u32], acc: &mut [f32]) {
        acc.copy_from_slice(&self.b1);
        for &i in active {
            let row = &self.w1[i as usize * self.hidden..][..self.hidden];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    fn output(&self, mover: &[f32], other: &[f32]) -> f32 {
        let (w_mover, w_other) = self.w2.split_at(self.hidden);
        let dot = |acc: &[f32], w: &[f32]| -> f32 {
            acc.iter()
                .zip(w)
                .map(|(&a, &w)| a.clamp(0.0, 1.0) * w)
                .sum()
        };
        self.b2 + dot(mover, w_mover) + dot(other, w_other)
    }

    /// In integers, as a definition keeps it.
    fn quantized(&self, inputs: usize) -> Network {
        let bound = MAX_FIRST_LAYER as f32;
        let first = |w: &f32| (w * HIDDEN_ONE as f32).round().clamp(-bound, bound) as i16;
        let scale = OUTPUT_SCALE * OUTPUT_PARTS as f32;
        let bound = MAX_SECOND_LAYER as f32;
        let second = |w: &f32| (w * scale).round().clamp(-bound, bound) as i32;
        Network {
            inputs,
            hidden: self.hidden,
            w1: self.w1.iter().map(first).collect(),
            b1: self.b1.iter().map(first).collect(),
            w2: self.w2.iter().map(second).collect(),
            b2: second(&self.b2),
        }
    }
}

/// One scored position: the inputs it sets for the side to move and for the
/// other, and the side to move's chance.
#[derive(Clone, Debug)]
pub struct Example {
    /// The inputs the side to move's view sets.
    pub mover: Vec<u32>,
    /// The inputs the other side's view sets.
    pub other: Vec<u32>,
    /// The side to move's chance, as the judge scored it.
    pub chance: f32,
}

/// A score in centipawns for the side to move as its chance: 1 / (1 + 10^(−s/400)).
pub fn chance(centipawns: i32) -> f32 {
    let s = centipawns.clamp(-2_000, 2_000) as f32;
    1.0 / (1.0 + 10f32.powf(-s / 400.0))
}

/// The example of `pos`, where the side to move's chance is `chance`.
pub fn example(inputs: &Inputs, pos: &Position, chance: f32) -> Example {
    let stm = pos.side_to_move();
    let (mut mover, mut other) = (Vec::new(), Vec::new());
    inputs.active(pos, stm, &mut mover);
    inputs.active(pos, stm.opponent(), &mut other);
    Example {
        mover,
        other,
        chance,
    }
}

/// The example of a position given as FEN and scored `centipawns` for the side
/// to move; none where the FEN is not a position of `rules`.
pub fn judged_example(
    rules: &Ruleset,
    inputs: &Inputs,
    fen: &str,
    centipawns: i32,
) -> Option<Example> {
    let pos = Position::from_fen(rules, fen).ok()?;
    Some(example(inputs, &pos, chance(centipawns)))
}

/// How a fit goes.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    /// Hidden values per view.
    pub hidden: usize,
    /// Passes over the examples.
    pub epochs: usize,
    /// Examples per step.
    pub batch: usize,
    /// Adam's step size (a tenth of it for the last third of the epochs).
    pub rate: f32,
    /// Seed of the first weights and of the shuffles.
    pub seed: u64,
}

/// A small generator of random numbers (xorshift), so that fits repeat.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in −`a`..`a`.
    fn uniform(&mut self, a: f32) -> f32 {
        ((self.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a
    }
}

/// Adam's running moments of one parameter array.
struct Moments {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Moments {
    fn new(n: usize) -> Moments {
        Moments {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    fn step(&mut self, params: &mut [f32], grads: &mut [f32], rate: f32, t: i32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        let (c1, c2) = (1.0 - B1.powi(t), 1.0 - B2.powi(t));
        for i in 0..params.len() {
            let g = grads[i];
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * g;
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * g * g;
            params[i] -= rate * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
            grads[i] = 0.0;
        }
    }
}

const LN10: f32 = std::f32::consts::LN_10;

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of `net`'s chances over `examples`.
fn loss(net: &Float, examples: &[Example]) -> f64 {
    let (mut a, mut b) = (vec![0.0; net.hidden], vec![0.0; net.hidden]);
    let total: f64 = examples
        .iter()
        .map(|e| {
            net.accumulate(&e.mover, &mut a);
            net.accumulate(&e.other, &mut b);
            let p = sigmoid(net.output(&a, &b) * LN10);
            f64::from((p - e.chance) * (p - e.chance))
        })
        .sum();
    total / examples.len().max(1) as f64
}

/// The mean squared error of the chances of `scores` (centipawns for the side to
/// move, one per example) against `examples`' chances.
pub fn loss_of(examples: &[Example], scores: &[i32]) -> f64 {
    let total: f64 = (examples.iter().zip(scores))
        .map(|(e, &s)| f64::from((chance(s) - e.chance).powi(2)))
        .sum();
    total / examples.len().max(1) as f64
}

/// A network fitted to `train`, the one of the epoch that predicted `held_out`
/// best; with each epoch's held-out loss (mean squared error of the chances).
pub fn fit(
    inputs: usize,
    train: &mut [Example],
    held_out: &[Example],
    s: Schedule,
) -> (Network, Vec<f64>) {
    let h = s.hidden;
    let mut rng = Rng(s.seed.max(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut net = Float {
        hidden: h,
        w1: (0..inputs * h).map(|_| rng.uniform(0.1)).collect(),
        b1: vec![0.1; h],
        w2: (0..2 * h).map(|_| rng.uniform(0.1)).collect(),
        b2: 0.0,
    };
    let (mut g1, mut gb1, mut g2, mut gb2) = (
        vec![0.0; inputs * h],
        vec![0.0; h],
        vec![0.0; 2 * h],
        vec![0.0f32],
    );
    let (mut m1, mut mb1, mut m2, mut mb2) = (
        Moments::new(inputs * h),
        Moments::new(h),
        Moments::new(2 * h),
        Moments::new(1),
    );
    let (mut a, mut b, mut d) = (vec![0.0; h], vec![0.0; h], vec![0.0; h]);
    let mut best = (f64::MAX, net.clone());
    let mut losses = Vec::new();
    let mut t = 0;
    for epoch in 0..s.epochs {
        for i in (1..train.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            train.swap(i, j);
        }
        let rate = s.rate * if epoch * 3 >= s.epochs * 2 { 0.1 } else { 1.0 };
        for batch in train.chunks(s.batch) {
            for e in batch {
                net.accumulate(&e.mover, &mut a);
                net.accumulate(&e.other, &mut b);
                let p = sigmoid(net.output(&a, &b) * LN10);
                let g = 2.0 * (p - e.chance) * p * (1.0 - p) * LN10 / batch.len() as f32;
                gb2[0] += g;
                for (view, acc, active) in [(0, &a, &e.mover), (1, &b, &e.other)] {
                    for j in 0..h {
                        let x = acc[j];
                        g2[view * h + j] += g * x.clamp(0.0, 1.0);
                        d[j] = if x > 0.0 && x < 1.0 {
                            g * net.w2[view * h + j]
                        } else {
                            0.0
                        };
                        gb1[j] += d[j];
                    }
                    for &i in active.iter() {
                        let row = &mut g1[i as usize * h..][..h];
                        for (r, dj) in row.iter_mut().zip(&d) {
                            *r += dj;
                        }
                    }
                }
            }
            t += 1;
            m1.step(&mut net.w1, &mut g1, rate, t);
            mb1.step(&mut net.b1, &mut gb1, rate, t);
            m2.step(&mut net.w2, &mut g2, rate, t);
            let mut b2 = [net.b2];
            mb2.step(&mut b2, &mut gb2, rate, t);
            net.b2 = b2[0];
        }
        let l = loss(&net, held_out);
        losses.push(l);
        if l < best.0 {
            best = (l, net.clone());
        }
    }
    (best.1.quantized(inputs), losses)
}
