//! Deadlines in every calendar (issue 38, docs/CALENDAR.md): the start
//! notices, every results mail with a next deadline and every notice of a
//! new deadline carry the deadline as a `text/calendar` part (`METHOD:PUBLISH`,
//! one `VEVENT` starting at the deadline in UTC, its `UID` the same for every
//! mail about that phase). Read back by another parser than the one that
//! wrote it (the `ical` crate).

use crate::common::Sent;
use crate::common::game::{GM, Game};
use std::collections::BTreeMap;

/// One calendar part, read: the calendar's properties and its one event's.
struct Read {
    calendar: BTreeMap<String, String>,
    event: BTreeMap<String, String>,
    name: String,
    mime: String,
}

fn props(p: &[ical::property::Property]) -> BTreeMap<String, String> {
    p.iter().map(|p| (p.name.clone(), p.value.clone().unwrap_or_default())).collect()
}

/// The calendar part of `mail`, parsed, if it has one.
fn calendar_of(mail: &Sent) -> Option<Read> {
    let (name, mime, bytes) = mail.files.iter().find(|(_, ct, _)| ct.starts_with("text/calendar"))?;
    let mut cals: Vec<ical::parser::ical::component::IcalCalendar> =
        ical::IcalParser::new(std::io::BufReader::new(&bytes[..])).collect::<Result<_, _>>().unwrap_or_else(|e| panic!("{name} does not parse: {e}"));
    assert_eq!(cals.len(), 1, "one calendar in {name}");
    let c = cals.remove(0);
    assert_eq!(c.events.len(), 1, "one event in {name}");
    Some(Read { calendar: props(&c.properties), event: props(&c.events[0].properties), name: name.clone(), mime: mime.clone() })
}

/// The deadline as iCalendar writes a UTC time.
fn utc(t: i64) -> String {
    chrono::DateTime::from_timestamp(t, 0).unwrap().format("%Y%m%dT%H%M%SZ").to_string()
}

fn start_notices() -> (Game, Vec<Sent>) {
    let mut g = Game::empty();
    for name in crate::common::script::OPENING {
        g.w.deliver(name);
    }
    let (_, sent) = g.w.step();
    (g, sent)
}

#[test]
fn start_results_and_a_new_deadline_carry_the_deadline_as_one_event() {
    let (mut g, sent) = start_notices();
    let deadline = g.deadline();
    let starts: Vec<&Sent> = sent.iter().filter(|s| s.subject.contains("started") || s.subject.contains("has started")).collect();
    assert_eq!(starts.len(), 8, "seven players and the master: {:?}", sent.iter().map(|s| &s.subject).collect::<Vec<_>>());
    let mut uid = String::new();
    for s in &starts {
        let c = calendar_of(s).unwrap_or_else(|| panic!("no calendar part in the start notice to {}", s.to));
        assert_eq!(c.name, "demo-S1901M.ics");
        assert!(c.mime.contains("method=PUBLISH") || c.mime.contains("method=\"PUBLISH\""), "{}", c.mime);
        assert_eq!(c.calendar.get("METHOD").map(String::as_str), Some("PUBLISH"));
        assert_eq!(c.calendar.get("VERSION").map(String::as_str), Some("2.0"));
        assert_eq!(c.event["DTSTART"], utc(deadline));
        assert!(c.event["SUMMARY"].contains("demo") && c.event["SUMMARY"].contains("Spring 1901 movement"), "{:?}", c.event);
        assert!(c.event["UID"].starts_with("demo-s1901m@"), "{:?}", c.event);
        uid = c.event["UID"].clone();
    }
    // the master moves the deadline: the notice's event has the same UID, a
    // later start and a later revision
    let first = calendar_of(starts[0]).unwrap();
    let later = g.w.now + 3600;
    g.w.set_time(later);
    let (_, sent) = g.as_master("SET DEADLINE 2026-11-27 20:00");
    let moved: Vec<&Sent> = sent.iter().filter(|s| s.subject.to_ascii_lowercase().contains("deadline")).collect();
    assert!(!moved.is_empty(), "{:?}", sent.iter().map(|s| &s.subject).collect::<Vec<_>>());
    for s in &moved {
        let c = calendar_of(s).unwrap_or_else(|| panic!("no calendar in the deadline notice to {}", s.to));
        assert_eq!(c.event["UID"], uid, "the same event, updated");
        assert_eq!(c.event["DTSTART"], "20261127T200000Z");
        assert!(c.event["SEQUENCE"].parse::<u64>().unwrap() > first.event["SEQUENCE"].parse::<u64>().unwrap());
        assert!(c.event["DTSTAMP"] > first.event["DTSTAMP"]);
    }
    // the results carry the next phase's event, its own UID
    let results = g.pass_deadline();
    let next = g.deadline();
    let mails: Vec<&Sent> = results.iter().filter(|s| s.body.contains("Spring 1901") && s.body.contains("Next phase")).collect();
    assert!(mails.len() >= 8, "{}", mails.len());
    for s in &mails {
        let c = calendar_of(s).unwrap_or_else(|| panic!("no calendar in the results to {}", s.to));
        assert_eq!((c.name.as_str(), c.event["DTSTART"].as_str()), ("demo-F1901M.ics", utc(next).as_str()));
        assert!(c.event["UID"].starts_with("demo-f1901m@") && c.event["UID"] != uid, "{:?}", c.event);
    }
    // a reply to a player's mail carries none
    let (_, sent) = g.as_power('F', "A PAR H");
    assert!(sent.iter().all(|s| calendar_of(s).is_none()), "no event in a reply");
}

#[test]
fn a_paused_game_and_a_finished_one_carry_no_event() {
    let mut g = Game::started();
    let (_, sent) = g.as_master("PAUSE");
    assert!(sent.iter().all(|s| calendar_of(s).is_none()), "a pause has no deadline");
    let (_, sent) = g.as_master("RESUME");
    let resumed: Vec<&Sent> = sent.iter().filter(|s| s.to != GM || s.subject.contains("resume")).collect();
    assert!(resumed.iter().any(|s| calendar_of(s).is_some()), "the resumed deadline is an event: {:?}", sent.iter().map(|s| &s.subject).collect::<Vec<_>>());
    let (_, sent) = g.as_master("TERMINATE");
    assert!(sent.iter().all(|s| calendar_of(s).is_none()), "an ended game has no deadline");
}
