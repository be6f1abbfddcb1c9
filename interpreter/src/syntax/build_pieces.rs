//! Pieces read into the AST: their properties, move rules and castlings.

use super::ast::*;
use super::build::{empty_name, first, Builder};
use super::Rule;
use crate::diagnostic::Span;
use pest::iterators::Pair;

impl Builder {
    pub(super) fn piece(&self, pair: Pair<Rule>) -> PieceDecl {
        let span = self.span_of(&pair);
        let mut inner = pair.into_inner();
        let piece_name = inner
            .next()
            .map(|p| self.name(p))
            .unwrap_or_else(|| empty_name(span));
        let letter = inner
            .next()
            .map(|p| self.name(p))
            .unwrap_or_else(|| empty_name(span));
        PieceDecl {
            span,
            name: piece_name,
            letter,
            props: self.piece_props(inner),
        }
    }
    pub(super) fn piece_props(&self, pairs: pest::iterators::Pairs<Rule>) -> Vec<PieceProp> {
        pairs
            .filter_map(|p| {
                let s = self.span_of(&p);
                match p.as_rule() {
                    Rule::royal => Some(PieceProp::Royal(
                        s,
                        p.into_inner().next().map(|l| self.royal_last(l)),
                    )),
                    Rule::immobilize => Some(PieceProp::Immobilize(s)),
                    Rule::swap => Some(PieceProp::Swap(s)),
                    Rule::immune => Some(PieceProp::Immune(s)),
                    Rule::value => Some(PieceProp::Value(self.int_of(first(p)))),
                    Rule::promotion_limit => {
                        Some(PieceProp::PromotionLimit(s, self.int_of(first(p))))
                    }
                    Rule::capture_mode => {
                        let mut words = p.into_inner().map(|p| self.name(p));
                        let kind = words.next().unwrap_or_else(|| empty_name(s));
                        Some(PieceProp::Capture {
                            span: s,
                            kind,
                            options: words.collect(),
                        })
                    }
                    Rule::en_passant => {
                        let mut zone = None;
                        let mut passive = None;
                        for part in p.into_inner() {
                            match part.as_rule() {
                                Rule::en_passant_passive => passive = Some(self.span_of(&part)),
                                _ => zone = Some(self.name(part)),
                            }
                        }
                        Some(PieceProp::EnPassant(s, zone, passive))
                    }
                    Rule::two_cell => Some(PieceProp::TwoCell(
                        s,
                        p.into_inner().map(|i| self.two_cell_item(i)).collect(),
                    )),
                    Rule::promotes => Some(self.promotes(p, s)),
                    Rule::captured_as => Some(PieceProp::CapturedAs(s, self.name(first(p)))),
                    Rule::confined => Some(PieceProp::Confined(s, self.name(first(p)))),
                    Rule::no_facing => Some(PieceProp::NoFacing(s)),
                    Rule::captures_checker => Some(PieceProp::CapturesChecker(s)),
                    Rule::petrifies => Some(PieceProp::Petrifies(s)),
                    Rule::flips => {
                        let word = first(p);
                        let value = if word.as_str() == "lines" {
                            FlipWord::Lines
                        } else {
                            FlipWord::Neighbours
                        };
                        Some(PieceProp::Flips(
                            s,
                            Spanned {
                                span: self.span_of(&word),
                                value,
                            },
                        ))
                    }
                    Rule::cannot_capture | Rule::cannot_hop => {
                        let what = if p.as_rule() == Rule::cannot_hop {
                            Restriction::Hop
                        } else {
                            Restriction::Capture
                        };
                        let kinds = p.into_inner().map(|n| self.name(n)).collect();
                        Some(PieceProp::Cannot(s, what, kinds))
                    }
                    Rule::moves => self.moves(p, s),
                    Rule::first_move => Some(self.first_move(p, s)),
                    _ => None,
                }
            })
            .collect()
    }
    /// `last [N] [duple-check]` after `royal`.
    fn royal_last(&self, p: Pair<Rule>) -> RoyalLastDecl {
        let span = self.span_of(&p);
        let mut count = None;
        let mut duple_check = None;
        for part in p.into_inner() {
            match part.as_rule() {
                Rule::int => count = Some(self.int_of(part)),
                _ => duple_check = Some(self.span_of(&part)),
            }
        }
        RoyalLastDecl {
            span,
            count,
            duple_check,
        }
    }

    /// A `promotes` property: its zone, choices, sides and options.
    fn promotes(&self, p: Pair<Rule>, s: Span) -> PieceProp {
        let mut captured = None;
        let mut optional = None;
        let mut queue = None;
        let mut leaving = None;
        let mut forced_in = None;
        let mut in_place = None;
        let mut on_capture = None;
        let mut names = Vec::new();
        let mut sides = Vec::new();
        for part in p.into_inner() {
            match part.as_rule() {
                Rule::promote_sides => {
                    sides = part.into_inner().map(|s| self.promote_side(s)).collect();
                }
                Rule::promote_captured => captured = Some(self.span_of(&part)),
                Rule::promote_queue => queue = Some(self.queue_end(first(part))),
                Rule::promote_leaving => leaving = Some(self.span_of(&part)),
                Rule::promote_in_place => in_place = Some(self.span_of(&part)),
                Rule::promote_on_capture => on_capture = Some(self.span_of(&part)),
                Rule::promote_optional => {
                    optional = Some(self.span_of(&part));
                    forced_in = part.into_inner().next().map(|z| self.name(z));
                }
                _ => names.push(self.name(part)),
            }
        }
        let mut names = names.into_iter();
        let zone = names.next().unwrap_or_else(|| empty_name(s));
        PieceProp::Promotes {
            span: s,
            zone,
            to: names.collect(),
            sides,
            captured,
            queue,
            optional,
            leaving,
            forced_in,
            in_place,
            on_capture,
        }
    }

    /// A `moves` property: Betza or structured rules, in or within a zone.
    fn moves(&self, p: Pair<Rule>, s: Span) -> Option<PieceProp> {
        let mut inner = p.into_inner();
        let body = inner.next()?;
        let region = inner.next().map(|r| RegionDecl {
            within: r.as_rule() == Rule::moves_within,
            zone: self.name(first(r)),
        });
        match body.as_rule() {
            Rule::betza => Some(PieceProp::Betza(self.string_of(first(body)), region)),
            _ => Some(PieceProp::Rules(
                s,
                body.into_inner().map(|p| self.move_rule(p)).collect(),
                region,
            )),
        }
    }

    /// `first-move "BETZA" [not-in-check] [lost-when-aimed-by NAME...]`.
    fn first_move(&self, p: Pair<Rule>, span: Span) -> PieceProp {
        let mut betza = empty_name(span);
        let mut not_in_check = None;
        let mut aimed_by = Vec::new();
        let mut lost_when_checked = None;
        for part in p.into_inner() {
            match part.as_rule() {
                Rule::betza => betza = self.string_of(first(part)),
                Rule::not_in_check => not_in_check = Some(self.span_of(&part)),
                Rule::lost_when_checked => lost_when_checked = Some(self.span_of(&part)),
                _ => aimed_by.extend(part.into_inner().map(|n| self.name(n))),
            }
        }
        PieceProp::FirstMove(FirstMoveDecl {
            span,
            betza,
            not_in_check,
            aimed_by,
            lost_when_checked,
        })
    }

    pub(super) fn two_cell_item(&self, pair: Pair<Rule>) -> Spanned<TwoCellItem> {
        let span = self.span_of(&pair);
        let value = match pair.as_rule() {
            Rule::two_cell_steps => TwoCellItem::Steps(self.int_of(first(pair)).value),
            Rule::two_cell_turn => TwoCellItem::Turn,
            Rule::two_cell_advance => TwoCellItem::Advance {
                capture: pair.into_inner().next().is_some(),
            },
            Rule::two_cell_retreat => TwoCellItem::RetreatAfterCapture,
            _ => TwoCellItem::CapturedOnAxis,
        };
        Spanned { span, value }
    }
    pub(super) fn move_rule(&self, pair: Pair<Rule>) -> MoveRuleDecl {
        let span = self.span_of(&pair);
        let mut kind = Spanned {
            span,
            value: MoveKindWord::Leap,
        };
        let mut offsets = Vec::new();
        let mut after = Vec::new();
        let mut after_span = None;
        let mut options = Vec::new();
        for p in pair.into_inner() {
            let s = self.span_of(&p);
            match p.as_rule() {
                Rule::move_kind => {
                    kind = Spanned {
                        span: s,
                        value: match p.as_str() {
                            "ride" => MoveKindWord::Ride,
                            "path" => MoveKindWord::Path,
                            "hop" => MoveKindWord::Hop,
                            "zigzag" => MoveKindWord::Zigzag,
                            "circle" => MoveKindWord::Circle,
                            "equal" => MoveKindWord::Equal,
                            "chain" => MoveKindWord::Chain,
                            _ => MoveKindWord::Leap,
                        },
                    }
                }
                Rule::offset => offsets.push(self.offset(p)),
                Rule::after => {
                    after_span = Some(s);
                    after.extend(p.into_inner().map(|o| self.offset(o)));
                }
                rule => {
                    let value = match rule {
                        Rule::quiet => RuleOption::Quiet,
                        Rule::capture => RuleOption::Capture,
                        Rule::initial => RuleOption::Initial,
                        Rule::all => RuleOption::All,
                        Rule::land_behind => RuleOption::LandBehind,
                        Rule::adjacent => RuleOption::Adjacent,
                        Rule::jump => RuleOption::Jump,
                        Rule::range => RuleOption::Range(self.int_of(first(p)).value),
                        _ => continue,
                    };
                    options.push(Spanned { span: s, value });
                }
            }
        }
        MoveRuleDecl {
            span,
            kind,
            offsets,
            after,
            after_span,
            options,
        }
    }
    pub(super) fn offset(&self, pair: Pair<Rule>) -> Spanned<(i64, i64)> {
        let span = self.span_of(&pair);
        let mut ints = pair.into_inner().map(|i| self.int_of(i).value);
        let dx = ints.next().unwrap_or(0);
        let dy = ints.next().unwrap_or(0);
        Spanned {
            span,
            value: (dx, dy),
        }
    }
    pub(super) fn castle(&self, pair: Pair<Rule>) -> CastleDecl {
        let span = self.span_of(&pair);
        // The flag, then the four cells in order; None stands for a `*` start.
        let mut names: Vec<Option<Name>> = Vec::new();
        let mut partner = None;
        let mut empty = None;
        let mut safe = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::castle_empty => empty = Some(self.cell_set(first(p))),
                Rule::castle_safe => safe = Some(self.cell_set(first(p))),
                Rule::castle_partner => partner = Some(self.name(first(p))),
                Rule::cell => names.push(Some(self.name(first(p)))),
                Rule::free_start => names.push(None),
                Rule::castle_king | Rule::castle_rook => {}
                _ => names.push(Some(self.name(p))),
            }
        }
        let mut names = names.into_iter();
        let mut next = || names.next().unwrap_or_else(|| Some(empty_name(span)));
        let flag = next().unwrap_or_else(|| empty_name(span));
        let king_from = next();
        let king_to = next().unwrap_or_else(|| empty_name(span));
        let rook_from = next();
        let rook_to = next().unwrap_or_else(|| empty_name(span));
        CastleDecl {
            span,
            flag,
            king_from,
            king_to,
            rook_from,
            rook_to,
            partner,
            empty,
            safe,
        }
    }
}
