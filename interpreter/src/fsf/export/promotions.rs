//! Promotions exported.

use super::{betza_of, fsf_group, Exporter};
use crate::fsf::pieces;

impl Exporter<'_> {
    pub(super) fn promotions(&mut self) {
        let d = self.def;
        let mut region: Option<String> = None;
        let mut choices: Option<[String; 2]> = None;
        let mut mandatory: Option<bool> = None;
        let mut promoted: Vec<String> = Vec::new();
        let mut piece_mandatory: Option<bool> = None;
        let mut on_capture: Option<bool> = None;
        let mut demotion = false;
        for (k, p) in d.pieces.iter().enumerate() {
            let Some(pr) = &p.promotion else { continue };
            if pr.leaving && self.turns_back(k) {
                // `+X` back to `X`: Fairy-Stockfish's pieceDemotion
                demotion = true;
                continue;
            }
            if on_capture.is_some_and(|c| c != pr.on_capture) {
                self.no("promotions on capture beside promotions on any move");
            }
            on_capture = Some(pr.on_capture);
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
                if let Some(to) = self.shogi_promotion(k, target) {
                    promoted.push(to);
                }
                if piece_mandatory.is_some_and(|m| m == pr.optional) {
                    self.no("optional and compulsory shogi-style promotions together");
                }
                piece_mandatory = Some(!pr.optional);
                continue;
            }
            let both = [names(0), names(1)];
            if pr.in_place {
                self.in_place(k);
            }
            if choices.as_ref().is_some_and(|c| *c != both) {
                self.no("promotion choices that differ between pieces");
            }
            choices = Some(both);
            if pr.in_place {
                continue;
            }
            if mandatory.is_some_and(|m| m == pr.optional) {
                self.no("optional and compulsory promotions together");
            }
            mandatory = Some(!pr.optional);
        }
        self.set_promotion_keys(region, choices, mandatory, (promoted, piece_mandatory));
        self.turning_back_keys(demotion, on_capture == Some(true));
        let limits: Vec<String> = (d.pieces.iter().enumerate())
            .filter_map(|(k, p)| Some(format!("{}:{}", self.letters[k]?, p.promotion_limit?)))
            .collect();
        if !limits.is_empty() {
            self.set("promotionLimit", limits.join(" "));
        }
    }

    /// Whether kind `k` is a `+X` whose promotion turns it back into the `X` that
    /// promotes to it.
    pub(super) fn turns_back(&self, k: usize) -> bool {
        let d = self.def;
        let p = &d.pieces[k];
        p.promotion.as_ref().is_some_and(|pr| match pr.choices[..] {
            [base] => {
                d.turns_back(k, base)
                    && d.pieces[base]
                        .promotion
                        .as_ref()
                        .is_some_and(|b| b.leaving && b.choices == [k])
            }
            _ => false,
        })
    }

    /// `pieceDemotion` and `piecePromotionOnCapture`: Fairy-Stockfish's demotion
    /// is as compulsory as its promotion, on the same moves; vdl's must say the
    /// same of every kind that turns back.
    fn turning_back_keys(&mut self, demotion: bool, on_capture: bool) {
        let d = self.def;
        if on_capture {
            self.set("piecePromotionOnCapture", "true");
        }
        if !demotion {
            return;
        }
        let turning: Vec<usize> = (0..d.pieces.len())
            .filter(|&k| self.turns_back(k))
            .collect();
        let differs = turning.iter().any(|&k| {
            let back = d.pieces[k].promotion.as_ref();
            let base = back.map(|b| &d.pieces[b.choices[0]]);
            let forth = base.and_then(|b| b.promotion.as_ref());
            back.zip(forth).is_none_or(|(b, f)| {
                b.zone != f.zone || b.optional != f.optional || b.on_capture != f.on_capture
            })
        });
        if differs {
            self.no("a piece that turns back otherwise than it turned over (Fairy-Stockfish's demotion is the promotion's twin)");
        }
        if turning.len() < self.shogi_promotions() {
            self.no("some promoted pieces that turn back and some that do not");
        }
        self.set("pieceDemotion", "true");
    }

    /// How many kinds promote shogi-style (to a `+X`).
    fn shogi_promotions(&self) -> usize {
        (0..self.def.pieces.len())
            .filter(|&k| {
                self.def.pieces[k]
                    .promotion
                    .as_ref()
                    .is_some_and(|p| p.leaving)
                    && !self.turns_back(k)
            })
            .count()
    }

    /// An `in-place` promotion of kind `k`: Fairy-Stockfish's `sittuyinPromotion`,
    /// which is its pawn's, and which makes a king and pawn that may only promote a
    /// draw (`promotion-stalemate draw`).
    fn in_place(&mut self, k: usize) {
        let d = self.def;
        let pawn = self.type_letter("pawn");
        if pawn.is_none() || self.letters[k] != pawn {
            self.no(format!(
                "{}'s `in-place` promotion: Fairy-Stockfish's is its pawn's",
                d.pieces[k].name
            ));
        }
        if d.end.promotion_stalemate != Some(crate::model::Outcome::Draw) {
            self.no("an `in-place` promotion without `promotion-stalemate draw`, which Fairy-Stockfish's has");
        }
        self.set("sittuyinPromotion", "true");
    }

    /// The keys of the promotions gathered from every piece.
    fn set_promotion_keys(
        &mut self,
        region: Option<String>,
        choices: Option<[String; 2]>,
        mandatory: Option<bool>,
        (promoted, piece_mandatory): (Vec<String>, Option<bool>),
    ) {
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

    /// Shogi-style promotion of kind `k` to `target` (`+X`): the promoted kind gets
    /// a free letter of its own; `from:to`, as `promotedPieceType` lists it.
    fn shogi_promotion(&mut self, k: usize, target: usize) -> Option<String> {
        let d = self.def;
        let p = &d.pieces[k];
        let t = &d.pieces[target];
        let new_letter = self.free_letter();
        match (new_letter, betza_of(self.file, &t.name)) {
            (Some(l), Some((free, zoned, false)))
                if t.label.starts_with('+') && zoned.is_empty() =>
            {
                let betza: Option<String> =
                    pieces::groups(&free.join(" ")).and_then(|g| g.iter().map(fsf_group).collect());
                match betza {
                    Some(betza) => {
                        self.extra_letters.push(l);
                        self.custom(l, &betza);
                        return self.letters[k].map(|from| format!("{from}:{l}"));
                    }
                    None => self.no(format!(
                        "{}'s moves, outside Fairy-Stockfish's Betza",
                        t.name
                    )),
                }
            }
            _ => self.no(format!("{}'s promotion to {}", p.name, t.name)),
        }
        None
    }

    /// A letter no kind uses, for a promoted kind's own type.
    pub(super) fn free_letter(&self) -> Option<char> {
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
