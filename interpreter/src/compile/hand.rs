//! Pieces in hand as the engine uses them: each kind's drop cells per side, what a
//! captured piece becomes in the captor's hand, and the drop rules as masks.

use super::rays::Grid;
use super::Cell;
use crate::model::Definition;

/// Where a captured piece goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CapturedGoTo {
    /// Off the board for good.
    #[default]
    Nowhere,
    /// To its owner's reserve, for promotions to captured pieces.
    OwnersReserve,
    /// To the captor's hand, as its `captured-as` kind.
    CaptorsHand,
}

/// The compiled hand rules (empty without a `hand`).
#[derive(Clone, Debug, Default)]
pub struct HandRules {
    pub captured_go_to: CapturedGoTo,
    /// Per kind, the kind it becomes in the captor's hand.
    pub captured_as: Vec<u8>,
    /// Per side and kind (`side * kinds + kind`), the cells it may be dropped on.
    pub drop_cells: Vec<Vec<Cell>>,
    /// The same cells as masks, where the board fits one and `drop-enclosing` or
    /// `drop-next-to-own` finds its cells as a mask (else empty).
    pub drop_masks: Vec<u128>,
    /// Kinds not dropped on a file holding `per_file` of the player's pieces of the
    /// kind.
    pub one_per_file: u64,
    pub per_file: u8,
    /// Kinds whose drop may not checkmate.
    pub no_drop_mate: u64,
    /// No drop may give check.
    pub no_drop_check: bool,
    /// `must-drop`: the kinds whose drop is compulsory while the hand holds one
    /// (0: no such rule).
    pub must_drop: u64,
    /// `castle-by-drop`: the partner kinds whose drop completes a castling.
    pub castle_by_drop: u64,
    /// `split-colours`: the kinds dropped half on each colour.
    pub split_colours: u64,
    /// Per cell, its colour (0 or 1; for `split_colours`).
    pub colour_of: Vec<u8>,
    /// Per cell, its file index (for `one_per_file`).
    pub file_of: Vec<u8>,
    /// `on-top`: per cell, the cell one rank below it (`None` on the first rank),
    /// which must hold a piece for a drop there.
    pub below: Option<Vec<Option<Cell>>>,
    /// The kinds that enter by gating (only so, unless `or-drop`), in the `gate`
    /// rule's order.
    pub gate_kinds: Vec<u8>,
    /// Per side, the cells that may be gates; a position's open gates are bits in
    /// this order.
    pub gate_cells: [Vec<Cell>; 2],
    /// Per side and cell, its place in `gate_cells` (`NO_GATE`: none).
    pub gate_slot: [Vec<u8>; 2],
    /// `drop-promoted`: per side and kind (`side * kinds + kind`), the kinds a piece
    /// of it in hand may also be dropped as.
    pub drop_promoted: Vec<Vec<u8>>,
    /// `unlimited`: the kinds each side always holds, as a mask.
    pub unlimited: u64,
    /// `drop-enclosing`: a drop only where it encloses a line of enemy pieces.
    pub enclosing: bool,
    /// `drop-next-to-own`: a drop only next to a piece of the player's.
    pub next_to_own: bool,
    /// `first-drops-in`: per side, the cells that take every drop while one is
    /// empty (the zone as it is for that side).
    pub first_cells: [Vec<Cell>; 2],
}

/// `HandRules::gate_slot` of a cell that is no gate.
pub const NO_GATE: u8 = u8::MAX;

impl HandRules {
    /// A gating move's `drop` code: the gate's slot and the kind's place in
    /// `gate_kinds`, and back.
    pub fn gate_code(&self, slot: usize, kind_at: usize) -> usize {
        slot * self.gate_kinds.len() + kind_at
    }

    pub fn gate_of_code(&self, code: usize) -> (usize, usize) {
        let n = self.gate_kinds.len().max(1);
        (code / n, code % n)
    }
}

fn mask(kinds: &[usize]) -> u64 {
    kinds.iter().fold(0, |m, &k| m | 1 << k)
}

pub(super) fn hand_rules(def: &Definition, grid: &Grid) -> HandRules {
    let captured_as = def
        .pieces
        .iter()
        .enumerate()
        .map(|(k, p)| p.captured_as.unwrap_or(k) as u8)
        .collect();
    let file_of = grid.cells.iter().map(|c| c.file as u8).collect();
    let to_reserve = def
        .pieces
        .iter()
        .any(|p| p.promotion.as_ref().is_some_and(|p| p.from_captured));
    let Some(hand) = &def.hand else {
        return HandRules {
            captured_go_to: if to_reserve {
                CapturedGoTo::OwnersReserve
            } else {
                CapturedGoTo::Nowhere
            },
            captured_as,
            file_of,
            ..HandRules::default()
        };
    };
    let gate_kinds: Vec<u8> = hand.gate.as_ref().map_or_else(Vec::new, |(kinds, _)| {
        kinds.iter().map(|&k| k as u8).collect()
    });
    let gate_cells: [Vec<Cell>; 2] = crate::model::Hand::gate_cells(Some(hand), Some(&def.zones))
        .map(|cells| cells.iter().filter_map(|&c| grid.at(c)).collect());
    let gates_only: &[u8] = if hand.gate_or_drop { &[] } else { &gate_kinds };
    let drop_cells = drop_cells(def, hand, grid, gates_only);
    let neighbours = hand.drop_enclosing || hand.drop_next_to_own;
    let drop_masks = if neighbours && grid.cells.len() <= 128 {
        (drop_cells.iter())
            .map(|cells| cells.iter().fold(0u128, |m, &c| m | 1u128 << c))
            .collect()
    } else {
        Vec::new()
    };
    HandRules {
        captured_go_to: if hand.keep_captured {
            CapturedGoTo::CaptorsHand
        } else {
            CapturedGoTo::Nowhere
        },
        captured_as,
        drop_cells,
        drop_masks,
        one_per_file: mask(&hand.one_per_file),
        per_file: hand.per_file.clamp(1, 64) as u8,
        below: hand.on_top.then(|| {
            grid.cells
                .iter()
                .map(|&c| {
                    grid.at(crate::model::Coord {
                        file: c.file,
                        rank: c.rank - 1,
                    })
                })
                .collect()
        }),
        no_drop_mate: mask(&hand.no_drop_mate),
        no_drop_check: hand.no_drop_check,
        castle_by_drop: mask(&hand.castle_by_drop),
        split_colours: mask(&hand.split_colours),
        colour_of: grid
            .cells
            .iter()
            .map(|c| ((c.file + c.rank) & 1) as u8)
            .collect(),
        must_drop: hand.must_drop.as_ref().map_or(0, |kinds| {
            if kinds.is_empty() {
                u64::MAX >> (64 - def.pieces.len().max(1))
            } else {
                mask(kinds)
            }
        }),
        file_of,
        gate_slot: gate_cells.each_ref().map(|cells| {
            let mut slot = vec![NO_GATE; grid.cells.len()];
            for (i, &c) in cells.iter().enumerate() {
                slot[c as usize] = i.min(usize::from(NO_GATE) - 1) as u8;
            }
            slot
        }),
        gate_kinds,
        gate_cells,
        drop_promoted: drop_promoted(def, hand),
        unlimited: mask(&hand.unlimited),
        enclosing: hand.drop_enclosing,
        next_to_own: hand.drop_next_to_own,
        first_cells: [0, 1].map(|side| {
            (hand.first_drops_in.as_ref())
                .and_then(|zone| def.zones.get(zone))
                .map_or_else(Vec::new, |z| {
                    z[side].iter().filter_map(|&c| grid.at(c)).collect()
                })
        }),
    }
}

/// Per side and kind, the kinds its promotion makes, where `drop-promoted` lets it
/// be dropped so (a promotion on arrival, to kinds of the player's choosing).
fn drop_promoted(def: &Definition, hand: &crate::model::Hand) -> Vec<Vec<u8>> {
    let kinds = def.pieces.len();
    let mut faces = vec![Vec::new(); 2 * kinds];
    let Some(named) = &hand.drop_promoted else {
        return faces;
    };
    for side in 0..2 {
        for (kind, p) in def.pieces.iter().enumerate() {
            let Some(promo) = &p.promotion else {
                continue;
            };
            let listed = named.is_empty() || named.contains(&kind);
            if listed && !promo.in_place && !promo.from_captured && promo.from_queue.is_none() {
                faces[side * kinds + kind] =
                    promo.choices_for(side).iter().map(|&k| k as u8).collect();
            }
        }
    }
    faces
}

/// Per side and kind, the cells a piece of that kind drops on from the hand: its
/// zone, or the whole board (none for a kind that only gates).
fn drop_cells(
    def: &Definition,
    hand: &crate::model::Hand,
    grid: &Grid,
    gate_kinds: &[u8],
) -> Vec<Vec<Cell>> {
    let kinds = def.pieces.len();
    let all: Vec<Cell> = (0..grid.cells.len() as Cell).collect();
    let mut drop_cells = vec![Vec::new(); 2 * kinds];
    for side in 0..2 {
        for kind in 0..kinds {
            let zone = hand.drop_zones.iter().find(|(k, _)| *k == kind);
            if gate_kinds.contains(&(kind as u8)) {
                continue;
            }
            drop_cells[side * kinds + kind] = match zone {
                Some((_, name)) => def
                    .zones
                    .get(name)
                    .map_or(&[][..], |z| &z[side][..])
                    .iter()
                    .filter_map(|&c| grid.at(c))
                    .collect(),
                None => all.clone(),
            };
        }
    }
    drop_cells
}
