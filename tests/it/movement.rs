//! The movement vocabulary: bent, zigzag, circular, equal-leg and chained movers on
//! exact positions, one move per distinct effect, piece labels of several letters,
//! and chameleons against ordinary pieces.

use crate::common;

use vdl::reference;
use vdl::Position;

fn load(text: &str) -> vdl::Ruleset {
    let loaded = vdl::load(text);
    loaded
        .ruleset
        .unwrap_or_else(|| panic!("{:#?}", loaded.diagnostics))
}

/// The cells the piece on `from` may move to, with `x` before a capture, sorted.
fn targets(pos: &mut Position, from: &str) -> Vec<String> {
    common::moves_of_piece(pos, from, |p, m| {
        let to = p.rules().cell_name(m.to).to_string();
        if m.captures().is_empty() {
            to
        } else {
            format!("x{to}")
        }
    })
}

/// Whether the definition loads, and each diagnostic's code at its first label's
/// line and column.
fn codes_at(text: &str) -> (bool, Vec<(&'static str, usize, usize)>) {
    let loaded = vdl::load(text);
    let found = loaded
        .diagnostics
        .iter()
        .map(|d| {
            let (line, col) = vdl::source::line_col(text, d.labels[0].span.start);
            (d.code.as_str(), line, col)
        })
        .collect();
    (loaded.ruleset.is_some(), found)
}

/// An 8×8 board with kings on a8 (Black) and h1 (White) and the tested piece on d4.
fn on_d4(moves: &str) -> (u64, u64) {
    let rules = load(&format!(
        "board {{ files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }}
         piece King K {{ royal moves \"K\" }}
         piece Tested X {{ {moves} }}
         setup \"k7/8/8/8/3X4/8/8/7K w\""
    ));
    let mut pos = Position::start(&rules);
    let fast = pos.perft(1);
    let slow = reference::legal_moves(&pos).len() as u64;
    (fast, slow)
}

#[test]
fn a_move_two_rules_make_is_listed_once() {
    // 3 king moves on h1, then the tested piece's distinct moves
    for (moves, legal) in [
        ("moves \"RW\"", 17),
        ("moves \"QK\"", 30),
        ("moves \"RK\"", 21),
        ("moves \"BF\"", 16),
        ("moves \"NNN\"", 15),
        ("moves \"R\" moves \"W\"", 17),
        ("moves \"R R\"", 17),
        ("moves { path (1,0) (0,1)  path (0,1) (1,0) }", 4),
    ] {
        assert_eq!(on_d4(moves), (legal, legal), "{moves}");
    }
}

#[test]
fn a_rule_that_adds_no_move_is_a_warning() {
    for (moves, column) in [("RW", 21), ("QK", 21), ("NNN", 22), ("RR", 21), ("KK", 21)] {
        let text = format!(
            "board {{ files a b c d ranks 1 2 3 4 }}\npiece King K {{ royal moves \"K\" }}\npiece X X {{ moves \"{moves}\" }}\nsetup \"k3/4/4/1X1K w\"\n"
        );
        let (loads, found) = codes_at(&text);
        assert!(loads, "{moves} loads");
        assert_eq!(found, vec![("vdl::redundant_move", 3, column)], "{moves}");
    }
}

#[test]
fn gryphon_aanca_and_spotted_gryphon() {
    // a diagonal step, then outward as a rook: 4 + 20 cells from d4
    assert_eq!(
        on_d4("moves { leap (1,1) all  ride (1,0) after (1,1) all }"),
        (27, 27)
    );
    // an orthogonal step, then outward as a bishop
    let (aanca, _) = on_d4("moves { leap (1,0) all  ride (1,1) after (1,0) all }");
    // 3 king moves; the wazir steps, and on from them: d5 → c6 b7 xa8, e6 f7 g8; e4 →
    // f5 g6 h7, f3 g2 (h1 is the own king); d3 → c2 b1, e2 f1; c4 → b5 a6, b3 a2
    assert_eq!(aanca, 3 + 4 + (3 + 3) + (3 + 2) + (2 + 2) + (2 + 2));
    // the spotted gryphon: a ferz step, then dabbabah leaps outward
    let rules = load(
        "board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }
         piece King K { royal moves \"K\" }
         piece Spotted S { moves { leap (1,1) all  ride (2,0) after (1,1) all } }
         piece Wall W { }
         setup \"k7/8/8/4w3/3S4/8/8/7K w\"",
    );
    let mut pos = Position::start(&rules);
    // e5 holds a wall, so nothing goes on from it; c5: a5, c7; c3: a3, c1; e3: g3, e1
    assert_eq!(
        targets(&mut pos, "d4"),
        vec!["a3", "a5", "c1", "c3", "c5", "c7", "e1", "e3", "g3", "xe5"]
    );
}

#[test]
fn crooked_bishop_and_harvestman() {
    let rules = load(
        "board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }
         piece King K { royal moves \"K\" }
         piece Crooked Z { moves \"zB\" }
         piece Harvestman H { moves { leap (1,0) all  zigzag (1,1) (1,-1) after (1,0) all } }
         piece Wall W { }
         setup \"k7/8/8/8/8/8/W7/Z6K w\"",
    );
    let mut pos = Position::start(&rules);
    // from a1 the crooked bishop starts to b2, then turns: c1 (then d2 e1 f2 g1 h2), or
    // a3 (then b4 a5 b6 a7 b8); a2 is a wall, which the diagonal steps never touch
    assert_eq!(
        targets(&mut pos, "a1"),
        vec!["a3", "a5", "a7", "b2", "b4", "b6", "b8", "c1", "d2", "e1", "f2", "g1", "h2"]
    );
    let rules = load(
        "board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }
         piece King K { royal moves \"K\" }
         piece Harvestman H { moves { leap (1,0) all  zigzag (1,1) (1,-1) after (1,0) all } }
         setup \"k7/8/8/8/8/8/8/H6K w\"",
    );
    let mut pos = Position::start(&rules);
    // a1: the wazir steps b1, a2; then zigzags onward: b1 → c2 d1 e2 f1 g2 (h1 own
    // king); a2 → b3 a4 b5 a6 b7 (a8: the black king)
    assert_eq!(
        targets(&mut pos, "a1"),
        vec!["a2", "a4", "a6", "b1", "b3", "b5", "b7", "c2", "d1", "e2", "f1", "g2", "xa8"]
    );
}

#[test]
fn rose_goes_round_its_circle() {
    let rose = |fen: &str| {
        let rules = load(&format!(
            "board {{ files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }}
             piece King K {{ royal moves \"K\" }}
             piece Rose R {{ moves \"qN\" }}
             piece Wall W {{ }}
             setup \"{fen}\""
        ));
        let mut pos = Position::start(&rules);
        assert_eq!(
            pos.perft(1),
            reference::legal_moves(&pos).len() as u64,
            "{fen}"
        );
        targets(&mut pos, "d4")
    };
    let open = rose("7k/8/8/8/3R4/8/8/K7 w");
    // d8 is two leaps round the circle, through e6 or c6
    assert!(open.contains(&"d8".to_string()));
    assert!(!open.contains(&"d4".to_string()), "never back to the start");
    let walled = rose("7k/8/2W1W3/8/3R4/8/8/K7 w");
    assert!(!walled.contains(&"d8".to_string()), "{walled:?}");
    assert!(walled.contains(&"e2".to_string()));
}

/// The dancing horse from the middle of a 12×12 board: 8 knight leaps and the 32
/// other cells two knight leaps reach.
#[test]
fn dancing_horse_two_leaps_any_way() {
    let rules = load(
        "board { files a b c d e f g h i j k l ranks 1 2 3 4 5 6 7 8 9 10 11 12 }
         piece King K { royal moves \"K\" }
         piece Horse H { moves { chain (2,1) range 2 } }
         piece Wall W { }
         setup \"11k/12/12/12/12/12/5H6/12/12/12/12/K11 w\"",
    );
    let mut pos = Position::start(&rules);
    assert_eq!(targets(&mut pos, "f6").len(), 40);
    // blocking both middle cells of f6-f10 (e8 and g8) leaves the other routes
    let rules_fen = "11k/12/12/12/4W1W5/12/5H6/12/12/12/12/K11 w";
    let mut pos = Position::from_fen(&rules, rules_fen).expect("valid");
    let t = targets(&mut pos, "f6");
    assert!(!t.contains(&"f10".to_string()), "{t:?}");
    // d7 is a knight leap away (no middle cell needed) and two leaps too
    assert!(t.contains(&"d7".to_string()));
}

/// The seed's Sissa diagram, rebuilt from the facts it states, on a 9×9 board: the
/// Sissa on c3; Blue's king on g6 (blocking c3-f6-i6), bishop on c5 (blocking
/// c3-c6-f9 and c3-c5-e7), queen on e7, pawn on g8 (blocking c3-h8-c8); White's king
/// on c2 and pawn on d2 (blocking d1, c3-e3-c1 and c3-e1-c1).
#[test]
fn sissa_diagram() {
    let rules = load(
        "board { files a b c d e f g h i ranks 1 2 3 4 5 6 7 8 9 }
         piece King K { royal moves \"K\" }
         piece Sissa S { moves { equal (1,0) (1,1) all  equal (1,1) (1,0) all } }
         piece Bishop B { moves \"B\" }
         piece Queen Q { moves \"Q\" }
         piece Pawn P { moves \"fmW fcF\" }
         setup \"9/6p2/4q4/6k2/2b6/9/2S6/2KP5/9 w\"",
    );
    let fen = "9/6p2/4q4/6k2/2b6/9/2S6/2KP5/9 w";
    let sissa = |fen: &str| {
        let mut pos = Position::from_fen(&rules, fen).expect("valid");
        assert_eq!(
            reference::fast_legal_moves(&mut pos),
            reference::legal_moves(&pos),
            "{fen}"
        );
        targets(&mut pos, "c3")
    };
    let t = sissa(fen);
    for cell in [
        "i6", "f9", "c8", "c1", "b1", "a2", "a4", "b5", "d5", "e4", "xe7",
    ] {
        assert!(t.contains(&cell.to_string()), "{cell} in {t:?}");
    }
    assert!(!t.contains(&"d1".to_string()));
    // the bishop, reached by four paths, is one capture
    assert_eq!(t.iter().filter(|c| *c == "xc5").count(), 1);
    // i6 only through f3: a wall there (the rank-1 pawn slot is free) closes it
    let blocked = |cell_fen: &str, gone: &str, stays: &str| {
        let t = sissa(cell_fen);
        assert!(!t.contains(&gone.to_string()), "{gone} in {t:?}");
        assert!(t.contains(&stays.to_string()), "{stays} not in {t:?}");
    };
    blocked("9/6p2/4q4/6k2/2b6/9/2S2P3/2KP5/9 w", "i6", "f9");
    // f9 only through f6; the queen only through e5 (the bishop stays: other paths)
    blocked("9/6p2/4q4/5Pk2/2b6/9/2S6/2KP5/9 w", "f9", "i6");
    blocked("9/6p2/4q4/6k2/2b1P4/9/2S6/2KP5/9 w", "xe7", "xc5");
    // c8 only through h3; c1 through a1 or a3: one wall leaves the other
    blocked("9/6p2/4q4/6k2/2b6/9/2S4P1/2KP5/9 w", "c8", "c1");
    let t = sissa("9/6p2/4q4/6k2/2b6/9/P1S6/2KP5/9 w");
    assert!(t.contains(&"c1".to_string()), "{t:?}");
}

#[test]
fn labels_of_two_letters_in_fen_and_notation() {
    let rules = common::rules("tests/definitions/movement.vdl");
    let start =
        "roanhvsikdhgrdrcb1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ROANHVSIKDHGRDRCB1 w - - 0 1";
    let pos = Position::start(&rules);
    assert_eq!(pos.fen(), start);
    let mut game = vdl::referee::Game::new(Position::start(&rules));
    for text in ["P c2-c4", "p c9-c7", "DH f1-e3", "dh f10-g8"] {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
    }
    let played: Vec<String> = game.played().iter().map(|p| p.notation.clone()).collect();
    assert_eq!(played, ["P c2-c4", "p c9-c7", "DH f1-e3", "dh f10-g8"]);
    // a label no piece has is an error at its place in the FEN
    let e = Position::from_fen(&rules, "XY9/10/10/10/10/10/10/10/10/4K5 w").err();
    assert_eq!(e.map(|e| (e.offset, e.len)), Some((0, 1)));
}

#[test]
fn a_label_that_starts_another_is_an_error() {
    let loaded = vdl::load(
        "board { files a b c d ranks 1 2 3 4 }
piece King K { royal moves \"K\" }
piece Night N { moves \"N\" }
piece Nightrider NR { moves \"NN\" }
setup \"k3/4/4/K3 w\"",
    );
    assert!(loaded.ruleset.is_none());
    let codes: Vec<&str> = loaded.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, vec!["vdl::prefix_label"]);
}

/// A chameleon takes an ordinary piece with that piece's own move: a pawn that just
/// made its double step, en passant, as a pawn of the chameleon's side would.
#[test]
fn chameleon_takes_a_pawn_en_passant() {
    let rules = load(
        "board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }
         piece King K { royal moves \"K\" }
         piece Chameleon C { moves \"mQ\" capture chameleon }
         piece Pawn P { moves \"fmW fcF ifmnD\" en-passant }
         setup \"k7/4p3/8/3C4/8/8/8/7K b\"",
    );
    let mut pos = Position::start(&rules);
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let double = list
        .iter()
        .copied()
        .find(|m| rules.cell_name(m.to) == "e5")
        .expect("e7-e5");
    pos.make(double);
    let to_e6: Vec<Vec<String>> = common::moves_of_piece(&mut pos, "d5", |p, m| {
        (p.rules().cell_name(m.to) == "e6").then(|| {
            m.captures()
                .iter()
                .map(|&c| p.rules().cell_name(c).to_string())
                .collect::<Vec<_>>()
        })
    })
    .into_iter()
    .flatten()
    .collect();
    assert_eq!(to_e6, vec![vec![], vec!["e5".to_string()]]);
}

/// UC-40 needs 41 kinds a side: labels of two letters give room for them.
#[test]
fn forty_one_kinds_load_and_move() {
    let labels: Vec<String> = ('A'..='Z')
        .filter(|&a| a != 'K')
        .flat_map(|a| ['X', 'Y'].map(move |b| format!("{a}{b}")))
        .take(40)
        .collect();
    let mut text = String::from(
        "board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }\npiece King K { royal moves \"K\" }\n",
    );
    for (i, l) in labels.iter().enumerate() {
        text.push_str(&format!("piece Kind{i} {l} {{ moves \"W\" }}\n"));
    }
    // the last two kinds on the board: White's ZY... on d4, Black's on d5
    let last = &labels[39];
    let fen = format!("k7/8/8/3{}4/3{}4/8/8/7K w", last.to_ascii_lowercase(), last);
    text.push_str(&format!("setup \"{fen}\"\n"));
    let rules = load(&text);
    assert_eq!(rules.kinds, 41);
    let mut pos = Position::start(&rules);
    assert_eq!(pos.fen(), format!("{fen} - - 0 1"));
    // the wazir on d4: c4, e4, d3 and the capture on d5; the king: g1, g2, h2
    assert_eq!(targets(&mut pos, "d4"), vec!["c4", "d3", "e4", "xd5"]);
    assert_eq!(pos.perft(1), 7);
}

/// A chameleon takes a king the way a king takes: from the next cell (so a king next
/// to an enemy chameleon is in check), not from further along a line.
#[test]
fn chameleon_takes_a_king_by_a_king_step() {
    let rules = load(
        "board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }
         piece King K { royal moves \"K\" }
         piece Chameleon C { moves \"mQ\" capture chameleon }
         setup \"8/8/8/3k4/3C4/8/8/7K b\"",
    );
    let pos = Position::start(&rules);
    assert!(pos.in_check(vdl::model::Side::Black));
    let far = Position::from_fen(&rules, "8/8/3k4/8/3C4/8/8/7K b").expect("valid");
    assert!(!far.in_check(vdl::model::Side::Black));
}

/// The Sissa's rays grow with the cube of the board's side: on 64×64 they would take
/// gigabytes, so the checker says so instead of compiling for a minute.
#[test]
fn a_piece_too_large_to_precompute_is_a_limit() {
    let files: Vec<String> = (0..64).map(|i| format!("f{}", i + 100)).collect();
    let ranks: Vec<String> = (1..=64).map(|i| i.to_string()).collect();
    let rows = vec!["64"; 62].join("/");
    let text = format!(
        "board {{ files {} ranks {} }}\npiece King K {{ royal moves \"K\" }}\npiece Sissa S {{ moves {{ equal (1,0) (1,1) all  equal (1,1) (1,0) all }} }}\nsetup \"k63/{rows}/S62K w\"\n",
        files.join(" "),
        ranks.join(" ")
    );
    assert_eq!(codes_at(&text), (false, vec![("vdl::limit", 3, 7)]));
}

/// A double step onto the promotion zone (Torpedo's pawns double-step from any
/// rank): the piece that arrives is no pawn, so nothing may be taken en passant
/// (the pawn on g8 may not take it by g8-f7) and the FEN says `-`, which reads
/// back. A double step that stays a pawn still opens its passed cell.
#[test]
fn a_double_step_that_promotes_leaves_nothing_to_take_en_passant() {
    let rules = load(
        "board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }
         zone promotion { white a8..h8  black a1..h1 }
         piece King K { royal moves \"K\" }
         piece Queen Q { moves \"Q\" }
         piece Knight N { moves \"N\" }
         piece Pawn P { moves \"fmW fcF fmnD\" en-passant promotes in promotion to Queen Knight }
         setup \"6p1/8/5P2/8/8/k7/8/4K3 w - - 0 1\"",
    );
    assert_eq!(Position::start(&rules).perft(2), 54);
    for (promotion, fen) in [
        ("P f6-f8; N-f8", "5Np1/8/8/8/8/k7/8/4K3 b - - 0 1"),
        ("P f6-f8; Q-f8", "5Qp1/8/8/8/8/k7/8/4K3 b - - 0 1"),
    ] {
        let mut game = vdl::referee::Game::new(Position::start(&rules));
        game.play_text(promotion).expect("legal");
        let pos = game.position();
        assert_eq!(pos.fen(), fen);
        let back = Position::from_fen(&rules, fen).expect("the FEN reads back");
        assert_eq!((back.fen(), back.hash()), (pos.fen(), pos.hash()));
    }
    let pos = Position::from_fen(&rules, "8/8/8/5P2/8/k7/8/4K3 w - - 0 1").expect("a FEN");
    let mut game = vdl::referee::Game::new(pos);
    game.play_text("P f5-f7").expect("legal");
    assert_eq!(game.position().fen(), "8/5P2/8/8/8/k7/8/4K3 b - f6 0 1");
}
