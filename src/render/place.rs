//! Where the pieces of a picture stand, worked out before any is drawn:
//! each unit on the board (several in one space side by side, in a grid
//! past three, none over another), each dislodged or removed unit clear of
//! every unit drawn (beside its space, never over the unit that took it
//! nor under that unit's cross), and where each order is drawn from and to,
//! so an arrow to or from a stack reaches the unit it is about and its head
//! stays in sight.

use super::Scene;
use super::geometry::{Geometry, inside};
use crate::adjudicate::{Dislodged, ResultKind};
use crate::map::{Loc, PowerId, Prov, ProvinceKind, Unit, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use crate::phase::PhaseKind;

/// A box: left, top, right, bottom.
pub type Rect = (f64, f64, f64, f64);

/// A point.
pub type At = (f64, f64);

/// Whether two boxes share more than an edge.
pub fn overlap(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The box a unit's symbol covers at `at`, drawn at scale `s`, its stroke
/// included (svg.rs: an army a circle of 16, a fleet a boat 40 wide and 22
/// high, both stroked 2.5).
pub fn unit_box(kind: UnitType, (x, y): At, s: f64) -> Rect {
    match kind {
        UnitType::Army => (x - 17.3 * s, y - 17.3 * s, x + 17.3 * s, y + 17.3 * s),
        UnitType::Fleet => (x - 21.3 * s, y - 11.3 * s, x + 21.3 * s, y + 13.3 * s),
    }
}

/// The radius of the dashed ring round a dislodged unit (svg.rs), and the
/// half side of the box it covers with its stroke.
pub const RING: f64 = 23.0;
const RING_BOX: f64 = RING + 1.5;

/// The box a dislodged unit's ring covers at `at`.
pub fn ring_box((x, y): At, s: f64) -> Rect {
    let r = RING_BOX * s;
    (x - r, y - r, x + r, y + r)
}

/// Where the count of a stack goes, from its last unit, and the box the
/// count covers (svg.rs's `stack_count`).
pub fn count_at((x, y): At, s: f64) -> At {
    (x + 20.0 * s, y - 22.0 * s)
}

fn count_box((x, y): At, s: f64) -> Rect {
    (x - 2.0 * s, y - 14.0 * s, x + 32.0 * s, y + 5.0 * s)
}

/// Where an army aboard a fleet rides, from the fleet, and its scale.
pub fn aboard_at((x, y): At, s: f64) -> At {
    (x + 14.0 * s, y - 14.0 * s)
}
pub const ABOARD: f64 = 0.6;

/// Where the `k`th of `n` units in one space stands, around the space's
/// place `at`, at symbol scale `s`: up to three in a row (slanting a
/// little: the count sits at the row's end), more in rows of a grid; each
/// a fleet's width and a gap from the next across, an army's height and a
/// gap down, so none hides another.
pub fn arrange(at: At, k: usize, n: usize, s: f64) -> At {
    const STEP_X: f64 = 46.0;
    const STEP_Y: f64 = 38.0;
    if n <= 1 {
        return at;
    }
    if n <= 3 {
        let i = k as f64 - (n - 1) as f64 / 2.0;
        return (at.0 + i * STEP_X * s, at.1 - i * 8.0 * s);
    }
    let cols = (n as f64).sqrt().ceil() as usize;
    let rows = n.div_ceil(cols);
    let (c, r) = ((k % cols) as f64, (k / cols) as f64);
    (at.0 + (c - (cols - 1) as f64 / 2.0) * STEP_X * s, at.1 + (r - (rows - 1) as f64 / 2.0) * STEP_Y * s)
}

/// Where the units of a stack in space `prov` stand (each kind's, from the
/// place of its own location in `homes`): side by side ([`arrange`]), then,
/// where they would cover the space's centre mark (and a capital's ring
/// round it), moved off it together, away from the mark. One unit keeps
/// its place.
fn stack(v: &Variant, g: &Geometry, prov: Prov, homes: &[At], kinds: &[UnitType], s: f64) -> Vec<At> {
    let n = homes.len();
    let at: Vec<At> = homes.iter().enumerate().map(|(k, h)| arrange(*h, k, n, s)).collect();
    if n < 2 || !v.provinces[prov as usize].center {
        return at;
    }
    let c = g.center[prov as usize];
    let r = 15.0 * s;
    let mark = (c.0 - r, c.1 - r, c.0 + r, c.1 + r);
    let (dx, dy) = (homes[0].0 - c.0, homes[0].1 - c.1);
    let d = dx.hypot(dy);
    let dir = if d < 1.0 { (0.0, 1.0) } else { (dx / d, dy / d) };
    let moved = |t: f64| at.iter().map(|p| (p.0 + dir.0 * t, p.1 + dir.1 * t)).collect::<Vec<At>>();
    let covers = |t: f64| moved(t).iter().zip(kinds).any(|(p, k)| overlap(unit_box(*k, *p, s), mark));
    match (0..40).map(|i| i as f64 * 2.0 * s).find(|&t| !covers(t)) {
        Some(t) => moved(t),
        None => at,
    }
}

/// A unit drawn on the board.
pub struct Stand {
    pub unit: Unit,
    pub at: At,
    /// The army aboard it (a fleet), drawn on it.
    pub carried: Option<Unit>,
}

/// The units drawn in one space, and where their count goes (a stack).
pub struct Space {
    pub prov: Prov,
    pub units: Vec<Stand>,
    pub count: Option<(usize, At)>,
}

/// Where everything of a picture stands.
pub struct Layout {
    /// The board's units by space, in the board's order.
    pub spaces: Vec<Space>,
    /// Armies aboard where no fleet of theirs is drawn (a board that is not
    /// whole): beside their space's place.
    pub loose: Vec<(Unit, At)>,
    /// Where each dislodged unit of the picture is drawn (its list's order;
    /// an army aboard a dislodged fleet rides on the fleet and has its spot).
    pub dislodged: Vec<At>,
    /// Where each order of the scene is drawn from (its unit as it is drawn,
    /// or as it stood), in the scene's order.
    pub from: Vec<At>,
    /// Every box the board's units and counts take, by space (`true`: a unit's).
    taken: Vec<(Prov, Rect, bool)>,
    /// Every box a spot ([`Layout::spot`]) takes.
    spots: Vec<Rect>,
    s: f64,
}

/// The dislodged units a scene draws: the phase's, else the board's.
pub fn dislodged_of<'a>(scene: &'a Scene) -> &'a [Dislodged] {
    if scene.dislodged.is_empty() { &scene.position.dislodged } else { scene.dislodged }
}

/// Whether `a` is an army aboard a fleet dislodged with it (an 1885 A/F
/// pair): drawn on its fleet, not on its own.
pub fn is_carried(a: &Dislodged, list: &[Dislodged]) -> bool {
    a.unit.aboard && list.iter().any(|d| !d.unit.aboard && d.unit.kind == UnitType::Fleet && d.unit.loc.prov == a.unit.loc.prov)
}

impl Layout {
    pub fn of(v: &Variant, g: &Geometry, scene: &Scene) -> Layout {
        let s = g.symbol;
        let mut lay = Layout { spaces: Vec::new(), loose: Vec::new(), dislodged: Vec::new(), from: Vec::new(), taken: Vec::new(), spots: Vec::new(), s };
        lay.board(v, g, scene);
        let list = dislodged_of(scene);
        let mut spots: Vec<(usize, At)> = Vec::new();
        for (i, d) in list.iter().enumerate().filter(|(_, d)| !is_carried(d, list)) {
            spots.push((i, lay.spot(g, d.unit.loc)));
        }
        lay.dislodged = (0..list.len())
            .map(|i| {
                let fleet = |j: &usize| list[*j].unit.loc.prov == list[i].unit.loc.prov && !list[*j].unit.aboard;
                spots.iter().find(|(j, _)| *j == i).or_else(|| spots.iter().find(|(j, _)| fleet(j))).map_or((0.0, 0.0), |p| p.1)
            })
            .collect();
        lay.from = Origins::new(v, g, scene, list).all(&mut lay);
        lay
    }

    /// The board's units, space by space, and the boxes they take.
    fn board(&mut self, v: &Variant, g: &Geometry, scene: &Scene) {
        let s = self.s;
        let pos = scene.position;
        for u in pos.units.iter().filter(|u| !u.aboard) {
            match self.spaces.iter_mut().find(|sp| sp.prov == u.loc.prov) {
                Some(sp) => sp.units.push(Stand { unit: *u, at: (0.0, 0.0), carried: None }),
                None => self.spaces.push(Space { prov: u.loc.prov, units: vec![Stand { unit: *u, at: (0.0, 0.0), carried: None }], count: None }),
            }
        }
        for sp in &mut self.spaces {
            let n = sp.units.len();
            let homes: Vec<At> = sp.units.iter().map(|st| g.unit(st.unit.loc)).collect();
            let kinds: Vec<UnitType> = sp.units.iter().map(|st| st.unit.kind).collect();
            let places = stack(v, g, sp.prov, &homes, &kinds, s);
            let mut carried: Vec<&Unit> = pos.units.iter().filter(|a| a.aboard && a.loc.prov == sp.prov).collect();
            for (st, at) in sp.units.iter_mut().zip(places) {
                st.at = at;
                // an army aboard rides on a fleet of its power (else any fleet there)
                if st.unit.kind == UnitType::Fleet && !carried.is_empty() {
                    let i = carried.iter().position(|a| a.power == st.unit.power).unwrap_or(0);
                    st.carried = Some(*carried.remove(i));
                }
                self.taken.push((sp.prov, unit_box(st.unit.kind, st.at, s), true));
                if st.carried.is_some() {
                    self.taken.push((sp.prov, unit_box(UnitType::Army, aboard_at(st.at, s), s * ABOARD), true));
                }
            }
            if n > 1 {
                // at the stack's top right
                let right = sp.units.iter().map(|u| u.at.0).fold(f64::MIN, f64::max);
                let top = sp.units.iter().map(|u| u.at.1).fold(f64::MAX, f64::min);
                let at = count_at((right, top), s);
                sp.count = Some((n, at));
                self.taken.push((sp.prov, count_box(at, s), false));
            }
        }
        let fleets = |p: Prov| self.spaces.iter().any(|sp| sp.prov == p && sp.units.iter().any(|u| u.unit.kind == UnitType::Fleet));
        let loose: Vec<(Unit, At)> = pos.units.iter().filter(|a| a.aboard && !fleets(a.loc.prov)).map(|a| (*a, aboard_at(g.unit(a.loc), s))).collect();
        for (a, at) in &loose {
            self.taken.push((a.loc.prov, unit_box(UnitType::Army, *at, s * ABOARD), true));
        }
        self.loose = loose;
    }

    /// Where the units drawn in `prov` stand (none: an empty space).
    fn stands(&self, prov: Prov) -> impl Iterator<Item = &Stand> {
        self.spaces.iter().filter(move |sp| sp.prov == prov).flat_map(|sp| sp.units.iter())
    }

    /// A spot for a unit of `l` drawn off the board (dislodged, or removed
    /// from a stack): its map's dislodged place if that is clear of every
    /// box taken, else the nearest clear point round the space's place
    /// (inside its province if one is near enough), first in the direction
    /// of the map's dislodged place. The spot is taken.
    fn spot(&mut self, g: &Geometry, l: Loc) -> At {
        let s = self.s;
        let (home, want) = (g.unit(l), g.dislodged(l));
        let in_frame = |r: Rect| r.0 >= 0.0 && r.1 >= 0.0 && r.2 <= g.width && r.3 <= g.height;
        let clear = |p: At| {
            let r = ring_box(p, s);
            in_frame(r) && self.taken.iter().all(|(_, b, _)| !overlap(r, *b)) && self.spots.iter().all(|b| !overlap(r, *b))
        };
        let at = if clear(want) { want } else { self.search(g, l.prov, home, want, &clear) };
        self.spots.push(ring_box(at, s));
        at
    }

    /// The search of [`Layout::spot`]: sixteen directions from `home`,
    /// nearest first, out to six units' widths.
    fn search(&self, g: &Geometry, prov: Prov, home: At, want: At, clear: &dyn Fn(At) -> bool) -> At {
        let s = self.s;
        let base = if (want.0 - home.0).hypot(want.1 - home.1) > 1.0 { (want.1 - home.1).atan2(want.0 - home.0) } else { std::f64::consts::FRAC_PI_4 };
        let turn = std::f64::consts::PI / 8.0;
        let dirs: Vec<f64> = (0..16).map(|j| base + turn * if j % 2 == 0 { (j / 2) as f64 } else { -((j / 2 + 1) as f64) }).collect();
        let at = |d: f64, a: f64| (home.0 + d * a.cos(), home.1 + d * a.sin());
        let rings: Vec<Vec<At>> = g
            .outlines
            .iter()
            .filter(|o| o.prov == prov)
            .flat_map(|o| o.rings())
            .map(|r| r.into_iter().map(|(x, y)| (x + g.offset.0, y + g.offset.1)).collect())
            .collect();
        let near = (0..11).map(|k| (28.0 + 4.0 * k as f64) * s);
        let own = near.flat_map(|d| dirs.iter().map(move |&a| at(d, a))).find(|&p| !rings.is_empty() && inside(&rings, p) && clear(p));
        let far = || (0..29).map(|k| (28.0 + 4.0 * k as f64) * s).flat_map(|d| dirs.iter().map(move |&a| at(d, a))).find(|&p| clear(p));
        own.or_else(far).unwrap_or_else(|| at(48.0 * s, base))
    }

    /// Where the unit `spec` (a support's or a convoy's) is drawn from: as
    /// its own order is, else where a unit like it stands in its space,
    /// else at the space's place.
    pub fn of_unit(&self, scene: &Scene, g: &Geometry, spec: &UnitSpec) -> At {
        let like = |u: &UnitSpec| u.loc.prov == spec.loc.prov && (spec.kind.is_none() || u.kind.is_none() || u.kind == spec.kind);
        if let Some(j) = scene.orders.iter().position(|d| d.order.unit().is_some_and(like)) {
            return self.from[j];
        }
        self.stands(spec.loc.prov).find(|st| spec.kind.is_none_or(|t| t == st.unit.kind)).map_or_else(|| g.unit(spec.loc), |st| st.at)
    }

    /// Where an arrow from `a` to `b` (the place of space `prov`) ends: short
    /// of `b` by a unit's half width, and where units stand side by side
    /// there, short of every one of them, so its head is not under them.
    pub fn end(&self, a: At, b: At, prov: Prov) -> At {
        let s = self.s;
        let tip = short(a, b, 18.0 * s);
        if self.stands(prov).count() < 2 {
            return tip;
        }
        let boxes: Vec<Rect> = self.taken.iter().filter(|(p, ..)| *p == prov).map(|(_, r, _)| grow(*r, 3.0 * s)).collect();
        clear_from(tip, a, &boxes, s)
    }

    /// Where a dislodged unit's line to its space ends: at the edge of the
    /// unit standing there nearest to it (`home`, the space's place, when
    /// none stands there).
    pub fn edge_of(&self, prov: Prov, home: At, toward: At) -> At {
        let s = self.s;
        let boxes: Vec<Rect> = self.taken.iter().filter(|(p, _, unit)| *p == prov && *unit).map(|(_, r, _)| grow(*r, 2.0 * s)).collect();
        let mid = |r: &Rect| ((r.0 + r.2) / 2.0, (r.1 + r.3) / 2.0);
        let dist = |p: At| (p.0 - toward.0).hypot(p.1 - toward.1);
        let from = boxes.iter().map(mid).fold(None, |best: Option<At>, p| match best {
            Some(b) if dist(b) <= dist(p) => Some(b),
            _ => Some(p),
        });
        clear_from(from.unwrap_or(home), toward, &boxes, s)
    }
}

fn grow(r: Rect, by: f64) -> Rect {
    (r.0 - by, r.1 - by, r.2 + by, r.3 + by)
}

fn within(r: Rect, (x, y): At) -> bool {
    x > r.0 && x < r.2 && y > r.1 && y < r.3
}

/// The first point from `p` toward `to` (in steps of 2) outside every one
/// of `boxes`; `to` if there is none before it.
fn clear_from(p: At, to: At, boxes: &[Rect], s: f64) -> At {
    let (dx, dy) = (to.0 - p.0, to.1 - p.1);
    let d = dx.hypot(dy);
    if d < 1e-9 {
        return p;
    }
    let step = 2.0 * s;
    let mut t = 0.0;
    while t < d {
        let q = (p.0 + dx / d * t, p.1 + dy / d * t);
        if !boxes.iter().any(|b| within(*b, q)) {
            return q;
        }
        t += step;
    }
    to
}

/// A point `by` short of `b` on the way from `a`.
pub fn short(a: At, b: At, by: f64) -> At {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let d = (dx * dx + dy * dy).sqrt();
    if d <= by * 2.0 { b } else { (b.0 - dx / d * by, b.1 - dy / d * by) }
}

/// Working out where each order is drawn from.
struct Origins<'a> {
    v: &'a Variant,
    g: &'a Geometry,
    scene: &'a Scene<'a>,
    list: &'a [Dislodged],
    /// The dislodged units already matched to an order.
    matched: Vec<bool>,
    /// The board's units already matched to an order.
    used: Vec<(Prov, usize)>,
}

impl<'a> Origins<'a> {
    fn new(v: &'a Variant, g: &'a Geometry, scene: &'a Scene<'a>, list: &'a [Dislodged]) -> Origins<'a> {
        Origins { v, g, scene, list, matched: vec![false; list.len()], used: Vec::new() }
    }

    fn all(mut self, lay: &mut Layout) -> Vec<At> {
        let orders = self.scene.orders;
        (0..orders.len()).map(|i| self.one(lay, i)).collect()
    }

    /// Where order `i` is drawn from: a dislodged unit at its spot (one
    /// disbanded in a retreat phase without one, at a spot of its own); a
    /// unit removed from a space where units still stand, at a spot beside
    /// them; a unit still in its space where it is drawn; a unit that moved
    /// away from units still there, from their edge toward where it went;
    /// one that left its space empty, where it stood (its place in the
    /// space's stack before the phase).
    fn one(&mut self, lay: &mut Layout, i: usize) -> At {
        let scene = self.scene;
        let d = &scene.orders[i];
        let Some(spec) = d.order.unit() else { return (0.0, 0.0) };
        let spec = *spec;
        let home = self.g.unit(spec.loc);
        if let Some(k) = self.dislodged(d.power, &spec) {
            return lay.dislodged[k];
        }
        match self.scene.ordered_in {
            PhaseKind::Retreat => lay.spot(self.g, spec.loc),
            PhaseKind::Adjustment if matches!(d.order, Order::Disband(_)) && lay.stands(spec.loc.prov).next().is_some() => lay.spot(self.g, spec.loc),
            PhaseKind::Adjustment => home,
            PhaseKind::Movement => {
                let gone_to = match d.order {
                    Order::Move { dest, .. } | Order::Board { dest: Some(dest), .. } if d.result == ResultKind::Ok => Some(dest),
                    _ => None,
                };
                match gone_to {
                    // from the edge of the units left behind, toward where it went
                    Some(to) if lay.stands(spec.loc.prov).next().is_some() => lay.edge_of(spec.loc.prov, home, self.g.unit(to)),
                    Some(_) => self.before(i),
                    None => self.stand(lay, d.power, &spec).unwrap_or_else(|| self.before(i)),
                }
            }
        }
    }

    /// The dislodged unit order `i`'s unit is, not matched yet (matched now).
    fn dislodged(&mut self, power: PowerId, spec: &UnitSpec) -> Option<usize> {
        let k = self.list.iter().enumerate().position(|(k, x)| {
            !self.matched[k]
                && x.unit.power == power
                && x.unit.loc.prov == spec.loc.prov
                && spec.kind.is_none_or(|t| t == x.unit.kind)
                && !is_carried(x, self.list)
        })?;
        self.matched[k] = true;
        Some(k)
    }

    /// Where a unit of `power` like `spec` is drawn in its space, one not matched yet.
    fn stand(&mut self, lay: &Layout, power: PowerId, spec: &UnitSpec) -> Option<At> {
        let prov = spec.loc.prov;
        let k = lay
            .stands(prov)
            .enumerate()
            .position(|(k, st)| !self.used.contains(&(prov, k)) && st.unit.power == power && spec.kind.is_none_or(|t| t == st.unit.kind))?;
        self.used.push((prov, k));
        lay.stands(prov).nth(k).map(|st| st.at)
    }

    /// Where order `i`'s unit stood before the phase: its place among the
    /// units ordered in its space (those a fleet carried left out), in the
    /// board's order.
    fn before(&self, i: usize) -> At {
        let orders = self.scene.orders;
        let key = |j: usize| orders[j].order.unit().map(|u| (u.loc.prov, orders[j].power, u.kind));
        let Some((prov, ..)) = key(i) else { return (0.0, 0.0) };
        let at_sea = self.v.provinces[prov as usize].kind == ProvinceKind::Sea;
        let mut here: Vec<usize> = (0..orders.len())
            .filter(|&j| key(j).is_some_and(|(p, _, t)| p == prov && !(at_sea && t == Some(UnitType::Army) && self.v.features.boarding)))
            .collect();
        here.sort_by_key(|&j| key(j).map(|(_, w, t)| (w, t)));
        let k = here.iter().position(|&j| j == i).unwrap_or(0);
        let unit = |j: usize| orders[j].order.unit().map_or((Loc { prov, coast: Default::default() }, None), |u| (u.loc, u.kind));
        let homes: Vec<At> = here.iter().map(|&j| self.g.unit(unit(j).0)).collect();
        let kinds: Vec<UnitType> = here.iter().map(|&j| unit(j).1.unwrap_or(UnitType::Army)).collect();
        stack(self.v, self.g, prov, &homes, &kinds, self.g.symbol).get(k).copied().unwrap_or(homes[0])
    }
}
