//! Mail in and mail out, behind two traits so transports can be swapped.
//!
//! - [`maildir`]: the embedded default, a local Maildir spool for both directions.
//! - [`read`]: turning raw inbound mail into sender + command lines (mail-parser),
//!   and deciding which mail must never be answered (bounces, auto-replies, lists, loops).
//! - [`flowed`]: `format=flowed` plain text (RFC 3676) decoded for the reader.
//! - [`signon`]: the sign-on grammar (sign-on and password lines, however
//!   mistyped), which the reader and the redaction both use.
//! - [`redact`]: passwords out of inbound mail before it is stored.
//! - [`compose`]: outgoing mail built with lettre's typed builder (no header injection).
//! - [`imap`], [`smtp`], [`tls`]: real mail accounts (IMAP with IDLE in; SMTP or sendmail out).

pub mod compose;
pub mod flowed;
pub mod imap;
pub mod maildir;
pub mod read;
pub mod redact;
pub mod signon;
pub mod smtp;
pub mod tls;

/// One inbound mail as the transport delivered it.
#[derive(Clone, Debug)]
pub struct RawMail {
    /// The transport's handle for it (a file name, an IMAP UID).
    pub key: String,
    pub bytes: Vec<u8>,
}

/// Where mail comes from. `fetch` returns mail not yet marked done, oldest first;
/// `done` is called only after the mail's effects are committed to the database.
pub trait Inbound {
    fn fetch(&mut self, max: usize) -> anyhow::Result<Vec<RawMail>>;
    fn done(&mut self, key: &str) -> anyhow::Result<()>;
    /// Several at once (one IMAP command for the set).
    fn done_many(&mut self, keys: &[&str]) -> anyhow::Result<()> {
        keys.iter().try_for_each(|k| self.done(k))
    }
    /// A mail that could not be read: set aside for the keeper (default: as done).
    fn quarantine(&mut self, key: &str) -> anyhow::Result<()> {
        self.done(key)
    }
    /// Mails fetched but not handled (the pass ran out of time): fetched again
    /// first, in the same order. (IMAP fetches everything undeleted anyway.)
    fn unfetch(&mut self, _keys: &[&str]) {}
    /// Waits up to `timeout` for new mail (IMAP IDLE), or just sleeps.
    fn wait(&mut self, timeout: std::time::Duration) -> anyhow::Result<()> {
        std::thread::sleep(timeout);
        Ok(())
    }
    /// [`Inbound::wait`], ending early (within [`STOP_CHECK`]) once `stop` is
    /// set. The default waits in slices: a slice that ends before its time
    /// means that mail came.
    fn wait_until(&mut self, timeout: std::time::Duration, stop: &std::sync::atomic::AtomicBool) -> anyhow::Result<()> {
        let until = std::time::Instant::now() + timeout;
        loop {
            let now = std::time::Instant::now();
            if now >= until || stop.load(std::sync::atomic::Ordering::Relaxed) {
                return Ok(());
            }
            let slice = STOP_CHECK.min(until - now);
            self.wait(slice)?;
            if now.elapsed() < slice {
                return Ok(());
            }
        }
    }
    /// Where the transport is (IMAP: UIDVALIDITY and last UID), kept by the judge.
    fn state(&self) -> Option<String> {
        None
    }
    fn set_state(&mut self, _state: &str) {}
}

/// Sleeps until `until` or until `stop` is set, checking it every 50 ms.
pub fn sleep_until(until: std::time::Instant, stop: &std::sync::atomic::AtomicBool) {
    loop {
        let now = std::time::Instant::now();
        if now >= until || stop.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        std::thread::sleep((until - now).min(std::time::Duration::from_millis(50)));
    }
}

/// How often a waiting [`Inbound::wait_until`] looks at its stop flag.
pub const STOP_CHECK: std::time::Duration = std::time::Duration::from_millis(250);

/// Where mail goes. `send` must be idempotent for the same `id`, or at least
/// safe to repeat: the outbox calls it again if the judge stopped before it
/// could record the send.
pub trait Outbound {
    fn send(&mut self, id: i64, message: &[u8], to: &str) -> anyhow::Result<()>;

    /// Another handle on the same transport, with a connection of its own,
    /// for a lane that sends beside this one (`serve`'s outbox lanes). None
    /// (the default): the transport is used by one lane only.
    fn lane(&self) -> Option<Box<dyn Outbound + Send>> {
        None
    }

    /// Sends several mails, reporting each result to `done` as soon as it is
    /// known (so the caller records it at once). The default sends one by one.
    fn send_many(&mut self, mails: &[Outgoing], done: &mut dyn FnMut(usize, anyhow::Result<()>)) {
        for (i, m) in mails.iter().enumerate() {
            let r = self.send(m.id, &m.bytes, &m.to);
            done(i, r);
        }
    }
}

/// One composed outgoing mail.
pub struct Outgoing {
    pub id: i64,
    pub bytes: Vec<u8>,
    pub to: String,
}

/// The mailbox an address delivers to, for the per-address reply limit:
/// lowercase, without a `+tag` (`Name+x@Example.org` → `name@example.org`).
pub fn mailbox_key(addr: &str) -> String {
    let addr = addr.trim().to_ascii_lowercase();
    match addr.rsplit_once('@') {
        Some((local, domain)) => {
            let base = local.split('+').next().filter(|b| !b.is_empty()).unwrap_or(local);
            format!("{base}@{domain}")
        }
        None => addr,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    /// An inbox whose `wait` sleeps, returning early once `mail_at` has come.
    struct Quiet {
        mail_at: Option<Instant>,
    }

    impl Inbound for Quiet {
        fn fetch(&mut self, _max: usize) -> anyhow::Result<Vec<RawMail>> {
            Ok(Vec::new())
        }
        fn done(&mut self, _key: &str) -> anyhow::Result<()> {
            Ok(())
        }
        fn wait(&mut self, timeout: Duration) -> anyhow::Result<()> {
            let until = Instant::now() + timeout;
            while Instant::now() < until {
                if self.mail_at.is_some_and(|t| Instant::now() >= t) {
                    return Ok(());
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            Ok(())
        }
    }

    #[test]
    fn a_long_wait_ends_soon_after_the_stop_flag_is_set() {
        let stop = AtomicBool::new(false);
        let t = Instant::now();
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(300));
                stop.store(true, Ordering::Relaxed);
            });
            Quiet { mail_at: None }.wait_until(Duration::from_secs(3600), &stop).unwrap();
        });
        // well within a second of the stop (the wait was for an hour)
        assert!(t.elapsed() < Duration::from_millis(1300), "{:?}", t.elapsed());
    }

    #[test]
    fn a_wait_in_slices_still_ends_when_mail_comes_and_lasts_its_time_otherwise() {
        let stop = AtomicBool::new(false);
        let t = Instant::now();
        Quiet { mail_at: Some(Instant::now() + Duration::from_millis(600)) }.wait_until(Duration::from_secs(3600), &stop).unwrap();
        assert!(t.elapsed() >= Duration::from_millis(600) && t.elapsed() < Duration::from_millis(1600), "{:?}", t.elapsed());
        let t = Instant::now();
        Quiet { mail_at: None }.wait_until(Duration::from_millis(700), &stop).unwrap();
        assert!(t.elapsed() >= Duration::from_millis(700), "{:?}", t.elapsed());
    }

    #[test]
    fn sleep_until_ends_at_its_time_or_at_the_stop() {
        let stop = AtomicBool::new(false);
        let t = Instant::now();
        sleep_until(t + Duration::from_millis(120), &stop);
        assert!(t.elapsed() >= Duration::from_millis(120));
        stop.store(true, Ordering::Relaxed);
        let t = Instant::now();
        sleep_until(t + Duration::from_secs(60), &stop);
        assert!(t.elapsed() < Duration::from_millis(100));
    }
}
