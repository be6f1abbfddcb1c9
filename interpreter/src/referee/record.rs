//! Game records: an optional FEN line, then moves, one a line or as numbered pairs
//! (`1. P e2-e4 p e7-e5`, `1.e4 e5`), with comments from `#` to the end of a line.
//! What PGN adds is read too: tag pairs (`[FEN "..."]` gives the start position;
//! the others are skipped), `{comments}` and variations in parentheses (each after
//! a space: a FEN writes drop queues in braces and two-cell pieces with parentheses)
//! and NAGs (`$1`).

use super::notation::is_label;
use crate::diagnostic::Span;
use crate::model::Side;

/// A game record split into its FEN (if any) and its moves, each with its span.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The start position, if the record gives one.
    pub fen: Option<(String, Span)>,
    /// The moves as written, each with where.
    pub moves: Vec<(String, Span)>,
    /// The result written after the moves (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: Option<(String, Span)>,
    /// PGN's `[Variant "..."]` tag.
    pub variant: Option<(String, Span)>,
    /// PGN's `[Result "..."]` tag.
    pub result_tag: Option<(String, Span)>,
}

impl Record {
    fn shifted(mut self, by: usize) -> Record {
        let shift = |s: &mut Span| *s = Span::new(s.start + by, s.end + by);
        for (_, s) in self
            .fen
            .iter_mut()
            .chain(self.moves.iter_mut())
            .chain(self.result.iter_mut())
            .chain(self.variant.iter_mut())
            .chain(self.result_tag.iter_mut())
        {
            shift(s);
        }
        self
    }
}

/// Every game of a record: a game ends with its result, or where the next one's
/// tag pairs begin. Spans are into the whole text.
pub fn parse_games(text: &str) -> Vec<Record> {
    let mut splitter = Splitter::default();
    let mut games = Vec::new();
    let mut start = 0;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let line_at = at;
        at += line.len();
        match splitter.line(line, line_at) {
            Boundary::Before => {
                games.push(parse(&text[start..line_at]).shifted(start));
                start = line_at;
            }
            Boundary::After => {
                games.push(parse(&text[start..at]).shifted(start));
                start = at;
            }
            Boundary::None => {}
        }
    }
    if splitter.has_moves || games.is_empty() || !text[start..].trim().is_empty() {
        let rest = parse(&text[start..]).shifted(start);
        if games.is_empty() || rest.fen.is_some() || !rest.moves.is_empty() {
            games.push(rest);
        }
    }
    games
}

/// Where a line stands to the games around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boundary {
    /// Inside a game.
    None,
    /// A new game begins with this line (its first tag pair).
    Before,
    /// The game ends with this line (its result).
    After,
}

/// Finds where games end line by line, as a record is read: each line is looked
/// at once, so a record of any length is split in linear time.
#[derive(Default)]
pub struct Splitter {
    blanker: Blanker,
    /// The current game has moves (or other text) already.
    has_moves: bool,
    plain: String,
}

impl Splitter {
    /// Read the next line (with its newline), which starts at byte `at` of the record.
    pub fn line(&mut self, line: &str, at: usize) -> Boundary {
        self.plain.clear();
        let mut tags = Tags::default();
        self.blanker.line(line, at, &mut self.plain, &mut tags);
        let content = &self.plain[..comment_start(&self.plain)];
        let mut boundary = Boundary::None;
        // a tag pair, not a comment's line that starts with `[` (`[%clk ...]`)
        if !tags.lines.is_empty() && self.has_moves {
            boundary = Boundary::Before;
            self.has_moves = false;
        }
        if content
            .split_whitespace()
            .map(|t| without_move_number((0, t)).1)
            .any(is_result)
        {
            self.has_moves = false;
            return Boundary::After;
        }
        if !content.trim().is_empty() {
            self.has_moves = true;
        }
        boundary
    }
}

fn is_move_number(t: &str) -> bool {
    let digits = t.trim_end_matches('.');
    t.ends_with('.') && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Where a line's comment begins: a `#` at the start or after a space (a `#` at
/// the end of a move, as in SAN's `Qxf7#`, is a mate sign); the line's end if none.
fn comment_start(line: &str) -> usize {
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        if c == '#' && prev.is_whitespace() {
            return i;
        }
        prev = c;
    }
    line.len()
}

/// A token less a move number glued to its front (`1.e4`, `3...Nf6`), with its
/// offset moved past it.
fn without_move_number((at, t): (usize, &str)) -> (usize, &str) {
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = t[digits..].trim_start_matches('.');
    if digits > 0 && rest.len() < t.len() - digits && !rest.is_empty() {
        (at + t.len() - rest.len(), rest)
    } else {
        (at, t)
    }
}

/// A FEN line: its first word (after `FEN:` or `fen`) has rows split by `/`; a
/// result such as `1/2-1/2` has a `/` too, but is no FEN.
fn is_fen_line(line: &str) -> bool {
    let first = line
        .split_whitespace()
        .find(|w| !matches!(*w, "FEN:" | "fen:" | "FEN" | "fen"))
        .unwrap_or_default();
    let first = first.strip_prefix("FEN:").unwrap_or(first);
    first.contains('/') && !is_result(first)
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// A record read: its FEN and its moves.
pub fn parse(text: &str) -> Record {
    let (plain, tags) = without_pgn_extras(text);
    let mut record = parse_plain(&plain);
    if record.fen.is_none() {
        record.fen = tags.fen;
    }
    record.variant = tags.variant;
    record.result_tag = tags.result;
    record
}

/// The tag pairs a referee reads.
#[derive(Default)]
struct Tags {
    fen: Option<(String, Span)>,
    variant: Option<(String, Span)>,
    result: Option<(String, Span)>,
    /// Where each tag pair starts, in order.
    lines: Vec<usize>,
}

/// The text with PGN's tag pairs, comments, variations and NAGs blanked out (byte
/// for byte, so that spans stay true), and the `[FEN "..."]` tag's value.
fn without_pgn_extras(text: &str) -> (String, Tags) {
    let mut out = String::with_capacity(text.len());
    let mut tags = Tags::default();
    let mut blanker = Blanker::default();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        blanker.line(line, at, &mut out, &mut tags);
        at += line.len();
    }
    (out, tags)
}

/// Blanks PGN's extras line by line, carrying what is open (a `{comment}`,
/// variations) from one line to the next.
struct Blanker {
    depth: usize, // inside nested `()`
    in_brace: bool,
    line_start: bool,
    prev: char,
}

impl Default for Blanker {
    fn default() -> Blanker {
        Blanker {
            depth: 0,
            in_brace: false,
            line_start: true,
            prev: '\n',
        }
    }
}

impl Blanker {
    /// Blank one line (with its newline) that starts at byte `at` of the text.
    fn line(&mut self, line: &str, at: usize, out: &mut String, tags: &mut Tags) {
        let blank = |out: &mut String, c: char| {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        };
        let mut chars = line.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if self.in_brace {
                self.in_brace = c != '}';
                if c == '\n' {
                    out.push('\n')
                } else {
                    blank(out, c)
                }
                continue;
            }
            match c {
                // A `#` comment is the record's own: left as it is, to the line's end.
                '#' if self.depth == 0 && self.prev.is_whitespace() => {
                    out.push(c);
                    while let Some(&(_, d)) = chars.peek().filter(|&&(_, d)| d != '\n') {
                        chars.next();
                        out.push(d);
                    }
                }
                // After a space only: a FEN writes drop queues in braces and a two-cell
                // piece's other end in parentheses.
                '{' if self.prev.is_whitespace() => {
                    self.in_brace = true;
                    blank(out, c);
                }
                '(' if self.depth > 0 || self.prev.is_whitespace() => {
                    self.depth += 1;
                    blank(out, c);
                }
                ')' if self.depth > 0 => {
                    self.depth -= 1;
                    blank(out, c);
                }
                '[' if self.line_start && self.depth == 0 => {
                    let tag = line[i..].trim_end_matches(['\n', '\r']);
                    tags.read(tag, at + i);
                    out.extend(std::iter::repeat_n(' ', tag.len()));
                    while chars.peek().is_some_and(|&(j, _)| j < i + tag.len()) {
                        chars.next();
                    }
                }
                '$' if self.depth == 0 => {
                    blank(out, c);
                    while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                        chars.next();
                        blank(out, d);
                    }
                }
                '\n' => out.push('\n'),
                _ if self.depth > 0 => blank(out, c),
                _ => out.push(c),
            }
            self.line_start = c == '\n' || (self.line_start && c.is_whitespace());
            self.prev = c;
        }
    }
}

impl Tags {
    /// Note a tag pair standing at byte `at`.
    fn read(&mut self, tag: &str, at: usize) {
        if self.fen.is_none() {
            self.fen = tag_value(tag, "[FEN", at);
        }
        if self.variant.is_none() {
            self.variant = tag_value(tag, "[Variant", at);
        }
        if self.result.is_none() {
            self.result = tag_value(tag, "[Result", at);
        }
        self.lines.push(at);
    }
}

/// The value of a tag pair (`[FEN "..."]`) standing at byte `at`, with its span.
fn tag_value(tag: &str, name: &str, at: usize) -> Option<(String, Span)> {
    let rest = tag.strip_prefix(name)?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let rest = rest.trim_start();
    let open = tag.len() - rest.len();
    let value = rest.strip_prefix('"')?;
    let close = value.find('"')?;
    let start = at + open + 1;
    Some((value[..close].to_string(), Span::new(start, start + close)))
}

fn parse_plain(text: &str) -> Record {
    let mut record = Record::default();
    let mut line_start = 0;
    let mut seen_content = false;
    for line in text.split_inclusive('\n') {
        let at = line_start;
        line_start += line.len();
        let content = &line[..comment_start(line)];
        let trimmed = content.trim();
        if trimmed.is_empty() {
            continue;
        }
        let lead = content.len() - content.trim_start().len();
        if !seen_content && is_fen_line(trimmed) {
            // The starting position; `fen` or `FEN:` may stand before it.
            let mut fen = trimmed;
            let mut skip = 0;
            for prefix in ["FEN:", "fen:", "FEN", "fen"] {
                if let Some(rest) = fen.strip_prefix(prefix) {
                    skip = fen.len() - rest.trim_start().len();
                    fen = rest.trim_start();
                    break;
                }
            }
            let start = at + lead + skip;
            record.fen = Some((fen.to_string(), Span::new(start, start + fen.len())));
            seen_content = true;
            continue;
        }
        seen_content = true;
        let tokens: Vec<(usize, &str)> = content
            .split_whitespace()
            .map(|t| (t.as_ptr() as usize - content.as_ptr() as usize, t))
            .map(without_move_number)
            .collect();
        let mut i = 0;
        while i < tokens.len() {
            let (off, tok) = tokens[i];
            if is_result(tok) {
                let start = at + off;
                record.result = Some((tok.to_string(), Span::new(start, start + tok.len())));
            }
            if is_move_number(tok) || is_result(tok) {
                i += 1;
                continue;
            }
            let start = at + off;
            let mut end_tok = i;
            if is_label(tok) && i + 1 < tokens.len() {
                end_tok = i + 1;
            }
            // Further parts: joined by `;` at the end of a token or the start of the next.
            while end_tok + 1 < tokens.len()
                && (tokens[end_tok].1.ends_with(';') || tokens[end_tok + 1].1.starts_with(';'))
            {
                end_tok += 1;
                if is_label(tokens[end_tok].1.trim_start_matches(';')) && end_tok + 1 < tokens.len()
                {
                    end_tok += 1;
                }
            }
            let (last_off, last) = tokens[end_tok];
            let end = at + last_off + last.len();
            record
                .moves
                .push((text[start..end].to_string(), Span::new(start, end)));
            i = end_tok + 1;
        }
    }
    record
}

/// A game record the referee reads back: the start position's FEN, then the moves as
/// numbered pairs.
pub fn write(start_fen: &str, start: Side, fullmove: u32, moves: &[String]) -> String {
    let mut out = format!("# vdl game record\n{start_fen}\n");
    let mut number = fullmove;
    let mut i = 0;
    if start == Side::Black && !moves.is_empty() {
        out.push_str(&format!("{number}... {}\n", moves[0]));
        number += 1;
        i = 1;
    }
    while i < moves.len() {
        out.push_str(&format!("{number}. {}", moves[i]));
        if let Some(reply) = moves.get(i + 1) {
            out.push_str(&format!(" {reply}"));
        }
        out.push('\n');
        number += 1;
        i += 2;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_pairs_comments_and_parts() {
        let text = "# a game\n1. P e2-e4 p e7-e5 # open\n2. e7-e8; Q-e8 N g8-f6\n3. @-e4 1-0\n";
        let r = parse(text);
        let moves: Vec<&str> = r.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(
            moves,
            ["P e2-e4", "p e7-e5", "e7-e8; Q-e8", "N g8-f6", "@-e4"]
        );
        let (m, span) = &r.moves[2];
        assert_eq!(&text[span.start..span.end], m);
        assert!(r.fen.is_none());
    }

    #[test]
    fn labels_of_several_letters() {
        let r = parse("1. AM d1-d4 am d8-d5\n2. P e7-e8; SI-e8 dh f8-g6\n");
        let moves: Vec<&str> = r.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(
            moves,
            ["AM d1-d4", "am d8-d5", "P e7-e8; SI-e8", "dh f8-g6"]
        );
    }

    #[test]
    fn pgn_tags_comments_variations_and_nags() {
        let text = "# a comment (with parentheses\n[Event \"Casual\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n1.Ka2 {a comment\nover lines} Kh2 $1 (1...Kg1 2.Kb1) 2. Kb2+ Kg3# # mate\n";
        let r = parse(text);
        let moves: Vec<&str> = r.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(moves, ["Ka2", "Kh2", "Kb2+", "Kg3#"]);
        let (m, span) = &r.moves[1];
        assert_eq!(&text[span.start..span.end], m);
        let (fen, span) = r.fen.unwrap();
        assert_eq!(fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(&text[span.start..span.end], fen);
    }

    #[test]
    fn several_games() {
        let text = "[Event \"a\"]\n\n1. e4 e5 {a comment 1-0} 2. Nf3 1/2-1/2\n\n[Event \"b\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n1. Ka2 *\n[Event \"c\"]\n1. d4\n\n[Event \"d\"]\n1. c4 0-1\n";
        let games = parse_games(text);
        let moves: Vec<Vec<&str>> = games
            .iter()
            .map(|g| g.moves.iter().map(|(m, _)| m.as_str()).collect())
            .collect();
        assert_eq!(
            moves,
            [vec!["e4", "e5", "Nf3"], vec!["Ka2"], vec!["d4"], vec!["c4"]]
        );
        let results: Vec<Option<&str>> = games
            .iter()
            .map(|g| g.result.as_ref().map(|r| r.0.as_str()))
            .collect();
        assert_eq!(results, [Some("1/2-1/2"), Some("*"), None, Some("0-1")]);
        let (fen, span) = games[1].fen.clone().unwrap();
        assert_eq!(&text[span.start..span.end], fen);
        let (m, span) = &games[3].moves[0];
        assert_eq!(&text[span.start..span.end], m);
        assert!(games[0].fen.is_none() && games[2].fen.is_none());
    }

    #[test]
    fn fen_line() {
        let text = "FEN: 8/8/8/8/8/8/8/K6k w - - 0 1\nK a1-a2\n";
        let r = parse(text);
        let (fen, span) = r.fen.unwrap();
        assert_eq!(fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(&text[span.start..span.end], fen);
        assert_eq!(r.moves.len(), 1);
    }
}
