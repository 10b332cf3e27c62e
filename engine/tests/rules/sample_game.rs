//! The rulebook's sample game (1992 rules, "Opening Moves in a Sample Game"),
//! Spring 1901 to the Winter 1902 adjustments, replayed through the order parser
//! and the engine. Orders are written as the rulebook prints them; every outcome
//! the text states is asserted.
//!
//! Two places in the printed text are damaged and are repaired here: a garbled
//! line in Spring 1901 (Russia's orders are printed again, intact, just after it)
//! and France's last Fall 1902 order, cut off as `F Mar S A`; the army it supports
//! is the one in Spain (`A Spa S F Mar` is its pair), so it is written `F Mar S A Spa`.

use mailjudge_engine::adjudicate::{Outcome, Position, ResultKind, process};
use mailjudge_engine::map::Variant;
use mailjudge_engine::parse::parse_line;
use mailjudge_engine::rules::Rulebook;

fn play(v: &Variant, pos: &Position, orders: &[(&str, &str)]) -> Outcome {
    let mut list = Vec::new();
    for (power, line) in orders {
        let p = v.power_by_name(power).unwrap();
        for r in parse_line(v, line, Some(pos.phase.kind)) {
            let o = r.unwrap_or_else(|e| panic!("{power}: {e}"));
            list.push((p, o));
        }
    }
    process(v, &Rulebook::default(), pos, &list)
}

fn result(v: &Variant, out: &Outcome, order: &str) -> ResultKind {
    out.results.iter().find(|r| r.order.canonical(v) == order).unwrap_or_else(|| panic!("no result for {order}")).result
}

/// Every move in `moved` succeeded and every other move failed.
fn only_these_moves_succeed(v: &Variant, out: &Outcome, moved: &[&str]) {
    for r in &out.results {
        let c = r.order.canonical(v);
        if let mailjudge_engine::order::Order::Move { .. } = r.order {
            assert_eq!(r.result == ResultKind::Ok, moved.contains(&c.as_str()), "{c}: {:?}", r.result);
        }
    }
}

fn units(v: &Variant, pos: &Position, power: &str) -> Vec<String> {
    let p = v.power_by_name(power).unwrap();
    let mut u: Vec<String> = pos.units.iter().filter(|u| u.power == p).map(|u| v.unit_code(u)).collect();
    u.sort();
    u
}

fn centers(v: &Variant, pos: &Position, power: &str) -> usize {
    pos.center_count(v.power_by_name(power).unwrap())
}

#[test]
fn rulebook_sample_game() {
    let v = Variant::standard();
    let pos = Position::initial(&v);
    let name = |o: &Outcome| o.next_phase.map(|p| v.calendar.name(p));

    // ---------------- Spring 1901
    let out = play(
        &v,
        &pos,
        &[
            ("ENGLAND", "A Liv-York, F Lon-Nth, F Edi-Nrg"),
            ("GERMANY", "A Ber-Kiel, A Mun-Ruhr, F Kiel-Den"),
            ("RUSSIA", "A Mos-Ukr, A War-Gal, F StP-Bot, F Sev-Bla"),
            ("TURKEY", "A Con-Bul, A Smy-Con, F Ank-Bla"),
            ("AUSTRIA", "A Vie-Tri, A Bud-Gal, F Tri-Alb"),
            ("ITALY", "A Ven-Pied, A Rome-Ven, F Nap-Ion"),
            ("FRANCE", "A Par-Bur, A Mar-Spa, F Bre-Pic"),
        ],
    );
    for o in ["F SEV - BLA", "F ANK - BLA", "A WAR - GAL", "A BUD - GAL"] {
        assert_eq!(result(&v, &out, o), ResultKind::Bounce, "{o}");
    }
    for r in &out.results {
        let c = r.order.canonical(&v);
        if !["F SEV - BLA", "F ANK - BLA", "A WAR - GAL", "A BUD - GAL"].contains(&c.as_str()) {
            assert_eq!(r.result, ResultKind::Ok, "{c} should succeed");
        }
    }
    assert!(out.dislodged.is_empty());
    assert_eq!(name(&out).as_deref(), Some("F1901M"));
    let pos = out.position;

    // ---------------- Fall 1901
    let out = play(
        &v,
        &pos,
        &[
            ("ENGLAND", "A York-Nwy, F Nth C A Yor-Nwy, F Nrg-Bar"),
            ("GERMANY", "A Kiel-Hol, A Ruhr-Bel, F Den Holds"),
            ("RUSSIA", "A Ukr S F Sev-Rum, A War-Gal, F Bot-Swe, F Sev-Rum"),
            ("TURKEY", "A Bul-Ser, A Con-Bul, F Ank-Bla"),
            ("AUSTRIA", "A Tri Hold, A Bud-Ser, F Alb-Gre"),
            ("ITALY", "A Ven Holds, A Pied-Mar, F Ion-Tun"),
            ("FRANCE", "A Bur-Mar, A Spa-Port, F Pic-Bel"),
        ],
    );
    for o in ["A RUH - BEL", "F PIC - BEL", "A PIE - MAR", "A BUR - MAR", "A BUL - SER", "A BUD - SER", "A CON - BUL"] {
        assert_ne!(result(&v, &out, o), ResultKind::Ok, "{o} should fail");
    }
    for o in
        ["A YOR - NWY", "F NWG - BAR", "A KIE - HOL", "A WAR - GAL", "F BOT - SWE", "F SEV - RUM", "F ANK - BLA", "F ALB - GRE", "F ION - TUN", "A SPA - POR"]
    {
        assert_eq!(result(&v, &out, o), ResultKind::Ok, "{o}");
    }
    assert!(out.dislodged.is_empty(), "Retreats: None");
    assert_eq!(name(&out).as_deref(), Some("W1901A"));
    let pos = out.position;
    // France builds one for Portugal, but none for Spain
    assert_eq!(centers(&v, &pos, "FRANCE"), 4);
    assert_eq!(pos.centers[v.prov_by_code("SPA").unwrap() as usize], None);

    // ---------------- Winter 1901
    let out = play(
        &v,
        &pos,
        &[
            ("ENGLAND", "Build F Edi"),
            ("GERMANY", "B F Kiel; build army Munich"),
            ("RUSSIA", "A StP B, Build A Sev"),
            ("TURKEY", "build A Smy"),
            ("AUSTRIA", "A Vie build"),
            ("ITALY", "F Nap B"),
            ("FRANCE", "Build fleet Marseilles"),
        ],
    );
    for r in &out.results {
        assert_eq!(r.result, ResultKind::Ok, "{}", r.order.canonical(&v));
        assert!(!r.defaulted, "no build is left over: {}", r.order.canonical(&v));
    }
    assert_eq!(name(&out).as_deref(), Some("S1902M"));
    let pos = out.position;
    assert_eq!(units(&v, &pos, "GERMANY"), ["A HOL", "A MUN", "A RUH", "F DEN", "F KIE"]);
    assert_eq!(units(&v, &pos, "RUSSIA"), ["A GAL", "A SEV", "A STP", "A UKR", "F RUM", "F SWE"]);

    // ---------------- Spring 1902
    let out = play(
        &v,
        &pos,
        &[
            ("ENGLAND", "A Nwy-StP, F Nth-Nwy, F Bar S A Nwy-StP, F Edi-Nth"),
            ("GERMANY", "A Hol-Bel, A Ruhr S Hol-Bel, A Mun-Bur, F Den Holds, F Kiel-Hol"),
            ("RUSSIA", "A Ukr S F Rum, A Gal-Bud, A StP-Nwy, A Sev S F Rum, F Swe S StP-Nwy, F Rum Holds"),
            ("TURKEY", "A Bul-Rum, A Con-Bul, A Smy-Arm, F Bla S Bul-Rum"),
            ("AUSTRIA", "A Tri-Bud, A Vie-Bud, A Bud-Ser, F Gre Holds"),
            ("ITALY", "A Ven Holds, A Pied-Mar, F Tun-West, F Nap-Tyn"),
            ("FRANCE", "A Bur S F Pic-Bel, A Port-Spa, F Pic-Bel, F Mar Holds"),
        ],
    );
    let moved = ["A HOL - BEL", "F KIE - HOL", "A SMY - ARM", "A BUD - SER", "F TUN - WES", "F NAP - TYS", "A POR - SPA"];
    only_these_moves_succeed(&v, &out, &moved);
    // equal strength in the north: stand-off; Bur's support cut by the attack from Munich
    assert_eq!(result(&v, &out, "A NWY - STP"), ResultKind::Bounce);
    assert_eq!(result(&v, &out, "A STP - NWY"), ResultKind::Bounce);
    assert_eq!(result(&v, &out, "A BUR S F PIC - BEL"), ResultKind::Cut);
    assert!(out.dislodged.is_empty(), "Retreats: None");
    let pos = out.position;

    // ---------------- Fall 1902
    let out = play(
        &v,
        &pos,
        &[
            ("GERMANY", "A Ruhr-Bur, A Mun S Ruhr-Bur, A Bel S Ruhr-Bur, F Den-Swe, F Hol S A Bel"),
            ("RUSSIA", "A StP-Nwy, F Swe S StP-Nwy, F Rum S A Sev, A Sev S FRum, A Gal S F Rum, A Ukr S A Sev"),
            ("TURKEY", "A Bul-Rum, A Con-Bul, A Arm-Sev, F Bla S A Bul-Rum"),
            ("AUSTRIA", "A Vie-Gal, A Tri-Bud, A Ser S Turkish A Bul-Rum, F Gre Holds"),
            ("ITALY", "A Ven-Pied, A Pied-Mar, F West-MAt, F Tyn-GoL"),
            ("FRANCE", "A Bur-Bel, F Pic S A Bur-Bel, A Spa S F Mar, F Mar S A Spa"),
            ("ENGLAND", "A Nwy-StP, F Bar S Nwy-StP, F Nth-Nwy, F Edi-Nth"),
        ],
    );
    let moved = ["A NWY - STP", "F NTH - NWY", "F EDI - NTH", "A RUH - BUR", "A BUL - RUM", "A CON - BUL", "A TRI - BUD", "F WES - MAO", "F TYS - LYO"];
    only_these_moves_succeed(&v, &out, &moved);
    assert_eq!(result(&v, &out, "F SWE S A STP - NWY"), ResultKind::Cut, "F Den-Swe cut the Russian support");
    let dis: Vec<(String, Vec<String>)> = out.dislodged.iter().map(|d| (v.unit_code(&d.unit), d.options.iter().map(|l| v.loc_code(*l)).collect())).collect();
    assert!(dis.contains(&("F RUM".into(), vec![])), "the Russian fleet in Rumania has no retreat: {dis:?}");
    assert!(dis.iter().any(|(u, o)| u == "A STP" && o.contains(&"MOS".to_string())));
    assert!(dis.iter().any(|(u, o)| u == "A BUR" && o.contains(&"GAS".to_string())));
    assert_eq!(name(&out).as_deref(), Some("F1902R"));
    let pos = out.position;

    // ---------------- Fall 1902 retreats
    let out = play(&v, &pos, &[("RUSSIA", "A StP-Mos"), ("FRANCE", "A Bur-Gas")]);
    assert_eq!(result(&v, &out, "A STP R MOS"), ResultKind::Ok);
    assert_eq!(result(&v, &out, "A BUR R GAS"), ResultKind::Ok);
    assert_eq!(result(&v, &out, "F RUM D"), ResultKind::Disband);
    assert_eq!(name(&out).as_deref(), Some("W1902A"));
    let pos = out.position;
    // Russia lost two centres but removes only one unit: one was annihilated
    assert_eq!(centers(&v, &pos, "RUSSIA"), 4);
    assert_eq!(pos.unit_count(v.power_by_name("RUSSIA").unwrap()), 5);

    // ---------------- Winter 1902
    let out = play(
        &v,
        &pos,
        &[
            ("GERMANY", "Build F Kiel"),
            ("RUSSIA", "Remove A Gal"),
            ("TURKEY", "Build F Smy"),
            ("AUSTRIA", "Build A Tri"),
            ("FRANCE", "Build A Par"),
            ("ENGLAND", "Build F Lon"),
        ],
    );
    for r in &out.results {
        assert_eq!(r.result, ResultKind::Ok, "{}", r.order.canonical(&v));
        assert!(!r.defaulted, "every adjustment was ordered: {}", r.order.canonical(&v));
    }
    assert_eq!(name(&out).as_deref(), Some("S1903M"));
    let pos = out.position;
    for (p, n) in [("ENGLAND", 5), ("GERMANY", 6), ("RUSSIA", 4), ("TURKEY", 5), ("AUSTRIA", 5), ("ITALY", 4), ("FRANCE", 5)] {
        assert_eq!(centers(&v, &pos, p), n, "{p} centres");
        assert_eq!(pos.unit_count(v.power_by_name(p).unwrap()), n, "{p} units");
    }
    // all the neutral centres are owned
    assert_eq!(pos.centers.iter().filter(|c| c.is_some()).count(), 34);
}
