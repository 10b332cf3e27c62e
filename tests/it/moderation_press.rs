//! njudge's moderation, reveal, listing and press SET words made real
//! (issue 36), each played by mail with its opposite: `SET [UN]MODERATED`
//! and `BECOME MASTER`, `SET [NO] RESUME`, `SET [NO] SHOW`, `SET [NO]
//! REVEAL`, `SET [NO] SECRET`, `SET LIST` / `SET NOLIST` / `SET PRIVATE`,
//! and the press switches: `SET [NO] BROADCAST`, `SET [NO] WATCH ALL PRESS`
//! (an observer's `SET ALL PRESS`), `SET [NO] MINOR PRESS`, `SET [NO] GRACE
//! PRESS`, `SET [NO] TOUCH PRESS` and `SET [NO] BLANK PRESS`.

use crate::common;
use common::game::*;
use common::*;
use mailjudge::map::Variant;
use std::collections::BTreeSet;

const FRANCE_ON: &str = "SIGNON Fdemo pw-three";
const OBSERVER: &str = "watcher@example.test";
const STRANGER: &str = "stranger@example.test";

/// Who got press among `sent`.
fn got_press(sent: &[Sent]) -> BTreeSet<String> {
    sent.iter().filter(|s| s.subject.starts_with("Press in game demo")).map(|s| s.to.clone()).collect()
}

/// The mail to `addr` among `sent` whose subject is `subject`.
fn mail_to<'a>(sent: &'a [Sent], addr: &str, subject: &str) -> Option<&'a Sent> {
    sent.iter().find(|s| s.to == addr && s.subject == subject)
}

/// The started game with a confirmed observer, and the observer's sign-on line.
fn observed() -> (Game, String) {
    let mut g = Game::started();
    let (_, sent) = g.send(OBSERVER, "OBSERVE demo");
    let c = mail_to(&sent, OBSERVER, "Confirm: observe game demo").expect("a confirmation");
    let line = c.body.lines().find(|l| l.trim_start().starts_with("OBSERVE demo ")).unwrap().trim().to_string();
    let (r, _) = g.send(OBSERVER, &line);
    assert!(r.contains("You now observe game demo"), "{r}");
    let code = line.split_whitespace().nth(2).unwrap().to_string();
    (g, format!("SIGNON Odemo {code}"))
}

/// France's press with `header` and one line of text: the reply, and who got it.
fn from_france(g: &mut Game, header: &str) -> (String, BTreeSet<String>) {
    let (r, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\n{header}\nA word from Paris.\nENDPRESS"));
    (r, got_press(&sent))
}

/// `demo` created by the master, forming (no one joined yet).
fn forming() -> Game {
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass standard");
    assert!(r.contains("demo"), "{r}");
    g
}

#[test]
fn an_unmoderated_games_players_change_its_play_and_deadlines_and_the_table_hears_of_it() {
    let mut g = Game::started();
    // moderated (the default): a player changes nothing of the game
    let (r, _) = g.as_power('F', "SET NO PARTIAL");
    assert!(r.contains("only the master of game demo may do that"), "{r}");
    assert_eq!(g.row().settings.partial, mailjudge::store::games::PartialPress::Allowed);
    let (r, _) = g.as_master("SET UNMODERATED");
    assert!(r.contains("The game is unmoderated"), "{r}");
    // unmoderated: France's player sets an option of play, and the table is told who
    let (r, sent) = g.as_power('F', "SET NO PARTIAL");
    assert!(!r.contains("Error"), "{r}");
    assert_eq!(g.row().settings.partial, mailjudge::store::games::PartialPress::BroadcastOnly);
    let told = mail_to(&sent, "p1@example.test", "Game demo: a setting changed").expect("the table is told");
    assert!(flat(&told.body).contains("France's player changed settings of game demo (it is unmoderated):"), "{}", told.body);
    assert!(mail_to(&sent, GM, "Game demo: a setting changed").is_some(), "the master is told too");
    // two changes in one mail: one notice, a line each
    let (_, sent) = g.as_power('F', "SET PARTIAL\nSET NO LATEPRESS\nSET NO PARTIAL");
    let to_p1: Vec<_> = sent.iter().filter(|m| m.to == "p1@example.test" && m.subject == "Game demo: a setting changed").collect();
    assert_eq!(to_p1.len(), 1, "{sent:#?}");
    let lines: Vec<&str> = to_p1[0].body.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(lines.len(), 2, "{}", to_p1[0].body);
    // ... and the deadline, told by who set it
    let (r, sent) = g.as_power('F', "SET DEADLINE 2026-11-28 20:00");
    assert!(r.contains("Deadline set to"), "{r}");
    let told = mail_to(&sent, "p2@example.test", "Game demo: new deadline").expect("the deadline notice");
    assert!(flat(&told.body).contains("France's player set the deadline of game demo"), "{}", told.body);
    // never the seats, the processing, who is named, who may join, the observers' press
    for line in ["PROCESS!", "EJECT England", "SET NO ANONYMOUS", "SET NOLIST", "SET SHOW", "SET WATCH ALL PRESS", "SET ALL PRESS", "TERMINATE"] {
        let (r, _) = g.as_power('F', line);
        assert!(r.contains("only the master of game demo may do that"), "{line}: {r}");
    }
    let s = g.row().settings;
    assert_eq!((s.anonymous, s.listed, s.no_show), Default::default());
    assert_eq!(g.status(), "active");
    // a player makes it moderated again (njudge's ply/ SET MODERATED): then nothing more
    let (r, _) = g.as_power('F', "SET MODERATED");
    assert!(r.contains("The game is moderated"), "{r}");
    let (r, _) = g.as_power('F', "SET PARTIAL");
    assert!(r.contains("only the master of game demo may do that"), "{r}");
    assert_eq!(g.row().settings.partial, mailjudge::store::games::PartialPress::BroadcastOnly);
}

#[test]
fn become_master_passes_the_seat_only_to_the_sole_player_of_an_unmoderated_forming_game() {
    // njudge's CREATE then BECOME MASTER: the creator is the master already
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass standard\nSET UNMODERATED\nBECOME MASTER");
    assert!(r.contains("You are the master of game demo; it is moderated."), "{r}");
    assert_eq!(g.row().settings.moderated, mailjudge::store::games::Moderation::Moderated);
    // a moderated game: its only player does not take the seat
    let (r, _) = g.send("p1@example.test", "SIGNON ?demo pw-one\nBECOME MASTER");
    assert!(r.contains("cannot become the master of game demo: it is moderated"), "{r}");
    // unmoderated, with two players: neither does
    g.as_master("SET UNMODERATED");
    g.send("p2@example.test", "SIGNON ?demo pw-two");
    let (r, _) = g.send("p1@example.test", "SIGNON ?demo pw-one\nBECOME MASTER");
    assert!(r.contains("you are not its only player"), "{r}");
    assert_eq!(g.row().master_email, GM);
    // the other leaves: now the sole player becomes the master, and the former one is told
    let (r, _) = g.send("p2@example.test", "SIGNON ?demo pw-two\nRESIGN");
    assert!(!r.contains("Error"), "{r}");
    let (r, sent) = g.send("p1@example.test", "SIGNON ?demo pw-one\nBECOME MASTER\nSET COMMENT run by p1");
    assert!(r.contains("You are now the master of game demo"), "{r}");
    assert!(r.contains("Game demo's comment is now: run by p1"), "the lines after it are the master's: {r}");
    assert!(mail_to(&sent, GM, "Game demo: a new master").is_some_and(|m| flat(&m.body).contains("p1@example.test, its only player")), "{sent:#?}");
    let row = g.row();
    assert_eq!((row.master_email.as_str(), row.settings.moderated), ("p1@example.test", mailjudge::store::games::Moderation::Moderated));
    assert!(!row.players.iter().any(|p| p.email == "p1@example.test" && p.status == mailjudge::store::games::PlayerStatus::Active), "no longer a player");
    // the new master signs on with the seat's password; the old one's opens nothing
    let (r, _) = g.send("p1@example.test", "SIGNON Mdemo pw-one\nSET COMMENT still p1");
    assert!(r.contains("comment is now: still p1"), "{r}");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET COMMENT x");
    assert!(r.contains("wrong master password"), "{r}");
    // in a started game no player takes the seat
    let mut g = Game::started();
    g.as_master("SET UNMODERATED");
    let (r, _) = g.as_power('F', "BECOME MASTER");
    assert!(r.contains("cannot become the master of game demo: it has started"), "{r}");
    assert_eq!(g.row().master_email, GM);
}

#[test]
fn set_resume_lets_players_resume_a_paused_game_and_set_no_resume_takes_it_back() {
    let mut g = Game::started();
    g.as_master("PAUSE");
    let (r, _) = g.as_power('F', "RESUME");
    assert!(r.contains("only the master may RESUME game demo"), "{r}");
    assert!(g.row().paused);
    let (r, _) = g.as_master("SET RESUME");
    assert!(r.contains("Any player may RESUME the game"), "{r}");
    let (r, sent) = g.as_power('F', "RESUME");
    assert!(r.contains("Game demo resumed"), "{r}");
    assert!(!g.row().paused);
    assert!(mail_to(&sent, "p1@example.test", "Game demo resumes").is_some(), "the table is told");
    // a game that is not paused: nothing to resume, no notice
    let (r, sent) = g.as_power('F', "RESUME");
    assert!(r.contains("game demo is not paused"), "{r}");
    assert!(mail_to(&sent, "p1@example.test", "Game demo resumes").is_none());
    g.as_master("SET NO RESUME\nPAUSE");
    let (r, _) = g.as_power('F', "RESUME");
    assert!(r.contains("only the master may RESUME game demo"), "{r}");
    assert!(g.row().paused);
}

#[test]
fn set_show_names_who_changed_a_setting_by_address_and_no_show_by_role() {
    let mut g = Game::started();
    let notice = |sent: &[Sent]| flat(&mail_to(sent, "p1@example.test", "Game demo: new deadline").expect("the deadline notice").body);
    let (_, sent) = g.as_master("SET DEADLINE 2026-11-28 20:00");
    assert!(notice(&sent).contains("The master set the deadline") && !notice(&sent).contains(GM), "{}", notice(&sent));
    g.as_master("SET SHOW");
    let (_, sent) = g.as_master("SET DEADLINE 2026-11-29 20:00");
    assert!(notice(&sent).contains("The master (gm@example.test) set the deadline"), "{}", notice(&sent));
    // a player of an unmoderated game: by power, and by address only where the game shows who plays what
    g.as_master("SET UNMODERATED");
    let (_, sent) = g.as_power('F', "SET DEADLINE 2026-11-30 20:00");
    assert!(notice(&sent).contains("France's player set the deadline") && !notice(&sent).contains("p3@example.test"), "{}", notice(&sent));
    g.as_master("SET NO ANONYMOUS");
    let (_, sent) = g.as_power('F', "SET DEADLINE 2026-12-01 20:00");
    assert!(notice(&sent).contains("France's player (p3@example.test) set the deadline"), "{}", notice(&sent));
    g.as_master("SET NO SHOW");
    let (_, sent) = g.as_power('F', "SET DEADLINE 2026-12-02 20:00");
    assert!(notice(&sent).contains("France's player set the deadline") && !notice(&sent).contains("p3@example.test"), "{}", notice(&sent));
}

#[test]
fn no_reveal_keeps_an_anonymous_games_players_unnamed_after_its_end_and_reveal_names_them() {
    for (option, shown) in [("SET REVEAL", true), ("SET NO REVEAL", false)] {
        let mut g = Game::started();
        g.as_master(option);
        let (_, sent) = g.as_master("TERMINATE");
        assert_eq!(g.status(), "finished");
        let package = mail_to(&sent, "p1@example.test", "Game demo: the final summary and the game's record").expect("the end's package");
        assert_eq!(package.body.contains("Played by:"), shown, "{option}: {}", package.body);
        let (r, _) = g.send(STRANGER, "SUMMARY demo");
        assert_eq!(r.contains("Played by:"), shown, "{option}: {r}");
        assert_eq!(r.contains("Who plays which power is never shown"), !shown, "{option}: {r}");
        let (r, _) = g.send(STRANGER, "WHOGAME demo");
        assert_eq!(r.contains("never names its players (NO REVEAL)"), !shown, "{option}: {r}");
        let (r, _) = g.send(STRANGER, "LIST FULL");
        assert_eq!(r.contains("seats played"), !shown, "{option}: {r}");
        // the master still sees them
        let (r, _) = g.as_master("SUMMARY demo");
        assert!(r.contains("Played by:"), "{option}: {r}");
    }
}

#[test]
fn secret_keeps_the_number_of_players_from_all_but_the_master() {
    let mut g = forming();
    g.send("p1@example.test", "SIGNON ?demo pw-one");
    let (r, _) = g.send(STRANGER, "LIST");
    assert!(r.contains("1 of 7 seats taken"), "{r}");
    g.as_master("SET SECRET");
    let (r, _) = g.send(STRANGER, "LIST\nLIST demo\nLIST FULL\nSIGNON ?");
    assert!(!r.contains("of 7"), "no count anywhere: {r}");
    assert!(r.contains("forming, seats open (how many is kept secret)") && r.contains("players kept secret"), "{r}");
    let (r, _) = g.send(STRANGER, "SIGNON ?demo");
    assert!(r.contains("seats are open (how many is kept secret)") && !r.contains("of 7"), "{r}");
    let (r, _) = g.send("p2@example.test", "SIGNON ?demo pw-two");
    assert!(r.contains("You joined game demo.") && !r.contains("of 7"), "{r}");
    let (r, _) = g.send("p1@example.test", "SIGNON ?demo pw-one\nWHOGAME demo");
    assert!(r.contains("keeps its players secret"), "{r}");
    // the master sees the count
    let (r, _) = g.as_master("LIST");
    assert!(r.contains("2 of 7 seats taken"), "{r}");
    g.as_master("SET NO SECRET");
    let (r, _) = g.send(STRANGER, "LIST");
    assert!(r.contains("2 of 7 seats taken"), "{r}");
    // a running game: the table's late notice names nobody, the master's everybody
    let mut g = Game::started();
    g.as_master("SET SECRET");
    // France's orders are in: France's player hears of the others
    g.as_power('F', "A PAR H\nA MAR H\nF BRE H");
    let d = g.deadline();
    g.w.set_time(d + 60);
    let (_, sent) = g.w.step();
    let table = flat(&mail_to(&sent, "p3@example.test", "Late powers in game demo").expect("the table's late notice").body);
    assert!(table.contains("Orders missing from: one or more powers.") && !table.contains("England"), "{table}");
    let master = flat(&mail_to(&sent, GM, "Late powers in game demo").expect("the master's late notice").body);
    assert!(master.contains("Orders missing from: Austria, England, Germany"), "{master}");
}

#[test]
fn nolist_keeps_a_game_out_of_list_and_signon_for_strangers_and_set_list_brings_it_back() {
    let mut g = forming();
    let listed = |g: &mut Game| {
        let (r, _) = g.send(STRANGER, "LIST\nSIGNON ?");
        r.matches("demo").count()
    };
    assert!(listed(&mut g) >= 2, "LIST and SIGNON ? show it");
    for (line, shown) in [("SET NOLIST", false), ("SET LIST", true), ("SET UNLIST", false), ("SET PUBLIC", true), ("SET PRIVATE", false)] {
        let (r, _) = g.as_master(line);
        assert!(r.contains(if shown { "game is listed" } else { "The game is unlisted" }), "{line}: {r}");
        let n = listed(&mut g);
        assert_eq!(n >= 2, shown, "{line}: {n}");
        // whoever knows its name still finds it
        let (r, _) = g.send(STRANGER, "LIST demo\nSIGNON ?demo");
        assert!(r.contains("Forming: 0 of 7 seats taken") && r.contains("Game demo is forming"), "{line}: {r}");
    }
    // unlisted, it is still in its own people's LIST
    let (r, _) = g.as_master("LIST");
    assert!(r.contains("demo"), "{r}");
    // SET LIST with an address is still the game's list
    let (r, _) = g.as_master("SET LIST demo-list@example.test");
    assert!(r.contains("demo-list@example.test"), "{r}");
    assert_eq!(g.row().settings.list_address.as_deref(), Some("demo-list@example.test"));
}

#[test]
fn an_observer_or_the_master_stops_the_broadcasts_it_gets_and_takes_them_back() {
    let (mut g, observer_on) = observed();
    let (_, got) = from_france(&mut g, "BROADCAST");
    assert!(got.contains(OBSERVER) && got.contains(GM), "{got:?}");
    let (r, _) = g.send(OBSERVER, &format!("{observer_on}\nSET NO BROADCAST"));
    assert!(r.contains("You get no more of game demo's broadcasts"), "{r}");
    g.as_master("SET NO BROADCAST PRESS");
    let (r, got) = from_france(&mut g, "BROADCAST");
    assert!(r.contains("sent"), "{r}");
    assert!(!got.contains(OBSERVER) && !got.contains(GM) && got.contains("p2@example.test") && got.contains("demo-list@example.test"), "{got:?}");
    // press named to them still goes
    let (_, got) = from_france(&mut g, "PRESS TO OM");
    assert!(got.contains(OBSERVER) && got.contains(GM), "{got:?}");
    // and back
    g.send(OBSERVER, &format!("{observer_on}\nSET NORMAL BROADCAST"));
    g.as_master("SET BROADCAST");
    let (_, got) = from_france(&mut g, "BROADCAST");
    assert!(got.contains(OBSERVER) && got.contains(GM), "{got:?}");
}

#[test]
fn watch_all_press_lets_an_observer_read_partial_press_and_no_watch_stops_it() {
    let (mut g, observer_on) = observed();
    let (r, _) = g.send(OBSERVER, &format!("{observer_on}\nSET ALL PRESS"));
    assert!(r.contains("game demo gives its observers no partial press"), "{r}");
    let (_, got) = from_france(&mut g, "PRESS TO E");
    assert!(!got.contains(OBSERVER), "{got:?}");
    g.as_master("SET WATCH ALL PRESS");
    let (r, _) = g.send(OBSERVER, &format!("{observer_on}\nSET ALL PRESS"));
    assert!(r.contains("You get a copy of game demo's partial press"), "{r}");
    assert_eq!(g.row().settings.master_press, mailjudge::store::games::MasterPress::Normal, "the master's own setting stays");
    let (_, sent) = g.send("p3@example.test", &format!("{FRANCE_ON}\nPRESS TO E\nPssst.\nENDPRESS"));
    let copy = sent.iter().find(|s| s.to == OBSERVER && s.subject.starts_with("Press in game demo")).expect("the observer's copy");
    assert!(copy.body.contains("To: England") && copy.body.contains("Pssst."), "{}", copy.body);
    // press to the master alone is not partial press between players
    let (_, got) = from_france(&mut g, "PRESS TO M");
    assert!(!got.contains(OBSERVER), "{got:?}");
    // the master takes it back: no more copies, whatever the observer asked
    g.as_master("SET NO WATCH ALL PRESS");
    let (_, got) = from_france(&mut g, "PRESS TO E");
    assert!(!got.contains(OBSERVER), "{got:?}");
    g.as_master("SET WATCH ALL PRESS");
    let (_, got) = from_france(&mut g, "PRESS TO E");
    assert!(got.contains(OBSERVER), "{got:?}");
    g.send(OBSERVER, &format!("{observer_on}\nSET NORMAL PRESS"));
    let (_, got) = from_france(&mut g, "PRESS TO E");
    assert!(!got.contains(OBSERVER), "{got:?}");
}

/// `g` in Winter 1901's adjustments, France owing a build (Paris's army taken off).
fn in_adjustments(g: &Game) {
    let v = Variant::standard();
    let mut pos = g.position(&v);
    pos.phase = v.calendar.parse("W1901A").unwrap();
    let before = pos.units.len();
    pos.units.retain(|u| !v.code(u.loc.prov).eq_ignore_ascii_case("par"));
    assert_eq!(pos.units.len(), before - 1);
    g.set_position(&mailjudge::contract::position_to_json(&v, &pos).to_string());
}

#[test]
fn no_minor_press_stops_press_in_retreats_and_adjustments_but_to_and_from_the_master() {
    for (option, allowed) in [("minorpress=no", false), ("minorpress=yes", true)] {
        let mut g = Game::started_with(option);
        let (r, got) = from_france(&mut g, "PRESS TO E");
        assert!(got.contains("p2@example.test"), "{option}: movement phases have press: {r}");
        in_adjustments(&g);
        let (r, got) = from_france(&mut g, "PRESS TO E");
        assert_eq!(got.contains("p2@example.test"), allowed, "{option}: {r}");
        assert_eq!(r.contains("no press in retreat and adjustment phases"), !allowed, "{option}: {r}");
        let (_, got) = from_france(&mut g, "BROADCAST");
        assert_eq!(got.contains("p2@example.test"), allowed, "{option}");
        let (_, got) = from_france(&mut g, "PRESS TO M");
        assert!(got.contains(GM), "{option}: to the master always");
        let (_, sent) = g.as_master("BROADCAST\nFrom the master.\nENDPRESS");
        assert!(got_press(&sent).contains("p3@example.test"), "{option}: from the master always");
    }
    // njudge: not once the game is in progress
    let mut g = Game::started();
    let (r, _) = g.as_master("SET NO MINOR PRESS");
    assert!(r.contains("MINOR PRESS is set before the game starts"), "{r}");
}

#[test]
fn no_grace_press_stops_players_press_once_the_deadline_passed_with_a_power_late() {
    let mut g = Game::started();
    g.as_master("SET NO GRACE PRESS");
    // France's orders are complete; others owe theirs
    g.as_power('F', "A PAR H\nA MAR H\nF BRE H");
    let (_, got) = from_france(&mut g, "PRESS TO E");
    assert!(got.contains("p2@example.test"), "before the deadline press goes");
    let d = g.deadline();
    g.w.set_time(d + 60);
    g.w.step();
    let (r, got) = from_france(&mut g, "PRESS TO E");
    assert!(r.contains("deadline has passed and a power is late") && got.is_empty(), "{r}");
    let (_, got) = from_france(&mut g, "PRESS TO M");
    assert!(got.contains(GM), "to the master always");
    let (_, sent) = g.as_master("BROADCAST\nHurry up.\nENDPRESS");
    assert!(got_press(&sent).contains("p2@example.test"), "the master's press always");
    g.as_master("SET GRACE PRESS");
    let (r, got) = from_france(&mut g, "PRESS TO E");
    assert!(got.contains("p2@example.test"), "{r}");
}

#[test]
fn touch_press_goes_only_to_touching_powers_one_broadcast_a_phase_never_to_observers() {
    let (mut g, _) = observed();
    g.as_master("SET TOUCH PRESS");
    let v = Variant::standard();
    // France's army in Burgundy touches Germany's in Munich; nothing of France's touches England's
    let mut pos = g.position(&v);
    let paris = pos.units.iter_mut().find(|u| v.code(u.loc.prov).eq_ignore_ascii_case("par")).unwrap();
    paris.loc = v.parse_loc("bur").unwrap();
    g.set_position(&mailjudge::contract::position_to_json(&v, &pos).to_string());
    let (r, got) = from_france(&mut g, "PRESS TO G");
    assert!(got.contains("p4@example.test"), "{r}");
    let (r, got) = from_france(&mut g, "PRESS TO EG");
    assert!(r.contains("no unit of yours touches one of England's") && got.is_empty(), "{r}");
    let (r, got) = from_france(&mut g, "PRESS TO GO");
    assert!(r.contains("players send no press to the observers") && got.is_empty(), "{r}");
    let (_, got) = from_france(&mut g, "PRESS TO M");
    assert!(got.contains(GM), "to the master always");
    // one broadcast a phase: the first goes, the second is refused
    let (r, got) = from_france(&mut g, "BROADCAST");
    assert!(got.contains("p2@example.test"), "{r}");
    let (r, got) = from_france(&mut g, "BROADCAST");
    assert!(r.contains("you have sent this phase's broadcast already") && got.is_empty(), "{r}");
    // another power's broadcast is its own
    let (r, sent) = g.as_power('E', "BROADCAST\nFrom London.\nENDPRESS");
    assert!(got_press(&sent).contains("p3@example.test"), "{r}");
    // the next phase: a broadcast again
    g.as_master("PROCESS!");
    let (r, got) = from_france(&mut g, "BROADCAST");
    assert!(got.contains("p2@example.test"), "{r}");
    // no touch press: to any power
    g.as_master("SET NO TOUCH PRESS");
    let (r, got) = from_france(&mut g, "PRESS TO E");
    assert!(got.contains("p2@example.test"), "{r}");
}

#[test]
fn blank_press_is_refused_unless_the_master_allows_it() {
    let mut g = Game::started();
    for body in ["", "   \n\t"] {
        let (r, sent) = g.as_power('F', &format!("PRESS TO E\n{body}\nENDPRESS"));
        assert!(r.contains("the press has no text") && got_press(&sent).is_empty(), "{body:?}: {r}");
    }
    let (r, sent) = g.as_power('F', "BROADCAST\nENDPRESS");
    assert!(r.contains("the press has no text") && got_press(&sent).is_empty(), "{r}");
    g.as_master("SET BLANK PRESS");
    let (r, sent) = g.as_power('F', "PRESS TO E\nENDPRESS");
    assert!(got_press(&sent).contains("p2@example.test"), "{r}");
    g.as_master("SET NO BLANK PRESS");
    let (r, sent) = g.as_power('F', "PRESS TO E\nENDPRESS");
    assert!(r.contains("the press has no text") && got_press(&sent).is_empty(), "{r}");
}
