//! pyffish's way of naming a position: a variant, a FEN (or `startpos`) and the
//! moves played from it in the engines' notation. Each call replays them; the
//! last replay is kept, so that a caller who asks again after one more move (a
//! server following a game) pays for that move only.

use crate::errors::{fen_text, Failure};
use crate::promoted;
use crate::variants::{self, Variant};
use std::sync::{Arc, Mutex};
use vdl::model::{FenError, FenErrorKind};
use vdl::referee::{long_algebraic, Game};
use vdl::Cell;
use vdl::Move;
use vdl::Position;

/// The variant a call plays: the 960 twin when `chess960` asks for it.
pub fn variant_for(name: &str, chess960: bool) -> Result<Arc<Variant>, Failure> {
    let v = variants::get(name)?;
    if !chess960 {
        return Ok(v);
    }
    match &v.twin_960 {
        Some(twin) => variants::get(twin),
        // a definition whose castling is already free (chess960.vdl) is its own twin
        None if v.rules.castles.rules.iter().any(|c| c.free) => Ok(v),
        None => Err(Failure::Value(format!(
            "vdl::no_960: vdl has no Chess960 form of `{name}`; load a definition with free castling and random arrays"
        ))),
    }
}

/// Fairy-Stockfish's en-passant field of two cells run together (`b3a4`, after a
/// Berolina pawn's double step: the cell passed and the cell reached, in board
/// order) in vdl's form, both ways: `b3>a4` and `a4>b3`.
fn two_cell_en_passant(v: &Variant, field: &str) -> Option<[String; 2]> {
    let names = &v.rules.board.cell_names;
    // two cell names: a stranger's long field is not searched
    let longest = names.iter().map(String::len).max().unwrap_or(0);
    if field.len() > 2 * longest {
        return None;
    }
    (1..field.len()).find_map(|i| {
        let (a, b) = (field.get(..i)?, field.get(i..)?);
        (names.iter().any(|n| n == a) && names.iter().any(|n| n == b))
            .then(|| [format!("{a}>{b}"), format!("{b}>{a}")])
    })
}

/// A FEN as vdl reads it: lichess's holdings after a last `/` become `[...]`;
/// Fairy-Stockfish's two-cell en-passant field becomes vdl's (the readings to try).
fn normalize_fen(v: &Variant, fen: &str) -> Vec<String> {
    let fen = normalize_holdings(v, fen);
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if v.fsf && fields.len() > 3 && !v.rules.board.cell_names.iter().any(|n| n == fields[3]) {
        if let Some(readings) = two_cell_en_passant(v, fields[3]) {
            let mut out: Vec<String> = readings
                .iter()
                .map(|ep| {
                    let mut f = fields.clone();
                    f[3] = ep;
                    f.join(" ")
                })
                .collect();
            out.push(fen.clone());
            return out;
        }
    }
    vec![fen]
}

fn normalize_holdings(v: &Variant, fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let Some(board) = fields.next() else {
        return fen.to_string();
    };
    let ranks = v.rules.definition.board.ranks.len();
    let rows: Vec<&str> = board.split('/').collect();
    if v.rules.definition.hand.is_some() && rows.len() == ranks + 1 && !board.contains('[') {
        let rest: Vec<&str> = fields.collect();
        let holdings = rows[ranks];
        let mut s = format!("{}[{holdings}]", rows[..ranks].join("/"));
        for r in rest {
            s.push(' ');
            s.push_str(r);
        }
        return s;
    }
    fen.to_string()
}

/// A counting game's FEN in Fairy-Stockfish's form (`w - 16 8 1`: the count's
/// limit where the en-passant cell goes, the count where the half-move count goes)
/// in vdl's (`w - - 8/16 0 1`), and whether a count runs: a limit of 0 is none, and
/// the count field is then the half-move count.
fn counting_fen(v: &Variant, fen: &str) -> Option<(String, bool)> {
    if !v.fsf || !v.rules.flags.counting {
        return None;
    }
    let f: Vec<&str> = fen.split_whitespace().collect();
    match f.as_slice() {
        [board, side, castling, "0", count, full] if count.parse::<u32>().is_ok() => {
            Some((format!("{board} {side} {castling} - {count} {full}"), false))
        }
        [board, side, castling, limit, count, full]
            if limit.parse::<u32>().is_ok() && count.parse::<u32>().is_ok() =>
        {
            Some((
                format!("{board} {side} {castling} - {count}/{limit} 0 {full}"),
                true,
            ))
        }
        _ => None,
    }
}

/// Under Fairy-Stockfish's conventions a FEN shows no reserve of captured pieces
/// (Grand's promotions to a captured kind): it is what the start had and the board
/// has not, as Fairy-Stockfish counts it.
fn with_captured_reserve<'r>(v: &'r Variant, pos: Position<'r>, fen: &str) -> Position<'r> {
    let rules = &v.rules;
    if !v.fsf || !rules.flags.reserves || rules.definition.hand.is_some() {
        return pos;
    }
    let Some((board, rest)) = fen.split_once(' ') else {
        return pos;
    };
    if board.contains('[') {
        return pos;
    }
    let start = Position::start(rules);
    let count = |p: &Position, side, kind| {
        (0..rules.board.cells.len() as u16)
            .filter(|&c| p.piece_at(c) == Some(vdl::Piece { side, kind }))
            .count()
    };
    let mut held = String::new();
    for side in [vdl::model::Side::White, vdl::model::Side::Black] {
        for kind in 0..rules.definition.pieces.len() {
            let missing = count(&start, side, kind).saturating_sub(count(&pos, side, kind));
            held.push_str(&rules.piece_label(kind, side).repeat(missing));
        }
    }
    if held.is_empty() {
        return pos;
    }
    Position::from_fen(rules, &format!("{board}[{held}] {rest}")).unwrap_or(pos)
}

/// The position a FEN gives (`startpos` for the variant's start).
pub fn position<'r>(v: &'r Variant, fen: &str) -> Result<Position<'r>, Failure> {
    marked_position(v, fen, Leniency::AsFairyStockfishPlays).map(|(pos, _)| pos)
}

/// The position a FEN gives, refusing what Fairy-Stockfish plays but calls invalid
/// (a castling right whose rook has gone).
pub fn valid_position<'r>(v: &'r Variant, fen: &str) -> Result<Position<'r>, Failure> {
    marked_position(v, fen, Leniency::Strict).map(|(pos, _)| pos)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Leniency {
    AsFairyStockfishPlays,
    Strict,
}

/// The position a FEN gives, and the cells of the pieces it marks as promoted
/// where vdl's labels have no mark (see `promoted`).
fn marked_position<'r>(
    v: &'r Variant,
    fen: &str,
    leniency: Leniency,
) -> Result<(Position<'r>, Vec<Cell>), Failure> {
    if fen == "startpos" {
        return Ok((Position::start(&v.rules), Vec::new()));
    }
    let fen = with_synonyms(v, fen);
    let (fen, marks) = promoted::read(&v.rules, &fen);
    let fen = fen.as_str();
    let counted = counting_fen(v, fen);
    // Fairy-Stockfish writes a running count: without one, none runs
    let no_count = v.fsf && v.rules.flags.counting && counted.as_ref().is_none_or(|c| !c.1);
    let readings = match counted {
        Some((f, _)) => vec![f],
        None => normalize_fen(v, fen),
    };
    let mut last = None;
    for reading in &readings {
        let read = match leniency {
            Leniency::AsFairyStockfishPlays => read_dropping_stray_rights(v, reading),
            Leniency::Strict => Position::from_fen(&v.rules, reading),
        };
        match read {
            Ok(mut p) => {
                if no_count {
                    p.stop_count();
                }
                return Ok((with_captured_reserve(v, p, reading), marks));
            }
            Err(e) => last = Some((reading, e)),
        }
    }
    match last {
        Some((reading, e)) => Err(Failure::Value(fen_text(reading, &e))),
        None => Err(Failure::Value(format!("vdl::bad_fen: `{fen}` is empty"))),
    }
}

/// A FEN's board with Fairy-Stockfish's other letters for some pieces (its
/// `pieceToCharSynonyms`: xiangqi's `h` for the horse) in the variant's letters.
fn with_synonyms(v: &Variant, fen: &str) -> String {
    let board_end = fen.find(' ').unwrap_or(fen.len());
    let is_label = |l: &str| {
        let rules = &v.rules;
        (rules.definition.pieces.iter()).any(|p| p.label.eq_ignore_ascii_case(l))
    };
    let mut board = fen[..board_end].to_string();
    for &(label, synonym) in v.san_synonyms {
        if is_label(synonym) {
            continue;
        }
        board = board
            .replace(synonym, label)
            .replace(&synonym.to_lowercase(), &label.to_lowercase());
    }
    format!("{board}{}", &fen[board_end..])
}

/// A FEN read as Fairy-Stockfish reads it under its conventions: a castling right
/// whose king or rook is not on its start cell is dropped, not refused.
fn read_dropping_stray_rights<'r>(v: &'r Variant, fen: &str) -> Result<Position<'r>, FenError> {
    let mut fen = fen.to_string();
    loop {
        match Position::from_fen(&v.rules, &fen) {
            Err(e) if v.fsf && e.kind == FenErrorKind::StrayCastlingRight => {
                let flag = e.offset..e.offset + e.len;
                if fen.get(flag.clone()).is_none() {
                    return Err(e);
                }
                let at = flag.start;
                fen.replace_range(flag, "");
                // a castling field left empty is `-`
                if fen[..at].ends_with(' ') && fen[at..].starts_with(' ') {
                    fen.insert(at, '-');
                }
            }
            read => return read,
        }
    }
}

/// The legal move a text names, in the engines' notation (pyffish's UCI).
pub fn find_move(pos: &Position, legal: &[Move], text: &str) -> Result<Move, Failure> {
    let texts = || long_algebraic::print_all(pos, legal);
    let blast = || {
        (legal.iter().zip(texts())).find_map(|(m, t)| {
            blast_promotions(pos, m, &t)
                .into_iter()
                .find(|(_, alt)| alt.eq_ignore_ascii_case(text))
                .map(|(kind, _)| m.with_promotion(Some(kind)))
        })
    };
    long_algebraic::read(pos, legal, text)
        .or_else(blast)
        .ok_or_else(|| {
            let side = pos.side_to_move().name();
            Failure::Value(format!(
                "vdl::illegal_move: `{text}` is no legal move of {side} in {}",
                pos.fen()
            ))
        })
}

/// Every legal move's text as Fairy-Stockfish lists them: a capture that promotes
/// under explosions once for each kind it may become (vdl lists it once, as the
/// promoted piece never stands).
pub fn move_texts(pos: &Position, legal: &[Move]) -> Vec<String> {
    let mut texts = long_algebraic::print_all(pos, legal);
    let more: Vec<String> = (legal.iter().zip(&texts))
        .flat_map(|(m, t)| blast_promotions(pos, m, t).into_iter().map(|(_, alt)| alt))
        .collect();
    texts.extend(more);
    texts
}

/// For a capture that promotes under explosions, written `text`: the other kinds it
/// may promote to, each with the move's text naming it.
fn blast_promotions(pos: &Position, m: &Move, text: &str) -> Vec<(usize, String)> {
    let (vdl::MoveKind::Explosion, Some(kind)) = (m.kind, m.promotion()) else {
        return Vec::new();
    };
    let rules = pos.rules();
    let Some(promotion) =
        (pos.piece_at(m.from)).and_then(|p| rules.definition.pieces[p.kind].promotion.as_ref())
    else {
        return Vec::new();
    };
    let choices = match (pos.side_to_move(), &promotion.black_choices) {
        (vdl::model::Side::Black, Some(black)) => black,
        _ => &promotion.choices,
    };
    let label = |k: usize| rules.piece_label(k, vdl::model::Side::Black);
    let Some(stem) = text.strip_suffix(&label(kind)) else {
        return Vec::new();
    };
    (choices.iter())
        .filter(|&&c| c != kind)
        .map(|&c| (c, format!("{stem}{}", label(c))))
        .collect()
}

/// The letter of the piece a move takes (as it stands, with its colour), if any.
fn captured_label(pos: &Position, m: &Move) -> Option<String> {
    let rules = pos.rules();
    let cell = *m.captures().first()?;
    let p = pos.piece_at(cell)?;
    // a promoted piece (`Q~`) goes to the partner as what promoted to it
    let promoted = rules.definition.pieces[p.kind].label.ends_with('~');
    let from = (rules.definition.pieces.iter())
        .position(|q| {
            q.promotion
                .as_ref()
                .is_some_and(|r| r.all_choices().any(|c| c == p.kind))
        })
        .filter(|_| promoted);
    let label = rules.piece_label(from.unwrap_or(p.kind), p.side);
    Some(
        label
            .trim_start_matches('+')
            .trim_end_matches('~')
            .to_string(),
    )
}

/// What a replay knows besides the game.
#[derive(Clone, Default)]
pub struct Trail {
    /// The letter of the piece the last move took.
    pub last_captured: Option<String>,
    /// The cells of pieces that came from a promotion, as Fairy-Stockfish marks them.
    pub promoted: Vec<Cell>,
}

/// The last replay, kept for the next call.
struct Kept {
    variant: Arc<Variant>,
    fen: String,
    moves: Vec<String>,
    /// Borrows `variant`'s rules: see `with_replay`.
    game: Game<'static>,
    trail: Trail,
}

// SAFETY: the game borrows the ruleset inside `variant`'s `Arc`, which lives at a
// fixed address for as long as `Kept` holds the `Arc`; `game` is dropped with it.
unsafe impl Send for Kept {}

static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

/// Run `f` on the game that `moves` from `fen` reach, replaying only the moves
/// past the last call's when that call's moves are a prefix of these.
pub fn with_replay<T>(
    v: &Arc<Variant>,
    fen: &str,
    moves: &[String],
    f: impl FnOnce(&mut Game, &Trail) -> T,
) -> Result<T, Failure> {
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    let reusable = kept
        .as_ref()
        .is_some_and(|k| Arc::ptr_eq(&k.variant, v) && k.fen == fen && moves.starts_with(&k.moves));
    if !reusable {
        *kept = None;
        // SAFETY: see `Kept`; the `Arc` is moved into the same `Kept` below.
        let rules: &'static Variant = unsafe { &*Arc::as_ptr(v) };
        let (start, promoted) = marked_position(rules, fen, Leniency::AsFairyStockfishPlays)?;
        let mut game = Game::new(start);
        game.forget_moves();
        *kept = Some(Kept {
            variant: v.clone(),
            fen: fen.to_string(),
            moves: Vec::new(),
            game,
            trail: Trail {
                last_captured: None,
                promoted,
            },
        });
    }
    let Some(k) = kept.as_mut() else {
        return Err(Failure::Value("vdl: the replay was lost".into()));
    };
    for text in &moves[k.moves.len()..] {
        let found = find_move(k.game.position(), k.game.legal_moves(), text);
        let m = match found {
            Ok(m) => m,
            Err(e) => {
                *kept = None;
                return Err(e);
            }
        };
        k.trail.last_captured = captured_label(k.game.position(), &m);
        let pending = promoted::before_move(&k.trail.promoted, &m, k.game.position());
        k.game.play(m);
        k.trail.promoted = promoted::after_move(pending, &m, k.game.position());
        k.moves.push(text.clone());
    }
    let trail = k.trail.clone();
    Ok(f(&mut k.game, &trail))
}

/// Holdings in Fairy-Stockfish's order: White's then Black's, each by `order`.
fn ordered_hand(hand: &str, order: &str) -> String {
    let mut letters: Vec<char> = hand.chars().collect();
    let rank = |c: char| order.find(c.to_ascii_uppercase()).unwrap_or(order.len());
    letters.sort_by_key(|&c| (c.is_ascii_lowercase(), rank(c)));
    letters.into_iter().collect()
}

/// Drop the kept replay (after a panic, whose game may be half changed).
pub fn forget() {
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    *kept = None;
}

/// The position's FEN as the variant's conventions write it. Under
/// Fairy-Stockfish's, the en-passant field names a cell only when a capture
/// there is possible (an enemy pawn's pseudo-legal capture), as it writes it, and
/// there are holdings only where pieces are dropped.
pub fn fen_of(v: &Variant, pos: &Position) -> String {
    let fen = pos.fen();
    if !v.fsf {
        return fen;
    }
    let mut fields: Vec<&str> = fen.split(' ').collect();
    // pieces held for promotion to captured kinds (Grand) are not shown: Fairy-
    // Stockfish counts them from the board
    let board = match fields[0].split_once('[') {
        Some((cells, _)) if pos.rules().definition.hand.is_none() => cells.to_string(),
        Some((cells, hand)) => match v.hand_order {
            Some(order) => format!(
                "{cells}[{}]",
                ordered_hand(hand.trim_end_matches(']'), order)
            ),
            None => fields[0].to_string(),
        },
        None => fields[0].to_string(),
    };
    fields[0] = &board;
    let castling;
    if fields.len() > 2 && pos.castles().iter().any(|c| c.free) {
        castling = shredder_castling(pos);
        fields[2] = &castling;
    }
    let sideways = sideways_en_passant(pos, v.custom_pawn);
    if let Some(field) = &sideways {
        fields[3] = field;
    } else if fields.len() > 3 && fields[3] != "-" {
        let mut moves = Vec::new();
        pos.pseudo_legal_moves(&mut moves);
        // under explosions an en-passant capture is an explosion onto the empty cell
        let (cells, _) = pos.en_passant();
        let takes = |m: &vdl::Move| match m.kind {
            vdl::MoveKind::EnPassant => true,
            vdl::MoveKind::Explosion => cells.contains(&m.to) && pos.piece_at(m.to).is_none(),
            _ => false,
        };
        if !moves.iter().any(takes) {
            fields[3] = "-";
        }
    }
    // vdl's count of passes in a row (janggi's) is not in Fairy-Stockfish's FEN
    fields.retain(|f| !f.starts_with("pass"));
    // a running count (makruk's): Fairy-Stockfish writes its limit in the
    // en-passant field and the count in the half-move field
    if let [board, side, castling, _, count, _, full] = fields.as_slice() {
        if let Some((done, limit)) = count.split_once('/') {
            return format!("{board} {side} {castling} {limit} {done} {full}");
        }
    }
    fields.join(" ")
}

/// The castling field of a Chess960 game as Fairy-Stockfish writes it: the file of
/// each castling rook (White's in capitals), the king's side first.
fn shredder_castling(pos: &Position) -> String {
    let rules = pos.rules();
    let files = &rules.definition.board.files;
    let mut out = String::new();
    for side in 0..2 {
        let mut held: Vec<i32> = (pos.castles().iter().enumerate())
            .filter(|&(i, c)| c.side == side && pos.castling_rights() & (1 << i) != 0)
            .map(|(_, c)| rules.board.cells[c.rook_from as usize].file)
            .collect();
        held.sort_unstable_by(|a, b| b.cmp(a));
        for file in held {
            let name = files.get(file as usize).map_or("", String::as_str);
            match side {
                0 => out.push_str(&name.to_uppercase()),
                _ => out.push_str(&name.to_lowercase()),
            }
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// After a double step that changes file (a Berolina pawn's), or any double step
/// of a `custom_pawn` or of a piece that is not the pawn, Fairy-Stockfish's field: the cells passed and the cell
/// reached, in its board order, whether or not a piece can take there (its
/// custom pieces' rule; its pawn's straight step names the cell passed only when
/// an enemy pawn can take).
fn sideways_en_passant(pos: &Position, custom_pawn: bool) -> Option<String> {
    let (passed, reached) = pos.en_passant();
    let (reached, first) = (reached?, *passed.first()?);
    let rules = pos.rules();
    let at = |c: Cell| rules.board.cells[c as usize];
    // a piece that is not the pawn (Wolf chess's sergeant) is a custom piece there
    let pawn = pos
        .piece_at(reached)
        .is_some_and(|p| rules.definition.pieces[p.kind].label == "P");
    if at(first).file == at(reached).file && !custom_pawn && pawn {
        return None;
    }
    let mut cells: Vec<Cell> = passed.iter().copied().chain([reached]).collect();
    cells.sort_by_key(|&c| (at(c).rank, at(c).file));
    Some(cells.iter().map(|&c| rules.cell_name(c)).collect())
}
