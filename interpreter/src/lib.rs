//! vdl: a variant-definition language for chess variants.
//!
//! Data flows one way: `syntax` (text to a spanned AST) → `check` (diagnostics
//! and a plain [`model::Definition`]) → `compile` (a [`Ruleset`] of precomputed
//! tables) → `engine` (positions, moves, perft) → `lint` (warnings about rules
//! that load but look wrong) → [`referee`] (games) and [`search`] (the engine that
//! plays). Those stages are internal; what a program calls is re-exported here:
//!
//! * loading: [`load`], [`load_file`], [`load_untrusted`] give a [`Loaded`], its
//!   [`Diagnostic`]s and, when it checks, a [`Ruleset`];
//! * playing: [`Position`] (from [`Position::start`] or a FEN), its [`Move`]s,
//!   perft; [`referee::Game`] for whole games with results and notation;
//! * the definition as checked: [`model`];
//! * Fairy-Stockfish's `variants.ini` in and out: [`fsf`].
#![warn(missing_docs)]

pub(crate) mod check;
pub(crate) mod compile;
pub mod diagnostic;
pub(crate) mod engine;
pub mod fsf;
pub(crate) mod lint;
pub mod model;
pub mod random;
pub mod referee;
pub mod search;
pub mod source;
pub(crate) mod syntax;

pub use check::betza_writer::write as betza_of;
pub use check::fen_code;
pub use compile::{Cell, Ruleset};
pub use diagnostic::{Code, Diagnostic, Severity, Span};
#[cfg(feature = "reference")]
pub use engine::reference;
pub use engine::{
    Goal, GoalKind, Legality, LegalityMismatch, Marks, Move, MoveKind, Piece, Position, Weights,
    MAX_PERFT_DEPTH,
};
pub use source::{SourceFile, Sources};
use std::path::{Path, PathBuf};
pub use syntax::File as SyntaxFile;

/// The bytes of a definition's own `evaluation` section (not a base's), if the
/// text parses and has one: where `vdl tune --write` puts its new section.
pub fn evaluation_section(text: &str) -> Option<std::ops::Range<usize>> {
    own_evaluation(text).map(|e| e.span.start..e.span.end)
}

/// The bytes of the name in the first `network "NAME"` of a definition's own
/// `evaluation` section (inside the quotes), if the text parses and has one:
/// what `vdl tune --network --write` replaces.
pub fn network_name(text: &str) -> Option<std::ops::Range<usize>> {
    let name = own_evaluation(text)?.networks.into_iter().next()?;
    Some(name.span.start..name.span.end)
}

/// The `evaluation` section of a definition's own text, if it parses and has one.
fn own_evaluation(text: &str) -> Option<syntax::EvaluationDecl> {
    let file = syntax::parse_at(text, 0).ok()?;
    file.items.into_iter().find_map(|item| match item {
        syntax::Item::Evaluation(e) => Some(e),
        _ => None,
    })
}

/// The most files one `extends` chain may have.
pub const MAX_EXTENDS_DEPTH: usize = 16;

/// The result of loading a definition: the compiled rules when there is no error,
/// every diagnostic (errors and warnings) sorted by position, and the files read
/// (the loaded file and the bases it extends) that the diagnostics' spans point into.
#[derive(Debug)]
pub struct Loaded {
    /// The compiled rules, when the definition checks.
    pub ruleset: Option<Ruleset>,
    /// Every error and warning, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// The files read, for rendering the diagnostics.
    pub sources: Sources,
}

impl Loaded {
    /// Whether some diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Parse, check and compile a definition's text. A base named by `extends` is read
/// from disk, relative to the current directory.
pub fn load(text: &str) -> Loaded {
    load_with(Path::new("definition.vdl"), text, &mut read_source)
}

/// Parse, check and compile the definition at `path`, whose text is `text`. A base
/// named by `extends` is read from disk, relative to the directory of the file naming it.
pub fn load_file(path: &Path, text: &str) -> Loaded {
    load_with(path, text, &mut read_source)
}

/// Load a definition that may come from a stranger (a server's user) without
/// touching the file system: `extends` may name only one of `bases`, given as
/// (name, text) pairs, e.g. the shipped definitions a server offers.
pub fn load_untrusted(text: &str, bases: &[(&str, &str)]) -> Loaded {
    let names: Vec<&str> = bases.iter().map(|(name, _)| *name).collect();
    let mut read = |path: &Path| {
        let wanted = path.to_string_lossy();
        match bases.iter().find(|(name, _)| *name == wanted) {
            Some((_, text)) => Ok(text.to_string()),
            None if names.is_empty() => Err(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "this definition was loaded without file access, and no base was given with it",
            )),
            None => Err(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                format!(
                    "the bases given with this definition are {}",
                    names.join(", ")
                ),
            )),
        }
    };
    load_with(Path::new("definition.vdl"), text, &mut read)
}

/// The largest file vdl reads (a definition, a base, a game record).
pub const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// Open a file to read if it is a regular file: a named pipe, a device or a
/// folder is an error at once (asked before opening: opening a pipe waits for a writer).
pub fn open_regular(path: &Path) -> std::io::Result<std::fs::File> {
    let not_regular = || std::io::Error::other("not a regular file");
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let file = std::fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    Ok(file)
}

/// Read a definition or game from disk: a regular file of at most [`MAX_SOURCE_BYTES`] (so that
/// `extends "/dev/zero"` is an error, not a hang).
pub fn read_source(path: &Path) -> std::io::Result<String> {
    read_limited(path, MAX_SOURCE_BYTES)
}

/// The most bytes of a game collection `vdl values` and `vdl tune` learn from.
pub const MAX_COLLECTION_BYTES: u64 = 64 << 20;

/// A game collection's text (at most [`MAX_COLLECTION_BYTES`]).
pub fn read_collection(path: &Path) -> std::io::Result<String> {
    read_limited(path, MAX_COLLECTION_BYTES)
}

fn read_limited(path: &Path, limit: u64) -> std::io::Result<String> {
    use std::io::Read;
    let file = open_regular(path)?;
    let mut text = String::new();
    file.take(limit + 1).read_to_string(&mut text)?;
    if text.len() as u64 > limit {
        return Err(std::io::Error::other(format!(
            "larger than the limit of {limit} bytes"
        )));
    }
    if let Some(rest) = text.strip_prefix('\u{feff}') {
        text = rest.to_string();
    }
    Ok(text)
}

/// A text without the byte-order mark some editors put first in a UTF-8 file (it
/// marks nothing in UTF-8, and a column counted after it would be one off).
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// [`load_file`] with the bases read by `read` (given a path already joined to the
/// naming file's directory), e.g. from memory.
pub fn load_with(
    path: &Path,
    text: &str,
    read: &mut dyn FnMut(&Path) -> std::io::Result<String>,
) -> Loaded {
    load_keeping_syntax(path, text, read).0
}

/// [`load_with`], also giving the file as written, merged with its bases (for
/// what needs the text of the rules, such as exporting them to another format).
pub fn load_keeping_syntax(
    path: &Path,
    text: &str,
    read: &mut dyn FnMut(&Path) -> std::io::Result<String>,
) -> (Loaded, Option<syntax::File>) {
    let mut sources = Sources::default();
    let mut diagnostics = Vec::new();
    let mut file = read_chain(path, text, read, &mut sources, &mut diagnostics);
    if let Some(file) = &mut file {
        read_network(path, file, read, &mut sources, &mut diagnostics);
    }
    let Some(file) = file else {
        diagnostic::sort(&mut diagnostics);
        let loaded = Loaded {
            ruleset: None,
            diagnostics,
            sources,
        };
        return (loaded, None);
    };
    let checked = check::check(&file);
    diagnostics.extend(checked.diagnostics);
    let ruleset = if diagnostics.iter().any(Diagnostic::is_error) {
        None
    } else {
        checked.definition.map(compile::compile)
    };
    if let Some(rules) = &ruleset {
        diagnostics.extend(lint::lint(&file, rules));
    }
    diagnostic::sort(&mut diagnostics);
    let loaded = Loaded {
        ruleset,
        diagnostics,
        sources,
    };
    (loaded, Some(file))
}

/// Read and parse a file and the bases it extends, and merge them into one file.
/// `None` when a file cannot be read or parsed (the merge would report noise).
fn read_chain(
    path: &Path,
    text: &str,
    read: &mut dyn FnMut(&Path) -> std::io::Result<String>,
    sources: &mut Sources,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<syntax::File> {
    let text = without_bom(text);
    let base = sources.add(path.display().to_string(), text);
    let first = syntax::parse_at(text, base)
        .map_err(|d| diagnostics.extend(d))
        .ok()?;
    // (the path as named, the path as the file is known, the parsed file)
    let mut chain: Chain = vec![(path.to_path_buf(), identity(path), first)];
    loop {
        let (file_path, _, file) = chain.last()?;
        let Some(extends) = &file.extends else {
            break;
        };
        let next = file_path
            .parent()
            .unwrap_or(Path::new(""))
            .join(&extends.path.value);
        let at = extends.path.span;
        if let Some(d) = bad_base(&chain, &next, extends) {
            diagnostics.push(d);
            return None;
        }
        let base_text = match read(&next) {
            Ok(t) => t,
            Err(e) => {
                diagnostics.push(
                    Diagnostic::error(Code::BadExtends, unreadable(&next, &e))
                        .at(at, "the base definition")
                        .help("the path is relative to the directory of the file that names it"),
                );
                return None;
            }
        };
        let base_text = without_bom(&base_text);
        let base = sources.add(next.display().to_string(), base_text);
        let parsed = syntax::parse_at(base_text, base)
            .map_err(|d| diagnostics.extend(d))
            .ok()?;
        chain.push((next.clone(), identity(&next), parsed));
    }
    let mut merged: Option<syntax::File> = None;
    for (_, _, file) in chain.into_iter().rev() {
        merged = Some(match merged {
            None => file,
            Some(base) => {
                let (file, problems) = check::extend::merge(base, file);
                diagnostics.extend(problems);
                file
            }
        });
    }
    merged
}

/// Read the file of the loaded definition's `network "NAME"` (the first one given),
/// from the definition's directory: a plain name ending in `.net`, so that a
/// definition reads nothing but a file beside it.
fn read_network(
    path: &Path,
    file: &mut syntax::File,
    read: &mut dyn FnMut(&Path) -> std::io::Result<String>,
    sources: &mut Sources,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(decl) = file.items.iter_mut().find_map(|item| match item {
        syntax::Item::Evaluation(e) => Some(e),
        _ => None,
    }) else {
        return;
    };
    let Some(name) = decl.networks.first() else {
        return;
    };
    let at = name.span;
    let plain = !name.value.starts_with('.')
        && name.value.ends_with(".net")
        && (name.value.chars()).all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    if !plain {
        diagnostics.push(
            Diagnostic::error(
                Code::BadNetwork,
                format!("`{}` is not the name of a network file", name.value),
            )
            .at(at, "not a plain file name ending in `.net`")
            .help("a network is a file beside the definition: letters, digits, `-`, `_` and `.`, ending in `.net`, no folder"),
        );
        return;
    }
    let next = path.parent().unwrap_or(Path::new("")).join(&name.value);
    match read(&next) {
        Ok(text) => {
            let base = sources.add(next.display().to_string(), text.as_str());
            decl.network_text = Some((base, text));
        }
        Err(e) => {
            diagnostics.push(
                Diagnostic::error(Code::BadNetwork, unreadable(&next, &e))
                    .at(at, "the network")
                    .help("copy the network beside the definition (`vdl tune FILE --network N` writes one), or remove this line to play with the evaluation's terms"),
            );
        }
    }
}

/// Why the file at `path` could not be read.
fn unreadable(path: &Path, e: &std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::NotFound {
        format!("there is no file `{}`", path.display())
    } else {
        format!("cannot read `{}`: {e}", path.display())
    }
}

/// The chain read so far.
type Chain = Vec<(PathBuf, PathBuf, syntax::File)>;

/// Why `next`, the base `extends` names, may not be read: it closes a circle, the
/// chain is too long, or it is no definition file.
fn bad_base(chain: &Chain, next: &Path, extends: &syntax::ExtendsDecl) -> Option<Diagnostic> {
    let at = extends.path.span;
    if chain.iter().any(|(_, known, _)| *known == identity(next)) {
        let circle: Vec<String> = chain
            .iter()
            .map(|(named, _, _)| named.display().to_string())
            .chain([next.display().to_string()])
            .collect();
        return Some(
            Diagnostic::error(
                Code::BadExtends,
                format!("the bases form a circle: {}", circle.join(" → ")),
            )
            .at(at, "this base leads back to a file already being read")
            .help("a chain of `extends` must end in a file that extends nothing"),
        );
    }
    if chain.len() >= MAX_EXTENDS_DEPTH {
        return Some(
            Diagnostic::error(
                Code::Limit,
                format!("more than {MAX_EXTENDS_DEPTH} files in one `extends` chain"),
            )
            .at(at, "one base too many")
            .help("merge some of the bases into one file"),
        );
    }
    if next.extension().is_none_or(|e| e != "vdl") {
        return Some(
            Diagnostic::error(
                Code::BadExtends,
                format!("`{}` is not a definition file", extends.path.value),
            )
            .at(at, "not a `.vdl` file")
            .help("`extends` names a definition, a file whose name ends in `.vdl`"),
        );
    }
    None
}

/// A path as the same file is known whichever way it is named, for finding cycles.
fn identity(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.components().collect())
}

/// The shipped definitions' files, in order of their names.
#[cfg(test)]
pub(crate) fn shipped_definitions() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../definitions");
    let mut files: Vec<_> = (std::fs::read_dir(&dir).expect("definitions"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "vdl"))
        .collect();
    files.sort();
    files
}

#[cfg(test)]
mod read_tests {
    use super::*;

    #[test]
    fn a_file_past_its_limit_is_refused_not_truncated() {
        let path = std::env::temp_dir().join(format!("vdl-limit-{}.pgn", std::process::id()));
        std::fs::write(&path, "1. e4 e5 1-0\n").expect("writable");
        assert_eq!(read_limited(&path, 13).expect("fits"), "1. e4 e5 1-0\n");
        let refused = read_limited(&path, 12).expect_err("one byte too many");
        assert_eq!(refused.to_string(), "larger than the limit of 12 bytes");
        let _ = std::fs::remove_file(&path);
    }
}
