//! Where each province's region is centred on a generated map: its `pos`
//! scaled into a frame, a layout of the adjacency graph for provinces without
//! one, an ocean box moved beside the seas it joins, and every two provinces
//! pushed at least [`SPACING`] apart so each region has room for its label,
//! unit and centre.

use crate::map::{Prov, Variant};

/// The least distance between two provinces' centres on a generated map.
pub const SPACING: f64 = 84.0;
/// The width a map's positions are scaled to at least.
const WIDTH: f64 = 1500.0;
/// The widest a map is scaled to so its closest provinces stand apart.
const MAX_WIDTH: f64 = 2600.0;

/// Every province's neighbours (army or fleet), each pair once in each list.
pub fn neighbours(v: &Variant) -> Vec<Vec<Prov>> {
    (0..v.provinces.len() as Prov)
        .map(|p| {
            let mut ns: Vec<Prov> = v.army_neighbours(p).to_vec();
            ns.extend(v.fleet_neighbours_of_province(p).map(|l| l.prov));
            ns.sort_unstable();
            ns.dedup();
            ns.retain(|&n| n != p);
            ns
        })
        .collect()
}

/// The centre of every province's region, in a frame whose top-left corner
/// is (0, 0), each at least `margin` from the frame's top and left.
pub fn positions(v: &Variant, adj: &[Vec<Prov>], margin: f64) -> Vec<(f64, f64)> {
    let n = v.provinces.len();
    let given: Vec<Option<(f64, f64)>> = v.provinces.iter().map(|p| p.pos).collect();
    let placed = given.iter().filter(|p| p.is_some()).count();
    let mut pts = if placed * 2 < n.max(1) { force_layout(&vec![None; n], adj) } else { force_layout(&given, adj) };
    scale(&mut pts);
    for i in (0..n).filter(|&i| v.provinces[i].ocean_box) {
        if let Some(at) = beside_neighbours(&pts, i, &adj[i]) {
            pts[i] = at;
        }
    }
    spread(&mut pts);
    let (x0, y0) = pts.iter().fold((f64::MAX, f64::MAX), |(a, b), &(x, y)| (a.min(x), b.min(y)));
    pts.iter().map(|&(x, y)| (x - x0 + margin, y - y0 + margin)).collect()
}

/// A force-directed layout (Fruchterman and Reingold) of the adjacency
/// graph with a fixed seed; provinces with a position keep it.
fn force_layout(given: &[Option<(f64, f64)>], adj: &[Vec<Prov>]) -> Vec<(f64, f64)> {
    let n = given.len();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    let fixed: Vec<bool> = given.iter().map(Option::is_some).collect();
    let placed: Vec<(f64, f64)> = given.iter().flatten().copied().collect();
    let side = if placed.is_empty() { 1000.0 } else { span(&placed).0.max(span(&placed).1).max(100.0) };
    let mut pts: Vec<(f64, f64)> = given.iter().map(|p| p.unwrap_or_else(|| (random() * side, random() * side))).collect();
    if fixed.iter().all(|&f| f) {
        return pts;
    }
    let k = (side * side / n.max(1) as f64).sqrt();
    for round in 0..400 {
        let temp = side / 10.0 * (1.0 - round as f64 / 400.0) + 1.0;
        let mut push = vec![(0.0, 0.0); n];
        for i in (0..n).filter(|&i| !fixed[i]) {
            for j in 0..n {
                let (dx, dy) = (pts[i].0 - pts[j].0, pts[i].1 - pts[j].1);
                let d = (dx * dx + dy * dy).sqrt().max(0.01);
                if i != j {
                    push[i].0 += dx / d * k * k / d;
                    push[i].1 += dy / d * k * k / d;
                }
            }
            for &j in &adj[i] {
                let (dx, dy) = (pts[i].0 - pts[j as usize].0, pts[i].1 - pts[j as usize].1);
                let d = (dx * dx + dy * dy).sqrt().max(0.01);
                push[i].0 -= dx * d / k;
                push[i].1 -= dy * d / k;
            }
        }
        for i in (0..n).filter(|&i| !fixed[i]) {
            let len = (push[i].0 * push[i].0 + push[i].1 * push[i].1).sqrt().max(1e-9);
            let step = len.min(temp);
            pts[i].0 += push[i].0 / len * step;
            pts[i].1 += push[i].1 / len * step;
        }
    }
    pts
}

/// The width and height the points span.
fn span(pts: &[(f64, f64)]) -> (f64, f64) {
    let (x0, x1, y0, y1) = pts.iter().fold((f64::MAX, f64::MIN, f64::MAX, f64::MIN), |(a, b, c, d), &(x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)));
    ((x1 - x0).max(0.0), (y1 - y0).max(0.0))
}

/// Scales the points so the map is at least [`WIDTH`] wide and, as far as
/// [`MAX_WIDTH`] allows, most provinces already stand [`SPACING`] apart.
fn scale(pts: &mut [(f64, f64)]) {
    if pts.len() < 2 {
        return;
    }
    let mut nearest: Vec<f64> =
        pts.iter().enumerate().map(|(i, a)| pts.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, b)| dist(*a, *b)).fold(f64::MAX, f64::min)).collect();
    nearest.sort_by(f64::total_cmp);
    let median = nearest[nearest.len() / 2].max(1e-6);
    let (w, h) = span(pts);
    let wide = w.max(h).max(1e-6);
    let s = (WIDTH / wide).max(SPACING * 1.1 / median).min(MAX_WIDTH / wide);
    for p in pts.iter_mut() {
        *p = (p.0 * s, p.1 * s);
    }
}

/// The place that brings province `i` (an ocean box, whose `pos` is anywhere)
/// nearest its neighbours in all while keeping clear of every other province.
fn beside_neighbours(pts: &[(f64, f64)], i: usize, adj: &[Prov]) -> Option<(f64, f64)> {
    if adj.is_empty() {
        return None;
    }
    let others: Vec<(f64, f64)> = pts.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, p)| *p).collect();
    let (x0, y0) = others.iter().fold((f64::MAX, f64::MAX), |(a, b), &(x, y)| (a.min(x), b.min(y)));
    let (w, h) = span(&others);
    let step = SPACING / 3.0;
    let cost = |p: (f64, f64)| adj.iter().map(|&n| dist(p, pts[n as usize])).sum::<f64>();
    let mut best: Option<((f64, f64), f64)> = None;
    for gy in 0..=((h + 2.0 * SPACING) / step) as usize {
        for gx in 0..=((w + 2.0 * SPACING) / step) as usize {
            let p = (x0 - SPACING + gx as f64 * step, y0 - SPACING + gy as f64 * step);
            if others.iter().any(|&o| dist(o, p) < SPACING * 1.3) {
                continue;
            }
            let c = cost(p);
            if best.is_none_or(|(_, b)| c < b) {
                best = Some((p, c));
            }
        }
    }
    best.map(|(p, _)| p)
}

/// Pushes every two provinces closer than [`SPACING`] apart until none is.
fn spread(pts: &mut [(f64, f64)]) {
    let n = pts.len();
    for round in 0..500 {
        let mut moved = false;
        for i in 0..n {
            for j in i + 1..n {
                let (dx, dy) = (pts[j].0 - pts[i].0, pts[j].1 - pts[i].1);
                let d = (dx * dx + dy * dy).sqrt();
                if d >= SPACING {
                    continue;
                }
                moved = true;
                // coincident points part along a direction fixed by their indices
                let (ux, uy) = if d < 1e-6 {
                    let a = (i * 7 + j * 13 + round) as f64;
                    (a.cos(), a.sin())
                } else {
                    (dx / d, dy / d)
                };
                let half = (SPACING - d) / 2.0 + 0.5;
                pts[i] = (pts[i].0 - ux * half, pts[i].1 - uy * half);
                pts[j] = (pts[j].0 + ux * half, pts[j].1 + uy * half);
            }
        }
        if !moved {
            return;
        }
    }
}

pub fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}
