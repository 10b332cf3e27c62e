//! A game of Davis's 1885-III played by mail from January 1885 over two
//! years, on the reconstructed map: the hidden starting choices (revealed
//! with the January results), monthly moves with a deadline each, Austria
//! taking Macedonia in January (E2), a French A/F crossing from Picardy to
//! Cadiz in one move (board, sail, land), fleets of two powers in the High
//! Ocean Box, a Russian army retreating by the right-hand rule, Spain's
//! removal previewed for the GM and made by the GM, builds in the quarterly
//! adjustments, and an alliance victory. Powers with nothing to do send
//! nothing: their units hold at each deadline (the NMR default).
//!
//! To reach an alliance's 34 centres without playing a decade of months, the
//! test writes a later position into the store after the two years (as a
//! GM restoring a game from its record would), then plays the month that
//! gives France and Austria the numbers by mail.

use crate::common;
use common::db::count;
use common::game::*;
use common::*;
use mailjudge::map::{PowerId, Variant};

/// Letters of the nine powers, in the map's order; player `q{i}` (password
/// `pw-{i}`) plays `SEATS[i]`.
const SEATS: [char; 9] = ['A', 'E', 'F', 'G', 'I', 'R', 'S', 'W', 'T'];
const AUSTRIA: usize = 0;
const ENGLAND: usize = 1;
const FRANCE: usize = 2;
const ITALY: usize = 4;
const RUSSIA: usize = 5;
const SPAIN: usize = 6;
const TURKEY: usize = 8;

fn v() -> Variant {
    Variant::builtin("1885").expect("1885 is built in")
}

fn addr(i: usize) -> String {
    format!("q{i}@example.test")
}

fn units(g: &Game, v: &Variant, power: usize) -> Vec<String> {
    g.unit_codes(v, power as PowerId)
}

fn centres(g: &Game, v: &Variant, power: usize) -> Vec<String> {
    let pos = g.position(v);
    let mut c: Vec<String> = (0..pos.centers.len()).filter(|&i| pos.centers[i] == Some(power as PowerId)).map(|i| v.code(i as u16).to_string()).collect();
    c.sort();
    c
}

/// A mail from a power's player, signed on; returns the reply (flattened).
fn mail(g: &mut Game, power: usize, text: &str) -> (String, Vec<Sent>) {
    g.send(&addr(power), &format!("SIGNON {}demo pw-{power}\n{text}", SEATS[power]))
}

/// Orders for a power; every line must be accepted.
fn order(g: &mut Game, power: usize, orders: &[&str]) -> Vec<Sent> {
    let (r, sent) = mail(g, power, &orders.join("\n"));
    assert_eq!(r.matches(": accepted.").count(), orders.len(), "every order accepted: {orders:?}\n{r}");
    sent
}

/// One phase: the given powers' orders, then the deadline passes (unless
/// the orders completed the phase). Returns everything sent.
fn play(g: &mut Game, orders: &[(usize, &[&str])]) -> Vec<Sent> {
    let before = g.seq();
    let mut sent = Vec::new();
    for (p, o) in orders {
        sent.extend(order(g, *p, o));
    }
    if g.seq() == before {
        sent.extend(g.pass_deadline());
    }
    assert_ne!(g.seq(), before, "the phase was processed");
    sent
}

/// The results mail a player got in `sent`.
fn results_to(sent: &[Sent], power: usize) -> String {
    let a = addr(power);
    let s = to(sent, &a).into_iter().find(|s| s.subject.contains("results")).unwrap_or_else(|| panic!("{a} gets the results"));
    flat(&s.body)
}

fn started() -> (Game, Variant) {
    let v = v();
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass 1885");
    assert!(r.contains("the game starts when all 9 seats are taken"), "{r}");
    for (i, l) in SEATS.iter().enumerate() {
        g.drop_mail(&addr(i), &format!("SIGNON ?demo pw-{i}\nSET PREFERENCE {l}"));
    }
    g.w.step();
    assert_eq!(g.status(), "active");
    for i in 0..SEATS.len() {
        assert_eq!(count(db::players(g.w.db()), |p| p.email == addr(i) && p.power.map(usize::from) == Some(i)), 1, "seated by preference");
    }
    (g, v)
}

#[test]
fn davis_1885_by_mail_over_two_years_to_an_alliance_victory() {
    let (mut g, v) = started();
    assert_eq!(g.phase(&v), "JAN1885M");

    // --- before the first move: hidden starting choices (E3). Italy takes
    // an army in Rome, Russia an army in Sevastopol; Sweden keeps its fleet
    let (r, sent) = mail(&mut g, ITALY, "SET START A ROM");
    assert!(r.contains("A ROM"), "{r}");
    assert_eq!(sent.len(), 1, "nothing is broadcast: {:?}", sent.iter().map(|s| &s.to).collect::<Vec<_>>());
    let (r, sent) = mail(&mut g, RUSSIA, "SET START army Sevastopol");
    assert!(r.contains("A SEV"), "{r}");
    assert_eq!(sent.len(), 1);
    // past the map's limit: refused
    let (r, _) = mail(&mut g, RUSSIA, "SET START A STP, A SEV");
    assert!(!r.contains("starting units set"), "{r}");
    // another player sees neither choice
    let (r, _) = mail(&mut g, FRANCE, "LIST demo");
    assert!(r.contains("? ROM") && r.contains("? SEV") && !r.contains("A ROM") && !r.contains("A SEV"), "{r}");

    // --- January 1885: Austria into Macedonia (taken at once, E2); France
    // to sea and Picardy; Spain and England towards the Box; Turkey and
    // Russia start their duel
    let d0 = g.deadline();
    let sent = play(
        &mut g,
        &[
            (AUSTRIA, &["F SPL - MAC"]),
            (FRANCE, &["F BRE - ENG", "A PAR - PIC"]),
            (SPAIN, &["F CAD - MAO"]),
            (ENGLAND, &["F LVP - NAO"]),
            (TURKEY, &["F SIN - BLA", "A SMY - ARM"]),
            (ITALY, &["F NAP - ION", "A ROM - APU"]),
        ],
    );
    assert_eq!(g.phase(&v), "FEB1885M");
    // the choices revealed with the first results, and in play
    let report = results_to(&sent, FRANCE);
    assert!(report.contains("Italy chose A ROM. Russia chose F STP, A SEV. Sweden started with the map's F OSL."), "{report}");
    assert_eq!(units(&g, &v, ITALY), ["A APU", "A VEN", "F ION"]);
    assert!(units(&g, &v, RUSSIA).contains(&"A SEV".to_string()));
    assert!(g.deadline() > d0, "February has its own deadline");
    assert_eq!(units(&g, &v, AUSTRIA), ["A BUD", "A CLU", "A VIE", "F MAC"]);
    assert_eq!(centres(&g, &v, AUSTRIA), ["BUD", "CLU", "MAC", "SPL", "VIE"], "Macedonia taken in January (E2)");
    assert_eq!(centres(&g, &v, TURKEY), ["CON", "SIN", "SMY"]);
    assert!(report.contains("F BRE - ENG"), "{report}");

    // --- February: France boards, sails and lands in Cadiz in one move;
    // Spain and England into the Box; Turkey dislodges the Russian army in
    // Sevastopol, which has no retreat order
    let sent = play(
        &mut g,
        &[
            (FRANCE, &["A PIC - ENG B - CAD", "F ENG - MAO"]),
            (SPAIN, &["F MAO - HOB"]),
            (ENGLAND, &["F NAO - HOB"]),
            (TURKEY, &["A ARM - SEV", "F BLA S A ARM - SEV"]),
            (RUSSIA, &["A MOS - UKR"]),
            (ITALY, &["F ION - GRE"]),
        ],
    );
    assert_eq!(units(&g, &v, FRANCE), ["A CAD", "A MAR", "F MAO"], "the A/F crossing: Picardy to Cadiz in one move");
    assert!(units(&g, &v, SPAIN).contains(&"F HOB".to_string()) && units(&g, &v, ENGLAND).contains(&"F HOB".to_string()), "two powers' fleets in the Box");
    let report = results_to(&sent, SPAIN);
    assert!(report.contains("A PIC - ENG B - CAD"), "{report}");
    assert_eq!(g.phase(&v), "FEB1885R", "the Russian army in Sevastopol is dislodged");
    let pos = g.position(&v);
    let opts: Vec<String> = pos.dislodged[0].options.iter().map(|l| v.loc_code(*l)).collect();
    assert_eq!(opts, ["MOS", "RUM"], "Moscow is empty (its army went to Ukraine); Siberia and Ukraine are held");

    // --- February retreats: Russia sends nothing; its army retreats by the
    // right-hand rule (no disband): clockwise from the attack (Armenia) the
    // Black Sea is no place for an army, so Rumania, not Moscow (which is
    // first counter-clockwise, past the occupied Siberia)
    let sent = g.pass_deadline();
    assert_eq!(g.phase(&v), "MAR1885M");
    assert!(units(&g, &v, RUSSIA).contains(&"A RUM".to_string()), "{:?}", units(&g, &v, RUSSIA));
    let report = results_to(&sent, RUSSIA);
    assert!(report.contains("A SEV R RUM"), "{report}");

    // --- March: everyone holds; ownership changes after this month's move
    let sent = g.pass_deadline();
    assert_eq!(g.phase(&v), "MAR1885A");
    // Spain (2 centres, 3 units) owes a removal: the GM sees the judge's
    // least-effect choice when the adjustments open
    let preview = to(&sent, GM).into_iter().find(|s| s.subject == "Removals to choose in game demo").expect("the GM's removal preview");
    let body = flat(&preview.body);
    assert!(body.contains("Spain must remove 1. Unless you order otherwise the judge removes: F HOB."), "{body}");
    assert!(!sent.iter().any(|s| s.subject == "Removals to choose in game demo" && s.to != GM), "the preview goes to the GM only");
    assert_eq!(centres(&g, &v, FRANCE), ["BRE", "CAD", "MAR", "PAR"]);
    assert_eq!(centres(&g, &v, SPAIN), ["MAD", "VAL"]);
    assert_eq!(centres(&g, &v, TURKEY), ["CON", "SEV", "SIN", "SMY"]);
    assert_eq!(centres(&g, &v, RUSSIA), ["ARK", "MOS", "RUM", "STP", "WAR"]);
    assert_eq!(centres(&g, &v, ITALY), ["GRE", "NAP", "ROM", "VEN"]);

    // --- March adjustments: Italy builds in Sicily (a build site, not a
    // centre: E5), Austria for Macedonia in Split, France in Paris, Turkey
    // for Sevastopol; Spain owes a removal and orders none
    let (r, _) = mail(&mut g, ITALY, "BUILD F SIC");
    assert!(r.contains(": accepted."), "{r}");
    let (r, _) = mail(&mut g, TURKEY, "BUILD A MAC");
    assert!(!r.contains(": accepted."), "Macedonia is Austrian now: {r}");
    // the GM overrides the preview: Spain keeps its fleet in the Box
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSpain: REMOVE F VAL");
    assert!(r.contains("accepted"), "{r}");
    let sent = play(&mut g, &[(AUSTRIA, &["BUILD F SPL"]), (FRANCE, &["BUILD A PAR"]), (TURKEY, &["BUILD F SIN"])]);
    assert_eq!(g.phase(&v), "APR1885M");
    assert_eq!(units(&g, &v, SPAIN), ["A MAD", "F HOB"], "the GM's removal, not the preview's");
    let report = results_to(&sent, SPAIN);
    assert!(report.contains("Spain: F VAL D Turkey:") && !report.contains("as previewed"), "{report}");
    assert_eq!(units(&g, &v, ITALY), ["A APU", "A VEN", "F GRE", "F SIC"]);
    assert!(units(&g, &v, AUSTRIA).contains(&"F SPL".to_string()));
    assert!(units(&g, &v, TURKEY).contains(&"F SIN".to_string()));

    // --- April to December 1885, and 1886: France takes its fleet through
    // the Box to the South Atlantic and back; the rest hold
    play(&mut g, &[(FRANCE, &["F MAO - HOB"])]);
    assert!(units(&g, &v, FRANCE).contains(&"F HOB".to_string()));
    play(&mut g, &[(FRANCE, &["F HOB - SAO"])]);
    assert!(units(&g, &v, FRANCE).contains(&"F SAO".to_string()));
    let mut months = 0;
    while g.phase(&v) != "JAN1887M" {
        months += 1;
        assert!(months < 40, "stuck at {}", g.phase(&v));
        g.pass_deadline();
    }
    assert_eq!(g.status(), "active");
    // SUMMARY's centre chart has a row at each of the year's four adjustments
    let (r, _) = g.send("stranger@example.test", "SUMMARY demo");
    let rows: Vec<&str> =
        ["Mar 1885", "Jun 1885", "Sep 1885", "Dec 1885", "Mar 1886", "Dec 1886"].into_iter().filter(|m| r.contains(&format!("{m} "))).collect();
    assert_eq!(rows.len(), 6, "{r}");

    // --- 1887: the later campaign written into the store (see the module
    // comment): France owns 20 centres, Austria 13, Switzerland is neutral
    // and empty, beside the French army in Marseilles
    let mut pos = g.position(&v);
    let swi = v.prov_by_code("SWI").unwrap();
    let (fr, au) = (FRANCE as PowerId, AUSTRIA as PowerId);
    let mut given = (0, 0);
    for c in 0..pos.centers.len() {
        if !v.is_center(c as u16) || c == swi as usize {
            if c == swi as usize {
                pos.centers[c] = None;
            }
            continue;
        }
        let held_by = pos.unit_at(c as u16).map(|u| u.power);
        let home = v.home_of(c as u16);
        if home == Some(fr) || (given.0 < 20 && held_by != Some(au) && home != Some(au)) {
            pos.centers[c] = Some(fr);
        } else if home == Some(au) || given.1 < 13 {
            pos.centers[c] = Some(au);
        } else {
            continue;
        }
        // a centre another power's unit stands in would go back to it in
        // March: in this later position those units are gone
        pos.units.retain(|u| u.loc.prov != c as u16 || u.power == fr || u.power == au);
        given = (pos.center_count(fr), pos.center_count(au));
    }
    assert_eq!((pos.center_count(fr), pos.center_count(au)), (20, 13), "33 centres between them: one short");
    assert!(pos.unit_at(swi).is_none() && units(&g, &v, FRANCE).contains(&"A MAR".to_string()));
    let text = mailjudge::contract::position_to_json(&v, &pos).to_string();
    g.set_position(&text);

    // both vote for their alliance: recorded, not yet won
    let (r, _) = mail(&mut g, FRANCE, "SET ALLY AUSTRIA");
    assert!(!r.contains("The game is over"), "{r}");
    let (r, _) = mail(&mut g, AUSTRIA, "SET ALLY FRANCE");
    assert!(r.contains("Your vote for an alliance of Austria, France is recorded") && !r.contains("The game is over"), "{r}");
    // January and February: Switzerland taken, but centres change hands only
    // after March's move
    play(&mut g, &[(FRANCE, &["A MAR - SWI"])]);
    assert!(units(&g, &v, FRANCE).contains(&"A SWI".to_string()));
    g.pass_deadline();
    assert_eq!(g.status(), "active", "33 centres until March");
    let sent = g.pass_deadline();
    assert_eq!(g.status(), "finished", "34 centres after March: France 21, Austria 13");
    let report = results_to(&sent, SPAIN);
    assert!(report.contains("The game is over: Austria, France won together in March 1887"), "{report}");
    let game = g.row();
    assert_eq!(game.ending.clone().expect("an ending").end, mailjudge::end::GameEnd::Alliance(vec![au, fr]));
}
