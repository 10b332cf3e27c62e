//! `serve`'s outbox: mail goes over up to [`LANES`] connections to the
//! server at once, each a thread of its own (the SMTP client blocks), so a
//! delivery that stalls (a server slow on one recipient) holds up only its
//! own lane. Which mail takes a free lane is the judge's choice
//! ([`Judge::outbox_pick`]): the oldest due, but one mail of a game, or of
//! one mailbox's replies, on its way at a time; the other games' mail goes
//! by on the other lanes. Each SMTP step has the server's `timeout`.
//!
//! The database is read and written only by this task's judge, on a
//! blocking thread, between the lanes' work: a mail is marked sent once the
//! server took it and its lane said so; a mail refused (or cut off) waits
//! for its own retry time, and the task sleeps until the earliest of them
//! (or new mail, or a lane done). A mail on its way when the process is
//! killed is still unsent in the outbox and goes again at the next start
//! (if the server had taken it, its recipient gets it twice, with the same
//! Message-ID); nothing is lost.

use super::retry::Failures;
use super::wait::{Handoff, instant_of, sleep_until};
use crate::judge::{Judge, Lane, Picked};
use crate::mail::Outbound;
use crate::mail::compose::OutMail;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use tokio::sync::{Notify, mpsc, watch};
use tokio::time::Instant;

/// Connections used at once (where the transport can have several: SMTP).
/// A lane is given its next mail only once its last is recorded, so this
/// also bounds the mails a `kill -9` of `serve` can send twice.
pub const LANES: usize = 4;

/// At most this many flushes asked for are followed at once (older ones are
/// let go: the pass that asked has stopped waiting by then).
const ROUNDS_KEPT: usize = 32;

/// A mail for a lane.
struct Job {
    id: i64,
    bytes: Vec<u8>,
    to: String,
}

/// What a lane says of a mail: (the lane, the mail, the server's answer).
type Landed = (usize, i64, anyhow::Result<()>);

/// A mail on its way (since when).
struct Flying {
    lane: Lane,
    mail: OutMail,
    since: Instant,
}

/// A mail on its way this long is taken as stalled: the pass that waits
/// for it (its batch's reply) goes on without it.
const STALLED: std::time::Duration = std::time::Duration::from_millis(250);

/// What a round on the blocking thread is given and gives back.
struct Round {
    /// Mails the lanes are done with, to record (taken off as recorded).
    landed: Vec<(i64, OutMail, anyhow::Result<()>)>,
    busy: HashSet<Lane>,
    flying: HashSet<i64>,
    free: usize,
    /// Recorded, taken and looked at.
    recorded: Vec<i64>,
    picked: Vec<Picked>,
    due: Vec<i64>,
    next_try: Option<i64>,
}

impl Round {
    /// Records what landed, then picks mail for the free lanes.
    fn run(&mut self, j: &mut Judge) -> anyhow::Result<()> {
        while let Some((id, m, r)) = self.landed.last() {
            match r {
                Ok(()) => j.outbox_sent(*id)?,
                Err(e) => j.outbox_failed(*id, m, e, j.ctx.now())?,
            }
            self.recorded.push(*id);
            self.landed.pop();
        }
        (self.picked, self.due) = j.outbox_pick(&self.busy, &self.flying, self.free)?;
        self.next_try = j.outbox_next_try()?;
        Ok(())
    }
}

/// The lanes and the mail on them.
struct Lanes {
    jobs: Vec<std::sync::mpsc::Sender<Job>>,
    free: Vec<usize>,
    flying: HashMap<i64, Flying>,
    done: mpsc::UnboundedReceiver<Landed>,
    /// Done, not yet recorded.
    landed: Vec<(i64, OutMail, anyhow::Result<()>)>,
    /// Flushes asked for (by a pass, for its batch's replies) and the mails
    /// due when each began: done once they are all recorded.
    rounds: VecDeque<(u64, HashSet<i64>)>,
}

impl Lanes {
    /// A lane for `out` and one for each other handle it gives, up to [`LANES`].
    fn start(out: Box<dyn Outbound + Send>) -> anyhow::Result<Lanes> {
        let mut outs = Vec::new();
        while outs.len() + 1 < LANES {
            match out.lane() {
                Some(o) => outs.push(o),
                None => break,
            }
        }
        outs.insert(0, out);
        let (tx, done) = mpsc::unbounded_channel();
        let mut jobs = Vec::new();
        for (k, mut out) in outs.into_iter().enumerate() {
            let (job, rx) = std::sync::mpsc::channel::<Job>();
            let tx = tx.clone();
            std::thread::Builder::new().name(format!("outbox-lane-{k}")).spawn(move || {
                while let Ok(j) = rx.recv() {
                    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| out.send(j.id, &j.bytes, &j.to)))
                        .unwrap_or_else(|_| Err(anyhow::anyhow!("the transport panicked")));
                    if tx.send((k, j.id, r)).is_err() {
                        return;
                    }
                }
            })?;
            jobs.push(job);
        }
        let free = (0..jobs.len()).rev().collect();
        Ok(Lanes { jobs, free, flying: HashMap::new(), done, landed: Vec::new(), rounds: VecDeque::new() })
    }

    fn land(&mut self, (k, id, r): Landed) {
        self.free.push(k);
        if let Some(f) = self.flying.remove(&id) {
            self.landed.push((id, f.mail, r));
        }
    }

    fn round(&mut self) -> Round {
        Round {
            landed: std::mem::take(&mut self.landed),
            busy: self.flying.values().map(|f| f.lane.clone()).collect(),
            flying: self.flying.keys().copied().collect(),
            free: self.free.len(),
            recorded: Vec::new(),
            picked: Vec::new(),
            due: Vec::new(),
            next_try: None,
        }
    }

    /// Puts the picked mail on free lanes.
    fn dispatch(&mut self, picked: Vec<Picked>) {
        for p in picked {
            let Some(k) = self.free.pop() else { unreachable!("no more mail is picked than lanes are free") };
            match self.jobs[k].send(Job { id: p.id, bytes: p.bytes, to: p.mail.to.clone() }) {
                Ok(()) => {
                    self.flying.insert(p.id, Flying { lane: p.lane, mail: p.mail, since: Instant::now() });
                }
                // the lane's thread is gone: the mail waits for a retry, the lane is not used again
                Err(_) => self.landed.push((p.id, p.mail, Err(anyhow::anyhow!("outbox lane {k} stopped")))),
            }
        }
    }

    /// Tells the passes waiting for their replies which flushes are done:
    /// those whose mail is all recorded, or stalled on its way.
    fn follow(&mut self, tag: u64, due: Vec<i64>, recorded: &[i64], handoff: &Handoff) {
        for (_, left) in self.rounds.iter_mut() {
            for id in recorded {
                left.remove(id);
            }
        }
        self.rounds.push_back((tag, due.into_iter().collect()));
        if self.rounds.len() > ROUNDS_KEPT {
            self.rounds.pop_front();
        }
        self.unstall(handoff);
    }

    /// When a mail on its way that a flush waits for is next taken as
    /// stalled, if ever.
    fn stall_check(&self) -> Option<Instant> {
        let waited: HashSet<i64> = self.rounds.iter().flat_map(|(_, left)| left.iter().copied()).collect();
        self.flying.iter().filter(|(id, _)| waited.contains(id)).map(|(_, f)| f.since + STALLED).filter(|at| *at > Instant::now()).min()
    }

    /// Lets the flushes whose mail left is all stalled on its way go.
    fn unstall(&mut self, handoff: &Handoff) {
        let stalled = |id: &i64| self.flying.get(id).is_some_and(|f| f.since.elapsed() >= STALLED);
        if let Some(i) = self.rounds.iter().rposition(|(_, left)| left.iter().all(stalled)) {
            handoff.did(self.rounds[i].0);
            self.rounds.drain(..=i);
        }
    }
}

/// The task that sends the outbox over lanes (see the module's comment):
/// woken by `wake` (after a commit), by a lane done, and at the next retry
/// time; after `closing`, it ends once the mail on its way is done.
pub(super) async fn sending(wake: Arc<Notify>, handoff: Arc<Handoff>, mut closing: watch::Receiver<bool>, judge: Judge, out: Box<dyn Outbound + Send>) {
    let mut lanes = match Lanes::start(out) {
        Ok(l) => l,
        Err(e) => {
            tracing::error!("sending mail: starting the lanes: {e:#}");
            return;
        }
    };
    let mut judge = Some(judge);
    let mut again: Option<Instant> = None;
    let mut closed = false;
    let mut failures = Failures::default();
    loop {
        let stall = lanes.stall_check();
        tokio::select! {
            _ = sleep_until(stall), if stall.is_some() => {
                lanes.unstall(&handoff);
                continue;
            }
            _ = wake.notified() => {}
            Some(d) = lanes.done.recv() => lanes.land(d),
            _ = sleep_until(again) => {}
            _ = closing.wait_for(|c| *c), if !closed => closed = true,
        }
        while let Ok(d) = lanes.done.try_recv() {
            lanes.land(d);
        }
        let mut j = judge.take().expect("the sender's judge is home between rounds");
        let mut round = lanes.round();
        let went = round.landed.iter().filter(|l| l.2.is_ok()).count();
        let tag = handoff.asked();
        let Ok((j, round, r)) = tokio::task::spawn_blocking(move || {
            let r = round.run(&mut j);
            (j, round, r)
        })
        .await
        else {
            tracing::error!("sending mail: the worker failed");
            return;
        };
        judge = Some(j);
        let Round { landed, recorded, picked, due, next_try, .. } = round;
        // not recorded (an error): recorded at the next round
        lanes.landed.extend(landed);
        lanes.dispatch(picked);
        lanes.follow(tag, due, &recorded, &handoff);
        again = match r {
            Ok(()) => {
                failures.succeeded();
                if went > 0 {
                    tracing::info!("{went} mail(s) sent");
                }
                next_try.map(instant_of)
            }
            Err(e) => Some(Instant::now() + failures.failed(&e.context("sending mail"))),
        };
        if !lanes.landed.is_empty() && again.is_none() {
            again = Some(Instant::now());
        }
        if closed && lanes.flying.is_empty() {
            return;
        }
    }
}
