//! The Pythonic layer's `Game`: a game that keeps its position between calls, so
//! that `push`, `pop` and `legal_moves` cost a move each, not a replay. Safe to use
//! from several threads (a lock inside); perft runs without the GIL.

use crate::api::{guarded, move_text};
use crate::errors::Failure;
use crate::replay::{self, variant_for};
use crate::san::Notation;
use crate::variants::Variant;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use vdl::model::{Coord, Side};
use vdl::referee::{long_algebraic, Game as RefereeGame};
use vdl::search::{Limits, Score, Searcher};
use vdl::Position;
use vdl::{Move, MAX_PERFT_DEPTH};

/// The search's table, in MiB (a fresh one each call).
const SEARCH_TABLE_MB: usize = 16;

/// A game's state: the referee's game, borrowing the variant it holds.
struct State {
    /// Declared first so that it is dropped before the variant it borrows.
    game: RefereeGame<'static>,
    /// The moves played, in the engines' notation.
    moves: Vec<String>,
    start_fen: String,
    variant: Arc<Variant>,
}

// SAFETY: `game` borrows the ruleset inside `variant`'s `Arc` (a fixed address
// while the `Arc` lives), and `State` holds both, the game dropped first.
unsafe impl Send for State {}

impl State {
    fn new(variant: Arc<Variant>, fen: Option<&str>) -> Result<State, Failure> {
        // SAFETY: see `State`.
        let v: &'static Variant = unsafe { &*Arc::as_ptr(&variant) };
        let start = replay::position(v, fen.unwrap_or("startpos"))?;
        let start_fen = start.fen();
        Ok(State {
            game: RefereeGame::new(start),
            moves: Vec::new(),
            start_fen,
            variant,
        })
    }

    fn texts(&self) -> Vec<String> {
        long_algebraic::print_all(self.game.position(), self.game.legal_moves())
    }

    fn find(&self, text: &str) -> Result<Move, Failure> {
        replay::find_move(self.game.position(), self.game.legal_moves(), text)
    }
}

/// A move of a game: its text in the engines' notation (`e2e4`, `P@e4`,
/// `h8b2+`), its SAN, and what it does.
#[pyclass(module = "vdl", name = "Move", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GameMove {
    /// The move in the engines' notation (pyffish's UCI).
    #[pyo3(get)]
    uci: String,
    /// The move in SAN (Fairy-Stockfish's for its variants, vdl's for the others).
    #[pyo3(get)]
    san: String,
    /// The cell it leaves (the cell it drops on, for a drop).
    #[pyo3(get)]
    from_square: String,
    #[pyo3(get)]
    to_square: String,
    /// The letter of the kind it promotes to, if it promotes.
    #[pyo3(get)]
    promotion: Option<String>,
    #[pyo3(get)]
    is_capture: bool,
    #[pyo3(get)]
    is_drop: bool,
}

#[pymethods]
impl GameMove {
    fn __repr__(&self) -> String {
        format!("Move({:?}, san={:?})", self.uci, self.san)
    }

    fn __str__(&self) -> String {
        self.uci.clone()
    }
}

fn describe(v: &Variant, g: &mut RefereeGame, m: &Move, uci: String) -> GameMove {
    let rules = g.rules();
    let san = move_text(v, g, (m, &[]), Notation::San);
    GameMove {
        uci,
        san,
        from_square: rules.cell_name(m.from).to_string(),
        to_square: rules.cell_name(m.to).to_string(),
        promotion: m
            .promotion()
            .map(|k| rules.definition.pieces[k].label.clone()),
        is_capture: !m.captures().is_empty(),
        is_drop: m.from_hand().is_some(),
    }
}

/// A game of a variant, from its start or a FEN: push and pop moves, list the
/// legal ones, read the FEN, the SAN and the result, count perft.
#[pyclass(module = "vdl", frozen, subclass)]
pub struct Game {
    state: Mutex<State>,
}

impl Game {
    fn with<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut State) -> Result<T, Failure> + Send,
    ) -> PyResult<T> {
        guarded(py, || {
            let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
            f(&mut s)
        })
    }
}

/// A move given as a `Move` or as its text.
fn move_text_of(m: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(gm) = m.cast::<GameMove>() {
        return Ok(gm.get().uci.clone());
    }
    m.extract::<String>()
}

#[pymethods]
impl Game {
    /// `Game(variant, fen=None, chess960=False)`: a variant's name (see
    /// `vdl.variants()`), its start or a FEN.
    #[new]
    #[pyo3(signature = (variant="chess", fen=None, chess960=false))]
    fn new(py: Python<'_>, variant: &str, fen: Option<String>, chess960: bool) -> PyResult<Game> {
        let state = guarded(py, || {
            let v = variant_for(variant, chess960)?;
            State::new(v, fen.as_deref())
        })?;
        Ok(Game {
            state: Mutex::new(state),
        })
    }

    /// The variant's name.
    #[getter]
    fn variant(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |s| Ok(s.variant.name.clone()))
    }

    /// The current position's FEN.
    #[getter]
    fn fen(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |s| Ok(replay::fen_of(&s.variant, s.game.position())))
    }

    /// The FEN the game started from.
    #[getter]
    fn start_fen(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |s| Ok(s.start_fen.clone()))
    }

    /// The moves played, in the engines' notation.
    #[getter]
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(py, |s| Ok(s.moves.clone()))
    }

    /// `"w"` or `"b"`.
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |s| {
            Ok(match s.game.position().side_to_move() {
                Side::White => "w".into(),
                Side::Black => "b".into(),
            })
        })
    }

    /// The legal moves, as `Move` objects.
    #[getter]
    fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<GameMove>> {
        self.with(py, |s| {
            let texts = s.texts();
            let legal = s.game.legal_moves().to_vec();
            let v = s.variant.clone();
            Ok(legal
                .iter()
                .zip(texts)
                .map(|(m, t)| describe(&v, &mut s.game, m, t))
                .collect())
        })
    }

    /// Whether the side to move's royal piece is attacked.
    #[getter]
    fn is_check(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |s| {
            let pos = s.game.position();
            let side = pos.side_to_move();
            Ok(pos.has_royal(side) && pos.in_check(side))
        })
    }

    /// The result once the rules end the game: `(score, reason, description)`,
    /// e.g. `("1-0", "checkmate", "Black is checkmated")`; None while it goes on.
    #[getter]
    fn result(&self, py: Python<'_>) -> PyResult<Option<(String, String, String)>> {
        self.with(py, |s| {
            Ok(s.game.result().map(|r| {
                let reason = format!("{:?}", r.reason);
                (r.score().to_string(), kebab(&reason), r.description.clone())
            }))
        })
    }

    /// Play a legal move (a `Move` or its text in the engines' notation or SAN).
    fn push(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<GameMove> {
        let text = move_text_of(r#move)?;
        self.with(py, move |s| {
            let m = match s.find(&text) {
                Ok(m) => m,
                Err(e) => {
                    match vdl::referee::san::read(s.game.position(), s.game.legal_moves(), &text) {
                        vdl::referee::san::SanMatch::One(m) => m,
                        _ => return Err(e),
                    }
                }
            };
            let uci = long_algebraic::print(s.game.position(), &m, s.game.legal_moves());
            let v = s.variant.clone();
            let described = describe(&v, &mut s.game, &m, uci.clone());
            s.game.play(m);
            s.moves.push(uci);
            Ok(described)
        })
    }

    /// Take back the last move and return it; `IndexError` when none was played.
    fn pop(&self, py: Python<'_>) -> PyResult<String> {
        let popped = self.with(py, |s| {
            if !s.game.undo() {
                return Ok(None);
            }
            Ok(s.moves.pop())
        })?;
        popped.ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("no move to take back"))
    }

    /// A legal move's SAN (`notation`: one of pyffish's `NOTATION_*`).
    #[pyo3(signature = (r#move, notation=0))]
    fn san(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>, notation: i32) -> PyResult<String> {
        let text = move_text_of(r#move)?;
        self.with(py, move |s| {
            let m = s.find(&text)?;
            let n = match Notation::from_number(notation.into()) {
                Some(Notation::Default) | None if s.variant.shogi_notation => {
                    Notation::ShogiHodgesNumber
                }
                Some(Notation::Default) | None => Notation::San,
                Some(n) => n,
            };
            let v = s.variant.clone();
            Ok(move_text(&v, &mut s.game, (&m, &[]), n))
        })
    }

    /// The number of move paths `depth` plies deep (the GIL is released meanwhile).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        self.with(py, move |s| {
            if depth > MAX_PERFT_DEPTH {
                return Err(Failure::Value(format!(
                    "vdl::bad_depth: perft's depth is at most {MAX_PERFT_DEPTH}"
                )));
            }
            let mut pos = s.game.position().clone();
            Ok(pos.perft(depth))
        })
    }

    /// The search's best move and its score, `("e2e4", "cp", 31)` or
    /// `("d1h5", "mate", 2)`; None when the game is over. At least one limit: a
    /// depth (plies), a node count or a time in milliseconds. The GIL is released.
    #[pyo3(signature = (depth=None, nodes=None, movetime_ms=None))]
    fn search(
        &self,
        py: Python<'_>,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime_ms: Option<u64>,
    ) -> PyResult<Option<(String, String, i32)>> {
        self.with(py, move |s| {
            if depth.is_none() && nodes.is_none() && movetime_ms.is_none() {
                return Err(Failure::Value(
                    "vdl::no_limit: give the search a depth, a node count or a time".into(),
                ));
            }
            let limits = Limits {
                depth: depth.map(|d| d.clamp(1, MAX_PERFT_DEPTH)),
                nodes,
                movetime: movetime_ms.map(Duration::from_millis),
                clock: None,
            };
            let mut searcher = Searcher::new(s.game.rules(), SEARCH_TABLE_MB);
            let found = vdl::referee::ai::search(&mut searcher, &s.game, &limits, &mut |_| {});
            Ok(found.and_then(|f| {
                let best = f.best?;
                let text = long_algebraic::print(s.game.position(), &best, s.game.legal_moves());
                Some(match f.score {
                    Score::Centipawns(v) => (text, "cp".to_string(), v),
                    Score::Mate(n) => (text, "mate".to_string(), n),
                })
            }))
        })
    }

    /// A copy that goes its own way.
    fn copy(&self, py: Python<'_>) -> PyResult<Game> {
        let state = self.with(py, |s| {
            let variant = s.variant.clone();
            // SAFETY: see `State`; the copy holds its own `Arc` of the same variant.
            let _: &'static Variant = unsafe { &*Arc::as_ptr(&variant) };
            let game = s.game.clone();
            Ok(State {
                game,
                moves: s.moves.clone(),
                start_fen: s.start_fen.clone(),
                variant,
            })
        })?;
        Ok(Game {
            state: Mutex::new(state),
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |s| {
            Ok(format!(
                "Game({:?}, fen={:?})",
                s.variant.name,
                s.game.position().fen()
            ))
        })
    }
}

fn kebab(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The FEN with every cell the side to move cannot see as `*` (pyffish's
/// `get_fog_fen`): it sees its own pieces and the cells its legal moves reach.
pub fn fog_fen(pos: &Position, legal: &[Move]) -> String {
    let rules = pos.rules();
    let us = pos.side_to_move();
    let mut visible = vec![false; rules.board.cells.len()];
    for m in legal {
        visible[m.to as usize] = true;
    }
    let full = pos.fen();
    let (board_field, rest) = full.split_once(' ').unwrap_or((&full, ""));
    let hand = board_field.find('[').map_or("", |i| &board_field[i..]);
    let b = &rules.definition.board;
    let mut rows = Vec::new();
    for rank in (0..b.height()).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in b.row_files(rank) {
            let cell = rules.cell_at(Coord { file, rank });
            let seen = cell.map(|c| {
                let own = pos.piece_at(c).is_some_and(|p| p.side == us);
                (own || visible[c as usize], pos.piece_at(c))
            });
            let mark = match seen {
                Some((true, Some(p))) => Some(rules.piece_label(p.kind, p.side)),
                Some((true, None)) => None,
                _ => Some("*".to_string()),
            };
            match mark {
                None => empty += 1,
                Some(m) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(&m);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{}{hand} {rest}", rows.join("/"))
}
