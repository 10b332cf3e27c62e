//! Powers by name: display names, and reading powers as players write them
//! (a letter, a name, or an unambiguous start of one).

use super::refusal::Refusal;
use crate::map::{PowerId, Variant};

/// A power's display name: `France`, `New-York`, `B.C.` (each word's first
/// letter capital).
pub fn pname(v: &Variant, p: PowerId) -> String {
    let mut after_letter = false;
    v.powers[p as usize]
        .name
        .chars()
        .map(|c| {
            let out = if after_letter { c.to_ascii_lowercase() } else { c };
            after_letter = c.is_ascii_alphabetic();
            out
        })
        .collect()
}

/// A name's letters and digits only, upper case (`B.C.` and `bc` are `BC`,
/// `New York` and `NEW-YORK` are `NEWYORK`).
fn squashed(s: &str) -> String {
    s.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect()
}

/// Finds a power by letter, name or unambiguous start of its name or
/// adjective (spaces, dots and dashes aside: `B.C.`, `BC`, `New York`).
pub fn find_power(v: &Variant, word: &str) -> Option<PowerId> {
    let w = word.trim().to_ascii_uppercase();
    if w.chars().count() == 1 {
        let c = w.chars().next()?;
        return v.powers.iter().position(|p| p.letter.to_ascii_uppercase() == c).map(|i| i as PowerId);
    }
    let w = squashed(&w);
    if w.is_empty() {
        return None;
    }
    let names = |i: usize| [squashed(&v.powers[i].name), squashed(&v.powers[i].adjective)];
    // a whole name first: `BC` is B.C. even where another starts `BC...`
    let exact: Vec<usize> = (0..v.powers.len()).filter(|&i| names(i).contains(&w)).collect();
    if let [i] = exact[..] {
        return Some(i as PowerId);
    }
    let hits: Vec<usize> = (0..v.powers.len()).filter(|&i| names(i).iter().any(|n| n.starts_with(&w))).collect();
    if hits.len() == 1 { Some(hits[0] as PowerId) } else { None }
}

/// A list of powers: letters run together (`EFG`) or names separated by
/// spaces/commas, sorted and without repeats.
pub fn parse_powers(v: &Variant, text: &str) -> Result<Vec<PowerId>, Refusal> {
    let mut out = powers_in_order(v, text)?;
    out.sort();
    out.dedup();
    Ok(out)
}

/// The powers of `text`, in the order written.
pub fn powers_in_order(v: &Variant, text: &str) -> Result<Vec<PowerId>, Refusal> {
    let parts: Vec<&str> = text.trim().split([',', ' ']).filter(|s| !s.is_empty()).collect();
    let letters_only = parts.len() == 1 && parts[0].chars().all(|c| c.is_ascii_alphanumeric()) && find_power(v, parts[0]).is_none();
    if letters_only {
        parts[0].chars().map(|c| find_power(v, &c.to_string()).ok_or(Refusal::NotAPowerLetter { letter: c })).collect()
    } else {
        let mut out = Vec::new();
        let mut i = 0;
        while i < parts.len() {
            // a name of several words (`New York`, `St Petersburg`): the longest run that is one
            let run = (i + 1..parts.len()).rev().find_map(|j| whole_name(v, &parts[i..=j]).map(|p| (p, j)));
            let (p, j) = match run {
                Some(found) => found,
                None => (find_power(v, parts[i]).ok_or_else(|| Refusal::NotAPower { word: parts[i].to_string() })?, i),
            };
            out.push(p);
            i = j + 1;
        }
        Ok(out)
    }
}

/// The power whose whole name or adjective the words spell together.
fn whole_name(v: &Variant, words: &[&str]) -> Option<PowerId> {
    let w = squashed(&words.concat());
    v.powers.iter().position(|p| squashed(&p.name) == w || squashed(&p.adjective) == w).map(|i| i as PowerId)
}

/// The power a word names in full, where it cannot be a list of letters:
/// longer than three letters (`ROME`, `Venetian`), or written with the dots
/// of its name (`B.C.`).
pub fn power_named(v: &Variant, word: &str) -> Option<PowerId> {
    let w = word.trim();
    if squashed(w).len() <= 3 && !w.contains('.') {
        return None;
    }
    whole_name(v, &[w])
}
