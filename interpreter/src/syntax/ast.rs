//! The spanned AST: what a definition file says, in its own words, with where.

use crate::diagnostic::Span;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

pub type Name = Spanned<String>;

#[derive(Clone, Debug, Default)]
/// A definition file as written.
pub struct File {
    /// `extends "base.vdl"`: the definition this file changes.
    pub extends: Option<ExtendsDecl>,
    /// Its sections and items, in order.
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
    /// `pass [when-stuck]`: a turn may be a pass (only with no other move).
    Pass(Span, Option<Span>),
    /// `blocks`: walls may stand where a FEN puts them.
    Blocks(Span),
    /// `walls RULE [in ZONE]`: every move puts a wall on a cell.
    Walls(WallsDecl),
    /// `evaluation { ... }`: the computer player's terms.
    Evaluation(EvaluationDecl),
    /// `allow CODE...`: warnings not to report, by their codes without `vdl::`.
    Allow(Vec<Name>),
}

/// `evaluation { Piece value N hand N mobility N advance N isolated N doubled N
/// cells { CELL N ... } ... safety N shelter N centrality N exposure N attack N
/// threats N }`.
#[derive(Clone, Debug)]
pub struct EvaluationDecl {
    pub span: Span,
    /// Each piece's line: its name, its terms and its `cells` tables.
    pub pieces: Vec<EvalLine>,
    /// The terms given once for the whole section, each time one is given.
    pub section: Vec<(Spanned<SectionWord>, Spanned<i64>)>,
    /// Each `network "NAME"` given (the span covers the name inside the quotes).
    pub networks: Vec<Name>,
    /// The first network's file as read when the definition was loaded: where
    /// its offsets start, and its text (none: not read).
    pub network_text: Option<(usize, String)>,
}

/// A term of a piece's line: its word and its number.
pub type EvalTerm = (Spanned<EvalWord>, Spanned<i64>);

/// A piece's line in `evaluation`.
#[derive(Clone, Debug)]
pub struct EvalLine {
    pub name: Name,
    pub terms: Vec<EvalTerm>,
    /// The cells (or ranges) of every `cells { ... }` given, with their numbers.
    pub cells: Vec<EvalCell>,
    /// The same of every `endgame-cells { ... }` (none: not given).
    pub endgame_cells: Option<Vec<EvalCell>>,
}

/// A cell, or a range of cells, of a piece's `cells` and its number.
pub type EvalCell = (CellItem, Spanned<i64>);

/// A term of the whole `evaluation` section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionWord {
    Safety,
    Shelter,
    Centrality,
    Exposure,
    Attack,
    WeakCells,
    SafeChecks,
    Threats,
}

impl SectionWord {
    /// Every section term, in the model's order.
    pub const ALL: [SectionWord; 8] = [
        SectionWord::Safety,
        SectionWord::Shelter,
        SectionWord::Centrality,
        SectionWord::Exposure,
        SectionWord::Attack,
        SectionWord::WeakCells,
        SectionWord::SafeChecks,
        SectionWord::Threats,
    ];

    /// The word as written.
    pub fn word(self) -> &'static str {
        match self {
            SectionWord::Safety => "safety",
            SectionWord::Shelter => "shelter",
            SectionWord::Centrality => "centrality",
            SectionWord::Exposure => "exposure",
            SectionWord::Attack => "attack",
            SectionWord::WeakCells => "weak-cells",
            SectionWord::SafeChecks => "safe-checks",
            SectionWord::Threats => "threats",
        }
    }
}

/// A piece's evaluation term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalWord {
    Value,
    Hand,
    Mobility,
    Advance,
    Isolated,
    Doubled,
    Pair,
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
    /// The kinds no blast removes, the capturer's own included.
    pub immune: Vec<Name>,
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

/// `royal last [N] [duple-check]`: royal while the side has at most N of the kind.
#[derive(Clone, Debug)]
pub struct RoyalLastDecl {
    pub span: Span,
    pub count: Option<Spanned<i64>>,
    pub duple_check: Option<Span>,
}

#[derive(Clone, Debug)]
pub enum PieceProp {
    /// `royal`, with `last [N] [duple-check]` if given.
    Royal(Span, Option<RoyalLastDecl>),
    /// `en-passant [in ZONE] [passive]`: the zone, and the span of `passive`.
    EnPassant(Span, Option<Name>, Option<Span>),
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
        /// `in-place`: a move of its own instead of a promotion on arrival.
        in_place: Option<Span>,
        /// `on-capture`: only a capturing move promotes.
        on_capture: Option<Span>,
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
    /// `promotion-limit N`: no promotion to it while its side has N of it.
    PromotionLimit(Span, Spanned<i64>),
    Rules(Span, Vec<MoveRuleDecl>, Option<RegionDecl>),
    /// `confined to ZONE`: moves only within the zone.
    Confined(Span, Name),
    /// `no-facing`: attacks along its file (xiangqi's flying general).
    NoFacing(Span),
    /// `in-check captures-checker`: in check, it moves only to take the checkers.
    CapturesChecker(Span),
    /// `petrifies`: after a capture the piece becomes a wall.
    Petrifies(Span),
    /// `flips lines` or `flips neighbours`: enemy pieces change side when it arrives.
    Flips(Span, Spanned<FlipWord>),
    /// `first-move "BETZA" [not-in-check] [lost-when-aimed-by NAME...]`.
    FirstMove(FirstMoveDecl),
    /// `cannot-capture NAME...` or `cannot-hop NAME...`: kinds the piece never
    /// captures, or never hops over.
    Cannot(Span, Restriction, Vec<Name>),
    /// `two-cell { ... }`: the piece's own steps, each item with its span.
    TwoCell(Span, Vec<Spanned<TwoCellItem>>),
}

/// `first-move "BETZA" ...`: moves allowed while the piece holds its first-move right.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstMoveDecl {
    pub span: Span,
    /// The Betza text (the span covers the text inside the quotes).
    pub betza: Name,
    /// `not-in-check`: not while its side is in check.
    pub not_in_check: Option<Span>,
    /// `lost-when-aimed-by NAME...`: enemy kinds whose aim takes the right away.
    pub aimed_by: Vec<Name>,
    /// `lost-when-checked`: a check takes the right away.
    pub lost_when_checked: Option<Span>,
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
    /// `one-per-file NAME...`, or `per-file N NAME...` (with N).
    OnePerFile(Span, Option<Spanned<i64>>, Vec<Name>),
    /// `no-drop-mate NAME...`.
    NoDropMate(Span, Vec<Name>),
    /// `no-drop-check`: no drop gives check.
    NoDropCheck(Span),
    /// `gate NAME... in ZONE`.
    /// `gate NAME... in ZONE [or-drop]`: the kinds, the zone, the span of `or-drop`.
    Gate(Span, Vec<Name>, Name, Option<Span>),
    /// `on-top`: drops land on the first rank or on a piece.
    OnTop(Span),
    /// `must-drop [NAME...]`: a drop of these kinds (any, without names) is
    /// compulsory while the hand holds one.
    MustDrop(Span, Vec<Name>),
    /// `castle-by-drop NAME...`: a drop completing a castling's pieces gives its right.
    CastleByDrop(Span, Vec<Name>),
    /// `split-colours NAME...`: those kinds are dropped half on each colour of cell.
    SplitColours(Span, Vec<Name>),
    /// `drop-promoted [NAME...]`: these kinds (all that promote, without names) may
    /// also be dropped as what their promotion makes.
    DropPromoted(Span, Vec<Name>),
    /// `unlimited NAME...`: kinds always held, without count.
    Unlimited(Span, Vec<Name>),
    /// `drop-enclosing`: a drop only where it encloses a line of enemy pieces.
    DropEnclosing(Span),
    /// `drop-next-to-own`: a drop only next to a piece of the player's.
    DropNextToOwn(Span),
    /// `first-drops-in ZONE`: drops only there while a cell of it is empty.
    FirstDropsIn(Span, Name),
}

/// Which enemy pieces a `flips` piece turns over when it arrives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlipWord {
    /// Every straight line of them from its cell to a piece of the player's.
    Lines,
    /// Every one next to it.
    Neighbours,
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
    WhiteWins,
    BlackWins,
}

/// `repetition N OUTCOME [claim-at M] [perpetual-check OUTCOME]`.
#[derive(Clone, Debug)]
pub struct RepetitionDecl {
    pub count: Spanned<i64>,
    pub outcome: Spanned<OutcomeWord>,
    /// The count from which it may be claimed.
    pub claim_at: Option<Spanned<i64>>,
    /// The outcome for a player who checked with every move of the cycle (spanning
    /// the whole clause).
    pub perpetual_check: Option<Spanned<OutcomeWord>>,
}

/// `extinction [all] [NAME...] [below N] [opponent-has N] OUTCOME`.
#[derive(Clone, Debug, PartialEq)]
pub struct ExtinctionDecl {
    pub all: bool,
    pub kinds: Vec<Name>,
    pub below: Option<Spanned<i64>>,
    pub opponent_has: Option<Spanned<i64>>,
    pub outcome: Spanned<OutcomeWord>,
}

/// An option of `checkmate`: `alone NAME... OUTCOME` or `series NAME... else OUTCOME`.
#[derive(Clone, Debug, PartialEq)]
pub struct MateOption {
    pub span: Span,
    /// `series` (else `alone`).
    pub series: bool,
    pub kinds: Vec<Name>,
    pub outcome: Spanned<OutcomeWord>,
}

#[derive(Clone, Debug)]
pub enum EndRuleDecl {
    Checkmate(Spanned<OutcomeWord>, Vec<MateOption>),
    /// `stalemate OUTCOME [fewer-pieces]`.
    Stalemate(Spanned<OutcomeWord>, bool),
    Repetition(RepetitionDecl),
    MoveLimit(MoveLimitDecl),
    RoyalCapture,
    DeadPosition(Option<Spanned<OutcomeWord>>),
    /// `bare-king OUTCOME`.
    BareKing(Spanned<OutcomeWord>),
    /// `promotion-stalemate OUTCOME`: a royal piece and one piece whose only moves
    /// are in-place promotions.
    PromotionStalemate(Spanned<OutcomeWord>),
    /// Whether every listed kind must be lost (`all`) or any one, the kinds (none:
    /// every piece), and the outcome for the player who has lost them.
    Extinction(ExtinctionDecl),
    /// The zone, the kinds, and the outcome for the player who brings one there.
    /// The zone, the kinds, the outcome, and `after-reply`.
    /// `reach ZONE KINDS [N] OUTCOME [after-reply] [held] [safe]`: the zone, the
    /// kinds, how many must stand there at once, the outcome, the options.
    Reach(
        Name,
        Vec<Name>,
        Option<Spanned<i64>>,
        Spanned<OutcomeWord>,
        Vec<Spanned<ReachOption>>,
    ),
    /// The number of checks and the outcome for the player who has given them.
    Checks(Spanned<i64>, Spanned<OutcomeWord>),
    /// `connect N [KINDS] OUTCOME`: N in a row after a player's move.
    Connect(Spanned<i64>, Vec<Name>, Spanned<OutcomeWord>),
    /// `move-repetition N [KINDS] OUTCOME`: one piece moved back and forth N times.
    MoveRepetition(Spanned<i64>, Vec<Name>, Spanned<OutcomeWord>),
    /// `double-pass`: the outcome for the player who passes second.
    DoublePass(Spanned<OutcomeWord>),
    /// `full-board`: the outcome for the player who filled the board.
    FullBoard(Spanned<OutcomeWord>),
    /// `facing`: the outcome for the player who passes with the royal pieces facing.
    Facing(Spanned<OutcomeWord>),
    Counting(CountingDecl),
    /// `points NAME N ... [komi N]`: each kind's worth, and the komi's text.
    Points(Vec<(Name, Spanned<i64>)>, Option<Spanned<String>>),
}

/// `counting OUTCOME { without KINDS  board N [up-to M]  bare [from-pieces] KINDS N
/// ... else N [without KINDS] }`.
#[derive(Clone, Debug)]
pub struct CountingDecl {
    pub outcome: Spanned<OutcomeWord>,
    /// The kinds that stop any count while one is on the board.
    pub without: Vec<Name>,
    /// The board's honour's limit in moves.
    pub board: Option<Spanned<i64>>,
    /// `up-to M`: the board's honour only for a player with at most M pieces.
    pub board_up_to: Option<Spanned<i64>>,
    /// `bare ... without KINDS`: no pieces' honour while one of these is on the board.
    pub bare_without: Vec<Name>,
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

/// When a zone reached ends the game (`reach ... OUTCOME OPTION...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReachOption {
    AfterReply,
    Held,
    Safe,
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
    /// A promotion.
    Promotion,
    Piece(String),
    /// A move of the kind that its own quiet moves could not undo.
    Irreversible(Spanned<String>),
}
