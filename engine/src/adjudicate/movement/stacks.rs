//! Several units a space, off the standard path (every function here is
//! cold): Original 1958's home-base stacks (docs/ORIGINAL1958.md D3-D7),
//! spaces with room for several units (`capacity`), its boarding moves, and
//! the 1885 A/F pairs that share a space. Orders go to a stack's units in the
//! order written (D5); a stack defends as one and falls whole (D3); a power's
//! units may join its own where they may stack (D6); a boarding move is no
//! attack and needs its partner (D7).

use super::ix::chain;
use super::{Join, OrderIx, Partner, Resolver, Status, UnitIx, occupants};
use crate::adjudicate::Note;
use crate::map::{Coast, PowerId, Stacking, Unit, UnitType, Variant};

/// The unit of a stack an order for `spec` by `power` goes to (D5): the first
/// unit of the power, of the type named (and on the coast named, when a unit
/// stands on that coast) that has no order yet (`assigned`: the order each
/// unit has). `Ok((u, true))` when all of them have one already: they are
/// all marked `several`. `occ`, `next`: the units in each province.
#[cold]
#[inline(never)]
pub(crate) fn stack_unit(
    units: &[Unit],
    (occ, next): (&[Option<UnitIx>], &[Option<UnitIx>]),
    assigned: &[Option<OrderIx>],
    several: &mut [bool],
    power: PowerId,
    spec: crate::order::UnitSpec,
) -> Result<(UnitIx, bool), Note> {
    let Some(first) = occ[spec.loc.prov as usize] else {
        return Err(Note::NoSuchUnit);
    };
    let stack = || chain(Some(first), next);
    let (mut own, mut kind_ok, mut coast_hit) = (false, false, false);
    for m in stack() {
        let u = &units[m.ix()];
        if u.power == power {
            own = true;
            if spec.kind.is_none_or(|t| t == u.kind) {
                kind_ok = true;
                coast_hit |= spec.loc.coast != Coast::None && u.loc == spec.loc;
            }
        }
    }
    if !own {
        return Err(Note::NotYourUnit);
    }
    if !kind_ok {
        return Err(Note::WrongUnitType);
    }
    let fits = |m: UnitIx| {
        let u = &units[m.ix()];
        u.power == power && spec.kind.is_none_or(|t| t == u.kind) && (!coast_hit || u.loc == spec.loc)
    };
    // fleets on both coasts (St Petersburg) and no coast that selects one (D5)
    let mut coast = None;
    for m in stack().filter(|&m| fits(m)) {
        let u = &units[m.ix()];
        if u.kind == UnitType::Fleet && u.loc.coast != Coast::None {
            if coast.is_some_and(|c| c != u.loc.coast) {
                return Err(Note::StackCoastNeeded);
            }
            coast = Some(u.loc.coast);
        }
    }
    if let Some(free) = stack().find(|&m| fits(m) && assigned[m.ix()].is_none()) {
        return Ok((free, false));
    }
    let first_fit = stack().find(|&m| fits(m)).expect("a unit of the power and type (kind_ok)");
    for m in stack().filter(|&m| fits(m)) {
        several[m.ix()] = true;
    }
    Ok((first_fit, true))
}

/// The unit of a stack that a lone order for `spec` by `power` goes to
/// ([`stack_unit`] with no other orders), as the resolver lists the units
/// of a stacking map.
pub(crate) fn lone_stack_unit(v: &Variant, units: &[Unit], power: PowerId, spec: crate::order::UnitSpec) -> Result<usize, Note> {
    let (occ, next) = occupants(v, units, true, Vec::new());
    stack_unit(units, (&occ, &next), &vec![None; units.len()], &mut vec![false; units.len()], power, spec).map(|(u, _)| u.ix())
}

impl Resolver<'_> {
    /// On a stacking map: how each moving unit may join units of its power
    /// where it goes.
    #[cold]
    #[inline(never)]
    pub(super) fn stack_joins(&self, centers: &[Option<crate::map::PowerId>]) -> Vec<Join> {
        let moving = |u: usize| self.status[u] == Status::Move;
        (0..self.n)
            .map(|u| {
                let unit = &self.units[u];
                let d = self.dest[u];
                if !moving(u) {
                    Join::No
                } else if self.v.features.stacking == Stacking::HomeBases && self.v.is_base(unit.power, unit.kind, d, centers) {
                    Join::Base
                } else if self.v.has_room(d) {
                    // room for the power's units there now (leaving or not:
                    // a move out may fail) and all of its units moving in
                    let there = self.units.iter().filter(|x| x.loc.prov == d && x.power == unit.power && !x.aboard).count();
                    let coming = (0..self.n).filter(|&w| moving(w) && self.dest[w] == d && self.units[w].power == unit.power).count();
                    if there + coming <= self.v.province(d).capacity as usize { Join::Room } else { Join::No }
                } else {
                    Join::No
                }
            })
            .collect()
    }

    /// Of the supports from one stack to the same unit, the first written
    /// counts (D4); `assigned`: the order each unit was given.
    #[cold]
    #[inline(never)]
    pub(super) fn first_stack_supports(&mut self, assigned: &[Option<OrderIx>]) {
        // of the supports from one stack to the same unit, the first written counts (D4)
        for s2 in 0..self.n {
            if !matches!(self.status[s2], Status::Support) {
                continue;
            }
            let earlier = (0..self.n).any(|s1| {
                s1 != s2
                    && matches!(self.status[s1], Status::Support)
                    && self.units[s1].loc.prov == self.units[s2].loc.prov
                    && self.sup_target[s1] == self.sup_target[s2]
                    && self.sup_into[s1] == self.sup_into[s2]
                    && assigned[s1] < assigned[s2]
            });
            if earlier {
                self.status[s2] = Status::Void(Note::StackSupport);
            }
        }
    }

    /// Two moves of one power's units of one type into a space where they may
    /// stack: they do not stand each other off (D6).
    pub(super) fn join_together(&self, i: usize, j: usize) -> bool {
        self.stacks
            && ((self.may_join[i] == self.may_join[j] && self.joins(i, j)) || (self.boarding(i) && self.board[i] == Some(Partner::Unit(UnitIx::new(j)))))
    }

    /// May moving unit `i` share its destination with unit `m` (there, or
    /// moving there too)? Base stacks go by power and type, room by power.
    pub(super) fn joins(&self, i: usize, m: usize) -> bool {
        let same_power = self.units[m].power == self.units[i].power;
        match self.may_join[i] {
            Join::No => false,
            Join::Base => same_power && self.units[m].kind == self.units[i].kind,
            Join::Room => same_power,
        }
    }

    /// Does a unit of the mover's power that it may not stack with stay in
    /// the space (`Some(true)`), or do only units it may join stay
    /// (`Some(false)`)? `None` when the space holds another power's units or
    /// nothing. Stacking maps only.
    #[cold]
    #[inline(never)]
    pub(super) fn own_block(&mut self, i: usize) -> Option<bool> {
        let mut o = self.occ[self.dest[i] as usize];
        if o.is_none_or(|f| self.units[f.ix()].power != self.units[i].power) {
            return None;
        }
        while let Some(m) = o {
            let m = m.ix();
            let joinable = self.joins(i, m);
            if !joinable {
                let leaves = self.ghost(m) || (matches!(self.status[m], Status::Move) && !self.head_to_head(i, m) && self.resolve(m));
                if !leaves {
                    return Some(true);
                }
            }
            o = self.next[m];
        }
        Some(false)
    }

    /// Attack strength against an occupied space on a stacking map: the
    /// stack defends as one unit (D3).
    #[cold]
    #[inline(never)]
    pub(super) fn attack_stack(&mut self, i: usize) -> u32 {
        let d = self.dest[i];
        let first = self.occ[d as usize];
        if self.boarding(i) {
            // a boarding move is not an attack: blocked by any unit but its
            // partner that stays, and never dislodging (D7.4)
            let mut o = first;
            while let Some(unit) = o {
                let m = unit.ix();
                if self.board[i] != Some(Partner::Unit(unit)) && !(matches!(self.status[m], Status::Move) && !self.head_to_head(i, m) && self.resolve(m)) {
                    return 0;
                }
                o = self.next[m];
            }
            return 1 + self.supports(i, d, None);
        }
        match self.own_block(i) {
            Some(true) => return 0,
            Some(false) => return 1 + self.supports(i, d, None),
            None => {}
        }
        let mut o = first;
        let mut vacated = true;
        while let Some(m) = o {
            let m = m.ix();
            if !(self.ghost(m) || (matches!(self.status[m], Status::Move) && !self.head_to_head(i, m) && self.resolve(m))) {
                vacated = false;
                break;
            }
            o = self.next[m];
        }
        match first {
            Some(f) if !vacated => 1 + self.supports(i, d, Some(self.units[f.ix()].power)),
            _ => 1 + self.supports(i, d, None),
        }
    }

    /// What a move on a stacking map must beat in its destination: the
    /// defence of each unit there moving head to head against it, and the
    /// hold strength of the stack if any other unit of it stays (D3). Nothing
    /// when the mover joins its own units.
    #[cold]
    #[inline(never)]
    pub(super) fn opposing_stack(&mut self, i: usize) -> u32 {
        let d = self.dest[i];
        let Some(first) = self.occ[d as usize] else { return 0 };
        if self.boarding(i) {
            return 0;
        }
        if self.own_block(i) == Some(false) {
            return 0;
        }
        let mut opp = 0;
        let mut stays = false;
        let mut o = Some(first);
        while let Some(m) = o {
            let m = m.ix();
            if self.head_to_head(i, m) {
                opp = opp.max(1 + self.supports(m, self.dest[m], None));
            } else if !(self.ghost(m) || (matches!(self.status[m], Status::Move) && self.resolve(m))) {
                stays = true;
            }
            o = self.next[m];
        }
        if stays {
            opp = opp.max(1 + self.supports(first.ix(), d, None));
        }
        opp
    }

    /// A boarding move (Original 1958): all or nothing, so a partner moving
    /// too must get in as well (D7.5); without a partner it fails.
    #[cold]
    #[inline(never)]
    pub(super) fn boarding_move_succeeds(&mut self, i: usize) -> bool {
        let Some(Partner::Unit(p)) = self.board[i] else { return false };
        if !self.move_alone(i) {
            return false;
        }
        if matches!(self.status[p.ix()], Status::Move) && self.boarding(p.ix()) {
            return self.move_alone(p.ix());
        }
        true
    }

    /// Whether a boarding move has a partner's move beside it (Original 1958).
    pub(super) fn boarding(&self, i: usize) -> bool {
        !self.board.is_empty() && self.board[i].is_some()
    }

    /// [`Self::bounce_by`] on a stacking map (cold: the standard map never comes here).
    #[cold]
    #[inline(never)]
    pub(super) fn stack_bounce_by(&mut self, i: usize) -> Option<UnitIx> {
        let a = self.attack(i);
        let d = self.dest[i];
        let (mut best, mut best_s) = match self.stack_defender(i, a) {
            Err(blocker) => return Some(blocker),
            Ok(found) => found,
        };
        for j in 0..self.n {
            if j != i && matches!(self.status[j], Status::Move) && self.dest[j] == d && !self.join_together(i, j) {
                let p = self.prevent(j);
                if a <= p && (best.is_none() || p > best_s) {
                    (best, best_s) = (Some(UnitIx::new(j)), p);
                }
            }
        }
        best
    }

    /// On a stacking map: the unit of the destination's stack that stopped
    /// move `i` (attack strength `a`), with the strength it opposed, or
    /// `Err` with the unit that blocked it outright (a unit of its own power
    /// it may not join, or one in the way of a boarding move). Of a stack
    /// holding, the first unit that stays stands for the whole stack (it
    /// defends as one, D3); of units moving head to head, the strongest.
    #[cold]
    #[inline(never)]
    pub(super) fn stack_defender(&mut self, i: usize, a: u32) -> Result<(Option<UnitIx>, u32), UnitIx> {
        let d = self.dest[i];
        let Some(first) = self.occ[d as usize] else {
            return Ok((None, 0));
        };
        let mut stayer = None;
        let mut h2h: Option<(UnitIx, u32)> = None;
        let mut o = Some(first);
        while let Some(unit) = o {
            let m = unit.ix();
            o = self.next[m];
            if self.boarding(i) && self.board[i] == Some(Partner::Unit(unit)) {
                continue;
            }
            let joinable = self.joins(i, m);
            if self.head_to_head(i, m) {
                let s = 1 + self.supports(m, self.dest[m], None);
                if h2h.is_none_or(|(_, best)| s > best) {
                    h2h = Some((unit, s));
                }
                if stayer.is_none() && a == 0 && !joinable {
                    stayer = Some(unit);
                }
            } else if stayer.is_none() && !joinable && !(self.ghost(m) || (matches!(self.status[m], Status::Move) && self.res[m])) {
                stayer = Some(unit);
            }
        }
        if a == 0 {
            return Err(stayer.unwrap_or(first));
        }
        let opposing = self.opposing_stack(i);
        if a > opposing {
            return Ok((None, 0));
        }
        if let Some((h, s)) = h2h
            && s == opposing
        {
            return Ok((Some(h), s));
        }
        Ok((Some(stayer.unwrap_or(first)), opposing))
    }
}
