//! Posts to games' webhooks, queued in the same transaction as what caused
//! them and sent after the commit, oldest first; a target's posts go in the
//! order queued (a later one waits while an earlier one is retried).

use rusqlite::{Connection, OptionalExtension, params};

pub fn insert(conn: &Connection, game_id: i64, url: &str, target: &str, content: &str, now: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("INSERT INTO webhook_out (game_id, url, target, content, created) VALUES (?1, ?2, ?3, ?4, ?5)")?
        .execute(params![game_id, url, target, content, now])?;
    Ok(conn.last_insert_rowid())
}

/// One queued post.
pub struct Due {
    pub id: i64,
    pub game_id: i64,
    pub url: String,
    pub target: String,
    pub content: String,
    pub attempts: i64,
    pub created: i64,
}

/// Posts due at `now` (at most `limit`), each the first unsent of its target.
pub fn due(conn: &Connection, now: i64, limit: usize) -> rusqlite::Result<Vec<Due>> {
    let mut st = conn.prepare_cached(
        "SELECT w.id, w.game_id, w.url, w.target, w.content, w.attempts, w.created FROM webhook_out w
         WHERE w.sent IS NULL AND w.gave_up IS NULL AND w.next_try <= ?1
           AND NOT EXISTS (SELECT 1 FROM webhook_out e WHERE e.game_id = w.game_id AND e.url = w.url AND e.id < w.id AND e.sent IS NULL AND e.gave_up IS NULL)
         ORDER BY w.id LIMIT ?2",
    )?;
    st.query_map(params![now, limit as i64], |r| {
        Ok(Due { id: r.get(0)?, game_id: r.get(1)?, url: r.get(2)?, target: r.get(3)?, content: r.get(4)?, attempts: r.get(5)?, created: r.get(6)? })
    })?
    .collect()
}

/// When the next post waiting is due (each target's first unsent one), if any.
pub fn next_try(conn: &Connection) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT min(w.next_try) FROM webhook_out w WHERE w.sent IS NULL AND w.gave_up IS NULL
           AND NOT EXISTS (SELECT 1 FROM webhook_out e WHERE e.game_id = w.game_id AND e.url = w.url AND e.id < w.id AND e.sent IS NULL AND e.gave_up IS NULL)",
    )?
    .query_row([], |r| r.get(0))
}

pub fn mark_sent(conn: &Connection, id: i64, now: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE webhook_out SET sent = ?2, attempts = attempts + 1 WHERE id = ?1")?.execute(params![id, now])?;
    Ok(())
}

pub fn retry_at(conn: &Connection, id: i64, at: i64, error: &str) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE webhook_out SET attempts = attempts + 1, next_try = ?2, last_error = ?3 WHERE id = ?1")?.execute(params![id, at, error])?;
    Ok(())
}

/// Gives a post up; with `rest`, its target's later posts too (the target
/// refuses them all). Returns whether the target had given up in the last
/// day before (the master is told once).
pub fn give_up(conn: &Connection, id: i64, now: i64, error: &str, rest: bool) -> rusqlite::Result<bool> {
    let (game_id, url): (i64, String) = conn.query_row("SELECT game_id, url FROM webhook_out WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let before: Option<i64> = conn
        .query_row("SELECT id FROM webhook_out WHERE game_id = ?1 AND url = ?2 AND gave_up >= ?3 LIMIT 1", params![game_id, url, now - 86_400], |r| r.get(0))
        .optional()?;
    conn.prepare_cached("UPDATE webhook_out SET attempts = attempts + 1, gave_up = ?2, last_error = ?3 WHERE id = ?1")?.execute(params![id, now, error])?;
    if rest {
        conn.prepare_cached("UPDATE webhook_out SET gave_up = ?3, last_error = ?4 WHERE game_id = ?1 AND url = ?2 AND sent IS NULL AND gave_up IS NULL")?
            .execute(params![game_id, url, now, error])?;
    }
    Ok(before.is_some())
}

/// Deletes the posts of game `game_id` still waiting for webhook `url`
/// (the master removed it: they are not given up, nobody is told).
pub fn drop_waiting(conn: &Connection, game_id: i64, url: &str) -> rusqlite::Result<usize> {
    conn.prepare_cached("DELETE FROM webhook_out WHERE game_id = ?1 AND url = ?2 AND sent IS NULL AND gave_up IS NULL")?.execute(params![game_id, url])
}

/// Drops the content of posts sent or given up before `before`.
pub fn prune(conn: &Connection, before: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached("UPDATE webhook_out SET content = '', target = '' WHERE content != '' AND (sent < ?1 OR gave_up < ?1)")?.execute([before])
}

/// A queued post as stored, with what became of it (for reading the record
/// back: the tests and the keeper's tools).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Queued {
    pub id: i64,
    pub game_id: i64,
    pub url: String,
    pub created: i64,
    pub sent: Option<i64>,
    pub gave_up: Option<i64>,
    pub attempts: i64,
    pub next_try: i64,
    pub last_error: Option<String>,
}

/// Every queued post, oldest first.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Queued>> {
    conn.prepare_cached("SELECT id, game_id, url, created, sent, gave_up, attempts, next_try, last_error FROM webhook_out ORDER BY id")?
        .query_map([], |r| {
            Ok(Queued {
                id: r.get(0)?,
                game_id: r.get(1)?,
                url: r.get(2)?,
                created: r.get(3)?,
                sent: r.get(4)?,
                gave_up: r.get(5)?,
                attempts: r.get(6)?,
                next_try: r.get(7)?,
                last_error: r.get(8)?,
            })
        })?
        .collect()
}
