//! What the benchmarks share: the definitions asked for and the peers' figures.

/// The definitions `VDL_BENCH_ONLY` names (comma-separated); none: all of them.
pub fn only() -> Option<Vec<String>> {
    std::env::var("VDL_BENCH_ONLY")
        .ok()
        .map(|s| s.split(',').map(str::to_string).collect())
}

/// The rows of the tab-separated file `benches/{file}`, each split into its
/// fields (lines that start with `#` are comments); none if it cannot be read.
pub fn rows(root: &str, file: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(format!("{root}/benches/{file}")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}
