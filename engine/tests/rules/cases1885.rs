//! The 1885-III position cases (engine/tests/data/1885/cases.jsonl; expectations
//! by docs/RULES1885.md) run through the contract's adjudicator on the
//! reconstructed map (read as it is, since games of 1885 are refused until
//! every rule exists). `MAILJUDGE_1885_CASES=path` runs another file.

use crate::common;

use common::cases::differences;
use serde_json::Value;

const CASES: &str = include_str!("../data/1885/cases.jsonl");
const MAP: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../config/variants/1885.toml"));

fn cases() -> Vec<Value> {
    let text = match std::env::var("MAILJUDGE_1885_CASES") {
        Ok(path) => std::fs::read_to_string(path).expect("case file"),
        Err(_) => CASES.to_string(),
    };
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

#[test]
fn every_1885_case_gives_its_whole_expected_outcome() {
    let all = cases();
    assert!(!all.is_empty());
    let mut failed = Vec::new();
    for case in &all {
        assert_eq!(case["variant"], "1885", "{}", case["id"]);
        let d = differences(MAP, case, true);
        if !d.is_empty() {
            failed.push(format!("{} [{}] ({}): {}", case["id"], case["rule"], case["title"], d.join("; ")));
        }
    }
    assert!(failed.is_empty(), "{} of {} cases fail:\n{}", failed.len(), all.len(), failed.join("\n"));
}
