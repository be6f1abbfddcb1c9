//! Move notation: Game Courier's full algebraic form and plain coordinates.
//!
//! Printed: `P e2-e4` (the mover's letter, upper case for White, lower case for
//! Black), a promotion as a second part `P e7-e8; Q-e8`, and further parts `@-c5`
//! naming removed cells only when two legal moves would otherwise read the same.
//! A swap puts the partner on the mover's cell: `S d4-d6; s-d4`; a suicide is
//! `@-e4`; a mutual destruction removes the victim, then the mover: `@-e5; @-d4`;
//! a takeover puts the converted piece, in the mover's colours, on its cell:
//! `R a1-a5; P-a4`; a castling whose king move is also a plain king move adds
//! the rook's move: `K e1-f1; R h1-e1`; a drop from the queue comes last, the
//! dropped piece put on its cell: `N g1-f3; AM-d1`; a two-cell piece names the
//! cells it leaves and those it ends on, then every cell it captures on:
//! `B f2g2-f3f4; @-f4`.
//! Read: the printed form, with or without the letter (`e2-e4`), `e2e4`, `e7-e8=Q`,
//! removals as `@-c5` or `c5-`, parts separated by `;`; a two-cell step as `f2g2-f3f4`
//! (each pair in either order).

use crate::compile::{Cell, Ruleset};
use crate::diagnostic::Code;
use crate::engine::{Move, MoveKind, Piece};

/// One `;`-separated part of a move, with its byte offset in the move text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// `[L] from-to`, `from to`, `fromto`, optionally `=L`.
    Step {
        /// The piece's letter, if written.
        letter: Option<String>,
        /// The cell it leaves.
        from: String,
        /// The cell it arrives on.
        to: String,
        /// The kind it promotes to, if written.
        promote: Option<String>,
    },
    /// `@-cell` or `cell-`: a piece removed.
    Remove(String),
    /// `L-cell` or `L*cell`: a piece put on a cell (a promotion's second part, or a drop).
    Place(String, String),
    /// `pass` (or `--`): the turn passes, nothing moves.
    Pass,
    /// `*-cell`: the turn's wall put on a cell.
    Wall(String),
}

/// A part and where it stands in the move text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartAt {
    /// The first byte of the part.
    pub offset: usize,
    /// Its length in bytes.
    pub len: usize,
    /// The part.
    pub part: Part,
}

/// A move text split into parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The parts in order.
    pub parts: Vec<PartAt>,
}

/// Why a move text was not accepted, in the rules' own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// Its code.
    pub code: Code,
    /// What is wrong.
    pub message: String,
    /// How to put it right.
    pub help: Option<String>,
    /// Byte range within the move text that the message is about; a length of 0
    /// means the whole move.
    pub offset: usize,
    /// Its length in bytes.
    pub len: usize,
}

pub(super) fn reject(code: Code, message: impl Into<String>, help: Option<String>) -> Rejection {
    Rejection {
        code,
        message: message.into(),
        help,
        offset: 0,
        len: 0,
    }
}

mod drops;
mod explain;
mod parse;
mod print;
mod resolve;

pub use explain::moves_of;
pub use parse::{is_label, parse};
pub use print::{letter, print};
pub use resolve::resolve;

/// Whether a capture on `c` is implied by the move's arrival there (a two-cell
/// piece names every capture).
pub(super) fn arrives(m: &Move, c: Cell) -> bool {
    c == m.to && m.kind != MoveKind::TwoCell
}

/// `f2f3` and `f4f5`: the cells a two-cell piece leaves and those it ends on.
pub(super) fn cell_pairs(rules: &Ruleset, from: &str, to: &str) -> Option<([Cell; 2], [Cell; 2])> {
    let (a, b) = split_cells(rules, from)?;
    let (c, d) = split_cells(rules, to)?;
    Some(([a, b], [c, d]))
}

/// Whether two pairs of cells are the same cells.
pub(super) fn same_cells(x: [Cell; 2], y: [Cell; 2]) -> bool {
    (x[0] == y[0] && x[1] == y[1]) || (x[0] == y[1] && x[1] == y[0])
}

pub(super) fn cell(rules: &Ruleset, name: &str) -> Result<Cell, Rejection> {
    rules.cell_by_name(name).ok_or_else(|| {
        let b = &rules.definition.board;
        reject(
            Code::BadNotation,
            format!("`{name}` is not a cell of this board"),
            Some(format!(
                "cells are named by file then rank; the files are {} and the ranks {}",
                b.files.join(" "),
                b.ranks.join(" ")
            )),
        )
    })
}

/// `e2e4`: split one word into two cell names of the board.
pub(super) fn split_cells(rules: &Ruleset, word: &str) -> Option<(Cell, Cell)> {
    (1..word.len()).find_map(|i| {
        let (a, b) = word.split_at(i);
        Some((rules.cell_by_name(a)?, rules.cell_by_name(b)?))
    })
}

pub(super) fn piece_name(rules: &Ruleset, p: Piece) -> &str {
    &rules.definition.pieces[p.kind].name
}

/// The kind a written label names (in either case), if any.
pub(super) fn kind_of_letter(rules: &Ruleset, label: &str) -> Option<usize> {
    crate::model::label_at(label, &rules.definition.pieces)
        .filter(|&(_, _, len)| len == label.len())
        .map(|(kind, _, _)| kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_forms() {
        let p = |t: &str| parse(t).map(|m| m.parts.into_iter().map(|p| p.part).collect::<Vec<_>>());
        assert_eq!(
            p("P e2-e4").unwrap(),
            vec![Part::Step {
                letter: Some("P".into()),
                from: "e2".into(),
                to: "e4".into(),
                promote: None
            }]
        );
        assert_eq!(
            p("e2e4").unwrap(),
            vec![Part::Step {
                letter: None,
                from: "e2e4".into(),
                to: String::new(),
                promote: None
            }]
        );
        assert_eq!(
            p("p e7-e8; q-e8").unwrap()[1],
            Part::Place("q".into(), "e8".into())
        );
        assert_eq!(p("@-e4").unwrap(), vec![Part::Remove("e4".into())]);
        assert_eq!(p("e4-").unwrap(), vec![Part::Remove("e4".into())]);
        assert_eq!(
            p("e7-e8=Q").unwrap(),
            vec![Part::Step {
                letter: None,
                from: "e7".into(),
                to: "e8".into(),
                promote: Some("Q".into())
            }]
        );
        assert!(p("P e2-e4;").is_err());
        assert!(p("Pawn e2-e4").is_err());
    }
}
