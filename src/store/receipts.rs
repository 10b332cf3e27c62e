//! The secret that seals a power's receipts for one phase (docs/RECEIPTS.md):
//! 32 hex digits drawn once for a game, phase (its `seq`) and power, the first
//! time a reply lists that power's orders or the phase is processed, and told
//! only in the phase's results. Read back strictly: a stored nonce that is not
//! 32 lower-case hex digits, or a power the variant lacks, is an error.

use crate::map::{PowerId, Variant};
use rusqlite::{Connection, OptionalExtension, params};

/// The digits of a nonce.
pub const NONCE_DIGITS: usize = 32;

/// A stored nonce that does not read, or the database's error.
#[derive(Debug, thiserror::Error)]
pub enum NonceError {
    #[error("receipt nonce of game {game_id}, seq {seq}, power {power}: `{text}` is not {NONCE_DIGITS} lower-case hex digits")]
    Unreadable { game_id: i64, seq: i64, power: i64, text: String },
    #[error("receipt nonce of game {game_id}, seq {seq}: power {power} is not one of the variant's")]
    Power { game_id: i64, seq: i64, power: i64 },
    #[error("no randomness for a receipt nonce: {0}")]
    Random(getrandom::Error),
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

fn readable(text: &str) -> bool {
    text.len() == NONCE_DIGITS && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

fn drawn() -> Result<String, NonceError> {
    let mut bytes = [0u8; NONCE_DIGITS / 2];
    getrandom::fill(&mut bytes).map_err(NonceError::Random)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// `power`'s nonce for the phase `seq` of the game, drawn and kept if it has none yet.
pub fn nonce(conn: &Connection, game_id: i64, seq: i64, power: PowerId) -> Result<String, NonceError> {
    let kept: Option<String> = conn
        .query_row("SELECT nonce FROM receipt_nonces WHERE game_id = ?1 AND seq = ?2 AND power = ?3", params![game_id, seq, power], |r| r.get(0))
        .optional()?;
    match kept {
        Some(text) if readable(&text) => Ok(text),
        Some(text) => Err(NonceError::Unreadable { game_id, seq, power: power.into(), text }),
        None => {
            let fresh = drawn()?;
            conn.execute("INSERT INTO receipt_nonces (game_id, seq, power, nonce) VALUES (?1, ?2, ?3, ?4)", params![game_id, seq, power, fresh])?;
            Ok(fresh)
        }
    }
}

/// Every nonce kept for the phase `seq` of the game, by power.
pub fn of_phase(conn: &Connection, v: &Variant, game_id: i64, seq: i64) -> Result<Vec<(PowerId, String)>, NonceError> {
    let mut st = conn.prepare_cached("SELECT power, nonce FROM receipt_nonces WHERE game_id = ?1 AND seq = ?2 ORDER BY power")?;
    let rows = st.query_map(params![game_id, seq], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
    let mut out = Vec::new();
    for row in rows {
        let (power, text) = row?;
        let p = PowerId::try_from(power).ok().filter(|&p| (p as usize) < v.powers.len()).ok_or(NonceError::Power { game_id, seq, power })?;
        if !readable(&text) {
            return Err(NonceError::Unreadable { game_id, seq, power, text });
        }
        out.push((p, text));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(conn: &Connection) -> i64 {
        conn.execute("INSERT INTO games (name, variant, status, master_hash, master_email, settings, created) VALUES ('demo', 'standard', 'active', 'x', 'gm@example.test', '{}', 0)", []).unwrap();
        conn.last_insert_rowid()
    }

    #[test]
    fn a_nonce_is_drawn_once_per_phase_and_power_and_read_back_strictly() {
        let conn = crate::store::open_memory().unwrap();
        let v = Variant::builtin("standard").unwrap();
        let g = game(&conn);
        let a = nonce(&conn, g, 1, 2).unwrap();
        assert!(readable(&a), "{a}");
        assert_eq!(nonce(&conn, g, 1, 2).unwrap(), a, "kept");
        let b = nonce(&conn, g, 1, 3).unwrap();
        let c = nonce(&conn, g, 2, 2).unwrap();
        assert!(a != b && a != c, "each power and phase its own");
        assert_eq!(of_phase(&conn, &v, g, 1).unwrap(), vec![(2, a.clone()), (3, b)]);
        conn.execute("UPDATE receipt_nonces SET nonce = 'ABC' WHERE power = 3", []).unwrap();
        assert!(matches!(nonce(&conn, g, 1, 3), Err(NonceError::Unreadable { .. })));
        assert!(matches!(of_phase(&conn, &v, g, 1), Err(NonceError::Unreadable { .. })));
        conn.execute("UPDATE receipt_nonces SET nonce = ?1, power = 9 WHERE power = 3", [&a]).unwrap();
        assert!(matches!(of_phase(&conn, &v, g, 1), Err(NonceError::Power { power: 9, .. })));
    }
}
