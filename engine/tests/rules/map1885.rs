//! The reconstructed 1885-III map (config/variants/1885.toml, docs/1885-MAP.md)
//! checked against the counts of the rules text: nine powers, 47 centres,
//! the home centres and 31 starting units, the alliance victories, the monthly
//! calendar, no two-coast provinces, and the borders the text gives.

use mailjudge_engine::map::{AllianceVictory, Prov, ProvinceKind, UnitType, Variant, Victory};
use mailjudge_engine::phase::PhaseKind;

const MAP: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../config/variants/1885.toml"));

fn map() -> Variant {
    Variant::read_toml(MAP).unwrap_or_else(|e| panic!("1885.toml does not load: {e}"))
}

fn prov(v: &Variant, code: &str) -> Prov {
    v.prov_by_code(code).unwrap_or_else(|| panic!("no province {code}"))
}

#[test]
fn nine_powers_47_centres_32_home_15_neutral() {
    let v = map();
    let names: Vec<&str> = v.powers.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "SPAIN", "SWEDEN", "TURKEY"]);
    assert_eq!(v.center_count(), 47);
    let homes: usize = v.powers.iter().map(|p| p.home.len()).sum();
    assert_eq!(homes, 32);
    assert_eq!(v.center_count() - homes, 15);
}

#[test]
fn home_centres_and_starting_units_as_the_text_gives() {
    let v = map();
    let expect: &[(&str, &[&str], &[&str])] = &[
        ("AUSTRIA", &["BUD", "CLU", "SPL", "VIE"], &["A BUD", "A CLU", "A VIE", "F SPL"]),
        ("ENGLAND", &["EDI", "LON", "LVP"], &["F EDI", "F LON", "F LVP"]),
        ("FRANCE", &["BRE", "MAR", "PAR"], &["A MAR", "A PAR", "F BRE"]),
        ("GERMANY", &["BER", "DRE", "KIE", "MUN"], &["A BER", "A DRE", "A MUN", "F KIE"]),
        // Rome's type is the player's choice; the file's default is a fleet (docs/RULES1885.md E3)
        ("ITALY", &["NAP", "ROM", "VEN"], &["A VEN", "F NAP", "F ROM"]),
        // one of StP/Sev may be an army instead (player's choice); Archangel's army starts in Siberia
        ("RUSSIA", &["ARK", "MOS", "SEV", "STP", "WAR"], &["A MOS", "A SIB", "A WAR", "F SEV", "F STP"]),
        ("SPAIN", &["CAD", "MAD", "VAL"], &["A MAD", "F CAD", "F VAL"]),
        // Oslo's type is the player's choice; the file's default is a fleet
        ("SWEDEN", &["GOT", "OSL", "STO"], &["A STO", "F GOT", "F OSL"]),
        // no unit in Macedonia at the start (3 units, 4 home centres)
        ("TURKEY", &["CON", "MAC", "SIN", "SMY"], &["A CON", "A SMY", "F SIN"]),
    ];
    let mut total = 0;
    for (name, home, units) in expect {
        let p = &v.powers[v.power_by_name(name).unwrap_or_else(|| panic!("no power {name}")) as usize];
        let mut h: Vec<&str> = p.home.iter().map(|&c| v.code(c)).collect();
        h.sort();
        assert_eq!(&h, home, "{name}'s home centres");
        let mut u: Vec<String> = p.units.iter().map(|u| v.unit_code(u)).collect();
        u.sort();
        assert_eq!(u, *units, "{name}'s starting units");
        total += u.len();
    }
    assert_eq!(total, 31);
    // the neutral centres the file takes (docs/1885-MAP.md)
    let mut neutral: Vec<&str> =
        (0..v.provinces.len()).filter(|&i| v.is_center(i as Prov) && v.home_of(i as Prov).is_none()).map(|i| v.code(i as Prov)).collect();
    neutral.sort();
    assert_eq!(neutral, ["AZO", "BEL", "COP", "EGY", "GRE", "HOL", "ICE", "IRE", "MOR", "PER", "POR", "RUM", "SER", "SWI", "ZAR"]);
    // Sicily is a build site for Italy, not a supply centre; Trieste and Ankara do not exist
    assert!(!v.is_center(prov(&v, "SIC")));
    assert!(v.prov_by_code("ANK").is_none());
    assert_eq!(v.province(prov(&v, "TRI")).name, "Tripolitania");
}

#[test]
fn victory_solo_24_and_alliances() {
    let v = map();
    assert_eq!(v.victory, Victory::Centers(24));
    assert_eq!(v.alliances, vec![AllianceVictory { powers: 2, count: 34, each: 12 }, AllianceVictory { powers: 3, count: 38, each: 8 }]);
}

#[test]
fn monthly_calendar_with_quarterly_adjustments() {
    let v = map();
    let codes: Vec<&str> = v.calendar.seasons.iter().map(|s| s.code.as_str()).collect();
    assert_eq!(codes, ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]);
    assert_eq!(v.start.year, 1885);
    assert_eq!(v.start.season, 0);
    assert_eq!(v.start.kind, PhaseKind::Movement);
    for s in &v.calendar.seasons {
        let build = ["MAR", "JUN", "SEP", "DEC"].contains(&s.code.as_str());
        assert!(s.phases.starts_with(&[PhaseKind::Movement, PhaseKind::Retreat]), "{} moves and retreats", s.code);
        assert_eq!(s.phases.contains(&PhaseKind::Adjustment), build, "{} adjustments", s.code);
        assert_eq!(s.ownership, build, "{} ownership", s.code);
    }
}

#[test]
fn no_province_has_two_coasts() {
    let v = map();
    for p in &v.provinces {
        assert!(p.coasts.is_empty(), "{} has coasts {:?}", p.code, p.coasts);
    }
}

#[test]
fn borders_the_text_gives() {
    let v = map();
    let fleet = |a: &str, b: &str| v.fleet_neighbours_of_province(prov(&v, a)).any(|l| l.prov == prov(&v, b));
    // the four four-point meets: each of the four touches the other three
    for meet in [["HEB", "EDI", "NTH", "CLY"], ["VAL", "LYO", "WES", "ALB"], ["ION", "MAL", "SMS", "TRI"], ["TYS", "SIC", "NAP", "ION"]] {
        for a in meet {
            for b in meet {
                if a != b {
                    assert!(fleet(a, b), "four-point meet {a}-{b}");
                }
            }
        }
    }
    assert!(v.army_adjacent(prov(&v, "NAP"), prov(&v, "SIC")));
    // Egypt holds the canal: both waters, one province
    assert!(fleet("EGY", "SMS") && fleet("EGY", "RED"));
    assert!(!fleet("SMS", "RED"));
    assert!(v.army_adjacent(prov(&v, "EGY"), prov(&v, "ARA")));
    assert!(!fleet("RED", "LEV") && !v.army_adjacent(prov(&v, "RED"), prov(&v, "LEV")));
    // the High Ocean Box and its five links
    let hob = prov(&v, "HOB");
    assert_eq!(v.kind(hob), ProvinceKind::Sea);
    let mut links: Vec<&str> = v.fleet_neighbours_of_province(hob).map(|l| v.code(l.prov)).collect();
    links.sort();
    assert_eq!(links, ["IND", "MAO", "NAO", "RED", "SAO"]);
    // fleets of Copenhagen, Jutland and Gothenburg share the waters around Copenhagen
    assert!(fleet("COP", "JUT") && fleet("COP", "GOT") && fleet("JUT", "GOT"));
    // every starting unit can stand where it is
    for p in &v.powers {
        for u in &p.units {
            assert!(v.valid_location(u.kind, u.loc), "{}", v.unit_code(u));
            if u.kind == UnitType::Fleet {
                assert_eq!(v.kind(u.loc.prov), ProvinceKind::Coast);
            }
        }
    }
}

#[test]
fn uncertain_borders_match_the_adjacency() {
    let v = map();
    assert!(!v.uncertain.is_empty());
    for u in &v.uncertain {
        assert!(!u.why.is_empty());
        for k in &u.kinds {
            let said = match k {
                UnitType::Army => v.army_adjacent(u.a, u.b),
                UnitType::Fleet => v.fleet_neighbours_of_province(u.a).any(|l| l.prov == u.b),
            };
            assert_eq!(said, u.adjacent, "{}-{}", v.code(u.a), v.code(u.b));
        }
    }
}

#[test]
fn playable_and_built_in() {
    let v = Variant::from_toml(MAP).unwrap_or_else(|e| panic!("1885 is playable: {e}"));
    assert!(v.not_implemented.is_empty());
    let b = Variant::builtin("1885").expect("built in");
    assert_eq!((b.name.as_str(), b.provinces.len(), b.powers.len()), ("1885", v.provinces.len(), 9));
}

#[test]
fn build_sites_sicily_and_macedonia_are_map_data() {
    let v = map();
    let sites = |p: &str| -> Vec<String> { v.powers[v.power_by_name(p).unwrap() as usize].build_sites.iter().map(|&s| v.code(s).to_string()).collect() };
    assert_eq!(sites("ITALY"), ["SIC"]);
    assert_eq!(sites("ENGLAND"), ["IRE"]);
    assert_eq!(sites("SPAIN"), ["POR"]);
    assert_eq!(sites("RUSSIA"), ["PER"]);
    assert!(sites("FRANCE").is_empty());
    let sic = v.province(prov(&v, "SIC"));
    assert!(!sic.center && sic.tracked == v.power_by_name("ITALY"));
    let mac = v.province(prov(&v, "MAC"));
    assert_eq!(mac.ownership_until, Some(v.calendar.parse("FEB1885M").unwrap()));
    // Sicily's owner is tracked from the start; no other province is
    let owners = v.initial_owners();
    assert_eq!(owners.iter().filter(|o| o.is_some()).count(), 1);
    assert_eq!(owners[prov(&v, "SIC") as usize], v.power_by_name("ITALY"));
    // the validator says what a wrong edit broke
    let broken = |from: &str, to: &str, what: &str| {
        let bad = MAP.replacen(from, to, 1);
        assert_ne!(bad, MAP, "{from}");
        let e = Variant::read_toml(&bad).expect_err(what);
        assert!(e.problems.iter().any(|p| p.contains(what)), "{what}: {e}");
    };
    broken("owner = \"ITALY\"", "owner = \"VENICE\"", "unknown power `VENICE`");
    broken("owner = \"ITALY\"", "owner = \"ITALY\"\ncenter = true", "`owner` is for a land or coastal province");
    broken("build_sites = [\"SIC\"]", "build_sites = [\"ROM\"]", "build site ROM must be");
    broken("build_sites = [\"SIC\"]", "build_sites = [\"APU\"]", "build site APU is neither");
    broken("ownership_until = \"FEB1885M\"", "ownership_until = \"MAR1885A\"", "`ownership_until` must name a movement phase");
    broken("ownership_until = \"FEB1885M\"", "ownership_until = \"FEB1885X\"", "`ownership_until`");
}

#[test]
fn the_box_and_af_units_are_map_features() {
    let v = Variant::read_toml(MAP).unwrap();
    assert!(v.features.army_fleet);
    let hob = v.prov_by_code("HOB").unwrap();
    assert!(v.is_ocean_box(hob));
    assert_eq!((0..v.provinces.len() as u16).filter(|&p| v.is_ocean_box(p)).count(), 1);
    // a box is a sea without room of its own
    let bad = MAP.replacen("ocean_box = true ", "ocean_box = true\ncenter = true ", 1);
    let e = Variant::read_toml(&bad).expect_err("a box that is a centre");
    assert!(e.problems.iter().any(|p| p.contains("ocean_box")), "{e}");
}

#[test]
fn starting_unit_choices_follow_the_text() {
    let v = Variant::read_toml(MAP).unwrap();
    let p = |n: &str| v.power_by_name(n).unwrap();
    let at = |c: &str| v.prov_by_code(c).unwrap();
    let code = |units: &[mailjudge_engine::map::Unit], power: u8| {
        let mut l: Vec<String> = units.iter().filter(|u| u.power == power).map(|u| v.unit_code(u)).collect();
        l.sort();
        l
    };
    // unchosen: the defaults (Rome, both Russian fleets, Oslo fleets)
    let base = v.start_units(&[]).unwrap();
    assert_eq!(code(&base, p("ITALY")), ["A VEN", "F NAP", "F ROM"]);
    // each choice the text allows
    let u = v.start_units(&[(p("ITALY"), at("ROM")), (p("RUSSIA"), at("SEV")), (p("SWEDEN"), at("OSL"))]).unwrap();
    assert_eq!(code(&u, p("ITALY")), ["A ROM", "A VEN", "F NAP"]);
    assert_eq!(code(&u, p("RUSSIA")), ["A MOS", "A SEV", "A SIB", "A WAR", "F STP"]);
    assert_eq!(code(&u, p("SWEDEN")), ["A OSL", "A STO", "F GOT"]);
    assert_eq!(u.len(), 31);
    // Russia changes one of its two fleets at most; nobody else chooses
    let err = v.start_units(&[(p("RUSSIA"), at("SEV")), (p("RUSSIA"), at("STP"))]).unwrap_err();
    assert!(err.to_string().contains("at most 1"), "{err}");
    assert!(v.start_units(&[(p("ITALY"), at("NAP"))]).is_err());
    assert!(v.start_units(&[(p("ENGLAND"), at("LON"))]).is_err());
    assert!(v.start_units(&[(p("ITALY"), at("ROM")), (p("ITALY"), at("ROM"))]).is_err());
    // a choice the map cannot hold is refused by the reader
    let bad = MAP.replacen("switch = [\"ROM\"], max = 1", "switch = [\"ROM\"], max = 2", 1);
    assert!(Variant::read_toml(&bad).is_err());
    let bad = MAP.replacen("switch = [\"ROM\"]", "switch = [\"TUS\"]", 1);
    let e = Variant::read_toml(&bad).expect_err("no Italian unit starts in Tuscany");
    assert!(e.problems.iter().any(|p| p.contains("TUS")), "{}", e.problems.join("; "));
}

/// E18: the removal the judge suggests to the GM is the unit that does the
/// least to the game; where the civil-disorder rule takes Burgundy (by name,
/// at equal distance from France's centres), the suggestion is Picardy, the
/// unit farther from any other power's.
#[test]
fn the_gm_is_offered_the_removal_that_does_least() {
    use mailjudge_engine::contract::Adjudicator;
    let case = r#"{"variant": "1885", "phase": "DEC1885A", "units": {"FRANCE": ["A PAR", "F BRE", "A BUR", "A PIC"], "GERMANY": ["A MUN"]},
        "centers": {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["MUN"]}, "orders": {}}"#;
    let removed = |overrides: Vec<(String, String)>| {
        let mut adj = Adjudicator::new(None, None, overrides).with_variant(Variant::read_toml(MAP).unwrap());
        let out = adj.run_text(case).unwrap();
        let mut units: Vec<String> = out["units"]["FRANCE"].as_array().unwrap().iter().map(|u| u.as_str().unwrap().to_string()).collect();
        units.sort();
        units
    };
    assert_eq!(removed(vec![]), ["A BUR", "A PAR", "F BRE"]);
    assert_eq!(removed(vec![("civil_disorder".into(), "2023".into())]), ["A PAR", "A PIC", "F BRE"]);
    // the engine's preview names the same unit
    let v = Variant::read_toml(MAP).unwrap();
    let rules = mailjudge_engine::rules::Rulebook::for_variant(&v);
    let fr = v.power_by_name("FRANCE").unwrap();
    let mut pos = mailjudge_engine::adjudicate::Position::initial(&v);
    pos.phase = v.calendar.parse("DEC1885A").unwrap();
    pos.units = ["A PAR", "F BRE", "A BUR", "A PIC"].iter().map(|u| v.parse_unit(fr, u).unwrap()).collect();
    pos.units.push(v.parse_unit(v.power_by_name("GERMANY").unwrap(), "A MUN").unwrap());
    pos.centers = vec![None; v.provinces.len()];
    pos.centers[v.prov_by_code("PAR").unwrap() as usize] = Some(fr);
    pos.centers[v.prov_by_code("BRE").unwrap() as usize] = Some(fr);
    pos.centers[v.prov_by_code("MAR").unwrap() as usize] = Some(fr);
    let pick = mailjudge_engine::adjudicate::adjust::default_removals(&v, &rules, &pos, fr);
    assert_eq!(pick.iter().map(|u| v.unit_code(u)).collect::<Vec<_>>(), ["A PIC"]);
}
