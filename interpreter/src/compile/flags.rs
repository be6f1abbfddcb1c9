//! The variant's shortcuts: facts about the whole variant, derived once, that let
//! the engine take its fast paths.

use super::{AttackFacts, CaptureRules, CastleTable, Goals, MoveRays, RayKind, Restrictions};
use crate::model::Definition;

/// Facts about the whole variant that let the engine take shortcuts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags {
    /// All captures are by rays that stop at the first piece or by plain leaps, so a
    /// move can expose a royal piece only along a line through it (pins).
    pub line_attacks_only: bool,
    /// The moves of a position with one royal piece out of check can be counted
    /// without listing those of the pieces not pinned (perft's last ply): line
    /// attacks only, replacement captures without takeovers, and no rule besides
    /// royal safety that removes or adds moves (drops from the hand count: out of
    /// check, a drop is always legal).
    pub bulk_count: bool,
    /// On the general path, the moves of pieces that capture only by replacement
    /// and touch no threat to the royal pieces (nor a promotion zone) can be
    /// counted at perft's last ply without listing them: no rule besides royal
    /// safety removes or adds moves (a drop queue's turns are looked at in the
    /// position).
    pub threat_count: bool,
    pub has_castling: bool,
    pub has_en_passant: bool,
    pub has_promotion: bool,
    /// Some kind captures other than by replacement, immobilizes, or frozen pieces
    /// may commit suicide: moves are generated and attacks tested by the general path.
    pub special: bool,
    pub immobilizers: bool,
    /// Some promotion is to captured pieces: positions keep each side's reserve.
    pub reserves: bool,
    /// Some `capture-only` zone uses the `fewest-crossed` rule.
    pub fewest_crossed: bool,
    /// Some kind has two rays that may make the same move (`MoveRays::repeats`).
    pub repeats: bool,
    /// Players have drop queues: turns may add a drop.
    pub drops: bool,
    /// Some kind stands on two cells.
    pub two_cell: bool,
    /// Putting a piece on an empty cell can stop an enemy capture but never make
    /// one possible: no hops (a new hurdle) and no `capture-only` zones (a blocked
    /// landing outside may allow one inside).
    pub filling_only_blocks: bool,
    /// Some side has `capture-only` cells.
    pub capture_only_zones: bool,
    /// A position may be over by a goal other than checkmate (`Ruleset::goals`).
    pub goals: bool,
    /// Players have pieces in hand: a turn may be a drop (`Ruleset::hand`).
    pub hand: bool,
    /// Every capture explodes (`CaptureRules::blast_spared`).
    pub explosions: bool,
    /// Pieces enter from the hand by gating (`HandRules::gate_kinds`).
    pub gating: bool,
    /// Some piece has `cannot-capture` or `cannot-hop`.
    pub capture_limits: bool,
    /// A turn may be a pass.
    pub pass: bool,
    /// Moves are counted towards a `counting` limit (`Definition::end`).
    pub counting: bool,
    /// Every move puts a wall (`Ruleset::walls`).
    pub walls: bool,
    /// Walls may stand on the board: every move puts one, or a piece turns to one
    /// after capturing (`CaptureRules::petrify`).
    pub wall_cells: bool,
    /// Which pieces are royal depends on their count (`Ruleset::royal_count`):
    /// legality is tested on the board after each move.
    pub royal_count: bool,
    /// Some kind promotes in place, by a move of its own (`Ruleset::in_place`).
    pub in_place_promotions: bool,
    /// Some kind has first moves (`Ruleset::first_moves`).
    pub first_moves: bool,
    /// Some kind turns enemy pieces over when it arrives (`CaptureRules::flips`).
    pub flips: bool,
    /// Explosions, royalty by count or flips: legality is tested on the board
    /// after each move.
    pub legal_on_board: bool,
    /// A piece's move changes the board only on its own cells and its victims':
    /// no flips, blasts, walls, gating, hands, drop queues, reserves, royalty by
    /// count or capture modes of the general path. Whether a move gives check or
    /// leaves a royal piece attacked can be asked of the board alone after it.
    pub relocations: bool,
}

/// The flags of a variant from its compiled parts.
pub(super) fn flags(
    def: &Definition,
    moves: &MoveRays,
    facts: &AttackFacts,
    capture: &CaptureRules,
    castles: &CastleTable,
    goals: &Goals,
    restrictions: &Restrictions,
) -> Flags {
    let restricted = capture.capture_only.iter().any(|z| z.iter().any(|&b| b));
    let two_cell = def.pieces.iter().any(|p| p.two_cell.is_some());
    let special = capture.modes.iter().any(|c| c.any())
        || two_cell
        || capture.immobilizer_kinds != 0
        || def.suicide
        || restricted;
    let line_attacks_only = facts.line_attacks_only && !special && !restrictions.any();
    // Drops from the hand are counted too, unless a rule looks beyond the drop.
    let plain_hand = def.hand.as_ref().is_none_or(|h| {
        h.gate.is_none()
            && h.no_drop_mate.is_empty()
            && !h.no_drop_check
            && h.must_drop.is_none()
            && h.split_colours.is_empty()
    });
    let royal_count = def.pieces.iter().any(|p| p.royal_last.is_some());
    let in_place_promotions =
        (def.pieces.iter()).any(|p| p.promotion.as_ref().is_some_and(|p| p.in_place));
    let first_moves = def.pieces.iter().any(|p| p.first_move.is_some());
    let flips = def.pieces.iter().any(|p| p.flips.is_some());
    let only_moves_and_queues = !royal_count
        && plain_hand
        && def.explosions.is_none()
        && def.walls.is_none()
        && !def.pass
        && !flips
        && !in_place_promotions
        && !goals.any()
        && !goals.no_check
        && !goals.must_capture
        && goals.captures_checker == 0;
    let only_moves_of_pieces = def.drops.is_none() && only_moves_and_queues;
    Flags {
        line_attacks_only,
        bulk_count: line_attacks_only
            && only_moves_of_pieces
            && !moves.repeats.iter().any(|&r| r)
            && capture.takeover.iter().all(Option::is_none),
        threat_count: special
            && only_moves_and_queues
            && def.hand.is_none()
            && !restricted
            && !restrictions.any(),
        special,
        immobilizers: capture.immobilizer_kinds != 0,
        has_castling: !castles.rules.is_empty(),
        has_en_passant: def.pieces.iter().any(|p| p.en_passant),
        has_promotion: def.pieces.iter().any(|p| p.promotion.is_some()),
        fewest_crossed: capture.fewest_crossed.iter().any(|z| z.iter().any(|&b| b)),
        repeats: moves.repeats.iter().any(|&r| r),
        reserves: def.hand.is_some()
            || def
                .pieces
                .iter()
                .any(|p| p.promotion.as_ref().is_some_and(|p| p.from_captured)),
        drops: def.drops.is_some(),
        hand: def.hand.is_some(),
        capture_only_zones: restricted,
        filling_only_blocks: !restricted
            && !moves
                .rays
                .iter()
                .any(|r| matches!(r.kind, RayKind::Hop | RayKind::HopBehind)),
        two_cell,
        goals: goals.any(),
        capture_limits: restrictions.any(),
        counting: def.end.counting.is_some(),
        pass: def.pass,
        explosions: def.explosions.is_some(),
        gating: def.hand.as_ref().is_some_and(|h| h.gate.is_some()),
        walls: def.walls.is_some(),
        wall_cells: def.has_walls(),
        royal_count,
        in_place_promotions,
        first_moves,
        flips,
        legal_on_board: def.explosions.is_some() || royal_count || flips,
        relocations: !special
            && !flips
            && !royal_count
            && !in_place_promotions
            && def.explosions.is_none()
            && !def.has_walls()
            && def.hand.is_none()
            && def.drops.is_none()
            && !(def.pieces.iter()).any(|p| p.promotion.as_ref().is_some_and(|p| p.from_captured)),
    }
}
