/// `print!` that ends the program when standard output fails: quietly when its
/// reader has gone (`vdl moves FILE | head`), as Unix tools do, instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($arg)*) {
            $crate::output_failed(e);
        }
    }};
}

/// `println!` that ends the program when standard output fails.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            $crate::output_failed(e);
        }
    }};
}

/// `errout!` that ends the program (exit 2) when standard error cannot be written,
/// instead of panicking.
macro_rules! errout {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stderr(), $($arg)*).is_err() {
            std::process::exit(2);
        }
    }};
}

/// `errln!` that ends the program (exit 2) when standard error cannot be written.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stderr(), $($arg)*).is_err() {
            std::process::exit(2);
        }
    }};
}

mod cli;
mod commands;
mod draw;
mod protocols;
mod report;
mod serve;

use clap::Parser;
use cli::{Cli, Command, SideArg};
use commands::check::{check, explain};
use commands::fsf;
use commands::matches::run_match;
use commands::play::{play, Computer};
use commands::position::{moves, perft_command, show, start, with_position};
use commands::referee::referee_game;
use commands::selfplay::{ai_match, selfplay};
use protocols::{uci, xboard};
use report::variants;
use std::process::ExitCode;
use vdl::model::Side;

/// How a command failed: the input was judged wrong (1) or could not be used (2).
pub(crate) enum Failure {
    Judged,
    Usage(String),
    /// A usage failure already printed.
    UsageReported,
}

fn main() -> ExitCode {
    let result = run(Cli::parse().command);
    if let Err(e) = std::io::Write::flush(&mut std::io::stdout()) {
        output_failed(e);
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Judged) => ExitCode::from(1),
        Err(Failure::Usage(message)) => {
            errln!("error: {message}");
            ExitCode::from(2)
        }
        Err(Failure::UsageReported) => ExitCode::from(2),
    }
}

/// One subcommand, dispatched to its file in `commands/` (or `serve/`, `protocols/`).
fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Check {
            files,
            format,
            deny_warnings,
        } => check(&files, format, deny_warnings),
        Command::Explain { code } => explain(code.as_deref()),
        c @ (Command::Perft { .. }
        | Command::Moves { .. }
        | Command::Show { .. }
        | Command::Play { .. }) => run_on_position(c),
        Command::Referee {
            file,
            game,
            json,
            pgn,
        } => referee_game(&file, &game, json, pgn),
        Command::Serve {
            file,
            port,
            host,
            movetime,
            seed,
        } => {
            let options = serve::Options {
                host,
                port,
                movetime,
                seed,
            };
            serve::run(&file, options).map_err(Failure::Usage)
        }
        Command::ImportFsf {
            file,
            variants,
            out,
            force,
            keep_refused,
        } => {
            let options = fsf::ImportOptions {
                variants,
                out,
                force,
                keep_refused,
            };
            fsf::import(&file, &options)
        }
        Command::ExportFsf { file } => fsf::export(&file),
        Command::Uci { files } => variants(&files).map(|v| uci::run(&v)),
        Command::Xboard { files } => variants(&files).map(|v| xboard::run(&v)),
        Command::Selfplay {
            file,
            games,
            seed,
            max_plies,
            ai,
            movetime,
            threads,
        } => match ai {
            false => selfplay(&file, games, seed, max_plies),
            true => ai_match(&file, games, seed, max_plies, movetime, threads),
        },
        Command::Match(args) => run_match(&args),
        Command::Values(args) => commands::values::run_values(&args),
        Command::Tune(args) => commands::tune::run_tune(&args),
    }
}

/// The subcommands about one position (a FEN, or the setup shuffled by a seed).
fn run_on_position(command: Command) -> Result<(), Failure> {
    match command {
        Command::Perft {
            file,
            depth_given,
            depth,
            fen,
            seed,
            divide,
            threads,
            cross_check,
        } => with_position(&file, start(fen.as_deref(), seed), |pos| {
            // clap requires one of the two
            let depth = depth.or(depth_given).unwrap_or(1);
            perft_command(pos, depth, divide, threads, cross_check)
        }),
        Command::Moves {
            file,
            fen,
            seed,
            json,
        } => with_position(&file, start(fen.as_deref(), seed), |pos| moves(pos, json)),
        Command::Show {
            file,
            fen,
            seed,
            svg,
            moves,
        } => with_position(&file, start(fen.as_deref(), seed), |pos| {
            show(pos, svg.as_deref(), moves.as_deref())
        }),
        Command::Play {
            file,
            fen,
            ai,
            seed,
            movetime,
            opponent,
            pgn,
        } => with_position(&file, start(fen.as_deref(), Some(seed)), |pos| {
            let ai = ai.map(|a| match a {
                SideArg::White => Side::White,
                SideArg::Black => Side::Black,
            });
            let computer = Computer::new(pos.rules(), opponent, movetime, seed);
            play(pos.clone(), ai, computer, pgn.as_deref())
        }),
        _ => unreachable!("`run` sends only the position commands here"),
    }
}

/// Standard output could not be written. A reader that has gone (`| head`) ends
/// the program quietly with the status a broken pipe's signal gives (141); any
/// other failure (a full disk) is said, with status 2: lost output never exits 0.
fn output_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(141);
    }
    errln!("error: cannot write to standard output: {e}");
    std::process::exit(2);
}
