//! The Original 1958 position cases (engine/tests/data/original1958/cases.jsonl,
//! decisions in docs/ORIGINAL1958.md) run through the contract's adjudicator.
//! The variant is refused for play until all of its rules are built, so the
//! cases run on the map read as it is; `IMPLEMENTED` lists the cases whose
//! rules the engine has, and each of them must give its whole expected
//! outcome. `MAILJUDGE_1958_ALL=1` runs every case and lists those that fail.
//! The judge's store keeping these orders is `tests/it/original1958.rs`.

use crate::common;
use mailjudge_engine::contract::Adjudicator;
use mailjudge_engine::map::Variant;

use common::cases::differences;
use serde_json::Value;

const CASES: &str = include_str!("../data/original1958/cases.jsonl");
const MAP: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../config/variants/original1958.toml"));

/// Cases the engine gets right: the map and calendar (§2, §9-§19), builds at
/// the capital and naval bases, lost capitals and bases, several builds and
/// removals in one site (§5, D14-D16), victory checked after every phase, and
/// the rule-4 and head-to-head cases whose outcome the one-unit-a-space rules
/// already give; no convoys (D13); fleets passing each other on two coasts
/// (§8, D12); stacks that move, defend and retreat (§3, §4, D3-D6, D11).
/// boarding, landing and carried armies in movement, retreats and
/// adjustments (§6, §7, D2, D7-D10, D17-D21): every case.
const IMPLEMENTED: &[&str] = &[
    "o58-001", "o58-002", "o58-003", "o58-004", "o58-005", "o58-006", "o58-008", "o58-020", "o58-021", "o58-022", "o58-023", "o58-025", "o58-026", "o58-027",
    "o58-028", "o58-029", "o58-030", "o58-031", "o58-032", "o58-033", "o58-034", "o58-035", "o58-036", "o58-037", "o58-038", "o58-081", "o58-082", "o58-085",
    "o58-086", "o58-087", "o58-089", "o58-090", "o58-091", "o58-099", // no convoys (D13), fleets passing on two coasts (§8, D12)
    "o58-080", "o58-083", "o58-084", "o58-092", "o58-093", // stacks in movement and retreats (§3, §4, D3-D6, D11)
    "o58-039", "o58-040", "o58-041", "o58-042", "o58-043", "o58-044", "o58-045", "o58-046", "o58-047", "o58-048", "o58-049", "o58-050", "o58-051", "o58-052",
    "o58-053", "o58-054", "o58-055", "o58-056", "o58-057", "o58-058", "o58-059", "o58-060", "o58-061", "o58-062", "o58-063", "o58-064", "o58-065", "o58-066",
    "o58-067", "o58-068", "o58-069", "o58-070", "o58-071", "o58-072", "o58-073", "o58-074", "o58-075", "o58-076", "o58-077", "o58-078", "o58-079", "o58-094",
    "o58-095", "o58-096", "o58-097", "o58-098", // boarding (§6, §7, D2, D7-D10, D17-D21)
    "o58-007", "o58-009", "o58-010", "o58-011", "o58-012", "o58-013", "o58-014", "o58-015", "o58-016", "o58-017", "o58-018", "o58-019", "o58-024", "o58-088",
];

fn cases() -> Vec<Value> {
    CASES.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn implemented_1958_cases_give_their_whole_expected_outcome() {
    let all = cases();
    let mut failed = Vec::new();
    for id in IMPLEMENTED {
        let case = all.iter().find(|c| c["id"] == *id).unwrap_or_else(|| panic!("no case {id}"));
        let d = differences(MAP, case, false);
        if !d.is_empty() {
            failed.push(format!("{id} ({}): {}", case["title"], d.join("; ")));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn every_1958_case_is_readable_and_for_the_1958_map() {
    let all = cases();
    assert!(all.len() >= 40);
    for c in &all {
        assert_eq!(c["variant"], "original1958", "{}", c["id"]);
        assert!(c["expect"].is_object(), "{}", c["id"]);
    }
    if std::env::var_os("MAILJUDGE_1958_ALL").is_some() {
        let mut bad = 0;
        for c in &all {
            let d = differences(MAP, c, false);
            if !d.is_empty() {
                bad += 1;
                eprintln!("FAIL {} [{}] {}: {}", c["id"], c["rule"], c["title"], d.join("; "));
            }
        }
        eprintln!("{bad} of {} cases fail", all.len());
    }
}

#[test]
fn boarding_orders_and_carried_armies_are_read_on_the_1958_map_only() {
    use mailjudge_engine::order::Order;
    use mailjudge_engine::parse::parse_order;
    use mailjudge_engine::phase::PhaseKind;
    let v = Variant::read_toml(MAP).unwrap();
    let std = Variant::standard();
    let mv = Some(PhaseKind::Movement);
    for (text, canon) in [
        ("A LON B", "A LON B"),
        ("F lon b", "F LON B"),
        ("f nth - yor b france", "F NTH - YOR B FRANCE"),
        ("A WAL-LON B", "A WAL - LON B"),
        ("A YOR B ENGLAND", "A YOR B ENGLAND"),
    ] {
        let o = parse_order(&v, text, mv).unwrap_or_else(|e| panic!("{text}: {}", e.message));
        assert!(matches!(o, Order::Board { .. }), "{text}: {o:?}");
        assert_eq!(o.canonical(&v), canon);
    }
    // in adjustments `A LON B` is a build; on the standard map always
    assert!(matches!(parse_order(&v, "A LON B", Some(PhaseKind::Adjustment)).unwrap(), Order::Build(_)));
    assert!(matches!(parse_order(&std, "A LON B", mv).unwrap(), Order::Build(_)));
    assert!(parse_order(&std, "F NTH - YOR B", mv).is_err());
    // `A NTH ABOARD`: a unit on the 1958 map, an input error on the standard one
    let a = v.parse_unit(0, "A NTH ABOARD").unwrap();
    assert!(a.aboard);
    assert_eq!(v.unit_code(&a), "A NTH ABOARD");
    assert!(v.parse_unit(0, "F NTH ABOARD").is_err() && v.parse_unit(0, "A PAR ABOARD").is_err());
    assert!(std.parse_unit(0, "A NTH ABOARD").is_err());
    let case = r#"{"variant": "standard", "phase": "S1901M", "units": {"ENGLAND": ["F NTH", "A NTH ABOARD"]}, "orders": {}}"#;
    assert!(Adjudicator::new(None, None, vec![]).run_text(case).is_err());
    // on the 1958 map, an army on board needs its fleet
    let mut adj = Adjudicator::new(None, None, vec![]).with_variant(Variant::read_toml(MAP).unwrap());
    let case = r#"{"variant": "original1958", "phase": "S1914M", "units": {"ENGLAND": ["A NTH ABOARD"]}, "orders": {}}"#;
    assert!(adj.run_text(case).is_err());
}

#[test]
fn one_carrying_pair_a_space() {
    // London holds a pair already: a second army and fleet boarding there both stand off (D7.5)
    let mut adj = Adjudicator::new(None, None, vec![]).with_variant(Variant::read_toml(MAP).unwrap());
    let case = r#"{"variant": "original1958", "phase": "S1914M", "units": {"ENGLAND": ["A LON", "A LON ABOARD", "F LON", "F LON"]},
        "centers": {"ENGLAND": ["LON"]}, "orders": {"ENGLAND": ["F LON H", "F LON B", "A LON B"]}}"#;
    let out = adj.run_text(case).unwrap();
    let mut units: Vec<String> = out["units"]["ENGLAND"].as_array().unwrap().iter().map(|u| u.as_str().unwrap().to_string()).collect();
    units.sort();
    assert_eq!(units, ["A LON", "A LON ABOARD", "F LON", "F LON"]);
    let results = out["results"]["ENGLAND"].as_array().unwrap();
    for (order, want) in [("F LON H", "ok"), ("F LON B", "bounce"), ("A LON B", "bounce")] {
        assert!(results.iter().any(|r| r["order"] == order && r["result"] == want), "{order}: {results:?}");
    }
}
