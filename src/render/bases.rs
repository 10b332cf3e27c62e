//! Capitals and naval bases, on a map whose rules give them a part
//! (Original 1958: a power's armies are built and stack in its capital, its
//! fleets in its naval bases): a ring round the capital's centre mark (the
//! capital as it stands: when the first is lost, the next home centre of
//! the succession), spokes behind each naval base's. Every other map marks
//! none: its powers build in any free home centre, and a mark would name a
//! rule the map does not have (config/maps/README.md).

use super::geometry::Geometry;
use crate::adjudicate::Position;
use crate::map::{PowerId, Prov, Variant};
use std::fmt::Write;

const INK: &str = "#222222";

/// The marks of `v`'s capitals and naval bases on board `pos` (nothing on a
/// map without capitals), to draw under the centre marks.
pub fn bases(out: &mut String, v: &Variant, g: &Geometry, pos: &Position) {
    if !v.builds_at_bases() {
        return;
    }
    let s = g.symbol;
    out.push_str(r#"<g class="bases">"#);
    for (p, w) in v.powers.iter().enumerate() {
        let power = w.name.to_ascii_lowercase();
        let mut seen: Vec<Prov> = Vec::new();
        for b in &w.naval_bases {
            if seen.contains(&b.prov) {
                continue;
            }
            seen.push(b.prov);
            let (x, y) = g.center[b.prov as usize];
            let _ = write!(out, r#"<g class="naval-base {power}" data-prov="{}">"#, super::esc(v.code(b.prov)));
            spokes(out, x, y, 14.0 * s, s);
            out.push_str("</g>");
        }
        if let Some(c) = v.current_capital(p as PowerId, &pos.centers) {
            let (x, y) = g.center[c as usize];
            let _ = write!(out, r#"<g class="capital {power}" data-prov="{}">"#, super::esc(v.code(c)));
            ring(out, x, y, 12.5 * s, s);
            out.push_str("</g>");
        }
    }
    out.push_str("</g>");
}

/// The ring round a capital's centre mark.
pub fn ring(out: &mut String, x: f64, y: f64, r: f64, s: f64) {
    let _ = write!(out, r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="{INK}" stroke-width="{:.1}"/>"#, 2.5 * s);
}

/// Six spokes round a naval base's centre mark (the scan's `*`).
pub fn spokes(out: &mut String, x: f64, y: f64, r: f64, s: f64) {
    let mut d = String::new();
    for k in 0..3 {
        let a = std::f64::consts::PI / 3.0 * k as f64 + std::f64::consts::PI / 2.0;
        let (dx, dy) = (r * a.cos(), r * a.sin());
        let _ = write!(d, "M{:.1},{:.1} L{:.1},{:.1} ", x - dx, y - dy, x + dx, y + dy);
    }
    let _ = write!(out, r#"<path d="{}" stroke="{INK}" stroke-width="{:.1}" stroke-linecap="round"/>"#, d.trim_end(), 3.0 * s);
}
