//! SQLite storage: schema, migrations and connection settings.
//!
//! One file, WAL journal, foreign keys on. The schema version lives in
//! `PRAGMA user_version`; [`MIGRATIONS`] are applied in order, each in its own
//! transaction, so an old database is brought forward on open.
//!
//! What is kept: every inbound mail raw (`mails`), every order version with the
//! mail it came from (`orders`), every phase's position, results and report
//! (`phases`), press (`press`), and every outgoing mail (`outbox`).

pub mod attachments;
pub mod auth;
pub mod consent;
pub mod dedication;
pub mod diary;
pub mod disorder;
pub mod games;
pub mod kv;
pub mod later;
pub mod mails;
pub mod orders;
pub mod outbox;
pub mod phases;
pub mod press;
pub mod profiles;
pub mod proxies;
pub mod receipts;
pub mod records;
pub mod start;
pub mod timeline;
pub mod values;
pub mod webhooks;

use rusqlite::Connection;
use std::path::Path;

/// Schema migrations; index + 1 is the version each one brings the database to.
pub const MIGRATIONS: &[&str] = &[
    // 1: the first schema
    r#"
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        variant TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('forming', 'active', 'finished')),
        paused INTEGER NOT NULL DEFAULT 0,
        master_hash TEXT NOT NULL,
        master_email TEXT NOT NULL,
        settings TEXT NOT NULL,
        position TEXT,
        seq INTEGER NOT NULL DEFAULT 0,
        deadline INTEGER,
        grace_until INTEGER,
        reminded INTEGER NOT NULL DEFAULT -1,
        late_noticed INTEGER NOT NULL DEFAULT -1,
        waiting_gm INTEGER NOT NULL DEFAULT -1,
        result TEXT,
        created INTEGER NOT NULL
    );
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('player', 'observer')),
        power INTEGER,
        email TEXT NOT NULL,
        pw_hash TEXT,
        preference TEXT,
        wait INTEGER NOT NULL DEFAULT 0,
        draw TEXT,
        concede INTEGER,
        absences TEXT NOT NULL DEFAULT '[]',
        status TEXT NOT NULL DEFAULT 'active',
        joined INTEGER NOT NULL
    );
    CREATE INDEX players_game ON players(game_id);
    CREATE TABLE mails (
        id INTEGER PRIMARY KEY,
        message_id TEXT NOT NULL UNIQUE,
        sender TEXT NOT NULL,
        subject TEXT,
        raw BLOB NOT NULL,
        received INTEGER NOT NULL,
        outcome TEXT NOT NULL
    );
    CREATE INDEX mails_sender ON mails(sender, received);
    CREATE TABLE orders (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        power INTEGER NOT NULL,
        key TEXT NOT NULL,
        text TEXT NOT NULL,
        active INTEGER NOT NULL,
        mail_id INTEGER REFERENCES mails(id),
        created INTEGER NOT NULL
    );
    CREATE INDEX orders_current ON orders(game_id, seq, active, power);
    CREATE TABLE phases (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        phase TEXT NOT NULL,
        position TEXT NOT NULL,
        results TEXT NOT NULL,
        report TEXT NOT NULL,
        processed INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE press (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        from_power INTEGER,
        recipients TEXT NOT NULL,
        grey INTEGER NOT NULL,
        body TEXT NOT NULL,
        mail_id INTEGER REFERENCES mails(id),
        created INTEGER NOT NULL
    );
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        to_addr TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        message_id TEXT NOT NULL UNIQUE,
        in_reply_to TEXT,
        refs TEXT NOT NULL DEFAULT '',
        list_id TEXT,
        kind TEXT NOT NULL,
        game_id INTEGER,
        mail_id INTEGER REFERENCES mails(id),
        created INTEGER NOT NULL,
        sent INTEGER,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_try INTEGER NOT NULL DEFAULT 0,
        last_error TEXT
    );
    CREATE INDEX outbox_unsent ON outbox(sent, next_try);
    "#,
    // 2: outbox give-up, and the transports' state (IMAP UIDVALIDITY and last UID)
    r#"
    ALTER TABLE outbox ADD COLUMN gave_up INTEGER;
    CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    "#,
    // 3: intake. A mail is known by its Message-ID *and* its content: `message_id`
    // is no longer UNIQUE alone (a corrected mail that reuses a Message-ID is a new
    // mail), `content_hash` is the SHA-256 (hex) of the mail as stored, passwords
    // redacted (NULL for mails stored before: they match any content, as before).
    // `handled` is when the mail was handled (answered or failed; NULL for ignored
    // and deferred mail): what the per-sender rate limit counts. SQLite cannot drop
    // a column's UNIQUE, so the table is rebuilt (ids kept, so orders, press and
    // outbox still point at their mails; `migrate` turns foreign keys off for this).
    // `outbox_to` serves the per-address reply limit.
    r#"
    CREATE TABLE mails_new (
        id INTEGER PRIMARY KEY,
        message_id TEXT NOT NULL,
        sender TEXT NOT NULL,
        subject TEXT,
        raw BLOB NOT NULL,
        received INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        content_hash TEXT,
        handled INTEGER
    );
    INSERT INTO mails_new (id, message_id, sender, subject, raw, received, outcome, handled)
        SELECT id, message_id, sender, subject, raw, received, outcome,
               CASE WHEN outcome = 'answered' OR outcome LIKE 'failed:%' THEN received END
        FROM mails;
    DROP TABLE mails;
    ALTER TABLE mails_new RENAME TO mails;
    CREATE INDEX mails_sender ON mails(sender, received);
    CREATE INDEX mails_handled ON mails(sender, handled) WHERE handled IS NOT NULL;
    CREATE UNIQUE INDEX mails_key ON mails(message_id, content_hash);
    CREATE INDEX mails_deferred ON mails(sender, id) WHERE outcome = 'deferred';
    CREATE INDEX outbox_to ON outbox(to_addr, created);
    "#,
    // 4: failed password checks per seat (the sign-on throttle)
    r#"
    CREATE TABLE auth_failures (seat TEXT NOT NULL, at INTEGER NOT NULL);
    CREATE INDEX auth_failures_seat ON auth_failures(seat, at);
    "#,
    // 5: orders kept as typed JSON (store::records), read back strictly; `text`
    // stays as the canonical text players are shown
    r#"
    ALTER TABLE orders ADD COLUMN record TEXT;
    "#,
    // 6: how a finished game ended, typed (store::games::EndRecord), beside
    // `result`, the sentence players were shown; NULL for games that ended
    // before this version (their sentence is all that is known)
    r#"
    ALTER TABLE games ADD COLUMN ending TEXT;
    "#,
    // 7: votes that name several powers (store::games::Player): a concession
    // to a coalition and an alliance vote, each a JSON array of power numbers;
    // a concession to one power becomes an array of one
    r#"
    ALTER TABLE players ADD COLUMN ally TEXT;
    ALTER TABLE players ADD COLUMN conceded TEXT;
    UPDATE players SET conceded = json_array(concede) WHERE concede IS NOT NULL;
    ALTER TABLE players DROP COLUMN concede;
    ALTER TABLE players RENAME COLUMN conceded TO concede;
    "#,
    // 8: the starting unit types a power chose before the first move
    // (store::start; docs/RULES1885.md E3): one row per province whose unit
    // the power starts as the other type than the map's, `kind` the type
    // chosen ('A' or 'F'); no row, the map's type
    r#"
    CREATE TABLE start_choices (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        power INTEGER NOT NULL,
        prov TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('A', 'F')),
        mail_id INTEGER REFERENCES mails(id),
        created INTEGER NOT NULL,
        PRIMARY KEY (game_id, power, prov)
    );
    "#,
    // 9: the record. ROLLBACK keeps what it undoes: a phase it replaces stays,
    // marked `undone` (when) and `branch` (the game's nth rollback; 0 on the
    // game's line), so `phases` is rebuilt without its (game_id, seq) key, a
    // partial unique index keeping one phase a seq on the line. Who played
    // when: `players.seated` (when a takeover took the seat; NULL for a seat
    // taken before the start) and `players.left` (resigned or ejected).
    // `players.map`: results mails carry the map (SET NO MAP clears it).
    // `press.audience`: to whom, typed (store::press::Audience as JSON; NULL
    // for press stored before, read as private); `press.by_master`: the master
    // wrote it for a power. `attachments`: files mailed with outgoing mail
    // (a phase's map), shared by the outbox rows that name them.
    r#"
    CREATE TABLE phases_new (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        phase TEXT NOT NULL,
        position TEXT NOT NULL,
        results TEXT NOT NULL,
        report TEXT NOT NULL,
        processed INTEGER NOT NULL,
        undone INTEGER,
        branch INTEGER NOT NULL DEFAULT 0,
        CHECK ((undone IS NULL) = (branch = 0))
    );
    INSERT INTO phases_new (game_id, seq, phase, position, results, report, processed)
        SELECT game_id, seq, phase, position, results, report, processed FROM phases ORDER BY game_id, seq;
    DROP TABLE phases;
    ALTER TABLE phases_new RENAME TO phases;
    CREATE UNIQUE INDEX phases_line ON phases(game_id, seq) WHERE undone IS NULL;
    CREATE INDEX phases_branch ON phases(game_id, branch, seq);
    ALTER TABLE players ADD COLUMN seated INTEGER;
    ALTER TABLE players ADD COLUMN left INTEGER;
    ALTER TABLE players ADD COLUMN map INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE press ADD COLUMN audience TEXT;
    ALTER TABLE press ADD COLUMN by_master INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX press_game ON press(game_id, seq);
    CREATE TABLE attachments (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        mime TEXT NOT NULL,
        data BLOB NOT NULL,
        created INTEGER NOT NULL
    );
    ALTER TABLE outbox ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
    "#,
    // 10: posts to a game's webhooks (Discord, Discourse), queued with the
    // phase like mail and sent after the commit with the same retries and
    // give-up (store::webhooks): `target` the webhook (publish::Webhook as
    // JSON, its key included), `content` the text of one post
    r#"
    CREATE TABLE webhook_out (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        url TEXT NOT NULL,
        target TEXT NOT NULL,
        content TEXT NOT NULL,
        created INTEGER NOT NULL,
        sent INTEGER,
        gave_up INTEGER,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_try INTEGER NOT NULL DEFAULT 0,
        last_error TEXT
    );
    CREATE INDEX webhook_out_due ON webhook_out(sent, gave_up, next_try);
    "#,
    // 11: the byte budget per mailbox (context::budget): each queued mail's
    // mailbox (lowercase, without a +tag), its size with its attachments, and
    // which budget it counts against (none, the budget, a game's own); the mailings
    // of a whole table that a game's master caused (rate-limited per game);
    // a seat's new address waiting for the code mailed there (SET ADDRESS;
    // `seat` a player's id, NULL the master's)
    r#"
    ALTER TABLE outbox ADD COLUMN mailbox TEXT;
    ALTER TABLE outbox ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE outbox ADD COLUMN counted INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE outbox ADD COLUMN unsubscribe TEXT;
    CREATE INDEX outbox_budget ON outbox(mailbox, counted, created) WHERE counted > 0;
    CREATE TABLE table_mail (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, at INTEGER NOT NULL);
    CREATE INDEX table_mail_game ON table_mail(game_id, at);
    CREATE TABLE address_moves (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER,
        address TEXT NOT NULL,
        code TEXT NOT NULL,
        requested INTEGER NOT NULL
    );
    "#,
    // 12: indexes that answer the per-mail checks without reading the
    // outbox's rows (whose bodies spill to overflow pages, read for every
    // column after them): the byte budget's sum, and the replies an address
    // had (the reply throttle)
    r#"
    DROP INDEX outbox_budget;
    CREATE INDEX outbox_budget ON outbox(mailbox, counted, created, bytes) WHERE counted > 0;
    DROP INDEX outbox_to;
    CREATE INDEX outbox_to ON outbox(to_addr, created, kind, mail_id);
    "#,
    // 13: civil disorder (the powers in it, from which phase, why) and each
    // seated player's record of phases on time, late and missed
    r#"
    CREATE TABLE disorder (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        power INTEGER NOT NULL,
        since TEXT NOT NULL,
        cause TEXT NOT NULL CHECK (cause IN ('vacant', 'missed', 'master')),
        PRIMARY KEY (game_id, power)
    );
    CREATE TABLE records_of_play (
        player_id INTEGER PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
        due INTEGER NOT NULL DEFAULT 0,
        on_time INTEGER NOT NULL DEFAULT 0,
        late INTEGER NOT NULL DEFAULT 0,
        missed INTEGER NOT NULL DEFAULT 0,
        missed_in_a_row INTEGER NOT NULL DEFAULT 0,
        disorders INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX players_email ON players(email COLLATE NOCASE);
    "#,
    // 14: press as njudge players write it. `press.shown`: the recipients a
    // faked press named (store::press::Audience as JSON; NULL: not faked);
    // `press.postal`: postal press, mailed with the results of its phase
    // (`seq`); `press.observer`: an observer wrote it (`from_power` NULL).
    // `diary`: a power's private notes (DIARY), numbered per
    // power, never reused; `deleted` when DIARY DELETE took one out.
    r#"
    ALTER TABLE press ADD COLUMN shown TEXT;
    ALTER TABLE press ADD COLUMN postal INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE press ADD COLUMN observer INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX press_postal ON press(game_id, seq) WHERE postal = 1;
    CREATE TABLE diary (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        power INTEGER NOT NULL,
        number INTEGER NOT NULL,
        body TEXT NOT NULL,
        created INTEGER NOT NULL,
        deleted INTEGER,
        mail_id INTEGER REFERENCES mails(id),
        UNIQUE (game_id, power, number)
    );
    "#,
    // 15: players' profiles (REGISTER, WHOIS; store::profiles): one a
    // mailbox, `fields` the form's optional lines as JSON, `public` whether
    // others may see it
    r#"
    CREATE TABLE profiles (
        mailbox TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        name TEXT NOT NULL,
        fields TEXT NOT NULL,
        public INTEGER NOT NULL DEFAULT 0 CHECK (public IN (0, 1)),
        updated INTEGER NOT NULL
    );
    "#,
    // 16: time zones and the deadline's clock: a player's own zone (SET
    // TIMEZONE, an IANA name; NULL: the game's); since when the current
    // phase's orders are all in (the master's DELAY runs from then); when the
    // table last heard who is late (daily during grace); the master's SET
    // START (no processing before it)
    r#"
    ALTER TABLE players ADD COLUMN timezone TEXT;
    ALTER TABLE games ADD COLUMN ready_since INTEGER;
    ALTER TABLE games ADD COLUMN late_told INTEGER;
    ALTER TABLE games ADD COLUMN not_before INTEGER;
    "#,
    // 17: the name a player chose to be shown by (SET NAME; NULL: the
    // power's name): the published site and the archive show it, never the
    // player's address
    r#"
    ALTER TABLE players ADD COLUMN name TEXT;
    "#,
    // 18: consent (store::consent, context::gate): the mailboxes that asked
    // for the judge's mail and how; the confirmation requests sent (the code's
    // hash, what caused it, whether it went as a mail of its own, for the
    // limits); mail held for a mailbox until it consents (`held`: since when)
    r#"
    CREATE TABLE consents (mailbox TEXT PRIMARY KEY, how INTEGER NOT NULL, at INTEGER NOT NULL);
    CREATE TABLE consent_requests (
        id INTEGER PRIMARY KEY,
        mailbox TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        sender TEXT NOT NULL,
        game_id INTEGER,
        mail_id INTEGER,
        mailed INTEGER NOT NULL,
        at INTEGER NOT NULL
    );
    CREATE INDEX consent_requests_code ON consent_requests(code_hash);
    CREATE INDEX consent_requests_mailbox ON consent_requests(mailbox, at);
    CREATE INDEX consent_requests_sender ON consent_requests(sender, at);
    CREATE INDEX consent_requests_game ON consent_requests(game_id, at);
    CREATE INDEX consent_requests_mail ON consent_requests(mail_id);
    CREATE INDEX consent_requests_at ON consent_requests(at);
    ALTER TABLE outbox ADD COLUMN held INTEGER;
    CREATE INDEX outbox_held ON outbox(mailbox, held) WHERE held IS NOT NULL;
    "#,
    // 19: press one player makes the judge send others is charged to its
    // sender (context::budget::decide_charged): `charged` the sender's mailbox
    r#"
    ALTER TABLE outbox ADD COLUMN charged TEXT;
    CREATE INDEX outbox_charged ON outbox(charged, created, bytes) WHERE charged IS NOT NULL;
    "#,
    // 20: a diary belongs to its writer (store::diary): `diary.player_id`
    // the player's row that wrote it, numbered per writer; the entries kept
    // so far go to the player who held the power when each was written (else
    // the power's last player)
    r#"
    CREATE TABLE diary_by_writer (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        power INTEGER NOT NULL,
        player_id INTEGER REFERENCES players(id) ON DELETE SET NULL,
        number INTEGER NOT NULL,
        body TEXT NOT NULL,
        created INTEGER NOT NULL,
        deleted INTEGER,
        mail_id INTEGER REFERENCES mails(id),
        UNIQUE (game_id, player_id, number)
    );
    INSERT INTO diary_by_writer (id, game_id, power, player_id, number, body, created, deleted, mail_id)
        SELECT d.id, d.game_id, d.power,
            (SELECT p.id FROM players p
             WHERE p.game_id = d.game_id AND p.role = 'player' AND p.power = d.power AND p.status <> 'pending'
             ORDER BY (COALESCE(p.seated, p.joined) <= d.created AND (p.left IS NULL OR p.left >= d.created)) DESC, p.id DESC
             LIMIT 1),
            d.number, d.body, d.created, d.deleted, d.mail_id
        FROM diary d;
    DROP TABLE diary;
    ALTER TABLE diary_by_writer RENAME TO diary;
    CREATE INDEX diary_writer ON diary(game_id, player_id);
    "#,
    // 21: what came of a mail, typed (store::mails::Outcome): `status`, and
    // where it needs them a `reason` and a `detail` for the keeper (what the
    // reader said of an ignored mail, a failed one's error, how much waited
    // when one was dropped), in place of the sentence `outcome`; each old
    // sentence is read as what it says (one the judge never wrote is kept
    // whole as an ignored mail's detail). The table is rebuilt for the new
    // columns' constraints (ids kept). A game's `result` sentence is said
    // from its typed ending now: kept only for games that ended before
    // schema version 6, which have nothing else.
    r#"
    CREATE TABLE mails_new (
        id INTEGER PRIMARY KEY,
        message_id TEXT NOT NULL,
        sender TEXT NOT NULL,
        subject TEXT,
        raw BLOB NOT NULL,
        received INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('answered', 'ignored', 'forged', 'failed', 'deferred', 'dropped')),
        reason TEXT CHECK (reason IN ('reply_withheld', 'waiting_mails', 'waiting_bytes')),
        detail TEXT,
        content_hash TEXT,
        handled INTEGER
    );
    INSERT INTO mails_new (id, message_id, sender, subject, raw, received, status, reason, detail, content_hash, handled)
        SELECT id, message_id, sender, subject, raw, received,
            CASE
                WHEN outcome = 'answered' OR outcome GLOB 'answered; reply withheld*' THEN 'answered'
                WHEN outcome = 'ignored: the keeper''s mail server says its From is forged (dmarc=fail)' THEN 'forged'
                WHEN outcome GLOB 'failed: *' THEN 'failed'
                WHEN outcome = 'deferred' THEN 'deferred'
                WHEN outcome GLOB 'dropped: [0-9]* mails of this sender already wait'
                    OR outcome GLOB 'dropped: [0-9]* bytes of this sender''s mail already wait*' THEN 'dropped'
                ELSE 'ignored'
            END,
            CASE
                WHEN outcome GLOB 'answered; reply withheld*' THEN 'reply_withheld'
                WHEN outcome GLOB 'dropped: [0-9]* mails of this sender already wait' THEN 'waiting_mails'
                WHEN outcome GLOB 'dropped: [0-9]* bytes of this sender''s mail already wait*' THEN 'waiting_bytes'
            END,
            CASE
                WHEN outcome = 'answered' OR outcome GLOB 'answered; reply withheld*' OR outcome = 'deferred'
                    OR outcome = 'ignored: the keeper''s mail server says its From is forged (dmarc=fail)' THEN NULL
                WHEN outcome GLOB 'failed: *' THEN substr(outcome, 9)
                WHEN outcome GLOB 'dropped: [0-9]* mails of this sender already wait'
                    OR outcome GLOB 'dropped: [0-9]* bytes of this sender''s mail already wait*' THEN substr(outcome, 10, instr(substr(outcome, 10), ' ') - 1)
                WHEN outcome GLOB 'ignored: *' THEN substr(outcome, 10)
                ELSE outcome
            END,
            content_hash, handled
        FROM mails;
    DROP TABLE mails;
    ALTER TABLE mails_new RENAME TO mails;
    CREATE INDEX mails_sender ON mails(sender, received);
    CREATE INDEX mails_handled ON mails(sender, handled) WHERE handled IS NOT NULL;
    CREATE UNIQUE INDEX mails_key ON mails(message_id, content_hash);
    CREATE INDEX mails_deferred ON mails(sender, id) WHERE status = 'deferred';
    UPDATE games SET result = NULL WHERE ending IS NOT NULL;
    "#,
    // 22: orders kept for a later phase (njudge's PHASE), one row a block
    // of a mail, its lines as the mail gave them
    r#"
    CREATE TABLE later_orders (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        power INTEGER NOT NULL,
        phase TEXT NOT NULL,
        lines TEXT NOT NULL,
        mail_id INTEGER REFERENCES mails(id),
        created INTEGER NOT NULL
    );
    CREATE INDEX later_orders_game ON later_orders(game_id, power);
    "#,
    // 23: units lent for a phase (njudge's proxy orders, `SET PROXY`)
    r#"
    CREATE TABLE proxies (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        prov TEXT NOT NULL,
        owner INTEGER NOT NULL,
        holder INTEGER NOT NULL,
        created INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq, prov)
    );
    "#,
    // 24: the judge-wide record (njudge's dedication; store::dedication):
    // each seat's late notices, seats abandoned, and the phase (`seq`) in
    // which the judge last found its orders incomplete after the deadline
    // (late then, if complete when processed); the addresses linked to a
    // registration (I AM ALSO) and the links waiting for their two codes'
    // hashes (the one mailed to the old address, the one in the reply to
    // the new)
    r#"
    ALTER TABLE records_of_play ADD COLUMN late_notices INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE records_of_play ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE records_of_play ADD COLUMN late_seq INTEGER;
    CREATE TABLE address_links (
        mailbox TEXT PRIMARY KEY,
        registration TEXT NOT NULL,
        linked INTEGER NOT NULL,
        CHECK (mailbox <> registration)
    );
    CREATE INDEX address_links_registration ON address_links(registration);
    CREATE TABLE link_requests (
        mailbox TEXT PRIMARY KEY,
        registration TEXT NOT NULL,
        old_code TEXT NOT NULL,
        new_code TEXT NOT NULL,
        at INTEGER NOT NULL
    );
    "#,
    // 25: what replies to a player's mail show (`SET SHORT REPLY`, store::games::ReplyForm)
    r#"
    ALTER TABLE players ADD COLUMN reply TEXT NOT NULL DEFAULT 'full';
    "#,
    // 26: whether a game counts in judge-wide records (`SET [UN]RATED`;
    // written from the settings on every save, `Settings::rated`; an
    // unmoderated game is unrated unless set), and the keeper's changes to a
    // registration's record (ADJUST, RECORD; store::dedication::Adjustment)
    r#"
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
    UPDATE games SET rated = 0 WHERE json_extract(settings, '$.moderated') = 0;
    CREATE TABLE record_adjustments (
        registration TEXT PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        on_time INTEGER NOT NULL DEFAULT 0,
        due INTEGER NOT NULL DEFAULT 0,
        started INTEGER NOT NULL DEFAULT 0,
        abandoned INTEGER NOT NULL DEFAULT 0,
        took_over INTEGER NOT NULL DEFAULT 0
    );
    "#,
    // 27: the secret that seals a power's receipts for one phase
    // (store::receipts, docs/RECEIPTS.md)
    r#"
    CREATE TABLE receipt_nonces (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        power INTEGER NOT NULL,
        nonce TEXT NOT NULL,
        PRIMARY KEY (game_id, seq, power)
    );
    "#,
];

/// `synchronous = NORMAL` while it lives (commits that may be lost to a power
/// cut, never to a crash of the judge), then back to FULL if that was set.
pub struct Relaxed<'a> {
    conn: &'a Connection,
    restore: bool,
}

impl<'a> Relaxed<'a> {
    pub fn new(conn: &'a Connection, full: bool) -> rusqlite::Result<Relaxed<'a>> {
        if full {
            conn.pragma_update(None, "synchronous", "NORMAL")?;
        }
        Ok(Relaxed { conn, restore: full })
    }
}

impl Drop for Relaxed<'_> {
    fn drop(&mut self) {
        if self.restore
            && let Err(e) = self.conn.pragma_update(None, "synchronous", "FULL")
        {
            tracing::error!("restoring synchronous = FULL: {e}");
        }
    }
}

/// Runs `f` inside a named savepoint of the caller's transaction: kept if it
/// returns `Ok`, rolled back (as if it never ran) if it returns `Err`.
pub fn in_savepoint<T, E: From<rusqlite::Error>>(conn: &Connection, f: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    conn.execute_batch("SAVEPOINT command")?;
    match f() {
        Ok(t) => {
            conn.execute_batch("RELEASE command")?;
            Ok(t)
        }
        Err(e) => {
            conn.execute_batch("ROLLBACK TO command; RELEASE command")?;
            Err(e)
        }
    }
}

/// Opens (creating if needed) the database at `path` and brings its schema up to date.
pub fn open(path: &Path, synchronous_full: bool) -> anyhow::Result<Connection> {
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir)?;
    }
    let conn = Connection::open(path)?;
    setup(&conn, synchronous_full)?;
    Ok(conn)
}

/// An in-memory database with the full schema (for tests and predictions).
pub fn open_memory() -> anyhow::Result<Connection> {
    let conn = Connection::open_in_memory()?;
    setup(&conn, false)?;
    Ok(conn)
}

fn setup(conn: &Connection, synchronous_full: bool) -> anyhow::Result<()> {
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.set_prepared_statement_cache_capacity(128);
    // The query planner stability guarantee: a cached statement keeps its
    // plan whatever is bound. Without it SQLite (3.54) re-prepares a statement
    // whenever a `LIMIT ?` changes or an `= ?` moves to or from 0 or 1 (seq,
    // power and flag columns here), which was a fifth of an order mail's time.
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", if synchronous_full { "FULL" } else { "NORMAL" })?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    migrate(conn)
}

/// Applies the migrations the database has not seen.
pub fn migrate(conn: &Connection) -> anyhow::Result<()> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version as usize > MIGRATIONS.len() {
        anyhow::bail!("the database has schema version {version}, newer than this mailjudge knows ({}): upgrade mailjudge", MIGRATIONS.len());
    }
    if version as usize == MIGRATIONS.len() {
        return Ok(());
    }
    // foreign keys off while migrations run, as SQLite asks for a table that others
    // refer to is rebuilt (https://sqlite.org/lang_altertable.html#otheralter: the
    // pragma is a no-op inside a transaction, so it is set around it); each
    // migration is checked with `foreign_key_check` before it commits
    let fk: i64 = conn.query_row("PRAGMA foreign_keys", [], |r| r.get(0))?;
    conn.pragma_update(None, "foreign_keys", "OFF")?;
    let mut result = Ok(());
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        result = apply_migration(conn, i + 1, sql);
        if result.is_err() {
            break;
        }
    }
    conn.pragma_update(None, "foreign_keys", fk)?;
    result
}

fn apply_migration(conn: &Connection, version: usize, sql: &str) -> anyhow::Result<()> {
    conn.execute_batch("BEGIN IMMEDIATE")?;
    let r = (|| -> anyhow::Result<()> {
        // another process may have applied it since we looked (two judges
        // started at once): the version is read again under the write lock
        let now: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if now as usize >= version {
            return Ok(());
        }
        conn.execute_batch(sql)?;
        let broken: i64 = conn.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0))?;
        if broken > 0 {
            anyhow::bail!("schema migration {version} would leave {broken} broken reference(s)");
        }
        conn.pragma_update(None, "user_version", version as i64)?;
        Ok(())
    })();
    match r {
        Ok(()) => conn.execute_batch("COMMIT")?,
        Err(_) => {
            let _ = conn.execute_batch("ROLLBACK");
        }
    }
    r
}

/// Copies the live database to `dest` (SQLite's online backup: consistent while the judge runs).
pub fn backup(conn: &Connection, dest: &Path) -> anyhow::Result<()> {
    if dest.exists() {
        anyhow::bail!("{} exists already; give a new file name", dest.display());
    }
    let mut out = Connection::open(dest)?;
    let b = rusqlite::backup::Backup::new(conn, &mut out)?;
    b.run_to_completion(256, std::time::Duration::from_millis(0), None)?;
    Ok(())
}

/// What SQLite's own checks find: `integrity_check`'s verdict (`ok` when
/// sound) and the number of broken references (`foreign_key_check`).
pub fn integrity(conn: &Connection) -> rusqlite::Result<(String, i64)> {
    let verdict = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
    let broken = conn.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0))?;
    Ok((verdict, broken))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An in-memory database brought to schema version `n` (the first `n` migrations).
    fn at_version(n: usize) -> Connection {
        let c = Connection::open_in_memory().unwrap();
        c.pragma_update(None, "foreign_keys", "ON").unwrap();
        for (i, sql) in MIGRATIONS.iter().take(n).enumerate() {
            c.execute_batch(&format!("BEGIN; {sql}; PRAGMA user_version = {}; COMMIT;", i + 1)).unwrap();
        }
        c
    }

    #[test]
    fn migrations_apply_once() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("j.db");
        let c = open(&p, false).unwrap();
        let v: i64 = c.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(v as usize, MIGRATIONS.len());
        drop(c);
        let c = open(&p, false).unwrap();
        let mode: String = c.query_row("PRAGMA journal_mode", [], |r| r.get(0)).unwrap();
        assert_eq!(mode, "wal");
        let fk: i64 = c.query_row("PRAGMA foreign_keys", [], |r| r.get(0)).unwrap();
        assert_eq!(fk, 1);
    }

    #[test]
    fn migration_3_keeps_mails_and_what_refers_to_them() {
        let c = at_version(2);
        c.execute_batch(
            "INSERT INTO games (id, name, variant, status, master_hash, master_email, settings, created) VALUES (1, 'g', 'standard', 'forming', 'h', 'm@x.org', '{}', 0);
             INSERT INTO mails (id, message_id, sender, subject, raw, received, outcome) VALUES (7, '<a@x>', 'p@x.org', '', x'00', 100, 'answered'), (8, '<b@x>', 'p@x.org', '', x'00', 200, 'ignored: bounce');
             INSERT INTO orders (game_id, seq, power, key, text, active, mail_id, created) VALUES (1, 0, 0, 'PAR', 'A PAR H', 1, 7, 0);",
        )
        .unwrap();
        migrate(&c).unwrap();
        let v: i64 = c.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(v as usize, MIGRATIONS.len());
        let fk: i64 = c.query_row("PRAGMA foreign_keys", [], |r| r.get(0)).unwrap();
        assert_eq!(fk, 1, "foreign keys on again");
        let rows: Vec<(i64, Option<i64>, Option<String>)> = c
            .prepare("SELECT id, handled, content_hash FROM mails ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(rows, vec![(7, Some(100), None), (8, None, None)]);
        let broken: i64 = c.query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| r.get(0)).unwrap();
        assert_eq!(broken, 0);
        // the order still points at its mail, and references are still enforced
        assert!(
            c.execute("INSERT INTO orders (game_id, seq, power, key, text, active, mail_id, created) VALUES (1, 0, 0, 'MAR', 'A MAR H', 1, 99, 0)", [])
                .is_err()
        );
        // one Message-ID, two contents
        // (the outcome is `status` since schema version 21)
        c.execute("INSERT INTO mails (message_id, sender, raw, received, status, content_hash) VALUES ('<c@x>', 'p@x.org', x'00', 0, 'answered', 'h1'), ('<c@x>', 'p@x.org', x'01', 0, 'answered', 'h2')", []).unwrap();
        assert!(
            c.execute(
                "INSERT INTO mails (message_id, sender, raw, received, status, content_hash) VALUES ('<c@x>', 'p@x.org', x'00', 0, 'answered', 'h1')",
                []
            )
            .is_err()
        );
    }

    #[test]
    fn migration_7_keeps_a_concession_as_a_set_of_one() {
        let c = at_version(6);
        c.execute_batch(
            "INSERT INTO games (id, name, variant, status, master_hash, master_email, settings, created) VALUES (1, 'g', 'standard', 'active', 'h', 'm@x.org', '{}', 0);
             INSERT INTO players (id, game_id, role, power, email, concede, status, joined) VALUES (1, 1, 'player', 0, 'a@x.org', 6, 'active', 0), (2, 1, 'player', 1, 'e@x.org', NULL, 'active', 0);",
        )
        .unwrap();
        migrate(&c).unwrap();
        let players = games::Player::of_game(&c, 1).unwrap();
        assert_eq!(players[0].concede, Some(vec![6]));
        assert_eq!(players[1].concede, None);
        assert_eq!(players[0].ally, None);
        // what is stored is read back strictly
        c.execute("UPDATE players SET ally = 'FRANCE' WHERE id = 2", []).unwrap();
        assert!(games::Player::of_game(&c, 1).is_err());
    }

    #[test]
    fn migration_9_keeps_the_phases_on_the_line_and_one_phase_a_seq_there() {
        let c = at_version(8);
        c.execute_batch(
            "INSERT INTO games (id, name, variant, status, master_hash, master_email, settings, created) VALUES (1, 'g', 'standard', 'active', 'h', 'm@x.org', '{}', 0);
             INSERT INTO phases (game_id, seq, phase, position, results, report, processed) VALUES (1, 1, 'S1901M', '{}', '[]', 'spring', 10), (1, 2, 'F1901M', '{}', '[]', 'fall', 20);
             INSERT INTO players (id, game_id, role, power, email, status, joined) VALUES (1, 1, 'player', 0, 'a@x.org', 'active', 0);
             INSERT INTO press (game_id, seq, from_power, recipients, grey, body, created) VALUES (1, 1, 0, 'everyone', 0, 'hi', 5);",
        )
        .unwrap();
        migrate(&c).unwrap();
        let reports = phases::reports(&c, 1).unwrap();
        assert_eq!(reports, vec![(1, "S1901M".to_string(), "spring".to_string()), (2, "F1901M".to_string(), "fall".to_string())]);
        assert_eq!(phases::times(&c, 1).unwrap().iter().map(|t| t.2).collect::<Vec<_>>(), vec![10, 20]);
        let p = &games::Player::of_game(&c, 1).unwrap()[0];
        assert_eq!((p.seated, p.left, p.map), (None, None, crate::store::games::MapPref::Png));
        // old press has no audience: read as not a broadcast
        let v = crate::map::Variant::standard();
        let q = |observers_only| press::Query { seqs: 0..=9, observers_only, postal_from: i64::MAX, limit: 10, max_bytes: usize::MAX };
        assert_eq!(press::of_game(&c, &v, 1, &q(false)).unwrap()[0].audience, None);
        assert!(press::of_game(&c, &v, 1, &q(true)).unwrap().is_empty());
        // one phase a seq on the line; a rollback's branch may repeat it
        let again = "INSERT INTO phases (game_id, seq, phase, position, results, report, processed) VALUES (1, 2, 'F1901M', '{}', '[]', 'again', 30)";
        assert!(c.execute(again, []).is_err());
        assert_eq!(phases::undo_from(&c, 1, 2, 25).unwrap(), 1);
        c.execute(again, []).unwrap();
        assert_eq!(phases::undo_from(&c, 1, 1, 35).unwrap(), 2);
        let b: Vec<(i64, i64, String)> = phases::branches(&c, 1).unwrap().into_iter().map(|u| (u.branch, u.seq, u.report)).collect();
        assert_eq!(b, vec![(1, 2, "fall".into()), (2, 1, "spring".into()), (2, 2, "again".into())]);
        assert!(phases::reports(&c, 1).unwrap().is_empty());
        // a branch number without an undone time (or the reverse) is refused
        assert!(c.execute("UPDATE phases SET undone = NULL WHERE branch = 1", []).is_err());
    }

    #[test]
    fn migration_21_reads_each_stored_outcome_sentence_as_what_it_says() {
        use mails::{Full, Outcome};
        let c = at_version(20);
        let old = [
            ("answered", Outcome::Answered { withheld: false }),
            ("answered; reply withheld: too many replies to this address within an hour", Outcome::Answered { withheld: true }),
            ("ignored: auto-reply (Auto-Submitted: auto-replied)", Outcome::Ignored("auto-reply (Auto-Submitted: auto-replied)".into())),
            ("ignored: the keeper's mail server says its From is forged (dmarc=fail)", Outcome::Forged),
            ("failed: internal error (panic): boom: a: b", Outcome::Failed("internal error (panic): boom: a: b".into())),
            ("deferred", Outcome::Deferred),
            ("dropped: 10 mails of this sender already wait", Outcome::Dropped(Full::Mails(10))),
            ("dropped: 8388608 bytes of this sender's mail already wait, the most kept for one sender", Outcome::Dropped(Full::Bytes(8_388_608))),
            // a sentence the judge never wrote: kept whole, as an ignored mail's
            ("rate limited", Outcome::Ignored("rate limited".into())),
        ];
        for (i, (text, _)) in old.iter().enumerate() {
            c.execute(
                "INSERT INTO mails (id, message_id, sender, subject, raw, received, outcome, content_hash, handled) VALUES (?1, ?2, 'p@x.org', '', x'00', 100, ?3, ?2, NULL)",
                rusqlite::params![i as i64 + 1, format!("<m{i}@x>"), text],
            )
            .unwrap();
        }
        c.execute_batch(
            r#"INSERT INTO games (id, name, variant, status, master_hash, master_email, settings, created, result, ending) VALUES
                (1, 'old', 'standard', 'finished', 'h', 'm@x.org', '{}', 0, 'Draw declared in Spring 1903 movement between France, Italy.', NULL),
                (2, 'new', 'standard', 'finished', 'h', 'm@x.org', '{}', 0, 'France won in Fall 1905 movement.', '{"end":"solo","powers":["FRANCE"],"phase":"F1905M"}');"#,
        )
        .unwrap();
        migrate(&c).unwrap();
        let kept: Vec<Outcome> = mails::all(&c).unwrap().into_iter().map(|m| m.outcome).collect();
        assert_eq!(kept, old.iter().map(|(_, o)| o.clone()).collect::<Vec<_>>());
        let results: Vec<Option<String>> =
            c.prepare("SELECT result FROM games ORDER BY id").unwrap().query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
        assert_eq!(
            results,
            [Some("Draw declared in Spring 1903 movement between France, Italy.".to_string()), None],
            "only a game without a typed ending keeps its sentence"
        );
        // read strictly: columns that do not go together are an error naming them
        c.execute("UPDATE mails SET reason = 'waiting_mails', detail = 'many' WHERE id = 7", []).unwrap();
        assert!(mails::all(&c).is_err());
    }
}
