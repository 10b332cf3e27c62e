//! `mailjudge adjudicate` checked from outside, as ADJUDICATE.md describes it.

use crate::common::binary::run;
use serde_json::{Value, json};

#[test]
fn the_contract_example() {
    let case = json!({
        "variant": "standard", "phase": "F1901M",
        "units": {"ENGLAND": ["F NTH", "A YOR"], "RUSSIA": ["F STP/SC"]},
        "centers": {"ENGLAND": ["EDI", "LON", "LVP"], "RUSSIA": ["MOS", "SEV", "STP", "WAR"]},
        "retreats": {},
        "orders": {"ENGLAND": ["A YOR - NWY", "F NTH C A YOR - NWY"]}
    });
    let (code, out, err) = run(&["adjudicate"], &case.to_string());
    assert_eq!(code, 0, "{err}");
    let got: Value = serde_json::from_str(&out).unwrap();
    let want = json!({
        "phase": "F1901M",
        "results": {"ENGLAND": [{"order": "A YOR - NWY", "result": "ok"}, {"order": "F NTH C A YOR - NWY", "result": "ok"}],
                    "RUSSIA": [{"order": "F STP/SC H", "result": "ok", "note": "no order: the unit holds"}]},
        "units": {"ENGLAND": ["A NWY", "F NTH"], "RUSSIA": ["F STP/SC"]},
        "retreats": {},
        "centers": {"ENGLAND": ["EDI", "LON", "LVP", "NWY"], "RUSSIA": ["MOS", "SEV", "STP", "WAR"]},
        "next_phase": "W1901A"
    });
    assert_eq!(got, want);
}

#[test]
fn variant_flag_and_free_form_orders() {
    let case = json!({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {}, "orders": {"FRANCE": ["a paris -> burgundy", "A Par - Xyz"]}});
    let (code, out, _) = run(&["adjudicate", "--variant", "standard"], &case.to_string());
    assert_eq!(code, 0);
    let got: Value = serde_json::from_str(&out).unwrap();
    let rows = got["results"]["FRANCE"].as_array().unwrap();
    assert_eq!(rows[0]["order"], "A PAR - BUR");
    assert_eq!(rows[1]["result"], "void", "unreadable orders are void, not input errors");
    assert!(rows[1]["note"].as_str().unwrap().contains("xyz"));
    assert_eq!(got["next_phase"], "F1901M");
}

#[test]
fn malformed_cases_exit_2_with_one_line() {
    let cases = [
        ("not json", "bad JSON"),
        (r#"{"variant": "nosuch", "phase": "S1901M"}"#, "unknown variant"),
        (r#"{"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}}"#, "unknown province"),
        (r#"{"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A BRE", "F BRE"]}}"#, "listed twice"),
        (r#"{"variant": "standard", "phase": "S1901M", "units": {"SPAIN": ["A PAR"]}}"#, "unknown power"),
        (r#"{"variant": "standard", "phase": "S1901M", "orders": {"NARNIA": ["A PAR H"]}}"#, "unknown power"),
        (r#"{"variant": "standard", "phase": "X1901M"}"#, "unknown season"),
        (r#"{"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A MAO"]}}"#, "cannot stand"),
        (r#"{"phase": "S1901M"}"#, "no variant"),
    ];
    for (input, msg) in cases {
        let (code, out, err) = run(&["adjudicate"], input);
        assert_eq!(code, 2, "{input}");
        assert!(out.is_empty(), "{input}: nothing on stdout");
        assert_eq!(err.trim_end().lines().count(), 1, "{input}: one line: {err}");
        assert!(err.contains(msg), "{input}: `{err}` lacks `{msg}`");
    }
}

#[test]
fn jsonl_goes_on_after_a_bad_line() {
    let good = json!({"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}}).to_string();
    let input = format!("{good}\n{{broken\n{good}\n");
    let (code, out, _) = run(&["adjudicate", "--jsonl"], &input);
    assert_eq!(code, 0);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["units"]["FRANCE"][0], "A BUR");
    assert!(lines[1]["error"].is_string());
    assert_eq!(lines[2], lines[0]);
}

#[test]
fn every_phase_type_and_victory() {
    // retreat phase
    let r = json!({"variant": "standard", "phase": "F1901R", "units": {"FRANCE": ["A PAR"]},
        "centers": {"FRANCE": ["PAR"]}, "retreats": {"GERMANY": {"A BUR": ["GAS", "MUN"]}},
        "orders": {"GERMANY": ["A Bur - Gas"]}});
    let (code, out, err) = run(&["adjudicate"], &r.to_string());
    assert_eq!(code, 0, "{err}");
    let got: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(got["results"]["GERMANY"][0], json!({"order": "A BUR R GAS", "result": "ok"}));
    assert_eq!(got["units"]["GERMANY"], json!(["A GAS"]));
    assert_eq!(got["next_phase"], "W1901A", "Germany owns no centre and has a unit to remove");
    // adjustment phase
    let a = json!({"variant": "standard", "phase": "W1901A", "units": {"FRANCE": ["A BUR"]},
        "centers": {"FRANCE": ["BRE", "MAR", "PAR"]}, "orders": {"FRANCE": ["Build F Bre", "Build A Par"]}});
    let (_, out, _) = run(&["adjudicate"], &a.to_string());
    let got: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(got["units"]["FRANCE"], json!(["A BUR", "A PAR", "F BRE"]));
    assert_eq!(got["next_phase"], "S1902M");
    // victory: 18 centres after the Fall
    let centers: Vec<&str> = vec!["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "VEN", "KIE", "BER", "DEN", "LON", "EDI", "LVP", "NWY", "SWE", "TUN"];
    let v = json!({"variant": "standard", "phase": "F1905M", "units": {"FRANCE": ["A BUR"]},
        "centers": {"FRANCE": centers}, "orders": {"FRANCE": ["A Bur - Mun"]}});
    let (_, out, _) = run(&["adjudicate"], &v.to_string());
    let got: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(got["winner"], "FRANCE");
    assert_eq!(got["next_phase"], Value::Null);
}

#[test]
fn a_variant_the_engine_cannot_play_yet_is_refused_by_name() {
    // Original 1958 is played; a space holding several units of any power is not
    let (code, out, err) = run(&["check-variant", "config/variants/original1958.toml"], "");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("is valid: 93 provinces, 35 supply centres, 7 powers"), "{out}");
    assert!(out.contains("recorded as uncertain"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("config/variants/original1958.toml").unwrap();
    let wide = text.replacen("name = \"Adriatic Sea\"\n", "name = \"Adriatic Sea\"\ncapacity = 2\n", 1);
    assert_ne!(wide, text);
    let wide = wide.replacen("name = \"original1958\"", "name = \"wide\"", 1);
    std::fs::write(dir.path().join("wide.toml"), &wide).unwrap();
    let path = dir.path().join("wide.toml");
    let (code, out, err) = run(&["check-variant", path.to_str().unwrap()], "");
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("capacity") && err.contains("ADR (2)"), "{err}");
    let case = r#"{"phase": "S1914M", "units": {}, "centers": {}, "orders": {}}"#;
    let (code, _, err) = run(&["adjudicate", "--variants-dir", dir.path().to_str().unwrap(), "--variant", "wide"], case);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be played here yet") && err.contains("ADR (2)") && err.lines().count() == 1, "{err}");
    // the built-in 1958 adjudicates
    let (code, out, err) = run(&["adjudicate", "--variant", "original1958"], case);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("\"next_phase\""), "{out}");
    // the standard file passes with nothing missing
    let (code, out, _) = run(&["check-variant", "config/variants/standard.toml"], "");
    assert_eq!(code, 0, "{out}");
}

/// `--variant 1885` from outside: the text's first A/F example (board,
/// sail and land in one move) and Sicily's tracked owner in the outcome.
#[test]
fn adjudicate_variant_1885() {
    let case = json!({
        "phase": "FEB1885M",
        "units": {"ENGLAND": ["A LON", "F ENG"], "SPAIN": ["F HOB"], "FRANCE": ["F HOB"]},
        "centers": {"ENGLAND": ["EDI", "LON", "LVP"]},
        "orders": {"ENGLAND": ["A LON - ENG B - POR", "F ENG - MAO"]}
    });
    let (code, out, err) = run(&["adjudicate", "--variant", "1885"], &case.to_string());
    assert_eq!(code, 0, "{err}");
    let got: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(got["units"]["ENGLAND"], json!(["A POR", "F MAO"]), "{got}");
    assert_eq!(got["units"]["SPAIN"], json!(["F HOB"]), "two powers' fleets in the Box: {got}");
    assert_eq!(got["owners"], json!({"SIC": "ITALY"}));
    assert_eq!(got["next_phase"], "MAR1885M");
    // an owner for a province that is not tracked: an input error
    let bad = json!({"phase": "FEB1885M", "owners": {"ROM": "FRANCE"}});
    let (code, _, err) = run(&["adjudicate", "--variant", "1885"], &bad.to_string());
    assert_eq!(code, 2);
    assert!(err.contains("not a tracked province"), "{err}");
}

/// A made-up board cannot make the adjudicator take time or memory without
/// bound: at most twice the map's spaces in units and, apart, in dislodged
/// units (1958's home-base stacks let one space hold any number).
#[test]
fn a_position_holds_at_most_its_limit_of_units() {
    let v = mailjudge::map::Variant::builtin("original1958").unwrap();
    let max = mailjudge::contract::max_units(&v);
    let case = |units: usize, dislodged: usize| {
        serde_json::json!({
            "phase": "S1914R",
            "units": {"FRANCE": vec!["A PAR"; units]},
            "retreats": {"GERMANY": {format!("A BER x{dislodged}"): []}},
        })
        .to_string()
    };
    let (code, out, err) = run(&["adjudicate", "--variant", "original1958"], &case(max, 1));
    assert_eq!(code, 0, "at the limit of units: {out}{err}");
    let (code, _, err) = run(&["adjudicate", "--variant", "original1958"], &case(max + 1, 1));
    assert_eq!(code, 2);
    assert!(err.contains(&format!("more than {max} units")), "{err}");
    let (code, out, err) = run(&["adjudicate", "--variant", "original1958"], &case(1, max));
    assert_eq!(code, 0, "at the limit of dislodged units: {out}{err}");
    for huge in [max + 1, 4_000_000_000] {
        let (code, _, err) = run(&["adjudicate", "--variant", "original1958"], &case(1, huge));
        assert_eq!(code, 2);
        assert!(err.contains(&format!("more than {max} dislodged units")), "{err}");
    }
}
