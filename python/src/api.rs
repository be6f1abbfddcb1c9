//! pyffish's module functions over vdl. Each replays the position it is given
//! (see `replay`) with the GIL released, and turns failures into `ValueError`s
//! carrying vdl's diagnostic; a panic becomes a `RuntimeError`, never an abort.

use crate::errors::{diagnostics_text, Failure};
use crate::replay::{self, variant_for, with_replay, Trail};
use crate::san::{self, Notation};
use crate::variants::{self as registry, Variant};
use crate::{counting, promoted};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use vdl::model::Side;
use vdl::referee::{EndReason, Game, GameResult};
use vdl::Cell;
use vdl::Move;
use vdl::Position;

pub const VALUE_MATE: i32 = 32000;
pub const VALUE_DRAW: i32 = 0;
pub const FEN_OK: i32 = 1;

/// FSF's FEN validation codes (pyffish's `validate_fen`).
const FEN_CODES: &[(&str, i32)] = &[
    ("FEN_INVALID_COUNTING_RULE", -14),
    ("FEN_INVALID_CHECK_COUNT", -13),
    ("FEN_INVALID_PROMOTED_PIECE", -12),
    ("FEN_INVALID_NB_PARTS", -11),
    ("FEN_INVALID_CHAR", -10),
    ("FEN_TOUCHING_KINGS", -9),
    ("FEN_INVALID_BOARD_GEOMETRY", -8),
    ("FEN_INVALID_POCKET_INFO", -7),
    ("FEN_INVALID_SIDE_TO_MOVE", -6),
    ("FEN_INVALID_CASTLING_INFO", -5),
    ("FEN_INVALID_EN_PASSANT_SQ", -4),
    ("FEN_INVALID_NUMBER_OF_KINGS", -3),
    ("FEN_INVALID_HALF_MOVE_COUNTER", -2),
    ("FEN_INVALID_MOVE_COUNTER", -1),
    ("FEN_EMPTY", 0),
    ("FEN_OK", 1),
];

const NOTATIONS: &[(&str, Notation)] = &[
    ("NOTATION_DEFAULT", Notation::Default),
    ("NOTATION_SAN", Notation::San),
    ("NOTATION_LAN", Notation::Lan),
    ("NOTATION_SHOGI_HOSKING", Notation::ShogiHosking),
    ("NOTATION_SHOGI_HODGES", Notation::ShogiHodges),
    ("NOTATION_SHOGI_HODGES_NUMBER", Notation::ShogiHodgesNumber),
    ("NOTATION_JANGGI", Notation::Janggi),
    ("NOTATION_XIANGQI_WXF", Notation::XiangqiWxf),
    ("NOTATION_THAI_SAN", Notation::ThaiSan),
    ("NOTATION_THAI_LAN", Notation::ThaiLan),
];

/// The options `set_option` knows (Fairy-Stockfish's names); the package plays no
/// engine, so they are kept and answered, and change nothing but `VariantPath`.
const OPTIONS: &[&str] = &[
    "Threads",
    "Hash",
    "Clear Hash",
    "Ponder",
    "MultiPV",
    "Skill Level",
    "Move Overhead",
    "Slow Mover",
    "nodestime",
    "UCI_Chess960",
    "UCI_Variant",
    "UCI_AnalyseMode",
    "UCI_LimitStrength",
    "UCI_Elo",
    "UCI_ShowWDL",
    "SyzygyPath",
    "SyzygyProbeDepth",
    "Syzygy50MoveRule",
    "SyzygyProbeLimit",
    "Use NNUE",
    "EvalFile",
    "VariantPath",
    "usemillisec",
    "Protocol",
];

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VALUE_MATE", VALUE_MATE)?;
    m.add("VALUE_DRAW", VALUE_DRAW)?;
    for (name, n) in NOTATIONS {
        m.add(*name, *n as i32)?;
    }
    for (name, code) in FEN_CODES {
        m.add(*name, *code)?;
    }
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(set_option, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(captures_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(piece_to_partner, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_fog_fen, m)?)?;
    Ok(())
}

/// Run `f` without the GIL, with a panic caught: what every function does.
pub fn guarded<T: Send>(
    py: Python<'_>,
    f: impl FnOnce() -> Result<T, Failure> + Send,
) -> PyResult<T> {
    let outcome = py.detach(|| catch_unwind(AssertUnwindSafe(f)));
    match outcome {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(PyValueError::new_err(e.text().to_string())),
        Err(panic) => {
            replay::forget();
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(PyRuntimeError::new_err(format!(
                "vdl: internal error ({what}); please report it with the call that caused it"
            )))
        }
    }
}

/// Replay and look at the game the arguments name.
fn at<T: Send>(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    f: impl FnOnce(&Variant, &mut Game, &Trail) -> T + Send,
) -> PyResult<T> {
    guarded(py, || {
        let v = variant_for(variant, chess960)?;
        with_replay(&v, fen, &moves, |g, trail| f(&v, g, trail))
    })
}

#[pyfunction]
fn version() -> (i32, i32, i32) {
    let v = env!("CARGO_PKG_VERSION");
    let mut parts = v.split('.').map(|p| p.parse().unwrap_or(0));
    (
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
    )
}

#[pyfunction]
fn info() -> String {
    format!(
        "vdl {} (a variant-definition language; pyffish's API over vdl's definitions)",
        env!("CARGO_PKG_VERSION")
    )
}

#[pyfunction]
fn variants() -> Vec<String> {
    registry::names()
}

#[pyfunction]
fn set_option(py: Python<'_>, name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
    if !OPTIONS.contains(&name) {
        return Err(PyValueError::new_err(format!("No such option {name}'")));
    }
    if name == "VariantPath" {
        let path = value.str()?.to_string();
        if path.is_empty() || path == "<empty>" {
            return Ok(());
        }
        let text = guarded(py, || {
            vdl::read_source(std::path::Path::new(&path))
                .map_err(|e| Failure::Value(format!("vdl: cannot read {path}: {e}")))
        })?;
        return load_variant_config(py, &text);
    }
    Ok(())
}

/// Fairy-Stockfish's variant configuration: each section that vdl can play as
/// Fairy-Stockfish does becomes a variant of that name; a section it cannot is
/// left out with a warning (`UserWarning`) that says why.
#[pyfunction]
fn load_variant_config(py: Python<'_>, config: &str) -> PyResult<()> {
    let refused = guarded(py, || Ok(import_config(config)))?;
    if !refused.is_empty() {
        let warnings = py.import("warnings")?;
        warnings.call_method1("warn", (refused,))?;
    }
    Ok(())
}

/// Import a configuration's sections; the text of every refusal.
fn import_config(config: &str) -> String {
    let import = vdl::fsf::import(config, 0, "config.ini", &[]);
    let mut bases: Vec<(String, String)> = Vec::new();
    let mut problems = Vec::new();
    let mut sources = vdl::Sources::default();
    sources.add("config.ini", config);
    for w in &import.written {
        bases.push((w.file_name.clone(), w.text.clone()));
        let mut all: Vec<(&str, &str)> = registry::shipped_files();
        all.extend(bases.iter().map(|(n, t)| (n.as_str(), t.as_str())));
        let loaded = vdl::load_untrusted(&w.text, &all);
        match loaded.ruleset {
            Some(rules) if !loaded.has_errors() => {
                let letters = w.promoted_letters.clone();
                if let Err(e) = registry::register_rules(&w.section, rules, (true, letters)) {
                    problems.push(format!("[{}]: {}", w.section, e.text()));
                }
            }
            _ => problems.push(format!(
                "[{}]: {}",
                w.section,
                diagnostics_text(&loaded.sources, &loaded.diagnostics)
            )),
        }
    }
    for r in &import.refused {
        problems.push(format!(
            "[{}] is not loaded:\n{}",
            r.section,
            diagnostics_text(&sources, &r.diagnostics)
        ));
    }
    if !import.diagnostics.is_empty() {
        problems.push(diagnostics_text(&sources, &import.diagnostics));
    }
    problems.join("\n")
}

/// vdl's own: a definition file (a path) or its text; returns the variant's name,
/// which every function then takes. A text may `extends` only shipped files.
#[pyfunction]
#[pyo3(signature = (path_or_text, name=None))]
fn load_variant(py: Python<'_>, path_or_text: &str, name: Option<String>) -> PyResult<String> {
    guarded(py, || {
        let is_text = path_or_text.contains('\n') || path_or_text.contains('{');
        if is_text {
            let rules = registry::compile_untrusted(path_or_text, "definition.vdl")?;
            let name = name.unwrap_or_else(|| variant_key(&rules.definition.name));
            return registry::register_rules(&name, rules, (false, Vec::new()));
        }
        let path = std::path::Path::new(path_or_text);
        let text = vdl::read_source(path)
            .map_err(|e| Failure::Value(format!("vdl: cannot read {path_or_text}: {e}")))?;
        let loaded = vdl::load_file(path, &text);
        let errors = loaded.has_errors();
        match loaded.ruleset {
            Some(rules) if !errors => {
                let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
                let name = name
                    .or(stem)
                    .unwrap_or_else(|| variant_key(&rules.definition.name));
                registry::register_rules(&name, rules, (false, Vec::new()))
            }
            _ => Err(Failure::Value(format!(
                "the definition {path_or_text} has errors:\n{}",
                diagnostics_text(&loaded.sources, &loaded.diagnostics)
            ))),
        }
    })
}

/// A definition's name as a variant's: letters and digits, lower case.
fn variant_key(name: &str) -> String {
    let key: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    if key.is_empty() {
        "custom".into()
    } else {
        key
    }
}

#[pyfunction]
fn start_fen(py: Python<'_>, variant: &str) -> PyResult<String> {
    guarded(py, || Ok(registry::get(variant)?.start_fen.clone()))
}

#[pyfunction]
fn two_boards(py: Python<'_>, variant: &str) -> PyResult<bool> {
    guarded(py, || registry::get(variant).map(|v| v.two_boards))
}

#[pyfunction]
fn captures_to_hand(py: Python<'_>, variant: &str) -> PyResult<bool> {
    guarded(py, || {
        let v = registry::get(variant)?;
        Ok(v.rules
            .definition
            .hand
            .as_ref()
            .is_some_and(|h| h.keep_captured))
    })
}

/// The notation a call asks for: the variant's default for 0.
fn notation_of(v: &Variant, n: i32) -> Result<Notation, Failure> {
    match Notation::from_number(n.into()) {
        Some(Notation::Default) if v.shogi_notation => Ok(Notation::ShogiHodgesNumber),
        Some(Notation::Default) => Ok(Notation::San),
        Some(n) => Ok(n),
        None => Err(Failure::Value(format!("vdl: no notation is numbered {n}"))),
    }
}

/// One move in the asked notation; a variant only vdl has writes vdl's SAN.
pub fn move_text(
    v: &Variant,
    game: &mut Game,
    (m, promoted): (&Move, &[Cell]),
    n: Notation,
) -> String {
    let legal = game.legal_moves().to_vec();
    let mut pos = game.position().clone();
    if v.fsf {
        san::write(&mut pos, m, (&legal, promoted), n, v)
    } else {
        vdl::referee::san::write(&mut pos, m, &legal)
    }
}

#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960=false, notation=0))]
fn get_san(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    r#move: &str,
    chess960: bool,
    notation: i32,
) -> PyResult<String> {
    let text = r#move.to_string();
    at(
        py,
        variant,
        fen,
        Vec::new(),
        chess960,
        move |v, g, trail| {
            let n = notation_of(v, notation)?;
            let m = replay::find_move(g.position(), g.legal_moves(), &text)?;
            Ok(move_text(v, g, (&m, &trail.promoted), n))
        },
    )
    .and_then(py_result)
}

fn py_result<T>(r: Result<T, Failure>) -> PyResult<T> {
    r.map_err(|e| PyValueError::new_err(e.text().to_string()))
}

#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960=false, notation=0))]
fn get_san_moves(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
    notation: i32,
) -> PyResult<Vec<String>> {
    guarded(py, || {
        let v = variant_for(variant, chess960)?;
        let n = notation_of(&v, notation)?;
        let mut game = Game::new(replay::position(&v, fen)?);
        game.forget_moves();
        let mut out = Vec::with_capacity(movelist.len());
        for text in &movelist {
            let m = replay::find_move(game.position(), game.legal_moves(), text)?;
            out.push(move_text(&v, &mut game, (&m, &[]), n));
            game.play(m);
        }
        Ok(out)
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960=false))]
fn legal_moves(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
) -> PyResult<Vec<String>> {
    at(py, variant, fen, movelist, chess960, |_, g, _| {
        replay::move_texts(g.position(), g.legal_moves())
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960=false, sfen=false, showPromoted=false, countStarted=0))]
#[allow(non_snake_case)]
#[allow(clippy::too_many_arguments)]
fn get_fen(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
    sfen: bool,
    showPromoted: bool,
    countStarted: i32,
) -> PyResult<String> {
    at(py, variant, fen, movelist, chess960, move |v, g, trail| {
        let mut fen = replay::fen_of(v, g.position());
        if showPromoted {
            fen = promoted::show(&v.rules, &fen, &trail.promoted);
        }
        let fen = counting::fen_with_count(v, g.position(), fen, countStarted);
        if sfen {
            to_sfen(&fen, v.hand_order.unwrap_or(""))
        } else {
            fen
        }
    })
}

/// A FEN in the shogi form (SFEN): sente (`b`) is White, the hand after the side,
/// the move number counted in plies.
fn to_sfen(fen: &str, order: &str) -> String {
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap_or("");
    let side = fields.next().unwrap_or("w");
    let rest: Vec<&str> = fields.collect();
    let fullmove: usize = rest.last().and_then(|n| n.parse().ok()).unwrap_or(1);
    let (board, hand) = match board.split_once('[') {
        Some((b, h)) => (b, h.trim_end_matches(']')),
        None => (board, ""),
    };
    let ply = 2 * fullmove - usize::from(side == "w");
    let mut counted = String::new();
    let mut letters: Vec<char> = hand.chars().collect();
    // sente's pieces first, then gote's, each kind with its count, in the
    // variant's order of holdings
    let rank = |c: char| order.find(c.to_ascii_uppercase()).unwrap_or(order.len());
    letters.sort_by_key(|&c| (c.is_ascii_lowercase(), rank(c), c));
    let mut i = 0;
    while i < letters.len() {
        let c = letters[i];
        let n = letters[i..].iter().take_while(|&&x| x == c).count();
        if n > 1 {
            counted.push_str(&n.to_string());
        }
        counted.push(c);
        i += n;
    }
    if counted.is_empty() {
        counted.push('-');
    }
    let side = if side == "w" { "b" } else { "w" };
    format!("{board} {side} {counted} {ply}")
}

#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960=false))]
fn gives_check(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
) -> PyResult<bool> {
    at(py, variant, fen, movelist, chess960, |_, g, _| {
        let pos = g.position();
        let side = pos.side_to_move();
        pos.has_royal(side) && pos.in_check(side)
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, r#move, chess960=false))]
fn is_capture(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    r#move: &str,
    chess960: bool,
) -> PyResult<bool> {
    let text = r#move.to_string();
    at(py, variant, fen, movelist, chess960, move |_, g, _| {
        replay::find_move(g.position(), g.legal_moves(), &text).map(|m| !m.captures().is_empty())
    })
    .and_then(py_result)
}

#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960=false))]
fn piece_to_partner(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
) -> PyResult<String> {
    at(py, variant, fen, movelist, chess960, |_, _, trail| {
        trail.last_captured.clone().unwrap_or_default()
    })
}

/// A result as pyffish gives it: from the side to move's view.
fn value_of(g: &Game, r: &GameResult) -> i32 {
    match r.winner {
        None => VALUE_DRAW,
        Some(w) if w == g.position().side_to_move() => VALUE_MATE,
        Some(_) => -VALUE_MATE,
    }
}

/// Ends Fairy-Stockfish leaves to a claim (`is_optional_game_end`).
fn optional_reason(r: EndReason) -> bool {
    matches!(
        r,
        EndReason::Repetition
            | EndReason::MoveRepetition
            | EndReason::MoveRule
            | EndReason::Counting
            | EndReason::PromotionStalemate
    )
}

/// Ends that are the lack of a legal move (`game_result`'s own).
fn no_move_reason(r: EndReason) -> bool {
    matches!(
        r,
        EndReason::Checkmate | EndReason::Stalemate | EndReason::NoLegalMove
    )
}

#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960=false))]
fn game_result(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
) -> PyResult<i32> {
    at(py, variant, fen, movelist, chess960, |_, g, _| {
        g.result().map_or(VALUE_DRAW, |r| value_of(g, r))
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960=false))]
fn is_immediate_game_end(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, i32)> {
    at(py, variant, fen, movelist, chess960, |_, g, _| {
        match g.result() {
            // a dead position is `has_insufficient_material`'s to say
            Some(r)
                if !optional_reason(r.reason)
                    && !no_move_reason(r.reason)
                    && r.reason != EndReason::DeadPosition =>
            {
                (true, value_of(g, r))
            }
            _ => (false, VALUE_DRAW),
        }
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960=false, countStarted=0))]
#[allow(non_snake_case)]
fn is_optional_game_end(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
    countStarted: i32,
) -> PyResult<(bool, i32)> {
    at(py, variant, fen, movelist, chess960, |_, g, _| {
        // with the count started elsewhere, the count's end is the one it gives
        let recount = countStarted != 0 && g.position().rules().flags.counting;
        if recount {
            if let Some(value) = counting::count_end(g, countStarted) {
                return (true, value);
            }
        }
        let own = |r: &GameResult| {
            optional_reason(r.reason) && !(recount && r.reason == EndReason::Counting)
        };
        if let Some(r) = g.result().filter(|r| own(r)) {
            return (true, value_of(g, r));
        }
        match g.claimable_now() {
            Some(r) => (true, value_of(g, &r)),
            None => (false, VALUE_DRAW),
        }
    })
}

#[pyfunction]
#[pyo3(signature = (variant, fen, movelist, chess960=false))]
fn has_insufficient_material(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    movelist: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, bool)> {
    at(py, variant, fen, movelist, chess960, |_, g, _| {
        crate::material::insufficient_material(g.position())
    })
}

#[pyfunction]
#[pyo3(signature = (fen, variant, chess960=false))]
fn validate_fen(py: Python<'_>, fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    guarded(py, || {
        let v = variant_for(variant, chess960)?;
        if fen.trim().is_empty() {
            return Ok(0);
        }
        if let Some(code) = fsf_layout_code(&v, fen) {
            return Ok(code);
        }
        Ok(match replay::valid_position(&v, fen) {
            Ok(pos) if v.fsf && royal_counts(&pos) != royal_counts(&Position::start(&v.rules)) => {
                code_named("FEN_INVALID_NUMBER_OF_KINGS")
            }
            Ok(_) => FEN_OK,
            Err(e) => {
                let promotes = v
                    .rules
                    .definition
                    .pieces
                    .iter()
                    .any(|p| p.label.starts_with('+'));
                fen_code(e.text(), promotes)
            }
        })
    })
}

/// Fairy-Stockfish's layout rule, under its conventions: fields one space apart,
/// at most six (seven with a check count).
fn fsf_layout_code(v: &Variant, fen: &str) -> Option<i32> {
    let most = 6 + usize::from(v.rules.definition.end.checks.is_some());
    let fields: Vec<&str> = fen.split(' ').collect();
    (v.fsf && (fields.len() > most || fields.iter().any(|f| f.is_empty())))
        .then(|| code_named("FEN_INVALID_NB_PARTS"))
}

/// Each side's royal pieces, on the board and in hand: Fairy-Stockfish wants as
/// many as the start has.
fn royal_counts(pos: &Position) -> [usize; 2] {
    let rules = pos.rules();
    let royal = |kind: usize| rules.definition.pieces[kind].royal;
    [Side::White, Side::Black].map(|side| {
        let on_board = (0..rules.cell_count() as u16)
            .filter_map(|c| pos.piece_at(c))
            .filter(|p| p.side == side && royal(p.kind))
            .count();
        let held: usize = (0..rules.definition.pieces.len())
            .filter(|&k| royal(k))
            .map(|k| usize::from(pos.reserve_count(side, k)))
            .sum();
        on_board + held
    })
}

fn code_named(name: &str) -> i32 {
    FEN_CODES
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(-11, |(_, c)| *c)
}

/// Fairy-Stockfish's code for what a FEN error is about, read from vdl's message;
/// a `+` is a bad promoted piece where pieces promote shogi-style, else a bad letter.
fn fen_code(message: &str, shogi_promotions: bool) -> i32 {
    let m = message.to_ascii_lowercase();
    let code = code_named;
    let about = |words: &[&str]| words.iter().any(|w| m.contains(w));
    if about(&["promoted", "`~`"]) || (shogi_promotions && about(&["`+`"])) {
        code("FEN_INVALID_PROMOTED_PIECE")
    } else if about(&["unknown_piece", "not a piece", "no piece"]) {
        code("FEN_INVALID_CHAR")
    } else if about(&["castling"]) {
        code("FEN_INVALID_CASTLING_INFO")
    } else if about(&["en passant", "en-passant"]) {
        code("FEN_INVALID_EN_PASSANT_SQ")
    } else if about(&["check"]) {
        code("FEN_INVALID_CHECK_COUNT")
    } else if about(&["hand", "holding", "reserve"]) {
        code("FEN_INVALID_POCKET_INFO")
    } else if about(&["side to move", "to move"]) {
        code("FEN_INVALID_SIDE_TO_MOVE")
    } else if about(&["halfmove", "half-move", "clock"]) {
        code("FEN_INVALID_HALF_MOVE_COUNTER")
    } else if about(&["fullmove", "move number"]) {
        code("FEN_INVALID_MOVE_COUNTER")
    } else if about(&["king", "royal"]) {
        code("FEN_INVALID_NUMBER_OF_KINGS")
    } else if about(&["rank", "row", "file", "column", "cells", "board"]) {
        code("FEN_INVALID_BOARD_GEOMETRY")
    } else {
        code("FEN_INVALID_NB_PARTS")
    }
}

#[pyfunction]
#[pyo3(signature = (fen, variant, chess960=false))]
fn get_fog_fen(py: Python<'_>, fen: &str, variant: &str, chess960: bool) -> PyResult<String> {
    guarded(py, || {
        let v: Arc<Variant> = variant_for(variant, chess960)?;
        let mut pos = replay::position(&v, fen)?;
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        Ok(crate::game::fog_fen(&pos, &legal))
    })
}
