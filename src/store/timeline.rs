//! When things happened in a game's life, for the deadline work.

use rusqlite::{Connection, params};

/// When phase `seq` of a game began: the time the phase before it was
/// processed, or for the first phase the game's start (the last player seat
/// taken). `None` if neither is known.
pub fn phase_start(conn: &Connection, game_id: i64, seq: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(
        "SELECT COALESCE(
            (SELECT processed FROM phases WHERE game_id = ?1 AND seq < ?2 ORDER BY seq DESC LIMIT 1),
            (SELECT max(joined) FROM players WHERE game_id = ?1 AND role = 'player'))",
    )?
    .query_row(params![game_id, seq], |r| r.get(0))
}
