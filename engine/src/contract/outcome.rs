//! The outcome written as JSON text, straight from the engine's [`Outcome`].
//!
//! The text is what `serde_json` writes for the outcome as a map of
//! `BTreeMap`s (ADJUDICATE.md, "Outcome"): keys in alphabetical order, no
//! spaces, the powers' lists keyed by name in byte order, every list of
//! units, centres and retreat options sorted, powers with nothing left out.
//! Strings are escaped as `serde_json` escapes them. The hot lists (units,
//! centres, results) are written from the variant's [`Codes`] without
//! building a map; the rare ones (retreats, owners) through `serde_json`.

use super::Codes;
use crate::adjudicate::{Dislodged, Outcome, Position};
use crate::map::{PowerId, Unit, Variant};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// An order that could not be read: its power, its text, why.
pub type Unreadable = (PowerId, String, String);

/// Buffers an outcome is written with, kept between outcomes.
#[derive(Default)]
pub struct Writer {
    /// The outcome's text.
    pub json: Vec<u8>,
    /// One order's canonical text.
    order: String,
    /// One power's units, with their texts' ranks.
    units: Vec<(u32, Unit)>,
}

impl Writer {
    /// Writes the outcome of a phase (one line of JSON, no newline) into
    /// `self.json`, cleared first.
    pub fn write(&mut self, v: &Variant, codes: &Codes, out: &Outcome, unreadable: &[Unreadable]) {
        self.json.clear();
        let (retreats, dislodged_by) = dislodgements(v, codes, &out.dislodged);
        self.json.extend_from_slice(b"{\"centers\":");
        centers(&mut self.json, codes, &out.position);
        if !dislodged_by.is_empty() {
            self.json.extend_from_slice(b",\"dislodged_by\":");
            serde_json::to_writer(&mut self.json, &dislodged_by).expect("a map of strings");
        }
        self.json.extend_from_slice(b",\"next_phase\":");
        match out.next_phase {
            Some(p) => string(&mut self.json, &v.calendar.name(p)),
            None => self.json.extend_from_slice(b"null"),
        }
        if let Some(owners) = owners(v, &out.position) {
            self.json.extend_from_slice(b",\"owners\":");
            serde_json::to_writer(&mut self.json, &owners).expect("a map of strings");
        }
        self.json.extend_from_slice(b",\"phase\":");
        string(&mut self.json, &v.calendar.name(out.phase));
        self.json.extend_from_slice(b",\"results\":");
        self.results(v, codes, out, unreadable);
        self.json.extend_from_slice(b",\"retreats\":");
        serde_json::to_writer(&mut self.json, &retreats).expect("a map of strings");
        self.json.extend_from_slice(b",\"units\":");
        self.units(codes, &out.position);
        if let Some(p) = out.winner() {
            self.json.extend_from_slice(b",\"winner\":");
            string(&mut self.json, &v.powers[p as usize].name);
        }
        self.json.push(b'}');
    }

    /// `{"FRANCE": [{"order": "A PAR - BUR", "result": "ok"}, ...], ...}`:
    /// each power's orders in the order the engine gave them, then its
    /// unreadable ones.
    fn results(&mut self, v: &Variant, codes: &Codes, out: &Outcome, unreadable: &[Unreadable]) {
        let mut map = ByPower::new(&mut self.json);
        for rank in 0..codes.ranks() {
            for r in out.results.iter().filter(|r| codes.rank(r.power) == rank) {
                self.order.clear();
                codes.write_order(v, &r.order, &mut self.order);
                map.item(codes.power_name(rank), |json| result_row(json, r.note.map(|n| n.text()), &self.order, r.result.label()));
            }
            for (_, text, note) in unreadable.iter().filter(|(p, ..)| codes.rank(*p) == rank) {
                map.item(codes.power_name(rank), |json| result_row(json, Some(note), text, "void"));
            }
            map.end_power();
        }
        map.end();
    }

    /// `{"FRANCE": ["A MAR", "A PAR", "F BRE"], ...}`: each power's units
    /// sorted by their text.
    fn units(&mut self, codes: &Codes, pos: &Position) {
        let mut map = ByPower::new(&mut self.json);
        let mut list = std::mem::take(&mut self.units);
        for rank in 0..codes.ranks() {
            list.clear();
            list.extend(pos.units.iter().filter(|u| codes.rank(u.power) == rank).map(|u| (codes.unit(u).0, *u)));
            list.sort_unstable_by_key(|(text_rank, _)| *text_rank);
            for (_, u) in &list {
                map.item(codes.power_name(rank), |json| string(json, codes.unit(u).1));
            }
            map.end_power();
        }
        map.end();
        list.clear();
        self.units = list;
    }
}

/// `{"FRANCE": ["BRE", "MAR", "PAR"], ...}`: each owner's centres in the
/// order of their codes.
fn centers(json: &mut Vec<u8>, codes: &Codes, pos: &Position) {
    let mut map = ByPower::new(json);
    for rank in 0..codes.ranks() {
        for (prov, code) in codes.by_code() {
            if pos.centers[prov as usize].is_some_and(|p| codes.rank(p) == rank) {
                map.item(codes.power_name(rank), |json| string(json, code));
            }
        }
        map.end_power();
    }
    map.end();
}

/// `{"note": ..., "order": ..., "result": ...}` (no note if `None`).
fn result_row(json: &mut Vec<u8>, note: Option<&str>, order: &str, result: &str) {
    json.push(b'{');
    if let Some(note) = note {
        json.extend_from_slice(b"\"note\":");
        string(json, note);
        json.push(b',');
    }
    json.extend_from_slice(b"\"order\":");
    string(json, order);
    json.extend_from_slice(b",\"result\":");
    string(json, result);
    json.push(b'}');
}

/// A JSON object of lists by power being written: powers are given in the
/// order of their names, each power's items in turn; a power without items
/// is left out.
struct ByPower<'j> {
    json: &'j mut Vec<u8>,
    /// Some power's list was written.
    any: bool,
    /// The current power's list is open.
    open: bool,
}

impl<'j> ByPower<'j> {
    fn new(json: &'j mut Vec<u8>) -> ByPower<'j> {
        json.push(b'{');
        ByPower { json, any: false, open: false }
    }

    /// Writes an item of the power called `name` (opening its list).
    fn item(&mut self, name: &str, write: impl FnOnce(&mut Vec<u8>)) {
        if self.open {
            self.json.push(b',');
        } else {
            if self.any {
                self.json.push(b',');
            }
            string(self.json, name);
            self.json.extend_from_slice(b":[");
            (self.any, self.open) = (true, true);
        }
        write(self.json);
    }

    /// Closes the current power's list, if it has items.
    fn end_power(&mut self) {
        if self.open {
            self.json.push(b']');
            self.open = false;
        }
    }

    fn end(self) {
        self.json.push(b'}');
    }
}

/// Writes `s` as a JSON string, escaped as `serde_json` escapes it (only
/// control characters, `"` and `\` are).
fn string(json: &mut Vec<u8>, s: &str) {
    if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        json.push(b'"');
        json.extend_from_slice(s.as_bytes());
        json.push(b'"');
    } else {
        serde_json::to_writer(json, s).expect("a string");
    }
}

/// One power's dislodged units: the key is the unit (`A PAR`, or `A PAR x3`
/// for identical units dislodged from one stack).
type Dislodgements<'v, T> = BTreeMap<&'v str, BTreeMap<Cow<'v, str>, T>>;

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Strings come out as `serde_json` writes them.
    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        for s in ["A PAR", "", "quote \" back \\ slash", "tab\tnew\nline\u{1}", "del \u{7f}", "é ü → 𝄞", "</script>"] {
            let mut json = Vec::new();
            string(&mut json, s);
            assert_eq!(String::from_utf8(json).unwrap(), serde_json::to_string(s).unwrap());
        }
    }
}
