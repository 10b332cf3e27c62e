//! The referents of results (`OrderResult::by`): which unit a move bounced
//! off, which attack cut a support, which unit dislodged another, which
//! unit a retreat collided with, on real positions through
//! `mailjudge_engine::adjudicate::process`. The adjudication itself is checked
//! elsewhere (tests/datc.rs and others); here only who is named.

use mailjudge_engine::adjudicate::{Outcome, Position, ResultKind, process};
use mailjudge_engine::map::{Unit, Variant};
use mailjudge_engine::parse::parse_order;
use mailjudge_engine::phase::PhaseKind;
use mailjudge_engine::rules::Rulebook;

const MAP_1958: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../config/variants/original1958.toml"));

fn unit(v: &Variant, power: &str, text: &str) -> Unit {
    v.parse_unit(v.power_by_name(power).expect("a power"), text).expect("a unit")
}

/// Adjudicates the first movement phase of `v` with these units and orders
/// (power, text).
fn movement(v: &Variant, units: &[(&str, &str)], orders: &[(&str, &str)]) -> Outcome {
    let mut units: Vec<Unit> = units.iter().map(|(p, u)| unit(v, p, u)).collect();
    units.sort();
    let pos = Position { phase: v.start, units, centers: v.initial_centers(), owners: Vec::new(), dislodged: Vec::new() };
    let orders: Vec<_> =
        orders.iter().map(|(p, o)| (v.power_by_name(p).expect("a power"), parse_order(v, o, Some(PhaseKind::Movement)).expect("an order"))).collect();
    process(v, &Rulebook::datc(), &pos, &orders)
}

/// The result and referent of the (first) result whose order reads `order`,
/// the referent as "POWER UNIT".
fn of(v: &Variant, out: &Outcome, order: &str) -> (ResultKind, Option<String>) {
    let r = out.results.iter().find(|r| r.order.canonical(v) == order).unwrap_or_else(|| panic!("no result for {order}: {:?}", out.results));
    (r.result, r.by.map(|u| format!("{} {}", v.powers[u.power as usize].name, v.unit_code(&u))))
}

fn named(kind: ResultKind, by: &str) -> (ResultKind, Option<String>) {
    (kind, Some(by.to_string()))
}

#[test]
fn a_standoff_names_the_other_unit() {
    let v = Variant::standard();
    let out = movement(&v, &[("FRANCE", "A PAR"), ("GERMANY", "A MUN")], &[("FRANCE", "A PAR - BUR"), ("GERMANY", "A MUN - BUR")]);
    assert_eq!(of(&v, &out, "A PAR - BUR"), named(ResultKind::Bounce, "GERMANY A MUN"));
    assert_eq!(of(&v, &out, "A MUN - BUR"), named(ResultKind::Bounce, "FRANCE A PAR"));
}

#[test]
fn a_bounce_names_the_strongest_contender() {
    // three moves to Burgundy, France and Germany with strength 2, England 1:
    // all fail; each names the strongest of the others (the first listed on
    // a tie)
    let v = Variant::standard();
    let out = movement(
        &v,
        &[("ENGLAND", "A BEL"), ("FRANCE", "A PAR"), ("FRANCE", "A MAR"), ("GERMANY", "A MUN"), ("GERMANY", "A RUH")],
        &[
            ("ENGLAND", "A BEL - BUR"),
            ("FRANCE", "A PAR - BUR"),
            ("FRANCE", "A MAR S A PAR - BUR"),
            ("GERMANY", "A MUN - BUR"),
            ("GERMANY", "A RUH S A MUN - BUR"),
        ],
    );
    assert_eq!(of(&v, &out, "A PAR - BUR"), named(ResultKind::Bounce, "GERMANY A MUN"));
    assert_eq!(of(&v, &out, "A MUN - BUR"), named(ResultKind::Bounce, "FRANCE A PAR"));
    assert_eq!(of(&v, &out, "A BEL - BUR").0, ResultKind::Bounce);
    assert!(matches!(of(&v, &out, "A BEL - BUR").1.as_deref(), Some("FRANCE A PAR") | Some("GERMANY A MUN")));
    // supports that succeed have no referent
    assert_eq!(of(&v, &out, "A MAR S A PAR - BUR"), (ResultKind::Ok, None));
}

#[test]
fn a_bounce_off_a_holding_unit_names_it() {
    let v = Variant::standard();
    // a foreign unit holding, and a stronger one moving in: the strongest wins the mention
    let out = movement(&v, &[("FRANCE", "A PAR"), ("GERMANY", "A BUR")], &[("FRANCE", "A PAR - BUR"), ("GERMANY", "A BUR H")]);
    assert_eq!(of(&v, &out, "A PAR - BUR"), named(ResultKind::Bounce, "GERMANY A BUR"));
    assert_eq!(of(&v, &out, "A BUR H"), (ResultKind::Ok, None));
    // a unit of the mover's own power in the way
    let out = movement(&v, &[("FRANCE", "A PAR"), ("FRANCE", "A BUR")], &[("FRANCE", "A PAR - BUR")]);
    assert_eq!(of(&v, &out, "A PAR - BUR"), named(ResultKind::Bounce, "FRANCE A BUR"));
    // the unit there holds with support, a weaker one moves in too: the defender is named
    let out = movement(
        &v,
        &[("FRANCE", "A PAR"), ("FRANCE", "A MAR"), ("GERMANY", "A BUR"), ("GERMANY", "A MUN"), ("ENGLAND", "A BEL")],
        &[("FRANCE", "A PAR - BUR"), ("FRANCE", "A MAR S A PAR - BUR"), ("GERMANY", "A MUN S A BUR"), ("ENGLAND", "A BEL - BUR")],
    );
    assert_eq!(of(&v, &out, "A PAR - BUR"), named(ResultKind::Bounce, "GERMANY A BUR"));
    assert_eq!(of(&v, &out, "A BEL - BUR"), named(ResultKind::Bounce, "GERMANY A BUR"));
}

#[test]
fn a_head_to_head_names_the_opposing_unit() {
    let v = Variant::standard();
    // equal strength: both bounce off each other
    let out = movement(&v, &[("FRANCE", "A BUR"), ("GERMANY", "A MUN")], &[("FRANCE", "A BUR - MUN"), ("GERMANY", "A MUN - BUR")]);
    assert_eq!(of(&v, &out, "A BUR - MUN"), named(ResultKind::Bounce, "GERMANY A MUN"));
    assert_eq!(of(&v, &out, "A MUN - BUR"), named(ResultKind::Bounce, "FRANCE A BUR"));
    // the stronger side wins and dislodges the other
    let out = movement(
        &v,
        &[("FRANCE", "A BUR"), ("GERMANY", "A MUN"), ("GERMANY", "A RUH")],
        &[("FRANCE", "A BUR - MUN"), ("GERMANY", "A MUN - BUR"), ("GERMANY", "A RUH S A MUN - BUR")],
    );
    assert_eq!(of(&v, &out, "A BUR - MUN"), named(ResultKind::Dislodged, "GERMANY A MUN"));
    assert_eq!(of(&v, &out, "A MUN - BUR"), (ResultKind::Ok, None));
}

#[test]
fn a_cut_support_names_the_attack_that_cut_it() {
    let v = Variant::standard();
    let out = movement(
        &v,
        &[("FRANCE", "A PAR"), ("FRANCE", "A BUR"), ("ENGLAND", "A BEL"), ("GERMANY", "A PIC")],
        &[("FRANCE", "A PAR - PIC"), ("FRANCE", "A BUR S A PAR - PIC"), ("ENGLAND", "A BEL - BUR")],
    );
    assert_eq!(of(&v, &out, "A BUR S A PAR - PIC"), named(ResultKind::Cut, "ENGLAND A BEL"));
    // the cutting move itself bounced off the supporting unit
    assert_eq!(of(&v, &out, "A BEL - BUR"), named(ResultKind::Bounce, "FRANCE A BUR"));
    // without the support the move to Picardy bounced off the German army
    assert_eq!(of(&v, &out, "A PAR - PIC"), named(ResultKind::Bounce, "GERMANY A PIC"));
}

#[test]
fn a_dislodged_unit_names_its_attacker() {
    let v = Variant::standard();
    let units = [("ENGLAND", "F NTH"), ("GERMANY", "F HEL"), ("GERMANY", "F DEN")];
    let orders = [("GERMANY", "F HEL - NTH"), ("GERMANY", "F DEN S F HEL - NTH")];
    // with an order
    let mut with = orders.to_vec();
    with.push(("ENGLAND", "F NTH H"));
    let out = movement(&v, &units, &with);
    assert_eq!(of(&v, &out, "F NTH H"), named(ResultKind::Dislodged, "GERMANY F HEL"));
    assert_eq!(of(&v, &out, "F HEL - NTH"), (ResultKind::Ok, None));
    assert_eq!(of(&v, &out, "F DEN S F HEL - NTH"), (ResultKind::Ok, None));
    // without one (the default hold)
    let out = movement(&v, &units, &orders);
    assert_eq!(of(&v, &out, "F NTH H"), named(ResultKind::Dislodged, "GERMANY F HEL"));
    assert!(out.results.iter().find(|r| r.order.canonical(&v) == "F NTH H").is_some_and(|r| r.defaulted));
}

#[test]
fn a_retreat_collision_names_the_other_unit() {
    let v = Variant::standard();
    // the French army in Burgundy and the English one in Brest are both
    // dislodged; both may retreat to Gascony
    let out = movement(
        &v,
        &[("FRANCE", "A BUR"), ("FRANCE", "F MAO"), ("FRANCE", "A PAR"), ("ENGLAND", "A BRE"), ("GERMANY", "A MUN"), ("GERMANY", "A RUH")],
        &[("FRANCE", "F MAO - BRE"), ("FRANCE", "A PAR S F MAO - BRE"), ("GERMANY", "A MUN - BUR"), ("GERMANY", "A RUH S A MUN - BUR")],
    );
    assert_eq!(of(&v, &out, "A BUR H"), named(ResultKind::Dislodged, "GERMANY A MUN"));
    assert_eq!(of(&v, &out, "A BRE H"), named(ResultKind::Dislodged, "FRANCE F MAO"));
    assert_eq!(out.position.phase.kind, PhaseKind::Retreat);
    let orders: Vec<_> = [("FRANCE", "A BUR - GAS"), ("ENGLAND", "A BRE - GAS")]
        .iter()
        .map(|(p, o)| (v.power_by_name(p).unwrap(), parse_order(&v, o, Some(PhaseKind::Retreat)).expect("a retreat")))
        .collect();
    let r = process(&v, &Rulebook::datc(), &out.position, &orders);
    assert_eq!(of(&v, &r, "A BUR R GAS"), named(ResultKind::Disband, "ENGLAND A BRE"));
    assert_eq!(of(&v, &r, "A BRE R GAS"), named(ResultKind::Disband, "FRANCE A BUR"));
    // a retreat that succeeds has none
    let orders: Vec<_> = [("FRANCE", "A BUR - GAS"), ("ENGLAND", "A BRE - PIC")]
        .iter()
        .map(|(p, o)| (v.power_by_name(p).unwrap(), parse_order(&v, o, Some(PhaseKind::Retreat)).expect("a retreat")))
        .collect();
    let r = process(&v, &Rulebook::datc(), &out.position, &orders);
    assert_eq!(of(&v, &r, "A BUR R GAS"), (ResultKind::Ok, None));
    assert_eq!(of(&v, &r, "A BRE R PIC"), (ResultKind::Ok, None));
}

#[test]
fn a_stack_attacked_names_the_attacker() {
    let v = Variant::read_toml(MAP_1958).expect("the 1958 map reads");
    // D3: the German attack beats the moving army's defence and the stack's
    // hold: both French armies fall, each to the German army
    let out = movement(
        &v,
        &[("FRANCE", "A PAR"), ("FRANCE", "A PAR"), ("GERMANY", "A BUR"), ("GERMANY", "A LOR")],
        &[("FRANCE", "A PAR - BUR"), ("FRANCE", "A PAR H"), ("GERMANY", "A BUR - PAR"), ("GERMANY", "A LOR S A BUR - PAR")],
    );
    assert_eq!(of(&v, &out, "A PAR - BUR"), named(ResultKind::Dislodged, "GERMANY A BUR"));
    assert_eq!(of(&v, &out, "A PAR H"), named(ResultKind::Dislodged, "GERMANY A BUR"));
    assert_eq!(of(&v, &out, "A BUR - PAR"), (ResultKind::Ok, None));
    // without the support the attack bounces off the stack (a unit of it
    // stands for the whole)
    let out = movement(
        &v,
        &[("FRANCE", "A PAR"), ("FRANCE", "A PAR"), ("GERMANY", "A BUR")],
        &[("FRANCE", "A PAR H"), ("FRANCE", "A PAR H"), ("GERMANY", "A BUR - PAR")],
    );
    assert_eq!(of(&v, &out, "A BUR - PAR"), named(ResultKind::Bounce, "FRANCE A PAR"));
    assert!(out.results.iter().filter(|r| r.order.canonical(&v) == "A PAR H").all(|r| r.result == ResultKind::Ok && r.by.is_none()));
}
