//! Convoys: which convoy orders carry which army, which army moves go by
//! convoy (the DATC's and the 1992 rulebook's readings of intent), and
//! whether a chain of fleets carries an army.

use super::orders::Assignment;
use super::{NONE, Resolver, Status};
use crate::adjudicate::Note;
use crate::map::{Prov, ProvinceKind, Unit, UnitType, Variant};
use crate::order::Order;
use crate::rules::{ConvoyIntent, Rulebook};

/// Whether the fleets now at sea among `units` could ever carry an army from
/// `from` to `to` (a chain of them touching both ends), whatever they are
/// ordered: without one, an army's move to a coast it is not next to is void.
pub(crate) fn fleets_could_carry(v: &Variant, units: &[Unit], from: Prov, to: Prov) -> bool {
    let fleets: Vec<usize> = (0..units.len()).filter(|&f| units[f].kind == UnitType::Fleet && v.kind(units[f].loc.prov) == ProvinceKind::Sea).collect();
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
            if fleet.kind != UnitType::Fleet || self.v.kind(fleet.loc.prov) != ProvinceKind::Sea {
                self.status[u] = Status::Void(Note::ConvoyNotAtSea);
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
                while m != NONE
                    && !(self.units[m as usize].kind == UnitType::Army
                        && matches!(a_.order_of(m as usize), Some(Order::Move { dest: d, .. }) if d.prov == dest.prov))
                {
                    m = self.next[m as usize];
                }
                if m != NONE {
                    a = m;
                }
            }
            let ok = a != NONE
                && self.units[a as usize].kind == UnitType::Army
                && ordered_move[a as usize]
                && matches!(a_.order_of(a as usize), Some(Order::Move { dest: d, .. }) if d.prov == dest.prov)
                && !matches!(self.status[a as usize], Status::Void(_));
            if ok {
                self.status[u] = Status::Convoy;
                self.convoy_for[u] = a;
            } else {
                self.status[u] = Status::Void(Note::ConvoyMismatch);
            }
        }
        for f in (0..self.n).rev() {
            let a = self.convoy_for[f];
            if a != NONE {
                self.conv_next[f] = self.conv_first[a as usize];
                self.conv_first[a as usize] = f as u32;
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
                    self.convoy_for[f] == a as u32
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
            if self.convoy_for[f] != NONE && !self.convoyed[self.convoy_for[f] as usize] {
                let a = self.convoy_for[f] as usize;
                self.convoy_for[f] = NONE;
                self.status[f] = Status::Void(if matches!(self.status[a], Status::NoConvoy) { Note::NoConvoyRoute } else { Note::ConvoyNotUsed });
            }
        }
    }
    /// Is there a chain of fleets ordered to convoy army `a`, ignoring dislodgements?
    pub(super) fn static_route(&mut self, a: usize) -> bool {
        self.route(a, &mut |_, _| true)
    }

    /// Does fleet `f` lie on a minimal chain of fleets now at sea (a chain none of
    /// whose fleets could be skipped) from army `a`'s province to its destination?
    /// A convoy order that could only ever be a superfluous link shows no intent
    /// to convoy (DATC 6.G.7, 6.G.19, 2023 rules); one that could be a needed link
    /// does (6.G.5, 6.G.6).
    pub(super) fn on_minimal_chain(&self, a: usize, f: usize) -> bool {
        let v = self.v;
        let from = self.units[a].loc.prov;
        let to = self.dest[a];
        let fleets: Vec<usize> =
            (0..self.n).filter(|&x| self.units[x].kind == UnitType::Fleet && v.kind(self.units[x].loc.prov) == ProvinceKind::Sea).collect();
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
        if f == NONE {
            return false;
        }
        let mut fleets = [0u32; 64];
        let mut nf = 0;
        while f != NONE && nf < fleets.len() {
            fleets[nf] = f;
            nf += 1;
            f = self.conv_next[f as usize];
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
