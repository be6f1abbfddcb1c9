//! Game records: an optional FEN line, then moves, one a line or as numbered pairs
//! (`1. P e2-e4 p e7-e5`), with comments from `#` to the end of a line.

use crate::diagnostic::Span;
use crate::model::Side;

/// A game record split into its FEN (if any) and its moves, each with its span.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub fen: Option<(String, Span)>,
    pub moves: Vec<(String, Span)>,
}

fn is_move_number(t: &str) -> bool {
    let digits = t.trim_end_matches('.');
    t.ends_with('.') && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// A piece label standing before its move: one to three letters of one case.
fn is_letter(t: &str) -> bool {
    (1..=crate::check::MAX_LABEL_LEN).contains(&t.len())
        && (t.bytes().all(|b| b.is_ascii_uppercase()) || t.bytes().all(|b| b.is_ascii_lowercase()))
}

pub fn parse(text: &str) -> Record {
    let mut record = Record::default();
    let mut line_start = 0;
    let mut seen_content = false;
    for line in text.split_inclusive('\n') {
        let at = line_start;
        line_start += line.len();
        let content = line.split('#').next().unwrap_or("");
        let trimmed = content.trim();
        if trimmed.is_empty() {
            continue;
        }
        let lead = content.len() - content.trim_start().len();
        if !seen_content && trimmed.contains('/') && !is_result(trimmed) {
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
            .collect();
        let mut i = 0;
        while i < tokens.len() {
            let (off, tok) = tokens[i];
            if is_move_number(tok) || is_result(tok) {
                i += 1;
                continue;
            }
            let start = at + off;
            let mut end_tok = i;
            if is_letter(tok) && i + 1 < tokens.len() {
                end_tok = i + 1;
            }
            // Further parts: joined by `;` at the end of a token or the start of the next.
            while end_tok + 1 < tokens.len()
                && (tokens[end_tok].1.ends_with(';') || tokens[end_tok + 1].1.starts_with(';'))
            {
                end_tok += 1;
                if is_letter(tokens[end_tok].1.trim_start_matches(';'))
                    && end_tok + 1 < tokens.len()
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
    fn fen_line() {
        let text = "FEN: 8/8/8/8/8/8/8/K6k w - - 0 1\nK a1-a2\n";
        let r = parse(text);
        let (fen, span) = r.fen.unwrap();
        assert_eq!(fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(&text[span.start..span.end], fen);
        assert_eq!(r.moves.len(), 1);
    }
}
