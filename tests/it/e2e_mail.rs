//! End to end over real mail servers (tests/mailstack/mailstack.sh: Postfix and
//! Dovecot on loopback, with a test CA): players' mail goes in by SMTP, the
//! judge (`mailjudge serve`, IMAPS with IDLE in, submission with STARTTLS and
//! AUTH out) answers, and every reply is read back from the players' IMAP
//! mailboxes. The IMAP server is restarted mid-game, the SMTP server is stopped
//! for a while, and the judge is killed with SIGKILL during a batch.
//!
//! These tests need the servers, so they are `#[ignore]`d in a plain
//! `cargo test`; `test.sh` starts the servers and runs them with `--ignored`.

use crate::common;
use common::db::{self, count};
use common::game::flat;
use common::mailstack::*;
use common::script;
use common::*;
use std::sync::Mutex;
use std::time::Duration;

/// The mailboxes are shared: one test at a time.
static SERIAL: Mutex<()> = Mutex::new(());

const USERS: [&str; 13] = ["judge", "keeper", "gm", "obs", "evil", "new", "demo-list", "p1", "p2", "p3", "p4", "p5", "p6"];

fn everyone() -> Vec<&'static str> {
    let mut v = USERS.to_vec();
    v.push("p7");
    v
}

fn sender(raw: &[u8]) -> String {
    let m = mail_parser::MessageParser::default().parse(raw).unwrap();
    m.from().and_then(|a| a.first()).and_then(|a| a.address()).unwrap().to_string()
}

fn user_of(addr: &str) -> &str {
    addr.split('@').next().unwrap()
}

fn id(name: &str) -> String {
    format!("<{name}@example.test>")
}

/// Sends the named test mails by SMTP and waits for each sender's reply.
fn play(names: &[&str], by_smtp: bool) -> Vec<Sent> {
    let mut by_user: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for n in names {
        let raw = eml(n);
        let from = sender(&raw);
        if by_smtp {
            smtp_send(&raw, &from, JUDGE);
        } else {
            drop_in_judge_mailbox(&format!("{n}.{}", std::process::id()), &raw);
        }
        by_user.entry(user_of(&from).to_string()).or_default().push(id(n));
    }
    let mut all = Vec::new();
    for (u, ids) in by_user {
        let inbox = wait_for_replies(&u, &ids, Duration::from_secs(60));
        all.extend(inbox.into_iter().filter(|s| s.in_reply_to.as_ref().is_some_and(|r| ids.contains(r))));
    }
    all
}

struct Judge {
    child: std::process::Child,
}

impl Drop for Judge {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
#[ignore = "needs the loopback mail servers (tests/mailstack/mailstack.sh start); test.sh runs it"]
fn game_over_smtp_and_imap_with_server_restarts() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    clear_all(&everyone());
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), true, 64);
    let _judge = Judge { child: start_judge(&cfg) };

    // creation and joining, over SMTP
    // all but Turkey's join: the game waits for it
    let sent = play(&script::OPENING_OBSERVED[..8], true);
    let r = sent.iter().find(|s| s.in_reply_to.as_deref() == Some(&id(script::CREATE))).unwrap();
    assert!(flat(&r.body).contains("Game demo created"), "{}", r.body);
    assert_eq!(r.header("Auto-Submitted"), Some("auto-replied"));
    assert!(r.header("References").is_some_and(|h| h.contains(&format!("{}@example.test", script::CREATE))));
    // the game's list confirms the request mailed to it, from its own mailbox, over SMTP
    let request = wait_for_subject("demo-list", "may this address get the game's mail", Duration::from_secs(30));
    let line = request.body.lines().find(|l| l.trim_start().starts_with("CONFIRM demo ")).expect("the request's CONFIRM line").trim().to_string();
    let confirm = format!("From: demo-list@example.test\r\nTo: {JUDGE}\r\nSubject: Re: game demo\r\nMessage-ID: <list-confirm@example.test>\r\n\r\n{line}\r\n");
    smtp_send(confirm.as_bytes(), "demo-list@example.test", JUDGE);
    let r = wait_for_replies("demo-list", &["<list-confirm@example.test>".to_string()], Duration::from_secs(60));
    assert!(r.iter().any(|m| flat(&m.body).contains("demo-list@example.test now gets game demo's results")), "{r:?}");
    let sent = play(&[script::JOIN_TURKEY], true);
    assert!(flat(&sent[0].body).contains("the game has started. You are Turkey"), "{}", sent[0].body);
    let start = wait_for_subject("p3", "you are France", Duration::from_secs(30));
    assert!(start.body.contains("SIGNON Fdemo"));

    // the IMAP server restarts mid-game: the judge reconnects
    script("stop-imap");
    std::thread::sleep(Duration::from_secs(1));
    script("start-imap");
    let sent = play(&[&script::SPRING[..], &[script::S01_RUSSIA_AGAIN]].concat(), true);
    let f = sent.iter().find(|s| s.in_reply_to.as_deref() == Some(&id(script::S01_FRANCE))).unwrap();
    assert!(flat(&f.body).contains("A PAR - BUR: accepted."), "{}", f.body);
    let report = wait_for_subject("demo-list", "Spring 1901 movement results", Duration::from_secs(30));
    assert!(report.header("List-Id").is_some_and(|l| l.contains("demo.example.test")), "{:?}", report.headers);
    assert!(report.body.contains("A PAR - BUR"));
    let press = wait_for_subject("p3", "Press in game demo from England", Duration::from_secs(30));
    assert!(press.body.contains("Channel"));

    // the SMTP server is down for a while: mail still comes in (straight into the
    // judge's mailbox), replies wait in the outbox and all arrive, once, after it is back
    script("stop-smtp");
    let fall = script::FALL;
    for n in fall {
        drop_in_judge_mailbox(&format!("{n}.{}", std::process::id()), &eml(n));
    }
    let conn = db::open(&dir.path().join("judge.db"));
    wait_until(Duration::from_secs(60), Duration::from_millis(100), || {
        let failed = count(db::outbox(&conn), |m| m.sent.is_none() && m.attempts > 0);
        if failed >= 6 { Ok(()) } else { Err("the replies were never tried".to_string()) }
    });
    std::thread::sleep(Duration::from_secs(3));
    script("start-smtp");
    let mut by_user: Vec<(String, String)> = Vec::new();
    for n in fall {
        by_user.push((user_of(&sender(&eml(n))).to_string(), id(n)));
    }
    for (u, i) in &by_user {
        wait_for_replies(u, std::slice::from_ref(i), Duration::from_secs(90));
    }

    // every mail of the game answered exactly once, in the sender's own mailbox
    std::thread::sleep(Duration::from_secs(2));
    let names = [&script::OPENING_OBSERVED[..], &script::SPRING, &[script::S01_RUSSIA_AGAIN], &script::FALL].concat();
    let mut inboxes: std::collections::HashMap<String, Vec<Sent>> = Default::default();
    for &n in &names {
        let u = user_of(&sender(&eml(n))).to_string();
        let inbox = inboxes.entry(u.clone()).or_insert_with(|| Mailbox::open(&u).all("INBOX"));
        let count = inbox.iter().filter(|s| s.in_reply_to.as_deref() == Some(&id(n))).count();
        assert_eq!(count, 1, "{n}: {count} replies in {u}'s mailbox");
    }
    // the judge's own mailbox: everything processed, moved out of INBOX
    let mut jm = Mailbox::open("judge");
    assert!(jm.all("INBOX").is_empty());
    // (and the list's CONFIRM)
    assert_eq!(jm.all("Processed").len(), names.len() + 1);
    let unsent = count(db::outbox(&conn), |m| m.sent.is_none());
    assert_eq!(unsent, 0);
}

#[test]
#[ignore = "needs the loopback mail servers (tests/mailstack/mailstack.sh start); test.sh runs it"]
fn kill_9_during_a_batch_over_imap() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    clear_all(&everyone());
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), true, 16);
    {
        let _judge = Judge { child: start_judge(&cfg) };
        play(&script::OPENING, false);
    }
    // 240 order mails (six players; Turkey never orders, so the phase stays open) and one unreadable mail
    let letters = ["A", "E", "F", "G", "I", "R"];
    let pw = ["pw-one", "pw-two", "pw-three", "pw-four", "pw-five", "pw-six"];
    let orders = [
        ["A VIE H", "A VIE-GAL"],
        ["F LON H", "F LON-NTH"],
        ["A PAR H", "A PAR-BUR"],
        ["A MUN H", "A MUN-RUH"],
        ["A VEN H", "A VEN-TYR"],
        ["A MOS H", "A MOS-UKR"],
    ];
    let n = 240;
    for k in 0..n {
        let p = k % 6;
        let raw = format!(
            "From: p{}@example.test\r\nTo: {JUDGE}\r\nSubject: orders {k}\r\nMessage-ID: <k{k}@example.test>\r\n\r\nSIGNON {}demo {}\r\n{}\r\n",
            p + 1,
            letters[p],
            pw[p],
            orders[p][(k / 6) % 2]
        );
        drop_in_judge_mailbox(&format!("k{k:04}.{}", std::process::id()), raw.as_bytes());
    }
    drop_in_judge_mailbox("garbage", &[0u8, 159, 146, 150, 255, 0, 1, 2, 3]);
    let mut judge = Judge { child: start_judge(&cfg) };
    let conn = db::open(&dir.path().join("judge.db"));
    wait_until(Duration::from_secs(60), Duration::from_millis(5), || {
        let seen = db::mails_from(&conn, "<k");
        if seen >= 40 { Ok(()) } else { Err("the judge made no progress".to_string()) }
    });
    judge.child.kill().unwrap(); // SIGKILL
    judge.child.wait().unwrap();
    let at_kill = db::mails_from(&conn, "<k");
    assert!(at_kill < n as i64, "the judge read everything before the kill: no crash was tested");
    let _judge = Judge { child: start_judge(&cfg) };
    wait_until(Duration::from_secs(120), Duration::from_millis(50), || {
        let (seen, unsent) = (db::mails_from(&conn, "<k"), count(db::outbox(&conn), |m| m.sent.is_none()));
        if seen == n as i64 && unsent == 0 { Ok(()) } else { Err(format!("not finished: {seen} mails read, {unsent} replies unsent")) }
    });
    let orders = db::orders(&conn);
    assert_eq!(orders.len(), n, "one order version per mail: none lost, none doubled");
    assert_eq!(orders.iter().filter_map(|o| o.mail_id).collect::<std::collections::HashSet<_>>().len(), n);
    // every mail answered: once, except the replies the SMTP server took in
    // the instant before the judge recorded them (at most one for each of
    // serve's lanes); a copy sent again is the same mail,
    // with the same Message-ID, so a reader that knows it shows it once
    let mut duplicates = 0;
    for p in 0..6 {
        let inbox = Mailbox::open(&format!("p{}", p + 1)).all("INBOX");
        for k in (p..n).step_by(6) {
            let copies: Vec<_> = inbox.iter().filter(|s| s.in_reply_to.as_deref() == Some(&format!("<k{k}@example.test>"))).collect();
            assert!(!copies.is_empty(), "mail k{k} was not answered");
            let id = copies[0].header("Message-ID").expect("a Message-ID");
            for c in &copies[1..] {
                assert_eq!(c.header("Message-ID"), Some(id), "the reply to k{k} was sent again as another mail");
                assert_eq!(c.body, copies[0].body, "the reply to k{k} was sent again with other words");
            }
            duplicates += copies.len() - 1;
        }
    }
    assert!(duplicates <= mailjudge::daemon::LANES, "{duplicates} duplicate replies");
    // the unreadable mail went to the quarantine folder, and the keeper was told
    let mut jm = Mailbox::open("judge");
    assert_eq!(jm.all("Quarantine").len(), 1);
    assert!(jm.all("INBOX").is_empty());
    wait_for_subject("keeper", "unreadable mail", Duration::from_secs(30));
}

/// Rewrites the judge's configuration for other ports and security modes.
fn variant_config(dir: &std::path::Path, imap: (u16, &str), smtp: (u16, &str), password: &str) -> std::path::PathBuf {
    let cfg = judge_config(dir, true, 64);
    let text = std::fs::read_to_string(&cfg)
        .unwrap()
        .replace(&format!("port = {}\nsecurity = \"tls\"", imaps_port()), &format!("port = {}\nsecurity = \"{}\"", imap.0, imap.1))
        .replace(&format!("port = {}\nsecurity = \"starttls\"", submission_port()), &format!("port = {}\nsecurity = \"{}\"", smtp.0, smtp.1))
        .replace("password = { value = \"secret\" }", &format!("password = {{ value = \"{password}\" }}"));
    std::fs::write(&cfg, text).unwrap();
    cfg
}

fn check_connect(cfg: &std::path::Path) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mailjudge")).args(["check-config", "--connect", "--config"]).arg(cfg).output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
#[ignore = "needs the loopback mail servers (tests/mailstack/mailstack.sh start); test.sh runs it"]
fn check_config_connects_in_every_security_mode_and_names_failures() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let smtps = smtps_port();
    for (imap, smtp) in [
        ((imaps_port(), "tls"), (smtps, "tls")),
        ((imap_port(), "starttls"), (submission_port(), "starttls")),
        ((imap_port(), "plain"), (smtp_port(), "plain")),
    ] {
        let cfg = variant_config(dir.path(), imap, smtp, "secret");
        if smtp.1 == "plain" {
            // the loopback SMTP port relays without AUTH (it offers none)
            let text = std::fs::read_to_string(&cfg).unwrap();
            let (inb, outb) = text.split_at(text.find("[outbound]").unwrap());
            let outb: String = outb.lines().filter(|l| !l.starts_with("user =") && !l.starts_with("password =")).map(|l| format!("{l}\n")).collect();
            std::fs::write(&cfg, format!("{inb}{outb}")).unwrap();
        }
        let (ok, out) = check_connect(&cfg);
        assert!(ok, "{imap:?} {smtp:?}:\n{out}");
        assert!(out.contains("inbound: IMAP 127.0.0.1") && out.contains("OK (logged in as judge@example.test"), "{out}");
        assert!(out.contains("outbound: SMTP 127.0.0.1") && out.contains(" OK"), "{out}");
        assert!(!out.contains("secret"), "a password was printed:\n{out}");
    }
    // a wrong password: both logins fail, each says why
    let cfg = variant_config(dir.path(), (imaps_port(), "tls"), (submission_port(), "starttls"), "wrong");
    let (ok, out) = check_connect(&cfg);
    assert!(!ok);
    assert!(out.contains("IMAP login as judge@example.test failed") && out.contains("AUTHENTICATIONFAILED"), "{out}");
    assert!(out.contains("outbound: SMTP") && out.contains("FAILED") && out.contains("535"), "{out}");
    // the system's roots do not know the test CA: the certificate is refused
    let text = std::fs::read_to_string(variant_config(dir.path(), (imaps_port(), "tls"), (submission_port(), "starttls"), "secret")).unwrap();
    let no_ca: String = text.lines().filter(|l| !l.starts_with("ca_file")).map(|l| format!("{l}\n")).collect();
    let cfg = dir.path().join("no-ca.toml");
    std::fs::write(&cfg, no_ca).unwrap();
    let (ok, out) = check_connect(&cfg);
    assert!(!ok);
    assert!(out.contains("inbound: IMAP") && out.to_ascii_lowercase().contains("certificate"), "{out}");
}

#[test]
#[ignore = "needs the loopback mail servers (tests/mailstack/mailstack.sh start); test.sh runs it"]
fn replies_through_the_sendmail_command() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    clear_all(&["judge", "p1"]);
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), true, 64);
    // Postfix's sendmail, pointed at the test instance's configuration
    let wrapper = dir.path().join("sendmail");
    std::fs::write(&wrapper, format!("#!/bin/sh\nexec /usr/sbin/sendmail -C {} \"$@\"\n", mail_dir().join("postfix/etc").display())).unwrap();
    std::process::Command::new("chmod").arg("755").arg(&wrapper).status().unwrap();
    let text = std::fs::read_to_string(&cfg).unwrap();
    let start = text.find("[outbound]").unwrap();
    let end = text[start..].find("\n[limits]").map(|i| start + i).unwrap();
    let text = format!("{}[outbound]\nkind = \"sendmail\"\ncommand = {:?}\n{}", &text[..start], wrapper, &text[end..]);
    std::fs::write(&cfg, text).unwrap();
    let _judge = Judge { child: start_judge(&cfg) };
    let raw = format!("From: p1@example.test\r\nTo: {JUDGE}\r\nSubject: via sendmail\r\nMessage-ID: <sm1@example.test>\r\n\r\nLIST\r\n");
    smtp_send(raw.as_bytes(), "p1@example.test", JUDGE);
    let inbox = wait_for_replies("p1", &["<sm1@example.test>".to_string()], Duration::from_secs(60));
    let r = inbox.iter().find(|s| s.in_reply_to.as_deref() == Some("<sm1@example.test>")).unwrap();
    assert!(r.body.contains("LIST"), "{}", r.body);
}

#[test]
#[ignore = "needs the loopback mail servers (tests/mailstack/mailstack.sh start); test.sh runs it"]
fn an_oversized_mail_over_imap_is_refused_without_downloading_it_whole() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    clear_all(&["judge", "p1"]);
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), true, 64);
    let _judge = Judge { child: start_judge(&cfg) };
    // 3 MB against the default limit of 2 MiB
    let mut raw = format!("From: p1@example.test\r\nTo: {JUDGE}\r\nSubject: big\r\nMessage-ID: <big1@example.test>\r\n\r\nLIST\r\n");
    for _ in 0..40_000 {
        raw.push_str("0123456789012345678901234567890123456789012345678901234567890123456789012\r\n");
    }
    drop_in_judge_mailbox("big1", raw.as_bytes());
    let inbox = wait_for_replies("p1", &["<big1@example.test>".to_string()], Duration::from_secs(60));
    let r = inbox.iter().find(|s| s.in_reply_to.as_deref() == Some("<big1@example.test>")).unwrap();
    assert!(flat(&r.body).contains("Your mail is larger than 2097152 bytes"), "{}", r.body);
    let conn = db::open(&dir.path().join("judge.db"));
    let kept = db::mails(&conn).into_iter().find(|m| m.message_id == "<big1@example.test>").expect("kept").raw.len();
    assert!(kept <= 2_097_153, "only a prefix was fetched and kept: {kept}");
}

/// `mailjudge serve` with debug logs (to `dir/judge.log`, returned).
fn serve_logged(cfg: &std::path::Path) -> (Judge, std::path::PathBuf) {
    let log_path = cfg.with_file_name("judge.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_mailjudge"))
        .args(["serve", "--config"])
        .arg(cfg)
        .env("RUST_LOG", "info,mailjudge=debug")
        .stdout(std::process::Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    (Judge { child }, log_path)
}

fn log_text(log: &std::path::Path) -> String {
    std::fs::read_to_string(log).unwrap_or_default()
}

/// Waits until the judge's log holds `needle` `times` times.
fn wait_for_log(log: &std::path::Path, needle: &str, times: usize, timeout: Duration) {
    wait_until(timeout, Duration::from_millis(20), || {
        let n = log_text(log).matches(needle).count();
        if n >= times { Ok(()) } else { Err(format!("{needle:?} logged {n} time(s), not {times}:\n{}", log_text(log))) }
    });
}

/// Sends SIGTERM and measures how long the judge takes to exit; its status.
fn sigterm(judge: &mut Judge) -> (Duration, std::process::ExitStatus) {
    let st = std::process::Command::new("kill").args(["-TERM", &judge.child.id().to_string()]).status().unwrap();
    assert!(st.success());
    let t = std::time::Instant::now();
    loop {
        if let Some(status) = judge.child.try_wait().unwrap() {
            return (t.elapsed(), status);
        }
        assert!(t.elapsed() < Duration::from_secs(60), "the judge did not exit within a minute of SIGTERM");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// systemd's `TimeoutStopSec=10s` (deploy/mailjudge.service) must never be
/// reached: the judge stops well within it.
const STOP_BOUND: Duration = Duration::from_secs(5);

fn assert_stopped_cleanly(what: &str, judge: &mut Judge, log: &std::path::Path) -> Duration {
    let (took, status) = sigterm(judge);
    eprintln!("{what}: stopped {:.3} s after SIGTERM ({status})", took.as_secs_f64());
    assert!(took < STOP_BOUND, "{what}: the judge took {took:?} to stop after SIGTERM:\n{}", log_text(log));
    assert!(status.success(), "{what}: exit status {status}:\n{}", log_text(log));
    assert!(log_text(log).contains("mailjudge stopped (signal received)"), "{what}:\n{}", log_text(log));
    took
}

/// Stops Dovecot; starts it again when dropped (even if the test failed).
struct ImapDown;

impl ImapDown {
    fn now() -> ImapDown {
        script("stop-imap");
        ImapDown
    }
}

impl Drop for ImapDown {
    fn drop(&mut self) {
        // not `script`: no panic while a failed test unwinds
        let s = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mailstack/mailstack.sh");
        let _ = std::process::Command::new("bash").arg(&s).arg("start-imap").stdout(std::process::Stdio::null()).status();
    }
}

#[test]
#[ignore = "needs the loopback mail servers (tests/mailstack/mailstack.sh start); test.sh runs it"]
fn sigterm_stops_the_judge_within_seconds_whatever_it_waits_for() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    clear_all(&["judge", "p1", "keeper"]);

    // waiting in IMAP IDLE for the server's notice (no mail yet)
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), true, 64);
    let (mut judge, log) = serve_logged(&cfg);
    wait_for_log(&log, "waiting for mail (IMAP IDLE", 1, Duration::from_secs(30));
    std::thread::sleep(Duration::from_secs(1));
    assert_stopped_cleanly("in IDLE", &mut judge, &log);

    // in IDLE renewed every 0.25 s, after answering a mail
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), true, 64);
    let (mut judge, log) = serve_logged(&cfg);
    let raw = format!("From: p1@example.test\r\nTo: {JUDGE}\r\nSubject: list\r\nMessage-ID: <stop1@example.test>\r\n\r\nLIST\r\n");
    smtp_send(raw.as_bytes(), "p1@example.test", JUDGE);
    wait_for_replies("p1", &["<stop1@example.test>".to_string()], Duration::from_secs(60));
    wait_for_log(&log, "renewed every 0.25 s", 1, Duration::from_secs(30));
    std::thread::sleep(Duration::from_millis(700));
    assert_stopped_cleanly("in IDLE renewed while mail comes", &mut judge, &log);

    // polling, asleep between two looks at the mailbox a minute apart
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), false, 64);
    let text = std::fs::read_to_string(&cfg).unwrap().replace("poll_seconds = 1", "poll_seconds = 60");
    std::fs::write(&cfg, text).unwrap();
    let (mut judge, log) = serve_logged(&cfg);
    wait_for_log(&log, "mailjudge serving", 1, Duration::from_secs(30));
    std::thread::sleep(Duration::from_secs(2));
    assert_stopped_cleanly("polling every 60 s", &mut judge, &log);

    // the IMAP server is down: pausing between tries to reconnect
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), true, 64);
    let (mut judge, log) = serve_logged(&cfg);
    wait_for_log(&log, "waiting for mail (IMAP IDLE", 1, Duration::from_secs(30));
    let down = ImapDown::now();
    // a few failed tries: now in a pause of up to 5 s
    wait_for_log(&log, "trying again", 1, Duration::from_secs(30));
    std::thread::sleep(Duration::from_secs(4));
    assert_stopped_cleanly("waiting to reconnect", &mut judge, &log);
    drop(down);
}

#[test]
#[ignore = "needs the loopback mail servers (tests/mailstack/mailstack.sh start); test.sh runs it"]
fn after_a_long_imap_outage_the_judge_is_back_within_seconds_of_the_server() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    clear_all(&["judge", "p1", "p2", "keeper"]);
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), true, 64);
    let (_judge, log) = serve_logged(&cfg);
    let raw = format!("From: p1@example.test\r\nTo: {JUDGE}\r\nSubject: list\r\nMessage-ID: <out1@example.test>\r\n\r\nLIST\r\n");
    smtp_send(raw.as_bytes(), "p1@example.test", JUDGE);
    wait_for_replies("p1", &["<out1@example.test>".to_string()], Duration::from_secs(60));

    // Dovecot's stop lets open sessions go on for up to 30 s: the outage
    // begins, for the judge, at its first failed try
    let down = ImapDown::now();
    wait_for_log(&log, "trying again", 1, Duration::from_secs(60));
    let outage = std::time::Instant::now();
    let errors_before = log_text(&log).lines().filter(|l| l.contains("ERROR")).count();
    // mail that comes meanwhile (Postfix cannot deliver it either: straight into the files)
    let raw = format!("From: p2@example.test\r\nTo: {JUDGE}\r\nSubject: list\r\nMessage-ID: <out2@example.test>\r\n\r\nLIST\r\n");
    drop_in_judge_mailbox(&format!("out2.{}", std::process::id()), raw.as_bytes());
    // down for 35 s: a pause doubling from 1 s would have its next try at
    // 63 s (tries at 1, 3, 7, 15 and 31 s), some 28 s after the server is back
    std::thread::sleep(Duration::from_secs(35));
    let logged_during = log_text(&log).lines().filter(|l| l.contains("ERROR")).count() - errors_before + 1;
    drop(down);
    let back = std::time::Instant::now();
    let inbox = wait_for_replies("p2", &["<out2@example.test>".to_string()], Duration::from_secs(60));
    let took = back.elapsed();
    eprintln!("reply {:.2} s after the IMAP server came back from {:.0} s away", took.as_secs_f64(), (back - outage).as_secs_f64());
    assert!(took < Duration::from_secs(10), "the judge answered {took:?} after the IMAP server came back:\n{}", log_text(&log));
    assert!(inbox.iter().any(|s| s.in_reply_to.as_deref() == Some("<out2@example.test>") && s.body.contains("LIST")));
    // tried every few seconds, but said so in a few lines only
    wait_for_log(&log, "working again after", 1, Duration::from_secs(10));
    let text = log_text(&log);
    let tries: u32 =
        text.lines().find_map(|l| l.split("working again after ").nth(1)).and_then(|r| r.split_whitespace().next()).and_then(|n| n.parse().ok()).unwrap();
    // 1, 2, 4, then every 5 s: at least 7 tries in 35 s (a doubling pause: 5)
    assert!(tries >= 7, "{tries} tries in 35 s:\n{text}");
    assert!((1..=5).contains(&logged_during), "{logged_during} error lines in 35 s:\n{text}");
}

#[test]
#[ignore = "needs the loopback mail servers (tests/mailstack/mailstack.sh start); test.sh runs it"]
fn a_deadline_is_processed_while_the_judge_waits_in_idle() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    clear_all(&everyone());
    let mut g = common::game::Game::started();
    // the database is the served judge's now
    let scratch = g.w.dir.path().join("scratch");
    g.w.daemon = mailjudge::daemon::Daemon::new(config(&scratch, 1000), mailjudge::context::Clock::Fixed(g.w.now)).unwrap();
    let cfg = judge_config(g.w.dir.path(), true, 64);
    // an IDLE of 29 minutes, without mail to end it
    let text = std::fs::read_to_string(&cfg).unwrap().replace("idle_seconds = 20", "idle_seconds = 1740");
    std::fs::write(&cfg, text).unwrap();
    let db = common::db::open(&g.w.dir.path().join("judge.db"));
    let unix = || std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs_f64();
    let due = unix().ceil() as i64 + 4;
    common::raw::deadline_only(&db, due);
    let (_judge, log) = serve_logged(&cfg);
    wait_for_log(&log, "waiting for mail (IMAP IDLE, at most 1740 s", 1, Duration::from_secs(30));
    let late = wait_until(Duration::from_secs(60), Duration::from_millis(5), || {
        let seq = common::db::only_game(&db).seq;
        if seq > 1 { Ok(unix() - due as f64) } else { Err(format!("the deadline was not processed:\n{}", log_text(&log))) }
    });
    eprintln!("deadline processed (committed) {late:.3} s after its time, the judge in IDLE");
    let results = wait_for_subject("p1", "Spring 1901 movement results", Duration::from_secs(30));
    assert!(results.body.contains("No orders received from"), "{}", results.body);
    assert_eq!(log_text(&log).matches("waiting for mail (IMAP IDLE").count(), 1, "the IDLE went on:\n{}", log_text(&log));
}
