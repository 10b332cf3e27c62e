//! The loop of `mailjudge serve`: read the inbox, handle mail in batches (marking
//! each mail done only after its batch committed), run deadlines, send the outbox.

use crate::config::{Config, Transport};
use crate::judge::{Clock, Judge, MailOutcome};
use crate::mail::imap::ImapInbound;
use crate::mail::maildir::Maildir;
use crate::mail::smtp::{SendmailOutbound, SmtpOutbound};
use crate::mail::{Inbound, Outbound};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub fn inbound(cfg: &Config) -> anyhow::Result<Box<dyn Inbound>> {
    match &cfg.inbound {
        Transport::Maildir(p) => Ok(Box::new(Maildir::open(p)?.with_max_bytes(cfg.limits.max_message_bytes).with_keep_processed(cfg.keep_processed))),
        Transport::Imap(i) => Ok(Box::new(ImapInbound::new((**i).clone()))),
        other => anyhow::bail!("{other:?} cannot receive mail"),
    }
}

pub fn outbound(cfg: &Config) -> anyhow::Result<Box<dyn Outbound>> {
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
}

pub struct Daemon {
    pub judge: Judge,
    pub inbound: Box<dyn Inbound>,
    pub outbound: Box<dyn Outbound>,
}

impl Daemon {
    pub fn new(cfg: Config, clock: Clock) -> anyhow::Result<Daemon> {
        let mut inbound = inbound(&cfg)?;
        let outbound = outbound(&cfg)?;
        let judge = Judge::open(cfg, clock)?;
        if let Some(s) = judge.get_state("inbound")? {
            inbound.set_state(&s);
        }
        Ok(Daemon { judge, inbound, outbound })
    }

    /// One pass: all mail waiting (batch by batch, replies sent after each
    /// batch), then deadlines, then the outbox.
    pub fn step(&mut self) -> anyhow::Result<Step> {
        let mut step = Step::default();
        let batch = self.judge.ctx.cfg.limits.batch;
        // deferred mail whose turn has come (its senders are under the rate
        // limit again) goes first: it came before anything in the inbox
        let deferred = self.judge.handle_deferred(batch)?;
        if !deferred.is_empty() {
            step.answered += deferred.iter().filter(|o| **o == MailOutcome::Answered).count();
            step.sent += self.judge.flush_outbox(self.outbound.as_mut())?;
        }
        loop {
            let mails = self.inbound.fetch(batch)?;
            if mails.is_empty() {
                break;
            }
            let outcomes = self.judge.handle_batch(&mails)?;
            // committed: now the mails may leave the inbox
            let mut done = Vec::with_capacity(mails.len());
            for (m, o) in mails.iter().zip(&outcomes) {
                if matches!(o, MailOutcome::Unreadable(_)) {
                    self.inbound.quarantine(&m.key)?;
                } else {
                    done.push(m.key.as_str());
                }
            }
            self.inbound.done_many(&done)?;
            if let Some(s) = self.inbound.state() {
                self.judge.set_state("inbound", &s)?;
            }
            step.mails += mails.len();
            step.answered += outcomes.iter().filter(|o| **o == MailOutcome::Answered).count();
            step.sent += self.judge.flush_outbox(self.outbound.as_mut())?;
        }
        step.phases = self.judge.tick()?;
        step.sent += self.judge.flush_outbox(self.outbound.as_mut())?;
        Ok(step)
    }

    /// Runs until `stop` is set. Between passes it waits for new mail (IMAP
    /// IDLE) or sleeps `poll_seconds`; after an error (a server down, say) it
    /// backs off, doubling the pause up to a minute, and tries again.
    pub fn run(&mut self, stop: &AtomicBool) {
        let poll = Duration::from_secs(self.judge.ctx.cfg.poll_seconds);
        let idle = match &self.judge.ctx.cfg.inbound {
            crate::config::Transport::Imap(i) if i.idle => Some(Duration::from_secs(i.idle_secs)),
            _ => None,
        };
        let mut backoff = Duration::from_secs(1);
        while !stop.load(Ordering::Relaxed) {
            match self.step() {
                Ok(s) => {
                    if s.mails + s.phases + s.sent > 0 {
                        tracing::info!("{} mail(s) read, {} answered, {} phase(s) processed, {} mail(s) sent", s.mails, s.answered, s.phases, s.sent);
                    }
                    backoff = Duration::from_secs(1);
                    let waited = match idle {
                        // the outbox may hold mail to retry: wake up for it too
                        Some(t) => self.inbound.wait(if self.judge.outbox_pending().unwrap_or(false) { poll } else { t }),
                        None => self.inbound.wait(poll),
                    };
                    if let Err(e) = waited {
                        tracing::warn!("waiting for mail: {e:#}");
                    }
                }
                Err(e) => {
                    tracing::error!("{e:#}; trying again in {} s", backoff.as_secs());
                    let mut waited = Duration::ZERO;
                    while waited < backoff && !stop.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(100));
                        waited += Duration::from_millis(100);
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(60));
                }
            }
        }
    }
}
