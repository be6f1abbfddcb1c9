//! The spanned AST to a plain `Definition`, collecting every problem on the way.
//! A problem in one section does not stop the others from being checked; only
//! what depends on a broken part (cells on a missing board) is skipped.

pub mod betza;
pub mod betza_writer;
mod board;
mod capture;
mod castle;
mod cells;
mod confinement;
mod counting;
mod drops;
mod end;
mod explosions;
pub mod extend;
mod hand;
mod limits;
mod moves;
mod names;
mod pieces;
mod promotion;
mod restrictions;
mod sections;
mod two_cell;
mod walls;

use crate::diagnostic::{self, Code, Diagnostic, Span};
use crate::model::{self, Definition};
use crate::syntax;

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
