//! Takeover captures (`capture takeover`): the victim changes owner and stays. The
//! slider's jump and continued move, `stop-beyond`, `adjacent`, `undefended`, immune
//! and royal pieces, pawns and kings, make/unmake, and what `vdl moves --json` shows.

use crate::common;

use vdl::model::Side;
use vdl::{Position, Ruleset};

fn inline(source: &str) -> Ruleset {
    let loaded = vdl::load(source);
    loaded
        .ruleset
        .unwrap_or_else(|| panic!("{:#?}", loaded.diagnostics))
}

fn variant(rook: &str, king: &str) -> Ruleset {
    inline(&format!(
        "board {{ files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }}
         piece King K {{ royal moves \"K\" {king} }}
         piece Rook R {{ moves \"R\" {rook} }}
         piece Pawn P {{ moves \"fmW fcF\" capture takeover }}
         piece Guard G {{ moves \"W\" immune }}
         setup \"8/8/8/8/8/8/8/8 w\"
         end {{ checkmate loss stalemate draw }}"
    ))
}

/// The legal moves of the piece on `from`: `a1-a5` followed by ` >a4` for a
/// converted cell and ` xa4` for a captured one.
fn moves_of(rules: &Ruleset, fen: &str, from: &str) -> Vec<String> {
    let mut pos = Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    common::moves_of_piece(&mut pos, from, |pos, m| {
        let mut s = pos.move_text(m);
        if let Some(c) = m.converted() {
            s.push_str(&format!(" >{}", rules.cell_name(c)));
        }
        for &c in m.captures() {
            s.push_str(&format!(" x{}", rules.cell_name(c)));
        }
        s
    })
}

fn jumps(rules: &Ruleset, fen: &str, from: &str) -> Vec<String> {
    moves_of(rules, fen, from)
        .into_iter()
        .filter(|m| m.contains('>'))
        .collect()
}

fn list(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

const ROOK_A1: &str = "7k/8/8/8/p7/8/8/R6K w";

#[test]
fn a_slider_jumps_and_goes_on() {
    let r = variant("capture takeover", "");
    assert_eq!(
        jumps(&r, ROOK_A1, "a1"),
        list(&["a1-a5 >a4", "a1-a6 >a4", "a1-a7 >a4", "a1-a8 >a4"])
    );
    // Blocked after the jump: the move ends before the next piece.
    assert_eq!(
        jumps(&r, "7k/p7/8/8/p7/8/8/R6K w", "a1"),
        list(&["a1-a5 >a4", "a1-a6 >a4"])
    );
    // No empty cell just beyond, no takeover.
    assert!(jumps(&r, "7k/8/8/p7/p7/8/8/R6K w", "a1").is_empty());
}

#[test]
fn stop_beyond_and_adjacent_options() {
    let r = variant("capture takeover stop-beyond", "");
    assert_eq!(jumps(&r, ROOK_A1, "a1"), list(&["a1-a5 >a4"]));
    let r = variant("capture takeover adjacent", "");
    assert!(jumps(&r, ROOK_A1, "a1").is_empty());
    assert_eq!(
        jumps(&r, "7k/8/8/8/p7/R7/8/7K w", "a3"),
        list(&["a3-a5 >a4", "a3-a6 >a4", "a3-a7 >a4", "a3-a8 >a4"])
    );
}

#[test]
fn the_converted_piece_moves_for_its_new_owner() {
    let r = variant("capture takeover", "");
    let mut pos = Position::from_fen(&r, ROOK_A1).expect("fen");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let a4 = r.cell_by_name("a4").expect("a4");
    let m = *moves
        .iter()
        .find(|m| m.converted() == Some(a4) && r.cell_name(m.to) == "a8")
        .expect("the takeover a1-a8");
    let before = pos.snapshot();
    pos.make(m);
    assert_eq!(pos.piece_at(a4).map(|p| p.side), Some(Side::White));
    assert_eq!(pos.hash(), pos.compute_hash());
    // a takeover changes the material as a capture does: the FEN's count starts again
    assert_eq!(pos.fen(), "R6k/8/8/8/P7/8/8/7K b - - 0 1");
    // Black's king steps aside; White's new pawn moves up.
    pos.legal_moves(&mut moves);
    let step = *moves
        .iter()
        .find(|m| r.cell_name(m.to) == "h7")
        .expect("k h8-h7");
    pos.make(step);
    assert!(moves_of(&r, &pos.fen(), "a4").contains(&"a4-a5".to_string()));
    pos.unmake();
    pos.unmake();
    assert_eq!(pos.snapshot(), before);
}

#[test]
fn royal_and_immune_pieces_are_never_taken_over() {
    let r = variant("capture takeover", "");
    assert!(jumps(&r, "8/8/8/8/k7/8/8/R6K w", "a1").is_empty());
    assert!(jumps(&r, "7k/8/8/8/g7/8/8/R6K w", "a1").is_empty());
}

#[test]
fn the_king_takes_over_only_undefended_pieces_and_not_into_check() {
    let r = variant("", "capture takeover undefended");
    // e5 undefended: the king jumps it to f6. d5 is defended by the pawn on c6.
    let fen = "7k/8/2p5/3pp3/4K3/8/8/8 w";
    let j = jumps(&r, fen, "e4");
    assert_eq!(j, list(&["e4-e6 >e5"]), "{j:?}");
    // The same pawn defended by the pawn on d6 cannot be taken over.
    assert!(jumps(&r, "7k/8/3p4/4p3/4K3/8/8/8 w", "e4").is_empty());
    // Without `undefended`, it can.
    let free = variant("", "capture takeover");
    assert_eq!(
        jumps(&free, "7k/8/3p4/4p3/4K3/8/8/8 w", "e4"),
        list(&["e4-e6 >e5"])
    );
    // A rook on h6 would check the king on e6: that jump is gone.
    let fen = "7k/8/2p4r/3pp3/4K3/8/8/8 w";
    assert!(jumps(&r, fen, "e4").is_empty());
}

#[test]
fn pawns_take_over_straight_forward() {
    let r = variant("", "");
    assert_eq!(
        moves_of(&r, "7k/8/8/3pp3/4P3/8/8/7K w", "e4"),
        list(&["e4-d5 xd5", "e4-e6 >e5"])
    );
    // The black pawn on d5 jumps the white pawn on d4 going down the board.
    assert_eq!(
        moves_of(&r, "7k/8/8/3p4/3P4/8/8/7K b", "d5"),
        list(&["d5-d3 >d4"])
    );
}

#[test]
fn moves_json_lists_converted_cells_apart_from_captures() {
    let dir = std::env::temp_dir().join(format!("vdl-takeover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("t.vdl");
    std::fs::write(
        &file,
        "board { files a b c d ranks 1 2 3 4 }
         piece King K { royal moves \"K\" }
         piece Rook R { moves \"R\" capture takeover stop-beyond }
         piece Pawn P { moves \"fmW\" }
         setup \"3k/p3/4/R2K w\"",
    )
    .expect("write");
    let o = common::vdl(&["moves", file.to_str().expect("utf-8 path"), "--json"]);
    let text = String::from_utf8_lossy(&o.stdout);
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    let jump = v
        .as_array()
        .expect("a list")
        .iter()
        .find(|m| m["notation"] == "R a1-a4; P-a3")
        .unwrap_or_else(|| panic!("no takeover in {text}"));
    assert_eq!(jump["converts"], serde_json::json!(["a3"]));
    assert_eq!(jump["captures"], serde_json::json!([]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn random_games_keep_hash_unmake_and_notation_invariants() {
    let r = inline(
        "board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }
         zone last { white a8..h8 black a1..h1 }
         piece King   K { royal moves \"K\" capture takeover undefended }
         piece Queen  Q { moves \"Q\" capture takeover }
         piece Rook   R { moves \"R\" capture takeover stop-beyond }
         piece Bishop B { moves \"B\" capture takeover adjacent }
         piece Knight N { moves { path (0,1) (1,1) all jump } capture takeover }
         piece Mirror M { moves { path (1,1) (0,1) all jump } capture takeover undefended }
         piece Pawn   P { moves \"fmW fcF ifmnD\" capture takeover en-passant
                          promotes in last to Queen Rook Bishop Knight }
         setup \"rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w\"
         end { checkmate loss stalemate draw repetition 3 draw }",
    );
    let games = if cfg!(debug_assertions) { 10 } else { 200 };
    let report =
        vdl::referee::selfplay::selfplay(&r, games, 11, 200).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, games);
}

fn knights() -> Ruleset {
    inline(
        "board { files a b c d e f g h ranks 1 2 3 4 5 6 7 8 }
         piece King          K { royal moves \"K\" }
         piece Knight        N { moves { path (0,1) (1,1) all jump } capture takeover }
         piece Mirror-Knight M { moves { path (1,1) (0,1) all jump } capture takeover }
         piece Pawn          P { moves \"fmW\" }
         piece Rook          R { moves \"R\" }
         setup \"8/8/8/8/8/8/8/8 w\"",
    )
}

#[test]
fn knights_convert_on_the_first_cell_of_their_path() {
    let r = knights();
    // An enemy pawn on d5: the knight's first cell towards c6 and e6 (orthogonal).
    let j = jumps(&r, "7k/8/8/3p4/3N4/8/8/K7 w", "d4");
    assert_eq!(j, list(&["d4-c6 >d5", "d4-e6 >d5"]));
    // The mirror-knight goes diagonally first: d5 is no first cell of its paths,
    // e5 is (towards e6 and f5).
    assert!(jumps(&r, "7k/8/8/3p4/3M4/8/8/K7 w", "d4").is_empty());
    assert_eq!(
        jumps(&r, "7k/8/8/4p3/3M4/8/8/K7 w", "d4"),
        list(&["d4-e6 >e5", "d4-f5 >e5"])
    );
    // Knights jump: a piece on the first cell does not block, and each path still
    // has its plain move beside the takeover.
    let all = moves_of(&r, "7k/8/8/3P4/3N4/8/8/K7 w", "d4");
    assert_eq!(all.len(), 8, "{all:?}");
}

#[test]
fn a_knight_takes_two_pieces_in_one_move() {
    let r = knights();
    let m = moves_of(&r, "7k/8/4r3/3p4/3N4/8/8/K7 w", "d4");
    assert!(m.contains(&"d4-e6 >d5 xe6".to_string()), "{m:?}");
    assert!(m.contains(&"d4-e6 xe6".to_string()), "{m:?}");
}

/// The seed's first variation, `definitions/takeover64-stop-beyond.vdl`: sliders
/// stop just beyond the jumped piece; the base goes on.
#[test]
fn the_no_continuing_variation_stops_sliders_beyond_the_jump() {
    let base = common::rules("definitions/takeover64.vdl");
    let stop = common::rules("definitions/takeover64-stop-beyond.vdl");
    let fen = "4k3/8/8/8/p7/8/8/R3K3 w - - 0 1";
    assert_eq!(
        jumps(&base, fen, "a1"),
        list(&["a1-a5 >a4", "a1-a6 >a4", "a1-a7 >a4", "a1-a8 >a4"])
    );
    assert_eq!(jumps(&stop, fen, "a1"), list(&["a1-a5 >a4"]));
    // Queen and bishop too; the king and the knights are as in the base.
    let fen = "4k3/8/8/8/8/2p5/8/Q3K3 w - - 0 1";
    assert_eq!(jumps(&stop, fen, "a1"), list(&["a1-d4 >c3"]));
    assert_eq!(jumps(&base, fen, "a1").len(), 5);
}

/// The seed's second variation, `definitions/takeover64-undefended.vdl`: every piece
/// takes over only undefended pieces (the base: only the king).
#[test]
fn the_undefended_variation_applies_to_every_piece() {
    let base = common::rules("definitions/takeover64.vdl");
    let undefended = common::rules("definitions/takeover64-undefended.vdl");
    // The black pawn on b5 defends a4.
    let defended = "4k3/8/8/1p6/p7/8/8/R3K3 w - - 0 1";
    assert_eq!(jumps(&base, defended, "a1").len(), 4);
    assert!(jumps(&undefended, defended, "a1").is_empty());
    let alone = "4k3/8/8/8/p7/8/8/R3K3 w - - 0 1";
    assert_eq!(jumps(&undefended, alone, "a1").len(), 4);
    // A knight's double move needs an undefended first cell: the pawn on d5 is
    // defended by the one on e6, so only the replacement captures remain.
    let fen = "4k3/8/2r1p3/3p4/3N4/8/8/4K3 w - - 0 1";
    let base_knight = list(&[
        "d4-b3",
        "d4-b5",
        "d4-c2",
        "d4-c6 >d5 xc6",
        "d4-c6 xc6",
        "d4-e2",
        "d4-e6 >d5 xe6",
        "d4-e6 xe6",
        "d4-f3",
        "d4-f5",
    ]);
    assert_eq!(moves_of(&base, fen, "d4"), base_knight);
    // Defended when the move starts: capturing the defender on e6 does not help.
    let knight = moves_of(&undefended, fen, "d4");
    assert_eq!(
        knight,
        list(&[
            "d4-b3",
            "d4-b5",
            "d4-c2",
            "d4-c6 xc6",
            "d4-e2",
            "d4-e6 xe6",
            "d4-f3",
            "d4-f5"
        ])
    );
}
