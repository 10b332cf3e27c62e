//! The check of one order without adjudicating (`check::order`) against the
//! adjudication itself: for random positions of every built-in map, in
//! every kind of phase, and orders of every shape the parser gives for their
//! units (and for empty spaces, others' units, wrong types and phases), the
//! check refuses an order exactly when a full adjudication of it (with the
//! power's other orders, in an adjustment phase) voids it for a reason that
//! holds whatever else is ordered, and for the same reason.

use mailjudge_engine::adjudicate::{self, Note, Position};
use mailjudge_engine::check;
use mailjudge_engine::map::{Coast, Loc, PowerId, Prov, UnitType, Variant};
use mailjudge_engine::order::{Order, UnitSpec};
use mailjudge_engine::phase::PhaseKind;
use mailjudge_engine::random::{self, Rng};
use mailjudge_engine::rules::{RetreatDefault, Rulebook};

/// What the adjudication says of `o` (the last of the power's orders): the
/// note, where it voids it whatever else is ordered.
fn by_adjudication(v: &Variant, rules: &Rulebook, pos: &Position, power: PowerId, standing: &[Order], o: &Order) -> Option<Note> {
    let mut set: Vec<(PowerId, Order)> = standing.iter().map(|s| (power, *s)).collect();
    let at = set.len();
    set.push((power, *o));
    let out = adjudicate::process(v, rules, pos, &set);
    let r = out.results.iter().filter(|r| !r.defaulted && r.power == power).nth(at)?;
    if r.order.canonical(v) != o.canonical(v) {
        return None;
    }
    r.note.filter(|n| check::refuses(*n))
}

/// Every location of `p` (each coast of a province with several, and the province itself).
fn locs(v: &Variant, p: Prov) -> Vec<Loc> {
    let mut out = vec![Loc::new(p)];
    out.extend(v.province(p).coasts.iter().map(|&c| Loc { prov: p, coast: c }));
    out
}

/// Orders of every shape for the unit of kind `kind` at `at`, with
/// destinations among `near` (its neighbours and a few others).
/// (`typed`: the unit type always written, as the judge fills it in from
/// the board for a unit that is there before it checks the order).
fn orders_for(v: &Variant, rng: &mut Rng, at: Loc, kind: UnitType, near: &[Prov], typed: bool) -> Vec<Order> {
    let other = if kind == UnitType::Army { UnitType::Fleet } else { UnitType::Army };
    let mut out = Vec::new();
    let kinds = if typed { vec![Some(kind), Some(other)] } else { vec![Some(kind), None, Some(other)] };
    for k in kinds {
        let unit = UnitSpec::new(k, at);
        out.push(Order::Hold(unit));
        out.push(Order::Disband(unit));
        out.push(Order::Build(unit));
        out.push(Order::Board { unit, dest: None, partner: None, land: None });
        for &p in near {
            for d in locs(v, p) {
                out.push(Order::Move { unit, dest: d, via: false });
                out.push(Order::Retreat { unit, dest: d });
                if rng.below(3) == 0 {
                    out.push(Order::Move { unit, dest: d, via: true });
                    out.push(Order::Board { unit, dest: Some(d), partner: None, land: None });
                }
            }
            let target = UnitSpec::new(if rng.below(2) == 0 { None } else { Some(other) }, Loc::new(p));
            out.push(Order::Support { unit, target, dest: None });
            for &q in v.province(p).clockwise.iter().take(4) {
                out.push(Order::Support { unit, target, dest: Some(Loc::new(q)) });
            }
            if let Some(&q) = rng.pick(near) {
                out.push(Order::Convoy { unit, army: UnitSpec::new(Some(UnitType::Army), Loc::new(p)), dest: Loc::new(q) });
            }
        }
    }
    out.push(Order::Waive);
    out
}

/// Checks every order for the units (and some empty spaces) of `pos`.
fn agree(v: &Variant, rules: &Rulebook, pos: &Position, seed: u64, standing: &dyn Fn(PowerId) -> Vec<Order>) -> usize {
    let mut rng = Rng::new(seed);
    let np = v.provinces.len() as Prov;
    let mut subjects: Vec<(Loc, UnitType, PowerId)> = if pos.phase.kind == PhaseKind::Retreat {
        pos.dislodged.iter().map(|d| (d.unit.loc, d.unit.kind, d.unit.power)).collect()
    } else {
        pos.units.iter().map(|u| (u.loc, u.kind, u.power)).collect()
    };
    // empty spaces (where the judge has no type to fill in)
    let empty = |p: Prov| !pos.units.iter().any(|u| u.loc.prov == p) && !pos.dislodged.iter().any(|d| d.unit.loc.prov == p);
    for _ in 0..3 {
        let p = rng.below(np as usize) as Prov;
        if empty(p) {
            subjects.push((Loc::new(p), UnitType::Army, rng.below(v.powers.len()) as PowerId));
        }
    }
    let mut checked = 0;
    for (i, &(at, kind, owner)) in subjects.iter().enumerate() {
        if i % 3 != (seed % 3) as usize && pos.phase.kind == PhaseKind::Movement {
            continue; // a third of the units each time: the run stays short
        }
        let mut near: Vec<Prov> = v.province(at.prov).clockwise.clone();
        near.push(at.prov);
        for _ in 0..3 {
            near.push(rng.below(np as usize) as Prov);
        }
        // the owner's order, and another power's for the same unit
        let powers = [owner, (owner + 1 + rng.below(v.powers.len() - 1) as PowerId) % v.powers.len() as PowerId];
        for o in orders_for(v, &mut rng, at, kind, &near, !empty(at.prov)) {
            for &power in &powers {
                let standing = standing(power);
                let want = by_adjudication(v, rules, pos, power, &standing, &o);
                let got = check::order(v, rules, pos, power, &standing, &o).err().map(|e| e.note());
                if got != want {
                    let mut set: Vec<(PowerId, Order)> = standing.iter().map(|s| (power, *s)).collect();
                    set.push((power, o));
                    let out = adjudicate::process(v, rules, pos, &set);
                    let units: Vec<String> = pos.units.iter().map(|u| format!("{} {}", v.powers[u.power as usize].name, v.unit_code(u))).collect();
                    panic!(
                        "{}: {} by {} in {:?} (standing {:?}): check {got:?}, adjudication {want:?}\n{units:?}\n{:?}",
                        v.name,
                        o.canonical(v),
                        v.powers[power as usize].name,
                        pos.phase.kind,
                        standing,
                        out.results.iter().filter(|r| !r.defaulted).collect::<Vec<_>>()
                    );
                }
                checked += 1;
            }
        }
    }
    checked
}

fn rulebooks() -> Vec<Rulebook> {
    let rhr = Rulebook { retreat_default: RetreatDefault::RightHand, ..Rulebook::datc() };
    let mut closed = Rulebook { neutral: 1 << 2, ..Rulebook::datc() };
    closed.closed.0[0] = 0b1010_1010_0000;
    vec![Rulebook::datc(), Rulebook::rulebook_1992(), rhr, closed]
}

#[test]
fn the_check_agrees_with_the_adjudication_in_movement_and_retreat_phases() {
    // ancmed: ports; loeb9: straits and seasonal spaces
    for name in ["standard", "original1958", "1885", "ancmed", "loeb9"] {
        let v = Variant::builtin(name).expect("built in");
        let mut checked = 0;
        let mut retreats = 0;
        for seed in 0..12u64 {
            let rules = rulebooks()[seed as usize % 4];
            // about a unit for every third space: dense enough for dislodgements
            let (units, orders) = random::movement_phase(&v, seed, v.provinces.len() / 3 + seed as usize);
            let mut pos = Position::initial(&v);
            pos.units = units;
            checked += agree(&v, &rules, &pos, seed, &|_| Vec::new());
            // the retreat phase the random orders make, if any
            let out = adjudicate::process(&v, &rules, &pos, &orders);
            if out.position.phase.kind == PhaseKind::Retreat {
                retreats += 1;
                checked += agree(&v, &rules, &out.position, seed, &|_| Vec::new());
            }
        }
        assert!(checked > 1000 && retreats > 0, "{name}: {checked} orders, {retreats} retreat phases");
    }
}

#[test]
fn the_check_agrees_with_the_adjudication_in_adjustment_phases() {
    for name in ["standard", "original1958", "1885"] {
        let v = Variant::builtin(name).expect("built in");
        let season = v.calendar.seasons.iter().position(|s| s.phases.contains(&PhaseKind::Adjustment)).expect("an adjustment phase") as u8;
        let mut checked = 0;
        for seed in 0..10u64 {
            let rules = rulebooks()[seed as usize % 4];
            let mut rng = Rng::new(seed + 100);
            let (units, _) = random::movement_phase(&v, seed, 8 + 2 * seed as usize);
            let mut pos = Position::initial(&v);
            pos.phase = mailjudge_engine::phase::Phase { kind: PhaseKind::Adjustment, season, ..pos.phase };
            pos.units = units;
            // centres to random owners (some builds, some removals owed)
            for c in pos.centers.iter_mut() {
                if c.is_some() || rng.below(3) == 0 {
                    *c = (rng.below(4) != 0).then(|| rng.below(v.powers.len()) as PowerId);
                }
            }
            // standing orders: a build in a home centre and a removal, or nothing
            let standing = |p: PowerId| -> Vec<Order> {
                let mut out = Vec::new();
                if seed % 2 == 1 {
                    if let Some(&h) = v.powers[p as usize].home.first() {
                        out.push(Order::Build(UnitSpec::new(Some(UnitType::Army), Loc::new(h))));
                    }
                    if let Some(u) = pos.units.iter().find(|u| u.power == p) {
                        out.push(Order::Disband(UnitSpec::new(Some(u.kind), u.loc)));
                    }
                }
                out
            };
            checked += agree(&v, &rules, &pos, seed, &standing);
            // builds in every home centre, each way
            for p in 0..v.powers.len() as PowerId {
                for &h in &v.powers[p as usize].home {
                    for k in [None, Some(UnitType::Army), Some(UnitType::Fleet)] {
                        for l in locs(&v, h) {
                            let o = Order::Build(UnitSpec::new(k, l));
                            let want = by_adjudication(&v, &rules, &pos, p, &standing(p), &o);
                            let got = check::order(&v, &rules, &pos, p, &standing(p), &o).err().map(|e| e.note());
                            assert_eq!(got, want, "{name}: {} by {}", o.canonical(&v), v.powers[p as usize].name);
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 500, "{name}: {checked} orders");
    }
}

#[test]
fn the_refusal_carries_what_the_player_is_told() {
    let v = Variant::standard();
    let pos = Position::initial(&v);
    let at = |code: &str| (0..v.provinces.len() as Prov).find(|&p| v.province(p).code == code).expect("a province");
    let o = Order::Hold(UnitSpec::new(Some(UnitType::Army), Loc::new(at("BUR"))));
    match check::order(&v, &Rulebook::datc(), &pos, 0, &[], &o) {
        Err(check::OrderError::NoSuchUnit { units, dislodged: false }) => {
            assert_eq!(units.len(), 3);
            assert!(units.iter().all(|u| u.power == 0));
        }
        other => panic!("{other:?}"),
    }
    let f = Order::Move { unit: UnitSpec::new(Some(UnitType::Fleet), Loc { prov: at("STP"), coast: Coast::South }), dest: Loc::new(at("BAR")), via: false };
    let russia = (0..v.powers.len()).find(|&p| v.powers[p].units.iter().any(|u| u.loc.prov == at("STP"))).expect("Russia") as PowerId;
    assert_eq!(check::order(&v, &Rulebook::datc(), &pos, russia, &[], &f), Err(check::OrderError::NotAdjacent));
    assert_eq!(check::order(&v, &Rulebook::datc(), &pos, 0, &[], &f), Err(check::OrderError::NotYourUnit));
}

/// njudge's build and disband rules (build_rules.rs): on the standard map
/// the check agrees with the adjudication in movement phases with a
/// disband allowed and the dislodged disbanded at once, and in adjustment
/// phases where builds go in any owned centre (or any while a home centre
/// is owned) and any unit may be removed.
#[test]
fn the_check_agrees_with_the_adjudication_under_the_build_and_disband_rules() {
    use mailjudge_engine::rules::{BuildSites, Removals};
    let v = Variant::standard();
    let moves = Rulebook { movement_disband: true, auto_disband: true, ..Rulebook::datc() };
    let mut checked = 0;
    for seed in 0..6u64 {
        let (units, _) = random::movement_phase(&v, seed, v.provinces.len() / 3 + seed as usize);
        let mut pos = Position::initial(&v);
        pos.units = units;
        checked += agree(&v, &moves, &pos, seed, &|_| Vec::new());
    }
    let season = v.calendar.seasons.iter().position(|s| s.phases.contains(&PhaseKind::Adjustment)).expect("an adjustment phase") as u8;
    for seed in 0..8u64 {
        let sites = if seed % 2 == 0 { BuildSites::Any } else { BuildSites::OneHome };
        let rules = Rulebook { build_sites: sites, removals: if seed % 4 < 2 { Removals::Any } else { Removals::Owed }, ..Rulebook::datc() };
        let mut rng = Rng::new(seed + 200);
        let (units, _) = random::movement_phase(&v, seed, 8 + 2 * seed as usize);
        let mut pos = Position::initial(&v);
        pos.phase = mailjudge_engine::phase::Phase { kind: PhaseKind::Adjustment, season, ..pos.phase };
        pos.units = units;
        for c in pos.centers.iter_mut() {
            if c.is_some() || rng.below(2) == 0 {
                *c = (rng.below(4) != 0).then(|| rng.below(v.powers.len()) as PowerId);
            }
        }
        // standing orders: a removal, and a build in a centre the power owns (or nothing)
        let standing = |p: PowerId| -> Vec<Order> {
            let mut out = Vec::new();
            if seed % 3 != 0 {
                if let Some(u) = pos.units.iter().find(|u| u.power == p) {
                    out.push(Order::Disband(UnitSpec::new(Some(u.kind), u.loc)));
                }
                if let Some(c) = (0..pos.centers.len()).find(|&c| pos.centers[c] == Some(p) && pos.unit_at(c as Prov).is_none()) {
                    out.push(Order::Build(UnitSpec::new(Some(UnitType::Army), Loc::new(c as Prov))));
                }
            }
            out
        };
        checked += agree(&v, &rules, &pos, seed, &standing);
    }
    assert!(checked > 1000, "{checked} orders");
}
