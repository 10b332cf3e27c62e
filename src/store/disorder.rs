//! Civil disorder and lateness as rows: which powers of a game are in civil
//! disorder (since which phase, and why), and each seated player's record of
//! phases on time, late and missed (njudge's late count; summed over a
//! mailbox's seats by `store::dedication`, njudge's dedication).
//! Read back strictly: an unknown cause is an error naming the row.

use crate::map::PowerId;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use rusqlite::{Connection, params};

/// Why a power is in civil disorder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// No one held its seat when a phase was processed.
    Vacant,
    /// Its player missed the game's number of phases in a row.
    Missed,
    /// The master declared it.
    Master,
}

impl Cause {
    fn word(self) -> &'static str {
        match self {
            Cause::Vacant => "vacant",
            Cause::Missed => "missed",
            Cause::Master => "master",
        }
    }
}

impl ToSql for Cause {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.word()))
    }
}

impl FromSql for Cause {
    fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
        match v.as_str()? {
            "vacant" => Ok(Cause::Vacant),
            "missed" => Ok(Cause::Missed),
            "master" => Ok(Cause::Master),
            s => Err(FromSqlError::Other(format!("`{s}` is not a cause of civil disorder").into())),
        }
    }
}

/// A power in civil disorder, as stored: the phase (its code) from which on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisorderRow {
    pub power: PowerId,
    pub since: String,
    pub cause: Cause,
}

/// The powers of game `game_id` in civil disorder, in power order.
pub fn of_game(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<DisorderRow>> {
    conn.prepare_cached("SELECT power, since, cause FROM disorder WHERE game_id = ?1 ORDER BY power")?
        .query_map([game_id], |r| Ok(DisorderRow { power: r.get(0)?, since: r.get(1)?, cause: r.get(2)? }))?
        .collect()
}

/// Puts `power` in civil disorder from phase `since` (kept as it was if it already is).
pub fn declare(conn: &Connection, game_id: i64, row: &DisorderRow) -> rusqlite::Result<bool> {
    let n = conn
        .execute("INSERT OR IGNORE INTO disorder (game_id, power, since, cause) VALUES (?1, ?2, ?3, ?4)", params![game_id, row.power, row.since, row.cause])?;
    Ok(n > 0)
}

/// Takes `power` out of civil disorder; whether it was in it.
pub fn lift(conn: &Connection, game_id: i64, power: PowerId) -> rusqlite::Result<bool> {
    Ok(conn.execute("DELETE FROM disorder WHERE game_id = ?1 AND power = ?2", params![game_id, power])? > 0)
}

/// A seated player's record in one game: the phases that asked orders of
/// them, those ordered on time, those late (found without complete orders
/// after the deadline, complete when processed: njudge's late count), those
/// processed without complete orders, how many of the last were in a row,
/// how often the power went into civil disorder, the late notices the judge
/// sent them, the seats they abandoned (left owing orders), and the phase
/// (`seq`) in which the judge last found them late.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub due: u32,
    pub on_time: u32,
    pub late: u32,
    pub missed: u32,
    pub missed_in_a_row: u32,
    pub disorders: u32,
    pub notices: u32,
    pub abandoned: u32,
    pub late_seq: Option<i64>,
}

/// The records of game `game_id`'s players, by player row id.
pub fn records(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<(i64, Record)>> {
    conn.prepare_cached(
        "SELECT r.player_id, r.due, r.on_time, r.late, r.missed, r.missed_in_a_row, r.disorders, r.late_notices, r.abandoned, r.late_seq
         FROM records_of_play r JOIN players p ON p.id = r.player_id WHERE p.game_id = ?1 ORDER BY r.player_id",
    )?
    .query_map([game_id], |r| {
        Ok((
            r.get(0)?,
            Record {
                due: r.get(1)?,
                on_time: r.get(2)?,
                late: r.get(3)?,
                missed: r.get(4)?,
                missed_in_a_row: r.get(5)?,
                disorders: r.get(6)?,
                notices: r.get(7)?,
                abandoned: r.get(8)?,
                late_seq: r.get(9)?,
            },
        ))
    })?
    .collect()
}

/// Writes player `player_id`'s record.
pub fn save_record(conn: &Connection, player_id: i64, r: &Record) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO records_of_play (player_id, due, on_time, late, missed, missed_in_a_row, disorders, late_notices, abandoned, late_seq)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
         ON CONFLICT (player_id) DO UPDATE SET due = ?2, on_time = ?3, late = ?4, missed = ?5, missed_in_a_row = ?6, disorders = ?7,
             late_notices = ?8, abandoned = ?9, late_seq = ?10",
    )?
    .execute(params![player_id, r.due, r.on_time, r.late, r.missed, r.missed_in_a_row, r.disorders, r.notices, r.abandoned, r.late_seq])?;
    Ok(())
}
