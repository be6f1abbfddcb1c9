//! Embeds every shipped definition (`definitions/*.vdl`), so that the package
//! carries them: `shipped.rs` in OUT_DIR lists (file name, text) pairs.

use std::fmt::Write;
use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from("../definitions");
    println!("cargo:rerun-if-changed=../definitions");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".vdl"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("pub const SHIPPED: &[(&str, &str)] = &[\n");
    for name in &names {
        let path = std::fs::canonicalize(dir.join(name)).unwrap_or_else(|_| dir.join(name));
        let _ = writeln!(out, "    ({name:?}, include_str!({:?})),", path.display());
    }
    out.push_str("];\n");
    let target = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("shipped.rs");
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}
