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

mod excerpt;
mod fsf;
mod serve;
mod session;
mod svg;
mod uci;
mod xboard;

use clap::{Parser, Subcommand};
use excerpt::Excerpt;
use miette::{GraphicalReportHandler, GraphicalTheme};
use std::process::ExitCode;
use std::time::Instant;
use vdl::model::Side;
use vdl::referee::{self, Game, Rng};
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
    #[command(after_help = "Example: vdl check definitions/*.vdl")]
    Check {
        /// The definition files (`.vdl`) to check.
        #[arg(required = true)]
        files: Vec<String>,
        /// `human` (drawn with the source) or `json` (data for editors and tools).
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Fail (exit 1) on warnings too.
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Explain a diagnostic code, with an example (without a code: list them all).
    #[command(after_help = "Example: vdl explain vdl::unknown_piece")]
    Explain {
        /// A code as diagnostics print it (`vdl::unknown_piece`; the `vdl::` may be left out).
        code: Option<String>,
    },
    /// Count the leaf nodes of the legal move tree.
    #[command(
        after_help = "Examples:\n  vdl perft definitions/chess.vdl --depth 5\n  \
        vdl perft definitions/chess.vdl 5 --divide\n  \
        vdl perft definitions/baroque.vdl --depth 3 --fen \"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w\""
    )]
    Perft {
        /// The definition file.
        file: String,
        /// The depth in plies (also accepted after the file: `vdl perft FILE 5`).
        #[arg(value_name = "DEPTH", required_unless_present = "depth")]
        depth_given: Option<u32>,
        /// The depth in plies.
        #[arg(long, conflicts_with = "depth_given")]
        depth: Option<u32>,
        /// Start from this position instead of the definition's setup.
        #[arg(long)]
        fen: Option<String>,
        /// For a shuffled setup: the array of this seed (default 0).
        #[arg(long, conflicts_with = "fen")]
        seed: Option<u64>,
        /// One line per root move with its count, each printed as soon as it and
        /// the moves before it are counted.
        #[arg(long)]
        divide: bool,
        /// Threads sharing out the root moves (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// At every node, check the fast legality filter against the slow one (make
        /// every move, search every enemy piece); one thread, much slower.
        #[arg(long, conflicts_with_all = ["divide", "threads"])]
        cross_check: bool,
    },
    /// List the legal moves of a position.
    #[command(after_help = "Example: vdl moves definitions/rococo.vdl --json")]
    Moves {
        /// The definition file.
        file: String,
        /// The position, as FEN (default: the definition's setup).
        #[arg(long)]
        fen: Option<String>,
        /// For a shuffled setup: the array of this seed (default 0).
        #[arg(long, conflicts_with = "fen")]
        seed: Option<u64>,
        /// Each move as data: notation, cells, captures, conversions, promotion, drop, and a wall under `walls`.
        #[arg(long)]
        json: bool,
    },
    /// Draw a position with the definition's own coordinates.
    #[command(after_help = "Examples:\n  vdl show definitions/panoply.vdl\n  \
        vdl show definitions/rococo.vdl --svg rococo.svg --moves e2")]
    Show {
        /// The definition file.
        file: String,
        /// The position, as FEN (default: the definition's setup).
        #[arg(long)]
        fen: Option<String>,
        /// For a shuffled setup: the array of this seed (default 0).
        #[arg(long, conflicts_with = "fen")]
        seed: Option<u64>,
        /// Write the position as an SVG drawing to this file instead.
        #[arg(long)]
        svg: Option<String>,
        /// With `--svg`: mark the moves of the piece on this cell.
        #[arg(long, requires = "svg")]
        moves: Option<String>,
    },
    /// Check a game record move by move and report the result.
    #[command(
        after_help = "Example: vdl referee definitions/chess.vdl tests/games/chess/opera-game-pgn.game"
    )]
    Referee {
        /// The definition file.
        file: String,
        /// The game record: moves in SAN, the engine notation or the full notation,
        /// PGN tags, comments and several games allowed.
        game: String,
        /// A machine-readable report.
        #[arg(long)]
        json: bool,
        /// Print the game (as far as it is legal) as PGN, moves in SAN.
        #[arg(long, conflicts_with = "json")]
        pgn: bool,
    },
    /// Play a game in the terminal.
    #[command(after_help = "Example: vdl play definitions/rococo.vdl --ai black\n\
        Commands while playing: a move, moves, undo, fen, claim, help, quit.")]
    Play {
        /// The definition file.
        file: String,
        /// The start position, as FEN (default: the definition's setup).
        #[arg(long)]
        fen: Option<String>,
        /// Let the computer play this side (`white` or `black`).
        #[arg(long)]
        ai: Option<SideArg>,
        /// Seed for the array of a shuffled setup (when there is no `--fen`) and for
        /// the two-ply opponent's choices among equal moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The computer's thinking time per move, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// The computer player: the search (`search`) or the old two-ply opponent.
        #[arg(long, value_enum, default_value_t = Opponent::Search)]
        opponent: Opponent,
        /// Write the game as PGN to this file when the session ends.
        #[arg(long)]
        pgn: Option<String>,
    },
    /// Speak the Universal Chess Interface (UCI) for GUIs and other programs;
    /// with several definitions, the `UCI_Variant` option chooses among them.
    #[command(after_help = "Example: vdl uci definitions/chess.vdl definitions/baroque.vdl")]
    Uci {
        /// The definition files offered; the first is played by default.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Speak the XBoard / WinBoard protocol (CECP version 2); with several
    /// definitions, the `variant` command chooses among them.
    #[command(
        after_help = "Example: xboard -fcp \"vdl xboard definitions/chess.vdl definitions/fairy.vdl\""
    )]
    Xboard {
        /// The definition files offered; orthodox chess as `normal`, the others under
        /// their file names.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Show the definition on a local web page: its board, each piece's moves, play
    /// by click or drag, undo/redo, a FEN box, the engine; the page follows the file
    /// as it is edited, and shows its diagnostics while it has errors.
    #[command(after_help = "Example: vdl serve definitions/rococo.vdl --port 8000
        then open http://127.0.0.1:8000/ in a browser; --port 0 takes any free port.")]
    Serve {
        /// The definition file.
        file: String,
        /// The port to listen on (0: any free port; the address is printed).
        #[arg(long, default_value_t = 8000)]
        port: u16,
        /// The address to listen on; the default is this machine only.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The engine's thinking time per move, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Seed for the array of a shuffled setup.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Turn a Fairy-Stockfish variants.ini into definitions, one file per section.
    #[command(
        name = "import-fsf",
        after_help = "Examples:\n  vdl import-fsf variants.ini --out imported\n  \
        vdl import-fsf variants.ini --variant capture --variant shinobi --out imported"
    )]
    ImportFsf {
        /// The configuration file (Fairy-Stockfish's `variants.ini` format).
        file: String,
        /// Only this section (and what it needs); may be given again.
        #[arg(long = "variant", value_name = "NAME")]
        variants: Vec<String>,
        /// The folder the definitions are written to.
        #[arg(long, default_value = ".")]
        out: std::path::PathBuf,
        /// Write over files that exist and differ.
        #[arg(long)]
        force: bool,
        /// Also write what was made of a refused section, as NAME.refused.vdl.
        #[arg(long)]
        keep_refused: bool,
    },
    /// Print a definition as a Fairy-Stockfish variants.ini section.
    #[command(
        name = "export-fsf",
        after_help = "Example: vdl export-fsf definitions/crazyhouse.vdl"
    )]
    ExportFsf {
        /// The definition file.
        file: String,
    },
    /// Play random games, checking the engine's invariants after every move.
    #[command(
        after_help = "Examples:\n  vdl selfplay definitions/ultima.vdl --games 1000\n  \
        vdl selfplay definitions/chess.vdl --ai --games 100 --movetime 100"
    )]
    Selfplay {
        /// The definition file.
        file: String,
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Seed for the moves; game N of a shuffled setup uses the array of seed + N.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game after this many plies.
        #[arg(long, default_value_t = 1000)]
        max_plies: usize,
        /// Instead of random games: the search against the two-ply opponent, colours
        /// alternating (e.g. `vdl selfplay definitions/chess.vdl --ai --games 100`).
        #[arg(long)]
        ai: bool,
        /// With `--ai`: the search's time per move, in milliseconds.
        #[arg(long, default_value_t = 100)]
        movetime: u64,
        /// With `--ai`: games played at once (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Opponent {
    Search,
    TwoPly,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum SideArg {
    White,
    Black,
}

/// How a command failed: the input was judged wrong (1) or could not be used (2).
enum Failure {
    Judged,
    Usage(String),
    /// A usage failure already printed.
    UsageReported,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check {
            files,
            format,
            deny_warnings,
        } => check(&files, format, deny_warnings),
        Command::Explain { code } => explain(code.as_deref()),
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
            if depth > vdl::engine::MAX_PERFT_DEPTH {
                return Err(Failure::Usage(format!(
                    "a perft depth is at most {} plies, not {depth}",
                    vdl::engine::MAX_PERFT_DEPTH
                )));
            }
            if cross_check {
                return perft_cross_checked(pos, depth);
            }
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            perft(pos, depth, divide, threads.unwrap_or(cores).max(1))
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
        } => with_position(&file, start(fen.as_deref(), seed), |pos| match &svg {
            None => {
                out!("{}", diagram(pos));
                Ok(())
            }
            Some(out) => write_svg(pos, out, moves.as_deref()),
        }),
        Command::Referee {
            file,
            game,
            json,
            pgn,
        } => referee_game(&file, &game, json, pgn),
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
        Command::Serve {
            file,
            port,
            host,
            movetime,
            seed,
        } => serve::run(
            &file,
            serve::Options {
                host,
                port,
                movetime,
                seed,
            },
        )
        .map_err(Failure::Usage),
        Command::ImportFsf {
            file,
            variants,
            out,
            force,
            keep_refused,
        } => fsf::import(
            &file,
            &fsf::ImportOptions {
                variants,
                out,
                force,
                keep_refused,
            },
        ),
        Command::ExportFsf { file } => fsf::export(&file),
        Command::Uci { files } => variants(&files).map(|v| uci::run(&v)),
        Command::Xboard { files } => variants(&files).map(|v| xboard::run(&v)),
        Command::Selfplay {
            file,
            games,
            seed,
            max_plies,
            ai: false,
            ..
        } => selfplay(&file, games, seed, max_plies),
        Command::Selfplay {
            file,
            games,
            seed,
            max_plies,
            movetime,
            threads,
            ..
        } => ai_match(&file, games, seed, max_plies, movetime, threads),
    };
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

fn render(name: &str, source: &str, diagnostic: &Diagnostic) -> String {
    render_after(name, source, 0, diagnostic)
}

/// Render a diagnostic on a text that starts after `lines_before` lines of its file.
fn render_after(name: &str, source: &str, lines_before: usize, diagnostic: &Diagnostic) -> String {
    let (excerpt, local) = Excerpt::around(name, source, lines_before, diagnostic);
    draw(miette::Report::new(local).with_source_code(excerpt))
}

fn draw(report: miette::Report) -> String {
    draw_themed(report, std::env::var_os("NO_COLOR").is_none())
}

fn draw_themed(report: miette::Report, colour: bool) -> String {
    let theme = if !colour {
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
    vdl::read_source(std::path::Path::new(path))
        .map_err(|e| Failure::Usage(format!("cannot read {path}: {e}")))
}

/// Render a definition's diagnostic against the file its primary label is in; a
/// label in another file (a base the file extends) is drawn below it, in its file.
fn render_loaded(sources: &vdl::Sources, diagnostic: &Diagnostic) -> String {
    render_sourced(sources, diagnostic, std::env::var_os("NO_COLOR").is_none())
}

/// A diagnostic rendered without colour, for the web page.
fn render_plain(sources: &vdl::Sources, diagnostic: &Diagnostic) -> String {
    render_sourced(sources, diagnostic, false)
}

fn render_sourced(sources: &vdl::Sources, diagnostic: &Diagnostic, colour: bool) -> String {
    let in_file = |name: &str, text: &str, d: &Diagnostic| {
        let (excerpt, local) = Excerpt::around(name, text, 0, d);
        draw_themed(miette::Report::new(local).with_source_code(excerpt), colour)
    };
    let Some((file, _)) = sources.locate(diagnostic.span()) else {
        return in_file("", "", diagnostic);
    };
    let mut local = diagnostic.clone();
    local.labels.clear();
    let mut elsewhere = Vec::new();
    for label in &diagnostic.labels {
        match sources.locate(label.span) {
            Some((f, span)) if f.name == file.name => local.labels.push(vdl::diagnostic::Label {
                span,
                ..label.clone()
            }),
            Some((f, span)) => {
                let alone = Diagnostic::error(diagnostic.code, "").at(span, "");
                let (source, moved) = Excerpt::around(&f.name, &f.text, 0, &alone);
                let span = moved.span();
                elsewhere.push(Elsewhere {
                    text: label.text.clone(),
                    source,
                    span: miette::SourceSpan::new(span.start.into(), span.end - span.start),
                })
            }
            None => {}
        }
    }
    if elsewhere.is_empty() {
        return in_file(&file.name, &file.text, &local);
    }
    let (excerpt, local) = Excerpt::around(&file.name, &file.text, 0, &local);
    let report = miette::Report::new(WithElsewhere {
        diagnostic: local,
        elsewhere,
    })
    .with_source_code(excerpt);
    draw_themed(report, colour)
}

/// A diagnostic whose other labels are in other files.
#[derive(Debug)]
struct WithElsewhere {
    diagnostic: Diagnostic,
    elsewhere: Vec<Elsewhere>,
}

impl std::fmt::Display for WithElsewhere {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.diagnostic.fmt(f)
    }
}

impl std::error::Error for WithElsewhere {}

impl miette::Diagnostic for WithElsewhere {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.diagnostic.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(&self.diagnostic)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        miette::Diagnostic::help(&self.diagnostic)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.diagnostic.labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        Some(Box::new(
            self.elsewhere.iter().map(|e| e as &dyn miette::Diagnostic),
        ))
    }
}

/// One label of a diagnostic, in a file other than the diagnostic's.
#[derive(Debug)]
struct Elsewhere {
    text: String,
    source: Excerpt,
    span: miette::SourceSpan,
}

impl std::fmt::Display for Elsewhere {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} in {}", self.text, self.source.name())
    }
}

impl std::error::Error for Elsewhere {}

impl miette::Diagnostic for Elsewhere {
    fn severity(&self) -> Option<miette::Severity> {
        Some(miette::Severity::Advice)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(
            miette::LabeledSpan::new_primary_with_span(Some(self.text.clone()), self.span),
        )))
    }
}

/// Load a definition, printing its diagnostics; the rules when it has no error.
/// Load a definition for a command that uses it: errors are drawn in full;
/// warnings, which `vdl check` draws, are counted in one line so that they do not
/// repeat on every perft or move list.
fn load(path: &str) -> Result<Ruleset, Failure> {
    let source = read(path)?;
    let loaded = vdl::load_file(std::path::Path::new(path), &source);
    let warnings = loaded.diagnostics.iter().filter(|d| !d.is_error()).count();
    let (shown, more) = capped_errors(&loaded);
    for d in shown {
        errout!("{}", render_loaded(&loaded.sources, d));
    }
    errout!("{more}");
    if warnings > 0 && loaded.ruleset.is_some() {
        let (s, them) = if warnings == 1 {
            ("", "it")
        } else {
            ("s", "them")
        };
        errln!("{path}: {warnings} warning{s} (`vdl check {path}` shows {them})");
    }
    loaded.ruleset.ok_or(Failure::Judged)
}

/// The most diagnostics of one code drawn, and the most drawn in all, for one file.
const SHOWN_PER_CODE: usize = 10;
const SHOWN_IN_ALL: usize = 50;

/// The diagnostics to draw, and a line for those left out (empty when none are):
/// a file that repeats one mistake a million times is told so in a few screens.
fn capped<'d>(
    diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
) -> (Vec<&'d Diagnostic>, String) {
    let mut per_code: std::collections::BTreeMap<vdl::Code, usize> = Default::default();
    let mut shown = Vec::new();
    let mut left: std::collections::BTreeMap<vdl::Code, usize> = Default::default();
    for d in diagnostics {
        let seen = per_code.entry(d.code).or_default();
        *seen += 1;
        if *seen <= SHOWN_PER_CODE && shown.len() < SHOWN_IN_ALL {
            shown.push(d);
        } else {
            *left.entry(d.code).or_default() += 1;
        }
    }
    let more = left
        .iter()
        .map(|(code, n)| format!("... and {n} more `{}`\n", code.as_str()))
        .collect();
    (shown, more)
}

/// A loaded definition's errors to draw, and the line for those left out.
fn capped_errors(loaded: &vdl::Loaded) -> (Vec<&Diagnostic>, String) {
    capped(loaded.diagnostics.iter().filter(|d| d.is_error()))
}

/// The definitions an engine protocol offers.
fn variants(files: &[String]) -> Result<Vec<session::Variant>, Failure> {
    files
        .iter()
        .map(|f| load(f).map(|rules| session::Variant::named(f, rules)))
        .collect()
}

fn check(files: &[String], format: Format, deny_warnings: bool) -> Result<(), Failure> {
    let mut failed = false;
    let mut unreadable = false;
    let mut reports = Vec::new();
    for path in files {
        let source = match read(path) {
            Ok(s) => s,
            Err(Failure::Usage(m)) => {
                if format == Format::Json {
                    reports.push(FileJson {
                        file: path.clone(),
                        ok: false,
                        errors: 0,
                        warnings: 0,
                        unreadable: Some(m),
                        diagnostics: Vec::new(),
                    });
                } else {
                    errln!("error: {m}");
                }
                unreadable = true;
                continue;
            }
            Err(_) => continue,
        };
        let loaded = vdl::load_file(std::path::Path::new(path), &source);
        let errors = loaded.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = loaded.diagnostics.len() - errors;
        let ok = errors == 0 && (warnings == 0 || !deny_warnings);
        failed |= !ok;
        if format == Format::Json {
            reports.push(FileJson {
                file: path.clone(),
                ok,
                errors,
                warnings,
                unreadable: None,
                diagnostics: loaded
                    .diagnostics
                    .iter()
                    .map(|d| diagnostic_json(&loaded.sources, d))
                    .collect(),
            });
            continue;
        }
        let (shown, more) = capped(&loaded.diagnostics);
        for d in shown {
            errout!("{}", render_loaded(&loaded.sources, d));
        }
        errout!("{more}");
        if errors > 0 {
            outln!("{path}: {errors} error(s), {warnings} warning(s)");
        } else if !ok {
            outln!("{path}: {warnings} warning(s), denied");
        } else {
            outln!("{path}: ok ({warnings} warning(s))");
        }
    }
    if format == Format::Json {
        outln!("{}", to_json(&reports)?);
    }
    if unreadable {
        return Err(Failure::UsageReported);
    }
    if failed {
        Err(Failure::Judged)
    } else {
        Ok(())
    }
}

/// One checked file, for `vdl check --format json`.
#[derive(serde::Serialize)]
struct FileJson {
    file: String,
    /// No error (and no warning, with `--deny-warnings`).
    ok: bool,
    errors: usize,
    warnings: usize,
    /// Why the file could not be read, if it could not.
    unreadable: Option<String>,
    diagnostics: Vec<DiagnosticJson>,
}

#[derive(serde::Serialize, Clone)]
struct DiagnosticJson {
    code: &'static str,
    severity: &'static str,
    message: String,
    /// The file of the primary label (a base, for an error inside it).
    file: String,
    /// Byte offsets into that file.
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    labels: Vec<LabelJson>,
    help: Option<String>,
}

#[derive(serde::Serialize, Clone)]
struct LabelJson {
    file: String,
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    text: String,
    primary: bool,
}

fn diagnostic_json(sources: &vdl::Sources, d: &Diagnostic) -> DiagnosticJson {
    let place = |span: vdl::Span| match sources.locate(span) {
        Some((file, local)) => {
            let (line, column) = file.line_col(local.start);
            let (end_line, end_column) = file.line_col(local.end);
            (file.name.clone(), local, line, column, end_line, end_column)
        }
        None => (String::new(), span, 0, 0, 0, 0),
    };
    let (file, span, line, column, end_line, end_column) = place(d.span());
    DiagnosticJson {
        code: d.code.as_str(),
        severity: if d.is_error() { "error" } else { "warning" },
        message: d.message.clone(),
        file,
        start: span.start,
        end: span.end,
        line,
        column,
        end_line,
        end_column,
        labels: d
            .labels
            .iter()
            .map(|l| {
                let (file, span, line, column, _, _) = place(l.span);
                LabelJson {
                    file,
                    start: span.start,
                    end: span.end,
                    line,
                    column,
                    text: l.text.clone(),
                    primary: l.primary,
                }
            })
            .collect(),
        help: d.help.clone(),
    }
}

fn explain(code: Option<&str>) -> Result<(), Failure> {
    let Some(name) = code else {
        for c in vdl::Code::ALL {
            outln!("{:<24} {}", c.as_str(), c.summary());
        }
        return Ok(());
    };
    let found = vdl::Code::from_name(name).and_then(|c| c.explain());
    match found {
        Some(text) => {
            out!("{}", render_explanation(text));
            Ok(())
        }
        None => {
            let names: Vec<&str> = vdl::Code::ALL.iter().map(|c| c.as_str()).collect();
            let guess = vdl::diagnostic::suggest(name, names.iter().copied()).or_else(|| {
                vdl::diagnostic::suggest(&format!("vdl::{name}"), names.iter().copied())
            });
            Err(Failure::Usage(match guess {
                Some(g) => format!("no diagnostic code `{name}`; did you mean `{g}`?"),
                None => format!("no diagnostic code `{name}`; `vdl explain` lists them all"),
            }))
        }
    }
}

/// An explanation's Markdown as terminal text: the title underlined, code blocks
/// indented with their test annotations dropped, inline code and emphasis
/// without their marks.
fn render_explanation(markdown: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            if !line.starts_with("# expect:") {
                out.push_str(&format!("    {line}\n"));
            }
        } else if let Some(title) = line.strip_prefix("## ") {
            let title = title.replace('`', "");
            out.push_str(&format!("{title}\n{}\n", "=".repeat(title.chars().count())));
        } else {
            out.push_str(&line.replace(['`', '*'], ""));
            out.push('\n');
        }
    }
    out
}

/// `vdl show --svg OUT [--moves CELL]`.
fn write_svg(pos: &mut Position, out: &str, moves: Option<&str>) -> Result<(), Failure> {
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
enum Start<'a> {
    Fen(&'a str),
    Seed(u64),
}

fn start(fen: Option<&str>, seed: Option<u64>) -> Start<'_> {
    match fen {
        Some(f) => Start::Fen(f),
        None => Start::Seed(seed.unwrap_or(0)),
    }
}

fn with_position(
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
                let d = Diagnostic::error(vdl::check::fen_code(&e), e.message.clone())
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

fn perft_cross_checked(pos: &mut Position, depth: u32) -> Result<(), Failure> {
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

fn perft(pos: &mut Position, depth: u32, divide: bool, threads: usize) -> Result<(), Failure> {
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

fn moves(pos: &mut Position, json: bool) -> Result<(), Failure> {
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

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string_pretty(value)
        .map_err(|e| Failure::Usage(format!("cannot write JSON: {e}")))
}

#[derive(serde::Serialize)]
struct RefereeJson<'a> {
    status: &'static str,
    start: String,
    moves: &'a [referee::Played],
    result: Option<&'a referee::GameResult>,
    score: &'static str,
    fen: Option<String>,
    error: Option<ErrorJson>,
    recorded: Option<RecordedJson>,
}

/// The result a record gives, read against the rules.
#[derive(serde::Serialize)]
struct RecordedJson {
    score: String,
    reading: referee::Reading,
    message: String,
}

#[derive(serde::Serialize)]
struct ErrorJson {
    code: &'static str,
    message: String,
    line: usize,
    column: usize,
    text: String,
    help: Option<String>,
}

fn referee_game(path: &str, game_path: &str, json: bool, pgn: bool) -> Result<(), Failure> {
    let rules = load(path)?;
    let file = vdl::open_regular(std::path::Path::new(game_path))
        .map_err(|e| Failure::Usage(format!("cannot read {game_path}: {e}")))?;
    let mut failed = false;
    let mut empty = true;
    let mut n = 0;
    for chunk in referee::stream::Games::new(std::io::BufReader::new(file)) {
        let chunk = chunk.map_err(|e| match e {
            referee::stream::StreamError::Io(e) => {
                Failure::Usage(format!("cannot read {game_path}: {e}"))
            }
            referee::stream::StreamError::TooLong { lines_before } => Failure::Usage(format!(
                "cannot read {game_path}: the game from line {} is longer than {} bytes",
                lines_before + 1,
                referee::stream::MAX_GAME_BYTES
            )),
        })?;
        // Diagnostics count lines in the whole file: the game's own are shifted
        // by the lines before it.
        let text = chunk.text;
        for record in referee::record::parse_games(&text) {
            empty &= record.moves.is_empty() && record.fen.is_none() && record.result.is_none();
            let at = Placed {
                text: &text,
                lines_before: chunk.lines_before,
                path: game_path,
            };
            failed |= referee_one(&rules, &record, &at, n, json, pgn)?;
            n += 1;
        }
    }
    if empty {
        errln!("warning: {game_path} holds no game: no moves, position or result");
    }
    if failed {
        Err(Failure::Judged)
    } else {
        Ok(())
    }
}

/// A game's text, and where it stands in its file.
struct Placed<'a> {
    text: &'a str,
    lines_before: usize,
    path: &'a str,
}

/// Report one refereed game; true if it stopped at an illegal move.
fn referee_one(
    rules: &vdl::Ruleset,
    record: &referee::record::Record,
    at: &Placed,
    n: usize,
    json: bool,
    pgn: bool,
) -> Result<bool, Failure> {
    // The report in words needs only the end of the game.
    let refereed = referee::referee_record_with(rules, record, json || pgn);
    let error = refereed.error.as_ref();
    if let Some(d) = error.filter(|_| !json) {
        errout!("{}", render_after(at.path, at.text, at.lines_before, d));
    }
    if pgn {
        if let Some(game) = &refereed.game {
            out!(
                "{}{}",
                if n > 0 { "\n" } else { "" },
                referee::pgn::write(game, &[])
            );
        }
    } else if json {
        let start = record
            .fen
            .as_ref()
            .map_or_else(|| Position::start(rules).fen(), |f| f.0.clone());
        outln!("{}", to_json(&referee_json(&refereed, start, at))?);
    } else if let Some(game) = &refereed.game {
        if n > 0 {
            outln!("\nGame {}", n + 1);
        }
        out!("{}", diagram(game.position()));
        outln!("{} moves played", game.plies());
        match game.result() {
            Some(r) => outln!("Result: {r}"),
            None if error.is_some() => outln!("Result: * (stopped at an illegal move)"),
            None => outln!("Result: * (game in progress)"),
        }
        if let Some(recorded) = &refereed.recorded {
            outln!("Recorded: {}", recorded.describe(game));
        }
    }
    let contradicted = refereed
        .recorded
        .as_ref()
        .is_some_and(|r| r.reading == referee::Reading::Contradicts);
    Ok(error.is_some() || contradicted)
}

fn referee_json<'a>(
    refereed: &'a referee::Refereed,
    start: String,
    at: &Placed,
) -> RefereeJson<'a> {
    let text = at.text;
    let error = refereed.error.as_ref();
    let game = refereed.game.as_ref();
    RefereeJson {
        status: match (error, game.and_then(|g| g.result())) {
            (Some(_), _) => "illegal",
            (None, Some(_)) => "finished",
            (None, None) => "in-progress",
        },
        start,
        moves: game.map_or(&[], |g| g.played()),
        result: game.and_then(|g| g.result()),
        score: game.and_then(|g| g.result()).map_or("*", |r| r.score()),
        fen: game.map(|g| g.position().fen()),
        recorded: game
            .zip(refereed.recorded.as_ref())
            .map(|(g, r)| RecordedJson {
                score: r.score.clone(),
                reading: r.reading,
                message: r.describe(g),
            }),
        error: error.map(|d| {
            let span = d.span();
            let (line, column) = vdl::source::line_col(text, span.start);
            ErrorJson {
                code: d.code.as_str(),
                message: d.message.clone(),
                line: line + at.lines_before,
                column,
                text: text
                    .get(span.start..span.end)
                    .unwrap_or_default()
                    .to_string(),
                help: d.help.clone(),
            }
        }),
    }
}

const PLAY_HELP: &str = "\
Enter a move (`P e2-e4`, `e2-e4`, `e7-e8; Q-e8`) or a command:
  moves          list the legal moves      moves CELL   the moves of one piece
  undo           take back a move          fen          print the position as FEN
  claim          claim a draw (repetition or move rule, where the definition allows it)
  save FILE      write a game record       board        draw the board again
  help           this text                 quit         leave";

/// The computer player of `vdl play`.
struct Computer {
    searcher: Option<vdl::search::Searcher>,
    limits: vdl::search::Limits,
    rng: Rng,
}

impl Computer {
    fn new(rules: &Ruleset, opponent: Opponent, movetime: u64, seed: u64) -> Computer {
        Computer {
            searcher: (opponent == Opponent::Search).then(|| vdl::search::Searcher::new(rules, 64)),
            limits: vdl::search::Limits {
                movetime: Some(std::time::Duration::from_millis(movetime.max(1))),
                ..Default::default()
            },
            rng: Rng::new(seed),
        }
    }

    fn choose(&mut self, game: &Game) -> Option<vdl::Move> {
        match &mut self.searcher {
            Some(s) => referee::ai::search(s, game, &self.limits, &mut |_| {}).and_then(|f| f.best),
            None => referee::ai::two_ply(game, &mut self.rng),
        }
    }
}

fn play(
    start: Position,
    ai: Option<Side>,
    computer: Computer,
    pgn: Option<&str>,
) -> Result<(), Failure> {
    let mut game = Game::new(start);
    let result = play_session(&mut game, ai, computer);
    if let Some(path) = pgn {
        let computer_tag = |side| if ai == Some(side) { "vdl" } else { "?" };
        let tags = [
            ("White", computer_tag(Side::White)),
            ("Black", computer_tag(Side::Black)),
        ];
        std::fs::write(path, referee::pgn::write(&game, &tags))
            .map_err(|e| Failure::Usage(format!("cannot write {path}: {e}")))?;
        outln!("wrote the game as PGN to {path}");
    }
    result
}

fn play_session(game: &mut Game, ai: Option<Side>, mut computer: Computer) -> Result<(), Failure> {
    use std::io::{BufRead, Write};
    let start = game.position();
    let rules = start.rules();
    let start_fen = start.fen();
    let (start_side, start_number) = (start.side_to_move(), start.fullmove_number());
    outln!("{PLAY_HELP}\n");
    out!("{}", diagram(game.position()));
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        if let Some(r) = game.result() {
            outln!("Game over: {r}");
        } else if Some(game.position().side_to_move()) == ai {
            if let Some(m) = computer.choose(game) {
                outln!(
                    "{} plays {}",
                    game.position().side_to_move().name(),
                    game.notation(&m)
                );
                let taken = captured_text(game.position(), &m);
                game.play(m);
                out!("{taken}{}", diagram(game.position()));
                continue;
            }
        }
        out!("{}> ", game.position().side_to_move().name());
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            outln!();
            break;
        };
        let line = line.trim();
        let (word, arg) = line
            .split_once(' ')
            .map_or((line, ""), |(w, a)| (w, a.trim()));
        match word {
            "" => {}
            "quit" | "exit" => break,
            "help" => outln!("{PLAY_HELP}"),
            "board" => out!("{}", diagram(game.position())),
            "fen" => outln!("{}", game.position().fen()),
            "moves" => {
                let legal = game.legal_moves();
                let from = if arg.is_empty() {
                    None
                } else {
                    rules.cell_by_name(arg).map(Some).unwrap_or(None)
                };
                if !arg.is_empty() && from.is_none() {
                    outln!("`{arg}` is not a cell of this board");
                    continue;
                }
                let mut shown: Vec<String> = legal
                    .iter()
                    .filter(|m| from.is_none_or(|f| m.from == f))
                    .map(|m| game.notation(m))
                    .collect();
                shown.sort();
                if shown.is_empty() {
                    outln!(
                        "no legal moves{}",
                        if arg.is_empty() {
                            String::new()
                        } else {
                            format!(" from {arg}")
                        }
                    );
                } else {
                    outln!("{}", shown.join(", "));
                }
            }
            "undo" => {
                let steps = if ai.is_some() && game.played().len() >= 2 {
                    2
                } else {
                    1
                };
                let mut undone = 0;
                for _ in 0..steps {
                    if game.undo() {
                        undone += 1;
                    }
                }
                if undone == 0 {
                    outln!("nothing to undo");
                } else {
                    out!("{}", diagram(game.position()));
                }
            }
            "claim" => match game.claim() {
                Some(r) => outln!("Result: {r}"),
                None => outln!("no draw can be claimed now"),
            },
            "save" => {
                if arg.is_empty() {
                    outln!("save needs a file name: save FILE");
                    continue;
                }
                let moves: Vec<String> = game.played().iter().map(|p| p.notation.clone()).collect();
                let mut record =
                    referee::record::write(&start_fen, start_side, start_number, &moves);
                // A claimed draw is written as the result, which reads back as the claim.
                if let Some(r) = game.result().filter(|r| r.claimed) {
                    record.push_str(&format!("{}\n", r.score()));
                }
                match std::fs::write(arg, record) {
                    Ok(()) => outln!("saved {} moves to {arg}", moves.len()),
                    Err(e) => outln!("cannot write {arg}: {e}"),
                }
            }
            _ => {
                let before = game.position().clone();
                match game.play_text(line) {
                    Ok(m) => out!("{}{}", captured_text(&before, &m), diagram(game.position())),
                    Err(_) if is_command_word(rules, word) => outln!(
                        "unknown command `{word}`: `help` lists the commands; a move is written `e2-e4`"
                    ),
                    Err(r) => {
                        outln!("illegal: {}", r.message);
                        if let Some(h) = r.help {
                            outln!("  {h}");
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// Whether a word that is neither a command nor a move looks like a mistyped
/// command rather than a move: a word of three or more lower-case letters that is
/// no cell of the board.
fn is_command_word(rules: &Ruleset, word: &str) -> bool {
    word.len() >= 3
        && word.bytes().all(|b| b.is_ascii_lowercase())
        && rules.cell_by_name(word).is_none()
}

/// "takes the Pawn on d5" for each piece a move removes or converts, one line.
fn captured_text(pos: &Position, m: &vdl::Move) -> String {
    let rules = pos.rules();
    let name = |c| {
        pos.piece_at(c).map_or_else(
            || "piece".to_string(),
            |p| rules.definition.pieces[p.kind].name.clone(),
        )
    };
    let mut parts: Vec<String> = m
        .captures()
        .iter()
        .map(|&c| format!("takes the {} on {}", name(c), rules.cell_name(c)))
        .collect();
    if let Some(c) = m.converted() {
        parts.push(format!(
            "converts the {} on {}",
            name(c),
            rules.cell_name(c)
        ));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("{}\n", parts.join(", "))
    }
}

fn ai_match(
    path: &str,
    games: usize,
    seed: u64,
    max_plies: usize,
    movetime: u64,
    threads: Option<usize>,
) -> Result<(), Failure> {
    let rules = load(path)?;
    let limits = vdl::search::Limits {
        movetime: Some(std::time::Duration::from_millis(movetime.max(1))),
        ..Default::default()
    };
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let r =
        referee::matches::search_against_two_ply(&rules, games, seed, &limits, max_plies, threads);
    let nps = r.nodes as f64 / r.search_time.as_secs_f64().max(1e-9);
    outln!(
        "{} games, search against two-ply: search won {}, two-ply won {}, drawn {}, unfinished {} ({:.1}% of the decisive games to the search)",
        r.games, r.search_wins, r.two_ply_wins, r.draws, r.unfinished, r.decisive_share()
    );
    outln!(
        "{} plies; search {} nodes in {:.1} s, {:.0} nodes/s per thread",
        r.plies,
        r.nodes,
        r.search_time.as_secs_f64(),
        nps
    );
    Ok(())
}

fn selfplay(path: &str, games: usize, seed: u64, max_plies: usize) -> Result<(), Failure> {
    let rules = load(path)?;
    let start = Instant::now();
    match referee::selfplay::selfplay(&rules, games, seed, max_plies) {
        Ok(report) => {
            let secs = start.elapsed().as_secs_f64();
            outln!(
                "{} games, {} plies, invariants held",
                report.games,
                report.plies
            );
            if rules.flags.drops {
                outln!("  turns with a drop: {}", report.drops);
            }
            for (result, n) in &report.results {
                outln!("  {result}: {n}");
            }
            errln!(
                "time {:.3} s, {:.1} games/s, {:.0} plies/s",
                secs,
                report.games as f64 / secs.max(1e-9),
                report.plies as f64 / secs.max(1e-9)
            );
            Ok(())
        }
        Err(e) => {
            errln!("invariant failed: {e}");
            Err(Failure::Judged)
        }
    }
}

/// The drop queues drawn as a second board beside the first, one row per rank: White's
/// from the bottom row up and Black's from the top row down, each row read left to
/// right in drop order (UC-40's reserve board). None when they do not fit.
fn queue_board(pos: &Position, fw: usize) -> Option<Vec<String>> {
    let rules = pos.rules();
    if !rules.flags.drops {
        return None;
    }
    let board = &rules.definition.board;
    let (w, h) = (board.width() as usize, board.height() as usize);
    let rows_of = |n: usize| n.div_ceil(w);
    let white = pos.queue(Side::White);
    let black = pos.queue(Side::Black);
    if rows_of(white.len()) + rows_of(black.len()) > h {
        return None;
    }
    let mut rows = vec![" .".repeat(w).replace('.', &format!("{:>fw$}", ".")); h];
    let mut draw = |side: Side, queue: &[u8], row_of: &dyn Fn(usize) -> usize| {
        for chunk in 0..rows_of(queue.len()) {
            let cells: Vec<String> = (0..w)
                .map(|f| {
                    queue
                        .get(chunk * w + f)
                        .map_or(format!("{:>fw$}", "."), |&k| {
                            format!("{:>fw$}", rules.piece_label(usize::from(k), side))
                        })
                })
                .collect();
            rows[row_of(chunk)] = format!(" {}", cells.join(" "));
        }
    };
    draw(Side::White, white, &|chunk| chunk);
    draw(Side::Black, black, &|chunk| h - 1 - chunk);
    Some(rows)
}

/// What the queue board shows, the credits, and the queues as text when not drawn.
fn queue_legend(pos: &Position, drawn: bool) -> String {
    let rules = pos.rules();
    let mut out = String::new();
    if drawn {
        out.push_str("right: the drop queues, White's from the bottom row up, Black's from the top row down, in drop order\n");
    }
    for side in [Side::White, Side::Black] {
        let queue: Vec<String> = pos
            .queue(side)
            .iter()
            .map(|&k| rules.piece_label(usize::from(k), side))
            .collect();
        if !drawn {
            out.push_str(&format!("{} queue: {}\n", side.name(), queue.join(" ")));
        }
        out.push_str(&format!(
            "{} drop credits: {}\n",
            side.name(),
            pos.drop_credits(side)
        ));
    }
    out
}

/// What a cell shows: its piece's label, `*` for a wall, `:` for an empty cell of
/// a `capture-only` zone, `.` otherwise.
fn cell_text(pos: &Position, c: vdl::compile::Cell) -> String {
    let rules = pos.rules();
    match pos.piece_at(c) {
        Some(p) => rules.piece_label(p.kind, p.side),
        None if pos.is_wall(c) => "*".to_string(),
        None if rules.capture_only.iter().any(|z| z[c as usize]) => ":".to_string(),
        None => ".".to_string(),
    }
}

/// A hexagonal board: each rank a row, drawn half a cell to the right of the rank
/// below (so a cell's six neighbours touch it), the first and last cell of each rank
/// named at the row's ends.
fn hex_diagram(pos: &Position) -> String {
    let rules = pos.rules();
    let board = &rules.definition.board;
    let fw = rules
        .definition
        .pieces
        .iter()
        .map(|p| p.label.len())
        .max()
        .unwrap_or(1);
    // An even pitch, so that half a cell is a whole number of columns.
    let pitch = (fw + 2) / 2 * 2;
    let name_w = (0..board.height())
        .flat_map(|rank| {
            board
                .row_files(rank)
                .into_iter()
                .map(move |file| (file, rank))
        })
        .map(|(file, rank)| board.cell_name(vdl::model::Coord { file, rank }).len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for rank in (0..board.height()).rev() {
        let files = board.row_files(rank);
        let (Some(&first), Some(&last)) = (files.first(), files.last()) else {
            continue;
        };
        let name = |file| board.cell_name(vdl::model::Coord { file, rank });
        let indent = (first as usize) * pitch + (rank as usize) * pitch / 2;
        out.push_str(&format!("{:>name_w$} {}", name(first), " ".repeat(indent)));
        for file in first..=last {
            let text = rules
                .cell_at(vdl::model::Coord { file, rank })
                .map_or_else(|| " ".to_string(), |c| cell_text(pos, c));
            out.push_str(&format!("{text:^pitch$}"));
        }
        out.push_str(&format!(" {}\n", name(last)));
    }
    out
}

/// The two-cell pieces by their ends, which the drawing cannot pair when they touch.
fn two_cell_legend(pos: &Position) -> String {
    let rules = pos.rules();
    let pairs: Vec<String> = pos
        .two_cell_pairs()
        .into_iter()
        .filter_map(|(a, b)| {
            let p = pos.piece_at(a)?;
            Some(format!(
                "{} {}{}",
                rules.piece_label(p.kind, p.side),
                rules.cell_name(a),
                rules.cell_name(b)
            ))
        })
        .collect();
    if pairs.is_empty() {
        String::new()
    } else {
        format!("two-cell pieces: {}\n", pairs.join(", "))
    }
}

/// Each side's hand, when the variant has hands: `White's hand: P×2 N`.
fn hand_legend(pos: &Position) -> String {
    let rules = pos.rules();
    if !rules.flags.hand {
        return String::new();
    }
    let mut out = String::new();
    for side in [vdl::model::Side::White, vdl::model::Side::Black] {
        let held: Vec<String> = (0..rules.kinds)
            .filter(|&k| pos.reserve_count(side, k) > 0)
            .map(|k| match pos.reserve_count(side, k) {
                1 => rules.piece_label(k, side),
                n => format!("{}×{n}", rules.piece_label(k, side)),
            })
            .collect();
        let held = if held.is_empty() {
            "-".to_string()
        } else {
            held.join(" ")
        };
        out.push_str(&format!("{}'s hand: {held}\n", side.name()));
    }
    out
}

fn diagram(pos: &Position) -> String {
    let rules = pos.rules();
    let board = &rules.definition.board;
    if board.tiling == vdl::model::Tiling::Hex {
        return format!(
            "{}{}{} to move\nFEN: {}\n",
            hex_diagram(pos),
            two_cell_legend(pos),
            pos.side_to_move().name(),
            pos.fen()
        );
    }
    // a column as wide as the widest file name or piece label
    let fw = board
        .files
        .iter()
        .map(String::len)
        .chain(rules.definition.pieces.iter().map(|p| p.label.len()))
        .max()
        .unwrap_or(1);
    let rw = board.ranks.iter().map(String::len).max().unwrap_or(1);
    let restricted = |c: vdl::compile::Cell| rules.capture_only.iter().any(|z| z[c as usize]);
    let mut out = String::new();
    let queues = queue_board(pos, fw);
    for rank in (0..board.height()).rev() {
        out.push_str(&format!("{:>rw$} ", board.ranks[rank as usize]));
        for file in 0..board.width() {
            let coord = vdl::model::Coord { file, rank };
            let text = match rules.cell_at(coord) {
                None => " ".to_string(),
                Some(c) => match pos.piece_at(c) {
                    Some(p) => rules.piece_label(p.kind, p.side),
                    None if pos.is_wall(c) => "*".to_string(),
                    None if restricted(c) => ":".to_string(),
                    None => ".".to_string(),
                },
            };
            out.push_str(&format!(" {text:>fw$}"));
        }
        if let Some(rows) = &queues {
            out.push_str("   |");
            out.push_str(&rows[rank as usize]);
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(rw + 1));
    for f in &board.files {
        out.push_str(&format!(" {f:>fw$}"));
    }
    out.push('\n');
    if rules.flags.drops {
        out.push_str(&queue_legend(pos, queues.is_some()));
    }
    out.push_str(&two_cell_legend(pos));
    out.push_str(&hand_legend(pos));
    for (name, _) in &rules.definition.capture_only_zones {
        out.push_str(&format!(
            "`:` zone {name}: a move may end there only when its capture needs it\n"
        ));
    }
    out.push_str(&format!(
        "{} to move\nFEN: {}\n",
        pos.side_to_move().name(),
        pos.fen()
    ));
    out
}
