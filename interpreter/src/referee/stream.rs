//! Game records of any size, read game by game: only the game being read is held
//! in memory (at most [`MAX_GAME_BYTES`] of its text), never the whole file.

use super::record;
use std::io::{BufRead, Read};

/// The longest text one game may have (a game of about two million plies).
pub const MAX_GAME_BYTES: usize = 64 << 20;

/// One game's text and where it starts in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    /// Its text.
    pub text: String,
    /// Lines before it in the file.
    pub lines_before: usize,
}

/// The games of a record, read line by line (see [`record::parse_games`] for where
/// a game ends: after its result, or where the next one's tag pairs begin). Each
/// line is looked at once, so reading is linear in the record's length.
pub struct Games<R> {
    reader: R,
    buffer: String,
    /// Lines of the file before `buffer`.
    lines_before: usize,
    splitter: record::Splitter,
    /// Bytes of the file before `buffer`.
    bytes_before: usize,
    done: bool,
    /// No game was given yet.
    first: bool,
}

impl<R: BufRead> Games<R> {
    /// The games of a reader, one by one.
    pub fn new(reader: R) -> Games<R> {
        Games {
            reader,
            buffer: String::new(),
            lines_before: 0,
            splitter: record::Splitter::default(),
            bytes_before: 0,
            done: false,
            first: true,
        }
    }

    /// The buffer's first `end` bytes, as a game.
    fn split(&mut self, end: usize) -> GameText {
        let rest = self.buffer.split_off(end);
        let text = std::mem::replace(&mut self.buffer, rest);
        let lines_before = self.lines_before;
        self.lines_before += text.matches('\n').count();
        self.bytes_before += text.len();
        self.first = false;
        GameText { text, lines_before }
    }
}

/// Why a record could not be read.
#[derive(Debug)]
pub enum StreamError {
    /// The reader failed.
    Io(std::io::Error),
    /// A game's text passed [`MAX_GAME_BYTES`]; the line where it began.
    TooLong {
        /// The lines before the long one.
        lines_before: usize,
    },
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<GameText, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                if self.buffer.trim().is_empty() && !self.first {
                    return None;
                }
                let end = self.buffer.len();
                return Some(Ok(self.split(end)));
            }
            let before = self.buffer.len();
            // Bounded, so that a file without newlines (`/dev/zero`) stops at the limit.
            let room = (MAX_GAME_BYTES + 1).saturating_sub(self.buffer.len()) as u64;
            match (&mut self.reader).take(room).read_line(&mut self.buffer) {
                Ok(0) => self.done = true,
                Ok(_) => {
                    if self.bytes_before == 0 && before == 0 {
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
                    let line = &self.buffer[before..];
                    match self.splitter.line(line, self.bytes_before + before) {
                        record::Boundary::Before => return Some(Ok(self.split(before))),
                        record::Boundary::After => {
                            let end = self.buffer.len();
                            return Some(Ok(self.split(end)));
                        }
                        record::Boundary::None => {}
                    }
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(StreamError::Io(e)));
                }
            }
        }
    }
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
