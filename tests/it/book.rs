//! Every ```vdl block in the book (and the README) is a complete definition, checked here. A block's
//! info string may add `perft=D:N,...` (perft from its setup) or `fails=CODE,...`
//! (it must fail with those codes), among others (see `every_vdl_block_checks`). `{{#include PATH}}` is resolved as mdBook does.

use crate::common;

use std::path::{Path, PathBuf};

struct Block {
    file: PathBuf,
    line: usize,
    info: String,
    text: String,
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            markdown_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "md") {
            out.push(p);
        }
    }
}

fn blocks() -> Vec<Block> {
    let mut files = Vec::new();
    markdown_files(&common::root().join("book/src"), &mut files);
    files.sort();
    files.push(common::root().join("README.md"));
    let mut out = Vec::new();
    for file in files {
        let raw = std::fs::read_to_string(&file).expect("readable");
        // A page that is one include (the codes page) is read as the included file.
        let (file, text) = match raw
            .trim()
            .strip_prefix("{{#include ")
            .and_then(|r| r.strip_suffix("}}"))
        {
            Some(path) => {
                let included = file.parent().expect("in a folder").join(path.trim());
                let text = std::fs::read_to_string(&included).expect("included page");
                (included, text)
            }
            None => (file, raw),
        };
        let mut lines = text.lines().enumerate();
        while let Some((i, line)) = lines.next() {
            let Some(info) = line.strip_prefix("```") else {
                continue;
            };
            let mut body = String::new();
            for (_, l) in lines.by_ref() {
                if l.starts_with("```") {
                    break;
                }
                if let Some(path) = l
                    .trim()
                    .strip_prefix("{{#include ")
                    .and_then(|r| r.strip_suffix("}}"))
                {
                    let dir = file.parent().expect("in a folder");
                    body.push_str(
                        &std::fs::read_to_string(dir.join(path.trim())).expect("included file"),
                    );
                } else {
                    body.push_str(l);
                    body.push('\n');
                }
            }
            out.push(Block {
                file: file.clone(),
                line: i + 1,
                info: info.trim().to_string(),
                text: body,
            });
        }
    }
    out
}

#[test]
fn every_vdl_block_checks() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for b in blocks() {
        let mut words = b.info.split_whitespace();
        match words.next() {
            // checked by `every_fsf_block_checks`
            Some("vdl") if b.info.contains("exports=") => continue,
            Some("vdl") => {}
            Some("game") => {
                let at = format!("{}:{}", b.file.display(), b.line);
                let definition = words.next().unwrap_or_default();
                // a bare name is a shipped definition; a path is from the repository root
                let path = if definition.contains('/') {
                    definition.to_string()
                } else {
                    format!("definitions/{definition}.vdl")
                };
                let rules = common::rules(&path);
                let expect: Vec<&str> = b
                    .text
                    .lines()
                    .next()
                    .and_then(|l| l.strip_prefix("# expect:"))
                    .map(|l| l.split_whitespace().collect())
                    .unwrap_or_default();
                let r = vdl::referee::referee(&rules, &b.text);
                if let [code] = expect.as_slice() {
                    if code.starts_with("vdl::") {
                        let got = r.error.as_ref().map(|d| d.code.as_str());
                        if got != Some(code) {
                            failures.push(format!(
                                "{at}: game stops with {got:?}, the book says {code}"
                            ));
                        }
                        checked += 1;
                        continue;
                    }
                }
                let got = r.game.as_ref().and_then(|g| g.result()).map(|res| {
                    let reason = serde_json::to_value(res.reason).unwrap_or_default();
                    let mut got = vec![
                        res.score().to_string(),
                        reason.as_str().unwrap_or_default().to_string(),
                    ];
                    if res.claimed {
                        got.push("claimed".to_string());
                    }
                    got
                });
                let got = got.or_else(|| Some(vec!["*".to_string(), "in-progress".to_string()]));
                let want: Vec<String> = expect.iter().map(|s| s.to_string()).collect();
                if r.error.is_some() || got.as_ref() != Some(&want) {
                    failures.push(format!("{at}: game gives {got:?}, the book says {want:?}"));
                }
                checked += 1;
                continue;
            }
            _ => continue,
        }
        checked += 1;
        let at = format!("{}:{}", b.file.display(), b.line);
        // As if the block were a file beside the shipped definitions, so that
        // `extends "chess.vdl"` names one of them.
        let loaded = vdl::load_file(
            &common::root().join("definitions/book-example.vdl"),
            &b.text,
        );
        let codes: Vec<&str> = loaded.diagnostics.iter().map(|d| d.code.as_str()).collect();
        let mut fails = None;
        let mut warns = Vec::new();
        let mut perft = Vec::new();
        let mut claims: Vec<(String, Option<Vec<String>>)> = Vec::new();
        let mut values: Vec<(String, i32)> = Vec::new();
        // (FEN, or none for the start; the value for the side to move)
        let mut evals: Vec<(Option<String>, i32)> = Vec::new();
        let mut seed = 0;
        for w in words {
            if let Some(list) = w.strip_prefix("warns=") {
                warns.extend(list.split(',').map(str::to_string));
            } else if let Some(list) = w.strip_prefix("fails=") {
                fails = Some(list.split(',').map(str::to_string).collect::<Vec<_>>());
            } else if let Some(list) = w.strip_prefix("perft=") {
                for pair in list.split(',') {
                    let (d, n) = pair.split_once(':').expect("perft=DEPTH:NODES");
                    perft.push((
                        d.parse::<u32>().expect("depth"),
                        n.parse::<u64>().expect("nodes"),
                    ));
                }
            } else if let Some(claim) = w.strip_prefix("move=") {
                // MOVE:CAPTURED,CAPTURED (or `-` for none); MOVE as `vdl moves` prints
                // it: `c1-c3`, `d4<>d6` (a swap), `d4xe5` (mutual destruction), `d7-d8=A`
                let (text, caps) = claim.split_once(':').expect("move=MOVE:CAPTURES");
                let mut caps: Vec<String> = if caps == "-" {
                    Vec::new()
                } else {
                    caps.split(',').map(str::to_string).collect()
                };
                caps.sort();
                claims.push((text.to_string(), Some(caps)));
            } else if let Some(claim) = w.strip_prefix("value=") {
                // LABEL:N, the piece's value for the computer player
                let (label, n) = claim.split_once(':').expect("value=LABEL:N");
                values.push((label.to_string(), n.parse().expect("a value")));
            } else if let Some(n) = w.strip_prefix("eval=") {
                // the start's value for the side to move, by the computer player
                evals.push((None, n.parse::<i32>().expect("eval=N")));
            } else if let Some(claim) = w.strip_prefix("eval@") {
                // FEN=N, the FEN's spaces written `_`: that position's value
                let (fen, n) = claim.rsplit_once('=').expect("eval@FEN=N");
                evals.push((Some(fen.replace('_', " ")), n.parse().expect("a value")));
            } else if let Some(text) = w.strip_prefix("nomove=") {
                claims.push((text.to_string(), None));
            } else if let Some(n) = w.strip_prefix("seed=") {
                // the array of this seed for a shuffled setup (perft and moves)
                seed = n.parse().expect("a seed");
            } else {
                failures.push(format!("{at}: unknown block attribute `{w}`"));
            }
        }
        match (fails, loaded.ruleset) {
            (Some(expected), _) => {
                for code in expected {
                    if !codes.contains(&code.as_str()) {
                        failures.push(format!("{at}: expected {code}, got {codes:?}"));
                    }
                }
            }
            (None, None) => {
                failures.push(format!("{at}: does not load: {:#?}", loaded.diagnostics))
            }
            (None, Some(rules)) => {
                for code in &warns {
                    if !codes.contains(&code.as_str()) {
                        failures.push(format!("{at}: expected warning {code}, got {codes:?}"));
                    }
                }
                let piece_values = vdl::search::eval::piece_values(&rules);
                for (label, want) in &values {
                    let got = rules
                        .definition
                        .pieces
                        .iter()
                        .position(|p| &p.label == label)
                        .map(|k| piece_values[k]);
                    if got != Some(*want) {
                        failures.push(format!("{at}: {label} is worth {got:?}, not {want}"));
                    }
                }
                let mut pos = vdl::Position::start_seeded(&rules, seed);
                for (fen, want) in evals {
                    let position = match &fen {
                        Some(fen) => vdl::Position::from_fen(&rules, fen),
                        None => Ok(pos.clone()),
                    };
                    let Ok(position) = position else {
                        failures.push(format!("{at}: {fen:?} is no position"));
                        continue;
                    };
                    let got = vdl::search::Evaluator::new(&rules).evaluate(&position);
                    if got != want {
                        let what = fen.unwrap_or_else(|| "the start".into());
                        failures.push(format!("{at}: {what} is worth {got}, not {want}"));
                    }
                }
                let mut legal = Vec::new();
                pos.legal_moves(&mut legal);
                for (text, caps) in claims {
                    let found = legal.iter().any(|m| {
                        let mut got: Vec<String> = m
                            .captures()
                            .iter()
                            .map(|&c| rules.cell_name(c).to_string())
                            .collect();
                        got.sort();
                        pos.move_text(m) == text && caps.as_ref().is_none_or(|c| *c == got)
                    });
                    match caps {
                        Some(caps) if !found => {
                            failures.push(format!("{at}: no legal move {text} capturing {caps:?}"))
                        }
                        None if found => {
                            failures.push(format!("{at}: {text} is legal, the book says not"))
                        }
                        _ => {}
                    }
                }
                for (depth, nodes) in perft {
                    let got = vdl::Position::start_seeded(&rules, seed).perft(depth);
                    if got != nodes {
                        failures.push(format!(
                            "{at}: perft({depth}) is {got}, the book says {nodes}"
                        ));
                    }
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} vdl blocks in the book");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The blocks of Fairy-Stockfish configuration text: ```ini fsf fails=CODE,...```
/// (importing it reports those codes), ```ini fsf writes=NAME``` (it writes the
/// section NAME, exactly as the next block on the page, a ```vdl``` block), and
/// ```vdl exports=NAME``` (exporting it as NAME gives exactly the next block, an
/// ```ini``` block).
#[test]
fn every_fsf_block_checks() {
    let all = blocks();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (i, b) in all.iter().enumerate() {
        let at = format!("{}:{}", b.file.display(), b.line);
        let words: Vec<&str> = b.info.split_whitespace().collect();
        let next = all.get(i + 1).filter(|n| n.file == b.file);
        match words.as_slice() {
            ["ini", "fsf", attrs @ ..] => {
                checked += 1;
                let import = vdl::fsf::import(&b.text, 0, "variants.ini", &[]);
                let codes: Vec<&str> = import
                    .diagnostics
                    .iter()
                    .chain(import.refused.iter().flat_map(|r| &r.diagnostics))
                    .chain(import.written.iter().flat_map(|w| &w.warnings))
                    .map(|d| d.code.as_str())
                    .collect();
                for a in attrs {
                    if let Some(list) = a.strip_prefix("fails=") {
                        for code in list.split(',') {
                            if !codes.contains(&code) {
                                failures.push(format!(
                                    "{at}: the import reports {codes:?}, not {code}"
                                ));
                            }
                        }
                    } else if let Some(name) = a.strip_prefix("writes=") {
                        let written = import.written.iter().find(|w| w.section == name);
                        match (written, next) {
                            (Some(w), Some(n)) if n.info.starts_with("vdl") && n.text == w.text => {
                            }
                            (Some(w), _) => {
                                failures.push(format!("{at}: [{name}] is written as\n{}", w.text))
                            }
                            (None, _) => failures.push(format!(
                                "{at}: [{name}] is not written: {:?}",
                                import.refused
                            )),
                        }
                    } else {
                        failures.push(format!("{at}: unknown block attribute `{a}`"));
                    }
                }
            }
            ["vdl", attrs @ ..] => {
                let Some(name) = attrs.iter().find_map(|a| a.strip_prefix("exports=")) else {
                    continue;
                };
                checked += 1;
                let path = common::root().join("definitions/book-example.vdl");
                let (loaded, syntax) =
                    vdl::load_keeping_syntax(&path, &b.text, &mut vdl::read_source);
                let (Some(rules), Some(syntax)) = (loaded.ruleset, syntax) else {
                    failures.push(format!("{at}: does not load"));
                    continue;
                };
                let refused = attrs.contains(&"fails=vdl::fsf_export");
                match (vdl::fsf::export(name, &syntax, &rules), next) {
                    (Err(_), _) if refused => {}
                    (Ok(text), _) if refused => {
                        failures.push(format!("{at}: exports, the book says it does not:\n{text}"))
                    }
                    (Ok(text), Some(n)) if n.info.starts_with("ini") && n.text == text => {}
                    (Ok(text), _) => failures.push(format!("{at}: exports as\n{text}")),
                    (Err(e), _) => failures.push(format!("{at}: the export refuses: {e:?}")),
                }
            }
            _ => {}
        }
    }
    assert!(
        checked >= 3,
        "only {checked} Fairy-Stockfish blocks in the book"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The codes page is the file of explanations `vdl explain` prints, and
/// each code's section has an example (checked above) that produces that code.
#[test]
fn codes_page_is_the_explanations_with_an_example_per_code() {
    let page =
        std::fs::read_to_string(common::root().join("book/src/diagnostics.md")).expect("page");
    assert_eq!(page, vdl::diagnostic::EXPLANATIONS);
    for code in vdl::Code::ALL {
        let name = code.as_str();
        let section = code
            .explain()
            .unwrap_or_else(|| panic!("{name} has no explanation"));
        let shown = [
            format!("fails={name}"),
            format!("warns={name}"),
            format!("# expect: {name}"),
        ];
        assert!(
            shown.iter().any(|s| section.contains(s.as_str())),
            "the explanation of {name} has no example producing it"
        );
    }
}

#[test]
fn summary_links_exist() {
    let dir = common::root().join("book/src");
    let summary = std::fs::read_to_string(dir.join("SUMMARY.md")).expect("summary");
    for part in summary.split("](").skip(1) {
        let link = part.split(')').next().unwrap_or_default();
        assert!(
            dir.join(link).exists(),
            "SUMMARY.md links to missing {link}"
        );
    }
}

/// Every diagram of the book, `book/src/diagrams/NAME.svg`, is `vdl show --svg`
/// with the arguments in `NAME.args` (`_` in an argument stands for a space), and
/// each is shown on some page. `VDL_BLESS=1` regenerates them.
#[test]
fn diagrams_are_generated() {
    let dir = common::root().join("book/src/diagrams");
    let mut pages = Vec::new();
    markdown_files(&common::root().join("book/src"), &mut pages);
    let text: String = pages
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_default())
        .collect();
    let mut args_files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("diagrams folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "args"))
        .collect();
    args_files.sort();
    assert!(args_files.len() >= 3);
    let out_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    for args_file in &args_files {
        let name = args_file
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .to_string();
        let args: Vec<String> = std::fs::read_to_string(args_file)
            .expect("readable")
            .split_whitespace()
            .map(|a| a.replace('_', " "))
            .collect();
        let made = out_dir.join(format!("{name}.svg"));
        let mut all = vec!["show".to_string()];
        all.extend(args);
        all.extend(["--svg".to_string(), made.to_string_lossy().to_string()]);
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        let o = common::vdl(&refs);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let got = std::fs::read_to_string(&made).expect("written");
        let svg = dir.join(format!("{name}.svg"));
        if std::env::var_os("VDL_BLESS").is_some() {
            std::fs::write(&svg, &got).expect("writable");
        } else {
            let want = std::fs::read_to_string(&svg).unwrap_or_default();
            assert!(
                got == want,
                "{} is not what `vdl show` draws now",
                svg.display()
            );
        }
        assert!(
            text.contains(&format!("diagrams/{name}.svg")),
            "no page shows diagrams/{name}.svg"
        );
    }
}

/// The catalogue page names every shipped definition.
#[test]
fn catalogue_lists_every_definition() {
    let page = std::fs::read_to_string(common::root().join("book/src/catalogue.md"))
        .expect("book/src/catalogue.md");
    for entry in std::fs::read_dir(common::root().join("definitions"))
        .expect("definitions")
        .filter_map(Result::ok)
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".vdl") {
            assert!(
                page.contains(&format!("`{name}`"))
                    || page.contains(&format!("definitions/{name}")),
                "the catalogue does not list {name}"
            );
        }
    }
}

/// The newcomers' map names only paths that exist, and every part of the library.
#[test]
fn the_architecture_map_names_real_paths() {
    let root = common::root();
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let paths: Vec<&str> = map
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|t| t.contains('/') && !t.contains(' '))
        .collect();
    assert!(paths.len() > 30, "{paths:?}");
    for p in &paths {
        assert!(
            root.join(p).exists(),
            "ARCHITECTURE.md names `{p}`, which does not exist"
        );
    }
    for entry in std::fs::read_dir(root.join("interpreter/src")).expect("interpreter/src") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        let part = format!("interpreter/src/{}", name.trim_end_matches(".rs"));
        assert!(
            name == "lib.rs" || paths.iter().any(|p| p.starts_with(&part)),
            "ARCHITECTURE.md does not say where `{part}` belongs"
        );
    }
}

/// Whether `item` is defined in `text` (a file of kind `ext`): a Rust item, a
/// grammar rule, or a word of a book page's code.
fn defines(text: &str, ext: &str, item: &str) -> bool {
    let word = |line: &str, w: &str| {
        line.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .any(|t| t == w)
    };
    text.lines().any(|line| {
        let t = line.trim_start();
        match ext {
            "rs" => ["fn ", "struct ", "enum ", "type ", "const "]
                .iter()
                .any(|k| {
                    t.split_once(k).is_some_and(|(pre, rest)| {
                        let pre = pre.trim();
                        (pre.is_empty() || (pre.starts_with("pub") && !pre.contains(['=', ';'])))
                            && rest.split(['(', '<', ' ', '{', ':', ';']).next() == Some(item)
                    })
                }),
            "pest" => t
                .split_once('=')
                .is_some_and(|(name, _)| name.trim() == item),
            _ => word(t, item),
        }
    })
}

/// The recipes in ARCHITECTURE.md name, step by step, a file and the item in it to
/// extend (`path` · `item`): each item is still defined where the recipe says.
#[test]
fn the_architecture_recipes_name_real_items() {
    let root = common::root();
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let recipes = map
        .split("## Recipes")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a Recipes section");
    let mut checked = 0;
    for line in recipes.lines() {
        // `path` · `item`, possibly several times on a line
        let parts: Vec<&str> = line.split('`').collect();
        for i in (1..parts.len().saturating_sub(2)).step_by(2) {
            let (path, sep, item) = (parts[i], parts[i + 1], parts[i + 2]);
            if sep.trim() != "·" {
                continue;
            }
            let text = std::fs::read_to_string(root.join(path))
                .unwrap_or_else(|_| panic!("a recipe names `{path}`, which does not exist"));
            let ext = path.rsplit('.').next().unwrap_or("");
            assert!(
                defines(&text, ext, item),
                "a recipe names `{item}` in `{path}`, which does not define it"
            );
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} recipe steps found");
}

/// Every capture mode has a home: `engine/capture/mod.rs` lists a file for each
/// mode the language has, and the file exists.
#[test]
fn every_capture_mode_has_a_file_in_engine_capture() {
    let root = common::root();
    let dir = root.join("interpreter/src/engine/capture");
    let table = std::fs::read_to_string(dir.join("mod.rs")).expect("capture/mod.rs");
    let grammar = std::fs::read_to_string(root.join("grammar/vdl.pest")).expect("grammar");
    let kinds = grammar
        .lines()
        .find(|l| l.starts_with("capture_kind"))
        .expect("capture_kind rule");
    let words: Vec<&str> = kinds.split('"').skip(1).step_by(2).collect();
    assert!(words.len() >= 10, "{words:?}");
    for word in words.iter().chain(&["replacement", "swap", "immobilize"]) {
        let name = word.replace('-', " ");
        let row = table
            .lines()
            .filter(|l| l.starts_with("//! |"))
            .find(|l| {
                l.split('|')
                    .nth(1)
                    .is_some_and(|modes| modes.contains(name.as_str()))
            })
            .unwrap_or_else(|| panic!("no row for `{word}` in engine/capture/mod.rs"));
        let file = row.split('`').nth(1).expect("a file in the row");
        assert!(
            dir.join(file).exists(),
            "`{word}` lives in `{file}`, which does not exist"
        );
    }
}
