//! Broken or suspicious definitions under `tests/diagnostics/`: each file's first
//! line names the codes it must produce; `vdl check --deny-warnings` must exit 1,
//! print every named code, and render exactly as the snapshot beside it
//! (`NAME.stderr`). Set `VDL_BLESS=1` to rewrite the snapshots after a deliberate
//! change, then review the diff. Every diagnostic code must be exercised by a
//! file here or by a refereed game under `tests/games/*/illegal/`.

use crate::common;

fn check_output(rel: &str) -> (i32, String) {
    let out = common::vdl(&["check", "--deny-warnings", rel]);
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
    assert!(files.len() >= 40, "the corpus has {} files", files.len());
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

/// The issue's acceptance example: an unknown piece in a setup and in a promotion list.
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

/// The codes named by the `expect:` first lines of the corpus and of the illegal
/// games.
fn exercised_codes() -> Vec<String> {
    let mut paths: Vec<std::path::PathBuf> = Vec::new();
    let listing = |dir: std::path::PathBuf| -> Vec<std::path::PathBuf> {
        std::fs::read_dir(dir)
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default()
    };
    paths.extend(listing(common::root().join("tests/diagnostics")));
    for game_dir in listing(common::root().join("tests/games")) {
        paths.extend(listing(game_dir.join("illegal")));
    }
    let mut codes = Vec::new();
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let first = text.lines().next().unwrap_or_default();
        if let Some(list) = first
            .strip_prefix("// expect:")
            .or_else(|| first.strip_prefix("# expect:"))
        {
            codes.extend(list.split_whitespace().map(str::to_string));
        }
    }
    codes
}

/// A code without a test or without an explanation fails here.
#[test]
fn every_code_is_tested_and_explained() {
    let exercised = exercised_codes();
    let mut missing = Vec::new();
    for code in vdl::Code::ALL {
        if !exercised.iter().any(|c| c == code.as_str()) {
            missing.push(format!("{} has no test file", code.as_str()));
        }
        if code.explain().is_none() {
            missing.push(format!("{} has no `vdl explain` entry", code.as_str()));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// `vdl check --format json`: the data an editor needs, for an error in a base too.
#[test]
fn json_format_carries_file_position_labels_and_help() {
    let out = common::vdl(&[
        "check",
        "--format",
        "json",
        "tests/diagnostics/extends_modify_unknown.vdl",
        "tests/diagnostics/extends_base_error.vdl",
        "tests/diagnostics/lint_setup_check.vdl",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let files = v.as_array().expect("one entry per file");
    assert_eq!(files.len(), 3);
    let d = &files[0]["diagnostics"][1];
    assert_eq!(d["code"], "vdl::duplicate_letter");
    assert_eq!(d["severity"], "error");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(5), Some(13))
    );
    assert_eq!(
        (d["start"].as_u64(), d["end"].as_u64()),
        (Some(165), Some(166))
    );
    let other = &d["labels"][1];
    assert_eq!(other["file"], "tests/diagnostics/bases/small.vdl");
    assert_eq!(
        (other["line"].as_u64(), other["column"].as_u64()),
        (Some(5), Some(12))
    );
    assert_eq!(other["primary"], false);
    assert!(d["help"]
        .as_str()
        .unwrap_or_default()
        .contains("its own label"));
    let base = &files[1]["diagnostics"][0];
    assert_eq!(base["file"], "tests/diagnostics/bases/broken.vdl");
    assert_eq!(
        (base["line"].as_u64(), base["column"].as_u64()),
        (Some(4), Some(24))
    );
    // A warning alone passes without --deny-warnings.
    let lint = &files[2];
    assert_eq!(lint["ok"], true);
    assert_eq!(lint["warnings"], 1);
    assert_eq!(lint["diagnostics"][0]["severity"], "warning");
    assert_eq!(lint["diagnostics"][0]["code"], "vdl::setup_check");
}

#[test]
fn warnings_fail_only_when_denied() {
    let rel = "tests/diagnostics/lint_unused_piece.vdl";
    let plain = common::vdl(&["check", rel]);
    assert_eq!(plain.status.code(), Some(0));
    let denied = common::vdl(&["check", "--deny-warnings", rel]);
    assert_eq!(denied.status.code(), Some(1));
}

#[test]
fn explain_renders_the_section_and_suggests_names() {
    let out = common::vdl(&["explain", "vdl::unused_piece"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    // Rendered for a terminal: no Markdown marks, no test annotations.
    assert_eq!(
        text,
        "vdl::unused_piece\n\
         =================\n\
         \n\
         Warning. A piece is declared but never on the board: not in the setup and not\n\
         a promotion choice of any piece, so it can never appear in a game.\n\
         \n    \
         board { files a b ranks 1 2 }\n    \
         piece King K { royal moves \"K\" }\n    \
         piece Rook R { moves \"R\" }\n    \
         setup \"k1/K1 w\"\n\
         \n\
         A piece meant to come only from a FEN given by hand (an endgame study, a problem)\n\
         is declared with allow unused_piece, and the warning is not given:\n\
         \n    \
         allow unused_piece\n    \
         board { files a b ranks 1 2 }\n    \
         piece King K { royal moves \"K\" }\n    \
         piece Rook R { moves \"R\" }\n    \
         setup \"k1/K1 w\"\n"
    );
    let game = common::vdl(&["explain", "illegal_move"]);
    let game = String::from_utf8_lossy(&game.stdout);
    assert!(!game.contains("expect:") && !game.contains("```"), "{game}");
    assert!(game.contains("\n    1. e2-e5\n"), "{game}");
    let short = common::vdl(&["explain", "unused_piece"]);
    assert_eq!(short.stdout, out.stdout);
    let wrong = common::vdl(&["explain", "unused_pice"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("did you mean `vdl::unused_piece`?"));
    let all = common::vdl(&["explain"]);
    assert_eq!(
        String::from_utf8_lossy(&all.stdout).lines().count(),
        vdl::Code::ALL.len()
    );
}

/// `allow` silences the warnings it names, and only those.
#[test]
fn allow_silences_the_warnings_it_names() {
    let codes = |allow: &str| {
        let text = format!(
            "{allow}\nboard {{ files a b c ranks 1 2 3 }}\npiece King K {{ royal moves \"K\" }}\n\
             piece Rook R {{ moves \"R\" }}\nzone goal {{ white a3 }}\nsetup \"k2/3/2K w\"\n\
             end {{ reach goal King win }}"
        );
        let loaded = vdl::load_file(&common::root().join("tests/definitions/allow.vdl"), &text);
        assert!(loaded.ruleset.is_some(), "{:?}", loaded.diagnostics);
        let mut codes: Vec<&str> = loaded.diagnostics.iter().map(|d| d.code.as_str()).collect();
        codes.sort();
        codes.into_iter().map(str::to_string).collect::<Vec<_>>()
    };
    assert_eq!(codes(""), ["vdl::empty_zone", "vdl::unused_piece"]);
    assert_eq!(codes("allow unused_piece"), ["vdl::empty_zone"]);
    assert!(codes("allow empty_zone unused_piece").is_empty());
}
