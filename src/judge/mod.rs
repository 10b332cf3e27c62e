//! The judge: mail in → commands → SQLite → adjudication at deadlines → mail out.
//!
//! - [`Judge`] owns the database connection and the [`Ctx`] (configuration,
//!   variants, templates, clock) and offers the three steps of the daemon's loop:
//!   [`Judge::handle_batch`] (inbound mail, group-committed), [`Judge::tick`]
//!   (deadlines, reminders, late notices) and [`Judge::flush_outbox`].
//! - the command language of one mail lives in [`crate::command`], the game
//!   lifecycle and deadlines in [`crate::game`], all SQL in [`crate::store`],
//!   every sentence in [`crate::report`] and `templates/`.
//!
//! Durability: each mail is handled inside a savepoint of the batch transaction,
//! its reply queued in the `outbox` table in the same transaction; the caller
//! marks inbound mail done only after [`Judge::handle_batch`] returned (after
//! commit). A Message-ID seen before is skipped. Replies leave from the outbox
//! after commit, and are marked sent after the transport took them.


use crate::config::Config;
use crate::mail::compose::{self, Kind, OutMail};
use crate::mail::read::{self, ReadLimits, Verdict};
use crate::mail::{Outbound, RawMail};
use crate::map::Variant;
use anyhow::Context;
use crate::password::Passwords;
use crate::report::Templates;
use crate::store;
use rusqlite::Connection;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where "now" comes from: the system clock, or a fixed time (tests, replays).
#[derive(Clone, Debug)]
pub enum Clock {
    System,
    Fixed(i64),
}

impl Clock {
    pub fn now(&self) -> i64 {
        match self {
            Clock::System => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0),
            Clock::Fixed(t) => *t,
        }
    }
}

/// Everything the judge's logic needs besides the database.
pub struct Ctx {
    pub cfg: Config,
    pub clock: Clock,
    pub templates: Templates,
    variants: HashMap<String, Arc<Variant>>,
    /// Argon2id hashing with one reused buffer and a keyed cache of checked passwords.
    pub passwords: Passwords,
    /// Games whose orders changed in the current mail (checked for early processing).
    pub touched: Vec<i64>,
    /// Test seams: failures injected where real ones could strike.
    pub hooks: Hooks,
}

/// Functions the judge calls at points where a real failure could happen, so
/// that tests can make one happen there (a panic, say). None in production.
#[derive(Clone, Copy, Default)]
pub struct Hooks {
    /// Called with each command line before it runs.
    pub before_command: Option<fn(&str)>,
    /// Called with a game's name before one of its phases is adjudicated.
    pub before_process: Option<fn(&str)>,
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

impl Ctx {
    pub fn new(cfg: Config, clock: Clock) -> anyhow::Result<Ctx> {
        let templates = Templates::load(cfg.templates_dir.as_deref())?;
        Ok(Ctx { cfg, clock, templates, variants: HashMap::new(), passwords: Passwords::new(), touched: Vec::new(), hooks: Hooks::default() })
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// A loaded variant (cached).
    pub fn variant(&mut self, name: &str) -> anyhow::Result<Arc<Variant>> {
        let key = name.to_ascii_lowercase();
        if let Some(v) = self.variants.get(&key) {
            return Ok(v.clone());
        }
        let dir = self.cfg.variants_dir.clone().filter(|d| d.is_dir());
        let v = Arc::new(crate::variants::find(name, dir.as_deref()).map_err(anyhow::Error::msg)?);
        self.variants.insert(key, v.clone());
        Ok(v)
    }

    /// A new password's hash (Argon2id, PHC string).
    pub fn hash_password(&mut self, pw: &str) -> anyhow::Result<String> {
        Ok(self.passwords.hash(pw)?)
    }

    /// Whether `pw` matches the stored `hash` (an unreadable hash is an error).
    pub fn check_password(&mut self, hash: &str, pw: &str) -> anyhow::Result<bool> {
        Ok(self.passwords.verify(hash, pw)?)
    }

    /// A new Message-ID for outgoing mail.
    pub fn new_message_id(&self) -> String {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        format!("<mj.{nanos:x}.{}.{n}@{}>", std::process::id(), self.cfg.domain())
    }

    /// Queues a mail in the outbox (inside the caller's transaction).
    pub fn queue(&self, conn: &Connection, m: &OutMail, game_id: Option<i64>, mail_id: Option<i64>) -> rusqlite::Result<i64> {
        store::outbox::insert(conn, m, game_id, mail_id, self.now())
    }

    /// Queues a notice (not a reply) to `to`.
    pub fn notice(&self, conn: &Connection, to: &str, subject: &str, body: String, game_id: Option<i64>, list_id: Option<String>) -> rusqlite::Result<i64> {
        let m = OutMail {
            to: to.to_string(),
            subject: subject.to_string(),
            body,
            message_id: self.new_message_id(),
            in_reply_to: None,
            references: Vec::new(),
            list_id,
            kind: Kind::Notice,
        };
        self.queue(conn, &m, game_id, None)
    }
}

/// Runs `f` behind a panic boundary: a panic becomes an error (its message
/// kept for the keeper), so one mail or one game can never stop the judge.
pub fn guarded<T>(f: impl FnOnce() -> anyhow::Result<T>) -> anyhow::Result<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|p| {
        let msg = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_else(|| "unknown".into());
        Err(anyhow::anyhow!("internal error (panic): {msg}"))
    })
}

/// What happened to one inbound mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MailOutcome {
    Answered,
    Ignored(String),
    /// Seen before (same Message-ID): nothing done.
    Duplicate,
    RateLimited,
    /// Not readable as mail, or its handling failed: kept, keeper told, set aside.
    Unreadable(String),
}

/// The judge: a database connection and its context.
pub struct Judge {
    pub conn: Connection,
    pub ctx: Ctx,
}

impl Judge {
    /// Opens the database named in the configuration.
    pub fn open(cfg: Config, clock: Clock) -> anyhow::Result<Judge> {
        let conn = crate::store::open(&cfg.database, cfg.synchronous_full).with_context(|| format!("opening database {}", cfg.database.display()))?;
        Ok(Judge { conn, ctx: Ctx::new(cfg, clock)? })
    }

    /// A judge on an in-memory database.
    pub fn in_memory(cfg: Config, clock: Clock) -> anyhow::Result<Judge> {
        Ok(Judge { conn: crate::store::open_memory()?, ctx: Ctx::new(cfg, clock)? })
    }

    /// Handles a batch of inbound mails in one transaction (each in its own
    /// savepoint, so one failing mail does not undo the others). When this
    /// returns `Ok`, everything is committed and the mails may be marked done.
    pub fn handle_batch(&mut self, mails: &[RawMail]) -> anyhow::Result<Vec<MailOutcome>> {
        let mut outcomes = Vec::with_capacity(mails.len());
        let mut tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        for m in mails {
            let mut sp = tx.savepoint()?;
            let touched = self.ctx.touched.len();
            // behind a panic boundary: one mail that breaks the judge is set
            // aside alone, the rest of the batch goes on
            let ctx = &mut self.ctx;
            match guarded(|| handle_mail(&sp, ctx, &m.bytes)) {
                Ok(o) => {
                    sp.commit()?;
                    outcomes.push(o);
                }
                Err(e) => {
                    sp.rollback()?;
                    drop(sp);
                    self.ctx.touched.truncate(touched);
                    // keep the mail and tell the sender: nothing may be lost silently
                    tracing::error!("mail {} failed: {e:#}", m.key);
                    outcomes.push(record_failure(&tx, &mut self.ctx, &m.bytes, &format!("{e:#}"))?);
                }
            }
        }
        // phases whose orders became complete in this batch: processed after the
        // batch's replies are queued, in the same transaction, each game alone
        let ids: Vec<i64> = std::mem::take(&mut self.ctx.touched);
        for id in ids {
            let mut sp = tx.savepoint()?;
            let ctx = &mut self.ctx;
            match guarded(|| crate::game::process_if_ready(&sp, ctx, id)) {
                Ok(_) => sp.commit()?,
                Err(e) => {
                    sp.rollback()?;
                    drop(sp);
                    tracing::error!("game {id}: early processing failed: {e:#}");
                    crate::game::set_aside(&tx, &self.ctx, id, &format!("{e:#}"))?;
                }
            }
        }
        tx.commit()?;
        Ok(outcomes)
    }

    /// Deadlines: reminders, late notices, and processing of due phases (each
    /// game in its own transaction). Returns the number of phases processed.
    pub fn tick(&mut self) -> anyhow::Result<usize> {
        let now = self.ctx.now();
        let ids = store::games::Game::due(&self.conn, now)?;
        let mut processed = 0;
        for id in ids {
            let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let ctx = &mut self.ctx;
            match guarded(|| crate::game::tick_game(&tx, ctx, id)) {
                Ok(n) => {
                    tx.commit()?;
                    processed += n;
                }
                Err(e) => {
                    drop(tx);
                    // set aside: paused, the master and the keeper told; the other games go on
                    tracing::error!("game {id}: deadline processing failed: {e:#}");
                    let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
                    crate::game::set_aside(&tx, &self.ctx, id, &format!("{e:#}"))?;
                    tx.commit()?;
                }
            }
        }
        Ok(processed)
    }

    /// Sends queued mail through `out`. Returns how many were sent.
    pub fn flush_outbox(&mut self, out: &mut dyn Outbound) -> anyhow::Result<usize> {
        let now = self.ctx.now();
        let rows = store::outbox::due(&self.conn, now, 500)?;
        let mut sent = 0;
        let mut failures: Vec<(i64, OutMail, anyhow::Error)> = Vec::new();
        let mut batch: Vec<crate::mail::Outgoing> = Vec::with_capacity(rows.len());
        let mut mails: Vec<OutMail> = Vec::with_capacity(rows.len());
        for (id, m) in rows {
            match compose::compose(&self.ctx.cfg.name, &self.ctx.cfg.address, &m, now) {
                Ok(bytes) => {
                    batch.push(crate::mail::Outgoing { id, bytes, to: m.to.clone() });
                    mails.push(m);
                }
                Err(e) => failures.push((id, m, e)),
            }
        }
        let mut record_error: Option<rusqlite::Error> = None;
        let conn = &self.conn;
        out.send_many(&batch, &mut |i, r| match r {
            // recorded at once: a crash right after this can no longer resend it
            Ok(()) => match store::outbox::mark_sent(conn, batch[i].id, now) {
                Ok(_) => sent += 1,
                Err(e) => record_error = Some(e),
            },
            Err(e) => failures.push((batch[i].id, mails[i].clone(), e)),
        });
        if let Some(e) = record_error {
            return Err(e.into());
        }
        for (id, m, e) in failures {
            let (attempts, created) = store::outbox::attempts(&self.conn, id)?;
            if now - created >= self.ctx.cfg.give_up_secs {
                tracing::error!("outbox {id} to {}: {e:#}; giving up after {attempts} attempts", m.to);
                store::outbox::give_up(&self.conn, id, now, &format!("{e:#}"))?;
                let keeper = self.ctx.cfg.keeper.clone();
                if !m.to.eq_ignore_ascii_case(&keeper) {
                    let body = format!("The judge gave up sending mail #{id} to {} (\"{}\") after {} attempts since {}.\nLast error: {e:#}\n", m.to, m.subject, attempts + 1, crate::timing::format_time(created, self.ctx.cfg.timezone));
                    self.ctx.notice(&self.conn, &keeper, "mailjudge: a mail could not be delivered", body, None, None)?;
                }
                continue;
            }
            // 1 s, 2 s, 4 s ... up to ten minutes between tries
            let wait = (1i64 << attempts.min(10)).min(600);
            tracing::warn!("outbox {id} to {}: {e:#}; retry in {wait} s", m.to);
            store::outbox::retry_at(&self.conn, id, now + wait, &format!("{e:#}"))?;
        }
        Ok(sent)
    }
}

impl Judge {
    /// A value kept for a transport (IMAP UIDVALIDITY and last UID).
    pub fn get_state(&self, key: &str) -> rusqlite::Result<Option<String>> {
        store::kv::get(&self.conn, key)
    }
    pub fn set_state(&self, key: &str, value: &str) -> rusqlite::Result<()> {
        store::kv::set(&self.conn, key, value)
    }
    /// Whether mail is waiting in the outbox (for a retry).
    pub fn outbox_pending(&self) -> rusqlite::Result<bool> {
        store::outbox::pending(&self.conn)
    }
}

fn store_mail(conn: &Connection, ctx: &Ctx, message_id: &str, sender: &str, subject: &str, raw: &[u8], outcome: &str) -> rusqlite::Result<i64> {
    // an oversized mail is kept cut to the limit (its headers and start)
    let keep = &raw[..raw.len().min(ctx.cfg.limits.max_message_bytes)];
    store::mails::insert(conn, &store::mails::MailRow { message_id, sender, subject, raw: keep, received: ctx.now(), outcome })
}

/// Handles one inbound mail inside the caller's transaction.
pub fn handle_mail(conn: &Connection, ctx: &mut Ctx, raw: &[u8]) -> anyhow::Result<MailOutcome> {
    let limits = ReadLimits { max_bytes: ctx.cfg.limits.max_message_bytes, max_lines: ctx.cfg.limits.max_lines };
    let verdict = read::read(raw, &ctx.cfg.address, limits);
    if store::mails::seen(conn, verdict.message_id())? {
        return Ok(MailOutcome::Duplicate);
    }
    let inc = match verdict {
        Verdict::Ignore { message_id, from, reason, unreadable } => {
            let mail_id = store_mail(conn, ctx, &message_id, &from, "", raw, &format!("ignored: {reason}"))?;
            tracing::info!("ignored mail {message_id} from {from}: {reason}");
            if unreadable {
                let keeper = ctx.cfg.keeper.clone();
                ctx.notice(conn, &keeper, "mailjudge: an unreadable mail was set aside", format!("Mail #{mail_id} ({message_id}, {} bytes) could not be read: {reason}.\nIt is kept in the database (table mails) and, with IMAP, in the quarantine folder.\n", raw.len()), None, None)?;
                return Ok(MailOutcome::Unreadable(reason));
            }
            return Ok(MailOutcome::Ignored(reason));
        }
        Verdict::Answer(i) => i,
    };
    let recent = store::mails::count_recent(conn, &inc.from, ctx.now() - 3600)?;
    let limit = ctx.cfg.limits.mails_per_sender_per_hour as i64;
    if recent >= limit {
        let mail_id = store_mail(conn, ctx, &inc.message_id, &inc.from, &inc.subject, raw, "rate-limited")?;
        if recent == limit {
            let body = ctx.templates.render(
                "notice.txt",
                minijinja::context! { title => "Too many mails", lines => vec![
                    format!("You have sent {limit} mails to this judge within an hour: that is its limit."),
                    "Mails over the limit are kept but not read or answered. Wait an hour and send your commands again.".to_string(),
                ] },
            );
            let m = reply_to(ctx, &inc, body);
            ctx.queue(conn, &m, None, Some(mail_id))?;
        }
        return Ok(MailOutcome::RateLimited);
    }
    let mail_id = store_mail(conn, ctx, &inc.message_id, &inc.from, &inc.subject, raw, "answered")?;
    let body = if inc.too_large {
        ctx.templates.render(
            "notice.txt",
            minijinja::context! { title => "Mail too large", lines => vec![
                format!("Your mail is larger than {} bytes, the most this judge reads.", ctx.cfg.limits.max_message_bytes),
                "Nothing in it was read. Send your commands as plain text, without attachments.".to_string(),
            ] },
        )
    } else {
        crate::command::run(conn, ctx, &inc, mail_id)?
    };
    let m = reply_to(ctx, &inc, body);
    ctx.queue(conn, &m, None, Some(mail_id))?;
    Ok(MailOutcome::Answered)
}

fn reply_to(ctx: &Ctx, inc: &read::Incoming, body: String) -> OutMail {
    let subject = if inc.subject.trim().is_empty() {
        format!("{}: your mail", ctx.cfg.name)
    } else if inc.subject.to_ascii_lowercase().starts_with("re:") {
        inc.subject.clone()
    } else {
        format!("Re: {}", inc.subject)
    };
    let mut references = inc.references.clone();
    references.push(inc.message_id.clone());
    OutMail {
        to: inc.reply_to.clone(),
        subject,
        body,
        message_id: ctx.new_message_id(),
        in_reply_to: Some(inc.message_id.clone()),
        references,
        list_id: None,
        kind: Kind::Reply,
    }
}

/// A mail whose handling failed: kept, marked, and (if it has a sender) answered
/// with an apology; the keeper is told.
fn record_failure(conn: &Connection, ctx: &mut Ctx, raw: &[u8], error: &str) -> anyhow::Result<MailOutcome> {
    let limits = ReadLimits { max_bytes: ctx.cfg.limits.max_message_bytes, max_lines: ctx.cfg.limits.max_lines };
    let verdict = read::read(raw, &ctx.cfg.address, limits);
    if store::mails::seen(conn, verdict.message_id())? {
        return Ok(MailOutcome::Duplicate);
    }
    let mail_id = store_mail(conn, ctx, verdict.message_id(), verdict.from(), "", raw, &format!("failed: {error}"))?;
    if let Verdict::Answer(inc) = verdict {
        let body = ctx.templates.render(
            "notice.txt",
            minijinja::context! { title => "Internal error", lines => vec![
                "The judge could not process your mail because of an internal error. Nothing in it took effect.".to_string(),
                "Your mail is kept and the judge's keeper has been told; please send it again later.".to_string(),
            ] },
        );
        let m = reply_to(ctx, &inc, body);
        ctx.queue(conn, &m, None, Some(mail_id))?;
    }
    let keeper = ctx.cfg.keeper.clone();
    ctx.notice(conn, &keeper, "mailjudge: a mail failed", format!("Mail #{mail_id} ({}) failed:\n{error}\n", read::content_id(raw)), None, None)?;
    Ok(MailOutcome::Unreadable(format!("failed: {error}")))
}
