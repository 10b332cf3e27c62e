//! Errors in a row: the pause before the next try, and what is logged of them.

use std::time::Duration;

/// The pause after the `n`th error in a row (from 1): 1, 2, 4, then 5 s. Short
/// enough that the judge is back within seconds of a server's return however
/// long it was away; a refused connection costs the server nothing.
pub fn retry_pause(n: u32) -> Duration {
    Duration::from_secs(match n {
        0 | 1 => 1,
        2 => 2,
        3 => 4,
        _ => 5,
    })
}

/// Errors in a row, and what was logged of them: the first, any that reads
/// differently, otherwise at most one line a minute; then one line when a
/// pass works again.
#[derive(Debug, Default)]
pub struct Failures {
    count: u32,
    since: Option<std::time::Instant>,
    logged: Option<(std::time::Instant, String)>,
}

/// How often a failure that goes on is logged again.
pub const FAILURE_REMINDER: Duration = Duration::from_secs(60);

impl Failures {
    /// Counts an error, logs it if due, and returns the pause before the next try.
    pub fn failed(&mut self, e: &anyhow::Error) -> Duration {
        self.count += 1;
        let now = std::time::Instant::now();
        let since = *self.since.get_or_insert(now);
        let pause = retry_pause(self.count);
        let text = format!("{e:#}");
        let due = match &self.logged {
            None => true,
            Some((at, last)) => *last != text || now.duration_since(*at) >= FAILURE_REMINDER,
        };
        if due {
            if self.count == 1 {
                tracing::error!("{text}; trying again in {} s", pause.as_secs());
            } else {
                tracing::error!(
                    "{text}; failing for {} s ({} tries), trying again every {} s or less (logged again in a minute, or when the error changes)",
                    now.duration_since(since).as_secs(),
                    self.count,
                    pause.as_secs()
                );
            }
            self.logged = Some((now, text));
        }
        pause
    }

    /// A pass that worked: logs the recovery after errors.
    pub fn succeeded(&mut self) {
        if self.count > 0 {
            let secs = self.since.map(|s| s.elapsed().as_secs()).unwrap_or(0);
            tracing::info!("working again after {} failed tries in {secs} s", self.count);
        }
        *self = Failures::default();
    }

    /// Errors in a row so far.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// Whether the last [`Failures::failed`] was logged.
    pub fn logged_at(&self) -> Option<std::time::Instant> {
        self.logged.as_ref().map(|(at, _)| *at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_between_tries_grows_to_five_seconds_and_stays_there() {
        let pauses: Vec<u64> = (1..=40).map(|n| retry_pause(n).as_secs()).collect();
        assert_eq!(&pauses[..6], &[1, 2, 4, 5, 5, 5]);
        assert!(pauses.iter().all(|&p| p <= 5));
        // an outage of any length is noticed to be over within the longest pause
        let waited: u64 = pauses.iter().sum();
        assert!(waited > 180, "forty tries span three minutes: {waited} s");
    }

    #[test]
    fn a_failure_that_goes_on_is_logged_once_then_once_a_minute_or_when_it_changes() {
        let mut f = Failures::default();
        let down = anyhow::anyhow!("cannot connect to 127.0.0.1:993: Connection refused");
        f.failed(&down);
        let first = f.logged_at().unwrap();
        for _ in 0..20 {
            f.failed(&down);
        }
        assert_eq!(f.logged_at(), Some(first), "the same error is not logged again within a minute");
        assert_eq!(f.count(), 21);
        f.failed(&anyhow::anyhow!("IMAP login as judge failed"));
        assert!(f.logged_at() > Some(first), "a new error is logged");
        f.succeeded();
        assert_eq!(f.count(), 0);
        assert_eq!(f.logged_at(), None);
    }
}
