//! Syntax errors said in the language's terms: where the parse stopped, what it
//! expected there, and the mistakes a new user makes.

use super::build::is_word_char;
use super::{mistakes, Grammar, Rule};
use crate::diagnostic::{Code, Diagnostic, Span};
use pest::Parser as _;

/// A keyword matches the start of a longer word (`royal` in `royall`, `draw` in
/// `drawn`) and the parse fails inside the word, expecting what follows the
/// keyword. The error that helps is the one at the word's start: found by
/// parsing again with the word's first byte made unreadable (offsets kept).
pub(super) fn at_word_start(
    err: pest::error::Error<Rule>,
    source: &str,
) -> pest::error::Error<Rule> {
    let pest::error::InputLocation::Pos(p) = err.location else {
        return err;
    };
    let inside = source[..p].chars().next_back().is_some_and(is_word_char)
        && source[p..].chars().next().is_some_and(is_word_char);
    if !inside {
        return err;
    }
    let start = source[..p]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_word_char(*c))
        .last()
        .map_or(p, |(i, _)| i);
    let mut bytes = source.as_bytes().to_vec();
    bytes[start] = 0x01;
    let Ok(text) = String::from_utf8(bytes) else {
        return err;
    };
    match Grammar::parse(Rule::file, &text) {
        Err(e) if matches!(e.location, pest::error::InputLocation::Pos(q) if q == start) => e,
        _ => err,
    }
}

/// A common mistake's message, label and help; `at`: where to point instead of
/// where the parse stopped.
pub(super) struct Mistake {
    pub(super) at: Option<usize>,
    /// The length of the offending text from `at`.
    pub(super) len: usize,
    pub(super) message: String,
    pub(super) label: String,
    pub(super) help: String,
}

/// The last `{` of `text` left open, outside comments and strings.
pub(super) fn unclosed_brace(text: &str) -> Option<usize> {
    let mut open = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '/' if chars.peek().is_some_and(|&(_, n)| n == '/') => {
                chars.by_ref().find(|&(_, n)| n == '\n');
            }
            '"' => {
                chars.by_ref().find(|&(_, n)| n == '"' || n == '\n');
            }
            '{' => open.push(i),
            '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.pop()
}

/// A message and help for the mistakes a new user makes, recognised from the text
/// where the parse stopped: a `#` comment, a string left open, a file ending inside
/// a section, a range where labels are listed.
pub(super) fn known_mistake(source: &str, at: usize) -> Option<Mistake> {
    let rest = source.get(at..).unwrap_or("");
    let line_end = rest.find('\n').unwrap_or(rest.len());
    if rest.starts_with('#') {
        return Some(Mistake {
            at: None,
            len: 1,
            message: "`#` does not start a comment".into(),
            label: "not a comment".into(),
            help: "comments start with `//` (to the end of the line) or are written `/* ... */`"
                .into(),
        });
    }
    if rest.starts_with('"') && !rest[1..line_end].contains('"') {
        return Some(Mistake {
            at: None,
            len: 1,
            message: "this string is not closed".into(),
            label: "the string starts here".into(),
            help: "close it with `\"` on the same line: a string does not run over lines".into(),
        });
    }
    if rest.trim().is_empty() {
        if let Some(open) = unclosed_brace(&source[..at]) {
            return Some(Mistake {
                at: Some(open),
                len: 1,
                message: "the file ends inside a section".into(),
                label: "this `{` is never closed".into(),
                help: "close the section with `}`".into(),
            });
        }
    }
    if rest.starts_with("..") {
        return Some(Mistake {
            at: None,
            len: 1,
            message: "a range of labels is not allowed here".into(),
            label: "a range".into(),
            help: "list every label, e.g. `files a b c d e f g h`; ranges (`a1..h1`) name cells in zones and cell lists".into(),
        });
    }
    None
}

pub(super) fn syntax_error(err: pest::error::Error<Rule>, base: usize, source: &str) -> Diagnostic {
    let local = match err.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let (start, end) = match err.location {
        pest::error::InputLocation::Pos(p) => (base + p, base + p),
        pest::error::InputLocation::Span((s, e)) => (base + s, base + e),
    };
    let (message, label) = expected_message(&err);
    let in_piece = matches!(
        &err.variant,
        pest::error::ErrorVariant::ParsingError { positives, .. }
            if positives.iter().any(|r| matches!(r, Rule::royal | Rule::moves | Rule::capture_mode))
    );
    // A misspelt keyword: the word found is close to one of the words expected.
    let found: String = source
        .get(local..)
        .unwrap_or("")
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let expected_words: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    // never the word that was written: it is right, and in the wrong place
    let guess = (!found.is_empty())
        .then(|| crate::diagnostic::suggest(&found, expected_words.iter().copied()))
        .flatten()
        .filter(|g| *g != found);
    // a misspelt word is named as what it is not, in the construct's words
    let guess = guess.map(str::to_string);
    let message = match &guess {
        Some(g) if g.eq_ignore_ascii_case(&found) => {
            format!("vdl's words are written in lower case: `{g}`, not `{found}`")
        }
        Some(_) if in_piece && message.contains("capture option") => {
            format!("`{found}` is neither a capture option nor a piece property")
        }
        Some(_) if in_piece => format!("`{found}` is not a piece property"),
        Some(_) => format!("`{found}` is not a word vdl knows here: {message}"),
        None => message,
    };
    let help = match guess {
        Some(ref g) => format!("did you mean `{g}`?"),
        None if in_piece => {
            "a piece's properties end with `}`: is the closing brace of the piece missing?".to_string()
        }
        None => "a definition is a list of sections: variant, board, zone, piece, castle, setup, end (after an optional `extends \"base.vdl\"`)".to_string(),
    };
    let (start, end) = if guess.is_some() {
        (start, start + found.len())
    } else {
        (start, end)
    };
    let mistake = keyword_as_name(&err, &found)
        .or_else(|| known_mistake(source, local).filter(|_| guess.is_none()))
        .or_else(|| mistakes::construct_mistake(source, local));
    let (start, end, message, label, help) = match mistake {
        Some(m) => {
            let (start, end) = m.at.map_or((start, end.max(start + m.len)), |a| {
                (base + a, base + a + m.len)
            });
            (start, end, m.message, m.label, m.help)
        }
        None => (start, end, message, label, help),
    };
    Diagnostic::error(Code::Syntax, message)
        .at(Span::new(start, end), label)
        .help(help)
}

/// A word of the language written where a name was expected (`zone back`: `back`
/// is a drop queue's end).
fn keyword_as_name(err: &pest::error::Error<Rule>, found: &str) -> Option<Mistake> {
    let pest::error::ErrorVariant::ParsingError { positives, .. } = &err.variant else {
        return None;
    };
    if found.is_empty() || !positives.contains(&Rule::ident) {
        return None;
    }
    let whole = Grammar::parse(Rule::keyword, found)
        .ok()
        .and_then(|mut pairs| pairs.next())
        .is_some_and(|p| p.as_str().len() == found.len());
    whole.then(|| Mistake {
        at: None,
        len: found.len(),
        message: format!("`{found}` is a word of the language, so it cannot be a name"),
        label: "a keyword".into(),
        help: format!("choose another name, such as `{found}-1` or `my-{found}`"),
    })
}

/// The message and label of a parse error: what the parser expected there.
fn expected_message(err: &pest::error::Error<Rule>) -> (String, String) {
    match &err.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
            words.sort_unstable();
            words.dedup();
            let expected = match words.as_slice() {
                [] => "something else".to_string(),
                [one] => (*one).to_string(),
                [rest @ .., last] => format!("{} or {}", rest.join(", "), last),
            };
            (
                format!("expected {expected}"),
                "unexpected here".to_string(),
            )
        }
        pest::error::ErrorVariant::CustomError { message } => (message.clone(), message.clone()),
    }
}

/// What a grammar rule stands for, as an expected token is said to the user.
pub(super) fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI
        | Rule::item
        | Rule::immobilization
        | Rule::suicide
        | Rule::must_capture
        | Rule::no_check
        | Rule::explosions
        | Rule::passing
        | Rule::blocks
        | Rule::walls
        | Rule::evaluation
        | Rule::allow
        | Rule::modify => {
            "a section (`board`, `piece`, `setup`, ...)"
        }
        Rule::ident => "a name",
        Rule::eval_entry | Rule::eval_section | Rule::section_word | Rule::eval_piece => {
            "a piece's name, `safety`, `shelter`, `centrality`, `exposure`, `attack` or `threats`"
        }
        Rule::eval_term | Rule::eval_word | Rule::eval_cells | Rule::cells_word => {
            "`value`, `hand`, `mobility`, `advance`, `isolated`, `doubled`, `cells` or `endgame-cells`"
        }
        Rule::eval_cell => "a cell and its number",
        Rule::label | Rule::cell | Rule::cell_set | Rule::cell_range => "a cell or label",
        Rule::int => "a number",
        Rule::points_komi => "`komi N`",
        Rule::decimal => "a number such as `1.5`",
        Rule::string | Rule::betza => "a quoted string",
        Rule::board_entry | Rule::files | Rule::ranks | Rule::remove | Rule::hex => {
            "`hex`, `files`, `ranks` or `remove`"
        }
        Rule::hex_shape => "`hexagon` or `rhombus`",
        Rule::piece_prop
        | Rule::royal
        | Rule::moves
        | Rule::en_passant
        | Rule::promotes
        | Rule::capture_mode
        | Rule::immobilize
        | Rule::swap
        | Rule::immune
        | Rule::value
        | Rule::captured_as
        | Rule::confined
        | Rule::no_facing
        | Rule::captures_checker
        | Rule::petrifies
        | Rule::first_move
        | Rule::cannot_capture
        | Rule::cannot_hop
        | Rule::flips
        | Rule::two_cell => {
            "a piece property (`moves`, `capture`, `royal`, `immobilize`, `swap`, `immune`, `promotes`, `en-passant`, `two-cell`, `value`, `captured-as`, `confined to`, `no-facing`, `in-check captures-checker`, `petrifies`, `first-move`, `cannot-capture`, `cannot-hop`, `flips`)"
        }
        Rule::flip_rule => "`lines` or `neighbours`",
        Rule::when_stuck => "`when-stuck`",
        Rule::moves_in | Rule::moves_within => "`in ZONE`, `within ZONE`",
        Rule::not_in_check | Rule::aimed_by | Rule::lost_when_checked => {
            "`not-in-check`, `lost-when-aimed-by`, `lost-when-checked`"
        }
        Rule::piece_label => "a piece label such as `Q`, `+P` or `Q~`",
        Rule::hand_rule | Rule::keep_captured | Rule::hand_drop | Rule::one_per_file | Rule::no_drop_mate | Rule::no_drop_check | Rule::on_top | Rule::must_drop | Rule::castle_by_drop | Rule::split_colours | Rule::drop_promoted | Rule::unlimited | Rule::drop_enclosing | Rule::drop_next_to_own | Rule::first_drops_in => {
            "a hand rule (`keep-captured`, `drop`, `one-per-file`, `per-file`, `no-drop-mate`, `no-drop-check`, `on-top`, `must-drop`, `drop-promoted`, `unlimited`, `drop-enclosing`, `drop-next-to-own`, `first-drops-in`)"
        }
        Rule::promote_leaving => "`or-leaving` or `to`",
        Rule::promote_captured => "`captured` or a piece",
        Rule::two_cell_item
        | Rule::two_cell_steps
        | Rule::two_cell_turn
        | Rule::two_cell_advance
        | Rule::two_cell_retreat
        | Rule::two_cell_axis => {
            "a two-cell step (`steps N`, `turn`, `advance`, `retreat-after-capture`, `captured-on-axis`)"
        }
        Rule::promote_optional => "`optional` or `optional except in ZONE`",
        Rule::promote_in_place => "`in-place`",
        Rule::promote_on_capture => "`on-capture`",
        Rule::mate_alone => "`alone NAME... OUTCOME`",
        Rule::mate_series => "`series NAME... else OUTCOME`",
        Rule::move_rule | Rule::move_kind => "a move rule (`leap`, `ride`, `path`, `hop`, `zigzag`, `circle`, `equal`, `chain`)",
        Rule::offset => "an offset such as `(1,2)`",
        Rule::rule_option
        | Rule::quiet
        | Rule::capture
        | Rule::initial
        | Rule::all
        | Rule::range
        | Rule::land_behind
        | Rule::adjacent
        | Rule::jump => "a rule option (`all`, `quiet`, `capture`, `initial`, `range N`)",
        Rule::zone_sides | Rule::zone_side | Rule::side => "`white` or `black`",
        _ => describe_end_and_setup(rule),
    }
}

/// What a rule of the `end`, `setup`, castling and drop constructs stands for.
fn describe_end_and_setup(rule: Rule) -> &'static str {
    match rule {
        Rule::end_rule
        | Rule::checkmate
        | Rule::stalemate
        | Rule::promotion_stalemate
        | Rule::repetition
        | Rule::move_repetition
        | Rule::move_limit
        | Rule::royal_capture
        | Rule::dead_position
        | Rule::extinction
        | Rule::reach
        | Rule::checks
        | Rule::double_pass
        | Rule::facing
        | Rule::counting
        | Rule::connect
        | Rule::points
        | Rule::full_board
        | Rule::bare_king => {
            "a game-end rule (`checkmate`, `stalemate`, `promotion-stalemate`, `repetition`, `move-repetition`, `move-rule`, `royal-capture`, `dead-position`, `extinction`, `bare-king`, `reach`, `checks`, `connect`, `double-pass`, `facing`, `counting`, `points`, `full-board`)"
        }
        Rule::counting_without
        | Rule::counting_board
        | Rule::counting_bare
        | Rule::counting_case
        | Rule::counting_else
        | Rule::counting_up_to
        | Rule::from_pieces => "`without KINDS`, `board N [up-to M]`, `bare [from-pieces] KINDS N ... else N [without KINDS]` or `}`",
        Rule::claim_at => "`claim-at`",
        Rule::outcome => "`win`, `loss`, `draw`, `white-wins` or `black-wins`",
        Rule::castle_empty | Rule::castle_safe => "`empty` or `safe`",
        Rule::castle_king => "`king`",
        Rule::castle_rook => "`rook`",
        Rule::castle_partner => "`partner`",
        Rule::free_start => "`*`",
        Rule::capture_kind => {
            "a capture mode (`approach`, `withdraw`, `overtake`, `pincer`, `coordinate`, `chameleon`, `mutual-destruction`, `takeover`, `recoil`, `vault`)"
        }
        Rule::capture_option => "a capture option (`optional`, `single`, `all-directions`, `no-replacement`, `stop-beyond`, `undefended`, `adjacent`)",
        Rule::immobilization_rule => "`pure` or `mutual`",
        Rule::reset_by => "`reset-by`",
        Rule::extends => "`extends \"base.vdl\"`",
        Rule::symmetry => "`mirrored` or `rotated`",
        Rule::shuffle | Rule::shuffle_queue | Rule::shuffle_ordered => {
            "cells to shuffle over, then `queue` or `ordered`"
        }
        Rule::redeal | Rule::redeal_when | Rule::redeal_or => {
            "`redeal when first-move captures or checks or mates`"
        }
        Rule::drops | Rule::drops_except => "`drops queue front in ZONE credit exchange`",
        Rule::queue_end | Rule::promote_queue => "`front` or `back`",
        _ => "more input",
    }
}
