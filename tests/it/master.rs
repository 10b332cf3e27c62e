//! The master's commands and the rarer player commands, by mail on a started game:
//! PROCESS (refused while orders are missing) and PROCESS!, PREDICT, PAUSE/RESUME,
//! EJECT and a new player taking the power over, BECOME, SET DEADLINE, ROLLBACK,
//! SET ABSENCE pushing the deadline, CLEAR, RESIGN, concession, TERMINATE, and a
//! player trying master commands.

use crate::common;
use common::db::{self, count};
use common::game::{GM, Game, flat};

#[test]
fn master_commands() {
    let mut g = Game::started();
    // a player cannot use master commands
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nPROCESS!\nPAUSE");
    assert!(r.contains("only the master of game demo may do that"), "{r}");
    // wrong master password
    let (r, _) = g.send(GM, "SIGNON Mdemo nope\nPROCESS!");
    assert!(r.contains("wrong master password") && r.contains("not signed on"), "{r}");
    // PROCESS refuses while orders are missing; PREDICT shows what would happen
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS\nBECOME France\nA PAR-BUR\nSIGNON Mdemo gmpass\nPREDICT");
    assert!(r.contains("orders are missing from Austria, England, France"), "{r}");
    assert!(r.contains("A PAR - BUR: accepted."), "{r}");
    assert!(r.contains("PREDICTION") && r.contains("A PAR - BUR") && r.contains("Next phase: Fall 1901 movement"), "{r}");
    assert!(!sent.iter().any(|s| s.subject.contains("results")), "PREDICT mails no report");
    // PAUSE: deadlines stop; RESUME with a passed deadline gives a new one
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nPAUSE");
    assert!(r.contains("Game demo paused."), "{r}");
    assert_eq!(sent.iter().filter(|s| s.subject == "Game demo is paused").count(), 9); // 7 players, the master, the list
    let d = db::only_game(g.w.db()).deadline.unwrap();
    g.w.set_time(d + 10 * 86_400);
    let (step, _) = g.w.step();
    assert_eq!(step.phases, 0, "a paused game is not processed");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nRESUME");
    assert!(r.contains("Game demo resumed; deadline"), "{r}");
    assert!(db::only_game(g.w.db()).deadline.unwrap() > g.w.now);
    // SET DEADLINE, then an absence that covers it pushes it
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET DEADLINE +2 days");
    assert!(r.contains("Deadline set to"), "{r}");
    let d = db::only_game(g.w.db()).deadline.unwrap();
    assert_eq!(d, g.w.now + 2 * 86_400);
    let (r, sent) = g.send("p2@example.test", "SIGNON Edemo pw-two\nSET ABSENCE +1 day TO +4 days");
    assert!(r.contains("The current deadline moves to"), "{r}");
    assert_eq!(db::only_game(g.w.db()).deadline.unwrap(), g.w.now + 4 * 86_400);
    assert!(sent.iter().any(|s| s.to == "p1@example.test" && s.subject == "Game demo: deadline moved"));
    // EJECT frees a power; a newcomer takes it over with SIGNON ?game
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nEJECT Turkey");
    assert!(r.contains("Turkey is now vacant"), "{r}");
    assert!(sent.iter().any(|s| s.to == "p7@example.test" && s.subject.contains("removed")));
    // (njudge's SIGNON Tdemo for a vacant Turkey is a takeover: not for the ejected player)
    let (r, _) = g.send("p7@example.test", "SIGNON Tdemo pw-seven\nF ANK-BLA");
    assert!(r.contains("the master removed you from game demo"), "{r}");
    // the ejected player cannot come back through the join door either
    let (r, _) = g.send("p7@example.test", "SIGNON ?demo another");
    assert!(r.contains("the master removed you from game demo"), "{r}");
    // a newcomer asks; the master approves
    let (r, sent) = g.send("new@example.test", "SIGNON ?demo newpass\nF ANK-BLA");
    assert!(r.contains("You asked to take over Turkey in game demo: the master decides"), "{r}");
    assert!(!r.contains("F ANK - BLA: accepted"), "{r}");
    assert!(sent.iter().any(|s| s.to == GM && s.subject == "Game demo: new@example.test asks to take over Turkey"));
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nAPPROVE Turkey");
    assert!(r.contains("new@example.test now plays Turkey."), "{r}");
    assert!(sent.iter().any(|s| s.to == "new@example.test" && s.subject == "Game demo: you now play Turkey"));
    let (r, _) = g.send("new@example.test", "SIGNON Tdemo newpass\nF ANK-BLA");
    assert!(r.contains("F ANK - BLA: accepted."), "{r}");
    // CLEAR drops a power's orders
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nCLEAR\nA MAR-SPA");
    assert!(r.contains("Cleared: 1 order(s) dropped.") && r.contains("Your orders now: A MAR - SPA"), "{r}");
    // PROCESS! with missing orders: defaults, report to all
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    assert!(r.contains("Spring 1901 movement processed"), "{r}");
    let rep = sent.iter().find(|s| s.to == "new@example.test" && s.subject == "Game demo: Spring 1901 movement results").expect("report to the new Turkey");
    assert!(flat(&rep.body).contains("F ANK - BLA"));
    assert!(flat(&rep.body).contains("No orders received from: Austria, England, Germany, Italy, Russia"), "{}", rep.body);
    assert!(!sent.iter().any(|s| s.to == "p7@example.test" && s.subject.contains("results")), "the ejected player gets no reports");
    // ROLLBACK to Spring 1901: orders must be sent again
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nROLLBACK S1901M");
    assert!(r.contains("Rolled back to Spring 1901 movement."), "{r}");
    assert!(sent.iter().any(|s| s.subject == "Game demo rolled back"));
    // the phase rolled back stays in the record, as the game's first branch
    assert_eq!(count(db::phases(g.w.db()), |p| p.undone.is_none()), 0);
    assert_eq!(count(db::phases(g.w.db()), |p| p.branch == 1 && p.undone.is_some()), 1);
    assert_eq!(count(db::orders(g.w.db()), |o| o.active), 0);
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-PIC");
    assert!(r.contains("Game demo, France: Spring 1901 movement") && r.contains("A PAR - PIC: accepted."), "{r}");
    // a player resigns; concession by all the others ends the game
    let (r, _) = g.send("p5@example.test", "SIGNON Idemo pw-five\nRESIGN");
    assert!(r.contains("You have resigned from game demo."), "{r}");
    for (who, pw, l) in [("p1", "pw-one", 'A'), ("p2", "pw-two", 'E'), ("p3", "pw-three", 'F'), ("p4", "pw-four", 'G'), ("new", "newpass", 'T')] {
        let (r, _) = g.send(&format!("{who}@example.test"), &format!("SIGNON {l}demo {pw}\nSET CONCEDE Russia"));
        assert!(r.contains("You concede to Russia"), "{r}");
        assert!(!r.contains("The game is over"), "Italy has no player: no concession yet\n{r}");
    }
    // the master ends it
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nTERMINATE");
    assert!(r.contains("Game demo terminated."), "{r}");
    assert_eq!(sent.iter().filter(|s| s.subject == "Game demo is over").count(), 8); // Italy resigned: 6 players, the master, the list
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    assert!(r.contains("game demo is finished"), "{r}");
}

#[test]
fn concession_ends_the_game() {
    let mut g = Game::started();
    // Russia, with four centres, is the largest power: the only one conceded to
    for (who, pw, l) in
        [("p1", "pw-one", 'A'), ("p2", "pw-two", 'E'), ("p3", "pw-three", 'F'), ("p4", "pw-four", 'G'), ("p5", "pw-five", 'I'), ("p7", "pw-seven", 'T')]
    {
        g.send(&format!("{who}@example.test"), &format!("SIGNON {l}demo {pw}\nSET CONCEDE R"));
    }
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "finished"), 1);
    let result = mailjudge::report::say::game::result(&db::only_game(g.w.db())).expect("a result");
    assert!(result.contains("Russia wins"), "{result}");
}
