//! A definition file's items sorted by section; a section that may appear once and
//! appears twice is an error.

use super::{report, Problems, Report};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::syntax::{self, Item, Spanned};

/// The file's items by section: the sections a definition has once, and the lists.
#[derive(Default)]
pub(super) struct Sections<'f> {
    pub variant: Option<&'f syntax::VariantDecl>,
    pub board: Option<&'f syntax::BoardDecl>,
    pub setup: Option<&'f syntax::SetupDecl>,
    pub end: Option<&'f syntax::EndDecl>,
    pub immobilization: Option<&'f Spanned<syntax::ImmobilizationWord>>,
    pub suicide: Option<&'f Span>,
    pub must_capture: Option<&'f Span>,
    pub no_check: Option<&'f Span>,
    pub pass: Option<&'f Span>,
    pub blocks: Option<&'f Span>,
    /// `when-stuck` after `pass`.
    pub pass_when_stuck: Option<Span>,
    pub explosions: Option<&'f syntax::ExplosionsDecl>,
    pub walls: Option<&'f syntax::WallsDecl>,
    pub evaluation: Option<&'f syntax::EvaluationDecl>,
    pub redeal: Option<&'f syntax::RedealDecl>,
    pub zones: Vec<&'f syntax::ZoneDecl>,
    pub pieces: Vec<&'f syntax::PieceDecl>,
    pub castles: Vec<&'f syntax::CastleDecl>,
    pub shuffles: Vec<&'f syntax::ShuffleDecl>,
    pub drops: Vec<&'f syntax::DropsDecl>,
    pub hands: Vec<&'f syntax::HandDecl>,
    pub allowed: Vec<&'f syntax::Name>,
}

/// The items sorted by section; a section given twice is an error, and so is
/// `modify` in a file that extends nothing.
pub(super) fn sort(file: &syntax::File) -> Report<Sections<'_>> {
    report(|d| {
        let mut f = Sections::default();
        for item in &file.items {
            match item {
                Item::Hand(h) => f.hands.push(h),
                Item::Allow(codes) => f.allowed.extend(codes),
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
                Item::Blocks(s) => once(&mut f.blocks, s, *s, |x| *x, "blocks", d),
                Item::Pass(s, stuck) => {
                    if f.pass.is_none() {
                        f.pass_when_stuck = *stuck;
                    }
                    once(&mut f.pass, s, *s, |x| *x, "pass", d)
                }
                Item::Explosions(e) => {
                    once(&mut f.explosions, e, e.span, |x| x.span, "explosions", d)
                }
                Item::Walls(w) => once(&mut f.walls, w, w.span, |x| x.span, "walls", d),
                Item::Evaluation(e) => {
                    once(&mut f.evaluation, e, e.span, |x| x.span, "evaluation", d)
                }
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
    })
}

/// A section that may appear once: the first one, remembered for the duplicate's label.
fn once<'a, T>(
    slot: &mut Option<&'a T>,
    item: &'a T,
    span: Span,
    first_span: impl Fn(&T) -> Span,
    what: &str,
    problems: &mut Problems,
) {
    match slot {
        Some(first) => problems.push(
            Diagnostic::error(Code::DuplicateSection, format!("`{what}` is given twice"))
                .at(span, "second one here")
                .also(first_span(first), "first one here")
                .help(format!(
                    "a definition has one `{what}` section; merge the two"
                )),
        ),
        None => *slot = Some(item),
    }
}
