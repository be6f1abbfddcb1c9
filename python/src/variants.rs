//! The variants the package knows by name: every shipped definition by its file
//! name, Fairy-Stockfish's name for each one Fairy-Stockfish also has, and whatever
//! `load_variant` and `load_variant_config` added. Each is compiled once, on first use.

use crate::errors::{diagnostics_text, Failure};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use vdl::diagnostic::Severity;
use vdl::Ruleset;

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// Fairy-Stockfish's name for a shipped definition (the file's stem unless
/// given), and the start FEN its configuration gives when that is not the one vdl
/// writes (`start_fen` returns the configuration's text, as pyffish does).
const FSF_NAMES: &[(&str, &str, Option<&str>)] = &[
    ("3check", "threecheck", None),
    ("5check", "fivecheck", None),
    ("ai-wok", "aiwok", None),
    ("almost", "almost", None),
    ("amazon", "amazon", None),
    ("amazons", "amazons", None),
    ("armageddon", "armageddon", None),
    ("antichess", "antichess", None),
    ("asean", "asean", None),
    ("atomic", "atomic", None),
    // not a name of Fairy-Stockfish's: atomic's Chess960 form, with its conventions
    ("atomic960", "atomic960", None),
    ("berolina", "berolina", None),
    (
        "breakthrough",
        "breakthrough",
        Some("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1"),
    ),
    ("bughouse", "bughouse", None),
    ("capablanca", "capablanca", None),
    (
        "caparandom",
        "caparandom",
        Some("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"),
    ),
    ("chancellor", "chancellor", None),
    ("chaturanga", "chaturanga", None),
    (
        "checkshogi",
        "checkshogi",
        Some("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1"),
    ),
    ("chess", "chess", None),
    ("dobutsu", "dobutsu", Some("gle/1c1/1C1/ELG[-] w 0 1")),
    ("chessgi", "chessgi", None),
    ("chigorin", "chigorin", None),
    ("coregal", "coregal", None),
    ("courier", "courier", None),
    ("crazyhouse", "crazyhouse", None),
    ("dragon", "dragon", None),
    ("duck", "duck", None),
    ("embassy", "embassy", None),
    (
        "euroshogi",
        "euroshogi",
        Some("1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[-] w 0 1"),
    ),
    ("extinction", "extinction", None),
    ("fairy", "fairy", None),
    (
        "fischerandom",
        "chess960",
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ),
    ("fox-and-hounds", "fox-and-hounds", None),
    ("gardner", "gardner", None),
    ("georgian", "georgian", None),
    ("giveaway", "giveaway", None),
    (
        "gorogoro",
        "gorogoro",
        Some("sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1"),
    ),
    ("grand", "grand", None),
    ("grasshopper", "grasshopper", None),
    ("gustav3", "gustav3", None),
    ("hoppelpoppel", "hoppelpoppel", None),
    ("horde", "horde", None),
    ("isolation", "isolation", None),
    ("jesonmor", "jesonmor", None),
    ("janggi", "janggi", None),
    ("janggicasual", "janggicasual", None),
    ("janggimodern", "janggimodern", None),
    ("janggitraditional", "janggitraditional", None),
    ("janus", "janus", None),
    (
        "judkins",
        "judkins",
        Some("rbnsgk/5p/6/6/P5/KGSNBR[-] w 0 1"),
    ),
    ("kinglet", "kinglet", None),
    ("kingofthehill", "kingofthehill", None),
    ("knightmate", "knightmate", None),
    ("loop", "loop", None),
    ("legan", "legan", None),
    ("losalamos", "losalamos", None),
    ("losers", "losers", None),
    ("koedem", "koedem", None),
    ("makruk", "makruk", None),
    ("cambodian", "cambodian", None),
    // Fairy-Stockfish's start position leaves out the checks still to give (1+1)
    (
        "karouk",
        "karouk",
        Some("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"),
    ),
    ("makpong", "makpong", None),
    (
        "kyotoshogi",
        "kyotoshogi",
        Some("p+nks+l/5/5/5/+LSK+NP[-] w 0 1"),
    ),
    ("micro", "micro", Some("kb+r+l/p3/4/3P/+L+RBK[-] w 0 1")),
    ("manchu", "manchu", None),
    // Fairy-Stockfish's second name for minishogi
    ("mini", "minishogi", Some("rbsgk/4p/5/P4/KGSBR[-] w 0 1")),
    (
        "minishogi",
        "minishogi",
        Some("rbsgk/4p/5/P4/KGSBR[-] w 0 1"),
    ),
    ("minixiangqi", "minixiangqi", None),
    ("misere", "misere", None),
    ("modern", "modern", None),
    ("newzealand", "newzealand", None),
    ("nightrider", "nightrider", None),
    ("nocastle", "nocastle", None),
    ("nocheckatomic", "nocheckatomic", None),
    ("atomar", "atomar", None),
    ("normal", "chess", None),
    ("omicron", "omicron", None),
    ("opulent", "opulent", None),
    (
        "okisakishogi",
        "okisakishogi",
        Some("lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[-] w 0 1"),
    ),
    ("paradigm", "paradigm", None),
    ("pawnback", "pawnback", None),
    ("pawnsideways", "pawnsideways", None),
    ("perfect", "perfect", None),
    ("petrified", "petrified", None),
    ("placement", "placement", None),
    // Fairy-Stockfish's start position lists the hands in another order than its FENs
    (
        "sittuyin",
        "sittuyin",
        Some("8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1"),
    ),
    ("pocketknight", "pocketknight", None),
    ("racingkings", "racingkings", None),
    ("seirawan", "seirawan", None),
    ("shatar", "shatar", None),
    ("shatranj", "shatranj", None),
    ("shouse", "shouse", None),
    (
        "shogi",
        "shogi",
        Some("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1"),
    ),
    ("snailtrail", "snailtrail", None),
    ("spartan", "spartan", None),
    ("supply", "supply", None),
    ("suicide", "suicide", None),
    ("threekings", "threekings", None),
    (
        "torishogi",
        "torishogi",
        Some("rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[-] w 0 1"),
    ),
    (
        "shoshogi",
        "shoshogi",
        Some("lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w 0 1"),
    ),
    ("torpedo", "torpedo", None),
    ("troitzky", "troitzky", None),
    ("wolf", "wolf", None),
    ("xiangqi", "xiangqi", None),
    (
        "yarishogi",
        "yarishogi",
        Some("rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR[-] w 0 1"),
    ),
    ("centaur", "centaur", None),
    (
        "clobber",
        "clobber",
        Some("PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w 0 1"),
    ),
    ("ataxx", "ataxx", Some("P5p/7/7/7/7/7/p5P w 0 1")),
    (
        "flipello",
        "flipello",
        Some("8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w 0 1"),
    ),
    (
        "flipersi",
        "flipersi",
        Some("8/8/8/8/8/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w 0 1"),
    ),
    (
        "flipello10",
        "flipello10",
        Some("10/10/10/10/4pP4/4Pp4/10/10/10/10[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1"),
    ),
    (
        "clobber10",
        "clobber10",
        Some("PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP w 0 1"),
    ),
    ("codrus", "codrus", None),
    ("gothic", "gothic", None),
    ("isolation7x7", "isolation7x7", None),
    ("joust", "joust", None),
    ("shako", "shako", None),
    ("sortofalmost", "sortofalmost", None),
    ("tencubed", "tencubed", None),
    ("capahouse", "capahouse", None),
    ("raazuvaa", "raazuvaa", None),
];

/// The variants a variant's `chess960=True` plays: its random-array twin, under a
/// name with Fairy-Stockfish's conventions.
const TWINS_960: &[(&str, &str)] = &[
    ("chess", "fischerandom"),
    ("normal", "fischerandom"),
    ("atomic", "atomic960"),
    ("capablanca", "caparandom"),
];

/// The letters Fairy-Stockfish's notation writes for some pieces instead of their
/// FEN letters (its `pieceToCharSynonyms`): the xiangqi horse and elephant.
const SAN_SYNONYMS: &[(&str, &[(&str, &str)])] = &[
    ("xiangqi", &[("N", "H"), ("B", "E")]),
    ("supply", &[("N", "H"), ("B", "E")]),
    ("janggi", &[("N", "H"), ("B", "E")]),
    ("janggicasual", &[("N", "H"), ("B", "E")]),
    ("janggimodern", &[("N", "H"), ("B", "E")]),
    ("janggitraditional", &[("N", "H"), ("B", "E")]),
    ("manchu", &[("N", "H"), ("B", "E")]),
    ("minixiangqi", &[("N", "H")]),
    ("wolf", &[("+P", "E")]),
];

/// The letter of the type a shogi-style promoted piece is in Fairy-Stockfish,
/// which its notation writes outside shogi's notations (Kyoto's tokin `Ge4=L`).
/// Sections of a loaded configuration get theirs from the import.
const PROMOTED_LETTERS: &[(&str, &[(&str, &str)])] = &[
    (
        "kyotoshogi",
        &[("+L", "G"), ("+S", "B"), ("+N", "G"), ("+P", "R")],
    ),
    (
        "micro",
        &[("+L", "S"), ("+B", "G"), ("+R", "G"), ("+P", "N")],
    ),
    (
        "minishogi",
        &[("+P", "G"), ("+S", "G"), ("+B", "H"), ("+R", "D")],
    ),
    (
        "mini",
        &[("+P", "G"), ("+S", "G"), ("+B", "H"), ("+R", "D")],
    ),
    (
        "shogi",
        &[
            ("+P", "G"),
            ("+S", "G"),
            ("+N", "G"),
            ("+L", "G"),
            ("+B", "H"),
            ("+R", "D"),
        ],
    ),
];

/// One board of a game for two boards, as Fairy-Stockfish plays it alone: its
/// `two_boards` answers true (the captures go to the partner, off this board).
const TWO_BOARDS: &[&str] = &["bughouse", "supply", "koedem"];

/// Variants whose pawn is a custom piece of Fairy-Stockfish's, not its pawn type:
/// its SAN writes the letter (`Pe4`), and after a double step its FEN's
/// en-passant field names the cells passed and reached (`e3e4`), whether or not
/// a pawn can take there.
const CUSTOM_PAWNS: &[&str] = &["pawnback", "pawnsideways", "petrified", "legan"];

/// Variants whose royal piece is a pseudo-royal type of Fairy-Stockfish's (a man
/// with `extinctionPseudoRoyal`, not its king): its notation marks no check.
const PSEUDO_ROYAL: &[&str] = &["petrified"];

/// The order Fairy-Stockfish lists pieces in hand in (by its internal piece
/// types), where it is not the definition's order of pieces.
const HAND_ORDERS: &[(&str, &str)] = &[
    ("shogi", "GNLPSRB"),
    ("checkshogi", "GNLPSRB"),
    ("minishogi", "GPSRB"),
    ("mini", "GPSRB"),
    ("euroshogi", "NGPRB"),
    ("capahouse", "CAQRBNP"),
    ("gorogoro", "GPS"),
    ("judkins", "GNPSRB"),
    ("okisakishogi", "LGPSQRBN"),
    ("yarishogi", "RBNP"),
    ("seirawan", "EH"),
    ("shouse", "EHQRBNP"),
    ("dobutsu", "LGCE"),
    ("supply", "BNPCAR"),
    ("torishogi", "PRLCFS"),
    ("sittuyin", "KSFRN"),
    ("kyotoshogi", "NLPS"),
    ("micro", "LPRB"),
];

/// Shogi-family names, whose default notation is Hodges' with numbers (as pyffish's).
const SHOGI_TEMPLATE: &[&str] = &[
    "shogi",
    "shoshogi",
    "torishogi",
    "dobutsu",
    "checkshogi",
    "minishogi",
    "mini",
    "euroshogi",
    "gorogoro",
    "judkins",
    "okisakishogi",
    "yarishogi",
    "kyotoshogi",
    "micro",
];

/// A variant ready to play.
pub struct Variant {
    /// The name it was asked for by.
    pub name: String,
    pub rules: Ruleset,
    /// Named as Fairy-Stockfish names it: FEN and notation follow its conventions.
    pub fsf: bool,
    /// What `start_fen` returns.
    pub start_fen: String,
    pub shogi_notation: bool,
    /// The order of the pieces in hand in the FEN, by letter, if not the definition's.
    pub hand_order: Option<&'static str>,
    /// Letters the notation writes for some pieces' (`N` as `H`).
    pub san_synonyms: &'static [(&'static str, &'static str)],
    /// Each shogi-style promoted kind's label and the letter Fairy-Stockfish's
    /// notation writes for it outside shogi's notations (see [`PROMOTED_LETTERS`]).
    pub promoted_letters: Vec<(String, String)>,
    /// The pawn is a custom piece of Fairy-Stockfish's (see [`CUSTOM_PAWNS`]).
    pub custom_pawn: bool,
    /// The royal piece is pseudo-royal in Fairy-Stockfish (see [`PSEUDO_ROYAL`]).
    pub pseudo_royal: bool,
    /// One board of two (`TWO_BOARDS`).
    pub two_boards: bool,
    /// The name of the variant `chess960=True` plays, if there is one.
    pub twin_960: Option<String>,
}

/// How a name was registered.
#[derive(Clone)]
enum Entry {
    /// A shipped file, by name, under Fairy-Stockfish's name or its own.
    Shipped {
        file: &'static str,
        fsf: bool,
    },
    Ready(Arc<Variant>),
}

#[derive(Default)]
struct Registry {
    entries: HashMap<String, Entry>,
    /// Names in the order `variants()` gives them.
    order: Vec<String>,
}

/// The most variants that `load_variant` and `load_variant_config` may add, so that
/// a server that loads strangers' definitions cannot be made to grow without end.
pub const MAX_LOADED: usize = 10_000;

fn registry() -> &'static Mutex<Registry> {
    static REGISTRY: OnceLock<Mutex<Registry>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut r = Registry::default();
        for &(fsf, file, _) in FSF_NAMES {
            r.add(fsf, Entry::Shipped { file, fsf: true });
        }
        for &(file, _) in SHIPPED {
            let stem = file.trim_end_matches(".vdl");
            if !r.entries.contains_key(stem) {
                r.add(
                    stem,
                    Entry::Shipped {
                        file: stem,
                        fsf: false,
                    },
                );
            }
        }
        Mutex::new(r)
    })
}

impl Registry {
    fn add(&mut self, name: &str, entry: Entry) {
        if self.entries.insert(name.to_string(), entry).is_none() {
            self.order.push(name.to_string());
        }
    }
}

/// Every variant's name: Fairy-Stockfish's names first, then the files', then the loaded.
pub fn names() -> Vec<String> {
    let r = lock();
    r.order.clone()
}

fn lock() -> std::sync::MutexGuard<'static, Registry> {
    registry().lock().unwrap_or_else(|e| e.into_inner())
}

/// The variant of a name, compiled on first use.
pub fn get(name: &str) -> Result<Arc<Variant>, Failure> {
    let entry = lock().entries.get(name).cloned();
    let entry = match entry {
        Some(e) => e,
        None => return Err(unknown(name)),
    };
    let (text, fsf, start_override) = match entry {
        Entry::Ready(v) => return Ok(v),
        Entry::Shipped { file, fsf } => {
            let text = shipped_text(file).ok_or_else(|| unknown(name))?;
            let start = FSF_NAMES
                .iter()
                .find(|(n, _, _)| *n == name && fsf)
                .and_then(|(_, _, s)| *s);
            (text.to_string(), fsf, start)
        }
    };
    let rules = compile_untrusted(&text, &format!("{name}.vdl"))?;
    let variant = Arc::new(finish(name, rules, fsf, start_override));
    lock()
        .entries
        .insert(name.to_string(), Entry::Ready(variant.clone()));
    Ok(variant)
}

fn finish(name: &str, rules: Ruleset, fsf: bool, start: Option<&str>) -> Variant {
    let start_fen = match start {
        Some(s) => s.to_string(),
        None => vdl::Position::start(&rules).fen(),
    };
    Variant {
        name: name.to_string(),
        shogi_notation: fsf && SHOGI_TEMPLATE.contains(&name),
        hand_order: HAND_ORDERS
            .iter()
            .find(|(n, _)| fsf && *n == name)
            .map(|(_, o)| *o),
        san_synonyms: SAN_SYNONYMS
            .iter()
            .find(|(n, _)| fsf && *n == name)
            .map_or(&[], |(_, s)| *s),
        promoted_letters: PROMOTED_LETTERS
            .iter()
            .find(|(n, _)| fsf && *n == name)
            .map_or_else(Vec::new, |(_, s)| {
                s.iter()
                    .map(|(l, t)| (l.to_string(), t.to_string()))
                    .collect()
            }),
        custom_pawn: fsf && CUSTOM_PAWNS.contains(&name),
        pseudo_royal: fsf && PSEUDO_ROYAL.contains(&name),
        two_boards: fsf && TWO_BOARDS.contains(&name),
        twin_960: TWINS_960
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| t.to_string()),
        rules,
        fsf,
        start_fen,
    }
}

fn unknown(name: &str) -> Failure {
    let known = names();
    let hint = vdl::diagnostic::suggest(name, known.iter().map(String::as_str))
        .map(|s| format!("; did you mean `{s}`?"))
        .unwrap_or_default();
    Failure::Value(format!(
        "vdl::unknown_variant: no variant is called `{name}`{hint} (`vdl.variants()` lists them; `vdl.load_variant` adds a definition)"
    ))
}

pub fn shipped_text(stem: &str) -> Option<&'static str> {
    SHIPPED
        .iter()
        .find(|(f, _)| f.trim_end_matches(".vdl") == stem)
        .map(|(_, t)| *t)
}

/// The files a definition without file access may name: the shipped
/// definitions (for `extends`) and networks (for `network`).
pub fn shipped_files() -> Vec<(&'static str, &'static str)> {
    [SHIPPED, NETWORKS].concat()
}

/// Compile a definition without file access: `extends` and `network` may name
/// only shipped files.
pub fn compile_untrusted(text: &str, name: &str) -> Result<Ruleset, Failure> {
    let loaded = vdl::load_untrusted(text, &shipped_files());
    into_rules(loaded, name)
}

fn into_rules(loaded: vdl::Loaded, name: &str) -> Result<Ruleset, Failure> {
    let errors = loaded
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error);
    match loaded.ruleset {
        Some(r) if !errors => Ok(r),
        _ => Err(Failure::Value(format!(
            "the definition {name} has errors:\n{}",
            diagnostics_text(&loaded.sources, &loaded.diagnostics)
        ))),
    }
}

/// Register a compiled definition under a name (replacing one of that name that
/// was loaded, never a shipped one); `promoted_letters`, a configuration's
/// section's letters of its promoted pieces.
pub fn register_rules(
    name: &str,
    rules: Ruleset,
    (fsf, promoted_letters): (bool, Vec<(String, String)>),
) -> Result<String, Failure> {
    let mut r = lock();
    if let Some(Entry::Shipped { .. }) = r.entries.get(name) {
        return Err(Failure::Value(format!(
            "vdl::variant_exists: `{name}` is a shipped variant's name; give the definition another name"
        )));
    }
    if !r.entries.contains_key(name)
        && r.order.len() >= MAX_LOADED + FSF_NAMES.len() + SHIPPED.len()
    {
        return Err(Failure::Value(format!(
            "vdl::too_many_variants: at most {MAX_LOADED} variants may be loaded"
        )));
    }
    let mut variant = finish(name, rules, fsf, None);
    if !promoted_letters.is_empty() {
        variant.promoted_letters = promoted_letters;
    }
    r.add(name, Entry::Ready(Arc::new(variant)));
    Ok(name.to_string())
}
