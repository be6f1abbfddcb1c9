//! Each key of a section, by concern: pawns, castling, drops, draws, goals, play.

use super::{Reader, Setting, Value, Variant, NOT_RULES, REFUSED_UNLESS};
use crate::diagnostic::{Code, Diagnostic};

/// Sets a pair of per-side fields from a key and its `White` and `Black` forms.
macro_rules! both {
    ($field:expr, $value:expr) => {{
        let v = $value;
        $field = [v.clone(), v];
    }};
}

impl Reader {
    /// One key other than the board size and the pieces.
    pub(super) fn setting(&mut self, key: &str, s: &Setting) {
        if NOT_RULES.contains(&key)
            || key.starts_with("mobilityRegion") && s.value.trim().is_empty()
        {
            return;
        }
        if key.starts_with("mobilityRegion") {
            return self.refuse(
                s,
                key,
                "a piece confined to a region is not read by the import yet",
            );
        }
        if key == "startFen" {
            self.v.start_fen = (s.value.trim().to_string(), s.span);
            return;
        }
        let known = self.pawn_setting(key, s)
            || self.castling_setting(key, s)
            || self.drop_setting(key, s)
            || self.draw_setting(key, s)
            || self.goal_setting(key, s)
            || self.play_setting(key, s);
        if !known {
            self.other(key, s);
        }
    }

    /// Promotion, pawn steps and en passant. Whether `key` is one of these.
    pub(super) fn pawn_setting(&mut self, key: &str, s: &Setting) -> bool {
        match key {
            "promotionRegionWhite" | "promotionRegionBlack" => {
                if let Some(c) = self.cells(s, key) {
                    self.v.promotion_region[side_of(key)] = c;
                }
            }
            "pawnTypes" => {
                if let Some(t) = self.piece_set(s, key) {
                    both!(self.v.promotion_pawn_types, t.clone());
                    both!(self.v.en_passant_types, t.clone());
                    both!(self.v.n_move_rule_types, t);
                }
            }
            "promotionPawnTypes" => {
                if let Some(t) = self.piece_set(s, key) {
                    both!(self.v.promotion_pawn_types, t);
                }
            }
            "promotionPawnTypesWhite" | "promotionPawnTypesBlack" => {
                if let Some(t) = self.piece_set(s, key) {
                    self.v.promotion_pawn_types[side_of(key)] = t;
                }
            }
            "promotionPieceTypes" => {
                if let Some(t) = self.piece_set(s, key) {
                    both!(self.v.promotion_piece_types, t);
                }
            }
            "promotionPieceTypesWhite" | "promotionPieceTypesBlack" => {
                if let Some(t) = self.piece_set(s, key) {
                    self.v.promotion_piece_types[side_of(key)] = t;
                }
            }
            "promotedPieceType" => self.promoted(s, key),
            "promotionLimit" => self.promotion_limit(s, key),
            "mandatoryPawnPromotion" => self.flag(s, key, |v| &mut v.mandatory_pawn_promotion),
            "mandatoryPiecePromotion" => self.flag(s, key, |v| &mut v.mandatory_piece_promotion),
            "pieceDemotion" => self.flag(s, key, |v| &mut v.piece_demotion),
            "piecePromotionOnCapture" => self.flag(s, key, |v| &mut v.piece_promotion_on_capture),
            "doubleStep" => self.flag(s, key, |v| &mut v.double_step),
            "doubleStepRegionWhite" | "doubleStepRegionBlack" => {
                if let Some(c) = self.cells(s, key) {
                    self.v.double_step_region[side_of(key)] = c;
                }
            }
            "tripleStepRegionWhite" | "tripleStepRegionBlack" => {
                if let Some(c) = self.cells(s, key) {
                    self.v.triple_step_region[side_of(key)] = c;
                }
            }
            "enPassantTypes" => {
                if let Some(t) = self.piece_set(s, key) {
                    both!(self.v.en_passant_types, t);
                }
            }
            "enPassantTypesWhite" | "enPassantTypesBlack" => {
                if let Some(t) = self.piece_set(s, key) {
                    self.v.en_passant_types[side_of(key)] = t;
                }
            }
            _ => return false,
        }
        true
    }

    /// Castling. Whether `key` is one of these.
    pub(super) fn castling_setting(&mut self, key: &str, s: &Setting) -> bool {
        match key {
            "castling" => self.flag(s, key, |v| &mut v.castling),
            "castlingKingsideFile" => {
                if let Some(f) = self.file(s, key) {
                    self.v.castling_kingside_file = f;
                }
            }
            "castlingQueensideFile" => {
                if let Some(f) = self.file(s, key) {
                    self.v.castling_queenside_file = f;
                }
            }
            "castlingKingFile" => {
                if let Some(f) = self.file(s, key) {
                    self.v.castling_king_file = f;
                }
            }
            "castlingRookKingsideFile" => {
                if let Some(f) = self.file(s, key) {
                    self.v.castling_rook_kingside_file = Some(f);
                }
            }
            "castlingRookQueensideFile" => {
                if let Some(f) = self.file(s, key) {
                    self.v.castling_rook_queenside_file = f;
                }
            }
            "castlingRank" => {
                if let Some(n) = self.number(s, key, 1, 10) {
                    self.v.castling_rank = n as u8 - 1;
                }
            }
            "castlingKingPiece" => {
                if let Some(t) = self.piece_type(s, key) {
                    both!(self.v.castling_king_piece, t);
                }
            }
            "castlingKingPieceWhite" | "castlingKingPieceBlack" => {
                if let Some(t) = self.piece_type(s, key) {
                    self.v.castling_king_piece[side_of(key)] = t;
                }
            }
            "castlingRookPieces" | "castlingRookPiece" => {
                if let Some(t) = self.piece_set(s, key) {
                    both!(self.v.castling_rook_pieces, t);
                }
            }
            "castlingRookPiecesWhite" | "castlingRookPiecesBlack" => {
                if let Some(t) = self.piece_set(s, key) {
                    self.v.castling_rook_pieces[side_of(key)] = t;
                }
            }
            _ => return false,
        }
        true
    }

    /// Drops and the hand. Whether `key` is one of these.
    pub(super) fn drop_setting(&mut self, key: &str, s: &Setting) -> bool {
        match key {
            "pieceDrops" => self.flag(s, key, |v| &mut v.piece_drops),
            "capturesToHand" => self.flag(s, key, |v| &mut v.captures_to_hand),
            "dropLoop" => self.flag(s, key, |v| &mut v.drop_loop),
            "firstRankPawnDrops" => self.flag(s, key, |v| &mut v.first_rank_pawn_drops),
            "promotionZonePawnDrops" => self.flag(s, key, |v| &mut v.promotion_zone_pawn_drops),
            "whiteDropRegion" | "blackDropRegion" | "dropRegionWhite" | "dropRegionBlack" => {
                let i = if key.starts_with("black") || key.ends_with("Black") {
                    1
                } else {
                    0
                };
                if let Some(c) = self.cells(s, key) {
                    self.v.drop_region[i] = Some(c);
                }
            }
            "mustDrop" => self.flag(s, key, |v| &mut v.must_drop),
            "dropPromoted" => self.flag(s, key, |v| &mut v.drop_promoted),
            "sittuyinPromotion" => self.flag(s, key, |v| &mut v.sittuyin_promotion),
            "sittuyinRookDrop" => self.flag(s, key, |v| &mut v.sittuyin_rook_drop),
            "shatarMateRule" => self.flag(s, key, |v| &mut v.shatar_mate_rule),
            "dropOppositeColoredBishop" => {
                self.flag(s, key, |v| &mut v.drop_opposite_colored_bishop)
            }
            "castlingDroppedPiece" => self.flag(s, key, |v| &mut v.castling_dropped_piece),
            "mustDropType" => {
                if let Some(t) = self.piece_type(s, key) {
                    self.v.must_drop_type = t;
                }
            }
            "dropNoDoubled" => match s.value.trim() {
                "-" | "" => self.v.drop_no_doubled = None,
                _ => {
                    if let Some(t) = self.piece_type(s, key) {
                        self.v.drop_no_doubled = t;
                    }
                }
            },
            "dropNoDoubledCount" => {
                if let Some(n) = self.number(s, key, 1, 64) {
                    self.v.drop_no_doubled_count = n;
                }
            }
            "immobilityIllegal" => self.flag(s, key, |v| &mut v.immobility_illegal),
            "dropOnTop" => self.flag(s, key, |v| &mut v.drop_on_top),
            "enclosingDrop" => match s.value.trim() {
                "none" => {
                    self.v.drop_on_top = false;
                    self.v.enclosing_drop = None;
                }
                "top" => {
                    self.v.drop_on_top = true;
                    self.v.enclosing_drop = None;
                }
                rule @ ("reversi" | "ataxx") => {
                    self.v.drop_on_top = false;
                    self.v.enclosing_drop = Some(rule.to_string());
                }
                _ => self.refuse(s, key, "the drop rules expressed are `top`, `reversi` and `ataxx`"),
            },
            "enclosingDropStart" => {
                if let Some(c) = self.cells(s, key) {
                    self.v.enclosing_start = c;
                }
            }
            "flipEnclosedPieces" => match s.value.trim() {
                "none" => self.v.flip = None,
                rule @ ("reversi" | "ataxx") => self.v.flip = Some(rule.to_string()),
                _ => self.refuse(s, key, "the flips expressed are `reversi` and `ataxx`"),
            },
            "passOnStalemate" => {
                self.flag(s, key, |v| &mut v.pass_on_stalemate[0]);
                self.v.pass_on_stalemate[1] = self.v.pass_on_stalemate[0];
            }
            "passOnStalemateWhite" => self.flag(s, key, |v| &mut v.pass_on_stalemate[0]),
            "passOnStalemateBlack" => self.flag(s, key, |v| &mut v.pass_on_stalemate[1]),
            // Fairy-Stockfish's own Ataxx has free drops; its parser reads no such key
            "freeDrops" if s.builtin => self.flag(s, key, |v| &mut v.free_drops),
            "freeDrops" => self.diags.push(
                Diagnostic::warning(
                    Code::FsfUnknownKey,
                    "`freeDrops` is not a key Fairy-Stockfish reads from a configuration",
                )
                .at(s.span, "ignored")
                .help("only its built-in `ataxx` has free drops: make the section a child of `ataxx` (`[name:ataxx]`)"),
            ),
            "adjudicateFullBoard" => self.flag(s, key, |v| &mut v.adjudicate_full_board),
            // Fairy-Stockfish lets the drop be made and scores it a loss for the
            // dropper; vdl's `no-drop-mate` forbids the drop
            "shogiPawnDropMateIllegal" if s.value.trim() == "true" => self.refuse_if_kept(
                s,
                key,
                "Fairy-Stockfish makes a mating pawn drop lose; vdl's `no-drop-mate` forbids it",
            ),
            "shogiPawnDropMateIllegal" => {
                self.flag(s, key, |v| &mut v.shogi_pawn_drop_mate_illegal)
            }
            _ => return false,
        }
        true
    }

    /// Move and repetition rules, stalemate. Whether `key` is one of these.
    pub(super) fn draw_setting(&mut self, key: &str, s: &Setting) -> bool {
        match key {
            "nMoveRule" => {
                if let Some(n) = self.number(s, key, 0, 100_000) {
                    self.v.n_move_rule = n;
                }
            }
            "nMoveRuleTypes" => {
                if let Some(t) = self.piece_set(s, key) {
                    both!(self.v.n_move_rule_types, t);
                }
            }
            "nMoveRuleTypesWhite" | "nMoveRuleTypesBlack" => {
                if let Some(t) = self.piece_set(s, key) {
                    self.v.n_move_rule_types[side_of(key)] = t;
                }
            }
            "nFoldRule" => {
                if let Some(n) = self.number(s, key, 0, 1000) {
                    self.v.n_fold_rule = n;
                }
            }
            "nFoldValue" => {
                if let Some(x) = self.value(s, key) {
                    self.v.n_fold_value = x.unwrap_or(Value::Draw);
                }
            }
            "nFoldValueAbsolute" => self.flag(s, key, |v| &mut v.n_fold_value_absolute),
            "stalematePieceCount" => self.flag(s, key, |v| &mut v.stalemate_piece_count),
            "materialCounting" => match s.value.trim() {
                "none" | "" => {
                    self.v.draw_odds = None;
                    self.v.unweighted_material = false;
                }
                "whitedrawodds" => self.v.draw_odds = Some(0),
                "blackdrawodds" => self.v.draw_odds = Some(1),
                "unweighted" => self.v.unweighted_material = true,
                _ => self.refuse(s, key, "the draw odds (`whitedrawodds`, `blackdrawodds`) and `unweighted` are read by the import: Janggi's weights are not"),
            },
            "perpetualCheckIllegal" => self.flag(s, key, |v| &mut v.perpetual_check_illegal),
            "moveRepetitionIllegal" => self.flag(s, key, |v| &mut v.move_repetition_illegal),
            "stalemateValue" => {
                if let Some(x) = self.value(s, key) {
                    self.v.stalemate_value = x.unwrap_or(Value::Draw);
                }
            }
            _ => return false,
        }
        true
    }

    /// Checkmate, extinction, flags, checks counted, lines connected. Whether `key` is one of these.
    pub(super) fn goal_setting(&mut self, key: &str, s: &Setting) -> bool {
        match key {
            "checkmateValue" => {
                if let Some(x) = self.value(s, key) {
                    self.v.checkmate_value = x.unwrap_or(Value::Loss);
                }
            }
            "extinctionValue" => {
                if let Some(x) = self.value(s, key) {
                    self.v.extinction_value = x;
                }
            }
            "extinctionPieceCount" => {
                if let Some(n) = self.number(s, key, 0, 99) {
                    self.v.extinction_piece_count = n;
                }
            }
            "extinctionOpponentPieceCount" => {
                if let Some(n) = self.number(s, key, 0, 100) {
                    self.v.extinction_opponent_piece_count = n;
                }
            }
            "extinctionPieceTypes" => {
                if s.value.trim() == "*" {
                    self.v.extinction_piece_types = None;
                } else if let Some(t) = self.piece_set(s, key) {
                    self.v.extinction_piece_types = Some(t);
                }
            }
            "flagPiece" => {
                if let Some(t) = self.piece_type(s, key) {
                    both!(self.v.flag_piece, t);
                }
            }
            "flagPieceWhite" | "flagPieceBlack" => {
                if let Some(t) = self.piece_type(s, key) {
                    self.v.flag_piece[side_of(key)] = t;
                }
            }
            "flagRegion" => {
                if let Some(c) = self.cells(s, key) {
                    both!(self.v.flag_region, c);
                }
            }
            "flagRegionWhite" | "flagRegionBlack" => {
                if let Some(c) = self.cells(s, key) {
                    self.v.flag_region[side_of(key)] = c;
                }
            }
            "flagMove" => self.flag(s, key, |v| &mut v.flag_move),
            "flagPieceSafe" => self.flag(s, key, |v| &mut v.flag_piece_safe),
            "dropChecks" => self.flag(s, key, |v| &mut v.drop_checks),
            "flagPieceCount" => {
                if let Some(n) = self.number(s, key, 1, 1000) {
                    self.v.flag_piece_count = n;
                }
            }
            "extinctionPseudoRoyal" => self.flag(s, key, |v| &mut v.extinction_pseudo_royal),
            "dupleCheck" => self.flag(s, key, |v| &mut v.duple_check),
            "checkCounting" => self.flag(s, key, |v| &mut v.check_counting),
            "connectN" => {
                if let Some(n) = self.number(s, key, 0, 12) {
                    self.v.connect_n = n;
                }
            }
            "connectPieceTypes" => {
                if s.value.trim() == "*" {
                    self.v.connect_piece_types = None;
                } else if let Some(t) = self.piece_set(s, key) {
                    self.v.connect_piece_types = Some(t);
                }
            }
            "connectValue" => {
                if let Some(x) = self.value(s, key) {
                    self.v.connect_value = x.unwrap_or(Value::Win);
                }
            }
            _ => return false,
        }
        true
    }

    /// Checks, forced captures, passes, blasts, walls. Whether `key` is one of these.
    pub(super) fn play_setting(&mut self, key: &str, s: &Setting) -> bool {
        match key {
            "checking" => self.flag(s, key, |v| &mut v.checking),
            "mustCapture" => self.flag(s, key, |v| &mut v.must_capture),
            "blastOnCapture" => self.flag(s, key, |v| &mut v.blast_on_capture),
            "blastImmuneTypes" => {
                if let Some(t) = self.piece_set(s, key) {
                    self.v.blast_immune = t;
                }
            }
            "petrifyOnCaptureTypes" => {
                if let Some(t) = self.piece_set(s, key) {
                    self.v.petrify = t;
                }
            }
            "mutuallyImmuneTypes" => {
                if let Some(t) = self.piece_set(s, key) {
                    self.v.mutually_immune = t;
                }
            }
            "flyingGeneral" => self.flag(s, key, |v| &mut v.flying_general),
            "makpongRule" => self.flag(s, key, |v| &mut v.makpong),
            "cambodianMoves" => self.flag(s, key, |v| &mut v.cambodian_moves),
            "gating" => self.flag(s, key, |v| &mut v.gating),
            "countingRule" => match s.value.trim() {
                "none" | "" => self.v.counting_rule = None,
                rule @ ("makruk" | "cambodian" | "asean") => {
                    self.v.counting_rule = Some(rule.to_string())
                }
                _ => self.refuse(
                    s,
                    key,
                    "the counting rules are `makruk`, `cambodian`, `asean` and `none`",
                ),
            },
            "pass" => self.flag(s, key, |v| &mut v.pass),
            "passWhite" | "passBlack" => {
                self.refuse(s, key, "a pass for one side only is not expressed")
            }
            "wallingRule" => match s.value.trim() {
                "none" => self.v.walling = None,
                w @ ("arrow" | "duck" | "static" | "past") => self.v.walling = Some(w.to_string()),
                _ => self.refuse(s, key, "this walling rule is not expressed"),
            },
            "arrowGating" | "duckGating" | "staticGating" | "pastGating" => {
                if let Some(true) = self.boolean(s, key) {
                    self.v.walling = Some(key.trim_end_matches("Gating").to_string());
                }
            }
            _ => return false,
        }
        true
    }

    pub(super) fn flag(&mut self, s: &Setting, key: &str, field: fn(&mut Variant) -> &mut bool) {
        if let Some(b) = self.boolean(s, key) {
            *field(&mut self.v) = b;
        }
    }

    /// `p:g s:g`: each pair on top of the parent's (Fairy-Stockfish keeps a table).
    pub(super) fn promoted(&mut self, s: &Setting, key: &str) {
        for pair in s.value.split_whitespace() {
            let mut parts = pair.splitn(2, ':');
            let (a, b) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            let from = a
                .chars()
                .next()
                .filter(|_| a.len() == 1)
                .and_then(|c| self.v.by_letter(c))
                .map(|p| p.key.clone());
            let to = if b == "-" {
                Some(None)
            } else {
                b.chars()
                    .next()
                    .filter(|_| b.len() == 1)
                    .and_then(|c| self.v.by_letter(c))
                    .map(|p| Some(p.key.clone()))
            };
            let (Some(from), Some(to)) = (from, to) else {
                let d = self.bad(s, key, "pairs of piece letters such as `p:g s:g`");
                self.diags.push(d);
                return;
            };
            self.v.promoted_piece_type.retain(|(f, _)| *f != from);
            if let Some(to) = to {
                self.v.promoted_piece_type.push((from, to));
            }
        }
    }

    /// `promotionLimit = q:1 r:2`: a count per piece letter.
    pub(super) fn promotion_limit(&mut self, s: &Setting, key: &str) {
        let mut limits = Vec::new();
        for pair in s.value.split_whitespace() {
            let mut parts = pair.splitn(2, ':');
            let (a, b) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            let kind = (a.chars().next())
                .filter(|_| a.len() == 1)
                .and_then(|c| self.v.by_letter(c))
                .map(|p| p.key.clone());
            match (kind, b.parse::<u32>()) {
                (Some(kind), Ok(n)) if (1..=64).contains(&n) => limits.push((kind, n)),
                _ => {
                    let d = self.bad(
                        s,
                        key,
                        "pairs of a piece letter and a count from 1 to 64, such as `k:2 q:1`",
                    );
                    self.diags.push(d);
                    return;
                }
            }
        }
        self.v.promotion_limit = limits;
    }

    pub(super) fn other(&mut self, key: &str, s: &Setting) {
        if let Some((_, default)) = REFUSED_UNLESS.iter().find(|(k, _)| *k == key) {
            let given = s.value.trim();
            let same = given == *default
                || (default.is_empty() && given.is_empty())
                || (*default == "-" && (given.is_empty() || given == "none"))
                || (*default == "*" && given.is_empty());
            if !same {
                self.refuse(s, key, "not read by the import: only its default is");
            }
            return;
        }
        self.diags.push(
            Diagnostic::warning(Code::FsfUnknownKey, format!("`{key}` is not a key Fairy-Stockfish documents"))
                .at(s.span, "ignored")
                .help("Fairy-Stockfish ignores keys it does not know, and so does the import; check the spelling"),
        );
    }
}

/// The side a `...White` / `...Black` key is about.
pub(super) fn side_of(key: &str) -> usize {
    usize::from(key.ends_with("Black"))
}
