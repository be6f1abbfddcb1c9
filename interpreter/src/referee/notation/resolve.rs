//! A move text read against the legal moves: the one move it names, or why none
//! or several fit.

use super::drops::{hand_drop, is_drop, keep_drop};
use super::explain::{explain_missing, list_help};
use super::print::{letter, print};
use super::{
    arrives, cell, cell_pairs, kind_of_letter, piece_name, reject, same_cells, split_cells,
    MoveText, Part, PartAt, Rejection,
};
use crate::compile::Cell;
use crate::diagnostic::Code;
use crate::engine::{Move, MoveKind, Piece, Position};

/// The legal move a text names, or why there is none. `legal` is the position's
/// legal move list.
pub fn resolve(pos: &mut Position, text: &MoveText, legal: &[Move]) -> Result<Move, Rejection> {
    if pos.rules().flags.walls {
        return resolve_with_wall(pos, text, legal);
    }
    resolve_move(pos, text, legal)
}

/// Under `walls`: the piece's move from the parts before, then its wall.
fn resolve_with_wall(
    pos: &mut Position,
    text: &MoveText,
    legal: &[Move],
) -> Result<Move, Rejection> {
    let rules = pos.rules();
    let walls: Vec<(usize, usize, &String)> = text
        .parts
        .iter()
        .filter_map(|p| match &p.part {
            Part::Wall(name) => Some((p.offset, p.len, name)),
            _ => None,
        })
        .collect();
    let rest = MoveText {
        parts: text
            .parts
            .iter()
            .filter(|p| !matches!(p.part, Part::Wall(_)))
            .cloned()
            .collect(),
    };
    let end = text.parts.last().map_or(0, |p| p.offset + p.len);
    let (at, name) = match walls.as_slice() {
        [(offset, len, name)] => ((*offset, *len), *name),
        [] => {
            let m = resolve_move(pos, &rest, &piece_moves(legal))?;
            let example = legal
                .iter()
                .find(|o| o.without_wall() == m)
                .and_then(|o| pos.wall_of(o))
                .map_or("d5", |w| rules.cell_name(w));
            return Err(Rejection {
                offset: end,
                len: 0,
                ..reject(
                    Code::IllegalMove,
                    "every turn of this variant puts a wall, and this one names none",
                    Some(format!(
                        "add the wall's cell after the move, e.g. `; *-{example}`"
                    )),
                )
            });
        }
        [_, second, ..] => {
            return Err(Rejection {
                offset: second.0,
                len: second.1,
                ..reject(
                    Code::IllegalMove,
                    "a turn puts one wall",
                    Some("name one wall after the move, e.g. `; *-d5`".into()),
                )
            })
        }
    };
    let wall = cell(rules, name).map_err(|r| Rejection {
        offset: at.0,
        len: at.1,
        ..r
    })?;
    // The moves that may put their wall there; only when the text names none of
    // them, all the piece moves, to say what is wrong.
    let walled: Vec<Move> = legal
        .iter()
        .filter(|m| pos.wall_of(m) == Some(wall))
        .map(|m| m.without_wall())
        .collect();
    if let Ok(m) = resolve_move(pos, &rest, &walled) {
        return Ok(m.with_wall(wall));
    }
    resolve_move(pos, &rest, &piece_moves(legal))?;
    Err(Rejection {
        offset: at.0,
        len: at.1,
        ..reject(
            Code::IllegalMove,
            format!("this move cannot put its wall on {name}"),
            Some(wall_help(pos)),
        )
    })
}

/// The legal turns' piece moves, each once (a turn's walls follow one another).
fn piece_moves(legal: &[Move]) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    for m in legal.iter().map(|m| m.without_wall()) {
        if moves.last() != Some(&m) && !moves.contains(&m) {
            moves.push(m);
        }
    }
    moves
}

/// Where a wall may go, by the variant's rule.
fn wall_help(pos: &Position) -> String {
    use crate::model::WallRule;
    match pos.rules().walls.as_ref().map(|w| w.rule) {
        Some(WallRule::Arrow) => "the wall goes on a cell the moved piece could move to from where it ended, over empty cells",
        Some(WallRule::Trail) => "the wall goes on the cell the piece left",
        Some(WallRule::Duck) => "the duck goes on an empty cell other than its own",
        _ => "the wall goes on an empty cell",
    }
    .to_string()
        + match pos.rules().walls.as_ref().map(|w| w.region[0].iter().all(|&b| b)) {
            Some(false) => ", within the walls' zone",
            _ => "",
        }
}

/// `pass`: the pass among the legal moves, or why there is none.
fn resolve_pass(pos: &mut Position, text: &MoveText, legal: &[Move]) -> Result<Move, Rejection> {
    if text.parts.len() > 1 {
        return Err(reject(
            Code::BadNotation,
            "a pass is a turn of its own",
            Some("write `pass` alone".into()),
        ));
    }
    if let Some(m) = legal.iter().find(|m| m.kind == MoveKind::Pass) {
        return Ok(*m);
    }
    let (message, help) = if !pos.rules().flags.pass {
        (
            "the rules do not let a player pass",
            "a definition allows passing with a top-level `pass`",
        )
    } else {
        (
            "a player in check may not pass",
            "answer the check: move the royal piece, block or capture",
        )
    };
    Err(reject(Code::IllegalMove, message, Some(help.into())))
}

/// What a move's parts say, each with where it stands in the text.
#[derive(Default)]
struct Written {
    /// The step: its offset, the letter written, from, to.
    step: Option<(usize, Option<String>, Cell, Cell)>,
    /// A two-cell piece's step: the cells it leaves and the cells it ends on.
    pair: Option<([Cell; 2], [Cell; 2])>,
    /// A second step: the rook's part of a castling move (`K e1-f1; R h1-e1`).
    rook_step: Option<(usize, usize, Cell, Cell)>,
    promote: Option<(usize, usize, String)>,
    swap_partner: Option<(usize, usize, String)>,
    converts: Vec<(usize, usize, String, Cell)>,
    removes: Vec<Cell>,
    drop: Option<(usize, usize, String, Cell)>,
}

/// The text's part with its offset, for a rejection about that part.
fn at_part(offset: usize, len: usize) -> impl Fn(Rejection) -> Rejection {
    move |r| Rejection { offset, len, ..r }
}

fn resolve_move(pos: &mut Position, text: &MoveText, legal: &[Move]) -> Result<Move, Rejection> {
    if text.parts.iter().any(|p| p.part == Part::Pass) {
        return resolve_pass(pos, text, legal);
    }
    if let [PartAt {
        part: Part::Place(label, target),
        ..
    }] = text.parts.as_slice()
    {
        if pos.rules().flags.hand {
            let (label, target) = (label.clone(), target.clone());
            return hand_drop(pos, &label, &target, legal);
        }
    }
    let w = read_parts(pos, text)?;
    let Some((step_at, ref written, from, to)) = w.step else {
        return resolve_removals(pos, &w, legal);
    };
    let piece = mover(pos, step_at, written.as_deref(), from, to)?;
    let mut r = Resolving {
        pos,
        legal,
        piece,
        from,
        to,
        step_at,
    };
    let mut candidates = r.between(w.pair)?;
    keep_drop(r.pos, &mut candidates, w.drop.as_ref())?;
    r.keep_swap(&mut candidates, w.swap_partner.as_ref())?;
    r.keep_conversions(&mut candidates, &w.converts)?;
    r.keep_castling(&mut candidates, w.rook_step)?;
    // Without a named conversion, a move that converts nothing reads first.
    if w.converts.is_empty() && candidates.iter().any(|m| m.converted().is_none()) {
        candidates.retain(|m| m.converted().is_none());
    }
    if w.swap_partner.is_none() {
        r.keep_arrivals(&mut candidates)?;
    }
    r.keep_promotion(&mut candidates, w.promote.as_ref())?;
    r.keep_removals(&mut candidates, &w.removes)?;
    r.pick(candidates, &w.removes)
}

/// The parts read against the board: cells named, and what each placement is (a
/// drop, a promotion, a swap's partner or a takeover).
fn read_parts(pos: &Position, text: &MoveText) -> Result<Written, Rejection> {
    let rules = pos.rules();
    let mut w = Written::default();
    for PartAt { offset, len, part } in &text.parts {
        let at = at_part(*offset, *len);
        match part {
            Part::Step {
                letter,
                from,
                to,
                promote,
            } => w.read_step(pos, (*offset, *len), letter, (from, to), promote)?,
            // Read by `resolve_pass` before.
            Part::Pass => {}
            // Read by `resolve_with_wall` in a variant with walls.
            Part::Wall(_) => {
                return Err(at(reject(
                    Code::IllegalMove,
                    "this variant has no walls",
                    Some("a wall part (`*-d5`) belongs to a variant with a `walls` rule".into()),
                )))
            }
            Part::Remove(c) => w.removes.push(cell(rules, c).map_err(at)?),
            Part::Place(l, c) => w.read_place(pos, (*offset, *len), l, c)?,
        }
    }
    Ok(w)
}

impl Written {
    /// A step: the move's own, a two-cell piece's, or a castling rook's after it.
    fn read_step(
        &mut self,
        pos: &Position,
        (offset, len): (usize, usize),
        letter: &Option<String>,
        (from, to): (&str, &str),
        promote: &Option<String>,
    ) -> Result<(), Rejection> {
        let rules = pos.rules();
        let at = at_part(offset, len);
        if self.step.is_some() {
            if self.rook_step.is_some() || to.is_empty() {
                return Err(at(reject(
                    Code::BadNotation,
                    "a move has one step from one cell to another",
                    Some("further parts are a promotion (`Q-e8`), removals (`@-e4`) or a castling rook's move (`R h1-f1`)".into()),
                )));
            }
            let f = cell(rules, from).map_err(&at)?;
            let t = cell(rules, to).map_err(&at)?;
            self.rook_step = Some((offset, len, f, t));
            return Ok(());
        }
        if let (None, Some((f, t))) = (rules.cell_by_name(from), cell_pairs(rules, from, to)) {
            self.pair = Some((f, t));
            self.step = Some((offset, letter.clone(), f[0], t[0]));
            return Ok(());
        }
        let (f, t) = if to.is_empty() {
            split_cells(rules, from).ok_or_else(|| {
                at(reject(
                    Code::BadNotation,
                    format!("cannot read `{from}` as two cells"),
                    Some("write the move as `e2-e4`".into()),
                ))
            })?
        } else {
            (
                cell(rules, from).map_err(&at)?,
                cell(rules, to).map_err(&at)?,
            )
        };
        self.step = Some((offset, letter.clone(), f, t));
        if let Some(p) = promote {
            self.promote = Some((offset, len, p.clone()));
        }
        Ok(())
    }

    /// `L-cell`: a turn's drop, the promotion of the step's piece, the partner of a
    /// swap, or an enemy piece taken over.
    fn read_place(
        &mut self,
        pos: &Position,
        (offset, len): (usize, usize),
        l: &str,
        c: &str,
    ) -> Result<(), Rejection> {
        let at = at_part(offset, len);
        let target = cell(pos.rules(), c).map_err(&at)?;
        if is_drop(
            pos,
            self.step.as_ref().map(|&(_, _, f, t)| (f, t)),
            l,
            target,
        ) {
            if self.drop.is_some() {
                return Err(at(reject(
                    Code::IllegalMove,
                    "a turn drops one piece at most",
                    Some("write one drop after the move, e.g. `N g1-f3; AM-d1`".into()),
                )));
            }
            self.drop = Some((offset, len, l.to_string(), target));
            return Ok(());
        }
        let side = pos.side_to_move();
        match self.step {
            Some((_, _, _, t)) if t == target => self.promote = Some((offset, len, l.to_string())),
            Some((_, _, f, _)) if f == target => {
                self.swap_partner = Some((offset, len, l.to_string()))
            }
            Some(_) if pos.piece_at(target).is_some_and(|p| p.side != side) => {
                self.converts.push((offset, len, l.to_string(), target))
            }
            _ => {
                return Err(at(reject(
                    Code::IllegalMove,
                    format!("`{l}` cannot be put on {c}"),
                    Some(
                        "this variant has no drops; a promotion names the cell the piece moved to"
                            .into(),
                    ),
                )))
            }
        }
        Ok(())
    }
}

/// A move without a step: removals only (a mutual destruction, or a frozen piece
/// removing itself).
fn resolve_removals(pos: &Position, w: &Written, legal: &[Move]) -> Result<Move, Rejection> {
    let rules = pos.rules();
    let dropped = w.drop.as_ref().map(|d| d.3);
    let legal: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| pos.drop_cell(m) == dropped)
        .collect();
    let removes = &w.removes;
    // Removals only: a mutual destruction (the victim, then the mover).
    if removes.len() > 1 {
        let mut named = removes.clone();
        named.sort_unstable();
        named.dedup();
        if let Some(m) = legal.iter().find(|m| {
            let mut caps = m.captures().to_vec();
            caps.sort_unstable();
            m.kind == MoveKind::Destruction && caps == named
        }) {
            return Ok(*m);
        }
        return Err(reject(
            Code::IllegalMove,
            "no legal mutual destruction removes exactly these pieces",
            Some("a mutual destruction names the victim, then the piece that destroys itself: `@-e5; @-d4`".into()),
        ));
    }
    // A lone removal: a frozen piece removing itself.
    if let [cell] = removes.as_slice() {
        if let Some(m) = legal
            .iter()
            .find(|m| m.kind == MoveKind::Suicide && m.from == *cell)
        {
            return Ok(*m);
        }
        let why = match pos.piece_at(*cell) {
            None => format!("no piece on {}", rules.cell_name(*cell)),
            Some(_) if !rules.capture.suicide => "this variant has no suicide moves".to_string(),
            Some(p) => format!(
                "the {} on {} may not remove itself: only a frozen piece that is not royal may",
                piece_name(rules, p),
                rules.cell_name(*cell)
            ),
        };
        return Err(reject(Code::IllegalMove, why, None));
    }
    Err(reject(
        Code::BadNotation,
        "the move names no step",
        Some("write moves as `P e2-e4` or `e2-e4`".into()),
    ))
}

/// The piece the step moves: one of the side to move's, of the kind written.
fn mover(
    pos: &Position,
    step_at: usize,
    written: Option<&str>,
    from: Cell,
    to: Cell,
) -> Result<Piece, Rejection> {
    let rules = pos.rules();
    let side = pos.side_to_move();
    let here = at_part(step_at, 0);
    let Some(piece) = pos.piece_at(from) else {
        return Err(here(reject(
            Code::IllegalMove,
            format!("no piece on {}", rules.cell_name(from)),
            None,
        )));
    };
    if piece.side != side {
        return Err(here(reject(
            Code::IllegalMove,
            format!(
                "the {} on {} is {}'s, and it is {}'s move",
                piece_name(rules, piece),
                rules.cell_name(from),
                piece.side.name(),
                side.name()
            ),
            None,
        )));
    }
    if let Some(l) = written {
        let named = kind_of_letter(rules, l);
        if named != Some(piece.kind) {
            let what = match named {
                Some(k) => format!("not a {}", rules.definition.pieces[k].name),
                None => format!("and `{l}` is not a piece label of this variant"),
            };
            return Err(here(reject(
                Code::IllegalMove,
                format!(
                    "the piece on {} is a {}, {what}",
                    rules.cell_name(from),
                    piece_name(rules, piece)
                ),
                Some(format!(
                    "write `{} {}-{}`",
                    letter(rules, piece),
                    rules.cell_name(from),
                    rules.cell_name(to)
                )),
            )));
        }
    }
    Ok(piece)
}

/// A step being resolved: the legal moves are narrowed, part by part, to the one
/// the text names.
struct Resolving<'a, 'r> {
    pos: &'a mut Position<'r>,
    legal: &'a [Move],
    piece: Piece,
    from: Cell,
    to: Cell,
    step_at: usize,
}

impl Resolving<'_, '_> {
    /// A rejection about the whole step, with the piece's legal moves as help.
    fn refuse(&self, message: String) -> Rejection {
        Rejection {
            offset: self.step_at,
            len: 0,
            ..reject(
                Code::IllegalMove,
                message,
                Some(list_help(self.pos, self.from, self.legal)),
            )
        }
    }

    /// A rejection about one part, with the piece's legal moves as help.
    fn refuse_part(&self, (offset, len): (usize, usize), message: String) -> Rejection {
        Rejection {
            offset,
            len,
            ..self.refuse(message)
        }
    }

    /// The legal moves between the step's cells (a two-cell piece's by both pairs).
    fn between(&mut self, pair: Option<([Cell; 2], [Cell; 2])>) -> Result<Vec<Move>, Rejection> {
        let (from, to) = (self.from, self.to);
        let candidates: Vec<Move> = (self.legal.iter().copied())
            .filter(|m| match (pair, m.two_cell_ends()) {
                (Some((f, t)), Some((mf, mt))) => same_cells(f, mf) && same_cells(t, mt),
                (None, None) => m.from == from && m.to == to,
                _ => false,
            })
            .collect();
        if candidates.is_empty() {
            let why = explain_missing(self.pos, self.piece, from, to);
            return Err(self.refuse(why));
        }
        Ok(candidates)
    }

    /// `S d4-d6; s-d4`: only swaps, with the partner named.
    fn keep_swap(
        &self,
        candidates: &mut Vec<Move>,
        partner_written: Option<&(usize, usize, String)>,
    ) -> Result<(), Rejection> {
        let Some((s_at, s_len, l)) = partner_written else {
            return Ok(());
        };
        let rules = self.pos.rules();
        let (to, part) = (self.to, (*s_at, *s_len));
        candidates.retain(|m| m.kind == MoveKind::Swap);
        let Some(partner) = self.pos.piece_at(to) else {
            let message = format!("no piece on {} to swap with", rules.cell_name(to));
            return Err(self.refuse_part(part, message));
        };
        if &letter(rules, partner) != l {
            let message = format!(
                "the piece on {} is `{}`, not `{l}`",
                rules.cell_name(to),
                letter(rules, partner)
            );
            return Err(self.refuse_part(part, message));
        }
        if candidates.is_empty() {
            let message = format!(
                "the {} on {} cannot swap with the {} on {}",
                piece_name(rules, self.piece),
                rules.cell_name(self.from),
                piece_name(rules, partner),
                rules.cell_name(to)
            );
            return Err(self.refuse_part(part, message));
        }
        Ok(())
    }

    /// `R a1-a5; P-a4`: the moves that take over each piece named, as named.
    fn keep_conversions(
        &self,
        candidates: &mut Vec<Move>,
        converts: &[(usize, usize, String, Cell)],
    ) -> Result<(), Rejection> {
        let rules = self.pos.rules();
        let side = self.pos.side_to_move();
        for (c_at, c_len, l, cell) in converts.iter().cloned() {
            candidates.retain(|m| m.converted() == Some(cell));
            let becomes = self
                .pos
                .piece_at(cell)
                .map(|p| rules.piece_label(p.kind, side));
            if candidates.is_empty() || becomes.as_deref() != Some(l.as_str()) {
                let message = format!(
                    "this move does not take over the piece on {} as `{l}`",
                    rules.cell_name(cell)
                );
                return Err(self.refuse_part((c_at, c_len), message));
            }
        }
        Ok(())
    }

    /// `K e1-f1; R h1-e1`: the castling that moves that rook; without the rook's
    /// part, a plain king move reads first.
    fn keep_castling(
        &self,
        candidates: &mut Vec<Move>,
        rook_step: Option<(usize, usize, Cell, Cell)>,
    ) -> Result<(), Rejection> {
        let rules = self.pos.rules();
        match rook_step {
            Some((r_at, r_len, rook_from, rook_to)) => {
                candidates.retain(|m| {
                    (m.castle_rule())
                        .and_then(|i| self.pos.castle(i))
                        .is_some_and(|c| c.rook_from == rook_from && c.rook_to == rook_to)
                });
                if candidates.is_empty() {
                    let message = format!(
                        "no legal castling moves the king {}-{} and a rook {}-{}",
                        rules.cell_name(self.from),
                        rules.cell_name(self.to),
                        rules.cell_name(rook_from),
                        rules.cell_name(rook_to)
                    );
                    return Err(self.refuse_part((r_at, r_len), message));
                }
            }
            None if candidates.iter().any(|m| m.castle_rule().is_none()) => {
                candidates.retain(|m| m.castle_rule().is_none());
            }
            None => {}
        }
        Ok(())
    }

    /// A step names the mover's arrival: not a mutual destruction (written as
    /// removals), and a swap only when nothing else arrives there.
    fn keep_arrivals(&mut self, candidates: &mut Vec<Move>) -> Result<(), Rejection> {
        candidates.retain(|m| m.kind != MoveKind::Destruction);
        if candidates.iter().any(|m| m.kind != MoveKind::Swap) {
            candidates.retain(|m| m.kind != MoveKind::Swap);
        }
        if candidates.is_empty() {
            let why = explain_missing(self.pos, self.piece, self.from, self.to);
            return Err(self.refuse(why));
        }
        Ok(())
    }

    /// The promotion named, or none; a piece that must promote says so.
    fn keep_promotion(
        &self,
        candidates: &mut Vec<Move>,
        promote: Option<&(usize, usize, String)>,
    ) -> Result<(), Rejection> {
        let rules = self.pos.rules();
        let side = self.pos.side_to_move();
        let labels = |candidates: &[Move]| -> Vec<String> {
            (candidates.iter())
                .filter_map(|m| m.promotion())
                .map(|k| rules.piece_label(k, side))
                .collect()
        };
        if let Some((p_at, p_len, p)) = promote {
            let kind = kind_of_letter(rules, p);
            let mut choices = labels(candidates);
            choices.dedup();
            candidates.retain(|m| m.promotion().is_some() && m.promotion() == kind);
            if candidates.is_empty() {
                let (message, help) = self.promotion_refused(p, kind, &choices);
                return Err(Rejection {
                    offset: *p_at,
                    len: *p_len,
                    ..reject(Code::IllegalMove, message, help)
                });
            }
        } else if candidates.iter().all(|m| m.promotion().is_some()) && !candidates.is_empty() {
            let choices = labels(candidates);
            let (from, to) = (rules.cell_name(self.from), rules.cell_name(self.to));
            return Err(Rejection {
                offset: self.step_at,
                len: 0,
                ..reject(
                    Code::IllegalMove,
                    format!("the {} must promote on {to}", piece_name(rules, self.piece)),
                    Some(format!(
                        "add the piece it becomes, e.g. `{} {from}-{to}; {}-{to}` (choices: {})",
                        letter(rules, self.piece),
                        choices[0],
                        choices.join(", ")
                    )),
                )
            });
        } else {
            candidates.retain(|m| m.promotion().is_none());
        }
        Ok(())
    }

    /// Why no move promotes to `p`, and what may be written instead.
    fn promotion_refused(
        &self,
        p: &str,
        kind: Option<usize>,
        choices: &[String],
    ) -> (String, Option<String>) {
        let rules = self.pos.rules();
        let side = self.pos.side_to_move();
        let name = piece_name(rules, self.piece);
        let from_captured = (rules.promotion_of(side.index(), self.piece.kind))
            .is_some_and(|t| t.from_captured && t.zone[self.to as usize]);
        let message = if from_captured
            && !kind.is_some_and(|k| choices.contains(&rules.piece_label(k, side)))
        {
            format!(
                "the {name} promotes only to a captured piece of {}'s, and `{p}` is none",
                side.name()
            )
        } else if choices.is_empty() {
            format!("the {name} does not promote on this move")
        } else {
            format!("the {name} cannot promote to `{p}` here")
        };
        let help = if !choices.is_empty() {
            Some(format!("the choices are {}", choices.join(", ")))
        } else if from_captured {
            Some(format!(
                "{} has no piece this one may become; play the move without promoting",
                side.name()
            ))
        } else {
            None
        };
        (message, help)
    }

    /// `@-c5`: only the moves that remove every piece named.
    fn keep_removals(&self, candidates: &mut Vec<Move>, removes: &[Cell]) -> Result<(), Rejection> {
        if removes.is_empty() {
            return Ok(());
        }
        candidates.retain(|m| removes.iter().all(|c| m.captures().contains(c)));
        if candidates.is_empty() {
            let message = "no legal move between these cells removes the pieces named";
            return Err(self.refuse(message.to_string()));
        }
        Ok(())
    }

    /// The one move left: preferring the move whose removals besides the arrival
    /// cell are exactly those named (none, when none are named), which is how
    /// `print` tells twins apart; else the text is ambiguous.
    fn pick(&self, mut candidates: Vec<Move>, removes: &[Cell]) -> Result<Move, Rejection> {
        let exact: Vec<Move> = (candidates.iter().copied())
            .filter(|m| m.captures().iter().filter(|&&c| !arrives(m, c)).count() == removes.len())
            .collect();
        if !exact.is_empty() {
            candidates = exact;
        }
        if let [m] = candidates.as_slice() {
            return Ok(*m);
        }
        let rules = self.pos.rules();
        let mut listed: Vec<String> = (candidates.iter())
            .map(|m| print(self.pos, m, self.legal))
            .collect();
        listed.dedup();
        let help = if listed.len() == candidates.len() {
            format!("name the removed cells: {}", listed.join(" or "))
        } else {
            "two of the definition's rules make this same move but differ in what they leave behind (en-passant or castling rights); change the rules so that only one makes it".to_string()
        };
        Err(Rejection {
            offset: self.step_at,
            len: 0,
            ..reject(
                Code::AmbiguousMove,
                format!(
                    "ambiguous: {} legal moves from {} to {} fit `{}`",
                    candidates.len(),
                    rules.cell_name(self.from),
                    rules.cell_name(self.to),
                    listed[0]
                ),
                Some(help),
            )
        })
    }
}
