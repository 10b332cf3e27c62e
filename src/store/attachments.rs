//! Files mailed with outgoing mail (a phase's map): stored once, named by the
//! outbox rows that carry them (`outbox.attachments`, a JSON array of ids).

use crate::store::outbox::Attachment;
use rusqlite::{Connection, OptionalExtension, params};

pub fn insert(conn: &Connection, a: &Attachment, now: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("INSERT INTO attachments (name, mime, data, created) VALUES (?1, ?2, ?3, ?4)")?.execute(params![a.name, a.mime, a.data, now])?;
    Ok(conn.last_insert_rowid())
}

/// A stored file; `None` if it is gone (pruned).
pub fn get(conn: &Connection, id: i64) -> rusqlite::Result<Option<Attachment>> {
    conn.prepare_cached("SELECT name, mime, data FROM attachments WHERE id = ?1")?
        .query_row([id], |r| Ok(Attachment { name: r.get(0)?, mime: r.get(1)?, data: r.get(2)? }))
        .optional()
}

/// Drops the files made before `before` that no mail still waiting names:
/// what was sent is in the record, and a map can be drawn again.
pub fn prune(conn: &Connection, before: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "DELETE FROM attachments WHERE created < ?1 AND id NOT IN
            (SELECT j.value FROM outbox o, json_each(o.attachments) j WHERE o.sent IS NULL AND o.gave_up IS NULL AND o.attachments != '[]')",
    )?
    .execute([before])
}

/// The ids of every stored file, oldest first.
pub fn ids(conn: &Connection) -> rusqlite::Result<Vec<i64>> {
    conn.prepare_cached("SELECT id FROM attachments ORDER BY id")?.query_map([], |r| r.get(0))?.collect()
}
