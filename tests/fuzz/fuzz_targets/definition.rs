//! Any text through parse, check and compile; a definition that loads is then
//! started and its legal moves generated (perft 2, bounded by the engine's limits).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Bases come from memory: two fixed files, so `extends` is fuzzed without disk.
    let loaded = vdl::load_with(
        std::path::Path::new("fuzz.vdl"),
        text,
        &mut |p: &std::path::Path| match p.to_str() {
            Some("chess.vdl") => Ok(include_str!("../../../definitions/chess.vdl").to_string()),
            Some("rococo.vdl") => Ok(include_str!("../../../definitions/rococo.vdl").to_string()),
            _ => Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "no such base",
            )),
        },
    );
    for d in &loaded.diagnostics {
        // Every label must lie inside one of the files read.
        for l in &d.labels {
            assert!(loaded.sources.locate(l.span).is_some(), "{d:?}");
        }
    }
    if let Some(rules) = loaded.ruleset {
        let mut pos = vdl::Position::start(&rules);
        if rules.cell_count() <= 400 {
            pos.perft(2);
        } else {
            pos.perft(1);
        }
    }
});
