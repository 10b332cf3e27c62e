//! The Original 1958 map picture's data, `config/maps/original1958.json`,
//! traced from the 1958 scan by `tools/trace_1958_map.py` (committed; CI
//! does not re-trace). Checked here for what a drawing needs: an outline for
//! every province of the variant, every place (unit, coast, dislodged unit,
//! centre mark, label) inside its own province, neighbours' outlines
//! meeting, and no label box over another.

use crate::common::outline::{Ring, gap, point_segment};
use mailjudge::map::{Loc, Variant};
use serde_json::Value;

/// A box: left, top, right, bottom.
type Rect = (f64, f64, f64, f64);

fn map_file() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/config/maps/original1958.json");
    let text = std::fs::read_to_string(path).expect("config/maps/original1958.json");
    serde_json::from_str(&text).expect("valid JSON")
}

/// The rings of an SVG path made only of `M x y L x y … Z` polylines.
fn parse_rings(d: &str) -> Vec<Ring> {
    let mut out: Vec<Ring> = Vec::new();
    let mut nums: Vec<f64> = Vec::new();
    let flush = |nums: &mut Vec<f64>, out: &mut Vec<Ring>| {
        if let Some(r) = out.last_mut() {
            assert_eq!(nums.len(), 2, "a point is two numbers in {d:.60}");
            r.push((nums[0], nums[1]));
        }
        nums.clear();
    };
    for tok in d.split_whitespace() {
        let (cmd, rest) = match tok.chars().next() {
            Some(c @ ('M' | 'L' | 'Z')) => (Some(c), &tok[1..]),
            _ => (None, tok),
        };
        if let Some(c) = cmd {
            if !nums.is_empty() {
                flush(&mut nums, &mut out);
            }
            match c {
                'M' => out.push(Vec::new()),
                'L' => {}
                _ => continue,
            }
        }
        if !rest.is_empty() {
            nums.push(rest.parse().unwrap_or_else(|_| panic!("a number, not {rest:?}")));
        }
    }
    if !nums.is_empty() {
        flush(&mut nums, &mut out);
    }
    assert!(out.iter().all(|r| r.len() >= 3), "every ring has three points or more");
    out
}

/// Even-odd point in polygon over all rings (holes are rings too).
fn inside(rings: &[Ring], (x, y): (f64, f64)) -> bool {
    let mut odd = false;
    for r in rings {
        for i in 0..r.len() {
            let (a, b) = (r[i], r[(i + 1) % r.len()]);
            if (a.1 > y) != (b.1 > y) && x < a.0 + (y - a.1) / (b.1 - a.1) * (b.0 - a.0) {
                odd = !odd;
            }
        }
    }
    odd
}

fn point(v: &Value) -> (f64, f64) {
    (v[0].as_f64().expect("x"), v[1].as_f64().expect("y"))
}

/// A label's box as the tracer reserves it: the code centred on x, the
/// baseline at y, the font 0.75 of the size (src/render/svg.rs).
fn label_box(code: &str, l: &Value) -> Rect {
    let (x, y) = point(l);
    let fs = l[2].as_f64().expect("size") * 0.75;
    let hw = 0.36 * fs * code.len() as f64;
    (x - hw, y - 0.78 * fs, x + hw, y + 0.12 * fs)
}

fn variant() -> Variant {
    Variant::builtin("original1958").expect("the built-in 1958 variant")
}

fn outlines(f: &Value, v: &Variant) -> Vec<Vec<Ring>> {
    v.provinces
        .iter()
        .map(|p| {
            let d = f["provinces"][&p.code]["d"].as_str().unwrap_or_else(|| panic!("{} has an outline", p.code));
            parse_rings(d)
        })
        .collect()
}

#[test]
fn every_province_of_the_variant_has_an_outline_of_its_kind_in_the_frame() {
    let f = map_file();
    let v = variant();
    let vb: Vec<f64> = f["view_box"].as_array().expect("view_box").iter().map(|x| x.as_f64().expect("number")).collect();
    assert_eq!(vb.len(), 4);
    let all = outlines(&f, &v);
    for (p, rs) in v.provinces.iter().zip(&all) {
        let kind = f["provinces"][&p.code]["kind"].as_str().expect("kind");
        let sea = p.kind == mailjudge::map::ProvinceKind::Sea;
        assert_eq!(kind, if sea { "sea" } else { "land" }, "{}", p.code);
        for &(x, y) in rs.iter().flatten() {
            assert!(x >= vb[0] && y >= vb[1] && x <= vb[0] + vb[2] && y <= vb[1] + vb[3], "{} leaves the frame at {x},{y}", p.code);
        }
    }
    assert_eq!(f["provinces"].as_object().expect("provinces").len(), v.provinces.len(), "no outline of a space the variant lacks");
}

#[test]
fn every_place_lies_inside_its_own_province() {
    let f = map_file();
    let v = variant();
    let all = outlines(&f, &v);
    let mut checked = 0;
    for (i, p) in v.provinces.iter().enumerate() {
        let mut keys = vec![("units", p.code.clone()), ("dislodged", p.code.clone()), ("labels", p.code.clone())];
        if p.center {
            keys.push(("centers", p.code.clone()));
        }
        for c in &p.coasts {
            keys.push(("units", format!("{}/{}", p.code, c.code())));
        }
        for (table, key) in keys {
            let at = point(&f[table][&key]);
            assert!(inside(&all[i], at), "{table} {key} at {at:?} is outside its province");
            for (j, q) in v.provinces.iter().enumerate().filter(|&(j, _)| j != i) {
                assert!(!inside(&all[j], at), "{table} {key} at {at:?} is inside {} too", q.code);
            }
            checked += 1;
        }
    }
    // 93 units, 93 dislodged, 93 labels, 35 centres, 8 coasts
    assert_eq!(checked, 93 * 3 + 35 + 8);
}

/// Neighbours in the variant whose traced outlines do not meet, each for a
/// reason named: the test holds them apart so that a better trace (or a
/// corrected variant) must take them off this list.
const KNOWN_APART: [(&str, &str, &str); 10] = [
    // borders the variant file lists as [[uncertain]]
    ("ARC", "EDI", "an [[uncertain]] border; in the trace Clyde and the North Sea lie between"),
    ("CLY", "IRI", "an [[uncertain]] border; in the trace Liverpool, Wales and the North Atlantic lie between"),
    ("BEL", "ENG", "an [[uncertain]] border; in the trace Flanders and the North Sea lie between"),
    // the trace: Apulia's lettering runs along its narrow strip, and Apulia comes out too small
    ("APU", "ION", "in the trace Naples lies between"),
    ("APU", "ROM", "in the trace Naples lies between"),
    ("APU", "CAL", "in the trace Naples lies between"),
    ("APU", "VEN", "in the trace Naples and the Adriatic lie between"),
    // not resolved: the trace, or the variant read from the scan, may be wrong
    ("ANK", "MRM", "in the trace the Black Sea and Smyrna lie between (a few pixels)"),
    ("ENG", "LON", "in the trace Wessex and the North Sea lie between"),
    ("LON", "WAL", "in the trace Yorkshire lies between"),
];

#[test]
fn neighbouring_provinces_outlines_meet() {
    let f = map_file();
    let v = variant();
    let all = outlines(&f, &v);
    let (mut pairs, mut apart) = (0, 0);
    for i in 0..v.provinces.len() {
        let mut ns: Vec<u16> = v.army_neighbours(i as u16).to_vec();
        ns.extend(v.fleet_neighbours_of_province(i as u16).map(|l: Loc| l.prov));
        ns.sort_unstable();
        ns.dedup();
        for n in ns.into_iter().filter(|&n| n as usize > i) {
            let (a, b) = (v.provinces[i].code.as_str(), v.provinces[n as usize].code.as_str());
            let g = gap(&all[i], &all[n as usize]);
            let known = KNOWN_APART.iter().any(|&(x, y, _)| (x, y) == (a, b) || (x, y) == (b, a));
            if known {
                assert!(g >= 0.5, "{a} and {b} meet now: take them off KNOWN_APART");
                apart += 1;
            } else {
                assert!(g < 0.5, "{a} and {b} are neighbours but their outlines are {g:.1} apart");
                pairs += 1;
            }
        }
    }
    assert_eq!(apart, KNOWN_APART.len(), "every pair of KNOWN_APART is a pair of neighbours");
    assert!(pairs > 150, "{pairs} neighbouring pairs checked");
    // and the check can fail: Portugal and Moscow are far apart
    let (por, mos) = (v.prov_by_code("POR").expect("POR") as usize, v.prov_by_code("MOS").expect("MOS") as usize);
    assert!(gap(&all[por], &all[mos]) > 100.0);
}

#[test]
fn no_label_box_overlaps_another() {
    let f = map_file();
    let v = variant();
    let boxes: Vec<(&str, Rect)> = v.provinces.iter().map(|p| (p.code.as_str(), label_box(&p.code, &f["labels"][&p.code]))).collect();
    for (i, (a, ba)) in boxes.iter().enumerate() {
        for (b, bb) in &boxes[i + 1..] {
            let apart = ba.2 <= bb.0 || bb.2 <= ba.0 || ba.3 <= bb.1 || bb.3 <= ba.1;
            assert!(apart, "the labels of {a} {ba:?} and {b} {bb:?} overlap");
        }
    }
}

#[test]
fn the_path_reader_reads_rings_and_holes() {
    let rs = parse_rings("M0 0 L10 0 L10 10 L0 10 Z M4 4 L6 4 L6 6 L4 6 Z");
    assert_eq!(rs.len(), 2);
    assert!(inside(&rs, (2.0, 2.0)));
    assert!(!inside(&rs, (5.0, 5.0)), "a hole is outside");
    assert!(!inside(&rs, (12.0, 5.0)));
    assert_eq!(gap(&rs[..1], &[vec![(10.0, 0.0), (20.0, 0.0), (20.0, 10.0)]]), 0.0);
}

#[test]
fn no_unit_or_centre_mark_covers_another_provinces_label() {
    let f = map_file();
    let v = variant();
    let overlap = |a: Rect, b: Rect| !(a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1);
    // an army is a circle of radius 16 and a fleet a 40 x 22 boat at symbol scale 1 (src/render/svg.rs)
    let marks = ["units", "centers"].into_iter().flat_map(|t| f[t].as_object().expect("table").iter().map(move |(k, p)| (t, k, p)));
    let mut seen = 0;
    for (table, key, p) in marks {
        let (x, y) = point(p);
        let (hw, hh) = if table == "units" { (20.0, 16.0) } else { (7.0, 7.0) };
        let own = key.split('/').next().expect("a code");
        for q in v.provinces.iter().filter(|q| q.code != own) {
            let l = label_box(&q.code, &f["labels"][&q.code]);
            assert!(!overlap((x - hw, y - hh, x + hw, y + hh), l), "{table} {key} covers the label of {}", q.code);
        }
        seen += 1;
    }
    assert_eq!(seen, 101 + 35);
}

/// How far `p` is from the nearest edge of `rings`.
fn depth(rings: &[Ring], p: (f64, f64)) -> f64 {
    let mut best = f64::INFINITY;
    for r in rings {
        for i in 0..r.len() {
            best = best.min(point_segment(p, r[i], r[(i + 1) % r.len()]));
        }
    }
    best
}

/// The depth of the deepest point of `rings` (on a grid of 2), or `enough`
/// as soon as a point that deep is found.
fn deepest(rings: &[Ring], enough: f64) -> f64 {
    let pts = rings.iter().flatten();
    let (x0, x1) = pts.clone().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (y0, y1) = pts.fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let mut best: f64 = 0.0;
    let mut y = y0;
    while y <= y1 {
        let mut x = x0;
        while x <= x1 {
            if inside(rings, (x, y)) {
                best = best.max(depth(rings, (x, y)));
                if best >= enough {
                    return enough;
                }
            }
            x += 2.0;
        }
        y += 2.0;
    }
    best
}

/// How far a unit's place keeps from its province's border: an army is a
/// circle of 16, so at 10 or more its middle (and its power's letter) is
/// plainly in the province; in a province too narrow for that, half as
/// deep as its deepest point.
const UNIT_DEPTH: f64 = 10.0;

#[test]
fn every_unit_stands_well_inside_its_province_and_the_wales_army_in_wales() {
    let f = map_file();
    let v = variant();
    let all = outlines(&f, &v);
    let mut checked = 0;
    for (key, p) in f["units"].as_object().expect("units") {
        let code = key.split('/').next().expect("a code");
        let i = v.prov_by_code(code).unwrap_or_else(|| panic!("{code}")) as usize;
        let at = point(p);
        let (d, deep) = (depth(&all[i], at), deepest(&all[i], 2.0 * UNIT_DEPTH));
        let want = UNIT_DEPTH.min(deep / 2.0);
        assert!(inside(&all[i], at) && d >= want, "the unit place of {key} at {at:?} is {d:.1} from its border (the deepest point: {deep:.1})");
        checked += 1;
    }
    assert_eq!(checked, 101);
    // Wales is barely wider than an army: its army stands in it, apart from Liverpool's
    let (wal, lvp) = (point(&f["units"]["WAL"]), point(&f["units"]["LVP"]));
    let w = v.prov_by_code("WAL").expect("WAL") as usize;
    assert!(inside(&all[w], wal) && depth(&all[w], wal) >= 10.0, "{wal:?}");
    assert!((wal.0 - lvp.0).hypot(wal.1 - lvp.1) >= 34.0, "the armies of Wales {wal:?} and Liverpool {lvp:?} overlap");
}
