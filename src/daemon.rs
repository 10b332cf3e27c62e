//! The loop of `mailjudge serve`: read the inbox, handle mail in batches (marking
//! each mail done only after its batch committed), run deadlines, send the outbox.

use crate::config::{Config, Transport};
use crate::judge::{Clock, Judge, MailOutcome};
use crate::mail::maildir::Maildir;
use crate::mail::{Inbound, Outbound};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub fn inbound(cfg: &Config) -> anyhow::Result<Box<dyn Inbound>> {
    match &cfg.inbound {
        Transport::Maildir(p) => Ok(Box::new(Maildir::open(p)?)),
    }
}

pub fn outbound(cfg: &Config) -> anyhow::Result<Box<dyn Outbound>> {
    match &cfg.outbound {
        Transport::Maildir(p) => Ok(Box::new(Maildir::open(p)?)),
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
        let inbound = inbound(&cfg)?;
        let outbound = outbound(&cfg)?;
        Ok(Daemon { judge: Judge::open(cfg, clock)?, inbound, outbound })
    }

    /// One pass: all mail waiting (batch by batch, replies sent after each
    /// batch), then deadlines, then the outbox.
    pub fn step(&mut self) -> anyhow::Result<Step> {
        let mut step = Step::default();
        let batch = self.judge.ctx.cfg.limits.batch;
        loop {
            let mails = self.inbound.fetch(batch)?;
            if mails.is_empty() {
                break;
            }
            let outcomes = self.judge.handle_batch(&mails)?;
            // committed: now the mails may leave the inbox
            for m in &mails {
                self.inbound.done(&m.key)?;
            }
            step.mails += mails.len();
            step.answered += outcomes.iter().filter(|o| **o == MailOutcome::Answered).count();
            step.sent += self.judge.flush_outbox(self.outbound.as_mut())?;
        }
        step.phases = self.judge.tick()?;
        step.sent += self.judge.flush_outbox(self.outbound.as_mut())?;
        Ok(step)
    }

    /// Runs until `stop` is set. Errors are logged and retried after a pause.
    pub fn run(&mut self, stop: &AtomicBool) {
        let poll = Duration::from_secs(self.judge.ctx.cfg.poll_seconds);
        while !stop.load(Ordering::Relaxed) {
            match self.step() {
                Ok(s) if s.mails + s.phases + s.sent > 0 => {
                    tracing::info!("{} mail(s) read, {} answered, {} phase(s) processed, {} mail(s) sent", s.mails, s.answered, s.phases, s.sent);
                }
                Ok(_) => {}
                Err(e) => tracing::error!("{e:#}"),
            }
            let mut waited = Duration::ZERO;
            while waited < poll && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(100));
                waited += Duration::from_millis(100);
            }
        }
    }
}
