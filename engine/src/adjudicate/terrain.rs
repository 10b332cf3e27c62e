//! The adjudicator's side of seasonal spaces and straits (map/terrain.rs;
//! docs/RULES.md, "Seasonal spaces" and "Straits"): the tests of an
//! order's legality they add, which the resolver and [`crate::check`] share.
//! The strengths of strait crossings are in `movement/strength.rs`, and
//! retreats across a strait in `retreat.rs`.

use super::{Dislodged, Note};
use crate::map::{Loc, Prov, Unit, Variant};
use crate::rules::Rulebook;

/// Why a move of `unit` into `dest` is void for the season: the unit
/// stands in a shut space (it may only hold), or `dest` is shut.
#[inline]
pub(crate) fn move_note(rules: &Rulebook, unit: &Unit, dest: Prov) -> Result<(), Note> {
    if rules.shut.is_empty() {
        return Ok(());
    }
    if rules.is_shut(unit.loc.prov) {
        return Err(Note::Trapped);
    }
    if rules.is_shut(dest) {
        return Err(Note::Shut);
    }
    Ok(())
}

/// Why a support by `unit` into `into` is void for terrain: the supporter
/// is in a shut space, the space is shut, or the support would cross a
/// strait or a half-strength crossing.
#[inline]
pub(crate) fn support_note(v: &Variant, rules: &Rulebook, unit: &Unit, into: Prov) -> Option<Note> {
    if let Err(n) = move_note(rules, unit, into) {
        return Some(n);
    }
    if v.is_half_strength(unit.loc.prov, into) {
        return Some(Note::HalfStrengthSupport);
    }
    if rules.barred(v, unit.power, unit.loc.prov, into) {
        return Some(Note::OwnerOnly);
    }
    v.is_strait(unit.loc.prov, into).then_some(Note::StraitSupport)
}

/// For each ordered retreat (`target`: the dislodged unit it is for,
/// `dest`: where to, `pre`: why it is void, if it is), whether it fails
/// for crossing a strait: a retreat across a strait to a space another
/// valid retreat also goes to fails first, and the other may then succeed
/// (DPjudge's rule for `~` crossings; docs/RULES.md, "Straits").
/// The same for a retreat along a half-strength crossing (DPjudge's `*`,
/// 1900's Suez route).
pub(crate) fn strait_retreats_lose(v: &Variant, d: &[Dislodged], target: &[Option<usize>], dest: &[Option<Loc>], pre: &[Option<Note>]) -> Vec<bool> {
    let n = dest.len();
    if v.straits.is_empty() && v.half_strength.is_empty() {
        return vec![false; n];
    }
    let valid = |k: usize| pre[k].is_none() && dest[k].is_some();
    let weak = |a: Prov, b: Prov| v.is_strait(a, b) || v.is_half_strength(a, b);
    (0..n)
        .map(|k| {
            let (Some(l), Some(i)) = (dest[k], target[k]) else { return false };
            valid(k) && weak(d[i].unit.loc.prov, l.prov) && (0..n).any(|j| j != k && valid(j) && dest[j].is_some_and(|m| m.prov == l.prov))
        })
        .collect()
}
