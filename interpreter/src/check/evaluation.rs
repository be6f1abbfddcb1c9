//! `evaluation`: the computer player's terms that a definition keeps, as `vdl tune`
//! writes them. Each is checked against its range so that no sum of them can reach
//! a mate's score.

use super::{report, Problems, Report, MAX_ATTACK_UNITS, MAX_PER_MOVE, MAX_PIECE_VALUE};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{BoardShape, Coord, Evaluation, PieceTerms};
use crate::syntax::{
    CellItem, EvalCell, EvalLine, EvalTerm, EvalWord, EvaluationDecl, PieceDecl, PieceProp,
    SectionWord, Spanned,
};

/// The `evaluation` section's terms per kind, in the order of `pieces`.
pub(super) fn evaluation(
    decl: Option<&EvaluationDecl>,
    pieces: &[&PieceDecl],
    board: Option<&BoardShape>,
) -> Report<Evaluation> {
    report(|p| {
        let Some(decl) = decl else {
            return Evaluation::default();
        };
        let known: Vec<&str> = pieces.iter().map(|d| d.name.value.as_str()).collect();
        let mut terms = vec![PieceTerms::default(); pieces.len()];
        let mut cells = vec![Vec::new(); pieces.len()];
        let mut endgame_cells = vec![None; pieces.len()];
        let mut lines: Vec<Option<Span>> = vec![None; pieces.len()];
        for EvalLine {
            name,
            terms: given,
            cells: tables,
            endgame_cells: endgame_tables,
        } in &decl.pieces
        {
            let Some(kind) = p.piece_ref(name, &known, pieces) else {
                continue;
            };
            if let Some(first) = lines[kind] {
                p.given_twice(
                    name.span,
                    first,
                    format!("`{}` has two lines in `evaluation`", name.value),
                );
                continue;
            }
            lines[kind] = Some(name.span);
            let royal = (pieces[kind].props.iter()).any(|x| matches!(x, PieceProp::Royal(..)));
            terms[kind] = p.piece_terms(&name.value, given, royal);
            if let Some(board) = board {
                cells[kind] = p.piece_cells((&name.value, "cells"), tables, board);
                endgame_cells[kind] = (endgame_tables.as_ref())
                    .map(|t| p.piece_cells((&name.value, "endgame-cells"), t, board));
            }
        }
        let network = p.network(decl, pieces.len(), board);
        let section = SectionWord::ALL.map(|word| p.section_term(&decl.section, word));
        let given = terms.iter().any(|t| *t != PieceTerms::default())
            || section.iter().any(Option::is_some);
        let [safety, shelter, centrality, exposure, attack, weak_cells, safe_checks, threats] =
            section;
        Evaluation {
            pieces: if given { terms } else { Vec::new() },
            cells: if cells.iter().any(|c| !c.is_empty()) {
                cells
            } else {
                Vec::new()
            },
            endgame_cells: if endgame_cells.iter().any(Option::is_some) {
                endgame_cells
            } else {
                Vec::new()
            },
            safety,
            shelter,
            centrality,
            exposure,
            attack,
            weak_cells,
            safe_checks,
            threats,
            network,
        }
    })
}

/// The unit of most terms.
const PAWNS: &str = "hundredths of a pawn";

impl Problems {
    /// One piece's line of terms, each in its range.
    fn piece_terms(&mut self, piece: &str, given: &[EvalTerm], royal: bool) -> PieceTerms {
        let mut out = PieceTerms::default();
        let mut seen: [Option<Span>; 7] = [None; 7];
        for (word, value) in given {
            let (slot, name, range) = match word.value {
                EvalWord::Value => (&mut out.value, "value", 0..=MAX_PIECE_VALUE),
                EvalWord::Hand => (&mut out.hand, "hand", 0..=MAX_PIECE_VALUE),
                EvalWord::Mobility => (&mut out.mobility, "mobility", -MAX_PER_MOVE..=MAX_PER_MOVE),
                EvalWord::Advance => (&mut out.advance, "advance", 0..=MAX_PIECE_VALUE),
                EvalWord::Isolated => (&mut out.isolated, "isolated", -MAX_PER_MOVE..=MAX_PER_MOVE),
                EvalWord::Doubled => (&mut out.doubled, "doubled", -MAX_PER_MOVE..=MAX_PER_MOVE),
                EvalWord::Pair => (&mut out.pair, "pair", -MAX_PER_MOVE..=MAX_PER_MOVE),
            };
            let index = word.value as usize;
            if let Some(first) = seen[index] {
                self.given_twice(
                    word.span,
                    first,
                    format!("`{name}` is given twice for `{piece}`"),
                );
                continue;
            }
            seen[index] = Some(word.span);
            if royal && matches!(word.value, EvalWord::Value | EvalWord::Hand) {
                self.push(
                    Diagnostic::error(Code::BadValue, format!("`{piece}` is royal: its `{name}` is never counted"))
                        .at(word.span, "for a royal piece")
                        .help("both sides keep their royal pieces, so the evaluation gives them no material value; `mobility` and `advance` still count"),
                );
                continue;
            }
            *slot = self.term_in(value, range, (&format!("`{name}`"), PAWNS));
        }
        out
    }

    /// A piece's `cells` (or `endgame-cells`: `table`) tables: each cell once, on
    /// the board, its number in the range of a term per move.
    fn piece_cells(
        &mut self,
        (piece, table): (&str, &str),
        entries: &[EvalCell],
        board: &BoardShape,
    ) -> Vec<(Coord, i32)> {
        let mut out: Vec<(Coord, i32)> = Vec::new();
        let mut seen: std::collections::HashMap<Coord, Span> = std::collections::HashMap::new();
        for (item, value) in entries {
            let span = match item {
                CellItem::Cell(n) => n.span,
                CellItem::Range(span, ..) => *span,
            };
            let coords = self.cell_items(board, std::slice::from_ref(item), false);
            let Some(v) = self.term_in(
                value,
                -MAX_PER_MOVE..=MAX_PER_MOVE,
                ("a cell's number", PAWNS),
            ) else {
                continue;
            };
            let (again, new): (Vec<Coord>, Vec<Coord>) =
                coords.into_iter().partition(|c| seen.contains_key(c));
            if let Some(first) = again.first().and_then(|c| seen.get(c)) {
                let names: Vec<String> = (again.iter().take(4))
                    .map(|&c| format!("`{}`", board.cell_name(c)))
                    .collect();
                let cells = match again.len() {
                    1 => format!("{} is", names.join("")),
                    n if n <= 4 => format!("{} are", names.join(", ")),
                    n => format!("{} and {} more are", names.join(", "), n - 4),
                };
                self.push(
                    Diagnostic::error(
                        Code::DuplicateProperty,
                        format!("{cells} given twice in `{piece}`'s {table}"),
                    )
                    .at(span, "second one here")
                    .also(*first, "first one here")
                    .help("give each cell one number; a range covers every cell in it"),
                );
            }
            for c in new {
                seen.insert(c, span);
                out.push((c, v));
            }
        }
        out
    }

    /// A term, if it is in range.
    fn term_in(
        &mut self,
        v: &Spanned<i64>,
        range: std::ops::RangeInclusive<i64>,
        (what, unit): (&str, &str),
    ) -> Option<i32> {
        if range.contains(&v.value) {
            return Some(v.value as i32);
        }
        self.push(
            Diagnostic::error(
                Code::BadValue,
                format!(
                    "{what} is {} to {} {unit}, not {}",
                    range.start(),
                    range.end(),
                    v.value
                ),
            )
            .at(v.span, "out of range")
            .help("`vdl tune FILE` writes an `evaluation` section with every term in range"),
        );
        None
    }

    /// A term given once for the whole section, in the range of a term per move.
    fn section_term(
        &mut self,
        section: &[(Spanned<SectionWord>, Spanned<i64>)],
        term: SectionWord,
    ) -> Option<i32> {
        let word = term.word();
        let given: Vec<&Spanned<i64>> = (section.iter())
            .filter(|(w, _)| w.value == term)
            .map(|(_, v)| v)
            .collect();
        let [first, rest @ ..] = given.as_slice() else {
            return None;
        };
        for again in rest {
            self.given_twice(
                again.span,
                first.span,
                format!("`{word}` is given twice in `evaluation`"),
            );
        }
        let (range, unit) = match term {
            SectionWord::WeakCells | SectionWord::SafeChecks => (0..=MAX_ATTACK_UNITS, "strikes"),
            _ => (-MAX_PER_MOVE..=MAX_PER_MOVE, PAWNS),
        };
        self.term_in(first, range, (&format!("`{word}`"), unit))
    }

    /// A term or line that may be given once, given again.
    fn given_twice(&mut self, again: Span, first: Span, message: String) {
        self.push(
            Diagnostic::error(Code::DuplicateProperty, message)
                .at(again, "second one here")
                .also(first, "first one here")
                .help("give each term once"),
        );
    }
}
