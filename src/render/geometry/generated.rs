//! A generated map: a Voronoi tessellation (spade's Delaunay triangulation)
//! of the provinces' centres ([`layout`]), with filler sites in the gaps and a
//! ring outside the frame so no region sprawls and the map has a rim of open
//! water. Each province's region is its cell clipped to the frame; svg.rs
//! fills land and sea by kind, so coastlines show where they meet. Every
//! region holds the disc of radius [`SPACING`]/2 around its centre, where its
//! label, unit and supply centre are placed.

use super::layout::{self, SPACING, dist};
use super::{Geometry, Outline, Source, slot};
use crate::map::{Coast, Loc, Prov, Variant};
use spade::handles::VoronoiVertex;
use spade::{DelaunayTriangulation, HasPosition, Point2, Triangulation};
use std::fmt::Write;

/// The open water between the outermost provinces and the frame.
const MARGIN: f64 = SPACING * 1.2;
/// A filler site stands in any gap at least this far from every province.
const GAP: f64 = SPACING * 1.1;
/// Symbols are drawn smaller than on the standard map.
const SYMBOL: f64 = 0.8;

struct Site {
    at: Point2<f64>,
    /// Which site: a province (below the provinces' count), else a filler.
    index: usize,
}

impl HasPosition for Site {
    type Scalar = f64;
    fn position(&self) -> Point2<f64> {
        self.at
    }
}

/// The generated map of `v`.
pub fn map(v: &Variant) -> Geometry {
    let adj = layout::neighbours(v);
    let pts = layout::positions(v, &adj, MARGIN);
    let (w, h) = pts.iter().fold((0.0f64, 0.0f64), |(a, b), &(x, y)| (a.max(x + MARGIN), b.max(y + MARGIN)));
    let mut g = Geometry::empty(v.provinces.len(), w.max(2.0 * MARGIN), h.max(2.0 * MARGIN), Source::Generated);
    g.symbol = SYMBOL;
    let (fill, grid) = fillers(&pts, &adj, g.width, g.height);
    let all = cells(&pts, &fill, g.width, g.height);
    for (i, cell) in all.iter().take(pts.len()).enumerate() {
        g.outlines.push(Outline { prov: i as Prov, d: path(cell) });
    }
    // a gap between neighbouring land provinces is land too (no province's),
    // so a land province far from its neighbours is not drawn as an island
    for (k, cell) in all[pts.len()..pts.len() + grid].iter().enumerate() {
        if cell.len() > 2 && inland(v, &adj, &pts, fill[k]) {
            g.scenery.push_str(&path(cell));
        }
    }
    for (i, p) in v.provinces.iter().enumerate() {
        let (x, y) = pts[i];
        let none = Loc { prov: i as Prov, coast: Coast::None };
        g.unit[slot(none)] = (x, y);
        g.dislodged[slot(none)] = (x + 18.0, y + 12.0);
        for &c in &p.coasts {
            let (dx, dy) = coast_offset(v, &pts, Loc { prov: i as Prov, coast: c });
            g.unit[slot(Loc { prov: i as Prov, coast: c })] = (x + dx, y + dy);
            g.dislodged[slot(Loc { prov: i as Prov, coast: c })] = (x + dx + 12.0, y + dy + 8.0);
        }
        g.center.push((x, y + 22.0));
        g.label.push((x, y - 20.0, 18.0));
    }
    g
}

/// Where a coast's fleet stands from its province's centre: towards the seas
/// it reaches, turned out of the label's place above the centre.
fn coast_offset(v: &Variant, pts: &[(f64, f64)], l: Loc) -> (f64, f64) {
    let from = pts[l.prov as usize];
    let seas = v.fleet_neighbours(l);
    let (sx, sy) = seas.iter().fold((0.0, 0.0), |(a, b), n| (a + pts[n.prov as usize].0 - from.0, b + pts[n.prov as usize].1 - from.1));
    let mut angle = if seas.is_empty() { 0.0 } else { sy.atan2(sx) };
    // up is -π/2; keep 60° either side of it for the label
    let up = -std::f64::consts::FRAC_PI_2;
    let off = (angle - up + std::f64::consts::PI).rem_euclid(std::f64::consts::TAU) - std::f64::consts::PI;
    if off.abs() < 1.05 {
        angle = up + 1.05f64.copysign(if off == 0.0 { 1.0 } else { off });
    }
    (angle.cos() * 24.0, angle.sin() * 24.0)
}

/// Whether a filler site lies between two land provinces that are
/// neighbours: its nearest province is land, and it is near the line from
/// one of its three nearest to a land neighbour among them.
fn inland(v: &Variant, adj: &[Vec<Prov>], pts: &[(f64, f64)], p: (f64, f64)) -> bool {
    let mut near: Vec<(f64, usize)> = pts.iter().enumerate().map(|(i, &q)| (dist(p, q), i)).collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0));
    let land = |i: usize| !matches!(v.provinces[i].kind, crate::map::ProvinceKind::Sea);
    let three: Vec<usize> = near.iter().take(3).map(|n| n.1).filter(|&i| land(i)).collect();
    near.first().is_some_and(|n| land(n.1))
        && three.iter().any(|&a| three.iter().any(|&b| b > a && adj[a].contains(&(b as Prov)) && to_segment(p, pts[a], pts[b]) <= SPACING))
}

/// Filler sites (and how many of them, first, are the grid's): a grid over the frame where a point is at least [`GAP`]
/// from every province and off the straight line between two neighbours (so
/// neighbours' regions tend to touch), and a ring outside the frame.
fn fillers(pts: &[(f64, f64)], adj: &[Vec<Prov>], w: f64, h: f64) -> (Vec<(f64, f64)>, usize) {
    let step = SPACING * 0.7;
    let mut out = Vec::new();
    let edges: Vec<((f64, f64), (f64, f64))> =
        adj.iter().enumerate().flat_map(|(i, ns)| ns.iter().filter(move |&&n| n as usize > i).map(move |&n| (pts[i], pts[n as usize]))).collect();
    for gy in 0..=(h / step).ceil() as usize {
        for gx in 0..=(w / step).ceil() as usize {
            let p = (gx as f64 * step, gy as f64 * step);
            if pts.iter().all(|&q| dist(p, q) >= GAP) && edges.iter().all(|&(a, b)| to_segment(p, a, b) >= SPACING * 0.45) {
                out.push(p);
            }
        }
    }
    let grid = out.len();
    let ring = SPACING;
    let (nx, ny) = (((w + 2.0 * ring) / step).ceil() as usize, ((h + 2.0 * ring) / step).ceil() as usize);
    for k in 0..=nx {
        let x = -ring + k as f64 * (w + 2.0 * ring) / nx as f64;
        out.extend([(x, -ring), (x, h + ring)]);
    }
    for k in 1..ny {
        let y = -ring + k as f64 * (h + 2.0 * ring) / ny as f64;
        out.extend([(-ring, y), (w + ring, y)]);
    }
    (out, grid)
}

/// The distance from `p` to the segment from `a` to `b`.
fn to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    dist(p, (a.0 + t * dx, a.1 + t * dy))
}

/// Each site's Voronoi cell (the provinces', then the fillers'), clipped to the frame.
fn cells(pts: &[(f64, f64)], fillers: &[(f64, f64)], w: f64, h: f64) -> Vec<Vec<(f64, f64)>> {
    let mut t: DelaunayTriangulation<Site> = DelaunayTriangulation::new();
    for (index, &(x, y)) in pts.iter().chain(fillers).enumerate() {
        // every site is finite and distinct: the layout spreads the provinces
        // and fillers keep clear of them
        let _ = t.insert(Site { at: Point2::new(x, y), index });
    }
    let mut out = vec![Vec::new(); pts.len() + fillers.len()];
    for face in t.voronoi_faces() {
        let site = face.as_delaunay_vertex();
        let i = site.data().index;
        let mut cell: Vec<(f64, f64)> = face
            .adjacent_edges()
            .filter_map(|e| match e.from() {
                VoronoiVertex::Inner(f) => Some(f.circumcenter()),
                VoronoiVertex::Outer(_) => None,
            })
            .map(|c| (c.x, c.y))
            .collect();
        let c = (site.data().at.x, site.data().at.y);
        cell.sort_by(|a, b| (a.1 - c.1).atan2(a.0 - c.0).total_cmp(&(b.1 - c.1).atan2(b.0 - c.0)));
        out[i] = clip(cell, w, h);
    }
    out
}

/// How far inside one side of a `w` × `h` frame a point is (negative: outside).
type Side = fn((f64, f64), f64, f64) -> f64;

/// A convex polygon clipped to the frame (Sutherland and Hodgman).
fn clip(mut poly: Vec<(f64, f64)>, w: f64, h: f64) -> Vec<(f64, f64)> {
    let sides: [Side; 4] = [|p, _, _| p.0, |p, w, _| w - p.0, |p, _, _| p.1, |p, _, h| h - p.1];
    for signed in sides {
        let input = std::mem::take(&mut poly);
        for k in 0..input.len() {
            let (a, b) = (input[k], input[(k + 1) % input.len()]);
            let (da, db) = (signed(a, w, h), signed(b, w, h));
            if da >= 0.0 {
                poly.push(a);
            }
            if (da >= 0.0) != (db >= 0.0) {
                let t = da / (da - db);
                poly.push((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)));
            }
        }
    }
    poly
}

/// A polygon as SVG path data.
fn path(poly: &[(f64, f64)]) -> String {
    let mut d = String::with_capacity(poly.len() * 14);
    for (k, (x, y)) in poly.iter().enumerate() {
        let _ = write!(d, "{}{:.1},{:.1}", if k == 0 { "M" } else { " L" }, x, y);
    }
    d.push_str(" Z");
    d
}
