//! Orders as a player sends them: checked against the board at once (an order
//! that is wrong whatever anyone else does is refused with the reason), stored
//! as the order in force for its unit, and what each power still owes.

use super::refusal::{OrderFault, Refusal};
use crate::adjudicate::{self, Position};
use crate::check::{self, OrderError};
use crate::map::{PowerId, Variant};
use crate::order::Order;
use crate::parse;
use crate::phase::PhaseKind;
use crate::rules::RetreatDefault;
use crate::store::orders::{self as stored, OrderRow, SlotBase, SlotKey};
use rusqlite::Connection;

/// Where an order stands among a power's orders in force: `base` names the
/// unit, units or build site it is for, and `room` how many orders may stand
/// under it at once. On the standard map every unit is its own slot (`u:PAR`,
/// room 1: a later order replaces the earlier). Where units share a space
/// (Original 1958, docs/ORIGINAL1958.md D5) the slot is the power's units of
/// one type in one space (`u:PAR:A`, [`SlotBase::Stack`]), with room for one order each; where a
/// base takes several builds (D14), the build site with room for every build
/// owed. Orders in a slot with room for several are stored `u:PAR:A#0`,
/// `#1`, ... in the order written, which is the order the engine hands them out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    pub base: SlotBase,
    pub room: usize,
}

impl Slot {
    /// Whether a stored key belongs to this slot.
    pub fn holds(&self, key: &SlotKey) -> bool {
        key.base == self.base
    }
}

pub fn slot(v: &Variant, pos: &Position, power: PowerId, o: &Order, waives_before: usize) -> Slot {
    let one = |base: SlotBase| Slot { base, room: 1 };
    match o {
        Order::Waive => one(SlotBase::Waive(waives_before)),
        Order::Build(u) if v.builds_at_bases() => {
            let owed = pos.center_count(power).saturating_sub(pos.unit_count(power));
            Slot { base: SlotBase::Build(v.code(u.loc.prov).to_string()), room: owed.max(1) }
        }
        Order::Build(u) => one(SlotBase::Build(v.code(u.loc.prov).to_string())),
        other => {
            let u = other.unit().copied().expect("every order but builds and waives has a unit");
            let code = v.code(u.loc.prov).to_string();
            if !v.units_share_spaces() {
                return one(SlotBase::Unit(code));
            }
            let base = SlotBase::Stack(code, u.kind);
            let adjusting = pos.phase.kind == PhaseKind::Adjustment;
            // an army on board takes no orders (D8) but may be removed (D17)
            let fits = |x: &crate::map::Unit| x.power == power && x.loc.prov == u.loc.prov && u.kind.is_none_or(|k| k == x.kind) && (adjusting || !x.aboard);
            let room = if pos.phase.kind == PhaseKind::Retreat {
                pos.dislodged.iter().filter(|d| fits(&d.unit)).count()
            } else {
                pos.units.iter().filter(|x| fits(x)).count()
            };
            Slot { base, room: room.max(1) }
        }
    }
}

/// The active orders, read back strictly: a row that cannot be read is an
/// error (the game is set aside), never silently dropped.
pub fn parsed_orders(v: &Variant, rows: &[OrderRow]) -> anyhow::Result<Vec<(PowerId, Order)>> {
    rows.iter().map(|r| r.order(v).map(|o| (r.power, o)).map_err(anyhow::Error::from)).collect()
}

/// Where the right-hand rule would send `power`'s dislodged units that
/// have no retreat order if the phase were processed now, in a game whose
/// retreat default is the rule: each unit's code and its destination's
/// (`None`: disbanded, no space left to it). Only `power`'s own orders count
/// (every other dislodged unit taken as unordered): the others' are theirs
/// to see, and an ordered retreat of theirs may yet take a space first.
/// Empty in any other phase or game.
pub fn right_hand_defaults(
    v: &Variant,
    rules: &crate::rules::Rulebook,
    pos: &Position,
    power: PowerId,
    orders: &[(PowerId, Order)],
) -> Vec<(String, Option<String>)> {
    if pos.phase.kind != PhaseKind::Retreat || rules.retreat_default != RetreatDefault::RightHand || !pos.dislodged.iter().any(|d| d.unit.power == power) {
        return Vec::new();
    }
    let own: Vec<(PowerId, Order)> = orders.iter().filter(|(p, _)| *p == power).cloned().collect();
    let out = adjudicate::process(v, rules, pos, &own);
    out.results
        .iter()
        .filter(|r| r.power == power && r.defaulted)
        .filter_map(|r| {
            let unit = r.order.unit()?;
            let code = pos.dislodged.iter().find(|d| d.unit.power == power && d.unit.loc.prov == unit.loc.prov).map(|d| v.unit_code(&d.unit))?;
            match (r.note, &r.order) {
                (Some(adjudicate::Note::DefaultRightHand), Order::Retreat { dest, .. }) => Some((code, Some(v.loc_code(*dest)))),
                (Some(adjudicate::Note::DefaultDisband), _) => Some((code, None)),
                _ => None,
            }
        })
        .collect()
}

/// What a power still has to order.
#[derive(Clone, Debug, Default)]
pub struct Needs {
    /// The power has something to order in this phase.
    pub needs: bool,
    pub complete: bool,
    pub missing: Vec<Missing>,
}

/// What a power still owes in a phase (said by `report::say::orders::missing`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Missing {
    /// A unit without an order (its code: `A PAR`).
    Unit(String),
    /// Removals still owed.
    Removals(usize),
    /// Builds (or WAIVEs) still owed.
    Builds(usize),
}

pub fn needs(v: &Variant, rules: &crate::rules::Rulebook, pos: &Position, power: PowerId, orders: &[(PowerId, Order)]) -> Needs {
    let mine: Vec<&Order> = orders.iter().filter(|(p, _)| *p == power).map(|(_, o)| o).collect();
    // the units of `list` without an order: orders go to a space's units of
    // the type written one each, in the order written (a stack's units, D5)
    let unordered = |list: &mut dyn Iterator<Item = &crate::map::Unit>| -> Vec<Missing> {
        let mut used = vec![false; mine.len()];
        let mut missing = Vec::new();
        for u in list.filter(|u| u.power == power && !u.aboard) {
            let hit =
                mine.iter().enumerate().position(|(i, o)| !used[i] && o.unit().is_some_and(|s| s.loc.prov == u.loc.prov && s.kind.is_none_or(|k| k == u.kind)));
            match hit {
                Some(i) => used[i] = true,
                None => missing.push(Missing::Unit(v.unit_code(u))),
            }
        }
        missing
    };
    match pos.phase.kind {
        PhaseKind::Movement => {
            let missing = unordered(&mut pos.units.iter());
            let needs = pos.units.iter().any(|u| u.power == power && !u.aboard);
            Needs { needs, complete: missing.is_empty(), missing }
        }
        PhaseKind::Retreat => {
            let missing = unordered(&mut pos.dislodged.iter().map(|d| &d.unit));
            let needs = pos.dislodged.iter().any(|d| d.unit.power == power && !d.unit.aboard);
            Needs { needs, complete: missing.is_empty(), missing }
        }
        PhaseKind::Adjustment => {
            // the centres it counts (1900's partisan sites one more each)
            let c = adjudicate::adjust::supply(v, pos, power);
            let u = pos.unit_count(power);
            let removed = mine.iter().filter(|o| matches!(o, Order::Disband(_))).count();
            // SET ANY DISBAND: each removal beyond those owed is a build more
            let owed_builds = adjudicate::adjust::builds_allowed(v, rules, pos, power, removed);
            let built = mine.iter().filter(|o| matches!(o, Order::Build(_) | Order::Waive)).count();
            let builds_missing = if built < owed_builds { vec![Missing::Builds(owed_builds - built)] } else { vec![] };
            if u > c {
                let owed = u - c;
                let missing = if removed < owed { vec![Missing::Removals(owed - removed)] } else { builds_missing };
                Needs { needs: true, complete: missing.is_empty(), missing }
            } else {
                let owed = adjudicate::adjust::builds_possible(v, rules, pos, power);
                Needs { needs: owed > 0, complete: builds_missing.is_empty(), missing: builds_missing }
            }
        }
    }
}

/// Fills in unit types left out (`PAR-BUR` → `A PAR - BUR`) from the board.
/// Where the ordering power has units of both types in the space (a 1958
/// capital that is also a naval base), the type is left out and the order is
/// refused as ambiguous (see [`ambiguous`]).
fn fill_types(pos: &Position, power: PowerId, o: &mut Order) {
    let retreating = pos.phase.kind == PhaseKind::Retreat;
    let fill = |u: &mut crate::order::UnitSpec, own: bool| {
        if u.kind.is_none() && own && retreating {
            // the unit ordered in a retreat phase is the dislodged one, not
            // the attacker now standing in its space
            u.kind = pos.dislodged.iter().find(|d| d.unit.loc.prov == u.loc.prov && d.unit.power == power && !d.unit.aboard).map(|d| d.unit.kind);
        }
        if u.kind.is_none() {
            let units = || pos.units.iter().filter(|x| x.loc.prov == u.loc.prov && !x.aboard);
            let own_kinds = || units().filter(|x| x.power == power).map(|x| x.kind);
            u.kind = match own_kinds().next() {
                Some(k) if own_kinds().all(|x| x == k) => Some(k),
                Some(_) if own => None,
                _ => units().map(|x| x.kind).next(),
            }
            .or_else(|| pos.dislodged.iter().find(|d| d.unit.loc.prov == u.loc.prov && !d.unit.aboard).map(|d| d.unit.kind));
        }
    };
    match o {
        Order::Support { unit, target, .. } => {
            fill(unit, true);
            fill(target, false);
        }
        Order::Convoy { unit, army, .. } => {
            fill(unit, true);
            fill(army, false);
        }
        Order::Build(_) | Order::Waive => {}
        other => {
            if let Some(u) = other.unit_mut() {
                fill(u, true);
            }
        }
    }
}

/// An order whose unit type was left out where the power has both an army
/// and a fleet in the space: which one is meant?
fn ambiguous(v: &Variant, pos: &Position, o: &Order) -> Option<Refusal> {
    let u = o.unit()?;
    if u.kind.is_some() || pos.phase.kind == PhaseKind::Adjustment || !pos.units.iter().any(|x| x.loc.prov == u.loc.prov) {
        return None;
    }
    Some(Refusal::NameTheType { space: v.code(u.loc.prov).to_string() })
}

/// The power of `powers` (a player's seat, its own power first) an order is
/// for: the one whose unit it orders (in a retreat phase, the dislodged
/// unit), whose home centre (where any owned centre is a build site, owned centre) a build is in, or the first that owes builds
/// for a waive (`waived`: how many builds and waives each has in force).
/// The seat's own power where none fits (the order is then refused as for
/// any unit not one's own).
fn route(
    v: &Variant,
    rules: &crate::rules::Rulebook,
    pos: &Position,
    powers: &[PowerId],
    o: &Order,
    waived: impl Fn(PowerId) -> anyhow::Result<usize>,
) -> anyhow::Result<PowerId> {
    let first = powers[0];
    if powers.len() == 1 {
        return Ok(first);
    }
    Ok(match o {
        Order::Build(u) => powers
            .iter()
            .copied()
            .find(|&p| {
                let w = &v.powers[p as usize];
                let anywhere = rules.build_sites != crate::rules::BuildSites::Home;
                w.home.contains(&u.loc.prov) || w.build_sites.contains(&u.loc.prov) || (anywhere && pos.centers[u.loc.prov as usize] == Some(p))
            })
            .unwrap_or(first),
        Order::Waive => {
            for &p in powers {
                if waived(p)? < adjudicate::adjust::builds_possible(v, rules, pos, p) {
                    return Ok(p);
                }
            }
            first
        }
        other => {
            let Some(u) = other.unit() else { return Ok(first) };
            let owner = |x: &crate::map::Unit| (x.loc.prov == u.loc.prov && powers.contains(&x.power)).then_some(x.power);
            let found = if pos.phase.kind == PhaseKind::Retreat { pos.dislodged.iter().find_map(|d| owner(&d.unit)) } else { pos.units.iter().find_map(owner) };
            found.unwrap_or(first)
        }
    })
}

/// What an order is checked against: the game (its map and rules) and the
/// position the order is given in.
#[derive(Clone, Copy)]
pub struct Board<'a> {
    pub game: &'a super::Game,
    pub pos: &'a Position,
}

/// An order accepted: its power, its canonical text, and the order it took
/// the place of when more builds or removals came than are due (njudge: the
/// latest count, the earliest goes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    pub power: PowerId,
    pub order: String,
    pub replaced: Option<String>,
}

/// What each order of a line came to: accepted, or why not.
pub type LineResults = Vec<Result<Accepted, Refusal>>;

/// Which adjustments an order counts among: builds (a waive is one) or removals.
fn adjustment_kind(o: &Order) -> Option<bool> {
    match o {
        Order::Build(_) | Order::Waive => Some(true),
        Order::Disband(_) => Some(false),
        _ => None,
    }
}

/// Checks and records one order line for the powers of a seat (`powers`,
/// the seat's own power first; one power but in games for four, three or
/// two players): each order goes to the power whose unit it orders (see
/// [`route`]). Ok: the power and the canonical order accepted (a line may
/// hold several); Err: why not (with a suggestion). A stored order that
/// cannot be read is an error of the whole call: the judge's fault.
pub fn submit_line(conn: &Connection, board: &Board, powers: &[PowerId], line: &str, mail_id: Option<i64>, now: i64) -> anyhow::Result<LineResults> {
    let Board { game, pos } = *board;
    let (v, rules) = (game.v(), &game.rules);
    // a blind game: orders are checked against the board as the seat sees it,
    // so that no reply tells of a unit out of its sight (docs/RULES.md, "Blind games")
    let seen;
    let pos = if game.settings.blind() {
        seen = super::blind::position(powers, &super::blind::Sight::of(v, powers, pos), pos);
        &seen
    } else {
        pos
    };
    let mut out = Vec::new();
    for parsed in parse::parse_line(v, line, Some(pos.phase.kind)) {
        let mut o = match parsed {
            Ok(o) => o,
            Err(e) => {
                out.push(Err(Refusal::Unreadable(e)));
                continue;
            }
        };
        let power =
            route(v, rules, pos, powers, &o, |p| Ok(stored::current(conn, game.id, game.seq, Some(p))?.iter().filter(|r| r.key.is_adjustment()).count()))?;
        fill_types(pos, power, &mut o);
        if let Some(why) = ambiguous(v, pos, &o) {
            out.push(Err(why));
            continue;
        }
        let rows = stored::current(conn, game.id, game.seq, Some(power))?;
        let waives = rows.iter().filter(|r| matches!(r.key.base, SlotBase::Waive(_))).count();
        let slot = slot(v, pos, power, &o, waives);
        // rows this order takes out of force: the slot's earlier order (room
        // for one), or every order earlier mails gave the slot (room for
        // several: a mail's orders for a stack replace the earlier mails')
        // (room for one: `replace` below takes the earlier order under the same key)
        let (key, stale): (SlotKey, Vec<&SlotKey>) = if slot.room == 1 {
            (SlotKey::one(slot.base.clone()), Vec::new())
        } else {
            let (fresh, stale): (Vec<&OrderRow>, Vec<&OrderRow>) = rows.iter().filter(|r| slot.holds(&r.key)).partition(|r| r.mail_id == mail_id);
            if fresh.len() >= slot.room {
                out.push(Err(Refusal::SlotFull { order: o.canonical(v), room: slot.room, build: matches!(o, Order::Build(_)) }));
                continue;
            }
            let n = (0..).find(|&n| !fresh.iter().any(|r| r.key.index == Some(n))).expect("a free index");
            (SlotKey { base: slot.base.clone(), index: Some(n) }, stale.iter().map(|r| &r.key).collect())
        };
        // check: against the board, and in an adjustment phase the power's
        // other orders (those this order replaces left out)
        let standing: Vec<Order> = if pos.phase.kind == PhaseKind::Adjustment {
            let kept: Vec<OrderRow> = rows.iter().filter(|r| r.key != key && !stale.contains(&&r.key)).cloned().collect();
            parsed_orders(v, &kept)?.into_iter().map(|(_, o)| o).collect()
        } else {
            Vec::new()
        };
        let canonical = o.canonical(v);
        let mut replaced = None;
        let mut checked = check::order(v, rules, pos, power, &standing, &o);
        // more builds or removals than are due: the earliest of the kind goes (njudge)
        if matches!(checked, Err(OrderError::BuildNotOwed | OrderError::RemoveNotOwed)) {
            let kept: Vec<OrderRow> = rows.iter().filter(|r| r.key != key && !stale.contains(&&r.key)).cloned().collect();
            if let Some((earliest, rest)) = earliest_of_kind(v, &kept, &o)?
                && check::order(v, rules, pos, power, &rest, &o).is_ok()
            {
                stored::retire(conn, game.id, game.seq, power, &[&earliest.key])?;
                replaced = Some(earliest.text.clone());
                checked = Ok(());
            }
        }
        if let Err(e) = checked {
            // a disband in a movement phase: the game's SET DISBAND is off
            let fault = if e == OrderError::WrongPhase && pos.phase.kind == PhaseKind::Movement && matches!(o, Order::Disband(_)) {
                OrderFault::MovementDisbandOff
            } else {
                fault(v, pos, power, &e, rules.retreat_default == RetreatDefault::RightHand)
            };
            out.push(Err(Refusal::OrderRefused { fault, order: canonical }));
            continue;
        }
        if !stale.is_empty() {
            stored::retire(conn, game.id, game.seq, power, &stale)?;
        }
        let record = crate::store::records::to_json(v, &o);
        stored::replace(conn, game.id, game.seq, &stored::NewOrder { power, key: &key, text: &canonical, record: &record, mail_id, created: now })?;
        out.push(Ok(Accepted { power, order: canonical, replaced }));
    }
    Ok(out)
}

/// Of the orders `kept` (in the order given), the earliest of the same
/// kind of adjustment as `o`, and the orders left without it.
fn earliest_of_kind(v: &Variant, kept: &[OrderRow], o: &Order) -> anyhow::Result<Option<(OrderRow, Vec<Order>)>> {
    let Some(kind) = adjustment_kind(o) else { return Ok(None) };
    let parsed = parsed_orders(v, kept)?;
    let Some(i) = parsed.iter().position(|(_, x)| adjustment_kind(x) == Some(kind)) else { return Ok(None) };
    let rest = parsed.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, (_, x))| *x).collect();
    Ok(Some((kept[i].clone(), rest)))
}

/// Why an order was refused, with what the unit may do instead (or, for a
/// build, where the power may build).
fn fault(v: &Variant, pos: &Position, power: PowerId, e: &OrderError, right_hand: bool) -> OrderFault {
    match e {
        OrderError::BuildNotBase => OrderFault::BuildNotBase {
            capital: v.current_capital(power, &pos.centers).map(|c| v.code(c).to_string()),
            bases: v.owned_naval_bases(power, &pos.centers).map(|l| v.loc_code(l)).collect(),
        },
        OrderError::NoSuchUnit { units, dislodged } => OrderFault::NoSuchUnit { units: units.iter().map(|u| v.unit_code(u)).collect(), dislodged: *dislodged },
        // with the right-hand rule a unit that can retreat may not disband
        // (the engine voids it: DisbandNotAllowed), so it is not offered
        OrderError::RetreatNotAllowed { options } | OrderError::DisbandNotAllowed { options } => {
            OrderFault::Retreat { note: e.note(), options: options.iter().map(|l| v.loc_code(*l)).collect(), right_hand }
        }
        _ => OrderFault::Note(e.note()),
    }
}
