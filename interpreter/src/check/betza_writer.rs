//! A piece's moves written back as Betza text, for programs that learn a piece's
//! moves that way (XBoard's `piece` command). Only what Betza says exactly is
//! written: leapers, lame leapers, riders with or without a range, hoppers, with
//! directions, `m`/`c` and `i`. A piece that also captures otherwise than by
//! replacement, freezes, swaps or stands on two cells has no text: no Betza
//! string gives its moves.

use super::betza::{self, lame_path};
use crate::model::{Geometry, MoveMode, MoveRule, Offset, PieceDef, Tiling};
use std::collections::BTreeMap;

/// Leaper atoms, shortest first: an offset is written as the first whose images hold it.
const LEAPERS: [(char, i32, i32); 9] = [
    ('W', 1, 0),
    ('F', 1, 1),
    ('D', 2, 0),
    ('N', 2, 1),
    ('A', 2, 2),
    ('H', 3, 0),
    ('C', 3, 1),
    ('Z', 3, 2),
    ('G', 3, 3),
];

/// Direction modifiers tried, alone or one after another (XBetza's pairs included).
const DIRECTIONS: [&str; 22] = [
    "f", "b", "l", "r", "v", "s", "ff", "bb", "ll", "rr", "fs", "bs", "lv", "rv", "fl", "fr", "bl",
    "br", "fh", "bh", "lh", "rh",
];

const QUIET: u8 = MoveMode::Quiet as u8;
const CAPTURE: u8 = MoveMode::Capture as u8;

/// How a group of moves goes, whatever its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Form {
    Ride(Option<u32>),
    Hop { land_behind: bool },
    Leap,
    Lame,
}

/// The moves one Betza group can say: a form, an atom, a mode, `i` or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    initial: bool,
    form: Form,
    atom: usize,
    mode: u8,
}

/// The piece's moves as Betza text, or `None` when Betza cannot say them. With
/// `en_passant_mark`, the capture-only groups of a piece that takes en passant get
/// XBetza's `e` (the language itself says this with `en-passant`, not in the text).
pub fn write(piece: &PieceDef, tiling: Tiling, en_passant_mark: bool) -> Option<String> {
    if !piece.captures.is_empty() || piece.immobilize || piece.swap || piece.two_cell.is_some() {
        return None;
    }
    // Betza has no word for a zone.
    if piece.confined.is_some() || piece.rules.iter().any(|r| r.region.is_some()) {
        return None;
    }
    let mut groups: BTreeMap<Key, Vec<Offset>> = BTreeMap::new();
    for rule in &piece.rules {
        let (form, o) = form_of(rule)?;
        let atom = LEAPERS
            .iter()
            .position(|&(_, a, b)| Offset::new(a, b).images(tiling).contains(&o))?;
        let key = Key {
            initial: rule.initial,
            form,
            atom,
            mode: rule.mode as u8,
        };
        groups.entry(key).or_default().push(o);
    }
    let mut texts: Vec<(Key, String)> = Vec::new();
    for (key, offsets) in &groups {
        for dirs in directions(key.atom, offsets, tiling)? {
            texts.push((*key, dirs));
        }
    }
    let text = join(&texts, piece.en_passant && en_passant_mark);
    let plain = join(&texts, false);
    same_moves(&betza::parse(&plain, tiling).ok()?, &piece.rules).then_some(text)
}

/// A rule's form and its one offset, if Betza has a word for it.
fn form_of(rule: &MoveRule) -> Option<(Form, Offset)> {
    match &rule.geometry {
        Geometry::Leap(path) => {
            let last = *path.last()?;
            if path.len() == 1 || rule.jump {
                Some((Form::Leap, last))
            } else if *path == lame_path(last) {
                Some((Form::Lame, last))
            } else {
                None
            }
        }
        Geometry::Ride { step, range } => Some((Form::Ride(*range), *step)),
        Geometry::Hop {
            step,
            land_behind,
            adjacent: false,
        } => Some((
            Form::Hop {
                land_behind: *land_behind,
            },
            *step,
        )),
        _ => None,
    }
}

/// Direction modifiers choosing exactly `offsets` among the atom's images: one
/// string when one will do, else one per group; `None` when no cover exists.
fn directions(atom: usize, offsets: &[Offset], tiling: Tiling) -> Option<Vec<String>> {
    let (_, a, b) = LEAPERS[atom];
    let images = Offset::new(a, b).images(tiling);
    let chosen = |dirs: &str| -> Vec<Offset> {
        let d: Vec<char> = dirs.chars().collect();
        images
            .iter()
            .copied()
            .filter(|o| betza::directions_allow(&d, o.drawn(tiling), &images, tiling))
            .collect()
    };
    let wanted = |set: &[Offset]| set.iter().all(|o| offsets.contains(o));
    if images.iter().all(|o| offsets.contains(o)) {
        return Some(vec![String::new()]);
    }
    let mut parts: Vec<(&str, Vec<Offset>)> = DIRECTIONS
        .iter()
        .map(|d| (*d, chosen(d)))
        .filter(|(_, s)| !s.is_empty() && wanted(s))
        .collect();
    parts.sort_by_key(|(_, s)| std::cmp::Reverse(s.len()));
    let mut cover: Vec<&str> = Vec::new();
    let mut covered: Vec<Offset> = Vec::new();
    for (d, s) in &parts {
        if s.iter().any(|o| !covered.contains(o)) {
            cover.push(d);
            covered.extend(s);
        }
    }
    if offsets.iter().any(|o| !covered.contains(o)) {
        return None;
    }
    let together = cover.concat();
    let mut one = chosen(&together);
    one.sort();
    let mut want = offsets.to_vec();
    want.sort();
    want.dedup();
    if one == want {
        Some(vec![together])
    } else {
        Some(cover.into_iter().map(String::from).collect())
    }
}

/// The groups as one string: `i`, directions, `m`/`c` (and `e`), `n`/`p`/`g`, the
/// atom; a W and an F group alike in all else merge into K or Q.
fn join(texts: &[(Key, String)], en_passant: bool) -> String {
    let mut out = String::new();
    let mut done = vec![false; texts.len()];
    for (i, (key, dirs)) in texts.iter().enumerate() {
        if done[i] {
            continue;
        }
        let (letter, _, _) = LEAPERS[key.atom];
        let partner = (letter == 'W')
            .then(|| {
                texts.iter().position(|(k, d)| {
                    d == dirs
                        && LEAPERS[k.atom].0 == 'F'
                        && Key {
                            atom: key.atom,
                            ..*k
                        } == *key
                })
            })
            .flatten()
            .filter(|&j| !done[j] && key.form != Form::Lame);
        if let Some(j) = partner {
            done[j] = true;
        }
        if key.initial {
            out.push('i');
        }
        out.push_str(dirs);
        match key.mode {
            QUIET => out.push('m'),
            CAPTURE if en_passant => out.push_str("ce"),
            CAPTURE => out.push('c'),
            _ => {}
        }
        out.push_str(&atom_text(letter, key.form, partner.is_some()));
    }
    out
}

/// An atom with its form: `n`/`p`/`g` before, a rider's letter or doubling, a range after.
fn atom_text(letter: char, form: Form, with_f: bool) -> String {
    let rider = match (letter, with_f) {
        (_, true) => "Q".to_string(),
        ('W', false) => "R".to_string(),
        ('F', false) => "B".to_string(),
        (l, false) => format!("{l}{l}"),
    };
    match form {
        Form::Leap if with_f => "K".into(),
        Form::Leap => letter.to_string(),
        Form::Lame => format!("n{letter}"),
        Form::Ride(None) => rider,
        Form::Ride(Some(n)) => format!("{}{n}", &rider[..1]),
        Form::Hop { land_behind } => format!("{}{rider}", if land_behind { 'g' } else { 'p' }),
    }
}

/// Whether two rule lists make the same moves (order, written index and a leap's
/// path notwithstanding).
fn same_moves(a: &[MoveRule], b: &[MoveRule]) -> bool {
    let key = |r: &MoveRule| {
        let (form, o) = form_of(r).unwrap_or((Form::Leap, Offset::new(0, 0)));
        (r.initial, form, o, r.mode as u8)
    };
    let mut ka: Vec<_> = a.iter().map(key).collect();
    let mut kb: Vec<_> = b.iter().map(key).collect();
    ka.sort();
    kb.sort();
    ka.dedup();
    kb.dedup();
    ka == kb
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(text: &str) -> PieceDef {
        PieceDef {
            rules: betza::parse(text, Tiling::Square).expect("betza"),
            ..PieceDef::plain("Test", "T")
        }
    }

    fn written(text: &str) -> Option<String> {
        write(&piece(text), Tiling::Square, false)
    }

    #[test]
    fn orthodox_pieces_are_written_as_read() {
        for text in ["K", "Q", "R", "B", "N", "fmWfcFifmnD"] {
            assert_eq!(written(text).as_deref(), Some(text));
        }
    }

    #[test]
    fn compounds_directions_and_forms() {
        assert_eq!(written("RN").as_deref(), Some("RN"));
        assert_eq!(written("WF").as_deref(), Some("K"));
        assert_eq!(written("R4").as_deref(), Some("R4"));
        assert_eq!(written("NN").as_deref(), Some("NN"));
        assert_eq!(written("mRcpR").as_deref(), Some("mRcpR"));
        assert_eq!(written("gQ").as_deref(), Some("gQ"));
        assert_eq!(written("ffN").as_deref(), Some("ffN"));
        assert_eq!(written("fsW").as_deref(), Some("fsW"));
        assert_eq!(written("nN").as_deref(), Some("nN"));
        assert_eq!(written("flF").as_deref(), Some("flF"));
        assert_eq!(written("fWbF").as_deref(), Some("fWbF"));
    }

    #[test]
    fn what_betza_cannot_say_has_no_text() {
        assert_eq!(written("zB"), None);
        assert_eq!(written("qN"), None);
        let mut withdrawer = piece("mQ");
        withdrawer.captures = vec![crate::model::CaptureMode::Withdraw { optional: false }];
        assert_eq!(write(&withdrawer, Tiling::Square, false), None);
    }

    #[test]
    fn en_passant_is_marked_on_captures() {
        let mut pawn = piece("fmW fcF ifmnD");
        pawn.en_passant = true;
        assert_eq!(
            write(&pawn, Tiling::Square, true).as_deref(),
            Some("fmWfceFifmnD")
        );
    }
}
