//! The outbox's retry policy: a mail the transport refuses is retried with
//! growing pauses, and after `outbound.give_up` the keeper is told and the mail
//! is no longer tried. (The real SMTP outage is in tests/e2e_mail.rs.)

use crate::common;
use common::*;
use mailjudge::mail::Outbound;

/// A transport that refuses everything, or accepts everything, as told.
struct Switch {
    up: bool,
    sent: Vec<String>,
}

impl Outbound for Switch {
    fn send(&mut self, _id: i64, _message: &[u8], to: &str) -> anyhow::Result<()> {
        if self.up {
            self.sent.push(to.to_string());
            Ok(())
        } else {
            anyhow::bail!("connection refused")
        }
    }
}

#[test]
fn retries_back_off_then_give_up_and_tell_the_keeper() {
    let t0 = 1_800_000_000;
    let mut w = World::new(t0);
    w.deliver_bytes("a", b"From: p1@example.test\r\nTo: judge@example.test\r\nSubject: hi\r\nMessage-ID: <a@example.test>\r\n\r\nHELP\r\n");
    let mails = w.daemon.inbound.fetch(10).unwrap();
    w.daemon.judge.handle_batch(&mails).unwrap();
    let mut down = Switch { up: false, sent: vec![] };
    let j = &mut w.daemon.judge;
    let next = |j: &mailjudge::judge::Judge| -> (i64, i64) {
        let m = db::reply_to(&j.conn, "<a@example.test>");
        (m.attempts, m.next_try)
    };
    assert_eq!(j.flush_outbox(&mut down).unwrap(), 0);
    assert_eq!(next(j), (1, t0 + 1));
    // not due yet: not tried
    j.flush_outbox(&mut down).unwrap();
    assert_eq!(next(j).0, 1);
    let mut t = t0;
    let mut pauses = Vec::new();
    for _ in 0..5 {
        let (_, due) = next(j);
        pauses.push(due - t);
        t = due;
        j.ctx.clock = mailjudge::context::Clock::Fixed(t);
        j.flush_outbox(&mut down).unwrap();
    }
    assert_eq!(pauses, vec![1, 2, 4, 8, 16], "exponential backoff");
    // the server comes back before the give-up time: the mail goes, once
    let mut up = Switch { up: true, sent: vec![] };
    j.ctx.clock = mailjudge::context::Clock::Fixed(next(j).1);
    assert_eq!(j.flush_outbox(&mut up).unwrap(), 1);
    assert_eq!(up.sent, vec!["p1@example.test"]);
    assert_eq!(j.flush_outbox(&mut up).unwrap(), 0);

    // a second mail that never gets through: after three days the keeper is told
    w.deliver_bytes("b", b"From: p2@example.test\r\nTo: judge@example.test\r\nSubject: hi\r\nMessage-ID: <b@example.test>\r\n\r\nHELP\r\n");
    let mails = w.daemon.inbound.fetch(10).unwrap();
    let j = &mut w.daemon.judge;
    j.handle_batch(&mails).unwrap();
    j.flush_outbox(&mut down).unwrap();
    let created = db::reply_to(&j.conn, "<b@example.test>").created;
    j.ctx.clock = mailjudge::context::Clock::Fixed(created + 3 * 86_400);
    j.flush_outbox(&mut down).unwrap();
    let gave_up = db::reply_to(&j.conn, "<b@example.test>").gave_up;
    assert!(gave_up.is_some());
    let keeper = db::outbox(&j.conn).into_iter().find(|m| m.to_addr == "keeper@example.test").expect("the keeper told").body;
    assert!(keeper.contains("gave up sending mail") && keeper.contains("p2@example.test") && keeper.contains("connection refused"), "{keeper}");
    // given up: not tried again; the keeper's notice goes once the transport works
    let mut up = Switch { up: true, sent: vec![] };
    j.flush_outbox(&mut up).unwrap();
    assert_eq!(up.sent, vec!["keeper@example.test"]);
}

#[test]
fn unfinished_outgoing_files_in_tmp_are_removed_at_start_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let md = mailjudge::mail::maildir::Maildir::open(dir.path()).unwrap();
    drop(md);
    // what a full disk leaves: empty and partial outgoing files; and a
    // delivery under way into the same spool (not the judge's)
    std::fs::write(dir.path().join("tmp/out-0000000001.eml"), b"").unwrap();
    std::fs::write(dir.path().join("tmp/out-x-0000000002.eml"), b"From: judge@example.test\r\nSubj").unwrap();
    std::fs::write(dir.path().join("tmp/1732.M1P2.host"), b"a mail being delivered").unwrap();
    std::fs::create_dir(dir.path().join("tmp/out-dir")).unwrap();
    let _md = mailjudge::mail::maildir::Maildir::open(dir.path()).unwrap();
    let mut left: Vec<String> = std::fs::read_dir(dir.path().join("tmp")).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    left.sort();
    assert_eq!(left, ["1732.M1P2.host", "out-dir"]);
}
