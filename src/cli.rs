//! The command line: every subcommand and its options, as clap reads them.

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "vdl",
    version,
    about = "Check, compile and run chess-variant definitions"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
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
    /// Play a match between two engines from a list of openings, each with both
    /// colours, and report the score, the Elo difference and White's advantage.
    #[command(after_help = "Examples:\n  \
        vdl match definitions/chess.vdl --games 100 --nodes 20000 --openings random:4\n  \
        vdl match definitions/chess.vdl --vs my-chess.vdl --games 200 --movetime 100 --sprt 0 20\n  \
        vdl match definitions/chess.vdl --engine 'stockfish' --games 20 --movetime 200\n  \
        vdl match definitions/chess.vdl --engine 'stockfish' --games 20 --movetime 200 \
        --engine-option UCI_LimitStrength=true --engine-option UCI_Elo=2000\n  \
        vdl match definitions/chess.vdl --games 100 --nodes 5000 --shard 1/2 --record a.json\n  \
        vdl match --merge a.json b.json --pgn all.pgn")]
    Match(Box<MatchArgs>),
    /// Estimate each piece's value from the definition's own self-play games: how
    /// much one more piece of a kind raises the winning chances, with error bars.
    #[command(after_help = "Examples:\n  \
        vdl values definitions/chess.vdl\n  \
        vdl values my-variant.vdl --games 1000 --nodes 5000 --pgn games.pgn")]
    Values(Box<SelfPlayArgs>),
    /// Tune the computer player's evaluation to the definition's own self-play
    /// games, and print it as an `evaluation` section the definition can keep.
    #[command(after_help = "Examples:\n  \
        vdl tune my-variant.vdl >> my-variant.vdl\n  \
        vdl tune my-variant.vdl --games 1000 --nodes 5000 --write")]
    Tune(Box<TuneArgs>),
}

/// `vdl tune`'s options.
#[derive(clap::Args)]
pub(crate) struct TuneArgs {
    #[command(flatten)]
    pub(crate) play: SelfPlayArgs,
    /// Put the section in FILE, in place of its `evaluation` section if it has one.
    #[arg(long)]
    pub(crate) write: bool,
    /// Fit each position to this UCI engine's score of it (words split at
    /// spaces) instead of its game's result.
    #[arg(long, value_name = "ENGINE")]
    pub(crate) judge: Option<String>,
    /// Nodes the judge searches each position.
    #[arg(long, default_value_t = 20_000, requires = "judge")]
    pub(crate) judge_nodes: u64,
    /// Keep the judge's scores in FILE: a position it holds is not judged again,
    /// and the scores of new ones are added (a refit costs no judging).
    #[arg(long, value_name = "FILE", requires = "judge")]
    pub(crate) judged: Option<String>,
    /// Fit a learned evaluation (a network of N hidden values a side) in place
    /// of the terms, and write it beside FILE (its name ending in `.net`); with
    /// --write, name it in FILE's `evaluation` section.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=512))]
    pub(crate) network: Option<u16>,
}

/// The options of `vdl values` and `vdl tune`: the self-play games they learn from.
#[derive(clap::Args)]
pub(crate) struct SelfPlayArgs {
    /// The definition.
    pub(crate) file: String,
    /// Self-play games (each opening twice, colours swapped).
    #[arg(long, default_value_t = 200)]
    pub(crate) games: usize,
    /// Nodes per move: the games, and so the estimate, are the same on any machine.
    #[arg(long, default_value_t = 3000)]
    pub(crate) nodes: u64,
    /// Games played at once (default: all cores).
    #[arg(long)]
    pub(crate) concurrency: Option<usize>,
    /// `random:K` (K random plies from the start), a `.epd` file or a `.pgn` file.
    #[arg(long, default_value = "random:6")]
    pub(crate) openings: String,
    /// Seed of the random openings and of the resampling.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Plies the players may make before a game is adjudicated a draw.
    #[arg(long, default_value_t = 300)]
    pub(crate) max_plies: usize,
    /// Write the games to this PGN file (each added as it ends, all in order at
    /// the end).
    #[arg(long)]
    pub(crate) pgn: Option<String>,
    /// Learn from the finished games of this PGN file instead of playing (a
    /// collection of the variant's games, or an earlier run's `--pgn`).
    #[arg(long, value_name = "FILE")]
    pub(crate) from_pgn: Option<String>,
}

/// `vdl match`'s options.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["file", "merge"])))]
pub(crate) struct MatchArgs {
    /// The definition the games are played under; its engine is the first player.
    pub(crate) file: Option<String>,
    /// The second player: vdl's search on this definition (default: FILE's).
    #[arg(long, conflicts_with = "engine")]
    pub(crate) vs: Option<String>,
    /// The second player: a UCI engine started by this command (words split at spaces).
    #[arg(long)]
    pub(crate) engine: Option<String>,
    /// An option the engine is set to before the match (`UCI_Elo=2500`); one
    /// flag for each option, in the order given.
    #[arg(long = "engine-option", value_name = "NAME=VALUE", requires = "engine")]
    pub(crate) engine_options: Vec<String>,
    /// Games in the whole match (each opening twice, colours swapped).
    #[arg(long, default_value_t = 100)]
    pub(crate) games: usize,
    /// Time per move in milliseconds.
    #[arg(long, conflicts_with = "nodes")]
    pub(crate) movetime: Option<u64>,
    /// Nodes per move (a deterministic match).
    #[arg(long)]
    pub(crate) nodes: Option<u64>,
    /// The second player's time per move (default: the first's).
    #[arg(long)]
    pub(crate) vs_movetime: Option<u64>,
    /// The second player's nodes per move (default: the first's).
    #[arg(long)]
    pub(crate) vs_nodes: Option<u64>,
    /// Games played at once (default: all cores).
    #[arg(long)]
    pub(crate) concurrency: Option<usize>,
    /// `random:K` (K random plies from the start), a `.epd` file or a `.pgn` file.
    #[arg(long, default_value = "random:4")]
    pub(crate) openings: String,
    /// Stop once a sequential test decides between these Elo differences.
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true)]
    pub(crate) sprt: Option<Vec<f64>>,
    /// Play only shard I of N (`1/4`): every shard plays its own openings.
    #[arg(long)]
    pub(crate) shard: Option<String>,
    /// Write every game to this PGN file (each added as it ends, all in order
    /// at the end).
    #[arg(long)]
    pub(crate) pgn: Option<String>,
    /// Write the match's record (JSON) to this file, for `--merge`.
    #[arg(long)]
    pub(crate) record: Option<String>,
    /// Merge the records of a match's shards and report the whole match.
    #[arg(long, num_args = 1.., conflicts_with_all = ["file", "vs", "engine"])]
    pub(crate) merge: Vec<String>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Plies the players may make before a game is adjudicated a draw.
    #[arg(long, default_value_t = 400)]
    pub(crate) max_plies: usize,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    Human,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Opponent {
    Search,
    TwoPly,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub(crate) enum SideArg {
    White,
    Black,
}
