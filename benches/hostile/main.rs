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

#[path = "../../tests/it/common/mod.rs"]
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

mod amplify;
mod attack;
mod spool;
mod storage;
use amplify::*;
use attack::*;
use spool::*;
use storage::*;

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
