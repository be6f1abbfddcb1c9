//! The players of a match: anything that chooses a move, and vdl's own search.

use super::super::{ai, long_algebraic, Game};
use super::Opening;
use crate::compile::Ruleset;
use crate::engine::Move;
use crate::search::{Limits, Searcher};

/// A player of a match.
pub trait Player {
    /// The name written in reports and PGN tags.
    fn name(&self) -> String;
    /// A new game begins.
    fn new_game(&mut self) {}
    /// The move to play in `game` (one of its legal moves); an error forfeits the game.
    fn choose(&mut self, game: &Game) -> Result<Move, String>;
}

/// vdl's search with fixed limits, searching its own definition: the game's, or
/// another whose moves are written the same way (other piece values, say).
pub struct SearchPlayer<'r> {
    name: String,
    rules: &'r Ruleset,
    searcher: Searcher,
    limits: Limits,
}

impl<'r> SearchPlayer<'r> {
    /// A player named `name` that searches `rules` within `limits`.
    pub fn new(name: &str, rules: &'r Ruleset, limits: Limits) -> SearchPlayer<'r> {
        SearchPlayer {
            name: name.to_string(),
            rules,
            searcher: Searcher::new(rules, 16),
            limits,
        }
    }

    /// The game replayed under this player's definition, move by move in long
    /// algebraic notation.
    fn own_game(&self, game: &Game) -> Result<Game<'r>, String> {
        Opening::of_game(game)
            .game(self.rules)
            .map_err(|e| format!("{}: {}", self.name, e.0))
    }
}

impl Player for SearchPlayer<'_> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn choose(&mut self, game: &Game) -> Result<Move, String> {
        if std::ptr::eq(self.rules, game.rules()) {
            let found = ai::search(&mut self.searcher, game, &self.limits, &mut |_| {});
            return found
                .and_then(|f| f.best)
                .ok_or_else(|| "no move found".to_string());
        }
        let own = self.own_game(game)?;
        let found = ai::search(&mut self.searcher, &own, &self.limits, &mut |_| {});
        let best = found
            .and_then(|f| f.best)
            .ok_or_else(|| "no move found".to_string())?;
        let text = long_algebraic::print(own.position(), &best, own.legal_moves());
        long_algebraic::read(game.position(), game.legal_moves(), &text)
            .ok_or_else(|| format!("its move {text} is not legal in the game"))
    }
}
