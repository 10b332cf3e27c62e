//! Processed phases: the position before, the results and the report, kept
//! for HISTORY, SUMMARY and the archive.

use rusqlite::{Connection, OptionalExtension, params};

/// One processed phase to record.
pub struct PhaseRow<'a> {
    pub game_id: i64,
    pub seq: i64,
    pub phase: &'a str,
    pub position: &'a str,
    pub results: &'a str,
    pub report: &'a str,
    pub processed: i64,
}

pub fn insert(conn: &Connection, p: &PhaseRow) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT INTO phases (game_id, seq, phase, position, results, report, processed) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?
        .execute(params![p.game_id, p.seq, p.phase, p.position, p.results, p.report, p.processed])?;
    Ok(())
}

/// (seq, phase name, report) of every processed phase, in order.
pub fn reports(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<(i64, String, String)>> {
    let mut st = conn.prepare_cached("SELECT seq, phase, report FROM phases WHERE game_id = ?1 ORDER BY seq")?;
    st.query_map([game_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?.collect()
}

/// The position (JSON) before each processed phase, in order.
pub fn positions(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<String>> {
    let mut st = conn.prepare_cached("SELECT position FROM phases WHERE game_id = ?1 ORDER BY seq")?;
    st.query_map([game_id], |r| r.get(0))?.collect()
}

/// The latest processed phase named `phase` (like `S1902M`): its seq and position.
pub fn find(conn: &Connection, game_id: i64, phase: &str) -> rusqlite::Result<Option<(i64, String)>> {
    conn.query_row("SELECT seq, position FROM phases WHERE game_id = ?1 AND upper(phase) = upper(?2) ORDER BY seq DESC LIMIT 1", params![game_id, phase], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })
    .optional()
}

/// Removes the phases from `seq` on (a rollback).
pub fn delete_from(conn: &Connection, game_id: i64, seq: i64) -> rusqlite::Result<usize> {
    conn.execute("DELETE FROM phases WHERE game_id = ?1 AND seq >= ?2", params![game_id, seq])
}
