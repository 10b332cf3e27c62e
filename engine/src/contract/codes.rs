//! The contract's names of one variant, looked up and written without
//! allocating: built once when the variant is loaded, kept with it.
//!
//! Reading: the exact texts the contract writes (`PAR`, `STP/SC`, `A PAR`,
//! `F STP/SC`, `A NTH ABOARD`) map straight to what [`Variant::parse_loc`]
//! and [`Variant::parse_unit`] read them as; every entry is checked against
//! those functions when the table is built, and any other text (lower case,
//! spaces, an unknown name) goes to them, so the answer, or the error, is
//! theirs. Writing: [`Variant::loc_code`] and [`Variant::unit_code`] of every
//! location, kept.

use crate::map::{Coast, Loc, PowerId, Unit, UnitType, Variant};
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// Slots a province takes in the text tables: no coast, then the four coasts.
const COASTS: usize = 5;
const KINDS: [UnitType; 2] = [UnitType::Army, UnitType::Fleet];

/// One variant's tables (empty for [`Codes::default`]: every lookup then
/// goes to the variant's own functions).
#[derive(Default)]
pub struct Codes {
    locs: FxHashMap<Box<str>, Loc>,
    /// Units as read for power 0.
    units: FxHashMap<Box<str>, Unit>,
    loc_text: Vec<Box<str>>,
    /// By [`unit_slot`].
    unit_text: Vec<Box<str>>,
}

fn loc_slot(l: Loc) -> usize {
    l.prov as usize * COASTS + l.coast as usize
}

fn unit_slot(kind: UnitType, l: Loc, aboard: bool) -> usize {
    (loc_slot(l) * 2 + kind as usize) * 2 + aboard as usize
}

fn all_locs(v: &Variant) -> impl Iterator<Item = Loc> + '_ {
    let coasts = [Coast::None, Coast::North, Coast::South, Coast::East, Coast::West];
    (0..v.provinces.len() as u16).flat_map(move |p| coasts.into_iter().map(move |c| Loc::with(p, c)))
}

impl Codes {
    pub fn build(v: &Variant) -> Codes {
        let mut codes = Codes::default();
        for l in all_locs(v) {
            debug_assert_eq!(codes.loc_text.len(), loc_slot(l));
            let text = v.loc_code(l);
            if v.parse_loc(&text) == Ok(l) {
                codes.locs.insert(text.clone().into(), l);
            }
            codes.loc_text.push(text.into());
            for kind in KINDS {
                for aboard in [false, true] {
                    let u = Unit { power: 0, kind, loc: l, aboard };
                    debug_assert_eq!(codes.unit_text.len(), unit_slot(kind, l, aboard));
                    let text = v.unit_code(&u);
                    if v.parse_unit(0, &text) == Ok(u) {
                        codes.units.insert(text.clone().into(), u);
                    }
                    codes.unit_text.push(text.into());
                }
            }
        }
        codes
    }

    /// [`Variant::parse_loc`].
    pub fn parse_loc(&self, v: &Variant, s: &str) -> Result<Loc, String> {
        match self.locs.get(s) {
            Some(&l) => Ok(l),
            None => v.parse_loc(s),
        }
    }

    /// [`Variant::parse_unit`].
    pub fn parse_unit(&self, v: &Variant, power: PowerId, s: &str) -> Result<Unit, String> {
        match self.units.get(s) {
            Some(&u) => Ok(Unit { power, ..u }),
            None => v.parse_unit(power, s),
        }
    }

    /// [`Variant::loc_code`].
    pub fn loc<'c>(&'c self, v: &Variant, l: Loc) -> Cow<'c, str> {
        match self.loc_text.get(loc_slot(l)) {
            Some(t) => Cow::Borrowed(t),
            None => Cow::Owned(v.loc_code(l)),
        }
    }

    /// [`Variant::unit_code`].
    pub fn unit<'c>(&'c self, v: &Variant, u: &Unit) -> Cow<'c, str> {
        match self.unit_text.get(unit_slot(u.kind, u.loc, u.aboard)) {
            Some(t) => Cow::Borrowed(t),
            None => Cow::Owned(v.unit_code(u)),
        }
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
            assert!(codes.units.len() > v.provinces.len(), "{name}: units read from the table");
            for (text, l) in &codes.locs {
                assert_eq!(v.parse_loc(text), Ok(*l));
            }
            for (text, u) in &codes.units {
                assert_eq!(codes.parse_unit(&v, 3, text), v.parse_unit(3, text));
                assert_eq!(u.power, 0);
            }
            for l in all_locs(&v) {
                assert_eq!(codes.loc(&v, l), v.loc_code(l));
                for kind in KINDS {
                    for aboard in [false, true] {
                        let u = Unit { power: 2, kind, loc: l, aboard };
                        assert_eq!(codes.unit(&v, &u), v.unit_code(&u));
                    }
                }
            }
            for text in ["par", " A PAR", "A  PAR", "X PAR", "A STP/XC", "F STP(SC)", "A ZZZ", "A NTH aboard"] {
                assert_eq!(codes.parse_unit(&v, 1, text), v.parse_unit(1, text), "{name}: {text}");
                assert_eq!(codes.parse_loc(&v, text), v.parse_loc(text), "{name}: {text}");
            }
        }
    }
}
