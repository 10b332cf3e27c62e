//! Outgoing mail, queued in the same transaction as what caused it and sent
//! after the commit; marked sent as soon as the transport took it.

use rusqlite::{Connection, OptionalExtension, params};

/// What kind of mail this is (decides Auto-Submitted and List-Id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The answer to a player's mail.
    Reply,
    /// Anything else the judge sends on its own (press, notices, requests).
    Notice,
    /// A game's own scheduled mail to its table: results, reminders,
    /// deadlines, the start and the end. Counted against a game budget of
    /// its own, not the per-address byte budget (see `context::budget`).
    Game,
}

impl Kind {
    /// The word the outbox keeps.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Reply => "reply",
            Kind::Notice => "notice",
            Kind::Game => "game",
        }
    }

    /// The kind the outbox keeps as `w`.
    pub fn from_word(w: &str) -> Option<Kind> {
        [Kind::Reply, Kind::Notice, Kind::Game].into_iter().find(|k| k.as_str() == w)
    }
}

/// One outgoing mail, as stored in the outbox.
#[derive(Clone, Debug)]
pub struct OutMail {
    pub to: String,
    pub subject: String,
    pub body: String,
    pub message_id: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub list_id: Option<String>,
    /// The command that stops this mail (`UNOBSERVE game code` for a
    /// game's list), for its List-Unsubscribe; empty: none (a player's copy);
    /// `None`: `UNOBSERVE game` where the mail has a game's List-Id.
    pub unsubscribe: Option<String>,
    pub kind: Kind,
    /// Files sent with it (ids in the `attachments` table: one map is
    /// stored once for all the mails that carry it).
    pub attachments: Vec<i64>,
}

/// A file mailed with a text (a phase's map).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// The file name the recipient sees (the judge's own, never a sender's).
    pub name: String,
    /// Its media type: `image/png`, `image/svg+xml`.
    pub mime: String,
    pub data: Vec<u8>,
}

/// Bytes of a file once base64-encoded in lines of 76 (+ CRLF).
pub fn encoded(n: u64) -> u64 {
    n.div_ceil(3) * 4 * 78 / 76
}

/// How a queued mail counts against its mailbox's byte budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The mailbox it goes to (lowercase, without a `+tag`).
    pub mailbox: String,
    /// Its size with its attachments as sent (base64).
    pub bytes: u64,
    /// Which budget it counts against ([`NOT_COUNTED`], [`COUNTED`], [`GAME`], [`PRESS`]).
    pub counted: i64,
    /// The mailbox whose press this is (charged to its sender's budget).
    pub charged: Option<String>,
}

pub fn insert(conn: &Connection, m: &OutMail, game_id: Option<i64>, mail_id: Option<i64>, now: i64, c: &Counted) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO outbox (to_addr, subject, body, message_id, in_reply_to, refs, list_id, kind, game_id, mail_id, created, attachments, mailbox, bytes, counted, unsubscribe, charged)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
    )?
    .execute(params![
        m.to,
        m.subject,
        m.body,
        m.message_id,
        m.in_reply_to,
        m.references.join(" "),
        m.list_id,
        m.kind.as_str(),
        game_id,
        mail_id,
        now,
        serde_json::to_string(&m.attachments).unwrap_or_else(|e| unreachable!("integers serialize: {e}")),
        c.mailbox,
        c.bytes as i64,
        c.counted,
        m.unsubscribe,
        c.charged
    ])?;
    Ok(conn.last_insert_rowid())
}

/// Marks queued mail `id` held (since `now`) until its mailbox consents
/// (`store::consent::release`): no flush picks it before.
pub fn hold(conn: &Connection, id: i64, now: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE outbox SET held = ?1 WHERE id = ?2")?.execute(params![now, id])?;
    Ok(())
}

/// How a queued mail counts against its mailbox's budgets (the `counted` column).
pub const NOT_COUNTED: i64 = 0;
/// Counted against the byte budget of what nobody's game schedules.
pub const COUNTED: i64 = 1;
/// A game's own scheduled mail: counted against the (larger) game budget.
pub const GAME: i64 = 2;
/// Press from a player to another: counted against the recipient's share for
/// press (its replies keep the rest) and charged to its sender.
pub const PRESS: i64 = 3;

/// Bytes of press charged to `sender` (a mailbox) queued in `(since, now]`.
pub fn charged_used(conn: &Connection, sender: &str, since: i64, now: i64) -> rusqlite::Result<u64> {
    conn.prepare_cached("SELECT COALESCE(sum(bytes), 0) FROM outbox WHERE charged = ?1 AND charged IS NOT NULL AND created > ?2 AND created <= ?3")?
        .query_row(params![sender, since, now], |r| r.get::<_, i64>(0))
        .map(|n| n.max(0) as u64)
}

/// Bytes of mail counted as `counted` queued for `mailbox` after `since`
/// and not after `now` (rows from a clock that was ahead do not count).
pub fn budget_used(conn: &Connection, mailbox: &str, counted: i64, since: i64, now: i64) -> rusqlite::Result<u64> {
    conn.prepare_cached(BUDGET_USED)?.query_row(params![mailbox, counted, since, now], |r| r.get::<_, i64>(0)).map(|n| n.max(0) as u64)
}

/// The sum of a budget (`counted` is never [`NOT_COUNTED`]: the term
/// `counted > 0` lets SQLite use the partial index `outbox_budget`, which
/// holds the sizes: no row of the outbox is read).
const BUDGET_USED: &str = "SELECT COALESCE(sum(bytes), 0) FROM outbox WHERE mailbox = ?1 AND counted = ?2 AND counted > 0 AND created > ?3 AND created <= ?4";

/// The size of the files `ids` together, in bytes (as stored).
pub fn files_bytes(conn: &Connection, ids: &[i64]) -> rusqlite::Result<u64> {
    let mut st = conn.prepare_cached("SELECT COALESCE(length(data), 0) FROM attachments WHERE id = ?1")?;
    let mut n = 0u64;
    for id in ids {
        n += st.query_row([id], |r| r.get::<_, i64>(0)).optional()?.unwrap_or(0).max(0) as u64;
    }
    Ok(n)
}

/// Records that a master's command mailed game `game_id`'s whole table at `now`.
pub fn table_mail(conn: &Connection, game_id: i64, now: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT INTO table_mail (game_id, at) VALUES (?1, ?2)")?.execute(params![game_id, now])?;
    conn.prepare_cached("DELETE FROM table_mail WHERE game_id = ?1 AND at < ?2")?.execute(params![game_id, now - 86_400])?;
    Ok(())
}

/// Mailings of game `game_id`'s table caused by its master after `since`
/// and not after `now`, and the oldest of them.
pub fn table_mails_since(conn: &Connection, game_id: i64, since: i64, now: i64) -> rusqlite::Result<(i64, Option<i64>)> {
    conn.prepare_cached("SELECT count(*), min(at) FROM table_mail WHERE game_id = ?1 AND at > ?2 AND at <= ?3")?
        .query_row(params![game_id, since, now], |r| Ok((r.get(0)?, r.get(1)?)))
}

/// Mail due for sending at `now`, oldest first (at most `limit`).
pub fn due(conn: &Connection, now: i64, limit: usize) -> rusqlite::Result<Vec<(i64, OutMail)>> {
    let mut st = conn.prepare_cached(
        "SELECT id, to_addr, subject, body, message_id, in_reply_to, refs, list_id, kind, attachments, unsubscribe FROM outbox
         WHERE sent IS NULL AND gave_up IS NULL AND held IS NULL AND next_try <= ?1 ORDER BY id LIMIT ?2",
    )?;
    st.query_map(params![now, limit as i64], out_mail)?.collect()
}

/// A row of [`due`] or [`unsent`].
fn out_mail(r: &rusqlite::Row) -> rusqlite::Result<(i64, OutMail)> {
    let refs: String = r.get(6)?;
    let kind: String = r.get(8)?;
    let kind = Kind::from_word(&kind)
        .ok_or_else(|| rusqlite::Error::FromSqlConversionFailure(8, rusqlite::types::Type::Text, format!("`{kind}` is not an outbox kind").into()))?;
    let attachments: String = r.get(9)?;
    let attachments: Vec<i64> =
        serde_json::from_str(&attachments).map_err(|e| rusqlite::Error::FromSqlConversionFailure(9, rusqlite::types::Type::Text, Box::new(e)))?;
    Ok((
        r.get(0)?,
        OutMail {
            to: r.get(1)?,
            subject: r.get(2)?,
            body: r.get(3)?,
            message_id: r.get(4)?,
            in_reply_to: r.get(5)?,
            references: refs.split_whitespace().map(str::to_string).collect(),
            list_id: r.get(7)?,
            unsubscribe: r.get(10)?,
            kind,
            attachments,
        },
    ))
}

pub fn mark_sent(conn: &Connection, id: i64, now: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE outbox SET sent = ?1, attempts = attempts + 1 WHERE id = ?2")?.execute(params![now, id])?;
    Ok(())
}

/// (attempts so far, created) of a queued mail.
pub fn attempts(conn: &Connection, id: i64) -> rusqlite::Result<(i64, i64)> {
    conn.query_row("SELECT attempts, created FROM outbox WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
}

pub fn give_up(conn: &Connection, id: i64, now: i64, error: &str) -> rusqlite::Result<()> {
    conn.execute("UPDATE outbox SET attempts = attempts + 1, gave_up = ?1, last_error = ?2 WHERE id = ?3", params![now, error, id])?;
    Ok(())
}

pub fn retry_at(conn: &Connection, id: i64, at: i64, error: &str) -> rusqlite::Result<()> {
    conn.execute("UPDATE outbox SET attempts = attempts + 1, next_try = ?1, last_error = ?2 WHERE id = ?3", params![at, error, id])?;
    Ok(())
}

/// A queued mail's head: enough to choose which mail goes next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Head {
    pub id: i64,
    pub game_id: Option<i64>,
    pub kind: String,
    pub to: String,
}

/// The heads of the mail due at `now`, oldest first (at most `limit`).
pub fn due_heads(conn: &Connection, now: i64, limit: usize) -> rusqlite::Result<Vec<Head>> {
    conn.prepare_cached(
        "SELECT id, game_id, kind, to_addr FROM outbox WHERE sent IS NULL AND gave_up IS NULL AND held IS NULL AND next_try <= ?1 ORDER BY id LIMIT ?2",
    )?
    .query_map(params![now, limit as i64], |r| Ok(Head { id: r.get(0)?, game_id: r.get(1)?, kind: r.get(2)?, to: r.get(3)? }))?
    .collect()
}

/// Queued mail `id`, if it still waits to be sent.
pub fn unsent(conn: &Connection, id: i64) -> rusqlite::Result<Option<OutMail>> {
    let mut st = conn.prepare_cached(
        "SELECT id, to_addr, subject, body, message_id, in_reply_to, refs, list_id, kind, attachments, unsubscribe FROM outbox
         WHERE id = ?1 AND sent IS NULL AND gave_up IS NULL",
    )?;
    st.query_row([id], out_mail).optional().map(|m| m.map(|(_, m)| m))
}

/// When the next mail waiting for a retry after `now` is due, if any.
pub fn next_try_after(conn: &Connection, now: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT min(next_try) FROM outbox WHERE sent IS NULL AND gave_up IS NULL AND held IS NULL AND next_try > ?1")?
        .query_row([now], |r| r.get(0))
}

/// Whether mail is waiting (for a retry).
pub fn pending(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row("SELECT EXISTS (SELECT 1 FROM outbox WHERE sent IS NULL AND gave_up IS NULL AND held IS NULL)", [], |r| r.get(0))
}

/// Drops the bodies of mail sent (or given up) before `before`: the record of
/// what was sent, to whom and when stays; the outbox does not grow without end.
pub fn prune(conn: &Connection, before: i64) -> rusqlite::Result<usize> {
    conn.prepare_cached("UPDATE outbox SET body = '' WHERE body != '' AND ((sent IS NOT NULL AND sent < ?1) OR (gave_up IS NOT NULL AND gave_up < ?1))")?
        .execute([before])
}

/// A queued mail as stored, with what became of it (for reading the record
/// back: the tests and the keeper's tools).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Queued {
    pub id: i64,
    pub to_addr: String,
    pub subject: String,
    /// Emptied once pruned ([`prune`]).
    pub body: String,
    pub message_id: String,
    pub in_reply_to: Option<String>,
    /// [`Kind`]'s word (`reply`, `notice`, `results` ...).
    pub kind: String,
    pub created: i64,
    pub sent: Option<i64>,
    pub attempts: i64,
    pub next_try: i64,
    pub last_error: Option<String>,
    pub gave_up: Option<i64>,
    /// The files it carries (ids in the `attachments` table).
    pub attachments: Vec<i64>,
}

/// Every queued mail, oldest first.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Queued>> {
    conn.prepare_cached(
        "SELECT id, to_addr, subject, body, message_id, in_reply_to, kind, created, sent, attempts, next_try, last_error, gave_up, attachments FROM outbox ORDER BY id",
    )?
    .query_map([], |r| {
        let files: String = r.get(13)?;
        Ok(Queued {
            id: r.get(0)?,
            to_addr: r.get(1)?,
            subject: r.get(2)?,
            body: r.get(3)?,
            message_id: r.get(4)?,
            in_reply_to: r.get(5)?,
            kind: r.get(6)?,
            created: r.get(7)?,
            sent: r.get(8)?,
            attempts: r.get(9)?,
            next_try: r.get(10)?,
            last_error: r.get(11)?,
            gave_up: r.get(12)?,
            attachments: serde_json::from_str(&files)
                .map_err(|e| rusqlite::Error::FromSqlConversionFailure(13, rusqlite::types::Type::Text, Box::new(e)))?,
        })
    })?
    .collect()
}

/// Makes a waiting mail due at once (its next try now): the keeper's retry.
pub fn retry_now(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.execute("UPDATE outbox SET next_try = 0 WHERE id = ?1 AND sent IS NULL", [id]).map(|_| ())
}

#[cfg(test)]
mod tests {
    /// The per-mail checks read only an index, never the outbox's rows
    /// (their bodies spill to overflow pages): the plan SQLite picks says so.
    #[test]
    fn the_budget_and_the_reply_count_are_answered_from_indexes() {
        let c = crate::store::open_memory().unwrap();
        let plan = |sql: &str| -> String {
            let mut st = c.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
            let n = st.parameter_count();
            let args: Vec<rusqlite::types::Value> = (0..n).map(|_| rusqlite::types::Value::Integer(1)).collect();
            st.query_map(rusqlite::params_from_iter(args), |r| r.get::<_, String>(3)).unwrap().map(|r| r.unwrap()).collect::<Vec<_>>().join("; ")
        };
        let budget = plan(super::BUDGET_USED);
        assert!(budget.contains("USING COVERING INDEX outbox_budget"), "{budget}");
        let replies = plan(crate::store::mails::REPLIES_SINCE);
        assert!(replies.contains("USING COVERING INDEX outbox_to") && !replies.contains("USING INDEX"), "{replies}");
    }
}
