//! A game of Original 1958 played by mail over several years: the French
//! stack in Paris ordered unit by unit, English boarding in London, a landing,
//! Paris lost to England (the capital moves to Brest, where an army is built
//! beside the fleet) and retaken (the capital returns), and France growing to
//! 18 units for the victory, checked after the Winter builds. The other
//! powers send nothing: their units hold (the NMR default) at each deadline.
//!
//! The years after 1916 are played by a small planner that walks French
//! armies to the nearest centre France does not own and builds armies in
//! the capital: the judge is the thing under test, the planner only writes
//! the orders a player would.

use crate::common;
use common::game::*;
use common::*;
use mailjudge::adjudicate::Position;
use mailjudge::map::{PowerId, Prov, UnitType, Variant};
use mailjudge::phase::PhaseKind;
use std::collections::{HashMap, HashSet, VecDeque};

const FRANCE: &str = "p3@example.test";
const ENGLAND: &str = "p2@example.test";
const FR: PowerId = 2;
const EN: PowerId = 1;

fn v() -> Variant {
    Variant::builtin("original1958").expect("built in")
}

fn units(g: &Game, v: &Variant, power: PowerId) -> Vec<String> {
    g.unit_codes(v, power)
}

/// Sends `orders` for a power, signed on, and checks every line was accepted.
fn order(g: &mut Game, from: &str, letter: char, pw: &str, orders: &[&str]) -> (String, Vec<Sent>) {
    let body = format!("SIGNON {letter}demo {pw}\n{}", orders.join("\n"));
    let (r, sent) = g.send(from, &body);
    let accepted = r.matches(": accepted.").count();
    assert_eq!(accepted, orders.len(), "every order accepted: {orders:?}\n{r}");
    (r, sent)
}

/// One phase: France's orders, then England's (if any), then the phase ends.
fn play(g: &mut Game, france: &[&str], england: &[&str]) -> Vec<Sent> {
    let before = g.seq();
    let mut sent = Vec::new();
    if !france.is_empty() {
        sent.extend(order(g, FRANCE, 'F', "pw-three", france).1);
    }
    if !england.is_empty() {
        sent.extend(order(g, ENGLAND, 'E', "pw-two", england).1);
    }
    let more = end_phase(g, before, Vec::new());
    sent.extend(more);
    sent
}

/// Ends the phase numbered `before`: when the orders sent did not complete it
/// (the judge processes a phase early once every order is in), lets the
/// deadline and its grace period pass. Returns what was sent.
fn end_phase(g: &mut Game, before: i64, sent: Vec<Sent>) -> Vec<Sent> {
    if g.seq() != before {
        return sent;
    }
    g.pass_deadline()
}

/// The orders a player would write for France: armies walk to the nearest
/// centre France does not own (around foreign units), one army a target; an
/// army on such a centre holds until it is France's; fleets hold; builds are
/// armies in the capital.
fn plan(v: &Variant, pos: &Position) -> Vec<String> {
    let mine: Vec<(usize, Prov, UnitType)> =
        pos.units.iter().enumerate().filter(|(_, u)| u.power == FR && !u.aboard).map(|(i, u)| (i, u.loc.prov, u.kind)).collect();
    match pos.phase.kind {
        PhaseKind::Adjustment => {
            let owed = pos.center_count(FR).saturating_sub(pos.unit_count(FR));
            let cap = v.current_capital(FR, &pos.centers).expect("France holds a home centre");
            return (0..owed).map(|_| format!("BUILD A {}", v.code(cap))).collect();
        }
        PhaseKind::Retreat => return Vec::new(),
        PhaseKind::Movement => {}
    }
    let foreign: HashSet<Prov> = pos.units.iter().filter(|u| u.power != FR).map(|u| u.loc.prov).collect();
    let wanted = |p: Prov| v.is_center(p) && pos.centers[p as usize] != Some(FR) && !foreign.contains(&p);
    let mut taken: HashSet<Prov> = HashSet::new();
    // each unit's move (None: it holds)
    let mut moves: HashMap<usize, Prov> = HashMap::new();
    for &(i, at, kind) in &mine {
        if kind == UnitType::Fleet || (v.is_center(at) && pos.centers[at as usize] != Some(FR)) {
            continue;
        }
        // breadth first over army moves, around foreign units
        let mut from: HashMap<Prov, Prov> = HashMap::from([(at, at)]);
        let mut queue = VecDeque::from([at]);
        let mut goal = None;
        while let Some(x) = queue.pop_front() {
            if x != at && wanted(x) && !taken.contains(&x) {
                goal = Some(x);
                break;
            }
            for &y in v.army_neighbours(x) {
                if !foreign.contains(&y) && !from.contains_key(&y) {
                    from.insert(y, x);
                    queue.push_back(y);
                }
            }
        }
        let Some(goal) = goal else { continue };
        taken.insert(goal);
        let mut step = goal;
        while from[&step] != at {
            step = from[&step];
        }
        moves.insert(i, step);
    }
    // a move into a space a French unit keeps (holding, or moving into the
    // mover's own space) would bounce: that unit holds too, until none is left
    loop {
        let staying: HashSet<Prov> = mine.iter().filter(|(i, _, _)| !moves.contains_key(i)).map(|&(_, p, _)| p).collect();
        let mut dests: HashMap<Prov, usize> = HashMap::new();
        let bad: Vec<usize> = mine
            .iter()
            .filter_map(|&(i, at, _)| {
                let d = *moves.get(&i)?;
                let swap = mine.iter().any(|&(j, p, _)| p == d && moves.get(&j) == Some(&at));
                let twice = dests.insert(d, i).is_some();
                (staying.contains(&d) || swap || twice).then_some(i)
            })
            .collect();
        if bad.is_empty() {
            break;
        }
        for i in bad {
            moves.remove(&i);
        }
    }
    mine.iter()
        .map(|&(i, at, kind)| {
            let u = format!("{} {}", kind.letter(), v.loc_code(pos.units[i].loc));
            let _ = at;
            match moves.get(&i) {
                Some(d) => format!("{u} - {}", v.code(*d)),
                None => format!("{u} H"),
            }
        })
        .collect()
}

#[test]
fn original_1958_by_mail_from_1914_to_an_18_unit_victory() {
    let v = v();
    let mut g = Game::started_variant("original1958", "");
    assert_eq!(g.phase(&v), "S1914M");
    assert_eq!(units(&g, &v, FR), ["A PAR", "A PAR", "F BRE"]);

    // --- Spring 1914: the French stack in Paris ordered unit by unit; England boards in London
    let (r, _) = order(&mut g, FRANCE, 'F', "pw-three", &["A PAR - BUR", "A PAR - GAS", "F BRE H"]);
    assert!(!r.contains("Error"), "{r}");
    // a third order for the two armies in Paris in the same mail: refused, saying why
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nA PAR - BUR\nA PAR - GAS\nA PAR - FLA\nF BRE H");
    assert!(r.contains("A PAR - FLA: this mail has already ordered all 2 unit(s) of that type there"), "{r}");
    assert_eq!(g.orders(FR as i64), ["A PAR - BUR", "A PAR - GAS", "F BRE H"], "the later mail replaced the stack's orders");
    let sent = play(&mut g, &[], &["A LON B", "F LON B", "F LON H"]);
    assert_eq!(g.phase(&v), "F1914M");
    assert_eq!(units(&g, &v, FR), ["A BUR", "A GAS", "F BRE"]);
    assert_eq!(units(&g, &v, EN), ["A LON ABOARD", "F LON", "F LON"]);
    // the results show the boarding and the stack plainly
    let report = to(&sent, FRANCE).into_iter().find(|s| s.subject.contains("results")).expect("France gets the results");
    let body = flat(&report.body);
    assert!(body.contains("A LON B") && body.contains("F LON B"), "{body}");
    assert!(body.contains("A on board F LON") && body.contains("2 fleets in London"), "{body}");

    // --- Fall 1914: the carrying fleet takes the first fleet order and sails
    play(&mut g, &["A BUR - SWI", "A GAS - SPA", "F BRE H"], &["F LON - ENG", "F LON H"]);
    assert_eq!(g.phase(&v), "W1914A");
    assert_eq!(units(&g, &v, EN), ["A ENG ABOARD", "F ENG", "F LON"]);

    // --- Winter 1914: two armies built in the capital, a stack again
    // two builds owed: a third in the same mail is refused (at and past the limit)
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nBUILD A PAR\nBUILD A PAR\nBUILD A PAR");
    assert!(r.contains("A PAR B: this mail has already given all 2 build(s) owed"), "{r}");
    let sent = play(&mut g, &["BUILD A PAR", "BUILD A PAR"], &[]);
    assert_eq!(g.phase(&v), "S1915M");
    assert_eq!(units(&g, &v, FR), ["A PAR", "A PAR", "A SPA", "A SWI", "F BRE"]);
    let report = to(&sent, FRANCE).into_iter().find(|s| s.subject.contains("results")).expect("France gets the results");
    assert!(flat(&report.body).contains("2 armies in Paris"), "{}", report.body);

    // --- 1915: Paris left empty; England lands in Flanders and takes it
    play(&mut g, &["A PAR - LOR", "A PAR - GAS", "A SPA - POR", "A SWI H", "F BRE H"], &["F ENG - FLA", "F LON H"]);
    assert_eq!(units(&g, &v, EN), ["A FLA", "F ENG", "F LON"], "the army is ashore, the fleet back at sea");
    play(&mut g, &["A LOR - BEL", "A GAS H", "A POR H", "A SWI H", "F BRE H"], &["A FLA - PAR", "F ENG H", "F LON H"]);
    assert_eq!(g.phase(&v), "W1915A");
    let pos = g.position(&v);
    let par = v.prov_by_code("PAR").unwrap();
    let bre = v.prov_by_code("BRE").unwrap();
    assert_eq!(pos.centers[par as usize], Some(EN), "England holds Paris");
    assert_eq!(v.current_capital(FR, &pos.centers), Some(bre), "the French capital moved to Brest");
    // builds: not in lost Paris; an army in Brest beside the fleet
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nBUILD A PAR");
    assert!(r.contains("A PAR B: the power does not own that centre"), "{r}");
    play(&mut g, &["BUILD A BRE"], &["WAIVE"]);
    assert_eq!(g.phase(&v), "S1916M");
    assert_eq!(units(&g, &v, FR), ["A BEL", "A BRE", "A GAS", "A POR", "A SWI", "F BRE"]);

    // --- 1916: Paris retaken; an order without a type for Brest is ambiguous
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nBRE - PAR");
    assert!(r.contains("you have an army and a fleet in BRE"), "{r}");
    play(&mut g, &["A BRE - PAR", "A GAS S A BRE - PAR", "A BEL H", "A POR H", "A SWI H", "F BRE H"], &[]);
    assert_eq!(g.phase(&v), "S1916R", "the English army in Paris is dislodged");
    g.pass_deadline(); // England orders no retreat: disbanded
    assert_eq!(units(&g, &v, EN), ["F ENG", "F LON"]);
    play(&mut g, &["A PAR H", "A GAS H", "A BEL H", "A POR H", "A SWI H", "F BRE H"], &[]);
    assert_eq!(g.phase(&v), "W1916A");
    let pos = g.position(&v);
    assert_eq!(pos.centers[par as usize], Some(FR));
    assert_eq!(v.current_capital(FR, &pos.centers), Some(par), "the capital returned to Paris");

    // --- from Winter 1916: France grows until it has 18 units
    let mut phases = 0;
    while g.status() == "active" {
        phases += 1;
        assert!(phases < 80, "France should have won by now: {:?} at {}", units(&g, &v, FR), g.phase(&v));
        let pos = g.position(&v);
        let orders = plan(&v, &pos);
        let lines: Vec<&str> = orders.iter().map(String::as_str).collect();
        let sent = play(&mut g, &lines, &[]);
        if g.status() != "active" {
            let end = to(&sent, FRANCE).into_iter().find(|s| s.subject.contains("results")).expect("France gets the last results");
            assert!(flat(&end.body).contains("The game is over: France has won (18 units on the board)."), "{}", end.body);
            // reached at a Winter's builds: victory is checked after every phase (D19)
            assert!(end.subject.contains("Winter"), "{}", end.subject);
        }
    }
    assert_eq!(g.status(), "finished");
    let pos = g.position(&v);
    assert!(pos.unit_count(FR) >= 18, "{:?}", units(&g, &v, FR));
    let result = mailjudge::report::say::game::result(&g.row()).expect("a result");
    assert!(result.starts_with("France won in Winter 19"), "{result}");
    // the end is stored typed and read back strictly
    let game = g.row();
    let ending = game.ending.clone().expect("an ending is recorded");
    assert_eq!(ending.end, mailjudge::end::GameEnd::Solo(FR));
    assert_eq!(ending.phase.map(|p| p.kind), Some(PhaseKind::Adjustment));
    exports_re_import(&g, &v);
}

/// The whole 1958 game (stacks, boarding, landings, the capital moving) is
/// exported as MILA JSON and in njudge's layout, and each re-imports and
/// replays with no difference.
fn exports_re_import(g: &Game, v: &Variant) {
    use mailjudge::archive::{GameRecord, judge_text, mila};
    let rec = GameRecord::load(&g.w.daemon.judge.conn, &g.loaded()).unwrap();
    assert!(rec.phases.len() > 10, "{}", rec.phases.len());
    let json = mila::to_mila(v, &rec);
    assert_eq!(json["map"], "original1958");
    let saved = mila::from_mila(v, &json).unwrap();
    let rules = saved.rules(v, &[]).unwrap();
    let report = mila::replay(v, &rules, &saved);
    assert_eq!(report.phases, rec.phases.len());
    assert!(report.differences.is_empty(), "MILA JSON: {:?}", report.differences);
    let text = judge_text::write::to_njudge(v, &rec);
    // the 1958 words keep to what jDip's import reads or skips
    assert_eq!(crate::archive_text::jdip_breaks(&text), Vec::<String>::new());
    assert!(text.contains("England: Army London HOLD AND BOARD.\n") && text.contains("England: Army English Channel, on board.\n"), "{text}");
    let jt = judge_text::read::read(v, &text).unwrap();
    let mut differences = mila::replay(v, &rules, &jt.saved).differences;
    judge_text::read::compare_results(v, &rules, &jt.saved, &jt.results, &mut differences);
    assert!(differences.is_empty(), "njudge text: {differences:?}");
}

#[test]
fn a_retreat_order_without_a_type_is_for_the_dislodged_unit_not_the_attacker() {
    // standard map: an English fleet has dislodged the French army in Picardy
    let mut g = Game::started();
    let pos = r#"{"phase": "S1901R", "units": {"ENGLAND": ["F PIC"], "FRANCE": ["A MAR", "F BRE"]},
        "centers": {"ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"]},
        "retreats": {"FRANCE": {"A PIC": ["BEL", "BUR", "PAR"]}}, "dislodged_by": {"FRANCE": {"A PIC": "ENG"}}}"#;
    g.set_position(pos);
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nPIC - PAR");
    assert!(r.contains("A PIC R PAR: accepted."), "{r}");
}
