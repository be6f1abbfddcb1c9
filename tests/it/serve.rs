//! `vdl serve`: its HTTP answers checked exactly (state, moves, undo/redo, FEN, a
//! definition edited and broken under it), and the page itself in a real browser:
//! `tests/browser/board_test.py` drives Debian's Chromium with Playwright (both
//! installed by this test when missing) and saves screenshots in the target folder.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// A running `vdl serve`, ended when dropped.
struct Served {
    child: Child,
    address: String,
}

impl Served {
    fn start(definition: &Path) -> Served {
        Served::start_thinking(definition, 50)
    }

    /// With the engine's time per move in milliseconds.
    fn start_thinking(definition: &Path, movetime: u64) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_vdl"))
            .args(["serve", "--port", "0", "--movetime"])
            .arg(movetime.to_string())
            .arg(definition)
            .current_dir(common::root())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("vdl runs");
        let mut line = String::new();
        let out = child.stdout.take().expect("stdout is piped");
        BufReader::new(out)
            .read_line(&mut line)
            .expect("vdl serve prints its address");
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Served { child, address }
    }

    /// One request; the status and the body.
    fn ask(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).expect("the server listens");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            self.address,
            body.len()
        )
        .expect("the request is sent");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("an answer");
        let status = answer[9..12].parse().expect("a status code");
        let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        (status, body.to_string())
    }

    /// Send raw bytes and read the answer's status; `None` if no answer came within
    /// five seconds.
    fn raw(&self, request: &[u8]) -> Option<u16> {
        let mut stream = TcpStream::connect(&self.address).expect("the server listens");
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(5)))
            .expect("a timeout");
        stream.write_all(request).expect("the request is sent");
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer.get(9..12).and_then(|s| s.parse().ok())
    }

    fn state(&self, method: &str, path: &str, body: &str) -> serde_json::Value {
        let (status, text) = self.ask(method, path, body);
        assert_eq!(status, 200, "{method} {path}: {text}");
        serde_json::from_str(&text).expect("the state is JSON")
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn the_server_plays_undoes_and_sets_positions() {
    let served = Served::start(Path::new("definitions/chess.vdl"));
    let (status, page) = served.ask("GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("<title>vdl</title>") && page.contains("id=\"board\""));
    let s = served.state("GET", "/state", "");
    assert_eq!(s["name"], "Chess");
    assert_eq!(s["side"], "white");
    assert_eq!(s["legal"].as_array().map(Vec::len), Some(20));
    assert_eq!(
        s["svg"]
            .as_str()
            .map(|t| t.matches("class=\"cell\"").count()),
        Some(64)
    );
    let s = served.state("POST", "/move", "e2-e4");
    assert_eq!(strings(&s["record"]), ["P e2-e4"]);
    assert_eq!(
        s["fen"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    let s = served.state("POST", "/move", "e2-e4");
    assert_eq!(strings(&s["record"]), ["P e2-e4"]);
    assert!(
        s["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("`e2-e4`: ")),
        "{}",
        s["message"]
    );
    let s = served.state("POST", "/undo", "");
    assert!(strings(&s["record"]).is_empty() && s["can_redo"] == true);
    let s = served.state("POST", "/redo", "");
    assert_eq!(strings(&s["record"]), ["P e2-e4"]);
    let s = served.state("POST", "/fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(strings(&s["record"]).is_empty());
    assert_eq!(s["legal"].as_array().map(Vec::len), Some(15));
    let s = served.state("POST", "/fen", "4k3/8/8 w");
    assert_eq!(s["fen"], "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(s["message"]
        .as_str()
        .is_some_and(|m| m.starts_with("FEN: ")));
    let s = served.state("POST", "/engine", "");
    assert_eq!(strings(&s["record"]).len(), 1);
    assert_eq!(served.ask("GET", "/nothing", "").0, 404);
    assert_eq!(served.ask("POST", "/nothing", "").0, 404);
}

#[test]
fn the_server_follows_the_file_and_keeps_the_last_good_board() {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("serve-follows");
    std::fs::create_dir_all(&folder).expect("a folder");
    let path = folder.join("edited.vdl");
    common::place_chess_network(&folder);
    let chess = std::fs::read_to_string(common::root().join("definitions/chess.vdl"))
        .expect("chess.vdl reads");
    std::fs::write(&path, &chess).expect("written");
    let served = Served::start(&path);
    served.state("POST", "/move", "e2-e4");
    let renamed = chess.replace("variant \"Chess\"", "variant \"Chess, renamed\"");
    std::fs::write(&path, &renamed).expect("written");
    let s = served.state("GET", "/state", "");
    assert_eq!(s["name"], "Chess, renamed");
    assert_eq!(strings(&s["record"]), ["P e2-e4"]);
    let svg = s["svg"].clone();
    let broken = renamed.replace("moves \"Q\" }", "moves \"Q\" royall }");
    std::fs::write(&path, &broken).expect("written");
    let s = served.state("GET", "/state", "");
    let errors = s["errors"].as_array().cloned().unwrap_or_default();
    assert_eq!(errors.len(), 1, "{}", s["errors"]);
    assert_eq!(errors[0]["code"], "vdl::syntax");
    assert_eq!(
        (errors[0]["line"].as_u64(), errors[0]["column"].as_u64()),
        (Some(18), Some(28))
    );
    assert_eq!(errors[0]["help"], "did you mean `royal`?");
    assert!(s["report"]
        .as_str()
        .is_some_and(|r| r.contains("royall") && !r.contains('\u{1b}')));
    assert_eq!(s["svg"], svg, "the last good board stays");
    assert_eq!(strings(&s["record"]), ["P e2-e4"]);
    // a move from the page still plays on the last good rules
    let s = served.state("POST", "/move", "e7-e5");
    assert_eq!(strings(&s["record"]), ["P e2-e4", "p e7-e5"]);
    // rules under which the game cannot go on keep the moves that are still legal
    std::fs::write(&path, chess.replace("fmW fcF ifmnD", "fmW fcF")).expect("written");
    let s = served.state("GET", "/state", "");
    assert!(s["errors"].as_array().is_some_and(Vec::is_empty));
    assert!(strings(&s["record"]).is_empty(), "{}", s["record"]);
    assert_eq!(
        s["message"],
        "the definition changed: 0 of 2 moves are still legal and were kept"
    );
}

/// Debian's Chromium, installed by `tests/browser/install-chromium` if missing.
fn chromium() {
    let status = Command::new("bash")
        .arg(common::root().join("tests/browser/install-chromium"))
        .status()
        .expect("bash runs");
    assert!(status.success(), "Chromium could not be installed");
}

#[test]
fn the_page_in_a_real_browser() {
    static READY: OnceLock<Mutex<Option<PathBuf>>> = OnceLock::new();
    chromium();
    let python = common::python_packages(
        &READY,
        "requirements-browser.txt",
        "import playwright.sync_api",
    );
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    let out = Command::new("python3")
        .arg(common::root().join("tests/browser/board_test.py"))
        .arg(env!("CARGO_BIN_EXE_vdl"))
        .arg(&shots)
        .env("PYTHONPATH", python)
        .current_dir(common::root())
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    print!("{stdout}");
    assert!(
        out.status.success(),
        "the browser test failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains(" passed, 0 failed"));
    assert!(shots.join("panoply.png").exists());
}

#[test]
fn a_file_that_cannot_be_read_is_said_once_and_shown_when_it_appears() {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("serve-missing");
    std::fs::create_dir_all(&folder).expect("a folder");
    let path = folder.join("later.vdl");
    let _ = std::fs::remove_file(&path);
    let served = Served::start(&path);
    let first = served.state("GET", "/state", "");
    assert!(first["report"]
        .as_str()
        .is_some_and(|r| r.starts_with("cannot read ")));
    assert_eq!(
        served.state("GET", "/state", "")["version"],
        first["version"]
    );
    let chess = std::fs::read_to_string(common::root().join("definitions/chess.vdl"))
        .expect("chess.vdl reads");
    common::place_chess_network(&folder);
    std::fs::write(&path, chess).expect("written");
    let s = served.state("GET", "/state", "");
    assert_eq!(s["name"], "Chess");
    assert_eq!(s["legal"].as_array().map(Vec::len), Some(20));
    assert_eq!(s["report"], "");
}

/// A connection that never sends its body, a chunked upload or one waiting for
/// `100 Continue` holds up no one else, and neither does the engine's thinking.
#[test]
fn no_client_holds_up_another() {
    let served = Served::start_thinking(Path::new("definitions/chess.vdl"), 3000);
    let mut stalled = Vec::new();
    for head in [
        "POST /fen HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1025\r\n\r\n",
        "POST /fen HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n",
        "POST /fen HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 30\r\n\r\n",
        "GET /state HTTP/1.1\r\nHost: 127.",
    ] {
        let mut stream = TcpStream::connect(&served.address).expect("the server listens");
        stream.write_all(head.as_bytes()).expect("sent");
        stalled.push(stream);
    }
    let s = served.state("GET", "/state", "");
    assert_eq!(s["legal"].as_array().map(Vec::len), Some(20));
    let address = served.address.clone();
    let engine = std::thread::spawn(move || {
        let mut stream = TcpStream::connect(&address).expect("the server listens");
        write!(
            stream,
            "POST /engine HTTP/1.1\r\nHost: {address}\r\nContent-Length: 0\r\n\r\n"
        )
        .expect("sent");
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    // answered while the engine still thinks: no move yet
    let s = served.state("GET", "/state", "");
    assert!(strings(&s["record"]).is_empty(), "{}", s["record"]);
    let answer = engine.join().expect("the engine's answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert_eq!(
        strings(&served.state("GET", "/state", "")["record"]).len(),
        1
    );
    // the chunked upload is refused rather than read
    let mut chunked = stalled.remove(1);
    let mut answer = String::new();
    let _ = chunked.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 411"), "{answer}");
}

/// Other sites' pages and DNS-rebinding names are refused; an oversized body is
/// answered 413 and not acted on.
#[test]
fn foreign_requests_and_oversized_bodies_are_refused() {
    let served = Served::start(Path::new("definitions/chess.vdl"));
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let post = |headers: &str, body: &str| {
        served.raw(
            format!(
                "POST /fen HTTP/1.1\r\n{headers}Content-Type: text/plain\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
    };
    let own = format!("Host: {}\r\n", served.address);
    assert_eq!(
        post(&format!("{own}Origin: http://evil.example\r\n"), fen),
        Some(403)
    );
    assert_eq!(post("Host: rebound.example:8000\r\n", fen), Some(403));
    assert_eq!(post("", fen), Some(400));
    let long = format!("{fen}{}", " ".repeat(70_000));
    assert_eq!(post(&own, &long), Some(413));
    let s = served.state("GET", "/state", "");
    assert_eq!(
        s["legal"].as_array().map(Vec::len),
        Some(20),
        "nothing was acted on"
    );
    let origin = format!("{own}Origin: http://{}\r\n", served.address);
    assert_eq!(post(&origin, fen), Some(200));
    assert_eq!(served.state("GET", "/state", "")["fen"], fen);
}

/// UC-40's drop queues are drawn on the page as `vdl show` draws them: a reserve
/// board right of the board, inside the drawing, not a line of text running past it.
#[test]
fn the_page_draws_the_queues_as_the_reserve_board() {
    let served = Served::start(Path::new("definitions/uc40.vdl"));
    let s = served.state("GET", "/state", "");
    let svg = s["svg"].as_str().unwrap_or_default();
    assert_eq!(svg.matches("class=\"queued\"").count(), 64);
    assert!(svg.contains("data-side=\"white\" data-place=\"32\""));
    assert!(svg.contains("data-side=\"black\" data-place=\"32\""));
    assert!(
        !svg.contains("drop queue:"),
        "the queues are no line of text"
    );
    // every queued piece is drawn inside the drawing's width
    let width: f64 = svg
        .split("width=\"")
        .nth(1)
        .and_then(|w| w.split('"').next())
        .and_then(|w| w.parse().ok())
        .expect("a width");
    let rightmost = svg
        .split("<g class=\"queued\"")
        .skip(1)
        .filter_map(|g| g.split("cx=\"").nth(1).or_else(|| g.split("x=\"").nth(1)))
        .filter_map(|x| x.split('"').next().and_then(|x| x.parse::<f64>().ok()))
        .fold(0.0, f64::max);
    assert!(
        rightmost > 400.0 && rightmost + 20.0 < width,
        "{rightmost} in {width}"
    );
}
