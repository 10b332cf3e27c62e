//! The TOML variant file (format: `config/variants/README.md`): the serde
//! structures it deserializes to, and the build that validates them into a
//! [`Variant`]. The DPjudge reader (`super::dpjudge`) produces the same
//! structures, so one validation serves both formats, and writing a variant
//! file is serializing a [`RawVariant`].

use super::choices::RuleChoice;
use super::{
    AllianceVictory, Coast, Features, Loc, MapError, NeighbourOrder, Power, PowerId, Prov, Province, ProvinceKind, Stacking, Uncertain, Unit, UnitType,
    Variant, Victory, loc_text, other,
};
use crate::phase::{Calendar, Era, Phase, PhaseKind, Season, YearDivisor};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};

mod politics;

// ---------------------------------------------------------------- raw file

#[derive(Deserialize, Serialize, Default, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawVariant {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub start: String,
    /// Whether each province's `clockwise` list is its neighbours as drawn
    /// (the default) or only in file order (an imported `.map`).
    #[serde(default)]
    #[serde(skip_serializing_if = "NeighbourOrder::is_drawn")]
    pub neighbour_order: NeighbourOrder,
    pub victory: RawVictory,
    pub calendar: RawCalendar,
    #[serde(default)]
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub rules: BTreeMap<String, toml::Value>,
    pub power: Vec<RawPower>,
    pub province: Vec<RawProvince>,
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub uncertain: Vec<RawUncertain>,
    /// Rules of the variant the engine does not implement yet, named by the
    /// file itself (rules that are no map feature: 1885's High Ocean Box).
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_implemented: Vec<String>,
}

#[derive(Deserialize, Serialize, Default, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawUncertain {
    pub a: String,
    pub b: String,
    pub reading: String,
    pub kinds: String,
    pub why: String,
}

#[derive(Deserialize, Serialize, Default, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawVictory {
    pub kind: String,
    pub count: u32,
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub alliance: Vec<RawAlliance>,
}

#[derive(Deserialize, Serialize, Default, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawAlliance {
    pub powers: u32,
    pub count: u32,
    pub each: u32,
}

#[derive(Deserialize, Serialize, Default, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawCalendar {
    /// The first year as written (273 of 273 B.C.).
    pub first_year: i32,
    /// Years from one year of play to the next (DPjudge's `NEWYEAR:5`).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub year_step: u32,
    /// `BC`: years counted down (273 B.C., 272 B.C.); none, `AD`: up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub era: Option<String>,
    pub seasons: Vec<RawSeason>,
    pub ownership_after: Vec<String>,
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

#[derive(Deserialize, Serialize, Default, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawSeason {
    pub code: String,
    pub name: String,
    pub phases: Vec<String>,
    /// Played only in the years (as written) dividing by this (DPjudge's
    /// `IFYEARDIV`), leaving `remainder`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remainder: Option<u32>,
}

#[derive(Deserialize, Serialize, Default, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawPower {
    pub name: String,
    pub adjective: String,
    pub letter: String,
    pub home: Vec<String>,
    pub units: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capital: Option<String>,
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub naval_bases: Vec<String>,
    /// `choice = { switch = ["STP", "SEV"], max = 1 }` (1885-III E3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choice: Option<RawChoice>,
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub build_sites: Vec<String>,
    /// The centres it owns at the start, when they are not its home centres
    /// (toml/politics.rs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owns: Option<Vec<String>>,
    /// No player plays it (toml/politics.rs).
    #[serde(default)]
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub dummy: bool,
    /// Partisan build sites (toml/politics.rs).
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub partisan: Vec<String>,
}

#[derive(Deserialize, Serialize, Default, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawChoice {
    pub switch: Vec<String>,
    pub max: u8,
}

#[derive(Deserialize, Serialize, Default, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawProvince {
    pub id: String,
    pub name: String,
    pub kind: ProvinceKind,
    #[serde(default)]
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub center: bool,
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub army: Vec<String>,
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fleet: Vec<String>,
    #[serde(default)]
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub coast: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub clockwise: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pos: Option<[f64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capacity: Option<u8>,
    #[serde(default)]
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ocean_box: bool,
    #[serde(default)]
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub port: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ownership_until: Option<String>,
    /// Seasons (codes) in which a seasonal sea space is open (map/terrain.rs).
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub open_in: Vec<String>,
    /// Army neighbours reached across a strait (map/terrain.rs).
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub straits: Vec<String>,
    /// Neighbours reached at half strength (toml/politics.rs, map/terrain.rs).
    #[serde(default)]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub half_strength: Vec<String>,
    /// Neighbours only the owner of a centre may cross to: neighbour code
    /// to centre code (toml/politics.rs).
    #[serde(default)]
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub owner_only: BTreeMap<String, String>,
}

/// Province codes to their index, for looking up the names a file writes
/// (`ROM`, `SPA/NC`); an unknown name is recorded as a problem.
struct Codes {
    index: HashMap<String, Prov>,
}

impl Codes {
    fn read(raw: &RawVariant, problems: &mut Vec<String>) -> Codes {
        let mut index = HashMap::new();
        for (i, p) in raw.province.iter().enumerate() {
            let code = p.id.to_ascii_uppercase();
            if code.is_empty() || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
                problems.push(format!("province id `{}` must be letters and digits", p.id));
            }
            if index.insert(code.clone(), i as Prov).is_some() {
                problems.push(format!("province `{code}` is defined twice"));
            }
        }
        let n = raw.province.len();
        if n > Prov::MAX as usize / 5 {
            problems.push(format!("too many provinces ({n})"));
        }
        Codes { index }
    }

    fn look(&self, s: &str, ctx: &str, problems: &mut Vec<String>) -> Option<Loc> {
        let (p, c) = match s.split_once('/') {
            Some((p, c)) => (p, Some(c)),
            None => (s, None),
        };
        let Some(&prov) = self.index.get(&p.to_ascii_uppercase()) else {
            problems.push(format!("{ctx}: unknown province `{s}`"));
            return None;
        };
        let coast = match c {
            None => Coast::None,
            Some(c) => match Coast::from_code(c) {
                Some(c) => c,
                None => {
                    problems.push(format!("{ctx}: unknown coast `{c}` in `{s}`"));
                    return None;
                }
            },
        };
        Some(Loc::with(prov, coast))
    }
}

/// The provinces and their adjacency lists, as written (checked later).
struct Geography {
    provinces: Vec<Province>,
    army_adj: Vec<Vec<Prov>>,
    fleet_adj: Vec<Vec<Loc>>,
}

pub(crate) fn build(raw: RawVariant) -> Result<Variant, MapError> {
    let mut problems = Vec::new();
    let vname = raw.name.clone();
    let codes = Codes::read(&raw, &mut problems);
    let mut geo = read_provinces(&raw, &codes, &mut problems);
    if !problems.is_empty() {
        return Err(MapError { variant: vname, problems, unsupported: false });
    }
    for i in 0..geo.provinces.len() {
        check_province(&geo, i as Prov, &mut problems);
    }
    let powers = read_powers(&raw, &codes, &mut geo.provinces, &mut problems);
    let calendar = read_calendar(&raw.calendar, &mut problems);
    let start = read_start(&raw, &calendar, &mut problems);
    read_ownership_until(&raw, &calendar, &mut geo.provinces, &mut problems);
    let (victory, alliances) = read_victory(&raw, &mut problems);
    let (features, rules) = read_rules(&raw, &mut problems);
    let uncertain = read_uncertain(&raw, &codes, &mut problems);

    let Geography { provinces, army_adj, fleet_adj } = geo;
    let wide = provinces.iter().any(|p| p.capacity > 1 || p.ocean_box);
    let mut variant = Variant {
        name: raw.name.to_ascii_lowercase(),
        title: raw.title.clone().unwrap_or_else(|| raw.name.clone()),
        provinces,
        powers,
        calendar,
        start,
        victory,
        rules,
        features,
        alliances,
        wide,
        not_implemented: raw.not_implemented.clone(),
        neighbour_order: raw.neighbour_order,
        picture: None,
        uncertain,
        straits: Vec::new(),
        half_strength: Vec::new(),
        owner_crossings: Vec::new(),
        seasonal: Vec::new(),
        army_adj,
        fleet_adj,
        code_index: codes.index,
        names: super::names::NameIndex::default(),
        distances: Default::default(),
    };
    read_terrain(&mut variant, &raw, &mut problems);
    politics::read_half_strength(&mut variant, &raw, &mut problems);
    politics::read_owner_only(&mut variant, &raw, &mut problems);
    place_units(&mut variant, &raw, &mut problems);
    check_choices(&variant, &mut problems);
    check_uncertain(&variant, &mut problems);
    politics::check_mobilize(&variant, &mut problems);

    // name index (aliases must not clash)
    match super::names::NameIndex::build(&variant) {
        Ok(ix) => variant.names = ix,
        Err(clashes) => problems.extend(clashes),
    }
    for e in variant.rules.iter().filter_map(|c| c.fits(&variant).err()) {
        problems.push(format!("[rules]: {e}"));
    }

    if problems.is_empty() {
        Ok(variant)
    } else {
        problems.sort();
        problems.dedup();
        Err(MapError { variant: vname, problems, unsupported: false })
    }
}

/// Each province with its adjacency lists and clockwise order, names looked up.
fn read_provinces(raw: &RawVariant, codes: &Codes, problems: &mut Vec<String>) -> Geography {
    let n = raw.province.len();
    let mut geo = Geography { provinces: Vec::with_capacity(n), army_adj: vec![Vec::new(); n], fleet_adj: vec![Vec::new(); n * 5] };
    for (i, p) in raw.province.iter().enumerate() {
        let code = p.id.to_ascii_uppercase();
        let mut coasts = Vec::new();
        for c in p.coast.keys() {
            match Coast::from_code(c) {
                Some(c) => coasts.push(c),
                None => problems.push(format!("{code}: unknown coast `{c}`")),
            }
        }
        if !coasts.is_empty() && !p.fleet.is_empty() {
            problems.push(format!("{code}: a province with coasts lists fleet moves per coast, not in `fleet`"));
        }
        if coasts.len() == 1 {
            problems.push(format!("{code}: a province with one coast must not name it"));
        }
        read_edges(&mut geo, i as Prov, p, codes, problems);
        let clockwise = p.clockwise.iter().filter_map(|c| codes.look(c, &format!("{code} clockwise"), problems)).map(|l| l.prov).collect();
        geo.provinces.push(Province {
            code: code.clone(),
            name: p.name.clone(),
            kind: p.kind,
            center: p.center,
            aliases: p.aliases.clone(),
            coasts,
            clockwise,
            pos: p.pos.map(|[x, y]| (x, y)),
            capacity: p.capacity.unwrap_or(1),
            ocean_box: p.ocean_box,
            port: p.port,
            tracked: None,
            ownership_until: None,
            open_in: Vec::new(),
        });
        check_province_fields(p, &code, problems);
    }
    geo
}

/// A province's army, fleet and per-coast fleet edges into the lists.
fn read_edges(geo: &mut Geography, i: Prov, p: &RawProvince, codes: &Codes, problems: &mut Vec<String>) {
    let code = p.id.to_ascii_uppercase();
    for a in &p.army {
        if let Some(l) = codes.look(a, &format!("{code} army"), problems) {
            geo.army_adj[i as usize].push(l.prov);
        }
    }
    for f in &p.fleet {
        if let Some(l) = codes.look(f, &format!("{code} fleet"), problems) {
            geo.fleet_adj[Loc::new(i).slot()].push(l);
        }
    }
    for (c, list) in &p.coast {
        let Some(coast) = Coast::from_code(c) else { continue };
        for f in list {
            if let Some(l) = codes.look(f, &format!("{code}/{c} fleet"), problems) {
                geo.fleet_adj[Loc::with(i, coast).slot()].push(l);
            }
        }
    }
}

/// `owner`, `ownership_until`, `ocean_box` and `port` only where they make sense.
fn check_province_fields(p: &RawProvince, code: &str, problems: &mut Vec<String>) {
    if p.owner.is_some() && (p.center || matches!(p.kind, ProvinceKind::Sea | ProvinceKind::Impassable)) {
        problems.push(format!("{code}: `owner` is for a land or coastal province that is not a supply centre"));
    }
    if p.ownership_until.is_some() && !p.center {
        problems.push(format!("{code}: `ownership_until` is for a supply centre"));
    }
    if p.ocean_box && (p.kind != ProvinceKind::Sea || p.capacity.is_some() || p.center) {
        problems.push(format!("{code}: an `ocean_box` is a sea space, no centre, with no `capacity` (it holds any number)"));
    }
    if p.port && p.kind != ProvinceKind::Coast {
        problems.push(format!("{code}: a `port` is a coastal province (`kind = \"coast\"`)"));
    }
}

/// One province's edges: allowed for its kind and the other end's, symmetric,
/// and exactly the neighbours its clockwise order lists.
fn check_province(geo: &Geography, i: Prov, problems: &mut Vec<String>) {
    let p = &geo.provinces[i as usize];
    if p.center && matches!(p.kind, ProvinceKind::Sea | ProvinceKind::Impassable) && p.capacity == 1 {
        problems.push(format!("{}: a sea or impassable province cannot be a supply centre", p.code));
    }
    check_army_edges(geo, i, problems);
    let mut locs = vec![Loc::new(i)];
    locs.extend(p.coasts.iter().map(|&c| Loc::with(i, c)));
    for &l in &locs {
        check_fleet_edges(geo, l, problems);
    }
    check_clockwise(geo, i, &locs, problems);
}

fn check_army_edges(geo: &Geography, i: Prov, problems: &mut Vec<String>) {
    let p = &geo.provinces[i as usize];
    for &q in &geo.army_adj[i as usize] {
        let qp = &geo.provinces[q as usize];
        if q == i {
            problems.push(format!("{}: army adjacency to itself", p.code));
        }
        if matches!(p.kind, ProvinceKind::Sea | ProvinceKind::Impassable) {
            problems.push(format!("{}: army edge from a {:?} province to {}", p.code, p.kind, qp.code));
        }
        if matches!(qp.kind, ProvinceKind::Sea | ProvinceKind::Impassable) {
            problems.push(format!("{}: army edge to {} which is {:?}", p.code, qp.code, qp.kind));
        }
        if !geo.army_adj[q as usize].contains(&i) {
            problems.push(format!("asymmetric army adjacency: {} lists {} but {} does not list {}", p.code, qp.code, qp.code, p.code));
        }
    }
}

fn check_fleet_edges(geo: &Geography, l: Loc, problems: &mut Vec<String>) {
    let provinces = &geo.provinces;
    let p = &provinces[l.prov as usize];
    for &m in &geo.fleet_adj[l.slot()] {
        let qp = &provinces[m.prov as usize];
        let from = loc_text(provinces, l);
        let to = loc_text(provinces, m);
        if matches!(p.kind, ProvinceKind::Land | ProvinceKind::Impassable) {
            problems.push(format!("{from}: fleet edge from an inland province to {to}"));
        }
        if matches!(qp.kind, ProvinceKind::Land | ProvinceKind::Impassable) {
            problems.push(
                format!("{from}: fleet edge to {to} which is {:?} (fleets cannot enter it)", qp.kind)
                    .replace("Land", "inland")
                    .replace("Impassable", "impassable"),
            );
        }
        if !qp.coasts.is_empty() && m.coast == Coast::None {
            problems.push(format!("{from}: fleet edge to {to} must name the coast"));
        }
        if qp.coasts.is_empty() && m.coast != Coast::None {
            problems.push(format!("{from}: fleet edge to {to}: {} has no coasts", qp.code));
        }
        if m.coast != Coast::None && !qp.coasts.contains(&m.coast) {
            continue;
        }
        if !geo.fleet_adj[m.slot()].contains(&l) {
            problems.push(format!("asymmetric fleet adjacency: {from} lists {to} but {to} does not list {from}"));
        }
    }
}

/// The clockwise order lists exactly the neighbours.
fn check_clockwise(geo: &Geography, i: Prov, locs: &[Loc], problems: &mut Vec<String>) {
    let provinces = &geo.provinces;
    let p = &provinces[i as usize];
    let mut nb: HashSet<Prov> = geo.army_adj[i as usize].iter().copied().collect();
    for &l in locs {
        nb.extend(geo.fleet_adj[l.slot()].iter().map(|m| m.prov));
    }
    let cw: HashSet<Prov> = p.clockwise.iter().copied().collect();
    if cw.len() != p.clockwise.len() {
        problems.push(format!("{}: clockwise order lists a province twice", p.code));
    }
    for q in &nb {
        if !cw.contains(q) {
            problems.push(format!("{}: clockwise order misses neighbour {}", p.code, provinces[*q as usize].code));
        }
    }
    for q in &cw {
        if !nb.contains(q) && provinces[*q as usize].kind != ProvinceKind::Impassable && p.kind != ProvinceKind::Impassable {
            problems.push(format!("{}: clockwise order lists {}, which is not a neighbour", p.code, provinces[*q as usize].code));
        }
    }
}

/// The powers (units are placed later), and the provinces an `owner` tracks.
fn read_powers(raw: &RawVariant, codes: &Codes, provinces: &mut [Province], problems: &mut Vec<String>) -> Vec<Power> {
    let mut powers = Vec::new();
    let mut home_owner: HashMap<Prov, String> = HashMap::new();
    let mut letters = HashSet::new();
    for rp in &raw.power {
        let name = rp.name.to_ascii_uppercase();
        // letters, with `-` and `.` (`NEW-YORK`, Empire's `B.C.`)
        if !name.starts_with(|c: char| c.is_ascii_alphabetic()) || !name.chars().all(|c| c.is_ascii_alphabetic() || c == '-' || c == '.') {
            problems.push(format!("power `{}`: name must be letters (and `-` or `.`)", rp.name));
        }
        let letter = rp.letter.chars().next().unwrap_or('?').to_ascii_uppercase();
        if rp.letter.chars().count() != 1 || !letters.insert(letter) {
            problems.push(format!("power {name}: letter `{}` must be one character, unique", rp.letter));
        }
        let mut home = Vec::new();
        for h in &rp.home {
            let Some(l) = codes.look(h, &format!("{name} home"), problems) else { continue };
            if !provinces[l.prov as usize].center {
                problems.push(format!("{name}: home centre {} is not a supply centre", provinces[l.prov as usize].code));
            }
            if let Some(other) = home_owner.insert(l.prov, name.clone()) {
                problems.push(format!("{}: home centre of both {other} and {name}", provinces[l.prov as usize].code));
            }
            home.push(l.prov);
        }
        let capital = rp.capital.as_ref().and_then(|c| codes.look(c, &format!("{name} capital"), problems)).map(|l| l.prov);
        if let Some(c) = capital
            && !home.contains(&c)
        {
            problems.push(format!("{name}: capital {} is not one of its home centres", provinces[c as usize].code));
        }
        let naval_bases = read_naval_bases(rp, &name, &home, codes, provinces, problems);
        let (choice, choice_max) = read_choice(rp, &name, codes, problems);
        let build_sites = read_build_sites(raw, rp, &name, &home, codes, provinces, problems);
        let owns = home.clone();
        powers.push(Power {
            name,
            adjective: rp.adjective.clone(),
            letter,
            home,
            units: Vec::new(),
            capital,
            naval_bases,
            choice,
            choice_max,
            build_sites,
            owns,
            dummy: rp.dummy,
            partisan: Vec::new(),
        });
    }
    politics::read(raw, codes, provinces, &mut powers, problems);
    for (i, rp) in raw.province.iter().enumerate() {
        if let Some(o) = &rp.owner {
            match powers.iter().position(|w| w.name.eq_ignore_ascii_case(o)) {
                Some(w) => provinces[i].tracked = Some(w as PowerId),
                None => problems.push(format!("{}: `owner` names unknown power `{o}`", provinces[i].code)),
            }
        }
    }
    let mut names_seen = HashSet::new();
    for p in &powers {
        if !names_seen.insert(p.name.clone()) {
            problems.push(format!("power {} is defined twice", p.name));
        }
    }
    powers
}

fn read_naval_bases(rp: &RawPower, name: &str, home: &[Prov], codes: &Codes, provinces: &[Province], problems: &mut Vec<String>) -> Vec<Loc> {
    let mut naval_bases = Vec::new();
    for b in &rp.naval_bases {
        let Some(l) = codes.look(b, &format!("{name} naval base"), problems) else { continue };
        let bp = &provinces[l.prov as usize];
        if !home.contains(&l.prov) {
            problems.push(format!("{name}: naval base {b} is not one of its home centres"));
        }
        if bp.kind != ProvinceKind::Coast {
            problems.push(format!("{name}: naval base {b} is not on a coast"));
        } else if !bp.coasts.is_empty() && l.coast == Coast::None {
            problems.push(format!(
                "{name}: naval base {b}: name the coast ({})",
                bp.coasts.iter().map(|c| format!("{}/{}", bp.code, c.code())).collect::<Vec<_>>().join(" or ")
            ));
        }
        naval_bases.push(l);
    }
    naval_bases
}

fn read_choice(rp: &RawPower, name: &str, codes: &Codes, problems: &mut Vec<String>) -> (Vec<Prov>, u8) {
    let Some(c) = &rp.choice else { return (Vec::new(), 0) };
    let mut choice = Vec::new();
    for sw in &c.switch {
        match codes.index.get(&sw.to_ascii_uppercase()) {
            Some(p) => choice.push(*p),
            None => problems.push(format!("{name}: choice names unknown province `{sw}`")),
        }
    }
    if c.max == 0 || c.max as usize > c.switch.len() {
        problems.push(format!("{name}: choice max {} must be 1 to {}", c.max, c.switch.len()));
    }
    (choice, c.max)
}

fn read_build_sites(
    raw: &RawVariant,
    rp: &RawPower,
    name: &str,
    home: &[Prov],
    codes: &Codes,
    provinces: &[Province],
    problems: &mut Vec<String>,
) -> Vec<Prov> {
    let mut build_sites = Vec::new();
    for b in &rp.build_sites {
        let Some(l) = codes.look(b, &format!("{name} build site"), problems) else { continue };
        let bp = &provinces[l.prov as usize];
        if home.contains(&l.prov) || matches!(bp.kind, ProvinceKind::Sea | ProvinceKind::Impassable) {
            problems.push(format!("{name}: build site {b} must be a land or coastal province that is not one of its home centres"));
        }
        if !bp.center && raw.province[l.prov as usize].owner.is_none() {
            problems.push(format!("{name}: build site {b} is neither a supply centre nor a province with an `owner`"));
        }
        build_sites.push(l.prov);
    }
    build_sites
}

/// A problem for each pair of `pairs` (a crossing listed on one side)
/// whose other side does not list it back: `asymmetric WHAT: A lists B but
/// B does not list A`.
fn asymmetric_pairs(v: &Variant, pairs: &[(Prov, Prov)], what: &str, problems: &mut Vec<String>) {
    for &(a, b) in pairs {
        if !pairs.contains(&(b, a)) {
            problems.push(format!("asymmetric {what}: {} lists {} but {} does not list {}", v.code(a), v.code(b), v.code(b), v.code(a)));
        }
    }
}

fn read_calendar(raw: &RawCalendar, problems: &mut Vec<String>) -> Calendar {
    let mut seasons = Vec::new();
    for s in &raw.seasons {
        let mut phases = Vec::new();
        for ph in &s.phases {
            match ph.chars().next().and_then(PhaseKind::from_letter) {
                Some(k) if ph.len() == 1 => phases.push(k),
                _ => problems.push(format!("calendar season {}: unknown phase `{ph}` (use M, R, A)", s.code)),
            }
        }
        if phases.is_empty() || phases.windows(2).any(|w| w[0] >= w[1]) {
            problems.push(format!("calendar season {}: phases must be some of M, R, A in that order", s.code));
        }
        if s.code.is_empty() || !s.code.chars().all(|c| c.is_ascii_alphabetic()) {
            problems.push(format!("calendar season `{}`: code must be letters", s.code));
        }
        let every = read_every(s, problems);
        let ownership = raw.ownership_after.iter().any(|o| o.eq_ignore_ascii_case(&s.code)) && !phases.iter().all(|k| *k == PhaseKind::Adjustment);
        seasons.push(Season { code: s.code.to_ascii_uppercase(), name: s.name.clone(), phases, ownership, every });
    }
    for (i, a) in seasons.iter().enumerate() {
        if seasons[..i].iter().any(|b| b.code == a.code && b.phases.iter().any(|k| a.phases.contains(k))) {
            problems.push(format!("calendar season {}: two seasons of that code have a phase of the same kind", a.code));
        }
    }
    if !seasons.is_empty() && seasons.iter().all(|s| s.every.is_some()) {
        problems.push("calendar: some season must be played every year (without `every`)".into());
    }
    for o in &raw.ownership_after {
        if !seasons.iter().any(|s| s.code.eq_ignore_ascii_case(o)) {
            problems.push(format!("calendar ownership_after: unknown season `{o}`"));
        }
    }
    if seasons.is_empty() {
        problems.push("calendar has no seasons".into());
    }
    if !(1..=MAX_YEAR_STEP).contains(&raw.year_step) {
        problems.push(format!("calendar year_step {}: must be 1 to {MAX_YEAR_STEP}", raw.year_step));
    }
    let era = match raw.era.as_deref().map(str::to_ascii_uppercase).as_deref() {
        None | Some("AD") => Era::Ad,
        Some("BC") => Era::Bc,
        Some(e) => {
            problems.push(format!("calendar era `{e}`: must be AD or BC"));
            Era::Ad
        }
    };
    Calendar { seasons, step: raw.year_step.clamp(1, MAX_YEAR_STEP), era }
}

/// The most years one year of play may be (`year_step`).
pub const MAX_YEAR_STEP: u32 = 100;

/// A season's `every` and `remainder`: played in the years they name.
fn read_every(s: &RawSeason, problems: &mut Vec<String>) -> Option<YearDivisor> {
    let Some(every) = s.every else {
        if s.remainder.is_some() {
            problems.push(format!("calendar season {}: `remainder` needs `every`", s.code));
        }
        return None;
    };
    let remainder = s.remainder.unwrap_or(0);
    if every == 0 || every > MAX_EVERY || remainder >= every {
        problems.push(format!("calendar season {}: `every` must be 1 to {MAX_EVERY}, and `remainder` less than it", s.code));
        return None;
    }
    Some(YearDivisor { every, remainder })
}

/// The largest `every` of a season.
pub const MAX_EVERY: u32 = 1000;

/// The first phase, read once everything before it is sound.
fn read_start(raw: &RawVariant, calendar: &Calendar, problems: &mut Vec<String>) -> Phase {
    let none = Phase { year: 0, season: 0, kind: PhaseKind::Movement };
    if !problems.is_empty() {
        return none;
    }
    match calendar.parse(&raw.start) {
        Ok(p) => {
            if calendar.written(p.year) != raw.calendar.first_year {
                problems.push(format!("start {} is not in first_year {}", raw.start, raw.calendar.first_year));
            }
            p
        }
        Err(e) => {
            problems.push(format!("start: {e}"));
            none
        }
    }
}

fn read_ownership_until(raw: &RawVariant, calendar: &Calendar, provinces: &mut [Province], problems: &mut Vec<String>) {
    for (i, rp) in raw.province.iter().enumerate() {
        if let Some(u) = &rp.ownership_until {
            match calendar.parse(u) {
                Ok(ph) if ph.kind == PhaseKind::Movement => provinces[i].ownership_until = Some(ph),
                Ok(_) => problems.push(format!("{}: `ownership_until` must name a movement phase, not `{u}`", provinces[i].code)),
                Err(e) => problems.push(format!("{}: `ownership_until`: {e}", provinces[i].code)),
            }
        }
    }
}

fn read_victory(raw: &RawVariant, problems: &mut Vec<String>) -> (Victory, Vec<AllianceVictory>) {
    let victory = match raw.victory.kind.as_str() {
        "centers" | "centres" => Victory::Centers(raw.victory.count),
        "units" => Victory::Units(raw.victory.count),
        k => {
            problems.push(format!("victory kind `{k}` is not one of: centers, units"));
            Victory::Centers(raw.victory.count)
        }
    };
    let mut alliances = Vec::new();
    for a in &raw.victory.alliance {
        let n = raw.power.len() as u32;
        if a.powers < 2 || a.powers > n {
            problems.push(format!("victory.alliance: {} allies, but an alliance is 2 to {n} powers", a.powers));
        } else if a.count == 0 || a.each == 0 || a.each > a.count {
            problems.push(format!("victory.alliance of {}: count {} and each {} do not fit", a.powers, a.count, a.each));
        } else {
            alliances.push(AllianceVictory { powers: a.powers, count: a.count, each: a.each });
        }
    }
    (victory, alliances)
}

/// The map's own features come out of `[rules]`; the rest are game options,
/// read into the variant's rule choices.
fn read_rules(raw: &RawVariant, problems: &mut Vec<String>) -> (Features, Vec<RuleChoice>) {
    let mut features = Features::default();
    let mut raw_rules = raw.rules.clone();
    for key in ["convoys", "boarding", "coast_swap", "army_fleet", "build_any", "dummy_builds", "no_draw", "mobilize"] {
        match raw_rules.remove(key) {
            None => {}
            Some(toml::Value::Boolean(b)) => match key {
                "convoys" => features.convoys = b,
                "boarding" => features.boarding = b,
                "army_fleet" => features.army_fleet = b,
                "build_any" => features.build_any = b,
                "dummy_builds" => features.dummy_builds = b,
                "no_draw" => features.no_draw = b,
                "mobilize" => features.mobilize = b,
                _ => features.coast_swap = b,
            },
            Some(other) => problems.push(format!("[rules] {key}: `{other}` is not true or false")),
        }
    }
    match raw_rules.remove("stacking") {
        None => {}
        Some(toml::Value::String(s)) if s == "none" => features.stacking = Stacking::None,
        Some(toml::Value::String(s)) if s == "home_bases" => features.stacking = Stacking::HomeBases,
        Some(other) => problems.push(format!("[rules] stacking: `{other}` is not one of: \"none\", \"home_bases\"")),
    }
    if features.army_fleet && (features.boarding || !features.convoys) {
        problems.push("[rules] army_fleet: A/F units and Fast Ferries need `convoys` and exclude 1958 `boarding`".to_string());
    }
    if features.stacking == Stacking::HomeBases {
        for rp in &raw.power {
            if rp.capital.is_none() || rp.naval_bases.is_empty() {
                problems.push(format!("{}: stacking in home bases needs a `capital` and `naval_bases`", rp.name.to_ascii_uppercase()));
            }
        }
    }
    let mut rules = Vec::new();
    for (k, v) in raw_rules {
        let v = match v {
            toml::Value::String(s) => s,
            other => other.to_string(),
        };
        match RuleChoice::parse(&k, &v) {
            Ok(c) => rules.push(c),
            Err(e) => problems.push(format!("[rules]: {e}")),
        }
    }
    (features, rules)
}

/// Reads every province's `open_in` and `straits` into `v`, with the
/// problems they have.
fn read_terrain(v: &mut Variant, raw: &RawVariant, problems: &mut Vec<String>) {
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
    asymmetric_pairs(v, &v.straits, "strait", problems);
}

fn read_uncertain(raw: &RawVariant, codes: &Codes, problems: &mut Vec<String>) -> Vec<Uncertain> {
    let mut uncertain = Vec::new();
    for u in &raw.uncertain {
        let ctx = format!("uncertain border {}-{}", u.a, u.b);
        let (Some(a), Some(b)) = (codes.look(&u.a, &ctx, problems), codes.look(&u.b, &ctx, problems)) else { continue };
        let adjacent = match u.reading.as_str() {
            "adjacent" => true,
            "not adjacent" => false,
            other => {
                problems.push(format!("{ctx}: reading `{other}` is not \"adjacent\" or \"not adjacent\""));
                continue;
            }
        };
        let kinds = match u.kinds.as_str() {
            "army" => vec![UnitType::Army],
            "fleet" => vec![UnitType::Fleet],
            "both" => vec![UnitType::Army, UnitType::Fleet],
            other => {
                problems.push(format!("{ctx}: kinds `{other}` is not \"army\", \"fleet\" or \"both\""));
                continue;
            }
        };
        uncertain.push(Uncertain { a: a.prov, b: b.prov, adjacent, kinds, why: u.why.clone() });
    }
    uncertain
}

/// Starting units (they need the adjacency-aware helpers), and no space
/// holding more than it has room for.
fn place_units(variant: &mut Variant, raw: &RawVariant, problems: &mut Vec<String>) {
    let mut occupied: HashMap<Prov, u32> = HashMap::new();
    for (pi, rp) in raw.power.iter().enumerate() {
        for u in &rp.units {
            match variant.parse_unit(pi as PowerId, u) {
                Ok(unit) => {
                    *occupied.entry(unit.loc.prov).or_default() += 1;
                    variant.powers[pi].units.push(unit);
                }
                Err(e) => problems.push(format!("{} starting unit: {e}", variant.powers[pi].name)),
            }
        }
    }
    for (p, c) in occupied {
        let home_base = |u: &&Unit| {
            let w = &variant.powers[u.power as usize];
            variant.features.stacking == Stacking::HomeBases
                && match u.kind {
                    UnitType::Army => w.capital == Some(p),
                    UnitType::Fleet => w.naval_bases.contains(&u.loc),
                }
        };
        let here: Vec<&Unit> = variant.powers.iter().flat_map(|w| &w.units).filter(|u| u.loc.prov == p).collect();
        let room = variant.provinces[p as usize].capacity as u32;
        let one_power = here.iter().all(|u| u.power == here[0].power);
        // an A/F: a fleet and the army on board
        let af = match here.as_slice() {
            [x, y] => {
                let (a, f) = if x.aboard { (x, y) } else { (y, x) };
                a.aboard && !f.aboard && f.kind == UnitType::Fleet && f.power == a.power
            }
            _ => false,
        };
        if !here.iter().all(home_base) && !variant.provinces[p as usize].ocean_box && !af && (c > room || (c > 1 && !one_power)) {
            problems.push(format!("{}: {c} starting units but room for {room} of one power", variant.code(p)));
        }
    }
}

/// Every unit a player may switch is a starting unit of that power whose
/// other type can stand there.
fn check_choices(variant: &Variant, problems: &mut Vec<String>) {
    for w in &variant.powers {
        for &p in &w.choice {
            match w.units.iter().find(|u| u.loc.prov == p) {
                None => problems.push(format!("{}: choice names {}, where it has no starting unit", w.name, variant.code(p))),
                Some(u) if !variant.valid_location(other(u.kind), Loc::new(p)) => problems.push(format!(
                    "{}: the unit in {} cannot start as {} {}",
                    w.name,
                    variant.code(p),
                    if u.kind == UnitType::Fleet { "an" } else { "a" },
                    other(u.kind).name()
                )),
                Some(_) => {}
            }
        }
    }
}

/// A doubtful border's recorded reading must match the adjacency data, so a
/// GM's correction on one side is caught.
fn check_uncertain(variant: &Variant, problems: &mut Vec<String>) {
    for u in &variant.uncertain {
        for &k in &u.kinds {
            let said = match k {
                UnitType::Army => variant.army_adjacent(u.a, u.b),
                UnitType::Fleet => variant.fleet_neighbours_of_province(u.a).any(|l| l.prov == u.b),
            };
            if said != u.adjacent {
                problems.push(format!(
                    "uncertain border {}-{}: recorded as {} for {} moves, but the adjacency lists say otherwise (correct both, or the entry)",
                    variant.code(u.a),
                    variant.code(u.b),
                    if u.adjacent { "adjacent" } else { "not adjacent" },
                    k.name()
                ));
            }
        }
    }
}
