//! `vdl check` (every problem of the files, as text or JSON) and `vdl explain`.

use crate::cli::Format;
use crate::commands::position::to_json;
use crate::report::{capped, read, render_loaded};
use crate::Failure;
use vdl::Diagnostic;

pub(crate) fn check(files: &[String], format: Format, deny_warnings: bool) -> Result<(), Failure> {
    let mut failed = false;
    let mut unreadable = false;
    let mut reports = Vec::new();
    for path in files {
        let source = match read(path) {
            Ok(s) => s,
            Err(Failure::Usage(m)) => {
                if format == Format::Json {
                    reports.push(FileJson {
                        file: path.clone(),
                        ok: false,
                        errors: 0,
                        warnings: 0,
                        unreadable: Some(m),
                        diagnostics: Vec::new(),
                    });
                } else {
                    errln!("error: {m}");
                }
                unreadable = true;
                continue;
            }
            Err(_) => continue,
        };
        let loaded = vdl::load_file(std::path::Path::new(path), &source);
        let errors = loaded.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = loaded.diagnostics.len() - errors;
        let ok = errors == 0 && (warnings == 0 || !deny_warnings);
        failed |= !ok;
        if format == Format::Json {
            reports.push(FileJson {
                file: path.clone(),
                ok,
                errors,
                warnings,
                unreadable: None,
                diagnostics: loaded
                    .diagnostics
                    .iter()
                    .map(|d| diagnostic_json(&loaded.sources, d))
                    .collect(),
            });
            continue;
        }
        let (shown, more) = capped(&loaded.diagnostics);
        for d in shown {
            errout!("{}", render_loaded(&loaded.sources, d));
        }
        errout!("{more}");
        if errors > 0 {
            outln!("{path}: {errors} error(s), {warnings} warning(s)");
        } else if !ok {
            outln!("{path}: {warnings} warning(s), denied");
        } else {
            outln!("{path}: ok ({warnings} warning(s))");
        }
    }
    if format == Format::Json {
        outln!("{}", to_json(&reports)?);
    }
    if unreadable {
        return Err(Failure::UsageReported);
    }
    if failed {
        Err(Failure::Judged)
    } else {
        Ok(())
    }
}

/// One checked file, for `vdl check --format json`.
#[derive(serde::Serialize)]
pub(crate) struct FileJson {
    file: String,
    /// No error (and no warning, with `--deny-warnings`).
    ok: bool,
    errors: usize,
    warnings: usize,
    /// Why the file could not be read, if it could not.
    unreadable: Option<String>,
    diagnostics: Vec<DiagnosticJson>,
}

#[derive(serde::Serialize, Clone)]
pub(crate) struct DiagnosticJson {
    code: &'static str,
    severity: &'static str,
    message: String,
    /// The file of the primary label (a base, for an error inside it).
    file: String,
    /// Byte offsets into that file.
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    labels: Vec<LabelJson>,
    help: Option<String>,
}

#[derive(serde::Serialize, Clone)]
pub(crate) struct LabelJson {
    file: String,
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    text: String,
    primary: bool,
}

pub(crate) fn diagnostic_json(sources: &vdl::Sources, d: &Diagnostic) -> DiagnosticJson {
    let place = |span: vdl::Span| match sources.locate(span) {
        Some((file, local)) => {
            let (line, column) = file.line_col(local.start);
            let (end_line, end_column) = file.line_col(local.end);
            (file.name.clone(), local, line, column, end_line, end_column)
        }
        None => (String::new(), span, 0, 0, 0, 0),
    };
    let (file, span, line, column, end_line, end_column) = place(d.span());
    DiagnosticJson {
        code: d.code.as_str(),
        severity: if d.is_error() { "error" } else { "warning" },
        message: d.message.clone(),
        file,
        start: span.start,
        end: span.end,
        line,
        column,
        end_line,
        end_column,
        labels: d
            .labels
            .iter()
            .map(|l| {
                let (file, span, line, column, _, _) = place(l.span);
                LabelJson {
                    file,
                    start: span.start,
                    end: span.end,
                    line,
                    column,
                    text: l.text.clone(),
                    primary: l.primary,
                }
            })
            .collect(),
        help: d.help.clone(),
    }
}

pub(crate) fn explain(code: Option<&str>) -> Result<(), Failure> {
    let Some(name) = code else {
        for c in vdl::Code::ALL {
            outln!("{:<24} {}", c.as_str(), c.summary());
        }
        return Ok(());
    };
    let found = vdl::Code::from_name(name).and_then(|c| c.explain());
    match found {
        Some(text) => {
            out!("{}", render_explanation(text));
            Ok(())
        }
        None => {
            let names: Vec<&str> = vdl::Code::ALL.iter().map(|c| c.as_str()).collect();
            let guess = vdl::diagnostic::suggest(name, names.iter().copied()).or_else(|| {
                vdl::diagnostic::suggest(&format!("vdl::{name}"), names.iter().copied())
            });
            Err(Failure::Usage(match guess {
                Some(g) => format!("no diagnostic code `{name}`; did you mean `{g}`?"),
                None => format!("no diagnostic code `{name}`; `vdl explain` lists them all"),
            }))
        }
    }
}

/// An explanation's Markdown as terminal text: the title underlined, code blocks
/// indented with their test annotations dropped, inline code and emphasis
/// without their marks.
pub(crate) fn render_explanation(markdown: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            if !line.starts_with("# expect:") {
                out.push_str(&format!("    {line}\n"));
            }
        } else if let Some(title) = line.strip_prefix("## ") {
            let title = title.replace('`', "");
            out.push_str(&format!("{title}\n{}\n", "=".repeat(title.chars().count())));
        } else {
            out.push_str(&line.replace(['`', '*'], ""));
            out.push('\n');
        }
    }
    out
}
