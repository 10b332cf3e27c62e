//! The judge under a realistic spool and under hostile load (a bench binary:
//! each figure is one timed run of a real workload through a real `Daemon`,
//! Maildir in and out, SQLite file in a temporary directory, the default
//! configuration as the tests build it: `poll_seconds = 2`,
//! `mails_per_sender_per_hour = 60`, `synchronous = full`, batch 64).
//!
//! 1. **Spool**: 5,000 mails from 700 players in 100 games (100 CREATE mails
//!    from the masters, 700 joins `SIGNON ?gN pw` + `SET PREFERENCE X`, then
//!    4,200 sign-on + 2 orders mails), handled by `Daemon::step` until the
//!    inbox is empty and every reply is in the outbox Maildir. Peak memory is the
//!    judge's own: this part runs in a child process (this binary re-executed
//!    with `MAILJUDGE_BENCH_CHILD=spool`), which prints its VmHWM.
//! 2. **Orders, warmed**: in the same child, after part 1 (every player joined,
//!    every password checked or hashed once by this process, so the sign-on
//!    check is an HMAC cache hit), 5,000 more sign-on + 2 orders mails. Then,
//!    for the analysis, 2,100 more through the daemon's own calls
//!    (`Inbound::fetch`, `Judge::handle_batch`, `Inbound::done_many`,
//!    `Judge::flush_outbox`, `Judge::tick`) timed one by one, the cost of one
//!    fsync on the spool's file system, and 2,100 more with a bench-side flush
//!    that marks a flush's mails sent in one transaction (a what-if, not the
//!    judge's code).
//! 3. **Hostile**: a second child (`MAILJUDGE_BENCH_CHILD=hostile`) runs
//!    `Daemon::run` in a thread (real time, `Clock::System`) while the main
//!    thread drops mails into the inbox and watches the outbox Maildir:
//!    - baseline: legitimate order mails with no other load;
//!    - the brief's attack: one sender, one mail a second, each 400 lines
//!      `SIGNON Fg0 guessN` (one seat), for 15 s, 10 legitimate order mails
//!      spread over it;
//!    - a harsher one at the same rate: forged From addresses (one per mail,
//!      so the per-sender rate limit never applies), each mail's 400 lines
//!      over 350 seats, 8 not yet tried first (so every mail costs the per-mail cap of
//!      Argon2 checks);
//!    - (poll 2 only) that harsher attack at 6 mails a second, more than one
//!      core handles: what happens past saturation.
//!
//!    Latency = from the rename into `inbox/new` to the reply's file appearing
//!    in `outbox/new`. During each attack one game's deadline (and grace) is set
//!    to pass after 7 s; the games table is watched to see when it was processed.
//!    All of it for `poll_seconds` = 2 (the default) and 1.
//!
//! 4. **Amplification** (issue 20), each attack in a child of its own on a
//!    fresh judge with a started game `amp`, a real player's order mails once a
//!    second during it: 100 forged `MAP` mails (three maps each) From France's
//!    own address; `SET LIST` at a stranger from a game made for it, then
//!    broadcasts, processed phases and the end; one master mail of 400
//!    `PROCESS!`; 40 wrong sign-ons forged with France's address, then the right
//!    one with `SET ADDRESS`. Figures: the bytes that reached the victim, the
//!    child's peak memory, the real player's reply latency.
//!    `MAILJUDGE_BENCH_ONLY=amp` runs these alone.
//!
//! 5. **Storage** (issue 34, part 5), in a child of its own on a fresh judge
//!    (the default rate of 60 mails an hour): 200 plain-text mails of 1.9 MB
//!    from one sender, then 200 header-less blobs of 1.9 MB. Figures: what
//!    the mails table keeps (sum of the stored bytes) and how much the
//!    database's files grew; the quarantine's mails and bytes; the keeper's
//!    notices at once and after the hour. `MAILJUDGE_BENCH_ONLY=storage`
//!    runs this alone.
//!
//! Every figure is printed on one line and written to
//! `$CARGO_TARGET_DIR/hostile-bench.json` (else `target/hostile-bench.json`).
//! `MAILJUDGE_BENCH_LOG=1` (with `RUST_LOG`) shows the judge's own log.
//!
//! Run: `cargo bench --bench hostile`.

#[path = "../tests/it/common/mod.rs"]
mod common;

use common::{ORDERS, config};
use mailjudge::context::Clock;
use mailjudge::daemon::Daemon;
use mailjudge::mail::maildir::Maildir;
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

const LETTERS: &[u8] = b"AEFGIRT";
const GAMES: usize = 100;
const SEATS: usize = 7;
/// Turkey never orders F ANK: no phase is complete, so nothing is processed
/// early and every order stays valid for Spring 1901.
const TURKEY: [&str; 6] = ["A CON H", "A SMY H", "A CON-BUL", "A SMY-ARM", "A CON H", "A SMY-SYR"];

fn orders_of(seat: usize) -> &'static [&'static str] {
    if seat < 6 { ORDERS[seat] } else { &TURKEY }
}

fn player(g: usize, i: usize) -> String {
    format!("p{i}.g{g}@example.test")
}

fn password(g: usize, i: usize) -> String {
    format!("pass{g}x{i}")
}

fn mail(from: &str, id: &str, body: &str) -> Vec<u8> {
    format!("From: {from}\r\nTo: judge@example.test\r\nSubject: orders\r\nDate: Mon, 23 Nov 2026 12:00:00 +0000\r\nMessage-ID: <{id}@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}").into_bytes()
}

fn orders_mail(g: usize, i: usize, r: usize) -> String {
    let l = LETTERS[i] as char;
    let list = orders_of(i);
    format!("SIGNON {l}g{g} {}\n{}\n{}\n\nThanks,\n-- \nA player\n", password(g, i), list[r % 6], list[(r * 5 + 1) % 6])
}

/// (peak resident set, current resident set) of this process, in KiB.
fn memory_kib() -> (u64, u64) {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| s.lines().find(|l| l.starts_with(name)).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok()).unwrap_or(0);
    (field("VmHWM:"), field("VmRSS:"))
}

/// One figure: printed by a child as `FIGURE {json}`, collected by the parent.
fn figure(key: &str, value: impl Into<Value>, unit: &str, text: String) {
    let v = json!({ "key": key, "value": value.into(), "unit": unit, "text": text });
    println!("FIGURE {v}");
}

fn count(conn: &rusqlite::Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

/// Steps the daemon until the inbox is empty and nothing more is sent.
fn drain(d: &mut Daemon) -> (usize, usize, usize) {
    let (mut mails, mut answered, mut sent) = (0, 0, 0);
    loop {
        let s = d.step().unwrap();
        mails += s.mails;
        answered += s.answered;
        sent += s.sent;
        if s.mails == 0 && s.sent == 0 {
            return (mails, answered, sent);
        }
    }
}

fn outcomes(conn: &rusqlite::Connection) -> String {
    let mut st = conn.prepare("SELECT substr(outcome, 1, 60), count(*) FROM mails GROUP BY 1 ORDER BY 2 DESC").unwrap();
    let rows: Vec<String> = st.query_map([], |r| Ok(format!("{}: {}", r.get::<_, String>(0)?, r.get::<_, i64>(1)?))).unwrap().map(|r| r.unwrap()).collect();
    rows.join("; ")
}

/// Time of one Argon2id hash with the judge's parameters (for the analysis).
fn argon2_ms() -> f64 {
    let mut p = mailjudge::password::Passwords::new();
    p.hash("warm-up").unwrap();
    let t = Instant::now();
    for k in 0..5 {
        p.hash(&format!("calibrate{k}")).unwrap();
    }
    t.elapsed().as_secs_f64() * 1000.0 / 5.0
}

// ---------------------------------------------------------------- part 1 + 2

fn spool_child(dir: &Path) {
    let cfg = config(dir, 60);
    let inbox = Maildir::open(&dir.join("inbox")).unwrap();
    // written before the judge starts (the parent must not hold the spool's
    // lock): the spool is files on disk, nothing of it in the judge's memory
    let t = Instant::now();
    let mut k = 0usize;
    let mut put = |from: &str, body: String| {
        inbox.deliver(&format!("a{k:06}"), &mail(from, &format!("a{k}"), &body)).unwrap();
        k += 1;
    };
    for g in 0..GAMES {
        put(&format!("gm{g}@example.test"), format!("CREATE ?g{g} gmpass{g} standard\n"));
    }
    for (i, letter) in LETTERS.iter().enumerate().take(SEATS) {
        for g in 0..GAMES {
            put(&player(g, i), format!("SIGNON ?g{g} {}\nSET PREFERENCE {}\n", password(g, i), *letter as char));
        }
    }
    for r in 0..6 {
        for g in 0..GAMES {
            for i in 0..SEATS {
                put(&player(g, i), orders_mail(g, i, r));
            }
        }
    }
    let n = k;
    assert_eq!(n, 5000);
    eprintln!("spool of {n} mails written in {:.2} s", t.elapsed().as_secs_f64());
    let (hwm0, _) = memory_kib();

    let t = Instant::now();
    let mut d = Daemon::new(cfg.clone(), Clock::System).unwrap();
    let (mails, answered, sent) = drain(&mut d);
    let secs = t.elapsed().as_secs_f64();
    let (hwm, rss) = memory_kib();
    let conn = &d.judge.conn;
    let active = count(conn, "SELECT count(*) FROM games WHERE status = 'active'");
    let seated = count(conn, "SELECT count(*) FROM players p JOIN games g ON g.id = p.game_id WHERE p.role = 'player' AND p.power IS NOT NULL");
    let orders = count(conn, "SELECT count(*) FROM orders");
    let work = d.judge.ctx.passwords.work_done();
    eprintln!("part 1: outcomes: {}", outcomes(conn));
    assert_eq!(mails, n, "every mail read");
    assert_eq!(active as usize, GAMES, "every game started");
    figure(
        "spool_peak_mb",
        (hwm as f64 / 1024.0 * 10.0).round() / 10.0,
        "MB",
        format!(
            "spool: peak memory (VmHWM of the judge's process) {:.1} MB (target < 100 MB; {:.1} MB before the Daemon was opened; RSS at the end {:.1} MB)",
            hwm as f64 / 1024.0,
            hwm0 as f64 / 1024.0,
            rss as f64 / 1024.0
        ),
    );
    figure(
        "spool_secs",
        (secs * 100.0).round() / 100.0,
        "s",
        format!(
            "spool: {n} mails (100 CREATE, 700 joins, 4,200 sign-on + 2 orders) from 700 players in {GAMES} games through Daemon::step: {secs:.2} s wall = {:.0} mails/s ({answered} answered, {sent} mails sent, {active} games started, {seated} powers seated, {orders} orders; {work} Argon2 computations)",
            n as f64 / secs
        ),
    );
    figure("spool_mails_per_s", (n as f64 / secs).round(), "mails/s", format!("spool: {:.0} mails/s", n as f64 / secs));

    // part 2: the same process, every player joined, every password cached
    let t = Instant::now();
    for k in 0..5000usize {
        let g = k % GAMES;
        let i = (k / GAMES) % SEATS;
        let r = 6 + k / (GAMES * SEATS);
        inbox.deliver(&format!("b{k:06}"), &mail(&player(g, i), &format!("b{k}"), &orders_mail(g, i, r))).unwrap();
    }
    eprintln!("second spool written in {:.2} s", t.elapsed().as_secs_f64());
    let before = count(&d.judge.conn, "SELECT count(*) FROM orders");
    let work0 = d.judge.ctx.passwords.work_done();
    let t = Instant::now();
    let (mails, answered, sent) = drain(&mut d);
    let secs = t.elapsed().as_secs_f64();
    let orders = count(&d.judge.conn, "SELECT count(*) FROM orders") - before;
    let work = d.judge.ctx.passwords.work_done() - work0;
    let (hwm2, _) = memory_kib();
    eprintln!("part 2: outcomes: {}", outcomes(&d.judge.conn));
    assert_eq!(mails, 5000);
    figure(
        "orders_mails_per_s",
        (mails as f64 / secs).round(),
        "mails/s",
        format!(
            "orders, warmed process: {mails} sign-on + 2 orders mails from 700 signed-on players through Daemon::step: {secs:.2} s = {:.0} mails/s (target >= 1,000; {answered} answered, {sent} sent, {orders} order rows, {work} Argon2 computations: every sign-on a cache hit)",
            mails as f64 / secs
        ),
    );
    // part 2b: where the time goes. The same calls as Daemon::step_until
    // (fetch, handle_batch, done_many, flush_outbox; then tick, flush), timed
    // one by one, on another 2,100 mails (3 per player: the per-sender limits
    // of the default configuration leave room for the hostile part)
    let spool3 = |tag: &str| {
        for k in 0..2100usize {
            let g = k % GAMES;
            let i = (k / GAMES) % SEATS;
            inbox.deliver(&format!("{tag}{k:06}"), &mail(&player(g, i), &format!("{tag}{k}"), &orders_mail(g, i, 14 + k / 700))).unwrap();
        }
    };
    spool3("c");
    let (t, n) = timed_drain(&mut d, false);
    let total: f64 = t.iter().sum();
    figure(
        "orders_breakdown",
        json!({ "mails": n, "fetch_s": t[0], "handle_batch_s": t[1], "done_s": t[2], "flush_outbox_s": t[3], "tick_s": t[4] }),
        "s",
        format!(
            "orders, where the time goes ({n} more mails through the daemon's own calls, timed): {total:.2} s = {:.0} mails/s: Maildir fetch {:.2} s, Judge::handle_batch {:.2} s, Maildir done (unlink) {:.2} s, Judge::flush_outbox {:.2} s, tick {:.2} s",
            n as f64 / total,
            t[0],
            t[1],
            t[2],
            t[3],
            t[4]
        ),
    );
    let fs = fsync_ms(dir);
    figure("fsync_ms", (fs * 100.0).round() / 100.0, "ms", format!("one small write + fsync on the spool's file system now: {fs:.2} ms"));
    // part 2c, what if: the same, but the replies of one flush marked sent in
    // one transaction (not what the judge does: it commits each mark alone)
    spool3("d");
    let (t, n) = timed_drain(&mut d, true);
    let total: f64 = t.iter().sum();
    figure(
        "orders_whatif_one_tx_flush",
        (n as f64 / total).round(),
        "mails/s",
        format!(
            "orders, what if each flush marked its mails sent in one transaction (bench-side flush, not the judge's): {n} mails in {total:.2} s = {:.0} mails/s: fetch {:.2} s, handle_batch {:.2} s, done {:.2} s, flush {:.2} s, tick {:.2} s",
            n as f64 / total,
            t[0],
            t[1],
            t[2],
            t[3],
            t[4]
        ),
    );
    eprintln!("parts 2b/2c: outcomes: {}", outcomes(&d.judge.conn));
    figure(
        "orders_peak_mb",
        (hwm2 as f64 / 1024.0 * 10.0).round() / 10.0,
        "MB",
        format!("orders, warmed process: peak memory after both parts {:.1} MB", hwm2 as f64 / 1024.0),
    );
}

/// Drains the inbox with the calls `Daemon::step_until` makes, timing each
/// kind: [fetch, handle_batch, done_many, flush, tick]. `one_tx`: flush with
/// [`flush_one_tx`] instead of `Judge::flush_outbox`.
fn timed_drain(d: &mut Daemon, one_tx: bool) -> ([f64; 5], usize) {
    let mut t = [0.0f64; 5];
    let mut n = 0;
    let batch = d.judge.ctx.cfg.limits.batch;
    let flush = |d: &mut Daemon, t: &mut [f64; 5]| {
        let s = Instant::now();
        if one_tx {
            flush_one_tx(d);
        } else {
            d.judge.flush_outbox(d.outbound.as_mut()).unwrap();
        }
        t[3] += s.elapsed().as_secs_f64();
    };
    loop {
        let s = Instant::now();
        let mails = d.inbound.fetch(batch).unwrap();
        t[0] += s.elapsed().as_secs_f64();
        if mails.is_empty() {
            break;
        }
        let s = Instant::now();
        let outcomes = d.judge.handle_batch(&mails).unwrap();
        t[1] += s.elapsed().as_secs_f64();
        assert!(outcomes.iter().all(|o| *o == mailjudge::judge::MailOutcome::Answered), "{outcomes:?}");
        let s = Instant::now();
        let keys: Vec<&str> = mails.iter().map(|m| m.key.as_str()).collect();
        d.inbound.done_many(&keys).unwrap();
        t[2] += s.elapsed().as_secs_f64();
        n += mails.len();
        flush(d, &mut t);
    }
    let s = Instant::now();
    d.judge.tick().unwrap();
    t[4] += s.elapsed().as_secs_f64();
    flush(d, &mut t);
    (t, n)
}

/// `Judge::flush_outbox` without failure handling, its marks in one transaction.
fn flush_one_tx(d: &mut Daemon) {
    use mailjudge::store::outbox;
    let now = d.judge.ctx.now();
    loop {
        let rows = outbox::due(&d.judge.conn, now, 500).unwrap();
        if rows.is_empty() {
            return;
        }
        let tx = d.judge.conn.unchecked_transaction().unwrap();
        for (id, m) in rows {
            let bytes = mailjudge::mail::compose::compose(&d.judge.ctx.cfg.name, &d.judge.ctx.cfg.address, &m, now, &[]).unwrap();
            d.outbound.send(id, &bytes, &m.to).unwrap();
            outbox::mark_sent(&tx, id, now).unwrap();
        }
        tx.commit().unwrap();
    }
}

/// One small write + fsync in `dir`, in milliseconds (the median of 50).
fn fsync_ms(dir: &Path) -> f64 {
    use std::io::Write;
    let mut f = std::fs::File::create(dir.join("fsync-probe")).unwrap();
    let mut v = Vec::new();
    for k in 0..50 {
        let s = Instant::now();
        f.write_all(format!("{k}\n").as_bytes()).unwrap();
        f.sync_all().unwrap();
        v.push(s.elapsed().as_secs_f64() * 1000.0);
    }
    std::fs::remove_file(dir.join("fsync-probe")).unwrap();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    median(&v)
}

// ---------------------------------------------------------------- part 3

/// Watches `outbox/new` for the replies to given Message-IDs.
struct Watch {
    dir: PathBuf,
    seen: HashSet<String>,
    pending: HashMap<String, (Instant, String)>,
    /// (label, seconds, reply file name)
    done: Vec<(String, f64, String)>,
}

impl Watch {
    fn new(outbox: &Path) -> Watch {
        Watch { dir: outbox.join("new"), seen: HashSet::new(), pending: HashMap::new(), done: Vec::new() }
    }

    fn expect(&mut self, id: &str, at: Instant, label: &str) {
        self.pending.insert(format!("<{id}@example.test>"), (at, label.to_string()));
    }

    fn poll(&mut self) {
        let Ok(rd) = std::fs::read_dir(&self.dir) else { return };
        let now = Instant::now();
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if !self.seen.insert(name.clone()) {
                continue;
            }
            if self.pending.is_empty() {
                continue;
            }
            let Ok(bytes) = std::fs::read(e.path()) else { continue };
            let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).into_owned();
            let Some(irt) = head.lines().find(|l| l.to_ascii_lowercase().starts_with("in-reply-to:")) else { continue };
            let key = self.pending.keys().find(|k| irt.contains(k.as_str())).cloned();
            if let Some(k) = key {
                let (t0, label) = self.pending.remove(&k).unwrap();
                self.done.push((label, now.duration_since(t0).as_secs_f64(), name));
            }
        }
    }

    fn wait_all(&mut self, timeout: Duration) -> bool {
        let t = Instant::now();
        while !self.pending.is_empty() && t.elapsed() < timeout {
            self.poll();
            std::thread::sleep(Duration::from_millis(5));
        }
        self.pending.is_empty()
    }

    fn latencies(&self, prefix: &str) -> Vec<f64> {
        let mut v: Vec<f64> = self.done.iter().filter(|(l, _, _)| l.starts_with(prefix)).map(|(_, s, _)| *s).collect();
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        v
    }

    fn body_of(&self, label: &str) -> String {
        // decoded (the body may be quoted-printable)
        self.done.iter().find(|(l, _, _)| l == label).map(|(_, _, f)| common::read_sent(&self.dir.join(f)).body).unwrap_or_default()
    }
}

fn median(v: &[f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 }
}

fn unix_now() -> f64 {
    SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap().as_secs_f64()
}

fn inbox_len(dir: &Path) -> usize {
    std::fs::read_dir(dir.join("inbox/new")).map(|r| r.flatten().filter(|e| !e.file_name().to_string_lossy().starts_with('.')).count()).unwrap_or(0)
}

#[derive(Clone, Copy, PartialEq)]
enum Attack {
    /// One sender, 400 × `SIGNON F<game> guessN` (one seat).
    OneSeat,
    /// A forged From per mail, 400 lines over 400 seats.
    ManySeats,
}

struct Attacked {
    latencies: Vec<f64>,
    hostile_sent: usize,
    drain_secs: f64,
    deadline_delay_seen: f64,
    deadline_delay_stored: i64,
}

/// Runs one attack for `secs` seconds against the running daemon.
#[allow(clippy::too_many_arguments)]
fn attack(
    dir: &Path,
    inbox: &Maildir,
    watch: &mut Watch,
    run: usize,
    kind: Attack,
    rate: f64,
    tag: &str,
    legit: &[(usize, usize)],
    deadline_game: usize,
    secs: f64,
) -> Attacked {
    // the deadline game: its deadline and grace pass 7 s from now
    let db = rusqlite::Connection::open(dir.join("judge.db")).unwrap();
    db.busy_timeout(Duration::from_secs(10)).unwrap();
    let deadline = unix_now().ceil() as i64 + 7;
    let seq0: i64 = db.query_row("SELECT seq FROM games WHERE name = ?1", [format!("g{deadline_game}")], |r| r.get(0)).unwrap();
    db.execute("UPDATE games SET deadline = ?1, grace_until = ?1 WHERE name = ?2", rusqlite::params![deadline, format!("g{deadline_game}")]).unwrap();
    let mut processed_seen: Option<f64> = None;
    let mut last_check = Instant::now();

    let t0 = Instant::now();
    let total = (secs * rate) as usize;
    let mut next_hostile = 0usize;
    let player_at: Vec<f64> = (0..legit.len()).map(|i| 0.75 + 1.5 * i as f64).collect();
    let mut next_player = 0usize;
    let target = run; // the seat under attack: France of game g{run}
    loop {
        let t = t0.elapsed().as_secs_f64();
        if next_hostile >= total && next_player >= legit.len() {
            break;
        }
        if next_hostile < total && t >= next_hostile as f64 / rate {
            let k = next_hostile;
            let (from, body) = match kind {
                Attack::OneSeat => {
                    let body: String = (0..400).map(|n| format!("SIGNON Fg{target} guess{k}x{n}\n")).collect();
                    (format!("attacker{run}@evil.test"), body)
                }
                Attack::ManySeats => {
                    // 400 seats among games 40..90 (none of the measured
                    // players): 8 new ones first in each mail, so that no seat
                    // reaches the hourly throttle of wrong passwords
                    let base = 7 * run + 100 * usize::from(rate > 1.0);
                    let body: String = (0..400)
                        .map(|n| {
                            let s = (base + k * 8 + n) % 350;
                            format!("SIGNON {}g{} guess{k}x{n}\n", LETTERS[s % 7] as char, 40 + s / 7)
                        })
                        .collect();
                    (format!("forged{run}{tag}-{k}@evil{k}.test"), body)
                }
            };
            inbox.deliver(&format!("h{run}{tag}{k:05}"), &mail(&from, &format!("h{run}{tag}{k}"), &body)).unwrap();
            next_hostile += 1;
        }
        if next_player < legit.len() && t >= player_at[next_player] {
            let (g, i) = legit[next_player];
            let id = format!("l{run}{tag}{next_player}");
            inbox.deliver(&id, &mail(&player(g, i), &id, &orders_mail(g, i, 20 + next_player))).unwrap();
            watch.expect(&id, Instant::now(), &format!("{tag}:{next_player}"));
            next_player += 1;
        }
        watch.poll();
        if processed_seen.is_none() && last_check.elapsed() >= Duration::from_millis(20) {
            last_check = Instant::now();
            let seq: i64 = db.query_row("SELECT seq FROM games WHERE name = ?1", [format!("g{deadline_game}")], |r| r.get(0)).unwrap();
            if seq != seq0 {
                processed_seen = Some(unix_now());
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let ok = watch.wait_all(Duration::from_secs(120));
    assert!(ok, "{tag}: replies missing after 120 s: {:?}", watch.pending.values().map(|(_, l)| l).collect::<Vec<_>>());
    // the deadline, if not yet
    let t = Instant::now();
    while processed_seen.is_none() && t.elapsed() < Duration::from_secs(60) {
        let seq: i64 = db.query_row("SELECT seq FROM games WHERE name = ?1", [format!("g{deadline_game}")], |r| r.get(0)).unwrap();
        if seq != seq0 {
            processed_seen = Some(unix_now());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let seen = processed_seen.expect("the deadline game was processed within 60 s");
    let stored: i64 = db
        .query_row(
            "SELECT processed FROM phases p JOIN games g ON g.id = p.game_id WHERE g.name = ?1 AND p.seq = ?2",
            rusqlite::params![format!("g{deadline_game}"), seq0],
            |r| r.get(0),
        )
        .unwrap();
    // the hostile backlog
    let t = Instant::now();
    while inbox_len(dir) > 0 && t.elapsed() < Duration::from_secs(300) {
        watch.poll();
        std::thread::sleep(Duration::from_millis(20));
    }
    let drain_secs = t.elapsed().as_secs_f64();
    Attacked {
        latencies: watch.latencies(&format!("{tag}:")),
        hostile_sent: total,
        drain_secs,
        deadline_delay_seen: seen - deadline as f64,
        deadline_delay_stored: stored - deadline,
    }
}

fn hostile_child(dir: &Path) {
    let inbox = Maildir::open(&dir.join("inbox")).unwrap();
    let ms = argon2_ms();
    figure("argon2_ms", (ms * 10.0).round() / 10.0, "ms", format!("one Argon2id computation (m=19 MiB, t=2, p=1) on this machine now: {ms:.1} ms"));
    // what one hostile mail costs the judge, handled alone (seats of games
    // 30..39, which nothing else in this part uses)
    {
        for e in std::fs::read_dir(dir.join("outbox/new")).unwrap().flatten() {
            std::fs::remove_file(e.path()).unwrap();
        }
        let mut d = Daemon::new(config(dir, 60), Clock::System).unwrap();
        let one: String = (0..400).map(|n| format!("SIGNON Fg30 calib{n}\n")).collect();
        let many: String = (0..400).map(|n| format!("SIGNON {}g{} calib{n}\n", LETTERS[n % 7] as char, 30 + (n / 7) % 10)).collect();
        for (key, from, body) in [("oneseat", "calib1@evil.test", one), ("manyseats", "calib2@evil.test", many)] {
            let m = mailjudge::mail::RawMail { key: key.into(), bytes: mail(from, &format!("calib-{key}"), &body) };
            let w0 = d.judge.ctx.passwords.work_done();
            let t = Instant::now();
            d.judge.handle_batch(std::slice::from_ref(&m)).unwrap();
            let handle = t.elapsed().as_secs_f64() * 1000.0;
            let t = Instant::now();
            let sent = d.judge.flush_outbox(d.outbound.as_mut()).unwrap();
            let flush = t.elapsed().as_secs_f64() * 1000.0;
            let work = d.judge.ctx.passwords.work_done() - w0;
            let size = std::fs::read_dir(dir.join("outbox/new")).unwrap().flatten().filter_map(|e| e.metadata().ok()).map(|m| m.len()).max().unwrap_or(0);
            figure(
                &format!("hostile_mail_cost_{key}_ms"),
                ((handle + flush) * 10.0).round() / 10.0,
                "ms",
                format!(
                    "one hostile mail ({key}, 400 SIGNON lines) handled alone: {handle:.0} ms in Judge::handle_batch ({work} Argon2 computations) + {flush:.0} ms to compose and write its reply ({sent} mail(s); largest outbox file {size} bytes)"
                ),
            );
        }
    }
    for (run, poll) in [(0usize, 2u64), (1, 1)] {
        let mut cfg = config(dir, 60);
        cfg.poll_seconds = poll;
        // replies of earlier parts are sent already: an empty outbox/new to watch
        let outbox = dir.join("outbox");
        for e in std::fs::read_dir(outbox.join("new")).unwrap().flatten() {
            std::fs::remove_file(e.path()).unwrap();
        }
        let stop = Arc::new(AtomicBool::new(false));
        let s2 = stop.clone();
        let daemon = std::thread::spawn(move || {
            // made in its thread: a Daemon is not Send
            let mut d = Daemon::new(cfg, Clock::System).unwrap();
            d.run(&s2);
            d.judge.ctx.passwords.work_done()
        });
        let mut watch = Watch::new(&outbox);
        // the measured players: ten seats of ten other games, none of them Turkey
        let legit: Vec<(usize, usize)> = (0..10).map(|k| (10 + 10 * run + k, k % 6)).collect();
        // warm-up: each of them signs on once (this process checks each password once)
        for (k, &(g, i)) in legit.iter().enumerate() {
            let id = format!("w{run}-{k}");
            inbox.deliver(&id, &mail(&player(g, i), &id, &orders_mail(g, i, 10 + k))).unwrap();
            watch.expect(&id, Instant::now(), &format!("warm:{k}"));
        }
        assert!(watch.wait_all(Duration::from_secs(120)), "warm-up replies missing");
        let warm = watch.latencies("warm:");
        // baseline: no other load
        let t0 = Instant::now();
        #[allow(clippy::needless_range_loop, reason = "k is also the time slot")]
        for k in 0..6 {
            let at = Duration::from_secs_f64(0.3 + 1.3 * k as f64);
            while t0.elapsed() < at {
                watch.poll();
                std::thread::sleep(Duration::from_millis(5));
            }
            let (g, i) = legit[k];
            let id = format!("b{run}-{k}");
            inbox.deliver(&id, &mail(&player(g, i), &id, &orders_mail(g, i, 15 + k))).unwrap();
            watch.expect(&id, Instant::now(), &format!("base:{k}"));
        }
        assert!(watch.wait_all(Duration::from_secs(60)), "baseline replies missing");
        let base = watch.latencies("base:");
        figure(
            &format!("poll{poll}_baseline_latency_median_s"),
            (median(&base) * 1000.0).round() / 1000.0,
            "s",
            format!(
                "poll_seconds={poll}, no hostile load: reply latency over {} order mails: median {:.2} s, max {:.2} s (warm-up, first sign-on of each in this process: median {:.2} s, max {:.2} s)",
                base.len(),
                median(&base),
                base.last().copied().unwrap_or(f64::NAN),
                median(&warm),
                warm.last().copied().unwrap_or(f64::NAN)
            ),
        );
        figure(
            &format!("poll{poll}_baseline_latency_max_s"),
            (base.last().copied().unwrap_or(f64::NAN) * 1000.0).round() / 1000.0,
            "s",
            format!("poll_seconds={poll}, no hostile load: max latency {:.2} s", base.last().copied().unwrap_or(f64::NAN)),
        );

        let mut attacks = vec![(Attack::OneSeat, 1.0, "oneseat", 99 - 2 * run), (Attack::ManySeats, 1.0, "manyseats", 98 - 2 * run)];
        if run == 0 {
            // beyond the brief: the harsher attack at 6 mails/s, past what one
            // core handles (the per-mail cost is measured above)
            attacks.push((Attack::ManySeats, 6.0, "manyseats6", 95));
        }
        for (kind, rate, key, dg) in attacks {
            let name = match kind {
                Attack::OneSeat => format!("one sender, {rate} mail/s of 400 x `SIGNON Fg{run} guessN` (one seat)"),
                Attack::ManySeats => format!("forged From per mail, {rate} mail/s, 400 lines over 350 seats (8 Argon2 checks/mail, the per-mail cap)"),
            };
            let a = attack(dir, &inbox, &mut watch, run, kind, rate, key, &legit, dg, 15.0);
            let l = &a.latencies;
            let max = l.last().copied().unwrap_or(f64::NAN);
            figure(
                &format!("poll{poll}_{key}_latency_median_s"),
                (median(l) * 1000.0).round() / 1000.0,
                "s",
                format!(
                    "poll_seconds={poll}, hostile {key} ({name}), {} hostile mails over 15 s: reply latency of {} order mails: median {:.2} s, max {max:.2} s (target <= 2 s: {}); hostile backlog left after the last reply drained in {:.1} s",
                    a.hostile_sent,
                    l.len(),
                    median(l),
                    if max <= 2.0 { "met" } else { "MISSED" },
                    a.drain_secs
                ),
            );
            figure(
                &format!("poll{poll}_{key}_latency_max_s"),
                (max * 1000.0).round() / 1000.0,
                "s",
                format!(
                    "poll_seconds={poll}, hostile ({key}): max latency {max:.2} s; all: {}",
                    l.iter().map(|x| format!("{x:.2}")).collect::<Vec<_>>().join(" ")
                ),
            );
            figure(
                &format!("poll{poll}_{key}_deadline_delay_s"),
                (a.deadline_delay_seen * 100.0).round() / 100.0,
                "s",
                format!(
                    "poll_seconds={poll}, hostile ({key}): game g{dg}'s deadline passed during the attack; its phase was committed {:.2} s after the deadline as seen in the games table (phases.processed - deadline = {} s; target <= one poll interval, {poll} s: {})",
                    a.deadline_delay_seen,
                    a.deadline_delay_stored,
                    if a.deadline_delay_seen <= poll as f64 { "met" } else { "MISSED" }
                ),
            );
            if kind == Attack::OneSeat {
                // the player of the attacked seat signs on with the right password
                let id = format!("v{run}");
                inbox.deliver(&id, &mail(&player(run, 2), &id, &orders_mail(run, 2, 30))).unwrap();
                watch.expect(&id, Instant::now(), &format!("victim:{run}"));
                assert!(watch.wait_all(Duration::from_secs(60)), "victim's reply missing");
                let body = watch.body_of(&format!("victim:{run}"));
                let locked = body.contains("too many wrong passwords");
                let signed = body.contains("Signed on as France");
                figure(
                    &format!("poll{poll}_oneseat_victim_locked_out"),
                    locked,
                    "bool",
                    format!(
                        "poll_seconds={poll}, after the one-seat attack: France of g{run} (the attacked seat) sends the right password: {}",
                        if locked {
                            "REFUSED (\"too many wrong passwords for this seat within the last hour\": locked out for the hour)"
                        } else if signed {
                            "signed on"
                        } else {
                            "neither signed on nor refused as expected"
                        }
                    ),
                );
            }
        }
        stop.store(true, Ordering::Relaxed);
        let work = daemon.join().unwrap();
        eprintln!("run {run} (poll {poll}): {work} Argon2 computations in the daemon");
    }
    let (hwm, _) = memory_kib();
    figure(
        "hostile_peak_mb",
        (hwm as f64 / 1024.0 * 10.0).round() / 10.0,
        "MB",
        format!("hostile: peak memory of that process (judge + the bench's feeder/watcher) {:.1} MB", hwm as f64 / 1024.0),
    );
}

// ---------------------------------------------------------------- amplification

/// The amplification attacks of issue 20, each in a child of its own (its
/// peak memory its own): a running judge (`Daemon::run`, real time) with a
/// started seven-player game `amp`, a real player (England's) sending orders
/// once a second during the attack, and the attack's mail dropped in the inbox.
const AMP_ATTACKS: [&str; 4] = ["map", "list", "process", "guess"];

struct Amp {
    dir: PathBuf,
    inbox: Maildir,
    stop: Arc<AtomicBool>,
    daemon: Option<std::thread::JoinHandle<()>>,
    watch: Watch,
    db: rusqlite::Connection,
    n: usize,
}

impl Amp {
    fn start(dir: &Path) -> Amp {
        let cfg = config(dir, 60);
        let stop = Arc::new(AtomicBool::new(false));
        let s2 = stop.clone();
        let daemon = std::thread::spawn(move || {
            let mut d = Daemon::new(cfg, Clock::System).unwrap();
            d.run(&s2);
        });
        let inbox = Maildir::open(&dir.join("inbox")).unwrap();
        // the database exists once the daemon has opened it
        let t = Instant::now();
        while !dir.join("judge.db").exists() && t.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(200));
        let db = rusqlite::Connection::open(dir.join("judge.db")).unwrap();
        db.busy_timeout(Duration::from_secs(30)).unwrap();
        Amp { dir: dir.to_path_buf(), inbox, stop, daemon: Some(daemon), watch: Watch::new(&dir.join("outbox")), db, n: 0 }
    }

    /// Drops a mail from `from`; returns its id.
    fn drop(&mut self, from: &str, body: &str) -> String {
        self.n += 1;
        let id = format!("amp{}", self.n);
        self.inbox.deliver(&format!("a{:06}", self.n), &mail(from, &id, body)).unwrap();
        id
    }

    /// Sends and waits for the reply.
    fn send(&mut self, from: &str, body: &str) {
        let id = self.drop(from, body);
        self.watch.expect(&id, Instant::now(), "setup");
        assert!(self.watch.wait_all(Duration::from_secs(120)), "no reply to {body:?}");
    }

    fn count(&self, sql: &str) -> i64 {
        self.db.query_row(sql, [], |r| r.get(0)).unwrap()
    }

    /// Waits until the inbox is empty and every queued mail is sent.
    fn settle(&mut self) {
        let t = Instant::now();
        let mut quiet = 0;
        while t.elapsed() < Duration::from_secs(1800) {
            self.watch.poll();
            let busy = inbox_len(&self.dir) > 0 || self.count("SELECT count(*) FROM outbox WHERE sent IS NULL AND gave_up IS NULL") > 0;
            quiet = if busy { 0 } else { quiet + 1 };
            if quiet >= 10 {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("the judge did not settle within 30 minutes");
    }

    /// Bytes of the outbox files addressed to `addr`, and their number.
    fn bytes_to(&self, addr: &str) -> (u64, usize) {
        let mut total = (0, 0);
        for e in std::fs::read_dir(self.dir.join("outbox/new")).unwrap().flatten() {
            let Ok(f) = std::fs::File::open(e.path()) else { continue };
            let mut head = vec![0u8; 4096];
            let n = std::io::Read::read(&mut std::io::BufReader::new(f), &mut head).unwrap_or(0);
            let head = String::from_utf8_lossy(&head[..n]).to_ascii_lowercase();
            if head.lines().any(|l| l.starts_with("to:") && l.contains(&addr.to_ascii_lowercase())) {
                total.0 += e.metadata().map(|m| m.len()).unwrap_or(0);
                total.1 += 1;
            }
        }
        total
    }

    fn all_bytes(&self) -> u64 {
        std::fs::read_dir(self.dir.join("outbox/new")).unwrap().flatten().filter_map(|e| e.metadata().ok()).map(|m| m.len()).sum()
    }

    fn finish(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.daemon.take().unwrap().join().unwrap();
    }
}

/// A started game `amp`: the master gm@amp.test (gmpass), seven players
/// pK@amp.test (passK). Returns France's and England's (address, password).
fn amp_game(a: &mut Amp) -> ((String, String), (String, String)) {
    a.send("gm@amp.test", "CREATE ?amp gmpass standard");
    for k in 1..=7 {
        a.send(&format!("p{k}@amp.test"), &format!("SIGNON ?amp pass{k}"));
    }
    a.settle();
    assert_eq!(a.count("SELECT count(*) FROM games WHERE name = 'amp' AND status = 'active'"), 1, "amp started");
    let seat = |a: &Amp, power: i64| -> (String, String) {
        let email: String = a.db.query_row("SELECT email FROM players WHERE power = ?1 AND role = 'player'", [power], |r| r.get(0)).unwrap();
        let k = email.trim_start_matches('p').split('@').next().unwrap().to_string();
        (email, format!("pass{k}"))
    };
    (seat(a, 2), seat(a, 1))
}

/// The real player's order mails during an attack: one a second from
/// `start`, `n` of them; their reply latencies.
fn real_player(a: &mut Amp, england: &(String, String), tag: &str, n: usize, attack: &mut dyn FnMut(&mut Amp, f64) -> bool) -> Vec<f64> {
    let t0 = Instant::now();
    let mut next = 0;
    let mut attacking = true;
    while next < n || attacking {
        let t = t0.elapsed().as_secs_f64();
        if attacking {
            attacking = attack(a, t);
        }
        if next < n && t >= 0.5 + next as f64 {
            let order = ["F LON-NTH", "F EDI-NWG", "A LVP-YOR", "F LON H", "A LVP H", "F EDI H"][next % 6];
            let id = a.drop(&england.0, &format!("SIGNON Eamp {}\n{order}", england.1));
            a.watch.expect(&id, Instant::now(), &format!("{tag}:{next}"));
            next += 1;
        }
        a.watch.poll();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(a.watch.wait_all(Duration::from_secs(1800)), "{tag}: the real player's replies are missing");
    a.watch.latencies(&format!("{tag}:"))
}

fn amplify_child(dir: &Path, which: &str) {
    let mut a = Amp::start(dir);
    let (france, england) = amp_game(&mut a);
    let victim = france.0.clone();
    let base = a.bytes_to(&victim).0;
    let all_before = a.all_bytes();
    let t0 = Instant::now();
    let (what, latencies, extra) = match which {
        // 100 forged mails, each From France's own address, each asking for three maps
        "map" => {
            let mut k = 0;
            let l = real_player(&mut a, &england, "map", 5, &mut |a, t| {
                while k < 100 && t >= k as f64 * 0.03 {
                    a.drop(&victim, "MAP amp\nMAP amp\nMAP amp");
                    k += 1;
                }
                k < 100
            });
            ("100 forged MAP mails (3 maps each) From the victim's own address".to_string(), l, String::new())
        }
        // a game created to aim its list (results, broadcasts, the end) at a stranger
        "list" => {
            let stranger = "stranger@elsewhere.test";
            let mut step = 0;
            let l = real_player(&mut a, &england, "list", 5, &mut |a, _| {
                match step {
                    0 => {
                        a.drop("evil@evil.test", &format!("CREATE ?evil evilpass standard\nSET LIST {stranger}"));
                    }
                    1..=7 => {
                        a.drop(&format!("e{step}@evil.test"), &format!("SIGNON ?evil epass{step}"));
                    }
                    8..=11 => {
                        let text = "Read this. ".repeat(100);
                        a.drop("evil@evil.test", &format!("SIGNON Mevil evilpass\nBROADCAST\n{text}\nENDPRESS\nPROCESS!"));
                    }
                    12 => {
                        a.drop("evil@evil.test", "SIGNON Mevil evilpass\nTERMINATE");
                    }
                    _ => return false,
                }
                step += 1;
                true
            });
            a.settle();
            let (b, n) = a.bytes_to(stranger);
            (format!("SET LIST at a stranger ({stranger}), then broadcasts, 4 phases and the end"), l, format!("; the stranger got {n} mails, {b} bytes"))
        }
        // one master mail of 400 PROCESS! lines
        "process" => {
            let mut sent = false;
            let l = real_player(&mut a, &england, "process", 5, &mut |a, _| {
                if !sent {
                    a.drop("gm@amp.test", &format!("SIGNON Mamp gmpass\n{}", vec!["PROCESS!"; 400].join("\n")));
                    sent = true;
                }
                false
            });
            a.settle();
            let phases = a.count("SELECT count(*) FROM phases p JOIN games g ON g.id = p.game_id WHERE g.name = 'amp'");
            ("one master mail of 400 x PROCESS!".to_string(), l, format!("; {phases} phase(s) processed"))
        }
        // 40 wrong sign-ons forged with France's own address, then the right one with SET ADDRESS
        "guess" => {
            let mut k = 0;
            let pw = france.1.clone();
            let l = real_player(&mut a, &england, "guess", 5, &mut |a, t| {
                while k < 41 && t >= k as f64 * 0.05 {
                    if k < 40 {
                        a.drop(&victim, &format!("SIGNON Famp guess{k}"));
                    } else {
                        a.drop(&victim, &format!("SIGNON Famp {pw}\nSET ADDRESS attacker@evil.test"));
                    }
                    k += 1;
                }
                k < 41
            });
            a.settle();
            let moved = a.count("SELECT count(*) FROM players WHERE email = 'attacker@evil.test'") > 0;
            (
                "40 wrong sign-ons forged with the owner's address, then the right password with SET ADDRESS".to_string(),
                l,
                format!("; France's seat moved to the attacker: {}", if moved { "YES" } else { "no" }),
            )
        }
        other => panic!("unknown attack {other}"),
    };
    a.settle();
    let secs = t0.elapsed().as_secs_f64();
    let (to_victim, n_victim) = a.bytes_to(&victim);
    let outbox = a.all_bytes() - all_before;
    a.finish();
    let (hwm, _) = memory_kib();
    let max = latencies.last().copied().unwrap_or(f64::NAN);
    figure(
        &format!("amp_{which}_victim_bytes"),
        to_victim - base,
        "bytes",
        format!(
            "amplification, {what}: {} bytes ({n_victim} mails) reached France's address, {outbox} bytes in the outbox in all; settled in {secs:.1} s{extra}",
            to_victim - base
        ),
    );
    figure(
        &format!("amp_{which}_peak_mb"),
        (hwm as f64 / 1024.0 * 10.0).round() / 10.0,
        "MB",
        format!("amplification, {which}: the process's peak memory {:.1} MB", hwm as f64 / 1024.0),
    );
    figure(
        &format!("amp_{which}_latency_median_s"),
        (median(&latencies) * 1000.0).round() / 1000.0,
        "s",
        format!(
            "amplification, {which}: a real player's reply latency during it: median {:.2} s, max {max:.2} s over {} mails",
            median(&latencies),
            latencies.len()
        ),
    );
}

// ---------------------------------------------------------------- parent

fn child(mode: &str, dir: &Path, figures: &mut serde_json::Map<String, Value>) {
    let exe = std::env::current_exe().unwrap();
    let mut c =
        Command::new(exe).env("MAILJUDGE_BENCH_CHILD", mode).env("MAILJUDGE_BENCH_DIR", dir).stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().unwrap();
    for line in BufReader::new(c.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        match line.strip_prefix("FIGURE ") {
            Some(j) => {
                let v: Value = serde_json::from_str(j).unwrap();
                println!("{}", v["text"].as_str().unwrap_or_default());
                figures.insert(v["key"].as_str().unwrap().to_string(), v);
            }
            None => println!("  {line}"),
        }
    }
    let st = c.wait().unwrap();
    assert!(st.success(), "child {mode} failed: {st}");
}

// ---------------------------------------------------------------- part 5

/// About 1.9 MB of plain text from `from`: a command, then prose.
fn big_mail(from: &str, k: usize) -> Vec<u8> {
    let mut body = String::from("LIST\n");
    while body.len() < 1_900_000 {
        body.push_str("The quick brown fox jumps over the lazy dog, and then over the lazy cat.\n");
    }
    mail(from, &format!("big{k}"), &body)
}

fn storage_child(dir: &Path) {
    let cfg = config(dir, 60);
    let t0 = 1_790_000_000;
    let mut d = Daemon::new(cfg.clone(), Clock::Fixed(t0)).unwrap();
    let files =
        || -> u64 { [cfg.database.clone(), cfg.database.with_extension("db-wal")].iter().filter_map(|p| std::fs::metadata(p).ok()).map(|m| m.len()).sum() };
    let inbox = Maildir::open(&dir.join("inbox")).unwrap();
    let (f0, k0) = (files(), mailjudge::store::mails::kept_bytes(&d.judge.conn).unwrap());
    let t = Instant::now();
    for k in 0..200 {
        inbox.deliver(&format!("big{k:04}"), &big_mail("flood@example.test", k)).unwrap();
    }
    drain(&mut d);
    let kept = mailjudge::store::mails::kept_bytes(&d.judge.conn).unwrap() - k0;
    let grew = files() - f0;
    let waiting = mailjudge::store::mails::deferred_bytes(&d.judge.conn, "flood@example.test").unwrap();
    eprintln!("part 5: 200 large mails in {:.1} s; outcomes: {}", t.elapsed().as_secs_f64(), outcomes(&d.judge.conn));
    figure(
        "storage_200_mails_kept_mb",
        (kept as f64 / 1e5).round() / 10.0,
        "MB",
        format!(
            "200 mails of 1.9 MB from one sender: {:.1} MB kept in the mails table, {:.1} MB of it deferred mail (kept whole until handled, at most 8 MiB a sender)",
            kept as f64 / 1e6,
            waiting as f64 / 1e6
        ),
    );
    figure(
        "storage_200_mails_db_growth_mb",
        (grew as f64 / 1e5).round() / 10.0,
        "MB",
        format!("  the database's files (with its journal and the replies) grew {:.1} MB", grew as f64 / 1e6),
    );
    let k1 = mailjudge::store::mails::kept_bytes(&d.judge.conn).unwrap();
    for k in 0..200 {
        inbox.deliver(&format!("blob{k:04}"), &blob(k)).unwrap();
    }
    drain(&mut d);
    let q: Vec<u64> = std::fs::read_dir(dir.join("inbox/quarantine")).map(|rd| rd.map(|e| e.unwrap().metadata().unwrap().len()).collect()).unwrap_or_default();
    let kept = mailjudge::store::mails::kept_bytes(&d.judge.conn).unwrap() - k1;
    let keeper = |d: &Daemon| count(&d.judge.conn, "SELECT count(*) FROM outbox WHERE to_addr = 'keeper@example.test'");
    let at_once = keeper(&d);
    d.judge.ctx.clock = Clock::Fixed(t0 + 3600);
    drain(&mut d);
    let after = keeper(&d);
    let qmb = q.iter().sum::<u64>() as f64 / 1e6;
    figure(
        "storage_quarantine_mb",
        (qmb * 10.0).round() / 10.0,
        "MB",
        format!("200 header-less blobs of 1.9 MB: quarantine {} mails, {qmb:.1} MB; the mails table {:.1} MB", q.len(), kept as f64 / 1e6),
    );
    figure("storage_keeper_notices", after, "notices", format!("  keeper notices: {at_once} at once, {after} an hour later"));
}

fn main() {
    if let Ok(mode) = std::env::var("MAILJUDGE_BENCH_CHILD") {
        if std::env::var_os("MAILJUDGE_BENCH_LOG").is_some() {
            tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::from_default_env()).with_writer(std::io::stderr).init();
        }
        let dir = PathBuf::from(std::env::var_os("MAILJUDGE_BENCH_DIR").unwrap());
        match mode.as_str() {
            "spool" => spool_child(&dir),
            "hostile" => hostile_child(&dir),
            "storage" => storage_child(&dir),
            m if m.starts_with("amp-") => amplify_child(&dir, &m[4..]),
            // for `perf record`: 2,100 more order mails through the timed
            // calls, on a directory a finished `spool` child left behind
            "profile" => {
                let inbox = Maildir::open(&dir.join("inbox")).unwrap();
                let deliver = |from: usize, to: usize| {
                    for k in from..to {
                        let (g, i) = (k % GAMES, (k / GAMES) % SEATS);
                        inbox.deliver(&format!("p{k:06}"), &mail(&player(g, i), &format!("p{k}-{}", std::process::id()), &orders_mail(g, i, k / 700))).unwrap();
                    }
                };
                let mut d = Daemon::new(config(&dir, 60), Clock::System).unwrap();
                // a new process: each player's first sign-on costs one Argon2
                // check; warm every seat first, then time (and profile, with
                // `perf record -D` past the printed warm-up) warmed mail only
                deliver(0, 700);
                let t0 = Instant::now();
                timed_drain(&mut d, false);
                eprintln!("profile: warmed in {:.1} s; now the timed part", t0.elapsed().as_secs_f64());
                deliver(700, 7000);
                let (t, n) = timed_drain(&mut d, false);
                eprintln!("profile: {n} mails, [fetch, handle_batch, done, flush, tick] = {t:.2?}");
            }
            other => panic!("unknown MAILJUDGE_BENCH_CHILD={other}"),
        }
        return;
    }
    // `cargo test --benches` runs bench binaries with --bench absent: keep that quick
    if !std::env::args().any(|a| a == "--bench") {
        println!("hostile benchmarks: run with `cargo bench --bench hostile`");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("hostile bench in {} (load average at start: {})", dir.path().display(), load.trim());
    let mut figures = serde_json::Map::new();
    // MAILJUDGE_BENCH_ONLY=amp: the amplification attacks alone; =storage: part 5 alone
    let only = std::env::var("MAILJUDGE_BENCH_ONLY").unwrap_or_default();
    if only != "amp" && only != "storage" {
        child("spool", dir.path(), &mut figures);
        child("hostile", dir.path(), &mut figures);
    }
    if only != "storage" {
        for attack in AMP_ATTACKS {
            let d = dir.path().join(format!("amp-{attack}"));
            std::fs::create_dir_all(&d).unwrap();
            child(&format!("amp-{attack}"), &d, &mut figures);
        }
    }
    if only != "amp" {
        let d = dir.path().join("storage");
        std::fs::create_dir_all(&d).unwrap();
        child("storage", &d, &mut figures);
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average at the end: {}", load.trim());
    figures.insert("loadavg_end".into(), json!(load.trim()));
    let out = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    std::fs::create_dir_all(&out).unwrap();
    let path = out.join("hostile-bench.json");
    std::fs::write(&path, serde_json::to_string_pretty(&Value::Object(figures)).unwrap()).unwrap();
    println!("figures written to {}", path.display());
}

/// About 1.9 MB of noise: no header, not a mail.
fn blob(k: usize) -> Vec<u8> {
    common::noise(k, 1_900_000)
}
