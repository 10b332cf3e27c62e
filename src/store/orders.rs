//! Order versions. Every order a player sends is a row; the one in force for a
//! unit is the last `active` row with its key (a later order for the same unit
//! deactivates the earlier one). Nothing is ever deleted.

use crate::map::{PowerId, Variant};
use crate::order::Order;
use rusqlite::{Connection, params};

/// One order in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderRow {
    pub power: PowerId,
    /// What a later order replaces it by (the unit, or the build site).
    pub key: String,
    /// Its canonical text, as players are shown it.
    pub text: String,
    /// The order itself as typed JSON (see [`super::records`]); `None` only in
    /// rows written before schema version 5 (see [`without_record`]).
    pub record: Option<String>,
    /// The mail it came in (`None`: given otherwise, e.g. by the command line).
    pub mail_id: Option<i64>,
}

impl OrderRow {
    /// The order, read strictly from its record; a row without one is an error
    /// (the judge gives every order in force a record when it opens the
    /// database: `game::upgrade_order_records`).
    pub fn order(&self, v: &Variant) -> Result<Order, String> {
        match &self.record {
            Some(json) => super::records::from_json(v, json),
            None => Err("it has no record (written before schema version 5 and not upgraded)".into()),
        }
        .map_err(|e| format!("stored order `{}` cannot be read: {e}", self.text))
    }
}

/// Orders in force written before schema version 5, without a record:
/// `(row id, game id, canonical text)`, oldest first.
pub fn without_record(conn: &Connection) -> rusqlite::Result<Vec<(i64, i64, String)>> {
    // run at every start: games drive the loop (CROSS JOIN keeps that order),
    // so only the orders of current phases are read, through orders_current,
    // never the whole history
    conn.prepare(
        "SELECT o.id, o.game_id, o.text FROM games g CROSS JOIN orders o ON o.game_id = g.id AND o.seq = g.seq AND o.active = 1
         WHERE o.record IS NULL ORDER BY o.id",
    )?
    .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
    .collect()
}

/// Gives an order row its record.
pub fn set_record(conn: &Connection, id: i64, record: &str) -> rusqlite::Result<()> {
    conn.execute("UPDATE orders SET record = ?1 WHERE id = ?2 AND record IS NULL", params![record, id]).map(|_| ())
}

/// The active orders of a phase (all powers, or one), oldest first.
pub fn current(conn: &Connection, game_id: i64, seq: i64, power: Option<PowerId>) -> rusqlite::Result<Vec<OrderRow>> {
    let row = |r: &rusqlite::Row| Ok(OrderRow { power: r.get(0)?, key: r.get(1)?, text: r.get(2)?, record: r.get(3)?, mail_id: r.get(4)? });
    match power {
        Some(p) => conn
            .prepare_cached("SELECT power, key, text, record, mail_id FROM orders WHERE game_id = ?1 AND seq = ?2 AND active = 1 AND power = ?3 ORDER BY id")?
            .query_map(params![game_id, seq, p], row)?
            .collect(),
        None => conn
            .prepare_cached("SELECT power, key, text, record, mail_id FROM orders WHERE game_id = ?1 AND seq = ?2 AND active = 1 ORDER BY id")?
            .query_map(params![game_id, seq], row)?
            .collect(),
    }
}

/// An order to record: for `power`'s `key`, its text and record, from which
/// mail (none: the console), when.
pub struct NewOrder<'a> {
    pub power: PowerId,
    pub key: &'a str,
    pub text: &'a str,
    pub record: &'a str,
    pub mail_id: Option<i64>,
    pub created: i64,
}

/// Records an order as the one in force for its key, replacing an earlier one.
pub fn replace(conn: &Connection, game_id: i64, seq: i64, o: &NewOrder) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE orders SET active = 0 WHERE game_id = ?1 AND seq = ?2 AND power = ?3 AND key = ?4 AND active = 1")?
        .execute(params![game_id, seq, o.power, o.key])?;
    conn.prepare_cached("INSERT INTO orders (game_id, seq, power, key, text, record, active, mail_id, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, ?8)")?
        .execute(params![game_id, seq, o.power, o.key, o.text, o.record, o.mail_id, o.created])?;
    Ok(())
}

/// Takes the orders in force under `keys` out of force (a later mail's orders
/// for the units of a stack replace all that earlier mails gave them).
pub fn retire(conn: &Connection, game_id: i64, seq: i64, power: PowerId, keys: &[&str]) -> rusqlite::Result<()> {
    let mut st = conn.prepare_cached("UPDATE orders SET active = 0 WHERE game_id = ?1 AND seq = ?2 AND power = ?3 AND key = ?4 AND active = 1")?;
    for k in keys {
        st.execute(params![game_id, seq, power, k])?;
    }
    Ok(())
}

/// Drops every order of `power` in force for the phase; returns how many.
pub fn clear(conn: &Connection, game_id: i64, seq: i64, power: PowerId) -> rusqlite::Result<usize> {
    conn.execute("UPDATE orders SET active = 0 WHERE game_id = ?1 AND seq = ?2 AND power = ?3 AND active = 1", params![game_id, seq, power])
}

/// Drops the orders of phase `seq` and later (a rollback).
pub fn clear_from(conn: &Connection, game_id: i64, seq: i64) -> rusqlite::Result<usize> {
    conn.execute("UPDATE orders SET active = 0 WHERE game_id = ?1 AND seq >= ?2", params![game_id, seq])
}
