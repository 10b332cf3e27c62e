//! Press as sent: who, to whom, the text, and the mail it came in; read back
//! for HISTORY and the archive.

use crate::map::{PowerId, Variant};
use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};

/// To whom a press message went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Everyone in the game (a broadcast); the game's list too.
    All,
    /// The master alone.
    Master,
    /// These powers (in the order written).
    Powers(Vec<PowerId>),
}

/// The stored form: powers by name, read back strictly.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AudienceRecord {
    to: AudienceKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    powers: Option<Vec<String>>,
}

#[derive(Serialize, Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum AudienceKind {
    All,
    Master,
    Powers,
}

impl Audience {
    pub fn to_json(&self, v: &Variant) -> String {
        let r = match self {
            Audience::All => AudienceRecord { to: AudienceKind::All, powers: None },
            Audience::Master => AudienceRecord { to: AudienceKind::Master, powers: None },
            Audience::Powers(ps) => AudienceRecord { to: AudienceKind::Powers, powers: Some(ps.iter().map(|&p| v.powers[p as usize].name.clone()).collect()) },
        };
        serde_json::to_string(&r).unwrap_or_else(|e| unreachable!("an audience always serializes: {e}"))
    }

    /// Reads an audience strictly: unknown kinds, fields or powers are errors.
    pub fn from_json(v: &Variant, text: &str) -> Result<Audience, String> {
        let r: AudienceRecord = serde_json::from_str(text).map_err(|e| format!("not a press audience: {e}"))?;
        Ok(match (r.to, r.powers) {
            (AudienceKind::All, None) => Audience::All,
            (AudienceKind::Master, None) => Audience::Master,
            (AudienceKind::Powers, Some(powers)) if !powers.is_empty() => Audience::Powers(
                powers
                    .iter()
                    .map(|n| v.powers.iter().position(|w| w.name == *n).map(|i| i as PowerId).ok_or_else(|| format!("unknown power `{n}`")))
                    .collect::<Result<_, _>>()?,
            ),
            _ => return Err(format!("not a press audience: {text}")),
        })
    }
}

/// One press message to record.
pub struct PressRow<'a> {
    pub game_id: i64,
    pub seq: i64,
    pub from_power: Option<PowerId>,
    /// The master wrote it for `from_power`.
    pub by_master: bool,
    /// To whom, as the players were shown it.
    pub recipients: &'a str,
    pub audience: &'a Audience,
    pub grey: bool,
    pub body: &'a str,
    pub mail_id: Option<i64>,
    pub created: i64,
}

pub fn insert(conn: &Connection, v: &Variant, p: &PressRow) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO press (game_id, seq, from_power, by_master, recipients, audience, grey, body, mail_id, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![p.game_id, p.seq, p.from_power, p.by_master, p.recipients, p.audience.to_json(v), p.grey, p.body, p.mail_id, p.created])?;
    Ok(())
}

/// One press message as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    /// The game's phase (seq) it was sent in.
    pub seq: i64,
    /// `None`: the master wrote it as the master.
    pub from_power: Option<PowerId>,
    pub by_master: bool,
    /// `None` for press stored before audiences were (schema 9): read as private.
    pub audience: Option<Audience>,
    pub grey: bool,
    pub body: String,
    pub created: i64,
}

/// A game's press sent in phases `seqs`, in the order sent, at most `limit`
/// messages and `max_bytes` bytes of bodies (the first ones: the message
/// that would pass either is left out with all after it);
/// `broadcasts_only`: press to everyone alone.
pub fn of_game(
    conn: &Connection,
    v: &Variant,
    game_id: i64,
    seqs: std::ops::RangeInclusive<i64>,
    broadcasts_only: bool,
    limit: usize,
    max_bytes: usize,
) -> rusqlite::Result<Vec<Stored>> {
    let mut st = conn.prepare_cached(
        "SELECT seq, from_power, by_master, audience, grey, body, created FROM press
         WHERE game_id = ?1 AND seq BETWEEN ?2 AND ?3 AND (?4 = 0 OR json_extract(audience, '$.to') = 'all') ORDER BY id LIMIT ?5",
    )?;
    let mut bytes = 0usize;
    let rows = st.query_map(params![game_id, seqs.start(), seqs.end(), broadcasts_only, limit as i64], |r| {
        let from_power: Option<i64> = r.get(1)?;
        let from_power = match from_power {
            Some(p) if (0..v.powers.len() as i64).contains(&p) => Some(p as PowerId),
            Some(p) => return Err(rusqlite::Error::FromSqlConversionFailure(1, rusqlite::types::Type::Integer, format!("no power {p} in {}", v.name).into())),
            None => None,
        };
        let audience: Option<String> = r.get(3)?;
        let audience = audience
            .map(|a| Audience::from_json(v, &a))
            .transpose()
            .map_err(|e| rusqlite::Error::FromSqlConversionFailure(3, rusqlite::types::Type::Text, e.into()))?;
        Ok(Stored { seq: r.get(0)?, from_power, by_master: r.get(2)?, audience, grey: r.get(4)?, body: r.get(5)?, created: r.get(6)? })
    })?;
    let mut out = Vec::new();
    for row in rows {
        let row = row?;
        bytes += row.body.len();
        if bytes > max_bytes {
            break;
        }
        out.push(row);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_audience_is_stored_by_power_name_and_read_back_strictly() {
        let v = Variant::standard();
        for a in [Audience::All, Audience::Master, Audience::Powers(vec![2, 0])] {
            assert_eq!(Audience::from_json(&v, &a.to_json(&v)), Ok(a.clone()));
        }
        assert_eq!(Audience::Powers(vec![2]).to_json(&v), r#"{"to":"powers","powers":["FRANCE"]}"#);
        for bad in [
            r#"{"to":"all","powers":["FRANCE"]}"#,
            r#"{"to":"powers"}"#,
            r#"{"to":"everyone"}"#,
            r#"{"to":"powers","powers":["NARNIA"]}"#,
            r#"{"to":"powers","powers":[]}"#,
            r#"{"to":"all","x":1}"#,
            "[]",
        ] {
            assert!(Audience::from_json(&v, bad).is_err(), "{bad} should be refused");
        }
    }
}
