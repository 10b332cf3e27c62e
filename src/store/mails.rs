//! Inbound mail as received: kept (cut to the size limit) with what came of it.

use rusqlite::{Connection, OptionalExtension, params};

/// Whether a mail with this Message-ID was handled before.
pub fn seen(conn: &Connection, message_id: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT 1 FROM mails WHERE message_id = ?1")?.query_row([message_id], |_| Ok(())).optional().map(|o| o.is_some())
}

/// One inbound mail to record.
pub struct MailRow<'a> {
    pub message_id: &'a str,
    pub sender: &'a str,
    pub subject: &'a str,
    pub raw: &'a [u8],
    pub received: i64,
    pub outcome: &'a str,
}

pub fn insert(conn: &Connection, m: &MailRow) -> rusqlite::Result<i64> {
    conn.prepare_cached("INSERT INTO mails (message_id, sender, subject, raw, received, outcome) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?
        .execute(params![m.message_id, m.sender, m.subject, m.raw, m.received, m.outcome])?;
    Ok(conn.last_insert_rowid())
}

/// Mails from `sender` received after `since` that count towards the rate limit.
pub fn count_recent(conn: &Connection, sender: &str, since: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM mails WHERE sender = ?1 AND received > ?2 AND outcome != 'duplicate'")?.query_row(params![sender, since], |r| r.get(0))
}
