//! The map's names: every way a province or a power may be written (its
//! code, its name, its aliases, any of these in other case or with other
//! spacing), looked up without the order parser, which asks the map.
//!
//! Built once when a variant is read; a name that would mean two provinces
//! (or two powers) is a problem of the variant file.

use super::{PowerId, Prov, Variant};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::OnceLock;

/// Province codes by [`short_key`]: the province, and whether the code
/// also starts a name of several words (`ENG` of `Eng Ch`).
pub(crate) type Codes = FxHashMap<u128, (Prov, bool)>;

/// Lookup tables for province and power names (built once per variant).
#[derive(Clone, Debug, Default)]
pub(crate) struct NameIndex {
    exact: FxHashMap<Box<str>, Prov>,
    sorted: Vec<(Box<str>, Prov)>,
    multi: Vec<(Vec<Box<str>>, Prov)>,
    multi_first: FxHashSet<Box<str>>,
    /// Power names and adjectives of one word (`france`, `venetian`), and
    /// every name run together (`newyork`, `bc`).
    powers: FxHashMap<Box<str>, PowerId>,
    /// Power names and adjectives of several words as the tokenizer splits
    /// them (`new york`, `b c` of `B.C.`, `st petersburg`).
    power_multi: Vec<(Vec<Box<str>>, PowerId)>,
    /// A table of codes made from these names by the one who asks for it
    /// first ([`NameIndex::codes`]), kept.
    codes: OnceLock<Codes>,
}

/// A text of at most 15 bytes as one number (its bytes and its length),
/// for tables of short names looked up without comparing strings.
pub(crate) fn short_key(s: &str) -> Option<u128> {
    let b = s.as_bytes();
    if b.len() > 15 {
        return None;
    }
    let mut k = [0u8; 16];
    k[..b.len()].copy_from_slice(b);
    k[15] = b.len() as u8;
    Some(u128::from_le_bytes(k))
}

fn normalize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '-' | '_' | '+' | ' ' | '/' => out.push(' '),
            '.' | '\'' => out.push(' '),
            c => out.extend(c.to_lowercase()),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A power's name or adjective as the tokenizer reads it: lower-case words
/// of letters and digits (`B.C.` is `b`, `c`; `NEW-YORK` is `new`, `york`).
fn power_words(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

impl NameIndex {
    /// Builds the index; a name that would mean two provinces is reported.
    pub(crate) fn build(v: &Variant) -> Result<NameIndex, Vec<String>> {
        let mut ix = NameIndex::default();
        let mut clashes = Vec::new();
        ix.add_provinces(v, &mut clashes);
        ix.add_powers(v, &mut clashes);
        // the longest name first, so `b c d` is tried before `b c`
        ix.power_multi.sort_by_key(|(words, _)| std::cmp::Reverse(words.len()));
        ix.sorted.sort();
        if clashes.is_empty() { Ok(ix) } else { Err(clashes) }
    }

    fn add_provinces(&mut self, v: &Variant, clashes: &mut Vec<String>) {
        let mut owner: FxHashMap<String, (Prov, String)> = FxHashMap::default();
        for (i, p) in v.provinces.iter().enumerate() {
            let i = i as Prov;
            let mut names: Vec<String> = vec![p.code.to_lowercase(), p.name.clone()];
            names.extend(p.aliases.iter().cloned());
            for n in names {
                let norm = normalize(&n);
                if norm.is_empty() {
                    continue;
                }
                let squashed: String = norm.chars().filter(|c| *c != ' ').collect();
                if let Some((other, oname)) = owner.get(&squashed) {
                    if *other != i {
                        clashes.push(format!("alias clash: `{n}` names both {} and {} (as `{oname}`)", p.code, v.code(*other)));
                    }
                    continue;
                }
                owner.insert(squashed.clone(), (i, n.clone()));
                self.exact.insert(squashed.clone().into(), i);
                self.sorted.push((squashed.into(), i));
                let words: Vec<Box<str>> = norm.split(' ').map(Box::from).collect();
                if words.len() > 1 {
                    self.multi_first.insert(words[0].clone());
                    self.multi.push((words, i));
                }
            }
        }
    }

    /// A power may be named like a province (Chaos's `Venice`): the
    /// parser looks for a power only where an order may name one.
    fn add_powers(&mut self, v: &Variant, clashes: &mut Vec<String>) {
        for (i, w) in v.powers.iter().enumerate() {
            for n in [&w.name, &w.adjective] {
                let words = power_words(n);
                let squashed: String = words.concat();
                if squashed.is_empty() {
                    continue;
                }
                match self.powers.get(squashed.as_str()) {
                    Some(&other) if other != i as PowerId => {
                        clashes.push(format!("alias clash: `{n}` names both {} and {}", w.name, v.powers[other as usize].name));
                        continue;
                    }
                    Some(_) => continue,
                    None => {}
                }
                self.powers.insert(squashed.into(), i as PowerId);
                if words.len() > 1 {
                    self.power_multi.push((words.into_iter().map(Box::from).collect(), i as PowerId));
                }
            }
        }
    }

    /// The province a whole name names, written in lower case with no
    /// spaces (`stp`, `stpetersburg`, `nrg`).
    #[inline]
    pub(crate) fn province(&self, squashed: &str) -> Option<Prov> {
        self.exact.get(squashed).copied()
    }

    /// Whether some name of several words starts with `word` (lower case).
    #[inline]
    pub(crate) fn starts_long_name(&self, word: &str) -> bool {
        self.multi_first.contains(word)
    }

    /// The names of several words (lower case), each with its province.
    #[inline]
    pub(crate) fn long_names(&self) -> &[(Vec<Box<str>>, Prov)] {
        &self.multi
    }

    /// The power a name or adjective of one word names (lower case, every
    /// word of it run together: `france`, `newyork`).
    #[inline]
    pub(crate) fn power(&self, word: &str) -> Option<PowerId> {
        self.powers.get(word).copied()
    }

    /// The powers' names and adjectives of several words, the longest first.
    #[inline]
    pub(crate) fn long_power_names(&self) -> &[(Vec<Box<str>>, PowerId)] {
        &self.power_multi
    }

    /// The provinces one of whose names starts with `prefix` (lower case,
    /// no spaces).
    pub(crate) fn prefix_matches(&self, prefix: &str) -> Vec<Prov> {
        let start = self.sorted.partition_point(|(k, _)| &**k < prefix);
        let mut out: Vec<Prov> = Vec::new();
        for (k, p) in &self.sorted[start..] {
            if !k.starts_with(prefix) {
                break;
            }
            if !out.contains(p) {
                out.push(*p);
            }
        }
        out
    }

    /// A province name for a suggestion: the closest names by edit distance.
    pub(crate) fn suggest(&self, word: &str) -> Vec<Prov> {
        let max = if word.len() <= 3 { 1 } else { 2 };
        let mut best = usize::MAX;
        let mut out: Vec<Prov> = Vec::new();
        for (k, p) in &self.sorted {
            if k.len().abs_diff(word.len()) > max {
                continue;
            }
            let d = levenshtein(k, word);
            if d > max {
                continue;
            }
            if d < best {
                best = d;
                out.clear();
            }
            if d == best && !out.contains(p) {
                out.push(*p);
            }
        }
        out
    }

    /// The table of codes `make` makes from these names, made the first
    /// time it is asked for and kept with them (the order parser's: the
    /// codes it reads as they are written). One table a variant: the
    /// parser is the one who asks.
    #[inline]
    pub(crate) fn codes(&self, make: impl FnOnce(&NameIndex) -> Codes) -> &Codes {
        self.codes.get_or_init(|| make(self))
    }
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + (ca != *cb) as usize).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}
