//! Dates as people write them: njudge's elements in any order (`Friday
//! 20:00`, `Dec 30 18:00`, `15 jun 2027`), `today` and `tomorrow`, ISO
//! (`2026-12-30 18:00`), an optional time zone after them (`CET`,
//! `America/New_York`, `+01:00`), and time zones by name ([`parse_zone`]).
//!
//! njudge's defaults (its help file `deadlines`, "How the judge interprets
//! dates"): no year, the next occurrence, refused when that lies more than
//! [`IMPLIED_YEAR_AHEAD_SECS`] ahead; a day of the month alone, the next such
//! day; a month alone, its last day; a weekday, the next such day after
//! today; nothing but a time, today; no time, the caller's [`DayTime`].
//!
//! Read looking back ([`Toward::Past`], njudge's HISTORY dates): what is
//! left out is the latest such date that has come (`Dec 1`: the last 1
//! December; `Fri`: the last Friday before today; a month alone, its first
//! day; a time alone, today's or yesterday's), with no limit on how far back.
//! A year of two digits from 80 to 99 is 1980 to 1999 either way (njudge).
//!
//! Clocks that jump: a local time skipped when summer time begins is read as
//! if the clocks had not moved yet (02:30 becomes 03:30), a local time that
//! happens twice when it ends is the first of the two (see `local_time`).

use super::{TimeError, local_time};
use chrono::{DateTime, Datelike, Duration, FixedOffset, NaiveDate, NaiveTime, TimeZone, Timelike, Weekday};
use chrono_tz::Tz;

/// How far ahead a date whose year was left out may lie: 120 days, as in
/// njudge. `10 Jan` written in February would otherwise mean next January.
pub const IMPLIED_YEAR_AHEAD_SECS: i64 = 120 * 86_400;

/// The time of day a date written without one means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DayTime {
    /// 00:00 (the start of an absence).
    Start,
    /// 23:59 (the end of an absence).
    End,
    /// A given time: a deadline's is the phase's clock time, else 23:30.
    At(NaiveTime),
}

impl From<bool> for DayTime {
    /// `true`: the end of the day, `false`: its start.
    fn from(end: bool) -> DayTime {
        if end { DayTime::End } else { DayTime::Start }
    }
}

impl DayTime {
    /// njudge's deadline time when the phase has no clock time: 23:30.
    pub const DEADLINE: DayTime = DayTime::At(NaiveTime::from_hms_opt(23, 30, 0).expect("23:30 is a time"));

    fn time(self) -> NaiveTime {
        match self {
            DayTime::Start => NaiveTime::MIN,
            DayTime::End => NaiveTime::from_hms_opt(23, 59, 0).unwrap_or(NaiveTime::MIN),
            DayTime::At(t) => t,
        }
    }
}

/// Which way the parts a date leaves out are filled in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Toward {
    /// The next such date (a deadline, an absence).
    Future,
    /// The latest such date that has come (a history's span).
    Past,
}

/// Which element of a date a refusal names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatePart {
    Weekday,
    Month,
    Day,
    Year,
    Time,
    Zone,
    /// A whole date (`2026-12-30`, `today`).
    Date,
}

/// A common abbreviation of a time zone: its offset from UTC in minutes
/// when written in a date, and the zone with rules it stands for in `SET
/// TIMEZONE`.
struct Abbreviation {
    name: &'static str,
    minutes: i32,
    region: &'static str,
}

const fn abbr(name: &'static str, minutes: i32, region: &'static str) -> Abbreviation {
    Abbreviation { name, minutes, region }
}

/// The common abbreviations (what IANA does not name, or names as fixed offsets).
const ABBREVIATIONS: &[Abbreviation] = &[
    abbr("UTC", 0, "UTC"),
    abbr("GMT", 0, "Europe/London"),
    abbr("Z", 0, "UTC"),
    abbr("WET", 0, "WET"),
    abbr("WEST", 60, "WET"),
    abbr("BST", 60, "Europe/London"),
    abbr("CET", 60, "CET"),
    abbr("CEST", 120, "CET"),
    abbr("EET", 120, "EET"),
    abbr("EEST", 180, "EET"),
    abbr("MSK", 180, "Europe/Moscow"),
    abbr("EST", -300, "America/New_York"),
    abbr("EDT", -240, "America/New_York"),
    abbr("CST", -360, "America/Chicago"),
    abbr("CDT", -300, "America/Chicago"),
    abbr("MST", -420, "America/Denver"),
    abbr("MDT", -360, "America/Denver"),
    abbr("PST", -480, "America/Los_Angeles"),
    abbr("PDT", -420, "America/Los_Angeles"),
    abbr("AKST", -540, "America/Anchorage"),
    abbr("AKDT", -480, "America/Anchorage"),
    abbr("HST", -600, "Pacific/Honolulu"),
    abbr("JST", 540, "Asia/Tokyo"),
    abbr("KST", 540, "Asia/Seoul"),
    abbr("AWST", 480, "Australia/Perth"),
    abbr("ACST", 570, "Australia/Adelaide"),
    abbr("AEST", 600, "Australia/Sydney"),
    abbr("AEDT", 660, "Australia/Sydney"),
    abbr("NZST", 720, "Pacific/Auckland"),
    abbr("NZDT", 780, "Pacific/Auckland"),
];

/// Abbreviations that name more than one zone: refused, naming the choices.
const AMBIGUOUS: &[(&str, &[&str])] =
    &[("IST", &["Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"]), ("AST", &["America/Halifax", "Asia/Riyadh"]), ("ADT", &["America/Halifax"])];

/// The largest offset from UTC a date may name: 14 hours (Kiribati's).
const MAX_OFFSET_MINUTES: i32 = 14 * 60;

/// A zone as a date names it: one with rules, or a fixed offset.
#[derive(Clone, Copy, Debug)]
enum DateZone {
    Rules(Tz),
    Fixed(FixedOffset),
}

/// An IANA zone by name, in any case.
fn iana(word: &str) -> Option<Tz> {
    chrono_tz::TZ_VARIANTS.iter().copied().find(|z| z.name().eq_ignore_ascii_case(word))
}

/// `+01:00`, `-0500`, `+9`, `UTC+1`, `GMT-5` → minutes east of UTC.
fn offset_minutes(word: &str) -> Option<i32> {
    let w = word.to_ascii_lowercase();
    let w = w.strip_prefix("utc").or_else(|| w.strip_prefix("gmt")).unwrap_or(&w);
    let (sign, rest) = match w.as_bytes().first()? {
        b'+' => (1, &w[1..]),
        b'-' => (-1, &w[1..]),
        _ => return None,
    };
    let (h, m) = match rest.split_once(':') {
        Some((h, m)) => (h, m),
        None if rest.len() == 4 && rest.is_ascii() => rest.split_at(2),
        None => (rest, "0"),
    };
    let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(h) || !digits(m) {
        return None;
    }
    let (h, m): (i32, i32) = (h.parse().ok()?, m.parse().ok()?);
    let total = h * 60 + m;
    (m < 60 && total <= MAX_OFFSET_MINUTES).then_some(sign * total)
}

/// A zone written in a date: an abbreviation (its fixed offset), an offset,
/// or an IANA name. `Ok(None)`: not a zone.
fn date_zone(word: &str) -> Result<Option<DateZone>, TimeError> {
    let upper = word.to_ascii_uppercase();
    if let Some((name, choices)) = AMBIGUOUS.iter().find(|(n, _)| *n == upper) {
        return Err(TimeError::AmbiguousZone { zone: name.to_string(), choices: choices.iter().map(|c| c.to_string()).collect() });
    }
    if let Some(a) = ABBREVIATIONS.iter().find(|a| a.name == upper) {
        return Ok(FixedOffset::east_opt(a.minutes * 60).map(DateZone::Fixed));
    }
    if let Some(m) = offset_minutes(word) {
        return Ok(FixedOffset::east_opt(m * 60).map(DateZone::Fixed));
    }
    Ok(iana(word).map(DateZone::Rules))
}

/// A time zone as a player names it for `SET TIMEZONE`: an IANA name
/// (`Europe/Paris`, any case), a common abbreviation (the zone it stands
/// for, with its summer time: `PST` is `America/Los_Angeles`), or a whole
/// number of hours from UTC (`+2`, `UTC-5`: `Etc/GMT-2`, `Etc/GMT+5`).
pub fn parse_zone(text: &str) -> Result<Tz, TimeError> {
    let word = text.trim();
    let upper = word.to_ascii_uppercase();
    if let Some((name, choices)) = AMBIGUOUS.iter().find(|(n, _)| *n == upper) {
        return Err(TimeError::AmbiguousZone { zone: name.to_string(), choices: choices.iter().map(|c| c.to_string()).collect() });
    }
    let region = ABBREVIATIONS.iter().find(|a| a.name == upper).map(|a| a.region);
    if let Some(z) = region.and_then(iana).or_else(|| iana(word)) {
        return Ok(z);
    }
    let whole = offset_minutes(word).filter(|m| m % 60 == 0 && m.abs() <= 12 * 60);
    // IANA's Etc zones count the other way: Etc/GMT-2 is two hours east
    let etc = whole.and_then(|m| if m == 0 { Some(Tz::UTC) } else { iana(&format!("Etc/GMT{:+}", -m / 60)) });
    etc.ok_or_else(|| TimeError::UnknownZone { zone: word.to_string() })
}

/// What a date's words said, each at most once.
#[derive(Default)]
struct Parts {
    weekday: Option<Weekday>,
    month: Option<u32>,
    day: Option<u32>,
    year: Option<i32>,
    time: Option<NaiveTime>,
    zone: Option<DateZone>,
    /// An ISO date, or `today` / `tomorrow` (days after today).
    date: Option<FixedDate>,
}

#[derive(Clone, Copy)]
enum FixedDate {
    Iso(NaiveDate),
    DaysFromToday(i64),
}

const MONTHS: [&str; 12] = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/// `dec`, `December`, `sept` → 12, 12, 9 (at least three letters).
fn month(word: &str) -> Option<u32> {
    if word.len() < 3 {
        return None;
    }
    MONTHS.iter().position(|m| m.starts_with(word)).map(|i| i as u32 + 1)
}

/// `20:00`, `8:30`, `20:00:00`, `8pm`, `8:30am`.
fn time_of_day(word: &str) -> Option<NaiveTime> {
    let (clock, half) = match word.strip_suffix("am").or_else(|| word.strip_suffix("a.m.")) {
        Some(c) => (c, Some(false)),
        None => match word.strip_suffix("pm").or_else(|| word.strip_suffix("p.m.")) {
            Some(c) => (c, Some(true)),
            None => (word, None),
        },
    };
    let mut fields = clock.split(':');
    let num = |s: Option<&str>| s.filter(|s| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit())).and_then(|s| s.parse::<u32>().ok());
    let h = num(fields.next())?;
    let (m, s) = match (fields.next(), fields.next(), fields.next()) {
        (None, _, _) if half.is_some() => (0, 0),
        (Some(m), None, _) => (num(Some(m))?, 0),
        (Some(m), Some(s), None) => (num(Some(m))?, num(Some(s))?),
        _ => return None,
    };
    let h = match half {
        None => h,
        Some(_) if !(1..=12).contains(&h) => return None,
        Some(pm) => h % 12 + if pm { 12 } else { 0 },
    };
    NaiveTime::from_hms_opt(h, m, s)
}

/// `2026-12-30`, `2026/12/30`, `30/12/2026`; `Err` for the shape of one
/// with a year outside 1970 to 9999 or no such day.
fn iso_date(word: &str) -> Option<Result<NaiveDate, ()>> {
    let fields: Vec<&str> = word.split(['-', '/']).collect();
    if fields.len() != 3 || fields.iter().any(|f| f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()) || f.len() > 8) {
        return None;
    }
    let n = |s: &str| s.parse::<u32>().ok();
    let (y, m, d) = if fields[0].len() >= 3 { (fields[0], fields[1], fields[2]) } else { (fields[2], fields[1], fields[0]) };
    let (y, m, d) = (n(y)?, n(m)?, n(d)?);
    if !(1970..=9999).contains(&y) {
        return Some(Err(()));
    }
    Some(NaiveDate::from_ymd_opt(y as i32, m, d).ok_or(()))
}

impl Parts {
    /// Reads the words of `text` (not a relative date).
    fn read(text: &str) -> Result<Parts, TimeError> {
        let mut p = Parts::default();
        let words: Vec<String> = text.split([' ', ',', '\t']).filter(|w| !w.is_empty()).flat_map(split_iso_t).collect();
        for word in &words {
            p.word(text, word)?;
        }
        Ok(p)
    }

    /// Takes one word of `text`: an element, a filler (`at`, `on`), or a refusal.
    fn word(&mut self, text: &str, word: &str) -> Result<(), TimeError> {
        let twice = |part| TimeError::DateTwice { text: text.to_string(), part };
        let unread = || TimeError::DateWord { text: text.to_string(), word: word.to_string() };
        let lower = word.to_ascii_lowercase();
        let w = lower.trim_end_matches('.');
        let half = match w {
            "am" | "a.m" => Some(false),
            "pm" | "p.m" => Some(true),
            _ => None,
        };
        let day = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let ordinal = day.len() < w.len() && matches!(&w[day.len()..], "st" | "nd" | "rd" | "th");
        if matches!(w, "at" | "on" | "the" | "of") {
            Ok(())
        } else if let Some(pm) = half {
            let t = self.time.take().and_then(|t| twelve_hour(t, pm));
            self.time = Some(t.ok_or_else(unread)?);
            Ok(())
        } else if let Some(f) = match w {
            "today" => Some(FixedDate::DaysFromToday(0)),
            "tomorrow" => Some(FixedDate::DaysFromToday(1)),
            _ => None,
        } {
            set(&mut self.date, f, || twice(DatePart::Date))
        } else if let Some(d) = super::weekday(w).filter(|_| !w.bytes().any(|b| b.is_ascii_digit())) {
            set(&mut self.weekday, d, || twice(DatePart::Weekday))
        } else if let Some(m) = month(w) {
            set(&mut self.month, m, || twice(DatePart::Month))
        } else if let Some(t) = time_of_day(w) {
            set(&mut self.time, t, || twice(DatePart::Time))
        } else if let Some(d) = iso_date(w) {
            let d = d.map_err(|()| TimeError::OutOfRange { text: text.to_string() })?;
            set(&mut self.date, FixedDate::Iso(d), || twice(DatePart::Date))
        } else if !day.is_empty() && day.bytes().all(|b| b.is_ascii_digit()) && (ordinal || day.len() == w.len()) {
            match (day.len(), day.parse::<u32>()) {
                (1 | 2, Ok(d)) if (1..=31).contains(&d) => set(&mut self.day, d, || twice(DatePart::Day)),
                (4, Ok(y)) if !ordinal && (1970..=9999).contains(&y) => set(&mut self.year, y as i32, || twice(DatePart::Year)),
                // njudge's years of two digits: 80 to 99 are 1980 to 1999
                (2, Ok(y)) if !ordinal && (80..=99).contains(&y) => set(&mut self.year, 1900 + y as i32, || twice(DatePart::Year)),
                (4.., _) if !ordinal => Err(TimeError::OutOfRange { text: text.to_string() }),
                _ => Err(unread()),
            }
        } else if let Some(z) = date_zone(word)? {
            set(&mut self.zone, z, || twice(DatePart::Zone))
        } else {
            Err(unread())
        }
    }
}

/// `2026-11-25T20:00` → `2026-11-25`, `20:00`; any other word as it is.
fn split_iso_t(word: &str) -> Vec<String> {
    match word.find(['T', 't']) {
        Some(i)
            if i > 0 && word[..i].bytes().all(|b| b.is_ascii_digit() || b == b'-' || b == b'/') && word[i + 1..].starts_with(|c: char| c.is_ascii_digit()) =>
        {
            vec![word[..i].to_string(), word[i + 1..].to_string()]
        }
        _ => vec![word.to_string()],
    }
}

fn set<T>(slot: &mut Option<T>, v: T, twice: impl Fn() -> TimeError) -> Result<(), TimeError> {
    if slot.replace(v).is_some() {
        return Err(twice());
    }
    Ok(())
}

/// The last day of `month` in `year`.
fn month_end(year: i32, month: u32) -> Option<NaiveDate> {
    let (ny, nm) = if month == 12 { (year.checked_add(1)?, 1) } else { (year, month + 1) };
    NaiveDate::from_ymd_opt(ny, nm, 1)?.pred_opt()
}

/// `8:30` with `pm` after it: 20:30 (an hour from 1 to 12 only).
fn twelve_hour(t: NaiveTime, pm: bool) -> Option<NaiveTime> {
    let h = t.hour();
    if !(1..=12).contains(&h) {
        return None;
    }
    t.with_hour(h % 12 + if pm { 12 } else { 0 })
}

/// What resolving a date's words needs: the sender's zone (or the one the
/// date names), now, today there, the time of day.
struct Resolver<'a> {
    text: &'a str,
    zone: DateZone,
    now: i64,
    today: NaiveDate,
    time: NaiveTime,
    /// Whether the words wrote the time (else it is the caller's default).
    time_written: bool,
    toward: Toward,
}

impl Resolver<'_> {
    fn range(&self) -> TimeError {
        TimeError::OutOfRange { text: self.text.to_string() }
    }

    fn no_such(&self) -> TimeError {
        TimeError::NoSuchDate { text: self.text.to_string() }
    }

    /// The instant of `d` at the time of day, in the zone.
    fn instant(&self, d: NaiveDate) -> Result<i64, TimeError> {
        let dt = d.and_time(self.time);
        match self.zone {
            DateZone::Rules(z) => local_time(z, dt).map(|d| d.timestamp()).ok_or_else(|| TimeError::NoSuchTime { text: self.text.to_string(), tz: z }),
            DateZone::Fixed(o) => o.from_local_datetime(&dt).single().map(|d: DateTime<FixedOffset>| d.timestamp()).ok_or_else(|| self.range()),
        }
    }

    /// The first of `candidates` (an iterator of days that may not exist)
    /// whose instant has not passed.
    fn first_to_come(&self, candidates: impl Iterator<Item = Option<NaiveDate>>) -> Result<Option<NaiveDate>, TimeError> {
        for c in candidates.flatten() {
            if self.instant(c)? >= self.now {
                return Ok(Some(c));
            }
        }
        Ok(None)
    }

    /// The first of `candidates` (newest first) that has come: its instant,
    /// or without a time written its day (`TO Nov 30` on 30 November is
    /// today, to 23:59).
    fn last_come(&self, candidates: impl Iterator<Item = Option<NaiveDate>>) -> Result<Option<NaiveDate>, TimeError> {
        let day_start = Resolver { time: NaiveTime::MIN, ..*self };
        let judged = if self.time_written { self } else { &day_start };
        for c in candidates.flatten() {
            if judged.instant(c)? <= self.now {
                return Ok(Some(c));
            }
        }
        Ok(None)
    }

    /// The day the words name.
    fn date(&self, p: &Parts) -> Result<NaiveDate, TimeError> {
        if self.toward == Toward::Past {
            return self.past_date(p);
        }
        let text = self.text.to_string();
        Ok(match (p.date, p.year, p.month, p.day) {
            (Some(_), Some(_), _, _) | (Some(_), _, Some(_), _) | (Some(_), _, _, Some(_)) => return Err(TimeError::DateTwice { text, part: DatePart::Date }),
            (Some(FixedDate::Iso(d)), ..) => d,
            (Some(FixedDate::DaysFromToday(n)), ..) => self.today.checked_add_signed(Duration::days(n)).ok_or_else(|| self.range())?,
            (None, Some(_), None, _) => return Err(TimeError::YearWithoutMonth { text }),
            (None, Some(y), Some(m), Some(d)) => NaiveDate::from_ymd_opt(y, m, d).ok_or_else(|| self.no_such())?,
            (None, Some(y), Some(m), None) => month_end(y, m).ok_or_else(|| self.no_such())?,
            (None, None, Some(m), d) => {
                // the next occurrence: this year's, or the first after it that exists
                let on = |y: i32| if let Some(d) = d { NaiveDate::from_ymd_opt(y, m, d) } else { month_end(y, m) };
                let year = self.today.year();
                let found = self.first_to_come((year..=year.saturating_add(8)).map(on))?.ok_or_else(|| self.no_such())?;
                if self.instant(found)? > self.now.saturating_add(IMPLIED_YEAR_AHEAD_SECS) {
                    return Err(TimeError::ImpliedYearTooFar { text, date: found.format("%Y-%m-%d").to_string() });
                }
                found
            }
            (None, None, None, Some(day)) => {
                // the next such day of a month: this month's, or a later month's
                let first = self.today.with_day(1).ok_or_else(|| self.range())?;
                let months = (0..13).map(|n| first.checked_add_months(chrono::Months::new(n)).and_then(|f| f.with_day(day)));
                self.first_to_come(months)?.ok_or_else(|| self.no_such())?
            }
            // the next such day after today
            (None, None, None, None) => match p.weekday {
                Some(w) => (1..=7).filter_map(|n| self.today.checked_add_signed(Duration::days(n))).find(|d| d.weekday() == w).ok_or_else(|| self.range())?,
                None => self.today,
            },
        })
    }
}

impl Resolver<'_> {
    /// The day the words name, read looking back ([`Toward::Past`]).
    fn past_date(&self, p: &Parts) -> Result<NaiveDate, TimeError> {
        let text = self.text.to_string();
        let back = |n: i64| self.today.checked_sub_signed(Duration::days(n));
        Ok(match (p.date, p.year, p.month, p.day) {
            (Some(_), Some(_), _, _) | (Some(_), _, Some(_), _) | (Some(_), _, _, Some(_)) => return Err(TimeError::DateTwice { text, part: DatePart::Date }),
            (Some(FixedDate::Iso(d)), ..) => d,
            (Some(FixedDate::DaysFromToday(n)), ..) => self.today.checked_add_signed(Duration::days(n)).ok_or_else(|| self.range())?,
            (None, Some(_), None, _) => return Err(TimeError::YearWithoutMonth { text }),
            (None, Some(y), Some(m), d) => NaiveDate::from_ymd_opt(y, m, d.unwrap_or(1)).ok_or_else(|| self.no_such())?,
            (None, None, Some(m), d) => {
                // the latest that has come: this year's, or the last year's that exists
                let year = self.today.year();
                let years = (0..=8).map(|n| NaiveDate::from_ymd_opt(year.checked_sub(n)?, m, d.unwrap_or(1)));
                self.last_come(years)?.ok_or_else(|| self.no_such())?
            }
            (None, None, None, Some(day)) => {
                // this month's, or an earlier month's
                let first = self.today.with_day(1).ok_or_else(|| self.range())?;
                let months = (0..13).map(|n| first.checked_sub_months(chrono::Months::new(n)).and_then(|f| f.with_day(day)));
                self.last_come(months)?.ok_or_else(|| self.no_such())?
            }
            // the last such day before today (a week ago for today's)
            (None, None, None, None) => match p.weekday {
                Some(w) => (1..=7).filter_map(back).find(|d| d.weekday() == w).ok_or_else(|| self.range())?,
                // a time alone: today's, or yesterday's if it has not come yet
                None => self.last_come([Some(self.today), back(1)].into_iter())?.ok_or_else(|| self.range())?,
            },
        })
    }
}

/// A date's words read: the instant they name, for a sender in `tz` at
/// `now`, what they leave out filled in `toward` the future or the past.
pub(super) fn read_words(text: &str, tz: Tz, now: i64, default: DayTime, toward: Toward) -> Result<i64, TimeError> {
    let p = Parts::read(text)?;
    let zone = p.zone.unwrap_or(DateZone::Rules(tz));
    let local_now = match zone {
        DateZone::Rules(z) => super::in_zone(&z, now).map(|d| d.naive_local()),
        DateZone::Fixed(o) => super::in_zone(&o, now).map(|d| d.naive_local()),
    };
    let Some(local_now) = local_now else { return Err(TimeError::OutOfRange { text: text.to_string() }) };
    let r = Resolver { text, zone, now, today: local_now.date(), time: p.time.unwrap_or(default.time()), time_written: p.time.is_some(), toward };
    let date = r.date(&p)?;
    if let Some(w) = p.weekday
        && date.weekday() != w
    {
        return Err(TimeError::WrongWeekday { text: text.to_string(), date: date.format("%Y-%m-%d").to_string(), weekday: date.weekday() });
    }
    if !(1970..=9999).contains(&date.year()) {
        return Err(r.range());
    }
    r.instant(date)
}
