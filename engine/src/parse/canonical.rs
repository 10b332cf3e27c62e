//! The fast path for orders written exactly as the contract writes them:
//! one exact lookup a name, and the same order the full parser reads.

use super::words::is_keyword;
use crate::map::names::{Codes, short_key};
use crate::map::{Coast, Loc, Prov, UnitType, Variant};
use crate::order::{Order, UnitSpec};

/// Reads an order written exactly as the contract writes orders (`A PAR H`,
/// `A PAR - BUR`, `A LON - BEL VIA`, `A MAR S A PAR - BUR`, `A MUN S A BUR`,
/// `F NTH C A LON - BEL`, `A BUR R GAS`, `A PAR D`, `F STP/NC B`, `WAIVE`)
/// with one exact lookup a name: the order the full parser reads from the
/// same text, found without it (the batches of `adjudicate --jsonl` are
/// such text). `None` for any other text, which the full parser reads.
pub(super) fn canonical(v: &Variant, text: &str) -> Option<Order> {
    let mut w = Words { v, codes: plain_codes(v), words: text.split_ascii_whitespace(), open: None, joined: false, dashed: false };
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
    /// [`plain_codes`].
    codes: &'v Codes,
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
            let named = if std::mem::take(&mut self.dashed) { self.v.names.province(&word.to_ascii_lowercase()) } else { None };
            let continues = |second: &str, p: Prov| {
                second.eq_ignore_ascii_case(word)
                    || (named.is_none_or(|q| q == p)
                        && word.len() >= 2
                        && second.len() >= word.len()
                        && second.as_bytes()[..word.len()].eq_ignore_ascii_case(word.as_bytes()))
            };
            self.joined |= self.v.names.long_names().iter().any(|(words, p)| words[0].eq_ignore_ascii_case(code) && continues(&words[1], *p));
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
        let &(prov, starts_name) = self.codes.get(&short_key(code)?)?;
        if starts_name && coast == Coast::None {
            self.open = Some(code);
        }
        (coast == Coast::None || self.v.province(prov).coasts.contains(&coast)).then_some(Loc::with(prov, coast))
    }
}

/// The codes [`canonical`] reads, found the first time a variant's order is
/// read and kept with its names: a code of letters and digits that the full
/// parser finds as an exact name, and that is no word the parser reads
/// otherwise (a verb, a coast, a power, noise). None if a power is called
/// `A` or `F`.
fn plain_codes(v: &Variant) -> &Codes {
    v.names.codes(|names| {
        if ["a", "f"].iter().any(|w| names.power(w).is_some()) {
            return Codes::default();
        }
        let keyword = |w: &str| is_keyword(w) || names.power(w).is_some();
        let mut codes = Codes::default();
        for (i, p) in v.provinces.iter().enumerate() {
            let lower = p.code.to_ascii_lowercase();
            let plain = !lower.is_empty() && lower.bytes().all(|b| b.is_ascii_alphanumeric());
            if let Some(key) = short_key(&p.code)
                && plain
                && !keyword(&lower)
                && names.province(&lower) == Some(i as Prov)
            {
                codes.insert(key, (i as Prov, names.starts_long_name(&lower)));
            }
        }
        codes
    })
}
