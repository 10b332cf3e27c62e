//! njudge's timing parameters, as its `deadlines` help file lists them and
//! its veterans write them after `SET MOVES`, `SET RETREATS` or `SET
//! BUILDS`: `CLOCK 1410 MIN 12 NEXT 71 GRACE 167 DELAY 0.5 DAYS -MTWTF-`,
//! any of them, in any order.
//!
//! - `NEXT h`: the deadline at least `h` hours (decimals allowed) after the
//!   phase begins;
//! - `CLOCK m`: then at `m` minutes past midnight (`-1`: any time);
//! - `DAYS xxxxxxx`: a letter a day from Sunday to Saturday, upper case for a
//!   day a deadline may fall on, lower case for one where it may fall only
//!   from noon on, `-` for one where it may not (njudge reads this one word
//!   case-sensitively, and so do we);
//! - `MIN h`: the phase is not processed before `h` hours, even with every
//!   order in (at most `NEXT`: a longer one is refused);
//! - `GRACE h` and `DELAY h`: the grace period and the delay of this kind
//!   of phase, kept beside its timing as njudge keeps them (the command
//!   layer stores them; a kind without its own has the game's `SET GRACE`
//!   and `SET DELAY`).
//!
//! Parameters left out keep their values (`SET MOVES NEXT 48` keeps the clock
//! and the days), as in njudge; the rule is stored in this same form, written
//! by [`NjudgeTiming::text`].

use super::{MAX_DELAY_SECS, MAX_DURATION_SECS, NOON, TimeError, Timing};
use chrono::{NaiveTime, Weekday};

/// The parameters a master wrote; `None`: not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NjudgeParams {
    /// `Some(None)`: `CLOCK -1`.
    pub clock: Option<Option<NaiveTime>>,
    pub min_secs: Option<i64>,
    pub next_secs: Option<i64>,
    pub grace_secs: Option<i64>,
    pub delay_secs: Option<i64>,
    pub days: Option<Days>,
}

/// njudge's `DAYS` word: for each weekday whether a deadline may fall on it,
/// and whether only from noon on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Days([DayRule; 7]);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DayRule {
    Never,
    Any,
    FromNoon,
}

/// Sunday first, as njudge writes the week.
const WEEK: [(Weekday, char); 7] =
    [(Weekday::Sun, 'S'), (Weekday::Mon, 'M'), (Weekday::Tue, 'T'), (Weekday::Wed, 'W'), (Weekday::Thu, 'T'), (Weekday::Fri, 'F'), (Weekday::Sat, 'S')];

impl Days {
    /// Every day, any time.
    pub const ALL: Days = Days([DayRule::Any; 7]);

    fn parse(word: &str) -> Result<Days, TimeError> {
        let bad = || TimeError::NjudgeDays { word: word.to_string() };
        let chars: Vec<char> = word.chars().collect();
        if chars.len() != 7 {
            return Err(bad());
        }
        let mut rules = [DayRule::Never; 7];
        for (i, c) in chars.into_iter().enumerate() {
            rules[i] = match c {
                '-' => DayRule::Never,
                c if c == WEEK[i].1 => DayRule::Any,
                c if c == WEEK[i].1.to_ascii_lowercase() => DayRule::FromNoon,
                _ => return Err(bad()),
            };
        }
        if rules.iter().all(|r| *r == DayRule::Never) {
            return Err(TimeError::NoDays);
        }
        Ok(Days(rules))
    }

    /// From a timing's days (none: every day) and its days from noon.
    fn of(days: &[Weekday], from_noon: &[Weekday]) -> Days {
        Days(WEEK.map(|(d, _)| match (days.is_empty() || days.contains(&d), from_noon.contains(&d)) {
            (false, _) => DayRule::Never,
            (true, false) => DayRule::Any,
            (true, true) => DayRule::FromNoon,
        }))
    }

    /// The days a deadline may fall on (none when every day may) and those
    /// of them where only from noon on.
    fn split(self) -> (Vec<Weekday>, Vec<Weekday>) {
        let may: Vec<Weekday> = WEEK.iter().zip(self.0).filter(|(_, r)| *r != DayRule::Never).map(|((d, _), _)| *d).collect();
        let noon = WEEK.iter().zip(self.0).filter(|(_, r)| *r == DayRule::FromNoon).map(|((d, _), _)| *d).collect();
        (if may.len() == 7 { Vec::new() } else { may }, noon)
    }

    fn word(self) -> String {
        WEEK.iter()
            .zip(self.0)
            .map(|((_, c), r)| match r {
                DayRule::Never => '-',
                DayRule::Any => *c,
                DayRule::FromNoon => c.to_ascii_lowercase(),
            })
            .collect()
    }
}

const KEYWORDS: [&str; 6] = ["clock", "min", "next", "grace", "delay", "days"];

/// Whether `word` is a number as njudge writes hours: digits, at most one
/// point, an optional minus (refused later, with its own message).
fn numeric(word: &str) -> bool {
    let w = word.strip_prefix('-').unwrap_or(word);
    !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit() || b == b'.') && w.bytes().filter(|&b| b == b'.').count() <= 1 && w != "."
}

impl NjudgeParams {
    /// Reads `text` if it is in njudge's form: pairs of a parameter's name and
    /// its value, the first a `NEXT` with a bare number or another name.
    /// `None`: not this form (`next 48 hours at 20:00` is the judge's own).
    pub fn parse(text: &str) -> Option<Result<NjudgeParams, TimeError>> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let key = |w: &str| KEYWORDS.iter().copied().find(|k| k.eq_ignore_ascii_case(w));
        if words.is_empty() || !words.len().is_multiple_of(2) || words.chunks(2).any(|p| key(p[0]).is_none()) {
            return None;
        }
        if key(words[0]) == Some("next") && !numeric(words[1]) {
            return None;
        }
        Some(Self::read(&words, key))
    }

    fn read(words: &[&str], key: impl Fn(&str) -> Option<&'static str>) -> Result<NjudgeParams, TimeError> {
        let mut p = NjudgeParams::default();
        for pair in words.chunks(2) {
            let (k, value) = (key(pair[0]).unwrap_or_default(), pair[1]);
            let twice = || TimeError::NjudgeTwice { word: k.to_ascii_uppercase() };
            let hours = |limit: i64| read_hours(k, value, limit);
            match k {
                "clock" if p.clock.is_none() => p.clock = Some(read_clock(value)?),
                "min" if p.min_secs.is_none() => p.min_secs = Some(hours(MAX_DURATION_SECS)?),
                "next" if p.next_secs.is_none() => p.next_secs = Some(hours(MAX_DURATION_SECS)?),
                "grace" if p.grace_secs.is_none() => p.grace_secs = Some(hours(MAX_DURATION_SECS)?),
                "delay" if p.delay_secs.is_none() => p.delay_secs = Some(hours(MAX_DELAY_SECS)?),
                "days" if p.days.is_none() => p.days = Some(Days::parse(value)?),
                _ => return Err(twice()),
            }
        }
        Ok(p)
    }

    /// The phase's timing these parameters make from `base` (the rule now:
    /// its clock, days and minimum kept where not given; a cron rule or none
    /// gives no clock, every day, no minimum and 24 hours).
    pub fn timing(&self, base: Option<&Timing>) -> NjudgeTiming {
        let mut t = match base {
            Some(Timing::Hours { secs, at, days, from_noon, min_secs }) => {
                NjudgeTiming { next_secs: *secs, clock: *at, days: Days::of(days, from_noon), min_secs: *min_secs }
            }
            _ => NjudgeTiming { next_secs: 86_400, clock: None, days: Days::ALL, min_secs: 0 },
        };
        if let Some(c) = self.clock {
            t.clock = c;
        }
        if let Some(d) = self.days {
            t.days = d;
        }
        if let Some(m) = self.min_secs {
            t.min_secs = m;
        }
        if let Some(n) = self.next_secs {
            t.next_secs = n;
        }
        t
    }

    /// Whether any parameter of the phase's timing is given (CLOCK, MIN,
    /// NEXT, DAYS), not only the game's GRACE or DELAY.
    pub fn names_timing(&self) -> bool {
        self.clock.is_some() || self.min_secs.is_some() || self.next_secs.is_some() || self.days.is_some()
    }

    /// The parameters that are no phase's timing rule (GRACE, DELAY: the
    /// game keeps them beside the rules).
    pub fn game_wide(&self) -> Option<&'static str> {
        if self.grace_secs.is_some() {
            Some("GRACE")
        } else if self.delay_secs.is_some() {
            Some("DELAY")
        } else {
            None
        }
    }
}

/// A phase kind's timing in njudge's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NjudgeTiming {
    pub next_secs: i64,
    pub clock: Option<NaiveTime>,
    pub days: Days,
    pub min_secs: i64,
}

impl NjudgeTiming {
    /// The rule as stored and shown: `clock 1410 min 12 next 71 days
    /// -MTWTF-`, the clock, minimum and days only when they say something.
    pub fn text(&self) -> String {
        use chrono::Timelike;
        let mut out = Vec::new();
        if let Some(c) = self.clock {
            out.push(format!("clock {}", c.hour() * 60 + c.minute()));
        }
        if self.min_secs > 0 {
            out.push(format!("min {}", hours_word(self.min_secs)));
        }
        out.push(format!("next {}", hours_word(self.next_secs)));
        if self.days != Days::ALL {
            out.push(format!("days {}", self.days.word()));
        }
        out.join(" ")
    }

    /// Whether a deadline can fall at all: not when the clock is before noon
    /// and every day allowed takes deadlines only from noon on; and whether
    /// the phase may be processed by then: not when `MIN` is longer than
    /// `NEXT` (equal is allowed).
    pub fn check(&self) -> Result<(), TimeError> {
        if self.min_secs > self.next_secs {
            return Err(TimeError::NjudgeMinOverNext { min: hours_word(self.min_secs), next: hours_word(self.next_secs) });
        }
        let morning = self.clock.is_some_and(|c| c < NOON);
        if morning && self.days.0.iter().all(|r| *r != DayRule::Any) {
            return Err(TimeError::NoDays);
        }
        Ok(())
    }

    /// As a [`Timing`].
    pub fn to_timing(self) -> Timing {
        let (days, from_noon) = self.days.split();
        Timing::Hours { secs: self.next_secs, at: self.clock, days, from_noon, min_secs: self.min_secs }
    }
}

/// Hours as njudge writes them: `71`, `0.5`, `1.25` (to a ten-thousandth of
/// an hour, which reads back to the same second).
fn hours_word(secs: i64) -> String {
    if secs % 3600 == 0 {
        return (secs / 3600).to_string();
    }
    let s = format!("{:.4}", secs as f64 / 3600.0);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `k`'s value in hours (a number, decimals allowed), as seconds, at most `limit`.
fn read_hours(k: &str, value: &str, limit: i64) -> Result<i64, TimeError> {
    let word = k.to_ascii_uppercase();
    if value.starts_with('-') {
        return Err(TimeError::Negative { text: format!("{word} {value}") });
    }
    let h: f64 = value.parse().ok().filter(|_| numeric(value)).ok_or_else(|| TimeError::NjudgeHours { word: word.clone(), value: value.to_string() })?;
    let secs = h * 3600.0;
    if !secs.is_finite() || secs.round() > limit as f64 {
        return Err(if k == "delay" {
            TimeError::DelayTooLong { text: format!("{word} {value}") }
        } else {
            TimeError::TooLong { text: format!("{word} {value}") }
        });
    }
    Ok(secs.round() as i64)
}

/// `CLOCK m`: minutes past midnight, 0 to 1439, or any negative number for none.
fn read_clock(value: &str) -> Result<Option<NaiveTime>, TimeError> {
    let bad = || TimeError::NjudgeClock { value: value.to_string() };
    let m: i64 = value.parse().map_err(|_| bad())?;
    if m < 0 {
        return Ok(None);
    }
    let m = u32::try_from(m).ok().filter(|m| *m < 1440).ok_or_else(bad)?;
    NaiveTime::from_hms_opt(m / 60, m % 60, 0).map(Some).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(text: &str) -> NjudgeParams {
        NjudgeParams::parse(text).unwrap_or_else(|| panic!("{text}: not njudge's form")).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn njudges_default_lines_read() {
        let p = params("CLOCK 1410 MIN 12.00 NEXT 71.00 GRACE 167.00 DELAY 0.50 DAYS -MTWTF-");
        assert_eq!(p.clock, Some(NaiveTime::from_hms_opt(23, 30, 0)));
        assert_eq!((p.min_secs, p.next_secs, p.grace_secs, p.delay_secs), (Some(43_200), Some(255_600), Some(601_200), Some(1800)));
        let t = p.timing(None);
        assert_eq!(t.text(), "clock 1410 min 12 next 71 days -MTWTF-");
        let Timing::Hours { days, from_noon, .. } = t.to_timing() else { panic!() };
        assert_eq!(days, vec![Weekday::Mon, Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri]);
        assert!(from_noon.is_empty());
        assert_eq!(params("clock -1 next 23").clock, Some(None));
        assert_eq!(params("days SmTWTFs").days.map(|d| d.word()).as_deref(), Some("SmTWTFs"));
    }

    #[test]
    fn only_njudges_form_is_read_here() {
        for text in ["next 48 hours", "48h", "next 2 days at 20:00", "next 1d", "cron: 0 0 20 * * *", "", "NEXT", "CLOCK 1200 NEXT"] {
            assert!(NjudgeParams::parse(text).is_none(), "{text}");
        }
    }

    #[test]
    fn wrong_values_are_named() {
        let err = |text: &str| NjudgeParams::parse(text).expect("njudge's form").expect_err(text).to_string();
        assert!(err("CLOCK 1440").contains("1440"));
        assert!(err("CLOCK 25:00 NEXT 48").contains("25:00"));
        assert!(err("DAYS -MTWTF").contains("-MTWTF"));
        assert!(err("DAYS -MTWTFX").contains("-MTWTFX"));
        assert!(err("DAYS -mtwtf-x").contains("-mtwtf-x"));
        assert!(err("DAYS -------").contains("no days"));
        assert!(err("NEXT 48 NEXT 24").contains("NEXT"));
        assert!(err("MIN 1.2.3").contains("1.2.3"));
        assert!(err("CLOCK 600 NEXT 1.2.3").contains("1.2.3"));
        // a first NEXT that is not a bare number is the judge's own form
        assert!(NjudgeParams::parse("NEXT 1.2.3").is_none());
        assert!(err("MIN -1").contains("negative"));
        // a morning clock on days that take deadlines from noon only: none would fall
        assert_eq!(params("CLOCK 600 DAYS -mtwtf-").timing(None).check(), Err(TimeError::NoDays));
        assert_eq!(params("CLOCK 720 DAYS -mtwtf-").timing(None).check(), Ok(()));
        assert_eq!(params("CLOCK 600 DAYS -mTwtf-").timing(None).check(), Ok(()));
        // the limits: a period up to a year, a delay up to a day
        assert_eq!(params("NEXT 8760").next_secs, Some(MAX_DURATION_SECS));
        assert!(err("NEXT 8760.01").contains("at most"));
        assert!(err("NEXT 10000000000000").contains("at most"));
        assert_eq!(params("DELAY 24").delay_secs, Some(MAX_DELAY_SECS));
        assert!(err("DELAY 24.5").contains("at most"));
    }

    #[test]
    fn min_may_be_at_most_next() {
        // at the limit: MIN as long as NEXT
        assert_eq!(params("MIN 71 NEXT 71").timing(None).check(), Ok(()));
        assert_eq!(params("MIN 8760 NEXT 8760").timing(None).check(), Ok(()));
        // past it, by a second's worth of hours and by a year
        let over = TimeError::NjudgeMinOverNext { min: "71.0003".into(), next: "71".into() };
        assert_eq!(params("MIN 71.0003 NEXT 71").timing(None).check(), Err(over));
        let over = TimeError::NjudgeMinOverNext { min: "8760".into(), next: "1".into() };
        assert_eq!(params("MIN 8760 NEXT 1").timing(None).check(), Err(over.clone()));
        assert_eq!(Timing::parse("MIN 8760 NEXT 1").err(), Some(over));
        // one of them given, the other kept from the rule before
        let base = params("MIN 12 NEXT 71").timing(None).to_timing();
        assert_eq!(params("NEXT 12").timing(Some(&base)).check(), Ok(()));
        assert_eq!(params("NEXT 11").timing(Some(&base)).check(), Err(TimeError::NjudgeMinOverNext { min: "12".into(), next: "11".into() }));
        assert_eq!(params("MIN 71").timing(Some(&base)).check(), Ok(()));
        assert_eq!(params("MIN 72").timing(Some(&base)).check(), Err(TimeError::NjudgeMinOverNext { min: "72".into(), next: "71".into() }));
        // no rule before: NEXT is 24 hours
        assert_eq!(params("MIN 25").timing(None).check(), Err(TimeError::NjudgeMinOverNext { min: "25".into(), next: "24".into() }));
    }

    #[test]
    fn parameters_left_out_keep_their_values() {
        let base = params("CLOCK 1410 MIN 12 NEXT 71 DAYS -MTWTF-").timing(None).to_timing();
        let t = params("NEXT 48").timing(Some(&base));
        assert_eq!(t.text(), "clock 1410 min 12 next 48 days -MTWTF-");
        assert_eq!(params("CLOCK -1 MIN 0").timing(Some(&base)).text(), "next 71 days -MTWTF-");
        // from the judge's own form, and from a cron rule
        let own = Timing::parse("next 36 hours at 20:00 on Mon-Fri").unwrap();
        assert_eq!(params("DAYS SMTWTFS").timing(Some(&own)).text(), "clock 1200 next 36");
        assert_eq!(params("DAYS sMTWTFs").timing(Some(&own)).text(), "clock 1200 next 36 days sMTWTFs");
        let cron = Timing::parse("cron: 0 0 20 * * Mon").unwrap();
        assert_eq!(params("CLOCK 600").timing(Some(&cron)).text(), "clock 600 next 24");
    }

    #[test]
    fn hours_read_back_to_the_same_second() {
        for secs in [3600, 5400, 1800, 3601, 7199, 100_000, 255_600, 31_535_999] {
            let word = hours_word(secs);
            assert_eq!(read_hours("next", &word, MAX_DURATION_SECS).unwrap(), secs, "{word}");
        }
    }
}
