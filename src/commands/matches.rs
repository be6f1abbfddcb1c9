//! `vdl match`: two engines play a match from a list of openings, each opening with
//! both colours; the report gives the score, the Elo difference and the balance.

use crate::cli::MatchArgs;
use crate::protocols::uci_engine::{EngineOption, Go, UciEngine};
use crate::report::{load, read};
use crate::Failure;
use std::sync::Mutex;
use vdl::referee::matches::stats::{Elo, Sprt, Tally};
use vdl::referee::matches::{
    self, openings, GameOutcome, MatchRecord, Opening, Plan, Player, Run, SearchPlayer, Shard,
};
use vdl::search::Limits;
use vdl::Ruleset;

/// The most games one match may plan.
const MAX_GAMES: usize = matches::MAX_PLANNED;

pub(crate) fn run_match(args: &MatchArgs) -> Result<(), Failure> {
    if !args.merge.is_empty() {
        return merge(args);
    }
    let file = args
        .file
        .as_deref()
        .ok_or_else(|| usage("a definition file"))?;
    let rules = load(file)?;
    let second_rules = args.vs.as_deref().map(load).transpose()?;
    let first_go = go(args.movetime, args.nodes)?;
    let second_go = go(
        args.vs_movetime.or(args.movetime),
        args.vs_nodes.or(args.nodes),
    )?;
    let first_name = format!("{file} ({})", setting(first_go));
    let options = engine_options(&args.engine_options)?;
    let second_name = match (&args.vs, &args.engine) {
        (Some(vs), _) => format!("{vs} ({})", setting(second_go)),
        (None, Some(engine)) if options.is_empty() => engine.clone(),
        (None, Some(engine)) => format!("{engine} ({})", args.engine_options.join(", ")),
        (None, None) => format!("{file} ({})", setting(second_go)),
    };
    let plan = plan(args, &rules, first_name != second_name)?;
    let stem = std::path::Path::new(file)
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let maker = |first: &str| -> Result<[Box<dyn Player + '_>; 2], String> {
        let one: Box<dyn Player> = Box::new(SearchPlayer::new(first, &rules, limits(first_go)));
        let two: Box<dyn Player> = match (&args.engine, &second_rules) {
            (Some(cmd), _) => {
                Box::new(UciEngine::start(cmd, (&rules, &stem), &options, second_go)?)
            }
            (None, Some(r)) => Box::new(SearchPlayer::new(&second_name, r, limits(second_go))),
            (None, None) => Box::new(SearchPlayer::new(&second_name, &rules, limits(second_go))),
        };
        Ok([one, two])
    };
    let sprt = sprt(args)?;
    if let Some(path) = &args.record {
        // made now, so that a path it cannot be written to stops the match before it plays
        write(path, "")?;
    }
    let games = play_shown(
        &rules,
        &plan,
        args.concurrency,
        &|| maker(&first_name),
        args.pgn.as_deref(),
        sprt,
    )?;
    let record = MatchRecord {
        variant: rules.definition.name.clone(),
        players: [first_name.clone(), second_name],
        games_planned: plan.games,
        shard_count: plan.shard.count,
        shards: vec![plan.shard.index],
        games,
    };
    finish(&record, args, sprt)
}

/// The plan's games on `concurrency` threads (default: every core), with a
/// progress bar on standard error; each game, as it ends, is added to the PGN
/// file `pgn` (the caller writes it again in the games' order at the end).
pub(crate) fn play_shown<'a, 'r>(
    rules: &Ruleset,
    plan: &Plan,
    concurrency: Option<usize>,
    players: &'a matches::PlayerMaker<'a, 'r>,
    pgn: Option<&str>,
    sprt: Option<Sprt>,
) -> Result<Vec<GameOutcome>, Failure> {
    let progress = Progress::new(plan.shard_games().len(), pgn)?;
    let concurrency = concurrency.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let run = Run {
        concurrency,
        players,
        sprt,
        progress: &|g, t| progress.tick(g, t),
    };
    let games = matches::play(rules, plan, &run).map_err(Failure::Usage)?;
    errln!();
    Ok(games)
}

/// The `--engine-option NAME=VALUE` flags as names and values: a name is not
/// empty, and neither holds a line break (each becomes one `setoption` line).
fn engine_options(flags: &[String]) -> Result<Vec<EngineOption>, Failure> {
    (flags.iter())
        .map(|flag| {
            let bad = || {
                Failure::Usage(format!(
                    "--engine-option takes NAME=VALUE on one line, not `{}`",
                    flag.escape_debug()
                ))
            };
            let (name, value) = flag.split_once('=').ok_or_else(bad)?;
            let name = name.trim();
            if name.is_empty() || flag.contains(['\n', '\r']) {
                return Err(bad());
            }
            Ok(EngineOption {
                name: name.to_string(),
                value: value.trim().to_string(),
            })
        })
        .collect()
}

fn usage(what: &str) -> Failure {
    Failure::Usage(format!("vdl match needs {what}"))
}

fn go(movetime: Option<u64>, nodes: Option<u64>) -> Result<Go, Failure> {
    match (movetime, nodes) {
        (_, Some(n)) => Ok(Go::Nodes(n.max(1))),
        (Some(ms), None) => Ok(Go::Movetime(ms.max(1))),
        (None, None) => Err(usage("--movetime MS or --nodes N")),
    }
}

/// `nodes 5000` or `movetime 100 ms`: a player's setting in its name.
fn setting(go: Go) -> String {
    match go {
        Go::Movetime(ms) => format!("movetime {ms} ms"),
        Go::Nodes(n) => format!("nodes {n}"),
    }
}

pub(crate) fn limits(go: Go) -> Limits {
    match go {
        Go::Movetime(ms) => Limits {
            movetime: Some(std::time::Duration::from_millis(ms)),
            ..Limits::default()
        },
        Go::Nodes(n) => Limits {
            nodes: Some(n),
            ..Limits::default()
        },
    }
}

fn sprt(args: &MatchArgs) -> Result<Option<Sprt>, Failure> {
    match args.sprt.as_deref() {
        None => Ok(None),
        Some(&[elo0, elo1]) if elo0 < elo1 && elo0.is_finite() && elo1.is_finite() => {
            Ok(Some(Sprt { elo0, elo1 }))
        }
        Some(_) => Err(Failure::Usage(
            "--sprt takes two Elo differences, the smaller first".into(),
        )),
    }
}

/// The games, the openings and the shard the options ask for; each opening
/// twice, colours swapped, where the players differ.
fn plan(args: &MatchArgs, rules: &Ruleset, swap_colours: bool) -> Result<Plan, Failure> {
    if args.games == 0 || args.games > MAX_GAMES {
        return Err(Failure::Usage(format!(
            "--games must be from 1 to {MAX_GAMES}"
        )));
    }
    let shard = match args.shard.as_deref() {
        None => Shard::WHOLE,
        Some(text) => shard(text)?,
    };
    let count = Plan::openings_needed(args.games, swap_colours);
    Ok(Plan {
        games: args.games,
        openings: opening_list(&args.openings, rules, count, args.seed)?,
        max_plies: args.max_plies,
        shard,
        swap_colours,
    })
}

/// `I/N`, I from 1 to N.
fn shard(text: &str) -> Result<Shard, Failure> {
    let bad = || Failure::Usage(format!("--shard takes I/N with 1 <= I <= N, not `{text}`"));
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (usize, usize) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if i == 0 || i > n || n > MAX_GAMES {
        return Err(bad());
    }
    Ok(Shard {
        index: i - 1,
        count: n,
    })
}

pub(crate) fn opening_list(
    spec: &str,
    rules: &Ruleset,
    count: usize,
    seed: u64,
) -> Result<Vec<Opening>, Failure> {
    let made = if let Some(plies) = spec.strip_prefix("random:") {
        let plies = plies.parse().map_err(|_| {
            Failure::Usage(format!(
                "--openings random:K takes a number of plies, not `{plies}`"
            ))
        })?;
        openings::random(rules, count, plies, seed)
    } else if spec.ends_with(".pgn") {
        openings::games(rules, &read(spec)?)
    } else if spec.ends_with(".epd") || spec.ends_with(".fen") {
        openings::positions(rules, &read(spec)?)
    } else {
        return Err(Failure::Usage(format!(
            "--openings takes random:K, a .epd file or a .pgn file, not `{spec}`"
        )));
    };
    made.map_err(|e| Failure::Usage(format!("openings {spec}: {}", e.0)))
}

/// A progress bar on standard error (games done, the score so far), and the
/// games played so far in a PGN file: a match stopped before its end keeps them.
struct Progress {
    total: usize,
    done: Mutex<usize>,
    pgn: Option<Mutex<std::fs::File>>,
}

impl Progress {
    /// The file `pgn` is made before the first game: a path it cannot be
    /// written to is an error before hours of play, not after.
    fn new(total: usize, pgn: Option<&str>) -> Result<Progress, Failure> {
        let made = |path: &str| {
            std::fs::File::create(path)
                .map_err(|e| Failure::Usage(format!("cannot write {path}: {e}")))
        };
        Ok(Progress {
            total,
            done: Mutex::new(0),
            pgn: pgn.map(made).transpose()?.map(Mutex::new),
        })
    }

    fn tick(&self, game: &GameOutcome, tally: &Tally) {
        if let Some(Ok(mut file)) = self.pgn.as_ref().map(Mutex::lock) {
            use std::io::Write;
            // a failure here shows when the file is written in full at the end
            let _ = file.write_all(format!("{}\n", game.pgn).as_bytes());
        }
        let Ok(mut done) = self.done.lock() else {
            return;
        };
        *done += 1;
        let width = 30;
        let filled = width * *done / self.total.max(1);
        errout!(
            "\r[{}{}] {}/{} games  +{} ={} -{}",
            "#".repeat(filled),
            " ".repeat(width - filled),
            *done,
            self.total,
            tally.wins,
            tally.draws,
            tally.losses
        );
    }
}

fn merge(args: &MatchArgs) -> Result<(), Failure> {
    let mut records = Vec::new();
    for path in &args.merge {
        let text = read(path)?;
        let record: MatchRecord = serde_json::from_str(&text)
            .map_err(|e| Failure::Usage(format!("{path} is not a match record: {e}")))?;
        records.push(record);
    }
    let merged = MatchRecord::merge(records).map_err(|e| Failure::Usage(e.0))?;
    finish(&merged, args, None)
}

/// The report, and the files asked for.
fn finish(record: &MatchRecord, args: &MatchArgs, sprt: Option<Sprt>) -> Result<(), Failure> {
    if let Some(path) = &args.pgn {
        write_games(path, &record.games)?;
    }
    if let Some(path) = &args.record {
        let text = serde_json::to_string_pretty(record)
            .map_err(|e| Failure::Usage(format!("cannot write the record: {e}")))?;
        write(path, &text)?;
    }
    print_report(record, sprt);
    Ok(())
}

/// The games as one PGN file, in their order.
pub(crate) fn write_games(path: &str, games: &[GameOutcome]) -> Result<(), Failure> {
    let text: String = games.iter().map(|g| g.pgn.clone() + "\n").collect();
    write(path, &text)
}

pub(crate) fn write(path: &str, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| Failure::Usage(format!("cannot write {path}: {e}")))
}

fn print_report(record: &MatchRecord, sprt: Option<Sprt>) {
    let s = record.summary();
    let [first, second] = &record.players;
    outln!(
        "{} games of {} ({} planned)",
        record.games.len(),
        record.variant,
        record.games_planned
    );
    let missing = record.missing_shards();
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(|m| (m + 1).to_string()).collect();
        outln!(
            "shards missing: {} of {}",
            list.join(", "),
            record.shard_count
        );
    }
    if first == second {
        outln!("{first} on both sides: each opening played once");
    } else {
        outln!("{first} against {second}");
        outln!(
            "  W/D/L {}  score {}",
            wdl(&s.first),
            percent(s.first.score())
        );
        if let Some(e) = s.first.elo() {
            outln!("  Elo {}", elo_text(e));
        }
    }
    outln!(
        "White against Black: {}  White's score {}",
        wdl(&s.white),
        percent(s.white.score())
    );
    if let Some(e) = s.white.elo() {
        outln!("  the first move's worth in Elo: {}", elo_text(e));
    }
    outln!("average length {:.1} plies", s.average_plies);
    outln!("endings:");
    for (ending, n) in &s.endings {
        outln!("  {ending}: {n}");
    }
    if let Some(t) = sprt {
        let (low, high) = t.bounds();
        let llr = t.llr(&s.first);
        let verdict = if llr >= high {
            format!("H1 accepted: {first} is {} Elo or more stronger", t.elo1)
        } else if llr <= low {
            format!("H0 accepted: {first} is at most {} Elo stronger", t.elo0)
        } else {
            "undecided".to_string()
        };
        outln!(
            "SPRT [{}, {}]: LLR {llr:.2} ({low:.2}, {high:.2}) {verdict}",
            t.elo0,
            t.elo1
        );
    }
}

/// `+35.2 ± 20.1 (95 %)`; a score of all or nothing as `+inf (every game won)`;
/// where the interval is unbounded on one side, its other end:
/// `-394.1, below -217.1 (95 %)`.
fn elo_text(e: Elo) -> String {
    if !e.difference.is_finite() {
        let text = if e.difference > 0.0 {
            "+inf (every game won)"
        } else {
            "-inf (every game lost)"
        };
        return text.to_string();
    }
    let difference = e.difference + 0.0; // no `-0.0`
    if e.error.is_finite() {
        format!("{difference:+.1} ± {:.1} (95 %)", e.error)
    } else if e.high.is_finite() {
        format!("{difference:+.1}, below {:+.1} (95 %)", e.high)
    } else if e.low.is_finite() {
        format!("{difference:+.1}, above {:+.1} (95 %)", e.low)
    } else {
        format!("{difference:+.1}, anywhere (95 %)")
    }
}

/// Wins, draws and losses: `6/0/0`.
fn wdl(t: &Tally) -> String {
    format!("{}/{}/{}", t.wins, t.draws, t.losses)
}

fn percent(score: Option<f64>) -> String {
    score.map_or("-".into(), |s| format!("{:.1} %", s * 100.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interval_unbounded_on_one_side_is_shown_by_its_other_end() {
        let text = |t: Tally| elo_text(t.elo().expect("games"));
        assert_eq!(text(Tally::new(6, 3, 1)), "+190.8 ± 256.7 (95 %)");
        assert_eq!(text(Tally::new(1, 1, 14)), "-394.1, below -217.1 (95 %)");
        assert_eq!(text(Tally::new(14, 1, 1)), "+394.1, above +217.1 (95 %)");
        assert_eq!(text(Tally::new(6, 0, 0)), "+inf (every game won)");
    }
}
