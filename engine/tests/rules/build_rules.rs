//! njudge's build and disband rules as rule options (docs/RULES.md, "Build
//! and disband rules"): where builds go (`build_sites`: home, any, one),
//! removals of any unit (`removals = any`), a disband in a movement phase
//! (`movement_disband`), dislodged units disbanded at once (`auto_disband`)
//! and a game that starts with no units (`blank_board`). Standard map and
//! chaos, hand-checked.

use crate::common::board::*;
use mailjudge_engine::adjudicate::{Note, Position, ResultKind, adjust, process};
use mailjudge_engine::check::{self, OrderError};
use mailjudge_engine::map::Variant;
use mailjudge_engine::phase::PhaseKind;
use mailjudge_engine::rules::{BuildSites, Removals, RuleChoice, RuleError, Rulebook};

fn with(c: RuleChoice) -> Rulebook {
    let mut r = Rulebook::default();
    c.apply(&mut r);
    r
}

/// Winter 1901: France has armies in Paris, Marseilles and Gascony, owns
/// Brest (vacant) and Belgium (vacant): four centres, one build due.
fn france_with_belgium(v: &Variant) -> Position {
    let mut pos = position(v, "W1901A", vec![army(v, "FRANCE", "PAR"), army(v, "FRANCE", "MAR"), army(v, "FRANCE", "GAS"), army(v, "GERMANY", "MUN")]);
    pos.centers[v.prov_by_code("BEL").unwrap() as usize] = Some(power(v, "FRANCE"));
    pos
}

fn units_of(v: &Variant, pos: &Position, who: &str) -> Vec<String> {
    let mut u: Vec<String> = pos.units.iter().filter(|u| u.power == power(v, who)).map(|u| v.unit_code(u)).collect();
    u.sort();
    u
}

#[test]
fn any_centres_builds_in_an_owned_centre_that_is_not_home() {
    let v = Variant::standard();
    let pos = france_with_belgium(&v);
    let o = orders(&v, &pos, &[("FRANCE", "Build A Bel")]);
    // the rulebook: Belgium is no home centre
    let out = process(&v, &Rulebook::default(), &pos, &o);
    assert_eq!((out.results[0].result, out.results[0].note), (ResultKind::Void, Some(Note::BuildNotHome)));
    assert_eq!(units_of(&v, &out.position, "FRANCE"), ["A GAS", "A MAR", "A PAR"]);
    let any = with(RuleChoice::BuildSites(BuildSites::Any));
    let out = process(&v, &any, &pos, &o);
    assert_eq!(out.results[0].result, ResultKind::Ok);
    assert_eq!(units_of(&v, &out.position, "FRANCE"), ["A BEL", "A GAS", "A MAR", "A PAR"]);
    // the sites the judge offers: Brest and Belgium; never a province that is no centre
    let mut sites: Vec<&str> = adjust::free_homes(&v, &any, &pos, power(&v, "FRANCE")).map(|p| v.code(p)).collect();
    sites.sort_unstable();
    assert_eq!(sites, ["BEL", "BRE"]);
    let pic = orders(&v, &pos, &[("FRANCE", "Build A Pic")]);
    assert_eq!(check::order(&v, &any, &pos, power(&v, "FRANCE"), &[], &pic[0].1), Err(OrderError::BuildNotCentre));
    // nor a centre someone else owns, nor one occupied
    let mun = orders(&v, &pos, &[("FRANCE", "Build A Mun")]);
    assert_eq!(check::order(&v, &any, &pos, power(&v, "FRANCE"), &[], &mun[0].1), Err(OrderError::BuildNotOwned));
}

#[test]
fn one_centre_builds_anywhere_while_a_home_centre_is_owned_and_nowhere_after() {
    let v = Variant::standard();
    let one = with(RuleChoice::BuildSites(BuildSites::OneHome));
    let france = power(&v, "FRANCE");
    let pos = france_with_belgium(&v);
    let out = process(&v, &one, &pos, &orders(&v, &pos, &[("FRANCE", "Build A Bel")]));
    assert_eq!(units_of(&v, &out.position, "FRANCE"), ["A BEL", "A GAS", "A MAR", "A PAR"]);
    // France has lost all three home centres but owns Belgium, Spain and
    // Portugal with two units: one build due, and nowhere to make it
    let mut lost = position(&v, "W1901A", vec![army(&v, "FRANCE", "SPA"), army(&v, "FRANCE", "POR")]);
    for (code, owner) in [("PAR", "GERMANY"), ("BRE", "ENGLAND"), ("MAR", "ITALY"), ("BEL", "FRANCE"), ("SPA", "FRANCE"), ("POR", "FRANCE")] {
        lost.centers[v.prov_by_code(code).unwrap() as usize] = Some(power(&v, owner));
    }
    let bel = orders(&v, &lost, &[("FRANCE", "Build A Bel")]);
    assert_eq!(check::order(&v, &one, &lost, france, &[], &bel[0].1), Err(OrderError::BuildNeedsHome));
    let out = process(&v, &one, &lost, &bel);
    assert_eq!((out.results[0].result, out.results[0].note), (ResultKind::Void, Some(Note::BuildNeedsHome)));
    assert_eq!(adjust::builds_possible(&v, &one, &lost, france), 0);
    // with ANY CENTRES it would build there
    assert_eq!(adjust::builds_possible(&v, &with(RuleChoice::BuildSites(BuildSites::Any)), &lost, france), 1);
}

#[test]
fn any_disband_removes_any_unit_and_builds_again_to_the_count() {
    let v = Variant::standard();
    let france = power(&v, "FRANCE");
    let pos = france_with_belgium(&v);
    // one build due: remove the army in Marseilles, build two
    // (written before the removal: removals are taken first)
    let o = orders(&v, &pos, &[("FRANCE", "Build F Bre"), ("FRANCE", "A Mar Disband"), ("FRANCE", "Build A Bel")]);
    let normal = process(&v, &with(RuleChoice::BuildSites(BuildSites::Any)), &pos, &o);
    assert_eq!(normal.results[1].note, Some(Note::RemoveNotOwed), "the rulebook: no removal while builds are due");
    assert_eq!(normal.results[2].note, Some(Note::BuildNotOwed));
    assert_eq!(units_of(&v, &normal.position, "FRANCE"), ["A GAS", "A MAR", "A PAR", "F BRE"]);
    let mut any = with(RuleChoice::BuildSites(BuildSites::Any));
    RuleChoice::Removals(Removals::Any).apply(&mut any);
    let out = process(&v, &any, &pos, &o);
    assert!(out.results.iter().all(|r| r.result == ResultKind::Ok), "{:?}", out.results);
    // the results keep the order given
    assert_eq!(out.results[0].order.canonical(&v), "F BRE B");
    assert_eq!(units_of(&v, &out.position, "FRANCE"), ["A BEL", "A GAS", "A PAR", "F BRE"]);
    assert_eq!(out.position.unit_count(france), out.position.center_count(france));
    // no more than the count: a third build is void
    let three = orders(&v, &pos, &[("FRANCE", "A Mar Disband"), ("FRANCE", "Build F Bre"), ("FRANCE", "Build A Bel"), ("FRANCE", "Waive")]);
    let out = process(&v, &any, &pos, &three);
    assert_eq!(out.results[3].note, Some(Note::BuildNotOwed));
    // a removal alone: the build it frees is waived
    let alone = orders(&v, &pos, &[("FRANCE", "A Par Disband")]);
    let out = process(&v, &any, &pos, &alone);
    assert_eq!(units_of(&v, &out.position, "FRANCE"), ["A GAS", "A MAR"]);
    assert_eq!(out.results.iter().filter(|r| r.power == france && r.note == Some(Note::DefaultWaive)).count(), 2);
    // the judge's count of the builds a removal frees, and the check on arrival
    assert_eq!(adjust::builds_allowed(&v, &any, &pos, france, 1), 2);
    assert_eq!(adjust::builds_allowed(&v, &Rulebook::default(), &pos, france, 1), 1);
    let disband = orders(&v, &pos, &[("FRANCE", "A Mar Disband")]);
    let bel = orders(&v, &pos, &[("FRANCE", "Build A Bel")]);
    assert_eq!(check::order(&v, &any, &pos, france, &[bel[0].1], &disband[0].1), Ok(()));
    assert_eq!(check::order(&v, &Rulebook::default(), &pos, france, &[], &disband[0].1), Err(OrderError::RemoveNotOwed));
    // the removed unit's centre is not vacant in the same phase
    let mar = orders(&v, &pos, &[("FRANCE", "A Mar Disband"), ("FRANCE", "Build A Mar")]);
    let out = process(&v, &any, &pos, &mar);
    assert_eq!(out.results[1].note, Some(Note::BuildOccupied));
}

#[test]
fn a_disband_in_a_movement_phase_takes_the_unit_off_before_the_moves() {
    let v = Variant::standard();
    let france = power(&v, "FRANCE");
    // Burgundy's army supports Paris against Picardy's attack; disbanded, it gives no support
    let pos = position(&v, "S1901M", vec![army(&v, "FRANCE", "PAR"), army(&v, "FRANCE", "BUR"), army(&v, "GERMANY", "PIC"), army(&v, "GERMANY", "GAS")]);
    let o = orders(&v, &pos, &[("FRANCE", "A Bur Disband"), ("FRANCE", "A Par H"), ("GERMANY", "A Pic - Par"), ("GERMANY", "A Gas S A Pic - Par")]);
    let off = process(&v, &Rulebook::default(), &pos, &o);
    assert_eq!(off.results[0].note, Some(Note::WrongPhase), "without the rule: not an order for this phase");
    assert!(off.position.units.contains(&army(&v, "FRANCE", "BUR")));
    assert_eq!(check::order(&v, &Rulebook::default(), &pos, france, &[], &o[0].1), Err(OrderError::WrongPhase));
    let on = with(RuleChoice::MovementDisband(true));
    assert_eq!(check::order(&v, &on, &pos, france, &[], &o[0].1), Ok(()));
    let out = process(&v, &on, &pos, &o);
    let bur = out.results.iter().find(|r| r.order.canonical(&v) == "A BUR D").unwrap();
    assert_eq!(bur.result, ResultKind::Ok);
    assert!(!out.position.units.contains(&army(&v, "FRANCE", "BUR")));
    // Paris, alone against a supported attack, is dislodged
    assert_eq!(out.dislodged.len(), 1);
    assert_eq!(out.dislodged[0].unit, army(&v, "FRANCE", "PAR"));
    // another power's unit, an empty space: void, and refused on arrival
    let g = orders(&v, &pos, &[("FRANCE", "A Pic Disband"), ("FRANCE", "A Bel Disband")]);
    assert_eq!(check::order(&v, &on, &pos, france, &[], &g[0].1), Err(OrderError::NotYourUnit));
    assert!(matches!(check::order(&v, &on, &pos, france, &[], &g[1].1), Err(OrderError::NoSuchUnit { .. })));
    let out = process(&v, &on, &pos, &g);
    assert_eq!(out.results.iter().filter(|r| r.result == ResultKind::Void).count(), 2);
    assert!(out.position.units.contains(&army(&v, "GERMANY", "PIC")));
}

#[test]
fn auto_disband_disbands_the_dislodged_and_skips_the_retreats() {
    let v = Variant::standard();
    let pos = position(&v, "S1901M", vec![army(&v, "FRANCE", "PAR"), army(&v, "GERMANY", "PIC"), army(&v, "GERMANY", "GAS")]);
    let o = orders(&v, &pos, &[("GERMANY", "A Pic - Par"), ("GERMANY", "A Gas S A Pic - Par")]);
    let usual = process(&v, &Rulebook::default(), &pos, &o);
    assert_eq!(usual.next_phase.map(|p| p.kind), Some(PhaseKind::Retreat));
    let out = process(&v, &with(RuleChoice::AutoDisband(true)), &pos, &o);
    assert_eq!(out.next_phase, Some(v.calendar.parse("F1901M").unwrap()));
    assert!(out.dislodged.iter().all(|d| d.options.is_empty()) && out.dislodged.len() == 1);
    assert!(!out.position.units.iter().any(|u| u.power == power(&v, "FRANCE")));
    // in the fall: straight to the adjustments
    let fall = Position { phase: v.calendar.parse("F1901M").unwrap(), ..pos.clone() };
    let out = process(&v, &with(RuleChoice::AutoDisband(true)), &fall, &o);
    assert_eq!(out.next_phase, Some(v.calendar.parse("W1901A").unwrap()));
}

#[test]
fn a_blank_board_starts_in_the_adjustments_before_the_first_move() {
    let v = Variant::standard();
    let blank = with(RuleChoice::BlankBoard(true));
    let pos = Position::start(&v, &blank);
    assert_eq!(v.calendar.name(pos.phase), "W1900A");
    assert!(pos.units.is_empty());
    assert_eq!(pos.centers, v.initial_centers());
    assert_eq!(Position::start(&v, &Rulebook::default()), Position::initial(&v));
    // each power builds in its home centres up to its count; then the first movement
    let russia = power(&v, "RUSSIA");
    assert_eq!(adjust::builds_possible(&v, &blank, &pos, russia), 4);
    let o = orders(&v, &pos, &[("RUSSIA", "Build F Stp/sc, Build A Mos, Build A War, Build F Sev"), ("FRANCE", "Build A Par")]);
    let out = process(&v, &blank, &pos, &o);
    assert_eq!(out.next_phase, Some(v.calendar.parse("S1901M").unwrap()));
    assert_eq!(units_of(&v, &out.position, "RUSSIA"), ["A MOS", "A WAR", "F SEV", "F STP/SC"]);
    assert_eq!(units_of(&v, &out.position, "FRANCE"), ["A PAR"]);
    // chaos starts in its adjustments already: no change
    let chaos = Variant::builtin("chaos").unwrap();
    assert_eq!(Position::start(&chaos, &blank), Position::initial(&chaos));
}

#[test]
fn the_rules_read_back_from_their_names_and_refuse_the_maps_they_do_not_fit() {
    for c in RuleChoice::ALL {
        assert_eq!(RuleChoice::parse(c.key(), c.word()), Ok(c));
    }
    assert_eq!(RuleChoice::parse("build-sites", "ANY"), Ok(RuleChoice::BuildSites(BuildSites::Any)));
    assert_eq!(RuleChoice::parse("auto_disband", "yes"), Ok(RuleChoice::AutoDisband(true)));
    assert!(matches!(RuleChoice::parse("blank_board", "maybe"), Err(RuleError::Value { .. })));
    // a map that builds anywhere (chaos) does so by default; a game may choose home centres
    let chaos = Variant::builtin("chaos").unwrap();
    assert_eq!(Rulebook::for_variant(&chaos).build_sites, BuildSites::Any);
    assert_eq!(Rulebook::for_variant(&Variant::standard()).build_sites, BuildSites::Home);
    assert!(Rulebook::for_variant(&chaos).fits(&chaos).is_ok());
    // Original 1958 builds at capitals and bases; 1885 chooses its starting units' types
    let v1958 = Variant::builtin("original1958").unwrap();
    assert!(matches!(RuleChoice::BuildSites(BuildSites::Any).fits(&v1958), Err(RuleError::BuildSitesAtBases { .. })));
    assert!(matches!(RuleChoice::MovementDisband(true).fits(&v1958), Err(RuleError::MovementDisbandShared { .. })));
    assert!(RuleChoice::MovementDisband(true).fits(&Variant::standard()).is_ok());
    let v1885 = Variant::builtin("1885").unwrap();
    assert!(matches!(RuleChoice::BlankBoard(true).fits(&v1885), Err(RuleError::BlankBoardChoices { .. })));
    assert!(RuleChoice::BlankBoard(false).fits(&v1885).is_ok());
}
