//! njudge's forms that complete rows of the parity table (issue 36,
//! docs/NJUDGE.md), played by mail: LIST and SUMMARY after a sign-on are the
//! game's; ROLLBACK with no phase or with njudge's turn number; a bare SET
//! ADDRESS; SET LATE COUNT; SET COMMENT BEGIN; WATCH and WITHDRAW.

use crate::common;
use common::db;
use common::game::{GM, Game, flat};
use common::*;
use mailjudge::command::master::{MAX_LONG_COMMENT_CHARS, MAX_LONG_COMMENT_LINES};

#[test]
fn list_and_summary_after_a_sign_on_are_the_signed_on_games() {
    let mut g = Game::started();
    let (r, _) = g.as_power('F', "LIST\nSUMMARY");
    assert!(r.contains("Game demo (Standard"), "the game's report: {r}");
    assert!(r.contains("Summary of game demo"), "{r}");
    assert!(!r.contains("phase / seats"), "not the list of games: {r}");
    // not signed on: LIST lists the games, SUMMARY needs a game
    let (r, _) = g.send("anyone@example.test", "LIST\nSUMMARY");
    assert!(r.contains("phase / seats") && !r.contains("Game demo (Standard"), "{r}");
    assert!(r.contains("SUMMARY") && !r.contains("Summary of game demo"), "{r}");
}

#[test]
fn rollback_with_no_phase_goes_back_one_and_a_number_is_njudges_turn() {
    let mut g = Game::started();
    let (r, _) = g.as_master("ROLLBACK");
    assert!(r.contains("has no phase processed yet"), "{r}");
    for _ in 0..2 {
        let (r, _) = g.as_master("PROCESS!");
        assert!(r.contains("processed"), "{r}");
    }
    let v = mailjudge::map::Variant::standard();
    assert_ne!(g.phase(&v), "F1901M", "two phases processed");
    let (r, _) = g.as_master("ROLLBACK 3");
    assert!(r.contains("turn 3 is not one of them") && r.contains("2 phase(s) processed"), "{r}");
    let (r, _) = g.as_master("ROLLBACK");
    assert!(!r.contains("Error"), "{r}");
    assert_eq!(g.phase(&v), "F1901M", "back to the start of the last phase processed");
    let (r, _) = g.as_master("ROLLBACK 1");
    assert!(!r.contains("Error"), "{r}");
    assert_eq!(g.phase(&v), "S1901M", "turn 1: the first phase");
    let (r, _) = g.as_master("ROLLBACK 0");
    assert!(r.contains("turn 0 is not one of them"), "{r}");
}

#[test]
fn a_bare_set_address_moves_the_seat_to_the_mails_address() {
    let mut g = Game::started();
    let (r, _) = g.as_power('F', "SET ADDRESS");
    assert!(r.contains("already goes to p3@example.test: nothing to change"), "{r}");
    let (r, sent) = g.send("home@example.test", "SIGNON Fdemo pw-three\nSET ADDRESS");
    assert!(r.contains("will go to home@example.test once someone there confirms"), "{r}");
    // the reply, and the request with its code
    assert_eq!(sent.iter().filter(|s| s.to == "home@example.test").count(), 2);
    assert!(sent.iter().any(|s| s.to == "home@example.test" && s.body.contains("CONFIRM demo")), "the request");
}

#[test]
fn late_count_says_how_often_the_player_was_late_in_the_game() {
    let mut g = Game::started();
    let (r, _) = g.as_master("SET LATE COUNT");
    assert!(r.contains("Late notices now say how many phases"), "{r}");
    assert!(g.loaded().settings.late_count);
    // everyone but France orders; the deadline passes
    let late_notice = |sent: &[Sent]| sent.iter().find(|s| s.to == "p3@example.test" && s.subject.starts_with("Late")).map(|s| flat(&s.body));
    for (l, o) in [('A', "A VIE H"), ('E', "A LVP H"), ('G', "A BER H"), ('I', "A VEN H"), ('R', "A MOS H"), ('T', "A CON H")] {
        g.as_power(l, o);
    }
    let past = |g: &mut Game| {
        let d = g.deadline();
        g.w.set_time(d + 1);
        g.w.step().1
    };
    let sent = past(&mut g);
    let n = late_notice(&sent).expect("France's late notice");
    assert!(n.contains("France (late for the first time in this game)"), "{n}");
    let table = sent.iter().find(|s| s.to == GM && s.subject.starts_with("Late powers")).map(|s| flat(&s.body)).expect("the master hears");
    assert!(table.contains("France (late for the first time in this game)"), "{table}");
    // the grace period ends; next phase France is late again
    let grace = g.loaded().grace_until.unwrap();
    g.w.set_time(grace + 1);
    g.w.step();
    for (l, o) in [('A', "A VIE H"), ('E', "A LVP H"), ('G', "A BER H"), ('I', "A VEN H"), ('R', "A MOS H"), ('T', "A CON H")] {
        g.as_power(l, o);
    }
    let sent = past(&mut g);
    let n = late_notice(&sent).expect("France's second late notice");
    assert!(n.contains("France (late 2 times in this game)"), "{n}");
    // off: no count
    g.as_master("SET NO LATE COUNT");
    assert!(!g.loaded().settings.late_count);
}

#[test]
fn set_comment_begin_keeps_the_rest_of_the_mail_as_the_long_comment() {
    let mut g = Game::started();
    let (r, _) = g.as_master("SET COMMENT BEGIN\nA friendly game.\n\nPress in English, please.\nSIGNOFF\nPROCESS!");
    assert!(r.contains("long comment is set (3 line(s))"), "{r}");
    assert!(!r.contains("processed"), "nothing after SIGNOFF is read: {r}");
    let (r, _) = g.send("anyone@example.test", "LIST demo\nLIST FULL");
    assert_eq!(r.matches("About the game: A friendly game. Press in English, please.").count(), 2, "{r}");
    // at and past the limits
    let at: Vec<String> = (0..MAX_LONG_COMMENT_LINES).map(|i| format!("{i:0>w$}", w = MAX_LONG_COMMENT_CHARS)).collect();
    let (r, _) = g.as_master(&format!("SET COMMENT BEGIN\n{}", at.join("\n")));
    assert!(r.contains(&format!("({MAX_LONG_COMMENT_LINES} line(s))")), "{r}");
    let (r, _) = g.as_master(&format!("SET COMMENT BEGIN\n{}\nx", at.join("\n")));
    assert!(r.contains("is at most 20 lines"), "{r}");
    let (r, _) = g.as_master(&format!("SET COMMENT BEGIN\n{}", "y".repeat(MAX_LONG_COMMENT_CHARS + 1)));
    assert!(r.contains("at most 80 characters"), "{r}");
    assert_eq!(g.loaded().settings.long_comment.len(), MAX_LONG_COMMENT_LINES, "refused ones changed nothing");
    // empty: cleared
    let (r, _) = g.as_master("SET INFO BEGIN");
    assert!(r.contains("long comment is cleared"), "{r}");
    assert!(g.loaded().settings.long_comment.is_empty());
    // a player cannot
    let (r, _) = g.as_power('F', "SET COMMENT BEGIN\nmine");
    assert!(r.contains("only the master"), "{r}");
}

#[test]
fn watch_and_withdraw_are_njudges_observe_and_resign() {
    let mut g = Game::started();
    let (r, sent) = g.send("watcher@example.test", "WATCH demo");
    assert!(r.contains("demo"), "{r}");
    assert!(sent.iter().any(|s| s.to == "watcher@example.test" && s.subject == "Confirm: observe game demo"), "WATCH asks as OBSERVE does");
    let (r, _) = g.as_power('F', "WITHDRAW");
    assert!(flat(&r).contains("France"), "{r}");
    assert!(
        db::players(g.w.db()).iter().any(|p| p.email == "p3@example.test" && p.status == mailjudge::game::PlayerStatus::Resigned),
        "France's player resigned"
    );
}

#[test]
fn get_package_sends_the_new_users_files() {
    let mut g = Game::started();
    let (r, _) = g.send("newcomer@example.test", "GET PACKAGE");
    // the index (HELP's text) and the registration form, one after the other
    let index = r.find("How to use").expect("the index");
    let form = r.find("Registering on").expect("the form");
    assert!(index < form, "{r}");
    assert!(r.contains("REGISTER Name:"), "{r}");
}

#[test]
fn signon_question_mark_and_a_password_joins_the_oldest_forming_game_open_to_the_sender() {
    let mut g = Game::empty();
    let (r, _) = g.send("first@example.test", "SIGNON ? pw-first");
    assert!(r.contains("no forming game has a seat open to you now"), "{r}");
    g.send(GM, "CREATE ?zulu gmpass standard");
    g.send(GM, "CREATE ?alpha gmpass standard");
    g.send("gm2@example.test", "CREATE ?hidden gmpass2 standard\nSIGNON Mhidden gmpass2\nSET PRIVATE joinpw");
    // the oldest game first (not the first by name), and never a private one
    let (r, _) = g.send("first@example.test", "SIGNON ? pw-first");
    assert!(r.contains("You joined game zulu"), "{r}");
    // one already in it goes on to the next
    let (r, _) = g.send("first@example.test", "SIGNON ? pw-first");
    assert!(r.contains("You joined game alpha"), "{r}");
    let (r, _) = g.send("first@example.test", "SIGNON ? pw-first");
    assert!(r.contains("no forming game has a seat open to you now"), "{r}");
    // the password is a secret like any sign-on's
    assert!(!db::mails(g.w.db()).iter().any(|m| db::holds(&m.raw, "pw-first")), "a stored mail holds the password");
}

#[test]
fn set_variant_changes_a_forming_games_map_and_drops_what_belonged_to_the_old_one() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard players=5");
    let (r, _) = g.send("p1@example.test", "SIGNON ?demo pw-one\nSET PREFERENCE EFG");
    assert!(r.contains("You joined game demo"), "{r}");
    let master = |g: &mut Game, line: &str| g.send(GM, &format!("SIGNON Mdemo gmpass\n{line}")).0;
    let r = master(&mut g, "SET VARIANT narnia");
    assert!(r.contains("narnia"), "an unknown variant is named: {r}");
    let r = master(&mut g, "SET VARIANT ancmed");
    assert!(r.contains("Game demo is ancmed now: 5 powers; it starts when all 5 seats are taken."), "{r}");
    assert!(r.contains("Its seating for fewer players is gone") && r.contains("1 players' preferences named the old map's powers"), "{r}");
    let row = db::game(g.w.db(), "demo");
    assert_eq!(row.variant.name, "ancmed");
    assert!(row.settings.neutral.is_empty() && row.players.iter().all(|p| p.preference.is_none()));
    assert!(master(&mut g, "SET VARIANT ancmed").contains("The game is ancmed already."));
    // the game plays on its new map: four more join, it starts with five ancmed powers
    for i in 2..=5 {
        let (r, _) = g.send(&format!("p{i}@example.test"), &format!("SIGNON ?demo pw-{i}"));
        assert!(!r.contains("Error"), "{r}");
    }
    g.w.step();
    let row = db::game(g.w.db(), "demo");
    assert_eq!((row.status.as_str(), row.variant.name.as_str()), ("active", "ancmed"));
    let r = master(&mut g, "SET VARIANT standard");
    assert!(r.contains("game demo has started: SET VARIANT changes the variant of a forming game only"), "{r}");
    let r = master(&mut g, "SET VARIANT");
    assert!(r.contains("write SET VARIANT and a variant's name"), "{r}");
}

#[test]
fn set_variant_refuses_a_map_with_fewer_powers_than_players_joined() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard");
    for i in 1..=6 {
        g.send(&format!("p{i}@example.test"), &format!("SIGNON ?demo pw-{i}"));
    }
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET VARIANT ancmed");
    assert!(r.contains("has 5 powers, and 6 players have joined already"), "{r}");
    assert_eq!(db::game(g.w.db(), "demo").variant.name, "standard");
}

#[test]
fn the_masters_reply_shows_every_powers_orders_so_far_and_the_absences_to_come() {
    let mut g = Game::started();
    let (r, _) = g.as_master("LIST demo");
    let view = flat(&r);
    assert!(view.contains("Game demo, the master's view: Spring 1901 movement Orders in so far (each player sees only its own):"), "{view}");
    assert!(view.contains("France: missing A MAR, A PAR, F BRE"), "{view}");
    g.as_power('F', "A PAR-BUR\nA MAR H\nF BRE-MAO\nSET WAIT");
    g.as_power('E', "F LON-NTH");
    g.send("p2@example.test", "SIGNON Edemo pw-two\nSET ABSENCE Dec 24 TO Dec 27");
    let (r, _) = g.as_master("PREDICT");
    let view = flat(&r);
    assert!(view.contains("France: complete (SET WAIT) A PAR - BUR; A MAR H; F BRE - MAO"), "{view}");
    assert!(view.contains("England: missing A LVP, F EDI F LON - NTH"), "{view}");
    assert!(view.contains("Absences to come: England will be away from Thu 24 Dec 2026 00:00 UTC to Sun 27 Dec 2026 23:59 UTC."), "{view}");
    // a player's reply shows its own orders only; BECOME is the power's view
    let (r, _) = g.as_power('E', "F EDI H");
    assert!(!r.contains("A PAR - BUR") && !r.contains("the master's view"), "{r}");
    // not in a forming game, nor once it is over
    let mut f = Game::empty();
    f.send(GM, "CREATE ?demo gmpass standard");
    let (r, _) = f.send(GM, "SIGNON Mdemo gmpass\nLIST demo");
    assert!(!r.contains("the master's view"), "{r}");
}
