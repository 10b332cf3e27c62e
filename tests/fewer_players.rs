//! Games for fewer players through the mail interface: `CREATE ... players=5`
//! seats five, leaves Germany and Italy out (neutral), and their units hold.

mod common;
use common::game::*;
use common::*;
use mailjudge::map::Variant;

fn position(g: &Game) -> mailjudge::adjudicate::Position {
    let v = Variant::standard();
    let game = mailjudge::store::games::Game::by_name(&g.w.daemon.judge.conn, "demo").unwrap().unwrap();
    game.position(&v).unwrap().unwrap()
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
    for name in ["01-join-austria", "02-join-england", "03-join-france", "07-join-russia"] {
        g.w.deliver(name);
    }
    g.w.step();
    assert_eq!(g.w.sql_i64("SELECT count(*) FROM games WHERE status = 'active'"), 0, "four of five seats");
    g.w.deliver("08-join-turkey");
    g.w.step();
    assert_eq!(g.w.sql_i64("SELECT count(*) FROM games WHERE status = 'active'"), 1, "the fifth join starts the game");
    // Germany (3) and Italy (4) have no player
    assert_eq!(g.w.sql_i64("SELECT count(*) FROM players WHERE power IN (3, 4)"), 0);
    assert_eq!(g.w.sql_i64("SELECT count(*) FROM players WHERE power IS NOT NULL"), 5);
    // a neutral power is not a vacant one to take over
    let (r, _) = g.send("p4@example.test", "SIGNON ?demo pw-four");
    assert!(r.contains("game demo has no vacant power"), "{r}");
    assert_eq!(g.w.sql_i64("SELECT count(*) FROM players WHERE power IN (3, 4)"), 0);
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
fn players_other_than_five_to_seven_are_refused() {
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass standard players=8");
    assert!(r.contains("players=8: games for six or five players are played"), "{r}");
    // four, three and two players need one player to play several powers: refused, saying so
    for n in [4, 3, 2] {
        let (r, _) = g.send(GM, &format!("CREATE ?demo{n} gmpass standard players={n}"));
        assert!(r.contains(&format!("players={n}: games for six or five players")) && r.contains("not available yet"), "{r}");
    }
    assert_eq!(g.w.sql_i64("SELECT count(*) FROM games"), 0);
}
