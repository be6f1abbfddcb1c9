//! Text to a spanned AST. No meaning is given to anything here: names are not
//! resolved and numbers are not range-checked. pest types do not leave this module.

mod ast;
mod build;
mod build_end;
mod build_pieces;
mod errors;
mod mistakes;

pub use ast::*;
use build::{first, Builder};
use errors::{at_word_start, syntax_error};

use crate::diagnostic::Diagnostic;

use pest::Parser as _;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/vdl.pest"]
struct Grammar;

/// Parse a definition file. Every syntax error is returned: after one, the
/// section it is in is skipped and the parse goes on with the next section.
#[cfg(test)]
pub fn parse(source: &str) -> Result<File, Vec<Diagnostic>> {
    parse_at(source, 0)
}

/// The most syntax errors reported for one file.
const MAX_SYNTAX_ERRORS: usize = 20;

/// The words that start a section: where the parse picks up after an error.
const SECTION_WORDS: &[&str] = &[
    "extends",
    "variant",
    "board",
    "zone",
    "piece",
    "modify",
    "castle",
    "setup",
    "end",
    "immobilization",
    "suicide",
    "must-capture",
    "hand",
    "evaluation",
];

/// Parse a file whose text starts at offset `base` of a larger offset space: every
/// span, including a syntax error's, is shifted by `base`.
pub fn parse_at(source: &str, base: usize) -> Result<File, Vec<Diagnostic>> {
    let (first, mut at) = match parse_clean(source, base) {
        Ok(file) => return Ok(file),
        Err(e) => e,
    };
    let starts = section_starts(source);
    let mut errors = vec![first];
    let mut text = source.to_string();
    while errors.len() < MAX_SYNTAX_ERRORS {
        // Blank out the section the error is in (the one before it, when the error
        // is at a section's first word: that section was left open) and read again.
        // Blanking keeps every offset, so later errors point at the right place.
        let from = starts.iter().rev().copied().find(|&s| s < at).unwrap_or(0);
        let to = starts
            .iter()
            .copied()
            .find(|&s| s > from && s >= at)
            .unwrap_or(text.len());
        if text[from..to].trim().is_empty() {
            break;
        }
        text = blank(&text, from, to);
        match parse_clean(&text, base) {
            Ok(_) => break,
            Err((d, next)) => {
                errors.push(d);
                at = next;
            }
        }
    }
    Err(errors)
}

/// Byte offsets where a line's first word is a section word.
fn section_starts(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start().len();
        let word: String = line
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        if SECTION_WORDS.contains(&word.as_str()) {
            out.push(offset + indent);
        }
        offset += line.len();
    }
    out
}

/// `text` with the bytes from `from` to `to` turned into spaces, newlines kept.
fn blank(text: &str, from: usize, to: usize) -> String {
    // One byte for each byte blanked, so every later offset stays put.
    let blanked: String = text.as_bytes()[from..to]
        .iter()
        .map(|&b| if b == b'\n' { '\n' } else { ' ' })
        .collect();
    format!("{}{blanked}{}", &text[..from], &text[to..])
}

/// One parse; a syntax error comes with its offset in `source`.
fn parse_clean(source: &str, base: usize) -> Result<File, (Diagnostic, usize)> {
    let at = |e: &pest::error::Error<Rule>| match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let builder = Builder { base };
    let mut pairs = Grammar::parse(Rule::file, source).map_err(|e| {
        let e = at_word_start(e, source);
        let offset = at(&e);
        (syntax_error(e, base, source), offset)
    })?;
    let file = pairs.next().map(|p| p.into_inner()).into_iter().flatten();
    let mut items = Vec::new();
    let mut extends = None;
    for pair in file {
        if pair.as_rule() == Rule::extends {
            extends = Some(ExtendsDecl {
                span: builder.span_of(&pair),
                path: builder.string_of(first(pair)),
            });
        } else if let Some(item) = builder.item(pair) {
            items.push(item);
        }
    }
    Ok(File { extends, items })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;

    #[test]
    fn parses_sections_with_spans() {
        let src = "board { files a b ranks 1 2 }\npiece King K { royal moves \"K\" }";
        let file = parse(src).unwrap();
        assert_eq!(file.items.len(), 2);
        let Item::Piece(p) = &file.items[1] else {
            panic!("expected a piece")
        };
        assert_eq!(p.name.value, "King");
        let PieceProp::Betza(b, None) = &p.props[1] else {
            panic!("expected betza")
        };
        assert_eq!(&src[b.span.start..b.span.end], "K");
    }

    #[test]
    fn keywords_end_lists() {
        let file = parse("board { files a b c ranks 1 2 remove a1 }").unwrap();
        let Item::Board(b) = &file.items[0] else {
            panic!()
        };
        assert_eq!(b.entries.len(), 3);
    }

    #[test]
    fn reserved_words_that_extend_others_end_lists() {
        // `capture-only` after a cell list, `royal-capture` after a reset list.
        let file = parse(
            "zone edge a1 b1 capture-only\nend { move-rule 50 draw reset-by capture Pawn royal-capture }",
        )
        .unwrap();
        let Item::Zone(z) = &file.items[0] else {
            panic!()
        };
        assert!(z.capture_only);
        assert!(!z.fewest_crossed);
        let Item::End(e) = &file.items[1] else {
            panic!()
        };
        assert_eq!(e.rules.len(), 2);
        assert!(matches!(e.rules[1].value, EndRuleDecl::RoyalCapture));
    }

    #[test]
    fn syntax_error_has_position() {
        let errs = parse("board { files a b\n ranks }").unwrap_err();
        let err = &errs[0];
        assert_eq!(err.code, Code::Syntax);
        assert_eq!(err.span().start, 25);
    }
}
