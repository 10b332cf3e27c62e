//! Deadlines: timing rules per phase type, durations, and dates as players write them.
//!
//! Two ways to say when a phase ends:
//! - njudge-like: `next 48 hours at 20:00 on Mon,Tue,Wed,Thu,Fri` — at least N
//!   hours from now, then the first time of day `at` (if given) on an allowed day;
//! - cron (the `cron` crate): `cron: 0 0 20 * * Mon,Thu` — the next matching time.
//!
//! Times are Unix seconds (UTC); the judge's time zone is used for `at`, days
//! and dates. Pure: the current time is always a parameter.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Weekday};
use chrono_tz::Tz;
use std::str::FromStr;

#[derive(Clone, Debug)]
pub enum Timing {
    Hours { secs: i64, at: Option<NaiveTime>, days: Vec<Weekday> },
    Cron(Box<cron::Schedule>),
}

/// `"24 hours"`, `"48h"`, `"30 minutes"`, `"2 days"`, `"1d 12h"` → seconds.
pub fn parse_duration(text: &str) -> Result<i64, String> {
    let t = text.trim().to_ascii_lowercase();
    if t.is_empty() {
        return Err("empty duration".into());
    }
    let mut total = 0i64;
    let mut num: Option<i64> = None;
    let mut tokens: Vec<String> = Vec::new();
    // split "48h" into "48" "h"
    for word in t.split_whitespace() {
        let digits: String = word.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !digits.is_empty() && digits.len() < word.len() {
            tokens.push(digits.clone());
            tokens.push(word[digits.len()..].to_string());
        } else {
            tokens.push(word.to_string());
        }
    }
    for tok in tokens {
        if let Ok(n) = tok.parse::<i64>() {
            if num.is_some() {
                return Err(format!("`{text}`: two numbers in a row"));
            }
            num = Some(n);
            continue;
        }
        let unit = match tok.trim_end_matches(',') {
            "s" | "sec" | "secs" | "second" | "seconds" => 1,
            "m" | "min" | "mins" | "minute" | "minutes" => 60,
            "h" | "hr" | "hrs" | "hour" | "hours" => 3600,
            "d" | "day" | "days" => 86_400,
            "w" | "week" | "weeks" => 7 * 86_400,
            other => return Err(format!("`{text}`: unknown unit `{other}` (use minutes, hours or days)")),
        };
        let n = num.take().ok_or_else(|| format!("`{text}`: a unit without a number"))?;
        total += n * unit;
    }
    if num.is_some() {
        return Err(format!("`{text}`: a number needs a unit (hours, days, ...)"));
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

fn parse_days(s: &str) -> Result<Vec<Weekday>, String> {
    let mut out = Vec::new();
    for part in s.split([',', ' ']).filter(|p| !p.is_empty()) {
        if let Some((a, b)) = part.split_once('-') {
            let (a, b) = (weekday(a).ok_or(format!("unknown day `{a}`"))?, weekday(b).ok_or(format!("unknown day `{b}`"))?);
            let mut d = a;
            loop {
                out.push(d);
                if d == b {
                    break;
                }
                d = d.succ();
            }
        } else {
            out.push(weekday(part).ok_or(format!("unknown day `{part}`"))?);
        }
    }
    if out.is_empty() {
        return Err("no days given".into());
    }
    Ok(out)
}

impl Timing {
    pub fn parse(text: &str) -> Result<Timing, String> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        if let Some(expr) = lower.strip_prefix("cron:").or_else(|| lower.strip_prefix("cron ")) {
            let expr = expr.trim();
            // accept 5-field cron by adding seconds
            let fields = expr.split_whitespace().count();
            let full = if fields == 5 { format!("0 {expr}") } else { expr.to_string() };
            return cron::Schedule::from_str(&full).map(|s| Timing::Cron(Box::new(s))).map_err(|e| format!("`{t}`: not a cron expression ({e})"));
        }
        let rest = lower.strip_prefix("next ").unwrap_or(&lower);
        let (dur, tail) = match rest.find(" at ").or_else(|| rest.find(" on ")) {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let secs = parse_duration(dur).map_err(|e| format!("{e}; write e.g. `next 48 hours at 20:00 on Mon-Fri` or `cron: 0 0 20 * * Mon,Thu`"))?;
        let mut at = None;
        let mut days = Vec::new();
        let mut tail = tail.trim();
        while !tail.is_empty() {
            if let Some(r) = tail.strip_prefix("at ") {
                let (word, r2) = r.trim().split_once(' ').unwrap_or((r.trim(), ""));
                at = Some(NaiveTime::parse_from_str(word, "%H:%M").map_err(|_| format!("`{word}` is not a time of day (HH:MM)"))?);
                tail = r2.trim();
            } else if let Some(r) = tail.strip_prefix("on ") {
                let (word, r2) = match r.find(" at ") {
                    Some(i) => (&r[..i], &r[i..]),
                    None => (r, ""),
                };
                days = parse_days(word)?;
                tail = r2.trim();
            } else {
                return Err(format!("`{t}`: cannot read `{tail}`"));
            }
        }
        if secs <= 0 && at.is_none() {
            return Err(format!("`{t}`: the period must be positive"));
        }
        Ok(Timing::Hours { secs, at, days })
    }

    /// The deadline for a phase that starts at `now`.
    pub fn next_deadline(&self, now: i64, tz: Tz) -> i64 {
        match self {
            Timing::Cron(s) => {
                let start = tz.timestamp_opt(now, 0).single().expect("valid timestamp");
                s.after(&start).next().map(|d| d.timestamp()).unwrap_or(now + 86_400)
            }
            Timing::Hours { secs, at, days } => {
                let earliest = now + secs;
                let local = tz.timestamp_opt(earliest, 0).single().expect("valid timestamp");
                let ok_day = |d: Weekday| days.is_empty() || days.contains(&d);
                match at {
                    None => {
                        let mut t = local;
                        for _ in 0..8 {
                            if ok_day(t.weekday()) {
                                return t.timestamp();
                            }
                            // start of the next day
                            let next = t.date_naive().succ_opt().expect("date in range").and_hms_opt(0, 0, 0).expect("midnight");
                            t = local_time(tz, next);
                        }
                        earliest
                    }
                    Some(at) => {
                        let mut day = local.date_naive();
                        for _ in 0..9 {
                            let cand = local_time(tz, day.and_time(*at));
                            if cand.timestamp() >= earliest && ok_day(day.weekday()) {
                                return cand.timestamp();
                            }
                            day = day.succ_opt().expect("date in range");
                        }
                        earliest
                    }
                }
            }
        }
    }
}

fn local_time(tz: Tz, t: NaiveDateTime) -> DateTime<Tz> {
    // in a DST gap take the time one hour later; in an overlap the earlier one
    tz.from_local_datetime(&t).earliest().or_else(|| tz.from_local_datetime(&(t + Duration::hours(1))).earliest()).expect("a valid local time")
}

/// A date as a player writes it: `2026-11-25 20:00`, `2026-11-25T20:00`,
/// `25/11/2026 20:00`, `2026-11-25` (then `end_of_day` picks 23:59 or 00:00), or
/// a relative `+48h` / `in 2 days`.
pub fn parse_date(text: &str, tz: Tz, now: i64, end_of_day: bool) -> Result<i64, String> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    if let Some(rel) = lower.strip_prefix('+').or_else(|| lower.strip_prefix("in ")) {
        return Ok(now + parse_duration(rel)?);
    }
    let norm = t.replace('T', " ");
    for fmt in ["%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%d/%m/%Y %H:%M", "%Y/%m/%d %H:%M"] {
        if let Ok(dt) = NaiveDateTime::parse_from_str(&norm, fmt) {
            return Ok(local_time(tz, dt).timestamp());
        }
    }
    for fmt in ["%Y-%m-%d", "%d/%m/%Y", "%Y/%m/%d"] {
        if let Ok(d) = NaiveDate::parse_from_str(&norm, fmt) {
            let time = if end_of_day { NaiveTime::from_hms_opt(23, 59, 0) } else { NaiveTime::from_hms_opt(0, 0, 0) }.expect("valid time");
            return Ok(local_time(tz, d.and_time(time)).timestamp());
        }
    }
    Err(format!("`{t}` is not a date: write YYYY-MM-DD HH:MM (time zone {tz}), or +48h"))
}

/// `Wed 25 Nov 2026 20:00 UTC`.
pub fn format_time(t: i64, tz: Tz) -> String {
    match tz.timestamp_opt(t, 0).single() {
        Some(d) => d.format("%a %d %b %Y %H:%M %Z").to_string(),
        None => format!("@{t}"),
    }
}

/// `2 days 4 hours`, for "time left" lines.
pub fn format_span(secs: i64) -> String {
    let s = secs.abs();
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

    fn at(s: &str) -> i64 {
        parse_date(s, Tz::UTC, 0, false).unwrap()
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("24 hours").unwrap(), 86_400);
        assert_eq!(parse_duration("48h").unwrap(), 172_800);
        assert_eq!(parse_duration("1d 12h").unwrap(), 129_600);
        assert_eq!(parse_duration("30 minutes").unwrap(), 1800);
        assert!(parse_duration("soon").is_err());
        assert!(parse_duration("12").is_err());
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
    fn dates() {
        let tz: Tz = "America/New_York".parse().unwrap();
        let t = parse_date("2026-11-25 20:00", tz, 0, false).unwrap();
        assert_eq!(format_time(t, Tz::UTC), "Thu 26 Nov 2026 01:00 UTC");
        assert_eq!(parse_date("+48h", tz, 1000, false).unwrap(), 1000 + 172_800);
        let d = parse_date("2026-11-25", Tz::UTC, 0, true).unwrap();
        assert_eq!(format_time(d, Tz::UTC), "Wed 25 Nov 2026 23:59 UTC");
        assert!(parse_date("next tuesday", tz, 0, false).is_err());
    }
}
