//! The `board` section: files, ranks, the tiling and removed cells, into a
//! `BoardShape` whose every cell name means one cell.

use super::{report, Problems, Report, MAX_BOARD_SIDE};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{self, BoardShape};
use crate::syntax::{self, BoardEntry, CellItem, Name};
use indexmap::IndexMap;

/// A board's entries, each kind once: files, ranks, `hex` (and its shape word), and
/// the cells removed.
#[derive(Default)]
struct Entries<'d> {
    files: Option<(Span, &'d Vec<Name>)>,
    ranks: Option<(Span, &'d Vec<Name>)>,
    hex: Option<(Span, Option<&'d Name>)>,
    removes: Vec<&'d Vec<CellItem>>,
}

/// The `board` section read into a shape: every cell name means one cell, and a
/// board is required.
pub(super) fn board(decl: Option<&syntax::BoardDecl>) -> Report<Option<BoardShape>> {
    report(|p| {
        let Some(decl) = decl else {
            p.push(
                Diagnostic::error(Code::MissingSection, "the definition has no `board`")
                    .at(Span::new(0, 0), "expected a `board` section in this file")
                    .help("add e.g. `board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }`"),
            );
            return None;
        };
        let e = p.board_entries(decl);
        let ok = p.board_labels(decl, e.files, "files") & p.board_labels(decl, e.ranks, "ranks");
        let (Some((files_span, files)), Some((_, ranks)), true) = (e.files, e.ranks, ok) else {
            return None;
        };
        let mut shape = BoardShape {
            files: files.iter().map(|n| n.value.clone()).collect(),
            ranks: ranks.iter().map(|n| n.value.clone()).collect(),
            removed: Vec::new(),
            tiling: if e.hex.is_some() {
                model::Tiling::Hex
            } else {
                model::Tiling::Square
            },
        };
        p.cell_names_unique(&shape, files_span)?;
        let mut removed = Vec::new();
        if let Some((span, Some(word))) = e.hex {
            if word.value == "hexagon" {
                removed.extend(p.hexagon_outside(&shape, span)?);
            }
        }
        for cells in e.removes {
            removed.extend(p.cell_items(&shape, cells, true));
        }
        removed.sort();
        removed.dedup();
        shape.removed = removed;
        Some(shape)
    })
}

impl Problems {
    /// The entries by kind; `files`, `ranks` or `hex` given twice is an error.
    fn board_entries<'d>(&mut self, decl: &'d syntax::BoardDecl) -> Entries<'d> {
        let mut e = Entries::default();
        for entry in &decl.entries {
            let (slot, span, labels, what) = match entry {
                BoardEntry::Hex(s, shape) => {
                    match e.hex {
                        Some((first, _)) => self.push(
                            Diagnostic::error(Code::DuplicateSection, "`hex` is given twice")
                                .at(*s, "second one here")
                                .also(first, "first one here")
                                .help("a board has one tiling"),
                        ),
                        None => e.hex = Some((*s, shape.as_ref())),
                    }
                    continue;
                }
                BoardEntry::Files(s, l) => (&mut e.files, *s, l, "files"),
                BoardEntry::Ranks(s, l) => (&mut e.ranks, *s, l, "ranks"),
                BoardEntry::Remove(_, cells) => {
                    e.removes.push(cells);
                    continue;
                }
            };
            if let Some((first, _)) = slot {
                let first = *first;
                self.push(
                    Diagnostic::error(Code::DuplicateSection, format!("`{what}` is given twice"))
                        .at(span, "second one here")
                        .also(first, "first one here")
                        .help(format!("list all {what} in one `{what}` line")),
                );
            } else {
                *slot = Some((span, labels));
            }
        }
        e
    }

    /// The files (or ranks): given, not too many, each label once. Whether they are.
    fn board_labels(
        &mut self,
        decl: &syntax::BoardDecl,
        entry: Option<(Span, &Vec<Name>)>,
        what: &str,
    ) -> bool {
        let Some((span, labels)) = entry else {
            let example = if what == "files" {
                "a b c d e f g h"
            } else {
                "1 2 3 4 5 6 7 8"
            };
            self.push(
                Diagnostic::error(Code::MissingSection, format!("the board has no `{what}`"))
                    .at(decl.span, format!("this board needs a `{what}` line"))
                    .help(format!("e.g. `{what} {example}`")),
            );
            return false;
        };
        let mut ok = true;
        if labels.len() > MAX_BOARD_SIDE {
            self.push(
                Diagnostic::error(
                    Code::BoardSize,
                    format!(
                        "the board has {} {what}; the limit is {MAX_BOARD_SIDE}",
                        labels.len()
                    ),
                )
                .at(span, format!("{} {what}", labels.len()))
                .help(format!(
                    "vdl boards have at most {MAX_BOARD_SIDE} files and {MAX_BOARD_SIDE} ranks"
                )),
            );
            ok = false;
        }
        for (i, l) in labels.iter().enumerate() {
            if let Some(first) = labels[..i].iter().find(|x| x.value == l.value) {
                self.push(
                    Diagnostic::error(
                        Code::DuplicateLabel,
                        format!("the label `{}` is used twice in `{what}`", l.value),
                    )
                    .at(l.span, "used again here")
                    .also(first.span, "first used here")
                    .help("every file and every rank needs its own label"),
                );
                ok = false;
            }
        }
        ok
    }

    /// Cell names are file label + rank label; every name must mean one cell.
    fn cell_names_unique(&mut self, shape: &BoardShape, files_span: Span) -> Option<()> {
        let mut seen: IndexMap<String, (usize, usize)> = IndexMap::new();
        for (f, file) in shape.files.iter().enumerate() {
            for (r, rank) in shape.ranks.iter().enumerate() {
                let name = format!("{file}{rank}");
                if let Some(&(f0, r0)) = seen.get(&name) {
                    self.push(
                        Diagnostic::error(
                            Code::AmbiguousLabel,
                            format!(
                                "the cell name `{name}` could mean file `{}` rank `{}` or file `{}` rank `{}`",
                                shape.files[f0], shape.ranks[r0], file, rank
                            ),
                        )
                        .at(files_span, "these file labels")
                        .help("choose file and rank labels so that no file label plus rank label spells another"),
                    );
                    return None;
                }
                seen.insert(name, (f, r));
            }
        }
        Some(())
    }
}
