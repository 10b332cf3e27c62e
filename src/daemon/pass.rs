//! One pass of the loop (`serve --once`, and each pass of `serve`): the
//! judge opened for serving, its inbox and outbox, and the mail part of a
//! pass.

use crate::config::{Config, Transport};
use crate::context::Clock;
use crate::judge::{Judge, MailOutcome};
use crate::mail::imap::ImapInbound;
use crate::mail::maildir::Maildir;
use crate::mail::smtp::{SendmailOutbound, SmtpOutbound};
use crate::mail::{Inbound, Outbound};
use anyhow::Context;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub fn inbound(cfg: &Config) -> anyhow::Result<Box<dyn Inbound + Send>> {
    match &cfg.inbound {
        Transport::Maildir(p) => Ok(Box::new(
            Maildir::open(p)?.with_max_bytes(cfg.limits.max_message_bytes).with_keep_processed(cfg.keep_processed).with_judge_text(crate::judge::judge_text()),
        )),
        Transport::Imap(i) => Ok(Box::new(ImapInbound::new((**i).clone()).with_max_bytes(cfg.limits.max_message_bytes))),
        other => anyhow::bail!("{other:?} cannot receive mail"),
    }
}

pub fn outbound(cfg: &Config) -> anyhow::Result<Box<dyn Outbound + Send>> {
    match &cfg.outbound {
        Transport::Maildir(p) => Ok(Box::new(Maildir::open(p)?)),
        Transport::Smtp(s) => Ok(Box::new(SmtpOutbound::new(s, &cfg.address)?)),
        Transport::Sendmail(c) => Ok(Box::new(SendmailOutbound::new(c, &cfg.address)?)),
        Transport::Imap(_) => anyhow::bail!("IMAP cannot send mail"),
    }
}

/// What one pass of the loop did.
#[derive(Debug, Default, Clone, Copy)]
pub struct Step {
    pub mails: usize,
    pub answered: usize,
    pub phases: usize,
    pub sent: usize,
    /// Webhook posts sent.
    pub posted: usize,
}

pub struct Daemon {
    pub judge: Judge,
    pub inbound: Box<dyn Inbound + Send>,
    pub outbound: Box<dyn Outbound + Send>,
    /// Posts to games' webhooks.
    pub poster: Box<dyn crate::publish::Poster + Send>,
    /// Held for the life of the daemon: one judge per database and spool.
    _locks: Vec<std::fs::File>,
}

/// The file in a Maildir inbox that names the database it was used with.
pub const SPOOL_MARKER: &str = ".mailjudge-database";

/// Takes an exclusive lock on `path` (created if needed), or says who holds it.
fn lock(path: &std::path::Path, what: &str) -> anyhow::Result<std::fs::File> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let f =
        std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(path).with_context(|| format!("opening the lock file {}", path.display()))?;
    match f.try_lock() {
        Ok(()) => Ok(f),
        Err(std::fs::TryLockError::WouldBlock) => {
            anyhow::bail!("another mailjudge is already running on this {what} (it holds {}): refusing to run twice", path.display())
        }
        Err(std::fs::TryLockError::Error(e)) => Err(e).with_context(|| format!("locking {}", path.display())),
    }
}

impl Daemon {
    pub fn new(cfg: Config, clock: Clock) -> anyhow::Result<Daemon> {
        Daemon::open(cfg, clock, false)
    }

    /// Opens the judge for serving: locks the database and the Maildir inbox
    /// (a second judge on either is refused), then checks that the spool was
    /// not used with another database: a new or replaced database beside a
    /// spool that an earlier one processed is refused unless `init`.
    pub fn open(cfg: Config, clock: Clock, init: bool) -> anyhow::Result<Daemon> {
        let mut locks = vec![lock(&cfg.database.with_extension("lock"), "database")?];
        if let Transport::Maildir(p) = &cfg.inbound {
            locks.push(lock(&p.join(".mailjudge.lock"), "inbox")?);
        }
        let mut inbound = inbound(&cfg)?;
        let spool = match &cfg.inbound {
            Transport::Maildir(p) => Some(p.join(SPOOL_MARKER)),
            _ => None,
        };
        let judge = Judge::open(cfg, clock)?;
        let instance = match judge.get_state("instance")? {
            Some(i) => i,
            None => {
                let i = format!("{:016x}", crate::password::random_u64());
                judge.set_state("instance", &i)?;
                i
            }
        };
        if let Some(marker) = spool {
            match std::fs::read_to_string(&marker).ok().map(|t| t.trim().to_string()) {
                Some(m) if m == instance => {}
                Some(m) if !init => anyhow::bail!(
                    "the inbox spool was used with another database (instance {m}; this database {} is instance {instance}): a new or replaced database would answer old mail again and reuse outbox names. If this is intended, start once with --init",
                    judge.ctx.cfg.database.display()
                ),
                other => {
                    if other.is_some() {
                        tracing::warn!("--init: the inbox spool now belongs to this database (instance {instance})");
                    }
                    std::fs::write(&marker, format!("{instance}\n")).with_context(|| format!("writing {}", marker.display()))?;
                }
            }
        }
        let outbound = match &judge.ctx.cfg.outbound {
            // outbox file names carry the database's instance: a new database never overwrites waiting mail
            Transport::Maildir(p) => Box::new(Maildir::open(p)?.with_instance(&instance)?),
            _ => outbound(&judge.ctx.cfg)?,
        };
        if let Some(s) = judge.get_state("inbound")? {
            inbound.set_state(&s);
        }
        Ok(Daemon { judge, inbound, outbound, poster: Box::new(crate::publish::http::Http::default()), _locks: locks })
    }

    /// One pass: all mail waiting (batch by batch, replies sent after each
    /// batch), then deadlines, then the outbox.
    pub fn step(&mut self) -> anyhow::Result<Step> {
        self.step_until(None)
    }

    /// [`Daemon::step`], ending early (between batches) once `stop` is set.
    pub fn step_until(&mut self, stop: Option<&AtomicBool>) -> anyhow::Result<Step> {
        let mut step = Step::default();
        let outbound = self.outbound.as_mut();
        read_mail(&mut self.judge, self.inbound.as_mut(), stop, &mut step, &mut |j| j.flush_outbox(outbound))?;
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            // stopping: deadlines and webhooks are for the next start (the
            // replies of the mail handled were sent above)
            return Ok(step);
        }
        step.phases = self.judge.tick()?;
        // the keeper's digest of mail set aside, once its hour is up
        self.judge.keeper_digest()?;
        // webhooks first: a post given up queues a mail to the master; a
        // slow forum gets at most the pass's budget (the rest waits a pass)
        step.posted += self.judge.flush_webhooks(self.poster.as_mut(), Some(pass_budget(&self.judge)))?;
        step.sent += self.judge.flush_outbox(self.outbound.as_mut())?;
        Ok(step)
    }
}

/// How long mail may take in one pass before deadlines get their turn.
fn pass_budget(judge: &Judge) -> Duration {
    Duration::from_secs(judge.ctx.cfg.poll_seconds.max(1))
}

/// The mail part of a pass: deferred mail whose turn has come, then the
/// inbox batch by batch (each taken out of the inbox once committed) for at
/// most one poll interval, ending early (between batches) once `stop` is
/// set. After each commit `queued` sends or hands on the replies (it
/// returns how many it sent). Returns whether mail may be left (the pass's
/// time ran out, or `stop`): then the next pass need not wait for new mail.
pub(super) fn read_mail(
    judge: &mut Judge,
    inbound: &mut dyn Inbound,
    stop: Option<&AtomicBool>,
    step: &mut Step,
    queued: &mut dyn FnMut(&mut Judge) -> anyhow::Result<usize>,
) -> anyhow::Result<bool> {
    let batch = judge.ctx.cfg.limits.batch;
    // deferred mail whose turn has come (its senders are under the rate
    // limit again) goes first: it came before anything in the inbox
    let deferred = judge.handle_deferred(batch)?;
    if !deferred.is_empty() {
        step.answered += deferred.iter().filter(|o| **o == MailOutcome::Answered).count();
        step.sent += queued(judge)?;
    }
    // mail gets at most one poll interval per pass: deadlines run between
    let budget = pass_budget(judge);
    let started = std::time::Instant::now();
    loop {
        if started.elapsed() >= budget || stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Ok(true);
        }
        let mails = inbound.fetch(batch)?;
        if mails.is_empty() {
            return Ok(false);
        }
        let t = std::time::Instant::now();
        judge.batch_time = Some(budget);
        let outcomes = judge.handle_batch(&mails)?;
        let handled = t.elapsed();
        let left: Vec<&str> = mails[outcomes.len()..].iter().map(|m| m.key.as_str()).collect();
        inbound.unfetch(&left);
        // committed: now the mails may leave the inbox
        let mut done = Vec::with_capacity(mails.len());
        for (m, o) in mails.iter().zip(&outcomes) {
            if matches!(o, MailOutcome::Unreadable(_)) {
                inbound.quarantine(&m.key)?;
            } else {
                done.push(m.key.as_str());
            }
        }
        inbound.done_many(&done)?;
        if let Some(s) = inbound.state() {
            judge.set_state("inbound", &s)?;
        }
        let disposed = t.elapsed();
        step.mails += outcomes.len();
        step.answered += outcomes.iter().filter(|o| **o == MailOutcome::Answered).count();
        let sent = queued(judge)?;
        step.sent += sent;
        tracing::debug!(
            "batch of {} mail(s): handled in {} ms, taken out of the inbox after {} ms, {sent} repl(ies) sent after {} ms",
            outcomes.len(),
            handled.as_millis(),
            disposed.as_millis(),
            t.elapsed().as_millis()
        );
    }
}
