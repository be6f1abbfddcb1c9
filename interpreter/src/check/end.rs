//! The `end` section: each rule once, read into `EndRules`.

use super::{report, Problems, Report, Zones};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{self, EndRules, Outcome};
use crate::syntax::{self, EndRuleDecl, OutcomeWord, ReachOption, Spanned};

pub(super) fn outcome(o: OutcomeWord) -> Outcome {
    match o {
        OutcomeWord::Win => Outcome::Win,
        OutcomeWord::Loss => Outcome::Loss,
        OutcomeWord::Draw => Outcome::Draw,
        OutcomeWord::WhiteWins => Outcome::WinFor(model::Side::White),
        OutcomeWord::BlackWins => Outcome::WinFor(model::Side::Black),
    }
}

/// The rule's name, as written, for messages about it.
fn rule_name(rule: &EndRuleDecl) -> &'static str {
    match rule {
        EndRuleDecl::Checkmate(..) => "checkmate",
        EndRuleDecl::Stalemate(..) => "stalemate",
        EndRuleDecl::Repetition(..) => "repetition",
        EndRuleDecl::MoveLimit(..) => "move-rule",
        EndRuleDecl::RoyalCapture => "royal-capture",
        EndRuleDecl::DeadPosition(_) => "dead-position",
        EndRuleDecl::Extinction(..) => "extinction",
        EndRuleDecl::Reach(..) => "reach",
        EndRuleDecl::Checks(..) => "checks",
        EndRuleDecl::Counting(..) => "counting",
        EndRuleDecl::DoublePass(_) => "double-pass",
        EndRuleDecl::FullBoard(_) => "full-board",
        EndRuleDecl::Facing(_) => "facing",
        EndRuleDecl::BareKing(_) => "bare-king",
        EndRuleDecl::PromotionStalemate(_) => "promotion-stalemate",
        EndRuleDecl::Connect(..) => "connect",
        EndRuleDecl::MoveRepetition(..) => "move-repetition",
        EndRuleDecl::Points(..) => "points",
    }
}

/// The `end` section: each rule once, read into the end rules.
pub(super) fn end_rules(
    decl: Option<&syntax::EndDecl>,
    pieces: &[&syntax::PieceDecl],
    zones: Option<&Zones>,
) -> Report<EndRules> {
    report(|p| {
        let mut end = EndRules::default();
        let Some(decl) = decl else { return end };
        let known: Vec<&str> = pieces.iter().map(|p| p.name.value.as_str()).collect();
        let mut seen: Vec<(&str, Span)> = Vec::new();
        for rule in &decl.rules {
            let name = rule_name(&rule.value);
            if let Some(&(_, first)) = seen.iter().find(|(n, _)| *n == name) {
                p.push(
                    Diagnostic::error(Code::BadEndRule, format!("`{name}` is given twice"))
                        .at(rule.span, "second one here")
                        .also(first, "first one here")
                        .help(format!("give `{name}` once")),
                );
                continue;
            }
            seen.push((name, rule.span));
            if matches!(rule.value, EndRuleDecl::PromotionStalemate(_)) {
                p.promotion_stalemate_needs_in_place(rule.span, pieces);
            }
            p.end_rule(&mut end, &rule.value, (&known, pieces), zones);
        }
        p.perpetual_check_without_check(decl, pieces);
        end
    })
}

impl Problems {
    /// `promotion-stalemate` speaks of in-place promotions: some piece must make them.
    fn promotion_stalemate_needs_in_place(&mut self, span: Span, pieces: &[&syntax::PieceDecl]) {
        let in_place = pieces.iter().flat_map(|p| &p.props).any(|prop| {
            matches!(
                prop,
                syntax::PieceProp::Promotes {
                    in_place: Some(_),
                    ..
                }
            )
        });
        if !in_place {
            self.push(
                Diagnostic::error(
                    Code::BadInPlace,
                    "`promotion-stalemate` needs a piece that promotes in place",
                )
                .at(span, "no piece's promotion is `in-place`")
                .help("give a piece `promotes in ZONE to KIND in-place`, or leave the rule out"),
            );
        }
    }

    /// One rule, into the end rules.
    fn end_rule(
        &mut self,
        end: &mut EndRules,
        rule: &EndRuleDecl,
        (known, pieces): (&[&str], &[&syntax::PieceDecl]),
        zones: Option<&Zones>,
    ) {
        let kinds_of = |this: &mut Self, kinds: &[syntax::Name]| -> Vec<usize> {
            (kinds.iter())
                .filter_map(|k| this.piece_ref(k, known, pieces))
                .collect()
        };
        match rule {
            EndRuleDecl::Checkmate(o, options) => {
                end.checkmate = outcome(o.value);
                for (i, option) in options.iter().enumerate() {
                    let kinds = kinds_of(self, &option.kinds);
                    let rule = Some((kinds, outcome(option.outcome.value)));
                    if let Some(first) = options[..i].iter().find(|o| o.series == option.series) {
                        let word = if option.series { "series" } else { "alone" };
                        self.push(
                            Diagnostic::error(
                                Code::BadEndRule,
                                format!("`checkmate ... {word}` is given twice"),
                            )
                            .at(option.span, "second one here")
                            .also(first.span, "first one here")
                            .help(format!("give `{word}` once, with every kind it names")),
                        );
                    }
                    if option.series {
                        end.mate_by.series = rule;
                    } else {
                        end.mate_by.alone = rule;
                    }
                }
            }
            EndRuleDecl::RoyalCapture => end.royal_capture = true,
            EndRuleDecl::Stalemate(o, fewer) => {
                end.stalemate = outcome(o.value);
                end.stalemate_fewer_pieces = *fewer;
            }
            EndRuleDecl::DeadPosition(o) => {
                end.dead_position = Some(o.as_ref().map_or(Outcome::Draw, |o| outcome(o.value)))
            }
            EndRuleDecl::BareKing(o) => end.bare_king = Some(outcome(o.value)),
            EndRuleDecl::PromotionStalemate(o) => end.promotion_stalemate = Some(outcome(o.value)),
            EndRuleDecl::DoublePass(o) => end.double_pass = Some(outcome(o.value)),
            EndRuleDecl::FullBoard(o) => end.full_board = Some(outcome(o.value)),
            EndRuleDecl::Facing(o) => end.facing = Some(outcome(o.value)),
            EndRuleDecl::Points(values, komi) => {
                let mut kind_of =
                    |this: &mut Self, n: &syntax::Name| this.piece_ref(n, known, pieces);
                end.points = self.points(values, komi.as_ref(), &mut kind_of);
            }
            EndRuleDecl::Counting(c) => end.counting = self.counting(c, known, pieces),
            EndRuleDecl::Extinction(x) => {
                let help = "`extinction King below 3 loss`: a player left with fewer than three kings loses";
                let below = match &x.below {
                    Some(n) => self.end_count(n, 1, "fewer than {} pieces", help),
                    None => Some(1),
                };
                let opponent_has = match &x.opponent_has {
                    Some(n) => self.end_count(n, 1, "`opponent-has {}`", "`extinction King opponent-has 2 loss`: a player without a king loses once the opponent has both"),
                    None => Some(0),
                };
                end.extinction = Some(model::Extinction {
                    all: x.all,
                    kinds: kinds_of(self, &x.kinds),
                    below: below.unwrap_or(1),
                    opponent_has: opponent_has.unwrap_or(0),
                    outcome: outcome(x.outcome.value),
                });
            }
            EndRuleDecl::Reach(zone, kinds, count, o, options) => {
                if let Some(zones) = zones {
                    self.zone_ref(zone, zones);
                }
                let has = |x| options.iter().any(|s| s.value == x);
                self.reach_options(options);
                end.reach = Some(model::Reach {
                    zone: zone.value.clone(),
                    kinds: kinds_of(self, kinds),
                    count: self.reach_count(count.as_ref()),
                    outcome: outcome(o.value),
                    after_reply: has(ReachOption::AfterReply),
                    held: has(ReachOption::Held),
                    safe: has(ReachOption::Safe),
                });
            }
            EndRuleDecl::Connect(n, kinds, o) => {
                let kinds = kinds_of(self, kinds);
                end.connect = self.connect(n, kinds, outcome(o.value));
            }
            EndRuleDecl::MoveRepetition(n, kinds, o) => {
                let kinds = kinds_of(self, kinds);
                let help = "`move-repetition 4 loss`: a player who moves one piece back and forth four times in a row loses";
                end.move_repetition =
                    (self.end_count(n, 2, "`move-repetition {}`", help)).map(|moves| {
                        model::MoveRepetition {
                            moves,
                            kinds,
                            outcome: outcome(o.value),
                        }
                    });
            }
            EndRuleDecl::Checks(n, o) => end.checks = self.check_count(n, outcome(o.value)),
            EndRuleDecl::Repetition(decl) => end.repetition = self.repetition(decl),
            EndRuleDecl::MoveLimit(decl) => {
                let o = outcome(decl.outcome.value);
                if let Some(limit) = self.move_limit(decl, known, pieces, o) {
                    end.move_limit = Some(limit);
                }
            }
        }
    }

    /// `connect N [KINDS] OUTCOME`: a line of at least two.
    fn connect(
        &mut self,
        n: &Spanned<i64>,
        kinds: Vec<usize>,
        outcome: Outcome,
    ) -> Option<model::Connect> {
        let help = "`connect 3 win`: three in a row win";
        let count = self.end_count(n, 2, "a line of {} pieces", help)?;
        Some(model::Connect {
            count,
            kinds,
            outcome,
        })
    }

    /// `checks N OUTCOME`: at least one check.
    fn check_count(&mut self, n: &Spanned<i64>, outcome: Outcome) -> Option<model::CheckCount> {
        let help = "`checks 3 win`: the player who gives check for the third time wins";
        let count = self.end_count(n, 1, "a count of {} checks", help)?;
        Some(model::CheckCount { count, outcome })
    }

    /// `repetition N OUTCOME [claim-at M] [perpetual-check OUTCOME]`.
    fn repetition(&mut self, decl: &syntax::RepetitionDecl) -> Option<model::Repetition> {
        let n = &decl.count;
        let help = "`repetition 3 draw` ends the game when a position occurs for the third time";
        let count = self.end_count(n, 2, "a repetition count of {}", help)?;
        let claim_at = self.claim_count(&decl.claim_at, 2, n.value, "repetition 5 draw claim-at 3");
        Some(model::Repetition {
            count,
            outcome: outcome(decl.outcome.value),
            claim_at,
            perpetual_check: decl.perpetual_check.as_ref().map(|o| outcome(o.value)),
        })
    }

    /// `perpetual-check` where nothing gives check: no royal piece, or royal pieces
    /// that are captured.
    fn perpetual_check_without_check(
        &mut self,
        decl: &syntax::EndDecl,
        pieces: &[&syntax::PieceDecl],
    ) {
        let Some(span) = decl.rules.iter().find_map(|r| match &r.value {
            EndRuleDecl::Repetition(d) => d.perpetual_check.as_ref().map(|o| o.span),
            _ => None,
        }) else {
            return;
        };
        let royal_capture =
            (decl.rules.iter()).any(|r| matches!(r.value, EndRuleDecl::RoyalCapture));
        let royal = (pieces.iter().flat_map(|p| &p.props))
            .any(|p| matches!(p, syntax::PieceProp::Royal(..)));
        if royal && !royal_capture {
            return;
        }
        let why = if royal {
            "royal pieces are captured here (`royal-capture`)"
        } else {
            "no piece is `royal`"
        };
        self.push(
            Diagnostic::error(Code::BadEndRule, "`perpetual-check` in a game without check")
                .at(span, format!("nothing gives check: {why}"))
                .help("a perpetual check needs check: give a piece `royal` and leave out `royal-capture`, or leave out `perpetual-check`"),
        );
    }

    /// `reach`'s options: each once, and `after-reply` (Racing Kings' own timing)
    /// alone.
    fn reach_options(&mut self, options: &[Spanned<ReachOption>]) {
        let word = |o: ReachOption| match o {
            ReachOption::AfterReply => "after-reply",
            ReachOption::Held => "held",
            ReachOption::Safe => "safe",
        };
        for (i, o) in options.iter().enumerate() {
            if let Some(first) = options[..i].iter().find(|f| f.value == o.value) {
                self.push(
                    Diagnostic::error(
                        Code::BadEndRule,
                        format!("`{}` is given twice", word(o.value)),
                    )
                    .at(o.span, "again here")
                    .also(first.span, "first here")
                    .help("give each option of `reach` once"),
                );
            }
        }
        let after = options.iter().find(|o| o.value == ReachOption::AfterReply);
        let other = options.iter().find(|o| o.value != ReachOption::AfterReply);
        if let (Some(a), Some(o)) = (after, other) {
            self.push(
                Diagnostic::error(
                    Code::BadEndRule,
                    format!("`after-reply` cannot be combined with `{}`", word(o.value)),
                )
                .at(o.span, "this option")
                .also(a.span, "`after-reply` decides when the arrival counts")
                .help("`after-reply` is Racing Kings' rule; `held` waits for the player's next turn, `safe` for no attack"),
            );
        }
    }

    /// How many pieces `reach` wants in the zone: 1 to 1000 (1 if not said).
    fn reach_count(&mut self, count: Option<&Spanned<i64>>) -> u32 {
        match count {
            Some(c) if !(1..=1000).contains(&c.value) => {
                self.push(
                    Diagnostic::error(
                        Code::BadEndRule,
                        format!("{} pieces cannot be required in a zone", c.value),
                    )
                    .at(c.span, "from 1 to 1000")
                    .help("`reach camp Knight 9 win`: nine knights in the camp win"),
                );
                1
            }
            Some(c) => c.value as u32,
            None => 1,
        }
    }
}
