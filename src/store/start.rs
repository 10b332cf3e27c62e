//! The starting unit types powers chose before the first move (1885-III,
//! docs/RULES1885.md E3): one row per switched unit, read back strictly.

use crate::map::{PowerId, Prov, UnitType, Variant};
use rusqlite::{Connection, params};

/// A stored choice: `power` starts with a unit of type `kind` in `prov`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub power: PowerId,
    pub prov: Prov,
    pub kind: UnitType,
}

/// Replaces `power`'s choices in game `game_id` by `choices` (empty: the
/// map's types).
pub fn set(conn: &Connection, v: &Variant, game_id: i64, power: PowerId, choices: &[Choice], mail_id: Option<i64>, now: i64) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM start_choices WHERE game_id = ?1 AND power = ?2", params![game_id, power])?;
    let mut st = conn.prepare_cached("INSERT INTO start_choices (game_id, power, prov, kind, mail_id, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?;
    for c in choices {
        st.execute(params![game_id, c.power, v.code(c.prov), c.kind.letter().to_string(), mail_id, now])?;
    }
    Ok(())
}

/// Every power's choices in game `game_id`, in power and province order.
/// Strict: a row naming no province of the variant, or a type that is
/// neither `A` nor `F`, is an error with the row, never skipped.
pub fn all(conn: &Connection, v: &Variant, game_id: i64) -> anyhow::Result<Vec<Choice>> {
    let rows: Vec<(i64, String, String)> = conn
        .prepare_cached("SELECT power, prov, kind FROM start_choices WHERE game_id = ?1 ORDER BY power, prov")?
        .query_map([game_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    rows.into_iter()
        .map(|(power, prov, kind)| {
            let bad = || anyhow::anyhow!("game {game_id}: stored starting choice ({power}, {prov}, {kind}) cannot be read");
            let power = PowerId::try_from(power).ok().filter(|&p| (p as usize) < v.powers.len()).ok_or_else(bad)?;
            let prov = v.prov_by_code(&prov).ok_or_else(bad)?;
            let kind = match kind.as_str() {
                "A" => UnitType::Army,
                "F" => UnitType::Fleet,
                _ => return Err(bad()),
            };
            Ok(Choice { power, prov, kind })
        })
        .collect()
}
