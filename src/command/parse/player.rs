//! A player's commands: CLEAR, PRESS and BROADCAST with their headers,
//! POSTALPRESS, DIARY, ENDPRESS, SET (read in [`super::set`]), START.

use super::cmd::{Cmd, Colour, Diary, Fake, PressHeader, SetKey, Whom};
use super::line::Line;
use super::set::set;
use crate::game::refusal::{PressRefusal, Refusal, UsageRefusal};

/// CLEAR, PRESS, BROADCAST, ENDPRESS, the conditional's ELSE and ENDIF, SET, START.
pub(super) fn player(l: &Line) -> Option<Cmd> {
    Some(match l.head.as_str() {
        "CLEAR" if l.alone() => Cmd::Clear,
        "PHASE" => Cmd::Phase(l.rest(0)),
        "PRESS" | "BROADCAST" => press(l),
        "POSTALPRESS" if l.alone() => Cmd::PostalPress,
        "POSTALPRESS" => Cmd::Bad(Refusal::Press(PressRefusal::PostalPressOptions)),
        "DIARY" => diary(l),
        "ENDPRESS" | "ENDBROADCAST" if l.alone() => Cmd::EndPress,
        "ELSE" | "ENDIF" => Cmd::Bad(Refusal::Usage(UsageRefusal::WithoutIf { head: l.head.clone() })),
        "SET" => set(l),
        // `START A ROM` is `SET START A ROM`
        "START" => Cmd::Set { key: SetKey::Start, arg: l.rest(0) },
        _ => return None,
    })
}

/// `PRESS options`, `BROADCAST [options]` (njudge's `data/press`): WHITE
/// or GREY (and their other names), the recipients (`TO list`, `+list`,
/// `TO ALL`, `TO ALL BUT list`, `-list`), NOFAKE, and `FAKE` with the
/// recipients to name (`FAKE [BROADCAST]`, `FAKE [PARTIAL] TO list`,
/// `FAKE +list`, `FAKE -list` ...). BROADCAST alone goes to all, and so
/// does a press faked without its real recipients; PRESS alone names no
/// one.
fn press(l: &Line) -> Cmd {
    let words: Vec<String> = l.w[l.skip..].iter().map(|w| w.to_ascii_uppercase()).collect();
    match press_words(&l.head, &words) {
        Ok(h) => Cmd::Press(h),
        Err(r) => Cmd::Bad(r),
    }
}

fn press_words(head: &str, words: &[String]) -> Result<PressHeader, Refusal> {
    let mut h = PressHeader { to: None, colour: None, fake: Fake::Unsaid };
    let not_understood = |word: &str| Refusal::Usage(UsageRefusal::PressNotUnderstood { head: head.to_string(), word: word.to_string() });
    let mut i = 0;
    while let Some(w) = words.get(i) {
        i += 1;
        match w.as_str() {
            "WHITE" | "UNANONYMOUS" | "UNANONYMOUSLY" | "SIGNED" => h.colour = Some(Colour::White),
            "GREY" | "GRAY" | "ANONYMOUS" | "ANONYMOUSLY" | "ANON" => h.colour = Some(Colour::Grey),
            "NOFAKE" => h.fake = Fake::No,
            "NO" if words.get(i).is_some_and(|x| x == "FAKE") => {
                i += 1;
                h.fake = Fake::No;
            }
            "FAKE" => {
                if words.get(i).is_some_and(|x| x == "PARTIAL") {
                    i += 1;
                }
                h.fake = match words.get(i).map(String::as_str) {
                    Some("BROADCAST") => {
                        i += 1;
                        Fake::As(Whom::All)
                    }
                    Some(x) if x == "TO" || x == "ALL" || x.starts_with(['+', '-']) => Fake::As(whom(head, words, &mut i)?),
                    _ => Fake::As(Whom::All),
                };
            }
            x if x == "TO" || x == "ALL" || x.starts_with(['+', '-']) => {
                if h.to.is_some() {
                    return Err(Refusal::Usage(UsageRefusal::PressTwoLists { head: head.to_string() }));
                }
                i -= 1;
                h.to = Some(whom(head, words, &mut i)?);
            }
            // njudge's PRESS list, without TO
            x if head == "PRESS" && i == 1 && x.chars().all(|c| c.is_ascii_alphabetic()) && x.len() <= 3 => h.to = Some(Whom::Only(x.to_string())),
            x => return Err(not_understood(x)),
        }
    }
    if h.to.is_none() && (head == "BROADCAST" || matches!(h.fake, Fake::As(_))) {
        h.to = Some(Whom::All);
    }
    Ok(h)
}

/// The recipients from `words[*i]` on (`TO ALL BUT list`, `TO ALL`, `TO
/// list`, `ALL`, `+list`, `-list`); `*i` moves past them.
fn whom(head: &str, words: &[String], i: &mut usize) -> Result<Whom, Refusal> {
    let needs_list = || Refusal::Press(PressRefusal::PressNeedsList { head: head.to_string() });
    let next = |i: &mut usize| {
        *i += 1;
        words.get(*i - 1).cloned().ok_or_else(needs_list)
    };
    let w = next(i)?;
    if let Some(list) = w.strip_prefix('+') {
        return Ok(Whom::Only(if list.is_empty() { next(i)? } else { list.to_string() }));
    }
    if let Some(list) = w.strip_prefix('-') {
        return Ok(Whom::AllBut(if list.is_empty() { next(i)? } else { list.to_string() }));
    }
    let w = if w == "TO" { next(i)? } else { w };
    if w != "ALL" {
        return Ok(Whom::Only(w));
    }
    if words.get(*i).is_some_and(|x| x == "BUT") {
        *i += 1;
        return Ok(Whom::AllBut(next(i)?));
    }
    Ok(Whom::All)
}

/// `DIARY [RECORD]`, `DIARY LIST`, `DIARY READ n`, `DIARY DELETE n [n ...]`.
fn diary(l: &Line) -> Cmd {
    let numbers = |from: usize| -> Option<Vec<i64>> {
        let ns: Option<Vec<i64>> =
            l.w[l.skip + from..].iter().flat_map(|w| w.split(',')).filter(|w| !w.is_empty()).map(|w| w.parse().ok().filter(|&n: &i64| n > 0)).collect();
        ns.filter(|ns| !ns.is_empty())
    };
    let word = l.arg(0).map(|w| w.to_ascii_uppercase());
    let cmd = match word.as_deref() {
        None => Some(Diary::Record),
        Some("RECORD") if l.w.len() == l.skip + 1 => Some(Diary::Record),
        Some("LIST") if l.w.len() == l.skip + 1 => Some(Diary::List),
        Some("READ") => numbers(1).filter(|ns| ns.len() == 1).map(|ns| Diary::Read(ns[0])),
        Some("DELETE") => numbers(1).map(Diary::Delete),
        _ => None,
    };
    cmd.map(Cmd::Diary).unwrap_or(Cmd::Bad(Refusal::Press(PressRefusal::DiaryUsage)))
}
