//! Fairy-Stockfish's move notations (pyffish's `get_san`): SAN, LAN, the shogi
//! notations of Hosking and Hodges, Janggi's, Xiangqi's WXF and Thai SAN/LAN,
//! written from the same rules as its `SAN::move_to_san`, over vdl's positions.

use vdl::model::{MoveMode, Side};
use vdl::Cell;
use vdl::Position;
use vdl::{Move, MoveKind, Piece};

use crate::variants::Variant;

/// pyffish's notation constants, by their numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    Default = 0,
    San = 1,
    Lan = 2,
    ShogiHosking = 3,
    ShogiHodges = 4,
    ShogiHodgesNumber = 5,
    Janggi = 6,
    XiangqiWxf = 7,
    ThaiSan = 8,
    ThaiLan = 9,
}

impl Notation {
    pub fn from_number(n: i64) -> Option<Notation> {
        use Notation::*;
        [
            Default,
            San,
            Lan,
            ShogiHosking,
            ShogiHodges,
            ShogiHodgesNumber,
            Janggi,
            XiangqiWxf,
            ThaiSan,
            ThaiLan,
        ]
        .into_iter()
        .find(|x| *x as i64 == n)
    }
    fn shogi(self) -> bool {
        matches!(
            self,
            Self::ShogiHosking | Self::ShogiHodges | Self::ShogiHodgesNumber
        )
    }
    fn thai(self) -> bool {
        matches!(self, Self::ThaiSan | Self::ThaiLan)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Disambiguation {
    None,
    File,
    Rank,
    Square,
}

const THAI_FILES: [&str; 12] = ["ก", "ข", "ค", "ง", "จ", "ฉ", "ช", "ญ", "ต", "ถ", "ธ", "น"];
const THAI_RANKS: [&str; 12] = [
    "๑", "๒", "๓", "๔", "๕", "๖", "๗", "๘", "๙", "๑๐", "๑๑", "๑๒",
];

struct Writer<'a, 'r> {
    pos: &'a Position<'r>,
    legal: &'a [Move],
    synonyms: &'a [(&'static str, &'static str)],
    /// Promoted kinds' letters outside shogi's notations (`Variant::promoted_letters`).
    promoted_letters: &'a [(String, String)],
    /// The pawn is a custom piece of Fairy-Stockfish's, written with its letter.
    custom_pawn: bool,
    n: Notation,
    us: Side,
    /// The moving piece came from a promotion (Fairy-Stockfish's `~` mark).
    mover_promoted: bool,
}

impl Writer<'_, '_> {
    fn file_of(&self, c: u16) -> i32 {
        self.pos.rules().board.cells[c as usize].file
    }
    fn rank_of(&self, c: u16) -> i32 {
        self.pos.rules().board.cells[c as usize].rank
    }
    fn max_file(&self) -> i32 {
        self.pos.rules().definition.board.files.len() as i32 - 1
    }
    fn max_rank(&self) -> i32 {
        self.pos.rules().definition.board.ranks.len() as i32 - 1
    }
    /// A rank counted from the player's own side.
    fn relative_rank(&self, side: Side, c: u16) -> i32 {
        match side {
            Side::White => self.rank_of(c),
            Side::Black => self.max_rank() - self.rank_of(c),
        }
    }
    /// Whether a piece of `kind` may stand on the cell at file `f`, rank `r`: it is
    /// on the board and, for a piece `confined to` a zone, in the zone (the
    /// xiangqi advisor's palace).
    fn may_stand(&self, kind: usize, f: i32, r: i32) -> bool {
        let def = &self.pos.rules().definition;
        let at = vdl::model::Coord { file: f, rank: r };
        match def.pieces[kind].confined.as_deref() {
            None => def.board.contains(at),
            Some(zone) => (def.zones.get(zone)).is_some_and(|z| z[self.us.index()].contains(&at)),
        }
    }

    /// Whether two kinds are one type of Fairy-Stockfish's for disambiguation: the
    /// same letter (outside shogi's notations, promoted pieces of one type though
    /// they came from different kinds, as its disambiguation counts them).
    fn same_type(&self, a: usize, b: usize) -> bool {
        if self.n.shogi() {
            self.label(a).trim_end_matches('~') == self.label(b).trim_end_matches('~')
        } else {
            self.san_letter(a) == self.san_letter(b)
        }
    }

    /// Whether two moves promote alike: to one kind, or both turning a `+X` piece
    /// back into its `X` (Fairy-Stockfish's demotion, whatever the `X`).
    fn promote_alike(&self, a: &Move, b: &Move) -> bool {
        let def = &self.pos.rules().definition;
        let turns_back = |m: &Move| {
            let mover = self.pos.piece_at(m.from).map(|p| p.kind);
            (m.promotion().zip(mover)).is_some_and(|(k, from)| def.turns_back(from, k))
        };
        a.promotion() == b.promotion() || (turns_back(a) && turns_back(b))
    }

    fn label(&self, kind: usize) -> String {
        self.pos.rules().definition.pieces[kind]
            .label
            .to_ascii_uppercase()
    }
    /// Whether a kind is Fairy-Stockfish's pawn type: a `P` whose legal moves step
    /// straight ahead and capture to the side (a Berolina or Breakthrough pawn is a
    /// piece of its own there, written with its letter).
    fn is_pawn(&self, kind: usize) -> bool {
        if self.custom_pawn {
            return false;
        }
        let pawn_like = |m: &Move| {
            m.from_hand().is_some()
                || self.pos.piece_at(m.from).map(|p| p.kind) != Some(kind)
                || self.pos.promotes_in_place(m)
                || is_capture(m) != (self.file_of(m.from) == self.file_of(m.to))
        };
        let def = &self.pos.rules().definition.pieces[kind];
        let has = |mode| def.rules.iter().any(|r| r.mode == mode);
        self.label(kind) == "P"
            && has(MoveMode::Quiet)
            && has(MoveMode::Capture)
            && self.legal.iter().all(pawn_like)
    }
    /// Cells of the player's pieces of `kind`.
    fn cells_of(&self, kind: usize) -> Vec<u16> {
        (0..self.pos.rules().board.cells.len() as u16)
            .filter(|&c| {
                self.pos.piece_at(c)
                    == Some(Piece {
                        side: self.us,
                        kind,
                    })
            })
            .collect()
    }

    fn file(&self, c: u16) -> String {
        let f = self.file_of(c);
        match self.n {
            n if n.shogi() => (self.max_file() - f + 1).to_string(),
            Notation::Janggi => (f + 1).to_string(),
            Notation::XiangqiWxf => match self.us {
                Side::White => (self.max_file() - f + 1).to_string(),
                Side::Black => (f + 1).to_string(),
            },
            n if n.thai() => THAI_FILES.get(f as usize).unwrap_or(&"?").to_string(),
            _ => self.pos.rules().definition.board.files[f as usize].clone(),
        }
    }

    fn rank(&self, c: u16, kind: Option<usize>) -> String {
        let r = self.rank_of(c);
        match self.n {
            Notation::ShogiHosking | Notation::ShogiHodgesNumber => {
                (self.max_rank() - r + 1).to_string()
            }
            Notation::ShogiHodges => ((b'a' + (self.max_rank() - r) as u8) as char).to_string(),
            Notation::Janggi => ((self.max_rank() - r + 1) % 10).to_string(),
            Notation::XiangqiWxf => match kind {
                None => (self.relative_rank(self.us, c) + 1).to_string(),
                Some(k) if self.ahead_on_file(c, k) => "-".into(),
                Some(_) => "+".into(),
            },
            n if n.thai() => THAI_RANKS.get(r as usize).unwrap_or(&"?").to_string(),
            _ => self.pos.rules().definition.board.ranks[r as usize].clone(),
        }
    }

    /// Whether another of the player's `kind` stands ahead of `c` on its file.
    fn ahead_on_file(&self, c: u16, kind: usize) -> bool {
        self.cells_of(kind).into_iter().any(|o| {
            self.file_of(o) == self.file_of(c)
                && self.relative_rank(self.us, o) > self.relative_rank(self.us, c)
        })
    }

    fn square(&self, c: u16, kind: Option<usize>) -> String {
        match self.n {
            Notation::Janggi => self.rank(c, kind) + &self.file(c),
            _ => self.file(c) + &self.rank(c, kind),
        }
    }

    /// The player's pieces of `kind`, and those of them on `from`'s file.
    fn tandem(&self, kind: usize, from: u16) -> (Vec<u16>, Vec<u16>) {
        let mine = self.cells_of(kind);
        let on_file = mine
            .iter()
            .copied()
            .filter(|&c| self.file_of(c) == self.file_of(from))
            .collect();
        (mine, on_file)
    }

    /// More than one file holding two or more of `cells`.
    fn multi_tandem(&self, cells: &[u16]) -> bool {
        let mut per_file = std::collections::HashMap::new();
        for &c in cells {
            *per_file.entry(self.file_of(c)).or_insert(0) += 1;
        }
        per_file.values().filter(|&&n| n > 1).count() >= 2
    }

    fn piece(&self, m: &Move, kind: usize) -> String {
        let n = self.n;
        let drop = m.from_hand().is_some();
        if matches!(n, Notation::San | Notation::Lan | Notation::ThaiSan)
            && self.is_pawn(kind)
            && !drop
        {
            return String::new();
        }
        if n == Notation::XiangqiWxf && !drop {
            let (mine, on_file) = self.tandem(kind, m.from);
            let needed = 3 - i32::from(self.multi_tandem(&mine));
            if on_file.len() as i32 >= needed {
                let ahead = on_file
                    .iter()
                    .filter(|&&c| {
                        self.relative_rank(self.us, c) > self.relative_rank(self.us, m.from)
                    })
                    .count();
                return (ahead + 1).to_string();
            }
        }
        if n.thai() {
            return thai_letter(&self.label(kind), self.mover_promoted);
        }
        self.san_letter(kind)
    }

    /// A kind's letter in SAN: its label without a `~`, or the letter of the type
    /// Fairy-Stockfish knows it as (its synonyms).
    fn san_letter(&self, kind: usize) -> String {
        let label = self.label(kind);
        let label = label.trim_end_matches('~');
        if label.starts_with('+') {
            if self.n.shogi() {
                // shogi's notations write the promoted piece as it is marked
                return label.to_string();
            }
            if let Some((_, letter)) = self.promoted_letters.iter().find(|(l, _)| l == label) {
                return letter.clone();
            }
        }
        self.synonyms
            .iter()
            .find(|(fen, _)| *fen == label)
            .map_or(label, |(_, san)| *san)
            .to_string()
    }

    fn disambiguation_level(&mut self, m: &Move, kind: usize, legal: &[Move]) -> Disambiguation {
        if m.from_hand().is_some() {
            return Disambiguation::None;
        }
        if matches!(self.n, Notation::Lan | Notation::ThaiLan | Notation::Janggi) {
            return Disambiguation::Square;
        }
        if self.n == Notation::XiangqiWxf {
            let (mine, on_file) = self.tandem(kind, m.from);
            if on_file.len() == 2 && !self.multi_tandem(&mine) {
                if let Some(&other) = on_file.iter().find(|&&c| c != m.from) {
                    let df = self.file_of(m.to) - self.file_of(m.from);
                    let dr = self.rank_of(m.to) - self.rank_of(m.from);
                    let (f, r) = (self.file_of(other) + df, self.rank_of(other) + dr);
                    if (0..=self.max_file()).contains(&f)
                        && (0..=self.max_rank()).contains(&r)
                        && self.may_stand(kind, f, r)
                    {
                        return Disambiguation::Rank;
                    }
                }
            }
            return Disambiguation::File;
        }
        if matches!(self.n, Notation::San | Notation::ThaiSan) && self.is_pawn(kind) {
            if is_capture(m) {
                return Disambiguation::File;
            }
            if m.from != m.to && self.pos.promotes_in_place(m) {
                return Disambiguation::Square;
            }
        }
        let others: Vec<u16> = legal
            .iter()
            .filter(|o| {
                o.from != m.from
                    && o.to == m.to
                    && o.from_hand().is_none()
                    && o.kind != MoveKind::Castle
                    && self.promote_alike(o, m)
                    && self.pos.wall_of(o) == self.pos.wall_of(m)
                    && self.pos.dropped_kind(o) == self.pos.dropped_kind(m)
                    && (self.pos.piece_at(o.from)).is_some_and(|p| self.same_type(p.kind, kind))
            })
            .map(|o| o.from)
            .collect();
        if others.is_empty() {
            Disambiguation::None
        } else if self.n.shogi() {
            Disambiguation::Square
        } else if !others
            .iter()
            .any(|&c| self.file_of(c) == self.file_of(m.from))
        {
            Disambiguation::File
        } else if !others
            .iter()
            .any(|&c| self.rank_of(c) == self.rank_of(m.from))
        {
            Disambiguation::Rank
        } else {
            Disambiguation::Square
        }
    }

    fn disambiguation(&self, c: u16, kind: usize, d: Disambiguation) -> String {
        match d {
            Disambiguation::File => self.file(c),
            Disambiguation::Rank => self.rank(c, Some(kind)),
            Disambiguation::Square => self.square(c, Some(kind)),
            Disambiguation::None => String::new(),
        }
    }
}

fn is_capture(m: &Move) -> bool {
    !m.captures().is_empty()
}

/// Makruk's pieces in Thai, by their letters (a met that was a pawn has its own).
fn thai_letter(label: &str, promoted: bool) -> String {
    if label == "M" && promoted {
        return "ง".to_string();
    }
    match label {
        "K" => "ข",
        "S" => "ค",
        "M" => "ม็",
        "M~" => "ง",
        "N" => "ม",
        "R" => "ร",
        "P" => "บ",
        "A" => "ว",
        _ => "X",
    }
    .to_string()
}

/// A legal move of `pos` (one of `legal`) in Fairy-Stockfish's notation `n`;
/// `promoted`, the cells of pieces that came from a promotion.
pub fn write(
    pos: &mut Position,
    m: &Move,
    (legal, promoted): (&[Move], &[Cell]),
    n: Notation,
    v: &Variant,
) -> String {
    let (synonyms, custom_pawn) = (v.san_synonyms, v.custom_pawn);
    let mover_promoted = m.from_hand().is_none() && promoted.contains(&m.from);
    let mut san = {
        let mut w = Writer {
            pos,
            legal,
            synonyms,
            promoted_letters: &v.promoted_letters,
            custom_pawn,
            n,
            us: pos.side_to_move(),
            mover_promoted,
        };
        body(&mut w, m, legal)
    };
    if let Some(wall) = pos.wall_of(m) {
        let w = Writer {
            pos,
            legal,
            synonyms,
            promoted_letters: &v.promoted_letters,
            custom_pawn,
            n,
            us: pos.side_to_move(),
            mover_promoted,
        };
        san.push(',');
        san.push_str(&w.square(wall, None));
    }
    if !n.shogi() && n != Notation::XiangqiWxf {
        san.push_str(check_sign(pos, m, v.pseudo_royal));
    }
    san
}

fn body(w: &mut Writer, m: &Move, legal: &[Move]) -> String {
    let rules = w.pos.rules();
    if m.kind == MoveKind::Castle {
        // the rook's side of the king: in Chess960 a king may move right to castle left
        let king_side = (m.castle_rule().and_then(|i| w.pos.castle(i)))
            .map_or(w.file_of(m.to) > w.file_of(m.from), |c| {
                w.file_of(c.rook_from) > w.file_of(c.king_from)
            });
        let mut san = if king_side { "O-O" } else { "O-O-O" }.to_string();
        if let (Some(cell), Some(kind)) = (w.pos.drop_cell(m), w.pos.dropped_kind(m)) {
            san.push('/');
            san.push_str(&w.label(kind));
            san.push_str(&w.square(cell, None));
        }
        return san;
    }
    let kind = match (m.from_hand(), w.pos.piece_at(m.from)) {
        // a drop with the promoted face up is written as that face (`+S*54`)
        (Some(k), _) => m.promotion().unwrap_or(k),
        (None, Some(p)) => p.kind,
        (None, None) => return vdl::referee::long_algebraic::print(w.pos, m, legal),
    };
    let n = w.n;
    let mut san = w.piece(m, kind);
    if n == Notation::ThaiLan {
        san.push(' ');
    }
    let d = w.disambiguation_level(m, kind, legal);
    san.push_str(&w.disambiguation(m.from, kind, d));
    if m.from_hand().is_some() {
        san.push(match n {
            Notation::ShogiHosking => '\'',
            n if n.shogi() => '*',
            _ => '@',
        });
    } else if n == Notation::XiangqiWxf {
        let (from, to) = (w.relative_rank(w.us, m.from), w.relative_rank(w.us, m.to));
        san.push(if w.rank_of(m.from) == w.rank_of(m.to) {
            '='
        } else if to > from {
            '+'
        } else {
            '-'
        });
    } else if is_capture(m) {
        san.push('x');
    } else if matches!(n, Notation::Lan | Notation::ThaiLan | Notation::Janggi)
        || (n.shogi() && (n != Notation::ShogiHosking || d == Disambiguation::Square))
        || (n == Notation::ThaiSan && !w.is_pawn(kind))
    {
        san.push('-');
    }
    if n == Notation::XiangqiWxf && m.from_hand().is_none() {
        if w.file_of(m.to) == w.file_of(m.from) {
            san.push_str(&(w.rank_of(m.to) - w.rank_of(m.from)).abs().to_string());
        } else {
            san.push_str(&w.file(m.to));
        }
    } else {
        san.push_str(&w.square(m.to, None));
    }
    let turns_back = |k: usize| w.label(kind).strip_prefix('+') == Some(&w.label(k));
    match m.promotion().filter(|_| m.from_hand().is_none()) {
        Some(k) if n.shogi() && turns_back(k) => san.push('-'),
        Some(k) if rules.definition.pieces[k].label.starts_with('+') => {
            if n.shogi() {
                san.push('+');
            } else {
                san.push('=');
                san.push_str(&w.san_letter(k));
            }
        }
        Some(k) => {
            san.push('=');
            san.push_str(w.label(k).trim_end_matches('~'));
        }
        None if n.shogi() && could_promote(m, legal) => san.push('='),
        None => {}
    }
    if rules.flags.gating {
        if let Some(kind) = w.pos.dropped_kind(m) {
            san.push('/');
            san.push_str(&w.label(kind));
        }
    }
    san
}

/// Whether the same piece could have promoted on the same move.
fn could_promote(m: &Move, legal: &[Move]) -> bool {
    m.from_hand().is_none()
        && legal
            .iter()
            .any(|o| o.from == m.from && o.to == m.to && o.promotion().is_some())
}

/// Whether `side`'s king is attacked: its royal piece, or where several kinds are
/// royal, its `K` (Fairy-Stockfish's king; the others are pseudo-royal there, and
/// its notation marks no check on them).
fn king_attacked(pos: &Position, side: Side) -> bool {
    let rules = pos.rules();
    let royal_kinds = rules.royal.iter().filter(|r| **r).count();
    let cells = pos.royal_cells(side).to_vec();
    if royal_kinds <= 1 {
        return !cells.is_empty() && pos.in_check(side);
    }
    cells.into_iter().any(|c| {
        pos.piece_at(c)
            .is_some_and(|p| rules.definition.pieces[p.kind].label == "K")
            && pos.attacked(c, side.opponent())
    })
}

/// `+` when the move leaves the opponent's royal piece attacked, `#` when it
/// also leaves them no legal move.
fn check_sign(pos: &mut Position, m: &Move, pseudo_royal: bool) -> &'static str {
    // where royal pieces may be taken, or are royal by count, they are
    // Fairy-Stockfish's pseudo-royal pieces, which its notation never marks
    let rules = pos.rules();
    if pseudo_royal
        || rules.definition.end.royal_capture
        || rules.flags.explosions
        || rules.royal_count.is_some()
    {
        return "";
    }
    vdl::referee::san::sign_after(pos, m, king_attacked)
}
