//! A case read without `serde_json`, for the form cases almost always
//! have: the fields of [`Case`] once each, strings without escapes. Any
//! other text (an escape, an unknown or repeated field, a number, a syntax
//! error) gives `None`, and the caller reads it with `serde_json`, which
//! then gives the same case or the error message it always gave.
//!
//! Why by hand: a batch case is about a hundred short strings, and going
//! through serde's visitors cost `adjudicate --jsonl` about 28,000
//! instructions a case, more than the engine. `sonic-rs`, tried in place of
//! `serde_json`, was no faster (10.52 against 10.19 µs a phase, contract
//! bench), as its cost is in the same visitors.

use super::{Case, Lists, Name};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The case in `text`, where it has the common form; `None` otherwise.
pub(in crate::contract) fn read(text: &str) -> Option<Case<'_>> {
    let mut r = Reader { text, at: 0 };
    let mut case = Case {
        variant: None,
        phase: Name(Cow::Borrowed("")),
        units: Lists::default(),
        centers: Lists::default(),
        retreats: BTreeMap::new(),
        orders: Lists::default(),
        dislodged_by: BTreeMap::new(),
        rules: BTreeMap::new(),
        owners: None,
    };
    let mut seen = 0u16;
    r.object(|r, key| {
        let field = FIELDS.iter().position(|&f| f == key)?;
        if seen & (1 << field) != 0 {
            return None;
        }
        seen |= 1 << field;
        match field {
            0 => case.variant = r.nullable(Reader::name)?,
            1 => case.phase = r.name()?,
            2 => case.units = r.lists()?,
            3 => case.centers = r.lists()?,
            4 => case.retreats = r.map(|r| r.map(Reader::names))?,
            5 => case.orders = r.lists()?,
            6 => case.dislodged_by = r.map(|r| r.map(Reader::name))?,
            7 => case.rules = r.map(Reader::name)?,
            _ => case.owners = r.nullable(|r| r.map(Reader::name))?,
        }
        Some(())
    })?;
    // `phase` has no default; the rest of the text is white space
    (seen & 2 != 0 && r.rest().is_empty()).then_some(case)
}

/// The fields of [`Case`], in the order `read` numbers them.
const FIELDS: [&str; 9] = ["variant", "phase", "units", "centers", "retreats", "orders", "dislodged_by", "rules", "owners"];

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    /// The next byte that is not JSON white space (skipped), if any.
    fn peek(&mut self) -> Option<u8> {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(self.at) {
            if b > b' ' || !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                return Some(b);
            }
            self.at += 1;
        }
        None
    }

    /// The text from the next byte that is not JSON white space.
    fn rest(&mut self) -> &'a [u8] {
        self.peek();
        &self.text.as_bytes()[self.at..]
    }

    /// Whether the next byte is `b` (taken if so).
    fn eat(&mut self, b: u8) -> bool {
        let next = self.peek() == Some(b);
        self.at += usize::from(next);
        next
    }

    fn byte(&mut self, b: u8) -> Option<()> {
        self.eat(b).then_some(())
    }

    /// After an item: `true` at a comma, `false` at `close`.
    fn comma_or(&mut self, close: u8) -> Option<bool> {
        match self.peek()? {
            b',' => {
                self.at += 1;
                Some(true)
            }
            b if b == close => {
                self.at += 1;
                Some(false)
            }
            _ => None,
        }
    }

    /// A string without escapes or control characters, as it is in the text.
    fn string(&mut self) -> Option<&'a str> {
        self.byte(b'"')?;
        let bytes = self.text.as_bytes();
        let start = self.at;
        let end = start + first_special(&bytes[start..])?;
        (bytes[end] == b'"').then_some(())?;
        self.at = end + 1;
        self.text.get(start..end)
    }

    fn name(&mut self) -> Option<Name<'a>> {
        self.string().map(|s| Name(Cow::Borrowed(s)))
    }

    /// `null`, or what `f` reads.
    fn nullable<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.rest().starts_with(b"null") {
            self.at += 4;
            return Some(None);
        }
        f(self).map(Some)
    }

    /// `[...]` of strings, each given to `f`.
    fn each_name(&mut self, mut f: impl FnMut(Name<'a>)) -> Option<()> {
        self.byte(b'[')?;
        if self.eat(b']') {
            return Some(());
        }
        loop {
            f(self.name()?);
            if !self.comma_or(b']')? {
                return Some(());
            }
        }
    }

    fn names(&mut self) -> Option<Vec<Name<'a>>> {
        let mut list = Vec::new();
        self.each_name(|n| list.push(n))?;
        Some(list)
    }

    /// `{...}`: each key, in order, given to `entry` to read its value.
    fn object(&mut self, mut entry: impl FnMut(&mut Self, &'a str) -> Option<()>) -> Option<()> {
        self.byte(b'{')?;
        if self.eat(b'}') {
            return Some(());
        }
        loop {
            let key = self.string()?;
            self.byte(b':')?;
            entry(self, key)?;
            if !self.comma_or(b'}')? {
                return Some(());
            }
        }
    }

    /// `{...}` with values read by `f`, as a `BTreeMap` (a key given twice
    /// keeps its last value, as `serde_json` reads it).
    fn map<T>(&mut self, mut f: impl FnMut(&mut Self) -> Option<T>) -> Option<BTreeMap<Name<'a>, T>> {
        let mut map = BTreeMap::new();
        self.object(|r, key| {
            map.insert(Name(Cow::Borrowed(key)), f(r)?);
            Some(())
        })?;
        Some(map)
    }

    /// `{"FRANCE": ["A PAR", ...], ...}` as [`Lists`].
    fn lists(&mut self) -> Option<Lists<'a>> {
        let mut lists = Lists::with_capacity();
        self.object(|r, key| {
            let start = lists.items.len();
            r.each_name(|n| lists.items.push(n))?;
            lists.keys.push((Name(Cow::Borrowed(key)), start, lists.items.len()));
            Some(())
        })?;
        lists.finish();
        Some(lists)
    }
}

/// Where the first quote, backslash or control character of `bytes` is
/// (eight bytes at a time: the strings of a case are a few words long).
fn first_special(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    // the high bit of each byte of `x` below `n`: exact up to the first
    // such byte (only bytes past it can be marked wrongly)
    let below = |x: u64, n: u8| x.wrapping_sub(ONES * u64::from(n)) & !x & HIGH;
    let mut at = 0;
    while let Some(word) = bytes.get(at..at + 8) {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let marks = below(x ^ (ONES * u64::from(b'"')), 1) | below(x ^ (ONES * u64::from(b'\\')), 1) | below(x, 0x20);
        if marks != 0 {
            return Some(at + marks.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    let n = bytes[at..].iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20)?;
    Some(at + n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::sample;
    use crate::map::Variant;

    /// What `serde_json` reads: the case as comparable values, or its error.
    fn by_serde(text: &str) -> serde_json::Result<String> {
        serde_json::from_str::<Case>(text).map(|c| shown(&c))
    }

    fn shown(c: &Case) -> String {
        let lists = |l: &Lists| l.iter().map(|(k, l)| format!("{k}:{}", l.iter().map(|n| &**n).collect::<Vec<_>>().join("|"))).collect::<Vec<_>>().join(";");
        let map = |m: &BTreeMap<Name, Name>| m.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(";");
        format!(
            "v={:?} p={} u={} c={} r={:?} o={} d={:?} rules={} owners={:?}",
            c.variant.as_deref(),
            &*c.phase,
            lists(&c.units),
            lists(&c.centers),
            c.retreats
                .iter()
                .map(|(k, m)| format!("{k}:{:?}", m.iter().map(|(u, l)| (&**u, l.iter().map(|n| &**n).collect::<Vec<_>>())).collect::<Vec<_>>()))
                .collect::<Vec<_>>(),
            lists(&c.orders),
            c.dislodged_by.iter().map(|(k, m)| format!("{k}:{}", map(m))).collect::<Vec<_>>(),
            map(&c.rules),
            c.owners.as_ref().map(map),
        )
    }

    /// The first byte that ends or breaks a plain string is found
    /// wherever it is, in a whole word or the tail, among any bytes.
    #[test]
    fn the_first_special_byte_is_found() {
        let slow = |b: &[u8]| b.iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20);
        assert_eq!(first_special(b"A PAR\",\"F BRE\""), Some(5));
        assert_eq!(first_special(b"F STP/SC S A MOS - LVN\""), Some(22));
        assert_eq!(first_special(b"abcdefg"), None);
        assert_eq!(first_special(b""), None);
        let mut text: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
        text[17] = 0xc3;
        text[18] = 0xa9;
        for at in 0..text.len() {
            for bad in [b'"', b'\\', 0, b'\n', 0x1f, 0x20, 0x21, 0x7f, 0x80, 0xff, 0x5b, 0x5d] {
                let mut t = text.clone();
                t[at] = bad;
                for start in 0..8.min(at + 1) {
                    assert_eq!(first_special(&t[start..]), slow(&t[start..]), "{bad} at {at} from {start}");
                }
            }
        }
    }

    /// Where the fast reader reads a case, `serde_json` reads the same one.
    fn agrees(text: &str) -> bool {
        match read(text) {
            Some(c) => {
                assert_eq!(shown(&c), by_serde(text).unwrap_or_else(|e| panic!("{text}: serde_json refuses it: {e}")), "{text}");
                true
            }
            None => false,
        }
    }

    #[test]
    fn the_common_form_is_read_as_serde_json_reads_it() {
        let v = Variant::standard();
        let lines = sample::cases(&v, 7, 50);
        for line in &lines {
            assert!(agrees(line), "the benchmark's cases are in the common form: {line}");
        }
        for text in [
            r#"{"phase":"S1901M"}"#,
            r#" { "phase" : "S1901M" , "variant" : null , "owners" : null } "#,
            "{\"phase\":\"S1901M\",\n\t\"units\":{\"FRANCE\":[ ],\r\n\"ENGLAND\":[\"F LON\"]}}\n",
            r#"{"phase":"S1901M","orders":{"B":["x"],"A":["w"],"B":["y","z"]}}"#,
            r#"{"phase":"F1901R","retreats":{"FRANCE":{"A PAR":["BUR","GAS"],"A PAR":[]}},"dislodged_by":{"FRANCE":{"A PAR":"BUR"}}}"#,
            r#"{"phase":"W1901A","rules":{"civil_disorder":"1992"},"owners":{"SIC":"FRANCE"},"variant":"Pays é"}"#,
        ] {
            assert!(agrees(text), "read fast: {text}");
        }
    }

    /// Anything else is left to `serde_json`: escapes, unknown or repeated
    /// fields, other types, a missing phase, broken text, trailing text.
    #[test]
    fn other_text_is_left_to_serde_json() {
        for text in [
            r#"{"phase":"S1901\u004d"}"#,
            r#"{"phase":"S1901M","extra":1}"#,
            r#"{"phase":"S1901M","phase":"F1901M"}"#,
            r#"{"phase":"S1901M","units":null}"#,
            r#"{"phase":"S1901M","units":{"A":"x"}}"#,
            r#"{"phase":"S1901M","units":{"A":[1]}}"#,
            r#"{"units":{}}"#,
            r#"{"phase":"S1901M",}"#,
            r#"{"phase":"S1901M"} x"#,
            r#"{"phase":"S1901M""#,
            "{\"phase\":\"S19\t01M\"}",
            r#"{"phase":"S1901M","variant":nul}"#,
            "",
            "[]",
        ] {
            assert!(read(text).is_none(), "{text}");
        }
        // every cut of a real case is either read as serde_json reads it or left to it
        let line = &sample::cases(&Variant::standard(), 3, 4)[3];
        for cut in 0..line.len() {
            agrees(&line[..cut]);
            agrees(&format!("{}{}", &line[..cut], &line[cut + 1..]));
        }
    }
}
