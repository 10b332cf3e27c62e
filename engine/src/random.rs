//! Random legal-looking positions and orders, for property tests and benchmarks.
//! Deterministic from a seed (xorshift), no dependencies. Also [`midgame`], the
//! fixed position the engine benchmarks and instruction counts share.

use crate::map::{Loc, PowerId, Prov, ProvinceKind, Unit, UnitType, Variant};
use crate::order::{Order, UnitSpec};

/// A small deterministic random number generator.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    #[allow(clippy::should_implement_trait, reason = "an endless generator, not an iterator")]
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> Option<&'a T> {
        if xs.is_empty() { None } else { Some(&xs[self.below(xs.len())]) }
    }
}

/// A random position of about `n` units (one per province) and an order for most
/// of them: holds, moves, supports of real neighbouring actions, and convoys.
pub fn movement_phase(v: &Variant, seed: u64, n: usize) -> (Vec<Unit>, Vec<(PowerId, Order)>) {
    let mut rng = Rng::new(seed);
    let mut provs: Vec<Prov> = (0..v.provinces.len() as Prov).filter(|&p| v.kind(p) != ProvinceKind::Impassable).collect();
    for i in (1..provs.len()).rev() {
        let j = rng.below(i + 1);
        provs.swap(i, j);
    }
    let mut units = Vec::new();
    for &p in provs.iter().take(n) {
        let power = rng.below(v.powers.len()) as PowerId;
        let pr = v.province(p);
        let (kind, coast) = match pr.kind {
            ProvinceKind::Sea => (UnitType::Fleet, crate::map::Coast::None),
            ProvinceKind::Land => (UnitType::Army, crate::map::Coast::None),
            _ => {
                if rng.below(2) == 0 {
                    (UnitType::Army, crate::map::Coast::None)
                } else {
                    (UnitType::Fleet, *rng.pick(&pr.coasts).unwrap_or(&crate::map::Coast::None))
                }
            }
        };
        units.push(Unit { power, kind, loc: Loc::with(p, coast), aboard: false });
    }
    // first moves and holds, then supports and convoys that refer to them
    let mut moves: Vec<(usize, Loc)> = Vec::new();
    let mut orders: Vec<Option<Order>> = vec![None; units.len()];
    for (i, u) in units.iter().enumerate() {
        let spec = UnitSpec::new(Some(u.kind), u.loc);
        match rng.below(10) {
            0..=4 => {
                let targets: Vec<Loc> = match u.kind {
                    UnitType::Army => {
                        let mut t: Vec<Loc> = v.army_neighbours(u.loc.prov).iter().map(|&p| Loc::new(p)).collect();
                        // now and then a long move that needs a convoy
                        if rng.below(6) == 0 && v.kind(u.loc.prov) == ProvinceKind::Coast {
                            let coasts: Vec<Prov> = (0..v.provinces.len() as Prov).filter(|&p| v.kind(p) == ProvinceKind::Coast && p != u.loc.prov).collect();
                            if let Some(&p) = rng.pick(&coasts) {
                                t = vec![Loc::new(p)];
                            }
                        }
                        t
                    }
                    UnitType::Fleet => v.fleet_neighbours(u.loc).to_vec(),
                };
                if let Some(&d) = rng.pick(&targets) {
                    orders[i] = Some(Order::Move { unit: spec, dest: d, via: false });
                    moves.push((i, d));
                    continue;
                }
                orders[i] = Some(Order::Hold(spec));
            }
            5 => orders[i] = Some(Order::Hold(spec)),
            9 => {} // no order: default hold
            _ => {}
        }
    }
    for (i, u) in units.iter().enumerate() {
        if orders[i].is_some() {
            continue;
        }
        let spec = UnitSpec::new(Some(u.kind), u.loc);
        // convoy an army move through this sea (or port)
        if u.kind == UnitType::Fleet && v.convoys_from(u.loc.prov) {
            let cands: Vec<&(usize, Loc)> = moves.iter().filter(|(a, _)| units[*a].kind == UnitType::Army).collect();
            if let Some(&&(a, d)) = rng.pick(&cands)
                && rng.below(2) == 0
            {
                orders[i] = Some(Order::Convoy { unit: spec, army: UnitSpec::new(Some(UnitType::Army), units[a].loc), dest: d });
                continue;
            }
        }
        // support a neighbouring hold or a move into a province it reaches
        let reach = |p: Prov| v.can_reach(u.kind, u.loc, p);
        let sup_moves: Vec<&(usize, Loc)> = moves.iter().filter(|(m, d)| *m != i && reach(d.prov)).collect();
        let sup_holds: Vec<usize> = (0..units.len()).filter(|&j| j != i && reach(units[j].loc.prov)).collect();
        if rng.below(2) == 0
            && let Some(&&(m, d)) = rng.pick(&sup_moves)
        {
            orders[i] = Some(Order::Support { unit: spec, target: UnitSpec::new(Some(units[m].kind), units[m].loc), dest: Some(Loc::new(d.prov)) });
            continue;
        }
        if let Some(&j) = rng.pick(&sup_holds)
            && rng.below(3) > 0
        {
            orders[i] = Some(Order::Support { unit: spec, target: UnitSpec::new(Some(units[j].kind), units[j].loc), dest: None });
            continue;
        }
    }
    let list = orders.into_iter().enumerate().filter_map(|(i, o)| o.map(|o| (units[i].power, o))).collect();
    (units, list)
}

/// A random position of about `n` units built around convoys, for property tests
/// of convoys and paradoxes (see `tests/rules/convoy_properties.rs`): fleets at sea in
/// chains, armies and fleets on the coasts around them and a few units inland,
/// among two to five powers, neighbours often of one power. Orders use them:
/// army moves along a chain of occupied seas (marked `VIA` or not, to far coasts
/// and to neighbouring ones) with most of the chain's fleets ordered to convoy
/// them; moves marked `VIA` with no chain, moves over land, moves to far coasts
/// with no chain; convoy orders for moves the army was not ordered to make;
/// fleets attacking seas where fleets convoy; supports of those attacks, of
/// convoyed moves, of any move, and to hold (convoying fleets first).
///
/// Most convoys are also made into paradoxes: the unit at the destination
/// supports an attack on a convoying fleet (with powers mostly set so that the
/// army cuts that support and the attack is foreign to the fleet), often with a
/// second supported attack on the same fleet (Pandin's paradox) and a unit
/// moving into an attacker's province, which enters the cycle from outside.
pub fn convoy_phase(v: &Variant, seed: u64, n: usize) -> (Vec<Unit>, Vec<(PowerId, Order)>) {
    let mut rng = Rng::new(seed);
    let np = v.powers.len().max(1);
    let mut powers: Vec<PowerId> = (0..np as PowerId).collect();
    for i in (1..powers.len()).rev() {
        let j = rng.below(i + 1);
        powers.swap(i, j);
    }
    powers.truncate((2 + rng.below(4)).min(np));
    let seas: Vec<Prov> = (0..v.provinces.len() as Prov).filter(|&p| v.kind(p) == ProvinceKind::Sea).collect();
    let coasts: Vec<Prov> = (0..v.provinces.len() as Prov).filter(|&p| v.kind(p) == ProvinceKind::Coast).collect();

    let (units, at) = convoy_units(v, &mut rng, &powers, &seas, n);
    let mut orders: Vec<Option<Order>> = vec![None; units.len()];
    let (armies, convoyed) = convoy_moves(v, &mut rng, &units, &at, &seas, &coasts, &mut orders);
    let mut owner: Vec<PowerId> = units.iter().map(|u| u.power).collect();
    paradoxes(v, &mut rng, &units, &at, &powers, &convoyed, &mut orders, &mut owner);
    let mut units = units;
    let spec = |u: &Unit| UnitSpec::new(Some(u.kind), u.loc);
    // ---- other fleets: a stray convoy, an attack (on a convoying fleet if
    // there is one next to it), or a move
    let convoying = |orders: &[Option<Order>], p: Prov| at[p as usize] != FREE && matches!(orders[at[p as usize] as usize], Some(Order::Convoy { .. }));
    for (i, u) in units.iter().enumerate() {
        if u.kind != UnitType::Fleet || orders[i].is_some() {
            continue;
        }
        match rng.below(10) {
            0 if v.kind(u.loc.prov) == ProvinceKind::Sea => {
                if let (Some(&a), Some(&d)) = (rng.pick(&armies), rng.pick(&coasts))
                    && d != units[a].loc.prov
                {
                    orders[i] = Some(Order::Convoy { unit: spec(u), army: spec(&units[a]), dest: Loc::new(d) });
                }
            }
            1..=6 => {
                let targets = v.fleet_neighbours(u.loc);
                let hot: Vec<Loc> = targets.iter().copied().filter(|l| convoying(&orders, l.prov)).collect();
                let occupied: Vec<Loc> = targets.iter().copied().filter(|l| at[l.prov as usize] != FREE).collect();
                let d = match rng.below(3) {
                    0 if !hot.is_empty() => rng.pick(&hot),
                    0 | 1 if !occupied.is_empty() => rng.pick(&occupied),
                    _ => rng.pick(targets),
                };
                if let Some(&d) = d {
                    orders[i] = Some(Order::Move { unit: spec(u), dest: d, via: false });
                }
            }
            _ => {}
        }
    }

    // ---- supports by the units left: of attacks on convoying fleets, of
    // convoyed moves, of any move, to hold (convoying fleets first)
    let moves: Vec<(usize, Prov)> = orders
        .iter()
        .enumerate()
        .filter_map(|(i, o)| match o {
            Some(Order::Move { dest, .. }) => Some((i, dest.prov)),
            _ => None,
        })
        .collect();
    for (i, u) in units.iter().enumerate() {
        if orders[i].is_some() || rng.below(8) == 0 {
            continue;
        }
        let reach = |p: Prov| v.can_reach(u.kind, u.loc, p);
        let sup_moves: Vec<(usize, Prov)> = moves.iter().copied().filter(|&(m, d)| m != i && reach(d)).collect();
        let on_convoys: Vec<(usize, Prov)> = sup_moves.iter().copied().filter(|&(_, d)| convoying(&orders, d)).collect();
        let sup_holds: Vec<usize> = (0..units.len()).filter(|&j| j != i && reach(units[j].loc.prov)).collect();
        let held: Vec<usize> = sup_holds.iter().copied().filter(|&j| convoying(&orders, units[j].loc.prov)).collect();
        let choice = match rng.below(6) {
            0 | 1 if !on_convoys.is_empty() => rng.pick(&on_convoys).map(|&(m, d)| (m, Some(d))),
            0..=3 if !sup_moves.is_empty() => rng.pick(&sup_moves).map(|&(m, d)| (m, Some(d))),
            4 if !held.is_empty() => rng.pick(&held).map(|&j| (j, None)),
            _ => rng.pick(&sup_holds).map(|&j| (j, None)),
        };
        if let Some((t, d)) = choice {
            orders[i] = Some(Order::Support { unit: spec(u), target: spec(&units[t]), dest: d.map(Loc::new) });
        }
    }
    for (u, p) in units.iter_mut().zip(owner) {
        u.power = p;
    }
    let list = orders.into_iter().enumerate().filter_map(|(i, o)| o.map(|o| (units[i].power, o))).collect();
    (units, list)
}

/// A free province in [`convoy_units`]' table of who stands where.
const FREE: u32 = u32::MAX;

/// The units of [`convoy_phase`]: clusters around seas; and which unit
/// stands in each province (`FREE`: none).
fn convoy_units(v: &Variant, rng: &mut Rng, powers: &[PowerId], seas: &[Prov], n: usize) -> (Vec<Unit>, Vec<u32>) {
    // ---- units: clusters around seas
    let mut at = vec![FREE; v.provinces.len()];
    let mut units: Vec<Unit> = Vec::new();
    let mut tries = 0;
    while units.len() < n && tries < 40 * n.max(1) {
        tries += 1;
        let Some(&s) = rng.pick(seas) else { break };
        let owner = *rng.pick(powers).expect("powers");
        let mut place = |units: &mut Vec<Unit>, rng: &mut Rng, kind: UnitType, loc: Loc| {
            if units.len() < n && at[loc.prov as usize] == FREE && v.valid_location(kind, loc) {
                at[loc.prov as usize] = units.len() as u32;
                let power = if rng.below(2) == 0 { owner } else { *rng.pick(powers).expect("powers") };
                units.push(Unit { power, kind, loc, aboard: false });
            }
        };
        let sea = Loc::new(s);
        place(&mut units, rng, UnitType::Fleet, sea);
        // the chain goes on through a neighbouring sea or two
        let mut last = sea;
        for _ in 0..rng.below(3) {
            let next: Vec<Loc> = v.fleet_neighbours(last).iter().copied().filter(|l| v.kind(l.prov) == ProvinceKind::Sea).collect();
            if let Some(&l) = rng.pick(&next) {
                place(&mut units, rng, UnitType::Fleet, l);
                last = l;
            }
        }
        // armies and fleets on the coasts around the chain
        let shore: Vec<Loc> =
            v.fleet_neighbours(sea).iter().chain(v.fleet_neighbours(last)).copied().filter(|l| v.kind(l.prov) == ProvinceKind::Coast).collect();
        for _ in 0..2 + rng.below(3) {
            if let Some(&l) = rng.pick(&shore) {
                if rng.below(5) < 2 {
                    place(&mut units, rng, UnitType::Fleet, l);
                } else {
                    place(&mut units, rng, UnitType::Army, Loc::new(l.prov));
                }
            }
        }
        // a unit behind the coast, to support or cut
        if rng.below(3) == 0
            && let Some(&l) = rng.pick(&shore)
            && let Some(&p) = rng.pick(v.army_neighbours(l.prov))
        {
            place(&mut units, rng, UnitType::Army, Loc::new(p));
        }
    }
    (units, at)
}

/// Army moves of [`convoy_phase`], and the fleets of a chain ordered to
/// convoy them: the armies (shuffled), and each convoyed army with its
/// destination and its convoying fleets.
#[allow(clippy::type_complexity)]
fn convoy_moves(
    v: &Variant,
    rng: &mut Rng,
    units: &[Unit],
    at: &[u32],
    seas: &[Prov],
    coasts: &[Prov],
    orders: &mut [Option<Order>],
) -> (Vec<usize>, Vec<(usize, Prov, Vec<usize>)>) {
    let spec = |u: &Unit| UnitSpec::new(Some(u.kind), u.loc);
    let fleet_at_sea = |p: Prov| at[p as usize] != FREE && units[at[p as usize] as usize].kind == UnitType::Fleet && v.kind(p) == ProvinceKind::Sea;
    // the seas with fleets not yet ordered reachable from `from` through such
    // seas, each with the sea it was reached from (breadth first)
    let chain = |orders: &[Option<Order>], from: Prov| -> Vec<(Prov, Prov)> {
        let free = |s: Prov| fleet_at_sea(s) && orders[at[s as usize] as usize].is_none();
        let mut seen: Vec<(Prov, Prov)> = seas.iter().copied().filter(|&s| free(s) && v.fleet_reaches(Loc::new(s), from)).map(|s| (s, s)).collect();
        let mut k = 0;
        while k < seen.len() {
            let s = seen[k].0;
            for l in v.fleet_neighbours(Loc::new(s)) {
                if free(l.prov) && !seen.iter().any(|x| x.0 == l.prov) {
                    seen.push((l.prov, s));
                }
            }
            k += 1;
        }
        seen
    };

    // ---- army moves, and the fleets of a chain ordered to convoy them
    let mut armies: Vec<usize> = (0..units.len()).filter(|&i| units[i].kind == UnitType::Army).collect();
    for i in (1..armies.len()).rev() {
        let j = rng.below(i + 1);
        armies.swap(i, j);
    }
    let mut convoyed: Vec<(usize, Prov, Vec<usize>)> = Vec::new();
    for &i in &armies {
        let u = units[i];
        let p = u.loc.prov;
        let ch = if v.kind(p) == ProvinceKind::Coast { chain(orders, p) } else { Vec::new() };
        // coasts the chain reaches, with the sea that touches them
        let mut ends: Vec<(Prov, Prov)> = Vec::new();
        for &(s, _) in &ch {
            for l in v.fleet_neighbours(Loc::new(s)) {
                if v.kind(l.prov) == ProvinceKind::Coast && l.prov != p && !ends.iter().any(|e| e.0 == l.prov) {
                    ends.push((l.prov, s));
                }
            }
        }
        // ends held by fleets first: a convoy into a fleet that supports an
        // attack on the convoy makes a paradox
        let fleets: Vec<(Prov, Prov)> =
            ends.iter().copied().filter(|e| at[e.0 as usize] != FREE && units[at[e.0 as usize] as usize].kind == UnitType::Fleet).collect();
        let (dest, via, last) = match rng.below(10) {
            0..=5 if !ends.is_empty() => {
                let (d, s) = *if fleets.is_empty() || rng.below(3) == 0 { rng.pick(&ends) } else { rng.pick(&fleets) }.expect("ends");
                (d, rng.below(if v.army_adjacent(p, d) { 2 } else { 3 }) == 0, Some(s))
            }
            0..=7 => match rng.pick(v.army_neighbours(p)) {
                Some(&d) => (d, v.kind(p) == ProvinceKind::Coast && rng.below(4) == 0, None),
                None => continue,
            },
            8 => match rng.pick(coasts) {
                Some(&d) if d != p => (d, rng.below(2) == 0, None),
                _ => continue,
            },
            _ => continue,
        };
        orders[i] = Some(Order::Move { unit: spec(&u), dest: Loc::new(dest), via });
        // the chain back from the last sea: its fleets convoy (most of them)
        let mut s = last;
        let mut route: Vec<usize> = Vec::new();
        while let Some(x) = s {
            let f = at[x as usize] as usize;
            if orders[f].is_none() && rng.below(12) > 0 {
                orders[f] = Some(Order::Convoy { unit: spec(&units[f]), army: spec(&u), dest: Loc::new(dest) });
                route.push(f);
            }
            let back = ch.iter().find(|c| c.0 == x).map(|c| c.1);
            s = if back == Some(x) { None } else { back };
        }
        if !route.is_empty() {
            convoyed.push((i, dest, route));
        }
    }

    (armies, convoyed)
}

/// Paradoxes of [`convoy_phase`] (see there); `owner`: each unit's power, changed here.
#[allow(clippy::too_many_arguments)]
fn paradoxes(
    v: &Variant,
    rng: &mut Rng,
    units: &[Unit],
    at: &[u32],
    powers: &[PowerId],
    convoyed: &[(usize, Prov, Vec<usize>)],
    orders: &mut [Option<Order>],
    owner: &mut [PowerId],
) {
    let spec = |u: &Unit| UnitSpec::new(Some(u.kind), u.loc);
    // ---- paradoxes: the unit at a convoy's destination supports an attack on
    // one of its fleets; now and then a second attack on that fleet, supported
    // (Pandin's paradox), and a unit following an attacker (a way into the
    // cycle from outside). Units of convoys are kept; others are reordered.
    let keep: Vec<usize> = convoyed.iter().flat_map(|(a, _, r)| std::iter::once(*a).chain(r.iter().copied())).collect();
    for (a, dest, route) in convoyed {
        let w = at[*dest as usize];
        if w == FREE || keep.contains(&(w as usize)) || rng.below(5) == 0 {
            continue;
        }
        let w = w as usize;
        let seas: Vec<usize> = route.iter().copied().filter(|&f| v.can_reach(units[w].kind, units[w].loc, units[f].loc.prov)).collect();
        let Some(&f) = rng.pick(&seas) else { continue };
        let sea = units[f].loc;
        let mut used = vec![w];
        let free = |used: &[usize], x: usize| !keep.contains(&x) && !used.contains(&x);
        let attackers: Vec<usize> =
            (0..units.len()).filter(|&x| free(&used, x) && units[x].kind == UnitType::Fleet && v.fleet_reaches(units[x].loc, sea.prov)).collect();
        let Some(&x) = rng.pick(&attackers) else { continue };
        orders[x] = Some(Order::Move { unit: spec(&units[x]), dest: sea, via: false });
        orders[w] = Some(Order::Support { unit: spec(&units[w]), target: spec(&units[x]), dest: Some(sea) });
        used.push(x);
        // mostly powers that make it a paradox: the army cuts the support from
        // its destination, the attackers are foreign to the fleet
        let others: Vec<PowerId> = powers.iter().copied().filter(|&p| p != owner[*a]).collect();
        let paradox_powers = rng.below(4) > 0 && !others.is_empty();
        if paradox_powers {
            owner[f] = owner[*a];
            let q = *rng.pick(&others).expect("others");
            owner[w] = q;
            owner[x] = q;
        }
        if rng.below(3) > 0
            && let Some(&y) = rng.pick(&attackers.iter().copied().filter(|&y| y != x).collect::<Vec<_>>())
        {
            orders[y] = Some(Order::Move { unit: spec(&units[y]), dest: sea, via: false });
            used.push(y);
            let r = if paradox_powers { *rng.pick(&others).expect("others") } else { owner[y] };
            owner[y] = r;
            let helpers: Vec<usize> = (0..units.len()).filter(|&z| free(&used, z) && v.can_reach(units[z].kind, units[z].loc, sea.prov)).collect();
            if rng.below(4) > 0
                && let Some(&z) = rng.pick(&helpers)
            {
                orders[z] = Some(Order::Support { unit: spec(&units[z]), target: spec(&units[y]), dest: Some(sea) });
                used.push(z);
                owner[z] = r;
            }
        }
        // mostly the attack the destination does not support: entered from
        // there, the cycle runs through a decision opened outside it
        let m = if used.len() > 2 && rng.below(4) > 0 { used[2] } else { x };
        let into = units[m].loc.prov;
        let followers: Vec<usize> = (0..units.len()).filter(|&t| free(&used, t) && v.can_reach(units[t].kind, units[t].loc, into)).collect();
        if rng.below(3) > 0
            && let Some(&t) = rng.pick(&followers)
        {
            let d = match units[t].kind {
                UnitType::Army => Some(Loc::new(into)),
                UnitType::Fleet => v.reachable_coasts(units[t].loc, into).next(),
            };
            if let Some(d) = d {
                orders[t] = Some(Order::Move { unit: spec(&units[t]), dest: d, via: false });
            }
        }
    }
}

/// A mid-game position of 30 units on the standard map with supports, a convoy
/// and contested spaces (`benches/engine.rs`, `examples/engine_instructions.rs`).
pub fn midgame(v: &Variant) -> (Vec<Unit>, Vec<(PowerId, Order)>) {
    let board: &[(&str, &[&str])] = &[
        ("ENGLAND", &["F NTH", "F NWG", "A NWY", "F ENG", "A LON", "F BAR"]),
        ("FRANCE", &["A BUR", "A PIC", "F MAO", "A SPA", "F BRE"]),
        ("GERMANY", &["A MUN", "A RUH", "F HOL", "A BEL", "F DEN"]),
        ("RUSSIA", &["A STP", "F SWE", "A WAR", "A UKR"]),
        ("AUSTRIA", &["A VIE", "A GAL", "A SER"]),
        ("ITALY", &["A VEN", "F ION", "A TUN"]),
        ("TURKEY", &["A BUL", "F BLA", "A ARM", "F AEG"]),
    ];
    let orders: &[(&str, &str)] = &[
        ("ENGLAND", "F NTH C A LON - BEL, A LON - BEL, F ENG S A LON - BEL, A NWY - STP, F BAR S A NWY - STP, F NWG H"),
        ("FRANCE", "A BUR - BEL, A PIC S A BUR - BEL, F MAO - ENG, F BRE S F MAO - ENG, A SPA H"),
        ("GERMANY", "A MUN - BUR, A RUH S A MUN - BUR, F HOL S A BEL, A BEL H, F DEN - SWE"),
        ("RUSSIA", "A STP H, F SWE S A STP, A WAR - GAL, A UKR S A WAR - GAL"),
        ("AUSTRIA", "A VIE S A GAL, A GAL H, A SER - BUL"),
        ("ITALY", "A VEN - TRI, F ION C A TUN - GRE, A TUN - GRE"),
        ("TURKEY", "A BUL S A SER - GRE, F BLA - RUM, A ARM - SEV, F AEG S A TUN - GRE"),
    ];
    let mut units = Vec::new();
    for (p, list) in board {
        let pw = v.power_by_name(p).unwrap();
        for u in *list {
            units.push(v.parse_unit(pw, u).unwrap());
        }
    }
    let mut list = Vec::new();
    for (p, line) in orders {
        let pw = v.power_by_name(p).unwrap();
        for o in crate::parse::parse_line(v, line, None) {
            list.push((pw, o.unwrap()));
        }
    }
    (units, list)
}
