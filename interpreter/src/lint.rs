//! Warnings about a definition that loads but is probably not what its designer
//! meant: pieces that never appear or cannot move, zones that are empty or out of
//! reach, captures that cannot happen, a setup that is over before it starts or
//! is not the symmetry it claims, cells no piece can reach, drops on cells a piece
//! could never move from. Runs on the compiled
//! rules; the spanned AST is used only to say where.

use crate::compile::{RayKind, Ruleset};
use crate::diagnostic::{Code, Diagnostic, Severity, Span};
use crate::engine::Position;
use crate::model::{CaptureMode, Coord, Side};
use crate::syntax::{File, HandDecl, HandRuleDecl, Item, PieceDecl, PieceProp, Symmetry, ZoneDecl};

/// Every warning for a definition that compiled.
pub fn lint(file: &File, rules: &Ruleset) -> Vec<Diagnostic> {
    let places = Places::of(file);
    let mut out = Vec::new();
    let reach = Reach::compute(rules);
    pieces(rules, &places, &reach, &mut out);
    zones(rules, &places, &mut out);
    captures(rules, &places, &mut out);
    setup(rules, &places, &mut out);
    cells(rules, &places, &reach, &mut out);
    redundant_moves(rules, &places, &mut out);
    dead_drops(rules, &places, &mut out);
    let allowed: Vec<String> = (file.items.iter())
        .filter_map(|item| match item {
            Item::Allow(codes) => Some(codes),
            _ => None,
        })
        .flatten()
        .map(|name| format!("vdl::{}", name.value))
        .collect();
    out.retain(|d| !allowed.iter().any(|a| a == d.code.as_str()));
    out
}

fn warning(code: Code, message: impl Into<String>) -> Diagnostic {
    Diagnostic {
        severity: Severity::Warning,
        ..Diagnostic::error(code, message)
    }
}

/// Where the parts of the definition are written.
struct Places<'f> {
    pieces: Vec<&'f PieceDecl>,
    zones: Vec<&'f ZoneDecl>,
    setup: Option<&'f crate::syntax::SetupDecl>,
    board: Span,
    hand: Option<&'f HandDecl>,
}

impl<'f> Places<'f> {
    fn of(file: &'f File) -> Places<'f> {
        let mut p = Places {
            pieces: Vec::new(),
            zones: Vec::new(),
            setup: None,
            board: Span::default(),
            hand: None,
        };
        for item in &file.items {
            match item {
                Item::Piece(d) => p.pieces.push(d),
                Item::Zone(z) => p.zones.push(z),
                Item::Setup(s) => p.setup = Some(s),
                Item::Board(b) => p.board = b.span,
                Item::Hand(h) => p.hand = Some(h),
                _ => {}
            }
        }
        p
    }

    fn piece(&self, name: &str) -> Option<&'f PieceDecl> {
        self.pieces.iter().copied().find(|d| d.name.value == name)
    }

    fn zone(&self, name: &str) -> Option<&'f ZoneDecl> {
        self.zones.iter().copied().find(|z| z.name.value == name)
    }
}

/// Cells each side's pieces of each kind can ever stand on, on an empty board:
/// from the setup, along every move, through promotions (and takeovers, which
/// hand a piece to the other side). An over-estimate, so the lints built on it
/// never warn about something that can happen.
struct Reach {
    /// Per side and kind, per cell.
    cells: Vec<Vec<bool>>,
    kinds: usize,
}

impl Reach {
    fn at(&self, side: usize, kind: usize) -> &[bool] {
        &self.cells[side * self.kinds + kind]
    }

    fn appears(&self, side: usize, kind: usize) -> bool {
        self.at(side, kind).iter().any(|&b| b)
    }

    fn compute(rules: &Ruleset) -> Reach {
        let n = rules.cell_count();
        let kinds = rules.kinds;
        let mut cells = vec![vec![false; n]; 2 * kinds];
        let mut queue: Vec<(usize, usize, u16)> = Vec::new();
        let add = |cells: &mut Vec<Vec<bool>>, q: &mut Vec<_>, side: usize, kind: usize, c| {
            let slot = &mut cells[side * kinds + kind][c as usize];
            if !*slot {
                *slot = true;
                q.push((side, kind, c));
            }
        };
        let queued = queued_kinds(rules);
        for (side, kind, c) in start_cells(rules, &queued) {
            add(&mut cells, &mut queue, side, kind, c);
        }
        let converts = rules.capture.takeover.iter().any(Option::is_some);
        while let Some((side, kind, from)) = queue.pop() {
            let mut next: Vec<u16> = Vec::new();
            for ray in rules.rays_of(side, kind, from) {
                let on =
                    &rules.moves.cells[ray.start as usize..ray.start as usize + ray.len as usize];
                match ray.kind {
                    RayKind::Leap => next.extend(on.last()),
                    RayKind::Slide => next.extend(on),
                    RayKind::Hop | RayKind::HopBehind => next.extend(on.iter().skip(1)),
                }
            }
            for castle in rules.castles.rules.iter().filter(|c| c.side == side) {
                next.push(castle.king_to);
                next.push(castle.rook_to);
            }
            for &c in &next {
                add(&mut cells, &mut queue, side, kind, c);
            }
            if converts {
                add(&mut cells, &mut queue, 1 - side, kind, from);
            }
            if let Some(table) = rules.promotion_of(side, kind) {
                let mut choices: Vec<usize> = table.choices.iter().map(|&k| k as usize).collect();
                if table.from_queue.is_some() {
                    choices.extend(&queued[side]);
                }
                for c in std::iter::once(from).chain(next.iter().copied()) {
                    if table.zone[c as usize] {
                        for &choice in &choices {
                            add(&mut cells, &mut queue, side, choice, c);
                        }
                    }
                }
            }
            // In place, the side's last piece of the kind promotes anywhere.
            if let Some(table) = rules.in_place_of(side, kind) {
                for &choice in &table.choices {
                    add(&mut cells, &mut queue, side, usize::from(choice), from);
                }
            }
        }
        Reach { cells, kinds }
    }
}

/// Per side, the kinds that may wait in its drop queue: the setup's and those a
/// shuffle may put there.
fn queued_kinds(rules: &Ruleset) -> [Vec<usize>; 2] {
    let def = &rules.definition;
    [0, 1].map(|side| {
        let mut kinds = def.setup.queues[side].clone();
        for s in def.shuffles.iter().filter(|s| s.queue) {
            kinds.extend(&s.pieces);
        }
        kinds
    })
}

/// Where pieces may first stand: the setup's cells, every cell a shuffle may put a
/// piece on, and every drop cell for a piece that may wait in a queue.
fn start_cells(rules: &Ruleset, queued: &[Vec<usize>; 2]) -> Vec<(usize, usize, u16)> {
    let def = &rules.definition;
    let mut out = Vec::new();
    for &(coord, side, kind) in &def.setup.placements {
        out.extend(rules.cell_at(coord).map(|c| (side.index(), kind, c)));
    }
    for s in &def.shuffles {
        for &coord in &s.cells {
            let black = crate::model::black_image(&def.board, coord, def.symmetry);
            for (side, at) in [(0, coord), (1, black)] {
                if let Some(c) = rules.cell_at(at) {
                    out.extend(s.pieces.iter().map(|&k| (side, k, c)));
                }
            }
        }
    }
    for (side, kinds) in queued.iter().enumerate() {
        for &c in &rules.drop_queue.zone[side] {
            out.extend(kinds.iter().map(|&k| (side, k, c)));
        }
    }
    for (side, kinds) in hand_kinds(rules).iter().enumerate() {
        for &k in kinds {
            // A gating kind enters on the gates; any other drops on its cells.
            let cells = if rules.hand.gate_kinds.contains(&(k as u8)) {
                Some(&rules.hand.gate_cells[side])
            } else {
                rules.hand.drop_cells.get(side * rules.kinds + k)
            };
            out.extend(cells.into_iter().flatten().map(|&c| (side, k, c)));
        }
    }
    out
}

/// Per side, the kinds it may hold in hand: the setup's, and (with `keep-captured`)
/// what the other side's pieces and their promotions become when captured.
fn hand_kinds(rules: &Ruleset) -> [Vec<usize>; 2] {
    let def = &rules.definition;
    let Some(hand) = &def.hand else {
        return [Vec::new(), Vec::new()];
    };
    let mut held = [Vec::new(), Vec::new()];
    for &(side, kind) in &def.setup.reserve {
        held[side.index()].push(kind);
    }
    if hand.keep_captured {
        for &(_, side, kind) in &def.setup.placements {
            let promoted = def.pieces[kind]
                .promotion
                .as_ref()
                .map_or(&[][..], |p| p.choices_for(side.index()));
            for &k in std::iter::once(&kind).chain(promoted) {
                if !def.pieces[k].royal {
                    held[1 - side.index()].push(rules.hand.captured_as[k] as usize);
                }
            }
        }
    }
    for kinds in &mut held {
        kinds.sort_unstable();
        kinds.dedup();
    }
    held
}

/// A kind that may be dropped where it could never move (a pawn on its last rank):
/// a warning at its `drop` rule, or at the hand.
fn dead_drops(rules: &Ruleset, places: &Places, out: &mut Vec<Diagnostic>) {
    let Some(decl) = places.hand else {
        return;
    };
    let held = hand_kinds(rules);
    let mut kinds: Vec<usize> = held.iter().flatten().copied().collect();
    kinds.sort_unstable();
    kinds.dedup();
    for kind in kinds {
        // a piece with no moves at all (a tic-tac-toe stone) is dead everywhere by design
        if rules.definition.pieces[kind].rules.is_empty() {
            continue;
        }
        let dead: Vec<Vec<&str>> = (0..2)
            .map(|side| {
                let cells = &rules.hand.drop_cells[side * rules.kinds + kind];
                cells
                    .iter()
                    .filter(|&&c| {
                        held[side].contains(&kind) && rules.rays_of(side, kind, c).is_empty()
                    })
                    .map(|&c| rules.cell_name(c))
                    .collect()
            })
            .collect();
        let Some(first) = dead.iter().flatten().next() else {
            continue;
        };
        let listed: Vec<String> = [Side::White, Side::Black]
            .iter()
            .zip(&dead)
            .filter(|(_, cells)| !cells.is_empty())
            .map(|(side, cells)| format!("{}'s {}", side.name(), cells.join(" ")))
            .collect();
        let name = &rules.definition.pieces[kind].name;
        let at = decl
            .rules
            .iter()
            .find_map(|r| match r {
                HandRuleDecl::Drop(span, names, _) if names.iter().any(|n| &n.value == name) => {
                    Some(*span)
                }
                _ => None,
            })
            .unwrap_or(decl.span);
        out.push(
            warning(
                Code::DeadDrop,
                format!("a {name} dropped on {first} could never move"),
            )
            .at(at, format!("such cells: {}", listed.join("; ")))
            .help(format!(
                "most drop games forbid such drops: give the {name} a drop zone without them, `drop {name} in ZONE`"
            )),
        );
    }
}

/// Under `walls arrow`: whether a kind has a quiet move from some cell (the arrow
/// flies along one); always, under other rules.
fn shoots_arrows(rules: &Ruleset, kind: usize) -> bool {
    let arrows = rules
        .walls
        .as_ref()
        .is_some_and(|w| w.rule == crate::model::WallRule::Arrow);
    !arrows
        || (0..2).any(|side| {
            (0..rules.cell_count())
                .any(|c| rules.rays_of(side, kind, c as u16).iter().any(|r| r.quiet))
        })
}

/// Whether a kind has a move from some cell, for either side.
fn can_move(rules: &Ruleset, kind: usize) -> bool {
    (0..2).any(|side| {
        (0..rules.cell_count()).any(|c| !rules.rays_of(side, kind, c as u16).is_empty())
    })
}

fn pieces(rules: &Ruleset, places: &Places, reach: &Reach, out: &mut Vec<Diagnostic>) {
    for (kind, def) in rules.definition.pieces.iter().enumerate() {
        let Some(decl) = places.piece(&def.name) else {
            continue;
        };
        if !reach.appears(0, kind) && !reach.appears(1, kind) {
            out.push(never_appears(rules, kind, decl));
        }
        if !def.rules.is_empty() && !can_move(rules, kind) {
            let b = &rules.definition.board;
            out.push(
                warning(
                    Code::ImmobilePiece,
                    format!("the {} can never move on this board", def.name),
                )
                .at(decl.name.span, "no move of this piece fits on the board")
                .help(format!(
                    "from every cell of the {}×{} board each of its moves lands outside; check its offsets",
                    b.width(),
                    b.height()
                )),
            );
        }
        if can_move(rules, kind) && !shoots_arrows(rules, kind) {
            out.push(
                warning(
                    Code::ImmobilePiece,
                    format!("the {} can never move: it has no quiet move to shoot its arrow along", def.name),
                )
                .at(decl.name.span, "no quiet move")
                .help("under `walls arrow` a move is followed by an arrow on a cell the piece could move to without capturing; give it quiet moves (`m` or no modifier in Betza)"),
            );
        }
        if let Some(w) = stranded_promotion(rules, reach, kind, decl) {
            out.push(w);
        }
    }
}

/// The warning for a piece the game never has: not in the setup, and no promotion
/// reaches it.
fn never_appears(rules: &Ruleset, kind: usize, decl: &PieceDecl) -> Diagnostic {
    let def = &rules.definition.pieces[kind];
    let choice = rules.definition.pieces.iter().any(|p| {
        p.promotion
            .as_ref()
            .is_some_and(|pr| pr.all_choices().any(|k| k == kind))
    });
    let help = if choice {
        "it is not in the setup, and the pieces that promote to it can never reach their promotion zone".to_string()
    } else {
        format!(
            "it is not in the setup and no piece promotes to it; place it in the setup FEN (label `{}`) or remove it",
            def.label
        )
    };
    warning(
        Code::UnusedPiece,
        format!("the {} never appears on the board", def.name),
    )
    .at(decl.name.span, "declared here")
    .help(help)
}

/// The warning for a promotion zone the piece, where it appears, can never reach.
fn stranded_promotion(
    rules: &Ruleset,
    reach: &Reach,
    kind: usize,
    decl: &PieceDecl,
) -> Option<Diagnostic> {
    let def = &rules.definition.pieces[kind];
    let promotion = def.promotion.as_ref()?;
    let zone = rules.definition.zones.get(&promotion.zone)?;
    let stranded: Vec<&str> = [Side::White, Side::Black]
        .into_iter()
        .filter(|&side| {
            let s = side.index();
            reach.appears(s, kind)
                && !zone[s].is_empty()
                && !zone[s].iter().any(|&coord| {
                    rules
                        .cell_at(coord)
                        .is_some_and(|c| reach.at(s, kind)[c as usize])
                })
        })
        .map(|side| match side {
            Side::White => "White's",
            Side::Black => "Black's",
        })
        .collect();
    if stranded.is_empty() {
        return None;
    }
    let at = decl
        .props
        .iter()
        .find_map(|p| match p {
            PieceProp::Promotes { zone, .. } => Some(zone.span),
            _ => None,
        })
        .unwrap_or(decl.name.span);
    Some(
        warning(
            Code::UnreachableZone,
            format!(
                "{} {} can never reach the zone `{}` it promotes in",
                stranded.join(" and "),
                def.name,
                promotion.zone
            ),
        )
        .at(at, "out of reach")
        .help("no sequence of its moves from where it starts ends in the zone; check the zone's cells for each side and the piece's direction"),
    )
}

fn zones(rules: &Ruleset, places: &Places, out: &mut Vec<Diagnostic>) {
    for (name, cells) in &rules.definition.zones {
        let Some(decl) = places.zone(name) else {
            continue;
        };
        let empty: Vec<&str> = [("White", &cells[0]), ("Black", &cells[1])]
            .into_iter()
            .filter(|(_, c)| c.is_empty())
            .map(|(side, _)| side)
            .collect();
        if empty.is_empty() {
            continue;
        }
        let whom = if empty.len() == 2 {
            "either side".to_string()
        } else {
            empty[0].to_string()
        };
        out.push(
            warning(
                Code::EmptyZone,
                format!("the zone `{name}` has no cells for {whom}"),
            )
            .at(decl.name.span, "empty")
            .help("a zone used by both players lists cells for `white` and for `black`, or the same cells for both without sides"),
        );
    }
}

fn captures(rules: &Ruleset, places: &Places, out: &mut Vec<Diagnostic>) {
    let defs = &rules.definition.pieces;
    let imitable = |kind: usize| {
        let d = &defs[kind];
        d.immobilize
            || d.swap
            || d.captures
                .iter()
                .any(|m| !matches!(m, CaptureMode::Chameleon { .. }))
    };
    let has_royal = defs.iter().any(|d| d.royal);
    for (kind, def) in defs.iter().enumerate() {
        let Some(decl) = places.piece(&def.name) else {
            continue;
        };
        let moves = can_move(rules, kind);
        for prop in &decl.props {
            let PieceProp::Capture {
                span, kind: word, ..
            } = prop
            else {
                continue;
            };
            let why = match word.value.as_str() {
                "chameleon" if !(0..defs.len()).any(|k| k != kind && imitable(k)) => {
                    "no other piece has a capture of its own to imitate, so the chameleon only captures by replacement"
                }
                "coordinate" if !has_royal => {
                    "a coordinator captures with its own royal piece, and this variant has no royal piece"
                }
                "mutual-destruction" => continue,
                _ if !moves => "the piece cannot move, and this capture happens only as part of a move",
                _ => continue,
            };
            out.push(
                warning(
                    Code::DeadCapture,
                    format!(
                        "`capture {}` of the {} can never capture",
                        word.value, def.name
                    ),
                )
                .at(*span, "never triggers")
                .help(why),
            );
        }
    }
}

fn setup(rules: &Ruleset, places: &Places, out: &mut Vec<Diagnostic>) {
    let Some(decl) = places.setup else {
        return;
    };
    let mut pos = Position::start(rules);
    let to_move = pos.side_to_move();
    for side in [to_move, to_move.opponent()] {
        if !pos.in_check(side) {
            continue;
        }
        let (message, help) = if side == to_move {
            (
                format!("{} starts in check", side_name(side)),
                "the first move must answer the check; if that is not meant, move the attacking piece",
            )
        } else {
            (
                format!("{}'s royal piece can be taken on the first move", side_name(side)),
                "the side not to move is in check: the position cannot arise in a game; check the FEN's pieces and its side to move",
            )
        };
        out.push(
            warning(Code::SetupCheck, message)
                .at(decl.fen.span, "in this position")
                .help(help),
        );
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        out.push(
            warning(
                Code::SetupNoMove,
                format!("{} has no legal move in the setup", side_name(to_move)),
            )
            .at(decl.fen.span, "the game is over before it starts")
            .help("check the FEN: its side to move, and whether its pieces are boxed in"),
        );
    }
    lost_castling(rules, decl, out);
    if let Some(symmetry) = &decl.symmetry {
        if let Some(problem) = asymmetry(rules, symmetry.value) {
            let word = match symmetry.value {
                Symmetry::Mirrored => "mirrored",
                Symmetry::Rotated => "rotated",
            };
            out.push(
                warning(
                    Code::AsymmetricSetup,
                    format!("the setup is not {word}: {problem}"),
                )
                .at(decl.fen.span, "this position")
                .also(symmetry.span, "the symmetry claimed")
                .help(match symmetry.value {
                    Symmetry::Mirrored => "`mirrored`: each piece's counterpart stands on the same file, on the rank as far from the other edge",
                    Symmetry::Rotated => "`rotated`: each piece's counterpart stands on the cell the board's half turn takes it to",
                }),
            );
        }
    }
}

/// The seeds tried for arrays that lose a castling right.
const CASTLING_SEEDS: u64 = 100;

/// A `*` castling right the setup grants but some shuffled array leaves without
/// its king or its rook: dropped from that game.
fn lost_castling(rules: &Ruleset, decl: &crate::syntax::SetupDecl, out: &mut Vec<Diagnostic>) {
    let def = &rules.definition;
    if !def.is_shuffled() || !def.castling.iter().any(|c| c.is_free()) {
        return;
    }
    let granted = &def.setup.castling;
    let lost = (0..CASTLING_SEEDS).find_map(|seed| {
        let kept = def.start_setup(seed).castling;
        let flag = granted.iter().find(|i| !kept.contains(i))?;
        Some((seed, def.castling[*flag].flag))
    });
    if let Some((seed, flag)) = lost {
        out.push(
            warning(
                Code::LostCastling,
                format!("the array of seed {seed} has no king or rook for castling right `{flag}`"),
            )
            .at(decl.fen.span, "the right is granted here")
            .help("the shuffles must put one royal piece on the castling's rank and a partner on the side the castling names; `shuffle Rook King Rook ... ordered` puts the king between two rooks"),
        );
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The first cell (in FEN order) whose piece has no counterpart, described.
fn asymmetry(rules: &Ruleset, symmetry: Symmetry) -> Option<String> {
    let b = &rules.definition.board;
    let (w, h) = (b.width(), b.height());
    let at = |c: Coord| {
        rules
            .definition
            .setup
            .placements
            .iter()
            .find(|(p, _, _)| *p == c)
            .map(|&(_, side, kind)| (side, kind))
    };
    let describe = |piece: Option<(Side, usize)>| match piece {
        None => "nothing".to_string(),
        Some((side, kind)) => format!(
            "a {} {}",
            side_name(side).to_lowercase(),
            rules.definition.pieces[kind].name
        ),
    };
    for rank in (0..h).rev() {
        for file in 0..w {
            let here = Coord { file, rank };
            let there = match symmetry {
                Symmetry::Mirrored => Coord {
                    file,
                    rank: h - 1 - rank,
                },
                Symmetry::Rotated => Coord {
                    file: w - 1 - file,
                    rank: h - 1 - rank,
                },
            };
            let (a, b) = (at(here), at(there));
            let matches = match (a, b) {
                (None, None) => true,
                (Some((sa, ka)), Some((sb, kb))) => ka == kb && sa != sb,
                _ => false,
            };
            if !matches {
                let (Some(ca), Some(cb)) = (rules.cell_at(here), rules.cell_at(there)) else {
                    continue;
                };
                return Some(format!(
                    "{} holds {}, and {} holds {}",
                    rules.cell_name(ca),
                    describe(a),
                    rules.cell_name(cb),
                    describe(b)
                ));
            }
        }
    }
    None
}

/// The cells no piece starts on or can ever reach (`vdl::unreachable_cell`).
fn lost_cells<'r>(rules: &'r Ruleset, reach: &Reach) -> Vec<&'r str> {
    (0..rules.cell_count())
        .filter(|&c| (0..2 * reach.kinds).all(|i| !reach.cells[i][c]))
        .map(|c| rules.cell_name(c as u16))
        .collect()
}

fn cells(rules: &Ruleset, places: &Places, reach: &Reach, out: &mut Vec<Diagnostic>) {
    let lost = lost_cells(rules, reach);
    if lost.is_empty() {
        return;
    }
    const SHOWN: usize = 12;
    let list = if lost.len() > SHOWN {
        format!(
            "{} and {} more",
            lost[..SHOWN].join(" "),
            lost.len() - SHOWN
        )
    } else {
        lost.join(" ")
    };
    out.push(
        warning(
            Code::UnreachableCell,
            format!(
                "{} cell(s) no piece starts on or can ever reach: {list}",
                lost.len()
            ),
        )
        .at(places.board, "on this board")
        .help("`remove` cells that are not meant to exist, or check the pieces' moves"),
    );
}

/// Where each written move rule of a piece is: its Betza groups and structured lines,
/// in the order the checker counts them (`MoveRule::written`).
fn written_rules(decl: &PieceDecl) -> Vec<Span> {
    let mut spans = Vec::new();
    for prop in &decl.props {
        match prop {
            PieceProp::Betza(text, _) => spans.extend(
                crate::check::betza::group_spans(&text.value)
                    .into_iter()
                    .map(|(at, len)| text.span.sub(at, len)),
            ),
            PieceProp::Rules(_, rules, _) => spans.extend(rules.iter().map(|r| r.span)),
            _ => {}
        }
    }
    spans
}

/// A written rule that fits the board but whose every move another rule of the piece
/// already makes (`RW`: the wazir steps are the rook's first steps; `R R`).
fn redundant_moves(rules: &Ruleset, places: &Places, out: &mut Vec<Diagnostic>) {
    for (kind, def) in rules.definition.pieces.iter().enumerate() {
        let Some(decl) = places.piece(&def.name) else {
            continue;
        };
        let spans = written_rules(decl);
        for w in crate::compile::redundant_written(&rules.moves.rule_cover[kind]) {
            let Some(span) = spans.get(w) else { continue };
            out.push(
                warning(
                    Code::RedundantMove,
                    format!("this rule adds no move to the {}", def.name),
                )
                .at(*span, "every move of this rule another rule already makes")
                .help(
                    "remove it, or change it so that it makes a move the piece's other rules do not",
                ),
            );
        }
    }
}
