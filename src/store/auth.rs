//! Failed password checks per seat (a power, a game's master, a joined seat),
//! kept for the throttle that bounds guessing.

use rusqlite::{Connection, params};

/// Failures for `seat` at or after `since`.
pub fn failures_since(conn: &Connection, seat: &str, since: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM auth_failures WHERE seat = ?1 AND at >= ?2")?.query_row(params![seat, since], |r| r.get(0))
}

pub fn record_failure(conn: &Connection, seat: &str, at: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT INTO auth_failures (seat, at) VALUES (?1, ?2)")?.execute(params![seat, at])?;
    // old failures no longer count: keep the table small
    conn.prepare_cached("DELETE FROM auth_failures WHERE seat = ?1 AND at < ?2")?.execute(params![seat, at - 86_400])?;
    Ok(())
}
