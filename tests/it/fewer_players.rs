//! Games for fewer players through the mail interface (docs/RULES.md, "Games
//! for fewer players"): `players=5` leaves Germany and Italy out (neutral);
//! `players=4`, `3a`, `3b` give a player a seat of two or three powers
//! (signed on with any of their letters, ordered in one mail); `players=2` is
//! World War I from 1914 (Italian territory closed, a coin giving Italy to a
//! side in 1915, a side's victory at 24 centres).

use crate::common;
use common::db::count;
use common::game::*;
use common::script;
use common::*;
use mailjudge::map::Variant;

fn position(g: &Game) -> mailjudge::adjudicate::Position {
    g.row().position.unwrap()
}

fn has(g: &Game, power: &str, unit: &str) -> bool {
    let v = Variant::standard();
    let p = v.power_by_name(power).unwrap();
    position(g).units.iter().any(|u| u.power == p && v.unit_code(u) == unit)
}

#[test]
fn five_player_game_leaves_germany_and_italy_neutral() {
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass standard players=5");
    assert!(r.contains("the game starts when all 5 seats are taken"), "{r}");
    assert!(r.contains("A game for 5 players: Germany, Italy left out"), "{r}");
    for name in [script::JOIN_AUSTRIA, script::JOIN_ENGLAND, script::JOIN_FRANCE, script::JOIN_RUSSIA] {
        g.w.deliver(name);
    }
    g.w.step();
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "active"), 0, "four of five seats");
    g.w.deliver(script::JOIN_TURKEY);
    g.w.step();
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "active"), 1, "the fifth join starts the game");
    // Germany (3) and Italy (4) have no player
    assert_eq!(count(db::players(g.w.db()), |p| matches!(p.power, Some(3 | 4))), 0);
    assert_eq!(count(db::players(g.w.db()), |p| p.power.is_some()), 5);
    // a neutral power is not a vacant one to take over
    let (r, _) = g.send("p4@example.test", "SIGNON ?demo pw-four");
    assert!(r.contains("game demo has no vacant power"), "{r}");
    assert_eq!(count(db::players(g.w.db()), |p| matches!(p.power, Some(3 | 4))), 0);
    // the five played powers order; the phase is processed without waiting
    // for the neutral ones
    g.send("p1@example.test", "SIGNON Ademo pw-one\nA VIE - TYR\nA BUD H\nF TRI H");
    g.send("p2@example.test", "SIGNON Edemo pw-two\nF LON H\nF EDI H\nA LVP H");
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nF BRE H\nA PAR H\nA MAR H");
    g.send("p6@example.test", "SIGNON Rdemo pw-six\nF STP/SC H\nA MOS H\nA WAR H\nF SEV H");
    g.send("p7@example.test", "SIGNON Tdemo pw-seven\nF ANK H\nA CON H\nA SMY H");
    let v = Variant::standard();
    assert_eq!(position(&g).phase, v.calendar.parse("F1901M").unwrap(), "processed once the five had ordered");
    assert!(has(&g, "AUSTRIA", "A TYR"));
    for (p, u) in [("ITALY", "A VEN"), ("ITALY", "A ROM"), ("ITALY", "F NAP"), ("GERMANY", "A MUN"), ("GERMANY", "A BER"), ("GERMANY", "F KIE")] {
        assert!(has(&g, p, u), "{p} {u} held");
    }
    // the next phase goes by the deadline: the neutral powers are not late
    let d = g.deadline();
    g.w.set_time(d + 60);
    let (_, sent) = g.w.step();
    let gm = to(&sent, GM).into_iter().find(|s| s.subject == "Late powers in game demo").expect("late notice to the master");
    assert!(flat(&gm.body).contains("Orders missing from: Austria, England, France, Russia, Turkey."), "{}", gm.body);
    // after the grace period the defaults: everyone holds, and the report
    // lists no neutral power as having sent no orders
    g.w.set_time(d + 2 * 86_400);
    let (_, sent) = g.w.step();
    assert_eq!(position(&g).phase, v.calendar.parse("S1902M").unwrap());
    let report = to(&sent, GM).into_iter().find(|s| s.body.contains("Fall 1901")).expect("a report");
    let body = flat(&report.body);
    assert!(body.contains("No orders received from: Austria, England, France, Russia, Turkey ("), "{body}");
    assert!(body.contains("Italy: A ROM H (no order: the unit holds) A VEN H"), "{body}");
}

#[test]
fn players_outside_two_to_seven_are_refused() {
    let mut g = Game::empty();
    for n in ["8", "1", "3c", "0"] {
        let (r, _) = g.send(GM, &format!("CREATE ?demo gmpass standard players={n}"));
        assert!(r.contains(&format!("players={n}: games for fewer players are played on the standard map")), "{r}");
    }
    // only the standard map has games for fewer players
    let (r, _) = g.send(GM, "CREATE ?demo gmpass original1958 players=4");
    assert!(r.contains("players=4: games for fewer players"), "{r}");
    assert_eq!(db::games(g.w.db()).len() as i64, 0);
}

/// Creates `demo` with `players=...` and seats the players in order, each
/// asking for the seat of the power letter given (p1, p2, ...).
fn seated(players: &str, prefs: &[char]) -> Game {
    seated_with_mail(players, prefs).0
}

/// The same, with the mail the last join sent (the start notices).
fn seated_with_mail(players: &str, prefs: &[char]) -> (Game, Vec<Sent>) {
    let mut g = Game::empty();
    let mut sent = Vec::new();
    let (r, _) = g.send(GM, &format!("CREATE ?demo gmpass standard players={players}"));
    assert!(r.contains(&format!("the game starts when all {} seats are taken", prefs.len())), "{r}");
    for (i, c) in prefs.iter().enumerate() {
        sent = g.send(&format!("p{}@example.test", i + 1), &format!("SIGNON ?demo pw-{}\nSET PREFERENCE {c}", i + 1)).1;
    }
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "active"), 1, "the last join starts the game");
    (g, sent)
}

fn power_of(g: &Game, player: usize) -> i64 {
    db::power_of(g.w.db(), &format!("p{player}@example.test")).expect("a power")
}

#[test]
fn four_players_play_england_and_three_pairs() {
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass standard players=4");
    assert!(r.contains("A game for 4 players (4), one player to a seat: England; Austria and France; Germany and Turkey; Italy and Russia."), "{r}");
    drop(g);
    let mut g = seated("4", &['E', 'F', 'T', 'I']);
    // a player row names its seat's first power: England 1, Austria 0, Germany 3, Italy 4
    assert_eq!([power_of(&g, 1), power_of(&g, 2), power_of(&g, 3), power_of(&g, 4)], [1, 0, 3, 4]);
    // the letter of either power signs on to the seat
    let (r, _) = g.send("p2@example.test", "SIGNON Fdemo pw-2");
    assert!(r.contains("Signed on as Austria and France in game demo."), "{r}");
    let (r, _) = g.send("p2@example.test", "SIGNON Ademo pw-2");
    assert!(r.contains("Signed on as Austria and France in game demo."), "{r}");
    // someone else's seat: wrong password
    let (r, _) = g.send("p2@example.test", "SIGNON Gdemo pw-2");
    assert!(!r.contains("Signed on as"), "{r}");
    // orders for both powers in one mail, routed by the unit's power; the
    // reply shows the power of each and the status of both
    let (r, _) = g.send("p2@example.test", "SIGNON Fdemo pw-2\nA PAR - BUR\nA VIE - TYR\nF BRE H, F TRI H");
    for line in ["France: A PAR - BUR: accepted.", "Austria: A VIE - TYR: accepted.", "France: F BRE H: accepted.", "Austria: F TRI H: accepted."] {
        assert!(r.contains(line), "{line}: {r}");
    }
    assert_eq!(g.orders(2), ["A PAR - BUR", "F BRE H"]);
    assert_eq!(g.orders(0), ["A VIE - TYR", "F TRI H"]);
    assert!(r.contains("Austria") && r.contains("France"), "{r}");
    // refused: a unit of another seat's power, and a line for a power not played
    let (r, _) = g.send("p2@example.test", "SIGNON Fdemo pw-2\nA MUN - RUH");
    assert!(r.contains("the unit belongs to another power"), "{r}");
    let (r, _) = g.send("p2@example.test", "SIGNON Fdemo pw-2\nGermany: A MUN - RUH");
    assert!(r.contains("you do not play Germany in game demo"), "{r}");
    assert!(g.orders(3).is_empty());
    // a line for one power of the seat, named
    let (r, _) = g.send("p2@example.test", "SIGNON Fdemo pw-2\nFrance: A MAR H");
    assert!(r.contains("France: A MAR H: accepted."), "{r}");
    // the phase waits for every power of every seat (Austria's A BUD is missing)
    g.send("p1@example.test", "SIGNON Edemo pw-1\nF LON H\nF EDI H\nA LVP H");
    g.send("p3@example.test", "SIGNON Tdemo pw-3\nF KIE H\nA BER H\nA MUN H\nF ANK H\nA CON H\nA SMY H");
    g.send("p4@example.test", "SIGNON Rdemo pw-4\nA VEN H\nA ROM H\nF NAP H\nF STP/SC H\nA MOS H\nA WAR H\nF SEV H");
    let v = Variant::standard();
    assert_eq!(position(&g).phase, v.calendar.parse("S1901M").unwrap(), "Austria's A BUD has no order yet");
    g.send("p2@example.test", "SIGNON Ademo pw-2\nA BUD H");
    assert_eq!(position(&g).phase, v.calendar.parse("F1901M").unwrap());
    assert!(has(&g, "FRANCE", "A BUR") && has(&g, "AUSTRIA", "A TYR"));
    // CLEAR clears the whole seat
    g.send("p2@example.test", "SIGNON Fdemo pw-2\nA BUR H\nA TYR H");
    let (r, _) = g.send("p2@example.test", "SIGNON Fdemo pw-2\nCLEAR");
    assert!(r.contains("Cleared: 2 order(s) dropped."), "{r}");
    // WAIT holds the phase for the seat's powers
    g.send("p2@example.test", "SIGNON Fdemo pw-2\nSET WAIT");
    // one draw vote a player; all four make the draw of the seven powers
    for (i, c) in [(1, 'E'), (2, 'A'), (3, 'G')] {
        let (r, _) = g.send(&format!("p{i}@example.test"), &format!("SIGNON {c}demo pw-{i}\nSET DRAW"));
        assert!(!r.contains("is over"), "{r}");
    }
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "finished"), 0);
    g.send("p4@example.test", "SIGNON Idemo pw-4\nSET DRAW");
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "finished"), 1, "the fourth vote ends it");
}

#[test]
fn a_concession_is_to_a_seat() {
    let mut g = seated("4", &['E', 'F', 'T', 'I']);
    // conceding to a power of one's own seat is refused
    let (r, _) = g.send("p2@example.test", "SIGNON Ademo pw-2\nSET CONCEDE France");
    assert!(r.contains("you cannot concede to yourself"), "{r}");
    // only to the largest seat: Italy and Russia hold 7 centres, the pairs 6
    let (r, _) = g.send("p1@example.test", "SIGNON Edemo pw-1\nSET CONCEDE France");
    assert!(r.contains("you may concede only to the largest power on the board, Italy, Russia; not to France"), "{r}");
    for (i, c) in [(1, 'E'), (2, 'A'), (3, 'G')] {
        g.send(&format!("p{i}@example.test"), &format!("SIGNON {c}demo pw-{i}\nSET CONCEDE Russia"));
    }
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "finished"), 1);
    let game = g.row();
    let end = game.ending.clone().unwrap().end;
    assert_eq!(end, mailjudge::end::GameEnd::Concession(vec![4, 5]), "the seat's surviving powers");
}

#[test]
fn three_players_in_both_of_the_rulebooks_seatings() {
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?a gmpass standard players=3a");
    assert!(r.contains("one player to a seat: Russia; England, France and Germany; Austria, Italy and Turkey."), "{r}");
    assert!(r.contains("all 3 seats are taken"), "{r}");
    let (r, _) = g.send(GM, "CREATE ?b gmpass standard players=3b");
    assert!(r.contains("one player to a seat: England, Germany and Austria; Russia and Italy; France and Turkey."), "{r}");
    let (r, _) = g.send(GM, "CREATE ?c gmpass standard players=3");
    assert!(r.contains("Russia; England, France and Germany; Austria, Italy and Turkey"), "plain 3 is 3a: {r}");
    drop(g);
    // 3b played: the seat of England, Germany and Austria orders all three
    let mut g = seated("3b", &['G', 'I', 'T']);
    assert_eq!([power_of(&g, 1), power_of(&g, 2), power_of(&g, 3)], [1, 5, 2]);
    let (r, _) = g.send("p1@example.test", "SIGNON Gdemo pw-1\nF LON - NTH\nA BER - KIE\nA VIE - GAL");
    for line in ["England: F LON - NTH: accepted.", "Germany: A BER - KIE: accepted.", "Austria: A VIE - GAL: accepted."] {
        assert!(r.contains(line), "{line}: {r}");
    }
    let (r, _) = g.send("p2@example.test", "SIGNON Idemo pw-2\nA ROM - APU\nA MOS - UKR\nA PAR H");
    assert!(r.contains("Italy: A ROM - APU: accepted.") && r.contains("Russia: A MOS - UKR: accepted."), "{r}");
    assert!(r.contains("the unit belongs to another power"), "France is another seat's: {r}");
}

/// The two-player game started: p1 plays England, France and Russia; p2
/// Austria, Germany and Turkey.
fn world_war() -> Game {
    let (g, sent) = seated_with_mail("2", &['E', 'A']);
    assert_eq!([power_of(&g, 1), power_of(&g, 2)], [1, 0]);
    // the start notices name the seat, its units, and the first phase
    let p1 = to(&sent, "p1@example.test").into_iter().find(|s| s.subject == "Game demo has started: you are England, France and Russia").expect("p1's notice");
    let body = flat(&p1.body);
    assert!(body.contains("You are England, France and Russia. Sign on with: SIGNON Edemo"), "{body}");
    assert!(body.contains("A PAR") && body.contains("F LON") && body.contains("F STP/SC") && body.contains("First phase: Spring 1914 movement"), "{body}");
    let gm = to(&sent, GM).into_iter().find(|s| s.subject == "Game demo has started").expect("the master's notice");
    assert!(flat(&gm.body).contains("Austria, Germany and Turkey p2@example.test"), "{}", gm.body);
    g
}

const ALLIES_HOLD: &str = "SIGNON Edemo pw-1\nF LON H\nF EDI H\nA LVP H\nF BRE H\nA PAR H\nA MAR H\nF STP/SC H\nA MOS H\nA WAR H\nF SEV H";
const CENTRAL_HOLD: &str = "SIGNON Ademo pw-2\nA VIE H\nA BUD H\nF TRI H\nF KIE H\nA BER H\nA MUN H\nF ANK H\nA CON H\nA SMY H";

#[test]
fn two_players_fight_world_war_one_from_1914() {
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass standard players=2");
    assert!(r.contains("A game for 2 players (World War I, from 1914): England, France and Russia against Austria, Germany and Turkey."), "{r}");
    assert!(r.contains("Italy is neutral and its territory (VEN, ROM, NAP, PIE, TUS, APU) may not be entered"), "{r}");
    assert!(r.contains("A side wins with 24 supply centres."), "{r}");
    drop(g);
    let mut g = world_war();
    let v = Variant::standard();
    assert_eq!(position(&g).phase, v.calendar.parse("S1914M").unwrap(), "the game begins in 1914");
    // Italian territory may not be entered while Italy is neutral
    let (r, _) = g.send("p1@example.test", "SIGNON Fdemo pw-1\nA MAR - PIE");
    assert!(r.contains("A MAR - PIE") && r.contains("no unit may enter that province"), "{r}");
    let (r, _) = g.send("p2@example.test", "SIGNON Ademo pw-2\nF TRI - VEN");
    assert!(r.contains("no unit may enter that province"), "{r}");
    // Italy's units take no orders from either player
    let (r, _) = g.send("p2@example.test", "SIGNON Ademo pw-2\nA VEN - TYR");
    assert!(r.contains("the unit belongs to another power"), "{r}");
    assert!(g.orders(4).is_empty());
    // Spring and Fall 1914 (everyone holds: no adjustments, so Spring 1915 follows)
    g.send("p1@example.test", ALLIES_HOLD);
    g.send("p2@example.test", CENTRAL_HOLD);
    assert_eq!(position(&g).phase, v.calendar.parse("F1914M").unwrap());
    g.send("p1@example.test", ALLIES_HOLD);
    let (_, sent) = g.send("p2@example.test", CENTRAL_HOLD);
    assert_eq!(position(&g).phase, v.calendar.parse("S1915M").unwrap());
    // the coin, derived from the game's id and the seed it drew at its start
    let game = g.row();
    let ww = game.settings.world_war.clone().expect("a two-player game");
    let (heads, digest) = mailjudge::play::world_war::coin(game.id, ww.seed);
    let (winner, loser, lead) = if heads { (1, 2, "ENGLAND") } else { (2, 1, "AUSTRIA") };
    assert_eq!(ww.winner.as_deref(), Some(lead));
    assert!(ww.joined);
    // announced to both players, and kept in the history
    for p in ["p1@example.test", "p2@example.test"] {
        let report = to(&sent, p).into_iter().find(|s| s.subject == "Game demo: Fall 1914 movement results").expect("the report");
        let body = flat(&report.body);
        assert!(body.contains(&format!("SHA-256 of `{}:{}`", game.id, ww.seed)) && body.contains(&digest), "{body}");
        assert!(body.contains("Italy joins") && body.contains("Italy has joined"), "{body}");
    }
    assert_eq!(count(db::phases(g.w.db()), |p| db::like(&p.stored.report, "%coin of game demo is flipped%")), 1);
    // Italy is no longer neutral, its territory open, and it is the winner's
    assert!(game.settings.neutral.is_empty() && game.settings.closed.is_empty());
    let letter = if heads { 'E' } else { 'A' };
    let (r, _) = g.send(&format!("p{winner}@example.test"), &format!("SIGNON {letter}demo pw-{winner}\nA VEN - PIE\nF NAP - ION"));
    assert!(r.contains("Italy: A VEN - PIE: accepted.") && r.contains("Italy: F NAP - ION: accepted."), "{r}");
    assert!(r.contains("Signed on as") && r.contains("and Italy in game demo"), "{r}");
    let other = if heads { 'A' } else { 'E' };
    let (r, _) = g.send(&format!("p{loser}@example.test"), &format!("SIGNON {other}demo pw-{loser}\nA ROM - TUS"));
    assert!(r.contains("the unit belongs to another power"), "{r}");
    let (r, _) = g.send(&format!("p{loser}@example.test"), &format!("SIGNON {other}demo pw-{loser}\nItaly: A ROM - TUS"));
    assert!(r.contains("you do not play Italy"), "{r}");
    // the phase now also waits for Italy's orders
    g.send("p1@example.test", ALLIES_HOLD);
    g.send("p2@example.test", CENTRAL_HOLD);
    assert_eq!(position(&g).phase, v.calendar.parse("S1915M").unwrap(), "Italy's A ROM has no order");
    let (r, _) = g.send(&format!("p{winner}@example.test"), &format!("SIGNON {letter}demo pw-{winner}\nA ROM H"));
    assert!(r.contains("Italy: A ROM H: accepted."), "{r}");
    assert_eq!(position(&g).phase, v.calendar.parse("F1915M").unwrap());
    assert!(has(&g, "ITALY", "A PIE"), "Piedmont is open");
    let (r, _) = g.send("p1@example.test", "HISTORY demo");
    assert!(r.contains("coin of game demo is flipped"), "{r}");
    // a rollback to Fall 1914 takes Italy back out and the coin back; played
    // again, it falls the same way
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nROLLBACK F1914M");
    assert!(!r.contains("rror"), "{r}");
    let game = g.row();
    assert_eq!(game.settings.neutral, ["ITALY"]);
    assert_eq!(game.settings.closed.len(), 6);
    assert!(game.settings.world_war.as_ref().is_some_and(|w| w.winner.is_none() && !w.joined));
    assert!(!game.settings.groups.iter().any(|s| s.iter().any(|p| p == "ITALY")));
    g.send("p1@example.test", ALLIES_HOLD);
    g.send("p2@example.test", CENTRAL_HOLD);
    assert_eq!(g.row().settings.world_war.and_then(|w| w.winner).as_deref(), Some(lead), "the same coin");
}

#[test]
fn the_coin_is_flipped_before_the_winter_adjustments() {
    let mut g = world_war();
    let v = Variant::standard();
    g.send("p1@example.test", "SIGNON Edemo pw-1\nF LON H\nF EDI H\nA LVP H\nF BRE H\nA PAR H\nA MAR H\nF STP/SC H\nA MOS H\nA WAR - GAL\nF SEV H");
    g.send("p2@example.test", CENTRAL_HOLD);
    g.send("p1@example.test", "SIGNON Edemo pw-1\nF LON H\nF EDI H\nA LVP H\nF BRE H\nA PAR H\nA MAR H\nF STP/SC H\nA MOS H\nA GAL - RUM\nF SEV H");
    g.send("p2@example.test", CENTRAL_HOLD);
    // Russia took Rumania: Winter 1914 adjustments, the coin already flipped
    assert_eq!(position(&g).phase, v.calendar.parse("W1914A").unwrap());
    let ww = g.row().settings.world_war.unwrap();
    assert!(ww.winner.is_some() && !ww.joined, "flipped; Italy joins in Spring 1915");
    assert_eq!(g.row().settings.neutral, ["ITALY"]);
    let (r, _) = g.send("p1@example.test", "SIGNON Rdemo pw-1\nBUILD A WAR");
    assert!(r.contains("Russia: A WAR B: accepted."), "a build goes to the power whose home centre it is in: {r}");
    assert_eq!(position(&g).phase, v.calendar.parse("S1915M").unwrap());
    let ww = g.row().settings.world_war.unwrap();
    assert!(ww.joined);
    assert_eq!(count(db::phases(g.w.db()), |p| db::like(&p.stored.report, "%coin of game demo is flipped%")), 1, "flipped once");
    assert_eq!(count(db::phases(g.w.db()), |p| db::like(&p.stored.report, "%Italy has joined%")), 1);
}

#[test]
fn a_side_wins_with_24_centres() {
    let mut g = world_war();
    let v = Variant::standard();
    let game = g.loaded();
    let rules = game.rules;
    let sides = rules.sides.expect("a side victory");
    assert_eq!(sides.centers, 24);
    // the Central Powers own 23 centres (no one alone 18): the game goes on
    let mut pos = game.position.clone().unwrap();
    let mut give = |codes: &[&str], who: &str| {
        for c in codes {
            pos.centers[v.prov_by_code(c).unwrap() as usize] = Some(v.power_by_name(who).unwrap());
        }
    };
    give(&["SER", "GRE", "BUL", "RUM", "WAR", "MOS", "SEV"], "AUSTRIA");
    give(&["HOL", "BEL", "DEN", "SWE", "NWY", "PAR", "BRE"], "GERMANY");
    let save = |g: &Game, pos: &mailjudge::adjudicate::Position| {
        let json = mailjudge::contract::position_to_json(&v, pos).to_string();
        g.set_position(&json);
    };
    save(&g, &pos);
    g.send("p1@example.test", ALLIES_HOLD);
    g.send("p2@example.test", CENTRAL_HOLD);
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "finished"), 0, "23 centres");
    // one more (a spring again, so that no centre changes hands by occupation)
    let mut pos = position(&g);
    pos.phase = v.calendar.parse("S1914M").unwrap();
    pos.centers[v.prov_by_code("MAR").unwrap() as usize] = Some(v.power_by_name("TURKEY").unwrap());
    save(&g, &pos);
    g.send("p1@example.test", ALLIES_HOLD);
    let (_, sent) = g.send("p2@example.test", CENTRAL_HOLD);
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "finished"), 1, "24 centres win");
    let end = g.row().ending.unwrap().end;
    assert_eq!(end, mailjudge::end::GameEnd::Alliance(vec![0, 3, 6]));
    assert!(to(&sent, "p1@example.test").iter().any(|s| flat(&s.body).contains("Austria")), "the end is announced");
}

#[test]
fn missing_orders_and_wait_count_every_power_of_a_seat() {
    let mut g = seated("4", &['E', 'F', 'T', 'I']);
    let v = Variant::standard();
    // WAIT from the Austria/France player holds the phase with every order in
    g.send("p2@example.test", "SIGNON Fdemo pw-2\nSET WAIT\nA PAR H\nA MAR H\nF BRE H\nA VIE H\nA BUD H\nF TRI H");
    g.send("p1@example.test", "SIGNON Edemo pw-1\nF LON H\nF EDI H\nA LVP H");
    g.send("p3@example.test", "SIGNON Gdemo pw-3\nF KIE H\nA BER H\nA MUN H\nF ANK H\nA CON H\nA SMY H");
    g.send("p4@example.test", "SIGNON Idemo pw-4\nA VEN H\nA ROM H\nF NAP H\nF STP/SC H\nA MOS H\nA WAR H\nF SEV H");
    assert_eq!(position(&g).phase, v.calendar.parse("S1901M").unwrap(), "the seat waits");
    g.send("p2@example.test", "SIGNON Ademo pw-2\nSET NOWAIT");
    assert_eq!(position(&g).phase, v.calendar.parse("F1901M").unwrap());
    // Fall: the Germany/Turkey player orders Germany only; at the deadline
    // Turkey is late, and so are the seats that sent nothing
    g.send("p3@example.test", "SIGNON Tdemo pw-3\nF KIE H\nA BER H\nA MUN H");
    let d = g.deadline();
    g.w.set_time(d + 60);
    let (_, sent) = g.w.step();
    let gm = to(&sent, GM).into_iter().find(|s| s.subject == "Late powers in game demo").expect("late notice to the master");
    assert!(flat(&gm.body).contains("Orders missing from: Austria, England, France, Italy, Russia, Turkey."), "{}", gm.body);
    let p3: Vec<&Sent> = to(&sent, "p3@example.test");
    assert_eq!(p3.len(), 1, "one late notice: Turkey");
    assert!(flat(&p3[0].body).contains("Turkey"), "{}", p3[0].body);
    assert_eq!(to(&sent, "p2@example.test").len(), 2, "Austria and France, one notice each");
}

#[test]
fn njudges_set_players_chooses_the_seating_before_the_start() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard");
    for name in [script::JOIN_AUSTRIA, script::JOIN_ENGLAND, script::JOIN_FRANCE] {
        g.w.deliver(name);
    }
    g.w.step();
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET PLAYERS 5");
    assert!(r.contains("A game for 5 players: Germany, Italy left out"), "{r}");
    assert_eq!(db::game(g.w.db(), "demo").settings.neutral, ["GERMANY", "ITALY"]);
    // SET POWERS is the same; a seating with fewer seats than players joined is refused
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET POWERS 2");
    assert!(r.contains("3 players have joined already, and that game seats 2"), "{r}");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET POWERS 3");
    assert!(!r.contains("Error"), "at the limit: three seats for three players: {r}");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET PLAYERS 8");
    assert!(r.contains("games for fewer players are played on the standard map"), "{r}");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET PLAYERS 7");
    assert!(!r.contains("Error"), "{r}");
    assert!(db::game(g.w.db(), "demo").settings.neutral.is_empty() && db::game(g.w.db(), "demo").settings.groups.is_empty());
}
