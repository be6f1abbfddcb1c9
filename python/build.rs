//! Embeds every shipped definition (`definitions/*.vdl`) and network
//! (`definitions/*.net`, which a definition's `evaluation` may name), so that the
//! package carries them: `shipped.rs` in OUT_DIR lists (file name, text) pairs.

use std::fmt::Write;
use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from("../definitions");
    println!("cargo:rerun-if-changed=../definitions");
    let mut out = String::new();
    list(&mut out, &dir, "SHIPPED", ".vdl");
    list(&mut out, &dir, "NETWORKS", ".net");
    let target = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("shipped.rs");
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}

/// `const NAME`: the (file name, text) pairs of `dir`'s files ending in `ending`.
fn list(out: &mut String, dir: &std::path::Path, name: &str, ending: &str) {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(ending))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let _ = writeln!(out, "pub const {name}: &[(&str, &str)] = &[");
    for file in &names {
        let path = std::fs::canonicalize(dir.join(file)).unwrap_or_else(|_| dir.join(file));
        let _ = writeln!(out, "    ({file:?}, include_str!({:?})),", path.display());
    }
    out.push_str("];\n");
}
