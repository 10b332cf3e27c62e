//! Ports (issue 23): a coastal province a fleet may convoy from, a link of
//! a chain of fleets like a sea space (DPjudge's `PORT` spaces, ancmed's
//! Baleares `BAL`; docs/RULES.md, "Ports"). In every other way a port is a
//! coast. The convoys on ancmed: the port as the first link, as the last,
//! dislodged, attacked, carrying into its own space; the same orders
//! checked alone; a chain sea → port → sea on a small imported map; and the
//! TOML key that says it.

use mailjudge_engine::adjudicate::movement::Movement;
use mailjudge_engine::adjudicate::moves;
use mailjudge_engine::adjudicate::{Note, Position, ResultKind};
use mailjudge_engine::check::{self, OrderError};
use mailjudge_engine::map::{Loc, ProvinceKind, Unit, UnitType, Variant, dpjudge};
use mailjudge_engine::parse::parse_order;
use mailjudge_engine::phase::PhaseKind;
use mailjudge_engine::rules::Rulebook;

fn ancmed() -> Variant {
    Variant::builtin("ancmed").expect("ancmed is built in")
}

fn units(v: &Variant, list: &[(&str, &str)]) -> Vec<Unit> {
    list.iter().map(|(p, u)| v.parse_unit(v.power_by_name(p).expect("a power"), u).unwrap_or_else(|e| panic!("{u}: {e}"))).collect()
}

/// Adjudicates a movement phase of `units` with `orders` (power, text).
fn play(v: &Variant, on_board: &[(&str, &str)], orders: &[(&str, &str)]) -> Movement {
    let orders: Vec<_> = orders
        .iter()
        .map(|(p, o)| (v.power_by_name(p).expect("a power"), parse_order(v, o, Some(PhaseKind::Movement)).unwrap_or_else(|e| panic!("{o}: {e:?}"))))
        .collect();
    moves::adjudicate(v, &Rulebook::default(), &units(v, on_board), &orders)
}

/// The result and note of the order given to the unit in province `code`.
fn result_of(v: &Variant, out: &Movement, code: &str) -> (ResultKind, Option<Note>) {
    let p = v.prov_by_code(code).expect("a province");
    let r = out.results.iter().find(|r| r.order.unit().is_some_and(|u| u.loc.prov == p)).unwrap_or_else(|| panic!("no order for {code}"));
    (r.result, r.note)
}

/// Whether `power` has a unit written `unit` after the phase.
fn stands(v: &Variant, out: &Movement, power: &str, unit: &str) -> bool {
    out.units.contains(&units(v, &[(power, unit)])[0])
}

#[test]
fn baleares_is_a_coastal_port_of_ancmed() {
    let v = ancmed();
    let bal = v.prov_by_code("BAL").unwrap();
    assert_eq!(v.kind(bal), ProvinceKind::Coast);
    assert!(v.province(bal).port);
    assert!(v.convoys_from(bal));
    assert!(v.convoys_from(v.prov_by_code("LIG").unwrap()), "a sea convoys");
    assert!(!v.convoys_from(v.prov_by_code("TAR").unwrap()), "a coast that is no port does not");
    assert_eq!(v.provinces.iter().filter(|p| p.port).count(), 1, "BAL is ancmed's only port");
    // still a coast: armies and fleets stand there, fleets sail in and out
    assert!(v.valid_location(UnitType::Army, Loc::new(bal)));
    assert!(v.valid_location(UnitType::Fleet, Loc::new(bal)));
    let out = play(&v, &[("CARTHAGE", "F BAL"), ("CARTHAGE", "F SAG")], &[("CARTHAGE", "F BAL - LIG"), ("CARTHAGE", "F SAG - BAL")]);
    assert!(stands(&v, &out, "CARTHAGE", "F LIG") && stands(&v, &out, "CARTHAGE", "F BAL"));
}

#[test]
fn a_port_fleet_is_the_first_link_of_a_chain() {
    // SAG is next to BAL but not to LIG; MAS next to LIG but not to BAL
    let v = ancmed();
    let board = [("CARTHAGE", "A SAG"), ("CARTHAGE", "F BAL"), ("CARTHAGE", "F LIG")];
    let out = play(&v, &board, &[("CARTHAGE", "A SAG - MAS"), ("CARTHAGE", "F BAL C A SAG - MAS"), ("CARTHAGE", "F LIG C A SAG - MAS")]);
    assert!(stands(&v, &out, "CARTHAGE", "A MAS"), "{:?}", out.results);
    assert_eq!(result_of(&v, &out, "BAL").0, ResultKind::Ok);
    assert_eq!(result_of(&v, &out, "LIG").0, ResultKind::Ok);
    // with the port's fleet not convoying, the sea fleet alone does not reach SAG
    let out = play(&v, &board[..], &[("CARTHAGE", "A SAG - MAS"), ("CARTHAGE", "F LIG C A SAG - MAS")]);
    assert!(stands(&v, &out, "CARTHAGE", "A SAG"));
}

#[test]
fn a_port_fleet_is_the_last_link_of_a_chain() {
    // MAU is next to BER, BER to BAL, BAL to TAR; neither MAU nor BER to TAR
    // (DPjudge allows it; MILA's path search does not: docs/RULES.md)
    let v = ancmed();
    let board = [("CARTHAGE", "A MAU"), ("CARTHAGE", "F BER"), ("CARTHAGE", "F BAL")];
    let out = play(&v, &board, &[("CARTHAGE", "A MAU - TAR"), ("CARTHAGE", "F BER C A MAU - TAR"), ("CARTHAGE", "F BAL C A MAU - TAR")]);
    assert!(stands(&v, &out, "CARTHAGE", "A TAR"), "{:?}", out.results);
    assert_eq!(result_of(&v, &out, "MAU").0, ResultKind::Ok);
}

#[test]
fn a_dislodged_port_fleet_disrupts_the_convoy() {
    let v = ancmed();
    let board = [("CARTHAGE", "A SAG"), ("CARTHAGE", "F BAL"), ("CARTHAGE", "F LIG"), ("ROME", "F BER"), ("ROME", "F TAR")];
    let convoy = [("CARTHAGE", "A SAG - MAS"), ("CARTHAGE", "F BAL C A SAG - MAS"), ("CARTHAGE", "F LIG C A SAG - MAS")];
    let mut orders = convoy.to_vec();
    orders.extend([("ROME", "F BER - BAL"), ("ROME", "F TAR S F BER - BAL")]);
    let out = play(&v, &board, &orders);
    assert_eq!(result_of(&v, &out, "BAL").0, ResultKind::Dislodged);
    assert!(out.dislodged.iter().any(|d| v.code(d.unit.loc.prov) == "BAL"));
    assert!(stands(&v, &out, "ROME", "F BAL"));
    assert!(stands(&v, &out, "CARTHAGE", "A SAG"), "the army stays: {:?}", out.results);
    assert_ne!(result_of(&v, &out, "SAG").0, ResultKind::Ok);
    // attacked without support, the port's fleet holds and the army lands
    let mut orders = convoy.to_vec();
    orders.extend([("ROME", "F BER - BAL"), ("ROME", "F TAR H")]);
    let out = play(&v, &board, &orders);
    assert_eq!(result_of(&v, &out, "BER").0, ResultKind::Bounce);
    assert!(stands(&v, &out, "CARTHAGE", "A MAS"), "{:?}", out.results);
}

#[test]
fn a_port_fleet_does_not_carry_an_army_into_its_own_space() {
    let v = ancmed();
    let board = [("CARTHAGE", "A SAG"), ("CARTHAGE", "F BAL"), ("CARTHAGE", "F LIG")];
    let out = play(&v, &board, &[("CARTHAGE", "A SAG - BAL"), ("CARTHAGE", "F BAL C A SAG - BAL"), ("CARTHAGE", "F LIG C A SAG - BAL")]);
    assert_eq!(result_of(&v, &out, "SAG"), (ResultKind::Void, Some(Note::NotAdjacent)));
    assert!(stands(&v, &out, "CARTHAGE", "A SAG"));
}

#[test]
fn a_coastal_fleet_outside_a_port_still_cannot_convoy() {
    let v = ancmed();
    let board = [("CARTHAGE", "A SAG"), ("CARTHAGE", "F TAR"), ("CARTHAGE", "F LIG")];
    let out = play(&v, &board, &[("CARTHAGE", "A SAG - MAS"), ("CARTHAGE", "F TAR C A SAG - MAS"), ("CARTHAGE", "F LIG C A SAG - MAS")]);
    assert_eq!(result_of(&v, &out, "TAR"), (ResultKind::Void, Some(Note::ConvoyNotAtSeaOrPort)));
    assert_eq!(Note::ConvoyNotAtSeaOrPort.text(), "only a fleet at sea or in a port can convoy");
    assert!(stands(&v, &out, "CARTHAGE", "A SAG"));
}

#[test]
fn the_order_check_takes_a_port_fleet_for_a_convoying_one() {
    let v = ancmed();
    let rules = Rulebook::default();
    let carthage = v.power_by_name("CARTHAGE").unwrap();
    let pos = |list: &[(&str, &str)]| Position { units: units(&v, list), ..Position::initial(&v) };
    let order = |o: &str| parse_order(&v, o, Some(PhaseKind::Movement)).unwrap();
    let with_port = pos(&[("CARTHAGE", "A SAG"), ("CARTHAGE", "F BAL"), ("CARTHAGE", "F LIG"), ("CARTHAGE", "F TAR")]);
    assert_eq!(check::order(&v, &rules, &with_port, carthage, &[], &order("F BAL C A SAG - MAS")), Ok(()));
    assert_eq!(check::order(&v, &rules, &with_port, carthage, &[], &order("F TAR C A SAG - MAS")), Err(OrderError::ConvoyNotAtSeaOrPort));
    // the army's move: fleets that could carry it exist, through the port
    assert_eq!(check::order(&v, &rules, &with_port, carthage, &[], &order("A SAG - MAS")), Ok(()));
    let no_port = pos(&[("CARTHAGE", "A SAG"), ("CARTHAGE", "F LIG"), ("CARTHAGE", "F TAR")]);
    assert_eq!(check::order(&v, &rules, &no_port, carthage, &[], &order("A SAG - MAS")), Err(OrderError::NotAdjacent));
    // the port's fleet is never a link into its own space
    assert_eq!(check::order(&v, &rules, &with_port, carthage, &[], &order("A SAG - BAL")), Err(OrderError::NotAdjacent));
}

/// A line of five spaces: WES, Western Sea, the isle ISL, Eastern Sea, EAS;
/// `isle` is the isle's terrain line (`PORT` or `COAST`).
fn line_map(isle: &str) -> Variant {
    let text = format!(
        "\
West = WES
Western Sea = WSE
Isle = ISL
Eastern Sea = ESE
East = EAS

NORTH (Northern:N) WES
A WES
SOUTH (Southern:S) EAS
A EAS

COAST WES ABUTS WSE
WATER WSE ABUTS WES ISL
{isle} ISL ABUTS WSE ESE
WATER ESE ABUTS ISL EAS
COAST EAS ABUTS ESE
"
    );
    let raw = dpjudge::read("line", &text, &|_| None).expect("the map reads");
    Variant::from_toml(&toml::to_string(&raw).unwrap()).expect("the map is valid")
}

#[test]
fn a_chain_runs_sea_port_sea() {
    let board = [("NORTH", "A WES"), ("NORTH", "F WSE"), ("NORTH", "F ISL"), ("NORTH", "F ESE")];
    let orders = [("NORTH", "A WES - EAS"), ("NORTH", "F WSE C A WES - EAS"), ("NORTH", "F ISL C A WES - EAS"), ("NORTH", "F ESE C A WES - EAS")];
    let v = line_map("PORT");
    assert!(v.province(v.prov_by_code("ISL").unwrap()).port, "the importer reads PORT as a port");
    let out = play(&v, &board, &orders);
    assert!(stands(&v, &out, "NORTH", "A EAS"), "{:?}", out.results);
    // the same map with the isle a mere coast: no chain
    let v = line_map("COAST");
    assert!(!v.province(v.prov_by_code("ISL").unwrap()).port);
    let out = play(&v, &board, &orders);
    assert!(stands(&v, &out, "NORTH", "A WES"));
    assert_eq!(result_of(&v, &out, "ISL"), (ResultKind::Void, Some(Note::ConvoyNotAtSea)));
}

#[test]
fn the_variant_file_says_port_on_a_coast_only() {
    let text = mailjudge_engine::map::BUILTIN.iter().find(|(n, _)| *n == "ancmed").unwrap().1;
    // TAR made a port: its fleet now convoys
    let tar = "id = \"TAR\"\nname = \"Tarraconensis\"\nkind = \"coast\"\n";
    assert!(text.contains(tar));
    let v = Variant::from_toml(&text.replace(tar, &format!("{tar}port = true\n"))).expect("a coastal port is valid");
    let board = [("CARTHAGE", "A SAG"), ("CARTHAGE", "F TAR"), ("CARTHAGE", "F LIG")];
    let out = play(&v, &board, &[("CARTHAGE", "A SAG - MAS"), ("CARTHAGE", "F TAR C A SAG - MAS"), ("CARTHAGE", "F LIG C A SAG - MAS")]);
    assert!(stands(&v, &out, "CARTHAGE", "A MAS"), "{:?}", out.results);
    // a sea or a land province cannot be one
    for (id, name, kind) in [("LIG", "Ligurian Sea", "sea"), ("LUS", "Lusitania", "land")] {
        let head = format!("id = \"{id}\"\nname = \"{name}\"\nkind = \"{kind}\"\n");
        assert!(text.contains(&head), "{head}");
        let e = Variant::from_toml(&text.replace(&head, &format!("{head}port = true\n"))).expect_err("refused");
        assert!(e.problems.iter().any(|p| p.starts_with(&format!("{id}: a `port` is a coastal province"))), "{e}");
    }
}

/// The random phases the property tests use order port fleets to convoy
/// as they order fleets at sea, and the adjudicator takes those convoys
/// as a port's (none void for want of a sea).
#[test]
fn random_phases_order_port_fleets_to_convoy() {
    let v = ancmed();
    let mut port_convoys = 0;
    for seed in 0..300 {
        let (units, orders) = mailjudge_engine::random::movement_phase(&v, seed, 20 + (seed as usize) % 20);
        let out = moves::adjudicate(&v, &Rulebook::default(), &units, &orders);
        for r in &out.results {
            if let mailjudge_engine::order::Order::Convoy { unit, .. } = r.order
                && v.province(unit.loc.prov).port
            {
                port_convoys += 1;
                assert!(!matches!(r.note, Some(Note::ConvoyNotAtSea | Note::ConvoyNotAtSeaOrPort)), "seed {seed}: {:?}", r);
            }
        }
    }
    assert!(port_convoys > 0, "no port fleet was ordered to convoy in 300 phases");
}
