//! A definition file's sections, sorted and each checked in its turn, assembled
//! into a `Definition`: the checker's driver.

use super::{drops, fen_code, hand, once, walls, Checker};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{self, BoardShape, CaptureOnly, Coord, Definition, Immobilization};
use crate::syntax::{self, Item, Spanned};
use indexmap::IndexMap;

/// The file's items by section: the sections a definition has once, and the lists.
#[derive(Default)]
struct Sections<'f> {
    variant: Option<&'f syntax::VariantDecl>,
    board: Option<&'f syntax::BoardDecl>,
    setup: Option<&'f syntax::SetupDecl>,
    end: Option<&'f syntax::EndDecl>,
    immobilization: Option<&'f Spanned<syntax::ImmobilizationWord>>,
    suicide: Option<&'f Span>,
    must_capture: Option<&'f Span>,
    no_check: Option<&'f Span>,
    pass: Option<&'f Span>,
    explosions: Option<&'f syntax::ExplosionsDecl>,
    walls: Option<&'f syntax::WallsDecl>,
    redeal: Option<&'f syntax::RedealDecl>,
    zones: Vec<&'f syntax::ZoneDecl>,
    pieces: Vec<&'f syntax::PieceDecl>,
    castles: Vec<&'f syntax::CastleDecl>,
    shuffles: Vec<&'f syntax::ShuffleDecl>,
    drops: Vec<&'f syntax::DropsDecl>,
    hands: Vec<&'f syntax::HandDecl>,
}

impl Checker {
    pub(super) fn file(&mut self, file: &syntax::File) -> Option<Definition> {
        let f = self.sections(file);
        let shape = self.board(f.board);
        self.tiling = shape.as_ref().map_or(model::Tiling::Square, |s| s.tiling);
        let zone_map = shape.as_ref().map(|s| self.zones(s, &f.zones));
        let piece_defs = self.pieces(&f.pieces, zone_map.as_ref());
        if let Some(shape) = &shape {
            self.capture_capacity(shape, &f.pieces, &piece_defs);
            self.movement_size(shape, &f.pieces, &piece_defs);
        }
        let castling = (shape.as_ref())
            .map(|s| self.castles(s, &f.castles, &f.pieces))
            .unwrap_or_default();
        let end_rules = self.end_rules(f.end, &f.pieces, zone_map.as_ref());
        if f.pass.is_none() {
            self.passing_without_pass(f.end);
        }
        let known: Vec<&str> = f.pieces.iter().map(|p| p.name.value.as_str()).collect();
        let drops_def = self.drops(&f.drops, zone_map.as_ref(), &known, &f.pieces);
        let explosions_def = self.explosions(f.explosions, &known, &f.pieces);
        let free_castling = castling.iter().any(model::CastleDef::is_free);
        let (walls_def, hand_def) =
            self.walls_and_hand(&f, zone_map.as_ref(), &known, free_castling);
        let symmetry = symmetry_of(f.setup);
        let setup_def = match (f.setup, &shape) {
            (Some(s), Some(shape)) => {
                let rules = model::FenRules {
                    board: shape,
                    pieces: &piece_defs,
                    castling: &castling,
                    drops: drops_def.is_some(),
                    start: None,
                    checks: end_rules.checks.map(|c| c.count),
                    gate_cells: model::Hand::gate_cells(hand_def.as_ref(), zone_map.as_ref()),
                    passes: end_rules.double_pass.is_some() || end_rules.facing.is_some(),
                    shuffled: !f.shuffles.is_empty(),
                    counting: end_rules.counting.is_some(),
                    walls: walls_def.as_ref().map(|w| w.rule),
                };
                self.setup_position(s, &rules)
            }
            (setup, _) => {
                self.missing_setup(setup);
                None
            }
        };
        if let (Some(s), Some(setup), Some(shape), Some(zones)) =
            (f.setup, &setup_def, &shape, &zone_map)
        {
            self.confined_setup(setup, s.fen.span, shape, &piece_defs, zones);
        }
        self.missing_pieces(&f.pieces);
        let shuffle_defs = match &shape {
            Some(shape) => {
                self.shuffles_of(&f, shape, setup_def.as_ref(), drops_def.is_some(), &known)
            }
            None => Vec::new(),
        };
        Some(Definition {
            capture_only_zones: capture_only_zones(&f.zones),
            name: f.variant.map(|v| v.name.value.clone()).unwrap_or_default(),
            aliases: f.variant.map_or_else(Vec::new, |v| {
                v.aliases.iter().map(|a| a.value.clone()).collect()
            }),
            board: shape?,
            zones: zone_map?,
            pieces: piece_defs,
            castling,
            setup: setup_def?,
            end: end_rules,
            immobilization: match f.immobilization.map(|w| w.value) {
                Some(syntax::ImmobilizationWord::Pure) => Immobilization::Pure,
                _ => Immobilization::Mutual,
            },
            suicide: f.suicide.is_some(),
            must_capture: f.must_capture.is_some(),
            no_check: f.no_check.is_some(),
            pass: f.pass.is_some(),
            explosions: explosions_def,
            walls: walls_def,
            drops: drops_def,
            hand: hand_def,
            redeal: self.redeal(f.redeal, !f.shuffles.is_empty()),
            shuffles: shuffle_defs,
            symmetry,
        })
    }

    /// The `walls` and `hand` sections, each checked against what the others hold.
    fn walls_and_hand(
        &mut self,
        f: &Sections,
        zones: Option<&IndexMap<String, [Vec<Coord>; 2]>>,
        known: &[&str],
        free_castling: bool,
    ) -> (Option<model::Walls>, Option<model::Hand>) {
        let walls = self.walls(
            f.walls,
            &walls::WallSetting {
                zones,
                pieces: &f.pieces,
                explosions: f.explosions.map(|e| e.span),
                queue: f.drops.first().map(|d| d.span),
                hand: f.hands.first().map(|h| h.span),
                pass: f.pass.copied(),
                suicide: f.suicide.copied(),
                end: f.end,
            },
        );
        let hand = self.hand(
            &f.hands,
            &hand::HandSetting {
                zones,
                known,
                pieces: &f.pieces,
                queue: f.drops.first().map(|d| d.span),
                free_castling,
            },
        );
        (walls, hand)
    }

    /// The `shuffle` items, checked against the board and the setup.
    fn shuffles_of(
        &mut self,
        f: &Sections,
        shape: &BoardShape,
        setup: Option<&model::Setup>,
        has_drops: bool,
        known: &[&str],
    ) -> Vec<model::Shuffle> {
        self.shuffles(
            &f.shuffles,
            &drops::ShuffleSetting {
                board: shape,
                setup,
                symmetry: symmetry_of(f.setup),
                has_drops,
            },
            known,
            &f.pieces,
        )
    }

    /// The items sorted by section; a section given twice is an error, and so is
    /// `modify` in a file that extends nothing.
    fn sections<'f>(&mut self, file: &'f syntax::File) -> Sections<'f> {
        let mut f = Sections::default();
        let d = &mut self.diags;
        for item in &file.items {
            match item {
                Item::Hand(h) => f.hands.push(h),
                Item::Shuffle(s) => f.shuffles.push(s),
                Item::Drops(x) => f.drops.push(x),
                Item::Zone(z) => f.zones.push(z),
                Item::Piece(p) => f.pieces.push(p),
                Item::Castle(c) => f.castles.push(c),
                Item::Redeal(r) => once(&mut f.redeal, r, r.span, |x| x.span, "redeal", d),
                Item::Immobilization(w) => {
                    once(&mut f.immobilization, w, w.span, |x| x.span, "immobilization", d)
                }
                Item::Suicide(s) => once(&mut f.suicide, s, *s, |x| *x, "suicide", d),
                Item::MustCapture(s) => once(&mut f.must_capture, s, *s, |x| *x, "must-capture", d),
                Item::NoCheck(s) => once(&mut f.no_check, s, *s, |x| *x, "no-check", d),
                Item::Pass(s) => once(&mut f.pass, s, *s, |x| *x, "pass", d),
                Item::Explosions(e) => {
                    once(&mut f.explosions, e, e.span, |x| x.span, "explosions", d)
                }
                Item::Walls(w) => once(&mut f.walls, w, w.span, |x| x.span, "walls", d),
                Item::Variant(v) => once(&mut f.variant, v, v.span, |x| x.span, "variant", d),
                Item::Board(b) => once(&mut f.board, b, b.span, |x| x.span, "board", d),
                Item::Setup(s) => once(&mut f.setup, s, s.span, |x| x.span, "setup", d),
                Item::End(e) => once(&mut f.end, e, e.span, |x| x.span, "end", d),
                Item::Modify(m) => d.push(
                    Diagnostic::error(
                        Code::BadExtends,
                        format!("`modify {}` but this file extends no definition", m.name.value),
                    )
                    .at(m.name.span, "no base piece to change")
                    .help(format!(
                        "`modify` changes a piece of the definition named by `extends \"file.vdl\"` at the top of the file; to define the piece here write `piece {} X {{ ... }}`",
                        m.name.value
                    )),
                ),
            }
        }
        f
    }

    /// The setup's FEN read against the board, pieces and rules.
    fn setup_position(
        &mut self,
        s: &syntax::SetupDecl,
        rules: &model::FenRules,
    ) -> Option<model::Setup> {
        match model::parse_fen(&s.fen.value, rules) {
            Ok(setup) => Some(setup),
            Err(e) => {
                let d = Diagnostic::error(fen_code(&e), e.message)
                    .at(s.fen.span.sub(e.offset, e.len), "here");
                self.push(match e.help {
                    Some(h) => d.help(h),
                    None => d,
                });
                None
            }
        }
    }

    /// No `setup`: an error (with one, but no board to read it on, nothing more).
    fn missing_setup(&mut self, setup: Option<&syntax::SetupDecl>) {
        if setup.is_none() {
            self.push(
                Diagnostic::error(Code::MissingSection, "the definition has no `setup`")
                    .at(Span::new(0, 0), "expected a `setup` section in this file")
                    .help("add the start position as FEN, e.g. `setup \"8/8/8/8/8/8/8/8 w\"`"),
            );
        }
    }

    fn missing_pieces(&mut self, pieces: &[&syntax::PieceDecl]) {
        if pieces.is_empty() {
            self.push(
                Diagnostic::error(Code::MissingSection, "the definition declares no piece")
                    .at(
                        Span::new(0, 0),
                        "expected at least one `piece` in this file",
                    )
                    .help("declare pieces as `piece King K { royal moves \"K\" }`"),
            );
        }
    }
}

fn symmetry_of(setup: Option<&syntax::SetupDecl>) -> Option<model::Symmetry> {
    setup
        .and_then(|s| s.symmetry.as_ref())
        .map(|s| match s.value {
            syntax::Symmetry::Mirrored => model::Symmetry::Mirrored,
            syntax::Symmetry::Rotated => model::Symmetry::Rotated,
        })
}

/// The zones where pieces may only capture, and how a move crossing them is read.
fn capture_only_zones(zones: &[&syntax::ZoneDecl]) -> Vec<(String, CaptureOnly)> {
    (zones.iter())
        .filter(|z| z.capture_only)
        .map(|z| {
            let rule = if z.fewest_crossed {
                CaptureOnly::FewestCrossed
            } else {
                CaptureOnly::Landing
            };
            (z.name.value.clone(), rule)
        })
        .collect()
}
