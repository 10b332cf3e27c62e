//! Players' profiles (REGISTER, WHOIS): one a mailbox, shown to others only
//! when its owner chose `Public: yes`.

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

/// The optional lines of a profile (njudge's registration form, kept small).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fields {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
}

/// A profile as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The mailbox it belongs to (`crate::mail::mailbox_key`).
    pub mailbox: String,
    /// The address it was registered from, as written.
    pub address: String,
    pub name: String,
    pub fields: Fields,
    /// Whether others may see it (WHOIS, WHOGAME).
    pub public: bool,
    pub updated: i64,
}

fn read(r: &rusqlite::Row) -> rusqlite::Result<Profile> {
    let text: String = r.get(3)?;
    let fields = serde_json::from_str(&text).map_err(|e| rusqlite::Error::FromSqlConversionFailure(3, rusqlite::types::Type::Text, Box::new(e)))?;
    Ok(Profile { mailbox: r.get(0)?, address: r.get(1)?, name: r.get(2)?, fields, public: r.get(4)?, updated: r.get(5)? })
}

/// Registers (or replaces) the profile of `p.mailbox`.
pub fn save(conn: &Connection, p: &Profile) -> rusqlite::Result<()> {
    let fields = serde_json::to_string(&p.fields).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
    conn.execute(
        "INSERT INTO profiles (mailbox, address, name, fields, public, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (mailbox) DO UPDATE SET address = excluded.address, name = excluded.name, fields = excluded.fields, public = excluded.public, updated = excluded.updated",
        params![p.mailbox, p.address, p.name, fields, p.public, p.updated],
    )?;
    Ok(())
}

/// The profile of a mailbox, public or not.
pub fn of_mailbox(conn: &Connection, mailbox: &str) -> rusqlite::Result<Option<Profile>> {
    conn.query_row("SELECT mailbox, address, name, fields, public, updated FROM profiles WHERE mailbox = ?1", [mailbox], read).optional()
}

/// Public profiles whose name contains `text` (any case), at most `max`, by name.
pub fn public_named(conn: &Connection, text: &str, max: usize) -> rusqlite::Result<Vec<Profile>> {
    let mut st = conn.prepare_cached(
        "SELECT mailbox, address, name, fields, public, updated FROM profiles WHERE public = 1 AND instr(lower(name), lower(?1)) > 0 ORDER BY name LIMIT ?2",
    )?;
    st.query_map(params![text, max as i64], read)?.collect()
}
