//! Adjustment phases: builds, removals, waives, and civil-disorder removals.
//!
//! Builds go in owned, unoccupied home centres, one per centre, up to the number
//! owed; extra build orders are void in the order given. A fleet built in a
//! province with several coasts needs the coast. Removals not ordered are chosen by
//! the civil-disorder rule: farthest first (distance in moves through any
//! province, land or sea, to the nearest owned centre — 2023 — or home centre — 1992),
//! fleets before armies at equal distance, then by province name alphabetically.

use super::{Note, OrderResult, Position, ResultKind};
use crate::engine::map::{Coast, PowerId, Prov, ProvinceKind, Unit, UnitType, Variant};
use crate::engine::order::{Order, UnitSpec};
use crate::engine::rules::{CivilDisorder, Rulebook};

/// Home centres where `power` could build now.
pub fn free_homes<'a>(v: &'a Variant, pos: &'a Position, power: PowerId) -> impl Iterator<Item = Prov> + 'a {
    v.powers[power as usize].home.iter().copied().filter(move |&h| pos.centers[h as usize] == Some(power) && pos.unit_at(h).is_none())
}

pub fn adjudicate(v: &Variant, rules: &Rulebook, pos: &Position, orders: &[(PowerId, Order)]) -> (Vec<OrderResult>, Vec<Unit>) {
    let np = v.powers.len();
    let mut owed: Vec<i64> = (0..np).map(|p| pos.center_count(p as PowerId) as i64 - pos.unit_count(p as PowerId) as i64).collect();
    let mut units: Vec<Unit> = pos.units.clone();
    let mut removed = vec![false; units.len()];
    let mut built_in: Vec<Prov> = Vec::new();
    let mut results = Vec::new();
    for (power, order) in orders {
        let p = *power as usize;
        let mut order = *order;
        let (result, note) = match &mut order {
            Order::Waive => {
                if owed[p] > 0 {
                    owed[p] -= 1;
                    (ResultKind::Ok, None)
                } else {
                    (ResultKind::Void, Some(Note::BuildNotOwed))
                }
            }
            Order::Build(spec) => match check_build(v, pos, *power, spec, &built_in, owed[p]) {
                Ok(unit) => {
                    owed[p] -= 1;
                    built_in.push(unit.loc.prov);
                    units.push(unit);
                    (ResultKind::Ok, None)
                }
                Err(n) => (ResultKind::Void, Some(n)),
            },
            Order::Disband(spec) => match pos.units.iter().position(|u| u.loc.prov == spec.loc.prov) {
                None => (ResultKind::Void, Some(Note::NoSuchUnit)),
                Some(i) if pos.units[i].power != *power => (ResultKind::Void, Some(Note::NotYourUnit)),
                Some(i) if spec.kind.is_some_and(|t| t != pos.units[i].kind) => (ResultKind::Void, Some(Note::WrongUnitType)),
                Some(i) if removed[i] || owed[p] >= 0 => (ResultKind::Void, Some(Note::RemoveNotOwed)),
                Some(i) => {
                    spec.kind = Some(pos.units[i].kind);
                    removed[i] = true;
                    owed[p] += 1;
                    (ResultKind::Ok, None)
                }
            },
            _ => (ResultKind::Void, Some(Note::WrongPhase)),
        };
        results.push(OrderResult { power: *power, order, result, note, defaulted: false });
    }
    #[allow(clippy::needless_range_loop, reason = "p is both the index and the power")]
    for p in 0..np {
        let power = p as PowerId;
        while owed[p] > 0 {
            owed[p] -= 1;
            results.push(OrderResult { power, order: Order::Waive, result: ResultKind::Ok, note: Some(Note::DefaultWaive), defaulted: true });
        }
        if owed[p] < 0 {
            let targets: Vec<Prov> = match rules.civil_disorder {
                CivilDisorder::Owned2023 => (0..v.provinces.len() as Prov).filter(|&c| pos.centers[c as usize] == Some(power)).collect(),
                CivilDisorder::Home1992 => v.powers[p].home.clone(),
            };
            let mut cands: Vec<(u32, bool, &str, usize)> = (0..pos.units.len())
                .filter(|&i| pos.units[i].power == power && !removed[i])
                .map(|i| {
                    let u = &pos.units[i];
                    let dist = v.distance_to_any(u.loc.prov, &targets).unwrap_or(u32::MAX);
                    (dist, u.kind == UnitType::Fleet, v.province(u.loc.prov).name.as_str(), i)
                })
                .collect();
            cands.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)));
            for &(_, _, _, i) in cands.iter().take((-owed[p]) as usize) {
                removed[i] = true;
                let u = pos.units[i];
                results.push(OrderResult {
                    power,
                    order: Order::Disband(UnitSpec::new(Some(u.kind), u.loc)),
                    result: ResultKind::Ok,
                    note: Some(Note::CivilDisorder),
                    defaulted: true,
                });
            }
        }
    }
    let mut out: Vec<Unit> = Vec::with_capacity(units.len());
    for (i, u) in units.into_iter().enumerate() {
        if i < removed.len() && removed[i] {
            continue;
        }
        out.push(u);
    }
    (results, out)
}

fn check_build(v: &Variant, pos: &Position, power: PowerId, spec: &mut UnitSpec, built_in: &[Prov], owed: i64) -> Result<Unit, Note> {
    let p = spec.loc.prov;
    if owed <= 0 {
        return Err(Note::BuildNotOwed);
    }
    if !v.powers[power as usize].home.contains(&p) {
        return Err(Note::BuildNotHome);
    }
    if pos.centers[p as usize] != Some(power) {
        return Err(Note::BuildNotOwned);
    }
    if pos.unit_at(p).is_some() || built_in.contains(&p) {
        return Err(Note::BuildOccupied);
    }
    let kind = match spec.kind {
        Some(k) => k,
        None => match v.kind(p) {
            ProvinceKind::Land => UnitType::Army,
            ProvinceKind::Sea => UnitType::Fleet,
            _ if spec.loc.coast != Coast::None => UnitType::Fleet,
            _ => return Err(Note::BuildNeedsType),
        },
    };
    spec.kind = Some(kind);
    let mut loc = spec.loc;
    if kind == UnitType::Army {
        loc.coast = Coast::None;
    } else if v.has_coasts(p) && loc.coast == Coast::None {
        return Err(Note::BuildNeedsCoast);
    }
    if !v.valid_location(kind, loc) {
        return Err(Note::BuildBadType);
    }
    Ok(Unit { power, kind, loc })
}
