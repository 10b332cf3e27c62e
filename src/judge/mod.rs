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
//! commit). A mail seen before (same Message-ID and same content) is skipped; a corrected mail that reuses its Message-ID is handled. Replies leave from the outbox
//! after commit, and are marked sent after the transport took them.
//!
//! The parts: `mail.rs` (one inbound mail: read, kept, answered or not),
//! `kept.rs` (what of a mail is stored), `keeper.rs` (the keeper told of mail
//! set aside), `webhooks.rs` (the forums' posts), `outbox.rs` (the outbox for
//! `serve`'s lanes); this file holds the batch and its transaction, the
//! deadlines' tick, the outbox's flush and deferred mail's turn.

mod keeper;
mod kept;
mod mail;
mod outbox;
mod webhooks;

pub use keeper::{DIGEST_LISTED, KEEPER_NOTICE_SECS};
pub use kept::{KEPT_BYTES_PER_SENDER_PER_DAY, KEPT_HEAD_BYTES, KEPT_HEADER, KEPT_TEXT_BYTES, KEPT_TIGHT_BYTES, KEPT_WHOLE_BYTES, WAITING_BYTES_PER_SENDER};
pub use mail::{MAX_REPLIES_PER_ADDRESS_PER_HOUR, MAX_REPLY_BYTES, cut_reply, handle_mail};
pub use outbox::{Lane, Picked};

use crate::config::Config;
use crate::context::{Clock, Ctx, guarded};
use crate::mail::compose::{self, OutMail};
use crate::mail::{Outbound, RawMail};
use crate::store;
use anyhow::Context;
use rusqlite::Connection;

/// How long the body of a sent mail is kept in the outbox table (the phases'
/// reports stay in `phases` for good), and its attachments (a phase's map
/// can be drawn again from the record).
pub const OUTBOX_KEEP_SECS: i64 = 30 * 86_400;

/// The most bytes of composed mail a flush holds at once (past it, what was
/// composed is sent before the next mail is).
pub const OUTBOX_CHUNK_BYTES: usize = 16 << 20;

/// The judge's context, with its own text ([`judge_text`]).
fn context(cfg: Config, clock: Clock) -> anyhow::Result<Ctx> {
    Ctx::new(cfg, clock, judge_text())
}

/// The judge's own text that the mail layer cannot make itself: the lines
/// of HELP made from the options' table (see [`crate::mail::redact::JudgeText`]).
pub fn judge_text() -> crate::mail::redact::JudgeText {
    crate::mail::redact::JudgeText::new(&crate::command::options::help_lines())
}

/// What happened to one inbound mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MailOutcome {
    Answered,
    Ignored(String),
    /// Seen before (same Message-ID and content): nothing done.
    Duplicate,
    RateLimited,
    /// Not readable as mail, or its handling failed: kept, keeper told, set aside.
    Unreadable(String),
}

/// The judge: a database connection and its context.
pub struct Judge {
    pub conn: Connection,
    pub ctx: Ctx,
    /// How long one batch may take before the rest of its mail is left for the
    /// next pass (so deadlines run between): `None`, no limit.
    pub batch_time: Option<std::time::Duration>,
    /// The webhook (game, URL) a pass of posts cut short by its time did
    /// not reach: the next pass starts with it, so a slow forum with many
    /// posts waiting cannot keep the others waiting.
    webhook_resume: Option<(i64, String)>,
}

impl Judge {
    /// Opens the database named in the configuration.
    pub fn open(cfg: Config, clock: Clock) -> anyhow::Result<Judge> {
        let conn = crate::store::open(&cfg.database, cfg.synchronous_full).with_context(|| format!("opening database {}", cfg.database.display()))?;
        let mut ctx = context(cfg, clock)?;
        let tx = conn.unchecked_transaction()?;
        let n = crate::play::orders::upgrade_order_records(&tx, &mut ctx).context("upgrading orders written before schema version 5")?;
        tx.commit()?;
        if n > 0 {
            tracing::info!("{n} order(s) in force written before schema version 5 now have records");
        }
        Ok(Judge { conn, ctx, batch_time: None, webhook_resume: None })
    }

    /// A judge on an in-memory database.
    pub fn in_memory(cfg: Config, clock: Clock) -> anyhow::Result<Judge> {
        Ok(Judge { conn: crate::store::open_memory()?, ctx: context(cfg, clock)?, batch_time: None, webhook_resume: None })
    }

    /// Handles a batch of inbound mails in one transaction (each in its own
    /// savepoint, so one failing mail does not undo the others). When this
    /// returns `Ok`, everything is committed and the mails with an outcome may
    /// be marked done; with [`Judge::batch_time`] set, the outcomes may cover
    /// only the first mails (the rest were not touched).
    pub fn handle_batch(&mut self, mails: &[RawMail]) -> anyhow::Result<Vec<MailOutcome>> {
        let mut outcomes = Vec::with_capacity(mails.len());
        let mut tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let started = std::time::Instant::now();
        for m in mails {
            // out of time: the rest waits for the next pass (fewer outcomes than mails)
            if self.batch_time.is_some_and(|t| started.elapsed() >= t) && !outcomes.is_empty() {
                break;
            }
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
                    // a failed statement may have ended the transaction already (a full
                    // disk): then the rollback fails too, and the first error is the one to tell
                    if let Err(re) = sp.rollback() {
                        return Err(e.context(format!("the batch was rolled back ({re})")));
                    }
                    drop(sp);
                    self.ctx.touched.truncate(touched);
                    // keep the mail and tell the sender: nothing may be lost silently
                    tracing::error!("mail {} failed: {e:#}", m.key);
                    outcomes.push(mail::record_failure(&tx, &mut self.ctx, &m.bytes, &format!("{e:#}"))?);
                }
            }
        }
        // phases whose orders became complete in this batch: processed after the
        // batch's replies are queued, in the same transaction, each game alone
        // (the judge's own work: no mail's sender is its cause)
        self.ctx.gate.borrow_mut().begin(None);
        let ids: Vec<i64> = std::mem::take(&mut self.ctx.touched);
        for id in ids {
            let mut sp = tx.savepoint()?;
            let ctx = &mut self.ctx;
            match guarded(|| crate::play::process_if_ready(&sp, ctx, id)) {
                Ok(_) => sp.commit()?,
                Err(e) => {
                    sp.rollback()?;
                    drop(sp);
                    tracing::error!("game {id}: early processing failed: {e:#}");
                    crate::play::set_aside(&tx, &self.ctx, id, &format!("{e:#}"))?;
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
        let moved = store::timeline::clamp_future(&self.conn, now)?;
        store::outbox::prune(&self.conn, now - OUTBOX_KEEP_SECS)?;
        store::attachments::prune(&self.conn, now - OUTBOX_KEEP_SECS)?;
        self.ctx.gate.borrow_mut().begin(None);
        let expired = crate::context::gate::expire(&self.conn, now)?;
        if expired > 0 {
            tracing::info!("{expired} mail(s) held for addresses that never confirmed were dropped");
        }
        if moved > 0 {
            tracing::warn!("the clock went back: deadlines of {moved} game(s) moved back with it");
        }
        let ids = store::games::due(&self.conn, now)?;
        let mut processed = 0;
        for id in ids {
            let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let ctx = &mut self.ctx;
            match guarded(|| crate::play::tick_game(&tx, ctx, id)) {
                Ok(n) => {
                    tx.commit()?;
                    processed += n;
                }
                Err(e) => {
                    drop(tx);
                    // set aside: paused, the master and the keeper told; the other games go on
                    tracing::error!("game {id}: deadline processing failed: {e:#}");
                    let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
                    crate::play::set_aside(&tx, &self.ctx, id, &format!("{e:#}"))?;
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
        if rows.is_empty() {
            return Ok(0);
        }
        // a "sent" mark lost to a power cut only means the mail goes out again
        // (a Maildir outbox rewrites the same file), never that one is lost: the
        // marks are committed without waiting for the disk
        let _relaxed = store::Relaxed::new(&self.conn, self.ctx.cfg.synchronous_full)?;
        let mut sent = 0;
        let mut failures: Vec<(i64, OutMail, anyhow::Error)> = Vec::new();
        // attachments are read once a flush (one map goes to every player), and
        // mail is composed and sent in chunks of at most OUTBOX_CHUNK_BYTES:
        // a phase's maps to many players never sit composed in memory at once
        let mut files: std::collections::HashMap<i64, compose::Attachment> = std::collections::HashMap::new();
        let mut rows = rows.into_iter().peekable();
        while rows.peek().is_some() {
            let mut batch: Vec<crate::mail::Outgoing> = Vec::new();
            let mut mails: Vec<OutMail> = Vec::new();
            let mut bytes_in_batch = 0;
            while bytes_in_batch < OUTBOX_CHUNK_BYTES
                && let Some((id, m)) = rows.next()
            {
                for a in &m.attachments {
                    if !files.contains_key(a) {
                        match store::attachments::get(&self.conn, *a)? {
                            Some(f) => {
                                files.insert(*a, f);
                            }
                            // a file pruned under a mail that waited that long: the text goes alone
                            None => tracing::warn!("outbox {id}: attachment {a} is gone; sending the text alone"),
                        }
                    }
                }
                let attached: Vec<&compose::Attachment> = m.attachments.iter().filter_map(|a| files.get(a)).collect();
                // a Date header cannot say a time past 9999 (a clock gone wrong): the latest it can
                match compose::compose(&self.ctx.cfg.name, &self.ctx.cfg.address, &m, now.clamp(0, crate::timing::MAX_TIME), &attached) {
                    Ok(bytes) => {
                        bytes_in_batch += bytes.len();
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
        }
        for (id, m, e) in failures {
            self.outbox_failed(id, &m, &e, now)?;
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
    /// Whether webhook posts are waiting (for a retry, or a pass cut short).
    pub fn webhooks_pending(&self) -> rusqlite::Result<bool> {
        Ok(!store::webhooks::due(&self.conn, i64::MAX, 1)?.is_empty())
    }
    /// When deadline work ([`Judge::tick`]) is next due after `after` (a
    /// reminder, a deadline, the end of a grace period), if any game has some.
    pub fn next_due(&self, after: i64) -> rusqlite::Result<Option<i64>> {
        store::games::next_due(&self.conn, after)
    }
}

impl Judge {
    /// Handles deferred mail whose turn has come: for each sender with deferred
    /// mail, oldest first, as many of their deferred mails as keep them within
    /// `limits.mails_per_sender_per_hour` handled mails in the last hour; at most
    /// `max` in all. They go through [`Judge::handle_batch`] (one transaction,
    /// a savepoint and a panic boundary per mail, then early processing), which
    /// recognizes each as deferred and handles it in place. The daemon calls this
    /// before it reads new mail.
    pub fn handle_deferred(&mut self, max: usize) -> anyhow::Result<Vec<MailOutcome>> {
        let now = self.ctx.now();
        let limit = self.ctx.cfg.limits.mails_per_sender_per_hour as i64;
        let mut mails: Vec<RawMail> = Vec::new();
        for sender in store::mails::deferred_senders(&self.conn)? {
            if mails.len() >= max {
                break;
            }
            // rows from the future count as now here as in handle_mail
            let room = limit - store::mails::count_recent(&self.conn, &sender, now - 3600)?;
            if room <= 0 {
                continue;
            }
            let take = (room as usize).min(max - mails.len());
            for (id, bytes) in store::mails::deferred(&self.conn, &sender, take)? {
                mails.push(RawMail { key: format!("deferred mail #{id}"), bytes });
            }
        }
        if mails.is_empty() {
            return Ok(Vec::new());
        }
        self.handle_batch(&mails)
    }
}
