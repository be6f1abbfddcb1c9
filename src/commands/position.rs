//! The commands about one position: `vdl show`, `vdl perft`, `vdl moves`.

use crate::draw::svg;
use crate::draw::text::diagram;
use crate::report::{load, render};
use crate::Failure;
use std::time::Instant;
use vdl::referee;
use vdl::{Diagnostic, Position};

/// `vdl show`: the diagram, or with `--svg OUT` (and `--moves CELL`) a picture.
pub(crate) fn show(
    pos: &mut Position,
    svg: Option<&str>,
    moves: Option<&str>,
) -> Result<(), Failure> {
    match svg {
        None => {
            out!("{}", diagram(pos));
            Ok(())
        }
        Some(out) => write_svg(pos, out, moves),
    }
}

/// `vdl perft`: refused past the deepest depth; on every core unless told.
pub(crate) fn perft_command(
    pos: &mut Position,
    depth: u32,
    divide: bool,
    threads: Option<usize>,
    cross_check: bool,
) -> Result<(), Failure> {
    if depth > vdl::MAX_PERFT_DEPTH {
        return Err(Failure::Usage(format!(
            "a perft depth is at most {} plies, not {depth}",
            vdl::MAX_PERFT_DEPTH
        )));
    }
    if cross_check {
        return perft_cross_checked(pos, depth);
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    perft(pos, depth, divide, threads.unwrap_or(cores).max(1))
}

/// `vdl show --svg OUT [--moves CELL]`.
pub(crate) fn write_svg(pos: &mut Position, out: &str, moves: Option<&str>) -> Result<(), Failure> {
    let from = match moves {
        None => None,
        Some(name) => Some(
            pos.rules()
                .cell_by_name(name)
                .ok_or_else(|| Failure::Usage(format!("`{name}` is not a cell of this board")))?,
        ),
    };
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    std::fs::write(out, svg::draw(pos, &legal, from))
        .map_err(|e| Failure::Usage(format!("cannot write {out}: {e}")))
}

/// Where a command's game starts: a FEN, or the setup (shuffled by a seed).
pub(crate) enum Start<'a> {
    Fen(&'a str),
    Seed(u64),
}

pub(crate) fn start(fen: Option<&str>, seed: Option<u64>) -> Start<'_> {
    match fen {
        Some(f) => Start::Fen(f),
        None => Start::Seed(seed.unwrap_or(0)),
    }
}

pub(crate) fn with_position(
    path: &str,
    start: Start,
    run: impl FnOnce(&mut Position) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let rules = load(path)?;
    let mut pos = match start {
        Start::Seed(seed) => Position::start_seeded(&rules, seed),
        Start::Fen(fen) => match Position::from_fen(&rules, fen) {
            Ok(p) => p,
            Err(e) => {
                let d = Diagnostic::error(vdl::fen_code(&e), e.message.clone())
                    .at(vdl::Span::new(e.offset, e.offset + e.len), "here");
                let d = match e.help {
                    Some(h) => d.help(h),
                    None => d,
                };
                errout!("{}", render("--fen", fen, &d));
                return Err(Failure::Judged);
            }
        },
    };
    run(&mut pos)
}

pub(crate) fn perft_cross_checked(pos: &mut Position, depth: u32) -> Result<(), Failure> {
    let start = Instant::now();
    match pos.perft_cross_checked(depth) {
        Ok(nodes) => {
            outln!("Nodes searched: {nodes}");
            errln!(
                "fast and slow legality agree at every node; time {:.3} s",
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Err(mismatch) => {
            errln!("error: {mismatch}");
            Err(Failure::Judged)
        }
    }
}

pub(crate) fn perft(
    pos: &mut Position,
    depth: u32,
    divide: bool,
    threads: usize,
) -> Result<(), Failure> {
    use std::io::IsTerminal;
    let start = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let roots = {
        let mut v = Vec::new();
        pos.legal_moves(&mut v);
        v.len()
    };
    let counted = std::sync::atomic::AtomicUsize::new(0);
    let report = |p: &Position, m: vdl::Move, n: u64| {
        if divide {
            outln!("{}: {}", p.move_text(&m), n);
        }
        let done = counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if terminal && start.elapsed().as_secs_f64() > 1.0 {
            errout!(
                "\r{done}/{roots} root moves counted, {:.0} s",
                start.elapsed().as_secs_f64()
            );
        }
    };
    let nodes = if depth == 0 {
        1
    } else {
        let counts = pos.divide_parallel(depth, threads, &report);
        if terminal && start.elapsed().as_secs_f64() > 1.0 {
            errout!("\r\x1b[2K");
        }
        counts.iter().map(|&(_, n)| n).sum()
    };
    if divide {
        outln!();
    }
    let secs = start.elapsed().as_secs_f64();
    outln!("Nodes searched: {nodes}");
    errln!(
        "time {:.3} s, {:.0} nodes/s, {threads} thread(s)",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

pub(crate) fn moves(pos: &mut Position, json: bool) -> Result<(), Failure> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut items: Vec<referee::Played> = list
        .iter()
        .map(|m| referee::Played::new(pos, *m, &list))
        .collect();
    items.sort_by(|a, b| a.notation.cmp(&b.notation));
    if json {
        outln!("{}", to_json(&items)?);
    } else {
        for m in &items {
            outln!("{}", m.notation);
        }
    }
    Ok(())
}

pub(crate) fn to_json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string_pretty(value)
        .map_err(|e| Failure::Usage(format!("cannot write JSON: {e}")))
}
