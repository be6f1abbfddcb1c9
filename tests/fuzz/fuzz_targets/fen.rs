//! Any text as a FEN for each shipped definition; a position that reads is
//! printed back, read again, and its legal moves generated.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn rulesets() -> &'static [vdl::Ruleset] {
    static RULES: OnceLock<Vec<vdl::Ruleset>> = OnceLock::new();
    RULES.get_or_init(|| {
        [
            include_str!("../../../definitions/chess.vdl"),
            include_str!("../../../definitions/rococo.vdl"),
            include_str!("../../../definitions/takeover64.vdl"),
            include_str!("../../../definitions/ultima.vdl"),
        ]
        .iter()
        .filter_map(|t| vdl::load(t).ruleset)
        .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(fen) = std::str::from_utf8(data) else {
        return;
    };
    for rules in rulesets() {
        if let Ok(mut pos) = vdl::Position::from_fen(rules, fen) {
            let again = pos.fen();
            let mut back = vdl::Position::from_fen(rules, &again).expect("a printed FEN reads back");
            assert_eq!(back.fen(), again);
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            back.perft(1);
        }
    }
});
