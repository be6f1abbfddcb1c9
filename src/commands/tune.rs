//! `vdl tune`: the evaluation fitted to the definition's own self-play games,
//! printed (or written into the definition) as an `evaluation` section.

use super::matches::write;
use super::values::games_to_learn_from;
use crate::cli::TuneArgs;
use crate::Failure;
use vdl::referee::matches::tune::{tune, tune_samples, Tuned};
use vdl::search::eval::terms;
use vdl::search::terms::{
    attack_feature, centrality_feature, feature, safety_feature, shelter_feature, threats_feature,
    Geometry, Term,
};
use vdl::Ruleset;

/// Fits on games drawn anew, for each weight's error.
const RESAMPLES: usize = 30;

pub(crate) fn run_tune(args: &TuneArgs) -> Result<(), Failure> {
    let learned = games_to_learn_from(&args.play)?;
    let rules = &learned.rules;
    let geometry = Geometry::new(rules, true);
    let samples =
        tune_samples(rules, &geometry, &learned.games, learned.skip).map_err(Failure::Usage)?;
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
    if tuned.fitted[attack_feature(kinds)] {
        text += &format!("  attack {}\n", t.attack);
    }
    if tuned.fitted[threats_feature(kinds)] {
        text += &format!("  threats {}\n", t.threats);
    }
    text + "}\n"
}
