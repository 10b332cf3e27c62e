//! Hand-built positions and orders for engine tests on a map: units by
//! power name and place code, a position at a phase, order lines read by the
//! parser (neutral.rs, loeb9.rs).

use mailjudge_engine::adjudicate::Position;
use mailjudge_engine::map::{PowerId, Unit, UnitType, Variant};
use mailjudge_engine::order::Order;
use mailjudge_engine::parse::parse_line;

pub fn power(v: &Variant, name: &str) -> PowerId {
    v.power_by_name(name).unwrap()
}

/// `who`'s unit of `kind` at `p` (a code, with its coast where it has one: `SPA/NC`).
pub fn unit(v: &Variant, who: &str, kind: UnitType, p: &str) -> Unit {
    Unit { power: power(v, who), kind, loc: v.parse_loc(p).unwrap(), aboard: false }
}

pub fn army(v: &Variant, who: &str, p: &str) -> Unit {
    unit(v, who, UnitType::Army, p)
}

pub fn fleet(v: &Variant, who: &str, p: &str) -> Unit {
    unit(v, who, UnitType::Fleet, p)
}

/// `units` at `phase` (a phase name: `S1901M`), the map's starting centres.
pub fn position(v: &Variant, phase: &str, mut units: Vec<Unit>) -> Position {
    units.sort();
    Position { phase: v.calendar.parse(phase).unwrap(), units, centers: v.initial_centers(), owners: Vec::new(), dislodged: Vec::new() }
}

/// Each `(power, line)`'s orders as the parser reads them in `pos`'s phase.
pub fn orders(v: &Variant, pos: &Position, list: &[(&str, &str)]) -> Vec<(PowerId, Order)> {
    list.iter().flat_map(|(who, text)| parse_line(v, text, Some(pos.phase.kind)).into_iter().map(|o| (power(v, who), o.unwrap()))).collect()
}
