//! The free-form order parser: whatever players write, turned into [`Order`]s.
//!
//! The rulebook's principle (VII.2) is the design: an order that can have only one
//! meaning is followed; one that admits two is not. Names are matched
//! case-insensitively as a code (`STP`), an alias (`Nrg`, `GoL`, `MAt`), a full name
//! (`St Petersburg`, `Mid-Atlantic Ocean`), or any prefix of these that names one
//! province only. Every error names the offending text and, where it can, the
//! candidates or a suggestion.
//!
//! The parser knows only the map, not the board: inferring a unit's type or a
//! fleet's only reachable coast from the position is [`crate::adjudicate::complete`].

use crate::map::{Coast, Loc, PowerId, Prov, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use crate::phase::PhaseKind;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt;

/// Lookup tables for province and power names (built once per variant).
#[derive(Clone, Debug, Default)]
pub struct NameIndex {
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
    /// Province codes as written (`STP`, by [`short_key`]) that
    /// [`canonical`] may read: those the full parser reads as that province
    /// and as nothing else, and whether the code also starts a name of
    /// several words (`ENG` of `Eng Ch`).
    codes: FxHashMap<u128, (Prov, bool)>,
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
    pub fn build(v: &Variant) -> Result<NameIndex, Vec<String>> {
        let mut ix = NameIndex::default();
        let mut clashes = Vec::new();
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
                ix.exact.insert(squashed.clone().into(), i);
                ix.sorted.push((squashed.into(), i));
                let words: Vec<Box<str>> = norm.split(' ').map(Box::from).collect();
                if words.len() > 1 {
                    ix.multi_first.insert(words[0].clone());
                    ix.multi.push((words, i));
                }
            }
        }
        // a power may be named like a province (Chaos's `Venice`): the
        // parser looks for a power only where an order may name one
        for (i, w) in v.powers.iter().enumerate() {
            for n in [&w.name, &w.adjective] {
                let words = power_words(n);
                let squashed: String = words.concat();
                if squashed.is_empty() {
                    continue;
                }
                match ix.powers.get(squashed.as_str()) {
                    Some(&other) if other != i as PowerId => {
                        clashes.push(format!("alias clash: `{n}` names both {} and {}", w.name, v.powers[other as usize].name));
                        continue;
                    }
                    Some(_) => continue,
                    None => {}
                }
                ix.powers.insert(squashed.into(), i as PowerId);
                if words.len() > 1 {
                    ix.power_multi.push((words.into_iter().map(Box::from).collect(), i as PowerId));
                }
            }
        }
        // the longest name first, so `b c d` is tried before `b c`
        ix.power_multi.sort_by_key(|(words, _)| std::cmp::Reverse(words.len()));
        ix.sorted.sort();
        ix.codes = ix.plain_codes(v);
        if clashes.is_empty() { Ok(ix) } else { Err(clashes) }
    }

    /// The codes [`canonical`] reads: a code of letters and digits that the
    /// full parser finds as an exact name, and that is no word the parser
    /// reads otherwise (a verb, a coast, a power, noise). None if a power is
    /// called `A` or `F`.
    fn plain_codes(&self, v: &Variant) -> FxHashMap<u128, (Prov, bool)> {
        if ["a", "f"].iter().any(|w| self.powers.contains_key(*w)) {
            return FxHashMap::default();
        }
        let keyword = |w: &str| KEYWORD_SETS.iter().any(|set| set.contains(&w)) || self.powers.contains_key(w);
        let mut codes = FxHashMap::default();
        for (i, p) in v.provinces.iter().enumerate() {
            let lower = p.code.to_ascii_lowercase();
            let plain = !lower.is_empty() && lower.bytes().all(|b| b.is_ascii_alphanumeric());
            if let Some(key) = short_key(&p.code)
                && plain
                && !keyword(&lower)
                && self.exact.get(lower.as_str()) == Some(&(i as Prov))
            {
                codes.insert(key, (i as Prov, self.multi_first.contains(lower.as_str())));
            }
        }
        codes
    }

    fn prefix_matches(&self, prefix: &str) -> Vec<Prov> {
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
    fn suggest(&self, word: &str) -> Vec<Prov> {
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

/// What went wrong with one order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A word that names no province.
    UnknownProvince { word: String, suggestions: Vec<Prov> },
    /// A word that could name several provinces.
    AmbiguousProvince { word: String, candidates: Vec<Prov> },
    /// A coast that does not exist.
    BadCoast,
    /// The order stops before it says what to do.
    Incomplete,
    /// A word the parser cannot place.
    Unexpected { word: String },
}

/// An order that could not be understood: the text, what is wrong, and a sentence
/// for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub text: String,
    pub kind: ParseErrorKind,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.text, self.message)
    }
}
impl std::error::Error for ParseError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Word(&'a str),
    Dash,
    Slash,
}

const MAX_TOKENS: usize = 48;

struct Parser<'v, 'a> {
    v: &'v Variant,
    toks: [Tok<'a>; MAX_TOKENS],
    n: usize,
    pos: usize,
    /// A movement phase: on a map with boarding, `A LON B` is a boarding order.
    boarding_phase: bool,
}

type PResult<T> = Result<T, (ParseErrorKind, String)>;

fn is_any(w: &str, set: &[&str]) -> bool {
    set.contains(&w)
}

const MOVE_WORDS: &[&str] = &["m", "mv", "move", "moves", "to", "go", "goes", "attack", "attacks", "into"];
const HOLD_WORDS: &[&str] = &["h", "hold", "holds", "stand", "stands", "stay", "stays"];
const SUPPORT_WORDS: &[&str] = &["s", "sup", "supp", "support", "supports", "supporting"];
const CONVOY_WORDS: &[&str] = &["c", "cvy", "convoy", "convoys", "convoying", "transport", "transports"];
const RETREAT_WORDS: &[&str] = &["r", "retreat", "retreats"];
const DISBAND_WORDS: &[&str] = &["d", "disband", "disbands", "remove", "removes", "destroy"];
const BUILD_WORDS: &[&str] = &["b", "build", "builds"];
/// `B` after a unit or a move on a map with boarding (Original 1958).
const BOARD_WORDS: &[&str] = &["b", "board", "boards"];
const WAIVE_WORDS: &[&str] = &["waive", "waives", "waived", "waiving"];
const NOISE_WORDS: &[&str] = &["the", "unit", "in", "at"];
/// Words read where a unit, a coast or the end of an order is looked for.
const OTHER_WORDS: &[&str] = &[
    "a", "army", "f", "fleet", "to", "via", "by", "sea", "none", "nothing", "please", "ok", "coast", "nc", "sc", "ec", "wc", "n", "s", "e", "w", "north",
    "south", "east", "west",
];
/// The words that say what a unit does (none names a unit).
const VERB_SETS: &[&[&str]] = &[MOVE_WORDS, HOLD_WORDS, SUPPORT_WORDS, CONVOY_WORDS, RETREAT_WORDS, DISBAND_WORDS, BUILD_WORDS, BOARD_WORDS, WAIVE_WORDS];
/// Every word the parser reads as something other than a province.
const KEYWORD_SETS: &[&[&str]] =
    &[MOVE_WORDS, HOLD_WORDS, SUPPORT_WORDS, CONVOY_WORDS, RETREAT_WORDS, DISBAND_WORDS, BUILD_WORDS, BOARD_WORDS, WAIVE_WORDS, NOISE_WORDS, OTHER_WORDS];

fn tokenize<'a>(text: &'a str, toks: &mut [Tok<'a>; MAX_TOKENS]) -> Option<usize> {
    let b = text.as_bytes();
    let mut n = 0;
    let mut i = 0;
    let push = |t: Tok<'a>, n: &mut usize, toks: &mut [Tok<'a>; MAX_TOKENS]| -> bool {
        if *n >= MAX_TOKENS {
            return false;
        }
        if t == Tok::Dash && *n > 0 && toks[*n - 1] == Tok::Dash {
            return true;
        }
        toks[*n] = t;
        *n += 1;
        true
    };
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphanumeric() || (c >= 0x80 && !is_dash_seq(&b[i..])) {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || (b[i] >= 0x80 && !is_dash_seq(&b[i..]))) {
                i += 1;
            }
            if !push(Tok::Word(&text[start..i]), &mut n, toks) {
                return None;
            }
            continue;
        }
        match c {
            b'-' | b'>' | b'=' if !push(Tok::Dash, &mut n, toks) => {
                return None;
            }
            b'/' | b'(' if !push(Tok::Slash, &mut n, toks) => {
                return None;
            }
            0x80.. => {
                // en dash, em dash, right arrow
                if !push(Tok::Dash, &mut n, toks) {
                    return None;
                }
                i += 3;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    Some(n)
}

fn is_dash_seq(b: &[u8]) -> bool {
    b.len() >= 3 && ((b[0] == 0xE2 && b[1] == 0x80 && (b[2] == 0x93 || b[2] == 0x94)) || (b[0] == 0xE2 && b[1] == 0x86 && b[2] == 0x92))
}

impl<'v, 'a> Parser<'v, 'a> {
    fn peek(&self) -> Option<Tok<'a>> {
        if self.pos < self.n { Some(self.toks[self.pos]) } else { None }
    }
    fn peek_word(&self) -> Option<&'a str> {
        match self.peek() {
            Some(Tok::Word(w)) => Some(w),
            _ => None,
        }
    }
    fn eat_word(&mut self, set: &[&str]) -> bool {
        if let Some(w) = self.peek_word()
            && is_any(w, set)
        {
            self.pos += 1;
            return true;
        }
        false
    }
    fn skip_noise(&mut self) {
        while self.eat_word(NOISE_WORDS) {}
    }
    fn at_end(&self) -> bool {
        self.pos >= self.n
    }

    /// A power's name or adjective at the cursor, read (`France`, `B.C.`,
    /// `New-York`, `NewYork`).
    fn power(&mut self) -> Option<PowerId> {
        let (p, len) = self.power_at(self.pos)?;
        self.pos += len;
        Some(p)
    }

    /// The power named at token `at`, and how many tokens name it (dashes
    /// between its words included): the longest reading.
    fn power_at(&self, at: usize) -> Option<(PowerId, usize)> {
        let ix = &self.v.names;
        for (words, p) in &ix.power_multi {
            let (mut k, mut i) = (0, at);
            while k < words.len() && i < self.n {
                match self.toks[i] {
                    Tok::Dash if k > 0 => i += 1,
                    Tok::Word(t) if *words[k] == *t => {
                        k += 1;
                        i += 1;
                    }
                    _ => break,
                }
            }
            if k == words.len() {
                return Some((*p, i - at));
            }
        }
        match self.toks[..self.n].get(at) {
            Some(Tok::Word(w)) => ix.powers.get(*w).map(|&p| (p, 1)),
            _ => None,
        }
    }

    fn unit_type(&mut self) -> Option<UnitType> {
        match self.peek_word()? {
            "a" | "army" => {
                self.pos += 1;
                Some(UnitType::Army)
            }
            "f" | "fleet" => {
                self.pos += 1;
                Some(UnitType::Fleet)
            }
            _ => None,
        }
    }

    fn province(&mut self, what: &str) -> PResult<(Prov, Option<UnitType>)> {
        let ix = &self.v.names;
        let Some(w) = self.peek_word() else {
            return Err((ParseErrorKind::Incomplete, format!("expected {what} here")));
        };
        // several words: `North Sea`, `Gulf of Lyon`, `north atl`, `Mid-Atlantic`
        if ix.multi_first.contains(w) {
            let mut best_k = 0;
            let mut found: Vec<Prov> = Vec::new();
            for (words, p) in &ix.multi {
                if *words[0] != *w {
                    continue;
                }
                let mut k = 1;
                let mut i = self.pos + 1;
                let mut dashed = false;
                while k < words.len() && i < self.n {
                    match self.toks[i] {
                        Tok::Dash => {
                            i += 1;
                            dashed = true;
                            continue;
                        }
                        Tok::Word(t) if *words[k] == *t => {
                            k += 1;
                            i += 1;
                            dashed = false;
                        }
                        // past a dash, another place's own name is that place, not the
                        // start of a word of this one (`A SAN - ANT`: Antioquia, not San Antonio)
                        Tok::Word(t) if dashed && ix.exact.get(t).is_some_and(|q| q != p) => break,
                        Tok::Word(t) if t.len() >= 2 && words[k].starts_with(t) => {
                            k += 1;
                            i += 1;
                            break;
                        }
                        _ => break,
                    }
                }
                if k >= 2 {
                    let consumed = i - self.pos;
                    if consumed > best_k {
                        best_k = consumed;
                        found.clear();
                    }
                    if consumed == best_k && !found.contains(p) {
                        found.push(*p);
                    }
                }
            }
            if found.len() == 1 {
                self.pos += best_k;
                return Ok((found[0], None));
            }
            if found.len() > 1 {
                let text = self.toks[self.pos..self.pos + best_k]
                    .iter()
                    .filter_map(|t| if let Tok::Word(w) = t { Some(*w) } else { None })
                    .collect::<Vec<_>>()
                    .join(" ");
                return Err(ambiguous(self.v, &text, found));
            }
        }
        if let Some(&p) = ix.exact.get(w) {
            self.pos += 1;
            return Ok((p, None));
        }
        if w.len() >= 2 {
            let m = ix.prefix_matches(w);
            match m.len() {
                1 => {
                    self.pos += 1;
                    return Ok((m[0], None));
                }
                0 => {}
                _ => return Err(ambiguous(self.v, w, m)),
            }
        }
        // `FRum`: a unit type run into a province code
        if w.len() >= 3
            && (w.starts_with('a') || w.starts_with('f'))
            && let Some(&p) = ix.exact.get(&w[1..])
        {
            self.pos += 1;
            let t = if w.starts_with('a') { UnitType::Army } else { UnitType::Fleet };
            return Ok((p, Some(t)));
        }
        let suggestions = ix.suggest(w);
        let mut msg = format!("`{w}` is not a province");
        if !suggestions.is_empty() {
            let names: Vec<String> = suggestions.iter().take(5).map(|&p| format!("{} ({})", self.v.province(p).name, self.v.code(p))).collect();
            msg.push_str(&format!("; did you mean {}?", or_list(&names)));
        }
        Err((ParseErrorKind::UnknownProvince { word: w.to_string(), suggestions }, msg))
    }

    fn coast(&mut self, prov: Prov) -> PResult<Coast> {
        let save = self.pos;
        let slash = matches!(self.peek(), Some(Tok::Slash));
        if slash {
            self.pos += 1;
        }
        let Some(w) = self.peek_word() else {
            self.pos = save;
            return Ok(Coast::None);
        };
        let c = match w {
            "nc" => Some(Coast::North),
            "sc" => Some(Coast::South),
            "ec" => Some(Coast::East),
            "wc" => Some(Coast::West),
            "n" | "north" if slash || w.len() > 1 => Some(Coast::North),
            "s" | "south" if slash || w.len() > 1 => Some(Coast::South),
            "e" | "east" if slash || w.len() > 1 => Some(Coast::East),
            "w" | "west" if slash || w.len() > 1 => Some(Coast::West),
            _ => None,
        };
        let Some(c) = c else {
            self.pos = save;
            return Ok(Coast::None);
        };
        // bare `north`/`south` only count as a coast where one exists
        let province = self.v.province(prov);
        if !slash && w.len() > 2 && !province.coasts.contains(&c) {
            self.pos = save;
            return Ok(Coast::None);
        }
        self.pos += 1;
        self.eat_word(&["coast", "c"]);
        if !province.coasts.contains(&c) {
            let msg = if province.coasts.is_empty() {
                format!("{} has no separate coasts", province.name)
            } else {
                let cs: Vec<&str> = province.coasts.iter().map(|c| c.name()).collect();
                format!("{} has no {} (it has the {})", province.name, c.name(), cs.join(" and the "))
            };
            return Err((ParseErrorKind::BadCoast, msg));
        }
        Ok(c)
    }

    fn loc(&mut self, what: &str) -> PResult<(Loc, Option<UnitType>)> {
        let (p, t) = self.province(what)?;
        let c = self.coast(p)?;
        Ok((Loc::with(p, c), t))
    }

    /// `[nationality] [type] province [coast]`. A power's name is read as
    /// the unit's nationality only where a unit follows it: on a map whose
    /// powers are named like provinces (Chaos), `Venice - Trieste` is the
    /// unit in Venice and `Venice A VEN` (or `Venice VEN`) Venice's army.
    fn unit(&mut self, what: &str) -> PResult<UnitSpec> {
        self.skip_noise();
        let start = self.pos;
        if let Some(power) = self.power() {
            let after = self.pos;
            match self.unit_of(what, Some(power)) {
                Ok(u) => return Ok(u),
                Err(e) => {
                    self.pos = start;
                    // the name is a province's too: read it as the province
                    if self.province_at_cursor() {
                        return self.unit_of(what, None);
                    }
                    self.pos = after;
                    return Err(e);
                }
            }
        }
        self.unit_of(what, None)
    }

    /// The unit after its nationality, if any: `[type] province [coast]`.
    fn unit_of(&mut self, what: &str, power: Option<PowerId>) -> PResult<UnitSpec> {
        if power.is_some() && self.peek_word().is_none_or(|w| VERB_SETS.iter().any(|set| set.contains(&w))) {
            // `Venice - Trieste`, `Venice H`: no unit follows the name
            return Err(self.unexpected());
        }
        let kind = self.unit_type();
        self.skip_noise();
        let (loc, t) = self.loc(what)?;
        Ok(UnitSpec { kind: kind.or(t), loc, power })
    }

    /// Whether a province's name starts at the cursor (the cursor stays).
    fn province_at_cursor(&mut self) -> bool {
        let save = self.pos;
        let found = self.province("a province").is_ok();
        self.pos = save;
        found
    }

    fn move_verb(&mut self) -> bool {
        if matches!(self.peek(), Some(Tok::Dash)) {
            self.pos += 1;
            self.eat_word(&["to"]);
            return true;
        }
        if self.eat_word(MOVE_WORDS) {
            self.eat_word(&["to"]);
            if matches!(self.peek(), Some(Tok::Dash)) {
                self.pos += 1;
            }
            return true;
        }
        false
    }

    fn via(&mut self) -> bool {
        if self.eat_word(&["via", "by"]) {
            self.eat_word(&["convoy", "c", "sea"]);
            return true;
        }
        false
    }

    fn order(&mut self) -> PResult<Order> {
        self.skip_noise();
        // a power of several words first: `B.C. A VAN H` is no build (`B`)
        if self.power_at(self.pos).is_some_and(|(_, len)| len > 1) {
            let start = self.pos;
            match self.unit_order() {
                Ok(o) => return Ok(o),
                Err(_) => self.pos = start,
            }
        }
        if self.eat_word(WAIVE_WORDS) {
            return Ok(Order::Waive);
        }
        if self.eat_word(BUILD_WORDS) {
            if self.eat_word(WAIVE_WORDS) || self.eat_word(&["none", "nothing"]) {
                return Ok(Order::Waive);
            }
            let u = self.unit("a province to build in")?;
            return self.build(u);
        }
        if self.eat_word(DISBAND_WORDS) {
            let u = self.unit("the unit to disband")?;
            return Ok(Order::Disband(u));
        }
        if self.eat_word(RETREAT_WORDS) {
            let u = self.unit("the unit to retreat")?;
            if !self.move_verb() {
                self.eat_word(RETREAT_WORDS);
            }
            let (dest, _) = self.loc("where the unit retreats to")?;
            return Ok(Order::Retreat { unit: u, dest });
        }
        self.unit_order()
    }

    /// An order that starts with its unit: a move, hold, support, convoy,
    /// retreat, disband, build or boarding.
    fn unit_order(&mut self) -> PResult<Order> {
        let u = self.unit("a unit's province")?;
        if self.at_end() {
            return Err((ParseErrorKind::Incomplete, "the order says which unit but not what it should do".into()));
        }
        if self.move_verb() {
            let via_before = self.via();
            let (mut dest, _) = self.loc("a destination")?;
            // njudge's convoy route, `A LON-NTH-NWY`: the seas the army is
            // carried through, then where it lands; a move by convoy
            let mut routed = false;
            while self.move_verb() {
                dest = self.loc("where the convoyed army lands")?.0;
                routed = true;
            }
            let via = self.via() || via_before || routed;
            // a boarding move, `A WAL - LON B [FRANCE]` (Original 1958), or
            // an embarkation `A LON - ENG B [FRANCE] [- POR]` (1885 A/F)
            let af = self.v.features.army_fleet;
            if (self.v.features.boarding || af) && !via && self.eat_word(BOARD_WORDS) {
                let partner = self.power();
                let mut land = None;
                if af && self.move_verb() {
                    land = Some(self.loc("where the army lands")?.0);
                }
                return Ok(Order::Board { unit: u, dest: Some(dest), partner, land });
            }
            return Ok(Order::Move { unit: u, dest, via });
        }
        if self.eat_word(HOLD_WORDS) {
            return Ok(Order::Hold(u));
        }
        if self.eat_word(SUPPORT_WORDS) {
            let target = self.unit("the supported unit's province")?;
            if self.at_end() || self.eat_word(HOLD_WORDS) {
                return Ok(Order::Support { unit: u, target, dest: None });
            }
            if self.move_verb() {
                let (dest, _) = self.loc("where the supported unit moves")?;
                return Ok(Order::Support { unit: u, target, dest: Some(dest) });
            }
            return Err(self.unexpected());
        }
        if self.eat_word(CONVOY_WORDS) {
            let mut army = self.unit("the convoyed army's province")?;
            army.kind = army.kind.or(Some(UnitType::Army));
            if !self.move_verb() {
                return Err(if self.at_end() { (ParseErrorKind::Incomplete, "a convoy order must say where the army goes".into()) } else { self.unexpected() });
            }
            let (dest, _) = self.loc("where the convoyed army goes")?;
            return Ok(Order::Convoy { unit: u, army, dest });
        }
        if self.eat_word(RETREAT_WORDS) {
            self.move_verb();
            let (dest, _) = self.loc("where the unit retreats to")?;
            return Ok(Order::Retreat { unit: u, dest });
        }
        if self.eat_word(DISBAND_WORDS) {
            return Ok(Order::Disband(u));
        }
        if (self.v.features.boarding || self.v.features.army_fleet) && self.eat_word(BOARD_WORDS) {
            // `A LON B FRANCE` is always a boarding; `A LON B` is a build or a
            // boarding by the phase (see `parse_order`)
            let partner = self.power();
            if partner.is_some() || (self.boarding_phase && self.v.features.boarding) {
                return Ok(Order::Board { unit: u, dest: None, partner, land: None });
            }
            return self.build(u);
        }
        if self.eat_word(BUILD_WORDS) {
            return self.build(u);
        }
        Err(self.unexpected())
    }

    /// A build: the unit type may be left out where only one type fits.
    fn build(&self, mut u: UnitSpec) -> PResult<Order> {
        if u.kind.is_none() {
            u.kind = match self.v.kind(u.loc.prov) {
                crate::map::ProvinceKind::Land => Some(UnitType::Army),
                crate::map::ProvinceKind::Sea => Some(UnitType::Fleet),
                _ if u.loc.coast != Coast::None => Some(UnitType::Fleet),
                _ => {
                    return Err((
                        ParseErrorKind::Incomplete,
                        format!(
                            "build an army or a fleet in {}? Write `Build A {}` or `Build F {}`",
                            self.v.province(u.loc.prov).name,
                            self.v.code(u.loc.prov),
                            self.v.code(u.loc.prov)
                        ),
                    ));
                }
            };
        }
        Ok(Order::Build(u))
    }

    fn unexpected(&self) -> (ParseErrorKind, String) {
        match self.peek() {
            Some(Tok::Word(w)) => {
                (ParseErrorKind::Unexpected { word: w.to_string() }, format!("`{w}` is not understood here (expected -, H, S, C, R, D or B)"))
            }
            Some(Tok::Dash) => (ParseErrorKind::Unexpected { word: "-".into() }, "`-` is not understood here".into()),
            Some(Tok::Slash) => (ParseErrorKind::Unexpected { word: "/".into() }, "`/` is not understood here".into()),
            None => (ParseErrorKind::Incomplete, "the order stops too early".into()),
        }
    }
}

fn ambiguous(v: &Variant, word: &str, mut candidates: Vec<Prov>) -> (ParseErrorKind, String) {
    candidates.sort_by(|a, b| v.province(*a).name.cmp(&v.province(*b).name));
    let names: Vec<String> = candidates.iter().map(|&p| v.province(p).name.clone()).collect();
    (ParseErrorKind::AmbiguousProvince { word: word.to_string(), candidates }, format!("`{word}` could be {}", or_list(&names)))
}

fn or_list(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// Parses one order (no commas or semicolons inside).
///
/// `phase` adapts the reading: in a retreat phase `A BUR - GAS` is a retreat.
pub fn parse_order(v: &Variant, text: &str, phase: Option<PhaseKind>) -> Result<Order, ParseError> {
    match canonical(v, text) {
        Some(order) => Ok(for_phase(order, phase)),
        None => parse_free(v, text, phase),
    }
}

/// Reads an order written exactly as the contract writes orders (`A PAR H`,
/// `A PAR - BUR`, `A LON - BEL VIA`, `A MAR S A PAR - BUR`, `A MUN S A BUR`,
/// `F NTH C A LON - BEL`, `A BUR R GAS`, `A PAR D`, `F STP/NC B`, `WAIVE`)
/// with one exact lookup a name: the order the full parser reads from the
/// same text, found without it (the batches of `adjudicate --jsonl` are
/// such text). `None` for any other text, which the full parser reads.
fn canonical(v: &Variant, text: &str) -> Option<Order> {
    let mut w = Words { v, words: text.split_ascii_whitespace(), open: None, joined: false, dashed: false };
    let first = w.next()?;
    if first == "WAIVE" {
        return w.next().is_none().then_some(Order::Waive);
    }
    let unit = w.unit(first)?;
    let order = match w.next()? {
        "H" => Order::Hold(unit),
        "-" => {
            let dest = w.loc()?;
            match w.next() {
                None => Order::Move { unit, dest, via: false },
                Some("VIA") => Order::Move { unit, dest, via: true },
                Some(_) => return None,
            }
        }
        "S" => {
            let target = w.unit_next()?;
            match w.next() {
                None => Order::Support { unit, target, dest: None },
                Some("-") => Order::Support { unit, target, dest: Some(w.loc()?) },
                Some(_) => return None,
            }
        }
        // after a coast, the full parser reads `C` as "coast"
        "C" if unit.loc.coast == Coast::None => {
            let army = w.unit_next()?;
            (w.next()? == "-").then_some(())?;
            Order::Convoy { unit, army, dest: w.loc()? }
        }
        "R" => Order::Retreat { unit, dest: w.loc()? },
        "D" => Order::Disband(unit),
        // on maps with boarding, `B` may be a boarding
        "B" if !v.features.boarding && !v.features.army_fleet => Order::Build(unit),
        _ => return None,
    };
    (w.next().is_none() && !w.joined).then_some(order)
}

/// The words of an order read by [`canonical`] (split at spaces and tabs,
/// which the tokenizer skips too).
struct Words<'v, 'a> {
    v: &'v Variant,
    words: std::str::SplitAsciiWhitespace<'a>,
    /// The last code read, where it starts a name of several words.
    open: Option<&'a str>,
    /// A code and the next word past dashes make such a name (`ENG CH`):
    /// the full parser reads the two as one.
    joined: bool,
    /// A dash came after that code.
    dashed: bool,
}

impl<'a> Words<'_, 'a> {
    fn next(&mut self) -> Option<&'a str> {
        let w = self.words.next()?;
        if w == "-" {
            self.dashed |= self.open.is_some();
        } else if let Some(code) = self.open.take() {
            // the parser's word ends at a slash
            let word = w.split('/').next().unwrap_or(w);
            // past a dash, another place's own name is that place (as the full parser reads it)
            let named = if std::mem::take(&mut self.dashed) { self.v.names.exact.get(word.to_ascii_lowercase().as_str()).copied() } else { None };
            let continues = |second: &str, p: Prov| {
                second.eq_ignore_ascii_case(word)
                    || (named.is_none_or(|q| q == p)
                        && word.len() >= 2
                        && second.len() >= word.len()
                        && second.as_bytes()[..word.len()].eq_ignore_ascii_case(word.as_bytes()))
            };
            self.joined |= self.v.names.multi.iter().any(|(words, p)| words[0].eq_ignore_ascii_case(code) && continues(&words[1], *p));
        }
        Some(w)
    }

    /// `A PAR`, `F STP/SC`, its first word given.
    fn unit(&mut self, kind: &str) -> Option<UnitSpec> {
        let kind = match kind {
            "A" => UnitType::Army,
            "F" => UnitType::Fleet,
            _ => return None,
        };
        Some(UnitSpec::new(Some(kind), self.loc()?))
    }

    fn unit_next(&mut self) -> Option<UnitSpec> {
        let kind = self.next()?;
        self.unit(kind)
    }

    /// `PAR`, `STP/SC`: a coast the province has.
    fn loc(&mut self) -> Option<Loc> {
        let text = self.next()?;
        // codes are short: a loop finds the slash sooner than a search
        let (code, coast) = match text.bytes().position(|b| b == b'/') {
            None => (text, Coast::None),
            Some(i) => match &text[i + 1..] {
                "" => (&text[..i], Coast::None),
                coast => (&text[..i], Coast::from_code(coast)?),
            },
        };
        let &(prov, starts_name) = self.v.names.codes.get(&short_key(code)?)?;
        if starts_name && coast == Coast::None {
            self.open = Some(code);
        }
        (coast == Coast::None || self.v.province(prov).coasts.contains(&coast)).then_some(Loc::with(prov, coast))
    }
}

/// The full parser: whatever players write.
fn parse_free(v: &Variant, text: &str, phase: Option<PhaseKind>) -> Result<Order, ParseError> {
    let mut buf = [0u8; 256];
    let lower: std::borrow::Cow<str> = if text.len() <= buf.len() && text.is_ascii() {
        for (d, s) in buf.iter_mut().zip(text.bytes()) {
            *d = s.to_ascii_lowercase();
        }
        std::borrow::Cow::Borrowed(std::str::from_utf8(&buf[..text.len()]).expect("ascii"))
    } else {
        std::borrow::Cow::Owned(text.to_lowercase())
    };
    let err = |kind: ParseErrorKind, message: String| ParseError { text: text.trim().to_string(), kind, message };
    let mut p = Parser { v, toks: [Tok::Dash; MAX_TOKENS], n: 0, pos: 0, boarding_phase: phase == Some(PhaseKind::Movement) };
    p.n = match tokenize(&lower, &mut p.toks) {
        Some(n) => n,
        None => return Err(err(ParseErrorKind::Unexpected { word: String::new() }, format!("too long for one order (more than {MAX_TOKENS} words)"))),
    };
    if p.n == 0 {
        return Err(err(ParseErrorKind::Incomplete, "empty order".into()));
    }
    let order = p.order().map_err(|(k, m)| err(k, m))?;
    p.eat_word(&["please", "ok"]);
    if !p.at_end() {
        let rest = p.toks[p.pos..p.n]
            .iter()
            .map(|t| match t {
                Tok::Word(w) => *w,
                Tok::Dash => "-",
                Tok::Slash => "/",
            })
            .collect::<Vec<_>>()
            .join(" ");
        return Err(err(
            ParseErrorKind::Unexpected { word: rest.clone() },
            format!("`{rest}` follows a complete order (`{}`); put each order on its own line or separate orders with commas", order.canonical(v)),
        ));
    }
    Ok(for_phase(order, phase))
}

/// Adapts a parsed order to the phase it is given in.
pub fn for_phase(order: Order, phase: Option<PhaseKind>) -> Order {
    match (phase, order) {
        (Some(PhaseKind::Retreat), Order::Move { unit, dest, via: false }) => Order::Retreat { unit, dest },
        _ => order,
    }
}

/// Parses a line that may hold several orders separated by commas or semicolons.
pub fn parse_line(v: &Variant, line: &str, phase: Option<PhaseKind>) -> Vec<Result<Order, ParseError>> {
    line.split([',', ';']).filter(|s| !s.trim().is_empty()).map(|s| parse_order(v, s, phase)).collect()
}

/// Reads a province name alone (for commands such as `SET ABSENCE` or tests).
pub fn parse_province(v: &Variant, text: &str) -> Result<Prov, ParseError> {
    let lower = text.to_lowercase();
    let err = |kind: ParseErrorKind, message: String| ParseError { text: text.trim().to_string(), kind, message };
    let mut p = Parser { v, toks: [Tok::Dash; MAX_TOKENS], n: 0, pos: 0, boarding_phase: false };
    p.n = tokenize(&lower, &mut p.toks).unwrap_or(0);
    let (prov, _) = p.province("a province").map_err(|(k, m)| err(k, m))?;
    if !p.at_end() {
        let (k, m) = p.unexpected();
        return Err(err(k, m));
    }
    Ok(prov)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{BUILTIN, ProvinceKind};

    /// Every place a unit of each type may name in an order, as the parser
    /// reads it (coasts included, boards the engine would refuse too).
    fn units(v: &Variant) -> Vec<UnitSpec> {
        let mut out = Vec::new();
        for (i, p) in v.provinces.iter().enumerate() {
            let i = i as Prov;
            out.push(UnitSpec::new(Some(UnitType::Army), Loc::new(i)));
            out.push(UnitSpec::new(Some(UnitType::Fleet), Loc::new(i)));
            out.extend(p.coasts.iter().map(|&c| UnitSpec::new(Some(UnitType::Fleet), Loc::with(i, c))));
        }
        out
    }

    /// The canonical text of orders of every form on every built-in map
    /// (each unit's moves to every place; supports and convoys to a sample):
    /// where [`canonical`] reads the text, the full parser reads the same
    /// order from it, in each phase.
    #[test]
    fn canonical_reading_is_the_full_parsers() {
        for (name, _) in BUILTIN {
            let v = Variant::builtin(name).unwrap();
            let units = units(&v);
            let (mut orders, mut read) = (vec![Order::Waive], 0);
            for (k, &u) in units.iter().enumerate() {
                orders.extend([Order::Hold(u), Order::Disband(u), Order::Build(u)]);
                for &t in &units {
                    orders.extend([Order::Move { unit: u, dest: t.loc, via: k % 2 == 0 }, Order::Retreat { unit: u, dest: t.loc }]);
                    orders.push(Order::Support { unit: u, target: t, dest: None });
                }
                for &t in units.iter().skip(k % 13).step_by(13) {
                    for &d in units.iter().skip(k % 7).step_by(7) {
                        orders.push(Order::Support { unit: u, target: t, dest: Some(d.loc) });
                        if t.kind == Some(UnitType::Army) && v.kind(u.loc.prov) != ProvinceKind::Land {
                            orders.push(Order::Convoy { unit: u, army: t, dest: d.loc });
                        }
                    }
                }
            }
            for o in &orders {
                let text = o.canonical(&v);
                for phase in [None, Some(PhaseKind::Movement), Some(PhaseKind::Retreat), Some(PhaseKind::Adjustment)] {
                    if let Some(fast) = canonical(&v, &text) {
                        read += 1;
                        assert_eq!(Ok(for_phase(fast, phase)), parse_free(&v, &text, phase), "{name}: `{text}`");
                    }
                    assert_eq!(parse_order(&v, &text, phase), parse_free(&v, &text, phase), "{name}: `{text}`");
                }
            }
            // all but the few forms left to the full parser are read fast
            assert!(read > orders.len() * 4 * 9 / 10, "{name}: {read} of {} read fast", orders.len() * 4);
        }
    }

    /// A dash between two codes separates them, though the first code and the
    /// start of the second make a name of two words (empire's San Antonio, `SAN`, and
    /// Antioquia, `ANT`: `A SAN - ANT` is a move, not "A San Ant(onio)"); without the
    /// dash, or when the word past it names no place, the two words still make one name.
    #[test]
    fn a_dash_between_two_codes_separates_them() {
        let map = "San Antonio = SAN\nAntioquia = ANT\nMid Sea = MID\nNORTH (Northern:N) SAN\nA SAN\nSOUTH (Southern:S) ANT\nA ANT\n\
                   COAST SAN ABUTS ANT MID\nCOAST ANT ABUTS SAN MID\nWATER MID ABUTS SAN ANT\n";
        let v = crate::map::toml::build(crate::map::dpjudge::read("t", map, &|_| None).unwrap()).unwrap();
        let (san, ant, mid) = (Loc::new(v.prov_by_code("SAN").unwrap()), Loc::new(v.prov_by_code("ANT").unwrap()), Loc::new(v.prov_by_code("MID").unwrap()));
        let army = |l: Loc| UnitSpec::new(Some(UnitType::Army), l);
        let moves = |dest: Loc, via: bool| Order::Move { unit: army(san), dest, via };
        for (text, order) in [
            ("A SAN - ANT", moves(ant, false)),
            ("A SAN - ANT VIA", moves(ant, true)),
            ("A san-ant", moves(ant, false)),
            ("F MID C A SAN - ANT", Order::Convoy { unit: UnitSpec::new(Some(UnitType::Fleet), mid), army: army(san), dest: ant }),
            ("A ANT S A SAN - ANT", Order::Support { unit: army(ant), target: army(san), dest: Some(ant) }),
            ("A San Ant - Mid", moves(mid, false)),
            ("A San Antonio - MID", moves(mid, false)),
        ] {
            assert_eq!(parse_free(&v, text, None), Ok(order), "`{text}`");
            assert_eq!(parse_order(&v, text, None), Ok(order), "`{text}`");
        }
        assert_eq!(canonical(&v, "A SAN - ANT"), Some(moves(ant, false)));
    }

    /// Text that is not exactly canonical is left to the full parser.
    #[test]
    fn other_text_goes_to_the_full_parser() {
        let v = Variant::standard();
        assert_eq!(
            canonical(&v, "A PAR - BUR"),
            Some(Order::Move {
                unit: UnitSpec::new(Some(UnitType::Army), Loc::new(v.prov_by_code("PAR").unwrap())),
                dest: Loc::new(v.prov_by_code("BUR").unwrap()),
                via: false
            })
        );
        for text in [
            "a par - bur",
            "A PAR-BUR",
            "A PAR - BURG",
            "A PAR - BUR VIA C",
            "A Par - Bur",
            "A PAR",
            "A PAR H H",
            "F STP/XC H",
            "F SPA/EC H",
            "F SPA/SC C A MAR - GAS",
            "F NTH C A LON",
            "A MAR S A PAR BUR",
            "WAIVE WAIVE",
            "B A PAR",
            "",
        ] {
            assert_eq!(canonical(&v, text), None, "`{text}`");
        }
        // a code that starts a name of several words, and the next word
        // (past dashes) that continues it: read together by the full parser
        for text in ["F ENG - CH", "F ENG - CH VIA", "F ENG S A CH", "F MAO S F ENG - CH"] {
            assert_eq!(canonical(&v, text), None, "{text}");
        }
        assert!(canonical(&v, "F ENG - BEL").is_some());
        assert!(canonical(&v, "F ENG CH").is_none() && canonical(&v, "F ENG - CH").is_none());
        // spaces as the tokenizer skips them
        assert_eq!(canonical(&v, " A PAR  -\tBUR "), canonical(&v, "A PAR - BUR"));
        let b = Variant::builtin("original1958").unwrap();
        assert_eq!(canonical(&b, "A LON B"), None, "a boarding or a build: by the phase");
    }
}
