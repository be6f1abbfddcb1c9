//! Fairy-Stockfish's piece types: the key that names each, its moves in Betza
//! notation, and the name an imported definition gives it. The order is
//! Fairy-Stockfish's: where two keys give one letter, the later type keeps it.

/// A piece type: its key, its Betza, its vdl name.
pub struct Slot {
    pub key: &'static str,
    pub betza: &'static str,
    pub name: &'static str,
}

const fn slot(key: &'static str, betza: &'static str, name: &'static str) -> Slot {
    Slot { key, betza, name }
}

/// The predefined types, then the custom ones, then the king.
pub const PREDEFINED: &[Slot] = &[
    slot("pawn", "fmWfceF", "Pawn"),
    slot("knight", "N", "Knight"),
    slot("bishop", "B", "Bishop"),
    slot("rook", "R", "Rook"),
    slot("queen", "Q", "Queen"),
    slot("fers", "F", "Fers"),
    slot("alfil", "A", "Alfil"),
    slot("fersAlfil", "FA", "FersAlfil"),
    slot("silver", "FfW", "Silver"),
    slot("aiwok", "RNF", "Aiwok"),
    slot("bers", "RF", "Bers"),
    slot("archbishop", "BN", "Archbishop"),
    slot("chancellor", "RN", "Chancellor"),
    slot("amazon", "QN", "Amazon"),
    slot("knibis", "mNcB", "Knibis"),
    slot("biskni", "mBcN", "Biskni"),
    slot("kniroo", "mNcR", "Kniroo"),
    slot("rookni", "mRcN", "Rookni"),
    slot("shogiPawn", "fW", "ShogiPawn"),
    slot("lance", "fR", "Lance"),
    slot("shogiKnight", "fN", "ShogiKnight"),
    slot("gold", "WfF", "Gold"),
    slot("dragonHorse", "BW", "DragonHorse"),
    slot("clobber", "cW", "Clobber"),
    slot("breakthrough", "fmWfF", "Breakthrough"),
    slot("immobile", "", "Immobile"),
    slot("cannon", "mRcpR", "Cannon"),
    slot("janggiCannon", "pR", "JanggiCannon"),
    slot("soldier", "fsW", "Soldier"),
    slot("horse", "nN", "Horse"),
    slot("elephant", "nA", "Elephant"),
    slot("janggiElephant", "nZ", "JanggiElephant"),
    slot("banner", "RcpRnN", "Banner"),
    slot("wazir", "W", "Wazir"),
    slot("commoner", "K", "Commoner"),
    slot("centaur", "KN", "Centaur"),
];

/// Custom piece slots `customPiece1` ... (Fairy-Stockfish's large-board build has 25).
pub const CUSTOM_SLOTS: usize = 25;

/// Every type key in Fairy-Stockfish's order, with the custom slots and the king.
pub fn keys() -> Vec<String> {
    let mut keys: Vec<String> = PREDEFINED.iter().map(|s| s.key.to_string()).collect();
    keys.extend((1..=CUSTOM_SLOTS).map(|i| format!("customPiece{i}")));
    keys.push("king".to_string());
    keys
}

/// The vdl name of a type key.
pub fn name(key: &str) -> String {
    if let Some(s) = PREDEFINED.iter().find(|s| s.key == key) {
        return s.name.to_string();
    }
    if key == "king" {
        return "King".to_string();
    }
    match key.strip_prefix("customPiece") {
        Some(n) => format!("CustomPiece{n}"),
        None => key.to_string(),
    }
}

/// The predefined Betza of a type key (`None` for custom pieces).
pub fn betza(key: &str) -> Option<&'static str> {
    if key == "king" {
        return Some("K");
    }
    PREDEFINED.iter().find(|s| s.key == key).map(|s| s.betza)
}

/// A Betza string split into its moves: modifiers, an atom (doubled for a
/// rider) and a range. `None` when a character belongs to no move.
pub fn groups(betza: &str) -> Option<Vec<Group>> {
    let chars: Vec<char> = betza.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            i += 1;
        }
        let atom = *chars.get(i).filter(|c| c.is_ascii_uppercase())?;
        i += 1;
        if chars.get(i) == Some(&atom) {
            i += 1;
        }
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        out.push(Group {
            modifiers: chars[start..]
                .iter()
                .take_while(|c| c.is_ascii_lowercase())
                .collect(),
            rest: chars[start..i]
                .iter()
                .skip_while(|c| c.is_ascii_lowercase())
                .collect(),
        });
    }
    Some(out)
}

/// One move of a Betza string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub modifiers: String,
    /// The atom, doubled or with a range.
    pub rest: String,
}

impl Group {
    #[cfg(test)]
    pub fn text(&self) -> String {
        format!("{}{}", self.modifiers, self.rest)
    }

    pub fn has(&self, modifier: char) -> bool {
        self.modifiers.contains(modifier)
    }

    /// The group without one modifier.
    pub fn without(&self, modifier: char) -> Group {
        Group {
            modifiers: self.modifiers.chars().filter(|&c| c != modifier).collect(),
            rest: self.rest.clone(),
        }
    }
}

/// The single steps a Betza string's quiet moves make (forward is +y), enough to
/// tell whether a piece can move at all from a cell of an empty board (with its
/// moves allowed only from the start, if `initial`; with its hops as if they
/// needed no hurdle, if `hops`, as Fairy-Stockfish's table of a piece's moves on
/// an empty board has them).
pub(crate) fn quiet_steps(betza: &str, initial: bool, hops: bool) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for g in groups(betza).unwrap_or_default() {
        let hop = g.has('p') || g.has('g');
        if g.has('c') && !g.has('m') || (hop && !hops) || (!initial && g.has('i')) {
            continue;
        }
        let atom = g.rest.chars().next().unwrap_or(' ');
        let base: &[(i32, i32)] = match atom {
            'W' | 'R' => &[(1, 0)],
            'F' | 'B' => &[(1, 1)],
            'K' | 'Q' => &[(1, 0), (1, 1)],
            'D' => &[(2, 0)],
            'N' => &[(2, 1)],
            'A' => &[(2, 2)],
            'H' => &[(3, 0)],
            'C' => &[(3, 1)],
            'Z' => &[(3, 2)],
            'G' => &[(3, 3)],
            _ => &[],
        };
        let dirs: String = g
            .modifiers
            .chars()
            .filter(|c| "fblrvsh".contains(*c))
            .collect();
        for &(a, b) in base {
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (dx, dy) = (x * sx, y * sy);
                    if direction_allowed(&dirs, dx, dy) && !out.contains(&(dx, dy)) {
                        out.push((dx, dy));
                    }
                }
            }
        }
    }
    out
}

/// Whether a step is among those directional modifiers pick (a coarse reading:
/// `f` forward, `b` backward, `s`/`l`/`r` sideways, `v` vertical).
fn direction_allowed(dirs: &str, dx: i32, dy: i32) -> bool {
    if dirs.is_empty() {
        return true;
    }
    dirs.chars().any(|d| match d {
        'f' => dy > 0,
        'b' => dy < 0,
        'v' => dy != 0 && dy.abs() >= dx.abs(),
        's' => dx != 0 && dx.abs() >= dy.abs(),
        'l' => dx < 0,
        'r' => dx > 0,
        _ => true,
    })
}

/// Whether some quiet move of a Betza string (not one allowed only from the
/// start) can be undone by another: a sideways pawn step can, a forward one not.
pub(crate) fn reversible(betza: &str) -> bool {
    let steps = quiet_steps(betza, false, false);
    steps.iter().any(|&(dx, dy)| steps.contains(&(-dx, -dy)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn betza_splits_into_moves() {
        let g = groups("fmWfceFifmnD").unwrap_or_default();
        let texts: Vec<String> = g.iter().map(Group::text).collect();
        assert_eq!(texts, ["fmW", "fceF", "ifmnD"]);
        let g = groups("mQ2cNN").unwrap_or_default();
        assert_eq!(
            g.iter().map(Group::text).collect::<Vec<_>>(),
            ["mQ2", "cNN"]
        );
        assert_eq!(groups("fm"), None);
    }
}

impl Group {
    /// The move in vdl's Betza. Fairy-Stockfish reads a lone direction letter on
    /// an oblique atom as doubled (`fN` is `ffN`, the shogi knight), where XBetza
    /// and vdl read it as the whole half (four moves), so it is written doubled.
    pub fn to_vdl(&self) -> String {
        let atom = self.rest.chars().next().unwrap_or(' ');
        let rest: String = self
            .rest
            .chars()
            .map(|c| if c == 'J' { 'Z' } else { c })
            .collect();
        if !matches!(atom, 'N' | 'C' | 'Z' | 'J') {
            return format!("{}{rest}", self.modifiers);
        }
        let verticals = "fbvh";
        let horizontals = "rlsh";
        let is_dir = |c: char| verticals.contains(c) || horizontals.contains(c);
        let chars: Vec<char> = self.modifiers.chars().collect();
        let mut plain = String::new();
        let mut dirs = String::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if !is_dir(c) {
                plain.push(c);
                i += 1;
                continue;
            }
            let c2 = chars.get(i + 1).copied().filter(|&c2| {
                c2 == c
                    || (verticals.contains(c) && horizontals.contains(c2))
                    || (horizontals.contains(c) && verticals.contains(c2))
            });
            match (c, c2) {
                (_, Some(c2)) if c2 != c => {
                    dirs.push(c);
                    dirs.push(c2);
                    i += 2;
                }
                ('v' | 's', _) => {
                    dirs.push(c);
                    i += 1 + usize::from(c2.is_some());
                }
                _ => {
                    dirs.push(c);
                    dirs.push(c);
                    i += 1 + usize::from(c2.is_some());
                }
            }
        }
        format!("{plain}{dirs}{rest}")
    }
}

#[cfg(test)]
mod vdl_tests {
    use super::*;

    #[test]
    fn lone_directions_on_oblique_atoms_are_doubled() {
        let texts: Vec<String> = groups("fN mfrWmrfF vN fsN")
            .unwrap_or_default()
            .iter()
            .map(Group::to_vdl)
            .collect();
        assert_eq!(texts, ["ffN", "mfrW", "mrfF", "vN", "fsN"]);
    }
}
