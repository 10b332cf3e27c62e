//! A diary (njudge's DIARY): private notes that belong to the player who
//! wrote them (their `players` row, `player_id`), not to the power: a
//! takeover player of the same power starts a diary of their own and never
//! reads the one before. Entries are numbered per writer and never
//! renumbered; a deleted entry keeps its number.

use crate::map::PowerId;
use rusqlite::{Connection, OptionalExtension, params};

/// One diary entry as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub number: i64,
    pub body: String,
    pub created: i64,
}

fn entry(r: &rusqlite::Row) -> rusqlite::Result<Entry> {
    Ok(Entry { number: r.get(0)?, body: r.get(1)?, created: r.get(2)? })
}

/// Records a new entry by `writer` (a player's row) playing `power`; its number.
pub fn record(conn: &Connection, game_id: i64, power: PowerId, writer: i64, body: &str, mail_id: Option<i64>, now: i64) -> rusqlite::Result<i64> {
    let last: Option<i64> = conn.query_row("SELECT MAX(number) FROM diary WHERE game_id = ?1 AND player_id = ?2", params![game_id, writer], |r| r.get(0))?;
    let number = last.unwrap_or(0) + 1;
    conn.prepare_cached("INSERT INTO diary (game_id, power, player_id, number, body, created, mail_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")?
        .execute(params![game_id, power, writer, number, body, now, mail_id])?;
    Ok(number)
}

/// `writer`'s entries that are not deleted, in their order.
pub fn of_writer(conn: &Connection, game_id: i64, writer: i64) -> rusqlite::Result<Vec<Entry>> {
    let mut st = conn.prepare_cached("SELECT number, body, created FROM diary WHERE game_id = ?1 AND player_id = ?2 AND deleted IS NULL ORDER BY number")?;
    st.query_map(params![game_id, writer], entry)?.collect()
}

/// The writers (players' rows) of game `game_id` whose diary has an entry
/// that is not deleted, in the order of their rows.
pub fn writers(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<i64>> {
    let mut st =
        conn.prepare_cached("SELECT DISTINCT player_id FROM diary WHERE game_id = ?1 AND player_id IS NOT NULL AND deleted IS NULL ORDER BY player_id")?;
    st.query_map([game_id], |r| r.get(0))?.collect()
}

/// Entry `number` of `writer`, unless deleted.
pub fn read(conn: &Connection, game_id: i64, writer: i64, number: i64) -> rusqlite::Result<Option<Entry>> {
    conn.prepare_cached("SELECT number, body, created FROM diary WHERE game_id = ?1 AND player_id = ?2 AND number = ?3 AND deleted IS NULL")?
        .query_row(params![game_id, writer, number], entry)
        .optional()
}

/// Deletes entry `number` of `writer`; whether there was one to delete.
pub fn delete(conn: &Connection, game_id: i64, writer: i64, number: i64, now: i64) -> rusqlite::Result<bool> {
    let n = conn
        .prepare_cached("UPDATE diary SET deleted = ?4 WHERE game_id = ?1 AND player_id = ?2 AND number = ?3 AND deleted IS NULL")?
        .execute(params![game_id, writer, number, now])?;
    Ok(n > 0)
}

/// How many entries `writer` keeps, and their bytes.
pub fn size(conn: &Connection, game_id: i64, writer: i64) -> rusqlite::Result<(usize, usize)> {
    conn.query_row(
        "SELECT COUNT(*), COALESCE(SUM(LENGTH(CAST(body AS BLOB))), 0) FROM diary WHERE game_id = ?1 AND player_id = ?2 AND deleted IS NULL",
        params![game_id, writer],
        |r| Ok((r.get::<_, i64>(0)? as usize, r.get::<_, i64>(1)? as usize)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(c: &Connection) {
        c.execute_batch(
            "INSERT INTO games (id, name, variant, status, master_hash, master_email, settings, created) VALUES (1, 'g', 'standard', 'active', 'x', 'm@x', '{}', 0);
             INSERT INTO players (id, game_id, role, power, email, status, joined) VALUES (7, 1, 'player', 2, 'a@x', 'resigned', 0), (8, 1, 'player', 2, 'b@x', 'active', 0), (9, 1, 'player', 3, 'c@x', 'active', 0);",
        )
        .unwrap();
    }

    #[test]
    fn entries_are_numbered_per_writer_and_numbers_are_never_reused() {
        let c = crate::store::open_memory().unwrap();
        game(&c);
        assert_eq!(record(&c, 1, 2, 7, "one", None, 10).unwrap(), 1);
        assert_eq!(record(&c, 1, 2, 7, "two", None, 11).unwrap(), 2);
        assert_eq!(record(&c, 1, 3, 9, "other", None, 12).unwrap(), 1);
        assert!(delete(&c, 1, 7, 2, 13).unwrap());
        assert!(!delete(&c, 1, 7, 2, 14).unwrap(), "deleted once");
        assert_eq!(record(&c, 1, 2, 7, "three", None, 15).unwrap(), 3, "2 is not reused");
        assert_eq!(of_writer(&c, 1, 7).unwrap().iter().map(|e| e.number).collect::<Vec<_>>(), [1, 3]);
        assert_eq!(read(&c, 1, 7, 2).unwrap(), None);
        assert_eq!(read(&c, 1, 9, 1).unwrap().map(|e| e.body), Some("other".into()));
        assert_eq!(size(&c, 1, 7).unwrap(), (2, 8));
    }

    #[test]
    fn the_migration_gives_each_kept_entry_to_the_player_who_held_the_power_then() {
        let at = crate::store::MIGRATIONS.iter().position(|m| m.contains("diary_by_writer")).expect("the migration");
        let c = Connection::open_in_memory().unwrap();
        c.pragma_update(None, "foreign_keys", "ON").unwrap();
        for (i, sql) in crate::store::MIGRATIONS.iter().take(at).enumerate() {
            c.execute_batch(&format!("BEGIN; {sql}; PRAGMA user_version = {}; COMMIT;", i + 1)).unwrap();
        }
        // France: a@x from 0 to 100, then b@x; Germany: c@x
        c.execute_batch(
            "INSERT INTO games (id, name, variant, status, master_hash, master_email, settings, created) VALUES (1, 'g', 'standard', 'active', 'x', 'm@x', '{}', 0);
             INSERT INTO players (id, game_id, role, power, email, status, joined, seated, left) VALUES
                 (7, 1, 'player', 2, 'a@x', 'resigned', 0, 0, 100), (8, 1, 'player', 2, 'b@x', 'active', 90, 100, NULL), (9, 1, 'player', 3, 'c@x', 'active', 0, 0, NULL);
             INSERT INTO diary (game_id, power, number, body, created) VALUES (1, 2, 1, 'a one', 10), (1, 2, 2, 'a two', 50), (1, 2, 3, 'b one', 150), (1, 3, 1, 'c one', 20);",
        )
        .unwrap();
        crate::store::migrate(&c).unwrap();
        let bodies = |w| of_writer(&c, 1, w).unwrap().into_iter().map(|e| e.body).collect::<Vec<_>>();
        assert_eq!(bodies(7), ["a one", "a two"]);
        assert_eq!(bodies(8), ["b one"]);
        assert_eq!(bodies(9), ["c one"]);
        // the next entry of a writer follows their own last number
        assert_eq!(record(&c, 1, 2, 7, "a again", None, 200).unwrap(), 3);
    }

    #[test]
    fn a_takeover_player_of_the_same_power_has_a_diary_of_their_own() {
        let c = crate::store::open_memory().unwrap();
        game(&c);
        record(&c, 1, 2, 7, "the first player's plan", None, 10).unwrap();
        // the next player of the same power starts at 1, and reads only their own
        assert_eq!(record(&c, 1, 2, 8, "mine", None, 20).unwrap(), 1);
        assert_eq!(of_writer(&c, 1, 8).unwrap().iter().map(|e| e.body.as_str()).collect::<Vec<_>>(), ["mine"]);
        assert_eq!(read(&c, 1, 8, 1).unwrap().map(|e| e.body), Some("mine".into()));
        assert!(!delete(&c, 1, 8, 2, 30).unwrap(), "no entry 2 of theirs");
        assert_eq!(of_writer(&c, 1, 7).unwrap().len(), 1, "the first player's entry is untouched");
        assert_eq!(writers(&c, 1).unwrap(), [7, 8]);
    }
}
