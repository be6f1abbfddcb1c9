//! Pieces exported: their Betza, custom letters, shogi-style promoted kinds.

use super::Exporter;
use crate::fsf::pieces::{self, Group};
use crate::model::{Coord, PieceDef, RoyalLast};
use crate::syntax::{self, Item, PieceProp};

/// A Betza group rewritten for Fairy-Stockfish, whose lone direction letter on an
/// oblique atom means a doubled one (`fN` is vdl's `ffN`): vdl's lone `f` is `fh`.
pub(super) fn fsf_group(g: &Group) -> Option<String> {
    let atom = g.rest.chars().next()?;
    const MODIFIERS: &str = "mcinpgfblrvsh";
    if !g.modifiers.chars().all(|c| MODIFIERS.contains(c)) || !"WFDNAHCZGKRBQ".contains(atom) {
        return None;
    }
    if !matches!(atom, 'N' | 'C' | 'Z') {
        return Some(g.text_for_fsf());
    }
    let dirs: String = g
        .modifiers
        .chars()
        .filter(|c| "fblrvsh".contains(*c))
        .collect();
    let plain: String = g
        .modifiers
        .chars()
        .filter(|c| !"fblrvsh".contains(*c))
        .collect();
    let dirs = match dirs.as_str() {
        "f" | "b" | "l" | "r" => format!("{dirs}h"),
        _ => dirs,
    };
    Some(format!("{plain}{dirs}{}", g.rest))
}

impl Group {
    pub(super) fn text_for_fsf(&self) -> String {
        format!("{}{}", self.modifiers, self.rest)
    }
}

/// A piece's moves as written: Betza strings without a zone, those `in` one (with
/// the zone), and whether it has moves of another form.
type WrittenMoves<'f> = (Vec<&'f str>, Vec<(&'f str, &'f str)>, bool);

pub(super) fn betza_of<'f>(file: &'f syntax::File, name: &str) -> Option<WrittenMoves<'f>> {
    let decl = file.items.iter().find_map(|i| match i {
        Item::Piece(p) if p.name.value == name => Some(p),
        _ => None,
    })?;
    let mut free = Vec::new();
    let mut zoned = Vec::new();
    let mut structured = false;
    for prop in &decl.props {
        match prop {
            PieceProp::Betza(text, None) => free.push(text.value.as_str()),
            PieceProp::Betza(text, Some(region)) if !region.within => {
                zoned.push((text.value.as_str(), region.zone.value.as_str()))
            }
            PieceProp::Betza(..) | PieceProp::Rules(..) => structured = true,
            _ => {}
        }
    }
    Some((free, zoned, structured))
}

impl Exporter<'_> {
    pub(super) fn pieces(&mut self) {
        let d = self.def;
        self.letters = vec![None; d.pieces.len()];
        let mut used_slots: Vec<&str> = Vec::new();
        let mut double_step: Option<[Vec<Coord>; 2]> = None;
        let royals: Vec<usize> = (0..d.pieces.len()).filter(|&k| d.pieces[k].royal).collect();
        if royals.len() > 1 {
            self.no("more than one royal kind");
        }
        for (k, p) in d.pieces.iter().enumerate() {
            if self.promoted_copy(k).is_some() || self.shogi_promoted(k) {
                continue;
            }
            let Some(letter) = single_letter(&p.label) else {
                self.no(format!(
                    "{}'s label `{}`: Fairy-Stockfish's pieces are one letter",
                    p.name, p.label
                ));
                continue;
            };
            self.letters[k] = Some(letter);
            let Some((free, zoned, structured)) = betza_of(self.file, &p.name) else {
                continue;
            };
            if structured {
                self.no(format!(
                    "{}'s moves in structured form or `within` a zone",
                    p.name
                ));
                continue;
            }
            let Some(mut betza) = self.fsf_betza(p, &free.join(" "), &zoned, &mut double_step)
            else {
                continue;
            };
            if p.en_passant {
                if p.en_passant_in.is_some() {
                    self.no(format!("{}'s `en-passant in` a zone", p.name));
                }
                // a passive piece is taken as a custom piece's initial double step
                // always is; only the others capture (`e`)
                if !p.en_passant_passive {
                    betza = with_en_passant(&betza);
                }
            }
            self.piece_slot(k, letter, &betza, &mut used_slots);
        }
        match double_step {
            Some(cells) => {
                let (w, b) = (self.cells(&cells[0]), self.cells(&cells[1]));
                self.set("doubleStepRegionWhite", w);
                self.set("doubleStepRegionBlack", b);
            }
            None => self.set("doubleStep", "false"),
        }
        let letters_where = |f: &dyn Fn(&PieceDef) -> bool| -> String {
            let s: String = d
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| f(p))
                .filter_map(|(k, _)| self.letters[k])
                .collect();
            if s.is_empty() {
                "-".to_string()
            } else {
                s
            }
        };
        let promoting = letters_where(&|p| p.promotion.as_ref().is_some_and(|x| !x.leaving));
        let passant = letters_where(&|p| p.en_passant && !p.en_passant_passive);
        self.set("promotionPawnTypes", promoting);
        self.set("enPassantTypes", passant);
    }

    /// The key piece `k` (`letter`, moving as `betza`) takes: the king, atomic's
    /// commoner, a predefined piece's, or a custom one.
    fn piece_slot(
        &mut self,
        k: usize,
        letter: char,
        betza: &str,
        used_slots: &mut Vec<&'static str>,
    ) {
        let d = self.def;
        let p = &d.pieces[k];
        // a pawn without en passant is Fairy-Stockfish's pawn outside `enPassantTypes`
        let plain_pawn = matches!(betza, "fmWfceFifmnD" | "fmWfceF" | "fmWfcF");
        if p.royal && d.explosions.is_some() {
            // Fairy-Stockfish's atomic king: a commoner, royal while it is the last
            // of its kind, whose extinction ends the game
            let exploding = d.end.extinction.as_ref().is_some_and(|x| x.kinds == [k]);
            if betza != "K" || !exploding {
                self.no(format!("{}: a royal piece among explosions is Fairy-Stockfish's only as atomic's king (moves \"K\", `extinction {} loss`)", p.name, p.name));
            }
            self.set("king", "-");
            self.set("commoner", letter.to_string());
            self.set("castlingKingPiece", letter.to_string());
            self.set("extinctionPseudoRoyal", "true");
            return;
        }
        if let Some(last) = p.royal_last.filter(|_| p.royal) {
            self.royal_by_count(k, letter, betza, last);
            return;
        }
        if p.royal {
            self.set(
                "king",
                if betza == "K" {
                    letter.to_string()
                } else {
                    format!("{letter}:{betza}")
                },
            );
            return;
        }
        let slot = if plain_pawn && !used_slots.contains(&"pawn") {
            Some("pawn")
        } else {
            pieces::PREDEFINED
                .iter()
                .find(|s| s.betza == betza && s.key != "pawn" && !used_slots.contains(&s.key))
                .map(|s| s.key)
        };
        match slot {
            Some(key) => {
                used_slots.push(key);
                self.set(key, letter.to_string());
            }
            None => self.custom(letter, betza),
        }
    }

    /// `royal last N`: Fairy-Stockfish's pseudo-royal piece of its extinction type,
    /// royal while at most `extinctionPieceCount` + 1 are left. An `extinction` rule
    /// beside it must be of that one kind and count; without one, the type and
    /// count are set alone (no extinction value: the game ends by checkmate).
    fn royal_by_count(&mut self, k: usize, letter: char, betza: &str, last: RoyalLast) {
        let d = self.def;
        let name = &d.pieces[k].name;
        let royal_kinds = d.pieces.iter().filter(|p| p.royal).count();
        let n = u32::from(last.at_most);
        match &d.end.extinction {
            _ if royal_kinds > 1 => self.no(format!(
                "{name}: `royal last` on several kinds, counted together (Fairy-Stockfish counts each type apart)"
            )),
            Some(x) if x.kinds != [k] || x.below != n => self.no(format!(
                "{name}: `royal last {n}` beside an `extinction` of other kinds or another count (Fairy-Stockfish's pseudo-royal count is its extinction count)"
            )),
            Some(_) => {}
            None => {
                self.set("extinctionPieceTypes", letter.to_string());
                if n > 1 {
                    self.set("extinctionPieceCount", (n - 1).to_string());
                }
            }
        }
        self.set("king", "-");
        if betza == "K" {
            self.set("commoner", letter.to_string());
        } else {
            self.custom(letter, betza);
        }
        self.set("castlingKingPiece", letter.to_string());
        self.set("extinctionPseudoRoyal", "true");
        if last.duple_check {
            self.set("dupleCheck", "true");
        }
    }

    pub(super) fn custom(&mut self, letter: char, betza: &str) {
        self.customs += 1;
        if self.customs > pieces::CUSTOM_SLOTS {
            self.no("more custom pieces than Fairy-Stockfish has slots for");
        }
        self.set(
            &format!("customPiece{}", self.customs),
            format!("{letter}:{betza}"),
        );
    }

    /// A shogi promotion's kind (`+X`), which Fairy-Stockfish keeps as a type of
    /// its own with a promoted flag.
    pub(super) fn shogi_promoted(&self, k: usize) -> bool {
        self.def.pieces[k].label.starts_with('+')
            && self.def.pieces.iter().any(|p| {
                p.promotion
                    .as_ref()
                    .is_some_and(|x| x.leaving && x.choices.contains(&k))
            })
    }

    /// The piece's moves in Fairy-Stockfish's Betza: its initial moves (vdl's `i`,
    /// from the setup's cells; or `in ZONE`) become `i` moves from the
    /// double-step region, which must then be the same for every piece.
    pub(super) fn fsf_betza(
        &mut self,
        p: &PieceDef,
        free: &str,
        zoned: &[(&str, &str)],
        double_step: &mut Option<[Vec<Coord>; 2]>,
    ) -> Option<String> {
        let mut out = String::new();
        let kind = self.def.pieces.iter().position(|q| q.name == p.name)?;
        for (text, zone) in
            std::iter::once((free, None)).chain(zoned.iter().map(|(t, z)| (*t, Some(*z))))
        {
            let Some(groups) = pieces::groups(text) else {
                self.no(format!("{}'s Betza `{text}`", p.name));
                return None;
            };
            for g in groups {
                let region: Option<[Vec<Coord>; 2]> = match zone {
                    Some(z) => self.def.zones.get(z).cloned(),
                    None if g.has('i') => Some([0, 1].map(|s| self.start_cells(kind, s))),
                    None => None,
                };
                let Some(text) = fsf_group(&g.without('i')) else {
                    self.no(format!(
                        "{}'s move `{}`, outside Fairy-Stockfish's Betza",
                        p.name,
                        g.text_for_fsf()
                    ));
                    return None;
                };
                if let Some(cells) = region {
                    if double_step.as_ref().is_some_and(|d| *d != cells) {
                        self.no(format!("{}'s initial moves from cells other than another piece's (Fairy-Stockfish has one double-step region)", p.name));
                    }
                    *double_step = Some(cells);
                    out.push('i');
                }
                out.push_str(&text);
            }
        }
        Some(out)
    }

    pub(super) fn start_cells(&self, kind: usize, side: usize) -> Vec<Coord> {
        let mut cells: Vec<Coord> = self
            .def
            .setup
            .placements
            .iter()
            .filter(|(_, s, k)| *k == kind && s.index() == side)
            .map(|(c, _, _)| *c)
            .collect();
        cells.sort();
        cells
    }

    /// Fairy-Stockfish's cell list for cells.
    pub(super) fn cells(&self, cells: &[Coord]) -> String {
        if cells.is_empty() {
            return "-".to_string();
        }
        cells
            .iter()
            .map(|&c| self.def.board.cell_name(c))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// For a promoted kind that Fairy-Stockfish keeps as a flag on a piece: a pawn
    /// promotion's `X~` (the kind it copies), a shogi promotion's `+X`.
    pub(super) fn promoted_copy(&self, k: usize) -> Option<usize> {
        let p = &self.def.pieces[k];
        let base = p.label.strip_suffix('~')?;
        let twin = self.def.pieces.iter().position(|q| q.label == base)?;
        let (a, b) = (
            betza_of(self.file, &p.name)?,
            betza_of(self.file, &self.def.pieces[twin].name)?,
        );
        (a.0 == b.0 && a.1.is_empty() && b.1.is_empty()).then_some(twin)
    }
}

pub(super) fn single_letter(label: &str) -> Option<char> {
    let mut chars = label.chars();
    let c = chars.next()?;
    (c.is_ascii_alphabetic() && chars.next().is_none()).then(|| c.to_ascii_lowercase())
}

/// Betza with the en-passant capture Fairy-Stockfish marks: every capture-only
/// move gets `e`.
pub(super) fn with_en_passant(betza: &str) -> String {
    pieces::groups(betza)
        .unwrap_or_default()
        .iter()
        .map(|g| {
            if g.has('c') && !g.has('e') {
                format!("{}e{}", g.modifiers, g.rest)
            } else {
                g.text_for_fsf()
            }
        })
        .collect()
}
