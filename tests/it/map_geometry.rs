//! Every variant drawn as a map (issue 23 item 3): each province has a
//! region, its unit, supply-centre and label places lie inside it, no two
//! labels overlap, the frame holds everything; maps with MILA outlines use
//! them, every other map (1885, a map without `pos`) is tessellated.

use mailjudge::map::{BUILTIN, Coast, Loc, Prov, ProvinceKind, Variant};
use mailjudge::render::geometry::{Geometry, Source, inside, label_box};

/// Pure Diplomacy as a variant file: seven land provinces each touching
/// all the others, and no `pos` (as the MILA `.map` file has none).
fn pure(name: &str, codes: [&str; 7]) -> Variant {
    let mut t = format!(
        "name = \"{name}\"\ntitle = \"Pure\"\nstart = \"S1901M\"\n[victory]\nkind = \"centers\"\ncount = 4\n[calendar]\nfirst_year = 1901\nseasons = [\n  {{ code = \"S\", name = \"Spring\", phases = [\"M\", \"R\"] }},\n  {{ code = \"F\", name = \"Fall\", phases = [\"M\", \"R\"] }},\n  {{ code = \"W\", name = \"Winter\", phases = [\"A\"] }},\n]\nownership_after = [\"F\"]\n"
    );
    for (k, c) in codes.iter().enumerate() {
        t += &format!(
            "[[power]]\nname = \"P{l}\"\nadjective = \"P{l}\"\nletter = \"{l}\"\nhome = [\"{c}\"]\nunits = [\"A {c}\"]\n",
            l = (b'A' + k as u8) as char
        );
    }
    for c in codes {
        let others: Vec<String> = codes.iter().filter(|&&o| o != c).map(|o| format!("\"{o}\"")).collect();
        t += &format!("[[province]]\nid = \"{c}\"\nname = \"{c}\"\nkind = \"land\"\ncenter = true\narmy = [{o}]\nclockwise = [{o}]\n", o = others.join(", "));
    }
    Variant::from_toml(&t).unwrap_or_else(|e| panic!("{e}\n{t}"))
}

const PURE: [&str; 7] = ["BER", "CON", "LON", "MOS", "PAR", "ROM", "VIE"];
/// Codes the standard map has none of, so the board is not drawn on it.
const OTHER: [&str; 7] = ["BRL", "CNS", "LND", "MSC", "PRS", "RMA", "VNA"];

/// Every check of the issue on one variant's geometry; returns the count of
/// places checked.
fn check(v: &Variant, g: &Geometry) -> usize {
    let name = &v.name;
    assert_eq!(g.outlines.len(), v.provinces.len(), "{name}: a region a province");
    let mut rings = vec![None; v.provinces.len()];
    for o in &g.outlines {
        let r: Vec<Vec<(f64, f64)>> = o.rings().into_iter().map(|r| r.into_iter().map(|(x, y)| (x + g.offset.0, y + g.offset.1)).collect()).collect();
        // an impassable space its picture does not show (canton's Nepal) is not drawn
        if r.is_empty() && v.provinces[o.prov as usize].kind == ProvinceKind::Impassable {
            continue;
        }
        assert!(!r.is_empty(), "{name}: {} has an empty outline", v.provinces[o.prov as usize].code);
        assert!(rings[o.prov as usize].replace(r).is_none(), "{name}: two outlines for one province");
    }
    let mut checked = 0;
    let in_frame = |(x, y): (f64, f64)| (0.0..=g.width).contains(&x) && (0.0..=g.height).contains(&y);
    for (i, p) in v.provinces.iter().enumerate() {
        if rings[i].is_none() && p.kind == ProvinceKind::Impassable {
            continue;
        }
        let r = rings[i].as_ref().unwrap_or_else(|| panic!("{name}: {} has no outline", p.code));
        let mut places = vec![("unit", g.unit(Loc { prov: i as Prov, coast: Coast::None }))];
        places.extend(p.coasts.iter().map(|&c| ("coast unit", g.unit(Loc { prov: i as Prov, coast: c }))));
        if p.center {
            places.push(("centre", g.center[i]));
        }
        let (x0, y0, x1, y1) = label_box(&p.code, g.label[i]);
        let corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)];
        if g.source == Source::Generated {
            places.extend(corners.map(|c| ("label corner", c)));
        } else {
            // a drawn map letters a small province as its source does, its
            // code running over the border (the 1958 scan's BEL, SWI, MON):
            // the label starts inside and stays in the frame, clear of the
            // other labels (below)
            places.push(("label", (g.label[i].0, g.label[i].1)));
            for c in corners {
                assert!(in_frame(c), "{name}: {}'s label corner {c:?} outside the frame", p.code);
            }
        }
        for (what, at) in places {
            assert!(in_frame(at), "{name}: {}'s {what} {at:?} outside the {}x{} frame", p.code, g.width, g.height);
            // a source's own places may sit on its outline (jDip's ALB unit
            // stands on the coast): within a unit's radius of it is inside
            let near = g.source != Source::Generated && near(r, at) < 12.0;
            assert!(inside(r, at) || near, "{name}: {}'s {what} {at:?} outside its region", p.code);
            checked += 1;
        }
    }
    let boxes: Vec<_> = v.provinces.iter().enumerate().map(|(i, p)| label_box(&p.code, g.label[i])).collect();
    for a in 0..boxes.len() {
        for b in a + 1..boxes.len() {
            let (p, q) = (boxes[a], boxes[b]);
            let apart = p.2 <= q.0 || q.2 <= p.0 || p.3 <= q.1 || q.3 <= p.1;
            assert!(apart, "{name}: labels {} and {} overlap", v.provinces[a].code, v.provinces[b].code);
        }
    }
    checked
}

/// The distance from `p` to the nearest edge of `rings`.
fn near(rings: &[Vec<(f64, f64)>], p: (f64, f64)) -> f64 {
    let mut best = f64::MAX;
    for r in rings {
        for i in 0..r.len() {
            let (a, b) = (r[i], r[(i + 1) % r.len()]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len2 = (dx * dx + dy * dy).max(1e-12);
            let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
            best = best.min(((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt());
        }
    }
    best
}

#[test]
fn every_built_in_variant_has_a_region_a_province_with_its_places_inside() {
    for (name, _) in BUILTIN {
        let v = Variant::builtin(name).unwrap();
        let g = Geometry::of(&v);
        let checked = check(&v, &g);
        // a unit and a label a province at least (a generated map's label
        // checked by its four corners)
        let least = if g.source == Source::Generated { 5 } else { 2 };
        assert!(checked >= least * v.provinces.len(), "{name}: {checked} places");
    }
}

#[test]
fn maps_with_mila_outlines_use_them_and_others_are_generated() {
    assert_eq!(Geometry::of(&Variant::standard()).source, Source::Outlines);
    assert_eq!(Geometry::of(&Variant::builtin("original1958").unwrap()).source, Source::Outlines, "1958 is drawn from its traced scan");
    let g = Geometry::of(&Variant::builtin("1885").unwrap());
    assert_eq!(g.source, Source::Generated);
    // pure's outline file draws pure; the same board under another name, with
    // no `pos` at all, is laid out from its adjacency and tessellated
    let v = pure("pure", PURE);
    let g = Geometry::of(&v);
    assert_eq!(g.source, Source::Outlines);
    check(&v, &g);
    let v = pure("pure7", OTHER);
    let g = Geometry::of(&v);
    assert_eq!(g.source, Source::Generated);
    check(&v, &g);
    for name in ["ancmed", "modern"] {
        if let Some(v) = Variant::builtin(name) {
            let g = Geometry::of(&v);
            assert_eq!(g.source, Source::Outlines, "{name}");
            check(&v, &g);
        }
    }
}

#[test]
fn a_generated_map_keeps_the_ocean_box_beside_its_seas_and_land_beside_sea() {
    let v = Variant::builtin("1885").unwrap();
    let g = Geometry::of(&v);
    let hob = v.prov_by_code("HOB").unwrap();
    let at = g.unit(Loc { prov: hob, coast: Coast::None });
    // the Box stands among the seas it joins: no farther from any of them
    // than the two farthest apart are from each other (its `pos` is a corner)
    let seas: Vec<(f64, f64)> =
        ["NAO", "MAO", "SAO", "RED", "IND"].iter().map(|n| g.unit(Loc { prov: v.prov_by_code(n).unwrap(), coast: Coast::None })).collect();
    let d = |a: (f64, f64), b: (f64, f64)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
    let widest = seas.iter().flat_map(|&a| seas.iter().map(move |&b| d(a, b))).fold(0.0, f64::max);
    for (n, &b) in seas.iter().enumerate() {
        assert!(d(at, b) < widest, "HOB to sea {n}: {} of {widest}", d(at, b));
    }
    // a label is never hidden: no province's label sits at the frame's edge
    for (i, p) in v.provinces.iter().enumerate() {
        let (x0, y0, x1, y1) = label_box(&p.code, g.label[i]);
        assert!(x0 > 20.0 && y0 > 20.0 && x1 < g.width - 20.0 && y1 < g.height - 20.0, "{}", p.code);
    }
    assert!(v.provinces.iter().any(|p| p.kind == ProvinceKind::Sea));
}

/// Writes the pictures of the generated maps to look at:
/// `MAP_PREVIEW=/tmp/w cargo test --release --test it -- map_geometry::preview --ignored`.
#[test]
#[ignore = "writes preview pictures into $MAP_PREVIEW"]
fn preview() {
    use mailjudge::adjudicate::Position;
    use mailjudge::render::{self, Scene};
    let dir = std::env::var("MAP_PREVIEW").expect("MAP_PREVIEW names a folder");
    let mut vs: Vec<Variant> = BUILTIN.iter().filter_map(|(n, _)| Variant::builtin(n)).collect();
    vs.push(pure("pure7", OTHER));
    for v in vs {
        let pos = Position::initial(&v);
        let svg = render::svg(&v, &Scene::board(&pos, &v.name));
        std::fs::write(format!("{dir}/preview-{}.png", v.name), render::png(&svg).unwrap()).unwrap();
    }
}
