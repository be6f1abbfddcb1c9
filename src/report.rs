//! Diagnostics rendered for people: miette's pictures of a definition's problems,
//! with excerpts from every file they name, and the loading of definition files.

use crate::draw::excerpt::Excerpt;
use crate::protocols::session;
use crate::Failure;
use miette::{GraphicalReportHandler, GraphicalTheme};
use vdl::{Diagnostic, Ruleset};

pub(crate) fn render(name: &str, source: &str, diagnostic: &Diagnostic) -> String {
    render_after(name, source, 0, diagnostic)
}

/// Render a diagnostic on a text that starts after `lines_before` lines of its file.
pub(crate) fn render_after(
    name: &str,
    source: &str,
    lines_before: usize,
    diagnostic: &Diagnostic,
) -> String {
    let (excerpt, local) = Excerpt::around(name, source, lines_before, diagnostic);
    draw(miette::Report::new(local).with_source_code(excerpt))
}

pub(crate) fn draw(report: miette::Report) -> String {
    draw_themed(report, std::env::var_os("NO_COLOR").is_none())
}

pub(crate) fn draw_themed(report: miette::Report, colour: bool) -> String {
    let theme = if !colour {
        GraphicalTheme::unicode_nocolor()
    } else {
        GraphicalTheme::default()
    };
    let mut out = String::new();
    let _ = GraphicalReportHandler::new_themed(theme)
        .with_width(100)
        .with_word_splitter(textwrap::WordSplitter::NoHyphenation)
        .render_report(&mut out, report.as_ref());
    out
}

pub(crate) fn read(path: &str) -> Result<String, Failure> {
    vdl::read_source(std::path::Path::new(path))
        .map_err(|e| Failure::Usage(format!("cannot read {path}: {e}")))
}

/// Render a definition's diagnostic against the file its primary label is in; a
/// label in another file (a base the file extends) is drawn below it, in its file.
pub(crate) fn render_loaded(sources: &vdl::Sources, diagnostic: &Diagnostic) -> String {
    render_sourced(sources, diagnostic, std::env::var_os("NO_COLOR").is_none())
}

/// A diagnostic rendered without colour, for the web page.
pub(crate) fn render_plain(sources: &vdl::Sources, diagnostic: &Diagnostic) -> String {
    render_sourced(sources, diagnostic, false)
}

pub(crate) fn render_sourced(
    sources: &vdl::Sources,
    diagnostic: &Diagnostic,
    colour: bool,
) -> String {
    let in_file = |name: &str, text: &str, d: &Diagnostic| {
        let (excerpt, local) = Excerpt::around(name, text, 0, d);
        draw_themed(miette::Report::new(local).with_source_code(excerpt), colour)
    };
    let Some((file, _)) = sources.locate(diagnostic.span()) else {
        return in_file("", "", diagnostic);
    };
    let mut local = diagnostic.clone();
    local.labels.clear();
    let mut elsewhere = Vec::new();
    for label in &diagnostic.labels {
        match sources.locate(label.span) {
            Some((f, span)) if f.name == file.name => local.labels.push(vdl::diagnostic::Label {
                span,
                ..label.clone()
            }),
            Some((f, span)) => {
                let alone = Diagnostic::error(diagnostic.code, "").at(span, "");
                let (source, moved) = Excerpt::around(&f.name, &f.text, 0, &alone);
                let span = moved.span();
                elsewhere.push(Elsewhere {
                    text: label.text.clone(),
                    source,
                    span: miette::SourceSpan::new(span.start.into(), span.end - span.start),
                })
            }
            None => {}
        }
    }
    if elsewhere.is_empty() {
        return in_file(&file.name, &file.text, &local);
    }
    let (excerpt, local) = Excerpt::around(&file.name, &file.text, 0, &local);
    let report = miette::Report::new(WithElsewhere {
        diagnostic: local,
        elsewhere,
    })
    .with_source_code(excerpt);
    draw_themed(report, colour)
}

/// A diagnostic whose other labels are in other files.
#[derive(Debug)]
pub(crate) struct WithElsewhere {
    diagnostic: Diagnostic,
    elsewhere: Vec<Elsewhere>,
}

impl std::fmt::Display for WithElsewhere {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.diagnostic.fmt(f)
    }
}

impl std::error::Error for WithElsewhere {}

impl miette::Diagnostic for WithElsewhere {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.diagnostic.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(&self.diagnostic)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        miette::Diagnostic::help(&self.diagnostic)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.diagnostic.labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        Some(Box::new(
            self.elsewhere.iter().map(|e| e as &dyn miette::Diagnostic),
        ))
    }
}

/// One label of a diagnostic, in a file other than the diagnostic's.
#[derive(Debug)]
pub(crate) struct Elsewhere {
    text: String,
    source: Excerpt,
    span: miette::SourceSpan,
}

impl std::fmt::Display for Elsewhere {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} in {}", self.text, self.source.name())
    }
}

impl std::error::Error for Elsewhere {}

impl miette::Diagnostic for Elsewhere {
    fn severity(&self) -> Option<miette::Severity> {
        Some(miette::Severity::Advice)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(
            miette::LabeledSpan::new_primary_with_span(Some(self.text.clone()), self.span),
        )))
    }
}

/// Load a definition, printing its diagnostics; the rules when it has no error.
/// Load a definition for a command that uses it: errors are drawn in full;
/// warnings, which `vdl check` draws, are counted in one line so that they do not
/// repeat on every perft or move list.
pub(crate) fn load(path: &str) -> Result<Ruleset, Failure> {
    let source = read(path)?;
    let loaded = vdl::load_file(std::path::Path::new(path), &source);
    let warnings = loaded.diagnostics.iter().filter(|d| !d.is_error()).count();
    let (shown, more) = capped_errors(&loaded);
    for d in shown {
        errout!("{}", render_loaded(&loaded.sources, d));
    }
    errout!("{more}");
    if warnings > 0 && loaded.ruleset.is_some() {
        let (s, them) = if warnings == 1 {
            ("", "it")
        } else {
            ("s", "them")
        };
        errln!("{path}: {warnings} warning{s} (`vdl check {path}` shows {them})");
    }
    loaded.ruleset.ok_or(Failure::Judged)
}

/// The most diagnostics of one code drawn, and the most drawn in all, for one file.
pub(crate) const SHOWN_PER_CODE: usize = 10;
pub(crate) const SHOWN_IN_ALL: usize = 50;

/// The diagnostics to draw, and a line for those left out (empty when none are):
/// a file that repeats one mistake a million times is told so in a few screens.
pub(crate) fn capped<'d>(
    diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
) -> (Vec<&'d Diagnostic>, String) {
    let mut per_code: std::collections::BTreeMap<vdl::Code, usize> = Default::default();
    let mut shown = Vec::new();
    let mut left: std::collections::BTreeMap<vdl::Code, usize> = Default::default();
    for d in diagnostics {
        let seen = per_code.entry(d.code).or_default();
        *seen += 1;
        if *seen <= SHOWN_PER_CODE && shown.len() < SHOWN_IN_ALL {
            shown.push(d);
        } else {
            *left.entry(d.code).or_default() += 1;
        }
    }
    let more = left
        .iter()
        .map(|(code, n)| format!("... and {n} more `{}`\n", code.as_str()))
        .collect();
    (shown, more)
}

/// A loaded definition's errors to draw, and the line for those left out.
pub(crate) fn capped_errors(loaded: &vdl::Loaded) -> (Vec<&Diagnostic>, String) {
    capped(loaded.diagnostics.iter().filter(|d| d.is_error()))
}

/// The definitions an engine protocol offers.
pub(crate) fn variants(files: &[String]) -> Result<Vec<session::Variant>, Failure> {
    files
        .iter()
        .map(|f| load(f).map(|rules| session::Variant::named(f, rules)))
        .collect()
}
