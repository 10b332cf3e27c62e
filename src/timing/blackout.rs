//! Blackout days: spans of dates on which no deadline (nor the end of a
//! grace period) falls. A time inside one moves to the same clock time on
//! the first day after it.

use super::{MAX_TIME, local_time};
use chrono::{Duration, NaiveDate};
use chrono_tz::Tz;

/// The most blackout spans a game keeps.
pub const MAX_BLACKOUTS: usize = 12;

/// The longest blackout span: 31 days.
pub const MAX_BLACKOUT_DAYS: i64 = 31;

/// Days `from` to `to`, both included, in the game's zone. Stored as the
/// text `2026-12-24..2026-12-26`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blackout {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl Blackout {
    /// Whether the day `d` lies in it.
    pub fn contains(&self, d: NaiveDate) -> bool {
        self.from <= d && d <= self.to
    }

    /// Its length in days.
    pub fn days(&self) -> i64 {
        (self.to - self.from).num_days() + 1
    }
}

/// `t`, or when its day (in `tz`) is blacked out, the same clock time on
/// the first day after the spans it falls in. Never before `t`; `t` itself
/// when it cannot be shown in `tz` or the move would pass [`MAX_TIME`].
pub fn out_of_blackout(t: i64, tz: Tz, spans: &[Blackout]) -> i64 {
    let Some(local) = super::in_zone(&tz, t) else { return t };
    let clock = local.naive_local();
    let mut day = clock.date();
    // each pass leaves at least one span behind: at most one pass per span
    for _ in 0..=spans.len() {
        match spans.iter().filter(|s| s.contains(day)).map(|s| s.to).max() {
            Some(end) => day = end + Duration::days(1),
            None => break,
        }
    }
    if day == clock.date() {
        return t;
    }
    local_time(tz, day.and_time(clock.time())).map(|d| d.timestamp()).filter(|&n| n > t && n <= MAX_TIME).unwrap_or(t)
}

impl std::fmt::Display for Blackout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}..{}", self.from.format("%Y-%m-%d"), self.to.format("%Y-%m-%d"))
    }
}

impl serde::Serialize for Blackout {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Blackout {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Blackout, D::Error> {
        let text = String::deserialize(d)?;
        let bad = || serde::de::Error::custom(format!("`{text}` is not a span of dates"));
        let (a, b) = text.split_once("..").ok_or_else(bad)?;
        let date = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| bad());
        let span = Blackout { from: date(a)?, to: date(b)? };
        if span.to < span.from {
            return Err(bad());
        }
        Ok(span)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(a: &str, b: &str) -> Blackout {
        Blackout { from: a.parse().unwrap(), to: b.parse().unwrap() }
    }

    #[test]
    fn a_time_in_a_blackout_moves_to_the_day_after_at_its_clock_time() {
        let paris = Tz::Europe__Paris;
        let t = |s: &str| super::super::parse_date(s, paris, 1_793_491_200, false).unwrap();
        let xmas = [span("2026-12-24", "2026-12-26")];
        assert_eq!(out_of_blackout(t("2026-12-25 20:00"), paris, &xmas), t("2026-12-27 20:00"));
        assert_eq!(out_of_blackout(t("2026-12-24 00:00"), paris, &xmas), t("2026-12-27 00:00"));
        assert_eq!(out_of_blackout(t("2026-12-23 23:59"), paris, &xmas), t("2026-12-23 23:59"));
        assert_eq!(out_of_blackout(t("2026-12-27 00:00"), paris, &xmas), t("2026-12-27 00:00"));
        // spans that touch or overlap are left together, in any order
        let chain = [span("2026-12-27", "2026-12-28"), span("2026-12-24", "2026-12-26"), span("2026-12-28", "2026-12-30")];
        assert_eq!(out_of_blackout(t("2026-12-24 20:00"), paris, &chain), t("2026-12-31 20:00"));
        // in UTC the 25th ends an hour later than in Paris
        assert_eq!(out_of_blackout(t("2026-12-27 00:30"), Tz::UTC, &xmas), t("2026-12-27 00:30") + 86_400);
    }

    #[test]
    fn blackouts_are_stored_as_text_and_read_back_strictly() {
        let s = span("2026-12-24", "2026-12-26");
        assert_eq!(serde_json::to_string(&s).unwrap(), r#""2026-12-24..2026-12-26""#);
        assert_eq!(serde_json::from_str::<Blackout>(r#""2026-12-24..2026-12-26""#).unwrap(), s);
        assert_eq!(s.days(), 3);
        for bad in [r#""2026-12-26..2026-12-24""#, r#""2026-12-24""#, r#""xmas..2026-12-24""#, "3"] {
            assert!(serde_json::from_str::<Blackout>(bad).is_err(), "{bad}");
        }
    }
}
