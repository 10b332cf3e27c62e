//! The game's record by mail: ROLLBACK keeps the phases it replaces as a
//! marked branch (HISTORY game UNDONE), HISTORY reads press back (broadcasts
//! while the game runs, all press after it, grey press unsigned), SUMMARY
//! names who played each power and when (takeovers included) once the game
//! is over or at any time when it is not anonymous, and SET MAP / SET NO MAP.

use crate::common;
use common::db::{self, count};
use common::game::{GM, Game, broadcast};
use mailjudge::map::Variant;
use mailjudge::store::games::MapPref;

const FRANCE: &str = "SIGNON Fdemo pw-three";
const ENGLAND: &str = "SIGNON Edemo pw-two";
const MASTER: &str = "SIGNON Mdemo gmpass";

#[test]
fn rollback_keeps_the_phases_it_replaces_as_a_marked_branch() {
    let mut g = Game::started();
    g.send("p3@example.test", &format!("{FRANCE}\nA PAR-BUR"));
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    g.send("p3@example.test", &format!("{FRANCE}\nA BUR-MUN"));
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    assert_eq!(count(db::phases(g.w.db()), |p| p.undone.is_none()), 2);
    // the first rollback: both phases become branch 1
    let (r, _) = g.send(GM, &format!("{MASTER}\nROLLBACK S1901M"));
    assert!(r.contains("Rolled back to Spring 1901 movement."), "{r}");
    assert_eq!(count(db::phases(g.w.db()), |p| p.undone.is_none()), 0);
    assert_eq!(count(db::phases(g.w.db()), |p| p.branch == 1), 2);
    // played again otherwise
    g.send("p3@example.test", &format!("{FRANCE}\nA PAR-PIC"));
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    let (r, _) = g.send("outsider@example.test", "HISTORY demo");
    assert!(r.contains("A PAR - PIC"), "{r}");
    assert!(!r.contains("A PAR - BUR"), "the replaced phase is not on the game's line\n{r}");
    assert!(r.contains("The master rolled this game back 1 time(s)") && r.contains("HISTORY demo UNDONE"), "{r}");
    // the replaced phases, marked
    let (r, _) = g.send("outsider@example.test", "HISTORY demo UNDONE");
    assert!(r.contains("Rollback 1 ("), "{r}");
    assert_eq!(r.matches("[REPLACED by rollback 1: not part of the game]").count(), 2, "{r}");
    assert!(r.contains("A PAR - BUR") && r.contains("A BUR - MUN"), "{r}");
    assert!(!r.contains("A PAR - PIC"), "{r}");
    // a phase only in a branch cannot be rolled back to
    let (r, _) = g.send(GM, &format!("{MASTER}\nROLLBACK F1901M"));
    assert!(!r.contains("Rolled back"), "{r}");
    // a second rollback is branch 2; branch 1 is untouched
    let (r, _) = g.send(GM, &format!("{MASTER}\nROLLBACK S1901M"));
    assert!(r.contains("Rolled back to Spring 1901 movement."), "{r}");
    assert_eq!(count(db::phases(g.w.db()), |p| p.branch == 1), 2);
    assert_eq!(count(db::phases(g.w.db()), |p| p.branch == 2), 1);
    let (r, _) = g.send("outsider@example.test", "HISTORY demo UNDONE");
    assert!(r.contains("Rollback 2 (") && r.contains("[REPLACED by rollback 2: not part of the game]"), "{r}");
    // a game never rolled back says so
    let mut fresh = Game::started();
    let (r, _) = fresh.send("outsider@example.test", "HISTORY demo UNDONE");
    assert!(r.contains("Game demo has never been rolled back"), "{r}");
}

#[test]
fn history_reads_press_back_broadcasts_while_running_and_all_after() {
    let mut g = Game::started_with("press=grey");
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE}\nBROADCAST\nHello Europe from Paris.\nENDPRESS"));
    assert!(r.contains("Press sent to everyone"), "{r}");
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE}\nPRESS TO E\nA secret for London.\nENDPRESS"));
    assert!(r.contains("Press sent to England"), "{r}");
    let (r, _) = g.send("p2@example.test", &format!("{ENGLAND}\nBROADCAST GREY\nSomeone is lying.\nENDPRESS"));
    assert!(r.contains("anonymously"), "{r}");
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    let (r, _) = g.send("p2@example.test", &format!("{ENGLAND}\nBROADCAST\nFall greetings.\nENDPRESS"));
    assert!(r.contains("Press sent to everyone"), "{r}");
    // while the game runs: for its members only ...
    let (r, _) = g.send("outsider@example.test", "HISTORY demo PRESS");
    assert!(r.contains("The press of game demo is shown to its master, players and observers while it runs"), "{r}");
    assert!(!r.contains("Hello Europe"), "{r}");
    // ... broadcasts only, each before its phase's results
    let (r, _) = g.send("p4@example.test", "HISTORY demo PRESS");
    assert!(r.contains("| Hello Europe from Paris."), "{r}");
    assert!(r.contains("From: France To: everyone (broadcast)"), "{r}");
    assert!(!r.contains("A secret for London"), "private press stays private while the game runs\n{r}");
    assert!(
        r.contains("From: Someone (anonymous)") && r.contains("| Someone is lying.") && !r.contains("From: England To: everyone (broadcast) | Someone"),
        "{r}"
    );
    let hello = r.find("Hello Europe").unwrap();
    let results = r.find("Spring 1901 movement results").unwrap();
    let fall = r.find("Fall greetings").unwrap();
    assert!(hello < results && results < fall, "press before the results of its phase, the current phase's last\n{r}");
    assert!(r.contains("Only broadcasts are shown while the game runs"), "{r}");
    // without PRESS: no press at all
    let (r, _) = g.send("outsider@example.test", "HISTORY demo");
    assert!(!r.contains("Hello Europe"), "{r}");
    // after the game: all press, grey still unsigned
    g.send(GM, &format!("{MASTER}\nTERMINATE"));
    let (r, _) = g.send("outsider@example.test", "HISTORY demo PRESS");
    assert!(r.contains("| A secret for London.") && r.contains("From: France To: England"), "{r}");
    assert!(r.contains("From: Someone (anonymous)"), "{r}");
    assert!(!r.contains("Only broadcasts are shown"), "{r}");
    // the exported site shows the same press on each phase's page, grey
    // press unsigned; the MILA JSON (whose messages need a sender) leaves it out
    let v = Variant::standard();
    let game = g.loaded();
    let rec = mailjudge::archive::GameRecord::load(&g.w.daemon.judge.conn, &game).unwrap();
    let site = mailjudge::archive::html::site(&v, &rec, true);
    let page = |name: &str| String::from_utf8(site.iter().find(|(n, _)| n == name).unwrap().1.clone()).unwrap();
    let spring = page("S1901M.html");
    assert!(spring.contains("A secret for London.") && spring.contains("France &rarr; England"), "{spring}");
    assert!(spring.contains("Someone (anonymous) &rarr; everyone (broadcast)</h3><pre>Someone is lying."), "{spring}");
    assert!(!spring.contains("England &rarr; everyone (broadcast)</h3><pre>Someone is lying."), "{spring}");
    let now = page("now.html");
    assert!(now.contains("Fall greetings.") && !now.contains("Hello Europe"), "the current phase's press on the board now\n{now}");
    let json = mailjudge::archive::mila::to_mila(&v, &rec).to_string();
    assert!(json.contains("A secret for London.") && !json.contains("Someone is lying."), "{json}");
    // the finished game's board is MILA's COMPLETED state, read back and
    // replayed without a difference
    let mila = mailjudge::archive::mila::to_mila(&v, &rec);
    let names: Vec<&str> = mila["phases"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["S1901M", "COMPLETED"]);
    let saved = mailjudge::archive::mila::from_mila(&v, &mila).unwrap();
    assert!(saved.phases[1].completed);
    let rules = mailjudge::archive::mila::recorded_rules(&v, &[]).unwrap();
    let report = mailjudge::archive::mila::replay(&v, &rules, &saved);
    assert_eq!((report.phases, report.differences.len()), (1, 0), "{:?}", report.differences);
}

#[test]
fn history_press_stops_at_its_cap() {
    let mut g = Game::started();
    let cap = mailjudge::command::info::MAX_HISTORY_PRESS;
    let v = Variant::standard();
    // the cap exactly: all shown, no note; one more: the note
    for n in 0..=cap {
        broadcast(g.w.db(), &v, &format!("message number {n}."));
        if n + 1 == cap {
            let (r, _) = g.send("p4@example.test", "HISTORY demo PRESS");
            assert_eq!(r.matches("| message number").count(), cap, "at the cap");
            assert!(!r.contains("Only the first"), "{r}");
        }
    }
    let (r, _) = g.send("p4@example.test", "HISTORY demo PRESS");
    assert_eq!(r.matches("| message number").count(), cap, "past the cap");
    assert!(r.contains(&format!("Only the first {cap} press messages")), "{r}");
}

#[test]
fn summary_names_the_players_once_the_game_is_over_or_when_not_anonymous() {
    let mut g = Game::started();
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    // Turkey changes hands in Fall 1901
    g.send(GM, &format!("{MASTER}\nEJECT Turkey"));
    g.send("new@example.test", "SIGNON ?demo newpass");
    g.send(GM, &format!("{MASTER}\nAPPROVE Turkey"));
    // anonymous (the default): a player is not told who plays what
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE}\nSUMMARY demo"));
    assert!(r.contains("shown when the game is over"), "{r}");
    assert!(!r.contains("p7@example.test"), "{r}");
    // the master is
    let (r, _) = g.send(GM, &format!("{MASTER}\nSUMMARY demo"));
    assert!(r.contains("Played by:") && r.contains("Turkey: p7@example.test (to Fall 1901 movement), then new@example.test (from Fall 1901 movement)"), "{r}");
    // NO ANONYMOUS: anyone sees them
    let (r, _) = g.send(GM, &format!("{MASTER}\nSET NO ANONYMOUS"));
    assert!(r.contains("SUMMARY names the players at any time"), "{r}");
    let (r, _) = g.send("outsider@example.test", "SUMMARY demo");
    // (by their chosen names or powers: an address only for the game's own people)
    assert!(r.contains("France: France") && r.contains("then Turkey (from Fall 1901 movement)") && !r.contains("@example.test"), "{r}");
    let (r, _) = g.send(GM, &format!("{MASTER}\nSET ANONYMOUS"));
    assert!(r.contains("stays hidden"), "{r}");
    let (r, _) = g.send("outsider@example.test", "SUMMARY demo");
    assert!(!r.contains("p3@example.test"), "{r}");
    // over: named to everyone
    g.send(GM, &format!("{MASTER}\nTERMINATE"));
    let (r, _) = g.send("outsider@example.test", "SUMMARY demo");
    assert!(r.contains("Austria: Austria") && r.contains("Turkey: Turkey (to Fall 1901 movement), then Turkey (from Fall 1901 movement)"), "{r}");
    assert!(!r.contains("p1@example.test") && !r.contains("new@example.test"), "{r}");
}

/// The map `email`'s results mail carries, as stored.
fn map_of(g: &Game, email: &str) -> MapPref {
    db::players(g.w.db()).into_iter().find(|p| p.email == email).expect("a seat").map
}

#[test]
fn set_no_map_and_set_map_are_a_players_own() {
    let mut g = Game::started();
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE}\nSET NO MAP"));
    assert!(r.contains("NO MAP set"), "{r}");
    assert_eq!(map_of(&g, "p3@example.test"), MapPref::None);
    assert_eq!(count(db::players(g.w.db()), |p| p.map == MapPref::Png), 6);
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE}\nSET MAP"));
    assert!(r.contains("MAP set"), "{r}");
    assert_eq!(map_of(&g, "p3@example.test"), MapPref::Png);
    // the master has no player seat to set it on
    let (r, _) = g.send(GM, &format!("{MASTER}\nSET NO MAP"));
    assert!(!r.contains("NO MAP set"), "{r}");
}
