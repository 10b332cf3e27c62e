//! Failed password checks per seat (a power, a game's master, a joined seat),
//! kept for the throttle that bounds guessing.

use rusqlite::{Connection, params};

/// Failures for `seat` at or after `since` and not after `now` (failures
/// stamped by a clock that was ahead do not lock a seat for longer).
pub fn failures_since(conn: &Connection, seat: &str, since: i64, now: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM auth_failures WHERE seat = ?1 AND at >= ?2 AND at <= ?3")?.query_row(params![seat, since, now], |r| r.get(0))
}

/// Failures for every seat of every lane whose key ends with `lane` (`#others`)
/// in `(since, now]`.
pub fn lane_failures_since(conn: &Connection, lane: &str, since: i64, now: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM auth_failures WHERE seat LIKE '%' || ?1 AND at > ?2 AND at <= ?3")?
        .query_row(params![lane, since, now], |r| r.get(0))
}

pub fn record_failure(conn: &Connection, seat: &str, at: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT INTO auth_failures (seat, at) VALUES (?1, ?2)")?.execute(params![seat, at])?;
    // old failures no longer count: keep the table small
    conn.prepare_cached("DELETE FROM auth_failures WHERE seat = ?1 AND at < ?2")?.execute(params![seat, at - 86_400])?;
    Ok(())
}

/// Forgets `seat`'s failures (an owner's lane unlocked).
pub fn clear(conn: &Connection, seat: &str) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM auth_failures WHERE seat = ?1")?.execute([seat])?;
    Ok(())
}

/// Records that seat `seat` of game `game_id` (`None`: the master's) asked to
/// move to `address`, confirmed by `code`; it replaces the seat's earlier request.
pub fn set_move(conn: &Connection, game_id: i64, seat: Option<i64>, address: &str, code: &str, now: i64) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM address_moves WHERE game_id = ?1 AND seat IS ?2", params![game_id, seat])?;
    conn.execute(
        "INSERT INTO address_moves (game_id, seat, address, code, requested) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![game_id, seat, address, code, now],
    )?;
    Ok(())
}

/// The move of game `game_id` that `code` confirms, taken out: (seat, address).
pub fn take_move(conn: &Connection, game_id: i64, code: &str) -> rusqlite::Result<Option<(Option<i64>, String)>> {
    use rusqlite::OptionalExtension;
    let found: Option<(i64, Option<i64>, String)> = conn
        .query_row("SELECT rowid, seat, address FROM address_moves WHERE game_id = ?1 AND code = ?2 COLLATE NOCASE", params![game_id, code], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .optional()?;
    let Some((rowid, seat, address)) = found else { return Ok(None) };
    conn.execute("DELETE FROM address_moves WHERE rowid = ?1", [rowid])?;
    Ok(Some((seat, address)))
}
