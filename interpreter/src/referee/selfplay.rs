//! Random games with invariant checks after every move: the incremental hash equals
//! the hash computed from scratch, make/unmake of every legal move restores the
//! position exactly, and every legal move's notation reads back as that move.

use super::{long_algebraic, notation, Game, Rng};
use crate::compile::Ruleset;
use crate::engine::Position;
use indexmap::IndexMap;

#[derive(Clone, Debug, Default)]
/// What a run of games between random players found.
pub struct SelfplayReport {
    /// Games played.
    pub games: usize,
    /// Plies played in all.
    pub plies: usize,
    /// Turns that dropped a piece.
    pub drops: usize,
    /// Counts of each result (`1-0 checkmate`, `unfinished`, ...), in order of first appearance.
    pub results: IndexMap<String, usize>,
}

/// An invariant that did not hold, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvariantFailure {
    /// The game's number.
    pub game: usize,
    /// The position where it happened.
    pub fen: String,
    /// What happened.
    pub message: String,
}

impl std::fmt::Display for InvariantFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {}: {} at {}", self.game, self.message, self.fen)
    }
}

impl std::error::Error for InvariantFailure {}

/// Play `games` games of random legal moves, checking each position.
pub fn selfplay(
    rules: &Ruleset,
    games: usize,
    seed: u64,
    max_plies: usize,
) -> Result<SelfplayReport, InvariantFailure> {
    let mut rng = Rng::new(seed);
    let mut report = SelfplayReport::default();
    for g in 0..games {
        let array = seed.wrapping_add(g as u64);
        let mut game = Game::new(Position::start_seeded(rules, array));
        while game.result().is_none() && game.played().len() < max_plies {
            check(&game, g)?;
            let legal = game.legal_moves();
            let m = legal[rng.below(legal.len())];
            report.drops += usize::from(m.drops());
            game.play(m);
            report.plies += 1;
        }
        let key = match game.result() {
            Some(r) => format!("{} {}", r.score(), serde_reason(r)),
            None => "unfinished".to_string(),
        };
        *report.results.entry(key).or_insert(0) += 1;
        report.games += 1;
    }
    Ok(report)
}

fn serde_reason(r: &super::GameResult) -> &'static str {
    use super::EndReason::*;
    match r.reason {
        Checkmate => "checkmate",
        Stalemate => "stalemate",
        NoLegalMove => "no-legal-move",
        RoyalCaptured => "royal-captured",
        Repetition => "repetition",
        MoveRule => "move-rule",
        DeadPosition => "dead-position",
        Extinction => "extinction",
        BareKing => "bare-king",
        Reached => "reached",
        Checks => "checks",
        DoublePass => "double-pass",
        Facing => "facing",
        Counting => "counting",
        Connect => "connect",
        FullBoard => "full-board",
        PromotionStalemate => "promotion-stalemate",
        MoveRepetition => "move-repetition",
    }
}

fn check(game: &Game, g: usize) -> Result<(), InvariantFailure> {
    let fail = |message: String| InvariantFailure {
        game: g,
        fen: game.position().fen(),
        message,
    };
    let mut pos = game.position().clone();
    if pos.hash() != pos.compute_hash() {
        return Err(fail(
            "the incremental hash differs from the computed one".into(),
        ));
    }
    let fen = pos.fen();
    match Position::from_fen(pos.rules(), &fen) {
        Err(e) => return Err(fail(format!("the position's FEN does not read back: {e}"))),
        Ok(back) if back.fen() != fen => {
            return Err(fail(format!("the FEN reads back as {}", back.fen())))
        }
        Ok(back) if back.hash() != pos.hash() => {
            return Err(fail("the FEN reads back with another hash".into()))
        }
        Ok(_) => {}
    }
    let legal = game.legal_moves();
    let before = pos.snapshot();
    // `read` looks a text up among `print_all`'s, so distinct texts read back;
    // one of them, chosen by the ply, goes through `read` itself.
    let texts = long_algebraic::print_all(&pos, legal);
    let mut seen = std::collections::HashSet::with_capacity(texts.len());
    if let Some(text) = texts.iter().find(|t| !seen.insert(t.as_str())) {
        return Err(fail(format!(
            "the engine notation `{text}` names two moves"
        )));
    }
    let i = game.played().len() % texts.len().max(1);
    if let Some(text) = texts.get(i) {
        if long_algebraic::read(&pos, legal, text) != Some(legal[i]) {
            return Err(fail(format!(
                "the engine notation `{text}` does not read back"
            )));
        }
    }
    for m in legal {
        pos.make(*m);
        if pos.hash() != pos.compute_hash() {
            return Err(fail(format!("hash wrong after {}", pos.move_text(m))));
        }
        pos.unmake();
        if pos.snapshot() != before {
            return Err(fail(format!(
                "unmake of {} did not restore the position",
                pos.move_text(m)
            )));
        }
        let text = notation::print(&pos, m, legal);
        // a game record splits moves at spaces: the text must stay one move there
        let in_record = super::record::parse(&text).moves;
        if !matches!(&in_record[..], [(one, _)] if *one == text) {
            return Err(fail(format!(
                "`{text}` reads as {} move(s) in a game record",
                in_record.len()
            )));
        }
        let back = notation::parse(&text).and_then(|t| notation::resolve(&mut pos, &t, legal));
        match back {
            Ok(b) if b == *m => {}
            Ok(_) => return Err(fail(format!("`{text}` reads back as another move"))),
            Err(e) => return Err(fail(format!("`{text}` does not read back: {}", e.message))),
        }
    }
    Ok(())
}
