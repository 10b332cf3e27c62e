//! Retreat phases: ordered retreats, disbands, and the default for units
//! without an order (disband, or Just's Right-Hand Rule).
//!
//! Right-hand rule, as decided for mailjudge (see docs/RULES.md):
//! - the unit's neighbours are taken clockwise as drawn on the map; standing in the
//!   dislodged unit's province and facing the attack, "right" is clockwise;
//! - the preference order is first right, first left, second right, second left, ...;
//!   an attack by convoy from a province that is not adjacent is placed among the
//!   neighbours by its bearing on the map;
//! - ordered retreats are settled first (two or more to one space all fail, as in
//!   the standard rules) and the spaces they take are not available;
//! - then the unordered units choose together: each takes its best remaining space;
//!   where several pick the same space, that space is closed to all of them (as a
//!   standoff would be) and each goes on to its next choice; this repeats until no
//!   two units pick the same space. A unit is disbanded only when no space is left.
//!   The result does not depend on the order units are listed in.

use super::{Dislodged, Note, OrderResult, Position, ResultKind};
use crate::map::{Coast, Loc, PowerId, Prov, Stacking, Unit, Variant};
use crate::order::{Order, UnitSpec};
use crate::rules::{RetreatDefault, Rulebook};

pub fn adjudicate(v: &Variant, rules: &Rulebook, pos: &Position, orders: &[(PowerId, Order)]) -> (Vec<OrderResult>, Vec<Unit>) {
    if (v.features.boarding || v.features.army_fleet) && pos.dislodged.iter().any(|d| d.unit.aboard) {
        return with_carried(v, rules, pos, orders);
    }
    let d = &pos.dislodged;
    let rhr = rules.retreat_default == RetreatDefault::RightHand;
    let mut results = Vec::new();
    // per dislodged unit: index of its (single) valid order
    let mut chosen: Vec<Option<usize>> = vec![None; d.len()];
    let mut count = vec![0u32; d.len()];
    let mut pre: Vec<Option<Note>> = vec![None; orders.len()];
    let mut target: Vec<Option<usize>> = vec![None; orders.len()];
    let mut dest: Vec<Option<Loc>> = vec![None; orders.len()];
    for (k, (power, order)) in orders.iter().enumerate() {
        match read_order(v, rules, d, &mut count, *power, order) {
            Ok((i, to)) => {
                target[k] = Some(i);
                dest[k] = to;
            }
            Err((i, note)) => {
                target[k] = i;
                pre[k] = Some(note);
            }
        }
    }
    for k in 0..orders.len() {
        if let Some(i) = target[k] {
            if count[i] > 1 {
                pre[k] = Some(Note::SeveralOrders);
            } else if pre[k].is_none() {
                chosen[i] = Some(k);
            }
        }
    }
    // ordered retreats: two or more to one province all fail (but for a
    // strait's: see super::terrain::strait_retreats_lose)
    let mut taken: Vec<Prov> = Vec::new();
    let mut closed: Vec<Prov> = Vec::new();
    let lost = super::terrain::strait_retreats_lose(v, d, &target, &dest, &pre);
    for k in 0..orders.len() {
        if let (Some(l), None, false) = (dest[k], pre[k], lost[k]) {
            let n = (0..orders.len()).filter(|&j| pre[j].is_none() && !lost[j] && dest[j].is_some_and(|m| m.prov == l.prov)).count();
            // an ocean box takes any number (1885, E16)
            if n > 1 && !v.is_ocean_box(l.prov) {
                closed.push(l.prov);
            } else {
                taken.push(l.prov);
            }
        }
    }
    let mut units: Vec<Unit> = pos.units.clone();
    for (k, (power, order)) in orders.iter().enumerate() {
        let mut order = *order;
        if let (Some(i), Some(spec)) = (target[k], order.unit_mut()) {
            spec.kind = Some(d[i].unit.kind);
        }
        let mut by = None;
        let (result, note) = match (pre[k], dest[k]) {
            (Some(n), _) => (if target[k].is_some() && n == Note::RetreatNotAllowed && !rhr { ResultKind::Disband } else { ResultKind::Void }, Some(n)),
            (None, Some(l)) if closed.contains(&l.prov) || lost[k] => {
                // the referent: the first other unit (in the order the orders
                // were listed) retreating to the same space
                by = (0..orders.len())
                    .find(|&j| j != k && pre[j].is_none() && dest[j].is_some_and(|m| m.prov == l.prov))
                    .and_then(|j| target[j])
                    .map(|i| d[i].unit);
                (ResultKind::Disband, Some(Note::RetreatCollision))
            }
            (None, Some(l)) => {
                let i = target[k].expect("matched");
                units.push(Unit { loc: l, aboard: onto_fleet(v, &d[i].unit, l), ..d[i].unit });
                (ResultKind::Ok, None)
            }
            (None, None) => (ResultKind::Ok, None),
        };
        results.push(OrderResult { power: *power, order, result, note, defaulted: false, by });
    }
    // units without a valid order
    let unordered: Vec<usize> = (0..d.len()).filter(|&i| chosen[i].is_none()).collect();
    let picks: Vec<Option<Loc>> = if rhr { right_hand(v, d, &unordered, &taken, &closed) } else { vec![None; unordered.len()] };
    for (j, &i) in unordered.iter().enumerate() {
        let unit = d[i].unit;
        let spec = UnitSpec::new(Some(unit.kind), unit.loc);
        match picks[j] {
            Some(l) => {
                units.push(Unit { loc: l, aboard: onto_fleet(v, &unit, l), ..unit });
                results.push(OrderResult {
                    power: unit.power,
                    order: Order::Retreat { unit: spec, dest: l },
                    result: ResultKind::Ok,
                    note: Some(Note::DefaultRightHand),
                    defaulted: true,
                    by: None,
                });
            }
            None => results.push(OrderResult {
                power: unit.power,
                order: Order::Disband(spec),
                result: ResultKind::Disband,
                note: Some(Note::DefaultDisband),
                defaulted: true,
                by: None,
            }),
        }
    }
    (results, units)
}

/// The dislodged units that take orders: all but armies on board
/// dislodged fleets (D10), which go where their fleets go.
pub(crate) fn ordered_units(v: &Variant, pos: &Position) -> Vec<Dislodged> {
    let carried = v.features.boarding || v.features.army_fleet;
    pos.dislodged.iter().filter(|d| !(carried && d.unit.aboard)).cloned().collect()
}

/// One retreat-phase order read against the dislodged units `d`: the unit
/// it is for (its index) and where it goes (`None`: it disbands), or why it
/// is void with the unit it was for where one was found. `count`: how many
/// orders each unit has been given so far (a stack's units take theirs in
/// the order written, D11, D5); the unit found is counted. The one test of
/// a retreat or disband: the adjudicator and [`crate::check`] both
/// use it.
pub(crate) fn read_order(
    v: &Variant,
    rules: &Rulebook,
    d: &[Dislodged],
    count: &mut [u32],
    power: PowerId,
    order: &Order,
) -> Result<(usize, Option<Loc>), (Option<usize>, Note)> {
    let rhr = rules.retreat_default == RetreatDefault::RightHand;
    let stacks = v.features.stacking == Stacking::HomeBases || v.wide;
    let (spec, to) = match order {
        Order::Retreat { unit, dest } => (unit, Some(*dest)),
        Order::Disband(unit) => (unit, None),
        _ => return Err((None, Note::WrongPhase)),
    };
    let Some(mut i) = d.iter().position(|x| x.unit.loc.prov == spec.loc.prov) else {
        return Err((None, Note::NotDislodged));
    };
    if stacks {
        // units dislodged from one stack take their orders in the order
        // written; more orders than units: all of them void (D11, D5)
        let on_coast = d.iter().any(|x| x.unit.loc == spec.loc && x.unit.power == power && spec.loc.coast != Coast::None);
        let fits = |x: &Dislodged| {
            x.unit.loc.prov == spec.loc.prov && x.unit.power == power && spec.kind.is_none_or(|t| t == x.unit.kind) && (!on_coast || x.unit.loc == spec.loc)
        };
        if let Some(first) = d.iter().position(fits) {
            match (0..d.len()).find(|&j| fits(&d[j]) && count[j] == 0) {
                Some(j) => i = j,
                None => {
                    i = first;
                    for j in 0..d.len() {
                        if fits(&d[j]) {
                            count[j] += 1;
                        }
                    }
                }
            }
        } else if let Some(j) = d.iter().position(|x| x.unit.loc.prov == spec.loc.prov && x.unit.power == power) {
            i = j;
        }
    }
    if d[i].unit.power != power {
        return Err((None, Note::NotYourUnit));
    }
    if spec.kind.is_some_and(|t| t != d[i].unit.kind) {
        return Err((None, Note::WrongUnitType));
    }
    count[i] += 1;
    match to {
        None if rhr && !d[i].options.is_empty() => Err((Some(i), Note::DisbandNotAllowed)),
        None => Ok((i, None)),
        Some(to) => match option_for(&d[i], to) {
            Some(l) => Ok((i, Some(l))),
            None => Err((Some(i), Note::RetreatNotAllowed)),
        },
    }
}

/// Retreats with armies on board dislodged fleets (Original 1958, D10): the
/// armies take no orders and go where their fleets go; a fleet disbanded
/// takes its army with it.
#[cold]
fn with_carried(v: &Variant, rules: &Rulebook, pos: &Position, orders: &[(PowerId, Order)]) -> (Vec<OrderResult>, Vec<Unit>) {
    let mut p = pos.clone();
    let carried: Vec<Unit> = p.dislodged.iter().filter(|d| d.unit.aboard).map(|d| d.unit).collect();
    p.dislodged = ordered_units(v, pos);
    let (results, mut units) = adjudicate(v, rules, &p, orders);
    for a in carried {
        let to = results.iter().find_map(|r| match r.order {
            Order::Retreat { unit, dest } if r.result == ResultKind::Ok && unit.kind == Some(crate::map::UnitType::Fleet) && unit.loc.prov == a.loc.prov => {
                Some(dest)
            }
            _ => None,
        });
        match to {
            // an A/F that retreats to a coast becomes a fleet: its army is
            // disbanded (1885, E12)
            Some(l) if v.features.army_fleet && v.kind(l.prov) != crate::map::ProvinceKind::Sea => {}
            Some(l) => units.push(Unit { loc: Loc::new(l.prov), ..a }),
            None => {}
        }
    }
    (results, units)
}

/// Whether a retreat to `l` puts an army on board its power's fleet there
/// (1885, E12: a dislodged army may retreat onto a fleet at sea).
fn onto_fleet(v: &Variant, unit: &Unit, l: Loc) -> bool {
    v.features.army_fleet && unit.kind == crate::map::UnitType::Army && v.kind(l.prov) == crate::map::ProvinceKind::Sea
}

/// The listed retreat option a written destination means (a fleet's coast may be
/// left out when only one coast is open).
fn option_for(d: &Dislodged, to: Loc) -> Option<Loc> {
    let mut it = d
        .options
        .iter()
        .filter(|o| o.prov == to.prov && (to.coast == o.coast || to.coast == crate::map::Coast::None || d.unit.kind == crate::map::UnitType::Army));
    let first = *it.next()?;
    if it.next().is_some() {
        return None;
    }
    Some(first)
}

/// The right-hand rule's preference order for a unit dislodged in `at` by an
/// attack from `from`: first right (clockwise), first left, second right, ...
pub fn preference(v: &Variant, at: Prov, from: Prov) -> Vec<Prov> {
    let cw = &v.province(at).clockwise;
    let n = cw.len();
    if n == 0 {
        return Vec::new();
    }
    // position of the attack among the neighbours: right = index r, left = index l
    let (right, left) = match cw.iter().position(|&p| p == from) {
        Some(i) => ((i + 1) % n, (i + n - 1) % n),
        None => {
            // attack from afar (by convoy): place it by its bearing
            let b = bearing(v, at, from);
            let r = (0..n).min_by(|&x, &y| cw_gap(b, bearing(v, at, cw[x])).total_cmp(&cw_gap(b, bearing(v, at, cw[y])))).unwrap_or(0);
            (r, (r + n - 1) % n)
        }
    };
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        for p in [cw[(right + k) % n], cw[(left + n - k) % n]] {
            if p != from && !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

fn bearing(v: &Variant, from: Prov, to: Prov) -> f64 {
    match (v.province(from).pos, v.province(to).pos) {
        (Some((x0, y0)), Some((x1, y1))) => (y1 - y0).atan2(x1 - x0),
        _ => 0.0,
    }
}

/// Clockwise angle (screen coordinates, y down) from bearing `a` to bearing `b`, in (0, 2π].
fn cw_gap(a: f64, b: f64) -> f64 {
    let tau = std::f64::consts::TAU;
    let g = (b - a).rem_euclid(tau);
    if g == 0.0 { tau } else { g }
}

fn right_hand(v: &Variant, d: &[Dislodged], unordered: &[usize], taken: &[Prov], closed: &[Prov]) -> Vec<Option<Loc>> {
    let prefs: Vec<Vec<Loc>> = unordered
        .iter()
        .map(|&i| {
            let x = &d[i];
            let from = x.attacker_from.unwrap_or(x.unit.loc.prov);
            preference(v, x.unit.loc.prov, from).into_iter().filter_map(|p| x.options.iter().copied().find(|o| o.prov == p)).collect()
        })
        .collect();
    let mut blocked: Vec<Prov> = taken.iter().chain(closed).copied().collect();
    loop {
        let picks: Vec<Option<Loc>> = prefs.iter().map(|p| p.iter().copied().find(|l| !blocked.contains(&l.prov))).collect();
        let mut clash = false;
        for (a, pa) in picks.iter().enumerate() {
            let Some(la) = pa else { continue };
            if v.is_ocean_box(la.prov) {
                continue;
            }
            if picks.iter().enumerate().any(|(b, pb)| b != a && pb.is_some_and(|lb| lb.prov == la.prov)) {
                blocked.push(la.prov);
                clash = true;
            }
        }
        if !clash {
            return picks;
        }
    }
}
