//! Roles and ownership (issue 34, part 3), by mail: what a co-master may
//! do is one table (`command::master::CO_MASTER_MAY`), played entry by
//! entry; a diary is its writer's, not the power's; a profile changes only
//! with proof that the mail comes from its address; and no address reaches
//! anyone but the game's own master, players and the keeper (WHOGAME, LIST,
//! SUMMARY, HISTORY, the end-of-game package, the exports).

use crate::common;
use common::game::{GM, Game, flat};
use common::{Sent, reply};
use mailjudge::command::master::{CO_MASTER_MAY, CoMaster};

/// `who` observes demo and the master makes it a co-master: the password mailed to it.
fn co_master(g: &mut Game, who: &str) -> String {
    g.observe(who);
    let (r, sent) = g.as_master(&format!("PROMOTE {who}"));
    assert!(r.contains(&format!("{who} is now a co-master of game demo")), "{r}");
    let mail = sent.iter().find(|s| s.to == who && s.subject == "Game demo: you are a co-master").expect("the co-master's mail");
    let line = mail.body.lines().find(|l| l.trim_start().starts_with("SIGNON *demo ")).unwrap();
    line.split_whitespace().nth(2).unwrap().to_string()
}

const CO: &str = "co@example.test";
const CO2: &str = "co2@example.test";

/// A started game with two co-masters (co and co2) and an observer (obs):
/// the game and co's password.
fn with_co_masters() -> (Game, String) {
    let mut g = Game::started();
    let pw = co_master(&mut g, CO);
    co_master(&mut g, CO2);
    g.observe("obs@example.test");
    (g, pw)
}

/// A line of each name of `CO_MASTER_MAY`, as a master would send it.
const EXAMPLES: &[(&str, &str)] = &[
    ("PROCESS", "PROCESS!"),
    ("PREDICT", "PREDICT"),
    ("PAUSE", "PAUSE"),
    ("RESUME", "RESUME"),
    ("BECOME", "BECOME France"),
    ("EJECT", "EJECT Turkey"),
    ("APPROVE", "APPROVE Turkey"),
    ("REJECT", "REJECT Turkey"),
    ("ROLLBACK", "ROLLBACK S1901M"),
    ("ROLLFORWARD", "ROLLFORWARD"),
    ("UNSTART", "UNSTART"),
    ("FORCE BEGIN", "FORCE BEGIN"),
    ("INVITE", "INVITE friend@example.test"),
    ("SET DEADLINE", "SET DEADLINE 2026-11-26 20:00"),
    ("SET GRACE", "SET GRACE 2026-11-27 20:00"),
    ("SET START", "SET START 2026-12-01"),
    ("SET CD", "SET CD Turkey"),
    ("SET NOCD", "SET NOCD Turkey"),
    ("SET TIMEZONE", "SET TIMEZONE Europe/Paris"),
    ("SET BLACKOUT", "SET BLACKOUT 2026-12-25"),
    ("SET NOBLACKOUT", "SET NOBLACKOUT"),
    ("SET COMMENT", "SET COMMENT run by two"),
    ("SET MANUAL", "SET MANUAL PROCESS"),
    ("SET AUTO", "SET AUTO PROCESS"),
    ("SET OPTION", "SET NO NMR"),
    ("SET MASTERPRESS", "SET ALL PRESS"),
    ("SET WATCH ALL PRESS", "SET WATCH ALL PRESS"),
    ("SET VARIANT", "SET VARIANT standard"),
    ("SET PASSWORD", "SET PASSWORD co-new-pw"),
    ("SET ADDRESS", "SET ADDRESS elsewhere@example.test"),
    ("PROMOTE", "PROMOTE obs@example.test"),
    ("DEMOTE", "DEMOTE co2@example.test"),
    ("EJECT CO-MASTER", "EJECT co2@example.test"),
    ("TERMINATE", "TERMINATE"),
    ("DECLARE DRAW", "DECLARE DRAW"),
    ("SET PRIVATE", "SET PRIVATE joinpw"),
    ("SET PUBLIC", "SET PUBLIC"),
    ("SET ANONYMOUS", "SET NO ANONYMOUS"),
    ("SET JOIN LIMITS", "SET DENY PLAYER spoiler@example.test"),
    ("SET NOLIST", "SET NOLIST"),
    ("SET MODERATED", "SET UNMODERATED"),
    ("SET SHOW", "SET SHOW"),
    ("SET REVEAL", "SET NO REVEAL"),
    ("SET SECRET", "SET SECRET"),
    ("BECOME MASTER", "BECOME MASTER"),
    ("SET LIST", "SET LIST other-list@example.test"),
    ("SET WEBHOOK", "SET NO WEBHOOK"),
];

/// What a command needs done first to have something to do (sent by the
/// master, or by `new@example.test` asking to take Turkey over).
const SETUP: &[(&str, &[&str])] = &[
    ("APPROVE", &["EJECT Turkey", "new: SIGNON ?demo newpass"]),
    ("REJECT", &["EJECT Turkey", "new: SIGNON ?demo newpass"]),
    ("ROLLBACK", &["PROCESS!"]),
    ("ROLLFORWARD", &["PROCESS!", "ROLLBACK S1901M"]),
    ("FORCE BEGIN", &["UNSTART"]),
    ("SET NOCD", &["SET CD Turkey"]),
];

/// Does what `name` needs first in `g`.
fn set_up(g: &mut Game, name: &str) {
    for line in SETUP.iter().filter(|(n, _)| *n == name).flat_map(|(_, l)| l.iter()) {
        match line.strip_prefix("new: ") {
            Some(l) => g.send("new@example.test", l),
            None => g.as_master(line),
        };
    }
}

fn example(name: &str) -> &'static str {
    EXAMPLES.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no example line for {name}")).1
}

/// What the reply says under the line `line` (from its echo on; a line
/// that ends in a password is echoed without it).
fn under<'a>(r: &'a str, line: &str) -> &'a str {
    let head = line.rsplit_once(' ').map_or(line, |(h, _)| h);
    let at = r.find(&format!("> {line}")).or_else(|| r.find(&format!("> {head} "))).unwrap_or_else(|| panic!("`{line}` is not echoed: {r}"));
    &r[at..]
}

/// The game as stored.
fn stored(g: &Game) -> String {
    format!("{:?}", g.row())
}

/// The game as stored, but for what is drawn at random (passwords' hashes, codes).
fn comparable(g: &Game) -> String {
    let mut row = g.row();
    row.master_hash.clear();
    for c in &mut row.settings.co_masters {
        c.pw_hash.clear();
    }
    row.settings.list_code = None;
    row.settings.join_hash = row.settings.join_hash.map(|_| "set".to_string());
    format!("{row:?}")
}

#[test]
fn every_entry_of_the_co_masters_table_has_its_example_and_no_more() {
    for (name, _) in CO_MASTER_MAY {
        example(name);
    }
    for (name, _) in EXAMPLES {
        assert!(CO_MASTER_MAY.iter().any(|(n, _)| n == name), "{name} is not in the table");
    }
}

#[test]
fn a_co_master_runs_what_the_table_allows_as_the_master_would() {
    for (name, _) in CO_MASTER_MAY.iter().filter(|(_, c)| *c == CoMaster::May) {
        let line = example(name);
        // the same line from the co-master in one game, from the master in another
        let (mut a, pw) = with_co_masters();
        set_up(&mut a, name);
        let (by_co, _) = a.send(CO, &format!("SIGNON *demo {pw}\n{line}"));
        let (mut b, _) = with_co_masters();
        set_up(&mut b, name);
        let (by_master, _) = b.as_master(line);
        // it did what it says, not a refusal of any kind
        assert!(!under(&by_co, line).contains("Error:"), "{name}: {by_co}");
        assert_eq!(under(&by_co, line), under(&by_master, line), "{name}: the co-master's reply is the master's");
        assert_eq!(comparable(&a), comparable(&b), "{name}: the same game after it");
    }
}

#[test]
fn a_co_master_is_refused_by_name_what_is_the_masters_alone() {
    let (mut g, pw) = with_co_masters();
    for (name, c) in CO_MASTER_MAY {
        let CoMaster::MasterOnly(why) = c else { continue };
        let line = example(name);
        let before = stored(&g);
        let (r, sent) = g.send(CO, &format!("SIGNON *demo {pw}\n{line}"));
        let why = mailjudge::report::say::master::master_only_why(*why);
        let said = format!("{name}: only the master of game demo may do that, not a co-master ({why})");
        assert!(under(&r, line).contains(&said), "{name}: {r}");
        assert_eq!(stored(&g), before, "{name}: nothing changed");
        assert!(sent.iter().all(|m| m.to == CO || m.to == common::game::KEEPER), "{name}: nothing mailed but the reply: {sent:#?}");
    }
    // the master may, each of them (on a game of its own: they change it)
    for (name, c) in CO_MASTER_MAY {
        let CoMaster::MasterOnly(_) = c else { continue };
        let (mut m, _) = with_co_masters();
        let (r, _) = m.as_master(example(name));
        assert!(!r.contains("not a co-master") && !r.contains("Error:"), "{name}: {r}");
    }
}

#[test]
fn a_co_masters_set_password_changes_its_own_and_never_the_masters() {
    let (mut g, pw) = with_co_masters();
    let hash = g.row().master_hash;
    let (r, sent) = g.send(CO, &format!("SIGNON *demo {pw}\n{}", example("SET PASSWORD")));
    assert!(r.contains("Your co-master password of game demo changed"), "{r}");
    assert_eq!(g.row().master_hash, hash, "the master's password is the master's");
    // the master hears of it
    assert!(sent.iter().any(|m| m.to == GM && m.body.contains("the co-master co@example.test")), "{sent:#?}");
    let (r, _) = g.as_master("PAUSE");
    assert!(r.contains("paused"), "the master's own password still opens: {r}");
    let (r, _) = g.send(CO, &format!("SIGNON *demo {pw}\nRESUME"));
    assert!(r.contains("wrong master password"), "the co-master's old password is gone: {r}");
    let (r, _) = g.send(CO, "SIGNON *demo co-new-pw\nRESUME");
    assert!(r.contains("resumes") || r.contains("resumed"), "{r}");
}

#[test]
fn a_co_master_cannot_lock_the_master_out_nor_remove_it() {
    let (mut g, pw) = with_co_masters();
    // wrong master passwords from the co-master's address count against its own seat
    for _ in 0..mailjudge::command::MAX_FAILED_SIGNONS_PER_HOUR + 1 {
        g.send(CO, "SIGNON Mdemo not-the-password\nPAUSE");
    }
    let (r, _) = g.send(CO, &format!("SIGNON *demo {pw}\nPAUSE"));
    assert!(!r.contains("Game demo paused"), "the co-master locked itself: {r}");
    let (r, _) = g.as_master("PAUSE");
    assert!(r.contains("paused"), "never the master: {r}");
    // the master's address and co-masters stay the master's
    let (r, _) = g.send(CO2, "SIGNON *demo x\nSET ADDRESS co2@example.test");
    assert!(r.contains("wrong master password"), "{r}");
    assert_eq!(g.row().master_email, GM);
    // the master ejects a co-master's address: it is no co-master any more
    let (r, _) = g.as_master("EJECT co2@example.test");
    assert!(r.contains("co2@example.test no longer gets the reports of game demo"), "{r}");
    assert_eq!(g.row().settings.co_masters.iter().map(|c| c.address.as_str()).collect::<Vec<_>>(), [CO]);
}

/// Sends a diary entry for the power with letter `l`, signed on by `from` with `pw`.
fn diary(g: &mut Game, from: &str, l: char, pw: &str, text: &str) -> String {
    g.send(from, &format!("SIGNON {l}demo {pw}\n{text}")).0
}

#[test]
fn a_diary_is_its_writers_and_goes_back_to_its_writer_alone() {
    let mut g = Game::started();
    g.observe("obs@example.test");
    let r = diary(&mut g, "p3@example.test", 'F', "pw-three", "DIARY\nthe first player's secret plan\nENDPRESS");
    assert!(r.contains("Diary entry 1 kept"), "{r}");
    diary(&mut g, "p3@example.test", 'F', "pw-three", "DIARY\nanother thought of p3\nENDPRESS");
    // France changes hands
    g.as_master("EJECT France");
    g.send("new@example.test", "SIGNON ?demo newpass");
    let (r, _) = g.as_master("APPROVE France");
    assert!(r.contains("now plays France"), "{r}");
    // the new player of France reads nothing of the one before
    let r = diary(&mut g, "new@example.test", 'F', "newpass", "DIARY LIST\nDIARY READ 1\nDIARY READ 2\nDIARY DELETE 1");
    assert!(r.contains("Your diary is empty."), "{r}");
    assert!(r.contains("your diary has no entry 1") && r.contains("your diary has no entry 2"), "{r}");
    assert!(!r.contains("secret plan") && !r.contains("another thought"), "{r}");
    let r = diary(&mut g, "new@example.test", 'F', "newpass", "DIARY\nthe new player's own note\nENDPRESS\nDIARY LIST\nDIARY READ 1");
    assert!(r.contains("Diary entry 1 kept"), "numbered from 1, their own: {r}");
    assert!(r.contains("the new player's own note") && !r.contains("secret plan"), "{r}");
    // the end: each writer gets their own entries, nobody else gets any
    let (_, sent) = g.as_master("TERMINATE");
    let diaries: Vec<&Sent> = sent.iter().filter(|m| m.subject == "Your diary of game demo").collect();
    assert_eq!(diaries.iter().map(|m| m.to.as_str()).collect::<Vec<_>>(), ["p3@example.test", "new@example.test"], "{sent:#?}");
    let first = &diaries[0].body;
    assert!(first.contains("the first player's secret plan") && first.contains("another thought of p3"), "{first}");
    assert!(!first.contains("the new player's own note"), "{first}");
    let second = &diaries[1].body;
    assert!(second.contains("the new player's own note"), "{second}");
    assert!(!second.contains("secret plan") && !second.contains("another thought"), "{second}");
    for m in sent.iter().filter(|m| m.subject != "Your diary of game demo") {
        assert!(!m.body.contains("secret plan") && !m.body.contains("own note"), "{} got a diary: {}", m.to, m.body);
    }
}

/// The lines of a REGISTER form's confirmation in `r` (the reply): its code.
fn register_code(r: &str) -> String {
    let at = r.find("Confirm: ").unwrap_or_else(|| panic!("no code in {r}"));
    r[at + "Confirm: ".len()..].split_whitespace().next().unwrap().to_string()
}

fn profile(g: &Game, mailbox: &str) -> Option<mailjudge::store::profiles::Profile> {
    mailjudge::store::profiles::of_mailbox(g.w.db(), mailbox).unwrap()
}

/// Sends a mail and returns the reply's flattened body and its addressee.
fn send_to_whom(g: &mut Game, from: &str, body: &str) -> (String, String) {
    let id = g.drop_mail(from, body);
    let (_, sent) = g.w.step();
    let m = reply(&sent, &id);
    (flat(&m.body), m.to.clone())
}

#[test]
fn a_first_profile_from_an_address_that_has_not_consented_waits_for_its_code() {
    let mut g = Game::empty();
    let (r, to) = send_to_whom(&mut g, "far@far.example", "REGISTER\nName: Faraway\nPublic: yes\nEND");
    assert_eq!(to, "far@far.example", "the code goes to the address alone");
    assert!(r.contains("Your form (Name: Faraway; public) waits: nothing is changed yet"), "{r}");
    assert!(r.contains("has not confirmed that it wants the judge's mail"), "{r}");
    let code = register_code(&r);
    assert_eq!(profile(&g, "far@far.example"), None);
    let (r, _) = g.send("other@example.test", "WHOIS Faraway");
    assert!(r.contains("no public profile"), "{r}");
    // a wrong code changes nothing; the right one puts the form in place, once
    let (r, _) = g.send("far@far.example", "REGISTER\nConfirm: 0123456789ab\nEND");
    assert!(r.contains("no registration from this address waits for that code"), "{r}");
    assert_eq!(profile(&g, "far@far.example"), None);
    let (r, _) = g.send("far@far.example", &format!("REGISTER\nConfirm: {code}\nEND"));
    assert!(r.contains("The form you sent before is confirmed. Registered as Faraway"), "{r}");
    assert_eq!(profile(&g, "far@far.example").map(|p| p.name), Some("Faraway".into()));
    let (r, _) = g.send("far@far.example", &format!("REGISTER\nConfirm: {code}\nEND"));
    assert!(r.contains("no registration from this address waits for that code"), "good once: {r}");
}

#[test]
fn a_forged_from_cannot_rewrite_a_profile_and_a_password_can() {
    let mut g = Game::started();
    // a first profile from an address that consents (the club's domain): at once
    let (r, _) = g.send("p3@example.test", "REGISTER\nName: Francis\nPublic: yes\nEND");
    assert!(r.contains("Registered as Francis"), "{r}");
    // a change with no password: it waits, its code in the reply to p3 (never to a forger)
    let (r, to) = send_to_whom(&mut g, "p3@example.test", "REGISTER\nName: Impostor\nPublic: yes\nEND");
    assert_eq!(to, "p3@example.test");
    assert!(r.contains("This address has a profile already, and a profile changes only with the password of a seat this address holds"), "{r}");
    assert_eq!(profile(&g, "p3@example.test").map(|p| p.name), Some("Francis".into()));
    // p3's password from another address proves nothing about p3's profile ...
    g.send("x@example.test", "REGISTER\nName: Xavier\nEND");
    let (r, _) = g.send("x@example.test", "SIGNON Fdemo pw-three\nREGISTER\nName: Xavier Two\nEND");
    assert!(r.contains("waits: nothing is changed yet"), "not x's seat: {r}");
    assert_eq!(profile(&g, "x@example.test").map(|p| p.name), Some("Xavier".into()));
    // ... and from p3's own address it does: the change is at once
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nREGISTER\nName: Francis the Second\nEND");
    assert!(r.contains("Registered as Francis the Second"), "{r}");
    assert_eq!(profile(&g, "p3@example.test").map(|p| p.name), Some("Francis the Second".into()));
    // the master's password, from the master's address, proves it too
    g.send(GM, "REGISTER\nName: Game Master\nEND");
    let (r, _) = g.as_master("REGISTER\nName: The Master\nEND");
    assert!(r.contains("Registered as The Master"), "{r}");
    // the waiting Impostor form was replaced by nothing: its code is for the last form only
    assert_eq!(profile(&g, "p3@example.test").map(|p| p.name), Some("Francis the Second".into()));
}

#[test]
fn a_first_profile_from_an_address_that_has_not_consented_takes_effect_with_its_seats_password() {
    let mut g = Game::empty();
    g.send("gm@far.example", "CREATE ?rc secret standard");
    let (r, _) = g.send("gm@far.example", "SIGNON Mrc secret\nREGISTER\nName: Far Master\nEND");
    assert!(r.contains("Registered as Far Master"), "{r}");
    assert_eq!(profile(&g, "gm@far.example").map(|p| p.name), Some("Far Master".into()));
}

/// The addresses on example.test in `text` other than the judge's and `me`'s.
fn others_addresses(text: &str, me: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("@example.test") {
        let start = text[..i].rfind(|c: char| !(c.is_ascii_alphanumeric() || "._+-".contains(c))).map_or(0, |j| j + 1);
        let addr = text[start..i + "@example.test".len()].to_ascii_lowercase();
        if addr != common::JUDGE && addr != me && !out.contains(&addr) {
            out.push(addr);
        }
    }
    out
}

fn no_addresses(text: &str, me: &str, what: &str) {
    let found = others_addresses(text, me);
    assert!(found.is_empty(), "{what} shows {found:?} to {me}: {text}");
}

#[test]
fn no_address_reaches_anyone_outside_the_game_during_it_or_after() {
    let mut g = Game::started();
    g.observe("obs@example.test");
    co_master(&mut g, CO);
    g.as_power('F', "SET NAME Marianne");
    g.as_power('F', "BROADCAST\nGreetings from Paris.\nENDPRESS");
    g.as_master("PROCESS!");
    // Turkey changes hands
    g.as_master("EJECT Turkey");
    g.send("new@example.test", "SIGNON ?demo newpass");
    g.as_master("APPROVE Turkey");
    g.as_master("SET NO ANONYMOUS");
    let stranger = "stranger@example.test";
    let observer = "obs@example.test";
    for who in [stranger, observer] {
        let (r, _) = g.send(who, "WHOGAME demo");
        assert!(r.contains("France: Marianne") && r.contains("Turkey: Turkey"), "{r}");
        assert!(r.contains("are shown only to its master, co-masters and players"), "{r}");
        no_addresses(&r, who, "WHOGAME");
        let (r, _) = g.send(who, "LIST demo\nLIST FULL\nSUMMARY demo\nHISTORY demo");
        assert!(r.contains("Co-masters: 1") && r.contains("France: Marianne"), "{r}");
        no_addresses(&r, who, "LIST, SUMMARY, HISTORY");
    }
    // the game's own people see the addresses
    let (r, _) = g.as_power('A', "WHOGAME demo\nSUMMARY demo\nLIST demo");
    assert!(r.contains("p3@example.test") && r.contains("new@example.test") && r.contains("Co-masters: co@example.test"), "{r}");
    // the end: the package to the observer and the list names no one by address
    let (_, sent) = g.as_master("TERMINATE");
    for to in [observer, "demo-list@example.test"] {
        let package: Vec<&Sent> = sent.iter().filter(|m| m.to == to).collect();
        assert!(package.iter().any(|m| m.body.contains("Played by:")), "{to}: {sent:#?}");
        for m in package {
            no_addresses(&m.body, to, "the end-of-game package");
            for (name, _, bytes) in &m.files {
                if name.ends_with(".txt") || name.ends_with(".json") || name.ends_with(".svg") {
                    no_addresses(&String::from_utf8_lossy(bytes), to, name);
                }
            }
        }
    }
    for who in [stranger, observer] {
        let (r, _) = g.send(who, "WHOGAME demo\nSUMMARY demo\nHISTORY demo\nLIST FULL");
        assert!(r.contains("France: Marianne"), "{r}");
        no_addresses(&r, who, "after the game");
    }
    // all the press after the game, signed by powers
    let (r, _) = g.send(stranger, "HISTORY demo PRESS");
    assert!(r.contains("Greetings from Paris"), "{r}");
    no_addresses(&r, stranger, "HISTORY PRESS");
    // the exports
    let cfg = g.w.dir.path().join("judge.toml");
    std::fs::write(&cfg, common::config_text(g.w.dir.path(), 1000)).unwrap();
    let cfg = cfg.to_str().unwrap();
    for format in ["text", "mila", "njudge"] {
        let (code, out, err) = common::binary::run(&["export", "--config", cfg, "demo", "--format", format], "");
        assert_eq!(code, 0, "{format}: {err}");
        assert!(out.len() > 100, "{format}: {out}");
        no_addresses(&out, "", &format!("export --format {format}"));
    }
    let site = g.w.dir.path().join("site");
    let (code, _, err) = common::binary::run(&["export", "--config", cfg, "demo", "--format", "html", "-o", site.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let mut pages = 0;
    for f in std::fs::read_dir(&site).unwrap() {
        let path = f.unwrap().path();
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).to_string();
        no_addresses(&text, "", &path.display().to_string());
        pages += 1;
    }
    assert!(pages > 3, "{pages}");
}
