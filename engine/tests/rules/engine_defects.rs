//! Two standard-rules defects of the movement adjudicator, found by a review
//! against a reference engine and by a fuzzer, with their neighbours, as full
//! cases (`engine/tests/data/engine_defects/cases.jsonl`, see the README there): each
//! outcome is compared whole with the expected one (results with notes, units,
//! retreats, centres, next phase), and each case is adjudicated again with its
//! units, orders and powers listed in many other ways.
//!
//! 1. A support of a move that fails for want of a convoy was counted as hold
//!    strength of the army (cases 1.x). A support given to a move never holds
//!    the unit (DATC 6.D.8, 6.G.8).
//! 2. A convoy paradox entered from outside its cycle gave a self-contradicting
//!    result (a support cut by the army whose convoy was disrupted) that
//!    depended on how units were listed (cases 2.x). The Szykman rule applies
//!    (DATC 6.F.14, 6.F.16, 6.F.18).

use crate::relisting;

use mailjudge_engine::contract::Adjudicator;
use mailjudge_engine::map::{PowerId, Unit, Variant};
use mailjudge_engine::order::Order;
use mailjudge_engine::parse::parse_order;
use mailjudge_engine::phase::PhaseKind;
use mailjudge_engine::rules::Rulebook;
use relisting::{listed, relisted};
use serde_json::Value;

const CASES: &str = include_str!("../data/engine_defects/cases.jsonl");

fn cases() -> Vec<Value> {
    CASES.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).expect("a case line")).collect()
}

fn case(id: &str) -> Value {
    cases().into_iter().find(|c| c["id"] == id).unwrap_or_else(|| panic!("no case {id}"))
}

/// Runs case `id` and compares the whole outcome with the expected one.
fn check(id: &str) {
    let c = case(id);
    let mut adj = Adjudicator::new(None, None, vec![]);
    let out = adj.run_text(&c["case"].to_string()).unwrap_or_else(|e| panic!("{id}: input error {e}"));
    assert_eq!(out, c["expect"], "case {id}: {}\n got: {out}\nwant: {}", c["about"], c["expect"]);
}

/// The case's units and orders for the engine.
fn board(v: &Variant, c: &Value) -> (Vec<Unit>, Vec<(PowerId, Order)>) {
    let mut units = Vec::new();
    for (p, list) in c["case"]["units"].as_object().expect("units") {
        let pw = v.power_by_name(p).expect("power");
        for u in list.as_array().expect("unit list") {
            units.push(v.parse_unit(pw, u.as_str().expect("unit")).expect("a unit"));
        }
    }
    let mut orders = Vec::new();
    for (p, list) in c["case"]["orders"].as_object().expect("orders") {
        let pw = v.power_by_name(p).expect("power");
        for o in list.as_array().expect("order list") {
            orders.push((pw, parse_order(v, o.as_str().expect("order"), Some(PhaseKind::Movement)).expect("an order")));
        }
    }
    (units, orders)
}

#[test]
fn every_case_gives_the_expected_outcome() {
    let all = cases();
    assert_eq!(all.len(), 21);
    for c in &all {
        check(c["id"].as_str().expect("id"));
    }
}

#[test]
fn no_case_depends_on_listing() {
    let v = Variant::standard();
    let rules = Rulebook::datc();
    for c in cases() {
        let (units, orders) = board(&v, &c);
        let base = listed(&v, &rules, &units, &orders);
        // the units in reverse (the listing that showed defect 2 first), then
        // many random ones
        let mut rev = units.clone();
        rev.reverse();
        assert_eq!(listed(&v, &rules, &rev, &orders), base, "case {} reversed", c["id"]);
        for seed in 0..400u64 {
            assert_eq!(relisted(&v, &rules, &units, &orders, seed), base, "case {} relisted with seed {seed}", c["id"]);
        }
    }
}

// ---- defect 1: the supports of a move that fails for want of a convoy

#[test]
fn d1_1_no_convoy_via_move_support_does_not_hold() {
    check("1.1");
}

#[test]
fn d1_2_no_convoy_unmarked_move_support_does_not_hold() {
    check("1.2");
}

#[test]
fn d1_3_supports_from_two_other_provinces_do_not_hold() {
    check("1.3");
}

#[test]
fn d1_4_successful_convoy_moves_with_its_support() {
    check("1.4");
}

#[test]
fn d1_5_disrupted_convoy_support_does_not_hold() {
    check("1.5");
}

#[test]
fn d1_6_hold_support_of_a_unit_ordered_to_move_is_void() {
    check("1.6");
}

#[test]
fn d1_7_control_hold_support_holds() {
    check("1.7");
}

#[test]
fn d1_8_via_move_to_a_neighbour_without_fleet_support_does_not_hold() {
    check("1.8");
}

#[test]
fn d1_9_unmarked_move_to_a_neighbour_goes_over_land() {
    check("1.9");
}

#[test]
fn d1_10_via_move_to_a_neighbour_with_a_convoy() {
    check("1.10");
}

#[test]
fn d1_11_via_move_to_a_neighbour_with_void_hold_support() {
    check("1.11");
}

#[test]
fn d1_12_control_hold_support_from_edi_holds() {
    check("1.12");
}

// ---- defect 2: a convoy paradox entered from outside its cycle

#[test]
fn d2_1_paradox_entered_from_outside_nothing_moves() {
    check("2.1");
}

#[test]
fn d2_2_the_paradox_alone() {
    check("2.2");
}

#[test]
fn d2_3_entered_through_the_other_attacker() {
    check("2.3");
}

#[test]
fn d2_4_entered_from_both_sides() {
    check("2.4");
}

#[test]
fn d2_5_one_attack_stronger_no_paradox() {
    check("2.5");
}

#[test]
fn d2_6_simple_paradox_without_the_second_attack() {
    check("2.6");
}

#[test]
fn d2_7_successful_convoy_dislodges_the_supporter() {
    check("2.7");
}

#[test]
fn d2_8_betrayal_paradox_entered_from_outside() {
    check("2.8");
}

#[test]
fn d2_9_hold_support_of_the_convoying_fleet() {
    check("2.9");
}
