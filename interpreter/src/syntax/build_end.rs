//! The `end` section read into the AST: its rules, counting and move limit.

use super::ast::*;
use super::build::{first, Builder};
use super::Rule;
use pest::iterators::{Pair, Pairs};

impl Builder {
    pub(super) fn outcome(&self, pair: Pair<Rule>) -> Spanned<OutcomeWord> {
        Spanned {
            span: self.span_of(&pair),
            value: match pair.as_str() {
                "win" => OutcomeWord::Win,
                "loss" => OutcomeWord::Loss,
                "white-wins" => OutcomeWord::WhiteWins,
                "black-wins" => OutcomeWord::BlackWins,
                _ => OutcomeWord::Draw,
            },
        }
    }
    /// `alone NAME... OUTCOME` or `series NAME... else OUTCOME`.
    fn mate_option(&self, pair: Pair<Rule>) -> MateOption {
        let span = self.span_of(&pair);
        let series = pair.as_rule() == Rule::mate_series;
        let mut kinds = Vec::new();
        let mut outcome = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::outcome => outcome = Some(self.outcome(part)),
                _ => kinds.push(self.name(part)),
            }
        }
        MateOption {
            span,
            series,
            kinds,
            outcome: outcome.unwrap_or(Spanned {
                span,
                value: OutcomeWord::Draw,
            }),
        }
    }

    pub(super) fn end_rules(&self, pair: Pair<Rule>) -> EndDecl {
        let span = self.span_of(&pair);
        let rules = pair
            .into_inner()
            .filter_map(|p| {
                let s = self.span_of(&p);
                let rule = p.as_rule();
                let mut inner = p.into_inner();
                let value = match rule {
                    Rule::checkmate => {
                        let outcome = self.outcome(inner.next()?);
                        EndRuleDecl::Checkmate(
                            outcome,
                            inner.map(|o| self.mate_option(o)).collect(),
                        )
                    }
                    Rule::royal_capture => EndRuleDecl::RoyalCapture,
                    Rule::dead_position => {
                        EndRuleDecl::DeadPosition(inner.next().map(|o| self.outcome(o)))
                    }
                    Rule::bare_king => EndRuleDecl::BareKing(self.outcome(inner.next()?)),
                    Rule::promotion_stalemate => {
                        EndRuleDecl::PromotionStalemate(self.outcome(inner.next()?))
                    }
                    Rule::stalemate => {
                        let outcome = self.outcome(inner.next()?);
                        EndRuleDecl::Stalemate(outcome, inner.next().is_some())
                    }
                    Rule::repetition => EndRuleDecl::Repetition(self.repetition(inner)?),
                    Rule::move_limit => EndRuleDecl::MoveLimit(self.move_limit(inner)?),
                    Rule::extinction => {
                        let mut words: Vec<Pair<Rule>> = inner.collect();
                        let outcome = self.outcome(words.pop()?);
                        let all = words.first().is_some_and(|w| w.as_rule() == Rule::all);
                        let count = |rule: Rule| {
                            (words.iter())
                                .find(|w| w.as_rule() == rule)
                                .and_then(|w| w.clone().into_inner().next())
                                .map(|n| self.int_of(n))
                        };
                        let (below, opponent_has) = (count(Rule::below), count(Rule::opponent_has));
                        EndRuleDecl::Extinction(ExtinctionDecl {
                            all,
                            kinds: (words.iter())
                                .filter(|w| w.as_rule() == Rule::ident)
                                .map(|w| self.name(w.clone()))
                                .collect(),
                            below,
                            opponent_has,
                            outcome,
                        })
                    }
                    Rule::reach => {
                        let mut words: Vec<Pair<Rule>> = inner.collect();
                        let mut options = Vec::new();
                        while let Some(w) = words.last() {
                            let option = match w.as_rule() {
                                Rule::after_reply => ReachOption::AfterReply,
                                Rule::reach_held => ReachOption::Held,
                                Rule::reach_safe => ReachOption::Safe,
                                _ => break,
                            };
                            options.insert(
                                0,
                                Spanned {
                                    span: self.span_of(w),
                                    value: option,
                                },
                            );
                            words.pop();
                        }
                        let outcome = self.outcome(words.pop()?);
                        let count = match words.last() {
                            Some(w) if w.as_rule() == Rule::reach_count => {
                                let c = words.pop()?;
                                Some(self.int_of(c.into_inner().next()?))
                            }
                            _ => None,
                        };
                        let mut names = words.into_iter().map(|w| self.name(w));
                        EndRuleDecl::Reach(names.next()?, names.collect(), count, outcome, options)
                    }
                    Rule::connect | Rule::move_repetition => {
                        let mut words: Vec<Pair<Rule>> = inner.collect();
                        let outcome = self.outcome(words.pop()?);
                        let mut rest = words.into_iter();
                        let n = self.int_of(rest.next()?);
                        let kinds = rest.map(|w| self.name(w)).collect();
                        if rule == Rule::connect {
                            EndRuleDecl::Connect(n, kinds, outcome)
                        } else {
                            EndRuleDecl::MoveRepetition(n, kinds, outcome)
                        }
                    }
                    Rule::checks => {
                        let n = self.int_of(inner.next()?);
                        EndRuleDecl::Checks(n, self.outcome(inner.next()?))
                    }
                    Rule::double_pass => EndRuleDecl::DoublePass(self.outcome(inner.next()?)),
                    Rule::full_board => EndRuleDecl::FullBoard(self.outcome(inner.next()?)),
                    Rule::facing => EndRuleDecl::Facing(self.outcome(inner.next()?)),
                    Rule::counting => EndRuleDecl::Counting(self.counting(inner)?),
                    Rule::points => self.points(inner),
                    _ => return None,
                };
                Some(Spanned { span: s, value })
            })
            .collect();
        EndDecl { span, rules }
    }
    fn repetition(&self, mut inner: Pairs<'_, Rule>) -> Option<RepetitionDecl> {
        let mut decl = RepetitionDecl {
            count: self.int_of(inner.next()?),
            outcome: self.outcome(inner.next()?),
            claim_at: None,
            perpetual_check: None,
        };
        for p in inner {
            match p.as_rule() {
                Rule::claim_at => decl.claim_at = self.claim_at(p),
                Rule::perpetual_check => {
                    // the whole clause, for what is said about it
                    let span = self.span_of(&p);
                    decl.perpetual_check = (p.into_inner().next()).map(|o| Spanned {
                        span,
                        value: self.outcome(o).value,
                    })
                }
                _ => {}
            }
        }
        Some(decl)
    }
    pub(super) fn claim_at(&self, pair: Pair<'_, Rule>) -> Option<Spanned<i64>> {
        Some(self.int_of(pair.into_inner().next()?))
    }
    pub(super) fn counting(&self, mut inner: Pairs<'_, Rule>) -> Option<CountingDecl> {
        let mut decl = CountingDecl {
            outcome: self.outcome(inner.next()?),
            without: Vec::new(),
            board: None,
            board_up_to: None,
            bare: None,
            bare_without: Vec::new(),
            from_pieces: false,
            cases: Vec::new(),
            bare_else: None,
        };
        for part in inner {
            match part.as_rule() {
                Rule::counting_without => {
                    decl.without = part.into_inner().map(|w| self.name(w)).collect();
                }
                Rule::counting_board => {
                    let mut ints = part.into_inner();
                    decl.board = ints.next().map(|n| self.int_of(n));
                    decl.board_up_to = ints.next().map(|u| self.int_of(first(u)));
                }
                Rule::counting_bare => {
                    decl.bare = Some(self.span_of(&part));
                    for case in part.into_inner() {
                        if case.as_rule() == Rule::from_pieces {
                            decl.from_pieces = true;
                            continue;
                        }
                        if case.as_rule() == Rule::counting_without {
                            decl.bare_without = case.into_inner().map(|w| self.name(w)).collect();
                            continue;
                        }
                        let is_else = case.as_rule() == Rule::counting_else;
                        let mut words: Vec<Pair<Rule>> = case.into_inner().collect();
                        let limit = self.int_of(words.pop()?);
                        if is_else {
                            decl.bare_else = Some(limit);
                        } else {
                            decl.cases
                                .push((words.into_iter().map(|w| self.name(w)).collect(), limit));
                        }
                    }
                }
                _ => {}
            }
        }
        Some(decl)
    }
    pub(super) fn move_limit(&self, mut inner: Pairs<'_, Rule>) -> Option<MoveLimitDecl> {
        let moves = self.int_of(inner.next()?);
        let outcome = self.outcome(inner.next()?);
        let mut claim_at = None;
        let mut resets = Vec::new();
        for p in inner {
            match p.as_rule() {
                Rule::claim_at => claim_at = self.claim_at(p),
                _ => resets = self.resets(p),
            }
        }
        Some(MoveLimitDecl {
            moves,
            outcome,
            claim_at,
            resets,
        })
    }
    pub(super) fn resets(&self, pair: Pair<'_, Rule>) -> Vec<Spanned<ResetItem>> {
        pair.into_inner()
            .map(|item| Spanned {
                span: self.span_of(&item),
                value: match item.as_rule() {
                    Rule::capture => ResetItem::Capture,
                    Rule::lock => ResetItem::Lock,
                    Rule::forcing_check => ResetItem::ForcingCheck,
                    Rule::drop_reset => ResetItem::Drop,
                    Rule::promotion_reset => ResetItem::Promotion,
                    Rule::irreversible_reset => {
                        let name = item.clone().into_inner().next();
                        ResetItem::Irreversible(Spanned {
                            span: name
                                .as_ref()
                                .map_or(self.span_of(&item), |n| self.span_of(n)),
                            value: name.map_or_else(String::new, |n| n.as_str().to_string()),
                        })
                    }
                    _ => ResetItem::Piece(item.as_str().to_string()),
                },
            })
            .collect()
    }
}

impl Builder {
    /// `points NAME N ... [komi N]`: the worth of each kind, and the komi as written.
    fn points(&self, inner: Pairs<Rule>) -> EndRuleDecl {
        let mut values = Vec::new();
        let mut komi = None;
        let mut name = None;
        for w in inner {
            match w.as_rule() {
                Rule::ident => name = Some(self.name(w)),
                Rule::int => {
                    if let Some(n) = name.take() {
                        values.push((n, self.int_of(w)));
                    }
                }
                Rule::points_komi => {
                    komi = w.into_inner().next().map(|d| Spanned {
                        span: self.span_of(&d),
                        value: d.as_str().to_string(),
                    });
                }
                _ => {}
            }
        }
        EndRuleDecl::Points(values, komi)
    }
}
