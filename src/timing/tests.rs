//! The timing rules' and dates' tests.
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
    assert!(matches!(old.timing(), Timing::Hours { secs: 86_400, at: None, days, .. } if days.is_empty()));
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
fn njudges_own_parameters() {
    let deadline = |rule: &str, now: &str| format_time(Timing::parse(rule).unwrap().next_deadline(at(now), Tz::UTC), Tz::UTC);
    // njudge's example (data/deadlines): processed at 23:35 on a Monday,
    // NEXT 71 with CLOCK 1410 is Thursday 23:30; NEXT 72 slides to Friday
    assert_eq!(deadline("clock 1410 next 71 days -MTWTF-", "2026-11-23 23:35"), "Thu 26 Nov 2026 23:30 UTC");
    assert_eq!(deadline("CLOCK 1410 NEXT 72 DAYS -MTWTF-", "2026-11-23 23:35"), "Fri 27 Nov 2026 23:30 UTC");
    // a weekend slides to Monday
    assert_eq!(deadline("clock 1410 next 71 days -MTWTF-", "2026-11-25 23:35"), "Mon 30 Nov 2026 23:30 UTC");
    // a lower-case day: from noon on (without a clock, moved to noon; with a
    // morning clock, that day is passed over)
    assert_eq!(deadline("next 24 days SmTWTFS", "2026-11-22 08:00"), "Mon 23 Nov 2026 12:00 UTC");
    assert_eq!(deadline("next 24 days SmTWTFS", "2026-11-22 13:00"), "Mon 23 Nov 2026 13:00 UTC");
    assert_eq!(deadline("clock 600 next 20 days SmTWTFS", "2026-11-22 08:00"), "Tue 24 Nov 2026 10:00 UTC");
    assert_eq!(deadline("clock 780 next 20 days SmTWTFS", "2026-11-22 08:00"), "Mon 23 Nov 2026 13:00 UTC");
    // a decimal NEXT; CLOCK -1 is no clock
    assert_eq!(deadline("next 1.5 clock -1", "2026-11-22 08:00"), "Sun 22 Nov 2026 09:30 UTC");
    // MIN is kept for the processing (see play::deadline), not the deadline
    let Timing::Hours { min_secs, .. } = Timing::parse("min 12 next 71").unwrap() else { panic!() };
    assert_eq!(min_secs, 12 * 3600);
    // GRACE and DELAY are the game's: a phase's rule alone refuses them
    assert_eq!(Timing::parse("next 48 grace 72").unwrap_err(), TimeError::NjudgeGameWide { word: "GRACE".into() });
    // the shortest phase
    assert!(matches!(Timing::parse("next 0.99"), Err(TimeError::TooShort { .. })));
    assert!(Timing::parse("next 1").is_ok());
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
    let t = Timing::Hours { secs: 1, at: None, days: vec![], from_noon: vec![], min_secs: 0 };
    assert_eq!(t.next_deadline(NOW, Tz::UTC), NOW + MIN_PHASE_SECS);
    let t = Timing::Hours { secs: i64::MAX, at: None, days: vec![], from_noon: vec![], min_secs: 0 };
    assert_eq!(t.next_deadline(NOW, Tz::UTC), NOW + MAX_DURATION_SECS);
    let t = Timing::Hours { secs: i64::MIN, at: Some(NaiveTime::MIN), days: vec![Weekday::Sun], from_noon: vec![Weekday::Sun], min_secs: 0 };
    assert!(t.next_deadline(NOW, Tz::UTC) >= NOW + MIN_PHASE_SECS);
}

#[test]
fn cron_timing_in_a_time_zone() {
    let now = at("2026-11-22 10:00");
    let t = Timing::parse("cron: 0 0 18 * * Mon,Thu").unwrap();
    let tz: Tz = "Europe/Berlin".parse().unwrap();
    assert_eq!(format_time(t.next_deadline(now, tz), tz), "Mon 23 Nov 2026 18:00 CET (Europe/Berlin)");
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
    assert_eq!(format_time(d, apia), "Sat 31 Dec 2011 20:00 +14 (Pacific/Apia)");
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
        fn hand_built_timings_never_panic(secs in any::<i64>(), h in 0u32..24, m in 0u32..60, use_at in any::<bool>(), days in prop::collection::vec(0u8..7, 0..4), noon in prop::collection::vec(0u8..7, 0..7), min_secs in any::<i64>(), now in instant(), tz in zone()) {
            let at = if use_at { NaiveTime::from_hms_opt(h, m, 0) } else { None };
            let days = days.into_iter().map(|d| Weekday::try_from(d).unwrap_or(Weekday::Mon)).collect();
            let from_noon = noon.into_iter().map(|d| Weekday::try_from(d).unwrap_or(Weekday::Mon)).collect();
            let t = Timing::Hours { secs, at, days, from_noon, min_secs };
            prop_assert!(t.next_deadline(now, tz) >= now.saturating_add(MIN_PHASE_SECS));
        }

        #[test]
        fn a_floor_and_a_deadline_day_never_go_back(s in timing_text(), now in instant(), floor in instant(), tz in zone()) {
            if let Ok(t) = Timing::parse(&s) {
                let d = t.next_deadline_from(now, floor, tz);
                prop_assert!(d >= now.saturating_add(MIN_PHASE_SECS) && d >= floor.min(MAX_TIME), "{} at {} from {}: {}", s, now, floor, d);
                prop_assert!(d >= t.next_deadline(now, tz) || !(MIN_TIME..=MAX_TIME).contains(&now), "{} at {} from {}: {}", s, now, floor, d);
                let g = t.on_a_deadline_day(floor, tz);
                prop_assert!(g >= floor, "{} from {}: {}", s, floor, g);
                if matches!(t, Timing::Hours { .. }) {
                    prop_assert!(g <= floor.saturating_add(8 * 86_400), "{} from {}: {}", s, floor, g);
                }
            }
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

/// `parse_date` at [`NOW`] (a Sunday) in UTC, deadlines' default time (23:30).
fn when(s: &str) -> Result<String, TimeError> {
    parse_date(s, Tz::UTC, NOW, DayTime::DEADLINE).map(|t| format_time(t, Tz::UTC))
}

#[test]
fn njudge_date_words_in_any_order() {
    let ok = |s: &str| when(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert_eq!(ok("Friday 20:00"), "Fri 06 Nov 2026 20:00 UTC");
    assert_eq!(ok("fri"), "Fri 06 Nov 2026 23:30 UTC");
    // a weekday is the next such day after today (today is a Sunday)
    assert_eq!(ok("Sun 10:00"), "Sun 08 Nov 2026 10:00 UTC");
    for s in ["Dec 30 18:00", "30 dec 18:00", "Dec 18:00 30", "December 30th, 18:00", "wed 30 Dec 6pm"] {
        assert_eq!(ok(s), "Wed 30 Dec 2026 18:00 UTC", "{s}");
    }
    assert_eq!(ok("tomorrow 18:00"), "Mon 02 Nov 2026 18:00 UTC");
    assert_eq!(ok("today 8:30 pm"), "Sun 01 Nov 2026 20:30 UTC");
    assert_eq!(ok("12am tomorrow"), "Mon 02 Nov 2026 00:00 UTC");
    // a day alone: the next such day; the 31st skips November
    assert_eq!(ok("15"), "Sun 15 Nov 2026 23:30 UTC");
    assert_eq!(ok("31 12:00"), "Thu 31 Dec 2026 12:00 UTC");
    // a month alone: its last day; a time alone: today
    assert_eq!(ok("Dec"), "Thu 31 Dec 2026 23:30 UTC");
    assert_eq!(ok("19:00"), "Sun 01 Nov 2026 19:00 UTC");
    assert_eq!(ok("15 Jun 2027 12:00"), "Tue 15 Jun 2027 12:00 UTC");
    // ISO as before, and durations
    assert_eq!(ok("2026-12-01 20:00"), "Tue 01 Dec 2026 20:00 UTC");
    assert_eq!(ok("2026-12-01t20:00"), "Tue 01 Dec 2026 20:00 UTC");
    assert_eq!(ok("2026-12-01"), "Tue 01 Dec 2026 23:30 UTC");
    assert_eq!(parse_date("+2d", Tz::UTC, NOW, false).unwrap(), NOW + 2 * 86_400);
    assert_eq!(parse_date("+36h", Tz::UTC, NOW, false).unwrap(), NOW + 36 * 3600);
    assert_eq!(parse_date("+1w", Tz::UTC, NOW, false).unwrap(), NOW + 7 * 86_400);
    assert_eq!(parse_date("+90m", Tz::UTC, NOW, false).unwrap(), NOW + 90 * 60);
}

#[test]
fn a_date_may_name_its_time_zone() {
    let ok = |s: &str| when(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert_eq!(ok("Friday 20:00 CET"), "Fri 06 Nov 2026 19:00 UTC");
    // an abbreviation is its own offset, whatever the season
    assert_eq!(ok("2027-07-01 20:00 CET"), "Thu 01 Jul 2027 19:00 UTC");
    assert_eq!(ok("2027-07-01 20:00 CEST"), "Thu 01 Jul 2027 18:00 UTC");
    // a named zone keeps its rules
    assert_eq!(ok("Dec 30 18:00 America/New_York"), "Wed 30 Dec 2026 23:00 UTC");
    assert_eq!(ok("2027-07-01 20:00 europe/paris"), "Thu 01 Jul 2027 18:00 UTC");
    assert_eq!(ok("2026-12-30 18:00 +01:00"), "Wed 30 Dec 2026 17:00 UTC");
    // today where the zone is: still 31 October at UTC-5
    assert_eq!(ok("18:00 -0500"), "Sat 31 Oct 2026 23:00 UTC");
    assert_eq!(ok("18:00 UTC+2"), "Sun 01 Nov 2026 16:00 UTC");
    assert_eq!(ok("18:00 PST"), "Sun 01 Nov 2026 02:00 UTC");
    // the writer's zone: the date is read in it
    let ny: Tz = "America/New_York".parse().unwrap();
    assert_eq!(format_time(parse_date("Fri 20:00", ny, NOW, false).unwrap(), Tz::UTC), "Sat 07 Nov 2026 01:00 UTC");
    // 14 hours from UTC at most
    assert_eq!(ok("18:00 +14:00"), "Sun 01 Nov 2026 04:00 UTC");
    assert!(matches!(when("18:00 +14:01"), Err(TimeError::DateWord { .. })));
    assert!(matches!(when("Fri 20:00 IST"), Err(TimeError::AmbiguousZone { choices, .. }) if choices.len() == 3));
    let e = when("Fri 20:00 IST").unwrap_err().to_string();
    assert!(e.contains("Asia/Kolkata, Europe/Dublin, Asia/Jerusalem"), "{e}");
}

#[test]
fn date_words_refused_with_what_is_wrong() {
    let err = |s: &str| when(s).map(|d| panic!("{s}: {d}")).unwrap_err();
    assert!(matches!(err("Friday Dec 30"), TimeError::WrongWeekday { weekday: Weekday::Wed, .. }));
    assert_eq!(err("Friday Dec 30").to_string(), "`Friday Dec 30`: 2026-12-30 is a Wednesday");
    assert!(matches!(err("Feb 30"), TimeError::NoSuchDate { .. }));
    assert!(matches!(err("Dec Jan"), TimeError::DateTwice { part: DatePart::Month, .. }));
    assert!(matches!(err("20:00 21:00"), TimeError::DateTwice { part: DatePart::Time, .. }));
    assert!(matches!(err("today 2026-12-01"), TimeError::DateTwice { part: DatePart::Date, .. }));
    assert!(matches!(err("2027 15"), TimeError::YearWithoutMonth { .. }));
    assert!(matches!(err("Friday 20:00 XYZ"), TimeError::DateWord { word, .. } if word == "XYZ"));
    assert!(matches!(err("25:00"), TimeError::DateWord { .. }));
    assert!(matches!(err("13pm"), TimeError::DateWord { .. }));
    assert!(matches!(err("32"), TimeError::DateWord { .. }));
    assert!(matches!(err(""), TimeError::NotADate { .. }));
    assert!(err("next tuesday").to_string().contains("not a date"));
}

#[test]
fn a_left_out_year_reaches_120_days_ahead_and_no_further() {
    // NOW + 120 days is 1 March 2027 00:00
    assert_eq!(when("Mar 1 00:00").unwrap(), "Mon 01 Mar 2027 00:00 UTC");
    assert_eq!(parse_date("Mar 1 00:00", Tz::UTC, NOW, false).unwrap(), NOW + IMPLIED_YEAR_AHEAD_SECS);
    let e = when("Mar 1 00:01").unwrap_err();
    assert!(matches!(&e, TimeError::ImpliedYearTooFar { date, .. } if date == "2027-03-01"), "{e}");
    assert!(e.to_string().contains("more than 120 days ahead: write the year, month and day"), "{e}");
    // January, written in November, is next January; October has passed
    assert_eq!(when("Jan 10 12:00").unwrap(), "Sun 10 Jan 2027 12:00 UTC");
    assert!(matches!(when("Oct 31"), Err(TimeError::ImpliedYearTooFar { .. })));
    // with the year written, up to MAX_DEADLINE_AHEAD_SECS as before
    assert_eq!(when("Oct 31 2027 12:00").unwrap(), "Sun 31 Oct 2027 12:00 UTC");
}

#[test]
fn local_times_the_clocks_skip_or_repeat() {
    let london: Tz = "Europe/London".parse().unwrap();
    let utc = |s: &str| format_time(parse_date(s, london, NOW, false).unwrap(), Tz::UTC);
    // 01:30 on 28 March 2027 does not exist in London: read as 02:30 BST
    assert_eq!(utc("2027-03-28 01:30"), "Sun 28 Mar 2027 01:30 UTC");
    // 01:30 on 25 October 2026 happens twice: the first (BST)
    assert_eq!(utc("2026-10-25 01:30"), "Sun 25 Oct 2026 00:30 UTC");
}

#[test]
fn time_zones_by_name() {
    assert_eq!(parse_zone("europe/paris").unwrap(), Tz::Europe__Paris);
    assert_eq!(parse_zone(" Asia/Tokyo ").unwrap(), Tz::Asia__Tokyo);
    assert_eq!(parse_zone("PST").unwrap(), Tz::America__Los_Angeles);
    assert_eq!(parse_zone("cest").unwrap(), Tz::CET);
    assert_eq!(parse_zone("UTC").unwrap(), Tz::UTC);
    assert_eq!(parse_zone("+2").unwrap(), Tz::Etc__GMTMinus2);
    assert_eq!(parse_zone("UTC-5").unwrap(), Tz::Etc__GMTPlus5);
    assert_eq!(parse_zone("+12").unwrap(), Tz::Etc__GMTMinus12);
    assert!(matches!(parse_zone("+13"), Err(TimeError::UnknownZone { .. })));
    assert!(matches!(parse_zone("+05:30"), Err(TimeError::UnknownZone { .. })));
    assert!(matches!(parse_zone("Mars/Olympus"), Err(TimeError::UnknownZone { .. })));
    assert!(matches!(parse_zone("ist"), Err(TimeError::AmbiguousZone { .. })));
    // a time shown in a zone names it
    assert_eq!(format_time(NOW, Tz::Europe__Paris), "Sun 01 Nov 2026 01:00 CET (Europe/Paris)");
    assert_eq!(format_time(NOW, Tz::CET), "Sun 01 Nov 2026 01:00 CET");
    assert_eq!(format_time(NOW, Tz::UTC), "Sun 01 Nov 2026 00:00 UTC");
}

#[test]
fn a_clock_at_the_edge_of_chronos_range_is_refused_not_a_panic() {
    // found by batch_properties: a clock stepped to the last second chrono
    // holds, in a zone ahead of UTC, whose local time passes that range
    let tz: chrono_tz::Tz = "Pacific/Apia".parse().unwrap();
    let edge = 8_210_266_876_799;
    assert!(super::in_zone(&tz, edge).is_none());
    assert!(super::parse_date("1970-01-01", tz, edge, false).is_err());
    assert!(super::parse_date("Friday 20:00", tz, edge, false).is_err());
    assert_eq!(super::format_time(edge, tz), format!("@{edge}"));
    assert!(super::in_zone(&chrono_tz::Tz::UTC, edge).is_some(), "UTC itself holds it");
}

#[test]
fn dates_read_looking_back_are_the_latest_that_have_come() {
    // NOW is Sun 01 Nov 2026 00:00 UTC
    let back = |s: &str| parse_past_date(s, Tz::UTC, NOW, false).map(|t| format_time(t, Tz::UTC)).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert_eq!(back("Dec 1"), "Mon 01 Dec 2025 00:00 UTC");
    assert_eq!(back("Oct 31"), "Sat 31 Oct 2026 00:00 UTC");
    // njudge's forms: a comma after the day, the year of four digits or 80 to 99, a time
    assert_eq!(back("Jan 1, 2003"), "Wed 01 Jan 2003 00:00 UTC");
    assert_eq!(back("1 Jan 1990"), "Mon 01 Jan 1990 00:00 UTC");
    assert_eq!(back("Dec 1 95"), "Fri 01 Dec 1995 00:00 UTC");
    assert_eq!(back("1 Dec, 80 12:30"), "Mon 01 Dec 1980 12:30 UTC");
    assert_eq!(back("Dec 31, 2002 23:59"), "Tue 31 Dec 2002 23:59 UTC");
    // a weekday: the last before today (today's own: a week ago)
    assert_eq!(back("Fri"), "Fri 30 Oct 2026 00:00 UTC");
    assert_eq!(back("Sun"), "Sun 25 Oct 2026 00:00 UTC");
    assert_eq!(back("Fri 20:00"), "Fri 30 Oct 2026 20:00 UTC");
    // a month alone: its first day; a day alone: the last such day
    assert_eq!(back("Nov"), "Sun 01 Nov 2026 00:00 UTC");
    assert_eq!(back("Dec"), "Mon 01 Dec 2025 00:00 UTC");
    assert_eq!(back("15"), "Thu 15 Oct 2026 00:00 UTC");
    // a day without a time has come once it began: today, to its end
    assert_eq!(format_time(parse_past_date("Nov 1", Tz::UTC, NOW, true).unwrap(), Tz::UTC), "Sun 01 Nov 2026 23:59 UTC");
    assert_eq!(format_time(parse_past_date("Nov 1 23:59", Tz::UTC, NOW, true).unwrap(), Tz::UTC), "Sat 01 Nov 2025 23:59 UTC");
    // a time alone: today's if it has come, else yesterday's
    assert_eq!(back("00:00"), "Sun 01 Nov 2026 00:00 UTC");
    assert_eq!(back("12:00"), "Sat 31 Oct 2026 12:00 UTC");
    // the forms SET DEADLINE reads, and a date to come as written
    assert_eq!(back("2026-10-01 20:00"), "Thu 01 Oct 2026 20:00 UTC");
    assert_eq!(back("2026-12-25"), "Fri 25 Dec 2026 00:00 UTC");
    // in the reader's zone: 1 Dec 00:00 in Tokyo is 30 Nov 15:00 UTC
    let tokyo: Tz = "Asia/Tokyo".parse().unwrap();
    assert_eq!(format_time(parse_past_date("Dec 1", tokyo, NOW, false).unwrap(), Tz::UTC), "Sun 30 Nov 2025 15:00 UTC");
    // a deadline's reading is unchanged: the next 1 December
    assert_eq!(format_time(parse_date("Dec 1", Tz::UTC, NOW, false).unwrap(), Tz::UTC), "Tue 01 Dec 2026 00:00 UTC");
    // two-digit years are 80 to 99 only; the years before 1970 are refused
    assert!(matches!(parse_past_date("Dec 1 79", Tz::UTC, NOW, false), Err(TimeError::DateWord { .. })));
    assert!(matches!(parse_past_date("Dec 1 1969", Tz::UTC, NOW, false), Err(TimeError::OutOfRange { .. })));
    assert!(matches!(parse_past_date("Dec 1 1995 Dec", Tz::UTC, NOW, false), Err(TimeError::DateTwice { .. })));
}

/// Mon 23 Nov 2026 12:00 UTC and the days after it, as `2026-11-DD HH:MM`.
fn nov(s: &str) -> i64 {
    parse_date(s, Tz::UTC, NOW, false).unwrap()
}

#[test]
fn a_floor_lifts_the_deadline_to_the_first_time_the_timing_allows_from_it() {
    let now = nov("2026-11-23 12:00");
    // njudge's defaults: at 23:30, Monday to Friday
    let njudge = Timing::parse("CLOCK 1410 NEXT 71 DAYS -MTWTF-").unwrap();
    assert_eq!(njudge.next_deadline(now, Tz::UTC), nov("2026-11-26 23:30"));
    // a floor before the normal deadline changes nothing
    assert_eq!(njudge.next_deadline_from(now, nov("2026-11-25 20:00"), Tz::UTC), nov("2026-11-26 23:30"));
    assert_eq!(njudge.next_deadline_from(now, now, Tz::UTC), nov("2026-11-26 23:30"));
    // two weeks out: that day, at the clock
    assert_eq!(njudge.next_deadline_from(now, nov("2026-12-07 18:00"), Tz::UTC), nov("2026-12-07 23:30"));
    // at the clock exactly: that time; a minute past it: the next allowed day
    assert_eq!(njudge.next_deadline_from(now, nov("2026-12-07 23:30"), Tz::UTC), nov("2026-12-07 23:30"));
    assert_eq!(njudge.next_deadline_from(now, nov("2026-12-07 23:31"), Tz::UTC), nov("2026-12-08 23:30"));
    // on a weekend: the Monday after
    assert_eq!(njudge.next_deadline_from(now, nov("2026-12-05 10:00"), Tz::UTC), nov("2026-12-07 23:30"));
    // without clock or days the floor itself
    let plain = Timing::parse("next 24 hours").unwrap();
    assert_eq!(plain.next_deadline_from(now, nov("2026-12-07 18:00"), Tz::UTC), nov("2026-12-07 18:00"));
    assert_eq!(plain.next_deadline_from(now, nov("2026-11-23 13:00"), Tz::UTC), nov("2026-11-24 12:00"));
    // a cron rule: its first firing from the floor on
    let cron = Timing::parse("cron: 0 0 20 * * Mon").unwrap();
    assert_eq!(cron.next_deadline_from(now, nov("2026-12-01 10:00"), Tz::UTC), nov("2026-12-07 20:00"));
    assert_eq!(cron.next_deadline_from(now, nov("2026-11-30 20:00"), Tz::UTC), nov("2026-11-30 20:00"));
    // a floor past the years handled: no panic, at least the floor
    for t in [&njudge, &plain, &cron] {
        assert!(t.next_deadline_from(now, i64::MAX, Tz::UTC) >= MAX_TIME, "{t:?}");
    }
}

#[test]
fn a_grace_period_ends_on_a_day_the_timing_lets_a_deadline_fall_on() {
    // 2026-11-28 is a Saturday
    let weekdays = Timing::parse("CLOCK 1410 NEXT 71 DAYS -MTWTF-").unwrap();
    assert_eq!(weekdays.on_a_deadline_day(nov("2026-11-28 23:30"), Tz::UTC), nov("2026-11-30 00:00"));
    assert_eq!(weekdays.on_a_deadline_day(nov("2026-11-29 00:00"), Tz::UTC), nov("2026-11-30 00:00"));
    // an allowed day keeps its time, the clock does not round it (njudge)
    assert_eq!(weekdays.on_a_deadline_day(nov("2026-11-27 10:15"), Tz::UTC), nov("2026-11-27 10:15"));
    // a small-letter day from noon on
    let noon = Timing::parse("NEXT 48 DAYS -mTWTF-").unwrap();
    assert_eq!(noon.on_a_deadline_day(nov("2026-11-28 09:00"), Tz::UTC), nov("2026-11-30 12:00"));
    assert_eq!(noon.on_a_deadline_day(nov("2026-11-30 09:00"), Tz::UTC), nov("2026-11-30 12:00"));
    assert_eq!(noon.on_a_deadline_day(nov("2026-11-30 13:00"), Tz::UTC), nov("2026-11-30 13:00"));
    // the judge's own form, and every day: unmoved
    let own = Timing::parse("next 48 hours at 20:00 on Mon,Thu").unwrap();
    assert_eq!(own.on_a_deadline_day(nov("2026-11-24 21:00"), Tz::UTC), nov("2026-11-26 00:00"));
    let every = Timing::parse("next 48 hours at 20:00").unwrap();
    assert_eq!(every.on_a_deadline_day(nov("2026-11-28 23:30"), Tz::UTC), nov("2026-11-28 23:30"));
    // a cron rule: the days it fires on, at any time of them
    let cron = Timing::parse("cron: 0 0 20 * * Mon,Thu").unwrap();
    assert_eq!(cron.on_a_deadline_day(nov("2026-11-24 10:00"), Tz::UTC), nov("2026-11-26 00:00"));
    assert_eq!(cron.on_a_deadline_day(nov("2026-11-23 21:00"), Tz::UTC), nov("2026-11-23 21:00"));
    // in a time zone: its days (Saturday 23:30 UTC is Sunday in Tokyo)
    let tokyo: Tz = "Asia/Tokyo".parse().unwrap();
    let sat = nov("2026-11-28 13:00"); // Saturday 22:00 in Tokyo
    assert_eq!(format_time(weekdays.on_a_deadline_day(sat, tokyo), tokyo), "Mon 30 Nov 2026 00:00 JST (Asia/Tokyo)");
    // out of range: itself
    for t in [i64::MIN, -1, MAX_TIME + 1, i64::MAX] {
        assert_eq!(weekdays.on_a_deadline_day(t, Tz::UTC), t);
        assert_eq!(cron.on_a_deadline_day(t, Tz::UTC), t);
    }
}

#[test]
fn a_grace_periods_end_leaves_the_blackout_days_and_the_days_without_deadlines() {
    let weekdays = Timing::parse("CLOCK 1410 NEXT 71 DAYS -MTWTF-").unwrap();
    let span = |a: &str, b: &str| Blackout { from: a.parse().unwrap(), to: b.parse().unwrap() };
    let sat = nov("2026-11-28 23:30");
    // STRICT GRACE: the exact time, off the blackout days only
    assert_eq!(grace_end(sat, None, Tz::UTC, &[]), sat);
    assert_eq!(grace_end(sat, None, Tz::UTC, &[span("2026-11-28", "2026-11-28")]), nov("2026-11-29 23:30"));
    // NO STRICT GRACE: Monday
    assert_eq!(grace_end(sat, Some(&weekdays), Tz::UTC, &[]), nov("2026-11-30 00:00"));
    // Monday blacked out: Tuesday; Monday and Tuesday: Wednesday
    assert_eq!(grace_end(sat, Some(&weekdays), Tz::UTC, &[span("2026-11-30", "2026-11-30")]), nov("2026-12-01 00:00"));
    assert_eq!(grace_end(sat, Some(&weekdays), Tz::UTC, &[span("2026-11-30", "2026-12-01")]), nov("2026-12-02 00:00"));
    // a blackout that ends on a Friday moves a Thursday's end to the Monday after
    let thu = nov("2026-12-03 22:00");
    assert_eq!(grace_end(thu, Some(&weekdays), Tz::UTC, &[span("2026-12-03", "2026-12-04")]), nov("2026-12-07 00:00"));
    assert_eq!(grace_end(thu, None, Tz::UTC, &[span("2026-12-03", "2026-12-04")]), nov("2026-12-05 22:00"));
}
