//! `piece` sections: names and labels (each once, no label the start of another),
//! then each piece's properties read into a `PieceDef`, each given once.

use super::{betza, report, Problems, Report, Zones, MAX_EP_CELLS, MAX_PIECE_KINDS};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{BoardShape, FirstMove, Geometry, MoveMode, MoveRule, PieceDef, Tiling};
use crate::syntax::{self, Name, PieceProp};

/// Where each property of one piece was first given, and the move rules written so
/// far (their count numbers the next rule).
#[derive(Default)]
struct Given {
    written: u16,
    royal: Option<Span>,
    immobilize: Option<Span>,
    swap: Option<Span>,
    immune: Option<Span>,
    modes: Vec<(&'static str, Span)>,
    en_passant: Option<Span>,
    promotes: Option<Span>,
    captured_as: Option<Span>,
    two_cell: Option<Span>,
    value: Option<Span>,
    confined: Option<Span>,
    facing: Option<Span>,
    captures_checker: Option<Span>,
    petrifies: Option<Span>,
    flips: Option<Span>,
    first_move: Option<Span>,
    promotion_limit: Option<Span>,
    cannot: [Option<Span>; 2],
}

/// The `piece` sections read into definitions, then checked against the board:
/// how many pieces one move may capture and how many cells their moves need.
pub(super) fn pieces(
    decls: &[&syntax::PieceDecl],
    board: Option<&BoardShape>,
    zones: Option<&Zones>,
) -> Report<Vec<PieceDef>> {
    report(|p| {
        // First: names and letters, so promotions may name pieces declared later.
        p.names_and_labels(decls);
        let known: Vec<&str> = decls.iter().map(|d| d.name.value.as_str()).collect();
        let setting = Setting {
            zones,
            known: &known,
            decls,
            tiling: board.map_or(Tiling::Square, |b| b.tiling),
        };
        let defs: Vec<PieceDef> = decls.iter().map(|d| p.piece(d, setting)).collect();
        p.promotions_to_two_cell(decls, &defs);
        p.one_royal_count(decls, &defs);
        p.limits_promoted_to(decls, &defs);
        if let Some(board) = board {
            p.capture_capacity(board, decls, &defs);
            p.movement_size(board, decls, &defs);
        }
        defs
    })
}

/// What each piece is read against: the zones, the pieces' names and the board's tiling.
#[derive(Clone, Copy)]
struct Setting<'a> {
    zones: Option<&'a Zones>,
    known: &'a [&'a str],
    decls: &'a [&'a syntax::PieceDecl],
    tiling: Tiling,
}

impl Problems {
    /// Each name and label once, no label the start of another, not too many kinds.
    fn names_and_labels(&mut self, decls: &[&syntax::PieceDecl]) {
        let mut names: Vec<&Name> = Vec::new();
        let mut labels: Vec<&Name> = Vec::new();
        for (i, p) in decls.iter().enumerate() {
            if i == MAX_PIECE_KINDS {
                self.push(
                    Diagnostic::error(
                        Code::Limit,
                        format!("more than {MAX_PIECE_KINDS} piece kinds"),
                    )
                    .at(p.name.span, format!("piece number {}", i + 1))
                    .help(format!(
                        "vdl supports at most {MAX_PIECE_KINDS} kinds of piece in one variant"
                    )),
                );
            }
            if let Some(first) = names.iter().find(|n| n.value == p.name.value) {
                self.push(
                    Diagnostic::error(
                        Code::DuplicatePiece,
                        format!("the piece `{}` is declared twice", p.name.value),
                    )
                    .at(p.name.span, "declared again here")
                    .also(first.span, "first declared here")
                    .help("give each piece its own name"),
                );
            }
            names.push(&p.name);
            if self.piece_label(&p.letter) {
                self.label_clash(&p.letter, &labels);
                labels.push(&p.letter);
            }
        }
    }

    /// A label used before, or the start of one used before (or the other way).
    fn label_clash(&mut self, label: &Name, labels: &[&Name]) {
        if let Some(first) = labels.iter().find(|l| l.value == label.value) {
            self.push(
                Diagnostic::error(Code::DuplicateLetter, format!("the label `{}` is used by two pieces", label.value))
                    .at(label.span, "used again here")
                    .also(first.span, "first used here")
                    .help("FEN and move notation tell pieces apart by label: give each piece its own label"),
            );
        } else if let Some(other) = labels
            .iter()
            .find(|l| begins(&l.value, &label.value) || begins(&label.value, &l.value))
        {
            let (short, long) = if other.value.len() < label.value.len() {
                (&other.value, &label.value)
            } else {
                (&label.value, &other.value)
            };
            self.push(
                Diagnostic::error(
                    Code::PrefixLabel,
                    format!("the label `{short}` is the start of `{long}`"),
                )
                .at(label.span, "this label")
                .also(other.span, "and this one")
                .help(format!(
                    "a FEN reading `{long}` could mean one piece or `{short}` and another: no label may begin another"
                )),
            );
        }
    }

    /// One piece: its properties read, then checked together.
    fn piece(&mut self, p: &syntax::PieceDecl, at: Setting) -> PieceDef {
        let mut def = PieceDef::plain(&p.name.value, &p.letter.value);
        let mut given = Given::default();
        for prop in &p.props {
            self.piece_prop(&mut def, &mut given, prop, p, at);
        }
        if def.two_cell.is_some() {
            self.one_cell_properties(p);
        }
        def.royal = given.royal.is_some();
        def.no_facing = given.facing.is_some();
        def.captures_checker = given.captures_checker.is_some();
        def.petrifies = given.petrifies.is_some();
        self.zoned_capture_modes(&def, given.confined, p);
        self.restrictions_fit(&def, &given.cannot);
        if let (Some(at), None) = (given.facing, given.royal) {
            self.push(
                Diagnostic::error(
                    Code::BadRegion,
                    format!("`{}` has `no-facing` but is not royal", def.name),
                )
                .at(at, "only royal pieces may not face each other")
                .help("add `royal`, or leave out `no-facing`"),
            );
        }
        def.en_passant = given.en_passant.is_some();
        def.immobilize = given.immobilize.is_some();
        def.swap = given.swap.is_some();
        def.immune = given.immune.is_some();
        if let Some(at) = given.en_passant {
            self.en_passant_reach(&def, at);
        }
        def
    }

    /// One property of a piece, into its definition; a property given twice is an error.
    fn piece_prop(
        &mut self,
        def: &mut PieceDef,
        given: &mut Given,
        prop: &PieceProp,
        p: &syntax::PieceDecl,
        at: Setting,
    ) {
        let Setting {
            zones,
            known,
            decls,
            tiling,
        } = at;
        let name = &p.name.value;
        match prop {
            PieceProp::Royal(s, last) => {
                self.flag_once(&mut given.royal, *s, "royal", name);
                def.royal_last = last.as_ref().and_then(|l| self.royal_last(l));
            }
            PieceProp::Immobilize(s) => {
                self.flag_once(&mut given.immobilize, *s, "immobilize", name)
            }
            PieceProp::Swap(s) => self.flag_once(&mut given.swap, *s, "swap", name),
            PieceProp::Immune(s) => self.flag_once(&mut given.immune, *s, "immune", name),
            PieceProp::Capture {
                span,
                kind,
                options,
            } => self.capture_prop(def, given, (*span, kind, options), name),
            PieceProp::EnPassant(s, zone, passive) => {
                self.flag_once(&mut given.en_passant, *s, "en-passant", name);
                def.en_passant_in = self.zone_name(zone.as_ref(), zones);
                def.en_passant_passive = passive.is_some();
            }
            PieceProp::Promotes { span, .. } => {
                self.flag_once(&mut given.promotes, *span, "promotes", name);
                def.promotion = self.promotion(prop, zones, known, decls);
            }
            PieceProp::CapturedAs(span, piece) => {
                self.flag_once(&mut given.captured_as, *span, "captured-as", name);
                def.captured_as = self.piece_ref(piece, known, decls);
            }
            PieceProp::Confined(span, zone) => {
                self.flag_once(&mut given.confined, *span, "confined", name);
                def.confined = self.zone_name(Some(zone), zones);
            }
            PieceProp::NoFacing(s) => self.flag_once(&mut given.facing, *s, "no-facing", name),
            PieceProp::CapturesChecker(s) => self.flag_once(
                &mut given.captures_checker,
                *s,
                "in-check captures-checker",
                name,
            ),
            PieceProp::Petrifies(s) => self.flag_once(&mut given.petrifies, *s, "petrifies", name),
            PieceProp::Flips(s, word) => {
                self.flag_once(&mut given.flips, *s, "flips", name);
                def.flips = Some(match word.value {
                    syntax::FlipWord::Lines => crate::model::Flip::Lines,
                    syntax::FlipWord::Neighbours => crate::model::Flip::Neighbours,
                });
            }
            PieceProp::FirstMove(f) => {
                self.flag_once(&mut given.first_move, f.span, "first-move", name);
                def.first_move = self.first_move(f, known, decls, tiling);
            }
            PieceProp::Cannot(span, what, names) => {
                self.restriction(def, (*span, *what, names), &mut given.cannot, known, decls)
            }
            PieceProp::Betza(text, region) => {
                self.betza_prop(def, given, (text, region), zones, tiling)
            }
            PieceProp::PromotionLimit(span, n) => {
                self.flag_once(&mut given.promotion_limit, *span, "promotion-limit", name);
                def.promotion_limit = self.promotion_limit(n);
            }
            PieceProp::Value(v) => {
                self.flag_once(&mut given.value, v.span, "value", name);
                def.value = self.piece_value(v);
            }
            PieceProp::TwoCell(span, items) => {
                self.flag_once(&mut given.two_cell, *span, "two-cell", name);
                def.two_cell = Some(self.two_cell(*span, items));
            }
            PieceProp::Rules(_, rules, region) => {
                let region = self.move_region(region.as_ref(), zones);
                for r in rules {
                    let rules = self.move_rule(r, tiling);
                    def.rules.extend(rules.into_iter().map(|r| MoveRule {
                        written: given.written,
                        region: region.clone(),
                        ..r
                    }));
                    given.written += 1;
                }
            }
        }
    }

    /// `capture MODE ...`: each mode once.
    fn capture_prop(
        &mut self,
        def: &mut PieceDef,
        given: &mut Given,
        (span, kind, options): (Span, &Name, &[Name]),
        name: &str,
    ) {
        let Some(mode) = self.capture_mode(kind, options) else {
            return;
        };
        if let Some(&(_, first)) = given.modes.iter().find(|(n, _)| *n == mode.name()) {
            self.push(
                Diagnostic::error(
                    Code::DuplicateProperty,
                    format!("`capture {}` is given twice for `{name}`", mode.name()),
                )
                .at(span, "second one here")
                .also(first, "first one here")
                .help("give each capture mode once"),
            );
        } else {
            given.modes.push((mode.name(), span));
            def.captures.push(mode);
        }
    }

    /// `moves "BETZA" [in ZONE]`: the rules, numbered after those written before.
    fn betza_prop(
        &mut self,
        def: &mut PieceDef,
        given: &mut Given,
        (text, region): (&Name, &Option<syntax::RegionDecl>),
        zones: Option<&Zones>,
        tiling: Tiling,
    ) {
        if let Some(rules) = self.betza(text, tiling) {
            let base = given.written;
            given.written += betza::group_spans(&text.value).len() as u16;
            let region = self.move_region(region.as_ref(), zones);
            def.rules.extend(rules.into_iter().map(|r| MoveRule {
                written: base + r.written,
                region: region.clone(),
                ..r
            }));
        }
    }

    /// A Betza string's rules; none (reported) where it does not read.
    fn betza(&mut self, text: &Name, tiling: Tiling) -> Option<Vec<MoveRule>> {
        betza::parse(&text.value, tiling)
            .map_err(|e| {
                self.push(
                    Diagnostic::error(Code::BadBetza, e.message)
                        .at(text.span.sub(e.offset, e.len), "here")
                        .help(e.help),
                )
            })
            .ok()
    }

    /// `first-move "BETZA" ...`: quiet moves only, and the kinds that take the
    /// right away.
    fn first_move(
        &mut self,
        f: &syntax::FirstMoveDecl,
        known: &[&str],
        decls: &[&syntax::PieceDecl],
        tiling: Tiling,
    ) -> Option<FirstMove> {
        let rules = self.betza(&f.betza, tiling)?;
        if rules.iter().any(|r| r.mode != MoveMode::Quiet) {
            self.push(
                Diagnostic::error(Code::BadFirstMove, "a first move that may capture")
                    .at(f.betza.span, "some of these moves capture")
                    .help("first moves never capture: mark each with `m` (as in \"mfD\")"),
            );
        }
        let aimed_by = (f.aimed_by.iter())
            .filter_map(|n| self.piece_ref(n, known, decls))
            .collect();
        Some(FirstMove {
            rules,
            not_in_check: f.not_in_check.is_some(),
            aimed_by,
            lost_when_checked: f.lost_when_checked.is_some(),
        })
    }

    /// An en-passant piece's quiet steps pass at most `MAX_EP_CELLS` cells.
    fn en_passant_reach(&mut self, def: &PieceDef, at: Span) {
        let longest = (def.rules.iter())
            .filter(|r| r.mode == MoveMode::Quiet)
            .filter_map(|r| match &r.geometry {
                Geometry::Leap(path) => Some(path.len() - 1),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        if longest > MAX_EP_CELLS {
            self.push(
                Diagnostic::error(
                    Code::Limit,
                    format!("`{}` passes {longest} cells in one quiet step; en passant allows at most {MAX_EP_CELLS}", def.name),
                )
                .at(at, "en passant for this piece")
                .help("shorten the step, or leave out `en-passant`"),
            );
        }
    }
}

/// Whether label `long` starts with label `short` so that a FEN could read it as
/// `short` and another piece (`Q~` after `Q` cannot: no label starts with `~`).
fn begins(long: &str, short: &str) -> bool {
    long.strip_prefix(short)
        .is_some_and(|rest| !rest.starts_with('~'))
}
