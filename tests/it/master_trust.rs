//! A master who can trust every word, and replacements as njudge does them
//! (issue 36, parts 4 and 6), played by mail on a started game: a sign-on to
//! the master's seat from another address is copied to the master of record;
//! the player of a power the master acted for gets the lines made in its name
//! (and none of the master's others); twelve SET DEADLINE lines tell the
//! table once; press-rule changes are announced; absences reach the master;
//! `SIGNON Fdemo password` takes over a vacant France; two newcomers never
//! wait for one seat while another is open; `SET NO APPROVAL`.

use crate::common;
use common::game::{GM, Game, flat};
use common::*;

/// The mails to `who` with `subject` in their subject.
fn mails<'a>(sent: &'a [Sent], who: &str, subject: &str) -> Vec<&'a Sent> {
    sent.iter().filter(|s| s.to == who && s.subject.contains(subject)).collect()
}

#[test]
fn a_sign_on_to_the_masters_seat_from_another_address_is_copied_to_the_master() {
    let mut g = Game::started();
    let (r, sent) = g.send("stranger@example.test", "SIGNON Mdemo gmpass\nPAUSE");
    assert!(r.contains("Game demo paused."), "{r}");
    let copy = mails(&sent, GM, "signed on from another address");
    assert_eq!(copy.len(), 1, "{:?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    let body = flat(&copy[0].body);
    assert!(body.contains("stranger@example.test") && body.contains("PAUSE") && body.contains("Game demo paused."), "{body}");
    assert!(!copy[0].body.contains("gmpass"), "the password is masked in the copy");
    // from the master's own address: no copy
    let (_, sent) = g.send(GM, "SIGNON Mdemo gmpass\nRESUME");
    assert!(mails(&sent, GM, "signed on from another address").is_empty());
}

#[test]
fn the_player_of_a_power_the_master_acted_for_gets_what_was_done_in_its_name() {
    let mut g = Game::started();
    let (r, sent) = g.as_master("BECOME France\nA PAR-BUR\nF BRE-MAO\nBECOME Germany\nA BER-KIE\nSIGNON Mdemo gmpass\nItaly: A VEN H\nPREDICT");
    assert!(r.contains("A PAR - BUR: accepted.") && r.contains("A BER - KIE: accepted."), "{r}");
    let france = mails(&sent, "p3@example.test", "the master acted for France");
    assert_eq!(france.len(), 1, "{:?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    let body = &france[0].body;
    assert!(body.contains("BECOME France") && body.contains("A PAR - BUR: accepted.") && body.contains("F BRE - MAO: accepted."), "{body}");
    assert!(body.contains("Your orders now:"), "France's orders as they stand: {body}");
    // nothing of what the master did for others, nor the master's own lines
    for other in ["A BER - KIE", "BECOME Germany", "A VEN H", "PREDICT", "gmpass"] {
        assert!(!body.contains(other), "`{other}` in France's copy: {body}");
    }
    let germany = mails(&sent, "p4@example.test", "the master acted for Germany");
    assert_eq!(germany.len(), 1);
    assert!(germany[0].body.contains("A BER - KIE: accepted.") && !germany[0].body.contains("A PAR - BUR"), "{}", germany[0].body);
    // the master's `Italy: order` line acts for Italy too
    let italy = mails(&sent, "p5@example.test", "the master acted for Italy");
    assert_eq!(italy.len(), 1);
    assert!(italy[0].body.contains("A VEN H") && !italy[0].body.contains("A PAR - BUR"), "{}", italy[0].body);
    // powers the master did not touch get nothing
    for p in ["p1", "p2", "p6", "p7"] {
        assert!(mails(&sent, &format!("{p}@example.test"), "acted for").is_empty(), "{p}");
    }
}

#[test]
fn a_refused_line_in_a_powers_name_is_copied_and_a_mail_without_acting_sends_no_copy() {
    let mut g = Game::started();
    let (_, sent) = g.as_master("BECOME England\nA PAR-BUR");
    let copy = mails(&sent, "p2@example.test", "the master acted for England");
    assert_eq!(copy.len(), 1);
    assert!(copy[0].body.contains("A PAR-BUR"), "the refused order is shown: {}", copy[0].body);
    let (_, sent) = g.as_master("PAUSE\nRESUME");
    assert!(!sent.iter().any(|s| s.subject.contains("acted for")), "no acting, no copy");
}

#[test]
fn twelve_set_deadline_lines_tell_the_table_once_of_the_last() {
    let mut g = Game::started();
    let lines: Vec<String> = (1..=12).map(|d| format!("SET DEADLINE Dec {} 20:00", d)).collect();
    let (r, sent) = g.as_master(&lines.join("\n"));
    assert_eq!(r.matches("Deadline set to").count(), 12, "{r}");
    let notices: Vec<&Sent> = sent.iter().filter(|s| s.subject == "Game demo: new deadline").collect();
    // one a recipient: 7 players, the master, the list
    assert_eq!(notices.len(), 9, "{:?}", notices.iter().map(|s| &s.to).collect::<Vec<_>>());
    for n in &notices {
        assert!(flat(&n.body).contains("12 Dec 2026"), "the last deadline: {}", n.body);
        assert!(!flat(&n.body).contains("11 Dec 2026"), "{}", n.body);
    }
    // the mail counted once against the master's table mails: six more mails still go
    for d in 13..=17 {
        let (r, _) = g.as_master(&format!("SET DEADLINE Dec {d} 20:00"));
        assert!(r.contains("Deadline set to"), "{d}: {r}");
    }
    let (r, _) = g.as_master("SET DEADLINE Dec 18 20:00");
    assert!(!r.contains("Deadline set to"), "the seventh table mail in the hour is refused: {r}");
}

#[test]
fn a_refused_set_deadline_leaves_no_notice() {
    let mut g = Game::started();
    let (r, sent) = g.as_master("SET DEADLINE Nov 1 2026 20:00");
    assert!(!r.contains("Deadline set to"), "a passed time needs `!`: {r}");
    assert!(!sent.iter().any(|s| s.subject == "Game demo: new deadline"));
}

#[test]
fn press_rule_changes_are_announced_to_the_table_in_one_notice() {
    let mut g = Game::started();
    let (r, sent) = g.as_master("SET GREY\nSET NO PARTIAL\nSET GREY");
    assert!(r.contains("Partial press not allowed"), "{r}");
    let notices: Vec<&Sent> = sent.iter().filter(|s| s.subject == "Game demo: the press rules changed").collect();
    assert_eq!(notices.len(), 9, "{:?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    let body = flat(&notices[0].body);
    assert!(body.contains("The master changed the press rules of game demo") && body.contains("Partial press not allowed"), "{body}");
    assert_eq!(body.matches("Press:").count(), 1, "SET GREY twice: one line: {body}");
    // a setting that changes nothing is not announced
    let (_, sent) = g.as_master("SET NO PARTIAL");
    assert!(!sent.iter().any(|s| s.subject.contains("press rules changed")));
    // nor a setting that is no press rule
    let (_, sent) = g.as_master("SET NO NMR");
    assert!(!sent.iter().any(|s| s.subject.contains("press rules changed")));
}

#[test]
fn absences_are_reported_to_the_master() {
    let mut g = Game::started();
    let (r, sent) = g.as_power('F', "SET ABSENCE Dec 24 TO Dec 27\nSET ABSENCE Dec 30");
    assert!(r.contains("Absence recorded"), "{r}");
    let told = mails(&sent, GM, "a player's absence");
    assert_eq!(told.len(), 1, "one notice for the mail");
    let body = flat(&told[0].body);
    assert!(body.contains("France will be away from") && body.contains("30 Dec"), "the last of the mail: {body}");
    // nobody else hears of it
    assert!(sent.iter().filter(|s| s.subject.contains("absence")).all(|s| s.to == GM));
    let (_, sent) = g.as_power('F', "SET NOABSENCE Dec 25");
    let told = mails(&sent, GM, "a player's absence");
    assert_eq!(told.len(), 1);
    assert!(flat(&told[0].body).contains("France cancelled its absence"), "{}", told[0].body);
}

#[test]
fn signon_with_a_vacant_powers_letter_takes_that_power_over() {
    let mut g = Game::started();
    g.as_power('F', "RESIGN");
    g.as_power('I', "RESIGN");
    // Italy is named: Italy is asked for, though France was vacant first
    let (r, sent) = g.send("new@example.test", "SIGNON Idemo newpass");
    assert!(flat(&r).contains("Italy"), "{r}");
    let asked = mails(&sent, GM, "take over");
    assert_eq!(asked.len(), 1, "{:?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    assert!(asked[0].subject.contains("Italy"), "{}", asked[0].subject);
    let (r, _) = g.as_master("APPROVE Italy");
    assert!(!r.contains("error"), "{r}");
    let (r, _) = g.send("new@example.test", "SIGNON Idemo newpass\nA VEN H");
    assert!(r.contains("Signed on as Italy in game demo.") && r.contains("A VEN H: accepted."), "{r}");
    // a letter of a power someone plays is still a sign-on, refused with a wrong password
    let (r, _) = g.send("other@example.test", "SIGNON Edemo newpass");
    assert!(r.contains("wrong password for England in game demo"), "{r}");
    // a power too short a password
    let (r, _) = g.send("third@example.test", "SIGNON Fdemo abc");
    assert!(r.contains("at least 4"), "{r}");
}

#[test]
fn two_newcomers_never_wait_for_one_seat_while_another_is_open() {
    let mut g = Game::started();
    g.as_power('F', "RESIGN");
    g.as_power('I', "RESIGN");
    let (_, a) = g.send("first@example.test", "SIGNON ?demo firstpw");
    let (_, b) = g.send("second@example.test", "SIGNON ?demo secondpw");
    let first = mails(&a, GM, "take over");
    let second = mails(&b, GM, "take over");
    assert_eq!((first.len(), second.len()), (1, 1));
    assert!(first[0].subject.contains("France"), "{}", first[0].subject);
    assert!(second[0].subject.contains("Italy"), "the second asks for the other open seat: {}", second[0].subject);
    // a third, with every open seat asked for, waits for one
    let (r, c) = g.send("third@example.test", "SIGNON ?demo thirdpw");
    assert_eq!(mails(&c, GM, "take over").len(), 1, "{r}");
}

#[test]
fn with_no_approval_a_newcomer_takes_a_vacant_power_at_once() {
    let mut g = Game::started();
    g.as_power('F', "RESIGN");
    let (r, _) = g.as_master("SET NO APPROVAL");
    assert!(r.contains("without your approval"), "{r}");
    assert!(!g.loaded().settings.takeover_approval);
    let (r, sent) = g.send("new@example.test", "SIGNON Fdemo newpass\nA PAR H");
    assert!(mails(&sent, GM, "take over").is_empty(), "no request: {r}");
    assert!(r.contains("A PAR H") && !r.contains("master's approval"), "{r}");
    assert!(g.orders(2).iter().any(|o| o.contains("PAR")), "France's new player ordered");
    let (r, _) = g.as_master("SET APPROVAL");
    assert!(r.contains("need your approval"), "{r}");
}
