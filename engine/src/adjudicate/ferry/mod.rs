//! 1885-III movement (docs/RULES1885.md E7-E12, E16): A/F units, Fast
//! Ferries and the High Ocean Box, as a layer over the movement resolver.
//!
//! - Embarkations come first and cannot fail: the army is on board before
//!   the moves are resolved, and its province is empty.
//! - A carried army that lands is a unit of the resolver, in its fleet's
//!   space, with a move that goes like a convoyed army's (never head to
//!   head): from its own space ([`Landing::Here`]; if it fails while its fleet
//!   moved, the phase is resolved again with that fleet holding, E10) or
//!   from its fleet's destination (E11: resolved first without the
//!   landing; the landing is kept only if the A/F's move still succeeds
//!   with it). A carried army that does not land is left out of the
//!   resolver and goes wherever its fleet goes.
//! - A move into an ocean box cannot fail: the unit is left out of the
//!   resolver (its space is empty) and ends in the box.
//! - A Fast Ferry is a convoy by one fleet that touches both ends; an army
//!   whose ferried move fails while its fleet stays ends on board (E7).

//!
//! Files: [`prepare`] reads the orders against the board (embarkations,
//! fleets' moves, moves into the Box, landings, ferries); this one runs the
//! resolver (again where a landing fails, E10, E11) and puts the outcome
//! together, with the 1885 retreat options (`retreat_options`).

mod prepare;

pub(crate) use prepare::{Prep, prepare};

use super::movement::{Extra, Landing, Movement, UnitIx, core};
use super::{Dislodged, Note, OrderResult, ResultKind};
use crate::map::{Loc, PowerId, Prov, ProvinceKind, Unit, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use crate::rules::Rulebook;

/// Where a carried army lands from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum From {
    Here,
    /// From the destination of its fleet's move.
    Dest,
}

/// What the layer decided about one order before the resolver runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Pre {
    /// Passed on to the resolver as it is.
    Core,
    /// Void, with why.
    Void(Note),
    /// An embarkation that took place (`land`: its landing, if any).
    Embarked,
    /// A fleet's consent to take on another power's army: a hold.
    Consent,
    /// A carried army's order to stay on board.
    Stays,
    /// A carried army's landing.
    Landing,
    /// A move into an ocean box: it succeeds.
    IntoBox,
}

/// The 1885 layer over one movement phase: the orders read ([`Prep`]), and
/// what the reruns of the resolver found.
struct Layer<'a> {
    v: &'a Variant,
    rules: &'a Rulebook,
    units: &'a [Unit],
    centers: &'a [Option<PowerId>],
    p: Prep,
    /// Fleets whose move is turned into a hold because their army's landing
    /// from their space failed (E10).
    held: Vec<usize>,
    /// Landings from a destination left out because they would decide
    /// their A/F's own move (E11).
    circular: Vec<usize>,
}

/// One run of the resolver: its outcome, where each of its units ends
/// (`None`: dislodged), and which of the layer's units it saw (`idx`).
type Run = (Movement, Vec<Option<Loc>>, Vec<usize>);

pub(crate) fn movement(v: &Variant, rules: &Rulebook, units: &[Unit], centers: &[Option<PowerId>], orders: &[(PowerId, Order)]) -> Movement {
    let p = prepare(v, units, orders);
    let mut layer = Layer { v, rules, units, centers, p, held: Vec::new(), circular: Vec::new() };
    let (mut m, fates, idx) = layer.settle();
    let (after, gone) = layer.board_after(&mut m, &fates, &idx);
    let dislodged = layer.dislodged(&mut m, &fates, &idx, &after, &gone);
    let mut results = layer.results(&mut m, &fates, &idx, &gone);
    // the resolver's own default holds, for units it saw
    results.extend(m.results.drain(layer.p.orders.len()..));
    m.results = results;
    m.units = after;
    m.dislodged = dislodged;
    m
}

impl Layer<'_> {
    /// Whether a support of a move to `d` naming `target` is for army `a`'s
    /// landing: named by the army's space, its fleet's destination or the
    /// province it embarked from.
    fn names_landing(&self, a: usize, target: &UnitSpec, d: Loc) -> bool {
        let Prep { pos, carrier, fleet_dest, land, .. } = &self.p;
        land[a].is_some_and(|l| l.0.prov == d.prov)
            && (target.loc.prov == pos[a].loc.prov
                || target.loc.prov == self.units[a].loc.prov
                || carrier[a].is_some_and(|f| fleet_dest[f].is_some_and(|fd| fd.prov == target.loc.prov)))
    }

    /// Runs the resolver. `with`: the landings from a destination taken
    /// into account; `held`: fleets whose move is turned into a hold.
    fn run(&self, with: &[usize], held: &[usize]) -> Run {
        let n = self.p.pos.len();
        let Prep { orders, pos, carrier, order_unit, pre, into_box, land, .. } = &self.p;
        let v = self.v;
        // the resolver's units: every unit not on board and not moving into
        // the Box, and the landing armies
        let mut idx: Vec<usize> = Vec::new();
        for u in 0..n {
            let lands = land[u].is_some_and(|l| l.1 == From::Here || with.contains(&u));
            if (!pos[u].aboard && !into_box[u]) || (pos[u].aboard && lands) {
                idx.push(u);
            }
        }
        let core_units: Vec<Unit> = idx.iter().map(|&u| Unit { aboard: false, ..pos[u] }).collect();
        let at = |u: usize| idx.iter().position(|&x| x == u);
        let mut ex = Extra { land: vec![None; idx.len()], ..Extra::default() };
        for (i, &u) in idx.iter().enumerate() {
            if let Some((_, from, _)) = land[u] {
                let f = carrier[u].expect("a carried army has its fleet");
                ex.land[i] = match from {
                    From::Here if into_box[f] => Some(Landing::Away),
                    From::Here => Some(Landing::Here),
                    From::Dest => at(f).map(|fi| Landing::FromFleet(UnitIx::new(fi))),
                };
            }
        }
        // the orders as the resolver reads them (one entry per order, so
        // results line up; those it must not see become orders for no unit)
        let mut core_orders: Vec<(PowerId, Order)> = Vec::with_capacity(orders.len());
        for (k, (p, o)) in orders.iter().enumerate() {
            let o = match pre[k] {
                Pre::Core if order_unit[k].is_some_and(|u| held.contains(&u)) => Order::Hold(*o.unit().expect("unit order")),
                Pre::Core => *o,
                Pre::Consent => Order::Hold(*o.unit().expect("unit order")),
                Pre::Landing | Pre::Embarked if order_unit[k].is_some_and(|a| land[a].is_some_and(|l| l.1 == From::Here || with.contains(&a))) => {
                    let a = order_unit[k].expect("checked above");
                    Order::Move { unit: UnitSpec { kind: Some(UnitType::Army), loc: pos[a].loc, power: None }, dest: land[a].expect("landing").0, via: false }
                }
                // a void order of a unit the resolver sees still keeps it
                // from a default hold of its own
                Pre::Void(_) if order_unit[k].is_some_and(|u| idx.contains(&u)) => {
                    let u = order_unit[k].expect("checked above");
                    Order::Hold(UnitSpec { kind: Some(pos[u].kind), loc: pos[u].loc, power: None })
                }
                _ => Order::Waive,
            };
            core_orders.push((*p, o));
        }
        // supports that name a landing army
        for (_, o) in core_orders.iter_mut() {
            if let Order::Support { target, dest: Some(d), .. } = o
                && let Some(&a) = idx.iter().find(|&&a| self.names_landing(a, target, *d))
            {
                *target = UnitSpec { kind: Some(UnitType::Army), loc: pos[a].loc, power: target.power };
            }
        }
        let (m, fates) = core(v, self.rules, &core_units, self.centers, &core_orders, ex);
        (m, fates, idx)
    }

    /// In a resolver run's outcome: whether fleet `f` left its space.
    fn moved(&self, fates: &[Option<Loc>], idx: &[usize], f: usize) -> bool {
        idx.iter().position(|&x| x == f).is_some_and(|i| fates[i].is_some_and(|l| l.prov != self.p.pos[f].loc.prov))
    }

    /// In a resolver run's outcome: whether army `a` landed.
    fn landed_in(&self, fates: &[Option<Loc>], idx: &[usize], a: usize) -> bool {
        idx.iter().position(|&x| x == a).is_some_and(|i| fates[i].is_some_and(|l| self.p.land[a].is_some_and(|t| t.0.prov == l.prov)))
    }

    /// The resolver run whose landings hold (E10, E11), found by reruns.
    fn settle(&mut self) -> Run {
        let n = self.p.pos.len();
        let Prep { carrier, into_box, land, .. } = &self.p;
        // the landings from a destination the A/F reaches (E11), kept while
        // they do not decide that move
        let all_candidates: Vec<usize> = (0..self.p.pos.len()).filter(|&a| self.p.land[a].is_some_and(|l| l.1 == From::Dest)).collect();
        loop {
            // E11: without the landings from a destination, which A/F moves succeed?
            let (first, first_fates, first_idx) = self.run(&[], &self.held);
            // an A/F that does not get there keeps its army on board
            let carried_by = |a: usize| carrier[a].expect("a landing army has its fleet");
            let mut candidates: Vec<usize> = all_candidates.iter().copied().filter(|&a| self.moved(&first_fates, &first_idx, carried_by(a))).collect();
            self.circular.clear();
            let mut result = (first, first_fates, first_idx);
            while !candidates.is_empty() {
                let (m, fates, idx) = self.run(&candidates, &self.held);
                let bad: Vec<usize> = candidates.iter().copied().filter(|&a| !self.moved(&fates, &idx, carried_by(a))).collect();
                if bad.is_empty() {
                    result = (m, fates, idx);
                    break;
                }
                self.circular.extend(bad.iter().copied());
                candidates.retain(|a| !bad.contains(a));
            }
            let (_, fates, idx) = &result;
            let stranded: Vec<usize> = (0..n)
                .filter(|&a| land[a].is_some_and(|l| l.1 == From::Here) && !self.landed_in(fates, idx, a))
                .filter_map(|a| carrier[a])
                .filter(|&f| !into_box[f] && self.moved(fates, idx, f))
                .collect();
            if stranded.is_empty() {
                break result;
            }
            self.held.extend(stranded);
        }
    }

    /// The board afterwards (and which units are dislodged, `gone`): carried
    /// armies go with their fleets; a ferried army that could not land
    /// stays on board (E7).
    fn board_after(&self, m: &mut Movement, fates: &[Option<Loc>], idx: &[usize]) -> (Vec<Unit>, Vec<bool>) {
        let Prep { orders, pos, carrier, carrying, order_unit, pre, fleet_dest, into_box, land, .. } = &self.p;
        let v = self.v;
        let n = self.p.pos.len();
        let at = |u: usize| idx.iter().position(|&x| x == u);
        let landed = |a: usize| self.landed_in(fates, idx, a);
        // ---- the board afterwards
        let mut after: Vec<Unit> = Vec::with_capacity(n);
        let mut gone = vec![false; n]; // dislodged
        // where each fleet ends (None: dislodged)
        let end = |u: usize| -> Option<Loc> {
            if into_box[u] {
                return fleet_dest[u];
            }
            at(u).and_then(|i| fates[i])
        };
        for u in 0..n {
            if pos[u].aboard {
                continue;
            }
            match end(u) {
                Some(l) => after.push(Unit { loc: l, ..pos[u] }),
                None => gone[u] = true,
            }
        }
        let mut ferried: Vec<(usize, usize)> = Vec::new(); // (army, fleet): E7
        for a in 0..n {
            if !pos[a].aboard {
                continue;
            }
            if landed(a) {
                after.push(Unit { loc: land[a].expect("landed").0, aboard: false, ..pos[a] });
                continue;
            }
            let Some(f) = carrier[a] else {
                after.push(pos[a]);
                continue;
            };
            match end(f) {
                Some(l) if v.kind(l.prov) == ProvinceKind::Sea => after.push(Unit { loc: Loc::new(l.prov), aboard: true, ..pos[a] }),
                Some(_) => {}
                None => gone[a] = true,
            }
        }
        // a ferried army that could not land stays on board its fleet (E7)
        for (k, (_, o)) in orders.iter().enumerate() {
            let (Order::Convoy { army, dest, .. }, Pre::Core) = (o, pre[k]) else { continue };
            if m.results[k].result != ResultKind::Ok {
                continue;
            }
            let f = order_unit[k].expect("a convoy passed on to the resolver has its fleet");
            let Some(a) = (0..n).find(|&a| !pos[a].aboard && pos[a].kind == UnitType::Army && pos[a].loc.prov == army.loc.prov) else { continue };
            let bounced = orders.iter().enumerate().position(|(j, (_, ao))| {
                order_unit[j] == Some(a) && matches!(ao, Order::Move { dest: d, .. } if d.prov == dest.prov) && m.results[j].result == ResultKind::Bounce
            });
            let stays = end(f).is_some_and(|l| l.prov == pos[f].loc.prov) && end(a).is_some_and(|l| l.prov == pos[a].loc.prov);
            if let Some(j) = bounced
                && stays
                && !carrying[f]
                && !ferried.iter().any(|&(_, g)| g == f)
                && !ferried.iter().any(|&(b, _)| b == a)
            {
                ferried.push((a, f));
                // the results say the army went on board (E7)
                m.results[j].note = Some(Note::FerryAboard);
            }
        }
        for &(a, f) in &ferried {
            if let Some(x) = after.iter_mut().find(|x| **x == pos[a]) {
                *x = Unit { loc: Loc::new(pos[f].loc.prov), aboard: true, ..pos[a] };
            }
        }

        (after, gone)
    }

    /// The dislodged units: carried armies share their fleet's fate (E12).
    fn dislodged(&self, m: &mut Movement, fates: &[Option<Loc>], idx: &[usize], after: &[Unit], gone: &[bool]) -> Vec<Dislodged> {
        let n = self.p.pos.len();
        let Prep { pos, carrier, .. } = &self.p;
        let v = self.v;
        // ---- dislodged units: carried armies share their fleet's fate (E12)
        let mut dislodged: Vec<Dislodged> = Vec::with_capacity(m.dislodged.len());
        for d in m.dislodged.drain(..) {
            let Some(&u) = idx.iter().enumerate().find(|&(i, &u)| fates[i].is_none() && Unit { aboard: false, ..pos[u] } == d.unit).map(|(_, u)| u) else {
                continue;
            };
            if pos[u].aboard {
                continue; // listed with its fleet
            }
            let mut d = d;
            retreat_options(v, &mut d, after, pos[u]);
            dislodged.push(d.clone());
            if let Some(a) = (0..n).find(|&a| carrier[a] == Some(u) && gone[a]) {
                dislodged.push(Dislodged { unit: pos[a], ..d });
            }
        }

        // a support of a move the resolver did not see as written: a landing
        dislodged
    }

    /// The results, for the orders as written.
    fn results(&self, m: &mut Movement, fates: &[Option<Loc>], idx: &[usize], gone: &[bool]) -> Vec<OrderResult> {
        let n = self.p.pos.len();
        let held = &self.held;
        let circular = &self.circular;
        let Prep { orders, pos, carrier, order_unit, pre, embark_to, fleet_dest, land, .. } = &self.p;
        let units = self.units;
        let at = |u: usize| idx.iter().position(|&x| x == u);
        let landed = |a: usize| self.landed_in(fates, idx, a);
        // left out, or the move of a fleet held for its army's failed landing
        let supports_unrun_move = |o: &Order| {
            let Order::Support { target, dest: Some(d), .. } = o else { return false };
            (0..n).any(|a| at(a).is_none() && self.names_landing(a, target, *d))
                || held.iter().any(|&f| pos[f].loc.prov == target.loc.prov && fleet_dest[f].is_some_and(|fd| fd.prov == d.prov))
        };
        // ---- results, for the orders as written
        let mut results: Vec<OrderResult> = Vec::with_capacity(m.results.len());
        for (k, (power, order)) in orders.iter().enumerate() {
            let mut r = m.results[k].clone();
            r.power = *power;
            r.order = *order;
            if let (Some(spec), Some(u)) = (r.order.unit_mut(), order_unit[k]) {
                spec.kind = Some(units[u].kind);
            }
            let set = |r: &mut OrderResult, kind: ResultKind, note: Option<Note>| {
                r.result = kind;
                r.note = note;
                r.by = None;
            };
            match (pre[k], order_unit[k]) {
                // a support of a landing that was left out (its A/F did not
                // get there, or E11) was given: it just had nothing to help
                (Pre::Core, _) if r.result == ResultKind::Void && r.note == Some(Note::SupportMismatch) && supports_unrun_move(order) => {
                    set(&mut r, ResultKind::Ok, None)
                }
                (Pre::Core, _) => {}
                (Pre::Void(note), _) => set(&mut r, ResultKind::Void, Some(note)),
                (Pre::IntoBox, _) => set(&mut r, ResultKind::Ok, None),
                (Pre::Consent | Pre::Stays | Pre::Embarked | Pre::Landing, None) => unreachable!("the layer decides only about orders matched to a unit"),
                (Pre::Consent, Some(u)) => {
                    let used = (0..orders.len()).any(|j| pre[j] == Pre::Embarked && embark_to[j] == Some(u));
                    if gone[u] {
                        set(&mut r, ResultKind::Dislodged, None);
                    } else if !used {
                        set(&mut r, ResultKind::Bounce, Some(Note::BoardNoPartner));
                    } else {
                        set(&mut r, ResultKind::Ok, None);
                    }
                }
                (Pre::Stays, Some(u)) => set(&mut r, if gone[u] { ResultKind::Dislodged } else { ResultKind::Ok }, None),
                (Pre::Embarked | Pre::Landing, Some(u)) => {
                    let wants_land = land[u].is_some() || matches!(order, Order::Board { land: Some(_), .. });
                    if !wants_land {
                        set(&mut r, if gone[u] { ResultKind::Dislodged } else { ResultKind::Ok }, None);
                    } else if landed(u) {
                        r.note = None;
                        r.result = ResultKind::Ok;
                    } else if gone[u] {
                        set(&mut r, ResultKind::Dislodged, None);
                    } else if circular.contains(&u) {
                        set(&mut r, ResultKind::Bounce, Some(Note::LandingCircular));
                    } else if land[u].is_none() {
                        set(&mut r, ResultKind::Bounce, Some(Note::LandingNotAdjacent));
                    } else if at(u).is_none() || r.result == ResultKind::Disrupted {
                        // from a destination the A/F did not reach
                        set(&mut r, ResultKind::Bounce, Some(Note::LandingFleetStopped));
                    } else {
                        r.result = ResultKind::Bounce;
                    }
                }
            }
            // a fleet whose army's landing from its space failed stays (E10)
            let unit = order_unit[k];
            if pre[k] == Pre::Core && matches!(order, Order::Move { .. }) && unit.is_some_and(|u| held.contains(&u) && !gone[u]) {
                set(&mut r, ResultKind::Bounce, Some(Note::LandingFailed));
            } else if pre[k] == Pre::Core
                && r.result == ResultKind::Bounce
                && matches!(order, Order::Move { .. })
                && unit.is_some()
                && (0..n).any(|a| carrier[a] == unit && land[a].is_some_and(|l| l.1 == From::Here) && !landed(a))
            {
                r.note = Some(Note::LandingFailed);
                r.by = None;
            }
            results.push(r);
        }
        // the resolver's own default holds, for units it saw
        results
    }
}

/// A dislodged unit's retreat options on the 1885 map: a fleet may also
/// retreat into an adjacent ocean box (any number), and an army onto its
/// power's fleet (not an A/F) in an adjacent sea space (E12); never back
/// where the attack came from.
fn retreat_options(v: &Variant, d: &mut Dislodged, after: &[Unit], unit: Unit) {
    let from = d.attacker_from;
    let mut extra: Vec<Loc> = Vec::new();
    match unit.kind {
        UnitType::Fleet => {
            for l in v.fleet_neighbours(unit.loc) {
                if v.is_ocean_box(l.prov) && Some(l.prov) != from {
                    extra.push(Loc::new(l.prov));
                }
            }
        }
        UnitType::Army => {
            for l in v.fleet_neighbours_of_province(unit.loc.prov) {
                let p: Prov = l.prov;
                let fleet = after.iter().any(|x| x.kind == UnitType::Fleet && x.power == unit.power && x.loc.prov == p);
                let carried = after.iter().any(|x| x.aboard && x.loc.prov == p);
                if v.kind(p) == ProvinceKind::Sea && !v.is_ocean_box(p) && fleet && !carried && Some(p) != from {
                    extra.push(Loc::new(p));
                }
            }
        }
    }
    for l in extra {
        if !d.options.contains(&l) {
            d.options.push(l);
        }
    }
    d.options.sort();
}
