//! Random contract cases (movement, retreat and adjustment phases) as JSON
//! lines, for the contract's benchmark and its equivalence tests. Built from
//! [`crate::random`] positions and orders; deterministic from a seed.

use crate::adjudicate::{self, Position};
use crate::map::{Loc, PowerId, Unit, UnitType, Variant};
use crate::phase::{Phase, PhaseKind};
use crate::random::{Rng, movement_phase};
use crate::rules::Rulebook;
use serde_json::{Map, Value, json};

/// The kinds of phase [`cases`] writes, in turn: three movement phases, a
/// retreat phase, an adjustment phase.
const TURN: [PhaseKind; 5] = [PhaseKind::Movement, PhaseKind::Movement, PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment];

/// `n` cases on `v` as contract JSON lines (no newline), from `seed`.
pub fn cases(v: &Variant, seed: u64, n: usize) -> Vec<String> {
    let rules = Rulebook::for_variant(v);
    let phases = phases_of(v);
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|i| {
            let s = seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
            let (pos, orders) = match TURN[i % TURN.len()] {
                PhaseKind::Movement => movement_case(v, &phases, &mut rng, s),
                PhaseKind::Retreat => retreat_case(v, &rules, &phases, &mut rng, s),
                PhaseKind::Adjustment => adjustment_case(v, &phases, &mut rng, s),
            };
            case_line(v, &pos, &orders)
        })
        .collect()
}

/// The first year's phases of each kind, and the next year's.
fn phases_of(v: &Variant) -> Vec<Phase> {
    let mut p = v.start;
    let mut all = vec![p];
    for _ in 0..12 {
        p = v.calendar.successor(p);
        all.push(p);
    }
    all
}

fn pick_phase(phases: &[Phase], kind: PhaseKind, rng: &mut Rng) -> Phase {
    let of: Vec<Phase> = phases.iter().copied().filter(|p| p.kind == kind).collect();
    *rng.pick(&of).unwrap_or(&phases[0])
}

/// Centres owned at random (a third of them by nobody).
fn random_centers(v: &Variant, rng: &mut Rng) -> Vec<Option<PowerId>> {
    (0..v.provinces.len() as u16)
        .map(|p| {
            let k = rng.below(v.powers.len() + v.powers.len() / 2 + 1);
            (v.is_center(p) && k < v.powers.len()).then_some(k as PowerId)
        })
        .collect()
}

type Orders = Vec<(PowerId, String)>;

fn movement_case(v: &Variant, phases: &[Phase], rng: &mut Rng, seed: u64) -> (Position, Orders) {
    let (units, orders) = movement_phase(v, seed, 8 + (seed as usize) % 26);
    let phase = pick_phase(phases, PhaseKind::Movement, rng);
    let pos = Position { phase, units, centers: random_centers(v, rng), owners: v.initial_owners(), dislodged: Vec::new() };
    let orders = orders.iter().map(|(p, o)| (*p, o.canonical(v))).collect();
    (pos, orders)
}

/// The retreat phase after a random movement phase that dislodges a unit
/// (the first of up to 50 seeds that does); retreats to a random option, a
/// disband, or no order.
fn retreat_case(v: &Variant, rules: &Rulebook, phases: &[Phase], rng: &mut Rng, seed: u64) -> (Position, Orders) {
    let mut last = None;
    for k in 0..50 {
        let (pos, orders) = movement_case(v, phases, rng, seed.wrapping_add(k * 7919));
        let parsed: Vec<_> = orders.iter().filter_map(|(p, t)| crate::parse::parse_order(v, t, Some(PhaseKind::Movement)).ok().map(|o| (*p, o))).collect();
        let out = adjudicate::process(v, rules, &pos, &parsed);
        if let Some(next) = out.next_phase.filter(|p| p.kind == PhaseKind::Retreat) {
            let mut orders = Vec::new();
            for d in &out.dislodged {
                let unit = v.unit_code(&d.unit);
                match rng.below(4) {
                    0 => orders.push((d.unit.power, format!("{unit} D"))),
                    1 => {}
                    _ => match rng.pick(&d.options) {
                        Some(&l) => orders.push((d.unit.power, format!("{unit} R {}", v.loc_code(l)))),
                        None => orders.push((d.unit.power, format!("{unit} R {}", v.code(d.unit.loc.prov)))),
                    },
                }
            }
            let pos = Position { phase: next, dislodged: out.dislodged.clone(), ..out.position };
            return (pos, orders);
        }
        last = Some((pos, orders));
    }
    last.expect("at least one try")
}

/// An adjustment phase with random centres: builds on home centres (some
/// occupied or not owned, so void), removals, waives.
fn adjustment_case(v: &Variant, phases: &[Phase], rng: &mut Rng, seed: u64) -> (Position, Orders) {
    let (units, _) = movement_phase(v, seed, 8 + (seed as usize) % 26);
    let phase = pick_phase(phases, PhaseKind::Adjustment, rng);
    let pos = Position { phase, units, centers: random_centers(v, rng), owners: v.initial_owners(), dislodged: Vec::new() };
    let mut orders = Vec::new();
    for (i, power) in v.powers.iter().enumerate() {
        let p = i as PowerId;
        let diff = pos.center_count(p) as i64 - pos.unit_count(p) as i64;
        let own: Vec<&Unit> = pos.units.iter().filter(|u| u.power == p).collect();
        for _ in 0..diff.unsigned_abs().min(4) {
            if diff < 0 {
                if let Some(u) = rng.pick(&own) {
                    orders.push((p, format!("{} D", v.unit_code(u))));
                }
            } else if rng.below(5) == 0 {
                orders.push((p, "WAIVE".to_string()));
            } else if let Some(&h) = rng.pick(&power.home) {
                let kind = if rng.below(3) == 0 { UnitType::Fleet } else { UnitType::Army };
                let loc = Loc::new(h);
                orders.push((p, format!("{} B", v.unit_code(&Unit { power: p, kind, loc, aboard: false }))));
            }
        }
    }
    (pos, orders)
}

/// The case's JSON line: the position as the judge stores it, and the orders.
fn case_line(v: &Variant, pos: &Position, orders: &Orders) -> String {
    let mut case = super::position_to_json(v, pos);
    let mut by: Map<String, Value> = Map::new();
    for (p, text) in orders {
        let list = by.entry(v.powers[*p as usize].name.clone()).or_insert_with(|| json!([]));
        list.as_array_mut().expect("a list").push(json!(text));
    }
    case["variant"] = json!(v.name);
    case["orders"] = Value::Object(by);
    case.to_string()
}
