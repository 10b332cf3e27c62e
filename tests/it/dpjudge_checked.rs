//! DPjudge's Five-Man, Milan, Empire-Up, Renaissance and Sail Ho! maps
//! (config/variants/dpjudge/, MIT), built in once checked against their rules
//! pages (DPjudge's `pages/about_NAME`, commit 280e366): what each page says
//! of the map, the reader's UNPLAYED, coast renames and `RULE FTF_PRESS`,
//! and a short game of Five-Man by mail (issue 37).

use crate::common::db::count;
use crate::common::game::*;
use crate::common::*;
use mailjudge::map::dpjudge::{self, DpErrorKind};
use mailjudge::map::{Coast, Loc, Prov, ProvinceKind, Variant, Victory};
use mailjudge::parse::{parse_order, parse_province};
use mailjudge::phase::PhaseKind;

fn prov(v: &Variant, code: &str) -> Prov {
    v.prov_by_code(code).unwrap_or_else(|| panic!("{code} is on the map"))
}

fn units(v: &Variant, power: &str) -> Vec<String> {
    let mut u: Vec<String> = v.powers.iter().find(|w| w.name == power).unwrap().units.iter().map(|u| v.unit_code(u)).collect();
    u.sort();
    u
}

/// about_fiveman: Russia and Turkey not played; Rumania, Ukraine,
/// Sevastopol, Moscow and Turkey's spaces impassable (here: off the map);
/// St Petersburg no centre; the Aegean touching the Black Sea; Warsaw a
/// neutral centre named Poland; fourteen centres win.
#[test]
fn five_man_is_its_rules_page() {
    let v = Variant::builtin("fiveman").unwrap();
    assert_eq!(v.powers.iter().map(|w| w.name.as_str()).collect::<Vec<_>>(), ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY"]);
    for gone in ["RUM", "UKR", "SEV", "MOS", "ANK", "CON", "SMY", "ARM", "SYR", "WAR"] {
        assert!(v.prov_by_code(gone).is_none(), "{gone}");
    }
    let (stp, pol, aeg, bla) = (prov(&v, "STP"), prov(&v, "POL"), prov(&v, "AEG"), prov(&v, "BLA"));
    assert!(!v.is_center(stp) && v.is_center(pol) && v.home_of(pol).is_none());
    assert_eq!(parse_province(&v, "Warsaw").unwrap(), pol);
    assert_eq!(parse_province(&v, "Poland").unwrap(), pol);
    assert!(v.fleet_adjacent(Loc::new(aeg), Loc::new(bla)) && v.fleet_adjacent(Loc::new(bla), Loc::new(aeg)));
    assert_eq!(v.center_count(), 27);
    assert_eq!(v.victory, Victory::Centers(14));
}

/// about_milan: Milan between Savoy (Piedmont renamed, now touching
/// Burgundy, no longer Tyrolia) and Venetia (Venice, no centre); Milan and
/// Trieste not neighbours; Rome taking in Tuscany (so touching Savoy, Milan
/// and the Gulf of Lyon); Italy's centre moved from Venice to Milan.
#[test]
fn milan_is_its_rules_page() {
    let v = Variant::builtin("milan").unwrap();
    let [mil, sav, ven, rom, tri, tyr, bur, lyo] = ["MIL", "SAV", "VEN", "ROM", "TRI", "TYR", "BUR", "LYO"].map(|c| prov(&v, c));
    assert!(v.prov_by_code("TUS").is_none() && v.prov_by_code("PIE").is_none());
    assert_eq!(v.province(ven).name, "Venetia");
    assert_eq!(parse_province(&v, "piedmont").unwrap(), sav);
    assert!(v.is_center(mil) && !v.is_center(ven) && v.home_of(mil) == v.power_by_name("ITALY"));
    assert!(!v.army_adjacent(mil, tri) && v.army_adjacent(sav, bur) && !v.army_adjacent(sav, tyr) && v.army_adjacent(mil, tyr));
    assert!(v.army_adjacent(rom, sav) && v.army_adjacent(rom, mil) && v.fleet_adjacent(Loc::new(rom), Loc::new(lyo)));
    assert_eq!(units(&v, "ITALY"), ["A MIL", "A ROM", "F NAP"]);
    assert_eq!((v.center_count(), v.victory), (34, Victory::Centers(18)));
}

/// about_empire-up: Empire, but Cuba starts with a fleet in each home
/// (Holguin too) and Quebec with an army in Ungava.
#[test]
fn empire_up_is_empire_with_two_units_changed() {
    let (e, up) = (Variant::builtin("empire").unwrap(), Variant::builtin("empire-up").unwrap());
    assert_eq!(units(&up, "CUBA"), ["F HAV", "F HOL", "F KIN"]);
    assert_eq!(units(&up, "QUEBEC"), ["A MON", "A UNG", "F QUE"]);
    assert_eq!(units(&e, "CUBA"), ["A HOL", "F HAV", "F KIN"]);
    assert_eq!(units(&e, "QUEBEC"), ["A MON", "F QUE", "F UNG"]);
    for w in e.powers.iter().filter(|w| w.name != "CUBA" && w.name != "QUEBEC") {
        assert_eq!(units(&e, &w.name), units(&up, &w.name), "{}", w.name);
    }
    assert_eq!(e.provinces.len(), up.provinces.len());
    for p in 0..e.provinces.len() as Prov {
        assert_eq!((e.code(p), e.army_neighbours(p), e.is_center(p)), (up.code(p), up.army_neighbours(p), up.is_center(p)));
    }
    assert_eq!(up.victory, e.victory);
}

/// about_renaissance: 1454, seven powers, Switzerland a passable neutral
/// centre, and spaces renamed (Bulgaria is Sofia, coasts and all), the old
/// names still understood.
#[test]
fn renaissance_renames_provinces_with_coasts() {
    let v = Variant::builtin("renaissance").unwrap();
    assert_eq!(v.calendar.name(v.start), "S1454M");
    assert_eq!(v.powers.len(), 7);
    let (sof, mad, nov, swi) = (prov(&v, "SOF"), prov(&v, "MAD"), prov(&v, "NOV"), prov(&v, "SWI"));
    for old in ["BUL", "SPA", "STP", "GRE", "KIE", "ROM", "EDI"] {
        assert!(v.prov_by_code(old).is_none(), "{old} is renamed");
    }
    assert_eq!(v.province(sof).coasts, [Coast::East, Coast::South]);
    assert_eq!(v.province(mad).coasts, [Coast::North, Coast::South]);
    assert_eq!(v.province(nov).coasts, [Coast::North, Coast::South]);
    assert_eq!(units(&v, "OTTOMAN-TURK"), ["A ANK", "A CON", "F SMY", "F SOF/EC"]);
    assert_eq!(units(&v, "SPAIN"), ["A LIS", "F MAD/SC", "F NAP"]);
    assert_eq!(parse_province(&v, "bulgaria").unwrap(), sof);
    let o = parse_order(&v, "F Bulgaria/EC - Black Sea", Some(PhaseKind::Movement)).unwrap();
    assert_eq!(o, parse_order(&v, "F SOF/EC - BLA", Some(PhaseKind::Movement)).unwrap());
    assert!(v.fleet_adjacent(Loc::with(sof, Coast::East), Loc::new(prov(&v, "BLA"))));
    assert!(v.fleet_adjacent(Loc::with(sof, Coast::South), Loc::new(prov(&v, "AEG"))));
    assert!(v.is_center(swi) && v.kind(swi) == ProvinceKind::Land && !v.army_neighbours(swi).is_empty());
    assert_eq!((v.center_count(), v.victory), (35, Victory::Centers(18)));
}

/// about_sailho: four powers of two centres each, sixteen centres, nine
/// win; its `RULE FTF_PRESS` is a press setting (docs/VARIANTS.md), read
/// and set aside.
#[test]
fn sail_ho_is_its_rules_page() {
    let v = Variant::builtin("sailho").unwrap();
    assert_eq!(
        v.powers.iter().map(|w| (w.name.as_str(), w.home.len(), w.units.len())).collect::<Vec<_>>(),
        [("NORTH", 2, 2), ("SOUTH", 2, 2), ("EAST", 2, 2), ("WEST", 2, 2)]
    );
    assert_eq!((v.center_count(), v.victory), (16, Victory::Centers(9)));
    assert!(v.rules.is_empty() && v.not_implemented.is_empty());
    // DPjudge's face-to-face press is two of a game's press settings
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass sailho minor_press=no grace_press=no");
    assert!(r.contains("the game starts when all 4 seats are taken"), "{r}");
    let settings = g.row().settings;
    assert_eq!(settings.minor_press, mailjudge::store::games::MinorPress::Refused);
    assert_eq!(settings.grace_press, mailjudge::store::games::GracePress::Refused);
}

/// A small map for the reader's cases: NORTH (ALP), SOUTH (DEL), EAST (ZET);
/// GAM has two coasts.
const BASE: &str = "\
Alpine = ALP
Beta Sea = BET
Gamma = GAM
Gamma (north coast) = GAM/NC
Gamma (south coast) = GAM/SC
Delta = DEL
Zeta = ZET

NORTH (Northern:N) ALP
A ALP
SOUTH (Southern:S) DEL
F GAM/SC
EAST (Eastern:E) ZET
A ZET
UNOWNED GAM

LAND  ALP ABUTS gam del
COAST gam ABUTS alp del
COAST GAM/NC ABUTS BET
COAST GAM/SC ABUTS BET DEL
WATER BET ABUTS GAM/NC GAM/SC DEL ZET
COAST DEL ABUTS alp gam GAM/SC BET zet
COAST ZET ABUTS BET del
";

fn read(text: &str) -> Result<Variant, String> {
    let base = BASE.to_string();
    let include = move |n: &str| (n == "base.map").then(|| base.clone());
    let raw = dpjudge::read("test", text, &include).map_err(|e| e.to_string())?;
    Variant::read_toml(&toml::to_string(&raw).unwrap()).map_err(|e| e.to_string())
}

/// DPjudge's `Map.validate` counts as centres the homes of the powers left:
/// UNPLAYED takes a power's homes off the centres, unless unowned or
/// another power's.
#[test]
fn unplayed_powers_homes_are_no_centres() {
    let v = read("MAP base\nUNPLAYED EAST").unwrap();
    assert!(v.prov_by_code("ZET").is_some_and(|z| !v.is_center(z)));
    assert_eq!(v.center_count(), 3);
    let v = read("MAP base\nUNOWNED ZET\nUNPLAYED EAST").unwrap();
    assert!(v.is_center(prov(&v, "ZET")) && v.home_of(prov(&v, "ZET")).is_none());
    let v = read("MAP base\nSOUTH ZET\nUNPLAYED EAST").unwrap();
    assert_eq!(v.home_of(prov(&v, "ZET")), v.power_by_name("SOUTH"));
}

/// Renaming a province with coasts: each coast on its own line to the same
/// coast, then the province (DPjudge's `pages/Map`); in another order, or to
/// another coast, refused with the line.
#[test]
fn coasts_are_renamed_before_their_province() {
    let renames = "MAP base\nGAM/NC -> Omega (north coast) = OME/NC\nGAM/SC -> Omega (south coast) = OME/SC\nGAM -> Omega = ome gam gamma\n";
    let v = read(renames).unwrap();
    let ome = prov(&v, "OME");
    assert!(v.prov_by_code("GAM").is_none() && v.province(ome).name == "Omega");
    assert_eq!(v.province(ome).coasts, [Coast::North, Coast::South]);
    assert_eq!(units(&v, "SOUTH"), ["F OME/SC"]);
    assert!(v.fleet_adjacent(Loc::with(ome, Coast::South), Loc::new(prov(&v, "DEL"))) && v.army_adjacent(ome, prov(&v, "ALP")));
    assert_eq!(parse_province(&v, "gamma").unwrap(), ome);
    assert!(v.is_center(ome));
    let refused = |text: &str| {
        let base = BASE.to_string();
        let include = move |n: &str| (n == "base.map").then(|| base.clone());
        dpjudge::read("test", text, &include).expect_err("refused")
    };
    let e = refused("MAP base\nGAM -> Omega = ome\n");
    assert!(e.line == 2 && matches!(&e.kind, DpErrorKind::UnsupportedDirective(d) if d.contains("before its coasts")), "{e}");
    let e = refused("MAP base\nGAM/NC -> Omega (south coast) = OME/SC\n");
    assert!(e.line == 2 && matches!(&e.kind, DpErrorKind::Malformed(m) if m.contains("same coast")), "{e}");
    let e = refused("MAP base\nALP -> Omega (north coast) = OME/NC\n");
    assert!(e.line == 2 && matches!(&e.kind, DpErrorKind::Malformed(m) if m.contains("not a coast")), "{e}");
}

/// `RULE FTF_PRESS` changes nothing of the map or its `[rules]`; another
/// unknown rule is still refused.
#[test]
fn ftf_press_is_a_press_setting_not_a_map_rule() {
    let v = read("MAP base\nRULE FTF_PRESS").unwrap();
    assert!(v.rules.is_empty() && !v.features.build_any && v.not_implemented.is_empty());
    let e = dpjudge::read("test", "MAP base\nRULE FTF_PRESS NO_DONATIONS", &|n: &str| (n == "base.map").then(|| BASE.to_string())).unwrap_err();
    assert_eq!(e.kind, DpErrorKind::UnsupportedRule("NO_DONATIONS".into()));
}

/// Five-Man by mail: five joins start it; Germany takes Poland in 1901 and
/// builds, Italy's fleet crosses from the Aegean into the Black Sea.
#[test]
fn five_man_by_mail() {
    let v = Variant::builtin("fiveman").unwrap();
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass fiveman");
    assert!(r.contains("the game starts when all 5 seats are taken"), "{r}");
    for (i, w) in v.powers.iter().enumerate() {
        g.send(&format!("p{i}@example.test"), &format!("SIGNON ?demo pw-{i}\nSET PREFERENCE {}", w.letter));
    }
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "active"), 1);
    let power = |n: &str| v.power_by_name(n).unwrap() as usize;
    let (germany, italy) = (power("GERMANY"), power("ITALY"));
    let order = |g: &mut Game, p: usize, text: &str| {
        let (r, _) = g.send(&format!("p{p}@example.test"), &format!("SIGNON {}demo pw-{p}\n{text}", v.powers[p].letter));
        assert!(!r.to_ascii_lowercase().contains("not understood"), "{text}: {r}");
    };
    order(&mut g, germany, "A BER - PRU");
    order(&mut g, italy, "F NAP - ION");
    g.pass_deadline();
    assert_eq!(g.phase(&v), "F1901M");
    order(&mut g, germany, "A PRU - Poland");
    order(&mut g, italy, "F ION - AEG");
    g.pass_deadline();
    assert_eq!(g.phase(&v), "W1901A");
    let pol = prov(&v, "POL");
    assert_eq!(g.position(&v).centers[pol as usize], Some(germany as u8));
    // Germany alone owes orders: they in, the phase is processed
    order(&mut g, germany, "Build A BER");
    if g.phase(&v) == "W1901A" {
        g.pass_deadline();
    }
    assert_eq!(g.phase(&v), "S1902M");
    assert_eq!(g.unit_codes(&v, germany as u8), ["A BER", "A MUN", "A POL", "F KIE"]);
    order(&mut g, italy, "F AEG - BLA");
    g.pass_deadline();
    assert!(g.unit_codes(&v, italy as u8).contains(&"F BLA".to_string()), "{:?}", g.unit_codes(&v, italy as u8));
}
