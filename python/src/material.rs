//! pyffish's `has_insufficient_material`, per side, in the definition's terms:
//! a side with nothing but royal pieces cannot win, nor can either side in a dead
//! position. Rules under which a bare side may still win (or a lone piece may)
//! make no such claim, as in Fairy-Stockfish: captures that go to a hand, pieces
//! in hand, a repetition that is not a draw, extinction or bare-king goals,
//! `connect`, and a zone to reach with a piece the side still has.

use vdl::model::{Outcome, Side};
use vdl::Position;

pub fn insufficient_material(pos: &Position) -> (bool, bool) {
    let rules = pos.rules();
    let end = &rules.definition.end;
    let goals = &rules.goals;
    let explosions = rules.definition.explosions.is_some();
    let keeps_captured = (rules.definition.hand.as_ref()).is_some_and(|h| h.keep_captured);
    // Fairy-Stockfish's `nFoldValue`: a result other than a draw before draw odds
    let repetition_wins = (end.repetition).is_some_and(|r| {
        r.outcome != Outcome::Draw && Some(r.outcome) != end.draw_odds().map(Outcome::WinFor)
    });
    if keeps_captured
        || repetition_wins
        || (goals.extinction.is_some() && !explosions)
        || goals.bare_king.is_some()
        || goals.connect.is_some()
    {
        return (false, false);
    }
    if pos.is_dead() {
        return (true, true);
    }
    // atomic's king: not royal, but its loss ends the game as a royal piece's would
    let exploding_goal = |kind: usize| {
        explosions
            && goals
                .extinction
                .is_some_and(|(mask, _)| mask == 0 || mask & (1 << kind) != 0)
    };
    let royal_like = |kind: usize| rules.royal[kind] || exploding_goal(kind);
    let reaches = |kind: usize| goals.reach.as_ref().is_some_and(|r| r.1 & (1 << kind) != 0);
    let cells = 0..rules.cell_count() as u16;
    let cannot_win = |side: Side| {
        let in_hand = (0..rules.definition.pieces.len()).any(|k| pos.reserve_count(side, k) > 0);
        let mine = || {
            cells
                .clone()
                .filter_map(|c| pos.piece_at(c))
                .filter(|p| p.side == side)
        };
        !in_hand && !mine().any(|p| !royal_like(p.kind) || reaches(p.kind))
    };
    (cannot_win(Side::White), cannot_win(Side::Black))
}
