//! The daemon killed with SIGKILL in the middle of a spool of 500 order mails,
//! then restarted: no order lost, none applied twice, every mail answered once.
//! And: a deadline that passed while the judge was down is processed once
//! after it comes back, never twice.

use crate::common;
use common::db::{self, count};
use common::*;
use mailjudge::mail::compose::player_mail;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_mailjudge")
}

fn mail(from: &str, id: &str, body: &str) -> Vec<u8> {
    let raw = player_mail(from, JUDGE, "orders", body).unwrap();
    // a fixed Message-ID, so the test knows which reply answers which mail
    let text = String::from_utf8(raw).unwrap();
    let mut out = String::new();
    for line in text.split("\r\n") {
        if line.to_ascii_lowercase().starts_with("message-id:") {
            out.push_str(&format!("Message-ID: <{id}@example.test>\r\n"));
        } else {
            out.push_str(line);
            out.push_str("\r\n");
        }
    }
    out.into_bytes()
}

fn write_config(dir: &Path, batch: usize) -> std::path::PathBuf {
    let text = config_text(dir, 100_000).replace("batch = 64", &format!("batch = {batch}")).replace("poll_seconds = 2", "poll_seconds = 1");
    let p = dir.join("mailjudge.toml");
    std::fs::write(&p, text).unwrap();
    p
}

fn once(cfg: &Path) -> String {
    let out = Command::new(bin()).args(["serve", "--once", "--config"]).arg(cfg).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A started game `demo` with p1..p7 (powers A E F G I R T by preference).
fn setup(dir: &Path, cfg: &Path) {
    let inbox = mailjudge::mail::maildir::Maildir::open(&dir.join("inbox")).unwrap();
    inbox.deliver("000-create", &mail("gm@example.test", "create", "CREATE ?demo gmpass")).unwrap();
    for (i, l) in "AEFGIRT".chars().enumerate() {
        let n = i + 1;
        inbox
            .deliver(&format!("00{n}-join"), &mail(&format!("p{n}@example.test"), &format!("join{n}"), &format!("SIGNON ?demo pass{n}\nSET PREFERENCE {l}")))
            .unwrap();
    }
    let out = once(cfg);
    assert!(out.starts_with("8 mail(s) read, 8 answered"), "{out}");
}

#[test]
fn kill_9_in_the_middle_of_a_spool() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = write_config(dir.path(), 4);
    setup(dir.path(), &cfg);
    let before = db::outbox(&db::open(&dir.path().join("judge.db"))).len() as i64;
    // 500 order mails from six players (Turkey never orders, so the phase stays open)
    let inbox = mailjudge::mail::maildir::Maildir::open(&dir.path().join("inbox")).unwrap();
    for k in 0..500 {
        let p = k % 6;
        let letter = "AEFGIR".as_bytes()[p] as char;
        let order = ORDERS[p][(k / 6) % ORDERS[p].len()];
        let body = format!("SIGNON {letter}demo pass{}\n{order}\n", p + 1);
        inbox.deliver(&format!("{k:04}-orders"), &mail(&format!("p{}@example.test", p + 1), &format!("m{k}"), &body)).unwrap();
    }
    let mut child = Command::new(bin()).args(["serve", "--config"]).arg(&cfg).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let outbox = dir.path().join("outbox/new");
    let start = Instant::now();
    loop {
        let n = std::fs::read_dir(&outbox).map(|d| d.count()).unwrap_or(0);
        if n >= before as usize + 60 || start.elapsed() > Duration::from_secs(60) {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let left = std::fs::read_dir(dir.path().join("inbox/new")).unwrap().count();
    assert!(left > 0, "the daemon finished the spool before it was killed: the test did not test a crash");
    let replies_before = std::fs::read_dir(&outbox).unwrap().count();
    // restart: the rest of the spool
    once(&cfg);
    assert_eq!(std::fs::read_dir(dir.path().join("inbox/new")).unwrap().count(), 0);

    let conn = db::open(&dir.path().join("judge.db"));
    let orders = db::orders(&conn);
    assert_eq!(count(db::mails(&conn), |m| db::like(&m.message_id, "<m%")), 500, "every mail stored once");
    assert_eq!(orders.len(), 500, "one order version per mail: none lost, none doubled");
    assert_eq!(orders.iter().filter_map(|o| o.mail_id).collect::<std::collections::HashSet<_>>().len(), 500);
    // the current orders are the last ones sent for each unit
    for p in 0..6 {
        let mut last: std::collections::BTreeMap<String, String> = Default::default();
        for k in (p..500).step_by(6) {
            let o = ORDERS[p][(k / 6) % ORDERS[p].len()];
            let unit = o.split(['-', ' ']).take(2).collect::<Vec<_>>().join(" ");
            last.insert(unit[2..].to_string(), o.to_string());
        }
        let power = "AEFGIRT".find("AEFGIR".as_bytes()[p] as char).unwrap();
        let active = count(&orders, |o| usize::from(o.power) == power && o.active);
        assert_eq!(active as usize, last.len(), "power {p}: one active order per unit");
    }
    // every mail answered exactly once, in the outbox table and in the outbox Maildir
    let queued = db::outbox(&conn);
    let to_m = |m: &&mailjudge::store::outbox::Queued| m.in_reply_to.as_deref().is_some_and(|r| db::like(r, "<m%"));
    assert_eq!(queued.iter().filter(to_m).filter(|m| m.kind == "reply").count(), 500);
    assert_eq!(queued.iter().filter(to_m).map(|m| &m.in_reply_to).collect::<std::collections::HashSet<_>>().len(), 500);
    assert_eq!(count(&queued, |m| m.sent.is_none()), 0);
    let sent = all_sent(&dir.path().join("outbox"));
    let mut answered = std::collections::HashMap::new();
    for s in &sent {
        if let Some(r) = &s.in_reply_to {
            *answered.entry(r.clone()).or_insert(0) += 1;
        }
    }
    for k in 0..500 {
        assert_eq!(answered.get(&format!("<m{k}@example.test>")), Some(&1), "mail m{k}");
        // the sender got its own reply
    }
    assert!(replies_before < sent.len());
    let r = sent.iter().find(|s| s.in_reply_to.as_deref() == Some("<m499@example.test>")).unwrap();
    assert!(r.body.contains("accepted"), "{}", r.body);
}

#[test]
fn overdue_deadline_is_processed_once_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = write_config(dir.path(), 64);
    setup(dir.path(), &cfg);
    // the judge is down; meanwhile the deadline and the grace period pass
    let out = Command::new(bin())
        .args(["game", "--config"])
        .arg(&cfg)
        .args(["cmd", "demo", "SET DEADLINE 2026-01-01 00:00 !", "SET GRACE 2026-01-02 00:00 !"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let first = once(&cfg);
    assert!(first.contains("1 phase(s) processed"), "{first}");
    let second = once(&cfg);
    assert!(second.contains("0 phase(s) processed"), "{second}");
    let conn = db::open(&dir.path().join("judge.db"));
    assert_eq!(db::phases(&conn).len(), 1);
    let game = db::only_game(&conn);
    assert_eq!(game.seq, 2);
    // one report per recipient (7 players + the master), not two
    assert_eq!(count(db::outbox(&conn), |m| m.subject == "Game demo: Spring 1901 movement results"), 8);
    let deadline = game.deadline.unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    assert!(deadline > now, "the next phase has a deadline in the future");
    let reports: Vec<Sent> = all_sent(&dir.path().join("outbox")).into_iter().filter(|s| s.subject.contains("results")).collect();
    assert_eq!(reports.len(), 8);
    assert!(reports[0].body.contains("No orders received from: Austria, England, France, Germany, Italy, Russia, Turkey"), "{}", reports[0].body);
}
