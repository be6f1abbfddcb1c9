//! Game records of any size, read game by game: only the game being read is held
//! in memory (at most [`MAX_GAME_BYTES`] of its text), never the whole file.

use super::record;
use std::io::{BufRead, Read};

/// The longest text one game may have (a game of about two million plies).
pub const MAX_GAME_BYTES: usize = 64 << 20;

/// One game's text and where it starts in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    pub text: String,
    /// Lines before it in the file.
    pub lines_before: usize,
}

/// The games of a record, read line by line (see [`record::parse_games`] for where
/// a game ends: after its result, or where the next one's tag pairs begin).
pub struct Games<R> {
    reader: R,
    buffer: String,
    /// Lines of the file before `buffer`.
    lines_before: usize,
    done: bool,
    first: bool,
}

impl<R: BufRead> Games<R> {
    pub fn new(reader: R) -> Games<R> {
        Games {
            reader,
            buffer: String::new(),
            lines_before: 0,
            done: false,
            first: true,
        }
    }

    /// Split off the first game of the buffer if it is complete.
    fn complete_game(&mut self) -> Option<GameText> {
        let games = record::parse_games(&self.buffer);
        let first = games.first()?;
        if games.len() < 2 && first.result.is_none() {
            return None;
        }
        let end = match (games.get(1), &first.result) {
            (_, Some((_, span))) => line_end(&self.buffer, span.end),
            (Some(next), None) => next_start(&self.buffer, next),
            (None, None) => return None,
        };
        let rest = self.buffer.split_off(end);
        let text = std::mem::replace(&mut self.buffer, rest);
        let lines_before = self.lines_before;
        self.lines_before += text.matches('\n').count();
        Some(GameText { text, lines_before })
    }
}

/// The end of the line holding byte `at` (after its newline).
fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |n| at + n + 1)
}

/// Where the line holding a game's first tag, FEN or move starts.
fn next_start(text: &str, game: &record::Record) -> usize {
    let first = game
        .fen
        .iter()
        .chain(game.moves.iter())
        .map(|(_, s)| s.start)
        .min()
        .unwrap_or(text.len());
    // Back to the tag pairs above it: the first line from which only tags and
    // blank lines lead to it.
    let mut start = text[..first].rfind('\n').map_or(0, |n| n + 1);
    while start > 0 {
        let prev = text[..start - 1].rfind('\n').map_or(0, |n| n + 1);
        let line = text[prev..start].trim();
        if line.is_empty() || line.starts_with('[') {
            start = prev;
        } else {
            break;
        }
    }
    start
}

/// Why a record could not be read.
#[derive(Debug)]
pub enum StreamError {
    Io(std::io::Error),
    /// A game's text passed [`MAX_GAME_BYTES`]; the line where it began.
    TooLong {
        lines_before: usize,
    },
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<GameText, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        // A game can only have ended at a line with a result or a tag pair (or at
        // the end): only then is the buffer looked at, so that reading stays linear.
        let mut look = true;
        loop {
            if look {
                if let Some(game) = self.complete_game() {
                    return Some(Ok(game));
                }
            }
            if self.done {
                if self.buffer.trim().is_empty() && !self.first {
                    return None;
                }
                self.first = false;
                let text = std::mem::take(&mut self.buffer);
                return Some(Ok(GameText {
                    text,
                    lines_before: self.lines_before,
                }));
            }
            let before = self.buffer.len();
            // Bounded, so that a file without newlines (`/dev/zero`) stops at the limit.
            let room = (MAX_GAME_BYTES + 1).saturating_sub(self.buffer.len()) as u64;
            match (&mut self.reader).take(room).read_line(&mut self.buffer) {
                Ok(0) => self.done = true,
                Ok(_) => {
                    if self.first && before == 0 {
                        if let Some(rest) = self.buffer.strip_prefix('\u{feff}') {
                            self.buffer = rest.to_string();
                        }
                    }
                    if self.buffer.len() > MAX_GAME_BYTES {
                        self.done = true;
                        self.buffer.clear();
                        return Some(Err(StreamError::TooLong {
                            lines_before: self.lines_before,
                        }));
                    }
                    // Only a line that may end a game is worth a look at the buffer.
                    look = may_end_game(&self.buffer[before..]);
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(StreamError::Io(e)));
                }
            }
            self.first = self.first && self.buffer.trim().is_empty();
        }
    }
}

/// A line with a result or a tag pair.
fn may_end_game(line: &str) -> bool {
    line.trim_start().starts_with('[')
        || ["1-0", "0-1", "1/2-1/2", "½-½", "*"]
            .iter()
            .any(|r| line.contains(r))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(input: &str) -> Vec<(String, usize)> {
        Games::new(input.as_bytes())
            .map(|g| g.map(|g| (g.text, g.lines_before)).unwrap_or_default())
            .collect()
    }

    #[test]
    fn games_one_at_a_time() {
        let input =
            "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n1. d4\n[Event \"c\"]\n1. c4 *\n";
        assert_eq!(
            texts(input),
            [
                ("[Event \"a\"]\n\n1. e4 e5 1-0\n".to_string(), 0),
                ("\n[Event \"b\"]\n1. d4\n".to_string(), 3),
                ("[Event \"c\"]\n1. c4 *\n".to_string(), 6),
            ]
        );
    }

    #[test]
    fn a_record_without_result_or_text() {
        assert_eq!(
            texts("1. e4 e5\n2. Nf3\n"),
            [("1. e4 e5\n2. Nf3\n".to_string(), 0)]
        );
        assert_eq!(texts(""), [(String::new(), 0)]);
        assert_eq!(texts("\u{feff}1. e4\n"), [("1. e4\n".to_string(), 0)]);
    }
}
