//! Press as sent: who, to whom, the text, and the mail it came in.

use crate::map::PowerId;
use rusqlite::{Connection, params};

/// One press message to record.
pub struct PressRow<'a> {
    pub game_id: i64,
    pub seq: i64,
    pub from_power: Option<PowerId>,
    pub recipients: &'a str,
    pub grey: bool,
    pub body: &'a str,
    pub mail_id: Option<i64>,
    pub created: i64,
}

pub fn insert(conn: &Connection, p: &PressRow) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT INTO press (game_id, seq, from_power, recipients, grey, body, mail_id, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")?
        .execute(params![p.game_id, p.seq, p.from_power, p.recipients, p.grey, p.body, p.mail_id, p.created])?;
    Ok(())
}
