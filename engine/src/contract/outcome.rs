//! The outcome as typed serde structures, written straight to a writer.
//!
//! Field order is the order of the keys in the output (alphabetical, as the
//! contract's outcomes have always been written); powers, provinces and
//! units come out sorted, as from `BTreeMap`s (the lists by power are
//! [`ByPower`]s: one sorted vector each rather than a map of vectors), and
//! names borrow from the variant and its [`Codes`].

use super::Codes;
use crate::adjudicate::{Dislodged, Outcome, Position};
use crate::map::{PowerId, Variant};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// An order that could not be read: its power, its text, why.
pub type Unreadable = (PowerId, String, String);

#[derive(Serialize)]
struct ResultRow<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
    order: &'a str,
    result: &'static str,
}

/// One power's dislodged units: the key is the unit (`A PAR`, or `A PAR x3`
/// for identical units dislodged from one stack).
type Dislodgements<'v, T> = BTreeMap<&'v str, BTreeMap<Cow<'v, str>, T>>;

/// The contract's outcome document (ADJUDICATE.md, "Outcome").
#[derive(Serialize)]
pub struct OutcomeDoc<'v> {
    centers: ByPower<'v, &'v str>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    dislodged_by: Dislodgements<'v, &'v str>,
    next_phase: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    owners: Option<BTreeMap<&'v str, &'v str>>,
    phase: String,
    results: ByPower<'v, ResultRow<'v>>,
    retreats: Dislodgements<'v, Vec<&'v str>>,
    units: ByPower<'v, Text<'v>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'v str>,
}

impl<'v> OutcomeDoc<'v> {
    /// The outcome of a phase, the texts borrowed from the variant, its
    /// `codes` and the `unreadable` orders; the orders' canonical texts are
    /// written into `orders` (cleared first).
    pub fn new(v: &'v Variant, codes: &'v Codes, out: &Outcome, unreadable: &'v [Unreadable], orders: &'v mut String) -> OutcomeDoc<'v> {
        orders.clear();
        let mut ends = Vec::with_capacity(out.results.len());
        for r in &out.results {
            codes.write_order(v, &r.order, orders);
            ends.push(orders.len());
        }
        let orders: &'v str = orders;
        let mut results = Vec::with_capacity(out.results.len() + unreadable.len());
        let mut start = 0;
        for (r, end) in out.results.iter().zip(ends) {
            let row = ResultRow { order: &orders[start..end], result: r.result.label(), note: r.note.map(|n| n.text()) };
            results.push((codes.rank(r.power), row));
            start = end;
        }
        for (p, text, msg) in unreadable {
            results.push((codes.rank(*p), ResultRow { order: text, result: "void", note: Some(msg) }));
        }
        // each power's results in the order they came
        results.sort_by_key(|(rank, _)| *rank);
        let (retreats, dislodged_by) = dislodgements(v, codes, &out.dislodged);
        OutcomeDoc {
            centers: centers(codes, &out.position),
            dislodged_by,
            next_phase: out.next_phase.map(|p| v.calendar.name(p)),
            owners: owners(v, &out.position),
            phase: v.calendar.name(out.phase),
            results: ByPower { codes, items: results },
            retreats,
            units: units(codes, &out.position),
            winner: out.winner().map(|p| v.powers[p as usize].name.as_str()),
        }
    }
}

/// Items of the powers as one JSON object, keyed by the powers' names in
/// the order a `BTreeMap` by name writes them ([`Codes::rank`]), each
/// power's items a list in the order they are in here; powers without
/// items left out.
struct ByPower<'v, T> {
    codes: &'v Codes,
    /// Sorted by rank.
    items: Vec<(u8, T)>,
}

impl<T: Serialize> Serialize for ByPower<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for run in self.items.chunk_by(|a, b| a.0 == b.0) {
            map.serialize_entry(self.codes.power_name(run[0].0), &Items(run))?;
        }
        map.end()
    }
}

/// One power's run of items in a [`ByPower`], written as a list.
struct Items<'a, T>(&'a [(u8, T)]);

impl<T: Serialize> Serialize for Items<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|(_, t)| t))
    }
}

/// A text of the [`Codes`] with its place in byte order among them, so
/// that sorting compares numbers; written as the text.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Text<'v>((u32, &'v str));

impl Serialize for Text<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.1)
    }
}

/// Units by power, each power's sorted.
fn units<'v>(codes: &'v Codes, pos: &Position) -> ByPower<'v, Text<'v>> {
    let mut items: Vec<(u8, Text)> = pos.units.iter().map(|u| (codes.rank(u.power), Text(codes.unit(u)))).collect();
    items.sort_unstable();
    ByPower { codes, items }
}

/// Centres by owner, each owner's sorted.
fn centers<'v>(codes: &'v Codes, pos: &Position) -> ByPower<'v, &'v str> {
    let mut items: Vec<(u8, &str)> = Vec::with_capacity(pos.centers.len());
    for (prov, code) in codes.by_code() {
        if let Some(p) = pos.centers[prov as usize] {
            items.push((codes.rank(p), code));
        }
    }
    // by owner, each owner's in the order of the codes
    items.sort_by_key(|(rank, _)| *rank);
    ByPower { codes, items }
}

/// `{"SIC": "ITALY"}`: owners of the tracked provinces, on maps with any.
fn owners<'v>(v: &'v Variant, pos: &Position) -> Option<BTreeMap<&'v str, &'v str>> {
    if pos.owners.is_empty() {
        return None;
    }
    Some(pos.owners.iter().enumerate().filter_map(|(i, o)| o.map(|p| (v.code(i as u16), v.powers[p as usize].name.as_str()))).collect())
}

/// Dislodged units by power: their retreat options, and where each attack came from.
fn dislodgements<'v>(v: &'v Variant, codes: &'v Codes, dislodged: &[Dislodged]) -> (Dislodgements<'v, Vec<&'v str>>, Dislodgements<'v, &'v str>) {
    let mut retreats: Dislodgements<Vec<&str>> = BTreeMap::new();
    let mut by: Dislodgements<&str> = BTreeMap::new();
    for (i, d) in dislodged.iter().enumerate() {
        // identical units dislodged from one stack share a key with a count,
        // `A PAR x3` (docs/ORIGINAL1958.md D1)
        if dislodged[..i].iter().any(|e| e.unit == d.unit) {
            continue;
        }
        let count = dislodged.iter().filter(|e| e.unit == d.unit).count();
        let (_, code) = codes.unit(&d.unit);
        let key = if count > 1 { Cow::Owned(format!("{code} x{count}")) } else { Cow::Borrowed(code) };
        let p = v.powers[d.unit.power as usize].name.as_str();
        let opts = d.options.iter().map(|l| codes.loc(*l).1).collect();
        if let Some(f) = d.attacker_from {
            by.entry(p).or_default().insert(key.clone(), v.code(f));
        }
        retreats.entry(p).or_default().insert(key, opts);
    }
    (retreats, by)
}
