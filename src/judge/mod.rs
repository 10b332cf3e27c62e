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

mod outbox;

pub use outbox::{Lane, Picked};

use crate::config::Config;
use crate::context::gate::Cause;
use crate::context::{Clock, Ctx, guarded};
use crate::mail::compose::{self, Kind, OutMail};
use crate::mail::read::{self, ReadLimits, Verdict};
use crate::mail::redact::JudgeText;
use crate::mail::{Outbound, RawMail};
use crate::report::say;
use crate::store;
use anyhow::Context;
use rusqlite::Connection;
use sha2::{Digest, Sha256};

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
                    outcomes.push(record_failure(&tx, &mut self.ctx, &m.bytes, &format!("{e:#}"))?);
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
        let ids = store::games::GameRow::due(&self.conn, now)?;
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
    /// Posts queued webhook posts through `poster` (each target's in order).
    /// A post the server takes is marked sent; 429, 5xx and no answer are
    /// retried with the outbox's backoff (or the server's Retry-After, up to
    /// ten minutes) until `give_up_secs`; a post refused alone is dropped
    /// alone; a webhook refused for good, or a URL the judge may no longer
    /// post to, gives the target's posts up; the game's master is told (once
    /// a day at most). Posting stops once `budget` has passed (the rest
    /// waits for the next call). Returns how many were sent.
    pub fn flush_webhooks(&mut self, poster: &mut dyn crate::publish::Poster, budget: Option<std::time::Duration>) -> anyhow::Result<usize> {
        use crate::publish::Posted;
        let now = self.ctx.now();
        store::webhooks::prune(&self.conn, now - OUTBOX_KEEP_SECS)?;
        let mut sent = 0;
        let started = std::time::Instant::now();
        let mut due = store::webhooks::due(&self.conn, now, 100)?;
        if let Some((game, url)) = self.webhook_resume.take()
            && let Some(i) = due.iter().position(|d| d.game_id == game && d.url == url)
        {
            due.rotate_left(i);
        }
        for (k, d) in due.iter().enumerate() {
            // the first post of a pass always goes
            if k > 0 && budget.is_some_and(|b| started.elapsed() >= b) {
                tracing::info!("webhooks: the pass's time is up; the rest wait for the next pass");
                self.webhook_resume = Some((d.game_id, d.url.clone()));
                break;
            }
            let queued: crate::publish::Webhook = match serde_json::from_str(&d.target) {
                Ok(t) => t,
                Err(e) => {
                    self.webhook_gave_up(d.id, d.game_id, &d.url, &say::judge::unreadable_webhook(&e.to_string()), true)?;
                    continue;
                }
            };
            // posted as the game's webhook is now: one removed since (SET NO
            // WEBHOOK) gets nothing more, one replaced gets its new key
            let game = store::games::GameRow::by_id(&self.conn, d.game_id)?;
            let Some(target) = game.settings.webhooks.iter().find(|w| w.url == queued.url).cloned() else {
                let n = store::webhooks::drop_waiting(&self.conn, d.game_id, &d.url)?;
                tracing::info!("webhook posts for game {}: the webhook was removed; {n} waiting post(s) dropped", d.game_id);
                continue;
            };
            let result = match crate::publish::check_url(&self.ctx.cfg.webhooks, &target.url) {
                Err(e) => Posted::Refused(e.to_string()),
                Ok(()) => {
                    let (headers, body) = crate::publish::request(&target, &d.content);
                    poster.post(&crate::publish::endpoint(&target), &headers, &body, self.ctx.cfg.webhooks.allow_private)
                }
            };
            match result {
                Posted::Sent => {
                    store::webhooks::mark_sent(&self.conn, d.id, now)?;
                    sent += 1;
                }
                Posted::Retry(e, after) if now - d.created < self.ctx.cfg.give_up_secs => {
                    let wait = (1i64 << d.attempts.min(10)).min(600).max(after.unwrap_or(0).min(600) as i64);
                    tracing::warn!("webhook post {} for game {}: {e}; retry in {wait} s", d.id, d.game_id);
                    store::webhooks::retry_at(&self.conn, d.id, now + wait, &e)?;
                }
                Posted::Rejected(e) => self.webhook_gave_up(d.id, d.game_id, &d.url, &e, false)?,
                Posted::Retry(e, _) | Posted::Refused(e) => self.webhook_gave_up(d.id, d.game_id, &d.url, &e, true)?,
            }
        }
        Ok(sent)
    }

    /// Gives post `id` up (`rest`: and its webhook's later posts), telling the
    /// master once a day a webhook.
    fn webhook_gave_up(&mut self, id: i64, game_id: i64, url: &str, error: &str, rest: bool) -> anyhow::Result<()> {
        tracing::error!("webhook post {id} for game {game_id}: {error}; given up");
        if !store::webhooks::give_up(&self.conn, id, self.ctx.now(), error, rest)? {
            let g = store::games::GameRow::by_id(&self.conn, game_id)?;
            let body = if rest { say::game::webhook_gave_up_notice(&g, url, error) } else { say::game::webhook_post_refused_notice(&g, url, error) };
            self.ctx.notice(&self.conn, &g.master_email, &say::game::webhook_gave_up_subject(&g), body, Some(g.id), None)?;
        }
        Ok(())
    }

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
        store::games::GameRow::next_due(&self.conn, after)
    }
}

/// Who sent a mail, and what it is called.
#[derive(Clone, Copy)]
struct Envelope<'a> {
    message_id: &'a str,
    sender: &'a str,
    subject: &'a str,
}

/// Stores an inbound mail. `raw` is what is kept: the mail with its passwords
/// redacted as [`Kept::stored`] keeps it (small mail whole, of a large one its
/// headers and the text read), or, for a deferred mail, as received (it is
/// read again when its turn comes); cut to the size limit (a deferred mail
/// one byte more, so that it is still seen as too large).
fn store_mail(conn: &Connection, ctx: &Ctx, env: Envelope, raw: &[u8], content_hash: &str, outcome: &str) -> rusqlite::Result<i64> {
    let Envelope { message_id, sender, subject } = env;
    let deferred = outcome == DEFERRED;
    let max = ctx.cfg.limits.max_message_bytes + usize::from(deferred);
    let keep = &raw[..raw.len().min(max)];
    let now = ctx.now();
    let handled = handled_outcome(outcome).then_some(now);
    store::mails::insert(conn, &store::mails::MailRow { message_id, sender, subject, raw: keep, received: now, outcome, content_hash, handled })
}

/// Records a mail as `kept` keeps it ([`Kept::stored`]) with `outcome`: the
/// deferred row `deferred` settled in place, or a new row. Returns its id.
fn record_kept(conn: &Connection, ctx: &Ctx, deferred: Option<i64>, env: Envelope, kept: &Kept, outcome: &str) -> rusqlite::Result<i64> {
    let keep = kept.stored(conn, ctx, env.sender)?;
    match deferred {
        Some(id) => {
            store::mails::settle(conn, id, &keep, outcome, handled_outcome(outcome).then_some(ctx.now()))?;
            Ok(id)
        }
        None => store_mail(conn, ctx, env, &keep, &kept.hash, outcome),
    }
}

/// Handles one inbound mail inside the caller's transaction: a new one, or a
/// deferred one given again by [`Judge::handle_deferred`].
///
/// - The same Message-ID with the same content (passwords redacted) as a stored
///   mail: a duplicate, nothing done. With other content: a new mail.
/// - Ignored mail (bounces, auto-replies, ...) is stored and never counts
///   towards the sender's rate limit.
/// - A sender who had `limits.mails_per_sender_per_hour` mails handled in the
///   last hour, or who has deferred mail waiting, has the mail stored `deferred`
///   (one notice when deferral starts); it is handled later, in the order mail
///   came, as soon as the sender is under the limit.
/// - Otherwise the commands run and the reply is queued to the From address.
///
/// Passwords are redacted before anything is stored (see [`crate::mail::redact`]).
pub fn handle_mail(conn: &Connection, ctx: &mut Ctx, raw: &[u8]) -> anyhow::Result<MailOutcome> {
    // files a reply carries belong to this mail alone (a mail whose handling
    // failed leaves none behind for the next one's reply)
    ctx.reply_files.clear();
    ctx.gate.borrow_mut().begin(None);
    let limits = ReadLimits { max_bytes: ctx.cfg.limits.max_message_bytes, max_lines: ctx.cfg.limits.max_lines };
    let verdict = read::read(raw, &ctx.cfg.address, limits, &ctx.judge_text);
    let kept = Kept::new(&verdict, raw, &ctx.judge_text);
    let now = ctx.now();
    if !verdict.from().is_empty() {
        store::mails::clamp_future(conn, verdict.from(), now)?;
    }
    let deferred = match known(conn, &kept.message_id, raw, &kept.hash)? {
        Known::New => None,
        Known::Deferred(id) => Some(id),
        Known::Duplicate => return Ok(MailOutcome::Duplicate),
    };
    let mut inc = match verdict {
        Verdict::Ignore { from, reason, unreadable, .. } => {
            let message_id = kept.message_id.clone();
            let outcome = format!("ignored: {reason}");
            // a deferred mail now ignored (the configuration changed) is settled as ignored
            let mail_id = record_kept(conn, ctx, deferred, Envelope { message_id: &message_id, sender: &from, subject: "" }, &kept, &outcome)?;
            tracing::info!("ignored mail {message_id} from {from}: {reason}");
            if unreadable {
                let set_aside = store::mails::SetAside { mail_id, message_id: message_id.clone(), bytes: raw.len(), why: reason.clone(), failed: false };
                let kept_bytes = kept.redacted.len().min(KEPT_TIGHT_BYTES);
                let body = say::judge::unreadable_set_aside_notice(mail_id, &message_id, raw.len(), &reason, kept_bytes);
                tell_keeper(conn, ctx, set_aside, &say::judge::unreadable_subject(), body)?;
                return Ok(MailOutcome::Unreadable(reason));
            }
            return Ok(MailOutcome::Ignored(reason));
        }
        Verdict::Answer(i) => i,
    };
    // the keeper's own server on the From: forged is refused unanswered, proven consents
    match read::auth::from_proof(raw, &ctx.cfg.consent.authserv_id, &inc.from) {
        read::auth::FromProof::Forged => {
            let outcome = format!("ignored: {}", say::judge::forged_from());
            record_kept(conn, ctx, deferred, Envelope { message_id: &kept.message_id, sender: &inc.from, subject: "" }, &kept, &outcome)?;
            tracing::warn!("mail {} from {}: the keeper's server says dmarc=fail; not answered", kept.message_id, inc.from);
            return Ok(MailOutcome::Ignored(outcome));
        }
        read::auth::FromProof::Proven => {
            crate::context::gate::grant(conn, &crate::mail::mailbox_key(&inc.from), crate::store::consent::How::Proven, now)?;
        }
        read::auth::FromProof::Unknown => {}
    }
    // the judge answers the From address only, for replies and for the
    // commands' own mail alike (see `reply_to`); a subject with a password in
    // it is neither stored nor echoed in the reply's subject
    inc.reply_to = inc.from.clone();
    inc.subject = kept.subject(&inc.subject, &ctx.judge_text);
    inc.message_id = kept.message_id.clone();
    let limit = ctx.cfg.limits.mails_per_sender_per_hour as i64;
    let recent = store::mails::count_recent(conn, &inc.from, now - 3600)?;
    let oldest = store::mails::oldest_deferred(conn, &inc.from)?;
    let full = if deferred.is_none() && (recent >= limit || oldest.is_some()) { waiting_full(conn, ctx, &inc.from, raw.len())? } else { None };
    match deferred {
        // over the limit with as many waiting (mails or bytes) as a sender may
        // have: dropped (kept as seen, so a copy delivered again is a
        // duplicate), never answered
        None if full.is_some() => {
            let outcome = format!("{DROPPED}: {}", full.unwrap_or_default());
            // its Message-ID and hash only: a flood of dropped mail does not fill the database
            store_mail(conn, ctx, Envelope { message_id: &inc.message_id, sender: &inc.from, subject: &inc.subject }, b"", &kept.hash, &outcome)?;
            tracing::warn!("mail {} from {} dropped: {outcome}", inc.message_id, inc.from);
            return Ok(MailOutcome::Ignored(outcome));
        }
        // over the limit, or behind the sender's deferred mail: deferred too
        None if recent >= limit || oldest.is_some() => {
            let mail_id = store_mail(conn, ctx, Envelope { message_id: &inc.message_id, sender: &inc.from, subject: &inc.subject }, raw, &kept.hash, DEFERRED)?;
            tracing::info!("mail {} from {} deferred: {recent} mail(s) handled in the last hour", inc.message_id, inc.from);
            if oldest.is_none() {
                // deferral starts: one notice, not one per mail
                let body = ctx
                    .templates
                    .render("notice.txt", minijinja::context! { title => say::judge::too_many_mails_title(), lines => say::judge::too_many_mails(limit) });
                send_reply(conn, ctx, &inc, body, mail_id)?;
            }
            return Ok(MailOutcome::RateLimited);
        }
        // a deferred mail waits for its turn: the sender's oldest, under the limit
        Some(id) if recent >= limit || oldest != Some(id) => return Ok(MailOutcome::RateLimited),
        _ => {}
    }
    let mail_id = record_kept(conn, ctx, deferred, Envelope { message_id: &inc.message_id, sender: &inc.from, subject: &inc.subject }, &kept, ANSWERED)?;
    ctx.gate.borrow_mut().begin(Some(Cause { sender: crate::mail::mailbox_key(&inc.from), mail_id }));
    let body = if inc.too_large {
        ctx.templates.render(
            "notice.txt",
            minijinja::context! { title => say::judge::too_large_title(), lines => say::judge::too_large(ctx.cfg.limits.max_message_bytes) },
        )
    } else {
        crate::command::run(conn, ctx, &inc, mail_id)?
    };
    let body = with_offer(conn, ctx, body)?;
    if !send_reply(conn, ctx, &inc, body, mail_id)? {
        store::mails::set_outcome(conn, mail_id, &format!("{ANSWERED}; reply withheld: too many replies to this address within an hour"))?;
    }
    Ok(MailOutcome::Answered)
}

/// `body` with the paragraph that offers an unconsented sender its code,
/// when the mail made it the recipient of something (see [`crate::context::gate`]).
fn with_offer(conn: &Connection, ctx: &Ctx, body: String) -> rusqlite::Result<String> {
    let offer = crate::context::gate::offer(conn, &ctx.cfg, &ctx.gate.borrow(), ctx.now())?;
    Ok(match offer {
        Some(paragraphs) => {
            let text: Vec<String> = paragraphs.iter().map(|p| if p.starts_with(' ') { p.clone() } else { crate::report::wrap(p, 76) }).collect();
            format!("{}\n\n{}\n", body.trim_end(), text.join("\n\n"))
        }
        None => body,
    })
}

/// The reply to `inc`, addressed to its From address.
///
/// Reply-To is not followed: the From address is what the rate limit counts and
/// what the judge knows a player by, while a forged Reply-To would aim the
/// judge's replies (each as long as a HISTORY) at a third party that never
/// wrote. A body longer than [`MAX_REPLY_BYTES`] is cut ([`cut_reply`]).
fn reply_to(ctx: &Ctx, inc: &read::Incoming, body: String) -> OutMail {
    let subject = if inc.subject.trim().is_empty() {
        say::judge::reply_subject_untitled(&ctx.cfg.name)
    } else if inc.subject.to_ascii_lowercase().starts_with("re:") {
        inc.subject.clone()
    } else {
        say::judge::reply_subject(&inc.subject)
    };
    let mut references = inc.references.clone();
    references.push(inc.message_id.clone());
    OutMail {
        to: inc.from.clone(),
        subject,
        body: cut_reply(body, MAX_REPLY_BYTES),
        message_id: ctx.new_message_id(),
        in_reply_to: Some(inc.message_id.clone()),
        references,
        list_id: None,
        unsubscribe: None,
        kind: Kind::Reply,
        attachments: Vec::new(),
    }
}

/// A mail whose handling failed: kept, marked, and (if it has a sender) answered
/// with an apology; the keeper is told. A deferred mail whose turn it was is
/// marked failed in place.
fn record_failure(conn: &Connection, ctx: &mut Ctx, raw: &[u8], error: &str) -> anyhow::Result<MailOutcome> {
    let limits = ReadLimits { max_bytes: ctx.cfg.limits.max_message_bytes, max_lines: ctx.cfg.limits.max_lines };
    let verdict = read::read(raw, &ctx.cfg.address, limits, &ctx.judge_text);
    let kept = Kept::new(&verdict, raw, &ctx.judge_text);
    let outcome = format!("failed: {error}");
    let deferred = match known(conn, &kept.message_id, raw, &kept.hash)? {
        Known::Duplicate => return Ok(MailOutcome::Duplicate),
        Known::Deferred(id) => Some(id),
        Known::New => None,
    };
    let mail_id = record_kept(conn, ctx, deferred, Envelope { message_id: &kept.message_id, sender: verdict.from(), subject: "" }, &kept, &outcome)?;
    if let Verdict::Answer(mut inc) = verdict {
        inc.subject = kept.subject(&inc.subject, &ctx.judge_text);
        inc.message_id = kept.message_id.clone();
        let body =
            ctx.templates.render("notice.txt", minijinja::context! { title => say::judge::internal_error_title(), lines => say::judge::internal_error() });
        // files the failed handling made were rolled back with it
        ctx.reply_files.clear();
        send_reply(conn, ctx, &inc, body, mail_id)?;
    }
    let set_aside = store::mails::SetAside { mail_id, message_id: kept.message_id.clone(), bytes: raw.len(), why: error.to_string(), failed: true };
    let body = say::judge::mail_failed_notice(mail_id, &kept.message_id, error);
    tell_keeper(conn, ctx, set_aside, &say::judge::mail_failed_subject(), body)?;
    Ok(MailOutcome::Unreadable(format!("failed: {error}")))
}

/// How often at most the keeper is told of mail set aside (unreadable, or
/// its handling failed): the first such mail is told at once, those within
/// this time after a notice wait for one digest ([`Judge::keeper_digest`]).
pub const KEEPER_NOTICE_SECS: i64 = 3600;

/// The most mails a digest to the keeper lists (the rest are counted).
pub const DIGEST_LISTED: usize = 50;

/// The most characters of an error or a reason a digest's line shows.
const MAX_WHY_CHARS: usize = 300;

/// Tells the keeper of a mail set aside: `body` at once when the keeper was
/// not told of one within [`KEEPER_NOTICE_SECS`] (with what waits for the
/// digest, if anything does: then the digest goes instead), else the mail
/// waits for the next digest.
fn tell_keeper(conn: &Connection, ctx: &Ctx, mut m: store::mails::SetAside, subject: &str, body: String) -> anyhow::Result<()> {
    let now = ctx.now();
    let mut d = store::mails::keeper_digest(conn)?;
    m.why = m.why.chars().take(MAX_WHY_CHARS).collect();
    // a notice "from the future" (the clock went back) holds nothing back
    let due = d.last_told.is_none_or(|t| t <= now - KEEPER_NOTICE_SECS || t > now);
    let id = m.mail_id;
    if d.waiting.len() < DIGEST_LISTED {
        d.waiting.push(m);
    } else {
        d.more += 1;
    }
    if !due {
        tracing::warn!("mail #{id} set aside; the keeper was told of one within the hour: it waits for the digest");
    } else if d.waiting.len() == 1 && d.more == 0 {
        ctx.notice(conn, &ctx.cfg.keeper, subject, body, None, None)?;
        d = store::mails::KeeperDigest { last_told: Some(now), ..Default::default() };
    } else {
        send_digest(conn, ctx, &mut d)?;
    }
    store::mails::set_keeper_digest(conn, &d)?;
    Ok(())
}

/// Queues the keeper's digest of `d`'s waiting mail, and empties it.
fn send_digest(conn: &Connection, ctx: &Ctx, d: &mut store::mails::KeeperDigest) -> rusqlite::Result<()> {
    let n = d.waiting.len() + d.more;
    let body = say::judge::set_aside_digest(&d.waiting, d.more, KEEPER_NOTICE_SECS);
    ctx.notice(conn, &ctx.cfg.keeper, &say::judge::set_aside_digest_subject(n), body, None, None)?;
    tracing::info!("the keeper's digest of {n} mail(s) set aside queued");
    *d = store::mails::KeeperDigest { last_told: Some(ctx.now()), ..Default::default() };
    Ok(())
}

impl Judge {
    /// Sends the keeper the digest of mail set aside since the last notice
    /// (see [`tell_keeper`]) once [`KEEPER_NOTICE_SECS`] have passed since
    /// it. The daemon calls this after the deadlines. Returns whether one
    /// was queued.
    pub fn keeper_digest(&mut self) -> anyhow::Result<bool> {
        let now = self.ctx.now();
        let d = store::mails::keeper_digest(&self.conn)?;
        let waiting = !d.waiting.is_empty() || d.more > 0;
        if !waiting || d.last_told.is_some_and(|t| t > now - KEEPER_NOTICE_SECS && t <= now) {
            return Ok(false);
        }
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        self.ctx.gate.borrow_mut().begin(None);
        let mut d = store::mails::keeper_digest(&tx)?;
        send_digest(&tx, &self.ctx, &mut d)?;
        store::mails::set_keeper_digest(&tx, &d)?;
        tx.commit()?;
        Ok(true)
    }
}

/// Why `sender` may have no more mail deferred, if so: as many mails wait as
/// `limits.waiting_mails_per_sender`, or this one (`bytes`, as it would be
/// kept) would take the bytes waiting past [`WAITING_BYTES_PER_SENDER`]
/// (never less than one mail of the size limit).
fn waiting_full(conn: &Connection, ctx: &Ctx, sender: &str, bytes: usize) -> rusqlite::Result<Option<String>> {
    let most = ctx.cfg.limits.waiting_mails_per_sender;
    if store::mails::count_deferred(conn, sender)? >= most as i64 {
        return Ok(Some(say::judge::too_many_waiting(most)));
    }
    let max = ctx.cfg.limits.max_message_bytes;
    let cap = WAITING_BYTES_PER_SENDER.max(max as i64 + 1);
    let waiting = store::mails::deferred_bytes(conn, sender)?;
    if waiting > 0 && waiting + bytes.min(max + 1) as i64 > cap {
        return Ok(Some(say::judge::too_many_waiting_bytes(waiting)));
    }
    Ok(None)
}

/// The largest reply body the judge sends, in bytes (64 KiB): a longer one is
/// cut at a line end with a closing line saying so ([`cut_reply`]).
pub const MAX_REPLY_BYTES: usize = 64 * 1024;

/// Replies the judge sends to one mailbox per hour (`name@domain` and every
/// `name+tag@domain` together). Past it a mail is still handled, but its reply
/// is not queued (logged, and noted in the mail's outcome): with forged From
/// addresses, the judge could otherwise be made to flood a mailbox. The limit
/// is never below `limits.mails_per_sender_per_hour`, so that a judge
/// configured to take more mail from one sender answers all of it.
pub const MAX_REPLIES_PER_ADDRESS_PER_HOUR: u32 = 30;

/// Outcome of a stored mail that was answered.
const ANSWERED: &str = "answered";
/// Outcome of a stored mail over its sender's rate limit, to be handled later.
const DEFERRED: &str = "deferred";
/// Outcome of a mail over its sender's rate limit with too many already waiting.
const DROPPED: &str = "dropped";

/// Whether a mail with this outcome was handled (counts towards the rate limit).
fn handled_outcome(outcome: &str) -> bool {
    outcome.starts_with(ANSWERED) || outcome.starts_with("failed:")
}

/// `body` cut to at most `max` bytes: at the end of the last line that fits,
/// followed by a line saying that the reply was cut and how to ask for less.
/// A body within `max` is returned as it is.
pub fn cut_reply(body: String, max: usize) -> String {
    if body.len() <= max {
        return body;
    }
    let note = say::judge::reply_cut(max);
    let mut end = max.saturating_sub(note.len());
    while !body.is_char_boundary(end) {
        end -= 1;
    }
    let end = body[..end].rfind('\n').map(|i| i + 1).unwrap_or(end);
    let mut out = String::with_capacity(end + note.len());
    out.push_str(&body[..end]);
    out.push_str(&note);
    out
}

/// Queues the reply to `inc` (see [`reply_to`]) unless its mailbox had its
/// hourly share of replies ([`MAX_REPLIES_PER_ADDRESS_PER_HOUR`]). Returns
/// whether it was queued.
fn send_reply(conn: &Connection, ctx: &mut Ctx, inc: &read::Incoming, body: String, mail_id: i64) -> anyhow::Result<bool> {
    let mut m = reply_to(ctx, inc, body);
    m.attachments = std::mem::take(&mut ctx.reply_files);
    let key = crate::mail::mailbox_key(&m.to);
    let cap = MAX_REPLIES_PER_ADDRESS_PER_HOUR.max(ctx.cfg.limits.mails_per_sender_per_hour) as i64;
    let sent = store::mails::replies_since(conn, &key, ctx.now() - 3600)?;
    if sent >= cap {
        tracing::warn!("mail #{mail_id} ({}): no reply to {}: {sent} replies to {key} within the last hour, the most it gets", inc.message_id, m.to);
        return Ok(false);
    }
    Ok(ctx.queue(conn, &m, None, Some(mail_id))?)
}

/// A mail of at most this many bytes (passwords redacted) is kept whole;
/// of a larger one, what replay and audit need: its headers (at most
/// [`KEPT_HEAD_BYTES`]) and the text the judge read (at most
/// [`KEPT_TEXT_BYTES`]), its attachments, HTML alternatives and other parts
/// dropped once read. Past a sender's [`KEPT_BYTES_PER_SENDER_PER_DAY`], each
/// of these is [`KEPT_TIGHT_BYTES`] (a mail's headers and text at most half
/// of it each). Deferred mail is kept whole (it is read again) until it is
/// handled, within [`WAITING_BYTES_PER_SENDER`].
pub const KEPT_WHOLE_BYTES: usize = 32 * 1024;
/// The most of a large mail's header block kept (see [`KEPT_WHOLE_BYTES`]).
pub const KEPT_HEAD_BYTES: usize = 16 * 1024;
/// The most of a large mail's text kept (see [`KEPT_WHOLE_BYTES`]).
pub const KEPT_TEXT_BYTES: usize = 32 * 1024;
/// The bytes of one sender's mails received within a day (deferred mail left
/// out) past which their mail is kept tight ([`KEPT_TIGHT_BYTES`]).
pub const KEPT_BYTES_PER_SENDER_PER_DAY: i64 = 2_000_000;
/// What is kept of a mail past its sender's day ([`KEPT_BYTES_PER_SENDER_PER_DAY`]),
/// and of a mail that is not one (no headers): its first bytes.
pub const KEPT_TIGHT_BYTES: usize = 4 * 1024;
/// The most bytes of one sender's deferred mail (kept whole until handled):
/// past it, as past `limits.waiting_mails_per_sender`, more mail is dropped.
/// Never less than one mail of the size limit.
pub const WAITING_BYTES_PER_SENDER: i64 = 8 << 20;
/// The header that says what of a mail larger than [`KEPT_WHOLE_BYTES`] was kept.
pub const KEPT_HEADER: &str = "X-Mailjudge-Kept";

/// The MIME fields of a large mail as kept: plain text, UTF-8.
const KEPT_MIME: [(&str, &str); 3] = [("MIME-Version", "1.0"), ("Content-Type", "text/plain; charset=utf-8"), ("Content-Transfer-Encoding", "8bit")];

/// What of a large mail is kept (see [`KEPT_WHOLE_BYTES`]).
#[derive(Clone, Copy)]
struct Caps {
    whole: usize,
    head: usize,
    text: usize,
}

const ROOMY: Caps = Caps { whole: KEPT_WHOLE_BYTES, head: KEPT_HEAD_BYTES, text: KEPT_TEXT_BYTES };
const TIGHT: Caps = Caps { whole: KEPT_TIGHT_BYTES, head: KEPT_TIGHT_BYTES / 2, text: KEPT_TIGHT_BYTES / 2 };

/// An inbound mail as the judge keeps it.
struct Kept {
    /// The raw mail with its passwords redacted.
    redacted: Vec<u8>,
    /// The secrets found in it (longest first).
    secrets: Vec<String>,
    /// SHA-256 (hex) of `redacted`: with the Message-ID, what the mail is known by.
    /// Of the redacted mail, not the raw one: a hash of the raw mail next to the
    /// redacted text would let anyone with the database test password guesses
    /// (the price: a correction of nothing but a password, to one of the same
    /// length, under the same Message-ID and otherwise the same bytes, reads as
    /// the same mail again).
    hash: String,
    /// Its Message-ID; for a mail without one, the reader's content id is taken
    /// of the redacted mail (for the same reason).
    message_id: String,
    /// The command lines the judge read (not yet redacted).
    lines: Vec<String>,
    /// Over the size limit: nothing in it was read.
    too_large: bool,
    /// Not a mail at all (no headers).
    unreadable: bool,
}

impl Kept {
    fn new(verdict: &Verdict, raw: &[u8], own: &JudgeText) -> Kept {
        let lines: &[String] = match verdict {
            Verdict::Answer(i) => &i.lines,
            Verdict::Ignore { .. } => &[],
        };
        let secrets = crate::mail::redact::mail_secrets(lines, raw, own);
        let redacted = crate::mail::redact::redact_secrets(&secrets, lines, raw, own);
        let hash = Sha256::digest(&redacted).iter().map(|b| format!("{b:02x}")).collect();
        let mut message_id = verdict.message_id().to_string();
        if message_id == read::content_id(raw) {
            message_id = read::content_id(&redacted);
        }
        let too_large = matches!(verdict, Verdict::Answer(i) if i.too_large);
        let unreadable = matches!(verdict, Verdict::Ignore { unreadable: true, .. });
        Kept { redacted, secrets, hash, message_id, lines: lines.to_vec(), too_large, unreadable }
    }

    /// What is stored of the mail once handled (or ignored), from `sender`:
    /// the redacted mail, whole if it is small, else its headers and the text
    /// read (see [`KEPT_WHOLE_BYTES`]); of a mail that is not one, its first
    /// [`KEPT_TIGHT_BYTES`]. Never more than the size limit.
    fn stored(&self, conn: &Connection, ctx: &Ctx, sender: &str) -> rusqlite::Result<Vec<u8>> {
        let r = &self.redacted;
        let max = ctx.cfg.limits.max_message_bytes;
        if self.unreadable {
            return Ok(r[..r.len().min(KEPT_TIGHT_BYTES).min(max)].to_vec());
        }
        if r.len() <= TIGHT.whole.min(max) {
            return Ok(r.clone());
        }
        let day = store::mails::kept_bytes_since(conn, sender, ctx.now() - 86_400)?;
        let caps = if day < KEPT_BYTES_PER_SENDER_PER_DAY { ROOMY } else { TIGHT };
        if r.len() <= caps.whole.min(max) {
            return Ok(r.clone());
        }
        let trimmed = trimmed(r, &self.lines, self.too_large, caps);
        // the lines read are not redacted yet, and the text was decoded: every
        // secret of the mail is blanked in what is kept of it (plain text now)
        let kept = crate::mail::redact::redact_secrets(&self.secrets, &self.lines, &trimmed, &ctx.judge_text);
        Ok(kept[..kept.len().min(max)].to_vec())
    }

    /// A subject with this mail's secrets (and any of its own) masked.
    fn subject(&self, subject: &str, own: &JudgeText) -> String {
        crate::mail::redact::redact_text(subject, &self.secrets, own)
    }
}

/// A large mail (redacted) as kept: its header block (cut to `caps.head`,
/// its MIME fields replaced: it is plain text now), a [`KEPT_HEADER`] saying
/// what was kept, and the text the judge read (`caps.text` at most): the
/// mail's text as the reader took it (HTML-only mail as text, flowed text
/// joined), or, when that is longer, the command lines read (`lines`); for a
/// mail over the size limit, no text (nothing in it was read).
fn trimmed(mail: &[u8], lines: &[String], too_large: bool, caps: Caps) -> Vec<u8> {
    let head = &mail[..head_end(mail)];
    let head = &head[..line_cut(head, caps.head, true)];
    let mut out = Vec::with_capacity(caps.head + caps.text + 512);
    let mut at = 0;
    while at < head.len() {
        // a field: its line and the folded lines after it
        let mut end = head[at..].iter().position(|&b| b == b'\n').map_or(head.len(), |i| at + i + 1);
        while end < head.len() && matches!(head[end], b' ' | b'\t') {
            end = head[end..].iter().position(|&b| b == b'\n').map_or(head.len(), |i| end + i + 1);
        }
        let field = &head[at..end];
        at = end;
        let name = String::from_utf8_lossy(field.split(|&b| b == b':').next().unwrap_or_default()).trim().to_ascii_lowercase();
        if matches!(name.as_str(), "content-type" | "content-transfer-encoding" | "mime-version")
            || name.eq_ignore_ascii_case(KEPT_HEADER)
            || field.trim_ascii().is_empty()
        {
            continue;
        }
        out.extend_from_slice(field);
        if !field.ends_with(b"\n") {
            out.extend_from_slice(b"\r\n");
        }
    }
    let (text, note) = if too_large {
        (String::new(), say::judge::kept_head_note(mail.len()))
    } else {
        let view = read::mime_view(mail);
        let text = mail_parser::MessageParser::default().parse(&view[..]).map(|m| text_read(&m)).unwrap_or_default();
        // a text not found where the lines were read (a broken multipart): the lines
        let lost = text.trim().is_empty() && !lines.is_empty();
        if text.len() <= caps.text && !lost {
            let n = text.len();
            (text, say::judge::kept_text_note(mail.len(), n, false))
        } else if lines.is_empty() {
            let text = text[..line_cut(text.as_bytes(), caps.text, false)].to_string();
            let n = text.len();
            (text, say::judge::kept_text_note(mail.len(), n, true))
        } else {
            let joined = lines.join("\n");
            let end = line_cut(joined.as_bytes(), caps.text, false);
            let cut = end < joined.len();
            let n = if cut { joined[..end].lines().count() } else { lines.len() };
            (joined[..end].to_string(), say::judge::kept_lines_note(mail.len(), n, cut))
        }
    };
    for (name, value) in KEPT_MIME {
        out.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
    }
    out.extend_from_slice(format!("{KEPT_HEADER}: {note}\r\n\r\n").as_bytes());
    out.extend_from_slice(text.as_bytes());
    if !text.is_empty() && !text.ends_with('\n') {
        out.extend_from_slice(b"\r\n");
    }
    out
}

/// Where a mail's header block ends (after the line end before the empty
/// line); the whole mail if it has no empty line.
fn head_end(mail: &[u8]) -> usize {
    let mut i = 0;
    while let Some(k) = mail[i..].iter().position(|&b| b == b'\n') {
        let next = i + k + 1;
        if mail[next..].starts_with(b"\n") || mail[next..].starts_with(b"\r\n") {
            return next;
        }
        i = next;
    }
    mail.len()
}

/// How much of `text` to keep within `max` bytes: all of it if it fits, else
/// up to the end of its last line that fits (`fields`: a line not followed by
/// a folded one, where one is found), else `max` (at a character boundary
/// when `text` is UTF-8).
fn line_cut(text: &[u8], max: usize, fields: bool) -> usize {
    if text.len() <= max {
        return text.len();
    }
    let ends = (0..max).rev().filter(|&i| text[i] == b'\n');
    let mut first = None;
    for i in ends {
        first.get_or_insert(i + 1);
        if !fields || !matches!(text.get(i + 1), Some(b' ' | b'\t')) {
            return i + 1;
        }
    }
    first.unwrap_or_else(|| {
        let mut end = max;
        // never inside a UTF-8 character
        while end > 0 && (text[end] & 0xC0) == 0x80 {
            end -= 1;
        }
        end
    })
}

/// The text of a mail as the reader takes it (see [`crate::mail::read`]):
/// its first text part, HTML-only mail as text, `format=flowed` joined.
fn text_read(msg: &mail_parser::Message) -> String {
    use mail_parser::MimeHeaders;
    let Some(part) = msg.text_part(0) else { return String::new() };
    if matches!(part.body, mail_parser::PartType::Html(_)) {
        return msg.body_html(0).map(|h| read::html_text(&h)).unwrap_or_default();
    }
    let text = msg.body_text(0).map(|t| t.into_owned()).unwrap_or_default();
    match part.content_type() {
        Some(ct) if ct.ctype().eq_ignore_ascii_case("text") && ct.subtype().is_none_or(|s| s.eq_ignore_ascii_case("plain")) => {
            match crate::mail::flowed::params(ct.attribute("format"), ct.attribute("delsp")) {
                (true, delsp) => crate::mail::flowed::decode(&text, delsp),
                _ => text,
            }
        }
        _ => text,
    }
}

/// What the store knows of an inbound mail.
enum Known {
    New,
    /// Stored before, handled or ignored: nothing to do.
    Duplicate,
    /// Stored as deferred (this id): handled when its turn comes.
    Deferred(i64),
}

fn known(conn: &Connection, message_id: &str, raw: &[u8], hash: &str) -> rusqlite::Result<Known> {
    // a deferred mail given again from the store: the bytes it was stored with
    // (found so whatever the configuration says now about reading it)
    if let Some(id) = store::mails::deferred_with(conn, message_id, raw)? {
        return Ok(Known::Deferred(id));
    }
    Ok(match store::mails::find(conn, message_id, hash)? {
        None => Known::New,
        Some((id, outcome)) if outcome == DEFERRED => Known::Deferred(id),
        Some(_) => Known::Duplicate,
    })
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
