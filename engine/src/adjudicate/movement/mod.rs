//! Movement phases: the standard resolver (DATC), with the hooks the
//! variants' layers use. It does not know the layers: which resolver a
//! map's phase goes through is `super::moves`.
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
//! The files, by layer:
//!
//! - this one: the resolver's state and [`core`], which runs the steps below;
//! - [`orders`]: orders matched to units, moves and supports read and checked;
//! - [`convoy`]: convoy orders, which moves go by convoy, convoy routes;
//! - [`decisions`]: Kruijswijk's guesses, cycles and the backup rules (paradoxes);
//! - [`strength`]: attack, hold, defend and prevent strengths, cuts, dislodgement;
//! - [`outcome`]: the board afterwards, retreat options, results and their referents;
//! - [`stacks`]: several units a space (Original 1958 home-base stacks, spaces
//!   with room, boarding moves, A/F pairs): kept cold, off the standard path;
//! - [`landing`]: the resolver's side of 1885 landings (the layer is `super::ferry`).
//!
//! On a map with home-base stacking (Original 1958) several units share a space:
//! orders go to a stack's units in the order written, a stack defends as one and
//! falls whole (docs/ORIGINAL1958.md D3-D6); that code stays off the standard path.

mod convoy;
mod decisions;
mod ix;
mod landing;
mod orders;
mod outcome;
mod stacks;
mod strength;
#[cfg(test)]
mod tests;

pub(crate) use convoy::fleets_could_carry;
pub(crate) use ix::{OrderIx, UnitIx};
pub(crate) use orders::{impossible_support, move_target};
pub(crate) use stacks::{lone_stack_unit, stack_unit};

use super::{Dislodged, Note, OrderResult};
use crate::map::{Loc, PowerId, Prov, Stacking, Unit, Variant};
use crate::order::Order;
use crate::rules::{Paradox, Rulebook};
use orders::Assignment;

/// Where a carried army's landing is made from (1885, docs/RULES1885.md
/// E10, E11), in [`Extra::land`]. The layer has checked that the army can
/// land there from that space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Landing {
    /// From the army's own space, whatever its fleet does.
    Here,
    /// From the army's own space while its fleet leaves it for the High
    /// Ocean Box (a move that never fails, E16): if the landing fails the
    /// army sails on board, so it does not defend the space.
    Away,
    /// From the destination of this fleet (a unit of the resolver), whose
    /// move must succeed for the army to land.
    FromFleet(UnitIx),
}

/// A boarding move's partner (Original 1958), in [`Extra::board`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Partner {
    /// None: the move fails, but stands others off.
    Unmatched,
    /// The unit (of the resolver) boarding with it.
    Unit(UnitIx),
}

/// What a layer over the resolver adds to a movement phase (every list empty
/// where it adds nothing).
#[derive(Default)]
pub(crate) struct Extra {
    /// Original 1958 boarding: see [`Resolver::board`].
    pub board: Vec<Option<Partner>>,
    /// 1885 A/F landings (docs/RULES1885.md E10, E11), one entry a unit: for
    /// a carried army's landing, where it lands from; `None` for every
    /// other unit.
    pub land: Vec<Option<Landing>>,
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
    /// The first unit in each province (`None`: none).
    occ: Vec<Option<UnitIx>>,
    /// Several units a province: home-base stacks (Original 1958), carried
    /// armies, or spaces with room for several (`capacity`).
    stacks: bool,
    /// With `stacks`: the next unit in the same province (`None` at the end).
    next: Vec<Option<UnitIx>>,
    /// With `stacks`: whether the unit moves to a space where it may join its
    /// own units (D6, and spaces with room).
    may_join: Vec<Join>,
    status: Vec<Status>,
    dest: Vec<Prov>,
    dest_loc: Vec<Loc>,
    convoyed: Vec<bool>,
    /// For a valid support: the supported unit.
    sup_target: Vec<Option<UnitIx>>,
    /// For a valid support: the province support is given into.
    sup_into: Vec<Prov>,
    /// For a convoy order in use: the army it carries.
    convoy_for: Vec<Option<UnitIx>>,
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
    /// its partner ([`Partner::Unmatched`] without one); `None` for every other unit.
    board: Vec<Option<Partner>>,
    /// 1885 landings (empty elsewhere): see [`Extra`].
    land: Vec<Option<Landing>>,
    paradox: Paradox,
    /// The valid supports given to each unit, as lists in unit order: the
    /// first (`None` for none) by supported unit, the next by supporting unit.
    sup_first: Vec<Option<UnitIx>>,
    sup_next: Vec<Option<UnitIx>>,
    /// The moves into each province, as lists in unit order: the first by
    /// province, the next by moving unit.
    into_first: Vec<Option<UnitIx>>,
    into_next: Vec<Option<UnitIx>>,
    /// The fleets ordered to convoy each army (a matching convoy order), as
    /// lists in unit order: the first by army, the next by fleet.
    conv_first: Vec<Option<UnitIx>>,
    conv_next: Vec<Option<UnitIx>>,
}

/// The working arrays of [`core`], kept between calls on one thread so that
/// an adjudication does not allocate them afresh (each is cleared and filled
/// again before use).
#[derive(Default)]
struct Scratch {
    occ: Vec<Option<UnitIx>>,
    assigned: Vec<Option<OrderIx>>,
    several: Vec<bool>,
    pre: Vec<Option<Note>>,
    order_unit: Vec<Option<UnitIx>>,
    status: Vec<Status>,
    dest: Vec<Prov>,
    dest_loc: Vec<Loc>,
    convoyed: Vec<bool>,
    sup_target: Vec<Option<UnitIx>>,
    sup_into: Vec<Prov>,
    convoy_for: Vec<Option<UnitIx>>,
    state: Vec<State>,
    res: Vec<bool>,
    deps: Vec<usize>,
    stamp: Vec<u32>,
    forced: Vec<bool>,
    sup_first: Vec<Option<UnitIx>>,
    sup_next: Vec<Option<UnitIx>>,
    into_first: Vec<Option<UnitIx>>,
    into_next: Vec<Option<UnitIx>>,
    conv_first: Vec<Option<UnitIx>>,
    conv_next: Vec<Option<UnitIx>>,
    wants_convoy: Vec<bool>,
    via: Vec<bool>,
    ordered_move: Vec<bool>,
    dislodged_by: Vec<Option<UnitIx>>,
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
    let mut sc = SCRATCH.with(std::cell::Cell::take);
    let Extra { board, land } = extra;
    // boarding moves are handled on the stacks' path (one unit a space is a
    // stack of one), so a map with boarding goes that way too; so do A/F
    // units (a fleet and its army share a space)
    let stacks = v.features.stacking == Stacking::HomeBases || !board.is_empty() || v.wide || v.features.army_fleet;
    let (occ, next) = occupants(v, units, stacks, std::mem::take(&mut sc.occ));
    let a = Assignment::new(units, &occ, &next, stacks, orders, &mut sc);
    let mut r = Resolver::new(v, rules, units, (occ, next), stacks, Extra { board, land }, &mut sc);
    r.read_orders(&a, rules, centers, &mut sc);
    r.resolve_all();
    #[cfg(test)]
    r.check_fixpoint();
    let out = r.outcome(&a, &mut sc);
    r.keep(&mut sc);
    a.keep(&mut sc);
    SCRATCH.with(|c| c.set(sc));
    out
}

/// The units in each province: the first listed there (`None`: none), and
/// on a stacking map the others there, as a list from `occ` through `next`.
type Occupants = (Vec<Option<UnitIx>>, Vec<Option<UnitIx>>);

/// Which unit stands in each province, and on a stacking map the others
/// there (see [`Occupants`]); `occ`: an allocation to reuse.
fn occupants(v: &Variant, units: &[Unit], stacks: bool, occ: Vec<Option<UnitIx>>) -> Occupants {
    let mut occ = filled(occ, v.provinces.len(), None);
    let mut next: Vec<Option<UnitIx>> = Vec::new();
    if stacks {
        next = vec![None; units.len()];
        for (i, u) in units.iter().enumerate().rev() {
            next[i] = occ[u.loc.prov as usize];
            occ[u.loc.prov as usize] = Some(UnitIx::new(i));
        }
    } else {
        for (i, u) in units.iter().enumerate() {
            occ[u.loc.prov as usize] = Some(UnitIx::new(i));
        }
    }
    (occ, next)
}

impl<'a> Resolver<'a> {
    /// The resolver before the orders are read: every unit holds.
    fn new(v: &'a Variant, rules: &Rulebook, units: &'a [Unit], (occ, next): Occupants, stacks: bool, extra: Extra, sc: &mut Scratch) -> Self {
        let n = units.len();
        let np = v.provinces.len();
        let mut take = |f: fn(&mut Scratch) -> &mut Vec<Option<UnitIx>>, len: usize| filled(std::mem::take(f(sc)), len, None);
        let sup_target = take(|s| &mut s.sup_target, n);
        let convoy_for = take(|s| &mut s.convoy_for, n);
        let sup_first = take(|s| &mut s.sup_first, n);
        let sup_next = take(|s| &mut s.sup_next, n);
        let into_first = take(|s| &mut s.into_first, np);
        let into_next = take(|s| &mut s.into_next, n);
        let conv_first = take(|s| &mut s.conv_first, n);
        let conv_next = take(|s| &mut s.conv_next, n);
        Resolver {
            closed: *rules,
            v,
            units,
            n,
            occ,
            stacks,
            next,
            may_join: Vec::new(),
            status: filled(std::mem::take(&mut sc.status), n, Status::Hold),
            dest: filled(std::mem::take(&mut sc.dest), n, 0),
            dest_loc: filled(std::mem::take(&mut sc.dest_loc), n, Loc::new(0)),
            convoyed: filled(std::mem::take(&mut sc.convoyed), n, false),
            sup_target,
            sup_into: filled(std::mem::take(&mut sc.sup_into), n, 0),
            convoy_for,
            state: filled(std::mem::take(&mut sc.state), 2 * n, State::Unresolved),
            res: filled(std::mem::take(&mut sc.res), 2 * n, false),
            deps: filled(std::mem::take(&mut sc.deps), 0, 0),
            stamp: filled(std::mem::take(&mut sc.stamp), 2 * n, 0),
            clock: 0,
            contra: false,
            forced: filled(std::mem::take(&mut sc.forced), 2 * n, false),
            board: extra.board,
            land: extra.land,
            paradox: rules.paradox,
            sup_first,
            sup_next,
            into_first,
            into_next,
            conv_first,
            conv_next,
        }
    }

    /// Reads every order into the resolver: moves first (supports and
    /// convoys refer to them), then convoys, then supports.
    fn read_orders(&mut self, a: &Assignment, rules: &Rulebook, centers: &[Option<PowerId>], sc: &mut Scratch) {
        let n = self.n;
        let mut wants_convoy = filled(std::mem::take(&mut sc.wants_convoy), n, false);
        let mut via = filled(std::mem::take(&mut sc.via), n, false);
        let mut ordered_move = filled(std::mem::take(&mut sc.ordered_move), n, false);
        self.read_moves(a, &mut wants_convoy, &mut via, &mut ordered_move);
        if self.stacks {
            self.may_join = self.stack_joins(centers);
        }
        self.read_convoys(a, &ordered_move);
        self.choose_convoyed(rules, &wants_convoy, &via, &ordered_move);
        self.read_supports(a);
        if self.stacks {
            self.first_stack_supports(&a.assigned);
        }
        self.link_lists();
        (sc.wants_convoy, sc.via, sc.ordered_move) = (wants_convoy, via, ordered_move);
    }

    /// Gives the resolver's arrays back to the scratch space.
    fn keep(self, sc: &mut Scratch) {
        sc.occ = self.occ;
        sc.status = self.status;
        sc.dest = self.dest;
        sc.dest_loc = self.dest_loc;
        sc.convoyed = self.convoyed;
        sc.sup_target = self.sup_target;
        sc.sup_into = self.sup_into;
        sc.convoy_for = self.convoy_for;
        sc.state = self.state;
        sc.res = self.res;
        sc.deps = self.deps;
        sc.stamp = self.stamp;
        sc.forced = self.forced;
        sc.sup_first = self.sup_first;
        sc.sup_next = self.sup_next;
        sc.into_first = self.into_first;
        sc.into_next = self.into_next;
        sc.conv_first = self.conv_first;
        sc.conv_next = self.conv_next;
    }
}
