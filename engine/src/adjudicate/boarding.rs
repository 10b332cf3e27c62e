//! Original 1958 boarding in movement phases (docs/ORIGINAL1958.md D2, D7-D10):
//! armies on board fleets, boarding orders, landings.
//!
//! Kept off the standard path: the movement resolver sees only the units not
//! on board, boarding orders as holds and moves (its `board` list marks the
//! boarding moves, which are no attacks), and orders naming a carried army
//! as naming its fleet; the pairs are put together again afterwards.

use super::movement::{Extra, Movement, Partner, UnitIx, core};
use super::{Dislodged, Note, ResultKind};
use crate::map::{Loc, PowerId, ProvinceKind, Unit, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use crate::rules::Rulebook;

/// A boarding order as read against the board.
struct Boarding {
    /// Index of the order.
    k: usize,
    /// The unit (index among the units not on board).
    u: usize,
    /// The boarding province.
    prov: crate::map::Prov,
    moving: bool,
    /// The power the partner must belong to.
    partner_power: PowerId,
    void: Option<Note>,
    /// The partner's index among the boarding orders.
    partner: Option<usize>,
    /// Matched, but the pair may not form (one pair a space).
    unpaired: bool,
}

/// The units the resolver sees on a boarding map: those not on board,
/// carrying fleets first in their space (they take the first fleet order
/// there, D5); and the army each of them carries.
pub(crate) fn free_units(units: &[Unit]) -> (Vec<Unit>, Vec<Option<Unit>>) {
    let aboard: Vec<Unit> = units.iter().filter(|u| u.aboard).copied().collect();
    let carries = |f: &Unit| f.kind == UnitType::Fleet && aboard.iter().any(|a| a.loc.prov == f.loc.prov);
    let mut free: Vec<Unit> = units.iter().filter(|u| !u.aboard).copied().collect();
    free.sort_by_key(|f| !carries(f));
    let mut carried: Vec<Option<Unit>> = vec![None; free.len()];
    for a in &aboard {
        if let Some(f) = (0..free.len()).find(|&f| free[f].kind == UnitType::Fleet && free[f].loc.prov == a.loc.prov && carried[f].is_none()) {
            carried[f] = Some(*a);
        }
    }
    (free, carried)
}

/// Why a boarding order of `unit` (`carrying`: a fleet with an army on
/// board) to board in `prov` is void whatever else is ordered (D7).
pub(crate) fn board_void(v: &Variant, unit: &Unit, carrying: bool, prov: crate::map::Prov) -> Option<Note> {
    if v.kind(prov) != ProvinceKind::Coast {
        Some(Note::CannotEnter)
    } else if unit.kind == UnitType::Fleet && carrying {
        Some(Note::BoardCarrying)
    } else {
        None
    }
}

pub(crate) fn movement(v: &Variant, rules: &Rulebook, units: &[Unit], centers: &[Option<PowerId>], orders: &[(PowerId, Order)]) -> Movement {
    let (free, carried) = free_units(units);
    let boards = read_boardings(v, units, &free, &carried, orders);
    // the orders as the resolver reads them
    let mut board = vec![None; free.len()];
    let mut core_orders: Vec<(PowerId, Order)> = orders.to_vec();
    for (k, (_, order)) in core_orders.iter_mut().enumerate() {
        let Order::Board { unit, dest, .. } = *order else { continue };
        let b = boards.iter().find(|b| b.k == k);
        *order = match (dest, b) {
            (Some(d), Some(b)) if b.void.is_none() => {
                board[b.u] = Some(b.partner.map_or(Partner::Unmatched, |j| Partner::Unit(UnitIx::new(boards[j].u))));
                Order::Move { unit, dest: d, via: false }
            }
            // no such unit: the resolver says so
            (Some(d), None) => Order::Move { unit, dest: d, via: false },
            _ => Order::Hold(unit),
        };
    }
    // supports naming a carried army support its fleet (D8)
    for (_, order) in core_orders.iter_mut() {
        if let Order::Support { target, .. } = order
            && target.kind != Some(UnitType::Fleet)
            && !free.iter().any(|f| f.kind == UnitType::Army && f.loc.prov == target.loc.prov)
            && let Some(f) = (0..free.len()).find(|&f| carried[f].is_some_and(|a| a.loc.prov == target.loc.prov))
        {
            *target = UnitSpec { kind: Some(UnitType::Fleet), loc: free[f].loc, power: target.power };
        }
    }

    let (mut m, fates) = core(v, rules, &free, centers, &core_orders, Extra { board, ..Extra::default() });

    let boarded = boarding_results(&mut m, orders, &boards, &free, &fates);
    let (after, dislodged) = board_after(v, &mut m, units, &boards, &boarded, &free, &carried, &fates);
    m.units = after;
    m.dislodged = dislodged;
    m
}

/// The boarding orders read against the board: what they ask, whether
/// possible, their partners (D7), one carrying pair a space (D7.5).
fn read_boardings(v: &Variant, units: &[Unit], free: &[Unit], carried: &[Option<Unit>], orders: &[(PowerId, Order)]) -> Vec<Boarding> {
    let aboard: Vec<Unit> = units.iter().filter(|u| u.aboard).copied().collect();
    // which unit each order goes to, as the resolver hands them out (D5)
    let mut taken = vec![false; free.len()];
    let mut order_unit: Vec<Option<usize>> = vec![None; orders.len()];
    for (k, (power, order)) in orders.iter().enumerate() {
        let Some(spec) = order.unit() else { continue };
        if let Some(u) =
            (0..free.len()).find(|&u| !taken[u] && free[u].power == *power && free[u].loc.prov == spec.loc.prov && spec.kind.is_none_or(|t| t == free[u].kind))
        {
            taken[u] = true;
            order_unit[k] = Some(u);
        }
    }

    // boarding orders: what they ask, whether possible, their partners (D7)
    let mut boards: Vec<Boarding> = Vec::new();
    for (k, (power, order)) in orders.iter().enumerate() {
        let Order::Board { unit, dest, partner, .. } = order else { continue };
        let Some(u) = order_unit[k] else {
            continue; // the resolver voids it (no such unit)
        };
        let prov = dest.map(|d| d.prov).unwrap_or(unit.loc.prov);
        let void = board_void(v, &free[u], carried[u].is_some(), prov);
        boards.push(Boarding { k, u, prov, moving: dest.is_some(), partner_power: partner.unwrap_or(*power), void, partner: None, unpaired: false });
    }
    for i in 0..boards.len() {
        if boards[i].void.is_some() {
            continue;
        }
        let fits = |a: &Boarding, b: &Boarding| {
            let (ua, ub) = (&free[a.u], &free[b.u]);
            b.void.is_none()
                && ua.kind != ub.kind
                && a.prov == b.prov
                && a.partner_power == ub.power
                && b.partner_power == ua.power
                && (a.moving || b.moving || ua.loc.prov == ub.loc.prov)
        };
        let mut cands = (0..boards.len()).filter(|&j| fits(&boards[i], &boards[j]));
        if let (Some(j), None) = (cands.next(), cands.next()) {
            let mut back = (0..boards.len()).filter(|&x| fits(&boards[j], &boards[x]));
            if let (Some(x), None) = (back.next(), back.next())
                && x == i
            {
                boards[i].partner = Some(j);
            }
        }
    }

    // one carrying pair a space (D7.5): a pair boarding without moving beside
    // a pair already there, or two pairs boarding in one space, fail
    for i in 0..boards.len() {
        let Some(j) = boards[i].partner else { continue };
        let bp = boards[i].prov;
        let beside = !boards[i].moving && !boards[j].moving && aboard.iter().any(|a| a.loc.prov == bp);
        let twice = (0..boards.len()).any(|x| x != i && x != j && boards[x].partner.is_some() && boards[x].prov == bp);
        if beside || twice {
            boards[i].unpaired = true;
        }
    }
    for b in boards.iter_mut() {
        if b.unpaired {
            b.partner = None;
        }
    }
    boards
}

/// The results of the orders as written, boarding orders' by whether their
/// pair boarded; returns which boarding orders did.
fn boarding_results(m: &mut Movement, orders: &[(PowerId, Order)], boards: &[Boarding], free: &[Unit], fates: &[Option<Loc>]) -> Vec<bool> {
    // results: the orders as written
    for (k, (_, order)) in orders.iter().enumerate() {
        let kind = m.results[k].order.unit().and_then(|s| s.kind);
        let mut o = *order;
        if let Some(spec) = o.unit_mut() {
            spec.kind = spec.kind.or(kind);
        }
        m.results[k].order = o;
    }
    // which pairs board
    let stays = |b: &Boarding| fates[b.u].is_some_and(|l| l.prov == free[b.u].loc.prov);
    let arrives = |b: &Boarding| fates[b.u].is_some_and(|l| l.prov == b.prov);
    let mut boarded = vec![false; boards.len()];
    for (i, b) in boards.iter().enumerate() {
        let Some(j) = b.partner else { continue };
        let ok = |x: &Boarding| if x.moving { m.results[x.k].result == ResultKind::Ok && arrives(x) } else { stays(x) };
        boarded[i] = b.void.is_none() && ok(b) && ok(&boards[j]);
    }
    for (i, b) in boards.iter().enumerate() {
        let r = &mut m.results[b.k];
        if let Some(note) = b.void {
            r.result = ResultKind::Void;
            r.note = Some(note);
            r.by = None;
        } else if boarded[i] {
            r.result = ResultKind::Ok;
            r.note = None;
            r.by = None;
        } else if r.result != ResultKind::Dislodged && r.result != ResultKind::Void {
            r.result = ResultKind::Bounce;
            if b.partner.is_none() {
                // failed for want of a partner, not because of another unit
                r.note = Some(if b.unpaired { Note::BoardOnePair } else { Note::BoardNoPartner });
                r.by = None;
            }
        }
    }
    boarded
}

/// The board afterwards, and the dislodged units (a carried army shares its
/// dislodged fleet's fate, D10).
#[allow(clippy::too_many_arguments)]
fn board_after(
    v: &Variant,
    m: &mut Movement,
    units: &[Unit],
    boards: &[Boarding],
    boarded: &[bool],
    free: &[Unit],
    carried: &[Option<Unit>],
    fates: &[Option<Loc>],
) -> (Vec<Unit>, Vec<Dislodged>) {
    // the board afterwards
    let mut after: Vec<Unit> = Vec::with_capacity(units.len());
    let mut boarded_army = vec![false; free.len()];
    for (i, b) in boards.iter().enumerate() {
        if boarded[i] && free[b.u].kind == UnitType::Army {
            boarded_army[b.u] = true;
            after.push(Unit { loc: Loc::new(b.prov), aboard: true, ..free[b.u] });
        }
    }
    let entered = |p: crate::map::Prov| (0..free.len()).any(|x| free[x].loc.prov != p && fates[x].is_some_and(|l| l.prov == p));
    let mut held_back: Vec<crate::map::Prov> = Vec::new();
    for (u, unit) in free.iter().enumerate() {
        let Some(l) = fates[u] else { continue };
        if boarded_army[u] {
            continue;
        }
        let mut unit = Unit { loc: l, ..*unit };
        if let Some(a) = carried[u] {
            let from = free[u].loc;
            if l.prov != from.prov && v.kind(l.prov) == ProvinceKind::Coast {
                // a landing: the army goes ashore and the fleet back, unless
                // its space was entered (D9)
                if entered(from.prov) {
                    after.push(Unit { loc: Loc::new(l.prov), ..a });
                } else {
                    after.push(Unit { loc: Loc::new(l.prov), aboard: false, ..a });
                    unit.loc = from;
                    held_back.push(from.prov);
                }
            } else {
                after.push(Unit { loc: Loc::new(l.prov), ..a });
            }
        }
        after.push(unit);
    }
    // a carried army shares its dislodged fleet's fate (D10)
    let mut dislodged: Vec<Dislodged> = Vec::with_capacity(m.dislodged.len());
    for mut d in m.dislodged.drain(..) {
        d.options.retain(|l| !held_back.contains(&l.prov));
        let army = (0..free.len()).find(|&f| fates[f].is_none() && free[f] == d.unit).and_then(|f| carried[f]);
        dislodged.push(d.clone());
        if let Some(a) = army {
            dislodged.push(Dislodged { unit: a, ..d });
        }
    }
    (after, dislodged)
}
