//! Fairy-Stockfish's built-in variants that vdl ships: the configuration that
//! describes each (`builtin.ini`, written from Fairy-Stockfish's variant.cpp) and
//! the shipped definition an imported child extends.

use super::ini::{self, Section};

const TEXT: &str = include_str!("builtin.ini");

/// The shipped definitions the built-ins map to, by file name.
pub const SHIPPED: &[(&str, &str)] = &[
    ("chess.vdl", include_str!("../../../definitions/chess.vdl")),
    (
        "crazyhouse.vdl",
        include_str!("../../../definitions/crazyhouse.vdl"),
    ),
    (
        "kingofthehill.vdl",
        include_str!("../../../definitions/kingofthehill.vdl"),
    ),
    (
        "makruk.vdl",
        include_str!("../../../definitions/makruk.vdl"),
    ),
    (
        "makpong.vdl",
        include_str!("../../../definitions/makpong.vdl"),
    ),
    (
        "cambodian.vdl",
        include_str!("../../../definitions/cambodian.vdl"),
    ),
    (
        "karouk.vdl",
        include_str!("../../../definitions/karouk.vdl"),
    ),
    (
        "kyotoshogi.vdl",
        include_str!("../../../definitions/kyotoshogi.vdl"),
    ),
    ("micro.vdl", include_str!("../../../definitions/micro.vdl")),
    (
        "flipersi.vdl",
        include_str!("../../../definitions/flipersi.vdl"),
    ),
    (
        "flipello.vdl",
        include_str!("../../../definitions/flipello.vdl"),
    ),
    (
        "flipello10.vdl",
        include_str!("../../../definitions/flipello10.vdl"),
    ),
    ("ataxx.vdl", include_str!("../../../definitions/ataxx.vdl")),
    (
        "shatar.vdl",
        include_str!("../../../definitions/shatar.vdl"),
    ),
    (
        "threecheck.vdl",
        include_str!("../../../definitions/threecheck.vdl"),
    ),
    (
        "giveaway.vdl",
        include_str!("../../../definitions/giveaway.vdl"),
    ),
    (
        "antichess.vdl",
        include_str!("../../../definitions/antichess.vdl"),
    ),
    (
        "extinction.vdl",
        include_str!("../../../definitions/extinction.vdl"),
    ),
    (
        "racingkings.vdl",
        include_str!("../../../definitions/racingkings.vdl"),
    ),
    (
        "capablanca.vdl",
        include_str!("../../../definitions/capablanca.vdl"),
    ),
    ("janus.vdl", include_str!("../../../definitions/janus.vdl")),
    (
        "embassy.vdl",
        include_str!("../../../definitions/embassy.vdl"),
    ),
    (
        "chancellor.vdl",
        include_str!("../../../definitions/chancellor.vdl"),
    ),
    (
        "modern.vdl",
        include_str!("../../../definitions/modern.vdl"),
    ),
    (
        "losalamos.vdl",
        include_str!("../../../definitions/losalamos.vdl"),
    ),
    (
        "gardner.vdl",
        include_str!("../../../definitions/gardner.vdl"),
    ),
    (
        "amazon.vdl",
        include_str!("../../../definitions/amazon.vdl"),
    ),
    (
        "nightrider.vdl",
        include_str!("../../../definitions/nightrider.vdl"),
    ),
    (
        "grasshopper.vdl",
        include_str!("../../../definitions/grasshopper.vdl"),
    ),
    (
        "newzealand.vdl",
        include_str!("../../../definitions/newzealand.vdl"),
    ),
    (
        "breakthrough.vdl",
        include_str!("../../../definitions/breakthrough.vdl"),
    ),
    (
        "pocketknight.vdl",
        include_str!("../../../definitions/pocketknight.vdl"),
    ),
    (
        "minishogi.vdl",
        include_str!("../../../definitions/minishogi.vdl"),
    ),
    ("shogi.vdl", include_str!("../../../definitions/shogi.vdl")),
    (
        "nocheckatomic.vdl",
        include_str!("../../../definitions/nocheckatomic.vdl"),
    ),
    (
        "atomic.vdl",
        include_str!("../../../definitions/atomic.vdl"),
    ),
    (
        "amazons.vdl",
        include_str!("../../../definitions/amazons.vdl"),
    ),
    (
        "snailtrail.vdl",
        include_str!("../../../definitions/snailtrail.vdl"),
    ),
];

/// The built-in sections, parsed once per call (the text is small).
pub fn sections() -> Vec<Section> {
    ini::parse(TEXT, 0).0
}

/// The text of a shipped definition by its file name.
pub fn shipped(file: &str) -> Option<&'static str> {
    SHIPPED
        .iter()
        .find(|(name, _)| *name == file)
        .map(|(_, text)| *text)
}

/// Fairy-Stockfish's built-in variants that vdl does not ship, so that a parent
/// among them is reported as such rather than as unknown.
pub const NOT_SHIPPED: &[&str] = &[
    "chess960",
    "nocastle",
    "armageddon",
    "torpedo",
    "berolina",
    "pawnsideways",
    "pawnback",
    "legan",
    "fairy",
    "raazuvaa",
    "asean",
    "ai-wok",
    "euroshogi",
    "judkinshogi",
    "torishogi",
    "shatranj",
    "courier",
    "seirawan",
    "shouse",
    "horde",
    "losers",
    "5check",
    "bughouse",
    "koedem",
    "knightmate",
    "placement",
    "sittuyin",
    "coregal",
    "clobber",
    "duck",
    "flipello",
    "flipersi",
    "minixiangqi",
    "xiangqi",
    "manchu",
    "supply",
    "janggi",
    "janggitraditional",
    "janggimodern",
    "janggicasual",
    "gorogoro",
    "gorogoroplus",
    "dobutsu",
    "sho",
    "okisakishogi",
    "shoshogi",
    "yarishogi",
    "shogun",
    "orda",
    "ordamirror",
    "synochess",
    "shinobi",
    "shinobiplus",
    "empire",
    "chak",
    "chennis",
    "spartan",
    "hoppelpoppel",
    "grand",
    "grandhouse",
    "shako",
    "centaur",
    "tencubed",
    "opulent",
    "capahouse",
    "caparandom",
    "gothic",
    "gothhouse",
    "loop",
    "chessgi",
    "crazyhouse960",
    "isolation",
    "isolation7x7",
    "fox-and-hounds",
    "atomic960",
    "antihouse",
    "kinglet",
    "threekings",
    "tictactoe",
    "connect4",
    "gomoku",
    "renju",
    "reversi",
    "ataxx",
    "flipello10",
    "cfour",
    "xiangqihouse",
    "janggihouse",
    "gustav3",
    "jesonmor",
];
