//! Original 1958 stacks beyond the position cases of
//! engine/tests/data/original1958/cases.jsonl: the corners of D3-D6 and D11
//! (docs/ORIGINAL1958.md), run through the contract's adjudicator.

use mailjudge_engine::contract::Adjudicator;
use mailjudge_engine::map::Variant;
use serde_json::{Value, json};

const MAP: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../config/variants/original1958.toml"));

fn centers() -> Value {
    json!({"AUSTRIA": ["TRI", "VEN", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "COL", "KIE"],
           "ITALY": ["NAP", "ROM"], "RUSSIA": ["MOS", "SEV", "STP"], "TURKEY": ["ANK", "CON", "ERZ"]})
}

fn run(phase: &str, units: Value, retreats: Value, orders: Value) -> Value {
    run_with(phase, units, centers(), retreats, orders)
}

fn run_with(phase: &str, units: Value, centers: Value, retreats: Value, orders: Value) -> Value {
    let v = Variant::read_toml(MAP).unwrap();
    let mut adj = Adjudicator::new(None, None, vec![]).with_variant(v);
    let case = json!({"variant": "original1958", "phase": phase, "units": units, "centers": centers, "retreats": retreats, "orders": orders});
    adj.run_text(&case.to_string()).unwrap()
}

/// The results of `power`'s orders (and defaults) as "order: result", sorted.
fn results(out: &Value, power: &str) -> Vec<String> {
    let mut l: Vec<String> = out["results"][power]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| format!("{}: {}", r["order"].as_str().unwrap(), r["result"].as_str().unwrap()))
        .collect();
    l.sort();
    l
}

fn units(out: &Value, power: &str) -> Vec<String> {
    out["units"][power].as_array().into_iter().flatten().map(|u| u.as_str().unwrap().to_string()).collect()
}

#[test]
fn a_stack_unit_losing_a_head_to_head_falls_with_the_stack() {
    // D3: the German attack (2) beats the moving army's defence (1) and the
    // stack's hold (1): both French armies are dislodged
    let out = run(
        "S1914M",
        json!({"FRANCE": ["A PAR", "A PAR"], "GERMANY": ["A BUR", "A LOR"]}),
        json!({}),
        json!({"FRANCE": ["A PAR - BUR", "A PAR H"], "GERMANY": ["A BUR - PAR", "A LOR S A BUR - PAR"]}),
    );
    assert_eq!(results(&out, "FRANCE"), ["A PAR - BUR: dislodged", "A PAR H: dislodged"]);
    assert_eq!(units(&out, "GERMANY"), ["A LOR", "A PAR"]);
    assert_eq!(out["retreats"]["FRANCE"], json!({"A PAR x2": ["BRE", "FLA", "GAS"]}));
}

#[test]
fn a_hold_support_of_a_stack_holds_it_against_two() {
    let out = run(
        "S1914M",
        json!({"FRANCE": ["A PAR", "A PAR", "A GAS"], "GERMANY": ["A BUR", "A LOR"]}),
        json!({}),
        json!({"FRANCE": ["A GAS S A PAR"], "GERMANY": ["A BUR - PAR", "A LOR S A BUR - PAR"]}),
    );
    assert_eq!(results(&out, "FRANCE"), ["A GAS S A PAR: ok", "A PAR H: ok", "A PAR H: ok"]);
    assert_eq!(results(&out, "GERMANY"), ["A BUR - PAR: bounce", "A LOR S A BUR - PAR: ok"]);
}

#[test]
fn a_hold_support_of_a_stack_whose_units_all_move_is_void() {
    // D3: both armies were ordered to move (and fail): strength 1, no support
    let out = run(
        "S1914M",
        json!({"FRANCE": ["A PAR", "A PAR", "A BRE"], "GERMANY": ["A BUR", "A GAS", "A LOR", "A FLA"]}),
        json!({}),
        json!({"FRANCE": ["A PAR - BUR", "A PAR - GAS", "A BRE S A PAR"], "GERMANY": ["A LOR - PAR", "A FLA S A LOR - PAR"]}),
    );
    assert_eq!(results(&out, "FRANCE"), ["A BRE S A PAR: void", "A PAR - BUR: dislodged", "A PAR - GAS: dislodged"]);
    assert_eq!(units(&out, "GERMANY"), ["A BUR", "A FLA", "A GAS", "A PAR"]);
}

#[test]
fn a_foreign_move_into_a_capital_stands_off_an_army_joining_it() {
    // D6 spares only own moves that stack together
    let out =
        run("S1914M", json!({"FRANCE": ["A PAR", "A BUR"], "GERMANY": ["A LOR"]}), json!({}), json!({"FRANCE": ["A BUR - PAR"], "GERMANY": ["A LOR - PAR"]}));
    assert_eq!(results(&out, "FRANCE"), ["A BUR - PAR: bounce", "A PAR H: ok"]);
    assert_eq!(results(&out, "GERMANY"), ["A LOR - PAR: bounce"]);
}

#[test]
fn an_army_joins_its_capital_as_the_stack_is_attacked_in_vain() {
    let out = run(
        "S1914M",
        json!({"FRANCE": ["A PAR", "A BUR", "A GAS"], "GERMANY": ["A LOR"]}),
        json!({}),
        json!({"FRANCE": ["A BUR - PAR", "A GAS S A BUR - PAR"], "GERMANY": ["A LOR - PAR"]}),
    );
    assert_eq!(results(&out, "FRANCE"), ["A BUR - PAR: ok", "A GAS S A BUR - PAR: ok", "A PAR H: ok"]);
    assert_eq!(units(&out, "FRANCE"), ["A GAS", "A PAR", "A PAR"]);
}

#[test]
fn two_fleets_join_their_empty_naval_base_but_an_army_and_a_fleet_stand_off() {
    let out = run("S1914M", json!({"FRANCE": ["F ENG", "F BOB"]}), json!({}), json!({"FRANCE": ["F ENG - BRE", "F BOB - BRE"]}));
    assert_eq!(units(&out, "FRANCE"), ["F BRE", "F BRE"]);
    let out = run("S1914M", json!({"ENGLAND": ["A WAL", "F NTH"]}), json!({}), json!({"ENGLAND": ["A WAL - LON", "F NTH - LON"]}));
    assert_eq!(results(&out, "ENGLAND"), ["A WAL - LON: bounce", "F NTH - LON: bounce"]);
}

#[test]
fn an_army_may_not_enter_its_capital_while_an_own_fleet_stays_there() {
    let out = run("S1914M", json!({"ENGLAND": ["A WAL", "F LON"]}), json!({}), json!({"ENGLAND": ["A WAL - LON"]}));
    assert_eq!(results(&out, "ENGLAND"), ["A WAL - LON: bounce", "F LON H: ok"]);
    // the fleet leaving in the same move lets it in
    let out = run("S1914M", json!({"ENGLAND": ["A WAL", "F LON"]}), json!({}), json!({"ENGLAND": ["A WAL - LON", "F LON - NTH"]}));
    assert_eq!(units(&out, "ENGLAND"), ["A LON", "F NTH"]);
}

#[test]
fn st_petersburg_north_coast_is_no_naval_base_and_armies_do_not_join_fleets() {
    let out = run("S1914M", json!({"RUSSIA": ["A STP", "F WHS"]}), json!({}), json!({"RUSSIA": ["F WHS - STP/NC"]}));
    assert_eq!(results(&out, "RUSSIA"), ["A STP H: ok", "F WHS - STP/NC: bounce"]);
    let out = run("S1914M", json!({"RUSSIA": ["F STP/NC", "A MOS"]}), json!({}), json!({"RUSSIA": ["A MOS - STP"]}));
    assert_eq!(results(&out, "RUSSIA"), ["A MOS - STP: bounce", "F STP/NC H: ok"]);
    // with fleets on both coasts the coast written says which one moves
    let out = run("S1914M", json!({"RUSSIA": ["F STP/NC", "F STP/SC"]}), json!({}), json!({"RUSSIA": ["F STP/NC - WHS", "F STP/SC - NBS"]}));
    assert_eq!(units(&out, "RUSSIA"), ["F NBS", "F WHS"]);
    // and an order naming no coast is void
    let out = run("S1914M", json!({"RUSSIA": ["F STP/NC", "F STP/SC"]}), json!({}), json!({"RUSSIA": ["F STP - NBS"]}));
    assert_eq!(units(&out, "RUSSIA"), ["F STP/NC", "F STP/SC"]);
    assert!(results(&out, "RUSSIA").contains(&"F STP - NBS: void".to_string()), "{:?}", results(&out, "RUSSIA"));
    // a retreat names the coast of the fleet it is for
    let out = run(
        "S1914R",
        json!({"GERMANY": ["F STP/NC"]}),
        json!({"RUSSIA": {"F STP/NC": ["WHS"], "F STP/SC": ["NBS"]}}),
        json!({"RUSSIA": ["F STP/SC R NBS", "F STP/NC R WHS"]}),
    );
    assert_eq!(units(&out, "RUSSIA"), ["F NBS", "F WHS"]);
}

#[test]
fn more_retreat_orders_than_dislodged_units_are_all_void() {
    let out = run(
        "S1914R",
        json!({"GERMANY": ["A PAR", "A LOR"]}),
        json!({"FRANCE": {"A PAR x2": ["BRE", "FLA", "GAS"]}}),
        json!({"FRANCE": ["A PAR R BRE", "A PAR R FLA", "A PAR R GAS"]}),
    );
    let r = results(&out, "FRANCE");
    assert_eq!(r.iter().filter(|l| l.ends_with(": void")).count(), 3, "{r:?}");
    assert!(units(&out, "FRANCE").is_empty());
    // two of them each take one unit
    let out = run(
        "S1914R",
        json!({"GERMANY": ["A PAR", "A LOR"]}),
        json!({"FRANCE": {"A PAR x2": ["BRE", "FLA", "GAS"]}}),
        json!({"FRANCE": ["A PAR R BRE", "A PAR R GAS"]}),
    );
    assert_eq!(units(&out, "FRANCE"), ["A BRE", "A GAS"]);
}

#[test]
fn an_attack_from_an_own_unit_does_not_cut_a_stacked_support() {
    let out = run(
        "S1914M",
        json!({"FRANCE": ["A PAR", "A PAR", "A GAS", "A BUR"], "GERMANY": ["A LOR", "A SWI"]}),
        json!({}),
        json!({"FRANCE": ["A PAR S A BUR", "A GAS - PAR"], "GERMANY": ["A LOR - BUR", "A SWI S A LOR - BUR"]}),
    );
    assert!(results(&out, "FRANCE").contains(&"A PAR S A BUR: ok".to_string()), "{:?}", results(&out, "FRANCE"));
    assert_eq!(results(&out, "GERMANY"), ["A LOR - BUR: bounce", "A SWI S A LOR - BUR: ok"]);
}

#[test]
fn armies_join_the_current_capital_and_fleets_only_an_owned_naval_base() {
    // Paris lost: Brest is the French capital (D15), armies join there
    let mut c = centers();
    c["FRANCE"] = json!(["BRE", "MAR"]);
    c["GERMANY"] = json!(["BER", "COL", "KIE", "PAR"]);
    let out = run_with("S1914M", json!({"FRANCE": ["A GAS", "A FLA"], "GERMANY": ["A PAR"]}), c, json!({}), json!({"FRANCE": ["A GAS - BRE", "A FLA - BRE"]}));
    assert_eq!(units(&out, "FRANCE"), ["A BRE", "A BRE"]);
    // Brest owned by England: no French stacking there (D16)
    let mut c = centers();
    c["FRANCE"] = json!(["MAR", "PAR"]);
    c["ENGLAND"] = json!(["BRE", "EDI", "LON", "LVP"]);
    let out = run_with("S1914M", json!({"FRANCE": ["F ENG", "F BOB"]}), c, json!({}), json!({"FRANCE": ["F ENG - BRE", "F BOB - BRE"]}));
    assert_eq!(results(&out, "FRANCE"), ["F BOB - BRE: bounce", "F ENG - BRE: bounce"]);
}
