//! A checked definition as a Fairy-Stockfish configuration section: the rules
//! FSF's format holds, or the list of those it cannot (every one, not the first).

mod counting;
mod end;
mod piece;
mod promotions;
mod setup;

use piece::{betza_of, fsf_group};

use crate::model::{Definition, PieceDef, Tiling};
use crate::syntax::{self};
use crate::Ruleset;
use std::fmt::Write as _;

/// The ini section for the definition (`name` is the section's name), or every
/// rule Fairy-Stockfish's configuration cannot hold.
pub fn export(name: &str, file: &syntax::File, rules: &Ruleset) -> Result<String, Vec<String>> {
    let mut e = Exporter {
        def: &rules.definition,
        rules,
        file,
        problems: Vec::new(),
        keys: Vec::new(),
        letters: Vec::new(),
        customs: 0,
        extra_letters: Vec::new(),
    };
    e.run();
    if !e.problems.is_empty() {
        e.problems.dedup();
        return Err(e.problems);
    }
    let mut text = format!("# {} (exported by vdl)\n[{name}]\n", e.def.name);
    for (k, v) in &e.keys {
        match k.strip_prefix("# ") {
            Some(note) => {
                let _ = writeln!(text, "# {note}: {v}");
            }
            None => {
                let _ = writeln!(text, "{k} = {v}");
            }
        }
    }
    Ok(text)
}

struct Exporter<'a> {
    def: &'a Definition,
    rules: &'a Ruleset,
    file: &'a syntax::File,
    problems: Vec<String>,
    keys: Vec<(String, String)>,
    /// Each kind's Fairy-Stockfish letter (lower case), by kind index.
    letters: Vec<Option<char>>,
    /// Custom piece slots used.
    customs: usize,
    /// Letters given to types that are not kinds of the definition (promoted ones).
    extra_letters: Vec<char>,
}

impl Exporter<'_> {
    /// The letter written for Fairy-Stockfish's type `key` (`pawn`, `rook`, ...),
    /// if a piece took that type.
    fn type_letter(&self, key: &str) -> Option<char> {
        (self.keys.iter())
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.chars().next())
    }

    fn run(&mut self) {
        self.board();
        self.not_held();
        self.pieces();
        self.promotions();
        self.castling();
        self.setup();
        self.hand();
        self.rules_of_play();
        self.first_moves();
        self.end();
    }

    fn set(&mut self, key: &str, value: impl Into<String>) {
        self.keys.push((key.to_string(), value.into()));
    }

    fn no(&mut self, what: impl Into<String>) {
        self.problems.push(what.into());
    }

    fn board(&mut self) {
        let b = &self.def.board;
        if !matches!(b.tiling, Tiling::Square) {
            self.no("a hexagonal board (Fairy-Stockfish's boards are square)");
        }
        if b.files.len() > 12 || b.ranks.len() > 10 {
            self.no(format!(
                "a board of {}x{} (Fairy-Stockfish's largest is 12x10)",
                b.files.len(),
                b.ranks.len()
            ));
        }
        self.set("maxRank", b.ranks.len().to_string());
        self.set("maxFile", b.files.len().to_string());
    }

    /// Everything of vdl's that the format has no key for.
    fn not_held(&mut self) {
        let d = self.def;
        for p in &d.pieces {
            if !p.captures.is_empty() {
                self.no(format!("{}'s capture modes (approach, withdrawal, ...): Fairy-Stockfish captures by replacement only", p.name));
            }
            if p.immobilize {
                self.no(format!("{} immobilizes", p.name));
            }
            if p.swap {
                self.no(format!("{} swaps", p.name));
            }
            if p.two_cell.is_some() {
                self.no(format!("{} stands on two cells", p.name));
            }
            if p.confined.is_some() {
                self.no(format!("{} is confined to a zone", p.name));
            }
            if (!p.cannot_capture.is_empty() && !own_kind_only(d, p)) || !p.cannot_hop.is_empty() {
                self.no(format!("{}'s `cannot-capture` or `cannot-hop`", p.name));
            }
            if p.no_facing && !p.royal {
                self.no(format!("{}'s `no-facing`", p.name));
            }
        }
        if d.drops.is_some() {
            self.no("drop queues");
        }
        if !d.shuffles.is_empty() {
            self.no("a shuffled setup");
        }
        if d.suicide {
            self.no("`suicide`");
        }
        if !d.capture_only_zones.is_empty() {
            self.no("capture-only zones");
        }
        if d.castling.iter().any(|c| c.partner.is_some()) {
            self.no("castling with a partner other than the rook's cell");
        }
    }
}

/// Whether the only kind a piece never captures is its own: Fairy-Stockfish's
/// mutual immunity (`mutuallyImmuneTypes`).
fn own_kind_only(d: &Definition, p: &PieceDef) -> bool {
    let own = d.pieces.iter().position(|q| q.name == p.name);
    p.cannot_capture.len() == 1 && own == p.cannot_capture.first().copied()
}
