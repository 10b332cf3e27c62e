//! Parts 1 and 2: a realistic spool, then warmed orders, timed call by call.

use super::*;

// ---------------------------------------------------------------- part 1 + 2

pub(super) fn spool_child(dir: &Path) {
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
pub(super) fn timed_drain(d: &mut Daemon, one_tx: bool) -> ([f64; 5], usize) {
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
pub(super) fn flush_one_tx(d: &mut Daemon) {
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
pub(super) fn fsync_ms(dir: &Path) -> f64 {
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
