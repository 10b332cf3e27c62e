//! The outbox's retry policy: a mail the transport cannot hand over is
//! retried with growing pauses (at most 10 s apart while there is no server
//! to speak to, up to ten minutes for a server's "not now"), and after
//! `outbound.give_up` the keeper is told and the mail is no longer tried; a
//! mail the server refuses for good (5xx) is given up at once. (The real
//! SMTP outage is in tests/e2e_mail.rs, a fake server's in serve_waits.rs.)

use crate::common;
use common::*;
use mailjudge::mail::Outbound;
use mailjudge::mail::smtp::Refusal;

/// What the transport does with a mail.
#[derive(Clone, Copy, PartialEq)]
enum State {
    Up,
    /// No server: the connection refused.
    Down,
    /// The server says "not now" to the recipient (450).
    Busy,
    /// The server refuses the recipient for good (550).
    Refusing,
}

/// A transport that does as told, and counts its tries.
struct Switch {
    state: State,
    sent: Vec<String>,
    tries: usize,
}

fn switch(state: State) -> Switch {
    Switch { state, sent: vec![], tries: 0 }
}

fn refusal(code: u16, to: &str) -> anyhow::Error {
    anyhow::Error::new(Refusal { what: format!("the recipient {to}"), code, text: "5.1.1 no".into(), of_the_mail: true })
}

impl Outbound for Switch {
    fn send(&mut self, _id: i64, _message: &[u8], to: &str) -> anyhow::Result<()> {
        self.tries += 1;
        match self.state {
            State::Up => {
                self.sent.push(to.to_string());
                Ok(())
            }
            State::Down => anyhow::bail!("connection refused"),
            State::Busy => Err(refusal(450, to)),
            State::Refusing => Err(refusal(550, to)),
        }
    }
}

/// The pauses between the next `n` tries of the reply to `id` through `out`.
fn pauses(j: &mut mailjudge::judge::Judge, id: &str, out: &mut Switch, n: usize) -> Vec<i64> {
    let mut pauses = Vec::new();
    for _ in 0..n {
        let m = db::reply_to(&j.conn, id);
        let t = match j.ctx.clock {
            mailjudge::context::Clock::Fixed(t) => t,
            _ => unreachable!("a fixed clock"),
        };
        pauses.push(m.next_try - t);
        j.ctx.clock = mailjudge::context::Clock::Fixed(m.next_try);
        j.flush_outbox(out).unwrap();
    }
    pauses
}

#[test]
fn retries_back_off_then_give_up_and_tell_the_keeper() {
    let t0 = 1_800_000_000;
    let mut w = World::new(t0);
    w.deliver_bytes("a", b"From: p1@example.test\r\nTo: judge@example.test\r\nSubject: hi\r\nMessage-ID: <a@example.test>\r\n\r\nHELP\r\n");
    let mails = w.daemon.inbound.fetch(10).unwrap();
    w.daemon.judge.handle_batch(&mails).unwrap();
    let mut down = switch(State::Down);
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
    // no server: exponential backoff up to 10 s, and no further however long it lasts
    assert_eq!(pauses(j, "<a@example.test>", &mut down, 8), vec![1, 2, 4, 8, 10, 10, 10, 10], "backoff capped at 10 s");
    // the server answers "not now" (450): the pauses grow on, past 10 s
    let mut busy = switch(State::Busy);
    assert_eq!(pauses(j, "<a@example.test>", &mut busy, 3), vec![10, 512, 600], "a 4xx backs off to ten minutes");
    assert!(db::reply_to(&j.conn, "<a@example.test>").last_error.is_some_and(|e| e.contains("450")));
    // the server comes back before the give-up time: the mail goes, once
    let mut up = switch(State::Up);
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
    let mut up = switch(State::Up);
    j.flush_outbox(&mut up).unwrap();
    assert_eq!(up.sent, vec!["keeper@example.test"]);
}

/// A 5xx to the recipient is not retried for three days: the mail is given
/// up at its first try and the keeper told why; a 4xx is tried again.
#[test]
fn a_mail_refused_for_good_is_given_up_at_once_and_the_keeper_told() {
    let t0 = 1_800_000_000;
    let mut w = World::new(t0);
    let help =
        |k: &str, who: &str| format!("From: {who}@example.test\r\nTo: judge@example.test\r\nSubject: hi\r\nMessage-ID: <{k}@example.test>\r\n\r\nHELP\r\n");
    w.deliver_bytes("a", help("a", "p1").as_bytes());
    let mails = w.daemon.inbound.fetch(10).unwrap();
    w.daemon.judge.handle_batch(&mails).unwrap();
    // p1's reply: refused for good
    let mut refusing = switch(State::Refusing);
    w.daemon.judge.flush_outbox(&mut refusing).unwrap();
    assert_eq!(refusing.tries, 1);
    let j = &w.daemon.judge;
    let m = db::reply_to(&j.conn, "<a@example.test>");
    assert_eq!((m.gave_up, m.attempts), (Some(t0), 1), "given up at the first try");
    assert!(m.last_error.is_some_and(|e| e.contains("550")));
    let keeper = db::outbox(&j.conn).into_iter().find(|m| m.to_addr == "keeper@example.test").expect("the keeper told").body;
    assert!(
        keeper.contains(&format!("gave up sending mail #{} to p1@example.test", m.id))
            && keeper.contains("refused it for good")
            && keeper.contains("refused the recipient p1@example.test: 550"),
        "{keeper}"
    );
    // p2's reply, answered 450: kept for its next try
    w.deliver_bytes("b", help("b", "p2").as_bytes());
    let mails = w.daemon.inbound.fetch(10).unwrap();
    let j = &mut w.daemon.judge;
    j.handle_batch(&mails).unwrap();
    let mut busy = switch(State::Busy);
    j.flush_outbox(&mut busy).unwrap();
    let b = db::reply_to(&j.conn, "<b@example.test>");
    assert_eq!((b.gave_up, b.attempts, b.next_try), (None, 1, t0 + 1));
    // a day later: p1's reply is not tried again; p2's and the keeper's go
    j.ctx.clock = mailjudge::context::Clock::Fixed(t0 + 86_400);
    let mut up = switch(State::Up);
    j.flush_outbox(&mut up).unwrap();
    up.sent.sort();
    assert_eq!(up.sent, ["keeper@example.test", "p2@example.test"]);
    assert_eq!(db::reply_to(&j.conn, "<a@example.test>").sent, None);
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
