//! `vdl import-fsf` and `vdl export-fsf`: Fairy-Stockfish's variant
//! configuration files in and out.

use crate::report::{read, render_loaded};
use crate::Failure;
use std::path::{Path, PathBuf};

pub struct ImportOptions {
    pub variants: Vec<String>,
    pub out: PathBuf,
    pub force: bool,
    /// Also write the definitions of refused sections that were written but did
    /// not check, as `NAME.refused.vdl`.
    pub keep_refused: bool,
}

/// Writes a definition for every section (or those asked for) and reports the
/// sections refused, each problem with its line and column in the ini file.
pub fn import(file: &str, options: &ImportOptions) -> Result<(), Failure> {
    let text = read(file)?;
    let text = vdl::without_bom(&text).to_string();
    let mut sources = vdl::Sources::default();
    let base = sources.add(file, text.as_str());
    let import = vdl::fsf::import(&text, base, file, &options.variants);
    for d in &import.diagnostics {
        errout!("{}", render_loaded(&sources, d));
    }
    if !options.out.is_dir() {
        std::fs::create_dir_all(&options.out)
            .map_err(|e| Failure::Usage(format!("cannot make {}: {e}", options.out.display())))?;
    }
    let mut written = 0;
    let mut unwritable = 0;
    for w in &import.written {
        for d in &w.warnings {
            errout!("{}", render_loaded(&sources, d));
        }
        let ok = write_imported(w, options);
        if ok {
            written += 1;
            outln!("wrote {}", options.out.join(&w.file_name).display());
        } else {
            unwritable += 1;
        }
    }
    for r in &import.refused {
        for d in &r.diagnostics {
            errout!("{}", render_loaded(&sources, d));
        }
        outln!("refused [{}]", r.section);
        if let (true, Some(attempt)) = (options.keep_refused, &r.attempt) {
            let path = options.out.join(format!("{}.refused.vdl", r.section));
            if let Err(m) = write_file(&path, attempt, options.force) {
                errln!("error: {m}");
            }
        }
    }
    for m in &import.missing {
        errln!("error: {file} has no section [{m}]");
    }
    let by_key: Vec<String> = import
        .refusals_by_key(&text, base)
        .iter()
        .map(|(k, n)| format!("{k}: {n}"))
        .collect();
    let reasons = if by_key.is_empty() {
        String::new()
    } else {
        format!(" ({})", by_key.join(", "))
    };
    outln!(
        "{file}: {written} written, {} refused{reasons}",
        import.refused.len()
    );
    if import.refused.is_empty()
        && import.missing.is_empty()
        && import.diagnostics.is_empty()
        && unwritable == 0
    {
        Ok(())
    } else {
        Err(Failure::Judged)
    }
}

/// One imported definition written, with the base it extends beside it; whether
/// every file was written.
fn write_imported(w: &vdl::fsf::Written, options: &ImportOptions) -> bool {
    let mut files = vec![(w.file_name.clone(), w.text.clone())];
    if let Some(base) = &w.extends {
        // the base the definition was checked against: written beside it, and an
        // existing file of that name that differs is not written over silently
        // (`write_file` refuses without --force, and then the definition is not
        // written either)
        if let Some(shipped) = vdl::fsf::shipped(base) {
            files.insert(0, (base.clone(), shipped.to_string()));
        }
    }
    let mut ok = true;
    for (name, content) in files {
        if !ok {
            break;
        }
        if let Err(m) = write_file(&options.out.join(&name), &content, options.force) {
            errln!("error: {m}");
            ok = false;
        }
    }
    ok
}

/// Writes a file, but never over a different file of the same name without `--force`.
fn write_file(path: &Path, content: &str, force: bool) -> Result<(), String> {
    if !force {
        if let Ok(old) = std::fs::read_to_string(path) {
            if old == content {
                return Ok(());
            }
            return Err(format!(
                "{} exists and differs; --force writes over it",
                path.display()
            ));
        }
    }
    std::fs::write(path, content).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Prints the definition as an ini section, or every rule that the format cannot hold.
pub fn export(file: &str) -> Result<(), Failure> {
    let source = read(file)?;
    let (loaded, syntax) =
        vdl::load_keeping_syntax(Path::new(file), &source, &mut vdl::read_source);
    if loaded.has_errors() {
        for d in loaded.diagnostics.iter().filter(|d| d.is_error()) {
            errout!("{}", render_loaded(&loaded.sources, d));
        }
        return Err(Failure::Judged);
    }
    let (Some(rules), Some(syntax)) = (&loaded.ruleset, &syntax) else {
        return Err(Failure::Judged);
    };
    let name = Path::new(file)
        .file_stem()
        .map_or("variant".into(), |s| s.to_string_lossy().into_owned());
    match vdl::fsf::export(&name, syntax, rules) {
        Ok(text) => {
            out!("{text}");
            Ok(())
        }
        Err(problems) => {
            errln!("error[vdl::fsf_export]: {file} has rules Fairy-Stockfish's configuration format cannot hold:");
            for p in problems {
                errln!("  - {p}");
            }
            Err(Failure::Judged)
        }
    }
}
