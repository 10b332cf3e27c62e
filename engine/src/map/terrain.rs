//! Terrain that is not the same all game or all ways: seasonal spaces
//! (`open_in`, a sea space open only in some seasons and impassable in the
//! others: loeb9's Arctic Ocean) and straits (`straits`, army edges crossed
//! with no strength of one's own: loeb9's Cordoba-North Africa and
//! Naples-Sicily). The rules they make are in docs/RULES.md ("Seasonal
//! spaces", "Straits"); the resolver reads them through
//! [`crate::rules::Rulebook::in_phase`] and [`Variant::is_strait`]; the
//! variant file's `open_in` and `straits` are read with the rest of it
//! (`super::toml`).

use super::{Prov, Variant};
use crate::phase::Phase;

impl Variant {
    /// Whether `p` is impassable in `phase` (a seasonal space out of its
    /// seasons): no unit enters it, no support goes into it, and a unit in
    /// it may only hold.
    #[inline]
    pub fn is_shut(&self, p: Prov, phase: Phase) -> bool {
        let open = &self.provinces[p as usize].open_in;
        !open.is_empty() && !open.contains(&phase.season)
    }

    /// Whether an army moving from `a` to `b` (not by convoy) crosses a strait.
    #[inline]
    pub fn is_strait(&self, a: Prov, b: Prov) -> bool {
        !self.straits.is_empty() && self.straits.contains(&(a, b))
    }

    /// Whether a unit going from `a` to `b` crosses at half strength (1900's
    /// Suez route).
    #[inline]
    pub fn is_half_strength(&self, a: Prov, b: Prov) -> bool {
        !self.half_strength.is_empty() && self.half_strength.contains(&(a, b))
    }
}
