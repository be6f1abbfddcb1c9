//! A UCI engine as a player of `vdl match`: started once per thread, told the game
//! as its start and the moves since, asked for a move within the match's limits.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use vdl::referee::matches::{Opening, Player};
use vdl::referee::{long_algebraic, Game};
use vdl::Move;
use vdl::Ruleset;

/// How long an engine may take to start and to answer `isready`.
const START: Duration = Duration::from_secs(20);
/// What a move may take beyond five times its time: starting a search, writing the answer.
const MOVE_GRACE: Duration = Duration::from_secs(5);
/// The longest line read from an engine; a longer one is cut.
const MAX_LINE: usize = 64 * 1024;

/// What the engine is asked to search for each move.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Go {
    Movetime(u64),
    Nodes(u64),
}

/// An option an engine is set to before it plays: `setoption name NAME value VALUE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EngineOption {
    pub(crate) name: String,
    pub(crate) value: String,
}

pub(crate) struct UciEngine {
    name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    go: Go,
}

impl UciEngine {
    /// Start `command` (words split at spaces), choose the variant (by the
    /// definition's name, one of its aliases, or `file_name`: vdl's own UCI offers
    /// a definition by its file's name without `.vdl`) and set `options`, each of
    /// which the engine must offer.
    pub(crate) fn start(
        command: &str,
        (rules, file_name): (&Ruleset, &str),
        options: &[EngineOption],
        go: Go,
    ) -> Result<UciEngine, String> {
        let words: Vec<&str> = command.split_whitespace().collect();
        let (program, args) = words.split_first().ok_or("the engine command is empty")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let (input, output) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(format!("cannot talk to `{command}`")),
        };
        // bounded: an engine that writes faster than it is read waits
        let (send, lines) = sync_channel(1024);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            let mut line = Vec::new();
            while read_line(&mut reader, &mut line) {
                if send
                    .send(String::from_utf8_lossy(&line).trim().to_string())
                    .is_err()
                {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            name: program.to_string(),
            child,
            input,
            lines,
            go,
        };
        engine.handshake(rules, file_name, options)?;
        Ok(engine)
    }

    /// `uci` until `uciok` (reading the name, the options and the variants), the
    /// variant, the options, `isready`.
    fn handshake(
        &mut self,
        rules: &Ruleset,
        file_name: &str,
        options: &[EngineOption],
    ) -> Result<(), String> {
        self.send("uci")?;
        let mut variants: Option<Vec<String>> = None;
        // per option asked for, whether the engine lists it (nothing of the list
        // is kept, however long it is)
        let mut offered = vec![false; options.len()];
        let deadline = Instant::now() + START;
        loop {
            let line = self.next_line(deadline)?;
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_string();
            } else if let Some(option) = line.strip_prefix("option name ") {
                if option.starts_with("UCI_Variant ") {
                    variants = Some(line.split(" var ").skip(1).map(str::to_string).collect());
                }
                let name = option.split(" type ").next().unwrap_or(option).trim();
                // option names are not case-sensitive in UCI
                for (o, seen) in options.iter().zip(offered.iter_mut()) {
                    *seen |= o.name.eq_ignore_ascii_case(name);
                }
            } else if line == "uciok" {
                break;
            }
        }
        self.choose_variant(rules, file_name, variants)?;
        for (o, seen) in options.iter().zip(offered) {
            if !seen {
                return Err(format!("{} has no option `{}`", self.name, o.name));
            }
            self.send(&format!("setoption name {} value {}", o.name, o.value))?;
        }
        self.ready()
    }

    /// Tell the engine the variant, unless it is chess (which needs no option).
    fn choose_variant(
        &mut self,
        rules: &Ruleset,
        file_name: &str,
        variants: Option<Vec<String>>,
    ) -> Result<(), String> {
        let d = &rules.definition;
        let names: Vec<String> = std::iter::once(d.name.to_lowercase())
            .chain(d.aliases.iter().map(|a| a.to_lowercase()))
            .chain(std::iter::once(file_name.to_lowercase()))
            .collect();
        if !names.iter().any(|n| n == "chess" || n == "standard") {
            let variants = variants.ok_or("the engine has no UCI_Variant option")?;
            let name = (names.iter())
                .find(|n| variants.iter().any(|v| v == *n))
                .ok_or_else(|| format!("the engine does not play {}", d.name))?;
            self.send(&format!("setoption name UCI_Variant value {name}"))?;
        }
        Ok(())
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        let deadline = Instant::now() + START;
        while self.next_line(deadline)? != "readyok" {}
        Ok(())
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{} stopped reading: {e}", self.name))
    }

    /// The engine's next line, if it comes before `deadline`: a stream of lines
    /// that never says what is waited for runs out of time too.
    fn next_line(&self, deadline: Instant) -> Result<String, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(format!("{} did not answer in time", self.name)),
            Err(RecvTimeoutError::Disconnected) => Err(format!("{} ended", self.name)),
        }
    }

    /// The longest a move may take: five times the time asked and five seconds,
    /// and a minute with a node limit.
    fn patience(&self) -> Duration {
        match self.go {
            Go::Movetime(ms) => Duration::from_millis(ms.saturating_mul(5)) + MOVE_GRACE,
            Go::Nodes(_) => Duration::from_secs(60),
        }
    }
}

/// What a mate found counts for, in centipawns, when an engine judges a position.
const MATE_CENTIPAWNS: i32 = 10_000;

impl UciEngine {
    /// The engine's score of the position `fen` for the side to move, in
    /// centipawns (a mate as ±[`MATE_CENTIPAWNS`]): the last exact score it
    /// reports in a search within its limits, from an empty table (so that the
    /// score does not depend on what it judged before).
    pub(crate) fn judge(&mut self, fen: &str) -> Result<i32, String> {
        self.send("ucinewgame")?;
        self.ready()?;
        self.send(&format!("position fen {fen}"))?;
        self.send(&self.go_command())?;
        let deadline = Instant::now() + self.patience();
        let mut score = None;
        loop {
            let line = self.next_line(deadline)?;
            if line.starts_with("info ") {
                score = reported_score(&line).or(score);
            } else if line.starts_with("bestmove") {
                return score.ok_or_else(|| format!("{} gave no score for {fen}", self.name));
            }
        }
    }

    fn go_command(&self) -> String {
        match self.go {
            Go::Movetime(ms) => format!("go movetime {ms}"),
            Go::Nodes(n) => format!("go nodes {n}"),
        }
    }
}

/// The exact score of an `info` line (`score cp 31`, `score mate -2`), if it
/// has one.
fn reported_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    if matches!(words.get(at + 3), Some(&"lowerbound" | &"upperbound")) {
        return None;
    }
    match *words.get(at + 1)? {
        "cp" => Some(value.clamp(-MATE_CENTIPAWNS, MATE_CENTIPAWNS)),
        "mate" if value > 0 => Some(MATE_CENTIPAWNS),
        "mate" => Some(-MATE_CENTIPAWNS),
        _ => None,
    }
}

/// One line into `line` (without its end), at most `MAX_LINE` bytes kept; false at
/// the end of the stream.
fn read_line<R: BufRead>(reader: &mut R, line: &mut Vec<u8>) -> bool {
    line.clear();
    let mut limited = Read::take(&mut *reader, MAX_LINE as u64);
    match limited.read_until(b'\n', line) {
        Ok(0) | Err(_) => false,
        Ok(_) => {
            if !line.ends_with(b"\n") {
                let mut rest = Vec::new();
                let _ = reader.read_until(b'\n', &mut rest);
            }
            true
        }
    }
}

/// The `position` command: `startpos` when the game began at the definition's
/// start, its FEN otherwise, and the moves since in long algebraic notation.
fn position_command(game: &Game) -> String {
    let Opening { fen, moves } = Opening::of_game(game);
    let base = vdl::Position::start(game.rules()).fen();
    let mut command = if fen == base {
        "position startpos".to_string()
    } else {
        format!("position fen {fen}")
    };
    if !moves.is_empty() {
        command.push_str(" moves ");
        command.push_str(&moves.join(" "));
    }
    command
}

impl Player for UciEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) {
        let _ = self.send("ucinewgame").and_then(|()| self.ready());
    }

    fn choose(&mut self, game: &Game) -> Result<Move, String> {
        self.send(&position_command(game))?;
        self.send(&self.go_command())?;
        let deadline = Instant::now() + self.patience();
        loop {
            let line = self.next_line(deadline)?;
            if let Some(rest) = line.strip_prefix("bestmove") {
                let text = rest.split_whitespace().next().unwrap_or("(none)");
                return long_algebraic::read(game.position(), game.legal_moves(), text)
                    .ok_or_else(|| format!("{} played {text}, not a legal move", self.name));
            }
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(50));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_info_lines_exact_score_is_read_and_bounds_are_not() {
        let score = |line| reported_score(line);
        assert_eq!(
            score("info depth 9 score cp 31 nodes 100 pv e2e4"),
            Some(31)
        );
        assert_eq!(score("info depth 9 score cp -250"), Some(-250));
        assert_eq!(score("info score mate 3 pv d1h5"), Some(MATE_CENTIPAWNS));
        assert_eq!(score("info score mate -2"), Some(-MATE_CENTIPAWNS));
        assert_eq!(score("info score cp 99999999"), Some(MATE_CENTIPAWNS));
        assert_eq!(score("info depth 9 score cp 40 lowerbound nodes 7"), None);
        assert_eq!(score("info depth 9 score cp 40 upperbound"), None);
        assert_eq!(score("info depth 9 nodes 100"), None);
        assert_eq!(score("info score cp x"), None);
        assert_eq!(score("info score wdl 300 400 300"), None);
        assert_eq!(score("info string score cp"), None);
    }
}
