//! Powers by name: display names, and reading powers as players write them
//! (a letter, a name, or an unambiguous start of one).

use super::refusal::Refusal;
use crate::map::{PowerId, Variant};

/// A power's display name: `France`.
pub fn pname(v: &Variant, p: PowerId) -> String {
    let n = &v.powers[p as usize].name;
    let mut s = n[..1].to_string();
    s.push_str(&n[1..].to_ascii_lowercase());
    s
}

/// Finds a power by letter, name or unambiguous start of its name.
pub fn find_power(v: &Variant, word: &str) -> Option<PowerId> {
    let w = word.trim().to_ascii_uppercase();
    if w.len() == 1 {
        let c = w.chars().next()?;
        return v.powers.iter().position(|p| p.letter.to_ascii_uppercase() == c).map(|i| i as PowerId);
    }
    let hits: Vec<usize> =
        (0..v.powers.len()).filter(|&i| v.powers[i].name.starts_with(&w) || v.powers[i].adjective.to_ascii_uppercase().starts_with(&w)).collect();
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
    let letters_only = parts.len() == 1 && parts[0].chars().all(|c| c.is_ascii_alphabetic()) && find_power(v, parts[0]).is_none();
    if letters_only {
        parts[0].chars().map(|c| find_power(v, &c.to_string()).ok_or(Refusal::NotAPowerLetter { letter: c })).collect()
    } else {
        parts.iter().map(|p| find_power(v, p).ok_or_else(|| Refusal::NotAPower { word: p.to_string() })).collect()
    }
}
