//! Strengths (DATC 5.B): attack, hold, defend and prevent strengths, the
//! supports that count for them, cut supports and dislodgement. The
//! decisions' rules read here; stacking maps branch off to `super::stacks`.

use super::{NONE, Resolver, Status};
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

    /// The strength a move has before supports: 1, or 0 across a strait.
    #[inline]
    fn base(&self, i: usize) -> u32 {
        u32::from(!self.strait(i))
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
        while s != NONE {
            let su = s as usize;
            s = self.sup_next[su];
            if self.sup_into[su] == into && Some(self.units[su].power) != exclude && self.resolve(su) {
                c += 1;
            }
        }
        c
    }

    pub(super) fn attack(&mut self, i: usize) -> u32 {
        if !self.path(i) {
            return 0;
        }
        let o = self.occ[self.dest[i] as usize];
        let d = self.dest[i];
        if o == NONE {
            return self.base(i) + self.supports(i, d, None);
        }
        if self.stacks {
            return self.attack_stack(i);
        }
        let o = o as usize;
        if matches!(self.status[o], Status::Move) && !self.head_to_head(i, o) && self.resolve(o) {
            return self.base(i) + self.supports(i, d, None);
        }
        if self.units[o].power == self.units[i].power {
            return 0;
        }
        self.base(i) + self.supports(i, d, Some(self.units[o].power))
    }

    pub(super) fn hold(&mut self, p: Prov) -> u32 {
        let o = self.occ[p as usize];
        if o == NONE {
            return 0;
        }
        let o = o as usize;
        if matches!(self.status[o], Status::Move) {
            return if self.resolve(o) { 0 } else { 1 };
        }
        1 + self.supports(o, p, None)
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
            while o != NONE {
                if self.head_to_head(j, o as usize) && self.resolve(o as usize) {
                    return None;
                }
                o = self.next[o as usize];
            }
            return Some(self.base(j) + self.supports(j, self.dest[j], None));
        }
        if o != NONE && self.head_to_head(j, o as usize) && self.resolve(o as usize) {
            return None;
        }
        Some(self.base(j) + self.supports(j, self.dest[j], None))
    }

    /// The defend strength of unit `o` moving head to head: at least 1 (a
    /// unit is not dislodged by less than it would hold with, even when
    /// it tries a strait crossing: docs/RULES.md, "Straits").
    fn defend(&mut self, o: usize) -> u32 {
        (self.base(o) + self.supports(o, self.dest[o], None)).max(1)
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
        let o = self.occ[d as usize];
        let opposing = if self.stacks {
            self.opposing_stack(i)
        } else if o != NONE && self.head_to_head(i, o as usize) {
            self.defend(o as usize)
        } else {
            self.hold(d)
        };
        // an unsupported strait crossing (strength 0) enters a space no one holds
        let weak = a == 0 && self.strait(i);
        if a <= opposing && !(weak && opposing == 0) {
            return false;
        }
        let mut j = self.into_first[d as usize];
        while j != NONE {
            let ju = j as usize;
            j = self.into_next[ju];
            if ju != i && !self.join_together(i, ju) && self.prevent_effect(ju).is_some_and(|p| a <= p) {
                return false;
            }
        }
        true
    }

    pub(super) fn dislodged(&mut self, u: usize) -> bool {
        let mut m = self.into_first[self.units[u].loc.prov as usize];
        while m != NONE {
            let mu = m as usize;
            m = self.into_next[mu];
            if self.resolve(mu) {
                return true;
            }
        }
        false
    }

    /// Cut by an attack from a foreign unit (not from the province support goes
    /// into), or dislodged (which then can only be from that province).
    /// Returns the first attack (in unit order) that cuts it, `NONE` if none
    /// does: the decision and its referent in one pass.
    #[inline]
    pub(super) fn cut_by(&mut self, s: usize) -> u32 {
        let p = self.units[s].loc.prov;
        let into = self.sup_into[s];
        let mut m = self.into_first[p as usize];
        while m != NONE {
            let mu = m as usize;
            if self.units[mu].power != self.units[s].power && self.units[mu].loc.prov != into && self.path(mu) && !self.boarding(mu) && !self.weak_strait(mu) {
                return m;
            }
            m = self.into_next[mu];
        }
        NONE
    }

    /// An unsupported strait crossing: it cuts no support (docs/RULES.md, "Straits").
    #[inline]
    fn weak_strait(&mut self, m: usize) -> bool {
        self.strait(m) && self.supports(m, self.dest[m], None) == 0
    }

    pub(super) fn support_given(&mut self, s: usize) -> bool {
        if self.cut_by(s) != NONE {
            return false;
        }
        let p = self.units[s].loc.prov;
        let into = self.sup_into[s];
        let mut m = self.into_first[p as usize];
        while m != NONE {
            let mu = m as usize;
            m = self.into_next[mu];
            if self.units[mu].loc.prov == into && self.resolve(mu) {
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
        let mut o = self.occ[self.dest[m] as usize];
        if self.stacks {
            while o != NONE {
                if self.head_to_head(m, o as usize) && self.res[o as usize] {
                    return false;
                }
                o = self.next[o as usize];
            }
            return true;
        }
        !(o != NONE && self.head_to_head(m, o as usize) && self.res[o as usize])
    }
}
