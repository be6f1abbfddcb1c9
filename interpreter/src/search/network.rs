//! A learned evaluation: a small neural network over the pieces on their cells,
//! seen from each side, as chess engines' NNUE are. Its inputs come from the
//! definition alone (every kind on every cell, mirrored for Black; walls; pieces
//! in hand by count), so every definition can have one, learned from positions
//! its own search (or another engine) has scored.

use crate::compile::{Cell, Ruleset};
use crate::engine::{Position, Rows};
use crate::model::{network_inputs, Network, Side, HAND_INPUTS};
use std::sync::Arc;

/// Which inputs a position sets, for each side's view of it.
#[derive(Clone, Debug)]
pub struct Inputs {
    cells: usize,
    kinds: usize,
    /// Per side and cell: the cell as that side sees it (White's view for White).
    seen: Vec<u32>,
    hand: bool,
}

impl Inputs {
    /// The inputs of `rules`' positions.
    pub fn new(rules: &Ruleset) -> Inputs {
        let cells = rules.cell_count();
        let seen = (0..2)
            .flat_map(|side| {
                (0..cells as Cell).map(move |c| {
                    u32::from(super::terms::seen_by_white(rules, side, c).unwrap_or(c))
                })
            })
            .collect();
        Inputs {
            cells,
            kinds: rules.kinds,
            seen,
            hand: rules.flags.hand,
        }
    }

    /// How many inputs there are.
    pub fn count(&self) -> usize {
        network_inputs(self.kinds, self.cells)
    }

    /// The inputs `pos` sets as `view` sees it, into `out` (cleared first).
    pub fn active(&self, pos: &Position, view: Side, out: &mut Vec<u32>) {
        out.clear();
        let seen = &self.seen[view.index() * self.cells..][..self.cells];
        for side in [Side::White, Side::Black] {
            let theirs = usize::from(side != view);
            for &c in pos.piece_cells(side) {
                if let Some(p) = pos.piece_at(c) {
                    let base = ((theirs * self.kinds + p.kind) * self.cells) as u32;
                    out.push(base + seen[c as usize]);
                }
            }
        }
        self.extra_active(pos, view, out);
    }

    /// The input of a piece of `side` and `kind` on `cell`, as `view` sees it.
    pub fn piece_input(&self, view: Side, (side, kind): (Side, usize), cell: Cell) -> usize {
        let theirs = usize::from(side != view);
        (theirs * self.kinds + kind) * self.cells
            + self.seen[view.index() * self.cells + cell as usize] as usize
    }

    /// The inputs besides the pieces on the board (pieces in hand, walls), added
    /// to `out`.
    pub fn extra_active(&self, pos: &Position, view: Side, out: &mut Vec<u32>) {
        let seen = &self.seen[view.index() * self.cells..][..self.cells];
        for side in [Side::White, Side::Black] {
            let theirs = usize::from(side != view);
            if self.hand {
                for k in 0..self.kinds {
                    let n = usize::from(pos.reserve_count(side, k)).min(HAND_INPUTS);
                    let base = 2 * self.kinds * self.cells
                        + self.cells
                        + (theirs * self.kinds + k) * HAND_INPUTS;
                    out.extend((base..base + n).map(|i| i as u32));
                }
            }
        }
        if pos.rules().flags.wall_cells {
            let base = (2 * self.kinds * self.cells) as u32;
            out.extend(
                (0..self.cells as Cell)
                    .filter(|&c| pos.is_wall(c))
                    .map(|c| base + seen[c as usize]),
            );
        }
    }
}

/// A definition's network with the inputs of its positions.
#[derive(Clone, Debug)]
pub struct Learned {
    /// Which inputs a position sets.
    pub inputs: Inputs,
    /// The weights.
    pub net: Arc<Network>,
}

impl Learned {
    /// The network `rules` keep, if any.
    pub fn of(rules: &Ruleset) -> Option<Learned> {
        let net = rules.definition.evaluation.network.as_ref()?.1.clone();
        let inputs = Inputs::new(rules);
        (net.inputs == inputs.count() && net.w1.len() == net.inputs * net.hidden)
            .then_some(Learned { inputs, net })
    }

    /// One view's first-layer sums of the inputs `active`, into `acc`.
    fn accumulate(&self, active: &[u32], acc: &mut [i32]) {
        let h = self.net.hidden;
        for (a, &b) in acc.iter_mut().zip(&self.net.b1) {
            *a = i32::from(b);
        }
        for &i in active {
            let row = &self.net.w1[i as usize * h..][..h];
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += i32::from(w);
            }
        }
    }

    /// The value of `pos` for the side to move, in centipawns, from the whole board.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let h = self.net.hidden;
        let mut active = Vec::with_capacity(64);
        let (mut mover, mut other) = (vec![0; h], vec![0; h]);
        let stm = pos.side_to_move();
        self.inputs.active(pos, stm, &mut active);
        self.accumulate(&active, &mut mover);
        self.inputs.active(pos, stm.opponent(), &mut active);
        self.accumulate(&active, &mut other);
        self.net.output(&mover, &other)
    }

    /// The rows a position keeps summed ([`Position::set_rows`]): per cell and
    /// piece code, the piece's first-layer weights as White sees it, then as
    /// Black does.
    pub fn rows(&self, rules: &Ruleset) -> Rows {
        let (cells, kinds, h) = (rules.cell_count(), rules.kinds, self.net.hidden);
        let codes = 2 * kinds + 1;
        let mut values = vec![0; cells * codes * 2 * h];
        for c in 0..cells {
            for code in 1..codes {
                let piece = (Side::from_index((code - 1) & 1), (code - 1) >> 1);
                for (v, view) in [Side::White, Side::Black].into_iter().enumerate() {
                    let i = self.inputs.piece_input(view, piece, c as Cell);
                    let at = (c * codes + code) * 2 * h + v * h;
                    values[at..at + h].copy_from_slice(&self.net.w1[i * h..][..h]);
                }
            }
        }
        let start: Vec<i32> = (self.net.b1.iter().chain(&self.net.b1))
            .map(|&b| i32::from(b))
            .collect();
        Rows {
            values: values.into(),
            width: 2 * h,
            start: start.into(),
        }
    }

    /// The value of `pos` for the side to move from the sums it keeps (each
    /// view's first layer but for pieces in hand and walls), in centipawns.
    pub fn evaluate_summed(&self, pos: &Position, summed: &[i32]) -> i32 {
        let h = self.net.hidden;
        let stm = pos.side_to_move();
        let (white, black) = summed.split_at(h);
        let (mover, other) = match stm {
            Side::White => (white, black),
            Side::Black => (black, white),
        };
        let mut extra = Vec::new();
        self.inputs.extra_active(pos, stm, &mut extra);
        if extra.is_empty() {
            self.inputs.extra_active(pos, stm.opponent(), &mut extra);
        }
        if extra.is_empty() {
            return self.net.output(mover, other);
        }
        let mut views = [mover.to_vec(), other.to_vec()];
        for (acc, view) in views.iter_mut().zip([stm, stm.opponent()]) {
            extra.clear();
            self.inputs.extra_active(pos, view, &mut extra);
            for &i in &extra {
                for (a, &w) in acc.iter_mut().zip(&self.net.w1[i as usize * h..][..h]) {
                    *a += i32::from(w);
                }
            }
        }
        self.net.output(&views[0], &views[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_network(rules: &Ruleset, hidden: usize) -> Learned {
        let inputs = Inputs::new(rules);
        let mut x = 12_345u64;
        let mut next = |scale: f64| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (((x >> 40) as f64 / (1u64 << 24) as f64 - 0.5) * scale).round() as i32
        };
        let net = Network {
            inputs: inputs.count(),
            hidden,
            w1: (0..inputs.count() * hidden)
                .map(|_| next(400.0) as i16)
                .collect(),
            b1: (0..hidden).map(|_| (next(400.0) + 300) as i16).collect(),
            w2: (0..2 * hidden).map(|_| next(6400.0)).collect(),
            b2: next(6400.0),
        };
        Learned {
            inputs,
            net: Arc::new(net),
        }
    }

    /// A position and the same with the colours swapped and the board turned
    /// have one value for the side to move, whatever the weights.
    #[test]
    fn a_position_and_its_colour_swapped_mirror_are_worth_the_same() {
        let rules = super::super::chess("");
        let learned = random_network(&rules, 16);
        let pairs = [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
            ),
            (
                "8/5k2/8/3Q4/8/8/1K6/8 b - - 0 1",
                "8/1k6/8/8/3q4/8/5K2/8 w - - 0 1",
            ),
        ];
        for (a, b) in pairs {
            let value = |fen| learned.evaluate(&Position::from_fen(&rules, fen).unwrap());
            assert_eq!(value(a), value(b), "{a}");
            assert_ne!(value(a), 0);
        }
    }

    /// In every shipped definition, along a random game, the value from the sums
    /// a position keeps move by move (and restores on taking a move back) is the
    /// value from the whole board, exactly.
    #[test]
    fn the_kept_sums_give_the_boards_value_after_make_and_unmake() {
        let mut moves = Vec::new();
        for path in crate::shipped_definitions() {
            let text = std::fs::read_to_string(&path).expect("readable");
            let rules = crate::load_file(&path, &text).ruleset.expect("it loads");
            let learned = random_network(&rules, 8);
            super::super::random_game(&rules, &mut 3, 40, |pos| {
                let mut pos = pos.clone();
                pos.set_rows(learned.rows(&rules));
                let whole = |pos: &Position| learned.evaluate(pos);
                let kept = |pos: &Position| learned.evaluate_summed(pos, pos.summed());
                let before = kept(&pos);
                assert_eq!(before, whole(&pos), "{}: {}", path.display(), pos.fen());
                pos.legal_moves(&mut moves);
                for &m in moves.iter().take(12) {
                    pos.make(m);
                    let at = format!("{}: {} {m:?}", path.display(), pos.fen());
                    assert_eq!(kept(&pos), whole(&pos), "{at}");
                    pos.unmake();
                    assert_eq!(kept(&pos), before, "{}: {}", path.display(), pos.fen());
                }
            });
        }
    }

    /// Two kings on three by three: 1 × 9 cells a side, 9 walls, 2 × 16 in
    /// hand, 59 inputs. Row i of the first layer is ((7i mod 11) − 5, (3i mod 7)
    /// − 3). White to move in `k2/3/2K`: White's view has its king on c1 (input
    /// 2: −2, 3) and the other on a3 (9 + 6 = 15: 1, 0), so 512 − 2 + 1 = 511 and
    /// 256 + 3 = 259; Black's view has its king on "a1" (input 0: −5, −3) and the
    /// other on "c3" (9 + 8 = 17: 4, −1), so 511 and 252. The output is 16000 ×
    /// (511 − 259 − 511 + 252) ÷ (1024 × 16) = −6.8, so −7; Black to move, +6.8
    /// rounds down to 6.
    #[test]
    fn a_network_read_with_its_definition_gives_the_value_worked_by_hand() {
        let rows: Vec<String> = (0..59)
            .map(|i| format!("{} {}", (i * 7) % 11 - 5, (i * 3) % 7 - 3))
            .collect();
        let net = format!(
            "vdl-network 1\n# by hand\ninputs 59 hidden 2\n512 256\n16000 -16000 -16000 16000\n0\n{}\n",
            rows.join("\n")
        );
        let text = "board { files a b c ranks 1 2 3 }\npiece King K { royal moves \"K\" }\n\
                    setup \"k2/3/2K w\"\nevaluation { network \"kings.net\" }\n";
        let loaded = crate::load_untrusted(text, &[("kings.net", &net)]);
        let rules = loaded.ruleset.expect("it loads");
        let learned = Learned::of(&rules).expect("a network");
        let value = |fen| learned.evaluate(&Position::from_fen(&rules, fen).unwrap());
        assert_eq!(value("k2/3/2K w"), -7);
        assert_eq!(value("k2/3/2K b"), 6);
        let without = crate::load_untrusted(text, &[]);
        assert!(without.ruleset.is_none());
        let codes: Vec<&str> = without
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect();
        assert_eq!(codes, ["vdl::bad_network"]);
    }
}
