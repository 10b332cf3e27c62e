//! Outlines traced from a picture of a map (the GM's PNG or GIF, or a
//! DPjudge PostScript map drawn to pixels): each province's region is grown
//! from its unit's place ([`regions`]), the borders between regions are
//! simplified once for both sides ([`outline`]), and the unit, centre and
//! label places are the file's where they fall inside their province
//! ([`places`]). The result is an outline file (the format of
//! `config/maps/standard.json`). No IO: the caller reads the picture.

pub mod decode;
pub mod dpmap;
pub mod jdip;
mod mapit;
mod outline;
mod places;
mod regions;

pub use regions::{Raster, Seed, Surface};

use crate::map::{Coast, Loc, ProvinceKind, Variant};
use std::collections::BTreeMap;

/// Places a picture's own file gives (pixels of the raster; a coast's unit
/// as `CODE/NC`).
#[derive(Default)]
pub struct Places {
    pub units: BTreeMap<String, (f64, f64)>,
    pub centers: BTreeMap<String, (f64, f64)>,
    pub labels: BTreeMap<String, (f64, f64)>,
    /// Where a dislodged unit is drawn (jDip's maps give it).
    pub dislodged: BTreeMap<String, (f64, f64)>,
}

/// Why a picture cannot be traced for a variant.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    #[error("province {0} has no place on the picture (a `pos` in the variant file, or the picture file's own)")]
    NoPlace(String),
    #[error("province {0} is nowhere on the picture (its place is on a line, or another province took its region)")]
    Lost(String),
    #[error("the picture is {0} by {1} pixels: too small to trace, or more than {MAX_PIXELS} pixels")]
    Size(usize, usize),
    #[error("the variant has {0} provinces, more than a picture can be traced for")]
    TooMany(usize),
}

/// The most pixels a traced picture may have.
pub const MAX_PIXELS: usize = 12_000_000;
/// The borders' simplification, in pixels of the picture.
const TOLERANCE: f64 = 1.2;

/// The outline file of `v` traced from `raster`, its coordinates the
/// raster's pixels times `scale`, gaps in its lines up to twice `close`
/// pixels closed; `source` says where the picture came from.
pub fn trace(v: &Variant, raster: &Raster, given: &Places, scale: f64, close: f64, source: &str) -> Result<String, TraceError> {
    let (w, h) = (raster.width, raster.height);
    if w < 16 || h < 16 || w * h > MAX_PIXELS {
        return Err(TraceError::Size(w, h));
    }
    if v.provinces.len() >= regions::SCENERY as usize {
        return Err(TraceError::TooMany(v.provinces.len()));
    }
    let seeds = seeds(v, given)?;
    let label = regions::regions(raster, &seeds, close);
    let mut pixels: Vec<Vec<u32>> = vec![Vec::new(); v.provinces.len()];
    for (i, &l) in label.iter().enumerate() {
        if let Some(p) = pixels.get_mut(l as usize) {
            p.push(i as u32);
        }
    }
    if let Some(i) = pixels.iter().enumerate().position(|(i, p)| p.is_empty() && !seeds[i].points.is_empty()) {
        return Err(TraceError::Lost(v.provinces[i].code.clone()));
    }
    let depth = places::distances(w, h, &label);
    let rings = outline::rings(w as u32, h as u32, &label, regions::NONE, TOLERANCE);
    let path = |l: u16| -> String { rings.get(&l).map(|r| path(r, scale)).unwrap_or_default() };
    let symbol = symbol(v, &pixels, scale);
    let mut file = OutlineOut {
        source: source.to_string(),
        view_box: [0.0, 0.0, w as f64 * scale, h as f64 * scale],
        outline_offset: [0.0, 0.0],
        symbol,
        ..Default::default()
    };
    for (i, p) in v.provinces.iter().enumerate() {
        let region = places::Region { pixels: &pixels[i], width: w, depth: &depth };
        let at = Placed::of(v, i, &region, given, &label, w, symbol / scale);
        let s = |q: (f64, f64)| [round(q.0 * scale), round(q.1 * scale)];
        file.provinces.insert(p.code.clone(), Path { d: path(i as u16) });
        file.units.insert(p.code.clone(), s(at.unit));
        for (c, q) in at.coasts {
            file.units.insert(format!("{}/{}", p.code, c.code()), s(q));
        }
        let keys = std::iter::once(p.code.clone()).chain(p.coasts.iter().map(|c| format!("{}/{}", p.code, c.code())));
        for key in keys {
            if let Some(&q) = given.dislodged.get(&key).filter(|&&q| region.holds(q, KEEP)) {
                file.dislodged.insert(key, s(q));
            }
        }
        file.centers.insert(p.code.clone(), s(at.center));
        file.labels.insert(p.code.clone(), [round(at.label.0 * scale), round(at.label.1 * scale), round(at.size * symbol)]);
    }
    file.scenery = path(regions::SCENERY);
    Ok(serde_json::to_string(&file).unwrap_or_default())
}

/// The quarter of the standard map's land provinces that are smallest are
/// smaller than this (its outlines' units squared).
const STANDARD_SMALL_LAND: f64 = 4480.0;

/// The scale units and centres are drawn at: smaller than the standard
/// map's where its small land provinces are smaller (never below 0.6).
fn symbol(v: &Variant, pixels: &[Vec<u32>], scale: f64) -> f64 {
    let mut areas: Vec<f64> = v
        .provinces
        .iter()
        .zip(pixels)
        .filter(|(p, px)| matches!(p.kind, ProvinceKind::Land | ProvinceKind::Coast) && !px.is_empty())
        .map(|(_, px)| px.len() as f64 * scale * scale)
        .collect();
    areas.sort_by(f64::total_cmp);
    let small = areas.get(areas.len() / 4).copied().unwrap_or(STANDARD_SMALL_LAND);
    round((small / STANDARD_SMALL_LAND).sqrt().clamp(0.6, 1.0))
}

fn round(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// One seed a province: its unit places (the province's and its coasts').
fn seeds(v: &Variant, given: &Places) -> Result<Vec<Seed>, TraceError> {
    v.provinces
        .iter()
        .map(|p| {
            // a province the picture's file has no unit place for grows from
            // its centre's; an impassable one the picture has not at all is
            // left undrawn
            let own = given.units.get(&p.code).or_else(|| given.centers.get(&p.code)).copied();
            let mut points = match own {
                Some(q) => vec![q],
                None if p.kind == ProvinceKind::Impassable => Vec::new(),
                None => return Err(TraceError::NoPlace(p.code.clone())),
            };
            points.extend(p.coasts.iter().filter_map(|c| given.units.get(&format!("{}/{}", p.code, c.code())).copied()));
            let surface = match p.kind {
                ProvinceKind::Sea => Surface::Sea,
                ProvinceKind::Impassable => Surface::Either,
                ProvinceKind::Land | ProvinceKind::Coast => Surface::Land,
            };
            Ok(Seed { surface, points })
        })
        .collect()
}

/// A traced province's places, in raster pixels.
struct Placed {
    unit: (f64, f64),
    coasts: Vec<(Coast, (f64, f64))>,
    center: (f64, f64),
    label: (f64, f64),
    size: f64,
}

/// How deep inside its province a place must be to be kept (pixels).
const KEEP: f32 = 3.0;

impl Placed {
    fn of(v: &Variant, i: usize, region: &places::Region, given: &Places, label: &[u16], w: usize, unit_px: f64) -> Placed {
        let p = &v.provinces[i];
        // the standard map's distances between a unit, its centre and its label, in the raster's pixels
        let (gap, drop) = (26.0 * unit_px, 30.0 * unit_px);
        let deepest = region.deepest(&[], 0.0).unwrap_or((0.0, 0.0));
        let unit = given.units.get(&p.code).copied().filter(|&q| region.holds(q, KEEP)).unwrap_or(deepest);
        let coasts = p
            .coasts
            .iter()
            .map(|&c| {
                let own = given.units.get(&format!("{}/{}", p.code, c.code())).copied().filter(|&q| region.holds(q, KEEP));
                (c, own.unwrap_or_else(|| coast_place(v, Loc { prov: i as u16, coast: c }, region, label, w).unwrap_or(unit)))
            })
            .collect();
        let center = given.centers.get(&p.code).copied().filter(|&q| region.holds(q, KEEP)).or_else(|| region.deepest(&[unit], gap)).unwrap_or(unit);
        let below = (unit.0, unit.1 + drop);
        let size = if region.holds(deepest, 10.0) { 16.0 } else { 12.0 };
        let label = given
            .labels
            .get(&p.code)
            .copied()
            .filter(|&q| region.holds(q, KEEP))
            .or_else(|| region.holds(below, KEEP).then_some(below))
            .or_else(|| region.deepest(&[unit, center], gap))
            .unwrap_or(unit);
        Placed { unit, coasts, center, label, size }
    }
}

/// A coast's unit place: inside the province, near where it touches the
/// seas that coast reaches.
fn coast_place(v: &Variant, l: Loc, region: &places::Region, label: &[u16], w: usize) -> Option<(f64, f64)> {
    let seas: Vec<u16> = v.fleet_neighbours(l).iter().map(|n| n.prov).filter(|&n| v.provinces[n as usize].kind == ProvinceKind::Sea).collect();
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
    for &p in region.pixels {
        let p = p as usize;
        let touching = [p.wrapping_sub(1), p + 1, p.wrapping_sub(w), p + w].into_iter().any(|q| label.get(q).is_some_and(|l| seas.contains(l)));
        if touching {
            sx += (p % w) as f64;
            sy += (p / w) as f64;
            n += 1.0;
        }
    }
    (n > 0.0).then(|| region.nearest((sx / n, sy / n), 8.0)).flatten()
}

/// Rings as SVG path data, scaled.
fn path(rings: &[Vec<(u32, u32)>], scale: f64) -> String {
    let mut d = String::new();
    for r in rings {
        for (k, &(x, y)) in r.iter().enumerate() {
            d.push(if k == 0 { 'M' } else { 'L' });
            d.push_str(&format!("{} {}", round(x as f64 * scale), round(y as f64 * scale)));
        }
        d.push('Z');
    }
    d
}

#[derive(serde::Serialize, Default)]
struct OutlineOut {
    source: String,
    view_box: [f64; 4],
    outline_offset: [f64; 2],
    provinces: BTreeMap<String, Path>,
    units: BTreeMap<String, [f64; 2]>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    dislodged: BTreeMap<String, [f64; 2]>,
    centers: BTreeMap<String, [f64; 2]>,
    labels: BTreeMap<String, [f64; 3]>,
    symbol: f64,
    #[serde(skip_serializing_if = "String::is_empty")]
    scenery: String,
}

#[derive(serde::Serialize, Default)]
struct Path {
    d: String,
}
