//! How the loop waits: for a wall-clock second on the monotonic clock, for
//! an instant that may not be set, and for the replies of a batch to be
//! handed to the outbox's task.

use std::sync::{Condvar, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// The longest the deadline timer sleeps before it looks at the wall clock
/// again (which may have been set meanwhile).
const TIMER_MAX: Duration = Duration::from_secs(60);

/// The most a pass waits, after a batch, for its replies to be sent.
pub const HANDOFF_MAX: Duration = Duration::from_secs(1);

/// Flushes of the outbox asked for by the judge (after a batch) and done
/// by the sending task. A pass waits for the replies of its batch to be
/// sent (at most [`HANDOFF_MAX`]) before it reads the next batch: replies
/// keep pace with a backlog, and the sending task's "sent" marks get the
/// database between batches (SQLite's writers are not served in turn:
/// back-to-back batches starved them).
#[derive(Default)]
pub(super) struct Handoff {
    /// (flushes asked for, the last asked-for flush done)
    count: Mutex<(u64, u64)>,
    done: Condvar,
}

impl Handoff {
    /// Asks for a flush: its number.
    pub(super) fn ask(&self) -> u64 {
        let mut c = self.count.lock().unwrap_or_else(|e| e.into_inner());
        c.0 += 1;
        c.0
    }

    /// The flushes asked for so far (the sending task, as it begins one).
    pub(super) fn asked(&self) -> u64 {
        self.count.lock().unwrap_or_else(|e| e.into_inner()).0
    }

    /// The flush that began after `n` were asked for is done.
    pub(super) fn did(&self, n: u64) {
        let mut c = self.count.lock().unwrap_or_else(|e| e.into_inner());
        c.1 = c.1.max(n);
        self.done.notify_all();
    }

    /// Waits until flush `n` is done, at most `max`.
    pub(super) fn wait(&self, n: u64, max: Duration) {
        let c = self.count.lock().unwrap_or_else(|e| e.into_inner());
        let _ = self.done.wait_timeout_while(c, max, |c| c.1 < n);
    }
}

/// Seconds since the epoch, with the fraction.
pub(super) fn unix_now() -> f64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs_f64()).unwrap_or(0.0)
}

/// The monotonic instant of a wall-clock second (just past its start), at
/// most [`TIMER_MAX`] away.
pub(super) fn instant_of(unix: i64) -> Instant {
    let wait = (unix as f64 - unix_now()).max(0.0) + 0.001;
    Instant::now() + Duration::from_secs_f64(wait).min(TIMER_MAX)
}

/// Sleeps until `at`, if set (forever if not).
pub(super) async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_batch_waits_for_a_flush_begun_after_it_asked_not_for_one_in_progress() {
        let h = Arc::new(Handoff::default());
        // a flush in progress, begun before the batch asked
        let begun = h.asked();
        let n = h.ask();
        h.did(begun);
        assert!(h.count.lock().unwrap().1 < n, "the flush in progress did not send the batch's replies");
        let sender = {
            let h = Arc::clone(&h);
            std::thread::spawn(move || {
                let k = h.asked();
                h.did(k);
                k
            })
        };
        h.wait(n, Duration::from_secs(3600));
        assert_eq!(sender.join().unwrap(), n);
        assert!(h.count.lock().unwrap().1 >= n);
        // nothing sends: the wait ends at its bound, the flush not done
        let m = h.ask();
        h.wait(m, Duration::from_millis(10));
        assert!(h.count.lock().unwrap().1 < m);
    }
}
