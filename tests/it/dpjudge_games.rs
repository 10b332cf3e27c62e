//! DPjudge maps that play by the rules of issue 37 (docs/VARIANTS.md, "Rules
//! of play"), a year each by mail: sengoku, whose neutral armies are a dummy
//! power (no seat, its units hold, one dislodged is destroyed and rebuilt in
//! the Winter by itself, and no draw may be voted), and 1898, whose powers
//! mobilize from an empty board (one build in a home centre of each
//! player's choice, then builds only in the home centres each owns);
//! classical and hundred, whose calendars are DPjudge's `FLOW`s
//! (docs/VARIANTS.md, "Calendars").

use crate::common;
use common::db::count;
use common::game::*;
use common::*;
use mailjudge::map::{PowerId, Variant};

/// `name` created and every seat taken: player `p{i}` asks for power `i`'s
/// letter (the map's dummies have no seat). Returns the start notices.
fn seated(name: &str) -> (Game, Variant, Vec<Sent>) {
    let v = Variant::builtin(name).unwrap();
    let mut g = Game::empty();
    let seats = v.powers.iter().filter(|w| !w.dummy).count();
    let (r, _) = g.send(GM, &format!("CREATE ?demo gmpass {name}"));
    assert!(r.contains(&format!("the game starts when all {seats} seats are taken")), "{r}");
    let mut sent = Vec::new();
    for (i, w) in v.powers.iter().enumerate().filter(|(_, w)| !w.dummy) {
        sent = g.send(&format!("p{i}@example.test"), &format!("SIGNON ?demo pw-{i}\nSET PREFERENCE {}", w.letter)).1;
    }
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "active"), 1, "{name}: the last join starts the game");
    for (i, w) in v.powers.iter().enumerate() {
        if w.dummy {
            assert_eq!(count(db::players(g.w.db()), |p| p.power == Some(i as PowerId)), 0, "{name}: the dummy {} has no player", w.name);
        } else {
            assert_eq!(db::power_of(g.w.db(), &format!("p{i}@example.test")), Some(i as i64), "{name}: {}", w.name);
        }
    }
    (g, v, sent)
}

/// Power `who`'s orders, signed on; every line accepted.
fn order(g: &mut Game, v: &Variant, who: &str, orders: &[&str]) -> String {
    let p = v.power_by_name(who).unwrap();
    let w = &v.powers[p as usize];
    let (r, _) = g.send(&format!("p{p}@example.test"), &format!("SIGNON {}demo pw-{p}\n{}", w.letter, orders.join("\n")));
    assert_eq!(r.matches(": accepted.").count(), orders.len(), "{who}: {orders:?}\n{r}");
    r
}

fn units(g: &Game, v: &Variant, who: &str) -> Vec<String> {
    g.unit_codes(v, v.power_by_name(who).unwrap())
}

fn owned(g: &Game, v: &Variant, who: &str) -> Vec<String> {
    let p: PowerId = v.power_by_name(who).unwrap();
    let pos = g.position(v);
    let mut c: Vec<String> = (0..v.provinces.len()).filter(|&i| pos.centers[i] == Some(p)).map(|i| v.code(i as u16).to_string()).collect();
    c.sort();
    c
}

/// The report of a phase to player `p{i}` among `sent` (its subject names the phase).
fn report<'a>(sent: &'a [Sent], to: &str, phase: &str) -> &'a Sent {
    sent.iter().find(|s| s.to == to && s.body.contains(phase)).unwrap_or_else(|| panic!("no {phase} report to {to}"))
}

#[test]
fn sengoku_a_year_by_mail_with_its_neutral_armies() {
    let (mut g, v, start) = seated("sengoku");
    let takeda = format!("p{}@example.test", v.power_by_name("TAKEDA").unwrap());
    let notice = start.iter().find(|s| s.to == GM && s.body.contains("has started")).expect("the master's start notice");
    assert!(flat(&notice.body).contains("Neutral, played by no one: Neutral."), "{}", notice.body);
    // no draw in sengoku (NO_DRAW)
    let oda = v.power_by_name("ODA").unwrap();
    let (r, _) = g.send(&format!("p{oda}@example.test"), &format!("SIGNON Ddemo pw-{oda}\nSET DRAW"));
    assert!(r.contains("games of the map sengoku end in a solo victory only: no draw may be voted"), "{r}");
    // Spring 1570: Takeda, supported by Oda, takes Mino from its neutral army;
    // every player orders, and the phase goes without waiting for the dummy
    for w in v.powers.iter().filter(|w| !w.dummy && !matches!(w.name.as_str(), "TAKEDA" | "ODA")) {
        let holds: Vec<String> = w.units.iter().map(|u| format!("{} H", v.unit_code(u))).collect();
        order(&mut g, &v, &w.name, &holds.iter().map(String::as_str).collect::<Vec<_>>());
    }
    order(&mut g, &v, "ODA", &["A OWA S A SSH - MIN", "F MIK H"]);
    let seq = g.seq();
    let r = order(&mut g, &v, "TAKEDA", &["A SSH - MIN", "A KAI H"]);
    assert_eq!(g.seq(), seq + 1, "processed at the last player's orders: {r}");
    assert_eq!(g.phase(&v), "F1570M");
    assert_eq!(units(&g, &v, "TAKEDA"), ["A KAI", "A MIN"]);
    assert_eq!(units(&g, &v, "NEUTRAL"), ["A BIZ", "A BUN", "A HIZ", "A MUS", "A YAS"], "destroyed, no retreat");
    // Fall: Takeda moves on before Mino is his; the others send nothing
    order(&mut g, &v, "TAKEDA", &["A MIN - HID"]);
    g.pass_deadline();
    // Winter: the dummy alone has a build, which it makes by itself at the
    // deadline (no player owes an order; as for a neutral power's removals)
    assert_eq!(g.phase(&v), "W1570A");
    let seq = g.seq();
    let sent = g.pass_deadline();
    assert_eq!((g.seq(), g.phase(&v).as_str()), (seq + 1, "S1571M"));
    assert_eq!(owned(&g, &v, "NEUTRAL").len(), 6);
    assert!(units(&g, &v, "NEUTRAL").contains(&"A MIN".to_string()), "rebuilt in Mino");
    let winter = report(&sent, &takeda, "Winter 1570");
    assert!(flat(&winter.body).contains("built by the dummy power, which no one plays"), "{}", winter.body);
}

#[test]
fn the_1898_powers_mobilize_by_mail() {
    let (mut g, v, _) = seated("1898");
    assert_eq!(g.phase(&v), "W1898A");
    assert!(g.position(&v).units.is_empty());
    // one build each, in a home centre of the player's choice
    let (italy, france) = (v.power_by_name("ITALY").unwrap(), v.power_by_name("FRANCE").unwrap());
    let (r, _) = g.send(&format!("p{italy}@example.test"), &format!("SIGNON Idemo pw-{italy}\nBuild A Rom\nBuild F Nap"));
    // one build is due: the latest counts
    assert!(r.contains("It takes the place of A ROM B"), "{r}");
    assert!(r.contains("Italy: Winter 1898 adjustments") && !r.contains("Eliminated"), "{r}");
    for (who, b) in
        [("AUSTRIA", "Build A Tri"), ("ENGLAND", "Build F Lon"), ("GERMANY", "Build A Mun"), ("RUSSIA", "Build F Stp/sc"), ("TURKEY", "Build F Smy")]
    {
        order(&mut g, &v, who, &[b]);
    }
    let (r, _) = g.send(&format!("p{france}@example.test"), &format!("SIGNON Fdemo pw-{france}\nBuild A Bel"));
    assert!(!r.contains(": accepted."), "Belgium is no French home: {r}");
    order(&mut g, &v, "FRANCE", &["Build A Par"]);
    assert_eq!(g.phase(&v), "S1899M", "processed once every player had built");
    assert_eq!((units(&g, &v, "FRANCE"), owned(&g, &v, "FRANCE")), (vec!["A PAR".to_string()], vec!["PAR".to_string()]));
    assert_eq!(owned(&g, &v, "RUSSIA"), ["STP"]);
    assert_eq!(units(&g, &v, "ITALY"), ["F NAP"]);
    assert_eq!(g.position(&v).centers.iter().flatten().count(), 7, "the other home centres are unowned");
    // Spring and Fall: France walks to Marseilles and owns it; the others hold
    order(&mut g, &v, "FRANCE", &["A PAR - BUR"]);
    g.pass_deadline();
    order(&mut g, &v, "FRANCE", &["A BUR - MAR"]);
    g.pass_deadline();
    assert_eq!(g.phase(&v), "W1899A");
    assert_eq!(owned(&g, &v, "FRANCE"), ["MAR", "PAR"]);
    // Brest, a home France never owned, is no build site; Paris is
    let (r, _) = g.send(&format!("p{france}@example.test"), &format!("SIGNON Fdemo pw-{france}\nBuild F Bre"));
    assert!(!r.contains(": accepted."), "{r}");
    assert!(r.contains("does not own that centre"), "{r}");
    order(&mut g, &v, "FRANCE", &["Build A Par"]);
    assert_eq!(units(&g, &v, "FRANCE"), ["A MAR", "A PAR"]);
    assert_eq!(g.phase(&v), "S1900M");
}

/// Every power of `v` but `skip` holds with every unit it has.
fn all_hold(g: &mut Game, v: &Variant, skip: &str) {
    for w in v.powers.iter().filter(|w| w.name != skip) {
        let holds: Vec<String> = units(g, v, &w.name).iter().map(|u| format!("{u} H")).collect();
        order(g, v, &w.name, &holds.iter().map(String::as_str).collect::<Vec<_>>());
    }
}

#[test]
fn classical_counts_its_years_down_and_adjusts_in_even_years_by_mail() {
    let (mut g, v, start) = seated("classical");
    assert_eq!(g.phase(&v), "B273M");
    let rome = format!("p{}@example.test", v.power_by_name("ROME").unwrap());
    let notice = start.iter().find(|s| s.to == rome).expect("Rome's start notice");
    assert!(flat(&notice.body).contains("273 B.C."), "{}", notice.body);
    // 273 B.C.: Rome's fleet sails for the Mamertines; no adjustments follow
    // an odd year, so the next year's movement does
    order(&mut g, &v, "ROME", &["F CAP - MAM", "A BRU H", "A ROM H"]);
    all_hold(&mut g, &v, "ROME");
    assert_eq!(g.phase(&v), "B272M", "272 B.C. follows 273 B.C., with no adjustments between");
    // 272 B.C.: it takes Syracuse, and the even year's adjustments follow
    order(&mut g, &v, "ROME", &["F MAM - SYR"]);
    let sent = g.pass_deadline();
    assert_eq!(g.phase(&v), "B272A");
    assert!(owned(&g, &v, "ROME").contains(&"SYR".to_string()));
    let results = report(&sent, &rome, "272 B.C.");
    assert!(flat(&results.body).contains("272 B.C."), "{}", results.body);
    // one build is owed; Capua, a home centre, is free
    order(&mut g, &v, "ROME", &["Build F CAP"]);
    assert_eq!(g.phase(&v), "B271M", "processed once Rome, the one power owing, built");
    assert_eq!(units(&g, &v, "ROME"), ["A BRU", "A ROM", "F CAP", "F SYR"]);
}

#[test]
fn hundred_plays_years_by_five_and_adjusts_each_tenth_year_by_mail() {
    let (mut g, v, _) = seated("hundred");
    assert_eq!(g.phase(&v), "A1425M");
    // 1425: England's army enters Brittany; 1425 does not divide by ten, so
    // 1430's movement is next, and Brittany is not English yet: centres
    // change hands on coming to the adjustments, as in DPjudge
    order(&mut g, &v, "ENGLAND", &["A NMD - BRT", "A CAL H", "A GUY H", "F DEV H", "F LON H"]);
    all_hold(&mut g, &v, "ENGLAND");
    assert_eq!(g.phase(&v), "A1430M", "years by five, no adjustments in 1425");
    assert!(!owned(&g, &v, "ENGLAND").contains(&"BRT".to_string()));
    g.pass_deadline();
    // 1430's adjustments: six centres and five units, one build anywhere owned
    // (France, five units on four centres, owes a removal)
    assert_eq!(g.phase(&v), "A1430A");
    assert!(owned(&g, &v, "ENGLAND").contains(&"BRT".to_string()));
    order(&mut g, &v, "ENGLAND", &["Build A NMD"]);
    g.pass_deadline();
    assert_eq!(units(&g, &v, "FRANCE").len(), 4, "France's removal made for it");
    assert_eq!(g.phase(&v), "A1435M");
    assert_eq!(units(&g, &v, "ENGLAND").len(), 6);
}
