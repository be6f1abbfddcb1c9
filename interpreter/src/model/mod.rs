//! The plain, checked definition: names resolved, cells as coordinates, no spans.
//! `check` produces it, `compile` consumes it. The FEN reader lives here because
//! both the checker (a definition's `setup`) and the engine (`--fen`) read FEN.

use indexmap::IndexMap;

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
/// Whether a move rule moves quietly, captures, or both.
pub enum MoveMode {
    /// Moves to an empty cell or captures.
    Both,
    /// Moves to an empty cell only.
    Quiet,
    /// Captures only.
    Capture,
}

impl MoveMode {
    /// Whether it moves onto empty cells.
    pub fn quiet(self) -> bool {
        self != MoveMode::Capture
    }
    /// Whether it captures by replacement.
    pub fn captures(self) -> bool {
        self != MoveMode::Quiet
    }
}

/// The shape of one move, in one direction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Geometry {
    /// A jump along a path of cumulative offsets: every cell but the last must be
    /// empty (a lame leaper); a path of one offset is a plain leap.
    Leap(Vec<Offset>),
    /// Repeats a step until blocked, at most `range` steps when given.
    Ride {
        /// The step.
        step: Offset,
        /// The most steps (none: to the edge).
        range: Option<u32>,
    },
    /// Rides to the first piece (the screen), jumps it, and lands beyond:
    /// anywhere beyond (a cannon) or on the next cell only (a grasshopper).
    /// `adjacent`: the screen must stand on the first cell (Rococo's cannon pawn).
    Hop {
        /// The step along the line.
        step: Offset,
        /// Land on the cell right behind the screen only.
        land_behind: bool,
        /// The screen must stand on the first cell.
        adjacent: bool,
    },
    /// Fixed steps to empty cells (`prefix`, none of them a destination), then the
    /// `cycle` of steps taken in turn, again and again: every cell of that part is a
    /// destination, up to the first piece (which it may capture), at most `range`
    /// steps of the cycle. A bent rider (the gryphon: `prefix` one diagonal step,
    /// `cycle` one orthogonal step), a zigzag (the crooked bishop: `cycle` two
    /// diagonal steps), a circular rider (the rose: `cycle` the eight knight leaps
    /// round a circle, `range` 7).
    Walk {
        /// Fixed steps first, onto empty cells.
        prefix: Vec<Offset>,
        /// Then these steps in turn.
        cycle: Vec<Offset>,
        /// The most steps of the cycle (none: as far as it goes).
        range: Option<u32>,
    },
    /// `n` steps of `first`, then `n` steps of any one of `second`, for every `n`;
    /// every cell passed must be empty (the Sissa: `first` a rook step, `second` the
    /// four bishop steps).
    EqualLegs {
        /// The first leg's step.
        first: Offset,
        /// The second leg's steps.
        second: Vec<Offset>,
    },
    /// One to `count` leaps, each any one of `leaps`; every cell landed on before the
    /// last must be empty, and the move never ends where it started (the dancing
    /// horse: the knight's leaps, two at most).
    Chain {
        /// The leaps, in any order.
        leaps: Vec<Offset>,
        /// The most leaps.
        count: u32,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
/// One way a piece moves: a geometry and what it may do at the end.
pub struct MoveRule {
    /// Where it goes.
    pub geometry: Geometry,
    /// Quiet, capture or both.
    pub mode: MoveMode,
    /// Only from the cells where the setup puts this piece for its side.
    pub initial: bool,
    /// For a path: the cells before the last do not block (the path names the cell a
    /// takeover converts, as Takeover Chess's knights).
    pub jump: bool,
    /// Which written rule of the piece this comes from: its Betza groups and
    /// structured lines counted in order across the piece's `moves`.
    pub written: u16,
    /// Only from the cells of a zone (`moves ... in ZONE`), as it is for the
    /// piece's side.
    pub region: Option<Region>,
}

/// Where a move rule applies: from a zone's cells, and with `within` only on them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Region {
    /// The zone's name.
    pub zone: String,
    /// Every cell the move passes or lands on is in the zone too.
    pub within: bool,
}

#[derive(Clone, Debug, Serialize)]
/// How a piece promotes.
pub struct Promotion {
    /// The zone where it promotes.
    pub zone: String,
    /// The kinds it may become (White's, when `black_choices` are Black's own).
    pub choices: Vec<usize>,
    /// `to white ... black ...`: Black's own choices.
    pub black_choices: Option<Vec<usize>>,
    /// Only to a kind of which the player has a captured piece off the board (which
    /// the promotion uses up).
    pub from_captured: bool,
    /// The piece may also stay as it is.
    pub optional: bool,
    /// To the piece at this end of the player's drop queue, which it takes (the
    /// move is not possible when the queue is empty).
    pub from_queue: Option<QueueEnd>,
    /// A move starting in the zone promotes too (shogi: entering, inside, leaving).
    pub leaving: bool,
    /// With `optional`: the zone where a move ending there must promote.
    pub forced_in: Option<String>,
    /// `in-place`: not on arrival; a move of its own (`Ruleset::in_place`).
    pub in_place: bool,
    /// `on-capture`: only a move that captures promotes.
    pub on_capture: bool,
}

impl Promotion {
    /// The kinds a piece of `side` (0 White, 1 Black) may become.
    pub fn choices_for(&self, side: usize) -> &[usize] {
        match &self.black_choices {
            Some(black) if side == 1 => black,
            _ => &self.choices,
        }
    }

    /// Every kind a piece of either side may become.
    pub fn all_choices(&self) -> impl Iterator<Item = usize> + '_ {
        self.choices
            .iter()
            .chain(self.black_choices.iter().flatten())
            .copied()
    }
}

/// Pieces in hand: per side and kind a count, dropped on empty cells as a turn.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Hand {
    /// A captured piece goes to the captor's hand, as its `captured_as` kind.
    pub keep_captured: bool,
    /// Kinds that drop only on a zone's cells (others: on any empty cell).
    pub drop_zones: Vec<(usize, String)>,
    /// Kinds not dropped on a file where the player has `per_file` pieces of that
    /// kind.
    pub one_per_file: Vec<usize>,
    /// How many of a kind of `one_per_file` a file may hold (`per-file N`; 1).
    pub per_file: u32,
    /// Kinds whose drop may not checkmate.
    pub no_drop_mate: Vec<usize>,
    /// No drop may give check (`no-drop-check`).
    pub no_drop_check: bool,
    /// Kinds that enter only by gating, and the zone of the gates.
    pub gate: Option<(Vec<usize>, String)>,
    /// The gating kinds may also be dropped (`gate ... or-drop`).
    pub gate_or_drop: bool,
    /// `on-top`: a drop lands on the first rank or on a cell above a piece.
    pub on_top: bool,
    /// `must-drop`: while the hand holds a piece of these kinds (any kind when the
    /// list is empty), a turn drops one of them if it can.
    pub must_drop: Option<Vec<usize>>,
    /// `castle-by-drop`: the partner kinds whose drop (or the royal piece's) on a
    /// castling's start cells gives its right.
    pub castle_by_drop: Vec<usize>,
    /// `split-colours`: kinds dropped half on light, half on dark cells.
    pub split_colours: Vec<usize>,
    /// `drop-promoted`: kinds that may also be dropped as a kind their promotion
    /// makes (`None`: no such drops; an empty list: every kind that promotes).
    pub drop_promoted: Option<Vec<usize>>,
    /// `unlimited`: kinds each player always holds, without count.
    pub unlimited: Vec<usize>,
    /// `drop-enclosing`: a drop only where a line of enemy pieces runs from the cell
    /// to a piece of the player's.
    pub drop_enclosing: bool,
    /// `drop-next-to-own`: a drop only next to a piece of the player's.
    pub drop_next_to_own: bool,
    /// `first-drops-in`: the zone that takes every drop while a cell of it is empty.
    pub first_drops_in: Option<String>,
}

/// Which enemy pieces a piece turns over when it arrives (`flips`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Flip {
    /// Every straight line of them from its cell to a piece of the player's.
    Lines,
    /// Every one on a cell next to it.
    Neighbours,
}

impl Hand {
    /// Each side's cells of the `gate` zone (none without gating).
    pub fn gate_cells<'z>(
        hand: Option<&Hand>,
        zones: Option<&'z IndexMap<String, [Vec<Coord>; 2]>>,
    ) -> [&'z [Coord]; 2] {
        let cells = hand
            .and_then(|h| h.gate.as_ref())
            .and_then(|(_, zone)| zones?.get(zone));
        [0, 1].map(|side| cells.map_or(&[][..], |c| &c[side][..]))
    }
}

/// Which end of a drop queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum QueueEnd {
    /// The front of the queue.
    Front,
    /// The back of the queue.
    Back,
}

/// Drops from an ordered queue of pieces off the board, earned by exchanges.
#[derive(Clone, Debug, Serialize)]
pub struct Drops {
    /// The end of the queue a drop takes.
    pub end: QueueEnd,
    /// The zone whose empty cells a drop may land on.
    pub zone: String,
    /// Kinds whose exchange earns no credit (either the lost piece or its capturer).
    pub no_credit: Vec<usize>,
}

/// White's pieces placed at random when a game starts; Black's by the setup's symmetry.
#[derive(Clone, Debug, Serialize)]
pub struct Shuffle {
    /// One piece of each kind listed (a kind listed twice, two pieces).
    pub pieces: Vec<usize>,
    /// White's cells, used when empty, in this order.
    pub cells: Vec<Coord>,
    /// The pieces that find no cell go to the drop queue.
    pub queue: bool,
    /// The pieces go on the cells drawn in the order listed (cells in their order).
    pub ordered: bool,
}

/// The first moves that make a dealt array be dealt again (`redeal`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Redeal {
    /// The first move captures.
    pub captures: bool,
    /// The first move checks.
    pub checks: bool,
    /// The first move mates.
    pub mates: bool,
}

impl Redeal {
    /// Whether any first move sends the array back.
    pub fn any(&self) -> bool {
        self.captures || self.checks || self.mates
    }
}

/// How Black's array follows White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Symmetry {
    /// Reflected across the middle rank.
    Mirrored,
    /// Turned half round the centre.
    Rotated,
}

/// A way of capturing besides moving onto the victim's cell. Mandatory unless
/// `optional`: every move that can capture this way does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CaptureMode {
    /// The enemy on the next cell beyond the landing cell, in the move's direction.
    Approach {
        /// The capture may be left out.
        optional: bool,
    },
    /// The enemy next to the start cell, opposite the move's direction.
    Withdraw {
        /// The capture may be left out.
        optional: bool,
    },
    /// Enemies jumped along the line of a riding move, each followed by an empty cell.
    /// `adjacent`: only the cell next to the mover, landing on the cell right behind
    /// it (Panoply's pawn).
    Overtake {
        /// One victim per move.
        single: bool,
        /// Only the piece next to the mover.
        adjacent: bool,
    },
    /// After the move, an adjacent enemy with a friendly piece just beyond it.
    Pincer {
        /// On diagonals too.
        all_directions: bool,
        /// The capture may be left out.
        optional: bool,
    },
    /// After the move, enemies on the two other corners of the rectangle formed by
    /// the mover and its own royal piece.
    Coordinate {
        /// The capture may be left out.
        optional: bool,
    },
    /// Each victim in the way it captures, on moves its own kind could make.
    Chameleon {
        /// It also takes replacement-capturers by replacement.
        replacement: bool,
    },
    /// Removes an adjacent enemy and the capturing piece itself.
    MutualDestruction,
    /// Jumps an enemy on its line (nothing between, the next cell beyond empty) and
    /// converts it: the victim changes owner and stays. A slider may go on past the
    /// landing cell unless `stop_beyond`; `undefended`: only victims no piece of
    /// their side defends; `adjacent`: only victims next to the mover.
    Takeover {
        /// A slider stops on the cell beyond the victim.
        stop_beyond: bool,
        /// Only victims no piece of their side defends.
        undefended: bool,
        /// Only victims next to the mover.
        adjacent: bool,
    },
    /// The enemy as far behind the start, opposite the move, as the move is long,
    /// with nothing between it and the mover (Panoply's Skirmisher).
    Recoil {
        /// The capture may be left out.
        optional: bool,
    },
    /// The enemy halfway along a move along a line, which leaps over every piece in
    /// its way to an empty cell (Panoply's Catapult).
    Vault,
}

impl CaptureMode {
    /// The mode's word in the language.
    pub fn name(self) -> &'static str {
        match self {
            CaptureMode::Approach { .. } => "approach",
            CaptureMode::Withdraw { .. } => "withdraw",
            CaptureMode::Overtake { .. } => "overtake",
            CaptureMode::Pincer { .. } => "pincer",
            CaptureMode::Coordinate { .. } => "coordinate",
            CaptureMode::Chameleon { .. } => "chameleon",
            CaptureMode::MutualDestruction => "mutual-destruction",
            CaptureMode::Takeover { .. } => "takeover",
            CaptureMode::Recoil { .. } => "recoil",
            CaptureMode::Vault => "vault",
        }
    }
}

/// The rule of a `capture-only` zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CaptureOnly {
    /// A move may end in the zone only when no move of the same piece ending outside
    /// makes the same capture.
    Landing,
    /// As `Landing`, and passing over the zone's cells counts as entering it: among
    /// the moves making one capture, only the one crossing the fewest zone cells is
    /// allowed, and none when two tie.
    FewestCrossed,
}

/// How hostile immobilizers interact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Immobilization {
    /// Abbott's rule: hostile immobilizers next to each other freeze each other.
    #[default]
    Mutual,
    /// The "pure" rule: a piece next to an enemy immobilizer is free when a friendly
    /// immobilizer or chameleon (other than itself) stands next to that immobilizer.
    Pure,
}

/// `royal last N`: a kind royal only while its side has at most `at_most` pieces of
/// it (Fairy-Stockfish's pseudo-royal pieces, `extinctionPseudoRoyal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RoyalLast {
    /// The most pieces of the kind a side may have for them to be royal.
    pub at_most: u8,
    /// No move may leave every piece of the kind attacked, however many
    /// (`duple-check`, Fairy-Stockfish's `dupleCheck`).
    pub duple_check: bool,
}

#[derive(Clone, Debug, Serialize)]
/// A kind of piece.
pub struct PieceDef {
    /// Its name.
    pub name: String,
    /// One or more upper-case letters; the second player's pieces use the lower case.
    pub label: String,
    /// Its capture ends the game; it may not be left attacked.
    pub royal: bool,
    /// With `royal`: royal only while its side has few pieces of its kind.
    pub royal_last: Option<RoyalLast>,
    /// How it moves.
    pub rules: Vec<MoveRule>,
    /// It may capture and be captured en passant.
    pub en_passant: bool,
    /// With `en_passant`: it may be captured en passant but captures nothing so
    /// (`en-passant passive`).
    pub en_passant_passive: bool,
    /// How it promotes, if it does.
    pub promotion: Option<Promotion>,
    /// No promotion makes one while its side has this many on the board.
    pub promotion_limit: Option<u8>,
    /// How it captures besides replacement.
    pub captures: Vec<CaptureMode>,
    /// Enemies next to this piece cannot move.
    pub immobilize: bool,
    /// Exchanges places with the first piece, of either side, on a line it moves along.
    pub swap: bool,
    /// Never converted by a takeover.
    pub immune: bool,
    /// The piece stands on two neighbouring cells and moves by its own steps.
    pub two_cell: Option<TwoCell>,
    /// The piece's worth to the computer player in hundredths of a pawn, if the
    /// definition gives one.
    pub value: Option<i32>,
    /// The kind it becomes in the captor's hand, if not itself.
    pub captured_as: Option<usize>,
    /// The zone it moves in as if it were the whole board (`confined to`).
    pub confined: Option<String>,
    /// Attacks along its file without moving that way (`no-facing`).
    pub no_facing: bool,
    /// While its side is in check, moves only to capture every checking piece
    /// (`in-check captures-checker`).
    pub captures_checker: bool,
    /// After each capture it becomes a wall where it ended (`petrifies`).
    pub petrifies: bool,
    /// The enemy pieces it turns over when it arrives (`flips`).
    pub flips: Option<Flip>,
    /// Kinds it never captures (`cannot-capture`).
    pub cannot_capture: Vec<usize>,
    /// Kinds it never hops over (`cannot-hop`).
    pub cannot_hop: Vec<usize>,
    /// With `en_passant`: only steps whose passed cells are all in this zone leave
    /// them capturable.
    pub en_passant_in: Option<String>,
    /// Moves allowed while the piece holds its first-move right (`first-move`).
    pub first_move: Option<FirstMove>,
}

/// `first-move "BETZA" [not-in-check] [lost-when-aimed-by KINDS]`: quiet moves a
/// piece may make while it holds its first-move right. The right belongs to the
/// piece on a back-rank cell (named in the FEN's castling field by its file) and
/// is lost when the piece moves or is taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FirstMove {
    /// The moves, all quiet.
    pub rules: Vec<MoveRule>,
    /// Not while the piece's side is in check.
    pub not_in_check: bool,
    /// The right is lost when an enemy piece of these kinds ends a move on a cell
    /// from which, on an empty board, it would attack the piece.
    pub aimed_by: Vec<usize>,
    /// The right is lost when the piece's side is put in check.
    pub lost_when_checked: bool,
}

impl PieceDef {
    /// A piece with a name and a label and nothing else: no moves, no properties.
    pub fn plain(name: &str, label: &str) -> PieceDef {
        PieceDef {
            name: name.to_string(),
            label: label.to_string(),
            royal: false,
            royal_last: None,
            rules: Vec::new(),
            en_passant: false,
            en_passant_passive: false,
            promotion: None,
            promotion_limit: None,
            captures: Vec::new(),
            immobilize: false,
            swap: false,
            immune: false,
            two_cell: None,
            value: None,
            captured_as: None,
            confined: None,
            no_facing: false,
            captures_checker: false,
            petrifies: false,
            flips: None,
            cannot_capture: Vec::new(),
            cannot_hop: Vec::new(),
            en_passant_in: None,
            first_move: None,
        }
    }
}

/// How a piece on two neighbouring cells (its ends) moves and is captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TwoCell {
    /// The most steps in one move (at least one).
    pub steps: u8,
    /// One end turns about the other to the next cell round it (on hexagons a cell
    /// next to both ends); the cell must be empty.
    pub turn: bool,
    /// Both ends move one cell along their line: `Some(captures)`, where `captures`
    /// lets the end entering a cell take an enemy there.
    pub advance: Option<bool>,
    /// A capturing advance may be followed by one straight back; no other step may
    /// undo the one before.
    pub retreat_after_capture: bool,
    /// Only a piece starting on the line through both ends may capture it, taking
    /// the nearer end as its victim; both ends go.
    pub captured_on_axis: bool,
}

#[derive(Clone, Debug, Serialize)]
/// A castling: a royal piece and a partner move together.
pub struct CastleDef {
    /// The letter of its right in FEN.
    pub flag: char,
    /// The side that castles so.
    pub side: Side,
    /// Where the royal piece starts.
    pub king_from: Coord,
    /// Where it ends.
    pub king_to: Coord,
    /// Where the partner starts.
    pub rook_from: Coord,
    /// Where it ends.
    pub rook_to: Coord,
    /// Cells that must be empty, apart from the king and rook themselves.
    pub empty: Vec<Coord>,
    /// Cells the opponent must not attack.
    pub safe: Vec<Coord>,
    /// Chess960 (`king *-g1 rook *-f1 partner Rook`): the partner's kind. The king
    /// and the partner start where the game's start position puts them (see
    /// `CastleDef::on_cells`); until then both `from` cells stand at their `to`
    /// cells and `empty` and `safe` are empty.
    pub partner: Option<usize>,
}

/// A FEN's en-passant field: the cells a piece passed on the last move, in the
/// order passed, and the cell it stands on when the field names it (`d3>e4`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnPassantField {
    /// The cells a double step passed.
    pub passed: Vec<Coord>,
    /// The piece that passed them, if known.
    pub victim: Option<Coord>,
    /// Where the field starts in the FEN, for errors found when placing it.
    pub offset: usize,
    /// Its length in bytes.
    pub len: usize,
}

/// A position as written in FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Each piece: its cell, side and kind.
    pub placements: Vec<(Coord, Side, usize)>,
    /// Captured pieces off the board (FEN `rows[...]`), for promotions to captured pieces.
    pub reserve: Vec<(Side, usize)>,
    /// The side to move.
    pub to_move: Side,
    /// Indices into the definition's castling rules.
    pub castling: Vec<usize>,
    /// For the free (Chess960) castling rights granted: the rule, and where its
    /// king and partner start.
    pub castle_starts: Vec<(usize, Coord, Coord)>,
    /// The cells capturable en passant.
    pub en_passant: Option<EnPassantField>,
    /// Two cells whose pieces just swapped and may not swap back on this move.
    pub swap_ban: Option<(Coord, Coord)>,
    /// The half-moves counted towards the move rule.
    pub halfmove: u32,
    /// The move number.
    pub fullmove: u32,
    /// The checks each side has given (under a `checks` end rule).
    pub checks: [u32; 2],
    /// The passes just made, one after the other (0 to 2; under `double-pass` or
    /// `facing`, FEN `pass` or `pass-pass`).
    pub passes: u8,
    /// Each side's open gates (under a hand's `gate` rule).
    pub gates: [Vec<Coord>; 2],
    /// Each side's pieces that hold their first-move right (`first-move`), by cell.
    pub first_rights: [Vec<Coord>; 2],
    /// A running `counting` count: plies counted, limit in plies (FEN `PLY/LIMIT`).
    pub counting: Option<(u32, u32)>,
    /// Each side's drop queue, front first (FEN `rows{...}`).
    pub queues: [Vec<usize>; 2],
    /// Each side's drop credits.
    pub credits: [u32; 2],
    /// The cell of a piece that just captured, and the credits taking it now earns.
    pub exchange: Option<(Coord, u32)>,
    /// The two ends of each two-cell piece.
    pub links: Vec<(Coord, Coord)>,
    /// The cells walls stand on (FEN `*`).
    pub walls: Vec<Coord>,
}

#[derive(Clone, Debug)]
/// A checked variant: the plain rules, no spans.
pub struct Definition {
    /// Its name (`variant`).
    pub name: String,
    /// Other names the variant goes by in game records.
    pub aliases: Vec<String>,
    /// The board.
    pub board: BoardShape,
    /// Each zone's cells for White and for Black.
    pub zones: IndexMap<String, [Vec<Coord>; 2]>,
    /// Zones where a move may end only when the capture it makes needs it.
    pub capture_only_zones: Vec<(String, CaptureOnly)>,
    /// The kinds of pieces.
    pub pieces: Vec<PieceDef>,
    /// The castlings.
    pub castling: Vec<CastleDef>,
    /// The start position.
    pub setup: Setup,
    /// How games end.
    pub end: EndRules,
    /// How immobilizers freeze.
    pub immobilization: Immobilization,
    /// A frozen piece that is not royal may remove itself as its move.
    pub suicide: bool,
    /// When any legal move captures, only captures are legal.
    pub must_capture: bool,
    /// No move may give check.
    pub no_check: bool,
    /// A turn may be a pass (`pass`).
    pub pass: bool,
    /// A pass only when no other move is legal (`pass when-stuck`).
    pub pass_when_stuck: bool,
    /// Walls may stand where a FEN puts them, though no rule puts one (`blocks`).
    pub blocks: bool,
    /// Every capture explodes (`explosions`).
    pub explosions: Option<Explosions>,
    /// Every move puts a wall (`walls`).
    pub walls: Option<Walls>,
    /// Drop queues, if any.
    pub drops: Option<Drops>,
    /// Pieces in hand, if any.
    pub hand: Option<Hand>,
    /// Random placements made when a game starts, in order.
    pub shuffles: Vec<Shuffle>,
    /// What a dealt array may not let the first player do with its first move.
    pub redeal: Redeal,
    /// The symmetry the setup declares: how shuffles place Black's pieces.
    pub symmetry: Option<Symmetry>,
    /// The computer player's terms the definition keeps (`evaluation`).
    pub evaluation: Evaluation,
}

impl Definition {
    /// Whether a promotion of a `from` piece to `to` turns a `+X` back into its
    /// `X` (Kyoto Shogi's; Fairy-Stockfish's demotion, which engines write `-`).
    pub fn turns_back(&self, from: usize, to: usize) -> bool {
        let label = |k: usize| self.pieces.get(k).map(|p| p.label.as_str());
        label(from)
            .and_then(|l| l.strip_prefix('+'))
            .is_some_and(|l| Some(l) == label(to))
    }

    /// Whether walls may stand on the board: every move puts one (`walls`), or a
    /// piece turns to one after capturing (`petrifies`).
    pub fn has_walls(&self) -> bool {
        self.walls.is_some() || self.blocks || self.pieces.iter().any(|p| p.petrifies)
    }
}

/// The computer player's evaluation terms, in hundredths of a pawn, as `vdl tune`
/// writes them; a term not given is derived from the rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evaluation {
    /// Per kind, in the order of `pieces` (empty: no term given).
    pub pieces: Vec<PieceTerms>,
    /// Per kind, in the order of `pieces` (empty: none given): what a piece of the
    /// kind adds on these cells, as White sees the board (Black's on the cell on
    /// the same file as many ranks from its side).
    pub cells: Vec<Vec<(Coord, i32)>>,
    /// Per kind, in the order of `pieces` (empty: none given): the kind's table
    /// for its endgame, where it has one (then `cells` count far from the endgame,
    /// these in it, and a share of each in between).
    pub endgame_cells: Vec<Option<Vec<(Coord, i32)>>>,
    /// Per cell around a royal piece of the player that an enemy piece reaches on
    /// an empty board.
    pub safety: Option<i32>,
    /// Per own piece next to a royal piece, while the enemy has pieces to attack it.
    pub shelter: Option<i32>,
    /// Per move nearer to every cell for a royal piece, as the game nears its end.
    pub centrality: Option<i32>,
    /// The same, while the pieces that keep the game from its endgame are on the
    /// board.
    pub exposure: Option<i32>,
    /// Per square of the cells around the enemy's royal pieces that own pieces strike.
    pub attack: Option<i32>,
    /// What a cell around an enemy royal piece that own pieces strike and that
    /// nothing of the enemy's but a royal piece defends adds to the attack's
    /// count.
    pub weak_cells: Option<i32>,
    /// What a cell that an own piece could move to and check from, where no
    /// enemy piece strikes, adds to the attack's count.
    pub safe_checks: Option<i32>,
    /// Per enemy piece that a lesser piece of the player's strikes, or that one
    /// strikes and none defends.
    pub threats: Option<i32>,
    /// A learned evaluation (its file's name as given, and its weights), in the
    /// terms' place in the position's value.
    pub network: Option<(String, std::sync::Arc<Network>)>,
}

/// One kind's evaluation terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceTerms {
    /// On the board (replaces the piece's `value`).
    pub value: Option<i32>,
    /// In hand.
    pub hand: Option<i32>,
    /// Per move on its cell above its average over the board.
    pub mobility: Option<i32>,
    /// Next to its promotion zone.
    pub advance: Option<i32>,
    /// A promoting piece that no friendly one can come to guard.
    pub isolated: Option<i32>,
    /// A promoting piece with a friendly one on its way to promotion.
    pub doubled: Option<i32>,
    /// Once for a player with two pieces of the kind or more.
    pub pair: Option<i32>,
}

impl Evaluation {
    /// The terms given for `kind` (none given: all derived).
    pub fn of(&self, kind: usize) -> PieceTerms {
        self.pieces.get(kind).copied().unwrap_or_default()
    }

    /// The cells given for `kind`, as White sees them (none: nothing added).
    pub fn cells_of(&self, kind: usize) -> &[(Coord, i32)] {
        self.cells.get(kind).map_or(&[], Vec::as_slice)
    }

    /// The endgame table given for `kind`, if any.
    pub fn endgame_cells_of(&self, kind: usize) -> Option<&[(Coord, i32)]> {
        self.endgame_cells.get(kind)?.as_deref()
    }
}

mod board;
mod castling;
mod end;
mod fen;
mod network;
mod shuffle;
pub use board::*;
pub use castling::{free_castle_start, FreeCastleError};
pub use end::*;
pub use fen::{label_at, parse_fen, FenError, FenErrorKind, FenRules};
pub use network::*;
pub use shuffle::black_image;
