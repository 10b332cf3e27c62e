//! The outcome as typed serde structures, written straight to a writer.
//!
//! Field order is the order of the keys in the output (alphabetical, as the
//! contract's outcomes have always been written), maps are `BTreeMap`s so
//! powers, provinces and units come out sorted, and names borrow from the
//! variant where they can.

use crate::adjudicate::{Dislodged, Outcome, Position};
use crate::map::{PowerId, Variant};
use serde::Serialize;
use std::collections::BTreeMap;

/// An order that could not be read: its power, its text, why.
pub type Unreadable = (PowerId, String, String);

#[derive(Serialize)]
struct ResultRow {
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    order: String,
    result: &'static str,
}

/// One power's dislodged units: the key is the unit (`A PAR`, or `A PAR x3`
/// for identical units dislodged from one stack).
type Dislodgements<'v, T> = BTreeMap<&'v str, BTreeMap<String, T>>;

/// The contract's outcome document (ADJUDICATE.md, "Outcome").
#[derive(Serialize)]
pub struct OutcomeDoc<'v> {
    centers: BTreeMap<&'v str, Vec<&'v str>>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    dislodged_by: Dislodgements<'v, &'v str>,
    next_phase: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    owners: Option<BTreeMap<&'v str, &'v str>>,
    phase: String,
    results: BTreeMap<&'v str, Vec<ResultRow>>,
    retreats: Dislodgements<'v, Vec<String>>,
    units: BTreeMap<&'v str, Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'v str>,
}

impl<'v> OutcomeDoc<'v> {
    pub fn new(v: &'v Variant, out: &Outcome, unreadable: &[Unreadable]) -> OutcomeDoc<'v> {
        let name = |p: PowerId| v.powers[p as usize].name.as_str();
        let mut results: BTreeMap<&str, Vec<ResultRow>> = BTreeMap::new();
        for r in &out.results {
            let row = ResultRow { order: r.order.canonical(v), result: r.result.label(), note: r.note.map(|n| n.text().to_string()) };
            results.entry(name(r.power)).or_default().push(row);
        }
        for (p, text, msg) in unreadable {
            results.entry(name(*p)).or_default().push(ResultRow { order: text.clone(), result: "void", note: Some(msg.clone()) });
        }
        let (retreats, dislodged_by) = dislodgements(v, &out.dislodged);
        OutcomeDoc {
            centers: centers(v, &out.position),
            dislodged_by,
            next_phase: out.next_phase.map(|p| v.calendar.name(p)),
            owners: owners(v, &out.position),
            phase: v.calendar.name(out.phase),
            results,
            retreats,
            units: units(v, &out.position),
            winner: out.winner().map(name),
        }
    }
}

/// Units by power, each power's sorted.
fn units<'v>(v: &'v Variant, pos: &Position) -> BTreeMap<&'v str, Vec<String>> {
    let mut m: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for u in &pos.units {
        m.entry(v.powers[u.power as usize].name.as_str()).or_default().push(v.unit_code(u));
    }
    m.values_mut().for_each(|l| l.sort_unstable());
    m
}

/// Centres by owner, each owner's sorted.
fn centers<'v>(v: &'v Variant, pos: &Position) -> BTreeMap<&'v str, Vec<&'v str>> {
    let mut m: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (i, c) in pos.centers.iter().enumerate() {
        if let Some(p) = c {
            m.entry(v.powers[*p as usize].name.as_str()).or_default().push(v.code(i as u16));
        }
    }
    m.values_mut().for_each(|l| l.sort_unstable());
    m
}

/// `{"SIC": "ITALY"}`: owners of the tracked provinces, on maps with any.
fn owners<'v>(v: &'v Variant, pos: &Position) -> Option<BTreeMap<&'v str, &'v str>> {
    if pos.owners.is_empty() {
        return None;
    }
    Some(pos.owners.iter().enumerate().filter_map(|(i, o)| o.map(|p| (v.code(i as u16), v.powers[p as usize].name.as_str()))).collect())
}

/// Dislodged units by power: their retreat options, and where each attack came from.
fn dislodgements<'v>(v: &'v Variant, dislodged: &[Dislodged]) -> (Dislodgements<'v, Vec<String>>, Dislodgements<'v, &'v str>) {
    let mut retreats: Dislodgements<Vec<String>> = BTreeMap::new();
    let mut by: Dislodgements<&str> = BTreeMap::new();
    for (i, d) in dislodged.iter().enumerate() {
        // identical units dislodged from one stack share a key with a count,
        // `A PAR x3` (docs/ORIGINAL1958.md D1)
        if dislodged[..i].iter().any(|e| e.unit == d.unit) {
            continue;
        }
        let count = dislodged.iter().filter(|e| e.unit == d.unit).count();
        let key = if count > 1 { format!("{} x{count}", v.unit_code(&d.unit)) } else { v.unit_code(&d.unit) };
        let p = v.powers[d.unit.power as usize].name.as_str();
        let opts = d.options.iter().map(|l| v.loc_code(*l)).collect();
        if let Some(f) = d.attacker_from {
            by.entry(p).or_default().insert(key.clone(), v.code(f));
        }
        retreats.entry(p).or_default().insert(key, opts);
    }
    (retreats, by)
}
