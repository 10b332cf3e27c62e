//! Movement phases.
//!
//! Each order becomes a decision (a move succeeds, a support is given, a convoying
//! fleet stays in place), plus one "path" decision per convoyed move. Decisions are
//! resolved by Kruijswijk's method: resolve recursively; where a decision depends on
//! itself (a cycle whose every guess was opened inside it), try both guesses; if
//! exactly one gives a consistent result, take it; if both or neither do, apply a
//! backup rule to the cycle — the Szykman rule when a convoy is part of it (the
//! convoyed armies in the cycle do not move and have no effect), circular movement
//! otherwise (all moves in the cycle succeed). A cycle that runs through a decision
//! still open higher up is left to that decision (see `Resolver::resolve`).
//!
//! On a map with home-base stacking (Original 1958) several units share a space:
//! orders go to a stack's units in the order written, a stack defends as one and
//! falls whole (docs/ORIGINAL1958.md D3-D6); that code stays off the standard path.

use super::{Dislodged, Note, OrderResult, ResultKind};
use crate::map::{Coast, Loc, PowerId, Prov, ProvinceKind, Stacking, Unit, UnitType, Variant};
use crate::order::Order;
use crate::rules::{ConvoyIntent, Paradox, Rulebook};

const NONE: u32 = u32::MAX;

/// In [`Extra::land`]: a landing from the army's own space.
pub(crate) const LAND_HERE: u32 = u32::MAX - 2;
/// In [`Extra::land`]: a landing from the army's own space whose fleet
/// leaves it for the High Ocean Box (a move that never fails, E16): if the
/// landing fails the army sails on board, so it does not defend the space.
pub(crate) const LAND_AWAY: u32 = u32::MAX - 3;

/// What a layer over the resolver adds to a movement phase (every list empty
/// where it adds nothing).
#[derive(Default)]
pub(crate) struct Extra {
    /// Original 1958 boarding: see [`Resolver::board`].
    pub board: Vec<u32>,
    /// 1885 A/F landings (docs/RULES1885.md E10, E11), one entry a unit: for
    /// a carried army's landing, [`LAND_HERE`] (it lands from its own space,
    /// whatever its fleet does) or the fleet whose move must succeed for it
    /// to land from the fleet's destination; `NONE` for every other unit.
    /// The layer has checked that the army can land there from that space.
    pub land: Vec<u32>,
}

/// How a moving unit may join units of its power where it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Join {
    No,
    /// Its own units of its type, in its current capital (armies) or an owned
    /// naval base (fleets): Original 1958 (D6), any number.
    Base,
    /// Any of its own units, in a space whose `capacity` has room for all
    /// the power's units there and coming (docs/RULES.md).
    Room,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Hold,
    Move,
    Support,
    Convoy,
    Void(Note),
    NoConvoy,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// The result of a movement phase.
pub struct Movement {
    pub results: Vec<OrderResult>,
    /// Units on the board afterwards (dislodged units excluded).
    pub units: Vec<Unit>,
    pub dislodged: Vec<Dislodged>,
}

struct Resolver<'a> {
    v: &'a Variant,
    /// Provinces no unit may enter (Rulebook::closed).
    closed: Rulebook,
    units: &'a [Unit],
    n: usize,
    occ: Vec<u32>,
    /// Several units a province: home-base stacks (Original 1958), carried
    /// armies, or spaces with room for several (`capacity`).
    stacks: bool,
    /// With `stacks`: the next unit in the same province (`NONE` at the end).
    next: Vec<u32>,
    /// With `stacks`: whether the unit moves to a space where it may join its
    /// own units (D6, and spaces with room).
    may_join: Vec<Join>,
    status: Vec<Status>,
    dest: Vec<Prov>,
    dest_loc: Vec<Loc>,
    convoyed: Vec<bool>,
    /// For a valid support: the supported unit.
    sup_target: Vec<u32>,
    /// For a valid support: the province support is given into.
    sup_into: Vec<Prov>,
    /// For a convoy order in use: the army it carries.
    convoy_for: Vec<u32>,
    state: Vec<State>,
    res: Vec<bool>,
    /// Reads of guesses (and decisions left open on them), innermost last.
    deps: Vec<usize>,
    /// When each decision was last opened (later = deeper in the evaluation).
    stamp: Vec<u32>,
    clock: u32,
    /// Set when a decision found no value consistent with the guesses above it.
    contra: bool,
    /// Decisions set by a backup rule rather than by their own evaluation.
    forced: Vec<bool>,
    /// Original 1958 boarding (empty elsewhere): for a unit's boarding move,
    /// its partner (`UNMATCHED` without one); `NONE` for every other unit.
    board: Vec<u32>,
    /// 1885 landings (empty elsewhere): see [`Extra`].
    land: Vec<u32>,
    paradox: Paradox,
    /// The valid supports given to each unit, as lists in unit order: the
    /// first (`NONE` for none) by supported unit, the next by supporting unit.
    sup_first: Vec<u32>,
    sup_next: Vec<u32>,
    /// The moves into each province, as lists in unit order: the first by
    /// province, the next by moving unit.
    into_first: Vec<u32>,
    into_next: Vec<u32>,
    /// The fleets ordered to convoy each army (a matching convoy order), as
    /// lists in unit order: the first by army, the next by fleet.
    conv_first: Vec<u32>,
    conv_next: Vec<u32>,
}

/// The working arrays of [`core`], kept between calls on one thread so that
/// an adjudication does not allocate them afresh (each is cleared and filled
/// again before use).
#[derive(Default)]
struct Scratch {
    occ: Vec<u32>,
    assigned: Vec<u32>,
    several: Vec<bool>,
    pre: Vec<Option<Note>>,
    order_unit: Vec<u32>,
    status: Vec<Status>,
    dest: Vec<Prov>,
    dest_loc: Vec<Loc>,
    convoyed: Vec<bool>,
    sup_target: Vec<u32>,
    sup_into: Vec<Prov>,
    convoy_for: Vec<u32>,
    state: Vec<State>,
    res: Vec<bool>,
    deps: Vec<usize>,
    stamp: Vec<u32>,
    forced: Vec<bool>,
    sup_first: Vec<u32>,
    sup_next: Vec<u32>,
    into_first: Vec<u32>,
    into_next: Vec<u32>,
    conv_first: Vec<u32>,
    conv_next: Vec<u32>,
    wants_convoy: Vec<bool>,
    via: Vec<bool>,
    ordered_move: Vec<bool>,
    dislodged_by: Vec<u32>,
    occupied: Vec<bool>,
    contested: Vec<bool>,
}

thread_local! {
    static SCRATCH: std::cell::Cell<Scratch> = std::cell::Cell::new(Scratch::default());
}

/// `v` emptied and filled with `n` copies of `x` (its allocation kept).
fn filled<T: Clone>(mut v: Vec<T>, n: usize, x: T) -> Vec<T> {
    v.clear();
    v.resize(n, x);
    v
}

/// A boarding move without a partner (it fails, but stands others off).
const UNMATCHED: u32 = u32::MAX - 1;

/// Adjudicates a movement phase. `orders` may contain anything players sent;
/// orders that do not fit the board are reported `void`.
pub fn adjudicate(v: &Variant, rules: &Rulebook, units: &[Unit], orders: &[(PowerId, Order)]) -> Movement {
    adjudicate_with(v, rules, units, &[], orders)
}

/// As [`adjudicate`], with the centre owners at the start of the phase (on a
/// map with home-base stacking they say where a power's units may stack: its
/// current capital and its owned naval bases; without them, the original
/// capital and every naval base).
pub fn adjudicate_with(v: &Variant, rules: &Rulebook, units: &[Unit], centers: &[Option<PowerId>], orders: &[(PowerId, Order)]) -> Movement {
    if v.features.boarding {
        return super::boarding::movement(v, rules, units, centers, orders);
    }
    if v.features.army_fleet {
        return super::ferry::movement(v, rules, units, centers, orders);
    }
    core(v, rules, units, centers, orders, Extra::default()).0
}

/// The movement resolver. `extra` adds what a layer over it needs: the
/// boarding moves (Original 1958, see [`Resolver::board`]) or the landings
/// of A/F armies (1885). With either, also where each unit ends (`None`:
/// dislodged); without, nothing.
pub(crate) fn core(
    v: &Variant,
    rules: &Rulebook,
    units: &[Unit],
    centers: &[Option<PowerId>],
    orders: &[(PowerId, Order)],
    extra: Extra,
) -> (Movement, Vec<Option<Loc>>) {
    let n = units.len();
    let np = v.provinces.len();
    let sc = SCRATCH.with(std::cell::Cell::take);
    let Extra { board, land } = extra;
    // boarding moves are handled on the stacks' path (one unit a space is a
    // stack of one), so a map with boarding goes that way too; so do A/F
    // units (a fleet and its army share a space)
    let stacks = v.features.stacking == Stacking::HomeBases || !board.is_empty() || v.wide || v.features.army_fleet;
    let mut occ = filled(sc.occ, np, NONE);
    // on a stacking map: the units of a province as a list from `occ` (the
    // first unit listed there) through `next`
    let mut next: Vec<u32> = Vec::new();
    if stacks {
        next = vec![NONE; n];
        for (i, u) in units.iter().enumerate().rev() {
            next[i] = occ[u.loc.prov as usize];
            occ[u.loc.prov as usize] = i as u32;
        }
    } else {
        for (i, u) in units.iter().enumerate() {
            occ[u.loc.prov as usize] = i as u32;
        }
    }

    // ---- match orders to units
    let mut assigned: Vec<u32> = filled(sc.assigned, n, NONE);
    let mut several = filled(sc.several, n, false);
    let mut pre: Vec<Option<Note>> = filled(sc.pre, orders.len(), None);
    let mut order_unit: Vec<u32> = filled(sc.order_unit, orders.len(), NONE);
    for (k, (power, order)) in orders.iter().enumerate() {
        let spec = match order {
            Order::Hold(_) | Order::Move { .. } | Order::Support { .. } | Order::Convoy { .. } => order.unit().copied().expect("unit order"),
            _ => {
                pre[k] = Some(Note::WrongPhase);
                continue;
            }
        };
        if stacks {
            // orders to a stack go to its units in the order written; more
            // orders than units of that type there: all of them void (D5)
            match stack_unit(units, &occ, &next, &assigned, &mut several, *power, spec) {
                Err(note) => pre[k] = Some(note),
                Ok((u, false)) => {
                    order_unit[k] = u;
                    assigned[u as usize] = k as u32;
                }
                Ok((u, true)) => order_unit[k] = u,
            }
            continue;
        }
        let u = occ[spec.loc.prov as usize];
        if u == NONE {
            pre[k] = Some(Note::NoSuchUnit);
            continue;
        }
        let unit = &units[u as usize];
        if unit.power != *power {
            pre[k] = Some(Note::NotYourUnit);
            continue;
        }
        if spec.kind.is_some_and(|t| t != unit.kind) {
            pre[k] = Some(Note::WrongUnitType);
            continue;
        }
        order_unit[k] = u;
        if assigned[u as usize] != NONE {
            several[u as usize] = true;
        }
        assigned[u as usize] = k as u32;
    }
    for k in 0..orders.len() {
        if order_unit[k] != NONE && several[order_unit[k] as usize] {
            pre[k] = Some(Note::SeveralOrders);
        }
    }
    let order_of = |u: usize| -> Option<&Order> {
        let k = assigned[u];
        if k == NONE || several[u] { None } else { Some(&orders[k as usize].1) }
    };

    let mut r = Resolver {
        closed: *rules,
        v,
        units,
        n,
        occ,
        stacks,
        next,
        may_join: Vec::new(),
        status: filled(sc.status, n, Status::Hold),
        dest: filled(sc.dest, n, 0),
        dest_loc: filled(sc.dest_loc, n, Loc::new(0)),
        convoyed: filled(sc.convoyed, n, false),
        sup_target: filled(sc.sup_target, n, NONE),
        sup_into: filled(sc.sup_into, n, 0),
        convoy_for: filled(sc.convoy_for, n, NONE),
        state: filled(sc.state, 2 * n, State::Unresolved),
        res: filled(sc.res, 2 * n, false),
        deps: filled(sc.deps, 0, 0),
        stamp: filled(sc.stamp, 2 * n, 0),
        clock: 0,
        contra: false,
        forced: filled(sc.forced, 2 * n, false),
        board,
        land,
        paradox: rules.paradox,
        sup_first: filled(sc.sup_first, n, NONE),
        sup_next: filled(sc.sup_next, n, NONE),
        into_first: filled(sc.into_first, np, NONE),
        into_next: filled(sc.into_next, n, NONE),
        conv_first: filled(sc.conv_first, n, NONE),
        conv_next: filled(sc.conv_next, n, NONE),
    };

    // ---- moves first (supports and convoys refer to them)
    let mut wants_convoy = filled(sc.wants_convoy, n, false);
    let mut via = filled(sc.via, n, false);
    let mut ordered_move = filled(sc.ordered_move, n, false);
    for (u, unit) in units.iter().enumerate() {
        let Some(Order::Move { dest, via: v_, .. }) = order_of(u) else { continue };
        ordered_move[u] = true;
        if r.landing(u) {
            // checked by the layer; a landing goes by its fleet, as a
            // convoyed army does: never head to head
            r.status[u] = Status::Move;
            r.dest[u] = dest.prov;
            r.dest_loc[u] = Loc::new(dest.prov);
            r.convoyed[u] = true;
            continue;
        }
        r.status[u] = r.check_move(u, *dest, &mut wants_convoy[u]);
        via[u] = *v_ && unit.kind == UnitType::Army;
        if via[u] && !v.features.convoys {
            // asks for a convoy on a map that has none (Original 1958, D13)
            r.status[u] = Status::Void(Note::NoConvoys);
        }
    }
    if stacks {
        let moving = |u: usize| r.status[u] == Status::Move;
        r.may_join = (0..n)
            .map(|u| {
                let unit = &units[u];
                let d = r.dest[u];
                if !moving(u) {
                    Join::No
                } else if v.features.stacking == Stacking::HomeBases && v.is_base(unit.power, unit.kind, d, centers) {
                    Join::Base
                } else if v.has_room(d) {
                    // room for the power's units there now (leaving or not:
                    // a move out may fail) and all of its units moving in
                    let there = units.iter().filter(|x| x.loc.prov == d && x.power == unit.power && !x.aboard).count();
                    let coming = (0..n).filter(|&w| moving(w) && r.dest[w] == d && units[w].power == unit.power).count();
                    if there + coming <= v.province(d).capacity as usize { Join::Room } else { Join::No }
                } else {
                    Join::No
                }
            })
            .collect();
    }
    // ---- convoys
    for u in 0..n {
        let Some(Order::Convoy { army, dest, .. }) = order_of(u) else { continue };
        let fleet = &units[u];
        if !v.features.convoys {
            r.status[u] = Status::Void(Note::NoConvoys);
            continue;
        }
        if fleet.kind != UnitType::Fleet || v.kind(fleet.loc.prov) != ProvinceKind::Sea {
            r.status[u] = Status::Void(Note::ConvoyNotAtSea);
            continue;
        }
        let mut a = r.occ[army.loc.prov as usize];
        if stacks {
            // the army of the stack ordered to make that move
            let mut m = a;
            while m != NONE
                && !(units[m as usize].kind == UnitType::Army && matches!(order_of(m as usize), Some(Order::Move { dest: d, .. }) if d.prov == dest.prov))
            {
                m = r.next[m as usize];
            }
            if m != NONE {
                a = m;
            }
        }
        let ok = a != NONE
            && units[a as usize].kind == UnitType::Army
            && ordered_move[a as usize]
            && matches!(order_of(a as usize), Some(Order::Move { dest: d, .. }) if d.prov == dest.prov)
            && !matches!(r.status[a as usize], Status::Void(_));
        if ok {
            r.status[u] = Status::Convoy;
            r.convoy_for[u] = a;
        } else {
            r.status[u] = Status::Void(Note::ConvoyMismatch);
        }
    }
    for f in (0..n).rev() {
        let a = r.convoy_for[f];
        if a != NONE {
            r.conv_next[f] = r.conv_first[a as usize];
            r.conv_first[a as usize] = f as u32;
        }
    }
    // ---- decide which army moves go by convoy
    for a in 0..n {
        if units[a].kind != UnitType::Army || !ordered_move[a] || matches!(r.status[a], Status::Void(_)) || r.landing(a) {
            continue;
        }
        let route = r.static_route(a);
        // intent: a route made of the army's own power's convoying fleets alone
        let power = units[a].power;
        let own_intent = route
            && (0..n).any(|f| {
                r.convoy_for[f] == a as u32 && units[f].power == power && (rules.convoy_intent == ConvoyIntent::Rulebook1992 || r.on_minimal_chain(a, f))
            });
        let by_convoy = if wants_convoy[a] {
            // not adjacent over land: convoy or nothing; with no fleets at sea
            // that could ever carry it, the order is impossible and the army holds
            if route {
                Some(true)
            } else if !r.board_route(a) {
                r.status[a] = Status::Void(Note::NotAdjacent);
                continue;
            } else {
                None
            }
        } else if via[a] {
            match rules.convoy_intent {
                ConvoyIntent::Datc => {
                    if route {
                        Some(true)
                    } else {
                        None
                    }
                }
                ConvoyIntent::Rulebook1992 => Some(own_intent),
            }
        } else {
            Some(own_intent)
        };
        match by_convoy {
            Some(c) => r.convoyed[a] = c,
            None => r.status[a] = Status::NoConvoy,
        }
    }
    for f in 0..n {
        if r.convoy_for[f] != NONE && !r.convoyed[r.convoy_for[f] as usize] {
            let a = r.convoy_for[f] as usize;
            r.convoy_for[f] = NONE;
            r.status[f] = Status::Void(if matches!(r.status[a], Status::NoConvoy) { Note::NoConvoyRoute } else { Note::ConvoyNotUsed });
        }
    }
    // ---- supports
    for u in 0..n {
        let Some(Order::Support { target, dest, .. }) = order_of(u) else { continue };
        r.status[u] = r.check_support(u, target.loc.prov, *target, dest.map(|d| d.prov), dest.map(|d| d.coast).unwrap_or_default(), &order_of);
    }
    if stacks {
        // of the supports from one stack to the same unit, the first written counts (D4)
        for s2 in 0..n {
            if !matches!(r.status[s2], Status::Support) {
                continue;
            }
            let earlier = (0..n).any(|s1| {
                s1 != s2
                    && matches!(r.status[s1], Status::Support)
                    && units[s1].loc.prov == units[s2].loc.prov
                    && r.sup_target[s1] == r.sup_target[s2]
                    && r.sup_into[s1] == r.sup_into[s2]
                    && assigned[s1] < assigned[s2]
            });
            if earlier {
                r.status[s2] = Status::Void(Note::StackSupport);
            }
        }
    }

    // ---- the lists of supports given to each unit and of moves into each province
    for u in (0..n).rev() {
        match r.status[u] {
            Status::Support => {
                let t = r.sup_target[u] as usize;
                r.sup_next[u] = r.sup_first[t];
                r.sup_first[t] = u as u32;
            }
            Status::Move => {
                let d = r.dest[u] as usize;
                r.into_next[u] = r.into_first[d];
                r.into_first[d] = u as u32;
            }
            _ => {}
        }
    }

    // ---- resolve every decision
    for i in 0..n {
        match r.status[i] {
            Status::Move | Status::Support | Status::Convoy => {
                r.resolve(i);
            }
            _ => {}
        }
        if r.convoyed[i] && matches!(r.status[i], Status::Move) {
            r.resolve(n + i);
        }
    }
    #[cfg(test)]
    r.check_fixpoint();

    // ---- outcome
    let mut dislodged_by: Vec<u32> = filled(sc.dislodged_by, n, NONE);
    for m in 0..n {
        if matches!(r.status[m], Status::Move) && r.res[m] {
            let mut d = r.occ[r.dest[m] as usize];
            if stacks {
                // every unit still in the space falls with it (D3); own units
                // joined are not dislodged. Each unit of the stack is
                // dislodged by the same attacker; where several units of one
                // power enter together (D6, room), the one from the province
                // listed first on the map is named (they attack as one; the
                // choice must not depend on how the units are listed). The
                // retreat options leave out every attacker's origin (below).
                while d != NONE && !r.boarding(m) {
                    let du = d as usize;
                    if !(r.ghost(du) || (matches!(r.status[du], Status::Move) && r.res[du]))
                        && units[du].power != units[m].power
                        && (dislodged_by[du] == NONE || units[m].loc.prov < units[dislodged_by[du] as usize].loc.prov)
                    {
                        dislodged_by[du] = m as u32;
                    }
                    d = r.next[d as usize];
                }
            } else if d != NONE && !(matches!(r.status[d as usize], Status::Move) && r.res[d as usize]) {
                dislodged_by[d as usize] = m as u32;
            }
        }
    }
    let mut fates: Vec<Option<Loc>> = Vec::new();
    if !r.board.is_empty() || !r.land.is_empty() {
        fates = (0..n)
            .map(|u| {
                if dislodged_by[u] != NONE {
                    None
                } else if matches!(r.status[u], Status::Move) && r.res[u] {
                    Some(r.dest_loc[u])
                } else {
                    Some(units[u].loc)
                }
            })
            .collect();
    }
    let mut after: Vec<Unit> = Vec::with_capacity(n);
    let mut occupied = filled(sc.occupied, np, false);
    for (u, unit) in units.iter().enumerate() {
        if dislodged_by[u] != NONE {
            continue;
        }
        let mut unit = *unit;
        if matches!(r.status[u], Status::Move) && r.res[u] {
            unit.loc = r.dest_loc[u];
        }
        if !r.ghost(u) {
            occupied[unit.loc.prov as usize] = true;
        }
        after.push(unit);
    }
    // provinces left empty by a standoff
    let mut contested = filled(sc.contested, np, false);
    for m in 0..n {
        if matches!(r.status[m], Status::Move) && !r.res[m] && r.prevents(m) {
            contested[r.dest[m] as usize] = true;
        }
    }
    let mut dislodged = Vec::new();
    for u in 0..n {
        let m = dislodged_by[u];
        if m == NONE {
            continue;
        }
        let m = m as usize;
        let unit = units[u];
        let from = units[m].loc.prov;
        let mut options: Vec<Loc> = match unit.kind {
            UnitType::Army => v.army_neighbours(unit.loc.prov).iter().map(|&p| Loc::new(p)).collect(),
            UnitType::Fleet => v.fleet_neighbours(unit.loc).to_vec(),
        };
        // not back to where an attack came from: on a stacking map several
        // units of one power may have entered together, each an attacker
        let attacked_from = |q: Prov| {
            if !stacks {
                return !r.convoyed[m] && q == from;
            }
            let mut a = r.into_first[unit.loc.prov as usize];
            while a != NONE {
                let au = a as usize;
                if matches!(r.status[au], Status::Move) && r.res[au] && !r.convoyed[au] && !r.boarding(au) && units[au].loc.prov == q {
                    return true;
                }
                a = r.into_next[au];
            }
            false
        };
        options.retain(|l| !occupied[l.prov as usize] && !contested[l.prov as usize] && !attacked_from(l.prov));
        options.sort();
        dislodged.push(Dislodged { unit, options, attacker_from: Some(from) });
    }

    let mut results = Vec::with_capacity(orders.len() + n);
    for (k, (power, order)) in orders.iter().enumerate() {
        let mut order = *order;
        let u = order_unit[k];
        if u != NONE
            && let Some(spec) = order.unit_mut()
        {
            spec.kind = Some(units[u as usize].kind);
        }
        let (result, note, by) = match pre[k] {
            Some(note) => (ResultKind::Void, Some(note), NONE),
            None => r.result_of(u as usize, dislodged_by[u as usize]),
        };
        let by = if by == NONE { None } else { Some(units[by as usize]) };
        results.push(OrderResult { power: *power, order, result, note, defaulted: false, by });
    }
    for (u, unit) in units.iter().enumerate() {
        if assigned[u] == NONE || several[u] {
            let dis = dislodged_by[u] != NONE;
            results.push(OrderResult {
                power: unit.power,
                order: Order::Hold(crate::order::UnitSpec::new(Some(unit.kind), unit.loc)),
                result: if dis { ResultKind::Dislodged } else { ResultKind::Ok },
                note: Some(Note::DefaultHold),
                defaulted: true,
                by: if dis { Some(units[dislodged_by[u] as usize]) } else { None },
            });
        }
    }
    SCRATCH.with(|c| {
        c.set(Scratch {
            occ: r.occ,
            assigned,
            several,
            pre,
            order_unit,
            status: r.status,
            dest: r.dest,
            dest_loc: r.dest_loc,
            convoyed: r.convoyed,
            sup_target: r.sup_target,
            sup_into: r.sup_into,
            convoy_for: r.convoy_for,
            state: r.state,
            res: r.res,
            deps: r.deps,
            stamp: r.stamp,
            forced: r.forced,
            sup_first: r.sup_first,
            sup_next: r.sup_next,
            into_first: r.into_first,
            into_next: r.into_next,
            conv_first: r.conv_first,
            conv_next: r.conv_next,
            wants_convoy,
            via,
            ordered_move,
            dislodged_by,
            occupied,
            contested,
        })
    });
    (Movement { results, units: after, dislodged }, fates)
}

/// What a support could never be, whatever else is ordered (the judge
/// refuses it when it arrives): a support of itself, into the supporter's
/// own province, of a unit of its own stack (`mates`: other units stand in the supporter's
/// space on a map with stacks; not an A/F, whose fleet supports its army's
/// landing, 1885 E10), or into a province the supporter could not move to
/// itself. A support of a unit that is not there is none of these: it is a
/// valid order that fails (see `check_support`).
pub(crate) fn impossible_support(v: &Variant, unit: &Unit, target: Prov, dest: Option<Prov>, mates: bool) -> Option<Note> {
    let own = target == unit.loc.prov;
    let into = dest.unwrap_or(target);
    if own && mates && !v.features.army_fleet {
        // no support between units of one stack, not even of a move out (D4)
        Some(Note::StackMate)
    } else if own && dest.is_none() {
        Some(Note::SupportSelf)
    } else if into == unit.loc.prov {
        Some(Note::SupportOwnProvince)
    } else if !v.can_reach(unit.kind, unit.loc, into) {
        Some(Note::SupportUnreachable)
    } else {
        None
    }
}

/// The unit of a stack an order for `spec` by `power` goes to (D5): the first
/// unit of the power, of the type named (and on the coast named, when a unit
/// stands on that coast) that has no order yet. `Ok((u, true))` when all of
/// them have one already: they are all marked `several`.
#[cold]
#[inline(never)]
pub(crate) fn stack_unit(
    units: &[Unit],
    occ: &[u32],
    next: &[u32],
    assigned: &[u32],
    several: &mut [bool],
    power: PowerId,
    spec: crate::order::UnitSpec,
) -> Result<(u32, bool), Note> {
    let first = occ[spec.loc.prov as usize];
    if first == NONE {
        return Err(Note::NoSuchUnit);
    }
    let (mut own, mut kind_ok, mut coast_hit) = (false, false, false);
    let mut m = first;
    while m != NONE {
        let u = &units[m as usize];
        if u.power == power {
            own = true;
            if spec.kind.is_none_or(|t| t == u.kind) {
                kind_ok = true;
                coast_hit |= spec.loc.coast != Coast::None && u.loc == spec.loc;
            }
        }
        m = next[m as usize];
    }
    if !own {
        return Err(Note::NotYourUnit);
    }
    if !kind_ok {
        return Err(Note::WrongUnitType);
    }
    let fits = |u: &Unit| u.power == power && spec.kind.is_none_or(|t| t == u.kind) && (!coast_hit || u.loc == spec.loc);
    // fleets on both coasts (St Petersburg) and no coast that selects one (D5)
    let mut coast = None;
    let mut m = first;
    while m != NONE {
        let u = &units[m as usize];
        if fits(u) && u.kind == UnitType::Fleet && u.loc.coast != Coast::None {
            if coast.is_some_and(|c| c != u.loc.coast) {
                return Err(Note::StackCoastNeeded);
            }
            coast = Some(u.loc.coast);
        }
        m = next[m as usize];
    }
    let mut first_fit = NONE;
    let mut m = first;
    while m != NONE {
        if fits(&units[m as usize]) {
            if first_fit == NONE {
                first_fit = m;
            }
            if assigned[m as usize] == NONE {
                return Ok((m, false));
            }
        }
        m = next[m as usize];
    }
    let mut m = first;
    while m != NONE {
        if fits(&units[m as usize]) {
            several[m as usize] = true;
        }
        m = next[m as usize];
    }
    Ok((first_fit, true))
}

/// Where a move by `unit` to `dest` goes (the coast filled in where only
/// one can be reached), and whether it can only go by convoy (an army to a
/// coast it is not next to); or why the move is void whatever else is
/// ordered. The one test of a move's legality: the resolver and
/// [`crate::check`] both use it.
pub(crate) fn move_target(v: &Variant, rules: &Rulebook, unit: &Unit, dest: Loc) -> Result<(Loc, bool), Note> {
    if dest.prov == unit.loc.prov {
        return Err(Note::ToOwnProvince);
    }
    // -- closed provinces (Rulebook::closed; the two-player game's neutral territory)
    if rules.is_closed(dest.prov) {
        return Err(Note::Closed);
    }
    // -- end closed provinces
    let kind = v.kind(dest.prov);
    match unit.kind {
        UnitType::Army => {
            if matches!(kind, ProvinceKind::Sea | ProvinceKind::Impassable) {
                return Err(Note::CannotEnter);
            }
            let mut by_convoy = false;
            if !v.army_adjacent(unit.loc.prov, dest.prov) {
                if v.kind(unit.loc.prov) != ProvinceKind::Coast || kind != ProvinceKind::Coast || !v.features.convoys {
                    return Err(Note::NotAdjacent);
                }
                by_convoy = true;
            }
            Ok((Loc::new(dest.prov), by_convoy))
        }
        UnitType::Fleet => {
            if matches!(kind, ProvinceKind::Land | ProvinceKind::Impassable) {
                return Err(Note::CannotEnter);
            }
            let target = if dest.coast != crate::map::Coast::None || !v.has_coasts(dest.prov) {
                if !v.fleet_adjacent(unit.loc, dest) {
                    return Err(if v.fleet_reaches(unit.loc, dest.prov) { Note::CoastUnreachable } else { Note::NotAdjacent });
                }
                dest
            } else {
                let mut it = v.reachable_coasts(unit.loc, dest.prov);
                match (it.next(), it.next()) {
                    (None, _) => return Err(Note::NotAdjacent),
                    (Some(l), None) => l,
                    (Some(_), Some(_)) => return Err(Note::CoastNeeded),
                }
            };
            Ok((target, false))
        }
    }
}

/// Whether the fleets now at sea among `units` could ever carry an army from
/// `from` to `to` (a chain of them touching both ends), whatever they are
/// ordered: without one, an army's move to a coast it is not next to is void.
pub(crate) fn fleets_could_carry(v: &Variant, units: &[Unit], from: Prov, to: Prov) -> bool {
    let fleets: Vec<usize> = (0..units.len()).filter(|&f| units[f].kind == UnitType::Fleet && v.kind(units[f].loc.prov) == ProvinceKind::Sea).collect();
    let mut seen = vec![false; fleets.len()];
    let mut stack: Vec<usize> = (0..fleets.len()).filter(|&i| v.fleet_reaches(units[fleets[i]].loc, from)).collect();
    for &i in &stack {
        seen[i] = true;
    }
    while let Some(i) = stack.pop() {
        let floc = units[fleets[i]].loc;
        if v.fleet_reaches(floc, to) {
            return true;
        }
        for j in 0..fleets.len() {
            if !seen[j] && v.fleet_reaches(floc, units[fleets[j]].loc.prov) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    false
}

impl Resolver<'_> {
    fn check_move(&mut self, u: usize, dest: Loc, wants_convoy: &mut bool) -> Status {
        let unit = self.units[u];
        match move_target(self.v, &self.closed, &unit, dest) {
            Ok((to, convoy)) => {
                self.dest[u] = to.prov;
                self.dest_loc[u] = to;
                *wants_convoy = convoy;
                Status::Move
            }
            Err(note) => {
                if note == Note::NotAdjacent && unit.kind == UnitType::Army {
                    // an army's destination is known even where it cannot get there
                    self.dest[u] = dest.prov;
                    self.dest_loc[u] = Loc::new(dest.prov);
                }
                Status::Void(note)
            }
        }
    }

    fn check_support<'o>(
        &mut self,
        u: usize,
        target: Prov,
        target_spec: crate::order::UnitSpec,
        dest: Option<Prov>,
        dest_coast: crate::map::Coast,
        order_of: &dyn Fn(usize) -> Option<&'o Order>,
    ) -> Status {
        let unit = self.units[u];
        let t = self.occ[target as usize];
        if self.v.features.army_fleet {
            // the High Ocean Box (E16): from it, only for a fleet of it moving
            // out to a sea space; into it, none (no one is dislodged there)
            let in_box = self.v.is_ocean_box(unit.loc.prov);
            let out_of_box = self.v.is_ocean_box(target) && dest.is_some_and(|d| self.v.kind(d) == ProvinceKind::Sea && !self.v.is_ocean_box(d));
            if (in_box && (target != unit.loc.prov || !out_of_box)) || (self.v.is_ocean_box(target) && !out_of_box) {
                return Status::Void(Note::BoxSupport);
            }
        }
        let mates = self.stacks && t != NONE && self.next[t as usize] != NONE;
        if let Some(n) = impossible_support(self.v, &unit, target, dest, mates) {
            return Status::Void(n);
        }
        if t == NONE {
            return Status::Void(Note::NothingToSupport);
        }
        let mut t = t as usize;
        if self.stacks && dest.is_none() && target != unit.loc.prov {
            // a hold support of a stack supports the whole stack (the first
            // unit listed stands for it), valid if one of its units stays (D3)
            let mut m = t as u32;
            while m != NONE && matches!(self.status[m as usize], Status::Move | Status::NoConvoy) {
                m = self.next[m as usize];
            }
            if m == NONE {
                return Status::Void(Note::SupportOfMovingUnit);
            }
            self.sup_target[u] = self.occ[target as usize];
            self.sup_into[u] = target;
            return Status::Support;
        }
        if self.stacks
            && let Some(d) = dest
        {
            // the unit of the stack (of the type named, on the coast named if
            // one moving from it is there) making that move
            let makes = |r: &Self, m: u32, exact: bool| {
                let x = &r.units[m as usize];
                target_spec.kind.is_none_or(|k| k == x.kind)
                    && (!exact || x.loc == target_spec.loc)
                    && matches!(order_of(m as usize), Some(Order::Move { dest: md, .. }) if md.prov == d)
                    && !matches!(r.status[m as usize], Status::Void(_))
            };
            // where several units of the stack make it (fleets of several
            // powers in the High Ocean Box moving to one sea), the support
            // goes to the supporter's own power's unit, else to the first
            // power's in the map's order: never to whichever was listed first
            let supporter = unit.power;
            let in_box = self.v.is_ocean_box(target);
            for exact in [true, false] {
                let mut best: Option<u32> = None;
                let mut m = t as u32;
                while m != NONE {
                    if makes(self, m, exact) {
                        let key = |i: u32| {
                            let x = &self.units[i as usize];
                            (x.power != supporter, x.power, *x)
                        };
                        // elsewhere (a 1958 stack) the first of the stack, as written
                        if best.is_none() || (in_box && key(m) < key(best.unwrap_or(m))) {
                            best = Some(m);
                        }
                    }
                    m = self.next[m as usize];
                }
                if let Some(m) = best {
                    t = m as usize;
                    break;
                }
            }
        }
        match dest {
            None => {
                if matches!(self.status[t], Status::Move | Status::NoConvoy) {
                    return Status::Void(Note::SupportOfMovingUnit);
                }
                self.sup_target[u] = t as u32;
                self.sup_into[u] = target;
                Status::Support
            }
            Some(d) => {
                let matches = matches!(order_of(t), Some(Order::Move { dest: md, .. }) if md.prov == d) && !matches!(self.status[t], Status::Void(_));
                // a coast named in the support must be the one the fleet moves to
                let coast_ok = dest_coast == crate::map::Coast::None || self.units[t].kind == UnitType::Army || self.dest_loc[t].coast == dest_coast;
                if !matches || !coast_ok {
                    return Status::Void(Note::SupportMismatch);
                }
                self.sup_target[u] = t as u32;
                self.sup_into[u] = d;
                Status::Support
            }
        }
    }

    /// Is there a chain of fleets ordered to convoy army `a`, ignoring dislodgements?
    fn static_route(&mut self, a: usize) -> bool {
        self.route(a, &mut |_, _| true)
    }

    /// Does fleet `f` lie on a minimal chain of fleets now at sea (a chain none of
    /// whose fleets could be skipped) from army `a`'s province to its destination?
    /// A convoy order that could only ever be a superfluous link shows no intent
    /// to convoy (DATC 6.G.7, 6.G.19, 2023 rules); one that could be a needed link
    /// does (6.G.5, 6.G.6).
    fn on_minimal_chain(&self, a: usize, f: usize) -> bool {
        let v = self.v;
        let from = self.units[a].loc.prov;
        let to = self.dest[a];
        let fleets: Vec<usize> =
            (0..self.n).filter(|&x| self.units[x].kind == UnitType::Fleet && v.kind(self.units[x].loc.prov) == ProvinceKind::Sea).collect();
        let adj = |x: usize, y: usize| v.fleet_reaches(self.units[x].loc, self.units[y].loc.prov);
        let touches = |x: usize, p: Prov| v.fleet_reaches(self.units[x].loc, p);
        fn dfs(
            path: &mut Vec<usize>,
            fleets: &[usize],
            f: usize,
            to: Prov,
            from: Prov,
            adj: &dyn Fn(usize, usize) -> bool,
            touches: &dyn Fn(usize, Prov) -> bool,
        ) -> bool {
            let last = *path.last().expect("non-empty");
            if touches(last, to) {
                return path.contains(&f);
            }
            for &x in fleets {
                if path.contains(&x) || !adj(last, x) || touches(x, from) {
                    continue;
                }
                // no shortcut from earlier fleets of the chain
                if path[..path.len() - 1].iter().any(|&p| adj(p, x)) {
                    continue;
                }
                path.push(x);
                if dfs(path, fleets, f, to, from, adj, touches) {
                    return true;
                }
                path.pop();
            }
            false
        }
        for &start in &fleets {
            if touches(start, from) {
                let mut path = vec![start];
                if dfs(&mut path, &fleets, f, to, from, &adj, &touches) {
                    return true;
                }
            }
        }
        false
    }

    /// Could fleets now at sea carry army `a` to its destination at all (whatever
    /// they were ordered)?
    fn board_route(&self, a: usize) -> bool {
        fleets_could_carry(self.v, self.units, self.units[a].loc.prov, self.dest[a])
    }

    /// Depth-first search for a chain of fleets convoying army `a` from its
    /// province to its destination, using only fleets for which `ok` holds
    /// (asked lazily, in search order).
    fn route(&mut self, a: usize, ok: &mut dyn FnMut(&mut Self, usize) -> bool) -> bool {
        let v = self.v;
        let from = self.units[a].loc.prov;
        let to = self.dest[a];
        let mut f = self.conv_first[a];
        if f == NONE {
            return false;
        }
        let mut fleets = [0u32; 64];
        let mut nf = 0;
        while f != NONE && nf < fleets.len() {
            fleets[nf] = f;
            nf += 1;
            f = self.conv_next[f as usize];
        }
        let mut seen = [false; 64];
        let mut stack = [0u8; 64];
        let mut top = 0;
        for i in 0..nf {
            let f = fleets[i] as usize;
            if v.fleet_reaches(self.units[f].loc, from) {
                seen[i] = true;
                stack[top] = i as u8;
                top += 1;
            }
        }
        let mut usable = [2u8; 64];
        while top > 0 {
            top -= 1;
            let i = stack[top] as usize;
            let f = fleets[i] as usize;
            if usable[i] == 2 {
                usable[i] = ok(self, f) as u8;
            }
            if usable[i] == 0 {
                continue;
            }
            let floc = self.units[f].loc;
            if v.fleet_reaches(floc, to) {
                return true;
            }
            for j in 0..nf {
                if !seen[j] && v.fleet_reaches(floc, self.units[fleets[j] as usize].loc.prov) {
                    seen[j] = true;
                    stack[top] = j as u8;
                    top += 1;
                }
            }
        }
        false
    }

    /// Resolves decision `nr` (Kruijswijk's guess algorithm).
    ///
    /// A decision read while it is being evaluated (state `Guessing`) answers
    /// with its current guess, and the read is recorded in `deps`. When the
    /// evaluation of `nr` read guesses, three cases:
    ///
    /// - Every guess read is of `nr` or of a decision opened during its
    ///   evaluation (a later `stamp`): the cycle is `nr`'s own. Both guesses
    ///   are tried; exactly one consistent result is taken; with none or two,
    ///   the backup rule is applied to the cycle.
    /// - Some guess read is of a decision opened earlier and still being
    ///   evaluated higher up: `nr` cannot be settled here, whatever it read of
    ///   itself. It keeps a value consistent with those outer guesses (its
    ///   guess `false` if that holds, else `true` if that holds, else the
    ///   outer guesses are contradictory: `contra` is raised so that the outer
    ///   decision rejects its own guess) and stays `Guessing`, listed in
    ///   `deps` so that the outer decision re-evaluates it.
    ///
    /// Judging the head of a cycle by the first guess it read alone was wrong
    /// when the cycle also ran through a decision higher up: the head was
    /// settled from a guess of that outer decision, and resetting the cycle
    /// reset the outer decision in the middle of its own evaluation.
    fn resolve(&mut self, nr: usize) -> bool {
        match self.state[nr] {
            State::Resolved => return self.res[nr],
            State::Guessing => {
                // Always record the read, even if `nr` is listed already: the caller
                // now depends on a guess and must not be marked resolved.
                self.deps.push(nr);
                return self.res[nr];
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.stamp[nr] = self.clock;
        self.clock += 1;
        let (first, contra1) = self.guess(nr, false);
        if self.deps.len() == old {
            // no guess read: the result is final
            if self.state[nr] != State::Resolved {
                self.res[nr] = first;
                self.state[nr] = State::Resolved;
            }
            return self.res[nr];
        }
        let ok1 = !first && !contra1;
        if self.reads_outer(nr, old) {
            if ok1 {
                return self.pend(nr, false);
            }
            self.reset(nr, old);
            return self.pend_with(nr, true);
        }
        // nr's own cycle: try the other guess
        self.reset(nr, old);
        let (second, contra2) = self.guess(nr, true);
        let ok2 = second && !contra2;
        if self.reads_outer(nr, old) {
            // with this guess the cycle runs through a decision higher up
            if ok2 {
                return self.pend(nr, true);
            }
            self.reset(nr, old);
            return self.pend_with(nr, false);
        }
        if ok1 != ok2 {
            // exactly one consistent result
            self.reset(nr, old);
            self.res[nr] = ok2;
            self.state[nr] = State::Resolved;
            return ok2;
        }
        // no consistent result, or two: the backup rule decides the cycle
        let cycle: Vec<usize> = self.deps.drain(old..).collect();
        if !self.backup_rule(cycle) {
            // nothing the backup rule could decide (not expected): keep the
            // guess `false`, with the cycle evaluated afresh
            self.state[nr] = State::Resolved;
            self.res[nr] = false;
            self.forced[nr] = true;
            return false;
        }
        self.resolve(nr)
    }

    /// Evaluates `nr` with guess `g`; returns the result and whether a
    /// decision inside found the guesses contradictory.
    fn guess(&mut self, nr: usize, g: bool) -> (bool, bool) {
        let saved = self.contra;
        self.contra = false;
        self.res[nr] = g;
        self.state[nr] = State::Guessing;
        let r = self.decide(nr);
        let c = self.contra;
        self.contra = saved;
        (r, c)
    }

    /// Did the evaluation of `nr` (reads from `deps[old..]`) read the guess of a
    /// decision opened before `nr`, i.e. one still being evaluated higher up?
    fn reads_outer(&self, nr: usize, old: usize) -> bool {
        self.deps[old..].iter().any(|&d| self.stamp[d] < self.stamp[nr])
    }

    /// Forgets what the evaluation of `nr` decided on guesses: the decisions
    /// opened inside it become unresolved again (outer ones are left alone).
    fn reset(&mut self, nr: usize, old: usize) {
        for i in old..self.deps.len() {
            let d = self.deps[i];
            if self.stamp[d] >= self.stamp[nr] {
                self.state[d] = State::Unresolved;
            }
        }
        self.deps.truncate(old);
    }

    /// Leaves `nr` open with value `v` (which its last evaluation gave, with
    /// guess `v`): it depends on a guess higher up.
    fn pend(&mut self, nr: usize, v: bool) -> bool {
        self.state[nr] = State::Guessing;
        self.res[nr] = v;
        self.deps.push(nr);
        v
    }

    /// Evaluates `nr` with guess `g` and leaves it open with the result; a
    /// result other than `g` means no value of `nr` fits the outer guesses.
    fn pend_with(&mut self, nr: usize, g: bool) -> bool {
        let (r, c) = self.guess(nr, g);
        if r != g || c {
            self.contra = true;
        }
        self.pend(nr, r)
    }

    /// Applies the backup rule to a cycle with no consistent resolution or
    /// two: the Szykman rule if a convoy is part of it (the convoyed armies
    /// of the cycle do not move), circular movement otherwise (every move of
    /// the cycle succeeds). The other decisions of the cycle are evaluated
    /// afresh. Returns whether it decided anything.
    fn backup_rule(&mut self, mut cycle: Vec<usize>) -> bool {
        cycle.sort_unstable();
        cycle.dedup();
        let n = self.n;
        let has_path = cycle.iter().any(|&d| d >= n);
        let has_convoy = cycle.iter().any(|&d| d < n && matches!(self.status[d], Status::Convoy));
        for &d in &cycle {
            self.state[d] = State::Unresolved;
        }
        let mut decided = false;
        let mut force = |r: &mut Self, d: usize, v: bool| {
            r.state[d] = State::Resolved;
            r.res[d] = v;
            r.forced[d] = true;
            decided = true;
        };
        if (has_path || has_convoy) && self.paradox == Paradox::AllStand {
            // circular reasoning (1885, E14): every unit of the cycle stands
            for &d in &cycle {
                force(self, d, false);
            }
        } else if has_path || has_convoy {
            // Szykman: the convoyed armies of the paradox do not move
            for &d in &cycle {
                if d >= n {
                    force(self, d, false);
                } else if !has_path && matches!(self.status[d], Status::Convoy) {
                    let a = self.convoy_for[d] as usize;
                    force(self, n + a, false);
                }
            }
        } else {
            // circular movement: every move of the cycle succeeds
            for &d in &cycle {
                if matches!(self.status[d], Status::Move) {
                    force(self, d, true);
                }
            }
        }
        decided
    }

    /// Test builds: every decision not set by a backup rule is what its own
    /// rule gives from the others' final values (a consistent resolution),
    /// and no guess is left open.
    #[cfg(test)]
    fn check_fixpoint(&mut self) {
        assert!(self.deps.is_empty(), "guesses left recorded");
        for d in 0..2 * self.n {
            assert!(self.state[d] != State::Guessing, "decision {d} left open");
            if self.state[d] != State::Resolved || self.forced[d] {
                continue;
            }
            let want = self.res[d];
            assert_eq!(self.decide(d), want, "decision {d} ({:?} of {:?}) disagrees with its rule", self.status[d % self.n], self.units[d % self.n]);
        }
    }

    fn decide(&mut self, nr: usize) -> bool {
        let n = self.n;
        if nr >= n {
            let a = nr - n;
            if self.landing(a) {
                // a landing from its fleet's destination needs the fleet there
                let f = self.land[a];
                return f == LAND_HERE || f == LAND_AWAY || self.resolve(f as usize);
            }
            return self.route(a, &mut |r: &mut Self, f| r.resolve(f));
        }
        match self.status[nr] {
            Status::Move => self.move_succeeds(nr),
            Status::Support => self.support_given(nr),
            Status::Convoy => !self.dislodged(nr),
            _ => true,
        }
    }

    fn head_to_head(&self, i: usize, o: usize) -> bool {
        matches!(self.status[o], Status::Move) && self.dest[o] == self.units[i].loc.prov && !self.convoyed[i] && !self.convoyed[o] && !self.pass_on_coasts(i, o)
    }

    /// Two fleets exchanging places along different coasts, on a map that
    /// lets them pass (Original 1958 §8): not a head-to-head battle.
    fn pass_on_coasts(&self, i: usize, o: usize) -> bool {
        let (a, b) = (&self.units[i], &self.units[o]);
        self.v.features.coast_swap && a.kind == UnitType::Fleet && b.kind == UnitType::Fleet && (a.loc != self.dest_loc[o] || self.dest_loc[i] != b.loc)
    }

    fn path(&mut self, i: usize) -> bool {
        !self.convoyed[i] || self.resolve(self.n + i)
    }

    /// The supports given to unit `i` into province `into` (its destination for a
    /// move, its own province for a hold), those of power `exclude` left out.
    /// Only supports given into that province count: a unit ordered to move that
    /// stays (its move impossible for want of a convoy) is not held by the
    /// supports of its move (DATC 6.D.8).
    fn supports(&mut self, i: usize, into: Prov, exclude: Option<PowerId>) -> u32 {
        let mut c = 0;
        let mut s = self.sup_first[i];
        while s != NONE {
            let su = s as usize;
            s = self.sup_next[su];
            if self.sup_into[su] == into && Some(self.units[su].power) != exclude && self.resolve(su) {
                c += 1;
            }
        }
        c
    }

    fn attack(&mut self, i: usize) -> u32 {
        if !self.path(i) {
            return 0;
        }
        let o = self.occ[self.dest[i] as usize];
        let d = self.dest[i];
        if o == NONE {
            return 1 + self.supports(i, d, None);
        }
        if self.stacks {
            return self.attack_stack(i);
        }
        let o = o as usize;
        if matches!(self.status[o], Status::Move) && !self.head_to_head(i, o) && self.resolve(o) {
            return 1 + self.supports(i, d, None);
        }
        if self.units[o].power == self.units[i].power {
            return 0;
        }
        1 + self.supports(i, d, Some(self.units[o].power))
    }

    fn hold(&mut self, p: Prov) -> u32 {
        let o = self.occ[p as usize];
        if o == NONE {
            return 0;
        }
        let o = o as usize;
        if matches!(self.status[o], Status::Move) {
            return if self.resolve(o) { 0 } else { 1 };
        }
        1 + self.supports(o, p, None)
    }

    fn prevent(&mut self, j: usize) -> u32 {
        if !self.path(j) {
            return 0;
        }
        let mut o = self.occ[self.dest[j] as usize];
        if self.stacks {
            while o != NONE {
                if self.head_to_head(j, o as usize) && self.resolve(o as usize) {
                    return 0;
                }
                o = self.next[o as usize];
            }
            return 1 + self.supports(j, self.dest[j], None);
        }
        if o != NONE && self.head_to_head(j, o as usize) && self.resolve(o as usize) {
            return 0;
        }
        1 + self.supports(j, self.dest[j], None)
    }

    fn move_succeeds(&mut self, i: usize) -> bool {
        if self.stacks && self.boarding(i) {
            return self.boarding_move_succeeds(i);
        }
        self.move_alone(i)
    }

    /// Whether unit `i` is an A/F's army landing (1885).
    #[inline]
    fn landing(&self, i: usize) -> bool {
        !self.land.is_empty() && self.land[i] != NONE
    }

    /// Whether unit `i` is an army landing from its fleet's destination
    /// (1885, E11), or from its space while its fleet sails into the Box
    /// ([`LAND_AWAY`]): the layer asks this only where the fleet's move
    /// succeeds, so the army is not in its space at the end whatever
    /// becomes of its landing: it neither defends the space nor falls with it.
    #[inline]
    fn ghost(&self, i: usize) -> bool {
        !self.land.is_empty() && self.land[i] != NONE && self.land[i] != LAND_HERE
    }

    /// A boarding move (Original 1958): all or nothing, so a partner moving
    /// too must get in as well (D7.5); without a partner it fails.
    #[cold]
    #[inline(never)]
    fn boarding_move_succeeds(&mut self, i: usize) -> bool {
        let p = self.board[i];
        if p == UNMATCHED || !self.move_alone(i) {
            return false;
        }
        if matches!(self.status[p as usize], Status::Move) && self.boarding(p as usize) {
            return self.move_alone(p as usize);
        }
        true
    }

    /// Whether a boarding move has a partner's move beside it (Original 1958).
    fn boarding(&self, i: usize) -> bool {
        !self.board.is_empty() && self.board[i] != NONE
    }

    /// A move's success leaving aside its boarding partner's.
    #[inline]
    fn move_alone(&mut self, i: usize) -> bool {
        let a = self.attack(i);
        let d = self.dest[i];
        let o = self.occ[d as usize];
        let opposing = if self.stacks {
            self.opposing_stack(i)
        } else if o != NONE && self.head_to_head(i, o as usize) {
            1 + self.supports(o as usize, self.dest[o as usize], None)
        } else {
            self.hold(d)
        };
        if a <= opposing {
            return false;
        }
        let mut j = self.into_first[d as usize];
        while j != NONE {
            let ju = j as usize;
            j = self.into_next[ju];
            if ju != i && !self.join_together(i, ju) && a <= self.prevent(ju) {
                return false;
            }
        }
        true
    }

    /// Two moves of one power's units of one type into a space where they may
    /// stack: they do not stand each other off (D6).
    fn join_together(&self, i: usize, j: usize) -> bool {
        self.stacks && ((self.may_join[i] == self.may_join[j] && self.joins(i, j)) || (self.boarding(i) && self.board[i] == j as u32))
    }

    /// May moving unit `i` share its destination with unit `m` (there, or
    /// moving there too)? Base stacks go by power and type, room by power.
    fn joins(&self, i: usize, m: usize) -> bool {
        let same_power = self.units[m].power == self.units[i].power;
        match self.may_join[i] {
            Join::No => false,
            Join::Base => same_power && self.units[m].kind == self.units[i].kind,
            Join::Room => same_power,
        }
    }

    /// Does a unit of the mover's power that it may not stack with stay in
    /// the space (`Some(true)`), or do only units it may join stay
    /// (`Some(false)`)? `None` when the space holds another power's units or
    /// nothing. Stacking maps only.
    #[cold]
    #[inline(never)]
    fn own_block(&mut self, i: usize) -> Option<bool> {
        let mut o = self.occ[self.dest[i] as usize];
        if o == NONE || self.units[o as usize].power != self.units[i].power {
            return None;
        }
        while o != NONE {
            let m = o as usize;
            let joinable = self.joins(i, m);
            if !joinable {
                let leaves = self.ghost(m) || (matches!(self.status[m], Status::Move) && !self.head_to_head(i, m) && self.resolve(m));
                if !leaves {
                    return Some(true);
                }
            }
            o = self.next[m];
        }
        Some(false)
    }

    /// Attack strength against an occupied space on a stacking map: the
    /// stack defends as one unit (D3).
    #[cold]
    #[inline(never)]
    fn attack_stack(&mut self, i: usize) -> u32 {
        let d = self.dest[i];
        let first = self.occ[d as usize];
        if self.boarding(i) {
            // a boarding move is not an attack: blocked by any unit but its
            // partner that stays, and never dislodging (D7.4)
            let mut o = first;
            while o != NONE {
                let m = o as usize;
                if self.board[i] != o && !(matches!(self.status[m], Status::Move) && !self.head_to_head(i, m) && self.resolve(m)) {
                    return 0;
                }
                o = self.next[m];
            }
            return 1 + self.supports(i, d, None);
        }
        match self.own_block(i) {
            Some(true) => return 0,
            Some(false) => return 1 + self.supports(i, d, None),
            None => {}
        }
        let mut o = first;
        let mut vacated = true;
        while o != NONE {
            let m = o as usize;
            if !(self.ghost(m) || (matches!(self.status[m], Status::Move) && !self.head_to_head(i, m) && self.resolve(m))) {
                vacated = false;
                break;
            }
            o = self.next[m];
        }
        if vacated {
            return 1 + self.supports(i, d, None);
        }
        1 + self.supports(i, d, Some(self.units[first as usize].power))
    }

    /// What a move on a stacking map must beat in its destination: the
    /// defence of each unit there moving head to head against it, and the
    /// hold strength of the stack if any other unit of it stays (D3). Nothing
    /// when the mover joins its own units.
    #[cold]
    #[inline(never)]
    fn opposing_stack(&mut self, i: usize) -> u32 {
        let d = self.dest[i];
        let first = self.occ[d as usize];
        if first == NONE || self.boarding(i) {
            return 0;
        }
        if self.own_block(i) == Some(false) {
            return 0;
        }
        let mut opp = 0;
        let mut stays = false;
        let mut o = first;
        while o != NONE {
            let m = o as usize;
            if self.head_to_head(i, m) {
                opp = opp.max(1 + self.supports(m, self.dest[m], None));
            } else if !(self.ghost(m) || (matches!(self.status[m], Status::Move) && self.resolve(m))) {
                stays = true;
            }
            o = self.next[m];
        }
        if stays {
            opp = opp.max(1 + self.supports(first as usize, d, None));
        }
        opp
    }

    fn dislodged(&mut self, u: usize) -> bool {
        let mut m = self.into_first[self.units[u].loc.prov as usize];
        while m != NONE {
            let mu = m as usize;
            m = self.into_next[mu];
            if self.resolve(mu) {
                return true;
            }
        }
        false
    }

    /// Cut by an attack from a foreign unit (not from the province support goes
    /// into), or dislodged (which then can only be from that province).
    /// Returns the first attack (in unit order) that cuts it, `NONE` if none
    /// does: the decision and its referent in one pass.
    #[inline]
    fn cut_by(&mut self, s: usize) -> u32 {
        let p = self.units[s].loc.prov;
        let into = self.sup_into[s];
        let mut m = self.into_first[p as usize];
        while m != NONE {
            let mu = m as usize;
            if self.units[mu].power != self.units[s].power && self.units[mu].loc.prov != into && self.path(mu) && !self.boarding(mu) {
                return m;
            }
            m = self.into_next[mu];
        }
        NONE
    }

    fn support_given(&mut self, s: usize) -> bool {
        if self.cut_by(s) != NONE {
            return false;
        }
        let p = self.units[s].loc.prov;
        let into = self.sup_into[s];
        let mut m = self.into_first[p as usize];
        while m != NONE {
            let mu = m as usize;
            m = self.into_next[mu];
            if self.units[mu].loc.prov == into && self.resolve(mu) {
                return false;
            }
        }
        true
    }

    /// Does a failed move still stop others (a standoff), for retreat purposes?
    fn prevents(&self, m: usize) -> bool {
        if self.convoyed[m] && !self.res[self.n + m] {
            return false;
        }
        let mut o = self.occ[self.dest[m] as usize];
        if self.stacks {
            while o != NONE {
                if self.head_to_head(m, o as usize) && self.res[o as usize] {
                    return false;
                }
                o = self.next[o as usize];
            }
            return true;
        }
        !(o != NONE && self.head_to_head(m, o as usize) && self.res[o as usize])
    }

    /// The result of unit `u`'s order, with its referent (an index into
    /// `units`, `NONE` for none): the unit that dislodged it (`dislodged_by`),
    /// the attack that cut its support, or what its move bounced off. Asked
    /// after every decision is resolved, so the resolver's functions only
    /// read final values here; the referents of bounces and cuts are looked
    /// for only for the orders that bounced or were cut.
    fn result_of(&mut self, u: usize, dislodged_by: u32) -> (ResultKind, Option<Note>, u32) {
        let dislodged = dislodged_by != NONE;
        let (kind, note) = self.kind_of(u, dislodged);
        let by = match kind {
            ResultKind::Dislodged => dislodged_by,
            ResultKind::Bounce => self.bounce_by(u),
            ResultKind::Cut => self.cut_by(u),
            _ => NONE,
        };
        (kind, note, by)
    }

    /// Why move `i` (with its path, if convoyed) failed: the unit with the
    /// greatest strength against it of those it could not beat — the unit in
    /// its destination (holding, or moving head to head against it) or another
    /// unit moving there; the unit in the destination on a tie. `NONE` when
    /// no single unit stopped it (a boarding move whose partner failed, a
    /// decision left to a backup rule's fallback).
    fn bounce_by(&mut self, i: usize) -> u32 {
        if self.stacks {
            return self.stack_bounce_by(i);
        }
        // the move failed, so the greatest strength opposing it is at least
        // its own: the unit that opposed the most is the referent, without
        // working out the move's own attack again
        let d = self.dest[i];
        let (mut best, mut best_s) = (NONE, 0);
        let o = self.occ[d as usize];
        if o != NONE {
            let stays = !(matches!(self.status[o as usize], Status::Move) && self.res[o as usize]);
            if stays && self.units[o as usize].power == self.units[i].power {
                // a unit of the mover's own power stays there
                return o;
            }
            let opposing = if self.head_to_head(i, o as usize) { 1 + self.supports(o as usize, self.dest[o as usize], None) } else { self.hold(d) };
            if opposing > 0 {
                (best, best_s) = (o, opposing);
            }
        }
        let mut j = self.into_first[d as usize];
        while j != NONE {
            let ju = j as usize;
            j = self.into_next[ju];
            if ju != i {
                let p = self.prevent(ju);
                if p > best_s {
                    (best, best_s) = (ju as u32, p);
                }
            }
        }
        best
    }

    /// [`Self::bounce_by`] on a stacking map (cold: the standard map never comes here).
    #[cold]
    #[inline(never)]
    fn stack_bounce_by(&mut self, i: usize) -> u32 {
        let a = self.attack(i);
        let d = self.dest[i];
        let (mut best, mut best_s) = match self.stack_defender(i, a) {
            Err(blocker) => return blocker,
            Ok(found) => found,
        };
        for j in 0..self.n {
            if j != i && matches!(self.status[j], Status::Move) && self.dest[j] == d && !self.join_together(i, j) {
                let p = self.prevent(j);
                if a <= p && (best == NONE || p > best_s) {
                    (best, best_s) = (j as u32, p);
                }
            }
        }
        best
    }

    /// On a stacking map: the unit of the destination's stack that stopped
    /// move `i` (attack strength `a`), with the strength it opposed, or
    /// `Err` with the unit that blocked it outright (a unit of its own power
    /// it may not join, or one in the way of a boarding move). Of a stack
    /// holding, the first unit that stays stands for the whole stack (it
    /// defends as one, D3); of units moving head to head, the strongest.
    #[cold]
    #[inline(never)]
    fn stack_defender(&mut self, i: usize, a: u32) -> Result<(u32, u32), u32> {
        let d = self.dest[i];
        let first = self.occ[d as usize];
        let mut stayer = NONE;
        let (mut h2h, mut h2h_s) = (NONE, 0);
        let mut o = first;
        while o != NONE {
            let m = o as usize;
            o = self.next[m];
            if self.boarding(i) && self.board[i] == m as u32 {
                continue;
            }
            let joinable = self.joins(i, m);
            if self.head_to_head(i, m) {
                let s = 1 + self.supports(m, self.dest[m], None);
                if h2h == NONE || s > h2h_s {
                    (h2h, h2h_s) = (m as u32, s);
                }
                if stayer == NONE && a == 0 && !joinable {
                    stayer = m as u32;
                }
            } else if stayer == NONE && !joinable && !(self.ghost(m) || (matches!(self.status[m], Status::Move) && self.res[m])) {
                stayer = m as u32;
            }
        }
        if first == NONE {
            return Ok((NONE, 0));
        }
        if a == 0 {
            return Err(if stayer != NONE { stayer } else { first });
        }
        let opposing = self.opposing_stack(i);
        if a > opposing {
            return Ok((NONE, 0));
        }
        if h2h != NONE && h2h_s == opposing {
            return Ok((h2h, h2h_s));
        }
        Ok((if stayer != NONE { stayer } else { first }, opposing))
    }

    fn kind_of(&self, u: usize, dislodged: bool) -> (ResultKind, Option<Note>) {
        match self.status[u] {
            Status::Void(note) => (ResultKind::Void, Some(note)),
            Status::NoConvoy => (ResultKind::NoConvoy, Some(Note::NoConvoyRoute)),
            Status::Move => {
                if self.res[u] {
                    (ResultKind::Ok, None)
                } else if self.convoyed[u] && !self.res[self.n + u] {
                    (
                        ResultKind::Disrupted,
                        Some(if !self.forced[self.n + u] {
                            Note::ConvoyDisrupted
                        } else if self.paradox == Paradox::AllStand {
                            Note::ParadoxStand
                        } else {
                            Note::Paradox
                        }),
                    )
                } else if dislodged {
                    (ResultKind::Dislodged, None)
                } else if self.forced[u] {
                    (ResultKind::Bounce, Some(Note::ParadoxStand))
                } else {
                    (ResultKind::Bounce, None)
                }
            }
            Status::Support => {
                if dislodged {
                    (ResultKind::Dislodged, None)
                } else if self.res[u] {
                    (ResultKind::Ok, None)
                } else if self.forced[u] {
                    (ResultKind::Cut, Some(Note::ParadoxStand))
                } else {
                    (ResultKind::Cut, None)
                }
            }
            Status::Convoy | Status::Hold => {
                if dislodged {
                    (ResultKind::Dislodged, None)
                } else {
                    (ResultKind::Ok, None)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The resolver checks itself in test builds (`check_fixpoint`): these run
    //! it over random positions. `tests/it/convoy_properties.rs` checks that
    //! outcomes do not depend on how things are listed.

    use super::adjudicate;
    use crate::map::Variant;
    use crate::random::{convoy_phase, movement_phase};
    use crate::rules::Rulebook;

    /// Positions per generator and rulebook (about a second in all in a debug
    /// build; 200,000 were run in release when the check was written).
    fn seeds() -> u64 {
        1500
    }

    /// Every bounce, cut and dislodgement names a unit other than the one
    /// ordered, and no other result names one. On a stacking map a support
    /// can fail without an attack on it (a unit of its own power from the
    /// space it supports into joins it): that names none.
    fn referents_named(m: &super::Movement) {
        referents_checked(m, true)
    }

    fn referents_checked(m: &super::Movement, cut_named: bool) {
        use super::ResultKind;
        for r in &m.results {
            let named = matches!(r.result, ResultKind::Bounce | ResultKind::Dislodged) || (r.result == ResultKind::Cut && cut_named);
            if r.result == ResultKind::Cut && !cut_named {
                continue;
            }
            assert_eq!(r.by.is_some(), named, "referent of {r:?}");
            if let (Some(by), Some(u)) = (r.by, r.order.unit()) {
                assert!(by.loc.prov != u.loc.prov || r.result == ResultKind::Bounce, "{r:?} names a unit in its own space");
            }
        }
    }

    #[test]
    fn datc_cases_resolve_consistently() {
        let cases = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/datc_cases.jsonl"));
        let mut adj = crate::contract::Adjudicator::new(None, None, vec![]);
        for line in cases.lines() {
            adj.run_text(line).expect("a DATC case reads");
        }
    }

    #[test]
    fn random_positions_resolve_consistently() {
        let v = Variant::standard();
        for rules in [Rulebook::datc(), Rulebook::rulebook_1992()] {
            for seed in 0..seeds() {
                let (units, orders) = movement_phase(&v, seed, 2 + (seed as usize) % 38);
                referents_named(&adjudicate(&v, &rules, &units, &orders));
            }
        }
    }

    /// Original 1958 positions with stacks in the capitals and naval bases,
    /// units next to them moving in, and orders for the stacked units: the
    /// resolver's own check holds, and afterwards a space holds one unit or
    /// units of one power in one of its home centres.
    #[test]
    fn stack_positions_resolve_consistently() {
        use crate::map::{Loc, PowerId, Unit, UnitType};
        use crate::order::{Order, UnitSpec};
        use crate::random::Rng;
        let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../config/variants/original1958.toml"));
        // the map as it is, and with convoys (stacks and convoys on one map)
        let maps = [text.to_string(), text.replacen("convoys = false", "convoys = true", 1)];
        for (v, rules) in maps.iter().map(|t| Variant::read_toml(t).expect("the 1958 map reads")).zip([Rulebook::datc(), Rulebook::rulebook_1992()]) {
            let centers = v.initial_centers();
            for seed in 0..seeds() {
                let (mut units, mut orders) = movement_phase(&v, seed, 2 + (seed as usize) % 40);
                let mut rng = Rng::new(seed ^ 0x5eed);
                for p in 0..v.powers.len() as PowerId {
                    let w = &v.powers[p as usize];
                    let mut sites: Vec<(UnitType, Loc)> = w.capital.map(|c| (UnitType::Army, Loc::new(c))).into_iter().collect();
                    sites.extend(w.naval_bases.iter().map(|b| (UnitType::Fleet, *b)));
                    for (kind, loc) in sites {
                        let targets: Vec<Loc> = match kind {
                            UnitType::Army => v.army_neighbours(loc.prov).iter().map(|&q| Loc::new(q)).collect(),
                            UnitType::Fleet => v.fleet_neighbours(loc).to_vec(),
                        };
                        // a unit of the power next door moving in
                        if rng.below(2) == 0
                            && let Some(&from) = rng.pick(&targets)
                            && !units.iter().any(|u| u.loc.prov == from.prov)
                            && (kind == UnitType::Army || from.coast == crate::map::Coast::None)
                        {
                            let u = Unit { power: p, kind, loc: from, aboard: false };
                            units.push(u);
                            orders.push((p, Order::Move { unit: UnitSpec::new(Some(kind), from), dest: loc, via: false }));
                        }
                        if units.iter().any(|u| u.loc.prov == loc.prov && u.power != p) {
                            continue;
                        }
                        for _ in 0..rng.below(4) {
                            units.push(Unit { power: p, kind, loc, aboard: false });
                            let spec = UnitSpec::new(Some(kind), loc);
                            let Some(&d) = rng.pick(&targets) else { continue };
                            match rng.below(4) {
                                0 => {}
                                1 | 2 => orders.push((p, Order::Move { unit: spec, dest: d, via: false })),
                                _ => {
                                    if let Some(t) = units.iter().find(|x| x.loc.prov == d.prov) {
                                        orders.push((p, Order::Support { unit: spec, target: UnitSpec::new(Some(t.kind), t.loc), dest: None }));
                                    }
                                }
                            }
                        }
                    }
                }
                let m = super::adjudicate_with(&v, &rules, &units, &centers, &orders);
                referents_checked(&m, false);
                // the same with the units listed the other way round: identical
                // units of a stack are interchangeable
                let rev: Vec<Unit> = units.iter().rev().copied().collect();
                let m2 = super::adjudicate_with(&v, &rules, &rev, &centers, &orders);
                let canon = |m: &super::Movement| {
                    let mut u = m.units.clone();
                    u.sort();
                    let mut d: Vec<String> = m.dislodged.iter().map(|d| format!("{:?}", (d.unit, &d.options, d.attacker_from))).collect();
                    d.sort();
                    let mut r: Vec<String> = m.results.iter().map(|r| format!("{:?}", (r.power, r.order, r.result, r.defaulted))).collect();
                    r.sort();
                    (u, d, r)
                };
                let (a, b) = (canon(&m), canon(&m2));
                if a != b {
                    let only = |x: &[String], y: &[String]| x.iter().filter(|e| !y.contains(e)).cloned().collect::<Vec<_>>();
                    let diff = (only(&a.1, &b.1), only(&b.1, &a.1), only(&a.2, &b.2), only(&b.2, &a.2));
                    panic!("seed {seed}: the outcome depends on how the units are listed: {diff:?}\nunits {units:?}\norders {orders:?}");
                }
                for (i, a) in m.units.iter().enumerate() {
                    for b in &m.units[i + 1..] {
                        if a.loc.prov == b.loc.prov {
                            assert!(v.may_stack(a, b), "seed {seed}: {a:?} and {b:?} share a space");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn convoy_positions_resolve_consistently() {
        let v = Variant::standard();
        for rules in [Rulebook::datc(), Rulebook::rulebook_1992()] {
            for seed in 0..seeds() {
                let (units, orders) = convoy_phase(&v, seed, 4 + (seed as usize) % 30);
                referents_named(&adjudicate(&v, &rules, &units, &orders));
            }
        }
    }
}
