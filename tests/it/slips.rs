//! A newcomer's slips (`tests/slips/`): orthodox chess written with the usual
//! mistakes, one a file, as a new user writes them (missing quotes or braces, words
//! in the wrong place, a singular for a plural, another program's spelling). Each
//! file says in its first lines the slip, the token the first diagnostic must sit
//! on (`// token:`) and words its message must say (`// says:`). The diagnostic
//! never offers the written word as its fix, and its rendering is snapshot-tested
//! (`NAME.stderr`; `VDL_BLESS=1` rewrites them).

use crate::common;

/// A header line's value: `// key: value`.
fn header<'t>(text: &'t str, key: &str) -> &'t str {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("// {key}: ")))
        .unwrap_or_else(|| panic!("no `// {key}:` line"))
}

#[test]
fn every_slip_is_told_on_its_token_in_the_constructs_words() {
    let dir = common::root().join("tests/slips");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/slips")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "vdl"))
        .collect();
    files.sort();
    assert!(files.len() >= 30, "{} slips", files.len());
    let bless = std::env::var_os("VDL_BLESS").is_some();
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let (token, says) = (header(&text, "token"), header(&text, "says"));
        let loaded = vdl::load(&text);
        let Some(first) = loaded.diagnostics.iter().find(|d| d.is_error()) else {
            failures.push(format!("{name}: no error"));
            continue;
        };
        let span = first.span();
        let marked = &text[span.start..span.end.min(text.len())];
        if marked != token {
            failures.push(format!(
                "{name}: marks `{marked}`, not `{token}`: {}",
                first.message
            ));
        }
        if !first.message.contains(says) {
            failures.push(format!("{name}: `{}` does not say `{says}`", first.message));
        }
        let help = first.help.as_deref().unwrap_or("");
        if help.contains(&format!("did you mean `{token}`")) {
            failures.push(format!("{name}: suggests the word written: {help}"));
        }
        let rel = format!("tests/slips/{name}");
        let out = common::vdl(&["check", &rel]);
        let shown = String::from_utf8_lossy(&out.stderr).to_string();
        let snapshot = path.with_extension("stderr");
        if bless {
            std::fs::write(&snapshot, &shown).expect("writable");
        } else if std::fs::read_to_string(&snapshot).unwrap_or_default() != shown {
            failures.push(format!(
                "{name}: output differs from its snapshot:\n{shown}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
