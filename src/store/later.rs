//! Orders kept for a later phase (njudge's `PHASE`, `game::later`): one row
//! a block of a mail, for one power and one phase, its lines as kept. Read
//! back strictly: a phase the calendar does not know, a power the variant
//! lacks or lines that are not a list of text are errors with the row.

use crate::map::{PowerId, Variant};
use crate::phase::Phase;
use rusqlite::{Connection, params};

/// A kept block, read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub id: i64,
    pub power: PowerId,
    pub phase: Phase,
    pub lines: Vec<String>,
    pub mail_id: Option<i64>,
}

/// A stored block that does not read.
#[derive(Debug, thiserror::Error)]
pub enum KeptError {
    #[error("later orders row {id}: {what}")]
    Row { id: i64, what: String },
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

/// A block to keep: `lines` for `power`'s `phase`, from a mail.
pub struct New<'a> {
    pub power: PowerId,
    pub phase: Phase,
    pub lines: &'a [String],
    pub mail_id: Option<i64>,
    pub created: i64,
}

/// Keeps a block.
pub fn insert(conn: &Connection, v: &Variant, game_id: i64, k: &New) -> rusqlite::Result<()> {
    let text = serde_json::to_string(k.lines).unwrap_or_else(|e| unreachable!("a list of strings always serializes: {e}"));
    conn.prepare_cached("INSERT INTO later_orders (game_id, power, phase, lines, mail_id, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?.execute(params![
        game_id,
        k.power,
        v.calendar.name(k.phase),
        text,
        k.mail_id,
        k.created
    ])?;
    Ok(())
}

/// Every block kept in game `game_id` (of `power` only, if given), in the
/// order they came.
pub fn all(conn: &Connection, v: &Variant, game_id: i64, power: Option<PowerId>) -> Result<Vec<Kept>, KeptError> {
    let rows: Vec<(i64, i64, String, String, Option<i64>)> = conn
        .prepare_cached("SELECT id, power, phase, lines, mail_id FROM later_orders WHERE game_id = ?1 AND (?2 IS NULL OR power = ?2) ORDER BY id")?
        .query_map(params![game_id, power], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?
        .collect::<rusqlite::Result<_>>()?;
    rows.into_iter()
        .map(|(id, power, phase, lines, mail_id)| {
            let bad = |what: String| KeptError::Row { id, what };
            let power = PowerId::try_from(power).ok().filter(|&p| (p as usize) < v.powers.len()).ok_or_else(|| bad(format!("power {power}")))?;
            let phase = v.calendar.parse(&phase).map_err(|e| bad(e.to_string()))?;
            let lines: Vec<String> = serde_json::from_str(&lines).map_err(|e| bad(e.to_string()))?;
            Ok(Kept { id, power, phase, lines, mail_id })
        })
        .collect()
}

/// Lines kept for `power`, all phases together (read as strictly as [`all`]).
pub fn lines_of(conn: &Connection, v: &Variant, game_id: i64, power: PowerId) -> Result<usize, KeptError> {
    Ok(all(conn, v, game_id, Some(power))?.iter().map(|k| k.lines.len()).sum())
}

/// Drops `power`'s kept blocks (of `phase` only, if given); how many lines went.
pub fn clear(conn: &Connection, v: &Variant, game_id: i64, power: PowerId, phase: Option<Phase>) -> Result<usize, KeptError> {
    let gone: Vec<Kept> = all(conn, v, game_id, Some(power))?.into_iter().filter(|k| phase.is_none_or(|p| p == k.phase)).collect();
    remove(conn, &gone.iter().map(|k| k.id).collect::<Vec<_>>())?;
    Ok(gone.iter().map(|k| k.lines.len()).sum())
}

/// Drops the blocks with these ids (used, or for a phase the game passed).
pub fn remove(conn: &Connection, ids: &[i64]) -> rusqlite::Result<()> {
    let mut st = conn.prepare_cached("DELETE FROM later_orders WHERE id = ?1")?;
    for id in ids {
        st.execute([id])?;
    }
    Ok(())
}
