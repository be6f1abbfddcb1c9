//! Cells and zones: cell names and ranges read on the board, zones assembled per
//! side, and references to them.

use super::{report, Problems, Report, Zones};
use crate::diagnostic::{self, Code, Diagnostic, Span};
use crate::model::{self, BoardShape, Coord};
use crate::syntax::{self, CellItem, Name, SideWord, ZoneBody};
use indexmap::IndexMap;

/// The `zone` sections: each zone once, each side's cells once, every cell on the
/// board.
pub(super) fn zones(board: &BoardShape, decls: &[&syntax::ZoneDecl]) -> Report<Zones> {
    report(|p| {
        let mut zones = IndexMap::new();
        let mut spans: IndexMap<String, Span> = IndexMap::new();
        for z in decls {
            if let Some(first) = spans.get(&z.name.value) {
                p.push(
                    Diagnostic::error(
                        Code::DuplicateZone,
                        format!("the zone `{}` is declared twice", z.name.value),
                    )
                    .at(z.name.span, "declared again here")
                    .also(*first, "first declared here")
                    .help("give each zone its own name"),
                );
                continue;
            }
            spans.insert(z.name.value.clone(), z.name.span);
            let cells = match &z.body {
                ZoneBody::Shared(items) => {
                    let c = p.cell_items(board, items, false);
                    [c.clone(), c]
                }
                ZoneBody::PerSide(sides) => {
                    let mut out: [Vec<Coord>; 2] = [Vec::new(), Vec::new()];
                    let mut given: [Option<Span>; 2] = [None, None];
                    for (side, items) in sides {
                        let i = match side.value {
                            SideWord::White => 0,
                            SideWord::Black => 1,
                        };
                        if let Some(first) = given[i] {
                            p.push(
                                Diagnostic::error(
                                    Code::DuplicateSection,
                                    format!(
                                        "`{}` is given twice in zone `{}`",
                                        if i == 0 { "white" } else { "black" },
                                        z.name.value
                                    ),
                                )
                                .at(side.span, "second one here")
                                .also(first, "first one here")
                                .help("list each player's cells once"),
                            );
                            continue;
                        }
                        given[i] = Some(side.span);
                        out[i] = p.cell_items(board, items, false);
                    }
                    out
                }
            };
            zones.insert(z.name.value.clone(), cells);
        }
        zones
    })
}

impl Problems {
    /// The cells of a hex board's grid outside its largest regular hexagon: the two
    /// corners where file + rank is too small or too large. The grid must be square,
    /// with an odd side.
    pub(super) fn hexagon_outside(&mut self, shape: &BoardShape, span: Span) -> Option<Vec<Coord>> {
        let (w, h) = (shape.width(), shape.height());
        if w != h || w % 2 == 0 {
            self.push(
                Diagnostic::error(
                    Code::BoardSize,
                    format!("a hexagon needs a square grid with an odd side; this one is {w} files by {h} ranks"),
                )
                .at(span, "the board's shape")
                .help("a hexagon with 7 cells a side takes 13 files and 13 ranks; for any other grid leave out `hexagon` (a rhombus) and `remove` cells"),
            );
            return None;
        }
        let half = (w - 1) / 2;
        let mut out = Vec::new();
        for file in 0..w {
            for rank in 0..h {
                if file + rank < half || file + rank > 3 * half {
                    out.push(Coord { file, rank });
                }
            }
        }
        Some(out)
    }

    /// A cell name as a cell of the board.
    pub(super) fn cell(&mut self, board: &BoardShape, name: &Name) -> Option<Coord> {
        if let Some(c) = board.parse_cell(&name.value) {
            if board.contains(c) {
                return Some(c);
            }
            self.push(
                Diagnostic::error(
                    Code::UnknownCell,
                    format!("`{}` is removed from this board", name.value),
                )
                .at(name.span, "removed cell")
                .help("a removed cell cannot hold pieces or belong to a zone"),
            );
            return None;
        }
        let help = format!(
            "cells are named by file then rank; this board's files are {} and its ranks {}",
            board.files.join(" "),
            board.ranks.join(" ")
        );
        self.push(
            Diagnostic::error(
                Code::UnknownCell,
                format!("`{}` is not a cell of this board", name.value),
            )
            .at(name.span, "unknown cell")
            .help(help),
        );
        None
    }

    /// Cells and rectangles. With `grid`, rectangles include removed cells (for `remove`).
    pub(super) fn cell_items(
        &mut self,
        board: &BoardShape,
        items: &[CellItem],
        grid: bool,
    ) -> Vec<Coord> {
        let mut out = Vec::new();
        for item in items {
            match item {
                CellItem::Cell(n) => {
                    if grid {
                        match board.parse_cell(&n.value) {
                            Some(c) => out.push(c),
                            None => {
                                self.cell(board, n);
                            }
                        }
                    } else if let Some(c) = self.cell(board, n) {
                        out.push(c);
                    }
                }
                CellItem::Range(_, a, b) => {
                    let ends = [a, b].map(|n| match board.parse_cell(&n.value) {
                        Some(c) => Some(c),
                        None => {
                            self.cell(board, n);
                            None
                        }
                    });
                    if let [Some(a), Some(b)] = ends {
                        for f in a.file.min(b.file)..=a.file.max(b.file) {
                            for r in a.rank.min(b.rank)..=a.rank.max(b.rank) {
                                let c = Coord { file: f, rank: r };
                                if grid || board.contains(c) {
                                    out.push(c);
                                }
                            }
                        }
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// A zone a piece property names, checked.
    pub(super) fn zone_name(
        &mut self,
        zone: Option<&Name>,
        zones: Option<&Zones>,
    ) -> Option<String> {
        let zone = zone?;
        if let Some(zones) = zones {
            self.zone_ref(zone, zones);
        }
        Some(zone.value.clone())
    }

    /// The region of `moves ... in ZONE` or `within ZONE`, its zone checked.
    pub(super) fn move_region(
        &mut self,
        region: Option<&syntax::RegionDecl>,
        zones: Option<&Zones>,
    ) -> Option<model::Region> {
        let region = region?;
        Some(model::Region {
            zone: self.zone_name(Some(&region.zone), zones)?,
            within: region.within,
        })
    }

    /// A zone named by a rule: an error when no zone has the name.
    pub(super) fn zone_ref(&mut self, zone: &Name, zones: &Zones) {
        if zones.contains_key(&zone.value) {
            return;
        }
        let guess = diagnostic::suggest(&zone.value, zones.keys().map(String::as_str));
        let d = Diagnostic::error(
            Code::UnknownZone,
            format!("no zone is named `{}`", zone.value),
        )
        .at(zone.span, "unknown zone");
        self.push(match guess {
            Some(g) => d.help(format!("did you mean `{g}`?")),
            None if zones.is_empty() => d.help(format!(
                "declare it: `zone {} {{ white a8..h8 black a1..h1 }}`",
                zone.value
            )),
            None => d.help(format!(
                "the zones are: {}",
                zones.keys().cloned().collect::<Vec<_>>().join(", ")
            )),
        });
    }
}
