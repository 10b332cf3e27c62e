//! A power's diary (njudge's DIARY): private notes, numbered per power and
//! never renumbered; a deleted entry keeps its number.

use crate::map::PowerId;
use rusqlite::{Connection, OptionalExtension, params};

/// One diary entry as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub number: i64,
    pub body: String,
    pub created: i64,
}

/// Records a new entry for `power`; its number.
pub fn record(conn: &Connection, game_id: i64, power: PowerId, body: &str, mail_id: Option<i64>, now: i64) -> rusqlite::Result<i64> {
    let last: Option<i64> = conn.query_row("SELECT MAX(number) FROM diary WHERE game_id = ?1 AND power = ?2", params![game_id, power], |r| r.get(0))?;
    let number = last.unwrap_or(0) + 1;
    conn.prepare_cached("INSERT INTO diary (game_id, power, number, body, created, mail_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?
        .execute(params![game_id, power, number, body, now, mail_id])?;
    Ok(number)
}

/// `power`'s entries that are not deleted, in their order.
pub fn entries(conn: &Connection, game_id: i64, power: PowerId) -> rusqlite::Result<Vec<Entry>> {
    let mut st = conn.prepare_cached("SELECT number, body, created FROM diary WHERE game_id = ?1 AND power = ?2 AND deleted IS NULL ORDER BY number")?;
    st.query_map(params![game_id, power], |r| Ok(Entry { number: r.get(0)?, body: r.get(1)?, created: r.get(2)? }))?.collect()
}

/// Entry `number` of `power`, unless deleted.
pub fn read(conn: &Connection, game_id: i64, power: PowerId, number: i64) -> rusqlite::Result<Option<Entry>> {
    conn.prepare_cached("SELECT number, body, created FROM diary WHERE game_id = ?1 AND power = ?2 AND number = ?3 AND deleted IS NULL")?
        .query_row(params![game_id, power, number], |r| Ok(Entry { number: r.get(0)?, body: r.get(1)?, created: r.get(2)? }))
        .optional()
}

/// Deletes entry `number` of `power`; whether there was one to delete.
pub fn delete(conn: &Connection, game_id: i64, power: PowerId, number: i64, now: i64) -> rusqlite::Result<bool> {
    let n = conn
        .prepare_cached("UPDATE diary SET deleted = ?4 WHERE game_id = ?1 AND power = ?2 AND number = ?3 AND deleted IS NULL")?
        .execute(params![game_id, power, number, now])?;
    Ok(n > 0)
}

/// How many entries `power` keeps, and their bytes.
pub fn size(conn: &Connection, game_id: i64, power: PowerId) -> rusqlite::Result<(usize, usize)> {
    conn.query_row(
        "SELECT COUNT(*), COALESCE(SUM(LENGTH(CAST(body AS BLOB))), 0) FROM diary WHERE game_id = ?1 AND power = ?2 AND deleted IS NULL",
        params![game_id, power],
        |r| Ok((r.get::<_, i64>(0)? as usize, r.get::<_, i64>(1)? as usize)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_numbered_per_power_and_numbers_are_never_reused() {
        let c = crate::store::open_memory().unwrap();
        c.execute_batch("INSERT INTO games (id, name, variant, status, master_hash, master_email, settings, created) VALUES (1, 'g', 'standard', 'active', 'x', 'm@x', '{}', 0)").unwrap();
        assert_eq!(record(&c, 1, 2, "one", None, 10).unwrap(), 1);
        assert_eq!(record(&c, 1, 2, "two", None, 11).unwrap(), 2);
        assert_eq!(record(&c, 1, 3, "other", None, 12).unwrap(), 1);
        assert!(delete(&c, 1, 2, 2, 13).unwrap());
        assert!(!delete(&c, 1, 2, 2, 14).unwrap(), "deleted once");
        assert_eq!(record(&c, 1, 2, "three", None, 15).unwrap(), 3, "2 is not reused");
        assert_eq!(entries(&c, 1, 2).unwrap().iter().map(|e| e.number).collect::<Vec<_>>(), [1, 3]);
        assert_eq!(read(&c, 1, 2, 2).unwrap(), None);
        assert_eq!(read(&c, 1, 3, 1).unwrap().map(|e| e.body), Some("other".into()));
        assert_eq!(size(&c, 1, 2).unwrap(), (2, 8));
    }
}
