//! `vdl xboard`: the XBoard / WinBoard protocol (CECP version 2) for any
//! definition. Orthodox chess is offered as `normal`, other definitions under
//! their file names, announced to the GUI with a `setup` command (board size,
//! piece letters, start position) when the GUI does not know them.

use crate::protocols::session::{
    line_text, read_line, say, search_depth, set_position, too_long, Input, Running, Variant,
};
use std::collections::HashMap;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;
use vdl::model::Side;
use vdl::referee::{long_algebraic, Game};
use vdl::search::{Clock, Found, Info, Limits, Score, Searcher};
use vdl::Cell;
use vdl::{Position, Ruleset};

const HASH_MB: usize = 64;

/// The name XBoard knows a definition by.
fn xboard_name(v: &Variant) -> &str {
    if v.name == "chess" {
        "normal"
    } else {
        &v.name
    }
}

/// XBoard's thinking output: `depth score centiseconds nodes pv`; a mate in n
/// scores 100000 + n.
fn thinking_line(pos: &Position, info: &Info) -> String {
    let score = match info.score {
        Score::Centipawns(v) => v,
        Score::Mate(n) if n > 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    };
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.time.as_millis() / 10,
        info.nodes,
        line_text(pos, &info.pv).join(" ")
    )
}

/// `setup (PNBRQK...pnbrqk...) 8x8+0_fairy FEN`, for a GUI that does not know the
/// variant; `None` where labels are longer than one letter (XBoard's are one).
fn setup_command(rules: &Ruleset) -> Option<String> {
    // XBoard's piece types, in the order its piece-to-char table lists them.
    const ORDER: &str = "PNBRQFEACWMOHIJGDVLSUK";
    let pieces = &rules.definition.pieces;
    if pieces.iter().any(|p| p.label.len() != 1) || pieces.len() > ORDER.len() {
        return None;
    }
    let mut table: Vec<char> = vec!['.'; ORDER.len()];
    let mut free: Vec<usize> = (1..ORDER.len() - 1).rev().collect();
    for (k, p) in pieces.iter().enumerate() {
        let letter = p.label.chars().next()?;
        let slot = if rules.royal[k] && table[ORDER.len() - 1] == '.' {
            ORDER.len() - 1
        } else if letter == 'P' && table[0] == '.' {
            0
        } else {
            let preferred = ORDER
                .find(letter)
                .filter(|&i| table[i] == '.' && i != 0 && i != ORDER.len() - 1);
            match preferred {
                Some(i) => {
                    free.retain(|&f| f != i);
                    i
                }
                None => free.pop()?,
            }
        };
        table[slot] = letter;
    }
    let white: String = table.iter().collect();
    let board = &rules.definition.board;
    Some(format!(
        "setup ({white}{}) {}x{}+0_fairy {}",
        white.to_ascii_lowercase(),
        board.width(),
        board.height(),
        Position::start(rules).fen()
    ))
}

/// `piece N& N` for each piece whose moves Betza says exactly, after `setup`: the
/// GUI then knows the fairy pieces' moves. A piece Betza cannot describe (one that
/// captures otherwise than by replacement, freezes, swaps or stands on two cells)
/// gets none; the book says to turn the GUI's legality test off for those.
fn piece_commands(rules: &Ruleset) -> Vec<String> {
    let tiling = rules.definition.board.tiling;
    rules
        .definition
        .pieces
        .iter()
        .filter_map(|p| {
            let moves = vdl::betza_of(p, tiling, true)?;
            Some(format!("piece {}& {moves}", p.label))
        })
        .collect()
}

/// `highlight FEN` for `lift CELL`: each cell the lifted piece may move to, red for
/// a move that captures (in any mode) or converts, magenta for a promotion,
/// yellow for any other move.
fn highlight(game: &Game, cell: &str) -> String {
    let pos = game.position();
    let rules = pos.rules();
    let from = rules.cell_by_name(cell);
    let mut colour: HashMap<Cell, char> = HashMap::new();
    for m in game.legal_moves().iter().filter(|m| Some(m.from) == from) {
        let c = if m.promotion().is_some() {
            'M'
        } else if !m.captures().is_empty() || m.converted().is_some() {
            'R'
        } else {
            'Y'
        };
        let slot = colour.entry(m.to).or_insert(c);
        if *slot == 'Y' {
            *slot = c;
        }
    }
    let board = &rules.definition.board;
    let rows: Vec<String> = (0..board.height())
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..board.width() {
                let here = rules
                    .cell_at(vdl::model::Coord { file, rank })
                    .and_then(|c| colour.get(&c));
                match here {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(*c);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    format!("highlight {}", rows.join("/"))
}

/// The time controls the GUI set, and the engine's clock.
#[derive(Default)]
struct TimeControl {
    moves_per_session: u32,
    increment: Duration,
    per_move: Option<Duration>,
    depth: Option<u32>,
    clock: Duration,
}

impl TimeControl {
    fn limits(&self, game: &Game) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(t) = self.per_move {
            limits.movetime = Some(t);
        } else if !self.clock.is_zero() {
            let played = game.played().len() as u32 / 2;
            limits.clock = Some(Clock {
                remaining: self.clock,
                increment: self.increment,
                moves_to_go: (self.moves_per_session > 0)
                    .then(|| self.moves_per_session - played % self.moves_per_session),
            });
        } else if self.depth.is_none() {
            limits.movetime = Some(Duration::from_secs(1));
        }
        limits
    }
}

/// `level MPS BASE INC`: BASE in minutes or `minutes:seconds`.
fn parse_level(words: &[&str], tc: &mut TimeControl) {
    tc.moves_per_session = words.first().and_then(|w| w.parse().ok()).unwrap_or(0);
    tc.per_move = None;
    let base = words.get(1).copied().unwrap_or("0");
    let (min, sec) = base.split_once(':').unwrap_or((base, "0"));
    let seconds = min.parse::<f64>().unwrap_or(0.0) * 60.0 + sec.parse::<f64>().unwrap_or(0.0);
    tc.clock = seconds_given(seconds);
    let inc = words
        .get(2)
        .and_then(|w| w.parse::<f64>().ok())
        .unwrap_or(0.0);
    tc.increment = seconds_given(inc);
}

/// The longest time a GUI's number is taken for: a year (`inf` and `1e20` too).
const LONGEST: Duration = Duration::from_secs(365 * 24 * 3600);

/// A number of seconds a GUI sent, as a time: none below zero or for `nan`, at
/// most [`LONGEST`].
fn seconds_given(seconds: f64) -> Duration {
    if seconds.is_nan() || seconds <= 0.0 {
        return Duration::ZERO;
    }
    Duration::try_from_secs_f64(seconds).map_or(LONGEST, |d| d.min(LONGEST))
}

/// The line XBoard expects when a game has ended: `1-0 {White mates}`.
fn result_line(game: &Game) -> Option<String> {
    game.result()
        .map(|r| format!("{} {{{}}}", r.score(), r.description))
}

struct Engine<'r> {
    variants: &'r [Variant],
    current: usize,
    game: Game<'r>,
    /// The side the engine plays, or `None` in force mode.
    plays: Option<Side>,
    post: bool,
    tc: TimeControl,
}

impl<'r> Engine<'r> {
    fn rules(&self) -> &'r Ruleset {
        &self.variants[self.current].rules
    }

    fn features(&self) {
        let names: Vec<&str> = self.variants.iter().map(xboard_name).collect();
        say("feature done=0");
        say(&format!(
            "feature myname=\"vdl {}\" variants=\"{}\" setboard=1 usermove=1 ping=1 time=1 \
             sigint=0 sigterm=0 colors=0 reuse=1 analyze=0 san=0 draw=0 debug=1 \
             highlight=1",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        say("feature done=1");
    }

    /// `new`: the first definition (orthodox chess, if offered first) from its start;
    /// a `variant` command may follow.
    fn new_game(&mut self) {
        self.current = 0;
        self.game = Game::new(Position::start(self.rules()));
        self.plays = Some(Side::Black);
        self.tc.depth = None;
    }

    /// A move of the engine's, found by a search that has ended.
    fn engine_moved(&mut self, found: &Found) {
        let Some(m) = found.best else { return };
        let pos = self.game.position();
        let text = long_algebraic::print(pos, &m, self.game.legal_moves());
        self.game.play(m);
        say(&format!("move {text}"));
        if let Some(r) = result_line(&self.game) {
            say(&r);
        }
    }

    fn user_move(&mut self, text: &str) {
        let legal = self.game.legal_moves();
        let m = long_algebraic::read(self.game.position(), legal, text);
        let played = match m {
            Some(m) => {
                self.game.play(m);
                Ok(())
            }
            // A GUI may go on past a draw the rules make automatic but it
            // treats as claimable (threefold repetition): only notation errors stop it.
            None if self.game.result().is_some() => Err(format!("no legal move reads `{text}`")),
            None => self.game.play_text(text).map(|_| ()).map_err(|r| r.message),
        };
        match played {
            Ok(()) => {
                if let Some(r) = result_line(&self.game) {
                    say(&r);
                }
            }
            Err(why) => say(&format!("Illegal move ({why}): {text}")),
        }
    }

    /// Whether the engine should think: its side is to move and has a move (a
    /// game the rules have ended is still played on if the GUI asks for a move).
    fn engine_to_move(&self) -> bool {
        self.plays == Some(self.game.position().side_to_move())
            && !self.game.legal_moves().is_empty()
    }
}

/// Speak XBoard's protocol on standard input and output until `quit`.
pub fn run(variants: &[Variant]) {
    let rx = read_input();
    std::thread::scope(|scope| {
        let mut engine = Engine {
            variants,
            current: 0,
            game: Game::new(Position::start(&variants[0].rules)),
            plays: Some(Side::Black),
            post: false,
            tc: TimeControl::default(),
        };
        let mut searcher = Some(Searcher::new(&variants[0].rules, HASH_MB));
        let mut running: Option<Running> = None;
        loop {
            if running.as_ref().is_some_and(|r| r.is_finished()) {
                if let Some((s, found)) = running.take().and_then(Running::wait) {
                    searcher = Some(s);
                    engine.engine_moved(&found);
                }
            }
            let line = match rx.recv_timeout(Duration::from_millis(5)) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&command) = words.first() else {
                continue;
            };
            if engine.aside(command, &words) {
                continue;
            }
            // Any other command ends a search in progress; its move is played
            // unless the command takes the game elsewhere.
            if let Some(r) = running.take() {
                if let Some((s, found)) = r.stop() {
                    searcher = Some(s);
                    if command == "?" {
                        engine.engine_moved(&found);
                    }
                }
            }
            if !engine.command(command, &words, &mut searcher) {
                break;
            }
            if running.is_none() && engine.engine_to_move() {
                let Some(s) = searcher.take() else { continue };
                let post = engine.post;
                running = Some(Running::start(
                    scope,
                    s,
                    &engine.game,
                    engine.tc.limits(&engine.game),
                    move |pos, info| {
                        if post {
                            say(&thinking_line(pos, info));
                        }
                    },
                    |_, _| {},
                ));
            }
        }
        if let Some(r) = running.take() {
            r.stop();
        }
    });
}

/// Standard input, line by line, read on its own thread, so that a finished search
/// is answered at once; a line too long is answered with an error and dropped.
fn read_input() -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::sync_channel::<String>(64);
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        loop {
            let line = match read_line(&mut input) {
                Input::Line(line) => line,
                Input::TooLong(length) => {
                    say(&format!("Error (line too long): {}", too_long(length)));
                    continue;
                }
                Input::End => break,
            };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

impl Engine<'_> {
    /// The commands that leave a search running: pings, clocks, options and the
    /// board's hints. Whether `command` is one of them.
    fn aside(&mut self, command: &str, words: &[&str]) -> bool {
        match command {
            "ping" => say(&format!("pong {}", words.get(1).unwrap_or(&""))),
            "lift" => say(&highlight(&self.game, words.get(1).unwrap_or(&""))),
            "time" => {
                let cs: u64 = words.get(1).and_then(|w| w.parse().ok()).unwrap_or(0);
                self.tc.clock = Duration::from_millis(cs.saturating_mul(10)).min(LONGEST);
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "otim" | "hard" | "easy" | "computer" | "name" | "rating" | "accepted" | "rejected"
            | "random" | "cores" | "memory" | "put" | "hover" => {}
            _ => return false,
        }
        true
    }

    /// A command that changes the game or the engine's part in it; false on `quit`.
    fn command(&mut self, command: &str, words: &[&str], searcher: &mut Option<Searcher>) -> bool {
        match command {
            "xboard" | "?" | "draw" | "white" | "black" => {}
            "result" => self.plays = None,
            "protover" => self.features(),
            "quit" => return false,
            "new" => {
                self.new_game();
                *searcher = Some(Searcher::new(self.rules(), HASH_MB));
            }
            "variant" => self.choose_variant(words.get(1).copied().unwrap_or(""), searcher),
            "force" => self.plays = None,
            "go" => self.plays = Some(self.game.position().side_to_move()),
            "playother" => self.plays = Some(self.game.position().side_to_move().opponent()),
            "usermove" => self.user_move(words.get(1).copied().unwrap_or("")),
            "setboard" => match set_position(self.rules(), Some(&words[1..].join(" ")), &[]) {
                Ok(g) => self.game = g,
                Err(e) => say(&format!("tellusererror Illegal position: {e}")),
            },
            "undo" => {
                self.game.undo();
            }
            "remove" => {
                self.game.undo();
                self.game.undo();
            }
            "level" => parse_level(&words[1..], &mut self.tc),
            "st" => {
                let s: f64 = words.get(1).and_then(|w| w.parse().ok()).unwrap_or(1.0);
                self.tc.per_move = Some(seconds_given(s).max(Duration::from_millis(10)));
            }
            "sd" => {
                self.tc.depth = (words.get(1))
                    .and_then(|w| w.parse::<u64>().ok())
                    .map(search_depth)
            }
            other => say(&format!("Error (unknown command): {other}")),
        }
        true
    }

    /// `variant NAME`: a new game of that variant; a variant other than chess
    /// describes its board and pieces to the GUI.
    fn choose_variant(&mut self, name: &str, searcher: &mut Option<Searcher>) {
        let Some(i) = (self.variants.iter()).position(|v| xboard_name(v) == name) else {
            say(&format!("Error (unknown variant): {name}"));
            return;
        };
        self.current = i;
        self.game = Game::new(Position::start(self.rules()));
        *searcher = Some(Searcher::new(self.rules(), HASH_MB));
        if xboard_name(&self.variants[i]) != "normal" {
            if let Some(setup) = setup_command(self.rules()) {
                say(&setup);
                for piece in piece_commands(self.rules()) {
                    say(&piece);
                }
            }
        }
    }
}
