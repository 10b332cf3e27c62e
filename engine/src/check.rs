//! One order checked against a position, without adjudicating: is it wrong
//! whatever anyone else orders? The judge refuses such an order when it
//! arrives ([`order`]); the adjudicator voids it with the same reason, for
//! both go through the same tests (`adjudicate::movement::move_target`,
//! `retreat::read_order`, `adjust::step`, the layers' readings of boarding
//! and A/F orders). Whatever depends on other orders (a support of a move not
//! made, a convoy of an army not moving, several orders for one unit, a
//! boarding without its partner) is for the adjudication to say.

use crate::adjudicate::movement::{fleets_could_carry, impossible_support, lone_stack_unit, move_target};
use crate::adjudicate::{Note, Position, adjust, boarding, carried_note, ferry, retreat};
use crate::map::{Loc, PowerId, Prov, ProvinceKind, Stacking, Unit, UnitType, Variant};
use crate::order::Order;
use crate::phase::PhaseKind;
use crate::rules::Rulebook;

/// Why an order is refused: wrong whatever else is ordered. One variant a
/// reason; [`OrderError::note`] is the note the adjudicator voids it with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderError {
    /// The power has no unit there: `units` are the units it has (in a
    /// retreat phase, `dislodged`, its dislodged units).
    NoSuchUnit {
        units: Vec<Unit>,
        dislodged: bool,
    },
    NotYourUnit,
    WrongUnitType,
    NotAdjacent,
    CannotEnter,
    CoastNeeded,
    CoastUnreachable,
    ToOwnProvince,
    SupportUnreachable,
    SupportOwnProvince,
    ConvoyNotAtSea,
    ConvoyNotAtSeaOrPort,
    NoConvoys,
    WrongPhase,
    NotDislodged,
    /// Not a retreat the unit may make: `options` are those it may.
    RetreatNotAllowed {
        options: Vec<Loc>,
    },
    /// A disband where the right-hand rule retreats the unit: `options` are
    /// the retreats it may make.
    DisbandNotAllowed {
        options: Vec<Loc>,
    },
    BuildNotHome,
    BuildNotBase,
    BuildNotOwned,
    BuildOccupied,
    BuildNotOwed,
    BuildNeedsType,
    BuildNeedsCoast,
    BuildBadType,
    BuildNeedsHome,
    BuildNotCentre,
    BuildNotAnyHome,
    BuildPartisanIdle,
    HalfStrengthSupport,
    OwnerOnly,
    RemoveNotOwed,
    StackCoastNeeded,
    BoardCarrying,
    Closed,
    StackMate,
    SupportSelf,
    CarriedNoOrder,
    Shut,
    Trapped,
    StraitSupport,
}

impl OrderError {
    /// The note the adjudicator gives the order (it voids it).
    pub fn note(&self) -> Note {
        use OrderError as E;
        match self {
            E::NoSuchUnit { .. } => Note::NoSuchUnit,
            E::NotYourUnit => Note::NotYourUnit,
            E::WrongUnitType => Note::WrongUnitType,
            E::NotAdjacent => Note::NotAdjacent,
            E::CannotEnter => Note::CannotEnter,
            E::CoastNeeded => Note::CoastNeeded,
            E::CoastUnreachable => Note::CoastUnreachable,
            E::ToOwnProvince => Note::ToOwnProvince,
            E::SupportUnreachable => Note::SupportUnreachable,
            E::SupportOwnProvince => Note::SupportOwnProvince,
            E::ConvoyNotAtSea => Note::ConvoyNotAtSea,
            E::ConvoyNotAtSeaOrPort => Note::ConvoyNotAtSeaOrPort,
            E::NoConvoys => Note::NoConvoys,
            E::WrongPhase => Note::WrongPhase,
            E::NotDislodged => Note::NotDislodged,
            E::RetreatNotAllowed { .. } => Note::RetreatNotAllowed,
            E::DisbandNotAllowed { .. } => Note::DisbandNotAllowed,
            E::BuildNotHome => Note::BuildNotHome,
            E::BuildNotBase => Note::BuildNotBase,
            E::BuildNotOwned => Note::BuildNotOwned,
            E::BuildOccupied => Note::BuildOccupied,
            E::BuildNotOwed => Note::BuildNotOwed,
            E::BuildNeedsType => Note::BuildNeedsType,
            E::BuildNeedsCoast => Note::BuildNeedsCoast,
            E::BuildBadType => Note::BuildBadType,
            E::BuildNeedsHome => Note::BuildNeedsHome,
            E::BuildNotCentre => Note::BuildNotCentre,
            E::BuildNotAnyHome => Note::BuildNotAnyHome,
            E::BuildPartisanIdle => Note::BuildPartisanIdle,
            E::HalfStrengthSupport => Note::HalfStrengthSupport,
            E::OwnerOnly => Note::OwnerOnly,
            E::RemoveNotOwed => Note::RemoveNotOwed,
            E::StackCoastNeeded => Note::StackCoastNeeded,
            E::BoardCarrying => Note::BoardCarrying,
            E::Closed => Note::Closed,
            E::StackMate => Note::StackMate,
            E::SupportSelf => Note::SupportSelf,
            E::CarriedNoOrder => Note::CarriedNoOrder,
            E::Shut => Note::Shut,
            E::Trapped => Note::Trapped,
            E::StraitSupport => Note::StraitSupport,
        }
    }
}

/// Whether a note voids an order whatever else is ordered (the notes an
/// [`OrderError`] stands for); the others depend on the other orders.
pub fn refuses(n: Note) -> bool {
    error_of(n, || (Vec::new(), false), Vec::new).is_some()
}

/// The error a note stands for, with its data (`units`: the power's units
/// and whether they are its dislodged ones; `options`: the unit's retreats);
/// `None` for a note that depends on other orders.
fn error_of(n: Note, units: impl FnOnce() -> (Vec<Unit>, bool), options: impl Fn() -> Vec<Loc>) -> Option<OrderError> {
    use OrderError as E;
    Some(match n {
        Note::NoSuchUnit => {
            let (units, dislodged) = units();
            E::NoSuchUnit { units, dislodged }
        }
        Note::NotYourUnit => E::NotYourUnit,
        Note::WrongUnitType => E::WrongUnitType,
        Note::NotAdjacent => E::NotAdjacent,
        Note::CannotEnter => E::CannotEnter,
        Note::CoastNeeded => E::CoastNeeded,
        Note::CoastUnreachable => E::CoastUnreachable,
        Note::ToOwnProvince => E::ToOwnProvince,
        Note::SupportUnreachable => E::SupportUnreachable,
        Note::SupportOwnProvince => E::SupportOwnProvince,
        Note::ConvoyNotAtSea => E::ConvoyNotAtSea,
        Note::ConvoyNotAtSeaOrPort => E::ConvoyNotAtSeaOrPort,
        Note::NoConvoys => E::NoConvoys,
        Note::WrongPhase => E::WrongPhase,
        Note::NotDislodged => E::NotDislodged,
        Note::RetreatNotAllowed => E::RetreatNotAllowed { options: options() },
        Note::DisbandNotAllowed => E::DisbandNotAllowed { options: options() },
        Note::BuildNotHome => E::BuildNotHome,
        Note::BuildNotBase => E::BuildNotBase,
        Note::BuildNotOwned => E::BuildNotOwned,
        Note::BuildOccupied => E::BuildOccupied,
        Note::BuildNotOwed => E::BuildNotOwed,
        Note::BuildNeedsType => E::BuildNeedsType,
        Note::BuildNeedsCoast => E::BuildNeedsCoast,
        Note::BuildBadType => E::BuildBadType,
        Note::BuildNeedsHome => E::BuildNeedsHome,
        Note::BuildNotCentre => E::BuildNotCentre,
        Note::BuildNotAnyHome => E::BuildNotAnyHome,
        Note::BuildPartisanIdle => E::BuildPartisanIdle,
        Note::HalfStrengthSupport => E::HalfStrengthSupport,
        Note::OwnerOnly => E::OwnerOnly,
        Note::RemoveNotOwed => E::RemoveNotOwed,
        Note::StackCoastNeeded => E::StackCoastNeeded,
        Note::BoardCarrying => E::BoardCarrying,
        Note::Closed => E::Closed,
        Note::StackMate => E::StackMate,
        Note::SupportSelf => E::SupportSelf,
        Note::CarriedNoOrder => E::CarriedNoOrder,
        Note::Shut => E::Shut,
        Note::Trapped => E::Trapped,
        Note::StraitSupport => E::StraitSupport,
        _ => return None,
    })
}

/// Checks order `o` of `power` against `pos`: `Err` when it is wrong
/// whatever else anyone orders (the adjudication would void it so).
/// `standing`: in an adjustment phase, the power's other orders in force,
/// in the order given (they may use up the builds or removals it owes);
/// ignored in other phases. A neutral power's orders are never checked
/// (the adjudication drops them).
pub fn order(v: &Variant, rules: &Rulebook, pos: &Position, power: PowerId, standing: &[Order], o: &Order) -> Result<(), OrderError> {
    if rules.is_neutral(power) {
        return Ok(());
    }
    let rules = &rules.in_phase(v, pos.phase).holding(v, &pos.centers);
    let note = match pos.phase.kind {
        PhaseKind::Movement if rules.movement_disband && matches!(o, Order::Disband(_)) => movement_disband(pos, power, o),
        PhaseKind::Movement => movement(v, rules, pos, power, o),
        PhaseKind::Retreat => {
            let d = retreat::ordered_units(v, pos);
            retreat::read_order(v, rules, &d, &mut vec![0; d.len()], power, o).err().map(|(_, n)| n)
        }
        PhaseKind::Adjustment => {
            // taken in the adjudicator's turn (SET ANY DISBAND: removals first)
            let mut all: Vec<(PowerId, Order)> = standing.iter().map(|s| (power, *s)).collect();
            all.push((power, *o));
            let mut t = adjust::Tally::new(v, rules, pos);
            let mut note = None;
            for i in adjust::in_turn(rules, &all) {
                let n = adjust::step(v, pos, &mut t, power, &mut all[i].1.clone()).1;
                if i == standing.len() {
                    note = n;
                }
            }
            note
        }
    };
    let note = if v.features.boarding || v.features.army_fleet { note.map(|n| carried_note(v, pos, power, o, n)) } else { note };
    let units = || {
        let dislodged = pos.phase.kind == PhaseKind::Retreat;
        let units = if dislodged {
            pos.dislodged.iter().filter(|d| d.unit.power == power).map(|d| d.unit).collect()
        } else {
            pos.units.iter().filter(|u| u.power == power).copied().collect()
        };
        (units, dislodged)
    };
    let options = || o.unit().and_then(|u| pos.dislodged.iter().find(|d| d.unit.loc.prov == u.loc.prov)).map(|d| d.options.clone()).unwrap_or_default();
    match note.and_then(|n| error_of(n, units, options)) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The note a disband in a movement phase gets where the game allows it
/// (`SET DISBAND`): as `adjudicate`'s `disband_first` reads it, the unit
/// standing in the space, the power's own and of the type written.
fn movement_disband(pos: &Position, power: PowerId, o: &Order) -> Option<Note> {
    let spec = o.unit()?;
    match pos.unit_at(spec.loc.prov) {
        None => Some(Note::NoSuchUnit),
        Some(u) if u.power != power => Some(Note::NotYourUnit),
        Some(u) if spec.kind.is_some_and(|k| k != u.kind) => Some(Note::WrongUnitType),
        Some(_) => None,
    }
}

/// The note a movement-phase order given alone gets before resolution, as
/// the movement adjudicator (and its layer for boarding or A/F units) reads it.
fn movement(v: &Variant, rules: &Rulebook, pos: &Position, power: PowerId, o: &Order) -> Option<Note> {
    if v.features.boarding {
        let (free, carried) = boarding::free_units(&pos.units);
        let stacks = !free.is_empty() || v.wide;
        let Order::Board { unit, dest, .. } = *o else { return lone(v, rules, &free, power, o, stacks) };
        // the unit the layer gives it to, and what it says of it (D7)
        let fit = |f: &Unit| f.power == power && f.loc.prov == unit.loc.prov && unit.kind.is_none_or(|t| t == f.kind);
        if let Some(u) = free.iter().position(fit)
            && let Some(n) = boarding::board_void(v, &free[u], carried[u].is_some(), dest.map_or(unit.loc.prov, |d| d.prov))
        {
            return Some(n);
        }
        // the resolver reads a boarding as a move or a hold
        let read = match dest {
            Some(d) => Order::Move { unit, dest: d, via: false },
            None => Order::Hold(unit),
        };
        return lone(v, rules, &free, power, &read, stacks);
    }
    if v.features.army_fleet {
        let prep = ferry::prepare(v, &pos.units, &[(power, *o)]);
        return match prep.pre[0] {
            ferry::Pre::Void(n) => Some(n),
            ferry::Pre::Core => {
                // the resolver sees the units not on board, but for a unit sailing into the Box
                let units: Vec<Unit> = (0..prep.pos.len()).filter(|&u| !prep.pos[u].aboard && !prep.into_box[u]).map(|u| prep.pos[u]).collect();
                lone(v, rules, &units, power, &prep.orders[0].1, true)
            }
            _ => None,
        };
    }
    lone(v, rules, &pos.units, power, o, v.features.stacking == Stacking::HomeBases || v.wide)
}

/// The note the movement resolver gives `order`, the only order, before
/// resolving (`stacks`: it reads the units as stacks, D5).
fn lone(v: &Variant, rules: &Rulebook, units: &[Unit], power: PowerId, order: &Order, stacks: bool) -> Option<Note> {
    let spec = match order {
        Order::Hold(s) => *s,
        Order::Move { unit, .. } | Order::Support { unit, .. } | Order::Convoy { unit, .. } => *unit,
        _ => return Some(Note::WrongPhase),
    };
    let unit = if stacks {
        // the stacks as the resolver lists them
        match lone_stack_unit(v, units, power, spec) {
            Ok(u) => units[u],
            Err(n) => return Some(n),
        }
    } else {
        let Some(u) = units.iter().rev().find(|u| u.loc.prov == spec.loc.prov) else { return Some(Note::NoSuchUnit) };
        if u.power != power {
            return Some(Note::NotYourUnit);
        }
        if spec.kind.is_some_and(|t| t != u.kind) {
            return Some(Note::WrongUnitType);
        }
        *u
    };
    match *order {
        Order::Move { dest, via, .. } => {
            if via && unit.kind == UnitType::Army && !v.features.convoys {
                return Some(Note::NoConvoys);
            }
            match move_target(v, rules, &unit, dest) {
                Err(n) => Some(n),
                // no fleets at sea that could ever carry it: impossible
                Ok((_, true)) if !fleets_could_carry(v, units, unit.loc.prov, dest.prov) => Some(Note::NotAdjacent),
                Ok(_) => None,
            }
        }
        Order::Convoy { .. } if !v.features.convoys => Some(Note::NoConvoys),
        Order::Convoy { .. } if unit.kind != UnitType::Fleet || !v.convoys_from(unit.loc.prov) => Some(Note::not_a_convoying_fleet(v)),
        Order::Convoy { .. } if rules.is_shut(unit.loc.prov) => Some(Note::Trapped),
        Order::Support { target, dest, .. } => support(v, rules, units, &unit, target.loc.prov, dest.map(|d| d.prov), stacks),
        _ => None,
    }
}

/// The note a support given alone gets: the supported unit has no order,
/// so a support of a move is void for that (it depends on other orders),
/// and so is a support of a space where no unit stands (a valid order that
/// fails); what the supporter could never do is refused
/// ([`crate::adjudicate::movement::impossible_support`]).
fn support(v: &Variant, rules: &Rulebook, units: &[Unit], unit: &Unit, target: Prov, dest: Option<Prov>, stacks: bool) -> Option<Note> {
    if v.features.army_fleet {
        // supports from or into the High Ocean Box (E16)
        let in_box = v.is_ocean_box(unit.loc.prov);
        let out_of_box = v.is_ocean_box(target) && dest.is_some_and(|d| v.kind(d) == ProvinceKind::Sea && !v.is_ocean_box(d));
        if (in_box && (target != unit.loc.prov || !out_of_box)) || (v.is_ocean_box(target) && !out_of_box) {
            return None;
        }
    }
    let mates = stacks && units.iter().filter(|u| u.loc.prov == target).nth(1).is_some();
    impossible_support(v, rules, unit, target, dest, mates)
}
