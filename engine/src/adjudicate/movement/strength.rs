//! Strengths (DATC 5.B): attack, hold, defend and prevent strengths, the
//! supports that count for them, cut supports and dislodgement. The
//! decisions' rules read here; stacking maps branch off to `super::stacks`.

use super::{Resolver, Status, UnitIx};
use crate::map::{PowerId, Prov, UnitType};

impl Resolver<'_> {
    pub(super) fn head_to_head(&self, i: usize, o: usize) -> bool {
        matches!(self.status[o], Status::Move) && self.dest[o] == self.units[i].loc.prov && !self.convoyed[i] && !self.convoyed[o] && !self.pass_on_coasts(i, o)
    }

    /// Two fleets exchanging places along different coasts, on a map that
    /// lets them pass (Original 1958 §8): not a head-to-head battle.
    pub(super) fn pass_on_coasts(&self, i: usize, o: usize) -> bool {
        let (a, b) = (&self.units[i], &self.units[o]);
        self.v.features.coast_swap && a.kind == UnitType::Fleet && b.kind == UnitType::Fleet && (a.loc != self.dest_loc[o] || self.dest_loc[i] != b.loc)
    }

    /// Whether unit `i` moves across a strait (not by convoy): its move has
    /// no strength of its own (docs/RULES.md, "Straits").
    #[inline]
    pub(super) fn strait(&self, i: usize) -> bool {
        !self.v.straits.is_empty() && !self.convoyed[i] && self.v.is_strait(self.units[i].loc.prov, self.dest[i])
    }

    /// What one unit of strength counts: 1, or 2 on a map with half-strength
    /// crossings (1900), so that a half is a whole number; every strength
    /// below is in these units.
    #[inline]
    pub(super) fn one(&self) -> u32 {
        if self.v.half_strength.is_empty() { 1 } else { 2 }
    }

    /// Whether move `i` crosses at half strength (docs/RULES.md,
    /// "Half-strength crossings"): a move along such an edge, or a convoyed
    /// army landing from one, when every fleet ordered to convoy it that
    /// touches its destination touches it across such an edge only.
    pub(super) fn half(&self, i: usize) -> bool {
        if self.v.half_strength.is_empty() {
            return false;
        }
        let d = self.dest[i];
        if !self.convoyed[i] {
            return self.v.is_half_strength(self.units[i].loc.prov, d);
        }
        let (mut landing, mut all_half) = (false, true);
        let mut f = self.conv_first[i];
        while let Some(fu) = f {
            let fl = self.units[fu.ix()].loc;
            if self.v.fleet_reaches(fl, d) {
                landing = true;
                all_half &= self.v.is_half_strength(fl.prov, d);
            }
            f = self.conv_next[fu.ix()];
        }
        landing && all_half
    }

    /// A move along a half-strength edge (not by convoy): it cuts no support.
    #[inline]
    fn half_direct(&self, i: usize) -> bool {
        !self.v.half_strength.is_empty() && !self.convoyed[i] && self.v.is_half_strength(self.units[i].loc.prov, self.dest[i])
    }

    /// The strength a move has before supports: 1, or 0 across a strait, or
    /// a half across a half-strength crossing (in units of [`Self::one`]).
    #[inline]
    fn base(&self, i: usize) -> u32 {
        if self.v.half_strength.is_empty() {
            return u32::from(!self.strait(i));
        }
        // a map has straits or half-strength crossings, never both
        if self.half(i) { 1 } else { 2 }
    }

    pub(super) fn path(&mut self, i: usize) -> bool {
        !self.convoyed[i] || self.resolve(self.path_of(i))
    }

    /// The supports given to unit `i` into province `into` (its destination for a
    /// move, its own province for a hold), those of power `exclude` left out.
    /// Only supports given into that province count: a unit ordered to move that
    /// stays (its move impossible for want of a convoy) is not held by the
    /// supports of its move (DATC 6.D.8).
    pub(super) fn supports(&mut self, i: usize, into: Prov, exclude: Option<PowerId>) -> u32 {
        let mut c = 0;
        let mut s = self.sup_first[i];
        while let Some(su) = s {
            let su = su.ix();
            s = self.sup_next[su];
            if self.sup_into[su] == into && Some(self.units[su].power) != exclude && self.resolve(su) {
                c += 1;
            }
        }
        c * self.one()
    }

    pub(super) fn attack(&mut self, i: usize) -> u32 {
        if !self.path(i) {
            return 0;
        }
        let d = self.dest[i];
        let Some(o) = self.occ[d as usize] else {
            return self.base(i) + self.supports(i, d, None);
        };
        if self.stacks {
            return self.attack_stack(i);
        }
        let o = o.ix();
        if matches!(self.status[o], Status::Move) && !self.head_to_head(i, o) && self.resolve(o) {
            return self.base(i) + self.supports(i, d, None);
        }
        if self.units[o].power == self.units[i].power {
            return 0;
        }
        self.base(i) + self.supports(i, d, Some(self.units[o].power))
    }

    pub(super) fn hold(&mut self, p: Prov) -> u32 {
        let Some(o) = self.occ[p as usize] else { return 0 };
        let o = o.ix();
        if matches!(self.status[o], Status::Move) {
            return if self.resolve(o) { 0 } else { self.one() };
        }
        self.one() + self.supports(o, p, None)
    }

    pub(super) fn prevent(&mut self, j: usize) -> u32 {
        self.prevent_effect(j).unwrap_or(0)
    }

    /// The prevent strength of move `j`, `None` where the move has no
    /// effect at its destination (no convoy, or beaten head to head): an
    /// unsupported move across a strait has strength 0 and still stands
    /// off another such move.
    pub(super) fn prevent_effect(&mut self, j: usize) -> Option<u32> {
        if !self.path(j) {
            return None;
        }
        let mut o = self.occ[self.dest[j] as usize];
        if self.stacks {
            while let Some(m) = o {
                if self.head_to_head(j, m.ix()) && self.resolve(m.ix()) {
                    return None;
                }
                o = self.next[m.ix()];
            }
            return Some(self.base(j) + self.supports(j, self.dest[j], None));
        }
        if let Some(o) = o
            && self.head_to_head(j, o.ix())
            && self.resolve(o.ix())
        {
            return None;
        }
        Some(self.base(j) + self.supports(j, self.dest[j], None))
    }

    /// The defend strength of unit `o` moving head to head: at least 1 (a
    /// unit is not dislodged by less than it would hold with, even when
    /// it tries a strait crossing: docs/RULES.md, "Straits").
    fn defend(&mut self, o: usize) -> u32 {
        (self.base(o) + self.supports(o, self.dest[o], None)).max(self.one())
    }

    pub(super) fn move_succeeds(&mut self, i: usize) -> bool {
        if self.stacks && self.boarding(i) {
            return self.boarding_move_succeeds(i);
        }
        self.move_alone(i)
    }

    /// A move's success leaving aside its boarding partner's.
    #[inline]
    pub(super) fn move_alone(&mut self, i: usize) -> bool {
        let a = self.attack(i);
        let d = self.dest[i];
        let opposing = match self.occ[d as usize] {
            _ if self.stacks => self.opposing_stack(i),
            Some(o) if self.head_to_head(i, o.ix()) => self.defend(o.ix()),
            _ => self.hold(d),
        };
        // an unsupported strait crossing (strength 0) enters a space no one holds
        let weak = a == 0 && self.strait(i);
        if a <= opposing && !(weak && opposing == 0) {
            return false;
        }
        let mut j = self.into_first[d as usize];
        while let Some(ju) = j {
            let ju = ju.ix();
            j = self.into_next[ju];
            if ju != i && !self.join_together(i, ju) && self.prevent_effect(ju).is_some_and(|p| a <= p) {
                return false;
            }
        }
        true
    }

    pub(super) fn dislodged(&mut self, u: usize) -> bool {
        let mut m = self.into_first[self.units[u].loc.prov as usize];
        while let Some(mu) = m {
            let mu = mu.ix();
            m = self.into_next[mu];
            if self.resolve(mu) {
                return true;
            }
        }
        false
    }

    /// Cut by an attack from a foreign unit (not from the province support goes
    /// into), or dislodged (which then can only be from that province).
    /// Returns the first attack (in unit order) that cuts it, `None` if none
    /// does: the decision and its referent in one pass.
    #[inline]
    pub(super) fn cut_by(&mut self, s: usize) -> Option<UnitIx> {
        let p = self.units[s].loc.prov;
        let into = self.sup_into[s];
        let mut m = self.into_first[p as usize];
        while let Some(unit) = m {
            let mu = unit.ix();
            if self.units[mu].power != self.units[s].power
                && self.units[mu].loc.prov != into
                && self.path(mu)
                && !self.boarding(mu)
                && !self.weak_strait(mu)
                && !self.half_direct(mu)
            {
                return Some(unit);
            }
            m = self.into_next[mu];
        }
        None
    }

    /// An unsupported strait crossing: it cuts no support (docs/RULES.md, "Straits").
    #[inline]
    fn weak_strait(&mut self, m: usize) -> bool {
        self.strait(m) && self.supports(m, self.dest[m], None) == 0
    }

    pub(super) fn support_given(&mut self, s: usize) -> bool {
        if self.cut_by(s).is_some() {
            return false;
        }
        let p = self.units[s].loc.prov;
        let into = self.sup_into[s];
        let mut m = self.into_first[p as usize];
        while let Some(mu) = m {
            let mu = mu.ix();
            m = self.into_next[mu];
            // dislodged from the space it supports into, or by a half-strength
            // crossing (which does not cut it otherwise)
            if (self.units[mu].loc.prov == into || self.half_direct(mu) && self.units[mu].power != self.units[s].power) && self.resolve(mu) {
                return false;
            }
        }
        true
    }

    /// Does a failed move still stop others (a standoff), for retreat purposes?
    pub(super) fn prevents(&self, m: usize) -> bool {
        if self.convoyed[m] && !self.res[self.path_of(m)] {
            return false;
        }
        let first = self.occ[self.dest[m] as usize];
        if self.stacks {
            return !super::ix::chain(first, &self.next).any(|o| self.head_to_head(m, o.ix()) && self.res[o.ix()]);
        }
        !first.is_some_and(|o| self.head_to_head(m, o.ix()) && self.res[o.ix()])
    }
}
