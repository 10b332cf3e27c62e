//! The contract's names of one variant, looked up and written without
//! allocating: built once when the variant is loaded, kept with it.
//!
//! Reading: the exact texts the contract writes (`PAR`, `STP/SC`, `A PAR`,
//! `F STP/SC`, `A NTH ABOARD`) map straight to what [`Variant::parse_loc`]
//! and [`Variant::parse_unit`] read them as; every entry is checked against
//! those functions when the table is built, and any other text (lower case,
//! spaces, an unknown name) goes to them, so the answer, or the error, is
//! theirs. Writing: [`Variant::loc_code`] and [`Variant::unit_code`] of every
//! location, kept, and orders' canonical texts written with them.

use crate::map::names::short_key;
use crate::map::{Coast, Loc, LocError, PowerId, ProvinceKind, Unit, UnitError, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use rustc_hash::FxHashMap;
use std::num::NonZeroU16;

/// Slots a province takes in the text tables: no coast, then the four coasts.
const COASTS: usize = 5;
const KINDS: [UnitType; 2] = [UnitType::Army, UnitType::Fleet];
/// Codes of three capital letters (`PAR`), indexed directly.
const LETTERS3: usize = 26 * 26 * 26;

/// One variant's tables. [`Codes::default`] has none: every text read then
/// goes to the variant's own functions (and nothing can be written).
#[derive(Default)]
pub struct Codes {
    /// By the [`index3`] of a code: its province (plus one), for the
    /// texts [`direct`] reads.
    by3: Vec<Option<NonZeroU16>>,
    /// By [`loc_slot`]: the location's text is read by [`direct`].
    loc_direct: Vec<bool>,
    /// By [`unit_slot`]: the unit's text (not on board) is read by [`direct`].
    unit_direct: Vec<bool>,
    /// The powers' names as the variant spells them, with the power
    /// [`Variant::power_by_name`] finds for each.
    power_names: Vec<(Box<str>, PowerId)>,
    /// By [`short_key`].
    locs: FxHashMap<u128, Loc>,
    /// By [`short_key`]; units as read for power 0.
    units: FxHashMap<u128, Unit>,
    /// By [`loc_slot`].
    loc_text: Vec<Ranked>,
    /// By [`unit_slot`], as `loc_text`.
    unit_text: Vec<Ranked>,
    /// Each power's name's place among the names in byte order.
    power_rank: Vec<u8>,
    /// By rank: the name as a JSON key opening a list, `"FRANCE":[`.
    power_keys: Vec<Box<str>>,
    /// The provinces in their codes' byte order.
    by_code: Vec<u16>,
    /// No location's text and no power's name needs escaping in JSON.
    plain: bool,
}

/// A text of a table.
struct Ranked {
    /// Its place in byte order among the texts of its table (to sort by
    /// the text by comparing numbers).
    rank: u32,
    text: Box<str>,
    /// As a JSON string.
    json: Box<str>,
}

/// Ranks texts by their byte order (equal texts, equal rank).
fn ranked(texts: Vec<String>) -> Vec<Ranked> {
    let mut sorted: Vec<&str> = texts.iter().map(|t| t.as_str()).collect();
    sorted.sort_unstable();
    sorted.dedup();
    let rank = |t: &str| sorted.binary_search(&t).expect("listed") as u32;
    texts.iter().map(|t| Ranked { rank: rank(t), text: t.as_str().into(), json: json(t).into() }).collect()
}

fn json(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}

fn loc_slot(l: Loc) -> usize {
    l.prov as usize * COASTS + l.coast as usize
}

fn unit_slot(kind: UnitType, l: Loc, aboard: bool) -> usize {
    (loc_slot(l) * 2 + kind as usize) * 2 + aboard as usize
}

/// The index of a code of three capital letters.
fn index3(code: &[u8]) -> Option<usize> {
    let &[a, b, c] = code else { return None };
    let letter = |x: u8| x.is_ascii_uppercase().then(|| (x - b'A') as usize);
    Some((letter(a)? * 26 + letter(b)?) * 26 + letter(c)?)
}

/// A location's text of the form `PAR` or `STP/SC`: its code's [`index3`]
/// and its coast; `None` for any other text.
fn direct(text: &[u8]) -> Option<(usize, Coast)> {
    let coast = match text {
        [_, _, _] => Coast::None,
        [_, _, _, b'/', c, b'C'] => match c {
            b'N' => Coast::North,
            b'S' => Coast::South,
            b'E' => Coast::East,
            b'W' => Coast::West,
            _ => return None,
        },
        _ => return None,
    };
    Some((index3(&text[..3])?, coast))
}

fn all_locs(v: &Variant) -> impl Iterator<Item = Loc> + '_ {
    let coasts = [Coast::None, Coast::North, Coast::South, Coast::East, Coast::West];
    (0..v.provinces.len() as u16).flat_map(move |p| coasts.into_iter().map(move |c| Loc::with(p, c)))
}

impl Codes {
    pub fn build(v: &Variant) -> Codes {
        let mut codes = Codes { by3: vec![None; LETTERS3], ..Codes::default() };
        let (mut loc_text, mut unit_text) = (Vec::new(), Vec::new());
        for l in all_locs(v) {
            debug_assert_eq!(loc_text.len(), loc_slot(l));
            let text = v.loc_code(l);
            let read_as_itself = v.parse_loc(&text) == Ok(l);
            if let (true, Some(key)) = (read_as_itself, short_key(&text)) {
                codes.locs.insert(key, l);
            }
            let direct = read_as_itself && codes.direct_entry(&text, l);
            codes.loc_direct.push(direct);
            loc_text.push(text);
            for kind in KINDS {
                for aboard in [false, true] {
                    let u = Unit { power: 0, kind, loc: l, aboard };
                    debug_assert_eq!(unit_text.len(), unit_slot(kind, l, aboard));
                    let text = v.unit_code(&u);
                    let read_as_itself = v.parse_unit(0, &text) == Ok(u);
                    if let (true, Some(key)) = (read_as_itself, short_key(&text)) {
                        codes.units.insert(key, u);
                    }
                    // `A PAR`: the type's letter and the location's text
                    let parts = text.split_once(' ').filter(|(k, _)| *k == kind.letter().to_string());
                    let loc_read = parts.is_some_and(|(_, loc)| codes.direct_loc(loc.as_bytes()) == Some(l));
                    codes.unit_direct.push(read_as_itself && !aboard && loc_read);
                    unit_text.push(text);
                }
            }
        }
        codes.loc_text = ranked(loc_text);
        codes.unit_text = ranked(unit_text);
        let mut names: Vec<&str> = v.powers.iter().map(|p| p.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        codes.power_names = v.powers.iter().map(|p| (p.name.as_str().into(), v.power_by_name(&p.name).expect("its own name"))).collect();
        codes.power_rank = v.powers.iter().map(|p| names.binary_search(&p.name.as_str()).expect("listed") as u8).collect();
        codes.power_keys = names.iter().map(|n| format!("{}:[", json(n)).into()).collect();
        codes.by_code = (0..v.provinces.len() as u16).collect();
        codes.by_code.sort_by_key(|&p| v.code(p));
        let plain = |t: &str| json(t).len() == t.len() + 2;
        codes.plain = codes.loc_text.iter().all(|t| plain(&t.text)) && names.iter().all(|n| plain(n));
        codes
    }

    /// The provinces in their codes' byte order.
    pub fn by_code(&self) -> &[u16] {
        &self.by_code
    }

    /// No location's text and no power's name needs escaping in JSON (so
    /// no order's canonical text does).
    pub fn plain(&self) -> bool {
        self.plain
    }

    /// The name of the powers of this [`rank`](Codes::rank) as a JSON key
    /// opening a list: `"FRANCE":[`.
    pub fn power_key(&self, rank: u8) -> &str {
        &self.power_keys[rank as usize]
    }

    /// Where power `p`'s name comes among the powers' names in byte order
    /// (the order of a `BTreeMap` by name; powers of one name, one rank).
    pub fn rank(&self, p: PowerId) -> u8 {
        self.power_rank[p as usize]
    }

    /// How many ranks there are (powers of distinct names).
    pub fn ranks(&self) -> u8 {
        self.power_keys.len() as u8
    }

    /// While building: enters location `l`'s text in the direct index if
    /// it has the form [`direct`] reads; whether it does.
    fn direct_entry(&mut self, text: &str, l: Loc) -> bool {
        let Some((i, coast)) = direct(text.as_bytes()) else { return false };
        let prov = NonZeroU16::new(l.prov + 1).expect("fewer than u16::MAX provinces");
        if coast != l.coast || self.by3[i].is_some_and(|p| p != prov) {
            return false;
        }
        self.by3[i] = Some(prov);
        true
    }

    /// A location's text read through the direct index, if it is exactly
    /// the text of a location entered there.
    #[inline]
    fn direct_loc(&self, text: &[u8]) -> Option<Loc> {
        let (i, coast) = direct(text)?;
        let prov = self.by3.get(i).copied()??.get() - 1;
        let l = Loc::with(prov, coast);
        self.loc_direct.get(loc_slot(l)).copied()?.then_some(l)
    }

    /// A unit's text (`A PAR`, `F STP/SC`) read through the direct index.
    #[inline]
    fn direct_unit(&self, text: &[u8]) -> Option<Unit> {
        let (kind, loc) = match text {
            [b'A', b' ', loc @ ..] => (UnitType::Army, loc),
            [b'F', b' ', loc @ ..] => (UnitType::Fleet, loc),
            _ => return None,
        };
        let l = self.direct_loc(loc)?;
        self.unit_direct[unit_slot(kind, l, false)].then_some(Unit { power: 0, kind, loc: l, aboard: false })
    }

    /// [`Variant::power_by_name`].
    pub fn power_by_name(&self, v: &Variant, name: &str) -> Option<PowerId> {
        // lengths first: most names differ in length, and those that do
        // not are compared without a call
        let same = |n: &str| n.len() == name.len() && n.bytes().zip(name.bytes()).all(|(a, b)| a == b);
        match self.power_names.iter().find(|(n, _)| same(n)) {
            Some(&(_, p)) => Some(p),
            None => v.power_by_name(name),
        }
    }

    /// [`Variant::parse_loc`].
    pub fn parse_loc(&self, v: &Variant, s: &str) -> Result<Loc, LocError> {
        if let Some(l) = self.direct_loc(s.as_bytes()) {
            return Ok(l);
        }
        match short_key(s).and_then(|k| self.locs.get(&k)) {
            Some(&l) => Ok(l),
            None => v.parse_loc(s),
        }
    }

    /// [`Variant::parse_unit`].
    pub fn parse_unit(&self, v: &Variant, power: PowerId, s: &str) -> Result<Unit, UnitError> {
        if let Some(u) = self.direct_unit(s.as_bytes()) {
            return Ok(Unit { power, ..u });
        }
        match short_key(s).and_then(|k| self.units.get(&k)) {
            Some(&u) => Ok(Unit { power, ..u }),
            None => v.parse_unit(power, s),
        }
    }

    /// [`Variant::loc_code`], and the text's place in byte order among
    /// these texts.
    pub fn loc(&self, l: Loc) -> (u32, &str) {
        let t = &self.loc_text[loc_slot(l)];
        (t.rank, &t.text)
    }

    /// [`Codes::loc`]'s text as a JSON string.
    pub fn loc_json(&self, l: Loc) -> &str {
        &self.loc_text[loc_slot(l)].json
    }

    /// Writes [`Order::canonical`] onto `out`, with these texts.
    pub fn write_order(&self, v: &Variant, order: &Order, out: &mut String) {
        let unit = |out: &mut String, u: &UnitSpec| {
            // the written type, or the only type that fits the place
            let sea = v.kind(u.loc.prov) == ProvinceKind::Sea || u.loc.coast != Coast::None;
            let kind = u.kind.unwrap_or(if sea { UnitType::Fleet } else { UnitType::Army });
            out.push(kind.letter());
            out.push(' ');
            out.push_str(self.loc(u.loc).1);
        };
        let to = |out: &mut String, verb: &str, l: Loc| {
            out.push_str(verb);
            out.push_str(self.loc(l).1);
        };
        match order {
            Order::Hold(u) => {
                unit(out, u);
                out.push_str(" H");
            }
            Order::Move { unit: u, dest, via } => {
                unit(out, u);
                to(out, " - ", *dest);
                if *via {
                    out.push_str(" VIA");
                }
            }
            Order::Support { unit: u, target, dest } => {
                unit(out, u);
                out.push_str(" S ");
                unit(out, target);
                if let Some(d) = dest {
                    to(out, " - ", *d);
                }
            }
            Order::Convoy { unit: u, army, dest } => {
                unit(out, u);
                out.push_str(" C ");
                unit(out, army);
                to(out, " - ", *dest);
            }
            Order::Retreat { unit: u, dest } => {
                unit(out, u);
                to(out, " R ", *dest);
            }
            Order::Disband(u) => {
                unit(out, u);
                out.push_str(" D");
            }
            Order::Build(u) => {
                unit(out, u);
                out.push_str(" B");
            }
            Order::Waive => out.push_str("WAIVE"),
            // rare forms: as the order writes itself
            Order::Board { .. } => order.write_canonical(v, out),
        }
    }

    /// [`Variant::unit_code`], and the text's place in byte order among
    /// these texts.
    pub fn unit(&self, u: &Unit) -> (u32, &str) {
        let t = &self.unit_text[unit_slot(u.kind, u.loc, u.aboard)];
        (t.rank, &t.text)
    }

    /// [`Codes::unit`]'s text as a JSON string.
    pub fn unit_json(&self, u: &Unit) -> &str {
        &self.unit_text[unit_slot(u.kind, u.loc, u.aboard)].json
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table entry is what the variant's own functions give, on every
    /// built-in map; other texts fall through to them.
    #[test]
    fn tables_agree_with_the_variant() {
        for (name, _) in crate::map::BUILTIN {
            let v = Variant::builtin(name).unwrap();
            let codes = Codes::build(&v);
            // an army a province at least (Pure has no sea: armies only)
            assert!(codes.units.len() >= v.provinces.len(), "{name}: units read from the table");
            let mut locs = Vec::new();
            let mut units = Vec::new();
            for l in all_locs(&v) {
                let (rank, text) = codes.loc(l);
                assert_eq!(text, v.loc_code(l));
                assert_eq!(codes.parse_loc(&v, text), v.parse_loc(text));
                locs.push((rank, text));
                for kind in KINDS {
                    for aboard in [false, true] {
                        let u = Unit { power: 2, kind, loc: l, aboard };
                        let (rank, text) = codes.unit(&u);
                        assert_eq!(text, v.unit_code(&u));
                        assert_eq!(codes.parse_unit(&v, 3, text), v.parse_unit(3, text));
                        units.push((rank, text));
                    }
                }
            }
            // ranks order as the texts do
            for list in [&mut locs, &mut units] {
                list.sort_unstable();
                assert!(list.windows(2).all(|w| (w[0].0 < w[1].0 && w[0].1 < w[1].1) || w[0] == w[1]), "{name}");
            }
            // every location and unit text of the direct index reads as itself
            assert!(codes.loc_direct.iter().filter(|&&d| d).count() >= v.provinces.len(), "{name}: locations read directly");
            for p in &v.powers {
                for name in [p.name.clone(), p.name.to_lowercase(), format!(" {}", p.name), p.name.chars().skip(1).collect()] {
                    assert_eq!(codes.power_by_name(&v, &name), v.power_by_name(&name), "{name}");
                }
            }
            write_order_is_canonical(&v);
            for text in [
                "par",
                " A PAR",
                "A  PAR",
                "X PAR",
                "A STP/XC",
                "F STP(SC)",
                "A ZZZ",
                "A NTH aboard",
                "PAR/SC",
                "A PAR/NC",
                "F STP/NC",
                "STP/EC",
                "PA",
                "PARI",
                "A",
                "F ",
                "ZZZ",
                "A NTH ABOARD",
                "F NTH ABOARD",
            ] {
                assert_eq!(codes.parse_unit(&v, 1, text), v.parse_unit(1, text), "{name}: {text}");
                assert_eq!(codes.parse_loc(&v, text), v.parse_loc(text), "{name}: {text}");
            }
        }
    }

    /// [`Codes::write_order`] writes [`Order::canonical`]: orders of every
    /// form from every place a unit may name (a sample of the supports and
    /// convoys), with and without a written unit type.
    fn write_order_is_canonical(v: &Variant) {
        let codes = Codes::build(v);
        let locs: Vec<Loc> = all_locs(v).filter(|l| l.coast == Coast::None || v.province(l.prov).coasts.contains(&l.coast)).collect();
        let specs: Vec<UnitSpec> = locs.iter().flat_map(|&l| [None, Some(UnitType::Army), Some(UnitType::Fleet)].map(|k| UnitSpec::new(k, l))).collect();
        let mut out = String::new();
        let mut check = |o: Order| {
            out.clear();
            codes.write_order(v, &o, &mut out);
            assert_eq!(out, o.canonical(v), "{}", v.name);
        };
        check(Order::Waive);
        for (k, &u) in specs.iter().enumerate() {
            for o in [Order::Hold(u), Order::Disband(u), Order::Build(u)] {
                check(o);
            }
            for &d in &locs {
                check(Order::Move { unit: u, dest: d, via: k % 2 == 0 });
                check(Order::Retreat { unit: u, dest: d });
            }
            for (j, &t) in specs.iter().enumerate().skip(k % 11).step_by(11) {
                let d = locs[(k + j) % locs.len()];
                check(Order::Support { unit: u, target: t, dest: None });
                check(Order::Support { unit: u, target: t, dest: Some(d) });
                check(Order::Convoy { unit: u, army: t, dest: d });
                check(Order::Board { unit: u, dest: Some(d), partner: Some(1), land: Some(t.loc) });
                check(Order::Board { unit: u, dest: None, partner: None, land: None });
            }
        }
    }
}
