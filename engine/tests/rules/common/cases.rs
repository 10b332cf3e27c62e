//! Variant position cases in the contract's format (engine/tests/data/<variant>/
//! cases.jsonl), compared with what the adjudicator gives.

use mailjudge_engine::contract::Adjudicator;
use mailjudge_engine::map::Variant;
use serde_json::Value;
use std::collections::BTreeMap;

/// Lists inside a map of power -> list, sorted (the contract sorts units and
/// centres; results keep their order, so they are compared as given).
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

/// The results of an outcome or expectation: per power, (order, result) pairs.
fn results(r: &Value) -> BTreeMap<String, Vec<(String, String)>> {
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
}

/// What differs between the outcome of `case` on the map `map` (read as it
/// is, playable or not) and the case's expectation (empty: none). With
/// `listed_powers_only`, results are compared for the powers the case
/// lists results for; otherwise for every power.
pub fn differences(map: &str, case: &Value, listed_powers_only: bool) -> Vec<String> {
    let v = Variant::read_toml(map).unwrap();
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
    for key in ["next_phase", "winner", "owners"] {
        if exp.get(key).is_some() && out.get(key).unwrap_or(&Value::Null) != &exp[key] {
            diff.push(format!("{key}: got {:?}, want {}", out.get(key), exp[key]));
        }
    }
    if let Some(want) = exp.get("results") {
        let want = results(want);
        let got: BTreeMap<_, _> = results(&out["results"]).into_iter().filter(|(p, _)| !listed_powers_only || want.contains_key(p)).collect();
        if got != want {
            diff.push(format!("results: got {}, want {}", out["results"], exp["results"]));
        }
    }
    diff
}
