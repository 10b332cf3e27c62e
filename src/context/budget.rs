//! The byte budget per mailbox: what the judge sends one address, other
//! than a game's own scheduled mail ([`Kind::Game`]), is counted with its
//! attachments against `limits.bytes_per_address_per_hour` and
//! `limits.bytes_per_address_per_day`. A mail that would go past either is
//! not queued; the first one held back in a window brings the address one
//! short note, then nothing until the window has moved on. With forged From
//! addresses and commands that answer with pictures and histories, this is
//! what bounds the mail a stranger can make the judge send anyone.
//!
//! Mail to the keeper is not counted (the judge's own alarms). A game's own
//! mail (results, reminders, deadlines, the start and the end) goes to those
//! who joined, confirmed or observe; it counts against a budget of its own,
//! `limits.game_bytes_per_address_per_day` (50 MB: hundreds of results mails,
//! far above what any player gets), so that games made by forged mail to
//! aim their results at one mailbox are bounded too.

use crate::mail::compose::{Kind, OutMail};
use crate::store::outbox::Counted;
use crate::store::outbox::encoded;
use crate::store::{kv, outbox};
use rusqlite::Connection;

/// What headers and MIME framing add to a mail's text and files (an estimate).
const OVERHEAD: u64 = 1024;

/// The size `m` will have as sent, its attachments included.
pub fn size(conn: &Connection, m: &OutMail) -> rusqlite::Result<u64> {
    Ok(OVERHEAD + m.subject.len() as u64 + m.body.len() as u64 + encoded(outbox::files_bytes(conn, &m.attachments)?))
}

/// Whether a mail may be queued.
#[derive(Debug, PartialEq, Eq)]
pub enum Decision {
    Queue(Counted),
    /// Over a budget of `limit` bytes a `window` (`games`: the budget of
    /// games' own mail): not sent. `note`: the first held back in its
    /// window, so the address gets the note (`until`: when the window has
    /// moved on).
    Withhold {
        mailbox: String,
        note: bool,
        until: i64,
        window: Window,
        limit: u64,
        games: bool,
    },
}

/// Which budget a mail went past.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    Hour,
    Day,
}

impl Window {
    pub fn secs(self) -> i64 {
        match self {
            Window::Hour => 3600,
            Window::Day => 86_400,
        }
    }
}

/// The budget mail of `kind` counts against (its `counted` value) and its
/// limits, each window's (`None`: no limit in that window).
fn budget_of(cfg: &crate::config::Config, kind: Kind) -> (i64, [(Window, Option<u64>); 2]) {
    let l = &cfg.limits;
    match kind {
        Kind::Game => (outbox::GAME, [(Window::Hour, None), (Window::Day, Some(l.game_bytes_per_address_per_day))]),
        Kind::Reply | Kind::Notice => (outbox::COUNTED, [(Window::Hour, Some(l.bytes_per_address_per_hour)), (Window::Day, Some(l.bytes_per_address_per_day))]),
    }
}

/// What is left of `addr`'s budget for replies and notices at `now` (the
/// smaller of the hour's and the day's), in bytes.
pub fn room(conn: &Connection, cfg: &crate::config::Config, addr: &str, now: i64) -> rusqlite::Result<u64> {
    let mailbox = crate::mail::mailbox_key(addr);
    let (counted, windows) = budget_of(cfg, Kind::Notice);
    let mut room = u64::MAX;
    for (window, limit) in windows {
        if let Some(limit) = limit {
            room = room.min(limit.saturating_sub(outbox::budget_used(conn, &mailbox, counted, now - window.secs(), now)?));
        }
    }
    Ok(room)
}

/// Why press from one player to another was held back.
#[derive(Debug, PartialEq, Eq)]
pub enum HeldBack {
    /// Its sender made the judge send `limit` bytes of press within the hour.
    Sender { limit: u64 },
    /// Its recipient had its share of press (`limit` bytes) within the hour.
    Recipient { limit: u64 },
}

/// Decides for press `m` from `sender` (a mailbox) at `now`: it is charged
/// to the sender's hourly budget (`limits.press_bytes_per_sender_per_hour`),
/// and takes at most half of the recipient's hourly budget, a share of its
/// own ([`outbox::PRESS`]), so that the recipient's replies, notices and
/// game mail always have the rest.
pub fn decide_charged(conn: &Connection, cfg: &crate::config::Config, m: &OutMail, sender: &str, now: i64) -> rusqlite::Result<Result<Counted, HeldBack>> {
    let mailbox = crate::mail::mailbox_key(&m.to);
    let bytes = size(conn, m)?;
    let limit = cfg.limits.press_bytes_per_sender_per_hour;
    if outbox::charged_used(conn, sender, now - 3600, now)? + bytes > limit {
        return Ok(Err(HeldBack::Sender { limit }));
    }
    let share = cfg.limits.bytes_per_address_per_hour / 2;
    if outbox::budget_used(conn, &mailbox, outbox::PRESS, now - 3600, now)? + bytes > share {
        return Ok(Err(HeldBack::Recipient { limit: share }));
    }
    Ok(Ok(Counted { mailbox, bytes, counted: outbox::PRESS, charged: Some(sender.to_string()) }))
}

/// Decides for `m` at `now` (see the module's text); `hour_cap`: a smaller
/// hourly budget (the direct reply to an address that has not consented,
/// see `context::gate`).
pub fn decide(conn: &Connection, cfg: &crate::config::Config, m: &OutMail, now: i64, hour_cap: Option<u64>) -> rusqlite::Result<Decision> {
    let mailbox = crate::mail::mailbox_key(&m.to);
    let bytes = size(conn, m)?;
    if mailbox == crate::mail::mailbox_key(&cfg.keeper) {
        return Ok(Decision::Queue(Counted { mailbox, bytes, counted: outbox::NOT_COUNTED, charged: None }));
    }
    let (counted, windows) = budget_of(cfg, m.kind);
    for (window, limit) in windows {
        let limit = match (window, hour_cap) {
            (Window::Hour, Some(cap)) => Some(limit.map_or(cap, |l| l.min(cap))),
            _ => limit,
        };
        let Some(limit) = limit else { continue };
        let used = outbox::budget_used(conn, &mailbox, counted, now - window.secs(), now)?;
        if used + bytes <= limit {
            continue;
        }
        // one note a window (and a budget)
        let key = format!("budget-note:{counted}:{}:{mailbox}", window.secs());
        let last: Option<i64> = kv::get(conn, &key)?.and_then(|t| t.parse().ok());
        let note = last.is_none_or(|t| t <= now - window.secs() || t > now);
        if note {
            kv::set(conn, &key, &now.to_string())?;
        }
        return Ok(Decision::Withhold { mailbox, note, until: now + window.secs(), window, limit, games: counted == outbox::GAME });
    }
    Ok(Decision::Queue(Counted { mailbox, bytes, counted, charged: None }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_grows_a_file_by_a_third_and_its_line_ends() {
        assert_eq!(encoded(0), 0);
        assert_eq!(encoded(3), 4);
        assert_eq!(encoded(57 * 1000), 78 * 1000);
    }
}
