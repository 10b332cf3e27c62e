//! Consent (issue 34, part 1), by mail: every mail the judge queues passes
//! one gate (`context::gate`) that knows who consented. The other suites
//! play as a closed club on example.test; here the players and the
//! strangers live on other domains, where nobody consents until they answer
//! a code mailed to them.

use crate::common;
use common::game::{Game, flat};
use common::{Sent, reply};
use mailjudge::store::consent;
use std::collections::BTreeSet;

/// The code in a mail that offers or requests confirmation (`CONFIRM code`
/// on a line of its own).
fn code_in(body: &str) -> String {
    let line =
        body.lines().map(str::trim).find(|l| l.starts_with("CONFIRM ") && l.split_whitespace().count() == 2).unwrap_or_else(|| panic!("no code in {body}"));
    line.split_whitespace().nth(1).unwrap().to_string()
}

/// The distinct addresses (other than the keeper) of `sent`.
fn strangers(sent: &[Sent]) -> BTreeSet<String> {
    sent.iter().map(|m| m.to.to_ascii_lowercase()).filter(|a| a != common::game::KEEPER).collect()
}

/// Sends a mail and returns (the reply's raw body, everything sent).
fn send_raw(g: &mut Game, from: &str, body: &str) -> (String, Vec<Sent>) {
    let id = g.drop_mail(from, body);
    let (_, sent) = g.w.step();
    (reply(&sent, &id).body.clone(), sent)
}

fn held(g: &Game) -> i64 {
    consent::held_count(g.w.db(), i64::MAX).unwrap() as i64
}

fn requests(g: &Game) -> i64 {
    consent::requests_mailed(g.w.db()).unwrap() as i64
}

const PLAYERS: [&str; 7] = ["a@far.example", "b@far.example", "c@far.example", "d@far.example", "e@far.example", "f@far.example", "g@far.example"];

#[test]
fn a_game_made_in_strangers_names_leaves_each_with_one_small_mail() {
    let mut g = Game::empty();
    let mut all: Vec<Sent> = Vec::new();
    let (r, sent) = send_raw(&mut g, "victim@far.example", "CREATE ?rc secret standard");
    assert!(r.contains("CONFIRM "), "the reply offers a code: {r}");
    all.extend(sent);
    for (i, p) in PLAYERS.iter().enumerate() {
        let (_, sent) = send_raw(&mut g, p, &format!("SIGNON ?rc pw-{i}"));
        all.extend(sent);
    }
    assert_eq!(common::db::games_in(g.w.db(), "active"), 1, "the game started");
    // each stranger got its one reply, nothing else: the start notices are held
    for who in PLAYERS.iter().chain(["victim@far.example"].iter()) {
        let got: Vec<&Sent> = all.iter().filter(|m| m.to == *who).collect();
        assert_eq!(got.len(), 1, "{who}: {got:#?}");
        assert!(got[0].body.len() < 4000, "a small mail: {}", got[0].body.len());
    }
    assert!(held(&g) >= 8, "the start notices wait for consent");
    // a week later, what nobody confirmed is dropped (the phase's results,
    // new, are held in their turn)
    let start = g.w.now;
    g.w.set_time(start + 8 * 86_400);
    g.w.step();
    assert_eq!(consent::held_count(g.w.db(), start).unwrap(), 0);
    let given_up = common::db::count(common::db::outbox(g.w.db()), |m| m.gave_up.is_some() && m.body.is_empty() && m.created <= start);
    assert!(given_up >= 8, "{given_up}");
}

#[test]
fn a_player_who_confirms_gets_what_was_kept_and_plays_as_usual() {
    let mut g = Game::empty();
    let (r, _) = send_raw(&mut g, "gm@club.example", "CREATE ?rc secret standard");
    let (r, _) = send_raw(&mut g, "gm@club.example", &format!("CONFIRM {}", code_in(&r)));
    assert!(flat(&r).contains("Confirmed: gm@club.example gets this judge's mail from now on"), "{r}");
    let mut codes = Vec::new();
    for (i, p) in PLAYERS.iter().enumerate() {
        let (r, _) = send_raw(&mut g, p, &format!("SIGNON ?rc pw-{i}"));
        codes.push(code_in(&r));
    }
    assert_eq!(common::db::games_in(g.w.db(), "active"), 1);
    // the master consented: its start notice went; the players' are held
    let outbox = common::db::outbox(g.w.db());
    assert!(outbox.iter().any(|m| m.to_addr == "gm@club.example" && m.sent.is_some() && m.subject.contains("started")), "{outbox:#?}");
    // a wrong code confirms nothing
    let (r, sent) = send_raw(&mut g, PLAYERS[0], "CONFIRM 000000000000");
    assert!(flat(&r).contains("That code confirms nothing"), "{r}");
    assert_eq!(sent.len(), 1);
    // the first player confirms: its start notice comes with the reply
    let (r, sent) = send_raw(&mut g, PLAYERS[0], &format!("CONFIRM {}", codes[0]));
    assert!(flat(&r).contains("the 1 mail(s) kept for it are on their way"), "{r}");
    assert!(sent.iter().any(|m| m.to == PLAYERS[0] && m.subject.contains("started")), "{sent:#?}");
    // CONFIRM alone, once confirmed, says so; from another address it brings a code
    let (r, _) = send_raw(&mut g, PLAYERS[0], "CONFIRM");
    assert!(flat(&r).contains("has already confirmed"), "{r}");
    let (r, _) = send_raw(&mut g, "new@far.example", "CONFIRM");
    assert!(flat(&r).contains("Your code is at the end of this reply") && r.contains("CONFIRM "), "{r}");
}

#[test]
fn every_command_that_names_an_address_goes_through_the_gate() {
    // the commands that name an address (or make the sender's one a
    // recipient): each, from a sender who has not consented, naming
    // strangers, mails each stranger at most once, and each request is the
    // gate's (recorded in consent_requests)
    let mut g = Game::empty();
    let (r, _) = send_raw(&mut g, "gm@club.example", "CREATE ?rc secret standard");
    send_raw(&mut g, "gm@club.example", &format!("CONFIRM {}", code_in(&r)));
    send_raw(&mut g, "gm@club.example", "SIGNON Mrc secret\nSET PRIVATE joinkey");
    let commands: [(&str, &str, &[&str]); 6] = [
        ("INVITE", "SIGNON Mrc secret\nINVITE s1@far.example", &["s1@far.example"]),
        ("SET LIST", "SIGNON Mrc secret\nSET LIST s2@far.example", &["s2@far.example"]),
        ("CREATE list=", "CREATE ?rc2 secret standard list=s3@far.example", &["s3@far.example"]),
        ("OBSERVE", "OBSERVE rc", &[]),
        ("SIGNON ?game", "SIGNON ?rc pass1 joinkey", &[]),
        ("CREATE", "CREATE ?rc3 secret standard", &[]),
    ];
    for (i, (what, body, named)) in commands.iter().enumerate() {
        // INVITE and SET LIST are the master's: sent as the master (who
        // consented); the others from a stranger
        let from = if body.starts_with("SIGNON Mrc") { "gm@club.example".to_string() } else { format!("x{i}@far.example") };
        let before = requests(&g);
        let (_, sent) = send_raw(&mut g, &from, body);
        for s in named.iter() {
            let to: Vec<&Sent> = sent.iter().filter(|m| m.to == *s).collect();
            assert_eq!(to.len(), 1, "{what}: one request to {s}: {sent:#?}");
            assert!(to[0].body.contains("CONFIRM"), "{what}: {}", to[0].body);
        }
        if !named.is_empty() {
            assert_eq!(requests(&g), before + named.len() as i64, "{what}: recorded by the gate");
        }
        // nothing else reached anyone who has not consented
        for m in &sent {
            assert!(m.to == from || named.contains(&m.to.as_str()) || m.to == "gm@club.example", "{what}: {} got {}", m.to, m.subject);
        }
    }
    // SET ADDRESS from a seat: the new address gets one request, recorded
    let before = requests(&g);
    let (r, sent) = send_raw(&mut g, "p@club.example", "SIGNON ?rc pass2 joinkey\nSET ADDRESS s4@far.example");
    assert_eq!(sent.iter().filter(|m| m.to == "s4@far.example").count(), 1, "{r}");
    assert_eq!(requests(&g), before + 1);
    // asked again within the month: nothing goes, and the line says so
    g.w.set_time(g.w.now + 2 * 86_400);
    let (r, sent) = send_raw(&mut g, "gm@club.example", "SIGNON Mrc secret\nINVITE s1@far.example");
    assert!(flat(&r).contains("Nothing was sent to s1@far.example: it was asked lately"), "{r}");
    assert!(sent.iter().all(|m| m.to != "s1@far.example"));
}

#[test]
fn requests_are_limited_per_mail_sender_game_and_judge() {
    let mut g = Game::empty();
    let (r, _) = send_raw(&mut g, "gm@club.example", "CREATE ?rc secret standard");
    send_raw(&mut g, "gm@club.example", &format!("CONFIRM {}", code_in(&r)));
    send_raw(&mut g, "gm@club.example", "SIGNON Mrc secret\nSET PRIVATE k");
    // per mail: a consented sender's mail may cause 3, not 4
    let invite = |from: usize, n: usize| (from..from + n).map(|i| format!("INVITE i{i}@far.example")).collect::<Vec<_>>().join("\n");
    let (r, sent) = send_raw(&mut g, "gm@club.example", &format!("SIGNON Mrc secret\n{}", invite(0, 4)));
    assert_eq!(sent.iter().filter(|m| m.to.starts_with('i')).count(), 3, "{r}");
    assert!(flat(&r).contains("Nothing was sent to i3@far.example: 3 requests for confirmation are the most one mail may cause"), "{r}");
    // a sender who has not consented: its own reply counts, so 2
    let (r, sent) = send_raw(&mut g, "w@far.example", "CREATE ?w1 secret standard\nSET LIST l1@far.example\nSET LIST l2@far.example\nSET LIST l3@far.example");
    assert_eq!(strangers(&sent).len(), 3, "the sender and two lists: {r}");
    // per sender a day: 10 (3 + 3 + 3 + 1 more, then none)
    let (_, a) = send_raw(&mut g, "gm@club.example", &format!("SIGNON Mrc secret\n{}", invite(10, 3)));
    let (_, b) = send_raw(&mut g, "gm@club.example", &format!("SIGNON Mrc secret\n{}", invite(20, 3)));
    let (r, c) = send_raw(&mut g, "gm@club.example", &format!("SIGNON Mrc secret\n{}", invite(30, 3)));
    let n = [&a, &b, &c].iter().map(|s| s.iter().filter(|m| m.to.starts_with('i')).count()).sum::<usize>();
    assert_eq!(n, 7, "3 before, then 7 more make 10: {r}");
    assert!(flat(&r).contains("10 requests for confirmation are the most one sender's mail may cause in a day"), "{r}");
    // the next day the sender may ask again
    g.w.set_time(g.w.now + 86_401);
    let (_, d) = send_raw(&mut g, "gm@club.example", &format!("SIGNON Mrc secret\n{}", invite(40, 1)));
    assert_eq!(d.iter().filter(|m| m.to.starts_with('i')).count(), 1);
    // per game a day, and the whole judge an hour (set low to test at and past)
    g.w.daemon.judge.ctx.cfg.consent.requests_per_game_per_day = 2;
    let (r, e) = send_raw(&mut g, "gm@club.example", &format!("SIGNON Mrc secret\n{}", invite(50, 2)));
    assert_eq!(e.iter().filter(|m| m.to.starts_with('i')).count(), 1, "{r}");
    assert!(flat(&r).contains("2 requests for confirmation are the most a game may cause in a day"), "{r}");
    g.w.daemon.judge.ctx.cfg.consent.requests_per_game_per_day = 20;
    g.w.daemon.judge.ctx.cfg.consent.requests_per_hour = 3;
    let (r, f) = send_raw(&mut g, "gm@club.example", &format!("SIGNON Mrc secret\n{}", invite(60, 2)));
    assert_eq!(f.iter().filter(|m| m.to.starts_with('i')).count(), 1, "3 this hour: {r}");
    assert!(flat(&r).contains("3 requests for confirmation are the most this judge sends in an hour"), "{r}");
}

#[test]
fn ten_forged_mails_reach_at_most_thirty_strangers() {
    let mut g = Game::empty();
    let (r, _) = send_raw(&mut g, "gm@club.example", "CREATE ?rc secret standard");
    send_raw(&mut g, "gm@club.example", &format!("CONFIRM {}", code_in(&r)));
    let mut all = Vec::new();
    for i in 0..10 {
        let lists: String = (0..6).map(|k| format!("SET LIST t{i}-{k}@far.example\n")).collect();
        let body = format!("CREATE ?x{i} secret standard\n{lists}OBSERVE rc\nSIGNON ?rc pass1");
        let (_, sent) = send_raw(&mut g, &format!("forged{i}@far.example"), &body);
        let reached: BTreeSet<String> = strangers(&sent).into_iter().filter(|a| a != "gm@club.example").collect();
        assert!(reached.len() <= 3, "one mail: {reached:?}");
        all.extend(sent);
    }
    let reached: BTreeSet<String> = strangers(&all).into_iter().filter(|a| a != "gm@club.example").collect();
    assert!(reached.len() <= 30 && reached.len() >= 10, "{}", reached.len());
}

#[test]
fn replies_to_an_address_that_has_not_consented_stay_within_its_budget() {
    let mut g = Game::empty();
    let mut bytes = 0usize;
    let mut replies = 0;
    for _ in 0..40 {
        g.drop_mail("flood@far.example", "HELP");
        let (_, sent) = g.w.step();
        for m in sent.iter().filter(|m| m.to == "flood@far.example" && !m.subject.contains("no more mail")) {
            bytes += m.body.len();
            replies += 1;
        }
    }
    let limit = g.w.daemon.judge.ctx.cfg.consent.unconfirmed_reply_bytes_per_hour as usize;
    assert!(replies > 1 && bytes <= limit + 2_000, "{replies} replies, {bytes} bytes");
    assert!(replies < 40, "held back past the budget: {replies}");
    // an address that consents gets more
    let mut more = 0;
    for _ in 0..40 {
        g.drop_mail("p1@example.test", "HELP");
        let (_, sent) = g.w.step();
        more += sent.iter().filter(|m| m.to == "p1@example.test" && !m.subject.contains("no more mail")).count();
    }
    assert!(more > replies, "{more} against {replies}");
}

#[test]
fn a_closed_club_turns_consent_off_in_one_setting() {
    let mut g = Game::empty();
    g.w.daemon.judge.ctx.cfg.consent.required = false;
    let (r, _) = send_raw(&mut g, "gm@club.example", "CREATE ?rc secret standard");
    assert!(!r.contains("CONFIRM "), "{r}");
    let mut last = Vec::new();
    for (i, p) in PLAYERS.iter().enumerate() {
        last = send_raw(&mut g, p, &format!("SIGNON ?rc pw-{i}")).1;
    }
    assert!(last.iter().filter(|m| m.subject.contains("started")).count() >= 7, "{last:#?}");
    assert_eq!(held(&g), 0);
}

#[test]
fn the_keepers_server_proves_a_from_and_refuses_a_forged_one() {
    let mut g = Game::empty();
    g.w.daemon.judge.ctx.cfg.consent.authserv_id = "mx.keeper.example".into();
    let mail = |id: &str, from: &str, ar: &str, body: &str| {
        format!("{ar}From: {from}\r\nTo: {}\r\nSubject: x\r\nMessage-ID: <{id}@far.example>\r\n\r\n{body}\r\n", common::JUDGE).into_bytes()
    };
    // proven: the From consents, its game's mail is not held
    g.w.deliver_bytes(
        "m1",
        &mail(
            "m1",
            "gm@club.example",
            "Authentication-Results: mx.keeper.example; dkim=pass header.d=club.example; dmarc=pass\r\n",
            "CREATE ?rc secret standard",
        ),
    );
    let (_, sent) = g.w.step();
    let r = reply(&sent, "<m1@far.example>");
    assert!(!r.body.contains("CONFIRM "), "{}", r.body);
    assert_eq!(consent::of(g.w.db(), "gm@club.example").unwrap(), Some(consent::How::Proven));
    // the same header from another server, or below another one: nothing
    g.w.deliver_bytes("m2", &mail("m2", "x@club.example", "Authentication-Results: mx.other.example; dmarc=pass\r\n", "HELP"));
    g.w.deliver_bytes(
        "m3",
        &mail("m3", "y@club.example", "Authentication-Results: mx.relay.example; none\r\nAuthentication-Results: mx.keeper.example; dmarc=pass\r\n", "HELP"),
    );
    g.w.step();
    assert_eq!(consent::all(g.w.db()).unwrap().len(), 1);
    // dmarc=fail: not answered, nothing sent
    g.w.deliver_bytes(
        "m4",
        &mail("m4", "victim@far.example", "Authentication-Results: mx.keeper.example; dmarc=fail header.from=far.example\r\n", "CREATE ?rc9 secret standard"),
    );
    let (_, sent) = g.w.step();
    assert!(sent.iter().all(|m| m.to != "victim@far.example"), "{sent:#?}");
    assert!(common::db::outcome(g.w.db(), "<m4@far.example>").contains("dmarc=fail"));
    assert!(common::db::games(g.w.db()).iter().all(|x| x.name != "rc9"));
}

#[test]
fn the_keeper_allows_an_address_from_the_console() {
    let mut g = Game::empty();
    // the console runs on the system's clock
    g.w.set_time(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64);
    let cfg = g.w.dir.path().join("judge.toml");
    std::fs::write(&cfg, common::config_text(g.w.dir.path(), 1000)).unwrap();
    send_raw(&mut g, "gm@club.example", "CREATE ?rc secret standard");
    for (i, p) in PLAYERS.iter().enumerate() {
        send_raw(&mut g, p, &format!("SIGNON ?rc pw-{i}"));
    }
    let kept = held(&g);
    assert!(kept >= 8);
    let (code, out, err) = common::binary::run(&["address", "--config", cfg.to_str().unwrap(), "allow", "A@Far.Example"], "");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Confirmed: a@far.example") && out.contains("kept for it are on their way"), "{out}");
    assert_eq!(held(&g), kept - 1);
    let (_, out, _) = common::binary::run(&["address", "--config", cfg.to_str().unwrap(), "list"], "");
    assert!(out.contains("a@far.example\tallowed"), "{out}");
    let (code, _, _) = common::binary::run(&["address", "--config", cfg.to_str().unwrap(), "revoke", "a@far.example"], "");
    assert_eq!(code, 0);
    let (code, _, err) = common::binary::run(&["address", "--config", cfg.to_str().unwrap(), "allow", "not an address"], "");
    assert_ne!(code, 0, "{err}");
}
