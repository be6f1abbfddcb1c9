//! How a game ends: outcomes, repetition, move limits, counting, goals.

use super::Side;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
/// A game's result for a player.
pub enum Outcome {
    /// The player wins.
    Win,
    /// The player loses.
    Loss,
    /// Nobody wins.
    Draw,
    /// One colour wins, whichever player the rule is about (`white-wins`,
    /// `black-wins`: minishogi's repetition, Armageddon's draw odds).
    WinFor(Side),
}

/// The n-th occurrence of a position ends the game; from `claim_at` on, the player
/// to move may claim it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Repetition {
    /// The occurrences that end the game.
    pub count: u32,
    /// The result for the player who repeated.
    pub outcome: Outcome,
    /// The occurrences at which a player may claim it, if earlier.
    pub claim_at: Option<u32>,
    /// The result for a player who gave check with every move of the repeated
    /// cycle while the other did not (`perpetual-check`).
    pub perpetual_check: Option<Outcome>,
}

impl Repetition {
    /// Who gave check with every move of a repeated cycle, given whether the player
    /// to move was in check at each of its positions, from its first occurrence to
    /// the repeated one: `[the player who moved last, the other]`. Only counted
    /// under `perpetual-check`.
    pub fn perpetual_checkers(&self, in_check: &[bool]) -> [bool; 2] {
        if self.perpetual_check.is_none() || in_check.len() < 2 {
            return [false; 2];
        }
        let all = |skip: usize| in_check.iter().rev().skip(skip).step_by(2).all(|&c| c);
        [all(0), all(1)]
    }

    /// The result for the player who moved last (completing the repetition),
    /// given who gave check with every move of the cycle (see
    /// [`Repetition::perpetual_checkers`]).
    pub fn outcome_for_mover(&self, checkers: [bool; 2]) -> Outcome {
        match (self.perpetual_check, checkers) {
            (Some(p), [true, false]) => p,
            (Some(p), [false, true]) => p.opposite(),
            (Some(_), [true, true]) => Outcome::Draw,
            _ => self.outcome,
        }
    }
}

impl Outcome {
    /// The same result seen by the other player.
    pub fn opposite(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            o => o,
        }
    }

    /// The result for `player`: a colour's win becomes their win or loss.
    pub fn for_player(self, player: Side) -> Outcome {
        match self {
            Outcome::WinFor(side) if side == player => Outcome::Win,
            Outcome::WinFor(_) => Outcome::Loss,
            o => o,
        }
    }

    /// The winner when the rule gives this outcome to `player`, `None` for a draw.
    pub fn winner(self, player: Side) -> Option<Side> {
        match self.for_player(player) {
            Outcome::Win => Some(player),
            Outcome::Loss => Some(player.opponent()),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
/// The n-move rule: moves without what resets the count end the game.
pub struct MoveLimit {
    /// Full moves (each side moving once) without a resetting move.
    pub moves: u32,
    /// The result when the count runs out.
    pub outcome: Outcome,
    /// Full moves from which the player to move may claim the outcome.
    pub claim_at: Option<u32>,
    /// A capture resets the count.
    pub reset_on_capture: bool,
    /// A move resets the count when it leaves the moved piece frozen by an enemy
    /// immobilizer that is itself frozen: neither can move again without a capture.
    pub reset_on_lock: bool,
    /// A move resets the count when it gives check and every legal answer resets it.
    pub reset_on_forcing_check: bool,
    /// A drop from the hand resets the count.
    pub reset_on_drop: bool,
    /// A promotion resets the count.
    pub reset_on_promotion: bool,
    /// The kinds whose every move resets the count.
    pub reset_by: Vec<usize>,
    /// The kinds whose moves reset the count unless the piece could move straight
    /// back by a quiet move of its own (Fairy-Stockfish's `nMoveRuleTypes`).
    pub reset_irreversible: Vec<usize>,
}

/// How games end. Checkmate and stalemate values are for the player who has no move;
/// a repetition's value is for the player whose move completes it.
#[derive(Clone, Debug, Serialize)]
pub struct EndRules {
    /// The result of checkmate for the player who mates.
    pub checkmate: Outcome,
    /// `checkmate ... alone`, `series`: outcomes that depend on the checking pieces.
    pub mate_by: MateBy,
    /// The result of stalemate for the player who is stalemated.
    pub stalemate: Outcome,
    /// `fewer-pieces`: the stalemate's result is for the player with fewer pieces
    /// on the board, whoever is stalemated; equal numbers draw.
    pub stalemate_fewer_pieces: bool,
    /// Repeated positions, if they end the game.
    pub repetition: Option<Repetition>,
    /// The n-move rule, if there is one.
    pub move_limit: Option<MoveLimit>,
    /// A piece moved back and forth, if that ends the game.
    pub move_repetition: Option<MoveRepetition>,
    /// The result (a draw, unless a colour wins it) when no sequence of legal moves
    /// can end in checkmate, if that ends the game.
    pub dead_position: Option<Outcome>,
    /// `bare-king`: the outcome for a player left with royal pieces only (see
    /// `Goals::bare_king`).
    pub bare_king: Option<Outcome>,
    /// `promotion-stalemate`: the outcome for a player not in check with a royal
    /// piece and one other piece only, whose moves are all in-place promotions.
    pub promotion_stalemate: Option<Outcome>,
    /// Royal pieces may be captured (there is no check); taking a side's last royal
    /// piece wins.
    pub royal_capture: bool,
    /// A player who has lost every piece of one of some kinds.
    pub extinction: Option<Extinction>,
    /// A player who brings a piece of some kinds into a zone.
    pub reach: Option<Reach>,
    /// A player who has given check some number of times.
    pub checks: Option<CheckCount>,
    /// A player who lines up some pieces with their move.
    pub connect: Option<Connect>,
    /// Both players pass, one after the other: the outcome for the second.
    pub double_pass: Option<Outcome>,
    /// Every cell holds a piece: the outcome for the player who moved last.
    pub full_board: Option<Outcome>,
    /// The royal pieces face each other on a file: the player to move must part
    /// them or pass, and passing ends the game with this outcome for that player.
    pub facing: Option<Outcome>,
    /// Makruk's counting: a count of moves that ends the game once it passes its limit.
    pub counting: Option<Counting>,
    /// `points`: what decides a game that repetition, the move rule, facing royal
    /// pieces, a double pass, a full board or a stalemate would end drawn.
    pub points: Option<Points>,
}

/// `points NAME N ... [komi N]`: each kind's worth (kinds not listed are worth
/// nothing) and Black's komi, in tenths of a point.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Points {
    /// Per kind listed, its worth in tenths.
    pub worth: Vec<(usize, u32)>,
    /// Added to Black's worth, in tenths.
    pub komi: u32,
}

impl Points {
    /// The winner of a drawn game by worth: the side whose pieces on the board
    /// (`count(side, kind)`) are worth more, Black's with the komi; `None` if equal.
    pub fn winner(&self, count: impl Fn(Side, usize) -> usize) -> Option<Side> {
        let worth = |side: Side| -> i64 {
            (self.worth.iter())
                .map(|&(k, w)| i64::from(w) * count(side, k) as i64)
                .sum()
        };
        let diff = worth(Side::White) - worth(Side::Black) - i64::from(self.komi);
        match diff {
            d if d > 0 => Some(Side::White),
            d if d < 0 => Some(Side::Black),
            _ => None,
        }
    }
}

/// `counting OUTCOME { without KINDS  board N  bare [from-pieces] KINDS N ... else N }`,
/// as Fairy-Stockfish counts Makruk's and ASEAN chess's honours (see
/// `engine/counting.rs`). The player to move when the count passes its limit gets
/// the outcome, unless checkmated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counting {
    /// The result for the player whose count it is, when it runs out.
    pub outcome: Outcome,
    /// No count while a piece of these kinds is on the board.
    pub without: Vec<usize>,
    /// Board's honour: the limit in moves for a player with more than its royal
    /// piece, counted from 0.
    pub board: Option<u32>,
    /// The board's honour only for a player with at most this many pieces.
    pub board_up_to: Option<u32>,
    /// No pieces' honour while a piece of these kinds is on the board.
    pub bare_without: Vec<usize>,
    /// Pieces' honour: for a bare player, the first case whose pieces (a kind listed
    /// twice: two of them) the other side has gives the limit in moves.
    pub bare: Vec<(Vec<usize>, u32)>,
    /// The limit when no case fits; none: no count.
    pub bare_else: Option<u32>,
    /// A bare player's count starts at the number of pieces on the board.
    pub from_pieces: bool,
}

/// `connect N [KINDS] OUTCOME`: the player whose move leaves `count` of their pieces
/// (of `kinds`; empty: any) on consecutive cells of a line gets `outcome`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Connect {
    /// The pieces in a line that win.
    pub count: u32,
    /// The kinds that count (none: every kind).
    pub kinds: Vec<usize>,
    /// The result for the player who connects.
    pub outcome: Outcome,
}

/// `move-repetition N [KINDS] OUTCOME`: the player whose last `moves` moves took one
/// piece (of `kinds`; empty: any) back and forth between two cells, each undoing the
/// one before, gets `outcome` (Fairy-Stockfish's `moveRepetitionIllegal`, N = 4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveRepetition {
    /// The moves back and forth that end the game.
    pub moves: u32,
    /// The kinds whose moves count (none: every kind).
    pub kinds: Vec<usize>,
    /// The result for the player who moved them.
    pub outcome: Outcome,
}

/// `checks N OUTCOME`: the player who has given check `count` times gets `outcome`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CheckCount {
    /// The checks to give.
    pub count: u32,
    /// The result for the player who gives them.
    pub outcome: Outcome,
}

/// `explosions`: a capture removes the capturing piece, its victims and the pieces
/// on the cells next to the capture's cell, but for the spared kinds among those.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Explosions {
    /// The kinds a blast leaves standing.
    pub spared: Vec<usize>,
    /// The kinds no blast removes: next to the capture's cell, or capturing (the
    /// capturer then stays on its victim's cell).
    pub immune: Vec<usize>,
}

/// How a move puts its wall (`walls RULE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum WallRule {
    /// A new wall on a cell the moved piece's quiet moves reach from its end cell.
    Arrow,
    /// The one wall moves to another empty cell (it is put on any empty cell while
    /// the board has none).
    Duck,
    /// A new wall on any empty cell.
    Anywhere,
    /// The cell the piece left becomes a wall.
    Trail,
}

/// `walls`: after every move the player puts a wall, a cell no piece may enter,
/// cross or take.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Walls {
    /// How a turn puts its wall.
    pub rule: WallRule,
    /// `in ZONE`: the zone whose cells (the player's) a wall may go on.
    pub zone: Option<String>,
}

/// `extinction`: the game ends when a player has no piece left of one of `kinds`
/// (with `all`, of any of them; with `kinds` empty, no piece at all); `outcome` is
/// that player's.
#[derive(Clone, Debug, Serialize)]
pub struct Extinction {
    /// `all`: the player must have lost every listed kind, not just one.
    pub all: bool,
    /// The kinds that count (none: every kind).
    pub kinds: Vec<usize>,
    /// A kind is lost when fewer than this many are left (1: none left).
    pub below: u32,
    /// `opponent-has N`: only while the opponent has at least N of the kinds (those
    /// in hand counted; 0: always).
    pub opponent_has: u32,
    /// The result for the player who loses them.
    pub outcome: Outcome,
}

/// `reach`: the game ends when a player has a piece of one of `kinds` on a cell of
/// `zone` (as the zone is for that player); `outcome` is that player's.
#[derive(Clone, Debug, Serialize)]
pub struct Reach {
    /// The zone to reach.
    pub zone: String,
    /// The kinds that count (none: every kind).
    pub kinds: Vec<usize>,
    /// How many of the player's pieces of those kinds must stand in the zone at once.
    pub count: u32,
    /// The result for the player who reaches it.
    pub outcome: Outcome,
    /// The game ends only when the player who reached the zone is to move again;
    /// White then draws if Black's reply reached it too.
    pub after_reply: bool,
    /// The arrival counts when the player is to move again with the pieces still
    /// there (`held`).
    pub held: bool,
    /// The arrival counts while no enemy piece attacks the pieces there (if there
    /// are just as many as needed); both players there so draw (`safe`). With
    /// `held`: safe on arrival, or held.
    pub safe: bool,
}

impl EndRules {
    /// The result for a player without a legal move who is not in check, with
    /// `own` pieces on the board against the opponent's `other`.
    pub fn stalemate_outcome(&self, own: usize, other: usize) -> Outcome {
        if !self.stalemate_fewer_pieces {
            return self.stalemate;
        }
        match own.cmp(&other) {
            std::cmp::Ordering::Less => self.stalemate,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Greater => self.stalemate.opposite(),
        }
    }

    /// Draw odds (Armageddon, Fairy-Stockfish's `materialCounting`): the colour
    /// that every rule able to end the game in a draw makes the winner instead
    /// (stalemate, repetition, the move rule, a dead position; one at least).
    pub fn draw_odds(&self) -> Option<Side> {
        let draws = [
            Some(self.stalemate),
            self.repetition.map(|r| r.outcome),
            self.move_limit.as_ref().map(|m| m.outcome),
            self.dead_position,
        ];
        let mut colour = None;
        for o in draws.into_iter().flatten() {
            match (o, colour) {
                (Outcome::WinFor(s), None) => colour = Some(s),
                (Outcome::WinFor(s), Some(c)) if s == c => {}
                _ => return None,
            }
        }
        colour
    }
}

/// Outcomes of a checkmate by the kinds that gave check (Shatar's rules).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MateBy {
    /// `alone`: the outcome of a mate every checker of which is of these kinds.
    pub alone: Option<(Vec<usize>, Outcome)>,
    /// `series ... else`: the outcome unless a check of the mating series was
    /// given by one of these kinds.
    pub series: Option<(Vec<usize>, Outcome)>,
}

impl MateBy {
    /// Whether either option is given.
    pub fn any(&self) -> bool {
        self.alone.is_some() || self.series.is_some()
    }
}

impl Default for EndRules {
    fn default() -> Self {
        EndRules {
            checkmate: Outcome::Loss,
            mate_by: MateBy::default(),
            stalemate: Outcome::Draw,
            stalemate_fewer_pieces: false,
            repetition: None,
            move_limit: None,
            dead_position: None,
            bare_king: None,
            promotion_stalemate: None,
            royal_capture: false,
            extinction: None,
            reach: None,
            checks: None,
            connect: None,
            move_repetition: None,
            double_pass: None,
            full_board: None,
            facing: None,
            counting: None,
            points: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(perpetual_check: Option<Outcome>) -> Repetition {
        Repetition {
            count: 3,
            outcome: Outcome::Draw,
            claim_at: None,
            perpetual_check,
        }
    }

    #[test]
    fn the_checks_of_a_cycle_decide_its_result() {
        let r = rule(Some(Outcome::Loss));
        // oldest first; the last position's player is the one who did not move last
        let by_mover = [true, false, true, false, true];
        let by_other = [false, true, false, true, false];
        let both = [true; 5];
        let neither = [true, false, false, false, true];
        let cases = [
            (by_mover, [true, false], Outcome::Loss),
            (by_other, [false, true], Outcome::Win),
            (both, [true, true], Outcome::Draw),
            (neither, [false, false], Outcome::Draw),
        ];
        for (in_check, checkers, outcome) in cases {
            assert_eq!(r.perpetual_checkers(&in_check), checkers, "{in_check:?}");
            assert_eq!(r.outcome_for_mover(checkers), outcome, "{in_check:?}");
        }
        // without the rule, checks change nothing
        assert_eq!(rule(None).perpetual_checkers(&both), [false, false]);
    }
}
