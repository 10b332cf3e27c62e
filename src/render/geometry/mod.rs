//! Where things stand on a variant's picture. A map drawn from outlines has
//! them in `config/maps/NAME.json` (the standard map and MILA's ancmed, modern
//! and pure, extracted from their SVGs by `tools/`, Original 1958, traced
//! from its scan, and DPjudge's maps traced from their PostScript by
//! [`crate::render::trace`]), or beside a GM's variant file; a game on the standard
//! board for fewer players uses the standard map's; every other variant (1885,
//! an imported map, a GM's own) gets a generated map ([`generated`]): land and
//! sea regions tessellated around each province's `pos`, or around a layout
//! of its adjacency graph when it has none.

mod generated;
mod layout;

use crate::map::{Coast, Loc, Prov, Variant};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The maps drawn from outlines, by variant name (the extraction tools'
/// output; `config/maps/README.md` gives each one's source and licence).
const BUILTIN: &[(&str, &str)] = &[
    ("standard", include_str!("../../../config/maps/standard.json")),
    ("ancmed", include_str!("../../../config/maps/ancmed.json")),
    ("modern", include_str!("../../../config/maps/modern.json")),
    ("pure", include_str!("../../../config/maps/pure.json")),
    ("original1958", include_str!("../../../config/maps/original1958.json")),
    // traced by `mailjudge variant picture` from DPjudge's PostScript maps
    ("youngstown", include_str!("../../../config/maps/youngstown.json")),
    ("loeb9", include_str!("../../../config/maps/loeb9.json")),
    ("v8", include_str!("../../../config/maps/v8.json")),
    ("canton", include_str!("../../../config/maps/canton.json")),
    ("empire", include_str!("../../../config/maps/empire.json")),
    ("empire-up", include_str!("../../../config/maps/empire-up.json")),
    ("renaissance", include_str!("../../../config/maps/renaissance.json")),
    ("sailho", include_str!("../../../config/maps/sailho.json")),
    ("fiveman", include_str!("../../../config/maps/fiveman.json")),
    ("milan", include_str!("../../../config/maps/milan.json")),
    ("1900", include_str!("../../../config/maps/1900.json")),
    ("aberration", include_str!("../../../config/maps/aberration.json")),
    ("sengoku", include_str!("../../../config/maps/sengoku.json")),
    ("modern-up", include_str!("../../../config/maps/modern-up.json")),
    ("slovenia", include_str!("../../../config/maps/slovenia.json")),
    ("chromatic", include_str!("../../../config/maps/chromatic.json")),
    ("classical", include_str!("../../../config/maps/classical.json")),
    ("hundred", include_str!("../../../config/maps/hundred.json")),
];

/// An outline file (the format of `config/maps/standard.json`).
#[derive(Deserialize)]
struct OutlineFile {
    view_box: [f64; 4],
    outline_offset: [f64; 2],
    provinces: BTreeMap<String, OutlineRecord>,
    units: BTreeMap<String, [f64; 2]>,
    #[serde(default)]
    dislodged: BTreeMap<String, [f64; 2]>,
    #[serde(default)]
    centers: BTreeMap<String, [f64; 2]>,
    #[serde(default)]
    labels: BTreeMap<String, [f64; 3]>,
    /// Land no province names (a traced picture's unnamed islands), drawn under the provinces.
    #[serde(default)]
    scenery: String,
    /// The scale units and centres are drawn at (1, the standard map's, when not given).
    #[serde(default)]
    symbol: Option<f64>,
}

#[derive(Deserialize)]
struct OutlineRecord {
    d: String,
}

/// Why a GM's outline file cannot draw a variant.
#[derive(Debug, thiserror::Error)]
pub enum OutlineError {
    #[error("the outline file is not valid: {0}")]
    Json(#[from] serde_json::Error),
    #[error("province {0} has no outline or no unit place in the outline file")]
    Missing(String),
}

/// One province's outline: SVG path data, drawn shifted by [`Geometry::offset`].
pub struct Outline {
    pub prov: Prov,
    pub d: String,
}

/// How a variant's picture was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Outlines of the variant's own map (a built-in file or a GM's).
    Outlines,
    /// The standard map's outlines, for a game on part of the standard board.
    StandardBoard,
    /// Regions tessellated around each province's position.
    Generated,
}

/// A variant's picture frame and every place on it.
pub struct Geometry {
    pub width: f64,
    pub height: f64,
    /// Province outlines (empty: draw the schematic).
    pub outlines: Vec<Outline>,
    /// The outlines' shift (the source drew them translated).
    pub offset: (f64, f64),
    /// Land no province names, as SVG path data (shifted as the outlines).
    pub scenery: String,
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
    /// How the picture was made.
    pub source: Source,
}

/// One slot a location: the province's five (no coast, then the four coasts).
fn slot(l: Loc) -> usize {
    l.prov as usize * 5 + l.coast as usize
}

impl Geometry {
    /// The geometry of `v`: the picture its GM keeps beside its file, else
    /// its own map's outlines when it has a built-in
    /// outline file, else the standard map's when every province of `v` has
    /// one there (games for fewer players on the standard board), else a
    /// generated map.
    pub fn of(v: &Variant) -> Geometry {
        if let Some(text) = &v.picture {
            match Geometry::from_outline_file(v, text) {
                Ok(g) => return g,
                Err(e) => tracing::warn!(variant = %v.name, "its map picture is not drawn: {e}"),
            }
        }
        let own = BUILTIN.iter().find(|(name, _)| *name == v.name).and_then(|(_, text)| outlines(v, &builtin(text), Source::Outlines).ok());
        own.or_else(|| outlines(v, &builtin(BUILTIN[0].1), Source::StandardBoard).ok()).unwrap_or_else(|| generated::map(v))
    }

    /// The geometry of `v` drawn from an outline file a GM brings beside the
    /// variant file (the format of `config/maps/standard.json`).
    pub fn from_outline_file(v: &Variant, text: &str) -> Result<Geometry, OutlineError> {
        outlines(v, &serde_json::from_str(text)?, Source::Outlines)
    }

    pub fn unit(&self, l: Loc) -> (f64, f64) {
        let p = self.unit[slot(l)];
        if p.0.is_nan() { self.unit[slot(Loc { prov: l.prov, coast: Coast::None })] } else { p }
    }

    pub fn dislodged(&self, l: Loc) -> (f64, f64) {
        let p = self.dislodged[slot(l)];
        if p.0.is_nan() { self.dislodged[slot(Loc { prov: l.prov, coast: Coast::None })] } else { p }
    }

    /// An empty geometry for `n` provinces in a `width` × `height` frame.
    fn empty(n: usize, width: f64, height: f64, source: Source) -> Geometry {
        Geometry {
            width,
            height,
            outlines: Vec::with_capacity(n),
            offset: (0.0, 0.0),
            scenery: String::new(),
            unit: vec![(f64::NAN, f64::NAN); n * 5],
            dislodged: vec![(f64::NAN, f64::NAN); n * 5],
            center: Vec::with_capacity(n),
            label: Vec::with_capacity(n),
            symbol: 1.0,
            source,
        }
    }
}

impl Outline {
    /// The outline as closed rings of points (curves flattened), in the
    /// outline's own coordinates (before [`Geometry::offset`]).
    pub fn rings(&self) -> Vec<Vec<(f64, f64)>> {
        rings(&self.d)
    }
}

fn builtin(text: &str) -> OutlineFile {
    serde_json::from_str(text).unwrap_or_else(|e| unreachable!("config/maps/*.json are built in and valid: {e}"))
}

fn outlines(v: &Variant, f: &OutlineFile, source: Source) -> Result<Geometry, OutlineError> {
    let mut g = Geometry::empty(v.provinces.len(), f.view_box[2], f.view_box[3], source);
    g.offset = (f.outline_offset[0], f.outline_offset[1]);
    g.scenery = f.scenery.clone();
    g.symbol = f.symbol.filter(|s| s.is_finite()).unwrap_or(1.0).clamp(0.3, 3.0);
    for (i, p) in v.provinces.iter().enumerate() {
        let missing = || OutlineError::Missing(p.code.clone());
        let o = f.provinces.get(&p.code).ok_or_else(missing)?;
        let u = *f.units.get(&p.code).ok_or_else(missing)?;
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
    separate_labels(v, &mut g);
    Ok(g)
}

/// Moves a label that overlaps an earlier one down (or up) until it is
/// clear of all: an outline file's places are kept, but no label is hidden.
fn separate_labels(v: &Variant, g: &mut Geometry) {
    let overlap = |a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)| a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3;
    for i in 1..g.label.len() {
        let (x, y, size) = g.label[i];
        let clear = |g: &Geometry, y: f64| (0..i).all(|j| !overlap(label_box(&v.provinces[i].code, (x, y, size)), label_box(&v.provinces[j].code, g.label[j])));
        let step = size * 0.75 + 2.0;
        if let Some(y) = (0..12).flat_map(|k| [y + k as f64 * step / 2.0, y - k as f64 * step / 2.0]).find(|&y| clear(g, y)) {
            g.label[i].1 = y;
        }
    }
}

/// SVG path data (M, L, C, Z, absolute or relative) as closed rings, each
/// cubic curve flattened to eight segments.
fn rings(d: &str) -> Vec<Vec<(f64, f64)>> {
    let mut tokens = Vec::new();
    let mut num = String::new();
    let flush = |num: &mut String, tokens: &mut Vec<PathToken>| {
        if let Ok(x) = num.parse() {
            tokens.push(PathToken::Num(x));
        }
        num.clear();
    };
    for ch in d.chars() {
        match ch {
            'M' | 'm' | 'L' | 'l' | 'C' | 'c' | 'Z' | 'z' => {
                flush(&mut num, &mut tokens);
                tokens.push(PathToken::Cmd(ch));
            }
            '-' if !num.is_empty() && !num.ends_with(['e', 'E']) => {
                flush(&mut num, &mut tokens);
                num.push(ch);
            }
            ' ' | ',' | '\n' | '\t' => flush(&mut num, &mut tokens),
            _ => num.push(ch),
        }
    }
    flush(&mut num, &mut tokens);
    let mut out: Vec<Vec<(f64, f64)>> = Vec::new();
    let (mut cmd, mut at, mut nums) = ('M', (0.0, 0.0), Vec::new());
    let mut ring: Vec<(f64, f64)> = Vec::new();
    for t in tokens.into_iter().chain([PathToken::Cmd('z')]) {
        match t {
            PathToken::Num(x) => nums.push(x),
            PathToken::Cmd(c) => {
                segment(cmd, &nums, &mut at, &mut ring);
                nums.clear();
                if matches!(c, 'Z' | 'z' | 'M' | 'm') && ring.len() > 2 {
                    out.push(std::mem::take(&mut ring));
                } else if matches!(c, 'Z' | 'z' | 'M' | 'm') {
                    ring.clear();
                }
                if matches!(c, 'Z' | 'z') {
                    at = out.last().and_then(|r| r.first().copied()).unwrap_or(at);
                }
                cmd = c;
            }
        }
    }
    out
}

enum PathToken {
    Cmd(char),
    Num(f64),
}

/// The points one command's numbers add to `ring`.
fn segment(cmd: char, nums: &[f64], at: &mut (f64, f64), ring: &mut Vec<(f64, f64)>) {
    let rel = cmd.is_ascii_lowercase();
    let abs = |at: (f64, f64), x: f64, y: f64| if rel { (at.0 + x, at.1 + y) } else { (x, y) };
    match cmd.to_ascii_uppercase() {
        'M' | 'L' => {
            for p in nums.chunks_exact(2) {
                *at = abs(*at, p[0], p[1]);
                ring.push(*at);
            }
        }
        'C' => {
            for p in nums.chunks_exact(6) {
                let (a, b, c, e) = (*at, abs(*at, p[0], p[1]), abs(*at, p[2], p[3]), abs(*at, p[4], p[5]));
                for k in 1..=8 {
                    let t = k as f64 / 8.0;
                    let s = 1.0 - t;
                    let w = [s * s * s, 3.0 * s * s * t, 3.0 * s * t * t, t * t * t];
                    ring.push((w[0] * a.0 + w[1] * b.0 + w[2] * c.0 + w[3] * e.0, w[0] * a.1 + w[1] * b.1 + w[2] * c.1 + w[3] * e.1));
                }
                *at = e;
            }
        }
        _ => {}
    }
}

/// Whether `p` lies inside `rings` (even-odd rule, as a path is filled).
pub fn inside(rings: &[Vec<(f64, f64)>], p: (f64, f64)) -> bool {
    let mut odd = false;
    for r in rings {
        for i in 0..r.len() {
            let (a, b) = (r[i], r[(i + 1) % r.len()]);
            if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0) {
                odd = !odd;
            }
        }
    }
    odd
}

/// The box a label's text covers: (x0, y0, x1, y1), as svg.rs writes it
/// (centred on x, baseline at y, font size `size` × 0.75).
pub fn label_box(code: &str, (x, y, size): (f64, f64, f64)) -> (f64, f64, f64, f64) {
    let font = size * 0.75;
    let half = code.chars().count() as f64 * font * 0.34;
    (x - half, y - font * 0.78, x + half, y + font * 0.22)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_map_has_outlines_and_every_coast_its_own_place() {
        let v = Variant::standard();
        let g = Geometry::of(&v);
        assert_eq!(g.source, Source::Outlines);
        assert_eq!(g.outlines.len(), v.provinces.len());
        let stp = v.prov_by_code("STP").unwrap();
        let nc = g.unit(Loc { prov: stp, coast: Coast::North });
        let sc = g.unit(Loc { prov: stp, coast: Coast::South });
        assert_ne!(nc, sc);
        assert!(nc.0 > 0.0 && nc.0 < g.width && nc.1 > 0.0 && nc.1 < g.height);
    }

    #[test]
    fn path_data_becomes_rings_and_points_fall_inside_or_out() {
        let r = rings("M0,0 L10,0 L10,10 L0,10 Z m20,0 l10,0 l0,10 l-10,0 z");
        assert_eq!(r.len(), 2);
        assert_eq!(r[1][0], (20.0, 0.0));
        assert!(inside(&r, (5.0, 5.0)) && inside(&r, (25.0, 5.0)) && !inside(&r, (15.0, 5.0)));
        let c = rings("M0,0 C0,-10 10,-10 10,0 z");
        assert_eq!(c[0].len(), 9);
        assert!(inside(&c, (5.0, -3.0)) && !inside(&c, (5.0, 3.0)));
    }

    #[test]
    fn a_gms_outline_file_draws_its_variant_and_one_without_a_province_is_refused() {
        let v = Variant::standard();
        let g = Geometry::from_outline_file(&v, BUILTIN[0].1).unwrap();
        assert_eq!((g.outlines.len(), g.source), (v.provinces.len(), Source::Outlines));
        let e = Geometry::from_outline_file(&v, BUILTIN[3].1).err().unwrap();
        assert!(matches!(e, OutlineError::Missing(_)), "{e}");
        assert!(matches!(Geometry::from_outline_file(&v, "{"), Err(OutlineError::Json(_))));
    }
}
