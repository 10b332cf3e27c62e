//! Processed phases: the position before, the results and the report, kept
//! for HISTORY, SUMMARY and the archive.
//!
//! A game's line is its phases with `undone IS NULL`, one a seq; a ROLLBACK
//! marks the phases it replaces as a branch ([`undo_from`]) and keeps them
//! ([`branches`]). Every other reader here reads the line only.

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
    let mut st = conn.prepare_cached("SELECT seq, phase, report FROM phases WHERE game_id = ?1 AND undone IS NULL ORDER BY seq")?;
    st.query_map([game_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?.collect()
}

/// The position (JSON) before each processed phase, in order.
pub fn positions(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<String>> {
    let mut st = conn.prepare_cached("SELECT position FROM phases WHERE game_id = ?1 AND undone IS NULL ORDER BY seq")?;
    st.query_map([game_id], |r| r.get(0))?.collect()
}

/// A processed phase on the game's line as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    pub seq: i64,
    /// `S1901M`.
    pub phase: String,
    /// The position before the phase (contract JSON).
    pub position: String,
    /// The results rows (JSON array).
    pub results: String,
    pub report: String,
    pub processed: i64,
}

/// The columns of a [`Stored`], in the order [`stored`] reads them (a macro,
/// for `concat!`: the statements stay constants).
macro_rules! stored_columns {
    () => {
        "seq, phase, position, results, report, processed"
    };
}

/// A [`Stored`] from a row that starts with the columns of `stored_columns!`.
fn stored(r: &rusqlite::Row) -> rusqlite::Result<Stored> {
    Ok(Stored { seq: r.get(0)?, phase: r.get(1)?, position: r.get(2)?, results: r.get(3)?, report: r.get(4)?, processed: r.get(5)? })
}

/// Every processed phase on the game's line, in order.
pub fn line(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<Stored>> {
    let mut st = conn.prepare_cached(concat!("SELECT ", stored_columns!(), " FROM phases WHERE game_id = ?1 AND undone IS NULL ORDER BY seq"))?;
    st.query_map([game_id], stored)?.collect()
}

/// The codes of the processed phases on the game's line, in order (`S1901M` ...).
pub fn codes(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<String>> {
    let mut st = conn.prepare_cached("SELECT phase FROM phases WHERE game_id = ?1 AND undone IS NULL ORDER BY seq")?;
    st.query_map([game_id], |r| r.get(0))?.collect()
}

/// The processed phase on the game's line at `seq`.
pub fn at(conn: &Connection, game_id: i64, seq: i64) -> rusqlite::Result<Option<Stored>> {
    conn.prepare_cached(concat!("SELECT ", stored_columns!(), " FROM phases WHERE game_id = ?1 AND undone IS NULL AND seq = ?2"))?
        .query_row(params![game_id, seq], stored)
        .optional()
}

/// The latest processed phase named `phase` (like `S1902M`): its seq and position.
pub fn find(conn: &Connection, game_id: i64, phase: &str) -> rusqlite::Result<Option<(i64, String)>> {
    conn.query_row(
        "SELECT seq, position FROM phases WHERE game_id = ?1 AND undone IS NULL AND upper(phase) = upper(?2) ORDER BY seq DESC LIMIT 1",
        params![game_id, phase],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}

/// A rollback to phase `seq`: the phases from `seq` on leave the game's line
/// and become its next branch, undone at `now`. Returns how many.
pub fn undo_from(conn: &Connection, game_id: i64, seq: i64, now: i64) -> rusqlite::Result<usize> {
    conn.execute(
        "UPDATE phases SET undone = ?3, branch = (SELECT COALESCE(max(branch), 0) + 1 FROM phases WHERE game_id = ?1)
         WHERE game_id = ?1 AND seq >= ?2 AND undone IS NULL",
        params![game_id, seq, now],
    )
}

/// One phase a rollback replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undone {
    /// The rollback's number in the game (1 for the first).
    pub branch: i64,
    pub seq: i64,
    pub phase: String,
    pub report: String,
    pub processed: i64,
    /// When the rollback replaced it.
    pub undone: i64,
}

/// Every phase rollbacks replaced, by branch, then seq.
pub fn branches(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<Undone>> {
    let mut st =
        conn.prepare_cached("SELECT branch, seq, phase, report, processed, undone FROM phases WHERE game_id = ?1 AND undone IS NOT NULL ORDER BY branch, seq")?;
    st.query_map([game_id], |r| Ok(Undone { branch: r.get(0)?, seq: r.get(1)?, phase: r.get(2)?, report: r.get(3)?, processed: r.get(4)?, undone: r.get(5)? }))?
        .collect()
}

/// When each phase on the game's line was processed: (seq, phase name, time), in order.
pub fn times(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<(i64, String, i64)>> {
    let mut st = conn.prepare_cached("SELECT seq, phase, processed FROM phases WHERE game_id = ?1 AND undone IS NULL ORDER BY seq")?;
    st.query_map([game_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?.collect()
}

/// A processed phase as stored, on a game's line or on a branch a ROLLBACK
/// left (for reading the record back: the tests and the keeper's tools): the
/// row a line's reader reads ([`Stored`]), with its game and its branch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub game_id: i64,
    pub stored: Stored,
    /// When a ROLLBACK undid it (`None`: on the line).
    pub undone: Option<i64>,
    /// The game's nth rollback undid it (0: on the line).
    pub branch: i64,
}

/// Every processed phase of every game, in the order processed.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Kept>> {
    conn.prepare_cached(concat!("SELECT ", stored_columns!(), ", game_id, undone, branch FROM phases ORDER BY id"))?
        .query_map([], |r| Ok(Kept { stored: stored(r)?, game_id: r.get(6)?, undone: r.get(7)?, branch: r.get(8)? }))?
        .collect()
}

/// The phases of the game's latest branch (its last ROLLBACK's), in order:
/// what ROLLFORWARD plays again. Empty when there was no rollback.
pub fn latest_branch(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<Stored>> {
    let mut st = conn.prepare_cached(concat!(
        "SELECT ",
        stored_columns!(),
        " FROM phases WHERE game_id = ?1 AND branch = (SELECT max(branch) FROM phases WHERE game_id = ?1) AND branch > 0 ORDER BY seq"
    ))?;
    st.query_map([game_id], stored)?.collect()
}
