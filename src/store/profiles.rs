//! Players' profiles (REGISTER, WHOIS): one a mailbox, shown to others only
//! when its owner chose `Public: yes`; and the forms that wait for their
//! address to prove itself (one a mailbox, kept with the hash of the code
//! that confirms it, never the code).

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

/// Where a pending form of `mailbox` is kept (the `kv` table).
fn pending_key(mailbox: &str) -> String {
    format!("profile-pending:{mailbox}")
}

/// Keeps `p` as the form that waits for its address's proof, confirmed by
/// the code whose hash is `code_hash` (a pending form of the same mailbox
/// before it is replaced).
pub fn save_pending(conn: &Connection, p: &Profile, code_hash: &str) -> rusqlite::Result<()> {
    let value = serde_json::json!({
        "code": code_hash, "address": p.address, "name": p.name, "fields": p.fields, "public": p.public, "at": p.updated,
    });
    crate::store::kv::set(conn, &pending_key(&p.mailbox), &value.to_string())
}

/// The pending form of `mailbox` that the code hashed `code_hash` confirms,
/// kept since `since` or later: taken out (it is the profile now, if the
/// caller saves it). A wrong code leaves it waiting.
pub fn take_pending(conn: &Connection, mailbox: &str, code_hash: &str, since: i64) -> rusqlite::Result<Option<Profile>> {
    let key = pending_key(mailbox);
    let Some(text) = crate::store::kv::get(conn, &key)? else { return Ok(None) };
    let bad = |e: String| rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, e.into());
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Pending {
        code: String,
        address: String,
        name: String,
        fields: Fields,
        public: bool,
        at: i64,
    }
    let p: Pending = serde_json::from_str(&text).map_err(|e| bad(format!("{key}: {e}")))?;
    if p.code != code_hash || p.at < since {
        return Ok(None);
    }
    crate::store::kv::delete(conn, &key)?;
    Ok(Some(Profile { mailbox: mailbox.to_string(), address: p.address, name: p.name, fields: p.fields, public: p.public, updated: p.at }))
}

/// Public profiles whose name contains `text` (any case), at most `max`, by name.
pub fn public_named(conn: &Connection, text: &str, max: usize) -> rusqlite::Result<Vec<Profile>> {
    let mut st = conn.prepare_cached(
        "SELECT mailbox, address, name, fields, public, updated FROM profiles WHERE public = 1 AND instr(lower(name), lower(?1)) > 0 ORDER BY name LIMIT ?2",
    )?;
    st.query_map(params![text, max as i64], read)?.collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(name: &str, at: i64) -> Profile {
        Profile { mailbox: "a@x.org".into(), address: "A@x.org".into(), name: name.into(), fields: Fields::default(), public: true, updated: at }
    }

    #[test]
    fn a_pending_form_is_taken_once_by_its_code_within_its_time() {
        let c = crate::store::open_memory().unwrap();
        save_pending(&c, &form("First", 100), "h1").unwrap();
        // a newer form replaces it
        save_pending(&c, &form("Second", 200), "h2").unwrap();
        assert_eq!(take_pending(&c, "a@x.org", "h1", 0).unwrap(), None, "the replaced form's code");
        assert_eq!(take_pending(&c, "a@x.org", "h2", 201).unwrap(), None, "too old");
        assert_eq!(take_pending(&c, "b@x.org", "h2", 0).unwrap(), None, "another mailbox");
        assert_eq!(take_pending(&c, "a@x.org", "h2", 200).unwrap().map(|p| p.name), Some("Second".into()));
        assert_eq!(take_pending(&c, "a@x.org", "h2", 0).unwrap(), None, "taken once");
        assert_eq!(of_mailbox(&c, "a@x.org").unwrap(), None, "nothing saved by taking it");
    }
}
