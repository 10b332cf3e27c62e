//! Random legal-looking positions and orders, for property tests and benchmarks.
//! Deterministic from a seed (xorshift), no dependencies.

use crate::engine::map::{Loc, PowerId, Prov, ProvinceKind, Unit, UnitType, Variant};
use crate::engine::order::{Order, UnitSpec};

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
            ProvinceKind::Sea => (UnitType::Fleet, crate::engine::map::Coast::None),
            ProvinceKind::Land => (UnitType::Army, crate::engine::map::Coast::None),
            _ => {
                if rng.below(2) == 0 {
                    (UnitType::Army, crate::engine::map::Coast::None)
                } else {
                    (UnitType::Fleet, *rng.pick(&pr.coasts).unwrap_or(&crate::engine::map::Coast::None))
                }
            }
        };
        units.push(Unit { power, kind, loc: Loc::with(p, coast) });
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
        // convoy an army move through this sea
        if u.kind == UnitType::Fleet && v.kind(u.loc.prov) == ProvinceKind::Sea {
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
