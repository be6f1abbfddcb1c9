//! The `hand` section: pieces in hand, where they drop, and what a captured piece
//! becomes in the captor's hand (`captured-as`).

use super::{report, Problems, Report, Zones};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::Hand;
use crate::syntax::{self, HandDecl, HandRuleDecl, Name, PieceProp, Spanned};

/// What the hand rules are checked against.
pub(super) struct HandSetting<'a> {
    pub zones: Option<&'a Zones>,
    pub known: &'a [&'a str],
    pub pieces: &'a [&'a syntax::PieceDecl],
    /// The span of the `drops` rule, if there is one.
    pub queue: Option<Span>,
    /// Some castling starts where the start position puts it (`*`): the FEN's
    /// castling field names its rooks by file letters, as it would gates.
    pub free_castling: bool,
    /// The board's cells come in two colours (a board of squares).
    pub two_colours: bool,
}

/// The hand, with an error for each rule that cannot work: a kind given two drop
/// zones, a hand beside a drop queue or beside promotions to captured pieces (both
/// would count the pieces off the board), `captured-as` without `keep-captured`.
pub(super) fn hand(decls: &[&HandDecl], at: &HandSetting) -> Report<Option<Hand>> {
    report(|p| {
        for extra in decls.iter().skip(1) {
            p.push(
                Diagnostic::error(Code::DuplicateSection, "`hand` is given twice")
                    .at(extra.span, "second one here")
                    .also(decls[0].span, "first one here")
                    .help("a definition has one `hand` section; merge the two"),
            );
        }
        let Some(decl) = decls.first() else {
            p.captured_as_without_hand(at.pieces, None);
            return None;
        };
        if let Some(queue) = at.queue {
            p.push(
                Diagnostic::error(Code::BadHand, "a hand and a drop queue in one definition")
                    .at(decl.span, "the hand")
                    .also(queue, "the drop queue")
                    .help("pieces off the board wait either in a hand (any of them dropped as a turn) or in a queue (dropped in order with a move): keep one"),
            );
        }
        let mut hand = Hand::default();
        let mut keep_at = None;
        let mut promoted_at = None;
        let mut zoned: Vec<(usize, Span)> = Vec::new();
        let mut placed: Vec<(&str, Span)> = Vec::new();
        for rule in &decl.rules {
            match rule {
                HandRuleDecl::KeepCaptured(s) => {
                    if keep_at.is_some() {
                        p.push(
                            Diagnostic::error(Code::BadHand, "`keep-captured` is given twice")
                                .at(*s, "second one here")
                                .help("give it once"),
                        );
                    }
                    keep_at = Some(*s);
                }
                HandRuleDecl::Drop(_, names, zone) => {
                    p.hand_drop(names, zone, at, &mut zoned, &mut hand);
                }
                HandRuleDecl::OnTop(_) => hand.on_top = true,
                HandRuleDecl::Unlimited(s, names) => {
                    p.placement_once(&mut placed, "unlimited", *s);
                    hand.unlimited = p.kinds(names, at);
                }
                HandRuleDecl::DropEnclosing(s) => {
                    p.placement_once(&mut placed, "drop-enclosing", *s);
                    hand.drop_enclosing = true;
                }
                HandRuleDecl::DropNextToOwn(s) => {
                    p.placement_once(&mut placed, "drop-next-to-own", *s);
                    hand.drop_next_to_own = true;
                }
                HandRuleDecl::FirstDropsIn(s, zone) => {
                    p.placement_once(&mut placed, "first-drops-in", *s);
                    if let Some(zones) = at.zones {
                        p.zone_ref(zone, zones);
                    }
                    hand.first_drops_in = Some(zone.value.clone());
                }
                HandRuleDecl::NoDropCheck(_) => hand.no_drop_check = true,
                HandRuleDecl::MustDrop(_, names) => hand.must_drop = Some(p.kinds(names, at)),
                HandRuleDecl::CastleByDrop(_, names) => hand.castle_by_drop = p.kinds(names, at),
                HandRuleDecl::DropPromoted(span, names) => {
                    if let Some(first) = promoted_at {
                        p.push(
                            Diagnostic::error(Code::BadHand, "`drop-promoted` is given twice")
                                .at(*span, "second one here")
                                .also(first, "first one here")
                                .help(
                                    "list every kind dropped promoted in one `drop-promoted` rule",
                                ),
                        );
                    }
                    promoted_at = Some(*span);
                    p.drop_promoted(*span, names, at);
                    hand.drop_promoted = Some(p.kinds(names, at));
                }
                HandRuleDecl::SplitColours(span, names) => {
                    hand.split_colours = p.kinds(names, at);
                    p.two_colours(*span, at);
                }
                HandRuleDecl::OnePerFile(_, count, names) => {
                    hand.one_per_file = p.kinds(names, at);
                    hand.per_file = p.per_file(count.as_ref());
                }
                HandRuleDecl::NoDropMate(_, names) => {
                    hand.no_drop_mate = p.kinds(names, at);
                }
                HandRuleDecl::Gate(span, names, zone, or_drop) => {
                    p.gate(*span, names, zone, at, &mut hand);
                    hand.gate_or_drop = or_drop.is_some();
                }
            }
        }
        hand.keep_captured = keep_at.is_some();
        p.hand_beside_captured_promotion(at.pieces, decl.span);
        if keep_at.is_none() {
            p.captured_as_without_hand(at.pieces, Some(decl.span));
        }
        Some(hand)
    })
}

impl Problems {
    /// `unlimited`, `drop-enclosing`, `drop-next-to-own` and `first-drops-in` are
    /// each given once.
    fn placement_once(
        &mut self,
        placed: &mut Vec<(&'static str, Span)>,
        word: &'static str,
        at: Span,
    ) {
        if let Some(&(_, first)) = placed.iter().find(|(w, _)| *w == word) {
            self.push(
                Diagnostic::error(Code::BadHand, format!("`{word}` is given twice"))
                    .at(at, "second one here")
                    .also(first, "first one here")
                    .help(format!("give `{word}` once")),
            );
        }
        placed.push((word, at));
    }

    /// `drop-promoted` drops a piece as what its promotion makes: each kind named
    /// (some kind, without names) must promote on arrival to kinds of the player's
    /// choosing.
    fn drop_promoted(&mut self, span: Span, names: &[Name], at: &HandSetting) {
        let promotes = |decl: &syntax::PieceDecl| {
            decl.props.iter().any(|prop| {
                matches!(
                    prop,
                    PieceProp::Promotes {
                        in_place: None,
                        captured: None,
                        queue: None,
                        ..
                    }
                )
            })
        };
        for name in names {
            let Some(decl) = at.pieces.iter().find(|d| d.name.value == name.value) else {
                continue;
            };
            if !promotes(decl) {
                self.push(
                    Diagnostic::error(
                        Code::BadHand,
                        format!("`{}` is dropped promoted but does not promote", name.value),
                    )
                    .at(name.span, "no promotion on arrival")
                    .help("a piece is dropped as a kind its `promotes ... to` names: give it a promotion, or leave it out of `drop-promoted`"),
                );
            }
        }
        if names.is_empty() && !at.pieces.iter().any(|d| promotes(d)) {
            self.push(
                Diagnostic::error(Code::BadHand, "`drop-promoted` but no piece promotes")
                    .at(span, "drops nothing more")
                    .help("give the pieces that turn over a `promotes ... to` property, or leave out `drop-promoted`"),
            );
        }
    }

    /// `split-colours` needs cells of two colours: squares, not hexagons.
    fn two_colours(&mut self, span: Span, at: &HandSetting) {
        if !at.two_colours {
            self.push(
                Diagnostic::error(Code::BadHand, "`split-colours` on a board of hexagons")
                    .at(span, "needs cells of two colours")
                    .help("a hexagonal board's cells come in three colours: leave `split-colours` out"),
            );
        }
    }

    /// `per-file N`: 1 to 64 pieces of a kind on a file (1 for `one-per-file`).
    fn per_file(&mut self, count: Option<&Spanned<i64>>) -> u32 {
        match count {
            None => 1,
            Some(c) if (1..=64).contains(&c.value) => c.value as u32,
            Some(c) => {
                self.push(
                    Diagnostic::error(
                        Code::BadHand,
                        format!("{} pieces on a file cannot be a limit", c.value),
                    )
                    .at(c.span, "from 1 to 64")
                    .help("`per-file 2 Swallow`: no swallow is dropped on a file that has two"),
                );
                1
            }
        }
    }

    /// A `drop` rule: the kinds that drop on a zone, each on one zone only.
    fn hand_drop(
        &mut self,
        names: &[Name],
        zone: &Name,
        at: &HandSetting,
        zoned: &mut Vec<(usize, Span)>,
        hand: &mut Hand,
    ) {
        if let Some(zones) = at.zones {
            self.zone_ref(zone, zones);
        }
        for name in names {
            let Some(k) = self.piece_ref(name, at.known, at.pieces) else {
                continue;
            };
            if let Some(&(_, first)) = zoned.iter().find(|(z, _)| *z == k) {
                self.push(
                    Diagnostic::error(
                        Code::BadHand,
                        format!("`{}` is given two drop zones", name.value),
                    )
                    .at(name.span, "second zone for it here")
                    .also(first, "first here")
                    .help("a kind drops on one zone: make a zone of all its cells"),
                );
                continue;
            }
            zoned.push((k, name.span));
            hand.drop_zones.push((k, zone.value.clone()));
        }
    }

    /// A `gate` rule: the kinds that gate, the zone of gates, within the engine's
    /// limits.
    fn gate(&mut self, span: Span, names: &[Name], zone: &Name, at: &HandSetting, hand: &mut Hand) {
        if at.free_castling {
            self.push(
                Diagnostic::error(Code::BadHand, "gates beside a `*` castling")
                    .at(span, "gates named by file letter")
                    .help("the FEN's castling field names both gates and Chess960 castling rooks by file letter: give the castlings their start cells, or leave out `gate`"),
            );
        }
        if let Some(zones) = at.zones {
            self.zone_ref(zone, zones);
            self.one_gate_per_file(span, zone, zones);
        }
        if hand.gate.is_some() {
            self.push(
                Diagnostic::error(Code::BadHand, "`gate` is given twice")
                    .at(span, "second one here")
                    .help("list every kind that gates in one `gate` rule"),
            );
            return;
        }
        let kinds = self.kinds(names, at);
        let cells = at
            .zones
            .and_then(|z| z.get(&zone.value))
            .map_or(0, |z| z[0].len().max(z[1].len()));
        if cells > 32 || cells * kinds.len().max(1) > 254 {
            self.push(
                Diagnostic::error(
                    Code::Limit,
                    format!(
                        "{cells} gates for {} kinds are more than the engine keeps",
                        kinds.len()
                    ),
                )
                .at(span, "these gates")
                .help("a side may have at most 32 gates, and gates times gating kinds at most 254"),
            );
        }
        hand.gate = Some((kinds, zone.value.clone()));
    }

    /// The FEN names a gate by its file: a gate zone may have one cell per file
    /// and side.
    fn one_gate_per_file(&mut self, span: Span, zone: &syntax::Name, zones: &Zones) {
        let Some(cells) = zones.get(&zone.value) else {
            return;
        };
        for side in cells {
            let mut files: Vec<i32> = side.iter().map(|c| c.file).collect();
            let all = files.len();
            files.sort_unstable();
            files.dedup();
            if files.len() < all {
                self.push(
                    Diagnostic::error(
                        Code::BadHand,
                        format!("the gate zone `{}` has two cells on one file for a side", zone.value),
                    )
                    .at(span, "gates here")
                    .help("the FEN's castling field names a gate by its file letter: give each side at most one gate per file, e.g. its first rank"),
                );
                return;
            }
        }
    }

    fn kinds(&mut self, names: &[syntax::Name], at: &HandSetting) -> Vec<usize> {
        names
            .iter()
            .filter_map(|n| self.piece_ref(n, at.known, at.pieces))
            .collect()
    }

    /// `captured-as` says what a captured piece becomes in a hand: an error where no
    /// hand keeps captured pieces.
    fn captured_as_without_hand(&mut self, pieces: &[&syntax::PieceDecl], hand: Option<Span>) {
        for p in pieces {
            for prop in &p.props {
                let PieceProp::CapturedAs(span, _) = prop else {
                    continue;
                };
                let d = Diagnostic::error(
                    Code::BadHand,
                    format!(
                        "`captured-as` for `{}` but captured pieces go to no hand",
                        p.name.value
                    ),
                )
                .at(*span, "never used");
                self.push(match hand {
                    Some(h) => d.also(h, "this hand has no `keep-captured`").help(
                        "add `keep-captured` to the hand, or leave out `captured-as`",
                    ),
                    None => d.help(
                        "`captured-as` works with `hand { keep-captured }`: add the hand, or leave it out",
                    ),
                });
            }
        }
    }

    fn hand_beside_captured_promotion(&mut self, pieces: &[&syntax::PieceDecl], hand: Span) {
        for p in pieces {
            for prop in &p.props {
                if let PieceProp::Promotes {
                    captured: Some(span),
                    ..
                } = prop
                {
                    self.push(
                        Diagnostic::error(
                            Code::BadHand,
                            "a promotion to captured pieces beside a hand",
                        )
                        .at(*span, "promotes to the player's own captured pieces")
                        .also(hand, "pieces off the board are in hand, to drop")
                        .help("a piece off the board is either in a hand, to drop, or its owner's to promote to: keep one rule"),
                    );
                }
            }
        }
    }
}
