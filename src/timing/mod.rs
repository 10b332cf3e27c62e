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

use chrono::{DateTime, Datelike, Duration, NaiveDateTime, NaiveTime, TimeZone, Weekday};
use chrono_tz::Tz;
use cron::TimeUnitSpec;
use std::str::FromStr;

mod blackout;
mod date;
mod njudge;
pub use blackout::{Blackout, MAX_BLACKOUT_DAYS, MAX_BLACKOUTS, out_of_blackout};
pub use date::{DatePart, DayTime, IMPLIED_YEAR_AHEAD_SECS, Toward, parse_zone};
pub use njudge::{Days, NjudgeParams, NjudgeTiming};

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
    /// `secs` at least, then the first time `at` (if given) on one of `days`
    /// (none: every day), and on one of `from_noon` not before 12:00
    /// (njudge's lower-case days); the phase is not processed before
    /// `min_secs` even with every order in (njudge's MIN).
    Hours {
        secs: i64,
        at: Option<NaiveTime>,
        days: Vec<Weekday>,
        from_noon: Vec<Weekday>,
        min_secs: i64,
    },
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
    /// A word of a date that is none of its elements.
    DateWord {
        text: String,
        word: String,
    },
    /// An element of a date written twice (two months, two times ...).
    DateTwice {
        text: String,
        part: DatePart,
    },
    /// A year with a day but no month.
    YearWithoutMonth {
        text: String,
    },
    /// A day the calendar does not have (30 February).
    NoSuchDate {
        text: String,
    },
    /// A date whose year was left out, more than [`IMPLIED_YEAR_AHEAD_SECS`]
    /// ahead (`date`: the one it would be, `YYYY-MM-DD`).
    ImpliedYearTooFar {
        text: String,
        date: String,
    },
    /// A weekday that is not the date's (`date`, `YYYY-MM-DD`, is a `weekday`).
    WrongWeekday {
        text: String,
        date: String,
        weekday: Weekday,
    },
    /// An abbreviation that names several zones (IST), with the zones.
    AmbiguousZone {
        zone: String,
        choices: Vec<String>,
    },
    /// Not a time zone [`parse_zone`] knows.
    UnknownZone {
        zone: String,
    },
    /// SET NOABSENCE: no absence of the sender's includes that time (shown in `tz`).
    NoAbsenceOn {
        when: i64,
        tz: Tz,
    },
    /// SET BLACKOUT without a date.
    BlackoutUsage,
    /// A blackout span of more than [`MAX_BLACKOUT_DAYS`].
    BlackoutTooLong {
        text: String,
    },
    /// A blackout span that ends before it starts.
    BlackoutOrder {
        text: String,
    },
    /// More than [`MAX_BLACKOUTS`] spans.
    TooManyBlackouts,
    /// SET GRACE with a time already passed (`when`, shown in `tz`), not confirmed with `!`.
    GracePassedConfirm {
        when: i64,
        tz: Tz,
        arg: String,
    },
    /// A delay after the last orders over [`MAX_DELAY_SECS`].
    DelayTooLong {
        text: String,
    },
    /// njudge's `DAYS` word that is not seven of `SMTWTFS`, `smtwtfs` and `-`.
    NjudgeDays {
        word: String,
    },
    /// njudge's `CLOCK` that is not minutes past midnight (0 to 1439, or -1).
    NjudgeClock {
        value: String,
    },
    /// An njudge parameter's value that is not a number of hours.
    NjudgeHours {
        word: String,
        value: String,
    },
    /// An njudge parameter given twice.
    NjudgeTwice {
        word: String,
    },
    /// njudge's GRACE or DELAY where only a phase's timing is read (the
    /// keeper's configuration): they are a game's settings here, for all
    /// its phases or for one kind of them.
    NjudgeGameWide {
        word: String,
    },
    /// njudge's `MIN` longer than its `NEXT` (either as given or as kept from
    /// the rule before), in njudge's hours: the deadline would come before the
    /// phase may be processed.
    NjudgeMinOverNext {
        min: String,
        next: String,
    },
}

/// Noon: njudge's small-letter days take deadlines from then on.
const NOON: NaiveTime = match NaiveTime::from_hms_opt(12, 0, 0) {
    Some(t) => t,
    None => NaiveTime::MIN,
};

/// The longest delay between the last orders and processing: a day.
pub const MAX_DELAY_SECS: i64 = 86_400;

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
        if let Some(p) = NjudgeParams::parse(t) {
            let p = p?;
            if let Some(word) = p.game_wide() {
                return Err(TimeError::NjudgeGameWide { word: word.to_string() });
            }
            let njudge = p.timing(None);
            if njudge.next_secs < MIN_PHASE_SECS {
                return Err(TimeError::TooShort { text: t.to_string() });
            }
            njudge.check()?;
            return Ok(njudge.to_timing());
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
        Ok(Timing::Hours { secs, at, days, from_noon: Vec::new(), min_secs: 0 })
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
        self.try_next_deadline_from(now, now, tz)
    }

    /// [`Timing::try_next_deadline`] for a phase whose deadline may not come
    /// before `floor` (njudge's rule: never before the last processed
    /// phase's deadline): the first time the timing allows that is both at
    /// least its period after `now` and not before `floor`. A `floor` before
    /// that changes nothing; one past [`MAX_TIME`] counts as [`MAX_TIME`].
    ///
    /// # Errors
    /// As [`Timing::try_next_deadline`].
    pub fn try_next_deadline_from(&self, now: i64, floor: i64, tz: Tz) -> Result<i64, TimingError> {
        if !(MIN_TIME..=MAX_TIME).contains(&now) {
            return Err(TimingError::OutOfRange(now));
        }
        let floor = floor.min(MAX_TIME);
        match self {
            Timing::Cron(s) => {
                let from = (now + MIN_PHASE_SECS).max(floor);
                let start = in_zone(&tz, from - 1).ok_or(TimingError::OutOfRange(now))?;
                // The cron crate compares local times: in the hour repeated when summer
                // time ends, its first firing can lie before `start`; the next ones don't.
                s.after(&start).take(8).map(|d| d.timestamp()).find(|&d| d >= from).ok_or(TimingError::NoFiring)
            }
            Timing::Hours { secs, at, days, from_noon, .. } => {
                let earliest = (now + (*secs).clamp(MIN_PHASE_SECS, MAX_DURATION_SECS)).max(floor);
                let local = in_zone(&tz, earliest).ok_or(TimingError::OutOfRange(now))?;
                let ok_day = |d: Weekday| days.is_empty() || days.contains(&d);
                // a day where deadlines fall from noon on: is `t` (of that day) too early?
                let before_noon = |d: Weekday, t: NaiveTime| from_noon.contains(&d) && t < NOON;
                match at {
                    None => {
                        let mut t = local;
                        for _ in 0..8 {
                            if ok_day(t.weekday()) {
                                if !before_noon(t.weekday(), t.time()) {
                                    return Ok(t.timestamp());
                                }
                                if let Some(n) = local_time(tz, t.date_naive().and_time(NOON)) {
                                    return Ok(n.timestamp());
                                }
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
                                && !before_noon(day.weekday(), *at)
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
        self.next_deadline_from(now, now, tz)
    }

    /// [`Timing::next_deadline`] never before `floor`: [`Timing::try_next_deadline_from`],
    /// or when that has none the fallback of [`Timing::next_deadline`], at
    /// least `floor`. Never panics.
    pub fn next_deadline_from(&self, now: i64, floor: i64, tz: Tz) -> i64 {
        self.try_next_deadline_from(now, floor, tz).unwrap_or_else(|_| {
            let period = match self {
                Timing::Hours { secs, .. } => (*secs).clamp(MIN_PHASE_SECS, MAX_DURATION_SECS),
                Timing::Cron(_) => 86_400,
            };
            now.saturating_add(period).max(floor)
        })
    }

    /// `t`, or when the timing lets no deadline fall on `t`'s day (in `tz`)
    /// the start of the first day after it that it does: njudge's NO STRICT
    /// GRACE, where a grace period ends only on a day a deadline could. A day
    /// whose deadlines fall from noon on (njudge's small letter) takes `t`
    /// from noon on. The days only, as njudge: not the time of day (`at`),
    /// which would round every grace period up to whole days. A cron rule
    /// allows the days it fires on. `t` itself when it lies outside the
    /// years 1970 to 9999, or no allowed day comes before their end.
    pub fn on_a_deadline_day(&self, t: i64, tz: Tz) -> i64 {
        let Some(local) = in_zone(&tz, t).filter(|_| (MIN_TIME..=MAX_TIME).contains(&t)) else { return t };
        let moved = match self {
            Timing::Hours { days, from_noon, .. } => hours_day(days, from_noon, local, tz),
            Timing::Cron(s) => cron_day(s, local, tz),
        };
        moved.filter(|&m| m >= t && m <= MAX_TIME).unwrap_or(t)
    }
}

/// [`Timing::on_a_deadline_day`] for njudge-like days: at most a week on.
fn hours_day(days: &[Weekday], from_noon: &[Weekday], local: DateTime<Tz>, tz: Tz) -> Option<i64> {
    let ok_day = |d: Weekday| days.is_empty() || days.contains(&d);
    let mut t = local;
    for _ in 0..8 {
        if ok_day(t.weekday()) {
            if from_noon.contains(&t.weekday()) && t.time() < NOON {
                return local_time(tz, t.date_naive().and_time(NOON)).map(|n| n.timestamp());
            }
            return Some(t.timestamp());
        }
        t = local_time(tz, t.date_naive().succ_opt()?.and_time(NaiveTime::MIN))?;
    }
    None
}

/// [`Timing::on_a_deadline_day`] for a cron rule: the day of its first
/// firing from the start of `local`'s day on.
fn cron_day(s: &cron::Schedule, local: DateTime<Tz>, tz: Tz) -> Option<i64> {
    let midnight = local_time(tz, local.date_naive().and_time(NaiveTime::MIN))?;
    let first = s.after(&midnight.checked_sub_signed(Duration::seconds(1))?).next()?;
    let day = first.date_naive();
    if day == local.date_naive() {
        return Some(local.timestamp());
    }
    local_time(tz, day.and_time(NaiveTime::MIN)).map(|d| d.timestamp())
}

/// When a grace period that would end at `t` ends: out of the blackout
/// days, and (NO STRICT GRACE: `days` is the phase's timing) on a day
/// the timing lets a deadline fall on ([`Timing::on_a_deadline_day`]),
/// both until neither moves it. Never before `t`.
pub fn grace_end(t: i64, days: Option<&Timing>, tz: Tz, blackout: &[Blackout]) -> i64 {
    let mut end = t;
    // each pass moves past a blackout span or to an allowed day: a few suffice
    for _ in 0..=2 * (blackout.len() + 1) {
        let on_day = days.map_or(end, |timing| timing.on_a_deadline_day(end, tz));
        let next = out_of_blackout(on_day, tz, blackout);
        if next == end {
            break;
        }
        end = next;
    }
    end
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
const FALLBACK: Timing = Timing::Hours { secs: 86_400, at: None, days: Vec::new(), from_noon: Vec::new(), min_secs: 0 };

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

/// A date as a player writes it (see [`date`]): njudge's words in any order
/// (`Fri 20:00`, `Dec 30 18:00 CET`, `15 jun 2027`, `tomorrow 8pm`), ISO
/// (`2026-11-25 20:00`, `2026-11-25T20:00`, `25/11/2026`), or a relative `+48h`
/// / `in 2 days` ([`parse_duration`] after `now`). A date without a time of
/// day takes `default` (`true`: 23:59, `false`: 00:00, or a [`DayTime`]).
///
/// Refused: dates outside the years 1970 to 9999 ([`MIN_TIME`]..=[`MAX_TIME`]) and
/// dates more than [`MAX_DEADLINE_AHEAD_SECS`] after `now`. A date in the past is
/// returned as it is: the caller decides what it means (a master's `SET DEADLINE`
/// in the past processes the phase at once); [`parse_future_date`] refuses it.
pub fn parse_date(text: &str, tz: Tz, now: i64, default: impl Into<DayTime>) -> Result<i64, TimeError> {
    read_checked(text, tz, now, default.into(), Toward::Future)
}

/// [`parse_date`] for a date that looks back (HISTORY's FROM and TO): what
/// it leaves out is the latest such date that has come (`Dec 1` is the last
/// 1 December, `Fri` the last Friday), njudge's reading of its history
/// dates; the same forms and the same limits.
pub fn parse_past_date(text: &str, tz: Tz, now: i64, default: impl Into<DayTime>) -> Result<i64, TimeError> {
    read_checked(text, tz, now, default.into(), Toward::Past)
}

/// A date read `toward` the future or the past, within the years and no
/// further ahead than [`MAX_DEADLINE_AHEAD_SECS`].
fn read_checked(text: &str, tz: Tz, now: i64, default: DayTime, toward: Toward) -> Result<i64, TimeError> {
    let t = text.trim();
    let when = read_date(t, tz, now, default, toward)?;
    if !(MIN_TIME..=MAX_TIME).contains(&when) {
        return Err(TimeError::OutOfRange { text: t.to_string() });
    }
    if when > now.saturating_add(MAX_DEADLINE_AHEAD_SECS) {
        return Err(TimeError::TooFarAhead { text: t.to_string() });
    }
    Ok(when)
}

/// [`parse_date`] for a date that must lie after `now`.
pub fn parse_future_date(text: &str, tz: Tz, now: i64, default: impl Into<DayTime>) -> Result<i64, TimeError> {
    let when = parse_date(text, tz, now, default)?;
    if when <= now {
        return Err(TimeError::NotFuture { text: text.trim().to_string(), when, tz });
    }
    Ok(when)
}

/// [`parse_date`] without its range checks (but with checked arithmetic).
fn read_date(t: &str, tz: Tz, now: i64, default: DayTime, toward: Toward) -> Result<i64, TimeError> {
    let lower = t.to_ascii_lowercase();
    if let Some(rel) = lower.strip_prefix('+').or_else(|| lower.strip_prefix("in ")) {
        return now.checked_add(parse_duration(rel)?).ok_or_else(|| TimeError::OutOfRange { text: t.to_string() });
    }
    if t.is_empty() {
        return Err(TimeError::NotADate { text: t.to_string(), tz });
    }
    date::read_words(t, tz, now, default, toward)
}

/// Instant `t` in zone `tz`, or `None` where chrono cannot hold it: outside
/// its range, or a UTC time at the very edge of the range whose local time
/// (the zone's offset added) passes it. Reading the local date or time of a
/// `DateTime` chrono could not make panics; every local view goes through here.
pub fn in_zone<Z: TimeZone>(tz: &Z, t: i64) -> Option<chrono::DateTime<Z>> {
    use chrono::Offset;
    let d = tz.timestamp_opt(t, 0).single()?;
    d.naive_utc().checked_add_offset(d.offset().fix())?;
    Some(d)
}

/// `Wed 25 Nov 2026 20:00 UTC`, `Wed 25 Nov 2026 21:00 CET (Europe/Paris)`:
/// the zone's name after its abbreviation where they differ (`@<seconds>` for
/// a time chrono cannot show).
pub fn format_time(t: i64, tz: Tz) -> String {
    match in_zone(&tz, t) {
        Some(d) => {
            let shown = d.format("%a %d %b %Y %H:%M %Z").to_string();
            let abbr = d.format("%Z").to_string();
            if abbr == tz.name() { shown } else { format!("{shown} ({})", tz.name()) }
        }
        None => format!("@{t}"),
    }
}

/// `02 Dec 2026 20:00`: a time in zone `tz` as a command writes it back
/// (SET ABSENCE, SET DEADLINE read it in the same zone).
pub fn date_words(t: i64, tz: Tz) -> String {
    match in_zone(&tz, t) {
        Some(d) => d.format("%d %b %Y %H:%M").to_string(),
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
mod tests;
