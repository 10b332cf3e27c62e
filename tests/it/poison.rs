//! Poison mail and poison games: nothing a sender writes, and no failure inside
//! the judge, may stop it. A mail whose handling fails or panics is rolled back
//! alone, kept, answered once with an apology naming no internals, and the
//! keeper is told; a game whose processing fails is set aside (paused, master
//! and keeper told) while the other games go on.

use crate::common;
use common::db::count;
use common::game::{GM, Game, KEEPER, flat};
use common::*;

fn mail(w: &World, n: &str, from: &str, body: &str) -> String {
    let id = format!("<{n}@example.test>");
    w.deliver_bytes(n, &mail_text(from, &id, "orders", "", body));
    id
}

fn boom(line: &str) {
    if line.contains("BOOM") {
        panic!("injected failure in the middle of a command");
    }
}

fn boom_demo(game: &str) {
    if game == "demo" {
        panic!("injected failure while adjudicating");
    }
}

#[test]
fn a_panicking_mail_is_rolled_back_alone_and_answered_once() {
    let mut w = Game::started_world();
    w.daemon.judge.ctx.hooks.before_command = Some(boom);
    let a = mail(&w, "m1", "p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    let b = mail(&w, "m2", "p4@example.test", "SIGNON Gdemo pw-four\nA MUN-RUH\nBOOM");
    let c = mail(&w, "m3", "p5@example.test", "SIGNON Idemo pw-five\nA VEN H");
    let (step, sent) = w.step();
    assert_eq!(step.mails, 3);
    // the mails before and after the poison one took effect
    assert!(flat(&reply(&sent, &a).body).contains("A PAR - BUR: accepted."));
    assert!(flat(&reply(&sent, &c).body).contains("A VEN H: accepted."));
    // the poison mail: one apology, no internals, none of its effects
    let r = &reply(&sent, &b).body;
    assert!(r.contains("internal error") && r.contains("Nothing in it took effect"), "{r}");
    for secret in ["panic", "injected", "database", "src/"] {
        assert!(!r.to_lowercase().contains(secret), "the apology shows `{secret}`: {r}");
    }
    assert_eq!(count(db::orders(w.db()), |o| o.text == "A MUN - RUH"), 0, "the failed mail's order was rolled back");
    assert_eq!(count(db::orders(w.db()), |o| ["A PAR - BUR", "A VEN H"].contains(&o.text.as_str()) && o.active), 2);
    // kept with the failure, and the keeper told what happened
    assert_eq!(count(db::mails(w.db()), |m| m.message_id == "<m2@example.test>" && db::like(&m.outcome, "failed:%")), 1);
    let k = to(&sent, KEEPER);
    assert_eq!(k.len(), 1, "{:?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    assert!(k[0].body.contains("injected failure"), "{}", k[0].body);
    // the mail left the inbox: the next pass does not read it again
    let (step, sent) = w.step();
    assert_eq!(step.mails, 0);
    assert!(sent.is_empty());
    // the database still opens and is consistent
    let (ok, broken) = db::integrity(w.db());
    assert_eq!(ok, "ok");
    assert_eq!(broken, 0);
}

#[test]
fn a_game_whose_processing_fails_is_set_aside_and_the_others_go_on() {
    let mut w = Game::started_world();
    // a second game, started too
    let mut n = 0;
    let mut send = |w: &mut World, from: &str, body: &str| {
        n += 1;
        mail(w, &format!("g2-{n}"), from, body);
        w.step()
    };
    send(&mut w, GM, "CREATE ?other pw-other");
    for i in 1..=7 {
        send(&mut w, &format!("q{i}@example.test"), &format!("SIGNON ?other pw-q{i}"));
    }
    assert_eq!(count(db::games(w.db()), |r| r.status.as_str() == "active"), 2);
    w.daemon.judge.ctx.hooks.before_process = Some(boom_demo);
    // both deadlines pass
    let deadline = db::games(w.db()).iter().filter_map(|g| g.grace_until).max().expect("a grace period");
    w.set_time(deadline + 1);
    let (step, sent) = w.step();
    assert_eq!(step.phases, 1, "the healthy game was processed");
    assert_eq!(db::game(w.db(), "other").seq, 2);
    assert_eq!(db::game(w.db(), "demo").seq, 1, "the failed processing left no trace");
    assert_eq!(i64::from(db::game(w.db(), "demo").paused), 1, "set aside");
    let gm: Vec<&Sent> = to(&sent, GM).into_iter().filter(|s| s.subject == "Game demo is paused").collect();
    assert_eq!(gm.len(), 1);
    assert!(!gm[0].body.contains("injected"), "the master is not shown internals: {}", gm[0].body);
    let k: Vec<&Sent> = to(&sent, KEEPER).into_iter().filter(|s| s.subject.contains("demo")).collect();
    assert_eq!(k.len(), 1);
    assert!(k[0].body.contains("injected failure while adjudicating"));
    // not tried again on every poll
    let (step, sent) = w.step();
    assert_eq!(step.phases, 0);
    assert!(sent.is_empty(), "{:?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    // once the cause is gone the master resumes and the game goes on
    w.daemon.judge.ctx.hooks.before_process = None;
    let id = mail(&w, "resume", GM, "SIGNON Mdemo gmpass\nRESUME\nPROCESS!");
    let (_, sent) = w.step();
    let r = flat(&reply(&sent, &id).body);
    assert!(r.contains("Spring 1901 movement processed"), "{r}");
}

#[test]
fn a_stored_row_that_cannot_be_read_is_an_apology_not_database_text() {
    let mut w = Game::started_world();
    raw::corrupt_settings(w.db(), "demo", r#"{"press": "loud"}"#);
    let id = mail(&w, "m1", "p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    let ok = mail(&w, "m2", "p9@example.test", "LIST");
    let (_, sent) = w.step();
    let r = &reply(&sent, &id).body;
    assert!(r.contains("internal error"), "{r}");
    assert!(!r.to_lowercase().contains("database") && !r.contains("loud") && !r.contains("Press"), "{r}");
    // other mail is still answered
    let _ = reply(&sent, &ok);
}

#[test]
fn an_unreadable_stored_order_sets_the_game_aside_instead_of_being_dropped() {
    let mut w = Game::started_world();
    let id = mail(&w, "o1", "p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    let (_, sent) = w.step();
    assert!(flat(&reply(&sent, &id).body).contains("A PAR - BUR: accepted."));
    // the row is damaged on disk: its typed record no longer reads
    raw::corrupt_order_records(w.db(), r#"{"order":"move","unit":{"type":"A","at":"PAR"},"to":"ATLANTIS"}"#);
    let t = db::only_game(w.db()).grace_until.unwrap() + 1;
    w.set_time(t);
    let (step, sent) = w.step();
    assert_eq!(step.phases, 0, "not processed with France's order silently left out");
    assert_eq!(i64::from(db::only_game(w.db()).paused), 1);
    let k: Vec<&Sent> = to(&sent, KEEPER).into_iter().filter(|s| s.subject.contains("set aside")).collect();
    assert_eq!(k.len(), 1);
    assert!(k[0].body.contains("A PAR - BUR") && k[0].body.contains("ATLANTIS"), "{}", k[0].body);
}

/// A stored rule option the rulebook refuses (the settings row damaged on
/// disk) is the judge's fault: the player who sends an order gets the
/// apology, never the rulebook's complaint as if their order were wrong, and
/// the keeper is told which game and which option.
#[test]
fn a_stored_rule_option_the_rules_refuse_is_an_apology_not_the_players_mistake() {
    let mut w = Game::started_world();
    common::raw::set_rule_option(&w.daemon.judge.conn, "demo", "paradox", "sideways");
    let id = mail(&w, "r1", "p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    let (_, sent) = w.step();
    let r = flat(&reply(&sent, &id).body);
    assert!(r.contains("internal error") && r.contains("Nothing in it took effect"), "{r}");
    assert!(!r.contains("Error:") && !r.contains("sideways") && !r.contains("paradox"), "{r}");
    assert_eq!(common::db::orders(&w.daemon.judge.conn).len(), 0, "the order was not taken");
    let outcome = common::db::outcome(&w.daemon.judge.conn, "<r1@example.test>");
    assert!(common::db::like(&outcome, "failed:%game demo%paradox%"), "{outcome}");
    let k = to(&sent, KEEPER);
    assert_eq!(k.len(), 1, "{:?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    assert!(k[0].body.contains("game demo") && k[0].body.contains("`sideways` is not a value of rule option `paradox`"), "{}", k[0].body);
}

/// A stored value the loader cannot read (a neutral power that names no
/// power of the map) stops the game's load: the player gets the apology,
/// nothing is taken, and the keeper is told the game, its row and the value.
#[test]
fn a_game_whose_stored_settings_name_no_power_is_the_judges_fault_naming_game_and_row() {
    let mut w = Game::started_world();
    common::raw::set_setting(&w.daemon.judge.conn, "demo", "neutral", r#"["NARNIA"]"#);
    let id = mail(&w, "n1", "p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    let (_, sent) = w.step();
    let r = flat(&reply(&sent, &id).body);
    assert!(r.contains("internal error") && r.contains("Nothing in it took effect"), "{r}");
    assert!(!r.contains("NARNIA"), "{r}");
    assert_eq!(common::db::orders(&w.daemon.judge.conn).len(), 0, "the order was not taken");
    let k = to(&sent, KEEPER);
    assert_eq!(k.len(), 1, "{:?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    let id = common::db::game_id(&w.daemon.judge.conn, "demo");
    assert!(k[0].body.contains(&format!("game demo (games row {id}): unknown power `NARNIA` in the stored settings")), "{}", k[0].body);
}

/// CREATE naming a variant nobody has is the sender's mistake, said with the
/// variants there are; a variant file in the judge's variants directory that
/// the engine cannot play is refused with why (issue 37: not "internal
/// error"), the file's path kept from the sender (the keeper's log has it).
#[test]
fn an_unknown_variant_is_refused_and_an_unplayable_variant_file_says_why() {
    let mut g = Game::with_variants(&[("broken", "this is = = not a map"), ("half", "name = \"half\"\n")]);
    let (r, _) = g.send(GM, "CREATE ?one gmpass nosuch");
    assert!(r.contains("Error: unknown variant `nosuch` (known: standard, original1958, 1885"), "{r}");
    assert!(!r.contains("internal error"), "{r}");
    let (r, sent) = g.send(GM, "CREATE ?two gmpass broken");
    assert!(r.contains("Error: variant `broken` cannot be played: its file says") && r.contains("TOML parse error at line 1"), "{r}");
    assert!(!r.contains("broken.toml") && !r.contains("Internal error"), "{r}");
    let (r, _) = g.send(GM, "CREATE ?three gmpass half");
    assert!(r.contains("Error: variant `half` cannot be played") && r.contains("missing field `start`"), "{r}");
    assert!(to(&sent, KEEPER).is_empty(), "a refusal, not the judge's fault");
    assert_eq!(common::db::games(&g.w.daemon.judge.conn).len(), 0);
}
