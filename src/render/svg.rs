//! Drawing a scene as SVG text: provinces, labels, supply centres, orders,
//! units, dislodged units and their retreats, the caption and the legend.
//! Deterministic: the same scene gives the same bytes.

use super::geometry::Geometry;
use super::{Scene, colours};
use crate::adjudicate::{Dislodged, ResultKind};
use crate::map::{Loc, PowerId, ProvinceKind, Unit, UnitType, Variant};
use crate::order::Order;
use crate::report::say;
use std::fmt::Write;

const SEA: &str = "#C8DCEC";
const LAND: &str = "#F2EBD9";
const IMPASSABLE: &str = "#9A9A9A";
const INK: &str = "#222222";
/// The legend's height under the map.
const LEGEND: f64 = 110.0;

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

/// The SVG of `scene` on map `v`.
pub fn svg(v: &Variant, scene: &Scene) -> String {
    let g = Geometry::of(v);
    let cols = colours(v);
    let pos = scene.position;
    let s = g.symbol;
    let mut out = String::with_capacity(200_000);
    let height = g.height + LEGEND;
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="DejaVu Sans" font-size="16">"#,
        w = f(g.width),
        h = f(height)
    );
    out.push_str(r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="2.6" markerHeight="2.6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#222222"/></marker></defs>"##);
    let _ = write!(out, r#"<rect class="sea" x="0" y="0" width="{}" height="{}" fill="{SEA}"/>"#, f(g.width), f(height));
    // provinces: land tinted by its centre's owner
    let fill = |p: usize| -> String {
        match v.provinces[p].kind {
            ProvinceKind::Sea => SEA.to_string(),
            ProvinceKind::Impassable => IMPASSABLE.to_string(),
            _ => match pos.owner(p as u16).or_else(|| pos.centers.get(p).copied().flatten()) {
                Some(o) => tint(cols[o as usize], 0.55),
                None => LAND.to_string(),
            },
        }
    };
    if !g.outlines.is_empty() {
        let _ = write!(out, r#"<g class="provinces" transform="translate({} {})" stroke="{INK}" stroke-width="1.5">"#, f(g.offset.0), f(g.offset.1));
        for o in &g.outlines {
            let _ = write!(out, r#"<path id="p-{}" d="{}" fill="{}"/>"#, esc(&v.provinces[o.prov as usize].code), esc(&o.d), fill(o.prov as usize));
        }
        out.push_str("</g>");
    } else {
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
    // province codes
    let _ = write!(out, r##"<g class="labels" fill="#333333" text-anchor="middle">"##);
    for (i, p) in v.provinces.iter().enumerate() {
        let (x, y, size) = g.label[i];
        let _ = write!(out, r#"<text x="{}" y="{}" font-size="{}">{}</text>"#, f(x), f(y), f(size * 0.75), esc(&p.code));
    }
    out.push_str("</g>");
    // supply centres, ringed in the owner's colour
    out.push_str(r#"<g class="centers">"#);
    for (i, p) in v.provinces.iter().enumerate().filter(|(_, p)| p.center) {
        let (x, y) = g.center[i];
        let (col, owner) = match pos.centers.get(i).copied().flatten() {
            Some(o) => (cols[o as usize].to_string(), v.powers[o as usize].name.to_ascii_lowercase()),
            None => ("#FFFFFF".to_string(), "unowned".to_string()),
        };
        let _ = write!(
            out,
            r#"<circle class="sc {owner}" data-prov="{}" cx="{}" cy="{}" r="{}" fill="{col}" stroke="{INK}" stroke-width="2"/>"#,
            esc(&p.code),
            f(x),
            f(y),
            f(7.0 * s)
        );
    }
    out.push_str("</g>");
    // orders under the units
    out.push_str(r#"<g class="orders">"#);
    for d in scene.orders {
        order(&mut out, v, &g, pos, &cols, d.power, &d.order, d.result);
    }
    out.push_str("</g>");
    // units; several in one space side by side, an army aboard on its fleet
    out.push_str(r#"<g class="units">"#);
    let mut seen: Vec<(u16, usize)> = Vec::new();
    for u in pos.units.iter().filter(|u| !u.aboard) {
        let k = match seen.iter_mut().find(|(p, _)| *p == u.loc.prov) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                seen.push((u.loc.prov, 1));
                0
            }
        };
        let (x, y) = g.unit(u.loc);
        unit(&mut out, v, &cols, u, x + k as f64 * 30.0 * s, y - k as f64 * 8.0 * s, s, "unit");
    }
    for u in pos.units.iter().filter(|u| u.aboard) {
        let (x, y) = g.unit(u.loc);
        unit(&mut out, v, &cols, u, x + 14.0 * s, y - 14.0 * s, s * 0.6, "unit aboard");
    }
    out.push_str("</g>");
    // dislodged units: beside their space, ringed, with where they may go
    let dislodged: &[Dislodged] = if scene.dislodged.is_empty() { &pos.dislodged } else { scene.dislodged };
    out.push_str(r#"<g class="dislodged">"#);
    for d in dislodged {
        let (x, y) = g.dislodged(d.unit.loc);
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
        let _ = write!(
            out,
            r##"<circle cx="{}" cy="{}" r="{}" fill="#FFFFFF" stroke="#000000" stroke-width="3" stroke-dasharray="4 3"/>"##,
            f(x),
            f(y),
            f(23.0 * s)
        );
        unit(&mut out, v, &cols, &d.unit, x, y, s * 0.85, "unit dislodged");
    }
    out.push_str("</g>");
    caption_and_legend(&mut out, v, &g, pos, &cols, scene.caption);
    out.push_str("</svg>");
    out
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

/// Where the unit an order names stands (a unit not on the board: its space).
fn at(g: &Geometry, pos: &crate::adjudicate::Position, l: Loc) -> (f64, f64) {
    if pos.units.iter().any(|u| u.loc.prov == l.prov && !u.aboard) || pos.dislodged.iter().all(|d| d.unit.loc.prov != l.prov) {
        g.unit(l)
    } else {
        g.dislodged(l)
    }
}

/// A point `by` short of `b` on the way from `a`.
fn short(a: (f64, f64), b: (f64, f64), by: f64) -> (f64, f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let d = (dx * dx + dy * dy).sqrt();
    if d <= by * 2.0 { b } else { (b.0 - dx / d * by, b.1 - dy / d * by) }
}

/// An arrow (a move, a retreat): drawn dark under the power's colour;
/// failed orders dashed.
#[allow(clippy::too_many_arguments)]
fn arrow(out: &mut String, class: &str, a: (f64, f64), b: (f64, f64), col: &str, failed: bool, s: f64) {
    let b = short(a, b, 18.0 * s);
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

/// A thin line (a support, a convoy) ending in a ring.
#[allow(clippy::too_many_arguments)]
fn thin(out: &mut String, class: &str, a: (f64, f64), b: (f64, f64), col: &str, failed: bool, s: f64) {
    let dash = if failed { r#" stroke-dasharray="8 6""# } else { "" };
    let _ = write!(
        out,
        r#"<g class="{class}{}"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{INK}" stroke-width="{}"{dash}/><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{col}" stroke-width="{}"{dash}/><circle cx="{}" cy="{}" r="{}" fill="{col}" stroke="{INK}" stroke-width="1.5"/></g>"#,
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
        f(b.0),
        f(b.1),
        f(5.0 * s)
    );
}

#[allow(clippy::too_many_arguments)]
fn order(out: &mut String, v: &Variant, g: &Geometry, pos: &crate::adjudicate::Position, cols: &[&str], power: PowerId, o: &Order, result: ResultKind) {
    let col = cols[power as usize];
    let failed = !matches!(result, ResultKind::Ok | ResultKind::Disband);
    let s = g.symbol;
    let mid = |a: (f64, f64), b: (f64, f64)| ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    match o {
        Order::Hold(u) => {
            let (x, y) = at(g, pos, u.loc);
            let dash = if failed { r#" stroke-dasharray="8 6""# } else { "" };
            let _ = write!(
                out,
                r#"<circle class="hold{}" cx="{}" cy="{}" r="{}" fill="none" stroke="{col}" stroke-width="{}"{dash}/>"#,
                if failed { " failed" } else { "" },
                f(x),
                f(y),
                f(25.0 * s),
                f(4.0 * s)
            );
        }
        Order::Move { unit, dest, .. } => arrow(out, "move", at(g, pos, unit.loc), g.unit(*dest), col, failed, s),
        Order::Retreat { unit, dest } => arrow(out, "retreat", g.dislodged(unit.loc), g.unit(*dest), col, failed, s),
        Order::Support { unit, target, dest } => {
            let a = at(g, pos, unit.loc);
            let t = at(g, pos, target.loc);
            let b = match dest {
                Some(d) => mid(t, g.unit(*d)),
                None => short(a, t, 24.0 * s),
            };
            thin(out, if dest.is_some() { "support-move" } else { "support-hold" }, a, b, col, failed, s);
        }
        Order::Convoy { unit, army, dest } => {
            let a = at(g, pos, unit.loc);
            let b = mid(at(g, pos, army.loc), g.unit(*dest));
            thin(out, "convoy", a, b, col, failed, s);
        }
        Order::Board { unit, dest, land, .. } => {
            let a = at(g, pos, unit.loc);
            match dest {
                Some(d) => {
                    let b = g.unit(*d);
                    arrow(out, "board", a, b, col, failed, s);
                    if let Some(l) = land {
                        arrow(out, "land", b, g.unit(*l), col, failed, s);
                    }
                }
                None => thin(out, "board", a, short(a, (a.0 + 30.0 * s, a.1 - 30.0 * s), 0.0), col, failed, s),
            }
        }
        Order::Build(u) => {
            let (x, y) = g.unit(u.loc);
            let dash = if failed { r#" stroke-dasharray="8 6""# } else { "" };
            let _ = write!(
                out,
                r#"<g class="build{}"><circle cx="{}" cy="{}" r="{}" fill="none" stroke="{INK}" stroke-width="{}"{dash}/>"#,
                if failed { " failed" } else { "" },
                f(x),
                f(y),
                f(27.0 * s),
                f(5.0 * s)
            );
            if !failed && let Some(kind) = u.kind {
                let built = Unit { power, kind, loc: u.loc, aboard: false };
                unit(out, v, cols, &built, x, y, s, "unit built");
            }
            out.push_str("</g>");
        }
        Order::Disband(u) => {
            let (x, y) = at(g, pos, u.loc);
            let r = 18.0 * s;
            let cross = format!("M{},{} L{},{} M{},{} L{},{}", f(x - r), f(y - r), f(x + r), f(y + r), f(x - r), f(y + r), f(x + r), f(y - r));
            let _ = write!(
                out,
                r##"<g class="disband"><path d="{cross}" stroke="#FFFFFF" stroke-width="{}"/><path d="{cross}" stroke="#000000" stroke-width="{}"/></g>"##,
                f(9.0 * s),
                f(5.0 * s)
            );
        }
        Order::Waive => {}
    }
}

/// The caption over the map, and the legend under it: each power's colour,
/// letter, name, centres and units; the symbols; what dashes mean.
fn caption_and_legend(out: &mut String, v: &Variant, g: &Geometry, pos: &crate::adjudicate::Position, cols: &[&str], caption: &str) {
    let w = (caption.chars().count() as f64 * 12.5 + 30.0).min(g.width - 20.0);
    let _ = write!(
        out,
        r##"<g class="caption"><rect x="10" y="10" width="{}" height="40" rx="6" fill="#FFFFFF" fill-opacity="0.85" stroke="{INK}"/><text x="25" y="37" font-size="22" font-weight="bold">{}</text></g>"##,
        f(w),
        esc(caption)
    );
    let top = g.height;
    let _ = write!(out, r##"<g class="legend"><rect x="0" y="{}" width="{}" height="{LEGEND}" fill="#FFFFFF" stroke="{INK}"/>"##, f(top), f(g.width));
    let per_row = v.powers.len().div_ceil(2).max(1);
    let col_w = (g.width - 20.0) / per_row as f64;
    for (i, p) in v.powers.iter().enumerate() {
        let (row, c) = (i / per_row, i % per_row);
        let x = 15.0 + c as f64 * col_w;
        let y = top + 12.0 + row as f64 * 34.0;
        let col = cols[i];
        let text = say::map::legend_power(&crate::game::powers::pname(v, i as PowerId), pos.center_count(i as PowerId), pos.unit_count(i as PowerId));
        let _ = write!(
            out,
            r#"<g class="legend-power {}"><rect x="{}" y="{}" width="26" height="26" rx="4" fill="{col}" stroke="{INK}"/><text x="{}" y="{}" font-size="16" font-weight="bold" text-anchor="middle" fill="{}">{}</text><text x="{}" y="{}" font-size="16">{}</text></g>"#,
            p.name.to_ascii_lowercase(),
            f(x),
            f(y),
            f(x + 13.0),
            f(y + 19.0),
            ink_on(col),
            esc(&p.letter.to_string()),
            f(x + 34.0),
            f(y + 19.0),
            esc(&text)
        );
    }
    let unowned = v.provinces.iter().enumerate().filter(|(i, p)| p.center && pos.centers.get(*i).copied().flatten().is_none()).count();
    let key = say::map::legend_key(unowned);
    let _ = write!(out, r##"<text x="15" y="{}" font-size="15" fill="#333333">{}</text></g>"##, f(top + LEGEND - 12.0), esc(&key));
}
