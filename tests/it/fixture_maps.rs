//! The general engine on made-up maps (tests/data/fixtures, written by
//! tools/make_fixture_maps.py), apart from any real variant: nine powers, a
//! monthly calendar with four build months, a units victory, and a space
//! with room for two units of one power. Each is run through the
//! adjudication contract, as `mailjudge adjudicate --variants-dir` would.

use mailjudge::contract::Adjudicator;
use mailjudge::map::Variant;
use serde_json::{Value, json};
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/fixtures")
}

fn map(name: &str) -> Result<Variant, mailjudge::variants::FindError> {
    mailjudge::variants::find(name, Some(&dir()))
}

fn run(case: Value) -> Value {
    let mut adj = Adjudicator::new(None, Some(mailjudge::variants::finder(Some(dir()))), vec![]);
    adj.run_text(&case.to_string()).unwrap_or_else(|e| panic!("{case}: {e}"))
}

fn results(out: &Value, power: &str) -> Vec<(String, String)> {
    out["results"][power]
        .as_array()
        .unwrap_or_else(|| panic!("no results for {power}: {out}"))
        .iter()
        .map(|r| (r["order"].as_str().unwrap().to_string(), r["result"].as_str().unwrap().to_string()))
        .collect()
}

const NINE: [&str; 9] = ["ALPHA", "BRAVO", "CHARLIE", "DELTA", "ECHO", "FOXTROT", "GOLF", "HOTEL", "INDIA"];

/// The code of ring province `i` (coast `C`, inland `L`), as the tool writes it.
fn code(prefix: char, i: usize) -> String {
    let l = |n: usize| (b'A' + n as u8) as char;
    format!("{prefix}{}{}", l(i / 26), l(i % 26))
}

#[test]
fn nine_powers_move_stand_off_and_build() {
    let v = map("ninepowers").unwrap();
    assert_eq!(v.powers.len(), 9);
    assert_eq!(v.center_count(), 27);
    // every army moves to the neutral centre clockwise of it; Alpha's and
    // Bravo's fleets move along the coast, and the fleets of Delta, Echo and
    // Foxtrot all go for the middle sea: a three-way standoff
    let mut units = serde_json::Map::new();
    let mut centers = serde_json::Map::new();
    let mut orders = serde_json::Map::new();
    for (k, p) in NINE.iter().enumerate() {
        let (c, l) = (code('C', 3 * k), code('L', 3 * k));
        units.insert(p.to_string(), json!([format!("F {c}"), format!("A {l}")]));
        centers.insert(p.to_string(), json!([c, l]));
        let fleet = match k {
            0 => format!("F {c} - {}", code('C', 1)),
            1 => format!("F {c} - {}", code('C', 2)),
            3..=5 => format!("F {c} - MID"),
            _ => format!("F {c} H"),
        };
        orders.insert(p.to_string(), json!([format!("A {l} - {}", code('L', 3 * k + 1)), fleet]));
    }
    let out = run(json!({"variant": "ninepowers", "phase": "F1901M", "units": units, "centers": centers, "orders": orders}));
    for (k, p) in NINE.iter().enumerate() {
        let army = format!("A {} - {}", code('L', 3 * k), code('L', 3 * k + 1));
        assert!(results(&out, p).contains(&(army.clone(), "ok".into())), "{p}: {army}: {out}");
        let fleet = format!("F {} - MID", code('C', 3 * k));
        if (3..=5).contains(&k) {
            assert!(results(&out, p).contains(&(fleet, "bounce".into())), "{p}: {out}");
        }
    }
    assert!(results(&out, "BRAVO").contains(&(format!("F {} - {}", code('C', 3), code('C', 2)), "ok".into())), "{out}");
    // each took its neutral centre in the Fall: three centres, two units, a build
    assert_eq!(out["next_phase"], "W1901A");
    for (k, p) in NINE.iter().enumerate() {
        let owned: Vec<&str> = out["centers"][p].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        assert!(owned.contains(&code('L', 3 * k + 1).as_str()), "{p}: {owned:?}");
        assert_eq!(owned.len(), 3, "{p}: {owned:?}");
    }
    // the Winter: India builds in its vacated inland home
    let mut units = out["units"].clone();
    let centers = out["centers"].clone();
    let build = format!("A {} B", code('L', 24));
    let w = run(json!({"variant": "ninepowers", "phase": "W1901A", "units": units.take(), "centers": centers, "orders": {"INDIA": [build]}}));
    assert_eq!(results(&w, "INDIA"), [(build, "ok".to_string())]);
    assert_eq!(w["units"]["INDIA"].as_array().unwrap().len(), 3);
    // the eight others waived their build by default
    assert_eq!(results(&w, "ALPHA"), [("WAIVE".to_string(), "ok".to_string())]);
    assert_eq!(w["next_phase"], "S1902M");
}

#[test]
fn a_monthly_calendar_moves_each_month_and_builds_four_times_a_year() {
    let v = map("monthly").unwrap();
    assert_eq!(v.calendar.seasons.len(), 12);
    let phases: Vec<String> = {
        let mut p = v.start;
        (0..16)
            .map(|_| {
                let name = v.calendar.name(p);
                p = v.calendar.successor(p);
                name
            })
            .collect()
    };
    assert_eq!(&phases[..6], ["JAN1885M", "JAN1885R", "FEB1885M", "FEB1885R", "MAR1885M", "MAR1885R"]);
    assert_eq!(phases[6], "MAR1885A");
    assert_eq!(phases[7], "APR1885M");
    // January: North takes a neutral centre; it is not North's until the end of March
    let (n0, l1, l2) = (code('L', 0), code('L', 1), code('L', 2));
    let units = json!({"NORTH": [format!("A {n0}"), format!("F {}", code('C', 0))], "SOUTH": [format!("A {}", code('L', 4)), format!("F {}", code('C', 4))]});
    let centers = json!({"NORTH": [code('C', 0), n0.clone()], "SOUTH": [code('C', 4), code('L', 4)]});
    let jan = run(json!({"variant": "monthly", "phase": "JAN1885M", "units": units, "centers": centers, "orders": {"NORTH": [format!("A {n0} - {l1}")]}}));
    assert_eq!(jan["next_phase"], "FEB1885M", "no retreats, no adjustment in January");
    assert!(!jan["centers"]["NORTH"].as_array().unwrap().contains(&json!(l1.clone())));
    let feb = run(
        json!({"variant": "monthly", "phase": "FEB1885M", "units": jan["units"], "centers": jan["centers"], "orders": {"NORTH": [format!("A {l1} - {l2}")]}}),
    );
    assert_eq!(feb["next_phase"], "MAR1885M");
    let mar = run(json!({"variant": "monthly", "phase": "MAR1885M", "units": feb["units"], "centers": feb["centers"], "orders": {}}));
    // the end of March changes ownership: L02 is North's, and North builds
    let north: Vec<&str> = mar["centers"]["NORTH"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert!(north.contains(&l2.as_str()), "{mar}");
    assert_eq!(mar["next_phase"], "MAR1885A");
    let build = format!("A {n0} B");
    let adj = run(json!({"variant": "monthly", "phase": "MAR1885A", "units": mar["units"], "centers": mar["centers"], "orders": {"NORTH": [build.clone()]}}));
    assert_eq!(results(&adj, "NORTH"), [(build, "ok".to_string())]);
    assert_eq!(adj["next_phase"], "APR1885M");
}

#[test]
fn a_units_victory_counts_units_not_centres_and_is_checked_after_builds() {
    let v = map("unitsvictory").unwrap();
    assert!(matches!(v.victory, mailjudge::map::Victory::Units(4)));
    let (c0, l0) = (code('C', 0), code('L', 0));
    // North owns five centres but has three units: no victory in the Fall
    let units = json!({"NORTH": [format!("F {}", code('C', 1)), format!("A {}", code('L', 1)), format!("A {}", code('L', 2))], "SOUTH": [format!("A {}", code('L', 4))]});
    let centers = json!({"NORTH": [c0.clone(), l0.clone(), code('L', 2), code('C', 2), code('C', 6)], "SOUTH": [code('L', 4)]});
    let fall = run(json!({"variant": "unitsvictory", "phase": "F1903M", "units": units, "centers": centers, "orders": {}}));
    assert!(fall.get("winner").is_none(), "{fall}");
    assert_eq!(fall["next_phase"], "W1903A");
    // one build: three units become four, and the game ends in the Winter
    let build = format!("A {l0} B");
    let w = run(json!({"variant": "unitsvictory", "phase": "W1903A", "units": fall["units"], "centers": fall["centers"], "orders": {"NORTH": [build]}}));
    assert_eq!(w["winner"], "NORTH", "{w}");
    assert_eq!(w["next_phase"], Value::Null);
    // at the limit less one: waiving the build leaves three units and no winner
    let w =
        run(json!({"variant": "unitsvictory", "phase": "W1903A", "units": fall["units"], "centers": fall["centers"], "orders": {"NORTH": ["WAIVE", "WAIVE"]}}));
    assert!(w.get("winner").is_none(), "{w}");
}

/// The case with North's and South's units as given (LAC has room for two).
fn room_case(north: &[&str], south: &[&str], orders: Value) -> Result<Value, String> {
    let case = json!({"variant": "capacity2", "phase": "S1902M", "units": {"NORTH": north, "SOUTH": south},
        "centers": {"NORTH": ["CAA", "LAA"], "SOUTH": ["CAE", "LAE"]}, "orders": orders});
    Adjudicator::new(None, Some(mailjudge::variants::finder(Some(dir()))), vec![]).run_text(&case.to_string()).map_err(|e| e.to_string())
}

#[test]
fn a_space_with_room_for_two_holds_two_units_of_one_power() {
    let v = map("capacity2").expect("capacity is played");
    let lac = v.prov_by_code("LAC").unwrap();
    assert!(v.has_room(lac) && !v.has_room(v.prov_by_code("LAB").unwrap()));
    // two armies move in together: no standoff, both there
    let out = room_case(&["A LAB", "A LAD"], &["A LAF"], json!({"NORTH": ["A LAB - LAC", "A LAD - LAC"]})).unwrap();
    assert_eq!(results(&out, "NORTH"), [("A LAB - LAC".to_string(), "ok".to_string()), ("A LAD - LAC".to_string(), "ok".to_string())]);
    assert_eq!(out["units"]["NORTH"], json!(["A LAC", "A LAC"]));
    // an army joins one already there (at the limit: two)
    let out = room_case(&["A LAC", "A LAD"], &["A LAF"], json!({"NORTH": ["A LAD - LAC"]})).unwrap();
    assert_eq!(results(&out, "NORTH")[0], ("A LAD - LAC".to_string(), "ok".to_string()));
    assert_eq!(out["units"]["NORTH"], json!(["A LAC", "A LAC"]));
    // past the limit: one there and two coming would be three: no join, the
    // standard own-unit rules (they stand off; the army there stays)
    let out = room_case(&["A LAC", "A LAB", "A LAD"], &["A LAF"], json!({"NORTH": ["A LAB - LAC", "A LAD - LAC"]})).unwrap();
    assert!(results(&out, "NORTH").iter().all(|(o, r)| !o.contains("- LAC") || r == "bounce"), "{out}");
    assert_eq!(out["units"]["NORTH"], json!(["A LAB", "A LAC", "A LAD"]));
    // the room is for one power: another power's army must dislodge to enter
    let out = room_case(&["A LAC"], &["A LAD"], json!({"SOUTH": ["A LAD - LAC"]})).unwrap();
    assert_eq!(results(&out, "SOUTH"), [("A LAD - LAC".to_string(), "bounce".to_string())]);
}

#[test]
fn a_stack_in_a_roomy_space_defends_as_one_and_falls_together() {
    // North's two armies in LAC; South attacks with a supported army: the
    // stack defends with one (mates cannot support each other) and both go
    let out =
        room_case(&["A LAC", "A LAC"], &["A LAD", "A LAB"], json!({"NORTH": ["A LAC S A LAC"], "SOUTH": ["A LAD - LAC", "A LAB S A LAD - LAC"]})).unwrap();
    assert_eq!(results(&out, "SOUTH")[0], ("A LAD - LAC".to_string(), "ok".to_string()), "{out}");
    assert_eq!(out["units"]["SOUTH"], json!(["A LAB", "A LAC"]));
    assert_eq!(results(&out, "NORTH")[0].1, "void", "no support between stack mates: {out}");
    let dislodged = out["retreats"]["NORTH"].as_object().unwrap();
    assert_eq!(dislodged.keys().collect::<Vec<_>>(), ["A LAC x2"], "{out}");
}

#[test]
fn a_position_must_fit_the_room_and_one_power() {
    assert!(room_case(&["A LAC", "A LAC"], &["A LAF"], json!({})).is_ok());
    let three = room_case(&["A LAC", "A LAC", "A LAC"], &["A LAF"], json!({})).unwrap_err();
    assert!(three.contains("listed twice"), "{three}");
    let mixed = room_case(&["A LAC"], &["A LAC"], json!({})).unwrap_err();
    assert!(mixed.contains("listed twice"), "{mixed}");
    // spaces without room hold one unit, as on the standard map
    assert!(room_case(&["A LAB", "A LAB"], &["A LAF"], json!({})).is_err());
}

/// Random positions on the standard map with room for two in some inland
/// spaces: a second unit of the power already there added in some of them,
/// and units next door ordered in. The outcome never depends on how the units
/// are listed, and no space ends with more units than its room or with units
/// of two powers.
#[test]
fn roomy_spaces_resolve_consistently_on_random_positions() {
    use mailjudge::adjudicate::{movement, moves};
    use mailjudge::map::{Loc, Unit, UnitType};
    use mailjudge::order::{Order, UnitSpec};
    use mailjudge::random::{Rng, movement_phase};
    use mailjudge::rules::Rulebook;
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/variants/standard.toml")).unwrap();
    let mut wide = text.clone();
    for name in ["Burgundy", "Ruhr", "Munich", "Galicia", "Ukraine", "Bohemia", "Tyrolia", "Silesia"] {
        wide = wide.replacen(&format!("name = \"{name}\"\n"), &format!("name = \"{name}\"\ncapacity = 2\n"), 1);
    }
    let v = Variant::from_toml(&wide).expect("the standard map with room reads");
    assert!(v.wide);
    let roomy: Vec<u16> = (0..v.provinces.len() as u16).filter(|&p| v.has_room(p)).collect();
    assert_eq!(roomy.len(), 8);
    let rules = Rulebook::datc();
    let seeds = if cfg!(debug_assertions) { 1500 } else { 20_000 };
    let mut joined = 0;
    // seed 18359: two armies of one power enter a space together and dislodge
    // the unit there, which may retreat to neither army's origin (it once
    // depended on which army was listed first)
    for seed in (0..seeds).chain([18_359]) {
        let (mut units, mut orders) = movement_phase(&v, seed, 4 + (seed as usize) % 30);
        let mut rng = Rng::new(seed ^ 0x0c0ffee);
        for &p in &roomy {
            let Some(there) = units.iter().find(|u| u.loc.prov == p).copied() else { continue };
            if rng.below(2) == 0 {
                units.push(Unit { loc: Loc::new(p), kind: UnitType::Army, ..there });
                if let Some(&d) = rng.pick(v.army_neighbours(p)) {
                    orders.push((there.power, Order::Move { unit: UnitSpec::new(Some(UnitType::Army), Loc::new(p)), dest: Loc::new(d), via: false }));
                }
            }
        }
        let m = moves::adjudicate(&v, &rules, &units, &orders);
        let rev: Vec<Unit> = units.iter().rev().copied().collect();
        let m2 = moves::adjudicate(&v, &rules, &rev, &orders);
        let canon = |m: &movement::Movement| {
            let mut u = m.units.clone();
            u.sort();
            let mut d: Vec<String> = m.dislodged.iter().map(|d| format!("{:?}", (d.unit, &d.options))).collect();
            d.sort();
            (u, d)
        };
        assert_eq!(canon(&m), canon(&m2), "seed {seed}: the outcome depends on the listing");
        for p in 0..v.provinces.len() as u16 {
            let here: Vec<&Unit> = m.units.iter().filter(|u| u.loc.prov == p).collect();
            assert!(here.len() <= v.province(p).capacity as usize, "seed {seed}: {} holds {here:?}", v.code(p));
            assert!(here.iter().all(|u| u.power == here[0].power), "seed {seed}: {} holds two powers: {here:?}", v.code(p));
            if here.len() == 2 {
                joined += 1;
            }
        }
    }
    assert!(joined > 0, "some spaces end with two units");
}

#[test]
fn alliance_victories_come_from_the_map_and_count_each_ally() {
    use mailjudge::adjudicate::{Position, alliance_wins};
    let v = map("ninepowers").unwrap();
    assert_eq!(v.alliances.len(), 2);
    assert_eq!((v.alliances[0].powers, v.alliances[0].count, v.alliances[0].each), (2, 12, 5));
    // a position where Alpha owns `a` centres, Bravo `b` and Charlie `c`
    let pos = |a: usize, b: usize, c: usize| {
        let mut p = Position::initial(&v);
        let all: Vec<u16> = (0..v.provinces.len() as u16).filter(|&q| v.is_center(q)).collect();
        p.centers = vec![None; v.provinces.len()];
        for (i, &q) in all.iter().enumerate() {
            p.centers[q as usize] = if i < a {
                Some(0)
            } else if i < a + b {
                Some(1)
            } else if i < a + b + c {
                Some(2)
            } else {
                None
            };
        }
        p
    };
    // two allies: 12 together with 5 each wins; 11, or one ally under 5, does not
    assert!(alliance_wins(&v, &pos(7, 5, 0), &[0, 1]));
    assert!(!alliance_wins(&v, &pos(7, 4, 0), &[0, 1]), "11 together");
    assert!(!alliance_wins(&v, &pos(8, 4, 0), &[0, 1]), "Bravo has 4, under its share");
    // three allies: 15 with 4 each; the two-power rule does not apply to three
    assert!(alliance_wins(&v, &pos(7, 4, 4), &[0, 1, 2]));
    assert!(!alliance_wins(&v, &pos(8, 4, 3), &[0, 1, 2]), "Charlie has 3");
    assert!(!alliance_wins(&v, &pos(7, 5, 0), &[0, 1, 2]), "Charlie has none");
    // a power named twice is no alliance; nor is one power, nor four
    assert!(!alliance_wins(&v, &pos(7, 5, 0), &[0, 0]));
    assert!(!alliance_wins(&v, &pos(14, 0, 0), &[0]));
    assert!(!alliance_wins(&v, &pos(7, 4, 4), &[0, 1, 2, 3]));
    // the map's rules are checked: an alliance of one, or a share above the count
    let text = std::fs::read_to_string(dir().join("ninepowers.toml")).unwrap();
    let bad = Variant::from_toml(&text.replacen("powers = 2\n", "powers = 1\n", 1)).unwrap_err().to_string();
    assert!(bad.contains("an alliance is 2 to 9 powers"), "{bad}");
    let bad = Variant::from_toml(&text.replacen("each = 5\n", "each = 13\n", 1)).unwrap_err().to_string();
    assert!(bad.contains("do not fit"), "{bad}");
}
