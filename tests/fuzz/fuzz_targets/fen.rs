//! Any text as a FEN for each shipped definition; a position that reads is
//! printed back, read again, and its legal moves generated.
#![no_main]

use libfuzzer_sys::fuzz_target;
mod shared;

use shared::rulesets;

fuzz_target!(|data: &[u8]| {
    let Ok(fen) = std::str::from_utf8(data) else {
        return;
    };
    for rules in rulesets() {
        let read = vdl::Position::from_fen(rules, fen);
        if let Err(e) = &read {
            assert!(e.offset + e.len <= fen.len(), "{e:?}");
        }
        if let Ok(mut pos) = read {
            let again = pos.fen();
            let mut back =
                vdl::Position::from_fen(rules, &again).expect("a printed FEN reads back");
            assert_eq!(back.fen(), again);
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            back.perft(1);
        }
    }
});
