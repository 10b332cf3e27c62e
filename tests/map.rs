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
    assert!(mailjudge::variants::find("nosuch", Some(&dir)).unwrap_err().contains("unknown variant"));
    std::fs::remove_dir_all(&dir).unwrap();
}
