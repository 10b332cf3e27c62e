//! IMAP inbound: implicit TLS, STARTTLS or plain (loopback); the mailbox's mail in
//! UID order; after the database commit the mail is flagged `\Seen` and moved to the
//! processed folder (or deleted); unreadable mail goes to a quarantine folder.
//! IDLE where the server has it, polling otherwise. Any error drops the
//! connection; the next call reconnects (the daemon backs off between tries).
//!
//! The `imap` crate (3.0 alpha) gets our own rustls stream: its TLS builder cannot
//! take a custom CA, and STARTTLS is done here before handing the stream over.

use super::{Inbound, RawMail};
use crate::config::{Imap, Security};
use anyhow::Context;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// A TCP stream, plain or wrapped in TLS.
#[derive(Debug)]
pub enum Stream {
    Plain(TcpStream),
    Tls(Box<rustls::StreamOwned<rustls::ClientConnection, TcpStream>>),
}

impl Stream {
    fn tcp(&self) -> &TcpStream {
        match self {
            Stream::Plain(s) => s,
            Stream::Tls(s) => &s.sock,
        }
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Stream::Plain(s) => s.read(buf),
            Stream::Tls(s) => s.read(buf),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Stream::Plain(s) => s.write(buf),
            Stream::Tls(s) => s.write(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Stream::Plain(s) => s.flush(),
            Stream::Tls(s) => s.flush(),
        }
    }
}

impl imap::extensions::idle::SetReadTimeout for Stream {
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> imap::error::Result<()> {
        self.tcp().set_read_timeout(timeout).map_err(imap::error::Error::Io)
    }
}

/// Connects a TCP stream with a timeout on connect, reads and writes.
pub fn tcp(host: &str, port: u16, timeout: Duration) -> anyhow::Result<TcpStream> {
    let mut last = None;
    for addr in (host, port).to_socket_addrs().with_context(|| format!("resolving {host}"))? {
        match TcpStream::connect_timeout(&addr, timeout) {
            Ok(s) => {
                // commands go out in several small writes: without this, Nagle's
                // algorithm and delayed ACKs add ~40 ms to every round trip
                s.set_nodelay(true)?;
                s.set_read_timeout(Some(timeout))?;
                s.set_write_timeout(Some(timeout))?;
                return Ok(s);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(anyhow::anyhow!("cannot connect to {host}:{port}: {}", last.map(|e| e.to_string()).unwrap_or_else(|| "no address".into())))
}

fn wrap(tcp: TcpStream, cfg: &crate::config::Server) -> anyhow::Result<Stream> {
    let tls = super::tls::client_config(cfg.ca_file.as_deref())?;
    let name = rustls::pki_types::ServerName::try_from(cfg.server_name.clone()).map_err(|e| anyhow::anyhow!("server name {}: {e}", cfg.server_name))?;
    let conn = rustls::ClientConnection::new(tls, name)?;
    let mut s = rustls::StreamOwned::new(conn, tcp);
    // finish the handshake now, so certificate problems are reported as such
    while s.conn.is_handshaking() {
        s.conn.complete_io(&mut s.sock).map_err(|e| anyhow::anyhow!("TLS with {}:{}: {e}", cfg.host, cfg.port))?;
    }
    Ok(Stream::Tls(Box::new(s)))
}

pub struct ImapInbound {
    cfg: Imap,
    session: Option<imap::Session<Stream>>,
    uidvalidity: Option<u32>,
    last_uid: u32,
    has_move: bool,
    has_idle: bool,
    /// Mails larger than this are fetched only up to one byte past it (the
    /// reader then answers with a short refusal).
    max_bytes: usize,
}

impl ImapInbound {
    pub fn new(cfg: Imap) -> ImapInbound {
        ImapInbound { cfg, session: None, uidvalidity: None, last_uid: 0, has_move: false, has_idle: false, max_bytes: 64 << 20 }
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
        let tcp = tcp(&s.host, s.port, timeout)?;
        let client = match s.security {
            Security::Tls => {
                let mut c = imap::Client::new(wrap(tcp, s)?);
                c.read_greeting().context("reading the IMAP greeting")?;
                c
            }
            Security::Plain => {
                let mut c = imap::Client::new(Stream::Plain(tcp));
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
                let mut c = imap::Client::new(wrap(tcp, s)?);
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
        Ok(())
    }

    fn with<T>(&mut self, f: impl FnOnce(&mut imap::Session<Stream>, &mut Self) -> anyhow::Result<T>) -> anyhow::Result<T> {
        self.connect()?;
        let mut session = self.session.take().expect("connected");
        match f(&mut session, self) {
            Ok(v) => {
                self.session = Some(session);
                Ok(v)
            }
            // the connection is not trusted after an error: reconnect next time
            Err(e) => Err(e),
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

    fn quarantine(&mut self, key: &str) -> anyhow::Result<()> {
        let f = self.cfg.quarantine_folder.clone();
        self.dispose(&[key], Some(f))
    }

    fn wait(&mut self, timeout: Duration) -> anyhow::Result<()> {
        if !self.cfg.idle {
            std::thread::sleep(timeout);
            return Ok(());
        }
        self.with(|s, me| {
            if !me.has_idle {
                std::thread::sleep(timeout);
                return Ok(());
            }
            s.idle().timeout(timeout.max(Duration::from_secs(1))).keepalive(false).wait_while(imap::extensions::idle::stop_on_any)?;
            Ok(())
        })
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
