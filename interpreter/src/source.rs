//! The files a definition is read from, sharing one offset space: each file owns
//! a range of offsets, so a [`Span`] says which file it is in. A file that
//! `extends` another is loaded together with its base this way, and a
//! diagnostic about the base points into the base.

use crate::diagnostic::Span;

/// One file's name and text, and where its offsets start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The file's name as given.
    pub name: String,
    /// Its text.
    pub text: String,
    /// Its first offset in the shared offset space.
    pub base: usize,
}

impl SourceFile {
    /// 1-based line and column (in characters) of a byte offset in this file.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        line_col(&self.text, offset)
    }
}

/// 1-based line and column (in characters) of a byte offset in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

/// Every file of one definition, the loaded file first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    /// Add a file; returns the offset its spans start at. One offset is left free
    /// between files so that a span at a file's very end stays in that file.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> usize {
        let base = self.files.last().map_or(0, |f| f.base + f.text.len() + 1);
        self.files.push(SourceFile {
            name: name.into(),
            text: text.into(),
            base,
        });
        base
    }

    /// The files, in the order added.
    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// The file a span is in, and the span as offsets into that file's text.
    pub fn locate(&self, span: Span) -> Option<(&SourceFile, Span)> {
        let file = self.files.iter().rev().find(|f| f.base <= span.start)?;
        let local = Span::new(span.start - file.base, span.end.saturating_sub(file.base));
        (local.end <= file.text.len()).then_some((file, local))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_find_their_file() {
        let mut s = Sources::default();
        assert_eq!(s.add("a.vdl", "abc\ndef"), 0);
        assert_eq!(s.add("b.vdl", "xy"), 8);
        let (f, local) = s.locate(Span::new(5, 7)).unwrap();
        assert_eq!((f.name.as_str(), local), ("a.vdl", Span::new(5, 7)));
        assert_eq!(f.line_col(local.start), (2, 2));
        let (f, local) = s.locate(Span::new(9, 10)).unwrap();
        assert_eq!((f.name.as_str(), local), ("b.vdl", Span::new(1, 2)));
        // the end of a file is still in it
        assert_eq!(s.locate(Span::new(7, 7)).unwrap().0.name, "a.vdl");
        assert!(s.locate(Span::new(11, 12)).is_none());
    }
}
