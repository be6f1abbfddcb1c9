//! `castle`: castling moves on fixed cells, or (Chess960) from wherever the start
//! position puts the king and its partner.

use super::{report, Problems, Report, MAX_CASTLING};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{BoardShape, CastleDef, Coord, Side};
use crate::syntax::{self, CellItem, Name};

/// The `castle` rules: each with a flag of its own, on cells of the board, at most
/// `MAX_CASTLING`.
pub(super) fn castles(
    board: &BoardShape,
    decls: &[&syntax::CastleDecl],
    pieces: &[&syntax::PieceDecl],
) -> Report<Vec<CastleDef>> {
    report(|p| {
        let mut out: Vec<CastleDef> = Vec::new();
        let mut flags: Vec<(char, Span)> = Vec::new();
        for (i, c) in decls.iter().enumerate() {
            if i == MAX_CASTLING {
                p.push(
                    Diagnostic::error(
                        Code::Limit,
                        format!("more than {MAX_CASTLING} castling rules"),
                    )
                    .at(c.span, format!("castling rule number {}", i + 1))
                    .help(format!(
                        "vdl supports at most {MAX_CASTLING} castling rules in one variant"
                    )),
                );
            }
            let Some(flag) = p.castle_flag(c, &mut flags) else {
                continue;
            };
            let castle = match (&c.king_from, &c.rook_from) {
                (Some(kf), Some(rf)) => p.fixed_castle(board, c, flag, kf, rf),
                (None, None) => p.free_castle(board, c, flag, pieces),
                (Some(_), None) | (None, Some(_)) => {
                    p.push(
                        Diagnostic::error(
                            Code::BadCastling,
                            "only one of the castling's starts is `*`",
                        )
                        .at(c.span, "the king and the rook start `*` together or not at all")
                        .help("write `king *-g1 rook *-f1 partner Rook` for a Chess960 castling, or name both start cells"),
                    );
                    None
                }
            };
            out.extend(castle);
        }
        out
    })
}

impl Problems {
    /// The castling's flag: one letter, not used before.
    fn castle_flag(
        &mut self,
        c: &syntax::CastleDecl,
        flags: &mut Vec<(char, Span)>,
    ) -> Option<char> {
        let mut chars = c.flag.value.chars();
        let flag = match (chars.next(), chars.next()) {
            (Some(f), None) if f.is_ascii_alphabetic() => f,
            _ => {
                self.push(
                    Diagnostic::error(Code::BadCastling, format!("`{}` is not a castling flag", c.flag.value))
                        .at(c.flag.span, "expected one letter")
                        .help("the flag is the letter for this castling in a FEN's castling field: upper case for White (`K`), lower case for Black (`k`)"),
                );
                return None;
            }
        };
        if let Some(&(_, first)) = flags.iter().find(|(f, _)| *f == flag) {
            self.push(
                Diagnostic::error(
                    Code::BadCastling,
                    format!("the castling flag `{flag}` is used twice"),
                )
                .at(c.flag.span, "used again here")
                .also(first, "first used here")
                .help("each castling move needs its own flag letter"),
            );
            return None;
        }
        flags.push((flag, c.flag.span));
        Some(flag)
    }

    /// A castling between fixed cells; `empty` and `safe` default to the cells of
    /// their rank between them.
    fn fixed_castle(
        &mut self,
        board: &BoardShape,
        c: &syntax::CastleDecl,
        flag: char,
        king_from: &Name,
        rook_from: &Name,
    ) -> Option<CastleDef> {
        let cells = [king_from, &c.king_to, rook_from, &c.rook_to].map(|n| self.cell(board, n));
        let [Some(kf), Some(kt), Some(rf), Some(rt)] = cells else {
            return None;
        };
        if kf == rf {
            self.push(
                Diagnostic::error(
                    Code::BadCastling,
                    "the king and the rook start on the same cell",
                )
                .at(rook_from.span, "same cell as the king")
                .help("castling moves two different pieces"),
            );
            return None;
        }
        let same_rank = kf.rank == kt.rank && kf.rank == rf.rank && kf.rank == rt.rank;
        let empty = match &c.empty {
            Some(items) => self.cell_items(board, items, false),
            None if same_rank => {
                let lo = kf.file.min(kt.file).min(rf.file).min(rt.file);
                let hi = kf.file.max(kt.file).max(rf.file).max(rt.file);
                rank_cells(board, kf.rank, lo, hi)
                    .filter(|x| *x != kf && *x != rf)
                    .collect()
            }
            None => {
                self.push(self.castle_needs_lists(c.span, "empty"));
                return None;
            }
        };
        let safe = match &c.safe {
            Some(items) => self.cell_items(board, items, false),
            None if same_rank => {
                rank_cells(board, kf.rank, kf.file.min(kt.file), kf.file.max(kt.file)).collect()
            }
            None => {
                self.push(self.castle_needs_lists(c.span, "safe"));
                return None;
            }
        };
        Some(CastleDef {
            flag,
            side: side_of_flag(flag),
            king_from: kf,
            king_to: kt,
            rook_from: rf,
            rook_to: rt,
            empty,
            safe,
            partner: None,
        })
    }

    /// A Chess960 castling: the king and its partner start where the start position
    /// puts them, on the rank of their end cells; the cells between are worked out
    /// then, so `empty` and `safe` may not be given.
    fn free_castle(
        &mut self,
        board: &BoardShape,
        c: &syntax::CastleDecl,
        flag: char,
        pieces: &[&syntax::PieceDecl],
    ) -> Option<CastleDef> {
        let kt = self.cell(board, &c.king_to);
        let rt = self.cell(board, &c.rook_to);
        let Some(partner) = &c.partner else {
            self.push(
                Diagnostic::error(Code::BadCastling, "a `*` rook start needs its `partner`")
                    .at(c.span, "which kind is the rook?")
                    .help("name the kind the king castles with, e.g. `partner Rook`: the outermost one on its side of the king is the one that castles"),
            );
            return None;
        };
        let known: Vec<&str> = pieces.iter().map(|p| p.name.value.as_str()).collect();
        let partner = self.piece_ref(partner, &known, pieces);
        let listed = c.empty.as_ref().or(c.safe.as_ref());
        if let Some(span) = listed.and_then(|items| items.first()).map(|i| match i {
            CellItem::Cell(n) => n.span,
            CellItem::Range(span, _, _) => *span,
        }) {
            self.push(
                Diagnostic::error(Code::BadCastling, "a `*` castling works out its own `empty` and `safe` cells")
                    .at(span, "not for a `*` castling")
                    .help("leave out `empty` and `safe`: every cell the king and the rook cross must be empty, and the king's must not be attacked"),
            );
            return None;
        }
        let (kt, rt, partner) = (kt?, rt?, partner?);
        if kt.rank != rt.rank || kt == rt {
            self.push(
                Diagnostic::error(
                    Code::BadCastling,
                    "a `*` castling's king and rook end on two cells of one rank",
                )
                .at(c.rook_to.span, "the rook's end cell")
                .help("the king and its partner start and end on the same rank, e.g. `king *-g1 rook *-f1`"),
            );
            return None;
        }
        Some(CastleDef {
            flag,
            side: side_of_flag(flag),
            king_from: kt,
            king_to: kt,
            rook_from: rt,
            rook_to: rt,
            empty: Vec::new(),
            safe: Vec::new(),
            partner: Some(partner),
        })
    }

    fn castle_needs_lists(&self, span: Span, what: &str) -> Diagnostic {
        Diagnostic::error(
            Code::BadCastling,
            format!("this castling needs an explicit `{what}` list"),
        )
        .at(span, "the king and rook cells are not on one rank")
        .help(format!(
            "`{what}` can be left out only when all four cells share a rank"
        ))
    }
}

fn side_of_flag(flag: char) -> Side {
    if flag.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    }
}

/// The board's cells of `rank` from file `lo` to `hi`.
fn rank_cells(board: &BoardShape, rank: i32, lo: i32, hi: i32) -> impl Iterator<Item = Coord> + '_ {
    (lo..=hi)
        .map(move |file| Coord { file, rank })
        .filter(|x| board.contains(*x))
}
