//! The spanned AST to a plain `Definition`, collecting every problem on the way.
//!
//! Each validator (`board::board`, `cells::zones`, `pieces::pieces`, …) is a
//! function of the sections it reads and of what earlier validators built; it
//! returns a `Report`: its value and its own diagnostics. The driver below calls
//! them in turn and sorts what they found. A problem in one section does not stop
//! the others from being checked; only what depends on a broken part (cells on a
//! missing board) is skipped.

pub mod betza;
pub mod betza_writer;
mod board;
mod capture;
mod castle;
mod cells;
mod confinement;
mod counting;
mod drops;
mod end;
mod evaluation;
mod explosions;
pub mod extend;
mod hand;
mod limits;
mod moves;
mod names;
mod network;
mod pieces;
mod points;
mod promotion;
mod restrictions;
mod royal;
mod sections;
mod setup;
mod two_cell;
mod walls;

use crate::diagnostic::{self, Code, Diagnostic, Span};
use crate::model::{self, BoardShape, CaptureOnly, Coord, Definition, Immobilization};
use crate::syntax;
use indexmap::IndexMap;
use sections::Sections;

/// The most files or ranks a board may have.
pub const MAX_BOARD_SIDE: usize = 64;
/// The most piece kinds a variant may define (the engine keeps kinds in 64-bit masks).
pub const MAX_PIECE_KINDS: usize = 64;
/// The largest `value` a piece may be given, in hundredths of a pawn.
pub const MAX_PIECE_VALUE: i64 = 100_000;
/// The largest `mobility` or `safety` term, either way, per move or cell.
pub const MAX_PER_MOVE: i64 = 1_000;
/// The most a weak cell or a safe check adds to the attack's count, in strikes.
pub const MAX_ATTACK_UNITS: i64 = 16;
/// Letters in a piece label.
pub const MAX_LABEL_LEN: usize = 3;
/// The largest offset component a move rule may use.
pub const MAX_OFFSET: i64 = 255;
/// The most castling rules a variant may have (rights are kept in a 32-bit mask).
pub const MAX_CASTLING: usize = 32;
/// The most cells one quiet step of an en-passant piece may pass.
pub const MAX_EP_CELLS: usize = 8;
/// The most pieces one move may remove.
pub const MAX_CAPTURES: usize = 14;

/// The zones by name: each player's cells.
type Zones = IndexMap<String, [Vec<Coord>; 2]>;

/// The result of checking: the definition when there is no error, and every diagnostic.
#[derive(Debug)]
pub struct Checked {
    pub definition: Option<Definition>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Runs every validator over the file and sorts what they found by position.
pub fn check(file: &syntax::File) -> Checked {
    let mut diagnostics = Vec::new();
    let definition = definition(file, &mut diagnostics);
    diagnostic::sort(&mut diagnostics);
    let has_error = diagnostics.iter().any(Diagnostic::is_error);
    Checked {
        definition: if has_error { None } else { definition },
        diagnostics,
    }
}

/// What one validator built from its part of the file, and every problem it found there.
#[must_use]
struct Report<T> {
    value: T,
    diagnostics: Vec<Diagnostic>,
}

impl<T> Report<T> {
    /// The value; the diagnostics join `all`.
    fn unpack(self, all: &mut Vec<Diagnostic>) -> T {
        all.extend(self.diagnostics);
        self.value
    }
}

/// The problems a validator and its helpers find, until the validator returns them.
#[derive(Default)]
struct Problems {
    list: Vec<Diagnostic>,
}

impl Problems {
    fn push(&mut self, d: Diagnostic) {
        self.list.push(d);
    }
}

/// Runs a validator with a list of problems of its own: what it built, and what it found.
fn report<T>(validate: impl FnOnce(&mut Problems) -> T) -> Report<T> {
    let mut problems = Problems::default();
    let value = validate(&mut problems);
    Report {
        value,
        diagnostics: problems.list,
    }
}

/// The diagnostic code for a FEN problem.
pub fn fen_code(e: &model::FenError) -> Code {
    match e.kind {
        model::FenErrorKind::UnknownPiece => Code::UnknownPiece,
        model::FenErrorKind::Malformed | model::FenErrorKind::StrayCastlingRight => Code::BadFen,
    }
}

/// Every validator in turn, each fed what the ones before it built, and the parts
/// assembled into a `Definition` when nothing it needs is missing.
fn definition(file: &syntax::File, all: &mut Vec<Diagnostic>) -> Option<Definition> {
    let f = sections::sort(file).unpack(all);
    let parts = parts(&f, all);
    let setup = setup::setup(&f, &parts).unpack(all);
    missing_pieces(&f.pieces).unpack(all);
    let shuffles = match &parts.board {
        Some(board) => shuffles_of(&f, board, setup.as_ref(), parts.drops.is_some()).unpack(all),
        None => Vec::new(),
    };
    let redeal = drops::redeal(f.redeal, !f.shuffles.is_empty()).unpack(all);
    let evaluation =
        evaluation::evaluation(f.evaluation, &f.pieces, parts.board.as_ref()).unpack(all);
    allowed(&f.allowed).unpack(all);
    Some(Definition {
        capture_only_zones: capture_only_zones(&f.zones),
        name: f.variant.map(|v| v.name.value.clone()).unwrap_or_default(),
        aliases: f.variant.map_or_else(Vec::new, |v| {
            v.aliases.iter().map(|a| a.value.clone()).collect()
        }),
        board: parts.board?,
        zones: parts.zones?,
        pieces: parts.pieces,
        castling: parts.castling,
        setup: setup?,
        end: parts.end,
        immobilization: match f.immobilization.map(|w| w.value) {
            Some(syntax::ImmobilizationWord::Pure) => Immobilization::Pure,
            _ => Immobilization::Mutual,
        },
        suicide: f.suicide.is_some(),
        must_capture: f.must_capture.is_some(),
        no_check: f.no_check.is_some(),
        pass: f.pass.is_some(),
        pass_when_stuck: f.pass_when_stuck.is_some(),
        blocks: f.blocks.is_some(),
        explosions: parts.explosions,
        walls: parts.walls,
        drops: parts.drops,
        hand: parts.hand,
        redeal,
        shuffles,
        symmetry: symmetry_of(f.setup),
        evaluation,
    })
}

/// `allow CODE...`: each a warning's code, without `vdl::`.
fn allowed(names: &[&syntax::Name]) -> Report<()> {
    report(|p| {
        for name in names {
            let code = format!("vdl::{}", name.value);
            if Code::LINTS.iter().any(|c| c.as_str() == code) {
                continue;
            }
            let lints: Vec<&str> = (Code::LINTS.iter())
                .map(|c| c.as_str().trim_start_matches("vdl::"))
                .collect();
            let (what, help) = if Code::ALL.iter().any(|c| c.as_str() == code) {
                let what = format!("`{code}` is an error, which `allow` cannot silence");
                (what, "fix what the error is about".to_string())
            } else {
                let what = format!("`{}` is not the code of a warning", name.value);
                let help = match diagnostic::suggest(&name.value, lints.iter().copied()) {
                    Some(close) => format!("did you mean `{close}`?"),
                    None => format!(
                        "`allow` takes the codes of warnings, without `vdl::`: {}",
                        lints.join(", ")
                    ),
                };
                (what, help)
            };
            p.push(
                Diagnostic::error(Code::BadAllow, what)
                    .at(name.span, "not a warning")
                    .help(help),
            );
        }
    })
}

/// What the validators of the board, the pieces and the rules built: what the
/// setup is read against.
pub(super) struct Parts {
    pub board: Option<BoardShape>,
    pub zones: Option<Zones>,
    pub pieces: Vec<model::PieceDef>,
    pub castling: Vec<model::CastleDef>,
    pub end: model::EndRules,
    pub drops: Option<model::Drops>,
    pub explosions: Option<model::Explosions>,
    pub walls: Option<model::Walls>,
    pub hand: Option<model::Hand>,
}

/// The board, zones, pieces and rules, each checked by its validator.
fn parts(f: &Sections, all: &mut Vec<Diagnostic>) -> Parts {
    let board = board::board(f.board).unpack(all);
    let zones = (board.as_ref()).map(|b| cells::zones(b, &f.zones).unpack(all));
    let pieces = pieces::pieces(&f.pieces, board.as_ref(), zones.as_ref()).unpack(all);
    let castling = (board.as_ref())
        .map(|b| castle::castles(b, &f.castles, &f.pieces).unpack(all))
        .unwrap_or_default();
    let end = end::end_rules(f.end, &f.pieces, zones.as_ref()).unpack(all);
    if f.pass.is_none() {
        limits::passing_without_pass(f.end).unpack(all);
    }
    let known: Vec<&str> = f.pieces.iter().map(|p| p.name.value.as_str()).collect();
    let drops = drops::drops(&f.drops, zones.as_ref(), &known, &f.pieces).unpack(all);
    let explosions = explosions::explosions(f.explosions, &known, &f.pieces).unpack(all);
    let wall_setting = wall_setting(f, zones.as_ref());
    let walls = walls::walls(f.walls, &wall_setting).unpack(all);
    walls::petrifying(f.walls, &wall_setting).unpack(all);
    walls::blocks(f.blocks.copied(), f.walls, &wall_setting).unpack(all);
    let hand_setting = hand::HandSetting {
        zones: zones.as_ref(),
        known: &known,
        pieces: &f.pieces,
        queue: f.drops.first().map(|d| d.span),
        free_castling: castling.iter().any(model::CastleDef::is_free),
        two_colours: board
            .as_ref()
            .is_none_or(|b| b.tiling == model::Tiling::Square),
    };
    let hand = hand::hand(&f.hands, &hand_setting).unpack(all);
    Parts {
        board,
        zones,
        pieces,
        castling,
        end,
        drops,
        explosions,
        walls,
        hand,
    }
}

/// What the `walls` section is checked against: the sections walls cannot go with.
fn wall_setting<'f>(f: &'f Sections<'f>, zones: Option<&'f Zones>) -> walls::WallSetting<'f> {
    walls::WallSetting {
        zones,
        pieces: &f.pieces,
        explosions: f.explosions.map(|e| e.span),
        queue: f.drops.first().map(|d| d.span),
        hand: f.hands.first().map(|h| h.span),
        pass: f.pass.copied(),
        suicide: f.suicide.copied(),
        end: f.end,
    }
}

/// The `shuffle` items, checked against the board and the setup.
fn shuffles_of(
    f: &Sections,
    board: &BoardShape,
    setup: Option<&model::Setup>,
    has_drops: bool,
) -> Report<Vec<model::Shuffle>> {
    let known: Vec<&str> = f.pieces.iter().map(|p| p.name.value.as_str()).collect();
    let at = drops::ShuffleSetting {
        board,
        setup,
        symmetry: symmetry_of(f.setup),
        has_drops,
    };
    drops::shuffles(&f.shuffles, &at, &known, &f.pieces)
}

/// No `piece`: an error.
fn missing_pieces(pieces: &[&syntax::PieceDecl]) -> Report<()> {
    report(|p| {
        if pieces.is_empty() {
            p.push(
                Diagnostic::error(Code::MissingSection, "the definition declares no piece")
                    .at(
                        Span::new(0, 0),
                        "expected at least one `piece` in this file",
                    )
                    .help("declare pieces as `piece King K { royal moves \"K\" }`"),
            );
        }
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "board { files a b c ranks 1 2 3 }
zone home { white a1 b1  black a3 b3 }
zone home { white c1  black c3 }
piece King K { royal moves \"K\" }
piece Knight N { moves \"N\" }
piece Nightrider NN { moves \"NN\" }
setup \"k2/3/2K w\"
";

    fn codes(diagnostics: &[Diagnostic]) -> Vec<(Code, usize)> {
        diagnostics
            .iter()
            .map(|d| (d.code, d.span().start))
            .collect()
    }

    #[test]
    fn a_validator_returns_only_what_its_sections_hold() {
        let file = syntax::parse(SOURCE).expect("the source parses");
        let mut all = Vec::new();
        let f = sections::sort(&file).unpack(&mut all);
        assert!(all.is_empty());
        let board = board::board(f.board);
        assert!(board.diagnostics.is_empty());
        let board = board.value.expect("the board is read");
        let zones = cells::zones(&board, &f.zones);
        let second_home = SOURCE.rfind("home").expect("two zones");
        assert_eq!(
            codes(&zones.diagnostics),
            [(Code::DuplicateZone, second_home)]
        );
        assert_eq!(zones.value.len(), 1);
        let pieces = pieces::pieces(&f.pieces, Some(&board), Some(&zones.value));
        let nn = SOURCE.find("NN").expect("the label");
        assert_eq!(codes(&pieces.diagnostics), [(Code::PrefixLabel, nn)]);
        assert_eq!(pieces.value.len(), 3);
    }

    #[test]
    fn without_a_board_the_board_validator_reports_it_at_the_start() {
        let missing = board::board(None);
        assert!(missing.value.is_none());
        assert_eq!(codes(&missing.diagnostics), [(Code::MissingSection, 0)]);
    }

    #[test]
    fn the_driver_reports_every_validators_findings_sorted() {
        let file = syntax::parse(SOURCE).expect("the source parses");
        let checked = check(&file);
        assert!(checked.definition.is_none());
        let second_home = SOURCE.rfind("home").expect("two zones");
        let nn = SOURCE.find("NN").expect("the label");
        assert_eq!(
            codes(&checked.diagnostics),
            [(Code::DuplicateZone, second_home), (Code::PrefixLabel, nn)]
        );
    }
}
