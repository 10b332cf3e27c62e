//! Part 5: what big mails and blobs cost the storage.

use super::*;

// ---------------------------------------------------------------- part 5

/// About 1.9 MB of plain text from `from`: a command, then prose.
pub(super) fn big_mail(from: &str, k: usize) -> Vec<u8> {
    let mut body = String::from("LIST\n");
    while body.len() < 1_900_000 {
        body.push_str("The quick brown fox jumps over the lazy dog, and then over the lazy cat.\n");
    }
    mail(from, &format!("big{k}"), &body)
}

pub(super) fn storage_child(dir: &Path) {
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

/// About 1.9 MB of noise: no header, not a mail.
pub(super) fn blob(k: usize) -> Vec<u8> {
    common::noise(k, 1_900_000)
}
