//! The 1885-III position cases (tests/data/1885/cases.jsonl; expectations
//! by docs/RULES1885.md) run through the contract's adjudicator on the
//! reconstructed map (read as it is, since games of 1885 are refused until
//! every rule exists). `MAILJUDGE_1885_CASES=path` runs another file.

use mailjudge::contract::Adjudicator;
use mailjudge::map::Variant;
use serde_json::Value;
use std::collections::BTreeMap;

const CASES: &str = include_str!("data/1885/cases.jsonl");
const MAP: &str = include_str!("../config/variants/1885.toml");

fn cases() -> Vec<Value> {
    let text = match std::env::var("MAILJUDGE_1885_CASES") {
        Ok(path) => std::fs::read_to_string(path).expect("case file"),
        Err(_) => CASES.to_string(),
    };
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

/// Lists inside a map of power -> list, sorted.
fn sorted(v: &Value) -> BTreeMap<String, Vec<String>> {
    let mut m = BTreeMap::new();
    for (k, list) in v.as_object().into_iter().flatten() {
        let mut l: Vec<String> = list.as_array().into_iter().flatten().map(|x| x.to_string()).collect();
        l.sort();
        if !l.is_empty() {
            m.insert(k.clone(), l);
        }
    }
    m
}

/// What differs between the outcome and the case's expectation (empty: none).
fn differences(case: &Value) -> Vec<String> {
    let v = Variant::read_toml(MAP).unwrap();
    let mut adj = Adjudicator::new(None, None, vec![]).with_variant(v);
    let out = match adj.run_text(&case.to_string()) {
        Ok(o) => o,
        Err(e) => return if case["expect"].get("error").is_some() { vec![] } else { vec![format!("input error: {e}")] },
    };
    let exp = &case["expect"];
    let mut diff = Vec::new();
    for key in ["units", "centers", "retreats"] {
        if exp.get(key).is_some() && sorted(&out[key]) != sorted(&exp[key]) {
            diff.push(format!("{key}: got {}, want {}", out[key], exp[key]));
        }
    }
    for key in ["next_phase", "winner"] {
        if exp.get(key).is_some() && out.get(key).unwrap_or(&Value::Null) != &exp[key] {
            diff.push(format!("{key}: got {:?}, want {}", out.get(key), exp[key]));
        }
    }
    if let Some(want) = exp.get("results") {
        let pick = |r: &Value| -> BTreeMap<String, Vec<(String, String)>> {
            r.as_object()
                .into_iter()
                .flatten()
                .map(|(p, rows)| {
                    let mut l: Vec<(String, String)> = rows
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|x| (x["order"].as_str().unwrap_or("").to_string(), x["result"].as_str().unwrap_or("").to_string()))
                        .collect();
                    l.sort();
                    (p.clone(), l)
                })
                .collect()
        };
        let (got, want) = (pick(&out["results"]), pick(want));
        // only the powers the case lists results for
        let got: BTreeMap<_, _> = got.into_iter().filter(|(p, _)| want.contains_key(p)).collect();
        if got != want {
            diff.push(format!("results: got {}, want {}", out["results"], exp["results"]));
        }
    }
    diff
}

#[test]
fn every_1885_case_gives_its_whole_expected_outcome() {
    let all = cases();
    assert!(!all.is_empty());
    let mut failed = Vec::new();
    for case in &all {
        assert_eq!(case["variant"], "1885", "{}", case["id"]);
        let d = differences(case);
        if !d.is_empty() {
            failed.push(format!("{} [{}] ({}): {}", case["id"], case["rule"], case["title"], d.join("; ")));
        }
    }
    assert!(failed.is_empty(), "{} of {} cases fail:\n{}", failed.len(), all.len(), failed.join("\n"));
}
