//! njudge's deadline rules played by mail through the deadline timer (issue
//! 36, docs/NJUDGE.md rows 58, 60, 66, 71 and 117): the next deadline never
//! earlier than the processed phase's (`deadlines`); `SET [NO] STRICT
//! GRACE`; a grace period and a delay for each kind of phase (`SET MOVES
//! GRACE 1 DELAY 1`); `SET NO NMR`'s wait for the master after the grace
//! period; `SET PRFRAND`'s powers at random. The judge's clock starts at
//! Mon 23 Nov 2026 12:00 UTC; the first deadline is Wed 25 Nov 20:00 UTC
//! (`next 48 hours at 20:00`), its grace period a day long.

use crate::common;
use chrono_tz::Tz;
use common::Sent;
use common::game::{GM, Game, HOLDS, SEATS};
use mailjudge::store::games::{GraceEnd, Nmr};
use mailjudge::timing::parse_date;

/// A time written in UTC.
fn utc(s: &str) -> i64 {
    parse_date(s, Tz::UTC, 1_795_435_200, false).unwrap()
}

fn master(g: &mut Game, body: &str) -> String {
    g.as_master(body).0
}

/// The holding orders of the powers with these letters, each by its
/// player; everything the judge sent meanwhile.
fn hold(g: &mut Game, letters: &str) -> Vec<Sent> {
    let mut all = Vec::new();
    for l in letters.chars() {
        let orders = HOLDS.iter().find(|(x, _)| *x == l).map(|(_, o)| *o).unwrap();
        let (r, sent) = g.as_power(l, orders);
        assert!(r.contains("Your orders are complete."), "{l}: {r}");
        all.extend(sent);
    }
    all
}

fn to<'a>(sent: &'a [Sent], who: &str) -> Vec<&'a Sent> {
    sent.iter().filter(|s| s.to == who).collect()
}

/// The judge's next deadline work after `t` (its serve loop's timer).
fn next_due(g: &Game, t: i64) -> Option<i64> {
    g.w.daemon.judge.next_due(t).unwrap()
}

/// Lets the clock run to `t` and the judge do its deadline work; what it sent.
fn at(g: &mut Game, t: i64) -> Vec<Sent> {
    g.w.set_time(t);
    g.w.step().1
}

// ---- row 60: never earlier than the processed phase's deadline ----

/// A phase processed early (every order in at once) gives the next phase
/// no deadline before its own: the retreat-length movement rule below
/// would end Fall 1901 on Tuesday, and it ends on Wednesday, when Spring's
/// would have; its grace period no earlier than Spring's either.
#[test]
fn the_next_deadline_is_never_earlier_than_the_deadline_of_a_phase_processed_early() {
    let mut g = Game::started();
    let r = master(&mut g, "SET MOVEMENT next 24 hours");
    assert!(r.contains("movement deadlines: next 24 hours"), "{r}");
    let (deadline, grace) = (g.deadline(), g.row().grace_until.unwrap());
    assert_eq!((deadline, grace), (utc("2026-11-25 20:00"), utc("2026-11-26 20:00")));
    hold(&mut g, "AEFGIRT");
    assert_eq!(g.seq(), 2, "processed at once, Monday 12:00");
    // 24 hours from Monday 12:00 would be Tuesday 12:00
    assert_eq!(g.deadline(), deadline);
    assert_eq!(g.row().grace_until, Some(grace));
}

/// njudge's example (`deadlines`): the master gives a player two weeks, the
/// player orders before leaving, everyone else has too, and the phase is
/// processed at once; the next deadline is still two weeks away (the day
/// the master set, at the phase's clock time), and the results say so.
#[test]
fn a_deadline_the_master_extended_holds_for_the_next_phase_when_the_phase_is_processed_early() {
    let mut g = Game::started();
    let r = master(&mut g, "SET DEADLINE 2026-12-09 18:00");
    assert!(r.contains("Deadline set to Wed 09 Dec 2026 18:00 UTC."), "{r}");
    assert_eq!(g.row().grace_until, Some(utc("2026-12-10 18:00")));
    let sent = hold(&mut g, "AEFGIRT");
    assert_eq!(g.seq(), 2, "every order in: processed at once");
    // next 48 hours at 20:00 from Monday would be Wednesday 25 November;
    // from the master's deadline on, the first 20:00 is the same day's
    assert_eq!(g.deadline(), utc("2026-12-09 20:00"));
    assert_eq!(g.row().grace_until, Some(utc("2026-12-10 20:00")));
    // the results, to a player, name the far deadline
    let results = to(&sent, "p1@example.test");
    assert!(results.iter().any(|s| s.body.contains("Wed 09 Dec 2026 20:00")), "{results:#?}");
    // and nothing falls due before it: the reminder is the first work
    let now = g.w.now;
    assert_eq!(next_due(&g, now), Some(utc("2026-12-08 20:00")));
}

/// njudge's one exception: a master who moved the deadline earlier moved
/// the floor with it, and the phase after gets its rule's deadline (the
/// same game as the first test, where the floor kept Wednesday).
#[test]
fn a_deadline_the_master_moved_earlier_gives_the_next_phase_its_normal_deadline() {
    let mut g = Game::started();
    master(&mut g, "SET MOVEMENT next 24 hours");
    let r = master(&mut g, "SET DEADLINE 2026-11-23 18:00");
    assert!(r.contains("Deadline set to Mon 23 Nov 2026 18:00 UTC."), "{r}");
    hold(&mut g, "AEFGIRT");
    assert_eq!(g.seq(), 2);
    assert_eq!(g.deadline(), utc("2026-11-24 12:00"), "24 hours from Monday 12:00, not Wednesday");
    assert_eq!(g.row().grace_until, Some(utc("2026-11-25 12:00")));
}

// ---- row 71: SET [NO] STRICT GRACE ----

/// A new game is NO STRICT GRACE (njudge's default): with movement
/// deadlines on weekdays only, a grace period that would end on Saturday
/// ends at the start of Monday, and the timer waits for it; STRICT GRACE
/// ends it on Saturday, its whole length after the deadline.
#[test]
fn no_strict_grace_ends_a_grace_period_on_a_day_a_deadline_may_fall_on_and_strict_grace_on_time() {
    for strict in [false, true] {
        let mut g = Game::started();
        assert_eq!(g.row().settings.strict_grace, GraceEnd::OnDeadlineDays, "a new game");
        if strict {
            let r = master(&mut g, "SET STRICT GRACE");
            assert!(r.contains("Strict grace: a grace period ends its whole length after the deadline"), "{r}");
            assert_eq!(g.row().settings.strict_grace, GraceEnd::Exact);
        }
        let r = master(&mut g, "SET MOVES DAYS -MTWTF-");
        assert!(r.contains("movement deadlines: clock 1200 next 48 days -MTWTF-"), "{r}");
        // Friday 27 November 20:00, a day's grace: Saturday
        master(&mut g, "SET DEADLINE Fri 20:00");
        let grace = if strict { utc("2026-11-28 20:00") } else { utc("2026-11-30 00:00") };
        assert_eq!(g.row().grace_until, Some(grace), "strict {strict}");
        hold(&mut g, "AEFGIR");
        // the deadline passes: Turkey is told when its grace period ends
        let sent = at(&mut g, utc("2026-11-27 20:01"));
        let late = to(&sent, "p7@example.test");
        let until = if strict { "Sat 28 Nov 2026 20:00 UTC" } else { "Mon 30 Nov 2026 00:00 UTC" };
        assert!(late.iter().any(|s| common::game::flat(&s.body).contains(&format!("You have until {until} to send them"))), "{late:#?}");
        // the timer's next work: the end of grace, or first the daily late notice
        let next = if strict { utc("2026-11-28 20:00") } else { utc("2026-11-28 20:01") };
        assert_eq!(next_due(&g, utc("2026-11-27 20:01")), Some(next));
        at(&mut g, utc("2026-11-28 20:00"));
        assert_eq!(g.seq(), if strict { 2 } else { 1 }, "strict {strict}: Saturday's end of grace");
        if !strict {
            at(&mut g, utc("2026-11-29 23:59"));
            assert_eq!(g.seq(), 1, "not on Sunday either");
            at(&mut g, utc("2026-11-30 00:00"));
            assert_eq!(g.seq(), 2, "processed with Turkey's defaults on Monday");
        }
        // and back: NO STRICT GRACE
        if strict {
            let r = master(&mut g, "SET NO STRICT GRACE");
            assert!(r.contains("No strict grace: a grace period that would end on a day"), "{r}");
            assert_eq!(g.row().settings.strict_grace, GraceEnd::OnDeadlineDays);
        }
    }
}

// ---- row 58: GRACE and DELAY per kind of phase ----

/// njudge's `SET MOVES GRACE 1 DELAY 1`, `SET RETREATS GRACE 12`, `SET
/// BUILDS DELAY 0.5`: each kind of phase has its own, the others the game's
/// (a day's grace, no delay), played through a year: movement processed an
/// hour after the last orders, a retreat's grace period twelve hours, the
/// builds half an hour after the last orders; LIST shows them.
#[test]
fn each_kind_of_phase_keeps_its_own_grace_period_and_delay() {
    let mut g = Game::started();
    let r = master(&mut g, "SET MOVES GRACE 1 DELAY 1");
    assert!(r.contains("Grace period of movement phases: 1 hour, in place of the game's (SET GRACE); the other kinds keep theirs."), "{r}");
    assert!(r.contains("When every order of a movement phase is in before the deadline, it is processed 1 hour later"), "{r}");
    assert!(!r.contains("deadlines:"), "no timing changed: {r}");
    master(&mut g, "SET RETREATS GRACE 12");
    let r = master(&mut g, "SET BUILDS DELAY 0.5");
    assert!(r.contains("adjustment phase is in before the deadline, it is processed 30 minutes later"), "{r}");
    let s = g.row().settings;
    use mailjudge::phase::PhaseKind as K;
    assert_eq!([K::Movement, K::Retreat, K::Adjustment].map(|k| s.grace_for(k)), [3600, 43_200, 86_400]);
    assert_eq!([K::Movement, K::Retreat, K::Adjustment].map(|k| s.delay_for(k)), [3600, 0, 1800]);
    let (list, _) = g.send("p1@example.test", "LIST demo");
    assert!(
        list.contains("grace 1 day (movement 1 hour, retreats 12 hours), delay after the last orders none (movement 1 hour, adjustments 30 minutes)"),
        "{list}"
    );
    // the game's delay keeps the kinds' own, and says so
    let r = master(&mut g, "SET DELAY 10 minutes");
    assert!(r.contains("These keep their own delay (njudge's SET MOVES|RETREATS|BUILDS DELAY): movement phases 1 hour, adjustment phases 30 minutes."), "{r}");
    master(&mut g, "SET DELAY 0");
    // the current phase's grace period with the movement's: SET DEADLINE sets it anew
    master(&mut g, "SET DEADLINE Wed 20:00");
    assert_eq!(g.row().grace_until, Some(utc("2026-11-25 21:00")));

    // Spring 1901: every order in at 12:00, processed at 13:00
    g.as_power('A', "A VIE-TYR\nA BUD H\nF TRI H");
    hold(&mut g, "EFGIRT");
    assert_eq!(next_due(&g, utc("2026-11-23 12:00")), Some(utc("2026-11-23 13:00")), "the timer wakes for the movement's delay");
    at(&mut g, utc("2026-11-23 12:59"));
    assert_eq!(g.seq(), 1);
    at(&mut g, utc("2026-11-23 13:00"));
    assert_eq!(g.seq(), 2, "Fall 1901");
    assert_eq!((g.deadline(), g.row().grace_until), (utc("2026-11-25 20:00"), Some(utc("2026-11-25 21:00"))), "the movement's hour of grace");

    // Fall 1901: Austria takes Venice, Italy's army retreats
    g.as_power('A', "F TRI-VEN\nA TYR S F TRI-VEN\nA BUD H");
    hold(&mut g, "EFGIRT");
    at(&mut g, utc("2026-11-23 14:00"));
    assert_eq!(g.seq(), 3, "Fall 1901's retreats");
    assert_eq!(g.phase(g.row().v()), "F1901R");
    // never before Fall's deadline (row 60); twelve hours' grace after it
    assert_eq!((g.deadline(), g.row().grace_until), (utc("2026-11-25 20:00"), Some(utc("2026-11-26 08:00"))));
    // Italy does not order its retreat: the retreat's grace, not the game's day
    at(&mut g, utc("2026-11-26 07:59"));
    assert_eq!(g.seq(), 3);
    at(&mut g, utc("2026-11-26 08:00"));
    assert_eq!(g.seq(), 4, "Winter 1901: the retreat defaulted at the end of its twelve hours");
    assert_eq!(g.phase(g.row().v()), "W1901A");

    // Winter 1901: Austria's build, processed half an hour after it
    let (r, _) = g.as_power('A', "BUILD A VIE");
    assert!(r.contains("Your orders are complete."), "{r}");
    assert_eq!(next_due(&g, utc("2026-11-26 08:00")), Some(utc("2026-11-26 08:30")), "the timer wakes for the builds' delay");
    at(&mut g, utc("2026-11-26 08:29"));
    assert_eq!(g.seq(), 4);
    at(&mut g, utc("2026-11-26 08:30"));
    assert_eq!(g.seq(), 5, "Spring 1902");
}

// ---- row 66: SET NO NMR waits for the master ----

/// `SET NO NMR` (njudge's NoNMR): the deadline passes with Turkey late, it
/// hears the game will wait; at the end of the grace period nothing is
/// processed and the master is told, once; the game is off the timer
/// (days later nothing more happens) until Turkey's orders come, which
/// process the phase. In the next phase the master's PROCESS! ends the
/// wait with Turkey's defaults.
#[test]
fn no_nmr_waits_for_the_master_after_the_grace_period() {
    let mut g = Game::started();
    let r = master(&mut g, "SET NO NMR");
    assert!(r.contains("After the grace period the game waits for the master."), "{r}");
    assert_eq!(g.row().settings.nmr, Nmr::WaitForMaster);
    hold(&mut g, "AEFGIR");
    let (deadline, grace) = (g.deadline(), g.row().grace_until.unwrap());
    let sent = at(&mut g, deadline + 1);
    let late = to(&sent, "p7@example.test");
    assert!(late.iter().any(|s| common::game::flat(&s.body).contains("after that, the game waits for its master")), "{late:#?}");
    assert_eq!(g.seq(), 1);
    // the end of the grace period: not processed, the master told
    let sent = at(&mut g, grace);
    assert_eq!(g.seq(), 1, "nothing processed");
    let told = to(&sent, GM);
    assert!(
        told.iter().any(|s| s.subject == "Game demo waits for you"
            && common::game::flat(&s.body).contains("orders are still missing from Turkey")
            && s.body.contains("SET NO NMR")),
        "{told:#?}"
    );
    assert!(g.row().marked(mailjudge::game::Mark::WaitingForMaster));
    assert_eq!(next_due(&g, grace), None, "off the timer");
    // days later: nothing more, to anyone
    let sent = at(&mut g, grace + 3 * 86_400);
    assert!(sent.is_empty(), "{sent:#?}");
    assert_eq!(g.seq(), 1);
    // Turkey returns: its orders process the phase
    hold(&mut g, "T");
    assert_eq!(g.seq(), 2, "processed with Turkey's own orders");

    // Fall 1901: Turkey late again; at the end of grace the master processes with defaults
    hold(&mut g, "AEFGIR");
    let (deadline, grace) = (g.deadline(), g.row().grace_until.unwrap());
    at(&mut g, deadline + 1);
    at(&mut g, grace);
    assert_eq!(g.seq(), 2, "waiting again");
    let r = master(&mut g, "PROCESS");
    assert!(r.contains("Turkey"), "PROCESS without ! names who is missing: {r}");
    assert_eq!(g.seq(), 2);
    let r = master(&mut g, "PROCESS!");
    assert!(r.contains("processed"), "{r}");
    assert!(g.seq() > 2, "the master's PROCESS! ends the wait");
}

// ---- row 117: SET PRFRAND ----

/// A game `name` of master GM set to give out its powers `how` (njudge's
/// `SET PRFRAND`, `SET PRFLIST`), joined by p1 ... p7, each asking first for
/// its own power of [`SEATS`] (a different one each): started at the
/// seventh. The powers its players got, by player, as letters.
fn game_given_out(g: &mut Game, name: &str, how: &str) -> Vec<char> {
    g.send(GM, &format!("CREATE ?{name} gmpass standard"));
    let r = g.send(GM, &format!("SIGNON M{name} gmpass\nSET {how}")).0;
    assert!(r.contains(if how == "PRFRAND" { "Powers will be assigned by random." } else { "Powers will be assigned by preference." }), "{how}: {r}");
    let mut starts: Vec<Sent> = Vec::new();
    for (who, pw, letter) in SEATS {
        let (r, sent) = g.send(&format!("{who}@example.test"), &format!("SIGNON ?{name} {pw}\nSET PREFERENCE {letter}"));
        assert!(!r.contains("refused") && !r.contains("error"), "{who}: {r}");
        starts.extend(sent);
    }
    let game = common::db::game(g.w.db(), name);
    assert_eq!(game.status.as_str(), "active", "{name} started");
    let v = game.variant.clone();
    SEATS
        .iter()
        .map(|(who, _, _)| {
            let addr = format!("{who}@example.test");
            let p = game.players.iter().find(|p| p.email == addr).unwrap_or_else(|| panic!("{name}: {addr} has a seat"));
            let power = p.power.unwrap_or_else(|| panic!("{name}: {addr} has a power"));
            // each player is told the power by mail
            let subject = format!("Game {name} has started: you are {}", mailjudge::game::pname(&v, power));
            assert!(starts.iter().any(|s| s.to == addr && s.subject == subject), "{name}: {addr} told {subject}");
            v.powers[power as usize].letter
        })
        .collect()
}

/// With `SET PRFLIST` every player, asking first for a power no one else
/// does, gets it; with `SET PRFRAND` the same lists are not what decides:
/// every player gets a power, none twice, and over four such games not every
/// player got the first choice every time. (The judge draws the powers from
/// the system's randomness, so no seed makes this certain; the chance that
/// four random games all give seven players their first choices is
/// 1 in 5040⁴, about 1.5 × 10⁻¹⁵.)
#[test]
fn prfrand_gives_every_player_a_power_at_random_whatever_their_preferences() {
    let mut g = Game::empty();
    let firsts: Vec<char> = SEATS.iter().map(|(_, _, l)| *l).collect();
    assert_eq!(game_given_out(&mut g, "listed", "PRFLIST"), firsts, "by the preferences");
    let mut all_first = 0;
    for name in ["rand1", "rand2", "rand3", "rand4"] {
        let mut given = game_given_out(&mut g, name, "PRFRAND");
        if given == firsts {
            all_first += 1;
        }
        given.sort_unstable();
        let mut every = firsts.clone();
        every.sort_unstable();
        assert_eq!(given, every, "{name}: every power given, none twice");
    }
    assert!(all_first < 4, "the preferences decided every random game");
}
