//! `vdl uci`: the Universal Chess Interface for any definition. Moves are in the
//! engine notation (`e2e4`, `e7e8q`, `d4d7,@-d5`: see `long_algebraic`); a GUI
//! picks among several definitions with the `UCI_Variant` option.

use crate::protocols::session::{
    line_text, read_line, say, search_depth, set_position, too_long, Input, Running, Variant,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use vdl::referee::{long_algebraic, Game};
use vdl::search::{Clock, Found, Info, Limits, Score, Searcher};
use vdl::Position;
use vdl::MAX_PERFT_DEPTH;

const DEFAULT_HASH_MB: usize = 64;

/// `score cp 31` or `score mate -2`.
fn score_text(score: Score) -> String {
    match score {
        Score::Centipawns(v) => format!("score cp {v}"),
        Score::Mate(n) => format!("score mate {n}"),
    }
}

fn info_line(pos: &Position, info: &Info) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv 1 {} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth.max(info.depth),
        score_text(info.score),
        info.nodes,
        info.nodes_per_second(),
        info.hashfull,
        info.time.as_millis()
    );
    let pv = line_text(pos, &info.pv);
    if !pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&pv.join(" "));
    }
    s
}

fn bestmove_line(pos: &Position, found: &Found) -> String {
    let Some(best) = found.best else {
        return "bestmove (none)".into();
    };
    let line: Vec<_> = [Some(best), found.ponder].into_iter().flatten().collect();
    let texts = line_text(pos, &line);
    match texts.as_slice() {
        [m, p] => format!("bestmove {m} ponder {p}"),
        [m] => format!("bestmove {m}"),
        _ => "bestmove (none)".into(),
    }
}

/// The limits of a `go` command, or the depth of `go perft N`.
enum Go {
    Search(Limits),
    Perft(u64),
}

fn parse_go(words: &[&str], white_to_move: bool) -> Go {
    let mut limits = Limits::default();
    let mut clock = [Clock::default(), Clock::default()];
    let mut timed = false;
    // a number past any bound (`2147483648`, `1e30`) is the longest time
    let ms = |v: Option<&&str>| {
        let given = v.map(|t| t.parse::<i64>().map_err(|e| *e.kind()));
        match given {
            Some(Ok(n)) => Duration::from_millis(n.max(0) as u64),
            Some(Err(std::num::IntErrorKind::PosOverflow)) => {
                Duration::from_millis(i64::MAX as u64)
            }
            _ => Duration::ZERO,
        }
    };
    let mut i = 0;
    while i < words.len() {
        let next = words.get(i + 1);
        let number = next.and_then(|t| match t.parse::<u64>() {
            Ok(n) => Some(n),
            Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Some(u64::MAX),
            Err(_) => None,
        });
        match words[i] {
            "perft" => return Go::Perft(number.unwrap_or(1)),
            "depth" => limits.depth = number.map(search_depth),
            "mate" => limits.depth = number.map(|n| search_depth(n.saturating_mul(2))),
            "nodes" => limits.nodes = number,
            "movetime" => limits.movetime = Some(ms(next)),
            "wtime" => (clock[0].remaining, timed) = (ms(next), true),
            "btime" => (clock[1].remaining, timed) = (ms(next), true),
            "winc" => clock[0].increment = ms(next),
            "binc" => clock[1].increment = ms(next),
            "movestogo" => {
                let n = number.map(|n| n as u32);
                clock[0].moves_to_go = n;
                clock[1].moves_to_go = n;
            }
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    if timed {
        limits.clock = Some(clock[usize::from(!white_to_move)]);
    }
    Go::Search(limits)
}

/// `position startpos moves e2e4` or `position fen FEN moves ...`.
fn parse_position<'r>(variant: &'r Variant, words: &[&str]) -> Result<Game<'r>, String> {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let moves: Vec<&str> = words.get(moves_at + 1..).unwrap_or_default().to_vec();
    let fen = match words.first() {
        Some(&"startpos") | None => None,
        Some(&"fen") => Some(words[1..moves_at].join(" ")),
        Some(other) => return Err(format!("`position {other}`: expected `startpos` or `fen`")),
    };
    set_position(&variant.rules, fen.as_deref(), &moves)
}

/// `go perft N`: a count per root move, then the total, on its own thread so that
/// `stop` and `quit` are heard.
struct Counting<'scope> {
    stop: Arc<AtomicBool>,
    handle: std::thread::ScopedJoinHandle<'scope, ()>,
}

impl<'scope> Counting<'scope> {
    fn start<'env, 'r: 'scope>(
        scope: &'scope std::thread::Scope<'scope, 'env>,
        game: &Game<'r>,
        depth: u32,
    ) -> Counting<'scope> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let mut pos = game.position().clone();
        let handle = scope.spawn(move || {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            let texts = long_algebraic::print_all(&pos, &legal);
            let mut total = 0;
            for (m, text) in legal.iter().zip(&texts) {
                pos.make(*m);
                let n = pos.perft_until(depth.saturating_sub(1), &flag);
                pos.unmake();
                let Some(n) = n else {
                    say("info string perft stopped");
                    return;
                };
                say(&format!("{text}: {n}"));
                total += n;
            }
            say("");
            say(&format!("Nodes searched: {total}"));
        });
        Counting { stop, handle }
    }

    fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.handle.join();
    }

    fn wait(self) {
        let _ = self.handle.join();
    }
}

fn announce(variants: &[Variant]) {
    say(&format!("id name vdl {}", env!("CARGO_PKG_VERSION")));
    say("id author the vdl authors");
    say(&format!(
        "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 4096"
    ));
    let names: Vec<&str> = variants.iter().map(|v| v.name.as_str()).collect();
    say(&format!(
        "option name UCI_Variant type combo default {} var {}",
        names[0],
        names.join(" var ")
    ));
    // A GUI plays Chess960 only with an engine that has this option; the castling
    // text (the king taking its rook) follows from the definition, so it changes
    // nothing.
    let free_castling = |v: &Variant| v.rules.definition.castling.iter().any(|c| c.is_free());
    if variants.iter().any(free_castling) {
        say("option name UCI_Chess960 type check default false");
    }
    say("uciok");
}

/// Speak UCI on standard input and output until `quit` or the end of input.
/// What the session keeps between commands: the variant, the hash size, the game
/// and the searcher (away while it searches).
struct Session<'v> {
    variants: &'v [Variant],
    current: usize,
    hash_mb: usize,
    game: Game<'v>,
    searcher: Option<Searcher>,
}

impl<'v> Session<'v> {
    fn new(variants: &'v [Variant]) -> Session<'v> {
        Session {
            variants,
            current: 0,
            hash_mb: DEFAULT_HASH_MB,
            game: Game::new(Position::start(&variants[0].rules)),
            searcher: Some(Searcher::new(&variants[0].rules, DEFAULT_HASH_MB)),
        }
    }

    fn searcher(&mut self) -> &mut Searcher {
        let (rules, hash_mb) = (&self.variants[self.current].rules, self.hash_mb);
        self.searcher
            .get_or_insert_with(|| Searcher::new(rules, hash_mb))
    }

    /// `setoption name NAME value VALUE`: the hash size, the variant.
    fn set_option(&mut self, line: &str) {
        let text = line.trim_start_matches("setoption").trim();
        let (name, value) = text
            .strip_prefix("name ")
            .unwrap_or(text)
            .split_once(" value ")
            .unwrap_or((text, ""));
        match name.trim().to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mb = value.trim().parse().unwrap_or(self.hash_mb).clamp(1, 4096);
                let hash_mb = self.hash_mb;
                self.searcher().resize(hash_mb);
            }
            "uci_variant" => match self.variants.iter().position(|v| v.name == value.trim()) {
                Some(i) => {
                    self.current = i;
                    self.game = Game::new(Position::start(&self.variants[i].rules));
                    self.searcher = Some(Searcher::new(&self.variants[i].rules, self.hash_mb));
                }
                None => say(&format!("info string no variant `{}`", value.trim())),
            },
            "uci_chess960" => {}
            other => say(&format!("info string no option `{other}`")),
        }
    }
}

/// Before a command: `stop` and `quit` end a search or count in progress; other
/// commands wait for it to end by its own limits (or end it, if it has none). The
/// searcher back from a search that ended, if one did.
fn settle(
    command: &str,
    counting: &mut Option<Counting>,
    running: &mut Option<Running>,
) -> Option<Option<Searcher>> {
    let now = matches!(command, "stop" | "quit");
    if command != "isready" {
        if let Some(c) = counting.take() {
            if now {
                c.stop();
            } else {
                c.wait();
            }
        }
    }
    if matches!(command, "isready" | "ponderhit") {
        return None;
    }
    let r = running.take()?;
    let back = if now || r.unlimited {
        r.stop()
    } else {
        r.wait()
    };
    Some(back.map(|(s, _)| s))
}

pub fn run(variants: &[Variant]) {
    let mut session = Session::new(variants);
    let stdin = std::io::stdin();
    std::thread::scope(|scope| {
        let mut running: Option<Running> = None;
        let mut counting: Option<Counting> = None;
        let mut input = stdin.lock();
        loop {
            let line = match read_line(&mut input) {
                Input::Line(line) => line,
                Input::TooLong(length) => {
                    say(&format!("info string {}", too_long(length)));
                    continue;
                }
                Input::End => break,
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&command) = words.first() else {
                continue;
            };
            if let Some(back) = settle(command, &mut counting, &mut running) {
                session.searcher = back;
            }
            match command {
                "uci" => announce(variants),
                "isready" => say("readyok"),
                "quit" => break,
                "stop" | "ponderhit" => {}
                "ucinewgame" => session.searcher().clear(),
                "setoption" => session.set_option(&line),
                "position" => match parse_position(&variants[session.current], &words[1..]) {
                    Ok(g) => session.game = g,
                    Err(e) => say(&format!("info string {e}")),
                },
                "d" => say(&format!(
                    "info string fen {}",
                    session.game.position().fen()
                )),
                "go" => {
                    let game = &session.game;
                    match parse_go(&words[1..], game.position().side_to_move().index() == 0) {
                        Go::Perft(depth) if depth > u64::from(MAX_PERFT_DEPTH) => say(&format!(
                            "info string a perft depth is at most {MAX_PERFT_DEPTH} plies, not {depth}"
                        )),
                        Go::Perft(depth) => {
                            counting = Some(Counting::start(scope, game, depth.max(1) as u32))
                        }
                        Go::Search(limits) => {
                            session.searcher();
                            let Some(s) = session.searcher.take() else { continue };
                            running = Some(Running::start(
                                scope,
                                s,
                                &session.game,
                                limits,
                                |pos, info| say(&info_line(pos, info)),
                                |pos, found| say(&bestmove_line(pos, found)),
                            ));
                        }
                    }
                }
                other => say(&format!("info string unknown command `{other}`")),
            }
        }
        if let Some(r) = running.take() {
            r.stop();
        }
        // input ended during a count (a script piped in without `quit`): the count
        // is still wanted
        if let Some(c) = counting.take() {
            c.wait();
        }
    });
}
