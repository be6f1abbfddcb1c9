//! Fairy-Stockfish's variant configuration files (`variants.ini`), in and out.
//!
//! Import: ini text → sections (`ini`) → each section with its parents' settings
//! (`settings`) → Fairy-Stockfish's flat description of the rules (`variant`) →
//! vdl items (`write`) → a definition, checked by vdl's own stages before it is
//! given out. Export: a checked definition → an ini section (`export`).

mod builtin;
mod export;
mod ini;
mod pieces;
mod settings;
mod variant;
mod write;

use crate::diagnostic::{Code, Diagnostic, Span};
pub use builtin::{shipped, SHIPPED};
pub use export::export;
use write::{Item, ItemKey};

/// One section written as a definition.
#[derive(Clone, Debug)]
pub struct Written {
    /// The section's name.
    pub section: String,
    /// `NAME.vdl`.
    pub file_name: String,
    /// The definition's text.
    pub text: String,
    /// The file it extends, if it does: a shipped definition or an earlier section's.
    pub extends: Option<String>,
    /// Warnings about the section (keys Fairy-Stockfish does not know).
    pub warnings: Vec<Diagnostic>,
    /// Each promoted kind's label (`+B`) and the letter of the type it is in
    /// Fairy-Stockfish (`A`): what its SAN writes for the piece.
    pub promoted_letters: Vec<(String, String)>,
}

/// One section that was not written, and why.
#[derive(Clone, Debug)]
pub struct Refused {
    /// The section's name.
    pub section: String,
    /// Why: every reason found.
    pub diagnostics: Vec<Diagnostic>,
    /// The definition as far as it was written, when it was written but did not
    /// check: for a person to finish by hand.
    pub attempt: Option<String>,
}

/// What an import made of a file.
#[derive(Clone, Debug, Default)]
pub struct Import {
    /// The sections written as definitions.
    pub written: Vec<Written>,
    /// The sections that cannot be.
    pub refused: Vec<Refused>,
    /// Problems with the file's lines themselves (not of one section).
    pub diagnostics: Vec<Diagnostic>,
    /// Names asked for that no section has.
    pub missing: Vec<String>,
}

impl Import {
    /// Refusals counted by the key (or the kind of problem) that caused them.
    pub fn refusals_by_key(&self, text: &str, base: usize) -> Vec<(String, usize)> {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for r in &self.refused {
            let mut keys: Vec<String> = Vec::new();
            for d in r.diagnostics.iter().filter(|d| d.is_error()) {
                let key = blamed_key(text, base, d);
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
            for key in keys {
                match counts.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((key, 1)),
                }
            }
        }
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        counts
    }
}

/// The key on the line a diagnostic points at, or its code's name.
fn blamed_key(text: &str, base: usize, d: &Diagnostic) -> String {
    let at = d.span().start.saturating_sub(base).min(text.len());
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[line_start..].lines().next().unwrap_or("");
    match line.split_once('=') {
        Some((key, _)) if !line.trim_start().starts_with('[') => key.trim().to_string(),
        _ => d.code.as_str().trim_start_matches("vdl::").to_string(),
    }
}

/// The most sections one import writes.
pub const MAX_WRITTEN: usize = 1_000;

/// Imports the sections of an ini text (all of them, or those named in `wanted`
/// and whatever they need). `source` names the file in the written headers;
/// spans start at `base`.
pub fn import(text: &str, base: usize, source: &str, wanted: &[String]) -> Import {
    let (sections, diagnostics) = ini::parse(text, base);
    let mut out = Import {
        diagnostics,
        ..Import::default()
    };
    out.missing = wanted
        .iter()
        .filter(|w| !sections.iter().any(|s| s.name.value == **w))
        .cloned()
        .collect();
    let resolved = settings::resolve_all(&sections);
    // each section's items, for its children
    let mut done: Vec<(String, Option<Vec<Item>>)> = Vec::new();
    for (section, resolved) in sections.iter().zip(resolved) {
        let name = section.name.value.clone();
        let result = resolved.map_err(|d| (vec![d], None)).and_then(|r| {
            if let (Some(p), Some(at)) = (&r.file_parent, section.parent.as_ref()) {
                if done.iter().rev().find(|(n, _)| n == p).is_some_and(|(_, items)| items.is_none()) {
                    let d = Diagnostic::error(Code::FsfParent, format!("the parent `{p}` was not imported"))
                        .at(at.span, "this parent was refused")
                        .help("the parent's own diagnostics say why; a child is imported once its parent is");
                    return Err((vec![d], None));
                }
            }
            let line = crate::source::line_col(text, section.span.start.saturating_sub(base)).0;
            one(&r, source, line, &done, &out.written)
        });
        let asked = wanted.is_empty() || wanted.contains(&name);
        match result {
            Ok((written, items)) => {
                done.push((name.clone(), Some(items)));
                if asked && out.written.len() < MAX_WRITTEN {
                    out.written.push(written);
                }
            }
            Err((diagnostics, attempt)) => {
                done.push((name.clone(), None));
                if asked {
                    out.refused.push(Refused {
                        section: name,
                        diagnostics,
                        attempt,
                    });
                }
            }
        }
    }
    out
}

type Done = [(String, Option<Vec<Item>>)];

type Failed = (Vec<Diagnostic>, Option<String>);

fn one(
    r: &settings::Resolved,
    source: &str,
    line: usize,
    done: &Done,
    written: &[Written],
) -> Result<(Written, Vec<Item>), Failed> {
    let read = variant::read(r);
    let (errors, warnings): (Vec<Diagnostic>, Vec<Diagnostic>) =
        read.diagnostics.into_iter().partition(Diagnostic::is_error);
    if !errors.is_empty() {
        return Err((errors, None));
    }
    let mut w = write::write(&read.variant).map_err(|d| (vec![d], None))?;
    let base_refs = bases(written);
    let mut full = compose(
        &header(r, source, line, &w.notes),
        &r.name,
        None,
        w.items.iter(),
    );
    let mut loaded = crate::load_untrusted(&full, &base_refs);
    if allow_meant_warnings(&loaded, &mut w) {
        full = compose(
            &header(r, source, line, &w.notes),
            &r.name,
            None,
            w.items.iter(),
        );
        loaded = crate::load_untrusted(&full, &base_refs);
    }
    let header = header(r, source, line, &w.notes);
    if let Some(d) = loaded.diagnostics.first() {
        return Err((vec![not_checked(r.header, d)], Some(full)));
    }
    let Some(rules) = loaded.ruleset else {
        let d = Diagnostic::error(
            Code::FsfUnsupported,
            "the definition written for this section does not compile",
        )
        .at(r.header, "this section");
        return Err((vec![d], Some(full)));
    };
    let (text, extends) = match parent(r, done) {
        Some(base) => shortest_text(
            base,
            &w.items,
            &full,
            (&header, &r.name),
            &base_refs,
            &rules,
        ),
        None => (full, None),
    };
    Ok((
        Written {
            section: r.name.clone(),
            file_name: format!("{}.vdl", r.name),
            text,
            extends,
            warnings,
            promoted_letters: w.promoted_letters,
        },
        w.items,
    ))
}

/// Warnings a Fairy-Stockfish section can mean: cells no piece ever reaches (the
/// light cells of fox-and-hounds), a zone of one side only (its flag), drops
/// where the piece could never move (`immobilityIllegal = false`), and a piece in
/// hand that may be dropped nowhere (a hopper, which cannot move on an empty board,
/// under `immobilityIllegal`): no cells for its drops, and it never gets onto the
/// board. When the
/// written definition loads with nothing else to say, it says `allow` for them
/// (and the notes say so), so that the board and its FEN stay Fairy-Stockfish's.
/// Whether any was allowed.
fn allow_meant_warnings(loaded: &crate::Loaded, w: &mut write::Written) -> bool {
    const MEANT: [Code; 4] = [
        Code::UnreachableCell,
        Code::EmptyZone,
        Code::DeadDrop,
        Code::UnusedPiece,
    ];
    let meant = |d: &Diagnostic| !d.is_error() && MEANT.contains(&d.code);
    if loaded.ruleset.is_none()
        || loaded.diagnostics.is_empty()
        || !loaded.diagnostics.iter().all(meant)
    {
        return false;
    }
    let mut codes: Vec<&str> = (loaded.diagnostics.iter())
        .map(|d| d.code.as_str().trim_start_matches("vdl::"))
        .collect();
    codes.dedup();
    for d in &loaded.diagnostics {
        w.notes.push(format!("{}: allowed", d.message));
    }
    w.items.insert(
        0,
        Item {
            key: ItemKey::Rule("allow"),
            text: format!("allow {}", codes.join(" ")),
        },
    );
    true
}

/// The text to write: the full definition, or, where it plays the same, one that
/// extends its parent's file and gives only the items that differ.
fn shortest_text(
    (base_file, parent_items): (String, Vec<Item>),
    items: &[Item],
    full: &str,
    (header, name): (&str, &str),
    base_refs: &[(&str, &str)],
    rules: &crate::compile::Ruleset,
) -> (String, Option<String>) {
    if let Some(delta) = delta(&parent_items, items) {
        let short = compose(header, name, Some(&base_file), delta.iter());
        let short_loaded = crate::load_untrusted(&short, base_refs);
        if short_loaded.diagnostics.is_empty()
            && short_loaded
                .ruleset
                .as_ref()
                .is_some_and(|s| same_play(rules, s))
        {
            return (short, Some(base_file));
        }
    }
    (full.to_string(), None)
}

fn not_checked(header: Span, d: &Diagnostic) -> Diagnostic {
    Diagnostic::error(
        Code::FsfUnsupported,
        format!("the definition written for this section does not check: {} ({})", d.message, d.code.as_str()),
    )
    .at(header, "this section")
    .help("a rule of the section that vdl reads otherwise than Fairy-Stockfish; the section is not written")
}

/// Every file an imported definition may extend: the shipped ones and those written.
fn bases(written: &[Written]) -> Vec<(&str, &str)> {
    let mut out: Vec<(&str, &str)> = SHIPPED.to_vec();
    out.extend(
        written
            .iter()
            .map(|w| (w.file_name.as_str(), w.text.as_str())),
    );
    out
}

/// The file a child extends and the items its parent was written as.
fn parent(r: &settings::Resolved, done: &Done) -> Option<(String, Vec<Item>)> {
    if let Some(p) = &r.file_parent {
        let items = done.iter().rev().find(|(n, _)| n == p)?.1.clone()?;
        return Some((format!("{p}.vdl"), items));
    }
    let (builtin, file) = r.shipped.clone()?;
    let resolved = settings::resolve_all(&builtin_section(&builtin));
    let r = resolved.into_iter().next()?.ok()?;
    let w = write::write(&variant::read(&r).variant).ok()?;
    Some((file, w.items))
}

/// A section `[x:builtin]` with no keys: the built-in as a parent.
fn builtin_section(name: &str) -> Vec<ini::Section> {
    ini::parse(&format!("[x:{name}]\n"), 0).0
}

/// The child's items that differ from its parent's, with its end rules always;
/// `None` when the child lacks something the parent has (vdl cannot remove it).
fn delta(parent: &[Item], child: &[Item]) -> Option<Vec<Item>> {
    if parent.iter().any(|p| !child.iter().any(|c| c.key == p.key)) {
        return None;
    }
    Some(
        child
            .iter()
            .filter(|c| c.key == ItemKey::End || !parent.contains(c))
            .cloned()
            .collect(),
    )
}

/// Whether two rulesets play alike from their setups: the same start, the same
/// end rules and the same move counts to depth 3 (or as deep as 200,000 nodes).
fn same_play(a: &crate::Ruleset, b: &crate::Ruleset) -> bool {
    let (da, db) = (&a.definition, &b.definition);
    if end_rules(da) != end_rules(db) {
        return false;
    }
    let (mut pa, mut pb) = (crate::Position::start(a), crate::Position::start(b));
    if pa.fen() != pb.fen() {
        return false;
    }
    // deeper only while the next count stays small (a section may come from anyone)
    let mut last = 1;
    for depth in 1..=3 {
        if last > 2_000 {
            break;
        }
        let (na, nb) = (pa.perft(depth), pb.perft(depth));
        if na != nb {
            return false;
        }
        last = na;
    }
    true
}

/// The end rules with piece kinds by name (two files may order their pieces
/// differently).
fn end_rules(def: &crate::model::Definition) -> String {
    let mut end = def.end.clone();
    let mut names: Vec<Vec<&str>> = Vec::new();
    let mut take = |kinds: &mut Vec<usize>| {
        let mut n: Vec<&str> = kinds
            .iter()
            .filter_map(|&k| def.pieces.get(k).map(|p| p.name.as_str()))
            .collect();
        n.sort_unstable();
        names.push(n);
        kinds.clear();
    };
    if let Some(m) = &mut end.move_limit {
        take(&mut m.reset_by);
        take(&mut m.reset_irreversible);
    }
    if let Some(x) = &mut end.extinction {
        take(&mut x.kinds);
    }
    if let Some(r) = &mut end.reach {
        take(&mut r.kinds);
    }
    if let Some(c) = &mut end.counting {
        take(&mut c.without);
        for (kinds, _) in &mut c.bare {
            take(kinds);
        }
    }
    format!("{end:?} {names:?}")
}

fn header(r: &settings::Resolved, source: &str, line: usize, notes: &[String]) -> String {
    let parent = r.chain.first().map(|p| format!(":{p}")).unwrap_or_default();
    let mut h = format!("// Imported from Fairy-Stockfish's configuration: section [{}{parent}] of {source} (line {line}).\n", r.name);
    for n in notes {
        h.push_str(&format!("// {n}\n"));
    }
    h
}

fn compose<'a>(
    header: &str,
    name: &str,
    extends: Option<&str>,
    items: impl Iterator<Item = &'a Item>,
) -> String {
    let mut text = header.to_string();
    text.push('\n');
    if let Some(base) = extends {
        text.push_str(&format!("extends \"{base}\"\n\n"));
    }
    text.push_str(&format!("variant \"{name}\"\n"));
    for item in items {
        text.push('\n');
        text.push_str(&item.text);
        text.push('\n');
    }
    text
}
