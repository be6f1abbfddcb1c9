//! What the engine protocols share: the definitions offered, the game on the
//! board, and a search run on its own thread so that `stop` is heard.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{Scope, ScopedJoinHandle};
use vdl::referee::{long_algebraic, Game};
use vdl::search::{Found, Info, Limits, Searcher};
use vdl::{Move, Position, Ruleset};

/// A definition an engine protocol offers, under the name a GUI chooses it by.
pub struct Variant {
    pub name: String,
    pub rules: Ruleset,
}

impl Variant {
    /// The name GUIs know a definition by: `chess` for orthodox chess, otherwise
    /// the file's name without `.vdl`.
    pub fn named(path: &str, rules: Ruleset) -> Variant {
        let stem = std::path::Path::new(path)
            .file_stem()
            .map_or_else(|| path.to_string(), |s| s.to_string_lossy().to_lowercase());
        Variant { name: stem, rules }
    }
}

/// The longest protocol line acted on: a `position ... moves` line of a game of
/// tens of thousands of moves fits.
pub const MAX_LINE: usize = 1 << 20;

/// One line of a protocol's input.
pub enum Input {
    /// Its text; bytes that are not UTF-8 become U+FFFD, so any bytes are a line to answer.
    Line(String),
    /// A line longer than [`MAX_LINE`] (its length): read to its end, but not kept.
    TooLong(usize),
    End,
}

/// Read one line, keeping at most [`MAX_LINE`] bytes of it.
pub fn read_line(reader: &mut impl std::io::BufRead) -> Input {
    let mut kept = Vec::new();
    let mut length = 0;
    let mut ended = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if chunk.is_empty() {
            break;
        }
        let (part, newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        let room = (MAX_LINE + 1).saturating_sub(kept.len());
        kept.extend_from_slice(&part[..part.len().min(room)]);
        length += part.len();
        let used = part.len() + usize::from(newline);
        reader.consume(used);
        if newline {
            ended = true;
            break;
        }
    }
    if length == 0 && !ended {
        return Input::End;
    }
    if length > MAX_LINE {
        return Input::TooLong(length);
    }
    let text = String::from_utf8_lossy(&kept);
    Input::Line(text.trim_end_matches('\r').to_string())
}

/// What is said of a line too long to act on.
pub fn too_long(length: usize) -> String {
    format!("a line of {length} bytes was ignored: the limit is {MAX_LINE}")
}

/// A depth a GUI asked for, as the search takes it: at least one ply (a search of
/// none would answer with an unsearched move), at most what the search reaches.
pub fn search_depth(asked: u64) -> u32 {
    asked.clamp(1, vdl::search::MAX_DEPTH as u64) as u32
}

/// Print one line of protocol output at once.
pub fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// The moves of a line, each in the engine notation of the position it is played in.
pub fn line_text(pos: &Position, line: &[Move]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut legal = Vec::new();
    let mut out = Vec::new();
    for m in line {
        pos.legal_moves(&mut legal);
        if !legal.contains(m) {
            break;
        }
        out.push(long_algebraic::print(&pos, m, &legal));
        pos.make(*m);
    }
    out
}

/// Set a game to a start (a FEN, or the definition's setup) and moves in any notation vdl reads.
pub fn set_position<'r>(
    rules: &'r Ruleset,
    fen: Option<&str>,
    moves: &[&str],
) -> Result<Game<'r>, String> {
    let start = match fen {
        Some(f) => {
            Position::from_fen(rules, f).map_err(|e| format!("bad FEN `{f}`: {}", e.message))?
        }
        None => Position::start(rules),
    };
    let mut game = Game::new(start);
    for text in moves {
        // The engine notation first: a GUI may play on past an end the rules make
        // automatic but it treats as claimable, which `play_text` would refuse.
        match long_algebraic::read(game.position(), game.legal_moves(), text) {
            Some(m) => game.play(m),
            None => {
                game.play_text(text)
                    .map_err(|r| format!("cannot play `{text}`: {}", r.message))?;
            }
        }
    }
    Ok(game)
}

/// A search running on its own thread; it gives the searcher back when it ends.
pub struct Running<'scope> {
    /// Whether the search has no limit of its own (it ends only when stopped).
    pub unlimited: bool,
    stop: Arc<AtomicBool>,
    handle: ScopedJoinHandle<'scope, (Searcher, Found)>,
}

impl<'scope> Running<'scope> {
    /// Search the game's position; `info` and `done` are called on the search's thread.
    pub fn start<'env, 'r: 'scope>(
        scope: &'scope Scope<'scope, 'env>,
        mut searcher: Searcher,
        game: &Game<'r>,
        limits: Limits,
        mut info: impl FnMut(&Position<'r>, &Info) + Send + 'scope,
        done: impl FnOnce(&Position<'r>, &Found) + Send + 'scope,
    ) -> Running<'scope> {
        let stop = searcher.stop_handle();
        let unlimited = limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.clock.is_none();
        let pos = game.position().clone();
        let earlier = game.earlier_positions();
        let handle = scope.spawn(move || {
            let found = searcher.search(&pos, &earlier, &limits, &mut |i| info(&pos, i));
            done(&pos, &found);
            (searcher, found)
        });
        Running {
            unlimited,
            stop,
            handle,
        }
    }

    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// End the search now (its best move is still reported) and take the searcher back.
    pub fn stop(self) -> Option<(Searcher, Found)> {
        self.stop.store(true, Ordering::Relaxed);
        let back = self.handle.join().ok();
        // Raised after the search ended, it would end the next one at once.
        self.stop.store(false, Ordering::Relaxed);
        back
    }

    /// Wait for the search to end by its own limits.
    pub fn wait(self) -> Option<(Searcher, Found)> {
        self.handle.join().ok()
    }
}
