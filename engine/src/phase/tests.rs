//! The calendars of DPjudge's FLOW: classical's B.C. years counted down
//! with adjustments in even years, hundred's years by five with
//! adjustments when the year divides by ten; and their limits.

use super::*;
use crate::map::Variant;

fn chain(cal: &Calendar, from: &str, n: usize) -> Vec<String> {
    let mut p = cal.parse(from).unwrap();
    let mut out = vec![cal.name(p)];
    for _ in 1..n {
        p = cal.successor(p);
        out.push(cal.name(p));
    }
    out
}

#[test]
fn classical_counts_down_and_adjusts_in_even_years() {
    let v = Variant::builtin("classical").unwrap();
    let cal = &v.calendar;
    assert_eq!(v.start, Phase { year: -273, season: 0, kind: PhaseKind::Movement });
    assert_eq!(chain(cal, "B273M", 8), ["B273M", "B273R", "B272M", "B272R", "B272A", "B271M", "B271R", "B270M"]);
    let b272a = cal.parse("b272a").unwrap();
    assert_eq!((cal.name(b272a), cal.long_name(b272a)), ("B272A".into(), "272 B.C. adjustments".into()));
    assert_eq!(cal.long_name(v.start), "273 B.C. movement");
    assert!(b272a > v.start, "a later phase is greater");
    assert!(matches!(cal.parse("B273A"), Err(PhaseError::NotPlayedIn { .. })), "no adjustments in an odd year");
    assert_eq!(cal.read_year("200"), Some(-200));
    assert_eq!(cal.read_year("200 B.C."), Some(-200));
    assert_eq!(cal.read_year("200BC"), Some(-200));
    assert_eq!(cal.read_year("200 AD"), None);
    // centres change hands before the adjustments only (DPjudge's capture)
    assert!(!cal.ownership_changes_after(cal.parse("B273R").unwrap()));
    assert!(cal.ownership_changes_after(cal.parse("B272R").unwrap()));
    assert_eq!(cal.adjustment_before(cal.parse("B271M").unwrap()), Some(b272a));
}

#[test]
fn hundred_goes_by_five_years_and_adjusts_every_ten() {
    let v = Variant::builtin("hundred").unwrap();
    let cal = &v.calendar;
    assert_eq!(chain(cal, "A1425M", 7), ["A1425M", "A1425R", "A1430M", "A1430R", "A1430A", "A1435M", "A1435R"]);
    assert_eq!(cal.successor(cal.parse("A1435R").unwrap()), cal.parse("A1440M").unwrap());
    assert!(matches!(cal.parse("A1425A"), Err(PhaseError::NotPlayedIn { .. })));
    assert_eq!(cal.long_name(cal.parse("A1430A").unwrap()), "1430 adjustments");
    assert_eq!(cal.read_year("1905"), Some(1905));
    assert!(!cal.ownership_changes_after(cal.parse("A1425M").unwrap()));
    assert!(cal.ownership_changes_after(cal.parse("A1430M").unwrap()));
}

#[test]
fn the_standard_calendar_is_unchanged() {
    let v = Variant::builtin("standard").unwrap();
    let cal = &v.calendar;
    assert_eq!(chain(cal, "F1901R", 3), ["F1901R", "W1901A", "S1902M"]);
    assert_eq!(cal.long_name(cal.parse("S1901M").unwrap()), "Spring 1901 movement");
    assert!(cal.ownership_changes_after(cal.parse("F1901M").unwrap()));
    assert!(!cal.ownership_changes_after(cal.parse("S1901M").unwrap()));
}

/// The standard variant with its calendar's head and its Winter's line changed.
fn standard_with(head: &str, winter: &str) -> Result<Variant, String> {
    let text = crate::map::BUILTIN[0]
        .1
        .replace("first_year = 1901\n", &format!("first_year = 1901\n{head}"))
        .replace("{ code = \"W\", name = \"Winter\", phases = [\"A\"] }", winter);
    Variant::from_toml(&text).map_err(|e| e.to_string())
}

const WINTER: &str = "{ code = \"W\", name = \"Winter\", phases = [\"A\"] }";

#[test]
fn a_year_step_is_1_to_100() {
    assert_eq!(standard_with("year_step = 100\n", WINTER).unwrap().calendar.step, 100);
    for bad in ["year_step = 101\n", "year_step = 0\n"] {
        let e = standard_with(bad, WINTER).unwrap_err();
        assert!(e.contains("must be 1 to 100"), "{e}");
    }
    let e = standard_with("era = \"AH\"\n", WINTER).unwrap_err();
    assert!(e.contains("must be AD or BC"), "{e}");
}

#[test]
fn every_is_1_to_1000_with_a_smaller_remainder() {
    let w = |every: &str| format!("{{ code = \"W\", name = \"Winter\", phases = [\"A\"], {every} }}");
    let v = standard_with("", &w("every = 1000, remainder = 999")).unwrap();
    assert_eq!(v.calendar.seasons[2].every, Some(YearDivisor { every: 1000, remainder: 999 }));
    assert_eq!(v.calendar.successor(v.calendar.parse("F1901R").unwrap()), v.calendar.parse("S1902M").unwrap(), "no Winter in 1901");
    assert!(v.calendar.parse("W1999A").is_ok());
    for bad in ["every = 1001", "every = 0", "every = 4, remainder = 4", "remainder = 1"] {
        assert!(standard_with("", &w(bad)).is_err(), "{bad}");
    }
}
