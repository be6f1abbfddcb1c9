//! Any text as a game record (move notation, FEN line, comments) refereed under
//! each of four shipped definitions.
#![no_main]

use libfuzzer_sys::fuzz_target;
mod shared;

use shared::rulesets;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for rules in rulesets() {
        let refereed = vdl::referee::referee(rules, text);
        if let Some(d) = refereed.error {
            for l in &d.labels {
                assert!(
                    l.span.start <= l.span.end && l.span.end <= text.len(),
                    "{d:?}"
                );
            }
        }
    }
});
