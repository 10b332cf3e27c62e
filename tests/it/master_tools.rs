//! The master's tools (issue 22, item 6), by mail: PROMOTE and DEMOTE
//! (co-masters, at most four), SET COMMENT (at most 60 characters), UNSTART,
//! FORCE BEGIN, SET MANUAL START and SET MANUAL PROCESS, ROLLFORWARD after a
//! ROLLBACK, RESUME of a finished game, and a command the judge does not know.

use crate::common;
use common::db;
use common::game::{GM, Game, flat};

/// The password the judge mailed a new co-master.
fn co_password(sent: &[common::Sent], who: &str) -> String {
    let mail = sent.iter().find(|s| s.to == who && s.subject == "Game demo: you are a co-master").expect("the co-master's mail");
    let line = mail.body.lines().find(|l| l.trim_start().starts_with("SIGNON *demo ")).unwrap();
    line.split_whitespace().nth(2).unwrap().to_string()
}

#[test]
fn an_observer_promoted_is_a_co_master_who_masters_but_cannot_promote() {
    let mut g = Game::started();
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nPROMOTE stranger@example.test");
    assert!(r.contains("stranger@example.test does not observe game demo"), "{r}");
    g.observe("co@example.test");
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nPROMOTE co@example.test");
    assert!(r.contains("co@example.test is now a co-master of game demo"), "{r}");
    let pw = co_password(&sent, "co@example.test");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nPROMOTE co@example.test");
    assert!(r.contains("co@example.test is a co-master of game demo already"), "{r}");
    // the co-master signs on with its own password and uses the master's commands ...
    let (r, _) = g.send("co@example.test", &format!("SIGNON *demo {pw}\nSET COMMENT run by two\nLIST demo\nPROMOTE obs@example.test"));
    assert!(r.contains("Game demo's comment is now: run by two"), "{r}");
    assert!(r.contains("Co-masters: co@example.test") && r.contains("Comment: run by two"), "{r}");
    // ... but not PROMOTE
    assert!(r.contains("only the master of game demo may do that, not a co-master"), "{r}");
    // the master's password is not the co-master's, nor the reverse
    let (r, _) = g.send(GM, &format!("SIGNON Mdemo {pw}\nPAUSE"));
    assert!(r.contains("wrong master password"), "{r}");
    // DEMOTE: the password no longer opens anything
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nDEMOTE co@example.test\nDEMOTE co@example.test");
    assert!(r.contains("co@example.test is no longer a co-master of game demo") && r.contains("co@example.test is not a co-master of game demo"), "{r}");
    let (r, _) = g.send("co@example.test", &format!("SIGNON *demo {pw}\nPAUSE"));
    assert!(r.contains("wrong master password") && !r.contains("Game demo paused"), "{r}");
}

#[test]
fn a_game_has_at_most_four_co_masters() {
    let mut g = Game::started();
    for n in 1..=5 {
        g.observe(&format!("co{n}@example.test"));
    }
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nPROMOTE co1@example.test\nPROMOTE co2@example.test\nPROMOTE co3@example.test\nPROMOTE co4@example.test");
    assert_eq!(r.matches("is now a co-master").count(), 4, "{r}");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nPROMOTE co5@example.test");
    assert!(r.contains("a game has at most 4 co-masters"), "{r}");
    assert_eq!(db::only_game(g.w.db()).settings.co_masters.len(), 4);
}

#[test]
fn a_comment_is_at_most_sixty_characters_and_shown_by_list() {
    let mut g = Game::started();
    let at = "c".repeat(60);
    let (r, _) = g.send(GM, &format!("SIGNON Mdemo gmpass\nSET COMMENT {at}x"));
    assert!(r.contains("a comment is at most 60 characters; this one has 61"), "{r}");
    let (r, _) = g.send(GM, &format!("SIGNON Mdemo gmpass\nSET COMMENT {at}"));
    assert!(r.contains(&format!("comment is now: {at}")), "{r}");
    let (r, _) = g.send("anyone@example.test", "LIST");
    assert!(r.contains(&at), "{r}");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET COMMENT");
    assert!(r.contains("Game demo has no comment now."), "{r}");
    assert_eq!(db::only_game(g.w.db()).settings.comment, None);
}

#[test]
fn unknown_commands_are_named_and_a_terminated_game_resumes() {
    let mut g = Game::started();
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nFROBNICATE now\nPROCES");
    assert!(r.contains("unknown command `FROBNICATE`"), "{r}");
    assert!(r.contains("unknown command `PROCES`; did you mean PROCESS?"), "{r}");
    assert!(!r.contains("BECOME a power first"), "{r}");
    // a player's typo of a command, and its orders still orders
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nWHOGAM demo\nA PAR-BUR\nParis - Picardy");
    assert!(r.contains("unknown command `WHOGAM`; did you mean WHOGAME?"), "{r}");
    assert!(r.contains("A PAR - BUR: accepted.") && r.contains("A PAR - PIC: accepted."), "{r}");
    // njudge's RESUME of a terminated game: it plays on from the phase it stood at
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nTERMINATE");
    assert!(r.contains("terminated"), "{r}");
    assert_eq!((g.status(), g.row().deadline), ("finished".to_string(), None));
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nRESUME");
    assert!(r.contains("Game demo resumed: it had ended (The master terminated the game); it plays on from Spring 1901 movement, deadline "), "{r}");
    assert!(!r.contains("would end the same way"), "{r}");
    assert_eq!(g.status(), "active");
    assert!(g.row().ending.is_none() && g.row().deadline.is_some());
    let told = sent.iter().find(|s| s.to == "p1@example.test").expect("the players are told");
    assert!(told.body.contains("Game demo resumes: it had ended (The master terminated the game), and plays on from Spring 1901 movement."), "{}", told.body);
    // France's orders from before still stand
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nF BRE H");
    assert!(r.contains("A PAR - PIC"), "{r}");
    // a player may not, unless the game is SET RESUME
    g.send(GM, "SIGNON Mdemo gmpass\nTERMINATE");
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nRESUME");
    assert!(!r.contains("resumed"), "{r}");
    assert_eq!(g.status(), "finished");
}

#[test]
fn a_game_resumed_after_its_last_year_is_told_it_would_end_again() {
    let mut g = Game::started_with("end=1901");
    for _ in 0..2 {
        g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    }
    assert_eq!(g.status(), "finished", "a short game ends after its last year");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nRESUME");
    assert!(
        r.contains("it plays on from Spring 1902 movement")
            && r.contains("It would end the same way at the next phase processed: raise SET CENTERS or SET END first."),
        "{r}"
    );
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET END 1902\nPROCESS!");
    assert!(!r.contains("Error") && !r.contains("Internal error"), "{r}");
    assert_eq!((g.status(), g.phase(&mailjudge::map::Variant::standard())), ("active".to_string(), "F1902M".to_string()));
}

#[test]
fn unstart_takes_a_started_game_back_to_forming_and_force_begin_starts_it_again() {
    let mut g = Game::started();
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nUNSTART");
    assert!(r.contains("Game demo is forming again, its players kept"), "{r}");
    assert!(sent.iter().any(|s| s.to == "p1@example.test" && s.subject == "Game demo is forming again"));
    let row = db::only_game(g.w.db());
    assert_eq!((row.status.as_str(), row.position.is_none(), row.deadline), ("forming", true, None));
    let players: Vec<_> = db::players(g.w.db()).into_iter().filter(|p| p.role.as_str() == "player").collect();
    assert_eq!(players.len(), 7);
    assert!(players.iter().all(|p| p.power.is_none()), "{players:?}");
    // it waits for its master: no eighth player, and no start by itself
    let (r, _) = g.send("p8@example.test", "SIGNON ?demo pw-eight");
    assert!(r.contains("every seat of game demo is taken; it starts when its master says so"), "{r}");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nUNSTART\nFORCE BEGIN");
    assert!(r.contains("game demo is forming: only a started game can be unstarted"), "{r}");
    assert!(r.contains("Game demo has begun."), "{r}");
    assert_eq!(g.status(), "active");
    assert_eq!(db::players(g.w.db()).iter().filter(|p| p.power.is_some()).count(), 7);
    // once a phase is processed, UNSTART is too late
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!\nUNSTART");
    assert!(r.contains("Spring 1901 movement processed") && r.contains("game demo has processed a phase"), "{r}");
}

#[test]
fn force_begin_starts_a_game_with_empty_seats_vacant() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nFORCE BEGIN");
    assert!(r.contains("nobody has joined game demo yet"), "{r}");
    g.send("p1@example.test", "SIGNON ?demo pw-one");
    g.send("p2@example.test", "SIGNON ?demo pw-two");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nFORCE BEGIN");
    assert!(r.contains("Game demo has begun. Vacant, open to SIGNON ?demo:"), "{r}");
    assert_eq!(g.status(), "active");
    assert_eq!(db::players(g.w.db()).iter().filter(|p| p.power.is_some()).count(), 2);
    // the empty seats are open: listed, and taken over
    let (r, _) = g.send("new@example.test", "SIGNON ?");
    assert!(r.contains("demo") && r.contains("running, vacant:"), "{r}");
    let (r, _) = g.send("new@example.test", "SIGNON ?demo newpass");
    assert!(r.contains("You asked to take over"), "{r}");
}

#[test]
fn manual_start_waits_for_the_master_and_auto_start_starts_a_full_game() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard\nSET MANUAL START");
    for n in 1..=7 {
        g.send(&format!("p{n}@example.test"), &format!("SIGNON ?demo pw-{n}xx"));
    }
    assert_eq!(g.status(), "forming");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET MANUAL NONSENSE\nSET AUTO START");
    assert!(r.contains("write SET MANUAL START, SET MANUAL PROCESS"), "{r}");
    assert!(r.contains("starts by itself") && r.contains("Game demo has begun."), "{r}");
    assert_eq!(g.status(), "active");
}

#[test]
fn manual_process_never_processes_at_a_deadline() {
    let mut g = Game::started();
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET MANUAL PROCESS");
    assert!(r.contains("processed only by your PROCESS"), "{r}");
    let seq = g.seq();
    let sent = g.pass_deadline();
    assert_eq!(g.seq(), seq, "not processed at the deadline");
    let told = sent.iter().find(|s| s.to == GM).expect("the master is told");
    assert!(flat(&told.body).contains("processed by hand (SET MANUAL PROCESS)"), "{}", told.body);
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    assert!(r.contains("Spring 1901 movement processed"), "{r}");
    assert_eq!(g.seq(), seq + 1);
    // the next deadline passes too; SET AUTO PROCESS puts the game back on its clock
    g.pass_deadline();
    assert_eq!(g.seq(), seq + 1);
    g.send(GM, "SIGNON Mdemo gmpass\nSET AUTO PROCESS");
    g.w.step();
    assert_eq!(g.seq(), seq + 2, "processed once back in automatic processing");
}

#[test]
fn rollforward_plays_the_undone_phases_again_to_the_same_position() {
    let mut g = Game::started();
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR\nA MAR-SPA\nF BRE-MAO");
    g.send("p4@example.test", "SIGNON Gdemo pw-four\nA MUN-RUH\nF KIE-DEN\nA BER-KIE");
    g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA SPA-POR\nF MAO S A SPA-POR");
    g.send("p4@example.test", "SIGNON Gdemo pw-four\nF DEN-SWE\nA RUH-HOL");
    g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    let before = db::only_game(g.w.db());
    assert_eq!(before.seq, 3, "Spring and Fall 1901 moves processed (no retreats)");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nROLLFORWARD");
    assert!(r.contains("game demo has no rolled-back phases that follow its current one"), "{r}");
    // back to the start, then forward one phase, then the rest
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nROLLBACK S1901M\nROLLFORWARD F1905M\nROLLFORWARD S1901M");
    assert!(r.contains("Rolled back to Spring 1901 movement."), "{r}");
    assert!(r.contains("do not include F1905M"), "{r}");
    assert!(r.contains("Rolled forward 1 phase(s); the game is now at Fall 1901 movement."), "{r}");
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nROLLFORWARD ALL");
    assert!(r.contains("Rolled forward 1 phase(s); the game is now at"), "{r}");
    assert!(sent.iter().any(|s| s.to == "p1@example.test" && s.subject.contains("Fall 1901 movement results")));
    let after = db::only_game(g.w.db());
    assert_eq!((after.seq, after.position.as_ref()), (before.seq, before.position.as_ref()));
    // the replayed phases' reports are the same as the first time's
    let line = db::phases(g.w.db()).into_iter().filter(|p| p.undone.is_none()).map(|p| p.stored.results).collect::<Vec<_>>();
    let first = db::phases(g.w.db()).into_iter().filter(|p| p.branch == 1).map(|p| p.stored.results).collect::<Vec<_>>();
    assert_eq!(line, first);
    // the whole branch is played: nothing more to roll forward
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nROLLFORWARD");
    assert!(r.contains("no rolled-back phases"), "{r}");
}

#[test]
fn the_masters_broadcast_is_an_announcement_to_everyone_even_without_press() {
    let mut g = Game::started_with("press=none");
    g.observe("watcher@example.test");
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nBROADCAST\nhello all\nENDPRESS");
    assert!(r.contains("Error"), "players have no press in this game: {r}");
    let (_, sent) = g.send(GM, "SIGNON Mdemo gmpass\nBROADCAST\nThe deadline moves to Friday.\nENDPRESS");
    for to in ["p1@example.test", "p7@example.test", "watcher@example.test"] {
        let m = sent.iter().find(|s| s.to == to && s.body.contains("The deadline moves to Friday.")).unwrap_or_else(|| panic!("no announcement to {to}"));
        assert!(flat(&m.body).contains("The master"), "{}", m.body);
    }
}
