//! 1885-III orders read against the board before the resolver runs
//! (docs/RULES1885.md E7-E12, E16): what is void, or decided, already.

use super::{From, Pre};
use crate::adjudicate::Note;
use crate::map::{Loc, PowerId, ProvinceKind, Unit, UnitType, Variant};
use crate::order::{Order, UnitSpec};

/// What the layer reads from the orders before the resolver runs: the
/// orders (with the type a sea space implies), the units (embarked armies
/// on board), each army's carrier, the unit each order is for, what the
/// layer made of each order ([`Pre`]), embarkations, fleets' moves, moves
/// into the Box and the carried armies' landings.
pub(crate) struct Prep {
    pub orders: Vec<(PowerId, Order)>,
    pub pos: Vec<Unit>,
    /// The fleet carrying each army on board (`None`: none).
    pub carrier: Vec<Option<usize>>,
    pub carrying: Vec<bool>,
    /// The unit each order is for (`None`: none).
    pub order_unit: Vec<Option<usize>>,
    pub pre: Vec<Pre>,
    /// For each embarkation that takes place, the fleet boarded.
    pub embark_to: Vec<Option<usize>>,
    pub fleet_dest: Vec<Option<Loc>>,
    pub into_box: Vec<bool>,
    pub land: Vec<Option<(Loc, From, usize)>>,
}

/// Reads the orders against the board (see [`Prep`]): what is void, or
/// decided, before the resolver runs. The adjudicator and
/// [`crate::check`] both use it.
pub(crate) fn prepare(v: &Variant, units: &[Unit], orders: &[(PowerId, Order)]) -> Prep {
    // orders with the type a sea space implies
    let mut orders: Vec<(PowerId, Order)> = orders.to_vec();
    for (_, o) in orders.iter_mut() {
        if let Some(s) = o.unit_mut()
            && s.kind.is_none()
            && v.kind(s.loc.prov) == ProvinceKind::Sea
        {
            s.kind = Some(UnitType::Fleet);
        }
    }
    let pos: Vec<Unit> = units.to_vec();
    let n = pos.len();
    let (carrier, carrying) = carriers(&pos);
    // which unit each order is for (one order a unit; the resolver sorts
    // out stacks in the Box, where no army lands)
    let unit_of = |pos: &[Unit], power: PowerId, spec: &UnitSpec| -> Option<usize> {
        (0..pos.len()).find(|&u| {
            let x = &pos[u];
            x.power == power
                && x.loc.prov == spec.loc.prov
                && spec.kind.is_none_or(|k| k == x.kind)
                && (x.kind == UnitType::Fleet || x.aboard == (v.kind(x.loc.prov) == ProvinceKind::Sea))
        })
    };
    let order_unit: Vec<Option<usize>> = orders.iter().map(|(p, o)| o.unit().and_then(|s| unit_of(&pos, *p, s))).collect();
    let k = orders.len();
    let mut p = Prep {
        orders,
        pos,
        carrier,
        carrying,
        order_unit,
        pre: vec![Pre::Core; k],
        embark_to: vec![None; k],
        fleet_dest: vec![None; n],
        into_box: vec![false; n],
        land: vec![None; n],
    };
    p.embark(v);
    p.fleet_moves(v);
    p.landings(v);
    p.ferries(v);
    p.box_supports(v);
    p
}

/// The fleet carrying each army on board, and whether each fleet carries one.
fn carriers(pos: &[Unit]) -> (Vec<Option<usize>>, Vec<bool>) {
    let n = pos.len();
    let mut carrier: Vec<Option<usize>> = vec![None; n];
    let mut carrying = vec![false; n];
    for a in 0..n {
        if !pos[a].aboard {
            continue;
        }
        let here = |f: usize| pos[f].kind == UnitType::Fleet && !pos[f].aboard && pos[f].loc.prov == pos[a].loc.prov && !carrying[f];
        let f = (0..n).find(|&f| here(f) && pos[f].power == pos[a].power).or_else(|| (0..n).find(|&f| here(f)));
        if let Some(f) = f {
            carrier[a] = Some(f);
            carrying[f] = true;
        }
    }
    (carrier, carrying)
}

impl Prep {
    /// Embarkations (E8): they take place before the moves, and cannot fail.
    fn embark(&mut self, v: &Variant) {
        let Prep { orders, pos, carrier, carrying, order_unit, pre, embark_to, .. } = self;
        let n = pos.len();
        let ordered = |order_unit: &[Option<usize>], u: usize| (0..orders.len()).filter(|&k| order_unit[k] == Some(u)).count();
        // ---- embarkations (E8)
        for (k, (power, order)) in orders.iter().enumerate() {
            let Order::Board { dest, partner, .. } = *order else { continue };
            let Some(u) = order_unit[k] else {
                continue; // the resolver says why (no such unit, or not yours)
            };
            let x = pos[u];
            match (x.kind, dest) {
                (UnitType::Fleet, None) if partner.is_some_and(|p| p != *power) => pre[k] = Pre::Consent,
                (UnitType::Fleet, _) => pre[k] = Pre::Void(Note::WrongUnitType),
                (UnitType::Army, None) => pre[k] = Pre::Void(Note::EmbarkNoFleet),
                (UnitType::Army, Some(sea)) => {
                    if x.aboard {
                        pre[k] = Pre::Void(Note::CarriedArmy);
                    } else if v.kind(sea.prov) != ProvinceKind::Sea || v.is_ocean_box(sea.prov) {
                        pre[k] = Pre::Void(Note::CannotEnter);
                    } else if !v.fleet_neighbours_of_province(x.loc.prov).any(|l| l.prov == sea.prov) {
                        pre[k] = Pre::Void(Note::NotAdjacent);
                    } else {
                        let with = partner.unwrap_or(*power);
                        let agrees = |f: usize| {
                            with == *power
                                || orders.iter().enumerate().any(|(j, (q, o))| {
                                    *q == with && order_unit[j] == Some(f) && matches!(o, Order::Board { dest: None, partner: Some(p), .. } if *p == *power)
                                })
                        };
                        match (0..n).find(|&f| pos[f].kind == UnitType::Fleet && pos[f].loc.prov == sea.prov && pos[f].power == with) {
                            Some(f) if !carrying[f] && agrees(f) => embark_to[k] = Some(f),
                            Some(f) if carrying[f] => pre[k] = Pre::Void(Note::EmbarkOneArmy),
                            _ => pre[k] = Pre::Void(Note::EmbarkNoFleet),
                        }
                    }
                }
            }
        }
        for k in 0..orders.len() {
            let (Some(f), Some(u)) = (embark_to[k], order_unit[k]) else { continue };
            if ordered(order_unit, u) > 1 {
                // the core voids every order of a unit given several
                embark_to[k] = None;
                continue;
            }
            if (0..orders.len()).any(|j| j != k && embark_to[j] == Some(f)) {
                pre[k] = Pre::Void(Note::EmbarkOneArmy);
            } else {
                pre[k] = Pre::Embarked;
            }
        }
        for k in 0..orders.len() {
            if let (Pre::Embarked, Some(a), Some(f)) = (pre[k], order_unit[k], embark_to[k]) {
                pos[a] = Unit { loc: Loc::new(pos[f].loc.prov), aboard: true, ..pos[a] };
                carrier[a] = Some(f);
                carrying[f] = true;
            } else {
                embark_to[k] = None;
            }
        }
    }

    /// Each fleet's move (its one order), and the moves into the Box.
    fn fleet_moves(&mut self, v: &Variant) {
        let Prep { orders, pos, carrying, order_unit, pre, fleet_dest, into_box, .. } = self;
        let ordered = |order_unit: &[Option<usize>], u: usize| (0..orders.len()).filter(|&k| order_unit[k] == Some(u)).count();
        let fleet_move = |k: usize| match orders[k].1 {
            Order::Move { dest, .. } => Some(dest),
            _ => None,
        };
        // ---- each fleet's move (its one order), and moves into the Box
        for k in 0..orders.len() {
            let Some(u) = order_unit[k] else { continue };
            if ordered(order_unit, u) > 1 || pos[u].aboard {
                continue;
            }
            if let Some(d) = fleet_move(k)
                && carrying[u]
                && v.kind(d.prov) != ProvinceKind::Sea
            {
                pre[k] = Pre::Void(Note::AfSeaOnly);
                continue;
            }
            if let Some(d) = fleet_move(k)
                && pos[u].kind == UnitType::Fleet
                && v.fleet_reaches(pos[u].loc, d.prov)
                && v.kind(d.prov) != ProvinceKind::Land
            {
                fleet_dest[u] = Some(d);
                if v.is_ocean_box(d.prov) && d.prov != pos[u].loc.prov {
                    pre[k] = Pre::IntoBox;
                    into_box[u] = true;
                }
            }
        }
    }

    /// What the carried armies do (E10): stay on board, or land from where.
    fn landings(&mut self, v: &Variant) {
        let Prep { orders, pos, carrier, order_unit, pre, fleet_dest, land, .. } = self;
        let ordered = |order_unit: &[Option<usize>], u: usize| (0..orders.len()).filter(|&k| order_unit[k] == Some(u)).count();
        // ---- what the carried armies do (E10)
        for k in 0..orders.len() {
            let Some(a) = order_unit[k] else { continue };
            if !pos[a].aboard || matches!(pre[k], Pre::Void(_)) {
                continue;
            }
            if ordered(order_unit, a) > 1 {
                pre[k] = Pre::Void(Note::SeveralOrders);
                continue;
            }
            let target = match orders[k].1 {
                Order::Board { land, .. } => land,
                Order::Move { dest, .. } => Some(dest),
                Order::Hold(_) => None,
                _ => {
                    pre[k] = Pre::Void(Note::CarriedArmy);
                    continue;
                }
            };
            let Some(c) = target else {
                if pre[k] == Pre::Core {
                    pre[k] = Pre::Stays;
                }
                continue;
            };
            let f = carrier[a];
            let s = pos[a].loc;
            let from = if v.kind(c.prov) != ProvinceKind::Coast {
                None
            } else if v.fleet_reaches(s, c.prov) {
                Some(From::Here)
            } else if f.is_some_and(|f| fleet_dest[f].is_some_and(|d| v.kind(d.prov) == ProvinceKind::Sea && v.fleet_reaches(d, c.prov))) {
                Some(From::Dest)
            } else {
                None
            };
            match from {
                Some(from) => {
                    land[a] = Some((Loc::new(c.prov), from, k));
                    if pre[k] == Pre::Core {
                        pre[k] = Pre::Landing;
                    }
                }
                None if pre[k] == Pre::Embarked => {} // on board; the landing is void (reported below)
                None => pre[k] = Pre::Void(Note::LandingNotAdjacent),
            }
        }
    }

    /// Ferries that are not one fleet across one sea, or by a carrying fleet, are void.
    fn ferries(&mut self, v: &Variant) {
        let Prep { orders, carrying, order_unit, pre, .. } = self;
        // ferries that are not one fleet across one sea, or by a carrying fleet
        let mut ferry_void: Vec<Option<Note>> = vec![None; orders.len()];
        for (k, (_, o)) in orders.iter().enumerate() {
            let Order::Convoy { unit, army, dest } = o else { continue };
            if pre[k] != Pre::Core {
                continue;
            }
            if order_unit[k].is_some_and(|f| carrying[f]) {
                ferry_void[k] = Some(Note::FerryCarrying);
            } else if !(v.fleet_reaches(Loc::new(unit.loc.prov), army.loc.prov) && v.fleet_reaches(Loc::new(unit.loc.prov), dest.prov)) {
                ferry_void[k] = Some(Note::FerryOneSea);
            }
        }
        for k in 0..orders.len() {
            if let Some(note) = ferry_void[k] {
                pre[k] = Pre::Void(note);
            }
        }
    }

    /// Supports into the Box, or of a unit going there, are void.
    fn box_supports(&mut self, v: &Variant) {
        let Prep { orders, pre, .. } = self;
        // supports into the Box, or of a unit going there
        for (k, (_, o)) in orders.iter().enumerate() {
            let Order::Support { target, dest, .. } = o else { continue };
            if pre[k] != Pre::Core {
                continue;
            }
            if dest.is_some_and(|d| v.is_ocean_box(d.prov)) {
                pre[k] = Pre::Void(Note::BoxSupport);
            } else if dest.is_none() && (0..orders.len()).any(|j| pre[j] == Pre::IntoBox && orders[j].1.unit().is_some_and(|s| s.loc.prov == target.loc.prov)) {
                pre[k] = Pre::Void(Note::SupportOfMovingUnit);
            }
        }
    }
}
