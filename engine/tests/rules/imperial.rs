//! Imperial's Bosphorus (DPjudge's `imperial.map`, `AEG ABUTS ... BLA(CON)`
//! and `BLA ABUTS ... AEG(CON)`; its rules page: "The player that owns
//! Constantinople (and only that player) may move a fleet directly from the
//! Black Sea to the Aegean Sea, or vice-versa"): an owner-only crossing
//! (docs/RULES.md, "Crossings for the owner of a centre"), hand-checked.

use crate::common::board::*;
use mailjudge_engine::adjudicate::{Note, Position, ResultKind, process};
use mailjudge_engine::check::{self, OrderError};
use mailjudge_engine::map::{Loc, Variant};
use mailjudge_engine::rules::Rulebook;

fn v() -> Variant {
    Variant::builtin("imperial").expect("built in")
}

fn result(out: &mailjudge_engine::adjudicate::Outcome, v: &Variant, order: &str) -> (ResultKind, Option<Note>) {
    let r = out.results.iter().find(|r| r.order.canonical(v) == order).unwrap_or_else(|| panic!("no result for {order}: {:?}", out.results));
    (r.result, r.note)
}

/// `pos` with Constantinople owned by `who`.
fn con_owned_by(v: &Variant, mut pos: Position, who: &str) -> Position {
    pos.centers[v.prov_by_code("CON").unwrap() as usize] = Some(power(v, who));
    pos
}

/// Only the owner of Constantinople crosses between the Aegean and the
/// Black Sea, either way: another power's move is refused on arrival and
/// void in the adjudication; once it owns Constantinople it crosses, and
/// the old owner no longer does.
#[test]
fn only_the_owner_of_constantinople_crosses_the_bosphorus() {
    let v = v();
    let r = Rulebook::for_variant(&v);
    let (tur, rus) = (power(&v, "TURKEY"), power(&v, "RUSSIA"));
    assert_eq!(v.owner_crossings.len(), 2, "AEG-BLA both ways");
    let pos = position(&v, "S1861M", vec![fleet(&v, "RUSSIA", "AEG"), fleet(&v, "TURKEY", "BLA")]);
    assert_eq!(pos.centers[v.prov_by_code("CON").unwrap() as usize], Some(tur), "Constantinople is Turkey's at the start");
    let o = orders(&v, &pos, &[("RUSSIA", "F Aeg - Bla"), ("TURKEY", "F Bla - Aeg")]);
    assert_eq!(check::order(&v, &r, &pos, rus, &[], &o[0].1), Err(OrderError::OwnerOnly));
    assert_eq!(check::order(&v, &r, &pos, tur, &[], &o[1].1), Ok(()));
    let out = process(&v, &r, &pos, &o);
    assert_eq!(result(&out, &v, "F AEG - BLA"), (ResultKind::Void, Some(Note::OwnerOnly)));
    // the Turkish fleet, unopposed (the Russian move is void), dislodges nobody: the Russian holds
    assert_eq!(result(&out, &v, "F BLA - AEG").0, ResultKind::Bounce);
    // Russia owns Constantinople: the Russian fleet crosses, the Turkish does not
    let pos = con_owned_by(&v, position(&v, "S1861M", vec![fleet(&v, "RUSSIA", "AEG"), fleet(&v, "TURKEY", "EAS")]), "RUSSIA");
    let o = orders(&v, &pos, &[("RUSSIA", "F Aeg - Bla")]);
    assert!(process(&v, &r, &pos, &o).position.units.contains(&fleet(&v, "RUSSIA", "BLA")));
    let pos = con_owned_by(&v, position(&v, "S1861M", vec![fleet(&v, "TURKEY", "BLA")]), "RUSSIA");
    let o = orders(&v, &pos, &[("TURKEY", "F Bla - Aeg")]);
    assert_eq!(check::order(&v, &r, &pos, tur, &[], &o[0].1), Err(OrderError::OwnerOnly));
    assert!(process(&v, &r, &pos, &o).position.units.contains(&fleet(&v, "TURKEY", "BLA")));
    // an unowned Constantinople: no one crosses
    let mut pos = position(&v, "S1861M", vec![fleet(&v, "TURKEY", "BLA")]);
    pos.centers[v.prov_by_code("CON").unwrap() as usize] = None;
    assert_eq!(check::order(&v, &r, &pos, tur, &[], &o[0].1), Err(OrderError::OwnerOnly));
}

/// No support crosses it for another power (DPjudge checks the supporter's
/// own reach, `Game.py:338`): a Russian fleet in the Aegean does not support
/// into the Black Sea while Turkey owns Constantinople; a Turkish one does.
#[test]
fn a_support_across_the_bosphorus_is_the_owners_only() {
    let v = v();
    let r = Rulebook::for_variant(&v);
    let units = vec![fleet(&v, "RUSSIA", "AEG"), fleet(&v, "RUSSIA", "SEV"), fleet(&v, "TURKEY", "BLA")];
    let pos = position(&v, "S1861M", units);
    let o = orders(&v, &pos, &[("RUSSIA", "F Aeg S F Sev - Bla, F Sev - Bla")]);
    assert_eq!(check::order(&v, &r, &pos, power(&v, "RUSSIA"), &[], &o[0].1), Err(OrderError::OwnerOnly));
    let out = process(&v, &r, &pos, &o);
    assert_eq!(result(&out, &v, "F AEG S F SEV - BLA"), (ResultKind::Void, Some(Note::OwnerOnly)));
    assert!(out.position.units.contains(&fleet(&v, "TURKEY", "BLA")), "1 against 1: the Black Sea holds");
    let pos = con_owned_by(&v, pos, "RUSSIA");
    let out = process(&v, &r, &pos, &o);
    assert!(out.position.units.contains(&fleet(&v, "RUSSIA", "BLA")), "supported: 2 against 1");
}

/// A fleet dislodged from the Black Sea retreats to the Aegean only if its
/// power owns Constantinople (DPjudge's retreat options, `Game.py:1450`).
#[test]
fn a_retreat_across_the_bosphorus_is_the_owners_only() {
    let v = v();
    let r = Rulebook::for_variant(&v);
    let aeg = Loc::new(v.prov_by_code("AEG").unwrap());
    for (owner, to_aegean) in [("TURKEY", false), ("RUSSIA", true)] {
        let units = vec![fleet(&v, "RUSSIA", "BLA"), fleet(&v, "TURKEY", "CON"), fleet(&v, "TURKEY", "RUM")];
        let pos = con_owned_by(&v, position(&v, "S1861M", units), owner);
        let o = orders(&v, &pos, &[("TURKEY", "F Con - Bla, F Rum S F Con - Bla")]);
        let out = process(&v, &r, &pos, &o);
        let d = out.dislodged.iter().find(|d| d.unit == fleet(&v, "RUSSIA", "BLA")).expect("dislodged");
        assert_eq!(d.options.contains(&aeg), to_aegean, "Constantinople {owner}'s: {:?}", d.options);
        assert!(!d.options.is_empty());
    }
}

/// A convoy is not barred: an army carried by fleets in the Aegean and the
/// Black Sea crosses whoever owns Constantinople (decided: DPjudge checks
/// only the army's first step, `Game.py:399`, and the page bars fleets'
/// moves; the army does not move along the edge, the fleets carry it).
#[test]
fn a_convoy_through_the_bosphorus_is_not_barred() {
    let v = v();
    let r = Rulebook::for_variant(&v);
    let units = vec![army(&v, "RUSSIA", "GRE"), fleet(&v, "RUSSIA", "AEG"), fleet(&v, "RUSSIA", "BLA")];
    let pos = position(&v, "S1861M", units);
    let o = orders(&v, &pos, &[("RUSSIA", "A Gre - Sev, F Aeg C A Gre - Sev, F Bla C A Gre - Sev")]);
    let out = process(&v, &r, &pos, &o);
    assert!(out.position.units.contains(&army(&v, "RUSSIA", "SEV")), "{:?}", out.results);
}

/// What the variant file must say of owner-only crossings: a neighbour, a
/// supply centre, the same on both sides, at most eight a map (each way
/// counts): at the limit the map is valid, past it refused.
#[test]
fn owner_only_crossings_are_checked() {
    let text = mailjudge_engine::map::BUILTIN.iter().find(|(n, _)| *n == "imperial").unwrap().1;
    let aeg = "[province.owner_only]\nBLA = \"CON\"";
    assert!(text.contains(aeg));
    // AEG's crossings to `others` too, each listed back on the other side
    let with = |others: &[&str]| {
        let mut t = text.replacen(aeg, &format!("{aeg}\n{}", others.iter().map(|o| format!("{o} = \"CON\"")).collect::<Vec<_>>().join("\n")), 1);
        for o in others {
            t = t.replacen(&format!("id = \"{o}\"\n"), &format!("id = \"{o}\"\nowner_only = {{ AEG = \"CON\" }}\n"), 1);
        }
        t
    };
    let at = Variant::from_toml(&with(&["CRE", "EAS", "GRE"])).expect("eight crossings");
    assert_eq!(at.owner_crossings.len(), 8);
    let past = Variant::from_toml(&with(&["CRE", "EAS", "GRE", "ION"])).unwrap_err().to_string();
    assert!(past.contains("10 owner-only crossings (each way counts): at most 8"), "{past}");
    let bad = |to: &str, why: &str| {
        let e = Variant::from_toml(&text.replacen(aeg, to, 1)).unwrap_err().to_string();
        assert!(e.contains(why), "{to}: {e}");
    };
    bad("[province.owner_only]\nBLA = \"ANG\"", "asymmetric owner-only crossing: AEG lists BLA for the owner of ANG but BLA does not list AEG so");
    bad("[province.owner_only]\nBLA = \"CON\"\nSEV = \"CON\"", "AEG: owner-only crossing to SEV, which is not a neighbour");
    bad("[province.owner_only]\nBLA = \"BLA\"", "AEG: owner-only crossing to BLA for the owner of BLA, which is no supply centre");
    bad("[province.owner_only]\nBLA = \"XYZ\"", "AEG: `owner_only` names unknown province `BLA` or `XYZ`");
}
