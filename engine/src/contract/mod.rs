//! `mailjudge adjudicate`: the JSON contract of `ADJUDICATE.md` around the engine.
//!
//! A case (position + orders as text) is read, checked (a malformed case is an
//! input error), adjudicated, and written back as an outcome. Orders are never
//! input errors: text the parser cannot read is reported `void` with the reason.

use crate::adjudicate::{self, Dislodged, Outcome, Position};
use crate::map::{Loc, PowerId, Unit, Variant};
use crate::order::Order;
use crate::parse;
use crate::phase::PhaseKind;
use crate::rules::{RuleError, Rulebook};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

mod case;
mod codes;
mod error;
mod jsonl;
mod outcome;
pub mod sample;

use case::Case;
use codes::Codes;
pub use error::{CaseError, FinderError};
pub use jsonl::{MAX_LINE, guarded};
use outcome::{Unreadable, Writer};

/// Finds a variant by name for the contract (the judge's looks in a GM's
/// variants directory first); without one, the built-in maps.
pub type Finder = Box<dyn Fn(&str) -> Result<Variant, FinderError>>;

/// Runs cases; keeps loaded variants between cases.
pub struct Adjudicator {
    default_variant: Option<String>,
    finder: Option<Finder>,
    rule_overrides: Vec<(String, String)>,
    /// By the variant's name in lower case.
    cache: HashMap<String, Loaded>,
    /// Writes outcomes (its buffers kept to be reused).
    writer: Writer,
}

/// A variant loaded for cases, with what every case on it shares.
struct Loaded {
    variant: Variant,
    codes: Codes,
    /// The variant's rules with the adjudicator's overrides (or the error
    /// every case on it answers).
    rules: Result<Rulebook, RuleError>,
}

impl Loaded {
    fn new(variant: Variant, overrides: &[(String, String)]) -> Loaded {
        let mut rules = Rulebook::for_variant(&variant);
        let rules = overrides.iter().try_for_each(|(k, val)| rules.set(k, val)).and_then(|()| rules.fits(&variant)).map(|()| rules);
        Loaded { codes: Codes::build(&variant), variant, rules }
    }
}

impl Adjudicator {
    pub fn new(default_variant: Option<String>, finder: Option<Finder>, rule_overrides: Vec<(String, String)>) -> Adjudicator {
        Adjudicator { default_variant, finder, rule_overrides, cache: HashMap::new(), writer: Writer::default() }
    }

    /// Lets cases use `v` (by its name) as it is, even where the engine refuses
    /// it for play: the tests of a variant whose rules are being built.
    pub fn with_variant(mut self, v: Variant) -> Adjudicator {
        let loaded = Loaded::new(v, &self.rule_overrides);
        self.cache.insert(loaded.variant.name.to_ascii_lowercase(), loaded);
        self
    }

    /// Adjudicates one case given as JSON text; `Err` is an input error message.
    pub fn run_text(&mut self, text: &str) -> Result<Value, CaseError> {
        self.with_outcome(text, |json| serde_json::from_slice(json).expect("an outcome is JSON"))
    }

    /// Adjudicates one case given as JSON text and writes its outcome (one
    /// line of JSON, no newline) to `w`; the outer `Err` is an input error
    /// message, the inner one a failed write.
    pub fn run_to(&mut self, text: &str, w: &mut impl std::io::Write) -> Result<std::io::Result<()>, CaseError> {
        self.with_outcome(text, |json| w.write_all(json))
    }

    /// Reads, checks and adjudicates a case, and gives the outcome to `f`.
    fn with_outcome<T>(&mut self, text: &str, f: impl FnOnce(&[u8]) -> T) -> Result<T, CaseError> {
        let case: Case = match case::read_fast(text) {
            Some(case) => case,
            None => serde_json::from_str(text).map_err(CaseError::BadJson)?,
        };
        let mut writer = std::mem::take(&mut self.writer);
        let written = self.adjudicate_case(&case, &mut writer);
        let answer = written.map(|()| f(&writer.json));
        self.writer = writer;
        answer
    }

    /// Checks and adjudicates a case read, and writes its outcome with `writer`.
    fn adjudicate_case(&mut self, case: &Case, writer: &mut Writer) -> Result<(), CaseError> {
        let loaded = self.load(case.variant.as_deref())?;
        let mut rules = loaded.rules.clone()?;
        for (k, val) in &case.rules {
            rules.set(k, val)?;
        }
        let (v, codes) = (&loaded.variant, &loaded.codes);
        rules.fits(v)?;
        let (out, unreadable) = run_case(v, codes, &rules, case)?;
        writer.write(v, codes, &out, &unreadable);
        Ok(())
    }

    /// Loads the case's variant (or the default) once.
    fn load(&mut self, name: Option<&str>) -> Result<&Loaded, CaseError> {
        let name = name.or(self.default_variant.as_deref()).ok_or(CaseError::NoVariant)?;
        let key: Cow<str> = if name.bytes().any(|b| b.is_ascii_uppercase()) { Cow::Owned(name.to_ascii_lowercase()) } else { Cow::Borrowed(name) };
        if !self.cache.contains_key(&*key) {
            let v = match &self.finder {
                Some(find) => find(name).map_err(CaseError::Find)?,
                None => Variant::builtin(name).ok_or_else(|| CaseError::UnknownVariant(name.to_string()))?,
            };
            self.cache.insert(key.to_string(), Loaded::new(v, &self.rule_overrides));
        }
        Ok(&self.cache[&*key])
    }
}

fn power(v: &Variant, codes: &Codes, name: &str) -> Result<PowerId, CaseError> {
    codes.power_by_name(v, name).ok_or_else(|| CaseError::UnknownPower {
        name: name.to_string(),
        variant: v.name.clone(),
        powers: v.powers.iter().map(|p| p.name.clone()).collect(),
    })
}

fn run_case(v: &Variant, codes: &Codes, rules: &Rulebook, case: &Case) -> Result<(Outcome, Vec<Unreadable>), CaseError> {
    let pos = case_position(v, codes, case)?;
    let phase = pos.phase;
    // orders: parse; unreadable ones are void results, not input errors
    let mut orders: Vec<(PowerId, Order)> = Vec::new();
    let mut unreadable: Vec<Unreadable> = Vec::new();
    for (p, list) in case.orders.iter() {
        let pw = power(v, codes, p)?;
        for text in list {
            match parse::parse_order(v, text, Some(phase.kind)) {
                Ok(o) => orders.push((pw, o)),
                Err(e) => unreadable.push((pw, text.trim().to_string(), e.message)),
            }
        }
    }
    Ok((adjudicate::process(v, rules, &pos, &orders), unreadable))
}

/// A position in the contract's JSON form (`phase`, `units`, `centers`,
/// `retreats`, `dislodged_by`): how the judge stores positions.
pub fn position_to_json(v: &Variant, pos: &Position) -> Value {
    let (units, centers) = board(v, pos);
    let (retreats, by) = dislodged_maps(v, &pos.dislodged);
    let mut o = json!({"phase": v.calendar.name(pos.phase), "units": units, "centers": centers, "retreats": retreats, "dislodged_by": by});
    if let Some(owners) = owners_map(v, pos) {
        o["owners"] = owners;
    }
    o
}

/// `{"SIC": "ITALY"}`: owners of the tracked provinces, on maps with any.
fn owners_map(v: &Variant, pos: &Position) -> Option<Value> {
    if pos.owners.is_empty() {
        return None;
    }
    let m: Map<String, Value> =
        pos.owners.iter().enumerate().filter_map(|(i, o)| o.map(|p| (v.code(i as u16).to_string(), json!(v.powers[p as usize].name)))).collect();
    Some(Value::Object(m))
}

/// Units and centre owners by power, sorted.
fn board(v: &Variant, pos: &Position) -> (Map<String, Value>, Map<String, Value>) {
    let units = sorted_map(v, pos.units.iter().map(|u| (u.power, *u)), |u: &Unit| v.unit_code(u));
    let centers = sorted_map(v, pos.centers.iter().enumerate().filter_map(|(i, c)| c.map(|p| (p, i as u16))), |p: &u16| v.code(*p).to_string());
    (units, centers)
}

type ByPower = BTreeMap<String, Map<String, Value>>;

/// Dislodged units by power: their retreat options, and where each attack came from.
fn dislodged_maps(v: &Variant, dislodged: &[Dislodged]) -> (ByPower, ByPower) {
    let mut retreats: ByPower = BTreeMap::new();
    let mut by: ByPower = BTreeMap::new();
    for (i, d) in dislodged.iter().enumerate() {
        // identical units dislodged from one stack share a key with a count,
        // `A PAR x3` (docs/ORIGINAL1958.md D1)
        if dislodged[..i].iter().any(|e| e.unit == d.unit) {
            continue;
        }
        let count = dislodged.iter().filter(|e| e.unit == d.unit).count();
        let key = if count > 1 { format!("{} x{count}", v.unit_code(&d.unit)) } else { v.unit_code(&d.unit) };
        let p = v.powers[d.unit.power as usize].name.clone();
        let opts: Vec<String> = d.options.iter().map(|l: &Loc| v.loc_code(*l)).collect();
        retreats.entry(p.clone()).or_default().insert(key.clone(), json!(opts));
        if let Some(f) = d.attacker_from {
            by.entry(p).or_default().insert(key, json!(v.code(f)));
        }
    }
    (retreats, by)
}

/// Reads a position written by [`position_to_json`].
pub fn position_from_json(v: &Variant, value: &Value) -> Result<Position, CaseError> {
    let case = Case::deserialize(value).map_err(CaseError::BadPosition)?;
    case_position(v, &Codes::default(), &case)
}

/// The most units (and, apart, the most dislodged units) a position may
/// list: twice the map's spaces. A real board never has more units than
/// supply centres, so this only refuses made-up input, which would otherwise
/// take time and memory without bound (`A PAR x4000000000`).
pub fn max_units(v: &Variant) -> usize {
    2 * v.provinces.len()
}

fn case_position(v: &Variant, codes: &Codes, case: &Case) -> Result<Position, CaseError> {
    let phase = v.calendar.parse(&case.phase)?;
    let max = max_units(v);
    let mut units = Vec::with_capacity(case.units.len().min(max));
    let mut count = vec![0u32; v.provinces.len()];
    for (p, list) in case.units.iter() {
        let pw = power(v, codes, p)?;
        for u in list {
            if units.len() >= max {
                return Err(CaseError::TooManyUnits(max));
            }
            let unit = codes.parse_unit(v, pw, u).map_err(|error| CaseError::Unit { power: p.to_string(), error })?;
            if unit.aboard {
                // an army on board: checked against its fleet below
                units.push(unit);
                continue;
            }
            count[unit.loc.prov as usize] += 1;
            let stack_ok = || units.iter().filter(|o: &&Unit| o.loc.prov == unit.loc.prov).all(|o| v.may_stack(o, &unit));
            // several units in a space: a home-base stack (any number) or
            // units of one power within the space's room
            let here = count[unit.loc.prov as usize];
            let base = (v.features.stacking == crate::map::Stacking::HomeBases && !v.has_room(unit.loc.prov)) || v.is_ocean_box(unit.loc.prov);
            if here > 1 && (!stack_ok() || (!base && here > v.province(unit.loc.prov).capacity as u32)) {
                return Err(CaseError::ListedTwice { unit: u.to_string(), province: v.province(unit.loc.prov).name.clone() });
            }
            units.push(unit);
        }
    }
    // each army on board has its fleet, one pair a space (docs/ORIGINAL1958.md D1, D7)
    for a in units.iter().filter(|u| u.aboard) {
        let fleets = units.iter().filter(|f| f.kind == crate::map::UnitType::Fleet && f.loc.prov == a.loc.prov).count();
        let armies = units.iter().filter(|b| b.aboard && b.loc.prov == a.loc.prov).count();
        if fleets == 0 || armies > 1 {
            return Err(CaseError::NoCarrier(v.unit_code(a)));
        }
    }
    let mut centers = vec![None; v.provinces.len()];
    for (p, list) in case.centers.iter() {
        let pw = power(v, codes, p)?;
        for c in list {
            let l = codes.parse_loc(v, c).map_err(|error| CaseError::Center { power: p.to_string(), error })?;
            if !v.is_center(l.prov) {
                return Err(CaseError::NotACenter { power: p.to_string(), code: v.code(l.prov).to_string() });
            }
            if centers[l.prov as usize].is_some_and(|o| o != pw) {
                return Err(CaseError::OwnedTwice(v.code(l.prov).to_string()));
            }
            centers[l.prov as usize] = Some(pw);
        }
    }
    let mut dislodged = Vec::new();
    for (p, map) in &case.retreats {
        let pw = power(v, codes, p)?;
        for (u, opts) in map {
            // `A PAR x3`: three identical units dislodged from one stack (D1)
            let (code, copies) = match u.rsplit_once(" x") {
                Some((c, k)) if !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) => {
                    (c, k.parse::<usize>().map_err(|error| CaseError::Copies { power: p.to_string(), unit: u.to_string(), error })?)
                }
                _ => (&**u, 1),
            };
            let unit = codes.parse_unit(v, pw, code).map_err(|error| CaseError::Dislodged { power: p.to_string(), error })?;
            if copies > max - dislodged.len().min(max) {
                return Err(CaseError::TooManyDislodged(max));
            }
            if copies == 0
                || dislodged.iter().any(|d: &Dislodged| d.unit.loc.prov == unit.loc.prov && !v.may_stack(&d.unit, &unit) && !(d.unit.aboard ^ unit.aboard))
                || (copies > 1 && !v.may_stack(&unit, &unit))
            {
                return Err(CaseError::TwoDislodged(v.code(unit.loc.prov).to_string()));
            }
            let mut options = Vec::new();
            for o in opts {
                options.push(codes.parse_loc(v, o).map_err(|error| CaseError::RetreatOption { power: p.to_string(), unit: u.to_string(), error })?);
            }
            options.sort();
            let attacker_from = match case.dislodged_by.get(p).and_then(|m| m.get(u)) {
                Some(s) => Some(codes.parse_loc(v, s).map_err(|error| CaseError::DislodgedBy { power: p.to_string(), unit: u.to_string(), error })?.prov),
                None => None,
            };
            for _ in 0..copies {
                dislodged.push(Dislodged { unit, options: options.clone(), attacker_from });
            }
        }
    }
    let mut owners = v.initial_owners();
    if let Some(given) = &case.owners {
        owners.iter_mut().for_each(|o| *o = None);
        for (prov, p) in given {
            let l = codes.parse_loc(v, prov).map_err(CaseError::Owner)?;
            if v.province(l.prov).tracked.is_none() {
                return Err(CaseError::NotTracked(v.code(l.prov).to_string()));
            }
            owners[l.prov as usize] = Some(power(v, codes, p)?);
        }
    }
    Ok(Position { phase, units, centers, owners, dislodged: if phase.kind == PhaseKind::Retreat { dislodged } else { Vec::new() } })
}

fn sorted_map<T: Ord + Clone>(v: &Variant, items: impl Iterator<Item = (PowerId, T)>, f: impl Fn(&T) -> String) -> Map<String, Value> {
    let mut m: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (p, t) in items {
        m.entry(v.powers[p as usize].name.clone()).or_default().push(f(&t));
    }
    m.into_iter()
        .map(|(k, mut l)| {
            l.sort();
            (k, json!(l))
        })
        .collect()
}
