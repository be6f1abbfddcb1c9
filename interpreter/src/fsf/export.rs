//! A checked definition as a Fairy-Stockfish configuration section: the rules
//! FSF's format holds, or the list of those it cannot (every one, not the first).

use super::pieces::{self, Group};
use crate::model::{CastleDef, Coord, Definition, Outcome, PieceDef, Side, Tiling};
use crate::syntax::{self, Item, PieceProp};
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
    fn run(&mut self) {
        self.board();
        self.not_held();
        self.pieces();
        self.promotions();
        self.castling();
        self.setup();
        self.hand();
        self.rules_of_play();
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
            if !p.cannot_capture.is_empty() || !p.cannot_hop.is_empty() {
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

/// A Betza group rewritten for Fairy-Stockfish, whose lone direction letter on an
/// oblique atom means a doubled one (`fN` is vdl's `ffN`): vdl's lone `f` is `fh`.
fn fsf_group(g: &Group) -> Option<String> {
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
    fn text_for_fsf(&self) -> String {
        format!("{}{}", self.modifiers, self.rest)
    }
}

/// A piece's moves as written: Betza strings without a zone, those `in` one (with
/// the zone), and whether it has moves of another form.
type WrittenMoves<'f> = (Vec<&'f str>, Vec<(&'f str, &'f str)>, bool);

fn betza_of<'f>(file: &'f syntax::File, name: &str) -> Option<WrittenMoves<'f>> {
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
    fn pieces(&mut self) {
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
                betza = with_en_passant(&betza);
            }
            let plain_pawn = betza == "fmWfceFifmnD" || betza == "fmWfceF";
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
                continue;
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
                continue;
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
                None => self.custom(letter, &betza),
            }
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
        let passant = letters_where(&|p| p.en_passant);
        self.set("promotionPawnTypes", promoting);
        self.set("enPassantTypes", passant);
    }

    fn custom(&mut self, letter: char, betza: &str) {
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
    fn shogi_promoted(&self, k: usize) -> bool {
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
    fn fsf_betza(
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

    fn start_cells(&self, kind: usize, side: usize) -> Vec<Coord> {
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
    fn cells(&self, cells: &[Coord]) -> String {
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
    fn promoted_copy(&self, k: usize) -> Option<usize> {
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

fn single_letter(label: &str) -> Option<char> {
    let mut chars = label.chars();
    let c = chars.next()?;
    (c.is_ascii_alphabetic() && chars.next().is_none()).then(|| c.to_ascii_lowercase())
}

/// Betza with the en-passant capture Fairy-Stockfish marks: every capture-only
/// move gets `e`.
fn with_en_passant(betza: &str) -> String {
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

impl Exporter<'_> {
    fn promotions(&mut self) {
        let d = self.def;
        let mut region: Option<String> = None;
        let mut choices: Option<[String; 2]> = None;
        let mut mandatory: Option<bool> = None;
        let mut promoted: Vec<String> = Vec::new();
        let mut piece_mandatory: Option<bool> = None;
        for (k, p) in d.pieces.iter().enumerate() {
            let Some(pr) = &p.promotion else { continue };
            if pr.from_captured || pr.from_queue.is_some() {
                self.no(format!(
                    "{}'s promotion to captured pieces or from a drop queue",
                    p.name
                ));
                continue;
            }
            if pr.forced_in.is_some() {
                self.no(format!(
                    "{}'s optional promotion that a zone makes compulsory",
                    p.name
                ));
            }
            let cells = d.zones.get(&pr.zone).cloned().unwrap_or_default();
            let zone = format!("{}|{}", self.cells(&cells[0]), self.cells(&cells[1]));
            if region.as_ref().is_some_and(|r| *r != zone) {
                self.no("promotion zones that differ between pieces (Fairy-Stockfish has one)");
            }
            region = Some(zone);
            let names = |side: usize| -> String {
                pr.choices_for(side)
                    .iter()
                    .filter_map(|&c| self.letters[self.promoted_copy(c).unwrap_or(c)])
                    .collect()
            };
            if pr.leaving {
                // shogi-style: one kind, `+X`
                let [target] = pr.choices[..] else {
                    self.no(format!(
                        "{}'s promotion on leaving the zone to several kinds",
                        p.name
                    ));
                    continue;
                };
                let t = &d.pieces[target];
                let new_letter = self.free_letter();
                match (new_letter, betza_of(self.file, &t.name)) {
                    (Some(l), Some((free, zoned, false)))
                        if t.label.starts_with('+') && zoned.is_empty() =>
                    {
                        let betza: Option<String> = pieces::groups(&free.join(" "))
                            .and_then(|g| g.iter().map(fsf_group).collect());
                        match betza {
                            Some(betza) => {
                                self.extra_letters.push(l);
                                self.custom(l, &betza);
                                if let Some(from) = self.letters[k] {
                                    promoted.push(format!("{from}:{l}"));
                                }
                            }
                            None => self.no(format!(
                                "{}'s moves, outside Fairy-Stockfish's Betza",
                                t.name
                            )),
                        }
                    }
                    _ => self.no(format!("{}'s promotion to {}", p.name, t.name)),
                }
                if piece_mandatory.is_some_and(|m| m == pr.optional) {
                    self.no("optional and compulsory shogi-style promotions together");
                }
                piece_mandatory = Some(!pr.optional);
                continue;
            }
            let both = [names(0), names(1)];
            if choices.as_ref().is_some_and(|c| *c != both) {
                self.no("promotion choices that differ between pieces");
            }
            choices = Some(both);
            if mandatory.is_some_and(|m| m == pr.optional) {
                self.no("optional and compulsory promotions together");
            }
            mandatory = Some(!pr.optional);
        }
        if let Some(zone) = region {
            let (w, b) = zone.split_once('|').unwrap_or(("-", "-"));
            self.set("promotionRegionWhite", w);
            self.set("promotionRegionBlack", b);
        }
        match choices {
            Some([w, b]) if w == b => self.set("promotionPieceTypes", w),
            Some([w, b]) => {
                self.set("promotionPieceTypesWhite", w);
                self.set("promotionPieceTypesBlack", b);
            }
            None => self.set("promotionPieceTypes", "-"),
        }
        if let Some(m) = mandatory {
            self.set("mandatoryPawnPromotion", m.to_string());
        }
        if !promoted.is_empty() {
            self.set("promotedPieceType", promoted.join(" "));
            self.set(
                "mandatoryPiecePromotion",
                piece_mandatory.unwrap_or(false).to_string(),
            );
        }
    }

    /// A letter no kind uses, for a promoted kind's own type.
    fn free_letter(&self) -> Option<char> {
        let taken: Vec<char> = self
            .letters
            .iter()
            .flatten()
            .chain(&self.extra_letters)
            .copied()
            .collect();
        ('a'..='z').rev().find(|c| !taken.contains(c))
    }
}

impl Exporter<'_> {
    fn castling(&mut self) {
        let d = self.def;
        if d.castling.is_empty() {
            self.set("castling", "false");
            return;
        }
        let mut kingside: Option<i32> = None;
        let mut queenside: Option<i32> = None;
        let mut rook_letters: Vec<char> = Vec::new();
        for c in &d.castling {
            if c.king_from.rank != c.king_to.rank
                || c.rook_from.rank != c.king_from.rank
                || c.rook_to.rank != c.king_from.rank
            {
                self.no(format!("castling `{}` off one rank", c.flag));
                continue;
            }
            let king_side = c.rook_from.file > c.king_from.file;
            let expected_rook_to = if king_side {
                c.king_to.file - 1
            } else {
                c.king_to.file + 1
            };
            let custom_cells = self.file.items.iter().any(|i| matches!(i, Item::Castle(d) if d.flag.value.starts_with(c.flag) && (d.empty.is_some() || d.safe.is_some())));
            if c.rook_to.file != expected_rook_to || custom_cells {
                self.no(format!("castling `{}`: the rook must end beside the king, on the side it came from, with the cells between empty", c.flag));
            }
            let want = if c.side == Side::White {
                c.flag.is_ascii_uppercase()
            } else {
                c.flag.is_ascii_lowercase()
            };
            if !want
                || !matches!(c.flag.to_ascii_uppercase(), 'K' | 'Q')
                || c.flag.eq_ignore_ascii_case(&'K') != king_side
            {
                self.no(format!(
                    "castling flag `{}`: Fairy-Stockfish's are K, Q, k, q",
                    c.flag
                ));
            }
            let slot = if king_side {
                &mut kingside
            } else {
                &mut queenside
            };
            if slot.is_some_and(|f| f != c.king_to.file) {
                self.no("castling to different files for the two sides");
            }
            *slot = Some(c.king_to.file);
            if let Some(l) = self.piece_on(c, c.rook_from) {
                if !rook_letters.contains(&l) {
                    rook_letters.push(l);
                }
            }
        }
        let file = |f: i32| ((b'a' + f as u8) as char).to_string();
        if let Some(f) = kingside {
            self.set("castlingKingsideFile", file(f));
        }
        if let Some(f) = queenside {
            self.set("castlingQueensideFile", file(f));
        }
        self.set(
            "castlingRookPieces",
            rook_letters.iter().collect::<String>(),
        );
    }

    fn piece_on(&self, c: &CastleDef, cell: Coord) -> Option<char> {
        let (_, _, k) = self
            .def
            .setup
            .placements
            .iter()
            .find(|(at, s, _)| *at == cell && *s == c.side)?;
        self.letters[*k]
    }

    fn setup(&mut self) {
        let pos = crate::Position::start(self.rules);
        let fen = pos.fen();
        let (placement, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
        let (board, hand) = match placement.split_once('[') {
            Some((b, h)) => (b, format!("[{h}")),
            None => (placement, String::new()),
        };
        let b = &self.def.board;
        // removed cells are Fairy-Stockfish's holes, `*`
        let mut rows: Vec<String> = Vec::new();
        for (i, row) in board.split('/').enumerate() {
            let rank = b.ranks.len() as i32 - 1 - i as i32;
            let mut cells: Vec<String> = Vec::new();
            let mut digits = String::new();
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    if chars.peek().is_some_and(|n| n.is_ascii_digit()) {
                        continue;
                    }
                    let n: usize = digits.parse().unwrap_or(0);
                    cells.extend(std::iter::repeat_n(String::new(), n));
                    digits.clear();
                } else if c == '~' || cells.last().is_some_and(|l| l == "+") {
                    if let Some(last) = cells.last_mut() {
                        last.push(c);
                    }
                } else {
                    cells.push(c.to_string());
                }
            }
            let mut out = String::new();
            let mut empty = 0;
            for (f, cell) in cells.iter().enumerate() {
                let removed = b.removed.contains(&Coord {
                    file: f as i32,
                    rank,
                });
                if cell.is_empty() && !removed {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    let _ = write!(out, "{empty}");
                    empty = 0;
                }
                out.push_str(if removed { "*" } else { cell });
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            rows.push(out);
        }
        self.set("startFen", format!("{}{hand} {rest}", rows.join("/")));
    }
}

impl Exporter<'_> {
    fn hand(&mut self) {
        let d = self.def;
        let Some(hand) = &d.hand else { return };
        self.set("pieceDrops", "true");
        self.set("capturesToHand", hand.keep_captured.to_string());
        // a promotion to the plain kind keeps it when captured: Fairy-Stockfish's dropLoop
        let plain = d
            .pieces
            .iter()
            .filter_map(|p| p.promotion.as_ref())
            .filter(|p| !p.leaving)
            .any(|p| p.all_choices().any(|c| !d.pieces[c].label.ends_with('~')));
        if hand.keep_captured && plain {
            self.set("dropLoop", "true");
        }
        if hand.gate.is_some() {
            self.no("gating");
        }
        for &k in &hand.one_per_file {
            match self.letters[k] {
                Some(l) if hand.one_per_file.len() == 1 => self.set("dropNoDoubled", l.to_string()),
                _ => self.no("`one-per-file` of several kinds"),
            }
        }
        for &k in &hand.no_drop_mate {
            let fw = betza_of(self.file, &d.pieces[k].name)
                .is_some_and(|(f, z, _)| f.join("") == "fW" && z.is_empty());
            if fw {
                self.set("shogiPawnDropMateIllegal", "true");
            } else {
                self.no(format!("`no-drop-mate {}`: Fairy-Stockfish's rule is for a piece moving as the shogi pawn", d.pieces[k].name));
            }
        }
        for (k, zone) in &hand.drop_zones {
            let cells = d.zones.get(zone).cloned().unwrap_or_default();
            let pawn_rule = self
                .keys
                .iter()
                .any(|(key, v)| key == "pawn" && Some(v.chars().next()) == Some(self.letters[*k]));
            let all: Vec<Coord> = (0..d.board.height())
                .flat_map(|r| (0..d.board.width()).map(move |f| Coord { file: f, rank: r }))
                .filter(|c| d.board.contains(*c))
                .collect();
            let promo = d.pieces[*k]
                .promotion
                .as_ref()
                .and_then(|p| d.zones.get(&p.zone))
                .cloned()
                .unwrap_or_default();
            // Fairy-Stockfish's pawn drops: off the first rank and the promotion zone,
            // unless `firstRankPawnDrops` or `promotionZonePawnDrops`
            let pawn_cells = |side: usize, first_rank: bool, promotion_zone: bool| -> Vec<Coord> {
                let first = if side == 0 { 0 } else { d.board.height() - 1 };
                let mut c: Vec<Coord> = all
                    .iter()
                    .copied()
                    .filter(|c| {
                        (first_rank || c.rank != first)
                            && (promotion_zone || !promo[side].contains(c))
                    })
                    .collect();
                c.sort();
                c
            };
            let mut given = cells.clone();
            for side in &mut given {
                side.sort();
            }
            let fits = [(false, false), (true, false), (false, true)]
                .into_iter()
                .find(|&(f, p)| {
                    pawn_rule && given[0] == pawn_cells(0, f, p) && given[1] == pawn_cells(1, f, p)
                });
            match fits {
                Some((first, promotion)) => {
                    self.set("firstRankPawnDrops", first.to_string());
                    self.set("promotionZonePawnDrops", promotion.to_string());
                }
                None => self.no(format!("`drop {} in {zone}`: Fairy-Stockfish narrows the drops of a pawn only (not on its first rank, not in its promotion zone), or of every piece at once", d.pieces[*k].name)),
            }
        }
    }

    fn rules_of_play(&mut self) {
        let d = self.def;
        if d.must_capture {
            self.set("mustCapture", "true");
        }
        if d.no_check {
            self.set("checking", "false");
        }
        if d.pass {
            self.set("pass", "true");
        }
        if let Some(x) = &d.explosions {
            let pawn = self
                .keys
                .iter()
                .find(|(k, _)| k == "pawn")
                .and_then(|(_, v)| v.chars().next());
            let spared: Vec<Option<char>> = x.spared.iter().map(|&k| self.letters[k]).collect();
            if spared.is_empty() || (spared.len() == 1 && spared[0] == pawn) {
                self.set("blastOnCapture", "true");
            } else {
                self.no("explosions that spare kinds other than the pawn");
            }
        }
        if let Some(w) = &d.walls {
            use crate::model::WallRule;
            let rule = match w.rule {
                WallRule::Arrow => "arrow",
                WallRule::Duck => "duck",
                WallRule::Anywhere => "static",
                WallRule::Trail => "past",
            };
            if w.zone.is_some() {
                self.no("walls only in a zone");
            }
            self.set("wallingRule", rule);
        }
        if d.pieces.iter().any(|p| p.no_facing && p.royal) {
            self.set("flyingGeneral", "true");
        }
    }

    fn end(&mut self) {
        let e = &self.def.end;
        let value = |o: Outcome| match o {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
        };
        let inverse = |o: Outcome| match o {
            Outcome::Win => "loss",
            Outcome::Loss => "win",
            Outcome::Draw => "draw",
        };
        if e.dead_position {
            // not a key: the programs built on Fairy-Stockfish judge insufficient material
            self.set(
                "# dead-position",
                "judged by the program (pyffish's has_insufficient_material)",
            );
        }
        self.set("checkmateValue", value(e.checkmate));
        self.set("stalemateValue", value(e.stalemate));
        match &e.repetition {
            Some(r) => {
                self.set("nFoldRule", r.claim_at.unwrap_or(r.count).to_string());
                self.set("nFoldValue", inverse(r.outcome));
            }
            None => self.set("nFoldRule", "0"),
        }
        // Fairy-Stockfish's drops always reset the move count
        let drops = self.def.hand.as_ref().is_some_and(|h| h.gate.is_none());
        match &e.move_limit {
            Some(m) => {
                if m.outcome != Outcome::Draw
                    || !m.reset_on_capture
                    || m.reset_on_lock
                    || m.reset_on_forcing_check
                    || (drops && !m.reset_on_drop)
                {
                    self.no(
                        "a move rule that is not a draw reset by captures and by some kinds' moves",
                    );
                }
                self.set("nMoveRule", m.claim_at.unwrap_or(m.moves).to_string());
                let kinds: String = m.reset_by.iter().filter_map(|&k| self.letters[k]).collect();
                self.set(
                    "nMoveRuleTypes",
                    if kinds.is_empty() {
                        "-".to_string()
                    } else {
                        kinds
                    },
                );
            }
            None => self.set("nMoveRule", "0"),
        }
        if let Some(x) = &e.extinction {
            if x.all && x.kinds.len() > 1 {
                self.no("`extinction all` of several kinds");
            }
            self.set("extinctionValue", value(x.outcome));
            let kinds: String = x.kinds.iter().filter_map(|&k| self.letters[k]).collect();
            self.set(
                "extinctionPieceTypes",
                if x.kinds.is_empty() {
                    "*".to_string()
                } else {
                    kinds
                },
            );
        }
        if let Some(r) = &e.reach {
            let kinds: Vec<char> = r.kinds.iter().filter_map(|&k| self.letters[k]).collect();
            let mut unique = kinds.clone();
            unique.dedup();
            if r.outcome != Outcome::Win
                || unique.len() > 1 && unique.len() < self.letters.iter().flatten().count()
            {
                self.no("a `reach` rule that is not a win for one kind or for every piece");
            }
            let cells = self.def.zones.get(&r.zone).cloned().unwrap_or_default();
            self.set(
                "flagPiece",
                if unique.len() == 1 {
                    unique[0].to_string()
                } else {
                    "*".to_string()
                },
            );
            self.set("flagRegionWhite", self.cells(&cells[0]));
            self.set("flagRegionBlack", self.cells(&cells[1]));
            if r.count > 1 {
                self.set("flagPieceCount", r.count.to_string());
            }
            if r.after_reply {
                self.set("flagMove", "true");
            }
        }
        if let Some(c) = &e.checks {
            if c.outcome != Outcome::Win {
                self.no("a `checks` rule that is not a win");
            }
            self.set("checkCounting", "true");
        }
        for (held, what) in [
            (e.royal_capture, "`royal-capture`"),
            (e.bare_king.is_some(), "`bare-king`"),
            (e.double_pass.is_some(), "`double-pass`"),
            (e.facing.is_some(), "`facing`"),
            (e.counting.is_some(), "Makruk's `counting`"),
        ] {
            if held {
                self.no(format!("the end rule {what}"));
            }
        }
    }
}
