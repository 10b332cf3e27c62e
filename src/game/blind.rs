//! Blind games (njudge's blind variant modifier, DPjudge's BLIND rule;
//! docs/RULES.md, "Blind games"): what a seat sees of a position and of a
//! phase, as pure functions of the variant, the positions before and after
//! and the phase's results. The master sees everything; the players each
//! get the part these functions leave them.

use crate::adjudicate::{Note, OrderResult, Outcome, Position, ResultKind};
use crate::map::{PowerId, Prov, Unit, UnitType, Variant};
use crate::order::Order;
use crate::phase::PhaseKind;

/// The provinces a seat sees at one moment: those where its units stand
/// (on the board or dislodged), its home centres (owned or not), and every
/// province next to one of them by any of the map's adjacencies (an army's,
/// or a fleet's from any coast: visibility is by province, never by coast).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sight {
    seen: Vec<bool>,
}

impl Sight {
    /// What `seat` sees of `pos`.
    pub fn of(v: &Variant, seat: &[PowerId], pos: &Position) -> Sight {
        let mine = |p: PowerId| seat.contains(&p);
        let mut from: Vec<Prov> = pos.units.iter().filter(|u| mine(u.power)).map(|u| u.loc.prov).collect();
        from.extend(pos.dislodged.iter().filter(|d| mine(d.unit.power)).map(|d| d.unit.loc.prov));
        for &p in seat {
            from.extend(v.powers[p as usize].home.iter().copied());
        }
        let mut seen = vec![false; v.provinces.len()];
        for a in from {
            seen[a as usize] = true;
            for &b in v.army_neighbours(a) {
                seen[b as usize] = true;
            }
            for l in v.fleet_neighbours_of_province(a) {
                seen[l.prov as usize] = true;
            }
        }
        Sight { seen }
    }

    /// Whether province `p` is in sight.
    pub fn sees(&self, p: Prov) -> bool {
        self.seen.get(p as usize).copied().unwrap_or(false)
    }
}

/// `pos` as `seat` sees it with `sight`: its own units, the others' in
/// sight, its own centres and the others' centres in sight (every other
/// centre shown unowned).
pub fn position(seat: &[PowerId], sight: &Sight, pos: &Position) -> Position {
    let shown = |power: PowerId, prov: Prov| seat.contains(&power) || sight.sees(prov);
    let owners = |list: &[Option<PowerId>]| list.iter().enumerate().map(|(i, o)| o.filter(|&o| shown(o, i as Prov))).collect();
    Position {
        phase: pos.phase,
        units: pos.units.iter().filter(|u| shown(u.power, u.loc.prov)).copied().collect(),
        centers: owners(&pos.centers),
        owners: owners(&pos.owners),
        dislodged: pos.dislodged.iter().filter(|d| shown(d.unit.power, d.unit.loc.prov)).cloned().collect(),
    }
}

/// How a foreign unit seen only before or only after the orders shows
/// (DPjudge's words): it moved out of sight, or into it; it stayed where
/// it was and went out of sight (the seat's units moved away), or came
/// into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glimpse {
    Departs,
    Arrives,
    Lost,
    Found,
}

/// A foreign unit glimpsed: where it was seen, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glimpsed {
    pub unit: Unit,
    pub how: Glimpse,
}

/// A phase as one seat sees it: the results of its own orders and of the
/// foreign units it saw both before and after the orders, the units it
/// glimpsed, and the board the phase left, tailored.
#[derive(Clone, Debug)]
pub struct Tailored {
    pub seat: Vec<PowerId>,
    pub out: Outcome,
    pub glimpsed: Vec<Glimpsed>,
}

/// The phase `before` → `out` as `seat` sees it. The sight before the
/// orders is the seat's on `before`, after them on the position the phase
/// left (`out.position`).
pub fn outcome(v: &Variant, seat: &[PowerId], before: &Position, out: &Outcome) -> Tailored {
    let (was, now) = (Sight::of(v, seat, before), Sight::of(v, seat, &out.position));
    let mut results = Vec::new();
    let mut glimpsed = Vec::new();
    for r in &out.results {
        if seat.contains(&r.power) {
            results.push(own_result(seat, &was, r));
            continue;
        }
        let (from, to) = path(before.phase.kind, r);
        let seen_before = from.is_some_and(|u| was.sees(u.loc.prov));
        let seen_after = to.is_some_and(|u| now.sees(u.loc.prov));
        let moved = matches!((from, to), (Some(a), Some(b)) if a.loc.prov != b.loc.prov);
        // a unit that came or went (built, removed, disbanded) is seen whole where it was in sight
        let whole = (seen_before || from.is_none()) && (seen_after || to.is_none()) && (seen_before || seen_after);
        match (whole, seen_before, seen_after) {
            (true, _, _) => results.push(foreign_result(seat, &was, r)),
            (false, true, _) => glimpsed.extend(from.map(|unit| Glimpsed { unit, how: if moved { Glimpse::Departs } else { Glimpse::Lost } })),
            (false, _, true) => glimpsed.extend(to.map(|unit| Glimpsed { unit, how: if moved { Glimpse::Arrives } else { Glimpse::Found } })),
            _ => {}
        }
    }
    let shown = |u: &Unit| seat.contains(&u.power) || now.sees(u.loc.prov);
    let tailored = Outcome {
        phase: out.phase,
        results,
        position: position(seat, &now, &out.position),
        dislodged: out.dislodged.iter().filter(|d| shown(&d.unit)).cloned().collect(),
        next_phase: out.next_phase,
        end: out.end.clone(),
    };
    Tailored { seat: seat.to_vec(), out: tailored, glimpsed }
}

/// Where the unit of result `r` stood before the phase and where it stands
/// after it (`None`: it was not there yet, a build; or is gone, a removal,
/// a disband).
fn path(kind: PhaseKind, r: &OrderResult) -> (Option<Unit>, Option<Unit>) {
    let unit = |spec: &crate::order::UnitSpec| Unit { power: r.power, kind: spec.kind.unwrap_or(UnitType::Army), loc: spec.loc, aboard: false };
    let ok = r.result == ResultKind::Ok;
    match (&r.order, kind) {
        (Order::Build(spec), _) => (None, ok.then(|| unit(spec))),
        (Order::Waive, _) => (None, None),
        (Order::Disband(spec), _) => (Some(unit(spec)), (!ok).then(|| unit(spec))),
        (Order::Move { unit: spec, dest, .. } | Order::Retreat { unit: spec, dest }, _) if ok => (Some(unit(spec)), Some(Unit { loc: *dest, ..unit(spec) })),
        // a retreat that failed: the unit is disbanded
        (o, PhaseKind::Retreat) => (o.unit().map(unit), None),
        (o, _) => (o.unit().map(unit), o.unit().map(unit)),
    }
}

/// Whether a void order's note would tell its power about other powers'
/// units (what they were ordered to do, whether they are there at all):
/// such a result is shown as if the order stood (DPjudge: `(*void*)` is
/// never disclosed; njudge: no information from illegal orders).
fn tells_of_others(note: Option<Note>) -> bool {
    matches!(note, Some(Note::SupportMismatch | Note::SupportOfMovingUnit | Note::ConvoyMismatch | Note::ConvoyNotUsed | Note::NoConvoyRoute))
}

/// The unit that made a result, where the seat saw it before the orders.
fn seen_by(seat: &[PowerId], was: &Sight, by: Option<Unit>) -> Option<Unit> {
    by.filter(|u| seat.contains(&u.power) || was.sees(u.loc.prov))
}

/// One of the seat's own results, as it sees it: the type of a unit it
/// supported or convoyed out of its sight as it wrote it (the engine fills
/// it in from the whole board).
fn own_result(seat: &[PowerId], was: &Sight, r: &OrderResult) -> OrderResult {
    let mut r = r.clone();
    if r.result == ResultKind::Void && tells_of_others(r.note) {
        (r.result, r.note) = (ResultKind::Ok, None);
    }
    if let Order::Support { target: other, .. } | Order::Convoy { army: other, .. } = &mut r.order
        && !was.sees(other.loc.prov)
    {
        other.kind = None;
    }
    r.by = seen_by(seat, was, r.by);
    r
}

/// A foreign unit's result, seen: its order and what came of it, but
/// never that it was void.
fn foreign_result(seat: &[PowerId], was: &Sight, r: &OrderResult) -> OrderResult {
    let mut r = r.clone();
    if r.result == ResultKind::Void {
        (r.result, r.note) = (ResultKind::Ok, None);
    }
    r.by = seen_by(seat, was, r.by);
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rulebook;

    fn play(v: &Variant, pos: &Position, orders: &[(&str, &str)]) -> Outcome {
        let orders: Vec<(PowerId, Order)> =
            orders.iter().map(|(p, o)| (v.power_by_name(p).unwrap(), crate::parse::parse_order(v, o, Some(pos.phase.kind)).unwrap())).collect();
        crate::adjudicate::process(v, &Rulebook::datc(), pos, &orders)
    }

    #[test]
    fn a_power_sees_around_its_units_and_home_centres_and_no_further() {
        let v = Variant::standard();
        let pos = Position::initial(&v);
        let england = v.power_by_name("ENGLAND").unwrap();
        let s = Sight::of(&v, &[england], &pos);
        let at = |c: &str| s.sees(v.prov_by_code(c).unwrap());
        // its own spaces, their neighbours by land and by sea
        assert!(at("LON") && at("EDI") && at("LVP") && at("NTH") && at("ENG") && at("YOR") && at("CLY"));
        assert!(at("NWG") && at("IRI") && at("WAL"));
        // across the board: not
        assert!(!at("CON") && !at("ANK") && !at("PAR") && !at("NWY") && !at("BRE"));
    }

    #[test]
    fn the_position_keeps_what_is_in_sight_and_shows_other_centres_unowned() {
        let v = Variant::standard();
        let pos = Position::initial(&v);
        let (england, turkey) = (v.power_by_name("ENGLAND").unwrap(), v.power_by_name("TURKEY").unwrap());
        let seen = position(&[england], &Sight::of(&v, &[england], &pos), &pos);
        assert!(seen.units.iter().all(|u| u.power == england));
        assert_eq!(seen.units.len(), 3);
        assert_eq!(seen.centers[v.prov_by_code("LON").unwrap() as usize], Some(england));
        assert_eq!(seen.centers[v.prov_by_code("CON").unwrap() as usize], None);
        assert_eq!(pos.centers[v.prov_by_code("CON").unwrap() as usize], Some(turkey));
    }

    #[test]
    fn foreign_units_show_whole_when_seen_before_and_after_else_as_glimpses() {
        let v = Variant::standard();
        let pos = Position::initial(&v);
        let england = v.power_by_name("ENGLAND").unwrap();
        // England sees BRE neither before nor after; ENG (next to London) and
        // DEN (next to NTH, where F LON ends) after the moves
        let out = play(&v, &pos, &[("FRANCE", "F BRE - ENG"), ("GERMANY", "F KIE - DEN"), ("TURKEY", "F ANK - BLA"), ("ENGLAND", "F LON - NTH")]);
        let t = outcome(&v, &[england], &pos, &out);
        let texts: Vec<String> = t.out.results.iter().map(|r| r.order.canonical(&v)).collect();
        // its own orders, all of them
        assert!(texts.contains(&"F LON - NTH".to_string()), "{texts:?}");
        assert!(texts.iter().all(|t| !t.contains("ANK") && !t.contains("CON") && !t.contains("SMY")), "{texts:?}");
        assert!(t.out.position.units.iter().any(|u| v.code(u.loc.prov) == "ENG"));
        assert!(t.out.position.units.iter().all(|u| v.code(u.loc.prov) != "BLA"));
        // both came into sight: they arrive
        let glimpses: Vec<(String, Glimpse)> = t.glimpsed.iter().map(|g| (v.unit_code(&g.unit), g.how)).collect();
        assert!(glimpses.contains(&("F DEN".to_string(), Glimpse::Arrives)), "{glimpses:?}");
        assert!(glimpses.contains(&("F ENG".to_string(), Glimpse::Arrives)), "{glimpses:?}");
    }

    #[test]
    fn a_void_support_of_a_foreign_unit_is_not_disclosed() {
        let v = Variant::standard();
        let pos = Position::initial(&v);
        let england = v.power_by_name("ENGLAND").unwrap();
        // England supports a French move France never ordered: void for the master, given for England
        let out = play(&v, &pos, &[("ENGLAND", "F LON S F BRE - ENG"), ("FRANCE", "F BRE H")]);
        let full = out.results.iter().find(|r| r.power == england).unwrap();
        assert_eq!((full.result, full.note), (ResultKind::Void, Some(Note::SupportMismatch)));
        let t = outcome(&v, &[england], &pos, &out);
        let seen = t.out.results.iter().find(|r| r.power == england).unwrap();
        assert_eq!((seen.result, seen.note), (ResultKind::Ok, None));
    }

    #[test]
    fn a_foreign_unit_that_stays_is_lost_or_found_as_the_seats_units_move() {
        let v = Variant::standard();
        let u = |p: &str, s: &str| v.parse_unit(v.power_by_name(p).unwrap(), s).unwrap();
        let mut units = vec![u("ENGLAND", "F NTH"), u("GERMANY", "F HOL"), u("RUSSIA", "A SWE")];
        units.sort();
        let pos = Position { phase: v.start, units, centers: v.initial_centers(), owners: Vec::new(), dislodged: Vec::new() };
        let out = play(&v, &pos, &[("ENGLAND", "F NTH - NWY"), ("GERMANY", "F HOL H"), ("RUSSIA", "A SWE H")]);
        let t = outcome(&v, &[v.power_by_name("ENGLAND").unwrap()], &pos, &out);
        let glimpses: Vec<(String, Glimpse)> = t.glimpsed.iter().map(|g| (v.unit_code(&g.unit), g.how)).collect();
        assert_eq!(glimpses, [("F HOL".to_string(), Glimpse::Lost), ("A SWE".to_string(), Glimpse::Found)]);
        // the board after: the Russian army in sight, the German fleet not
        let codes: Vec<String> = t.out.position.units.iter().map(|u| v.unit_code(u)).collect();
        assert!(codes.contains(&"A SWE".to_string()) && !codes.contains(&"F HOL".to_string()), "{codes:?}");
        assert_eq!(t.out.results.len(), 1, "England's own order alone is shown whole");
    }
}
