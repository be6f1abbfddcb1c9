//! The little HTTP/1.1 server behind `vdl serve`: one thread a connection, one
//! request a connection, every read under a deadline, so that no client, however
//! slow or hostile, holds up another. Requests from other sites are refused: a
//! `Host` must be an address or `localhost` (a DNS-rebinding name is not), and an
//! `Origin`, when sent, must be the page's own.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The largest request body read (a FEN or a move is far shorter).
pub const MAX_BODY: usize = 64 * 1024;
/// The largest request line and headers.
pub const MAX_HEAD: usize = 16 * 1024;
/// How long one request may take to arrive, head and body.
pub const DEADLINE: Duration = Duration::from_secs(10);
/// Connections served at once; more are answered 503 at once.
pub const MAX_CONNECTIONS: usize = 64;

/// A request as the board needs it.
pub struct Request {
    pub method: String,
    pub path: String,
    pub body: String,
}

/// An answer: status, content type, body.
pub struct Response {
    pub status: u16,
    pub kind: &'static str,
    pub body: String,
}

impl Response {
    pub fn text(status: u16, body: impl Into<String>) -> Response {
        Response {
            status,
            kind: "text/plain; charset=utf-8",
            body: body.into(),
        }
    }
}

/// What the server answers with, shared by the connections' threads.
pub type Handler = dyn Fn(Request) -> Response + Send + Sync;

/// Accept connections until the process ends; `host` is the address the server was
/// asked to listen on, also accepted as a `Host` value.
pub fn serve(listener: TcpListener, host: &str, handler: Arc<Handler>) {
    let active = Arc::new(AtomicUsize::new(0));
    let host: Arc<str> = Arc::from(host.to_ascii_lowercase());
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        if active.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            active.fetch_sub(1, Ordering::SeqCst);
            let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
            let _ = write_response(&mut stream, &Response::text(503, "too many connections\n"));
            continue;
        }
        let (count, host, handler) = (active.clone(), host.clone(), handler.clone());
        let spawned = std::thread::Builder::new()
            .name("vdl-serve-connection".into())
            .spawn(move || {
                connection(stream, &host, &*handler);
                count.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            active.fetch_sub(1, Ordering::SeqCst);
            errln!("vdl serve: cannot start a thread for a connection");
        }
    }
}

fn connection(mut stream: TcpStream, host: &str, handler: &Handler) {
    let deadline = Instant::now() + DEADLINE;
    let _ = stream.set_write_timeout(Some(DEADLINE));
    let response = match read_request(&mut stream, deadline, host) {
        Ok(request) => handler(request),
        Err(refusal) => refusal,
    };
    // a page closed mid-answer is no reason to stop serving
    let _ = write_response(&mut stream, &response);
    let _ = stream.shutdown(std::net::Shutdown::Both);
}

/// Read one request, or the answer that refuses it.
fn read_request(
    stream: &mut TcpStream,
    deadline: Instant,
    host: &str,
) -> Result<Request, Response> {
    let (head, mut rest) = read_head(stream, deadline)?;
    let head = std::str::from_utf8(&head)
        .map_err(|_| Response::text(400, "the request head is not UTF-8\n"))?;
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or("").split(' ');
    let (Some(method), Some(target), Some(_version)) = (first.next(), first.next(), first.next())
    else {
        return Err(Response::text(
            400,
            "a request line is `METHOD PATH HTTP/1.1`\n",
        ));
    };
    let headers: Vec<(String, &str)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim()))
        .collect();
    let header = |name: &str| headers.iter().find(|(k, _)| k == name).map(|(_, v)| *v);
    check_host(header("host"), host)?;
    check_origin(header("origin"), header("host").unwrap_or(""))?;
    if header("transfer-encoding").is_some() {
        return Err(Response::text(411, "send the body with a Content-Length\n"));
    }
    let length = match header("content-length") {
        None => 0,
        Some(n) => n
            .parse::<usize>()
            .map_err(|_| Response::text(400, "the Content-Length is not a number\n"))?,
    };
    if length > MAX_BODY {
        return Err(Response::text(
            413,
            format!("a body is at most {MAX_BODY} bytes\n"),
        ));
    }
    if length > rest.len()
        && header("expect").is_some_and(|e| e.eq_ignore_ascii_case("100-continue"))
    {
        let _ = stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
    }
    if rest.len() > length {
        rest.truncate(length);
    }
    read_body(stream, deadline, &mut rest, length)?;
    let body =
        String::from_utf8(rest).map_err(|_| Response::text(400, "the body is not UTF-8\n"))?;
    Ok(Request {
        method: method.to_string(),
        path: target.split('?').next().unwrap_or(target).to_string(),
        body,
    })
}

/// The bytes up to the blank line that ends the head, and those read past it.
fn read_head(stream: &mut TcpStream, deadline: Instant) -> Result<(Vec<u8>, Vec<u8>), Response> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let rest = buf.split_off(end + 4);
            buf.truncate(end);
            return Ok((buf, rest));
        }
        if buf.len() > MAX_HEAD {
            return Err(Response::text(
                431,
                format!("a request head is at most {MAX_HEAD} bytes\n"),
            ));
        }
        let n = read_before(stream, deadline, &mut chunk)?;
        if n == 0 {
            return Err(Response::text(
                400,
                "the request ended before its head did\n",
            ));
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

fn read_body(
    stream: &mut TcpStream,
    deadline: Instant,
    body: &mut Vec<u8>,
    length: usize,
) -> Result<(), Response> {
    let mut chunk = [0u8; 4096];
    while body.len() < length {
        let want = (length - body.len()).min(chunk.len());
        let n = read_before(stream, deadline, &mut chunk[..want])?;
        if n == 0 {
            return Err(Response::text(
                400,
                "the body ended before its Content-Length\n",
            ));
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Ok(())
}

/// One read that gives up at the deadline.
fn read_before(
    stream: &mut TcpStream,
    deadline: Instant,
    buf: &mut [u8],
) -> Result<usize, Response> {
    let late = || Response::text(408, "the request did not arrive in time\n");
    let left = deadline
        .checked_duration_since(Instant::now())
        .filter(|d| !d.is_zero())
        .ok_or_else(late)?;
    stream.set_read_timeout(Some(left)).map_err(|_| late())?;
    stream.read(buf).map_err(|_| late())
}

/// A `Host` must name this server: `localhost`, an address (a DNS-rebinding attack
/// comes under a domain name), or the name it was asked to listen on.
fn check_host(value: Option<&str>, listening: &str) -> Result<(), Response> {
    let Some(value) = value else {
        return Err(Response::text(400, "a request needs a Host header\n"));
    };
    let name = host_name(value).to_ascii_lowercase();
    let address = name.trim_start_matches('[').trim_end_matches(']');
    if name == "localhost" || name == listening || address.parse::<std::net::IpAddr>().is_ok() {
        return Ok(());
    }
    Err(Response::text(
        403,
        format!("this server answers to localhost or its address, not `{name}`\n"),
    ))
}

/// The host part of a `Host` value (`[::1]:8000` → `[::1]`).
fn host_name(value: &str) -> &str {
    if value.starts_with('[') {
        return value.split_inclusive(']').next().unwrap_or(value);
    }
    value.split(':').next().unwrap_or(value)
}

/// A request from a page must come from this server's own page.
fn check_origin(origin: Option<&str>, host: &str) -> Result<(), Response> {
    match origin {
        None => Ok(()),
        Some(o)
            if o.strip_prefix("http://")
                .is_some_and(|h| h.eq_ignore_ascii_case(host)) =>
        {
            Ok(())
        }
        Some(o) => Err(Response::text(
            403,
            format!("requests from `{o}` are refused: only this server's own page may act\n"),
        )),
    }
}

fn write_response(stream: &mut TcpStream, response: &Response) -> std::io::Result<()> {
    let reason = match response.status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "",
    };
    write!(
        stream,
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n",
        response.status,
        response.kind,
        response.body.len()
    )?;
    stream.write_all(response.body.as_bytes())?;
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_origins() {
        assert!(check_host(Some("127.0.0.1:8000"), "127.0.0.1").is_ok());
        assert!(check_host(Some("localhost:8000"), "127.0.0.1").is_ok());
        assert!(check_host(Some("[::1]:8000"), "127.0.0.1").is_ok());
        assert!(check_host(Some("board.example:8000"), "board.example").is_ok());
        assert_eq!(
            check_host(Some("attacker.example:8000"), "127.0.0.1")
                .err()
                .map(|r| r.status),
            Some(403)
        );
        assert_eq!(
            check_host(None, "127.0.0.1").err().map(|r| r.status),
            Some(400)
        );
        assert!(check_origin(Some("http://127.0.0.1:8000"), "127.0.0.1:8000").is_ok());
        assert_eq!(
            check_origin(Some("http://evil.example"), "127.0.0.1:8000")
                .err()
                .map(|r| r.status),
            Some(403)
        );
        assert_eq!(
            check_origin(Some("null"), "127.0.0.1:8000")
                .err()
                .map(|r| r.status),
            Some(403)
        );
    }
}
