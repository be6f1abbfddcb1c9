//! Fairy-Stockfish's configuration files: `[name]` or `[name:parent]` section
//! headers, `key = value` lines, `#` and `;` comment lines. Only the text's shape
//! is read here; what the keys mean is read by `settings`.

use crate::diagnostic::{Code, Diagnostic, Span};

/// A value with the bytes of the ini text it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub value: String,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Section {
    pub name: Text,
    /// `[child:parent]`: the variant this one starts from.
    pub parent: Option<Text>,
    /// The header line, brackets included.
    pub span: Span,
    pub entries: Vec<Entry>,
}

#[derive(Clone, Debug)]
pub struct Entry {
    pub key: Text,
    pub value: Text,
}

impl Section {
    /// The last value given for the key (Fairy-Stockfish reads a repeated key's last).
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key.value == key)
    }
}

/// At most this many sections are read from one file.
pub const MAX_SECTIONS: usize = 10_000;

/// The sections of an ini text whose offsets start at `base`, and the lines that
/// are neither a header, a setting, a comment nor blank.
pub fn parse(text: &str, base: usize) -> (Vec<Section>, Vec<Diagnostic>) {
    let mut sections: Vec<Section> = Vec::new();
    let mut diags = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let start = base + offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let lead = line.len() - line.trim_start().len();
        let body = line.trim();
        if body.is_empty() || body.starts_with('#') || body.starts_with(';') {
            continue;
        }
        let at =
            |from: usize, len: usize| Span::new(start + lead + from, start + lead + from + len);
        if body.starts_with('[') {
            match header(body, &at) {
                Ok(section) if sections.len() < MAX_SECTIONS => sections.push(section),
                Ok(section) => {
                    diags.push(
                        Diagnostic::error(Code::FsfSyntax, "too many sections in one file").at(
                            section.span,
                            format!("section {} of at most {MAX_SECTIONS}", MAX_SECTIONS + 1),
                        ),
                    );
                    break;
                }
                Err(d) => diags.push(d),
            }
            continue;
        }
        let Some(eq) = body.find('=') else {
            diags.push(
                Diagnostic::error(Code::FsfSyntax, "a line that is not `key = value`")
                    .at(at(0, body.len()), "no `=` here")
                    .help("a setting is `key = value`, a section starts with `[name]` or `[name:parent]`, and a comment line with `#`"),
            );
            continue;
        };
        let key = body[..eq].trim_end();
        let value_lead = body[eq + 1..].len() - body[eq + 1..].trim_start().len();
        let value = body[eq + 1..].trim();
        let Some(section) = sections.last_mut() else {
            diags.push(
                Diagnostic::error(
                    Code::FsfSyntax,
                    format!("`{key}` is set before any section"),
                )
                .at(at(0, body.len()), "outside a section")
                .help("start the variant with a header such as `[myvariant:chess]`"),
            );
            continue;
        };
        if key.is_empty() {
            diags.push(
                Diagnostic::error(Code::FsfSyntax, "a setting with no key")
                    .at(at(eq, 1), "nothing before `=`"),
            );
            continue;
        }
        let value_at = eq + 1 + value_lead;
        section.entries.push(Entry {
            key: Text {
                value: key.to_string(),
                span: at(0, key.len()),
            },
            value: Text {
                value: value.to_string(),
                span: at(value_at, value.len()),
            },
        });
    }
    (sections, diags)
}

fn header(body: &str, at: &dyn Fn(usize, usize) -> Span) -> Result<Section, Diagnostic> {
    let span = at(0, body.len());
    let Some(inner) = body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) else {
        return Err(Diagnostic::error(
            Code::FsfSyntax,
            "a section header that does not end with `]`",
        )
        .at(span, "not `[name]` or `[name:parent]`"));
    };
    let text = |from: usize, s: &str| Text {
        value: s.trim().to_string(),
        span: at(1 + from, s.len()),
    };
    let (name, parent) = match inner.split_once(':') {
        Some((n, p)) => (text(0, n), Some(text(n.len() + 1, p))),
        None => (text(0, inner), None),
    };
    let word_ok = |t: &Text| {
        !t.value.is_empty()
            && t.value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_".contains(c))
    };
    if let Some(bad) = std::iter::once(&name)
        .chain(parent.as_ref())
        .find(|t| !word_ok(t))
    {
        return Err(Diagnostic::error(
            Code::FsfSyntax,
            format!("`{}` is not a variant name", bad.value),
        )
        .at(bad.span, "a name is letters, digits, `-` and `_`"));
    }
    Ok(Section {
        name,
        parent,
        span,
        entries: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_and_spans() {
        let text = "# c\n[a:chess]\nx = 1\n  y=two words \n[b]\n";
        let (sections, diags) = parse(text, 0);
        assert!(diags.is_empty());
        assert_eq!(sections.len(), 2);
        assert_eq!(
            sections[0].parent.as_ref().map(|p| p.value.as_str()),
            Some("chess")
        );
        let y = sections[0].get("y").map(|e| {
            (
                e.value.value.clone(),
                &text[e.value.span.start..e.value.span.end],
            )
        });
        assert_eq!(y, Some(("two words".to_string(), "two words")));
    }

    #[test]
    fn a_line_without_equals_is_reported_where_it_is() {
        let (_, diags) = parse("[a]\nfoo\n", 0);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].labels[0].span, Span::new(4, 7));
    }
}
