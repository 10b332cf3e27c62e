//! DPjudge's rules of play that its maps ask for (issue 37; docs/VARIANTS.md,
//! "Rules of play"), on the built-in maps that use them, hand-checked:
//! starting centres other than the homes (`OWNS`: shiftaround), builds while a
//! home centre is owned (`REMOTE_BUILDS`: aberration), builds in any power's
//! home centre (`HOME_BUILDS`), dummy powers that hold and rebuild
//! (`DUMMY`, `CD_DUMMIES`, `CD_BUILDS`, `IMMOBILE_DUMMIES`: sengoku), and a
//! game that mobilizes from an empty board (`MOBILIZE`: 1898).

use crate::common::board::*;
use mailjudge_engine::adjudicate::{Note, Position, ResultKind, adjust, dummy, process};
use mailjudge_engine::check::{self, OrderError};
use mailjudge_engine::map::{BUILTIN, PowerId, Variant};
use mailjudge_engine::rules::{BuildSites, RuleChoice, Rulebook};

fn builtin(name: &str) -> Variant {
    Variant::builtin(name).unwrap_or_else(|| panic!("{name} is built in"))
}

/// The text of built-in `name`, changed by `edit`, as a variant.
fn edited(name: &str, edit: impl Fn(&str) -> String) -> Variant {
    let text = BUILTIN.iter().find(|(n, _)| *n == name).unwrap().1;
    Variant::from_toml(&edit(text)).unwrap()
}

fn codes(v: &Variant, provs: impl Iterator<Item = mailjudge_engine::map::Prov>) -> Vec<String> {
    let mut c: Vec<String> = provs.map(|p| v.code(p).to_string()).collect();
    c.sort();
    c
}

fn owned(v: &Variant, pos: &Position, who: &str) -> Vec<String> {
    codes(v, (0..v.provinces.len() as u16).filter(|&p| pos.centers[p as usize] == Some(power(v, who))))
}

fn units_of(v: &Variant, pos: &Position, who: &str) -> Vec<String> {
    let mut u: Vec<String> = pos.units.iter().filter(|u| u.power == power(v, who)).map(|u| v.unit_code(u)).collect();
    u.sort();
    u
}

/// shiftaround: England starts in Italy, owning its centres; its homes stay
/// London, Liverpool and Edinburgh, where alone it builds.
#[test]
fn starting_centres_are_owned_but_builds_go_home() {
    let v = builtin("shiftaround");
    let pos = Position::initial(&v);
    assert_eq!(owned(&v, &pos, "ENGLAND"), ["NAP", "ROM", "VEN"]);
    assert_eq!(owned(&v, &pos, "RUSSIA"), ["EDI", "LON", "LVP"]);
    assert_eq!(codes(&v, v.powers[power(&v, "ENGLAND") as usize].home.iter().copied()), ["EDI", "LON", "LVP"]);
    assert_eq!(units_of(&v, &pos, "ENGLAND"), ["A ROM", "A VEN", "F NAP"]);
    // Winter: England has taken Tunis, and London (vacant); Russia holds the rest
    let mut w = position(&v, "W1901A", vec![army(&v, "ENGLAND", "ROM"), army(&v, "ENGLAND", "VEN"), fleet(&v, "ENGLAND", "TUN")]);
    for c in ["TUN", "LON"] {
        w.centers[v.prov_by_code(c).unwrap() as usize] = Some(power(&v, "ENGLAND"));
    }
    let england = power(&v, "ENGLAND");
    assert_eq!(adjust::builds_possible(&v, &Rulebook::for_variant(&v), &w, england), 1);
    let r = Rulebook::for_variant(&v);
    let nap = orders(&v, &w, &[("ENGLAND", "Build F Nap")]);
    assert_eq!(check::order(&v, &r, &w, england, &[], &nap[0].1), Err(OrderError::BuildNotHome));
    let o = orders(&v, &w, &[("ENGLAND", "Build F Nap"), ("ENGLAND", "Build F Lon")]);
    let out = process(&v, &r, &w, &o);
    assert_eq!((out.results[0].result, out.results[0].note), (ResultKind::Void, Some(Note::BuildNotHome)));
    assert_eq!(out.results[1].result, ResultKind::Ok);
    assert_eq!(units_of(&v, &out.position, "ENGLAND"), ["A ROM", "A VEN", "F LON", "F TUN"]);
}

/// A starting centre must be a supply centre, and no centre is owned by two
/// powers at the start.
#[test]
fn starting_centres_are_checked() {
    let text = BUILTIN.iter().find(|(n, _)| *n == "shiftaround").unwrap().1;
    let twice = text.replacen(r#"owns = ["BRE", "MAR", "PAR"]"#, r#"owns = ["BRE", "MAR", "PAR", "NAP"]"#, 1);
    let e = Variant::from_toml(&twice).unwrap_err().to_string();
    assert!(e.contains("NAP: owned at the start by both"), "{e}");
    let land = text.replacen(r#"owns = ["BRE", "MAR", "PAR"]"#, r#"owns = ["BRE", "MAR", "PIC"]"#, 1);
    let e = Variant::from_toml(&land).unwrap_err().to_string();
    assert!(e.contains("starting centre PIC is not a supply centre"), "{e}");
}

/// aberration's REMOTE_BUILDS: any owned centre is a build site while the
/// power owns one of its home centres; with none it builds nowhere.
#[test]
fn remote_builds_build_anywhere_while_a_home_is_owned() {
    let v = builtin("aberration");
    let r = Rulebook::for_variant(&v);
    assert_eq!(r.build_sites, BuildSites::OneHome);
    let burgundy = power(&v, "BURGUNDY");
    let mut pos = position(&v, "W1901A", vec![army(&v, "BURGUNDY", "DIJ"), army(&v, "BURGUNDY", "LAN"), fleet(&v, "SICILY", "HAG")]);
    for c in ["BAV", "PIE"] {
        pos.centers[v.prov_by_code(c).unwrap() as usize] = Some(burgundy);
    }
    pos.centers[v.prov_by_code("HAG").unwrap() as usize] = Some(power(&v, "SICILY"));
    // Dijon, Brussels, Bavaria, Piedmont: two builds; all but Dijon are free
    assert_eq!(codes(&v, adjust::free_homes(&v, &r, &pos, burgundy)), ["BAV", "BRU", "PIE"]);
    let o = orders(&v, &pos, &[("BURGUNDY", "Build A Pie, Build A Bru")]);
    let out = process(&v, &r, &pos, &o);
    assert_eq!(units_of(&v, &out.position, "BURGUNDY"), ["A BRU", "A DIJ", "A LAN", "A PIE"]);
    // its homes all lost: no builds at all
    for c in ["DIJ", "BRU"] {
        pos.centers[v.prov_by_code(c).unwrap() as usize] = Some(power(&v, "SICILY"));
    }
    pos.units.retain(|u| v.code(u.loc.prov) != "DIJ");
    assert_eq!(adjust::builds_possible(&v, &r, &pos, burgundy), 0);
    let pie = orders(&v, &pos, &[("BURGUNDY", "Build A Pie")]);
    let out = process(&v, &r, &pos, &pie);
    assert_eq!(out.results[0].note, Some(Note::BuildNeedsHome));
}

/// HOME_BUILDS (`build_sites = "any_home"`): an owned home centre of any
/// power is a build site, a centre that is nobody's home is not.
#[test]
fn home_builds_build_in_any_powers_home_centre() {
    let v = Variant::standard();
    let mut r = Rulebook::default();
    RuleChoice::BuildSites(BuildSites::AnyHome).apply(&mut r);
    assert_eq!(RuleChoice::parse("build_sites", "any_home"), Ok(RuleChoice::BuildSites(BuildSites::AnyHome)));
    let france = power(&v, "FRANCE");
    let mut pos = position(&v, "W1901A", vec![army(&v, "FRANCE", "PAR"), army(&v, "FRANCE", "MAR"), army(&v, "GERMANY", "BER")]);
    for c in ["MUN", "BEL", "BRE"] {
        pos.centers[v.prov_by_code(c).unwrap() as usize] = Some(france);
    }
    assert_eq!(codes(&v, adjust::free_homes(&v, &r, &pos, france)), ["BRE", "MUN"]);
    let bel = orders(&v, &pos, &[("FRANCE", "Build A Bel")]);
    assert_eq!(check::order(&v, &r, &pos, france, &[], &bel[0].1), Err(OrderError::BuildNotAnyHome));
    let o = orders(&v, &pos, &[("FRANCE", "Build A Bel, Build A Mun, Build F Bre")]);
    let out = process(&v, &r, &pos, &o);
    assert_eq!(
        out.results.iter().filter(|r| r.power == france && !r.defaulted).map(|r| r.result).collect::<Vec<_>>(),
        [ResultKind::Void, ResultKind::Ok, ResultKind::Ok]
    );
    assert_eq!(units_of(&v, &out.position, "FRANCE"), ["A MAR", "A MUN", "A PAR", "F BRE"]);
    // the rulebook's home centres only: Munich is Germany's
    let out = process(&v, &Rulebook::default(), &pos, &o);
    assert_eq!(units_of(&v, &out.position, "FRANCE"), ["A MAR", "A PAR", "F BRE"]);
}

/// sengoku's neutral armies: a dummy power, neutral in every game of the
/// map; its orders are ignored and its units hold.
#[test]
fn a_dummy_is_neutral_in_every_game_and_holds() {
    let v = builtin("sengoku");
    let neutral = power(&v, "NEUTRAL");
    assert!(v.powers[neutral as usize].dummy && v.features.dummy_builds && v.features.no_draw);
    let r = Rulebook::for_variant(&v);
    assert!(r.is_neutral(neutral));
    assert_eq!((0..v.powers.len() as PowerId).filter(|&p| r.is_neutral(p)).count(), 1);
    assert_eq!(Rulebook::for_variant(&Variant::standard()).neutral, 0);
    let pos = Position::initial(&v);
    // the dummy's own order is dropped: A Min holds, and stands off Takeda
    let o = orders(&v, &pos, &[("NEUTRAL", "A Min - Hid"), ("TAKEDA", "A Ssh - Min")]);
    let out = process(&v, &r, &pos, &o);
    assert!(out.position.units.contains(&army(&v, "NEUTRAL", "MIN")) && out.position.units.contains(&army(&v, "TAKEDA", "SSH")));
    let min = out.results.iter().find(|x| x.power == neutral && x.order.canonical(&v) == "A MIN H").unwrap();
    assert_eq!((min.defaulted, min.note), (true, Some(Note::DefaultHold)));
}

/// Dislodged, a dummy's unit is destroyed (no retreat); if the centre is
/// not taken by the Fall, the dummy rebuilds it in the Winter, by itself;
/// if it is, no rebuild.
#[test]
fn a_dummy_unit_dislodged_is_destroyed_and_rebuilt_in_an_untaken_centre() {
    let v = builtin("sengoku");
    let r = Rulebook::for_variant(&v);
    let pos = Position::initial(&v);
    let attack = orders(&v, &pos, &[("TAKEDA", "A Ssh - Min"), ("ODA", "A Owa S A Ssh - Min")]);
    let spring = process(&v, &r, &pos, &attack);
    assert!(spring.position.units.contains(&army(&v, "TAKEDA", "MIN")));
    assert!(!spring.position.units.contains(&army(&v, "NEUTRAL", "MIN")));
    assert!(spring.dislodged.len() == 1 && spring.dislodged[0].options.is_empty(), "destroyed, not retreating");
    assert_eq!(spring.position.phase, v.calendar.parse("F1570M").unwrap());
    // Takeda leaves Mino in the Fall: Mino is still the dummy's, which rebuilds
    let leave = orders(&v, &spring.position, &[("TAKEDA", "A Min - Hid")]);
    let fall = process(&v, &r, &spring.position, &leave);
    assert_eq!(fall.position.phase, v.calendar.parse("W1570A").unwrap());
    assert_eq!(owned(&v, &fall.position, "NEUTRAL").len(), 6);
    let neutral = power(&v, "NEUTRAL");
    assert_eq!(adjust::builds_possible(&v, &r, &fall.position, neutral), 1);
    let winter = process(&v, &r, &fall.position, &[]);
    assert!(winter.position.units.contains(&army(&v, "NEUTRAL", "MIN")));
    let built: Vec<_> = winter.results.iter().filter(|x| x.power == neutral).collect();
    assert_eq!(built.len(), 1);
    assert_eq!((built[0].result, built[0].note, built[0].defaulted), (ResultKind::Ok, Some(Note::DummyBuild), true));
    // Takeda stays: Mino is Takeda's after the Fall, nothing to rebuild
    let stay = process(&v, &r, &spring.position, &[]);
    assert_eq!(owned(&v, &stay.position, "NEUTRAL").len(), 5);
    assert_eq!(adjust::builds_possible(&v, &r, &stay.position, neutral), 0);
    let winter = process(&v, &r, &stay.position, &[]);
    assert_eq!(units_of(&v, &winter.position, "NEUTRAL").len(), 5);
    assert!(!winter.results.iter().any(|x| x.power == neutral));
    // without the map's dummy_builds the dummy waives, as a neutral power does
    let waiving = edited("sengoku", |t| t.replace("dummy_builds = true\n", ""));
    let r = Rulebook::for_variant(&waiving);
    let fall = process(&waiving, &r, &spring.position, &leave);
    assert_eq!(fall.position.phase, waiving.calendar.parse("S1571M").unwrap(), "no builds: no adjustment phase");
}

/// What a dummy builds: the unit it started with in a free site first, then
/// an army (a fleet where no army may stand) in its other free sites, as
/// many as it is owed.
#[test]
fn a_dummy_rebuilds_its_starting_unit_then_armies() {
    let v = edited("sengoku", |t| t.replace(r#"units = ["A HIZ", "A BUN""#, r#"units = ["F HIZ", "A BUN""#));
    let r = Rulebook::for_variant(&v);
    let neutral = power(&v, "NEUTRAL");
    // the dummy lost its units in Hizen and Bizen, and owns Bingo too (vacant)
    let mut pos = Position::initial(&v);
    pos.phase = v.calendar.parse("W1570A").unwrap();
    pos.units.retain(|u| !matches!(v.code(u.loc.prov), "HIZ" | "BIZ"));
    pos.centers[v.prov_by_code("BIN").unwrap() as usize] = Some(neutral);
    let free: Vec<_> = adjust::free_homes(&v, &r, &pos, neutral).collect();
    let three = dummy::choose(&v, neutral, &free, 3);
    assert_eq!(three.iter().map(|u| v.unit_code(u)).collect::<Vec<_>>(), ["F HIZ", "A BIZ", "A BIN"]);
    assert_eq!(dummy::choose(&v, neutral, &free, 1).len(), 1);
    let out = process(&v, &r, &pos, &[]);
    assert_eq!(units_of(&v, &out.position, "NEUTRAL"), ["A BIN", "A BIZ", "A BUN", "A MIN", "A MUS", "A YAS", "F HIZ"]);
}

/// 1898's MOBILIZE: no unit and no centre at the start; each power builds
/// one unit in a home centre of its choice, which becomes its only centre.
#[test]
fn mobilizing_powers_build_one_unit_in_a_home_of_their_choice() {
    let v = builtin("1898");
    assert!(v.features.mobilize);
    let r = Rulebook::for_variant(&v);
    let pos = Position::start(&v, &r);
    assert_eq!(pos.phase, v.calendar.parse("W1898A").unwrap());
    assert!(pos.units.is_empty() && pos.centers.iter().all(|c| c.is_none()));
    let (france, russia, italy) = (power(&v, "FRANCE"), power(&v, "RUSSIA"), power(&v, "ITALY"));
    assert!((0..v.powers.len() as PowerId).all(|p| adjust::mobilizing(&v, &pos, p) && adjust::builds_possible(&v, &r, &pos, p) == 1));
    assert_eq!(codes(&v, adjust::free_homes(&v, &r, &pos, france)), ["BRE", "MAR", "PAR"]);
    let second = orders(&v, &pos, &[("RUSSIA", "Build A War")]);
    let first = orders(&v, &pos, &[("RUSSIA", "Build A Mos")]);
    assert_eq!(check::order(&v, &r, &pos, russia, &[first[0].1], &second[0].1), Err(OrderError::BuildNotOwed));
    let bel = orders(&v, &pos, &[("GERMANY", "Build A Bel")]);
    assert_eq!(check::order(&v, &r, &pos, power(&v, "GERMANY"), &[], &bel[0].1), Err(OrderError::BuildNotHome));
    let o = orders(&v, &pos, &[("FRANCE", "Build A Par"), ("RUSSIA", "Build A Mos, Build A War"), ("GERMANY", "Build A Bel"), ("ENGLAND", "Build F Lon")]);
    let out = process(&v, &r, &pos, &o);
    assert_eq!(out.position.phase, v.calendar.parse("S1899M").unwrap());
    assert_eq!((owned(&v, &out.position, "FRANCE"), units_of(&v, &out.position, "FRANCE")), (vec!["PAR".to_string()], vec!["A PAR".to_string()]));
    assert_eq!(owned(&v, &out.position, "RUSSIA"), ["MOS"]);
    assert_eq!(owned(&v, &out.position, "ENGLAND"), ["LON"]);
    assert_eq!(out.position.centers.iter().flatten().count(), 3, "the other homes are unowned");
    // Germany's build was void and Italy ordered none: each waived, left with nothing
    assert!(owned(&v, &out.position, "GERMANY").is_empty() && units_of(&v, &out.position, "ITALY").is_empty());
    assert!(out.results.iter().any(|x| x.power == italy && x.note == Some(Note::DefaultWaive)));
    // after the first phase nobody mobilizes: builds need owned, vacant homes
    let later = Position { phase: v.calendar.parse("W1899A").unwrap(), ..out.position.clone() };
    assert!(!adjust::mobilizing(&v, &later, italy));
    assert_eq!(adjust::builds_possible(&v, &r, &later, italy), 0);
}

/// A dummy that mobilizes builds a unit in each of its homes (DPjudge's
/// `IMMOBILE_DUMMIES` under `MOBILIZE`).
#[test]
fn a_mobilizing_dummy_builds_in_every_home() {
    let v = edited("1898", |t| {
        t.replace("mobilize = true\n", "mobilize = true\ndummy_builds = true\n").replacen("letter = \"I\"\n", "letter = \"I\"\ndummy = true\n", 1)
    });
    let r = Rulebook::for_variant(&v);
    let pos = Position::start(&v, &r);
    let out = process(&v, &r, &pos, &[]);
    assert_eq!(units_of(&v, &out.position, "ITALY"), ["A NAP", "A ROM", "A VEN"]);
    assert_eq!(owned(&v, &out.position, "ITALY"), ["NAP", "ROM", "VEN"]);
}

/// A mobilizing map starts in an adjustment phase with no units.
#[test]
fn a_mobilizing_map_has_no_starting_units_and_starts_with_builds() {
    let text = BUILTIN.iter().find(|(n, _)| *n == "1898").unwrap().1;
    let units = text.replacen("home = [\"BRE\", \"MAR\", \"PAR\"]\nunits = []", "home = [\"BRE\", \"MAR\", \"PAR\"]\nunits = [\"A PAR\"]", 1);
    assert_ne!(units, text);
    let e = Variant::from_toml(&units).unwrap_err().to_string();
    assert!(e.contains("mobilize: the powers start with no units"), "{e}");
    let spring = text.replace("start = \"W1898A\"", "start = \"S1899M\"");
    let e = Variant::from_toml(&spring).unwrap_err().to_string();
    assert!(e.contains("mobilize: the game must start in an adjustment phase"), "{e}");
}
