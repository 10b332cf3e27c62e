//! Storage bounded (issue 34, part 5): what one sender's mail makes the judge
//! keep. A mail is kept as its headers and the text the judge read (small
//! mail whole); deferred mail whole until it is handled, within a byte bound
//! per sender; unreadable mail in a quarantine bounded in mails and bytes;
//! the keeper told of unreadable and failed mail once an hour at most, the
//! rest in one digest.

use crate::common;
use common::db::count;
use common::game::KEEPER;
use common::*;
use mailjudge::judge::{DIGEST_LISTED, KEEPER_NOTICE_SECS, KEPT_HEADER, KEPT_TIGHT_BYTES, WAITING_BYTES_PER_SENDER};
use mailjudge::mail::maildir::{Maildir, QUARANTINE_MAX_BYTES, QUARANTINE_MAX_MAILS, quarantine_overflow};
use mailjudge::mail::{Inbound, RawMail};
use mailjudge::store::mails;

const MB: f64 = 1_000_000.0;
/// About 1.9 MB: under the size limit (2 MiB).
const BIG: usize = 1_900_000;

/// A plain-text mail of about [`BIG`] bytes: a command, then text.
fn big_text(from: &str, k: usize) -> Vec<u8> {
    let mut body = String::from("SIGNON Fdemo hunter2pw\nLIST\n");
    let line = "The quick brown fox jumps over the lazy dog, and then over the lazy cat.\n";
    while body.len() < BIG - 300 {
        body.push_str(line);
    }
    mail_text(from, &format!("<text-{k}@example.test>"), "orders", "", &body)
}

/// A mail of about [`BIG`] bytes: a command in a text part, an HTML
/// alternative and a large base64 attachment.
fn big_attachment(from: &str, k: usize) -> Vec<u8> {
    let mut raw = format!(
        "From: {from}\r\nTo: {JUDGE}\r\nSubject: orders with a photo\r\nMessage-ID: <photo-{k}@example.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"xx\"\r\n\r\n--xx\r\nContent-Type: multipart/alternative; boundary=\"yy\"\r\n\r\n--yy\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nLIST\r\n--yy\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>LIST</p>{}\r\n--yy--\r\n--xx\r\nContent-Type: image/jpeg\r\nContent-Disposition: attachment; filename=\"photo.jpg\"\r\nContent-Transfer-Encoding: base64\r\n\r\n",
        "<p>padding</p>".repeat(2000)
    );
    let mut x: u32 = k as u32 + 7;
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    while raw.len() < BIG - 100 {
        let line: String = (0..76)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                A[(x >> 16) as usize % 64] as char
            })
            .collect();
        raw.push_str(&line);
        raw.push_str("\r\n");
    }
    raw.push_str("--xx--\r\n");
    raw.into_bytes()
}

/// The database's files (the SQLite file and its write-ahead log, which is
/// reused once checkpointed), in bytes.
fn db_file_bytes(w: &World) -> u64 {
    let db = &w.daemon.judge.ctx.cfg.database;
    let wal = db.with_extension("db-wal");
    [db.clone(), wal].iter().filter_map(|p| std::fs::metadata(p).ok()).map(|m| m.len()).sum()
}

/// What the Maildir quarantine holds: (mails, bytes).
fn quarantine(w: &World) -> (usize, u64) {
    let dir = w.dir.path().join("inbox/quarantine");
    let Ok(rd) = std::fs::read_dir(dir) else { return (0, 0) };
    let sizes: Vec<u64> = rd.map(|e| e.unwrap().metadata().unwrap().len()).collect();
    (sizes.len(), sizes.iter().sum())
}

fn keeper_notices(w: &World) -> Vec<mailjudge::store::outbox::Queued> {
    db::outbox(w.db()).into_iter().filter(|m| m.to_addr == KEEPER).collect()
}

fn t0() -> i64 {
    mailjudge::timing::parse_date("2026-11-23 12:00", chrono_tz::Tz::UTC, 1_790_000_000, false).unwrap()
}

/// 200 mails of about 1.9 MB from one sender (half plain text, half with a
/// big attachment and an HTML alternative), all handled at once (the test
/// configuration's rate): the database grows by a few MB, not 380. What is
/// kept of each: its headers and the text read, the password masked.
#[test]
fn two_hundred_large_mails_from_one_sender_grow_the_database_by_a_few_mb() {
    let mut w = World::new(t0());
    let from = "p3@example.test";
    let (file0, kept0) = (db_file_bytes(&w), mails::kept_bytes(w.db()).unwrap());
    for k in 0..200 {
        let raw = if k % 2 == 0 { big_text(from, k) } else { big_attachment(from, k) };
        w.deliver_bytes(&format!("m{k:04}"), &raw);
    }
    let (step, _) = w.step();
    assert_eq!(step.mails, 200);
    let kept = mails::kept_bytes(w.db()).unwrap() - kept0;
    let file = db_file_bytes(&w) - file0;
    eprintln!("FIGURE 200 large mails: {:.1} MB kept (sum of raw), database files grew {:.1} MB", kept as f64 / MB, file as f64 / MB);
    let all = db::mails(w.db());
    assert_eq!(count(&all, |m| m.outcome.starts_with("answered")), 200, "every one handled");
    assert!(kept < 3_000_000, "{kept} bytes kept");
    // the file holds the replies too (each up to 64 KiB, within the reply
    // budget of 5 MB an hour to one address), and the journal
    assert!(file < 12_000_000, "the database grew {file} bytes");
    // the first plain-text mail: its headers, and (its text being too long)
    // the lines the judge read, the password masked
    let text = String::from_utf8(all.iter().find(|m| m.message_id == "<text-0@example.test>").unwrap().raw.clone()).unwrap();
    assert!(
        text.contains("Subject: orders\r\n") && text.contains(&format!("{KEPT_HEADER}: the headers and the 400 command line(s) read of a mail of ")),
        "{}",
        &text[..600]
    );
    assert!(text.contains("LIST") && text.contains("SIGNON Fdemo ") && !text.contains("hunter2pw"), "{}", &text[..600]);
    assert!(text.len() < 64 * 1024, "{}", text.len());
    // a mail with an attachment: the text part alone, no base64, no HTML
    let photo = String::from_utf8(all.iter().find(|m| m.message_id == "<photo-1@example.test>").unwrap().raw.clone()).unwrap();
    assert!(photo.contains("Subject: orders with a photo") && photo.contains("LIST"), "{photo}");
    assert!(!photo.contains("image/jpeg") && !photo.contains("<p>") && photo.len() < 4096, "{photo}");
    // past the sender's day, each is kept tight
    let last = all.iter().find(|m| m.message_id == "<text-198@example.test>").unwrap();
    assert!(last.raw.len() <= KEPT_TIGHT_BYTES + 512, "{}", last.raw.len());
    // a small mail is kept whole, as before
    let small = mail_text("p4@example.test", "<small@example.test>", "orders", "", "LIST\n");
    w.deliver_bytes("small", &small);
    w.step();
    assert_eq!(db::mails(w.db()).into_iter().find(|m| m.message_id == "<small@example.test>").unwrap().raw, small);
}

/// Deferred mail (over the rate) is kept whole until it is handled, one
/// sender's within [`WAITING_BYTES_PER_SENDER`]: more is dropped (never
/// answered, kept as seen); once handled it is kept as any other.
#[test]
fn deferred_mail_is_kept_whole_until_handled_within_a_bound_in_bytes() {
    let mut w = World::new(t0());
    w.daemon.judge.ctx.cfg.limits.mails_per_sender_per_hour = 2;
    let from = "p3@example.test";
    // 20 mails of 1.9 MB: two answered, four within the 8 MiB that may wait, the rest past it
    let n = 20;
    let mails_in: Vec<Vec<u8>> = (0..n).map(|k| big_text(from, k)).collect();
    for (k, raw) in mails_in.iter().enumerate() {
        w.deliver_bytes(&format!("m{k:04}"), raw);
    }
    let (step, _) = w.step();
    assert_eq!(step.mails, n);
    let all = db::mails(w.db());
    let deferred: Vec<&db::Mail> = all.iter().filter(|m| m.outcome == "deferred").collect();
    let waiting: usize = deferred.iter().map(|m| m.raw.len()).sum();
    eprintln!(
        "FIGURE deferred: {} mails, {:.1} MB waiting; {} dropped",
        deferred.len(),
        waiting as f64 / MB,
        count(&all, |m| m.outcome.starts_with("dropped"))
    );
    assert_eq!(count(&all, |m| m.outcome.starts_with("answered")), 2);
    assert!(!deferred.is_empty() && waiting as i64 <= WAITING_BYTES_PER_SENDER, "{} deferred, {waiting} bytes", deferred.len());
    assert_eq!(deferred.len(), (WAITING_BYTES_PER_SENDER as usize) / mails_in[2].len(), "as many as the bound holds");
    for m in &deferred {
        let k: usize = m.message_id.trim_start_matches("<text-").trim_end_matches("@example.test>").parse().unwrap();
        assert_eq!(m.raw, mails_in[k], "kept whole while it waits");
    }
    let dropped = all.iter().find(|m| m.outcome.starts_with("dropped")).unwrap();
    assert!(dropped.outcome.contains("bytes of this sender's mail already wait") && dropped.raw.is_empty(), "{dropped:?}");
    assert_eq!(count(&all, |m| m.outcome.starts_with("dropped")), n as i64 - 2 - deferred.len() as i64);
    // hours later every deferred mail was handled and is kept as any other
    for h in 1..=deferred.len() as i64 {
        w.set_time(t0() + h * 3601);
        w.step();
    }
    let all = db::mails(w.db());
    assert_eq!(count(&all, |m| m.outcome == "deferred"), 0);
    assert_eq!(count(&all, |m| m.outcome.starts_with("answered")), 2 + deferred.len() as i64);
    let kept = mails::kept_bytes(w.db()).unwrap();
    assert!(kept < 1_000_000, "{kept} bytes kept");
    assert!(all.iter().all(|m| !db::holds(&m.raw, "hunter2pw")));
}

/// 60 header-less blobs of about 1.9 MB (more than the 100 MB of the
/// quarantine holds): each set aside (quarantine/,
/// within its bounds), the database keeps a short prefix of each, and the
/// keeper gets one notice at once and one digest an hour later, not 200.
#[test]
fn blobs_past_its_bound_keep_the_quarantine_bounded_and_bring_the_keeper_a_few_notices() {
    let mut w = World::new(t0());
    let kept0 = mails::kept_bytes(w.db()).unwrap();
    let blobs = 60;
    assert!(blobs * BIG > QUARANTINE_MAX_BYTES as usize, "past the bound");
    for k in 0..blobs {
        w.deliver_bytes(&format!("b{k:04}"), &blob(k));
    }
    let (step, _) = w.step();
    assert_eq!(step.mails, blobs);
    let (n, bytes) = quarantine(&w);
    let kept = mails::kept_bytes(w.db()).unwrap() - kept0;
    let told = keeper_notices(&w);
    eprintln!(
        "FIGURE {blobs} blobs: quarantine {n} mails, {:.1} MB; database kept {:.1} MB; {} keeper notice(s)",
        bytes as f64 / MB,
        kept as f64 / MB,
        told.len()
    );
    assert!(n <= QUARANTINE_MAX_MAILS && bytes <= QUARANTINE_MAX_BYTES, "{n} mails, {bytes} bytes");
    assert_eq!(n as u64, QUARANTINE_MAX_BYTES / BIG as u64, "as many as the bound holds");
    // the newest stay
    assert!(w.dir.path().join(format!("inbox/quarantine/b{:04}", blobs - 1)).exists() && !w.dir.path().join("inbox/quarantine/b0000").exists());
    assert!(kept as usize <= blobs * KEPT_TIGHT_BYTES, "{kept}");
    assert_eq!(told.len(), 1, "one notice at once");
    assert!(told[0].body.contains("could not be read") && told[0].body.contains("comes in one digest"), "{}", told[0].body);
    // within the hour: nothing more
    w.set_time(t0() + KEEPER_NOTICE_SECS - 1);
    w.step();
    assert_eq!(keeper_notices(&w).len(), 1);
    // the hour over: one digest of the others
    w.set_time(t0() + KEEPER_NOTICE_SECS);
    w.step();
    let told = keeper_notices(&w);
    assert_eq!(told.len(), 2, "{:?}", told.iter().map(|t| &t.subject).collect::<Vec<_>>());
    assert_eq!(told[1].subject, format!("mailjudge: {} more mail(s) set aside", blobs - 1));
    let d = &told[1].body;
    assert_eq!(d.matches("could not be read").count(), DIGEST_LISTED, "{d}");
    assert!(d.contains(&format!("and {} more, not listed", blobs - 1 - DIGEST_LISTED)), "{d}");
    // and no more digests with nothing waiting
    w.set_time(t0() + 3 * KEEPER_NOTICE_SECS);
    w.step();
    assert_eq!(keeper_notices(&w).len(), 2);
}

/// The keeper hears of a failed mail at once, of the next ones within the
/// hour in one digest, unreadable and failed mail together.
#[test]
fn failed_and_unreadable_mail_within_the_hour_come_in_one_digest() {
    fn boom(line: &str) {
        if line.contains("BOOM") {
            panic!("injected failure {line}");
        }
    }
    let mut w = World::new(t0());
    w.daemon.judge.ctx.hooks.before_command = Some(boom);
    for k in 0..5 {
        w.deliver_bytes(&format!("f{k}"), &mail_text(&format!("p{k}@example.test"), &format!("<f{k}@example.test>"), "x", "", &format!("BOOM{k}\n")));
    }
    let (_, sent) = w.step();
    let k = to(&sent, KEEPER);
    assert_eq!(k.len(), 1, "{:?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    assert!(k[0].subject == "mailjudge: a mail failed" && k[0].body.contains("injected failure BOOM0"), "{}", k[0].body);
    assert_eq!(sent.iter().filter(|s| s.to != KEEPER && s.body.contains("internal error")).count(), 5, "each sender has its apology");
    w.set_time(t0() + 600);
    w.deliver_bytes("blob", &blob(1)[..5000]);
    let (_, sent) = w.step();
    assert!(to(&sent, KEEPER).is_empty());
    w.set_time(t0() + KEEPER_NOTICE_SECS + 1);
    let (_, sent) = w.step();
    let k = to(&sent, KEEPER);
    assert_eq!(k.len(), 1);
    assert_eq!(k[0].subject, "mailjudge: 5 more mail(s) set aside");
    for n in 1..5 {
        assert!(k[0].body.contains(&format!("(<f{n}@example.test>) failed: internal error (panic): injected failure BOOM{n}")), "{}", k[0].body);
    }
    assert!(k[0].body.contains("5000 bytes) could not be read: not a mail message"), "{}", k[0].body);
    // an hour after the digest, the next one is told at once again
    w.set_time(t0() + 2 * KEEPER_NOTICE_SECS + 1);
    w.deliver_bytes("blob2", &blob(2)[..3000]);
    let (_, sent) = w.step();
    let k = to(&sent, KEEPER);
    assert_eq!(k.len(), 1);
    assert_eq!(k[0].subject, "mailjudge: an unreadable mail was set aside");
}

fn quarantined(dir: &std::path::Path) -> Vec<String> {
    let mut n: Vec<String> = std::fs::read_dir(dir.join("quarantine")).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    n.sort();
    n
}

/// The quarantine at and past its limits: in mails, then in bytes; the
/// mails set aside first go first.
#[test]
fn the_quarantine_at_and_past_its_limits_drops_the_oldest() {
    assert_eq!(quarantine_overflow(&[10, 10, 10], 3, 30), 0, "at both limits");
    assert_eq!(quarantine_overflow(&[10, 10, 10, 10], 3, 1000), 1, "one mail past");
    assert_eq!(quarantine_overflow(&[10, 10, 11], 3, 30), 1, "one byte past");
    assert_eq!(quarantine_overflow(&[25, 1, 1, 1], 10, 26), 1, "the oldest goes first, however small the rest");
    assert_eq!(quarantine_overflow(&[5, 40], 10, 30), 2, "a mail past the limit alone is not kept");
    assert_eq!(quarantine_overflow(&[], 0, 0), 0);

    let dir = tempfile::tempdir().unwrap();
    let mut md = Maildir::open(dir.path()).unwrap().with_quarantine_limits(3, 300);
    let put = |md: &mut Maildir, name: &str, bytes: usize| {
        md.deliver(name, &vec![b'x'; bytes]).unwrap();
        md.quarantine(name).unwrap();
    };
    for name in ["q1", "q2", "q3"] {
        put(&mut md, name, 100);
    }
    assert_eq!(quarantined(dir.path()), ["q1", "q2", "q3"], "at the limit (3 mails, 300 bytes): all kept");
    put(&mut md, "q4", 10);
    assert_eq!(quarantined(dir.path()), ["q2", "q3", "q4"], "one mail past: the first set aside went");
    put(&mut md, "q5", 250);
    assert_eq!(quarantined(dir.path()), ["q4", "q5"], "past the bytes: the oldest went until it fits (260 bytes)");
    // a mail that cannot be read from new/ goes there too, within the limits
    let mut md = md.with_quarantine_limits(2, 10_000);
    md.deliver("q6", b"From: a@b\n\nHELP\n").unwrap();
    md.quarantine("q6").unwrap();
    assert_eq!(quarantined(dir.path()), ["q5", "q6"]);
    let _: Vec<RawMail> = md.fetch(10).unwrap();
}

/// About [`BIG`] bytes of noise: no header, not a mail.
fn blob(k: usize) -> Vec<u8> {
    common::noise(k, BIG)
}
