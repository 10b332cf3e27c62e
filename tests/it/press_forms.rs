//! Press as njudge players write it (njudge's `data/press`), with nothing
//! leaking: every recipient form reaches exactly njudge's recipients (the
//! players, the observers and the game's list, the master) and no one else;
//! PRESS with no recipients sends nothing; the game's press options (white
//! and grey, fakes, postal press, the master's copies) as njudge's SET words
//! say; a press or diary header's block is never read as orders; a diary is
//! its power's alone and comes back to its player at the end.

use crate::common;
use common::game::*;
use common::*;
use mailjudge::command::diary::{MAX_DIARY_BYTES, MAX_DIARY_ENTRIES};
use std::collections::BTreeSet;

const ENGLAND: i64 = 1;
const FRANCE_ON: &str = "SIGNON Fdemo pw-three";
const ENGLAND_ON: &str = "SIGNON Edemo pw-two";
const MASTER_ON: &str = "SIGNON Mdemo gmpass";
const OBSERVER: &str = "watcher@example.test";
const LIST: &str = "demo-list@example.test";

fn p(n: usize) -> String {
    format!("p{n}@example.test")
}

/// The addresses, sorted.
fn set(addrs: &[&str]) -> BTreeSet<String> {
    addrs.iter().map(|a| a.to_string()).collect()
}

/// The players `ns` (p1 Austria ... p7 Turkey) and `others`.
fn players_and(ns: &[usize], others: &[&str]) -> BTreeSet<String> {
    ns.iter().map(|&n| p(n)).chain(others.iter().map(|a| a.to_string())).collect()
}

/// The press mails among `sent`.
fn press(sent: &[Sent]) -> Vec<&Sent> {
    sent.iter().filter(|s| s.subject.starts_with("Press in game demo")).collect()
}

/// Who got press among `sent`.
fn got_press(sent: &[Sent]) -> BTreeSet<String> {
    press(sent).iter().map(|s| s.to.clone()).collect()
}

/// The started game with a confirmed observer (and its confirmed list).
fn observed() -> Game {
    observed_with_code().0
}

/// The same, and the observer's code.
fn observed_with_code() -> (Game, String) {
    let mut g = Game::started();
    let (_, sent) = g.send(OBSERVER, "OBSERVE demo");
    let c = sent.iter().find(|s| s.to == OBSERVER && s.subject == "Confirm: observe game demo").expect("a confirmation");
    let line = c.body.lines().find(|l| l.trim_start().starts_with("OBSERVE demo ")).unwrap().trim().to_string();
    let (r, _) = g.send(OBSERVER, &line);
    assert!(r.contains("You now observe game demo") && r.contains("SIGNON Odemo code signs you on as an observer"), "{r}");
    let code = line.split_whitespace().nth(2).unwrap().to_string();
    (g, code)
}

/// Sends `header`, a line and ENDPRESS from France; the reply and who got press.
fn from_france(g: &mut Game, header: &str) -> (String, BTreeSet<String>) {
    let (r, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\n{header}\nA word from Paris.\nENDPRESS"));
    (r, got_press(&sent))
}

#[test]
fn every_recipient_form_reaches_exactly_njudges_recipients() {
    let mut g = observed();
    let everyone_but_france = players_and(&[1, 2, 4, 5, 6, 7], &[GM, OBSERVER, LIST]);
    for (header, want) in [
        ("PRESS TO E", set(&["p2@example.test"])),
        ("BROADCAST TO E", set(&["p2@example.test"])),
        ("press +eg", players_and(&[2, 4], &[])),
        ("PRESS TO EM", players_and(&[2], &[GM])),
        ("BROADCAST", everyone_but_france.clone()),
        ("PRESS TO ALL", everyone_but_france.clone()),
        ("BROADCAST GREY", everyone_but_france.clone()),
        ("PRESS TO ALL BUT G", players_and(&[1, 2, 5, 6, 7], &[GM, OBSERVER, LIST])),
        ("PRESS -GO", players_and(&[1, 2, 5, 6, 7], &[GM])),
        ("PRESS TO ALL BUT OM", players_and(&[1, 2, 4, 5, 6, 7], &[])),
        ("PRESS TO O", set(&[OBSERVER, LIST])),
        ("PRESS TO M", set(&[GM])),
        ("PRESS TO MASTER", set(&[GM])),
    ] {
        let (r, got) = from_france(&mut g, header);
        assert!(r.contains("Press sent to"), "{header}: {r}");
        assert_eq!(got, want, "{header}");
    }
    // the header names the recipients, the sender among them if written so
    let (_, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS -GO\nhello\nENDPRESS"));
    assert!(press(&sent)[0].body.contains("To: Austria, England, France, Italy, Russia, Turkey, the master"), "{}", press(&sent)[0].body);
    // no recipients, or none but the sender, or a letter that is no one's: nothing goes
    for (header, why) in [
        ("PRESS", "PRESS needs its recipients"),
        ("PRESS GREY", "PRESS needs its recipients"),
        ("PRESS TO F", "names no one but you"),
        ("PRESS TO EX", "`X` in the list of recipients is no power's letter"),
        ("PRESS TO", "the list of recipients is missing"),
        ("PRESS TO ALL BUT", "the list of recipients is missing"),
        ("PRESS -AEFGIRTOM", "names no one but you"),
    ] {
        let (r, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\n{header}\nA PAR-BUR\nENDPRESS"));
        assert!(r.contains(why) && r.contains("nothing was sent, and none of its lines was read as a command"), "{header}: {r}");
        assert!(press(&sent).is_empty(), "{header}: press went out");
    }
    assert!(g.orders(2).is_empty(), "no line of a refused press is an order");
    // several press blocks in one mail, commands between them, SIGNOFF ends the last
    let (r, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS TO E\none\nENDBROADCAST\nA MAR H\nBROADCAST TO G\ntwo\nSIGNOFF\nA PAR-BUR"));
    assert_eq!(got_press(&sent), players_and(&[2, 4], &[]), "{r}");
    assert_eq!(g.orders(2), ["A MAR H"], "nothing after SIGNOFF is read: {r}");
}

#[test]
fn the_master_always_presses_and_reads_all_partial_press_when_set() {
    let mut g = observed();
    let (r, sent) = g.send(GM, &format!("{MASTER_ON}\nSET NO PRESS\nBROADCAST\nThe master speaks.\nENDPRESS\nPRESS TO E\nTo England.\nENDPRESS"));
    assert!(r.contains("Press: none."), "{r}");
    let all: BTreeSet<String> = players_and(&[1, 2, 3, 4, 5, 6, 7], &[OBSERVER, LIST]);
    let broadcast: BTreeSet<String> = press(&sent).iter().filter(|s| s.body.contains("The master speaks.")).map(|s| s.to.clone()).collect();
    assert_eq!(broadcast, all, "{r}");
    assert_eq!(press(&sent).iter().filter(|s| s.body.contains("To England.")).map(|s| s.to.as_str()).collect::<Vec<_>>(), ["p2@example.test"]);
    // in a no-press game, press to the master alone goes
    let (r, got) = from_france(&mut g, "BROADCAST");
    assert!(r.contains("this is a no-press game") && got.is_empty(), "{r}");
    let (_, got) = from_france(&mut g, "PRESS TO M GREY");
    assert_eq!(got, set(&[GM]));
    // SET ALL PRESS: a copy of partial press to the master; SET NORMAL PRESS: none
    let (r, _) = g.send(GM, &format!("{MASTER_ON}\nSET WHITE\nSET ALL PRESS"));
    assert!(r.contains("The master gets a copy of all partial press."), "{r}");
    let (_, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS TO E\nPssst.\nENDPRESS"));
    assert_eq!(got_press(&sent), players_and(&[2], &[GM]));
    let copy = press(&sent).into_iter().find(|s| s.to == GM).unwrap();
    assert!(copy.body.contains("From: France") && copy.body.contains("To: England"), "{}", copy.body);
    g.send(GM, &format!("{MASTER_ON}\nSET NORMAL PRESS"));
    let (_, got) = from_france(&mut g, "PRESS TO E");
    assert_eq!(got, set(&["p2@example.test"]));
}

#[test]
fn observers_press_as_the_observer_option_says() {
    let (mut g, code) = observed_with_code();
    let on = format!("SIGNON Odemo {code}");
    let (r, sent) = g.send(
        OBSERVER,
        "SIGNON Odemo 000000000000
PRESS TO M
x
ENDPRESS",
    );
    assert!(r.contains("that is not the code of an observer of game demo") && press(&sent).is_empty(), "{r}");
    // any (the default): as players
    let (r, sent) = g.send(
        OBSERVER,
        &format!(
            "{on}
PRESS TO E
From the gallery.
ENDPRESS
BROADCAST
Hello all.
ENDPRESS"
        ),
    );
    assert!(r.contains("Signed on to game demo as an observer."), "{r}");
    let to_england: Vec<&Sent> = press(&sent).into_iter().filter(|s| s.body.contains("From the gallery.")).collect();
    assert_eq!(to_england.iter().map(|s| s.to.as_str()).collect::<Vec<_>>(), ["p2@example.test"]);
    assert!(to_england[0].body.contains("From: An observer"), "{}", to_england[0].body);
    let all: BTreeSet<String> = press(&sent).iter().filter(|s| s.body.contains("Hello all.")).map(|s| s.to.clone()).collect();
    assert_eq!(all, players_and(&[1, 2, 3, 4, 5, 6, 7], &[GM, LIST]), "everyone but the observer itself");
    let (r, _) = g.send("p4@example.test", "HISTORY demo PRESS");
    assert!(flat(&r).contains("From: An observer") && r.contains("Hello all.") && !r.contains("From the gallery."), "{r}");
    // an observer orders for no power and keeps no diary
    let (r, _) = g.send(
        OBSERVER,
        &format!(
            "{on}
A PAR-BUR
DIARY
x
ENDPRESS"
        ),
    );
    assert!(r.contains("an observer plays no power") && r.contains("a diary is kept by a power's player"), "{r}");
    // none: to the master only
    g.send(
        GM,
        &format!(
            "{MASTER_ON}
SET OBSERVER NO PRESS"
        ),
    );
    let (r, sent) = g.send(
        OBSERVER,
        &format!(
            "{on}
BROADCAST
x
ENDPRESS
PRESS TO M
y
ENDPRESS"
        ),
    );
    assert!(r.contains("observers of this game may not send this press"), "{r}");
    assert_eq!(got_press(&sent), set(&[GM]));
    // white: never grey
    g.send(
        GM,
        &format!(
            "{MASTER_ON}
SET OBSERVER WHITE"
        ),
    );
    let (r, sent) = g.send(
        OBSERVER,
        &format!(
            "{on}
PRESS TO E GREY
x
ENDPRESS"
        ),
    );
    assert!(r.contains("anonymous (grey) press is not allowed") && press(&sent).is_empty(), "{r}");
    // partial: observers may press to some even where players may not
    g.send(
        GM,
        &format!(
            "{MASTER_ON}
SET NO PARTIAL
SET OBSERVER PARTIAL"
        ),
    );
    let (_, sent) = g.send(
        OBSERVER,
        &format!(
            "{on}
PRESS TO E
x
ENDPRESS"
        ),
    );
    assert_eq!(got_press(&sent), set(&["p2@example.test"]));
    let (r, got) = from_france(&mut g, "PRESS TO E");
    assert!(r.contains("this game has no partial press") && got.is_empty(), "{r}");
    g.send(
        GM,
        &format!(
            "{MASTER_ON}
SET OBSERVER ANY"
        ),
    );
    let (r, sent) = g.send(
        OBSERVER,
        &format!(
            "{on}
PRESS TO E
x
ENDPRESS"
        ),
    );
    assert!(r.contains("this game has no partial press") && press(&sent).is_empty(), "{r}");
}

#[test]
fn grey_and_white_as_the_games_press_words_say() {
    let mut g = Game::started();
    let from =
        |sent: &[Sent], to: &str| press(sent).into_iter().find(|s| s.to == to).map(|s| s.body.lines().find(|l| l.starts_with("From: ")).unwrap().to_string());
    // njudge's SET GREY: grey only; press to the master always signed
    let (r, _) = g.send(GM, &format!("{MASTER_ON}\nSET GREY\nLIST demo"));
    assert!(flat(&r).contains("Press: Grey, Partial Allowed, No Fake;"), "{r}");
    let (_, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS TO EM\nhi\nENDPRESS"));
    assert_eq!(from(&sent, "p2@example.test").as_deref(), Some("From: Someone (anonymous)"));
    let (_, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS TO M GREY\nhi\nENDPRESS"));
    assert_eq!(from(&sent, GM).as_deref(), Some("From: France"));
    let (r, got) = from_france(&mut g, "PRESS TO E WHITE");
    assert!(r.contains("this game allows only anonymous (grey) press") && got.is_empty(), "{r}");
    // SET WHITE: no grey
    g.send(GM, &format!("{MASTER_ON}\nSET WHITE"));
    let (r, got) = from_france(&mut g, "PRESS TO E ANONYMOUSLY");
    assert!(r.contains("anonymous (grey) press is not allowed") && got.is_empty(), "{r}");
    // SET GREY/WHITE: grey unless WHITE; SET WHITE/GREY: white unless GREY
    let (r, _) = g.send(GM, &format!("{MASTER_ON}\nSET GREY/WHITE PRESS\nLIST demo"));
    assert!(flat(&r).contains("Press: Grey/White,"), "{r}");
    let (_, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS TO E\nhi\nENDPRESS\nPRESS TO G UNANONYMOUSLY\nhi\nENDPRESS"));
    assert_eq!(from(&sent, "p2@example.test").as_deref(), Some("From: Someone (anonymous)"));
    assert_eq!(from(&sent, "p4@example.test").as_deref(), Some("From: France"));
    g.send(GM, &format!("{MASTER_ON}\nSET WHITE/GREY"));
    let (_, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS TO E\nhi\nENDPRESS\nPRESS TO G GRAY\nhi\nENDPRESS"));
    assert_eq!(from(&sent, "p2@example.test").as_deref(), Some("From: France"));
    assert_eq!(from(&sent, "p4@example.test").as_deref(), Some("From: Someone (anonymous)"));
    // SET NO PARTIAL: broadcasts (and press to the master) only
    g.send(GM, &format!("{MASTER_ON}\nSET NO PARTIAL PRESS"));
    let (r, got) = from_france(&mut g, "PRESS TO ALL BUT G");
    assert!(r.contains("this game has no partial press") && got.is_empty(), "{r}");
    let (_, got) = from_france(&mut g, "PRESS TO M");
    assert_eq!(got, set(&[GM]));
    // CREATE's words
    let g = Game::started_with("press=grey/white fake=may postalpress=yes masterpress=all observer=white");
    let (r, _) = {
        let mut g = g;
        g.send(GM, "LIST demo")
    };
    assert!(flat(&r).contains("Press: Grey/White, Partial Allowed, Partial may be Faked, Observer white, PostalPress, Master reads all press;"), "{r}");
}

#[test]
fn njudges_list_of_press_settings_on_one_line() {
    let mut g = Game::started();
    // njudge's own example (data/press): grey, and partial press faked as broadcasts
    let (r, _) = g.send(GM, &format!("{MASTER_ON}\nSET GREY, PARTIAL FAKES BROADCAST\nLIST demo"));
    assert!(flat(&r).contains("Press: Grey, Partial Allowed, Partial Fakes Broadcast;"), "{r}");
    let (_, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS TO E\nhi\nENDPRESS"));
    let e = press(&sent).into_iter().find(|s| s.to == "p2@example.test").expect("England's copy").body.clone();
    assert!(e.contains("From: Someone (anonymous)") && e.contains("To: everyone (broadcast)"), "{e}");
    let (r, _) = g.send(GM, &format!("{MASTER_ON}\nSET WHITE, NO PARTIAL, OBSERVER NONE\nLIST demo"));
    assert!(flat(&r).contains("Press: White, No Partial, Partial Fakes Broadcast, Observer none;"), "{r}");
    // the master's alone: a player's list is refused whole
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE_ON}\nSET GREY, PARTIAL\nLIST demo"));
    assert!(flat(&r).contains("Press: White, No Partial, Partial Fakes Broadcast, Observer none;"), "{r}");
}

/// njudge's press gates: SET MUST ORDER (complete orders before press) and
/// SET NO LATE PRESS (none once late); press to the master alone always goes.
#[test]
fn press_waits_for_orders_or_the_lateness_as_the_master_sets() {
    let mut g = Game::started();
    // the default: press before orders, and a late power presses with a note
    let (r, got) = from_france(&mut g, "PRESS TO E");
    assert_eq!(got, set(&[&p(2)]), "{r}");
    let (r, _) = g.send(GM, &format!("{MASTER_ON}\nSET MUST ORDER\nLIST demo"));
    assert!(r.contains("Orders before press") && flat(&r).contains("Valid orders required to send press;"), "{r}");
    let (r, got) = from_france(&mut g, "PRESS TO E");
    assert!(r.contains("does not allow press from players who have not sent complete orders") && got.is_empty(), "{r}");
    let (r, got) = from_france(&mut g, "BROADCAST");
    assert!(r.contains("have not sent complete orders") && got.is_empty(), "{r}");
    let (r, got) = from_france(&mut g, "PRESS TO M");
    assert_eq!(got, set(&[GM]), "{r}");
    // postal press too (it goes to everyone)
    g.send(GM, &format!("{MASTER_ON}\nSET POSTAL PRESS"));
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPOSTAL PRESS\nTo all, later.\nENDPRESS"));
    assert!(r.contains("have not sent complete orders") && !r.contains("Postal press kept"), "{r}");
    // orders in part are not enough; complete, the press goes
    g.send("p3@example.test", &format!("{FRANCE_ON}\nA PAR H"));
    let (r, got) = from_france(&mut g, "PRESS TO E");
    assert!(got.is_empty(), "{r}");
    g.send("p3@example.test", &format!("{FRANCE_ON}\nA MAR H\nF BRE H"));
    let (r, got) = from_france(&mut g, "PRESS TO E");
    assert_eq!(got, set(&[&p(2)]), "{r}");
    assert!(!r.contains("you are late"), "{r}");
    // England never orders: past the deadline it is late
    let (r, _) = g.send(GM, &format!("{MASTER_ON}\nSET NO MUST ORDER\nSET GRACE 3 days"));
    assert!(r.contains("Press does not wait for orders."), "{r}");
    g.w.set_time(g.deadline());
    g.w.step();
    let (r, sent) = g.send("p2@example.test", &format!("{ENGLAND_ON}\nPRESS TO F\nLate words.\nENDPRESS"));
    assert!(r.contains("Note: you are late with your orders") && got_press(&sent) == set(&[&p(3)]), "{r}");
    let (r, _) = g.send(GM, &format!("{MASTER_ON}\nSET NO LATE PRESS\nLIST demo"));
    assert!(r.contains("No late press: once the deadline has passed") && flat(&r).contains("No late press;"), "{r}");
    let (r, sent) = g.send("p2@example.test", &format!("{ENGLAND_ON}\nPRESS TO F\nLate words.\nENDPRESS"));
    assert!(r.contains("does not allow press from late players") && got_press(&sent).is_empty(), "{r}");
    let (r, sent) = g.send("p2@example.test", &format!("{ENGLAND_ON}\nPRESS TO M\nSorry.\nENDPRESS"));
    assert_eq!(got_press(&sent), set(&[GM]), "{r}");
    // France, whose orders are in, is not late
    let (r, got) = from_france(&mut g, "PRESS TO E");
    assert_eq!(got, set(&[&p(2)]), "{r}");
    // CREATE's words
    let g = Game::started_with("late_press=no must_order=yes");
    let s = g.row().settings;
    assert_eq!((s.late_press, s.unordered_press), (mailjudge::store::games::LatePress::Refused, mailjudge::store::games::UnorderedPress::Refused));
}

#[test]
fn fake_press_names_its_fake_recipients_and_the_master_reads_the_truth() {
    let mut g = observed();
    let to_line = |s: &Sent| s.body.lines().find(|l| l.starts_with("To: ")).unwrap().to_string();
    let (r, got) = from_france(&mut g, "PRESS TO E FAKE BROADCAST");
    assert!(r.contains("this game does not allow fake press") && got.is_empty(), "{r}");
    let (r, _) = g.send(GM, &format!("{MASTER_ON}\nSET PARTIAL MAY BE FAKED\nSET ALL PRESS"));
    assert!(r.contains("Partial press may be faked (FAKE)."), "{r}");
    // njudge's example: to all but Germany, faked as a broadcast
    let (r, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS TO ALL BUT G FAKE BROADCAST\nThis is Germany.\nENDPRESS"));
    assert!(r.contains("It names as its recipients: everyone (broadcast)."), "{r}");
    assert_eq!(got_press(&sent), players_and(&[1, 2, 5, 6, 7], &[GM, OBSERVER, LIST]));
    for s in press(&sent) {
        let want = if s.to == GM { "To: Austria, England, France, Italy, Russia, Turkey, the observers, the master" } else { "To: everyone (broadcast)" };
        assert_eq!(to_line(s), want, "{}", s.to);
    }
    // to England, faked as to Russia: England reads "Russia", the master the truth
    let (_, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS TO E FAKE PARTIAL TO R\nThis is Austria.\nENDPRESS"));
    assert_eq!(got_press(&sent), players_and(&[2], &[GM]));
    assert_eq!(
        press(&sent).iter().map(|s| (s.to.as_str(), to_line(s))).collect::<BTreeSet<_>>(),
        [("p2@example.test", "To: Russia".to_string()), (GM, "To: England".to_string())].into()
    );
    // press to the master is never faked
    let (r, got) = from_france(&mut g, "PRESS TO M FAKE");
    assert!(r.contains("press to the master is never faked") && got.is_empty(), "{r}");
    // partial fakes broadcast by default, unless NOFAKE
    g.send(GM, &format!("{MASTER_ON}\nSET NORMAL PRESS\nSET PARTIAL FAKES BROADCAST BY DEFAULT"));
    let (_, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS TO E\nx\nENDPRESS\nPRESS TO G NOFAKE\ny\nENDPRESS"));
    let lines: BTreeSet<(String, String)> = press(&sent).iter().map(|s| (s.to.clone(), to_line(s))).collect();
    assert_eq!(
        lines,
        [("p2@example.test".to_string(), "To: everyone (broadcast)".to_string()), ("p4@example.test".to_string(), "To: Germany".to_string())].into()
    );
    // a faked press is not archived for those it did not go to
    let (r, _) = g.send("p4@example.test", "HISTORY demo PRESS");
    assert!(r.contains("This is Germany.") && !r.contains("This is Austria."), "readable by observers: archived; to England alone: not\n{r}");
}

#[test]
fn a_press_or_diary_header_block_is_never_read_as_orders() {
    let mut g = Game::started();
    let (r, _) = g.send("p2@example.test", &format!("{ENGLAND_ON}\nF EDI - NTH"));
    assert!(r.contains("accepted"), "{r}");
    for header in ["POSTAL PRESS", "POSTALPRESS", "POSTALPRESS TO F", "FAKE BROADCAST", "GREYPRESS TO F", "WHITE PRESS", "BROADCASTS", "DIARY WRITE", "NOFAKE"]
    {
        let (r, sent) = g.send("p2@example.test", &format!("{ENGLAND_ON}\n{header}\nF EDI - NWG\nF LON - ENG\nENDPRESS"));
        assert!(r.contains("nothing was sent, and none of its lines was read as a command"), "{header}: {r}");
        assert!(!r.contains("F EDI - NWG: accepted"), "{header}: {r}");
        assert!(press(&sent).is_empty(), "{header}");
        assert_eq!(g.orders(ENGLAND), ["F EDI - NTH"], "{header}: the fleet's order is unchanged");
    }
    let (r, _) = g.send("p2@example.test", &format!("{ENGLAND_ON}\nPOSTAL PRESS\nF EDI - NWG\nENDPRESS"));
    assert!(r.contains("this game has no postal press"), "{r}");
}

#[test]
fn postal_press_goes_to_everyone_with_the_next_results_and_stays_in_the_record() {
    let mut g = Game::started();
    let (r, _) = g.send(GM, &format!("{MASTER_ON}\nSET POSTAL PRESS"));
    assert!(r.contains("Postal press allowed (POSTALPRESS)."), "{r}");
    let (r, sent) = g.send("p2@example.test", &format!("{ENGLAND_ON}\nF EDI - NTH\nPOSTAL PRESS\nHear ye, Europe.\nF EDI - NWG\nENDPRESS"));
    assert!(r.contains("Postal press kept (2 line(s))"), "{r}");
    assert!(press(&sent).is_empty() && !sent.iter().any(|s| s.subject.contains("Postal press")), "not before the results");
    assert_eq!(g.orders(ENGLAND), ["F EDI - NTH"]);
    let (r, _) = g.send("p4@example.test", "HISTORY demo PRESS");
    assert!(!r.contains("Hear ye"), "not in the record before its release\n{r}");
    let sent = g.pass_deadline();
    let results = sent.iter().position(|s| s.to == "p4@example.test" && s.subject.contains("results")).expect("results");
    let postal: Vec<(usize, &Sent)> = sent.iter().enumerate().filter(|(_, s)| s.subject == "Postal press in game demo (Spring 1901 movement)").collect();
    let to: BTreeSet<String> = postal.iter().map(|(_, s)| s.to.clone()).collect();
    assert_eq!(to, players_and(&[1, 2, 3, 4, 5, 6, 7], &[GM, LIST]));
    let (i, m) = postal.iter().find(|(_, s)| s.to == "p4@example.test").unwrap();
    assert!(*i > results, "after the results");
    assert!(m.body.contains("From: England") && m.body.contains("| Hear ye, Europe.") && m.body.contains("| F EDI - NWG"), "{}", m.body);
    let (r, _) = g.send("p4@example.test", "HISTORY demo PRESS");
    assert!(r.contains("Hear ye, Europe."), "{r}");
    // refused when the game stops it
    g.send(GM, &format!("{MASTER_ON}\nSET NO POSTAL PRESS"));
    let (r, _) = g.send("p2@example.test", &format!("{ENGLAND_ON}\nPOSTALPRESS\nagain\nENDPRESS"));
    assert!(r.contains("this game has no postal press"), "{r}");
}

#[test]
fn a_diary_is_its_powers_alone_and_comes_back_at_the_end() {
    let mut g = Game::started();
    let (r, sent) = g.send(
        "p3@example.test",
        &format!("{FRANCE_ON}\nDIARY\nI will betray England.\nENDPRESS\nDIARY RECORD\nSecond thoughts.\nF BRE - MAO\nSIGNOFF\nA PAR-BUR"),
    );
    assert!(r.contains("Diary entry 1 kept (1 line(s))") && r.contains("Diary entry 2 kept (2 line(s))"), "{r}");
    assert_eq!(sent.len(), 1, "the reply alone: {:?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    assert!(g.orders(2).is_empty(), "neither the entry's lines nor what follows SIGNOFF");
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE_ON}\nDIARY LIST\nDIARY READ 1"));
    assert!(r.contains("Your diary:") && r.contains("I will betray England."), "{r}");
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE_ON}\nDIARY DELETE 1\nDIARY READ 1\nDIARY DELETE 7"));
    assert!(r.contains("Diary entry 1 deleted.") && r.contains("your diary has no entry 1") && r.contains("your diary has no entry 7"), "{r}");
    let (r, _) = g.send("p2@example.test", &format!("{ENGLAND_ON}\nDIARY LIST\nDIARY READ 2"));
    assert!(r.contains("Your diary is empty.") && r.contains("your diary has no entry 2") && !r.contains("Second thoughts"), "{r}");
    let (r, _) = g.send(GM, &format!("{MASTER_ON}\nDIARY\nx\nENDPRESS"));
    assert!(r.contains("a diary is kept by a power's player"), "{r}");
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE_ON}\nDIARY READ\nDIARY READ 0"));
    assert!(r.contains("DIARY takes RECORD"), "{r}");
    // the end: France's diary to France alone
    let (_, sent) = g.send(GM, &format!("{MASTER_ON}\nTERMINATE"));
    let diaries: Vec<&Sent> = sent.iter().filter(|s| s.subject == "Your diary of game demo").collect();
    assert_eq!(diaries.iter().map(|s| s.to.as_str()).collect::<Vec<_>>(), ["p3@example.test"]);
    assert!(diaries[0].body.contains("Second thoughts.") && !diaries[0].body.contains("betray"), "{}", diaries[0].body);
    assert!(sent.iter().filter(|s| s.to != "p3@example.test").all(|s| !s.body.contains("Second thoughts")), "nobody else reads it");
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE_ON}\nDIARY\nlate\nENDPRESS"));
    assert!(r.contains("is over"), "{r}");
}

#[test]
fn a_diary_keeps_so_many_entries_and_bytes() {
    let mut g = Game::started();
    let max_entry = 16_384; // the judge's press limit
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE_ON}\nDIARY\n{}\nENDPRESS", "x".repeat(max_entry + 1)));
    assert!(r.contains(&format!("the diary entry is {} bytes; the limit is {max_entry}", max_entry + 1)), "{r}");
    // the bytes: up to the limit, not past it
    let n = MAX_DIARY_BYTES / max_entry;
    assert_eq!(n * max_entry, MAX_DIARY_BYTES);
    let block = format!("DIARY\n{}\nENDPRESS\n", "y".repeat(max_entry));
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE_ON}\n{}", block.repeat(n)));
    assert!(r.contains(&format!("Diary entry {n} kept")), "{r}");
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE_ON}\nDIARY\nz\nENDPRESS"));
    assert!(r.contains(&format!("your diary holds all it may ({n} entries, {MAX_DIARY_BYTES} bytes)")), "{r}");
    // the entries: up to the limit, not past it
    let (r, _) = g.send("p2@example.test", &format!("{ENGLAND_ON}\n{}", "DIARY\ne\nENDPRESS\n".repeat(MAX_DIARY_ENTRIES)));
    assert!(r.contains(&format!("Diary entry {MAX_DIARY_ENTRIES} kept")), "{r}");
    let (r, _) = g.send("p2@example.test", &format!("{ENGLAND_ON}\nDIARY\none more\nENDPRESS"));
    assert!(r.contains(&format!("your diary holds all it may ({MAX_DIARY_ENTRIES} entries")), "{r}");
    // deleting one makes room
    let (r, _) = g.send("p2@example.test", &format!("{ENGLAND_ON}\nDIARY DELETE 3\nDIARY\none more\nENDPRESS"));
    assert!(r.contains(&format!("Diary entry {} kept", MAX_DIARY_ENTRIES + 1)), "{r}");
}

#[test]
fn postal_press_of_the_phase_a_game_ends_in_is_still_mailed() {
    let mut g = Game::started();
    g.send(GM, &format!("{MASTER_ON}\nSET POSTAL PRESS"));
    g.send("p2@example.test", &format!("{ENGLAND_ON}\nPOSTALPRESS\nFarewell, Europe.\nENDPRESS"));
    let (_, sent) = g.send(GM, &format!("{MASTER_ON}\nTERMINATE"));
    let postal: Vec<&Sent> = sent.iter().filter(|s| s.subject == "Postal press in game demo (Spring 1901 movement)").collect();
    assert!(
        postal.iter().any(|s| s.to == "p4@example.test" && s.body.contains("| Farewell, Europe.")),
        "{:?}",
        sent.iter().map(|s| &s.subject).collect::<Vec<_>>()
    );
}
