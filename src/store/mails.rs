//! Inbound mail: kept (passwords redacted; a small mail whole, of a large one
//! its headers and the text the judge read, see `judge::KEPT_WHOLE_BYTES`)
//! with what came of it.
//!
//! A mail is known by its Message-ID and a hash of its content (`content_hash`):
//! the same Message-ID with the same content is the same mail (delivered twice),
//! with other content a new one (a corrected mail that reused its Message-ID).
//! `handled` is when a mail was handled (answered, or failed); ignored and
//! deferred mail has none, and only handled mail counts towards the per-sender
//! rate limit. A mail over that limit is stored `deferred`, its raw bytes as
//! received (it is read again when its turn comes), and handled later.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use rusqlite::{Connection, OptionalExtension, params};

/// What came of an inbound mail, as kept (its `status`, `reason` and
/// `detail` columns), read back strictly. Said in words for the keeper by
/// `report::say::judge::outcome`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Answered (`withheld`: its reply was not queued, for the replies its
    /// mailbox had within the hour).
    Answered { withheld: bool },
    /// Never answered (a bounce, an auto-reply, no usable From, not a mail at
    /// all): what the reader said of it.
    Ignored(String),
    /// Never answered: the keeper's own mail server says its From is forged.
    Forged,
    /// Its handling failed (the sender, if any, got the apology): the error.
    Failed(String),
    /// Over its sender's hourly rate: handled when its turn comes.
    Deferred,
    /// Over its sender's rate with as much waiting as a sender may have:
    /// dropped unanswered (its Message-ID and hash kept).
    Dropped(Full),
}

/// How much of a sender's mail waited when one more was dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// As many mails as a sender may have waiting.
    Mails(u32),
    /// These bytes of mail, with the new one past what a sender may have waiting.
    Bytes(i64),
}

/// The `status` column: what came of a mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Answered,
    Ignored,
    Forged,
    Failed,
    Deferred,
    Dropped,
}

/// The `reason` column: why, where the status needs one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    ReplyWithheld,
    WaitingMails,
    WaitingBytes,
}

macro_rules! words {
    ($name:ident { $($var:ident = $word:literal),+ $(,)? }) => {
        impl $name {
            fn word(self) -> &'static str {
                match self { $($name::$var => $word),+ }
            }
        }
        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.word()))
            }
        }
        impl FromSql for $name {
            fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
                match v.as_str()? {
                    $($word => Ok($name::$var),)+
                    other => Err(FromSqlError::Other(format!("`{other}` is not a mail's {}", stringify!($name)).into())),
                }
            }
        }
    };
}

words!(Status { Answered = "answered", Ignored = "ignored", Forged = "forged", Failed = "failed", Deferred = "deferred", Dropped = "dropped" });
words!(Reason { ReplyWithheld = "reply_withheld", WaitingMails = "waiting_mails", WaitingBytes = "waiting_bytes" });

/// A stored outcome whose columns do not go together.
#[derive(Debug, thiserror::Error)]
#[error("a mail's outcome stored as ({status:?}, {reason:?}, {detail:?}) does not read")]
struct OutcomeError {
    status: Status,
    reason: Option<Reason>,
    detail: Option<String>,
}

impl Outcome {
    /// Whether the mail was handled (answered, or failed): what counts
    /// towards its sender's rate.
    pub fn handled(&self) -> bool {
        matches!(self, Outcome::Answered { .. } | Outcome::Failed(_))
    }

    /// The three columns.
    fn columns(&self) -> (Status, Option<Reason>, Option<String>) {
        match self {
            Outcome::Answered { withheld } => (Status::Answered, withheld.then_some(Reason::ReplyWithheld), None),
            Outcome::Ignored(why) => (Status::Ignored, None, Some(why.clone())),
            Outcome::Forged => (Status::Forged, None, None),
            Outcome::Failed(e) => (Status::Failed, None, Some(e.clone())),
            Outcome::Deferred => (Status::Deferred, None, None),
            Outcome::Dropped(Full::Mails(n)) => (Status::Dropped, Some(Reason::WaitingMails), Some(n.to_string())),
            Outcome::Dropped(Full::Bytes(b)) => (Status::Dropped, Some(Reason::WaitingBytes), Some(b.to_string())),
        }
    }

    /// The columns read back, strictly.
    fn read(status: Status, reason: Option<Reason>, detail: Option<String>) -> Result<Outcome, OutcomeError> {
        let full = match (reason, detail.as_deref()) {
            (Some(Reason::WaitingMails), Some(n)) => n.parse().ok().map(Full::Mails),
            (Some(Reason::WaitingBytes), Some(n)) => n.parse().ok().map(Full::Bytes),
            _ => None,
        };
        Ok(match (status, reason, detail, full) {
            (Status::Answered, None, None, _) => Outcome::Answered { withheld: false },
            (Status::Answered, Some(Reason::ReplyWithheld), None, _) => Outcome::Answered { withheld: true },
            (Status::Ignored, None, Some(why), _) => Outcome::Ignored(why),
            (Status::Forged, None, None, _) => Outcome::Forged,
            (Status::Failed, None, Some(e), _) => Outcome::Failed(e),
            (Status::Deferred, None, None, _) => Outcome::Deferred,
            (Status::Dropped, _, _, Some(full)) => Outcome::Dropped(full),
            (status, reason, detail, _) => return Err(OutcomeError { status, reason, detail }),
        })
    }
}

/// The outcome in columns `at`, `at + 1`, `at + 2` of a row.
fn outcome_at(r: &rusqlite::Row, at: usize) -> rusqlite::Result<Outcome> {
    Outcome::read(r.get(at)?, r.get(at + 1)?, r.get(at + 2)?)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(at, rusqlite::types::Type::Text, Box::new(e)))
}

/// Whether a mail with this Message-ID (whatever its content) was stored before.
pub fn seen(conn: &Connection, message_id: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT 1 FROM mails WHERE message_id = ?1 LIMIT 1")?.query_row([message_id], |_| Ok(())).optional().map(|o| o.is_some())
}

/// The stored mail with this Message-ID and this content, as (id, outcome). A
/// mail stored before content hashes were kept matches any content.
pub fn find(conn: &Connection, message_id: &str, content_hash: &str) -> rusqlite::Result<Option<(i64, Outcome)>> {
    conn.prepare_cached(
        "SELECT id, status, reason, detail FROM mails WHERE message_id = ?1 AND (content_hash = ?2 OR content_hash IS NULL) ORDER BY id LIMIT 1",
    )?
    .query_row(params![message_id, content_hash], |r| Ok((r.get(0)?, outcome_at(r, 1)?)))
    .optional()
}

/// One inbound mail to record.
pub struct MailRow<'a> {
    pub message_id: &'a str,
    pub sender: &'a str,
    pub subject: &'a str,
    pub raw: &'a [u8],
    pub received: i64,
    pub outcome: &'a Outcome,
    /// SHA-256 (hex) of the mail with its passwords redacted.
    pub content_hash: &'a str,
    /// When it was handled (answered or failed); `None` for ignored and deferred mail.
    pub handled: Option<i64>,
}

pub fn insert(conn: &Connection, m: &MailRow) -> rusqlite::Result<i64> {
    let (status, reason, detail) = m.outcome.columns();
    conn.prepare_cached(
        "INSERT INTO mails (message_id, sender, subject, raw, received, status, reason, detail, content_hash, handled) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![m.message_id, m.sender, m.subject, m.raw, m.received, status, reason, detail, m.content_hash, m.handled])?;
    Ok(conn.last_insert_rowid())
}

/// A deferred mail settled: its outcome, its raw bytes (now redacted) and when
/// it was handled (`None`: not handled, ignored).
pub fn settle(conn: &Connection, id: i64, raw: &[u8], outcome: &Outcome, handled: Option<i64>) -> rusqlite::Result<()> {
    let (status, reason, detail) = outcome.columns();
    conn.prepare_cached("UPDATE mails SET raw = ?2, status = ?3, reason = ?4, detail = ?5, handled = ?6 WHERE id = ?1")?
        .execute(params![id, raw, status, reason, detail, handled])?;
    Ok(())
}

/// The deferred mail with this Message-ID stored with exactly these bytes.
pub fn deferred_with(conn: &Connection, message_id: &str, raw: &[u8]) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT id FROM mails WHERE message_id = ?1 AND status = 'deferred' AND raw = ?2 ORDER BY id LIMIT 1")?
        .query_row(params![message_id, raw], |r| r.get(0))
        .optional()
}

/// Changes a stored mail's outcome (a reply withheld, say).
pub fn set_outcome(conn: &Connection, id: i64, outcome: &Outcome) -> rusqlite::Result<()> {
    let (status, reason, detail) = outcome.columns();
    conn.prepare_cached("UPDATE mails SET status = ?2, reason = ?3, detail = ?4 WHERE id = ?1")?.execute(params![id, status, reason, detail])?;
    Ok(())
}

/// Mails from `sender` handled (answered or failed) after `since`: what counts
/// towards the rate limit. Ignored, duplicate and deferred mail does not.
pub fn count_recent(conn: &Connection, sender: &str, since: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM mails WHERE sender = ?1 AND handled IS NOT NULL AND handled > ?2")?
        .query_row(params![sender, since], |r| r.get(0))
}

/// Times of `sender`'s mails that lie after `now` (the clock was set back):
/// received now, and handled an hour ago, so that they no longer count
/// against the sender's hourly rate (it was the clock's fault, not theirs),
/// nor for as long as the clock takes to catch up. Returns how many rows changed.
pub fn clamp_future(conn: &Connection, sender: &str, now: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "UPDATE mails SET received = min(received, ?2), handled = CASE WHEN handled > ?2 THEN ?2 - 3600 ELSE handled END
         WHERE sender = ?1 AND (received > ?2 OR handled > ?2)",
    )?
    .execute(params![sender, now])
}

/// How many of `sender`'s mails wait (deferred).
pub fn count_deferred(conn: &Connection, sender: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM mails WHERE sender = ?1 AND status = 'deferred'")?.query_row([sender], |r| r.get(0))
}

/// The id of `sender`'s oldest deferred mail.
pub fn oldest_deferred(conn: &Connection, sender: &str) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT min(id) FROM mails WHERE sender = ?1 AND status = 'deferred'")?.query_row([sender], |r| r.get(0))
}

/// The bytes of `sender`'s deferred mail (kept whole until handled): what
/// bounds, with the count, what one sender may have waiting.
pub fn deferred_bytes(conn: &Connection, sender: &str) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT coalesce(sum(length(raw)), 0) FROM mails WHERE sender = ?1 AND status = 'deferred'")?.query_row([sender], |r| r.get(0))
}

/// The bytes kept of `sender`'s mails received after `since`, deferred mail
/// left out (it is kept whole only until it is handled): the sender's share
/// of the store in a day.
pub fn kept_bytes_since(conn: &Connection, sender: &str, since: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT coalesce(sum(length(raw)), 0) FROM mails WHERE sender = ?1 AND received > ?2 AND status != 'deferred'")?
        .query_row(params![sender, since], |r| r.get(0))
}

/// The bytes of every stored mail together (what the intake costs the database).
pub fn kept_bytes(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT coalesce(sum(length(raw)), 0) FROM mails")?.query_row([], |r| r.get(0))
}

/// Senders with deferred mail, the one whose deferred mail is oldest first.
pub fn deferred_senders(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached("SELECT sender FROM mails WHERE status = 'deferred' GROUP BY sender ORDER BY min(id)")?.query_map([], |r| r.get(0))?.collect()
}

/// Up to `limit` of `sender`'s deferred mails, oldest first, as (id, raw bytes).
pub fn deferred(conn: &Connection, sender: &str, limit: usize) -> rusqlite::Result<Vec<(i64, Vec<u8>)>> {
    conn.prepare_cached("SELECT id, raw FROM mails WHERE sender = ?1 AND status = 'deferred' ORDER BY id LIMIT ?2")?
        .query_map(params![sender, limit as i64], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
}

/// Replies (answers to inbound mail) queued after `since` to `addr`
/// (`local@domain`, lowercase) or to a `+tag` form of it (`local+x@domain`):
/// the same mailbox. For the per-address reply limit.
pub(crate) const REPLIES_SINCE: &str = "SELECT count(*) FROM outbox WHERE kind = 'reply' AND mail_id IS NOT NULL AND created > ?2
     AND (to_addr = ?1 OR (to_addr >= ?3 AND to_addr < ?4 AND substr(to_addr, -length(?5)) = ?5))";

pub fn replies_since(conn: &Connection, addr: &str, since: i64) -> rusqlite::Result<i64> {
    let (local, domain) = addr.rsplit_once('@').unwrap_or((addr, ""));
    // `local+...` sorts from `local+` up to (not including) `local,` ('+' + 1)
    conn.prepare_cached(REPLIES_SINCE)?.query_row(params![addr, since, format!("{local}+"), format!("{local},"), format!("@{domain}")], |r| r.get(0))
}

/// A stored inbound mail, every column the intake writes (for reading the
/// record back: the tests and the keeper's tools).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub id: i64,
    pub message_id: String,
    pub sender: String,
    pub subject: Option<String>,
    /// As stored: passwords redacted; a small mail whole, a large one as its
    /// headers and the text read (`judge::KEPT_HEADER` says what); deferred
    /// mail as received (cut to the size limit) until it is handled.
    pub raw: Vec<u8>,
    pub received: i64,
    pub outcome: Outcome,
    pub handled: Option<i64>,
}

/// Every stored mail, oldest first.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Kept>> {
    conn.prepare_cached("SELECT id, message_id, sender, subject, raw, received, status, reason, detail, handled FROM mails ORDER BY id")?
        .query_map([], |r| {
            Ok(Kept {
                id: r.get(0)?,
                message_id: r.get(1)?,
                sender: r.get(2)?,
                subject: r.get(3)?,
                raw: r.get(4)?,
                received: r.get(5)?,
                outcome: outcome_at(r, 6)?,
                handled: r.get(9)?,
            })
        })?
        .collect()
}

/// The Message-IDs of every stored mail, oldest first (a cheap look at how
/// far the intake got).
pub fn message_ids(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached("SELECT message_id FROM mails ORDER BY id")?.query_map([], |r| r.get(0))?.collect()
}

/// A mail set aside (unreadable, or its handling failed) that the keeper was
/// not yet told of: it waits for the keeper's next digest.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SetAside {
    pub mail_id: i64,
    pub message_id: String,
    /// Its size as received.
    pub bytes: usize,
    /// Why it could not be read, or the error its handling met (cut short).
    pub why: String,
    /// Its handling failed (else: it could not be read).
    pub failed: bool,
}

/// What the keeper was told of mail set aside, and what waits for the next
/// digest (kept in `kv`, bounded by the caller: a few dozen mails listed, the
/// rest counted).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeeperDigest {
    /// When the keeper was last told (a notice or a digest).
    pub last_told: Option<i64>,
    /// Mails waiting to be listed, oldest first.
    pub waiting: Vec<SetAside>,
    /// Mails waiting past those listed: counted only.
    pub more: usize,
}

const KEEPER_DIGEST: &str = "keeper_digest";

/// The keeper's digest as kept (empty if none, or if what is kept cannot be
/// read: the worst that costs is a notice sent early).
pub fn keeper_digest(conn: &Connection) -> rusqlite::Result<KeeperDigest> {
    Ok(super::kv::get(conn, KEEPER_DIGEST)?.and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default())
}

pub fn set_keeper_digest(conn: &Connection, d: &KeeperDigest) -> rusqlite::Result<()> {
    super::kv::set(conn, KEEPER_DIGEST, &serde_json::to_string(d).expect("a digest serializes"))
}
