//! What njudge compiles into the judge for each variant: `variant.c`'s
//! tables (`variants`, `vvalue`, `powers`, `owners`, `pletter`, `sphase`)
//! and `variant.h`'s `SETNP` macro (the centres to win, the variant's
//! flags). Or, without them, the powers named from `report.NAME`.

use super::seed::{Seed, place_of};
use super::{Map, NjError, NjErrorKind, NjPart, err};

/// A power of the variant: its name, adjective and letter.
#[derive(Debug, Clone)]
pub(super) struct PowerInfo {
    pub name: String,
    pub adjective: String,
    pub letter: char,
}

/// What the judge knows of a variant beyond its data files.
#[derive(Debug, Default)]
pub(super) struct Info {
    pub powers: Vec<PowerInfo>,
    /// The first phase (`sphase`), when the tables give it.
    pub start: Option<String>,
    /// The centres to win (`dipent.vp`), when the tables give it.
    pub victory: Option<u32>,
    /// The flags `SETNP` sets for it (`XF_BUILD_ANYCENTRES`, ...).
    pub flags: Vec<String>,
}

/// Power names that are njudge's roles, not powers (the end of `powers[]`).
const ROLES: &[&str] = &["a power", "Neutral", "Autonomous", "Observer", "Master"];

/// The variant `name` as `variant.c` and `variant.h` define it.
pub(super) fn read(name: &str, variant_c: &str, variant_h: &str) -> Result<Info, NjError> {
    let c = strip_comments(variant_c);
    let table = |t: &str| array(&c, t).ok_or_else(|| err(NjPart::VariantC, 0, NjErrorKind::Malformed(format!("no table `{t}[]`"))));
    let variants = table("variants")?;
    let v = variants.iter().position(|x| x == name).ok_or_else(|| err(NjPart::VariantC, 0, NjErrorKind::NotInSource(name.to_string())))?;
    let (powers, owners, pletter) = (table("powers")?, table("owners")?, table("pletter")?);
    let letters = pletter.get(v).ok_or_else(|| err(NjPart::VariantC, 0, NjErrorKind::Malformed(format!("`pletter[]` has no line for {name}"))))?;
    // Machiavelli's letters end `?=&OM` (`AUTONOMOUS` is `&`), Diplomacy's `?=xOM`
    if letters.contains('&') {
        return Err(err(NjPart::VariantC, 0, NjErrorKind::Machiavelli(format!("`pletter[]`'s line for {name}"))));
    }
    let mut info = Info::default();
    for (i, l) in letters.chars().enumerate().skip(1) {
        let (Some(p), Some(o)) = (powers.get(i), owners.get(i)) else { break };
        if l == 'x' || ROLES.contains(&p.as_str()) {
            continue;
        }
        info.powers.push(PowerInfo { name: p.clone(), adjective: o.clone(), letter: l });
    }
    info.start = array(&c, "sphase").and_then(|s| s.get(v).cloned()).filter(|s| s != "NULL");
    if let Some(value) = array(&c, "vvalue").and_then(|s| s.get(v).cloned()) {
        let (victory, flags) = setnp(&strip_comments(variant_h), &value);
        info.victory = victory;
        info.flags = flags;
    }
    Ok(info)
}

/// `case V_NAME: dipent.np = 7; dipent.vp = 18; dipent.xflags |= XF_...; break;`:
/// the centres to win and the flags set.
fn setnp(h: &str, value: &str) -> (Option<u32>, Vec<String>) {
    let case = format!("case {value}:");
    let Some(at) = h.find(&case) else { return (None, Vec::new()) };
    let body = &h[at + case.len()..];
    let body = &body[..body.find("break;").unwrap_or(body.len())];
    let victory = body.split_once("dipent.vp").and_then(|(_, r)| {
        let r = r.trim_start().strip_prefix('=')?.trim_start();
        r[..r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len())].parse().ok()
    });
    let flags = body
        .split("|=")
        .skip(1)
        .filter_map(|r| {
            let r = r.trim_start();
            let word: String = r.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            (!word.is_empty()).then_some(word)
        })
        .collect();
    (victory, flags)
}

/// The items of the C array `name[] = { ... };`: string literals without
/// their quotes, other items as written (`NULL`, `V_STANDARD`).
fn array(c: &str, name: &str) -> Option<Vec<String>> {
    let decl = format!("{name}[]");
    let at = c.match_indices(&decl).map(|(i, _)| i).find(|&i| c[i + decl.len()..].trim_start().starts_with('='))?;
    let open = at + c[at..].find('{')?;
    let mut items = Vec::new();
    let mut item = String::new();
    let mut in_string = false;
    for ch in c[open + 1..].chars() {
        match ch {
            '"' => in_string = !in_string,
            '}' if !in_string => break,
            ',' if !in_string => items.push(std::mem::take(&mut item)),
            _ if in_string => item.push(ch),
            c if !c.is_whitespace() => item.push(ch),
            _ => {}
        }
    }
    if !item.is_empty() {
        items.push(item);
    }
    Some(items)
}

/// C text without its `/* */` and `//` comments (string literals kept).
fn strip_comments(c: &str) -> String {
    let mut out = String::with_capacity(c.len());
    let mut rest = c;
    let mut in_string = false;
    while let Some(ch) = rest.chars().next() {
        if !in_string && rest.starts_with("/*") {
            rest = rest[2..].find("*/").map_or("", |i| &rest[2 + i + 2..]);
            out.push(' ');
            continue;
        }
        if !in_string && rest.starts_with("//") {
            rest = rest.find('\n').map_or("", |i| &rest[i..]);
            continue;
        }
        if ch == '"' {
            in_string = !in_string;
        }
        out.push(ch);
        rest = &rest[ch.len_utf8()..];
    }
    out
}

/// The powers named by `report.NAME`'s lines `England: Fleet London.`,
/// each the power of the seed's unit there (letters in the seed's order,
/// then the map's); each its own adjective.
pub(super) fn from_report(report: &str, map: &Map, seed: &Seed) -> Result<Info, NjError> {
    let mut named: Vec<(char, String)> = Vec::new();
    for line in report.lines() {
        let Some((power, rest)) = line.split_once(':') else { continue };
        let rest = rest.trim_start();
        let Some(place) = ["Army", "Fleet"].iter().find_map(|w| rest.strip_prefix(w)) else { continue };
        let Ok((area, _)) = place_of(place, map) else { continue };
        if let Some(u) = seed.units.iter().find(|u| u.area == area)
            && !named.iter().any(|(l, _)| *l == u.letter)
        {
            named.push((u.letter, power.trim().to_string()));
        }
    }
    let mut letters: Vec<char> = seed.units.iter().map(|u| u.letter).collect();
    letters.extend(map.areas.iter().map(|a| a.kind).filter(|k| k.is_ascii_uppercase() || k.is_ascii_digit()));
    let mut info = Info::default();
    for l in letters {
        if info.powers.iter().any(|w| w.letter == l) {
            continue;
        }
        let name = named.iter().find(|(x, _)| *x == l).map(|(_, n)| n.clone()).ok_or_else(|| err(NjPart::Report, 0, NjErrorKind::NoPowerName(l)))?;
        info.powers.push(PowerInfo { adjective: name.clone(), name, letter: l });
    }
    Ok(info)
}
