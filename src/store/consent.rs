//! Consent: which mailboxes asked for the judge's mail (`consents`), the
//! confirmation requests it sent to the others (`consent_requests`, with the
//! code's hash, never the code), and the mail it holds for them until they
//! answer (`outbox.held`). The rules are `context::gate`'s; this is the SQL.

use rusqlite::{Connection, OptionalExtension, params};

/// How a mailbox came to consent, as kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// Someone there answered a code the judge mailed there.
    Confirmed,
    /// The keeper allowed it (`mailjudge address allow`).
    Allowed,
    /// A mail from it that the keeper's own server proved (DMARC or aligned DKIM).
    Proven,
}

impl How {
    fn code(self) -> i64 {
        match self {
            How::Confirmed => 1,
            How::Allowed => 2,
            How::Proven => 3,
        }
    }

    fn from_code(c: i64) -> Option<How> {
        [How::Confirmed, How::Allowed, How::Proven].into_iter().find(|h| h.code() == c)
    }

    /// The word the keeper's console shows.
    pub fn word(self) -> &'static str {
        match self {
            How::Confirmed => "confirmed",
            How::Allowed => "allowed",
            How::Proven => "proven",
        }
    }
}

/// How `mailbox` consented, if it did. A stored value this judge does not
/// know is an error, not a consent.
pub fn of(conn: &Connection, mailbox: &str) -> rusqlite::Result<Option<How>> {
    let code: Option<i64> = conn.prepare_cached("SELECT how FROM consents WHERE mailbox = ?1")?.query_row([mailbox], |r| r.get(0)).optional()?;
    code.map(|c| How::from_code(c).ok_or_else(|| rusqlite::Error::IntegralValueOutOfRange(0, c))).transpose()
}

/// Records that `mailbox` consents (`how`), at `now`; a keeper's allowance is
/// not replaced by a weaker reason.
pub fn grant(conn: &Connection, mailbox: &str, how: How, now: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO consents (mailbox, how, at) VALUES (?1, ?2, ?3)
         ON CONFLICT (mailbox) DO UPDATE SET how = CASE WHEN consents.how = 2 THEN 2 ELSE excluded.how END, at = excluded.at",
    )?
    .execute(params![mailbox, how.code(), now])?;
    Ok(())
}

/// Takes `mailbox`'s consent back; whether it had one.
pub fn revoke(conn: &Connection, mailbox: &str) -> rusqlite::Result<bool> {
    Ok(conn.execute("DELETE FROM consents WHERE mailbox = ?1", [mailbox])? > 0)
}

/// Every mailbox that consented, with how and when.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<(String, How, i64)>> {
    let mut st = conn.prepare("SELECT mailbox, how, at FROM consents ORDER BY mailbox")?;
    let rows = st.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?)))?;
    let mut out = Vec::new();
    for row in rows {
        let (m, c, at) = row?;
        out.push((m, How::from_code(c).ok_or(rusqlite::Error::IntegralValueOutOfRange(1, c))?, at));
    }
    Ok(out)
}

/// One confirmation request as it is recorded.
pub struct Request<'a> {
    /// The mailbox asked.
    pub mailbox: &'a str,
    /// SHA-256 (hex) of the code mailed.
    pub code_hash: &'a str,
    /// The mailbox whose mail caused it (empty: the judge's own work).
    pub sender: &'a str,
    pub game_id: Option<i64>,
    pub mail_id: Option<i64>,
    /// Whether it went as a mail of its own (not inside a reply to its mailbox).
    pub mailed: bool,
    pub at: i64,
}

pub fn record_request(conn: &Connection, r: &Request) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT INTO consent_requests (mailbox, code_hash, sender, game_id, mail_id, mailed, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?
        .execute(params![r.mailbox, r.code_hash, r.sender, r.game_id, r.mail_id, r.mailed, r.at])?;
    Ok(())
}

/// The mailbox a code (its hash) was mailed to, if it was mailed since `since`.
pub fn mailbox_of_code(conn: &Connection, code_hash: &str, since: i64) -> rusqlite::Result<Option<String>> {
    conn.prepare_cached("SELECT mailbox FROM consent_requests WHERE code_hash = ?1 AND at > ?2 ORDER BY id DESC LIMIT 1")?
        .query_row(params![code_hash, since], |r| r.get(0))
        .optional()
}

/// What requests are counted by (those mailed as mails of their own; a
/// mail's own count takes the codes in its reply too).
pub enum Counter<'a> {
    /// Caused by one inbound mail.
    Mail(i64),
    /// Caused by one sender's mail.
    Sender(&'a str),
    /// About one game.
    Game(i64),
    /// All of them.
    All,
}

pub fn requests_since(conn: &Connection, counter: Counter, since: i64, now: i64) -> rusqlite::Result<u64> {
    let (sql, arg): (&str, rusqlite::types::Value) = match counter {
        // a mail's own count takes the codes in its reply too
        Counter::Mail(id) => ("SELECT count(*) FROM consent_requests WHERE mail_id = ?1 AND at > ?2 AND at <= ?3", id.into()),
        Counter::Sender(s) => ("SELECT count(*) FROM consent_requests WHERE mailed AND sender = ?1 AND at > ?2 AND at <= ?3", s.to_string().into()),
        Counter::Game(g) => ("SELECT count(*) FROM consent_requests WHERE mailed AND game_id = ?1 AND at > ?2 AND at <= ?3", g.into()),
        Counter::All => ("SELECT count(*) FROM consent_requests WHERE mailed AND ?1 IS NULL AND at > ?2 AND at <= ?3", rusqlite::types::Value::Null),
    };
    conn.prepare_cached(sql)?.query_row(params![arg, since, now], |r| r.get::<_, i64>(0)).map(|n| n.max(0) as u64)
}

/// When `mailbox` was last mailed a request in `(since, now]`, if it was.
pub fn last_request_to(conn: &Connection, mailbox: &str, since: i64, now: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT max(at) FROM consent_requests WHERE mailed AND mailbox = ?1 AND at > ?2 AND at <= ?3")?
        .query_row(params![mailbox, since, now], |r| r.get(0))
}

/// Forgets requests older than `before` (their codes no longer confirm).
pub fn prune_requests(conn: &Connection, before: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached("DELETE FROM consent_requests WHERE at < ?1")?.execute([before])
}

/// Mail held for `mailbox` (not yet given up): how many, and their bytes.
pub fn held(conn: &Connection, mailbox: &str) -> rusqlite::Result<(u64, u64)> {
    conn.prepare_cached("SELECT count(*), COALESCE(sum(bytes), 0) FROM outbox WHERE mailbox = ?1 AND held IS NOT NULL AND gave_up IS NULL")?
        .query_row([mailbox], |r| Ok((r.get::<_, i64>(0)?.max(0) as u64, r.get::<_, i64>(1)?.max(0) as u64)))
}

/// Releases the mail held for `mailbox` that was held after `since` (it goes
/// out with the next flush); older held mail is given up. Returns how many
/// were released.
pub fn release(conn: &Connection, mailbox: &str, since: i64, now: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached("UPDATE outbox SET held = NULL, gave_up = ?3, last_error = 'held for consent too long' WHERE mailbox = ?1 AND held IS NOT NULL AND held <= ?2 AND gave_up IS NULL")?
        .execute(params![mailbox, since, now])?;
    conn.prepare_cached("UPDATE outbox SET held = NULL, next_try = ?2 WHERE mailbox = ?1 AND held IS NOT NULL AND gave_up IS NULL")?
        .execute(params![mailbox, now])
}

/// Gives up held mail held at or before `before` (its mailbox never
/// answered); its body is dropped. Returns how many.
pub fn expire_held(conn: &Connection, before: i64, now: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "UPDATE outbox SET held = NULL, gave_up = ?2, body = '', last_error = 'never confirmed' WHERE held IS NOT NULL AND held <= ?1 AND gave_up IS NULL",
    )?
    .execute(params![before, now])
}

/// Mail held now (for any mailbox), queued at or before `before`.
pub fn held_count(conn: &Connection, before: i64) -> rusqlite::Result<u64> {
    conn.prepare_cached("SELECT count(*) FROM outbox WHERE held IS NOT NULL AND gave_up IS NULL AND created <= ?1")?
        .query_row([before], |r| r.get::<_, i64>(0))
        .map(|n| n.max(0) as u64)
}

/// Requests mailed (as mails of their own) so far, kept or not yet pruned.
pub fn requests_mailed(conn: &Connection) -> rusqlite::Result<u64> {
    conn.prepare_cached("SELECT count(*) FROM consent_requests WHERE mailed")?.query_row([], |r| r.get::<_, i64>(0)).map(|n| n.max(0) as u64)
}
