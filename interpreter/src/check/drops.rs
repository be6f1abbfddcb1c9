//! The `drops` rule, promotions to a queue's end, and `shuffle` placements: the
//! sections about pieces off the board and random arrays.

use super::{report, Problems, Report, Zones};
use crate::diagnostic::{Code, Diagnostic};
use crate::model::{black_image, BoardShape, Coord, Drops, QueueEnd, Setup, Shuffle, Symmetry};
use crate::syntax::{self, DropsDecl, PieceProp, ShuffleDecl};

/// The most cells a side's drop zone may have (a move keeps its drop in one byte).
pub const MAX_DROP_CELLS: usize = 255;

pub(super) fn queue_end(end: syntax::QueueEnd) -> QueueEnd {
    match end {
        syntax::QueueEnd::Front => QueueEnd::Front,
        syntax::QueueEnd::Back => QueueEnd::Back,
    }
}

/// What shuffles are checked against.
pub(super) struct ShuffleSetting<'a> {
    pub board: &'a BoardShape,
    pub setup: Option<&'a Setup>,
    pub symmetry: Option<Symmetry>,
    pub has_drops: bool,
}

/// The drops rule, and an error for each promotion to a queue without one.
pub(super) fn drops(
    decls: &[&DropsDecl],
    zones: Option<&Zones>,
    known: &[&str],
    pieces: &[&syntax::PieceDecl],
) -> Report<Option<Drops>> {
    report(|p| {
        for extra in decls.iter().skip(1) {
            p.push(
                Diagnostic::error(Code::DuplicateSection, "`drops` is given twice")
                    .at(extra.span, "second one here")
                    .also(decls[0].span, "first one here")
                    .help("a definition has one `drops` rule"),
            );
        }
        let drops = decls.first().map(|d| {
            if let Some(zones) = zones {
                p.zone_ref(&d.zone, zones);
                let most = zones.get(&d.zone.value).map_or(0, |z| z[0].len().max(z[1].len()));
                if most > MAX_DROP_CELLS {
                    p.push(
                        Diagnostic::error(
                            Code::Limit,
                            format!("the drop zone has {most} cells for one side; the limit is {MAX_DROP_CELLS}"),
                        )
                        .at(d.zone.span, "too many cells to drop on")
                        .help("a move keeps its drop cell in one byte; drop on a smaller zone"),
                    );
                }
            }
            Drops {
                end: queue_end(d.end.value),
                zone: d.zone.value.clone(),
                no_credit: d
                    .except
                    .iter()
                    .filter_map(|n| p.piece_ref(n, known, pieces))
                    .collect(),
            }
        });
        for piece in pieces {
            for prop in &piece.props {
                if let PieceProp::Promotes {
                    queue: Some(end), ..
                } = prop
                {
                    if drops.is_none() {
                        p.push(
                            Diagnostic::error(
                                Code::BadDrops,
                                format!("`{}` promotes to a drop queue, but there is none", piece.name.value),
                            )
                            .at(end.span, "no `drops` rule gives the players queues")
                            .help("add a rule such as `drops queue front in home credit exchange`, or promote to named pieces"),
                        );
                    }
                }
            }
        }
        drops
    })
}

/// `redeal`: what a dealt array may not let the first player do; there must be
/// something shuffled to deal again, and each condition is said once.
pub(super) fn redeal(
    decl: Option<&syntax::RedealDecl>,
    shuffled: bool,
) -> Report<crate::model::Redeal> {
    report(|p| {
        let mut redeal = crate::model::Redeal::default();
        let Some(decl) = decl else {
            return redeal;
        };
        if !shuffled {
            p.push(
                Diagnostic::error(Code::BadShuffle, "`redeal` but nothing is shuffled")
                    .at(decl.span, "there is no array to deal again")
                    .help("`redeal` goes with a `shuffle`: add one, or remove the `redeal`"),
            );
        }
        for when in &decl.when {
            let flag = match when.value {
                syntax::RedealWhen::Captures => &mut redeal.captures,
                syntax::RedealWhen::Checks => &mut redeal.checks,
                syntax::RedealWhen::Mates => &mut redeal.mates,
            };
            if *flag {
                p.push(
                    Diagnostic::error(Code::BadShuffle, "this condition is given twice")
                        .at(when.span, "given before in this `redeal`")
                        .help("name each of `captures`, `checks` and `mates` once"),
                );
            }
            *flag = true;
        }
        redeal
    })
}

/// Every shuffle, checked against the board, the setup and the other shuffles.
pub(super) fn shuffles(
    decls: &[&ShuffleDecl],
    at: &ShuffleSetting,
    known: &[&str],
    pieces: &[&syntax::PieceDecl],
) -> Report<Vec<Shuffle>> {
    report(|p| {
        let ShuffleSetting {
            board, has_drops, ..
        } = *at;
        let mut out: Vec<Shuffle> = Vec::new();
        for d in decls {
            let named: Vec<(&syntax::Name, usize)> = d
                .pieces
                .iter()
                .filter_map(|n| p.piece_ref(n, known, pieces).map(|k| (n, k)))
                .collect();
            let kinds: Vec<usize> = named.iter().map(|&(_, k)| k).collect();
            p.no_two_cell_shuffled(&named, pieces);
            let cells = p.cell_items(board, &d.cells, false);
            if let (Some(q), false) = (d.queue, has_drops) {
                p.push(
                    Diagnostic::error(Code::BadShuffle, "a shuffle into the drop queue, but there is none")
                        .at(q, "no `drops` rule gives the players queues")
                        .help("add a rule such as `drops queue front in home credit exchange`, or shuffle over cells only"),
                );
            }
            let taken = p.cells_taken(d, &cells, at);
            // Earlier shuffles may fill up to this many of these cells.
            let filled: usize = out
                .iter()
                .map(|s| {
                    let shared = s.cells.iter().filter(|c| cells.contains(c)).count();
                    shared.min(s.pieces.len())
                })
                .sum();
            let free = cells.len().saturating_sub(filled);
            if d.queue.is_none() && kinds.len() > free && taken.is_empty() {
                p.push(
                    Diagnostic::error(
                        Code::BadShuffle,
                        format!(
                            "{} pieces to shuffle over {} free cells",
                            kinds.len(),
                            free
                        ),
                    )
                    .at(d.span, "more pieces than cells")
                    .help("list more cells, fewer pieces, or end with `queue` to put the rest in the drop queue"),
                );
            }
            out.push(Shuffle {
                pieces: kinds,
                cells,
                queue: d.queue.is_some(),
                ordered: d.ordered,
            });
        }
        out
    })
}

impl Problems {
    /// A two-cell piece cannot be shuffled.
    fn no_two_cell_shuffled(
        &mut self,
        named: &[(&syntax::Name, usize)],
        pieces: &[&syntax::PieceDecl],
    ) {
        for &(n, k) in named {
            let two_cell = pieces[k]
                .props
                .iter()
                .any(|p| matches!(p, PieceProp::TwoCell(..)));
            if two_cell {
                self.push(
                    Diagnostic::error(
                        Code::BadShuffle,
                        format!("`{}` stands on two cells and cannot be shuffled", n.value),
                    )
                    .at(n.span, "a two-cell piece")
                    .help("place two-cell pieces in the setup's FEN"),
                );
            }
        }
    }

    /// The cells of a shuffle the setup fills, for White or (by symmetry) Black:
    /// an error if there is one.
    fn cells_taken(&mut self, d: &ShuffleDecl, cells: &[Coord], at: &ShuffleSetting) -> Vec<Coord> {
        let ShuffleSetting {
            board,
            setup,
            symmetry,
            ..
        } = *at;
        let occupied =
            |c: Coord| setup.is_some_and(|s| s.placements.iter().any(|&(at, _, _)| at == c));
        let taken: Vec<Coord> = cells
            .iter()
            .copied()
            .filter(|&c| occupied(c) || occupied(black_image(board, c, symmetry)))
            .collect();
        if let Some(c) = taken.first() {
            self.push(
            Diagnostic::error(
                Code::BadShuffle,
                format!("cell {} is not empty in the setup", board.cell_name(*c)),
            )
            .at(d.span, "shuffles over a cell the setup fills, for White or for Black")
            .help("a shuffle places pieces on cells the setup leaves empty; take the cell out of the shuffle or the setup"),
        );
        }
        taken
    }
}
