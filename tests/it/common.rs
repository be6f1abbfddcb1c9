//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use vdl::random::Rng;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Load a definition by path relative to the repository root; panics with the
/// rendered diagnostics if it has errors (a test failure, not a user-facing path).
pub fn rules(path: &str) -> vdl::Ruleset {
    let source = std::fs::read_to_string(root().join(path))
        .unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let loaded = vdl::load_file(&root().join(path), &source);
    match loaded.ruleset {
        Some(r) => r,
        None => panic!("{path} has errors: {:#?}", loaded.diagnostics),
    }
}

/// Run the `vdl` binary from the repository root, without colours.
pub fn vdl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vdl"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .output()
        .expect("vdl runs")
}

/// Every legal move of a position as `Position::move_text` writes it, sorted.
pub fn move_texts(rules: &vdl::Ruleset, fen: &str) -> Vec<String> {
    let mut pos = vdl::Position::from_fen(rules, fen).expect("valid FEN");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut texts: Vec<String> = list.iter().map(|m| pos.move_text(m)).collect();
    texts.sort();
    texts
}

/// The moves of the piece on `cell` as `Position::move_text` writes them, sorted.
pub fn moves_from(rules: &vdl::Ruleset, fen: &str, cell: &str) -> Vec<String> {
    let from = format!("{cell}-");
    (move_texts(rules, fen).into_iter())
        .filter(|m| m.starts_with(&from))
        .collect()
}

/// The game after `moves` (as the referee reads them) from `fen`; a panic if it
/// ends before the last or a move is not legal.
pub fn played<'r>(rules: &'r vdl::Ruleset, fen: &str, moves: &[&str]) -> vdl::referee::Game<'r> {
    let pos =
        vdl::Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {}", e.message));
    let mut game = vdl::referee::Game::new(pos);
    for m in moves {
        assert!(game.result().is_none(), "over before {m}");
        game.play_text(m)
            .unwrap_or_else(|e| panic!("{m}: {}", e.message));
    }
    game
}

/// The error reading `fen` gives; a panic if it is read.
pub fn fen_error(rules: &vdl::Ruleset, fen: &str) -> vdl::model::FenError {
    match vdl::Position::from_fen(rules, fen) {
        Ok(_) => panic!("`{fen}` was read"),
        Err(e) => e,
    }
}

/// Make the legal move `Position::move_text` writes as `text`.
pub fn play_text(pos: &mut vdl::Position, text: &str) {
    let m = legal_move(pos, text);
    pos.make(m);
}

/// The legal move written `text` (as `Position::move_text` writes it) in `pos`.
pub fn legal_move(pos: &mut vdl::Position, text: &str) -> vdl::Move {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    list.iter()
        .copied()
        .find(|m| pos.move_text(m) == text)
        .unwrap_or_else(|| panic!("`{text}` is not legal at {}", pos.fen()))
}

/// The legal moves of the piece on `from`, each described by `describe`, sorted.
pub fn moves_of_piece<T: Ord>(
    pos: &mut vdl::Position,
    from: &str,
    describe: impl Fn(&vdl::Position, &vdl::Move) -> T,
) -> Vec<T> {
    let from = pos.rules().cell_by_name(from).expect("a cell");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut out: Vec<T> = list
        .iter()
        .filter(|m| m.from == from)
        .map(|m| describe(pos, m))
        .collect();
    out.sort();
    out
}

/// A FEN with `side` to move and these pieces (cell, label as written) on the board,
/// every other cell empty.
pub fn fen_of(rules: &vdl::Ruleset, pieces: &[(&str, &str)], side: &str) -> String {
    let board = &rules.definition.board;
    let mut rows = Vec::new();
    for rank in (0..board.height()).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in board.row_files(rank) {
            let name = board.cell_name(vdl::model::Coord { file, rank });
            match pieces.iter().find(|(c, _)| *c == name) {
                Some((_, label)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(label);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {side} - - 0 1", rows.join("/"))
}

/// Walk the whole tree to `depth`, comparing the fast generator with the reference
/// at every node; the number of leaves.
pub fn tree_agrees(pos: &mut vdl::Position, depth: u32) -> u64 {
    use vdl::model::Side;
    use vdl::reference;
    assert!(reference::understands(pos), "{}", pos.fen());
    let fast = reference::fast_legal_moves(pos);
    assert_eq!(fast, reference::legal_moves(pos), "at {}", pos.fen());
    for side in [Side::White, Side::Black] {
        assert_eq!(
            pos.in_check(side),
            reference::in_check(pos, side),
            "{}",
            pos.fen()
        );
    }
    if depth == 1 {
        return fast.len() as u64;
    }
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut leaves = 0;
    for m in list {
        pos.make(m);
        leaves += tree_agrees(pos, depth - 1);
        pos.unmake();
    }
    leaves
}

/// `tree_agrees` to `depth` from each of `fens`.
pub fn trees_agree(rules: &vdl::Ruleset, fens: &[&str], depth: u32) {
    for fen in fens {
        let mut pos = vdl::Position::from_fen(rules, fen).expect("fen");
        tree_agrees(&mut pos, depth);
    }
}

/// Random games from `fens` (chosen by `seed`) until `positions` positions have
/// been seen, at most `plies` plies each: at every position the fast generator's
/// legal moves are the reference's; `visit` then sees the position and its moves.
pub fn random_walks_agree(
    rules: &vdl::Ruleset,
    fens: &[&str],
    seed: u64,
    (positions, plies): (usize, usize),
    mut visit: impl FnMut(&vdl::Position, &[vdl::Move]),
) {
    use vdl::reference;
    let mut rng = Rng::new(seed);
    let mut list = Vec::new();
    let mut seen = 0;
    while seen < positions {
        let fen = fens[rng.below(fens.len())];
        let mut pos = vdl::Position::from_fen(rules, fen).expect("fen");
        for _ in 0..plies {
            assert!(reference::understands(&pos), "at {}", pos.fen());
            assert_eq!(
                reference::fast_legal_moves(&mut pos),
                reference::legal_moves(&pos),
                "at {}",
                pos.fen()
            );
            seen += 1;
            pos.legal_moves(&mut list);
            visit(&pos, &list);
            if list.is_empty() {
                break;
            }
            pos.make(list[rng.below(list.len())]);
        }
    }
}

/// A folder of Python packages for the tests, installed on first use from
/// `tests/python/REQUIREMENTS` into the target directory with the machine's
/// `python3 -m pip`, unless `import_check` already runs with it.
pub fn python_packages(
    ready: &'static std::sync::OnceLock<std::sync::Mutex<Option<PathBuf>>>,
    requirements: &str,
    import_check: &str,
) -> PathBuf {
    let lock = ready.get_or_init(|| std::sync::Mutex::new(None));
    let mut ready = lock.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = ready.as_ref() {
        return p.clone();
    }
    let name = requirements.trim_end_matches(".txt");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("python-{name}"));
    let file = root().join("tests/python").join(requirements);
    let present = Command::new("python3")
        .args(["-c", import_check])
        .env("PYTHONPATH", &dir)
        .status()
        .is_ok_and(|s| s.success());
    if !present {
        let status = Command::new("python3")
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .arg("--target")
            .arg(&dir)
            .arg("-r")
            .arg(&file)
            .status()
            .expect("python3 runs (the tests need Python 3 with pip)");
        assert!(status.success(), "pip could not install {}", file.display());
    }
    *ready = Some(dir.clone());
    dir
}

/// Run `tests/python/SCRIPT` with the vdl binary and `args` against Fairy-Stockfish's
/// Python binding (pyffish, installed on first use from
/// `tests/python/requirements-fsf.txt`); its standard output, or a panic with both
/// outputs when it fails.
pub fn fsf_script(script: &str, args: &[&str]) -> String {
    static READY: std::sync::OnceLock<std::sync::Mutex<Option<PathBuf>>> =
        std::sync::OnceLock::new();
    let path = python_packages(&READY, "requirements-fsf.txt", "import pyffish");
    let vdl = env!("CARGO_BIN_EXE_vdl");
    let args: Vec<&str> = std::iter::once(vdl).chain(args.iter().copied()).collect();
    python_script(script, &args, path.as_os_str())
}

/// Run `tests/python/SCRIPT` with `args`, the modules on `path` importable; its
/// standard output, or a panic with both outputs when it fails.
pub fn python_script(script: &str, args: &[&str], path: &std::ffi::OsStr) -> String {
    let out = Command::new("python3")
        .arg(root().join("tests/python").join(script))
        .args(args)
        .env("PYTHONPATH", path)
        .current_dir(root())
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{script} {args:?}:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Chess's rules without its shipped `evaluation` section: what its weights are
/// derived from.
/// Put chess's network beside a copy of `chess.vdl` written into `folder`: the
/// definition names it, as a file beside it.
pub fn place_chess_network(folder: &Path) {
    std::fs::copy(
        root().join("definitions/chess.net"),
        folder.join("chess.net"),
    )
    .expect("chess.net copied");
}

pub fn chess_derived() -> String {
    let shipped = std::fs::read_to_string(root().join("definitions/chess.vdl")).expect("chess");
    match vdl::evaluation_section(&shipped) {
        Some(r) => format!("{}{}", &shipped[..r.start], &shipped[r.end..]),
        None => shipped,
    }
}
