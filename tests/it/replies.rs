//! Replies pinned by golden files, as mail-parser's tests pin what it reads: each
//! `tests/data/replies/NNN.eml` is mailed to the started game `demo` (see
//! [`crate::common::game`]; a fresh judge for each case) and what the judge sends
//! for it is written as text: the reply's To, Subject and body, then one line for
//! every other mail the pass sent. It must equal `NNN.reply` beside it. On a
//! difference (or with no `NNN.reply` yet) the text is written to `NNN.reply.failed`
//! and the test fails naming it: look at it, and rename it to `NNN.reply` when the
//! new reply is the one wanted.

use crate::common::Sent;
use crate::common::game::{Game, flat};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/replies")
}

/// A body with each receipt (random: its nonce is drawn per game) written
/// as a mark, so the golden text is the same on every run;
/// tests/it/receipts.rs checks receipts themselves.
fn receipts_marked(body: &str) -> String {
    let mark = |l: &str| match l.strip_prefix("Receipt: ") {
        Some(h) if h.trim_end().len() == 64 && h.trim_end().bytes().all(|b| b.is_ascii_hexdigit()) => format!("Receipt: (64 hex digits){}", &h[64..]),
        _ => l.to_string(),
    };
    body.split('\n').map(mark).collect::<Vec<_>>().join("\n")
}

/// What the judge sent for the mail with `message_id`, as the golden text.
fn written(sent: &[Sent], message_id: &str) -> String {
    let mut out = String::new();
    let (replies, others): (Vec<&Sent>, Vec<&Sent>) = sent.iter().partition(|s| s.in_reply_to.as_deref() == Some(message_id));
    for r in &replies {
        out += &format!("To: {}\nSubject: {}\n\n{}\n", r.to, r.subject, receipts_marked(r.body.trim_end()));
        for (name, ctype, bytes) in &r.files {
            out += &format!("[attached: {name}, {ctype}, {} bytes]\n", bytes.len());
        }
    }
    if replies.is_empty() {
        out += "(no reply)\n";
    }
    for o in others {
        out += &format!("-- also sent: to {}, subject {:?}: {}\n", o.to, o.subject, flat(o.body.lines().next().unwrap_or_default()));
    }
    out
}

/// The Message-ID a case's mail carries.
fn message_id(mail: &str) -> String {
    let line = mail.lines().find(|l| l.to_ascii_lowercase().starts_with("message-id:")).expect("a case has a Message-ID");
    line["message-id:".len()..].trim().to_string()
}

/// One case played on a fresh started game: the text written, and whether it is the golden one.
fn play(eml: &Path) -> (String, Option<String>) {
    let mail = std::fs::read_to_string(eml).unwrap();
    let mut g = Game::started();
    g.w.deliver_bytes(&eml.file_stem().unwrap().to_string_lossy(), mail.as_bytes());
    let (_, sent) = g.w.step();
    let got = written(&sent, &message_id(&mail));
    let want = std::fs::read_to_string(eml.with_extension("reply")).ok();
    (got, want)
}

#[test]
fn every_reply_is_the_golden_one() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir()).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "eml")).collect();
    cases.sort();
    assert!(cases.len() >= 30, "the golden cases are there: {}", cases.len());
    let mut failed = Vec::new();
    for eml in &cases {
        let (got, want) = play(eml);
        let failed_file = eml.with_extension("reply.failed");
        if want.as_deref() == Some(got.as_str()) {
            let _ = std::fs::remove_file(&failed_file);
        } else {
            std::fs::write(&failed_file, &got).unwrap();
            failed.push(failed_file.file_name().unwrap().to_string_lossy().to_string());
        }
    }
    assert!(failed.is_empty(), "replies differ from the golden files (written beside them in tests/data/replies/): {}", failed.join(", "));
}

#[test]
fn a_golden_text_names_the_reply_and_what_else_went_out() {
    let mail = |to: &str, subject: &str, irt: Option<&str>, body: &str| Sent {
        file: String::new(),
        to: to.into(),
        subject: subject.into(),
        body: body.into(),
        in_reply_to: irt.map(String::from),
        headers: Vec::new(),
        files: Vec::new(),
    };
    let sent =
        [mail("p3@example.test", "Re: orders", Some("<a@x>"), "Orders received.\n\n"), mail("list@example.test", "demo: press", None, "France  says\nhello")];
    assert_eq!(
        written(&sent, "<a@x>"),
        "To: p3@example.test\nSubject: Re: orders\n\nOrders received.\n-- also sent: to list@example.test, subject \"demo: press\": France says\n"
    );
    assert_eq!(written(&sent[1..], "<a@x>"), "(no reply)\n-- also sent: to list@example.test, subject \"demo: press\": France says\n");
    assert_eq!(message_id("From: a\nMessage-ID: <reply-001@example.test>\n\nx"), "<reply-001@example.test>");
}
