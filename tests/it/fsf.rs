//! Fairy-Stockfish's configuration files in and out: `vdl import-fsf` on ini files
//! written for these tests (each key family, and the refusals with their line and
//! column), and `vdl export-fsf` on the shipped definitions, read back.

use crate::common;

use vdl::fsf;

/// Every file a written definition may extend: the shipped ones and the others written.
fn load_written(text: &str, written: &[fsf::Written]) -> vdl::Loaded {
    let bases: Vec<(&str, &str)> = fsf::SHIPPED
        .iter()
        .copied()
        .chain(
            written
                .iter()
                .map(|w| (w.file_name.as_str(), w.text.as_str())),
        )
        .collect();
    vdl::load_untrusted(text, &bases)
}

fn perft_counts(rules: &vdl::Ruleset) -> Vec<u64> {
    let mut pos = vdl::Position::start(rules);
    let mut counts = Vec::new();
    for depth in 1..=3 {
        let n = pos.perft(depth);
        counts.push(n);
        if n > 300_000 {
            break;
        }
    }
    counts
}

/// Every shipped definition: its file name, rules and text as written (merged
/// with its bases).
fn shipped() -> Vec<(String, vdl::Ruleset, vdl::SyntaxFile)> {
    let dir = common::root().join("definitions");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("definitions")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".vdl"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let path = dir.join(&name);
            let text = std::fs::read_to_string(&path).expect("readable");
            let (loaded, syntax) = vdl::load_keeping_syntax(&path, &text, &mut vdl::read_source);
            match (loaded.ruleset, syntax) {
                (Some(rules), Some(syntax)) => (name, rules, syntax),
                _ => panic!("{name} does not load"),
            }
        })
        .collect()
}

/// `fsf_import.py` on an ini file: its standard output.
fn against_fairy_stockfish(ini: &str, out: &str, games: &str, plies: &str) -> String {
    let out_dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(out);
    common::fsf_script(
        "fsf_import.py",
        &[ini, out_dir.to_str().unwrap_or("."), games, plies],
    )
}

/// Placement exports with the keys of its drops: one drop region for every piece,
/// compulsory drops, bishops on two colours and castling rights by drop (its rooks
/// named though none stands on the board at the start).
#[test]
fn placement_exports_its_drop_rules() {
    exports_with_keys(
        "placement",
        &[
            "whiteDropRegion = a1 b1 c1 d1 e1 f1 g1 h1",
            "blackDropRegion = a8 b8 c8 d8 e8 f8 g8 h8",
            "mustDrop = true",
            "dropOppositeColoredBishop = true",
            "castlingDroppedPiece = true",
            "castlingRookPieces = r",
        ],
    );
}

/// The shipped definition `name` exports with each of `keys` as a line.
fn exports_with_keys(name: &str, keys: &[&str]) {
    let file = format!("{name}.vdl");
    let (_, rules, syntax) = (shipped().into_iter())
        .find(|(n, ..)| *n == file)
        .expect("shipped");
    let ini = fsf::export(name, &syntax, &rules).expect("exported");
    for key in keys {
        assert!(ini.lines().any(|l| l == *key), "no `{key}` in\n{ini}");
    }
}

/// Koedem exports its commoner kings: the piece that castles, the kings dropped
/// first, and the loss without a king once the opponent has both.
#[test]
fn koedem_exports_its_kings() {
    exports_with_keys(
        "koedem",
        &[
            "commoner = k",
            "castlingKingPiece = k",
            "mustDropType = k",
            "extinctionPieceTypes = k",
            "extinctionOpponentPieceCount = 2",
        ],
    );
}

/// `import(export(def))` plays as `def`: the same perft to depth 3 (depth 2 where
/// that is already over 300,000 nodes), for every shipped definition the export takes.
#[test]
fn round_trip_of_every_exportable_definition() {
    let mut exported = Vec::new();
    for (name, rules, syntax) in shipped() {
        let stem = name.trim_end_matches(".vdl");
        let Ok(ini) = fsf::export(stem, &syntax, &rules) else {
            continue;
        };
        let import = fsf::import(&ini, 0, "exported.ini", &[]);
        assert!(
            import.refused.is_empty(),
            "{name}: the export does not import back: {:?}\n{ini}",
            import.refused
        );
        let written = &import.written[0];
        let back = load_written(&written.text, &import.written);
        let back_rules = back
            .ruleset
            .unwrap_or_else(|| panic!("{name}: {:?}", back.diagnostics));
        assert_eq!(
            perft_counts(&back_rules),
            perft_counts(&rules),
            "{name}\n{ini}\n{}",
            written.text
        );
        exported.push(stem.to_string());
    }
    // the definitions whose rules Fairy-Stockfish's format holds
    assert!(exported.len() >= 30, "only {exported:?}");
    for must in [
        "chess",
        "crazyhouse",
        "atomic",
        "racingkings",
        "amazons",
        "threecheck",
        "losalamos",
        "kyotoshogi",
        "micro",
    ] {
        assert!(exported.iter().any(|e| e == must), "{must} is not exported");
    }
}

/// The export refuses what the format cannot hold, naming each rule.
#[test]
fn export_lists_every_rule_it_cannot_hold() {
    let path = common::root().join("definitions/uc40.vdl");
    let text = std::fs::read_to_string(&path).expect("readable");
    let (loaded, syntax) = vdl::load_keeping_syntax(&path, &text, &mut vdl::read_source);
    let (Some(rules), Some(syntax)) = (loaded.ruleset, syntax) else {
        panic!("uc40 loads")
    };
    let problems = fsf::export("uc40", &syntax, &rules).expect_err("uc40 has capture modes");
    for expected in [
        "Withdrawer's capture modes",
        "Advancer's capture modes",
        "drop queues",
        "a shuffled setup",
    ] {
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{expected}: {problems:?}"
        );
    }
    let path = common::root().join("definitions/panoply.vdl");
    let text = std::fs::read_to_string(&path).expect("readable");
    let (loaded, syntax) = vdl::load_keeping_syntax(&path, &text, &mut vdl::read_source);
    let (Some(rules), Some(syntax)) = (loaded.ruleset, syntax) else {
        panic!("panoply loads")
    };
    let problems = fsf::export("panoply", &syntax, &rules).expect_err("hexagonal");
    assert!(
        problems.iter().any(|p| p.contains("hexagonal board")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.contains("stands on two cells")),
        "{problems:?}"
    );
}

/// (code, line, column) of every diagnostic of an import, sorted.
fn located(text: &str, import: &fsf::Import) -> Vec<(String, usize, usize)> {
    let all = import
        .diagnostics
        .iter()
        .chain(import.refused.iter().flat_map(|r| &r.diagnostics))
        .chain(import.written.iter().flat_map(|w| &w.warnings));
    let mut out: Vec<(String, usize, usize)> = all
        .map(|d| {
            let (line, column) = vdl::source::line_col(text, d.span().start);
            (d.code.as_str().to_string(), line, column)
        })
        .collect();
    out.sort();
    out
}

/// Each refusal is reported with its code, and the key's value or the section's
/// parent at its line and column; the other sections are written.
#[test]
fn refusals_point_at_the_key() {
    let path = common::root().join("tests/fsf/refused.ini");
    let text = std::fs::read_to_string(&path).expect("readable");
    let import = fsf::import(&text, 0, "refused.ini", &[]);
    let expected: Vec<(String, usize, usize)> = [
        ("vdl::fsf_bad_value", 4, 11),
        ("vdl::fsf_parent", 2, 15),
        ("vdl::fsf_parent", 13, 19),
        ("vdl::fsf_parent", 15, 14),
        ("vdl::fsf_syntax", 8, 1),
        ("vdl::fsf_unknown_key", 10, 10),
        ("vdl::fsf_unsupported", 6, 15),
        ("vdl::fsf_unsupported", 7, 14),
        ("vdl::fsf_unsupported", 12, 27),
        ("vdl::fsf_unsupported", 18, 25),
    ]
    .iter()
    .map(|(c, l, col)| (c.to_string(), *l, *col))
    .collect();
    assert_eq!(located(&text, &import), expected);
    let written: Vec<&str> = import.written.iter().map(|w| w.section.as_str()).collect();
    assert_eq!(written, ["warned"]);
    let refused: Vec<&str> = import.refused.iter().map(|r| r.section.as_str()).collect();
    assert_eq!(
        refused,
        [
            "needs-parent",
            "bad-value",
            "unsupported",
            "confined",
            "child-of-refused",
            "not-shipped",
            "stone-blast"
        ]
    );
    let by_key = import.refusals_by_key(&text, 0);
    assert_eq!(by_key[0], ("fsf_parent".to_string(), 3));
    assert!(
        by_key.contains(&("bikjangRule".to_string(), 1)),
        "{by_key:?}"
    );
}

/// The command: every refusal drawn with its place, and the summary line.
#[test]
fn the_command_summarises_written_and_refused() {
    let out_dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fsf-refused");
    let o = common::vdl(&[
        "import-fsf",
        "tests/fsf/refused.ini",
        "--out",
        out_dir.to_str().unwrap_or("."),
        "--force",
    ]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout.contains("tests/fsf/refused.ini: 1 written, 7 refused (fsf_parent: 3, bikjangRule: 1, connectNxN: 1, maxRank: 1, mobilityRegionWhiteKing: 1, petrifyOnCaptureTypes: 1)"), "{stdout}");
    assert!(stderr.contains("[tests/fsf/refused.ini:6:15]"), "{stderr}");
    assert!(
        stderr.contains("vdl cannot express `bikjangRule = true`"),
        "{stderr}"
    );
    assert!(out_dir.join("warned.vdl").exists());
    assert!(!out_dir.join("unsupported.vdl").exists());
}

/// Every section of the families file is written, as a person would keep it, and
/// checks with no warning.
#[test]
fn every_key_family_imports() {
    let path = common::root().join("tests/fsf/families.ini");
    let text = std::fs::read_to_string(&path).expect("readable");
    let import = fsf::import(&text, 0, "families.ini", &[]);
    assert!(import.refused.is_empty(), "{:?}", import.refused);
    assert_eq!(import.written.len(), 45);
    for w in &import.written {
        let loaded = load_written(&w.text, &import.written);
        assert!(
            loaded.diagnostics.is_empty(),
            "{}: {:?}\n{}",
            w.section,
            loaded.diagnostics,
            w.text
        );
        assert!(
            w.text.starts_with(&format!(
                "// Imported from Fairy-Stockfish's configuration: section [{}",
                w.section
            )),
            "{}",
            w.text
        );
    }
    let text_of = |name: &str| {
        import
            .written
            .iter()
            .find(|w| w.section == name)
            .map(|w| w.text.clone())
            .unwrap_or_default()
    };
    let has = |name: &str, lines: &[&str]| {
        let t = text_of(name);
        for l in lines {
            assert!(t.contains(l), "{name} lacks `{l}`:\n{t}");
        }
    };
    // the queen is gone, which `extends` cannot say: the whole definition
    has(
        "fsf-pieces",
        &[
            "piece Archbishop Q { moves \"BN\" }",
            "piece CustomPiece1 C { moves \"mQcN\" }",
            "piece King K { royal moves \"KN\" }",
        ],
    );
    has(
        "fsf-board",
        &["remove c1 e1 c6 e6", "promotes in promotion to Rook Knight"],
    );
    has(
        "fsf-castling",
        &[
            "castle K king f1-i1 rook j1-h1",
            "castle q king f8-b8 rook a8-c8",
            "moves \"fmnD\" in double-step",
            "zone double-step { white a2..j3  black a6..j7 }",
        ],
    );
    has(
        "fsf-promotion",
        &["promotes in promotion to white Queen Knight black Rook Bishop optional"],
    );
    has("fsf-drops", &["promotes in promotion or-leaving to PromotedShogiPawn optional except in dead-shogipawn", "piece PromotedShogiPawn +P { moves \"WfF\" captured-as ShogiPawn }", "one-per-file ShogiPawn", "keep-captured"]);
    has(
        "fsf-hand",
        &[
            "drop Knight Bishop in knight-drops",
            "zone knight-drops { white a1..h3  black a6..h8 }",
        ],
    );
    has("fsf-flag", &["reach flag Knight 2 win"]);
    has("fsf-extinction", &["must-capture", "extinction Queen loss"]);
    has(
        "fsf-checks",
        &[
            "checks 2 win",
            "repetition 4 draw perpetual-check loss",
            "move-rule 30 draw reset-by capture Pawn",
        ],
    );
    has("fsf-walls", &["walls duck"]);
    has("fsf-pass", &["pass", "no-check", "double-pass draw"]);
    has(
        "fsf-child",
        &["extends \"fsf-extinction.vdl\"", "extinction Rook loss"],
    );
    has("fsf-atomic", &["explosions spare Pawn"]);
    has(
        "fsf-drawodds",
        &[
            "stalemate black-wins",
            "repetition 3 black-wins",
            "move-rule 50 black-wins reset-by capture Pawn",
        ],
    );
    has(
        "fsf-absolute",
        &["repetition 4 black-wins", "stalemate draw"],
    );
    has(
        "fsf-counts",
        &[
            "extinction Commoner below 3 loss",
            "stalemate win fewer-pieces",
        ],
    );
    has(
        "fsf-sideways",
        &[
            "moves \"fsmW fcF ifmnD\"",
            "move-rule 10 draw reset-by capture irreversible CustomPiece1 promotion",
        ],
    );
    has("fsf-makpong", &["in-check captures-checker"]);
    has("fsf-flagmove", &["reach flag Knight win held"]);
    has("fsf-dropchecks", &["no-drop-check"]);
    has("fsf-perfile", &["per-file 2 Pawn"]);
    has("fsf-flagsafe", &["reach flag Knight win safe"]);
    has(
        "fsf-promolimit",
        &[
            "piece Queen Q { moves \"Q\" promotion-limit 1 }",
            "piece Rook R { moves \"R\" promotion-limit 3 }",
        ],
    );
    has(
        "fsf-duple",
        &["piece Commoner K { royal last duple-check moves \"K\" }"],
    );
    has(
        "fsf-immune",
        &[
            "explosions spare Pawn immune Knight",
            "cannot-capture Knight",
        ],
    );
    has("fsf-mustdrop", &["must-drop"]);
    has("fsf-mustdroptype", &["must-drop Knight"]);
    has(
        "fsf-placement",
        &[
            "drop Knight Bishop Rook Queen King in knight-drops",
            "split-colours Bishop",
            "castle-by-drop Rook",
            "castle q king e8-c8 rook a8-d8",
        ],
    );
    has("fsf-placement-child", &["must-drop", "move-rule 40 draw"]);
    has(
        "fsf-sittuyin",
        &[
            "promotes in promotion to Fers in-place",
            "drop Rook in rook-drops",
            "zone rook-drops { white a1..h1  black a8..h8 }",
            "promotion-stalemate draw",
        ],
    );
    has(
        "fsf-shatar",
        &[
            "checkmate loss alone Knight win series Knight Rook Bers else draw",
            "extinction below 2 draw",
        ],
    );
    has(
        "fsf-koedem",
        &[
            "must-drop Commoner",
            "extinction Commoner opponent-has 2 loss",
        ],
    );
    has(
        "fsf-shatar-child",
        &[
            "checkmate loss alone Knight win series Knight Rook Bers else draw",
            "move-rule 40 draw",
        ],
    );
    has(
        "fsf-shuttle",
        &["repetition 4 draw", "move-repetition 4 loss"],
    );
    has(
        "fsf-petrify",
        &[
            "piece Queen Q { moves \"Q\" petrifies }",
            "cannot-capture Rook Knight Bishop Queen Commoner Pawn",
        ],
    );
}

/// The families of royalty by count, promotion limits, passive en passant and
/// compulsory drops, imported, exported again with their keys, and imported back
/// to the same game.
#[test]
fn families_export_back_with_their_keys() {
    let path = common::root().join("tests/fsf/families.ini");
    let text = std::fs::read_to_string(&path).expect("readable");
    let import = fsf::import(&text, 0, "families.ini", &[]);
    let cases: [(&str, &[&str]); 9] = [
        (
            "fsf-shuttle",
            &["nFoldRule = 4", "moveRepetitionIllegal = true"],
        ),
        (
            "fsf-duple",
            &[
                "king = -",
                "commoner = k",
                "extinctionPieceTypes = k",
                "extinctionPseudoRoyal = true",
                "dupleCheck = true",
            ],
        ),
        ("fsf-promolimit", &["promotionLimit = q:1 r:3"]),
        (
            "fsf-passive",
            &["customPiece1 = s:fKifmnD", "enPassantTypes = p"],
        ),
        ("fsf-mustdroptype", &["mustDrop = true", "mustDropType = n"]),
        (
            "fsf-sittuyin",
            &["sittuyinPromotion = true", "sittuyinRookDrop = true"],
        ),
        ("fsf-shatar", &["shatarMateRule = true"]),
        (
            "fsf-kyoto",
            &[
                "mandatoryPiecePromotion = true",
                "pieceDemotion = true",
                "dropPromoted = true",
            ],
        ),
        (
            "fsf-cambodian",
            &[
                "gating = true",
                "cambodianMoves = true",
                "countingRule = cambodian",
            ],
        ),
    ];
    for (section, keys) in cases {
        let w = (import.written.iter())
            .find(|w| w.section == section)
            .unwrap_or_else(|| panic!("{section} is written"));
        // beside the shipped definitions, which an import may extend
        let (loaded, syntax) = vdl::load_keeping_syntax(
            &common::root().join("definitions/written.vdl"),
            &w.text,
            &mut vdl::read_source,
        );
        let (Some(rules), Some(syntax)) = (loaded.ruleset, syntax) else {
            panic!("{section} does not load");
        };
        let ini = fsf::export(section, &syntax, &rules)
            .unwrap_or_else(|e| panic!("{section} is not exported: {e:?}"));
        for key in keys {
            assert!(
                ini.lines().any(|l| l == *key),
                "{section}: no `{key}` in\n{ini}"
            );
        }
        let back = fsf::import(&ini, 0, "exported.ini", &[]);
        let back = load_written(&back.written[0].text, &back.written);
        let back_rules =
            (back.ruleset).unwrap_or_else(|| panic!("{section}: {:?}", back.diagnostics));
        assert_eq!(
            perft_counts(&back_rules),
            perft_counts(&rules),
            "{section}\n{ini}"
        );
    }
}

/// The families file against Fairy-Stockfish, a few games each.
#[test]
fn families_play_as_fairy_stockfish_plays_them() {
    let out = against_fairy_stockfish("tests/fsf/families.ini", "fsf-families", "2", "60");
    assert!(out.contains("agree: 45 of 45 written (0 refused)"), "{out}");
}

/// Long suite: the families file against Fairy-Stockfish, more and longer games.
#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn families_play_as_fairy_stockfish_plays_them_long() {
    let out = against_fairy_stockfish("tests/fsf/families.ini", "fsf-families-long", "6", "120");
    assert!(out.contains("agree: 45 of 45 written (0 refused)"), "{out}");
}

/// Long suite: every exportable shipped definition, exported and loaded into
/// Fairy-Stockfish, plays there as its import plays in vdl (and the import plays
/// as the definition: the round trip above).
#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn exports_play_in_fairy_stockfish_as_in_vdl() {
    let mut ini = String::new();
    let mut count = 0;
    for (name, rules, syntax) in shipped() {
        // a name of its own: a built-in of Fairy-Stockfish's is not replaced
        if let Ok(section) = fsf::export(
            &format!("vdl-{}", name.trim_end_matches(".vdl")),
            &syntax,
            &rules,
        ) {
            ini.push_str(&section);
            ini.push('\n');
            count += 1;
        }
    }
    let file = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("exported.ini");
    std::fs::write(&file, ini).expect("writable");
    let out = against_fairy_stockfish(file.to_str().unwrap_or(""), "fsf-exported", "2", "80");
    assert!(
        out.contains(&format!("agree: {count} of {count} written (0 refused)")),
        "{out}"
    );
}

/// Fairy-Stockfish's own variants.ini (not in this repository: its path in
/// `VDL_FSF_VARIANTS_INI`): at least 60% of its sections import, and every one
/// imported plays as Fairy-Stockfish plays it. Without the variable the test says
/// so and checks nothing.
#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn fairy_stockfish_variants_ini() {
    let Some(path) = std::env::var_os("VDL_FSF_VARIANTS_INI") else {
        eprintln!(
            "VDL_FSF_VARIANTS_INI is not set: Fairy-Stockfish's variants.ini was not compared"
        );
        return;
    };
    let out = against_fairy_stockfish(path.to_str().unwrap_or(""), "fsf-variants-ini", "3", "80");
    let summary = out.lines().last().unwrap_or("");
    let numbers: Vec<usize> = summary
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    let [agree, written, refused] = numbers[..] else {
        panic!("{out}")
    };
    assert_eq!(agree, written, "{out}");
    assert!(
        written * 10 >= (written + refused) * 6,
        "{written} of {} import: {out}",
        written + refused
    );
}

/// The rendered diagnostics of the corpus's Fairy-Stockfish files, as snapshots:
/// `tests/diagnostics/*.ini` imported, `*.export` exported (`NAME.stderr` beside
/// each; `VDL_BLESS=1` rewrites them).
#[test]
fn corpus_of_fairy_stockfish_files() {
    let dir = common::root().join("tests/diagnostics");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ini" || x == "export"))
        .collect();
    files.sort();
    assert!(files.len() >= 6);
    let out_dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fsf-corpus");
    let mut failures = Vec::new();
    for path in &files {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let rel = format!("tests/diagnostics/{name}");
        let o = if name.ends_with(".ini") {
            common::vdl(&[
                "import-fsf",
                &rel,
                "--out",
                out_dir.to_str().unwrap_or("."),
                "--force",
            ])
        } else {
            common::vdl(&["export-fsf", &rel])
        };
        let text = String::from_utf8_lossy(&o.stderr).to_string();
        let first = std::fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .next()
            .unwrap_or_default()
            .to_string();
        let code = first.rsplit(' ').next().unwrap_or_default().to_string();
        if !text.contains(&code) {
            failures.push(format!("{name}: `{code}` not reported:\n{text}"));
        }
        let snapshot = path.with_extension(format!(
            "{}.stderr",
            path.extension().unwrap_or_default().to_string_lossy()
        ));
        if std::env::var_os("VDL_BLESS").is_some() {
            std::fs::write(&snapshot, &text).expect("writable");
        } else if std::fs::read_to_string(&snapshot).unwrap_or_default() != text {
            failures.push(format!(
                "{name}: output differs from {}:\n{text}",
                snapshot.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A definition that extends a shipped one is written with that base beside it; a
/// different file of the base's name is not written over, and the definition that
/// would extend it is not written either.
#[test]
fn a_different_base_is_not_written_over() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fsf-base");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("writable");
    let ini = dir.join("capture.ini");
    std::fs::write(&ini, "[capture:chess]\nmustCapture = true\n").expect("writable");
    let out = dir.to_str().unwrap_or(".");
    let first = common::vdl(&["import-fsf", ini.to_str().unwrap_or(""), "--out", out]);
    assert_eq!(first.status.code(), Some(0));
    let shipped =
        std::fs::read_to_string(common::root().join("definitions/chess.vdl")).expect("chess");
    assert_eq!(
        std::fs::read_to_string(dir.join("chess.vdl")).ok(),
        Some(shipped)
    );
    std::fs::remove_file(dir.join("capture.vdl")).expect("written");
    std::fs::write(dir.join("chess.vdl"), "// my own chess\n").expect("writable");
    let second = common::vdl(&["import-fsf", ini.to_str().unwrap_or(""), "--out", out]);
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("chess.vdl exists and differs; --force writes over it"),
        "{stderr}"
    );
    assert!(!dir.join("capture.vdl").exists());
    assert_eq!(
        std::fs::read_to_string(dir.join("chess.vdl"))
            .ok()
            .as_deref(),
        Some("// my own chess\n")
    );
}
