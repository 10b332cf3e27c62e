//! Mail in and mail out, behind two traits so transports can be swapped.
//!
//! - [`maildir`]: the embedded default, a local Maildir spool for both directions.
//! - [`read`]: turning raw inbound mail into sender + command lines (mail-parser),
//!   and deciding which mail must never be answered (bounces, auto-replies, lists, loops).
//! - [`flowed`]: `format=flowed` plain text (RFC 3676) decoded for the reader.
//! - [`redact`]: passwords out of inbound mail before it is stored.
//! - [`compose`]: outgoing mail built with lettre's typed builder (no header injection).
//! - [`imap`], [`smtp`], [`tls`]: real mail accounts (IMAP with IDLE in; SMTP or sendmail out).

pub mod compose;
pub mod flowed;
pub mod imap;
pub mod maildir;
pub mod read;
pub mod redact;
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
    /// Where the transport is (IMAP: UIDVALIDITY and last UID), kept by the judge.
    fn state(&self) -> Option<String> {
        None
    }
    fn set_state(&mut self, _state: &str) {}
}

/// Where mail goes. `send` must be idempotent for the same `id`, or at least
/// safe to repeat: the outbox calls it again if the judge stopped before it
/// could record the send.
pub trait Outbound {
    fn send(&mut self, id: i64, message: &[u8], to: &str) -> anyhow::Result<()>;

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
