//! The rules engine: a pure function from a position and orders to an outcome.
//!
//! No IO, no clock, no database; deterministic, and (for movement) independent of
//! the order in which orders are listed. Rule choices come in as a [`Rulebook`].
//!
//! - [`movement`]: moves, supports, convoys, paradoxes (Kruijswijk's guess-and-check
//!   resolution with the Szykman rule and circular movement as backup rules): the
//!   standard resolver, one file per layer of it (orders, convoys, decisions,
//!   strengths, outcome), with Original 1958's stacks in `movement/stacks.rs`.
//! - `boarding`: Original 1958 boarding (armies on board fleets), a layer over
//!   the movement resolver.
//! - `ferry`: 1885-III A/F units, Fast Ferries and the High Ocean Box, a layer
//!   over the movement resolver (`ferry/prepare.rs` reads the orders first).
//! - [`moves`]: a movement phase by the resolver or the layer the map's
//!   features choose (the resolver does not know the layers).
//! - [`retreat`]: retreats, disbands, and the right-hand rule.
//! - [`adjust`]: builds, removals, waives, civil-disorder removals; the
//!   builds of a map's dummy powers in [`dummy`].

pub mod adjust;
pub(crate) mod boarding;
pub mod dummy;
pub(crate) mod ferry;
pub mod movement;
pub mod moves;
pub mod retreat;
pub(crate) mod terrain;

use crate::end::GameEnd;
use crate::map::{Loc, PowerId, Prov, Unit, Variant, Victory};
use crate::order::Order;
use crate::phase::{Phase, PhaseKind};
use crate::rules::Rulebook;

/// The board at the start of a phase.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub phase: Phase,
    pub units: Vec<Unit>,
    /// Owner of each province's supply centre (indexed by province).
    pub centers: Vec<Option<PowerId>>,
    /// Owner of each tracked province that is not a supply centre (a build
    /// site such as 1885's Sicily: [`crate::map::Province::tracked`]),
    /// indexed by province; empty on maps that track none.
    pub owners: Vec<Option<PowerId>>,
    /// In a retreat phase: the dislodged units and where they may go.
    pub dislodged: Vec<Dislodged>,
}

/// A dislodged unit waiting for its retreat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dislodged {
    pub unit: Unit,
    /// Legal retreat locations (sorted).
    pub options: Vec<Loc>,
    /// Where the attack that dislodged it came from (for the right-hand rule).
    pub attacker_from: Option<Prov>,
}

impl Position {
    /// The variant's starting position.
    pub fn initial(v: &Variant) -> Position {
        let mut units: Vec<Unit> = v.powers.iter().flat_map(|p| p.units.iter().copied()).collect();
        units.sort();
        Position { phase: v.start, units, centers: v.initial_centers(), owners: v.initial_owners(), dislodged: Vec::new() }
    }

    /// A game's first position by its rules: the variant's, or with
    /// [`Rulebook::blank_board`] the same centres and no unit, in the
    /// adjustment phase before the variant's first phase (each power builds
    /// its units). A variant that starts in an adjustment phase (chaos), or
    /// whose calendar has none before its start, starts as it does.
    pub fn start(v: &Variant, rules: &Rulebook) -> Position {
        let mut pos = Position::initial(v);
        if rules.blank_board
            && v.start.kind != PhaseKind::Adjustment
            && let Some(before) = v.calendar.adjustment_before(v.start)
        {
            pos.phase = before;
            pos.units.clear();
        }
        pos
    }
    /// The owner of `p` if it is a tracked build site that is not a centre.
    pub fn owner(&self, p: Prov) -> Option<PowerId> {
        self.owners.get(p as usize).copied().flatten()
    }
    /// The unit standing in `p` (never an army on board, which stands on its fleet).
    pub fn unit_at(&self, p: Prov) -> Option<&Unit> {
        self.units.iter().find(|u| u.loc.prov == p && !u.aboard)
    }
    pub fn center_count(&self, power: PowerId) -> usize {
        self.centers.iter().filter(|c| **c == Some(power)).count()
    }
    pub fn unit_count(&self, power: PowerId) -> usize {
        self.units.iter().filter(|u| u.power == power).count()
    }
    /// Each power's [`center_count`](Self::center_count) and
    /// [`unit_count`](Self::unit_count), by power, counted in one pass.
    pub fn counts(&self, powers: usize) -> Vec<Counts> {
        let mut counts = vec![Counts::default(); powers];
        for &p in self.centers.iter().flatten() {
            if let Some(c) = counts.get_mut(p as usize) {
                c.centers += 1;
            }
        }
        for u in &self.units {
            if let Some(c) = counts.get_mut(u.power as usize) {
                c.units += 1;
            }
        }
        counts
    }
}

/// A power's centres and units in a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub centers: usize,
    pub units: usize,
}

impl Counts {
    /// What counts toward the map's victory: centres, or units.
    pub fn toward(self, victory: &Victory) -> u32 {
        match victory {
            Victory::Centers(_) => self.centers as u32,
            Victory::Units(_) => self.units as u32,
        }
    }
}

/// What happened to an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultKind {
    Ok,
    Bounce,
    Cut,
    Dislodged,
    Void,
    NoConvoy,
    Disrupted,
    Disband,
}

impl ResultKind {
    /// The contract's label.
    pub fn label(self) -> &'static str {
        match self {
            ResultKind::Ok => "ok",
            ResultKind::Bounce => "bounce",
            ResultKind::Cut => "cut",
            ResultKind::Dislodged => "dislodged",
            ResultKind::Void => "void",
            ResultKind::NoConvoy => "no_convoy",
            ResultKind::Disrupted => "disrupted",
            ResultKind::Disband => "disband",
        }
    }

    /// The result a contract label names (strict: an unknown label is `None`).
    pub fn from_label(label: &str) -> Option<ResultKind> {
        [
            ResultKind::Ok,
            ResultKind::Bounce,
            ResultKind::Cut,
            ResultKind::Dislodged,
            ResultKind::Void,
            ResultKind::NoConvoy,
            ResultKind::Disrupted,
            ResultKind::Disband,
        ]
        .into_iter()
        .find(|k| k.label() == label)
    }
}

/// Why an order had the result it had (for reports and replies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub enum Note {
    NoSuchUnit,
    NotYourUnit,
    WrongUnitType,
    SeveralOrders,
    NotAdjacent,
    CannotEnter,
    CoastNeeded,
    CoastUnreachable,
    ToOwnProvince,
    SupportMismatch,
    SupportUnreachable,
    SupportOwnProvince,
    SupportOfMovingUnit,
    ConvoyNotAtSea,
    /// As [`Note::ConvoyNotAtSea`], on a map with ports (docs/RULES.md, "Ports").
    ConvoyNotAtSeaOrPort,
    ConvoyMismatch,
    ConvoyNotUsed,
    NoConvoyRoute,
    ConvoyDisrupted,
    NoConvoys,
    WrongPhase,
    NotDislodged,
    RetreatNotAllowed,
    RetreatCollision,
    DisbandNotAllowed,
    BuildNotHome,
    BuildNotBase,
    BuildNotOwned,
    BuildOccupied,
    BuildNotOwed,
    BuildNeedsType,
    BuildNeedsCoast,
    BuildBadType,
    /// `SET ONE CENTRE`: the power owns none of its home centres, so it builds nowhere.
    BuildNeedsHome,
    /// A build outside the supply centres where any owned centre is a build site.
    BuildNotCentre,
    RemoveNotOwed,
    DefaultHold,
    DefaultDisband,
    DefaultRightHand,
    DefaultWaive,
    CivilDisorder,
    Standoff,
    Overpowered,
    OwnUnit,
    Paradox,
    StackSupport,
    StackCoastNeeded,
    BoardCarrying,
    BoardNoPartner,
    BoardOnePair,
    BoxSupport,
    ParadoxStand,
    FerryOneSea,
    FerryCarrying,
    EmbarkNoFleet,
    EmbarkOneArmy,
    LandingNotAdjacent,
    LandingFailed,
    LandingCircular,
    LandingFleetStopped,
    AfSeaOnly,
    CarriedArmy,
    /// The destination is closed to every unit ([`Rulebook::closed`]).
    Closed,
    /// A unit of a stack supporting another unit of its own stack (1958, D4).
    StackMate,
    /// A support of a space where no unit stands: a valid order that fails.
    NothingToSupport,
    /// A unit supporting itself in holding (an A/F counts as one unit).
    SupportSelf,
    /// An order (a move in 1958, a retreat in 1958 or 1885) for an army on
    /// board its power's fleet: it goes where its fleet goes (1958 D8, D10;
    /// 1885 E12).
    CarriedNoOrder,
    /// A Fast Ferry's army that could not land stayed on board its fleet:
    /// an A/F formed (1885, E7).
    FerryAboard,
    /// A move, retreat, support or convoy into a seasonal space shut this
    /// season (docs/RULES.md, "Seasonal spaces").
    Shut,
    /// An order other than hold for a unit in a seasonal space shut this
    /// season: it may only hold (DPjudge's HIBERNATE).
    Trapped,
    /// A support across a strait (docs/RULES.md, "Straits").
    StraitSupport,
    /// A build of a dummy power, which no one plays (docs/VARIANTS.md,
    /// "Dummy powers").
    DummyBuild,
    /// A build outside the home centres where any power's owned home centre
    /// is a build site (DPjudge's `HOME_BUILDS`).
    BuildNotAnyHome,
    /// A build in a partisan site while the power owns all or none of its
    /// home centres (1900's Siberia).
    BuildPartisanIdle,
    /// A support across a half-strength crossing (docs/RULES.md,
    /// "Half-strength crossings").
    HalfStrengthSupport,
    /// A move, support or retreat across a crossing only the owner of a
    /// centre may use, by another power (docs/RULES.md, "Crossings for the
    /// owner of a centre"; imperial's Bosphorus).
    OwnerOnly,
}

impl Note {
    /// Why a unit cannot convoy where it is: on a map with ports, a port
    /// would do too, and the note says so.
    pub fn not_a_convoying_fleet(v: &Variant) -> Note {
        if v.has_ports() { Note::ConvoyNotAtSeaOrPort } else { Note::ConvoyNotAtSea }
    }

    pub fn text(self) -> &'static str {
        match self {
            Note::NoSuchUnit => "there is no such unit",
            Note::NotYourUnit => "the unit belongs to another power",
            Note::WrongUnitType => "the unit there is of the other type",
            Note::SeveralOrders => "the unit was given several orders",
            Note::NotAdjacent => "the destination cannot be reached from there",
            Note::CannotEnter => "this kind of unit cannot enter that province",
            Note::CoastNeeded => "both coasts can be reached: the order must name one",
            Note::CoastUnreachable => "that coast cannot be reached from there",
            Note::ToOwnProvince => "a unit cannot move to the province it is in",
            Note::SupportMismatch => "the supported unit was not ordered to do that",
            Note::SupportUnreachable => "the supporting unit could not move to that province itself",
            Note::SupportOwnProvince => "a unit cannot support a move into its own province",
            Note::SupportOfMovingUnit => "a unit ordered to move can only be supported in its move",
            Note::ConvoyNotAtSea => "only a fleet at sea can convoy",
            Note::ConvoyNotAtSeaOrPort => "only a fleet at sea or in a port can convoy",
            Note::ConvoyMismatch => "the army was not ordered to make that move",
            Note::ConvoyNotUsed => "the army does not move by convoy",
            Note::NoConvoyRoute => "no complete chain of convoying fleets",
            Note::ConvoyDisrupted => "a convoying fleet was dislodged",
            Note::NoConvoys => "this map has no convoys",
            Note::WrongPhase => "not an order for this phase",
            Note::NotDislodged => "that unit has no retreat to make",
            Note::RetreatNotAllowed => "the unit may not retreat there",
            Note::RetreatCollision => "another unit retreated to the same space",
            Note::DisbandNotAllowed => "this game retreats unordered units by the right-hand rule; a disband order is not allowed",
            Note::BuildNotHome => "builds are allowed only in home supply centres",
            Note::BuildNotBase => "armies are built only in the capital and fleets only in a naval base the power owns",
            Note::BuildNotOwned => "the power does not own that centre",
            Note::BuildOccupied => "the centre is occupied",
            Note::BuildNotOwed => "no more builds are due",
            Note::BuildNeedsType => "say whether to build an army or a fleet",
            Note::BuildNeedsCoast => "a fleet built there needs a coast",
            Note::BuildBadType => "that kind of unit cannot be built there",
            Note::BuildNeedsHome => "the power owns none of its home centres, and builds only while it owns one (ONE CENTRE)",
            Note::BuildNotCentre => "builds go only in supply centres",
            Note::RemoveNotOwed => "no more removals are due",
            Note::DefaultHold => "no order: the unit holds",
            Note::DefaultDisband => "no retreat ordered: the unit is disbanded",
            Note::DefaultRightHand => "no retreat ordered: retreated by the right-hand rule",
            Note::DefaultWaive => "build not used",
            Note::CivilDisorder => "removal not ordered: chosen by the civil-disorder rule",
            Note::Standoff => "stood off by equal strength",
            Note::Overpowered => "met greater strength",
            Note::OwnUnit => "a power cannot dislodge its own unit",
            Note::Paradox => "convoy paradox: the convoyed army does not move (Szykman rule)",
            Note::StackSupport => "another unit of the same stack already supports that unit",
            Note::StackCoastNeeded => "fleets stand on both coasts: the order must name the coast of the fleet it is for",
            Note::BoardCarrying => "a fleet that carries an army cannot take on another",
            Note::BoardNoPartner => "no matching boarding order from the partner",
            Note::BoardOnePair => "a space holds one army on board at most",
            Note::BoxSupport => "in the High Ocean Box a fleet supports only another fleet there moving out to a sea space; no support goes into the Box",
            Note::ParadoxStand => "circular reasoning: the units in the cycle stand",
            Note::FerryOneSea => "a Fast Ferry crosses one sea space with one fleet; longer crossings are made by an A/F",
            Note::FerryCarrying => "a fleet carrying an army (an A/F) cannot ferry another",
            Note::EmbarkNoFleet => "there is no fleet to embark on there (a fleet of the army's power, or of the power named that agreed)",
            Note::EmbarkOneArmy => "a fleet carries one army at most",
            Note::LandingNotAdjacent => "the army cannot land there from the sea space it is in",
            Note::LandingFailed => "the army's landing failed, so its fleet could not leave it at sea",
            Note::LandingCircular => "the landing would decide the move of the A/F it came on (circular reasoning): it fails",
            Note::LandingFleetStopped => "its A/F did not reach the sea space the army would land from",
            Note::AfSeaOnly => "an A/F moves only between sea spaces: it never enters a coastal province",
            Note::CarriedArmy => "an army on board can only land (or stay on board)",
            Note::Closed => "no unit may enter that province (the territory of a neutral power)",
            Note::StackMate => "a unit of a stack cannot support another unit of the same stack",
            Note::NothingToSupport => "there is no unit there to support",
            Note::SupportSelf => "a unit cannot support itself",
            Note::CarriedNoOrder => "an army on board takes no order of its own: it goes where its fleet goes (order the fleet)",
            Note::FerryAboard => "the army could not land and stays on board its ferrying fleet: an A/F is formed",
            Note::Shut => "that space is impassable in this season",
            Note::Trapped => "the unit's space is impassable in this season: it may only hold",
            Note::StraitSupport => "no support is given across a strait",
            Note::DummyBuild => "built by the dummy power, which no one plays: the unit it started with there, or an army",
            Note::BuildNotAnyHome => "builds go only in home supply centres (of any power)",
            Note::HalfStrengthSupport => "no support is given across a half-strength crossing (the long way round)",
            Note::OwnerOnly => "only the power that owns the supply centre guarding that crossing may use it",
            Note::BuildPartisanIdle => "a partisan site is a build site only while the power owns some but not all of its home centres",
        }
    }
}

/// The result of one order (submitted or default).
#[derive(Clone, Debug, PartialEq)]
pub struct OrderResult {
    pub power: PowerId,
    /// The order as given, with the unit type filled in from the board.
    pub order: Order,
    pub result: ResultKind,
    pub note: Option<Note>,
    /// True for an order the engine supplied (hold, disband, waive, removal).
    pub defaulted: bool,
    /// The unit that made the result what it was, for reports to say why
    /// (as it stood at the start of the phase): for a move that bounced, the
    /// unit it stood off with or was beaten by; for a cut support, the unit
    /// whose attack cut it (none when, on a stacking map, a unit of the
    /// supporter's own power from the space supported into joined it); for
    /// a dislodged unit, the unit that dislodged it;
    /// for a retreat that failed by collision, another unit retreating to
    /// the same space. `None` for every other result.
    pub by: Option<Unit>,
}

/// Everything an adjudicated phase produces.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub phase: Phase,
    pub results: Vec<OrderResult>,
    /// The board at the start of `next_phase` (or at the end of the game).
    pub position: Position,
    /// After a movement phase: the dislodged units (with empty option lists for
    /// those that could not retreat and were disbanded).
    pub dislodged: Vec<Dislodged>,
    pub next_phase: Option<Phase>,
    /// The game's end, when this phase ended it: a victory, or no phase left.
    pub end: Option<GameEnd>,
}

impl Outcome {
    /// The power that won alone, if this phase ended the game so.
    pub fn winner(&self) -> Option<PowerId> {
        match self.end {
            Some(GameEnd::Solo(p)) => Some(p),
            _ => None,
        }
    }
}

/// The end an advance to `next` with `winner` makes.
fn ending(winner: Option<GameEnd>, next: Option<Phase>) -> Option<GameEnd> {
    match (winner, next) {
        (Some(w), _) => Some(w),
        (None, None) => Some(GameEnd::NoMorePhases),
        (None, Some(_)) => None,
    }
}

/// Adjudicates one phase.
///
/// In a game with neutral powers ([`Rulebook::neutral`]) the orders of a
/// neutral power are dropped (it has no player): its units hold, its
/// dislodged units are disbanded (they get no retreat options, so they alone
/// make no retreat phase), and it never builds.
pub fn process(v: &Variant, rules: &Rulebook, pos: &Position, orders: &[(PowerId, Order)]) -> Outcome {
    let rules = &rules.in_phase(v, pos.phase).holding(v, &pos.centers);
    let mut out = process_orders(v, rules, pos, orders);
    if v.features.boarding || v.features.army_fleet {
        for r in out.results.iter_mut().filter(|r| r.result == ResultKind::Void) {
            r.note = r.note.map(|n| carried_note(v, pos, r.power, &r.order, n));
        }
    }
    out
}

/// The precise reason for an order void because the army it names is on
/// board a fleet (`n`: the reason the unit's reading gave, the fleet being
/// the unit found there): another power's army is not the orderer's
/// ([`Note::NotYourUnit`]); the orderer's own army takes no order of its
/// own in 1958, nor a retreat in 1885 ([`Note::CarriedNoOrder`]). Any
/// other note is returned as it is. The check on arrival
/// ([`crate::check::order`]) gives the same.
pub(crate) fn carried_note(v: &Variant, pos: &Position, power: PowerId, o: &Order, n: Note) -> Note {
    if !matches!(n, Note::WrongUnitType | Note::NoSuchUnit | Note::NotDislodged | Note::NotYourUnit) {
        return n;
    }
    let Some(spec) = o.unit().filter(|s| s.kind == Some(crate::map::UnitType::Army)) else { return n };
    let retreat = pos.phase.kind == PhaseKind::Retreat;
    let here = |u: &Unit| u.aboard && u.loc.prov == spec.loc.prov;
    let carried = if retreat { pos.dislodged.iter().map(|d| d.unit).find(here) } else { pos.units.iter().copied().find(here) };
    match carried {
        Some(a) if a.power != power => Note::NotYourUnit,
        Some(_) if retreat || v.features.boarding => Note::CarriedNoOrder,
        _ => n,
    }
}

fn process_orders(v: &Variant, rules: &Rulebook, pos: &Position, orders: &[(PowerId, Order)]) -> Outcome {
    let kept: Vec<(PowerId, Order)>;
    let orders = if rules.neutral == 0 {
        orders
    } else {
        kept = orders.iter().filter(|(p, _)| !rules.is_neutral(*p)).copied().collect();
        &kept
    };
    match pos.phase.kind {
        PhaseKind::Movement => {
            // SET DISBAND: the disbanded units leave the board before the moves
            let disbanded = rules.movement_disband.then(|| disband_first(pos, orders));
            let (units, orders): (&[Unit], &[(PowerId, Order)]) = match &disbanded {
                Some((_, units, rest)) => (units, rest),
                None => (&pos.units, orders),
            };
            let mut m = moves::adjudicate_with(v, rules, units, &pos.centers, orders);
            if let Some((gone, _, _)) = disbanded {
                m.results.splice(0..0, gone);
            }
            if rules.neutral != 0 || rules.auto_disband {
                // SET AUTO DISBAND: every dislodged unit is disbanded at once
                for d in m.dislodged.iter_mut().filter(|d| rules.auto_disband || rules.is_neutral(d.unit.power)) {
                    d.options.clear();
                }
            }
            if !rules.closed.is_empty() || !rules.shut.is_empty() {
                // no retreat into a closed province, nor into a space shut
                // this season (the retreat phase is in the same season)
                for d in m.dislodged.iter_mut() {
                    d.options.retain(|l| !rules.is_closed(l.prov) && !rules.is_shut(l.prov));
                }
            }
            if !v.owner_crossings.is_empty() {
                // no retreat across a crossing of another power's centre
                for d in m.dislodged.iter_mut() {
                    d.options.retain(|l| !rules.barred(v, d.unit.power, d.unit.loc.prov, l.prov));
                }
            }
            let can_retreat = m.dislodged.iter().any(|d| !d.options.is_empty());
            let has_r = v.calendar.seasons[pos.phase.season as usize].phases.contains(&PhaseKind::Retreat);
            if can_retreat && has_r {
                let next = Phase { kind: PhaseKind::Retreat, ..pos.phase };
                let position =
                    Position { phase: next, units: m.units, centers: pos.centers.clone(), owners: pos.owners.clone(), dislodged: m.dislodged.clone() };
                return Outcome { phase: pos.phase, results: m.results, position, dislodged: m.dislodged, next_phase: Some(next), end: None };
            }
            let after = Phase { kind: if has_r { PhaseKind::Retreat } else { PhaseKind::Movement }, ..pos.phase };
            let (position, next, winner) = advance(v, rules, after, m.units, pos);
            Outcome { phase: pos.phase, results: m.results, position, dislodged: m.dislodged, next_phase: next, end: ending(winner, next) }
        }
        PhaseKind::Retreat => {
            let (results, units) = retreat::adjudicate(v, rules, pos, orders);
            let (position, next, winner) = advance(v, rules, pos.phase, units, pos);
            Outcome { phase: pos.phase, results, position, dislodged: Vec::new(), next_phase: next, end: ending(winner, next) }
        }
        PhaseKind::Adjustment => {
            let (results, units) = adjust::adjudicate(v, rules, pos, orders);
            let mobilized = v.features.mobilize.then(|| adjust::mobilized(v, pos, &results));
            let (position, next, winner) = advance(v, rules, pos.phase, units, mobilized.as_ref().unwrap_or(pos));
            Outcome { phase: pos.phase, results, position, dislodged: Vec::new(), next_phase: next, end: ending(winner, next) }
        }
    }
}

/// A movement phase's disband orders (`SET DISBAND`) taken before the
/// moves: each removes the power's own unit in its space (of the type
/// written), which then neither moves, holds nor supports. The results of
/// the disbands (a void one for a unit the power does not have there), the
/// units left, and the other orders.
fn disband_first(pos: &Position, orders: &[(PowerId, Order)]) -> (Vec<OrderResult>, Vec<Unit>, Vec<(PowerId, Order)>) {
    let mut units = pos.units.clone();
    let mut results = Vec::new();
    let mut rest = Vec::with_capacity(orders.len());
    for &(power, order) in orders {
        let Order::Disband(mut spec) = order else {
            rest.push((power, order));
            continue;
        };
        let here = units.iter().position(|u| u.loc.prov == spec.loc.prov && !u.aboard);
        let (result, note) = match here.map(|i| (i, units[i])) {
            None => (ResultKind::Void, Some(Note::NoSuchUnit)),
            Some((_, u)) if u.power != power => (ResultKind::Void, Some(Note::NotYourUnit)),
            Some((_, u)) if spec.kind.is_some_and(|k| k != u.kind) => (ResultKind::Void, Some(Note::WrongUnitType)),
            Some((i, u)) => {
                spec.kind = Some(u.kind);
                units.remove(i);
                (ResultKind::Ok, None)
            }
        };
        results.push(OrderResult { power, order: Order::Disband(spec), result, note, defaulted: false, by: None });
    }
    (results, units, rest)
}

/// Moves on from the end of `done` (a retreat phase, a movement phase without
/// retreats, or an adjustment phase): centre ownership, victory, and the next phase
/// in which someone has something to order.
fn advance(v: &Variant, rules: &Rulebook, done: Phase, mut units: Vec<Unit>, before: &Position) -> (Position, Option<Phase>, Option<GameEnd>) {
    units.sort();
    let mut centers = before.centers.clone();
    let mut owners = before.owners.clone();
    if done.kind != PhaseKind::Adjustment {
        let season = v.calendar.ownership_changes_after(done);
        for u in units.iter().filter(|u| !u.aboard) {
            // a carried army occupies nothing: the fleet's power takes the centre (D20)
            let p = &v.provinces[u.loc.prov as usize];
            if p.center && (season || p.ownership_until.is_some_and(|until| (done.year, done.season) <= (until.year, until.season))) {
                centers[u.loc.prov as usize] = Some(u.power);
            }
            // a tracked build site changes hands after any move (1885 E5)
            if p.tracked.is_some()
                && let Some(o) = owners.get_mut(u.loc.prov as usize)
            {
                *o = Some(u.power);
            }
        }
    }
    // after every phase, adjustments included: builds can make a units victory
    // (Original 1958); a centres count does not change in an adjustment phase
    let mut position = Position { phase: done, units, centers, owners, dislodged: Vec::new() };
    let winner = match rules.sides {
        Some(sides) => side_victory(v, &sides, &position.centers),
        None => victory(v, rules, &position).map(GameEnd::Solo),
    };
    if winner.is_some() {
        return (position, None, winner);
    }
    let mut next = v.calendar.successor(done);
    for _ in 0..16 {
        match next.kind {
            PhaseKind::Retreat => next = v.calendar.successor(next),
            PhaseKind::Adjustment if !adjustment_needed(v, rules, &position) => next = v.calendar.successor(next),
            _ => break,
        }
    }
    position.phase = next;
    (position, Some(next), None)
}

/// A victory by sides ([`Rulebook::sides`]): the side whose powers own
/// the centres needed, all together, wins (as an alliance; a side of one
/// power alone wins solo). The variant's solo victory does not apply.
fn side_victory(v: &Variant, sides: &crate::rules::SideVictory, centers: &[Option<PowerId>]) -> Option<GameEnd> {
    let of = |mask: u64| (0..v.powers.len().min(64) as PowerId).filter(move |p| (mask >> p) & 1 == 1);
    sides.sides.iter().find_map(|&mask| {
        let owned = centers.iter().filter(|c| c.is_some_and(|p| p < 64 && (mask >> p) & 1 == 1)).count() as u32;
        if mask == 0 || owned < sides.centers {
            return None;
        }
        let powers: Vec<PowerId> = of(mask).collect();
        Some(if powers.len() == 1 { GameEnd::Solo(powers[0]) } else { GameEnd::Alliance(powers) })
    })
}

/// The power alone on top with at least the victory count (the game's, see
/// [`Rulebook::victory_count`], else the map's).
fn victory(v: &Variant, rules: &Rulebook, pos: &Position) -> Option<PowerId> {
    let counts: Vec<u32> = pos.counts(v.powers.len()).into_iter().map(|c| c.toward(&v.victory)).collect();
    let need = rules.victory_count.unwrap_or(match v.victory {
        Victory::Centers(n) | Victory::Units(n) => n,
    });
    let best = *counts.iter().max()?;
    if best >= need && counts.iter().filter(|c| **c == best).count() == 1 { counts.iter().position(|c| *c == best).map(|p| p as PowerId) } else { None }
}

/// Whether `allies` meet one of the map's alliance victories in `pos`
/// (`[[victory.alliance]]`): as many allies as the rule names, together at
/// least its count and each at least its share, counted as the solo victory
/// counts (centres or units). Whether the powers are allies is the game's to
/// say (they declare it); the engine checks the numbers after every phase
/// the game asks it to.
pub fn alliance_wins(v: &Variant, pos: &Position, allies: &[PowerId]) -> bool {
    let mut distinct = allies.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != allies.len() || allies.iter().any(|&p| p as usize >= v.powers.len()) {
        return false;
    }
    let counts = pos.counts(v.powers.len());
    let count = |p: PowerId| counts[p as usize].toward(&v.victory);
    v.alliances
        .iter()
        .any(|a| a.powers as usize == allies.len() && allies.iter().all(|&p| count(p) >= a.each) && allies.iter().map(|&p| count(p)).sum::<u32>() >= a.count)
}

/// Whether some power has a build it can make or a removal it must make
/// (a neutral power builds nothing; it may have to remove).
pub fn adjustment_needed(v: &Variant, rules: &Rulebook, pos: &Position) -> bool {
    let otherwise = adjust::counts_otherwise(v);
    pos.counts(v.powers.len()).into_iter().enumerate().any(|(p, c)| {
        let p = p as PowerId;
        let centers = if otherwise { adjust::supply(v, pos, p) } else { c.centers };
        c.units > centers || ((!rules.is_neutral(p) || dummy::builds(v, rules, p)) && adjust::builds_owed(v, rules, pos, p, centers - c.units) > 0)
    })
}
