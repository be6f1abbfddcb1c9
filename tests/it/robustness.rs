//! No input makes vdl panic: random mutations of the shipped definitions, FENs and
//! move texts go through every stage (load, FEN, legal moves, perft 2, referee).
//! Bounded: a fixed number of mutants from a fixed seed (`VDL_MUTANTS=N` for more).

use crate::common;

use vdl::random::Rng;

/// How many mutants each test tries; `VDL_MUTANTS=N` runs more.
fn mutants() -> usize {
    std::env::var("VDL_MUTANTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 300 } else { 3000 })
}

/// Pieces of text a mutation may insert: the language's own words and symbols.
const WORDS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    ",",
    "..",
    "-",
    "\"",
    "/",
    " ",
    "\n",
    "0",
    "1",
    "9",
    "99999999999",
    "-1",
    "piece",
    "zigzag",
    "circle",
    "equal",
    "chain",
    "after",
    "range 3",
    "AM",
    "zB",
    "qN",
    "modify",
    "extends",
    "mirrored",
    "rotated",
    "board",
    "files",
    "ranks",
    "remove",
    "zone",
    "moves",
    "royal",
    "capture",
    "overtake",
    "pincer",
    "chameleon",
    "immobilize",
    "suicide",
    "castle",
    "king",
    "rook",
    "setup",
    "end",
    "promotes",
    "in",
    "to",
    "en-passant",
    "ride",
    "leap",
    "path",
    "hop",
    "all",
    "range",
    "initial",
    "quiet",
    "NN",
    "mQ",
    "ifmnD",
    "pR",
    "gQ",
    "R0",
    "K",
    "k",
    "a1",
    "h8",
    "z9",
    "x",
    "white",
    "black",
    "stalemate",
    "repetition",
    "royal-capture",
];

fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(s.len() + 1);
        match rng.below(3) {
            0 if at < s.len() => {
                let n = 1 + rng.below(8);
                s.drain(at..(at + n).min(s.len()));
            }
            1 => {
                let w = WORDS[rng.below(WORDS.len())];
                for (i, c) in w.chars().enumerate() {
                    s.insert(at + i, c);
                }
            }
            _ if at < s.len() => {
                let w: Vec<char> = WORDS[rng.below(WORDS.len())].chars().collect();
                s[at] = w[0];
            }
            _ => {}
        }
    }
    s.into_iter().collect()
}

fn exercise(rules: &vdl::Ruleset, rng: &mut Rng) {
    let mut pos = vdl::Position::start(rules);
    let _ = pos.perft(2);
    let fen = mutate(&pos.fen(), rng);
    if let Ok(mut p) = vdl::Position::from_fen(rules, &fen) {
        let _ = p.perft(1);
    }
    let mut game = vdl::referee::Game::new(vdl::Position::start(rules));
    for _ in 0..6 {
        let legal = game.legal_moves().to_vec();
        if legal.is_empty() {
            break;
        }
        let text = mutate(&game.notation(&legal[rng.below(legal.len())]), rng);
        let _ = game.play_text(&text);
    }
}

#[test]
fn mutated_definitions_never_panic() {
    let mut sources = Vec::new();
    for dir in ["definitions", "tests/definitions"] {
        for e in std::fs::read_dir(common::root().join(dir))
            .expect("folder")
            .filter_map(Result::ok)
        {
            sources.push(std::fs::read_to_string(e.path()).expect("readable"));
        }
    }
    let mut rng = Rng::new(0xfeed_beef);
    let mut loaded = 0;
    for i in 0..mutants() {
        let text = mutate(&sources[i % sources.len()], &mut rng);
        let result = vdl::load(&text);
        for d in &result.diagnostics {
            for l in &d.labels {
                assert!(
                    result.sources.locate(l.span).is_some(),
                    "span {:?} outside the files read",
                    l.span
                );
            }
        }
        if let Some(rules) = result.ruleset {
            loaded += 1;
            exercise(&rules, &mut rng);
        }
    }
    assert!(
        loaded > 0,
        "no mutant loaded; the test exercises nothing past check"
    );
}

#[test]
fn mutated_game_records_never_panic() {
    let rules = common::rules("definitions/chess.vdl");
    let record =
        std::fs::read_to_string(common::root().join("tests/games/chess/loyd-stalemate.game"))
            .expect("readable");
    let mut rng = Rng::new(0xabad_cafe);
    for _ in 0..mutants() {
        let text = mutate(&record, &mut rng);
        let r = vdl::referee::referee(&rules, &text);
        if let Some(d) = r.error {
            let s = d.span();
            assert!(
                s.start <= s.end && s.end <= text.len(),
                "span {s:?} outside the record"
            );
        }
    }
}

/// Inputs the fuzz targets (`tests/fuzz/`) once crashed on, replayed as each
/// target runs them: `definition/` files are loaded, `fen/` files read as a FEN
/// and `game/` files refereed, under the shipped definitions.
#[test]
fn fuzz_regressions_stay_fixed() {
    let dir = common::root().join("tests/fuzz/regressions");
    let rulesets: Vec<vdl::Ruleset> = ["chess", "rococo", "takeover64", "ultima"]
        .iter()
        .map(|d| common::rules(&format!("definitions/{d}.vdl")))
        .collect();
    let mut replayed = 0;
    for target in ["definition", "fen", "game"] {
        let Ok(entries) = std::fs::read_dir(dir.join(target)) else {
            continue;
        };
        for e in entries.filter_map(Result::ok) {
            let bytes = std::fs::read(e.path()).expect("readable");
            let Ok(text) = std::str::from_utf8(&bytes) else {
                continue;
            };
            replayed += 1;
            match target {
                "definition" => {
                    if let Some(rules) = vdl::load(text).ruleset {
                        vdl::Position::start(&rules).perft(2);
                    }
                }
                "fen" => {
                    for rules in &rulesets {
                        match vdl::Position::from_fen(rules, text) {
                            Ok(mut pos) => {
                                let fen = pos.fen();
                                assert!(vdl::Position::from_fen(rules, &fen).is_ok(), "{fen}");
                                pos.perft(1);
                            }
                            Err(e) => assert!(e.offset + e.len <= text.len(), "{e:?}"),
                        }
                    }
                }
                _ => {
                    for rules in &rulesets {
                        if let Some(d) = vdl::referee::referee(rules, text).error {
                            for l in &d.labels {
                                assert!(l.span.end <= text.len(), "{d:?}");
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(replayed >= 2, "no regression input found");
}

/// File labels `aa`, `ab`, ... for large boards (numbers are the ranks).
fn labels(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "{}{}",
                (b'a' + (i / 26) as u8) as char,
                (b'a' + (i % 26) as u8) as char
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn ranks(n: usize) -> String {
    (1..=n).map(|i| i.to_string()).collect::<Vec<_>>().join(" ")
}

/// Large but valid inputs give their exact result; each of these takes well under a
/// second in a release build.
#[test]
fn pathological_but_valid_inputs_work() {
    // The largest board: 64×64, a queen in the corner.
    let text = format!(
        "board {{ files {} ranks {} }}\npiece Queen Q {{ moves \"Q\" }}\nsetup \"{}/Q63 w\"\n",
        labels(64),
        ranks(64),
        vec!["64"; 63].join("/")
    );
    let rules = vdl::load(&text).ruleset.expect("a 64x64 board loads");
    assert_eq!(rules.cell_count(), 4096);
    assert_eq!(vdl::Position::start(&rules).perft(1), 3 * 63);
    // A rider with range 1000: the board bounds it.
    let text = "board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }\n\
                piece Rider R { moves { ride (1,0) all range 1000 } }\n\
                setup \"8/8/8/8/8/8/8/R7 w\"\n";
    let rules = vdl::load(text).ruleset.expect("loads");
    assert_eq!(vdl::Position::start(&rules).perft(1), 14);
    // 200 pieces: five rows of twenty pawns a side on a 20×20 board.
    let mut rows = vec!["20".to_string()];
    rows.extend(std::iter::repeat_n("p".repeat(20), 5));
    rows.extend(std::iter::repeat_n("20".to_string(), 8));
    rows.extend(std::iter::repeat_n("P".repeat(20), 5));
    rows.push("20".to_string());
    let text = format!(
        "board {{ files {} ranks {} }}\npiece Pawn P {{ moves \"fmW\" }}\nsetup \"{} w\"\n",
        labels(20),
        ranks(20),
        rows.join("/")
    );
    let rules = vdl::load(&text).ruleset.expect("loads");
    assert_eq!(vdl::Position::start(&rules).perft(2), 20 * 20);
}

/// Inputs past a limit, or nested without end, get a clear error, quickly.
#[test]
fn pathological_inputs_get_clear_errors() {
    let codes = |text: &str| -> Vec<vdl::Code> {
        let mut c: Vec<vdl::Code> = vdl::load(text).diagnostics.iter().map(|d| d.code).collect();
        c.dedup();
        c
    };
    // Deep nesting: the grammar has no recursion, so this is one syntax error.
    assert_eq!(codes(&"{".repeat(100_000)), [vdl::Code::Syntax]);
    assert_eq!(codes(&"(".repeat(100_000)), [vdl::Code::Syntax]);
    // A Betza string of nested brackets.
    let text = format!(
        "board {{ files a b ranks 1 2 }}\npiece X X {{ moves \"{}\" }}\nsetup \"x1/X1 w\"\n",
        "[".repeat(50_000)
    );
    assert_eq!(codes(&text), [vdl::Code::BadBetza]);
    // A board of 65 files names the limit.
    let text = format!(
        "board {{ files {} ranks 1 }}\npiece King K {{ royal moves \"K\" }}\nsetup \"k64 w\"\n",
        labels(65)
    );
    let loaded = vdl::load(&text);
    assert_eq!(loaded.diagnostics[0].code, vdl::Code::BoardSize);
    assert!(
        loaded.diagnostics[0].message.contains("64"),
        "{}",
        loaded.diagnostics[0].message
    );
    // 65 piece kinds: over the limit of 64.
    let mut text = format!("board {{ files {} ranks 1 2 }}\n", labels(2));
    for i in 0..65 {
        text.push_str(&format!(
            "piece P{i} {} {{ }}\n",
            (b'A' + (i % 26) as u8) as char
        ));
    }
    text.push_str("setup \"2/2 w\"\n");
    assert!(codes(&text).contains(&vdl::Code::Limit));
    // An offset beyond ±255.
    let text = "board { files a b ranks 1 2 }\npiece F F { moves { leap (1000,1) all } }\nsetup \"f1/F1 w\"\n";
    assert_eq!(codes(text), [vdl::Code::Limit]);
}
