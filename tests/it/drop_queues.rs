//! UC-40 (`definitions/uc40.vdl`): the drop queue, drop credits earned by exchanges,
//! compound turns, promotion from the queue's back, and the seeded random array.

use crate::common;

use vdl::model::Side;
use vdl::referee::notation;
use vdl::{Move, Position, Ruleset};

fn uc40() -> Ruleset {
    common::rules("definitions/uc40.vdl")
}

/// Every legal turn in Game Courier notation, sorted.
fn turns(pos: &mut Position) -> Vec<String> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|m| notation::print(pos, m, &list))
        .collect();
    out.sort();
    out
}

/// The legal turn a text names; panics (a test failure) when there is none.
fn turn(pos: &mut Position, text: &str) -> Move {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let parsed = notation::parse(text).unwrap_or_else(|e| panic!("{text}: {}", e.message));
    notation::resolve(pos, &parsed, &list).unwrap_or_else(|e| panic!("{text}: {}", e.message))
}

/// Why a turn text is refused, with the byte range it points at.
fn refusal(pos: &mut Position, text: &str) -> (vdl::Code, String, usize, usize) {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let parsed = notation::parse(text).expect("readable");
    match notation::resolve(pos, &parsed, &list) {
        Ok(m) => panic!("{text} was accepted as {}", pos.move_text(&m)),
        Err(e) => (e.code, e.message, e.offset, e.len),
    }
}

fn play(pos: &mut Position, text: &str) {
    let m = turn(pos, text);
    pos.make(m);
}

// A white rook takes a black rook; the other black rook can take it back at once.
const EXCHANGE: &str = "3rk3/8/8/3r4/8/8/3R4/4K3{AMCQ/amcq} w - - 0 1";

#[test]
fn an_exchange_earns_a_drop_in_the_recapturing_turn() {
    let rules = uc40();
    let mut pos = Position::from_fen(&rules, EXCHANGE).expect("fen");
    play(&mut pos, "R d2-d5");
    assert_eq!(pos.fen(), "3rk3/8/8/3R4/8/8/8/4K3{AMCQ/amcq@d5} b - - 0 1");
    let drops: Vec<String> = turns(&mut pos)
        .into_iter()
        .filter(|t| t.contains(';'))
        .collect();
    // The queue's front piece, on every empty cell of the first rank (d8 just emptied).
    assert_eq!(
        drops,
        [
            "r d8-d5; am-a8",
            "r d8-d5; am-b8",
            "r d8-d5; am-c8",
            "r d8-d5; am-d8",
            "r d8-d5; am-f8",
            "r d8-d5; am-g8",
            "r d8-d5; am-h8",
        ]
    );
    play(&mut pos, "r d8-d5; am-d8");
    assert_eq!(pos.fen(), "3amk3/8/8/3r4/8/8/8/4K3{AMCQ/cq@d5} w - - 0 2");
    // Taken back without a drop, the credit stays.
    pos.unmake();
    play(&mut pos, "r d8-d5");
    assert_eq!(pos.fen(), "4k3/8/8/3r4/8/8/8/4K3{AMCQ/amcq+1@d5} w - - 0 2");
    assert_eq!(pos.drop_credits(Side::Black), 1);
}

#[test]
fn an_unanswered_capture_earns_nothing() {
    let rules = uc40();
    let mut pos = Position::from_fen(&rules, EXCHANGE).expect("fen");
    play(&mut pos, "R d2-d5");
    play(&mut pos, "k e8-f7");
    play(&mut pos, "K e1-e2");
    play(&mut pos, "r d8-d5");
    assert_eq!(pos.drop_credits(Side::Black), 0);
    assert!(turns(&mut pos).iter().all(|t| !t.contains(';')));
}

#[test]
fn an_exchange_with_a_pawn_earns_nothing() {
    let rules = uc40();
    // A pawn takes a rook and is taken back; a rook takes a pawn and is taken back.
    let mut pos =
        Position::from_fen(&rules, "4k3/8/2r5/3P4/8/8/8/R1N1K3{AM/am} b - - 0 1").expect("fen");
    play(&mut pos, "r c6-c1");
    assert_eq!(pos.exchange().map(|(_, n)| n), Some(1));
    play(&mut pos, "R a1-c1");
    assert_eq!(pos.drop_credits(Side::White), 1);
    let mut pos =
        Position::from_fen(&rules, "4k3/8/2r5/3P4/8/8/8/R3K3{AM/am} w - - 0 1").expect("fen");
    play(&mut pos, "P d5-c6");
    assert_eq!(pos.exchange(), None);
    let mut pos =
        Position::from_fen(&rules, "4k3/3p4/8/8/8/8/8/3RK3{AM/am} w - - 0 1").expect("fen");
    play(&mut pos, "R d1-d7");
    assert_eq!(pos.exchange(), None);
    play(&mut pos, "k e8-d7");
    assert_eq!(pos.drop_credits(Side::Black), 0);
}

#[test]
fn a_drop_may_block_a_check_and_must_not_leave_one() {
    let rules = uc40();
    let mut pos =
        Position::from_fen(&rules, "R3k3/7p/8/8/8/8/8/4K3{AM/am+1} b - - 0 1").expect("fen");
    let all = turns(&mut pos);
    let pawn: Vec<&String> = all.iter().filter(|t| t.starts_with("p ")).collect();
    // The pawn may move only with a drop that stops the rook's check.
    assert_eq!(
        pawn,
        [
            "p h7-h5; am-b8",
            "p h7-h5; am-c8",
            "p h7-h5; am-d8",
            "p h7-h6; am-b8",
            "p h7-h6; am-c8",
            "p h7-h6; am-d8",
        ]
    );
    let (code, message, offset, len) = refusal(&mut pos, "p h7-h6; am-f8");
    assert_eq!(code, vdl::Code::IllegalMove);
    assert!(message.contains("king would be in check"), "{message}");
    assert_eq!((offset, len), (9, 5));
}

#[test]
fn a_drop_that_gives_an_enemy_cannon_its_screen_is_refused() {
    let rules = uc40();
    // The paovao on a8 needs one screen to take the king on e8.
    let mut pos =
        Position::from_fen(&rules, "LE3k3/7p/8/8/8/8/8/4K3{AM/am+1} b - - 0 1").expect("fen");
    let pawn: Vec<String> = turns(&mut pos)
        .into_iter()
        .filter(|t| t.starts_with("p "))
        .collect();
    assert_eq!(
        pawn,
        [
            "p h7-h5",
            "p h7-h5; am-f8",
            "p h7-h5; am-g8",
            "p h7-h5; am-h8",
            "p h7-h6",
            "p h7-h6; am-f8",
            "p h7-h6; am-g8",
            "p h7-h6; am-h8",
        ]
    );
}

#[test]
fn promotions_take_the_queue_from_its_back() {
    let rules = uc40();
    let mut pos =
        Position::from_fen(&rules, "7k/1PP5/8/8/8/8/8/4K3{AMCQSI/am} w - - 0 1").expect("fen");
    // Compulsory, and only to the queue's last piece.
    let pawn: Vec<String> = turns(&mut pos)
        .into_iter()
        .filter(|t| t.starts_with("P b7"))
        .collect();
    assert_eq!(pawn, ["P b7-b8; SI-b8"]);
    play(&mut pos, "P b7-b8; SI-b8");
    play(&mut pos, "k h8-h7");
    play(&mut pos, "P c7-c8; CQ-c8");
    assert_eq!(pos.fen(), "1SICQ5/7k/8/8/8/8/8/4K3{AM/am} b - - 0 2");
    let (_, message, _, _) = {
        pos.unmake();
        refusal(&mut pos, "P c7-c8; AM-c8")
    };
    assert!(message.contains("cannot promote to `AM`"), "{message}");
}

#[test]
fn with_an_empty_queue_a_pawn_stays_off_the_last_rank_but_still_checks() {
    let rules = uc40();
    let mut pos = Position::from_fen(&rules, "7k/1P6/8/8/8/8/8/4K3{/am} w - - 0 1").expect("fen");
    assert!(!turns(&mut pos).iter().any(|t| t.starts_with("P ")));
    let pos = Position::from_fen(&rules, "2k5/1P6/8/8/8/8/8/4K3{/am} b - - 0 1").expect("fen");
    assert!(pos.in_check(Side::Black));
}

#[test]
fn drops_are_refused_with_reasons_at_their_place() {
    let rules = uc40();
    let mut pos = Position::from_fen(&rules, EXCHANGE).expect("fen");
    // No credit: White has taken nothing back.
    let (code, message, offset, len) = refusal(&mut pos, "R d2-d5; AM-a1");
    assert_eq!(code, vdl::Code::IllegalMove);
    assert!(message.contains("holds no drop credit"), "{message}");
    assert_eq!((offset, len), (9, 5));
    play(&mut pos, "R d2-d5");
    // Not the queue's front piece.
    let (_, message, offset, _) = refusal(&mut pos, "r d8-d5; cq-a8");
    assert!(message.contains("the next to drop is `am`"), "{message}");
    assert_eq!(offset, 9);
    // Off the first rank.
    let (_, message, _, _) = refusal(&mut pos, "r d8-d5; am-a7");
    assert!(
        message.contains("a7 is not a cell Black may drop on"),
        "{message}"
    );
}

#[test]
fn queues_credits_and_the_exchange_survive_fen_and_unmake() {
    let rules = uc40();
    let fen = "3rk3/8/8/3R4/8/8/8/4K3{AMCQ+2/amcq+1@d5*2} b - - 0 1";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    assert_eq!(pos.fen(), fen);
    assert_eq!(pos.hash(), pos.compute_hash());
    let before = pos.snapshot();
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    assert!(list.iter().any(|m| m.drops()));
    for m in list {
        pos.make(m);
        assert_eq!(pos.hash(), pos.compute_hash(), "{}", pos.move_text(&m));
        let again = Position::from_fen(&rules, &pos.fen()).expect("fen");
        assert_eq!(again.hash(), pos.hash(), "{}", pos.fen());
        pos.unmake();
        assert!(pos.snapshot() == before, "{}", pos.move_text(&m));
    }
    // Taking the rook that took two pieces earns two credits.
    play(&mut pos, "r d8-d5");
    assert_eq!(pos.drop_credits(Side::Black), 3);
}

#[test]
fn a_seed_gives_the_same_mirrored_array_everywhere() {
    let rules = uc40();
    let def = &rules.definition;
    let a = def.start_setup(2026);
    assert_eq!(a, def.start_setup(2026));
    assert_ne!(a, def.start_setup(2027));
    for side in [Side::White, Side::Black] {
        let home = if side == Side::White { 0 } else { 7 };
        let mut kinds: Vec<usize> = a
            .placements
            .iter()
            .filter(|&&(c, s, _)| s == side && c.rank == home)
            .map(|&(_, _, k)| k)
            .collect();
        assert_eq!(kinds.len(), 8);
        assert!(kinds.contains(&0), "the King is on the first rank");
        assert_eq!(a.queues[side.index()].len(), 32);
        kinds.extend(&a.queues[side.index()]);
        kinds.sort();
        let pawn = def
            .pieces
            .iter()
            .position(|p| p.name == "Pawn")
            .expect("pawn");
        let expected: Vec<usize> = (0..def.pieces.len()).filter(|&k| k != pawn).collect();
        assert_eq!(kinds, expected, "each of the 39 types once, and the King");
    }
    // Black copies White file for file, and queue place for queue place.
    for &(c, s, k) in &a.placements {
        if s == Side::White && c.rank == 0 {
            assert!(a.placements.contains(&(
                vdl::model::Coord {
                    file: c.file,
                    rank: 7
                },
                Side::Black,
                k
            )));
        }
    }
    assert_eq!(a.queues[0], a.queues[1]);
    // The seed's array is the one `vdl show --seed` prints.
    let pos = Position::start_seeded(&rules, 2026);
    let out = common::vdl(&["show", "definitions/uc40.vdl", "--seed", "2026"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("FEN: {}", pos.fen())), "{text}");
}

/// The arrays of three seeds whose first ranks and queue fronts hold only pieces the
/// reference generator reads (no Rococo piece comes on the board within four plies).
const SEEDS: [u64; 3] = [8, 43, 54];

/// Positions with drop credits: the exchange above, and middle games of three
/// arrays (seeds 8, 27 and 35 before `redeal`) where a side holds credits (reached
/// by play, kept as FEN).
const CREDIT_FENS: &[&str] = &[
    EXCHANGE,
    "3rk3/8/8/3R4/8/8/8/4K3{AMCQ+2/amcq+1@d5*2} b - - 0 1",
    "R3k3/7p/8/8/8/8/8/4K3{AM/am+1} b - - 0 1",
    "r1k1dr3/1p3p1se/grcapp2pp/3P3P/pPP1pPP1/3P4/P6CA/RGR1KGN1NSE{DAHRWDWAXEQIMFDAFXFDKHVDHXWAMXDLEESCHXGAACQBUWISWLLMASIDFADARCI/dahrwdwaxeqimfdafxfdkhvdhxwamxdleeschxgaacqbuwiswllmasidfadarci+1} b - - 1 23",
    "5gr1xw/1k1p1p1p/1p1daAR2ar/2xf3pP/3P4/8/gnPP1PPPXW/GNKXF2GR2{WACQXGWIHVLLLEWDADRIMDRNCIDHCHSWESSEXDXEHRDFAMAFMAQAAFDBUSICA/wacqxgwihvlllewdadrimdrncidhchswessexdxehrdfamafmaqaafdbusica+1} b - - 0 16",
    "1qxfk3hv/pp2p2p/3p4/5pp1/5DAhrdf/2PP1P2/PP2PXGPP/Q1XFK1DF1HV{FDWDESWABUDHNRIMAACHXEGRMAGNWIDKCILELLSESWARSIXDAMDRXWADCQCAAF/fdwdeswabudhnrimaachxegrmagnwidkcilellseswarsixdamdrxwadcqcaaf+1} b - - 1 15",
];

#[test]
fn seeded_arrays_agree_with_the_reference() {
    agree_to(&uc40(), if cfg!(debug_assertions) { 2 } else { 3 });
}

/// The long suite: the seeds' whole trees to depth 4.
#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn seeded_arrays_agree_with_the_reference_to_depth_4() {
    agree_to(&uc40(), 4);
}

fn agree_to(rules: &Ruleset, depth: u32) {
    for seed in SEEDS {
        let mut pos = Position::start_seeded(rules, seed);
        let leaves = common::tree_agrees(&mut pos, depth);
        assert_eq!(leaves, pos.perft(depth), "seed {seed}");
    }
    // The positions with credits, one ply less (to depth 3 in the long suite).
    for fen in CREDIT_FENS {
        let mut pos = Position::from_fen(rules, fen).expect("fen");
        let leaves = common::tree_agrees(&mut pos, depth - 1);
        assert_eq!(leaves, pos.perft(depth - 1), "{fen}");
    }
}

/// The seeds' arrays are the ones in `tests/perft/uc40.epd`, on every machine.
#[test]
fn seeded_arrays_are_the_perft_tables() {
    let rules = uc40();
    let table = std::fs::read_to_string(common::root().join("tests/perft/uc40.epd"))
        .expect("tests/perft/uc40.epd");
    for seed in SEEDS {
        let fen = Position::start_seeded(&rules, seed).fen();
        let line = format!("# seed {seed}\n{fen} ;");
        assert!(table.contains(&line), "seed {seed}: {fen}");
    }
}

#[test]
fn moves_json_names_each_drop() {
    let out = common::vdl(&[
        "moves",
        "definitions/uc40.vdl",
        "--json",
        "--fen",
        "3rk3/8/8/3R4/8/8/8/4K3{AMCQ/amcq@d5} b - - 0 1",
    ]);
    let moves: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let drops: Vec<(String, String, String)> = moves
        .as_array()
        .expect("a list")
        .iter()
        .filter(|m| !m["drop"].is_null())
        .map(|m| {
            let s = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
            (
                s(&m["notation"]),
                s(&m["drop"]["piece"]),
                s(&m["drop"]["cell"]),
            )
        })
        .collect();
    assert_eq!(drops.len(), 7);
    assert_eq!(
        drops[0],
        ("r d8-d5; am-a8".into(), "am".into(), "a8".into())
    );
}

#[test]
fn show_draws_the_queues_as_the_reserve_board() {
    let out = common::vdl(&[
        "show",
        "definitions/uc40.vdl",
        "--fen",
        "3rk3/8/8/3R4/8/8/8/4K3{AMCQSIDAHRWDWAXEQIM+1/amcq} b - - 0 1",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    // White's queue in drop order from the bottom row up, Black's from the top down.
    assert_eq!(
        lines[0],
        "8   .  .  .  r  k  .  .  .   | am cq  .  .  .  .  .  ."
    );
    assert_eq!(
        lines[6],
        "2   .  .  .  .  .  .  .  .   |  Q IM  .  .  .  .  .  ."
    );
    assert_eq!(
        lines[7],
        "1   .  .  .  .  K  .  .  .   | AM CQ SI DA HR WD WA XE"
    );
    assert!(text.contains("White drop credits: 1"), "{text}");
}

#[test]
fn a_refereed_game_with_drops_and_a_promotion() {
    let rules = uc40();
    let text = std::fs::read_to_string(
        common::root().join("tests/games/uc40/exchange-drop-promotion.game"),
    )
    .expect("game");
    let refereed = vdl::referee::referee(&rules, &text);
    assert!(refereed.error.is_none(), "{:?}", refereed.error);
    let game = refereed.game.expect("game");
    let played: Vec<&str> = game.played().iter().map(|p| p.notation.as_str()).collect();
    assert_eq!(
        played,
        [
            "R d2-d5",
            "r d8-d5; am-d8",
            "P b7-b8; CQ-b8",
            "am d8-b8",
            "R b1-b8; AM-d1",
            "k e8-e7"
        ]
    );
    assert_eq!(
        game.position().fen(),
        "1R6/4k3/8/3r4/8/8/8/3AMK3{/cq} w - - 1 4"
    );
}

/// The seed: "Swaps with swappers may be combined with other captures." A chameleon
/// swapping with a swapper moves away from a Withdrawer behind it (taking it) or
/// towards an Advancer beyond the swapper's cell (taking it).
#[test]
fn a_chameleon_swap_combines_with_its_other_captures() {
    let rules = uc40();
    for (fen, text, captured, after) in [
        (
            "7k/8/3WI4/3ch4/8/8/3SW4/K7{/} b - - 0 1",
            "ch d5-d2; SW-d5",
            "d6",
            "7k/8/8/3SW4/8/8/3ch4/K7{/@d2} w - - d5<>d2 0 2",
        ),
        (
            "7k/8/8/3ch4/8/3SW4/3AD4/K7{/} b - - 0 1",
            "ch d5-d3; SW-d5",
            "d2",
            "7k/8/8/3SW4/8/3ch4/8/K7{/@d3} w - - d5<>d3 0 2",
        ),
    ] {
        let mut pos = Position::from_fen(&rules, fen).expect("fen");
        let m = turn(&mut pos, text);
        let captures: Vec<&str> = m.captures().iter().map(|&c| rules.cell_name(c)).collect();
        assert_eq!(captures, [captured], "{fen}");
        assert!(turns(&mut pos).contains(&text.to_string()));
        pos.make(m);
        assert_eq!(pos.fen(), after);
        pos.unmake();
        assert_eq!(pos.fen(), fen);
    }
}

/// The seed's bad presets, "in which White could capture any undefended pawn or
/// checkmates Blue in the first turn", are dealt again: in seeds 0 to 59 White can
/// do neither. Seed 13's first deal let White mate with `DA e1-f4`, seed 0's take
/// with `AR d1-a7`; each seed still names one array.
#[test]
fn arrays_where_white_captures_or_mates_at_once_are_dealt_again() {
    let rules = uc40();
    let first_deal = |seed: u64| Position::from_setup(&rules, &rules.definition.start_setup(seed));
    let mut mate = first_deal(13);
    let m = turn(&mut mate, "DA e1-f4");
    mate.make(m);
    let mut replies = Vec::new();
    mate.legal_moves(&mut replies);
    assert!(replies.is_empty() && mate.in_check(Side::Black));
    let mut capture = first_deal(0);
    assert_eq!(turn(&mut capture, "AR d1-a7").captures().len(), 1);
    let mut redealt = 0;
    for seed in 0..60 {
        let mut pos = Position::start_seeded(&rules, seed);
        assert_eq!(pos.fen(), Position::start_seeded(&rules, seed).fen());
        if pos.fen() != first_deal(seed).fen() {
            redealt += 1;
        }
        let mut first = Vec::new();
        pos.legal_moves(&mut first);
        for m in first {
            assert!(
                m.captures().is_empty(),
                "seed {seed}: {}",
                pos.move_text(&m)
            );
            pos.make(m);
            let mut replies = Vec::new();
            pos.legal_moves(&mut replies);
            assert!(!replies.is_empty(), "seed {seed}: {} mates", pos.fen());
            pos.unmake();
        }
    }
    assert!(redealt >= 32, "{redealt} arrays were dealt again");
}
