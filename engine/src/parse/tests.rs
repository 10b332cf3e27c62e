//! The fast path reads what the full parser reads.

use super::canonical::canonical;
use super::free::parse_free;
use super::{for_phase, parse_order};
use crate::map::{BUILTIN, Loc, Prov, ProvinceKind, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use crate::phase::PhaseKind;

/// Every place a unit of each type may name in an order, as the parser
/// reads it (coasts included, boards the engine would refuse too).
fn units(v: &Variant) -> Vec<UnitSpec> {
    let mut out = Vec::new();
    for (i, p) in v.provinces.iter().enumerate() {
        let i = i as Prov;
        out.push(UnitSpec::new(Some(UnitType::Army), Loc::new(i)));
        out.push(UnitSpec::new(Some(UnitType::Fleet), Loc::new(i)));
        out.extend(p.coasts.iter().map(|&c| UnitSpec::new(Some(UnitType::Fleet), Loc::with(i, c))));
    }
    out
}

/// The canonical text of orders of every form on every built-in map
/// (each unit's moves to every place; supports and convoys to a sample):
/// where [`canonical`] reads the text, the full parser reads the same
/// order from it, in each phase.
#[test]
fn canonical_reading_is_the_full_parsers() {
    for (name, _) in BUILTIN {
        let v = Variant::builtin(name).unwrap();
        let units = units(&v);
        let (mut orders, mut read) = (vec![Order::Waive], 0);
        for (k, &u) in units.iter().enumerate() {
            orders.extend([Order::Hold(u), Order::Disband(u), Order::Build(u)]);
            for &t in &units {
                orders.extend([Order::Move { unit: u, dest: t.loc, via: k % 2 == 0 }, Order::Retreat { unit: u, dest: t.loc }]);
                orders.push(Order::Support { unit: u, target: t, dest: None });
            }
            for &t in units.iter().skip(k % 13).step_by(13) {
                for &d in units.iter().skip(k % 7).step_by(7) {
                    orders.push(Order::Support { unit: u, target: t, dest: Some(d.loc) });
                    if t.kind == Some(UnitType::Army) && v.kind(u.loc.prov) != ProvinceKind::Land {
                        orders.push(Order::Convoy { unit: u, army: t, dest: d.loc });
                    }
                }
            }
        }
        for o in &orders {
            let text = o.canonical(&v);
            for phase in [None, Some(PhaseKind::Movement), Some(PhaseKind::Retreat), Some(PhaseKind::Adjustment)] {
                if let Some(fast) = canonical(&v, &text) {
                    read += 1;
                    assert_eq!(Ok(for_phase(fast, phase)), parse_free(&v, &text, phase), "{name}: `{text}`");
                }
                assert_eq!(parse_order(&v, &text, phase), parse_free(&v, &text, phase), "{name}: `{text}`");
            }
        }
        // all but the few forms left to the full parser are read fast
        assert!(read > orders.len() * 4 * 9 / 10, "{name}: {read} of {} read fast", orders.len() * 4);
    }
}

/// A dash between two codes separates them, though the first code and the
/// start of the second make a name of two words (empire's San Antonio, `SAN`, and
/// Antioquia, `ANT`: `A SAN - ANT` is a move, not "A San Ant(onio)"); without the
/// dash, or when the word past it names no place, the two words still make one name.
#[test]
fn a_dash_between_two_codes_separates_them() {
    let map = "San Antonio = SAN\nAntioquia = ANT\nMid Sea = MID\nNORTH (Northern:N) SAN\nA SAN\nSOUTH (Southern:S) ANT\nA ANT\n\
               COAST SAN ABUTS ANT MID\nCOAST ANT ABUTS SAN MID\nWATER MID ABUTS SAN ANT\n";
    let v = crate::map::toml::build(crate::map::dpjudge::read("t", map, &|_| None).unwrap()).unwrap();
    let (san, ant, mid) = (Loc::new(v.prov_by_code("SAN").unwrap()), Loc::new(v.prov_by_code("ANT").unwrap()), Loc::new(v.prov_by_code("MID").unwrap()));
    let army = |l: Loc| UnitSpec::new(Some(UnitType::Army), l);
    let moves = |dest: Loc, via: bool| Order::Move { unit: army(san), dest, via };
    for (text, order) in [
        ("A SAN - ANT", moves(ant, false)),
        ("A SAN - ANT VIA", moves(ant, true)),
        ("A san-ant", moves(ant, false)),
        ("F MID C A SAN - ANT", Order::Convoy { unit: UnitSpec::new(Some(UnitType::Fleet), mid), army: army(san), dest: ant }),
        ("A ANT S A SAN - ANT", Order::Support { unit: army(ant), target: army(san), dest: Some(ant) }),
        ("A San Ant - Mid", moves(mid, false)),
        ("A San Antonio - MID", moves(mid, false)),
    ] {
        assert_eq!(parse_free(&v, text, None), Ok(order), "`{text}`");
        assert_eq!(parse_order(&v, text, None), Ok(order), "`{text}`");
    }
    assert_eq!(canonical(&v, "A SAN - ANT"), Some(moves(ant, false)));
}

/// Text that is not exactly canonical is left to the full parser.
#[test]
fn other_text_goes_to_the_full_parser() {
    let v = Variant::standard();
    assert_eq!(
        canonical(&v, "A PAR - BUR"),
        Some(Order::Move {
            unit: UnitSpec::new(Some(UnitType::Army), Loc::new(v.prov_by_code("PAR").unwrap())),
            dest: Loc::new(v.prov_by_code("BUR").unwrap()),
            via: false
        })
    );
    for text in [
        "a par - bur",
        "A PAR-BUR",
        "A PAR - BURG",
        "A PAR - BUR VIA C",
        "A Par - Bur",
        "A PAR",
        "A PAR H H",
        "F STP/XC H",
        "F SPA/EC H",
        "F SPA/SC C A MAR - GAS",
        "F NTH C A LON",
        "A MAR S A PAR BUR",
        "WAIVE WAIVE",
        "B A PAR",
        "",
    ] {
        assert_eq!(canonical(&v, text), None, "`{text}`");
    }
    // a code that starts a name of several words, and the next word
    // (past dashes) that continues it: read together by the full parser
    for text in ["F ENG - CH", "F ENG - CH VIA", "F ENG S A CH", "F MAO S F ENG - CH"] {
        assert_eq!(canonical(&v, text), None, "{text}");
    }
    assert!(canonical(&v, "F ENG - BEL").is_some());
    assert!(canonical(&v, "F ENG CH").is_none() && canonical(&v, "F ENG - CH").is_none());
    // spaces as the tokenizer skips them
    assert_eq!(canonical(&v, " A PAR  -\tBUR "), canonical(&v, "A PAR - BUR"));
    let b = Variant::builtin("original1958").unwrap();
    assert_eq!(canonical(&b, "A LON B"), None, "a boarding or a build: by the phase");
}
