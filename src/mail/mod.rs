//! Mail in and mail out, behind two traits so transports can be swapped.
//!
//! - [`maildir`]: the embedded default, a local Maildir spool for both directions.
//! - [`read`]: turning raw inbound mail into sender + command lines (mail-parser),
//!   and deciding which mail must never be answered (bounces, auto-replies, lists, loops).
//! - [`compose`]: outgoing mail built with lettre's typed builder (no header injection).

pub mod compose;
pub mod maildir;
pub mod read;

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
}

/// Where mail goes. `send` must be idempotent for the same `id`, or at least
/// safe to repeat: the outbox calls it again if the judge stopped before it
/// could record the send.
pub trait Outbound {
    fn send(&mut self, id: i64, message: &[u8], to: &str) -> anyhow::Result<()>;
}
