//! Betza notation (with the common XBetza extensions) to move rules.
//!
//! A string is a list of groups, `modifiers* ATOM [ATOM] [range]`, optionally
//! separated by spaces. Atoms: W F D N A H C Z G (leapers), K = WF, and the
//! riders R = WW, B = FF, Q = WWFF. A doubled leaper atom (`NN`) or a range
//! digit (`W4`, `R4`) makes a rider. Modifiers: `m` move only, `c` capture only,
//! `i` initial, `n` lame (non-jumping) leaper, `p` cannon-style hopper,
//! `g` grasshopper, `z` crooked (a rider turning left and right in turn: `zB`),
//! `q` circular (a leaper going on round its circle: `qN`, the rose), and
//! directions `f b l r v s h`, paired as in XBetza. The XBetza leg modifiers
//! (`a`, `y`, `o`, `j`, ...) are not read: the structured form says those moves.

use crate::model::{Geometry, MoveMode, MoveRule, Offset, Tiling};

/// A problem at a byte range of the Betza string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaError {
    pub offset: usize,
    pub len: usize,
    pub message: String,
    pub help: String,
}

const ATOMS: &str = "W F D N A H C Z G K R B Q";
const MODIFIERS: &str = "m c i n p g z q f b l r v s h";

fn leaper(atom: char) -> Option<(i32, i32)> {
    Some(match atom {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (2, 1),
        'A' => (2, 2),
        'H' => (3, 0),
        'C' => (3, 1),
        'Z' => (3, 2),
        'G' => (3, 3),
        _ => return None,
    })
}

/// The leaper atoms an atom stands for, and whether it is a rider by itself.
fn expand(atom: char) -> Option<(&'static [char], bool)> {
    Some(match atom {
        'K' => (&['W', 'F'], false),
        'R' => (&['W'], true),
        'B' => (&['F'], true),
        'Q' => (&['W', 'F'], true),
        'W' => (&['W'], false),
        'F' => (&['F'], false),
        'D' => (&['D'], false),
        'N' => (&['N'], false),
        'A' => (&['A'], false),
        'H' => (&['H'], false),
        'C' => (&['C'], false),
        'Z' => (&['Z'], false),
        'G' => (&['G'], false),
        _ => return None,
    })
}

fn error(offset: usize, len: usize, message: String, help: &str) -> BetzaError {
    BetzaError {
        offset,
        len: len.max(1),
        message,
        help: help.to_string(),
    }
}

pub fn parse(text: &str, tiling: Tiling) -> Result<Vec<MoveRule>, BetzaError> {
    parse_groups(text, tiling).map(|(rules, _)| rules)
}

/// The byte range of each group of a Betza string (a rule's `written` index is its
/// group's place in this list).
pub fn group_spans(text: &str) -> Vec<(usize, usize)> {
    parse_groups(text, Tiling::Square)
        .map(|(_, s)| s)
        .unwrap_or_default()
}

/// The byte offset of the character at `i`, or the text's end.
fn i_end(chars: &[(usize, char)], i: usize, end: usize) -> usize {
    chars.get(i).map_or(end, |c| c.0)
}

type Groups = (Vec<MoveRule>, Vec<(usize, usize)>);

/// The range written after an atom (from `chars[*i]` on, which it moves past), if
/// any: at least 1, and not for `K`.
fn read_range(
    text: &str,
    chars: &[(usize, char)],
    i: &mut usize,
    atom: char,
) -> Result<Option<u32>, BetzaError> {
    let digits_at = i_end(chars, *i, text.len());
    while *i < chars.len() && chars[*i].1.is_ascii_digit() {
        *i += 1;
    }
    let digits_end = i_end(chars, *i, text.len());
    if digits_end == digits_at {
        return Ok(None);
    }
    let n: u32 = text[digits_at..digits_end].parse().unwrap_or(u32::MAX);
    let len = digits_end - digits_at;
    if n == 0 {
        return Err(error(
            digits_at,
            len,
            "a range of zero allows no move".into(),
            "a range counts steps and is at least 1",
        ));
    }
    if atom == 'K' {
        return Err(error(
            digits_at,
            len,
            "a range does not apply to `K`".into(),
            "write the king's rider as `Q` with a range, e.g. `Q2`",
        ));
    }
    Ok(Some(n))
}

fn parse_groups(text: &str, tiling: Tiling) -> Result<Groups, BetzaError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut rules = Vec::new();
    let mut spans = Vec::new();
    let mut i = 0;
    let mut mods: Vec<(usize, char)> = Vec::new();
    while i < chars.len() {
        let (at, ch) = chars[i];
        if ch.is_whitespace() {
            if let Some(&(m_at, _)) = mods.first() {
                return Err(error(
                    m_at,
                    at - m_at,
                    "modifiers must be followed by an atom".into(),
                    "write the atom right after its modifiers, e.g. `fmW`",
                ));
            }
            i += 1;
            continue;
        }
        if MODIFIERS.split(' ').any(|m| m.starts_with(ch)) {
            mods.push((at, ch));
            i += 1;
            continue;
        }
        let Some((atoms, mut rider)) = expand(ch) else {
            let what = if ch.is_ascii_digit() {
                "a range must follow an atom".to_string()
            } else {
                format!("`{ch}` is not a Betza atom or modifier")
            };
            return Err(error(
                at,
                ch.len_utf8(),
                what,
                &format!("atoms are {ATOMS}; modifiers are {MODIFIERS}"),
            ));
        };
        let atom_at = at;
        i += 1;
        // A doubled leaper atom is its rider.
        // (`RR` and `KK` are the atom written twice; the checker warns that the
        // second adds no move.)
        if i < chars.len() && chars[i].1 == ch && !rider && ch != 'K' {
            rider = true;
            i += 1;
        }
        let range = read_range(text, &chars, &mut i, ch)?;
        rider |= range.is_some();
        let start = mods.first().map_or(atom_at, |m| m.0);
        spans.push((start, i_end(&chars, i, text.len()) - start));
        let written = (spans.len() - 1) as u16;
        rules.extend(
            group(
                &mods,
                Atom {
                    at: atom_at,
                    leaps: atoms,
                    rider,
                    range,
                },
                tiling,
            )?
            .into_iter()
            .map(|r| MoveRule { written, ..r }),
        );
        mods.clear();
    }
    if let Some(&(m_at, _)) = mods.first() {
        return Err(error(
            m_at,
            text.len() - m_at,
            "modifiers at the end of the string have no atom".into(),
            "write the atom right after its modifiers, e.g. `fmW`",
        ));
    }
    Ok((rules, spans))
}

/// What a group's modifiers say, each with where it was written.
struct Modifiers {
    mode: MoveMode,
    initial: bool,
    lame: Option<usize>,
    /// `p` or `g` (`true`: land right behind).
    hop: Option<(usize, bool)>,
    crooked: Option<usize>,
    circular: Option<usize>,
    /// The direction modifiers, in order.
    dirs: Vec<char>,
}

impl Modifiers {
    fn read(mods: &[(usize, char)]) -> Modifiers {
        let has = |c: char| mods.iter().find(|m| m.1 == c).map(|m| m.0);
        Modifiers {
            mode: match (has('m'), has('c')) {
                (Some(_), None) => MoveMode::Quiet,
                (None, Some(_)) => MoveMode::Capture,
                _ => MoveMode::Both,
            },
            initial: has('i').is_some(),
            lame: has('n'),
            hop: has('p')
                .map(|at| (at, false))
                .or(has('g').map(|at| (at, true))),
            crooked: has('z'),
            circular: has('q'),
            dirs: mods
                .iter()
                .map(|m| m.1)
                .filter(|c| "fblrvsh".contains(*c))
                .collect(),
        }
    }

    /// The modifiers that do not apply to this atom (a rider or not, with a range
    /// or not, on this tiling).
    fn check(&self, rider: bool, range: Option<u32>, tiling: Tiling) -> Result<(), BetzaError> {
        let refuse = |at: usize, what: &str, help: &str| Err(error(at, 1, what.into(), help));
        if let Some(at) = self.lame.filter(|_| rider) {
            return refuse(
                at,
                "`n` (lame) applies to leapers, not riders",
                "a rider is already blocked by the pieces in its way",
            );
        }
        if let Some((at, _)) = self.hop {
            if !rider {
                return refuse(
                    at,
                    "`p` and `g` (hoppers) apply to riders",
                    "write the hopper's line as a rider, e.g. `pR` or `gQ`",
                );
            }
            if range.is_some() {
                return refuse(
                    at,
                    "a hopper cannot have a range",
                    "hoppers ride the whole line",
                );
            }
        }
        if let Some(at) = self.crooked {
            if tiling == Tiling::Hex {
                return refuse(
                    at,
                    "`z` (crooked) is not defined on hexagonal cells",
                    "write the zigzag's steps out: `moves { zigzag (1,0) (0,1) all }`",
                );
            }
            if !rider || self.hop.is_some() {
                return refuse(
                    at,
                    "`z` (crooked) applies to riders",
                    "`zB` is the crooked bishop: a bishop turning left and right in turn",
                );
            }
        }
        let plain = !rider && self.lame.is_none() && self.hop.is_none() && self.crooked.is_none();
        if let Some(at) = self.circular.filter(|_| !plain) {
            return refuse(
                at,
                "`q` (circular) applies to a plain leaper",
                "`qN` is the rose: knight leaps going on round a circle",
            );
        }
        Ok(())
    }

    /// The geometries of one of the atom's offsets, `o` (of `images` in all).
    fn geometries(&self, o: Offset, images: usize, atom: &Atom, tiling: Tiling) -> Vec<Geometry> {
        let walk = |cycle: Vec<Offset>, range: Option<u32>| Geometry::Walk {
            prefix: Vec::new(),
            cycle,
            range,
        };
        if self.crooked.is_some() {
            return [o.turned_left(), o.turned_right()]
                .into_iter()
                .map(|turn| walk(vec![o, turn], atom.range))
                .collect();
        }
        if self.circular.is_some() {
            return [true, false]
                .into_iter()
                .map(|anticlockwise| walk(o.circle(anticlockwise, tiling), Some(images as u32 - 1)))
                .collect();
        }
        vec![if let Some((_, land_behind)) = self.hop {
            Geometry::Hop {
                step: o,
                land_behind,
                adjacent: false,
            }
        } else if atom.rider {
            Geometry::Ride {
                step: o,
                range: atom.range,
            }
        } else if self.lame.is_some() {
            Geometry::Leap(lame_path(o))
        } else {
            Geometry::Leap(vec![o])
        }]
    }
}

/// An atom as written: its leaps, whether it rides, and how far.
struct Atom<'a> {
    at: usize,
    leaps: &'a [char],
    rider: bool,
    range: Option<u32>,
}

fn group(mods: &[(usize, char)], atom: Atom, tiling: Tiling) -> Result<Vec<MoveRule>, BetzaError> {
    let m = Modifiers::read(mods);
    m.check(atom.rider, atom.range, tiling)?;
    let mut rules = Vec::new();
    for &leap in atom.leaps {
        let Some((a, b)) = leaper(leap) else { continue };
        let images = Offset::new(a, b).images(tiling);
        let chosen = images
            .iter()
            .copied()
            .filter(|o| directions_allow(&m.dirs, o.drawn(tiling), &images, tiling));
        for o in chosen {
            for geometry in m.geometries(o, images.len(), &atom, tiling) {
                rules.push(MoveRule {
                    written: 0,
                    region: None,
                    jump: false,
                    geometry,
                    mode: m.mode,
                    initial: m.initial,
                });
            }
        }
    }
    if rules.is_empty() {
        let start = mods.first().map_or(atom.at, |m| m.0);
        return Err(error(
            start,
            atom.at + 1 - start,
            "these directions select no move of this atom".into(),
            "f b l r select by forward/backward/left/right; v and s select the more vertical or sideways moves",
        ));
    }
    Ok(rules)
}

/// The path of a lame leaper: orthogonal steps along the longer axis first, then
/// diagonal steps outward (the xiangqi horse for `nN`, the elephant for `nA`).
pub fn lame_path(o: Offset) -> Vec<Offset> {
    let (ax, ay) = (o.dx.abs(), o.dy.abs());
    let (sx, sy) = (o.dx.signum(), o.dy.signum());
    let diag = ax.min(ay);
    let straight = ax.max(ay) - diag;
    let ortho = if ax > ay {
        Offset::new(sx, 0)
    } else {
        Offset::new(0, sy)
    };
    let mut path = Vec::new();
    let mut at = Offset::new(0, 0);
    for _ in 0..straight {
        at = at + ortho;
        path.push(at);
    }
    for _ in 0..diag {
        at = at + Offset::new(sx, sy);
        path.push(at);
    }
    path
}

/// Direction letters judge an offset as drawn: `f` up, `r` right (on hexagons the
/// rows are offset, so the two forward neighbours are up-left and up-right).
fn single(c: char, (x, y): (f64, f64)) -> bool {
    match c {
        'f' => y > EPS,
        'b' => y < -EPS,
        'l' => x < -EPS,
        'r' => x > EPS,
        'v' => more(y, x),
        's' => more(x, y),
        _ => true,
    }
}

/// Drawn hexagon offsets are not whole numbers: compare with a margin.
const EPS: f64 = 1e-9;

/// Whether `a` is longer than `b` as a component.
fn more(a: f64, b: f64) -> bool {
    a.abs() > b.abs() + EPS
}

fn pair(a: char, b: char, o: (f64, f64)) -> bool {
    let (x, y) = o;
    match (a, b) {
        (_, 'h') => single(a, o),
        ('f', 'f') | ('b', 'b') => single(a, o) && more(y, x),
        ('l', 'l') | ('r', 'r') => single(a, o) && more(x, y),
        ('f', 's') | ('b', 's') => single(a, o) && more(x, y),
        ('l', 'v') | ('r', 'v') => single(a, o) && more(y, x),
        _ => single(a, o) && single(b, o),
    }
}

fn pairs_with(a: char, b: char) -> bool {
    match a {
        'f' | 'b' => "lrsh".contains(b) || a == b,
        'l' | 'r' => "fbvh".contains(b) || a == b,
        _ => false,
    }
}

/// Whether direction letters select an offset. Letters pair up as in XBetza (`fl`,
/// `ff`, `fs`, `lv`, `fh`, ...); a pair that selects none of the atom's moves is read
/// as its two letters separately (so `fsW` is forward and sideways).
pub(crate) fn directions_allow(
    dirs: &[char],
    o: (f64, f64),
    all: &[Offset],
    tiling: Tiling,
) -> bool {
    if dirs.is_empty() {
        return true;
    }
    let mut i = 0;
    while i < dirs.len() {
        let a = dirs[i];
        if i + 1 < dirs.len() && pairs_with(a, dirs[i + 1]) {
            let b = dirs[i + 1];
            let any = all.iter().any(|x| pair(a, b, x.drawn(tiling)));
            if (any && pair(a, b, o)) || (!any && (single(a, o) || single(b, o))) {
                return true;
            }
            i += 2;
        } else {
            if single(a, o) {
                return true;
            }
            i += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offsets(text: &str) -> Vec<(i32, i32)> {
        let mut v: Vec<(i32, i32)> = parse(text, Tiling::Square)
            .unwrap()
            .into_iter()
            .map(|r| match r.geometry {
                Geometry::Leap(p) => (p[p.len() - 1].dx, p[p.len() - 1].dy),
                Geometry::Ride { step, .. } | Geometry::Hop { step, .. } => (step.dx, step.dy),
                Geometry::Walk { cycle, .. } => (cycle[0].dx, cycle[0].dy),
                Geometry::EqualLegs { first, .. } => (first.dx, first.dy),
                Geometry::Chain { .. } => (0, 0),
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn knight_and_king() {
        assert_eq!(offsets("N").len(), 8);
        assert_eq!(offsets("K").len(), 8);
        assert_eq!(offsets("Q").len(), 8);
    }

    #[test]
    fn directions() {
        assert_eq!(offsets("fW"), vec![(0, 1)]);
        assert_eq!(offsets("fF"), vec![(-1, 1), (1, 1)]);
        assert_eq!(offsets("fsW"), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(offsets("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(offsets("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(offsets("flF"), vec![(-1, 1)]);
        assert_eq!(offsets("vR"), vec![(0, -1), (0, 1)]);
        assert_eq!(offsets("sR"), vec![(-1, 0), (1, 0)]);
        assert_eq!(offsets("fhN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
    }

    #[test]
    fn pawn() {
        let rules = parse("fmW fcF ifmnD", Tiling::Square).unwrap();
        assert_eq!(rules.len(), 4);
        assert_eq!(rules[0].mode, MoveMode::Quiet);
        assert_eq!(rules[1].mode, MoveMode::Capture);
        assert!(rules[3].initial);
        assert_eq!(
            rules[3].geometry,
            Geometry::Leap(vec![Offset::new(0, 1), Offset::new(0, 2)])
        );
    }

    #[test]
    fn riders_and_hoppers() {
        let r = parse("NN", Tiling::Square).unwrap();
        assert!(matches!(r[0].geometry, Geometry::Ride { range: None, .. }));
        let r = parse("R4", Tiling::Square).unwrap();
        assert!(matches!(
            r[0].geometry,
            Geometry::Ride { range: Some(4), .. }
        ));
        let r = parse("gQ", Tiling::Square).unwrap();
        assert!(matches!(
            r[0].geometry,
            Geometry::Hop {
                land_behind: true,
                adjacent: false,
                ..
            }
        ));
        assert_eq!(parse("mRcpR", Tiling::Square).unwrap().len(), 8);
    }

    #[test]
    fn crooked_and_circular() {
        // four diagonal starts, each turning left or right first
        assert_eq!(offsets("zB").len(), 8);
        let rose = parse("qN", Tiling::Square).unwrap();
        assert_eq!(rose.len(), 16);
        assert!(matches!(
            &rose[0].geometry,
            Geometry::Walk { cycle, range: Some(7), .. } if cycle.len() == 8
        ));
        assert_eq!(parse("zN", Tiling::Square).unwrap_err().offset, 0);
        assert_eq!(parse("qR", Tiling::Square).unwrap_err().offset, 0);
        // a rider or the king doubled is the atom twice
        assert_eq!(parse("RR", Tiling::Square).unwrap().len(), 8);
        assert_eq!(parse("KK", Tiling::Square).unwrap().len(), 16);
    }

    #[test]
    fn lame_paths() {
        assert_eq!(
            lame_path(Offset::new(1, 2)),
            vec![Offset::new(0, 1), Offset::new(1, 2)]
        );
        assert_eq!(
            lame_path(Offset::new(-2, -2)),
            vec![Offset::new(-1, -1), Offset::new(-2, -2)]
        );
    }

    #[test]
    fn errors_point_at_the_character() {
        let e = parse("fmW xF", Tiling::Square).unwrap_err();
        assert_eq!((e.offset, e.len), (4, 1));
        let e = parse("pN", Tiling::Square).unwrap_err();
        assert_eq!(e.offset, 0);
        let e = parse("fm", Tiling::Square).unwrap_err();
        assert_eq!(e.offset, 0);
        let e = parse("vF", Tiling::Square).unwrap_err();
        assert_eq!(e.offset, 0);
    }
}
