//! Checks and pins where every attack is a line attack: the nearest piece on each
//! reverse line from the royal piece attacks it, or, if it is the royal side's
//! own, is pinned by the next piece behind it that attacks along the line. Read
//! off the attack masks where the board has them (the nearest piece and the one
//! behind it are the lowest or highest occupied bits), walked cell by cell
//! otherwise.

use super::attack_masks::nearest_bit;
use super::{kind_of, side_of, Position};
use crate::compile::{AttackMasks, AttackRay, Cell, MaskLine};

impl Position<'_> {
    /// Whether the royal on `royal` is attacked, and which friendly pieces stand
    /// alone between it and an enemy that attacks along that line. Valid only when
    /// all attacks are line attacks.
    pub(super) fn checks_and_pins(&self, royal: Cell, pins: &mut Vec<Cell>) -> bool {
        pins.clear();
        match &self.rules.attacks.masked {
            Some(masks) => self.checks_and_pins_on_masks(masks, royal, pins),
            None => self.checks_and_pins_walked(royal, pins),
        }
    }

    /// [`Position::checks_and_pins`] by walking every reverse ray.
    pub(super) fn checks_and_pins_walked(&self, royal: Cell, pins: &mut Vec<Cell>) -> bool {
        let r = self.rules;
        let (a, b) = r.attacks.index[(1 - self.side) * r.cell_count() + royal as usize];
        let rays = &r.attacks.rays[a as usize..b as usize];
        rays.iter()
            .fold(false, |checked, ray| self.walk_for_pin(ray, pins) | checked)
    }

    /// [`Position::checks_and_pins`] read off `masks`.
    fn checks_and_pins_on_masks(
        &self,
        masks: &AttackMasks,
        royal: Cell,
        pins: &mut Vec<Cell>,
    ) -> bool {
        let r = self.rules;
        let by = 1 - self.side;
        let ranges = masks.index[by * r.cell_count() + royal as usize];
        let span = |(a, b): (u32, u32)| a as usize..b as usize;
        // a leaper gives check; nothing stands between it and the royal piece to pin
        let mut checked = (masks.leaps[span(ranges.leaps)].iter())
            .any(|l| self.leaper::<false>(l, royal, by, &mut |_, _| true));
        for line in &masks.lines[span(ranges.lines)] {
            checked |= self.line_for_pin(line, pins);
        }
        for &i in &masks.walked[span(ranges.walked)] {
            checked |= self.walk_for_pin(&r.attacks.rays[i as usize], pins);
        }
        checked
    }

    /// Along one masked line: whether its nearest piece is an enemy that attacks,
    /// and, where it is a friend, the friend pinned if the piece behind it attacks.
    #[inline(always)]
    fn line_for_pin(&self, line: &MaskLine, pins: &mut Vec<Cell>) -> bool {
        let by = 1 - self.side;
        let on = line.cells & (self.occupied[0] | self.occupied[1]);
        let Some(nearest) = nearest_bit(on, line.rising) else {
            return false;
        };
        let p = self.board[nearest as usize];
        if side_of(p) == by {
            let kinds = if nearest == line.first {
                line.near
            } else {
                line.far
            };
            return kinds >> kind_of(p) & 1 != 0;
        }
        if let Some(behind) = nearest_bit(on & !(1u128 << nearest), line.rising) {
            let q = self.board[behind as usize];
            if side_of(q) == by && line.far >> kind_of(q) & 1 != 0 {
                pins.push(nearest);
            }
        }
        false
    }

    /// Along one ray, cell by cell: as [`Position::line_for_pin`].
    fn walk_for_pin(&self, ray: &AttackRay, pins: &mut Vec<Cell>) -> bool {
        let attacks = &self.rules.attacks;
        let (cells, masks) = (attacks.cells_of(ray), attacks.kinds_of(ray));
        let by = 1 - self.side;
        let len = cells.len();
        let mut i = 0;
        while i < len && self.board[cells[i] as usize] == 0 {
            i += 1;
        }
        if i == len {
            return false;
        }
        let p = self.board[cells[i] as usize];
        if side_of(p) == by {
            return masks[i] & (1 << kind_of(p)) != 0;
        }
        let mut j = i + 1;
        while j < len && self.board[cells[j] as usize] == 0 {
            j += 1;
        }
        if j < len {
            let q = self.board[cells[j] as usize];
            if side_of(q) == by && masks[j] & (1 << kind_of(q)) != 0 {
                pins.push(cells[i]);
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    /// In every shipped definition with masks and line attacks only, along a
    /// random game, for each side's royal piece: the check and the set of pins
    /// read off the masks are those the walk finds.
    #[test]
    fn the_masks_find_the_checks_and_pins_the_walk_finds() {
        let (mut definitions, mut pinned) = (0, 0);
        for path in crate::shipped_definitions() {
            let text = std::fs::read_to_string(&path).expect("readable");
            let rules = crate::load_file(&path, &text).ruleset.expect("it loads");
            let Some(masks) = &rules.attacks.masked else {
                continue;
            };
            if !rules.flags.line_attacks_only {
                continue;
            }
            definitions += 1;
            super::super::random_game(&rules, &mut 11, 80, |pos| {
                let Some(&royal) = pos.royals[pos.side].first() else {
                    return;
                };
                let (mut walked, mut masked) = (Vec::new(), Vec::new());
                let check = pos.checks_and_pins_walked(royal, &mut walked);
                let masked_check = pos.checks_and_pins_on_masks(masks, royal, &mut masked);
                walked.sort_unstable();
                masked.sort_unstable();
                assert_eq!((masked_check, &masked), (check, &walked), "{}", pos.fen());
                pinned += walked.len();
            });
        }
        assert!(definitions > 20 && pinned > 100, "{definitions} {pinned}");
    }
}
