//! `vdl tune`: the evaluation fitted to the definition's own self-play games,
//! printed (or written into the definition) as an `evaluation` section.

use super::matches::write;
use super::values::games_to_learn_from;
use crate::cli::TuneArgs;
use crate::protocols::uci_engine::{Go, UciEngine};
use crate::Failure;
use vdl::referee::matches::tune::{judged, tune, tune_samples, TuneSample, Tuned};
use vdl::referee::matches::Player;
use vdl::search::eval::terms;
use vdl::search::terms::{
    attack_feature, centrality_feature, exposure_feature, feature, safety_feature, shelter_feature,
    threats_feature, Geometry, Term,
};
use vdl::Ruleset;

/// Fits on games drawn anew, for each weight's error.
const RESAMPLES: usize = 30;

pub(crate) fn run_tune(args: &TuneArgs) -> Result<(), Failure> {
    let learned = games_to_learn_from(&args.play)?;
    let rules = &learned.rules;
    let geometry = Geometry::new(rules, true);
    let mut samples =
        tune_samples(rules, &geometry, &learned.games, learned.skip).map_err(Failure::Usage)?;
    let judged_by = match &args.judge {
        Some(command) => Some(judge_all(args, rules, command, &mut samples)?),
        None => None,
    };
    let resampled = (RESAMPLES, args.play.seed);
    let tuned = tune(rules, &terms(rules), &samples, resampled).map_err(Failure::Usage)?;
    let source = match &args.play.from_pgn {
        Some(_) => learned.source.clone(),
        None => format!(
            "{} self-play games at {} nodes a move (openings {}, seed {})",
            args.play.games,
            args.play.nodes.max(1),
            args.play.openings,
            args.play.seed
        ),
    };
    let source = match judged_by {
        Some(name) => format!(
            "{source}, each position scored by {name} at {} nodes",
            args.judge_nodes.max(1)
        ),
        None => source,
    };
    let text = section(rules, &source, &tuned);
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

/// Scores every sample by the judge's search of it, on `--concurrency` engines
/// (default: one per core), each judging a share of the positions: the judge's
/// name.
fn judge_all(
    args: &TuneArgs,
    rules: &Ruleset,
    command: &str,
    samples: &mut [TuneSample],
) -> Result<String, Failure> {
    let stem = std::path::Path::new(&args.play.file)
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let engines = (args.play.concurrency)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, samples.len().max(1));
    let share = samples.len().div_ceil(engines).max(1);
    let go = Go::Nodes(args.judge_nodes.max(1));
    let judge_share = |part: &mut [TuneSample]| -> Result<String, String> {
        let mut engine = UciEngine::start(command, (rules, &stem), &[], go)?;
        for s in part.iter_mut() {
            s.score = judged(engine.judge(&s.fen)?, s.white_to_move);
        }
        Ok(engine.name())
    };
    let judge_share = &judge_share;
    let names: Vec<Result<String, String>> = std::thread::scope(|scope| {
        let running: Vec<_> = (samples.chunks_mut(share))
            .map(|part| scope.spawn(move || judge_share(part)))
            .collect();
        (running.into_iter())
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("a judge's thread failed".into()))
            })
            .collect()
    });
    let mut name = command.to_string();
    for n in names {
        name = n.map_err(|e| Failure::Usage(format!("the judge: {e}")))?;
    }
    Ok(name)
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
        ];
        let given: Vec<String> = words
            .iter()
            .filter(|(term, ..)| tuned.fitted[feature(*term, k, kinds)])
            .map(|(_, word, v)| format!("{word} {v}"))
            .collect();
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
    if tuned.fitted[threats_feature(kinds)] {
        text += &format!("  threats {}\n", t.threats);
    }
    text + "}\n"
}
