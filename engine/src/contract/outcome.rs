//! The outcome as typed serde structures, written straight to a writer.
//!
//! Field order is the order of the keys in the output (alphabetical, as the
//! contract's outcomes have always been written), maps are `BTreeMap`s so
//! powers, provinces and units come out sorted, and names borrow from the
//! variant where they can.

use super::Codes;
use crate::adjudicate::{Dislodged, Outcome, Position};
use crate::map::{PowerId, Variant};
use serde::Serialize;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// An order that could not be read: its power, its text, why.
pub type Unreadable = (PowerId, String, String);

#[derive(Serialize)]
struct ResultRow<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
    order: Cow<'a, str>,
    result: &'static str,
}

/// One power's dislodged units: the key is the unit (`A PAR`, or `A PAR x3`
/// for identical units dislodged from one stack).
type Dislodgements<'v, T> = BTreeMap<&'v str, BTreeMap<Cow<'v, str>, T>>;

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
    results: BTreeMap<&'v str, Vec<ResultRow<'v>>>,
    retreats: Dislodgements<'v, Vec<Cow<'v, str>>>,
    units: BTreeMap<&'v str, Vec<Cow<'v, str>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'v str>,
}

impl<'v> OutcomeDoc<'v> {
    /// The outcome of a phase, the texts borrowed from the variant, its
    /// `codes` and the `unreadable` orders.
    pub fn new(v: &'v Variant, codes: &'v Codes, out: &Outcome, unreadable: &'v [Unreadable]) -> OutcomeDoc<'v> {
        let name = |p: PowerId| v.powers[p as usize].name.as_str();
        let mut results: BTreeMap<&str, Vec<ResultRow>> = BTreeMap::new();
        for r in &out.results {
            let row = ResultRow { order: Cow::Owned(r.order.canonical(v)), result: r.result.label(), note: r.note.map(|n| n.text()) };
            results.entry(name(r.power)).or_default().push(row);
        }
        for (p, text, msg) in unreadable {
            results.entry(name(*p)).or_default().push(ResultRow { order: Cow::Borrowed(text), result: "void", note: Some(msg) });
        }
        let (retreats, dislodged_by) = dislodgements(v, codes, &out.dislodged);
        OutcomeDoc {
            centers: centers(v, &out.position),
            dislodged_by,
            next_phase: out.next_phase.map(|p| v.calendar.name(p)),
            owners: owners(v, &out.position),
            phase: v.calendar.name(out.phase),
            results,
            retreats,
            units: units(v, codes, &out.position),
            winner: out.winner().map(name),
        }
    }
}

/// Units by power, each power's sorted.
fn units<'v>(v: &'v Variant, codes: &'v Codes, pos: &Position) -> BTreeMap<&'v str, Vec<Cow<'v, str>>> {
    let mut m: BTreeMap<&str, Vec<Cow<str>>> = BTreeMap::new();
    for u in &pos.units {
        m.entry(v.powers[u.power as usize].name.as_str()).or_default().push(codes.unit(v, u));
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
fn dislodgements<'v>(v: &'v Variant, codes: &'v Codes, dislodged: &[Dislodged]) -> (Dislodgements<'v, Vec<Cow<'v, str>>>, Dislodgements<'v, &'v str>) {
    let mut retreats: Dislodgements<Vec<Cow<str>>> = BTreeMap::new();
    let mut by: Dislodgements<&str> = BTreeMap::new();
    for (i, d) in dislodged.iter().enumerate() {
        // identical units dislodged from one stack share a key with a count,
        // `A PAR x3` (docs/ORIGINAL1958.md D1)
        if dislodged[..i].iter().any(|e| e.unit == d.unit) {
            continue;
        }
        let count = dislodged.iter().filter(|e| e.unit == d.unit).count();
        let code = codes.unit(v, &d.unit);
        let key = if count > 1 { Cow::Owned(format!("{code} x{count}")) } else { code };
        let p = v.powers[d.unit.power as usize].name.as_str();
        let opts = d.options.iter().map(|l| codes.loc(v, *l)).collect();
        if let Some(f) = d.attacker_from {
            by.entry(p).or_default().insert(key.clone(), v.code(f));
        }
        retreats.entry(p).or_default().insert(key, opts);
    }
    (retreats, by)
}
