//! Readable on every map (issue 37 part 2): every built-in map of up to
//! seventeen powers gives each power a colour of its own, far enough from
//! every other (CIEDE2000), and its neighbours' far enough for the colour
//! blind too (the three dichromacies simulated after Machado, Oliveira and
//! Fernandes 2009); every unit carries its power's letter, and on a
//! map of more powers than colours every owned centre too; the legend lays
//! its powers out apart from each other inside the picture (chaos's 34);
//! land stands out from the sea (WCAG contrast) on every map.

use mailjudge::adjudicate::Position;
use mailjudge::map::{BUILTIN, ProvinceKind, Variant};
use mailjudge::render::{self, Scene};

/// The built-in maps.
fn builtins() -> Vec<Variant> {
    BUILTIN.iter().map(|(n, _)| Variant::builtin(n).unwrap_or_else(|| panic!("{n}"))).collect()
}

/// The opening board of `v`, drawn; on a map whose powers mobilize (1898,
/// no unit and no centre at the start), the board once each has built an
/// army in its first home centre.
fn opening(v: &Variant) -> String {
    render::svg(v, &Scene::board(&start(v), &v.name))
}

fn start(v: &Variant) -> Position {
    let mut pos = Position::initial(v);
    if v.features.mobilize {
        for (p, w) in v.powers.iter().enumerate() {
            let home = w.home[0];
            pos.centers[home as usize] = Some(p as mailjudge::map::PowerId);
            pos.units.push(mailjudge::map::Unit {
                power: p as mailjudge::map::PowerId,
                kind: mailjudge::map::UnitType::Army,
                loc: mailjudge::map::Loc::new(home),
                aboard: false,
            });
        }
    }
    pos
}

/// How many powers own a centre on the opening board (all but on maps
/// whose powers start with none: void's 36 powers and 34 unowned centres).
fn owning(v: &Variant) -> Vec<usize> {
    let pos = start(v);
    (0..v.powers.len()).filter(|&p| pos.centers.contains(&Some(p as mailjudge::map::PowerId))).collect()
}

fn rgb(hex: &str) -> [f64; 3] {
    assert!(hex.len() == 7 && hex.starts_with('#'), "{hex}");
    [1, 3, 5].map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap() as f64 / 255.0)
}

/// sRGB to linear light.
fn linear(c: f64) -> f64 {
    if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
}

/// WCAG 2 relative luminance.
fn luminance(hex: &str) -> f64 {
    let [r, g, b] = rgb(hex).map(linear);
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

/// WCAG 2 contrast ratio of two colours (1 to 21).
fn contrast(a: &str, b: &str) -> f64 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// CIE L*a*b* (D65) of an sRGB colour.
fn lab(hex: &str) -> [f64; 3] {
    lab_linear(rgb(hex).map(linear))
}

/// CIE L*a*b* (D65) of a linear-light sRGB colour.
fn lab_linear([r, g, b]: [f64; 3]) -> [f64; 3] {
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| if t > 216.0 / 24389.0 { t.cbrt() } else { (24389.0 / 27.0 * t + 16.0) / 116.0 };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The CIEDE2000 colour difference of two L*a*b* colours (Sharma, Wu and
/// Dalal's formulation).
fn ciede2000([l1, a1, b1]: [f64; 3], [l2, a2, b2]: [f64; 3]) -> f64 {
    let (rad, deg) = (f64::to_radians, f64::to_degrees);
    let cbar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - (cbar.powi(7) / (cbar.powi(7) + 25f64.powi(7))).sqrt());
    let (a1, a2) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1, c2) = (a1.hypot(b1), a2.hypot(b2));
    let hue = |b: f64, a: f64| if a == 0.0 && b == 0.0 { 0.0 } else { deg(b.atan2(a)).rem_euclid(360.0) };
    let (h1, h2) = (hue(b1, a1), hue(b2, a2));
    let dh = if c1 * c2 == 0.0 {
        0.0
    } else if (h2 - h1).abs() <= 180.0 {
        h2 - h1
    } else if h2 - h1 > 180.0 {
        h2 - h1 - 360.0
    } else {
        h2 - h1 + 360.0
    };
    let (dl, dc, dhh) = (l2 - l1, c2 - c1, 2.0 * (c1 * c2).sqrt() * rad(dh / 2.0).sin());
    let (lbar, cbar) = ((l1 + l2) / 2.0, (c1 + c2) / 2.0);
    let hbar = if c1 * c2 == 0.0 {
        h1 + h2
    } else if (h1 - h2).abs() <= 180.0 {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 360.0 {
        (h1 + h2 + 360.0) / 2.0
    } else {
        (h1 + h2 - 360.0) / 2.0
    };
    let t = 1.0 - 0.17 * rad(hbar - 30.0).cos() + 0.24 * rad(2.0 * hbar).cos() + 0.32 * rad(3.0 * hbar + 6.0).cos() - 0.20 * rad(4.0 * hbar - 63.0).cos();
    let dtheta = 30.0 * (-((hbar - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (cbar.powi(7) / (cbar.powi(7) + 25f64.powi(7))).sqrt();
    let sl = 1.0 + 0.015 * (lbar - 50.0).powi(2) / (20.0 + (lbar - 50.0).powi(2)).sqrt();
    let (sc, sh) = (1.0 + 0.045 * cbar, 1.0 + 0.015 * cbar * t);
    let rt = -rad(2.0 * dtheta).sin() * rc;
    ((dl / sl).powi(2) + (dc / sc).powi(2) + (dhh / sh).powi(2) + rt * (dc / sc) * (dhh / sh)).sqrt()
}

/// Two powers' colours this far apart (CIEDE2000) or more. A difference of
/// about 2 is just noticeable side by side; Tol's muted scheme, chosen to
/// be told apart, has its nearest pair (purple and wine) at 15.0, and a
/// map's units lie apart, not side by side: 12 keeps every pair at least
/// four-fifths as far apart as the nearest of Tol's own.
const APART: f64 = 12.0;

/// Land against the sea: WCAG 2 asks 3 of a graphic object against what is
/// around it; a province is told by its border line and its label as well
/// as its fill, and a fill darker than this would drown the province codes
/// (#333333) drawn on it, so the fills take 1.5, the issue's floor.
const LAND_SEA: f64 = 1.5;

#[test]
fn the_colour_difference_is_ciede2000() {
    // Sharma, Wu and Dalal's test pairs 1, 7, 17 and 25
    let pairs = [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        ([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644),
    ];
    for (a, b, want) in pairs {
        assert!((ciede2000(a, b) - want).abs() < 1e-4, "{a:?} {b:?}: {} not {want}", ciede2000(a, b));
        assert!((ciede2000(b, a) - want).abs() < 1e-4);
    }
    assert!((contrast("#FFFFFF", "#000000") - 21.0).abs() < 1e-9);
    assert!((luminance("#808080") - 0.2159).abs() < 1e-3);
}

#[test]
fn every_map_of_seventeen_powers_or_fewer_gives_each_power_a_colour_far_from_the_others() {
    assert_eq!(render::PALETTE.len(), 17);
    let mut checked = 0;
    for v in builtins().into_iter().filter(|v| v.powers.len() <= 17) {
        let cols = render::colours(&v);
        for (i, a) in cols.iter().enumerate() {
            for (j, b) in cols.iter().enumerate().skip(i + 1) {
                let d = ciede2000(lab(a), lab(b));
                assert!(d >= APART, "{}: {} {a} and {} {b} are {d:.1} apart", v.name, v.powers[i].name, v.powers[j].name);
            }
        }
        checked += 1;
    }
    assert!(checked >= 15, "{checked} maps");
    // the maps of ten powers, which repeated colours before
    let modern = Variant::builtin("modern").unwrap();
    assert_eq!(modern.powers.len(), 10);
    // the classic powers keep their usual colours on the standard map
    let standard = render::colours(&Variant::standard());
    assert_eq!(standard, ["#CC6677", "#332288", "#88CCEE", "#999933", "#117733", "#AA4499", "#DDCC77"]);
}

#[test]
fn past_seventeen_powers_every_colour_is_used_and_each_power_has_a_letter_of_its_own() {
    for v in builtins().into_iter().filter(|v| v.powers.len() > 17) {
        let cols = render::colours(&v);
        for c in render::PALETTE {
            assert!(cols.contains(&c), "{}: {c} unused while others repeat", v.name);
        }
        let mut letters: Vec<char> = v.powers.iter().map(|p| p.letter).collect();
        letters.sort_unstable();
        letters.dedup();
        assert_eq!(letters.len(), v.powers.len(), "{}: two powers share a letter", v.name);
    }
    assert_eq!(Variant::builtin("chaos").unwrap().powers.len(), 34);
}

/// The texts (their contents) of `group`, up to its first `</g>`.
fn texts_in(group: &str) -> Vec<&str> {
    let group = &group[..group.find("</g>").unwrap_or(group.len())];
    group.split("<text").skip(1).map(|t| t.split_once('>').unwrap().1.split_once("</text>").unwrap().0).collect()
}

#[test]
fn every_unit_carries_its_power_letter_and_where_colours_repeat_every_owned_centre() {
    for v in builtins() {
        let svg = opening(&v);
        let letter = |class: &str| v.powers.iter().find(|p| p.name.to_ascii_lowercase() == class).map(|p| p.letter.to_string());
        let mut units = 0;
        for g in svg.split(r#"<g class="unit "#).skip(1) {
            let power = g.split('"').next().unwrap().split(' ').next_back().unwrap();
            assert_eq!(texts_in(g), [letter(power).unwrap().as_str()], "{}: a unit of {power}", v.name);
            units += 1;
        }
        assert_eq!(units, start(&v).units.len(), "{}", v.name);
        let cols = render::colours(&v);
        let repeat = cols.iter().enumerate().any(|(i, c)| cols[..i].contains(c));
        assert_eq!(repeat, v.powers.len() > 17, "{}", v.name);
        let mut owned = 0;
        for c in svg.split(r#"<circle class="sc "#).skip(1) {
            let owner = c.split('"').next().unwrap();
            let next = c.split_once("/>").unwrap().1;
            let lettered = next.starts_with(r#"<text class="sc-letter""#);
            if owner == "unowned" || !repeat {
                assert!(!lettered, "{}: a centre of {owner} lettered", v.name);
                continue;
            }
            let text = next.split_once('>').unwrap().1.split_once("</text>").unwrap().0;
            assert!(lettered, "{}: a centre of {owner} without its letter", v.name);
            assert_eq!(Some(text.to_string()), letter(owner), "{}: a centre of {owner}", v.name);
            owned += 1;
        }
        if repeat {
            assert!(owned >= owning(&v).len(), "{}: {owned} centres lettered", v.name);
        }
    }
}

/// The fill of each element of `svg` whose id is `p-CODE`, by code.
fn province_fills(svg: &str) -> Vec<(&str, &str)> {
    svg.split(r#" id="p-"#)
        .skip(1)
        .map(|e| {
            let (code, rest) = e.split_once('"').unwrap();
            let el = &rest[..rest.find("/>").unwrap()];
            (code, el.split(r#" fill=""#).nth(1).unwrap().split('"').next().unwrap())
        })
        .collect()
}

#[test]
fn land_stands_out_from_the_sea_on_every_map() {
    for v in builtins() {
        let svg = opening(&v);
        let sea = svg.split(r#"<rect class="sea""#).nth(1).unwrap().split(r#"fill=""#).nth(1).unwrap().split('"').next().unwrap();
        let mut lands: Vec<&str> = Vec::new();
        for (code, fill) in province_fills(&svg) {
            let p = &v.provinces[v.prov_by_code(code).unwrap_or_else(|| panic!("{}: {code}", v.name)) as usize];
            match p.kind {
                ProvinceKind::Sea => assert_eq!(fill, sea, "{}: sea {code}", v.name),
                ProvinceKind::Impassable => {}
                _ => {
                    let c = contrast(fill, sea);
                    assert!(c >= LAND_SEA, "{}: land {code} ({fill}) against the sea ({sea}): {c:.2}", v.name);
                    lands.push(fill);
                }
            }
        }
        lands.sort_unstable();
        lands.dedup();
        // the opening board tints each power's home: every colour's tint is
        // checked (of the powers that own a centre there)
        let all = render::colours(&v);
        let mut cols: Vec<_> = owning(&v).into_iter().map(|p| all[p]).collect();
        cols.sort_unstable();
        cols.dedup();
        assert!(lands.len() >= cols.len(), "{}: {} land fills for {} colours", v.name, lands.len(), cols.len());
    }
}

/// A box: left, top, right, bottom.
type Box = (f64, f64, f64, f64);

/// The picture's width and height, and the box of each element of `svg`
/// with one of `ids`, in the picture's coordinates, its text as the fonts
/// draw it.
fn boxes(svg: &str, ids: &[String]) -> (f64, f64, Vec<Box>) {
    let mut db = resvg::usvg::fontdb::Database::new();
    db.load_font_data(include_bytes!("../../config/maps/fonts/DejaVuSans.ttf").to_vec());
    db.load_font_data(include_bytes!("../../config/maps/fonts/DejaVuSans-Bold.ttf").to_vec());
    db.set_sans_serif_family("DejaVu Sans");
    let opt = resvg::usvg::Options { fontdb: std::sync::Arc::new(db), font_family: "DejaVu Sans".into(), ..Default::default() };
    let tree = resvg::usvg::Tree::from_str(svg, &opt).unwrap();
    let b = ids
        .iter()
        .map(|id| {
            let r = tree.node_by_id(id).unwrap_or_else(|| panic!("{id}")).abs_bounding_box();
            (r.left() as f64, r.top() as f64, r.right() as f64, r.bottom() as f64)
        })
        .collect();
    (tree.size().width() as f64, tree.size().height() as f64, b)
}

#[test]
fn the_legend_lays_every_power_apart_inside_the_picture() {
    for v in builtins() {
        let svg = opening(&v);
        let ids: Vec<String> = v.powers.iter().map(|p| format!("legend-{}", p.name.to_ascii_lowercase())).collect();
        let (w, h, b) = boxes(&svg, &ids);
        for (i, &(x0, y0, x1, y1)) in b.iter().enumerate() {
            assert!(x1 > x0 + 26.0 && y1 > y0 + 20.0, "{}: {} has no text", v.name, ids[i]);
            assert!(x0 >= 0.0 && y0 >= 0.0 && x1 <= w && y1 <= h, "{}: {} ({x0:.0},{y0:.0})-({x1:.0},{y1:.0}) outside {w}x{h}", v.name, ids[i]);
            for (j, &(u0, v0, u1, v1)) in b.iter().enumerate().skip(i + 1) {
                let apart = x1 <= u0 || u1 <= x0 || y1 <= v0 || v1 <= y0;
                assert!(apart, "{}: {} and {} overlap", v.name, ids[i], ids[j]);
            }
        }
        // the marks' keys (every y of their shapes and texts) start below the powers
        let lowest = b.iter().map(|r| r.3).fold(0.0, f64::max);
        let marks_at = svg.split(r#"<g class="key "#).nth(1).unwrap();
        let y: Vec<f64> = marks_at.split(r#"y=""#).skip(1).filter_map(|s| s.split('"').next()?.parse().ok()).collect();
        let first_mark = y.iter().copied().fold(f64::MAX, f64::min);
        assert!(lowest <= first_mark, "{}: the powers' entries reach {lowest:.0}, the marks start at {first_mark:.0}", v.name);
    }
}

/// The three dichromacies as Machado, Oliveira and Fernandes (2009)
/// simulate them (severity 1: the cone type missing, not weakened), their
/// matrices for linear-light sRGB.
const DICHROMACY: [(&str, [[f64; 3]; 3]); 3] = [
    ("protanopia", [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
    ("deuteranopia", [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]),
    ("tritanopia", [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]),
];

/// `hex` as a dichromat with matrix `m` sees it, in L*a*b*.
fn seen(hex: &str, m: &[[f64; 3]; 3]) -> [f64; 3] {
    let c = rgb(hex).map(linear);
    lab_linear([0, 1, 2].map(|i| (m[i][0] * c[0] + m[i][1] * c[1] + m[i][2] * c[2]).clamp(0.0, 1.0)))
}

/// The CIEDE2000 difference of two colours as each dichromacy sees them:
/// the least of the three, and its name.
fn dichromat_apart(a: &str, b: &str) -> (f64, &'static str) {
    DICHROMACY.iter().map(|(name, m)| (ciede2000(seen(a, m), seen(b, m)), *name)).fold((f64::MAX, ""), |x, y| if y.0 < x.0 { y } else { x })
}

/// Whether powers `a` and `b` of `v` are neighbours: a home centre of one
/// within two moves of one of the other's.
fn neighbours(v: &Variant, a: usize, b: usize) -> bool {
    v.powers[a].home.iter().any(|&h| v.distance_to_any(h, &v.powers[b].home).is_some_and(|d| d <= 2))
}

#[test]
fn the_simulation_of_colour_blindness_is_machados() {
    // white and black stay; pure red under protanopia is a dark olive, under tritanopia still red
    for (_, m) in &DICHROMACY {
        assert!(ciede2000(seen("#FFFFFF", m), lab("#FFFFFF")) < 1.0);
        assert!(ciede2000(seen("#000000", m), lab("#000000")) < 1e-9);
    }
    let protan = seen("#FF0000", &DICHROMACY[0].1);
    assert!(protan[0] < 45.0 && protan[2] > 30.0, "{protan:?}");
    assert!(ciede2000(seen("#FF0000", &DICHROMACY[2].1), lab("#FF0000")) < 12.0);
    // red and green, told apart by hue alone, come close for the red-green blind
    let (d, who) = dichromat_apart("#CC3311", "#117733");
    assert!(d < ciede2000(lab("#CC3311"), lab("#117733")) / 3.0, "{d} {who}");
}

/// Two powers' colours as a dichromat sees them this far apart (CIEDE2000)
/// or more: five times the just noticeable difference of about 2; Tol's
/// muted scheme, made to be told apart by the colour blind, keeps its seven
/// standard colours 11.5 apart or more under all three simulations (Austria
/// and Russia, for the tritanope), its nine 11.5.
const DICHROMAT_APART: f64 = 10.0;

#[test]
fn powers_colours_stay_apart_for_the_colour_blind() {
    // the standard map: every pair
    let v = Variant::standard();
    let cols = render::colours(&v);
    let mut least = f64::MAX;
    for i in 0..cols.len() {
        for j in i + 1..cols.len() {
            let (d, who) = dichromat_apart(cols[i], cols[j]);
            assert!(d >= DICHROMAT_APART, "standard: {} {} and {} {} are {d:.1} apart for {who}", v.powers[i].name, cols[i], v.powers[j].name, cols[j]);
            least = least.min(d);
        }
    }
    assert!((least - 11.5).abs() < 0.05, "the figure documented: {least:.2}");
    // every map of seventeen powers or fewer: every pair of neighbours (the
    // palette's nearest pairs for a dichromat, #117733 and #666633 at 0.8
    // for the deuteranope, #999933 and #F38400 at 2.2 for the protanope,
    // are never given to neighbours: render::colours keeps them apart)
    let (mut pairs, mut nearest) = (0, f64::MAX);
    for v in builtins().into_iter().filter(|v| v.powers.len() <= 17) {
        let cols = render::colours(&v);
        for i in 0..cols.len() {
            for j in (i + 1..cols.len()).filter(|&j| neighbours(&v, i, j)) {
                let (d, who) = dichromat_apart(cols[i], cols[j]);
                pairs += 1;
                nearest = f64::min(nearest, d);
                assert!(
                    d >= DICHROMAT_APART,
                    "{}: neighbours {} {} and {} {} are {d:.1} apart for {who}",
                    v.name,
                    v.powers[i].name,
                    cols[i],
                    v.powers[j].name,
                    cols[j]
                );
            }
        }
    }
    assert!(pairs > 150, "{pairs} pairs of neighbours");
    assert!((nearest - 11.5).abs() < 0.05, "the figure documented: {nearest:.2}");
    // the palette's nearest pairs, as documented
    let (d, who) = dichromat_apart("#117733", "#666633");
    assert!((d - 0.8).abs() < 0.05 && who == "deuteranopia", "{d} {who}");
    let (d, who) = dichromat_apart("#999933", "#F38400");
    assert!((d - 2.2).abs() < 0.05 && who == "protanopia", "{d} {who}");
}
