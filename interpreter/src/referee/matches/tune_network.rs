//! `vdl tune --network`: a definition's learned evaluation fitted to the quiet
//! positions of its games, each scored by a judge or by its game's result.

use super::tune::{TuneSample, HOLD_OUT_EVERY};
use crate::compile::Ruleset;
use crate::engine::Position;
use crate::model::{Network, Side};
use crate::search::eval::Evaluator;
use crate::search::network::{Inputs, Learned};
use crate::search::network_fit::{example, fit, loss_of, Schedule};
use std::sync::Arc;

/// Passes over the positions; the network of the pass that predicts the held-out
/// games best is kept.
pub const NETWORK_EPOCHS: usize = 12;

/// What fitting a network found.
#[derive(Clone, Debug)]
pub struct NetworkFit {
    /// The weights.
    pub network: Network,
    /// Quiet positions fitted on, and held out.
    pub positions: (usize, usize),
    /// The held-out positions' mean squared error of the chances, with the
    /// evaluation in use and with the network.
    pub held_out_loss: (f64, f64),
    /// The held-out error after each pass (the network kept is the best pass's):
    /// still falling at the last, more passes may help; rising early, the
    /// positions are too few for the network's size.
    pub passes: Vec<f64>,
}

/// A network of `hidden` values per view fitted to `samples` (the games whose
/// index leaves [`HOLD_OUT_EVERY`]' last remainder held out), its first weights
/// and shuffles drawn from `seed`.
pub fn tune_network(
    rules: &Ruleset,
    samples: &[TuneSample],
    hidden: usize,
    seed: u64,
) -> Result<NetworkFit, String> {
    let inputs = Inputs::new(rules);
    let mut train = Vec::new();
    let mut held = Vec::new();
    let mut held_positions = Vec::new();
    for s in samples {
        let pos = Position::from_fen(rules, &s.fen).map_err(|e| format!("{}: {e}", s.fen))?;
        let white = pos.side_to_move() == Side::White;
        let chance = if white { s.score } else { 1.0 - s.score } as f32;
        let e = example(&inputs, &pos, chance);
        if s.game % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
            held.push(e);
            held_positions.push(pos);
        } else {
            train.push(e);
        }
    }
    if train.is_empty() || held.is_empty() {
        return Err(format!(
            "{} quiet positions to fit on and {} held out: too few games (every {HOLD_OUT_EVERY}th is held out)",
            train.len(),
            held.len()
        ));
    }
    let schedule = Schedule {
        hidden,
        epochs: NETWORK_EPOCHS,
        batch: 1024,
        rate: 1e-3,
        seed,
    };
    let (network, passes) = fit(inputs.count(), &mut train, &held, schedule);
    let learned = Learned {
        inputs,
        net: Arc::new(network),
    };
    let before = Evaluator::new(rules);
    let scored = |eval: &dyn Fn(&Position) -> i32| -> f64 {
        let values: Vec<i32> = held_positions.iter().map(eval).collect();
        loss_of(&held, &values)
    };
    let held_out_loss = (
        scored(&|p| before.evaluate(p)),
        scored(&|p| learned.evaluate(p)),
    );
    Ok(NetworkFit {
        network: (*learned.net).clone(),
        positions: (train.len(), held.len()),
        held_out_loss,
        passes,
    })
}
