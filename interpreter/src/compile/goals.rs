//! Goals other than checkmate (`extinction`, `reach`) as the engine tests them:
//! kinds as masks, zones as cells.

use super::rays::Grid;
use super::Cell;
use crate::model::{Definition, Outcome};

/// The end rules that end a game by what stands on the board.
#[derive(Clone, Debug, Default)]
pub struct Goals {
    /// The kinds any one of which lost ends the game (0: every piece lost), and the
    /// outcome for the player who lost them.
    pub extinction: Option<(u64, Outcome)>,
    /// `extinction all`: every one of the kinds must be lost.
    pub extinction_all: bool,
    /// `extinction ... below N`: a kind is lost with fewer than N left (1: none).
    pub extinction_below: u32,
    /// `extinction ... opponent-has N`: only while the opponent has N of the kinds.
    pub extinction_opponent: u32,
    /// Per side, the cells of the zone; the kinds that count there; the outcome for
    /// the player who has one there.
    /// The zone's cells per side, the kinds, the outcome, how many must stand there.
    pub reach: Option<([Vec<Cell>; 2], u64, Outcome, u32)>,
    /// `after-reply`: a reach counts only for the player to move (see
    /// `model::Reach::after_reply`).
    pub reach_after_reply: bool,
    /// `held` and `safe` (see `model::Reach`).
    pub reach_held: bool,
    pub reach_safe: bool,
    /// When any legal move captures, only captures are legal.
    pub must_capture: bool,
    /// No move may give check.
    pub no_check: bool,
    /// The kinds that, while their side is in check, move only to capture every
    /// checking piece (`in-check captures-checker`).
    pub captures_checker: u64,
    /// The number of checks given that ends the game, and the outcome for the
    /// player who gave them.
    pub checks: Option<(u8, Outcome)>,
    /// A turn may be a pass.
    pub pass: bool,
    /// Both players passed in a row: the outcome for the second.
    pub double_pass: Option<Outcome>,
    /// A pass with the royal pieces facing: the outcome for the player who passed.
    pub facing: Option<Outcome>,
    /// `bare-king`: the outcome for a player with royal pieces only, once bared for
    /// good: after their own move while the opponent keeps a piece that is not
    /// royal, or on their move while the opponent keeps two (Fairy-Stockfish's
    /// reading of Shatranj's rule: a bared player may bare the opponent at once).
    pub bare_king: Option<Outcome>,
    /// `connect`: every line of cells that many long, the kinds that count (0:
    /// any), the outcome for the player who just filled one.
    pub connect: Option<(Vec<Vec<Cell>>, u64, Outcome)>,
    /// `full-board`: the outcome for the player whose move left no cell empty.
    pub full_board: Option<Outcome>,
}

impl Goals {
    /// Whether a position can end by a goal (the engine then tests it at every node).
    pub fn any(&self) -> bool {
        self.extinction.is_some()
            || self.bare_king.is_some()
            || self.reach.is_some()
            || self.checks.is_some()
            || self.connect.is_some()
            || self.full_board.is_some()
            || self.passes_counted()
    }

    /// Whether an end rule looks at the passes just made (the position then keeps
    /// count of them, in its hash and FEN).
    pub fn passes_counted(&self) -> bool {
        self.double_pass.is_some() || self.facing.is_some()
    }
}

fn mask(kinds: &[usize]) -> u64 {
    kinds.iter().fold(0, |m, &k| m | 1 << k)
}

pub(super) fn goals(def: &Definition, grid: &Grid) -> Goals {
    let end = &def.end;
    Goals {
        extinction: end.extinction.as_ref().map(|e| (mask(&e.kinds), e.outcome)),
        extinction_all: end.extinction.as_ref().is_some_and(|e| e.all),
        extinction_below: end.extinction.as_ref().map_or(1, |e| e.below),
        extinction_opponent: end.extinction.as_ref().map_or(0, |e| e.opponent_has),
        reach: end.reach.as_ref().map(|r| {
            let cells = [0, 1].map(|side| {
                def.zones
                    .get(&r.zone)
                    .map_or(&[][..], |z| &z[side][..])
                    .iter()
                    .filter_map(|&c| grid.at(c))
                    .collect()
            });
            (cells, mask(&r.kinds), r.outcome, r.count)
        }),
        reach_after_reply: end.reach.as_ref().is_some_and(|r| r.after_reply),
        reach_held: end.reach.as_ref().is_some_and(|r| r.held),
        reach_safe: end.reach.as_ref().is_some_and(|r| r.safe),
        must_capture: def.must_capture,
        no_check: def.no_check,
        captures_checker: def
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.captures_checker)
            .fold(0, |m, (k, _)| m | 1 << k),
        checks: end
            .checks
            .map(|c| (u8::try_from(c.count).unwrap_or(u8::MAX), c.outcome)),
        pass: def.pass,
        double_pass: end.double_pass,
        facing: end.facing,
        bare_king: end.bare_king,
        connect: end
            .connect
            .as_ref()
            .map(|c| (lines(def, grid, c.count), mask(&c.kinds), c.outcome)),
        full_board: end.full_board,
    }
}

/// Every run of `n` consecutive cells along a rank, a file or a diagonal (on a
/// hexagonal board, along its three axes).
fn lines(def: &Definition, grid: &Grid, n: u32) -> Vec<Vec<Cell>> {
    use crate::model::{Coord, Tiling};
    let steps: &[(i32, i32)] = match def.board.tiling {
        Tiling::Square => &[(1, 0), (0, 1), (1, 1), (1, -1)],
        Tiling::Hex => &[(1, 0), (0, 1), (-1, 1)],
    };
    let mut out = Vec::new();
    for rank in 0..def.board.height() {
        for file in 0..def.board.width() {
            for &(dx, dy) in steps {
                let line: Option<Vec<Cell>> = (0..n as i32)
                    .map(|i| Coord {
                        file: file + dx * i,
                        rank: rank + dy * i,
                    })
                    .map(|c| def.board.contains(c).then(|| grid.at(c)).flatten())
                    .collect();
                out.extend(line);
            }
        }
    }
    out
}
