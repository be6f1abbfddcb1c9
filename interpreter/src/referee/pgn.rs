//! A game written as PGN: the seven tags of the standard roster, `[Variant]` for
//! any definition but orthodox chess, `[SetUp]` and `[FEN]` when the game did not
//! start from the definition's setup, then the moves in SAN ([`super::san`]) with
//! move numbers, wrapped before 80 columns, and the result.

use super::{san, Game};
use crate::engine::Position;

/// The longest movetext line PGN allows is 255; export format keeps to 80.
const LINE: usize = 79;

/// A tag value with `\` and `"` escaped.
fn quoted(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The game as PGN; `tags` (name, value) replace the roster's `?` or are added (a
/// `Result` tag also ends the movetext: an adjudicated game).
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    let rules = game.rules();
    let mut pos = game.position().clone();
    for _ in 0..game.played().len() {
        pos.unmake();
    }
    let result = game.result().map_or("*", |r| r.score());
    let mut roster: Vec<(String, String)> = [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", result),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    // PGN readers take a game without the tag for orthodox chess, which PGN calls
    // "Standard": a definition that goes by that name needs none.
    let d = &rules.definition;
    if !super::names_variant(d, "Standard") {
        roster.push(("Variant".into(), d.name.clone()));
    }
    let start_fen = pos.fen();
    if start_fen != Position::start(rules).fen() {
        roster.push(("SetUp".into(), "1".into()));
        roster.push(("FEN".into(), start_fen));
    }
    for (k, v) in tags {
        match roster.iter_mut().find(|(name, _)| name == k) {
            Some(slot) => slot.1 = v.to_string(),
            None => roster.push((k.to_string(), v.to_string())),
        }
    }
    let mut out: String = roster
        .iter()
        .map(|(k, v)| format!("[{k} \"{}\"]\n", quoted(v)))
        .collect();
    out.push('\n');
    let mut words = movetext(&mut pos, game);
    // A result given as a tag (an adjudication) ends the movetext too.
    let result = roster
        .iter()
        .find(|(k, _)| k == "Result")
        .map_or(result.to_string(), |(_, v)| v.clone());
    words.push(result);
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > LINE {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The moves from `pos` (the game's start) in SAN, each White move (and a first
/// Black move) after its number.
fn movetext(pos: &mut Position, game: &Game) -> Vec<String> {
    let mut words = Vec::new();
    let mut legal = Vec::new();
    for (i, played) in game.played().iter().enumerate() {
        let number = pos.fullmove_number();
        let white = pos.side_to_move().index() == 0;
        if white {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        pos.legal_moves(&mut legal);
        words.push(san::write(pos, &played.mv, &legal));
        pos.make(played.mv);
    }
    words
}
