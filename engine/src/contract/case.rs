//! A case as read from its JSON text, before any name in it is looked up.
//!
//! Names borrow from the text where it has no escapes ([`Name`]), and the
//! three long maps of lists (`units`, `centers`, `orders`) are [`Lists`]:
//! two vectors rather than a map of vectors, read as a `BTreeMap` of
//! vectors would be (in key order, a key given twice keeping its last list,
//! the same error messages).

use serde::Deserialize;
use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

mod fast;
pub(super) use fast::read as read_fast;

/// A case (ADJUDICATE.md, "Case").
#[derive(Deserialize)]
pub(super) struct Case<'a> {
    #[serde(borrow)]
    pub variant: Option<Name<'a>>,
    #[serde(borrow)]
    pub phase: Name<'a>,
    #[serde(default, borrow)]
    pub units: Lists<'a>,
    #[serde(default, borrow)]
    pub centers: Lists<'a>,
    #[serde(default, borrow)]
    pub retreats: BTreeMap<Name<'a>, BTreeMap<Name<'a>, Vec<Name<'a>>>>,
    #[serde(default, borrow)]
    pub orders: Lists<'a>,
    /// Extension: where each dislodged unit's attacker came from (right-hand rule).
    #[serde(default, borrow)]
    pub dislodged_by: BTreeMap<Name<'a>, BTreeMap<Name<'a>, Name<'a>>>,
    /// Extension: rule options (`{"civil_disorder": "1992"}`).
    #[serde(default, borrow)]
    pub rules: BTreeMap<Name<'a>, Name<'a>>,
    /// Extension: owners of tracked provinces that are not centres
    /// (`{"SIC": "FRANCE"}`, 1885's Sicily); absent: the map's owners at
    /// the start.
    #[serde(borrow)]
    pub owners: Option<BTreeMap<Name<'a>, Name<'a>>>,
}

/// A string of the case, borrowed from the text unless it has escapes.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Name<'a>(Cow<'a, str>);

impl std::ops::Deref for Name<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Name<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Name<'a>, D::Error> {
        d.deserialize_str(NameVisitor)
    }
}

struct NameVisitor;

impl<'de> Visitor<'de> for NameVisitor {
    type Value = Name<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Name<'de>, E> {
        Ok(Name(Cow::Borrowed(s)))
    }
    fn visit_str<E>(self, s: &str) -> Result<Name<'de>, E> {
        Ok(Name(Cow::Owned(s.to_string())))
    }
    fn visit_string<E>(self, s: String) -> Result<Name<'de>, E> {
        Ok(Name(Cow::Owned(s)))
    }
}

/// A JSON object of lists of strings by power (`{"FRANCE": ["A PAR"]}`).
#[derive(Default)]
pub(super) struct Lists<'a> {
    /// Each key and where its list is in `items`, in key order.
    keys: Vec<(Name<'a>, usize, usize)>,
    items: Vec<Name<'a>>,
}

impl<'a> Lists<'a> {
    /// How many strings the lists hold.
    pub fn len(&self) -> usize {
        self.keys.iter().map(|(_, start, end)| end - start).sum()
    }

    /// Each key with its list, in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&Name<'a>, &[Name<'a>])> {
        self.keys.iter().map(|(k, start, end)| (k, &self.items[*start..*end]))
    }

    /// Empty, with room for a board's lists (a few dozen names): one
    /// allocation each.
    fn with_capacity() -> Lists<'a> {
        Lists { keys: Vec::with_capacity(8), items: Vec::with_capacity(48) }
    }

    /// Puts the keys read in the order of a `BTreeMap`: sorted, a key
    /// given twice keeping its last list.
    fn finish(&mut self) {
        if self.keys.is_sorted_by(|a, b| a.0 < b.0) {
            return;
        }
        self.keys.reverse();
        self.keys.sort_by(|a, b| a.0.cmp(&b.0));
        self.keys.dedup_by(|later, first| later.0 == first.0);
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Lists<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Lists<'a>, D::Error> {
        d.deserialize_map(ListsVisitor)
    }
}

struct ListsVisitor;

impl<'de> Visitor<'de> for ListsVisitor {
    type Value = Lists<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map")
    }
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Lists<'de>, M::Error> {
        let mut lists = Lists::with_capacity();
        while let Some(key) = map.next_key::<Name>()? {
            let start = lists.items.len();
            map.next_value_seed(Append(&mut lists.items))?;
            lists.keys.push((key, start, lists.items.len()));
        }
        lists.finish();
        Ok(lists)
    }
}

/// Reads a list of strings onto the end of a vector.
struct Append<'v, 'a>(&'v mut Vec<Name<'a>>);

impl<'de: 'a, 'a> DeserializeSeed<'de> for Append<'_, 'a> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de: 'a, 'a> Visitor<'de> for Append<'_, 'a> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<S: SeqAccess<'de>>(self, mut seq: S) -> Result<(), S::Error> {
        while let Some(name) = seq.next_element::<Name>()? {
            self.0.push(name);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Map = BTreeMap<String, Vec<String>>;

    fn as_map(lists: &Lists) -> Map {
        lists.iter().map(|(k, l)| (k.to_string(), l.iter().map(|n| n.to_string()).collect())).collect()
    }

    /// Read as a `BTreeMap` of lists reads the same text: the same keys,
    /// lists and order, a key given twice, escapes, and the same errors.
    #[test]
    fn lists_read_as_a_map_of_lists() {
        for text in [
            r#"{}"#,
            r#"{"B": ["x", "y"], "A": [], "C": ["z"]}"#,
            r#"{"B": ["x"], "A": ["w"], "B": ["y", "z"], "A": ["v"]}"#,
            r#"{"\u0041": ["\"quoted\"", "tab\t"], "A": ["plain"]}"#,
            r#"{"A": "x"}"#,
            r#"{"A": [1]}"#,
            r#"{"A": [null]}"#,
            r#"["A"]"#,
            r#"null"#,
            r#"{"A": ["x",]}"#,
            r#"{"A": ["x"}"#,
        ] {
            let ours = serde_json::from_str::<Lists>(text).map(|l| as_map(&l)).map_err(|e| e.to_string());
            let theirs = serde_json::from_str::<Map>(text).map_err(|e| e.to_string());
            assert_eq!(ours, theirs, "{text}");
            let value: serde_json::Value = match serde_json::from_str(text) {
                Ok(v) => v,
                Err(_) => continue,
            };
            let ours = Lists::deserialize(&value).map(|l| as_map(&l)).map_err(|e| e.to_string());
            assert_eq!(ours, Map::deserialize(&value).map_err(|e| e.to_string()), "{text} as a value");
        }
    }

    /// Names are borrowed from text without escapes.
    #[test]
    fn names_borrow_where_they_can() {
        let lists: Lists = serde_json::from_str(r#"{"A": ["plain", "esc\"aped"]}"#).unwrap();
        let (_, l) = lists.iter().next().unwrap();
        assert!(matches!(l[0].0, Cow::Borrowed("plain")));
        assert!(matches!(&l[1].0, Cow::Owned(s) if s == "esc\"aped"));
    }
}
