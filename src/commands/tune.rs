//! `vdl tune`: the evaluation fitted to the definition's own self-play games,
//! printed (or written into the definition) as an `evaluation` section.

use super::matches::write;
use super::values::games_to_learn_from;
use crate::cli::TuneArgs;
use crate::protocols::uci_engine::{Go, UciEngine};
use crate::Failure;
use vdl::referee::matches::tune::{judged, tune, tune_samples, TuneSample, Tuned};
use vdl::referee::matches::tune_network::tune_network;
use vdl::referee::matches::Player;
use vdl::search::eval::terms;
use vdl::search::terms::{
    attack_feature, centrality_feature, exposure_feature, feature, safety_feature, shelter_feature,
    threats_feature, Geometry, Term, Terms,
};
use vdl::Ruleset;

/// Fits on games drawn anew, for each weight's error.
const RESAMPLES: usize = 30;

pub(crate) fn run_tune(args: &TuneArgs) -> Result<(), Failure> {
    let learned = games_to_learn_from(&args.play)?;
    let rules = &learned.rules;
    let geometry = Geometry::new(rules, true);
    // a network reads the positions, not the terms' features
    let described = args.network.is_none().then_some(&geometry);
    let mut samples =
        tune_samples(rules, described, &learned.games, learned.skip).map_err(Failure::Usage)?;
    let judged_by = match &args.judge {
        Some(command) => Some(judge_all(args, rules, command, &mut samples)?),
        None => None,
    };
    if let Some(hidden) = args.network {
        let source = describe(args, &learned.source, judged_by);
        return run_network(args, rules, &samples, usize::from(hidden), &source);
    }
    let resampled = (RESAMPLES, args.play.seed);
    let tuned = tune(rules, &terms(rules), &samples, resampled).map_err(Failure::Usage)?;
    let source = describe(args, &learned.source, judged_by);
    let text = section(rules, &source, &tuned);
    let (before, after) = tuned.held_out_loss;
    if after > before {
        errln!(
            "the tuned weights predict the held-out games worse than those in use \
             ({after:.4} against {before:.4} mean log loss): keep the section in use, \
             or tune on more games"
        );
    }
    if !args.write {
        out!("{text}");
        return Ok(());
    }
    let path = &args.play.file;
    let old = vdl::read_source(std::path::Path::new(path))
        .map_err(|e| Failure::Usage(format!("cannot read {path}: {e}")))?;
    let new = match vdl::evaluation_section(&old) {
        Some(range) => format!(
            "{}{}{}",
            &old[..range.start],
            text.trim_end(),
            &old[range.end..]
        ),
        None => format!("{}\n\n{text}", old.trim_end()),
    };
    write(path, &new)?;
    errln!("wrote the tuned `evaluation` section into {path}");
    Ok(())
}

/// Where the positions came from and how they were scored, for the section's
/// first lines.
fn describe(args: &TuneArgs, games: &str, judged_by: Option<String>) -> String {
    let source = match &args.play.from_pgn {
        Some(_) => games.to_string(),
        None => format!(
            "{} self-play games at {} nodes a move (openings {}, seed {})",
            args.play.games,
            args.play.nodes.max(1),
            args.play.openings,
            args.play.seed
        ),
    };
    match judged_by {
        Some(name) => format!(
            "{source}, each position scored by {name} at {} nodes",
            args.judge_nodes.max(1)
        ),
        None => source,
    }
}

/// `--network N`: the network fitted and written beside the definition, and
/// named in its `evaluation` section with `--write` (else the line to add is
/// printed).
fn run_network(
    args: &TuneArgs,
    rules: &Ruleset,
    samples: &[TuneSample],
    hidden: usize,
    source: &str,
) -> Result<(), Failure> {
    let fitted = tune_network(rules, samples, hidden, args.play.seed).map_err(Failure::Usage)?;
    let (fitted_on, held) = fitted.positions;
    let (before, after) = fitted.held_out_loss;
    let passes: Vec<String> = fitted.passes.iter().map(|l| format!("{l:.4}")).collect();
    let comment = [
        format!("`vdl tune --network {hidden}`: {source};"),
        format!("{fitted_on} quiet positions fitted; on {held} held out, the mean squared error"),
        format!(
            "of the chances is {before:.4} with the evaluation before and {after:.4} with this"
        ),
        format!("(after each pass over the positions: {})", passes.join(" ")),
    ];
    let path = std::path::Path::new(&args.play.file);
    let name = network_file_name(path);
    let net_path = path.with_file_name(&name);
    write(
        &net_path.display().to_string(),
        &fitted.network.to_text(&comment),
    )?;
    errln!("wrote the network to {}", net_path.display());
    if after > before {
        errln!(
            "the network predicts the held-out games worse than the evaluation in use \
             ({after:.4} against {before:.4}): keep the evaluation in use, or fit on more games"
        );
    }
    let line = format!("network \"{name}\"");
    if !args.write {
        out!("evaluation {{ {line} }}\n");
        return Ok(());
    }
    let file = &args.play.file;
    let old =
        vdl::read_source(path).map_err(|e| Failure::Usage(format!("cannot read {file}: {e}")))?;
    let new = match (vdl::network_name(&old), vdl::evaluation_section(&old)) {
        (Some(at), _) => format!("{}{name}{}", &old[..at.start], &old[at.end..]),
        (None, Some(section)) => {
            let open = old[section.clone()]
                .find('{')
                .map_or(section.end, |i| section.start + i + 1);
            format!("{}\n  {line}{}", &old[..open], &old[open..])
        }
        (None, None) => format!("{}\n\nevaluation {{\n  {line}\n}}\n", old.trim_end()),
    };
    write(file, &new)?;
    errln!("named the network in {file}'s `evaluation` section");
    Ok(())
}

/// The network's file name beside `definition`: its name with `.net` for `.vdl`,
/// any character a `network` name may not hold made `-`.
fn network_file_name(definition: &std::path::Path) -> String {
    let stem = definition
        .file_stem()
        .map_or("network".into(), |s| s.to_string_lossy());
    let plain: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!("{}.net", plain.trim_start_matches('.'))
}

/// Scores every sample by the judge's search of it, on `--concurrency` engines
/// (default: one per core), each judging a share of the positions, except those
/// `--judged` keeps: the judge's name.
fn judge_all(
    args: &TuneArgs,
    rules: &Ruleset,
    command: &str,
    samples: &mut [TuneSample],
) -> Result<String, Failure> {
    let mut kept = match &args.judged {
        Some(path) => Judged::read(path, args.judge_nodes.max(1))?,
        None => Judged::default(),
    };
    let mut fresh: Vec<String> = (samples.iter())
        .filter(|s| !kept.scores.contains_key(&s.fen))
        .map(|s| s.fen.clone())
        .collect();
    fresh.sort_unstable();
    fresh.dedup();
    if !fresh.is_empty() || kept.name.is_empty() {
        let (scores, name) = judge_fens(args, rules, command, &fresh)?;
        kept.scores.extend(fresh.into_iter().zip(scores));
        kept.name = name;
        if let Some(path) = &args.judged {
            kept.write(path, args.judge_nodes.max(1))?;
        }
    }
    for s in samples.iter_mut() {
        if let Some(&cp) = kept.scores.get(&s.fen) {
            s.score = judged(cp, s.white_to_move);
        }
    }
    Ok(kept.name)
}

/// The judge's scores of `fens` (for the side to move there), and its name.
fn judge_fens(
    args: &TuneArgs,
    rules: &Ruleset,
    command: &str,
    fens: &[String],
) -> Result<(Vec<i32>, String), Failure> {
    let stem = std::path::Path::new(&args.play.file)
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let engines = (args.play.concurrency)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, fens.len().max(1));
    let share = fens.len().div_ceil(engines).max(1);
    let go = Go::Nodes(args.judge_nodes.max(1));
    let judge_share = |part: &[String]| -> Result<(Vec<i32>, String), String> {
        let mut engine = UciEngine::start(command, (rules, &stem), &[], go)?;
        let scores = part.iter().map(|fen| engine.judge(fen));
        Ok((scores.collect::<Result<_, _>>()?, engine.name()))
    };
    let judge_share = &judge_share;
    let parts: Vec<Result<(Vec<i32>, String), String>> = std::thread::scope(|scope| {
        let running: Vec<_> = if fens.is_empty() {
            vec![scope.spawn(move || judge_share(&[]))]
        } else {
            (fens.chunks(share))
                .map(|part| scope.spawn(move || judge_share(part)))
                .collect()
        };
        (running.into_iter())
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a judge's thread failed".into()))
            })
            .collect()
    });
    let (mut scores, mut name) = (Vec::with_capacity(fens.len()), command.to_string());
    for part in parts {
        let (s, n) = part.map_err(|e| Failure::Usage(format!("the judge: {e}")))?;
        scores.extend(s);
        name = n;
    }
    Ok((scores, name))
}

/// The judge's scores kept in a file: its name, then a line per position, its
/// FEN and the score for the side to move, a tab between them.
#[derive(Default)]
struct Judged {
    name: String,
    scores: std::collections::HashMap<String, i32>,
}

/// The first line's words before the judge's name and after it.
const JUDGED_HEAD: (&str, &str) = ("# vdl tune: scores by ", " at ");

impl Judged {
    /// The scores kept at `path` (none yet: none), made at `nodes` nodes.
    fn read(path: &str, nodes: u64) -> Result<Judged, Failure> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Judged::default()),
            Err(e) => return Err(Failure::Usage(format!("cannot read {path}: {e}"))),
        };
        let bad = |line: usize, what: &str| {
            Failure::Usage(format!("{path}:{line}: {what}; it is not a file of the judge's scores that `vdl tune --judged` wrote"))
        };
        let mut lines = text.lines();
        let head = lines.next().unwrap_or_default();
        let (name, at) = (head.strip_prefix(JUDGED_HEAD.0))
            .and_then(|rest| rest.rsplit_once(JUDGED_HEAD.1))
            .ok_or_else(|| bad(1, "the first line names no judge"))?;
        if at != format!("{nodes} nodes") {
            return Err(Failure::Usage(format!(
                "{path} keeps scores at {at}, not at {nodes} nodes: give --judge-nodes as they were, or another file"
            )));
        }
        let mut scores = std::collections::HashMap::new();
        for (i, line) in lines.enumerate() {
            let (fen, cp) = line.split_once('\t').ok_or_else(|| bad(i + 2, "no tab"))?;
            let cp = cp
                .parse::<i32>()
                .map_err(|_| bad(i + 2, "no score after the tab"))?;
            scores.insert(fen.to_string(), cp);
        }
        Ok(Judged {
            name: name.to_string(),
            scores,
        })
    }

    fn write(&self, path: &str, nodes: u64) -> Result<(), Failure> {
        let mut fens: Vec<(&String, &i32)> = self.scores.iter().collect();
        fens.sort_unstable();
        let (before, after) = JUDGED_HEAD;
        let mut text = format!("{before}{}{after}{nodes} nodes\n", self.name);
        for (fen, cp) in fens {
            text += &format!("{fen}\t{cp}\n");
        }
        write(path, &text)
    }
}

/// A kind's tables: `cells { ... }`, and `endgame-cells { ... }` where that
/// differs.
fn cells_tables(rules: &Ruleset, t: &Terms, kind: usize) -> Vec<String> {
    let cells = rules.cell_count();
    let own = |table: &[i32]| table[kind * cells..(kind + 1) * cells].to_vec();
    let (early, late) = (own(&t.cells), own(&t.endgame_cells));
    let mut out: Vec<String> = cells_table(rules, &early, "cells").into_iter().collect();
    if early != late {
        let table = cells_table(rules, &late, "endgame-cells");
        out.push(table.unwrap_or_else(|| "endgame-cells { }".into()));
    }
    out
}

/// A kind's table of cells (`own`) under `word`: the cells that add something, a
/// rank a line, from White's side.
fn cells_table(rules: &Ruleset, own: &[i32], word: &str) -> Option<String> {
    let mut lines: Vec<(i32, Vec<String>)> = Vec::new();
    for (c, &v) in own.iter().enumerate().filter(|(_, &v)| v != 0) {
        let rank = rules.board.cells[c].rank;
        let entry = format!("{} {v}", rules.cell_name(c as vdl::Cell));
        match lines.last_mut() {
            Some((r, line)) if *r == rank => line.push(entry),
            _ => lines.push((rank, vec![entry])),
        }
    }
    if lines.is_empty() {
        return None;
    }
    let rows: Vec<String> = (lines.iter())
        .map(|(_, line)| format!("    {}\n", line.join(" ")))
        .collect();
    Some(format!("{word} {{\n{}  }}", rows.concat()))
}

/// The tuned terms as a section, with how they were found in its first lines.
fn section(rules: &Ruleset, source: &str, tuned: &Tuned) -> String {
    let (fitted, held) = tuned.positions;
    let (before, after) = tuned.held_out_loss;
    let mut text = format!(
        "evaluation {{\n  // `vdl tune`: {source};\n  \
         // {fitted} quiet positions fitted; on {held} held out, the mean log loss\n  \
         // is {before:.4} with the weights before and {after:.4} with these\n"
    );
    // the section replaces the one in use, which the network stays in
    if let Some((name, _)) = &rules.definition.evaluation.network {
        text += &format!("  network \"{name}\"\n");
    }
    let kinds = rules.kinds;
    let width = (0..kinds)
        .map(|k| rules.definition.pieces[k].name.len())
        .max()
        .unwrap_or(0);
    let t = &tuned.terms;
    for k in 0..kinds {
        let words = [
            (Term::Value, "value", t.value[k]),
            (Term::Hand, "hand", t.hand[k]),
            (Term::Mobility, "mobility", t.mobility[k]),
            (Term::Advance, "advance", t.advance_quarters[k] / 4),
            (Term::Isolated, "isolated", t.isolated[k]),
            (Term::Doubled, "doubled", t.doubled[k]),
            (Term::Pair, "pair", t.pair[k]),
        ];
        let mut given: Vec<String> = words
            .iter()
            .filter(|(term, ..)| tuned.fitted[feature(*term, k, kinds)])
            // a pair of 0 is what a kind without one counts
            .filter(|&&(term, _, v)| term != Term::Pair || v != 0)
            .map(|(_, word, v)| format!("{word} {v}"))
            .collect();
        given.extend(cells_tables(rules, t, k));
        if !given.is_empty() {
            let name = &rules.definition.pieces[k].name;
            text += &format!("  {name:<width$} {}\n", given.join(" "));
        }
    }
    if tuned.fitted[safety_feature(kinds)] {
        text += &format!("  safety {}\n", t.safety);
    }
    if tuned.fitted[shelter_feature(kinds)] {
        text += &format!("  shelter {}\n", t.shelter);
    }
    if tuned.fitted[centrality_feature(kinds)] {
        text += &format!("  centrality {}\n", t.centrality);
    }
    if tuned.fitted[exposure_feature(kinds)] {
        text += &format!("  exposure {}\n", t.exposure);
    }
    if tuned.fitted[attack_feature(kinds)] {
        text += &format!("  attack {}\n", t.attack);
    }
    // the attack's count, as the features were counted
    let given = &rules.definition.evaluation;
    if given.weak_cells.is_some() {
        text += &format!("  weak-cells {}\n", t.weak_cells);
    }
    if given.safe_checks.is_some() {
        text += &format!("  safe-checks {}\n", t.safe_checks);
    }
    if tuned.fitted[threats_feature(kinds)] {
        text += &format!("  threats {}\n", t.threats);
    }
    text + "}\n"
}
