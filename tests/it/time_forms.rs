//! Dates and times as people write them, by mail (issue 22, items 3 and 4):
//! njudge's date words and time zones in SET DEADLINE, SET GRACE, SET START
//! and absences; SET TIMEZONE per player and per game; blackout days; the
//! master's delay after the last orders; who is late told to the table daily
//! during grace unless the game is quiet. The judge's clock starts at Mon 23
//! Nov 2026 12:00 UTC; the first deadline is Wed 25 Nov 20:00 UTC.

use crate::common;
use chrono_tz::Tz;
use common::Sent;
use common::game::{GM, Game};
use mailjudge::timing::parse_date;

/// A time written in UTC, at the tests' start.
fn utc(s: &str) -> i64 {
    parse_date(s, Tz::UTC, 1_795_435_200, false).unwrap()
}

/// Each power's sign-on and complete Spring 1901 orders (holds).
const HOLDS: [(&str, &str); 7] = [
    ("p1@example.test", "SIGNON Ademo pw-one\nA VIE H\nA BUD H\nF TRI H"),
    ("p2@example.test", "SIGNON Edemo pw-two\nF LON H\nF EDI H\nA LVP H"),
    ("p3@example.test", "SIGNON Fdemo pw-three\nA PAR H\nA MAR H\nF BRE H"),
    ("p4@example.test", "SIGNON Gdemo pw-four\nA BER H\nA MUN H\nF KIE H"),
    ("p5@example.test", "SIGNON Idemo pw-five\nA VEN H\nA ROM H\nF NAP H"),
    ("p6@example.test", "SIGNON Rdemo pw-six\nA MOS H\nA WAR H\nF SEV H\nF STP/SC H"),
    ("p7@example.test", "SIGNON Tdemo pw-seven\nA CON H\nA SMY H\nF ANK H"),
];

/// Orders from the first `n` powers.
fn order(g: &mut Game, n: usize) {
    for (who, body) in &HOLDS[..n] {
        let (r, _) = g.send(who, body);
        assert!(r.contains("Your orders are complete."), "{who}: {r}");
    }
}

fn master(g: &mut Game, body: &str) -> String {
    g.send(GM, &format!("SIGNON Mdemo gmpass\n{body}")).0
}

fn to<'a>(sent: &'a [Sent], who: &str) -> Vec<&'a Sent> {
    sent.iter().filter(|s| s.to == who).collect()
}

#[test]
fn set_deadline_reads_njudge_dates_in_the_senders_zone() {
    let mut g = Game::started();
    let r = master(&mut g, "SET TIMEZONE europe/paris");
    assert!(r.contains("The game's time zone is Europe/Paris (now Mon 23 Nov 2026 13:00 CET (Europe/Paris))"), "{r}");
    assert_eq!(g.row().settings.timezone, Some(Tz::Europe__Paris));
    let r = master(&mut g, "SET DEADLINE Friday 20:00");
    assert!(r.contains("Deadline set to Fri 27 Nov 2026 20:00 CET (Europe/Paris)."), "{r}");
    assert_eq!(g.deadline(), utc("2026-11-27 19:00"));
    // a zone after the time is the date's own
    let r = master(&mut g, "SET DEADLINE Dec 30 18:00 America/New_York");
    assert!(r.contains("Deadline set to Thu 31 Dec 2026 00:00 CET (Europe/Paris)."), "{r}");
    assert_eq!(g.deadline(), utc("2026-12-30 23:00"));
    master(&mut g, "SET DEADLINE tomorrow");
    master(&mut g, "SET DEADLINE 30 dec 6pm EST");
    assert_eq!(g.deadline(), utc("2026-12-30 23:00"));
    // no time: the phase's clock time (20:00 in the game's zone)
    master(&mut g, "SET DEADLINE tomorrow");
    assert_eq!(g.deadline(), utc("2026-11-24 19:00"));
    let r = master(&mut g, "SET DEADLINE Friday 20:00 IST");
    assert!(r.contains("`IST` names several time zones: write one of Asia/Kolkata, Europe/Dublin, Asia/Jerusalem"), "{r}");
    // a left-out year: 120 days ahead at most (Mar 23 2027 13:00 in Paris)
    master(&mut g, "SET DEADLINE Mar 23 13:00");
    assert_eq!(g.deadline(), utc("2027-03-23 12:00"));
    let r = master(&mut g, "SET DEADLINE Mar 23 13:01");
    assert!(r.contains("would be 2027-03-23, more than 120 days ahead"), "{r}");
    assert_eq!(g.deadline(), utc("2027-03-23 12:00"), "refused: unchanged");
    let r = master(&mut g, "SET DEADLINE Friday Dec 30");
    assert!(r.contains("2026-12-30 is a Wednesday"), "{r}");
    // a player's own zone: its replies show the deadline there; another's, the game's
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nSET TIMEZONE America/New_York");
    assert!(r.contains("Your time zone is America/New_York") && r.contains("Tue 23 Mar 2027 08:00 EDT (America/New_York)"), "{r}");
    let (r, _) = g.send("p2@example.test", "SIGNON Edemo pw-two\nF LON H");
    assert!(r.contains("Tue 23 Mar 2027 13:00 CET (Europe/Paris)"), "{r}");
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nSET TIMEZONE");
    assert!(r.contains("the game's (Europe/Paris) is yours") && r.contains("13:00 CET (Europe/Paris)"), "{r}");
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nSET TIMEZONE Mars/Olympus");
    assert!(r.contains("`Mars/Olympus` is not a time zone"), "{r}");
    assert_eq!(common::db::players(g.w.db()).iter().find(|p| p.email == "p3@example.test").unwrap().timezone, None);
}

#[test]
fn set_grace_with_a_time_already_passed_needs_the_bang() {
    let mut g = Game::started();
    let r = master(&mut g, "SET GRACE today 10:00");
    assert!(r.contains("Mon 23 Nov 2026 10:00 UTC has already passed: the grace period would end at once"), "{r}");
    assert_eq!(g.row().grace_until, Some(g.deadline() + 86_400), "unchanged");
    let r = master(&mut g, "SET GRACE today 10:00 !");
    assert!(r.contains("Grace period until Mon 23 Nov 2026 10:00 UTC."), "{r}");
    assert_eq!(g.row().grace_until, Some(utc("2026-11-23 10:00")));
    let r = master(&mut g, "SET GRACE Dec 1 8pm");
    assert!(r.contains("Grace period until Tue 01 Dec 2026 20:00 UTC."), "{r}");
    // a duration is still a new grace period from the deadline
    master(&mut g, "SET GRACE 3 days");
    assert_eq!(g.row().grace_until, Some(g.deadline() + 3 * 86_400));
}

#[test]
fn absences_take_njudges_defaults_and_noabsence_cancels_one() {
    let mut g = Game::started();
    let p2 = |g: &Game| common::db::players(g.w.db()).into_iter().find(|p| p.email == "p2@example.test").unwrap().absences;
    let (r, _) = g.send("p2@example.test", "SIGNON Edemo pw-two\nSET ABSENCE Dec 1");
    assert!(r.contains("Absence recorded: Tue 01 Dec 2026 00:00 UTC to Wed 02 Dec 2026 00:00 UTC."), "{r}");
    let (r, _) = g.send("p2@example.test", "SIGNON Edemo pw-two\nSET ABSENCE Dec 5 TO Dec 7");
    assert!(r.contains("Absence recorded: Sat 05 Dec 2026 00:00 UTC to Mon 07 Dec 2026 23:59 UTC."), "{r}");
    assert_eq!(p2(&g), vec![(utc("2026-12-01 00:00"), utc("2026-12-02 00:00")), (utc("2026-12-05 00:00"), utc("2026-12-07 23:59"))]);
    // any time of the day named, the end ignored
    let (r, _) = g.send("p2@example.test", "SIGNON Edemo pw-two\nSET NOABSENCE 6 dec TO 9 dec");
    assert!(r.contains("Absence cancelled: Sat 05 Dec 2026 00:00 UTC to Mon 07 Dec 2026 23:59 UTC."), "{r}");
    assert_eq!(p2(&g), vec![(utc("2026-12-01 00:00"), utc("2026-12-02 00:00"))]);
    let (r, _) = g.send("p2@example.test", "SIGNON Edemo pw-two\nSET NOABSENCE Dec 6");
    assert!(r.contains("you have no absence that includes Sun 06 Dec 2026 00:00 UTC"), "{r}");
    let (r, _) = g.send("p2@example.test", "SIGNON Edemo pw-two\nSET NO ABSENCE Dec 1 12:00");
    assert!(r.contains("Absence cancelled: Tue 01 Dec 2026 00:00 UTC"), "{r}");
    assert!(p2(&g).is_empty());
    // njudge's other names: SET HOLIDAY and SET VACATION, and their NO forms
    let (r, _) = g.send("p2@example.test", "SIGNON Edemo pw-two\nSET HOLIDAY Dec 1\nSET VACATIONS Dec 5 TO Dec 7\nSET NO HOLIDAY Dec 6");
    assert!(r.contains("Absence recorded: Tue 01 Dec 2026 00:00 UTC") && r.contains("Absence cancelled: Sat 05 Dec 2026 00:00 UTC"), "{r}");
    assert_eq!(p2(&g), vec![(utc("2026-12-01 00:00"), utc("2026-12-02 00:00"))]);
    g.send("p2@example.test", "SIGNON Edemo pw-two\nSET NOVACATION Dec 1");
    assert!(p2(&g).is_empty());
    // in the player's own zone
    g.send("p2@example.test", "SIGNON Edemo pw-two\nSET TIMEZONE Asia/Tokyo");
    let (r, _) = g.send("p2@example.test", "SIGNON Edemo pw-two\nSET ABSENCE Dec 10 9:00 TO Dec 11 21:00");
    assert!(r.contains("Absence recorded: Thu 10 Dec 2026 09:00 JST (Asia/Tokyo) to Fri 11 Dec 2026 21:00 JST (Asia/Tokyo)."), "{r}");
    assert_eq!(p2(&g), vec![(utc("2026-12-10 00:00"), utc("2026-12-11 12:00"))]);
}

#[test]
fn set_start_holds_processing_until_its_date() {
    let mut g = Game::started();
    let r = master(&mut g, "SET START tomorrow 12:00");
    assert!(r.contains("The current phase will not be processed before Tue 24 Nov 2026 12:00 UTC."), "{r}");
    order(&mut g, 7);
    assert_eq!(g.seq(), 1, "every order in, but not before the start");
    g.w.set_time(utc("2026-11-24 11:59"));
    g.w.step();
    assert_eq!(g.seq(), 1);
    g.w.set_time(utc("2026-11-24 12:00"));
    g.w.step();
    assert_eq!(g.seq(), 2, "processed at the start");
    // a start after the deadline moves the deadline to it
    let r = master(&mut g, "SET START 2026-12-20 18:00");
    assert!(r.contains("The deadline moves to Sun 20 Dec 2026 18:00 UTC."), "{r}");
    assert_eq!(g.deadline(), utc("2026-12-20 18:00"));
    let r = master(&mut g, "SET START yesterday");
    assert!(r.contains("not a date"), "{r}");
}

#[test]
fn the_delay_lets_orders_change_after_the_last_arrive() {
    let mut g = Game::started();
    let r = master(&mut g, "SET DELAY 30 minutes");
    assert!(r.contains("processed 30 minutes later"), "{r}");
    assert_eq!(g.row().settings.delay_secs, 1800);
    order(&mut g, 7);
    assert_eq!(g.seq(), 1, "waits for the delay");
    // France makes its orders incomplete: the early processing is off ...
    g.w.set_time(utc("2026-11-23 12:10"));
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nCLEAR\nA PAR-BUR");
    assert!(!r.contains("Your orders are complete."), "{r}");
    g.w.set_time(utc("2026-11-23 12:31"));
    g.w.step();
    assert_eq!(g.seq(), 1, "incomplete: not processed");
    // ... and complete again, the delay starts anew
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA MAR H\nF BRE H");
    assert_eq!(g.row().ready_since, Some(utc("2026-11-23 12:31")));
    g.w.set_time(utc("2026-11-23 13:00"));
    g.w.step();
    assert_eq!(g.seq(), 1);
    assert_eq!(g.w.daemon.judge.next_due(utc("2026-11-23 13:00")).unwrap(), Some(utc("2026-11-23 13:01")));
    g.w.set_time(utc("2026-11-23 13:01"));
    g.w.step();
    assert_eq!(g.seq(), 2, "processed after the delay");
    let v = mailjudge::map::Variant::standard();
    assert!(g.unit_codes(&v, 2).contains(&"A BUR".to_string()), "France's revised order was processed");
    // the limit: a day
    assert!(master(&mut g, "SET DELAY 24 hours").contains("processed 1 day later"));
    let r = master(&mut g, "SET DELAY 24 hours 1 minute");
    assert!(r.contains("the delay may be at most 1 day"), "{r}");
    assert_eq!(g.row().settings.delay_secs, 86_400);
    assert!(master(&mut g, "SET DELAY 0").contains("processed at once"));
    assert_eq!(g.row().settings.delay_secs, 0);
}

#[test]
fn the_table_hears_who_is_late_daily_during_grace_unless_quiet() {
    let mut g = Game::started();
    master(&mut g, "SET GRACE 4 days");
    g.send("p7@example.test", "SIGNON Tdemo pw-seven\nSET TIMEZONE America/New_York");
    order(&mut g, 6);
    let deadline = g.deadline();
    g.w.set_time(deadline);
    let sent = g.w.step().1;
    let late = to(&sent, "p7@example.test");
    assert_eq!(late.len(), 1, "{sent:#?}");
    assert!(late[0].body.contains("The deadline (Wed 25 Nov 2026 15:00 EST (America/New_York)) has passed"), "{}", late[0].body);
    for who in [GM, "p1@example.test", "p3@example.test", "p6@example.test"] {
        let m = to(&sent, who);
        assert_eq!(m.len(), 1, "{who}: {sent:#?}");
        assert!(common::game::flat(&m[0].body).contains("Orders missing from: Turkey."), "{who}: {}", m[0].body);
    }
    // nothing more until a day has passed, then again
    g.w.set_time(deadline + 86_399);
    assert!(g.w.step().1.is_empty());
    assert_eq!(g.w.daemon.judge.next_due(deadline + 86_399).unwrap(), Some(deadline + 86_400));
    g.w.set_time(deadline + 86_400);
    let sent = g.w.step().1;
    assert_eq!(to(&sent, "p7@example.test").len(), 1);
    assert_eq!(to(&sent, "p2@example.test").len(), 1);
    // quiet: only the late power and the master
    master(&mut g, "SET QUIET");
    assert_eq!(g.row().settings.announce, mailjudge::store::games::Announcements::Quiet);
    g.w.set_time(deadline + 2 * 86_400);
    let sent = g.w.step().1;
    let mut who: Vec<&str> = sent.iter().map(|s| s.to.as_str()).collect();
    who.sort();
    assert_eq!(who, [GM, "p7@example.test"]);
    master(&mut g, "SET NO QUIET");
    assert_eq!(g.row().settings.announce, mailjudge::store::games::Announcements::Loud);
    g.w.set_time(deadline + 3 * 86_400);
    assert_eq!(to(&g.w.step().1, "p2@example.test").len(), 1, "the table hears it again");
}

#[test]
fn blackout_days_move_the_next_deadline_and_the_end_of_grace() {
    let mut g = Game::started();
    let r = master(&mut g, "SET BLACKOUT Nov 25 TO Nov 27");
    assert!(r.contains("Wed 25 Nov 2026 to Fri 27 Nov 2026"), "{r}");
    // the next phase's deadline (next 48 hours at 20:00) would be Wed 25 Nov 20:00
    order(&mut g, 7);
    assert_eq!(g.seq(), 2);
    assert_eq!(g.deadline(), utc("2026-11-28 20:00"));
    assert_eq!(g.row().grace_until, Some(utc("2026-11-29 20:00")));
    // a grace period that would end in a blackout ends after it
    master(&mut g, "SET NO BLACKOUT");
    master(&mut g, "SET BLACKOUT Nov 29");
    let row = g.row();
    assert_eq!(
        mailjudge::play::deadline::grace_end(&row, mailjudge::play::deadline::current_kind(&row), row.deadline.unwrap(), Tz::UTC),
        utc("2026-11-30 20:00")
    );
    // the limits: 31 days a span, 12 spans
    assert!(master(&mut g, "SET BLACKOUT Dec 2 TO Jan 1").contains("Wed 02 Dec 2026 to Fri 01 Jan 2027"));
    let r = master(&mut g, "SET BLACKOUT Dec 2 TO Jan 2");
    assert!(r.contains("blackout days may span at most 31 days"), "{r}");
    let r = master(&mut g, "SET BLACKOUT Dec 9 TO Dec 2");
    assert!(r.contains("must end on or after the day it starts"), "{r}");
    master(&mut g, "SET NO BLACKOUT");
    for d in 1..=12 {
        let r = master(&mut g, &format!("SET BLACKOUT Jan {d} 2027"));
        assert!(r.contains("No deadline nor end of a grace period falls on these days"), "{d}: {r}");
    }
    assert_eq!(g.row().settings.blackout.len(), 12);
    let r = master(&mut g, "SET BLACKOUT Jan 13 2027");
    assert!(r.contains("at most 12 spans of blackout days"), "{r}");
    assert!(master(&mut g, "SET NO BLACKOUT").contains("No blackout days"));
    assert!(g.row().settings.blackout.is_empty());
}

#[test]
fn the_master_bounds_absences_as_njudges_max_absence() {
    let mut g = Game::started();
    let absent = |g: &mut Game, arg: &str| g.send("p2@example.test", &format!("SIGNON Edemo pw-two\nSET NOABSENCE Dec 1\nSET ABSENCE {arg}"));
    let absences = |g: &Game| g.row().players.iter().find(|p| p.email == "p2@example.test").map(|p| p.absences.len()).unwrap_or(0);
    // the judge's limit, 21 days, at and past it
    assert!(absent(&mut g, "Dec 1 TO Dec 21").0.contains("Absence recorded"));
    assert_eq!(absences(&g), 1);
    // past it: the request goes to the master, and nothing is recorded
    let (r, sent) = absent(&mut g, "Dec 1 TO Dec 22");
    assert!(r.contains("is longer than this game's limit of 21 days: it was sent to the master"), "{r}");
    assert_eq!(absences(&g), 0, "the request is not an absence until the master grants it");
    let to_gm = to(&sent, GM);
    assert_eq!(to_gm.len(), 1, "{sent:?}");
    let ask = common::game::flat(&to_gm[0].body);
    assert!(ask.contains("England asks to be away from 01 Dec 2026 00:00 to 22 Dec 2026 23:59, longer than the game's limit of 21 days"), "{ask}");
    assert!(ask.contains("BECOME England and SET ABSENCE 01 Dec 2026 00:00 TO 22 Dec 2026 23:59"), "{ask}");
    assert!(to(&sent, "p2@example.test").len() == 1 && sent.len() == 2, "only the player's reply and the master's notice: {sent:?}");
    // the master grants it with the lines the notice gives: not bound by the limit
    let r = master(&mut g, "BECOME England\nSET ABSENCE 01 Dec 2026 00:00 TO 22 Dec 2026 23:59");
    assert!(r.contains("Absence recorded: Tue 01 Dec 2026 00:00 UTC to Tue 22 Dec 2026 23:59 UTC"), "{r}");
    assert_eq!(absences(&g), 1);
    // the player still cancels it as their own
    assert!(absent(&mut g, "Dec 2").0.contains("Absence recorded"));
    let r = master(&mut g, "SET MAX ABSENCE 10");
    assert!(r.contains("Players may set absences of up to 10 days; a longer one goes to the master to grant."), "{r}");
    assert!(absent(&mut g, "Dec 1 TO Dec 10").0.contains("Absence recorded"));
    let r = absent(&mut g, "Dec 1 TO Dec 11").0;
    assert!(r.contains("longer than this game's limit of 10 days: it was sent to the master"), "{r}");
    let r = master(&mut g, "SET MAXABSENCE 0");
    assert!(r.contains("Players may not set absences themselves: each request goes to the master to grant."), "{r}");
    let r = absent(&mut g, "Dec 1").0;
    assert!(r.contains("longer than this game's limit of 0 days: it was sent to the master"), "{r}");
    // a master's absence for a power: up to the judge's limit on dates, a year ahead
    let r = master(&mut g, "BECOME England\nSET NOABSENCE Dec 1\nSET ABSENCE Nov 24 TO Nov 20 2027");
    assert!(r.contains("Absence recorded: Tue 24 Nov 2026 00:00 UTC to Sat 20 Nov 2027 23:59 UTC"), "{r}");
    let r = master(&mut g, "BECOME England\nSET ABSENCE Nov 24 TO Nov 24 2027");
    assert!(r.contains("is more than 365 days ahead"), "{r}");
    // the option's own limit: njudge allows 31 days, here at most the judge's 21
    assert!(master(&mut g, "SET MAX ABSENCE 21").contains("up to 21 days"));
    assert!(master(&mut g, "SET MAX ABSENCE 22").contains("from 0 (every absence to the master) to 21"));
    assert!(master(&mut g, "SET MAX ABSENCE -1").contains("from 0 (every absence to the master) to 21"));
    assert_eq!(g.row().settings.max_absence_days, Some(21));
    master(&mut g, "SET MAX ABSENCE NONE");
    assert_eq!(g.row().settings.max_absence_days, None);
}

#[test]
fn strict_wait_lets_only_those_owing_orders_wait() {
    let mut g = Game::started();
    // a French army dislodged in the fall: the retreat phase is France's alone
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    g.send("p4@example.test", "SIGNON Gdemo pw-four\nA MUN-RUH\nA BER-MUN");
    g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    g.send("p4@example.test", "SIGNON Gdemo pw-four\nA RUH-BUR\nA MUN S A RUH-BUR");
    g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    let v = mailjudge::map::Variant::standard();
    assert_eq!(g.phase(&v), "F1901R");
    let r = master(&mut g, "SET STRICT WAIT");
    assert!(r.contains("Strict wait: only a player whose powers owe orders"), "{r}");
    let (r, _) = g.send("p2@example.test", "SIGNON Edemo pw-two\nSET WAIT");
    assert!(r.contains("is STRICT WAIT"), "{r}");
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nSET WAIT");
    assert!(r.contains("WAIT set: this phase will not be processed before its deadline."), "{r}");
    master(&mut g, "SET NO STRICT WAIT");
    let (r, _) = g.send("p2@example.test", "SIGNON Edemo pw-two\nSET WAIT");
    assert!(r.contains("WAIT set:"), "{r}");
}

#[test]
fn njudges_timing_parameters_set_the_next_deadlines() {
    let mut g = Game::started();
    // njudge's defaults line (data/deadlines), as a veteran pastes it
    let r = master(&mut g, "SET MOVES CLOCK 1410 MIN 12.00 NEXT 71.00 GRACE 167.00 DELAY 0.50 DAYS -MTWTF-");
    assert!(r.contains("movement deadlines: clock 1410 min 12 next 71 days -MTWTF-"), "{r}");
    // GRACE and DELAY are the movement phases' own (njudge's; tests/it/deadline_rules.rs plays them)
    assert!(r.contains("Grace period of movement phases: 6 days 23 hours") && r.contains("processed 30 minutes later"), "{r}");
    assert!(r.contains("the other kinds keep theirs"), "{r}");
    let s = g.row().settings;
    use mailjudge::phase::PhaseKind as K;
    assert_eq!((s.grace_for(K::Movement), s.delay_for(K::Movement)), (601_200, 1800));
    assert_eq!((s.grace_secs, s.delay_secs), (86_400, 0), "the game's, for the other kinds");
    // a parameter alone keeps the others (njudge's SET BUILDS DELAY 1.0 touches no timing)
    let r = master(&mut g, "SET RETREATS NEXT 23");
    assert!(r.contains("retreat deadlines: next 23"), "{r}");
    master(&mut g, "SET MOVE NEXT 48");
    assert_eq!(g.row().settings.movement.as_str(), "clock 1410 min 12 next 48 days -MTWTF-");
    let r = master(&mut g, "SET BUILDS DELAY 1.0");
    assert!(!r.contains("deadlines:") && r.contains("processed 1 hour later"), "{r}");
    master(&mut g, "SET MOVES NEXT 71");
    // refused with what is wrong, and nothing changed
    for (line, why) in [
        ("SET MOVES DAYS -MTWTFX", "write seven letters from Sunday to Saturday"),
        ("SET MOVES CLOCK 2330", "minutes past midnight"),
        ("SET MOVES NEXT 0.5", "a phase must last at least 1 hour"),
        ("SET MOVES NEXT 9000", "at most"),
        ("SET MOVES DELAY 25", "the delay may be at most 1 day"),
        ("SET MOVES CLOCK 600 DAYS -mtwtf-", "no days"),
    ] {
        let r = master(&mut g, line);
        assert!(r.contains(why), "{line}: {r}");
    }
    assert_eq!(g.row().settings.movement.as_str(), "clock 1410 min 12 next 71 days -MTWTF-");
    let s = g.row().settings;
    assert_eq!((s.delay_for(K::Adjustment), s.delay_for(K::Movement), s.delay_secs), (3600, 1800, 0), "the builds' delay alone");
    // Spring 1901 all in on Monday 12:00: processed after the movement's delay, at 12:30
    order(&mut g, 7);
    g.w.set_time(utc("2026-11-23 12:29"));
    g.w.step();
    assert_eq!(g.seq(), 1);
    g.w.set_time(utc("2026-11-23 12:30"));
    g.w.step();
    assert_eq!(g.seq(), 2);
    // the next deadline: at least 71 hours, at 23:30, not at a weekend: Thursday
    assert_eq!(g.deadline(), utc("2026-11-26 23:30"));
    // MIN: every order in at once, but nothing processed before 12 hours
    order(&mut g, 7);
    assert_eq!(g.row().not_before, Some(utc("2026-11-24 00:30")));
    g.w.set_time(utc("2026-11-24 00:29"));
    g.w.step();
    assert_eq!(g.seq(), 2, "MIN: not before 12 hours");
    g.w.set_time(utc("2026-11-24 00:30"));
    g.w.step();
    assert_eq!(g.seq(), 3, "processed once the 12 hours have passed");
}

/// njudge's MIN longer than NEXT (the phase could not be processed by its
/// deadline) is refused with a sentence and nothing is changed: both given,
/// or one given and the other kept from the rule before, also beside a
/// GRACE. MIN as long as NEXT is taken.
#[test]
fn njudges_min_longer_than_next_is_refused_and_nothing_changed() {
    let mut g = Game::started();
    let r = master(&mut g, "SET MOVES CLOCK -1 MIN 12 NEXT 71");
    assert!(r.contains("movement deadlines: min 12 next 71 ("), "{r}");
    let (deadline, grace) = (g.deadline(), g.row().settings.grace_secs);
    for (line, min, next) in [
        ("SET MOVES MIN 8760 NEXT 1", "8760", "1"),
        ("SET MOVES NEXT 11", "12", "11"),
        ("SET MOVES NEXT 11.99", "12", "11.99"),
        ("SET MOVES MIN 72", "72", "71"),
        ("SET MOVES MIN 71.5 GRACE 24", "71.5", "71"),
        ("SET MOVE CLOCK 1200 MIN 30 NEXT 24", "30", "24"),
    ] {
        let r = master(&mut g, line);
        assert!(r.contains(&format!("MIN {min} is longer than NEXT {next}: the deadline would come before the phase may be processed")), "{line}: {r}");
        let s = g.row().settings;
        assert_eq!((s.movement.as_str(), s.grace_for(mailjudge::phase::PhaseKind::Movement)), ("min 12 next 71", grace), "{line}: nothing changed");
        assert!(s.phase_grace.is_empty(), "{line}: no grace of the movement's own");
        assert_eq!(g.deadline(), deadline, "{line}");
    }
    // a NEXT too short is said as before
    let r = master(&mut g, "SET MOVES NEXT 0.5");
    assert!(r.contains("a phase must last at least 1 hour") && !r.contains("longer than NEXT"), "{r}");
    // at the limit: MIN as long as NEXT, given or kept
    let r = master(&mut g, "SET MOVES NEXT 12");
    assert!(r.contains("movement deadlines: min 12 next 12 ("), "{r}");
    let r = master(&mut g, "SET MOVES MIN 8760 NEXT 8760");
    assert!(r.contains("movement deadlines: min 8760 next 8760 ("), "{r}");
    // and a retreat rule with no MIN before: its NEXT is what MIN is held to
    let r = master(&mut g, "SET RETREATS NEXT 23");
    assert!(r.contains("retreat deadlines: next 23"), "{r}");
    let retreat = g.row().settings.retreat.as_str().to_string();
    let r = master(&mut g, "SET RETREATS MIN 24");
    assert!(r.contains("MIN 24 is longer than NEXT 23"), "{r}");
    assert_eq!(g.row().settings.retreat.as_str(), retreat);
    let r = master(&mut g, "SET RETREATS MIN 23");
    assert!(r.contains("min 23 next 23"), "{r}");
}
