//! Intake: which mail counts towards a sender's rate limit and what happens to
//! mail over it (deferred, handled later in order, never lost), mail times from
//! a clock set back, Message-IDs reused for corrected mail, passwords kept out
//! of the stored mail, and the limits on what the judge sends (replies to From
//! only, reply size, replies per mailbox per hour).

use crate::common;
use common::db::count;
use common::game::flat;
use common::script;
use common::*;
use mailjudge::judge::{MAX_REPLIES_PER_ADDRESS_PER_HOUR, MAX_REPLY_BYTES, cut_reply};
use mailjudge::mail::mailbox_key;
use mailjudge::mail::redact::{REDACTED_HEADER, mask_line};

const HOUR: i64 = 3600;

fn t0() -> i64 {
    mailjudge::timing::parse_date("2026-11-23 12:00", chrono_tz::Tz::UTC, 1_790_000_000, false).unwrap()
}

/// When the tests on a started game start: an hour after it started.
fn t1() -> i64 {
    t0() + HOUR + 1
}

/// A plain-text mail.
fn mail(from: &str, id: &str, extra_headers: &str, body: &str) -> Vec<u8> {
    mail_text(from, &format!("<{id}@example.test>"), "test", extra_headers, body)
}

/// A mail whose text body is base64.
fn mail_b64(from: &str, id: &str, body: &str) -> Vec<u8> {
    let headers = "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n";
    format!("From: {from}\r\nTo: {JUDGE}\r\nSubject: test\r\nMessage-ID: <{id}@example.test>\r\n{headers}\r\n{}\r\n", base64(body.as_bytes())).into_bytes()
}

fn base64(data: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in data.chunks(3) {
        let n = (c[0] as u32) << 16 | (*c.get(1).unwrap_or(&0) as u32) << 8 | *c.get(2).unwrap_or(&0) as u32;
        for i in 0..4 {
            if i <= c.len() {
                out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

struct T {
    w: World,
    n: usize,
}

impl T {
    /// A judge with a started game `demo` (tests/data/game), `rate` mails per sender per hour.
    fn started(rate: u32) -> T {
        let mut w = World::new(t0());
        for name in script::OPENING {
            w.deliver(name);
        }
        w.step();
        assert_eq!(count(db::games(w.db()), |r| r.status.as_str() == "active"), 1);
        w.daemon.judge.ctx.cfg.limits.mails_per_sender_per_hour = rate;
        // the joins no longer count: every sender starts with the whole limit
        w.set_time(t1());
        T { w, n: 0 }
    }

    fn empty(rate: u32) -> T {
        let mut w = World::new(t0());
        w.daemon.judge.ctx.cfg.limits.mails_per_sender_per_hour = rate;
        T { w, n: 0 }
    }

    /// Drops a mail in the inbox (not yet read).
    fn drop_in(&mut self, raw: &[u8]) {
        self.n += 1;
        self.w.deliver_bytes(&format!("m{:04}", self.n), raw);
    }

    /// Delivers a mail and runs one pass; returns what was sent.
    fn send(&mut self, raw: &[u8]) -> Vec<Sent> {
        self.drop_in(raw);
        self.w.step().1
    }

    fn outcome(&self, id: &str) -> String {
        db::outcome(self.w.db(), &format!("<{id}@example.test>"))
    }

    fn replies_to(sent: &[Sent], id: &str) -> usize {
        sent.iter().filter(|s| s.in_reply_to.as_deref() == Some(&format!("<{id}@example.test>"))).count()
    }

    /// France's current order for its army in Paris.
    fn paris(&self) -> String {
        db::orders(self.w.db()).into_iter().find(|o| o.active && db::like(&o.text, "A PAR%")).expect("an order for A PAR").text
    }
}

const FRANCE: &str = "P3 <p3@example.test>";

fn orders(order: &str) -> String {
    format!("SIGNON Fdemo pw-three\n{order}")
}

#[test]
fn ignored_mail_does_not_count_towards_the_rate_limit() {
    let mut t = T::started(3);
    // forged automatic replies with France's address: ignored, and they used to lock France out
    for k in 0..10 {
        let sent = t.send(&mail(FRANCE, &format!("auto{k}"), "Auto-Submitted: auto-replied\r\n", "I am away"));
        assert_eq!(T::replies_to(&sent, &format!("auto{k}")), 0);
    }
    // duplicates do not count either
    let raw = mail(FRANCE, "o1", "", &orders("A PAR-BUR"));
    let sent = t.send(&raw);
    assert_eq!(T::replies_to(&sent, "o1"), 1);
    for _ in 0..5 {
        assert!(t.send(&raw).is_empty(), "a duplicate is silent");
    }
    for k in 2..=3 {
        let sent = t.send(&mail(FRANCE, &format!("o{k}"), "", &orders("A PAR H")));
        assert_eq!(T::replies_to(&sent, &format!("o{k}")), 1, "mail {k} of 3 is answered");
        assert!(flat(&sent[0].body).contains("A PAR H: accepted"), "{}", sent[0].body);
    }
    assert_eq!(t.outcome("o3"), "answered");
}

#[test]
fn mail_over_the_limit_is_deferred_and_handled_later_in_order() {
    let mut t = T::started(3);
    for (k, o) in [(1, "A PAR H"), (2, "A PAR H"), (3, "A PAR H")] {
        let sent = t.send(&mail(FRANCE, &format!("o{k}"), "", &orders(o)));
        assert_eq!(T::replies_to(&sent, &format!("o{k}")), 1, "at the limit: answered");
    }
    // past the limit: kept, one notice when deferral starts, none for the next
    let sent = t.send(&mail(FRANCE, "o4", "", &orders("A PAR-BUR")));
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert_eq!(T::replies_to(&sent, "o4"), 1);
    let notice = flat(&sent[0].body);
    assert!(notice.contains("Too many mails") && notice.contains("kept and will be read"), "{notice}");
    assert_eq!(sent[0].to, "p3@example.test");
    assert!(t.send(&mail(FRANCE, "o5", "", &orders("A PAR-PIC"))).is_empty(), "one notice, not one per mail");
    assert!(t.send(&mail(FRANCE, "o6", "", &orders("A PAR-GAS"))).is_empty());
    assert!(t.send(&mail(FRANCE, "o7", "", &orders("A PAR H"))).is_empty());
    for k in 4..=7 {
        assert_eq!(t.outcome(&format!("o{k}")), "deferred");
    }
    assert_eq!(t.paris(), "A PAR H", "nothing deferred took effect yet");
    // another sender is not held up
    let sent = t.send(&mail("P2 <p2@example.test>", "e1", "", "SIGNON Edemo pw-two\nF LON-NTH"));
    assert_eq!(T::replies_to(&sent, "e1"), 1);
    // an hour later: three of the four, in the order they came, before new mail,
    // which waits behind the fourth
    t.w.set_time(t1() + HOUR + 1);
    t.drop_in(&mail(FRANCE, "o8", "", &orders("A PAR-BUR")));
    let (_, sent) = t.w.step();
    for k in 4..=6 {
        assert_eq!(T::replies_to(&sent, &format!("o{k}")), 1, "o{k} handled");
        assert_eq!(t.outcome(&format!("o{k}")), "answered");
    }
    let pos = |id: &str| sent.iter().position(|s| s.in_reply_to.as_deref() == Some(&format!("<{id}@example.test>"))).unwrap();
    assert!(pos("o4") < pos("o5") && pos("o5") < pos("o6"));
    assert!(flat(&reply(&sent, "<o5@example.test>").body).contains("A PAR - PIC: accepted"));
    assert_eq!(t.paris(), "A PAR - GAS");
    assert_eq!(T::replies_to(&sent, "o7") + T::replies_to(&sent, "o8"), 0);
    assert_eq!(t.outcome("o8"), "deferred", "new mail waits behind older deferred mail");
    // an hour later again: the rest, in order
    t.w.set_time(t1() + 2 * HOUR + 2);
    let (step, sent) = t.w.step();
    assert_eq!(step.answered, 2);
    assert!(flat(&reply(&sent, "<o7@example.test>").body).contains("A PAR H: accepted"));
    assert!(flat(&reply(&sent, "<o8@example.test>").body).contains("A PAR - BUR: accepted"));
    assert_eq!(t.paris(), "A PAR - BUR");
    assert_eq!(count(db::mails(t.w.db()), |m| m.outcome == "deferred"), 0);
    // nothing left: the next pass does nothing
    assert!(t.w.step().1.is_empty());
    // a new episode of deferral gets a new notice (o7 and o8 count: handled now)
    let sent = t.send(&mail(FRANCE, "o9", "", &orders("A PAR H")));
    assert!(flat(&sent[0].body).contains("A PAR H: accepted"));
    let sent = t.send(&mail(FRANCE, "o10", "", &orders("A PAR H")));
    assert_eq!(T::replies_to(&sent, "o10"), 1);
    assert!(flat(&sent[0].body).contains("Too many mails"));
    assert_eq!(t.outcome("o10"), "deferred");
}

#[test]
fn a_deferred_mail_delivered_again_is_not_stored_twice() {
    let mut t = T::started(1);
    t.send(&mail(FRANCE, "o1", "", &orders("A PAR H")));
    let raw = mail(FRANCE, "o2", "", &orders("A PAR-BUR"));
    t.send(&raw);
    assert!(t.send(&raw).is_empty());
    assert_eq!(count(db::mails(t.w.db()), |m| m.message_id == "<o2@example.test>"), 1);
    t.w.set_time(t1() + HOUR + 1);
    let sent = t.w.step().1;
    assert_eq!(T::replies_to(&sent, "o2"), 1);
    assert!(t.send(&raw).is_empty(), "handled: now a duplicate");
    assert_eq!(t.paris(), "A PAR - BUR");
}

#[test]
fn mail_times_from_the_future_do_not_count_after_the_clock_is_set_back() {
    let mut t = T::started(2);
    t.w.set_time(t1() + 24 * HOUR);
    for k in 1..=2 {
        t.send(&mail(FRANCE, &format!("o{k}"), "", &orders("A PAR H")));
    }
    // the clock is set back a day: the two mails handled "in the future" do
    // not count against the sender's rate (the clock's fault, not theirs)
    t.w.set_time(t1());
    let sent = t.send(&mail(FRANCE, "o3", "", &orders("A PAR-BUR")));
    assert_eq!(T::replies_to(&sent, "o3"), 1, "answered at once: {:?}", sent.iter().map(|s| &s.body).collect::<Vec<_>>());
    assert_eq!(t.outcome("o3"), "answered");
    assert_eq!(count(db::mails(t.w.db()), |m| m.received > t1() || m.handled.is_some_and(|h| h > t1())), 0, "no time left in the future");
    // mail handled now counts as before: the limit (2) is reached with o4
    t.send(&mail(FRANCE, "o4", "", &orders("A PAR H")));
    let sent = t.send(&mail(FRANCE, "o5", "", &orders("A PAR-BUR")));
    assert!(flat(&sent[0].body).contains("Too many mails"));
    assert_eq!(t.outcome("o5"), "deferred");
}

#[test]
fn a_senders_waiting_mail_is_bounded_and_the_rest_dropped() {
    let mut t = T::started(1);
    let max = t.w.daemon.judge.ctx.cfg.limits.waiting_mails_per_sender as usize;
    t.send(&mail(FRANCE, "w0", "", &orders("A PAR H")));
    // the limit of waiting mail: every one kept
    for k in 1..=max {
        t.w.deliver_bytes(&format!("w{k:04}"), &mail(FRANCE, &format!("w{k}"), "", &orders("A PAR H")));
    }
    t.w.step();
    assert_eq!(count(db::mails(t.w.db()), |m| m.outcome == "deferred"), max as i64, "at the limit: all wait");
    // past it: dropped, logged, never answered, kept as seen
    let sent = t.send(&mail(FRANCE, "over", "", &orders("A PAR-BUR")));
    assert_eq!(T::replies_to(&sent, "over"), 0);
    assert!(t.outcome("over").starts_with("dropped"), "{}", t.outcome("over"));
    assert_eq!(count(db::mails(t.w.db()), |m| m.outcome == "deferred"), max as i64);
    // another sender is not touched by it
    let sent = t.send(&mail("P2 <p2@example.test>", "e1", "", "SIGNON Edemo pw-two\nF LON H"));
    assert_eq!(T::replies_to(&sent, "e1"), 1);
}

#[test]
fn a_corrected_mail_with_a_reused_message_id_is_answered() {
    let mut t = T::started(1000);
    let first = mail(FRANCE, "fix", "", &orders("A PAR-BUR"));
    assert_eq!(T::replies_to(&t.send(&first), "fix"), 1);
    assert!(t.send(&first).is_empty(), "the same mail again: silent");
    let corrected = mail(FRANCE, "fix", "", &orders("A PAR-PIC"));
    let sent = t.send(&corrected);
    assert_eq!(T::replies_to(&sent, "fix"), 1, "other content: a new mail");
    assert!(flat(&sent[0].body).contains("A PAR - PIC: accepted"), "{}", sent[0].body);
    assert_eq!(t.paris(), "A PAR - PIC");
    assert!(t.send(&corrected).is_empty());
    assert!(t.send(&first).is_empty());
    assert_eq!(count(db::mails(t.w.db()), |m| m.message_id == "<fix@example.test>"), 2);
    // a corrected password is a new mail too (the hash is of the mail with its
    // passwords blanked, so a correction of the password alone, to one of the
    // same length, would look the same: see `Kept` in src/judge/mod.rs)
    let wrong = mail(FRANCE, "pw", "", "SIGNON Fdemo pw-thre\nA PAR H");
    assert!(flat(&t.send(&wrong)[0].body).contains("wrong password"));
    let right = mail(FRANCE, "pw", "", "SIGNON Fdemo pw-three\nA PAR H");
    let sent = t.send(&right);
    assert_eq!(T::replies_to(&sent, "pw"), 1);
    assert!(flat(&sent[0].body).contains("A PAR H: accepted"), "{}", sent[0].body);
}

/// Every stored byte of the mails table, as text.
fn stored(w: &World) -> String {
    db::mails(w.db()).into_iter().map(|m| format!("{}\n{}\n", String::from_utf8_lossy(&m.raw), m.subject.unwrap_or_default())).collect()
}

#[test]
fn passwords_are_not_stored() {
    let mut t = T::empty(1000);
    t.w.daemon.judge.ctx.cfg.create_password = Some("Judge-Key-1".into());
    let gm = "gm@example.test";
    let sent = t.send(&mail(gm, "create", "", "CREATE ?pwgame Gm-Secret-1 standard judge=Judge-Key-1"));
    assert!(flat(&sent[0].body).contains("pwgame"), "{}", sent[0].body);
    assert_eq!(count(db::games(t.w.db()), |r| r.name == "pwgame"), 1);
    // joining: plain, base64, "sign on", quoted-printable
    t.send(&mail("a@example.test", "j1", "", "SIGNON ?pwgame Join-Plain-2\nSET PREFERENCE A"));
    t.send(&mail_b64("b@example.test", "j2", "SIGNON ?pwgame Join-B64-3\nSET PREFERENCE E\n"));
    t.send(&mail(
        "c@example.test",
        "j3",
        "MIME-Version: 1.0\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n",
        "Sign On ?pwgame Join=3DQP-4",
    ));
    assert_eq!(count(db::players(t.w.db()), |p| p.role.as_str() == "player"), 3, "the joins worked");
    // a password change (with spaces, refused, but still a password), a mistyped sign-on, observing
    t.send(&mail("a@example.test", "p1", "", "SIGNON ?pwgame Join-Plain-2\nSET PASSWORD New Secret 5"));
    t.send(&mail_b64("a@example.test", "p2", "SIGNON ?pwgame Join-Plain-2\nSET PASSWORD New-Secret-6\n"));
    t.send(&mail("a@example.test", "p3", "", "SINGON ?pwgame Typo-Secret-7"));
    t.send(&mail("o@example.test", "p4", "", "OBSERVE pwgame Observe-Secret-8"));
    // the password in the subject, and in quoted text of a reply
    t.send(&mail("a@example.test", "p5", "", "LIST\n> SIGNON ?pwgame Quoted-Secret-9"));
    let subj = b"From: a@example.test\r\nTo: judge@example.test\r\nSubject: SIGNON ?pwgame Join-Plain-2\r\nMessage-ID: <p6@example.test>\r\n\r\nSIGNON ?pwgame Join-Plain-2\r\n";
    t.send(subj);
    let all = stored(&t.w);
    for secret in [
        "Judge-Key-1",
        "Gm-Secret-1",
        "Join-Plain-2",
        "Join-B64-3",
        "Join=QP-4",
        "Join=3DQP-4",
        "New Secret 5",
        "Secret 5",
        "New-Secret-6",
        "Typo-Secret-7",
        "Observe-Secret-8",
        "Quoted-Secret-9",
    ] {
        assert!(!all.contains(secret), "{secret} is stored in clear:\n{all}");
    }
    for b in ["Join-B64-3", "New-Secret-6"] {
        assert!(!all.contains(&base64(format!("SIGNON ?pwgame {b}").as_bytes())[..12]), "base64 body stored as it came");
    }
    assert!(all.contains(REDACTED_HEADER), "a base64 body is stored decoded and redacted");
    assert!(all.contains("SIGNON ?pwgame ************"), "{all}");
    assert_eq!(count(db::mails(t.w.db()), |m| db::bytes_like(&m.raw, &format!("%{REDACTED_HEADER}%"))), 3, "base64 twice, quoted-printable once");
    // the password set by the base64 mail works (nothing changed but the record)
    let sent = t.send(&mail("a@example.test", "p7", "", "SIGNON ?pwgame New-Secret-6\nSET PASSWORD Third-Pass"));
    let r = reply(&sent, "<p7@example.test>");
    assert!(flat(&r.body).contains("Password changed"), "{}", r.body);
    // a mail without a Message-ID is known by a hash of its content: of the redacted content
    let no_id = b"From: a@example.test\r\nTo: judge@example.test\r\nSubject: x\r\n\r\nSIGNON ?pwgame Third-Pass\r\nLIST\r\n";
    assert_eq!(t.send(no_id).len(), 1);
    let cid = mailjudge::mail::read::content_id(no_id);
    assert_eq!(count(db::mails(t.w.db()), |m| m.message_id == cid), 0);
    assert_eq!(count(db::mails(t.w.db()), |m| db::like(&m.message_id, "<sha256-%")), 1);
    assert!(t.send(no_id).is_empty(), "and is still a duplicate when it comes again");
}

#[test]
fn a_deferred_mail_keeps_its_password_only_until_it_is_handled() {
    let mut t = T::started(1);
    t.send(&mail(FRANCE, "o1", "", &orders("A PAR H")));
    t.send(&mail(FRANCE, "o2", "", &orders("A PAR-BUR")));
    assert_eq!(t.outcome("o2"), "deferred");
    t.w.set_time(t1() + HOUR + 1);
    t.w.step();
    assert_eq!(t.outcome("o2"), "answered");
    assert!(!stored(&t.w).contains("pw-three"), "{}", stored(&t.w));
    assert_eq!(t.paris(), "A PAR - BUR");
}

#[test]
fn the_scripted_game_stores_no_password() {
    let mut w = World::new(t0());
    for name in script::OPENING_OBSERVED.into_iter().chain([script::S01_AUSTRIA, script::S01_FRANCE]) {
        w.deliver(name);
    }
    w.step();
    assert_eq!(count(db::games(w.db()), |r| r.status.as_str() == "active"), 1);
    let all = stored(&w);
    for pw in ["gmpass", "pw-one", "pw-two", "pw-three", "pw-four", "pw-five", "pw-six", "pw-seven"] {
        assert!(!all.contains(pw), "{pw} stored in clear");
    }
}

#[test]
fn mask_line_cases() {
    let own = mailjudge::judge::judge_text();
    assert_eq!(mask_line("SIGNON Fdemo secret", &own), "SIGNON Fdemo ******");
    assert_eq!(mask_line("sign on ?demo secret", &own), "sign on ?demo ******");
    assert_eq!(mask_line("SIGNN Fdemo secret", &own), "SIGNN Fdemo ******");
    assert_eq!(mask_line("CREATE ?demo secret standard judge=key", &own), "CREATE ?demo ****** standard judge=******");
    assert_eq!(mask_line("SET PASSWORD with some spaces", &own), "SET PASSWORD ****** ****** ******");
    assert_eq!(mask_line("OBSERVE demo secret", &own), "OBSERVE demo ******");
    assert_eq!(mask_line("JOIN demo secret", &own), "JOIN demo ******");
    assert_eq!(mask_line("A PAR-BUR", &own), "A PAR-BUR");
    assert_eq!(mask_line("LIST demo", &own), "LIST demo");
}

#[test]
fn replies_go_to_from_never_to_reply_to() {
    let mut t = T::empty(1000);
    let sent = t.send(&mail("p@example.test", "rt", "Reply-To: victim@example.org\r\n", "HELP"));
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].to, "p@example.test");
    assert!(to(&sent, "victim@example.org").is_empty());
    // nor is a player registered under it
    t.send(&mail("p@example.test", "c", "Reply-To: victim@example.org\r\n", "CREATE ?rtgame Gm-Secret-1"));
    assert_eq!(count(db::games(t.w.db()), |r| r.master_email == "p@example.test"), 1);
}

#[test]
fn a_long_reply_is_cut_at_a_line_end() {
    // the cut: at the limit nothing, past it a line end and a closing line
    let body: String = (0..100).map(|i| format!("line {i:03} {}\n", "x".repeat(90))).collect();
    assert_eq!(cut_reply(body.clone(), body.len()), body);
    let cut = cut_reply(body.clone(), body.len() - 1);
    assert!(cut.len() < body.len());
    let (kept, note) = cut.split_once("\n\n[This reply was cut here").unwrap();
    assert!(body.starts_with(&format!("{kept}\n")) && kept.ends_with(&"x".repeat(90)), "cut at a line end");
    assert!(note.contains("HISTORY game FROM phase TO phase"));
    // through the judge: 400 long lines of nonsense, each echoed with an error
    let mut t = T::empty(1000);
    let junk: String = (0..400).map(|i| format!("nonsense{i} {}\n", "y".repeat(200))).collect();
    let sent = t.send(&mail("p@example.test", "long", "", &junk));
    let r = reply(&sent, "<long@example.test>");
    let stored = db::reply_to(t.w.db(), "<long@example.test>").body;
    assert!(stored.len() <= MAX_REPLY_BYTES, "{}", stored.len());
    assert!(stored.contains("nonsense0 ") && !stored.contains("nonsense399 "));
    assert!(flat(&r.body).contains("This reply was cut here"), "{}", &r.body[r.body.len().saturating_sub(300)..]);
}

#[test]
fn replies_to_one_mailbox_are_limited_per_hour() {
    assert_eq!(mailbox_key("Victim+42@Example.ORG"), "victim@example.org");
    assert_eq!(mailbox_key("victim@example.org"), "victim@example.org");
    // forged senders victim+1, victim+2, ...: each under its own limit, all one mailbox
    let mut t = T::empty(5);
    let cap = MAX_REPLIES_PER_ADDRESS_PER_HOUR as usize;
    for k in 1..=cap {
        let sent = t.send(&mail(&format!("victim+{k}@example.org"), &format!("v{k}"), "", "HELP"));
        assert_eq!(T::replies_to(&sent, &format!("v{k}")), 1, "reply {k} of {cap}");
    }
    let sent = t.send(&mail("victim@example.org", "over", "", "HELP"));
    assert!(sent.is_empty(), "past the limit: handled, not answered");
    assert!(t.outcome("over").starts_with("answered; reply withheld"), "{}", t.outcome("over"));
    // other mailboxes are not affected
    assert_eq!(T::replies_to(&t.send(&mail("other@example.org", "o", "", "HELP")), "o"), 1);
    // an hour later the mailbox gets replies again
    t.w.set_time(t0() + HOUR + 1);
    assert_eq!(T::replies_to(&t.send(&mail("victim@example.org", "later", "", "HELP")), "later"), 1);
}

#[test]
fn the_reply_limit_is_never_below_the_sender_limit() {
    let mut t = T::empty(40);
    for k in 1..=40 {
        let sent = t.send(&mail("busy@example.org", &format!("b{k}"), "", "HELP"));
        assert_eq!(T::replies_to(&sent, &format!("b{k}")), 1, "mail {k}");
    }
}

#[test]
fn handle_deferred_takes_at_most_max_and_at_most_the_room_under_the_limit() {
    let mut t = T::started(3);
    for k in 1..=8 {
        t.send(&mail(FRANCE, &format!("o{k}"), "", &orders("A PAR H")));
    }
    assert_eq!(count(db::mails(t.w.db()), |m| m.outcome == "deferred"), 5);
    t.w.set_time(t1() + HOUR + 1);
    let j = &mut t.w.daemon.judge;
    // max binds: two of the three the limit allows
    let o = j.handle_deferred(2).unwrap();
    assert_eq!(o, vec![mailjudge::judge::MailOutcome::Answered; 2]);
    // the limit binds: one more this hour, whatever max says
    let o = j.handle_deferred(10).unwrap();
    assert_eq!(o, vec![mailjudge::judge::MailOutcome::Answered]);
    assert!(j.handle_deferred(10).unwrap().is_empty());
    assert_eq!(t.outcome("o6"), "answered");
    assert_eq!(t.outcome("o7"), "deferred");
    t.w.set_time(t1() + 2 * HOUR + 2);
    assert_eq!(t.w.daemon.judge.handle_deferred(10).unwrap().len(), 2);
    assert_eq!(count(db::mails(t.w.db()), |m| m.outcome == "deferred"), 0);
}

fn panic_on_boom(line: &str) {
    if line == "BOOM" {
        panic!("boom");
    }
}

#[test]
fn a_deferred_mail_whose_handling_fails_is_marked_failed_and_answered_once() {
    let mut t = T::started(1);
    t.send(&mail(FRANCE, "o1", "", &orders("A PAR H")));
    t.send(&mail(FRANCE, "o2", "", &orders("BOOM")));
    assert_eq!(t.outcome("o2"), "deferred");
    t.w.daemon.judge.ctx.hooks.before_command = Some(panic_on_boom);
    t.w.set_time(t1() + HOUR + 1);
    let sent = t.w.step().1;
    assert!(flat(&reply(&sent, "<o2@example.test>").body).contains("internal error"));
    assert!(t.outcome("o2").starts_with("failed:"), "{}", t.outcome("o2"));
    assert!(!stored(&t.w).contains("pw-three"));
    assert_eq!(count(db::mails(t.w.db()), |m| m.message_id == "<o2@example.test>"), 1);
    assert!(t.w.step().1.is_empty(), "not taken up again");
}

#[test]
fn kept_processed_mail_has_its_passwords_redacted() {
    use mailjudge::mail::Inbound;
    let dir = tempfile::tempdir().unwrap();
    let mut md = mailjudge::mail::maildir::Maildir::open(dir.path()).unwrap().with_keep_processed(true);
    let raw = mail(FRANCE, "k1", "", "SIGNON Fdemo hunter2-secret\nA PAR H\nSET PASSWORD n3w-secret");
    md.deliver("k1", &raw).unwrap();
    md.fetch(10).unwrap();
    md.done("k1").unwrap();
    assert!(!dir.path().join("new/k1").exists());
    let kept = String::from_utf8(std::fs::read(dir.path().join("cur/k1:2,S")).unwrap()).unwrap();
    assert!(kept.contains("A PAR H") && kept.contains("SIGNON Fdemo"), "{kept}");
    assert!(!kept.contains("hunter2-secret") && !kept.contains("n3w-secret"), "{kept}");
    assert!(std::fs::read_dir(dir.path().join("tmp")).unwrap().next().is_none(), "nothing left in tmp/");
}
