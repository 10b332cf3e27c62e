//! Where things stand on a variant's picture: province outlines where a map
//! has them (the standard map, from `config/maps/standard.json`), or a
//! schematic laid out from the variant file's `pos` of each province.

use crate::map::{Coast, Loc, Prov, Variant};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The standard map's outlines and places (tools/extract_standard_map.py).
const STANDARD: &str = include_str!("../../config/maps/standard.json");

#[derive(Deserialize)]
struct OutlineFile {
    view_box: [f64; 4],
    outline_offset: [f64; 2],
    provinces: BTreeMap<String, OutlineRecord>,
    units: BTreeMap<String, [f64; 2]>,
    dislodged: BTreeMap<String, [f64; 2]>,
    centers: BTreeMap<String, [f64; 2]>,
    labels: BTreeMap<String, [f64; 3]>,
}

#[derive(Deserialize)]
struct OutlineRecord {
    d: String,
}

/// One province's outline: SVG path data, drawn shifted by [`Geometry::offset`].
pub struct Outline {
    pub prov: Prov,
    pub d: String,
}

/// A variant's picture frame and every place on it.
pub struct Geometry {
    pub width: f64,
    pub height: f64,
    /// Province outlines (empty: draw the schematic).
    pub outlines: Vec<Outline>,
    /// The outlines' shift (the source drew them translated).
    pub offset: (f64, f64),
    /// Where a unit stands, by location (index: `slot`).
    unit: Vec<(f64, f64)>,
    /// Where a dislodged unit is drawn, by location.
    dislodged: Vec<(f64, f64)>,
    /// Where a province's supply-centre mark is, by province.
    pub center: Vec<(f64, f64)>,
    /// Where a province's code is written, and its size, by province.
    pub label: Vec<(f64, f64, f64)>,
    /// The scale symbols are drawn at (1 on the standard map).
    pub symbol: f64,
}

/// One slot a location: the province's five (no coast, then the four coasts).
fn slot(l: Loc) -> usize {
    l.prov as usize * 5 + l.coast as usize
}

impl Geometry {
    /// The geometry of `v`: the standard map's outlines when every province
    /// of `v` has one there (the standard map, and games for fewer players on
    /// it), else a schematic.
    pub fn of(v: &Variant) -> Geometry {
        outlines(v).unwrap_or_else(|| schematic(v))
    }

    pub fn unit(&self, l: Loc) -> (f64, f64) {
        let p = self.unit[slot(l)];
        if p.0.is_nan() { self.unit[slot(Loc { prov: l.prov, coast: Coast::None })] } else { p }
    }

    pub fn dislodged(&self, l: Loc) -> (f64, f64) {
        let p = self.dislodged[slot(l)];
        if p.0.is_nan() { self.dislodged[slot(Loc { prov: l.prov, coast: Coast::None })] } else { p }
    }
}

fn outlines(v: &Variant) -> Option<Geometry> {
    let f: OutlineFile = serde_json::from_str(STANDARD).unwrap_or_else(|e| unreachable!("config/maps/standard.json is built in and valid: {e}"));
    let n = v.provinces.len();
    let mut g = Geometry {
        width: f.view_box[2],
        height: f.view_box[3],
        outlines: Vec::with_capacity(n),
        offset: (f.outline_offset[0], f.outline_offset[1]),
        unit: vec![(f64::NAN, f64::NAN); n * 5],
        dislodged: vec![(f64::NAN, f64::NAN); n * 5],
        center: Vec::with_capacity(n),
        label: Vec::with_capacity(n),
        symbol: 1.0,
    };
    for (i, p) in v.provinces.iter().enumerate() {
        let o = f.provinces.get(&p.code)?;
        let u = *f.units.get(&p.code)?;
        g.outlines.push(Outline { prov: i as Prov, d: o.d.clone() });
        let d = f.dislodged.get(&p.code).copied().unwrap_or([u[0] + 12.0, u[1] + 12.0]);
        g.unit[slot(Loc { prov: i as Prov, coast: Coast::None })] = (u[0], u[1]);
        g.dislodged[slot(Loc { prov: i as Prov, coast: Coast::None })] = (d[0], d[1]);
        for &c in &p.coasts {
            let code = format!("{}/{}", p.code, c.code());
            let cu = f.units.get(&code).copied().unwrap_or(u);
            let cd = f.dislodged.get(&code).copied().unwrap_or([cu[0] + 12.0, cu[1] + 12.0]);
            g.unit[slot(Loc { prov: i as Prov, coast: c })] = (cu[0], cu[1]);
            g.dislodged[slot(Loc { prov: i as Prov, coast: c })] = (cd[0], cd[1]);
        }
        let c = f.centers.get(&p.code).copied().unwrap_or([u[0], u[1] + 24.0]);
        g.center.push((c[0], c[1]));
        let l = f.labels.get(&p.code).copied().unwrap_or([u[0], u[1] - 24.0, 18.0]);
        g.label.push((l[0], l[1], l[2]));
    }
    Some(g)
}

/// The schematic: each province a node at its `pos`, scaled into a frame
/// `WIDTH` wide. Provinces without a `pos` stand in a row along the foot,
/// in the map's order.
fn schematic(v: &Variant) -> Geometry {
    const WIDTH: f64 = 1600.0;
    const MARGIN: f64 = 60.0;
    let placed: Vec<(f64, f64)> = v.provinces.iter().filter_map(|p| p.pos).collect();
    let (x0, x1, y0, y1) = placed.iter().fold((f64::MAX, f64::MIN, f64::MAX, f64::MIN), |(a, b, c, d), &(x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)));
    let (span_x, span_y) = if placed.is_empty() { (1.0, 1.0) } else { ((x1 - x0).max(1.0), (y1 - y0).max(1.0)) };
    let scale = (WIDTH - 2.0 * MARGIN) / span_x;
    let unplaced = v.provinces.iter().filter(|p| p.pos.is_none()).count();
    let per_row = ((WIDTH - 2.0 * MARGIN) / 70.0).floor().max(1.0) as usize;
    let extra_rows = unplaced.div_ceil(per_row) as f64;
    let map_height = if placed.is_empty() { 0.0 } else { span_y * scale };
    let height = map_height + 2.0 * MARGIN + extra_rows * 70.0;
    let n = v.provinces.len();
    let mut g = Geometry {
        width: WIDTH,
        height,
        outlines: Vec::new(),
        offset: (0.0, 0.0),
        unit: vec![(f64::NAN, f64::NAN); n * 5],
        dislodged: vec![(f64::NAN, f64::NAN); n * 5],
        center: Vec::with_capacity(n),
        label: Vec::with_capacity(n),
        symbol: 0.8,
    };
    let mut k = 0;
    for (i, p) in v.provinces.iter().enumerate() {
        let (x, y) = match p.pos {
            Some((x, y)) => (MARGIN + (x - x0) * scale, MARGIN + (y - y0) * scale),
            None => {
                let at = (MARGIN + 35.0 + (k % per_row) as f64 * 70.0, map_height + 2.0 * MARGIN + 35.0 + (k / per_row) as f64 * 70.0);
                k += 1;
                at
            }
        };
        g.unit[slot(Loc { prov: i as Prov, coast: Coast::None })] = (x, y);
        g.dislodged[slot(Loc { prov: i as Prov, coast: Coast::None })] = (x + 16.0, y + 16.0);
        for &c in &p.coasts {
            let (dx, dy) = match c {
                Coast::North => (0.0, -20.0),
                Coast::South => (0.0, 20.0),
                Coast::East => (20.0, 0.0),
                Coast::West | Coast::None => (-20.0, 0.0),
            };
            g.unit[slot(Loc { prov: i as Prov, coast: c })] = (x + dx, y + dy);
            g.dislodged[slot(Loc { prov: i as Prov, coast: c })] = (x + dx + 16.0, y + dy + 16.0);
        }
        g.center.push((x, y + 20.0));
        g.label.push((x, y - 27.0, 18.0));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_map_has_outlines_and_every_coast_its_own_place() {
        let v = Variant::standard();
        let g = Geometry::of(&v);
        assert_eq!(g.outlines.len(), v.provinces.len());
        let stp = v.prov_by_code("STP").unwrap();
        let nc = g.unit(Loc { prov: stp, coast: Coast::North });
        let sc = g.unit(Loc { prov: stp, coast: Coast::South });
        assert_ne!(nc, sc);
        assert!(nc.0 > 0.0 && nc.0 < g.width && nc.1 > 0.0 && nc.1 < g.height);
    }

    #[test]
    fn a_map_without_outlines_is_a_schematic_and_a_province_without_pos_still_has_a_place() {
        let mut v = Variant::builtin("1885").unwrap();
        let g = Geometry::of(&v);
        assert!(g.outlines.is_empty());
        for i in 0..v.provinces.len() {
            let (x, y) = g.unit(Loc { prov: i as Prov, coast: Coast::None });
            assert!(x.is_finite() && y.is_finite() && x >= 0.0 && x <= g.width && y >= 0.0 && y <= g.height, "{}", v.provinces[i].code);
        }
        v.provinces[0].pos = None;
        v.provinces[1].pos = None;
        let g = Geometry::of(&v);
        let a = g.unit(Loc { prov: 0, coast: Coast::None });
        let b = g.unit(Loc { prov: 1, coast: Coast::None });
        assert_ne!(a, b);
        assert!(a.1 <= g.height && b.1 <= g.height);
    }
}
