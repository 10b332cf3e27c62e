//! Outgoing mail, queued in the same transaction as what caused it and sent
//! after the commit; marked sent as soon as the transport took it.

use crate::mail::compose::{Kind, OutMail};
use rusqlite::{Connection, params};

pub fn insert(conn: &Connection, m: &OutMail, game_id: Option<i64>, mail_id: Option<i64>, now: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO outbox (to_addr, subject, body, message_id, in_reply_to, refs, list_id, kind, game_id, mail_id, created, attachments)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?
    .execute(params![
        m.to,
        m.subject,
        m.body,
        m.message_id,
        m.in_reply_to,
        m.references.join(" "),
        m.list_id,
        if m.kind == Kind::Reply { "reply" } else { "notice" },
        game_id,
        mail_id,
        now,
        serde_json::to_string(&m.attachments).unwrap_or_else(|e| unreachable!("integers serialize: {e}"))
    ])?;
    Ok(conn.last_insert_rowid())
}

/// Mail due for sending at `now`, oldest first (at most `limit`).
pub fn due(conn: &Connection, now: i64, limit: usize) -> rusqlite::Result<Vec<(i64, OutMail)>> {
    let mut st = conn.prepare_cached(
        "SELECT id, to_addr, subject, body, message_id, in_reply_to, refs, list_id, kind, attachments FROM outbox
         WHERE sent IS NULL AND gave_up IS NULL AND next_try <= ?1 ORDER BY id LIMIT ?2",
    )?;
    st.query_map(params![now, limit as i64], |r| {
        let refs: String = r.get(6)?;
        let kind: String = r.get(8)?;
        let kind = match kind.as_str() {
            "reply" => Kind::Reply,
            "notice" => Kind::Notice,
            other => return Err(rusqlite::Error::FromSqlConversionFailure(8, rusqlite::types::Type::Text, format!("`{other}` is not an outbox kind").into())),
        };
        let attachments: String = r.get(9)?;
        let attachments: Vec<i64> =
            serde_json::from_str(&attachments).map_err(|e| rusqlite::Error::FromSqlConversionFailure(9, rusqlite::types::Type::Text, Box::new(e)))?;
        Ok((
            r.get(0)?,
            OutMail {
                to: r.get(1)?,
                subject: r.get(2)?,
                body: r.get(3)?,
                message_id: r.get(4)?,
                in_reply_to: r.get(5)?,
                references: refs.split_whitespace().map(str::to_string).collect(),
                list_id: r.get(7)?,
                kind,
                attachments,
            },
        ))
    })?
    .collect()
}

pub fn mark_sent(conn: &Connection, id: i64, now: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE outbox SET sent = ?1, attempts = attempts + 1 WHERE id = ?2")?.execute(params![now, id])?;
    Ok(())
}

/// (attempts so far, created) of a queued mail.
pub fn attempts(conn: &Connection, id: i64) -> rusqlite::Result<(i64, i64)> {
    conn.query_row("SELECT attempts, created FROM outbox WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
}

pub fn give_up(conn: &Connection, id: i64, now: i64, error: &str) -> rusqlite::Result<()> {
    conn.execute("UPDATE outbox SET attempts = attempts + 1, gave_up = ?1, last_error = ?2 WHERE id = ?3", params![now, error, id])?;
    Ok(())
}

pub fn retry_at(conn: &Connection, id: i64, at: i64, error: &str) -> rusqlite::Result<()> {
    conn.execute("UPDATE outbox SET attempts = attempts + 1, next_try = ?1, last_error = ?2 WHERE id = ?3", params![at, error, id])?;
    Ok(())
}

/// Whether mail is waiting (for a retry).
pub fn pending(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row("SELECT EXISTS (SELECT 1 FROM outbox WHERE sent IS NULL AND gave_up IS NULL)", [], |r| r.get(0))
}

/// Drops the bodies of mail sent (or given up) before `before`: the record of
/// what was sent, to whom and when stays; the outbox does not grow without end.
pub fn prune(conn: &Connection, before: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached("UPDATE outbox SET body = '' WHERE body != '' AND ((sent IS NOT NULL AND sent < ?1) OR (gave_up IS NOT NULL AND gave_up < ?1))")?
        .execute([before])
}
