//! A game's own row, read once strictly into typed values (its variant
//! resolved, its position and its ending read against it) and written back
//! from typed values: the store turns them into text and back, no one else.

use super::kinds::GameStatus;
use super::settings::{Settings, read_settings, settings_json};
use crate::adjudicate::Position;
use crate::contract::{position_from_json, position_to_json};
use crate::map::{PowerId, Variant};
use crate::variants::{Catalog, FindError};
use rusqlite::{Connection, OptionalExtension, params};
use std::sync::Arc;

/// What a game does once a phase, and marks as done for the phase it did it in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The phase's reminder is settled: sent, or none was due (the phase
    /// began inside its reminder window, see `play::deadline::reminder_time`).
    Reminded,
    /// The late powers and the table were told who is late (the first time
    /// in the phase's grace; they are told again daily, by `late_told`).
    LateNoticed,
    /// The master was told the game waits for them (the grace ended with
    /// orders missing and no defaults, or a deadline passed in a game the
    /// master processes): the game is off the deadline timer until the master
    /// acts or the deadline moves.
    WaitingForMaster,
}

impl Mark {
    const ALL: [Mark; 3] = [Mark::Reminded, Mark::LateNoticed, Mark::WaitingForMaster];

    fn bit(self) -> u8 {
        match self {
            Mark::Reminded => 1,
            Mark::LateNoticed => 2,
            Mark::WaitingForMaster => 4,
        }
    }
}

/// The marks of one phase (by its `seq`): a phase after it has none, so a
/// game's marks are over when it moves on, whatever moved it (a phase
/// processed, a rollback). Stored as the seq each mark was last made in
/// (`reminded`, `late_noticed`, `waiting_gm`: the seq when made, less when
/// not), which is what the deadline timer's query reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhaseMarks {
    seq: i64,
    set: u8,
}

impl PhaseMarks {
    /// Whether `m` was made in phase `seq`.
    pub fn has(&self, m: Mark, seq: i64) -> bool {
        self.seq == seq && self.set & m.bit() != 0
    }

    /// `m` made in phase `seq` (the marks of an earlier phase are over).
    pub fn set(&mut self, m: Mark, seq: i64) {
        if self.seq != seq {
            *self = PhaseMarks { seq, set: 0 };
        }
        self.set |= m.bit();
    }

    /// `m` undone in phase `seq` (made again when next due).
    pub fn clear(&mut self, m: Mark, seq: i64) {
        if self.seq == seq {
            self.set &= !m.bit();
        }
    }

    /// The column of `m` for phase `seq`: `seq` when made in it, else less.
    fn column(&self, m: Mark, seq: i64) -> i64 {
        if self.has(m, seq) { seq } else { seq - 1 }
    }

    /// The marks the columns hold for phase `seq` (the values of `Mark::ALL`'s
    /// columns, in its order), read strictly: a mark made in a phase after
    /// the current one is an error.
    fn read(seq: i64, columns: [i64; 3]) -> Result<PhaseMarks, RowFault> {
        let mut marks = PhaseMarks { seq, set: 0 };
        for (m, made) in Mark::ALL.into_iter().zip(columns) {
            if made > seq {
                return Err(RowFault::Mark { mark: m, made, seq });
            }
            if made == seq {
                marks.set |= m.bit();
            }
        }
        Ok(marks)
    }
}

/// How a finished game ended, as stored: the kind, the powers it names (by
/// name, so the record reads the same whatever the variant's power order),
/// and the phase it ended in.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndRecord {
    pub end: crate::end::EndKind,
    pub powers: Vec<String>,
    pub phase: Option<String>,
}

/// A game's end, read back: what happened and in which phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub end: crate::end::GameEnd,
    pub phase: Option<crate::phase::Phase>,
}

/// A stored end record that does not read.
#[derive(Debug, thiserror::Error)]
pub enum EndingError {
    #[error("not an end record: {0}")]
    NotARecord(serde_json::Error),
    #[error("unknown power `{0}`")]
    UnknownPower(String),
    /// The phase does not name one of the variant's.
    #[error(transparent)]
    Phase(#[from] crate::phase::PhaseError),
    /// The powers do not fit the kind of end.
    #[error(transparent)]
    Parts(#[from] crate::end::EndError),
}

impl Ending {
    /// The record of this end in `v`'s terms, as JSON.
    pub fn to_json(&self, v: &Variant) -> String {
        let r = EndRecord {
            end: self.end.kind(),
            powers: self.end.powers().iter().map(|&p| v.powers[p as usize].name.clone()).collect(),
            phase: self.phase.map(|p| v.calendar.name(p)),
        };
        serde_json::to_string(&r).unwrap_or_else(|e| unreachable!("an end record always serializes: {e}"))
    }

    /// Reads a record strictly: unknown kinds, fields, powers or phases are errors.
    pub fn from_json(v: &Variant, text: &str) -> Result<Ending, EndingError> {
        let r: EndRecord = serde_json::from_str(text).map_err(EndingError::NotARecord)?;
        let powers = r
            .powers
            .iter()
            .map(|n| v.powers.iter().position(|w| w.name == *n).map(|i| i as PowerId).ok_or_else(|| EndingError::UnknownPower(n.clone())))
            .collect::<Result<Vec<_>, _>>()?;
        let phase = r.phase.as_deref().map(|p| v.calendar.parse(p).map_err(EndingError::Phase)).transpose()?;
        let end = crate::end::GameEnd::from_parts(r.end, powers)?;
        Ok(Ending { end, phase })
    }
}

/// A stored position that does not read.
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    #[error("not JSON: {0}")]
    NotJson(serde_json::Error),
    /// Not a position of the variant (boxed: the contract's error is large).
    #[error(transparent)]
    Contract(Box<crate::contract::CaseError>),
}

/// A position as stored (the contract's JSON), read strictly.
pub fn read_position(v: &Variant, text: &str) -> Result<Position, PositionError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(PositionError::NotJson)?;
    position_from_json(v, &value).map_err(|e| PositionError::Contract(Box::new(e)))
}

/// A position as it is stored.
pub fn position_text(v: &Variant, pos: &Position) -> String {
    position_to_json(v, pos).to_string()
}

/// What of a game's row does not read.
#[derive(Debug, thiserror::Error)]
pub enum RowFault {
    #[error("stored position unreadable: {0}")]
    Position(PositionError),
    #[error("stored ending unreadable: {0}")]
    Ending(EndingError),
    #[error("{mark:?} stored as made in phase {made}, after the current one ({seq})")]
    Mark { mark: Mark, made: i64, seq: i64 },
}

/// Why a game's row could not be read: the judge's fault (a stored value
/// it cannot read, a variant gone), never a player's.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("game {game} (games row {id}): {fault}")]
    Unreadable { game: String, id: i64, fault: RowFault },
    #[error("game {game} (games row {id}): its variant: {source}")]
    Variant { game: String, id: i64, source: FindError },
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

/// A game's row, read strictly into typed values: what `game::load` makes a
/// game of (nothing else holds one).
pub struct Stored {
    pub id: i64,
    pub name: String,
    pub variant: Arc<Variant>,
    pub status: GameStatus,
    pub paused: bool,
    pub master_hash: String,
    pub master_email: String,
    pub settings: Settings,
    /// The current position (`None` until the game starts).
    pub position: Option<Position>,
    pub seq: i64,
    pub deadline: Option<i64>,
    pub grace_until: Option<i64>,
    pub marks: PhaseMarks,
    pub ready_since: Option<i64>,
    pub late_told: Option<i64>,
    pub not_before: Option<i64>,
    pub created: i64,
    /// How the game ended (`None`: not over, or over before schema version 6).
    pub ending: Option<Ending>,
    /// The sentence a game that ended before schema version 6 was told its
    /// end by: no typed ending was kept then, and it is all that is known.
    pub old_result: Option<String>,
}

/// A game's row to write, borrowed from the game: the store turns the
/// position and the ending into text.
pub struct Write<'a> {
    pub id: i64,
    pub name: &'a str,
    pub variant: &'a Variant,
    pub status: GameStatus,
    pub paused: bool,
    pub master_hash: &'a str,
    pub master_email: &'a str,
    pub settings: &'a Settings,
    pub position: Option<&'a Position>,
    pub seq: i64,
    pub deadline: Option<i64>,
    pub grace_until: Option<i64>,
    pub marks: PhaseMarks,
    pub ready_since: Option<i64>,
    pub late_told: Option<i64>,
    pub not_before: Option<i64>,
    pub created: i64,
    pub ending: Option<&'a Ending>,
    pub old_result: Option<&'a str>,
}

/// The columns as SQL returns them, before they are read.
struct Row {
    id: i64,
    name: String,
    variant: String,
    status: GameStatus,
    paused: bool,
    master_hash: String,
    master_email: String,
    settings: Settings,
    position: Option<String>,
    seq: i64,
    deadline: Option<i64>,
    grace_until: Option<i64>,
    marks: [i64; 3],
    ready_since: Option<i64>,
    late_told: Option<i64>,
    not_before: Option<i64>,
    created: i64,
    ending: Option<String>,
    result: Option<String>,
}

const GAME_COLS: &str = "id, name, variant, status, paused, master_hash, master_email, settings, position, seq, deadline, grace_until, reminded, late_noticed, waiting_gm, result, created, ending, ready_since, late_told, not_before";

fn row(r: &rusqlite::Row) -> rusqlite::Result<Row> {
    let settings: String = r.get(7)?;
    let name: String = r.get(1)?;
    let settings = read_settings(&name, &settings).map_err(|e| rusqlite::Error::FromSqlConversionFailure(7, rusqlite::types::Type::Text, Box::new(e)))?;
    Ok(Row {
        id: r.get(0)?,
        name,
        variant: r.get(2)?,
        status: r.get(3)?,
        paused: r.get(4)?,
        master_hash: r.get(5)?,
        master_email: r.get(6)?,
        settings,
        position: r.get(8)?,
        seq: r.get(9)?,
        deadline: r.get(10)?,
        grace_until: r.get(11)?,
        marks: [r.get(12)?, r.get(13)?, r.get(14)?],
        result: r.get(15)?,
        created: r.get(16)?,
        ending: r.get(17)?,
        ready_since: r.get(18)?,
        late_told: r.get(19)?,
        not_before: r.get(20)?,
    })
}

impl Row {
    /// The row read against its variant (found in `variants`).
    fn read(self, variants: &mut Catalog) -> Result<Stored, ReadError> {
        let (game, id) = (self.name.clone(), self.id);
        let variant = variants.get(&self.variant).map_err(|source| ReadError::Variant { game: game.clone(), id, source })?;
        let fault = |fault: RowFault| ReadError::Unreadable { game: game.clone(), id, fault };
        let position = self.position.as_deref().map(|t| read_position(&variant, t)).transpose().map_err(|e| fault(RowFault::Position(e)))?;
        let ending = self.ending.as_deref().map(|t| Ending::from_json(&variant, t)).transpose().map_err(|e| fault(RowFault::Ending(e)))?;
        let marks = PhaseMarks::read(self.seq, self.marks).map_err(fault)?;
        Ok(Stored {
            id,
            name: self.name,
            variant,
            status: self.status,
            paused: self.paused,
            master_hash: self.master_hash,
            master_email: self.master_email,
            settings: self.settings,
            position,
            seq: self.seq,
            deadline: self.deadline,
            grace_until: self.grace_until,
            marks,
            ready_since: self.ready_since,
            late_told: self.late_told,
            not_before: self.not_before,
            created: self.created,
            ending,
            old_result: self.result,
        })
    }
}

/// Game `id`, read.
pub fn by_id(conn: &Connection, variants: &mut Catalog, id: i64) -> Result<Stored, ReadError> {
    conn.prepare_cached(&format!("SELECT {GAME_COLS} FROM games WHERE id = ?1"))?.query_row([id], row)?.read(variants)
}

/// The game called `name` (case does not matter), if there is one, read.
pub fn by_name(conn: &Connection, variants: &mut Catalog, name: &str) -> Result<Option<Stored>, ReadError> {
    conn.prepare_cached(&format!("SELECT {GAME_COLS} FROM games WHERE name = ?1"))?.query_row([name], row).optional()?.map(|r| r.read(variants)).transpose()
}

/// Inserts a new game; returns its id.
pub fn insert(conn: &Connection, g: &Write) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO games (name, variant, status, master_hash, master_email, settings, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![g.name, g.variant.name, g.status, g.master_hash, g.master_email, settings_json(g.settings), g.created],
    )?;
    let id = conn.last_insert_rowid();
    save(conn, &Write { id, ..*g })?;
    Ok(id)
}

/// Changes the variant of forming game `id` (SET VARIANT; the caller has
/// made the settings fit it).
pub fn set_variant(conn: &Connection, id: i64, variant: &str) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE games SET variant = ?2 WHERE id = ?1 AND status = 'forming'")?.execute(params![id, variant])?;
    Ok(())
}

/// Writes a game's row.
pub fn save(conn: &Connection, g: &Write) -> rusqlite::Result<()> {
    let v = g.variant;
    let [reminded, late_noticed, waiting_gm] = Mark::ALL.map(|m| g.marks.column(m, g.seq));
    conn.prepare_cached(
        "UPDATE games SET status = ?2, paused = ?3, master_hash = ?4, master_email = ?5, settings = ?6, position = ?7, seq = ?8,
         deadline = ?9, grace_until = ?10, reminded = ?11, late_noticed = ?12, waiting_gm = ?13, result = ?14, ending = ?15,
         ready_since = ?16, late_told = ?17, not_before = ?18, rated = ?19 WHERE id = ?1",
    )?
    .execute(params![
        g.id,
        g.status,
        g.paused,
        g.master_hash,
        g.master_email,
        settings_json(g.settings),
        g.position.map(|p| position_text(v, p)),
        g.seq,
        g.deadline,
        g.grace_until,
        reminded,
        late_noticed,
        waiting_gm,
        g.old_result,
        g.ending.map(|e| e.to_json(v)),
        g.ready_since,
        g.late_told,
        g.not_before,
        g.settings.rated()
    ])?;
    Ok(())
}

/// A game as known without loading it: for LIST of a game that cannot be
/// loaded, a game set aside (it may not load), a webhook's master told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    pub id: i64,
    pub name: String,
    /// Its variant's name.
    pub variant: String,
    pub status: GameStatus,
    pub master_email: String,
}

const IDENTITY_COLS: &str = "id, name, variant, status, master_email";

fn identity(r: &rusqlite::Row) -> rusqlite::Result<Identity> {
    Ok(Identity { id: r.get(0)?, name: r.get(1)?, variant: r.get(2)?, status: r.get(3)?, master_email: r.get(4)? })
}

/// Game `id`, as known without loading it.
pub fn identity_of(conn: &Connection, id: i64) -> rusqlite::Result<Identity> {
    conn.prepare_cached(&format!("SELECT {IDENTITY_COLS} FROM games WHERE id = ?1"))?.query_row([id], identity)
}

/// The game called `name` (case does not matter), as known without loading it.
pub fn identity_named(conn: &Connection, name: &str) -> rusqlite::Result<Option<Identity>> {
    conn.prepare_cached(&format!("SELECT {IDENTITY_COLS} FROM games WHERE name = ?1"))?.query_row([name], identity).optional()
}

/// Every game, by name, as known without loading it.
pub fn identities(conn: &Connection) -> rusqlite::Result<Vec<Identity>> {
    conn.prepare_cached(&format!("SELECT {IDENTITY_COLS} FROM games ORDER BY name"))?.query_map([], identity)?.collect()
}

/// Whether a game is called `name` (case does not matter).
pub fn exists(conn: &Connection, name: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT 1 FROM games WHERE name = ?1")?.query_row([name], |_| Ok(())).optional().map(|o| o.is_some())
}

/// Sets game `id` aside (paused, off the deadline timer), without loading it.
pub fn pause(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE games SET paused = 1 WHERE id = ?1")?.execute([id])?;
    Ok(())
}

/// The webhooks of game `id` as its settings hold them now (read strictly).
pub fn webhooks_of(conn: &Connection, id: i64) -> rusqlite::Result<Vec<crate::store::values::Webhook>> {
    let (name, settings): (String, String) =
        conn.prepare_cached("SELECT name, settings FROM games WHERE id = ?1")?.query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let s = read_settings(&name, &settings).map_err(|e| rusqlite::Error::FromSqlConversionFailure(1, rusqlite::types::Type::Text, Box::new(e)))?;
    Ok(s.webhooks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::end::GameEnd;

    #[test]
    fn an_ending_is_stored_by_power_name_and_read_back_strictly() {
        let v = Variant::standard();
        let phase = v.calendar.parse("F1905M").unwrap();
        for end in [
            GameEnd::Solo(2),
            GameEnd::Alliance(vec![1, 2]),
            GameEnd::Draw(vec![0, 3, 6]),
            GameEnd::Concession(vec![5]),
            GameEnd::Terminated,
            GameEnd::NoMorePhases,
        ] {
            let e = Ending { end, phase: Some(phase) };
            let json = e.to_json(&v);
            assert_eq!(Ending::from_json(&v, &json).unwrap(), e, "{json}");
        }
        let solo = Ending { end: GameEnd::Solo(2), phase: Some(phase) }.to_json(&v);
        assert_eq!(solo, r#"{"end":"solo","powers":["FRANCE"],"phase":"F1905M"}"#);
        let bad = [
            r#"{"end":"victory","powers":["FRANCE"],"phase":"F1905M"}"#,
            r#"{"end":"solo","powers":["NARNIA"],"phase":"F1905M"}"#,
            r#"{"end":"solo","powers":["FRANCE","ITALY"],"phase":"F1905M"}"#,
            r#"{"end":"alliance","powers":["FRANCE"],"phase":"F1905M"}"#,
            r#"{"end":"terminated","powers":["FRANCE"],"phase":null}"#,
            r#"{"end":"solo","powers":["FRANCE"],"phase":"X1905M"}"#,
            r#"{"end":"solo","powers":["FRANCE"],"phase":"F1905M","extra":1}"#,
            "not json",
        ];
        for b in bad {
            assert!(Ending::from_json(&v, b).is_err(), "{b} should be refused");
        }
    }

    /// A game `demo` stored as row 7 of an in-memory database.
    fn stored() -> Connection {
        let conn = crate::store::open_memory().unwrap();
        let v = Variant::standard();
        let settings = read_settings("demo", r#"{"press":"grey","partial":false,"nmr":true,"movement":"48h","retreat":"24h","adjustment":"24h","grace_secs":86400,"reminder_secs":43200,"assignment":"preference"}"#).unwrap();
        let g = Write {
            id: 0,
            name: "demo",
            variant: &v,
            status: GameStatus::Active,
            paused: false,
            master_hash: "",
            master_email: "",
            settings: &settings,
            position: Some(&Position::initial(&v)),
            seq: 1,
            deadline: None,
            grace_until: None,
            marks: PhaseMarks::default(),
            ready_since: None,
            late_told: None,
            not_before: None,
            created: 0,
            ending: None,
            old_result: None,
        };
        let id = insert(&conn, &g).unwrap();
        conn.execute("UPDATE games SET id = 7 WHERE id = ?1", [id]).unwrap();
        conn
    }

    #[test]
    fn a_row_is_read_back_typed_and_a_value_that_cannot_be_read_names_the_game_and_row() {
        let conn = stored();
        let mut variants = Catalog::default();
        let g = by_id(&conn, &mut variants, 7).unwrap();
        assert_eq!(g.position, Some(Position::initial(&g.variant)));
        assert!(g.ending.is_none() && !g.marks.has(Mark::Reminded, 1));
        conn.execute("UPDATE games SET position = '{\"phase\":\"S1901M\"' WHERE id = 7", []).unwrap();
        let e = by_id(&conn, &mut variants, 7).err().expect("an unreadable position");
        assert!(matches!(e, ReadError::Unreadable { fault: RowFault::Position(_), .. }), "{e}");
        assert!(e.to_string().starts_with("game demo (games row 7): stored position unreadable: not JSON"), "{e}");
        let conn = stored();
        conn.execute(r#"UPDATE games SET ending = '{"end":"solo","powers":["NARNIA"],"phase":"F1905M"}' WHERE id = 7"#, []).unwrap();
        let e = by_id(&conn, &mut variants, 7).err().expect("an unreadable ending");
        assert!(e.to_string().contains("stored ending unreadable: unknown power `NARNIA`"), "{e}");
        // a mark made in a phase after the current one
        let conn = stored();
        conn.execute("UPDATE games SET reminded = 2 WHERE id = 7", []).unwrap();
        assert!(matches!(by_id(&conn, &mut variants, 7), Err(ReadError::Unreadable { fault: RowFault::Mark { mark: Mark::Reminded, made: 2, seq: 1 }, .. })));
        conn.execute("UPDATE games SET reminded = 1, waiting_gm = 1 WHERE id = 7", []).unwrap();
        let g = by_id(&conn, &mut variants, 7).unwrap();
        assert!(g.marks.has(Mark::Reminded, 1) && g.marks.has(Mark::WaitingForMaster, 1) && !g.marks.has(Mark::LateNoticed, 1));
    }
}
