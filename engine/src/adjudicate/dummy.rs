//! The builds of a map's dummy powers (DPjudge's `DUMMY` with `RULE
//! CD_BUILDS`: sengoku's neutral armies, zeus's India; docs/VARIANTS.md,
//! "Dummy powers"). A dummy has no player: it is neutral in every game, its
//! units hold, and where the map says `dummy_builds` it builds what it is
//! owed by itself. DPjudge picks each build at random among the power's
//! sites and unit types; mailjudge takes the sites in a fixed order and
//! builds the unit the power started with there, which is what the
//! variants' rules describe ("a new unowned unit will be built there"):
//!
//! 1. the free sites where the power had a starting unit, in the order of
//!    its starting units, each with that unit (type and coast);
//! 2. then its other free sites in the order the adjustment rules list them
//!    (`adjust::free_homes`), each with an army where an army may stand,
//!    else a fleet (on the province's first coast).
//!
//! The adjustment phase (`adjust.rs`) asks [`choose`] with its free sites.

use crate::map::{Coast, Loc, PowerId, Prov, Unit, UnitType, Variant};
use crate::rules::Rulebook;

/// Whether `power` builds by itself: a dummy of a map whose dummies build.
#[inline]
pub(crate) fn builds(v: &Variant, rules: &Rulebook, power: PowerId) -> bool {
    v.features.dummy_builds && rules.is_neutral(power) && v.powers.get(power as usize).is_some_and(|w| w.dummy)
}

/// The units `power` (a dummy) builds in its `free` sites (in the order the
/// adjustment rules list them), `owed` of them at most, in the order of the
/// module's rule.
pub fn choose(v: &Variant, power: PowerId, free: &[Prov], owed: usize) -> Vec<Unit> {
    let w = &v.powers[power as usize];
    let mut free: Vec<Prov> = free.to_vec();
    free.dedup();
    let mut out: Vec<Unit> = Vec::new();
    for u in &w.units {
        if let Some(i) = free.iter().position(|&p| p == u.loc.prov) {
            free.remove(i);
            out.push(Unit { power, kind: u.kind, loc: u.loc, aboard: false });
        }
    }
    for p in free {
        let army = Loc::new(p);
        let fleet = Loc::with(p, v.province(p).coasts.first().copied().unwrap_or(Coast::None));
        if v.valid_location(UnitType::Army, army) {
            out.push(Unit { power, kind: UnitType::Army, loc: army, aboard: false });
        } else if v.valid_location(UnitType::Fleet, fleet) {
            out.push(Unit { power, kind: UnitType::Fleet, loc: fleet, aboard: false });
        }
    }
    out.truncate(owed);
    out
}
