//! The one outbound gate: every mail the judge queues passes here
//! ([`crate::context::Ctx::queue`] and [`crate::context::Ctx::request`]), so
//! who may be mailed is decided once, not in each command.
//!
//! An address (its mailbox: `name@domain` with every `+tag`) **consents**
//! when someone there answered a code the judge mailed there, when the
//! keeper allowed it (`mailjudge address allow`, or `consent.trusted_domains`),
//! or when a mail from it was proven by the keeper's own server
//! (`Authentication-Results` of `consent.authserv_id`: see
//! [`crate::mail::read::auth`]). The keeper always consents; with
//! `consent.required = false` (a closed club) everyone does.
//!
//! To an address that has not consented the judge sends only:
//! - the direct reply to a mail from it, within
//!   `consent.unconfirmed_reply_bytes_per_hour`;
//! - a confirmation request: one an address a month
//!   ([`REQUEST_EVERY`]), within the limits per mail (the reply to an
//!   unconsented sender counts as one), per sender a day, per game a day
//!   and for the whole judge an hour. A line over a limit is answered with
//!   a sentence ([`State::lines`]) and nothing is sent.
//!
//! Anything else for it (a game's results, press, notices) is **held** in
//! the outbox, at most [`HELD_MAILS`] mails and [`HELD_BYTES`] for one
//! mailbox and for a week ([`HOLD_SECS`]); when the address consents, what
//! is held goes. A reply to an unconsented sender whose mail made it a
//! recipient of anything carries the code that confirms it ([`State::offer`]).

use crate::config::Config;
use crate::mail::compose::OutMail;
use crate::report::say;
use crate::store::consent::{self, Counter, How};
use rusqlite::Connection;
use sha2::{Digest, Sha256};

/// An address is mailed at most one request in this time, until it answers.
pub const REQUEST_EVERY: i64 = 30 * 86_400;
/// A code confirms for this long after it was mailed.
pub const CODE_VALID: i64 = 30 * 86_400;
/// Mail is held for an address that has not consented for at most this long.
pub const HOLD_SECS: i64 = 7 * 86_400;
/// At most this many mails are held for one mailbox (more are dropped, logged).
pub const HELD_MAILS: u64 = 50;
/// At most this many bytes are held for one mailbox.
pub const HELD_BYTES: u64 = 5_000_000;

/// The inbound mail whose commands are running (none: the judge's own work,
/// such as a deadline).
#[derive(Clone, Debug)]
pub struct Cause {
    /// The sender's mailbox.
    pub sender: String,
    /// The mail's id in the `mails` table.
    pub mail_id: i64,
}

/// What the gate knows while one mail (or one tick) runs.
#[derive(Debug, Default)]
pub struct State {
    pub cause: Option<Cause>,
    /// Sentences for the command that is running: why nothing was sent.
    pub lines: Vec<String>,
    /// The sender has not consented and is now the recipient of something:
    /// the reply carries the code that confirms.
    pub offer: bool,
    /// Mailboxes this mail was told are held (said once a mail).
    told: Vec<String>,
}

impl State {
    /// A new mail's commands start (`None`: the judge's own work).
    pub fn begin(&mut self, cause: Option<Cause>) {
        *self = State { cause, ..State::default() };
    }

    /// The sentences for the command that just ran.
    pub fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.lines)
    }

    fn sender(&self) -> Option<&str> {
        self.cause.as_ref().map(|c| c.sender.as_str())
    }
}

/// Whether `mailbox` consents to the judge's mail.
pub fn consents(conn: &Connection, cfg: &Config, mailbox: &str) -> rusqlite::Result<bool> {
    if !cfg.consent.required || mailbox == crate::mail::mailbox_key(&cfg.keeper) || cfg.consent.trusts(mailbox) {
        return Ok(true);
    }
    Ok(consent::of(conn, mailbox)?.is_some())
}

/// How a mail may pass.
#[derive(Debug, PartialEq, Eq)]
pub enum Door {
    /// To an address that consents: its byte budget as always.
    Open,
    /// The direct reply to an unconsented sender: the smaller budget.
    Reply,
    /// For an unconsented address: held until it consents.
    Hold,
}

/// The door `m` goes through.
pub fn door(conn: &Connection, cfg: &Config, m: &OutMail) -> rusqlite::Result<Door> {
    let mailbox = crate::mail::mailbox_key(&m.to);
    if consents(conn, cfg, &mailbox)? {
        return Ok(Door::Open);
    }
    // a reply is only ever made to the From of the mail it answers (judge::reply_to)
    if m.kind == crate::mail::compose::Kind::Reply {
        return Ok(Door::Reply);
    }
    Ok(Door::Hold)
}

/// Whether one more mail of `bytes` may be held for `mailbox`.
pub fn may_hold(conn: &Connection, mailbox: &str, bytes: u64) -> rusqlite::Result<bool> {
    let (n, held) = consent::held(conn, mailbox)?;
    Ok(n < HELD_MAILS && held + bytes <= HELD_BYTES)
}

/// Notes that mail for `mailbox` (`to` as written) was held: the sender's
/// reply will carry its code, or the command says so (once a mail).
pub fn held(state: &mut State, mailbox: &str, to: &str) {
    if state.sender() == Some(mailbox) {
        state.offer = true;
    } else if state.cause.is_some() && !state.told.iter().any(|t| t == mailbox) {
        state.told.push(mailbox.to_string());
        state.lines.push(say::consent::kept_for(to));
    }
}

/// The hash a code is kept by.
pub fn code_hash(code: &str) -> String {
    Sha256::digest(code.trim().to_ascii_lowercase().as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Why a request for consent was not sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotAsked {
    /// The address was asked lately and has not answered: no other request before `again`.
    #[error("asked lately; no other request before {again}")]
    AskedLately { again: i64 },
    /// A limit on requests was reached.
    #[error("{limit} requests {per:?}, the most")]
    OverLimit { limit: u32, per: say::consent::Per },
}

impl NotAsked {
    /// Why nothing was sent to `to`, for the asker (times in `tz`).
    pub fn words(&self, to: &str, tz: chrono_tz::Tz) -> String {
        match *self {
            NotAsked::AskedLately { again } => say::consent::asked_already(to, &crate::timing::format_time(again, tz)),
            NotAsked::OverLimit { limit, per } => say::consent::over_limit(to, limit, per),
        }
    }
}

/// Why a request may not go to `mailbox` now, if it may not.
pub fn request_refused(conn: &Connection, cfg: &Config, state: &State, mailbox: &str, game_id: Option<i64>, now: i64) -> rusqlite::Result<Option<NotAsked>> {
    let c = &cfg.consent;
    let day = now - 86_400;
    let last = consent::last_request_to(conn, mailbox, now - REQUEST_EVERY, now)?;
    if let Some(t) = last {
        return Ok(Some(NotAsked::AskedLately { again: t + REQUEST_EVERY }));
    }
    use say::consent::Per;
    if let Some(cause) = &state.cause {
        // the reply to a sender who has not consented is one stranger already
        let own = u64::from(!consents(conn, cfg, &cause.sender)?);
        if consent::requests_since(conn, Counter::Mail(cause.mail_id), 0, now)? + own >= u64::from(c.requests_per_mail) {
            return Ok(Some(NotAsked::OverLimit { limit: c.requests_per_mail, per: Per::Mail }));
        }
        if consent::requests_since(conn, Counter::Sender(&cause.sender), day, now)? >= u64::from(c.requests_per_sender_per_day) {
            return Ok(Some(NotAsked::OverLimit { limit: c.requests_per_sender_per_day, per: Per::SenderDay }));
        }
    }
    if let Some(g) = game_id
        && consent::requests_since(conn, Counter::Game(g), day, now)? >= u64::from(c.requests_per_game_per_day)
    {
        return Ok(Some(NotAsked::OverLimit { limit: c.requests_per_game_per_day, per: Per::GameDay }));
    }
    if consent::requests_since(conn, Counter::All, now - 3600, now)? >= u64::from(c.requests_per_hour) {
        return Ok(Some(NotAsked::OverLimit { limit: c.requests_per_hour, per: Per::JudgeHour }));
    }
    Ok(None)
}

/// Records a request to `mailbox` carrying `code` (`mailed`: as a mail of
/// its own; else inside a reply to it).
pub fn record(conn: &Connection, state: &State, mailbox: &str, code: &str, game_id: Option<i64>, mailed: bool, now: i64) -> rusqlite::Result<()> {
    let hash = code_hash(code);
    let cause = state.cause.as_ref();
    consent::record_request(
        conn,
        &consent::Request {
            mailbox,
            code_hash: &hash,
            sender: cause.map(|c| c.sender.as_str()).unwrap_or(""),
            game_id,
            mail_id: cause.map(|c| c.mail_id),
            mailed,
            at: now,
        },
    )
}

/// `mailbox` consents (`how`) from `now`: what was held for it in the last
/// week goes. Returns how many mails were released.
pub fn grant(conn: &Connection, mailbox: &str, how: How, now: i64) -> rusqlite::Result<usize> {
    consent::grant(conn, mailbox, how, now)?;
    consent::release(conn, mailbox, now - HOLD_SECS, now)
}

/// The mailbox that `code` confirms, if the judge mailed it in the last 30 days.
pub fn mailbox_of(conn: &Connection, code: &str, now: i64) -> rusqlite::Result<Option<String>> {
    consent::mailbox_of_code(conn, &code_hash(code), now - CODE_VALID)
}

/// The reply's closing paragraph for an unconsented sender (with a new
/// code, recorded), when [`State::offer`] is set.
pub fn offer(conn: &Connection, cfg: &Config, state: &State, now: i64) -> rusqlite::Result<Option<Vec<String>>> {
    let Some(cause) = state.cause.as_ref().filter(|_| state.offer) else { return Ok(None) };
    if consents(conn, cfg, &cause.sender)? {
        return Ok(None);
    }
    let code = crate::password::confirmation_code();
    record(conn, state, &cause.sender, &code, None, false, now)?;
    Ok(Some(say::consent::offer(&cfg.name, &code)))
}

/// Daily upkeep: held mail older than a week is given up, codes older than
/// their validity forgotten.
pub fn expire(conn: &Connection, now: i64) -> rusqlite::Result<usize> {
    consent::prune_requests(conn, now - CODE_VALID.max(REQUEST_EVERY))?;
    consent::expire_held(conn, now - HOLD_SECS, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::compose::{Kind, OutMail};
    use crate::store::outbox::{self, Counted};

    fn held_mail(conn: &Connection, n: usize, bytes: u64) {
        let m = OutMail {
            to: "a@far.example".into(),
            subject: "s".into(),
            body: String::new(),
            message_id: format!("<{n}@x>"),
            in_reply_to: None,
            references: Vec::new(),
            list_id: None,
            unsubscribe: None,
            kind: Kind::Game,
            attachments: Vec::new(),
        };
        let id =
            outbox::insert(conn, &m, None, None, 0, &Counted { mailbox: "a@far.example".into(), bytes, counted: outbox::NOT_COUNTED, charged: None }).unwrap();
        outbox::hold(conn, id, 0).unwrap();
    }

    #[test]
    fn what_is_held_for_a_mailbox_is_bounded_in_count_and_bytes() {
        let conn = crate::store::open_memory().unwrap();
        for n in 0..HELD_MAILS - 1 {
            held_mail(&conn, n as usize, 1000);
        }
        assert!(may_hold(&conn, "a@far.example", 1000).unwrap(), "one short of the count");
        held_mail(&conn, 999, 1000);
        assert!(!may_hold(&conn, "a@far.example", 1).unwrap(), "at the count");
        assert!(may_hold(&conn, "b@far.example", HELD_BYTES).unwrap(), "another mailbox: at the bytes");
        assert!(!may_hold(&conn, "b@far.example", HELD_BYTES + 1).unwrap(), "past the bytes");
        // released once it consents; what is older than a week is given up
        assert_eq!(grant(&conn, "a@far.example", How::Confirmed, HOLD_SECS - 1).unwrap(), HELD_MAILS as usize);
        assert!(may_hold(&conn, "a@far.example", 1).unwrap());
        held_mail(&conn, 1000, 1);
        assert_eq!(grant(&conn, "c@far.example", How::Allowed, HOLD_SECS + 1).unwrap(), 0);
        assert_eq!(expire(&conn, HOLD_SECS + 1).unwrap(), 1);
    }

    #[test]
    fn a_code_is_kept_by_its_hash_and_confirms_for_thirty_days() {
        let conn = crate::store::open_memory().unwrap();
        let state = State::default();
        record(&conn, &state, "a@far.example", "1a2b3c4d5e6f", None, true, 100).unwrap();
        assert_eq!(mailbox_of(&conn, "1A2B3C4D5E6F", 100 + CODE_VALID - 1).unwrap().as_deref(), Some("a@far.example"));
        assert_eq!(mailbox_of(&conn, "1a2b3c4d5e6f", 100 + CODE_VALID).unwrap(), None);
        assert_eq!(mailbox_of(&conn, "ffffffffffff", 100).unwrap(), None);
    }
}
