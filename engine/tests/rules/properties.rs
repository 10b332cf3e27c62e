//! Property tests over random positions and orders: one unit per space after
//! every phase, units conserved, and results independent of the order in which
//! orders are listed.

use mailjudge_engine::adjudicate::{Position, moves, process};
use mailjudge_engine::map::Variant;
use mailjudge_engine::random::{Rng, movement_phase};
use mailjudge_engine::rules::Rulebook;
use proptest::prelude::*;
use std::collections::HashSet;

fn one_per_space(units: &[mailjudge_engine::map::Unit]) -> bool {
    let mut seen = HashSet::new();
    units.iter().all(|u| seen.insert(u.loc.prov))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn movement_keeps_one_unit_per_space_and_conserves_units(seed in any::<u64>(), n in 2usize..40) {
        let v = Variant::standard();
        let (units, orders) = movement_phase(&v, seed, n);
        let m = moves::adjudicate(&v, &Rulebook::default(), &units, &orders);
        prop_assert!(one_per_space(&m.units), "two units in one space");
        prop_assert_eq!(m.units.len() + m.dislodged.len(), units.len());
        // a dislodged unit may only retreat to an empty, uncontested space
        for d in &m.dislodged {
            for o in &d.options {
                prop_assert!(m.units.iter().all(|u| u.loc.prov != o.prov));
            }
        }
    }

    #[test]
    fn movement_does_not_depend_on_order_listing(seed in any::<u64>(), n in 2usize..40) {
        let v = Variant::standard();
        let (units, orders) = movement_phase(&v, seed, n);
        let rules = Rulebook::default();
        let a = moves::adjudicate(&v, &rules, &units, &orders);
        let mut shuffled = orders.clone();
        let mut rng = Rng::new(seed ^ 0xABCD);
        for i in (1..shuffled.len()).rev() { let j = rng.below(i + 1); shuffled.swap(i, j); }
        let mut units2 = units.clone();
        units2.reverse();
        let b = moves::adjudicate(&v, &rules, &units2, &shuffled);
        let mut ua = a.units.clone(); ua.sort();
        let mut ub = b.units.clone(); ub.sort();
        prop_assert_eq!(ua, ub);
        let mut da: Vec<_> = a.dislodged.iter().map(|d| (d.unit, d.options.clone())).collect(); da.sort();
        let mut db: Vec<_> = b.dislodged.iter().map(|d| (d.unit, d.options.clone())).collect(); db.sort();
        prop_assert_eq!(da, db);
        let key = |r: &mailjudge_engine::adjudicate::OrderResult| (r.power, r.order.canonical(&v), r.result.label());
        let mut ra: Vec<_> = a.results.iter().map(key).collect(); ra.sort();
        let mut rb: Vec<_> = b.results.iter().map(key).collect(); rb.sort();
        prop_assert_eq!(ra, rb);
    }

    #[test]
    fn full_year_keeps_the_board_sound(seed in any::<u64>(), n in 2usize..34, rhr in any::<bool>()) {
        let v = Variant::standard();
        let mut rules = Rulebook::default();
        if rhr { rules.set("retreat_default", "right_hand").unwrap(); }
        let (units, orders) = movement_phase(&v, seed, n);
        let mut pos = Position { phase: v.calendar.parse("F1901M").unwrap(), units, centers: v.initial_centers(), owners: Vec::new(), dislodged: vec![] };
        let out = process(&v, &rules, &pos, &orders);
        prop_assert!(one_per_space(&out.position.units));
        pos = out.position;
        // retreats with no orders (defaults), then adjustments with no orders
        for _ in 0..2 {
            if pos.phase.kind == mailjudge_engine::phase::PhaseKind::Movement { break; }
            let before = pos.units.len() + pos.dislodged.len();
            let out = process(&v, &rules, &pos, &[]);
            prop_assert!(one_per_space(&out.position.units), "two units in one space after {:?}", pos.phase);
            if pos.phase.kind == mailjudge_engine::phase::PhaseKind::Retreat {
                prop_assert!(out.position.units.len() <= before);
            }
            if pos.phase.kind == mailjudge_engine::phase::PhaseKind::Adjustment {
                for p in 0..v.powers.len() as u8 {
                    // no orders: builds are waived, removals made by civil disorder
                    prop_assert_eq!(out.position.unit_count(p), pos.unit_count(p).min(pos.center_count(p)));
                }
            }
            pos = out.position;
        }
    }
}
