//! Two-faced pieces (Kyoto and Micro Shogi): a promotion that turns a piece over
//! and back (`promotes ... to` the other face, from each face), only on captures
//! (`on-capture`), and drops with either face up (`hand { drop-promoted }`).
//! Checked against the reference generator and Fairy-Stockfish's perft figures
//! (`tests/perft/kyotoshogi.epd`, `micro.epd`) too.

use crate::common;

use vdl::Position;

fn kyoto() -> vdl::Ruleset {
    common::rules("definitions/kyotoshogi.vdl")
}

fn micro() -> vdl::Ruleset {
    common::rules("definitions/micro.vdl")
}

#[test]
fn in_kyoto_every_move_turns_the_piece_over() {
    let rules = kyoto();
    let start = "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1";
    // the silver becomes a bishop, the tokin a lance, the pawn a rook, the gold a
    // knight, whichever way they go; the king stays a king
    assert_eq!(
        common::moves_from(&rules, start, "b1"),
        ["b1-a2=+S", "b1-b2=+S", "b1-c2=+S"]
    );
    assert_eq!(
        common::moves_from(&rules, start, "a1"),
        ["a1-a2=L", "a1-b2=L"]
    );
    assert_eq!(common::moves_from(&rules, start, "e1"), ["e1-e2=+P"]);
    assert_eq!(
        common::moves_from(&rules, start, "d1"),
        ["d1-c2=N", "d1-d2=N", "d1-e2=N"]
    );
    assert_eq!(
        common::moves_from(&rules, start, "c1"),
        ["c1-b2", "c1-c2", "c1-d2"]
    );
}

#[test]
fn in_micro_a_piece_turns_over_only_when_it_captures() {
    let rules = micro();
    // the bishop on c1 takes on a3 only by turning into a gold; its quiet move to
    // b2 leaves it a bishop
    let fen = "k3/4/l3/4/2BK[] w - - 0 1";
    assert_eq!(
        common::moves_from(&rules, fen, "c1"),
        ["c1-a3=+B", "c1-b2", "c1-d2"]
    );
    // a gold that captures turns back into the bishop, and a quiet move keeps it
    let fen = "k3/4/4/1l2/2+BK[] w - - 0 1";
    assert_eq!(
        common::moves_from(&rules, fen, "c1"),
        ["c1-b1", "c1-b2=B", "c1-c2", "c1-d2"]
    );
}

#[test]
fn a_piece_in_hand_drops_with_either_face_up() {
    let rules = kyoto();
    let fen = "4k/5/5/5/K4[P] w - - 0 1";
    let drops: Vec<String> = (common::move_texts(&rules, fen).into_iter())
        .filter(|m| m.ends_with("@c3"))
        .collect();
    assert_eq!(drops, ["+P@c3", "P@c3"]);
    // 23 empty cells, two faces each, and three king moves
    assert_eq!(common::move_texts(&rules, fen).len(), 2 * 23 + 3);
    let mut pos = Position::from_fen(&rules, fen).expect("fen");
    common::play_text(&mut pos, "+P@c3");
    assert_eq!(pos.fen(), "4k/5/2+P2/5/K4[] b - - 0 1");
    // taken, it goes back to the hand with its pawn face up
    common::play_text(&mut pos, "e5-e4");
    common::play_text(&mut pos, "c3-c4=P");
    common::play_text(&mut pos, "e4-d5");
    assert_eq!(pos.fen(), "3k1/2P2/5/5/K4[] w - - 3 3");
}

#[test]
fn turning_over_resets_no_clock() {
    let rules = kyoto();
    let mut pos = Position::from_fen(&rules, "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1").expect("fen");
    for m in ["b1-b2=+S", "d5-d4=+S", "b2-c3=S", "d4-c3=S"] {
        common::play_text(&mut pos, m);
    }
    // the last move captured: only it reset the count
    assert_eq!(pos.fen(), "p+nk1+l/5/2s2/5/+L1K+NP[s] w - - 0 3");
    common::play_text(&mut pos, "a1-a2=L");
    assert_eq!(pos.fen(), "p+nk1+l/5/2s2/L4/2K+NP[s] b - - 1 3");
}

#[test]
fn engines_write_the_turning_back_and_the_promoted_drop() {
    let rules = kyoto();
    let pos = Position::from_fen(&rules, "p+nks+l/5/5/5/+LSK+NP[S] w - - 0 1").expect("fen");
    let mut legal = Vec::new();
    let mut p = pos.clone();
    p.legal_moves(&mut legal);
    let texts = vdl::referee::long_algebraic::print_all(&pos, &legal);
    // Fairy-Stockfish's forms: `+` turns over, `-` turns back, `+S@` drops promoted
    for t in ["b1a2+", "a1a2-", "d1c2-", "+S@c3", "S@c3"] {
        assert!(texts.iter().any(|x| x == t), "{t} in {texts:?}");
    }
}

#[test]
fn the_fast_generator_agrees_with_the_reference() {
    common::random_walks_agree(
        &kyoto(),
        &[
            "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1",
            "2k2/2n+l1/3nP/p+S3/sK3[L] w - - 1 13",
        ],
        11,
        (1500, 60),
        |_, _| {},
    );
    common::random_walks_agree(
        &micro(),
        &[
            "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1",
            "1k+r1/p2p/1+L2/2K1/+b2+B[LR] w - - 1 14",
        ],
        12,
        (1500, 60),
        |_, _| {},
    );
}
