//! Text to a spanned AST. No meaning is given to anything here: names are not
//! resolved and numbers are not range-checked. pest types do not leave this module.

mod mistakes;

use crate::diagnostic::{Code, Diagnostic, Span};
use pest::iterators::{Pair, Pairs};
use pest::Parser as _;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/vdl.pest"]
struct Grammar;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

pub type Name = Spanned<String>;

#[derive(Clone, Debug, Default)]
pub struct File {
    /// `extends "base.vdl"`: the definition this file changes.
    pub extends: Option<ExtendsDecl>,
    pub items: Vec<Item>,
}

#[derive(Clone, Debug)]
pub struct ExtendsDecl {
    pub span: Span,
    /// The path as written; the span covers the text inside the quotes.
    pub path: Name,
}

/// `modify Name { ... }`: the given properties replace those of the same kind in a
/// piece of the base definition.
#[derive(Clone, Debug)]
pub struct ModifyDecl {
    pub span: Span,
    pub name: Name,
    pub props: Vec<PieceProp>,
}

#[derive(Clone, Debug)]
pub enum Item {
    Variant(VariantDecl),
    Board(BoardDecl),
    Zone(ZoneDecl),
    Piece(PieceDecl),
    Modify(ModifyDecl),
    Castle(CastleDecl),
    Setup(SetupDecl),
    Shuffle(ShuffleDecl),
    /// `redeal when first-move ...`: deal the shuffles again while the array lets
    /// the first player do one of these with its first move.
    Redeal(RedealDecl),
    Drops(DropsDecl),
    Hand(HandDecl),
    End(EndDecl),
    Immobilization(Spanned<ImmobilizationWord>),
    Suicide(Span),
    MustCapture(Span),
    /// `no-check`: no move may give check.
    NoCheck(Span),
    /// `explosions`: every capture explodes.
    Explosions(ExplosionsDecl),
    /// `pass`: a turn may be a pass.
    Pass(Span),
    /// `walls RULE [in ZONE]`: every move puts a wall on a cell.
    Walls(WallsDecl),
}

#[derive(Clone, Debug)]
pub struct WallsDecl {
    pub span: Span,
    pub rule: Spanned<WallRule>,
    /// `in ZONE`: the cells a wall may go on.
    pub zone: Option<Name>,
}

pub use crate::model::WallRule;

#[derive(Clone, Debug)]
pub struct ExplosionsDecl {
    pub span: Span,
    /// The kinds a blast leaves standing next to the capture's cell.
    pub spared: Vec<Name>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImmobilizationWord {
    Pure,
    Mutual,
}

#[derive(Clone, Debug)]
pub struct VariantDecl {
    pub span: Span,
    pub name: Name,
    /// Other names it goes by.
    pub aliases: Vec<Name>,
}

#[derive(Clone, Debug)]
pub struct BoardDecl {
    pub span: Span,
    pub entries: Vec<BoardEntry>,
}

#[derive(Clone, Debug)]
pub enum BoardEntry {
    /// `hex [hexagon|rhombus]`: hexagonal cells; the shape word if given.
    Hex(Span, Option<Name>),
    Files(Span, Vec<Name>),
    Ranks(Span, Vec<Name>),
    Remove(Span, Vec<CellItem>),
}

/// One cell, or a rectangle written `a1..h2`.
#[derive(Clone, Debug)]
pub enum CellItem {
    Cell(Name),
    Range(Span, Name, Name),
}

#[derive(Clone, Debug)]
pub struct ZoneDecl {
    pub span: Span,
    pub name: Name,
    pub body: ZoneBody,
    /// `capture-only`: moves may end here only when their capture needs it.
    pub capture_only: bool,
    /// `capture-only fewest-crossed`: passing over counts too, as few cells as possible.
    pub fewest_crossed: bool,
}

#[derive(Clone, Debug)]
pub enum ZoneBody {
    /// The same cells for both players.
    Shared(Vec<CellItem>),
    /// Cells given per player.
    PerSide(Vec<(Spanned<SideWord>, Vec<CellItem>)>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideWord {
    White,
    Black,
}

#[derive(Clone, Debug)]
pub struct PieceDecl {
    pub span: Span,
    pub name: Name,
    pub letter: Name,
    pub props: Vec<PieceProp>,
}

#[derive(Clone, Debug)]
pub enum PieceProp {
    Royal(Span),
    /// `en-passant [in ZONE]`.
    EnPassant(Span, Option<Name>),
    Promotes {
        span: Span,
        zone: Name,
        to: Vec<Name>,
        /// `to white NAME... black NAME...`: each side's own choices (`to` is then
        /// empty), the side word with its span.
        sides: Vec<(Name, Vec<Name>)>,
        /// `captured`: only to pieces captured and off the board.
        captured: Option<Span>,
        /// `queue back`: to the piece at that end of the drop queue.
        queue: Option<Spanned<QueueEnd>>,
        optional: Option<Span>,
        /// `or-leaving`: a move starting in the zone promotes too.
        leaving: Option<Span>,
        /// `optional except in ZONE`: compulsory on moves ending there.
        forced_in: Option<Name>,
    },
    /// `captured-as NAME`: the kind it becomes in the captor's hand.
    CapturedAs(Span, Name),
    /// A Betza string (the span covers the text inside the quotes) and the zone
    /// of `in ZONE`, where the moves are made from.
    Betza(Name, Option<RegionDecl>),
    Capture {
        span: Span,
        kind: Spanned<String>,
        options: Vec<Spanned<String>>,
    },
    Immobilize(Span),
    Swap(Span),
    Immune(Span),
    /// `value N`: the piece's worth in hundredths of a pawn.
    Value(Spanned<i64>),
    Rules(Span, Vec<MoveRuleDecl>, Option<RegionDecl>),
    /// `confined to ZONE`: moves only within the zone.
    Confined(Span, Name),
    /// `no-facing`: attacks along its file (xiangqi's flying general).
    NoFacing(Span),
    /// `cannot-capture NAME...` or `cannot-hop NAME...`: kinds the piece never
    /// captures, or never hops over.
    Cannot(Span, Restriction, Vec<Name>),
    /// `two-cell { ... }`: the piece's own steps, each item with its span.
    TwoCell(Span, Vec<Spanned<TwoCellItem>>),
}

/// What a `cannot-...` property forbids a piece to do to some kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restriction {
    Capture,
    Hop,
}

impl Restriction {
    pub fn word(self) -> &'static str {
        match self {
            Restriction::Capture => "cannot-capture",
            Restriction::Hop => "cannot-hop",
        }
    }
}

/// `in ZONE` or `within ZONE` after a piece's `moves`.
#[derive(Clone, Debug)]
pub struct RegionDecl {
    pub zone: Name,
    /// `within`: the moves also stay in the zone.
    pub within: bool,
}

/// One item of a `two-cell` block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwoCellItem {
    Steps(i64),
    Turn,
    Advance { capture: bool },
    RetreatAfterCapture,
    CapturedOnAxis,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKindWord {
    Leap,
    Ride,
    Path,
    Hop,
    Zigzag,
    Circle,
    Equal,
    Chain,
}

impl MoveKindWord {
    pub fn word(self) -> &'static str {
        match self {
            MoveKindWord::Leap => "leap",
            MoveKindWord::Ride => "ride",
            MoveKindWord::Path => "path",
            MoveKindWord::Hop => "hop",
            MoveKindWord::Zigzag => "zigzag",
            MoveKindWord::Circle => "circle",
            MoveKindWord::Equal => "equal",
            MoveKindWord::Chain => "chain",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleOption {
    Quiet,
    Capture,
    Initial,
    All,
    Range(i64),
    LandBehind,
    Adjacent,
    Jump,
}

#[derive(Clone, Debug)]
pub struct MoveRuleDecl {
    pub span: Span,
    pub kind: Spanned<MoveKindWord>,
    pub offsets: Vec<Spanned<(i64, i64)>>,
    /// `after (dx,dy)...`: fixed steps before the rule's own.
    pub after: Vec<Spanned<(i64, i64)>>,
    pub after_span: Option<Span>,
    pub options: Vec<Spanned<RuleOption>>,
}

#[derive(Clone, Debug)]
pub struct CastleDecl {
    pub span: Span,
    pub flag: Name,
    /// None for `*`: where the start position puts the king (Chess960).
    pub king_from: Option<Name>,
    pub king_to: Name,
    /// None for `*`: the outermost partner on its side of the king.
    pub rook_from: Option<Name>,
    pub rook_to: Name,
    /// `partner NAME`: the kind a `*` rook start looks for.
    pub partner: Option<Name>,
    pub empty: Option<Vec<CellItem>>,
    pub safe: Option<Vec<CellItem>>,
}

#[derive(Clone, Debug)]
pub struct SetupDecl {
    pub span: Span,
    /// The FEN; the span covers the text inside the quotes.
    pub fen: Name,
    /// The symmetry the designer says the setup has, checked by a lint.
    pub symmetry: Option<Spanned<Symmetry>>,
}

/// `shuffle Name... in cells [queue]`: pieces placed at random when a game starts.
#[derive(Clone, Debug)]
pub struct ShuffleDecl {
    pub span: Span,
    pub pieces: Vec<Name>,
    pub cells: Vec<CellItem>,
    /// `queue`: the pieces that find no cell go to the drop queue, in random order.
    pub queue: Option<Span>,
    /// `ordered`: the pieces go on the cells drawn in the order listed.
    pub ordered: bool,
}

/// `redeal when first-move captures or checks or mates`.
#[derive(Clone, Debug)]
pub struct RedealDecl {
    pub span: Span,
    pub when: Vec<Spanned<RedealWhen>>,
}

/// What a first move may not be able to do in a dealt array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedealWhen {
    Captures,
    Checks,
    Mates,
}

/// Which end of a drop queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueEnd {
    Front,
    Back,
}

/// `drops queue END in ZONE credit exchange [except Name...]`.
#[derive(Clone, Debug)]
pub struct DropsDecl {
    pub span: Span,
    pub end: Spanned<QueueEnd>,
    pub zone: Name,
    pub except: Vec<Name>,
}

/// `hand { ... }`: pieces in hand and their drops.
#[derive(Clone, Debug)]
pub struct HandDecl {
    pub span: Span,
    pub rules: Vec<HandRuleDecl>,
}

#[derive(Clone, Debug)]
pub enum HandRuleDecl {
    /// `keep-captured`: captured pieces go to the captor's hand.
    KeepCaptured(Span),
    /// `drop NAME... in ZONE`.
    Drop(Span, Vec<Name>, Name),
    /// `one-per-file NAME...`.
    OnePerFile(Span, Vec<Name>),
    /// `no-drop-mate NAME...`.
    NoDropMate(Span, Vec<Name>),
    /// `gate NAME... in ZONE`.
    Gate(Span, Vec<Name>, Name),
    /// `on-top`: drops land on the first rank or on a piece.
    OnTop(Span),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Black's array is White's reflected across the middle rank.
    Mirrored,
    /// Black's array is White's turned half round the centre.
    Rotated,
}

#[derive(Clone, Debug)]
pub struct EndDecl {
    pub span: Span,
    pub rules: Vec<Spanned<EndRuleDecl>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutcomeWord {
    Win,
    Loss,
    Draw,
}

#[derive(Clone, Debug)]
pub enum EndRuleDecl {
    Checkmate(Spanned<OutcomeWord>),
    Stalemate(Spanned<OutcomeWord>),
    /// The count, the outcome and the count from which it may be claimed.
    Repetition(Spanned<i64>, Spanned<OutcomeWord>, Option<Spanned<i64>>),
    MoveLimit(MoveLimitDecl),
    RoyalCapture,
    DeadPosition,
    /// `bare-king OUTCOME`.
    BareKing(Spanned<OutcomeWord>),
    /// Whether every listed kind must be lost (`all`) or any one, the kinds (none:
    /// every piece), and the outcome for the player who has lost them.
    Extinction(bool, Vec<Name>, Spanned<OutcomeWord>),
    /// The zone, the kinds, and the outcome for the player who brings one there.
    /// The zone, the kinds, the outcome, and `after-reply`.
    /// `reach ZONE KINDS [N] OUTCOME [after-reply]`: the zone, the kinds, how many
    /// must stand there at once, the outcome, `after-reply`.
    Reach(
        Name,
        Vec<Name>,
        Option<Spanned<i64>>,
        Spanned<OutcomeWord>,
        bool,
    ),
    /// The number of checks and the outcome for the player who has given them.
    Checks(Spanned<i64>, Spanned<OutcomeWord>),
    /// `connect N [KINDS] OUTCOME`: N in a row after a player's move.
    Connect(Spanned<i64>, Vec<Name>, Spanned<OutcomeWord>),
    /// `double-pass`: the outcome for the player who passes second.
    DoublePass(Spanned<OutcomeWord>),
    /// `facing`: the outcome for the player who passes with the royal pieces facing.
    Facing(Spanned<OutcomeWord>),
    Counting(CountingDecl),
}

/// `counting OUTCOME { without KINDS  board N  bare [from-pieces] KINDS N ... else N }`.
#[derive(Clone, Debug)]
pub struct CountingDecl {
    pub outcome: Spanned<OutcomeWord>,
    /// The kinds that stop any count while one is on the board.
    pub without: Vec<Name>,
    /// The board's honour's limit in moves.
    pub board: Option<Spanned<i64>>,
    /// Whether `bare` is given; `from-pieces`; its cases (the other side's
    /// pieces, the limit).
    pub bare: Option<Span>,
    pub from_pieces: bool,
    pub cases: Vec<(Vec<Name>, Spanned<i64>)>,
    pub bare_else: Option<Spanned<i64>>,
}

#[derive(Clone, Debug)]
pub struct MoveLimitDecl {
    pub moves: Spanned<i64>,
    pub outcome: Spanned<OutcomeWord>,
    pub claim_at: Option<Spanned<i64>>,
    pub resets: Vec<Spanned<ResetItem>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResetItem {
    Capture,
    /// A move that leaves the moved piece locked next to a frozen enemy immobilizer.
    Lock,
    /// A check whose every legal answer resets the count.
    ForcingCheck,
    /// A drop from the hand.
    Drop,
    Piece(String),
}

/// Parse a definition file. Every syntax error is returned: after one, the
/// section it is in is skipped and the parse goes on with the next section.
pub fn parse(source: &str) -> Result<File, Vec<Diagnostic>> {
    parse_at(source, 0)
}

/// The most syntax errors reported for one file.
const MAX_SYNTAX_ERRORS: usize = 20;

/// The words that start a section: where the parse picks up after an error.
const SECTION_WORDS: &[&str] = &[
    "extends",
    "variant",
    "board",
    "zone",
    "piece",
    "modify",
    "castle",
    "setup",
    "end",
    "immobilization",
    "suicide",
    "must-capture",
    "hand",
];

/// Parse a file whose text starts at offset `base` of a larger offset space: every
/// span, including a syntax error's, is shifted by `base`.
pub fn parse_at(source: &str, base: usize) -> Result<File, Vec<Diagnostic>> {
    let (first, mut at) = match parse_clean(source, base) {
        Ok(file) => return Ok(file),
        Err(e) => e,
    };
    let starts = section_starts(source);
    let mut errors = vec![first];
    let mut text = source.to_string();
    while errors.len() < MAX_SYNTAX_ERRORS {
        // Blank out the section the error is in (the one before it, when the error
        // is at a section's first word: that section was left open) and read again.
        // Blanking keeps every offset, so later errors point at the right place.
        let from = starts.iter().rev().copied().find(|&s| s < at).unwrap_or(0);
        let to = starts
            .iter()
            .copied()
            .find(|&s| s > from && s >= at)
            .unwrap_or(text.len());
        if text[from..to].trim().is_empty() {
            break;
        }
        text = blank(&text, from, to);
        match parse_clean(&text, base) {
            Ok(_) => break,
            Err((d, next)) => {
                errors.push(d);
                at = next;
            }
        }
    }
    Err(errors)
}

/// Byte offsets where a line's first word is a section word.
fn section_starts(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start().len();
        let word: String = line
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        if SECTION_WORDS.contains(&word.as_str()) {
            out.push(offset + indent);
        }
        offset += line.len();
    }
    out
}

/// `text` with the bytes from `from` to `to` turned into spaces, newlines kept.
fn blank(text: &str, from: usize, to: usize) -> String {
    // One byte for each byte blanked, so every later offset stays put.
    let blanked: String = text.as_bytes()[from..to]
        .iter()
        .map(|&b| if b == b'\n' { '\n' } else { ' ' })
        .collect();
    format!("{}{blanked}{}", &text[..from], &text[to..])
}

/// One parse; a syntax error comes with its offset in `source`.
fn parse_clean(source: &str, base: usize) -> Result<File, (Diagnostic, usize)> {
    let at = |e: &pest::error::Error<Rule>| match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let builder = Builder { base };
    let mut pairs = Grammar::parse(Rule::file, source).map_err(|e| {
        let e = at_word_start(e, source);
        let offset = at(&e);
        (syntax_error(e, base, source), offset)
    })?;
    let file = pairs.next().map(|p| p.into_inner()).into_iter().flatten();
    let mut items = Vec::new();
    let mut extends = None;
    for pair in file {
        if pair.as_rule() == Rule::extends {
            extends = Some(ExtendsDecl {
                span: builder.span_of(&pair),
                path: builder.string_of(first(pair)),
            });
        } else if let Some(item) = builder.item(pair) {
            items.push(item);
        }
    }
    Ok(File { extends, items })
}

/// Builds the AST; `base` is added to every span so that several files can share
/// one offset space (see `crate::source`).
struct Builder {
    base: usize,
}

impl Builder {
    fn item(&self, pair: Pair<Rule>) -> Option<Item> {
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
            Rule::setup => {
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
                Item::Setup(SetupDecl {
                    span: Span::new(span.start, end.min(span.end)),
                    fen,
                    symmetry,
                })
            }
            Rule::shuffle => Item::Shuffle(self.shuffle(pair)),
            Rule::redeal => Item::Redeal(RedealDecl {
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
            }),
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
            Rule::passing => Item::Pass(span),
            Rule::explosions => Item::Explosions(ExplosionsDecl {
                span,
                spared: pair.into_inner().map(|p| self.name(p)).collect(),
            }),
            Rule::walls => Item::Walls(self.walls(pair, span)),
            _ => return None,
        })
    }

    /// `white NAME...` in a promotion's choices: the side word and the names.
    fn promote_side(&self, pair: Pair<Rule>) -> (Name, Vec<Name>) {
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
                let mut names: Vec<Name> = rule.into_inner().map(|n| self.name(n)).collect();
                match as_rule {
                    Rule::keep_captured => HandRuleDecl::KeepCaptured(s),
                    Rule::on_top => HandRuleDecl::OnTop(s),
                    Rule::hand_drop => {
                        let zone = names.pop().unwrap_or_else(|| empty_name(s));
                        HandRuleDecl::Drop(s, names, zone)
                    }
                    Rule::one_per_file => HandRuleDecl::OnePerFile(s, names),
                    Rule::gate => {
                        let zone = names.pop().unwrap_or_else(|| empty_name(s));
                        HandRuleDecl::Gate(s, names, zone)
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

    fn queue_end(&self, pair: Pair<Rule>) -> Spanned<QueueEnd> {
        Spanned {
            span: self.span_of(&pair),
            value: if pair.as_str() == "back" {
                QueueEnd::Back
            } else {
                QueueEnd::Front
            },
        }
    }

    fn span_of(&self, pair: &Pair<Rule>) -> Span {
        let s = pair.as_span();
        Span::new(self.base + s.start(), self.base + s.end())
    }

    fn name(&self, pair: Pair<Rule>) -> Name {
        Spanned {
            span: self.span_of(&pair),
            value: pair.as_str().to_string(),
        }
    }

    /// A `string` pair as its body text and the body's span.
    fn string_of(&self, pair: Pair<Rule>) -> Name {
        self.name(first(pair))
    }

    fn int_of(&self, pair: Pair<Rule>) -> Spanned<i64> {
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

    fn cell_set(&self, pair: Pair<Rule>) -> Vec<CellItem> {
        pair.into_inner()
            .map(|item| match item.as_rule() {
                Rule::cell_range => {
                    let span = self.span_of(&item);
                    let mut ends = item.into_inner().map(|p| self.name(p));
                    let a = ends.next().unwrap_or_else(|| empty_name(span));
                    let b = ends.next().unwrap_or_else(|| empty_name(span));
                    CellItem::Range(span, a, b)
                }
                _ => CellItem::Cell(self.name(first(item))),
            })
            .collect()
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

    fn piece(&self, pair: Pair<Rule>) -> PieceDecl {
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

    fn piece_props(&self, pairs: pest::iterators::Pairs<Rule>) -> Vec<PieceProp> {
        pairs
            .filter_map(|p| {
                let s = self.span_of(&p);
                match p.as_rule() {
                    Rule::royal => Some(PieceProp::Royal(s)),
                    Rule::immobilize => Some(PieceProp::Immobilize(s)),
                    Rule::swap => Some(PieceProp::Swap(s)),
                    Rule::immune => Some(PieceProp::Immune(s)),
                    Rule::value => Some(PieceProp::Value(self.int_of(first(p)))),
                    Rule::capture_mode => {
                        let mut words = p.into_inner().map(|p| self.name(p));
                        let kind = words.next().unwrap_or_else(|| empty_name(s));
                        Some(PieceProp::Capture {
                            span: s,
                            kind,
                            options: words.collect(),
                        })
                    }
                    Rule::en_passant => Some(PieceProp::EnPassant(
                        s,
                        p.into_inner().next().map(|z| self.name(z)),
                    )),
                    Rule::two_cell => Some(PieceProp::TwoCell(
                        s,
                        p.into_inner().map(|i| self.two_cell_item(i)).collect(),
                    )),
                    Rule::promotes => {
                        let mut captured = None;
                        let mut optional = None;
                        let mut queue = None;
                        let mut leaving = None;
                        let mut forced_in = None;
                        let mut names = Vec::new();
                        let mut sides = Vec::new();
                        for part in p.into_inner() {
                            match part.as_rule() {
                                Rule::promote_sides => {
                                    sides =
                                        part.into_inner().map(|s| self.promote_side(s)).collect();
                                }
                                Rule::promote_captured => captured = Some(self.span_of(&part)),
                                Rule::promote_queue => queue = Some(self.queue_end(first(part))),
                                Rule::promote_leaving => leaving = Some(self.span_of(&part)),
                                Rule::promote_optional => {
                                    optional = Some(self.span_of(&part));
                                    forced_in = part.into_inner().next().map(|z| self.name(z));
                                }
                                _ => names.push(self.name(part)),
                            }
                        }
                        let mut names = names.into_iter();
                        let zone = names.next().unwrap_or_else(|| empty_name(s));
                        Some(PieceProp::Promotes {
                            span: s,
                            zone,
                            to: names.collect(),
                            sides,
                            captured,
                            queue,
                            optional,
                            leaving,
                            forced_in,
                        })
                    }
                    Rule::captured_as => Some(PieceProp::CapturedAs(s, self.name(first(p)))),
                    Rule::confined => Some(PieceProp::Confined(s, self.name(first(p)))),
                    Rule::no_facing => Some(PieceProp::NoFacing(s)),
                    Rule::cannot_capture | Rule::cannot_hop => {
                        let what = if p.as_rule() == Rule::cannot_hop {
                            Restriction::Hop
                        } else {
                            Restriction::Capture
                        };
                        let kinds = p.into_inner().map(|n| self.name(n)).collect();
                        Some(PieceProp::Cannot(s, what, kinds))
                    }
                    Rule::moves => {
                        let mut inner = p.into_inner();
                        let body = inner.next()?;
                        let region = inner.next().map(|r| RegionDecl {
                            within: r.as_rule() == Rule::moves_within,
                            zone: self.name(first(r)),
                        });
                        match body.as_rule() {
                            Rule::betza => {
                                Some(PieceProp::Betza(self.string_of(first(body)), region))
                            }
                            _ => Some(PieceProp::Rules(
                                s,
                                body.into_inner().map(|p| self.move_rule(p)).collect(),
                                region,
                            )),
                        }
                    }
                    _ => None,
                }
            })
            .collect()
    }

    fn two_cell_item(&self, pair: Pair<Rule>) -> Spanned<TwoCellItem> {
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

    fn move_rule(&self, pair: Pair<Rule>) -> MoveRuleDecl {
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

    fn offset(&self, pair: Pair<Rule>) -> Spanned<(i64, i64)> {
        let span = self.span_of(&pair);
        let mut ints = pair.into_inner().map(|i| self.int_of(i).value);
        let dx = ints.next().unwrap_or(0);
        let dy = ints.next().unwrap_or(0);
        Spanned {
            span,
            value: (dx, dy),
        }
    }

    fn castle(&self, pair: Pair<Rule>) -> CastleDecl {
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

    fn outcome(&self, pair: Pair<Rule>) -> Spanned<OutcomeWord> {
        Spanned {
            span: self.span_of(&pair),
            value: match pair.as_str() {
                "win" => OutcomeWord::Win,
                "loss" => OutcomeWord::Loss,
                _ => OutcomeWord::Draw,
            },
        }
    }

    fn end_rules(&self, pair: Pair<Rule>) -> EndDecl {
        let span = self.span_of(&pair);
        let rules = pair
            .into_inner()
            .filter_map(|p| {
                let s = self.span_of(&p);
                let rule = p.as_rule();
                let mut inner = p.into_inner();
                let value = match rule {
                    Rule::checkmate => EndRuleDecl::Checkmate(self.outcome(inner.next()?)),
                    Rule::royal_capture => EndRuleDecl::RoyalCapture,
                    Rule::dead_position => EndRuleDecl::DeadPosition,
                    Rule::bare_king => EndRuleDecl::BareKing(self.outcome(inner.next()?)),
                    Rule::stalemate => EndRuleDecl::Stalemate(self.outcome(inner.next()?)),
                    Rule::repetition => {
                        let n = self.int_of(inner.next()?);
                        let o = self.outcome(inner.next()?);
                        let claim = inner.next().and_then(|c| self.claim_at(c));
                        EndRuleDecl::Repetition(n, o, claim)
                    }
                    Rule::move_limit => EndRuleDecl::MoveLimit(self.move_limit(inner)?),
                    Rule::extinction => {
                        let mut words: Vec<Pair<Rule>> = inner.collect();
                        let outcome = self.outcome(words.pop()?);
                        let all = words.first().is_some_and(|w| w.as_rule() == Rule::all);
                        EndRuleDecl::Extinction(
                            all,
                            words
                                .into_iter()
                                .filter(|w| w.as_rule() == Rule::ident)
                                .map(|w| self.name(w))
                                .collect(),
                            outcome,
                        )
                    }
                    Rule::reach => {
                        let mut words: Vec<Pair<Rule>> = inner.collect();
                        let after_reply = words
                            .last()
                            .is_some_and(|w| w.as_rule() == Rule::after_reply);
                        if after_reply {
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
                        EndRuleDecl::Reach(
                            names.next()?,
                            names.collect(),
                            count,
                            outcome,
                            after_reply,
                        )
                    }
                    Rule::connect => {
                        let mut words: Vec<Pair<Rule>> = inner.collect();
                        let outcome = self.outcome(words.pop()?);
                        let mut rest = words.into_iter();
                        let n = self.int_of(rest.next()?);
                        EndRuleDecl::Connect(n, rest.map(|w| self.name(w)).collect(), outcome)
                    }
                    Rule::checks => {
                        let n = self.int_of(inner.next()?);
                        EndRuleDecl::Checks(n, self.outcome(inner.next()?))
                    }
                    Rule::double_pass => EndRuleDecl::DoublePass(self.outcome(inner.next()?)),
                    Rule::facing => EndRuleDecl::Facing(self.outcome(inner.next()?)),
                    Rule::counting => EndRuleDecl::Counting(self.counting(inner)?),
                    _ => return None,
                };
                Some(Spanned { span: s, value })
            })
            .collect();
        EndDecl { span, rules }
    }

    fn claim_at(&self, pair: Pair<'_, Rule>) -> Option<Spanned<i64>> {
        Some(self.int_of(pair.into_inner().next()?))
    }

    fn counting(&self, mut inner: Pairs<'_, Rule>) -> Option<CountingDecl> {
        let mut decl = CountingDecl {
            outcome: self.outcome(inner.next()?),
            without: Vec::new(),
            board: None,
            bare: None,
            from_pieces: false,
            cases: Vec::new(),
            bare_else: None,
        };
        for part in inner {
            match part.as_rule() {
                Rule::counting_without => {
                    decl.without = part.into_inner().map(|w| self.name(w)).collect();
                }
                Rule::counting_board => decl.board = Some(self.int_of(first(part))),
                Rule::counting_bare => {
                    decl.bare = Some(self.span_of(&part));
                    for case in part.into_inner() {
                        if case.as_rule() == Rule::from_pieces {
                            decl.from_pieces = true;
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

    fn move_limit(&self, mut inner: Pairs<'_, Rule>) -> Option<MoveLimitDecl> {
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

    fn resets(&self, pair: Pair<'_, Rule>) -> Vec<Spanned<ResetItem>> {
        pair.into_inner()
            .map(|item| Spanned {
                span: self.span_of(&item),
                value: match item.as_rule() {
                    Rule::capture => ResetItem::Capture,
                    Rule::lock => ResetItem::Lock,
                    Rule::forcing_check => ResetItem::ForcingCheck,
                    Rule::drop_reset => ResetItem::Drop,
                    _ => ResetItem::Piece(item.as_str().to_string()),
                },
            })
            .collect()
    }
}

/// The first inner pair; the grammar guarantees it exists for the rules this is used on.
fn first(pair: Pair<Rule>) -> Pair<Rule> {
    let outer = pair.clone();
    pair.into_inner().next().unwrap_or(outer)
}

fn empty_name(span: Span) -> Name {
    Spanned {
        value: String::new(),
        span,
    }
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// A keyword matches the start of a longer word (`royal` in `royall`, `draw` in
/// `drawn`) and the parse fails inside the word, expecting what follows the
/// keyword. The error that helps is the one at the word's start: found by
/// parsing again with the word's first byte made unreadable (offsets kept).
fn at_word_start(err: pest::error::Error<Rule>, source: &str) -> pest::error::Error<Rule> {
    let pest::error::InputLocation::Pos(p) = err.location else {
        return err;
    };
    let inside = source[..p].chars().next_back().is_some_and(is_word_char)
        && source[p..].chars().next().is_some_and(is_word_char);
    if !inside {
        return err;
    }
    let start = source[..p]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_word_char(*c))
        .last()
        .map_or(p, |(i, _)| i);
    let mut bytes = source.as_bytes().to_vec();
    bytes[start] = 0x01;
    let Ok(text) = String::from_utf8(bytes) else {
        return err;
    };
    match Grammar::parse(Rule::file, &text) {
        Err(e) if matches!(e.location, pest::error::InputLocation::Pos(q) if q == start) => e,
        _ => err,
    }
}

/// A common mistake's message, label and help; `at`: where to point instead of
/// where the parse stopped.
struct Mistake {
    at: Option<usize>,
    /// The length of the offending text from `at`.
    len: usize,
    message: String,
    label: String,
    help: String,
}

/// The last `{` of `text` left open, outside comments and strings.
fn unclosed_brace(text: &str) -> Option<usize> {
    let mut open = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '/' if chars.peek().is_some_and(|&(_, n)| n == '/') => {
                chars.by_ref().find(|&(_, n)| n == '\n');
            }
            '"' => {
                chars.by_ref().find(|&(_, n)| n == '"' || n == '\n');
            }
            '{' => open.push(i),
            '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.pop()
}

/// A message and help for the mistakes a new user makes, recognised from the text
/// where the parse stopped: a `#` comment, a string left open, a file ending inside
/// a section, a range where labels are listed.
fn known_mistake(source: &str, at: usize) -> Option<Mistake> {
    let rest = source.get(at..).unwrap_or("");
    let line_end = rest.find('\n').unwrap_or(rest.len());
    if rest.starts_with('#') {
        return Some(Mistake {
            at: None,
            len: 1,
            message: "`#` does not start a comment".into(),
            label: "not a comment".into(),
            help: "comments start with `//` (to the end of the line) or are written `/* ... */`"
                .into(),
        });
    }
    if rest.starts_with('"') && !rest[1..line_end].contains('"') {
        return Some(Mistake {
            at: None,
            len: 1,
            message: "this string is not closed".into(),
            label: "the string starts here".into(),
            help: "close it with `\"` on the same line: a string does not run over lines".into(),
        });
    }
    if rest.trim().is_empty() {
        if let Some(open) = unclosed_brace(&source[..at]) {
            return Some(Mistake {
                at: Some(open),
                len: 1,
                message: "the file ends inside a section".into(),
                label: "this `{` is never closed".into(),
                help: "close the section with `}`".into(),
            });
        }
    }
    if rest.starts_with("..") {
        return Some(Mistake {
            at: None,
            len: 1,
            message: "a range of labels is not allowed here".into(),
            label: "a range".into(),
            help: "list every label, e.g. `files a b c d e f g h`; ranges (`a1..h1`) name cells in zones and cell lists".into(),
        });
    }
    None
}

fn syntax_error(err: pest::error::Error<Rule>, base: usize, source: &str) -> Diagnostic {
    let local = match err.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let (start, end) = match err.location {
        pest::error::InputLocation::Pos(p) => (base + p, base + p),
        pest::error::InputLocation::Span((s, e)) => (base + s, base + e),
    };
    let (message, label) = match &err.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
            words.sort_unstable();
            words.dedup();
            let expected = match words.as_slice() {
                [] => "something else".to_string(),
                [one] => (*one).to_string(),
                [rest @ .., last] => format!("{} or {}", rest.join(", "), last),
            };
            (
                format!("expected {expected}"),
                "unexpected here".to_string(),
            )
        }
        pest::error::ErrorVariant::CustomError { message } => (message.clone(), message.clone()),
    };
    let in_piece = matches!(
        &err.variant,
        pest::error::ErrorVariant::ParsingError { positives, .. }
            if positives.iter().any(|r| matches!(r, Rule::royal | Rule::moves | Rule::capture_mode))
    );
    // A misspelt keyword: the word found is close to one of the words expected.
    let found: String = source
        .get(local..)
        .unwrap_or("")
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let expected_words: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    // never the word that was written: it is right, and in the wrong place
    let guess = (!found.is_empty())
        .then(|| crate::diagnostic::suggest(&found, expected_words.iter().copied()))
        .flatten()
        .filter(|g| *g != found);
    // a misspelt word is named as what it is not, in the construct's words
    let guess = guess.map(str::to_string);
    let message = match &guess {
        Some(g) if g.eq_ignore_ascii_case(&found) => {
            format!("vdl's words are written in lower case: `{g}`, not `{found}`")
        }
        Some(_) if in_piece && message.contains("capture option") => {
            format!("`{found}` is neither a capture option nor a piece property")
        }
        Some(_) if in_piece => format!("`{found}` is not a piece property"),
        Some(_) => format!("`{found}` is not a word vdl knows here: {message}"),
        None => message,
    };
    let help = match guess {
        Some(ref g) => format!("did you mean `{g}`?"),
        None if in_piece => {
            "a piece's properties end with `}`: is the closing brace of the piece missing?".to_string()
        }
        None => "a definition is a list of sections: variant, board, zone, piece, castle, setup, end (after an optional `extends \"base.vdl\"`)".to_string(),
    };
    let (start, end) = if guess.is_some() {
        (start, start + found.len())
    } else {
        (start, end)
    };
    let mistake = known_mistake(source, local)
        .filter(|_| guess.is_none())
        .or_else(|| mistakes::construct_mistake(source, local));
    let (start, end, message, label, help) = match mistake {
        Some(m) => {
            let (start, end) = m.at.map_or((start, end.max(start + m.len)), |a| {
                (base + a, base + a + m.len)
            });
            (start, end, m.message, m.label, m.help)
        }
        None => (start, end, message, label, help),
    };
    Diagnostic::error(Code::Syntax, message)
        .at(Span::new(start, end), label)
        .help(help)
}

fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI
        | Rule::item
        | Rule::immobilization
        | Rule::suicide
        | Rule::must_capture
        | Rule::no_check
        | Rule::explosions
        | Rule::passing
        | Rule::walls
        | Rule::modify => {
            "a section (`board`, `piece`, `setup`, ...)"
        }
        Rule::ident => "a name",
        Rule::label | Rule::cell | Rule::cell_set | Rule::cell_range => "a cell or label",
        Rule::int => "a number",
        Rule::string | Rule::betza => "a quoted string",
        Rule::board_entry | Rule::files | Rule::ranks | Rule::remove | Rule::hex => {
            "`hex`, `files`, `ranks` or `remove`"
        }
        Rule::hex_shape => "`hexagon` or `rhombus`",
        Rule::piece_prop
        | Rule::royal
        | Rule::moves
        | Rule::en_passant
        | Rule::promotes
        | Rule::capture_mode
        | Rule::immobilize
        | Rule::swap
        | Rule::immune
        | Rule::value
        | Rule::captured_as
        | Rule::confined
        | Rule::no_facing
        | Rule::cannot_capture
        | Rule::cannot_hop
        | Rule::two_cell => {
            "a piece property (`moves`, `capture`, `royal`, `immobilize`, `swap`, `immune`, `promotes`, `en-passant`, `two-cell`, `value`, `captured-as`, `confined to`, `no-facing`, `cannot-capture`, `cannot-hop`)"
        }
        Rule::moves_in | Rule::moves_within => "`in ZONE`, `within ZONE`",
        Rule::piece_label => "a piece label such as `Q`, `+P` or `Q~`",
        Rule::hand_rule | Rule::keep_captured | Rule::hand_drop | Rule::one_per_file | Rule::no_drop_mate | Rule::on_top => {
            "a hand rule (`keep-captured`, `drop`, `one-per-file`, `no-drop-mate`, `on-top`)"
        }
        Rule::promote_leaving => "`or-leaving` or `to`",
        Rule::promote_captured => "`captured` or a piece",
        Rule::two_cell_item
        | Rule::two_cell_steps
        | Rule::two_cell_turn
        | Rule::two_cell_advance
        | Rule::two_cell_retreat
        | Rule::two_cell_axis => {
            "a two-cell step (`steps N`, `turn`, `advance`, `retreat-after-capture`, `captured-on-axis`)"
        }
        Rule::promote_optional => "`optional` or `optional except in ZONE`",
        Rule::move_rule | Rule::move_kind => "a move rule (`leap`, `ride`, `path`, `hop`, `zigzag`, `circle`, `equal`, `chain`)",
        Rule::offset => "an offset such as `(1,2)`",
        Rule::rule_option
        | Rule::quiet
        | Rule::capture
        | Rule::initial
        | Rule::all
        | Rule::range
        | Rule::land_behind
        | Rule::adjacent
        | Rule::jump => "a rule option (`all`, `quiet`, `capture`, `initial`, `range N`)",
        Rule::zone_sides | Rule::zone_side | Rule::side => "`white` or `black`",
        Rule::end_rule
        | Rule::checkmate
        | Rule::stalemate
        | Rule::repetition
        | Rule::move_limit
        | Rule::royal_capture
        | Rule::dead_position
        | Rule::extinction
        | Rule::reach
        | Rule::checks
        | Rule::double_pass
        | Rule::facing
        | Rule::counting
        | Rule::connect
        | Rule::bare_king => {
            "a game-end rule (`checkmate`, `stalemate`, `repetition`, `move-rule`, `royal-capture`, `dead-position`, `extinction`, `bare-king`, `reach`, `checks`, `connect`, `double-pass`, `facing`, `counting`)"
        }
        Rule::counting_without
        | Rule::counting_board
        | Rule::counting_bare
        | Rule::counting_case
        | Rule::counting_else
        | Rule::from_pieces => "`without KINDS`, `board N`, `bare [from-pieces] KINDS N ... else N` or `}`",
        Rule::claim_at => "`claim-at`",
        Rule::outcome => "`win`, `loss` or `draw`",
        Rule::castle_empty | Rule::castle_safe => "`empty` or `safe`",
        Rule::castle_king => "`king`",
        Rule::castle_rook => "`rook`",
        Rule::castle_partner => "`partner`",
        Rule::free_start => "`*`",
        Rule::capture_kind => {
            "a capture mode (`approach`, `withdraw`, `overtake`, `pincer`, `coordinate`, `chameleon`, `mutual-destruction`, `takeover`, `recoil`, `vault`)"
        }
        Rule::capture_option => "a capture option (`optional`, `single`, `all-directions`, `no-replacement`, `stop-beyond`, `undefended`, `adjacent`)",
        Rule::immobilization_rule => "`pure` or `mutual`",
        Rule::reset_by => "`reset-by`",
        Rule::extends => "`extends \"base.vdl\"`",
        Rule::symmetry => "`mirrored` or `rotated`",
        Rule::shuffle | Rule::shuffle_queue | Rule::shuffle_ordered => {
            "cells to shuffle over, then `queue` or `ordered`"
        }
        Rule::redeal | Rule::redeal_when | Rule::redeal_or => {
            "`redeal when first-move captures or checks or mates`"
        }
        Rule::drops | Rule::drops_except => "`drops queue front in ZONE credit exchange`",
        Rule::queue_end | Rule::promote_queue => "`front` or `back`",
        _ => "more input",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sections_with_spans() {
        let src = "board { files a b ranks 1 2 }\npiece King K { royal moves \"K\" }";
        let file = parse(src).unwrap();
        assert_eq!(file.items.len(), 2);
        let Item::Piece(p) = &file.items[1] else {
            panic!("expected a piece")
        };
        assert_eq!(p.name.value, "King");
        let PieceProp::Betza(b, None) = &p.props[1] else {
            panic!("expected betza")
        };
        assert_eq!(&src[b.span.start..b.span.end], "K");
    }

    #[test]
    fn keywords_end_lists() {
        let file = parse("board { files a b c ranks 1 2 remove a1 }").unwrap();
        let Item::Board(b) = &file.items[0] else {
            panic!()
        };
        assert_eq!(b.entries.len(), 3);
    }

    #[test]
    fn reserved_words_that_extend_others_end_lists() {
        // `capture-only` after a cell list, `royal-capture` after a reset list.
        let file = parse(
            "zone edge a1 b1 capture-only\nend { move-rule 50 draw reset-by capture Pawn royal-capture }",
        )
        .unwrap();
        let Item::Zone(z) = &file.items[0] else {
            panic!()
        };
        assert!(z.capture_only);
        assert!(!z.fewest_crossed);
        let Item::End(e) = &file.items[1] else {
            panic!()
        };
        assert_eq!(e.rules.len(), 2);
        assert!(matches!(e.rules[1].value, EndRuleDecl::RoyalCapture));
    }

    #[test]
    fn syntax_error_has_position() {
        let errs = parse("board { files a b\n ranks }").unwrap_err();
        let err = &errs[0];
        assert_eq!(err.code, Code::Syntax);
        assert_eq!(err.span().start, 25);
    }
}
