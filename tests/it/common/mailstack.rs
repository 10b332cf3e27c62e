//! Helpers for tests and benchmarks against the real loopback mail servers
//! started by tests/mailstack/mailstack.sh (Postfix SMTP, Dovecot IMAP).
#![allow(dead_code)]

use super::{JUDGE, Sent};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The servers' directory: `MAIL_DIR`, as `mailstack.sh start` printed it
/// (test.sh exports it).
pub fn mail_dir() -> PathBuf {
    PathBuf::from(
        std::env::var("MAIL_DIR")
            .unwrap_or_else(|_| panic!("MAIL_DIR is not set: start the servers with `eval \"$(bash tests/mailstack/mailstack.sh start)\"` (test.sh does)")),
    )
}

/// A setting of the running servers: from `$MAIL_DIR/env` (written by
/// `mailstack.sh start`, which chooses free ports), else the environment.
pub fn setting(var: &str) -> Option<String> {
    let file = std::fs::read_to_string(mail_dir().join("env")).unwrap_or_default();
    let prefix = format!("{var}=");
    file.lines().find_map(|l| l.strip_prefix(&prefix)).map(|v| v.trim_matches('"').to_string()).or_else(|| std::env::var(var).ok())
}

fn port(var: &str) -> u16 {
    setting(var)
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("{var}: no port in {}/env or the environment (is the mail stack running?)", mail_dir().display()))
}

pub fn smtp_port() -> u16 {
    port("SMTP_PORT")
}
pub fn submission_port() -> u16 {
    port("SUBMISSION_PORT")
}
pub fn smtps_port() -> u16 {
    port("SMTPS_PORT")
}
pub fn imap_port() -> u16 {
    port("IMAP_PORT")
}
pub fn imaps_port() -> u16 {
    port("IMAPS_PORT")
}

pub fn script(action: &str) {
    let s = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mailstack/mailstack.sh");
    let st = Command::new("bash").arg(&s).arg(action).stdin(Stdio::null()).stdout(Stdio::null()).status().unwrap();
    assert!(st.success(), "mailstack.sh {action} failed");
}

/// The judge's configuration for the loopback servers: IMAPS in (IDLE or
/// polling), submission with STARTTLS and AUTH out, both checked against the test CA.
pub fn judge_config(dir: &Path, idle: bool, batch: usize) -> PathBuf {
    let ca = mail_dir().join("tls/ca.pem");
    let text = super::config_text(dir, 100_000)
        .replace(
            &format!("kind = \"maildir\"\npath = {:?}", dir.join("inbox")),
            &format!(
                "kind = \"imap\"\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"tls\"\nserver_name = \"localhost\"\nca_file = {ca:?}\nuser = \"{JUDGE}\"\npassword = {{ value = \"secret\" }}\nidle = {idle}\nidle_seconds = 20",
                imaps_port()
            ),
        )
        .replace(
            &format!("kind = \"maildir\"\npath = {:?}", dir.join("outbox")),
            &format!(
                "kind = \"smtp\"\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"starttls\"\nserver_name = \"localhost\"\nca_file = {ca:?}\nuser = \"{JUDGE}\"\npassword = {{ value = \"secret\" }}\ntimeout_seconds = 10",
                submission_port()
            ),
        )
        .replace("batch = 64", &format!("batch = {batch}"))
        .replace("poll_seconds = 2", "poll_seconds = 1");
    assert!(text.contains("kind = \"imap\"") && text.contains("kind = \"smtp\""), "configuration not rewritten");
    let p = dir.join("mailjudge.toml");
    std::fs::write(&p, text).unwrap();
    p
}

pub fn start_judge(cfg: &Path) -> Child {
    let log = std::fs::File::create(cfg.with_extension("log")).unwrap();
    Command::new(env!("CARGO_BIN_EXE_mailjudge")).args(["serve", "--config"]).arg(cfg).stdout(Stdio::null()).stderr(log).spawn().unwrap()
}

/// Sends raw mail through Postfix's SMTP port.
pub fn smtp_send(raw: &[u8], from: &str, to: &str) {
    use lettre::Transport;
    let t = lettre::SmtpTransport::builder_dangerous("127.0.0.1").port(smtp_port()).build();
    let env = lettre::address::Envelope::new(Some(from.parse().unwrap()), vec![to.parse().unwrap()]).unwrap();
    t.send_raw(&env, raw).unwrap();
}

/// Puts a mail straight into the judge's mailbox files (Dovecot sees it at once),
/// for when the SMTP server is down or a backlog is wanted quickly.
pub fn drop_in_judge_mailbox(name: &str, raw: &[u8]) {
    let md = mail_dir().join("mail/judge/Maildir");
    std::fs::create_dir_all(md.join("tmp")).unwrap();
    std::fs::create_dir_all(md.join("new")).unwrap();
    let tmp = md.join("tmp").join(name);
    std::fs::write(&tmp, raw).unwrap();
    std::fs::rename(&tmp, md.join("new").join(name)).unwrap();
}

pub struct Mailbox {
    session: imap::Session<std::net::TcpStream>,
}

impl Mailbox {
    pub fn open(user: &str) -> Mailbox {
        let tcp = std::net::TcpStream::connect(("127.0.0.1", imap_port())).unwrap();
        let mut c = imap::Client::new(tcp);
        c.read_greeting().unwrap();
        let session = c.login(format!("{user}@example.test"), "secret").map_err(|(e, _)| e).unwrap();
        Mailbox { session }
    }

    /// Every mail in `folder`.
    pub fn all(&mut self, folder: &str) -> Vec<Sent> {
        let mb = self.session.select(folder).unwrap();
        if mb.exists == 0 {
            return Vec::new();
        }
        let fetches = self.session.fetch("1:*", "BODY.PEEK[]").unwrap();
        fetches.iter().filter_map(|f| f.body()).map(|raw| Sent::parse(raw, "")).collect()
    }

    pub fn clear(&mut self, folder: &str) {
        if let Ok(mb) = self.session.select(folder)
            && mb.exists > 0
        {
            self.session.store("1:*", "+FLAGS (\\Deleted)").unwrap();
            self.session.expunge().unwrap();
        }
    }
}

pub fn clear_all(users: &[&str]) {
    for u in users {
        let mut m = Mailbox::open(u);
        for f in ["INBOX", "Processed", "Quarantine"] {
            m.clear(f);
        }
    }
}

/// Calls `check` every `every` until it returns `Ok`; `Err` says what is still
/// awaited, and is the panic message once `timeout` has passed.
pub fn wait_until<T>(timeout: Duration, every: Duration, mut check: impl FnMut() -> Result<T, String>) -> T {
    let start = Instant::now();
    loop {
        match check() {
            Ok(v) => return v,
            Err(why) if start.elapsed() > timeout => panic!("{why} after {timeout:?}"),
            Err(_) => std::thread::sleep(every),
        }
    }
}

/// Waits until `user`'s inbox holds replies to every id in `ids`; returns the inbox.
pub fn wait_for_replies(user: &str, ids: &[String], timeout: Duration) -> Vec<Sent> {
    let mut mb = Mailbox::open(user);
    wait_until(timeout, Duration::from_millis(50), || {
        let all = mb.all("INBOX");
        let missing: Vec<&String> = ids.iter().filter(|id| !all.iter().any(|s| s.in_reply_to.as_deref() == Some(id.as_str()))).collect();
        if missing.is_empty() { Ok(all) } else { Err(format!("{user}: no reply to {missing:?}")) }
    })
}

/// Waits until `user`'s inbox has a mail whose subject contains `subject`.
pub fn wait_for_subject(user: &str, subject: &str, timeout: Duration) -> Sent {
    let mut mb = Mailbox::open(user);
    wait_until(timeout, Duration::from_millis(50), || {
        mb.all("INBOX").into_iter().find(|s| s.subject.contains(subject)).ok_or_else(|| format!("{user}: no mail with subject {subject:?}"))
    })
}
