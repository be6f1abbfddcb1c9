//! Coordination: after the move, the enemies on the two other corners of the
//! rectangle of the mover and its own royal piece are taken.

use super::super::attack::{Lines, Ways};
use super::super::Position;
use crate::compile::Cell;
use crate::model::Coord;

impl Position<'_> {
    /// The cells a coordination takes on, landing on `t` from `from`: the corners
    /// of the rectangle of `t` and the side's royal piece (where it lands, if it is
    /// the mover), when the two share no line.
    pub(in crate::engine) fn coordinated(
        &self,
        us: usize,
        from: Cell,
        t: Cell,
    ) -> impl Iterator<Item = Cell> + '_ {
        let rules = self.rules;
        let royal = self.royals[us]
            .first()
            .map(|&r| if r == from { t } else { r });
        let corners = royal.map_or([None, None], |royal| {
            let (a, b) = (
                rules.board.cells[t as usize],
                rules.board.cells[royal as usize],
            );
            if a.file == b.file || a.rank == b.rank {
                return [None, None];
            }
            [(a.file, b.rank), (b.file, a.rank)]
                .map(|(file, rank)| rules.cell_at(Coord { file, rank }))
        });
        corners.into_iter().flatten().filter(move |&c| c != from)
    }

    /// Where a coordination could take `target`: landing on its file when a royal
    /// piece of the capturing side shares its rank, on its rank when one shares its
    /// file.
    pub(in crate::engine) fn coordination_lines(
        &self,
        by: usize,
        target: Cell,
        ways: &Ways,
    ) -> Lines {
        if !ways.coordinate {
            return (None, None);
        }
        let rules = self.rules;
        let t = rules.board.cells[target as usize];
        self.royals[by]
            .iter()
            .fold((None, None), |(file, rank), &r| {
                let rc = rules.board.cells[r as usize];
                (
                    file.or((rc.rank == t.rank).then_some(t.file)),
                    rank.or((rc.file == t.file).then_some(t.rank)),
                )
            })
    }

    /// Whether a piece landing on `l` coordinates with the royal piece on `royal` to
    /// take `target` (on a corner of their rectangle), the mover having left `from`.
    #[inline]
    pub(super) fn coordinates_from(&self, l: Cell, royal: Cell, from: Cell, target: Cell) -> bool {
        let rules = self.rules;
        let (a, b) = (
            rules.board.cells[l as usize],
            rules.board.cells[royal as usize],
        );
        let tc = rules.board.cells[target as usize];
        a.file != b.file
            && a.rank != b.rank
            && target != from
            && [(a.file, b.rank), (b.file, a.rank)].contains(&(tc.file, tc.rank))
    }
}
