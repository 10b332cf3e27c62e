//! Shared by the judge's integration tests: a judge on a temporary Maildir
//! spool and SQLite file, and the mail it sends, read back with mail-parser;
//! what it kept, read back through the store ([`db`]).
#![allow(dead_code)]

pub mod binary;
pub mod db;
pub mod game;
pub mod mailstack;
pub mod outline;
pub mod raw;
pub mod script;
pub mod year;

use mailjudge::config::{Config, DEFAULT_TOML};
use mailjudge::context::Clock;
use mailjudge::daemon::{Daemon, Step};
use mailjudge::mail::maildir::Maildir;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

pub const JUDGE: &str = "judge@example.test";

/// Valid Spring 1901 orders for the first six powers (A E F G I R), to cycle through.
pub const ORDERS: [&[&str]; 6] = [
    &["A VIE H", "A VIE-GAL", "A BUD-SER", "F TRI-ALB", "A BUD H", "F TRI H"],
    &["F LON-NTH", "F EDI-NWG", "A LVP-YOR", "F LON H", "A LVP H", "F EDI H"],
    &["A PAR-BUR", "A MAR-SPA", "F BRE-MAO", "A PAR H", "F BRE H", "A MAR H"],
    &["A MUN-RUH", "A BER-KIE", "F KIE-DEN", "A MUN H", "A BER H", "F KIE H"],
    &["A VEN H", "A ROM-APU", "F NAP-ION", "A VEN-TYR", "A ROM H", "F NAP H"],
    &["A MOS-UKR", "A WAR-GAL", "F SEV-BLA", "F STP/SC-BOT", "A MOS H", "F SEV H"],
];

/// A configuration for a judge living in `dir`.
pub fn config_text(dir: &Path, rate: u32) -> String {
    DEFAULT_TOML
        .replace("address = \"judge@localhost\"", &format!("address = \"{JUDGE}\""))
        .replace("keeper = \"keeper@localhost\"", "keeper = \"keeper@example.test\"")
        .replace("path = \"./var/inbox\"", &format!("path = {:?}", dir.join("inbox")))
        .replace("path = \"./var/outbox\"", &format!("path = {:?}", dir.join("outbox")))
        .replace("database = \"./var/mailjudge.db\"", &format!("database = {:?}", dir.join("judge.db")))
        .replace("templates_dir = \"templates\"", &format!("templates_dir = {:?}", Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")))
        .replace("variants_dir = \"config/variants\"", &format!("variants_dir = {:?}", Path::new(env!("CARGO_MANIFEST_DIR")).join("config/variants")))
        .replace("mails_per_sender_per_hour = 60", &format!("mails_per_sender_per_hour = {rate}"))
        // the suites play as a closed club on the example domains (every
        // address there consents); tests/it/consent.rs plays strangers elsewhere
        .replace("trusted_domains = []", "trusted_domains = [\"example.test\", \"example.org\", \"example.com\", \"example.net\"]")
}

/// A plain-text mail to the judge: `extra_headers` (each ending in CRLF) go
/// after the Message-ID; the body's line ends become CRLF.
pub fn mail_text(from: &str, message_id: &str, subject: &str, extra_headers: &str, body: &str) -> Vec<u8> {
    format!("From: {from}\r\nTo: {JUDGE}\r\nSubject: {subject}\r\nMessage-ID: {message_id}\r\n{extra_headers}\r\n{}\r\n", body.replace('\n', "\r\n"))
        .into_bytes()
}

/// A test mail of the scripted game, tests/data/game/NAME.eml.
pub fn eml(name: &str) -> Vec<u8> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/game").join(format!("{name}.eml"));
    std::fs::read(&src).unwrap_or_else(|e| panic!("{}: {e}", src.display()))
}

pub fn config(dir: &Path, rate: u32) -> Config {
    Config::from_toml(&config_text(dir, rate)).expect("test configuration is valid")
}

/// One mail the judge sent.
#[derive(Clone, Debug)]
pub struct Sent {
    pub file: String,
    pub to: String,
    pub subject: String,
    pub body: String,
    pub in_reply_to: Option<String>,
    pub headers: Vec<(String, String)>,
    /// Attached files: (name, content type, bytes).
    pub files: Vec<(String, String, Vec<u8>)>,
}

impl Sent {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.trim())
    }
}

pub fn read_sent(path: &Path) -> Sent {
    Sent::parse(&std::fs::read(path).unwrap(), &path.file_name().unwrap().to_string_lossy())
}

impl Sent {
    /// A mail the judge sent, from its bytes (`file`: where it was found).
    pub fn parse(raw: &[u8], file: &str) -> Sent {
        let m = mail_parser::MessageParser::default().parse(raw).expect("judge mail parses");
        Sent {
            file: file.to_string(),
            to: m.to().and_then(|a| a.first()).and_then(|a| a.address()).unwrap_or_default().to_string(),
            subject: m.subject().unwrap_or_default().to_string(),
            body: m.body_text(0).map(|b| b.into_owned()).unwrap_or_default(),
            in_reply_to: m.in_reply_to().as_text().map(|s| format!("<{s}>")),
            headers: m.headers_raw().map(|(n, v)| (n.to_string(), v.to_string())).collect(),
            files: m
                .attachments()
                .map(|a| {
                    use mail_parser::MimeHeaders;
                    // a calendar part's method (RFC 5545's `method=PUBLISH`) is part of its type
                    let ct = a
                        .content_type()
                        .map(|c| {
                            format!(
                                "{}/{}{}",
                                c.ctype(),
                                c.subtype().unwrap_or_default(),
                                c.attribute("method").map(|m| format!("; method={m}")).unwrap_or_default()
                            )
                        })
                        .unwrap_or_default();
                    (a.attachment_name().unwrap_or_default().to_string(), ct, a.contents().to_vec())
                })
                .collect(),
        }
    }
}

/// All mail in an outbox Maildir, in the order it was queued.
pub fn all_sent(outbox: &Path) -> Vec<Sent> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(outbox.join("new")).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    names.iter().map(|p| read_sent(p)).collect()
}

pub struct World {
    pub dir: tempfile::TempDir,
    pub daemon: Daemon,
    pub inbox: Maildir,
    seen: HashSet<String>,
    pub now: i64,
}

impl World {
    pub fn new(now: i64) -> World {
        let dir = tempfile::tempdir().unwrap();
        let cfg = config(dir.path(), 1000);
        let inbox = Maildir::open(&dir.path().join("inbox")).unwrap();
        let daemon = Daemon::new(cfg, Clock::Fixed(now)).unwrap();
        World { dir, daemon, inbox, seen: HashSet::new(), now }
    }

    pub fn set_time(&mut self, t: i64) {
        self.now = t;
        self.daemon.judge.ctx.clock = Clock::Fixed(t);
    }

    /// Drops a test mail (tests/data/game/NAME.eml) into the inbox.
    pub fn deliver(&self, name: &str) {
        self.inbox.deliver(name, &eml(name)).unwrap();
    }

    pub fn deliver_bytes(&self, name: &str, bytes: &[u8]) {
        self.inbox.deliver(name, bytes).unwrap();
    }

    /// One pass of the daemon; returns the mail sent in it.
    /// (A pass gives mail at most one poll interval; on a slow machine that
    /// may not reach every mail, so this passes again until the inbox is
    /// empty, the counts added up: tests do not depend on the machine's speed.)
    pub fn step(&mut self) -> (Step, Vec<Sent>) {
        let mut s = self.daemon.step().unwrap();
        let mut progress = s.mails > 0;
        while progress && !self.inbox.list_new().unwrap().is_empty() {
            let more = self.daemon.step().unwrap();
            progress = more.mails > 0;
            s.mails += more.mails;
            s.answered += more.answered;
            s.phases += more.phases;
            s.sent += more.sent;
        }
        let mut new = Vec::new();
        for m in all_sent(&self.dir.path().join("outbox")) {
            if self.seen.insert(m.file.clone()) {
                new.push(m);
            }
        }
        (s, new)
    }

    /// The judge's database, to read back through [`db`].
    pub fn db(&self) -> &rusqlite::Connection {
        &self.daemon.judge.conn
    }
}

/// The only reply to the mail with `message_id` among `sent`.
pub fn reply<'a>(sent: &'a [Sent], message_id: &str) -> &'a Sent {
    let r: Vec<&Sent> = sent.iter().filter(|s| s.in_reply_to.as_deref() == Some(message_id)).collect();
    assert_eq!(r.len(), 1, "expected exactly one reply to {message_id}, got {}: {:#?}", r.len(), sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    r[0]
}

pub fn to<'a>(sent: &'a [Sent], addr: &str) -> Vec<&'a Sent> {
    sent.iter().filter(|s| s.to == addr).collect()
}

/// `len` bytes of noise (seeded by `k`) with no `:` and no line end, so that
/// nothing in it reads as a header: not a mail.
pub fn noise(k: usize, len: usize) -> Vec<u8> {
    let mut x: u64 = k as u64 * 2_654_435_761 + 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            match (x >> 24) as u8 {
                b':' | b'\n' | b'\r' => b'.',
                b => b,
            }
        })
        .collect()
}
