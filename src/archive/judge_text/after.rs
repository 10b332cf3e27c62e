//! The board after a turn as its record says, unit by unit: the units of an
//! Original 1958 stack (several in one space) each go their own way, an
//! army boards, lands or goes with its fleet.

use super::lines::Turn;
use crate::adjudicate::{Position, ResultKind};
use crate::map::{Loc, PowerId, ProvinceKind, Unit, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use crate::phase::PhaseKind;

/// The board after `t`: successful moves made, the dislodged taken off,
/// retreats, builds and removals made, the owners of the ownership block.
pub(super) fn apply(v: &Variant, pos: &Position, t: &Turn) -> Position {
    let mut next = pos.clone();
    next.dislodged.clear();
    match t.phase.kind {
        PhaseKind::Movement => {
            next.units = moved(v, pos, t);
            next.dislodged = t.dislodged.clone();
        }
        PhaseKind::Retreat => retreated(pos, t, &mut next.units),
        PhaseKind::Adjustment => {
            for r in t.orders.iter().filter(|r| r.result == ResultKind::Ok) {
                match &r.order {
                    Order::Build(u) => next.units.push(Unit { power: r.power, kind: u.kind.unwrap_or(UnitType::Army), loc: u.loc, aboard: false }),
                    Order::Disband(u) => remove(v, &mut next.units, r.power, u),
                    _ => {}
                }
            }
        }
    }
    if let Some(o) = &t.ownership {
        for (i, c) in next.centers.iter_mut().enumerate() {
            *c = o.get(i).copied().flatten();
        }
    }
    next
}

/// The units after a movement turn. A movement turn's board lists its order
/// lines' units first, in order (a unit a line), then the armies on board:
/// the line of unit `i` is the `i`-th line with a unit. An army on board
/// goes with the first fleet of its space (its carrier, which takes the
/// first fleet order there): along to sea, ashore when the fleet's move into
/// a coastal province succeeds (the fleet back where it came from, unless a
/// unit moved in there: then the pair stays on the coast), off the board
/// when the fleet is dislodged (the dislodged block lists it).
fn moved(v: &Variant, pos: &Position, t: &Turn) -> Vec<Unit> {
    let mut line_of = vec![None; pos.units.len()];
    let mut n = 0;
    for (k, r) in t.orders.iter().enumerate() {
        if r.order.unit().is_some() && n < pos.units.len() {
            line_of[n] = Some(k);
            n += 1;
        }
    }
    let ok = |k: usize| t.orders[k].result == ResultKind::Ok && !t.orders[k].dislodged;
    let dest = |k: usize| match t.orders[k].order {
        Order::Move { dest, .. } | Order::Board { dest: Some(dest), .. } if ok(k) => Some(dest),
        _ => None,
    };
    let entered: Vec<_> = line_of.iter().flatten().filter_map(|&k| dest(k)).map(|l| l.prov).collect();
    let in_block = |u: &Unit| t.dislodged.iter().any(|d| d.unit.aboard == u.aboard && d.unit.loc.prov == u.loc.prov && (!u.aboard || d.unit.power == u.power));
    let mut carried = vec![false; pos.units.len()];
    let mut out = Vec::with_capacity(pos.units.len());
    for (i, u) in pos.units.iter().enumerate().filter(|(_, u)| !u.aboard) {
        let to = line_of[i].and_then(dest);
        if line_of[i].is_some_and(|k| t.orders[k].dislodged) || to.is_none() && in_block(u) {
            continue;
        }
        let boards = line_of[i].is_some_and(|k| ok(k) && matches!(t.orders[k].order, Order::Board { .. })) && u.kind == UnitType::Army;
        let first_fleet =
            u.kind == UnitType::Fleet && pos.units.iter().position(|x| !x.aboard && x.kind == UnitType::Fleet && x.loc.prov == u.loc.prov) == Some(i);
        let army = (0..pos.units.len()).find(|&a| first_fleet && pos.units[a].aboard && pos.units[a].loc.prov == u.loc.prov);
        if let Some(a) = army {
            carried[a] = true;
        }
        let Some(d) = to else {
            out.push(Unit { aboard: boards, loc: if boards { Loc::new(u.loc.prov) } else { u.loc }, ..*u });
            out.extend(army.map(|a| pos.units[a]));
            continue;
        };
        match army {
            Some(a) if v.kind(d.prov) == ProvinceKind::Coast && !entered.contains(&u.loc.prov) => {
                out.push(*u);
                out.push(Unit { loc: Loc::new(d.prov), aboard: false, ..pos.units[a] });
            }
            Some(a) => {
                out.push(Unit { loc: d, ..*u });
                out.push(Unit { loc: Loc::new(d.prov), ..pos.units[a] });
            }
            None if boards => out.push(Unit { loc: Loc::new(d.prov), aboard: true, ..*u }),
            None => out.push(Unit { loc: d, ..*u }),
        }
    }
    // an army on board whose carrier the turn does not list stays as it was
    out.extend(pos.units.iter().enumerate().filter(|&(a, u)| u.aboard && !carried[a] && !in_block(u)).map(|(_, u)| *u));
    out
}

/// Retreats made, each retreat line taking the next dislodged unit of its
/// type in its space; an army on board a fleet that retreats goes with it.
fn retreated(pos: &Position, t: &Turn, units: &mut Vec<Unit>) {
    let mut used = vec![false; pos.dislodged.len()];
    for r in &t.orders {
        let Some(spec) = r.order.unit() else { continue };
        let Some(i) = (0..pos.dislodged.len()).find(|&i| {
            let d = &pos.dislodged[i].unit;
            !used[i] && !d.aboard && d.loc.prov == spec.loc.prov && spec.kind.is_none_or(|k| k == d.kind)
        }) else {
            continue;
        };
        used[i] = true;
        let (Order::Retreat { dest, .. }, ResultKind::Ok) = (r.order, r.result) else { continue };
        let fleet = pos.dislodged[i].unit;
        units.push(Unit { loc: dest, ..fleet });
        if fleet.kind == UnitType::Fleet
            && let Some(a) = pos.dislodged.iter().find(|x| x.unit.aboard && x.unit.loc.prov == fleet.loc.prov)
        {
            units.push(Unit { loc: Loc::new(dest.prov), ..a.unit });
        }
    }
}

/// A removal: of the units in the space, the first of the power's of the
/// type written, a free one before an army on board (as the engine takes
/// it). A fleet removed at sea takes the army on board with it; on a coast
/// it puts the army ashore.
fn remove(v: &Variant, units: &mut Vec<Unit>, power: PowerId, spec: &UnitSpec) {
    let Some(i) = (0..units.len())
        .filter(|&i| units[i].loc.prov == spec.loc.prov)
        .min_by_key(|&i| (units[i].power != power, spec.kind.is_some_and(|k| k != units[i].kind), units[i].aboard))
    else {
        return;
    };
    let gone = units.remove(i);
    if gone.kind != UnitType::Fleet || gone.aboard {
        return;
    }
    if let Some(a) = units.iter().position(|u| u.aboard && u.loc.prov == gone.loc.prov) {
        if v.kind(gone.loc.prov) == ProvinceKind::Sea {
            units.remove(a);
        } else {
            units[a].aboard = false;
        }
    }
}
