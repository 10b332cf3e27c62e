//! Civil disorder by mail, as njudge has it (docs/RULES.md, "Civil
//! disorder"): a vacant power goes into it when a phase is processed, a
//! player who misses `SET CD AFTER n` phases in a row too; nobody waits for
//! it, it has no vote, the table is told (unless the game is quiet), a
//! takeover or the player's return ends it, and LIST, the board and the
//! results show it. Also the players' late counts.

use crate::common;
use common::db;
use common::game::*;
use common::{Sent, to};
use mailjudge::map::Variant;

fn as_power(g: &mut Game, l: char, text: &str) -> (String, Vec<Sent>) {
    g.as_power(l, text)
}

/// The spring 1901 holds of every power but those in `except`.
fn hold_all_but(g: &mut Game, except: &[char]) {
    for (l, orders) in HOLDS {
        if !except.contains(&l) {
            as_power(g, l, orders);
        }
    }
}

fn as_master(g: &mut Game, text: &str) -> (String, Vec<Sent>) {
    g.as_master(text)
}

fn phase(g: &Game) -> String {
    g.phase(&Variant::standard())
}

/// Runs the judge past the end of the current phase's grace period.
fn past_grace(g: &mut Game) -> Vec<Sent> {
    let grace = g.row().grace_until.expect("a grace period");
    g.w.set_time(grace + 60);
    g.w.step().1
}

fn with_subject<'a>(sent: &'a [Sent], addr: &str, subject: &str) -> Option<&'a Sent> {
    to(sent, addr).into_iter().find(|s| s.subject == subject)
}

#[test]
fn a_vacant_power_goes_into_civil_disorder_and_then_holds_nobody_up() {
    let mut g = Game::started_with("");
    // Italy resigns: the table hears its seat is open
    let (r, sent) = as_power(&mut g, 'I', "RESIGN");
    assert!(r.contains("You have resigned from game demo."), "{r}");
    let notice = with_subject(&sent, "p1@example.test", "Game demo: Italy is vacant").expect("the table is told");
    assert!(flat(&notice.body).contains("The player of Italy resigned."), "{}", notice.body);
    assert!(
        flat(&notice.body).contains("anyone not playing in game demo may take it over with SIGNON ?demo password, with the master's approval"),
        "{}",
        notice.body
    );
    assert!(with_subject(&sent, GM, "Game demo: Italy is vacant").is_some());
    // every other power orders: a vacant power (not yet in civil disorder) still owes orders
    hold_all_but(&mut g, &['I']);
    assert_eq!(phase(&g), "S1901M", "Italy's orders are missing");
    // the grace period ends: processed with the defaults, Italy in civil disorder
    let sent = past_grace(&mut g);
    assert_eq!(phase(&g), "F1901M");
    let cd = with_subject(&sent, "p2@example.test", "Game demo: civil disorder").expect("the table is told of the civil disorder");
    let body = flat(&cd.body);
    assert!(body.contains("Italy is in civil disorder from Spring 1901 movement: no one held it when the phase was processed."), "{body}");
    assert!(body.contains("Italy is open: anyone not playing in game demo may take it over"), "{body}");
    let results = to(&sent, "p2@example.test").into_iter().find(|s| s.body.contains("Spring 1901 movement results")).expect("results");
    assert!(flat(&results.body).contains("In civil disorder: Italy (since Spring 1901 movement)"), "{}", results.body);
    // now nobody waits for Italy: the six others' orders process the phase at once
    hold_all_but(&mut g, &['I']);
    assert_eq!(phase(&g), "S1902M", "processed early without Italy");
    // LIST shows it
    let (r, _) = g.send("p9@example.test", "LIST demo");
    assert!(r.contains("Italy 3 centres civil disorder since Spring 1901 movement"), "{r}");
    assert!(r.contains("In civil disorder: Italy (since Spring 1901 movement)"), "{r}");
    // and a player's reply shows it under the board
    let (r, _) = as_power(&mut g, 'E', "A LVP H");
    assert!(r.contains("In civil disorder: Italy (since Spring 1901 movement)"), "{r}");
}

#[test]
fn a_power_in_civil_disorder_has_no_vote_and_blocks_no_draw() {
    let mut g = Game::started_with("");
    as_power(&mut g, 'I', "RESIGN");
    // a vacant power blocks the draw until it is in civil disorder
    for l in ['A', 'E', 'F', 'G', 'R', 'T'] {
        let (r, _) = as_power(&mut g, l, "SET DRAW");
        assert!(!r.contains("The game is over"), "{r}");
    }
    as_master(&mut g, "PROCESS!");
    assert_eq!(phase(&g), "F1901M");
    assert_eq!(g.loaded().disorder.len(), 1);
    // votes hold for one phase: processing cleared them
    assert!(db::players(g.w.db()).iter().all(|p| p.draw.is_none()), "draw votes cleared by processing");
    for l in ['A', 'E', 'F', 'G', 'R'] {
        as_power(&mut g, l, "SET DRAW");
    }
    let (r, _) = as_power(&mut g, 'T', "SET DRAW");
    assert!(r.contains("The game is over: Draw declared in Fall 1901 movement between Austria, England, France, Germany, Italy, Russia, Turkey."), "{r}");
}

#[test]
fn a_takeover_ends_civil_disorder_restarts_the_deadline_and_is_announced() {
    let mut g = Game::started_with("");
    as_power(&mut g, 'I', "RESIGN");
    as_master(&mut g, "PROCESS!");
    assert!(g.loaded().in_disorder(4));
    let before = g.deadline();
    // a day later someone takes Italy over, with the master's approval
    g.w.set_time(g.w.now + 86_400);
    let (r, _) = g.send("new@example.test", "SIGNON ?demo newpass");
    assert!(r.contains("You asked to take over Italy"), "{r}");
    let (r, sent) = as_master(&mut g, "APPROVE Italy");
    assert!(r.contains("new@example.test now plays Italy"), "{r}");
    let game = g.loaded();
    assert!(!game.in_disorder(4), "out of civil disorder");
    assert!(g.deadline() > before, "the phase's time starts again: {} > {before}", g.deadline());
    let approved = with_subject(&sent, "new@example.test", "Game demo: you now play Italy").expect("the approval");
    assert!(flat(&approved.body).contains("WAIT is set for you"), "{}", approved.body);
    let told = with_subject(&sent, "p1@example.test", "Game demo: Italy taken over").expect("the table is told");
    assert!(flat(&told.body).contains("A new player took over Italy.") && flat(&told.body).contains("its deadline is now"), "{}", told.body);
    assert!(game.player_for(4).is_some_and(|p| p.wait), "the new player waits");
}

#[test]
fn missing_phases_in_a_row_puts_a_power_in_civil_disorder_until_its_player_returns() {
    let mut g = Game::started_with("cd_after=1");
    hold_all_but(&mut g, &['T']);
    past_grace(&mut g);
    assert_eq!(phase(&g), "F1901M");
    let game = g.loaded();
    assert!(game.in_disorder(6), "Turkey missed a phase");
    let pl = game.player_for(6).unwrap();
    assert_eq!(game.record_of(pl.id).missed, 1);
    // the others' orders now suffice
    hold_all_but(&mut g, &['T']);
    assert_eq!(phase(&g), "S1902M");
    // Turkey's player signs on again: back, and the table is told
    let (r, sent) = as_power(&mut g, 'T', "");
    assert!(r.contains("Turkey is no longer in civil disorder: welcome back."), "{r}");
    assert!(with_subject(&sent, "p1@example.test", "Game demo: Turkey is played again").is_some());
    assert!(!g.loaded().in_disorder(6));
}

#[test]
fn the_master_declares_and_lifts_civil_disorder_and_sets_its_count() {
    let mut g = Game::started_with("");
    let (r, _) = as_master(&mut g, "SET CD France");
    assert!(r.contains("France is in civil disorder from Spring 1901 movement."), "{r}");
    let (r, _) = as_master(&mut g, "SET CD France");
    assert!(r.contains("France is already in civil disorder."), "{r}");
    // France holds nobody up
    hold_all_but(&mut g, &['F']);
    assert_eq!(phase(&g), "F1901M");
    let (r, _) = as_master(&mut g, "SET NO CD France");
    assert!(r.contains("France is no longer in civil disorder."), "{r}");
    assert!(!g.loaded().in_disorder(2));
    // the number of missed phases: 1 to 12, or none
    let (r, _) = as_master(&mut g, "SET CD AFTER 12");
    assert!(r.contains("misses 12 phases in a row goes into civil disorder"), "{r}");
    let (r, _) = as_master(&mut g, "SET CD AFTER 13");
    assert!(r.contains("SET CD AFTER 13: write a number of missed phases in a row from 1 to 12, or NONE"), "{r}");
    let (r, _) = as_master(&mut g, "SET CD AFTER 0");
    assert!(r.contains("Missed phases put no power in civil disorder"), "{r}");
    assert_eq!(g.row().settings.cd_after, None);
    // SET CD alone is njudge's SET NMR
    let (r, _) = as_master(&mut g, "SET NO CD");
    assert!(r.contains("waits for you") || r.contains("the game waits"), "{r}");
    assert_eq!(g.row().settings.nmr, mailjudge::store::games::Nmr::WaitForMaster);
    // only the master
    let (r, _) = as_power(&mut g, 'E', "SET CD France");
    assert!(r.contains("only the master"), "{r}");
}

#[test]
fn a_quiet_game_tells_the_master_alone() {
    let mut g = Game::started_with("quiet=yes");
    let (_, sent) = as_power(&mut g, 'I', "RESIGN");
    assert!(with_subject(&sent, "p1@example.test", "Game demo: Italy is vacant").is_none(), "not announced");
    let (_, sent) = as_master(&mut g, "PROCESS!");
    let cd: Vec<&Sent> = sent.iter().filter(|s| s.subject == "Game demo: civil disorder").collect();
    assert_eq!(cd.len(), 1, "one notice");
    assert_eq!(cd[0].to, GM, "to the master only");
}

#[test]
fn nobody_playing_means_no_phase_follows_another_at_once() {
    let mut g = Game::started_with("");
    for l in ['A', 'E', 'F', 'G', 'I', 'R', 'T'] {
        as_master(&mut g, &format!("SET CD {l}"));
    }
    assert_eq!(phase(&g), "S1901M", "every power in civil disorder: the phase waits for its deadline");
    let d = g.deadline();
    g.w.set_time(d + 60);
    g.w.step();
    assert_eq!(phase(&g), "F1901M", "processed at the deadline, nobody late");
}

#[test]
fn list_shows_each_players_late_count() {
    let mut g = Game::started_with("");
    hold_all_but(&mut g, &['T']);
    let d = g.deadline();
    g.w.set_time(d + 3600);
    g.w.step();
    // Turkey orders during the grace period: late
    as_power(&mut g, 'T', "F ANK H\nA CON H\nA SMY H");
    assert_eq!(phase(&g), "F1901M");
    let (r, _) = g.send("p9@example.test", "LIST demo");
    assert!(r.contains("Turkey 3 centres played, late 1 of 1"), "{r}");
    assert!(r.contains("Austria 3 centres played, late 0 of 1"), "{r}");
    // a player's own record on the judge (njudge's dedication)
    let (r, _) = g.send("p7@example.test", "LIST demo");
    assert!(r.contains("Your record on this judge: 1 seat(s); of 1 phase(s) due, 0 on time, 1 late, 0 missed; civil disorder 0 time(s)."), "{r}");
    let (r, _) = g.send("p1@example.test", "LIST demo");
    assert!(r.contains("of 1 phase(s) due, 1 on time, 0 late"), "{r}");
}
