//! What goes wrong, as Python sees it: a `ValueError` whose text is vdl's
//! diagnostic (code, place, message, help).

use vdl::{Diagnostic, Sources};

/// A failure a function returns; the module turns it into a Python exception.
#[derive(Debug)]
pub enum Failure {
    /// Bad input: an unknown variant, a bad FEN or definition, an illegal move.
    Value(String),
}

impl Failure {
    pub fn text(&self) -> &str {
        match self {
            Failure::Value(t) => t,
        }
    }
}

/// Diagnostics as plain text, one block each: `NAME:LINE:COL: error[vdl::code]: message`,
/// the other labels' places, and the help.
pub fn diagnostics_text(sources: &Sources, diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| diagnostic_text(sources, d))
        .collect::<Vec<_>>()
        .join("\n")
}

fn place(sources: &Sources, span: vdl::Span) -> String {
    match sources.locate(span) {
        Some((file, local)) => {
            let (line, col) = file.line_col(local.start);
            format!("{}:{line}:{col}", file.name)
        }
        None => "?".to_string(),
    }
}

pub fn diagnostic_text(sources: &Sources, d: &Diagnostic) -> String {
    let severity = if d.is_error() { "error" } else { "warning" };
    let mut s = format!(
        "{}: {severity}[{}]: {}",
        place(sources, d.span()),
        d.code.as_str(),
        d.message
    );
    for label in &d.labels {
        if !label.text.is_empty() {
            s.push_str(&format!(
                "\n  {}: {}",
                place(sources, label.span),
                label.text
            ));
        }
    }
    if let Some(h) = &d.help {
        s.push_str(&format!("\n  help: {h}"));
    }
    s
}

/// A FEN's error: `vdl::bad_fen: MESSAGE (at column N of `FEN`)`, and its help.
pub fn fen_text(fen: &str, e: &vdl::model::FenError) -> String {
    let code = vdl::fen_code(e);
    let mut s = format!(
        "{}: {} (column {} of `{fen}`)",
        code.as_str(),
        e.message,
        e.offset + 1
    );
    if let Some(h) = &e.help {
        s.push_str(&format!("\n  help: {h}"));
    }
    s
}
