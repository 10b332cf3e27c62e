//! Files mailed with outgoing mail: stored once, named by the outbox rows
//! that carry them, composed as multipart mail; a flush holds at most
//! OUTBOX_CHUNK_BYTES of composed mail at once; old files are pruned unless
//! a waiting mail still names them.

use crate::common;
use common::db::{self, count};
use common::*;
use mailjudge::judge::OUTBOX_CHUNK_BYTES;
use mailjudge::mail::compose::Attachment;
use mailjudge::mail::{Outbound, Outgoing};
use mailjudge::store::outbox;

/// An outbound transport that keeps what it is given, batch by batch.
#[derive(Default)]
struct Recorder {
    batches: Vec<Vec<(i64, usize)>>,
    bytes: Vec<Vec<u8>>,
}

impl Outbound for Recorder {
    fn send(&mut self, _id: i64, message: &[u8], _to: &str) -> anyhow::Result<()> {
        self.bytes.push(message.to_vec());
        Ok(())
    }
    fn send_many(&mut self, mails: &[Outgoing], done: &mut dyn FnMut(usize, anyhow::Result<()>)) {
        self.batches.push(mails.iter().map(|m| (m.id, m.bytes.len())).collect());
        for (i, m) in mails.iter().enumerate() {
            self.bytes.push(m.bytes.clone());
            done(i, Ok(()));
        }
    }
}

/// Queues a game's mail (outside the byte budget) with `files`.
fn queue_with(w: &World, to: &str, files: &[i64]) {
    let ctx = &w.daemon.judge.ctx;
    let mut m = ctx.notice_mail(to, "a map", "see the map".into(), None);
    m.attachments = files.to_vec();
    m.kind = mailjudge::mail::compose::Kind::Game;
    assert!(ctx.queue(&w.daemon.judge.conn, &m, None, None).unwrap(), "queued");
}

fn file(w: &World, name: &str, size: usize) -> i64 {
    let data: Vec<u8> = (0..size).map(|i| (i * 7 % 251) as u8).collect();
    let a = Attachment { name: name.into(), mime: "image/png".into(), data };
    mailjudge::store::attachments::insert(&w.daemon.judge.conn, &a, w.now).unwrap()
}

#[test]
fn one_file_goes_with_every_mail_that_names_it_and_reads_back() {
    let mut w = World::new(1_790_000_000);
    let id = file(&w, "demo-S1901M.png", 10_000);
    queue_with(&w, "p1@example.test", &[id]);
    queue_with(&w, "p2@example.test", &[id]);
    queue_with(&w, "p3@example.test", &[]);
    let (_, sent) = w.step();
    assert_eq!(sent.len(), 3);
    let expected: Vec<u8> = (0..10_000).map(|i| (i * 7 % 251) as u8).collect();
    for s in &sent {
        if s.to == "p3@example.test" {
            assert!(s.files.is_empty());
            assert_eq!(s.body.trim(), "see the map");
        } else {
            assert_eq!(s.files, vec![("demo-S1901M.png".to_string(), "image/png".to_string(), expected.clone())]);
            assert_eq!(s.body.trim(), "see the map");
        }
    }
    // stored once
    assert_eq!(db::files(w.db()).len() as i64, 1);
}

#[test]
fn a_flush_holds_at_most_a_chunk_of_composed_mail() {
    let w = World::new(1_790_000_000);
    // under the chunk: two mails in one batch
    let small = file(&w, "small.png", OUTBOX_CHUNK_BYTES / 8);
    queue_with(&w, "p1@example.test", &[small]);
    queue_with(&w, "p2@example.test", &[small]);
    let mut judge = w.daemon.judge;
    drop(w.inbox);
    let mut r = Recorder::default();
    assert_eq!(judge.flush_outbox(&mut r).unwrap(), 2);
    assert_eq!(r.batches.iter().map(Vec::len).collect::<Vec<_>>(), vec![2]);
    // past it: a mail of over half a chunk each (base64 makes 7/16 of a
    // chunk about 0.6): the second mail fills the first batch, the third
    // goes in a second
    let big = mailjudge::store::attachments::insert(
        &judge.conn,
        &Attachment { name: "big.png".into(), mime: "image/png".into(), data: vec![7; OUTBOX_CHUNK_BYTES * 7 / 16] },
        1_790_000_000,
    )
    .unwrap();
    for to in ["p1@example.test", "p2@example.test", "p3@example.test"] {
        let mut m = judge.ctx.notice_mail(to, "a big map", "see the map".into(), None);
        m.attachments = vec![big];
        m.kind = mailjudge::mail::compose::Kind::Game;
        assert!(judge.ctx.queue(&judge.conn, &m, None, None).unwrap());
    }
    let mut r = Recorder::default();
    assert_eq!(judge.flush_outbox(&mut r).unwrap(), 3);
    let sizes: Vec<usize> = r.batches.iter().map(Vec::len).collect();
    assert_eq!(sizes, vec![2, 1], "{:?}", r.batches);
    assert!(r.batches[0].iter().map(|b| b.1).sum::<usize>() >= OUTBOX_CHUNK_BYTES);
    assert!(r.batches[0][0].1 < OUTBOX_CHUNK_BYTES);
    // every one sent once, with its file
    for bytes in &r.bytes {
        let m = mail_parser::MessageParser::default().parse(bytes).unwrap();
        assert_eq!(m.attachments().next().unwrap().contents().len(), OUTBOX_CHUNK_BYTES * 7 / 16);
    }
    assert_eq!(count(db::outbox(&judge.conn), |m| m.sent.is_none()), 0);
}

#[test]
fn old_files_are_pruned_unless_a_waiting_mail_names_them() {
    let mut w = World::new(1_790_000_000);
    let sent_with = file(&w, "sent.png", 100);
    let waiting_with = file(&w, "waiting.png", 100);
    queue_with(&w, "p1@example.test", &[sent_with]);
    w.step();
    // a mail still waiting names the second file
    let mut m = w.daemon.judge.ctx.notice_mail("p2@example.test", "s", "b".into(), None);
    m.attachments = vec![waiting_with];
    let counted = outbox::Counted { mailbox: "p2@example.test".into(), bytes: 0, counted: outbox::NOT_COUNTED, charged: None };
    let waiting = outbox::insert(w.db(), &m, None, None, 0, &counted).unwrap();
    outbox::retry_at(w.db(), waiting, 9_999_999_999, "a retry far off").unwrap();
    let keep = mailjudge::judge::OUTBOX_KEEP_SECS;
    // not yet old: both kept
    w.set_time(1_790_000_000 + keep - 1);
    w.step();
    assert_eq!(db::files(w.db()).len() as i64, 2);
    // old: the sent one goes, the waiting one stays
    w.set_time(1_790_000_000 + keep + 1);
    w.step();
    let left: Vec<i64> = db::files(w.db());
    assert_eq!(left, vec![waiting_with]);
    // a mail whose file is gone goes out with its text alone
    raw::drop_files(w.db());
    outbox::retry_now(w.db(), waiting).unwrap();
    let (_, sent) = w.step();
    let m = sent.iter().find(|s| s.to == "p2@example.test").expect("the waiting mail went out");
    assert!(m.files.is_empty());
}
