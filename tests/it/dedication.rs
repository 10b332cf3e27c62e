//! Records people can rely on (issue 36, part 5), by mail: a player whose
//! orders were complete is never counted late (a backdated `SET DEADLINE
//! ... !` made five on-time players late); njudge's three figures judge-wide
//! by address (dedication points, on-time ratio, CD ratio), shown by GET
//! DEDICATION, INFO PLAYER and LIST; WHO user as WHO IS; I AM ALSO, linked
//! only with a code from each address; and the master's join limits by
//! record (SET DEDICATION, SET ONTIMERAT, SET RESRAT: no further than the
//! master's own) and by address (SET ALLOW PLAYER, SET DENY PLAYER: at most
//! 50 addresses each). docs/RULES.md, "Records and join limits".

use crate::common::game::*;
use crate::common::{Sent, db};
use mailjudge::map::Variant;

/// The holds of the powers with the letters `who`.
fn hold(g: &mut Game, who: &[char]) {
    for (l, orders) in HOLDS.iter().filter(|(l, _)| who.contains(l)) {
        let (r, _) = g.as_power(*l, orders);
        assert!(!r.contains("Error:"), "{r}");
    }
}

fn phase(g: &Game) -> String {
    g.phase(&Variant::standard())
}

/// The address of the player of the power with letter `l`.
fn player(l: char) -> String {
    let (who, _, _) = SEATS.iter().find(|(_, _, x)| *x == l).unwrap();
    format!("{who}@example.test")
}

/// The addresses the late notices among `sent` went to.
fn told_late(sent: &[Sent]) -> Vec<String> {
    let mut to: Vec<String> = sent.iter().filter(|s| s.subject == "Late: orders missing in game demo").map(|s| s.to.clone()).collect();
    to.sort();
    to
}

/// GET DEDICATION from `who`: the reply, flattened.
fn dedication(g: &mut Game, who: &str) -> String {
    g.send(who, "GET DEDICATION").0
}

#[test]
fn a_backdated_deadline_makes_no_one_with_complete_orders_late() {
    let mut g = Game::started();
    // five powers' orders are complete; Russia and Turkey have none
    hold(&mut g, &['A', 'E', 'F', 'G', 'I']);
    assert_eq!(phase(&g), "S1901M");
    // the master moves the deadline back to an hour ago
    let (r, sent) = g.as_master("SET DEADLINE 2026-11-23 11:00 !");
    assert!(r.contains("Deadline set to Mon 23 Nov 2026 11:00 UTC."), "{r}");
    // the judge finds it passed at once: the two without orders are late, nobody else
    assert_eq!(told_late(&sent), [player('R'), player('T')]);
    hold(&mut g, &['R', 'T']);
    assert_eq!(phase(&g), "F1901M", "processed once every order is in");
    // LIST, to anyone: the five on time, the two late
    let (r, _) = g.send("stranger@example.test", "LIST demo");
    for power in ["Austria", "England", "France", "Germany", "Italy"] {
        assert!(r.contains(&format!("{power} 3 centres played, late 0 of 1,")), "{power}: {r}");
    }
    assert!(r.contains("Russia 4 centres played, late 1 of 1,") && r.contains("Turkey 3 centres played, late 1 of 1,"), "{r}");
    // an anonymous game (the default) shows no one's dedication beside the powers
    assert!(!r.contains("dedication"), "{r}");
    // and the judge-wide record
    let r = dedication(&mut g, &player('F'));
    assert!(r.contains("Dedication: 3 ") && r.contains("On-time ratio: 1.000 (1 of 1 phases due ordered on time; 0 late, 0 missed)"), "{r}");
    let r = dedication(&mut g, &player('T'));
    assert!(r.contains("Dedication: -1 ") && r.contains("On-time ratio: 0.000 (0 of 1 phases due ordered on time; 1 late, 0 missed)"), "{r}");
    assert!(r.contains("Late notices: 1;"), "{r}");
}

#[test]
fn complete_orders_changed_during_the_grace_period_are_still_on_time() {
    let mut g = Game::started();
    hold(&mut g, &['A', 'E', 'F', 'G', 'I', 'R']);
    let d = g.deadline();
    g.w.set_time(d + 3600);
    let sent = g.w.step().1;
    assert_eq!(told_late(&sent), [player('T')]);
    // France changes its complete orders after the deadline; Turkey orders late
    let (r, _) = g.as_power('F', "A PAR-BUR");
    assert!(!r.contains("Error:"), "{r}");
    hold(&mut g, &['T']);
    assert_eq!(phase(&g), "F1901M");
    let (r, _) = g.send("stranger@example.test", "LIST demo");
    assert!(r.contains("France 3 centres played, late 0 of 1,") && r.contains("Turkey 3 centres played, late 1 of 1,"), "{r}");
}

/// A named game (`anonymous=no`) where a power whose player misses a phase
/// goes into civil disorder, played through Spring 1901: Austria to Italy
/// on time, Turkey late (after one late notice), Russia missed (one late
/// notice, then civil disorder).
fn played() -> Game {
    let mut g = Game::started_with("anonymous=no cd_after=1");
    hold(&mut g, &['A', 'E', 'F', 'G', 'I']);
    let d = g.deadline();
    g.w.set_time(d + 3600);
    let sent = g.w.step().1;
    assert_eq!(told_late(&sent), [player('R'), player('T')]);
    hold(&mut g, &['T']);
    let grace = g.row().grace_until.expect("a grace period");
    g.w.set_time(grace + 60);
    g.w.step();
    assert_eq!(phase(&g), "F1901M");
    g
}

#[test]
fn the_three_figures_after_a_game_with_a_late_player_and_a_civil_disorder() {
    let mut g = played();
    let r = dedication(&mut g, &player('A'));
    assert!(r.contains("Record on this judge of p1@example.test"), "{r}");
    assert!(r.contains("Dedication: 3 (3 a phase ordered on time, less 1 a late notice, 50 a seat abandoned, 100 a civil disorder)"), "{r}");
    assert!(r.contains("On-time ratio: 1.000 (1 of 1 phases due ordered on time; 0 late, 0 missed)"), "{r}");
    assert!(r.contains("CD ratio: 0.000 (0 civil disorders and seats abandoned, of 1 seats: 1 games started, 0 seats taken over)"), "{r}");
    let r = dedication(&mut g, &player('T'));
    assert!(r.contains("Dedication: -1 ") && r.contains("On-time ratio: 0.000 (0 of 1 phases due ordered on time; 1 late, 0 missed)"), "{r}");
    assert!(r.contains("CD ratio: 0.000 ") && r.contains("Late notices: 1; seats abandoned: 0; civil disorders: 0."), "{r}");
    let r = dedication(&mut g, &player('R'));
    assert!(r.contains("Dedication: -101 ") && r.contains("On-time ratio: 0.000 (0 of 1 phases due ordered on time; 0 late, 1 missed)"), "{r}");
    assert!(r.contains("CD ratio: 1.000 (1 civil disorders and seats abandoned, of 1 seats") && r.contains("civil disorders: 1."), "{r}");
    // a newcomer's ratios are perfect
    let r = dedication(&mut g, "stranger@example.test");
    assert!(r.contains("Dedication: 0 ") && r.contains("On-time ratio: 1.000, a newcomer's (0 of 0") && r.contains("CD ratio: 0.000, a newcomer's (0"), "{r}");
    // LIST of a named game: each player's dedication beside the power; the reader's own figures after
    let (r, _) = g.send(&player('A'), "LIST demo");
    assert!(r.contains("Austria 3 centres played, late 0 of 1, dedication 3, orders missing"), "{r}");
    assert!(r.contains("Turkey 3 centres played, late 1 of 1, dedication -1, orders missing"), "{r}");
    assert!(r.contains("Russia 4 centres civil disorder since Spring 1901 movement"), "{r}");
    assert!(r.contains("civil disorder 0 time(s). Dedication 3; on-time ratio 1.000; CD ratio 0.000."), "{r}");
}

#[test]
fn a_seat_left_owing_orders_is_abandoned_and_one_left_with_orders_in_is_not() {
    let mut g = played();
    // England orders Fall 1901, then resigns: no penalty
    let (r, _) = g.as_power('E', &format!("{}\nRESIGN", HOLDS[1].1));
    assert!(r.contains("You have resigned from game demo."), "{r}");
    let r = dedication(&mut g, &player('E'));
    assert!(r.contains("Dedication: 3 ") && r.contains("seats abandoned: 0;"), "{r}");
    // Austria resigns with its orders missing: abandoned
    let (r, _) = g.as_power('A', "RESIGN");
    assert!(r.contains("You have resigned from game demo."), "{r}");
    let r = dedication(&mut g, &player('A'));
    assert!(r.contains("Dedication: -47 ") && r.contains("seats abandoned: 1;"), "{r}");
    assert!(r.contains("CD ratio: 1.000 (1 civil disorders and seats abandoned, of 1 seats"), "{r}");
}

#[test]
fn info_player_tells_anyones_figures_by_address_and_no_other_address() {
    let mut g = played();
    for line in ["INFO PLAYER p6@example.test", "INFOPLAYER P6@example.test"] {
        let (r, _) = g.send("stranger@example.test", line);
        assert!(r.contains("Record on this judge of"), "{line}: {r}");
        assert!(r.contains("Dedication: -101 ") && r.contains("CD ratio: 1.000 "), "{line}: {r}");
        assert!(!r.contains("p1@") && !r.contains("gm@"), "{line}: {r}");
    }
    let (r, _) = g.send("stranger@example.test", "INFO PLAYER");
    assert!(r.contains("INFO PLAYER needs an address"), "{r}");
    let (r, _) = g.send("stranger@example.test", "INFO PLAYER nobody");
    assert!(r.contains("Error:") && !r.contains("Dedication:"), "{r}");
}

#[test]
fn who_user_and_who_is_user_are_whois_and_who_game_stays_whogame() {
    let mut g = Game::started();
    let (r, _) = g.send("p1@example.test", "REGISTER\nName: Anna Austria\nPublic: yes\nEND");
    assert!(r.contains("Registered as Anna Austria"), "{r}");
    let said = |r: &str, line: &str| r.split(&format!("> {line}")).nth(1).unwrap_or_default().split(" ----").next().unwrap_or_default().trim().to_string();
    let whois = said(&g.send("stranger@example.test", "WHOIS p1@example.test anna").0, "WHOIS p1@example.test anna");
    assert!(whois.contains("Anna Austria <p1@example.test>"), "{whois}");
    for line in ["WHO p1@example.test anna", "WHO IS p1@example.test anna"] {
        let r = g.send("stranger@example.test", line).0;
        assert_eq!(said(&r, line), whois, "{line}");
    }
    let (r, _) = g.send("stranger@example.test", "WHO GAME demo");
    assert!(r.contains("game demo is anonymous"), "{r}");
}

/// The codes of an I AM ALSO asked by `new` of `old`: the one mailed to
/// `old` (among `sent`), and the one in the reply `r`.
fn link_codes(sent: &[Sent], r: &str, old: &str) -> (String, String) {
    let mail = sent.iter().find(|s| s.to == old && s.subject == "Confirm: I AM ALSO").unwrap_or_else(|| panic!("no request to {old}: {r}"));
    let line = mail.body.lines().find(|l| l.trim_start().starts_with("I AM ALSO")).expect("the line to send");
    let old_code = line.split_whitespace().nth(4).unwrap().to_string();
    let new_code = r.split("<the code mailed there> ").nth(1).and_then(|t| t.split_whitespace().next()).expect("the reply's code");
    (old_code, new_code.trim_end_matches('.').to_string())
}

#[test]
fn i_am_also_links_an_address_only_with_the_old_addresss_code_and_carries_record_and_profile() {
    let mut g = played();
    let (r, _) = g.send("p6@example.test", "REGISTER\nName: Ruslan Russia\nPublic: yes\nEND");
    assert!(r.contains("Registered as Ruslan Russia"), "{r}");
    let new = "ruslan@example.net";
    let (r, sent) = g.send(new, "I AM ALSO p6@example.test");
    assert!(r.contains("To link this address to p6@example.test's registration, send from here"), "{r}");
    let (old_code, new_code) = link_codes(&sent, &r, "p6@example.test");
    assert!(sent.iter().filter(|s| s.to == "p6@example.test").all(|s| !s.body.contains(&new_code)), "the new address's code stays there");
    // without the old address's code: nothing is linked
    let (r, _) = g.send(new, &format!("I AM ALSO p6@example.test {new_code} {new_code}"));
    assert!(r.contains("no I AM ALSO p6@example.test of this address waits for those codes"), "{r}");
    let (r, _) = g.send(new, &format!("I AM ALSO p6@example.test {old_code} 0123456789ab"));
    assert!(r.contains("waits for those codes"), "{r}");
    let r = dedication(&mut g, new);
    assert!(r.contains("Dedication: 0 ") && r.contains("a newcomer's"), "{r}");
    let (r, _) = g.send("stranger@example.test", &format!("WHOIS {new}"));
    assert!(r.contains("no public profile"), "{r}");
    // with both codes (either order): one player, one record, one profile
    let (r, _) = g.send(new, &format!("I AM ALSO p6@example.test {old_code} {new_code}"));
    assert!(r.contains("This address is now the same player as p6@example.test"), "{r}");
    let r = dedication(&mut g, new);
    assert!(r.contains(&format!("Record on this judge of {new}")) && r.contains("Dedication: -101 ") && r.contains("CD ratio: 1.000 "), "{r}");
    let (r, _) = g.send("stranger@example.test", &format!("INFO PLAYER {new}"));
    assert!(r.contains("Dedication: -101 ") && !r.contains("p6@"), "the other address is not revealed: {r}");
    let (r, _) = g.send("stranger@example.test", &format!("WHOIS {new}"));
    assert!(r.contains(&format!("Ruslan Russia <{new}>")) && !r.contains("p6@"), "{r}");
    // the record goes with the address into a game's limits
    g.send(GM, "CREATE ?club gmpass standard");
    let (r, _) = g.send(GM, "SIGNON Mclub gmpass\nSET RESRAT 0.5");
    assert!(r.contains("CD ratio is 0.500 or less"), "{r}");
    let (r, _) = g.send(new, "SIGNON ?club newpass");
    assert!(r.contains("game club takes players whose CD ratio is at most 0.500; yours is 1.000"), "{r}");
    // what cannot be linked
    let (r, _) = g.send(new, "I AM ALSO p6@example.test");
    assert!(r.contains("this address and p6@example.test are one player here already"), "{r}");
    let (r, _) = g.send("x@example.net", "I AM ALSO nobody@example.test");
    assert!(r.contains("nobody@example.test has no registration nor record on this judge to link to"), "{r}");
    let (r, _) = g.send("x@example.net", "I AM ALSO x@example.net");
    assert!(r.contains("one player here already"), "{r}");
    let (r, _) = g.send("x@example.net", "I AM ALSO p1@example.test onecode");
    assert!(r.contains("I AM ALSO needs the address"), "{r}");
}

#[test]
fn a_registration_takes_ten_linked_addresses_and_refuses_the_eleventh() {
    let mut g = Game::empty();
    g.send("p1@example.test", "REGISTER\nName: Anna\nEND");
    for i in 1..=10 {
        // at most one request to an address a day
        let t = g.w.now + 86_401;
        g.w.set_time(t);
        let new = format!("alias{i}@example.net");
        let (r, sent) = g.send(&new, "I AM ALSO p1@example.test");
        let (a, b) = link_codes(&sent, &r, "p1@example.test");
        let (r, _) = g.send(&new, &format!("I AM ALSO p1@example.test {b} {a}"));
        assert!(r.contains("now the same player as p1@example.test"), "{i}: {r}");
    }
    let t = g.w.now + 86_401;
    g.w.set_time(t);
    let (r, sent) = g.send("alias11@example.net", "I AM ALSO p1@example.test");
    assert!(r.contains("a registration has at most 10 other addresses linked to it"), "{r}");
    assert!(sent.iter().all(|s| s.to != "p1@example.test"), "nothing mailed there");
}

#[test]
fn the_masters_limits_by_record_refuse_and_admit_joins_and_takeovers() {
    let mut g = played();
    g.send(GM, "CREATE ?club gmpass standard");
    let club = |line: &str| format!("SIGNON Mclub gmpass\n{line}");
    // no further than the master's own record (a newcomer: dedication 0, perfect ratios)
    let (r, _) = g.send(GM, &club("SET DEDICATION 1"));
    assert!(r.contains("SET DEDICATION 1: no higher than your own dedication, 0"), "{r}");
    let (r, _) = g.send(GM, &club("SET DEDICATION 0"));
    assert!(r.contains("Only a player whose dedication is 0 or more may join"), "{r}");
    let (r, _) = g.send(&player('T'), "SIGNON ?club tpass1");
    assert!(r.contains("game club takes players whose dedication is at least 0; yours is -1"), "{r}");
    for who in [player('A'), "newcomer1@example.test".to_string()] {
        let (r, _) = g.send(&who, "SIGNON ?club apass1");
        assert!(r.contains("You joined game club"), "{who}: {r}");
    }
    let (r, _) = g.send(GM, &club("SET DEDICATION NONE\nSET ONTIMERAT 0.5"));
    assert!(r.contains("No limit on the dedication") && r.contains("on-time ratio is 0.500 or more"), "{r}");
    let (r, _) = g.send(&player('T'), "SIGNON ?club tpass1");
    assert!(r.contains("game club takes players whose on-time ratio is at least 0.500; yours is 0.000"), "{r}");
    for who in [player('E'), "newcomer2@example.test".to_string()] {
        let (r, _) = g.send(&who, "SIGNON ?club epass1");
        assert!(r.contains("You joined game club"), "{who}: {r}");
    }
    let (r, _) = g.send(GM, &club("SET ONTIME NONE\nSET RESRAT 0.5"));
    assert!(r.contains("No limit on the on-time ratio") && r.contains("CD ratio is 0.500 or less"), "{r}");
    let (r, _) = g.send(&player('R'), "SIGNON ?club rpass1");
    assert!(r.contains("game club takes players whose CD ratio is at most 0.500; yours is 1.000"), "{r}");
    let (r, _) = g.send(&player('T'), "SIGNON ?club tpass1");
    assert!(r.contains("You joined game club"), "{r}");
    // Russia's player as a master: no limit further than its own record
    for (option, said) in [("resrat=0.5", "SET RESRAT 0.500: no lower than your own CD ratio, 1.000"), ("ontimerat=0.5", "SET ONTIMERAT 0.500: no higher")] {
        let (r, _) = g.send(&player('R'), &format!("CREATE ?own rpass1 standard {option}"));
        assert!(r.contains(said), "{option}: {r}");
    }
    let (r, _) = g.send("stranger@example.test", "LIST own");
    assert!(r.contains("there is no game called `own`"), "not created: {r}");
    // a takeover: Turkey's player leaves demo and would take the seat back
    let (r, _) = g.as_master("SET ONTIMERAT 0.5");
    assert!(r.contains("on-time ratio is 0.500 or more"), "{r}");
    g.as_power('T', "RESIGN");
    let (r, _) = g.send(&player('T'), "SIGNON ?demo tpass2");
    assert!(r.contains("game demo takes players whose on-time ratio is at least 0.500; yours is 0.000"), "{r}");
    let (r, _) = g.send("newcomer3@example.test", "SIGNON ?demo npass3");
    assert!(r.contains("You asked to take over Turkey in game demo"), "{r}");
}

/// The master's mail to game `game` (password gmpass) with `lines`.
fn to_game(g: &mut Game, game: &str, lines: &[String]) -> String {
    g.send(GM, &format!("SIGNON M{game} gmpass\n{}", lines.join("\n"))).0
}

#[test]
fn the_allow_list_alone_admits_and_holds_fifty_addresses() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?club gmpass standard");
    let fifty: Vec<String> = (1..=50).map(|i| format!("SET ALLOW PLAYER a{i:02}@example.test")).collect();
    let r = to_game(&mut g, "club", &fifty);
    assert!(!r.contains("Error:") && r.contains("The allow list has 50 of at most 50 addresses"), "{r}");
    let r = to_game(&mut g, "club", &["SET ALLOW PLAYER a51@example.test".to_string()]);
    assert!(r.contains("the allow list has 50 addresses, the most; take one off first"), "{r}");
    assert_eq!(db::game(g.w.db(), "club").settings.allow_players.len(), 50);
    let r = to_game(&mut g, "club", &["SET ALLOW PLAYER -a50@example.test".into(), "SET ALLOW PLAYER -nobody@example.test".into()]);
    assert!(r.contains("a50@example.test is off the allow list. The allow list has 49"), "{r}");
    assert!(r.contains("nobody@example.test is not on the allow list"), "{r}");
    let r = to_game(&mut g, "club", &["SET ALLOW PLAYER a51@example.test".to_string()]);
    assert!(r.contains("a51@example.test may join or observe this game. The allow list has 50"), "{r}");
    // only the listed join or observe (by mailbox: a +tag is the same address)
    let (r, _) = g.send("stranger@example.test", "SIGNON ?club spass1");
    assert!(r.contains("game club takes only the addresses its master allows (SET ALLOW PLAYER), and not yours"), "{r}");
    let (r, _) = g.send("stranger@example.test", "OBSERVE club");
    assert!(r.contains("takes only the addresses its master allows"), "{r}");
    let (r, _) = g.send("a01+dip@example.test", "SIGNON ?club apass1");
    assert!(r.contains("You joined game club"), "{r}");
    // the deny list is not looked at while the allow list has anyone
    to_game(&mut g, "club", &["SET DENY PLAYER a02@example.test".to_string()]);
    let (r, _) = g.send("a02@example.test", "SIGNON ?club apass2");
    assert!(r.contains("You joined game club"), "{r}");
    // one address a line, written after the list's name
    let r = to_game(&mut g, "club", &["SET ALLOW PLAYER".to_string(), "SET DENY PLAYER a@ b@".to_string()]);
    assert!(r.matches("SET ALLOW PLAYER takes one address").count() + r.matches("SET DENY PLAYER takes one address").count() == 2, "{r}");
}

#[test]
fn the_deny_list_keeps_fifty_addresses_out_until_taken_off() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?club gmpass standard");
    let fifty: Vec<String> = (1..=50).map(|i| format!("SET DENY PLAYER d{i:02}@example.test")).collect();
    let r = to_game(&mut g, "club", &fifty);
    assert!(!r.contains("Error:") && r.contains("The deny list has 50 of at most 50 addresses"), "{r}");
    let r = to_game(&mut g, "club", &["SET DENY PLAYERS d51@example.test".to_string()]);
    assert!(r.contains("the deny list has 50 addresses, the most"), "{r}");
    for (who, line) in [("d01@example.test", "SIGNON ?club dpass1"), ("D01+x@example.test", "SIGNON ?club dpass1"), ("d02@example.test", "OBSERVE club")] {
        let (r, _) = g.send(who, line);
        assert!(r.contains("game club's master does not let your address join nor observe it"), "{who}: {r}");
    }
    let (r, _) = g.send("other@example.test", "SIGNON ?club opass1");
    assert!(r.contains("You joined game club"), "{r}");
    let r = to_game(&mut g, "club", &["SET PLAYER DENY -d01@example.test".to_string()]);
    assert!(r.contains("d01@example.test is off the deny list. The deny list has 49"), "{r}");
    let (r, _) = g.send("d01@example.test", "SIGNON ?club dpass1");
    assert!(r.contains("You joined game club"), "{r}");
}

#[test]
fn an_unrated_game_counts_in_no_ones_record_and_an_unmoderated_one_is_unrated_unless_set() {
    let mut g = played();
    let on_record = |g: &mut Game| dedication(g, &player('A'));
    assert!(on_record(&mut g).contains("Dedication: 3 "), "rated by default (a moderated game)");
    let r = g.as_master("SET UNRATED").0;
    assert!(r.contains("The game is unrated: nothing in it counts in its players' judge-wide records"), "{r}");
    let r = on_record(&mut g);
    assert!(r.contains("Dedication: 0 ") && r.contains("On-time ratio: 1.000, a newcomer's (0 of 0"), "{r}");
    // the game's own LIST still counts who was late in it
    let (r, _) = g.send(&player('A'), "LIST demo");
    assert!(r.contains("Turkey 3 centres played, late 1 of 1"), "{r}");
    assert!(g.as_master("SET RATED").0.contains("The game is rated"));
    assert!(on_record(&mut g).contains("Dedication: 3 "));
    // njudge's default: an unmoderated game is unrated, unless the master says otherwise
    g.as_master("SET UNMODERATED\nSET NO RATED");
    g.as_master("SET MODERATED");
    assert!(on_record(&mut g).contains("Dedication: 0 "), "NO RATED stands when moderated");
    let mut g = played();
    g.as_master("SET UNMODERATED");
    assert!(on_record(&mut g).contains("Dedication: 0 "), "unmoderated: unrated");
    g.as_master("SET RATED");
    assert!(on_record(&mut g).contains("Dedication: 3 "), "unmoderated and SET RATED: rated");
    // CREATE's key
    let mut h = Game::started_with("rated=no");
    hold(&mut h, &['A', 'E', 'F', 'G', 'I', 'R', 'T']);
    assert!(dedication(&mut h, &player('A')).contains("Dedication: 0 "));
}

/// The keeper's password for the commands by mail, set by `mailjudge
/// keeper-password` (the real binary, on the game's database): one word
/// of 8 characters or more, at and past the limit.
fn keeper_password(g: &Game, pw: &str) {
    let cfg = g.w.dir.path().join("judge.toml");
    std::fs::write(&cfg, crate::common::config_text(g.w.dir.path(), 1000)).unwrap();
    let run = |input: &str| crate::common::binary::run(&["keeper-password", "--config", cfg.to_str().unwrap()], input);
    let (code, _, err) = run("seven77\n");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("one word of 8 characters or more"), "{err}");
    let (code, out, err) = run("eight888\n");
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = run(&format!("{pw}\n"));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("The keeper's password is set: ADJUST and RECORD by mail from keeper@example.test take it."), "{out}");
}

#[test]
fn the_keepers_adjust_and_record_change_a_record_by_mail_with_the_keepers_password() {
    let mut g = played();
    let a = player('A');
    let r = g.send(KEEPER, &format!("ADJUST {a} -50 kpass-secret")).0;
    assert!(r.contains("the keeper's commands by mail need the keeper's password, and none is set"), "{r}");
    keeper_password(&g, "kpass-secret");
    // from anyone else, or with another password: refused, and nothing changes
    let r = g.send(&a, &format!("ADJUST {a} 500 kpass-secret")).0;
    assert!(r.contains("only the judge's keeper may change a player's record"), "{r}");
    let r = g.send(KEEPER, &format!("ADJUST {a} 500 wrong-pass")).0;
    assert!(r.contains("that is not the keeper's password"), "{r}");
    assert!(dedication(&mut g, &a).contains("Dedication: 3 "));
    // ADJUST adds to the dedication
    let r = g.send(KEEPER, &format!("ADJUST {a} -50 kpass-secret")).0;
    assert!(r.contains("The keeper's ADJUST -50 is kept: the dedication of p1@example.test is -47 now."), "{r}");
    assert!(!r.contains("kpass-secret"), "the echo masks the password: {r}");
    let r = dedication(&mut g, &a);
    assert!(
        r.contains("Dedication: -47 (3 a phase ordered on time, less 1 a late notice, 50 a seat abandoned, 100 a civil disorder; -50 from the keeper)"),
        "{r}"
    );
    // RECORD sets a count (njudge's field numbers or names), and play counts on from it
    let r = g.send(KEEPER, &format!("RECORD {a} 2 10 kpass-secret")).0;
    assert!(r.contains("The keeper's RECORD is kept: p1@example.test has 10 phases due now"), "{r}");
    assert!(r.contains("On-time ratio: 0.100 (1 of 10 phases due ordered on time"), "{r}");
    let r = g.send(KEEPER, &format!("RECORD {a} ONTIME 10 kpass-secret\nRECORD {a} tookover 2 kpass-secret")).0;
    assert!(r.contains("On-time ratio: 1.000 (10 of 10") && r.contains("of 3 seats: 1 games started, 2 seats taken over"), "{r}");
    hold(&mut g, &['A', 'E', 'F', 'G', 'I', 'T']);
    if phase(&g) == "F1901M" {
        g.as_master("PROCESS!");
    }
    assert_ne!(phase(&g), "F1901M");
    let r = dedication(&mut g, &a);
    assert!(r.contains("On-time ratio: 1.000 (11 of 11 phases due"), "play counts on from the value set: {r}");
    // the limits, at and past them
    let r = g
        .send(
            KEEPER,
            &format!("ADJUST {a} 100000 kpass-secret\nADJUST {a} -100000 kpass-secret\nADJUST {a} 100001 kpass-secret\nADJUST {a} -100001 kpass-secret"),
        )
        .0;
    assert!(r.contains("The keeper's ADJUST +100000 is kept") && r.contains("The keeper's ADJUST -100000 is kept"), "{r}");
    assert!(r.contains("ADJUST 100001: write a whole number of points from -100000 to 100000") && r.contains("ADJUST -100001: write"), "{r}");
    let r = g
        .send(KEEPER, &format!("RECORD {a} 1 1000000 kpass-secret\nRECORD {a} 1 1000001 kpass-secret\nRECORD {a} 6 1 kpass-secret\nRECORD {a} 1 kpass-secret"))
        .0;
    assert!(r.contains("has 1000000 phases ordered on time now") && r.contains("RECORD value 1000001: write a whole number from 0 to 1000000"), "{r}");
    assert!(r.contains("RECORD 6: the fields are 1 (on time)") && r.contains("write RECORD address field value password"), "{r}");
    // the stored mail keeps no password
    assert!(!db::mails(g.w.db()).iter().any(|m| db::holds(&m.raw, "kpass-secret")), "a stored mail holds the keeper's password");
}

#[test]
fn set_level_takes_players_by_the_class_they_registered() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?club gmpass standard");
    let club = |line: &str| format!("SIGNON Mclub gmpass\n{line}");
    let register = |g: &mut Game, who: &str, level: &str| {
        let (r, _) = g.send(who, &format!("REGISTER\nName: {who}\nLevel: {level}\nEND"));
        assert!(r.contains("Registered as"), "{r}");
    };
    let join = |g: &mut Game, who: &str| g.send(who, "SIGNON ?club pass-one").0;
    let r = g.send(GM, &club("SET LEVEL EXPERT")).0;
    assert!(r.contains("Only players who registered as Expert may join or take over a seat"), "{r}");
    let r = join(&mut g, "n1@example.test");
    assert!(r.contains("game club takes Expert players only: REGISTER with a Level: line"), "{r}");
    register(&mut g, "n1@example.test", "Novice");
    assert!(join(&mut g, "n1@example.test").contains("game club takes Expert players only, and you registered as Novice"));
    // njudge's form left as it came names every class: no class
    register(&mut g, "n2@example.test", "Novice, Amateur, Intermediate, Advanced or Expert");
    assert!(join(&mut g, "n2@example.test").contains("REGISTER with a Level: line"));
    register(&mut g, "e1@example.test", "expert");
    assert!(join(&mut g, "e1@example.test").contains("You joined game club"));
    // the ranges: Advanced takes Intermediate and Expert, not an Amateur (who may be a Novice)
    g.send(GM, &club("SET LEVEL ADVANCED"));
    register(&mut g, "a1@example.test", "Amateur");
    assert!(join(&mut g, "a1@example.test").contains("takes Advanced (Intermediate or Expert) players only, and you registered as Amateur"));
    register(&mut g, "i1@example.test", "Intermediate player");
    assert!(join(&mut g, "i1@example.test").contains("You joined game club"));
    g.send(GM, &club("SET LEVEL AMATEUR"));
    assert!(join(&mut g, "a1@example.test").contains("You joined game club"));
    g.send(GM, &club("SET LEVEL ANY"));
    assert!(join(&mut g, "n2@example.test").contains("You joined game club"));
    // observers are not bound by it
    g.send(GM, &club("SET LEVEL EXPERT"));
    let (r, _) = g.send("watcher@example.test", "OBSERVE club");
    assert!(!r.contains("players only"), "{r}");
}

#[test]
fn set_access_takes_players_by_site() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?club gmpass standard");
    let club = |line: &str| format!("SIGNON Mclub gmpass\n{line}");
    let join = |g: &mut Game, who: &str| g.send(who, "SIGNON ?club pass-one").0;
    // SAME: the master's site (gm@example.test: example.test, no Site: registered)
    let r = g.send(GM, &club("SET ACCESS SAME-SITE")).0;
    assert!(r.contains("Only players of your site may join"), "{r}");
    let r = join(&mut g, "p@far.example");
    assert!(r.contains("game club takes players of its master's site only, and yours is far.example"), "{r}");
    assert!(join(&mut g, "near@example.test").contains("You joined game club"));
    // a registered Site: counts before the domain
    let (r, _) = g.send("hodunk@example.test", "REGISTER\nName: H\nSite: University of   Hodunk\nEND");
    assert!(r.contains("Registered as"), "{r}");
    assert!(join(&mut g, "hodunk@example.test").contains("and yours is university of hodunk"));
    // DIFFERENT: one player a site
    g.send(GM, &club("SET ACCESS DIFFERENT"));
    assert!(join(&mut g, "x@a.example").contains("You joined game club"));
    let r = join(&mut g, "y@a.example");
    assert!(r.contains("game club takes one player a site, and a player of yours (a.example) is in it"), "{r}");
    assert!(join(&mut g, "hodunk@example.test").contains("You joined game club"), "Hodunk is no other player's site");
    let r = join(&mut g, "other@example.test");
    assert!(r.contains("a player of yours (example.test) is in it"), "{r}");
    g.send(GM, &club("SET ACCESS ANY"));
    assert!(join(&mut g, "y@a.example").contains("You joined game club"));
}
