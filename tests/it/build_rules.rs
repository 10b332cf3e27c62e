//! njudge's build and disband rules (issue 36, docs/NJUDGE.md row 120),
//! played by mail: `SET ANY|HOME|ONE CENTRES`, `SET ANY|NORMAL DISBAND`,
//! `SET [NO] DISBAND`, `SET [NO] AUTO DISBAND` and `SET BLANK BOARD`, set
//! before the start (by SET or CREATE's `key=value`), each seen in what the
//! board and the results show (docs/RULES.md, "Build and disband rules").

use crate::common;
use common::game::*;
use common::*;
use mailjudge::adjudicate::Position;
use mailjudge::map::{Unit, UnitType, Variant};

const FRANCE: u8 = 2;

/// A game whose master mailed `sets` (SET lines) while it formed, then
/// started by the seven joins.
fn started_after(sets: &str) -> Game {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard");
    let (r, _) = g.as_master(sets);
    assert!(!r.contains("Error"), "{r}");
    for name in script::JOINS {
        g.w.deliver(name);
    }
    g.w.step();
    assert_eq!(db::games_in(g.w.db(), "active"), 1, "the game started");
    g
}

fn unit(v: &Variant, power: &str, kind: UnitType, at: &str) -> Unit {
    Unit { power: v.power_by_name(power).unwrap(), kind, loc: v.parse_loc(at).unwrap(), aboard: false }
}

/// `g`'s board set to `phase` with `units` (the starting centres, with `owned` given to their new owners).
fn board(g: &Game, v: &Variant, phase: &str, units: Vec<Unit>, owned: &[(&str, &str)]) {
    let mut pos = g.position(v);
    pos.phase = v.calendar.parse(phase).unwrap();
    pos.units = units;
    pos.units.sort();
    for (code, power) in owned {
        pos.centers[v.prov_by_code(code).unwrap() as usize] = v.power_by_name(power);
    }
    g.set_position(&mailjudge::contract::position_to_json(v, &pos).to_string());
}

/// Winter 1901: France's armies in Paris, Marseilles and Gascony, Brest
/// vacant, Belgium French: four centres, three units, one build due.
fn winter(g: &Game, v: &Variant, owned: &[(&str, &str)]) {
    let a = |at| unit(v, "FRANCE", UnitType::Army, at);
    let mut own = vec![("BEL", "FRANCE")];
    own.extend_from_slice(owned);
    board(g, v, "W1901A", vec![a("PAR"), a("MAR"), a("GAS"), unit(v, "GERMANY", UnitType::Army, "MUN")], &own);
}

fn process(g: &mut Game) {
    let (r, _) = g.as_master("PROCESS!");
    assert!(r.contains("processed"), "{r}");
}

#[test]
fn any_centres_builds_in_a_centre_that_is_not_home_and_the_default_refuses_it() {
    let v = Variant::standard();
    // the rulebook: Belgium is no home centre
    let mut g = Game::started();
    winter(&g, &v, &[]);
    let (r, _) = g.as_power('F', "BUILD A BEL");
    assert!(r.contains("Error: A BEL B:") && r.contains("builds are allowed only in home supply centres"), "{r}");
    // SET ANY CENTRES before the start: accepted, and built
    let mut g = started_after("SET ANY CENTRES");
    winter(&g, &v, &[]);
    let (r, _) = g.as_power('F', "BUILD A BEL");
    assert!(r.contains("A BEL B: accepted"), "{r}");
    // the board offers both sites
    assert!(r.contains("BEL") && r.contains("BRE"), "{r}");
    process(&mut g);
    assert_eq!(g.unit_codes(&v, FRANCE), ["A BEL", "A GAS", "A MAR", "A PAR"]);
    assert_eq!(g.phase(&v), "S1902M");
    // LIST shows the rule
    let (r, _) = g.send("someone@example.test", "LIST demo");
    assert!(r.contains("build and disband rules: ANY CENTRES"), "{r}");
}

#[test]
fn one_centre_builds_anywhere_while_a_home_centre_is_owned_and_nowhere_without() {
    let v = Variant::standard();
    let mut g = Game::started_with("build_sites=one");
    winter(&g, &v, &[]);
    let (r, _) = g.as_power('F', "BUILD A BEL");
    assert!(r.contains("A BEL B: accepted"), "{r}");
    process(&mut g);
    assert_eq!(g.unit_codes(&v, FRANCE), ["A BEL", "A GAS", "A MAR", "A PAR"]);
    // France without its home centres (Paris and Marseilles German and
    // Italian, Brest English): Belgium, Spain and Portugal, two units
    let mut g = started_after("SET ONE CENTRE");
    let a = |at| unit(&v, "FRANCE", UnitType::Army, at);
    let lost = [("PAR", "GERMANY"), ("MAR", "ITALY"), ("BRE", "ENGLAND"), ("BEL", "FRANCE"), ("SPA", "FRANCE"), ("POR", "FRANCE")];
    board(&g, &v, "W1901A", vec![a("SPA"), a("POR"), unit(&v, "GERMANY", UnitType::Army, "MUN")], &lost);
    let (r, _) = g.as_power('F', "BUILD A BEL");
    assert!(r.contains("Error: A BEL B:") && r.contains("owns none of its home centres"), "{r}");
    process(&mut g);
    assert_eq!(g.unit_codes(&v, FRANCE), ["A POR", "A SPA"]);
}

#[test]
fn any_disband_removes_a_unit_and_builds_again_up_to_the_count() {
    let v = Variant::standard();
    // the rulebook: no removal while a build is due
    let mut g = Game::started_with("build_sites=any");
    winter(&g, &v, &[]);
    let (r, _) = g.as_power('F', "REMOVE A MAR");
    assert!(r.contains("Error: A MAR D:") && r.contains("no more removals are due"), "{r}");
    // SET ANY DISBAND: the removal makes room for a second build
    let mut g = started_after("SET ANY CENTRES\nSET ANY DISBAND");
    winter(&g, &v, &[]);
    let (r, _) = g.as_power('F', "REMOVE A MAR\nBUILD A BEL\nBUILD F BRE");
    assert!(r.contains("A MAR D: accepted") && r.contains("A BEL B: accepted") && r.contains("F BRE B: accepted"), "{r}");
    // a third is past the count
    let (r, _) = g.as_power('F', "BUILD A MAR");
    assert!(r.contains("Error: A MAR B:"), "{r}");
    process(&mut g);
    assert_eq!(g.unit_codes(&v, FRANCE), ["A BEL", "A GAS", "A PAR", "F BRE"]);
}

#[test]
fn a_movement_disband_takes_the_unit_off_before_the_moves_and_is_refused_without_the_option() {
    let v = Variant::standard();
    let set = |g: &Game| {
        let a = |p, at| unit(&v, p, UnitType::Army, at);
        board(g, &v, "S1901M", vec![a("FRANCE", "PAR"), a("FRANCE", "BUR"), a("GERMANY", "PIC"), a("GERMANY", "GAS")], &[]);
    };
    let mut g = Game::started();
    set(&g);
    let (r, _) = g.as_power('F', "A BUR DISBAND");
    assert!(r.contains("Error: A BUR D:") && r.contains("SET DISBAND"), "{r}");
    let mut g = started_after("SET DISBAND");
    set(&g);
    let (r, _) = g.as_power('F', "A BUR DISBAND\nA PAR H");
    assert!(r.contains("A BUR D: accepted"), "{r}");
    // every order in: the phase is processed
    let (_, sent) = g.as_power('G', "A PIC - PAR\nA GAS S A PIC - PAR");
    let report = to(&sent, "p3@example.test").iter().map(|s| flat(&s.body)).find(|b| b.contains("Spring 1901 movement results")).expect("the results");
    assert!(report.contains("A BUR D"), "{report}");
    // Burgundy gone before the moves: it neither held nor supported Paris,
    // which the supported attack dislodged
    assert_eq!(g.phase(&v), "S1901R");
    let pos: Position = g.position(&v);
    assert!(pos.units.iter().all(|u| u.power != FRANCE), "{:?}", pos.units);
    assert_eq!(pos.dislodged.iter().map(|d| v.unit_code(&d.unit)).collect::<Vec<_>>(), ["A PAR"]);
    assert_eq!(g.unit_codes(&v, 3), ["A GAS", "A PAR"]);
}

#[test]
fn auto_disband_disbands_the_dislodged_unit_and_skips_the_retreats() {
    let v = Variant::standard();
    let mut g = Game::started_with("auto_disband=yes");
    let a = |p, at| unit(&v, p, UnitType::Army, at);
    board(&g, &v, "F1901M", vec![a("FRANCE", "PAR"), a("FRANCE", "MAR"), a("GERMANY", "PIC"), a("GERMANY", "BUR")], &[]);
    g.as_power('G', "A PIC - PAR\nA BUR S A PIC - PAR");
    let sent = {
        let (r, sent) = g.as_master("PROCESS!");
        assert!(r.contains("processed"), "{r}");
        sent
    };
    // no retreat phase: the builds (France owns Brest and Marseilles with one unit)
    assert_eq!(g.phase(&v), "W1901A");
    assert_eq!(g.unit_codes(&v, FRANCE), ["A MAR"]);
    assert!(g.position(&v).dislodged.is_empty());
    let report = to(&sent, "p3@example.test").iter().map(|s| flat(&s.body)).find(|b| b.contains("A PAR")).expect("the results");
    assert!(report.contains("destroyed"), "{report}");
}

#[test]
fn a_blank_board_starts_with_builds_and_moves_with_the_units_built() {
    let v = Variant::standard();
    let mut g = Game::started_with("blank_board=yes");
    assert_eq!(g.phase(&v), "W1900A");
    assert!(g.position(&v).units.is_empty());
    let (r, _) = g.as_power('F', "BUILD F BRE\nBUILD A PAR\nBUILD F MAR");
    assert!(r.contains("F MAR B: accepted"), "{r}");
    g.as_power('R', "BUILD A STP\nBUILD A MOS\nBUILD A WAR\nBUILD F SEV");
    process(&mut g);
    assert_eq!(g.phase(&v), "S1901M");
    assert_eq!(g.unit_codes(&v, FRANCE), ["A PAR", "F BRE", "F MAR"]);
    assert_eq!(g.unit_codes(&v, 5), ["A MOS", "A STP", "A WAR", "F SEV"]);
    // the others built nothing (their builds waived)
    assert!(g.unit_codes(&v, 0).is_empty());
    // the units built move
    let (r, _) = g.as_power('F', "A PAR - BUR");
    assert!(r.contains("A PAR - BUR: accepted"), "{r}");
    // by SET too (njudge's other name): the first phase is the builds
    let g = started_after("SET EMPTY BOARD");
    assert_eq!(g.phase(&v), "W1900A");
}

#[test]
fn the_rules_are_set_before_the_start_and_refused_after() {
    let mut g = Game::started_with("build_sites=any");
    for (line, name) in [
        ("SET HOME CENTRES", "ANY|HOME|ONE CENTRES"),
        ("SET NORMAL DISBAND", "ANY|NORMAL DISBAND"),
        ("SET DISBAND", "[NO] DISBAND"),
        ("SET AUTO DISBAND", "[NO] AUTO DISBAND"),
        ("SET BLANK BOARD", "BLANK BOARD"),
    ] {
        let (r, _) = g.as_master(line);
        assert!(r.contains(&format!("SET {name} is set before the game starts")), "{line}: {r}");
    }
    let settings = mailjudge::store::games::settings_json(&g.row().settings);
    assert!(settings.contains(r#""rules":{"build_sites":"any"}"#), "{settings}");
    // a map that does not fit a rule refuses it at CREATE
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass original1958 build_sites=any");
    assert!(r.contains("builds armies in a capital and fleets in naval bases"), "{r}");
}

#[test]
fn more_builds_than_due_the_latest_count_in_one_mail_and_across_mails() {
    use crate::common::game::Game;
    let mut g = Game::started();
    // France takes Spain and Portugal in 1901: two builds
    g.as_power('F', "A PAR-BUR\nA MAR-SPA\nF BRE-MAO");
    g.as_master("PROCESS!");
    g.as_power('F', "F MAO-POR\nA SPA H\nA BUR H");
    g.as_master("PROCESS!");
    assert_eq!(g.phase(&mailjudge::map::Variant::standard()), "W1901A");
    let (r, _) = g.as_power('F', "SET WAIT\nBUILD A PAR\nBUILD A MAR\nBUILD F BRE");
    assert!(r.contains("A PAR B: accepted.") && r.contains("A MAR B: accepted."), "{r}");
    assert!(r.contains("F BRE B: accepted. It takes the place of A PAR B: more were given than are due, and the latest count (njudge's rule)."), "{r}");
    assert!(crate::common::game::flat_unsealed(&r).contains("Your orders now: A MAR B F BRE B Your orders are complete."), "{r}");
    // a later mail: the earliest standing goes again
    let (r, _) = g.as_power('F', "WAIVE");
    assert!(r.contains("WAIVE: accepted. It takes the place of A MAR B"), "{r}");
    assert!(crate::common::game::flat_unsealed(&r).contains("Your orders now: F BRE B WAIVE Your orders are complete."), "{r}");
}
