//! Convoys: which convoy orders carry which army, which army moves go by
//! convoy (the DATC's and the 1992 rulebook's readings of intent), and
//! whether a chain of fleets carries an army.

use super::orders::Assignment;
use super::{Resolver, Status, UnitIx};
use crate::adjudicate::Note;
use crate::map::{Prov, Unit, UnitType, Variant};
use crate::order::Order;
use crate::rules::{ConvoyIntent, Rulebook};

/// Whether `unit` may be a link of a chain carrying an army to `to`: a fleet
/// at sea or in a port (docs/RULES.md, "Ports"), not in `to` itself (a
/// fleet in a port does not carry an army into its own space).
pub(crate) fn may_carry(v: &Variant, unit: &Unit, to: Prov) -> bool {
    unit.kind == UnitType::Fleet && v.convoys_from(unit.loc.prov) && unit.loc.prov != to
}

/// Whether the fleets now at sea (or in ports) among `units` could ever
/// carry an army from `from` to `to` (a chain of them touching both ends),
/// whatever they are ordered: without one, an army's move to a coast it is
/// not next to is void.
pub(crate) fn fleets_could_carry(v: &Variant, units: &[Unit], from: Prov, to: Prov) -> bool {
    let fleets: Vec<usize> = (0..units.len()).filter(|&f| may_carry(v, &units[f], to)).collect();
    let mut seen = vec![false; fleets.len()];
    let mut stack: Vec<usize> = (0..fleets.len()).filter(|&i| v.fleet_reaches(units[fleets[i]].loc, from)).collect();
    for &i in &stack {
        seen[i] = true;
    }
    while let Some(i) = stack.pop() {
        let floc = units[fleets[i]].loc;
        if v.fleet_reaches(floc, to) {
            return true;
        }
        for j in 0..fleets.len() {
            if !seen[j] && v.fleet_reaches(floc, units[fleets[j]].loc.prov) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    false
}

impl Resolver<'_> {
    /// Reads the convoy orders: the army each carries, or why it is void;
    /// and the list of the fleets ordered to convoy each army.
    pub(super) fn read_convoys(&mut self, a_: &Assignment, ordered_move: &[bool]) {
        for u in 0..self.n {
            let Some(Order::Convoy { army, dest, .. }) = a_.order_of(u) else { continue };
            let fleet = &self.units[u];
            if !self.v.features.convoys {
                self.status[u] = Status::Void(Note::NoConvoys);
                continue;
            }
            if fleet.kind != UnitType::Fleet || !self.v.convoys_from(fleet.loc.prov) {
                self.status[u] = Status::Void(Note::not_a_convoying_fleet(self.v));
                continue;
            }
            if self.closed.is_shut(fleet.loc.prov) {
                self.status[u] = Status::Void(Note::Trapped);
                continue;
            }
            let mut a = self.occ[army.loc.prov as usize];
            if self.stacks {
                // the army of the stack ordered to make that move
                let mut m = a;
                while let Some(mu) = m
                    && !(self.units[mu.ix()].kind == UnitType::Army && matches!(a_.order_of(mu.ix()), Some(Order::Move { dest: d, .. }) if d.prov == dest.prov))
                {
                    m = self.next[mu.ix()];
                }
                if m.is_some() {
                    a = m;
                }
            }
            let ok = a.is_some_and(|a| {
                let a = a.ix();
                self.units[a].kind == UnitType::Army
                    && ordered_move[a]
                    && matches!(a_.order_of(a), Some(Order::Move { dest: d, .. }) if d.prov == dest.prov)
                    && !matches!(self.status[a], Status::Void(_))
            });
            if ok {
                self.status[u] = Status::Convoy;
                self.convoy_for[u] = a;
            } else {
                self.status[u] = Status::Void(Note::ConvoyMismatch);
            }
        }
        for f in (0..self.n).rev() {
            if let Some(a) = self.convoy_for[f] {
                self.conv_next[f] = self.conv_first[a.ix()];
                self.conv_first[a.ix()] = Some(UnitIx::new(f));
            }
        }
    }

    /// Decides which army moves go by convoy (an army next to its
    /// destination may go over land or by sea: the orders' intent decides),
    /// and voids the convoys of armies that do not.
    pub(super) fn choose_convoyed(&mut self, rules: &Rulebook, wants_convoy: &[bool], via: &[bool], ordered_move: &[bool]) {
        for a in 0..self.n {
            if self.units[a].kind != UnitType::Army || !ordered_move[a] || matches!(self.status[a], Status::Void(_)) || self.landing(a) {
                continue;
            }
            let route = self.static_route(a);
            // intent: a route made of the army's own power's convoying fleets alone
            let power = self.units[a].power;
            let own_intent = route
                && (0..self.n).any(|f| {
                    self.convoy_for[f] == Some(UnitIx::new(a))
                        && self.units[f].power == power
                        && (rules.convoy_intent == ConvoyIntent::Rulebook1992 || self.on_minimal_chain(a, f))
                });
            let by_convoy = if wants_convoy[a] {
                // not adjacent over land: convoy or nothing; with no fleets at sea
                // that could ever carry it, the order is impossible and the army holds
                if route {
                    Some(true)
                } else if !self.board_route(a) {
                    self.status[a] = Status::Void(Note::NotAdjacent);
                    continue;
                } else {
                    None
                }
            } else if via[a] {
                match rules.convoy_intent {
                    ConvoyIntent::Datc | ConvoyIntent::ViaOnly => route.then_some(true),
                    ConvoyIntent::Rulebook1992 => Some(own_intent),
                }
            } else if rules.convoy_intent == ConvoyIntent::ViaOnly {
                Some(false)
            } else {
                Some(own_intent)
            };
            match by_convoy {
                Some(c) => self.convoyed[a] = c,
                None => self.status[a] = Status::NoConvoy,
            }
        }
        for f in 0..self.n {
            if let Some(a) = self.convoy_for[f]
                && !self.convoyed[a.ix()]
            {
                let a = a.ix();
                self.convoy_for[f] = None;
                self.status[f] = Status::Void(if matches!(self.status[a], Status::NoConvoy) { Note::NoConvoyRoute } else { Note::ConvoyNotUsed });
            }
        }
    }
    /// Is there a chain of fleets ordered to convoy army `a`, ignoring dislodgements?
    pub(super) fn static_route(&mut self, a: usize) -> bool {
        self.route(a, &mut |_, _| true)
    }

    /// Does fleet `f` lie on a minimal chain of fleets now at sea or in ports (a chain none of
    /// whose fleets could be skipped) from army `a`'s province to its destination?
    /// A convoy order that could only ever be a superfluous link shows no intent
    /// to convoy (DATC 6.G.7, 6.G.19, 2023 rules); one that could be a needed link
    /// does (6.G.5, 6.G.6).
    pub(super) fn on_minimal_chain(&self, a: usize, f: usize) -> bool {
        let v = self.v;
        let from = self.units[a].loc.prov;
        let to = self.dest[a];
        let fleets: Vec<usize> = (0..self.n).filter(|&x| may_carry(v, &self.units[x], to)).collect();
        let adj = |x: usize, y: usize| v.fleet_reaches(self.units[x].loc, self.units[y].loc.prov);
        let touches = |x: usize, p: Prov| v.fleet_reaches(self.units[x].loc, p);
        fn dfs(
            path: &mut Vec<usize>,
            fleets: &[usize],
            f: usize,
            to: Prov,
            from: Prov,
            adj: &dyn Fn(usize, usize) -> bool,
            touches: &dyn Fn(usize, Prov) -> bool,
        ) -> bool {
            let last = *path.last().expect("non-empty");
            if touches(last, to) {
                return path.contains(&f);
            }
            for &x in fleets {
                if path.contains(&x) || !adj(last, x) || touches(x, from) {
                    continue;
                }
                // no shortcut from earlier fleets of the chain
                if path[..path.len() - 1].iter().any(|&p| adj(p, x)) {
                    continue;
                }
                path.push(x);
                if dfs(path, fleets, f, to, from, adj, touches) {
                    return true;
                }
                path.pop();
            }
            false
        }
        for &start in &fleets {
            if touches(start, from) {
                let mut path = vec![start];
                if dfs(&mut path, &fleets, f, to, from, &adj, &touches) {
                    return true;
                }
            }
        }
        false
    }

    /// Could fleets now at sea carry army `a` to its destination at all (whatever
    /// they were ordered)?
    pub(super) fn board_route(&self, a: usize) -> bool {
        fleets_could_carry(self.v, self.units, self.units[a].loc.prov, self.dest[a])
    }

    /// Depth-first search for a chain of fleets convoying army `a` from its
    /// province to its destination, using only fleets for which `ok` holds
    /// (asked lazily, in search order).
    pub(super) fn route(&mut self, a: usize, ok: &mut dyn FnMut(&mut Self, usize) -> bool) -> bool {
        let v = self.v;
        let from = self.units[a].loc.prov;
        let to = self.dest[a];
        let mut f = self.conv_first[a];
        if f.is_none() {
            return false;
        }
        let mut fleets = [0u32; 64];
        let mut nf = 0;
        while let Some(fu) = f
            && nf < fleets.len()
        {
            // a fleet in a port that is the destination carries no army there
            if self.units[fu.ix()].loc.prov != to {
                fleets[nf] = fu.ix() as u32;
                nf += 1;
            }
            f = self.conv_next[fu.ix()];
        }
        let mut seen = [false; 64];
        let mut stack = [0u8; 64];
        let mut top = 0;
        for i in 0..nf {
            let f = fleets[i] as usize;
            if v.fleet_reaches(self.units[f].loc, from) {
                seen[i] = true;
                stack[top] = i as u8;
                top += 1;
            }
        }
        let mut usable = [2u8; 64];
        while top > 0 {
            top -= 1;
            let i = stack[top] as usize;
            let f = fleets[i] as usize;
            if usable[i] == 2 {
                usable[i] = ok(self, f) as u8;
            }
            if usable[i] == 0 {
                continue;
            }
            let floc = self.units[f].loc;
            if v.fleet_reaches(floc, to) {
                return true;
            }
            for j in 0..nf {
                if !seen[j] && v.fleet_reaches(floc, self.units[fleets[j] as usize].loc.prov) {
                    seen[j] = true;
                    stack[top] = j as u8;
                    top += 1;
                }
            }
        }
        false
    }
}
