//! Capture modes compiled: each kind's modes as flags (`KindCaptures`), the victims
//! each mode that takes on landing takes (`LandingVictims`), and what chameleons
//! imitate (`Mimicry`). The engine's `engine/capture/` reads these.

use super::rays::Grid;
use crate::model::{CaptureMode, CaptureOnly, Definition, Immobilization, PieceDef};

/// A kind's capture modes besides replacement, as flags and options.
#[derive(Clone, Copy, Debug, Default)]
pub struct KindCaptures {
    /// `Some(optional)`.
    pub approach: Option<bool>,
    pub withdraw: Option<bool>,
    /// `Some(single)`.
    pub overtake: Option<bool>,
    /// The overtake takes only the adjacent piece, landing right behind it.
    pub overtake_adjacent: bool,
    /// `Some((all_directions, optional))`.
    pub pincer: Option<(bool, bool)>,
    pub coordinate: Option<bool>,
    /// `Some(replacement)`: mimics its victims.
    pub chameleon: Option<bool>,
    /// Exchanges places with the first piece on a line it moves along.
    pub swap: bool,
    /// Removes an adjacent enemy together with itself.
    pub destruction: bool,
    /// `Some(optional)`.
    pub recoil: Option<bool>,
    pub vault: bool,
    /// Derived: it vaults, natively or as a chameleon.
    pub vaults: bool,
    /// Derived: it may capture far along its lines, past pieces (a vault or a
    /// recoil, natively or as a chameleon).
    pub far: bool,
    /// Derived: a landing may capture by its own rules (approach, withdrawal,
    /// recoil, pincer, coordination, natively or as a chameleon); without, a
    /// landing takes only what it jumped.
    pub lands_capturing: bool,
    /// Derived: the victims each landing mode takes.
    pub landing: LandingVictims,
}

/// Per landing mode, the victims a kind takes natively (any kind) and as a
/// chameleon (the kinds that capture that way).
#[derive(Clone, Copy, Debug, Default)]
pub struct LandingVictims {
    pub approach: Victims,
    pub withdraw: Victims,
    pub recoil: Victims,
    pub pincer: Victims,
    /// Diagonal pincers: natively only, with `all-directions`.
    pub pincer_diagonal: Victims,
    pub coordinate: Victims,
}

/// The victim kinds a mode takes on a landing, as masks of kinds: mandatorily and
/// optionally.
pub type Victims = (u64, u64);

pub const NO_VICTIMS: Victims = (0, 0);

/// A kind's takeover captures (which convert the victim instead of removing it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Takeover {
    pub stop_beyond: bool,
    pub undefended: bool,
    pub adjacent: bool,
}

/// For chameleons: which victim kinds each mode may take (kinds that capture that way).
#[derive(Clone, Copy, Debug, Default)]
pub struct Mimicry {
    pub approach: u64,
    pub withdraw: u64,
    pub overtake: u64,
    /// Kinds that overtake only the adjacent piece (a chameleon takes them so).
    pub overtake_adjacent: u64,
    pub pincer: u64,
    pub coordinate: u64,
    /// Kinds that capture by moving onto their victim.
    pub replacement: u64,
    /// Kinds that swap (a chameleon swaps with them) and that destroy themselves with
    /// their victim (a chameleon next to them may do the same to them).
    pub swap: u64,
    pub destruction: u64,
    pub recoil: u64,
    pub vault: u64,
}

/// How the pieces capture besides replacement, by concern: each kind's modes as
/// flags, what chameleons imitate, freezing, and the zones and blasts that change
/// captures.
#[derive(Clone, Debug)]
pub struct CaptureRules {
    /// Per kind, its capture modes.
    pub modes: Vec<KindCaptures>,
    /// Per kind: its takeover, if it has one.
    pub takeover: Vec<Option<Takeover>>,
    /// Kinds a takeover never converts: `immune` and royal pieces.
    pub immune: u64,
    pub mimicry: Mimicry,
    /// Kinds that immobilize, and kinds that mimic (chameleons), as masks.
    pub immobilizer_kinds: u64,
    pub chameleon_kinds: u64,
    pub immobilization: Immobilization,
    /// A frozen piece may remove itself.
    pub suicide: bool,
    /// The kinds whose every capture is by replacement: no capture mode, no
    /// takeover, one cell (as a mask).
    pub replacing_only: u64,
    /// Per side, the cells of `capture-only` zones: a move may end there only when
    /// the capture it makes needs it.
    pub capture_only: [Vec<bool>; 2],
    /// The cells of those zones under the `fewest-crossed` rule.
    pub fewest_crossed: [Vec<bool>; 2],
    /// With explosions: the kinds a blast leaves standing next to the capture's
    /// cell, as a mask.
    pub blast_spared: u64,
    /// The kinds no blast removes, capturing or not (`explosions ... immune`).
    pub blast_immune: u64,
    /// The kinds that turn to walls after capturing (`petrifies`), as a mask.
    pub petrify: u64,
    /// Per kind, the enemy pieces it turns over when it arrives (`flips`).
    pub flips: Vec<Option<crate::model::Flip>>,
    /// The kinds that never turn over (royal, `immune`, two-cell), as a mask.
    pub never_turn: u64,
    /// The board's neighbour steps, by their places in the unit-step table.
    pub neighbour_slots: Vec<usize>,
    /// Per cell, its neighbours as a mask, where flips or the drop rules on
    /// neighbours need them and the board fits a mask (else empty).
    pub neighbour_masks: Vec<u128>,
    /// Under `drop-enclosing` or `drop-next-to-own` (without `one-per-file` or
    /// `on-top`), on a board that fits a mask, where every piece may turn: per
    /// neighbour step, how far a cell's bit shifts to its neighbour's, and the cells
    /// that have that neighbour (else empty).
    pub neighbour_rays: Vec<(i32, u128)>,
}

pub(super) fn capture_rules(def: &Definition, grid: &Grid) -> CaptureRules {
    let kinds = def.pieces.len();
    let mut modes = vec![KindCaptures::default(); kinds];
    let mut takeover = vec![None; kinds];
    let mut mimicry = Mimicry::default();
    let (mut immobilizer_kinds, mut chameleon_kinds) = (0u64, 0u64);
    for (k, p) in def.pieces.iter().enumerate() {
        (modes[k], takeover[k]) = kind_captures(p);
        let bit = 1u64 << k;
        if modes[k].chameleon.is_some() {
            chameleon_kinds |= bit;
        } else {
            mimicry.add(&modes[k], p, bit);
        }
        if p.immobilize {
            immobilizer_kinds |= bit;
        }
    }
    for c in modes.iter_mut() {
        c.derive(&mimicry);
    }
    let (capture_only, fewest_crossed) = capture_only_tables(def, grid);
    let replacing_only = (def.pieces.iter().enumerate())
        .filter(|&(k, p)| !modes[k].any() && takeover[k].is_none() && p.two_cell.is_none())
        .fold(0u64, |m, (k, _)| m | 1 << k);
    CaptureRules {
        modes,
        takeover,
        immune: def
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.immune || p.royal)
            .fold(0u64, |m, (k, _)| m | 1 << k),
        mimicry,
        immobilizer_kinds,
        chameleon_kinds,
        immobilization: def.immobilization,
        suicide: def.suicide,
        replacing_only,
        capture_only,
        fewest_crossed,
        blast_spared: def.explosions.as_ref().map_or(0, |e| {
            (e.spared.iter().chain(&e.immune)).fold(0u64, |m, &k| m | 1 << k)
        }),
        blast_immune: def
            .explosions
            .as_ref()
            .map_or(0, |e| e.immune.iter().fold(0u64, |m, &k| m | 1 << k)),
        flips: def.pieces.iter().map(|p| p.flips).collect(),
        never_turn: (def.pieces.iter().enumerate())
            .filter(|(_, p)| p.royal || p.immune || p.two_cell.is_some())
            .fold(0u64, |m, (k, _)| m | 1 << k),
        neighbour_masks: Vec::new(),
        neighbour_rays: Vec::new(),
        neighbour_slots: (crate::model::Offset::neighbours(def.board.tiling).iter())
            .map(|&o| super::Ruleset::unit_slot(o))
            .collect(),
        petrify: (def.pieces.iter().enumerate())
            .filter(|(_, p)| p.petrifies)
            .fold(0u64, |m, (k, _)| m | 1 << k),
    }
}

/// A piece's capture modes as flags, and its takeover.
fn kind_captures(p: &PieceDef) -> (KindCaptures, Option<Takeover>) {
    let mut c = KindCaptures::default();
    let mut takeover = None;
    for m in &p.captures {
        match *m {
            CaptureMode::Approach { optional } => c.approach = Some(optional),
            CaptureMode::Withdraw { optional } => c.withdraw = Some(optional),
            CaptureMode::Overtake { single, adjacent } => {
                c.overtake = Some(single || adjacent);
                c.overtake_adjacent = adjacent;
            }
            CaptureMode::Pincer {
                all_directions,
                optional,
            } => c.pincer = Some((all_directions, optional)),
            CaptureMode::Coordinate { optional } => c.coordinate = Some(optional),
            CaptureMode::Chameleon { replacement } => c.chameleon = Some(replacement),
            CaptureMode::MutualDestruction => c.destruction = true,
            CaptureMode::Recoil { optional } => c.recoil = Some(optional),
            CaptureMode::Vault => c.vault = true,
            CaptureMode::Takeover {
                stop_beyond,
                undefended,
                adjacent,
            } => {
                takeover = Some(Takeover {
                    stop_beyond,
                    undefended,
                    adjacent,
                })
            }
        }
    }
    c.swap = p.swap;
    (c, takeover)
}

impl Mimicry {
    /// A kind (`bit`) that is no chameleon, with its modes `c`: what a chameleon
    /// taking it imitates.
    fn add(&mut self, c: &KindCaptures, p: &PieceDef, bit: u64) {
        let mark = |has: bool, mask: &mut u64| {
            if has {
                *mask |= bit;
            }
        };
        mark(c.approach.is_some(), &mut self.approach);
        mark(c.withdraw.is_some(), &mut self.withdraw);
        mark(
            c.overtake.is_some() && c.overtake_adjacent,
            &mut self.overtake_adjacent,
        );
        mark(
            c.overtake.is_some() && !c.overtake_adjacent,
            &mut self.overtake,
        );
        mark(c.pincer.is_some(), &mut self.pincer);
        mark(c.coordinate.is_some(), &mut self.coordinate);
        mark(
            p.rules.iter().any(|r| r.mode.captures()),
            &mut self.replacement,
        );
        mark(c.swap, &mut self.swap);
        mark(c.destruction, &mut self.destruction);
        mark(c.recoil.is_some(), &mut self.recoil);
        mark(c.vault, &mut self.vault);
    }
}

impl KindCaptures {
    /// The flags derived from a kind's modes and what it imitates.
    fn derive(&mut self, mimicry: &Mimicry) {
        let chameleon = self.chameleon.is_some();
        let mimics = |m: u64| chameleon && m != 0;
        self.vaults = self.vault || mimics(mimicry.vault);
        self.far = self.vaults || self.recoil.is_some() || mimics(mimicry.recoil);
        self.lands_capturing = self.approach.is_some()
            || self.withdraw.is_some()
            || self.recoil.is_some()
            || self.pincer.is_some()
            || self.coordinate.is_some()
            || mimics(
                mimicry.approach
                    | mimicry.withdraw
                    | mimicry.recoil
                    | mimicry.pincer
                    | mimicry.coordinate,
            );
        self.landing = LandingVictims::of(self, mimicry);
    }
}

/// Per side, the cells of `capture-only` zones, and those under `fewest-crossed`.
fn capture_only_tables(def: &Definition, grid: &Grid) -> ([Vec<bool>; 2], [Vec<bool>; 2]) {
    let n = grid.cells.len();
    let mut capture_only = [vec![false; n], vec![false; n]];
    let mut fewest_crossed = [vec![false; n], vec![false; n]];
    for (name, rule) in &def.capture_only_zones {
        if let Some(z) = def.zones.get(name) {
            for side in 0..2 {
                for c in z[side].iter().filter_map(|c| grid.at(*c)) {
                    capture_only[side][c as usize] = true;
                    if *rule == CaptureOnly::FewestCrossed {
                        fewest_crossed[side][c as usize] = true;
                    }
                }
            }
        }
    }
    (capture_only, fewest_crossed)
}

impl LandingVictims {
    fn of(c: &KindCaptures, mim: &Mimicry) -> LandingVictims {
        let chameleon = c.chameleon.is_some();
        let victims = |native: Option<bool>, mimicked: u64| victims(native, chameleon, mimicked);
        let pincer = c.pincer.map(|p| p.1);
        LandingVictims {
            approach: victims(c.approach, mim.approach),
            withdraw: victims(c.withdraw, mim.withdraw),
            recoil: victims(c.recoil, mim.recoil),
            pincer: victims(pincer, mim.pincer),
            pincer_diagonal: if c.pincer.is_some_and(|p| p.0) {
                victims(pincer, 0)
            } else {
                NO_VICTIMS
            },
            coordinate: victims(c.coordinate, mim.coordinate),
        }
    }
}

/// The victims of a mode a kind has natively (`Some(optional)`: any kind) and, for
/// a chameleon, by mimicry (mandatory: the kinds in `mimicked`).
fn victims(native: Option<bool>, chameleon: bool, mimicked: u64) -> Victims {
    let mimicked = if chameleon { mimicked } else { 0 };
    match native {
        Some(false) => (!0, 0),
        Some(true) => (mimicked, !0),
        None => (mimicked, 0),
    }
}

impl KindCaptures {
    pub fn any(&self) -> bool {
        self.approach.is_some()
            || self.withdraw.is_some()
            || self.overtake.is_some()
            || self.pincer.is_some()
            || self.coordinate.is_some()
            || self.chameleon.is_some()
            || self.swap
            || self.destruction
            || self.recoil.is_some()
            || self.vault
    }
}
