//! Mail round-trip benchmarks against the real loopback servers
//! (`tests/mailstack/mailstack.sh start` first; then `cargo bench --bench mail`).
//!
//! 1. Latency: a player's mail handed to Postfix's SMTP port → the judge's reply
//!    readable in the player's IMAP mailbox; 100 mails one after another, median,
//!    90th and 95th percentile, with the judge on IMAP IDLE (`idle`) and with
//!    polling every 2 s (`poll`). While mail keeps coming, the judge renews
//!    its IDLE every 0.25 s; the first mail after a quiet minute waits for the
//!    server's own notice (Dovecot: 0.5 s late), measured apart: 10 mails,
//!    each to a judge started afresh (`cold`).
//! 2. Throughput: a backlog of 1,000 order mails in the judge's IMAP mailbox, from
//!    start to every mail read, stored and answered (replies sent by SMTP) (`backlog`).
//!
//! 3. Stopping: SIGTERM to a judge waiting in IMAP IDLE → the process gone,
//!    10 times (`stop`).
//! 4. Deadlines while IDLE waits: two games whose deadline comes 5 s after
//!    the judge started (it is in IDLE by then); game A posts its results to
//!    a forum that answers after 8 s. How late each game's phase was
//!    committed, and when game B's results mail was all sent (handed to
//!    SMTP), counted from the deadline; when the judge began the deadline's
//!    work (its debug log); 3 rounds (`deadline`).
//! 5. Memory over a long game (`memory`): one standard game of 100 phases
//!    played through a real `mailjudge serve` on IMAP IDLE and SMTP
//!    submission: each movement phase the seven players mail their orders by
//!    SMTP (a third of the armies move, the rest hold), in the others they
//!    disband, waive or remove (all in, a phase is processed at once). The
//!    judge's resident memory (VmRSS and VmHWM from /proc/PID/status) is
//!    printed at phase 0, 1, 5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 90 and 100. `MAILJUDGE_BENCH_PHASES`
//!    changes the number of phases. Not among the parts run by default (about
//!    five minutes): name it.
//!
//! `cargo bench --bench mail -- idle cold poll backlog stop deadline memory` picks parts
//! (all but `memory` by default).

#[path = "../tests/it/common/mod.rs"]
mod common;
#[path = "support/play.rs"]
mod play;
use common::game::{GM, Game};
use common::mailstack::*;
use play::{Dice, memory_in, movement_orders};
use std::time::{Duration, Instant};

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// Counts the mails in a user's INBOX (SELECT's EXISTS): cheap enough to ask
/// every 5 ms without slowing what is measured, unlike fetching them all.
struct Count(imap::Session<std::net::TcpStream>);

impl Count {
    fn open(user: &str) -> Count {
        let tcp = std::net::TcpStream::connect(("127.0.0.1", imap_port())).unwrap();
        tcp.set_nodelay(true).unwrap();
        let mut c = imap::Client::new(tcp);
        c.read_greeting().unwrap();
        Count(c.login(format!("{user}@example.test"), "secret").map_err(|(e, _)| e).unwrap())
    }

    fn inbox(&mut self) -> u32 {
        self.0.select("INBOX").unwrap().exists
    }
}

struct Judge(std::process::Child);

impl Drop for Judge {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn latency(idle: bool) {
    clear_all(&["judge", "p1", "keeper"]);
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), idle, 64);
    if !idle {
        let text = std::fs::read_to_string(&cfg).unwrap().replace("poll_seconds = 1", "poll_seconds = 2");
        std::fs::write(&cfg, text).unwrap();
    }
    let _judge = Judge(start_judge(&cfg));
    let mut mb = Count::open("p1");
    std::thread::sleep(Duration::from_secs(2));
    let mut times = Vec::new();
    for k in 0..100 {
        let id = format!("<lat{k}.{}@example.test>", std::process::id());
        let raw = format!("From: p1@example.test\r\nTo: judge@example.test\r\nSubject: list {k}\r\nMessage-ID: {id}\r\n\r\nLIST\r\n");
        let t = Instant::now();
        smtp_send(raw.as_bytes(), "p1@example.test", "judge@example.test");
        loop {
            let n = mb.inbox() as usize;
            if n > k {
                break;
            }
            if t.elapsed() > Duration::from_secs(60) {
                panic!("no reply to mail {k}");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "latency with {}: SMTP in -> reply in the player's IMAP mailbox, 100 mails: median {:.3} s, p90 {:.3} s, p95 {:.3} s, min {:.3} s, max {:.3} s",
        if idle { "IMAP IDLE" } else { "polling every 2 s" },
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.95),
        times[0],
        times[times.len() - 1]
    );
}

/// The first mail after a quiet time: a judge started afresh (as after a
/// quiet minute, IDLE waits for the server's own notice, and the SMTP
/// connection is made anew), one mail, then stopped; `n` times.
fn latency_cold(n: usize) {
    clear_all(&["judge", "p1", "keeper"]);
    let mut times = Vec::new();
    for k in 0..n {
        let dir = tempfile::tempdir().unwrap();
        let cfg = judge_config(dir.path(), true, 64);
        let _judge = Judge(start_judge(&cfg));
        let mut mb = Count::open("p1");
        let before = mb.inbox();
        std::thread::sleep(Duration::from_secs(2));
        let id = format!("<cold{k}.{}@example.test>", std::process::id());
        let raw = format!("From: p1@example.test\r\nTo: judge@example.test\r\nSubject: list {k}\r\nMessage-ID: {id}\r\n\r\nLIST\r\n");
        let t = Instant::now();
        smtp_send(raw.as_bytes(), "p1@example.test", "judge@example.test");
        while mb.inbox() == before {
            assert!(t.elapsed() < Duration::from_secs(60), "no reply to mail {k}");
            std::thread::sleep(Duration::from_millis(5));
        }
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "latency of a first mail (a judge started afresh, on IMAP IDLE), {n} mails: median {:.3} s, p90 {:.3} s, min {:.3} s, max {:.3} s",
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        times[0],
        times[times.len() - 1]
    );
}

fn backlog() {
    clear_all(&["judge", "gm", "keeper", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "obs", "demo-list"]);
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), true, 64);
    {
        let _judge = Judge(start_judge(&cfg));
        let mut raw = format!(
            "From: gm@example.test\r\nTo: judge@example.test\r\nSubject: g\r\nMessage-ID: <bl-create.{}@example.test>\r\n\r\nCREATE ?bench gmpass\r\n",
            std::process::id()
        );
        smtp_send(raw.as_bytes(), "gm@example.test", "judge@example.test");
        for (i, l) in "AEFGIRT".chars().enumerate() {
            raw = format!(
                "From: p{n}@example.test\r\nTo: judge@example.test\r\nSubject: j\r\nMessage-ID: <bl-join{n}.{}@example.test>\r\n\r\nSIGNON ?bench pass{n}\r\nSET PREFERENCE {l}\r\n",
                std::process::id(),
                n = i + 1
            );
            smtp_send(raw.as_bytes(), &format!("p{}@example.test", i + 1), "judge@example.test");
        }
        let db = rusqlite::Connection::open(dir.path().join("judge.db")).unwrap();
        wait_until(Duration::from_secs(60), Duration::from_millis(50), || {
            let active = db.query_row("SELECT count(*) FROM games WHERE status = 'active'", [], |r| r.get::<_, i64>(0)).unwrap_or(0);
            if active > 0 { Ok(()) } else { Err("the benchmark game did not start".to_string()) }
        });
    }
    let orders = ["A VIE H", "F LON H", "A PAR H", "A MUN H", "A VEN H", "A MOS H"];
    let letters = "AEFGIR";
    let n = 1000;
    for k in 0..n {
        let p = k % 6;
        let raw = format!(
            "From: p{}@example.test\r\nTo: judge@example.test\r\nSubject: o\r\nMessage-ID: <bl{k}.{}@example.test>\r\n\r\nSIGNON {}bench pass{}\r\n{}\r\n",
            p + 1,
            std::process::id(),
            &letters[p..p + 1],
            p + 1,
            orders[p]
        );
        drop_in_judge_mailbox(&format!("bl{k:05}"), raw.as_bytes());
    }
    let db = rusqlite::Connection::open(dir.path().join("judge.db")).unwrap();
    let t = Instant::now();
    let _judge = Judge(start_judge(&cfg));
    let mut read_at = None;
    wait_until(Duration::from_secs(600), Duration::from_millis(20), || {
        let (seen, unsent): (i64, i64) = db
            .query_row("SELECT (SELECT count(*) FROM mails WHERE message_id LIKE '<bl%' AND message_id NOT LIKE '<bl-%'), (SELECT count(*) FROM outbox WHERE sent IS NULL)", [], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap();
        if seen == n as i64 && read_at.is_none() {
            read_at = Some(t.elapsed().as_secs_f64());
        }
        if seen == n as i64 && unsent == 0 { Ok(()) } else { Err(format!("backlog not done: {seen} read, {unsent} unsent")) }
    });
    let all = t.elapsed().as_secs_f64();
    println!(
        "backlog of {n} mails over IMAP: all read, stored and answered (replies queued) in {:.2} s ({:.0} mails/s); all replies sent by SMTP after {all:.2} s ({:.0} mails/s end to end)",
        read_at.unwrap(),
        n as f64 / read_at.unwrap(),
        n as f64 / all
    );
}

/// Sends SIGTERM; how long the process took to exit.
fn sigterm(child: &mut std::process::Child) -> Duration {
    let st = std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(st.success());
    let t = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return t.elapsed();
        }
        assert!(t.elapsed() < Duration::from_secs(120), "the judge did not exit within two minutes of SIGTERM");
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn stop(n: usize) {
    clear_all(&["judge", "keeper"]);
    let mut times = Vec::new();
    for _ in 0..n {
        let dir = tempfile::tempdir().unwrap();
        let cfg = judge_config(dir.path(), true, 64);
        let mut judge = Judge(start_judge(&cfg));
        // started, its first pass done, in IDLE
        std::thread::sleep(Duration::from_secs(3));
        times.push(sigterm(&mut judge.0).as_secs_f64());
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "SIGTERM while in IMAP IDLE -> exited, {n} times: median {:.3} s, min {:.3} s, max {:.3} s",
        percentile(&times, 0.5),
        times[0],
        times[times.len() - 1]
    );
}

/// A forum that takes every post and answers it after `delay`; when each came.
fn slow_forum(delay: Duration) -> (u16, std::sync::Arc<std::sync::Mutex<Vec<Instant>>>) {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let seen: std::sync::Arc<std::sync::Mutex<Vec<Instant>>> = Default::default();
    let s = seen.clone();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(mut conn) = conn else { return };
            s.lock().unwrap().push(Instant::now());
            std::thread::spawn(move || {
                let mut buf = [0u8; 65536];
                let _ = conn.set_read_timeout(Some(Duration::from_millis(200)));
                while matches!(conn.read(&mut buf), Ok(n) if n > 0) {}
                std::thread::sleep(delay);
                let _ = conn.write_all(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
            });
        }
    });
    (port, seen)
}

/// Two started games, `demo` (A, posting to the forum on `port`) and `bee`
/// (B), in a database in a directory of their own (kept with the game).
fn two_games(port: u16) -> Game {
    let mut g = Game::started_with("");
    g.w.daemon.judge.ctx.cfg.webhooks =
        mailjudge::config::Webhooks { allowed_hosts: vec!["127.0.0.1".into()], https_only: false, allow_private: true, allowed_ports: vec![port] };
    g.send(GM, &format!("SIGNON Mdemo gmpass\nSET WEBHOOK DISCORD http://127.0.0.1:{port}/api/webhooks/1/tok"));
    assert_eq!(common::db::game(&g.w.daemon.judge.conn, "demo").settings.webhooks.len(), 1, "the webhook is set");
    g.send(GM, "CREATE ?bee gmpass standard");
    for (k, l) in "AEFGIRT".chars().enumerate() {
        g.send(&format!("p{}@example.test", k + 1), &format!("SIGNON ?bee pw-b{k}\nSET PREFERENCE {l}"));
    }
    assert_eq!(common::db::games_in(&g.w.daemon.judge.conn, "active"), 2, "both games started");
    // the database is the served judge's now
    let scratch = g.w.dir.path().join("scratch");
    g.w.daemon = mailjudge::daemon::Daemon::new(common::config(&scratch, 1000), mailjudge::context::Clock::Fixed(g.w.now)).unwrap();
    g
}

fn deadline(rounds: usize) {
    clear_all(&["judge", "gm", "keeper", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "demo-list"]);
    let (port, posts) = slow_forum(Duration::from_secs(8));
    let mut late = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        let g = two_games(port);
        let cfg = judge_config(g.w.dir.path(), true, 64);
        let text = std::fs::read_to_string(&cfg)
            .unwrap()
            .replace("allowed_hosts = [\"discord.com\", \"discordapp.com\"]", "allowed_hosts = [\"127.0.0.1\"]")
            .replace("https_only = true", "https_only = false")
            .replace("allow_private = false", "allow_private = true")
            .replace("allowed_ports = [443]", &format!("allowed_ports = [{port}]"));
        std::fs::write(&cfg, text).unwrap();
        let db = rusqlite::Connection::open(g.w.dir.path().join("judge.db")).unwrap();
        let unix = || std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs_f64();
        let due = unix().ceil() as i64 + 5;
        db.execute("UPDATE games SET deadline = ?1, grace_until = NULL, reminded = seq, late_noticed = seq", [due]).unwrap();
        let last: i64 = db.query_row("SELECT coalesce(max(id), 0) FROM outbox", [], |r| r.get(0)).unwrap();
        let seqs = |db: &rusqlite::Connection| -> (i64, i64) {
            db.query_row("SELECT (SELECT seq FROM games WHERE name = 'demo'), (SELECT seq FROM games WHERE name = 'bee')", [], |r| Ok((r.get(0)?, r.get(1)?)))
                .unwrap()
        };
        let before = seqs(&db);
        let posted = posts.lock().unwrap().len();
        let log_path = cfg.with_extension("log");
        let log = std::fs::File::create(&log_path).unwrap();
        let _judge = Judge(
            std::process::Command::new(env!("CARGO_BIN_EXE_mailjudge"))
                .args(["serve", "--config"])
                .arg(&cfg)
                .env("RUST_LOG", "info,mailjudge=debug")
                .stdout(std::process::Stdio::null())
                .stderr(log)
                .spawn()
                .unwrap(),
        );
        let (mut a_at, mut b_at, mut b_sent) = (None, None, None);
        let t = Instant::now();
        while b_sent.is_none() || a_at.is_none() {
            assert!(t.elapsed() < Duration::from_secs(120), "the deadline was not processed within two minutes");
            let now = unix();
            let (a, b) = seqs(&db);
            if a > before.0 && a_at.is_none() {
                a_at = Some(now - due as f64);
            }
            if b > before.1 && b_at.is_none() {
                b_at = Some(now - due as f64);
            }
            if b_at.is_some() && b_sent.is_none() {
                let (all, unsent): (i64, i64) = db
                    .query_row(
                        "SELECT count(*), count(*) FILTER (WHERE sent IS NULL) FROM outbox WHERE id > ?1 AND game_id = (SELECT id FROM games WHERE name = 'bee')",
                        [last],
                        |r| Ok((r.get(0)?, r.get(1)?)),
                    )
                    .unwrap();
                if all > 0 && unsent == 0 {
                    b_sent = Some(now - due as f64);
                }
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(posts.lock().unwrap().len() > posted, "game A posted to its forum");
        late.0.push(a_at.unwrap());
        late.1.push(b_at.unwrap());
        late.2.push(b_sent.unwrap());
        // the judge's own word on when it began (a judge that says nothing: not measured)
        let text = std::fs::read_to_string(&log_path).unwrap();
        if let Some(ms) = text.lines().find_map(|l| l.split(": begun ").nth(1)?.split(" ms after its time").next()?.parse::<f64>().ok()) {
            late.3.push(ms / 1000.0);
        }
    }
    let show = |v: &[f64]| v.iter().map(|x| format!("{x:.3}")).collect::<Vec<_>>().join(", ");
    println!(
        "deadline while in IMAP IDLE (game A's forum answers after 8 s), s after the deadline, {rounds} rounds: deadline work begun [{}], A committed [{}], B committed [{}], B's results all sent [{}]",
        show(&late.3),
        show(&late.0),
        show(&late.1),
        show(&late.2)
    );
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!("mail benchmarks: start the servers (tests/mailstack/mailstack.sh start), then `cargo bench --bench mail`");
        return;
    }
    // `cargo bench --bench mail -- idle` (or poll, backlog): only those parts
    let only: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let part = |name: &str| (only.is_empty() && name != "memory") || only.iter().any(|o| o == name);
    if part("idle") {
        latency(true);
    }
    if part("cold") {
        latency_cold(10);
    }
    if part("poll") {
        latency(false);
    }
    if part("backlog") {
        backlog();
    }
    if part("stop") {
        stop(10);
    }
    if part("deadline") {
        deadline(3);
    }
    if part("memory") {
        memory(std::env::var("MAILJUDGE_BENCH_PHASES").ok().and_then(|n| n.parse().ok()).unwrap_or(100));
    }
}

/// The game's board and processed phases, read from the judge's database
/// (`None` once the game is over).
fn board(db: &rusqlite::Connection, v: &mailjudge::map::Variant) -> Option<(mailjudge::adjudicate::Position, i64)> {
    let (position, status, phases): (String, String, i64) = db
        .query_row("SELECT position, status, (SELECT count(*) FROM phases) FROM games WHERE name = 'mem'", [], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .ok()?;
    let value: serde_json::Value = serde_json::from_str(&position).ok()?;
    (status == "active").then(|| (mailjudge::contract::position_from_json(v, &value).unwrap(), phases))
}

/// Power `p`'s orders for the phase: in a movement, a third of the armies
/// move to a neighbour and every other unit holds; in a retreat, its
/// dislodged units disband; in an adjustment, it waives its builds or
/// removes its last units (so every phase's orders are in and it is
/// processed at once, as the master's PROCESS may be used only a few times
/// an hour).
fn orders_of(v: &mailjudge::map::Variant, pos: &mailjudge::adjudicate::Position, p: usize, dice: &mut Dice) -> String {
    use mailjudge::phase::PhaseKind;
    let mut body = String::new();
    let mine: Vec<&mailjudge::map::Unit> = pos.units.iter().filter(|u| u.power as usize == p).collect();
    match pos.phase.kind {
        PhaseKind::Movement => {
            for o in movement_orders(v, pos, p, dice) {
                body.push_str(&format!("{o}\r\n"));
            }
        }
        PhaseKind::Retreat => {
            for d in pos.dislodged.iter().filter(|d| d.unit.power as usize == p) {
                body.push_str(&format!("{} D\r\n", v.unit_code(&d.unit)));
            }
        }
        PhaseKind::Adjustment => {
            let (centres, units) = (pos.center_count(p as u8), mine.len());
            if units > centres {
                for u in mine.iter().rev().take(units - centres) {
                    body.push_str(&format!("REMOVE {}\r\n", v.unit_code(u)));
                }
            }
            for _ in 0..mailjudge::adjudicate::adjust::builds_possible(v, &mailjudge::rules::Rulebook::for_variant(v), pos, p as u8) {
                body.push_str("WAIVE\r\n");
            }
        }
    }
    body
}

fn memory(phases: i64) {
    let players: Vec<String> = (1..=7).map(|n| format!("p{n}")).collect();
    let mut users: Vec<&str> = vec!["judge", "gm", "keeper"];
    users.extend(players.iter().map(String::as_str));
    clear_all(&users);
    let dir = tempfile::tempdir().unwrap();
    let cfg = judge_config(dir.path(), true, 64);
    let judge = Judge(start_judge(&cfg));
    let pid = judge.0.id();
    let id = std::process::id();
    let send = |from: &str, tag: &str, body: &str| {
        let raw = format!("From: {from}@example.test\r\nTo: judge@example.test\r\nSubject: {tag}\r\nMessage-ID: <mem-{tag}.{id}@example.test>\r\n\r\n{body}");
        smtp_send(raw.as_bytes(), &format!("{from}@example.test"), "judge@example.test");
    };
    std::thread::sleep(Duration::from_secs(2));
    let t = Instant::now();
    let report = |phase: i64| {
        let (rss, hwm) = memory_in(&format!("/proc/{pid}/status"));
        println!("memory over IMAP: phase {phase:3}: VmRSS {rss:6.1} MB, VmHWM {hwm:6.1} MB; {:.0} s", t.elapsed().as_secs_f64());
    };
    report(-1);
    send("gm", "create", "CREATE ?mem gmpass\r\n");
    for (i, l) in "AEFGIRT".chars().enumerate() {
        send(&players[i], &format!("join{i}"), &format!("SIGNON ?mem pass{i}\r\nSET PREFERENCE {l}\r\n"));
    }
    let db = rusqlite::Connection::open(dir.path().join("judge.db")).unwrap();
    let v = mailjudge::map::Variant::standard();
    wait_until(Duration::from_secs(60), Duration::from_millis(50), || board(&db, &v).map(|_| ()).ok_or("the game did not start".to_string()));
    println!("memory over IMAP: one standard game, {phases} phases, judge pid {pid}");
    report(0);
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
    let mut shown = 0;
    let mut round = 0;
    while let Some((pos, done)) = board(&db, &v) {
        if done >= phases {
            break;
        }
        round += 1;
        let processed = |db: &rusqlite::Connection| board(db, &v).is_none_or(|(_, n)| n > done);
        for (p, l) in "AEFGIRT".chars().enumerate() {
            let orders = orders_of(&v, &pos, p, &mut dice);
            if !orders.is_empty() {
                send(&players[p], &format!("o{round}-{p}"), &format!("SIGNON {l}mem pass{p}\r\n{orders}"));
            }
        }
        // all in, the phase is processed at once; else (a power whose
        // order was refused) the master does it
        let t = Instant::now();
        while !processed(&db) && t.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(20));
        }
        if !processed(&db) {
            send("gm", &format!("process{round}"), "SIGNON Mmem gmpass\r\nPROCESS!\r\n");
        }
        let log = cfg.with_extension("log");
        wait_until(Duration::from_secs(120), Duration::from_millis(20), || {
            if processed(&db) {
                return Ok(());
            }
            let tail: Vec<String> = std::fs::read_to_string(&log).unwrap_or_default().lines().rev().take(20).map(String::from).collect();
            let last = Mailbox::open("gm").all("INBOX").pop().map(|m| m.body).unwrap_or_default();
            Err(format!(
                "phase {} was not processed; the judge's log ends:\n{}\nthe master's last mail:\n{last}",
                done + 1,
                tail.into_iter().rev().collect::<Vec<_>>().join("\n")
            ))
        });
        let now = board(&db, &v).map_or(phases, |(_, n)| n);
        if let Some(&at) = [1, 5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 90, 100].iter().find(|&&at| now >= at && shown < at) {
            shown = at;
            report(now);
        }
    }
    report(board(&db, &v).map_or(-1, |(_, n)| n));
    drop(judge);
}
