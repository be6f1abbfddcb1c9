//! A game under a variant's rules: moves played, positions counted for repetition,
//! and the result decided by the definition's `end` rules.

use super::long_algebraic;
use super::notation::{self, Rejection};
use super::san::{self, SanMatch};
use crate::compile::Ruleset;
use crate::diagnostic::Code;
use crate::engine::{Move, MoveKind, Position};
use crate::model::Side;
use crate::search::Earlier;
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The side to move has no legal move and a royal piece attacked.
    Checkmate,
    /// The side to move has no legal move and no royal piece attacked.
    Stalemate,
    /// The side to move has no legal move and no royal piece at all.
    NoLegalMove,
    /// A side's last royal piece was captured.
    RoyalCaptured,
    /// A position occurred for the n-th time.
    Repetition,
    /// Too many moves without a resetting move.
    MoveRule,
    /// No sequence of legal moves can end in checkmate.
    DeadPosition,
    /// A side lost every piece of a kind that counts (`extinction`).
    Extinction,
    /// A side brought a piece into the goal zone (`reach`).
    Reached,
    /// A side has given the number of checks the `checks` rule counts.
    Checks,
    /// Both sides passed, one after the other (`double-pass`).
    DoublePass,
    /// A side passed with the royal pieces facing each other (`facing`).
    Facing,
    /// A `counting` count passed its limit.
    Counting,
    /// A side was left with royal pieces only (`bare-king`).
    BareKing,
    /// A side's move lined up the pieces `connect` counts.
    Connect,
    /// A side's move left no cell empty (`full-board`).
    FullBoard,
    /// A side's only moves were in-place promotions (`promotion-stalemate`).
    PromotionStalemate,
    /// A side moved one piece back and forth too many times (`move-repetition`).
    MoveRepetition,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
/// How a game ended.
pub struct GameResult {
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// By which rule.
    pub reason: EndReason,
    /// The side the reason is about: the side with no move, the side whose royal
    /// piece was taken, or the side whose move completed the repetition.
    pub subject: Side,
    /// The result in words.
    pub description: String,
    /// Ended by the claim of the player to move, not by the rule itself.
    pub claimed: bool,
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.score(), self.description)
    }
}

/// A move that was played, in the forms a report needs.
#[derive(Clone, Debug, Serialize)]
pub struct Played {
    #[serde(skip)]
    /// The move.
    pub mv: Move,
    /// Its notation.
    pub notation: String,
    /// The cell it leaves.
    pub from: String,
    /// The cell it arrives on.
    pub to: String,
    /// The cells of the pieces it takes.
    pub captures: Vec<String>,
    /// Cells whose pieces change owner (takeovers), apart from `captures`.
    pub converts: Vec<String>,
    /// The kind it promotes to, if it does.
    pub promotion: Option<String>,
    /// The turn's drop: the piece put on the board and its cell.
    pub drop: Option<DropJson>,
    /// A two-cell piece's move: the two cells it leaves and the two it ends on
    /// (`from` and `to` are the first of each).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub two_cell: Option<TwoCellJson>,
    /// The cell the turn puts its wall on (under `walls`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wall: Option<String>,
}

/// A two-cell piece's move as data.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TwoCellJson {
    /// The cells the piece leaves.
    pub from: [String; 2],
    /// The cells it arrives on.
    pub to: [String; 2],
}

/// A drop as data: the dropped piece's label and the cell it lands on.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct DropJson {
    /// The piece put.
    pub piece: String,
    /// Where.
    pub cell: String,
}

impl Played {
    /// A legal move of `pos`, described; its notation tells it apart from `legal`.
    pub fn new(pos: &Position, m: Move, legal: &[Move]) -> Played {
        let rules = pos.rules();
        let mut captures: Vec<String> = m
            .captures()
            .iter()
            .map(|&c| rules.cell_name(c).to_string())
            .collect();
        captures.sort();
        Played {
            mv: m,
            notation: notation::print(pos, &m, legal),
            from: rules.cell_name(m.from).to_string(),
            to: rules.cell_name(m.to).to_string(),
            captures,
            converts: m
                .converted()
                .iter()
                .map(|&c| rules.cell_name(c).to_string())
                .collect(),
            promotion: m
                .promotion()
                .map(|k| rules.piece_label(k, pos.side_to_move())),
            drop: pos
                .drop_cell(&m)
                .zip(pos.dropped_kind(&m))
                .map(|(c, k)| DropJson {
                    piece: rules.piece_label(k, pos.side_to_move()),
                    cell: rules.cell_name(c).to_string(),
                }),
            two_cell: m.two_cell_ends().map(|(a, b)| TwoCellJson {
                from: a.map(|c| rules.cell_name(c).to_string()),
                to: b.map(|c| rules.cell_name(c).to_string()),
            }),
            wall: pos.wall_of(&m).map(|c| rules.cell_name(c).to_string()),
        }
    }
}

#[derive(Clone)]
/// A game: its moves played from a position, its result once over.
pub struct Game<'r> {
    pub(super) pos: Position<'r>,
    pub(super) played: Vec<Played>,
    pub(super) counts: HashMap<u64, u32>,
    pub(super) keys: Vec<u64>,
    /// Per position of `keys`: whether its player to move was in check (kept only
    /// under `perpetual-check`).
    pub(super) checked: Vec<bool>,
    /// Per position of `keys`: the kinds that gave check to its player to move
    /// (kept only under `checkmate ... series`).
    pub(super) mate_checks: Vec<u64>,
    /// Per move played: what `move-repetition` looks back at (kept only under it).
    pub(super) steps: Vec<super::shuttle::Step>,
    pub(super) had_royal: [bool; 2],
    pub(super) legal: Vec<Move>,
    pub(super) result: Option<GameResult>,
    /// Plies played (also when the moves are not kept).
    pub(super) plies: usize,
    /// Keep each move and what `undo` needs; off for reading long records.
    pub(super) keep_moves: bool,
}

pub(super) fn ordinal(n: u32) -> String {
    match n {
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        _ => format!("{n}th"),
    }
}

impl<'r> Game<'r> {
    /// A game from a position.
    pub fn new(pos: Position<'r>) -> Game<'r> {
        let had_royal = [Side::White, Side::Black].map(|s| pos.has_royal(s));
        let mut g = Game {
            pos,
            played: Vec::new(),
            counts: HashMap::new(),
            keys: Vec::new(),
            checked: Vec::new(),
            mate_checks: Vec::new(),
            steps: Vec::new(),
            had_royal,
            legal: Vec::new(),
            result: None,
            plies: 0,
            keep_moves: true,
        };
        g.refresh();
        g.count_position();
        g.result = g.decide();
        g
    }

    /// The position now.
    pub fn position(&self) -> &Position<'r> {
        &self.pos
    }

    /// The rules it is played by.
    pub fn rules(&self) -> &'r Ruleset {
        self.pos.rules()
    }

    /// The legal moves now.
    pub fn legal_moves(&self) -> &[Move] {
        &self.legal
    }

    /// The moves played (none kept after [`Game::forget_moves`]).
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// How many plies have been played.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// Stop keeping the moves played and what taking them back needs, so that a
    /// long record is read in memory that does not grow with it (repetitions are
    /// still counted: a key of 8 bytes a ply). `undo` then takes nothing back.
    pub fn forget_moves(&mut self) {
        self.keep_moves = false;
        self.played = Vec::new();
        self.pos.forget_history();
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// The positions before the current one, oldest first: what a search needs to
    /// see repetitions.
    pub fn earlier_positions(&self) -> Vec<Earlier> {
        let mut pos = self.pos.clone();
        let kept = self.played.len().min(self.plies);
        let checked = &self.checked[self.checked.len().saturating_sub(kept + 1)..];
        let mut earlier: Vec<Earlier> = (0..kept)
            .map(|i| {
                pos.unmake();
                Earlier {
                    key: pos.repetition_key(false),
                    in_check: checked.get(kept - 1 - i).copied().unwrap_or(false),
                }
            })
            .collect();
        earlier.reverse();
        earlier
    }

    /// A legal move of the current position, printed.
    pub fn notation(&self, m: &Move) -> String {
        notation::print(&self.pos, m, &self.legal)
    }

    /// The key positions are compared by for repetition: the hash, less en passant
    /// when no en-passant capture is possible.
    pub(super) fn key(&self) -> u64 {
        let ep_possible = self.legal.iter().any(|m| m.kind == MoveKind::EnPassant);
        self.pos.repetition_key(ep_possible)
    }

    /// Count the current position for repetitions.
    pub(super) fn count_position(&mut self) {
        self.count_key(self.key());
    }

    /// Count a position, by its repetition key, for repetitions.
    pub(super) fn count_key(&mut self, key: u64) {
        *self.counts.entry(key).or_insert(0) += 1;
        self.keys.push(key);
        self.checked.push(self.in_check_counted());
        let series = self.pos.rules().definition.end.mate_by.series.is_some();
        let stm = self.pos.side_to_move();
        self.mate_checks.push(if series {
            self.pos.checking_kinds(stm)
        } else {
            0
        });
    }

    /// Take the last counted position off the count.
    pub(super) fn uncount_position(&mut self) {
        if let Some(key) = self.keys.pop() {
            if let Some(c) = self.counts.get_mut(&key) {
                *c -= 1;
            }
        }
        self.checked.pop();
        self.mate_checks.pop();
    }

    /// Whether the player to move is in check, when `perpetual-check` needs to know.
    fn in_check_counted(&self) -> bool {
        let end = &self.pos.rules().definition.end;
        let stm = self.pos.side_to_move();
        end.repetition.is_some_and(|r| r.perpetual_check.is_some())
            && !end.royal_capture
            && self.pos.has_royal(stm)
            && self.pos.in_check(stm)
    }

    fn refresh(&mut self) {
        let mut legal = std::mem::take(&mut self.legal);
        self.pos.legal_moves(&mut legal);
        self.legal = legal;
    }

    /// Play a legal move of the current position.
    pub fn play(&mut self, m: Move) {
        self.record_step(&m);
        if self.keep_moves {
            let played = Played::new(&self.pos, m, &self.legal);
            self.pos.make(m);
            self.played.push(played);
        } else {
            self.pos.make(m);
            self.pos.forget_history();
        }
        self.plies += 1;
        self.refresh();
        self.count_position();
        self.result = self.decide();
    }

    /// Read a move in notation and play it, or say why it cannot be played.
    pub fn play_text(&mut self, text: &str) -> Result<Move, Rejection> {
        if let Some(r) = &self.result {
            return Err(Rejection {
                code: Code::GameOver,
                message: format!("the game is over: {r}"),
                help: Some("no move can follow the end of the game".into()),
                offset: 0,
                len: text.len(),
            });
        }
        let legal = std::mem::take(&mut self.legal);
        let found =
            notation::parse(text).and_then(|p| notation::resolve(&mut self.pos, &p, &legal));
        // Not the full notation: perhaps an engine's (`e7e8q`) or SAN; if neither,
        // the full notation's reason.
        let found = found.or_else(|e| match long_algebraic::read(&self.pos, &legal, text) {
            Some(m) => Ok(m),
            None => Err(e),
        });
        let found = found.or_else(|e| match san::read(&self.pos, &legal, text) {
            SanMatch::One(m) => Ok(m),
            SanMatch::Several(moves) => {
                let full: Vec<String> = moves
                    .iter()
                    .map(|m| notation::print(&self.pos, m, &legal))
                    .collect();
                Err(Rejection {
                    code: Code::AmbiguousMove,
                    message: format!("ambiguous: {} legal moves fit `{text}`", moves.len()),
                    help: Some(format!(
                        "add the start file or rank, or write the move in full: {}",
                        full.join(", ")
                    )),
                    offset: 0,
                    len: text.len(),
                })
            }
            SanMatch::None => Err(self.san_miss(&legal, text).unwrap_or(e)),
        });
        self.legal = legal;
        let m = found?;
        self.play(m);
        Ok(m)
    }

    /// Why a text written as SAN is no legal move: the piece it names cannot go to
    /// its cell, and what can.
    fn san_miss(&mut self, legal: &[Move], text: &str) -> Option<Rejection> {
        let miss = san::miss(&mut self.pos, legal, text)?;
        let side = self.pos.side_to_move().name();
        let who = miss
            .piece
            .map_or_else(|| format!("{side}'s piece"), |p| format!("{side}'s {p}"));
        let help = if miss.onto.is_empty() {
            format!("no legal move of {side} ends on {}", miss.cell)
        } else {
            format!(
                "the legal moves onto {}: {}",
                miss.cell,
                miss.onto.join(", ")
            )
        };
        Some(Rejection {
            code: Code::IllegalMove,
            message: format!(
                "no legal move is written `{text}`: {who} cannot go to {}",
                miss.cell
            ),
            help: Some(help),
            offset: 0,
            len: text.len(),
        })
    }

    /// Take back the last move. Returns whether there was one.
    pub fn undo(&mut self) -> bool {
        if self.played.pop().is_none() {
            return false;
        }
        self.plies -= 1;
        self.steps.pop();
        self.uncount_position();
        self.pos.unmake();
        self.refresh();
        self.result = self.decide();
        true
    }
}
