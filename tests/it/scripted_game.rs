//! A whole game played by mail in Maildir mode, from the real `.eml` files in
//! tests/data/game (written by tools/make_game_mails.py): creation, seven
//! players joining (plain, HTML-only, multipart, base64, Latin-1 mail), orders in
//! many styles with typos the parser rejects with a suggestion, press, a forged
//! sign-on, a late player with a reminder, a late notice and the NMR default, a
//! retreat, builds and removals, a draw vote, HISTORY and SUMMARY.
//! The judge's replies and reports are read back from the outbox and asserted.

use crate::common;
use common::db::count;
use common::game::flat;
use common::script;
use common::*;
use mailjudge::timing::parse_date;

fn id(name: &str) -> String {
    format!("<{name}@example.test>")
}

fn p(n: u32) -> String {
    format!("p{n}@example.test")
}

fn has(s: &Sent, text: &str) {
    assert!(s.body.contains(text) || flat(&s.body).contains(&flat(text)), "mail to {} ({}) lacks {text:?}:\n{}", s.to, s.subject, s.body);
}

fn lacks(s: &Sent, text: &str) {
    assert!(!s.body.contains(text), "mail to {} ({}) should not contain {text:?}:\n{}", s.to, s.subject, s.body);
}

fn deadline(w: &World) -> i64 {
    db::game(w.db(), "demo").deadline.unwrap()
}

fn grace(w: &World) -> i64 {
    db::game(w.db(), "demo").grace_until.unwrap()
}

#[test]
fn seven_player_game_by_mail() {
    let t0 = parse_date("2026-11-23 12:00", chrono_tz::Tz::UTC, 1_790_000_000, false).unwrap();
    let mut w = World::new(t0);
    let mut everything: Vec<Sent> = Vec::new();

    // --- creation and joining
    w.deliver(script::CREATE);
    let (_, sent) = w.step();
    let r = reply(&sent, &id(script::CREATE));
    assert_eq!(r.to, "gm@example.test");
    assert_eq!(r.header("Auto-Submitted"), Some("auto-replied"));
    has(r, "Game demo created (Standard Diplomacy, 7 powers)");
    has(r, "Reports will also go to demo-list@example.test once someone there confirms");
    has(r, "A request with a code was mailed to demo-list@example.test.");
    lacks(r, "gmpass");
    // the list gets the request alone, and confirms it from there
    let to_list: Vec<&Sent> = sent.iter().filter(|s| s.to == "demo-list@example.test").collect();
    assert_eq!(to_list.len(), 1, "the request alone");
    let code = common::game::list_code(&sent, "demo-list@example.test");
    everything.extend(sent);
    let confirm = format!(
        "From: demo-list@example.test\r\nTo: judge@example.test\r\nSubject: Re: game demo\r\nMessage-ID: <list-confirm@example.test>\r\n\r\nCONFIRM demo {code}\r\n"
    );
    w.deliver_bytes("list-confirm", confirm.as_bytes());
    let (_, sent) = w.step();
    has(reply(&sent, "<list-confirm@example.test>"), "demo-list@example.test now gets game demo's results");
    everything.extend(sent);

    // the joins and the observer, all but Turkey's join
    for &name in &script::OPENING_OBSERVED[1..8] {
        w.deliver(name);
    }
    let (_, sent) = w.step();
    has(reply(&sent, &id(script::JOIN_AUSTRIA)), "You joined game demo (1 of 7 seats taken)");
    has(reply(&sent, &id(script::JOIN_AUSTRIA)), "Preference recorded: Austria.");
    has(reply(&sent, &id(script::JOIN_ENGLAND)), "Preference recorded: England."); // HTML-only mail
    has(reply(&sent, &id(script::JOIN_FRANCE)), "Preference recorded: France, Germany."); // multipart/alternative
    has(reply(&sent, &id(script::JOIN_GERMANY)), "Preference recorded: Germany."); // base64
    let italy = reply(&sent, &id(script::JOIN_ITALY)); // Latin-1, quoted-printable, with a signature
    has(italy, "Preference recorded: Italy.");
    lacks(italy, "Russia");
    has(reply(&sent, &id(script::OBSERVE)), "To observe game demo, reply with the confirmation line");
    has(reply(&sent, &id(script::JOIN_RUSSIA)), "(6 of 7 seats taken)");
    // the observer confirms with the code mailed to the address
    let confirm = sent.iter().find(|s| s.to == "obs@example.test" && s.subject == "Confirm: observe game demo").expect("confirmation mail");
    let line = confirm.body.lines().find(|l| l.trim_start().starts_with("OBSERVE demo ")).expect("confirmation line").trim().to_string();
    everything.extend(sent);
    w.deliver_bytes(
        "06b-confirm",
        format!("From: OBS <obs@example.test>\r\nTo: {JUDGE}\r\nSubject: yes\r\nMessage-ID: <06b-confirm@example.test>\r\n\r\n{line}\r\n").as_bytes(),
    );
    let (_, sent) = w.step();
    has(reply(&sent, "<06b-confirm@example.test>"), "You now observe game demo");
    everything.extend(sent);

    w.deliver(script::JOIN_TURKEY);
    let (_, sent) = w.step();
    has(reply(&sent, &id(script::JOIN_TURKEY)), "All seats are taken: the game has started. You are Turkey");
    for (n, power) in [(1, "Austria"), (2, "England"), (3, "France"), (4, "Germany"), (5, "Italy"), (6, "Russia"), (7, "Turkey")] {
        let notes: Vec<&Sent> = to(&sent, &p(n)).into_iter().filter(|s| s.subject.contains("has started")).collect();
        assert_eq!(notes.len(), 1, "start notice for p{n}");
        assert!(notes[0].subject.ends_with(&format!("you are {power}")), "{}", notes[0].subject);
    }
    assert!(to(&sent, "gm@example.test").iter().any(|s| s.subject == "Game demo has started"));
    let d_spring = deadline(&w);
    assert_eq!(mailjudge::timing::format_time(d_spring, chrono_tz::Tz::UTC), "Wed 25 Nov 2026 20:00 UTC");
    everything.extend(sent);

    // --- Spring 1901
    for name in script::SPRING {
        w.deliver(name);
    }
    let (_, sent) = w.step();
    let a = reply(&sent, &id(script::S01_AUSTRIA));
    has(a, "F TRI - ALB: accepted.");
    has(a, "Your orders are complete.");
    has(a, "Deadline: Wed 25 Nov 2026 20:00 UTC");
    let e = reply(&sent, &id(script::S01_ENGLAND));
    has(e, "F LON - NTH: accepted.");
    has(e, "F EDI - NWG: accepted.");
    has(e, "Press sent to France");
    lacks(e, "F LON - ENG"); // quoted reply text is not read
    let f = reply(&sent, &id(script::S01_FRANCE));
    has(f, "Error: ");
    has(f, "Burgundy (BUR)"); // the suggestion for the typo
    has(f, "A PAR - BUR: accepted.");
    lacks(f, "PIE"); // after the signature
    let g = reply(&sent, &id(script::S01_GERMANY));
    has(g, "A MUN - RUH: accepted.");
    has(g, "F KIE - HOL: accepted.");
    has(g, "Press sent to everyone");
    has(reply(&sent, &id(script::S01_ITALY)), "A VEN H: accepted."); // HTML-only
    let r1 = reply(&sent, &id(script::S01_RUSSIA));
    has(r1, "Still to order: F STP/SC");
    let forged = reply(&sent, &id(script::S01_FORGED));
    assert_eq!(forged.to, "evil@example.test");
    has(forged, "wrong password for France");
    has(forged, "not signed on");
    lacks(forged, "A PAR - BUR"); // never another player's orders
    // press: England to France only; Germany's broadcast to all but Germany; Turkey's grey press to Russia
    let press: Vec<&Sent> = sent.iter().filter(|s| s.subject.starts_with("Press in game demo")).collect();
    let to_france: Vec<&&Sent> = press.iter().filter(|s| s.to == p(3) && s.body.contains("Channel")).collect();
    assert_eq!(to_france.len(), 1);
    assert!(to_france[0].body.contains("From: England"));
    assert!(!press.iter().any(|s| s.body.contains("Channel") && s.to != p(3)));
    let broadcast: Vec<&&Sent> = press.iter().filter(|s| s.body.contains("Über alles")).collect();
    let mut got: Vec<&str> = broadcast.iter().map(|s| s.to.as_str()).collect();
    got.sort();
    assert_eq!(
        got,
        vec![
            "demo-list@example.test",
            "gm@example.test",
            "obs@example.test",
            "p1@example.test",
            "p2@example.test",
            "p3@example.test",
            "p5@example.test",
            "p6@example.test",
            "p7@example.test"
        ]
    );
    let grey: Vec<&&Sent> = press.iter().filter(|s| s.body.contains("Watch your back")).collect();
    assert_eq!(grey.len(), 1);
    assert_eq!(grey[0].to, p(6));
    assert!(grey[0].body.contains("Someone (anonymous)") && !grey[0].body.contains("Turkey"), "{}", grey[0].body);
    assert!(!sent.iter().any(|s| s.subject.contains("results")), "not processed while Russia's orders are missing");
    everything.extend(sent);

    w.deliver(script::S01_RUSSIA_AGAIN);
    let (step, sent) = w.step();
    assert_eq!(step.phases, 0, "processed during mail handling, not by the deadline");
    let r2 = reply(&sent, &id(script::S01_RUSSIA_AGAIN));
    has(r2, "A MOS - UKR: accepted.");
    lacks(r2, "A MOS H"); // the last order for a unit wins
    let reports: Vec<&Sent> = sent.iter().filter(|s| s.subject == "Game demo: Spring 1901 movement results").collect();
    let mut rcpt: Vec<&str> = reports.iter().map(|s| s.to.as_str()).collect();
    rcpt.sort();
    assert_eq!(
        rcpt,
        vec![
            "demo-list@example.test",
            "gm@example.test",
            "obs@example.test",
            "p1@example.test",
            "p2@example.test",
            "p3@example.test",
            "p4@example.test",
            "p5@example.test",
            "p6@example.test",
            "p7@example.test"
        ]
    );
    let rep = reports[0];
    for line in ["A PAR - BUR", "F KIE - HOL", "A MOS - UKR", "F STP/SC H", "Next phase: Fall 1901 movement"] {
        has(rep, line);
    }
    lacks(rep, "PIE");
    let list = reports.iter().find(|s| s.to == "demo-list@example.test").unwrap();
    assert!(list.header("List-Id").is_some_and(|l| l.contains("demo.example.test")), "{:?}", list.headers);
    // the list's mail says how to stop it, with the list's code (whoever reads the list may)
    let stop = format!("UNOBSERVE demo {code}");
    has(list, &stop);
    assert!(list.header("List-Unsubscribe").is_some_and(|l| l.contains(&stop.replace(' ', "%20"))), "{:?}", list.headers);
    // a player's results carry no such line
    lacks(reports.iter().find(|s| s.to == p(1)).unwrap(), "UNOBSERVE");
    everything.extend(sent);

    // --- Fall 1901: Austria is late
    for name in script::FALL {
        w.deliver(name);
    }
    let (_, sent) = w.step();
    has(reply(&sent, &id(script::F01_ENGLAND)), "could be North Africa, North Atlantic Ocean, North Sea,"); // an ambiguous abbreviation
    for name in script::FALL {
        has(reply(&sent, &id(name)), "Your orders are complete.");
    }
    assert!(!sent.iter().any(|s| s.subject.contains("results")));
    everything.extend(sent);
    let d = deadline(&w);
    w.set_time(d - 20 * 3600);
    let (_, sent) = w.step();
    let reminders: Vec<&Sent> = sent.iter().filter(|s| s.subject.starts_with("Reminder")).collect();
    assert_eq!(reminders.len(), 1, "{:#?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    assert_eq!(reminders[0].to, p(1));
    has(reminders[0], "Austria still has to order: A BOH, A GAL, F ALB");
    everything.extend(sent);
    // a second pass sends nothing new
    let (_, sent) = w.step();
    assert!(sent.is_empty(), "{sent:#?}");
    w.set_time(d + 3600);
    let (step, sent) = w.step();
    assert_eq!(step.phases, 0);
    let late: Vec<&Sent> = sent.iter().filter(|s| s.subject.contains("Late")).collect();
    let mut late_to: Vec<&str> = late.iter().map(|s| s.to.as_str()).collect();
    late_to.sort();
    // the late power, the master, and (the game is not quiet) every other player and the observer
    assert_eq!(
        late_to,
        vec![
            "gm@example.test",
            "obs@example.test",
            "p1@example.test",
            "p2@example.test",
            "p3@example.test",
            "p4@example.test",
            "p5@example.test",
            "p6@example.test",
            "p7@example.test"
        ]
    );
    assert!(late.iter().filter(|s| s.to != "p1@example.test").all(|s| flat(&s.body).contains("Orders missing from: Austria.")), "{late:#?}");
    everything.extend(sent);
    w.set_time(grace(&w) + 1);
    let (step, sent) = w.step();
    assert_eq!(step.phases, 1);
    let rep = sent.iter().find(|s| s.subject == "Game demo: Fall 1901 movement results" && s.to == p(3)).expect("fall report");
    has(rep, "No orders received from: Austria");
    has(rep, "A BOH H  (no order: the unit holds)");
    has(rep, "A RUH - BUR");
    // the result says which unit dislodged the French army, and so does the stored row
    has(rep, "A BUR H  (dislodged by German A RUH)");
    assert_eq!(count(db::phases(w.db()), |p| db::like(&p.stored.results, r#"%"by":{"power":"GERMANY","unit":"A RUH"}%"#)), 1);
    has(rep, "France     A BUR     may retreat to");
    has(rep, "Next phase: Fall 1901 retreats");
    everything.extend(sent);

    // --- Fall 1901 retreats
    w.deliver(script::R01_FRANCE);
    let (_, sent) = w.step();
    let f = reply(&sent, &id(script::R01_FRANCE));
    has(f, "may not retreat there (it may retreat to");
    has(f, "A BUR R PAR: accepted.");
    let rep = sent.iter().find(|s| s.subject == "Game demo: Fall 1901 retreats results" && s.to == p(1)).expect("retreat report");
    has(rep, "Next phase: Winter 1901 adjustments");
    has(rep, "Austria     2 centres   3 units  removes 1");
    has(rep, "France      5 centres   3 units  builds 2");
    everything.extend(sent);

    // --- Winter 1901
    for name in script::WINTER {
        w.deliver(name);
    }
    let (_, sent) = w.step();
    has(reply(&sent, &id(script::W01_AUSTRIA)), "A BOH D: accepted.");
    has(reply(&sent, &id(script::W01_ENGLAND)), "F EDI B: accepted.");
    let f = reply(&sent, &id(script::W01_FRANCE));
    has(f, "the centre is occupied");
    has(f, "A MAR B: accepted.");
    has(f, "F BRE B: accepted.");
    has(reply(&sent, &id(script::W01_ITALY)), "WAIVE: accepted.");
    let r = reply(&sent, &id(script::W01_RUSSIA));
    has(r, "needs a coast");
    has(r, "F STP/NC B: accepted.");
    let rep = sent.iter().find(|s| s.subject == "Game demo: Winter 1901 adjustments results" && s.to == "obs@example.test").expect("winter report");
    for line in ["A BOH D", "F EDI B", "A MAR B", "F BRE B", "A BER B", "F STP/NC B", "F ANK B", "Next phase: Spring 1902 movement"] {
        has(rep, line);
    }
    everything.extend(sent);

    // --- a draw
    for &name in &script::DRAWS[..6] {
        w.deliver(name);
    }
    let (_, sent) = w.step();
    has(reply(&sent, &id(script::DRAW_GERMANY)), "draws on this judge include every surviving power");
    assert!(!sent.iter().any(|s| s.subject.contains("is over")));
    everything.extend(sent);
    w.deliver(script::DRAW_TURKEY);
    let (_, sent) = w.step();
    has(
        reply(&sent, &id(script::DRAW_TURKEY)),
        "The game is over: Draw declared in Spring 1902 movement between Austria, England, France, Germany, Italy, Russia, Turkey.",
    );
    assert_eq!(sent.iter().filter(|s| s.subject == "Game demo is over").count(), 10);
    everything.extend(sent);

    // --- the archive
    w.deliver(script::HISTORY);
    let (_, sent) = w.step();
    let h = reply(&sent, &id(script::HISTORY));
    has(h, "Fall 1901 movement results");
    has(h, "Fall 1901 retreats results");
    has(h, "Winter 1901 adjustments results");
    lacks(h, "Spring 1901 movement results");
    has(h, "Summary of game demo");
    has(h, "1901");
    has(h, "1902");
    has(h, "Result: Draw declared");
    // the game is over: SUMMARY names who played (the observer may know now),
    // by their chosen names or powers: an address only for the game's own people
    has(h, "Played by:");
    has(h, "Austria: Austria");
    lacks(h, "p1@example.test");
    let revealed = h.file.clone();
    everything.extend(sent);

    // every mail answered exactly once; nobody's address or orders leak to another player
    for f in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/game")).unwrap() {
        let name = f.unwrap().file_name().to_string_lossy().trim_end_matches(".eml").to_string();
        reply(&everything, &id(&name));
    }
    // the master learns who plays what from the start notice
    let start = everything.iter().find(|s| s.to == "gm@example.test" && s.subject == "Game demo has started").expect("start notice to the master");
    for n in 1..=7 {
        has(start, &p(n));
    }
    // the end-of-game package reveals who played what, to everyone (the
    // observer and the list too: by names or powers, never an address), with
    // the record attached
    let package: Vec<&Sent> = everything.iter().filter(|s| s.subject == "Game demo: the final summary and the game's record").collect();
    assert_eq!(package.len(), 10, "7 players, the observer, the master, the list");
    for s in &package {
        has(s, "Played by:");
        for n in 1..=7 {
            lacks(s, &p(n));
        }
        has(s, "Result: Draw declared");
        assert_eq!(s.files.len(), 3, "the record attached, as text and as MILA JSON, and the centre chart's picture");
        let (name, ct, data) = &s.files[0];
        assert_eq!((name.as_str(), ct.as_str()), ("demo.txt", "text/plain"));
        let text = String::from_utf8_lossy(data);
        assert!(text.contains("Spring 1901 movement results") && text.contains("Winter 1901 adjustments results"), "{text}");
        let (name, ct, data) = &s.files[1];
        assert_eq!((name.as_str(), ct.as_str()), ("demo.json", "application/json"));
        let json: serde_json::Value = serde_json::from_slice(data).unwrap();
        assert_eq!(json["phases"][0]["name"], "S1901M");
        let (name, ct, data) = &s.files[2];
        assert_eq!((name.as_str(), ct.as_str()), ("demo-centres.svg", "image/svg+xml"));
        assert_eq!(String::from_utf8_lossy(data).matches("<polyline").count(), 7, "a line a power");
    }
    for s in everything.iter().filter(|s| !package.iter().any(|x| std::ptr::eq(*x, *s)) && s.file != revealed) {
        for n in 1..=7 {
            if s.to != p(n) && s.to != "gm@example.test" {
                assert!(!s.body.contains(&p(n)), "mail to {} reveals {}:\n{}", s.to, p(n), s.body);
            }
        }
        assert!(s.header("X-Loop") == Some(JUDGE));
    }
}

#[test]
fn the_script_names_every_mail_of_the_game_once() {
    let script = [
        &script::OPENING_OBSERVED[..],
        &script::SPRING,
        &[script::S01_RUSSIA_AGAIN],
        &script::FALL,
        &[script::R01_FRANCE],
        &script::WINTER,
        &script::DRAWS,
        &[script::HISTORY],
    ]
    .concat();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/game");
    let mut files: Vec<String> =
        std::fs::read_dir(&dir).unwrap().filter_map(|e| e.unwrap().file_name().to_str()?.strip_suffix(".eml").map(str::to_string)).collect();
    files.sort();
    assert_eq!(script, files);
}
