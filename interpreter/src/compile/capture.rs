//! Capture modes compiled: each kind's modes as flags (`KindCaptures`), the victims
//! each mode that takes on landing takes (`LandingVictims`), and what chameleons
//! imitate (`Mimicry`). The engine's `engine/capture/` reads these.

use crate::model::{CaptureMode, Definition};

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

/// Each kind's capture modes as flags, and what chameleons imitate.
pub(super) struct CaptureTables {
    pub(super) captures: Vec<KindCaptures>,
    pub(super) takeover: Vec<Option<Takeover>>,
    pub(super) mimicry: Mimicry,
    pub(super) immobilizer_kinds: u64,
    pub(super) chameleon_kinds: u64,
}

pub(super) fn capture_tables(def: &Definition) -> CaptureTables {
    let kinds = def.pieces.len();
    let mut captures = vec![KindCaptures::default(); kinds];
    let mut takeover = vec![None; kinds];
    let mut mimicry = Mimicry::default();
    let mut immobilizer_kinds = 0u64;
    let mut chameleon_kinds = 0u64;
    for (k, p) in def.pieces.iter().enumerate() {
        let c = &mut captures[k];
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
                    takeover[k] = Some(Takeover {
                        stop_beyond,
                        undefended,
                        adjacent,
                    })
                }
            }
        }
        c.swap = p.swap;
        let bit = 1u64 << k;
        if c.chameleon.is_some() {
            chameleon_kinds |= bit;
        } else {
            let mim = &mut mimicry;
            if c.approach.is_some() {
                mim.approach |= bit;
            }
            if c.withdraw.is_some() {
                mim.withdraw |= bit;
            }
            if c.overtake.is_some() {
                if c.overtake_adjacent {
                    mim.overtake_adjacent |= bit;
                } else {
                    mim.overtake |= bit;
                }
            }
            if c.pincer.is_some() {
                mim.pincer |= bit;
            }
            if c.coordinate.is_some() {
                mim.coordinate |= bit;
            }
            if p.rules.iter().any(|r| r.mode.captures()) {
                mim.replacement |= bit;
            }
            if c.swap {
                mim.swap |= bit;
            }
            if c.destruction {
                mim.destruction |= bit;
            }
            if c.recoil.is_some() {
                mim.recoil |= bit;
            }
            if c.vault {
                mim.vault |= bit;
            }
        }
        if p.immobilize {
            immobilizer_kinds |= bit;
        }
    }
    for c in captures.iter_mut() {
        let mimics = |m: u64| c.chameleon.is_some() && m != 0;
        c.vaults = c.vault || mimics(mimicry.vault);
        c.far = c.vaults || c.recoil.is_some() || mimics(mimicry.recoil);
        c.lands_capturing = c.approach.is_some()
            || c.withdraw.is_some()
            || c.recoil.is_some()
            || c.pincer.is_some()
            || c.coordinate.is_some()
            || mimics(
                mimicry.approach
                    | mimicry.withdraw
                    | mimicry.recoil
                    | mimicry.pincer
                    | mimicry.coordinate,
            );
        c.landing = LandingVictims::of(c, &mimicry);
    }
    CaptureTables {
        captures,
        takeover,
        mimicry,
        immobilizer_kinds,
        chameleon_kinds,
    }
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
