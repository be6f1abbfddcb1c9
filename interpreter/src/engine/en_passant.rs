//! What a FEN says about the last move: the en-passant field (which cells a piece
//! just passed and which piece passed them) and the swap that may not be undone,
//! read and written so that a round trip never changes the moves.

use super::{kind_of, side_of, EnPassant, Position, MAX_EP_CELLS};
use crate::compile::Cell;
use crate::model::{Coord, EnPassantField, FenError, FenErrorKind};

impl Position<'_> {
    /// Whether side `us`, to move, may capture en passant: an enemy piece just
    /// passed some cells.
    #[inline]
    pub(super) fn en_passant_open(&self, us: usize) -> bool {
        us == self.side
            && self.ep.len > 0
            && self.ep.victim != super::NO_CELL
            && side_of(self.board[self.ep.victim as usize]) != us
    }

    /// The en-passant state a FEN's field describes, or why it cannot be.
    pub(super) fn read_en_passant(&self, field: &EnPassantField) -> Result<EnPassant, FenError> {
        let rules = self.rules;
        let err = |message: String| FenError {
            kind: FenErrorKind::Malformed,
            offset: field.offset,
            len: field.len.max(1),
            message,
            help: Some(
                "the en-passant field names the cells a piece passed on the last move, \
                 empty, joined by `,` if several, and then `>` and the piece's cell when \
                 the cells do not say which piece it was (`d3>e4`); write `-` otherwise"
                    .into(),
            ),
        };
        if field.passed.len() > MAX_EP_CELLS {
            return Err(err(format!(
                "a piece passes at most {MAX_EP_CELLS} cells, not {}",
                field.passed.len()
            )));
        }
        let mut ep = EnPassant::NONE;
        for &coord in &field.passed {
            let cell = rules
                .cell_at(coord)
                .ok_or_else(|| err("not a cell".into()))?;
            if self.board[cell as usize] != 0 || ep.contains(cell) {
                return Err(err(format!(
                    "`{}` cannot have just been passed: it is occupied or named twice",
                    rules.cell_name(cell)
                )));
            }
            ep.cells[ep.len as usize] = cell;
            ep.len += 1;
        }
        let cells = &ep.cells[..ep.len as usize];
        ep.victim = match field.victim {
            Some(coord) => match rules.cell_at(coord).filter(|&c| self.passer(c)) {
                Some(cell) => cell,
                None => {
                    return Err(err(format!(
                        "no piece of the side that just moved that takes part in en \
                         passant stands on `{}`",
                        self.rules.definition.board.cell_name(coord)
                    )))
                }
            },
            None => self.default_passer(cells).map_err(err)?,
        };
        Ok(ep)
    }

    /// The swap ban a FEN names: both cells must hold pieces.
    pub(super) fn read_swap_ban(
        &self,
        (a, b): (Coord, Coord),
        fen: &str,
    ) -> Result<(Cell, Cell), FenError> {
        let cell = |c| {
            self.rules
                .cell_at(c)
                .filter(|&x| self.board[x as usize] != 0)
        };
        match (cell(a), cell(b)) {
            (Some(x), Some(y)) if x != y => Ok((x, y)),
            _ => {
                let text = format!(
                    "{}<>{}",
                    self.rules.definition.board.cell_name(a),
                    self.rules.definition.board.cell_name(b)
                );
                Err(FenError {
                    kind: FenErrorKind::Malformed,
                    offset: fen.find(&text).unwrap_or(0),
                    len: text.len(),
                    message: format!(
                        "`{text}` names a swap, but its two cells do not both hold pieces"
                    ),
                    help: Some(
                        "`a<>b` after the en-passant field says the pieces on a and b have \
                         just swapped and may not swap back; write two occupied cells"
                            .into(),
                    ),
                })
            }
        }
    }

    /// The FEN field of the en-passant state: `-`, the passed cells, and the piece
    /// that passed them when `default_passer` would not find it.
    pub(super) fn en_passant_fen(&self) -> String {
        if self.ep.len == 0 {
            return "-".into();
        }
        let cells = &self.ep.cells[..self.ep.len as usize];
        let text: Vec<&str> = cells.iter().map(|&c| self.rules.cell_name(c)).collect();
        let mut out = text.join(",");
        if self.default_passer(cells) != Ok(self.ep.victim) {
            out.push('>');
            out.push_str(self.rules.cell_name(self.ep.victim));
        }
        out
    }

    /// Whether the piece on `cell` belongs to the side that just moved and takes part
    /// in en passant.
    fn passer(&self, cell: Cell) -> bool {
        let p = self.board[cell as usize];
        p != 0 && side_of(p) != self.side && self.rules.en_passant[kind_of(p)]
    }

    /// The piece that passed `cells` when the cells say which: after several, the
    /// next cell along their line; after one, the first piece straight ahead (as
    /// chess writes it), or else the only en-passant piece on a neighbouring cell
    /// beyond it (a diagonal double step).
    fn default_passer(&self, cells: &[Cell]) -> Result<Cell, String> {
        let rules = self.rules;
        let name = |c: Cell| rules.cell_name(c).to_string();
        let Some(&first) = cells.first() else {
            return Err("no cell is named".into());
        };
        if let [.., prev, last] = cells {
            let (a, b) = (
                rules.board.cells[*prev as usize],
                rules.board.cells[*last as usize],
            );
            let step = crate::model::Offset::new(b.file - a.file, b.rank - a.rank);
            return rules
                .step(*last, step)
                .filter(|&v| self.passer(v))
                .ok_or_else(|| {
                    format!(
                        "no piece that takes part in en passant stands after `{}` along \
                         the passed cells",
                        name(*last)
                    )
                });
        }
        let forward = rules.board.forward[1 - self.side];
        let mut at = first;
        for _ in 0..MAX_EP_CELLS {
            let Some(next) = rules.step(at, forward) else {
                break;
            };
            if self.board[next as usize] != 0 {
                if self.passer(next) {
                    return Ok(next);
                }
                break;
            }
            at = next;
        }
        let origin = rules.board.cells[first as usize];
        let beyond: Vec<Cell> = rules.board.neighbours[first as usize]
            .iter()
            .copied()
            .filter(|&n| {
                let c = rules.board.cells[n as usize];
                let (dx, dy) = (c.file - origin.file, c.rank - origin.rank);
                dx * forward.dx + dy * forward.dy > 0 && self.passer(n)
            })
            .collect();
        match beyond[..] {
            [one] => Ok(one),
            [] => Err(format!(
                "no piece has just passed `{}`: it cannot be taken en passant",
                name(first)
            )),
            [a, b, ..] => Err(format!(
                "the pieces on `{}` and `{}` could both have passed `{}`: write which, as \
                 `{}>{}`",
                name(a),
                name(b),
                name(first),
                name(first),
                name(a)
            )),
        }
    }
}
