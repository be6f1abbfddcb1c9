//! `vdl referee`: a game record checked move by move, its result, as text, JSON or
//! PGN.

use crate::commands::position::to_json;
use crate::draw::text::diagram;
use crate::report::{load, render_after};
use crate::Failure;
use vdl::referee;
use vdl::Position;

#[derive(serde::Serialize)]
pub(crate) struct RefereeJson<'a> {
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
pub(crate) struct RecordedJson {
    score: String,
    reading: referee::Reading,
    message: String,
}

#[derive(serde::Serialize)]
pub(crate) struct ErrorJson {
    code: &'static str,
    message: String,
    line: usize,
    column: usize,
    text: String,
    help: Option<String>,
}

pub(crate) fn referee_game(
    path: &str,
    game_path: &str,
    json: bool,
    pgn: bool,
) -> Result<(), Failure> {
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
pub(crate) struct Placed<'a> {
    text: &'a str,
    lines_before: usize,
    path: &'a str,
}

/// Report one refereed game; true if it stopped at an illegal move.
pub(crate) fn referee_one(
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

pub(crate) fn referee_json<'a>(
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
