//! What DPjudge's rules of play add to the variant file (docs/VARIANTS.md,
//! "Rules of play"): a power's starting centres (`owns`), dummies (`dummy`)
//! and partisan sites (`partisan`), read after its homes; a mobilizing map's
//! start (`[rules] mobilize`); half-strength crossings (`half_strength`,
//! docs/RULES.md "Half-strength crossings"); crossings for the owner of a
//! centre (`owner_only`, docs/RULES.md "Crossings for the owner of a centre").
//!
//! - `owns = ["NAP", "ROM", "VEN"]`: the centres the power owns at the
//!   start, instead of its home centres (DPjudge's `OWNS`). Each is a
//!   supply centre, and no centre is owned by two powers at the start.
//! - `dummy = true`: no player plays the power; it is neutral in every game
//!   of the variant, and builds (where `[rules] dummy_builds` says so) by
//!   itself.
//! - `partisan = ["SIB"]`: partisan build sites (DPjudge's `*` homes): land
//!   or coastal provinces that are no supply centre, each a site of one
//!   power only.

use super::{Codes, RawVariant};
use crate::map::{OwnerCrossing, Power, PowerId, Province, ProvinceKind};
use std::collections::HashMap;

pub(super) fn read(raw: &RawVariant, codes: &Codes, provinces: &[Province], powers: &mut [Power], problems: &mut Vec<String>) {
    let mut owner: HashMap<crate::map::Prov, PowerId> = HashMap::new();
    let mut partisans: HashMap<crate::map::Prov, PowerId> = HashMap::new();
    for (i, (rp, w)) in raw.power.iter().zip(powers.iter_mut()).enumerate() {
        for s in &rp.partisan {
            let Some(l) = codes.look(s, &format!("{} partisan site", w.name), problems) else { continue };
            let p = &provinces[l.prov as usize];
            if p.center || matches!(p.kind, ProvinceKind::Sea | ProvinceKind::Impassable) {
                problems.push(format!("{}: partisan site {} must be a land or coastal province that is no supply centre", w.name, p.code));
            }
            if let Some(other) = partisans.insert(l.prov, i as PowerId) {
                problems.push(format!("{}: partisan site of both {} and {}", p.code, raw.power[other as usize].name, w.name));
            }
            w.partisan.push(l.prov);
        }
        if let Some(owns) = &rp.owns {
            w.owns.clear();
            for c in owns {
                let Some(l) = codes.look(c, &format!("{} owns", w.name), problems) else { continue };
                if !provinces[l.prov as usize].center {
                    problems.push(format!("{}: starting centre {} is not a supply centre", w.name, provinces[l.prov as usize].code));
                }
                if !w.owns.contains(&l.prov) {
                    w.owns.push(l.prov);
                }
            }
        }
        for &c in &w.owns {
            if let Some(other) = owner.insert(c, i as PowerId) {
                problems.push(format!("{}: owned at the start by both {} and {}", provinces[c as usize].code, raw.power[other as usize].name, w.name));
            }
        }
    }
    if raw.power.len() > 1 && raw.power.iter().all(|p| p.dummy) {
        problems.push("every power is a dummy: a game needs a player".to_string());
    }
    if raw.power.len() > 64 && raw.power.iter().skip(64).any(|p| p.dummy) {
        problems.push("a dummy power is numbered 64 or more: only the first 64 powers may be dummies".to_string());
    }
}

/// A map whose powers mobilize (`[rules] mobilize = true`) starts in an
/// adjustment phase with no unit on the board: its first builds are the
/// powers' first units.
pub(super) fn check_mobilize(v: &crate::map::Variant, problems: &mut Vec<String>) {
    if !v.features.mobilize {
        return;
    }
    if v.start.kind != crate::phase::PhaseKind::Adjustment {
        problems.push("[rules] mobilize: the game must start in an adjustment phase (its first builds mobilize the powers)".to_string());
    }
    if v.powers.iter().any(|w| !w.units.is_empty()) {
        problems.push("[rules] mobilize: the powers start with no units (they build them)".to_string());
    }
}

/// Each province's `half_strength` neighbours (1900's Suez route): a
/// neighbour by an army or fleet edge, listed on both sides, on a map with
/// no straits (DPjudge allows one kind of crossing a map) and none of the
/// features whose layers read strengths their own way (stacks, boarding,
/// A/F units).
pub(super) fn read_half_strength(v: &mut crate::map::Variant, raw: &RawVariant, problems: &mut Vec<String>) {
    for (i, rp) in raw.province.iter().enumerate() {
        let i = i as crate::map::Prov;
        for s in &rp.half_strength {
            let code = v.code(i).to_string();
            match v.prov_by_code(s) {
                Some(q) if v.army_adjacent(i, q) || v.fleet_neighbours_of_province(i).any(|l| l.prov == q) => {
                    if !v.half_strength.contains(&(i, q)) {
                        v.half_strength.push((i, q));
                    }
                }
                Some(_) => problems.push(format!("{code}: half-strength crossing to {s}, which is not a neighbour")),
                None => problems.push(format!("{code}: `half_strength` names unknown province `{s}`")),
            }
        }
    }
    super::asymmetric_pairs(v, &v.half_strength, "half-strength crossing", problems);
    if !v.half_strength.is_empty() && (!v.straits.is_empty() || v.units_share_spaces()) {
        problems.push("half-strength crossings cannot be on a map with straits, stacks, boarding or A/F units".to_string());
    }
}

/// Each province's `owner_only` crossings (`owner_only = { AEG = "CON" }`:
/// to the Aegean only for the owner of Constantinople; imperial's
/// Bosphorus): a neighbour by an army or fleet edge, a supply centre, the
/// same centre listed on both sides, at most [`OwnerCrossing::LIMIT`] a map.
pub(super) fn read_owner_only(v: &mut crate::map::Variant, raw: &RawVariant, problems: &mut Vec<String>) {
    for (i, rp) in raw.province.iter().enumerate() {
        let i = i as crate::map::Prov;
        let code = v.code(i).to_string();
        for (s, c) in &rp.owner_only {
            let (Some(q), Some(centre)) = (v.prov_by_code(s), v.prov_by_code(c)) else {
                problems.push(format!("{code}: `owner_only` names unknown province `{s}` or `{c}`"));
                continue;
            };
            if !v.army_adjacent(i, q) && !v.fleet_neighbours_of_province(i).any(|l| l.prov == q) {
                problems.push(format!("{code}: owner-only crossing to {s}, which is not a neighbour"));
            } else if !v.provinces[centre as usize].center {
                problems.push(format!("{code}: owner-only crossing to {s} for the owner of {c}, which is no supply centre"));
            } else {
                v.owner_crossings.push(OwnerCrossing { from: i, to: q, centre });
            }
        }
    }
    for x in &v.owner_crossings {
        if !v.owner_crossings.iter().any(|y| y.from == x.to && y.to == x.from && y.centre == x.centre) {
            let (a, b) = (v.code(x.from), v.code(x.to));
            problems.push(format!("asymmetric owner-only crossing: {a} lists {b} for the owner of {} but {b} does not list {a} so", v.code(x.centre)));
        }
    }
    if v.owner_crossings.len() > OwnerCrossing::LIMIT {
        problems.push(format!("{} owner-only crossings (each way counts): at most {}", v.owner_crossings.len(), OwnerCrossing::LIMIT));
    }
    if !v.owner_crossings.is_empty() && v.units_share_spaces() {
        problems.push("owner-only crossings cannot be on a map with stacks, boarding or A/F units".to_string());
    }
}
