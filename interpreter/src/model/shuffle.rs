//! Random arrays: a definition's `shuffle` placements made from a seed. The same seed
//! gives the same array on every machine (a fixed generator, no platform randomness).

use super::{BoardShape, Coord, Definition, Setup, Side, Symmetry};
use crate::random::Rng;

/// Where Black's counterpart of White's cell stands: reflected across the middle rank,
/// or (rotated) turned half round the centre.
pub fn black_image(board: &BoardShape, c: Coord, symmetry: Option<Symmetry>) -> Coord {
    let rank = board.height() - 1 - c.rank;
    match symmetry {
        Some(Symmetry::Rotated) => Coord {
            file: board.width() - 1 - c.file,
            rank,
        },
        _ => Coord { file: c.file, rank },
    }
}

impl Definition {
    /// Whether a game's start depends on a seed.
    pub fn is_shuffled(&self) -> bool {
        !self.shuffles.is_empty()
    }

    /// The start position for a seed: the setup with every shuffle made. Black's
    /// pieces copy White's by the setup's symmetry, or are shuffled on their own
    /// when it declares none.
    pub fn start_setup(&self, seed: u64) -> Setup {
        let mut setup = self.setup.clone();
        let mut rng = Rng::new(seed);
        for shuffle in &self.shuffles {
            let free = |setup: &Setup, side: Side| -> Vec<Coord> {
                shuffle
                    .cells
                    .iter()
                    .map(|&c| match side {
                        Side::White => c,
                        Side::Black => black_image(&self.board, c, self.symmetry),
                    })
                    .filter(|&c| !setup.placements.iter().any(|&(at, _, _)| at == c))
                    .collect()
            };
            // Each free cell and each queue place gets an item: a piece, or (when
            // there are more cells than pieces) nothing.
            let items = |cells: usize, rng: &mut Rng| -> Vec<Option<usize>> {
                let mut items: Vec<Option<usize>> =
                    shuffle.pieces.iter().map(|&k| Some(k)).collect();
                items.resize(items.len().max(cells), None);
                rng.shuffle(&mut items);
                if shuffle.ordered {
                    let mut listed = shuffle.pieces.iter();
                    for item in items.iter_mut().filter(|i| i.is_some()) {
                        *item = listed.next().copied();
                    }
                }
                items
            };
            let white_cells = free(&setup, Side::White);
            let white = items(white_cells.len(), &mut rng);
            let black_cells = free(&setup, Side::Black);
            let black = if self.symmetry.is_some() {
                white.clone()
            } else {
                items(black_cells.len(), &mut rng)
            };
            for (side, cells, items) in [
                (Side::White, white_cells, white),
                (Side::Black, black_cells, black),
            ] {
                let mut items = items.into_iter();
                for (cell, item) in cells.into_iter().zip(items.by_ref()) {
                    if let Some(kind) = item {
                        setup.placements.push((cell, side, kind));
                    }
                }
                if shuffle.queue {
                    setup.queues[side.index()].extend(items.flatten());
                }
            }
        }
        // A free castling finds its king and rook in the array (a right the array
        // leaves without them is dropped: `vdl check` warns, `vdl::lost_castling`).
        setup.place_free_castles(&self.castling, &self.pieces, &[]);
        setup
    }
}
