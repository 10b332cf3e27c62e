//! The one place tests write to the judge's database behind the store's
//! back, on purpose: damaged rows, rows of an older schema, a disk that is
//! full. Each function says what it breaks; the judge must then cope (refuse
//! to open, set a game aside, apologise). Reading the record back goes
//! through the store's API ([`super::db`]); `tests/it/layout.rs` checks that
//! no other test file holds SQL.

use rusqlite::Connection;
use std::path::Path;

/// Every order in the database at `path` (the judge closed) as an
/// older judge wrote it, before schema version 5: without its typed record,
/// and with `text` as its text if given.
pub fn legacy_orders(path: &Path, text: Option<&str>) {
    let c = Connection::open(path).unwrap();
    match text {
        None => c.execute("UPDATE orders SET record = NULL", []).unwrap(),
        Some(t) => c.execute("UPDATE orders SET record = NULL, text = ?1", [t]).unwrap(),
    };
}

/// Game `game`'s settings replaced by `json` (settings it cannot read).
pub fn corrupt_settings(c: &Connection, game: &str, json: &str) {
    assert_eq!(c.execute("UPDATE games SET settings = ?1 WHERE name = ?2", [json, game]).unwrap(), 1);
}

/// Game `game`'s stored rule option `key` set to `value`, unchecked (a
/// value the rulebook may refuse).
pub fn set_rule_option(c: &Connection, game: &str, key: &str, value: &str) {
    let path = format!("$.rules.{key}");
    assert_eq!(c.execute("UPDATE games SET settings = json_set(settings, ?1, ?2) WHERE name = ?3", [path.as_str(), value, game]).unwrap(), 1);
}

/// Game `game`'s stored setting `key` set to the JSON `json`, unchecked.
pub fn set_setting(c: &Connection, game: &str, key: &str, json: &str) {
    let path = format!("$.{key}");
    assert_eq!(c.execute("UPDATE games SET settings = json_set(settings, ?1, json(?2)) WHERE name = ?3", [path.as_str(), json, game]).unwrap(), 1);
}

/// Every order's typed record replaced by `json` (a record that no longer reads).
pub fn corrupt_order_records(c: &Connection, json: &str) {
    assert!(c.execute("UPDATE orders SET record = ?1", [json]).unwrap() > 0);
}

/// Every processed phase's position replaced by `json`; returns how many.
pub fn corrupt_phase_positions(c: &Connection, json: &str) -> usize {
    c.execute("UPDATE phases SET position = ?1", [json]).unwrap()
}

/// Every stored file gone, whoever still names it (a mail waiting for a retry).
pub fn drop_files(c: &Connection) {
    c.execute("DELETE FROM attachments", []).unwrap();
}

/// The database may grow no more: every write that needs a new page fails
/// (SQLITE_FULL), as on a full disk. [`uncap_size`] lifts it.
pub fn cap_size(c: &Connection) {
    let pages: i64 = c.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap();
    c.execute_batch(&format!("PRAGMA max_page_count = {pages}")).unwrap();
}

/// Lifts [`cap_size`] (SQLite's default maximum).
pub fn uncap_size(c: &Connection) {
    c.execute_batch("PRAGMA max_page_count = 1073741823").unwrap();
}

/// Every game's deadline set to `at`, its grace period gone and its
/// reminder and late notice marked sent (a deadline due with nothing else
/// before it).
pub fn deadline_only(c: &Connection, at: i64) {
    c.execute("UPDATE games SET deadline = ?1, grace_until = NULL, reminded = seq, late_noticed = seq", [at]).unwrap();
}

/// Every game's reminder for its current phase marked sent.
pub fn reminded(c: &Connection) {
    c.execute("UPDATE games SET reminded = seq", []).unwrap();
}
