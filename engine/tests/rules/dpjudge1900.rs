//! 1900's own rules (DPjudge's `1900.map` and its rules page; docs/RULES.md,
//! "Half-strength crossings", docs/VARIANTS.md "1900"), hand-checked: the
//! Suez route (Mid-Atlantic to Egypt and Hejaz round Africa) crossed at half
//! strength, with no support across it and no support cut by it; the
//! Russian Emergency Measures (Siberia a partisan build site, and a unit
//! more to keep, while Russia owns some but not all of its home centres);
//! Egypt and Algeria owned at the start but no build sites.

use crate::common::board::*;
use mailjudge_engine::adjudicate::{Dislodged, Note, Position, ResultKind, adjust, process};
use mailjudge_engine::check::{self, OrderError};
use mailjudge_engine::map::{Loc, Variant};
use mailjudge_engine::rules::Rulebook;

fn v() -> Variant {
    Variant::builtin("1900").expect("built in")
}

fn result(out: &mailjudge_engine::adjudicate::Outcome, v: &Variant, order: &str) -> (ResultKind, Option<Note>) {
    let r = out.results.iter().find(|r| r.order.canonical(v) == order).unwrap_or_else(|| panic!("no result for {order}: {:?}", out.results));
    (r.result, r.note)
}

/// A fleet next to the Mid-Atlantic beats one coming round Africa; alone,
/// the one from Egypt gets there; supported from the North Atlantic it
/// dislodges a fleet holding there (a half and one beat one).
#[test]
fn the_suez_route_is_crossed_at_half_strength() {
    let v = v();
    let r = Rulebook::for_variant(&v);
    let pos = position(&v, "S1900M", vec![fleet(&v, "BRITAIN", "EGY"), fleet(&v, "FRANCE", "POR")]);
    let both = orders(&v, &pos, &[("BRITAIN", "F Egy - Mao"), ("FRANCE", "F Por - Mao")]);
    let out = process(&v, &r, &pos, &both);
    assert!(out.position.units.contains(&fleet(&v, "FRANCE", "MAO")) && out.position.units.contains(&fleet(&v, "BRITAIN", "EGY")));
    let alone = orders(&v, &pos, &[("BRITAIN", "F Egy - Mao")]);
    assert!(process(&v, &r, &pos, &alone).position.units.contains(&fleet(&v, "BRITAIN", "MAO")));
    // the other way: a fleet next to Egypt beats one from the Mid-Atlantic
    let pos = position(&v, "S1900M", vec![fleet(&v, "BRITAIN", "MAO"), fleet(&v, "TURKEY", "EAS")]);
    let o = orders(&v, &pos, &[("BRITAIN", "F Mao - Egy"), ("TURKEY", "F Eas - Egy")]);
    assert!(process(&v, &r, &pos, &o).position.units.contains(&fleet(&v, "TURKEY", "EGY")));
    // supported: 1.5 against a fleet holding with 1
    let pos = position(&v, "S1900M", vec![fleet(&v, "BRITAIN", "EGY"), fleet(&v, "BRITAIN", "NAO"), fleet(&v, "FRANCE", "MAO")]);
    let o = orders(&v, &pos, &[("BRITAIN", "F Egy - Mao, F Nao S F Egy - Mao")]);
    let out = process(&v, &r, &pos, &o);
    assert!(out.position.units.contains(&fleet(&v, "BRITAIN", "MAO")));
    assert_eq!(out.dislodged.len(), 1);
    // two half-strength moves stand off as two whole ones do
    let pos = position(&v, "S1900M", vec![fleet(&v, "BRITAIN", "EGY"), fleet(&v, "TURKEY", "HEJ")]);
    let o = orders(&v, &pos, &[("BRITAIN", "F Egy - Mao"), ("TURKEY", "F Hej - Mao")]);
    let out = process(&v, &r, &pos, &o);
    assert_eq!(result(&out, &v, "F EGY - MAO").0, ResultKind::Bounce);
    assert_eq!(result(&out, &v, "F HEJ - MAO").0, ResultKind::Bounce);
}

/// No support crosses the route, either way: the order is refused on
/// arrival and void in the adjudication.
#[test]
fn no_support_across_the_suez_route() {
    let v = v();
    let r = Rulebook::for_variant(&v);
    let pos = position(&v, "S1900M", vec![fleet(&v, "BRITAIN", "EGY"), fleet(&v, "FRANCE", "POR"), fleet(&v, "BRITAIN", "MAO"), fleet(&v, "TURKEY", "EAS")]);
    let bri = power(&v, "BRITAIN");
    let egy = orders(&v, &pos, &[("BRITAIN", "F Egy S F Mao")]);
    assert_eq!(check::order(&v, &r, &pos, bri, &[], &egy[0].1), Err(OrderError::HalfStrengthSupport));
    let mao = orders(&v, &pos, &[("BRITAIN", "F Mao S F Egy")]);
    assert_eq!(check::order(&v, &r, &pos, bri, &[], &mao[0].1), Err(OrderError::HalfStrengthSupport));
    // F Egy's support of F Mao holding is void: Portugal's attack is a standoff, not a hold
    let o = orders(&v, &pos, &[("BRITAIN", "F Egy S F Mao"), ("FRANCE", "F Por - Mao"), ("TURKEY", "F Eas - Egy")]);
    let out = process(&v, &r, &pos, &o);
    assert_eq!(result(&out, &v, "F EGY S F MAO"), (ResultKind::Void, Some(Note::HalfStrengthSupport)));
    assert!(out.position.units.contains(&fleet(&v, "BRITAIN", "MAO")), "1 against 1: Portugal stands off");
}

/// A move along the route cuts no support in the space it attacks, unless
/// it dislodges the supporting unit.
#[test]
fn a_move_along_the_suez_route_cuts_no_support_but_by_dislodging() {
    let v = v();
    let r = Rulebook::for_variant(&v);
    let units = vec![fleet(&v, "FRANCE", "MAO"), army(&v, "FRANCE", "GAS"), army(&v, "ITALY", "SPA"), fleet(&v, "BRITAIN", "EGY"), fleet(&v, "BRITAIN", "NAO")];
    let pos = position(&v, "S1900M", units);
    let support = [("FRANCE", "F Mao S A Gas - Spa, A Gas - Spa")];
    let o = orders(&v, &pos, &[support[0], ("BRITAIN", "F Egy - Mao")]);
    let out = process(&v, &r, &pos, &o);
    assert_eq!(result(&out, &v, "F MAO S A GAS - SPA").0, ResultKind::Ok, "not cut");
    assert!(out.position.units.contains(&army(&v, "FRANCE", "SPA")));
    // the same attack, supported, dislodges the fleet: the support is lost
    let o = orders(&v, &pos, &[support[0], ("BRITAIN", "F Egy - Mao, F Nao S F Egy - Mao")]);
    let out = process(&v, &r, &pos, &o);
    assert!(out.position.units.contains(&fleet(&v, "BRITAIN", "MAO")));
    assert!(out.position.units.contains(&army(&v, "ITALY", "SPA")), "Gascony stood off: {:?}", out.results);
    // a move from Portugal (no route) cuts it, as any attack does
    let pos = position(&v, "S1900M", vec![fleet(&v, "FRANCE", "MAO"), army(&v, "FRANCE", "GAS"), army(&v, "ITALY", "SPA"), fleet(&v, "BRITAIN", "POR")]);
    let o = orders(&v, &pos, &[support[0], ("BRITAIN", "F Por - Mao")]);
    assert_eq!(result(&process(&v, &r, &pos, &o), &v, "F MAO S A GAS - SPA").0, ResultKind::Cut);
}

/// An army convoyed by the Mid-Atlantic into Egypt lands at half strength;
/// one convoyed out of Egypt attacks at full strength.
#[test]
fn an_army_convoyed_round_africa_lands_at_half_strength() {
    let v = v();
    let r = Rulebook::for_variant(&v);
    let pos = position(&v, "S1900M", vec![army(&v, "FRANCE", "BRE"), fleet(&v, "FRANCE", "MAO"), army(&v, "TURKEY", "PAL")]);
    let convoy = ("FRANCE", "A Bre - Egy, F Mao C A Bre - Egy");
    let out = process(&v, &r, &pos, &orders(&v, &pos, &[convoy]));
    assert!(out.position.units.contains(&army(&v, "FRANCE", "EGY")), "into an empty Egypt: {:?}", out.results);
    let out = process(&v, &r, &pos, &orders(&v, &pos, &[convoy, ("TURKEY", "A Pal - Egy")]));
    assert!(out.position.units.contains(&army(&v, "TURKEY", "EGY")) && out.position.units.contains(&army(&v, "FRANCE", "BRE")));
    // out of Egypt: a whole 1 against Picardy's 1, a standoff
    let pos = position(&v, "S1900M", vec![army(&v, "BRITAIN", "EGY"), fleet(&v, "BRITAIN", "MAO"), army(&v, "FRANCE", "PIC")]);
    let o = orders(&v, &pos, &[("BRITAIN", "A Egy - Bre, F Mao C A Egy - Bre"), ("FRANCE", "A Pic - Bre")]);
    let out = process(&v, &r, &pos, &o);
    assert_eq!(result(&out, &v, "A EGY - BRE").0, ResultKind::Bounce);
    assert_eq!(result(&out, &v, "A PIC - BRE").0, ResultKind::Bounce);
}

/// Two units retreating to one space: the one coming along the route is
/// disbanded and the other retreats (the rules page).
#[test]
fn a_retreat_round_africa_yields_to_another() {
    let v = v();
    let r = Rulebook::for_variant(&v);
    let mut pos = position(&v, "S1900R", vec![fleet(&v, "TURKEY", "EAS")]);
    let mao = v.prov_by_code("MAO").unwrap();
    pos.dislodged = vec![
        Dislodged { unit: fleet(&v, "BRITAIN", "EGY"), options: vec![Loc::new(mao)], attacker_from: None },
        Dislodged { unit: fleet(&v, "FRANCE", "POR"), options: vec![Loc::new(mao)], attacker_from: None },
    ];
    let o = orders(&v, &pos, &[("BRITAIN", "F Egy R Mao"), ("FRANCE", "F Por R Mao")]);
    let out = process(&v, &r, &pos, &o);
    assert!(out.position.units.contains(&fleet(&v, "FRANCE", "MAO")));
    assert!(!out.position.units.iter().any(|u| u.power == power(&v, "BRITAIN")));
}

/// The Russian Emergency Measures: while Russia owns some but not all of its
/// four home centres it keeps a unit more than its centres, and may build in
/// Siberia (no centre); owning all four, or none, neither.
#[test]
fn russian_emergency_measures() {
    let v = v();
    let r = Rulebook::for_variant(&v);
    let russia = power(&v, "RUSSIA");
    let sib = v.prov_by_code("SIB").unwrap();
    assert!(!v.is_center(sib) && v.powers[russia as usize].partisan == [sib]);
    // Germany took Warsaw: Russia owns 3 centres and keeps its 4 units
    let units = vec![army(&v, "RUSSIA", "MOS"), fleet(&v, "RUSSIA", "SEV"), army(&v, "RUSSIA", "UKR"), army(&v, "RUSSIA", "LVN"), army(&v, "GERMANY", "WAR")];
    let mut lost = position(&v, "W1900A", units);
    lost.centers[v.prov_by_code("WAR").unwrap() as usize] = Some(power(&v, "GERMANY"));
    assert!(adjust::partisans_rise(&v, &lost, russia));
    assert_eq!(adjust::supply(&v, &lost, russia), 4);
    let out = process(&v, &r, &lost, &[]);
    assert_eq!(out.position.units.iter().filter(|u| u.power == russia).count(), 4, "nothing removed");
    // with three units, one build: Siberia (or St Petersburg) is free
    let mut three = lost.clone();
    three.units.retain(|u| v.code(u.loc.prov) != "LVN");
    assert_eq!(adjust::builds_possible(&v, &r, &three, russia), 1);
    let mut sites: Vec<&str> = adjust::free_homes(&v, &r, &three, russia).map(|p| v.code(p)).collect();
    sites.sort_unstable();
    assert_eq!(sites, ["SIB", "STP"]);
    let out = process(&v, &r, &three, &orders(&v, &three, &[("RUSSIA", "Build A Sib")]));
    assert!(out.position.units.contains(&army(&v, "RUSSIA", "SIB")), "{:?}", out.results);
    // all four homes owned: no extra unit, Siberia is no site
    let mut all = position(&v, "W1900A", vec![army(&v, "RUSSIA", "MOS"), fleet(&v, "RUSSIA", "SEV"), army(&v, "RUSSIA", "WAR")]);
    assert!(!adjust::partisans_rise(&v, &all, russia));
    let sib_build = orders(&v, &all, &[("RUSSIA", "Build A Sib")]);
    assert_eq!(check::order(&v, &r, &all, russia, &[], &sib_build[0].1), Err(OrderError::BuildPartisanIdle));
    // none owned: none either
    for h in &v.powers[russia as usize].home {
        all.centers[*h as usize] = Some(power(&v, "GERMANY"));
    }
    all.centers[v.prov_by_code("RUM").unwrap() as usize] = Some(russia);
    assert!(!adjust::partisans_rise(&v, &all, russia) && adjust::supply(&v, &all, russia) == 1);
}

/// Britain owns Egypt and France Algeria at the start; neither is a home,
/// so neither is a build site.
#[test]
fn egypt_and_algeria_are_owned_but_no_build_sites() {
    let v = v();
    let r = Rulebook::for_variant(&v);
    let pos = Position::initial(&v);
    let (egy, alg) = (v.prov_by_code("EGY").unwrap(), v.prov_by_code("ALG").unwrap());
    assert_eq!((pos.centers[egy as usize], pos.centers[alg as usize]), (Some(power(&v, "BRITAIN")), Some(power(&v, "FRANCE"))));
    let mut w = position(&v, "W1900A", vec![army(&v, "FRANCE", "PAR")]);
    w.centers = pos.centers.clone();
    let egy_build = orders(&v, &w, &[("BRITAIN", "Build F Egy")]);
    assert_eq!(check::order(&v, &r, &w, power(&v, "BRITAIN"), &[], &egy_build[0].1), Err(OrderError::BuildNotHome));
    let alg_build = orders(&v, &w, &[("FRANCE", "Build A Alg")]);
    assert_eq!(check::order(&v, &r, &w, power(&v, "FRANCE"), &[], &alg_build[0].1), Err(OrderError::BuildNotHome));
}

/// What the variant file must say of half-strength crossings and partisan
/// sites: a neighbour, listed on both sides, on a map without straits; a
/// partisan site on land that is no centre, one power's.
#[test]
fn half_strength_crossings_and_partisan_sites_are_checked() {
    let text = mailjudge_engine::map::BUILTIN.iter().find(|(n, _)| *n == "1900").unwrap().1;
    let bad = |from: &str, to: &str, why: &str| {
        assert!(text.contains(from), "{from}");
        let e = Variant::from_toml(&text.replacen(from, to, 1)).unwrap_err().to_string();
        assert!(e.contains(why), "{to}: {e}");
    };
    bad(r#"half_strength = ["EGY", "HEJ"]"#, r#"half_strength = ["EGY"]"#, "asymmetric half-strength crossing: HEJ lists MAO but MAO does not list HEJ");
    bad(r#"half_strength = ["EGY", "HEJ"]"#, r#"half_strength = ["EGY", "HEJ", "ION"]"#, "MAO: half-strength crossing to ION, which is not a neighbour");
    bad(r#"partisan = ["SIB"]"#, r#"partisan = ["MOS"]"#, "RUSSIA: partisan site MOS must be a land or coastal province that is no supply centre");
    bad(r#"partisan = ["SIB"]"#, r#"partisan = ["BAR"]"#, "RUSSIA: partisan site BAR must be a land or coastal province");
    bad(
        "army = [\"MOS\", \"SEV\", \"STP\"]\nclockwise = [\"MOS\", \"SEV\", \"STP\"]",
        "army = [\"MOS\", \"SEV\", \"STP\"]\nclockwise = [\"MOS\", \"SEV\", \"STP\"]\nstraits = [\"MOS\"]",
        "half-strength crossings cannot be on a map with straits",
    );
    let twice = text.replacen(r#"home = ["ANK", "CON", "DAM"]"#, "home = [\"ANK\", \"CON\", \"DAM\"]\npartisan = [\"SIB\"]", 1);
    assert!(Variant::from_toml(&twice).unwrap_err().to_string().contains("SIB: partisan site of both RUSSIA and TURKEY"));
}
