//! The text a diagnostic is drawn on. A game is read apart from the lines before
//! it in its file, so its line numbers are shifted to the file's; and a long line
//! (a one-line record of thousands of moves, a 1 MB line of labels) is cut to a
//! window around the diagnostic's place, so that no diagnostic prints more than a
//! few hundred characters of it.

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};
use vdl::diagnostic::Label;
use vdl::{Diagnostic, Span};

/// A line longer than this is cut around the diagnostic.
const LONG_LINE: usize = 200;
/// Bytes shown on each side of a cut line's span.
const AROUND: usize = 60;
/// The most of a long span shown.
const MOST: usize = 240;
const CUT: &str = "...";

/// A piece of a file, drawn with the file's line and column numbers.
pub struct Excerpt {
    name: String,
    text: String,
    /// Lines of the file before the excerpt.
    lines_before: usize,
    /// Characters of the file's line before the excerpt's first character.
    first_column: usize,
}

impl Excerpt {
    /// The excerpt of `text` (which starts after `lines_before` lines of its file)
    /// to draw `diagnostic` on, and the diagnostic with its spans moved into it.
    pub fn around(
        name: &str,
        text: &str,
        lines_before: usize,
        diagnostic: &Diagnostic,
    ) -> (Excerpt, Diagnostic) {
        let at = diagnostic.span();
        let start = at.start.min(text.len());
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        if line_end - line_start <= LONG_LINE {
            let whole = Excerpt {
                name: name.to_string(),
                text: text.to_string(),
                lines_before,
                first_column: 0,
            };
            return (whole, diagnostic.clone());
        }
        let from = floor_boundary(text, start.saturating_sub(AROUND).max(line_start));
        // a cut needs room for its `...`: too near the line's start, none
        let from = if from < line_start + CUT.len() {
            line_start
        } else {
            from
        };
        let to = ceil_boundary(
            text,
            (at.end.max(start + 1) + AROUND)
                .min(start + MOST)
                .min(line_end),
        );
        let lead = if from > line_start { CUT } else { "" };
        let tail = if to < line_end { CUT } else { "" };
        let excerpt = Excerpt {
            name: name.to_string(),
            text: format!("{lead}{}{tail}", &text[from..to]),
            lines_before: lines_before + text[..line_start].matches('\n').count(),
            first_column: text[line_start..from]
                .chars()
                .count()
                .saturating_sub(lead.len()),
        };
        let moved = |span: Span| {
            let shift = |offset: usize| offset.clamp(from, to) - from + lead.len();
            Span::new(shift(span.start), shift(span.end))
        };
        let mut local = diagnostic.clone();
        local.labels = diagnostic
            .labels
            .iter()
            .filter(|l| l.span.start >= from && l.span.start <= to)
            .map(|l| Label {
                span: moved(l.span),
                ..l.clone()
            })
            .collect();
        (excerpt, local)
    }

    pub fn name(&self) -> &str {
        &self.name
    }
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        let column = if inner.line() == 0 {
            inner.column() + self.first_column
        } else {
            inner.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.lines_before,
            column,
            inner.line_count(),
        )))
    }
}

impl std::fmt::Debug for Excerpt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Excerpt({})", self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a span of the excerpt is drawn: the file's line and column (1-based).
    fn place(text: &str, lines_before: usize, at: usize) -> (usize, usize, String) {
        let d = Diagnostic::error(vdl::Code::Syntax, "x").at(Span::new(at, at + 1), "here");
        let (excerpt, local) = Excerpt::around("f", text, lines_before, &d);
        let span = local.span();
        let contents = excerpt
            .read_span(&SourceSpan::new(span.start.into(), 1), 0, 0)
            .expect("a span");
        let (line, column) = (contents.line() + 1, contents.column() + 1);
        drop(contents);
        (line, column, excerpt.text)
    }

    #[test]
    fn long_lines_keep_the_files_line_and_column() {
        let line = format!("{}X{}", "a".repeat(300), "b".repeat(300));
        let text = format!("first\n{line}\n");
        let (row, column, shown) = place(&text, 10, 6 + 300);
        assert_eq!((row, column), (12, 301));
        assert!(shown.starts_with("...") && shown.ends_with("...") && shown.len() < 320);
        // a cut needs room for its `...`: a span nearer the start is not cut before
        let (row, column, shown) = place(&text, 0, 6 + 63);
        assert_eq!((row, column), (2, 64));
        assert!(shown.starts_with("...aaa"));
        let (_, column, shown) = place(&text, 0, 6 + 62);
        assert_eq!(column, 63);
        assert!(shown.starts_with('a'));
        // short lines are shown whole
        let (row, column, shown) = place("ab\ncd\n", 5, 4);
        assert_eq!((row, column, shown.as_str()), (7, 2, "ab\ncd\n"));
    }
}
