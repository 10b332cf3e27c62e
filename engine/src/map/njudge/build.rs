//! Turning what an njudge variant's files say into the variant file
//! structures.

use super::seed::Seed;
use super::source::Info;
use super::{Map, NjError, NjErrorKind, NjPart, err};
use crate::map::dpjudge::{clean_aliases, standard_calendar};
use crate::map::toml::{RawPower, RawProvince, RawVariant, RawVictory};
use crate::map::{NeighbourOrder, ProvinceKind};

/// njudge flags (`variant.h`'s `SETNP`) and what a variant file does with
/// them: `build_any` for `[rules]`, a port for DUALITY, the others
/// unimplemented.
const BUILD_ANY: &str = "XF_BUILD_ANYCENTRES";
const DUALITY: &str = "XF_PROV_DUALITY";
const ONE_CENTRE: &str = "XF_BUILD_ONECENTRE";
/// Flags of Machiavelli's rules: such a variant is refused.
const MACHIAVELLI: &[&str] = &["XF_MACH2", "XF_FORT", "XF_STORMS"];

pub(super) fn build(name: &str, map: &Map, seed: &Seed, info: &Info) -> Result<RawVariant, NjError> {
    if let Some(f) = info.flags.iter().find(|f| MACHIAVELLI.contains(&f.as_str())) {
        return Err(err(NjPart::VariantH, 0, NjErrorKind::Machiavelli(format!("SETNP sets {f}"))));
    }
    let codes = codes(map)?;
    let duality = info.flags.iter().any(|f| f == DUALITY);
    let mut province: Vec<RawProvince> = (0..map.areas.len()).map(|i| self::province(map, &codes, i, duality)).collect();
    let power = powers(map, seed, info, &codes)?;
    let words: Vec<&str> = power.iter().flat_map(|w| [w.name.as_str(), w.adjective.as_str()]).collect();
    clean_aliases(&mut province, &words);
    let centres = province.iter().filter(|p| p.center).count() as u32;
    let (phase, file, line) = match &info.start {
        Some(s) => (s.as_str(), NjPart::VariantC, 0),
        None => (seed.phase.as_str(), NjPart::Seed, 1),
    };
    let start = start(phase).map_err(|k| err(file, line, k))?;
    let year = start[1..start.len() - 1].parse().expect("start() writes a year");
    let mut not_implemented = not_implemented(info);
    not_implemented.sort();
    Ok(RawVariant {
        name: name.to_ascii_lowercase(),
        title: Some(name.to_string()),
        start,
        neighbour_order: NeighbourOrder::File,
        victory: RawVictory { kind: "centers".into(), count: info.victory.unwrap_or(centres / 2 + 1), alliance: Vec::new() },
        calendar: standard_calendar(year),
        rules: rules(info),
        power,
        province,
        uncertain: Vec::new(),
        not_implemented,
    })
}

/// The `[rules]` njudge's flags make: `build_any` (`XF_BUILD_ANYCENTRES`),
/// `build_sites = "one"` (`XF_BUILD_ONECENTRE`, njudge's `SET ONE CENTRE`:
/// any owned centre while the power owns a home centre).
fn rules(info: &Info) -> std::collections::BTreeMap<String, ::toml::Value> {
    let mut out = std::collections::BTreeMap::new();
    for f in &info.flags {
        match f.as_str() {
            BUILD_ANY => {
                out.insert("build_any".into(), ::toml::Value::Boolean(true));
            }
            ONE_CENTRE => {
                out.insert("build_sites".into(), ::toml::Value::String("one".into()));
            }
            _ => {}
        }
    }
    out
}

/// Each area's code: its first abbreviation of letters and digits, upper case.
fn codes(map: &Map) -> Result<Vec<String>, NjError> {
    let mut out: Vec<String> = Vec::new();
    for a in &map.areas {
        let code = a.abbrevs.iter().map(|b| b.to_ascii_uppercase()).find(|b| b.chars().all(|c| c.is_ascii_alphanumeric()) && !out.contains(b));
        let code = code.ok_or_else(|| err(NjPart::Map, 0, NjErrorKind::Malformed(format!("{}: no abbreviation of letters and digits of its own", a.name))))?;
        out.push(code);
    }
    Ok(out)
}

fn is_power_letter(c: char) -> bool {
    c.is_ascii_uppercase() || c.is_ascii_digit()
}

fn province(map: &Map, codes: &[String], i: usize, duality: bool) -> RawProvince {
    let a = &map.areas[i];
    let loc = |t: &super::Target| match &t.coast {
        Some(c) => format!("{}/{c}", codes[t.area]),
        None => codes[t.area].clone(),
    };
    let mut p = RawProvince {
        id: codes[i].clone(),
        name: a.name.clone(),
        center: a.kind == 'x' || is_power_letter(a.kind),
        aliases: a.abbrevs.iter().map(|b| b.to_ascii_lowercase()).collect(),
        ..RawProvince::default()
    };
    let mut army: Vec<String> = Vec::new();
    for t in &map.army[i] {
        push_new(&mut army, codes[t.area].clone());
        if t.strait {
            push_new(&mut p.straits, codes[t.area].clone());
        }
    }
    // a strait marked on one side is a strait both ways
    for (j, moves) in map.army.iter().enumerate() {
        if moves.iter().any(|t| t.area == i && t.strait) {
            push_new(&mut p.straits, codes[j].clone());
        }
    }
    for (from, t) in &map.fleet[i] {
        match from {
            Some(c) => push_new(p.coast.entry(c.clone()).or_default(), loc(t)),
            None => push_new(&mut p.fleet, loc(t)),
        }
    }
    let fleets = !p.fleet.is_empty() || !p.coast.is_empty();
    p.kind = match a.kind {
        'w' | 'v' => ProvinceKind::Sea,
        _ if fleets => ProvinceKind::Coast,
        // `swi-mv: swi`: no move in or out
        _ if army.is_empty() && !p.center => ProvinceKind::Impassable,
        _ => ProvinceKind::Land,
    };
    if a.kind == 'v' {
        // ice in the fall (njudge refuses every order into it or from it then)
        p.open_in = vec!["S".into()];
    }
    p.port = duality && a.duality && p.kind == ProvinceKind::Coast;
    p.army = army;
    let mut nb: Vec<String> = Vec::new();
    for x in p.army.iter().chain(&p.fleet).chain(p.coast.values().flatten()) {
        push_new(&mut nb, x.split('/').next().unwrap_or(x).to_string());
    }
    p.clockwise = nb;
    p
}

fn push_new(list: &mut Vec<String>, x: String) {
    if !list.contains(&x) {
        list.push(x);
    }
}

fn powers(map: &Map, seed: &Seed, info: &Info, codes: &[String]) -> Result<Vec<RawPower>, NjError> {
    for u in &seed.units {
        if !info.powers.iter().any(|w| w.letter == u.letter) {
            return Err(err(NjPart::Seed, u.line, NjErrorKind::UnknownPower(u.letter)));
        }
    }
    let mut out = Vec::new();
    for w in &info.powers {
        let name = w.name.to_ascii_uppercase();
        if !name.starts_with(|c: char| c.is_ascii_alphabetic()) || !name.chars().all(|c| c.is_ascii_alphabetic() || c == '-' || c == '.') {
            return Err(err(NjPart::VariantC, 0, NjErrorKind::Unsupported(format!("power name `{}` (a power's name here is letters, `-` and `.`)", w.name))));
        }
        let home: Vec<String> = map.areas.iter().zip(codes).filter(|(a, _)| a.kind == w.letter).map(|(_, c)| c.clone()).collect();
        let units = seed
            .units
            .iter()
            .filter(|u| u.letter == w.letter)
            .map(|u| match &u.coast {
                Some(c) => format!("{} {}/{c}", u.kind, codes[u.area]),
                None => format!("{} {}", u.kind, codes[u.area]),
            })
            .collect();
        let owns = owns(map, seed, codes, w.letter, &home);
        out.push(RawPower { name, adjective: w.adjective.clone(), letter: w.letter.to_string(), home, units, owns, ..RawPower::default() });
    }
    if out.len() < 2 {
        return Err(err(NjPart::Map, 0, NjErrorKind::TooFewPowers));
    }
    Ok(out)
}

/// The centres the seed's ownership record gives the power of `letter`,
/// where they are not its homes (the TOML's `owns`: njudge's 1898, whose
/// powers own one centre each, and the shifts, whose powers own another's
/// homes).
fn owns(map: &Map, seed: &Seed, codes: &[String], letter: char, home: &[String]) -> Option<Vec<String>> {
    let owners = seed.owners.as_ref()?;
    let centre = |i: usize| map.areas[i].kind == 'x' || is_power_letter(map.areas[i].kind);
    // an area past the end of the record keeps its map owner
    let owner = |i: usize| owners.get(i).copied().unwrap_or(map.areas[i].kind);
    let owned: Vec<String> = (0..map.areas.len()).filter(|&i| centre(i) && owner(i) == letter).map(|i| codes[i].clone()).collect();
    let mut sorted_home = home.to_vec();
    sorted_home.sort();
    let mut sorted = owned.clone();
    sorted.sort();
    (sorted != sorted_home).then_some(owned)
}

/// njudge's first phase as mailjudge writes it: `S1901M` is itself,
/// njudge's builds `F1900B` are `W1900A`.
fn start(phase: &str) -> Result<String, NjErrorKind> {
    let bad = || NjErrorKind::Malformed(format!("`{phase}`: a first phase is S or F, a year, and M, R or B (`S1901M`, `F1900B`)"));
    let mut chars = phase.chars();
    let season = chars.next().ok_or_else(bad)?;
    let kind = chars.next_back().ok_or_else(bad)?;
    // `S0001M` (Ancient Med) is the year 1
    let year: i32 = chars.as_str().parse().map_err(|_| bad())?;
    match (season, kind) {
        ('S' | 'F', 'M' | 'R') => Ok(format!("{season}{year}{kind}")),
        ('F', 'B') => Ok(format!("W{year}A")),
        ('U', _) | (_, 'A') => Err(NjErrorKind::Machiavelli(format!("first phase `{phase}`"))),
        _ => Err(bad()),
    }
}

/// What the variant has that mailjudge does not play yet, in words.
fn not_implemented(info: &Info) -> Vec<String> {
    let mut out = Vec::new();
    for f in &info.flags {
        match f.as_str() {
            BUILD_ANY | DUALITY | ONE_CENTRE => {}
            "XF_COASTAL_CONVOYS" => out.push("fleets in coastal provinces convoy (njudge's XF_COASTAL_CONVOYS)".into()),
            other => out.push(format!("njudge's {other}")),
        }
    }
    out
}
