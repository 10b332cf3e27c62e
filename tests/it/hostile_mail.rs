//! Hostile mail and hostile spools (tests/data/hostile, written by
//! tools/make_hostile_mails.py): quoted replies must not re-submit old orders,
//! replies as NeoMutt, Thunderbird, Outlook and Gmail write them are read
//! around their quotes,
//! automatic mail and odd addresses are never answered, broken MIME degrades
//! without a panic, and one bad entry in the inbound Maildir never stops the rest.

use crate::common;
use common::db::count;
use common::*;
use mailjudge::mail::maildir::Maildir;
use mailjudge::mail::read::{self, ReadLimits, Verdict};
use mailjudge::mail::{Inbound, Outbound};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const LIMITS: ReadLimits = ReadLimits { max_bytes: 262_144, max_lines: 300 };

fn fixture(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hostile").join(format!("{name}.eml"));
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn answer(name: &str) -> read::Incoming {
    match read::read(&fixture(name), JUDGE, LIMITS, own()) {
        Verdict::Answer(i) => i,
        Verdict::Ignore { reason, .. } => panic!("{name} ignored: {reason}"),
    }
}

/// The command lines of a fixture, blank lines left out (HTML mail has them between blocks).
fn lines(name: &str) -> Vec<String> {
    answer(name).lines.into_iter().filter(|l| !l.is_empty()).collect()
}

fn ignored(name: &str) -> String {
    match read::read(&fixture(name), JUDGE, LIMITS, own()) {
        Verdict::Ignore { reason, unreadable, .. } => {
            assert!(!unreadable, "{name}: ignored, not unreadable");
            reason
        }
        Verdict::Answer(i) => panic!("{name} would be answered: {i:?}"),
    }
}

// ---- 1. quoted replies ----

#[test]
fn outlook_plain_text_reply_reads_only_the_new_orders() {
    assert_eq!(lines("quote-outlook-plain"), ["SIGNON Fdemo pw-three", "A PAR H", "F BRE-MAO"]);
}

#[test]
fn outlook_html_reply_stops_at_div_rply_fwd_msg() {
    // Dutch headers: only the HTML marker tells where the quote starts
    assert_eq!(lines("quote-outlook-html"), ["SIGNON Fdemo pw-three", "A PAR H", "F BRE-MAO"]);
}

#[test]
fn android_reply_stops_at_original_message() {
    assert_eq!(answer("quote-android").lines, ["SIGNON Fdemo pw-three", "A PAR H"]);
}

#[test]
fn gmail_html_reply_stops_at_gmail_quote() {
    // a German attribution line ("Am ... schrieb ...:") is not an "On ... wrote:" line
    assert_eq!(lines("quote-gmail-html"), ["SIGNON Fdemo pw-three", "A PAR H"]);
}

#[test]
fn press_with_a_from_line_survives() {
    assert_eq!(
        answer("quote-press-from-line").lines,
        [
            "SIGNON Fdemo pw-three",
            "PRESS TO E",
            "This is what I got:",
            "From: Germany",
            "To: France",
            "Subject: the Channel",
            "Let us take London together.",
            "ENDPRESS",
            "A PAR H"
        ]
    );
}

fn order_mail(id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: p3@example.test\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: <{id}@example.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}",
        body.replace('\n', "\r\n")
    )
    .into_bytes()
}

/// The judge's real reply pasted, unquoted, under new orders: its old orders
/// ("Your orders now:") and its echoes must not be read again. Guards the
/// REPLY_* markers against changes to templates/reply.txt.
#[test]
fn the_judges_own_reply_pasted_back_is_not_read() {
    let mut w = game::Game::started_world();
    w.deliver_bytes("first", &order_mail("first", "SIGNON Fdemo pw-three\nA PAR-BUR\nA MAR-SPA\n"));
    let (_, sent) = w.step();
    let first = reply(&sent, "<first@example.test>").body.clone();
    assert!(first.contains("Your orders now:") && first.contains("A PAR-BUR"), "{first}");
    w.deliver_bytes("second", &order_mail("second", &format!("SIGNON Fdemo pw-three\nA PAR H\n\n{first}")));
    let (_, sent) = w.step();
    let second = &reply(&sent, "<second@example.test>").body;
    let echoed: Vec<&str> = second.lines().filter(|l| l.starts_with("> ")).collect();
    assert_eq!(echoed, ["> SIGNON Fdemo ******", "> A PAR H"], "{second}");
    let orders = second.split("Your orders now:").nth(1).expect("orders listed");
    assert!(orders.contains("A PAR H") && !orders.contains("BUR") && orders.contains("A MAR - SPA"), "{second}");
}

// ---- 1b. mail as real clients write it ----

/// The HTML part of a fixture, read as the judge reads HTML-only mail.
fn html_lines(name: &str) -> Vec<String> {
    let raw = fixture(name);
    let msg = mail_parser::MessageParser::default().parse(&raw[..]).unwrap();
    let html = msg.body_html(0).expect("an HTML part");
    read::command_lines(&read::html_text(&html), LIMITS.max_lines, own()).0.into_iter().filter(|l| !l.is_empty()).collect()
}

#[test]
fn neomutt_bottom_post_in_format_flowed() {
    // below the quote and between its parts; the bare SIGNON joined with the
    // line after it; the soft-wrapped order whole; nothing after the signature
    assert_eq!(lines("client-neomutt-bottom"), ["SIGNON Fdemo pw-three", "A PAR H", "F BRE - MAO", "A MAR-SPA"]);
}

#[test]
fn neomutt_attribution_and_forwarded_mail() {
    // a forwarded mail is skipped to its end marker, text after it is read
    assert_eq!(
        lines("client-neomutt-forward"),
        ["SIGNON Fdemo pw-three", "A PAR H", "F BRE-MAO", "Germany wrote to me, see below; I take it as agreed.", "A MAR-SPA"]
    );
}

#[test]
fn thunderbird_bottom_post_plain_and_html() {
    let want = [
        "SIGNON Fdemo pw-three",
        "A PAR H",
        "PRESS TO E",
        "Dear England, I propose that we leave the Channel empty this year and split the North Sea later; do answer soon.",
        "ENDPRESS",
    ];
    assert_eq!(lines("client-thunderbird"), want);
    assert_eq!(html_lines("client-thunderbird"), want);
}

#[test]
fn outlook_top_post_above_a_header_block() {
    assert_eq!(lines("client-outlook"), ["SIGNON Fdemo pw-three", "A PAR H", "F BRE-MAO"]);
    assert_eq!(html_lines("client-outlook"), ["SIGNON Fdemo pw-three", "A PAR H", "F BRE-MAO"]);
}

#[test]
fn gmail_sign_on_above_and_orders_below_the_quote() {
    // the plain text's attribution is wrapped in two lines
    assert_eq!(lines("client-gmail"), ["SIGNON Fdemo pw-three", "A PAR H", "F BRE-MAO"]);
    // HTML: the new text after the gmail_quote div is read too
    assert_eq!(html_lines("client-gmail"), ["SIGNON Fdemo pw-three", "A PAR H", "F BRE-MAO"]);
}

#[test]
fn format_flowed_with_delsp() {
    assert_eq!(lines("client-flowed-delsp"), ["SIGNON Fdemo pw-three", "A PAR-BUR", "F BRE - MAO"]);
}

/// The stored form of a fixture (as the judge keeps it), as text.
fn redacted(name: &str) -> String {
    let raw = fixture(name);
    String::from_utf8(mailjudge::mail::redact::redact(&answer(name).lines, &raw, own())).unwrap()
}

#[test]
fn client_mail_is_stored_with_the_password_out_and_the_judges_text_in() {
    for name in ["client-neomutt-bottom", "client-neomutt-forward", "client-thunderbird", "client-outlook", "client-gmail", "client-flowed-delsp"] {
        // the password (also as a word of raw HTML, `pw-three<br>`; and
        // Germany's, in the forwarded mail that is not read), and no word of
        // the judge's text quoted
        let secrets = mailjudge::mail::redact::mail_secrets(&answer(name).lines, &fixture(name), own());
        assert!(secrets.contains(&"pw-three".to_string()), "{name}: {secrets:?}");
        assert!(secrets.iter().all(|s| s.starts_with("pw-three") || (s == "pw-two" && name == "client-neomutt-forward")), "{name}: {secrets:?}");
        let stored = redacted(name);
        assert!(!stored.contains("pw-three") && !stored.contains("pw-two"), "{name}:\n{stored}");
        // the quoted judge's reply, and the subject, as they were
        assert!(stored.contains("Signed on as France in game demo."), "{name}:\n{stored}");
        assert!(stored.contains("\r\nSubject: Re: orders\r\n") || name == "client-outlook", "{name}:\n{stored}");
    }
    // a real sign-on line masked where it stands, a password on the line after a bare SIGNON too
    assert!(redacted("client-neomutt-forward").contains("\r\nSIGNON Fdemo ********\r\n"));
    assert!(redacted("client-neomutt-bottom").contains("\r\nSIGNON\r\nFdemo ********\r\n"));
    let outlook = redacted("client-outlook");
    assert!(outlook.contains("\r\nSubject: RE: France: orders in game demo\r\n") && outlook.contains("Thread-Topic: France: orders in game demo"), "{outlook}");
    let parsed = mail_parser::MessageParser::default().parse(outlook.as_bytes()).unwrap();
    for part in [parsed.body_text(0).unwrap(), parsed.body_html(0).unwrap()] {
        assert!(part.contains("Signed on as France in game demo.") && part.contains("SIGNON Fdemo ********"), "{part}");
    }
}

#[test]
fn the_judge_answers_client_mail_with_the_password_masked_and_the_subject_kept() {
    let mut w = game::Game::started_world();
    w.deliver_bytes("neomutt", &fixture("client-neomutt-bottom"));
    w.deliver_bytes("outlook", &fixture("client-outlook"));
    let (_, sent) = w.step();
    let echoed = |id: &str| -> Vec<String> {
        let r = reply(&sent, id);
        r.body.lines().filter(|l| l.starts_with("> ")).map(String::from).collect()
    };
    assert_eq!(echoed("<client-neomutt-bottom@example.test>"), ["> SIGNON Fdemo ******", "> A PAR H", "> F BRE - MAO", "> A MAR-SPA"]);
    let neomutt = &reply(&sent, "<client-neomutt-bottom@example.test>").body;
    assert!(!neomutt.contains("pw-three") && neomutt.contains("Signed on as France in game demo."), "{neomutt}");
    assert_eq!(echoed("<client-outlook@example.test>"), ["> SIGNON Fdemo ******", "> A PAR H", "> F BRE-MAO"]);
    assert_eq!(reply(&sent, "<client-outlook@example.test>").subject, "RE: France: orders in game demo");
    let kept = db::mails(w.db()).into_iter().find(|m| m.message_id == "<client-outlook@example.test>").expect("kept");
    let raw = String::from_utf8(kept.raw).unwrap();
    assert_eq!(kept.subject.as_deref(), Some("RE: France: orders in game demo"));
    assert!(!raw.contains("pw-three") && raw.contains("Signed on as France in game demo."), "{raw}");
    assert_eq!(count(db::mails(w.db()), |m| db::holds(&m.raw, "pw-three")), 0);
}

// ---- 2. automatic mail ----

#[test]
fn automatic_mail_is_never_answered() {
    assert!(ignored("auto-exchange-oof").contains("X-Auto-Response-Suppress"));
    assert!(ignored("auto-failed-recipients").contains("X-Failed-Recipients"));
    assert!(ignored("auto-verp").contains("bounce address"));
    assert!(ignored("auto-notification").contains("Auto-Submitted"));
    assert!(ignored("auto-judge-tag").contains("judge itself"));
    assert!(ignored("auto-arf").contains("abuse report"));
}

/// A mail from p3 with `headers` (each `Name: value`) and `subject`.
fn headed(headers: &[&str], subject: &str) -> Vec<u8> {
    let mut h = String::new();
    for l in headers {
        h += l;
        h += "\r\n";
    }
    format!("From: p3@example.test\r\nTo: {JUDGE}\r\nSubject: {subject}\r\nMessage-ID: <m@example.test>\r\n{h}\r\nSIGNON Fdemo pw-three\r\nA PAR H\r\n")
        .into_bytes()
}

fn verdict(raw: &[u8]) -> Result<Vec<String>, String> {
    match read::read(raw, JUDGE, LIMITS, own()) {
        Verdict::Answer(i) => Ok(i.lines),
        Verdict::Ignore { reason, .. } => Err(reason),
    }
}

#[test]
fn each_auto_reply_mark_is_never_answered() {
    // (headers, subject, a word of the reason)
    let cases: &[(&[&str], &str, &str)] = &[
        (&["X-Autoreply: yes"], "orders", "X-Autoreply"),
        (&["X-Autorespond: yes"], "orders", "X-Autorespond"),
        (&["X-AutoReply-From: p3@example.test"], "orders", "X-AutoReply-From"),
        (&["X-Mail-Autoreply: yes"], "orders", "X-Mail-Autoreply"),
        (&["X-Autogenerated: Reply"], "orders", "X-Autogenerated"),
        (&["X-Autogenerated: Mirror"], "orders", "X-Autogenerated"),
        (&["X-FC-MachineGenerated: true"], "orders", "X-FC-MachineGenerated"),
        (&["X-POST-MessageClass: 9; Autoresponder"], "orders", "X-POST-MessageClass"),
        (&["Delivered-To: p3@example.test", "Delivered-To: Autoresponder"], "orders", "Autoresponder"),
        (&["X-Precedence: auto_reply"], "orders", "X-Precedence"),
        (&["Precedence: junk"], "orders", "Precedence"),
        (&["Auto-Submitted: auto-replied"], "orders", "Auto-Submitted"),
        // a subject alone of the colon form
        (&[], "Automatic reply: orders", "subject"),
        (&[], "Out of Office: orders", "subject"),
        (&[], "OUT OF OFFICE AUTOREPLY: orders", "subject"),
        (&[], "Auto-Reply: orders", "subject"),
        (&[], "Autoreply: orders", "subject"),
        (&[], "Auto Reply: orders", "subject"),
        (&[], "Automatische Antwort: orders", "subject"),
        (&[], "Réponse automatique : orders", "subject"),
        (&[], "Respuesta automática: orders", "subject"),
        // other auto-responder subjects with X-Auto-Response-Suppress
        (&["X-Auto-Response-Suppress: All"], "Abwesend bis Montag", "X-Auto-Response-Suppress"),
        (&["X-Auto-Response-Suppress: OOF"], "Auto Response from p3", "X-Auto-Response-Suppress"),
        (&["X-Auto-Response-Suppress: All"], "Abwesenheitsnotiz: orders", "X-Auto-Response-Suppress"),
    ];
    for (headers, subject, why) in cases {
        match verdict(&headed(headers, subject)) {
            Err(reason) => assert!(reason.contains(why), "{headers:?} {subject}: {reason}"),
            Ok(lines) => panic!("{headers:?} {subject}: answered, read {lines:?}"),
        }
    }
}

#[test]
fn a_players_mail_that_only_looks_automatic_is_answered() {
    let cases: &[(&[&str], &str)] = &[
        // those subjects need the colon form, or a mark with them
        (&[], "Abwesend bis Montag"),
        (&[], "Auto Response from p3"),
        (&[], "out of office next week, my orders"),
        (&[], "Re: Automatic reply: orders"),
        (&[], "Fwd: Out of Office: orders"),
        // bulk senders set Feedback-ID, and so do mail services on a person's mail
        (&["Feedback-ID: 1:p3:example"], "orders"),
        (&["X-Autogenerated: no"], "orders"),
        (&["X-FC-MachineGenerated: false"], "orders"),
        (&["Delivered-To: p3@example.test"], "orders"),
        (&["Auto-Submitted: no"], "orders"),
    ];
    for (headers, subject) in cases {
        assert_eq!(verdict(&headed(headers, subject)), Ok(vec!["SIGNON Fdemo pw-three".to_string(), "A PAR H".into()]), "{headers:?} {subject}");
    }
}

#[test]
fn x_auto_response_suppress_on_a_players_mail_is_answered() {
    // documented choice (read.rs, looks_like_auto_reply): the header alone does not drop orders
    assert_eq!(answer("auto-suppress-user-mail").lines, ["SIGNON Fdemo pw-three", "A PAR H"]);
}

#[test]
fn automatic_mail_gets_no_reply_from_the_judge() {
    let mut w = game::Game::started_world();
    for n in
        ["auto-exchange-oof", "auto-failed-recipients", "auto-verp", "auto-notification", "auto-judge-tag", "auto-arf", "addr-domain-literal", "addr-quoted-at"]
    {
        w.deliver_bytes(n, &fixture(n));
    }
    let (step, sent) = w.step();
    assert_eq!(step.mails, 8);
    assert!(sent.is_empty(), "{sent:#?}");
    assert_eq!(count(db::mails(w.db()), |m| db::like(&m.outcome, "ignored: %")), 8);
}

// ---- 3. odd addresses ----

#[test]
fn domain_literals_and_quoted_local_parts_are_ignored() {
    for n in ["addr-domain-literal", "addr-ipv6-literal"] {
        let r = ignored(n);
        assert!(r.contains("domain literal"), "{n}: {r}");
    }
    for n in ["addr-quoted-space", "addr-quoted-at"] {
        let r = ignored(n);
        assert!(r.contains("quoted local part"), "{n}: {r}");
    }
}

#[test]
fn an_unusable_reply_to_falls_back_to_from() {
    assert_eq!(answer("addr-reply-to-literal").reply_to, "p3@example.test");
    assert_eq!(answer("addr-reply-to-quoted").reply_to, "p3@example.test");
}

#[test]
fn plain_addresses_still_work() {
    for from in ["p3@localhost", "p3@example.test", "first.last+dip@mail.example.org"] {
        let raw = format!("From: {from}\r\nMessage-ID: <x@example.test>\r\nReply-To: other@localhost\r\n\r\nHELP\r\n");
        match read::read(raw.as_bytes(), "judge@localhost", LIMITS, own()) {
            Verdict::Answer(i) => assert_eq!((i.from.as_str(), i.reply_to.as_str()), (from, "other@localhost")),
            v => panic!("{from}: {v:?}"),
        }
    }
    // a Reply-To naming the judge (with a tag) is not followed
    let raw = b"From: p3@example.test\r\nMessage-ID: <y@example.test>\r\nReply-To: judge+x@example.test\r\n\r\nHELP\r\n";
    match read::read(raw, JUDGE, LIMITS, own()) {
        Verdict::Answer(i) => assert_eq!(i.reply_to, "p3@example.test"),
        v => panic!("{v:?}"),
    }
}

// ---- 4. broken MIME ----

#[test]
fn multipart_without_a_boundary_parameter() {
    assert_eq!(answer("mime-no-boundary").lines, ["SIGNON Fdemo pw-three", "A PAR H"]);
}

#[test]
fn multipart_whose_boundary_never_appears() {
    assert_eq!(answer("mime-boundary-never-appears").lines, ["SIGNON Fdemo pw-three", "A PAR H"]);
}

#[test]
fn broken_multipart_without_parts_is_read_as_text() {
    let raw = b"From: p3@example.test\r\nMessage-ID: <z@example.test>\r\nContent-Type: multipart/mixed\r\n\r\nSIGNON Fdemo pw-three\r\nA PAR H\r\n";
    match read::read(raw, JUDGE, LIMITS, own()) {
        Verdict::Answer(i) => assert_eq!(i.lines, ["SIGNON Fdemo pw-three", "A PAR H"]),
        v => panic!("{v:?}"),
    }
}

#[test]
fn a_missing_or_mistyped_closing_boundary() {
    // base64 and quoted-printable decoded all the same; nothing after a mistyped close
    assert_eq!(answer("mime-close-missing").lines, ["SIGNON Fdemo pw-three", "A PAR H"]);
    assert_eq!(answer("mime-close-mistyped").lines, ["SIGNON Fdemo pw-three", "A PAR H"]);
    for name in ["mime-close-missing", "mime-close-mistyped"] {
        assert!(!redacted(name).contains("pw-three"), "{name}");
    }
}

#[test]
fn truncated_last_part() {
    assert_eq!(answer("mime-truncated-last-part").lines, ["SIGNON Fdemo pw-three", "A PAR H"]);
}

#[test]
fn multipart_nested_fifty_deep() {
    assert_eq!(answer("mime-nested-50").lines, ["SIGNON Fdemo pw-three", "A PAR H"]);
    // far deeper: no panic, no stack overflow
    let depth = 5000;
    let mut raw = String::from("From: p3@example.test\r\nMessage-ID: <deep@example.test>\r\nContent-Type: multipart/mixed; boundary=\"n1\"\r\n\r\n");
    for k in 1..depth {
        raw += &format!("--n{k}\r\nContent-Type: multipart/mixed; boundary=\"n{}\"\r\n\r\n", k + 1);
    }
    raw += &format!("--n{depth}\r\nContent-Type: text/plain\r\n\r\nHELP\r\n");
    assert!(matches!(read::read(raw.as_bytes(), JUDGE, ReadLimits { max_bytes: 10_000_000, max_lines: 300 }, own()), Verdict::Answer(_)));
}

#[test]
fn ten_thousand_lines_are_cut_at_the_line_limit() {
    let i = answer("mime-10000-lines");
    assert_eq!(i.lines.len(), LIMITS.max_lines);
    assert_eq!(i.cut_lines, 10_000 - LIMITS.max_lines);
    assert_eq!(i.lines[0], "SIGNON Fdemo pw-three");
    assert_eq!(i.lines[299], "A PAR H 298");
}

#[test]
fn cr_only_line_ends_make_separate_lines() {
    assert_eq!(answer("mime-cr-only-body").lines, ["SIGNON Fdemo pw-three", "A PAR H", "F BRE-MAO"]);
    let i = answer("mime-cr-only-mail");
    assert_eq!((i.from.as_str(), i.message_id.as_str()), ("p3@example.test", "<mime-cr-only-mail@example.test>"));
    assert_eq!(i.lines, ["SIGNON Fdemo pw-three", "A PAR H", "F BRE-MAO"]);
}

#[test]
fn nul_bytes_are_dropped() {
    assert_eq!(answer("mime-nul-bytes").lines, ["SIGNON Fdemo pw-three", "A PAR H", "", "F BRE-MAO"]);
}

#[test]
fn every_fixture_reads_without_a_panic_whatever_the_limits() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hostile");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let raw = std::fs::read(e.unwrap().path()).unwrap();
        for limits in [LIMITS, ReadLimits { max_bytes: 100, max_lines: 0 }, ReadLimits { max_bytes: raw.len(), max_lines: 1 }] {
            let _ = read::read(&raw, JUDGE, limits, own());
            // every prefix of a mail is a truncated mail
            let _ = read::read(&raw[..raw.len() / 2], JUDGE, limits, own());
        }
        n += 1;
    }
    assert!(n >= 25);
}

// ---- 5. the inbound Maildir ----

/// Runs `f` on another thread and fails the test if it takes longer than 20 s
/// (opening a FIFO would hang forever).
fn within_time<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(20)).expect("finished in time (not hung on a FIFO or /dev/zero)")
}

/// Log lines written through `tracing` while `f` runs on this thread.
fn logged<T>(f: impl FnOnce() -> T) -> (T, String) {
    #[derive(Clone)]
    struct Buf(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buf = Buf(Arc::new(Mutex::new(Vec::new())));
    let w = buf.clone();
    let sub = tracing_subscriber::fmt().with_ansi(false).with_writer(move || w.clone()).finish();
    let out = tracing::subscriber::with_default(sub, f);
    let text = String::from_utf8_lossy(&buf.0.lock().unwrap()).into_owned();
    (out, text)
}

fn mail(k: usize) -> Vec<u8> {
    format!("From: p{k}@example.test\r\nMessage-ID: <m{k}@example.test>\r\n\r\nHELP\r\n").into_bytes()
}

fn keys(mails: &[mailjudge::mail::RawMail]) -> Vec<&str> {
    mails.iter().map(|m| m.key.as_str()).collect()
}

fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false)
}

#[test]
fn fifos_directories_and_symlinks_in_new_are_skipped_unopened() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("inbox");
    let md = Maildir::open(&root).unwrap();
    md.deliver("1-first", &mail(1)).unwrap();
    let new = root.join("new");
    std::fs::create_dir(new.join("2-a-directory")).unwrap();
    assert!(std::process::Command::new("mkfifo").arg(new.join("3-a-fifo")).status().unwrap().success());
    std::os::unix::fs::symlink("/dev/zero", new.join("4-zero")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("nowhere"), new.join("5-dangling")).unwrap();
    std::os::unix::net::UnixListener::bind(new.join("6-a-socket")).unwrap();
    md.deliver("7-last", &mail(7)).unwrap();
    let (first, second, log) = within_time(move || {
        let mut md = md;
        let ((first, second), log) = logged(|| {
            let first = md.fetch(10).unwrap();
            for m in &first {
                md.done(&m.key).unwrap();
            }
            // a second poll lists new/ again: the same entries, no new warnings
            let second = md.fetch(10).unwrap();
            (first, second)
        });
        (first, second, log)
    });
    assert_eq!(keys(&first), ["1-first", "7-last"]);
    assert!(second.is_empty());
    for name in ["2-a-directory", "3-a-fifo", "4-zero", "5-dangling", "6-a-socket"] {
        assert_eq!(log.matches(name).count(), 1, "{name} warned about once:\n{log}");
        assert!(std::fs::symlink_metadata(new.join(name)).is_ok(), "{name} left alone");
    }
}

#[test]
fn a_fifo_in_the_inbox_does_not_stop_the_judge() {
    let mut w = game::Game::started_world();
    assert!(std::process::Command::new("mkfifo").arg(w.dir.path().join("inbox/new/0-fifo")).status().unwrap().success());
    w.deliver_bytes("1-help", &order_mail("help", "HELP\n"));
    let (step, sent) = w.step();
    assert_eq!(step.mails, 1);
    reply(&sent, "<help@example.test>");
}

#[test]
fn a_mail_over_the_byte_cap_is_cut_to_one_byte_over() {
    const MIB: usize = 1 << 20;
    let dir = tempfile::tempdir().unwrap();
    let mut md = Maildir::open(dir.path()).unwrap().with_max_bytes(MIB);
    let mut big = mail(1);
    big.resize(3 * MIB, b'x');
    md.deliver("big", &big).unwrap();
    let mut at = mail(2);
    at.resize(MIB, b'x');
    md.deliver("exactly-the-cap", &at).unwrap();
    let got = md.fetch(10).unwrap();
    let size = |k: &str| got.iter().find(|m| m.key == k).unwrap().bytes.len();
    assert_eq!(size("big"), MIB + 1);
    assert_eq!(size("exactly-the-cap"), MIB);
    let limits = ReadLimits { max_bytes: MIB, max_lines: 300 };
    for m in &got {
        match read::read(&m.bytes, JUDGE, limits, own()) {
            Verdict::Answer(i) => assert_eq!(i.too_large, m.key == "big", "{}", m.key),
            v => panic!("{v:?}"),
        }
    }
    // the default cap is generous
    let mut md = Maildir::open(dir.path()).unwrap();
    assert_eq!(md.fetch(10).unwrap().iter().map(|m| m.bytes.len()).max(), Some(3 * MIB));
}

/// A mail the judge cannot read goes to quarantine/; if even that fails, it is
/// skipped (and warned about) once for the life of the process. Needs a user
/// that mode 000 keeps out: run as root, the test runs itself again as
/// `nobody` through setpriv (and says so if it cannot).
#[test]
fn an_unreadable_mail_is_quarantined_and_the_rest_goes_on() {
    if is_root() {
        let exe = std::env::current_exe().unwrap();
        let out = std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(&exe)
            .args(["--exact", "an_unreadable_mail_is_quarantined_and_the_rest_goes_on", "--nocapture", "--test-threads=1"])
            .env("TMPDIR", "/tmp")
            .output();
        match out {
            Ok(o) if String::from_utf8_lossy(&o.stdout).contains("1 passed") => return,
            Ok(o) if o.status.code() == Some(101) => panic!("as nobody:\n{}\n{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr)),
            Ok(o) => {
                eprintln!(
                    "SKIPPED: running as root, and the test could not run as nobody ({}); mode 000 does not keep root out",
                    String::from_utf8_lossy(&o.stderr).trim()
                );
                return;
            }
            Err(e) => {
                eprintln!("SKIPPED: running as root, and setpriv is not available ({e}); mode 000 does not keep root out");
                return;
            }
        }
    }
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("inbox");
    let mut md = Maildir::open(&root).unwrap();
    md.deliver("1-ok", &mail(1)).unwrap();
    md.deliver("2-unreadable", &mail(2)).unwrap();
    md.deliver("3-ok", &mail(3)).unwrap();
    std::fs::set_permissions(root.join("new/2-unreadable"), std::fs::Permissions::from_mode(0o000)).unwrap();
    let got = md.fetch(10).unwrap();
    assert_eq!(keys(&got), ["1-ok", "3-ok"]);
    assert!(root.join("quarantine/2-unreadable").symlink_metadata().is_ok(), "moved to quarantine/");
    assert!(root.join("new/2-unreadable").symlink_metadata().is_err());

    // the move fails too (quarantine/ cannot be written): skipped from then on, warned about once
    md.deliver("4-unreadable", &mail(4)).unwrap();
    md.deliver("5-ok", &mail(5)).unwrap();
    std::fs::set_permissions(root.join("new/4-unreadable"), std::fs::Permissions::from_mode(0o000)).unwrap();
    std::fs::set_permissions(root.join("quarantine"), std::fs::Permissions::from_mode(0o500)).unwrap();
    let ((first, second), log) = logged(|| {
        let first = md.fetch(10).unwrap();
        for m in &first {
            md.done(&m.key).unwrap();
        }
        (first, md.fetch(10).unwrap())
    });
    assert_eq!(keys(&first), ["1-ok", "3-ok", "5-ok"]);
    assert!(second.is_empty());
    assert_eq!(log.matches("4-unreadable").count(), 1, "{log}");
    assert!(root.join("new/4-unreadable").symlink_metadata().is_ok());
    std::fs::set_permissions(root.join("quarantine"), std::fs::Permissions::from_mode(0o700)).unwrap();
}

#[test]
fn processed_mail_is_deleted_unless_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut md = Maildir::open(dir.path()).unwrap();
    md.deliver("a", &mail(1)).unwrap();
    md.fetch(10).unwrap();
    md.done("a").unwrap();
    assert!(!dir.path().join("new/a").exists());
    assert_eq!(std::fs::read_dir(dir.path().join("cur")).unwrap().count(), 0, "nothing kept");
    md.done("a").unwrap(); // already gone: fine

    let mut md = Maildir::open(dir.path()).unwrap().with_keep_processed(true);
    md.deliver("b", &mail(2)).unwrap();
    md.fetch(10).unwrap();
    md.done("b").unwrap();
    assert!(!dir.path().join("new/b").exists());
    assert_eq!(std::fs::read(dir.path().join("cur/b:2,S")).unwrap(), mail(2));
}

#[test]
fn quarantine_moves_to_the_quarantine_folder() {
    let dir = tempfile::tempdir().unwrap();
    let mut md = Maildir::open(dir.path()).unwrap();
    md.deliver("bad", &mail(1)).unwrap();
    md.quarantine("bad").unwrap();
    md.deliver("bad", &mail(2)).unwrap();
    md.quarantine("bad").unwrap();
    assert_eq!(std::fs::read(dir.path().join("quarantine/bad")).unwrap(), mail(1));
    assert_eq!(std::fs::read(dir.path().join("quarantine/bad.1")).unwrap(), mail(2), "not overwritten");
    assert_eq!(std::fs::read_dir(dir.path().join("cur")).unwrap().count(), 0);
    assert_eq!(std::fs::read_dir(dir.path().join("new")).unwrap().count(), 0);
    md.quarantine("bad").unwrap(); // already gone: fine
}

#[test]
fn outgoing_names_carry_the_instance_tag() {
    let dir = tempfile::tempdir().unwrap();
    let names = || {
        let mut n: Vec<String> = std::fs::read_dir(dir.path().join("new")).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        n.sort();
        n
    };
    let mut plain = Maildir::open(dir.path()).unwrap();
    plain.send(5, b"old", "p@example.test").unwrap();
    let mut a = Maildir::open(dir.path()).unwrap().with_instance("db-7f3a").unwrap();
    a.send(5, b"one", "p@example.test").unwrap();
    a.send(5, b"one again", "p@example.test").unwrap(); // a resend overwrites
    a.send(12, b"two", "p@example.test").unwrap();
    a.send(9, b"between", "p@example.test").unwrap();
    // a new database: ids start again, under another tag
    let mut b = Maildir::open(dir.path()).unwrap().with_instance("db_2").unwrap();
    b.send(5, b"new db", "p@example.test").unwrap();
    assert_eq!(
        names(),
        ["out-0000000005.eml", "out-db-7f3a-0000000005.eml", "out-db-7f3a-0000000009.eml", "out-db-7f3a-0000000012.eml", "out-db_2-0000000005.eml"]
    );
    assert_eq!(std::fs::read(dir.path().join("new/out-db-7f3a-0000000005.eml")).unwrap(), b"one again");
    assert_eq!(std::fs::read(dir.path().join("new/out-0000000005.eml")).unwrap(), b"old");
    assert_eq!(Maildir::open(dir.path()).unwrap().with_instance("").unwrap().out_name(3), "out-0000000003.eml");
    for bad in ["a/b", "../x", "a:2,S", "a b", &"x".repeat(65)] {
        assert!(Maildir::open(dir.path()).unwrap().with_instance(bad).is_err(), "{bad}");
    }
}

/// The judge's own text, as the judge reads and redacts with it.
fn own() -> &'static mailjudge::mail::redact::JudgeText {
    static OWN: std::sync::OnceLock<mailjudge::mail::redact::JudgeText> = std::sync::OnceLock::new();
    OWN.get_or_init(mailjudge::judge::judge_text)
}

// ---- 5. issue 34, part 6: real clients, mail never answered, SIGNOFF with words ----

/// A mail from p3 with `subject`, `headers` (each ending in CRLF) and
/// `body`, read by the judge; returns the reply to it, if any.
fn played(w: &mut World, id: &str, subject: &str, headers: &str, body: &str) -> Option<Sent> {
    let mid = format!("<{id}@example.test>");
    w.deliver_bytes(id, &mail_text("p3@example.test", &mid, subject, headers, body));
    let (_, sent) = w.step();
    sent.into_iter().find(|s| s.in_reply_to.as_deref() == Some(mid.as_str()))
}

/// The lines of a reply that tell of an error.
fn errors(body: &str) -> Vec<String> {
    body.lines().filter(|l| l.contains("Error")).map(String::from).collect()
}

#[test]
fn text_typed_below_a_kept_attribution_line_is_read() {
    let mut g = game::Game::started();
    let wrote = "On Mon, 23 Nov 2026 at 12:00, mailjudge <judge@example.test> wrote:";
    // the quote deleted, the attribution kept, the orders typed below it
    let (r, _) = g.send("p3@example.test", &format!("{wrote}\n\nSIGNON Fdemo pw-three\nA PAR-BUR\n"));
    assert!(r.contains("A PAR - BUR: accepted.") && errors(&r).is_empty(), "{r}");
    assert_eq!(g.orders(2), ["A PAR - BUR"]);
    // the same right below it, no blank line between
    let (r, _) = g.send("p3@example.test", &format!("SIGNON Fdemo pw-three\n{wrote}\nA MAR-SPA\n"));
    assert!(r.contains("A MAR - SPA: accepted.") && errors(&r).is_empty(), "{r}");
    // bottom-posted below `>` quotes (the judge's reply, its signature quoted too)
    let quote = "> mailjudge received your mail.\n>\n> > A PAR-BUR\n>   A PAR - BUR: accepted.\n> -- \n> mailjudge\n";
    let (r, _) = g.send("p3@example.test", &format!("SIGNON Fdemo pw-three\n\n{wrote}\n{quote}\nF BRE-MAO\n"));
    assert!(r.contains("F BRE - MAO: accepted.") && errors(&r).is_empty(), "{r}");
    let mut orders = g.orders(2);
    orders.sort();
    assert_eq!(orders, ["A MAR - SPA", "A PAR - BUR", "F BRE - MAO"]);
    // the judge's own reply pasted unquoted below the attribution is still not read
    let (r, _) = g.send("p3@example.test", &format!("SIGNON Fdemo pw-three\nA PAR H\n{wrote}\nmailjudge received your mail.\n\n> A MAR H\n"));
    assert!(errors(&r).is_empty() && !r.contains("A MAR H"), "{r}");
}

#[test]
fn an_ordinary_subject_is_kept_and_only_a_password_in_it_is_masked() {
    let mut w = game::Game::started_world();
    let body = "SIGNON Fdemo pw-three\nA PAR H\n";
    for (k, subject) in ["Join game rc", "Re: Join game rc", "Login problem", "Signon request", "Sign on tomorrow", "Join me in game rc", "Watch game tonight"]
        .iter()
        .enumerate()
    {
        let r = played(&mut w, &format!("subj{k}"), subject, "", body).expect("answered");
        let want = if subject.starts_with("Re:") { subject.to_string() } else { format!("Re: {subject}") };
        assert_eq!(r.subject, want);
        let kept = db::mails(w.db()).into_iter().find(|m| m.message_id == format!("<subj{k}@example.test>")).expect("kept");
        assert_eq!(kept.subject.as_deref(), Some(*subject));
        assert!(String::from_utf8_lossy(&kept.raw).contains(&format!("Subject: {subject}\r\n")), "{subject}");
    }
    // a real password: the word after `SIGNON Xgame`, `CREATE ?game`, SET PASSWORD
    for (k, (subject, masked)) in [
        ("SIGNON Fdemo pw-three", "Re: SIGNON Fdemo ******"),
        ("Re: signon Fdemo pw-three", "Re: signon Fdemo ******"),
        ("CREATE ?rc s3cret-gm", "Re: CREATE ?rc ******"),
        ("Join ?demo s3cret-j", "Re: Join ?demo ******"),
        ("SET PASSWORD n3w-pass", "Re: SET PASSWORD ******"),
    ]
    .iter()
    .enumerate()
    {
        let r = played(&mut w, &format!("secret{k}"), subject, "", body).expect("answered");
        assert_eq!(r.subject, *masked);
        let kept = db::mails(w.db()).into_iter().find(|m| m.message_id == format!("<secret{k}@example.test>")).expect("kept");
        let secret = subject.rsplit(' ').next().unwrap();
        assert!(!db::holds(&kept.raw, secret) && !kept.subject.as_deref().unwrap_or_default().contains(secret), "{subject}: {kept:?}");
    }
}

/// The header block of raw mail bytes, as lines.
fn head_lines(raw: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(raw);
    text.split("\r\n\r\n").next().unwrap().split("\r\n").map(String::from).collect()
}

#[test]
fn every_mail_the_judge_sends_says_mime_version_1_0() {
    let mut g = game::Game::started();
    g.as_power('F', "A PAR-BUR");
    g.pass_deadline();
    let outbox = g.w.dir.path().join("outbox/new");
    let mut kinds = (0, 0);
    for e in std::fs::read_dir(&outbox).unwrap() {
        let raw = std::fs::read(e.unwrap().path()).unwrap();
        let head = head_lines(&raw);
        assert_eq!(head.iter().filter(|l| l.to_ascii_lowercase().starts_with("mime-version:")).collect::<Vec<_>>(), ["MIME-Version: 1.0"], "{head:#?}");
        let multipart = head.iter().any(|l| l.contains("multipart/mixed"));
        if multipart { kinds.1 += 1 } else { kinds.0 += 1 }
    }
    assert!(kinds.0 > 0 && kinds.1 > 0, "single-part and multipart mail both checked: {kinds:?}");
}

#[test]
fn phone_and_mail_app_signatures_are_not_read_as_commands() {
    let mut g = game::Game::started();
    for sig in [
        "Sent from my iPhone",
        "Sent from my iPad",
        "Sent from my Android",
        "Sent from my Samsung Galaxy smartphone.",
        "Get Outlook for iOS",
        "Get Outlook for Android<https://aka.ms/ghei36>",
        "Sent from Mail for Windows",
        "Sent from Mail for Windows 10",
        "Sent from Yahoo Mail on Android",
        "Sent from Yahoo Mail for iPhone",
        "Sent from Outlook",
        "-- \nPlayer Three\n+44 20 7946 0000",
    ] {
        let (r, _) = g.send("p3@example.test", &format!("SIGNON Fdemo pw-three\nA PAR H\n\n{sig}\n"));
        let first = sig.lines().find(|l| l.trim() != "--").unwrap();
        assert!(errors(&r).is_empty() && !r.contains(first), "{sig}: {r}");
        assert!(r.contains("A PAR H: accepted."), "{sig}: {r}");
    }
    // a phone's reply: its signature above the quote, more orders typed below it
    let iphone = "SIGNON Fdemo pw-three\nA PAR-BUR\n\nSent from my iPhone\n\nOn 23 Nov 2026, at 12:00, mailjudge <judge@example.test> wrote:\n\n> mailjudge received your mail.\n\nA MAR-SPA\n";
    let (r, _) = g.send("p3@example.test", iphone);
    assert!(errors(&r).is_empty() && r.contains("A MAR - SPA: accepted."), "{r}");
    let mut orders = g.orders(2);
    orders.sort();
    assert_eq!(orders, ["A MAR - SPA", "A PAR - BUR"]);
    // a line that only starts like one is read
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nSent from my iPhone, as you asked: A PAR H\n");
    assert!(!errors(&r).is_empty(), "{r}");
}

#[test]
fn bounces_reports_and_mail_systems_are_never_answered() {
    let mut w = game::Game::started_world();
    let body = "SIGNON Fdemo pw-three\nA PAR H\n";
    let dsn = "MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=\"d\"\r\n";
    let dsn_body = "--d\nContent-Type: text/plain\n\nSIGNON Fdemo pw-three\nA PAR H\n--d\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.org\n\nFinal-Recipient: rfc822; p9@example.org\nAction: failed\nStatus: 5.1.1\n--d--\n";
    let arf = "MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=feedback-report; boundary=\"a\"\r\n";
    let arf_body = "--a\nContent-Type: text/plain\n\nSIGNON Fdemo pw-three\nA PAR H\n--a\nContent-Type: message/feedback-report\n\nFeedback-Type: abuse\nUser-Agent: x/1.0\nVersion: 1\n--a--\n";
    // (name, From, headers, body, a word of the logged reason)
    let cases: &[(&str, &str, &str, &str, &str)] = &[
        ("dsn", "Mail Delivery Subsystem <relay@example.org>", dsn, dsn_body, "delivery status"),
        ("arf", "abuse@isp.example.org", arf, arf_body, "abuse report"),
        ("postmaster", "postmaster@example.org", "", body, "postmaster"),
        ("postmaster-case", "The Postmaster <PostMaster@Example.ORG>", "", body, "postmaster"),
        ("daemon-case", "Mailer-Daemon@example.org", "", body, "MAILER-DAEMON"),
        ("daemon-upper", "MAILER-DAEMON@EXAMPLE.ORG", "", body, "MAILER-DAEMON"),
        ("null-return-path", "p3@example.test", "Return-Path: <>\r\n", body, "empty Return-Path"),
        ("null-return-path-spaced", "p3@example.test", "Return-Path: < >\r\n", body, "empty Return-Path"),
        ("null-return-path-tab", "p3@example.test", "Return-Path:\t<>\t\r\n", body, "empty Return-Path"),
    ];
    for (name, from, headers, body, _) in cases {
        let raw = format!("From: {from}\r\nTo: {JUDGE}\r\nSubject: orders\r\nMessage-ID: <{name}@example.test>\r\n{headers}\r\n{}", body.replace('\n', "\r\n"));
        w.deliver_bytes(name, raw.as_bytes());
    }
    let (step, sent) = w.step();
    assert_eq!(step.mails, cases.len());
    assert!(sent.is_empty(), "{:#?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    let mails = db::mails(w.db());
    for (name, _, _, _, why) in cases {
        let m = mails.iter().find(|m| m.message_id == format!("<{name}@example.test>")).unwrap_or_else(|| panic!("{name} kept"));
        assert!(m.outcome.starts_with("ignored: ") && m.outcome.contains(why), "{name}: {}", m.outcome);
    }
    assert!(db::orders(w.db()).iter().all(|o| o.text != "A PAR H"), "no order taken from them");
}

#[test]
fn signoff_with_words_after_it_ends_reading() {
    let mut g = game::Game::started();
    for (k, signoff) in ["SIGNOFF now", "SIGNOFF France", "sign off now please"].iter().enumerate() {
        let order = ["A PAR-BUR", "A PAR-PIC", "A PAR-GAS"][k];
        let (r, _) = g.as_power('F', &format!("{order}\n{signoff}\nA MAR-SPA\n"));
        assert!(r.contains("Signed off: the rest of the mail is not read.") && errors(&r).is_empty(), "{signoff}: {r}");
        assert!(!r.contains("A MAR-SPA"), "{signoff}: {r}");
        assert!(g.orders(2).iter().all(|o| !o.contains("MAR")), "{signoff}: {:?}", g.orders(2));
    }
    // in a press, only a SIGNOFF alone ends it: words after it are the press's
    let (r, _) = g.as_power('F', "PRESS TO E\nI will SIGNOFF now.\nSIGNOFF now\nENDPRESS\nA MAR-SPA\n");
    assert!(r.contains("A MAR - SPA: accepted.") && errors(&r).is_empty(), "{r}");
}
