//! Units lent for a phase (njudge's proxy orders, `command::proxy`): in
//! game `game_id`'s phase `seq`, `owner`'s unit in `prov` is ordered by
//! `holder`. Read back strictly: a province the map lacks or a power the
//! variant lacks is an error with the row.

use crate::map::{PowerId, Prov, Variant};
use rusqlite::{Connection, params};

/// A unit lent, read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lent {
    pub prov: Prov,
    pub owner: PowerId,
    pub holder: PowerId,
}

/// A stored loan that does not read.
#[derive(Debug, thiserror::Error)]
pub enum LentError {
    #[error("proxy row ({prov}, {owner}, {holder}) of game {game_id} does not read")]
    Row { game_id: i64, prov: String, owner: i64, holder: i64 },
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

/// Lends `owner`'s unit in `prov` to `holder` for phase `seq` (replacing
/// an earlier loan of it).
pub fn lend(conn: &Connection, v: &Variant, game_id: i64, seq: i64, l: Lent, now: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT OR REPLACE INTO proxies (game_id, seq, prov, owner, holder, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?.execute(params![
        game_id,
        seq,
        v.code(l.prov),
        l.owner,
        l.holder,
        now
    ])?;
    Ok(())
}

/// Takes the loan of the unit in `prov` back; whether there was one.
pub fn take_back(conn: &Connection, v: &Variant, game_id: i64, seq: i64, prov: Prov) -> rusqlite::Result<bool> {
    Ok(conn.prepare_cached("DELETE FROM proxies WHERE game_id = ?1 AND seq = ?2 AND prov = ?3")?.execute(params![game_id, seq, v.code(prov)])? > 0)
}

/// The units lent in phase `seq`.
pub fn of_phase(conn: &Connection, v: &Variant, game_id: i64, seq: i64) -> Result<Vec<Lent>, LentError> {
    let rows: Vec<(String, i64, i64)> = conn
        .prepare_cached("SELECT prov, owner, holder FROM proxies WHERE game_id = ?1 AND seq = ?2 ORDER BY prov")?
        .query_map(params![game_id, seq], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    rows.into_iter()
        .map(|(prov, owner, holder)| {
            let power = |n: i64| PowerId::try_from(n).ok().filter(|&p| (p as usize) < v.powers.len());
            match (v.prov_by_code(&prov), power(owner), power(holder)) {
                (Some(prov), Some(owner), Some(holder)) => Ok(Lent { prov, owner, holder }),
                _ => Err(LentError::Row { game_id, prov, owner, holder }),
            }
        })
        .collect()
}
