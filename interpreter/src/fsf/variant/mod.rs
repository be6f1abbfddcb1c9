//! A resolved section read as Fairy-Stockfish reads it: each section's keys on
//! top of its parent's variant, into one flat description of the rules. A key
//! whose value vdl cannot express is an error; a key Fairy-Stockfish does not
//! know is a warning (it ignores such keys, and so does the import).

mod keys;

use super::pieces;
use super::settings::{Level, Resolved, Setting};
use crate::diagnostic::{Code, Diagnostic, Span};

pub type Cell = (u8, u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Win,
    Loss,
    Draw,
}

/// A piece type in the variant.
#[derive(Clone, Debug)]
pub struct Piece {
    /// Its type key (`pawn`, `customPiece1`, `king`).
    pub key: String,
    pub letter: char,
    pub betza: String,
    pub span: Span,
}

/// The rules of one section, as Fairy-Stockfish holds them.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Where each key was last given (for a refusal about it).
    pub spans: std::collections::HashMap<String, Span>,
    pub files: u8,
    pub ranks: u8,
    pub pieces: Vec<Piece>,
    pub start_fen: (String, Span),
    pub promotion_region: [Vec<Cell>; 2],
    pub promotion_pawn_types: [Vec<String>; 2],
    pub promotion_piece_types: [Vec<String>; 2],
    pub mandatory_pawn_promotion: bool,
    pub promoted_piece_type: Vec<(String, String)>,
    /// `promotionLimit`: no promotion to the type while a side has this many.
    pub promotion_limit: Vec<(String, u32)>,
    pub mandatory_piece_promotion: bool,
    /// A promoted piece's move turns it back (`pieceDemotion`).
    pub piece_demotion: bool,
    /// Shogi-style promotions (and demotions) only on captures.
    pub piece_promotion_on_capture: bool,
    /// A piece in hand may be dropped promoted (`dropPromoted`).
    pub drop_promoted: bool,
    pub double_step: bool,
    pub double_step_region: [Vec<Cell>; 2],
    pub triple_step_region: [Vec<Cell>; 2],
    pub en_passant_types: [Vec<String>; 2],
    pub castling: bool,
    pub castling_kingside_file: u8,
    pub castling_queenside_file: u8,
    pub castling_rank: u8,
    pub castling_king_file: u8,
    pub castling_king_piece: [Option<String>; 2],
    pub castling_rook_pieces: [Vec<String>; 2],
    pub castling_rook_kingside_file: Option<u8>,
    pub castling_rook_queenside_file: u8,
    pub checking: bool,
    pub must_capture: bool,
    pub piece_drops: bool,
    pub captures_to_hand: bool,
    pub drop_loop: bool,
    pub first_rank_pawn_drops: bool,
    pub promotion_zone_pawn_drops: bool,
    pub drop_region: [Option<Vec<Cell>>; 2],
    pub drop_no_doubled: Option<String>,
    /// Drops are compulsory while the hand holds a piece (`mustDrop`), of this
    /// type only (`mustDropType`; any type when none).
    pub must_drop: bool,
    /// Pawns promote in place, as a move of their own (`sittuyinPromotion`).
    pub sittuyin_promotion: bool,
    /// Rooks drop on the drop region's first rank only (`sittuyinRookDrop`).
    pub sittuyin_rook_drop: bool,
    /// A knight's mate loses, a mate without a shak draws (`shatarMateRule`).
    pub shatar_mate_rule: bool,
    /// Bishops are dropped on two colours (`dropOppositeColoredBishop`).
    pub drop_opposite_colored_bishop: bool,
    /// A king and rook dropped on their castling cells give the right
    /// (`castlingDroppedPiece`).
    pub castling_dropped_piece: bool,
    pub must_drop_type: Option<String>,
    /// How many of it a file may hold (`dropNoDoubledCount`).
    pub drop_no_doubled_count: u32,
    /// Drops land on the first rank or on a piece (`dropOnTop`, `enclosingDrop = top`).
    pub drop_on_top: bool,
    /// `enclosingDrop = reversi` or `ataxx`: the drop's rule on its neighbours.
    pub enclosing_drop: Option<String>,
    /// `enclosingDropStart`: the cells that take the first drops.
    pub enclosing_start: Vec<Cell>,
    /// `flipEnclosedPieces = reversi` or `ataxx`: what every move turns over.
    pub flip: Option<String>,
    /// `passOnStalemate` (White's, Black's): a pass only without another move.
    pub pass_on_stalemate: [bool; 2],
    /// `freeDrops`: every kind is always in hand.
    pub free_drops: bool,
    /// `adjudicateFullBoard`: a full board ends the game.
    pub adjudicate_full_board: bool,
    /// `materialCounting = unweighted`: drawn ends go to the player with more pieces.
    pub unweighted_material: bool,
    pub immobility_illegal: bool,
    pub shogi_pawn_drop_mate_illegal: bool,
    /// Drops may give check (`dropChecks`).
    pub drop_checks: bool,
    pub blast_on_capture: bool,
    /// The kinds no blast removes (`blastImmuneTypes`).
    pub blast_immune: Vec<String>,
    /// The kinds that never capture their own kind (`mutuallyImmuneTypes`).
    pub mutually_immune: Vec<String>,
    /// The kinds that turn to walls after capturing (`petrifyOnCaptureTypes`).
    pub petrify: Vec<String>,
    pub n_move_rule: u32,
    pub n_move_rule_types: [Vec<String>; 2],
    pub n_fold_rule: u32,
    pub n_fold_value: Value,
    pub n_fold_value_absolute: bool,
    /// `materialCounting`'s draw odds: the side (0 White, 1 Black) that a draw by
    /// stalemate, repetition or the move rule makes the winner.
    pub draw_odds: Option<usize>,
    /// The stalemate's value is for the side with fewer pieces on the board.
    pub stalemate_piece_count: bool,
    /// A repetition by perpetual check loses for the checking player.
    pub perpetual_check_illegal: bool,
    /// Moving a piece back and forth four times in a row loses (with the n-fold rule).
    pub move_repetition_illegal: bool,
    pub stalemate_value: Value,
    pub checkmate_value: Value,
    pub extinction_value: Option<Value>,
    /// `None`: every type (`*`).
    pub extinction_piece_types: Option<Vec<String>>,
    /// A side with at most this many of an extinction type has lost it.
    pub extinction_piece_count: u32,
    /// Extinction only while the opponent has this many (`extinctionOpponentPieceCount`).
    pub extinction_opponent_piece_count: u32,
    /// `None`: any piece (`*`).
    pub flag_piece: [Option<String>; 2],
    pub flag_region: [Vec<Cell>; 2],
    pub flag_move: bool,
    /// A flag piece counts only while not attacked (`flagPieceSafe`).
    pub flag_piece_safe: bool,
    /// How many flag pieces must stand in the region at once.
    pub flag_piece_count: u32,
    /// The extinction type's last piece is royal (may not be left attacked).
    pub extinction_pseudo_royal: bool,
    /// With `extinction_pseudo_royal`: no move may leave every piece of the
    /// extinction types attacked.
    pub duple_check: bool,
    pub check_counting: bool,
    /// `connectN`: that many in a row win (0: no such rule).
    pub connect_n: u32,
    /// `None`: every type (`*`).
    pub connect_piece_types: Option<Vec<String>>,
    pub connect_value: Value,
    pub flying_general: bool,
    /// A king in check may only take the single checker (`makpongRule`).
    pub makpong: bool,
    /// Cambodian chess's first moves of the king and the met (`cambodianMoves`),
    /// whose rights are gates (`gating`).
    pub cambodian_moves: bool,
    pub gating: bool,
    /// `countingRule`: `makruk`, `cambodian` or `asean` (none: no count).
    pub counting_rule: Option<String>,
    pub pass: bool,
    /// Wall placing: `arrow`, `duck`, `static`, `past`.
    pub walling: Option<String>,
}

impl Variant {
    #[cfg(test)]
    pub fn default_for_tests() -> Variant {
        Variant::chess_template()
    }

    fn chess_template() -> Variant {
        // a rank's cells on the widest board; cut to the board once it is known
        let rank = |r: u8| (0..12).map(|f| (f, r)).collect::<Vec<Cell>>();
        let pawn = || vec!["pawn".to_string()];
        Variant {
            spans: std::collections::HashMap::new(),
            files: 8,
            ranks: 8,
            pieces: Vec::new(),
            start_fen: (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
                Span::new(0, 0),
            ),
            promotion_region: [rank(7), rank(0)],
            promotion_pawn_types: [pawn(), pawn()],
            promotion_piece_types: [
                ["queen", "rook", "bishop", "knight"]
                    .map(String::from)
                    .to_vec(),
                ["queen", "rook", "bishop", "knight"]
                    .map(String::from)
                    .to_vec(),
            ],
            mandatory_pawn_promotion: true,
            promoted_piece_type: Vec::new(),
            promotion_limit: Vec::new(),
            mandatory_piece_promotion: false,
            piece_demotion: false,
            piece_promotion_on_capture: false,
            drop_promoted: false,
            double_step: true,
            double_step_region: [rank(1), rank(6)],
            triple_step_region: [Vec::new(), Vec::new()],
            en_passant_types: [pawn(), pawn()],
            castling: true,
            castling_kingside_file: 6,
            castling_queenside_file: 2,
            castling_rank: 0,
            castling_king_file: 4,
            castling_king_piece: [Some("king".into()), Some("king".into())],
            castling_rook_pieces: [vec!["rook".into()], vec!["rook".into()]],
            castling_rook_kingside_file: None,
            castling_rook_queenside_file: 0,
            checking: true,
            must_capture: false,
            piece_drops: false,
            captures_to_hand: false,
            drop_loop: false,
            first_rank_pawn_drops: false,
            promotion_zone_pawn_drops: false,
            drop_region: [None, None],
            drop_no_doubled: None,
            must_drop: false,
            sittuyin_promotion: false,
            sittuyin_rook_drop: false,
            shatar_mate_rule: false,
            drop_opposite_colored_bishop: false,
            castling_dropped_piece: false,
            must_drop_type: None,
            drop_no_doubled_count: 1,
            drop_on_top: false,
            enclosing_drop: None,
            enclosing_start: Vec::new(),
            flip: None,
            pass_on_stalemate: [false, false],
            free_drops: false,
            adjudicate_full_board: false,
            unweighted_material: false,
            immobility_illegal: false,
            shogi_pawn_drop_mate_illegal: false,
            drop_checks: true,
            blast_on_capture: false,
            blast_immune: Vec::new(),
            mutually_immune: Vec::new(),
            petrify: Vec::new(),
            n_move_rule: 50,
            n_move_rule_types: [pawn(), pawn()],
            n_fold_rule: 3,
            n_fold_value: Value::Draw,
            n_fold_value_absolute: false,
            draw_odds: None,
            stalemate_piece_count: false,
            perpetual_check_illegal: false,
            move_repetition_illegal: false,
            stalemate_value: Value::Draw,
            checkmate_value: Value::Loss,
            extinction_value: None,
            extinction_piece_types: Some(Vec::new()),
            extinction_piece_count: 0,
            extinction_opponent_piece_count: 0,
            flag_piece: [None, None],
            flag_region: [Vec::new(), Vec::new()],
            flag_move: false,
            flag_piece_safe: false,
            flag_piece_count: 1,
            extinction_pseudo_royal: false,
            duple_check: false,
            check_counting: false,
            connect_n: 0,
            connect_piece_types: None,
            connect_value: Value::Win,
            flying_general: false,
            makpong: false,
            cambodian_moves: false,
            gating: false,
            counting_rule: None,
            pass: false,
            walling: None,
        }
    }

    pub fn piece(&self, key: &str) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.key == key)
    }

    pub fn by_letter(&self, letter: char) -> Option<&Piece> {
        self.pieces
            .iter()
            .find(|p| p.letter == letter.to_ascii_lowercase())
    }
}

/// Keys that change nothing in the rules: how programs show the variant, and
/// Fairy-Stockfish's own play.
const NOT_RULES: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
    "nnueAlias",
    "endgameEval",
];

/// Keys Fairy-Stockfish reads that this import does not turn into rules: a value
/// other than the default is refused. The default's text, as written.
const REFUSED_UNLESS: &[(&str, &str)] = &[
    ("chess960", "false"),
    ("twoBoards", "false"),
    ("petrifyOnCapture", "false"),
    ("petrifyBlastPieces", "false"),
    ("enPassantRegion", "*"),
    ("oppositeCastling", "false"),
    ("seirawanGating", "false"),
    ("diagonalLines", "-"),
    ("soldierPromotionRank", "1"),
    ("chasingRule", "none"),
    ("bikjangRule", "false"),
    ("extinctionClaim", "false"),
    ("flagPieceBlockedWin", "false"),
    ("connectNxN", "0"),
    ("collinearN", "0"),
    ("connectHorizontal", "true"),
    ("connectVertical", "true"),
    ("connectDiagonal", "true"),
    ("castlingWins", "-"),
    ("wallOrMove", "false"),
    ("wallingRegion", "*"),
    ("wallingRegionWhite", "*"),
    ("wallingRegionBlack", "*"),
    ("staticGatingRegion", "*"),
    ("promotionRank", "8"),
    ("doubleStepRank", "2"),
    ("doubleStepRankMin", "2"),
    ("whiteFlag", "-"),
    ("blackFlag", "-"),
];

/// What reading a section found.
pub struct Read {
    pub variant: Variant,
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads the section's levels in order, root first.
pub fn read(resolved: &Resolved) -> Read {
    let mut r = Reader {
        v: Variant::chess_template(),
        diags: Vec::new(),
        keys: pieces::keys(),
        pending: Vec::new(),
    };
    for level in &resolved.levels {
        r.level(level);
    }
    for (key, s, why) in std::mem::take(&mut r.pending) {
        r.refuse(&s, &key, why);
    }
    r.v.clip();
    Read {
        variant: r.v,
        diagnostics: r.diags,
    }
}

impl Variant {
    /// Leaves out the cells off the board, as Fairy-Stockfish's board mask does.
    fn clip(&mut self) {
        let (files, ranks) = (self.files, self.ranks);
        let on = |cells: &mut Vec<Cell>| cells.retain(|&(f, r)| f < files && r < ranks);
        for side in 0..2 {
            on(&mut self.promotion_region[side]);
            on(&mut self.double_step_region[side]);
            on(&mut self.triple_step_region[side]);
            on(&mut self.flag_region[side]);
            if let Some(d) = &mut self.drop_region[side] {
                on(d);
            }
        }
    }
}

struct Reader {
    v: Variant,
    diags: Vec<Diagnostic>,
    keys: Vec<String>,
    /// Values refused unless a child section sets the key again (a built-in
    /// parent's value that its child changes back): the key, setting and reason.
    pending: Vec<(String, Setting, &'static str)>,
}

impl Reader {
    fn level(&mut self, level: &Level) {
        let get = |k: &str| level.keys.get(k);
        if let Some(s) = get("maxRank") {
            if let Some(n) = self.number(s, "maxRank", 1, 10) {
                self.v.ranks = n as u8;
            }
        }
        if let Some(s) = get("maxFile") {
            if let Some(f) = self.file(s, "maxFile") {
                self.v.files = f + 1;
            }
        }
        self.pieces(level);
        for (key, setting) in &level.keys {
            self.v.spans.insert(key.clone(), setting.span);
            if self.keys.contains(key) || key == "maxRank" || key == "maxFile" {
                continue;
            }
            self.pending.retain(|(k, _, _)| k != key);
            self.setting(key, setting);
        }
    }

    fn pieces(&mut self, level: &Level) {
        for key in self.keys.clone() {
            let Some(s) = level.keys.get(&key) else {
                continue;
            };
            let value = s.value.trim();
            let letter = value.chars().next().filter(|c| c.is_ascii_alphabetic());
            let Some(letter) = letter.map(|c| c.to_ascii_lowercase()) else {
                if !value.starts_with('-') {
                    self.diags.push(self.bad(
                        s,
                        &key,
                        "a piece letter, `-` to remove the piece, or `x:BETZA` for a custom piece",
                    ));
                }
                self.remove(&key);
                continue;
            };
            let custom = key.starts_with("customPiece") || key == "king";
            let betza = if custom && value.len() > 1 {
                match value.get(1..2) {
                    Some(":") => value[2..].trim().to_string(),
                    _ => {
                        self.diags.push(self.bad(
                            s,
                            &key,
                            "`x:BETZA`: a letter, a colon, the moves",
                        ));
                        continue;
                    }
                }
            } else if key.starts_with("customPiece") {
                self.diags
                    .push(self.bad(s, &key, "`x:BETZA`: a custom piece needs its moves"));
                continue;
            } else {
                pieces::betza(&key).unwrap_or("").to_string()
            };
            if let Some(other) = self
                .v
                .pieces
                .iter()
                .find(|p| p.letter == letter && p.key != key)
                .map(|p| p.key.clone())
            {
                self.remove(&other);
            }
            let piece = Piece {
                key: key.clone(),
                letter,
                betza,
                span: s.span,
            };
            match self.v.pieces.iter_mut().find(|p| p.key == key) {
                Some(p) => *p = piece,
                None => self.v.pieces.push(piece),
            }
            if key.starts_with("customPiece")
                && self
                    .v
                    .pieces
                    .iter()
                    .any(|p| p.key == key && p.betza.contains('e'))
            {
                for side in &mut self.v.en_passant_types {
                    if !side.contains(&key) {
                        side.push(key.clone());
                    }
                }
            }
        }
        // Fairy-Stockfish keeps its types in one order, whatever order the keys come in
        let order = self.keys.clone();
        self.v
            .pieces
            .sort_by_key(|p| order.iter().position(|k| *k == p.key));
    }

    fn remove(&mut self, key: &str) {
        self.v.pieces.retain(|p| p.key != key);
        for side in &mut self.v.promotion_piece_types {
            side.retain(|k| k != key);
        }
    }

    fn bad(&self, s: &Setting, key: &str, expected: &str) -> Diagnostic {
        Diagnostic::error(
            Code::FsfBadValue,
            format!("`{}` is not a value of `{key}`", s.value),
        )
        .at(s.span, format!("expected {expected}"))
    }

    fn number(&mut self, s: &Setting, key: &str, low: u32, high: u32) -> Option<u32> {
        match s.value.trim().parse::<u32>() {
            Ok(n) if (low..=high).contains(&n) => Some(n),
            _ => {
                let d = self.bad(s, key, &format!("a whole number from {low} to {high}"));
                self.diags.push(d);
                None
            }
        }
    }

    fn file(&mut self, s: &Setting, key: &str) -> Option<u8> {
        let t = s.value.trim();
        let f = match t.parse::<u8>() {
            Ok(n) if (1..=12).contains(&n) => Some(n - 1),
            Ok(_) => None,
            Err(_) => {
                let c = t.chars().next().map(|c| c.to_ascii_lowercase());
                c.filter(|c| ('a'..='l').contains(c) && t.len() == 1)
                    .map(|c| c as u8 - b'a')
            }
        };
        if f.is_none() {
            let d = self.bad(
                s,
                key,
                "a file: a letter from `a` to `l` or a number from 1 to 12",
            );
            self.diags.push(d);
        }
        f
    }

    fn boolean(&mut self, s: &Setting, key: &str) -> Option<bool> {
        match s.value.trim() {
            "true" => Some(true),
            "false" => Some(false),
            _ => {
                let d = self.bad(s, key, "`true` or `false`");
                self.diags.push(d);
                None
            }
        }
    }

    fn value(&mut self, s: &Setting, key: &str) -> Option<Option<Value>> {
        match s.value.trim() {
            "win" => Some(Some(Value::Win)),
            "loss" => Some(Some(Value::Loss)),
            "draw" => Some(Some(Value::Draw)),
            "none" => Some(None),
            _ => {
                let d = self.bad(s, key, "`win`, `loss`, `draw` or `none`");
                self.diags.push(d);
                None
            }
        }
    }

    /// Cells: `d4`, `*1` (a rank), `a*` (a file); `-` for none. Cells off the
    /// board are left out, as Fairy-Stockfish's board mask leaves them.
    fn cells(&mut self, s: &Setting, key: &str) -> Option<Vec<Cell>> {
        let mut out = Vec::new();
        for word in s.value.split_whitespace() {
            if word == "-" {
                break;
            }
            let rank = |t: &str| {
                t.parse::<u8>()
                    .ok()
                    .filter(|r| (1..=10).contains(r))
                    .map(|r| r - 1)
            };
            let file = |c: char| {
                Some(c.to_ascii_lowercase())
                    .filter(|c| ('a'..='l').contains(c))
                    .map(|c| c as u8 - b'a')
            };
            let mut chars = word.chars();
            let first = chars.next().unwrap_or(' ');
            let rest = chars.as_str();
            let found: Option<Vec<Cell>> = if first == '*' {
                rank(rest).map(|r| (0..12).map(|f| (f, r)).collect())
            } else if rest == "*" {
                file(first).map(|f| (0..10).map(|r| (f, r)).collect())
            } else {
                file(first).zip(rank(rest)).map(|c| vec![c])
            };
            match found {
                Some(cells) => out.extend(cells),
                None => {
                    let d = self.bad(
                        s,
                        key,
                        "cells such as `d4`, `*1` for a rank or `a*` for a file",
                    );
                    self.diags.push(d);
                    return None;
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        Some(out)
    }

    /// Piece types by letter (`nbrq`); `-` for none.
    fn piece_set(&mut self, s: &Setting, key: &str) -> Option<Vec<String>> {
        let mut out = Vec::new();
        for c in s.value.chars().filter(|c| !c.is_whitespace()) {
            if c == '-' {
                break;
            }
            match self.v.by_letter(c) {
                Some(p) => out.push(p.key.clone()),
                None => {
                    self.diags.push(self.no_piece(s, key, c));
                    return None;
                }
            }
        }
        Some(out)
    }

    fn no_piece(&self, s: &Setting, key: &str, c: char) -> Diagnostic {
        let letters: String = self.v.pieces.iter().map(|p| p.letter).collect();
        Diagnostic::error(
            Code::FsfBadValue,
            format!("`{key}` names `{c}`, which is no piece of this variant"),
        )
        .at(s.span, "unknown piece letter")
        .help(format!("the variant's pieces are `{letters}`"))
    }

    /// One piece type by letter, `*` for any (`None`), `-` for none.
    fn piece_type(&mut self, s: &Setting, key: &str) -> Option<Option<String>> {
        let t = s.value.trim();
        if t == "*" {
            return Some(None);
        }
        match t.chars().next().and_then(|c| self.v.by_letter(c)) {
            Some(p) if t.len() == 1 => Some(Some(p.key.clone())),
            _ => {
                let c = t.chars().next().unwrap_or(' ');
                let d = self.no_piece(s, key, c);
                self.diags.push(d);
                None
            }
        }
    }

    /// Refuse `key = value` unless a child section sets the key again.
    fn refuse_if_kept(&mut self, s: &Setting, key: &str, why: &'static str) {
        self.pending.push((key.to_string(), s.clone(), why));
    }

    fn refuse(&mut self, s: &Setting, key: &str, why: &str) {
        let mut d = Diagnostic::error(
            Code::FsfUnsupported,
            format!("vdl cannot express `{key} = {}`", s.value),
        )
        .at(s.span, why.to_string());
        if s.builtin {
            d = d.help(format!(
                "the value comes from the built-in variant `{}`",
                s.section
            ));
        }
        self.diags.push(d);
    }
}
