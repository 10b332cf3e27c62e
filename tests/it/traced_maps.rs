//! The maps traced from DPjudge's PostScript pictures (`config/maps/NAME.json`,
//! written by `mailjudge variant picture`) and the generated 1885 map, checked
//! as the 1958 map is: an outline for every province, every place (unit,
//! coast, centre, label) inside its own province and no other, and
//! neighbours' outlines meeting. The tracing itself, from the `.ps` files
//! beside the variants (Ghostscript needed), is checked by the ignored tests
//! at the end, which `./test.sh` runs once it has installed Ghostscript.

use crate::common::outline::{Ring, gap};
use mailjudge::map::{Coast, Loc, ProvinceKind, Variant};
use mailjudge::render::geometry::{Geometry, Source, inside};
use serde_json::Value;
use std::path::Path;

/// The built-in variants drawn from traced outlines.
const TRACED: [&str; 18] = [
    "youngstown",
    "loeb9",
    "v8",
    "canton",
    "empire",
    "empire-up",
    "renaissance",
    "sailho",
    "fiveman",
    "milan",
    "1900",
    "aberration",
    "sengoku",
    "modern-up",
    "slovenia",
    "chromatic",
    "classical",
    "hundred",
];

/// The picture each is traced from (`config/variants/dpjudge/NAME.ps`).
fn picture_of(name: &str) -> &str {
    if name == "empire-up" { "empire" } else { name }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn file(name: &str) -> Value {
    let text = std::fs::read_to_string(root().join(format!("config/maps/{name}.json"))).expect("the outline file");
    serde_json::from_str(&text).expect("valid JSON")
}

fn point(v: &Value) -> (f64, f64) {
    (v[0].as_f64().expect("x"), v[1].as_f64().expect("y"))
}

fn rings(g: &Geometry, v: &Variant) -> Vec<Vec<Ring>> {
    let mut out = vec![Vec::new(); v.provinces.len()];
    for o in &g.outlines {
        out[o.prov as usize] = o.rings();
    }
    out
}

/// An impassable space the picture does not show at all (canton's Nepal) has no outline.
fn undrawn(p: &mailjudge::map::Province, f: &Value) -> bool {
    p.kind == ProvinceKind::Impassable && f["provinces"][&p.code]["d"].as_str() == Some("")
}

#[test]
fn every_traced_map_is_drawn_from_its_outlines_with_every_province() {
    for name in TRACED {
        let v = Variant::builtin(name).expect("built in");
        let g = Geometry::of(&v);
        assert_eq!(g.source, Source::Outlines, "{name}");
        assert_eq!(g.outlines.len(), v.provinces.len(), "{name}");
        let f = file(name);
        let drawn = v.provinces.iter().filter(|p| !undrawn(p, &f)).count();
        assert!(drawn + 1 >= v.provinces.len(), "{name}: {drawn} of {} provinces drawn", v.provinces.len());
        assert!(g.symbol > 0.5 && g.symbol <= 1.0, "{name}: symbols at {}", g.symbol);
    }
}

#[test]
fn every_place_of_a_traced_map_lies_inside_its_own_province() {
    for name in TRACED {
        let v = Variant::builtin(name).expect("built in");
        places_inside(name, &v, &Geometry::of(&v), &file(name));
    }
}

/// Every place of `g` (`f` its outline file) inside its own province and no other.
fn places_inside(name: &str, v: &Variant, g: &Geometry, f: &Value) {
    let all = rings(g, v);
    let mut checked = 0;
    for (i, p) in v.provinces.iter().enumerate().filter(|(_, p)| !undrawn(p, f)) {
        let mut places = vec![("unit", g.unit(Loc { prov: i as u16, coast: Coast::None })), ("label", point(&f["labels"][&p.code]))];
        if p.center {
            places.push(("centre", g.center[i]));
        }
        places.extend(p.coasts.iter().map(|&c| ("coast", g.unit(Loc { prov: i as u16, coast: c }))));
        for (what, at) in places {
            assert!(inside(&all[i], at), "{name}: the {what} of {} at {at:?} is outside it", p.code);
            let other = v.provinces.iter().enumerate().find(|&(j, _)| j != i && inside(&all[j], at));
            assert!(other.is_none(), "{name}: the {what} of {} at {at:?} is inside {} too", p.code, other.map_or("", |o| o.1.code.as_str()));
            checked += 1;
        }
    }
    assert!(checked > v.provinces.len() * 2, "{name}: {checked} places checked");
}

/// jDip's SVG maps (MILA's standard.svg, jDip's own simple one): traced
/// with every province, its places (jDip's unit, dislodged and label
/// places where they fall inside) inside it; neighbours meet.
#[test]
fn a_jdip_svg_map_is_traced_with_every_place_inside_its_province() {
    let dir = temp("jdip");
    let v = Variant::standard();
    for svg in ["standard", "simple_std"] {
        let out = dir.join(format!("{svg}.json"));
        // read where the project's sources keep them (MILA's is AGPL, jDip's
        // GPL: neither is copied into the project)
        let pic = root().join(format!("../shared/variants-source/standard/{}.svg", if svg == "standard" { "standard" } else { "jdip/simple_std" }));
        let (ok, said) = mailjudge(&["variant", "picture", "standard", pic.to_str().unwrap(), "--out", out.to_str().unwrap()], None);
        assert!(ok && said.contains("traced 76 provinces"), "{said}");
        let text = std::fs::read_to_string(&out).expect("written");
        let g = Geometry::from_outline_file(&v, &text).expect("an outline file");
        assert_eq!((g.source, g.outlines.len()), (Source::Outlines, 76));
        let f: Value = serde_json::from_str(&text).expect("JSON");
        places_inside(svg, &v, &g, &f);
        assert!(f["dislodged"].as_object().is_some_and(|d| d.len() > 60), "{svg}: jDip's dislodged places kept");
        let all = rings(&g, &v);
        let (mut apart, mut pairs) = (0, 0);
        for i in 0..v.provinces.len() {
            for &n in v.army_neighbours(i as u16).iter().filter(|&&n| n as usize > i) {
                pairs += 1;
                apart += usize::from(gap(&all[i], &all[n as usize]) > TOUCH);
            }
        }
        assert!(apart * 20 < pairs, "{svg}: {apart} of {pairs} army neighbours apart");
    }
}

#[test]
fn a_jdip_svg_at_the_size_limit_is_read_and_one_past_it_refused() {
    let dir = temp("svgsize");
    let limit = mailjudge::cli::picture::MAX_PICTURE_BYTES;
    for (len, refused) in [(limit, false), (limit + 1, true)] {
        let f = dir.join("big.svg");
        std::fs::File::create(&f).and_then(|h| h.set_len(len)).expect("a sparse file");
        let (ok, said) = mailjudge(&["variant", "picture", "standard", f.to_str().unwrap(), "--out", dir.join("o.json").to_str().unwrap()], None);
        assert!(!ok, "{said}");
        assert_eq!(said.contains("larger than"), refused, "{len} bytes: {said}");
        if !refused {
            assert!(said.contains("not a jDip map"), "read, and not a jDip map: {said}");
        }
    }
}

/// How near two neighbours' outlines must come (outline units, about
/// pixels): the width of a border line as DPjudge draws it at this size,
/// where two provinces meet only at a corner and the trace gives the corner
/// to a third.
const TOUCH: f64 = 12.0;

/// How many neighbouring pairs may come out apart on each map, at most:
/// youngstown's twelve off-board boxes (its wrap-around, drawn as boxes on
/// the rim, 20 of its 26), loeb9's and canton's wrap-around seas, and
/// neighbours whose picture draws them apart (empire's Pacific coasts,
/// straits drawn as a pointer, 1900's way round Africa from Egypt and the
/// Hejaz to the Mid-Atlantic, modern's Red Sea to the Arabian Sea off the
/// picture's edge). A trace that loses more fails; one that
/// does better lowers the bound.
const MAX_APART: [(&str, usize); 18] = [
    ("youngstown", 26),
    ("loeb9", 3),
    ("v8", 2),
    ("canton", 7),
    ("empire", 36),
    ("empire-up", 36),
    ("renaissance", 2),
    ("sailho", 6),
    ("fiveman", 3),
    ("milan", 5),
    ("1900", 11),
    ("aberration", 3),
    ("sengoku", 3),
    ("modern-up", 2),
    ("slovenia", 2),
    ("chromatic", 0),
    ("classical", 14),
    ("hundred", 1),
];

#[test]
fn neighbours_outlines_meet_on_every_traced_map() {
    for name in TRACED {
        let v = Variant::builtin(name).expect("built in");
        let (g, f) = (Geometry::of(&v), file(name));
        let all = rings(&g, &v);
        let (mut apart, mut pairs) = (Vec::new(), 0);
        for i in 0..v.provinces.len() {
            let mut ns: Vec<u16> = v.army_neighbours(i as u16).to_vec();
            ns.extend(v.fleet_neighbours_of_province(i as u16).map(|l| l.prov));
            ns.sort_unstable();
            ns.dedup();
            for n in ns.into_iter().filter(|&n| n as usize > i) {
                let (a, b) = (&v.provinces[i], &v.provinces[n as usize]);
                if undrawn(a, &f) || undrawn(b, &f) {
                    continue;
                }
                let d = gap(&all[i], &all[n as usize]);
                if d > TOUCH {
                    apart.push(format!("{}-{} {d:.0}", a.code, b.code));
                }
                pairs += 1;
            }
        }
        let most = MAX_APART.iter().find(|m| m.0 == name).map_or(0, |m| m.1);
        assert!(apart.len() <= most, "{name}: {} neighbouring pairs apart, at most {most} known: {apart:?}", apart.len());
        assert!(pairs > 100 && apart.len() * 10 < pairs, "{name}: {} of {pairs} pairs apart", apart.len());
    }
    // the check can fail: two provinces far apart are apart
    let v = Variant::builtin("v8").expect("v8");
    let all = rings(&Geometry::of(&v), &v);
    let (por, mos) = (v.prov_by_code("POR").expect("POR") as usize, v.prov_by_code("MOS").expect("MOS") as usize);
    assert!(gap(&all[por], &all[mos]) > 100.0);
}

/// A land province of the generated 1885 map far from its neighbours is
/// joined to the land (its outline meets another land province's or the
/// land between them), not an island in the sea.
#[test]
fn the_generated_1885_map_joins_far_land_provinces_to_the_land() {
    let v = Variant::builtin("1885").expect("1885");
    let g = Geometry::of(&v);
    assert_eq!(g.source, Source::Generated);
    let all = rings(&g, &v);
    let scenery = mailjudge::render::geometry::Outline { prov: 0, d: g.scenery.clone() }.rings();
    assert!(!scenery.is_empty(), "the gaps between land neighbours are land");
    let land = |i: usize| v.provinces[i].kind != ProvinceKind::Sea;
    for code in ["MOS", "SEV", "PER", "SIB"] {
        let i = v.prov_by_code(code).expect("a province") as usize;
        let near_land = (0..v.provinces.len()).filter(|&j| j != i && land(j)).map(|j| gap(&all[i], &all[j])).fold(f64::INFINITY, f64::min);
        let near_scenery = gap(&all[i], &scenery);
        assert!(near_land.min(near_scenery) < 0.5, "{code} is {near_land:.0} from other land and {near_scenery:.0} from the land between");
    }
}

fn temp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("mailjudge-traced-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("a temporary folder");
    d
}

fn mailjudge(args: &[&str], path: Option<&str>) -> (bool, String) {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_mailjudge"));
    c.args(args);
    if let Some(p) = path {
        c.env("PATH", p);
    }
    let out = c.output().expect("mailjudge runs");
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn a_postscript_map_without_ghostscript_is_refused_saying_what_to_install() {
    let ps = root().join("config/variants/dpjudge/v8.ps");
    let out = temp("nogs").join("v8.json");
    let (ok, said) = mailjudge(&["variant", "picture", "v8", ps.to_str().unwrap(), "--out", out.to_str().unwrap()], Some(""));
    assert!(!ok && said.contains("Ghostscript") && said.contains("apt-get install ghostscript"), "{said}");
    assert!(!out.exists());
}

#[test]
fn a_picture_file_at_the_size_limit_is_read_and_one_past_it_refused() {
    let dir = temp("size");
    let limit = mailjudge::cli::picture::MAX_PICTURE_BYTES;
    for (len, refused) in [(limit, false), (limit + 1, true)] {
        let f = dir.join("big.png");
        std::fs::File::create(&f).and_then(|h| h.set_len(len)).expect("a sparse file");
        let (ok, said) = mailjudge(&["variant", "picture", "standard", f.to_str().unwrap(), "--out", dir.join("o.json").to_str().unwrap()], None);
        assert!(!ok, "{said}");
        assert_eq!(said.contains("larger than"), refused, "{len} bytes: {said}");
        if !refused {
            assert!(said.contains("cannot be read"), "read, and not a PNG: {said}");
        }
    }
}

#[test]
fn a_gms_outline_file_beside_the_variant_is_drawn_and_one_past_the_limit_refused() {
    let dir = temp("beside");
    std::fs::copy(root().join("config/variants/v8.toml"), dir.join("mine.toml")).expect("a variant file");
    let text = std::fs::read_to_string(root().join("config/variants/v8.toml")).expect("v8").replacen("name = \"v8\"", "name = \"mine\"", 1);
    std::fs::write(dir.join("mine.toml"), text).expect("written");
    // no picture: generated
    let v = mailjudge::variants::find("mine", Some(&dir)).expect("found");
    assert_eq!(Geometry::of(&v).source, Source::Generated);
    std::fs::copy(root().join("config/maps/v8.json"), dir.join("mine.json")).expect("the outlines");
    let v = mailjudge::variants::find("mine", Some(&dir)).expect("found");
    let g = Geometry::of(&v);
    assert_eq!((g.source, g.outlines.len()), (Source::Outlines, v.provinces.len()));
    let limit = mailjudge::variants::MAX_PICTURE_BYTES;
    let mut big = std::fs::read_to_string(dir.join("mine.json")).expect("read");
    big.push_str(&" ".repeat(limit as usize - big.len()));
    std::fs::write(dir.join("mine.json"), &big).expect("written");
    let v = mailjudge::variants::find("mine", Some(&dir)).expect("at the limit: read");
    assert_eq!(Geometry::of(&v).source, Source::Outlines);
    big.push(' ');
    std::fs::write(dir.join("mine.json"), &big).expect("written");
    let e = mailjudge::variants::find("mine", Some(&dir)).expect_err("past the limit: refused");
    assert!(matches!(e, mailjudge::variants::FindError::PictureTooLarge { .. }), "{e}");
}

/// Ghostscript needed (`./test.sh` installs it): tracing the shipped
/// PostScript maps again gives the committed outline files, byte for byte.
#[test]
#[ignore]
fn tracing_the_dpjudge_pictures_again_gives_the_committed_outline_files() {
    let dir = temp("again");
    for name in TRACED {
        let ps = root().join(format!("config/variants/dpjudge/{}.ps", picture_of(name)));
        let out = dir.join(format!("{name}.json"));
        let vdir = root().join("config/variants");
        let (ok, said) =
            mailjudge(&["variant", "picture", name, ps.to_str().unwrap(), "--out", out.to_str().unwrap(), "--variants-dir", vdir.to_str().unwrap()], None);
        assert!(ok, "{said}");
        let fresh = std::fs::read_to_string(&out).expect("written");
        let kept = std::fs::read_to_string(root().join(format!("config/maps/{name}.json"))).expect("committed");
        assert!(fresh == kept, "{name}: the trace differs from config/maps/{name}.json");
    }
}

/// Ghostscript needed: `variant import` of a `.map` file with its `.ps`
/// beside writes the outlines too, and the judge draws the imported
/// variant from them.
#[test]
#[ignore]
fn an_imported_map_with_its_picture_beside_is_drawn_from_it() {
    let dir = temp("import");
    let src = root().join("config/variants/dpjudge");
    for f in ["v8.map", "v8.ps", "standard.map", "standard.politics", "standard.geography", "standard.military"] {
        std::fs::copy(src.join(f), dir.join(f)).expect("copied");
    }
    let out = dir.join("out");
    let (ok, said) = mailjudge(&["variant", "import", dir.join("v8.map").to_str().unwrap(), "--out", out.to_str().unwrap()], None);
    assert!(ok && said.contains("the map traced"), "{said}");
    let v = mailjudge::variants::find("v8", Some(&out)).expect("imported");
    let g = Geometry::of(&v);
    assert_eq!((g.source, g.outlines.len()), (Source::Outlines, v.provinces.len()));
    let board = dir.join("board.png");
    let (ok, said) = mailjudge(&["variant", "draw", out.join("v8.toml").to_str().unwrap(), board.to_str().unwrap()], None);
    assert!(ok, "{said}");
    assert!(std::fs::metadata(&board).expect("drawn").len() > 20_000);
    // a picture that cannot be traced leaves the import done, and says why
    std::fs::write(dir.join("v8.ps"), "%!PS\nshowpage\n").expect("written");
    let (ok, said) = mailjudge(&["variant", "import", dir.join("v8.map").to_str().unwrap(), "--out", dir.join("out2").to_str().unwrap()], None);
    assert!(ok && said.contains("not traced") && said.contains("MapForm"), "{said}");
}

/// docs/MAPS.md, the gallery: a row for every built-in variant, naming the
/// source `Geometry::of` draws its map from (and, for a traced one, a `.ps`
/// that is shipped), and its picture, small.
#[test]
fn every_built_in_variant_has_its_row_and_picture_in_the_gallery() {
    let text = std::fs::read_to_string(root().join("docs/MAPS.md")).expect("docs/MAPS.md");
    for (name, _) in mailjudge::map::BUILTIN {
        let row = text.lines().find(|l| l.starts_with(&format!("| {name} |"))).unwrap_or_else(|| panic!("no row for {name} in docs/MAPS.md"));
        let v = Variant::builtin(name).expect("built in");
        let said = if row.contains("the standard board") {
            Source::StandardBoard
        } else if row.contains("generated layout") {
            Source::Generated
        } else {
            Source::Outlines
        };
        assert_eq!(said, Geometry::of(&v).source, "{name}: {row}");
        if let Some(ps) = row.split("DPjudge's `").nth(1).and_then(|r| r.split('`').next()) {
            assert!(root().join("config/variants/dpjudge").join(ps).is_file(), "{name}: {ps} is not shipped");
        }
        let picture = format!("img/maps/{name}.png");
        assert!(row.contains(&format!("({picture})")), "{name}: {row}");
        let size = std::fs::metadata(root().join("docs").join(&picture)).unwrap_or_else(|e| panic!("docs/{picture}: {e}")).len();
        assert!(size > 10_000 && size < 160_000, "docs/{picture}: {size} bytes");
    }
    let rows = text.lines().filter(|l| l.starts_with("| ") && l.contains("](img/maps/")).count();
    assert_eq!(rows, mailjudge::map::BUILTIN.len(), "a row a built-in variant, no more");
}

/// `variant draw --all DIR` draws every built-in variant's board there, each
/// smaller than the gallery's bound, and says where each map comes from.
#[test]
fn drawing_all_variants_writes_a_small_picture_of_each() {
    let dir = temp("all");
    let (ok, said) = mailjudge(&["variant", "draw", "--all", dir.to_str().unwrap()], None);
    assert!(ok, "{said}");
    assert!(said.contains("1885: generated") && said.contains("void: standard board") && said.contains("1900: outlines"), "{said}");
    for (name, _) in mailjudge::map::BUILTIN {
        let png = std::fs::read(dir.join(format!("{name}.png"))).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(png.starts_with(b"\x89PNG") && png.len() < 160_000, "{name}: {} bytes", png.len());
    }
    let (ok, said) = mailjudge(&["variant", "draw", "--all", dir.to_str().unwrap(), "standard"], None);
    assert!(!ok && said.contains("cannot be used with"), "--all takes no variant: {said}");
}
