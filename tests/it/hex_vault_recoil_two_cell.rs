//! Panoply (`definitions/panoply.vdl`): the seed's and the inventor's examples, the
//! Barricade's steps and captures, the proposed setup's perft, and random games
//! cross-checked move by move against the slow reference generator.

use crate::common;

use vdl::referee::notation;
use vdl::Position;

fn panoply() -> vdl::Ruleset {
    common::rules("definitions/panoply.vdl")
}

/// Random games from the setup and from middle games: at every position the fast
/// generator's legal moves are the reference's.
#[test]
fn random_games_match_the_reference() {
    let rules = panoply();
    let start = Position::start(&rules).fen();
    let fens = [start.as_str()];
    let positions = if cfg!(debug_assertions) { 40 } else { 400 };
    // Two-cell moves, those capturing, and captures of a two-cell piece seen.
    let mut stats = [0usize; 3];
    common::random_walks_agree(&rules, &fens, 0x9a40, (positions, 80), |pos, list| {
        for m in list {
            if m.two_cell_ends().is_some() {
                stats[0] += 1;
                stats[1] += usize::from(!m.captures().is_empty());
            }
            let whole = m.captures().iter().any(|&c| pos.other_end(c).is_some());
            stats[2] += usize::from(whole);
        }
    });
    eprintln!("{stats:?}");
    assert!(stats.iter().all(|&n| n > 0), "{stats:?}");
}

/// The moves (referee notation) of the piece on `from`, sorted, in a position of
/// these pieces with White to move.
fn moves_from(rules: &vdl::Ruleset, pieces: &[(&str, &str)], from: &str) -> Vec<String> {
    let fen = common::fen_of(rules, pieces, "w");
    let mut pos = Position::from_fen(rules, &fen).expect("fen");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut v: Vec<String> = list
        .iter()
        .filter(|m| m.from == rules.cell_by_name(from).expect("cell"))
        .map(|m| notation::print(&pos, m, &list))
        .collect();
    v.sort();
    v
}

/// Only the capturing moves (those with a `;` part or an `x`) of `moves_from`.
fn captures_from(rules: &vdl::Ruleset, pieces: &[(&str, &str)], from: &str) -> Vec<String> {
    let fen = common::fen_of(rules, pieces, "w");
    let mut pos = Position::from_fen(rules, &fen).expect("fen");
    let mut v = common::moves_of_piece(&mut pos, from, |p, m| {
        let r = p.rules();
        let took: Vec<&str> = m.captures().iter().map(|&c| r.cell_name(c)).collect();
        format!("{}x{}", r.cell_name(m.to), took.join(","))
    });
    v.retain(|m| !m.ends_with('x'));
    v
}

const KINGS: [(&str, &str); 2] = [("a13", "k"), ("m1", "K")];

fn with_kings<'a>(pieces: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = KINGS.to_vec();
    v.extend_from_slice(pieces);
    v
}

/// The inventor's Catapult examples: from f4 it takes the pawn on d6 landing on b8,
/// the Skirmisher on f7 landing on f10, the Guard on f8 landing on f12; it cannot
/// take the pawn on e5, whose landing cell d6 is occupied.
#[test]
fn the_catapult_examples() {
    let rules = panoply();
    let pieces = with_kings(&[
        ("f4", "C"),
        ("d6", "p"),
        ("e5", "p"),
        ("f7", "s"),
        ("f8", "g"),
    ]);
    assert_eq!(
        captures_from(&rules, &pieces, "f4"),
        ["b8xd6", "f10xf7", "f12xf8"]
    );
}

/// The Skirmisher examples: on g7 it takes the Rider on g8 by moving to g6, the
/// Pawn on e9 by moving to i5, the Herald on c7 by moving to k7. Capturing is
/// optional: the plain moves to g6, i5 and k7 stay.
#[test]
fn the_skirmisher_examples() {
    let rules = panoply();
    let pieces = with_kings(&[("g7", "S"), ("g8", "r"), ("e9", "p"), ("c7", "h")]);
    assert_eq!(
        captures_from(&rules, &pieces, "g7"),
        ["g6xg8", "i5xe9", "k7xc7"]
    );
    let all = moves_from(&rules, &pieces, "g7");
    for plain in ["S g7-g6", "S g7-i5", "S g7-k7"] {
        assert!(all.contains(&plain.to_string()), "{plain} in {all:?}");
    }
}

/// The pawn on e5 takes the pawn on e6 by landing on e7; it cannot take a
/// Barricade on d6, whichever way the Barricade lies (along its line the far end
/// fills the landing cell; across it, the Barricade is immune). A pawn on h5 slides
/// along both forward lines to the edge.
#[test]
fn the_pawn_examples() {
    let rules = panoply();
    assert_eq!(
        captures_from(&rules, &with_kings(&[("e5", "P"), ("e6", "p")]), "e5"),
        ["e7xe6"]
    );
    for barricade in [
        [("d6", "b(c7)"), ("c7", "b")],
        [("d6", "b(e6)"), ("e6", "b")],
    ] {
        let mut pieces = with_kings(&[("e5", "P")]);
        pieces.extend_from_slice(&barricade);
        assert!(
            captures_from(&rules, &pieces, "e5").is_empty(),
            "{barricade:?}"
        );
    }
    let quiet = moves_from(&rules, &with_kings(&[("h5", "P")]), "h5");
    let expected = [
        "P h5-a12", "P h5-b11", "P h5-c10", "P h5-d9", "P h5-e8", "P h5-f7", "P h5-g6", "P h5-h10",
        "P h5-h11", "P h5-h12", "P h5-h6", "P h5-h7", "P h5-h8", "P h5-h9",
    ];
    assert_eq!(quiet, expected);
}

/// A Barricade alone on g7-h7: two turns and an advance for each end (six single
/// steps), and every two-step combination that does not undo the first step; 24
/// different results, none of them the start.
#[test]
fn barricade_steps() {
    let rules = panoply();
    let pieces = with_kings(&[("g7", "B(h7)"), ("h7", "B")]);
    let moves = moves_from(&rules, &pieces, "g7");
    assert_eq!(moves.len(), 24, "{moves:?}");
    // One step: turns about h7 (g8, h6), about g7 (g8, h6), advances to f7 and i7.
    for one in ["g8h7", "h6h7", "g7g8", "g7h6", "f7g7", "h7i7"] {
        assert!(moves.iter().any(|m| m.ends(one)), "{one} in {moves:?}");
    }
    // Two: advance twice, turn then advance, advance then turn.
    for two in ["e7f7", "i7j7", "g8g9", "h5h6", "f7f8"] {
        assert!(moves.iter().any(|m| m.ends(two)), "{two} in {moves:?}");
    }
    assert!(!moves.iter().any(|m| m.ends("g7h7")), "no null move");
}

/// Captures only by advancing: onto the rider on f7 (then on, turning, or straight
/// back to g7-h7: capture and retreat), onto the pawn on i7, or both in one move;
/// never by turning. A friendly piece stops an advance.
#[test]
fn barricade_captures_by_advancing() {
    let rules = panoply();
    let pieces = with_kings(&[("f7", "r"), ("g7", "B(h7)"), ("h7", "B"), ("i7", "p")]);
    let moves = moves_from(&rules, &pieces, "g7");
    for m in [
        "B g7h7-f7g7; @-f7",
        "B g7h7-e7f7; @-f7",
        "B g7h7-g7h7; @-f7",
        "B g7h7-g7h7; @-i7",
        "B g7h7-h7i7; @-i7",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    // Capture both: not possible in two steps (f7 then i7 needs three advances).
    assert!(!moves.iter().any(|m| m.contains("@-f7; @-i7")));
    // A turn never captures: with enemies on g8 and h6, the only cells a turn could
    // reach, the Barricade advances to f7 or i7 first; of the 24 moves of the empty
    // board 12 are left, none a capture.
    let blocked = with_kings(&[("g8", "p"), ("h6", "p"), ("g7", "B(h7)"), ("h7", "B")]);
    let turns = moves_from(&rules, &blocked, "g7");
    assert_eq!(turns.len(), 12, "{turns:?}");
    assert!(turns.iter().all(|m| !m.contains('@')), "{turns:?}");
    for gone in ["g8h7", "h6h7", "g7g8", "g7h6"] {
        assert!(!turns.iter().any(|m| m.ends(gone)), "{gone} in {turns:?}");
    }
    // Two captures in one move: f7 then e7, advancing twice.
    let two = with_kings(&[("e7", "p"), ("f7", "r"), ("g7", "B(h7)"), ("h7", "B")]);
    assert!(moves_from(&rules, &two, "g7").contains(&"B g7h7-e7f7; @-e7; @-f7".to_string()));
}

/// Only a piece starting on the Barricade's line captures it, taking the near end
/// as its victim; both ends go. A rider on e7 takes the Barricade on f7-g7 by moving
/// to f7; a rider on f10 (on a line through f7 but not the Barricade's) cannot.
#[test]
fn a_barricade_is_captured_only_along_its_line() {
    let rules = panoply();
    let pieces = with_kings(&[("e7", "R"), ("f10", "R"), ("f7", "b(g7)"), ("g7", "b")]);
    assert_eq!(captures_from(&rules, &pieces, "e7"), ["f7xf7,g7"]);
    assert!(captures_from(&rules, &pieces, "f10").is_empty());
    let fen = common::fen_of(&rules, &pieces, "w");
    let mut pos = Position::from_fen(&rules, &fen).expect("fen");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let take = list
        .iter()
        .find(|m| m.captures().len() == 2)
        .copied()
        .expect("the capture");
    let hash = pos.hash();
    pos.make(take);
    assert_eq!(pos.compute_hash(), pos.hash());
    assert!(pos.two_cell_pairs().is_empty());
    pos.unmake();
    assert_eq!(pos.hash(), hash);
    assert_eq!(pos.fen(), fen);
}

/// A Barricade with either end next to a hostile Herald cannot move.
#[test]
fn a_herald_freezes_a_barricade_by_either_end() {
    let rules = panoply();
    for herald in ["f7", "i7", "g8", "h8"] {
        let pieces = with_kings(&[("g7", "B(h7)"), ("h7", "B"), (herald, "h")]);
        assert!(
            moves_from(&rules, &pieces, "g7").is_empty(),
            "herald on {herald}"
        );
    }
    let far = with_kings(&[("g7", "B(h7)"), ("h7", "B"), ("j7", "h")]);
    assert!(!moves_from(&rules, &far, "g7").is_empty());
}

/// FEN names the other end of each Barricade, so two touching Barricades read back
/// as they were: a-b and c-d on one line, or the ends paired across.
#[test]
fn fen_pairs_touching_barricades() {
    let rules = panoply();
    for pieces in [
        [("e7", "B(f7)"), ("f7", "B"), ("g7", "B(h7)"), ("h7", "B")],
        [("e7", "B(e6)"), ("f7", "B(f6)"), ("e6", "B"), ("f6", "B")],
        [("e7", "B(f7)"), ("f7", "B"), ("e6", "B(f6)"), ("f6", "B")],
    ] {
        let fen = common::fen_of(&rules, &with_kings(&pieces), "w");
        let pos = Position::from_fen(&rules, &fen).expect("fen");
        assert_eq!(pos.fen(), fen);
        assert_eq!(pos.two_cell_pairs().len(), 2);
        assert_eq!(pos.compute_hash(), pos.hash());
    }
    let across = common::fen_of(
        &rules,
        &with_kings(&[("e7", "B(e6)"), ("f7", "B(f6)"), ("e6", "B"), ("f6", "B")]),
        "w",
    );
    let along = common::fen_of(
        &rules,
        &with_kings(&[("e7", "B(f7)"), ("f7", "B"), ("e6", "B(f6)"), ("f6", "B")]),
        "w",
    );
    let h = |f: &str| Position::from_fen(&rules, f).expect("fen").hash();
    assert_ne!(h(&across), h(&along));
    // An end with no partner (the error at its label), or a partner that is not
    // next to it (at the mark).
    let lone = common::fen_of(&rules, &with_kings(&[("g7", "B")]), "w");
    let e = Position::from_fen(&rules, &lone).err().expect("an error");
    assert_eq!(e.offset, lone.find('B').expect("B"), "{e}");
    let apart = common::fen_of(&rules, &with_kings(&[("g7", "B(i7)"), ("i7", "B")]), "w");
    let e = Position::from_fen(&rules, &apart).err().expect("an error");
    assert_eq!(e.offset, apart.find('(').expect("mark"), "{e}");
}

/// Moving a Herald next to the enemy Herald locks both: a reset of the move count,
/// like a pawn move or a capture; an ordinary move counts on.
#[test]
fn locking_heralds_resets_the_move_count() {
    let rules = panoply();
    let fen = common::fen_of(&rules, &with_kings(&[("e7", "H"), ("g7", "h")]), "w")
        .replace(" 0 1", " 30 40");
    let mut pos = Position::from_fen(&rules, &fen).expect("fen");
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let play = |pos: &mut Position, to: &str| {
        let to = rules.cell_by_name(to).expect("cell");
        let m = *list.iter().find(|m| m.to == to).expect("move");
        pos.make(m);
        let clock = pos.halfmove_clock();
        pos.unmake();
        clock
    };
    assert_eq!(play(&mut pos, "f7"), 0);
    assert_eq!(play(&mut pos, "d7"), 31);
}

/// The seed's third irreversible move: "checking the opposing king in such a way that
/// the other player has no other option than to make an irreversible move to escape"
/// (`reset-by forcing-check`). R e5-e13 leaves Black only `k d13-e13`, a capture: the
/// count is reset, and no fifty-move draw follows. A check that can be answered by a
/// king step counts on.
#[test]
fn a_check_answered_only_irreversibly_resets_the_move_count() {
    let rules = panoply();
    let fen = "3k3/7R/9/10/11/12/13/12/2R8/10/9/8/3K3 w - - 99 60";
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    let record = format!("{fen}\nR e5-e13\n");
    let refereed = vdl::referee::referee(&rules, &record);
    let game = refereed.game.expect("a game");
    assert!(refereed.error.is_none() && game.result().is_none());
    assert_eq!(
        game.position().fen(),
        "3kR2/7R/9/10/11/12/13/12/11/10/9/8/3K3 b - - 0 60"
    );
    assert_eq!(
        common::move_texts(&rules, &game.position().fen()),
        ["d13-e13"]
    );
    common::play_text(&mut pos, "e5-e13");
    assert_eq!(pos.halfmove_clock(), 0);
    pos.unmake();
    assert_eq!(pos.fen(), fen);
    // without the rook on h12 the king may step aside: the count goes on
    let open = "3k3/8/9/10/11/12/13/12/2R8/10/9/8/3K3 w - - 98 60";
    let mut pos = Position::from_fen(&rules, open).expect("fen");
    common::play_text(&mut pos, "e5-e13");
    assert_eq!(pos.halfmove_clock(), 99);
}

/// Whether a printed two-cell move ends on these two cells (either order).
trait EndsOn {
    fn ends(&self, cells: &str) -> bool;
}

impl EndsOn for String {
    fn ends(&self, cells: &str) -> bool {
        let to = self
            .split(';')
            .next()
            .and_then(|s| s.split('-').nth(1))
            .unwrap_or("")
            .trim();
        let (a, b) = cells.split_at(cells.len() / 2);
        let (a2, b2) = (format!("{a}{b}"), format!("{b}{a}"));
        to == a2 || to == b2
    }
}

/// The book's Panoply page draws the proposed setup as `vdl show` does.
#[test]
fn the_books_drawing_is_vdl_shows() {
    let page = std::fs::read_to_string(common::root().join("book/src/panoply.md")).expect("page");
    let marker = "$ vdl show definitions/panoply.vdl\n";
    let start = page.find(marker).expect("the drawing") + marker.len();
    let drawing = &page[start..start + page[start..].find("```").expect("its end")];
    let out = common::vdl(&["show", "definitions/panoply.vdl"]);
    assert_eq!(drawing, String::from_utf8_lossy(&out.stdout));
}

/// The proposed setup and three middle games of `tests/perft/panoply.epd` (each
/// with Barricades in play, Heralds and captures about).
const POSITIONS: [&str; 4] = [
    "rcgkgcr/b(b12)bs1hsb(h12)b/ppppppppp/10/11/12/13/12/11/10/PPPPPPPPP/B(g2)BSH1SB(m2)B/RCGKGCR w - - 0 1",
    "rcgkgcr/P1b(d12)bP1b(h12)b/7p1/8sp/pH3pp4/3s1P6/12P/4p3h3/4p6/pCp2P1S2/2P1P2P1/B(g1)1S1K1B(m2)B/B1G1GCR b - - 0 20",
    "r1gkgcr/2sPhb(f11)2/1b(c10)3b1pp/2b7/11/1S7p2/4p1pc1P3/p4P3B(k5)P1/8B2/3P1Ss3/4P1P2/B(g2)BpHR3/RCGKGC1 b - - 1 20",
    "2gkgcr/rc2hb(g11)1P/2b(d10)1s1b2/2Pbp1P3/8p2/1p3PS4p/p3P6p1/7P4/p1RB(g5)B1P4/S3Hp4/3P5/5pB(m2)B/1CGKGCR b - - 1 30",
];

/// The whole trees to depth 2 agree with the reference (depth 3 in the long suite).
#[test]
fn perft_trees_agree_with_the_reference() {
    let rules = panoply();
    let start = Position::start(&rules).fen();
    assert_eq!(start, POSITIONS[0]);
    let depth = if cfg!(debug_assertions) { 1 } else { 2 };
    for fen in POSITIONS {
        let mut pos = Position::from_fen(&rules, fen).expect("fen");
        assert_eq!(
            common::tree_agrees(&mut pos, depth),
            pos.perft(depth),
            "{fen}"
        );
    }
}

#[test]
#[ignore = "long suite: cargo test --profile quick -- --ignored"]
fn perft_trees_agree_with_the_reference_to_depth_3() {
    let rules = panoply();
    for fen in POSITIONS {
        let mut pos = Position::from_fen(&rules, fen).expect("fen");
        assert_eq!(common::tree_agrees(&mut pos, 3), pos.perft(3), "{fen}");
    }
}
