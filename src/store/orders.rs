//! Order versions. Every order a player sends is a row; the one in force for a
//! unit is the last `active` row with its key (a later order for the same unit
//! deactivates the earlier one). Nothing is ever deleted.

use crate::map::{PowerId, UnitType, Variant};
use crate::order::Order;
use rusqlite::{Connection, params};

/// What an order is stored under, so that a later order replaces it: see
/// `game::orders::Slot`. Spaces are named by their map codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlotBase {
    /// A unit, by its space (`u:PAR`).
    Unit(String),
    /// The power's units of one type in a space where units share spaces
    /// (`u:PAR:A`; `None`, written `?`: the type was not known).
    Stack(String, Option<UnitType>),
    /// A build site (`b:PAR`).
    Build(String),
    /// The power's n-th waive (`w:0`).
    Waive(usize),
}

/// A stored order's key: its slot, and for a slot with room for several
/// orders its place among them (`u:PAR:A#1`), in the order written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotKey {
    pub base: SlotBase,
    pub index: Option<usize>,
}

impl SlotKey {
    pub fn one(base: SlotBase) -> SlotKey {
        SlotKey { base, index: None }
    }

    /// The key as stored (the one conversion to text).
    pub fn to_text(&self) -> String {
        let mut s = match &self.base {
            SlotBase::Unit(code) => format!("u:{code}"),
            SlotBase::Stack(code, kind) => format!("u:{code}:{}", kind.map_or('?', |k| k.letter())),
            SlotBase::Build(code) => format!("b:{code}"),
            SlotBase::Waive(n) => format!("w:{n}"),
        };
        if let Some(i) = self.index {
            s.push_str(&format!("#{i}"));
        }
        s
    }

    /// A stored key read back (the one conversion from text).
    pub fn from_text(text: &str) -> Result<SlotKey, SlotError> {
        let bad = || SlotError(text.to_string());
        let (head, index) = match text.split_once('#') {
            Some((h, i)) => (h, Some(i.parse::<usize>().map_err(|_| bad())?)),
            None => (text, None),
        };
        let code = |c: &str| if !c.is_empty() && !c.contains(':') { Ok(c.to_string()) } else { Err(bad()) };
        let base = match head.split_once(':') {
            Some(("u", rest)) => match rest.split_once(':') {
                None => SlotBase::Unit(code(rest)?),
                Some((c, "A")) => SlotBase::Stack(code(c)?, Some(UnitType::Army)),
                Some((c, "F")) => SlotBase::Stack(code(c)?, Some(UnitType::Fleet)),
                Some((c, "?")) => SlotBase::Stack(code(c)?, None),
                Some(_) => return Err(bad()),
            },
            Some(("b", c)) => SlotBase::Build(code(c)?),
            Some(("w", n)) => SlotBase::Waive(n.parse().map_err(|_| bad())?),
            _ => return Err(bad()),
        };
        Ok(SlotKey { base, index })
    }

    /// Whether this is a build's or a waive's key.
    pub fn is_adjustment(&self) -> bool {
        matches!(self.base, SlotBase::Build(_) | SlotBase::Waive(_))
    }
}

/// A stored key that names no order slot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an order slot")]
pub struct SlotError(pub String);

/// Why a stored order in force cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum StoredOrderError {
    #[error("stored order `{text}` cannot be read: {source}")]
    Record { text: String, source: super::records::RecordError },
    #[error("stored order `{text}` cannot be read: it has no record (written before schema version 5 and not upgraded)")]
    NoRecord { text: String },
}

/// One order in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderRow {
    pub power: PowerId,
    /// What a later order replaces it by (the unit, or the build site).
    pub key: SlotKey,
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
    /// database: `play::orders::upgrade_order_records`).
    pub fn order(&self, v: &Variant) -> Result<Order, StoredOrderError> {
        match &self.record {
            Some(json) => super::records::from_json(v, json).map_err(|source| StoredOrderError::Record { text: self.text.clone(), source }),
            None => Err(StoredOrderError::NoRecord { text: self.text.clone() }),
        }
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
    let row = |r: &rusqlite::Row| {
        let (id, text): (i64, String) = (r.get(5)?, r.get(1)?);
        let key = SlotKey::from_text(&text)
            .map_err(|e| rusqlite::Error::FromSqlConversionFailure(1, rusqlite::types::Type::Text, format!("order row {id}: {e}").into()))?;
        Ok(OrderRow { power: r.get(0)?, key, text: r.get(2)?, record: r.get(3)?, mail_id: r.get(4)? })
    };
    match power {
        Some(p) => conn
            .prepare_cached(
                "SELECT power, key, text, record, mail_id, id FROM orders WHERE game_id = ?1 AND seq = ?2 AND active = 1 AND power = ?3 ORDER BY id",
            )?
            .query_map(params![game_id, seq, p], row)?
            .collect(),
        None => conn
            .prepare_cached("SELECT power, key, text, record, mail_id, id FROM orders WHERE game_id = ?1 AND seq = ?2 AND active = 1 ORDER BY id")?
            .query_map(params![game_id, seq], row)?
            .collect(),
    }
}

/// An order to record: for `power`'s `key`, its text and record, from which
/// mail (none: the console), when.
pub struct NewOrder<'a> {
    pub power: PowerId,
    pub key: &'a SlotKey,
    pub text: &'a str,
    pub record: &'a str,
    pub mail_id: Option<i64>,
    pub created: i64,
}

/// Records an order as the one in force for its key, replacing an earlier one.
pub fn replace(conn: &Connection, game_id: i64, seq: i64, o: &NewOrder) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE orders SET active = 0 WHERE game_id = ?1 AND seq = ?2 AND power = ?3 AND key = ?4 AND active = 1")?.execute(params![
        game_id,
        seq,
        o.power,
        o.key.to_text()
    ])?;
    conn.prepare_cached("INSERT INTO orders (game_id, seq, power, key, text, record, active, mail_id, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, ?8)")?
        .execute(params![game_id, seq, o.power, o.key.to_text(), o.text, o.record, o.mail_id, o.created])?;
    Ok(())
}

/// Takes the orders in force under `keys` out of force (a later mail's orders
/// for the units of a stack replace all that earlier mails gave them).
pub fn retire(conn: &Connection, game_id: i64, seq: i64, power: PowerId, keys: &[&SlotKey]) -> rusqlite::Result<()> {
    let mut st = conn.prepare_cached("UPDATE orders SET active = 0 WHERE game_id = ?1 AND seq = ?2 AND power = ?3 AND key = ?4 AND active = 1")?;
    for k in keys {
        st.execute(params![game_id, seq, power, k.to_text()])?;
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

/// One order version as stored, in force or not (for reading the record
/// back: the tests and the keeper's tools).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    pub id: i64,
    pub game_id: i64,
    pub seq: i64,
    pub power: PowerId,
    pub key: String,
    pub text: String,
    pub record: Option<String>,
    pub active: bool,
    pub mail_id: Option<i64>,
}

/// Every order version of every game, oldest first.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Version>> {
    conn.prepare_cached("SELECT id, game_id, seq, power, key, text, record, active, mail_id FROM orders ORDER BY id")?
        .query_map([], |r| {
            Ok(Version {
                id: r.get(0)?,
                game_id: r.get(1)?,
                seq: r.get(2)?,
                power: r.get(3)?,
                key: r.get(4)?,
                text: r.get(5)?,
                record: r.get(6)?,
                active: r.get(7)?,
                mail_id: r.get(8)?,
            })
        })?
        .collect()
}

/// When each power's orders in force in phase `seq` of game `game_id` were
/// last given (the latest of them), by power.
pub fn last_given(conn: &Connection, game_id: i64, seq: i64) -> rusqlite::Result<Vec<(PowerId, i64)>> {
    conn.prepare_cached("SELECT power, max(created) FROM orders WHERE game_id = ?1 AND seq = ?2 AND active = 1 GROUP BY power ORDER BY power")?
        .query_map(params![game_id, seq], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_keys_read_back_as_written() {
        for text in ["u:PAR", "u:STP", "u:PAR:A", "u:BRE:F#2", "u:LON:?#0", "b:PAR", "b:KIE#3", "w:0", "w:12"] {
            let key = SlotKey::from_text(text).unwrap();
            assert_eq!(key.to_text(), text);
        }
        assert_eq!(SlotKey::from_text("u:PAR:A#1").unwrap(), SlotKey { base: SlotBase::Stack("PAR".into(), Some(UnitType::Army)), index: Some(1) });
        for bad in ["", "PAR", "x:PAR", "u:", "u:PAR:X", "w:one", "b:PAR#", "u:PAR#x", "u:PAR:A:B"] {
            assert!(SlotKey::from_text(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn stored_keys_read_back_and_an_unreadable_one_names_its_row() {
        let conn = crate::store::open_memory().unwrap();
        conn.pragma_update(None, "foreign_keys", "OFF").unwrap();
        let key = SlotKey { base: SlotBase::Stack("PAR".into(), Some(UnitType::Army)), index: Some(1) };
        replace(&conn, 1, 0, &NewOrder { power: 2, key: &key, text: "A PAR H", record: "{}", mail_id: None, created: 0 }).unwrap();
        let stored: String = conn.query_row("SELECT key FROM orders", [], |r| r.get(0)).unwrap();
        assert_eq!(stored, "u:PAR:A#1");
        assert_eq!(current(&conn, 1, 0, Some(2)).unwrap()[0].key, key);
        retire(&conn, 1, 0, 2, &[&key]).unwrap();
        assert!(current(&conn, 1, 0, None).unwrap().is_empty());
        conn.execute("INSERT INTO orders (game_id, seq, power, key, text, active, created) VALUES (1, 0, 2, 'u:PAR:X', 'A PAR H', 1, 0)", []).unwrap();
        let id: i64 = conn.query_row("SELECT id FROM orders WHERE key = 'u:PAR:X'", [], |r| r.get(0)).unwrap();
        let err = current(&conn, 1, 0, None).unwrap_err().to_string();
        assert!(err.contains(&format!("order row {id}")) && err.contains("u:PAR:X"), "{err}");
    }
}
