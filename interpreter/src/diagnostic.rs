//! Problems found in a definition, as data: a stable code, a message, labels
//! on source spans and an optional help line. Rendering is the caller's job;
//! these implement `miette::Diagnostic` so any miette handler can draw them.

use std::fmt;

/// A byte range in the text a diagnostic is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// The byte after the last.
    pub end: usize,
}

impl Span {
    /// The bytes from `start` up to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// A sub-range of this span, `offset` bytes in and `len` long.
    pub fn sub(self, offset: usize, len: usize) -> Span {
        Span::new(self.start + offset, self.start + offset + len)
    }
}

macro_rules! codes {
    ($($variant:ident = $name:literal : $summary:literal,)*) => {
        /// Every diagnostic code vdl can emit. Codes are stable: tools may match on them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code { $(#[doc = $summary] $variant,)* }

        impl Code {
            /// Every code, in the order of the codes page.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The code as printed, e.g. `vdl::unknown_piece`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// One line saying what the code means.
            pub fn summary(self) -> &'static str {
                match self { $(Code::$variant => $summary,)* }
            }

            /// The code named `name` (`vdl::bad_fen` or `bad_fen`), if there is one.
            pub fn from_name(name: &str) -> Option<Code> {
                let name = name.strip_prefix("vdl::").unwrap_or(name);
                Code::ALL.iter().copied().find(|c| &c.as_str()[5..] == name)
            }
        }
    };
}

codes! {
    Syntax = "vdl::syntax": "the text does not follow the grammar of a definition file",
    MissingSection = "vdl::missing_section": "a section every definition needs (board, pieces, setup) is absent",
    DuplicateSection = "vdl::duplicate_section": "a section that may appear once appears twice",
    BoardSize = "vdl::board_size": "the board has too few or too many files or ranks",
    DuplicateLabel = "vdl::duplicate_label": "two files or two ranks share a label",
    AmbiguousLabel = "vdl::ambiguous_label": "file and rank labels combine so that one cell name means two cells",
    UnknownCell = "vdl::unknown_cell": "a cell name that is not on the board",
    DuplicateZone = "vdl::duplicate_zone": "two zones share a name",
    UnknownZone = "vdl::unknown_zone": "a zone name that no `zone` declares",
    DuplicatePiece = "vdl::duplicate_piece": "two pieces share a name",
    DuplicateLetter = "vdl::duplicate_letter": "two pieces share a label",
    BadLetter = "vdl::bad_letter": "a piece label that is not one to three upper-case ASCII letters",
    PrefixLabel = "vdl::prefix_label": "a piece label that is the start of another, so a FEN could be read two ways",
    UnknownPiece = "vdl::unknown_piece": "a piece name or letter that no `piece` declares",
    DuplicateProperty = "vdl::duplicate_property": "a piece property, or an `evaluation` line or term, that may appear once appears twice",
    BadBetza = "vdl::bad_betza": "a Betza movement string that cannot be read",
    BadMove = "vdl::bad_move": "a structured move rule that describes no move",
    BadCapture = "vdl::bad_capture": "a capture mode with an option it does not take",
    BadFen = "vdl::bad_fen": "a FEN string that does not fit the board or the pieces",
    BadCastling = "vdl::bad_castling": "a castling rule that cannot work on this board",
    BadEndRule = "vdl::bad_end_rule": "a game-end rule with an impossible or repeated value, or one that ends the game on a pass where no player may pass",
    BadExtends = "vdl::bad_extends": "a base definition named by `extends` cannot be read or extends itself, or `modify` has no base",
    Limit = "vdl::limit": "the definition exceeds a fixed limit of the engine",
    BadNotation = "vdl::bad_notation": "a move or game record that cannot be read",
    IllegalMove = "vdl::illegal_move": "a move the rules do not allow in that position",
    AmbiguousMove = "vdl::ambiguous_move": "a move text that fits more than one legal move",
    GameOver = "vdl::game_over": "a move after the game has ended",
    WrongVariant = "vdl::wrong_variant": "a game record whose `[Variant]` tag names another variant",
    UnusedPiece = "vdl::unused_piece": "a piece that is never on the board: not in the setup, not a promotion choice",
    ImmobilePiece = "vdl::immobile_piece": "a piece whose moves fit nowhere on this board",
    UnreachableZone = "vdl::unreachable_zone": "a promotion zone the promoting piece can never reach",
    EmptyZone = "vdl::empty_zone": "a zone with no cells for a side",
    DeadCapture = "vdl::dead_capture": "a capture mode that can never trigger",
    SetupCheck = "vdl::setup_check": "a setup in which a royal piece is attacked",
    SetupNoMove = "vdl::setup_no_move": "a setup in which the side to move has no legal move",
    AsymmetricSetup = "vdl::asymmetric_setup": "a setup marked `mirrored` or `rotated` that is not",
    UnreachableCell = "vdl::unreachable_cell": "cells no piece starts on or can ever reach",
    BadDrops = "vdl::bad_drops": "a drop rule or a promotion to a drop queue that cannot work",
    DeadDrop = "vdl::dead_drop": "a piece in hand may be dropped on cells from which it could never move",
    BadHand = "vdl::bad_hand": "a hand rule that cannot work, or `captured-as` where captured pieces go to no hand",
    BadTwoCell = "vdl::bad_two_cell": "a two-cell piece whose steps cannot work, or which is given properties of one-cell pieces",
    BadShuffle = "vdl::bad_shuffle": "a random placement that cannot be made",
    LostCastling = "vdl::lost_castling": "a castling right that a shuffled array leaves without its king or rook",
    RedundantMove = "vdl::redundant_move": "a move rule whose every move another rule of the piece already makes",
    BadValue = "vdl::bad_value": "a value for the computer player (a piece's `value`, an `evaluation` term) outside its range, or given to a royal piece",
    BadRegion = "vdl::bad_region": "a piece confined to a zone that the setup puts outside it, or `no-facing` on a piece that is not royal",
    BadRestriction = "vdl::bad_restriction": "`cannot-capture` beside capture modes or `swap`, or `cannot-hop` on a piece that never hops",
    BadExplosion = "vdl::bad_explosion": "`explosions` with a piece whose captures land on no victim's cell (capture modes, swaps, two-cell pieces)",
    FsfSyntax = "vdl::fsf_syntax": "a line of a Fairy-Stockfish configuration file that is not a section header, a `key = value` setting or a comment",
    FsfParent = "vdl::fsf_parent": "a Fairy-Stockfish section whose parent is neither an earlier section nor a built-in variant the import can start from",
    FsfBadValue = "vdl::fsf_bad_value": "a Fairy-Stockfish setting whose value is not of the key's kind (a number, a file, cells, piece letters, ...)",
    FsfUnsupported = "vdl::fsf_unsupported": "a Fairy-Stockfish rule vdl cannot express, so the section is not imported",
    FsfUnknownKey = "vdl::fsf_unknown_key": "a key Fairy-Stockfish does not document (it ignores it, and so does the import)",
    FsfExport = "vdl::fsf_export": "a rule of a definition that Fairy-Stockfish's configuration format cannot hold",
    BadAllow = "vdl::bad_allow": "an `allow` that names no warning `vdl check` gives",
    BadWalls = "vdl::bad_walls": "`walls` or `petrifies` beside what a wall cannot go with (capture modes, freezes, swaps, two-cell pieces, explosions, drops, passing, dead-position), or `petrifies` on a royal piece",
    BadRoyal = "vdl::bad_royal": "`royal last` with a count outside 1 to 64, beside a royal kind without the same `royal last`, or beside `explosions`",
    BadPromotionLimit = "vdl::bad_promotion_limit": "a `promotion-limit` outside 1 to 64, or on a kind no promotion makes",
    BadInPlace = "vdl::bad_in_place": "an `in-place` promotion beside `or-leaving`, `captured` or `queue`, or a `promotion-stalemate` rule where no piece promotes in place",
    BadFirstMove = "vdl::bad_first_move": "a `first-move` move that may capture",
    BadNetwork = "vdl::bad_network": "an `evaluation` network whose file cannot be read, is not a network, or does not fit the definition's pieces and board",
}

impl Code {
    /// The warnings about a definition that loads (`vdl check`'s lints), which
    /// `allow` may silence.
    pub const LINTS: &'static [Code] = &[
        Code::UnusedPiece,
        Code::ImmobilePiece,
        Code::UnreachableZone,
        Code::EmptyZone,
        Code::DeadCapture,
        Code::SetupCheck,
        Code::SetupNoMove,
        Code::AsymmetricSetup,
        Code::UnreachableCell,
        Code::DeadDrop,
        Code::LostCastling,
        Code::RedundantMove,
    ];
}

/// The long explanations of every code, with examples: `vdl explain` prints one
/// section, and the file is the book's codes page (readable as it is).
pub const EXPLANATIONS: &str = include_str!("../../book/src/diagnostics.md");

impl Code {
    /// The section of [`EXPLANATIONS`] about this code, from its heading on.
    pub fn explain(self) -> Option<&'static str> {
        let heading = format!("## `{}`", self.as_str());
        let start = EXPLANATIONS
            .match_indices(&heading)
            .find(|(i, _)| EXPLANATIONS[i + heading.len()..].starts_with('\n'))?
            .0;
        let rest = &EXPLANATIONS[start..];
        let end = rest[heading.len()..]
            .find("\n## ")
            .map_or(rest.len(), |i| i + heading.len() + 1);
        Some(rest[..end].trim_end())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
/// How serious a diagnostic is.
pub enum Severity {
    /// The definition, record or input cannot be used.
    Error,
    /// It can be used, but it likely says something else than meant.
    Warning,
}

/// A span with the text drawn under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The bytes pointed at.
    pub span: Span,
    /// What is said there.
    pub text: String,
    /// The label of the problem itself, as opposed to those that explain it.
    pub primary: bool,
}

/// One problem in a definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Its stable code.
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in one line.
    pub message: String,
    /// Where: the primary label first.
    pub labels: Vec<Label>,
    /// How to put it right.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error with a code and a message, to be given its labels and help.
    pub fn error(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: message.into(),
            labels: Vec::new(),
            help: None,
        }
    }

    /// A problem that does not stop the work.
    pub fn warning(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message)
        }
    }

    /// The primary label: where the problem is.
    pub fn at(mut self, span: Span, text: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            span,
            text: text.into(),
            primary: true,
        });
        self
    }

    /// A secondary label: another place involved.
    pub fn also(mut self, span: Span, text: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            span,
            text: text.into(),
            primary: false,
        });
        self
    }

    /// The same diagnostic with its help.
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Where the diagnostic is, for sorting: its primary label.
    pub fn span(&self) -> Span {
        self.labels
            .iter()
            .find(|l| l.primary)
            .or(self.labels.first())
            .map(|l| l.span)
            .unwrap_or_default()
    }

    /// Whether it is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code.as_str()))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display + 'a>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().map(|l| {
            let span = miette::SourceSpan::new(l.span.start.into(), l.span.end - l.span.start);
            let text = (!l.text.is_empty()).then(|| l.text.clone());
            if l.primary {
                miette::LabeledSpan::new_primary_with_span(text, span)
            } else {
                miette::LabeledSpan::new_with_span(text, span)
            }
        })))
    }
}

/// Sort diagnostics by position, errors before warnings at the same place.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        (a.span().start, a.severity, a.code).cmp(&(b.span().start, b.severity, b.code))
    });
}

/// The candidate closest to `word` by edit distance, if close enough to be a likely typo.
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .map(|c| {
            let d = edit_distance(&word.to_lowercase(), &c.to_lowercase());
            (d, c)
        })
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Edits between two words, a swap of two neighbouring letters counting as one
/// (`fiels` is one edit from `files`): the optimal string alignment distance.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j - 1] + cost)
                .min(d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        let names = ["Withdrawer", "Immobilizer", "King"];
        assert_eq!(suggest("Withdrawr", names), Some("Withdrawer"));
        // two letters swapped are one edit
        assert_eq!(suggest("kign", names), Some("King"));
        assert_eq!(suggest("fiels", ["files", "ranks"]), Some("files"));
        assert_eq!(suggest("Kgin", names), None);
        assert_eq!(suggest("Kng", names), Some("King"));
        assert_eq!(suggest("Zebra", names), None);
    }

    #[test]
    fn every_code_is_explained_once() {
        for &c in Code::ALL {
            let text = c
                .explain()
                .unwrap_or_else(|| panic!("{} has no explanation", c.as_str()));
            assert!(text.starts_with(&format!("## `{}`", c.as_str())));
            assert_eq!(text.matches("\n## ").count(), 0, "{}", c.as_str());
            assert!(text.contains("```"), "{} has no example", c.as_str());
        }
        let sections = EXPLANATIONS.matches("\n## `vdl::").count();
        assert_eq!(
            sections,
            Code::ALL.len(),
            "a section for a code that does not exist"
        );
    }

    #[test]
    fn codes_round_trip() {
        for &c in Code::ALL {
            assert_eq!(Code::from_name(c.as_str()), Some(c));
        }
    }
}
