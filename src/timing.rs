//! Deadlines: timing rules per phase type, durations, and dates as players write them.
//!
//! Two ways to say when a phase ends:
//! - njudge-like: `next 48 hours at 20:00 on Mon,Tue,Wed,Thu,Fri` — at least N
//!   hours from now, then the first time of day `at` (if given) on an allowed day;
//! - cron (the `cron` crate): `cron: 0 0 20 * * Mon,Thu` — the first matching time
//!   at least [`MIN_PHASE_SECS`] from now.
//!
//! Times are Unix seconds (UTC); the judge's time zone is used for `at`, days
//! and dates. Pure: the current time is always a parameter.
//!
//! Everything here is fed with what senders write, so nothing here panics: the
//! parsers check their arithmetic and their limits ([`MAX_DURATION_SECS`],
//! [`MIN_PHASE_SECS`], [`MAX_DEADLINE_AHEAD_SECS`], the years [`MIN_TIME`] to
//! [`MAX_TIME`]) and say what is wrong; [`Timing::next_deadline`] computes a
//! deadline for any `now` and any [`Timing`], parsed or built by hand.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Weekday};
use chrono_tz::Tz;
use cron::TimeUnitSpec;
use std::str::FromStr;

/// The longest duration [`parse_duration`] accepts, and so the longest period of a
/// timing: 365 days. Anything longer is a typo or an attack (`movement=99999999999d`
/// once made the daemon crash-loop), and with it every sum of a time and a duration
/// stays far from overflowing.
pub const MAX_DURATION_SECS: i64 = 365 * 86_400;

/// The shortest phase: one hour. [`Timing::parse`] refuses a timing whose phases
/// could be shorter, and [`Timing::next_deadline`] never gives a deadline closer
/// than this to the start of the phase: with `next 1 second` or
/// `cron: * * * * * *`, every poll of the daemon would pass a deadline, process a
/// phase and mail every player, forever. An hour is also about the least a player
/// needs to read a report and answer it.
pub const MIN_PHASE_SECS: i64 = 3600;

/// How far ahead [`parse_date`] accepts a date: 365 days.
pub const MAX_DEADLINE_AHEAD_SECS: i64 = 365 * 86_400;

/// The earliest time the judge handles: 1970-01-01 00:00:00 UTC.
pub const MIN_TIME: i64 = 0;

/// The latest time the judge handles: 9999-12-31 23:59:59 UTC.
pub const MAX_TIME: i64 = 253_402_300_799;

/// The years [`Timing::parse`] checks a cron schedule in: those the `cron` crate
/// knows.
const CRON_CHECK_YEARS: (i32, i32) = (1970, 2100);

/// The longest gap allowed between two firings of a cron schedule: 366 days, so
/// that `@yearly` passes across a leap day and `0 0 0 29 2 *` does not.
const CRON_MAX_GAP_SECS: i64 = 366 * 86_400;

#[derive(Clone, Debug)]
pub enum Timing {
    Hours { secs: i64, at: Option<NaiveTime>, days: Vec<Weekday> },
    Cron(Box<cron::Schedule>),
}

/// Why [`Timing::try_next_deadline`] has no deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimingError {
    /// The phase starts outside the years 1970 to 9999 ([`MIN_TIME`]..=[`MAX_TIME`]).
    #[error("the time {0} lies outside the years 1970 to 9999")]
    OutOfRange(i64),
    /// The cron schedule does not fire again: the `cron` crate knows the years up
    /// to 2100 only.
    #[error("the cron schedule does not fire again")]
    NoFiring,
}

/// Why a duration, a timing rule or a date cannot be read, with what the
/// writer wrote. Its sentences are made in `report::say::time` (its
/// `Display`), for a player's reply and the keeper's configuration check alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeError {
    EmptyDuration,
    TwoNumbers {
        text: String,
    },
    Negative {
        text: String,
    },
    /// Over [`MAX_DURATION_SECS`].
    TooLong {
        text: String,
    },
    UnknownUnit {
        text: String,
        unit: String,
    },
    UnitWithoutNumber {
        text: String,
    },
    NumberWithoutUnit {
        text: String,
    },
    UnknownDay {
        day: String,
    },
    NoDays,
    NotCron {
        text: String,
        why: String,
    },
    Cron {
        text: String,
        fault: CronFault,
    },
    /// A timing rule whose period cannot be read.
    Period(Box<TimeError>),
    NotTimeOfDay {
        word: String,
    },
    CannotRead {
        text: String,
        tail: String,
    },
    /// Under [`MIN_PHASE_SECS`].
    TooShort {
        text: String,
    },
    /// Outside the years 1970 to 9999.
    OutOfRange {
        text: String,
    },
    /// More than [`MAX_DEADLINE_AHEAD_SECS`] ahead.
    TooFarAhead {
        text: String,
    },
    NotFuture {
        text: String,
        when: i64,
        tz: Tz,
    },
    NotADate {
        text: String,
        tz: Tz,
    },
    /// A local time that does not exist in `tz` (skipped by its clocks).
    NoSuchTime {
        text: String,
        tz: Tz,
    },
}

/// What is wrong with a cron rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CronFault {
    NamesYears,
    /// Two firings (`a`, `b`: times in UTC) closer than [`MIN_PHASE_SECS`].
    TooClose {
        a: String,
        b: String,
    },
    NoTime,
    /// No firing between these two dates, more than a year apart.
    Rare {
        from: String,
        to: String,
    },
    NoDay,
}

/// `"24 hours"`, `"48h"`, `"30 minutes"`, `"2 days"`, `"1d 12h"` → seconds.
///
/// The result lies in `0..=MAX_DURATION_SECS`: a negative number, a number too
/// large to compute with, or a total over [`MAX_DURATION_SECS`] is an error that
/// says so. Zero is accepted (`grace=0h`: no grace period); callers that need a
/// positive span check it ([`Timing::parse`] asks for [`MIN_PHASE_SECS`]).
pub fn parse_duration(text: &str) -> Result<i64, TimeError> {
    let t = text.trim().to_ascii_lowercase();
    if t.is_empty() {
        return Err(TimeError::EmptyDuration);
    }
    let too_long = || TimeError::TooLong { text: text.to_string() };
    let mut total = 0i64;
    let mut num: Option<i64> = None;
    let mut tokens: Vec<&str> = Vec::new();
    // split "48h" into "48" "h" (and "-2d" into "-2" "d")
    for word in t.split_whitespace() {
        let sign = usize::from(word.starts_with('-'));
        let end = sign + word[sign..].bytes().take_while(u8::is_ascii_digit).count();
        if end > sign && end < word.len() {
            tokens.push(&word[..end]);
            tokens.push(&word[end..]);
        } else {
            tokens.push(word);
        }
    }
    for tok in tokens {
        let digits = tok.strip_prefix('-').unwrap_or(tok);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            if num.is_some() {
                return Err(TimeError::TwoNumbers { text: text.to_string() });
            }
            if digits.len() < tok.len() {
                return Err(TimeError::Negative { text: text.to_string() });
            }
            // a number too large for an i64 is far too large for a duration
            num = Some(digits.parse::<i64>().map_err(|_| too_long())?);
            continue;
        }
        let unit = match tok.trim_end_matches(',') {
            "s" | "sec" | "secs" | "second" | "seconds" => 1,
            "m" | "min" | "mins" | "minute" | "minutes" => 60,
            "h" | "hr" | "hrs" | "hour" | "hours" => 3600,
            "d" | "day" | "days" => 86_400,
            "w" | "week" | "weeks" => 7 * 86_400,
            other => return Err(TimeError::UnknownUnit { text: text.to_string(), unit: other.to_string() }),
        };
        let n = num.take().ok_or_else(|| TimeError::UnitWithoutNumber { text: text.to_string() })?;
        total = n.checked_mul(unit).and_then(|s| total.checked_add(s)).filter(|&s| s <= MAX_DURATION_SECS).ok_or_else(too_long)?;
    }
    if num.is_some() {
        return Err(TimeError::NumberWithoutUnit { text: text.to_string() });
    }
    Ok(total)
}

fn weekday(s: &str) -> Option<Weekday> {
    let s = s.trim().to_ascii_lowercase();
    if s.len() < 2 {
        return None;
    }
    let all = [
        ("monday", Weekday::Mon),
        ("tuesday", Weekday::Tue),
        ("wednesday", Weekday::Wed),
        ("thursday", Weekday::Thu),
        ("friday", Weekday::Fri),
        ("saturday", Weekday::Sat),
        ("sunday", Weekday::Sun),
    ];
    let hits: Vec<Weekday> = all.iter().filter(|(n, _)| n.starts_with(&s)).map(|(_, d)| *d).collect();
    if hits.len() == 1 { Some(hits[0]) } else { None }
}

fn parse_days(s: &str) -> Result<Vec<Weekday>, TimeError> {
    let mut out = Vec::new();
    for part in s.split([',', ' ']).filter(|p| !p.is_empty()) {
        if let Some((a, b)) = part.split_once('-') {
            let day = |d: &str| weekday(d).ok_or_else(|| TimeError::UnknownDay { day: d.to_string() });
            let (a, b) = (day(a)?, day(b)?);
            let mut d = a;
            loop {
                out.push(d);
                if d == b {
                    break;
                }
                d = d.succ();
            }
        } else {
            out.push(weekday(part).ok_or_else(|| TimeError::UnknownDay { day: part.to_string() })?);
        }
    }
    if out.is_empty() {
        return Err(TimeError::NoDays);
    }
    Ok(out)
}

impl Timing {
    /// Reads a timing rule in one of the two forms of the module documentation.
    ///
    /// Refused, with a message for the sender: a period over [`MAX_DURATION_SECS`] or
    /// under [`MIN_PHASE_SECS`] (also with `at`: `next 0 hours at 20:00` could end a
    /// phase a second after it starts); a cron expression that names years, that
    /// never fires (`0 0 0 30 2 *`), or whose firings come closer than
    /// [`MIN_PHASE_SECS`] or further apart than a year (`0 0 0 29 2 *`), checked
    /// over every day from 1970 to 2100 in UTC; [`Timing::next_deadline`] itself
    /// never gives a phase less than [`MIN_PHASE_SECS`] either.
    pub fn parse(text: &str) -> Result<Timing, TimeError> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        if let Some(expr) = lower.strip_prefix("cron:").or_else(|| lower.strip_prefix("cron ")) {
            let expr = expr.trim();
            // accept 5-field cron by adding seconds
            let fields = expr.split_whitespace().count();
            let full = if fields == 5 { format!("0 {expr}") } else { expr.to_string() };
            let s = cron::Schedule::from_str(&full).map_err(|e| TimeError::NotCron { text: t.to_string(), why: e.to_string() })?;
            check_cron(&s).map_err(|fault| TimeError::Cron { text: t.to_string(), fault })?;
            return Ok(Timing::Cron(Box::new(s)));
        }
        let rest = lower.strip_prefix("next ").unwrap_or(&lower);
        let (dur, tail) = match rest.find(" at ").or_else(|| rest.find(" on ")) {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let secs = parse_duration(dur).map_err(|e| TimeError::Period(Box::new(e)))?;
        let mut at = None;
        let mut days = Vec::new();
        let mut tail = tail.trim();
        while !tail.is_empty() {
            if let Some(r) = tail.strip_prefix("at ") {
                let (word, r2) = r.trim().split_once(' ').unwrap_or((r.trim(), ""));
                at = Some(NaiveTime::parse_from_str(word, "%H:%M").map_err(|_| TimeError::NotTimeOfDay { word: word.to_string() })?);
                tail = r2.trim();
            } else if let Some(r) = tail.strip_prefix("on ") {
                let (word, r2) = match r.find(" at ") {
                    Some(i) => (&r[..i], &r[i..]),
                    None => (r, ""),
                };
                days = parse_days(word)?;
                tail = r2.trim();
            } else {
                return Err(TimeError::CannotRead { text: t.to_string(), tail: tail.to_string() });
            }
        }
        if secs < MIN_PHASE_SECS {
            return Err(TimeError::TooShort { text: t.to_string() });
        }
        Ok(Timing::Hours { secs, at, days })
    }

    /// The deadline for a phase that starts at `now`, or why there is none.
    ///
    /// `Hours`: the first allowed day (and time `at`) at least `secs` after `now`,
    /// with `secs` clamped into `MIN_PHASE_SECS..=MAX_DURATION_SECS` so that a
    /// `Timing` built by hand keeps the limits [`Timing::parse`] enforces. Cron: the
    /// first firing at least [`MIN_PHASE_SECS`] after `now` (a phase that starts ten
    /// minutes before a firing runs to the next one). So every `Ok(d)` has
    /// `d >= now + MIN_PHASE_SECS`.
    ///
    /// # Errors
    /// [`TimingError::OutOfRange`] when `now` lies outside [`MIN_TIME`]..=[`MAX_TIME`];
    /// [`TimingError::NoFiring`] when a cron schedule does not fire again (after 2100).
    pub fn try_next_deadline(&self, now: i64, tz: Tz) -> Result<i64, TimingError> {
        if !(MIN_TIME..=MAX_TIME).contains(&now) {
            return Err(TimingError::OutOfRange(now));
        }
        match self {
            Timing::Cron(s) => {
                let from = now + MIN_PHASE_SECS;
                let start = tz.timestamp_opt(from - 1, 0).single().ok_or(TimingError::OutOfRange(now))?;
                // The cron crate compares local times: in the hour repeated when summer
                // time ends, its first firing can lie before `start`; the next ones don't.
                s.after(&start).take(8).map(|d| d.timestamp()).find(|&d| d >= from).ok_or(TimingError::NoFiring)
            }
            Timing::Hours { secs, at, days } => {
                let earliest = now + (*secs).clamp(MIN_PHASE_SECS, MAX_DURATION_SECS);
                let local = tz.timestamp_opt(earliest, 0).single().ok_or(TimingError::OutOfRange(now))?;
                let ok_day = |d: Weekday| days.is_empty() || days.contains(&d);
                match at {
                    None => {
                        let mut t = local;
                        for _ in 0..8 {
                            if ok_day(t.weekday()) {
                                return Ok(t.timestamp());
                            }
                            // start of the next day
                            let Some(next) = t.date_naive().succ_opt().and_then(|d| local_time(tz, d.and_time(NaiveTime::MIN))) else { break };
                            t = next;
                        }
                        Ok(earliest)
                    }
                    Some(at) => {
                        let mut day = local.date_naive();
                        for _ in 0..9 {
                            if let Some(cand) = local_time(tz, day.and_time(*at))
                                && cand.timestamp() >= earliest
                                && ok_day(day.weekday())
                            {
                                return Ok(cand.timestamp());
                            }
                            let Some(next) = day.succ_opt() else { break };
                            day = next;
                        }
                        Ok(earliest)
                    }
                }
            }
        }
    }

    /// The deadline for a phase that starts at `now`: [`Timing::try_next_deadline`],
    /// or when that has none (`now` outside the years 1970 to 9999, a cron schedule
    /// that does not fire again) `now` plus the period (`Hours`, clamped as there)
    /// or plus one day (cron), saturating at `i64::MAX`. Never panics, and is always
    /// at least `now.saturating_add(MIN_PHASE_SECS)`.
    pub fn next_deadline(&self, now: i64, tz: Tz) -> i64 {
        self.try_next_deadline(now, tz).unwrap_or_else(|_| {
            let period = match self {
                Timing::Hours { secs, .. } => (*secs).clamp(MIN_PHASE_SECS, MAX_DURATION_SECS),
                Timing::Cron(_) => 86_400,
            };
            now.saturating_add(period)
        })
    }
}

/// A phase kind's timing as a game keeps it: the rule as the master wrote it
/// (shown back in LIST and stored as that text) and the [`Timing`] read from it.
///
/// Stored as the plain text, so a game's settings JSON is the same as when the
/// timings were strings. Read back once: a stored rule that today's limits
/// refuse (one set before they existed) counts as 24 hours, as it always did.
#[derive(Clone, Debug)]
pub struct Schedule {
    text: String,
    timing: Timing,
}

/// The timing of a stored rule that no longer parses.
const FALLBACK: Timing = Timing::Hours { secs: 86_400, at: None, days: Vec::new() };

impl Schedule {
    /// Reads a rule a master wrote ([`Timing::parse`], with its limits and messages).
    pub fn parse(text: &str) -> Result<Schedule, TimeError> {
        Ok(Schedule { timing: Timing::parse(text)?, text: text.to_string() })
    }

    /// A rule as stored (or configured): its timing, or 24 hours for one that
    /// today's limits refuse.
    pub fn stored(text: &str) -> Schedule {
        Schedule { timing: Timing::parse(text).unwrap_or(FALLBACK), text: text.to_string() }
    }

    /// The rule as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The timing it means.
    pub fn timing(&self) -> &Timing {
        &self.timing
    }
}

impl PartialEq for Schedule {
    fn eq(&self, other: &Schedule) -> bool {
        self.text == other.text
    }
}

impl std::fmt::Display for Schedule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl serde::Serialize for Schedule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de> serde::Deserialize<'de> for Schedule {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Schedule, D::Error> {
        let text = String::deserialize(d)?;
        Ok(Schedule::stored(&text))
    }
}

/// The parse-time check of a cron schedule (see [`Timing::parse`]), exact rather
/// than sampled: no years named; the times of day it fires at at least
/// [`MIN_PHASE_SECS`] apart; and, walking every day of the years the `cron` crate
/// knows ([`CRON_CHECK_YEARS`], about 48,000 days, with bit masks: fast), some day
/// it fires on, and from one such day to the next at least [`MIN_PHASE_SECS`] and
/// at most [`CRON_MAX_GAP_SECS`] between the last firing and the first. All in UTC:
/// in a time zone with summer time a gap can be an hour shorter once a year, and
/// [`Timing::next_deadline`] keeps the minimum phase anyway.
fn check_cron(s: &cron::Schedule) -> Result<(), CronFault> {
    if !s.years().is_all() {
        return Err(CronFault::NamesYears);
    }
    let close = |a: String, b: String| CronFault::TooClose { a, b };
    let hms = |t: i64| format!("{:02}:{:02}:{:02}", t / 3600, t / 60 % 60, t % 60);
    // the times of day, in order (hours, then minutes, then seconds ascending)
    let mut times: Vec<i64> = Vec::new();
    for h in s.hours().iter() {
        for m in s.minutes().iter() {
            for sec in s.seconds().iter() {
                let t = i64::from(h) * 3600 + i64::from(m) * 60 + i64::from(sec);
                if let Some(&p) = times.last()
                    && t - p < MIN_PHASE_SECS
                {
                    return Err(close(hms(p), hms(t)));
                }
                times.push(t);
            }
        }
    }
    let (Some(&first), Some(&last)) = (times.first(), times.last()) else { return Err(CronFault::NoTime) };
    // the days, as bit masks (months 1-12, days 1-31, weekdays 1-7 from Sunday)
    fn mask(it: impl Iterator<Item = u32>) -> u64 {
        it.fold(0, |m, o| m | 1u64.checked_shl(o).unwrap_or(0))
    }
    let (months, doms, dows) = (mask(s.months().iter()), mask(s.days_of_month().iter()), mask(s.days_of_week().iter()));
    let on = |m: u64, i: u32| m >> i & 1 == 1;
    let (mut n, mut dow) = (0i64, 5u32); // days since 1 January 1970, a Thursday
    let mut prev: Option<(i64, (i32, u32, u32))> = None;
    for year in CRON_CHECK_YEARS.0..=CRON_CHECK_YEARS.1 {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        for month in 1..=12u32 {
            let len = match month {
                2 if leap => 29,
                2 => 28,
                4 | 6 | 9 | 11 => 30,
                _ => 31,
            };
            if !on(months, month) {
                n += i64::from(len);
                dow = (dow - 1 + len) % 7 + 1;
                continue;
            }
            for dom in 1..=len {
                if on(doms, dom) && on(dows, dow) {
                    let date = (year, month, dom);
                    if let Some((p, pd)) = prev {
                        let gap = (n - p) * 86_400 - last + first;
                        let show = |(y, m, d): (i32, u32, u32)| format!("{y}-{m:02}-{d:02}");
                        if gap < MIN_PHASE_SECS {
                            return Err(close(format!("{} on {}", hms(last), show(pd)), format!("{} on {}", hms(first), show(date))));
                        }
                        if gap > CRON_MAX_GAP_SECS {
                            return Err(CronFault::Rare { from: show(pd), to: show(date) });
                        }
                    }
                    prev = Some((n, date));
                }
                n += 1;
                dow = dow % 7 + 1;
            }
        }
    }
    if prev.is_none() {
        return Err(CronFault::NoDay);
    }
    Ok(())
}

/// `t` in `tz`; in an overlap the earlier time, in a gap the time as if the clocks
/// had not moved yet (02:30 becomes 03:30 when 02:00–03:00 is skipped; Samoa
/// skipped 30 December 2011, so 20:00 that day becomes 20:00 on the 31st); `None`
/// if there is no valid time within two days before it.
fn local_time(tz: Tz, t: NaiveDateTime) -> Option<DateTime<Tz>> {
    if let Some(d) = tz.from_local_datetime(&t).earliest() {
        return Some(d);
    }
    (1..=48).find_map(|h| tz.from_local_datetime(&t.checked_sub_signed(Duration::hours(h))?).earliest()?.checked_add_signed(Duration::hours(h)))
}

/// A date as a player writes it: `2026-11-25 20:00`, `2026-11-25T20:00`,
/// `25/11/2026 20:00`, `2026-11-25` (then `end_of_day` picks 23:59 or 00:00), or
/// a relative `+48h` / `in 2 days` ([`parse_duration`] after `now`).
///
/// Refused: dates outside the years 1970 to 9999 ([`MIN_TIME`]..=[`MAX_TIME`]) and
/// dates more than [`MAX_DEADLINE_AHEAD_SECS`] after `now`. A date in the past is
/// returned as it is: the caller decides what it means (a master's `SET DEADLINE`
/// in the past processes the phase at once); [`parse_future_date`] refuses it.
pub fn parse_date(text: &str, tz: Tz, now: i64, end_of_day: bool) -> Result<i64, TimeError> {
    let t = text.trim();
    let when = read_date(t, tz, now, end_of_day)?;
    if !(MIN_TIME..=MAX_TIME).contains(&when) {
        return Err(TimeError::OutOfRange { text: t.to_string() });
    }
    if when > now.saturating_add(MAX_DEADLINE_AHEAD_SECS) {
        return Err(TimeError::TooFarAhead { text: t.to_string() });
    }
    Ok(when)
}

/// [`parse_date`] for a date that must lie after `now`.
pub fn parse_future_date(text: &str, tz: Tz, now: i64, end_of_day: bool) -> Result<i64, TimeError> {
    let when = parse_date(text, tz, now, end_of_day)?;
    if when <= now {
        return Err(TimeError::NotFuture { text: text.trim().to_string(), when, tz });
    }
    Ok(when)
}

/// [`parse_date`] without its range checks (but with checked arithmetic).
fn read_date(t: &str, tz: Tz, now: i64, end_of_day: bool) -> Result<i64, TimeError> {
    let lower = t.to_ascii_lowercase();
    if let Some(rel) = lower.strip_prefix('+').or_else(|| lower.strip_prefix("in ")) {
        return now.checked_add(parse_duration(rel)?).ok_or_else(|| TimeError::OutOfRange { text: t.to_string() });
    }
    let norm = t.replace('T', " ");
    let dates = ["%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%d/%m/%Y %H:%M", "%Y/%m/%d %H:%M"].iter().find_map(|f| NaiveDateTime::parse_from_str(&norm, f).ok());
    let dt = dates.or_else(|| {
        let d = ["%Y-%m-%d", "%d/%m/%Y", "%Y/%m/%d"].iter().find_map(|f| NaiveDate::parse_from_str(&norm, f).ok())?;
        Some(d.and_time(if end_of_day { NaiveTime::from_hms_opt(23, 59, 0)? } else { NaiveTime::MIN }))
    });
    let Some(dt) = dt else { return Err(TimeError::NotADate { text: t.to_string(), tz }) };
    if !(1970..=9999).contains(&dt.year()) {
        return Err(TimeError::OutOfRange { text: t.to_string() });
    }
    local_time(tz, dt).map(|d| d.timestamp()).ok_or_else(|| TimeError::NoSuchTime { text: t.to_string(), tz })
}

/// `Wed 25 Nov 2026 20:00 UTC` (`@<seconds>` for a time chrono cannot show).
pub fn format_time(t: i64, tz: Tz) -> String {
    match tz.timestamp_opt(t, 0).single() {
        Some(d) => d.format("%a %d %b %Y %H:%M %Z").to_string(),
        None => format!("@{t}"),
    }
}

/// `2 days 4 hours`, for "time left" lines (the sign is dropped).
pub fn format_span(secs: i64) -> String {
    let s = secs.unsigned_abs();
    let (d, h, m) = (s / 86_400, (s % 86_400) / 3600, (s % 3600) / 60);
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(format!("{d} day{}", if d == 1 { "" } else { "s" }));
    }
    if h > 0 {
        parts.push(format!("{h} hour{}", if h == 1 { "" } else { "s" }));
    }
    if d == 0 && m > 0 {
        parts.push(format!("{m} minute{}", if m == 1 { "" } else { "s" }));
    }
    if parts.is_empty() {
        parts.push("less than a minute".into());
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-01 00:00 UTC, the "now" of the tests that need one.
    const NOW: i64 = 1_793_491_200;

    #[test]
    fn a_schedule_keeps_its_text_and_reads_back_a_stale_rule_as_a_day() {
        let s = Schedule::parse("next 48 hours at 20:00 on Mon-Fri").unwrap();
        assert_eq!(s.as_str(), "next 48 hours at 20:00 on Mon-Fri");
        assert!(matches!(s.timing(), Timing::Hours { secs: 172_800, .. }));
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, r#""next 48 hours at 20:00 on Mon-Fri""#);
        assert_eq!(serde_json::from_str::<Schedule>(&json).unwrap(), s);
        // what today's limits refuse is refused when set ...
        assert!(Schedule::parse("99999999999d").is_err());
        assert!(Schedule::parse("next 59 minutes").is_err());
        // ... and read back from an old database as 24 hours, its text kept
        let old: Schedule = serde_json::from_str(r#""99999999999d""#).unwrap();
        assert_eq!(old.as_str(), "99999999999d");
        assert!(matches!(old.timing(), Timing::Hours { secs: 86_400, at: None, days } if days.is_empty()));
        // a stored timing that is not text is refused
        assert!(serde_json::from_str::<Schedule>("48").is_err());
    }

    fn at(s: &str) -> i64 {
        parse_date(s, Tz::UTC, NOW, false).unwrap()
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("24 hours").unwrap(), 86_400);
        assert_eq!(parse_duration("48h").unwrap(), 172_800);
        assert_eq!(parse_duration("1d 12h").unwrap(), 129_600);
        assert_eq!(parse_duration("30 minutes").unwrap(), 1800);
        assert_eq!(parse_duration("0h").unwrap(), 0);
        assert!(parse_duration("soon").is_err());
        assert!(parse_duration("12").is_err());
    }

    #[test]
    fn duration_limits() {
        assert_eq!(parse_duration("365 days").unwrap(), MAX_DURATION_SECS);
        assert_eq!(parse_duration("8760h").unwrap(), MAX_DURATION_SECS);
        assert_eq!(parse_duration("52w 1d").unwrap(), MAX_DURATION_SECS);
        assert_eq!(parse_duration(&format!("{MAX_DURATION_SECS}s")).unwrap(), MAX_DURATION_SECS);
        let over = [
            "365d 1s".to_string(),
            format!("{}s", MAX_DURATION_SECS + 1),
            "99999999999d".into(),
            "9223372036854775807 weeks".into(),
            "9223372036854775808 s".into(),
            "99999999999999999999999999999999 hours".into(),
            "300d 300d".into(),
        ];
        for s in &over {
            let e = parse_duration(s).unwrap_err();
            assert!(e.to_string().contains("at most 365 days"), "{s}: {e}");
        }
        for s in ["-5 h", "-5h", "1d -1h", "-0 s"] {
            let e = parse_duration(s).unwrap_err();
            assert!(e.to_string().contains("negative"), "{s}: {e}");
        }
        assert!(parse_duration("12 12 h").unwrap_err().to_string().contains("two numbers"));
        assert!(parse_duration("h").unwrap_err().to_string().contains("without a number"));
    }

    #[test]
    fn njudge_like_timing() {
        // Sunday 22 Nov 2026 10:00 UTC
        let now = at("2026-11-22 10:00");
        let t = Timing::parse("next 48 hours at 20:00").unwrap();
        assert_eq!(format_time(t.next_deadline(now, Tz::UTC), Tz::UTC), "Tue 24 Nov 2026 20:00 UTC");
        let t = Timing::parse("next 24 hours at 20:00 on Mon,Thu").unwrap();
        assert_eq!(format_time(t.next_deadline(now, Tz::UTC), Tz::UTC), "Mon 23 Nov 2026 20:00 UTC");
        let t = Timing::parse("next 36 hours at 20:00 on Mon,Thu").unwrap();
        assert_eq!(format_time(t.next_deadline(now, Tz::UTC), Tz::UTC), "Thu 26 Nov 2026 20:00 UTC");
        let t = Timing::parse("next 2 days on Mon-Fri").unwrap();
        // Tue 24 10:00 is a weekday
        assert_eq!(t.next_deadline(now, Tz::UTC), now + 2 * 86_400);
        let t = Timing::parse("72h on sat").unwrap();
        assert_eq!(format_time(t.next_deadline(now, Tz::UTC), Tz::UTC), "Sat 28 Nov 2026 00:00 UTC");
        assert!(Timing::parse("next 48 hours at 25:00").is_err());
        assert!(Timing::parse("next 48 hours on Funday").is_err());
    }

    #[test]
    fn phase_length_limits() {
        for ok in ["next 1 hour", "next 3600 seconds", "next 60 minutes at 20:00", "next 365 days", "8760h on Mon"] {
            assert!(Timing::parse(ok).is_ok(), "{ok}");
        }
        for short in ["next 59 minutes", "next 3599 seconds", "next 0 hours at 20:00", "next 1 second on Mon"] {
            let e = Timing::parse(short).unwrap_err();
            assert!(e.to_string().contains("at least 1 hour"), "{short}: {e}");
        }
        for long in ["next 365 days 1 second", "99999999999d", "next 99999999999999999999 hours at 20:00"] {
            let e = Timing::parse(long).unwrap_err();
            assert!(e.to_string().contains("at most 365 days"), "{long}: {e}");
        }
        // the shortest and the longest phase
        let t = Timing::parse("next 1 hour").unwrap();
        assert_eq!(t.next_deadline(NOW, Tz::UTC), NOW + MIN_PHASE_SECS);
        let t = Timing::parse("next 365 days").unwrap();
        assert_eq!(t.next_deadline(NOW, Tz::UTC), NOW + MAX_DURATION_SECS);
        // a Timing built by hand keeps the limits
        let t = Timing::Hours { secs: 1, at: None, days: vec![] };
        assert_eq!(t.next_deadline(NOW, Tz::UTC), NOW + MIN_PHASE_SECS);
        let t = Timing::Hours { secs: i64::MAX, at: None, days: vec![] };
        assert_eq!(t.next_deadline(NOW, Tz::UTC), NOW + MAX_DURATION_SECS);
        let t = Timing::Hours { secs: i64::MIN, at: Some(NaiveTime::MIN), days: vec![Weekday::Sun] };
        assert!(t.next_deadline(NOW, Tz::UTC) >= NOW + MIN_PHASE_SECS);
    }

    #[test]
    fn cron_timing_in_a_time_zone() {
        let now = at("2026-11-22 10:00");
        let t = Timing::parse("cron: 0 0 18 * * Mon,Thu").unwrap();
        let tz: Tz = "Europe/Berlin".parse().unwrap();
        assert_eq!(format_time(t.next_deadline(now, tz), tz), "Mon 23 Nov 2026 18:00 CET");
        let t5 = Timing::parse("cron: 30 6 * * *").unwrap();
        assert_eq!(format_time(t5.next_deadline(now, Tz::UTC), Tz::UTC), "Mon 23 Nov 2026 06:30 UTC");
        assert!(Timing::parse("cron: every day").is_err());
    }

    #[test]
    fn cron_limits() {
        // firings exactly an hour apart, also across midnight; yearly
        for ok in
            ["cron: 0 0 * * * *", "cron: 0 * * * *", "cron: 0 0 0,1 * * *", "cron: 0 30 0,23 * * *", "cron: @yearly", "cron: @weekly", "cron: 0 0 20 * * Mon *"]
        {
            assert!(Timing::parse(ok).is_ok(), "{ok}");
        }
        for close in ["cron: * * * * * *", "cron: 0 */30 * * * *", "cron: 0 0,59 * * * *", "cron: 0 0,30 23 * * *"] {
            let e = Timing::parse(close).unwrap_err();
            assert!(e.to_string().contains("fires twice within 1 hour"), "{close}: {e}");
        }
        for never in ["cron: 0 0 0 30 2 *", "cron: 0 0 0 31 4 *"] {
            let e = Timing::parse(never).unwrap_err();
            assert!(e.to_string().contains("never fires"), "{never}: {e}");
        }
        for rare in ["cron: 0 0 0 29 2 *", "cron: 0 0 0 29 2 Mon", "cron: 0 0 * 14 1/3 thu-fri"] {
            let e = Timing::parse(rare).unwrap_err();
            assert!(e.to_string().contains("less often than once a year"), "{rare}: {e}");
        }
        let e = Timing::parse("cron: 0 0 20 * * Mon 2027").unwrap_err();
        assert!(e.to_string().contains("years"), "{e}");
    }

    #[test]
    fn cron_deadline_is_at_least_the_minimum_phase_away() {
        let t = Timing::parse("cron: 0 0 20 * * *").unwrap();
        // 19:00: exactly an hour before a firing
        assert_eq!(t.next_deadline(at("2026-11-22 19:00"), Tz::UTC), at("2026-11-22 20:00"));
        // 19:30: the phase runs to the next day
        assert_eq!(t.next_deadline(at("2026-11-22 19:30"), Tz::UTC), at("2026-11-23 20:00"));
        assert_eq!(t.next_deadline(at("2026-11-22 20:00"), Tz::UTC), at("2026-11-23 20:00"));
        // the hour repeated when summer time ends in Berlin (25 Oct 2026, 02:00-03:00
        // twice): starting at 01:30:01 UTC (02:30:01 CET, the second time round),
        // the cron crate's first answer is 02:45 CEST, which is 00:45 UTC, earlier
        let berlin: Tz = "Europe/Berlin".parse().unwrap();
        let t = Timing::parse("cron: 0 45 2 * * *").unwrap();
        let now = 1_792_888_201;
        assert_eq!(t.try_next_deadline(now, berlin), Ok(now - 1 + 15 * 60 + 3600));
    }

    #[test]
    fn next_deadline_for_any_start() {
        let timings = [
            Timing::parse("next 48 hours at 20:00 on Mon,Thu").unwrap(),
            Timing::parse("next 2 days on Sat").unwrap(),
            Timing::parse("cron: 0 0 20 * * Mon").unwrap(),
        ];
        let apia: Tz = "Pacific/Apia".parse().unwrap();
        for t in &timings {
            for now in [i64::MIN, i64::MIN + 1, -1, MAX_TIME, MAX_TIME + 1, i64::MAX - 1, i64::MAX] {
                for tz in [Tz::UTC, apia] {
                    let d = t.next_deadline(now, tz);
                    assert!(d >= now.saturating_add(MIN_PHASE_SECS), "{t:?} {now} {tz}: {d}");
                }
            }
            assert_eq!(t.try_next_deadline(-1, Tz::UTC), Err(TimingError::OutOfRange(-1)));
            assert_eq!(t.try_next_deadline(MAX_TIME + 1, Tz::UTC), Err(TimingError::OutOfRange(MAX_TIME + 1)));
        }
        // the cron crate knows years up to 2100: after that, a day
        let cron = &timings[2];
        let y2101 = 4_133_980_800;
        assert_eq!(cron.try_next_deadline(y2101, Tz::UTC), Err(TimingError::NoFiring));
        assert_eq!(cron.next_deadline(y2101, Tz::UTC), y2101 + 86_400);
        // Hours work to the end of year 9999 and a bit after
        assert!(timings[0].try_next_deadline(MAX_TIME, Tz::UTC).unwrap() > MAX_TIME);
        // Samoa skipped 30 December 2011: a deadline "at 20:00" that day moves on
        let t = Timing::parse("next 1 hour at 20:00").unwrap();
        let d = t.next_deadline(parse_date("2011-12-29 20:00", apia, 1_325_000_000, false).unwrap(), apia);
        assert_eq!(format_time(d, apia), "Sat 31 Dec 2011 20:00 +14");
    }

    #[test]
    fn dates() {
        let tz: Tz = "America/New_York".parse().unwrap();
        let t = parse_date("2026-11-25 20:00", tz, NOW, false).unwrap();
        assert_eq!(format_time(t, Tz::UTC), "Thu 26 Nov 2026 01:00 UTC");
        assert_eq!(parse_date("+48h", tz, 1000, false).unwrap(), 1000 + 172_800);
        let d = parse_date("2026-11-25", Tz::UTC, NOW, true).unwrap();
        assert_eq!(format_time(d, Tz::UTC), "Wed 25 Nov 2026 23:59 UTC");
        assert!(parse_date("next tuesday", tz, NOW, false).is_err());
    }

    #[test]
    fn date_limits() {
        // relative: up to MAX_DEADLINE_AHEAD_SECS
        assert_eq!(parse_date("+365d", Tz::UTC, NOW, false).unwrap(), NOW + MAX_DEADLINE_AHEAD_SECS);
        assert_eq!(parse_date("in 0 hours", Tz::UTC, NOW, false).unwrap(), NOW);
        for s in ["+365d 1s", "+99999999999d", "in 99999999999999999999999 days"] {
            assert!(parse_date(s, Tz::UTC, NOW, false).unwrap_err().to_string().contains("at most 365 days"), "{s}");
        }
        assert!(parse_date("+1h", Tz::UTC, i64::MAX, false).is_err());
        assert!(parse_date("+1h", Tz::UTC, MAX_TIME, false).unwrap_err().to_string().contains("1970 and 9999"));
        assert!(parse_date("+1h", Tz::UTC, i64::MIN, false).unwrap_err().to_string().contains("1970 and 9999"));
        // absolute: exactly a year ahead is fine, a minute more is not
        assert_eq!(parse_date("2027-11-01 00:00", Tz::UTC, NOW, false).unwrap(), NOW + MAX_DEADLINE_AHEAD_SECS);
        assert!(parse_date("2027-11-01 00:01", Tz::UTC, NOW, false).unwrap_err().to_string().contains("more than 365 days ahead"));
        // the years 1970 to 9999
        assert_eq!(parse_date("1970-01-01 00:00", Tz::UTC, NOW, false).unwrap(), MIN_TIME);
        assert_eq!(parse_date("9999-12-31", Tz::UTC, MAX_TIME, true).unwrap(), MAX_TIME - 59);
        let berlin: Tz = "Europe/Berlin".parse().unwrap();
        for (s, tz) in [
            ("1969-12-31 23:59", Tz::UTC),
            ("1970-01-01 00:30", berlin),
            ("10000-01-01", Tz::UTC),
            ("0001-01-01", Tz::UTC),
            ("-5000-01-01 00:00", Tz::UTC),
            ("262143-12-31 23:59", Tz::UTC),
        ] {
            let e = parse_date(s, tz, MAX_TIME, false).unwrap_err();
            assert!(e.to_string().contains("1970 and 9999") || e.to_string().contains("not a date"), "{s}: {e}");
        }
        // the past: parse_date returns it, parse_future_date refuses it
        assert_eq!(parse_date("2026-01-01", Tz::UTC, NOW, false).unwrap(), 1_767_225_600);
        assert!(parse_future_date("2026-01-01", Tz::UTC, NOW, false).unwrap_err().to_string().contains("not in the future"));
        assert!(parse_future_date("+0h", Tz::UTC, NOW, false).is_err());
        assert_eq!(parse_future_date("+1h", Tz::UTC, NOW, false).unwrap(), NOW + 3600);
    }

    #[test]
    fn formatting_any_time() {
        assert_eq!(format_span(i64::MIN), format_span(i64::MAX));
        assert_eq!(format_span(-90), "1 minute");
        assert_eq!(format_span(0), "less than a minute");
        assert_eq!(format_span(MAX_DURATION_SECS), "365 days");
        assert_eq!(format_time(i64::MIN, Tz::UTC), format!("@{}", i64::MIN));
        assert_eq!(format_time(i64::MAX, Tz::UTC), format!("@{}", i64::MAX));
        assert_eq!(format_time(MAX_TIME, Tz::UTC), "Fri 31 Dec 9999 23:59 UTC");
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        const UNITS: &[&str] = &["s", "sec", "seconds", "m", "min", "minutes", "h", "hr", "hours", "d", "day", "days", "w", "weeks"];

        fn unit_secs(u: &str) -> i64 {
            match u.chars().next() {
                Some('s') => 1,
                Some('m') => 60,
                Some('h') => 3600,
                Some('d') => 86_400,
                _ => 7 * 86_400,
            }
        }

        fn zone() -> impl Strategy<Value = Tz> {
            prop::sample::select(vec![Tz::UTC, Tz::Europe__Berlin, Tz::America__New_York, Tz::Pacific__Apia, Tz::Australia__Lord_Howe, Tz::Asia__Kathmandu])
        }

        /// Any i64, but often a time the judge really sees.
        fn instant() -> impl Strategy<Value = i64> {
            prop_oneof![any::<i64>(), MIN_TIME..=MAX_TIME, 946_684_800i64..4_200_000_000]
        }

        /// A number of any size (often a sensible one), with or without a sign,
        /// glued to its unit or not.
        fn duration_text() -> impl Strategy<Value = String> {
            let num = prop_oneof![3 => (0i64..2000).prop_map(|n| n.to_string()), 1 => any::<i64>().prop_map(|n| n.to_string()), 1 => "[0-9]{1,30}"];
            let part = (num, prop::sample::select(UNITS), any::<bool>()).prop_map(|(n, u, glue)| format!("{n}{}{u}", if glue { "" } else { " " }));
            prop::collection::vec(part, 1..4).prop_map(|v| v.join(" "))
        }

        /// Anything that looks like a field of a cron expression.
        fn cron_field() -> impl Strategy<Value = String> {
            prop_oneof![
                Just("*".to_string()),
                Just("?".to_string()),
                "[0-9]{1,4}",
                "[0-9]{1,2}-[0-9]{1,2}",
                "(\\*|[0-9]{1,2})/[0-9]{1,3}",
                "[0-9]{1,2}(,[0-9]{1,2}){1,4}",
                "(mon|tue|wed|thu|fri|sat|sun)(-(mon|fri|sun))?(,(sat|sun))?",
                "(jan|feb|apr|jun|sep|nov|dec)(-(mar|dec))?",
                "L|W|#|[0-9]L|\\?|-",
            ]
        }

        /// Cron expressions, mostly with each field in its own range, so that many parse.
        fn cron_text() -> impl Strategy<Value = String> {
            let sec = prop_oneof![6 => "0|[0-5][0-9]", 1 => "\\*|\\*/[1-9][0-9]?|[0-5][0-9](,[0-5][0-9]){1,2}", 1 => cron_field()];
            let min = prop_oneof![6 => "[0-5]?[0-9]", 1 => "\\*|\\*/[1-9][0-9]?|[0-5][0-9](,[0-5][0-9]){1,2}|[0-5][0-9]-[0-5][0-9]", 1 => cron_field()];
            let hour = prop_oneof![4 => "[0-9]|1[0-9]|2[0-3]|\\*|\\*/[1-9]|[0-9]-1[0-9]|[0-9](,1[0-9]){1,2}", 1 => cron_field()];
            let dom = prop_oneof![4 => "\\*|\\?|[1-9]|[12][0-9]|3[01]|[1-9](,[12][0-9]){1,2}|[1-9]-[12][0-9]|\\*/[1-9]", 1 => cron_field()];
            let month = prop_oneof![4 => "\\*|[1-9]|1[0-2]|(jan|feb|apr|jun|sep|nov|dec)(-(mar|dec))?|[1-9]/[1-9]", 1 => cron_field()];
            let dow = prop_oneof![4 => "\\*|\\?|(mon|tue|wed|thu|fri|sat|sun)(-(fri|sun))?(,(sat|sun))?|[1-7]", 1 => cron_field()];
            let year = prop::option::of(prop_oneof!["\\*|\\?|20[0-9]{2}(-2[01][0-9]{2})?", cron_field()]);
            let six = (sec, min, hour, dom, month, dow, year).prop_map(|(s, m, h, d, mo, w, y)| match y {
                Some(y) => format!("cron: {s} {m} {h} {d} {mo} {w} {y}"),
                None => format!("cron: {s} {m} {h} {d} {mo} {w}"),
            });
            prop_oneof![
                4 => six,
                1 => prop::collection::vec(cron_field(), 0..9).prop_map(|f| format!("cron {}", f.join(" "))),
                1 => "cron: @(yearly|annually|monthly|weekly|daily|hourly|reboot|x)",
            ]
        }

        fn timing_text() -> impl Strategy<Value = String> {
            prop_oneof![
                (duration_text(), prop::option::of("[0-9]{1,2}:[0-9]{2}"), prop::option::of("(mon|tue|fri|sa|su|x)(-(mon|thu|sun))?(,(wed|sat))?")).prop_map(
                    |(d, at, on)| {
                        let mut s = format!("next {d}");
                        if let Some(a) = at {
                            s += &format!(" at {a}");
                        }
                        if let Some(o) = on {
                            s += &format!(" on {o}");
                        }
                        s
                    }
                ),
                cron_text(),
                ".*",
            ]
        }

        proptest! {
            #[test]
            fn parse_duration_never_panics(s in ".*") {
                if let Ok(d) = parse_duration(&s) {
                    prop_assert!((0..=MAX_DURATION_SECS).contains(&d));
                }
            }

            #[test]
            fn parse_duration_of_any_number(n in any::<i64>(), u in prop::sample::select(UNITS), glue in any::<bool>()) {
                let s = format!("{n}{}{u}", if glue { "" } else { " " });
                let want = n.checked_mul(unit_secs(u)).filter(|v| (0..=MAX_DURATION_SECS).contains(v));
                prop_assert_eq!(parse_duration(&s).ok(), want, "{}", s);
            }

            #[test]
            fn durations_stay_in_range(s in duration_text()) {
                if let Ok(d) = parse_duration(&s) {
                    prop_assert!((0..=MAX_DURATION_SECS).contains(&d), "{} -> {}", s, d);
                }
            }

            #[test]
            fn any_timing_gives_a_deadline_at_least_the_minimum_phase_away(s in timing_text(), now in instant(), tz in zone()) {
                if let Ok(t) = Timing::parse(&s) {
                    let d = t.next_deadline(now, tz);
                    prop_assert!(d >= now.saturating_add(MIN_PHASE_SECS), "{} at {}: {}", s, now, d);
                    match (&t, t.try_next_deadline(now, tz)) {
                        (_, Ok(d2)) => {
                            prop_assert_eq!(d, d2);
                            prop_assert!((MIN_TIME..=MAX_TIME).contains(&now));
                        }
                        (Timing::Hours { .. }, Err(e)) => prop_assert_eq!(e, TimingError::OutOfRange(now)),
                        (Timing::Cron(_), Err(_)) => {}
                    }
                    if let Timing::Hours { secs, .. } = &t {
                        prop_assert!((MIN_PHASE_SECS..=MAX_DURATION_SECS).contains(secs));
                        if (MIN_TIME..=MAX_TIME).contains(&now) {
                            prop_assert!(d <= now + secs + 9 * 86_400, "{} at {}: {}", s, now, d);
                        }
                    }
                }
            }

            #[test]
            fn cron_timings_give_a_deadline_within_a_year(s in cron_text(), now in 946_684_800i64..4_070_908_800, tz in zone()) {
                // 2000 to 2098: the cron crate knows the years to 2100
                if let Ok(t) = Timing::parse(&s) {
                    let d = t.try_next_deadline(now, tz);
                    prop_assert!(d.is_ok_and(|d| d >= now + MIN_PHASE_SECS && d <= now + MIN_PHASE_SECS + CRON_MAX_GAP_SECS + 3600), "{} at {}: {:?}", s, now, d);
                }
            }

            #[test]
            fn hand_built_timings_never_panic(secs in any::<i64>(), h in 0u32..24, m in 0u32..60, use_at in any::<bool>(), days in prop::collection::vec(0u8..7, 0..4), now in instant(), tz in zone()) {
                let at = if use_at { NaiveTime::from_hms_opt(h, m, 0) } else { None };
                let days = days.into_iter().map(|d| Weekday::try_from(d).unwrap_or(Weekday::Mon)).collect();
                let t = Timing::Hours { secs, at, days };
                prop_assert!(t.next_deadline(now, tz) >= now.saturating_add(MIN_PHASE_SECS));
            }

            #[test]
            fn parse_date_never_panics(s in prop_oneof![".*".boxed(), "[+]?[0-9]{1,25} ?[a-z]{0,5}".boxed(), "-?[0-9]{1,7}-[0-9]{1,2}-[0-9]{1,2}( [0-9]{1,2}:[0-9]{1,2})?".boxed(), "[0-9]{1,2}/[0-9]{1,2}/[0-9]{1,6}".boxed()], now in instant(), tz in zone(), eod in any::<bool>()) {
                if let Ok(d) = parse_date(&s, tz, now, eod) {
                    prop_assert!((MIN_TIME..=MAX_TIME).contains(&d), "{} -> {}", s, d);
                    prop_assert!(d <= now.saturating_add(MAX_DEADLINE_AHEAD_SECS), "{} -> {}", s, d);
                }
                if let Ok(d) = parse_future_date(&s, tz, now, eod) {
                    prop_assert!(d > now);
                }
            }

            #[test]
            fn formatting_never_panics(t in any::<i64>(), tz in zone()) {
                prop_assert!(!format_time(t, tz).is_empty());
                prop_assert!(!format_span(t).is_empty());
            }
        }
    }
}
