//! Structured move rules (`moves { ... }`) to plain move rules: one function per
//! movement form, each turning the rule's offsets into geometries, and the options
//! each form takes.

use super::{Problems, MAX_OFFSET};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::model::{Geometry, MoveMode, MoveRule, Offset, Tiling};
use crate::syntax::{self, MoveKindWord, RuleOption, Spanned};

/// The most leaps a `chain` may make (every order of leaps is a path of its own).
pub const MAX_CHAIN: u32 = 3;
/// The most paths one `chain` may have from a cell (its leaps to the power of its
/// range): the dancing horse has 8 + 64.
pub const MAX_CHAIN_PATHS: u64 = 1024;

/// The most cells of precomputed rays one piece's moves may need on a board (both
/// sides, every cell), as estimated from its rules: a `equal` rule grows with the
/// cube of the board's side.
pub const MAX_RAY_CELLS: u64 = 256 << 20;

/// The options of one rule, read and checked.
struct Options {
    mode: MoveMode,
    initial: bool,
    all: bool,
    range: Option<u32>,
    land_behind: bool,
    adjacent: bool,
    jump: bool,
}

/// The forms each option fits, and an example of it for the help line.
fn fits(option: RuleOption) -> (&'static str, &'static [MoveKindWord], &'static str) {
    use MoveKindWord::*;
    match option {
        RuleOption::LandBehind => (
            "land-behind",
            &[Hop],
            "`hop (1,0) all land-behind` is a grasshopper",
        ),
        RuleOption::Adjacent => (
            "adjacent",
            &[Hop],
            "`hop (1,0) (1,1) all adjacent land-behind` jumps a piece next to the mover",
        ),
        RuleOption::Jump => (
            "jump",
            &[Path],
            "`path (0,1) (1,1) all jump` is a knight whose first cell is orthogonal",
        ),
        RuleOption::Range(_) => (
            "range",
            &[Ride, Zigzag, Circle, Chain],
            "`ride (1,0) all range 4` rides at most four steps",
        ),
        _ => (
            "",
            &[Leap, Ride, Path, Hop, Zigzag, Circle, Equal, Chain],
            "",
        ),
    }
}

/// At most how many ray cells a geometry needs from one cell of a board whose longer
/// side is `side`.
fn ray_cells_from_a_cell(geometry: &Geometry, side: u64) -> u64 {
    match geometry {
        Geometry::Leap(path) => path.len() as u64,
        Geometry::Ride { .. } | Geometry::Hop { .. } => side,
        Geometry::Walk { prefix, .. } => prefix.len() as u64 + side,
        Geometry::EqualLegs { second, .. } => second.len() as u64 * side * (side + 1),
        Geometry::Chain { leaps, count } => (1..=*count)
            .map(|k| u64::from(k) * (leaps.len() as u64).pow(k))
            .sum(),
    }
}

impl Problems {
    /// A piece whose moves would need more precomputed cells than the engine keeps
    /// (the Sissa on a 64×64 board) is an error, not a minute of compiling.
    pub(super) fn movement_size(
        &mut self,
        board: &crate::model::BoardShape,
        decls: &[&syntax::PieceDecl],
        defs: &[crate::model::PieceDef],
    ) {
        let side = board.width().max(board.height()) as u64;
        let cells = (board.width() * board.height()) as u64;
        for (decl, def) in decls.iter().zip(defs) {
            let per_cell: u64 = def
                .rules
                .iter()
                .map(|r| ray_cells_from_a_cell(&r.geometry, side))
                .sum();
            let total = per_cell.saturating_mul(cells * 2);
            if total > MAX_RAY_CELLS {
                self.push(
                    Diagnostic::error(
                        Code::Limit,
                        format!(
                            "the moves of the {} are too many to precompute on this board",
                            def.name
                        ),
                    )
                    .at(decl.name.span, format!("about {} million cells of rays", total >> 20))
                    .help(format!(
                        "vdl keeps at most {} million; use a smaller board or fewer or shorter rules",
                        MAX_RAY_CELLS >> 20
                    )),
                );
            }
        }
    }

    pub(super) fn move_rule(&mut self, r: &syntax::MoveRuleDecl, tiling: Tiling) -> Vec<MoveRule> {
        let kind = r.kind.value;
        let options = self.rule_options(r);
        let offsets = self.offsets(&r.offsets);
        let after = self.offsets(&r.after);
        let (Some(options), Some(offsets), Some(after)) = (options, offsets, after) else {
            return Vec::new();
        };
        if let Some(span) = r.after_span {
            if !matches!(kind, MoveKindWord::Ride | MoveKindWord::Zigzag) {
                self.push(
                    Diagnostic::error(
                        Code::BadMove,
                        format!("`after` does not apply to `{}`", kind.word()),
                    )
                    .at(span, "only for `ride` and `zigzag`")
                    .help("`ride (1,0) after (1,1) all` is a gryphon's bent move"),
                );
                return Vec::new();
            }
        }
        let geometries = match kind {
            MoveKindWord::Leap | MoveKindWord::Ride | MoveKindWord::Hop => {
                single_offsets(kind, &offsets, &after, &options, tiling)
            }
            MoveKindWord::Path => self.path(r, &offsets, &options, tiling),
            MoveKindWord::Zigzag => self.zigzag(r, &offsets, &after, &options, tiling),
            MoveKindWord::Circle => circles(&offsets, &options, tiling),
            MoveKindWord::Equal => self.equal_legs(r, &offsets, &options, tiling),
            MoveKindWord::Chain => self.chain(r, &offsets, &options, tiling),
        };
        let mut out = Vec::new();
        for geometry in geometries.unwrap_or_default() {
            let rule = MoveRule {
                written: 0,
                region: None,
                jump: options.jump,
                geometry,
                mode: options.mode,
                initial: options.initial,
            };
            if !out.contains(&rule) {
                out.push(rule);
            }
        }
        out
    }

    fn rule_options(&mut self, r: &syntax::MoveRuleDecl) -> Option<Options> {
        let mut o = Options {
            mode: MoveMode::Both,
            initial: false,
            all: false,
            range: None,
            land_behind: false,
            adjacent: false,
            jump: false,
        };
        let mut mode_at: Option<Span> = None;
        let mut ok = true;
        for opt in &r.options {
            let (name, forms, example) = fits(opt.value);
            if !forms.contains(&r.kind.value) {
                let only: Vec<String> = forms.iter().map(|k| format!("`{}`", k.word())).collect();
                self.push(
                    Diagnostic::error(
                        Code::BadMove,
                        format!("`{name}` does not apply to `{}`", r.kind.value.word()),
                    )
                    .at(opt.span, format!("only for {}", only.join(", ")))
                    .help(example),
                );
                ok = false;
                continue;
            }
            match opt.value {
                RuleOption::Quiet | RuleOption::Capture => {
                    if let Some(first) = mode_at {
                        self.push(
                            Diagnostic::error(
                                Code::BadMove,
                                "a rule is `quiet` or `capture`, not both",
                            )
                            .at(opt.span, "second mode here")
                            .also(first, "first mode here")
                            .help("leave both out for a rule that moves and captures"),
                        );
                        ok = false;
                    }
                    mode_at = Some(opt.span);
                    o.mode = if opt.value == RuleOption::Quiet {
                        MoveMode::Quiet
                    } else {
                        MoveMode::Capture
                    };
                }
                RuleOption::Initial => o.initial = true,
                RuleOption::All => o.all = true,
                RuleOption::LandBehind => o.land_behind = true,
                RuleOption::Adjacent => o.adjacent = true,
                RuleOption::Jump => o.jump = true,
                RuleOption::Range(n) => {
                    if n < 1 || n > i64::from(u32::MAX) {
                        self.push(
                            Diagnostic::error(
                                Code::BadMove,
                                format!("a range of {n} is not a number of steps"),
                            )
                            .at(opt.span, "out of range")
                            .help("a range is at least 1"),
                        );
                        ok = false;
                    }
                    o.range = Some(n.clamp(1, i64::from(u32::MAX)) as u32);
                }
            }
        }
        ok.then_some(o)
    }

    /// The offsets as steps, each within the limits and not (0,0).
    fn offsets(&mut self, written: &[Spanned<(i64, i64)>]) -> Option<Vec<Offset>> {
        let mut ok = true;
        let mut out = Vec::new();
        for o in written {
            let (dx, dy) = o.value;
            if dx.abs() > MAX_OFFSET || dy.abs() > MAX_OFFSET {
                self.push(
                    Diagnostic::error(Code::Limit, format!("offsets are limited to ±{MAX_OFFSET}"))
                        .at(o.span, "too far")
                        .help("no board is large enough for this step"),
                );
                ok = false;
            } else if dx == 0 && dy == 0 {
                self.push(
                    Diagnostic::error(Code::BadMove, "the offset (0,0) does not move")
                        .at(o.span, "a step of nothing")
                        .help("offsets are (files right, ranks forward), e.g. (1,2) for a knight"),
                );
                ok = false;
            } else {
                out.push(Offset::new(dx as i32, dy as i32));
            }
        }
        ok.then_some(out)
    }

    /// `path`: one move along legs taken in turn.
    fn path(
        &mut self,
        r: &syntax::MoveRuleDecl,
        legs: &[Offset],
        o: &Options,
        tiling: Tiling,
    ) -> Option<Vec<Geometry>> {
        let mut at = Offset::new(0, 0);
        let shape: Vec<Offset> = legs
            .iter()
            .map(|leg| {
                at = at + *leg;
                at
            })
            .collect();
        if at == Offset::new(0, 0) {
            self.push(
                Diagnostic::error(Code::BadMove, "this path ends where it starts")
                    .at(r.span, "returns to its start")
                    .help("a path's legs must add up to a real move"),
            );
            return None;
        }
        Some(
            images(&shape, o.all, tiling)
                .into_iter()
                .map(Geometry::Leap)
                .collect(),
        )
    }

    /// `zigzag`: the steps taken in turn, again and again (after any fixed steps).
    fn zigzag(
        &mut self,
        r: &syntax::MoveRuleDecl,
        steps: &[Offset],
        after: &[Offset],
        o: &Options,
        tiling: Tiling,
    ) -> Option<Vec<Geometry>> {
        if steps.len() < 2 {
            self.push(
                Diagnostic::error(
                    Code::BadMove,
                    "a zigzag needs two steps or more to alternate",
                )
                .at(r.kind.span, "one step only")
                .help("`zigzag (1,1) (-1,1) all` is the crooked bishop; one step is a `ride`"),
            );
            return None;
        }
        let whole: Vec<Offset> = after.iter().chain(steps).copied().collect();
        Some(
            images(&whole, o.all, tiling)
                .into_iter()
                .map(|image| {
                    let (prefix, cycle) = image.split_at(after.len());
                    Geometry::Walk {
                        prefix: prefix.to_vec(),
                        cycle: cycle.to_vec(),
                        range: o.range,
                    }
                })
                .collect(),
        )
    }

    /// `equal`: n steps of the first offset, then n steps of the second in any of its
    /// directions (the Sissa).
    fn equal_legs(
        &mut self,
        r: &syntax::MoveRuleDecl,
        offsets: &[Offset],
        o: &Options,
        tiling: Tiling,
    ) -> Option<Vec<Geometry>> {
        let [first, second] = offsets else {
            self.push(
                Diagnostic::error(
                    Code::BadMove,
                    format!("`equal` takes two steps, not {}", offsets.len()),
                )
                .at(r.kind.span, "n steps of the first, then n of the second")
                .help("`equal (1,0) (1,1) all` is n rook steps, then n bishop steps"),
            );
            return None;
        };
        let second = second.images(tiling);
        Some(
            images(&[*first], o.all, tiling)
                .into_iter()
                .map(|f| Geometry::EqualLegs {
                    first: f[0],
                    second: second.clone(),
                })
                .collect(),
        )
    }

    /// `chain`: one leap or several, each in any direction (the dancing horse).
    fn chain(
        &mut self,
        r: &syntax::MoveRuleDecl,
        shapes: &[Offset],
        o: &Options,
        tiling: Tiling,
    ) -> Option<Vec<Geometry>> {
        let Some(count) = o.range else {
            self.push(
                Diagnostic::error(
                    Code::BadMove,
                    "a chain needs `range N`: how many leaps at most",
                )
                .at(r.kind.span, "no range")
                .help("`chain (2,1) range 2` is one knight leap, or two in any directions"),
            );
            return None;
        };
        if count > MAX_CHAIN {
            self.push(
                Diagnostic::error(
                    Code::Limit,
                    format!("a chain makes at most {MAX_CHAIN} leaps"),
                )
                .at(r.span, format!("{count} leaps"))
                .help(
                    "every order of leaps is a path the engine keeps; longer chains are too many",
                ),
            );
            return None;
        }
        let mut leaps: Vec<Offset> = Vec::new();
        for s in shapes {
            for image in s.images(tiling) {
                if !leaps.contains(&image) {
                    leaps.push(image);
                }
            }
        }
        let paths: u64 = (1..=count).map(|k| (leaps.len() as u64).pow(k)).sum();
        if paths > MAX_CHAIN_PATHS {
            self.push(
                Diagnostic::error(
                    Code::Limit,
                    format!("this chain has {paths} paths from a cell; at most {MAX_CHAIN_PATHS}"),
                )
                .at(r.span, format!("{} leaps, up to {count} in a row", leaps.len()))
                .help("every order of leaps is a path the engine keeps: use fewer leaps or a shorter range"),
            );
            return None;
        }
        Some(vec![Geometry::Chain { leaps, count }])
    }
}

/// `leap`, `ride` and `hop`: one geometry per offset (and per image with `all`);
/// a `ride` after fixed steps is a bent rider.
fn single_offsets(
    kind: MoveKindWord,
    offsets: &[Offset],
    after: &[Offset],
    o: &Options,
    tiling: Tiling,
) -> Option<Vec<Geometry>> {
    let mut out = Vec::new();
    for &step in offsets {
        let whole: Vec<Offset> = after.iter().copied().chain([step]).collect();
        for image in images(&whole, o.all, tiling) {
            let (prefix, last) = image.split_at(after.len());
            let step = last[0];
            out.push(match kind {
                MoveKindWord::Leap => Geometry::Leap(vec![step]),
                MoveKindWord::Hop => Geometry::Hop {
                    step,
                    land_behind: o.land_behind,
                    adjacent: o.adjacent,
                },
                _ if prefix.is_empty() => Geometry::Ride {
                    step,
                    range: o.range,
                },
                _ => Geometry::Walk {
                    prefix: prefix.to_vec(),
                    cycle: vec![step],
                    range: o.range,
                },
            });
        }
    }
    Some(out)
}

/// `circle`: for each leap, a walk round the circle of its images from each of them,
/// each way round, at most once round less one leap (which would come back).
fn circles(offsets: &[Offset], o: &Options, tiling: Tiling) -> Option<Vec<Geometry>> {
    let mut out = Vec::new();
    for &leap in offsets {
        let round = leap.images(tiling).len() as u32;
        let range = Some(o.range.map_or(round - 1, |r| r.min(round - 1)));
        for start in leap.images(tiling) {
            for anticlockwise in [true, false] {
                out.push(Geometry::Walk {
                    prefix: Vec::new(),
                    cycle: start.circle(anticlockwise, tiling),
                    range,
                });
            }
        }
    }
    Some(out)
}

/// The images of a shape under the board's rotations and reflections (each image
/// applying one transformation to every step), or the shape alone.
pub fn images(shape: &[Offset], all: bool, tiling: Tiling) -> Vec<Vec<Offset>> {
    if !all {
        return vec![shape.to_vec()];
    }
    let mut out: Vec<Vec<Offset>> = Vec::new();
    for t in tiling.symmetries() {
        let image: Vec<Offset> = shape.iter().map(|o| o.transformed(t)).collect();
        if !out.contains(&image) {
            out.push(image);
        }
    }
    out
}
