//! Shared by `convoy_properties.rs` and `engine_defects.rs`: a movement phase
//! adjudicated with its units, orders and powers listed differently, and its
//! outcome in a canonical form that does not depend on the listing.

use mailjudge_engine::adjudicate::movement::Movement;
use mailjudge_engine::adjudicate::moves;
use mailjudge_engine::map::{Loc, PowerId, Prov, Unit, Variant};
use mailjudge_engine::order::Order;
use mailjudge_engine::random::Rng;
use mailjudge_engine::rules::Rulebook;

/// An outcome in canonical form: everything sorted, power ids mapped back.
#[derive(Debug, PartialEq)]
pub struct Canon {
    pub units: Vec<Unit>,
    /// Dislodged units with their retreat options and where the attack came from.
    pub dislodged: Vec<(Unit, Vec<Loc>, Option<Prov>)>,
    /// (power, order, result, note, defaulted)
    pub results: Vec<(PowerId, String, &'static str, Option<&'static str>, bool)>,
}

/// The outcome `m` in canonical form; `back[p]` is the original id of power `p`.
pub fn canon(v: &Variant, m: &Movement, back: &[PowerId]) -> Canon {
    let unit = |u: &Unit| Unit { power: back[u.power as usize], ..*u };
    let mut units: Vec<Unit> = m.units.iter().map(unit).collect();
    units.sort();
    let mut dislodged: Vec<_> = m.dislodged.iter().map(|d| (unit(&d.unit), d.options.clone(), d.attacker_from)).collect();
    dislodged.sort();
    let mut results: Vec<_> =
        m.results.iter().map(|r| (back[r.power as usize], r.order.canonical(v), r.result.label(), r.note.map(|n| n.text()), r.defaulted)).collect();
    results.sort();
    Canon { units, dislodged, results }
}

/// The outcome as listed.
pub fn listed(v: &Variant, rules: &Rulebook, units: &[Unit], orders: &[(PowerId, Order)]) -> Canon {
    let identity: Vec<PowerId> = (0..v.powers.len() as PowerId).collect();
    canon(v, &moves::adjudicate(v, rules, units, orders), &identity)
}

pub fn shuffle<T>(rng: &mut Rng, xs: &mut [T]) {
    for i in (1..xs.len()).rev() {
        let j = rng.below(i + 1);
        xs.swap(i, j);
    }
}

/// The outcome with the units and the orders shuffled and the powers
/// renumbered (all per `seed`), mapped back to the original power ids.
pub fn relisted(v: &Variant, rules: &Rulebook, units: &[Unit], orders: &[(PowerId, Order)], seed: u64) -> Canon {
    let mut rng = Rng::new(seed);
    let mut perm: Vec<PowerId> = (0..v.powers.len() as PowerId).collect();
    shuffle(&mut rng, &mut perm);
    let mut back = vec![0; perm.len()];
    for (p, &q) in perm.iter().enumerate() {
        back[q as usize] = p as PowerId;
    }
    let mut units: Vec<Unit> = units.iter().map(|u| Unit { power: perm[u.power as usize], ..*u }).collect();
    shuffle(&mut rng, &mut units);
    let mut orders: Vec<(PowerId, Order)> = orders.iter().map(|(p, o)| (perm[*p as usize], *o)).collect();
    shuffle(&mut rng, &mut orders);
    canon(v, &moves::adjudicate(v, rules, &units, &orders), &back)
}
