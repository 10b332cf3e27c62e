//! A phase's deadline as a calendar event (RFC 5545, written by the
//! `icalendar` crate): `METHOD:PUBLISH`, one `VEVENT` starting at the
//! deadline in UTC, its `UID` the game's and the phase's, so a calendar that
//! already has the event updates it (a later `SEQUENCE` and `DTSTAMP`) instead
//! of adding another. Mailed with a game's start notice, its results and its
//! deadline changes (docs/CALENDAR.md).

use chrono::{DateTime, Utc};
use icalendar::{Calendar, Component, Event, EventLike, EventStatus, Property};

/// The media type of the part (a calendar program reads `method` to know it
/// may file the event without a reply).
pub const MIME: &str = "text/calendar; charset=utf-8; method=PUBLISH";

/// A phase's deadline, for its event.
pub struct Deadline<'a> {
    /// The judge's mail domain (the `UID`'s right-hand side).
    pub domain: &'a str,
    pub judge_address: &'a str,
    pub game: &'a str,
    /// The phase's code (`F1901M`) and its name (`Fall 1901 movement`).
    pub code: &'a str,
    pub phase: &'a str,
    /// The deadline and the time the event is written (Unix seconds).
    pub at: i64,
    pub now: i64,
}

/// The event's `UID`: the same for every mail about the phase's deadline.
pub fn uid(domain: &str, game: &str, code: &str) -> String {
    format!("{game}-{code}@{domain}").to_ascii_lowercase()
}

fn utc(t: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(t, 0).unwrap_or_default()
}

/// The event of one deadline.
pub fn event(d: &Deadline) -> Event {
    Event::new()
        .uid(&uid(d.domain, d.game, d.code))
        .timestamp(utc(d.now))
        // each revision later than the last: minutes since 1970 (fit 32 bits until 10136)
        .sequence(u32::try_from(d.now.max(0) / 60).unwrap_or(u32::MAX))
        .starts(utc(d.at))
        .summary(&format!("Diplomacy {}: orders due for {}", d.game, d.phase))
        .description(&format!("The deadline of {} in game {}. Send your orders to {} before it.", d.phase, d.game, d.judge_address))
        .status(EventStatus::Confirmed)
        .add_property("TRANSP", "TRANSPARENT")
        .done()
}

/// The calendar text of `events` (CRLF lines, folded at 75 octets).
pub fn calendar(events: Vec<Event>) -> String {
    let mut c = Calendar::empty();
    c.append_property(Property::new("VERSION", "2.0"));
    c.append_property(Property::new("PRODID", "-//mailjudge//deadlines//EN"));
    c.append_property(Property::new("CALSCALE", "GREGORIAN"));
    c.append_property(Property::new("METHOD", "PUBLISH"));
    for e in events {
        c.push(e);
    }
    c.done().to_string()
}

/// The file of one deadline's event: its name and bytes.
pub fn file(d: &Deadline) -> (String, Vec<u8>) {
    (format!("{}-{}.ics", d.game, d.code), calendar(vec![event(d)]).into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_event_in_utc_with_a_stable_uid() {
        let d = Deadline {
            domain: "judge.example",
            judge_address: "judge@judge.example",
            game: "demo",
            code: "F1901M",
            phase: "Fall 1901 movement",
            at: 1_790_020_800,
            now: 1_790_000_000,
        };
        let (name, bytes) = file(&d);
        let text = String::from_utf8(bytes).unwrap();
        assert_eq!(name, "demo-F1901M.ics");
        for line in ["METHOD:PUBLISH", "BEGIN:VEVENT", "UID:demo-f1901m@judge.example", "DTSTART:20260921T200000Z", "DTSTAMP:20260921T141320Z"] {
            assert!(text.lines().any(|l| l.trim_end() == line), "{line} in {text}");
        }
        assert!(text.contains("\r\n") && text.lines().all(|l| l.len() <= 76), "{text}");
        assert_eq!(text.matches("BEGIN:VEVENT").count(), 1);
    }
}
