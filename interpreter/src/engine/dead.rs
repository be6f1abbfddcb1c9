//! Dead positions: no sequence of legal moves can end in checkmate.
//!
//! Decided from the material alone, for any definition: the pieces on the board,
//! each confined to the cells its moves can ever reach from where it stands (a
//! bishop keeps its colour), are put on the board in every way; if no placement is
//! a checkmate, and none is for what captures can leave, no game can end in one.
//! This is FIDE's dead position for the material-only cases (K v K, K+B v K,
//! K+N v K, K+B v K+B with bishops of one colour), found by looking, not by a list.
//!
//! The search is exact but costs up to a few seconds, so it is made for small
//! material only, once per material (kept in `Ruleset::dead_material`), and only
//! where material can never grow or change: no promotions of the pieces there, no
//! drops or reserves, no takeovers, no capture modes other than replacement.

use super::{code, kind_of, Cell, Position};
use crate::compile::Ruleset;
use crate::model::{Setup, Side};

/// The most non-royal pieces a material may have to be looked at.
pub const MAX_DEAD_PIECES: usize = 4;

/// The most placements looked at for one material, about two seconds where
/// nothing cuts the search short; a larger material is taken as not dead. Where
/// new pieces can only block, most placements are cut at the second piece, so a
/// larger count is allowed.
const MAX_PLACEMENTS: u64 = 5_000_000;
const MAX_PLACEMENTS_CUT: u64 = 20_000_000_000;

/// A piece of a material: side, kind and the class of cells it is confined to.
type Token = (u8, u16, u16);

impl Position<'_> {
    /// Whether no sequence of legal moves can end in checkmate (see the module).
    pub fn is_dead(&self) -> bool {
        let rules = self.rules;
        let pieces = self.lists[0].len() + self.lists[1].len();
        if pieces > MAX_DEAD_PIECES + 2 || !material_fixed(rules) {
            return false;
        }
        if self.royals.iter().any(|r| r.len() != 1) {
            return false;
        }
        let mut material: Vec<Token> = Vec::with_capacity(pieces);
        for side in 0..2 {
            for &c in &self.lists[side] {
                let p = self.board[c as usize];
                let kind = kind_of(p);
                if rules.promotion_of(side, kind).is_some() {
                    return false;
                }
                let class = rules.dead_material.cell_class(rules, side, kind, c);
                material.push((side as u8, kind as u16, class));
            }
        }
        material.sort_unstable();
        dead(rules, material)
    }
}

/// Whether a piece of `side`'s `kind`, alone with the royal pieces, can ever
/// checkmate (on any of the cells it may stand on): chess's knight and bishop
/// cannot. None where the answer would not last (the material can change: see
/// the module), for a royal kind or one that promotes, and where a side starts
/// with other than one royal piece.
pub fn lone_piece_mates(rules: &Ruleset, side: usize, kind: usize) -> Option<bool> {
    if !material_fixed(rules) || rules.royal[kind] || rules.promotion_of(side, kind).is_some() {
        return None;
    }
    let start = Position::start(rules);
    let mut royals = Vec::with_capacity(3);
    for (s, cells) in start.royals.iter().enumerate() {
        let [c] = cells[..] else { return None };
        let k = kind_of(start.board[c as usize]);
        royals.push((
            s as u8,
            k as u16,
            rules.dead_material.cell_class(rules, s, k, c),
        ));
    }
    let mut classes: Vec<u16> = (0..rules.cell_count() as Cell)
        .map(|c| rules.dead_material.cell_class(rules, side, kind, c))
        .collect();
    classes.sort_unstable();
    classes.dedup();
    Some(classes.into_iter().any(|class| {
        let mut material = royals.clone();
        material.push((side as u8, kind as u16, class));
        material.sort_unstable();
        !dead(rules, material)
    }))
}

/// Material can only shrink, by captures of whole pieces.
fn material_fixed(rules: &Ruleset) -> bool {
    let f = &rules.flags;
    !(f.special
        || f.drops
        || f.reserves
        || f.two_cell
        || f.goals
        || rules.goals.must_capture
        || rules.goals.no_check
        || rules.goals.captures_checker != 0
        || rules.flags.explosions
        || rules.definition.end.royal_capture)
        && rules.capture.takeover.iter().all(Option::is_none)
}

/// Dead: no checkmate with this material, nor with any left after a capture.
fn dead(rules: &Ruleset, material: Vec<Token>) -> bool {
    if let Some(known) = rules.dead_material.get(&material) {
        return known;
    }
    let royal = |t: &Token| rules.royal[t.1 as usize];
    // The cheap test first: a material too large to look at is not dead.
    let budget = if rules.flags.filling_only_blocks {
        MAX_PLACEMENTS_CUT
    } else {
        MAX_PLACEMENTS
    };
    let is_dead = placements(rules, &material) <= budget
        && (0..material.len())
            .filter(|&i| !royal(&material[i]))
            .all(|i| {
                let mut less = material.clone();
                less.remove(i);
                dead(rules, less)
            })
        && !mate_exists(rules, &material);
    rules.dead_material.insert(material, is_dead);
    is_dead
}

/// How many ways the material can be put on the board (identical pieces counted
/// once per set of cells), at most.
fn placements(rules: &Ruleset, material: &[Token]) -> u64 {
    let mut total: u64 = 1;
    let mut run = 0u64;
    for (i, &(side, kind, class)) in material.iter().enumerate() {
        let cells = rules
            .dead_material
            .class_cells(rules, side as usize, kind as usize, class)
            .len() as u64;
        run = if i > 0 && material[i - 1] == material[i] {
            run + 1
        } else {
            1
        };
        total = total.saturating_mul(cells) / run;
    }
    total
}

/// Whether some placement of the material is a legal position with the side to
/// move checkmated.
fn mate_exists(rules: &Ruleset, material: &[Token]) -> bool {
    let empty = Setup {
        placements: Vec::new(),
        ..rules.definition.start_setup(0)
    };
    let mut pos = Position::from_setup(rules, &empty);
    pos.castling = 0;
    pos.ep = super::EnPassant::NONE;
    [Side::White, Side::Black].into_iter().any(|stm| {
        // The mated royal first, then the pieces that may check it, then the rest:
        // placements where nothing could attack the royal are cut early.
        let s = stm.index() as u8;
        let royal = |t: &&Token| t.0 == s && rules.royal[t.1 as usize];
        let mut order: Vec<Token> = material.iter().filter(royal).copied().collect();
        if order.len() != 1 {
            return false;
        }
        order.extend(material.iter().filter(|t| t.0 != s));
        let checkers = order.len();
        order.extend(material.iter().filter(|t| t.0 == s && !royal(t)));
        let cells: Vec<Vec<Cell>> = order
            .iter()
            .map(|&(side, kind, class)| {
                rules
                    .dead_material
                    .class_cells(rules, side as usize, kind as usize, class)
            })
            .collect();
        let reach: Vec<Vec<bool>> = order
            .iter()
            .zip(&cells)
            .map(|(&(side, kind, _), cells)| {
                attack_reach(rules, side as usize, kind as usize, cells)
            })
            .collect();
        let mut may_stand = vec![false; rules.cell_count()];
        pos.side = stm.index();
        Placement {
            material: &order,
            cells: &cells,
            reach: &reach,
            may_stand: &mut may_stand,
            checkers,
            placed: Vec::with_capacity(order.len()),
            moves: Vec::new(),
        }
        .place_from(&mut pos)
    })
}

/// The cells a piece could capture on from any cell of its region.
fn attack_reach(rules: &Ruleset, side: usize, kind: usize, cells: &[Cell]) -> Vec<bool> {
    let mut reach = vec![false; rules.cell_count()];
    for &c in cells {
        for r in rules.rays_of(side, kind, c).iter().filter(|r| r.capture) {
            let start = r.start as usize;
            for &t in &rules.moves.cells[start..start + r.len as usize] {
                reach[t as usize] = true;
            }
        }
    }
    reach
}

struct Placement<'a> {
    material: &'a [Token],
    cells: &'a [Vec<Cell>],
    /// Per piece, where it could capture from somewhere in its region.
    reach: &'a [Vec<bool>],
    /// Scratch: cells some piece still to come may stand on.
    may_stand: &'a mut Vec<bool>,
    /// Pieces `1..checkers` are the enemies of the royal placed first.
    checkers: usize,
    placed: Vec<Cell>,
    moves: Vec<super::Move>,
}

impl Placement<'_> {
    /// Put the next piece on every free cell of its class (identical pieces in
    /// increasing cell order); true at the first checkmate.
    fn place_from(&mut self, pos: &mut Position) -> bool {
        let i = self.placed.len();
        if i == self.checkers && !self.may_check(pos) {
            return false;
        }
        if i == self.material.len() {
            return self.checkmate(pos);
        }
        let (side, kind, _) = self.material[i];
        let after = (i > 0 && self.material[i - 1] == self.material[i]).then(|| self.placed[i - 1]);
        for &c in &self.cells[i] {
            if pos.board[c as usize] != 0 || after.is_some_and(|a| c <= a) {
                continue;
            }
            pos.place(c, code(side as usize, kind as usize));
            self.placed.push(c);
            let found = !self.royal_escapes(pos) && self.place_from(pos);
            self.placed.pop();
            pos.remove(c);
            if found {
                return true;
            }
        }
        false
    }

    /// Some enemy piece may check the royal: it does now, when the pieces still
    /// to come can only block; else some enemy has a capturing ray through it.
    fn may_check(&self, pos: &Position) -> bool {
        let rules = pos.rules;
        if rules.flags.filling_only_blocks {
            return pos.in_check(pos.side_to_move());
        }
        let royal = self.placed[0];
        (1..self.checkers).any(|i| {
            let (side, kind, _) = self.material[i];
            rules
                .rays_of(side as usize, kind as usize, self.placed[i])
                .iter()
                .filter(|r| r.capture)
                .any(|r| {
                    let start = r.start as usize;
                    rules.moves.cells[start..start + r.len as usize].contains(&royal)
                })
        })
    }

    /// The royal (placed first) will have a safe step whatever comes next: a cell
    /// next to it that is empty, that no piece still to come may stand on or (an
    /// enemy) capture on, and that no enemy placed attacks with the royal gone.
    /// Sound only where new pieces can only block.
    fn royal_escapes(&mut self, pos: &mut Position) -> bool {
        let rules = pos.rules;
        if !rules.flags.filling_only_blocks {
            return false;
        }
        let royal = self.placed[0];
        let me = pos.side_to_move();
        let p = pos.board[royal as usize];
        let rest = self.placed.len()..self.material.len();
        self.may_stand.iter_mut().for_each(|m| *m = false);
        for i in rest.clone() {
            for &c in &self.cells[i] {
                self.may_stand[c as usize] = true;
            }
        }
        let enemy_reach = |t: Cell| {
            rest.clone()
                .any(|i| i < self.checkers && self.reach[i][t as usize])
        };
        let steps: Vec<Cell> = rules
            .rays_of(me.index(), kind_of(p), royal)
            .iter()
            .filter(|r| r.quiet && r.len > 0)
            .map(|r| rules.moves.cells[r.start as usize])
            .filter(|&t| {
                pos.board[t as usize] == 0 && !self.may_stand[t as usize] && !enemy_reach(t)
            })
            .collect();
        if steps.is_empty() {
            return false;
        }
        pos.set_cell(royal, 0);
        let free = steps.iter().any(|&t| !pos.attacked(t, me.opponent()));
        pos.set_cell(royal, p);
        free
    }

    /// A legal position (the side not to move is not in check) with the side to
    /// move checkmated.
    fn checkmate(&mut self, pos: &mut Position) -> bool {
        let stm = pos.side_to_move();
        if !pos.in_check(stm) || pos.in_check(stm.opponent()) {
            return false;
        }
        self.moves.clear();
        pos.legal_moves(&mut self.moves);
        self.moves.is_empty()
    }
}
