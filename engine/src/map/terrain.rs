//! Terrain that is not the same all game or all ways: seasonal spaces
//! (`open_in`, a sea space open only in some seasons and impassable in the
//! others: loeb9's Arctic Ocean) and straits (`straits`, army edges crossed
//! with no strength of one's own: loeb9's Cordoba-North Africa and
//! Naples-Sicily). The rules they make are in docs/RULES.md ("Seasonal
//! spaces", "Straits"); the resolver reads them through
//! [`crate::rules::Rulebook::in_phase`] and [`Variant::is_strait`].

use super::toml::RawVariant;
use super::{Prov, ProvinceKind, Variant};
use crate::phase::Phase;

/// Reads every province's `open_in` and `straits` into `v`, with the
/// problems they have.
pub(super) fn read(v: &mut Variant, raw: &RawVariant, problems: &mut Vec<String>) {
    for (i, rp) in raw.province.iter().enumerate() {
        let i = i as Prov;
        let code = v.code(i).to_string();
        for s in &rp.open_in {
            match v.calendar.seasons.iter().position(|c| c.code.eq_ignore_ascii_case(s)) {
                Some(k) if !v.provinces[i as usize].open_in.contains(&(k as u8)) => v.provinces[i as usize].open_in.push(k as u8),
                Some(_) => problems.push(format!("{code}: `open_in` names season {s} twice")),
                None => problems.push(format!("{code}: `open_in` names unknown season `{s}`")),
            }
        }
        if !rp.open_in.is_empty() {
            if v.kind(i) != ProvinceKind::Sea {
                problems.push(format!("{code}: only a sea space may be open in some seasons (`open_in`)"));
            }
            if i >= 256 {
                problems.push(format!("{code}: a seasonal space must be one of the map's first 256 provinces"));
            }
            v.seasonal.push(i);
        }
        for s in &rp.straits {
            match v.prov_by_code(s) {
                Some(q) if v.army_adjacent(i, q) => {
                    if !v.straits.contains(&(i, q)) {
                        v.straits.push((i, q));
                    }
                }
                Some(_) => problems.push(format!("{code}: strait to {s}, which is not in its `army` list")),
                None => problems.push(format!("{code}: `straits` names unknown province `{s}`")),
            }
        }
    }
    for &(a, b) in &v.straits {
        if !v.straits.contains(&(b, a)) {
            problems.push(format!("asymmetric strait: {} lists {} but {} does not list {}", v.code(a), v.code(b), v.code(b), v.code(a)));
        }
    }
}

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
}
