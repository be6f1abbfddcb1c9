//! `vdl serve FILE`: a local web page that draws the definition's board, shows a
//! piece's legal moves, plays moves, undoes and redoes them, plays the engine, and
//! follows the file as it is edited: a valid file shows the new rules at once, a
//! file with errors shows its diagnostics and keeps the last good board.
//!
//! The server keeps the game as text (a start and the moves played, in the
//! referee's notation) and replays it on every request, so that the rules can be
//! replaced under it; the page polls `/state` and redraws when its version changes.

mod http;

use crate::commands::check::{diagnostic_json, DiagnosticJson};
use crate::draw::svg;
use crate::report::{capped_errors, render_plain};
use http::{Request, Response};
use std::path::Path;
use std::sync::{Arc, Mutex};
use vdl::model::Side;
use vdl::referee::{self, Game};
use vdl::search::{Limits, Searcher};
use vdl::{Position, Ruleset};

/// The page, its script and style: everything it needs is in the binary.
const PAGE: &str = include_str!("page.html");

/// How the server was asked to run.
pub struct Options {
    pub host: String,
    pub port: u16,
    /// The engine's thinking time per move.
    pub movetime: u64,
    /// The seed of a shuffled setup.
    pub seed: u64,
}

/// The definition as last read: its rules if it had no error, and what was read.
struct Definition {
    rules: Option<Arc<Ruleset>>,
    /// Every file the definition was read from (itself and its bases), with its
    /// text, or none if it could not be read.
    read: Vec<(String, Option<String>)>,
    errors: Vec<DiagnosticJson>,
    report: String,
}

impl Definition {
    fn load(path: &str) -> Definition {
        let text = match vdl::read_source(Path::new(path)) {
            Ok(t) => t,
            Err(e) => {
                return Definition {
                    rules: None,
                    read: vec![(path.to_string(), None)],
                    errors: Vec::new(),
                    report: format!("cannot read {path}: {e}"),
                }
            }
        };
        let loaded = vdl::load_file(Path::new(path), &text);
        // the page is polled: it is sent as many diagnostics as `vdl check` draws
        let (shown, more) = capped_errors(&loaded);
        Definition {
            read: loaded
                .sources
                .files()
                .iter()
                .map(|f| (f.name.clone(), Some(f.text.clone())))
                .collect(),
            errors: shown
                .iter()
                .map(|d| diagnostic_json(&loaded.sources, d))
                .collect(),
            report: shown
                .iter()
                .map(|d| render_plain(&loaded.sources, d))
                .chain([more])
                .collect(),
            rules: loaded.ruleset.map(Arc::new),
        }
    }

    /// Whether a file it was read from now reads differently.
    fn changed(&self) -> bool {
        self.read
            .iter()
            .any(|(name, text)| vdl::read_source(Path::new(name)).ok() != *text)
    }
}

/// The server's state: the last good rules, the game on them, and the last load.
struct Board {
    path: String,
    options: Options,
    /// The rules the board shows: the last definition read without error.
    rules: Option<Arc<Ruleset>>,
    /// The last read, which may have failed.
    last: Definition,
    /// The start: a FEN typed in, or the definition's setup.
    start_fen: Option<String>,
    played: Vec<String>,
    undone: Vec<String>,
    engine: Option<Side>,
    /// The engine's searcher; `None` while it thinks outside the lock.
    searcher: Option<Searcher>,
    thinking: bool,
    /// What the last action said (a move or FEN refused).
    message: String,
    /// Raised on every change the page must draw.
    version: u64,
}

/// What the page is sent.
#[derive(serde::Serialize)]
struct State {
    version: u64,
    name: String,
    file: String,
    svg: String,
    fen: String,
    side: &'static str,
    legal: Vec<referee::Played>,
    record: Vec<String>,
    result: Option<String>,
    can_undo: bool,
    can_redo: bool,
    engine: Option<&'static str>,
    errors: Vec<DiagnosticJson>,
    report: String,
    message: String,
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

impl Board {
    fn new(path: &str, options: Options) -> Board {
        let last = Definition::load(path);
        Board {
            path: path.to_string(),
            options,
            rules: last.rules.clone(),
            last,
            start_fen: None,
            played: Vec::new(),
            undone: Vec::new(),
            engine: None,
            searcher: None,
            thinking: false,
            message: String::new(),
            version: 1,
        }
    }

    /// Read the definition again if a file of it changed.
    fn follow_file(&mut self) {
        if !self.last.changed() {
            return;
        }
        self.last = Definition::load(&self.path);
        self.version += 1;
        if let Some(rules) = self.last.rules.take() {
            self.rules = Some(rules);
            self.searcher = None;
            self.message = "the definition changed: the game was replayed on the new rules".into();
            self.replay_kept();
        }
    }

    /// After new rules: keep the moves that are still legal from a start that still reads.
    fn replay_kept(&mut self) {
        let Some(rules) = &self.rules else { return };
        if self
            .start_fen
            .as_deref()
            .is_some_and(|f| Position::from_fen(rules, f).is_err())
        {
            self.start_fen = None;
        }
        let mut game = self.start_game(rules);
        let mut kept = 0;
        for text in &self.played {
            if game.play_text(text).is_err() {
                break;
            }
            kept += 1;
        }
        if kept < self.played.len() {
            self.message = format!(
                "the definition changed: {} of {} moves are still legal and were kept",
                kept,
                self.played.len()
            );
            self.played.truncate(kept);
            self.undone.clear();
        }
    }

    fn start_game<'r>(&self, rules: &'r Ruleset) -> Game<'r> {
        start_game(rules, self.start_fen.as_deref(), self.options.seed)
    }

    /// The game as it stands: the start and every move played.
    fn game<'r>(&self, rules: &'r Ruleset) -> Game<'r> {
        replayed(
            rules,
            self.start_fen.as_deref(),
            self.options.seed,
            &self.played,
        )
    }

    fn state(&self) -> State {
        let (name, svg, fen, side, legal, result) = match &self.rules {
            Some(rules) => {
                let game = self.game(rules);
                let pos = game.position();
                let legal = game.legal_moves();
                (
                    rules.definition.name.clone(),
                    svg::draw(pos, legal, None),
                    pos.fen(),
                    side_word(pos.side_to_move()),
                    legal
                        .iter()
                        .map(|m| referee::Played::new(pos, *m, legal))
                        .collect(),
                    game.result().map(|r| r.to_string()),
                )
            }
            None => Default::default(),
        };
        State {
            version: self.version,
            name,
            file: self.path.clone(),
            svg,
            fen,
            side,
            legal: if result.is_some() { Vec::new() } else { legal },
            record: self.played.clone(),
            result,
            can_undo: !self.played.is_empty(),
            can_redo: !self.undone.is_empty(),
            engine: self.engine.map(side_word),
            errors: self.last.errors.clone(),
            report: self.last.report.clone(),
            message: self.message.clone(),
        }
    }

    /// Play a move given in any notation the referee reads; then the engine, if it
    /// is its side's turn (the job it returns).
    fn play(&mut self, text: &str) -> Option<EngineJob> {
        let rules = self.rules.clone()?;
        let mut game = self.game(&rules);
        self.version += 1;
        match game.play_text(text.trim()) {
            Ok(_) => {
                let done = game.played().last().map(|p| p.notation.clone());
                self.played
                    .push(done.unwrap_or_else(|| text.trim().to_string()));
                self.undone.clear();
                self.message.clear();
                self.engine_turn()
            }
            Err(r) => {
                self.message = format!("`{}`: {}", text.trim(), r.message);
                None
            }
        }
    }

    /// The engine's job if it is its side's turn.
    fn engine_turn(&mut self) -> Option<EngineJob> {
        let side = self.engine?;
        self.engine_job(Some(side))
    }

    /// A search for the side to move (only for `side`, if given) while the game goes
    /// on, to run without the lock: the board stays readable while the engine thinks.
    fn engine_job(&mut self, side: Option<Side>) -> Option<EngineJob> {
        let rules = self.rules.clone()?;
        let game = self.game(&rules);
        let to_move = game.position().side_to_move();
        if self.thinking || game.result().is_some() || side.is_some_and(|s| s != to_move) {
            return None;
        }
        let searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(&rules, 16));
        self.thinking = true;
        Some(EngineJob {
            rules,
            version: self.version,
            searcher,
            movetime: self.options.movetime.max(1),
            played: self.played.clone(),
            start_fen: self.start_fen.clone(),
            seed: self.options.seed,
        })
    }

    /// Play the engine's move if the game is still the one it searched.
    fn engine_done(&mut self, job: EngineJob, best: Option<String>) {
        self.thinking = false;
        // a searcher made for other rules is not kept
        if self
            .rules
            .as_ref()
            .is_some_and(|r| Arc::ptr_eq(r, &job.rules))
        {
            self.searcher = Some(job.searcher);
        }
        let same = job.version == self.version
            && job.played == self.played
            && job.start_fen == self.start_fen;
        if let (true, Some(text)) = (same, best) {
            self.played.push(text);
            self.undone.clear();
        }
        self.version += 1;
    }

    fn undo(&mut self) -> Option<EngineJob> {
        if let Some(m) = self.played.pop() {
            self.undone.push(m);
        }
        self.message.clear();
        self.version += 1;
        None
    }

    fn redo(&mut self) -> Option<EngineJob> {
        if let Some(m) = self.undone.pop() {
            self.played.push(m);
        }
        self.message.clear();
        self.version += 1;
        None
    }

    fn set_fen(&mut self, fen: &str) -> Option<EngineJob> {
        let rules = self.rules.clone()?;
        let fen = fen.trim();
        if fen.is_empty() {
            self.start_fen = None;
        } else {
            match Position::from_fen(&rules, fen) {
                Ok(_) => self.start_fen = Some(fen.to_string()),
                Err(e) => {
                    self.message = format!("FEN: {}", e.message);
                    self.version += 1;
                    return None;
                }
            }
        }
        self.played.clear();
        self.undone.clear();
        self.message.clear();
        self.version += 1;
        self.engine_turn()
    }

    fn set_engine(&mut self, side: &str) -> Option<EngineJob> {
        self.engine = match side.trim() {
            "white" => Some(Side::White),
            "black" => Some(Side::Black),
            _ => None,
        };
        self.version += 1;
        self.engine_turn()
    }

    /// Act on a request: the answer now, or an engine job to run before answering.
    fn act(&mut self, request: &Request) -> Result<Option<EngineJob>, Response> {
        match (request.method.as_str(), request.path.as_str()) {
            ("GET", "/") => Err(Response {
                status: 200,
                kind: "text/html; charset=utf-8",
                body: PAGE.to_string(),
            }),
            ("GET", "/state") => {
                self.follow_file();
                Ok(None)
            }
            ("POST", action) => {
                self.follow_file();
                let body = request.body.as_str();
                Ok(match action {
                    "/move" => self.play(body),
                    "/undo" => self.undo(),
                    "/redo" => self.redo(),
                    "/fen" => self.set_fen(body),
                    "/engine" => self.engine_job(None),
                    "/engine-side" => self.set_engine(body),
                    _ => return Err(Response::text(404, format!("no action {action}\n"))),
                })
            }
            (_, path) => Err(Response::text(404, format!("nothing at {path}\n"))),
        }
    }

    fn state_response(&self) -> Response {
        Response {
            status: 200,
            kind: "application/json",
            body: self.to_json(),
        }
    }

    fn to_json(&self) -> String {
        serde_json::to_string(&self.state()).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }
}

/// A search that runs while the board is unlocked.
struct EngineJob {
    rules: Arc<Ruleset>,
    version: u64,
    searcher: Searcher,
    movetime: u64,
    played: Vec<String>,
    start_fen: Option<String>,
    seed: u64,
}

impl EngineJob {
    /// The move the engine chooses, in the referee's notation.
    fn run(&mut self) -> Option<String> {
        let game = replayed(
            &self.rules,
            self.start_fen.as_deref(),
            self.seed,
            &self.played,
        );
        let limits = Limits {
            movetime: Some(std::time::Duration::from_millis(self.movetime)),
            ..Default::default()
        };
        let best = referee::ai::search(&mut self.searcher, &game, &limits, &mut |_| {})
            .and_then(|f| f.best)?;
        Some(game.notation(&best))
    }
}

fn start_game<'r>(rules: &'r Ruleset, fen: Option<&str>, seed: u64) -> Game<'r> {
    let start = fen
        .and_then(|f| Position::from_fen(rules, f).ok())
        .unwrap_or_else(|| Position::start_seeded(rules, seed));
    Game::new(start)
}

/// A game replayed from its start and its moves.
fn replayed<'r>(rules: &'r Ruleset, fen: Option<&str>, seed: u64, played: &[String]) -> Game<'r> {
    let mut game = start_game(rules, fen, seed);
    for text in played {
        // every move was legal when played on these rules
        let _ = game.play_text(text);
    }
    game
}

/// Answer one request; an engine job runs with the board unlocked.
fn answer(board: &Mutex<Board>, request: Request) -> Response {
    let lock = || {
        board
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    };
    let job = match lock().act(&request) {
        Ok(job) => job,
        Err(response) => return response,
    };
    if let Some(mut job) = job {
        let best = job.run();
        lock().engine_done(job, best);
    }
    lock().state_response()
}

/// Serve the page until the process is ended. Prints the address it listens on.
pub fn run(path: &str, options: Options) -> Result<(), String> {
    let address = format!("{}:{}", options.host, options.port);
    let listener = std::net::TcpListener::bind(&address)
        .map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let shown = listener
        .local_addr()
        .map_or(address.clone(), |a| a.to_string());
    let host = options.host.clone();
    let board = Board::new(path, options);
    if board.rules.is_none() {
        errout!("{}", board.last.report);
        errln!("{path} has errors: the page shows them until the file is fixed");
    }
    outln!("vdl serve: http://{shown}/ shows {path} (Ctrl-C ends it)");
    let board = Mutex::new(board);
    http::serve(
        listener,
        &host,
        Arc::new(move |request| answer(&board, request)),
    );
    Ok(())
}
