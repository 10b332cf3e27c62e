//! Adjustment phases: builds, removals, waives, and civil-disorder removals.
//!
//! Builds go in owned centres vacant at the start of the phase: home centres
//! by default, any owned centre where the rules say so
//! ([`Rulebook::build_sites`]: the map's `build_any`, `SET ANY CENTRES`, `SET
//! ONE CENTRE` while a home centre is still owned), one per centre, up to
//! the number owed; extra build orders are void in the order given. A fleet
//! built in a province with several coasts needs the coast. Removals are of
//! the units beyond the centres, or of any unit where the rules say so
//! ([`Rulebook::removals`], `SET ANY DISBAND`: each removal beyond those owed
//! is a build more, and removals are taken before builds). Removals not
//! ordered are chosen by the civil-disorder rule: farthest first (distance
//! in moves through any province, land or sea, to the nearest owned centre
//! — 2023 — or home centre — 1992), fleets before armies at equal distance,
//! then by province name alphabetically.

use super::{Note, OrderResult, Position, ResultKind};
use crate::map::{Coast, Loc, PowerId, Prov, ProvinceKind, Unit, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use crate::rules::{BuildSites, CivilDisorder, Removals, Rulebook};

/// Whether `power` owns `p`: a centre, or a tracked build site (1885's Sicily).
fn owns(pos: &Position, power: PowerId, p: Prov) -> bool {
    pos.centers[p as usize] == Some(power) || pos.owner(p) == Some(power)
}

/// Where `power` may build by the game's [`BuildSites`] as things stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    /// Its home centres and the map's other build sites for it.
    Home,
    /// Any centre it owns (its home centres among them).
    Anywhere,
    /// Any centre it owns that is some power's home centre (`HOME_BUILDS`).
    AnyHome,
    /// Nowhere: `SET ONE CENTRE`, and it owns none of its home centres.
    Nowhere,
    /// Its mobilization ([`mobilizing`]): any of its vacant home centres,
    /// owned by no one.
    Mobilize,
}

fn reach(v: &Variant, rules: &Rulebook, pos: &Position, power: PowerId) -> Reach {
    if v.features.mobilize && mobilizing(v, pos, power) {
        return Reach::Mobilize;
    }
    match rules.build_sites {
        BuildSites::Home => Reach::Home,
        BuildSites::Any => Reach::Anywhere,
        BuildSites::AnyHome => Reach::AnyHome,
        BuildSites::OneHome if v.powers[power as usize].home.iter().any(|&h| pos.centers[h as usize] == Some(power)) => Reach::Anywhere,
        BuildSites::OneHome => Reach::Nowhere,
    }
}

/// Whether `power` mobilizes in `pos` (DPjudge's `MOBILIZE`, 1898): on a
/// map whose powers mobilize, in the game's first phase (an adjustment),
/// owning nothing and with no unit yet, it builds its first units.
pub fn mobilizing(v: &Variant, pos: &Position, power: PowerId) -> bool {
    v.features.mobilize && pos.phase == v.start && pos.center_count(power) == 0 && pos.unit_count(power) == 0
}

/// Whether `power`'s partisan sites are in play ([`crate::map::Power::partisan`],
/// 1900's Russian Emergency Measures): it owns some but not all of its home
/// centres.
pub fn partisans_rise(v: &Variant, pos: &Position, power: PowerId) -> bool {
    let w = &v.powers[power as usize];
    if w.partisan.is_empty() {
        return false;
    }
    let held = w.home.iter().filter(|&&h| pos.centers[h as usize] == Some(power)).count();
    held > 0 && held < w.home.len()
}

/// Whether some power's count in the adjustments is not simply its centres
/// (a map whose powers mobilize, or with partisan sites): [`supply`].
pub(crate) fn counts_otherwise(v: &Variant) -> bool {
    v.features.mobilize || v.powers.iter().any(|w| !w.partisan.is_empty())
}

/// The centres `power` counts in an adjustment phase (the units it may
/// keep): those it owns, and one for each of its partisan sites while they
/// are in play ([`partisans_rise`]); while it mobilizes, one (a dummy
/// power, which builds a unit in each home: as many as its homes).
pub fn supply(v: &Variant, pos: &Position, power: PowerId) -> usize {
    if v.features.mobilize && mobilizing(v, pos, power) {
        let w = &v.powers[power as usize];
        return if w.dummy { w.home.len() } else { 1 };
    }
    let partisans = if partisans_rise(v, pos, power) { v.powers[power as usize].partisan.len() } else { 0 };
    pos.center_count(power) + partisans
}

/// The centres (and the power's other build sites, 1885 E5/E6) where
/// `power` could build now: its home centres, or by the rules any owned
/// centre ([`Rulebook::build_sites`]), owned and vacant. On a map that
/// builds at bases (Original 1958) these are its current capital and owned
/// naval bases, occupied by its own units or not (several builds may go to
/// one site).
pub fn free_homes<'a>(v: &'a Variant, rules: &Rulebook, pos: &'a Position, power: PowerId) -> impl Iterator<Item = Prov> + use<'a> {
    // one of the two lists is empty (no allocation on the standard path)
    let at_bases = v.builds_at_bases();
    let w = &v.powers[power as usize];
    let reach = reach(v, rules, pos, power);
    // any owned centre (chaos, SET ANY CENTRES), or any owned home centre of
    // another power (HOME_BUILDS): the others after the homes
    let anywhere = matches!(reach, Reach::Anywhere | Reach::AnyHome).then(|| {
        (0..v.provinces.len() as Prov)
            .filter(move |&p| v.is_center(p) && !w.home.contains(&p) && !w.build_sites.contains(&p) && (reach == Reach::Anywhere || v.home_of(p).is_some()))
    });
    let own = (reach != Reach::Nowhere).then(|| w.home.iter().chain(&w.build_sites).copied());
    // a mobilizing power builds in a home centre no one owns yet
    let mobilize = reach == Reach::Mobilize;
    // partisan sites while they are in play (1900's Siberia)
    let partisan = partisans_rise(v, pos, power).then(|| w.partisan.iter().copied().filter(move |&s| pos.unit_at(s).is_none()));
    let homes = own
        .into_iter()
        .flatten()
        .chain(anywhere.into_iter().flatten())
        .filter(move |&h| !at_bases && (mobilize && w.home.contains(&h) || owns(pos, power, h)) && pos.unit_at(h).is_none())
        .chain(partisan.into_iter().flatten());
    let own_or_empty = move |p: &Prov| pos.units.iter().all(|u| u.loc.prov != *p || u.power == power);
    let bases = at_bases
        .then(|| v.current_capital(power, &pos.centers).into_iter().chain(v.owned_naval_bases(power, &pos.centers).map(|l| l.prov)).filter(own_or_empty))
        .into_iter()
        .flatten();
    homes.chain(bases)
}

/// How many builds `power` can make this adjustment phase: what it is owed
/// (centres beyond units), limited on the standard map by its free build
/// sites, one build each; where builds go to capitals and naval bases,
/// which take any number (docs/ORIGINAL1958.md D14), by having a site at all.
pub fn builds_possible(v: &Variant, rules: &Rulebook, pos: &Position, power: PowerId) -> usize {
    builds_allowed(v, rules, pos, power, 0)
}

/// [`builds_possible`] once `power` has removed `removals` of its units:
/// with `SET ANY DISBAND` ([`Removals::Any`]) each removal beyond those
/// owed is one build more; otherwise removals add none.
pub fn builds_allowed(v: &Variant, rules: &Rulebook, pos: &Position, power: PowerId, removals: usize) -> usize {
    let freed = if rules.removals == Removals::Any { removals } else { 0 };
    builds_owed(v, rules, pos, power, (supply(v, pos, power) + freed).saturating_sub(pos.unit_count(power)))
}

/// [`builds_possible`], `owed` builds (centres beyond units) given.
pub(crate) fn builds_owed(v: &Variant, rules: &Rulebook, pos: &Position, power: PowerId, owed: usize) -> usize {
    if owed == 0 {
        return 0;
    }
    if v.builds_at_bases() {
        if free_homes(v, rules, pos, power).next().is_some() { owed } else { 0 }
    } else {
        owed.min(free_homes(v, rules, pos, power).count())
    }
}

/// What the orders of an adjustment phase have done so far: builds and
/// removals each power still owes (negative: removals), the units, which of
/// them are removed, and where builds went.
pub(crate) struct Tally {
    pub owed: Vec<i64>,
    pub units: Vec<Unit>,
    pub removed: Vec<bool>,
    pub built_in: Vec<Prov>,
    /// Where each power may build ([`Rulebook::build_sites`]), by power.
    reach: Vec<Reach>,
    /// Whether any unit may be removed ([`Removals::Any`]).
    any_removal: bool,
}

impl Tally {
    /// Before any order (a neutral power is owed no builds, but a dummy
    /// that builds by itself: [`super::dummy`]).
    pub(crate) fn new(v: &Variant, rules: &Rulebook, pos: &Position) -> Tally {
        let np = v.powers.len();
        let mut owed: Vec<i64> = pos.counts(np).iter().map(|c| c.centers as i64 - c.units as i64).collect();
        if counts_otherwise(v) {
            for (p, o) in owed.iter_mut().enumerate() {
                *o = supply(v, pos, p as PowerId) as i64 - pos.unit_count(p as PowerId) as i64;
            }
        }
        if rules.neutral != 0 {
            // a neutral power never builds (and is owed no waives)
            for (p, o) in owed.iter_mut().enumerate() {
                if rules.is_neutral(p as PowerId) && !super::dummy::builds(v, rules, p as PowerId) {
                    *o = (*o).min(0);
                }
            }
        }
        let reach = (0..np as PowerId).map(|p| reach(v, rules, pos, p)).collect();
        Tally {
            owed,
            units: pos.units.clone(),
            removed: vec![false; pos.units.len()],
            built_in: Vec::new(),
            reach,
            any_removal: rules.removals == Removals::Any,
        }
    }
}

/// The order in which a power's adjustment orders are taken: as given,
/// but with `SET ANY DISBAND` its removals first (a removal makes room
/// for a build; written after the build it still makes it).
pub(crate) fn in_turn(rules: &Rulebook, orders: &[(PowerId, Order)]) -> Vec<usize> {
    let mut turn: Vec<usize> = (0..orders.len()).collect();
    if rules.removals == Removals::Any {
        turn.sort_by_key(|&i| !matches!(orders[i].1, Order::Disband(_)));
    }
    turn
}

/// One adjustment order, taken in its turn: its result, and the note why
/// where it is void (`order` gets the type of the unit built or removed).
/// The one test of an adjustment order: the adjudicator and
/// [`crate::check`] both use it.
pub(crate) fn step(v: &Variant, pos: &Position, t: &mut Tally, power: PowerId, order: &mut Order) -> (ResultKind, Option<Note>) {
    let p = power as usize;
    match order {
        Order::Waive => {
            if t.owed[p] > 0 {
                t.owed[p] -= 1;
                (ResultKind::Ok, None)
            } else {
                (ResultKind::Void, Some(Note::BuildNotOwed))
            }
        }
        Order::Build(spec) => match check_build(v, pos, power, spec, &t.built_in, t.owed[p], t.reach[p]) {
            Ok(unit) => {
                t.owed[p] -= 1;
                t.built_in.push(unit.loc.prov);
                t.units.push(unit);
                (ResultKind::Ok, None)
            }
            Err(n) => (ResultKind::Void, Some(n)),
        },
        // of several units in one space (a 1958 stack), the first of the
        // power's units of that type not already removed
        Order::Disband(spec) => match (0..pos.units.len())
            .filter(|&i| pos.units[i].loc.prov == spec.loc.prov)
            .min_by_key(|&i| (pos.units[i].power != power, spec.kind.is_some_and(|k| k != pos.units[i].kind), t.removed[i], pos.units[i].aboard))
        {
            None => (ResultKind::Void, Some(Note::NoSuchUnit)),
            Some(i) if pos.units[i].power != power => (ResultKind::Void, Some(Note::NotYourUnit)),
            Some(i) if spec.kind.is_some_and(|k| k != pos.units[i].kind) => (ResultKind::Void, Some(Note::WrongUnitType)),
            Some(i) if t.removed[i] || (t.owed[p] >= 0 && !t.any_removal) => (ResultKind::Void, Some(Note::RemoveNotOwed)),
            Some(i) => {
                spec.kind = Some(pos.units[i].kind);
                t.removed[i] = true;
                t.owed[p] += 1;
                if v.features.boarding || v.features.army_fleet {
                    unload(v, pos, i, &mut t.units, &mut t.removed, &mut t.owed);
                }
                (ResultKind::Ok, None)
            }
        },
        _ => (ResultKind::Void, Some(Note::WrongPhase)),
    }
}

pub fn adjudicate(v: &Variant, rules: &Rulebook, pos: &Position, orders: &[(PowerId, Order)]) -> (Vec<OrderResult>, Vec<Unit>) {
    let np = v.powers.len();
    let mut t = Tally::new(v, rules, pos);
    let mut taken: Vec<Option<OrderResult>> = vec![None; orders.len()];
    for i in in_turn(rules, orders) {
        let (power, mut order) = orders[i];
        let (result, note) = step(v, pos, &mut t, power, &mut order);
        taken[i] = Some(OrderResult { power, order, result, note, defaulted: false, by: None });
    }
    let mut results: Vec<OrderResult> = taken.into_iter().flatten().collect();
    let Tally { mut owed, mut units, mut removed, .. } = t;
    #[allow(clippy::needless_range_loop, reason = "p is both the index and the power")]
    for p in 0..np {
        let power = p as PowerId;
        if owed[p] > 0 && super::dummy::builds(v, rules, power) {
            dummy_builds(v, rules, pos, power, (&mut owed[p], &mut units), &mut results);
        }
        while owed[p] > 0 {
            owed[p] -= 1;
            results.push(OrderResult { power, order: Order::Waive, result: ResultKind::Ok, note: Some(Note::DefaultWaive), defaulted: true, by: None });
        }
        if owed[p] < 0 {
            let targets: Vec<Prov> = match rules.civil_disorder {
                CivilDisorder::Owned2023 | CivilDisorder::LeastEffect => {
                    (0..v.provinces.len() as Prov).filter(|&c| pos.centers[c as usize] == Some(power)).collect()
                }
                CivilDisorder::Home1992 => v.powers[p].home.clone(),
            };
            let least = rules.civil_disorder == CivilDisorder::LeastEffect;
            // for the GM's suggestion (E18): how far each unit is from the
            // nearest unit of another power (the least engaged go first)
            let foreign: Vec<Prov> = if least { pos.units.iter().filter(|x| x.power != power).map(|x| x.loc.prov).collect() } else { Vec::new() };
            let mut cands: Vec<(bool, u32, u32, bool, &str, usize)> = (0..pos.units.len())
                .filter(|&i| pos.units[i].power == power && !removed[i])
                .map(|i| {
                    let u = &pos.units[i];
                    let dist = v.distance_to_any(u.loc.prov, &targets).unwrap_or(u32::MAX);
                    let apart = if least { v.distance_to_any(u.loc.prov, &foreign).unwrap_or(u32::MAX) } else { 0 };
                    // an army on board ranks just before its fleet (D18)
                    (least && gifts_centre(v, pos, u), dist, apart, u.kind == UnitType::Fleet || u.aboard, v.province(u.loc.prov).name.as_str(), i)
                })
                .collect();
            cands.sort_by(|a, b| {
                a.0.cmp(&b.0)
                    .then(b.1.cmp(&a.1))
                    .then(b.2.cmp(&a.2))
                    .then(b.3.cmp(&a.3))
                    .then(a.4.cmp(b.4))
                    .then(pos.units[b.5].aboard.cmp(&pos.units[a.5].aboard))
            });
            for &(_, _, _, _, _, i) in &cands {
                if owed[p] >= 0 {
                    break;
                }
                if removed[i] {
                    continue;
                }
                removed[i] = true;
                owed[p] += 1;
                if v.features.boarding || v.features.army_fleet {
                    unload(v, pos, i, &mut units, &mut removed, &mut owed);
                }
                let u = pos.units[i];
                results.push(OrderResult {
                    power,
                    order: Order::Disband(UnitSpec::new(Some(u.kind), u.loc)),
                    result: ResultKind::Ok,
                    note: Some(Note::CivilDisorder),
                    defaulted: true,
                    by: None,
                });
            }
        }
    }
    let mut out: Vec<Unit> = Vec::with_capacity(units.len());
    for (i, u) in units.into_iter().enumerate() {
        if i < removed.len() && removed[i] {
            continue;
        }
        out.push(u);
    }
    (results, out)
}

/// A dummy's builds made ([`super::dummy`]): each one added to `units` and
/// `results` (a default, noted [`Note::DummyBuild`]), and taken off what it
/// is `owed`.
fn dummy_builds(v: &Variant, rules: &Rulebook, pos: &Position, power: PowerId, (owed, units): (&mut i64, &mut Vec<Unit>), results: &mut Vec<OrderResult>) {
    let free: Vec<Prov> = free_homes(v, rules, pos, power).filter(|p| units.iter().all(|u| u.loc.prov != *p)).collect();
    for u in super::dummy::choose(v, power, &free, (*owed).max(0) as usize) {
        *owed -= 1;
        units.push(u);
        let order = Order::Build(UnitSpec::new(Some(u.kind), u.loc));
        results.push(OrderResult { power, order, result: ResultKind::Ok, note: Some(Note::DummyBuild), defaulted: true, by: None });
    }
}

/// Whether removing `u` would leave an owned supply centre empty with a
/// unit of another power next to it that could move in (1885, E18).
fn gifts_centre(v: &Variant, pos: &Position, u: &Unit) -> bool {
    let c = u.loc.prov;
    if u.aboard || !v.is_center(c) || pos.centers[c as usize] != Some(u.power) {
        return false;
    }
    pos.units.iter().any(|x| {
        x.power != u.power
            && !x.aboard
            && match x.kind {
                UnitType::Army => v.army_adjacent(x.loc.prov, c),
                UnitType::Fleet => v.fleet_reaches(x.loc, c),
            }
    })
}

/// The units the engine removes for `power` when it orders none of the
/// removals it owes, in the order it takes them: the GM's preview where the
/// GM chooses removals (1885, E18), the civil-disorder choice elsewhere.
pub fn default_removals(v: &Variant, rules: &Rulebook, pos: &Position, power: PowerId) -> Vec<Unit> {
    let (results, _) = adjudicate(v, rules, pos, &[]);
    results
        .into_iter()
        .filter(|r| r.power == power && matches!(r.order, Order::Disband(_)))
        .filter_map(|r| r.order.unit().map(|s| (s.kind, s.loc)))
        .filter_map(|(k, l)| pos.units.iter().copied().find(|u| u.power == power && u.loc == l && Some(u.kind) == k))
        .collect()
}

/// After the removal of unit `i`: a carrying fleet at sea takes its army with
/// it (a removal for the army's power too, if it still owes one), one in a
/// coastal province puts it ashore (docs/ORIGINAL1958.md D17).
#[cold]
fn unload(v: &Variant, pos: &Position, i: usize, units: &mut [Unit], removed: &mut [bool], owed: &mut [i64]) {
    let f = pos.units[i];
    if f.kind != UnitType::Fleet {
        return;
    }
    let Some(a) = (0..pos.units.len()).find(|&a| pos.units[a].aboard && pos.units[a].loc.prov == f.loc.prov && !removed[a]) else { return };
    if v.kind(f.loc.prov) == ProvinceKind::Sea {
        removed[a] = true;
        // a foreign army is an extra loss to its power, no removal of its own
        let ap = pos.units[a].power as usize;
        if pos.units[a].power == f.power && owed[ap] < 0 {
            owed[ap] += 1;
        }
    } else {
        units[a].aboard = false;
    }
}

fn check_build(v: &Variant, pos: &Position, power: PowerId, spec: &mut UnitSpec, built_in: &[Prov], owed: i64, reach: Reach) -> Result<Unit, Note> {
    let p = spec.loc.prov;
    if owed <= 0 {
        return Err(Note::BuildNotOwed);
    }
    if v.builds_at_bases() {
        return check_base_build(v, pos, power, spec);
    }
    let w = &v.powers[power as usize];
    let home = w.home.contains(&p) || w.build_sites.contains(&p);
    // a partisan site (1900's Siberia) while in play: no centre, owned by no one
    let partisan = w.partisan.contains(&p);
    if partisan && !partisans_rise(v, pos, power) {
        return Err(Note::BuildPartisanIdle);
    }
    match reach {
        _ if partisan => {}
        Reach::Nowhere => return Err(Note::BuildNeedsHome),
        Reach::Home | Reach::Mobilize if !home => return Err(Note::BuildNotHome),
        Reach::Anywhere if !home && !v.is_center(p) => return Err(Note::BuildNotCentre),
        Reach::AnyHome if !home && v.home_of(p).is_none() => return Err(Note::BuildNotAnyHome),
        _ => {}
    }
    if reach != Reach::Mobilize && !partisan && !owns(pos, power, p) {
        return Err(Note::BuildNotOwned);
    }
    if pos.unit_at(p).is_some() || built_in.contains(&p) {
        return Err(Note::BuildOccupied);
    }
    let kind = match spec.kind {
        Some(k) => k,
        None => match v.kind(p) {
            ProvinceKind::Land => UnitType::Army,
            ProvinceKind::Sea => UnitType::Fleet,
            _ if spec.loc.coast != Coast::None => UnitType::Fleet,
            _ => return Err(Note::BuildNeedsType),
        },
    };
    spec.kind = Some(kind);
    let mut loc = spec.loc;
    if kind == UnitType::Army {
        loc.coast = Coast::None;
    } else if v.has_coasts(p) && loc.coast == Coast::None {
        return Err(Note::BuildNeedsCoast);
    }
    if !v.valid_location(kind, loc) {
        return Err(Note::BuildBadType);
    }
    Ok(Unit { power, kind, loc, aboard: false })
}

/// A build on a map that builds armies in the capital and fleets in naval
/// bases (Original 1958, docs/ORIGINAL1958.md D14-D16): the site may already
/// hold the power's own units, and several builds may go to it.
fn check_base_build(v: &Variant, pos: &Position, power: PowerId, spec: &mut UnitSpec) -> Result<Unit, Note> {
    let p = spec.loc.prov;
    let capital = v.current_capital(power, &pos.centers);
    let bases: Vec<Loc> = v.owned_naval_bases(power, &pos.centers).collect();
    let base_here = bases.iter().find(|b| b.prov == p).copied();
    let kind = match spec.kind {
        Some(k) => k,
        // written without a type: what the site takes
        None => match (capital == Some(p), base_here.is_some()) {
            (true, false) => UnitType::Army,
            (false, true) => UnitType::Fleet,
            (true, true) if spec.loc.coast != Coast::None => UnitType::Fleet,
            (true, true) => return Err(Note::BuildNeedsType),
            (false, false) => return Err(if v.powers[power as usize].home.contains(&p) { Note::BuildNotBase } else { Note::BuildNotHome }),
        },
    };
    if pos.centers[p as usize] != Some(power) {
        return Err(Note::BuildNotOwned);
    }
    let loc = match kind {
        UnitType::Army if capital == Some(p) => Loc::new(p),
        UnitType::Army => return Err(Note::BuildNotBase),
        UnitType::Fleet => match base_here {
            // a base on one coast of a two-coast province: that coast, written or not
            Some(b) if spec.loc.coast == Coast::None || spec.loc.coast == b.coast => b,
            _ => return Err(Note::BuildNotBase),
        },
    };
    if pos.units.iter().any(|u| u.loc.prov == p && u.power != power) {
        return Err(Note::BuildOccupied);
    }
    spec.kind = Some(kind);
    spec.loc = loc;
    Ok(Unit { power, kind, loc, aboard: false })
}

/// The position after a mobilization phase ([`mobilizing`]): each centre a
/// power built in is its own (the others stay unowned).
pub(crate) fn mobilized(v: &Variant, pos: &Position, results: &[OrderResult]) -> Position {
    let mut after = pos.clone();
    for r in results.iter().filter(|r| r.result == ResultKind::Ok) {
        if let Order::Build(spec) = r.order
            && mobilizing(v, pos, r.power)
        {
            after.centers[spec.loc.prov as usize] = Some(r.power);
        }
    }
    after
}
