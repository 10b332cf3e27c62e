//! SMTP and sendmail outbound: implicit TLS (465), STARTTLS (587), plain on
//! loopback, AUTH PLAIN or LOGIN; or a local sendmail command (lettre).
//!
//! SMTP is spoken here rather than through lettre's transport, for speed on
//! every reply: the socket goes without Nagle's algorithm (lettre writes the
//! end of DATA apart from the text, and Nagle held it back for the server's
//! delayed ACK, 40 ms a mail), MAIL, RCPT and DATA go in one write where the
//! server offers PIPELINING, and connections are kept for the next mails.

use super::Outbound;
use super::tls::Stream;
use crate::config::{Security, Server};
use lettre::SendmailTransport;
use lettre::Transport;
use lettre::address::Envelope;
use std::io::{BufRead, BufReader, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Connections used at once when the outbox holds many mails: each SMTP
/// transaction waits on a few round trips, so throughput comes from
/// overlapping them. It also bounds the mails a `kill -9` during
/// `flush_outbox` can send twice: each connection can have had its mail
/// taken by the server in the instant before the judge recorded it as sent
/// (the copy sent again carries the same Message-ID).
pub const PARALLEL: usize = 8;

/// How long an unused connection is kept for the next mail (servers close
/// idle ones after a few minutes; Postfix's default is 300 s).
const KEEP_IDLE: Duration = Duration::from_secs(30);

/// A server's reply: its code and its lines' text.
#[derive(Debug, Clone, PartialEq)]
struct Reply {
    code: u16,
    text: String,
}

impl std::fmt::Display for Reply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.code, self.text)
    }
}

/// A step the SMTP server refused, with its reply: the error a send gives
/// then (inside its `anyhow::Error`), so that the outbox can tell from it how
/// to try again ([`retry_of`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// What was refused, as the error names it (`the recipient p1@example.test`).
    pub what: String,
    /// The reply's code (`550`) and text.
    pub code: u16,
    pub text: String,
    /// Whether this mail was refused (its recipient, its DATA, its text),
    /// rather than the session (EHLO, the login) or the judge's own sender.
    pub of_the_mail: bool,
}

impl Refusal {
    fn new(what: &str, r: &Reply, of_the_mail: bool) -> Refusal {
        Refusal { what: what.to_string(), code: r.code, text: r.text.clone(), of_the_mail }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the SMTP server refused {}: {} {}", self.what, self.code, self.text)
    }
}

impl std::error::Error for Refusal {}

/// How a mail that did not go is to be tried again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Retry {
    /// Refused for good: a permanent (5xx) reply to this mail's recipient,
    /// DATA or text. Not tried again.
    Never,
    /// The server answered, but not now (4xx), or refused the session or the
    /// judge's sender (a matter for the keeper): tried again, the pauses
    /// growing.
    Later,
    /// No server to speak to: the connection refused, cut or timed out, or
    /// 421 (the server closing). Tried again within seconds, so mail goes
    /// soon after the server is back.
    Soon,
}

/// How to try again after the send error `e` (any transport's: an error
/// that is no SMTP [`Refusal`] is taken as no server to speak to).
pub fn retry_of(e: &anyhow::Error) -> Retry {
    match e.downcast_ref::<Refusal>() {
        Some(r) if r.code == 421 => Retry::Soon,
        Some(r) if r.code >= 500 && r.of_the_mail => Retry::Never,
        Some(_) => Retry::Later,
        None => Retry::Soon,
    }
}

/// Why a mail did not go.
#[derive(Debug)]
enum Failed {
    /// The connection failed (or the server said 421, closing) before the
    /// end of DATA was sent: nothing was taken, and a new connection may try.
    Early(anyhow::Error),
    /// The server refused it; the connection is fine (reset) for other mails.
    Refused(anyhow::Error),
    /// The connection failed after the end of DATA was sent: the server may
    /// have taken the mail, so it is not tried again at once.
    Late(anyhow::Error),
}

impl From<anyhow::Error> for Failed {
    fn from(e: anyhow::Error) -> Failed {
        Failed::Early(e)
    }
}

impl Failed {
    fn error(self) -> anyhow::Error {
        match self {
            Failed::Early(e) | Failed::Refused(e) | Failed::Late(e) => e,
        }
    }
}

/// One connection, past EHLO, STARTTLS and AUTH.
struct Conn {
    io: BufReader<Stream>,
    /// The longest one reply may take in all (each read has it too): a
    /// server that trickles a reply a byte at a time is cut off.
    timeout: Duration,
    pipelining: bool,
    eight_bit: bool,
    smtputf8: bool,
}

impl Conn {
    fn write(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let s = self.io.get_mut();
        s.write_all(bytes)?;
        s.flush()?;
        Ok(())
    }

    /// Reads one reply (all its lines; at most 100 of at most 2,000 bytes),
    /// in [`Conn::timeout`] at most.
    fn reply(&mut self) -> anyhow::Result<Reply> {
        let began = Instant::now();
        let r = self.reply_by(began);
        // the next reads (a TLS handshake) get the whole timeout again
        let _ = self.io.get_ref().tcp().set_read_timeout(Some(self.timeout));
        r
    }

    fn reply_by(&mut self, began: Instant) -> anyhow::Result<Reply> {
        let mut text = String::new();
        for _ in 0..100 {
            let line = self.line(began)?;
            if line.is_empty() {
                anyhow::bail!("the SMTP server closed the connection");
            }
            let line = String::from_utf8_lossy(&line);
            let line = line.trim_end_matches(['\r', '\n']);
            let code = line.get(..3).and_then(|c| c.parse::<u16>().ok()).filter(|c| (200..600).contains(c));
            let Some(code) = code else { anyhow::bail!("not an SMTP reply: {line:?}") };
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(line.get(4..).unwrap_or(""));
            if line.as_bytes().get(3) != Some(&b'-') {
                return Ok(Reply { code, text });
            }
        }
        anyhow::bail!("an SMTP reply of more than 100 lines")
    }

    /// One line of a reply (at most 2,000 bytes; empty at the end of the
    /// connection), by `began` + the timeout: each read waits only for
    /// what is left of it, so a server that trickles is cut off.
    fn line(&mut self, began: Instant) -> anyhow::Result<Vec<u8>> {
        let mut line = Vec::new();
        loop {
            let Some(left) = self.timeout.checked_sub(began.elapsed()).filter(|d| !d.is_zero()) else {
                anyhow::bail!("the SMTP server took more than {} s to answer", self.timeout.as_secs());
            };
            self.io.get_ref().tcp().set_read_timeout(Some(left))?;
            let buf = match self.io.fill_buf() {
                Ok(b) => b,
                Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                    anyhow::bail!("the SMTP server took more than {} s to answer", self.timeout.as_secs())
                }
                Err(e) => return Err(e.into()),
            };
            if buf.is_empty() {
                return Ok(line);
            }
            let room = 2000 - line.len();
            let (n, end) = match buf.iter().take(room).position(|b| *b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len().min(room), buf.len() >= room),
            };
            line.extend_from_slice(&buf[..n]);
            self.io.consume(n);
            if end {
                return Ok(line);
            }
        }
    }

    fn command(&mut self, line: &str) -> anyhow::Result<Reply> {
        self.write(format!("{line}\r\n").as_bytes())?;
        self.reply()
    }

    /// Sends `line`, expecting a reply with code `want` (as `what` for errors).
    fn expect(&mut self, line: &str, want: u16, what: &str) -> anyhow::Result<Reply> {
        let r = self.command(line)?;
        if r.code != want {
            return Err(Refusal::new(what, &r, false).into());
        }
        Ok(r)
    }

    /// EHLO: what the server offers (upper-cased keywords and their arguments).
    fn ehlo(&mut self, name: &str) -> anyhow::Result<Vec<String>> {
        let r = self.expect(&format!("EHLO {name}"), 250, "EHLO")?;
        let offers: Vec<String> = r.text.lines().skip(1).map(|l| l.trim().to_ascii_uppercase()).collect();
        self.pipelining = offers.iter().any(|o| o == "PIPELINING");
        self.eight_bit = offers.iter().any(|o| o == "8BITMIME");
        self.smtputf8 = offers.iter().any(|o| o == "SMTPUTF8");
        Ok(offers)
    }

    /// One mail: MAIL, RCPT, DATA (in one write with PIPELINING), then the
    /// text, dot-stuffed, and its end in one more.
    fn send(&mut self, from: &lettre::Address, to: &lettre::Address, message: &[u8]) -> Result<(), Failed> {
        let mut params = String::new();
        if !message.is_ascii() {
            if !self.eight_bit {
                return Err(anyhow::anyhow!("the mail has 8-bit text and the SMTP server offers no 8BITMIME").into());
            }
            params.push_str(" BODY=8BITMIME");
        }
        if !from.to_string().is_ascii() || !to.to_string().is_ascii() {
            if !self.smtputf8 {
                return Err(anyhow::anyhow!("an address is not ASCII and the SMTP server offers no SMTPUTF8").into());
            }
            params.push_str(" SMTPUTF8");
        }
        let commands = [format!("MAIL FROM:<{from}>{params}\r\n"), format!("RCPT TO:<{to}>\r\n"), "DATA\r\n".to_string()];
        let mut replies = Vec::with_capacity(3);
        if self.pipelining {
            self.write(commands.concat().as_bytes())?;
            for _ in 0..3 {
                replies.push(self.reply()?);
            }
        } else {
            for c in &commands {
                self.write(c.as_bytes())?;
                let r = self.reply()?;
                let go_on = r.code / 100 == 2;
                replies.push(r);
                if !go_on {
                    break;
                }
            }
        }
        let refused = |what: &str, r: &Reply, of_the_mail: bool| {
            let e = anyhow::Error::new(Refusal::new(what, r, of_the_mail));
            // 421: the server is closing the connection (it waited too long, say)
            if r.code == 421 { Failed::Early(e) } else { Failed::Refused(e) }
        };
        let data_open = replies.get(2).is_some_and(|r| r.code == 354);
        let problem = match (&replies[0], replies.get(1), replies.get(2)) {
            // the judge's own sender: the same for every mail, not this mail's fault
            (m, _, _) if m.code != 250 => Some(refused(&format!("the sender {from}"), m, false)),
            (_, Some(r), _) if r.code != 250 && r.code != 251 => Some(refused(&format!("the recipient {to}"), r, true)),
            (_, _, Some(d)) if d.code != 354 => Some(refused("DATA", d, true)),
            _ => None,
        };
        if let Some(p) = problem {
            if data_open {
                // pipelined: the server opened DATA for no recipient; an empty text ends it
                self.write(b".\r\n")?;
                self.reply()?;
            }
            if let Failed::Refused(_) = p {
                self.expect("RSET", 250, "RSET")?;
            }
            return Err(p);
        }
        match self.write(&stuffed(message)).and_then(|_| self.reply()) {
            Ok(r) if r.code == 250 => Ok(()),
            Ok(r) => Err(Failed::Refused(Refusal::new("the mail", &r, true).into())),
            Err(e) => Err(Failed::Late(e)),
        }
    }
}

/// The mail's text for DATA: lines ended by CRLF (a bare CR or LF becomes
/// CRLF), a line that begins with a dot gets another, then the final dot.
fn stuffed(message: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(message.len() + message.len() / 64 + 5);
    let mut line_start = true;
    let mut i = 0;
    while i < message.len() {
        let b = message[i];
        if line_start && b == b'.' {
            out.push(b'.');
        }
        match b {
            b'\r' | b'\n' => {
                out.extend_from_slice(b"\r\n");
                // CRLF is one line end
                if b == b'\r' && message.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                line_start = true;
            }
            _ => {
                out.push(b);
                line_start = false;
            }
        }
        i += 1;
    }
    if !line_start {
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b".\r\n");
    out
}

fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = (chunk[0] as u32) << 16 | (*chunk.get(1).unwrap_or(&0) as u32) << 8 | *chunk.get(2).unwrap_or(&0) as u32;
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

pub struct SmtpOutbound {
    server: Server,
    /// TLS settings, read once (the CA file or the system's roots).
    tls: Option<Arc<rustls::ClientConfig>>,
    from: lettre::Address,
    /// The name given in EHLO (this machine's host name, as lettre gives it).
    hello: String,
    /// Connections kept for the next mails, with when they were last used.
    idle: Mutex<Vec<(Conn, Instant)>>,
}

impl SmtpOutbound {
    pub fn new(s: &Server, from: &str) -> anyhow::Result<SmtpOutbound> {
        let tls = match s.security {
            Security::Plain => None,
            Security::Tls | Security::StartTls => Some(super::tls::client_config(s.ca_file.as_deref())?),
        };
        let hello = lettre::transport::smtp::extension::ClientId::default().to_string();
        Ok(SmtpOutbound { server: s.clone(), tls, from: from.parse()?, hello, idle: Mutex::new(Vec::new()) })
    }

    /// Connects, says EHLO, starts TLS and logs in as configured.
    fn connect(&self) -> anyhow::Result<Conn> {
        let s = &self.server;
        let tcp = super::tls::tcp(&s.host, s.port, Duration::from_secs(s.timeout_secs))?;
        let tls = || self.tls.clone().ok_or_else(|| anyhow::anyhow!("no TLS settings"));
        let stream = match s.security {
            Security::Tls => super::tls::wrap(tcp, tls()?, s)?,
            _ => Stream::Plain(tcp),
        };
        let timeout = Duration::from_secs(s.timeout_secs);
        let mut c = Conn { io: BufReader::new(stream), timeout, pipelining: false, eight_bit: false, smtputf8: false };
        let greeting = c.reply()?;
        if greeting.code != 220 {
            anyhow::bail!("the SMTP server {}:{} turned the connection away: {greeting}", s.host, s.port);
        }
        let mut offers = c.ehlo(&self.hello)?;
        if s.security == Security::StartTls {
            if !offers.iter().any(|o| o == "STARTTLS") {
                anyhow::bail!("the SMTP server {}:{} does not offer STARTTLS", s.host, s.port);
            }
            c.expect("STARTTLS", 220, "STARTTLS")?;
            let Stream::Plain(tcp) = c.io.into_inner() else { unreachable!("STARTTLS on a plain connection") };
            c = Conn { io: BufReader::new(super::tls::wrap(tcp, tls()?, s)?), timeout, pipelining: false, eight_bit: false, smtputf8: false };
            offers = c.ehlo(&self.hello)?;
        }
        if let (Some(user), Some(password)) = (&s.user, &s.password) {
            let mechanisms: Vec<&str> =
                offers.iter().filter_map(|o| o.strip_prefix("AUTH").filter(|r| r.starts_with([' ', '=']))).flat_map(|r| r[1..].split_whitespace()).collect();
            if mechanisms.contains(&"PLAIN") {
                c.expect(&format!("AUTH PLAIN {}", base64(format!("\0{user}\0{password}").as_bytes())), 235, "the login (AUTH PLAIN)")?;
            } else if mechanisms.contains(&"LOGIN") {
                c.expect("AUTH LOGIN", 334, "AUTH LOGIN")?;
                c.expect(&base64(user.as_bytes()), 334, "the user name (AUTH LOGIN)")?;
                c.expect(&base64(password.as_bytes()), 235, "the login (AUTH LOGIN)")?;
            } else {
                anyhow::bail!("the SMTP server {}:{} offers no login this judge can use (PLAIN or LOGIN; it offers {:?})", s.host, s.port, mechanisms);
            }
        }
        Ok(c)
    }

    /// Connects and logs in (for `check-config --connect`).
    pub fn check(&self) -> anyhow::Result<()> {
        let mut c = self.connect()?;
        let _ = c.command("QUIT");
        Ok(())
    }

    /// A kept connection if one is fresh enough, else none.
    fn take_idle(&self) -> Option<Conn> {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        while let Some((c, at)) = idle.pop() {
            if at.elapsed() < KEEP_IDLE {
                return Some(c);
            }
            // too old: the server may have closed it already; the others are older still
            drop(c);
            idle.clear();
        }
        None
    }

    fn put_idle(&self, c: Conn) {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        if idle.len() < PARALLEL {
            idle.push((c, Instant::now()));
        }
    }

    /// One mail, on a kept connection or a new one. A kept connection that
    /// fails before the end of DATA is sent (the server closed it while it
    /// waited) is dropped and the mail tried once on a new one.
    fn send_one(&self, message: &[u8], to: &str) -> anyhow::Result<()> {
        let to: lettre::Address = to.parse()?;
        if let Some(mut c) = self.take_idle() {
            match c.send(&self.from, &to, message) {
                Ok(()) => return self.kept(c, Ok(())),
                Err(Failed::Early(e)) => tracing::debug!("a kept SMTP connection failed ({e:#}); trying a new one"),
                Err(Failed::Refused(e)) => return self.kept(c, Err(e)),
                Err(Failed::Late(e)) => return Err(e),
            }
        }
        let mut c = self.connect()?;
        match c.send(&self.from, &to, message) {
            Ok(()) => self.kept(c, Ok(())),
            Err(Failed::Refused(e)) => self.kept(c, Err(e)),
            Err(f) => Err(f.error()),
        }
    }

    /// Keeps a connection that is fine for the next mail; passes `r` on.
    fn kept(&self, c: Conn, r: anyhow::Result<()>) -> anyhow::Result<()> {
        self.put_idle(c);
        r
    }
}

impl Outbound for SmtpOutbound {
    fn send(&mut self, _id: i64, message: &[u8], to: &str) -> anyhow::Result<()> {
        self.send_one(message, to)
    }

    /// The same server, settings and TLS roots; connections of its own.
    fn lane(&self) -> Option<Box<dyn Outbound + Send>> {
        Some(Box::new(SmtpOutbound {
            server: self.server.clone(),
            tls: self.tls.clone(),
            from: self.from.clone(),
            hello: self.hello.clone(),
            idle: Mutex::new(Vec::new()),
        }))
    }

    fn send_many(&mut self, mails: &[super::Outgoing], done: &mut dyn FnMut(usize, anyhow::Result<()>)) {
        if mails.len() < 2 {
            for (i, m) in mails.iter().enumerate() {
                done(i, self.send_one(&m.bytes, &m.to));
            }
            return;
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let (tx, rx) = std::sync::mpsc::channel();
        let this = &*self;
        std::thread::scope(|scope| {
            for _ in 0..PARALLEL.min(mails.len()) {
                let tx = tx.clone();
                let next = &next;
                scope.spawn(move || {
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(m) = mails.get(i) else { break };
                        if tx.send((i, this.send_one(&m.bytes, &m.to))).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            // recorded by the caller as each one finishes
            for (i, r) in rx {
                done(i, r);
            }
        });
    }
}

pub struct SendmailOutbound {
    transport: SendmailTransport,
    from: lettre::Address,
}

impl SendmailOutbound {
    pub fn new(command: &str, from: &str) -> anyhow::Result<SendmailOutbound> {
        Ok(SendmailOutbound { transport: SendmailTransport::new_with_command(command), from: from.parse()? })
    }
}

impl Outbound for SendmailOutbound {
    fn send(&mut self, _id: i64, message: &[u8], to: &str) -> anyhow::Result<()> {
        let env = Envelope::new(Some(self.from.clone()), vec![to.parse()?])?;
        self.transport.send_raw(&env, message)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::io::{BufRead, BufReader, Write};
    use std::net::TcpListener;

    /// A scripted SMTP server on loopback: PIPELINING, 8BITMIME, AUTH PLAIN;
    /// refuses recipients whose address holds "refused" (550), "busy" (450)
    /// or "closing" (421); closes every
    /// connection after `mails_per_connection` mails. Returns its port and
    /// what it heard, one transcript per connection.
    fn fake_server(mails_per_connection: usize) -> (u16, Arc<Mutex<Vec<Vec<String>>>>) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let heard: Arc<Mutex<Vec<Vec<String>>>> = Arc::default();
        let h = Arc::clone(&heard);
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { return };
                let k = {
                    let mut h = h.lock().unwrap();
                    h.push(Vec::new());
                    h.len() - 1
                };
                let h = Arc::clone(&h);
                std::thread::spawn(move || {
                    let mut w = stream.try_clone().unwrap();
                    let mut r = BufReader::new(stream);
                    let say = |w: &mut std::net::TcpStream, t: &str| w.write_all(t.as_bytes()).is_ok();
                    say(&mut w, "220 fake ESMTP\r\n");
                    let (mut mails, mut rcpts) = (0, 0);
                    let mut line = String::new();
                    loop {
                        line.clear();
                        if r.read_line(&mut line).unwrap_or(0) == 0 {
                            return;
                        }
                        h.lock().unwrap()[k].push(line.trim_end().to_string());
                        let cmd = line.to_ascii_uppercase();
                        let reply = if cmd.starts_with("EHLO") {
                            "250-fake\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 AUTH PLAIN LOGIN\r\n".to_string()
                        } else if cmd.starts_with("AUTH PLAIN") {
                            "235 2.7.0 Authentication successful\r\n".into()
                        } else if cmd.starts_with("MAIL") || cmd.starts_with("RSET") || cmd.starts_with("NOOP") {
                            rcpts = 0;
                            "250 2.1.0 Ok\r\n".into()
                        } else if cmd.starts_with("RCPT") && cmd.contains("REFUSED") {
                            "550 5.1.1 <refused@example.test>: Recipient address rejected\r\n".into()
                        } else if cmd.starts_with("RCPT") && cmd.contains("BUSY") {
                            "450 4.2.1 <busy@example.test>: Mailbox busy, try later\r\n".into()
                        } else if cmd.starts_with("RCPT") && cmd.contains("CLOSING") {
                            "421 4.4.2 fake Error: timeout exceeded\r\n".into()
                        } else if cmd.starts_with("RCPT") {
                            rcpts += 1;
                            "250 2.1.5 Ok\r\n".into()
                        } else if cmd.starts_with("DATA") && rcpts == 0 {
                            "554 5.5.1 Error: no valid recipients\r\n".into()
                        } else if cmd.starts_with("DATA") {
                            say(&mut w, "354 End data with <CR><LF>.<CR><LF>\r\n");
                            loop {
                                line.clear();
                                if r.read_line(&mut line).unwrap_or(0) == 0 {
                                    return;
                                }
                                h.lock().unwrap()[k].push(line.trim_end().to_string());
                                if line == ".\r\n" {
                                    break;
                                }
                            }
                            mails += 1;
                            "250 2.0.0 Ok: queued\r\n".into()
                        } else if cmd.starts_with("QUIT") {
                            say(&mut w, "221 2.0.0 Bye\r\n");
                            return;
                        } else {
                            "502 5.5.2 Error: command not recognized\r\n".into()
                        };
                        if !say(&mut w, &reply) || mails == mails_per_connection {
                            return;
                        }
                    }
                });
            }
        });
        (port, heard)
    }

    fn outbound(port: u16) -> SmtpOutbound {
        let server = Server {
            host: "127.0.0.1".into(),
            port,
            security: Security::Plain,
            server_name: "localhost".into(),
            ca_file: None,
            user: Some("judge@example.test".into()),
            password: Some("secret".into()),
            timeout_secs: 5,
        };
        SmtpOutbound::new(&server, "judge@example.test").unwrap()
    }

    const MAIL: &[u8] = b"From: judge@example.test\r\nTo: p1@example.test\r\nSubject: t\r\n\r\n.LIST\r\nend\r\n";

    #[test]
    fn mails_go_on_one_kept_connection_logged_in_once() {
        let (port, heard) = fake_server(usize::MAX);
        let mut out = outbound(port);
        for _ in 0..3 {
            out.send(1, MAIL, "p1@example.test").unwrap();
        }
        let heard = heard.lock().unwrap();
        assert_eq!(heard.len(), 1, "one connection for three mails: {heard:?}");
        let t = &heard[0];
        assert_eq!(t.iter().filter(|l| l.starts_with("AUTH PLAIN AGp1ZGdlQGV4YW1wbGUudGVzdABzZWNyZXQ=")).count(), 1, "{t:?}");
        assert_eq!(t.iter().filter(|l| *l == "MAIL FROM:<judge@example.test>").count(), 3, "{t:?}");
        assert_eq!(t.iter().filter(|l| *l == "RCPT TO:<p1@example.test>").count(), 3, "{t:?}");
        // the text arrives dot-stuffed
        assert_eq!(t.iter().filter(|l| *l == "..LIST").count(), 3, "{t:?}");
    }

    #[test]
    fn a_kept_connection_the_server_closed_is_replaced_and_the_mail_still_goes() {
        let (port, heard) = fake_server(1);
        let mut out = outbound(port);
        out.send(1, MAIL, "p1@example.test").unwrap();
        // the server closed the connection after the first mail
        std::thread::sleep(Duration::from_millis(50));
        out.send(2, MAIL, "p2@example.test").unwrap();
        let heard = heard.lock().unwrap();
        assert_eq!(heard.len(), 2, "{heard:?}");
        assert!(heard[1].iter().any(|l| l == "RCPT TO:<p2@example.test>"), "{heard:?}");
        assert_eq!(heard.iter().flatten().filter(|l| *l == "..LIST").count(), 2, "each mail sent once: {heard:?}");
    }

    #[test]
    fn a_refused_recipient_is_an_error_that_names_it_and_the_connection_goes_on() {
        let (port, heard) = fake_server(usize::MAX);
        let mut out = outbound(port);
        let e = out.send(1, MAIL, "refused@example.test").unwrap_err();
        let text = format!("{e:#}");
        assert!(text.contains("refused the recipient refused@example.test") && text.contains("550"), "{text}");
        out.send(2, MAIL, "p1@example.test").unwrap();
        let heard = heard.lock().unwrap();
        assert_eq!(heard.len(), 1, "{heard:?}");
        assert!(heard[0].iter().any(|l| l == "RSET"), "{heard:?}");
        assert_eq!(heard[0].iter().filter(|l| *l == "..LIST").count(), 1, "{heard:?}");
    }

    /// A 5xx to this mail is refused for good; a 4xx, or a refused login or
    /// sender, is tried again later; no server (refused, 421) soon.
    #[test]
    fn a_failed_send_says_how_to_try_again() {
        let (port, _) = fake_server(usize::MAX);
        let mut out = outbound(port);
        let e = out.send(1, MAIL, "refused@example.test").unwrap_err();
        assert_eq!(retry_of(&e), Retry::Never, "{e:#}");
        let e = out.send(2, MAIL, "busy@example.test").unwrap_err();
        assert_eq!(retry_of(&e), Retry::Later, "{e:#}");
        assert!(format!("{e:#}").contains("refused the recipient busy@example.test: 450"), "{e:#}");
        let e = out.send(3, MAIL, "closing@example.test").unwrap_err();
        assert_eq!(retry_of(&e), Retry::Soon, "{e:#}");
        // the mail still goes on the same server
        out.send(4, MAIL, "p1@example.test").unwrap();
        // nothing listening: no server to speak to
        let free = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let e = outbound(free).send(5, MAIL, "p1@example.test").unwrap_err();
        assert_eq!(retry_of(&e), Retry::Soon, "{e:#}");
        // the session's refusals and the sender's are the keeper's to mend, not the mail's
        let reply = |code: u16| Reply { code, text: "no".into() };
        for (r, want) in [
            (Refusal::new("the login (AUTH PLAIN)", &reply(535), false), Retry::Later),
            (Refusal::new("the sender judge@example.test", &reply(553), false), Retry::Later),
            (Refusal::new("EHLO", &reply(421), false), Retry::Soon),
            (Refusal::new("the mail", &reply(554), true), Retry::Never),
            (Refusal::new("the mail", &reply(452), true), Retry::Later),
            (Refusal::new("DATA", &reply(500), true), Retry::Never),
            (Refusal::new("DATA", &reply(499), true), Retry::Later),
        ] {
            let e = anyhow::Error::new(r.clone());
            assert_eq!(retry_of(&e), want, "{r}");
            // read through the context an error is given on its way
            assert_eq!(retry_of(&e.context("outbox 7")), want, "{r}");
        }
        assert_eq!(retry_of(&anyhow::anyhow!("connection refused")), Retry::Soon);
    }

    #[test]
    fn many_mails_go_in_parallel_each_once() {
        let (port, heard) = fake_server(usize::MAX);
        let mut out = outbound(port);
        let mails: Vec<crate::mail::Outgoing> =
            (0..40).map(|i| crate::mail::Outgoing { id: i, bytes: MAIL.to_vec(), to: format!("p{i}@example.test") }).collect();
        let mut ok = vec![false; mails.len()];
        out.send_many(&mails, &mut |i, r| {
            r.unwrap();
            ok[i] = true;
        });
        assert!(ok.iter().all(|o| *o));
        let heard = heard.lock().unwrap();
        assert!(heard.len() <= PARALLEL, "{} connections", heard.len());
        for i in 0..40 {
            let rcpt = format!("RCPT TO:<p{i}@example.test>");
            assert_eq!(heard.iter().flatten().filter(|l| **l == rcpt).count(), 1, "{rcpt}");
        }
    }

    #[test]
    fn a_server_that_trickles_its_reply_is_cut_off() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        std::thread::spawn(move || {
            let Ok((mut s, _)) = listener.accept() else { return };
            // a greeting a byte at a time, each well within the read timeout
            for b in b"220-slow\r\n".repeat(100) {
                if s.write_all(&[b]).is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        let mut server = outbound(port).server;
        server.timeout_secs = 1;
        let out = SmtpOutbound::new(&server, "judge@example.test").unwrap();
        let e = out.check().unwrap_err();
        assert!(format!("{e:#}").contains("took more than 1 s"), "{e:#}");
    }

    #[test]
    fn base64_as_rfc_4648_gives_it() {
        for (plain, coded) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
        assert_eq!(base64(b"\0judge@example.test\0secret"), "AGp1ZGdlQGV4YW1wbGUudGVzdABzZWNyZXQ=");
    }

    #[test]
    fn the_text_is_dot_stuffed_with_crlf_line_ends_and_ended_by_a_dot() {
        assert_eq!(stuffed(b"a\r\n.b\r\n..\r\n"), b"a\r\n..b\r\n...\r\n.\r\n");
        assert_eq!(stuffed(b".\r\n"), b"..\r\n.\r\n");
        // bare LF and CR become CRLF: no "\n.\n" reaches the server as an end of DATA
        assert_eq!(stuffed(b"a\n.\nb\r.\rc"), b"a\r\n..\r\nb\r\n..\r\nc\r\n.\r\n");
        assert_eq!(stuffed(b""), b".\r\n");
    }
}
