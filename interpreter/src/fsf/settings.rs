//! A section's settings with its parents' (Fairy-Stockfish's inheritance): the
//! built-in or earlier section a child starts from, its keys laid over.

use super::builtin;
use super::ini::{Section, Text};

use crate::diagnostic::{Code, Diagnostic, Span};
use indexmap::IndexMap;

/// A key's value and where it was given.
#[derive(Clone, Debug)]
pub struct Setting {
    pub value: String,
    /// In the imported file; for a value from a built-in parent, the child's
    /// `:parent` text.
    pub span: Span,
    /// The section that gave it.
    pub section: String,
    /// Given by a built-in (not by the imported file).
    pub builtin: bool,
}

/// Everything one section means before it is read as rules.
#[derive(Clone, Debug)]
pub struct Resolved {
    pub name: String,
    pub header: Span,
    /// Parents, nearest first, as written in the file or built in.
    pub chain: Vec<String>,
    /// The nearest built-in ancestor that vdl ships: its section name and file.
    pub shipped: Option<(String, String)>,
    /// The nearest parent section of the imported file, if any.
    pub file_parent: Option<String>,
    /// The settings of each section in the line, the root first: Fairy-Stockfish
    /// reads a child's keys on top of its parent's variant, one section at a time.
    pub levels: Vec<Level>,
}

/// One section's own settings.
#[derive(Clone, Debug, Default)]
pub struct Level {
    pub keys: IndexMap<String, Setting>,
}

impl Resolved {}

/// Resolves every section of the file, in order. A section whose parent cannot be
/// found gets an error and no settings.
pub fn resolve_all(sections: &[Section]) -> Vec<Result<Resolved, Diagnostic>> {
    let builtins = builtin::sections();
    let mut done: Vec<Result<Resolved, Diagnostic>> = Vec::new();
    for (i, section) in sections.iter().enumerate() {
        let parent = section.parent.as_ref().map(|p| {
            let earlier = sections[..i]
                .iter()
                .zip(&done)
                .rev()
                .find(|(s, _)| s.name.value == p.value)
                .map(|(_, r)| r.clone());
            (p, earlier)
        });
        let start = match parent {
            None => Ok(template(section)),
            Some((p, Some(Ok(r)))) => Ok(from_file_parent(r, p)),
            Some((p, Some(Err(_)))) => Err(Diagnostic::error(
                Code::FsfParent,
                format!("the parent `{}` could not be imported", p.value),
            )
            .at(p.span, "this parent was refused")
            .help("the parent's own diagnostics say why")),
            Some((p, None)) => from_builtin(&builtins, p),
        };
        done.push(start.map(|mut r| {
            r.name = section.name.value.clone();
            r.header = section.span;
            r.levels.push(level(section, false, None));
            r
        }));
    }
    done
}

fn template(section: &Section) -> Resolved {
    Resolved {
        name: section.name.value.clone(),
        header: section.span,
        chain: Vec::new(),
        shipped: None,
        file_parent: None,
        levels: Vec::new(),
    }
}

/// A section's settings; a repeated key's last value counts.
fn level(section: &Section, builtin: bool, at: Option<Span>) -> Level {
    let mut keys = IndexMap::new();
    for e in section
        .entries
        .iter()
        .filter(|e| !e.key.value.starts_with("vdl."))
    {
        keys.shift_remove(&e.key.value);
        keys.insert(
            e.key.value.clone(),
            Setting {
                value: e.value.value.clone(),
                span: at.unwrap_or(e.value.span),
                section: section.name.value.clone(),
                builtin,
            },
        );
    }
    Level { keys }
}

fn from_file_parent(parent: Resolved, p: &Text) -> Resolved {
    let mut r = parent;
    r.chain.insert(0, p.value.clone());
    r.file_parent = Some(p.value.clone());
    r
}

fn from_builtin(builtins: &[Section], p: &Text) -> Result<Resolved, Diagnostic> {
    let Some(index) = builtins.iter().position(|s| s.name.value == p.value) else {
        let known = builtin::NOT_SHIPPED.contains(&p.value.as_str());
        let d = Diagnostic::error(
            Code::FsfParent,
            if known {
                format!("the parent `{}` is a Fairy-Stockfish variant that this import cannot start from", p.value)
            } else {
                format!("no section `{}` comes before this one, and no built-in variant has that name", p.value)
            },
        )
        .at(p.span, if known { "not imported as a parent" } else { "unknown parent" });
        let names: Vec<&str> = builtins.iter().map(|s| s.name.value.as_str()).collect();
        return Err(match crate::diagnostic::suggest(&p.value, names.iter().copied()) {
            Some(g) if !known => d.help(format!("did you mean `{g}`?")),
            _ => d.help(format!(
                "a parent is a section earlier in the file, or one of the built-in variants vdl ships: {}",
                names.join(", ")
            )),
        });
    };
    let mut chain = Vec::new();
    let mut shipped = None;
    // the built-in's own ancestry, root first
    let mut line = vec![index];
    while let Some(parent) = builtins[*line.last().unwrap_or(&index)].parent.as_ref() {
        match builtins.iter().position(|s| s.name.value == parent.value) {
            Some(i) if !line.contains(&i) => line.push(i),
            _ => break,
        }
    }
    for &i in &line {
        chain.push(builtins[i].name.value.clone());
        if shipped.is_none() {
            if let Some(file) = builtins[i].get("vdl.definition") {
                shipped = Some((builtins[i].name.value.clone(), file.value.value.clone()));
            }
        }
    }
    let levels = line
        .iter()
        .rev()
        .map(|&i| level(&builtins[i], true, Some(p.span)))
        .collect();
    Ok(Resolved {
        name: String::new(),
        header: p.span,
        chain,
        shipped,
        file_parent: None,
        levels,
    })
}
