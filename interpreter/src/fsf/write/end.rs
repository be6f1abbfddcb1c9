//! The `end` section written from Fairy-Stockfish's results.

use super::super::pieces;
use super::{inverse, outcome, Writer};
use crate::diagnostic::Diagnostic;
use crate::fsf::variant::Value;
use crate::fsf::{Item, ItemKey};

impl Writer<'_> {
    /// `shatarMateRule`: a mate by knights alone wins for the mated player; a mate
    /// whose series of checks had none by a knight, rook or bers draws.
    fn shatar_mate(&self) -> String {
        if !self.v.shatar_mate_rule {
            return String::new();
        }
        let knights = self.kinds_of("knight");
        let shak = self.shak_kinds();
        let mut text = String::new();
        if !knights.is_empty() {
            text.push_str(&format!(" alone {} win", knights.join(" ")));
        }
        if !shak.is_empty() {
            text.push_str(&format!(" series {} else draw", shak.join(" ")));
        }
        text
    }

    /// The kinds whose checks are shak: Fairy-Stockfish's knight, rook and bers.
    fn shak_kinds(&self) -> Vec<String> {
        (["knight", "rook", "bers"].iter())
            .flat_map(|k| self.kinds_of(k))
            .collect()
    }

    /// What Fairy-Stockfish's flipping keys mean that vdl does not say: flips beside
    /// a king (which Fairy-Stockfish refuses to play), a pass when stuck for one side
    /// only.
    pub(super) fn check_flipping(&self) -> Result<(), Diagnostic> {
        let v = self.v;
        let span = v.start_fen.1;
        let king = self.used.iter().any(|k| k == "king");
        let refusal = if v.flip.is_some() && king {
            Some((
                "flips beside a king, which Fairy-Stockfish does not play",
                "flipEnclosedPieces",
            ))
        } else if v.pass_on_stalemate[0] != v.pass_on_stalemate[1] {
            Some((
                "a pass when stuck for one side only is not expressed",
                "passOnStalemate",
            ))
        } else {
            None
        };
        match refusal {
            Some((message, label)) => Err(self.refusal(span, message.into(), label)),
            None => Ok(()),
        }
    }

    pub(super) fn end(&mut self) -> Result<(), Diagnostic> {
        let v = self.v;
        let mut lines: Vec<String> = Vec::new();
        let royal = self.used.iter().any(|k| k == "king") || self.pseudo_royal.is_some();
        if royal {
            // with no piece that gives a shak, every mate is a draw
            let mate = if v.shatar_mate_rule && self.shak_kinds().is_empty() {
                "draw"
            } else {
                outcome(v.checkmate_value)
            };
            lines.push(format!("checkmate {mate}{}", self.shatar_mate()));
        }
        let fewer = if v.stalemate_piece_count {
            " fewer-pieces"
        } else {
            ""
        };
        lines.push(format!(
            "stalemate {}{fewer}",
            self.drawn(v.stalemate_value)
        ));
        if v.sittuyin_promotion && self.used.iter().any(|k| k == "pawn") {
            lines.push("promotion-stalemate draw".into());
        }
        if v.n_fold_rule > 0 {
            // Fairy-Stockfish gives the result to the player to move; vdl to the one who repeated
            // perpetual check needs check: without a king it changes nothing
            let perpetual = if v.perpetual_check_illegal && royal {
                " perpetual-check loss"
            } else {
                ""
            };
            // an absolute value is White's: whoever repeats
            let result = match v.n_fold_value {
                Value::Win if v.n_fold_value_absolute => "white-wins",
                Value::Loss if v.n_fold_value_absolute => "black-wins",
                value => self.drawn(inverse(value)),
            };
            lines.push(format!("repetition {} {result}{perpetual}", v.n_fold_rule));
            if v.move_repetition_illegal {
                // checked with the n-fold rule: every kind, as no piece has a region
                lines.push("move-repetition 4 loss".to_string());
            }
        }
        if v.n_move_rule > 0 {
            lines.push(self.move_rule()?);
        }
        lines.extend(self.extinction()?);
        if !v.flag_region[0].is_empty() || !v.flag_region[1].is_empty() {
            lines.extend(self.flag()?);
        }
        if v.pass || v.pass_on_stalemate.contains(&true) {
            // two passes in a row end Fairy-Stockfish's game in a draw
            lines.push("double-pass draw".to_string());
        }
        if v.adjudicate_full_board {
            lines.push("full-board draw".to_string());
        }
        if v.unweighted_material {
            // every kind worth one: the player with more pieces on the board
            let kinds: Vec<String> = (v.pieces.iter())
                .filter(|p| self.used.contains(&p.key))
                .map(|p| format!("{} 1", pieces::name(&p.key)))
                .collect();
            lines.push(format!("points {}", kinds.join(" ")));
        }
        if v.connect_n > 0 {
            lines.push(self.connect()?);
        }
        if v.check_counting {
            lines.push(self.check_count()?);
        }
        if let Some(rule) = &v.counting_rule {
            lines.push(self.counting(rule));
        }
        self.items.push(Item {
            key: ItemKey::End,
            text: format!("end {{\n  {}\n}}", lines.join("\n  ")),
        });
        Ok(())
    }

    /// The n-move rule, and what resets it.
    fn move_rule(&self) -> Result<String, Diagnostic> {
        let (v, span) = (self.v, self.v.start_fen.1);
        // a kind only one side resets by counts for both when the other never has it
        let holds = |side: usize, key: &str| {
            self.v
                .piece(key)
                .is_some_and(|p| !self.start_cells(p, side).is_empty())
                || self.v.captures_to_hand
                || self.start.hand.as_deref().unwrap_or("").chars().any(|c| {
                    self.v.by_letter(c).is_some_and(|p| p.key == key)
                        && c.is_ascii_uppercase() == (side == 0)
                })
        };
        let types = &v.n_move_rule_types;
        let one_sided = (0..2).any(|s| {
            types[s]
                .iter()
                .any(|k| !types[1 - s].contains(k) && holds(1 - s, k))
        });
        let mut union: Vec<&String> = types[0].iter().chain(&types[1]).collect();
        union.dedup();
        // Fairy-Stockfish resets the count on such a kind's moves that cannot be undone
        let reversible = |key: &str| {
            v.piece(key)
                .and_then(|p| self.moves(p).ok())
                .is_some_and(|m| pieces::reversible(&m.0))
        };
        let kinds: Vec<String> = v
            .pieces
            .iter()
            .filter(|p| union.contains(&&p.key) && self.used.contains(&p.key))
            .map(|p| match reversible(&p.key) {
                true => format!("irreversible {}", pieces::name(&p.key)),
                false => pieces::name(&p.key),
            })
            .collect();
        if one_sided {
            return Err(self.refusal(
                span,
                "pieces that reset the move count differently for the two sides are not expressed"
                    .into(),
                "move rule",
            ));
        }
        let mut reset = if kinds.is_empty() {
            " reset-by capture".to_string()
        } else {
            format!(" reset-by capture {}", kinds.join(" "))
        };
        // Fairy-Stockfish's drops always reset the count, and so do promotions
        if v.piece_drops {
            reset.push_str(" drop");
        }
        let promoting = (v.promotion_pawn_types.iter().flatten())
            .chain(v.promoted_piece_type.iter().map(|(k, _)| k))
            .any(|k| self.used.contains(k) && (!union.contains(&k) || reversible(k)));
        if promoting {
            reset.push_str(" promotion");
        }
        let result = self.drawn(Value::Draw);
        Ok(format!("move-rule {} {result}{reset}", v.n_move_rule))
    }

    /// A value of a rule that may end in a draw: under draw odds, the draw is a win
    /// for that colour.
    fn drawn(&self, value: Value) -> &'static str {
        match (value, self.v.draw_odds) {
            (Value::Draw, Some(0)) => "white-wins",
            (Value::Draw, Some(_)) => "black-wins",
            (value, _) => outcome(value),
        }
    }

    /// Extinction, as Fairy-Stockfish applies it.
    fn extinction(&self) -> Result<Option<String>, Diagnostic> {
        let (v, span) = (self.v, self.v.start_fen.1);
        // Fairy-Stockfish's extinction does not apply to a pseudo-royal piece, which
        // cannot be taken, unless captures explode
        let extinction = v
            .extinction_value
            .filter(|_| self.pseudo_royal.is_none() || v.blast_on_capture);
        if let Some(value) = extinction {
            if v.extinction_piece_count > 0 && self.pseudo_royal.is_some() {
                return Err(self.refusal(
                    span,
                    "an extinction count beside a pseudo-royal piece is not expressed".into(),
                    "extinction",
                ));
            }
            // at most N left is fewer than N + 1
            let opponent = match v.extinction_opponent_piece_count {
                0 => String::new(),
                n => format!("opponent-has {n} "),
            };
            let value = match v.extinction_piece_count {
                0 => format!("{opponent}{}", outcome(value)),
                n => format!("below {} {opponent}{}", n + 1, outcome(value)),
            };
            match &v.extinction_piece_types {
                None => return Ok(Some(format!("extinction {value}"))),
                Some(kinds) if !kinds.is_empty() => {
                    if let Some(k) = kinds.iter().find(|k| self.kinds_of(k).is_empty()) {
                        return Err(self.refusal(span, format!("`{k}`, which the game never has, is an extinction type: the game would end before it starts"), "extinction"));
                    }
                    let names: Vec<String> = kinds.iter().flat_map(|k| self.kinds_of(k)).collect();
                    if !names.is_empty() {
                        return Ok(Some(format!("extinction {} {value}", names.join(" "))));
                    }
                }
                Some(_) => {}
            }
        }
        Ok(None)
    }

    /// The flag region: reaching it wins.
    fn flag(&mut self) -> Result<Option<String>, Diagnostic> {
        let v = self.v;
        let side = if v.flag_region[0].is_empty() { 1 } else { 0 };
        let kinds: Vec<String> = match &v.flag_piece[side] {
            Some(k) => self.kinds_of(k),
            None => self
                .items
                .iter()
                .filter_map(|i| match &i.key {
                    ItemKey::Piece(name) => Some(name.clone()),
                    _ => None,
                })
                .collect(),
        };
        if !kinds.is_empty() {
            let zone = self.zone("flag", &v.flag_region.clone());
            // Fairy-Stockfish's extra move is Racing Kings' for a king, else a wait
            // for the player's next turn
            let king = v.flag_piece[side].as_deref() == Some("king");
            let after = match (v.flag_move, v.flag_piece_safe) {
                (true, false) if king => " after-reply",
                (true, false) => " held",
                (true, true) => " held safe",
                (false, true) => " safe",
                (false, false) => "",
            };
            let count = if v.flag_piece_count > 1 {
                format!(" {}", v.flag_piece_count)
            } else {
                String::new()
            };
            return Ok(Some(format!(
                "reach {zone} {}{count} win{after}",
                kinds.join(" ")
            )));
        }
        Ok(None)
    }

    /// A line of pieces connected.
    fn connect(&self) -> Result<String, Diagnostic> {
        let (v, span) = (self.v, self.v.start_fen.1);
        let kinds: Vec<String> = v
            .connect_piece_types
            .iter()
            .flatten()
            .flat_map(|k| self.kinds_of(k))
            .collect();
        let list = if kinds.is_empty() {
            String::new()
        } else {
            format!(" {}", kinds.join(" "))
        };
        if v.connect_n == 1 {
            return Err(self.refusal(span, "a line of one piece is not a line".into(), "connectN"));
        }
        Ok(format!(
            "connect {}{list} {}",
            v.connect_n,
            outcome(v.connect_value)
        ))
    }

    /// `countingRule`: Fairy-Stockfish's counts, by its pawn, rook, khon (silver)
    /// and knight types; a case of a type the variant lacks never applies.
    fn counting(&self, rule: &str) -> String {
        let one = |key: &str| (self.used.iter().any(|k| k == key)).then(|| pieces::name(key));
        let pawn = one("pawn").map(|p| format!("without {p}"));
        let (board, cases, bare_else, from) = match rule {
            "asean" => (
                None,
                vec![("rook", 1, 16), ("silver", 1, 44), ("knight", 1, 64)],
                None,
                "",
            ),
            "cambodian" => (
                Some("board 63 up-to 3"),
                vec![
                    ("rook", 2, 7),
                    ("rook", 1, 15),
                    ("silver", 2, 21),
                    ("knight", 2, 31),
                    ("silver", 1, 43),
                ],
                Some(63),
                " from-pieces",
            ),
            _ => (
                Some("board 64"),
                vec![
                    ("rook", 2, 8),
                    ("rook", 1, 16),
                    ("silver", 2, 22),
                    ("knight", 2, 32),
                    ("silver", 1, 44),
                ],
                Some(64),
                " from-pieces",
            ),
        };
        let mut bare = format!("bare{from}");
        for (key, n, limit) in cases {
            if let Some(name) = one(key) {
                bare.push_str(&format!(" {} {limit}", vec![name; n].join(" ")));
            }
        }
        if let Some(n) = bare_else {
            bare.push_str(&format!(" else {n}"));
        }
        let mut parts: Vec<String> = Vec::new();
        if rule == "cambodian" {
            parts.extend(board.map(String::from));
            if let Some(p) = &pawn {
                bare.push_str(&format!(" {p}"));
            }
        } else {
            parts.extend(pawn);
            parts.extend(board.map(String::from));
        }
        parts.push(bare);
        format!("counting draw {{ {} }}", parts.join("  "))
    }

    /// The checks each side must give.
    fn check_count(&self) -> Result<String, Diagnostic> {
        let span = self.v.start_fen.1;
        // without counts in the FEN, Fairy-Stockfish's next check wins
        let counts = self.start.checks.clone().unwrap_or_else(|| "1+1".into());
        let (w, b) = counts.split_once('+').unwrap_or(("", ""));
        match (w.parse::<u32>(), b.parse::<u32>()) {
            (Ok(w), Ok(b)) if w == b && w > 0 => Ok(format!("checks {w} win")),
            _ => Err(self.refusal(span, format!("the check counts `{counts}` are not expressed (both sides must give the same number)"), "check counting")),
        }
    }
}
