//! Ending a game (docs/RULES.md, "Ending a game"), by mail: the short game's
//! last year (`SET END`) and solo count (`SET CENTERS`), draws that leave
//! survivors out (`SET NODIAS`), concession to the largest power, and alliance
//! victories by vote (`SET ALLY`) on a map with alliance rules (1885).

use crate::common;
use common::db::{self, count};
use common::game::*;
use common::script;
use mailjudge::adjudicate::{self, Position};
use mailjudge::map::{PowerId, Variant};
use mailjudge::store::games::{Ending, GameStatus};

/// How the game ended, read back through the typed record.
fn ending(g: &Game, _v: &Variant) -> Option<Ending> {
    g.row().ending
}

fn names(v: &Variant, e: &Ending) -> Vec<String> {
    e.end.powers().iter().map(|&p| v.powers[p as usize].name.clone()).collect()
}

/// `text` sent by the player of the standard power with letter `l`.
fn as_power(g: &mut Game, l: char, text: &str) -> String {
    g.as_power(l, text).0
}

fn as_master(g: &mut Game, text: &str) -> String {
    g.as_master(text).0
}

#[test]
fn end_year_refuses_a_year_already_over_and_ends_after_that_years_last_phase_in_a_draw() {
    let mut g = Game::started();
    let v = Variant::standard();
    // the limit: the current year (1901) is accepted, the one before refused
    let r = as_master(&mut g, "SET END 1900");
    assert!(r.contains("END 1900: write a year from 1901 on"), "{r}");
    let r = as_master(&mut g, "SET END soon");
    assert!(r.contains("END soon: write a year from 1901 on"), "{r}");
    assert_eq!(g.row().settings.end_year, None);
    let r = as_master(&mut g, "SET END 1901");
    assert!(r.contains("The game ends after the last phase of 1901"), "{r}");
    assert_eq!(g.row().settings.end_year, Some(1901));
    let r = g.send("p1@example.test", "LIST demo").0;
    assert!(r.contains("last year: 1901 (then a draw between the survivors)"), "{r}");
    // a player may not set it
    let r = as_power(&mut g, 'F', "SET END 1902");
    assert!(r.contains("only the master of game demo may do that"), "{r}");
    assert_eq!(g.row().settings.end_year, Some(1901));
    // Spring 1901 is not the year's last phase
    let r = as_master(&mut g, "PROCESS!");
    assert!(r.contains("Spring 1901 movement processed"), "{r}");
    assert_eq!(g.row().status, GameStatus::Active);
    // Fall 1901 is (everyone held: no adjustments): a draw between all seven
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    assert!(r.contains("Fall 1901 movement processed"), "{r}");
    let e = ending(&g, &v).expect("the game ended");
    assert_eq!(e.end.kind(), mailjudge::end::EndKind::Draw);
    assert_eq!(names(&v, &e), ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]);
    assert_eq!(g.row().status, GameStatus::Finished);
    let report = sent.iter().find(|s| s.to == "p1@example.test" && s.subject == "Game demo: Fall 1901 movement results").expect("the report");
    let body = flat(&report.body);
    assert!(body.contains("The game is over: Draw declared in Fall 1901 movement between Austria, England, France, Germany, Italy, Russia, Turkey."), "{body}");
    assert!(!body.contains("Next phase"), "{body}");
    // SET END NONE takes it away (in a game still going)
    let mut g = Game::started_with("end=1903");
    assert_eq!(g.row().settings.end_year, Some(1903));
    let r = as_master(&mut g, "SET END NONE");
    assert!(r.contains("The game has no end year"), "{r}");
    assert_eq!(g.row().settings.end_year, None);
}

#[test]
fn end_year_counts_the_adjustments_of_that_year() {
    // with builds owed, Winter 1901 is still played; the game ends after it
    let mut g = Game::started_with("end=1901");
    let v = Variant::standard();
    as_power(&mut g, 'F', "A PAR - BUR\nF BRE - MAO\nA MAR - SPA");
    as_master(&mut g, "PROCESS!");
    as_power(&mut g, 'F', "F MAO - POR\nA SPA H\nA BUR H");
    as_master(&mut g, "PROCESS!");
    assert_eq!(g.row().status, GameStatus::Active, "France builds in Winter 1901");
    let pos = g.row().position.unwrap();
    assert_eq!(v.calendar.name(pos.phase), "W1901A");
    as_power(&mut g, 'F', "BUILD A PAR\nBUILD F BRE");
    as_master(&mut g, "PROCESS!");
    let e = ending(&g, &v).expect("over after Winter 1901");
    assert_eq!(v.calendar.name(e.phase.unwrap()), "W1901A");
    assert_eq!(names(&v, &e).len(), 7);
}

#[test]
fn centers_refuses_zero_and_more_than_the_map_has_and_takes_the_maximum() {
    let mut g = Game::started();
    for bad in ["0", "35", "-1", "many"] {
        let r = as_master(&mut g, &format!("SET CENTERS {bad}"));
        assert!(r.contains(&format!("CENTERS {bad}: write a number of supply centres from 1 to 34 (the map has 34)")), "{r}");
    }
    assert_eq!(g.row().settings.victory_count, None);
    let r = as_master(&mut g, "SET CENTERS 34");
    assert!(r.contains("A solo victory now needs 34 supply centres."), "{r}");
    assert_eq!(g.row().settings.victory_count, Some(34));
    let r = as_master(&mut g, "SET CENTRES 1");
    assert!(r.contains("A solo victory now needs 1 supply centres."), "{r}");
    assert_eq!(g.row().settings.victory_count, Some(1));
    let r = g.send("p1@example.test", "LIST demo").0;
    assert!(r.contains("a solo victory needs 1 supply centres"), "{r}");
    let r = as_master(&mut g, "SET CENTERS NONE");
    assert!(r.contains("the map's count again: 18"), "{r}");
    assert_eq!(g.row().settings.victory_count, None);
    // CREATE takes it as an option, with the same limits
    let r = g.send(GM, "CREATE ?other gmpass standard centers=35").0;
    assert!(r.contains("CENTERS 35: write a number of supply centres from 1 to 34"), "{r}");
}

#[test]
fn centers_applies_when_the_phase_is_adjudicated() {
    // Russia starts with four centres, the others with three: with a solo at
    // four, the setting ends nothing by itself; Russia wins when the next
    // phase is adjudicated
    let mut g = Game::started();
    let v = Variant::standard();
    as_master(&mut g, "SET CENTERS 4");
    assert_eq!(g.row().status, GameStatus::Active);
    let (_, sent) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    let e = ending(&g, &v).expect("Russia won");
    assert_eq!(e.end, mailjudge::end::GameEnd::Solo(v.power_by_name("RUSSIA").unwrap()));
    assert_eq!(v.calendar.name(e.phase.unwrap()), "S1901M");
    let report = sent.iter().find(|s| s.to == GM && s.subject == "Game demo: Spring 1901 movement results").unwrap();
    assert!(flat(&report.body).contains("The game is over: Russia has won (4 supply centres)."), "{}", report.body);
    // at five nobody has won: the game goes on
    let mut g = Game::started_with("centers=5");
    as_master(&mut g, "PROCESS!");
    as_master(&mut g, "PROCESS!");
    assert_eq!(g.row().status, GameStatus::Active);
    assert_eq!(v.calendar.name(g.row().position.unwrap().phase), "S1902M");
}

#[test]
fn the_engine_takes_the_victory_count_it_is_given() {
    let v = Variant::standard();
    let mut pos = Position::initial(&v);
    pos.phase = v.calendar.parse("F1901M").unwrap();
    let map = adjudicate::process(&v, &mailjudge::rules::Rulebook::default(), &pos, &[]);
    assert_eq!(map.end, None);
    let four = adjudicate::process(&v, &mailjudge::rules::Rulebook::default().with_victory_count(Some(4)), &pos, &[]);
    assert_eq!(four.winner(), v.power_by_name("RUSSIA"));
    // at three Russia (four) is alone on top; without a fourth centre (in
    // spring, which changes no ownership) seven powers have three
    let three = adjudicate::process(&v, &mailjudge::rules::Rulebook::default().with_victory_count(Some(3)), &pos, &[]);
    assert_eq!(three.winner(), v.power_by_name("RUSSIA"));
    pos.phase = v.calendar.parse("S1901M").unwrap();
    pos.centers.iter_mut().filter(|c| **c == v.power_by_name("RUSSIA")).take(1).for_each(|c| *c = None);
    let tie = adjudicate::process(&v, &mailjudge::rules::Rulebook::default().with_victory_count(Some(3)), &pos, &[]);
    assert_eq!(tie.end, None, "seven powers at three: no one alone on top");
}

#[test]
fn draws_include_every_survivor_unless_the_master_allows_fewer() {
    let mut g = Game::started();
    let v = Variant::standard();
    // DIAS, the default: a draw naming some survivors is refused
    let r = as_power(&mut g, 'E', "SET DRAW ENGLAND FRANCE");
    assert!(r.contains("draws on this judge include every surviving power"), "{r}");
    // a player cannot change it
    let r = as_power(&mut g, 'E', "SET NODIAS");
    assert!(r.contains("only the master of game demo may do that"), "{r}");
    let r = as_master(&mut g, "SET NODIAS");
    assert!(r.contains("Draws may leave surviving powers out (NODIAS)"), "{r}");
    assert_eq!(g.row().settings.dias, mailjudge::store::games::Draws::SomeSurvivors);
    let r = g.send("p1@example.test", "LIST demo").0;
    assert!(r.contains("draws may leave survivors out (NODIAS)"), "{r}");
    // everyone votes England and France, Turkey for all survivors: no draw yet
    for (_, _, l) in common::game::SEATS.iter().filter(|p| p.2 != 'T') {
        let r = as_power(&mut g, *l, "SET DRAW E F");
        assert!(r.contains("Your vote for a draw between England, France is recorded"), "{r}");
    }
    let r = as_power(&mut g, 'T', "SET DRAW");
    assert!(r.contains("Your vote for a draw including all survivors is recorded") && !r.contains("The game is over"), "{r}");
    assert_eq!(g.row().status, GameStatus::Active);
    // the master puts DIAS back: the partial votes no longer make a draw
    as_master(&mut g, "SET DIAS");
    let r = as_power(&mut g, 'T', "SET DRAW FRANCE ENGLAND");
    assert!(r.contains("draws on this judge include every surviving power"), "{r}");
    as_master(&mut g, "SET NODIAS");
    // Turkey, left out, votes for the same draw: it happens
    let r = as_power(&mut g, 'T', "SET DRAW FRANCE ENGLAND");
    assert!(r.contains("The game is over: Draw declared in Spring 1901 movement between England, France."), "{r}");
    let e = ending(&g, &v).unwrap();
    assert_eq!(e.end, mailjudge::end::GameEnd::Draw(vec![v.power_by_name("ENGLAND").unwrap(), v.power_by_name("FRANCE").unwrap()]));
}

#[test]
fn a_draw_names_survivors_only() {
    // Italy is left out of a game for six: no draw may name it
    let mut g = Game::empty();
    let r = g.send(GM, "CREATE ?demo gmpass standard players=6 dias=no").0;
    assert!(r.contains("Draws may leave surviving powers out"), "{r}");
    for name in [script::JOIN_AUSTRIA, script::JOIN_ENGLAND, script::JOIN_FRANCE, script::JOIN_GERMANY, script::JOIN_RUSSIA, script::JOIN_TURKEY] {
        g.w.deliver(name);
    }
    g.w.step();
    assert_eq!(g.row().status, GameStatus::Active);
    let r = as_power(&mut g, 'E', "SET DRAW ENGLAND ITALY");
    assert!(r.contains("Italy is not in the game: a vote names surviving powers (Austria, England, France, Germany, Russia, Turkey)"), "{r}");
    // NODIAS: a concession is a draw of one power
    let r = as_power(&mut g, 'E', "SET CONCEDE ITALY");
    assert!(r.contains("concede with a draw of that power alone, SET DRAW power"), "{r}");
}

#[test]
fn concession_only_to_the_largest_power() {
    let mut g = Game::started();
    let v = Variant::standard();
    let r = as_power(&mut g, 'E', "SET CONCEDE ENGLAND");
    assert!(r.contains("you cannot concede to yourself"), "{r}");
    let r = as_power(&mut g, 'E', "SET CONCEDE");
    assert!(r.contains("write SET CONCEDE and the largest power on the board"), "{r}");
    // Russia, with four centres, is the largest power; not a coalition, not another
    let r = as_power(&mut g, 'E', "SET CONCEDE FRANCE");
    assert!(r.contains("you may concede only to the largest power on the board, Russia; not to France"), "{r}");
    let r = as_power(&mut g, 'E', "SET CONCEDE RUSSIA TURKEY");
    assert!(r.contains("you may concede only to the largest power on the board, Russia; not to Russia, Turkey"), "{r}");
    for l in ['A', 'E', 'F', 'G', 'I'] {
        let r = as_power(&mut g, l, "SET CONC R");
        assert!(r.contains("You concede to Russia") && !r.contains("The game is over"), "{r}");
    }
    // the largest power need not concede; Turkey is the last
    let r = as_power(&mut g, 'T', "SET CONCEDE RUSSIA");
    assert!(r.contains("The game is over: The other powers conceded: Russia wins (Spring 1901 movement)."), "{r}");
    let e = ending(&g, &v).unwrap();
    assert_eq!(e.end, mailjudge::end::GameEnd::Concession(vec![v.power_by_name("RUSSIA").unwrap()]));
}

#[test]
fn no_concession_on_a_tie_nor_when_the_master_refuses_them() {
    let mut g = Game::started();
    let v = Variant::standard();
    // England draws level with Russia: no power is the largest
    give_centres(&g, &v, &[v.power_by_name("ENGLAND").unwrap()], 4);
    let r = as_power(&mut g, 'A', "SET CONCEDE RUSSIA");
    assert!(r.contains("none has more centres than every other; not to Russia"), "{r}");
    let r = as_master(&mut g, "SET NO CONCESSIONS");
    assert!(r.contains("No concessions in this game"), "{r}");
    let r = as_power(&mut g, 'A', "SET CONCEDE RUSSIA");
    assert!(r.contains("game demo allows no concessions (the master set NO CONCESSIONS)"), "{r}");
}

#[test]
fn an_alliance_vote_is_refused_on_a_map_without_alliance_victories() {
    let mut g = Game::started();
    let r = as_power(&mut g, 'E', "SET ALLY FRANCE");
    assert!(r.contains("has no alliance victories"), "{r}");
    assert_eq!(count(db::players(g.w.db()), |p| p.ally.is_some()), 0);
}

/// The nine powers of the test map `ninepowers` (tests/data/fixtures: two
/// allies win with 12 centres together, 5 each; three with 15, 4 each).
const SEATS: [char; 9] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];

/// A started game `demo` on the nine-power test map, player `q{i}` at the
/// power with letter `SEATS[i]` (password `pw-{i}`).
fn started_ninepowers() -> (Game, Variant) {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fixtures/ninepowers.toml")).unwrap();
    let mut g = Game::with_variants(&[("ninepowers", &text)]);
    let r = g.send(GM, "CREATE ?demo gmpass ninepowers").0;
    assert!(r.contains("the game starts when all 9 seats are taken"), "{r}");
    for (i, l) in SEATS.iter().enumerate() {
        g.drop_mail(&format!("q{i}@example.test"), &format!("SIGNON ?demo pw-{i}\nSET PREFERENCE {l}"));
    }
    g.w.step();
    assert_eq!(g.row().status, GameStatus::Active);
    for i in 0..SEATS.len() {
        assert_eq!(count(db::players(g.w.db()), |p| p.email == format!("q{i}@example.test") && p.power.map(usize::from) == Some(i)), 1, "seated by preference");
    }
    (g, Variant::read_toml(&text).unwrap())
}

fn as_seat(g: &mut Game, l: char, text: &str) -> String {
    let i = SEATS.iter().position(|x| *x == l).unwrap();
    g.send(&format!("q{i}@example.test"), &format!("SIGNON {l}demo pw-{i}\n{text}")).0
}

/// Gives `powers` `each` centres apiece (neutral centres first, then
/// others' not their home), in the stored position.
fn give_centres(g: &Game, v: &Variant, powers: &[PowerId], each: usize) {
    let game = g.row();
    let mut pos = game.position.clone().unwrap();
    for &p in powers {
        let have = pos.center_count(p);
        let mut free: Vec<usize> = (0..pos.centers.len()).filter(|&c| v.is_center(c as _) && pos.centers[c].is_none()).collect();
        free.extend(
            (0..pos.centers.len()).filter(|&c| v.is_center(c as _) && pos.centers[c].is_some_and(|o| !powers.contains(&o)) && v.home_of(c as _).is_none()),
        );
        for c in free.into_iter().take(each - have) {
            pos.centers[c] = Some(p);
        }
        assert_eq!(pos.center_count(p), each);
    }
    let text = mailjudge::contract::position_to_json(v, &pos).to_string();
    g.set_position(&text);
}

#[test]
fn alliance_votes_refuse_sizes_the_map_has_no_victory_for() {
    let (mut g, v) = started_ninepowers();
    assert_eq!(v.alliances.iter().map(|a| a.powers).collect::<Vec<_>>(), [2, 3]);
    // alone (one power) and four powers: refused; two and three: recorded
    let r = as_seat(&mut g, 'A', "SET ALLY ALPHA");
    assert!(r.contains("an alliance of 1 powers (yours included) cannot win on this map: its alliances are of 2 or 3 powers"), "{r}");
    let r = as_seat(&mut g, 'A', "SET ALLY BRAVO CHARLIE DELTA");
    assert!(r.contains("an alliance of 4 powers"), "{r}");
    assert_eq!(count(db::players(g.w.db()), |p| p.ally.is_some()), 0);
    let r = as_seat(&mut g, 'A', "SET ALLY BRAVO CHARLIE");
    assert!(r.contains("Your vote for an alliance of Alpha, Bravo, Charlie is recorded"), "{r}");
    // its own power is implied
    let r = as_seat(&mut g, 'A', "SET ALLY B");
    assert!(r.contains("Your vote for an alliance of Alpha, Bravo is recorded"), "{r}");
    assert_eq!(count(db::players(g.w.db()), |p| p.ally == Some(vec![0, 1])), 1);
    let r = as_seat(&mut g, 'A', "SET NOALLY");
    assert!(r.contains("Alliance vote withdrawn."), "{r}");
    assert_eq!(count(db::players(g.w.db()), |p| p.ally.is_some()), 0);
}

#[test]
fn an_alliance_that_has_the_numbers_wins_when_every_ally_has_voted_for_it() {
    let (mut g, v) = started_ninepowers();
    let (a, b) = (v.power_by_name("ALPHA").unwrap(), v.power_by_name("BRAVO").unwrap());
    // the numbers (two powers: 12 together, 5 each) but only Alpha voted
    give_centres(&g, &v, &[a, b], 6);
    let r = as_seat(&mut g, 'A', "SET ALLY BRAVO");
    assert!(!r.contains("The game is over"), "{r}");
    // Bravo votes another alliance: nothing
    let r = as_seat(&mut g, 'B', "SET ALLY BRAVO CHARLIE");
    assert!(!r.contains("The game is over"), "{r}");
    assert_eq!(g.row().status, GameStatus::Active);
    // Bravo votes Alpha's: they win at once
    let r = as_seat(&mut g, 'B', "SET ALLY ALPHA");
    assert!(r.contains("The game is over: Alpha, Bravo won together in Spring 1901 movement"), "{r}");
    assert_eq!(ending(&g, &v).unwrap().end, mailjudge::end::GameEnd::Alliance(vec![a, b]));
}

#[test]
fn an_alliance_without_the_numbers_waits_and_wins_after_the_phase_that_gives_them() {
    let (mut g, v) = started_ninepowers();
    let (a, b) = (v.power_by_name("ALPHA").unwrap(), v.power_by_name("BRAVO").unwrap());
    // both vote; one short of the count (11 together)
    give_centres(&g, &v, &[a], 6);
    give_centres(&g, &v, &[b], 5);
    as_seat(&mut g, 'A', "SET ALLY BRAVO");
    let r = as_seat(&mut g, 'B', "SET ALLY ALPHA");
    assert!(r.contains("Your vote for an alliance of Alpha, Bravo is recorded") && !r.contains("The game is over"), "{r}");
    as_master(&mut g, "PROCESS!");
    assert_eq!(g.row().status, GameStatus::Active, "11 centres: not yet");
    // the numbers come (here by the master's hand, as a phase would bring
    // them); the next adjudicated phase ends the game
    give_centres(&g, &v, &[b], 6);
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    assert!(r.contains("processed"), "{r}");
    let end = ending(&g, &v).expect("the alliance won");
    assert_eq!(end.end, mailjudge::end::GameEnd::Alliance(vec![a, b]));
    let report = sent.iter().find(|s| s.to == GM && s.subject.ends_with("results")).unwrap();
    assert!(flat(&report.body).contains("The game is over: Alpha, Bravo won together in"), "{}", report.body);
}
