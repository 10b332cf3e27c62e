//! DPjudge's `FLOW` lines (the phases of a year: `FLOW SPRING:MOVEMENT,RETREATS`,
//! `FLOW NEWYEAR:-1`, `FLOW IFYEARDIV:2`) made into the variant's calendar,
//! as DPjudge's Map.findNextPhase plays them: the year moves on by
//! `NEWYEAR`'s number (1 by default; negative counts down, read as B.C.
//! years), and the phases after an `IFYEARDIV:d` (or `d=m`) are played only
//! in the years (as written) that leave `m` (0) divided by `d`.
//!
//! Read: `NEWYEAR` at the head of the flow (DPjudge puts it there when the
//! map does not), one `IFYEARDIV` at most, phases of kinds M, R, A. A
//! season word `A.D.` or `B.C.` names no season (the year alone is shown,
//! `273 B.C. movement`); another (`SPRING`) is the season's name, its first
//! letter the season's code, as DPjudge abbreviates (`S1901M`, `B273M`).

use super::DpErrorKind;
use super::words::title_case;
use crate::map::toml::{RawCalendar, RawSeason};

/// One `FLOW` item read: the year's step, a condition, or a season's phases.
enum Item {
    NewYear(i32),
    IfYearDiv(u32, u32),
    Phases(String, Vec<char>),
}

fn unsupported(why: &str) -> DpErrorKind {
    DpErrorKind::UnsupportedDirective(format!("FLOW ({why})"))
}

fn malformed(item: &str) -> DpErrorKind {
    DpErrorKind::Malformed(format!("FLOW `{item}`: expected NEWYEAR[:years], IFYEARDIV:divisor[=remainder] or SEASON:MOVEMENT,RETREATS,ADJUSTMENTS"))
}

fn item(text: &str) -> Result<Item, DpErrorKind> {
    let up = text.to_ascii_uppercase();
    if up == "NEWYEAR" {
        return Ok(Item::NewYear(1));
    }
    let (head, rest) = up.split_once(':').ok_or_else(|| malformed(text))?;
    match head {
        "NEWYEAR" => match rest.parse::<i32>() {
            Ok(n) if n != 0 => Ok(Item::NewYear(n)),
            _ => Err(malformed(text)),
        },
        "IFYEARDIV" => {
            let (d, m) = rest.split_once('=').unwrap_or((rest, "0"));
            match (d.parse::<u32>(), m.parse::<u32>()) {
                (Ok(d), Ok(m)) if d > 0 && m < d => Ok(Item::IfYearDiv(d, m)),
                _ => Err(malformed(text)),
            }
        }
        season => {
            let mut kinds = Vec::new();
            for ph in rest.split(',') {
                kinds.push(match ph {
                    "MOVEMENT" => 'M',
                    "RETREATS" => 'R',
                    "ADJUSTMENTS" => 'A',
                    "" => return Err(malformed(text)),
                    other => return Err(unsupported(&format!("phase {other}"))),
                });
            }
            Ok(Item::Phases(season.to_string(), kinds))
        }
    }
}

/// Whether `text` is a `FLOW` item this judge reads.
pub(super) fn check(text: &str) -> Result<(), DpErrorKind> {
    item(text).map(|_| ())
}

/// Whether a season word is an era (`A.D.`, `B.C.`), not a season.
pub(super) fn is_era(word: &str) -> bool {
    let w: String = word.chars().filter(|c| *c != '.').collect::<String>().to_ascii_uppercase();
    w == "AD" || w == "BC"
}

/// A season word's code: its first letter, as DPjudge abbreviates phases.
pub(super) fn season_code(word: &str) -> String {
    word.chars().find(|c| c.is_ascii_alphabetic()).map(|c| c.to_ascii_uppercase().to_string()).unwrap_or_default()
}

/// The calendar of the `FLOW` items (`words`), first year `first_year` as written.
pub(super) fn calendar(words: &[String], first_year: i32) -> Result<RawCalendar, DpErrorKind> {
    let items = words.iter().map(|w| item(w)).collect::<Result<Vec<_>, _>>()?;
    let mut step = 1;
    let mut every: Option<(u32, u32)> = None;
    let mut seasons: Vec<RawSeason> = Vec::new();
    let mut last_word = String::new();
    for (i, it) in items.iter().enumerate() {
        match it {
            Item::NewYear(n) if i == 0 => step = *n,
            Item::NewYear(_) => return Err(unsupported("NEWYEAR after the first phases of the year")),
            Item::IfYearDiv(..) if every.is_some() => return Err(unsupported("a second IFYEARDIV")),
            Item::IfYearDiv(d, m) => every = Some((*d, *m)),
            Item::Phases(word, kinds) => {
                let kinds: Vec<String> = kinds.iter().map(char::to_string).collect();
                // phases of one season word, one condition: one season
                match seasons.last_mut() {
                    Some(s) if *word == last_word && s.every == every.map(|e| e.0) => s.phases.extend(kinds),
                    _ => seasons.push(RawSeason {
                        code: season_code(word),
                        name: if is_era(word) { String::new() } else { title_case(word) },
                        phases: kinds,
                        every: every.map(|e| e.0),
                        remainder: every.map(|e| e.1).filter(|m| *m > 0),
                    }),
                }
                last_word = word.clone();
            }
        }
    }
    if seasons.is_empty() {
        return Err(DpErrorKind::Malformed("FLOW names no phase".into()));
    }
    Ok(RawCalendar {
        first_year,
        year_step: step.unsigned_abs(),
        era: (step < 0).then(|| "BC".to_string()),
        ownership_after: ownership_after(&seasons),
        seasons,
    })
}

/// The seasons after whose movement centres change hands: those right
/// before an adjustment season (DPjudge takes the centres on coming to
/// the adjustments), else the last season with a movement.
fn ownership_after(seasons: &[RawSeason]) -> Vec<String> {
    let adjusts = |s: &RawSeason| s.phases.iter().any(|p| p == "A");
    let moves = |s: &RawSeason| s.phases.iter().any(|p| p == "M");
    let mut out: Vec<String> = Vec::new();
    for (i, s) in seasons.iter().enumerate() {
        if moves(s) && seasons.get(i + 1).is_none_or(adjusts) && !out.contains(&s.code) {
            out.push(s.code.clone());
        }
    }
    out
}
