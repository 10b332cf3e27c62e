//! `mailjudge serve` as it runs (`Daemon::run` on a thread of the test): a
//! mail dropped into the Maildir is read without waiting for the poll; the
//! outbox goes over SMTP lanes, so a delivery that stalls on one recipient
//! does not hold up another's mail; a refused send is retried at its own
//! time and delivered once. No timings are asserted (the bounds are minutes,
//! only so that a broken judge fails rather than hangs); the figures are
//! printed by the ignored `figures` test.

use crate::common;
use common::*;
use mailjudge::config::{Security, Server, Transport};
use mailjudge::context::Clock;
use mailjudge::daemon::Daemon;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the fake SMTP server took: (recipient, when its DATA ended).
type Taken = Arc<Mutex<Vec<(String, Instant)>>>;

/// An SMTP server on loopback that takes every mail, except: a recipient
/// holding "stall" gets no answer to its RCPT (the connection is held until
/// the client gives up), a recipient holding "later" is refused with a
/// 451 the first `refusals` times it is asked for, and one holding "never"
/// is refused for good (550) every time.
fn fake_smtp(refusals: usize) -> (u16, Taken) {
    fake_smtp_on(TcpListener::bind("127.0.0.1:0").unwrap(), refusals)
}

/// [`fake_smtp`] answering on `listener`.
fn fake_smtp_on(listener: TcpListener, refusals: usize) -> (u16, Taken) {
    let port = listener.local_addr().unwrap().port();
    let taken: Taken = Arc::default();
    let refused = Arc::new(Mutex::new(0usize));
    let t = Arc::clone(&taken);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { return };
            let (t, refused) = (Arc::clone(&t), Arc::clone(&refused));
            std::thread::spawn(move || serve_smtp(stream, &t, &refused, refusals));
        }
    });
    (port, taken)
}

fn serve_smtp(stream: std::net::TcpStream, taken: &Taken, refused: &Mutex<usize>, refusals: usize) {
    // as a real server: no reply held back for the client's delayed ACK
    let _ = stream.set_nodelay(true);
    let mut w = stream.try_clone().unwrap();
    let mut r = BufReader::new(stream);
    let _ = w.write_all(b"220 fake ESMTP\r\n");
    let mut rcpt = None;
    let mut line = String::new();
    loop {
        line.clear();
        if r.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let cmd = line.to_ascii_uppercase();
        let reply = if cmd.starts_with("EHLO") {
            "250-fake\r\n250-PIPELINING\r\n250 8BITMIME\r\n".to_string()
        } else if cmd.starts_with("RCPT") && cmd.contains("STALL") {
            // no answer: the client's timeout ends it
            while r.read_line(&mut line).unwrap_or(0) > 0 {}
            return;
        } else if cmd.starts_with("RCPT") && cmd.contains("NEVER") {
            "550 5.1.1 <never@example.test>: Recipient address rejected: User unknown\r\n".into()
        } else if cmd.starts_with("RCPT") && cmd.contains("LATER") && {
            let mut n = refused.lock().unwrap();
            *n += 1;
            *n <= refusals
        } {
            "451 4.3.0 try again later\r\n".into()
        } else if cmd.starts_with("RCPT") {
            rcpt = line.trim_end().strip_prefix("RCPT TO:<").and_then(|a| a.strip_suffix('>')).map(str::to_string);
            "250 2.1.5 Ok\r\n".into()
        } else if cmd.starts_with("DATA") && rcpt.is_none() {
            "554 5.5.1 no valid recipients\r\n".into()
        } else if cmd.starts_with("DATA") {
            let _ = w.write_all(b"354 go on\r\n");
            loop {
                line.clear();
                if r.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                if line == ".\r\n" {
                    break;
                }
            }
            taken.lock().unwrap().push((rcpt.take().unwrap_or_default(), Instant::now()));
            "250 2.0.0 queued\r\n".into()
        } else if cmd.starts_with("QUIT") {
            let _ = w.write_all(b"221 bye\r\n");
            return;
        } else {
            if cmd.starts_with("MAIL") || cmd.starts_with("RSET") {
                rcpt = None;
            }
            "250 2.0.0 Ok\r\n".into()
        };
        if w.write_all(reply.as_bytes()).is_err() {
            return;
        }
    }
}

/// A judge in `dir` reading a Maildir, every `poll` seconds at most, and
/// sending by SMTP to `port` (each SMTP step given `timeout` seconds).
fn judge(dir: &std::path::Path, poll: u64, port: u16, timeout: u64) -> Daemon {
    let text = config_text(dir, 1000).replace("poll_seconds = 2", &format!("poll_seconds = {poll}"));
    let mut cfg = mailjudge::config::Config::from_toml(&text).unwrap();
    cfg.outbound = Transport::Smtp(Box::new(Server {
        host: "127.0.0.1".into(),
        port,
        security: Security::Plain,
        server_name: "localhost".into(),
        ca_file: None,
        user: None,
        password: None,
        timeout_secs: timeout,
    }));
    Daemon::new(cfg, Clock::System).unwrap()
}

/// The daemon serving on a thread until the returned flag is set.
fn serve(mut d: Daemon) -> (Arc<AtomicBool>, std::thread::JoinHandle<Daemon>) {
    let stop = Arc::new(AtomicBool::new(false));
    let s = Arc::clone(&stop);
    (
        stop,
        std::thread::spawn(move || {
            d.run(&s);
            d
        }),
    )
}

fn help_from(from: &str, id: &str) -> Vec<u8> {
    mail_text(from, id, "help", "", "HELP")
}

/// Waits (a few minutes at most) until `ok` says yes.
fn until(what: &str, mut ok: impl FnMut() -> bool) {
    let t = Instant::now();
    while !ok() {
        assert!(t.elapsed() < Duration::from_secs(180), "{what}: not within three minutes");
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn replied(c: &rusqlite::Connection, id: &str) -> bool {
    db::outbox(c).iter().any(|m| m.in_reply_to.as_deref() == Some(id))
}

/// The queued mails whose Message-ID begins with `prefix`: (sent, unsent).
fn sent_unsent(c: &rusqlite::Connection, prefix: &str) -> (usize, usize) {
    let q: Vec<_> = db::outbox(c).into_iter().filter(|m| m.message_id.starts_with(prefix)).collect();
    (q.iter().filter(|m| m.sent.is_some()).count(), q.iter().filter(|m| m.sent.is_none()).count())
}

fn taken_for(taken: &Taken, to: &str) -> Vec<Instant> {
    taken.lock().unwrap().iter().filter(|(r, _)| r == to).map(|(_, t)| *t).collect()
}

#[test]
fn a_mail_dropped_in_the_maildir_is_read_without_waiting_for_the_poll() {
    let dir = tempfile::tempdir().unwrap();
    let (port, _) = fake_smtp(0);
    // an hour's poll: only a wake on the delivery can read it in time
    let d = judge(dir.path(), 3600, port, 30);
    let inbox = mailjudge::mail::maildir::Maildir::open(&dir.path().join("inbox")).unwrap();
    let db = db::open(&dir.path().join("judge.db"));
    let (stop, h) = serve(d);
    // the first pass is over (nothing to read) before the drop
    std::thread::sleep(Duration::from_millis(500));
    inbox.deliver("m1", &help_from("p1@example.test", "<w1@example.test>")).unwrap();
    until("the reply committed", || replied(&db, "<w1@example.test>"));
    stop.store(true, Ordering::Relaxed);
    h.join().unwrap();
}

#[test]
fn a_delivery_that_stalls_holds_up_no_other_mail() {
    let dir = tempfile::tempdir().unwrap();
    let (port, taken) = fake_smtp(0);
    // the stalled delivery ends only at its timeout, long after the test
    let d = judge(dir.path(), 2, port, 600);
    let inbox = mailjudge::mail::maildir::Maildir::open(&dir.path().join("inbox")).unwrap();
    let (stop, h) = serve(d);
    inbox.deliver("s", &help_from("stall@example.test", "<s@example.test>")).unwrap();
    let db = db::open(&dir.path().join("judge.db"));
    until("the stalling reply committed", || replied(&db, "<s@example.test>"));
    // the stalling mail is on its way when the others come
    std::thread::sleep(Duration::from_millis(300));
    for k in 1..=3 {
        inbox.deliver(&format!("p{k}"), &help_from(&format!("p{k}@example.test"), &format!("<p{k}@example.test>"))).unwrap();
    }
    for k in 1..=3 {
        until("another sender's reply delivered", || taken_for(&taken, &format!("p{k}@example.test")).len() == 1);
    }
    assert!(taken_for(&taken, "stall@example.test").is_empty());
    // marked sent once their lanes said so; the stalled reply is still on its way
    until("the others marked sent", || db::count(db::outbox(&db), |m| m.sent.is_none()) == 1);
    assert_eq!(db::count(db::outbox(&db), |m| m.sent.is_none() && m.to_addr == "stall@example.test"), 1, "only the stalled reply is unsent");
    stop.store(true, Ordering::Relaxed);
    h.join().unwrap();
}

/// Queues a game's mail to `to` straight into the outbox.
fn queue_game_mail(db: &rusqlite::Connection, game: i64, to: &str, n: usize) {
    use mailjudge::store::outbox::{COUNTED, Counted, Kind, OutMail, insert};
    let m = OutMail {
        to: to.into(),
        subject: format!("game {game} results {n}"),
        body: "results".into(),
        message_id: format!("<g{game}-{n}@example.test>"),
        in_reply_to: None,
        references: vec![],
        list_id: None,
        unsubscribe: Some(String::new()),
        kind: Kind::Game,
        attachments: vec![],
    };
    insert(db, &m, Some(game), None, 1_800_000_000, &Counted { mailbox: to.into(), bytes: 100, counted: COUNTED, charged: None }).unwrap();
}

#[test]
fn a_game_whose_mail_stalls_holds_up_no_other_game() {
    let dir = tempfile::tempdir().unwrap();
    let (port, taken) = fake_smtp(0);
    let d = judge(dir.path(), 2, port, 600);
    let db = db::open(&dir.path().join("judge.db"));
    // game 1's results: the first to a stalling recipient, the second behind it
    queue_game_mail(&db, 1, "stall@example.test", 0);
    queue_game_mail(&db, 1, "p1@example.test", 1);
    for k in 1..=3 {
        queue_game_mail(&db, 2, &format!("p{k}@example.test"), k);
    }
    let (stop, h) = serve(d);
    until("game 2's mail sent", || sent_unsent(&db, "<g2-") == (3, 0));
    for k in 1..=3 {
        assert_eq!(taken_for(&taken, &format!("p{k}@example.test")).len(), 1, "p{k}: game 2's mail delivered once");
    }
    // game 1's mail goes one at a time: the second waits behind the stalled first
    assert_eq!(sent_unsent(&db, "<g1-"), (0, 2));
    stop.store(true, Ordering::Relaxed);
    h.join().unwrap();
    // stopped (or killed) with a mail on its way: it stays queued, untried, for the next start
    let stalled = db::outbox(&db).into_iter().find(|m| m.to_addr == "stall@example.test").unwrap();
    assert_eq!((stalled.sent, stalled.attempts), (None, 0));
}

#[test]
fn a_refused_send_is_retried_at_its_time_and_delivered_once() {
    let dir = tempfile::tempdir().unwrap();
    let (port, taken) = fake_smtp(1);
    // an hour's poll: only the mail's own retry time can send it again
    let d = judge(dir.path(), 3600, port, 30);
    let inbox = mailjudge::mail::maildir::Maildir::open(&dir.path().join("inbox")).unwrap();
    let db = db::open(&dir.path().join("judge.db"));
    let (stop, h) = serve(d);
    inbox.deliver("l", &help_from("later@example.test", "<l@example.test>")).unwrap();
    until("the reply sent after its retry", || replied(&db, "<l@example.test>") && db::reply_to(&db, "<l@example.test>").sent.is_some());
    let m = db::reply_to(&db, "<l@example.test>");
    assert_eq!(m.attempts, 2, "refused once, then taken");
    assert!(m.last_error.is_some_and(|e| e.contains("451")));
    stop.store(true, Ordering::Relaxed);
    h.join().unwrap();
    assert_eq!(taken_for(&taken, "later@example.test").len(), 1, "delivered once");
}

/// A 5xx to the recipient: the reply is given up at its first try (not
/// retried for three days) and the keeper is told, by mail that the same
/// server takes.
#[test]
fn a_permanent_refusal_is_given_up_at_once_and_the_keeper_told() {
    let dir = tempfile::tempdir().unwrap();
    let (port, taken) = fake_smtp(0);
    let d = judge(dir.path(), 3600, port, 30);
    let inbox = mailjudge::mail::maildir::Maildir::open(&dir.path().join("inbox")).unwrap();
    let db = db::open(&dir.path().join("judge.db"));
    let (stop, h) = serve(d);
    inbox.deliver("n", &help_from("never@example.test", "<n@example.test>")).unwrap();
    until("the keeper's notice taken", || taken_for(&taken, "keeper@example.test").len() == 1);
    let m = db::reply_to(&db, "<n@example.test>");
    assert!(m.gave_up.is_some() && m.sent.is_none(), "{m:?}");
    assert_eq!(m.attempts, 1, "given up at the first try");
    assert!(m.last_error.as_deref().is_some_and(|e| e.contains("550 5.1.1")), "{m:?}");
    let notice = db::outbox(&db).into_iter().find(|q| q.to_addr == "keeper@example.test").unwrap();
    assert!(notice.body.contains("never@example.test") && notice.body.contains("refused it for good"), "{}", notice.body);
    // and not tried again (a retry would have come after 1 s)
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(db::reply_to(&db, "<n@example.test>").attempts, 1);
    stop.store(true, Ordering::Relaxed);
    h.join().unwrap();
    assert!(taken_for(&taken, "never@example.test").is_empty());
}

/// After an SMTP outage the outbox goes within 10 s of the server's
/// return: while there is no server the pause between tries grows to 10 s
/// and no further (it was 16 s, then 32 s, ... up to ten minutes: 58 s after
/// a 70 s outage). The server is away for five failed tries (about 15 s),
/// when a pause would have grown to 16 s.
#[test]
fn after_an_smtp_outage_the_outbox_goes_within_ten_seconds_of_the_servers_return() {
    let dir = tempfile::tempdir().unwrap();
    // a free port, nothing listening on it yet: connections refused
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let d = judge(dir.path(), 3600, port, 5);
    let inbox = mailjudge::mail::maildir::Maildir::open(&dir.path().join("inbox")).unwrap();
    let db = db::open(&dir.path().join("judge.db"));
    let (stop, h) = serve(d);
    inbox.deliver("o", &help_from("p1@example.test", "<o@example.test>")).unwrap();
    until("five tries refused", || replied(&db, "<o@example.test>") && db::reply_to(&db, "<o@example.test>").attempts >= 5);
    let m = db::reply_to(&db, "<o@example.test>");
    assert!(m.sent.is_none() && m.gave_up.is_none(), "{m:?}");
    let failed_at = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    assert!(m.next_try - failed_at <= 10, "the next try at most 10 s away: {m:?}");
    // the server is back
    let (_, taken) = fake_smtp_on(TcpListener::bind(("127.0.0.1", port)).unwrap(), 0);
    let back = Instant::now();
    until("the reply taken", || !taken_for(&taken, "p1@example.test").is_empty());
    let took = taken_for(&taken, "p1@example.test")[0] - back;
    assert!(took <= Duration::from_millis(10_500), "taken {took:?} after the server's return");
    until("the reply marked sent", || db::reply_to(&db, "<o@example.test>").sent.is_some());
    stop.store(true, Ordering::Relaxed);
    h.join().unwrap();
}

/// The figures of deploy/README.md ("How `serve` waits"):
/// `cargo test --release --test it -- serve_waits::figures --ignored --nocapture`.
#[test]
#[ignore]
fn figures() {
    // a mail dropped into the Maildir -> its reply committed
    let dir = tempfile::tempdir().unwrap();
    let (port, taken) = fake_smtp(0);
    let d = judge(dir.path(), 2, port, 10);
    let inbox = mailjudge::mail::maildir::Maildir::open(&dir.path().join("inbox")).unwrap();
    let db = db::open(&dir.path().join("judge.db"));
    let (stop, h) = serve(d);
    std::thread::sleep(Duration::from_millis(500));
    let mut times = Vec::new();
    for k in 0..30 {
        let id = format!("<f{k}@example.test>");
        let t = Instant::now();
        inbox.deliver(&format!("f{k}"), &help_from(&format!("p{}@example.test", k % 7 + 1), &id)).unwrap();
        until("the reply committed", || replied(&db, &id));
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        // quiet again (the loop back in its wait)
        std::thread::sleep(Duration::from_millis(150 + 37 * (k % 5)));
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("Maildir drop -> reply committed, 30 mails: median {:.1} ms, min {:.1}, 90% {:.1}, max {:.1}", times[15], times[0], times[27], times[29]);
    // a reply stalled at RCPT (timeout 10 s), then another sender's mail
    let mut waits = Vec::new();
    for k in 0..3 {
        let sid = format!("<st{k}@example.test>");
        inbox.deliver(&format!("st{k}"), &help_from("stall@example.test", &sid)).unwrap();
        until("the stalling reply committed", || replied(&db, &sid));
        std::thread::sleep(Duration::from_millis(300));
        let id = format!("<o{k}@example.test>");
        let t = Instant::now();
        inbox.deliver(&format!("o{k}"), &help_from("p2@example.test", &id)).unwrap();
        let before = taken_for(&taken, "p2@example.test").len();
        until("the other reply delivered", || taken_for(&taken, "p2@example.test").len() > before);
        waits.push(*taken_for(&taken, "p2@example.test").last().unwrap() - t);
        // the stall over (its timeout) before the next round
        std::thread::sleep(Duration::from_secs(11));
    }
    println!("while a delivery stalls (10 s timeout): another sender's reply delivered after {waits:?} (drop -> end of DATA)");
    stop.store(true, Ordering::Relaxed);
    h.join().unwrap();
}

/// A backlog through the lanes: 300 mails from 60 senders dropped into the
/// Maildir at once -> every reply taken by the SMTP server:
/// `cargo test --release --test it -- serve_waits::backlog --ignored --nocapture`.
#[test]
#[ignore]
fn backlog() {
    let dir = tempfile::tempdir().unwrap();
    let (port, taken) = fake_smtp(0);
    let d = judge(dir.path(), 2, port, 10);
    let inbox = mailjudge::mail::maildir::Maildir::open(&dir.path().join("inbox")).unwrap();
    for k in 0..300 {
        inbox.deliver(&format!("b{k:03}"), &help_from(&format!("s{}@example.test", k % 60), &format!("<b{k}@example.test>"))).unwrap();
    }
    let t = Instant::now();
    let (stop, h) = serve(d);
    until("every reply taken", || taken.lock().unwrap().len() >= 300);
    println!("backlog of 300 mails (60 senders) -> every reply taken by SMTP: {:.2} s", t.elapsed().as_secs_f64());
    stop.store(true, Ordering::Relaxed);
    h.join().unwrap();
}
