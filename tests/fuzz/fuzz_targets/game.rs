//! Any text as a game record (move notation, FEN line, comments) refereed under
//! each of three shipped definitions.
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
        ]
        .iter()
        .filter_map(|t| vdl::load(t).ruleset)
        .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for rules in rulesets() {
        let refereed = vdl::referee::referee(rules, text);
        if let Some(d) = refereed.error {
            for l in &d.labels {
                assert!(l.span.start <= l.span.end && l.span.end <= text.len(), "{d:?}");
            }
        }
    }
});
