//! The hand, the rules of play and the end exported.

use super::{betza_of, Exporter};
use crate::fsf::pieces::reversible;
use crate::model::{Coord, Extinction, MoveRepetition, Outcome, Reach, Side};

impl Exporter<'_> {
    /// `drop-promoted`: Fairy-Stockfish's `dropPromoted` drops every kind with a
    /// shogi-style promotion either face up, and no other.
    fn drop_promoted(&mut self, hand: &crate::model::Hand) {
        let d = self.def;
        let Some(named) = &hand.drop_promoted else {
            return;
        };
        let shogi = |k: usize| {
            d.pieces[k].promotion.as_ref().is_some_and(|p| p.leaving) && !self.turns_back(k)
        };
        let promoting = |k: usize| d.pieces[k].promotion.is_some() && !self.turns_back(k);
        let same = (0..d.pieces.len()).all(|k| {
            let dropped = promoting(k) && (named.is_empty() || named.contains(&k));
            dropped == shogi(k)
        });
        if !same {
            self.no("`drop-promoted` of kinds other than those that promote shogi-style (`or-leaving`, to a `+X`)");
        }
        self.set("dropPromoted", "true");
    }

    /// Where a drop may land by its neighbours: Fairy-Stockfish's `enclosingDrop`
    /// (one rule of `on-top`, `drop-enclosing`, `drop-next-to-own`), its
    /// `enclosingDropStart`, and its `freeDrops` for a hand of unlimited kinds.
    fn placement(&mut self, hand: &crate::model::Hand) {
        let d = self.def;
        let rules = [
            (hand.on_top, "top"),
            (hand.drop_enclosing, "reversi"),
            (hand.drop_next_to_own, "ataxx"),
        ];
        let given: Vec<&str> = (rules.iter()).filter(|(on, _)| *on).map(|r| r.1).collect();
        match given[..] {
            [] => {}
            [rule] => self.set("enclosingDrop", rule),
            _ => self.no("several of `on-top`, `drop-enclosing` and `drop-next-to-own`"),
        }
        if let Some(cells) = hand.first_drops_in.as_ref().and_then(|z| d.zones.get(z)) {
            let sorted = |mut v: Vec<Coord>| {
                v.sort();
                v
            };
            if sorted(cells[0].clone()) != sorted(cells[1].clone()) {
                self.no("`first-drops-in` a zone that differs for the two players");
            } else if given != ["reversi"] {
                self.no("`first-drops-in` without `drop-enclosing` alone");
            } else {
                let text = self.cells(&cells[0]);
                self.set("enclosingDropStart", text);
            }
        }
        if !hand.unlimited.is_empty() {
            self.no("`unlimited` kinds: Fairy-Stockfish's free drops are its built-in Ataxx's, which no configuration key sets");
        }
    }

    pub(super) fn hand(&mut self) {
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
        self.drop_promoted(hand);
        self.placement(hand);
        for &k in &hand.one_per_file {
            match self.letters[k] {
                Some(l) if hand.one_per_file.len() == 1 => {
                    self.set("dropNoDoubled", l.to_string());
                    if hand.per_file > 1 {
                        self.set("dropNoDoubledCount", hand.per_file.to_string());
                    }
                }
                _ => self.no("`one-per-file` of several kinds"),
            }
        }
        if hand.no_drop_check {
            self.set("dropChecks", "false");
        }
        // Fairy-Stockfish's rules hold for its bishop and its castling rooks
        let split = &hand.split_colours;
        self.rule_of_type(
            split,
            ("split-colours", "bishop"),
            "dropOppositeColoredBishop",
        );
        let by_drop = &hand.castle_by_drop;
        self.rule_of_type(by_drop, ("castle-by-drop", "rook"), "castlingDroppedPiece");
        match hand.must_drop.as_deref() {
            None => {}
            Some([]) => self.set("mustDrop", "true"),
            Some([k]) => match self.letters[*k] {
                Some(l) => {
                    self.set("mustDrop", "true");
                    self.set("mustDropType", l.to_string());
                }
                None => self.no("`must-drop` of a kind without a letter of its own"),
            },
            Some(_) => self.no("`must-drop` of several kinds"),
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
        if self.drop_region_of_every_piece(hand) {
            return;
        }
        for (k, zone) in &hand.drop_zones {
            let cells = d.zones.get(zone).cloned().unwrap_or_default();
            let pawn_rule = self
                .type_letter("pawn")
                .is_some_and(|p| self.letters[*k] == Some(p));
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

    /// Every kind that can be in a hand drops on one zone (Placement's first rank):
    /// Fairy-Stockfish's drop regions, which hold for every piece; its rooks may be
    /// held to the zone's first rank (Sittuyin's `sittuyinRookDrop`). Not with
    /// pawns in hand, to which Fairy-Stockfish adds rules of their own.
    fn drop_region_of_every_piece(&mut self, hand: &crate::model::Hand) -> bool {
        let d = self.def;
        let mut held: Vec<usize> = d.setup.reserve.iter().map(|&(_, k)| k).collect();
        if hand.keep_captured {
            let captured = (d.pieces.iter().enumerate()).filter(|(_, p)| !p.royal);
            held.extend(captured.map(|(k, p)| p.captured_as.unwrap_or(k)));
        }
        let (pawn, rook) = (self.type_letter("pawn"), self.type_letter("rook"));
        let is_rook = |k: usize| rook.is_some() && self.letters[k] == rook;
        let Some((_, zone)) = hand.drop_zones.iter().find(|(k, _)| !is_rook(*k)) else {
            return false;
        };
        let Some(cells) = d.zones.get(zone) else {
            return false;
        };
        let zone_of = |k: usize| {
            hand.drop_zones
                .iter()
                .find(|(z, _)| *z == k)
                .map(|(_, n)| n)
        };
        let back_rank = |k: usize| {
            let first = |side: usize| if side == 0 { 0 } else { d.board.height() - 1 };
            let back = |side: usize| -> Vec<Coord> {
                (cells[side].iter().copied())
                    .filter(|c| c.rank == first(side))
                    .collect()
            };
            let sorted = |mut v: Vec<Coord>| {
                v.sort();
                v
            };
            zone_of(k).and_then(|n| d.zones.get(n)).is_some_and(|z| {
                sorted(z[0].clone()) == sorted(back(0)) && sorted(z[1].clone()) == sorted(back(1))
            })
        };
        let fits = |k: usize| {
            self.letters[k] != pawn && (zone_of(k) == Some(zone) || (is_rook(k) && back_rank(k)))
        };
        let listed = hand.drop_zones.iter().all(|&(k, _)| fits(k));
        if !listed || !held.iter().all(|&k| fits(k)) {
            return false;
        }
        let rooks_back = held.iter().any(|&k| is_rook(k) && zone_of(k) != Some(zone));
        let regions = [self.cells(&cells[0]), self.cells(&cells[1])];
        let [white, black] = regions;
        self.set("whiteDropRegion", white);
        self.set("blackDropRegion", black);
        if rooks_back {
            self.set("sittuyinRookDrop", "true");
        }
        true
    }

    /// `flips`: Fairy-Stockfish's `flipEnclosedPieces` turns pieces over after
    /// every move of every kind.
    fn flips(&mut self) {
        use crate::model::Flip;
        let d = self.def;
        let Some(first) = d.pieces.iter().find_map(|p| p.flips) else {
            return;
        };
        if d.pieces.iter().any(|p| p.flips != Some(first)) {
            self.no("`flips` on some kinds only, or of two rules");
        }
        let immune = d
            .pieces
            .iter()
            .any(|p| p.royal || p.immune || p.two_cell.is_some());
        if immune {
            self.no("`flips` beside royal, `immune` or two-cell pieces, which never turn");
        }
        let rule = match first {
            Flip::Lines => "reversi",
            Flip::Neighbours => "ataxx",
        };
        self.set("flipEnclosedPieces", rule);
    }

    pub(super) fn rules_of_play(&mut self) {
        let d = self.def;
        if d.must_capture {
            self.set("mustCapture", "true");
        }
        if d.no_check {
            self.set("checking", "false");
        }
        if d.pass && d.pass_when_stuck {
            self.set("passOnStalemate", "true");
        } else if d.pass {
            self.set("pass", "true");
        }
        self.flips();
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
            let immune: String = x.immune.iter().filter_map(|&k| self.letters[k]).collect();
            if !immune.is_empty() {
                self.set("blastImmuneTypes", immune);
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
        let petrify: Vec<Option<char>> = (d.pieces.iter().enumerate())
            .filter(|(_, p)| p.petrifies)
            .map(|(k, _)| self.letters[k])
            .collect();
        if petrify.iter().any(Option::is_none) {
            self.no("petrification of a kind without a letter of its own");
        } else if !petrify.is_empty() {
            self.set(
                "petrifyOnCaptureTypes",
                petrify.into_iter().flatten().collect::<String>(),
            );
        }
        let mutual: String = (0..d.pieces.len())
            .filter(|&k| super::own_kind_only(d, &d.pieces[k]))
            .filter_map(|k| self.letters[k])
            .collect();
        if !mutual.is_empty() {
            self.set("mutuallyImmuneTypes", mutual);
        }
        // Fairy-Stockfish's rule binds its king, the one royal kind
        let royals = d.pieces.iter().filter(|p| p.royal).count();
        for p in d.pieces.iter().filter(|p| p.captures_checker) {
            if p.royal && royals == 1 {
                self.set("makpongRule", "true");
            } else {
                self.no(format!("{}'s `in-check captures-checker`", p.name));
            }
        }
    }

    pub(super) fn end(&mut self) {
        let def = self.def;
        let e = &def.end;
        let odds = e.draw_odds();
        if let Some(side) = odds {
            let key = if side == Side::White {
                "whitedrawodds"
            } else {
                "blackdrawodds"
            };
            self.set("materialCounting", key);
        }
        // what a draw gives, read as Fairy-Stockfish's value before its draw odds
        let plain = |this: &mut Self, o: Outcome| match o {
            Outcome::WinFor(s) if Some(s) == odds => Outcome::Draw,
            Outcome::WinFor(_) => {
                this.no("a win for one colour other than a repetition's or every draw's");
                Outcome::Draw
            }
            o => o,
        };
        if e.dead_position.is_some() {
            // not a key: the programs built on Fairy-Stockfish judge insufficient material
            self.set(
                "# dead-position",
                "judged by the program (pyffish's has_insufficient_material)",
            );
        }
        let (checkmate, stalemate) = (plain(self, e.checkmate), plain(self, e.stalemate));
        self.set("checkmateValue", value(checkmate));
        if e.mate_by.any() {
            self.shatar_mate();
        }
        self.set("stalemateValue", value(stalemate));
        if e.stalemate_fewer_pieces {
            self.set("stalematePieceCount", "true");
        }
        match &e.repetition {
            Some(r) => {
                self.set("nFoldRule", r.claim_at.unwrap_or(r.count).to_string());
                match r.outcome {
                    // the value for the player to move, White's when it is absolute
                    Outcome::WinFor(s) if Some(s) != odds => {
                        self.set("nFoldValue", if s == Side::White { "win" } else { "loss" });
                        self.set("nFoldValueAbsolute", "true");
                    }
                    o => {
                        let o = plain(self, o);
                        self.set("nFoldValue", value(o.opposite()));
                    }
                }
                match r.perpetual_check {
                    Some(Outcome::Loss) => self.set("perpetualCheckIllegal", "true"),
                    Some(o) => self.no(format!("a perpetual check that is a {} for the checker (Fairy-Stockfish's is a loss)", value(o))),
                    None => {}
                }
            }
            None => self.set("nFoldRule", "0"),
        }
        if let Some(r) = &e.move_repetition {
            self.move_repetition(r);
        }
        self.move_rule();
        if let Some(x) = &e.extinction {
            self.extinction(x);
        }
        if let Some(r) = &e.reach {
            self.reach(r);
        }
        self.counting();
        if let Some(c) = &e.checks {
            if c.outcome != Outcome::Win {
                self.no("a `checks` rule that is not a win");
            }
            self.set("checkCounting", "true");
        }
        self.scored_ends();
        for (held, what) in [
            (e.royal_capture, "`royal-capture`"),
            (e.bare_king.is_some(), "`bare-king`"),
            (e.facing.is_some(), "`facing`"),
        ] {
            if held {
                self.no(format!("the end rule {what}"));
            }
        }
    }

    /// `double-pass`, `full-board` and `points`: Fairy-Stockfish ends a game on
    /// two passes (with `pass`) and, under `adjudicateFullBoard`, on a full board,
    /// drawn unless its `materialCounting` decides; the unweighted count is
    /// `points` of one worth for every kind. Both count a drawn stalemate too.
    fn scored_ends(&mut self) {
        let d = self.def;
        let e = &d.end;
        match e.double_pass {
            Some(Outcome::Draw) if d.pass => {}
            Some(_) => self.no("the end rule `double-pass` other than a draw"),
            None if d.pass => {
                self.no("`pass` without `double-pass draw`, which Fairy-Stockfish's two passes are")
            }
            None => {}
        }
        match e.full_board {
            Some(Outcome::Draw) => self.set("adjudicateFullBoard", "true"),
            Some(_) => self.no("the end rule `full-board` other than a draw"),
            None => {}
        }
        let Some(points) = &e.points else { return };
        let worth = |k: usize| points.worth.iter().find(|w| w.0 == k).map_or(0, |w| w.1);
        let unweighted =
            points.komi == 0 && worth(0) > 0 && (0..d.pieces.len()).all(|k| worth(k) == worth(0));
        if !unweighted {
            self.no("`points` other than one for every kind: Fairy-Stockfish's materialCounting has fixed worths, by its types");
        } else {
            self.set("materialCounting", "unweighted");
        }
    }

    /// The move rule: Fairy-Stockfish's is a draw reset by captures and by some
    /// kinds' moves (and always by drops).
    /// A rule Fairy-Stockfish has for one of its types only (`key = true`): set
    /// when the rule's kinds are that one type's kind, refused otherwise.
    fn rule_of_type(&mut self, kinds: &[usize], (rule, fsf_type): (&str, &str), key: &str) {
        let letter = |k: usize| self.letters[k];
        let type_letter = self.type_letter(fsf_type);
        match kinds {
            [] => {}
            [k] if letter(*k).is_some() && letter(*k) == type_letter => self.set(key, "true"),
            [_] => self.no(format!(
                "`{rule}` of a kind other than Fairy-Stockfish's {fsf_type}"
            )),
            _ => self.no(format!("`{rule}` of several kinds")),
        }
    }

    /// `checkmate ... alone`, `series`: Fairy-Stockfish's `shatarMateRule`, when the
    /// kinds are its knight (alone, a win) and its knight, rook and bers (a series,
    /// else a draw).
    fn shatar_mate(&mut self) {
        let m = &self.def.end.mate_by;
        let letters_of = |this: &Self, kinds: &[usize]| -> Option<Vec<char>> {
            let mut l: Vec<char> = kinds
                .iter()
                .map(|&k| this.letters[k])
                .collect::<Option<_>>()?;
            l.sort_unstable();
            Some(l)
        };
        let type_letters = |this: &Self, types: &[&str]| -> Vec<char> {
            let mut l: Vec<char> = types.iter().filter_map(|t| this.type_letter(t)).collect();
            l.sort_unstable();
            l
        };
        let knights = type_letters(self, &["knight"]);
        let shak = type_letters(self, &["knight", "rook", "bers"]);
        let alone = match &m.alone {
            Some((kinds, Outcome::Win)) => letters_of(self, kinds) == Some(knights),
            Some(_) => false,
            None => knights.is_empty(),
        };
        let series = matches!(&m.series, Some((kinds, Outcome::Draw)) if letters_of(self, kinds) == Some(shak));
        if alone && series {
            self.set("shatarMateRule", "true");
        } else {
            self.no("`checkmate ... alone`, `series` other than Shatar's (`alone` the knights `win`, `series` knights, rooks and bers `else draw`)");
        }
    }

    /// Fairy-Stockfish's `moveRepetitionIllegal`: four moves, a loss, every kind (no
    /// piece of an exported variant has a region), checked with the n-fold rule.
    fn move_repetition(&mut self, r: &MoveRepetition) {
        let kinds = self.def.pieces.len();
        let every = r.kinds.is_empty() || (0..kinds).all(|k| r.kinds.contains(&k));
        if r.moves != 4 || r.outcome != Outcome::Loss || !every || self.def.end.repetition.is_none()
        {
            self.no("a `move-repetition` other than `move-repetition 4 loss` of every kind, beside `repetition` (Fairy-Stockfish's `moveRepetitionIllegal`)");
        }
        self.set("moveRepetitionIllegal", "true");
    }

    fn move_rule(&mut self) {
        let e = &self.def.end;
        // Fairy-Stockfish's drops always reset the move count
        let drops = self.def.hand.as_ref().is_some_and(|h| h.gate.is_none());
        match &e.move_limit {
            Some(m) => {
                let draw = m.outcome == Outcome::Draw
                    || matches!(m.outcome, Outcome::WinFor(s) if Some(s) == e.draw_odds());
                if !draw
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
                // Fairy-Stockfish's types reset the count only by moves that cannot be undone
                let reversible = |k: usize| {
                    betza_of(self.file, &self.def.pieces[k].name)
                        .is_some_and(|(f, _, _)| reversible(&f.join(" ")))
                };
                if m.reset_by.iter().any(|&k| reversible(k)) {
                    self.no("a kind whose every move resets the move count, reversible ones too (Fairy-Stockfish's are `reset-by irreversible KIND`)");
                }
                let kinds: String = (m.reset_by.iter().chain(&m.reset_irreversible))
                    .filter_map(|&k| self.letters[k])
                    .collect();
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
    }

    fn extinction(&mut self, x: &Extinction) {
        if x.all && x.kinds.len() > 1 {
            self.no("`extinction all` of several kinds");
        }
        self.set("extinctionValue", value(x.outcome));
        if x.below > 1 {
            self.set("extinctionPieceCount", (x.below - 1).to_string());
        }
        if x.opponent_has > 0 {
            self.set("extinctionOpponentPieceCount", x.opponent_has.to_string());
        }
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

    /// A zone reached: Fairy-Stockfish's flag, a win for one kind or any piece.
    fn reach(&mut self, r: &Reach) {
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
        // Fairy-Stockfish's extra move is Racing Kings' rule for its king, and waits
        // for the player's next turn for any other piece
        let king = r.kinds.iter().any(|&k| self.def.pieces[k].royal);
        if r.after_reply && !king {
            self.no("`after-reply` for a piece that is not royal");
        }
        if r.held && king {
            self.no("`held` for a royal piece");
        }
        if r.after_reply || r.held {
            self.set("flagMove", "true");
        }
        if r.safe {
            self.set("flagPieceSafe", "true");
        }
    }
}

/// An outcome as Fairy-Stockfish writes a value (a colour's win has none).
fn value(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
        Outcome::Draw | Outcome::WinFor(_) => "draw",
    }
}
