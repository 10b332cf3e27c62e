//! When things happened in a game's life, for the deadline work.

use rusqlite::{Connection, params};

/// When phase `seq` of a game began: the time the phase before it was
/// processed, or for the first phase the game's start (the last player seat
/// taken). `None` if neither is known.
pub fn phase_start(conn: &Connection, game_id: i64, seq: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT COALESCE(
            (SELECT processed FROM phases WHERE game_id = ?1 AND undone IS NULL AND seq < ?2 ORDER BY seq DESC LIMIT 1),
            (SELECT max(joined) FROM players WHERE game_id = ?1 AND role = 'player'))",
    )?
    .query_row(params![game_id, seq], |r| r.get(0))
}

/// A clock stepped back: times recorded in the future are made `now`, and the
/// deadlines of phases that began in the future move back by as much, so a
/// clock error never leaves deadlines far off. Returns the games corrected.
pub fn clamp_future(conn: &Connection, now: i64) -> rusqlite::Result<usize> {
    let future: bool = conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM phases WHERE processed > ?1) OR EXISTS (SELECT 1 FROM players WHERE joined > ?1)")?
        .query_row([now], |r| r.get(0))?;
    if !future {
        return Ok(0);
    }
    let starts: Vec<(i64, i64)> = {
        let mut st = conn.prepare_cached(
            "SELECT id, s FROM (SELECT g.id AS id, COALESCE(
                (SELECT max(processed) FROM phases p WHERE p.game_id = g.id AND p.undone IS NULL AND p.seq < g.seq),
                (SELECT max(joined) FROM players q WHERE q.game_id = g.id AND q.role = 'player')) AS s
             FROM games g WHERE g.status = 'active') WHERE s > ?1",
        )?;
        st.query_map([now], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?
    };
    for (id, start) in &starts {
        conn.prepare_cached("UPDATE games SET deadline = deadline - ?2, grace_until = grace_until - ?2 WHERE id = ?1")?.execute(params![id, start - now])?;
    }
    conn.prepare_cached("UPDATE phases SET processed = ?1 WHERE processed > ?1")?.execute([now])?;
    conn.prepare_cached("UPDATE phases SET undone = ?1 WHERE undone > ?1")?.execute([now])?;
    conn.prepare_cached("UPDATE players SET joined = ?1 WHERE joined > ?1")?.execute([now])?;
    Ok(starts.len())
}
