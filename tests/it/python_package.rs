//! The Python package (`python/`): built as an extension module with cargo, put in
//! a folder with its Python files, and run from Python: pyffish's API against
//! pyffish itself along random games, the seeds and the errors, and pyffish's own
//! unit tests with `vdl` in its place.

use crate::common;

use common::root;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

/// The package folder (`…/python-vdl`, holding `vdl/`), built once per test run.
fn package() -> PathBuf {
    static READY: OnceLock<Mutex<Option<PathBuf>>> = OnceLock::new();
    let lock = READY.get_or_init(|| Mutex::new(None));
    let mut ready = lock.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = ready.as_ref() {
        return p.clone();
    }
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    // the tests' own target folder: the interpreter is built there already
    let target = tmp
        .parent()
        .map_or_else(|| root().join("target"), Path::to_path_buf);
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--profile", "quick", "-p", "vdl-python"])
        .arg("--target-dir")
        .arg(&target)
        .current_dir(root())
        .status()
        .expect("cargo runs");
    assert!(status.success(), "the extension module did not build");
    let dir = tmp.join("python-vdl");
    let package = dir.join("vdl");
    std::fs::create_dir_all(&package).expect("package folder");
    for file in ["__init__.py", "__init__.pyi", "py.typed"] {
        std::fs::copy(root().join("python/vdl").join(file), package.join(file)).expect("copy");
    }
    std::fs::copy(
        target.join("quick/lib_vdl.so"),
        package.join("_vdl.abi3.so"),
    )
    .expect("the extension module");
    *ready = Some(dir.clone());
    dir
}

/// Run `tests/python/SCRIPT` with the package (and pyffish) importable.
fn run(script: &str, args: &[&str]) -> String {
    static FSF: OnceLock<Mutex<Option<PathBuf>>> = OnceLock::new();
    let pyffish = common::python_packages(&FSF, "requirements-fsf.txt", "import pyffish");
    let path = std::env::join_paths([package(), pyffish]).expect("paths");
    common::python_script(script, args, &path)
}

#[test]
fn pyffish_api_agrees_with_pyffish_along_random_games() {
    let out = run("pyffish_api.py", &["1", "16", "1"]);
    assert!(out.contains("3check: 1 games"), "{out}");
    assert!(out.contains("shogi: 1 games"), "{out}");
    assert!(out.contains("xiangqi: 1 games"), "{out}");
}

#[test]
#[ignore = "long: longer games, the SAN of every legal move (the long suite)"]
fn pyffish_api_agrees_with_pyffish_along_long_games() {
    let out = run("pyffish_api.py", &["1", "30", "2", "--every-san"]);
    assert!(out.contains("positions: "), "{out}");
}

#[test]
#[ignore = "long: games that move pieces back and forth, to their ends by repetition (the long suite)"]
fn pyffish_api_agrees_with_pyffish_on_repetitions() {
    let names = ["janggimodern", "janggi", "xiangqi", "minishogi"];
    let out = run(
        "pyffish_api.py",
        &[&["12", "150", "4"], &names[..]].concat(),
    );
    assert!(out.contains("janggimodern: 12 games"), "{out}");
}

#[test]
fn the_package_answers_for_the_seeds_and_raises_vdl_s_errors() {
    let out = run("vdl_api.py", &[]);
    assert!(out.ends_with("ok\n"), "{out}");
}

/// pyffish's source distribution, downloaded once per test run.
fn pyffish_sdist() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pyffish-sdist");
    let file = dir.join("pyffish-0.0.90.tar.gz");
    if !file.exists() {
        let status = Command::new("python3")
            .args([
                "-m",
                "pip",
                "download",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .args(["--no-binary", ":all:", "--no-deps", "pyffish==0.0.90", "-d"])
            .arg(&dir)
            .status()
            .expect("python3 runs");
        assert!(status.success(), "pip could not download pyffish's source");
    }
    file
}

#[test]
fn pyffish_s_own_tests_pass_where_vdl_has_the_variants() {
    let sdist = pyffish_sdist();
    let out = run("pyffish_suite.py", &[sdist.to_str().unwrap_or_default()]);
    let passed: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("PASS "))
        .collect();
    let expected =
        std::fs::read_to_string(Path::new(&root()).join("tests/python/pyffish_suite_passes.txt"))
            .expect("the expected list");
    let expected: Vec<&str> = expected
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(passed, expected, "{out}");
}

/// Every ```python block of the book's chapter "vdl from Python", run.
#[test]
fn the_book_s_python_examples_run() {
    let chapter = std::fs::read_to_string(root().join("book/src/python.md")).expect("the chapter");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in chapter.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```python") => current = Some(String::new()),
            (Some(block), "```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            (Some(block), text) => {
                block.push_str(text);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    assert_eq!(blocks.len(), 3, "the chapter's examples");
    let path = package();
    for block in blocks {
        let out = Command::new("python3")
            .args(["-c", &block])
            .env("PYTHONPATH", &path)
            .output()
            .expect("python3 runs");
        assert!(
            out.status.success(),
            "{block}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
