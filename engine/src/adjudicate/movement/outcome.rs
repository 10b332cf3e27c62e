//! After every decision is resolved: who is dislodged and by whom, the board
//! afterwards, retreat options, and each order's result with its referent.

use super::orders::Assignment;
use super::{Movement, Resolver, Scratch, Status, UnitIx, filled};
use crate::adjudicate::{Dislodged, Note, OrderResult, ResultKind};
use crate::map::{Loc, Prov, Unit, UnitType};
use crate::order::Order;
use crate::rules::Paradox;

impl Resolver<'_> {
    /// The phase's outcome; with a layer over the resolver (boarding moves
    /// or landings), also where each unit ends (`None`: dislodged).
    pub(super) fn outcome(&mut self, a: &Assignment, sc: &mut Scratch) -> (Movement, Vec<Option<Loc>>) {
        let (n, np) = (self.n, self.v.provinces.len());
        let mut dislodged_by: Vec<Option<UnitIx>> = filled(std::mem::take(&mut sc.dislodged_by), n, None);
        self.dislodgers(&mut dislodged_by);
        let mut fates: Vec<Option<Loc>> = Vec::new();
        if !self.board.is_empty() || !self.land.is_empty() {
            fates = (0..n).map(|u| if dislodged_by[u].is_some() { None } else { Some(self.end_loc(u)) }).collect();
        }
        let mut after: Vec<Unit> = Vec::with_capacity(n);
        let mut occupied = filled(std::mem::take(&mut sc.occupied), np, false);
        for (u, unit) in self.units.iter().enumerate() {
            if dislodged_by[u].is_some() {
                continue;
            }
            let unit = Unit { loc: self.end_loc(u), ..*unit };
            if !self.ghost(u) {
                occupied[unit.loc.prov as usize] = true;
            }
            after.push(unit);
        }
        // provinces left empty by a standoff
        let mut contested = filled(std::mem::take(&mut sc.contested), np, false);
        for m in 0..n {
            if matches!(self.status[m], Status::Move) && !self.res[m] && self.prevents(m) {
                contested[self.dest[m] as usize] = true;
            }
        }
        let dislodged = self.retreats(&dislodged_by, &occupied, &contested);
        let results = self.results(a, &dislodged_by);
        (sc.dislodged_by, sc.occupied, sc.contested) = (dislodged_by, occupied, contested);
        (Movement { results, units: after, dislodged }, fates)
    }

    /// Where unit `u` is at the end if not dislodged.
    #[inline]
    pub(super) fn end_loc(&self, u: usize) -> Loc {
        if matches!(self.status[u], Status::Move) && self.res[u] { self.dest_loc[u] } else { self.units[u].loc }
    }

    /// For each unit dislodged, the move that dislodged it (`None` for the others).
    pub(super) fn dislodgers(&self, dislodged_by: &mut [Option<UnitIx>]) {
        for m in 0..self.n {
            if !(matches!(self.status[m], Status::Move) && self.res[m]) {
                continue;
            }
            let mut d = self.occ[self.dest[m] as usize];
            if self.stacks {
                // every unit still in the space falls with it (D3); own units
                // joined are not dislodged. Each unit of the stack is
                // dislodged by the same attacker; where several units of one
                // power enter together (D6, room), the one from the province
                // listed first on the map is named (they attack as one; the
                // choice must not depend on how the units are listed). The
                // retreat options leave out every attacker's origin (below).
                while let Some(du) = d
                    && !self.boarding(m)
                {
                    let du = du.ix();
                    if !(self.ghost(du) || (matches!(self.status[du], Status::Move) && self.res[du]))
                        && self.units[du].power != self.units[m].power
                        && dislodged_by[du].is_none_or(|by| self.units[m].loc.prov < self.units[by.ix()].loc.prov)
                    {
                        dislodged_by[du] = Some(UnitIx::new(m));
                    }
                    d = self.next[du];
                }
            } else if let Some(du) = d
                && !(matches!(self.status[du.ix()], Status::Move) && self.res[du.ix()])
            {
                dislodged_by[du.ix()] = Some(UnitIx::new(m));
            }
        }
    }

    /// The dislodged units with their retreat options: not an occupied
    /// space, not one left empty by a standoff, not where an attack came from.
    pub(super) fn retreats(&self, dislodged_by: &[Option<UnitIx>], occupied: &[bool], contested: &[bool]) -> Vec<Dislodged> {
        let mut dislodged = Vec::new();
        for (u, &m) in dislodged_by.iter().enumerate() {
            let Some(m) = m else { continue };
            let m = m.ix();
            let unit = self.units[u];
            let from = self.units[m].loc.prov;
            let mut options: Vec<Loc> = match unit.kind {
                UnitType::Army => self.v.army_neighbours(unit.loc.prov).iter().map(|&p| Loc::new(p)).collect(),
                UnitType::Fleet => self.v.fleet_neighbours(unit.loc).to_vec(),
            };
            options.retain(|l| !occupied[l.prov as usize] && !contested[l.prov as usize] && !self.attacked_from(u, m, l.prov));
            options.sort();
            dislodged.push(Dislodged { unit, options, attacker_from: Some(from) });
        }
        dislodged
    }

    /// Whether unit `u`, dislodged by move `m`, was attacked from `q`: on a
    /// stacking map several units of one power may have entered together,
    /// each an attacker.
    pub(super) fn attacked_from(&self, u: usize, m: usize, q: Prov) -> bool {
        if !self.stacks {
            return !self.convoyed[m] && q == self.units[m].loc.prov;
        }
        super::ix::chain(self.into_first[self.units[u].loc.prov as usize], &self.into_next).any(|a| {
            let au = a.ix();
            matches!(self.status[au], Status::Move) && self.res[au] && !self.convoyed[au] && !self.boarding(au) && self.units[au].loc.prov == q
        })
    }

    /// Each order's result, in the order given, then a default hold for
    /// each unit without a (single) order.
    pub(super) fn results(&mut self, a: &Assignment, dislodged_by: &[Option<UnitIx>]) -> Vec<OrderResult> {
        let mut results = Vec::with_capacity(a.orders.len() + self.n);
        for (k, (power, order)) in a.orders.iter().enumerate() {
            let mut order = *order;
            let u = a.order_unit[k];
            if let Some(u) = u
                && let Some(spec) = order.unit_mut()
            {
                spec.kind = Some(self.units[u.ix()].kind);
            }
            let (result, note, by) = match (a.pre[k], u) {
                (Some(note), _) => (ResultKind::Void, Some(note), None),
                (None, Some(u)) => self.result_of(u.ix(), dislodged_by[u.ix()]),
                (None, None) => unreachable!("an order without a unit is void before resolving"),
            };
            let by = by.map(|b| self.units[b.ix()]);
            results.push(OrderResult { power: *power, order, result, note, defaulted: false, by });
        }
        for (u, unit) in self.units.iter().enumerate() {
            if a.assigned[u].is_none() || a.several[u] {
                let by = dislodged_by[u].map(|b| self.units[b.ix()]);
                results.push(OrderResult {
                    power: unit.power,
                    order: Order::Hold(crate::order::UnitSpec::new(Some(unit.kind), unit.loc)),
                    result: if by.is_some() { ResultKind::Dislodged } else { ResultKind::Ok },
                    note: Some(Note::DefaultHold),
                    defaulted: true,
                    by,
                });
            }
        }
        results
    }

    /// The result of unit `u`'s order, with its referent (an index into
    /// `units`, `None` for none): the unit that dislodged it (`dislodged_by`),
    /// the attack that cut its support, or what its move bounced off. Asked
    /// after every decision is resolved, so the resolver's functions only
    /// read final values here; the referents of bounces and cuts are looked
    /// for only for the orders that bounced or were cut.
    pub(super) fn result_of(&mut self, u: usize, dislodged_by: Option<UnitIx>) -> (ResultKind, Option<Note>, Option<UnitIx>) {
        let dislodged = dislodged_by.is_some();
        let (kind, note) = self.kind_of(u, dislodged);
        let by = match kind {
            ResultKind::Dislodged => dislodged_by,
            ResultKind::Bounce => self.bounce_by(u),
            ResultKind::Cut => self.cut_by(u),
            _ => None,
        };
        (kind, note, by)
    }

    /// Why move `i` (with its path, if convoyed) failed: the unit with the
    /// greatest strength against it of those it could not beat — the unit in
    /// its destination (holding, or moving head to head against it) or another
    /// unit moving there; the unit in the destination on a tie. `None` when
    /// no single unit stopped it (a boarding move whose partner failed, a
    /// decision left to a backup rule's fallback).
    pub(super) fn bounce_by(&mut self, i: usize) -> Option<UnitIx> {
        if self.stacks {
            return self.stack_bounce_by(i);
        }
        // the move failed, so the greatest strength opposing it is at least
        // its own: the unit that opposed the most is the referent, without
        // working out the move's own attack again
        let d = self.dest[i];
        let (mut best, mut best_s) = (None, 0);
        if let Some(o) = self.occ[d as usize] {
            let ou = o.ix();
            let stays = !(matches!(self.status[ou], Status::Move) && self.res[ou]);
            if stays && self.units[ou].power == self.units[i].power {
                // a unit of the mover's own power stays there
                return Some(o);
            }
            let opposing = if self.head_to_head(i, ou) { self.one() + self.supports(ou, self.dest[ou], None) } else { self.hold(d) };
            if opposing > 0 {
                (best, best_s) = (Some(o), opposing);
            }
        }
        let mut j = self.into_first[d as usize];
        while let Some(unit) = j {
            let ju = unit.ix();
            j = self.into_next[ju];
            if ju != i {
                let p = self.prevent(ju);
                if p > best_s {
                    (best, best_s) = (Some(unit), p);
                }
            }
        }
        best
    }

    pub(super) fn kind_of(&self, u: usize, dislodged: bool) -> (ResultKind, Option<Note>) {
        match self.status[u] {
            Status::Void(note) => (ResultKind::Void, Some(note)),
            Status::NoConvoy => (ResultKind::NoConvoy, Some(Note::NoConvoyRoute)),
            Status::Move => {
                if self.res[u] {
                    (ResultKind::Ok, None)
                } else if self.convoyed[u] && !self.res[self.path_of(u)] {
                    (
                        ResultKind::Disrupted,
                        Some(if !self.forced[self.path_of(u)] {
                            Note::ConvoyDisrupted
                        } else if self.paradox == Paradox::AllStand {
                            Note::ParadoxStand
                        } else {
                            Note::Paradox
                        }),
                    )
                } else if dislodged {
                    (ResultKind::Dislodged, None)
                } else if self.forced[u] {
                    (ResultKind::Bounce, Some(Note::ParadoxStand))
                } else {
                    (ResultKind::Bounce, None)
                }
            }
            Status::Support => {
                if dislodged {
                    (ResultKind::Dislodged, None)
                } else if self.res[u] {
                    (ResultKind::Ok, None)
                } else if self.forced[u] {
                    (ResultKind::Cut, Some(Note::ParadoxStand))
                } else {
                    (ResultKind::Cut, None)
                }
            }
            Status::Convoy | Status::Hold => {
                if dislodged {
                    (ResultKind::Dislodged, None)
                } else {
                    (ResultKind::Ok, None)
                }
            }
        }
    }
}
