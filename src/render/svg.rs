//! Drawing a scene as SVG text: provinces, labels, supply centres, orders,
//! units, dislodged units and their retreats, the caption and the legend.
//! Deterministic: the same scene gives the same bytes.

use super::geometry::Geometry;
use super::place::{self, At, Layout, short};
use super::{Scene, colours};
use crate::adjudicate::ResultKind;
use crate::map::{Loc, PowerId, ProvinceKind, Unit, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use crate::phase::PhaseKind;
use crate::report::say;
use crate::report::say::map::Mark;
use std::fmt::Write;

/// The sea: a blue dark enough that every land fill (neutral, or any
/// power's tint) stands out from it by a WCAG contrast of 1.5 or more
/// (`tests/it/map_colours.rs`).
const SEA: &str = "#6A96C0";
const LAND: &str = "#F2EBD9";
const IMPASSABLE: &str = "#9A9A9A";
const INK: &str = "#222222";
/// How far an owner's colour is mixed with white to tint its land (light
/// enough that the darkest tint stays clear of the sea).
const LAND_TINT: f64 = 0.65;
/// The height of a row of the legend.
const LEGEND_ROW: f64 = 34.0;
/// The marks explained a row of the legend.
const MARKS_PER_ROW: usize = 7;
/// The width allowed a character of a power's legend line (16px DejaVu
/// Sans averages less over such a line: `tests/it/map_colours.rs` checks
/// every built-in map's entries against the text as the fonts draw it).
const LEGEND_CHAR: f64 = 9.0;

/// `x` with one decimal: fixed text for fixed input.
fn f(x: f64) -> String {
    format!("{x:.1}")
}

/// Text made safe inside an XML or HTML element or attribute (control
/// characters dropped).
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// `#RRGGBB` mixed with white: `t` 0 keeps the colour, 1 is white.
fn tint(hex: &str, t: f64) -> String {
    let c = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0) as f64;
    let m = |x: f64| (x + (255.0 - x) * t).round() as u8;
    format!("#{:02X}{:02X}{:02X}", m(c(1)), m(c(3)), m(c(5)))
}

/// Black or white, whichever reads on `hex`.
fn ink_on(hex: &str) -> &'static str {
    let c = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0) as f64 / 255.0;
    let l = 0.2126 * c(1) + 0.7152 * c(3) + 0.0722 * c(5);
    if l > 0.5 { "#000000" } else { "#FFFFFF" }
}

/// What every layer draws with: the map, its places, the powers' colours,
/// the scene.
struct Pen<'a> {
    v: &'a Variant,
    g: Geometry,
    cols: Vec<&'static str>,
    /// Two powers share a colour (more powers than the palette has): each
    /// owned centre carries its owner's letter too.
    lettered: bool,
    scene: &'a Scene<'a>,
    /// Where the units, the dislodged units and the orders stand.
    lay: Layout,
}

/// Where the legend puts its entries: the powers' in `cols` columns of
/// `col_w` over `rows` rows, then the marks' rows.
struct Legend {
    cols: usize,
    col_w: f64,
    rows: usize,
    mark_rows: usize,
}

impl Legend {
    /// The powers in as many columns as the widest entry fits across the
    /// map (two rows at least, as the legend has always had), then rows
    /// enough for them all.
    fn of(pen: &Pen) -> Legend {
        let n = pen.v.powers.len().max(1);
        // the longest line, its counts taken at two digits
        let widest = (0..pen.v.powers.len())
            .map(|i| say::map::legend_power(&crate::game::powers::pname(pen.v, i as PowerId), 88, 88).chars().count())
            .max()
            .unwrap_or(0);
        // the swatch, its gap, the text and a gap to the next entry
        let entry = 34.0 + widest as f64 * LEGEND_CHAR + 12.0;
        let room = pen.g.width - 20.0;
        let fit = ((room / entry).floor() as usize).max(1);
        let rows = n.div_ceil(fit).max(n.min(2));
        let cols = n.div_ceil(rows);
        let marks = marks(pen).len();
        Legend { cols, col_w: room / cols as f64, rows, mark_rows: marks.div_ceil(MARKS_PER_ROW) }
    }

    /// Where the marks' rows begin, below the legend's top.
    fn marks_top(&self) -> f64 {
        12.0 + self.rows as f64 * LEGEND_ROW + 8.0
    }

    /// The legend's height under the map.
    fn height(&self) -> f64 {
        self.marks_top() + self.mark_rows as f64 * LEGEND_ROW + 14.0
    }
}

/// The marks the legend explains: every one but the withheld unit's (on a
/// picture with none) and the capital's and naval base's (on a map without).
fn marks(pen: &Pen) -> Vec<Mark> {
    let bases = pen.v.builds_at_bases();
    Mark::ALL
        .into_iter()
        .filter(|m| match m {
            Mark::Withheld => !pen.scene.withheld.is_empty(),
            Mark::Capital | Mark::NavalBase => bases,
            _ => true,
        })
        .collect()
}

/// The SVG of `scene` on map `v`.
pub fn svg(v: &Variant, scene: &Scene) -> String {
    let cols = colours(v);
    let lettered = cols.iter().enumerate().any(|(i, c)| cols[..i].contains(c));
    let g = Geometry::of(v);
    let lay = Layout::of(v, &g, scene);
    let pen = Pen { v, g, cols, lettered, scene, lay };
    let g = &pen.g;
    let legend = Legend::of(&pen);
    let mut out = String::with_capacity(200_000);
    let height = g.height + legend.height();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="DejaVu Sans" font-size="16">"#,
        w = f(g.width),
        h = f(height)
    );
    out.push_str(r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="2.6" markerHeight="2.6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#222222"/></marker></defs>"##);
    let _ = write!(out, r#"<rect class="sea" x="0" y="0" width="{}" height="{}" fill="{SEA}"/>"#, f(g.width), f(height));
    provinces(&mut out, &pen);
    labels_and_centres(&mut out, &pen);
    // orders under the units
    out.push_str(r#"<g class="orders">"#);
    for (i, d) in scene.orders.iter().enumerate() {
        order(&mut out, &pen, i, d.power, &d.order, d.result);
    }
    out.push_str("</g>");
    units(&mut out, &pen);
    dislodged(&mut out, &pen);
    caption_and_legend(&mut out, &pen, &legend);
    out.push_str("</svg>");
    out
}

/// The provinces: outlines where the map has them, else the schematic's
/// borders and nodes; land tinted by its owner.
fn provinces(out: &mut String, pen: &Pen) {
    let (v, g, pos) = (pen.v, &pen.g, pen.scene.position);
    let fill = |p: usize| -> String {
        match v.provinces[p].kind {
            ProvinceKind::Sea => SEA.to_string(),
            ProvinceKind::Impassable => IMPASSABLE.to_string(),
            _ => match pos.owner(p as u16).or_else(|| pos.centers.get(p).copied().flatten()) {
                Some(o) => tint(pen.cols[o as usize], LAND_TINT),
                None => LAND.to_string(),
            },
        }
    };
    if !g.outlines.is_empty() {
        let _ = write!(out, r#"<g class="provinces" transform="translate({} {})" stroke="{INK}" stroke-width="1.5">"#, f(g.offset.0), f(g.offset.1));
        if !g.scenery.is_empty() {
            let _ = write!(out, r#"<path class="scenery" d="{}" fill="{LAND}" stroke="{LAND}"/>"#, esc(&g.scenery));
        }
        for o in &g.outlines {
            let _ = write!(out, r#"<path id="p-{}" d="{}" fill="{}"/>"#, esc(&v.provinces[o.prov as usize].code), esc(&o.d), fill(o.prov as usize));
        }
        out.push_str("</g>");
        return;
    }
    // the schematic: borders as thin lines, then a node a province
    out.push_str(r##"<g class="borders" stroke="#8A8A8A" stroke-width="1.5">"##);
    for (i, _) in v.provinces.iter().enumerate() {
        let a = g.unit(Loc { prov: i as u16, coast: Default::default() });
        let mut ns: Vec<u16> = v.army_neighbours(i as u16).to_vec();
        ns.extend(v.fleet_neighbours_of_province(i as u16).map(|l| l.prov));
        ns.sort_unstable();
        ns.dedup();
        for n in ns.into_iter().filter(|&n| n as usize > i) {
            let b = g.unit(Loc { prov: n, coast: Default::default() });
            let _ = write!(out, r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#, f(a.0), f(a.1), f(b.0), f(b.1));
        }
    }
    out.push_str("</g>");
    let _ = write!(out, r#"<g class="provinces" stroke="{INK}" stroke-width="1.5">"#);
    for (i, p) in v.provinces.iter().enumerate() {
        let (x, y) = g.unit(Loc { prov: i as u16, coast: Default::default() });
        let r = if p.kind == ProvinceKind::Sea { 26.0 } else { 24.0 };
        let dash = if p.ocean_box { r#" stroke-dasharray="6 3""# } else { "" };
        let _ = write!(out, r#"<circle id="p-{}" cx="{}" cy="{}" r="{}" fill="{}"{dash}/>"#, esc(&p.code), f(x), f(y), f(r), fill(i));
    }
    out.push_str("</g>");
}

/// Province codes, and the supply centres ringed in their owner's colour
/// (with the owner's letter, where two powers share a colour).
fn labels_and_centres(out: &mut String, pen: &Pen) {
    let (v, g, pos) = (pen.v, &pen.g, pen.scene.position);
    let _ = write!(out, r##"<g class="labels" fill="#333333" text-anchor="middle">"##);
    for (i, p) in v.provinces.iter().enumerate() {
        let (x, y, size) = g.label[i];
        let _ = write!(out, r#"<text x="{}" y="{}" font-size="{}">{}</text>"#, f(x), f(y), f(size * 0.75), esc(&p.code));
    }
    out.push_str("</g>");
    super::bases::bases(out, v, g, pos);
    out.push_str(r#"<g class="centers">"#);
    for (i, p) in v.provinces.iter().enumerate().filter(|(_, p)| p.center) {
        let (x, y) = g.center[i];
        let owned = pos.centers.get(i).copied().flatten();
        let (col, owner) = match owned {
            Some(o) => (pen.cols[o as usize], v.powers[o as usize].name.to_ascii_lowercase()),
            None => ("#FFFFFF", "unowned".to_string()),
        };
        let letter = owned.filter(|_| pen.lettered).map(|o| v.powers[o as usize].letter);
        let r = if letter.is_some() { 9.0 } else { 7.0 } * g.symbol;
        let _ = write!(
            out,
            r#"<circle class="sc {owner}" data-prov="{}" cx="{}" cy="{}" r="{}" fill="{col}" stroke="{INK}" stroke-width="2"/>"#,
            esc(&p.code),
            f(x),
            f(y),
            f(r)
        );
        if let Some(l) = letter {
            let _ = write!(
                out,
                r#"<text class="sc-letter" x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"#,
                f(x),
                f(y + 4.0 * g.symbol),
                f(11.0 * g.symbol),
                ink_on(col),
                esc(&l.to_string())
            );
        }
    }
    out.push_str("</g>");
}

/// The units built this phase (power, type, space), each matched once.
fn built(scene: &Scene) -> Vec<(PowerId, UnitType, u16)> {
    if scene.ordered_in != PhaseKind::Adjustment {
        return Vec::new();
    }
    scene
        .orders
        .iter()
        .filter(|d| d.result == ResultKind::Ok)
        .filter_map(|d| match d.order {
            Order::Build(u) => u.kind.map(|k| (d.power, k, u.loc.prov)),
            _ => None,
        })
        .collect()
}

/// The units on the board: several in one space side by side and counted
/// (where [`Layout`] puts them), an army aboard on its fleet, a unit built
/// this phase ringed, a unit whose type is withheld drawn as `?`.
fn units(out: &mut String, pen: &Pen) {
    let (v, s) = (pen.v, pen.g.symbol);
    let mut new = built(pen.scene);
    out.push_str(r#"<g class="units">"#);
    for sp in &pen.lay.spaces {
        for st in &sp.units {
            let (u, (x, y)) = (&st.unit, st.at);
            if let Some(i) = new.iter().position(|b| *b == (u.power, u.kind, u.loc.prov)) {
                new.remove(i);
                let _ = write!(
                    out,
                    r#"<circle class="build" cx="{}" cy="{}" r="{}" fill="none" stroke="{INK}" stroke-width="{}"/>"#,
                    f(x),
                    f(y),
                    f(25.0 * s),
                    f(5.0 * s)
                );
            }
            if pen.scene.withheld.contains(&(u.power, u.loc.prov)) {
                withheld(out, pen, u, x, y);
            } else {
                unit(out, v, &pen.cols, u, x, y, s, "unit");
            }
            if let Some(a) = &st.carried {
                let (ax, ay) = place::aboard_at(st.at, s);
                unit(out, v, &pen.cols, a, ax, ay, s * place::ABOARD, "unit aboard");
            }
        }
        if let Some((n, (x, y))) = sp.count {
            stack_count(out, "stack", n, x, y, s);
        }
    }
    // an army aboard where no fleet is drawn (a board that is not whole): on its space
    for (a, (x, y)) in &pen.lay.loose {
        unit(out, v, &pen.cols, a, *x, *y, s * place::ABOARD, "unit aboard");
    }
    out.push_str("</g>");
}

/// The count of a stack (`×3`), beside its last unit.
fn stack_count(out: &mut String, class: &str, n: usize, x: f64, y: f64, s: f64) {
    let _ = write!(
        out,
        r##"<g class="{class}"><rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="#FFFFFF" stroke="{INK}" stroke-width="1.5"/><text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{INK}">×{n}</text></g>"##,
        f(x - 2.0 * s),
        f(y - 14.0 * s),
        f(34.0 * s),
        f(19.0 * s),
        f(5.0 * s),
        f(x + 15.0 * s),
        f(y),
        f(15.0 * s)
    );
}

/// A unit whose type the reader may not see yet: a diamond in its power's
/// colour, its letter inside and `?` beside.
fn withheld(out: &mut String, pen: &Pen, u: &Unit, x: f64, y: f64) {
    let s = pen.g.symbol;
    let col = pen.cols[u.power as usize];
    let power = pen.v.powers[u.power as usize].name.to_ascii_lowercase();
    let r = 19.0 * s;
    let _ = write!(
        out,
        r#"<g class="unit withheld {power}" data-loc="{}"><polygon points="{},{} {},{} {},{} {},{}" fill="{col}" stroke="{INK}" stroke-width="2.5"/><text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{}">{}</text><text x="{}" y="{}" font-size="{}" font-weight="bold" fill="{INK}">?</text></g>"#,
        esc(pen.v.code(u.loc.prov)),
        f(x),
        f(y - r),
        f(x + r),
        f(y),
        f(x),
        f(y + r),
        f(x - r),
        f(y),
        f(x),
        f(y + 6.0 * s),
        f(15.0 * s),
        ink_on(col),
        esc(&pen.v.powers[u.power as usize].letter.to_string()),
        f(x + r + 2.0 * s),
        f(y - 6.0 * s),
        f(20.0 * s)
    );
}

/// The dislodged units, each at its spot (clear of every unit drawn: see
/// [`Layout`]), ringed, a line to its space when it stands apart from it,
/// and a dotted line to where it may retreat (crossed: nowhere, disbanded).
/// An army aboard a dislodged fleet (an 1885 A/F) rides on its fleet: the
/// pair is ringed once, with the fleet's retreat lines.
fn dislodged(out: &mut String, pen: &Pen) {
    let (v, g, s) = (pen.v, &pen.g, pen.g.symbol);
    let list = place::dislodged_of(pen.scene);
    out.push_str(r#"<g class="dislodged">"#);
    for (i, d) in list.iter().enumerate().filter(|(_, d)| !place::is_carried(d, list)) {
        let (x, y) = pen.lay.dislodged[i];
        for o in &d.options {
            let (tx, ty) = g.unit(*o);
            let _ = write!(
                out,
                r##"<line class="retreat-option" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#555555" stroke-width="2" stroke-dasharray="1 5" stroke-linecap="round"/>"##,
                f(x),
                f(y),
                f(tx),
                f(ty)
            );
            let _ = write!(
                out,
                r##"<circle class="retreat-option" cx="{}" cy="{}" r="{}" fill="none" stroke="#555555" stroke-width="2"/>"##,
                f(tx),
                f(ty),
                f(9.0 * s)
            );
        }
        tether(out, pen, d.unit.loc, (x, y));
        dislodged_ring(out, "dislodged-ring", x, y, s);
        unit(out, v, &pen.cols, &d.unit, x, y, s * 0.85, "unit dislodged");
        if let Some(a) = list.iter().find(|a| place::is_carried(a, list) && a.unit.loc.prov == d.unit.loc.prov && d.unit.kind == UnitType::Fleet) {
            unit(out, v, &pen.cols, &a.unit, x + 12.0 * s, y - 12.0 * s, s * 0.55, "unit dislodged aboard");
        }
        if d.options.is_empty() {
            cross(out, "disbanded", x, y, s);
        }
    }
    out.push_str("</g>");
}

/// The line from a dislodged (or removed) unit's spot `at` to the edge of
/// what stands in its space, when the spot is apart from it: whose it is.
fn tether(out: &mut String, pen: &Pen, l: Loc, at: At) {
    let s = pen.g.symbol;
    let home = pen.g.unit(l);
    let b = pen.lay.edge_of(l.prov, home, at);
    let d = (b.0 - at.0).hypot(b.1 - at.1);
    if d < (place::RING + 4.0) * s {
        return;
    }
    // from the ring's edge
    let a = (at.0 + (b.0 - at.0) / d * place::RING * s, at.1 + (b.1 - at.1) / d * place::RING * s);
    let _ = write!(
        out,
        r#"<line class="dislodged-from" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{INK}" stroke-width="{}"/>"#,
        f(a.0),
        f(a.1),
        f(b.0),
        f(b.1),
        f(2.0 * s)
    );
}

/// The dashed ring round a dislodged unit.
fn dislodged_ring(out: &mut String, class: &str, x: f64, y: f64, s: f64) {
    let _ = write!(
        out,
        r##"<circle class="{class}" cx="{}" cy="{}" r="{}" fill="#FFFFFF" stroke="#000000" stroke-width="3" stroke-dasharray="4 3"/>"##,
        f(x),
        f(y),
        f(23.0 * s)
    );
}

/// The cross over a unit removed or disbanded.
fn cross(out: &mut String, class: &str, x: f64, y: f64, s: f64) {
    let r = 18.0 * s;
    let d = format!("M{},{} L{},{} M{},{} L{},{}", f(x - r), f(y - r), f(x + r), f(y + r), f(x - r), f(y + r), f(x + r), f(y - r));
    let _ = write!(
        out,
        r##"<g class="{class}"><path d="{d}" stroke="#FFFFFF" stroke-width="{}"/><path d="{d}" stroke="#000000" stroke-width="{}"/></g>"##,
        f(9.0 * s),
        f(5.0 * s)
    );
}

/// A unit's symbol: a circle for an army, a boat for a fleet, the power's letter inside.
#[allow(clippy::too_many_arguments)]
fn unit(out: &mut String, v: &Variant, cols: &[&str], u: &Unit, x: f64, y: f64, s: f64, class: &str) {
    let col = cols[u.power as usize];
    let power = v.powers[u.power as usize].name.to_ascii_lowercase();
    let kind = if u.kind == UnitType::Army { "army" } else { "fleet" };
    let _ = write!(out, r#"<g class="{class} {kind} {power}" data-loc="{}">"#, esc(&v.loc_code(u.loc)));
    match u.kind {
        UnitType::Army => {
            let _ = write!(out, r#"<circle cx="{}" cy="{}" r="{}" fill="{col}" stroke="{INK}" stroke-width="2.5"/>"#, f(x), f(y), f(16.0 * s));
        }
        UnitType::Fleet => {
            let p = [(-20.0, -10.0), (20.0, -10.0), (13.0, 12.0), (-13.0, 12.0)];
            let pts: Vec<String> = p.iter().map(|(dx, dy)| format!("{},{}", f(x + dx * s), f(y + dy * s))).collect();
            let _ = write!(out, r#"<polygon points="{}" fill="{col}" stroke="{INK}" stroke-width="2.5"/>"#, pts.join(" "));
        }
    }
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{}">{}</text></g>"#,
        f(x),
        f(y + 6.0 * s),
        f(17.0 * s),
        ink_on(col),
        esc(&v.powers[u.power as usize].letter.to_string())
    );
}

/// An arrow (a move, a retreat) from `a`, its head at `b`: drawn dark
/// under the power's colour; failed orders dashed.
#[allow(clippy::too_many_arguments)]
fn arrow(out: &mut String, class: &str, a: (f64, f64), b: (f64, f64), col: &str, failed: bool, s: f64) {
    let dash = if failed { r#" stroke-dasharray="12 8""# } else { "" };
    let _ = write!(
        out,
        r#"<g class="{class}{}"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{INK}" stroke-width="{}"{dash} marker-end="url(#arrow)"/><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{col}" stroke-width="{}"{dash}/></g>"#,
        if failed { " failed" } else { "" },
        f(a.0),
        f(a.1),
        f(b.0),
        f(b.1),
        f(8.0 * s),
        f(a.0),
        f(a.1),
        f(b.0),
        f(b.1),
        f(4.5 * s)
    );
}

/// A thin line (a support, a convoy) ending in a dot (a support) or a
/// square (a convoy).
#[allow(clippy::too_many_arguments)]
fn thin(out: &mut String, class: &str, a: (f64, f64), b: (f64, f64), col: &str, failed: bool, s: f64) {
    let dash = if failed { r#" stroke-dasharray="8 6""# } else { "" };
    let _ = write!(
        out,
        r#"<g class="{class}{}"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{INK}" stroke-width="{}"{dash}/><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{col}" stroke-width="{}"{dash}/>"#,
        if failed { " failed" } else { "" },
        f(a.0),
        f(a.1),
        f(b.0),
        f(b.1),
        f(4.5 * s),
        f(a.0),
        f(a.1),
        f(b.0),
        f(b.1),
        f(2.5 * s),
    );
    let r = 5.0 * s;
    if class.ends_with("convoy") {
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{col}" stroke="{INK}" stroke-width="1.5"/></g>"#,
            f(b.0 - r),
            f(b.1 - r),
            f(2.0 * r),
            f(2.0 * r)
        );
    } else {
        let _ = write!(out, r#"<circle cx="{}" cy="{}" r="{}" fill="{col}" stroke="{INK}" stroke-width="1.5"/></g>"#, f(b.0), f(b.1), f(r));
    }
}

/// One order (the scene's `i`th): a move or retreat as an arrow from where
/// the unit stood (as [`Layout`] has it: a unit still there where it is
/// drawn, a dislodged one at its spot), its head clear of the units at its
/// end; a support or convoy as a thin line; a hold as a ring; a failed
/// build as a dashed ring at its site (a unit built is ringed where it
/// stands, by [`units`]); a unit removed or disbanded drawn faded and
/// crossed where it stood (beside the units still in its space).
fn order(out: &mut String, pen: &Pen, i: usize, power: PowerId, o: &Order, result: ResultKind) {
    let (g, lay, col) = (&pen.g, &pen.lay, pen.cols[power as usize]);
    let failed = !matches!(result, ResultKind::Ok | ResultKind::Disband);
    let s = g.symbol;
    let from = lay.from.get(i).copied().unwrap_or((0.0, 0.0));
    let mid = |a: At, b: At| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let to = |a: At, d: &Loc| lay.end(a, g.unit(*d), d.prov);
    match o {
        Order::Hold(_) => {
            let dash = if failed { r#" stroke-dasharray="8 6""# } else { "" };
            let _ = write!(
                out,
                r#"<circle class="hold{}" cx="{}" cy="{}" r="{}" fill="none" stroke="{col}" stroke-width="{}"{dash}/>"#,
                if failed { " failed" } else { "" },
                f(from.0),
                f(from.1),
                f(25.0 * s),
                f(4.0 * s)
            );
        }
        Order::Move { dest, .. } => arrow(out, "move", from, to(from, dest), col, failed, s),
        Order::Retreat { unit, dest } => {
            arrow(out, "retreat", from, to(from, dest), col, failed, s);
            if result != ResultKind::Ok {
                gone(out, pen, power, unit, from);
            }
        }
        Order::Support { target, dest, .. } => {
            let t = lay.of_unit(pen.scene, g, target);
            let b = match dest {
                Some(d) => mid(t, g.unit(*d)),
                None => short(from, t, 24.0 * s),
            };
            thin(out, if dest.is_some() { "support-move" } else { "support-hold" }, from, b, col, failed, s);
        }
        Order::Convoy { army, dest, .. } => {
            let b = mid(lay.of_unit(pen.scene, g, army), g.unit(*dest));
            thin(out, "convoy", from, b, col, failed, s);
        }
        Order::Board { dest, land, .. } => match dest {
            Some(d) => {
                arrow(out, "board", from, to(from, d), col, failed, s);
                if let Some(l) = land {
                    arrow(out, "land", g.unit(*d), to(g.unit(*d), l), col, failed, s);
                }
            }
            None => thin(out, "board", from, (from.0 + 30.0 * s, from.1 - 30.0 * s), col, failed, s),
        },
        Order::Build(u) if failed || u.kind.is_none() => {
            let (x, y) = g.unit(u.loc);
            let _ = write!(
                out,
                r#"<circle class="build failed" cx="{}" cy="{}" r="{}" fill="none" stroke="{INK}" stroke-width="{}" stroke-dasharray="8 6"/>"#,
                f(x),
                f(y),
                f(27.0 * s),
                f(5.0 * s)
            );
        }
        Order::Build(_) => {}
        Order::Disband(u) if !failed => gone(out, pen, power, u, from),
        Order::Disband(_) | Order::Waive => {}
    }
}

/// A unit no longer on the board after the phase (removed, disbanded, its
/// retreat failed): faded where it stood, and crossed; where it stood
/// apart from its space (a dislodged unit, one removed beside a stack), a
/// line to its space. The spot is clear of the units drawn: the cross
/// hides none of them (a unit that moved in stays in sight).
fn gone(out: &mut String, pen: &Pen, power: PowerId, u: &UnitSpec, (x, y): At) {
    let s = pen.g.symbol;
    tether(out, pen, u.loc, (x, y));
    if let Some(kind) = u.kind {
        out.push_str(r#"<g opacity="0.5">"#);
        unit(out, pen.v, &pen.cols, &Unit { power, kind, loc: u.loc, aboard: false }, x, y, s * 0.85, "removed");
        out.push_str("</g>");
    }
    cross(out, "disband", x, y, s);
}

/// The caption over the map, and the legend under it: each power's colour,
/// letter, name, centres and units (as [`legend_count`] counts them); then
/// every mark the picture may carry, drawn beside its words.
fn caption_and_legend(out: &mut String, pen: &Pen, legend: &Legend) {
    let (v, g, pos) = (pen.v, &pen.g, pen.scene.position);
    let caption = pen.scene.caption;
    let w = (caption.chars().count() as f64 * 12.5 + 30.0).min(g.width - 20.0);
    let _ = write!(
        out,
        r##"<g class="caption"><rect x="10" y="10" width="{}" height="40" rx="6" fill="#FFFFFF" fill-opacity="0.85" stroke="{INK}"/><text x="25" y="37" font-size="22" font-weight="bold">{}</text></g>"##,
        f(w),
        esc(caption)
    );
    let top = g.height;
    let _ =
        write!(out, r##"<g class="legend"><rect x="0" y="{}" width="{}" height="{}" fill="#FFFFFF" stroke="{INK}"/>"##, f(top), f(g.width), legend.height());
    for (i, p) in v.powers.iter().enumerate() {
        let (row, c) = (i / legend.cols, i % legend.cols);
        let x = 15.0 + c as f64 * legend.col_w;
        let y = top + 12.0 + row as f64 * LEGEND_ROW;
        let col = pen.cols[i];
        let (centres, units) = legend_count(pos, i as PowerId);
        let text = say::map::legend_power(&crate::game::powers::pname(v, i as PowerId), centres, units);
        let _ = write!(
            out,
            r#"<g class="legend-power {power}" id="legend-{power}" data-centres="{centres}" data-units="{units}"><rect x="{}" y="{}" width="26" height="26" rx="4" fill="{col}" stroke="{INK}"/><text x="{}" y="{}" font-size="16" font-weight="bold" text-anchor="middle" fill="{}">{}</text><text x="{}" y="{}" font-size="16">{}</text></g>"#,
            f(x),
            f(y),
            f(x + 13.0),
            f(y + 19.0),
            ink_on(col),
            esc(&p.letter.to_string()),
            f(x + 34.0),
            f(y + 19.0),
            esc(&text),
            power = p.name.to_ascii_lowercase()
        );
    }
    let unowned = v.provinces.iter().enumerate().filter(|(i, p)| p.center && pos.centers.get(*i).copied().flatten().is_none()).count();
    let marks = marks(pen);
    let col_w = (g.width - 20.0) / MARKS_PER_ROW as f64;
    for (i, m) in marks.into_iter().enumerate() {
        let x = 15.0 + (i % MARKS_PER_ROW) as f64 * col_w;
        let y = top + legend.marks_top() + (i / MARKS_PER_ROW) as f64 * LEGEND_ROW;
        let _ = write!(out, r#"<g class="key {}">"#, mark_class(m));
        key_sample(out, m, x, y);
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" font-size="14" fill="#333333">{}</text></g>"##,
            f(x + 48.0),
            f(y + 18.0),
            esc(&say::map::legend_mark(m, unowned))
        );
    }
    out.push_str("</g>");
}

/// A power's centres and units on `pos` as the legend counts them: its
/// units on the board and those dislodged that may still retreat.
pub fn legend_count(pos: &crate::adjudicate::Position, p: PowerId) -> (usize, usize) {
    (pos.center_count(p), pos.unit_count(p) + pos.dislodged.iter().filter(|d| d.unit.power == p && !d.options.is_empty()).count())
}

fn mark_class(m: Mark) -> &'static str {
    match m {
        Mark::Army => "army",
        Mark::Fleet => "fleet",
        Mark::Centre => "centre",
        Mark::Move => "move",
        Mark::Failed => "failed",
        Mark::Hold => "hold",
        Mark::Support => "support",
        Mark::Convoy => "convoy",
        Mark::Dislodged => "dislodged",
        Mark::Retreat => "retreat",
        Mark::Build => "build",
        Mark::Removed => "removed",
        Mark::Stack => "stack",
        Mark::Capital => "capital",
        Mark::NavalBase => "naval-base",
        Mark::Withheld => "withheld",
    }
}

/// The sample of mark `m` in the legend, in the 40 by 26 box at (`x`, `y`).
fn key_sample(out: &mut String, m: Mark, x: f64, y: f64) {
    const GREY: &str = "#BBBBBB";
    let (cx, cy) = (x + 20.0, y + 13.0);
    let s = 0.6;
    match m {
        Mark::Army => {
            let _ = write!(out, r#"<circle cx="{}" cy="{}" r="10" fill="{GREY}" stroke="{INK}" stroke-width="2"/>"#, f(cx), f(cy));
        }
        Mark::Fleet => {
            let _ = write!(
                out,
                r#"<polygon points="{},{} {},{} {},{} {},{}" fill="{GREY}" stroke="{INK}" stroke-width="2"/>"#,
                f(cx - 13.0),
                f(cy - 6.0),
                f(cx + 13.0),
                f(cy - 6.0),
                f(cx + 8.0),
                f(cy + 7.0),
                f(cx - 8.0),
                f(cy + 7.0)
            );
        }
        Mark::Centre => {
            let _ = write!(out, r##"<circle cx="{}" cy="{}" r="6" fill="#FFFFFF" stroke="{INK}" stroke-width="2"/>"##, f(cx), f(cy));
        }
        Mark::Move | Mark::Failed => arrow(out, "key-arrow", (x, cy), (x + 40.0, cy), GREY, m == Mark::Failed, s),
        Mark::Hold => {
            let _ = write!(out, r#"<circle cx="{}" cy="{}" r="11" fill="none" stroke="{INK}" stroke-width="3"/>"#, f(cx), f(cy));
        }
        Mark::Support | Mark::Convoy => thin(out, if m == Mark::Convoy { "key-convoy" } else { "key-support" }, (x, cy), (x + 38.0, cy), GREY, false, s * 1.4),
        Mark::Dislodged => dislodged_ring(out, "key-ring", cx, cy, 0.5),
        Mark::Retreat => {
            let _ = write!(
                out,
                r##"<line x1="{}" y1="{y}" x2="{}" y2="{y}" stroke="#555555" stroke-width="2" stroke-dasharray="1 5" stroke-linecap="round"/><circle cx="{}" cy="{y}" r="6" fill="none" stroke="#555555" stroke-width="2"/>"##,
                f(x),
                f(x + 32.0),
                f(x + 34.0),
                y = f(cy)
            );
        }
        Mark::Build => {
            let _ = write!(out, r#"<circle cx="{}" cy="{}" r="11" fill="none" stroke="{INK}" stroke-width="4"/>"#, f(cx), f(cy));
        }
        Mark::Removed => cross(out, "key-cross", cx, cy, 0.55),
        Mark::Stack => stack_count(out, "key-stack", 3, x + 4.0, cy + 6.0, 1.0),
        Mark::Capital | Mark::NavalBase => {
            if m == Mark::Capital {
                super::bases::ring(out, cx, cy, 11.0, 1.0);
            } else {
                super::bases::spokes(out, cx, cy, 12.0, 1.0);
            }
            let _ = write!(out, r##"<circle cx="{}" cy="{}" r="6" fill="#FFFFFF" stroke="{INK}" stroke-width="2"/>"##, f(cx), f(cy));
        }
        Mark::Withheld => {
            let _ = write!(
                out,
                r#"<polygon points="{x0},{} {},{y0} {x0},{} {},{y0}" fill="{GREY}" stroke="{INK}" stroke-width="2"/><text x="{}" y="{}" font-size="16" font-weight="bold">?</text>"#,
                f(cy - 11.0),
                f(cx + 11.0),
                f(cy + 11.0),
                f(cx - 11.0),
                f(cx + 12.0),
                f(cy - 2.0),
                x0 = f(cx),
                y0 = f(cy)
            );
        }
    }
}
