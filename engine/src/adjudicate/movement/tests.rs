//! The resolver checks itself in test builds (`check_fixpoint`): these run
//! it over random positions. `tests/rules/convoy_properties.rs` checks that
//! outcomes do not depend on how things are listed.

use crate::adjudicate::moves::adjudicate;
use crate::map::Variant;
use crate::random::{convoy_phase, movement_phase};
use crate::rules::Rulebook;

/// Positions per generator and rulebook (about a second in all in a debug
/// build; 200,000 were run in release when the check was written).
fn seeds() -> u64 {
    1500
}

/// Every bounce, cut and dislodgement names a unit other than the one
/// ordered, and no other result names one. On a stacking map a support
/// can fail without an attack on it (a unit of its own power from the
/// space it supports into joins it): that names none.
fn referents_named(m: &super::Movement) {
    referents_checked(m, true)
}

fn referents_checked(m: &super::Movement, cut_named: bool) {
    use crate::adjudicate::ResultKind;
    for r in &m.results {
        let named = matches!(r.result, ResultKind::Bounce | ResultKind::Dislodged) || (r.result == ResultKind::Cut && cut_named);
        if r.result == ResultKind::Cut && !cut_named {
            continue;
        }
        assert_eq!(r.by.is_some(), named, "referent of {r:?}");
        if let (Some(by), Some(u)) = (r.by, r.order.unit()) {
            assert!(by.loc.prov != u.loc.prov || r.result == ResultKind::Bounce, "{r:?} names a unit in its own space");
        }
    }
}

#[test]
fn datc_cases_resolve_consistently() {
    let cases = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/datc_cases.jsonl"));
    let mut adj = crate::contract::Adjudicator::new(None, None, vec![]);
    for line in cases.lines() {
        adj.run_text(line).expect("a DATC case reads");
    }
}

#[test]
fn random_positions_resolve_consistently() {
    let v = Variant::standard();
    for rules in [Rulebook::datc(), Rulebook::rulebook_1992()] {
        for seed in 0..seeds() {
            let (units, orders) = movement_phase(&v, seed, 2 + (seed as usize) % 38);
            referents_named(&adjudicate(&v, &rules, &units, &orders));
        }
    }
}

/// Original 1958 positions with stacks in the capitals and naval bases,
/// units next to them moving in, and orders for the stacked units: the
/// resolver's own check holds, and afterwards a space holds one unit or
/// units of one power in one of its home centres.
#[test]
fn stack_positions_resolve_consistently() {
    use crate::map::{Loc, PowerId, Unit, UnitType};
    use crate::order::{Order, UnitSpec};
    use crate::random::Rng;
    let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../config/variants/original1958.toml"));
    // the map as it is, and with convoys (stacks and convoys on one map)
    let maps = [text.to_string(), text.replacen("convoys = false", "convoys = true", 1)];
    for (v, rules) in maps.iter().map(|t| Variant::read_toml(t).expect("the 1958 map reads")).zip([Rulebook::datc(), Rulebook::rulebook_1992()]) {
        let centers = v.initial_centers();
        for seed in 0..seeds() {
            let (mut units, mut orders) = movement_phase(&v, seed, 2 + (seed as usize) % 40);
            let mut rng = Rng::new(seed ^ 0x5eed);
            for p in 0..v.powers.len() as PowerId {
                let w = &v.powers[p as usize];
                let mut sites: Vec<(UnitType, Loc)> = w.capital.map(|c| (UnitType::Army, Loc::new(c))).into_iter().collect();
                sites.extend(w.naval_bases.iter().map(|b| (UnitType::Fleet, *b)));
                for (kind, loc) in sites {
                    let targets: Vec<Loc> = match kind {
                        UnitType::Army => v.army_neighbours(loc.prov).iter().map(|&q| Loc::new(q)).collect(),
                        UnitType::Fleet => v.fleet_neighbours(loc).to_vec(),
                    };
                    // a unit of the power next door moving in
                    if rng.below(2) == 0
                        && let Some(&from) = rng.pick(&targets)
                        && !units.iter().any(|u| u.loc.prov == from.prov)
                        && (kind == UnitType::Army || from.coast == crate::map::Coast::None)
                    {
                        let u = Unit { power: p, kind, loc: from, aboard: false };
                        units.push(u);
                        orders.push((p, Order::Move { unit: UnitSpec::new(Some(kind), from), dest: loc, via: false }));
                    }
                    if units.iter().any(|u| u.loc.prov == loc.prov && u.power != p) {
                        continue;
                    }
                    for _ in 0..rng.below(4) {
                        units.push(Unit { power: p, kind, loc, aboard: false });
                        let spec = UnitSpec::new(Some(kind), loc);
                        let Some(&d) = rng.pick(&targets) else { continue };
                        match rng.below(4) {
                            0 => {}
                            1 | 2 => orders.push((p, Order::Move { unit: spec, dest: d, via: false })),
                            _ => {
                                if let Some(t) = units.iter().find(|x| x.loc.prov == d.prov) {
                                    orders.push((p, Order::Support { unit: spec, target: UnitSpec::new(Some(t.kind), t.loc), dest: None }));
                                }
                            }
                        }
                    }
                }
            }
            let m = crate::adjudicate::moves::adjudicate_with(&v, &rules, &units, &centers, &orders);
            referents_checked(&m, false);
            // the same with the units listed the other way round: identical
            // units of a stack are interchangeable
            let rev: Vec<Unit> = units.iter().rev().copied().collect();
            let m2 = crate::adjudicate::moves::adjudicate_with(&v, &rules, &rev, &centers, &orders);
            let canon = |m: &super::Movement| {
                let mut u = m.units.clone();
                u.sort();
                let mut d: Vec<String> = m.dislodged.iter().map(|d| format!("{:?}", (d.unit, &d.options, d.attacker_from))).collect();
                d.sort();
                let mut r: Vec<String> = m.results.iter().map(|r| format!("{:?}", (r.power, r.order, r.result, r.defaulted))).collect();
                r.sort();
                (u, d, r)
            };
            let (a, b) = (canon(&m), canon(&m2));
            if a != b {
                let only = |x: &[String], y: &[String]| x.iter().filter(|e| !y.contains(e)).cloned().collect::<Vec<_>>();
                let diff = (only(&a.1, &b.1), only(&b.1, &a.1), only(&a.2, &b.2), only(&b.2, &a.2));
                panic!("seed {seed}: the outcome depends on how the units are listed: {diff:?}\nunits {units:?}\norders {orders:?}");
            }
            for (i, a) in m.units.iter().enumerate() {
                for b in &m.units[i + 1..] {
                    if a.loc.prov == b.loc.prov {
                        assert!(v.may_stack(a, b), "seed {seed}: {a:?} and {b:?} share a space");
                    }
                }
            }
        }
    }
}

#[test]
fn convoy_positions_resolve_consistently() {
    let v = Variant::standard();
    for rules in [Rulebook::datc(), Rulebook::rulebook_1992()] {
        for seed in 0..seeds() {
            let (units, orders) = convoy_phase(&v, seed, 4 + (seed as usize) % 30);
            referents_named(&adjudicate(&v, &rules, &units, &orders));
        }
    }
}
