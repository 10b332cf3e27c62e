//! The outcome written as JSON text, straight from the engine's [`Outcome`].
//!
//! The text is what `serde_json` writes for the outcome as a map of
//! `BTreeMap`s (ADJUDICATE.md, "Outcome"): keys in alphabetical order, no
//! spaces, the powers' lists keyed by name in byte order, every list of
//! units, centres and retreat options sorted, powers with nothing left out.
//! Strings are escaped as `serde_json` escapes them. The hot lists (units,
//! centres, results) are written from the variant's [`Codes`] (their texts
//! kept as JSON) without building a map; the rare ones (retreats, owners)
//! through `serde_json`.

use super::Codes;
use crate::adjudicate::{Dislodged, Outcome, Position};
use crate::map::{Loc, PowerId, Variant};
use crate::phase::Phase;
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
    /// Items of a list by power, and the same sorted by power: each
    /// power's rank and the item's index (in the list it is written from).
    items: Vec<(u8, u32)>,
    sorted: Vec<(u8, u32)>,
    /// Sort keys of the units.
    keys: Vec<u64>,
}

impl Writer {
    /// Writes the outcome of a phase (one line of JSON, no newline) into
    /// `self.json`, cleared first.
    pub fn write(&mut self, v: &Variant, codes: &Codes, out: &Outcome, unreadable: &[Unreadable]) {
        self.json.clear();
        let (retreats, dislodged_by) = dislodgements(v, codes, &out.dislodged);
        self.json.extend_from_slice(b"{\"centers\":");
        self.centers(codes, &out.position);
        if !dislodged_by.is_empty() {
            self.json.extend_from_slice(b",\"dislodged_by\":");
            serde_json::to_writer(&mut self.json, &dislodged_by).expect("a map of strings");
        }
        self.json.extend_from_slice(b",\"next_phase\":");
        match out.next_phase {
            Some(p) => phase_name(&mut self.json, v, p),
            None => self.json.extend_from_slice(b"null"),
        }
        if let Some(owners) = owners(v, &out.position) {
            self.json.extend_from_slice(b",\"owners\":");
            serde_json::to_writer(&mut self.json, &owners).expect("a map of strings");
        }
        self.json.extend_from_slice(b",\"phase\":");
        phase_name(&mut self.json, v, out.phase);
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

    /// `{"FRANCE":["BRE","MAR","PAR"],...}`: each owner's centres in the
    /// order of their codes.
    fn centers(&mut self, codes: &Codes, pos: &Position) {
        self.items.clear();
        let owned = codes.by_code().iter().filter_map(|&prov| pos.centers[prov as usize].map(|p| (codes.rank(p), prov as u32)));
        self.items.extend(owned);
        by_rank(&self.items, &mut self.sorted, codes.ranks());
        let mut map = ByPower::new(&mut self.json, codes);
        for &(rank, prov) in &self.sorted {
            map.item(rank).extend_from_slice(codes.loc_json(Loc::new(prov as u16)).as_bytes());
        }
        map.end();
    }

    /// `{"FRANCE":[{"order":"A PAR - BUR","result":"ok"},...],...}`: each
    /// power's orders in the order the engine gave them, then its
    /// unreadable ones.
    fn results(&mut self, v: &Variant, codes: &Codes, out: &Outcome, unreadable: &[Unreadable]) {
        self.items.clear();
        self.items.extend(out.results.iter().enumerate().map(|(i, r)| (codes.rank(r.power), i as u32)));
        let n = out.results.len();
        self.items.extend(unreadable.iter().enumerate().map(|(i, (p, ..))| (codes.rank(*p), (n + i) as u32)));
        by_rank(&self.items, &mut self.sorted, codes.ranks());
        let mut map = ByPower::new(&mut self.json, codes);
        for &(rank, i) in &self.sorted {
            let json = map.item(rank);
            match out.results.get(i as usize) {
                Some(r) => {
                    self.order.clear();
                    codes.write_order(v, &r.order, &mut self.order);
                    result_row(json, r.note.map(|n| n.text()), &self.order, codes.plain(), r.result.label());
                }
                None => {
                    let (_, text, note) = &unreadable[i as usize - n];
                    result_row(json, Some(note), text, false, "void");
                }
            }
        }
        map.end();
    }

    /// `{"FRANCE":["A MAR","A PAR","F BRE"],...}`: each power's units
    /// sorted by their text.
    fn units(&mut self, codes: &Codes, pos: &Position) {
        // by text (each text's rank above the unit's index, sorted as
        // numbers), then by power keeping that order
        self.keys.clear();
        self.keys.extend(pos.units.iter().enumerate().map(|(i, u)| (u64::from(codes.unit(u).0) << 32) | i as u64));
        self.keys.sort_unstable();
        self.items.clear();
        self.items.extend(self.keys.iter().map(|&k| {
            let i = k as u32;
            (codes.rank(pos.units[i as usize].power), i)
        }));
        by_rank(&self.items, &mut self.sorted, codes.ranks());
        let mut map = ByPower::new(&mut self.json, codes);
        for &(rank, i) in &self.sorted {
            map.item(rank).extend_from_slice(codes.unit_json(&pos.units[i as usize]).as_bytes());
        }
        map.end();
    }
}

/// Sorts `items` by rank into `sorted`, each rank's items in the order
/// they are in (a counting sort: ranks are fewer than `ranks`).
fn by_rank(items: &[(u8, u32)], sorted: &mut Vec<(u8, u32)>, ranks: u8) {
    let mut start = [0u32; 257];
    for &(rank, _) in items {
        start[rank as usize + 1] += 1;
    }
    for r in 1..=ranks as usize {
        start[r] += start[r - 1];
    }
    sorted.clear();
    sorted.resize(items.len(), (0, 0));
    for &(rank, i) in items {
        sorted[start[rank as usize] as usize] = (rank, i);
        start[rank as usize] += 1;
    }
}

/// `{"note":...,"order":...,"result":...}` (no note if `None`); `plain`:
/// the order's text needs no escaping.
fn result_row(json: &mut Vec<u8>, note: Option<&str>, order: &str, plain: bool, result: &str) {
    json.push(b'{');
    if let Some(note) = note {
        json.extend_from_slice(b"\"note\":");
        string(json, note);
        json.push(b',');
    }
    json.extend_from_slice(b"\"order\":");
    if plain {
        json.push(b'"');
        json.extend_from_slice(order.as_bytes());
        json.push(b'"');
    } else {
        string(json, order);
    }
    json.extend_from_slice(b",\"result\":\"");
    // the labels are plain words
    json.extend_from_slice(result.as_bytes());
    json.extend_from_slice(b"\"}");
}

/// A JSON object of lists by power being written, the items given sorted
/// by power rank: a power without items is left out.
struct ByPower<'j, 'c> {
    json: &'j mut Vec<u8>,
    codes: &'c Codes,
    /// The power whose list is open.
    open: Option<u8>,
}

impl<'j, 'c> ByPower<'j, 'c> {
    fn new(json: &'j mut Vec<u8>, codes: &'c Codes) -> ByPower<'j, 'c> {
        json.push(b'{');
        ByPower { json, codes, open: None }
    }

    /// Starts an item of the power of this rank (opening its list): the
    /// text to write it into.
    fn item(&mut self, rank: u8) -> &mut Vec<u8> {
        match self.open {
            Some(open) if open == rank => self.json.push(b','),
            open => {
                if open.is_some() {
                    self.json.extend_from_slice(b"],");
                }
                self.json.extend_from_slice(self.codes.power_key(rank).as_bytes());
                self.open = Some(rank);
            }
        }
        self.json
    }

    fn end(self) {
        if self.open.is_some() {
            self.json.push(b']');
        }
        self.json.push(b'}');
    }
}

/// Writes phase `p`'s name as a JSON string (as [`string`] writes
/// `Calendar::name`, without building it first).
fn phase_name(json: &mut Vec<u8>, v: &Variant, p: Phase) {
    let code = &v.calendar.seasons[p.season as usize].code;
    if !plain(code) {
        return string(json, &v.calendar.name(p));
    }
    json.push(b'"');
    json.extend_from_slice(code.as_bytes());
    json.extend_from_slice(itoa::Buffer::new().format(v.calendar.written(p.year)).as_bytes());
    json.push(p.kind.letter() as u8);
    json.push(b'"');
}

/// Whether `s` needs no escaping in JSON: no control character, `"` or
/// `\` (every byte looked at, without a branch a byte, so that the
/// compiler may look at several at once).
fn plain(s: &str) -> bool {
    !s.bytes().fold(false, |esc, b| esc | (b < 0x20) | (b == b'"') | (b == b'\\'))
}

/// Writes `s` as a JSON string, escaped as `serde_json` escapes it (only
/// control characters, `"` and `\` are).
fn string(json: &mut Vec<u8>, s: &str) {
    if plain(s) {
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

    /// Phase names come out as the calendar writes them, as JSON strings.
    #[test]
    fn phase_names_are_the_calendars() {
        let v = Variant::standard();
        let mut p = v.start;
        for year in [1901, -3, 0, 99_999] {
            for _ in 0..3 {
                let q = Phase { year, ..p };
                let mut json = Vec::new();
                phase_name(&mut json, &v, q);
                assert_eq!(String::from_utf8(json).unwrap(), serde_json::to_string(&v.calendar.name(q)).unwrap());
                p = v.calendar.successor(p);
            }
        }
    }

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
