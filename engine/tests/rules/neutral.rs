//! Neutral powers (games for fewer than seven players, 1992 rulebook): a
//! power left out keeps its units on the board; they hold whatever is
//! "ordered" for them, support no one, are disbanded when dislodged, never
//! build, and remove by the civil-disorder rule. Standard map, hand-checked.

use crate::common::board::*;
use mailjudge_engine::adjudicate::{Note, Position, ResultKind, process};
use mailjudge_engine::map::{Loc, Variant};
use mailjudge_engine::phase::PhaseKind;
use mailjudge_engine::rules::Rulebook;

fn italy_neutral(v: &Variant) -> Rulebook {
    Rulebook::default().with_neutral(&[power(v, "ITALY")])
}

#[test]
fn rulebook_marks_neutral_powers() {
    let v = Variant::standard();
    let r = Rulebook::default().with_neutral(&[power(&v, "ITALY"), power(&v, "GERMANY")]);
    assert!(r.is_neutral(power(&v, "ITALY")) && r.is_neutral(power(&v, "GERMANY")));
    assert!(!r.is_neutral(power(&v, "FRANCE")));
    assert_eq!(Rulebook::default().neutral, 0);
    assert!(!Rulebook::default().is_neutral(200));
}

#[test]
fn neutral_unit_holds_whatever_it_is_ordered() {
    let v = Variant::standard();
    let pos = Position::initial(&v);
    // Italy's orders are ignored; Austria walks into Tyrolia unopposed
    let o = orders(&v, &pos, &[("ITALY", "A Ven - Tyr"), ("AUSTRIA", "A Vie - Tyr")]);
    let out = process(&v, &italy_neutral(&v), &pos, &o);
    assert!(out.position.units.contains(&army(&v, "ITALY", "VEN")));
    assert!(out.position.units.contains(&army(&v, "AUSTRIA", "TYR")));
    let ven = out.results.iter().find(|r| r.power == power(&v, "ITALY") && r.order.canonical(&v) == "A VEN H").unwrap();
    assert!(ven.defaulted);
    assert_eq!(ven.note, Some(Note::DefaultHold));
    assert!(!out.results.iter().any(|r| r.power == power(&v, "ITALY") && !r.defaulted));
    // without the rule, Italy and Austria stand off in Tyrolia
    let out = process(&v, &Rulebook::default(), &pos, &o);
    assert!(out.position.units.contains(&army(&v, "ITALY", "VEN")));
    assert!(out.position.units.contains(&army(&v, "AUSTRIA", "VIE")));
}

#[test]
fn neutral_unit_gives_no_support_and_is_disbanded_when_dislodged() {
    let v = Variant::standard();
    let units = vec![army(&v, "ITALY", "VEN"), army(&v, "ITALY", "ROM"), army(&v, "AUSTRIA", "TRI"), army(&v, "AUSTRIA", "TYR")];
    let pos = position(&v, "S1901M", units);
    let o = orders(&v, &pos, &[("ITALY", "A Rom S A Ven"), ("AUSTRIA", "A Tri - Ven, A Tyr S A Tri - Ven")]);
    // with Italy played, Rome's support holds Venice
    let out = process(&v, &Rulebook::default(), &pos, &o);
    assert!(out.position.units.contains(&army(&v, "ITALY", "VEN")));
    // neutral: Rome holds (its support is ignored), Venice is dislodged and,
    // though it has places to go, disbanded; no retreat phase for it alone
    let out = process(&v, &italy_neutral(&v), &pos, &o);
    assert_eq!(out.position.units, {
        let mut u = vec![army(&v, "ITALY", "ROM"), army(&v, "AUSTRIA", "VEN"), army(&v, "AUSTRIA", "TYR")];
        u.sort();
        u
    });
    assert_eq!(out.dislodged.len(), 1);
    assert!(out.dislodged[0].options.is_empty());
    assert_eq!(out.next_phase.unwrap().kind, PhaseKind::Movement);
    assert_eq!(out.position.phase, v.calendar.parse("F1901M").unwrap());
    let ven = out.results.iter().find(|r| r.order.canonical(&v) == "A VEN H").unwrap();
    assert_eq!(ven.result, ResultKind::Dislodged);
}

#[test]
fn players_may_support_a_neutral_unit() {
    let v = Variant::standard();
    let units = vec![army(&v, "ITALY", "PIE"), army(&v, "FRANCE", "MAR"), army(&v, "AUSTRIA", "TYR"), army(&v, "AUSTRIA", "VEN")];
    let pos = position(&v, "S1901M", units);
    let o = orders(&v, &pos, &[("FRANCE", "A Mar S A Pie"), ("AUSTRIA", "A Tyr - Pie, A Ven S A Tyr - Pie")]);
    let out = process(&v, &italy_neutral(&v), &pos, &o);
    assert!(out.position.units.contains(&army(&v, "ITALY", "PIE")));
    assert!(out.position.units.contains(&army(&v, "AUSTRIA", "TYR")));
    assert!(out.dislodged.is_empty());
}

#[test]
fn neutral_unit_dislodged_beside_a_player_unit_is_disbanded_in_the_retreat_phase() {
    let v = Variant::standard();
    let units = vec![
        army(&v, "ITALY", "VEN"),
        army(&v, "AUSTRIA", "TRI"),
        army(&v, "AUSTRIA", "TYR"),
        army(&v, "GERMANY", "MUN"),
        army(&v, "FRANCE", "BUR"),
        army(&v, "FRANCE", "RUH"),
    ];
    let pos = position(&v, "S1901M", units);
    let o = orders(&v, &pos, &[("AUSTRIA", "A Tri - Ven, A Tyr S A Tri - Ven"), ("FRANCE", "A Bur - Mun, A Ruh S A Bur - Mun")]);
    let out = process(&v, &italy_neutral(&v), &pos, &o);
    assert_eq!(out.next_phase, Some(v.calendar.parse("S1901R").unwrap()));
    let d = &out.position.dislodged;
    assert_eq!(d.len(), 2);
    assert!(d.iter().find(|d| d.unit.power == power(&v, "ITALY")).unwrap().options.is_empty());
    assert!(!d.iter().find(|d| d.unit.power == power(&v, "GERMANY")).unwrap().options.is_empty());
    // Italy's retreat order is ignored; Germany's stands
    let r = orders(&v, &out.position, &[("ITALY", "A Ven R Pie"), ("GERMANY", "A Mun R Boh")]);
    let after = process(&v, &italy_neutral(&v), &out.position, &r);
    assert!(after.position.units.contains(&army(&v, "GERMANY", "BOH")));
    assert!(!after.position.units.iter().any(|u| u.power == power(&v, "ITALY")));
    let ven = after.results.iter().find(|r| r.power == power(&v, "ITALY")).unwrap();
    assert_eq!((ven.result, ven.note, ven.defaulted), (ResultKind::Disband, Some(Note::DefaultDisband), true));
    assert_eq!(after.results.len(), 2);
}

#[test]
fn neutral_centre_is_captured_as_usual() {
    let v = Variant::standard();
    let units = vec![army(&v, "ITALY", "VEN"), fleet(&v, "ITALY", "NAP"), army(&v, "AUSTRIA", "APU")];
    let pos = position(&v, "F1901M", units);
    let o = orders(&v, &pos, &[("AUSTRIA", "A Apu - Rom")]);
    let out = process(&v, &italy_neutral(&v), &pos, &o);
    let rom = v.prov_by_code("ROM").unwrap();
    assert_eq!(out.position.centers[rom as usize], Some(power(&v, "AUSTRIA")));
    assert_eq!(out.position.center_count(power(&v, "ITALY")), 2);
}

#[test]
fn neutral_power_never_builds() {
    let v = Variant::standard();
    let italy = power(&v, "ITALY");
    // only Italy owns centres: it has two builds due, but being neutral makes
    // none, so there is no adjustment phase at all
    let mut pos = position(&v, "F1901M", vec![army(&v, "ITALY", "VEN")]);
    for c in pos.centers.iter_mut() {
        if *c != Some(italy) {
            *c = None;
        }
    }
    let out = process(&v, &italy_neutral(&v), &pos, &[]);
    assert_eq!(out.next_phase, Some(v.calendar.parse("S1902M").unwrap()));
    let out = process(&v, &Rulebook::default(), &pos, &[]);
    assert_eq!(out.next_phase, Some(v.calendar.parse("W1901A").unwrap()));
    // in an adjustment phase held for others, its build orders are ignored
    // and it is owed no waives
    let mut adj = out.position.clone();
    let ber = v.prov_by_code("BER").unwrap();
    adj.centers[ber as usize] = Some(power(&v, "GERMANY"));
    let o = orders(&v, &adj, &[("ITALY", "Build A Rom"), ("GERMANY", "Build A Ber")]);
    let done = process(&v, &italy_neutral(&v), &adj, &o);
    assert!(!done.results.iter().any(|r| r.power == italy));
    assert!(done.position.units.contains(&army(&v, "GERMANY", "BER")));
    assert_eq!(done.position.unit_count(italy), 1);
}

#[test]
fn neutral_power_removes_by_civil_disorder() {
    let v = Variant::standard();
    let italy = power(&v, "ITALY");
    let mut pos = position(&v, "W1901A", vec![army(&v, "ITALY", "VEN"), army(&v, "ITALY", "ROM"), fleet(&v, "ITALY", "NAP")]);
    for p in ["ROM", "NAP"] {
        pos.centers[v.prov_by_code(p).unwrap() as usize] = None;
    }
    // its own removal order is ignored: the farthest from Venice go (Naples,
    // two moves away, then Rome)
    let o = orders(&v, &pos, &[("ITALY", "Remove A Ven")]);
    let out = process(&v, &italy_neutral(&v), &pos, &o);
    assert_eq!(out.position.units, vec![army(&v, "ITALY", "VEN")]);
    let removed: Vec<String> = out.results.iter().filter(|r| r.power == italy).map(|r| r.order.canonical(&v)).collect();
    assert_eq!(removed, ["F NAP D", "A ROM D"]);
    assert!(out.results.iter().filter(|r| r.power == italy).all(|r| r.note == Some(Note::CivilDisorder) && r.defaulted));
}

/// The two-player game (World War I): Italy neutral and its territory
/// closed. A move into it is void, and no retreat goes there.
fn world_war(v: &Variant) -> Rulebook {
    let closed: Vec<_> = mailjudge_engine::rules::WORLD_WAR_CLOSED.iter().map(|c| v.prov_by_code(c).unwrap()).collect();
    italy_neutral(v).with_closed(&closed)
}

#[test]
fn no_unit_enters_closed_territory() {
    let v = Variant::standard();
    let pos = position(&v, "S1914M", vec![army(&v, "AUSTRIA", "TRI"), army(&v, "FRANCE", "MAR"), fleet(&v, "FRANCE", "LYO"), army(&v, "ITALY", "VEN")]);
    let o = orders(&v, &pos, &[("AUSTRIA", "A Tri - Ven"), ("FRANCE", "A Mar - Pie"), ("FRANCE", "F Lyo - Tus")]);
    let out = process(&v, &world_war(&v), &pos, &o);
    for r in out.results.iter().filter(|r| !r.defaulted) {
        assert_eq!((r.result, r.note), (ResultKind::Void, Some(Note::Closed)), "{}", r.order.canonical(&v));
    }
    assert!(out.position.units.contains(&army(&v, "FRANCE", "MAR")) && out.position.units.contains(&fleet(&v, "FRANCE", "LYO")));
    // open again once the provinces are not closed
    let out = process(&v, &italy_neutral(&v), &pos, &o);
    assert!(out.position.units.contains(&army(&v, "FRANCE", "PIE")));
}

#[test]
fn no_retreat_into_closed_territory() {
    let v = Variant::standard();
    // the French army in Marseilles is dislodged from Gascony with Burgundy's
    // support; Piedmont would be its only retreat but it is closed
    let pos = position(
        &v,
        "S1914M",
        vec![army(&v, "FRANCE", "MAR"), army(&v, "GERMANY", "GAS"), army(&v, "GERMANY", "BUR"), fleet(&v, "GERMANY", "LYO"), army(&v, "GERMANY", "SPA")],
    );
    let o = orders(&v, &pos, &[("GERMANY", "A Gas - Mar"), ("GERMANY", "A Bur S A Gas - Mar"), ("FRANCE", "A Mar H")]);
    let open = process(&v, &italy_neutral(&v), &pos, &o);
    let pie = Loc::new(v.prov_by_code("PIE").unwrap());
    assert!(open.dislodged.iter().any(|d| d.options.contains(&pie)), "Piedmont is a retreat without the rule");
    let out = process(&v, &world_war(&v), &pos, &o);
    let d = out.dislodged.iter().find(|d| d.unit.power == power(&v, "FRANCE")).unwrap();
    assert!(d.options.is_empty(), "{:?}", d.options);
}

#[test]
fn sides_win_with_their_centres_together() {
    use mailjudge_engine::end::GameEnd;
    use mailjudge_engine::rules::SideVictory;
    let v = Variant::standard();
    let side = |names: &[&str]| names.iter().fold(0u64, |m, n| m | 1 << power(&v, n));
    let mut r = world_war(&v);
    r.sides = Some(SideVictory { sides: [side(&["ENGLAND", "FRANCE", "RUSSIA"]), side(&["AUSTRIA", "GERMANY", "TURKEY"])], centers: 24 });
    // England, France and Russia own 24 centres between them (none alone 18)
    let mut pos = position(&v, "F1914M", vec![army(&v, "FRANCE", "PAR")]);
    let names = [
        "EDI", "LON", "LVP", "NWY", "SWE", "DEN", "HOL", "BEL", "BRE", "PAR", "MAR", "SPA", "POR", "MOS", "WAR", "SEV", "STP", "RUM", "BUL", "KIE", "BER",
        "MUN", "TUN",
    ];
    for c in names {
        pos.centers[v.prov_by_code(c).unwrap() as usize] = Some(power(&v, "FRANCE"));
    }
    let o = orders(&v, &pos, &[("FRANCE", "A Par H")]);
    let out = process(&v, &r, &pos, &o);
    assert_eq!(out.end, None, "23 centres are not enough");
    pos.centers[v.prov_by_code("GRE").unwrap() as usize] = Some(power(&v, "RUSSIA"));
    let out = process(&v, &r, &pos, &o);
    let mut allies = vec![power(&v, "ENGLAND"), power(&v, "FRANCE"), power(&v, "RUSSIA")];
    allies.sort();
    assert_eq!(out.end, Some(GameEnd::Alliance(allies)));
    // France alone with 23 would have won solo without the side rule
    let out = process(&v, &world_war(&v), &pos, &o);
    assert_eq!(out.end, Some(GameEnd::Solo(power(&v, "FRANCE"))));
}
