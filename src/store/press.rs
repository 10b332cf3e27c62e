//! Press as sent: who, to whom, the text, and the mail it came in; read back
//! for HISTORY and the archive.

use crate::map::{PowerId, Variant};
use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};

/// To whom a press message went (or, faked, was said to go).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Everyone in the game (a broadcast): every power, the observers (and
    /// the game's list), the master.
    All,
    /// Some of them.
    Some(Recipients),
}

/// The powers (in the map's order), and whether the observers (and the
/// game's list) and the master, a press went to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recipients {
    pub powers: Vec<PowerId>,
    pub observers: bool,
    pub master: bool,
}

impl Recipients {
    /// The master alone.
    pub fn master() -> Recipients {
        Recipients { powers: Vec::new(), observers: false, master: true }
    }
    /// Whether it names nobody.
    pub fn is_empty(&self) -> bool {
        self.powers.is_empty() && !self.observers && !self.master
    }
}

/// The stored form: powers by name, read back strictly. `master` and
/// `powers` (powers alone) are how press was stored before observers and
/// the master could be among several recipients (schema 13).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AudienceRecord {
    to: AudienceKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    powers: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    observers: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    master: bool,
}

#[derive(Serialize, Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum AudienceKind {
    All,
    Master,
    Powers,
    Some,
}

impl Audience {
    /// The master alone.
    pub fn master() -> Audience {
        Audience::Some(Recipients::master())
    }

    /// Whether observers (and so HISTORY, and the game's list) read it.
    pub fn observers_read(&self) -> bool {
        match self {
            Audience::All => true,
            Audience::Some(r) => r.observers,
        }
    }

    /// Whether it went to the master alone.
    pub fn master_only(&self) -> bool {
        matches!(self, Audience::Some(r) if r.master && !r.observers && r.powers.is_empty())
    }

    pub fn to_json(&self, v: &Variant) -> String {
        let r = match self {
            Audience::All => AudienceRecord { to: AudienceKind::All, powers: None, observers: false, master: false },
            Audience::Some(r) => AudienceRecord {
                to: AudienceKind::Some,
                powers: (!r.powers.is_empty()).then(|| r.powers.iter().map(|&p| v.powers[p as usize].name.clone()).collect()),
                observers: r.observers,
                master: r.master,
            },
        };
        serde_json::to_string(&r).unwrap_or_else(|e| unreachable!("an audience always serializes: {e}"))
    }

    /// Reads an audience strictly: unknown kinds, fields or powers are errors.
    pub fn from_json(v: &Variant, text: &str) -> Result<Audience, AudienceError> {
        let r: AudienceRecord = serde_json::from_str(text).map_err(AudienceError::NotJson)?;
        let powers = |names: &[String]| -> Result<Vec<PowerId>, AudienceError> {
            names
                .iter()
                .map(|n| v.powers.iter().position(|w| w.name == *n).map(|i| i as PowerId).ok_or_else(|| AudienceError::UnknownPower(n.clone())))
                .collect()
        };
        let bad = || AudienceError::Malformed(text.to_string());
        Ok(match (r.to, r.powers, r.observers, r.master) {
            (AudienceKind::All, None, false, false) => Audience::All,
            (AudienceKind::Master, None, false, false) => Audience::master(),
            (AudienceKind::Powers, Some(ps), false, false) if !ps.is_empty() => {
                Audience::Some(Recipients { powers: powers(&ps)?, observers: false, master: false })
            }
            (AudienceKind::Some, ps, observers, master) => {
                let ps = ps.map(|ps| if ps.is_empty() { Err(bad()) } else { powers(&ps) }).transpose()?.unwrap_or_default();
                let r = Recipients { powers: ps, observers, master };
                if r.is_empty() {
                    return Err(bad());
                }
                Audience::Some(r)
            }
            _ => return Err(bad()),
        })
    }
}

/// A stored audience that does not read.
#[derive(Debug, thiserror::Error)]
pub enum AudienceError {
    #[error("not a press audience: {0}")]
    NotJson(serde_json::Error),
    #[error("unknown power `{0}`")]
    UnknownPower(String),
    #[error("not a press audience: {0}")]
    Malformed(String),
}

/// One press message to record.
pub struct PressRow<'a> {
    pub game_id: i64,
    pub seq: i64,
    pub from_power: Option<PowerId>,
    /// The master wrote it for `from_power`.
    pub by_master: bool,
    /// An observer wrote it (`from_power` is `None`).
    pub by_observer: bool,
    /// To whom, as the players were shown it.
    pub recipients: &'a str,
    pub audience: &'a Audience,
    /// Faked: the recipients the press named instead.
    pub shown: Option<&'a Audience>,
    pub grey: bool,
    /// Postal press: mailed with the results of phase `seq`.
    pub postal: bool,
    pub body: &'a str,
    pub mail_id: Option<i64>,
    pub created: i64,
}

pub fn insert(conn: &Connection, v: &Variant, p: &PressRow) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO press (game_id, seq, from_power, by_master, recipients, audience, shown, grey, postal, body, mail_id, created, observer)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?
    .execute(params![
        p.game_id,
        p.seq,
        p.from_power,
        p.by_master,
        p.recipients,
        p.audience.to_json(v),
        p.shown.map(|a| a.to_json(v)),
        p.grey,
        p.postal,
        p.body,
        p.mail_id,
        p.created,
        p.by_observer
    ])?;
    Ok(())
}

/// One press message as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    /// The game's phase (seq) it was sent in.
    pub seq: i64,
    /// `None`: the master wrote it as the master, or an observer.
    pub from_power: Option<PowerId>,
    pub by_master: bool,
    pub by_observer: bool,
    /// `None` for press stored before audiences were (schema 9): read as private.
    pub audience: Option<Audience>,
    /// Faked: the recipients it named instead.
    pub shown: Option<Audience>,
    pub grey: bool,
    pub postal: bool,
    pub body: String,
    pub created: i64,
}

/// Which of a game's press [`of_game`] reads.
pub struct Query {
    /// The phases (seqs) it was sent in.
    pub seqs: std::ops::RangeInclusive<i64>,
    /// Press observers read (and so HISTORY, while the game runs) alone.
    pub observers_only: bool,
    /// Postal press of this phase (seq) and after is not out yet: left out.
    pub postal_from: i64,
    /// At most this many messages ...
    pub limit: usize,
    /// ... and this many bytes of bodies (the first ones: the message that
    /// would pass either is left out with all after it).
    pub max_bytes: usize,
}

fn power_column(v: &Variant, p: Option<i64>) -> rusqlite::Result<Option<PowerId>> {
    match p {
        Some(p) if (0..v.powers.len() as i64).contains(&p) => Ok(Some(p as PowerId)),
        Some(p) => Err(rusqlite::Error::FromSqlConversionFailure(1, rusqlite::types::Type::Integer, format!("no power {p} in {}", v.name).into())),
        None => Ok(None),
    }
}

fn audience_column(v: &Variant, i: usize, a: Option<String>) -> rusqlite::Result<Option<Audience>> {
    a.map(|a| Audience::from_json(v, &a)).transpose().map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e)))
}

/// A game's press as `q` asks, in the order sent.
pub fn of_game(conn: &Connection, v: &Variant, game_id: i64, q: &Query) -> rusqlite::Result<Vec<Stored>> {
    let mut st = conn.prepare_cached(
        "SELECT seq, from_power, by_master, audience, shown, grey, postal, body, created, observer FROM press
         WHERE game_id = ?1 AND seq BETWEEN ?2 AND ?3
           AND (?4 = 0 OR json_extract(audience, '$.to') = 'all' OR json_extract(audience, '$.observers') = 1)
           AND (postal = 0 OR seq < ?6)
         ORDER BY id LIMIT ?5",
    )?;
    let mut bytes = 0usize;
    let rows = st.query_map(params![game_id, q.seqs.start(), q.seqs.end(), q.observers_only, q.limit as i64, q.postal_from], |r| {
        Ok(Stored {
            seq: r.get(0)?,
            from_power: power_column(v, r.get(1)?)?,
            by_master: r.get(2)?,
            audience: audience_column(v, 3, r.get(3)?)?,
            shown: audience_column(v, 4, r.get(4)?)?,
            grey: r.get(5)?,
            postal: r.get(6)?,
            body: r.get(7)?,
            created: r.get(8)?,
            by_observer: r.get(9)?,
        })
    })?;
    let mut out = Vec::new();
    for row in rows {
        let row = row?;
        bytes += row.body.len();
        if bytes > q.max_bytes {
            break;
        }
        out.push(row);
    }
    Ok(out)
}

/// The postal press of phase `seq` of a game, in the order sent (to be
/// mailed with that phase's results).
pub fn postal_of(conn: &Connection, v: &Variant, game_id: i64, seq: i64) -> rusqlite::Result<Vec<Stored>> {
    let q = Query { seqs: seq..=seq, observers_only: false, postal_from: seq + 1, limit: usize::MAX >> 1, max_bytes: usize::MAX };
    Ok(of_game(conn, v, game_id, &q)?.into_iter().filter(|p| p.postal).collect())
}

/// How many broadcasts (press to everyone, not postal) the player of
/// `power` wrote in phase `seq` of a game (the master's for it not counted):
/// njudge's SET TOUCH PRESS allows one.
pub fn broadcasts_of(conn: &Connection, game_id: i64, seq: i64, power: PowerId) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT count(*) FROM press WHERE game_id = ?1 AND seq = ?2 AND from_power = ?3 AND by_master = 0 AND postal = 0
           AND json_extract(audience, '$.to') = 'all'",
        params![game_id, seq, power],
        |r| r.get(0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_audience_is_stored_by_power_name_and_read_back_strictly() {
        let v = Variant::standard();
        let some = |powers: Vec<PowerId>, observers, master| Audience::Some(Recipients { powers, observers, master });
        for a in [Audience::All, Audience::master(), some(vec![2, 0], false, false), some(vec![2], true, true), some(vec![], true, false)] {
            assert_eq!(Audience::from_json(&v, &a.to_json(&v)).unwrap(), a.clone());
        }
        assert_eq!(some(vec![2], false, false).to_json(&v), r#"{"to":"some","powers":["FRANCE"]}"#);
        assert_eq!(some(vec![2], true, true).to_json(&v), r#"{"to":"some","powers":["FRANCE"],"observers":true,"master":true}"#);
        // as stored before schema 13
        assert_eq!(Audience::from_json(&v, r#"{"to":"powers","powers":["FRANCE"]}"#).unwrap(), some(vec![2], false, false));
        assert_eq!(Audience::from_json(&v, r#"{"to":"master"}"#).unwrap(), Audience::master());
        for bad in [
            r#"{"to":"all","powers":["FRANCE"]}"#,
            r#"{"to":"powers"}"#,
            r#"{"to":"everyone"}"#,
            r#"{"to":"powers","powers":["NARNIA"]}"#,
            r#"{"to":"powers","powers":[]}"#,
            r#"{"to":"all","x":1}"#,
            r#"{"to":"some"}"#,
            r#"{"to":"some","powers":[]}"#,
            r#"{"to":"all","observers":true}"#,
            r#"{"to":"powers","powers":["FRANCE"],"master":true}"#,
            "[]",
        ] {
            assert!(Audience::from_json(&v, bad).is_err(), "{bad} should be refused");
        }
    }
}
