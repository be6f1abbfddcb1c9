//! Makruk's counts and Cambodian chess's first moves, exported as Fairy-Stockfish's
//! `countingRule` and `cambodianMoves`: only where the definition's rule is the
//! one Fairy-Stockfish plays, with its pawn, rook, khon (silver), knight, fers and
//! king types where the definition's kinds took them.

use super::Exporter;
use crate::check::betza;
use crate::model::{Counting, Outcome, Tiling};

impl Exporter<'_> {
    /// The kinds that took Fairy-Stockfish's type `key`.
    fn kinds_of_type(&self, key: &str) -> Vec<usize> {
        let Some(letter) = self.type_letter(key) else {
            return Vec::new();
        };
        (0..self.letters.len())
            .filter(|&k| self.letters[k] == Some(letter))
            .collect()
    }

    /// Fairy-Stockfish's count by `rule` (`makruk`, `cambodian`, `asean`) on this
    /// definition's kinds.
    fn counting_of(&self, rule: &str) -> Counting {
        let one = |key: &str| self.kinds_of_type(key).first().copied();
        let pawn: Vec<usize> = one("pawn").into_iter().collect();
        let limits: &[(&str, usize, u32)] = match rule {
            "asean" => &[("rook", 1, 16), ("silver", 1, 44), ("knight", 1, 64)],
            "cambodian" => &[
                ("rook", 2, 7),
                ("rook", 1, 15),
                ("silver", 2, 21),
                ("knight", 2, 31),
                ("silver", 1, 43),
            ],
            _ => &[
                ("rook", 2, 8),
                ("rook", 1, 16),
                ("silver", 2, 22),
                ("knight", 2, 32),
                ("silver", 1, 44),
            ],
        };
        let bare = (limits.iter())
            .filter_map(|&(key, n, limit)| Some((vec![one(key)?; n], limit)))
            .collect();
        let cambodian = rule == "cambodian";
        Counting {
            outcome: Outcome::Draw,
            without: if cambodian { Vec::new() } else { pawn.clone() },
            board: match rule {
                "asean" => None,
                "cambodian" => Some(63),
                _ => Some(64),
            },
            board_up_to: cambodian.then_some(3),
            bare_without: if cambodian { pawn } else { Vec::new() },
            bare,
            bare_else: match rule {
                "asean" => None,
                "cambodian" => Some(63),
                _ => Some(64),
            },
            from_pieces: rule != "asean",
        }
    }

    /// `countingRule`, where the definition counts as one of Fairy-Stockfish's rules.
    pub(super) fn counting(&mut self) {
        let Some(c) = &self.def.end.counting else {
            return;
        };
        match ["makruk", "cambodian", "asean"]
            .into_iter()
            .find(|rule| self.counting_of(rule) == *c)
        {
            Some(rule) => self.set("countingRule", rule),
            None => self.no(
                "a `counting` rule other than Fairy-Stockfish's Makruk, Cambodian or ASEAN counts",
            ),
        }
    }

    /// `cambodianMoves` (with `gating`, whose gates are the rights): only the king's
    /// `first-move "mfsN" not-in-check` lost to the rooks' aim, and the fers's
    /// `first-move "mfD"`.
    pub(super) fn first_moves(&mut self) {
        let d = self.def;
        if d.pieces.iter().all(|p| p.first_move.is_none()) {
            return;
        }
        let rooks = self.kinds_of_type("rook");
        let (king, fers) = (self.kinds_of_type("king"), self.kinds_of_type("fers"));
        let rules = |text: &str| betza::parse(text, Tiling::Square).unwrap_or_default();
        let mut fits = true;
        for (k, p) in d.pieces.iter().enumerate() {
            let Some(f) = &p.first_move else {
                continue;
            };
            let mut aimed = f.aimed_by.clone();
            aimed.sort_unstable();
            let as_king =
                king.contains(&k) && f.not_in_check && aimed == rooks && f.rules == rules("mfsN");
            let as_fers =
                fers.contains(&k) && !f.not_in_check && aimed.is_empty() && f.rules == rules("mfD");
            if f.lost_when_checked || !(as_king || as_fers) {
                self.no(format!(
                    "{}'s `first-move` (Fairy-Stockfish has Cambodian chess's king and fers only)",
                    p.name
                ));
                fits = false;
            }
        }
        if fits {
            self.set("gating", "true");
            self.set("cambodianMoves", "true");
        }
    }
}
