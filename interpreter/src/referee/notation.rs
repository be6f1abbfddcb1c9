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
use crate::engine::{Move, MoveKind, Piece, Position};

/// One `;`-separated part of a move, with its byte offset in the move text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// `[L] from-to`, `from to`, `fromto`, optionally `=L`.
    Step {
        letter: Option<String>,
        from: String,
        to: String,
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
    pub offset: usize,
    pub len: usize,
    pub part: Part,
}

/// A move text split into parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub parts: Vec<PartAt>,
}

/// Why a move text was not accepted, in the rules' own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    pub code: Code,
    pub message: String,
    pub help: Option<String>,
    /// Byte range within the move text that the message is about; a length of 0
    /// means the whole move.
    pub offset: usize,
    pub len: usize,
}

fn reject(code: Code, message: impl Into<String>, help: Option<String>) -> Rejection {
    Rejection {
        code,
        message: message.into(),
        help,
        offset: 0,
        len: 0,
    }
}

fn is_cell_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
}

/// A piece label as written in a move: one to three letters of one case.
fn is_label(text: &str) -> bool {
    let core = text.strip_prefix('+').unwrap_or(text);
    let core = core.strip_suffix('~').unwrap_or(core);
    (1..=crate::check::MAX_LABEL_LEN).contains(&core.len())
        && (core.bytes().all(|b| b.is_ascii_uppercase())
            || core.bytes().all(|b| b.is_ascii_lowercase()))
}

/// Split a move text into parts. Cell names are checked later, against the board.
pub fn parse(text: &str) -> Result<MoveText, Rejection> {
    let mut parts = Vec::new();
    let mut at = 0;
    for raw in text.split(';') {
        let start = at + (raw.len() - raw.trim_start().len());
        at += raw.len() + 1;
        let part = raw.trim();
        if part.is_empty() {
            return Err(Rejection {
                offset: start,
                len: 1,
                ..reject(
                    Code::BadNotation,
                    "an empty part in a move",
                    Some("parts of one move are separated by `;`, e.g. `P e7-e8; Q-e8`".into()),
                )
            });
        }
        let parsed = parse_part(part).ok_or_else(|| Rejection {
            offset: start,
            len: part.len(),
            ..reject(
                Code::BadNotation,
                format!("cannot read `{part}` as a move"),
                Some(
                    "write moves as `P e2-e4` or `e2-e4`; a promotion as `P e7-e8; Q-e8`; a removal as `@-e4`"
                        .into(),
                ),
            )
        })?;
        parts.push(PartAt {
            offset: start,
            len: part.len(),
            part: parsed,
        });
    }
    Ok(MoveText { parts })
}

fn parse_part(part: &str) -> Option<Part> {
    if part.eq_ignore_ascii_case("pass") || part == "--" {
        return Some(Part::Pass);
    }
    if let Some(cell) = part.strip_prefix('*') {
        let cell = cell.trim_start_matches(['-', '@']).trim();
        return (!cell.is_empty() && cell.chars().all(is_cell_char))
            .then(|| Part::Wall(cell.to_string()));
    }
    if let Some(cell) = part.strip_prefix("@-") {
        let cell = cell.trim();
        return cell
            .chars()
            .all(is_cell_char)
            .then(|| Part::Remove(cell.to_string()));
    }
    // `L-cell`, `L*cell`, `L@cell`: a placement.
    if let Some((label, cell)) = part.split_once(['-', '*', '@']) {
        if is_label(label)
            && !cell.is_empty()
            && cell.chars().all(is_cell_char)
            && cell.chars().any(|c| c.is_ascii_digit())
        {
            return Some(Part::Place(label.to_string(), cell.to_string()));
        }
    }
    // `cell-`: a removal.
    if let Some(cell) = part.strip_suffix('-') {
        if !cell.is_empty() && cell.chars().all(is_cell_char) {
            return Some(Part::Remove(cell.to_string()));
        }
    }
    // An optional letter, then the step.
    let (letter, step) = match part.split_once(char::is_whitespace) {
        Some((l, s)) if is_label(l) => (Some(l.to_string()), s.trim()),
        Some(_) => return None,
        None => (None, part),
    };
    let (step, promote) = match step.split_once('=') {
        Some((s, p)) if is_label(p.trim()) => (s.trim(), Some(p.trim().to_string())),
        Some(_) => return None,
        None => (step, None),
    };
    let (from, to) = match step.split_once(['-', ' ']) {
        Some((f, t)) if !f.is_empty() && !t.is_empty() => {
            (f.trim().to_string(), t.trim().to_string())
        }
        // `e2e4`: both cells in one word, split later against the board.
        _ => (step.to_string(), String::new()),
    };
    if !from.chars().all(is_cell_char) || !to.chars().all(is_cell_char) {
        return None;
    }
    Some(Part::Step {
        letter,
        from,
        to,
        promote,
    })
}

/// The label of a piece as it is written: upper case for White, lower case for Black.
pub fn letter(rules: &Ruleset, p: Piece) -> String {
    rules.piece_label(p.kind, p.side)
}

/// A legal move in Game Courier notation, given the other legal moves (to add the
/// parts that tell it apart from a move that would otherwise read the same).
pub fn print(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let rules = pos.rules();
    if m.kind == MoveKind::Pass {
        return "pass".into();
    }
    if let Some(kind) = m.from_hand() {
        let label = rules.piece_label(kind, pos.side_to_move());
        return format!("{label}*{}", rules.cell_name(m.to));
    }
    if m.kind == MoveKind::Suicide {
        return format!("@-{}{}", rules.cell_name(m.from), drop_part(pos, m));
    }
    if m.kind == MoveKind::Destruction {
        return format!(
            "@-{}; @-{}{}",
            rules.cell_name(m.to),
            rules.cell_name(m.from),
            drop_part(pos, m)
        );
    }
    let side = pos.side_to_move();
    let mover = pos
        .piece_at(m.from)
        .map_or_else(|| "?".into(), |p| letter(rules, p));
    let mut s = match pos.two_cell_step(m) {
        Some(step) => format!("{mover} {step}"),
        None => format!(
            "{} {}-{}",
            mover,
            rules.cell_name(m.from),
            rules.cell_name(m.to)
        ),
    };
    if let Some(k) = m.promotion() {
        s.push_str(&format!(
            "; {}-{}",
            rules.piece_label(k, side),
            rules.cell_name(m.to)
        ));
    }
    if let Some(c) = m.converted() {
        let converted = pos
            .piece_at(c)
            .map_or_else(|| "?".into(), |p| rules.piece_label(p.kind, side));
        s.push_str(&format!("; {}-{}", converted, rules.cell_name(c)));
    }
    if m.kind == MoveKind::Swap {
        let partner = pos
            .piece_at(m.to)
            .map_or_else(|| "?".into(), |p| letter(rules, p));
        s.push_str(&format!("; {}-{}", partner, rules.cell_name(m.from)));
        s.push_str(&removals(pos, m, legal));
        s.push_str(&drop_part(pos, m));
        return s;
    }
    if let Some(i) = m.castle_rule() {
        // A castling whose king move is also a plain king move names its rook too;
        let (rook_from, rook_to) = pos
            .castle(i)
            .map_or((m.from, m.to), |c| (c.rook_from, c.rook_to));
        // So does one whose king stays where it is (Chess960).
        if m.from == m.to
            || legal
                .iter()
                .any(|o| o.from == m.from && o.to == m.to && o.castle_rule().is_none())
        {
            let rook = pos
                .piece_at(rook_from)
                .map_or_else(|| "?".into(), |p| letter(rules, p));
            s.push_str(&format!(
                "; {} {}-{}",
                rook,
                rules.cell_name(rook_from),
                rules.cell_name(rook_to)
            ));
        }
        s.push_str(&drop_part(pos, m));
        return s;
    }
    s.push_str(&removals(pos, m, legal));
    s.push_str(&drop_part(pos, m));
    s
}

/// The pieces a move removes away from its landing (`; @-d6`), written when
/// another legal move has the same cells and differs by them (an optional capture),
/// and always for a two-cell piece.
fn removals(pos: &Position, m: &Move, legal: &[Move]) -> String {
    let twins = legal.iter().any(|o| {
        o.from == m.from
            && o.to == m.to
            && o.two_cell_ends() == m.two_cell_ends()
            && o.promotion() == m.promotion()
            && pos.drop_cell(o) == pos.drop_cell(m)
            && pos.wall_of(o) == pos.wall_of(m)
            && o != m
    });
    if !twins && m.kind != MoveKind::TwoCell {
        return String::new();
    }
    let mut extra: Vec<&str> = m
        .captures()
        .iter()
        .filter(|&&c| !arrives(m, c))
        .map(|&c| pos.rules().cell_name(c))
        .collect();
    extra.sort_unstable();
    extra.iter().map(|c| format!("; @-{c}")).collect()
}

/// Whether a capture on `c` is implied by the move's arrival there (a two-cell
/// piece names every capture).
fn arrives(m: &Move, c: Cell) -> bool {
    c == m.to && m.kind != MoveKind::TwoCell
}

/// `f2f3` and `f4f5`: the cells a two-cell piece leaves and those it ends on.
fn cell_pairs(rules: &Ruleset, from: &str, to: &str) -> Option<([Cell; 2], [Cell; 2])> {
    let (a, b) = split_cells(rules, from)?;
    let (c, d) = split_cells(rules, to)?;
    Some(([a, b], [c, d]))
}

/// Whether two pairs of cells are the same cells.
fn same_cells(x: [Cell; 2], y: [Cell; 2]) -> bool {
    (x[0] == y[0] && x[1] == y[1]) || (x[0] == y[1] && x[1] == y[0])
}

/// `; AM-d1`: the piece a turn drops and where, or nothing; `; *-d5`: where the
/// turn puts its wall.
fn drop_part(pos: &Position, m: &Move) -> String {
    let rules = pos.rules();
    let mut s = match (pos.drop_cell(m), pos.dropped_kind(m)) {
        (Some(c), Some(k)) => format!(
            "; {}-{}",
            rules.piece_label(k, pos.side_to_move()),
            rules.cell_name(c)
        ),
        _ => String::new(),
    };
    if let Some(w) = pos.wall_of(m) {
        s.push_str(&format!("; *-{}", rules.cell_name(w)));
    }
    s
}

fn cell(rules: &Ruleset, name: &str) -> Result<Cell, Rejection> {
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
fn split_cells(rules: &Ruleset, word: &str) -> Option<(Cell, Cell)> {
    (1..word.len()).find_map(|i| {
        let (a, b) = word.split_at(i);
        Some((rules.cell_by_name(a)?, rules.cell_by_name(b)?))
    })
}

fn piece_name(rules: &Ruleset, p: Piece) -> &str {
    &rules.definition.pieces[p.kind].name
}

/// The drop from the hand `L*cell` names.
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

fn hand_drop(
    pos: &mut Position,
    label: &str,
    target: &str,
    legal: &[Move],
) -> Result<Move, Rejection> {
    let rules = pos.rules();
    let to = cell(rules, target)?;
    let Some(kind) = kind_of_letter(rules, label) else {
        return Err(reject(
            Code::UnknownPiece,
            format!("`{label}` is not a piece label of this variant"),
            None,
        ));
    };
    if let Some(m) = legal
        .iter()
        .find(|m| m.from_hand() == Some(kind) && m.to == to)
    {
        return Ok(*m);
    }
    let drops: Vec<&str> = legal
        .iter()
        .filter(|m| m.from_hand() == Some(kind))
        .map(|m| rules.cell_name(m.to))
        .collect();
    let name = &rules.definition.pieces[kind].name;
    let help = (!drops.is_empty() && drops.len() <= 16)
        .then(|| format!("a {name} may be dropped on {}", drops.join(", ")));
    Err(reject(Code::IllegalMove, why_no_drop(pos, kind, to), help))
}

/// Why the side to move may not drop a piece of `kind` on `to`, in the rules' terms.
fn why_no_drop(pos: &mut Position, kind: usize, to: Cell) -> String {
    let rules = pos.rules();
    let side = pos.side_to_move();
    let name = &rules.definition.pieces[kind].name;
    let at = rules.cell_name(to);
    let hand = &rules.hand;
    if pos.reserve_count(side, kind) == 0 {
        return format!("{} has no {name} in hand", side.name());
    }
    if pos.piece_at(to).is_some() {
        return format!("{at} is not empty: a drop goes on an empty cell");
    }
    if !hand.drop_cells[side.index() * rules.kinds + kind].contains(&to) {
        return format!("a {name} may not be dropped on {at}: it is not in the {name}'s drop zone");
    }
    let file = hand.file_of[to as usize];
    let doubled = (0..rules.cell_count() as Cell)
        .any(|c| hand.file_of[c as usize] == file && pos.piece_at(c) == Some(Piece { side, kind }));
    if hand.one_per_file >> kind & 1 != 0 && doubled {
        return format!(
            "{} already has a {name} on this file, and `one-per-file` allows one",
            side.name()
        );
    }
    let drop = Move::dropping(to, kind);
    pos.make(drop);
    let checks = pos.in_check(side.opponent());
    let mut replies = Vec::new();
    pos.legal_moves(&mut replies);
    pos.unmake();
    if checks && replies.is_empty() && hand.no_drop_mate >> kind & 1 != 0 {
        return format!("a {name} dropped on {at} would checkmate, which `no-drop-mate` forbids");
    }
    format!(
        "a {name} dropped on {at} would leave {}'s king in check",
        side.name()
    )
}

/// The kind a written label names (in either case), if any.
fn kind_of_letter(rules: &Ruleset, label: &str) -> Option<usize> {
    crate::model::label_at(label, &rules.definition.pieces)
        .filter(|&(_, _, len)| len == label.len())
        .map(|(kind, _, _)| kind)
}

/// The moves of the piece on `from`, printed, for help texts.
pub fn moves_of(pos: &Position, from: Cell, legal: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = legal
        .iter()
        .filter(|m| m.from == from)
        .map(|m| print(pos, m, legal))
        .collect();
    v.sort();
    v
}

fn list_help(pos: &Position, from: Cell, legal: &[Move]) -> String {
    let rules = pos.rules();
    let moves = moves_of(pos, from, legal);
    let who = pos.piece_at(from).map_or_else(String::new, |p| {
        format!("the {} on {}", piece_name(rules, p), rules.cell_name(from))
    });
    if moves.is_empty() {
        format!("{who} has no legal move")
    } else {
        format!("legal moves of {who}: {}", moves.join(", "))
    }
}

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

fn resolve_move(pos: &mut Position, text: &MoveText, legal: &[Move]) -> Result<Move, Rejection> {
    let rules = pos.rules();
    if text.parts.iter().any(|p| p.part == Part::Pass) {
        return resolve_pass(pos, text, legal);
    }
    if let [PartAt {
        part: Part::Place(label, target),
        ..
    }] = text.parts.as_slice()
    {
        if rules.flags.hand {
            let (label, target) = (label.clone(), target.clone());
            return hand_drop(pos, &label, &target, legal);
        }
    }
    let side = pos.side_to_move();
    let mut step = None;
    let mut promote = None;
    let mut swap_partner = None;
    let mut converts = Vec::new();
    let mut removes = Vec::new();
    let mut drop: Option<(usize, usize, String, Cell)> = None;
    // A second step: the rook's part of a castling move (`K e1-f1; R h1-e1`).
    let mut rook_step: Option<(usize, usize, Cell, Cell)> = None;
    // A two-cell piece's step: the cells it leaves and the cells it ends on.
    let mut pair: Option<([Cell; 2], [Cell; 2])> = None;
    for PartAt { offset, len, part } in &text.parts {
        let at = |r: Rejection| Rejection {
            offset: *offset,
            len: *len,
            ..r
        };
        match part {
            Part::Step {
                letter,
                from,
                to,
                promote: p,
            } => {
                if step.is_some() {
                    if rook_step.is_some() || to.is_empty() {
                        return Err(at(reject(
                            Code::BadNotation,
                            "a move has one step from one cell to another",
                            Some("further parts are a promotion (`Q-e8`), removals (`@-e4`) or a castling rook's move (`R h1-f1`)".into()),
                        )));
                    }
                    let f = cell(rules, from).map_err(at)?;
                    let t = cell(rules, to).map_err(at)?;
                    rook_step = Some((*offset, *len, f, t));
                    continue;
                }
                if let (None, Some((f, t))) =
                    (rules.cell_by_name(from), cell_pairs(rules, from, to))
                {
                    pair = Some((f, t));
                    step = Some((*offset, letter.clone(), f[0], t[0]));
                    continue;
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
                    (cell(rules, from).map_err(at)?, cell(rules, to).map_err(at)?)
                };
                step = Some((*offset, letter.clone(), f, t));
                if let Some(p) = p {
                    promote = Some((*offset, *len, p.clone()));
                }
            }
            // Read by `resolve_pass` before the loop.
            Part::Pass => {}
            // Read by `resolve_with_wall` in a variant with walls.
            Part::Wall(_) => {
                return Err(at(reject(
                    Code::IllegalMove,
                    "this variant has no walls",
                    Some("a wall part (`*-d5`) belongs to a variant with a `walls` rule".into()),
                )))
            }
            Part::Remove(c) => removes.push(cell(rules, c).map_err(at)?),
            Part::Place(l, c) => {
                let target = cell(rules, c).map_err(at)?;
                if is_drop(pos, step.as_ref().map(|&(_, _, f, t)| (f, t)), l, target) {
                    if drop.is_some() {
                        return Err(at(reject(
                            Code::IllegalMove,
                            "a turn drops one piece at most",
                            Some("write one drop after the move, e.g. `N g1-f3; AM-d1`".into()),
                        )));
                    }
                    drop = Some((*offset, *len, l.clone(), target));
                    continue;
                }
                match step {
                    Some((_, _, _, t)) if t == target => promote = Some((*offset, *len, l.clone())),
                    Some((_, _, f, _)) if f == target => swap_partner = Some((*offset, *len, l.clone())),
                    Some(_) if pos.piece_at(target).is_some_and(|p| p.side != side) => {
                        converts.push((*offset, *len, l.clone(), target))
                    }
                    _ => {
                        return Err(at(reject(
                            Code::IllegalMove,
                            format!("`{l}` cannot be put on {c}"),
                            Some("this variant has no drops; a promotion names the cell the piece moved to".into()),
                        )))
                    }
                }
            }
        }
    }
    let Some((step_at, written, from, to)) = step else {
        let dropped = drop.as_ref().map(|d| d.3);
        let legal: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| pos.drop_cell(m) == dropped)
            .collect();
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
                Some(_) if !rules.suicide => "this variant has no suicide moves".to_string(),
                Some(p) => format!(
                    "the {} on {} may not remove itself: only a frozen piece that is not royal may",
                    piece_name(rules, p),
                    rules.cell_name(*cell)
                ),
            };
            return Err(reject(Code::IllegalMove, why, None));
        }
        return Err(reject(
            Code::BadNotation,
            "the move names no step",
            Some("write moves as `P e2-e4` or `e2-e4`".into()),
        ));
    };
    let here = |r: Rejection| Rejection {
        offset: step_at,
        len: 0,
        ..r
    };
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
        let named = kind_of_letter(rules, &l);
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
    let mut candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| match (pair, m.two_cell_ends()) {
            (Some((f, t)), Some((mf, mt))) => same_cells(f, mf) && same_cells(t, mt),
            (None, None) => m.from == from && m.to == to,
            _ => false,
        })
        .collect();
    if candidates.is_empty() {
        let why = explain_missing(pos, piece, from, to);
        return Err(here(reject(
            Code::IllegalMove,
            why,
            Some(list_help(pos, from, legal)),
        )));
    }
    keep_drop(pos, &mut candidates, drop.as_ref())?;
    if let Some((s_at, s_len, l)) = swap_partner.clone() {
        candidates.retain(|m| m.kind == MoveKind::Swap);
        let at_swap = |message: String| Rejection {
            offset: s_at,
            len: s_len,
            ..reject(
                Code::IllegalMove,
                message,
                Some(list_help(pos, from, legal)),
            )
        };
        let Some(partner) = pos.piece_at(to) else {
            return Err(at_swap(format!(
                "no piece on {} to swap with",
                rules.cell_name(to)
            )));
        };
        if letter(rules, partner) != l {
            return Err(at_swap(format!(
                "the piece on {} is `{}`, not `{l}`",
                rules.cell_name(to),
                letter(rules, partner)
            )));
        }
        if candidates.is_empty() {
            return Err(at_swap(format!(
                "the {} on {} cannot swap with the {} on {}",
                piece_name(rules, piece),
                rules.cell_name(from),
                piece_name(rules, partner),
                rules.cell_name(to)
            )));
        }
    }
    for (c_at, c_len, l, cell) in converts.iter().cloned() {
        candidates.retain(|m| m.converted() == Some(cell));
        let becomes = pos.piece_at(cell).map(|p| rules.piece_label(p.kind, side));
        if candidates.is_empty() || becomes.as_deref() != Some(l.as_str()) {
            return Err(Rejection {
                offset: c_at,
                len: c_len,
                ..reject(
                    Code::IllegalMove,
                    format!(
                        "this move does not take over the piece on {} as `{l}`",
                        rules.cell_name(cell)
                    ),
                    Some(list_help(pos, from, legal)),
                )
            });
        }
    }
    match rook_step {
        Some((r_at, r_len, rook_from, rook_to)) => {
            candidates.retain(|m| {
                m.castle_rule()
                    .and_then(|i| pos.castle(i))
                    .is_some_and(|c| c.rook_from == rook_from && c.rook_to == rook_to)
            });
            if candidates.is_empty() {
                return Err(Rejection {
                    offset: r_at,
                    len: r_len,
                    ..reject(
                        Code::IllegalMove,
                        format!(
                            "no legal castling moves the king {}-{} and a rook {}-{}",
                            rules.cell_name(from),
                            rules.cell_name(to),
                            rules.cell_name(rook_from),
                            rules.cell_name(rook_to)
                        ),
                        Some(list_help(pos, from, legal)),
                    )
                });
            }
        }
        // Without the rook's part, a plain king move reads first.
        None if candidates.iter().any(|m| m.castle_rule().is_none()) => {
            candidates.retain(|m| m.castle_rule().is_none());
        }
        None => {}
    }
    // Without a named conversion, a move that converts nothing reads first.
    if converts.is_empty() && candidates.iter().any(|m| m.converted().is_none()) {
        candidates.retain(|m| m.converted().is_none());
    }
    if swap_partner.is_none() {
        // A step names the mover's arrival: not a mutual destruction (written as
        // removals), and a swap only when nothing else arrives there.
        candidates.retain(|m| m.kind != MoveKind::Destruction);
        if candidates.iter().any(|m| m.kind != MoveKind::Swap) {
            candidates.retain(|m| m.kind != MoveKind::Swap);
        }
        if candidates.is_empty() {
            return Err(here(reject(
                Code::IllegalMove,
                explain_missing(pos, piece, from, to),
                Some(list_help(pos, from, legal)),
            )));
        }
    }
    if let Some((p_at, p_len, p)) = promote {
        let kind = kind_of_letter(rules, &p);
        let choices: Vec<String> = {
            let mut v: Vec<String> = candidates
                .iter()
                .filter_map(|m| m.promotion())
                .map(|k| rules.piece_label(k, side))
                .collect();
            v.dedup();
            v
        };
        candidates.retain(|m| m.promotion().is_some() && m.promotion() == kind);
        if candidates.is_empty() {
            let from_captured = rules
                .promotion_of(side.index(), piece.kind)
                .is_some_and(|t| t.from_captured && t.zone[to as usize]);
            let message = if from_captured
                && !kind.is_some_and(|k| choices.contains(&rules.piece_label(k, side)))
            {
                format!(
                    "the {} promotes only to a captured piece of {}'s, and `{p}` is none",
                    piece_name(rules, piece),
                    side.name()
                )
            } else if choices.is_empty() {
                format!(
                    "the {} does not promote on this move",
                    piece_name(rules, piece)
                )
            } else {
                format!(
                    "the {} cannot promote to `{p}` here",
                    piece_name(rules, piece)
                )
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
            return Err(Rejection {
                offset: p_at,
                len: p_len,
                ..reject(Code::IllegalMove, message, help)
            });
        }
    } else if candidates.iter().all(|m| m.promotion().is_some()) && !candidates.is_empty() {
        let choices: Vec<String> = candidates
            .iter()
            .filter_map(|m| m.promotion())
            .map(|k| rules.piece_label(k, side))
            .collect();
        return Err(here(reject(
            Code::IllegalMove,
            format!(
                "the {} must promote on {}",
                piece_name(rules, piece),
                rules.cell_name(to)
            ),
            Some(format!(
                "add the piece it becomes, e.g. `{} {}-{}; {}-{}` (choices: {})",
                letter(rules, piece),
                rules.cell_name(from),
                rules.cell_name(to),
                choices[0],
                rules.cell_name(to),
                choices.join(", ")
            )),
        )));
    } else {
        candidates.retain(|m| m.promotion().is_none());
    }
    if !removes.is_empty() {
        candidates.retain(|m| removes.iter().all(|c| m.captures().contains(c)));
        if candidates.is_empty() {
            return Err(here(reject(
                Code::IllegalMove,
                "no legal move between these cells removes the pieces named",
                Some(list_help(pos, from, legal)),
            )));
        }
    }
    // Prefer the move whose removals besides the arrival cell are exactly those named
    // (none, when none are named): that is how `print` tells twins apart.
    let exact: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|m| m.captures().iter().filter(|&&c| !arrives(m, c)).count() == removes.len())
        .collect();
    if !exact.is_empty() {
        candidates = exact;
    }
    match candidates.as_slice() {
        [m] => Ok(*m),
        _ => {
            let mut listed: Vec<String> = candidates.iter().map(|m| print(pos, m, legal)).collect();
            listed.dedup();
            let help = if listed.len() == candidates.len() {
                format!("name the removed cells: {}", listed.join(" or "))
            } else {
                "two of the definition's rules make this same move but differ in what they leave behind (en-passant or castling rights); change the rules so that only one makes it".to_string()
            };
            Err(here(reject(
                Code::AmbiguousMove,
                format!(
                    "ambiguous: {} legal moves from {} to {} fit `{}`",
                    candidates.len(),
                    rules.cell_name(from),
                    rules.cell_name(to),
                    listed[0]
                ),
                Some(help),
            )))
        }
    }
}

/// Whether a part `L-cell` is a turn's drop: in a variant with drops, any piece put
/// on a cell other than the move's arrival, unless it is a swap's partner.
fn is_drop(pos: &Position, step: Option<(Cell, Cell)>, label: &str, target: Cell) -> bool {
    let rules = pos.rules();
    if rules.flags.gating {
        let side = pos.side_to_move();
        // The gate is a cell the move leaves; a piece named on `to` is a promotion.
        return step.is_some_and(|(_, to)| target != to)
            && rules
                .hand
                .gate_kinds
                .iter()
                .any(|&k| rules.piece_label(usize::from(k), side) == label);
    }
    if !rules.flags.drops {
        return false;
    }
    match step {
        None => true,
        Some((from, to)) => {
            let partner = pos.piece_at(to).map(|p| letter(rules, p));
            target != to && !(target == from && partner.as_deref() == Some(label))
        }
    }
}

/// Keep the candidates that drop as the text says (or that drop nothing when it names
/// no drop); an error in the rules' terms when none does.
fn keep_drop(
    pos: &Position,
    candidates: &mut Vec<Move>,
    drop: Option<&(usize, usize, String, Cell)>,
) -> Result<(), Rejection> {
    let Some((at, len, label, cell)) = drop else {
        candidates.retain(|m| !m.drops());
        return Ok(());
    };
    let rules = pos.rules();
    let side = pos.side_to_move();
    if rules.flags.gating {
        candidates.retain(|m| {
            pos.drop_cell(m) == Some(*cell)
                && pos
                    .dropped_kind(m)
                    .map(|k| rules.piece_label(k, side))
                    .as_deref()
                    == Some(label.as_str())
        });
        if candidates.is_empty() {
            return Err(Rejection {
                offset: *at,
                len: *len,
                ..reject(
                    Code::IllegalMove,
                    format!(
                        "no legal move puts `{label}` on {}",
                        rules.cell_name(*cell)
                    ),
                    Some(format!(
                        "a piece from the hand goes on an open gate the move leaves, and {} must hold it",
                        side.name()
                    )),
                )
            });
        }
        return Ok(());
    }
    let end = match rules.drop_end {
        crate::model::QueueEnd::Front => "front",
        crate::model::QueueEnd::Back => "back",
    };
    let Some(&first) = candidates.first() else {
        return Ok(());
    };
    candidates.retain(|m| pos.drop_cell(m) == Some(*cell));
    let expected = pos
        .next_drop_kind(&first)
        .map(|k| rules.piece_label(k, side));
    let message = if pos.queue(side).is_empty() {
        Some(format!("{}'s drop queue is empty", side.name()))
    } else if pos.credits_after(&first) == 0 {
        Some(format!(
            "{} holds no drop credit: a credit comes from an exchange, taking at once the piece that took one of yours",
            side.name()
        ))
    } else if expected.as_deref() != Some(label.as_str()) {
        Some(format!(
            "`{label}` is not the piece at the {end} of {}'s queue: the next to drop is `{}`",
            side.name(),
            expected.unwrap_or_default()
        ))
    } else if candidates.is_empty() {
        let zone = &rules.drop_zone[side.index()];
        Some(if !zone.contains(cell) {
            format!(
                "{} is not a cell {} may drop on",
                rules.cell_name(*cell),
                side.name()
            )
        } else {
            format!(
                "no legal turn drops on {}: it is not empty after the move, or the king would be in check",
                rules.cell_name(*cell)
            )
        })
    } else {
        None
    };
    match message {
        None => Ok(()),
        Some(message) => {
            let cells: Vec<&str> = rules.drop_zone[side.index()]
                .iter()
                .map(|&c| rules.cell_name(c))
                .collect();
            Err(Rejection {
                offset: *at,
                len: *len,
                ..reject(
                    Code::IllegalMove,
                    message,
                    Some(format!(
                        "{} drops the piece at the {end} of its queue on an empty cell of {}",
                        side.name(),
                        cells.join(" ")
                    )),
                )
            })
        }
    }
}

/// Why no legal move goes from `from` to `to`, in the rules' terms.
fn explain_missing(pos: &mut Position, piece: Piece, from: Cell, to: Cell) -> String {
    let rules = pos.rules();
    let name = piece_name(rules, piece);
    let side = piece.side;
    if let Some((i, c)) = pos
        .castles()
        .iter()
        .enumerate()
        .find(|(_, c)| c.side == side.index() && c.king_from == from && c.king_to == to)
    {
        if pos.castling_rights() & (1 << i) == 0 {
            return format!(
                "{} no longer has the right to castle {}-{}",
                side.name(),
                rules.cell_name(from),
                rules.cell_name(to)
            );
        }
        if let Some(&e) = c
            .empty
            .iter()
            .find(|&&e| e != c.king_from && e != c.rook_from && pos.piece_at(e).is_some())
        {
            return format!(
                "castling {}-{} needs {} to be empty",
                rules.cell_name(from),
                rules.cell_name(to),
                rules.cell_name(e)
            );
        }
        if let Some(&s) = c.safe.iter().find(|&&s| pos.attacked(s, side.opponent())) {
            return format!(
                "castling {}-{} is not allowed: {} is attacked",
                rules.cell_name(from),
                rules.cell_name(to),
                rules.cell_name(s)
            );
        }
    }
    if let Some((a, b)) = pos.swap_ban() {
        if (a, b) == (from, to) || (a, b) == (to, from) {
            return format!(
                "the pieces on {} and {} have just swapped and may not swap straight back",
                rules.cell_name(a),
                rules.cell_name(b)
            );
        }
    }
    if pos.is_frozen_piece(from) {
        let by = rules.neighbours[from as usize].iter().find_map(|&c| {
            let p = pos.piece_at(c)?;
            let bit = 1u64 << p.kind;
            let freezes = p.side != side
                && (rules.immobilizer_kinds & bit != 0
                    || (rules.chameleon_kinds & bit != 0
                        && rules.immobilizer_kinds & (1 << piece.kind) != 0));
            freezes.then(|| format!("the {} on {}", piece_name(rules, p), rules.cell_name(c)))
        });
        return format!(
            "the {} on {} is frozen by {}",
            name,
            rules.cell_name(from),
            by.unwrap_or_else(|| "an enemy immobilizer".to_string())
        );
    }
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    if let Some(m) = pseudo.iter().find(|m| m.from == from && m.to == to) {
        pos.make(*m);
        let exposed = pos
            .royal_cells(side)
            .iter()
            .copied()
            .find(|&c| pos.attacked(c, side.opponent()));
        let royal = exposed.and_then(|c| pos.piece_at(c).map(|p| (c, p)));
        // Name a piece that could then capture it, and how.
        let by = royal.and_then(|(c, _)| {
            let mut replies = Vec::new();
            pos.pseudo_legal_moves(&mut replies);
            let r = replies.iter().find(|r| r.captures().contains(&c))?;
            let attacker = pos.piece_at(r.from)?;
            let how = if r.to == c {
                String::new()
            } else {
                format!(" by moving to {}", rules.cell_name(r.to))
            };
            Some(format!(
                ": the {} on {} could take it{how}",
                piece_name(rules, attacker),
                rules.cell_name(r.from)
            ))
        });
        let still_facing = rules.goals.facing.is_some() && pos.royals_face();
        pos.unmake();
        if still_facing && pos.royals_face() {
            return "the royal pieces face each other: a move must part them (or the player passes, which ends the game)".into();
        }
        if let Some((c, p)) = royal {
            let verb = if pos.in_check(side) { "leaves" } else { "puts" };
            return format!(
                "that {verb} the {} on {} in check{}",
                piece_name(rules, p),
                rules.cell_name(c),
                by.unwrap_or_default()
            );
        }
    }
    let zone = rules.definition.capture_only_zones.iter().find(|(z, _)| {
        rules.definition.zones.get(z).is_some_and(|cells| {
            cells[side.index()]
                .iter()
                .any(|&c| rules.cell_at(c) == Some(to))
        })
    });
    if let Some((z, _)) = zone {
        return format!(
            "the {} on {} cannot move to {}: in zone `{z}` a move may end only when its capture needs it",
            name,
            rules.cell_name(from),
            rules.cell_name(to)
        );
    }
    format!(
        "the {} on {} cannot move to {}",
        name,
        rules.cell_name(from),
        rules.cell_name(to)
    )
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
