//! `vdl serve FILE`: a local web page that draws the definition's board, shows a
//! piece's legal moves, plays moves, undoes and redoes them, plays the engine, and
//! follows the file as it is edited: a valid file shows the new rules at once, a
//! file with errors shows its diagnostics and keeps the last good board.
//!
//! The server keeps the game as text (a start and the moves played, in the
//! referee's notation) and replays it on every request, so that the rules can be
//! replaced under it; the page polls `/state` and redraws when its version changes.

use crate::{diagnostic_json, render_plain, svg, DiagnosticJson};
use std::io::Read;
use std::path::Path;
use vdl::model::Side;
use vdl::referee::{self, Game};
use vdl::search::{Limits, Searcher};
use vdl::{Position, Ruleset};

/// The page, its script and style: everything it needs is in the binary.
const PAGE: &str = include_str!("serve/page.html");

/// The largest request body read (a FEN or a move is far shorter).
const MAX_BODY: u64 = 64 * 1024;

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
    rules: Option<Ruleset>,
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
        let errors: Vec<_> = loaded.diagnostics.iter().filter(|d| d.is_error()).collect();
        Definition {
            read: loaded
                .sources
                .files()
                .iter()
                .map(|f| (f.name.clone(), Some(f.text.clone())))
                .collect(),
            errors: errors
                .iter()
                .map(|d| diagnostic_json(&loaded.sources, d))
                .collect(),
            report: errors
                .iter()
                .map(|d| render_plain(&loaded.sources, d))
                .collect(),
            rules: loaded.ruleset,
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
    rules: Option<Ruleset>,
    /// The last read, which may have failed.
    last: Definition,
    /// The start: a FEN typed in, or the definition's setup.
    start_fen: Option<String>,
    played: Vec<String>,
    undone: Vec<String>,
    engine: Option<Side>,
    searcher: Option<Searcher>,
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
        let start = self
            .start_fen
            .as_deref()
            .and_then(|f| Position::from_fen(rules, f).ok())
            .unwrap_or_else(|| Position::start_seeded(rules, self.options.seed));
        Game::new(start)
    }

    /// The game as it stands: the start and every move played.
    fn game<'r>(&self, rules: &'r Ruleset) -> Game<'r> {
        let mut game = self.start_game(rules);
        for text in &self.played {
            // every move was legal when played on these rules
            let _ = game.play_text(text);
        }
        game
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

    /// Play a move given in any notation the referee reads; then the engine, if it is its turn.
    fn play(&mut self, text: &str) {
        let Some(rules) = &self.rules else { return };
        let mut game = self.game(rules);
        match game.play_text(text.trim()) {
            Ok(_) => {
                let done = game.played().last().map(|p| p.notation.clone());
                self.played
                    .push(done.unwrap_or_else(|| text.trim().to_string()));
                self.undone.clear();
                self.message.clear();
                self.engine_turn();
            }
            Err(r) => self.message = format!("`{}`: {}", text.trim(), r.message),
        }
        self.version += 1;
    }

    /// The engine plays if it is its side's turn.
    fn engine_turn(&mut self) {
        if let Some(side) = self.engine {
            self.engine_move(Some(side));
        }
    }

    /// The engine plays one move for the side to move (only for `side`, if given)
    /// while the game goes on.
    fn engine_move(&mut self, side: Option<Side>) {
        let Some(rules) = &self.rules else { return };
        let mut game = self.game(rules);
        let to_move = game.position().side_to_move();
        if game.result().is_some() || side.is_some_and(|s| s != to_move) {
            return;
        }
        let searcher = self
            .searcher
            .get_or_insert_with(|| Searcher::new(rules, 16));
        let limits = Limits {
            movetime: Some(std::time::Duration::from_millis(
                self.options.movetime.max(1),
            )),
            ..Default::default()
        };
        let best = referee::ai::search(searcher, &game, &limits, &mut |_| {}).and_then(|f| f.best);
        if let Some(m) = best {
            let text = game.notation(&m);
            game.play(m);
            self.played.push(text);
            self.undone.clear();
        }
        self.version += 1;
    }

    fn undo(&mut self) {
        if let Some(m) = self.played.pop() {
            self.undone.push(m);
        }
        self.message.clear();
        self.version += 1;
    }

    fn redo(&mut self) {
        if let Some(m) = self.undone.pop() {
            self.played.push(m);
        }
        self.message.clear();
        self.version += 1;
    }

    fn set_fen(&mut self, fen: &str) {
        let Some(rules) = &self.rules else { return };
        let fen = fen.trim();
        if fen.is_empty() {
            self.start_fen = None;
        } else {
            match Position::from_fen(rules, fen) {
                Ok(_) => self.start_fen = Some(fen.to_string()),
                Err(e) => {
                    self.message = format!("FEN: {}", e.message);
                    self.version += 1;
                    return;
                }
            }
        }
        self.played.clear();
        self.undone.clear();
        self.message.clear();
        self.version += 1;
        self.engine_turn();
    }

    fn set_engine(&mut self, side: &str) {
        self.engine = match side.trim() {
            "white" => Some(Side::White),
            "black" => Some(Side::Black),
            _ => None,
        };
        self.version += 1;
        self.engine_turn();
    }

    /// Answer one request: the page, the state, or an action (answered with the new state).
    fn answer(&mut self, method: &str, url: &str, body: &str) -> (u16, &'static str, String) {
        let json = "application/json";
        let path = url.split('?').next().unwrap_or(url);
        match (method, path) {
            ("GET", "/") => (200, "text/html; charset=utf-8", PAGE.to_string()),
            ("GET", "/state") => {
                self.follow_file();
                (200, json, self.to_json())
            }
            ("POST", action) => {
                self.follow_file();
                match action {
                    "/move" => self.play(body),
                    "/undo" => self.undo(),
                    "/redo" => self.redo(),
                    "/fen" => self.set_fen(body),
                    "/engine" => self.engine_move(None),
                    "/engine-side" => self.set_engine(body),
                    _ => return (404, "text/plain", format!("no action {action}\n")),
                }
                (200, json, self.to_json())
            }
            _ => (404, "text/plain", format!("nothing at {path}\n")),
        }
    }

    fn to_json(&self) -> String {
        serde_json::to_string(&self.state()).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }
}

/// Serve the page until the process is ended. Prints the address it listens on.
pub fn run(path: &str, options: Options) -> Result<(), String> {
    let address = format!("{}:{}", options.host, options.port);
    let server = tiny_http::Server::http(&address)
        .map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let shown = server
        .server_addr()
        .to_ip()
        .map_or(address.clone(), |a| a.to_string());
    let mut board = Board::new(path, options);
    if board.rules.is_none() {
        eprint!("{}", board.last.report);
        eprintln!("{path} has errors: the page shows them until the file is fixed");
    }
    outln!("vdl serve: http://{shown}/ shows {path} (Ctrl-C ends it)");
    for mut request in server.incoming_requests() {
        let mut body = String::new();
        let read = request.as_reader().take(MAX_BODY).read_to_string(&mut body);
        let (status, kind, text) = match read {
            Ok(_) => board.answer(request.method().as_str(), request.url(), &body),
            Err(e) => (400, "text/plain", format!("cannot read the request: {e}\n")),
        };
        let header = tiny_http::Header::from_bytes("Content-Type", kind)
            .map_err(|()| "bad content type".to_string())?;
        let response = tiny_http::Response::from_string(text)
            .with_status_code(status)
            .with_header(header);
        // a page closed mid-answer is no reason to stop serving
        let _ = request.respond(response);
    }
    Ok(())
}
