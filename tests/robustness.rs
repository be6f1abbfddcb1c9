//! No input makes vdl panic: random mutations of the shipped definitions, FENs and
//! move texts go through every stage (load, FEN, legal moves, perft 2, referee).
//! Bounded: a fixed number of mutants from a fixed seed (`VDL_MUTANTS=N` for more).

mod common;

use common::Rng;

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
    let mut rng = Rng(0xfeed_beef);
    let mut loaded = 0;
    for i in 0..mutants() {
        let text = mutate(&sources[i % sources.len()], &mut rng);
        let result = vdl::load(&text);
        for d in &result.diagnostics {
            let s = d.span();
            assert!(
                s.start <= s.end && s.end <= text.len(),
                "span {s:?} outside the text"
            );
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
    let mut rng = Rng(0xabad_cafe);
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
