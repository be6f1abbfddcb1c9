//! The computer player of `vdl play` and `vdl selfplay --ai` ([`search`]), and the
//! simple opponent it replaced: a two-ply search on material, choosing at random
//! among the best moves, kept as a yardstick (`--opponent two-ply`).

use super::{Game, Rng};
use crate::compile::Ruleset;
use crate::engine::{Move, Position};
use crate::model::Side;
use crate::search::{Found, Info, Limits, Searcher};

/// The search's move in `game` (`None` when there is no legal move or the game is over).
pub fn search(
    searcher: &mut Searcher,
    game: &Game,
    limits: &Limits,
    report: &mut dyn FnMut(&Info),
) -> Option<Found> {
    if game.result().is_some() || game.legal_moves().is_empty() {
        return None;
    }
    let found = searcher.search(game.position(), &game.earlier_positions(), limits, report);
    found.best.is_some().then_some(found)
}

const ROYAL_VALUE: i64 = 100_000;
const MATE: i64 = 10_000_000;

/// Each kind's value in hundredths of a move (the two-ply opponent's values).
pub fn piece_values(rules: &Ruleset) -> Vec<i64> {
    let n = rules.cell_count().max(1);
    (0..rules.kinds)
        .map(|k| {
            if rules.royal[k] {
                return ROYAL_VALUE;
            }
            let reach: usize = (0..n as u16)
                .map(|c| {
                    rules
                        .rays_of(0, k, c)
                        .iter()
                        .map(|r| r.len as usize)
                        .sum::<usize>()
                })
                .sum();
            (reach * 100 / n) as i64
        })
        .collect()
}

fn material(pos: &Position, values: &[i64], side: Side) -> i64 {
    let rules = pos.rules();
    (0..rules.cell_count() as u16)
        .filter_map(|c| pos.piece_at(c))
        .map(|p| {
            if p.side == side {
                values[p.kind]
            } else {
                -values[p.kind]
            }
        })
        .sum()
}

/// The two-ply opponent's move in `game`, or `None` when there is no legal move.
pub fn two_ply(game: &Game, rng: &mut Rng) -> Option<Move> {
    let rules = game.rules();
    let values = piece_values(rules);
    let mut pos = game.position().clone();
    let me = pos.side_to_move();
    let mut best = i64::MIN;
    let mut best_moves = Vec::new();
    let mut replies = Vec::new();
    for &m in game.legal_moves() {
        pos.make(m);
        pos.legal_moves(&mut replies);
        let score = if replies.is_empty() {
            if pos.in_check(me.opponent()) {
                MATE
            } else {
                0
            }
        } else {
            let mut worst = i64::MAX;
            for &r in replies.clone().iter() {
                pos.make(r);
                worst = worst.min(material(&pos, &values, me));
                pos.unmake();
            }
            worst
        };
        pos.unmake();
        if score > best {
            best = score;
            best_moves.clear();
        }
        if score == best {
            best_moves.push(m);
        }
    }
    (!best_moves.is_empty()).then(|| best_moves[rng.below(best_moves.len())])
}
