//! `mailjudge serve`: the loop on one tokio runtime (a current-thread
//! runtime; SQLite, Argon2, rendering and the blocking mail crates run on its
//! blocking threads). Under one `select!`:
//!
//! - the inbox wait (IMAP IDLE, or polling a Maildir or an IMAP server
//!   without IDLE) on a blocking thread, holding the inbox;
//! - the deadline timer: a sleep until the next reminder, deadline or end
//!   of a grace period the database names ([`Judge::next_due`]), then
//!   [`Judge::tick`], while the inbox wait goes on;
//! - the judge's work (a pass over the inbox, or a tick), one at a time, on
//!   a blocking thread that holds the judge;
//! - the signal to stop.
//!
//! Mail and webhook posts are sent by two tasks of their own, each with its
//! own database connection: woken after every commit, and again while
//! something waits for a retry. So a slow SMTP server or forum never holds
//! up reading mail or deadlines, and a slow forum never holds up mail. Mail
//! goes over lanes (`super::lanes`): a delivery that stalls holds up only
//! its own game's or sender's mail.
//!
//! On SIGTERM or SIGINT the batch in hand is finished (committed), its
//! replies get [`STOP_FLUSH`] to go (the rest goes at the next start: it is
//! in the outbox), and nothing else is waited for: an IDLE, a sleep, a
//! post in progress are left to end with the process.

use super::lanes;
use super::pass::{Daemon, Step, read_mail};
use super::retry::Failures;
use super::wait::{HANDOFF_MAX, Handoff, instant_of, sleep_until, unix_now};
use crate::judge::Judge;
use crate::mail::{Inbound, Outbound};
use crate::publish::Poster;
use anyhow::Context;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;

type In = Box<dyn Inbound + Send>;

/// How long a stop waits for the replies of the batch in hand to be sent.
pub const STOP_FLUSH: Duration = Duration::from_millis(500);

/// What a blocking job of the judge gives back: the judge (and the inbox,
/// after a pass over it), what it did, and when deadline work is next due.
struct Worked {
    judge: Judge,
    inbound: Option<In>,
    /// What it did, and whether mail may be left in the inbox (a pass
    /// that ran out of time: the next one goes at once).
    result: anyhow::Result<(Step, bool)>,
    next_due: Option<i64>,
}

/// The tasks that send what the judge queued.
#[derive(Clone)]
struct Wake {
    outbox: Arc<Notify>,
    webhooks: Arc<Notify>,
    handoff: Arc<Handoff>,
}

impl Wake {
    fn all(&self) {
        self.outbox.notify_one();
        self.webhooks.notify_one();
    }
}

/// Waits for the job in `h`, if any (forever if none); empties `h`.
async fn join<T>(h: &mut Option<JoinHandle<T>>) -> anyhow::Result<T> {
    match h.as_mut() {
        Some(job) => {
            let r = job.await;
            *h = None;
            r.context("a worker of the judge failed")
        }
        None => std::future::pending().await,
    }
}

/// A pass over the inbox, then deadlines.
fn pass(judge: &mut Judge, inbound: &mut dyn Inbound, stop: &AtomicBool, wake: &Wake) -> anyhow::Result<(Step, bool)> {
    let mut step = Step::default();
    let more = read_mail(judge, inbound, Some(stop), &mut step, &mut |_| {
        let n = wake.handoff.ask();
        wake.outbox.notify_one();
        wake.handoff.wait(n, HANDOFF_MAX);
        Ok(0)
    })?;
    if !stop.load(Ordering::Relaxed) {
        step.phases = judge.tick()?;
        judge.keeper_digest()?;
        wake.all();
    }
    Ok((step, more))
}

/// Deadlines alone (the inbox is in its wait).
fn tick(judge: &mut Judge, wake: &Wake) -> anyhow::Result<(Step, bool)> {
    let phases = judge.tick()?;
    judge.keeper_digest()?;
    wake.all();
    Ok((Step { phases, ..Step::default() }, false))
}

/// `work` on a blocking thread, then when deadline work is next due.
fn spawn_work(
    mut judge: Judge,
    inbound: Option<In>,
    work: impl FnOnce(&mut Judge, Option<&mut In>) -> anyhow::Result<(Step, bool)> + Send + 'static,
) -> JoinHandle<Worked> {
    tokio::task::spawn_blocking(move || {
        let mut inbound = inbound;
        let after = judge.ctx.now();
        let result = work(&mut judge, inbound.as_mut());
        let next_due = judge.next_due(after).unwrap_or_else(|e| {
            tracing::error!("reading the next deadline: {e}");
            None
        });
        Worked { judge, inbound, result, next_due }
    })
}

/// How a sending task is woken and stops: by `wake`, when the next post
/// waiting is due (after `retry` for one due already, left by a flush cut
/// short), and at `closing`.
struct Sending {
    what: &'static str,
    wake: Arc<Notify>,
    closing: watch::Receiver<bool>,
    retry: Duration,
}

/// A task that sends what the judge queued through `flush` (returning how
/// many went, and when the next waiting is due: at that time, or after
/// `retry` if it is due already), woken as `how` says.
async fn sending<F>(how: Sending, judge: Judge, flush: F)
where
    F: FnMut(&mut Judge) -> anyhow::Result<(usize, Option<i64>)> + Send + 'static,
{
    let Sending { what, wake, mut closing, retry } = how;
    let mut job = Some((judge, flush));
    let mut failures = Failures::default();
    let mut again: Option<Instant> = None;
    loop {
        let closed = tokio::select! {
            _ = wake.notified() => false,
            _ = sleep_until(again) => false,
            _ = closing.wait_for(|c| *c) => true,
        };
        if closed {
            return;
        }
        let (mut judge, mut flush) = job.take().expect("the sender's judge is home between flushes");
        let done = tokio::task::spawn_blocking(move || {
            let r = flush(&mut judge);
            (judge, flush, r)
        })
        .await;
        let Ok((judge, flush, r)) = done else {
            tracing::error!("{what}: the sending worker failed");
            return;
        };
        job = Some((judge, flush));
        again = match r {
            Ok((sent, next)) => {
                failures.succeeded();
                if sent > 0 {
                    tracing::info!("{sent} {what} sent");
                }
                next.map(|t| if t as f64 > unix_now() { instant_of(t) } else { Instant::now() + retry })
            }
            Err(e) => Some(Instant::now() + failures.failed(&e.context(format!("sending {what}")))),
        };
    }
}

/// An inbox or outbox lent to the serve loop (in the [`Daemon`] meanwhile,
/// and after a stop that did not wait for it).
struct Lent;

impl Inbound for Lent {
    fn fetch(&mut self, _max: usize) -> anyhow::Result<Vec<crate::mail::RawMail>> {
        anyhow::bail!("the inbox is with the serve loop")
    }
    fn done(&mut self, _key: &str) -> anyhow::Result<()> {
        anyhow::bail!("the inbox is with the serve loop")
    }
}

impl Outbound for Lent {
    fn send(&mut self, _id: i64, _message: &[u8], _to: &str) -> anyhow::Result<()> {
        anyhow::bail!("the outbox is with the serve loop")
    }
}

/// The most malloc arenas a serving judge keeps (glibc). glibc gives each
/// new thread (tokio's blocking threads, one per batch or deadline, the
/// outbox's lanes, the map warm-up) an arena of its own, up to eight per
/// core, and an arena keeps what it once held: over real IMAP and SMTP a
/// judge grew from 41 MB to 105 MB in its first 25 phases and stayed there;
/// with one arena it stays near 62 MB for 100 phases (two: it crept to 79
/// MB), no slower: the judge's work is one batch or deadline at a time
/// (`cargo bench --bench mail -- memory`). `MALLOC_ARENA_MAX` in the
/// environment still wins.
pub const MALLOC_ARENAS: i32 = 1;

/// Caps glibc's malloc arenas at [`MALLOC_ARENAS`], before the threads that
/// would make them (a no-op on other C libraries).
fn cap_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        // SAFETY: mallopt only sets a tunable of the allocator; it is called
        // before the runtime's threads start
        let ok = unsafe { libc::mallopt(libc::M_ARENA_MAX, MALLOC_ARENAS) };
        if ok != 1 {
            tracing::warn!("could not cap malloc's arenas at {MALLOC_ARENAS}");
        }
    }
}

impl Daemon {
    /// Serves until SIGTERM or SIGINT (a second one while stopping ends the
    /// process at once, exit code 1: still safe, every mail is committed
    /// before it leaves the inbox).
    pub fn serve(mut self) -> anyhow::Result<()> {
        cap_malloc_arenas();
        drop(super::warm::warm(&mut self.judge));
        self.run_until(|tx| {
            use tokio::signal::unix::{SignalKind, signal};
            let mut term = signal(SignalKind::terminate())?;
            let mut int = signal(SignalKind::interrupt())?;
            Ok(async move {
                tokio::select! { _ = term.recv() => {}, _ = int.recv() => {} }
                let _ = tx.send(true);
                tokio::select! { _ = term.recv() => {}, _ = int.recv() => {} }
                std::process::exit(1);
            })
        })
    }

    /// Serves until `stop` is set (looked at every 20 ms), for a judge run
    /// in a thread of a program of its own (a benchmark). Afterwards the
    /// daemon has its judge back (and its inbox, unless a wait for mail
    /// was still going on), not its outbox or poster.
    pub fn run(&mut self, stop: &AtomicBool) {
        let r = std::thread::scope(|scope| {
            self.run_until(|tx| {
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) && !tx.is_closed() {
                        std::thread::sleep(Duration::from_millis(20));
                    }
                    let _ = tx.send(true);
                });
                Ok(std::future::ready(()))
            })
        });
        if let Err(e) = r {
            tracing::error!("serving: {e:#}");
        }
    }

    /// The serve loop on a runtime of its own, until `stopper`'s task (made
    /// within the runtime) says stop; the judge (and the inbox) come back.
    fn run_until<F>(&mut self, stopper: impl FnOnce(watch::Sender<bool>) -> anyhow::Result<F>) -> anyhow::Result<()>
    where
        F: std::future::Future<Output = ()> + Send + 'static,
    {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        let lent = Judge::in_memory(self.judge.ctx.cfg.clone(), self.judge.ctx.clock.clone())?;
        let judge = std::mem::replace(&mut self.judge, lent);
        let inbound = std::mem::replace(&mut self.inbound, Box::new(Lent));
        let outbound = std::mem::replace(&mut self.outbound, Box::new(Lent));
        let poster = std::mem::replace(&mut self.poster, Box::new(crate::publish::http::Http::default()));
        let (judge, inbound, r) = rt.block_on(async move {
            let (tx, rx) = watch::channel(false);
            match stopper(tx) {
                Ok(task) => drop(tokio::spawn(task)),
                Err(e) => return (Some(judge), Some(inbound), Err(e)),
            }
            serve_loop(judge, inbound, outbound, poster, rx).await
        });
        if let Some(j) = judge {
            self.judge = j;
        }
        if let Some(i) = inbound {
            self.inbound = i;
        }
        // a wait still in progress (IDLE, a post) is not waited for
        rt.shutdown_background();
        r
    }
}

/// The loop (see the module's comment), until `stop` says true; gives back
/// the judge and the inbox (if they are home).
async fn serve_loop(
    judge: Judge,
    inbound: In,
    outbound: Box<dyn Outbound + Send>,
    poster: Box<dyn Poster + Send>,
    stop: watch::Receiver<bool>,
) -> (Option<Judge>, Option<In>, anyhow::Result<()>) {
    let cfg = judge.ctx.cfg.clone();
    let wake = Wake { outbox: Arc::new(Notify::new()), webhooks: Arc::new(Notify::new()), handoff: Arc::default() };
    let (closing, closed) = watch::channel(false);
    let (mail, posts) = match (sender_judge(&judge), sender_judge(&judge)) {
        (Ok(m), Ok(p)) => (m, p),
        (Err(e), _) | (_, Err(e)) => return (Some(judge), Some(inbound), Err(e)),
    };
    let retry = poll(&judge);
    let senders = [
        tokio::spawn(lanes::sending(Arc::clone(&wake.outbox), Arc::clone(&wake.handoff), closed.clone(), mail, outbound)),
        tokio::spawn(sending(
            Sending { what: "webhook post(s)", wake: Arc::clone(&wake.webhooks), closing: closed, retry },
            posts,
            flush_webhooks(poster, wake.clone()),
        )),
    ];
    let waiting = match &cfg.inbound {
        crate::config::Transport::Imap(i) if i.idle => Duration::from_secs(i.idle_secs),
        _ => poll(&judge),
    };
    let mut lp = Loop::new(judge, inbound, wake, waiting);
    let r = lp.run(stop).await;
    let _ = closing.send(true);
    if tokio::time::timeout(STOP_FLUSH, async {
        for s in senders {
            let _ = s.await;
        }
    })
    .await
    .is_err()
    {
        tracing::warn!("stopping: mail still being sent is sent again at the next start");
    }
    tracing::info!("stopping: the signal to stop was received");
    (lp.judge.take(), lp.inbound.take(), r)
}

fn poll(judge: &Judge) -> Duration {
    Duration::from_secs(judge.ctx.cfg.poll_seconds.max(1))
}

/// A judge of its own (its own database connection) for a sending task.
fn sender_judge(judge: &Judge) -> anyhow::Result<Judge> {
    let j = Judge::open(judge.ctx.cfg.clone(), judge.ctx.clock.clone())?;
    // a "sent" mark waits for a long batch's commit rather than fail (which
    // would send the mail again)
    j.conn.busy_timeout(Duration::from_secs(120))?;
    Ok(j)
}

fn flush_webhooks(mut poster: Box<dyn Poster + Send>, wake: Wake) -> impl FnMut(&mut Judge) -> anyhow::Result<(usize, Option<i64>)> + Send + 'static {
    move |j| {
        let budget = poll(j);
        let sent = j.flush_webhooks(poster.as_mut(), Some(budget));
        // a post given up queues a notice to the master
        wake.outbox.notify_one();
        Ok((sent?, j.webhooks_next_try()?))
    }
}

/// The state of the serve loop.
struct Loop {
    /// Home between jobs.
    judge: Option<Judge>,
    /// Home between waits and passes.
    inbound: Option<In>,
    /// The judge's job in progress.
    work: Option<JoinHandle<Worked>>,
    /// The inbox wait in progress (and when it began).
    wait: Option<JoinHandle<(In, anyhow::Result<()>, std::time::Instant)>>,
    /// Set once stopping: ends a pass between batches and any inbox wait.
    stop: Arc<AtomicBool>,
    wake: Wake,
    /// How long one inbox wait lasts at most (IMAP IDLE's renewal, or the poll interval).
    waiting: Duration,
    want_pass: bool,
    want_tick: bool,
    /// When deadline work is next due (wall clock), and the timer for it.
    due: Option<i64>,
    timer: Option<Instant>,
    /// The end of the pause after an error.
    pause: Option<Instant>,
    failures: Failures,
}

impl Loop {
    fn new(judge: Judge, inbound: In, wake: Wake, waiting: Duration) -> Loop {
        Loop {
            judge: Some(judge),
            inbound: Some(inbound),
            work: None,
            wait: None,
            stop: Arc::new(AtomicBool::new(false)),
            wake,
            waiting,
            want_pass: true,
            want_tick: false,
            due: None,
            timer: None,
            pause: None,
            failures: Failures::default(),
        }
    }

    async fn run(&mut self, mut stop: watch::Receiver<bool>) -> anyhow::Result<()> {
        loop {
            if !self.stop.load(Ordering::Relaxed) {
                self.start_jobs();
            } else if self.work.is_none() {
                // the batch in hand is committed; an inbox wait is not waited for
                return Ok(());
            }
            tokio::select! {
                worked = join(&mut self.work) => self.worked(worked?),
                waited = join(&mut self.wait) => self.waited(waited?),
                _ = sleep_until(self.timer) => self.timer_fired(),
                _ = sleep_until(self.pause) => {
                    self.pause = None;
                    self.want_pass = true;
                }
                _ = stop.wait_for(|s| *s), if !self.stop.load(Ordering::Relaxed) => self.stop.store(true, Ordering::Relaxed),
            }
        }
    }

    /// Starts what is wanted and can start: a pass (it needs the judge and
    /// the inbox), a tick (the judge), the inbox wait (the inbox, when no
    /// pass is wanted).
    fn start_jobs(&mut self) {
        if self.pause.is_none() && self.want_pass && self.judge.is_some() && self.inbound.is_some() {
            let (stop, wake) = (Arc::clone(&self.stop), self.wake.clone());
            self.want_pass = false;
            self.want_tick = false;
            self.work = Some(spawn_work(self.judge.take().expect("home"), self.inbound.take(), move |j, i| {
                pass(j, i.expect("a pass has the inbox").as_mut(), &stop, &wake)
            }));
        } else if self.want_tick && self.judge.is_some() {
            let wake = self.wake.clone();
            self.want_tick = false;
            if let Some(due) = self.due {
                tracing::debug!("deadline work due at {due}: begun {:.1} ms after its time", (unix_now() - due as f64) * 1000.0);
            }
            self.work = Some(spawn_work(self.judge.take().expect("home"), None, move |j, _| tick(j, &wake)));
        }
        if self.pause.is_none() && !self.want_pass && self.wait.is_none() && self.inbound.is_some() {
            let (stop, timeout) = (Arc::clone(&self.stop), self.waiting);
            let mut inbound = self.inbound.take().expect("home");
            self.wait = Some(tokio::task::spawn_blocking(move || {
                let began = std::time::Instant::now();
                let r = inbound.wait_until(timeout, &stop);
                (inbound, r, began)
            }));
        }
    }

    fn worked(&mut self, w: Worked) {
        self.judge = Some(w.judge);
        if let Some(i) = w.inbound {
            self.inbound = Some(i);
        }
        self.due = w.next_due;
        self.timer = w.next_due.map(instant_of);
        match w.result {
            Ok((s, more)) => {
                self.failures.succeeded();
                self.want_pass |= more;
                if s.mails + s.phases > 0 {
                    tracing::info!("{} mail(s) read, {} answered, {} phase(s) processed", s.mails, s.answered, s.phases);
                }
            }
            Err(e) => {
                self.pause = Some(Instant::now() + self.failures.failed(&e));
            }
        }
    }

    fn waited(&mut self, (inbound, r, began): (In, anyhow::Result<()>, std::time::Instant)) {
        self.inbound = Some(inbound);
        match r {
            Ok(()) => self.want_pass = true,
            // a connection that served a while, then dropped (the server's
            // idle timeout, a restart): the next pass reconnects at once,
            // and a failure there counts
            Err(e) if began.elapsed() >= Duration::from_secs(1) => {
                tracing::info!("waiting for mail: {e:#}; reconnecting");
                self.want_pass = true;
            }
            Err(e) => {
                let pause = self.failures.failed(&e.context("waiting for mail"));
                self.pause = Some(Instant::now() + pause);
            }
        }
    }

    fn timer_fired(&mut self) {
        self.timer = None;
        match self.due {
            Some(due) if (due as f64) <= unix_now() => self.want_tick = true,
            // woken early (TIMER_MAX): sleep again
            Some(due) => self.timer = Some(instant_of(due)),
            None => {}
        }
    }
}
