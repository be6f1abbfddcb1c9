//! Fairy-Stockfish's `countStarted` (pychess lets a player start the board's
//! honour count when they choose): the game ply at which the count started, 0 for
//! the count the position keeps, negative for none started. A bare player's count
//! (the pieces' honour) runs by itself either way.

use crate::variants::Variant;
use vdl::model::{Outcome, Side};
use vdl::referee::Game;
use vdl::Position;

/// The running count (plies, limit in plies) with the board's honour count started
/// at game ply `started`. Under Cambodian chess's rule (a board's honour `up-to` some
/// pieces), a bare player's count gives way to the board's honour where that,
/// started then, would end sooner.
pub fn count_as_started(pos: &Position, started: i32) -> Option<(u32, u32)> {
    let (ply, limit) = pos.counted()?;
    if started == 0 {
        return Some((ply, limit));
    }
    let board_ply = if started < 0 {
        0
    } else {
        let black = i64::from(pos.side_to_move() == Side::Black);
        let game_ply = 2 * (i64::from(pos.fullmove_number()) - 1).max(0) + black;
        (1 + game_ply - i64::from(started)).clamp(0, i64::from(u32::MAX)) as u32
    };
    let rule = pos.rules().definition.end.counting.as_ref();
    let board_limit = rule
        .filter(|r| r.board_up_to.is_some())
        .and_then(|r| r.board)
        .map(|moves| 2 * moves);
    let shorter = board_limit
        .is_some_and(|b| i64::from(b) - i64::from(board_ply) < i64::from(limit) - i64::from(ply));
    if shorter {
        return Some((board_ply, board_limit.unwrap_or(limit)));
    }
    if bare_player(pos) {
        return Some((ply, limit));
    }
    Some((board_ply, limit))
}

/// A side left with one piece (its royal one): its count is the pieces' honour.
fn bare_player(pos: &Position) -> bool {
    let cells = 0..pos.rules().cell_count() as u16;
    [Side::White, Side::Black].into_iter().any(|side| {
        cells
            .clone()
            .filter(|&c| pos.piece_at(c).is_some_and(|p| p.side == side))
            .count()
            <= 1
    })
}

/// A FEN in Fairy-Stockfish's counting form (`... LIMIT PLY FULL`) with the count
/// as started.
pub fn fen_with_count(v: &Variant, pos: &Position, fen: String, started: i32) -> String {
    if started == 0 || !v.fsf {
        return fen;
    }
    let Some((ply, limit)) = count_as_started(pos, started) else {
        return fen;
    };
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    if fields.len() == 6 {
        fields[3] = limit.to_string();
        fields[4] = ply.to_string();
    }
    fields.join(" ")
}

/// The game's end by the count as started, as `is_optional_game_end` gives it
/// (a value from the side to move's view): past the limit, unless checkmated.
pub fn count_end(game: &Game, started: i32) -> Option<i32> {
    let pos = game.position();
    let rule = pos.rules().definition.end.counting.as_ref()?;
    let (ply, limit) = count_as_started(pos, started)?;
    let mated = pos.in_check(pos.side_to_move()) && game.legal_moves().is_empty();
    (ply > limit && !mated).then_some(match rule.outcome.for_player(pos.side_to_move()) {
        Outcome::Win => crate::api::VALUE_MATE,
        Outcome::Loss => -crate::api::VALUE_MATE,
        _ => crate::api::VALUE_DRAW,
    })
}
