//! The spanned AST to a plain `Definition`, collecting every problem on the way.
//! A problem in one section does not stop the others from being checked; only
//! what depends on a broken part (cells on a missing board) is skipped.

pub mod betza;
pub mod betza_writer;
mod board;
mod capture;
mod castle;
mod confinement;
mod counting;
mod drops;
mod end;
mod explosions;
pub mod extend;
mod hand;
mod moves;
mod pieces;
mod restrictions;
mod sections;
mod two_cell;
mod walls;

use crate::diagnostic::{self, Code, Diagnostic, Span};
use crate::model::{self, BoardShape, Coord, Definition, MoveLimit, Outcome, Promotion};
use crate::syntax::{
    self, CellItem, EndRuleDecl, Name, PieceProp, ResetItem, SideWord, Spanned, ZoneBody,
};
use indexmap::IndexMap;

/// The most files or ranks a board may have.
pub const MAX_BOARD_SIDE: usize = 64;
/// The most piece kinds a variant may define (the engine keeps kinds in 64-bit masks).
pub const MAX_PIECE_KINDS: usize = 64;
/// The largest `value` a piece may be given, in hundredths of a pawn.
pub const MAX_PIECE_VALUE: i64 = 100_000;
/// Letters in a piece label.
pub const MAX_LABEL_LEN: usize = 3;
/// The largest offset component a move rule may use.
pub const MAX_OFFSET: i64 = 255;
/// The most castling rules a variant may have (rights are kept in a 32-bit mask).
pub const MAX_CASTLING: usize = 32;
/// The most cells one quiet step of an en-passant piece may pass.
pub const MAX_EP_CELLS: usize = 8;
/// The most pieces one move may remove.
pub const MAX_CAPTURES: usize = 14;

/// The result of checking: the definition when there is no error, and every diagnostic.
#[derive(Debug)]
pub struct Checked {
    pub definition: Option<Definition>,
    pub diagnostics: Vec<Diagnostic>,
}

pub fn check(file: &syntax::File) -> Checked {
    let mut c = Checker::default();
    let definition = c.file(file);
    let mut diagnostics = c.diags;
    diagnostic::sort(&mut diagnostics);
    let has_error = diagnostics.iter().any(Diagnostic::is_error);
    Checked {
        definition: if has_error { None } else { definition },
        diagnostics,
    }
}

#[derive(Default)]
struct Checker {
    diags: Vec<Diagnostic>,
    /// The board's tiling, once the board is read: what `all` and Betza atoms mean.
    tiling: model::Tiling,
}

/// Whether label `long` starts with label `short` so that a FEN could read it as
/// `short` and another piece (`Q~` after `Q` cannot: no label starts with `~`).
fn begins(long: &str, short: &str) -> bool {
    long.strip_prefix(short)
        .is_some_and(|rest| !rest.starts_with('~'))
}

/// A section that may appear once: the first one, remembered for the duplicate's label.
fn once<'a, T>(
    slot: &mut Option<&'a T>,
    item: &'a T,
    span: Span,
    first_span: impl Fn(&T) -> Span,
    what: &str,
    diags: &mut Vec<Diagnostic>,
) {
    match slot {
        Some(first) => diags.push(
            Diagnostic::error(Code::DuplicateSection, format!("`{what}` is given twice"))
                .at(span, "second one here")
                .also(first_span(first), "first one here")
                .help(format!(
                    "a definition has one `{what}` section; merge the two"
                )),
        ),
        None => *slot = Some(item),
    }
}

impl Checker {
    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// The cells of a hex board's grid outside its largest regular hexagon: the two
    /// corners where file + rank is too small or too large. The grid must be square,
    /// with an odd side.
    fn hexagon_outside(&mut self, shape: &BoardShape, span: Span) -> Option<Vec<Coord>> {
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
    fn cell(&mut self, board: &BoardShape, name: &Name) -> Option<Coord> {
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
    fn cell_items(&mut self, board: &BoardShape, items: &[CellItem], grid: bool) -> Vec<Coord> {
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

    fn zones(
        &mut self,
        board: &BoardShape,
        decls: &[&syntax::ZoneDecl],
    ) -> IndexMap<String, [Vec<Coord>; 2]> {
        let mut zones = IndexMap::new();
        let mut spans: IndexMap<String, Span> = IndexMap::new();
        for z in decls {
            if let Some(first) = spans.get(&z.name.value) {
                self.push(
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
                    let c = self.cell_items(board, items, false);
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
                            self.push(
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
                        out[i] = self.cell_items(board, items, false);
                    }
                    out
                }
            };
            zones.insert(z.name.value.clone(), cells);
        }
        zones
    }

    /// A `promotes` property: its zones checked, its choices resolved.
    fn promotion(
        &mut self,
        prop: &PieceProp,
        zones: Option<&IndexMap<String, [Vec<Coord>; 2]>>,
        known: &[&str],
        decls: &[&syntax::PieceDecl],
    ) -> Option<Promotion> {
        let PieceProp::Promotes {
            zone,
            to,
            sides,
            captured,
            queue,
            optional,
            leaving,
            forced_in,
            ..
        } = prop
        else {
            return None;
        };
        if let Some(zones) = zones {
            self.zone_ref(zone, zones);
            if let Some(forced) = forced_in {
                self.zone_ref(forced, zones);
            }
        }
        let mut kinds = |names: &[Name]| -> Vec<usize> {
            names
                .iter()
                .filter_map(|name| self.piece_ref(name, known, decls))
                .collect()
        };
        let mut choices = kinds(to);
        let mut black_choices = None;
        if let [(first, a), (second, b)] = sides.as_slice() {
            let (a, b) = (kinds(a), kinds(b));
            if first.value == second.value {
                self.push(
                    Diagnostic::error(
                        Code::DuplicateProperty,
                        format!(
                            "the choices for {} are given twice",
                            side_word(&first.value)
                        ),
                    )
                    .at(second.span, "second one here")
                    .also(first.span, "first one here")
                    .help(
                        "write each side's choices once: `to white Queen Rook black Queen Knight`",
                    ),
                );
            }
            (choices, black_choices) = if first.value == "black" {
                (b, Some(a))
            } else {
                (a, Some(b))
            };
        }
        Some(Promotion {
            zone: zone.value.clone(),
            choices,
            black_choices,
            from_captured: captured.is_some(),
            optional: optional.is_some(),
            from_queue: queue.as_ref().map(|q| drops::queue_end(q.value)),
            leaving: leaving.is_some(),
            forced_in: forced_in.as_ref().map(|z| z.value.clone()),
        })
    }

    /// Whether a piece label is well formed: one to three upper-case letters, marked
    /// `+` before or `~` after for a promoted piece. Reports it when not.
    fn piece_label(&mut self, label: &Name) -> bool {
        let text = &label.value;
        let core = text.strip_prefix('+').unwrap_or(text);
        let core = core.strip_suffix('~').unwrap_or(core);
        let marks = text.len() - core.len();
        let letters = core.chars().all(|c| c.is_ascii_uppercase());
        if letters && marks < 2 && (1..=MAX_LABEL_LEN).contains(&core.len()) {
            return true;
        }
        let help = if !text.is_empty()
            && text.chars().all(|c| c.is_ascii_alphabetic())
            && text.len() <= MAX_LABEL_LEN
        {
            format!(
                "write `{}`: labels are declared upper case, and the second player's pieces use the lower case in FEN",
                text.to_ascii_uppercase()
            )
        } else {
            format!("a piece label is one to {MAX_LABEL_LEN} upper-case letters A-Z (`Q`, `AM`), used in FEN and move notation; a promoted piece's may start with `+` or end with `~` (`+P`, `Q~`)")
        };
        self.push(
            Diagnostic::error(Code::BadLetter, format!("`{text}` is not a piece label"))
                .at(label.span, "expected upper-case letters")
                .help(help),
        );
        false
    }

    /// A `value`, if it is in range.
    fn piece_value(&mut self, v: &Spanned<i64>) -> Option<i32> {
        if (0..=MAX_PIECE_VALUE).contains(&v.value) {
            return Some(v.value as i32);
        }
        self.push(
            Diagnostic::error(
                Code::BadValue,
                format!(
                    "a piece's value is 0 to {MAX_PIECE_VALUE} hundredths of a pawn, not {}",
                    v.value
                ),
            )
            .at(v.span, "here")
            .help("write the value in hundredths of a pawn: a knight is about `value 300`"),
        );
        None
    }

    fn flag_once(&mut self, slot: &mut Option<Span>, span: Span, what: &str, piece: &str) {
        if let Some(first) = *slot {
            self.push(
                Diagnostic::error(
                    Code::DuplicateProperty,
                    format!("`{what}` is given twice for `{piece}`"),
                )
                .at(span, "second one here")
                .also(first, "first one here")
                .help(format!("give `{what}` once")),
            );
        } else {
            *slot = Some(span);
        }
    }

    /// A zone a piece property names, checked.
    fn zone_name(
        &mut self,
        zone: Option<&Name>,
        zones: Option<&IndexMap<String, [Vec<Coord>; 2]>>,
    ) -> Option<String> {
        let zone = zone?;
        if let Some(zones) = zones {
            self.zone_ref(zone, zones);
        }
        Some(zone.value.clone())
    }

    /// The region of `moves ... in ZONE` or `within ZONE`, its zone checked.
    fn move_region(
        &mut self,
        region: Option<&syntax::RegionDecl>,
        zones: Option<&IndexMap<String, [Vec<Coord>; 2]>>,
    ) -> Option<model::Region> {
        let region = region?;
        Some(model::Region {
            zone: self.zone_name(Some(&region.zone), zones)?,
            within: region.within,
        })
    }

    /// A zone named by a rule: an error when no zone has the name.
    fn zone_ref(&mut self, zone: &Name, zones: &IndexMap<String, [Vec<Coord>; 2]>) {
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

    /// A piece named in a list (promotion choices, move-rule resets).
    fn piece_ref(
        &mut self,
        name: &Name,
        known: &[&str],
        decls: &[&syntax::PieceDecl],
    ) -> Option<usize> {
        if let Some(k) = known.iter().position(|k| *k == name.value) {
            return Some(k);
        }
        let by_letter = decls
            .iter()
            .find(|p| p.letter.value.eq_ignore_ascii_case(&name.value))
            .map(|p| p.name.value.as_str());
        let guess = by_letter.or_else(|| diagnostic::suggest(&name.value, known.iter().copied()));
        let d = Diagnostic::error(
            Code::UnknownPiece,
            format!("no piece is named `{}`", name.value),
        )
        .at(name.span, "unknown piece");
        self.push(match guess {
            Some(g) => d.help(format!("did you mean `{g}`?")),
            None => d.help(format!("the pieces are: {}", known.join(", "))),
        });
        None
    }

    /// `double-pass` and `facing` end the game on a pass: without `pass` they
    /// never could.
    fn passing_without_pass(&mut self, end: Option<&syntax::EndDecl>) {
        for rule in end.map_or(&[][..], |e| &e.rules[..]) {
            let word = match rule.value {
                EndRuleDecl::DoublePass(_) => "double-pass",
                EndRuleDecl::Facing(_) => "facing",
                _ => continue,
            };
            self.push(
                Diagnostic::error(
                    Code::BadEndRule,
                    format!("`{word}` ends the game on a pass, but no player may pass"),
                )
                .at(rule.span, "never happens")
                .help("add `pass` (a top-level line) so that a turn may be a pass"),
            );
        }
    }

    /// An end rule's count, from `low` to 100; an error (`what` with the count in
    /// place of `{}`) otherwise.
    fn end_count(&mut self, n: &Spanned<i64>, low: i64, what: &str, help: &str) -> Option<u32> {
        if (low..=100).contains(&n.value) {
            return u32::try_from(n.value).ok();
        }
        self.push(
            Diagnostic::error(
                Code::BadEndRule,
                format!(
                    "{} cannot be reached",
                    what.replace("{}", &n.value.to_string())
                ),
            )
            .at(n.span, format!("expected {low} to 100"))
            .help(help),
        );
        None
    }

    /// A `claim-at` count: from `low` to the rule's own count.
    fn claim_count(
        &mut self,
        claim: &Option<Spanned<i64>>,
        low: i64,
        high: i64,
        example: &str,
    ) -> Option<u32> {
        let c = claim.as_ref()?;
        if !(low..=high).contains(&c.value) {
            self.push(
                Diagnostic::error(
                    Code::BadEndRule,
                    format!("a claim at {} is outside the rule", c.value),
                )
                .at(c.span, format!("expected {low} to {high}"))
                .help(format!(
                    "a draw may be claimed before the game ends by itself: `{example}`"
                )),
            );
            return None;
        }
        Some(c.value as u32)
    }

    fn move_limit(
        &mut self,
        decl: &syntax::MoveLimitDecl,
        known: &[&str],
        pieces: &[&syntax::PieceDecl],
        outcome: Outcome,
    ) -> Option<MoveLimit> {
        let n = &decl.moves;
        if !(1..=10_000).contains(&n.value) {
            self.push(
                Diagnostic::error(
                    Code::BadEndRule,
                    format!("a move rule of {} moves is out of range", n.value),
                )
                .at(n.span, "expected 1 to 10000")
                .help("`move-rule 50 draw reset-by capture Pawn` is chess's fifty-move rule"),
            );
            return None;
        }
        let example = "move-rule 75 draw claim-at 50 reset-by capture Pawn";
        let mut limit = MoveLimit {
            moves: n.value as u32,
            outcome,
            claim_at: self.claim_count(&decl.claim_at, 1, n.value, example),
            reset_on_capture: false,
            reset_on_lock: false,
            reset_on_forcing_check: false,
            reset_on_drop: false,
            reset_by: Vec::new(),
        };
        for r in &decl.resets {
            match &r.value {
                ResetItem::Capture => limit.reset_on_capture = true,
                ResetItem::Lock => limit.reset_on_lock = true,
                ResetItem::ForcingCheck => limit.reset_on_forcing_check = true,
                ResetItem::Drop => limit.reset_on_drop = true,
                ResetItem::Piece(p) => {
                    let name = Name {
                        value: p.clone(),
                        span: r.span,
                    };
                    if let Some(k) = self.piece_ref(&name, known, pieces) {
                        limit.reset_by.push(k);
                    }
                }
            }
        }
        Some(limit)
    }
}

/// The diagnostic code for a FEN problem.
pub fn fen_code(e: &model::FenError) -> Code {
    match e.kind {
        model::FenErrorKind::UnknownPiece => Code::UnknownPiece,
        model::FenErrorKind::Malformed | model::FenErrorKind::StrayCastlingRight => Code::BadFen,
    }
}

/// `White` or `Black` for a side word of the language.
fn side_word(word: &str) -> &'static str {
    if word == "black" {
        "Black"
    } else {
        "White"
    }
}
