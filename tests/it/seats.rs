//! Seats cannot be taken quietly: a sign-on from another address copies the
//! player of record; SET ADDRESS and SET PASSWORD tell the old address and the
//! master; an ejected player stays out; observing needs the subscriber's
//! confirmation. Password work is bounded per mail and per seat, and a mail of
//! many guesses never says which one was right.

use crate::common;
use common::db::count;
use common::game::*;
use common::*;
use mailjudge::command::{MAX_FAILED_SIGNONS_PER_HOUR, MAX_PASSWORD_WORK_PER_MAIL};

#[test]
fn a_sign_on_from_another_address_is_copied_to_the_player_of_record() {
    let mut g = Game::started();
    let (r, sent) = g.send("thief@example.test", "SIGNON Fdemo pw-three\nA PAR-PIC");
    assert!(r.contains("A PAR - PIC: accepted."), "accepted, as njudge does: {r}");
    let copy: Vec<&Sent> = to(&sent, "p3@example.test");
    assert_eq!(copy.len(), 1);
    let c = flat(&copy[0].body);
    assert!(c.contains("A mail from thief@example.test signed on to your seat"), "{c}");
    assert!(c.contains("A PAR-PIC") && c.contains("A PAR - PIC: accepted."), "the mail and the reply: {c}");
    assert!(!c.contains("pw-three"), "the password is masked: {c}");
    // the player's own mail is not copied
    let (_, sent) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR H");
    assert_eq!(to(&sent, "p3@example.test").len(), 1);
}

#[test]
fn address_and_password_changes_tell_the_old_address_and_the_master() {
    let mut g = Game::started();
    let (r, sent) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nSET ADDRESS elsewhere@example.test");
    assert!(r.contains("will go to elsewhere@example.test once someone there confirms"), "{r}");
    // the new address gets the request alone; nothing moves until it confirms
    assert_eq!(to(&sent, "elsewhere@example.test").len(), 1);
    assert_eq!(count(db::players(g.w.db()), |p| p.email == "elsewhere@example.test"), 0);
    let code = list_code(&sent, "elsewhere@example.test");
    let (r, _) = g.send("p3@example.test", "CONFIRM demo 000000000000");
    assert!(r.contains("Nothing in game demo waits for that code"), "{r}");
    let (r, mut sent) = g.send("elsewhere@example.test", &format!("CONFIRM demo {code}"));
    assert!(r.contains("now goes to elsewhere@example.test"), "{r}");
    let (r, more) = g.send("elsewhere@example.test", "SIGNON Fdemo pw-three\nSET PASSWORD newsecret");
    assert!(r.contains("Password changed."), "{r}");
    sent.extend(more);
    let old: Vec<&Sent> = to(&sent, "p3@example.test").into_iter().filter(|s| s.subject.contains("was changed")).collect();
    assert_eq!(old.len(), 1, "the address change goes to the old address");
    let now: Vec<&Sent> = to(&sent, "elsewhere@example.test").into_iter().filter(|s| s.subject.contains("password was changed")).collect();
    assert_eq!(now.len(), 1, "the password change goes to the address of record");
    let gm: Vec<&Sent> = to(&sent, GM).into_iter().filter(|s| s.subject.contains("France changed")).collect();
    assert_eq!(gm.len(), 2, "{:?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    for s in gm {
        assert!(!s.body.contains("newsecret"));
    }
}

#[test]
fn the_judges_own_address_is_never_a_seat_or_list_address() {
    let mut g = Game::started();
    for a in [JUDGE, "JUDGE@example.test", "judge+games@example.test"] {
        let (r, _) = g.send("p3@example.test", &format!("SIGNON Fdemo pw-three\nSET ADDRESS {a}"));
        assert!(r.contains("is not a mail address the judge can write to"), "{a}: {r}");
        let (r, _) = g.send(GM, &format!("SIGNON Mdemo gmpass\nSET LIST {a}"));
        assert!(!r.contains("Reports also go to"), "{a}: {r}");
    }
    assert_eq!(count(db::players(g.w.db()), |p| db::like(&p.email, "judge%")), 0);
    let list = serde_json::to_string(&db::only_game(g.w.db()).settings).unwrap();
    assert!(!list.to_ascii_lowercase().contains("judge"), "{list}");
    // an ordinary address still works, at the limit of what is refused
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nSET ADDRESS judge2@example.test");
    assert!(r.contains("will go to judge2@example.test once someone there confirms"), "{r}");
}

#[test]
fn observing_needs_confirmation_and_can_be_stopped() {
    let mut g = Game::started();
    let (r, sent) = g.send("victim@example.test", "OBSERVE demo");
    assert!(r.contains("reply with the confirmation line"), "{r}");
    let c = to(&sent, "victim@example.test").into_iter().find(|s| s.subject == "Confirm: observe game demo").expect("a confirmation");
    let line = c.body.lines().find(|l| l.trim_start().starts_with("OBSERVE demo ")).unwrap().trim().to_string();
    // asking again within a day sends nothing more
    let (r, sent) = g.send("victim@example.test", "OBSERVE demo");
    assert!(r.contains("was mailed to you already"), "{r}");
    assert!(!sent.iter().any(|s| s.subject.starts_with("Confirm")));
    // a wrong code does nothing; the right one subscribes
    let (r, _) = g.send("victim@example.test", "OBSERVE demo 000000000000");
    assert!(r.contains("not the confirmation code"), "{r}");
    assert_eq!(count(db::players(g.w.db()), |p| p.role.as_str() == "observer" && p.status.as_str() == "active"), 0);
    let (r, _) = g.send("victim@example.test", &line);
    assert!(r.contains("You now observe game demo"), "{r}");
    // reports carry List-Unsubscribe; UNOBSERVE stops them
    let (_, sent) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    let rep = to(&sent, "victim@example.test").into_iter().find(|s| s.subject.contains("results")).expect("a report to the observer");
    assert!(rep.header("List-Unsubscribe").is_some_and(|h| h.contains("UNOBSERVE%20demo")), "{:?}", rep.headers);
    let (r, _) = g.send("victim@example.test", "UNOBSERVE demo");
    assert!(r.contains("You no longer get the reports of game demo."), "{r}");
    let (_, sent) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    assert!(to(&sent, "victim@example.test").is_empty());
    // the master can remove an observer, who cannot come back
    let (_, _) = g.send("watcher@example.test", "OBSERVE demo");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nEJECT watcher@example.test");
    assert!(r.contains("watcher@example.test no longer gets the reports"), "{r}");
    let (r, _) = g.send("watcher@example.test", "OBSERVE demo");
    assert!(r.contains("removed you from its observers"), "{r}");
}

#[test]
fn many_guesses_in_one_mail_are_not_checked_and_say_nothing() {
    let mut g = Game::started();
    let mut body = String::new();
    for i in 0..400 {
        body.push_str(&format!("SIGNON Fdemo guess{i}\n"));
    }
    body.push_str("SIGNON Fdemo pw-three\nA PAR-PIC\n");
    let before = g.w.daemon.judge.ctx.passwords.work_done();
    let (r, _) = g.send("attacker@example.test", &body);
    assert!(g.w.daemon.judge.ctx.passwords.work_done() - before <= 1, "one Argon2 check for one seat");
    assert_eq!(r.matches("wrong password for France").count(), 1, "{r}");
    assert!(r.contains("only one password try per seat in a mail: this one was not checked"));
    assert!(!r.contains("Signed on as France"), "the right password among the guesses is not revealed");
    assert!(!r.contains("A PAR - PIC: accepted"));
}

#[test]
fn password_work_per_mail_is_capped_at_the_limit() {
    let mut g = Game::started();
    let letters = ["A", "E", "F", "G", "I", "R", "T"];
    // exactly the limit: all checked (each a wrong guess for another seat, plus the master)
    let n = MAX_PASSWORD_WORK_PER_MAIL as usize;
    let mut body: Vec<String> = letters.iter().map(|l| format!("SIGNON {l}demo wrong")).collect();
    body.push("SIGNON Mdemo wrong".into());
    assert_eq!(body.len(), n);
    let (r, _) = g.send("x@example.test", &body.join("\n"));
    assert!(!r.contains("too many password commands"), "{r}");
    // one more is refused unchecked
    let mut more = body.clone();
    more.push("SET PASSWORD whatever".into());
    let (r, _) = g.send("y@example.test", &format!("SIGNON Fdemo pw-three\n{}", more.join("\n")));
    assert!(r.contains("too many password commands in one mail"), "{r}");
}

#[test]
fn failed_sign_ons_per_seat_are_throttled_at_the_limit() {
    let mut g = Game::started();
    for i in 0..MAX_FAILED_SIGNONS_PER_HOUR {
        let (r, _) = g.send("attacker@example.test", &format!("SIGNON Fdemo guess{i}"));
        assert!(r.contains("wrong password for France"), "try {i}: {r}");
    }
    // past the limit even the right password is not checked, for an hour
    let (r, _) = g.send("attacker@example.test", "SIGNON Fdemo pw-three");
    assert!(r.contains("too many wrong passwords for this seat"), "{r}");
    // from any other address as well: the guessers share one lane
    let (r, _) = g.send("another@example.test", "SIGNON Fdemo pw-three");
    assert!(r.contains("too many wrong passwords for this seat"), "{r}");
    // the player of record is not locked out by them (issue 34, part 2)
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three");
    assert!(r.contains("Signed on as France"), "{r}");
    let now = g.w.now;
    g.w.set_time(now + 3601);
    let (r, _) = g.send("attacker@example.test", "SIGNON Fdemo pw-three");
    assert!(r.contains("Signed on as France"), "an hour later: {r}");
}

#[test]
fn guessers_from_throw_away_addresses_lock_out_no_owner() {
    // five mails an hour from throw-away addresses, each with one wrong
    // SIGNON for every seat and the master's: afterwards all seven players
    // and the master sign on with their passwords
    let mut g = Game::started();
    let seats: Vec<String> = common::game::SEATS.iter().map(|(_, _, l)| format!("SIGNON {l}demo wrong")).chain(["SIGNON Mdemo wrong".to_string()]).collect();
    for hour in 0..3 {
        for i in 0..5 {
            for (k, line) in seats.iter().enumerate() {
                g.send(&format!("throwaway{hour}-{i}-{k}@example.test"), line);
            }
        }
        // guessing stays at a handful of tries per seat an hour, whatever the number of senders
        let n = mailjudge::store::auth::lane_failures_since(g.w.db(), "#others", g.w.now - 3600, g.w.now).unwrap();
        assert!(n <= 8 * MAX_FAILED_SIGNONS_PER_HOUR, "{n}");
        let mut in_ = 0;
        for (who, pw, l) in common::game::SEATS {
            let (r, _) = g.send(&format!("{who}@example.test"), &format!("SIGNON {l}demo {pw}"));
            in_ += usize::from(r.contains("Signed on as"));
        }
        let (r, _) = g.send(common::game::GM, "SIGNON Mdemo gmpass");
        in_ += usize::from(r.contains("Signed on as the master"));
        assert_eq!(in_, 8, "hour {hour}: 7 of 7 players and the master");
        g.w.set_time(g.w.now + 3600);
    }
}

#[test]
fn guesses_forged_with_the_owners_own_address_lock_that_lane_and_the_owner_unlocks_in_one_round_trip() {
    let mut g = Game::started();
    let mut told = Vec::new();
    // one under the limit: nothing locked, nobody told
    for i in 0..MAX_FAILED_SIGNONS_PER_HOUR - 1 {
        let (r, sent) = g.send("p3@example.test", &format!("SIGNON Fdemo guess{i}"));
        assert!(r.contains("wrong password for France"), "try {i}: {r}");
        told.extend(sent.into_iter().filter(|m| m.subject.contains("refused for an hour") || m.subject.contains("unlock code")));
    }
    assert!(told.is_empty(), "{told:?}");
    // the limit: the owner's lane locks; the owner gets an unlock code, the master a notice
    let (_, sent) = g.send("p3@example.test", "SIGNON Fdemo guess-last");
    let unlock = sent.iter().find(|m| m.to == "p3@example.test" && m.subject.contains("unlock code")).expect("an unlock code").clone();
    assert!(sent.iter().any(|m| m.to == "gm@example.test" && m.subject.contains("refused for an hour")), "{sent:?}");
    assert!(!sent.iter().any(|m| m.to == "p3@example.test" && m.subject.contains("refused for an hour")));
    let code = unlock.body.lines().map(str::trim).find(|l| l.starts_with("UNLOCK ")).unwrap().split_whitespace().nth(1).unwrap().to_string();
    // past it: the right password with SET ADDRESS from the same forged From is refused
    let (r, sent) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nSET ADDRESS attacker@evil.example.org");
    assert!(r.contains("sign-ons from it are refused for a while") && r.contains("UNLOCK"), "{r}");
    assert!(sent.iter().all(|m| !m.subject.contains("refused for an hour")), "told once");
    assert_eq!(count(db::players(g.w.db()), |p| p.email == "attacker@evil.example.org"), 0, "the seat did not move");
    // the other lane is open: the guessers forged only the owner's address
    let (r, _) = g.send("elsewhere@example.test", "SIGNON Fdemo pw-three");
    assert!(r.contains("Signed on as France"), "{r}");
    // a wrong code opens nothing; the owner's code, with the sign-on, opens it at once, once
    let (r, _) = g.send("p3@example.test", "UNLOCK 000000000000\nSIGNON Fdemo pw-three");
    assert!(r.contains("that code opens no seat"), "{r}");
    let (r, _) = g.send("p3@example.test", &format!("UNLOCK {code}\nSIGNON Fdemo pw-three"));
    assert!(r.contains("Unlocked: sign-ons as France in game demo") && r.contains("Signed on as France"), "{r}");
    let (r, _) = g.send("p3@example.test", &format!("UNLOCK {code}"));
    assert!(r.contains("that code opens no seat"), "once: {r}");
    // unlock codes: at most three a day
    let mut codes = 0;
    for round in 0..5 {
        for i in 0..MAX_FAILED_SIGNONS_PER_HOUR {
            let (_, sent) = g.send("p3@example.test", &format!("SIGNON Fdemo r{round}g{i}"));
            codes += sent.iter().filter(|m| m.subject.contains("unlock code")).count();
        }
        g.w.set_time(g.w.now + 3601);
    }
    assert_eq!(codes, mailjudge::command::MAX_UNLOCK_CODES_PER_DAY - 1, "three a day, the first one included");
    // the master's password is a seat of its own, throttled the same way
    for i in 0..MAX_FAILED_SIGNONS_PER_HOUR {
        g.send("gm@example.test", &format!("SIGNON Mdemo guess{i}"));
    }
    let (r, _) = g.send("gm@example.test", "SIGNON Mdemo gmpass");
    assert!(r.contains("sign-ons from it are refused for a while"), "{r}");
}
