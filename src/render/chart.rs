//! The supply-centre chart as a picture: each power's centres over the
//! years, a line a power in its colour, its name at the line's end, so
//! colour is never the only cue. Drawn from the chart's rows
//! ([`crate::game::chart::rows`]).

use super::svg::esc;
use crate::game::chart::Row;
use crate::map::Variant;
use crate::report::say;
use std::fmt::Write;

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 400.0;
/// Room for the axes' labels (left, bottom) and the powers' names (right).
const LEFT: f64 = 50.0;
const RIGHT: f64 = 130.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;

/// The chart of `rows` for `v` as SVG, titled `title`.
pub fn chart_svg(v: &Variant, rows: &[Row], title: &str) -> String {
    let cols = super::colours(v);
    let win = match v.victory {
        crate::map::Victory::Centers(n) => Some(n as usize),
        _ => None,
    };
    let most = rows.iter().flat_map(|r| r.counts.iter().copied()).max().unwrap_or(0).max(win.unwrap_or(0)).max(1);
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let x = |i: usize| LEFT + if rows.len() > 1 { plot_w * i as f64 / (rows.len() - 1) as f64 } else { plot_w / 2.0 };
    let y = |c: usize| TOP + plot_h * (1.0 - c as f64 / most as f64);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="DejaVu Sans" font-size="12"><rect width="100%" height="100%" fill="white"/><text x="{LEFT}" y="22" font-size="15" font-weight="bold">{}</text>"#,
        esc(title)
    );
    // the grid: a line every few centres, the victory line dashed
    let step = if most > 24 { 5 } else { 2 };
    for c in (0..=most).step_by(step) {
        let _ = write!(
            out,
            r##"<line x1="{LEFT}" y1="{0:.1}" x2="{1:.1}" y2="{0:.1}" stroke="#ddd"/><text x="{2:.1}" y="{3:.1}" text-anchor="end">{c}</text>"##,
            y(c),
            LEFT + plot_w,
            LEFT - 6.0,
            y(c) + 4.0
        );
    }
    if let Some(win) = win {
        let _ = write!(out, r##"<line x1="{LEFT}" y1="{0:.1}" x2="{1:.1}" y2="{0:.1}" stroke="#555" stroke-dasharray="6 4"/>"##, y(win), LEFT + plot_w);
    }
    for (i, r) in rows.iter().enumerate() {
        let _ = write!(out, r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#, x(i), HEIGHT - BOTTOM + 18.0, r.label(v));
    }
    let _ = write!(out, r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#, LEFT + plot_w / 2.0, HEIGHT - 10.0, esc(&say::archive::year()));
    // a line a power, its name at the end (names kept apart)
    let mut ends: Vec<(f64, usize)> = Vec::new();
    for (p, col) in cols.iter().enumerate().take(v.powers.len()) {
        let points: Vec<String> = rows.iter().enumerate().map(|(i, r)| format!("{:.1},{:.1}", x(i), y(r.counts.get(p).copied().unwrap_or(0)))).collect();
        if points.is_empty() {
            continue;
        }
        let _ = write!(out, r#"<polyline points="{}" fill="none" stroke="{col}" stroke-width="2.5"/>"#, points.join(" "));
        for pt in &points {
            let (px, py) = pt.split_once(',').unwrap_or(("0", "0"));
            let _ = write!(out, r#"<circle cx="{px}" cy="{py}" r="3" fill="{col}"/>"#);
        }
        let last = rows.last().and_then(|r| r.counts.get(p).copied()).unwrap_or(0);
        ends.push((y(last), p));
    }
    ends.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut below = f64::MIN;
    for (ly, p) in ends {
        let ly = ly.max(below + 14.0);
        below = ly;
        let last = rows.last().and_then(|r| r.counts.get(p).copied()).unwrap_or(0);
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{:.1}" fill="{}" font-weight="bold">{} {last}</text>"#,
            LEFT + plot_w + 8.0,
            ly + 4.0,
            cols[p],
            esc(&crate::game::pname(v, p as crate::map::PowerId))
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_a_power_with_its_name_and_count_at_the_end() {
        let v = Variant::standard();
        let rows =
            vec![Row { year: 1901, season: None, counts: vec![5, 5, 5, 5, 4, 6, 4] }, Row { year: 1902, season: None, counts: vec![6, 4, 5, 7, 4, 6, 2] }];
        let svg = chart_svg(&v, &rows, "Game demo");
        assert_eq!(svg.matches("<polyline").count(), 7);
        assert!(svg.contains(">1901<") && svg.contains(">1902<"));
        assert!(svg.contains("Germany 7") && svg.contains("Turkey 2"), "{svg}");
        // the victory line (18) is within the frame
        assert!(svg.contains("stroke-dasharray"));
        // drawable: resvg reads it
        assert!(crate::render::draw_png(&svg).is_ok());
        // no rows (a game ended before any year was settled): a frame alone
        assert_eq!(chart_svg(&v, &[], "x").matches("<polyline").count(), 0);
    }
}
