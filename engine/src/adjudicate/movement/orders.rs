//! Orders read against the board: which unit each order is for, and
//! whether a move or a support can be made at all (void otherwise).

use super::ix::chain;
use super::{OrderIx, Resolver, Scratch, Status, UnitIx, filled, stack_unit};
use crate::adjudicate::Note;
use crate::map::{Loc, PowerId, Prov, ProvinceKind, Unit, UnitType, Variant};
use crate::order::Order;
use crate::rules::Rulebook;

/// The orders matched to the units they are for.
pub(super) struct Assignment<'o> {
    pub orders: &'o [(PowerId, Order)],
    /// For each unit, the order it was given (`None`: none).
    pub assigned: Vec<Option<OrderIx>>,
    /// Units given several orders (all of them void).
    pub several: Vec<bool>,
    /// For each order, why it is void before anything is resolved.
    pub pre: Vec<Option<Note>>,
    /// For each order, the unit it is for (`None`: none).
    pub order_unit: Vec<Option<UnitIx>>,
}

impl<'o> Assignment<'o> {
    /// Matches each order to its unit (`occ`/`next`: see `super::occupants`).
    pub fn new(units: &[Unit], occ: &[Option<UnitIx>], next: &[Option<UnitIx>], stacks: bool, orders: &'o [(PowerId, Order)], sc: &mut Scratch) -> Self {
        let n = units.len();
        let mut a = Assignment {
            orders,
            assigned: filled(std::mem::take(&mut sc.assigned), n, None),
            several: filled(std::mem::take(&mut sc.several), n, false),
            pre: filled(std::mem::take(&mut sc.pre), orders.len(), None),
            order_unit: filled(std::mem::take(&mut sc.order_unit), orders.len(), None),
        };
        for (k, (power, order)) in orders.iter().enumerate() {
            let spec = match order {
                Order::Hold(_) | Order::Move { .. } | Order::Support { .. } | Order::Convoy { .. } => order.unit().copied().expect("unit order"),
                _ => {
                    a.pre[k] = Some(Note::WrongPhase);
                    continue;
                }
            };
            if stacks {
                // orders to a stack go to its units in the order written; more
                // orders than units of that type there: all of them void (D5)
                match stack_unit(units, (occ, next), &a.assigned, &mut a.several, *power, spec) {
                    Err(note) => a.pre[k] = Some(note),
                    Ok((u, false)) => {
                        a.order_unit[k] = Some(u);
                        a.assigned[u.ix()] = Some(OrderIx::new(k));
                    }
                    Ok((u, true)) => a.order_unit[k] = Some(u),
                }
                continue;
            }
            match single_unit(units, occ, *power, spec) {
                Err(note) => a.pre[k] = Some(note),
                Ok(u) => {
                    a.order_unit[k] = Some(u);
                    if a.assigned[u.ix()].is_some() {
                        a.several[u.ix()] = true;
                    }
                    a.assigned[u.ix()] = Some(OrderIx::new(k));
                }
            }
        }
        for k in 0..orders.len() {
            if a.order_unit[k].is_some_and(|u| a.several[u.ix()]) {
                a.pre[k] = Some(Note::SeveralOrders);
            }
        }
        a
    }

    /// The one order unit `u` was given, if it was given exactly one.
    #[inline]
    pub fn order_of(&self, u: usize) -> Option<&'o Order> {
        match self.assigned[u] {
            Some(k) if !self.several[u] => Some(&self.orders[k.ix()].1),
            _ => None,
        }
    }

    /// Gives the arrays back to the scratch space.
    pub fn keep(self, sc: &mut Scratch) {
        (sc.assigned, sc.several, sc.pre, sc.order_unit) = (self.assigned, self.several, self.pre, self.order_unit);
    }
}

/// The unit an order for `spec` by `power` goes to on a map of one unit a space.
fn single_unit(units: &[Unit], occ: &[Option<UnitIx>], power: PowerId, spec: crate::order::UnitSpec) -> Result<UnitIx, Note> {
    let Some(u) = occ[spec.loc.prov as usize] else {
        return Err(Note::NoSuchUnit);
    };
    let unit = &units[u.ix()];
    if unit.power != power {
        return Err(Note::NotYourUnit);
    }
    if spec.kind.is_some_and(|t| t != unit.kind) {
        return Err(Note::WrongUnitType);
    }
    Ok(u)
}

/// own province, of a unit of its own stack (`mates`: other units stand in the supporter's
/// space on a map with stacks; not an A/F, whose fleet supports its army's
/// landing, 1885 E10), or into a province the supporter could not move to
/// itself. A support of a unit that is not there is none of these: it is a
/// valid order that fails (see `check_support`).
pub(crate) fn impossible_support(v: &Variant, rules: &Rulebook, unit: &Unit, target: Prov, dest: Option<Prov>, mates: bool) -> Option<Note> {
    let own = target == unit.loc.prov;
    let into = dest.unwrap_or(target);
    if let Some(n) = crate::adjudicate::terrain::support_note(v, rules, unit, into) {
        Some(n)
    } else if own && mates && !v.features.army_fleet {
        // no support between units of one stack, not even of a move out (D4)
        Some(Note::StackMate)
    } else if own && dest.is_none() {
        Some(Note::SupportSelf)
    } else if into == unit.loc.prov {
        Some(Note::SupportOwnProvince)
    } else if !v.can_reach(unit.kind, unit.loc, into) {
        Some(Note::SupportUnreachable)
    } else {
        None
    }
}

/// Where a move by `unit` to `dest` goes (the coast filled in where only
/// one can be reached), and whether it can only go by convoy (an army to a
/// coast it is not next to); or why the move is void whatever else is
/// ordered. The one test of a move's legality: the resolver and
/// [`crate::check`] both use it.
pub(crate) fn move_target(v: &Variant, rules: &Rulebook, unit: &Unit, dest: Loc) -> Result<(Loc, bool), Note> {
    if dest.prov == unit.loc.prov {
        return Err(Note::ToOwnProvince);
    }
    crate::adjudicate::terrain::move_note(rules, unit, dest.prov)?;
    if rules.barred(v, unit.power, unit.loc.prov, dest.prov) {
        return Err(Note::OwnerOnly);
    }
    // -- closed provinces (Rulebook::closed; the two-player game's neutral territory)
    if rules.is_closed(dest.prov) {
        return Err(Note::Closed);
    }
    // -- end closed provinces
    let kind = v.kind(dest.prov);
    match unit.kind {
        UnitType::Army => {
            if matches!(kind, ProvinceKind::Sea | ProvinceKind::Impassable) {
                return Err(Note::CannotEnter);
            }
            let mut by_convoy = false;
            if !v.army_adjacent(unit.loc.prov, dest.prov) {
                if v.kind(unit.loc.prov) != ProvinceKind::Coast || kind != ProvinceKind::Coast || !v.features.convoys {
                    return Err(Note::NotAdjacent);
                }
                by_convoy = true;
            }
            Ok((Loc::new(dest.prov), by_convoy))
        }
        UnitType::Fleet => {
            if matches!(kind, ProvinceKind::Land | ProvinceKind::Impassable) {
                return Err(Note::CannotEnter);
            }
            let target = if dest.coast != crate::map::Coast::None || !v.has_coasts(dest.prov) {
                if !v.fleet_adjacent(unit.loc, dest) {
                    return Err(if v.fleet_reaches(unit.loc, dest.prov) { Note::CoastUnreachable } else { Note::NotAdjacent });
                }
                dest
            } else {
                let mut it = v.reachable_coasts(unit.loc, dest.prov);
                match (it.next(), it.next()) {
                    (None, _) => return Err(Note::NotAdjacent),
                    (Some(l), None) => l,
                    (Some(_), Some(_)) => return Err(Note::CoastNeeded),
                }
            };
            Ok((target, false))
        }
    }
}

impl Resolver<'_> {
    /// Reads the moves: where each goes, or why it is void.
    pub(super) fn read_moves(&mut self, a: &Assignment, wants_convoy: &mut [bool], via: &mut [bool], ordered_move: &mut [bool]) {
        for u in 0..self.n {
            let Some(Order::Move { dest, via: v_, .. }) = a.order_of(u) else { continue };
            ordered_move[u] = true;
            if self.landing(u) {
                // checked by the layer; a landing goes by its fleet, as a
                // convoyed army does: never head to head
                self.status[u] = Status::Move;
                self.dest[u] = dest.prov;
                self.dest_loc[u] = Loc::new(dest.prov);
                self.convoyed[u] = true;
                continue;
            }
            self.status[u] = self.check_move(u, *dest, &mut wants_convoy[u]);
            via[u] = *v_ && self.units[u].kind == UnitType::Army;
            if via[u] && !self.v.features.convoys {
                // asks for a convoy on a map that has none (Original 1958, D13)
                self.status[u] = Status::Void(Note::NoConvoys);
            }
        }
    }

    /// Reads the supports: whom each supports into where, or why it is void.
    pub(super) fn read_supports(&mut self, a: &Assignment) {
        for u in 0..self.n {
            let Some(Order::Support { target, dest, .. }) = a.order_of(u) else { continue };
            self.status[u] =
                self.check_support(u, target.loc.prov, *target, dest.map(|d| d.prov), dest.map(|d| d.coast).unwrap_or_default(), &|m| a.order_of(m));
        }
    }

    /// The lists of supports given to each unit and of moves into each province.
    pub(super) fn link_lists(&mut self) {
        for u in (0..self.n).rev() {
            match self.status[u] {
                Status::Support => {
                    let t = self.sup_target[u].expect("a valid support has its unit").ix();
                    self.sup_next[u] = self.sup_first[t];
                    self.sup_first[t] = Some(UnitIx::new(u));
                }
                Status::Move => {
                    let d = self.dest[u] as usize;
                    self.into_next[u] = self.into_first[d];
                    self.into_first[d] = Some(UnitIx::new(u));
                }
                _ => {}
            }
        }
    }

    pub(super) fn check_move(&mut self, u: usize, dest: Loc, wants_convoy: &mut bool) -> Status {
        let unit = self.units[u];
        match move_target(self.v, &self.closed, &unit, dest) {
            Ok((to, convoy)) => {
                self.dest[u] = to.prov;
                self.dest_loc[u] = to;
                *wants_convoy = convoy;
                Status::Move
            }
            Err(note) => {
                if note == Note::NotAdjacent && unit.kind == UnitType::Army {
                    // an army's destination is known even where it cannot get there
                    self.dest[u] = dest.prov;
                    self.dest_loc[u] = Loc::new(dest.prov);
                }
                Status::Void(note)
            }
        }
    }

    pub(super) fn check_support<'o>(
        &mut self,
        u: usize,
        target: Prov,
        target_spec: crate::order::UnitSpec,
        dest: Option<Prov>,
        dest_coast: crate::map::Coast,
        order_of: &dyn Fn(usize) -> Option<&'o Order>,
    ) -> Status {
        let unit = self.units[u];
        let t = self.occ[target as usize];
        if self.v.features.army_fleet {
            // the High Ocean Box (E16): from it, only for a fleet of it moving
            // out to a sea space; into it, none (no one is dislodged there)
            let in_box = self.v.is_ocean_box(unit.loc.prov);
            let out_of_box = self.v.is_ocean_box(target) && dest.is_some_and(|d| self.v.kind(d) == ProvinceKind::Sea && !self.v.is_ocean_box(d));
            if (in_box && (target != unit.loc.prov || !out_of_box)) || (self.v.is_ocean_box(target) && !out_of_box) {
                return Status::Void(Note::BoxSupport);
            }
        }
        let mates = self.stacks && t.is_some_and(|t| self.next[t.ix()].is_some());
        if let Some(n) = impossible_support(self.v, &self.closed, &unit, target, dest, mates) {
            return Status::Void(n);
        }
        let Some(first) = t else {
            return Status::Void(Note::NothingToSupport);
        };
        let mut t = first.ix();
        if self.stacks && dest.is_none() && target != unit.loc.prov {
            // a hold support of a stack supports the whole stack (the first
            // unit listed stands for it), valid if one of its units stays (D3)
            if chain(Some(first), &self.next).all(|m| matches!(self.status[m.ix()], Status::Move | Status::NoConvoy)) {
                return Status::Void(Note::SupportOfMovingUnit);
            }
            self.sup_target[u] = Some(first);
            self.sup_into[u] = target;
            return Status::Support;
        }
        if self.stacks
            && let Some(d) = dest
        {
            // the unit of the stack (of the type named, on the coast named if
            // one moving from it is there) making that move
            let makes = |r: &Self, m: UnitIx, exact: bool| {
                let x = &r.units[m.ix()];
                target_spec.kind.is_none_or(|k| k == x.kind)
                    && (!exact || x.loc == target_spec.loc)
                    && matches!(order_of(m.ix()), Some(Order::Move { dest: md, .. }) if md.prov == d)
                    && !matches!(r.status[m.ix()], Status::Void(_))
            };
            // where several units of the stack make it (fleets of several
            // powers in the High Ocean Box moving to one sea), the support
            // goes to the supporter's own power's unit, else to the first
            // power's in the map's order: never to whichever was listed first
            let supporter = unit.power;
            let in_box = self.v.is_ocean_box(target);
            for exact in [true, false] {
                let mut best: Option<UnitIx> = None;
                for m in chain(Some(first), &self.next) {
                    if makes(self, m, exact) {
                        let key = |i: UnitIx| {
                            let x = &self.units[i.ix()];
                            (x.power != supporter, x.power, *x)
                        };
                        // elsewhere (a 1958 stack) the first of the stack, as written
                        if best.is_none_or(|b| in_box && key(m) < key(b)) {
                            best = Some(m);
                        }
                    }
                }
                if let Some(m) = best {
                    t = m.ix();
                    break;
                }
            }
        }
        match dest {
            None => {
                if matches!(self.status[t], Status::Move | Status::NoConvoy) {
                    return Status::Void(Note::SupportOfMovingUnit);
                }
                self.sup_target[u] = Some(UnitIx::new(t));
                self.sup_into[u] = target;
                Status::Support
            }
            Some(d) => {
                let matches = matches!(order_of(t), Some(Order::Move { dest: md, .. }) if md.prov == d) && !matches!(self.status[t], Status::Void(_));
                // a coast named in the support must be the one the fleet moves to
                let coast_ok = dest_coast == crate::map::Coast::None || self.units[t].kind == UnitType::Army || self.dest_loc[t].coast == dest_coast;
                if !matches || !coast_ok {
                    return Status::Void(Note::SupportMismatch);
                }
                self.sup_target[u] = Some(UnitIx::new(t));
                self.sup_into[u] = d;
                Status::Support
            }
        }
    }
}
