//! Loeb9 (DPjudge's `loeb9.map`, issue 23): the Arctic Ocean open only in
//! spring (a seasonal space; a fleet there when it shuts hibernates), the
//! straits Cordoba-North Africa and Naples-Sicily (moves across them have
//! no strength of their own, no support crosses them), and the home
//! centres renamed (Copenhagen, Oslo, Stockholm, Lisbon). The rules are in
//! docs/RULES.md ("Seasonal spaces", "Straits"); what DPjudge does, with
//! its code's lines, in docs/VARIANTS.md ("loeb9"). Positions hand-built,
//! outcomes hand-checked.

use crate::common::board::*;
use mailjudge_engine::adjudicate::{Dislodged, Note, Outcome, Position, ResultKind, process};
use mailjudge_engine::check::{self, OrderError};
use mailjudge_engine::map::dpjudge;
use mailjudge_engine::map::{Loc, Unit, Variant};
use mailjudge_engine::parse::{parse_line, parse_province};
use mailjudge_engine::rules::Rulebook;
use std::collections::BTreeMap;

fn loeb9() -> Variant {
    Variant::builtin("loeb9").expect("loeb9 is built in")
}

fn run(v: &Variant, pos: &Position, list: &[(&str, &str)]) -> Outcome {
    process(v, &Rulebook::for_variant(v), pos, &orders(v, pos, list))
}

/// The result and note of the order written `canonical`.
fn result(v: &Variant, out: &Outcome, canonical: &str) -> (ResultKind, Option<Note>) {
    let r = out.results.iter().find(|r| r.order.canonical(v) == canonical).unwrap_or_else(|| panic!("no result for {canonical}: {:?}", out.results));
    (r.result, r.note)
}

fn has(out: &Outcome, u: Unit) -> bool {
    out.position.units.contains(&u)
}

/// The check on arrival of one order.
fn check_one(v: &Variant, pos: &Position, who: &str, text: &str) -> Result<(), OrderError> {
    let o = parse_line(v, text, Some(pos.phase.kind)).remove(0).unwrap();
    check::order(v, &Rulebook::for_variant(v), pos, power(v, who), &[], &o)
}

#[test]
fn the_map_is_loeb9() {
    let v = loeb9();
    assert_eq!(v.powers.len(), 9);
    assert_eq!(v.center_count(), 38);
    assert_eq!(v.victory, mailjudge_engine::map::Victory::Centers(20));
    let homes = |name: &str| v.powers[power(&v, name) as usize].home.iter().map(|&p| v.code(p).to_string()).collect::<Vec<_>>();
    assert_eq!(homes("NORWAY"), ["COP", "OSL", "STO"]);
    assert_eq!(homes("SPAIN"), ["COR", "MAD", "LIS"]);
    // the renamed centres keep their old names and codes as aliases
    for (old, new) in [("den", "COP"), ("denmark", "COP"), ("nwy", "OSL"), ("swe", "STO"), ("sweden", "STO"), ("por", "LIS"), ("portugal", "LIS")] {
        assert_eq!(v.code(parse_province(&v, old).unwrap()), new, "{old}");
    }
    // Russia's fleet starts on St Petersburg's north coast
    assert!(v.powers[power(&v, "RUSSIA") as usize].units.contains(&fleet(&v, "RUSSIA", "STP/NC")));
    let arc = v.prov_by_code("ARC").unwrap();
    assert_eq!(v.seasonal, [arc]);
    assert_eq!(v.province(arc).open_in, [0], "open in spring only");
    let p = |c: &str| v.prov_by_code(c).unwrap();
    for (a, b) in [("COR", "NAF"), ("NAF", "COR"), ("SIC", "NAP"), ("NAP", "SIC")] {
        assert!(v.is_strait(p(a), p(b)) && v.army_adjacent(p(a), p(b)), "{a}-{b}");
    }
    assert!(!v.is_strait(p("TUN"), p("NAF")));
    assert!(v.unsupported().is_empty(), "{:?}", v.unsupported());
}

// ---------------------------------------------------------------- the Arctic Ocean

#[test]
fn a_fleet_enters_the_arctic_in_spring_and_not_in_fall() {
    let v = loeb9();
    for (phase, enters) in [("S1901M", true), ("F1901M", false)] {
        let pos = position(&v, phase, vec![fleet(&v, "ENGLAND", "NWG"), fleet(&v, "RUSSIA", "BAR")]);
        let out = run(&v, &pos, &[("ENGLAND", "F NWG - ARC"), ("RUSSIA", "F BAR - ARC")]);
        if enters {
            // both may go: they stand each other off
            assert_eq!(result(&v, &out, "F NWG - ARC").0, ResultKind::Bounce, "{phase}");
        } else {
            assert_eq!(result(&v, &out, "F NWG - ARC"), (ResultKind::Void, Some(Note::Shut)), "{phase}");
            assert_eq!(result(&v, &out, "F BAR - ARC"), (ResultKind::Void, Some(Note::Shut)), "{phase}");
        }
        let pos = position(&v, phase, vec![fleet(&v, "ENGLAND", "NWG")]);
        let out = run(&v, &pos, &[("ENGLAND", "F NWG - ARC")]);
        assert_eq!(has(&out, fleet(&v, "ENGLAND", "ARC")), enters, "{phase}");
        // the judge refuses the fall move when it arrives, and takes the spring one
        assert_eq!(check_one(&v, &pos, "ENGLAND", "F NWG - ARC").err(), (!enters).then_some(OrderError::Shut), "{phase}");
    }
}

#[test]
fn no_support_goes_into_the_shut_arctic() {
    let v = loeb9();
    let units = vec![fleet(&v, "ENGLAND", "ARC"), fleet(&v, "ENGLAND", "NWG"), fleet(&v, "RUSSIA", "BAR"), fleet(&v, "RUSSIA", "SIB")];
    let pos = position(&v, "F1901M", units.clone());
    assert_eq!(check_one(&v, &pos, "ENGLAND", "F NWG S F ARC").err(), Some(OrderError::Shut));
    let out = run(&v, &pos, &[("ENGLAND", "F NWG S F ARC"), ("RUSSIA", "F SIB S F BAR - ARC"), ("RUSSIA", "F BAR - ARC")]);
    assert_eq!(result(&v, &out, "F NWG S F ARC"), (ResultKind::Void, Some(Note::Shut)));
    assert_eq!(result(&v, &out, "F SIB S F BAR - ARC"), (ResultKind::Void, Some(Note::Shut)));
    assert!(has(&out, fleet(&v, "ENGLAND", "ARC")) && has(&out, fleet(&v, "RUSSIA", "BAR")));
    // in spring the same attack dislodges the fleet there
    let pos = position(&v, "S1902M", units);
    let out = run(&v, &pos, &[("RUSSIA", "F SIB S F BAR - ARC"), ("RUSSIA", "F BAR - ARC")]);
    assert!(has(&out, fleet(&v, "RUSSIA", "ARC")));
    assert_eq!(out.dislodged.len(), 1);
    assert_eq!(out.dislodged[0].unit, fleet(&v, "ENGLAND", "ARC"));
}

/// DPjudge's HIBERNATE: a fleet in the Arctic when it shuts stays there and
/// may only hold (a move, a support or a convoy is void), until spring.
#[test]
fn a_fleet_in_the_arctic_when_it_shuts_hibernates_until_spring() {
    let v = loeb9();
    let pos = position(&v, "S1901M", vec![fleet(&v, "ENGLAND", "NWG"), fleet(&v, "RUSSIA", "BAR")]);
    let out = run(&v, &pos, &[("ENGLAND", "F NWG - ARC")]);
    assert_eq!(out.next_phase, Some(v.calendar.parse("F1901M").unwrap()));
    // fall: the space has shut with the fleet in it
    let pos = out.position;
    assert!(pos.units.contains(&fleet(&v, "ENGLAND", "ARC")));
    for text in ["F ARC - NWG", "F ARC S F BAR", "F ARC S F BAR - NWG"] {
        assert_eq!(check_one(&v, &pos, "ENGLAND", text).err(), Some(OrderError::Trapped), "{text}");
    }
    let out = run(&v, &pos, &[("ENGLAND", "F ARC - NWG"), ("RUSSIA", "F BAR - NWG")]);
    assert_eq!(result(&v, &out, "F ARC - NWG"), (ResultKind::Void, Some(Note::Trapped)));
    assert!(has(&out, fleet(&v, "ENGLAND", "ARC")) && has(&out, fleet(&v, "RUSSIA", "NWG")), "the void move stood no one off");
    assert_eq!(check_one(&v, &pos, "ENGLAND", "F ARC H"), Ok(()));
    // spring again: it sails out
    let pos = position(&v, "S1902M", out.position.units.clone());
    let out = run(&v, &pos, &[("ENGLAND", "F ARC - BAR")]);
    assert!(has(&out, fleet(&v, "ENGLAND", "BAR")));
}

#[test]
fn a_fleet_hibernating_in_the_arctic_may_be_removed_in_winter() {
    let v = loeb9();
    // Russia's four home centres, five units: one to remove
    let mut units: Vec<Unit> = v.powers[power(&v, "RUSSIA") as usize].units.clone();
    units.push(fleet(&v, "RUSSIA", "ARC"));
    let pos = position(&v, "W1901A", units);
    assert_eq!(check_one(&v, &pos, "RUSSIA", "Remove F ARC"), Ok(()));
    let out = run(&v, &pos, &[("RUSSIA", "Remove F ARC")]);
    assert_eq!(result(&v, &out, "F ARC D").0, ResultKind::Ok);
    assert!(!has(&out, fleet(&v, "RUSSIA", "ARC")) && out.position.units.len() == 4);
}

/// A fleet dislodged in fall cannot retreat into the shut Arctic; in
/// spring (the retreat is in the same season as the move) it can.
#[test]
fn retreats_into_the_arctic_only_in_spring() {
    let v = loeb9();
    for (phase, open) in [("S1901M", true), ("F1901M", false)] {
        let pos = position(&v, phase, vec![fleet(&v, "RUSSIA", "NWG"), fleet(&v, "ENGLAND", "NTH"), fleet(&v, "ENGLAND", "NAO")]);
        let out = run(&v, &pos, &[("ENGLAND", "F NTH - NWG"), ("ENGLAND", "F NAO S F NTH - NWG")]);
        let d = out.dislodged.iter().find(|d| d.unit == fleet(&v, "RUSSIA", "NWG")).expect("dislodged");
        let arc = Loc::new(v.prov_by_code("ARC").unwrap());
        assert_eq!(d.options.contains(&arc), open, "{phase}: {:?}", d.options);
        assert!(!d.options.is_empty(), "{phase}: it has other retreats (BAR)");
    }
}

/// A convoy through the Arctic: in spring it carries, in fall the fleet
/// there may not convoy.
#[test]
fn a_fleet_in_the_arctic_convoys_only_in_spring() {
    let v = loeb9();
    for (phase, carries) in [("S1901M", true), ("F1901M", false)] {
        let pos = position(&v, phase, vec![army(&v, "RUSSIA", "SIB"), fleet(&v, "RUSSIA", "ARC"), fleet(&v, "RUSSIA", "NWG")]);
        let out = run(&v, &pos, &[("RUSSIA", "A SIB - ARC - NWG - EDI"), ("RUSSIA", "F ARC C A SIB - EDI"), ("RUSSIA", "F NWG C A SIB - EDI")]);
        assert_eq!(has(&out, army(&v, "RUSSIA", "EDI")), carries, "{phase}");
        if !carries {
            assert_eq!(result(&v, &out, "F ARC C A SIB - EDI"), (ResultKind::Void, Some(Note::Trapped)));
        }
    }
}

// ---------------------------------------------------------------- straits

#[test]
fn an_unsupported_crossing_enters_an_empty_space_but_dislodges_no_one() {
    let v = loeb9();
    let pos = position(&v, "S1901M", vec![army(&v, "SPAIN", "COR")]);
    let out = run(&v, &pos, &[("SPAIN", "A COR - NAF")]);
    assert!(has(&out, army(&v, "SPAIN", "NAF")), "into an empty space");
    let pos = position(&v, "S1901M", vec![army(&v, "SPAIN", "COR"), army(&v, "FRANCE", "NAF")]);
    let out = run(&v, &pos, &[("SPAIN", "A COR - NAF")]);
    assert_eq!(result(&v, &out, "A COR - NAF").0, ResultKind::Bounce);
    assert!(has(&out, army(&v, "FRANCE", "NAF")));
    // a move with strength 1 beats a crossing with none into an empty space
    let pos = position(&v, "S1901M", vec![army(&v, "ITALY", "SIC"), army(&v, "AUSTRIA", "ROM")]);
    let out = run(&v, &pos, &[("ITALY", "A SIC - NAP"), ("AUSTRIA", "A ROM - NAP")]);
    assert!(has(&out, army(&v, "AUSTRIA", "NAP")), "a move with strength 1 beats a crossing with none");
}

/// A crossing's strength is its supports alone: one support does not
/// dislodge a holding unit (1 against 1), two do.
#[test]
fn a_crossing_has_the_strength_of_its_supports() {
    let v = loeb9();
    let base = vec![army(&v, "SPAIN", "COR"), fleet(&v, "SPAIN", "MAO"), fleet(&v, "SPAIN", "WES"), army(&v, "FRANCE", "NAF")];
    let pos = position(&v, "S1901M", base.clone());
    let out = run(&v, &pos, &[("SPAIN", "A COR - NAF"), ("SPAIN", "F MAO S A COR - NAF")]);
    assert_eq!(result(&v, &out, "A COR - NAF").0, ResultKind::Bounce, "one support: 1 against 1");
    let out = run(&v, &pos, &[("SPAIN", "A COR - NAF"), ("SPAIN", "F MAO S A COR - NAF"), ("SPAIN", "F WES S A COR - NAF")]);
    assert!(has(&out, army(&v, "SPAIN", "NAF")), "two supports: 2 against 1");
    // the same army convoyed (not across the strait) dislodges with one support
    let out = run(&v, &pos, &[("SPAIN", "A COR - NAF via convoy"), ("SPAIN", "F MAO C A COR - NAF"), ("SPAIN", "F WES S A COR - NAF")]);
    assert!(has(&out, army(&v, "SPAIN", "NAF")), "convoyed: 1 + 1 against 1");
}

#[test]
fn no_support_crosses_a_strait() {
    let v = loeb9();
    let pos = position(
        &v,
        "S1901M",
        vec![army(&v, "SPAIN", "COR"), fleet(&v, "SPAIN", "MAO"), army(&v, "FRANCE", "NAF"), army(&v, "ITALY", "SIC"), army(&v, "ITALY", "APU")],
    );
    for (who, text) in [("SPAIN", "A COR S F MAO - NAF"), ("FRANCE", "A NAF S A COR"), ("ITALY", "A SIC S A APU - NAP")] {
        assert_eq!(check_one(&v, &pos, who, text).err(), Some(OrderError::StraitSupport), "{text}");
    }
    let out = run(&v, &pos, &[("SPAIN", "F MAO - NAF"), ("SPAIN", "A COR S F MAO - NAF")]);
    assert_eq!(result(&v, &out, "A COR S F MAO - NAF"), (ResultKind::Void, Some(Note::StraitSupport)));
    assert!(has(&out, army(&v, "FRANCE", "NAF")), "1 against 1");
    // support along the strait's other sides is as ever
    assert_eq!(check_one(&v, &pos, "SPAIN", "F MAO S A COR"), Ok(()));
    // and fleets do not cross: the strait is for armies
    let pos = position(&v, "S1901M", vec![fleet(&v, "SPAIN", "COR")]);
    assert_eq!(check_one(&v, &pos, "SPAIN", "F COR - NAF").err(), Some(OrderError::NotAdjacent));
}

/// An unsupported crossing cuts no support; a supported one does.
#[test]
fn an_unsupported_crossing_cuts_no_support() {
    let v = loeb9();
    let units = vec![
        army(&v, "FRANCE", "TUN"),
        army(&v, "FRANCE", "NAF"),
        fleet(&v, "ITALY", "ION"),
        fleet(&v, "ITALY", "TYS"),
        army(&v, "SPAIN", "COR"),
        fleet(&v, "SPAIN", "MAO"),
    ];
    let pos = position(&v, "S1901M", units);
    let attack = [("FRANCE", "A NAF S A TUN"), ("ITALY", "F ION - TUN"), ("ITALY", "F TYS S F ION - TUN"), ("SPAIN", "A COR - NAF")];
    let out = run(&v, &pos, &attack);
    assert_eq!(result(&v, &out, "A NAF S A TUN").0, ResultKind::Ok, "not cut");
    assert!(has(&out, army(&v, "FRANCE", "TUN")), "2 against 2");
    let mut supported = attack.to_vec();
    supported.push(("SPAIN", "F MAO S A COR - NAF"));
    let out = run(&v, &pos, &supported);
    assert_eq!(result(&v, &out, "A NAF S A TUN").0, ResultKind::Cut);
    assert!(has(&out, fleet(&v, "ITALY", "TUN")), "2 against 1");
}

/// Head to head across a strait: a unit is not dislodged by less than it
/// holds with (1), as in DPjudge, where the loser of a swap holds.
#[test]
fn head_to_head_across_a_strait() {
    let v = loeb9();
    let pos = position(&v, "S1901M", vec![army(&v, "SPAIN", "COR"), fleet(&v, "SPAIN", "MAO"), army(&v, "FRANCE", "NAF")]);
    let out = run(&v, &pos, &[("SPAIN", "A COR - NAF"), ("SPAIN", "F MAO S A COR - NAF"), ("FRANCE", "A NAF - COR")]);
    assert!(has(&out, army(&v, "SPAIN", "COR")) && has(&out, army(&v, "FRANCE", "NAF")), "{:?}", out.results);
    assert!(out.dislodged.is_empty());
}

/// Two retreats to one space: one across a strait fails first, and the
/// other, now alone, succeeds (DPjudge's rule for `~`).
#[test]
fn a_retreat_across_a_strait_yields_to_another() {
    let v = loeb9();
    let naf = Loc::new(v.prov_by_code("NAF").unwrap());
    let mut pos = position(&v, "S1901R", vec![]);
    pos.dislodged = vec![
        Dislodged { unit: army(&v, "SPAIN", "COR"), options: vec![naf], attacker_from: None },
        Dislodged { unit: army(&v, "ITALY", "TUN"), options: vec![naf], attacker_from: None },
    ];
    let out = run(&v, &pos, &[("SPAIN", "A COR - NAF"), ("ITALY", "A TUN - NAF")]);
    assert!(has(&out, army(&v, "ITALY", "NAF")));
    assert_eq!(result(&v, &out, "A COR R NAF"), (ResultKind::Disband, Some(Note::RetreatCollision)));
    // two ordinary retreats to one space both fail, as ever
    pos.dislodged[0] = Dislodged { unit: fleet(&v, "SPAIN", "WES"), options: vec![naf], attacker_from: None };
    let out = run(&v, &pos, &[("SPAIN", "F WES - NAF"), ("ITALY", "A TUN - NAF")]);
    assert!(out.position.units.is_empty(), "{:?}", out.results);
}

// ---------------------------------------------------------------- the importer

/// A three-space map for the `.map` reader: two seas and two coasts.
const SMALL: &str = "\
Alpha = ALP alpha
Beta Sea = BET beta
Gamma = GAM gam
Delta Sea = DEL delta
Omega = OME omega

NORTH (Northern:N) ALP
A ALP
SOUTH (Southern:S) GAM
F GAM

COAST ALP ABUTS BET gam~ OME
WATER BET ABUTS ALP GAM DEL
COAST GAM ABUTS alp~ BET
SHUT  DEL ABUTS BET
COAST OME ABUTS ALP
";

fn read(text: &str) -> Result<Variant, String> {
    let files: BTreeMap<String, String> = BTreeMap::new();
    let include = move |n: &str| files.get(n).cloned();
    let raw = dpjudge::read("small", text, &include).map_err(|e| e.to_string())?;
    Variant::read_toml(&toml::to_string(&raw).unwrap()).map_err(|e| e.to_string())
}

#[test]
fn the_reader_takes_seasons_straits_and_renames() {
    let v = read(&format!("{SMALL}IN FALL: WATER DEL\nRULE HIBERNATE\nGAM -> Gamma Town = GTN gam gamma\n")).unwrap();
    let (alp, gtn, del) = (v.prov_by_code("ALP").unwrap(), v.prov_by_code("GTN").unwrap(), v.prov_by_code("DEL").unwrap());
    assert!(v.prov_by_code("GAM").is_none(), "renamed");
    assert_eq!(v.province(gtn).name, "Gamma Town");
    assert_eq!(parse_province(&v, "gamma").unwrap(), gtn);
    assert_eq!(v.unit_code(&v.powers[1].units[0]), "F GTN");
    assert_eq!(v.powers[1].home, [gtn]);
    assert!(v.is_strait(alp, gtn) && v.is_strait(gtn, alp));
    assert_eq!(v.province(del).open_in, [1], "open in fall");
    assert!(v.fleet_adjacent(Loc::new(v.prov_by_code("BET").unwrap()), Loc::new(del)));
    assert!(v.unsupported().is_empty());
    // without HIBERNATE, DPjudge destroys the units in a space that shuts: not here
    let v = read(&format!("{SMALL}IN FALL: WATER DEL\n")).unwrap();
    assert!(v.unsupported().iter().any(|u| u.contains("HIBERNATE")), "{:?}", v.unsupported());
    // only a SHUT place turns to water
    let e = read(&format!("{SMALL}IN SPRING: WATER OME\n")).unwrap_err();
    assert!(e.contains("`OME`"), "{e}");
}

#[test]
fn the_variant_file_checks_seasons_and_straits() {
    let good = mailjudge_engine::map::BUILTIN.iter().find(|(n, _)| *n == "loeb9").unwrap().1.to_string();
    assert!(Variant::read_toml(&good).is_ok());
    for (from, to, problem) in [
        ("open_in = [\"S\"]", "open_in = [\"X\"]", "unknown season `X`"),
        ("straits = [\"COR\"]\n", "", "asymmetric strait: COR lists NAF"),
        ("straits = [\"NAF\"]", "straits = [\"MAO\"]", "COR: strait to MAO, which is not in its `army` list"),
    ] {
        assert!(good.contains(from), "{from}");
        let e = Variant::read_toml(&good.replacen(from, to, 1)).unwrap_err();
        assert!(e.problems.iter().any(|p| p.contains(problem)), "{problem}: {:?}", e.problems);
    }
    let land = good.replacen("name = \"Arctic Ocean\"\nkind = \"sea\"", "name = \"Arctic Ocean\"\nkind = \"impassable\"", 1);
    assert_ne!(land, good);
    let e = Variant::read_toml(&land).unwrap_err();
    assert!(e.problems.iter().any(|p| p.contains("ARC: only a sea space")), "{:?}", e.problems);
}

/// Two unsupported crossings into one empty space stand each other off
/// (strength 0 against 0), and the space is banned to retreats as after any
/// standoff. No strait of loeb9 shares a destination: a made-up map.
#[test]
fn two_unsupported_crossings_stand_each_other_off() {
    let text = SMALL.replace("COAST OME ABUTS ALP", "COAST OME ABUTS ALP gam~").replace("COAST GAM ABUTS alp~ BET", "COAST GAM ABUTS alp~ BET ome~");
    let v = read(&text).unwrap();
    let (alp, gam, ome) = (v.prov_by_code("ALP").unwrap(), v.prov_by_code("GAM").unwrap(), v.prov_by_code("OME").unwrap());
    assert!(v.is_strait(ome, gam) && v.is_strait(alp, gam));
    let units = vec![army(&v, "NORTH", "ALP"), army(&v, "SOUTH", "OME")];
    let pos = position(&v, "S1901M", units.clone());
    let out = run(&v, &pos, &[("NORTH", "A ALP - GAM"), ("SOUTH", "A OME - GAM")]);
    assert_eq!(out.position.units, pos.units, "both stay");
    assert_eq!(result(&v, &out, "A ALP - GAM").0, ResultKind::Bounce);
    // one alone goes in
    let out = run(&v, &pos, &[("NORTH", "A ALP - GAM")]);
    assert!(has(&out, army(&v, "NORTH", "GAM")));
}
