//! Judge benchmarks (a bench binary: each figure is one timed run of a real workload).
//!
//! 1. Mails per second from a spool of 10,000 order mails in the inbound Maildir:
//!    read, parse (mail-parser + the order parser), validate, store durably
//!    (SQLite, WAL, synchronous=FULL, group commit of `limits.batch` mails), queue
//!    the reply, and mark the mail done; then, separately, sending those replies
//!    to the outbound Maildir. The judge is reopened before the timed run, so
//!    every player's password is checked against its Argon2id hash once (cold cache).
//! 2. Processing the deadlines of 1,000 active games at once (`Judge::tick`):
//!    adjudication, history, report rendering, reports queued.
//!
//! Run: `cargo bench --bench judge`. For a quick look (a profile, not a
//! figure to report): `MAILJUDGE_BENCH_MAILS=2000 MAILJUDGE_BENCH_ONLY=inbound`.

#[path = "../tests/it/common/mod.rs"]
mod common;
#[path = "support/shipped.rs"]
mod shipped;
use common::ORDERS;
use mailjudge::context::Clock;
use mailjudge::judge::Judge;
use mailjudge::mail::maildir::Maildir;
use mailjudge::mail::{Inbound, RawMail};
use shipped::{LETTERS, config, mail};
use std::path::Path;
use std::time::Instant;

fn setup_games(j: &mut Judge, games: usize) {
    let mut mails = Vec::new();
    for g in 0..games {
        mails.push(RawMail { key: format!("c{g}"), bytes: mail("gm@example.test", &format!("create{g}"), &format!("CREATE ?g{g} gmpass\n")) });
        for (i, l) in LETTERS.chars().enumerate() {
            mails.push(RawMail {
                key: format!("j{g}-{i}"),
                bytes: mail(&format!("p{i}.g{g}@example.test"), &format!("join{g}-{i}"), &format!("SIGNON ?g{g} pass{i}\nSET PREFERENCE {l}\n")),
            });
        }
    }
    for chunk in mails.chunks(64) {
        j.handle_batch(chunk).unwrap();
    }
}

fn spool(dir: &Path, games: usize, n: usize, tag: &str) {
    let inbox = Maildir::open(&dir.join("inbox")).unwrap();
    for k in 0..n {
        let g = k % games;
        let p = (k / games) % 6;
        let l = LETTERS.as_bytes()[p] as char;
        let o1 = ORDERS[p][(k / 7) % 6];
        let o2 = ORDERS[p][(k / 11) % 6];
        let body = format!("SIGNON {l}g{g} pass{p}\n{o1}\n{o2}\n\nThanks,\n-- \nA player\n");
        inbox.deliver(&format!("{tag}{k:06}"), &mail(&format!("p{p}.g{g}@example.test"), &format!("m{tag}{k}"), &body)).unwrap();
    }
}

/// Reads the inbox to the end as the daemon does, without sending; returns seconds.
fn drain(j: &mut Judge, dir: &Path, n: usize) -> f64 {
    let mut inbound = Maildir::open(&dir.join("inbox")).unwrap();
    let batch = j.ctx.cfg.limits.batch;
    let before: i64 = j.conn.query_row("SELECT count(*) FROM orders", [], |r| r.get(0)).unwrap();
    let t = Instant::now();
    let mut done = 0;
    loop {
        let mails = inbound.fetch(batch).unwrap();
        if mails.is_empty() {
            break;
        }
        j.handle_batch(&mails).unwrap();
        for m in &mails {
            inbound.done(&m.key).unwrap();
        }
        done += mails.len();
    }
    let secs = t.elapsed().as_secs_f64();
    let orders: i64 = j.conn.query_row("SELECT count(*) FROM orders", [], |r| r.get(0)).unwrap();
    assert_eq!(done, n);
    assert_eq!(orders - before, 2 * n as i64);
    secs
}

fn mails_per_second() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(dir.path());
    let games = 20;
    {
        let mut j = Judge::open(cfg.clone(), Clock::System).unwrap();
        setup_games(&mut j, games);
    }
    let n = std::env::var("MAILJUDGE_BENCH_MAILS").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    spool(dir.path(), games, n, "a");
    // a new judge: empty password cache, as after a restart
    let mut j = Judge::open(cfg.clone(), Clock::System).unwrap();
    let secs = drain(&mut j, dir.path(), n);
    println!(
        "inbound, cold start: {n} order mails (2 orders each) from {} players in {games} games, batch {}: {secs:.2} s = {:.0} mails/s (includes one Argon2id check per player)",
        games * 6,
        cfg.limits.batch,
        n as f64 / secs
    );
    spool(dir.path(), games, n, "b");
    let secs = drain(&mut j, dir.path(), n);
    println!("inbound, running judge: another {n} order mails: {secs:.2} s = {:.0} mails/s", n as f64 / secs);
    let mut out = Maildir::open(&dir.path().join("outbox")).unwrap();
    let t = Instant::now();
    let mut sent = 0;
    loop {
        let k = j.flush_outbox(&mut out).unwrap();
        if k == 0 {
            break;
        }
        sent += k;
    }
    let secs = t.elapsed().as_secs_f64();
    println!("outbound: {sent} queued mails composed and written to the outbox Maildir in {secs:.2} s = {:.0} mails/s", sent as f64 / secs);
}

fn deadlines_of_1000_games() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(dir.path());
    let mut j = Judge::open(cfg, Clock::System).unwrap();
    setup_games(&mut j, 1);
    // Spring orders for six powers of the template game
    let mut mails = Vec::new();
    for (p, orders) in ORDERS.iter().enumerate() {
        let l = LETTERS.as_bytes()[p] as char;
        let body = format!("SIGNON {l}g0 pass{p}\n{}\n{}\n{}\n", orders[0], orders[1], orders[2]);
        mails.push(RawMail { key: format!("o{p}"), bytes: mail(&format!("p{p}.g0@example.test"), &format!("o{p}"), &body) });
    }
    j.handle_batch(&mails).unwrap();
    // 999 copies of it
    let tx = j.conn.transaction().unwrap();
    for g in 1..1000 {
        tx.execute(
            "INSERT INTO games (name, variant, status, paused, master_hash, master_email, settings, position, seq, deadline, grace_until, reminded, late_noticed, waiting_gm, created)
             SELECT ?1, variant, status, paused, master_hash, master_email, settings, position, seq, deadline, grace_until, reminded, late_noticed, waiting_gm, created FROM games WHERE name = 'g0'",
            [format!("g{g}")],
        )
        .unwrap();
        let id = tx.last_insert_rowid();
        tx.execute("INSERT INTO players (game_id, role, power, email, pw_hash, preference, status, joined) SELECT ?1, role, power, email, pw_hash, preference, status, joined FROM players WHERE game_id = 1", [id]).unwrap();
        tx.execute("INSERT INTO orders (game_id, seq, power, key, text, record, active, mail_id, created) SELECT ?1, seq, power, key, text, record, active, mail_id, created FROM orders WHERE game_id = 1", [id]).unwrap();
    }
    tx.execute("UPDATE games SET deadline = 1, grace_until = 2", []).unwrap();
    tx.commit().unwrap();
    let t = Instant::now();
    let processed = j.tick().unwrap();
    let secs = t.elapsed().as_secs_f64();
    assert_eq!(processed, 1000);
    let reports: i64 = j.conn.query_row("SELECT count(*) FROM outbox WHERE subject LIKE '%results'", [], |r| r.get(0)).unwrap();
    println!("deadlines: {processed} games' Spring 1901 phases processed (adjudicated, stored, {reports} reports rendered and queued) in {secs:.2} s");
}

fn main() {
    // `cargo test --benches` runs bench binaries with --bench absent: keep that quick
    if !std::env::args().any(|a| a == "--bench") {
        println!("judge benchmarks: run with `cargo bench --bench judge`");
        return;
    }
    let only = std::env::var("MAILJUDGE_BENCH_ONLY").unwrap_or_default();
    if only != "deadlines" {
        mails_per_second();
    }
    if only != "inbound" {
        deadlines_of_1000_games();
    }
}
