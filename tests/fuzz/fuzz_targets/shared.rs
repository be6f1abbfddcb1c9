//! The shipped definitions the FEN and game targets run under, loaded once.

use std::sync::OnceLock;

pub fn rulesets() -> &'static [vdl::Ruleset] {
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
