//! The slips a newcomer makes while writing a construct, recognised from the words
//! around the place the parse stopped: what was being written (`promotes`, `moves`,
//! `files`, a zone, a castling) and the token found where the construct went wrong.
//! Each is said in the construct's own words, on the offending token, with the form
//! that works; never with the word that was written as its fix.

use super::errors::Mistake;

/// A token of the source: its byte range and text.
#[derive(Clone, Copy)]
struct Token<'s> {
    start: usize,
    end: usize,
    text: &'s str,
}

/// The token starting at or after `at` (a word, a quoted string, or one other
/// character), and none at the end of the text.
fn token_at(source: &str, at: usize) -> Option<Token<'_>> {
    let rest = source.get(at..)?;
    let skip = rest.len() - rest.trim_start().len();
    let start = at + skip;
    let rest = &source[start..];
    let first = rest.chars().next()?;
    let len = if first == '"' {
        rest[1..].find(['"', '\n']).map_or(rest.len(), |i| i + 2)
    } else if is_word_char(first) {
        rest.find(|c: char| !is_word_char(c) && c != '.')
            .unwrap_or(rest.len())
    } else {
        first.len_utf8()
    };
    let len = len.min(rest.len());
    Some(Token {
        start,
        end: start + len,
        text: &rest[..len],
    })
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '~' || c == '+' || c == '*'
}

/// The word ending right before `at` (whitespace skipped), if any.
fn word_before(source: &str, at: usize) -> &str {
    let before = source.get(..at).unwrap_or("").trim_end();
    let start = before.rfind(|c: char| !is_word_char(c)).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    &before[start..]
}

/// The labels the board section lists (`files a b c ...`), for examples that fit
/// the user's own board; chess's when they cannot be read.
fn board_labels(source: &str, key: &str, chess: &[&'static str]) -> Vec<String> {
    source
        .lines()
        .map(str::trim_start)
        .find_map(|l| l.strip_prefix(key).filter(|r| r.starts_with(' ')))
        .map(|r| {
            r.split_whitespace()
                .take_while(|w| w.chars().all(|c| c.is_ascii_alphanumeric()))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|v| v.len() >= 2)
        .unwrap_or_else(|| chess.iter().map(|s| s.to_string()).collect())
}

fn mistake(
    at: Token,
    message: impl Into<String>,
    label: impl Into<String>,
    help: impl Into<String>,
) -> Mistake {
    Mistake {
        at: Some(at.start),
        len: at.end - at.start,
        message: message.into(),
        label: label.into(),
        help: help.into(),
    }
}

/// A slip in the construct being written where the parse stopped at byte `at`.
pub(super) fn construct_mistake(source: &str, at: usize) -> Option<Mistake> {
    let found = token_at(source, at)?;
    let before = word_before(source, found.start);
    promotes(source, found, before)
        .or_else(|| piece_header(source, found))
        .or_else(|| zone_braces(source, found, before))
        .or_else(|| section_assignment(source, found))
        .or_else(|| board_size(found, before))
        .or_else(|| moves_value(found, before))
        .or_else(|| quoted_value(source, found, before))
        .or_else(|| board_range(found, before))
        .or_else(|| no_assignment(found, before))
        .or_else(|| cell_range(source, found))
        .or_else(|| castle_step(source, found, before))
        .or_else(|| joined_words(source, found))
        .or_else(|| separator(found))
        .or_else(|| foreign_section(source, found))
        .or_else(|| unclosed_piece(source, found))
        .or_else(|| missing_open_brace(found, before))
}

/// `promotes on rank 8 to Queen`: `promotes` takes a zone's name after `in`.
fn promotes(source: &str, found: Token, before: &str) -> Option<Mistake> {
    // the word after `promotes`, whether the parse stopped at `promotes` or after it
    let next = match found.text {
        "promotes" => token_at(source, found.end)?,
        _ if before == "promotes" => found,
        _ => return None,
    };
    if matches!(next.text, "in" | "within") {
        return None;
    }
    let files = board_labels(source, "files", &["a", "b", "c", "d", "e", "f", "g", "h"]);
    let ranks = board_labels(source, "ranks", &["1", "2", "3", "4", "5", "6", "7", "8"]);
    let (a, h) = (&files[0], &files[files.len() - 1]);
    let (first, last) = (&ranks[0], &ranks[ranks.len() - 1]);
    Some(mistake(
        next,
        format!("`promotes` names the zone where the piece promotes: expected `in ZONE`, not `{}`", next.text),
        "expected `in` and a zone's name here",
        format!(
            "declare the zone, then name it: `zone last-rank {{ white {a}{last}..{h}{last}  black {a}{first}..{h}{first} }}` and `promotes in last-rank to Queen`"
        ),
    ))
}

/// `moves Q`, `moves = "Q"`: a Betza string in quotes, or a `{ ... }` block.
fn moves_value(found: Token, before: &str) -> Option<Mistake> {
    if before != "moves" || found.text.starts_with('"') || found.text == "{" {
        return None;
    }
    if found.text == "=" || found.text == ":" {
        return Some(mistake(
            found,
            format!("`moves` takes its value without `{}`", found.text),
            "nothing goes between `moves` and its quoted string",
            "write `moves \"Q\"`: the Betza string in quotes right after `moves`",
        ));
    }
    Some(mistake(
        found,
        "a Betza string is written in quotes",
        "expected `\"` before the Betza letters",
        format!(
            "write `moves \"{}\"`, or a `{{ ... }}` block of structured move rules",
            found.text.trim_end_matches('}')
        ),
    ))
}

/// `setup rnbq...`, `variant Chess`: values written in quotes.
fn quoted_value(source: &str, found: Token, before: &str) -> Option<Mistake> {
    let what = match before {
        "setup" => "the start position is a FEN in quotes: `setup \"rnbqkbnr/... w KQkq - 0 1\"`",
        "variant" => "the variant's name is in quotes: `variant \"My Chess\"`",
        _ => return None,
    };
    if found.text.starts_with('"') || found.text == "=" {
        return None;
    }
    // the whole unquoted value, to the next blank
    let end = source[found.start..]
        .find(char::is_whitespace)
        .map_or(source.len(), |i| found.start + i);
    let value = Token {
        end,
        text: &source[found.start..end],
        ..found
    };
    Some(mistake(
        value,
        format!("`{before}` takes a quoted string"),
        "expected `\"` here",
        what,
    ))
}

/// `files a-h`, `ranks 1-8`: a board lists every label.
fn board_range(found: Token, before: &str) -> Option<Mistake> {
    if !matches!(before, "files" | "ranks") {
        return None;
    }
    let (from, to) = found.text.split_once('-')?;
    let listed = expand(from, to).unwrap_or_else(|| format!("{from} ... {to}"));
    Some(mistake(
        found,
        format!("`{before}` lists every label, not a range"),
        "a range of labels",
        format!("write `{before} {listed}`, each label once, separated by spaces"),
    ))
}

/// `a`-`h` or `1`-`8` written out.
fn expand(from: &str, to: &str) -> Option<String> {
    if let (Ok(a), Ok(b)) = (from.parse::<u32>(), to.parse::<u32>()) {
        return (a <= b && b - a < 64)
            .then(|| (a..=b).map(|n| n.to_string()).collect::<Vec<_>>().join(" "));
    }
    let (a, b) = (from.chars().next()?, to.chars().next()?);
    (from.len() == 1 && to.len() == 1 && a.is_ascii_lowercase() && a <= b)
        .then(|| (a..=b).map(String::from).collect::<Vec<_>>().join(" "))
}

/// `royal: true`, `checkmate: loss`, `moves = ...`: no `:` or `=` in vdl.
fn no_assignment(found: Token, before: &str) -> Option<Mistake> {
    let sign = found.text.chars().next()?;
    if !matches!(sign, ':' | '=') || before.is_empty() {
        return None;
    }
    let (fix, why) = match before {
        "royal" => (
            "royal".to_string(),
            "a flag such as `royal` stands alone".to_string(),
        ),
        "checkmate" | "stalemate" => (
            format!("{before} loss"),
            format!("`{before}` is followed by its outcome, `win`, `loss` or `draw`"),
        ),
        _ => (
            format!("{before} ..."),
            "a property is followed by its value, with a space".to_string(),
        ),
    };
    Some(mistake(
        found,
        format!("vdl writes no `{sign}` after `{before}`"),
        format!("no `{sign}` here"),
        format!("{why}: write `{fix}`"),
    ))
}

/// `a8 to h8`, `a8-h8` in a zone: a range of cells is `a8..h8`.
fn cell_range(source: &str, found: Token) -> Option<Mistake> {
    let line_start = source[..found.start].rfind('\n').map_or(0, |i| i + 1);
    let line = source[line_start..found.start].trim_start();
    if !line.starts_with("zone") {
        return None;
    }
    let text = found.text;
    let dash = text
        .split_once('-')
        .filter(|(a, b)| is_cell(a) && is_cell(b));
    let (message, fix) = if text == "to" {
        let from = word_before(source, found.start);
        let to = token_at(source, found.end).map_or("h8", |t| t.text);
        (
            "a range of cells is written with `..`",
            format!("{from}..{to}"),
        )
    } else if let Some((a, b)) = dash {
        (
            "a range of cells is written with `..`, not `-`",
            format!("{a}..{b}"),
        )
    } else {
        return None;
    };
    Some(mistake(
        found,
        message,
        "not a range of cells",
        format!("write `{fix}`"),
    ))
}

fn is_cell(s: &str) -> bool {
    let letters = s.chars().take_while(char::is_ascii_alphabetic).count();
    letters > 0 && letters < s.len() && s[letters..].chars().all(|c| c.is_ascii_digit())
}

/// `castle K king at e1-g1`, `king e1 to g1`: a castling's steps are `e1-g1`.
fn castle_step(source: &str, found: Token, before: &str) -> Option<Mistake> {
    let (found, before) = if is_cell(found.text) && matches!(before, "king" | "rook") {
        // the cell is right; the word after it is not
        (token_at(source, found.end)?, before)
    } else {
        (found, before)
    };
    if !matches!(found.text, "at" | "to" | "from" | "on") {
        return None;
    }
    let whose = if matches!(before, "king" | "rook") {
        before
    } else if is_cell(before) {
        "king"
    } else {
        return None;
    };
    Some(mistake(
        found,
        format!("the {whose}'s move in a castling is its two cells joined by `-`"),
        format!("expected the {whose}'s start and end cell, as `e1-g1`"),
        "write `castle K king e1-g1 rook h1-f1`",
    ))
}

/// `en passant`: one word.
fn joined_words(source: &str, found: Token) -> Option<Mistake> {
    let next = token_at(source, found.end)?;
    let joined = match (found.text, next.text) {
        ("en", "passant") => "en-passant",
        ("move", "rule") => "move-rule",
        ("dead", "position") => "dead-position",
        ("must", "capture") => "must-capture",
        _ => return None,
    };
    let both = Token {
        start: found.start,
        end: next.end,
        text: joined,
    };
    Some(mistake(
        both,
        format!("`{joined}` is one word, with a hyphen"),
        "two words here",
        format!("write `{joined}`"),
    ))
}

/// `moves "Q";`, `,` between properties: vdl separates them by spaces.
fn separator(found: Token) -> Option<Mistake> {
    if !matches!(found.text, ";" | ",") {
        return None;
    }
    Some(mistake(
        found,
        format!(
            "vdl separates properties and sections by spaces or lines, not `{}`",
            found.text
        ),
        format!("no `{}` here", found.text),
        "leave it out: `piece Queen Q { moves \"Q\" }`",
    ))
}

/// A line in another program's format: `[chess]`, `startFen = ...`, `queen = q`.
fn foreign_section(source: &str, found: Token) -> Option<Mistake> {
    let line_start = source[..found.start].rfind('\n').map_or(0, |i| i + 1);
    if !source[line_start..found.start].trim().is_empty() {
        return None;
    }
    let rest = &source[found.end..];
    let rest = rest.trim_start();
    let word = found.text.trim_end_matches(['=', ':']);
    let lower = word.to_ascii_lowercase();
    let (what, fix) = if found.text == "[" {
        (
            "a `[section]` header is Fairy-Stockfish's variants.ini, not vdl",
            "name the variant with `variant \"Chess\"`".to_string(),
        )
    } else if lower == "startfen" || lower == "fen" {
        (
            "the start position is the `setup` section",
            "write `setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"`"
                .to_string(),
        )
    } else if rest.starts_with('=') || found.text.ends_with('=') {
        (
            "vdl has no `key = value` lines",
            format!(
                "a piece is declared `piece {} {} {{ moves \"...\" }}`",
                capitalised(word),
                first_upper(word)
            ),
        )
    } else {
        return None;
    };
    Some(mistake(
        found,
        format!("`{}` does not begin a section: {what}", found.text),
        "not a vdl section",
        format!("{fix}; a definition is a list of sections: variant, board, zone, piece, castle, setup, end"),
    ))
}

fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

fn first_upper(word: &str) -> String {
    word.chars()
        .next()
        .map_or_else(|| "X".into(), |c| c.to_ascii_uppercase().to_string())
}

/// A section word where a piece's `}` was due: the piece was left open.
fn unclosed_piece(source: &str, found: Token) -> Option<Mistake> {
    if !super::SECTION_WORDS.contains(&found.text) {
        return None;
    }
    let open = super::errors::unclosed_brace(&source[..found.start])?;
    let line_start = source[..open].rfind('\n').map_or(0, |i| i + 1);
    let header = source[line_start..open].trim();
    let (kind, name) = header.split_once(' ')?;
    let name = name.split_whitespace().next().unwrap_or("");
    let line = source[..open].matches('\n').count() + 1;
    Some(mistake(
        found,
        format!(
            "the {kind} `{name}` is not closed: expected `}}` before `{}`",
            found.text
        ),
        "a new section begins here",
        format!("close the {kind} opened on line {line} with `}}`"),
    ))
}

/// `piece Rook R moves "R" }`: a piece's properties go in braces.
fn missing_open_brace(found: Token, before: &str) -> Option<Mistake> {
    let is_property = matches!(
        found.text,
        "moves" | "royal" | "capture" | "promotes" | "en-passant"
    );
    let is_label = !before.is_empty()
        && before
            .chars()
            .all(|c| c.is_ascii_uppercase() || c == '~' || c == '+');
    if !(is_property && is_label) {
        return None;
    }
    Some(mistake(
        found,
        "a piece's properties are written in braces",
        "expected `{` before the properties",
        format!("write `piece Name {before} {{ {} ... }}`", found.text),
    ))
}

/// `piece Rook moves "R" }`, `piece Rook { ... }`: a piece is `piece NAME LABEL { ... }`.
fn piece_header(source: &str, found: Token) -> Option<Mistake> {
    let line_start = source[..found.start].rfind('\n').map_or(0, |i| i + 1);
    let keyword = if found.text == "piece" {
        found
    } else {
        token_at(source, line_start).filter(|t| t.text == "piece")?
    };
    let name = token_at(source, keyword.end)?;
    let label = token_at(source, name.end)?;
    if label.text == "{" {
        return Some(mistake(
            label,
            format!("the piece `{}` has no label", name.text),
            "expected its label (the letters the FEN uses) before `{`",
            format!(
                "write `piece {} {} {{ ... }}`",
                name.text,
                first_upper(name.text)
            ),
        ));
    }
    let open = token_at(source, label.end)?;
    if open.text == "{" {
        return None;
    }
    Some(mistake(
        open,
        "a piece's properties are written in braces",
        "expected `{` here",
        format!(
            "write `piece {} {} {{ {} ... }}`",
            name.text, label.text, open.text
        ),
    ))
}

/// `zone last-rank white a8..h8 ...`: a zone's cells go in braces.
fn zone_braces(source: &str, found: Token, before: &str) -> Option<Mistake> {
    let line_start = source[..found.start].rfind('\n').map_or(0, |i| i + 1);
    let head: Vec<&str> = source[line_start..found.start].split_whitespace().collect();
    if head != ["zone", before] || found.text == "{" {
        return None;
    }
    Some(mistake(
        found,
        format!("the cells of the zone `{before}` are written in braces"),
        "expected `{` here",
        format!("write `zone {before} {{ white a8..h8  black a1..h1 }}`, or the cells both players share: `zone {before} {{ d4 e4 d5 e5 }}`"),
    ))
}

/// `end: { ... }`, `board = { ... }`: a section's word is followed by its body.
fn section_assignment(source: &str, found: Token) -> Option<Mistake> {
    if !super::SECTION_WORDS.contains(&found.text) {
        return None;
    }
    let next = token_at(source, found.end)?;
    if !matches!(next.text, ":" | "=") {
        return None;
    }
    Some(mistake(
        next,
        format!("vdl writes no `{}` after `{}`", next.text, found.text),
        format!("no `{}` here", next.text),
        format!("write `{} {{ ... }}`", found.text),
    ))
}

/// `size 8x8` in a board: a board is given by its labels.
fn board_size(found: Token, _before: &str) -> Option<Mistake> {
    if !matches!(
        found.text,
        "size" | "width" | "height" | "dimensions" | "squares"
    ) {
        return None;
    }
    Some(mistake(
        found,
        "a board is given by the labels of its files and ranks, not a size",
        "not a board entry",
        "write `files a b c d e f g h` and `ranks 1 2 3 4 5 6 7 8`: as many labels as the board has files and ranks",
    ))
}
