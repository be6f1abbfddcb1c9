//! Pieces written as vdl: their moves, en passant, promotions.

use super::super::pieces::{self, Group};
use super::super::variant::{Cell, Piece};
use super::{Square, Writer};
use crate::diagnostic::{Code, Diagnostic};

impl Writer<'_> {
    /// The cells a side's piece of this type starts on.
    pub(super) fn start_cells(&self, p: &Piece, side: usize) -> Vec<Cell> {
        self.cells_where(|s| match s {
            Square::Piece(label) if label.len() == 1 => {
                let c = label.chars().next().unwrap_or(' ');
                c.to_ascii_lowercase() == p.letter && c.is_ascii_uppercase() == (side == 0)
            }
            _ => false,
        })
    }

    pub(super) fn piece(&mut self, p: &Piece) -> Result<String, Diagnostic> {
        let name = pieces::name(&p.key);
        let mut props: Vec<String> = Vec::new();
        if p.key == "king" {
            props.push("royal".into());
        } else if let Some((_, royal)) = self.pseudo_royal.as_ref().filter(|r| r.0 == p.key) {
            props.push(royal.clone());
        }
        let (moves, initial, _) = self.moves(p)?;
        props.push(format!("moves \"{moves}\""));
        if !initial.is_empty() && self.v.double_step {
            let region = self.v.double_step_region.clone();
            let starts = [self.start_cells(p, 0), self.start_cells(p, 1)];
            let hand = self
                .start
                .hand
                .as_deref()
                .unwrap_or("")
                .chars()
                .any(|c| c.to_ascii_lowercase() == p.letter)
                || self.v.captures_to_hand;
            let on_region = |side: usize| {
                !starts[side].is_empty() && starts[side].iter().all(|c| region[side].contains(c))
            };
            let same = !hand && starts[0] == region[0] && starts[1] == region[1];
            if same
                || (on_region(0)
                    && on_region(1)
                    && starts[0].len() == region[0].len()
                    && starts[1].len() == region[1].len())
            {
                let joined: Vec<String> = initial.iter().map(|g| format!("i{g}")).collect();
                let last = props.len() - 1;
                props[last] = format!("moves \"{moves} {}\"", joined.join(" "));
            } else if !region[0].is_empty() || !region[1].is_empty() {
                let zone = self.zone("double-step", &region);
                props.push(format!("moves \"{}\" in {zone}", initial.join(" ")));
            }
        }
        if p.key == "pawn"
            && self.v.double_step
            && (!self.v.triple_step_region[0].is_empty()
                || !self.v.triple_step_region[1].is_empty())
        {
            let zone = self.zone("triple-step", &self.v.triple_step_region.clone());
            props.push(format!("moves \"fmnH\" in {zone}"));
        }
        if let Some(text) = self.en_passant(p)? {
            props.push(text.into());
        }
        if let Some(promotes) = self.promotion(p)? {
            props.push(promotes);
        }
        if p.key == "king" && self.v.flying_general {
            props.push("no-facing".into());
        }
        if self.v.petrify.contains(&p.key) {
            props.push(self.petrifies(p));
        }
        if self.v.mutually_immune.contains(&p.key) {
            props.push(format!("cannot-capture {}", pieces::name(&p.key)));
        }
        if p.key == "king" && self.v.makpong {
            props.push("in-check captures-checker".into());
        }
        if let Some(first) = self.first_move(p) {
            props.push(first);
        }
        if let Some(limit) = self.promotion_limit(p) {
            props.push(limit);
        }
        match self.v.flip.as_deref() {
            Some("reversi") => props.push("flips lines".into()),
            Some("ataxx") => props.push("flips neighbours".into()),
            _ => {}
        }
        let label = p.letter.to_ascii_uppercase();
        Ok(
            if props.len() <= 2 && props.iter().map(String::len).sum::<usize>() < 50 {
                format!("piece {name} {label} {{ {} }}", props.join(" "))
            } else {
                format!("piece {name} {label} {{\n  {}\n}}", props.join("\n  "))
            },
        )
    }

    /// `cambodianMoves`, whose rights are gates: the king's leap as a knight to the
    /// rank ahead, not out of check and lost once a rook aims at it; the fers's jump
    /// two cells ahead.
    fn first_move(&self, p: &Piece) -> Option<String> {
        if !(self.v.cambodian_moves && self.v.gating) {
            return None;
        }
        match p.key.as_str() {
            "king" => {
                let rooks = self.kinds_of("rook");
                let aimed = if rooks.is_empty() {
                    String::new()
                } else {
                    format!(" lost-when-aimed-by {}", rooks.join(" "))
                };
                Some(format!("first-move \"mfsN\" not-in-check{aimed}"))
            }
            "fers" => Some("first-move \"mfD\"".into()),
            _ => None,
        }
    }

    /// A type of `petrifyOnCaptureTypes`: `petrifies`, but for a royal piece, which
    /// may not capture at all (its side cannot lose it) and so attacks nothing.
    fn petrifies(&self, p: &Piece) -> String {
        let royal = p.key == "king" || self.pseudo_royal.as_ref().is_some_and(|r| r.0 == p.key);
        if !royal {
            return "petrifies".into();
        }
        let mut kinds: Vec<String> = Vec::new();
        for key in &self.used {
            kinds.extend(self.kinds_of(key));
        }
        kinds.dedup();
        format!("cannot-capture {}", kinds.join(" "))
    }

    /// `petrifyOnCaptureTypes` as vdl writes it: one kind per type, not beside
    /// blasts or the duck (the board's one wall).
    pub(super) fn petrifying(&self) -> Result<(), Diagnostic> {
        let v = self.v;
        let span = v.start_fen.1;
        let refuse = |message: String| Err(self.refusal(span, message, "petrifyOnCaptureTypes"));
        if v.petrify.is_empty() {
            return Ok(());
        }
        if v.blast_on_capture {
            return refuse("petrification beside blasts is not expressed".into());
        }
        if v.walling.as_deref() == Some("duck") {
            return refuse(
                "petrification beside the duck (the board's one wall) is not expressed".into(),
            );
        }
        for key in &v.petrify {
            let kinds = self.kinds_of(key);
            if kinds.len() > 1 {
                return refuse(format!(
                    "petrification of `{key}`, which is {} here, is not expressed",
                    kinds.join(" and ")
                ));
            }
        }
        Ok(())
    }

    /// `promotionLimit` of a type a pawn's promotion makes: `promotion-limit N`
    /// (a type that is several kinds here is refused by `promotion_limits`).
    fn promotion_limit(&self, p: &Piece) -> Option<String> {
        let &(_, n) = self.v.promotion_limit.iter().find(|(k, _)| *k == p.key)?;
        let v = self.v;
        let made = v
            .promotion_piece_types
            .iter()
            .flatten()
            .any(|k| *k == p.key)
            && (v.promotion_pawn_types.iter().flatten()).any(|k| self.used.contains(k));
        made.then(|| format!("promotion-limit {n}"))
    }

    /// Every `promotionLimit` holds on one kind here: Fairy-Stockfish counts a type,
    /// and a shogi-style promotion makes a kind of its own that counts as it.
    pub(super) fn promotion_limits(&self) -> Result<(), Diagnostic> {
        for (key, _) in &self.v.promotion_limit {
            let kinds = self.kinds_of(key);
            if kinds.len() > 1 {
                return Err(self.refusal(
                    self.v.start_fen.1,
                    format!(
                        "a limit on `{key}`, which is {} here, counted together, is not expressed",
                        kinds.join(" and ")
                    ),
                    "promotionLimit",
                ));
            }
        }
        Ok(())
    }

    /// The piece's moves: the Betza it always has, its initial moves (without the
    /// `i`), and whether it takes part in en passant.
    pub(super) fn moves(&self, p: &Piece) -> Result<(String, Vec<String>, bool), Diagnostic> {
        let ep = self.v.en_passant_types[0].contains(&p.key);
        if p.key == "pawn" {
            return Ok(("fmW fcF".into(), vec!["fmnD".into()], ep));
        }
        let Some(groups) = pieces::groups(&p.betza) else {
            return Err(Diagnostic::error(
                Code::FsfBadValue,
                format!("`{}` is not Betza notation Fairy-Stockfish reads", p.betza),
            )
            .at(p.span, "cannot be split into moves"));
        };
        let mut always = Vec::new();
        let mut initial = Vec::new();
        let mut passant = false;
        for g in &groups {
            let mut g: Group = g.clone();
            if g.has('e') {
                passant = true;
                g = g.without('e');
            }
            if g.has('i') {
                initial.push(g.without('i').to_vdl());
            } else {
                always.push(g.to_vdl());
            }
        }
        if passant && groups.iter().any(|g| g.has('c') && !g.has('e')) {
            return Err(self.refusal(
                p.span,
                format!(
                    "`{}` captures en passant with some of its captures only",
                    p.betza
                ),
                "vdl's en passant takes every capture of the piece",
            ));
        }
        if always.is_empty() && initial.is_empty() {
            return Ok((String::new(), Vec::new(), false));
        }
        // kept as written where vdl reads it alike
        if initial.is_empty()
            && !passant
            && groups
                .iter()
                .all(|g| g.to_vdl() == g.modifiers.clone() + &g.rest)
        {
            return Ok((p.betza.trim().to_string(), initial, ep));
        }
        Ok((always.join(" "), initial, passant || ep))
    }

    /// Whether the piece is written with `en-passant`, which in vdl both leaves
    /// the cells of any quiet move along a path capturable and captures so. In
    /// Fairy-Stockfish a pawn's straight double step and other pieces' initial
    /// moves leave them, and en-passant pieces take them: where the two differ in
    /// a way that can happen in a game, the section is refused.
    /// How the piece takes part in en passant: as both (`en-passant`), only as the
    /// piece taken (`en-passant passive`: a custom piece's initial double step,
    /// which Fairy-Stockfish leaves capturable by its en-passant types), or not.
    pub(super) fn en_passant(&self, p: &Piece) -> Result<Option<&'static str>, Diagnostic> {
        let creates = |q: &Piece| {
            q.key == "pawn"
                || self
                    .moves(q)
                    .is_ok_and(|(_, initial, _)| initial.iter().any(|g| passes_cells(g)))
        };
        let captures = |q: &Piece| self.moves(q).is_ok_and(|(_, _, ep)| ep);
        let in_game = || self.v.pieces.iter().filter(|q| self.used.contains(&q.key));
        let any_creates = in_game().any(creates);
        let any_captures = in_game().any(captures);
        let quiet_paths = self.moves(p).is_ok_and(|(always, _, _)| {
            p.key != "pawn"
                && pieces::groups(&always)
                    .unwrap_or_default()
                    .iter()
                    .any(|g| passes_cells(&g.to_vdl()))
        });
        match (creates(p), captures(p)) {
            (true, true) if !quiet_paths => Ok(Some("en-passant")),
            (_, true) if !any_creates => Ok(None),
            (true, false) if !any_captures => Ok(None),
            (true, false) if !quiet_paths => Ok(Some("en-passant passive")),
            (false, false) => Ok(None),
            _ => Err(self.refusal(p.span, format!("`{}`'s en passant differs from vdl's, which takes every quiet move along a path", p.betza), "en passant")),
        }
    }

    pub(super) fn promotion(&mut self, p: &Piece) -> Result<Option<String>, Diagnostic> {
        let v = self.v;
        let pawn = [0, 1].map(|s| {
            v.promotion_pawn_types[s].contains(&p.key)
                && !v.promotion_piece_types[s].is_empty()
                && !v.promotion_region[s].is_empty()
        });
        let promoted = v
            .promoted_piece_type
            .iter()
            .find(|(f, _)| *f == p.key)
            .map(|(_, t)| t.clone());
        if pawn[0] || pawn[1] {
            if promoted.is_some() {
                return Err(self.refusal(
                    p.span,
                    format!("`{}` promotes both as a pawn and as a shogi piece", p.key),
                    "two kinds of promotion",
                ));
            }
            return self.pawn_promotion(p, pawn).map(Some);
        }
        let Some(target) = promoted else {
            return Ok(None);
        };
        if v.promotion_region[0].is_empty() && v.promotion_region[1].is_empty() {
            return Ok(None);
        }
        let zone = self.zone("promotion", &v.promotion_region.clone());
        let Some(t) = v.piece(&target) else {
            return Ok(None);
        };
        let name = format!("Promoted{}", pieces::name(&p.key));
        let (moves, _, _) = self.moves(t)?;
        let label = format!("+{}", p.letter.to_ascii_uppercase());
        if !self.promoted.iter().any(|x| x.0 == name) {
            self.promoted
                .push((name.clone(), label, moves, pieces::name(&p.key)));
            self.promoted_types.push((name.clone(), target.clone()));
        }
        let optional = if v.mandatory_piece_promotion {
            String::new()
        } else {
            self.optional(p)
        };
        let on_capture = self.on_capture();
        Ok(Some(format!(
            "promotes in {zone} or-leaving to {name}{on_capture}{optional}"
        )))
    }

    /// ` on-capture` where shogi-style promotions happen only on captures.
    pub(super) fn on_capture(&self) -> &'static str {
        if self.v.piece_promotion_on_capture {
            " on-capture"
        } else {
            ""
        }
    }

    /// A promoted kind's turning back to `base` (`pieceDemotion`): as compulsory as
    /// promotion is, in the same zone.
    pub(super) fn demotion(&mut self, base: &str) -> String {
        let v = self.v;
        if !v.piece_demotion {
            return String::new();
        }
        let zone = self.zone("promotion", &v.promotion_region.clone());
        let optional = if v.mandatory_piece_promotion {
            ""
        } else {
            " optional"
        };
        let on_capture = self.on_capture();
        format!(" promotes in {zone} or-leaving to {base}{on_capture}{optional}")
    }

    /// A pawn's promotion (`pawn`: per side, whether it promotes so).
    fn pawn_promotion(&mut self, p: &Piece, pawn: [bool; 2]) -> Result<String, Diagnostic> {
        let v = self.v;
        // a side that never has the piece may be given the other side's promotion
        let hand = self.start.hand.clone().unwrap_or_default();
        let never = [0, 1].map(|side| {
            self.start_cells(p, side).is_empty()
                && !v.captures_to_hand
                && !hand.chars().any(|c| {
                    c.to_ascii_lowercase() == p.letter && c.is_ascii_uppercase() == (side == 0)
                })
        });
        let from = |side: usize| {
            if pawn[side] || !never[side] {
                side
            } else {
                1 - side
            }
        };
        if pawn[0] != pawn[1] && !never[usize::from(pawn[0])] {
            return Err(self.refusal(
                p.span,
                "a piece that promotes for one side only is not expressed".into(),
                "promotion",
            ));
        }
        let region = [
            v.promotion_region[from(0)].clone(),
            v.promotion_region[from(1)].clone(),
        ];
        let zone = self.zone("promotion", &region);
        let names = [0, 1].map(|s| self.choices(p, &v.promotion_piece_types[from(s)]));
        let to = if names[0] == names[1] {
            names[0].join(" ")
        } else {
            format!("white {} black {}", names[0].join(" "), names[1].join(" "))
        };
        if v.sittuyin_promotion && p.key != "pawn" {
            return Err(self.refusal(
                p.span,
                format!(
                    "`sittuyinPromotion` is the pawn's; `{}` promotes too",
                    p.key
                ),
                "promotion",
            ));
        }
        let optional = if v.sittuyin_promotion {
            " in-place".into()
        } else if v.mandatory_pawn_promotion {
            String::new()
        } else {
            self.optional(p)
        };
        Ok(format!("promotes in {zone} to {to}{optional}"))
    }

    /// ` optional`, and where the piece could never move again: ` except in ZONE`.
    pub(super) fn optional(&mut self, p: &Piece) -> String {
        if !self.v.immobility_illegal {
            return " optional".into();
        }
        let dead = self.dead_cells(p);
        if dead[0].is_empty() && dead[1].is_empty() {
            return " optional".into();
        }
        let zone = self.zone(
            &format!("dead-{}", pieces::name(&p.key).to_lowercase()),
            &dead,
        );
        format!(" optional except in {zone}")
    }

    /// Each side's cells from which the piece has no quiet move on an empty board.
    pub fn dead_cells(&self, p: &Piece) -> [Vec<Cell>; 2] {
        let moves = self.moves(p).map(|m| m.0).unwrap_or_default();
        let steps = pieces::quiet_steps(&moves, true, true);
        let cells = self.all_cells();
        [0, 1].map(|side| {
            cells
                .iter()
                .copied()
                .filter(|&(f, r)| {
                    !steps.iter().any(|&(dx, dy)| {
                        let dy = if side == 0 { dy } else { -dy };
                        let (nf, nr) = (f as i32 + dx, r as i32 + dy);
                        nf >= 0
                            && nr >= 0
                            && nf < self.v.files as i32
                            && nr < self.v.ranks as i32
                            && cells.contains(&(nf as u8, nr as u8))
                    })
                })
                .collect()
        })
    }

    pub(super) fn choices(&mut self, pawn: &Piece, kinds: &[String]) -> Vec<String> {
        let drops = self.v.captures_to_hand && !self.v.drop_loop;
        kinds
            .iter()
            .filter_map(|k| self.v.piece(k).cloned())
            .map(|t| {
                let name = pieces::name(&t.key);
                if !drops {
                    return name;
                }
                let promoted = format!("Promoted{name}");
                if !self.promoted.iter().any(|x| x.0 == promoted) {
                    let moves = self.moves(&t).map(|m| m.0).unwrap_or_default();
                    let label = format!("{}~", t.letter.to_ascii_uppercase());
                    self.promoted
                        .push((promoted.clone(), label, moves, pieces::name(&pawn.key)));
                    self.promoted_types.push((promoted.clone(), t.key.clone()));
                }
                promoted
            })
            .collect()
    }
}

/// Whether a move of a Betza group (quiet-capable) passes cells on its way: a
/// rider, or a lame leaper.
fn passes_cells(group: &str) -> bool {
    pieces::groups(group).unwrap_or_default().iter().any(|g| {
        let quiet = !g.has('c') || g.has('m');
        let rest: Vec<char> = g.rest.chars().collect();
        let rider = matches!(rest.first(), Some('R' | 'B' | 'Q')) || rest.len() > 1;
        quiet && (rider || g.has('n'))
    })
}
