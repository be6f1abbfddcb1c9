//! `extends` and `modify`: a definition built on another. What the child replaces,
//! keeps and adds; errors in either file located in that file; missing bases,
//! circles and the depth limit. Bases are served from memory here, so each test
//! states both files in full.

use crate::common;

use std::path::Path;
use vdl::{Code, Loaded, Position};

const BASE: &str = r#"variant "Base"
board { files a b c d e  ranks 1 2 3 4 5 }
zone far { white a5..e5  black a1..e1 }
piece King K { royal moves "K" }
piece Rook R { moves "R" }
piece Pawn P { moves "fmW fcF" promotes in far to Rook }
setup "k4/5/5/1P3/K3R w"
end { checkmate loss  stalemate draw }
"#;

/// Load `child` as `dir/child.vdl`, with the files in `files` readable by path.
fn load(child: &str, files: &[(&str, &str)]) -> Loaded {
    vdl::load_with(Path::new("dir/child.vdl"), child, &mut |p: &Path| {
        files
            .iter()
            .find(|(name, _)| Path::new(name) == p)
            .map(|(_, text)| text.to_string())
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "not found"))
    })
}

fn rules(child: &str) -> vdl::Ruleset {
    let loaded = load(child, &[("dir/base.vdl", BASE)]);
    loaded
        .ruleset
        .unwrap_or_else(|| panic!("{:#?}", loaded.diagnostics))
}

fn moves_from(rules: &vdl::Ruleset, fen: Option<&str>, from: &str) -> Vec<String> {
    let mut pos = match fen {
        Some(f) => Position::from_fen(rules, f).expect("FEN"),
        None => Position::start(rules),
    };
    common::moves_of_piece(&mut pos, from, |pos, m| pos.move_text(m))
}

/// Every diagnostic's code and place, in order.
fn places(loaded: &Loaded) -> Vec<(Code, String)> {
    loaded
        .diagnostics
        .iter()
        .map(|d| (d.code, place(loaded, d)))
        .collect()
}

/// Where a diagnostic is: file name, line and column of its primary label.
fn place(loaded: &Loaded, d: &vdl::Diagnostic) -> String {
    let (file, span) = loaded.sources.locate(d.span()).expect("located");
    let (line, col) = file.line_col(span.start);
    format!("{}:{line}:{col}", file.name)
}

#[test]
fn an_empty_child_is_its_base() {
    let r = rules("extends \"base.vdl\"\n");
    assert_eq!(r.definition.name, "Base");
    let names: Vec<&str> = r
        .definition
        .pieces
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, ["King", "Rook", "Pawn"]);
    assert_eq!(
        moves_from(&r, None, "e1"),
        ["e1-b1", "e1-c1", "e1-d1", "e1-e2", "e1-e3", "e1-e4", "e1-e5"]
    );
}

#[test]
fn a_piece_of_the_same_name_replaces_the_base_piece_in_its_place() {
    let r = rules(
        "extends \"base.vdl\"\npiece Rook R { moves \"W\" }\npiece Bishop B { moves \"B\" }\n",
    );
    let names: Vec<&str> = r
        .definition
        .pieces
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, ["King", "Rook", "Pawn", "Bishop"]);
    assert_eq!(moves_from(&r, None, "e1"), ["e1-d1", "e1-e2"]);
}

#[test]
fn modify_replaces_only_the_properties_given() {
    // The pawn keeps its moves, loses its promotion to Rook and gains one to Queen.
    let r = rules(
        "extends \"base.vdl\"\npiece Queen Q { moves \"Q\" }\nmodify Pawn { promotes in far to Queen }\n",
    );
    let fen = "4k/1P3/5/5/K1R2 w";
    assert_eq!(moves_from(&r, Some(fen), "b4"), ["b4-b5=Q"]);
    // `moves` replaces every moves property; the rest stays.
    let r = rules("extends \"base.vdl\"\nmodify Pawn { moves \"fmW\" }\n");
    assert_eq!(moves_from(&r, Some("k4/5/2r2/1P3/K3R w"), "b2"), ["b2-b3"]);
    let pawn = &r.definition.pieces[2];
    assert!(pawn.promotion.is_some());
}

#[test]
fn singleton_sections_and_zones_are_replaced() {
    let r = rules(
        "extends \"base.vdl\"\nvariant \"Child\"\nzone far { white a4..e4 black a2..e2 }\nsetup \"k4/5/5/5/K3R b\"\n",
    );
    assert_eq!(r.definition.name, "Child");
    assert_eq!(r.definition.zones.len(), 1);
    assert_eq!(r.definition.zones["far"][0].len(), 5);
    let fen = Position::start(&r).fen();
    assert!(fen.starts_with("k4/5/5/5/K3R b"), "{fen}");
}

#[test]
fn a_chain_of_bases_applies_in_order() {
    let middle = "extends \"base.vdl\"\nvariant \"Middle\"\npiece Rook R { moves \"W\" }\n";
    let loaded = load(
        "extends \"middle.vdl\"\nmodify Rook { moves \"F\" }\n",
        &[("dir/base.vdl", BASE), ("dir/middle.vdl", middle)],
    );
    let r = loaded.ruleset.expect("loads");
    assert_eq!(r.definition.name, "Middle");
    assert_eq!(moves_from(&r, None, "e1"), ["e1-d2"]);
    let names: Vec<&str> = loaded
        .sources
        .files()
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(names, ["dir/child.vdl", "dir/middle.vdl", "dir/base.vdl"]);
}

#[test]
fn errors_point_into_the_file_they_are_in() {
    let broken = BASE.replace("moves \"R\"", "moves \"Rq\"");
    let loaded = load(
        "extends \"base.vdl\"\nmodify Rok { moves \"W\" }\npiece Rider R { moves \"N\" }\n",
        &[("dir/base.vdl", &broken)],
    );
    assert_eq!(
        places(&loaded),
        [
            (Code::UnknownPiece, "dir/child.vdl:2:8".to_string()),
            (Code::DuplicateLetter, "dir/child.vdl:3:13".to_string()),
            (Code::BadBetza, "dir/base.vdl:5:24".to_string()),
        ]
    );
    assert_eq!(
        loaded.diagnostics[0].help.as_deref(),
        Some("did you mean `Rook`?")
    );
    // The duplicate letter's other label is in the base.
    let other = loaded.diagnostics[1]
        .labels
        .iter()
        .find(|l| !l.primary)
        .expect("a second label");
    let (file, span) = loaded.sources.locate(other.span).expect("located");
    assert_eq!(
        (file.name.as_str(), file.line_col(span.start)),
        ("dir/base.vdl", (5, 12))
    );
}

#[test]
fn a_syntax_error_in_the_base_is_reported_there() {
    let loaded = load(
        "extends \"base.vdl\"\n",
        &[("dir/base.vdl", "board { files a b\n piece }")],
    );
    // Two: the unclosed board, and (read on from the next section) the nameless piece.
    assert_eq!(
        places(&loaded),
        [
            (Code::Syntax, "dir/base.vdl:2:2".to_string()),
            (Code::Syntax, "dir/base.vdl:2:8".to_string())
        ]
    );
}

#[test]
fn a_missing_base_is_an_error_at_its_name() {
    let loaded = load("// a variation\nextends \"nowhere.vdl\"\n", &[]);
    assert_eq!(loaded.diagnostics.len(), 1);
    let d = &loaded.diagnostics[0];
    assert_eq!(d.code, Code::BadExtends);
    assert_eq!(place(&loaded, d), "dir/child.vdl:2:10");
    assert_eq!(d.message, "there is no file `dir/nowhere.vdl`");
}

#[test]
fn a_circle_of_bases_is_an_error() {
    let loaded = load(
        "extends \"a.vdl\"\n",
        &[
            ("dir/a.vdl", "extends \"b.vdl\"\n"),
            ("dir/b.vdl", "\nextends \"child.vdl\"\n"),
        ],
    );
    assert_eq!(loaded.diagnostics.len(), 1);
    let d = &loaded.diagnostics[0];
    assert_eq!(d.code, Code::BadExtends);
    assert_eq!(place(&loaded, d), "dir/b.vdl:2:10");
    assert_eq!(
        d.message,
        "the bases form a circle: dir/child.vdl → dir/a.vdl → dir/b.vdl → dir/child.vdl"
    );
}

#[test]
fn the_chain_has_a_depth_limit() {
    let files: Vec<(String, String)> = (0..40)
        .map(|i| {
            (
                format!("dir/f{i}.vdl"),
                format!("extends \"f{}.vdl\"\n", i + 1),
            )
        })
        .collect();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let loaded = load("extends \"f0.vdl\"\n", &refs);
    assert_eq!(loaded.diagnostics.len(), 1);
    assert_eq!(loaded.diagnostics[0].code, Code::Limit);
    assert_eq!(loaded.sources.files().len(), vdl::MAX_EXTENDS_DEPTH);
}

#[test]
fn modify_needs_a_base() {
    let loaded = vdl::load(
        "board { files a b ranks 1 2 }\npiece King K { royal moves \"K\" }\nmodify King { moves \"Q\" }\nsetup \"k1/K1 w\"\n",
    );
    let codes: Vec<Code> = loaded.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::BadExtends]);
    assert_eq!(place(&loaded, &loaded.diagnostics[0]), "definition.vdl:3:8");
}

/// The shipped variation files load through the binary as well.
#[test]
fn shipped_variations_check() {
    for file in [
        "definitions/takeover64-stop-beyond.vdl",
        "definitions/takeover64-undefended.vdl",
    ] {
        let out = common::vdl(&["check", file]);
        assert!(out.status.success(), "{file}: {out:?}");
    }
}

/// Only `.vdl` files are read as bases, and only regular ones: a device, a folder
/// or a system file is an error at the name, and nothing of it is read or quoted.
#[test]
fn a_base_must_be_a_definition_file() {
    let folder = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("folder.vdl");
    std::fs::create_dir_all(&folder).expect("a folder");
    let folder = folder.display().to_string();
    for (path, why) in [
        ("/dev/zero", "`/dev/zero` is not a definition file"),
        ("/etc/passwd", "`/etc/passwd` is not a definition file"),
        ("/", "`/` is not a definition file"),
        (folder.as_str(), "not a regular file"),
    ] {
        let loaded = vdl::load(&format!("extends \"{path}\"\n"));
        assert_eq!(loaded.diagnostics.len(), 1, "{path}");
        let d = &loaded.diagnostics[0];
        assert_eq!(d.code, Code::BadExtends);
        assert!(d.message.ends_with(why), "{path}: {}", d.message);
        assert_eq!(place(&loaded, d), "definition.vdl:1:10");
        assert_eq!(loaded.sources.files().len(), 1, "{path} was not read");
    }
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("extends-passwd");
    std::fs::create_dir_all(&dir).expect("a folder");
    let file = dir.join("leak.vdl");
    std::fs::write(&file, "extends \"/etc/passwd\"\n").expect("written");
    let out = common::vdl(&["check", &file.display().to_string()]);
    let shown = String::from_utf8_lossy(&out.stderr);
    assert!(
        shown.contains("vdl::bad_extends") && !shown.contains("root:"),
        "{shown}"
    );
}

/// A stranger's definition loads without file access: `extends` reaches only the
/// bases handed over with it.
#[test]
fn untrusted_definitions_read_no_file() {
    let loaded = vdl::load_untrusted("extends \"base.vdl\"\n", &[("base.vdl", BASE)]);
    assert!(loaded.ruleset.is_some(), "{:#?}", loaded.diagnostics);
    for (text, message) in [
        (
            "extends \"definitions/chess.vdl\"\n",
            "cannot read `definitions/chess.vdl`: the bases given with this definition are base.vdl",
        ),
        (
            "extends \"../../definitions/chess.vdl\"\n",
            "cannot read `../../definitions/chess.vdl`: the bases given with this definition are base.vdl",
        ),
    ] {
        let loaded = vdl::load_untrusted(text, &[("base.vdl", BASE)]);
        assert_eq!(loaded.diagnostics.len(), 1, "{text}");
        assert_eq!(loaded.diagnostics[0].code, Code::BadExtends);
        assert_eq!(loaded.diagnostics[0].message, message);
    }
    let loaded = vdl::load_untrusted("extends \"chess.vdl\"\n", &[]);
    assert_eq!(
        loaded.diagnostics[0].message,
        "cannot read `chess.vdl`: this definition was loaded without file access, and no base was given with it"
    );
}
