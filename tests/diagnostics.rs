//! Broken definitions under `tests/diagnostics/`: each file's first line names the
//! codes it must produce; `vdl check` must exit 1, print every named code, and
//! render exactly as the snapshot beside it (`NAME.stderr`). Set `VDL_BLESS=1` to
//! rewrite the snapshots after a deliberate change, then review the diff.

mod common;

fn check_output(rel: &str) -> (i32, String) {
    let out = common::vdl(&["check", rel]);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn corpus() {
    let dir = common::root().join("tests/diagnostics");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus folder exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "vdl"))
        .collect();
    files.sort();
    assert!(files.len() >= 15, "the corpus has {} files", files.len());
    let bless = std::env::var_os("VDL_BLESS").is_some();
    let mut failures = Vec::new();
    for path in &files {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let rel = format!("tests/diagnostics/{name}");
        let source = std::fs::read_to_string(path).expect("readable");
        let expected: Vec<&str> = source
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect:"))
            .map(|l| l.split_whitespace().collect())
            .unwrap_or_default();
        assert!(!expected.is_empty(), "{name} names no expected code");
        let (status, text) = check_output(&rel);
        if status != 1 {
            failures.push(format!("{name}: exit status {status}, expected 1"));
        }
        for code in &expected {
            if !text.contains(code) {
                failures.push(format!("{name}: `{code}` not reported:\n{text}"));
            }
        }
        let snapshot = path.with_extension("stderr");
        if bless {
            std::fs::write(&snapshot, &text).expect("writable");
        } else {
            let want = std::fs::read_to_string(&snapshot).unwrap_or_default();
            if want != text {
                failures.push(format!(
                    "{name}: output differs from {}:\n{text}",
                    snapshot.display()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The acceptance example: an unknown piece in a setup and in a promotion list.
#[test]
fn unknown_piece_has_code_and_position() {
    let (status, text) = check_output("tests/diagnostics/unknown_piece_promotion.vdl");
    assert_eq!(status, 1);
    assert!(text.contains("vdl::unknown_piece"), "{text}");
    assert!(text.contains("unknown_piece_promotion.vdl:6:52"), "{text}");
    assert!(text.contains("did you mean `Queen`?"), "{text}");
    let (status, text) = check_output("tests/diagnostics/unknown_letter_setup.vdl");
    assert_eq!(status, 1);
    assert!(text.contains("unknown_letter_setup.vdl:5:14"), "{text}");
}

/// All errors come in one run, sorted by position.
#[test]
fn every_error_at_once_in_order() {
    let source = std::fs::read_to_string(common::root().join("tests/diagnostics/many_errors.vdl"))
        .expect("readable");
    let loaded = vdl::load(&source);
    let codes: Vec<&str> = loaded.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "vdl::duplicate_letter",
            "vdl::bad_betza",
            "vdl::unknown_zone",
            "vdl::unknown_piece",
            "vdl::bad_fen"
        ]
    );
    let starts: Vec<usize> = loaded.diagnostics.iter().map(|d| d.span().start).collect();
    assert!(starts.windows(2).all(|w| w[0] <= w[1]));
}
