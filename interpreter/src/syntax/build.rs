//! The pest parse tree read into the AST: sections and the items they share.

use super::ast::*;
use super::Rule;
use crate::diagnostic::Span;
use pest::iterators::Pair;

/// Builds the AST; `base` is added to every span so that several files can share
/// one offset space (see `crate::source`).
pub(super) struct Builder {
    pub(super) base: usize,
}

impl Builder {
    pub(super) fn item(&self, pair: Pair<Rule>) -> Option<Item> {
        let span = self.span_of(&pair);
        Some(match pair.as_rule() {
            Rule::variant => {
                let mut names = pair.into_inner().map(|p| self.string_of(p));
                Item::Variant(VariantDecl {
                    span,
                    name: names.next()?,
                    aliases: names.collect(),
                })
            }
            Rule::board => Item::Board(self.board(pair)),
            Rule::zone => Item::Zone(self.zone(pair)),
            Rule::piece => Item::Piece(self.piece(pair)),
            Rule::modify => {
                let mut inner = pair.into_inner();
                let name = inner
                    .next()
                    .map(|p| self.name(p))
                    .unwrap_or_else(|| empty_name(span));
                Item::Modify(ModifyDecl {
                    span,
                    name,
                    props: self.piece_props(inner),
                })
            }
            Rule::castle => Item::Castle(self.castle(pair)),
            Rule::setup => Item::Setup(self.setup(pair, span)),
            Rule::shuffle => Item::Shuffle(self.shuffle(pair)),
            Rule::redeal => Item::Redeal(self.redeal(pair, span)),
            Rule::drops => Item::Drops(self.drops(pair)),
            Rule::hand => Item::Hand(self.hand(pair)),
            Rule::end_rules => Item::End(self.end_rules(pair)),
            Rule::immobilization => {
                let word = first(pair);
                Item::Immobilization(Spanned {
                    span: self.span_of(&word),
                    value: if word.as_str() == "pure" {
                        ImmobilizationWord::Pure
                    } else {
                        ImmobilizationWord::Mutual
                    },
                })
            }
            Rule::suicide => Item::Suicide(span),
            Rule::must_capture => Item::MustCapture(span),
            Rule::no_check => Item::NoCheck(span),
            Rule::blocks => Item::Blocks(span),
            Rule::passing => Item::Pass(span, pair.into_inner().next().map(|w| self.span_of(&w))),
            Rule::explosions => {
                let mut decl = ExplosionsDecl {
                    span,
                    spared: Vec::new(),
                    immune: Vec::new(),
                };
                for part in pair.into_inner() {
                    let names = part.clone().into_inner().map(|p| self.name(p));
                    match part.as_rule() {
                        Rule::blast_immune => decl.immune.extend(names),
                        _ => decl.spared.extend(names),
                    }
                }
                Item::Explosions(decl)
            }
            Rule::walls => Item::Walls(self.walls(pair, span)),
            Rule::evaluation => Item::Evaluation(self.evaluation(pair, span)),
            Rule::allow => Item::Allow(pair.into_inner().map(|p| self.name(p)).collect()),
            _ => return None,
        })
    }

    /// `setup "FEN" [mirrored|rotated]`.
    fn setup(&self, pair: Pair<Rule>, span: Span) -> SetupDecl {
        let mut inner = pair.into_inner();
        let fen = inner
            .next()
            .map(|p| self.string_of(p))
            .unwrap_or_else(|| empty_name(span));
        let symmetry = inner.next().map(|p| Spanned {
            span: self.span_of(&p),
            value: if p.as_str() == "rotated" {
                Symmetry::Rotated
            } else {
                Symmetry::Mirrored
            },
        });
        // The section ends at the closing quote or the symmetry word, not at
        // the whitespace after it.
        let end = symmetry.as_ref().map_or(fen.span.end + 1, |s| s.span.end);
        SetupDecl {
            span: Span::new(span.start, end.min(span.end)),
            fen,
            symmetry,
        }
    }

    /// `redeal when first-move captures or checks or mates`.
    fn redeal(&self, pair: Pair<Rule>, span: Span) -> RedealDecl {
        RedealDecl {
            span,
            when: pair
                .into_inner()
                .filter(|p| p.as_rule() == Rule::redeal_when)
                .map(|p| Spanned {
                    span: self.span_of(&p),
                    value: match p.as_str().trim() {
                        "captures" => RedealWhen::Captures,
                        "checks" => RedealWhen::Checks,
                        _ => RedealWhen::Mates,
                    },
                })
                .collect(),
        }
    }

    /// `white NAME...` in a promotion's choices: the side word and the names.
    pub(super) fn promote_side(&self, pair: Pair<Rule>) -> (Name, Vec<Name>) {
        let mut parts = pair.into_inner();
        let side = parts
            .next()
            .map_or_else(|| empty_name(Span::new(0, 0)), |s| self.name(s));
        (side, parts.map(|n| self.name(n)).collect())
    }

    fn walls(&self, pair: Pair<Rule>, span: Span) -> WallsDecl {
        let mut rule = Spanned {
            value: WallRule::Duck,
            span,
        };
        let mut zone = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::walls_rule => {
                    rule = Spanned {
                        span: self.span_of(&part),
                        value: match part.as_str() {
                            "arrow" => WallRule::Arrow,
                            "anywhere" => WallRule::Anywhere,
                            "trail" => WallRule::Trail,
                            _ => WallRule::Duck,
                        },
                    }
                }
                Rule::ident => zone = Some(self.name(part)),
                _ => {}
            }
        }
        WallsDecl { span, rule, zone }
    }

    fn evaluation(&self, pair: Pair<Rule>, span: Span) -> EvaluationDecl {
        let mut decl = EvaluationDecl {
            span,
            pieces: Vec::new(),
            section: Vec::new(),
            networks: Vec::new(),
            network_text: None,
        };
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::eval_network => decl
                    .networks
                    .extend(part.into_inner().map(|s| self.string_of(s))),
                Rule::eval_section => decl.section.extend(self.section_term(part)),
                Rule::eval_piece => decl.pieces.extend(self.eval_line(part)),
                _ => {}
            }
        }
        decl
    }

    fn section_term(&self, pair: Pair<Rule>) -> Option<(Spanned<SectionWord>, Spanned<i64>)> {
        let mut inner = pair.into_inner();
        let word = inner.next()?;
        let value = self.int_of(inner.next()?);
        let term = (SectionWord::ALL.into_iter()).find(|w| w.word() == word.as_str())?;
        let span = self.span_of(&word);
        Some((Spanned { span, value: term }, value))
    }

    fn eval_line(&self, pair: Pair<Rule>) -> Option<EvalLine> {
        let mut inner = pair.into_inner();
        let name = self.name(inner.next()?);
        let mut line = EvalLine {
            name,
            terms: Vec::new(),
            cells: Vec::new(),
            endgame_cells: None,
        };
        for part in inner {
            if part.as_rule() == Rule::eval_cells {
                let mut inner = part.into_inner();
                let Some(word) = inner.next() else { continue };
                let cells = inner.filter_map(|c| self.eval_cell(c));
                if word.as_str() == "cells" {
                    line.cells.extend(cells);
                } else {
                    line.endgame_cells
                        .get_or_insert_with(Vec::new)
                        .extend(cells);
                }
            } else {
                line.terms.extend(self.eval_term(part));
            }
        }
        Some(line)
    }

    fn eval_cell(&self, pair: Pair<Rule>) -> Option<EvalCell> {
        let mut inner = pair.into_inner();
        let item = inner.next()?;
        let value = self.int_of(inner.next()?);
        Some((self.cell_item(item), value))
    }

    /// A cell, or a range of cells.
    fn cell_item(&self, item: Pair<Rule>) -> CellItem {
        match item.as_rule() {
            Rule::cell_range => {
                let span = self.span_of(&item);
                let mut ends = item.into_inner().map(|p| self.name(p));
                let a = ends.next().unwrap_or_else(|| empty_name(span));
                let b = ends.next().unwrap_or_else(|| empty_name(span));
                CellItem::Range(span, a, b)
            }
            _ => CellItem::Cell(self.name(first(item))),
        }
    }

    fn eval_term(&self, pair: Pair<Rule>) -> Option<EvalTerm> {
        let mut inner = pair.into_inner();
        let word = inner.next()?;
        let value = self.int_of(inner.next()?);
        let term = match word.as_str() {
            "value" => EvalWord::Value,
            "hand" => EvalWord::Hand,
            "mobility" => EvalWord::Mobility,
            "isolated" => EvalWord::Isolated,
            "doubled" => EvalWord::Doubled,
            "pair" => EvalWord::Pair,
            _ => EvalWord::Advance,
        };
        Some((
            Spanned {
                span: self.span_of(&word),
                value: term,
            },
            value,
        ))
    }

    fn shuffle(&self, pair: Pair<Rule>) -> ShuffleDecl {
        let span = self.span_of(&pair);
        let mut decl = ShuffleDecl {
            span,
            pieces: Vec::new(),
            cells: Vec::new(),
            queue: None,
            ordered: false,
        };
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::ident => decl.pieces.push(self.name(part)),
                Rule::cell_set => decl.cells = self.cell_set(part),
                Rule::shuffle_queue => decl.queue = Some(self.span_of(&part)),
                Rule::shuffle_ordered => decl.ordered = true,
                _ => {}
            }
        }
        decl
    }

    fn hand(&self, pair: Pair<Rule>) -> HandDecl {
        let span = self.span_of(&pair);
        let rules = pair
            .into_inner()
            .map(|rule| {
                let s = self.span_of(&rule);
                let as_rule = rule.as_rule();
                let mut inner: Vec<Pair<Rule>> = rule.into_inner().collect();
                // `per-file N NAME...`: the count before the names
                let count = (inner.first())
                    .filter(|p| p.as_rule() == Rule::int)
                    .map(|p| self.int_of(p.clone()));
                if count.is_some() {
                    inner.remove(0);
                }
                // `gate ... or-drop`: the option after the zone
                let or_drop = (inner.last())
                    .filter(|p| p.as_rule() == Rule::gate_or_drop)
                    .map(|p| self.span_of(p));
                if or_drop.is_some() {
                    inner.pop();
                }
                let mut names: Vec<Name> = inner.into_iter().map(|n| self.name(n)).collect();
                match as_rule {
                    Rule::keep_captured => HandRuleDecl::KeepCaptured(s),
                    Rule::on_top => HandRuleDecl::OnTop(s),
                    Rule::no_drop_check => HandRuleDecl::NoDropCheck(s),
                    Rule::hand_drop => {
                        let zone = names.pop().unwrap_or_else(|| empty_name(s));
                        HandRuleDecl::Drop(s, names, zone)
                    }
                    Rule::one_per_file => HandRuleDecl::OnePerFile(s, count, names),
                    Rule::must_drop => HandRuleDecl::MustDrop(s, names),
                    Rule::castle_by_drop => HandRuleDecl::CastleByDrop(s, names),
                    Rule::split_colours => HandRuleDecl::SplitColours(s, names),
                    Rule::drop_promoted => HandRuleDecl::DropPromoted(s, names),
                    Rule::unlimited => HandRuleDecl::Unlimited(s, names),
                    Rule::drop_enclosing => HandRuleDecl::DropEnclosing(s),
                    Rule::drop_next_to_own => HandRuleDecl::DropNextToOwn(s),
                    Rule::first_drops_in => {
                        let zone = names.pop().unwrap_or_else(|| empty_name(s));
                        HandRuleDecl::FirstDropsIn(s, zone)
                    }
                    Rule::gate => {
                        let zone = names.pop().unwrap_or_else(|| empty_name(s));
                        HandRuleDecl::Gate(s, names, zone, or_drop)
                    }
                    _ => HandRuleDecl::NoDropMate(s, names),
                }
            })
            .collect();
        HandDecl { span, rules }
    }

    fn drops(&self, pair: Pair<Rule>) -> DropsDecl {
        let span = self.span_of(&pair);
        let mut inner = pair.into_inner();
        let end = inner.next().map_or(
            Spanned {
                span,
                value: QueueEnd::Front,
            },
            |p| self.queue_end(p),
        );
        let zone = inner
            .next()
            .map(|p| self.name(p))
            .unwrap_or_else(|| empty_name(span));
        let except = inner
            .next()
            .map(|p| p.into_inner().map(|n| self.name(n)).collect())
            .unwrap_or_default();
        DropsDecl {
            span,
            end,
            zone,
            except,
        }
    }

    pub(super) fn queue_end(&self, pair: Pair<Rule>) -> Spanned<QueueEnd> {
        Spanned {
            span: self.span_of(&pair),
            value: if pair.as_str() == "back" {
                QueueEnd::Back
            } else {
                QueueEnd::Front
            },
        }
    }

    pub(super) fn span_of(&self, pair: &Pair<Rule>) -> Span {
        let s = pair.as_span();
        Span::new(self.base + s.start(), self.base + s.end())
    }

    pub(super) fn name(&self, pair: Pair<Rule>) -> Name {
        Spanned {
            span: self.span_of(&pair),
            value: pair.as_str().to_string(),
        }
    }

    /// A `string` pair as its body text and the body's span.
    pub(super) fn string_of(&self, pair: Pair<Rule>) -> Name {
        self.name(first(pair))
    }

    pub(super) fn int_of(&self, pair: Pair<Rule>) -> Spanned<i64> {
        // Out-of-range numbers saturate; the check stage reports them as out of range.
        let text = pair.as_str();
        let value = text.parse::<i64>().unwrap_or(if text.starts_with('-') {
            i64::MIN
        } else {
            i64::MAX
        });
        Spanned {
            span: self.span_of(&pair),
            value,
        }
    }

    fn board(&self, pair: Pair<Rule>) -> BoardDecl {
        let span = self.span_of(&pair);
        let entries = pair
            .into_inner()
            .filter_map(|p| {
                let s = self.span_of(&p);
                match p.as_rule() {
                    Rule::hex => Some(BoardEntry::Hex(
                        s,
                        p.into_inner().next().map(|w| self.name(w)),
                    )),
                    Rule::files => Some(BoardEntry::Files(
                        s,
                        p.into_inner().map(|p| self.name(p)).collect(),
                    )),
                    Rule::ranks => Some(BoardEntry::Ranks(
                        s,
                        p.into_inner().map(|p| self.name(p)).collect(),
                    )),
                    Rule::remove => Some(BoardEntry::Remove(s, self.cell_set(first(p)))),
                    _ => None,
                }
            })
            .collect();
        BoardDecl { span, entries }
    }

    pub(super) fn cell_set(&self, pair: Pair<Rule>) -> Vec<CellItem> {
        pair.into_inner().map(|item| self.cell_item(item)).collect()
    }

    fn zone(&self, pair: Pair<Rule>) -> ZoneDecl {
        let span = self.span_of(&pair);
        let mut inner = pair.into_inner();
        let zone_name = inner
            .next()
            .map(|p| self.name(p))
            .unwrap_or_else(|| empty_name(span));
        let mut parts: Vec<Pair<Rule>> = inner.collect();
        let capture_only = parts
            .last()
            .is_some_and(|p| p.as_rule() == Rule::capture_only);
        let mut fewest_crossed = false;
        if capture_only {
            if let Some(p) = parts.pop() {
                fewest_crossed = p.into_inner().next().is_some();
            }
        }
        let body = match parts.into_iter().next() {
            Some(p) if p.as_rule() == Rule::zone_sides => ZoneBody::PerSide(
                p.into_inner()
                    .map(|side_pair| {
                        let mut parts = side_pair.into_inner();
                        let side = parts.next();
                        let side = match side {
                            Some(s) => Spanned {
                                span: self.span_of(&s),
                                value: if s.as_str() == "white" {
                                    SideWord::White
                                } else {
                                    SideWord::Black
                                },
                            },
                            None => Spanned {
                                span,
                                value: SideWord::White,
                            },
                        };
                        (
                            side,
                            parts.next().map(|p| self.cell_set(p)).unwrap_or_default(),
                        )
                    })
                    .collect(),
            ),
            Some(p) => ZoneBody::Shared(self.cell_set(p)),
            None => ZoneBody::Shared(Vec::new()),
        };
        ZoneDecl {
            span,
            name: zone_name,
            body,
            capture_only,
            fewest_crossed,
        }
    }
}

/// The first inner pair; the grammar guarantees it exists for the rules this is used on.
pub(super) fn first(pair: Pair<Rule>) -> Pair<Rule> {
    let outer = pair.clone();
    pair.into_inner().next().unwrap_or(outer)
}

pub(super) fn empty_name(span: Span) -> Name {
    Spanned {
        value: String::new(),
        span,
    }
}

pub(super) fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}
