//! The `vdl` command line: every subcommand is a call into the library; this file
//! only reads files, renders diagnostics and prints.

use clap::{Parser, Subcommand};
use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource};
use std::process::ExitCode;
use std::time::Instant;
use vdl::{Diagnostic, Position, Ruleset};

#[derive(Parser)]
#[command(
    name = "vdl",
    version,
    about = "Check, compile and run chess-variant definitions"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check definition files and report every problem.
    Check {
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Count the leaf nodes of the legal move tree.
    Perft {
        file: String,
        #[arg(long)]
        depth: u32,
        /// Start from this position instead of the definition's setup.
        #[arg(long)]
        fen: Option<String>,
        /// One line per root move with its count.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves of a position.
    Moves {
        file: String,
        #[arg(long)]
        fen: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Draw a position with the definition's own coordinates.
    Show {
        file: String,
        #[arg(long)]
        fen: Option<String>,
    },
}

/// How a command failed: the input was judged wrong (1) or could not be used (2).
enum Failure {
    Judged,
    Usage(String),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check { files } => check(&files),
        Command::Perft {
            file,
            depth,
            fen,
            divide,
        } => with_position(&file, fen.as_deref(), |pos| perft(pos, depth, divide)),
        Command::Moves { file, fen, json } => {
            with_position(&file, fen.as_deref(), |pos| moves(pos, json))
        }
        Command::Show { file, fen } => with_position(&file, fen.as_deref(), |pos| {
            print!("{}", diagram(pos));
            Ok(())
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Judged) => ExitCode::from(1),
        Err(Failure::Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn render(name: &str, source: &str, diagnostic: &Diagnostic) -> String {
    let report = miette::Report::new(diagnostic.clone())
        .with_source_code(NamedSource::new(name, source.to_string()));
    let theme = if std::env::var_os("NO_COLOR").is_some() {
        GraphicalTheme::unicode_nocolor()
    } else {
        GraphicalTheme::default()
    };
    let mut out = String::new();
    let _ = GraphicalReportHandler::new_themed(theme)
        .with_width(100)
        .render_report(&mut out, report.as_ref());
    out
}

fn read(path: &str) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| Failure::Usage(format!("cannot read {path}: {e}")))
}

/// Load a definition, printing its diagnostics; the rules when it has no error.
fn load(path: &str) -> Result<Ruleset, Failure> {
    let source = read(path)?;
    let loaded = vdl::load(&source);
    for d in &loaded.diagnostics {
        eprint!("{}", render(path, &source, d));
    }
    loaded.ruleset.ok_or(Failure::Judged)
}

fn check(files: &[String]) -> Result<(), Failure> {
    let mut failed = false;
    let mut unreadable = None;
    for path in files {
        let source = match read(path) {
            Ok(s) => s,
            Err(Failure::Usage(m)) => {
                eprintln!("error: {m}");
                unreadable = Some(m);
                continue;
            }
            Err(Failure::Judged) => continue,
        };
        let loaded = vdl::load(&source);
        for d in &loaded.diagnostics {
            eprint!("{}", render(path, &source, d));
        }
        let errors = loaded.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = loaded.diagnostics.len() - errors;
        if errors > 0 {
            failed = true;
            println!("{path}: {errors} error(s), {warnings} warning(s)");
        } else {
            println!("{path}: ok ({warnings} warning(s))");
        }
    }
    if let Some(m) = unreadable {
        return Err(Failure::Usage(m));
    }
    if failed {
        Err(Failure::Judged)
    } else {
        Ok(())
    }
}

fn with_position(
    path: &str,
    fen: Option<&str>,
    run: impl FnOnce(&mut Position) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let rules = load(path)?;
    let mut pos = match fen {
        None => Position::start(&rules),
        Some(fen) => match Position::from_fen(&rules, fen) {
            Ok(p) => p,
            Err(e) => {
                let d = Diagnostic::error(vdl::check::fen_code(&e), e.message.clone())
                    .at(vdl::Span::new(e.offset, e.offset + e.len), "here");
                let d = match e.help {
                    Some(h) => d.help(h),
                    None => d,
                };
                eprint!("{}", render("--fen", fen, &d));
                return Err(Failure::Judged);
            }
        },
    };
    run(&mut pos)
}

fn perft(pos: &mut Position, depth: u32, divide: bool) -> Result<(), Failure> {
    let start = Instant::now();
    let nodes = if divide {
        let mut total = 0;
        for (m, n) in pos.divide(depth) {
            println!("{}: {}", pos.move_text(&m), n);
            total += n;
        }
        println!();
        total
    } else {
        pos.perft(depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    eprintln!(
        "time {:.3} s, {:.0} nodes/s",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

#[derive(serde::Serialize)]
struct MoveJson {
    notation: String,
    from: String,
    to: String,
    captures: Vec<String>,
    promotion: Option<char>,
}

fn moves(pos: &mut Position, json: bool) -> Result<(), Failure> {
    let rules = pos.rules();
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut items: Vec<MoveJson> = list
        .iter()
        .map(|m| {
            let mut captures: Vec<String> = m
                .captures()
                .iter()
                .map(|&c| rules.cell_name(c).to_string())
                .collect();
            captures.sort();
            MoveJson {
                notation: pos.move_text(m),
                from: rules.cell_name(m.from).to_string(),
                to: rules.cell_name(m.to).to_string(),
                captures,
                promotion: m
                    .promotion()
                    .map(|k| rules.piece_letter(k, pos.side_to_move())),
            }
        })
        .collect();
    items.sort_by(|a, b| a.notation.cmp(&b.notation));
    if json {
        let text = serde_json::to_string_pretty(&items)
            .map_err(|e| Failure::Usage(format!("cannot write JSON: {e}")))?;
        println!("{text}");
    } else {
        for m in &items {
            println!("{}", m.notation);
        }
    }
    Ok(())
}

fn diagram(pos: &Position) -> String {
    let rules = pos.rules();
    let board = &rules.definition.board;
    let fw = board.files.iter().map(String::len).max().unwrap_or(1);
    let rw = board.ranks.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for rank in (0..board.height()).rev() {
        out.push_str(&format!("{:>rw$} ", board.ranks[rank as usize]));
        for file in 0..board.width() {
            let coord = vdl::model::Coord { file, rank };
            let text = match rules.cell_at(coord) {
                None => " ".to_string(),
                Some(c) => match pos.piece_at(c) {
                    Some(p) => rules.piece_letter(p.kind, p.side).to_string(),
                    None => ".".to_string(),
                },
            };
            out.push_str(&format!(" {text:>fw$}"));
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(rw + 1));
    for f in &board.files {
        out.push_str(&format!(" {f:>fw$}"));
    }
    out.push('\n');
    out.push_str(&format!(
        "{} to move\nFEN: {}\n",
        pos.side_to_move().name(),
        pos.fen()
    ));
    out
}
