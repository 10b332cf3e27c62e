//! IMAP inbound: implicit TLS, STARTTLS or plain (loopback); the mailbox's mail in
//! UID order; after the database commit the mail is flagged `\Seen` and moved to the
//! processed folder (or deleted); unreadable mail goes to a quarantine folder.
//! IDLE where the server has it, polling otherwise. Any error drops the
//! connection; the next call reconnects (the daemon backs off between tries).
//!
//! While mail is coming in (for [`LIVELY`] after the last), IDLE is renewed
//! every [`IDLE_RENEW`]: each renewal makes the server look at the mailbox at
//! once, where its own notice may be late (Dovecot holds it back 0.5 s).
//! Otherwise one IDLE waits for the server's notice, renewed every
//! `idle_seconds`. The daemon's stop flag ends any wait at once (a watcher
//! thread cuts the connection).
//!
//! The `imap` crate (3.0 alpha) gets our own rustls stream: its TLS builder cannot
//! take a custom CA, and STARTTLS is done here before handing the stream over.

use super::{Inbound, RawMail};
use crate::config::{Imap, Security};
use anyhow::Context;
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often a waiting IDLE is ended and begun again while mail is coming in
/// (DONE, IDLE: two short lines each way). The server checks the mailbox when
/// an IDLE begins, so new mail is seen within this time even where the
/// server's own notice is late (Dovecot delays it 0.5 s).
pub const IDLE_RENEW: Duration = Duration::from_millis(250);

/// How long after the last new mail IDLE is renewed every [`IDLE_RENEW`]
/// (a conversation, a deadline's rush); then the server's notices are
/// waited for, at no cost to it.
pub const LIVELY: Duration = Duration::from_secs(60);

/// What the server said while [`Stream::tap`] was on (the lines of an IDLE,
/// including the answer to its DONE, which the `imap` crate reads and drops).
#[derive(Debug, Default)]
struct Tap {
    on: AtomicBool,
    heard: Mutex<Vec<u8>>,
}

impl Tap {
    fn start(&self) {
        self.heard.lock().unwrap_or_else(|e| e.into_inner()).clear();
        self.on.store(true, Ordering::Relaxed);
    }

    fn take(&self) -> Vec<u8> {
        self.on.store(false, Ordering::Relaxed);
        std::mem::take(&mut *self.heard.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

/// The connection handed to the `imap` crate: the stream, its usual read
/// timeout (restored whenever the crate would take it away) and the tap.
#[derive(Debug)]
pub struct Stream {
    inner: super::tls::Stream,
    timeout: Duration,
    tap: Arc<Tap>,
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if self.tap.on.load(Ordering::Relaxed) {
            self.tap.heard.lock().unwrap_or_else(|e| e.into_inner()).extend_from_slice(&buf[..n]);
        }
        Ok(n)
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.inner.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

impl imap::extensions::idle::SetReadTimeout for Stream {
    /// The crate sets IDLE's timeout, then `None` when the IDLE is over: the
    /// usual timeout comes back instead, so that no later read (the answer to
    /// DONE first) can wait forever on a server that went silent.
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> imap::error::Result<()> {
        let t = timeout.unwrap_or(self.timeout).max(Duration::from_millis(1));
        self.inner.tcp().set_read_timeout(Some(t)).map_err(imap::error::Error::Io)
    }
}

/// Whether the server's lines announce new mail (`* n EXISTS` or `* n RECENT`).
fn announces_mail(heard: &[u8]) -> bool {
    heard.split(|&b| b == b'\n').any(|line| {
        let mut words = line.split(|&b| b == b' ' || b == b'\r').filter(|w| !w.is_empty());
        words.next() == Some(b"*")
            && words.next().is_some_and(|n| !n.is_empty() && n.iter().all(u8::is_ascii_digit))
            && words.next().is_some_and(|w| w.eq_ignore_ascii_case(b"EXISTS") || w.eq_ignore_ascii_case(b"RECENT"))
    })
}

pub struct ImapInbound {
    cfg: Imap,
    session: Option<imap::Session<Stream>>,
    /// The session's stream's tap (see [`Tap`]).
    tap: Arc<Tap>,
    /// The session's socket (another handle on it), to cut a wait short;
    /// dropped with the session.
    sock: Option<std::net::TcpStream>,
    /// When new mail was last fetched.
    last_mail: Option<Instant>,
    uidvalidity: Option<u32>,
    last_uid: u32,
    has_move: bool,
    has_idle: bool,
    /// Mails larger than this are fetched only up to one byte past it (the
    /// reader then answers with a short refusal).
    max_bytes: usize,
    /// The most mails and bytes the quarantine folder keeps (the oldest go
    /// first): see [`super::maildir::QUARANTINE_MAX_MAILS`].
    quarantine_limits: (usize, u64),
}

impl ImapInbound {
    pub fn new(cfg: Imap) -> ImapInbound {
        ImapInbound {
            cfg,
            session: None,
            tap: Arc::default(),
            sock: None,
            last_mail: None,
            uidvalidity: None,
            last_uid: 0,
            has_move: false,
            has_idle: false,
            max_bytes: 64 << 20,
            quarantine_limits: (super::maildir::QUARANTINE_MAX_MAILS, super::maildir::QUARANTINE_MAX_BYTES),
        }
    }

    /// The most mails and bytes the quarantine folder keeps (defaults
    /// [`super::maildir::QUARANTINE_MAX_MAILS`] and
    /// [`super::maildir::QUARANTINE_MAX_BYTES`]).
    pub fn with_quarantine_limits(mut self, max_mails: usize, max_bytes: u64) -> ImapInbound {
        self.quarantine_limits = (max_mails, max_bytes);
        self
    }

    /// Caps what is downloaded of one mail (the server's RFC822.SIZE is asked first).
    pub fn with_max_bytes(mut self, max_bytes: usize) -> ImapInbound {
        self.max_bytes = max_bytes;
        self
    }

    /// Logs in and selects the mailbox (used by `check-config --connect` too).
    pub fn connect(&mut self) -> anyhow::Result<()> {
        if self.session.is_some() {
            return Ok(());
        }
        let s = &self.cfg.server;
        let timeout = Duration::from_secs(s.timeout_secs);
        let tcp = super::tls::tcp(&s.host, s.port, timeout)?;
        let sock = tcp.try_clone()?;
        let wrap = |tcp| super::tls::wrap(tcp, super::tls::client_config(s.ca_file.as_deref())?, s);
        let tap = Arc::new(Tap::default());
        let stream = |inner| Stream { inner, timeout, tap: Arc::clone(&tap) };
        let client = match s.security {
            Security::Tls => {
                let mut c = imap::Client::new(stream(wrap(tcp)?));
                c.read_greeting().context("reading the IMAP greeting")?;
                c
            }
            Security::Plain => {
                let mut c = imap::Client::new(stream(super::tls::Stream::Plain(tcp)));
                c.read_greeting().context("reading the IMAP greeting")?;
                c
            }
            Security::StartTls => {
                let mut r = BufReader::new(tcp.try_clone()?);
                let mut line = String::new();
                r.read_line(&mut line).context("reading the IMAP greeting")?;
                if !line.starts_with("* OK") {
                    anyhow::bail!("unexpected IMAP greeting: {}", line.trim());
                }
                (&tcp).write_all(b"a0 STARTTLS\r\n")?;
                loop {
                    line.clear();
                    if r.read_line(&mut line)? == 0 {
                        anyhow::bail!("the IMAP server closed the connection during STARTTLS");
                    }
                    if line.starts_with("a0 ") {
                        break;
                    }
                }
                if !line.starts_with("a0 OK") {
                    anyhow::bail!("the IMAP server refused STARTTLS: {}", line.trim());
                }
                let mut c = imap::Client::new(stream(wrap(tcp)?));
                c.greeting_read = true;
                c
            }
        };
        let user = s.user.clone().unwrap_or_default();
        let mut session = client.login(&user, s.password.clone().unwrap_or_default()).map_err(|(e, _)| anyhow::anyhow!("IMAP login as {user} failed: {e}"))?;
        let caps = session.capabilities()?;
        self.has_move = caps.has_str("MOVE");
        self.has_idle = caps.has_str("IDLE");
        drop(caps);
        for f in self.cfg.processed_folder.iter().chain(std::iter::once(&self.cfg.quarantine_folder)) {
            // exists already: fine
            let _ = session.create(f);
        }
        let mb = session.select(&self.cfg.mailbox).with_context(|| format!("selecting {}", self.cfg.mailbox))?;
        if mb.uid_validity != self.uidvalidity {
            self.last_uid = 0;
            self.uidvalidity = mb.uid_validity;
        }
        self.session = Some(session);
        self.sock = Some(sock);
        self.tap = tap;
        Ok(())
    }

    fn with<T>(&mut self, f: impl FnOnce(&mut imap::Session<Stream>, &mut Self) -> anyhow::Result<T>) -> anyhow::Result<T> {
        self.connect()?;
        let mut session = self.session.take().expect("connected");
        match f(&mut session, self) {
            Ok(v) => {
                // the crate keeps every untagged response it did not ask for
                // (EXISTS, EXPUNGE, flags) until taken: nothing here reads them,
                // and a session lives for days
                drop(session.take_all_unsolicited());
                self.session = Some(session);
                Ok(v)
            }
            // the connection is not trusted after an error: reconnect next time
            Err(e) => {
                self.sock = None;
                Err(e)
            }
        }
    }

    /// IDLEs of at most `renew` each until new mail is announced, `until`
    /// or `stop`.
    fn idle_until(&mut self, until: Instant, renew: Duration, stop: &AtomicBool) -> anyhow::Result<()> {
        let started = Instant::now();
        loop {
            let now = Instant::now();
            if now >= until || stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let slice = renew.min(until - now).max(Duration::from_millis(10));
            let tap = Arc::clone(&self.tap);
            let changed = self.with(|s, _| {
                tap.start();
                // the handle sends DONE and reads its answer when dropped
                let outcome = s.idle().timeout(slice).keepalive(false).wait_while(imap::extensions::idle::stop_on_any);
                // lines that came with the answer to DONE are seen here only
                let heard = tap.take();
                Ok(outcome? == imap::extensions::idle::WaitOutcome::MailboxChanged || announces_mail(&heard))
            })?;
            if changed {
                tracing::debug!("new mail announced after {} ms of IDLE", started.elapsed().as_millis());
                return Ok(());
            }
        }
    }

    /// Flags the mails `\Seen` and moves them to `folder` (or deletes them), in
    /// one command each for the whole set.
    fn dispose(&mut self, keys: &[&str], folder: Option<String>) -> anyhow::Result<()> {
        let current = self.uidvalidity.map(|v| v.to_string());
        let mut uids = Vec::new();
        for key in keys {
            let (validity, uid) = key.split_once(':').ok_or_else(|| anyhow::anyhow!("bad IMAP key {key}"))?;
            // a UID from before the mailbox was recreated means something else now
            if current.as_deref() == Some(validity) {
                uids.push(uid.to_string());
            }
        }
        if uids.is_empty() {
            return Ok(());
        }
        let set = uids.join(",");
        self.with(|s, me| {
            s.uid_store(&set, "+FLAGS (\\Seen)")?;
            match folder {
                Some(f) if me.has_move => s.uid_mv(&set, &f)?,
                Some(f) => {
                    s.uid_copy(&set, &f)?;
                    s.uid_store(&set, "+FLAGS (\\Deleted)")?;
                    s.uid_expunge(&set)?;
                }
                None => {
                    s.uid_store(&set, "+FLAGS (\\Deleted)")?;
                    s.uid_expunge(&set)?;
                }
            }
            Ok(())
        })
    }
}

impl ImapInbound {
    /// Deletes the mails set aside first (lowest UIDs: a folder numbers what
    /// comes into it in order) while the quarantine folder holds more than
    /// its limits ([`ImapInbound::with_quarantine_limits`]), then selects the
    /// mailbox again. Returns how many went.
    pub fn prune_quarantine(&mut self) -> anyhow::Result<usize> {
        let folder = self.cfg.quarantine_folder.clone();
        let mailbox = self.cfg.mailbox.clone();
        let (max_mails, max_bytes) = self.quarantine_limits;
        self.with(|s, me| {
            let q = s.select(&folder).with_context(|| format!("selecting {folder}"))?;
            let pruned = if q.exists == 0 { Ok(0) } else { prune_selected(s, &folder, max_mails, max_bytes) };
            // back to the mailbox whatever happened there
            let mb = s.select(&mailbox).with_context(|| format!("selecting {mailbox}"))?;
            if mb.uid_validity != me.uidvalidity {
                me.last_uid = 0;
                me.uidvalidity = mb.uid_validity;
            }
            pruned
        })
    }
}

/// In the selected quarantine folder: deletes the oldest mails past the limits.
fn prune_selected(s: &mut imap::Session<Stream>, folder: &str, max_mails: usize, max_bytes: u64) -> anyhow::Result<usize> {
    let fetched = s.uid_fetch("1:*", "RFC822.SIZE")?;
    // a mail whose size the server does not give counts towards the number alone
    let mut sizes: Vec<(u32, u64)> = fetched.iter().filter_map(|f| Some((f.uid?, f.size.map_or(0, u64::from)))).collect();
    sizes.sort_unstable();
    let n = super::maildir::quarantine_overflow(&sizes.iter().map(|x| x.1).collect::<Vec<_>>(), max_mails, max_bytes);
    if n == 0 {
        return Ok(0);
    }
    let set = sizes[..n].iter().map(|(u, _)| u.to_string()).collect::<Vec<_>>().join(",");
    s.uid_store(&set, "+FLAGS (\\Deleted)")?;
    s.uid_expunge(&set)?;
    tracing::warn!(
        "IMAP folder {folder}: {} mails, {} bytes, over its limits ({max_mails} mails, {max_bytes} bytes): the {n} set aside first deleted (UIDs {} to {})",
        sizes.len(),
        sizes.iter().map(|x| x.1).sum::<u64>(),
        sizes[0].0,
        sizes[n - 1].0
    );
    Ok(n)
}

impl Inbound for ImapInbound {
    fn fetch(&mut self, max: usize) -> anyhow::Result<Vec<RawMail>> {
        self.with(|s, me| {
            // let the server tell this session about mail that arrived since
            s.noop()?;
            // everything still in the mailbox is to do: processed mail is moved out
            // (or deleted), and a mail flagged \Seen by a judge killed before it
            // could move it must not be stranded (the Message-ID check skips repeats)
            let mut uids: Vec<u32> = s.uid_search("UNDELETED")?.into_iter().collect();
            uids.sort_unstable();
            uids.truncate(max);
            let validity = me.uidvalidity.unwrap_or(0);
            let mut out = Vec::with_capacity(uids.len());
            if uids.is_empty() {
                return Ok(out);
            }
            // one command for the batch
            let set = uids.iter().map(|u| u.to_string()).collect::<Vec<_>>().join(",");
            // sizes first: an oversized mail is fetched only up to one byte past the limit
            let sizes = s.uid_fetch(&set, "RFC822.SIZE")?;
            let cap = me.max_bytes;
            let (mut big, mut small) = (Vec::new(), Vec::new());
            for f in sizes.iter() {
                if let Some(uid) = f.uid {
                    // a server that gives no size is treated as oversized: only a prefix is fetched
                    if f.size.is_none_or(|n| n as usize > cap) { big.push(uid) } else { small.push(uid) }
                }
            }
            let mut got: Vec<(u32, Vec<u8>)> = Vec::with_capacity(uids.len());
            let list = |u: &[u32]| u.iter().map(|u| u.to_string()).collect::<Vec<_>>().join(",");
            if !small.is_empty() {
                let fetches = s.uid_fetch(list(&small), "BODY.PEEK[]")?;
                got.extend(fetches.iter().filter_map(|f| Some((f.uid?, f.body()?.to_vec()))));
            }
            if !big.is_empty() {
                let fetches = s.uid_fetch(list(&big), format!("BODY.PEEK[]<0.{}>", cap + 1))?;
                got.extend(fetches.iter().filter_map(|f| Some((f.uid?, f.body()?.to_vec()))));
            }
            got.sort_by_key(|(u, _)| *u);
            for (uid, bytes) in got {
                out.push(RawMail { key: format!("{validity}:{uid}"), bytes });
                me.last_uid = me.last_uid.max(uid);
            }
            if !out.is_empty() {
                me.last_mail = Some(Instant::now());
            }
            Ok(out)
        })
    }

    fn done(&mut self, key: &str) -> anyhow::Result<()> {
        self.done_many(&[key])
    }

    fn done_many(&mut self, keys: &[&str]) -> anyhow::Result<()> {
        let f = self.cfg.processed_folder.clone();
        self.dispose(keys, f)
    }

    /// Moves the mail to the quarantine folder, then keeps that folder within
    /// its limits ([`ImapInbound::prune_quarantine`]; a failure there is
    /// logged, the mail is set aside all the same).
    fn quarantine(&mut self, key: &str) -> anyhow::Result<()> {
        let f = self.cfg.quarantine_folder.clone();
        self.dispose(&[key], Some(f))?;
        if let Err(e) = self.prune_quarantine() {
            tracing::warn!("IMAP folder {}: could not be kept within its limits: {e:#}", self.cfg.quarantine_folder);
        }
        Ok(())
    }

    fn wait(&mut self, timeout: Duration) -> anyhow::Result<()> {
        self.wait_until(timeout, &AtomicBool::new(false))
    }

    /// IDLE until new mail is announced, `timeout` has passed or `stop` is
    /// set (polling: sleeps, checking `stop`). While mail is coming in, the
    /// IDLE is renewed every [`IDLE_RENEW`]; a watcher thread cuts the
    /// connection once `stop` is set, which ends the wait at once.
    fn wait_until(&mut self, timeout: Duration, stop: &AtomicBool) -> anyhow::Result<()> {
        let until = Instant::now() + timeout;
        if !self.cfg.idle {
            super::sleep_until(until, stop);
            return Ok(());
        }
        self.connect()?;
        if !self.has_idle {
            super::sleep_until(until, stop);
            return Ok(());
        }
        let lively = self.last_mail.is_some_and(|t| t.elapsed() < LIVELY);
        let renew = if lively { IDLE_RENEW } else { timeout };
        tracing::debug!("waiting for mail (IMAP IDLE, at most {} s{})", timeout.as_secs(), if lively { ", renewed every 0.25 s" } else { "" });
        let sock = self.sock.as_ref().map(|s| s.try_clone()).transpose()?;
        let done = AtomicBool::new(false);
        let waited = std::thread::scope(|scope| {
            let watcher = scope.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    if stop.load(Ordering::Relaxed) {
                        if let Some(s) = &sock {
                            // the IDLE's read returns at once
                            let _ = s.shutdown(std::net::Shutdown::Both);
                        }
                        return;
                    }
                    std::thread::park_timeout(Duration::from_millis(50));
                }
            });
            let waited = self.idle_until(until, renew, stop);
            done.store(true, Ordering::Relaxed);
            watcher.thread().unpark();
            waited
        });
        if stop.load(Ordering::Relaxed) {
            // stopping: the connection may be cut, and is not used again
            self.session = None;
            self.sock = None;
            return Ok(());
        }
        waited
    }

    fn state(&self) -> Option<String> {
        self.uidvalidity.map(|v| format!("{v}:{}", self.last_uid))
    }

    fn set_state(&mut self, state: &str) {
        if let Some((v, u)) = state.split_once(':')
            && let (Ok(v), Ok(u)) = (v.parse(), u.parse())
        {
            self.uidvalidity = Some(v);
            self.last_uid = u;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_mail_is_seen_in_what_the_server_said_during_an_idle() {
        assert!(announces_mail(b"+ idling\r\n* 4 EXISTS\r\n"));
        assert!(announces_mail(b"* 1 RECENT\r\na7 OK Idle completed (0.001 + 0.250 + 0.000 secs).\r\n"));
        assert!(announces_mail(b"+ idling\r\na7 OK done\r\n* 12 exists\r\n"));
        assert!(!announces_mail(b"+ idling\r\na7 OK Idle completed (0.001 + 0.250 + 0.000 secs).\r\n"));
        assert!(!announces_mail(b"* 3 EXPUNGE\r\n* OK Still here\r\n* 2 FETCH (FLAGS (\\Seen))\r\n"));
        assert!(!announces_mail(b"a3 OK [READ-WRITE] Select completed: 5 EXISTS\r\n"));
    }
}
