//! Hostile and automatic mail (tests/data/bad, written by tools/make_bad_mails.py):
//! bounces, auto-replies, list traffic, loops and garbage get no reply; every
//! other bad mail gets exactly one clear answer; nothing crashes the judge.

use crate::common;
use common::*;

fn deliver_bad(w: &World, name: &str) {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bad").join(format!("{name}.eml"));
    w.deliver_bytes(name, &std::fs::read(src).unwrap());
}

use common::game::flat;

#[test]
fn bad_mail_corpus() {
    let mut w = game::Game::started_world();
    let names: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bad"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".eml").to_string())
        .collect();
    assert!(names.len() >= 20);
    for n in &names {
        deliver_bad(&w, n);
    }
    let (step, sent) = w.step();
    assert_eq!(step.mails, names.len());
    for n in &names {
        let id = format!("<{n}@example.test>");
        let replies: Vec<&Sent> = sent.iter().filter(|s| s.in_reply_to.as_deref() == Some(id.as_str())).collect();
        if n.starts_with("ignore-") {
            assert!(replies.is_empty(), "{n} must not be answered: {replies:#?}");
        } else {
            assert_eq!(replies.len(), 1, "{n} must be answered once");
        }
    }
    // nothing was answered to an automatic sender or to the judge itself
    assert!(!sent.iter().any(|s| s.to.to_ascii_lowercase().contains("mailer-daemon") || s.to == JUDGE || s.to.contains("no-reply")));
    let body = |n: &str| flat(&reply(&sent, &format!("<{n}@example.test>")).body);
    assert!(body("reply-empty").contains("no commands"));
    assert!(body("reply-unknown-province").contains("`bavaria` is not a province"), "{}", body("reply-unknown-province"));
    assert!(body("reply-ambiguous").contains("could be"));
    assert!(body("reply-wrong-password").contains("wrong password for France"));
    assert!(body("reply-not-signed-on").contains("not signed on"));
    assert!(body("reply-unknown-game").contains("there is no game called `nosuch`"));
    assert!(body("reply-no-endpress").contains("no ENDPRESS"));
    assert!(!sent.iter().any(|s| s.subject.starts_with("Press")), "an unterminated press is not sent");
    assert!(body("reply-koi8r").contains("A PAR H: accepted."));
    assert!(body("reply-too-many-lines").contains("more line(s) were not read"));
    assert!(body("reply-order-for-other-power").contains("belongs to another power"));
    let inj = reply(&sent, "<reply-header-injection@example.test>");
    assert!(inj.header("Bcc").is_none(), "{:?}", inj.headers);
    // every ignored mail is kept, with the reason
    for n in names.iter().filter(|n| n.starts_with("ignore-")) {
        // garbage has no Message-ID: it is kept under its content's hash
        let id = format!("<{n}@example.test>");
        let garbage = id == "<ignore-garbage@example.test>";
        let outcome = db::mails(w.db())
            .into_iter()
            .find(|m| m.message_id == id || (garbage && m.message_id.starts_with("<sha256-")))
            .unwrap_or_else(|| panic!("{n} not stored"))
            .outcome;
        assert!(outcome.starts_with("ignored: "), "{n}: {outcome}");
    }
}

#[test]
fn twenty_megabyte_attachment_gets_a_short_refusal() {
    let mut w = game::Game::started_world();
    let big = "QUFB".repeat(20 * 1024 * 1024 / 4);
    let mut raw = String::from(
        "From: p3@example.test\r\nTo: judge@example.test\r\nSubject: orders with a photo\r\nMessage-ID: <big@example.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"xx\"\r\n\r\n--xx\r\nContent-Type: text/plain\r\n\r\nSIGNON Fdemo pw-three\r\nA PAR-BUR\r\n--xx\r\nContent-Type: image/jpeg\r\nContent-Transfer-Encoding: base64\r\n\r\n",
    );
    for chunk in big.as_bytes().chunks(76) {
        raw.push_str(std::str::from_utf8(chunk).unwrap());
        raw.push_str("\r\n");
    }
    raw.push_str("--xx--\r\n");
    w.deliver_bytes("big", raw.as_bytes());
    let (_, sent) = w.step();
    let r = reply(&sent, "<big@example.test>");
    let max = w.daemon.judge.ctx.cfg.limits.max_message_bytes;
    assert!(flat(&r.body).contains(&format!("Your mail is larger than {max} bytes, the most this judge reads.")), "{}", r.body);
    assert_eq!(db::orders(w.db()).len() as i64, 0, "nothing in it was read");
    let kept = db::mails(w.db()).into_iter().find(|m| m.message_id == "<big@example.test>").expect("kept");
    assert!(kept.raw.len() <= max, "kept, cut to the limit");
}

#[test]
fn the_same_mail_twice_is_answered_once() {
    let mut w = game::Game::started_world();
    deliver_bad(&w, "reply-koi8r");
    let (_, first) = w.step();
    w.deliver_bytes("again", &std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bad/reply-koi8r.eml")).unwrap());
    let (step, second) = w.step();
    assert_eq!(step.mails, 1);
    assert_eq!(first.iter().filter(|s| s.in_reply_to.as_deref() == Some("<reply-koi8r@example.test>")).count(), 1);
    assert!(second.is_empty(), "{second:#?}");
    assert_eq!(db::orders(w.db()).len() as i64, 1);
}

#[test]
fn a_flood_from_one_sender_is_cut_off_with_one_notice() {
    let dir = tempfile::tempdir().unwrap();
    let text = config_text(dir.path(), 5);
    let cfg = mailjudge::config::Config::from_toml(&text).unwrap();
    let mut d = mailjudge::daemon::Daemon::new(cfg, mailjudge::context::Clock::Fixed(1_800_000_000)).unwrap();
    let inbox = mailjudge::mail::maildir::Maildir::open(&dir.path().join("inbox")).unwrap();
    for k in 0..12 {
        let raw = format!("From: spam@example.test\r\nTo: judge@example.test\r\nSubject: list\r\nMessage-ID: <flood{k}@example.test>\r\n\r\nLIST\r\n");
        inbox.deliver(&format!("{k:02}"), raw.as_bytes()).unwrap();
    }
    d.step().unwrap();
    let sent = all_sent(&dir.path().join("outbox"));
    assert_eq!(sent.len(), 6, "five answers and one notice");
    assert!(sent[5].body.contains("Too many mails"), "{}", sent[5].body);
}
