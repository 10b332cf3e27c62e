//! Map data: every built-in variant validates; the loader names each problem of a
//! broken file; independent checks of the standard map's counts and borders.

use mailjudge::map::{BUILTIN, Coast, Loc, ProvinceKind, Variant};

#[test]
fn every_builtin_variant_is_valid() {
    for (name, text) in BUILTIN {
        let v = Variant::from_toml(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&v.name, name);
    }
}

#[test]
fn standard_map_counts() {
    let v = Variant::standard();
    let playable = v.provinces.iter().filter(|p| p.kind != ProvinceKind::Impassable).count();
    assert_eq!(playable, 75);
    assert_eq!(v.provinces.iter().filter(|p| p.kind == ProvinceKind::Impassable).count(), 1);
    assert_eq!(v.provinces.iter().filter(|p| p.kind == ProvinceKind::Sea).count(), 19);
    assert_eq!(v.center_count(), 34);
    assert_eq!(v.powers.len(), 7);
    assert_eq!(v.powers.iter().map(|p| p.units.len()).sum::<usize>(), 22);
    assert_eq!(v.powers.iter().map(|p| p.home.len()).sum::<usize>(), 22);
}

#[test]
fn standard_map_borders_spot_checks() {
    let v = Variant::standard();
    let p = |c: &str| v.prov_by_code(c).unwrap();
    // borders that published adjudicators have been known to miss
    assert!(v.army_adjacent(p("NWY"), p("STP")));
    assert!(v.army_adjacent(p("NWY"), p("FIN")));
    assert!(!v.fleet_reaches(Loc::new(p("NWY")), p("FIN")));
    assert!(v.fleet_adjacent(Loc::new(p("NWY")), Loc::with(p("STP"), Coast::North)));
    assert!(v.fleet_adjacent(Loc::new(p("CON")), Loc::with(p("BUL"), Coast::East)));
    assert!(v.fleet_adjacent(Loc::new(p("CON")), Loc::with(p("BUL"), Coast::South)));
    assert!(v.fleet_adjacent(Loc::new(p("MAO")), Loc::with(p("SPA"), Coast::North)));
    assert!(!v.fleet_reaches(Loc::new(p("GAS")), p("MAR")));
    assert!(v.army_adjacent(p("GAS"), p("MAR")));
    assert!(!v.fleet_reaches(Loc::new(p("ROM")), p("VEN")));
    assert!(!v.fleet_reaches(Loc::new(p("APU")), p("ROM")));
    assert!(v.fleet_reaches(Loc::new(p("DEN")), p("KIE")));
    assert!(v.fleet_reaches(Loc::new(p("DEN")), p("SWE")));
    assert!(!v.army_adjacent(p("BUR"), p("SWI")));
    // every province's clockwise ring covers its neighbours
    for (i, pr) in v.provinces.iter().enumerate() {
        for &q in v.army_neighbours(i as u16) {
            assert!(pr.clockwise.contains(&q), "{} ring lacks {}", pr.code, v.code(q));
        }
    }
}

#[test]
fn clockwise_order_follows_the_map() {
    let v = Variant::standard();
    let ring = |c: &str| -> Vec<String> { v.province(v.prov_by_code(c).unwrap()).clockwise.iter().map(|&p| v.code(p).to_string()).collect() };
    // Munich, from the north: Kiel, Berlin, Silesia, Bohemia, Tyrolia, Switzerland, Burgundy, Ruhr
    assert_eq!(ring("MUN"), ["KIE", "BER", "SIL", "BOH", "TYR", "SWI", "BUR", "RUH"]);
    assert_eq!(ring("PAR"), ["PIC", "BUR", "GAS", "BRE"]);
    assert_eq!(ring("BUL"), ["RUM", "BLA", "CON", "AEG", "GRE", "SER"]);
}

fn broken(edit: impl Fn(String) -> String) -> Vec<String> {
    let text = edit(BUILTIN[0].1.to_string());
    match Variant::from_toml(&text) {
        Ok(_) => panic!("the broken map was accepted"),
        Err(e) => e.problems,
    }
}

fn has(problems: &[String], fragment: &str) {
    assert!(problems.iter().any(|p| p.contains(fragment)), "no problem mentions `{fragment}`: {problems:#?}");
}

#[test]
fn asymmetric_adjacency_is_reported() {
    // Paris lists Picardy, Picardy no longer lists Paris
    let p = broken(|t| t.replace("army = [\"BEL\", \"BRE\", \"BUR\", \"PAR\"]", "army = [\"BEL\", \"BRE\", \"BUR\"]"));
    has(&p, "asymmetric army adjacency: PAR lists PIC but PIC does not list PAR");
}

#[test]
fn fleet_edge_to_inland_province_is_reported() {
    let p =
        broken(|t| t.replacen("fleet = [\"ALB\", \"APU\", \"ION\", \"TRI\", \"VEN\"]", "fleet = [\"ALB\", \"APU\", \"ION\", \"TRI\", \"VEN\", \"SER\"]", 1));
    has(&p, "fleet edge to SER which is inland");
}

#[test]
fn home_centre_that_is_not_a_centre_is_reported() {
    let p = broken(|t| t.replacen("home = [\"BUD\", \"TRI\", \"VIE\"]", "home = [\"BUD\", \"TRI\", \"VIE\", \"BOH\"]", 1));
    has(&p, "AUSTRIA: home centre BOH is not a supply centre");
}

#[test]
fn clashing_alias_is_reported() {
    let p = broken(|t| t.replacen("aliases = [\"adriatic\"]", "aliases = [\"adriatic\", \"ionian\"]", 1));
    has(&p, "alias clash: `ionian`");
}

#[test]
fn unknown_province_and_bad_unit_are_reported() {
    let p = broken(|t| t.replacen("units = [\"A BUD\", \"A VIE\", \"F TRI\"]", "units = [\"A BUD\", \"A VIE\", \"F BOH\"]", 1));
    has(&p, "a fleet cannot stand in Bohemia");
    let p = broken(|t| t.replacen("clockwise = [\"ALB\", \"ION\"", "clockwise = [\"XXX\", \"ION\"", 1));
    has(&p, "unknown province `XXX`");
}

#[test]
fn a_gm_variant_file_loads_from_a_directory() {
    let dir = std::env::temp_dir().join(format!("mailjudge-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = BUILTIN[0].1.replacen("name = \"standard\"", "name = \"mystandard\"", 1).replacen("count = 18", "count = 17", 1);
    std::fs::write(dir.join("mystandard.toml"), text).unwrap();
    let v = mailjudge::variants::find("mystandard", Some(&dir)).unwrap();
    assert_eq!(v.name, "mystandard");
    assert_eq!(v.victory, mailjudge::map::Victory::Centers(17));
    assert!(mailjudge::variants::find("nosuch", Some(&dir)).unwrap_err().to_string().contains("unknown variant"));
    std::fs::remove_dir_all(&dir).unwrap();
}

// ------------------------------------------------------------ Original 1958

const ORIGINAL: &str = include_str!("../../config/variants/original1958.toml");

fn original() -> Variant {
    Variant::read_toml(ORIGINAL).unwrap_or_else(|e| panic!("{e}"))
}

/// Problems the validator finds in the 1958 file after `edit`.
fn broken_1958(edit: impl Fn(String) -> String) -> Vec<String> {
    match Variant::read_toml(&edit(ORIGINAL.to_string())) {
        Ok(_) => Vec::new(),
        Err(e) => e.problems,
    }
}

#[test]
fn original_1958_matches_its_rules_text() {
    let v = original();
    // section 21: 93 playable spaces; section 19: 35 centres, Tunis not one
    assert_eq!(v.provinces.len(), 93);
    assert_eq!(v.center_count(), 35);
    let tun = v.prov_by_code("TUN").unwrap();
    assert!(!v.is_center(tun));
    for c in ["ALB", "SWI", "BUD", "WAR", "BUL"] {
        let p = v.prov_by_code(c).unwrap();
        assert!(v.is_center(p) && v.home_of(p).is_none(), "{c} is a neutral centre");
    }
    // section 19 home centres, sections 2 and 19 capitals and naval bases
    let homes = [
        ("AUSTRIA", &["TRI", "VEN", "VIE"][..], "VIE", &["TRI"][..]),
        ("ENGLAND", &["EDI", "LON", "LVP"], "LON", &["LON"]),
        ("FRANCE", &["BRE", "MAR", "PAR"], "PAR", &["BRE"]),
        ("GERMANY", &["BER", "COL", "KIE"], "BER", &["KIE"]),
        ("ITALY", &["NAP", "ROM"], "ROM", &["NAP"]),
        ("RUSSIA", &["MOS", "SEV", "STP"], "STP", &["SEV", "STP/SC"]),
        ("TURKEY", &["ANK", "CON", "ERZ"], "CON", &["CON"]),
    ];
    let total: usize = homes.iter().map(|h| h.1.len()).sum();
    assert_eq!(total, 20, "20 home and 15 neutral centres");
    for (name, home, capital, bases) in homes {
        let w = &v.powers[v.power_by_name(name).unwrap() as usize];
        let mut got: Vec<&str> = w.home.iter().map(|&p| v.code(p)).collect();
        got.sort();
        assert_eq!(got, home, "{name} home centres");
        assert_eq!(w.capital.map(|p| v.code(p)), Some(capital), "{name} capital");
        let mut nb: Vec<String> = w.naval_bases.iter().map(|&l| v.loc_code(l)).collect();
        nb.sort();
        assert_eq!(nb, bases, "{name} naval bases");
    }
    // section 2: starting units, several in one space
    let units = |name: &str| {
        let w = &v.powers[v.power_by_name(name).unwrap() as usize];
        let mut u: Vec<String> = w.units.iter().map(|u| v.unit_code(u)).collect();
        u.sort();
        u
    };
    assert_eq!(units("ENGLAND"), ["A LON", "F LON", "F LON"]);
    assert_eq!(units("TURKEY"), ["A CON", "F CON", "F CON"]);
    assert_eq!(units("RUSSIA"), ["A STP", "A STP", "F SEV", "F STP/SC"]);
    assert_eq!(units("FRANCE"), ["A PAR", "A PAR", "F BRE"]);
    assert_eq!(v.powers.iter().map(|w| w.units.len()).sum::<usize>(), 22);
    assert_eq!(v.victory, mailjudge::map::Victory::Units(18));
    assert_eq!(v.start.year, 1914);
    // rules 12-15: Denmark and Kattegat apart, Marmara, no CON-ANK, Finland's coasts
    let p = |c: &str| v.prov_by_code(c).unwrap();
    assert!(!v.army_adjacent(p("CON"), p("ANK")));
    assert!(v.fleet_neighbours_of_province(p("MRM")).any(|l| l.prov == p("BLA")));
    assert!(v.fleet_neighbours_of_province(p("MRM")).any(|l| l.prov == p("AEG")));
    assert_eq!(v.province(p("FIN")).coasts.len(), 2);
    assert_eq!(v.kind(p("KAT")), mailjudge::map::ProvinceKind::Sea);
    assert!(v.prov_by_code("BOT").is_some_and(|b| v.province(b).name == "Bay of Tunis"));
    // every space has a position and a clockwise ring (the right-hand rule, drawing)
    assert!(v.provinces.iter().all(|p| p.pos.is_some() && !p.clockwise.is_empty()));
    assert!(v.uncertain.len() >= 10, "doubtful borders are listed");
}

#[test]
fn original_1958_is_played_and_a_wider_space_is_refused_naming_it() {
    let v = Variant::from_toml(ORIGINAL).expect("Original 1958 is playable");
    assert!(v.unsupported().is_empty());
    assert!(Variant::builtin("original1958").is_some());
    // a space holding several units of any power is not built: refused by name
    let wide = ORIGINAL.replacen("name = \"Adriatic Sea\"\n", "name = \"Adriatic Sea\"\ncapacity = 2\n", 1);
    let e = Variant::from_toml(&wide).expect_err("capacity is not built");
    assert!(e.unsupported);
    let text = e.to_string();
    assert!(text.contains("capacity") && text.contains("ADR (2)"), "{text}");
    assert!(!text.contains("invalid"), "{text}");
    // the standard map needs nothing missing
    assert!(Variant::standard().unsupported().is_empty());
}

#[test]
fn a_gm_correction_on_one_side_or_against_its_note_is_caught() {
    // a border added on one side only
    let p = broken_1958(|t| t.replacen("army = [\"BUL\"]", "army = [\"ANK\", \"BUL\"]", 1));
    has(&p, "asymmetric army adjacency");
    // the uncertain note says "adjacent" but the lists were changed
    // (a consistent correction: both army lists and both rings)
    let p = broken_1958(|t| {
        t.replacen("army = [\"EDI\", \"LVP\"]", "army = [\"EDI\"]", 1)
            .replacen("army = [\"CLY\", \"EDI\", \"WAL\", \"YOR\"]", "army = [\"EDI\", \"WAL\", \"YOR\"]", 1)
            .replacen("clockwise = [\"ARC\", \"EDI\", \"LVP\", \"IRI\", \"NAO\"]", "clockwise = [\"ARC\", \"EDI\", \"IRI\", \"NAO\"]", 1)
            .replacen("clockwise = [\"EDI\", \"YOR\", \"WAL\", \"IRI\", \"CLY\"]", "clockwise = [\"EDI\", \"YOR\", \"WAL\", \"IRI\"]", 1)
    });
    has(&p, "uncertain border CLY-LVP: recorded as adjacent for army moves");
    // a capital that is not a home centre, a naval base inland, a bad stacking value
    has(&broken_1958(|t| t.replacen("capital = \"VIE\"", "capital = \"BUD\"", 1)), "capital BUD is not one of its home centres");
    has(&broken_1958(|t| t.replacen("stacking = \"home_bases\"", "stacking = \"everywhere\"", 1)), "[rules] stacking");
    has(&broken_1958(|t| t.replacen("naval_bases = [\"STP/SC\", \"SEV\"]", "naval_bases = [\"STP\", \"SEV\"]", 1)), "name the coast");
}

#[test]
fn the_readme_lists_every_border_of_the_1958_map_read_with_doubt() {
    let v = Variant::from_toml(ORIGINAL).unwrap();
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(!v.uncertain.is_empty());
    for u in &v.uncertain {
        let a = v.code(u.a);
        let b = v.code(u.b);
        assert!(readme.contains(&format!("| {a}–{b} |")), "README.md does not list the doubtful border {a}–{b}");
    }
}
