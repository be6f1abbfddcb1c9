//! The plain, checked definition: names resolved, cells as coordinates, no spans.
//! `check` produces it, `compile` consumes it. The FEN reader lives here because
//! both the checker (a definition's `setup`) and the engine (`--fen`) read FEN.

use indexmap::IndexMap;
use serde::Serialize;

/// A cell by its file and rank index (0-based, rank 0 is the first player's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Coord {
    pub file: i32,
    pub rank: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Side {
    White = 0,
    Black = 1,
}

impl Side {
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    pub fn from_index(i: usize) -> Side {
        if i == 0 {
            Side::White
        } else {
            Side::Black
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// The board's shape: a grid of labelled files and ranks, less the removed cells.
#[derive(Clone, Debug, Default)]
pub struct BoardShape {
    pub files: Vec<String>,
    pub ranks: Vec<String>,
    pub removed: Vec<Coord>,
}

impl BoardShape {
    pub fn width(&self) -> i32 {
        self.files.len() as i32
    }
    pub fn height(&self) -> i32 {
        self.ranks.len() as i32
    }

    /// Whether the coordinate is a cell of the board (inside the grid, not removed).
    pub fn contains(&self, c: Coord) -> bool {
        c.file >= 0
            && c.rank >= 0
            && c.file < self.width()
            && c.rank < self.height()
            && !self.removed.contains(&c)
    }

    pub fn cell_name(&self, c: Coord) -> String {
        format!(
            "{}{}",
            self.files[c.file as usize], self.ranks[c.rank as usize]
        )
    }

    /// A cell name as a grid coordinate (which may be a removed cell).
    pub fn parse_cell(&self, name: &str) -> Option<Coord> {
        for (f, file) in self.files.iter().enumerate() {
            if let Some(rank) = name.strip_prefix(file.as_str()) {
                if let Some(r) = self.ranks.iter().position(|x| x == rank) {
                    return Some(Coord {
                        file: f as i32,
                        rank: r as i32,
                    });
                }
            }
        }
        None
    }
}

/// A step on the board, oriented for the first player: `dy > 0` is forward, `dx > 0` is right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Offset {
    pub dx: i32,
    pub dy: i32,
}

impl Offset {
    pub const fn new(dx: i32, dy: i32) -> Offset {
        Offset { dx, dy }
    }
    /// The offset as seen by the second player, who faces the other way.
    pub fn rotated(self) -> Offset {
        Offset::new(-self.dx, -self.dy)
    }
    /// The eight images of the offset under the board's rotations and reflections.
    pub fn images(self) -> Vec<Offset> {
        let (a, b) = (self.dx, self.dy);
        let mut out: Vec<Offset> = Vec::with_capacity(8);
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                let o = Offset::new(x * sx, y * sy);
                if !out.contains(&o) {
                    out.push(o);
                }
            }
        }
        out
    }
}

impl Offset {
    /// The offset turned a quarter turn anticlockwise (left, for a piece moving along it).
    pub fn turned_left(self) -> Offset {
        Offset::new(-self.dy, self.dx)
    }

    /// The offset turned a quarter turn clockwise.
    pub fn turned_right(self) -> Offset {
        Offset::new(self.dy, -self.dx)
    }

    /// The offset's images in the order met going round a circle from this offset,
    /// anticlockwise or clockwise: the leaps of a circular rider (the rose's eight
    /// knight leaps, each turning the same way by the next angle).
    pub fn circle(self, anticlockwise: bool) -> Vec<Offset> {
        let angle = |o: &Offset| f64::from(o.dy).atan2(f64::from(o.dx));
        let mut round = self.images();
        round.sort_by(|a, b| angle(a).total_cmp(&angle(b)));
        if !anticlockwise {
            round.reverse();
        }
        let at = round.iter().position(|&o| o == self).unwrap_or(0);
        round.rotate_left(at);
        round
    }
}

impl std::ops::Add for Offset {
    type Output = Offset;
    fn add(self, o: Offset) -> Offset {
        Offset::new(self.dx + o.dx, self.dy + o.dy)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum MoveMode {
    /// Moves to an empty cell or captures.
    Both,
    /// Moves to an empty cell only.
    Quiet,
    /// Captures only.
    Capture,
}

impl MoveMode {
    pub fn quiet(self) -> bool {
        self != MoveMode::Capture
    }
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
    Ride { step: Offset, range: Option<u32> },
    /// Rides to the first piece (the screen), jumps it, and lands beyond:
    /// anywhere beyond (a cannon) or on the next cell only (a grasshopper).
    /// `adjacent`: the screen must stand on the first cell (Rococo's cannon pawn).
    Hop {
        step: Offset,
        land_behind: bool,
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
        prefix: Vec<Offset>,
        cycle: Vec<Offset>,
        range: Option<u32>,
    },
    /// `n` steps of `first`, then `n` steps of any one of `second`, for every `n`;
    /// every cell passed must be empty (the Sissa: `first` a rook step, `second` the
    /// four bishop steps).
    EqualLegs { first: Offset, second: Vec<Offset> },
    /// One to `count` leaps, each any one of `leaps`; every cell landed on before the
    /// last must be empty, and the move never ends where it started (the dancing
    /// horse: the knight's leaps, two at most).
    Chain { leaps: Vec<Offset>, count: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveRule {
    pub geometry: Geometry,
    pub mode: MoveMode,
    /// Only from the cells where the setup puts this piece for its side.
    pub initial: bool,
    /// For a path: the cells before the last do not block (the path names the cell a
    /// takeover converts, as Takeover Chess's knights).
    pub jump: bool,
    /// Which written rule of the piece this comes from: its Betza groups and
    /// structured lines counted in order across the piece's `moves`.
    pub written: u16,
}

#[derive(Clone, Debug, Serialize)]
pub struct Promotion {
    pub zone: String,
    pub choices: Vec<usize>,
    /// Only to a kind of which the player has a captured piece off the board (which
    /// the promotion uses up).
    pub from_captured: bool,
    /// The piece may also stay as it is.
    pub optional: bool,
}

/// A way of capturing besides moving onto the victim's cell. Mandatory unless
/// `optional`: every move that can capture this way does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CaptureMode {
    /// The enemy on the next cell beyond the landing cell, in the move's direction.
    Approach { optional: bool },
    /// The enemy next to the start cell, opposite the move's direction.
    Withdraw { optional: bool },
    /// Enemies jumped along the line of a riding move, each followed by an empty cell.
    Overtake { single: bool },
    /// After the move, an adjacent enemy with a friendly piece just beyond it.
    Pincer {
        all_directions: bool,
        optional: bool,
    },
    /// After the move, enemies on the two other corners of the rectangle formed by
    /// the mover and its own royal piece.
    Coordinate { optional: bool },
    /// Each victim in the way it captures, on moves its own kind could make.
    Chameleon { replacement: bool },
    /// Removes an adjacent enemy and the capturing piece itself.
    MutualDestruction,
    /// Jumps an enemy on its line (nothing between, the next cell beyond empty) and
    /// converts it: the victim changes owner and stays. A slider may go on past the
    /// landing cell unless `stop_beyond`; `undefended`: only victims no piece of
    /// their side defends; `adjacent`: only victims next to the mover.
    Takeover {
        stop_beyond: bool,
        undefended: bool,
        adjacent: bool,
    },
}

impl CaptureMode {
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

#[derive(Clone, Debug, Serialize)]
pub struct PieceDef {
    pub name: String,
    /// One or more upper-case letters; the second player's pieces use the lower case.
    pub label: String,
    pub royal: bool,
    pub rules: Vec<MoveRule>,
    pub en_passant: bool,
    pub promotion: Option<Promotion>,
    pub captures: Vec<CaptureMode>,
    /// Enemies next to this piece cannot move.
    pub immobilize: bool,
    /// Exchanges places with the first piece, of either side, on a line it moves along.
    pub swap: bool,
    /// Never converted by a takeover.
    pub immune: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct CastleDef {
    pub flag: char,
    pub side: Side,
    pub king_from: Coord,
    pub king_to: Coord,
    pub rook_from: Coord,
    pub rook_to: Coord,
    /// Cells that must be empty, apart from the king and rook themselves.
    pub empty: Vec<Coord>,
    /// Cells the opponent must not attack.
    pub safe: Vec<Coord>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

#[derive(Clone, Debug, Serialize)]
pub struct MoveLimit {
    /// Full moves (each side moving once) without a resetting move.
    pub moves: u32,
    pub outcome: Outcome,
    pub reset_on_capture: bool,
    pub reset_by: Vec<usize>,
}

/// How games end. Checkmate and stalemate values are for the player who has no move;
/// a repetition's value is for the player whose move completes it.
#[derive(Clone, Debug, Serialize)]
pub struct EndRules {
    pub checkmate: Outcome,
    pub stalemate: Outcome,
    pub repetition: Option<(u32, Outcome)>,
    pub move_limit: Option<MoveLimit>,
    /// Royal pieces may be captured (there is no check); taking a side's last royal
    /// piece wins.
    pub royal_capture: bool,
}

impl Default for EndRules {
    fn default() -> Self {
        EndRules {
            checkmate: Outcome::Loss,
            stalemate: Outcome::Draw,
            repetition: None,
            move_limit: None,
            royal_capture: false,
        }
    }
}

/// A position as written in FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub placements: Vec<(Coord, Side, usize)>,
    /// Captured pieces off the board (FEN `rows[...]`), for promotions to captured pieces.
    pub reserve: Vec<(Side, usize)>,
    pub to_move: Side,
    /// Indices into the definition's castling rules.
    pub castling: Vec<usize>,
    pub en_passant: Option<Coord>,
    pub halfmove: u32,
    pub fullmove: u32,
}

#[derive(Clone, Debug)]
pub struct Definition {
    pub name: String,
    pub board: BoardShape,
    /// Each zone's cells for White and for Black.
    pub zones: IndexMap<String, [Vec<Coord>; 2]>,
    /// Zones where a move may end only when the capture it makes needs it.
    pub capture_only_zones: Vec<(String, CaptureOnly)>,
    pub pieces: Vec<PieceDef>,
    pub castling: Vec<CastleDef>,
    pub setup: Setup,
    pub end: EndRules,
    pub immobilization: Immobilization,
    /// A frozen piece that is not royal may remove itself as its move.
    pub suicide: bool,
}

/// A problem in a FEN string, at a byte range of that string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub kind: FenErrorKind,
    pub offset: usize,
    pub len: usize,
    pub message: String,
    pub help: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenErrorKind {
    /// A letter that is no piece of the variant.
    UnknownPiece,
    /// Anything else: wrong row lengths, fields, cells.
    Malformed,
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (at column {})", self.message, self.offset + 1)
    }
}

impl std::error::Error for FenError {}

fn fen_err(offset: usize, len: usize, message: String, help: Option<String>) -> FenError {
    FenError {
        kind: FenErrorKind::Malformed,
        offset,
        len: len.max(1),
        message,
        help,
    }
}

/// Read a FEN against a board, its pieces and its castling rules. Rows run from the
/// last rank down to the first; empty runs are decimal numbers. After the rows come,
/// each optional: side to move (`w`/`b`), castling flags or `-`, en-passant cell or
/// `-`, halfmove clock, fullmove number. A field that is a number where castling or
/// en passant would stand is read as the clocks (so `w 0` is accepted).
pub fn parse_fen(
    text: &str,
    board: &BoardShape,
    pieces: &[PieceDef],
    castling: &[CastleDef],
) -> Result<Setup, FenError> {
    // An error about something missing at the very end (an empty last row) points
    // at the last character, so the range stays inside the text.
    read_fen(text, board, pieces, castling).map_err(|mut e| {
        if e.offset + e.len > text.len() {
            e.offset = e.offset.min(text.len().saturating_sub(1));
            e.len = (text.len() - e.offset).min(e.len);
        }
        e
    })
}

fn read_fen(
    text: &str,
    board: &BoardShape,
    pieces: &[PieceDef],
    castling: &[CastleDef],
) -> Result<Setup, FenError> {
    let fields: Vec<(usize, &str)> = split_fields(text);
    let Some(&(rows_at, rows)) = fields.first() else {
        return Err(fen_err(
            0,
            text.len(),
            "the FEN is empty".into(),
            Some("write the rows from the last rank down, e.g. `8/8/8/8/8/8/8/8 w`".into()),
        ));
    };
    let (rows, reserve) = read_reserve(rows_at, rows, pieces)?;
    let placements = read_rows(rows_at, rows, board, pieces)?;
    let mut setup = Setup {
        placements,
        reserve,
        to_move: Side::White,
        castling: Vec::new(),
        en_passant: None,
        halfmove: 0,
        fullmove: 1,
    };
    read_fields(&fields[1..], text, castling, board, &mut setup)?;
    Ok(setup)
}

/// The castling field: each flag once, as indices into the castling rules.
fn read_castling(at: usize, f: &str, castling: &[CastleDef]) -> Result<Vec<usize>, FenError> {
    let mut rights = Vec::new();
    for (i, ch) in f.char_indices() {
        let Some(idx) = castling.iter().position(|c| c.flag == ch) else {
            let flags: String = castling.iter().map(|c| c.flag).collect();
            return Err(fen_err(
                at + i,
                ch.len_utf8(),
                format!("`{ch}` is not a castling flag of this variant"),
                Some(if flags.is_empty() {
                    "this variant has no castling: write `-`".into()
                } else {
                    format!("the castling flags are `{flags}`, or `-` for none")
                }),
            ));
        };
        if rights.contains(&idx) {
            return Err(fen_err(
                at + i,
                1,
                format!("castling flag `{ch}` given twice"),
                None,
            ));
        }
        rights.push(idx);
    }
    Ok(rights)
}

/// The fields after the rows: side to move, castling flags, en-passant cell, clocks.
fn read_fields(
    fields: &[(usize, &str)],
    text: &str,
    castling: &[CastleDef],
    board: &BoardShape,
    setup: &mut Setup,
) -> Result<(), FenError> {
    let mut rest = fields.iter().copied().peekable();
    if let Some((at, f)) = rest.next() {
        setup.to_move = match f {
            "w" => Side::White,
            "b" => Side::Black,
            _ => {
                return Err(fen_err(
                    at,
                    f.len(),
                    format!("`{f}` is not a side to move"),
                    Some("write `w` for White or `b` for Black".into()),
                ))
            }
        };
    }
    let is_number = |f: &str| f.bytes().all(|b| b.is_ascii_digit());
    if let Some(&(at, f)) = rest.peek() {
        if !is_number(f) {
            rest.next();
            if f != "-" {
                setup.castling = read_castling(at, f, castling)?;
            }
        }
    }
    if let Some(&(at, f)) = rest.peek() {
        if !is_number(f) {
            rest.next();
            if f != "-" {
                match board.parse_cell(f).filter(|c| board.contains(*c)) {
                    Some(c) => setup.en_passant = Some(c),
                    None => {
                        return Err(fen_err(
                            at,
                            f.len(),
                            format!("`{f}` is not a cell of this board"),
                            Some("the en-passant field is a cell name or `-`".into()),
                        ))
                    }
                }
            }
        }
    }
    for (slot, name) in [(0, "halfmove clock"), (1, "fullmove number")] {
        if let Some((at, f)) = rest.next() {
            let Some(n) = f.parse::<u32>().ok().filter(|_| is_number(f)) else {
                return Err(fen_err(
                    at,
                    f.len(),
                    format!("`{f}` is not a {name}"),
                    Some("clocks are whole numbers".into()),
                ));
            };
            if slot == 0 {
                setup.halfmove = n;
            } else {
                setup.fullmove = n.max(1);
            }
        }
    }
    if let Some((at, f)) = rest.next() {
        return Err(fen_err(
            at,
            text.len() - at,
            format!("unexpected field `{f}` after the fullmove number"),
            None,
        ));
    }
    Ok(())
}

/// Pieces off the board: each one's side and kind.
type Reserve = Vec<(Side, usize)>;

/// `rows[Qr]`: the board rows, and the captured pieces off the board listed after
/// them (for promotions to captured pieces).
fn read_reserve<'t>(
    rows_at: usize,
    rows: &'t str,
    pieces: &[PieceDef],
) -> Result<(&'t str, Reserve), FenError> {
    let mut reserve = Vec::new();
    let rows = match rows.split_once('[') {
        Some((board_rows, tail)) => {
            let list_at = rows_at + board_rows.len() + 1;
            let Some(list) = tail.strip_suffix(']') else {
                return Err(fen_err(
                    list_at - 1,
                    tail.len() + 1,
                    "the list of captured pieces has no closing `]`".into(),
                    Some(
                        "write captured pieces after the rows, e.g. `.../1IWLKCLAS1/10[Lw] w`"
                            .into(),
                    ),
                ));
            };
            let mut i = 0;
            while i < list.len() {
                let Some((kind, side, len)) = label_at(&list[i..], pieces) else {
                    let c = list[i..].chars().next().unwrap_or('?');
                    return Err(FenError {
                        kind: FenErrorKind::UnknownPiece,
                        ..fen_err(
                            list_at + i,
                            c.len_utf8(),
                            format!("`{c}` is not a piece label of this variant"),
                            Some("captured pieces are piece labels: upper case for White's, lower case for Black's".into()),
                        )
                    });
                };
                reserve.push((side, kind));
                i += len;
            }
            board_rows
        }
        None => rows,
    };
    Ok((rows, reserve))
}

/// The board rows, last rank first: placements of pieces by their labels.
fn read_rows(
    rows_at: usize,
    rows: &str,
    board: &BoardShape,
    pieces: &[PieceDef],
) -> Result<Vec<(Coord, Side, usize)>, FenError> {
    let mut placements = Vec::new();
    let row_texts: Vec<(usize, &str)> = {
        let mut v = Vec::new();
        let mut start = 0;
        for (i, ch) in rows.char_indices() {
            if ch == '/' {
                v.push((rows_at + start, &rows[start..i]));
                start = i + 1;
            }
        }
        v.push((rows_at + start, &rows[start..]));
        v
    };
    let height = board.height() as usize;
    let width = board.width();
    if row_texts.len() != height {
        let (at, len) = if row_texts.len() > height {
            let (at, _) = row_texts[height];
            (at - 1, rows_at + rows.len() - (at - 1))
        } else {
            (rows_at, rows.len())
        };
        return Err(fen_err(
            at,
            len,
            format!(
                "this board has {} ranks but the FEN has {} rows",
                height,
                row_texts.len()
            ),
            Some("separate the rows with `/`, one row per rank, last rank first".into()),
        ));
    }
    for (row_index, &(row_at, row)) in row_texts.iter().enumerate() {
        let rank = (height - 1 - row_index) as i32;
        let mut file = 0i32;
        let bytes = row.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let ch = bytes[i];
            if ch.is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let n: i32 = row[start..i].parse().unwrap_or(i32::MAX);
                if n == 0 {
                    return Err(fen_err(
                        row_at + start,
                        i - start,
                        "an empty run of zero cells".into(),
                        Some("empty runs count at least one cell".into()),
                    ));
                }
                file = file.saturating_add(n);
                if file > width {
                    return Err(row_width_error(row_at, row, width, rank, board, pieces));
                }
                continue;
            }
            let Some((kind, side, len)) = label_at(&row[i..], pieces) else {
                let c = row[i..].chars().next().unwrap_or('?');
                let labels: Vec<String> = pieces
                    .iter()
                    .map(|p| format!("{} ({})", p.label, p.name))
                    .collect();
                return Err(FenError {
                    kind: FenErrorKind::UnknownPiece,
                    ..fen_err(
                        row_at + i,
                        c.len_utf8(),
                        format!("`{c}` is not a piece label of this variant"),
                        Some(format!(
                            "the piece labels are {}; upper case for White, lower case for Black",
                            labels.join(", ")
                        )),
                    )
                });
            };
            if file >= width {
                return Err(row_width_error(row_at, row, width, rank, board, pieces));
            }
            let coord = Coord { file, rank };
            if !board.contains(coord) {
                return Err(fen_err(
                    row_at + i,
                    1,
                    format!(
                        "a piece on {}, which is not a cell of this board",
                        board.cell_name(coord)
                    ),
                    Some("removed cells must be counted as empty".into()),
                ));
            }
            placements.push((coord, side, kind));
            file += 1;
            i += len;
        }
        if file != width {
            return Err(row_width_error(row_at, row, width, rank, board, pieces));
        }
    }
    Ok(placements)
}

/// The piece whose label starts `text`, written upper case for White and lower case
/// for Black: its kind, side and the label's length. Labels are prefix-free (the
/// checker sees to it), so at most one matches; the longest would win otherwise.
pub fn label_at(text: &str, pieces: &[PieceDef]) -> Option<(usize, Side, usize)> {
    let first = text.bytes().next()?;
    let side = if first.is_ascii_uppercase() {
        Side::White
    } else if first.is_ascii_lowercase() {
        Side::Black
    } else {
        return None;
    };
    let written = |label: &str| -> bool {
        let bytes = text.as_bytes();
        bytes.len() >= label.len()
            && label.bytes().zip(bytes).all(|(l, &t)| match side {
                Side::White => t == l,
                Side::Black => t == l.to_ascii_lowercase(),
            })
    };
    pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.label.is_empty() && written(&p.label))
        .max_by_key(|(_, p)| p.label.len())
        .map(|(kind, p)| (kind, side, p.label.len()))
}

fn row_width_error(
    row_at: usize,
    row: &str,
    width: i32,
    rank: i32,
    board: &BoardShape,
    pieces: &[PieceDef],
) -> FenError {
    let mut cells = 0i64;
    let bytes = row.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let s = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            // saturating: a run of many digits must not overflow the count
            cells = cells.saturating_add(row[s..i].parse::<i64>().unwrap_or(i64::MAX));
        } else {
            cells = cells.saturating_add(1);
            i += label_at(&row[i..], pieces).map_or_else(
                || row[i..].chars().next().map_or(1, char::len_utf8),
                |l| l.2,
            );
        }
    }
    fen_err(
        row_at,
        row.len(),
        format!(
            "this row (rank {}) has {} cells but the board has {} files",
            board.ranks[rank as usize], cells, width
        ),
        Some(format!(
            "each row must cover all {width} files: pieces plus empty runs"
        )),
    )
}

fn split_fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices() {
        if ch.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}
