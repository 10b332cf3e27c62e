//! Generates one `#[test]` per DATC case (named by its DATC id) from
//! `tests/data/datc_cases.jsonl`, for the engine's tests (`tests/rules/datc.rs`).
use std::fmt::Write;

fn main() {
    println!("cargo:rerun-if-changed=tests/data/datc_cases.jsonl");
    let text = std::fs::read_to_string("tests/data/datc_cases.jsonl").expect("tests/data/datc_cases.jsonl");
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        let Some(start) = line.find("\"id\":\"") else { continue };
        let rest = &line[start + 6..];
        let id = &rest[..rest.find('"').expect("id ends")];
        let name: String = id.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        writeln!(out, "/// DATC {id}\n#[test]\nfn datc_{name}() {{ check_case({i}); }}").unwrap();
    }
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("datc_tests.rs");
    std::fs::write(dest, out).unwrap();
}
