//! pyffish's way of naming a position: a variant, a FEN (or `startpos`) and the
//! moves played from it in the engines' notation. Each call replays them; the
//! last replay is kept, so that a caller who asks again after one more move (a
//! server following a game) pays for that move only.

use crate::errors::{fen_text, Failure};
use crate::variants::{self, Variant};
use std::sync::{Arc, Mutex};
use vdl::engine::Move;
use vdl::referee::{long_algebraic, Game};
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
    let names = &v.rules.cell_names;
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
    if v.fsf && fields.len() > 3 && !v.rules.cell_names.iter().any(|n| n == fields[3]) {
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
/// in vdl's (`w - - 8/16 0 1`).
fn counting_fen(v: &Variant, fen: &str) -> Option<String> {
    if !v.fsf || !v.rules.flags.counting {
        return None;
    }
    let f: Vec<&str> = fen.split_whitespace().collect();
    match f.as_slice() {
        [board, side, castling, limit, count, full]
            if limit.parse::<u32>().is_ok() && count.parse::<u32>().is_ok() =>
        {
            Some(format!(
                "{board} {side} {castling} - {count}/{limit} 0 {full}"
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
        (0..rules.cells.len() as u16)
            .filter(|&c| p.piece_at(c) == Some(vdl::engine::Piece { side, kind }))
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
    if fen == "startpos" {
        return Ok(Position::start(&v.rules));
    }
    let readings = match counting_fen(v, fen) {
        Some(f) => vec![f],
        None => normalize_fen(v, fen),
    };
    let mut last = None;
    for reading in &readings {
        match Position::from_fen(&v.rules, reading) {
            Ok(p) => return Ok(with_captured_reserve(v, p, reading)),
            Err(e) => last = Some((reading, e)),
        }
    }
    match last {
        Some((reading, e)) => Err(Failure::Value(fen_text(reading, &e))),
        None => Err(Failure::Value(format!("vdl::bad_fen: `{fen}` is empty"))),
    }
}

/// The legal move a text names, in the engines' notation (pyffish's UCI).
pub fn find_move(pos: &Position, legal: &[Move], text: &str) -> Result<Move, Failure> {
    long_algebraic::read(pos, legal, text).ok_or_else(|| {
        let side = pos.side_to_move().name();
        Failure::Value(format!(
            "vdl::illegal_move: `{text}` is no legal move of {side} in {}",
            pos.fen()
        ))
    })
}

/// The letter of the piece a move takes (as it stands, with its colour), if any.
fn captured_label(pos: &Position, m: &Move) -> Option<String> {
    let rules = pos.rules();
    let cell = *m.captures().first()?;
    let p = pos.piece_at(cell)?;
    let label = rules.piece_label(p.kind, p.side);
    Some(
        label
            .trim_start_matches('+')
            .trim_end_matches('~')
            .to_string(),
    )
}

/// The last replay, kept for the next call.
struct Kept {
    variant: Arc<Variant>,
    fen: String,
    moves: Vec<String>,
    /// Borrows `variant`'s rules: see `with_replay`.
    game: Game<'static>,
    last_captured: Option<String>,
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
    f: impl FnOnce(&mut Game, Option<&str>) -> T,
) -> Result<T, Failure> {
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    let reusable = kept
        .as_ref()
        .is_some_and(|k| Arc::ptr_eq(&k.variant, v) && k.fen == fen && moves.starts_with(&k.moves));
    if !reusable {
        *kept = None;
        // SAFETY: see `Kept`; the `Arc` is moved into the same `Kept` below.
        let rules: &'static Variant = unsafe { &*Arc::as_ptr(v) };
        let mut game = Game::new(position(rules, fen)?);
        game.forget_moves();
        *kept = Some(Kept {
            variant: v.clone(),
            fen: fen.to_string(),
            moves: Vec::new(),
            game,
            last_captured: None,
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
        k.last_captured = captured_label(k.game.position(), &m);
        k.game.play(m);
        k.moves.push(text.clone());
    }
    let captured = k.last_captured.clone();
    Ok(f(&mut k.game, captured.as_deref()))
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
    if fields.len() > 3 && fields[3] != "-" {
        let mut moves = Vec::new();
        pos.pseudo_legal_moves(&mut moves);
        if !moves
            .iter()
            .any(|m| m.kind == vdl::engine::MoveKind::EnPassant)
        {
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
