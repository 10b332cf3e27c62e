//! The older PostScript maps of George Boyce's `mapit` (DPjudge's
//! `chromatic.ps`): no form; a `DrawMap` procedure scales, moves and turns
//! the page (`.1 .1 scale 5820 -1000 translate 90 rotate`) and draws the map
//! in the coordinates the `% INFO` places are given in, inside the bounds
//! `/minx`, `/maxx`, `/miny`, `/maxy`; supply centres are `/CODE { x y } def`
//! lines drawn by `CODE supply`.

/// Where a mapit map lies, in the coordinates its places are given in.
pub struct Frame {
    /// The matrix that undoes `DrawMap`'s turns and shifts (PostScript's
    /// `[a b c d e f]`), so the map is drawn upright in its places' frame,
    /// as a reader turns the landscape page.
    pub undo: [f64; 6],
    /// The map's bounds: left, bottom, right, top.
    pub bounds: (f64, f64, f64, f64),
}

/// `a` then `b`, as PostScript composes them (a point goes through `a` first).
fn then(a: [f64; 6], b: [f64; 6]) -> [f64; 6] {
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]
}

/// The matrix `DrawMap` sets before it draws its first part (or saves the
/// state to draw in finer units, as classical's does): its `scale`,
/// `translate` and `rotate` operators, in order.
fn drawing_matrix(text: &str) -> Option<[f64; 6]> {
    let at = text.find("/DrawMap")? + 8;
    let body = text[at..].trim_start().strip_prefix('{')?;
    let (mut m, mut stack) = ([1.0, 0.0, 0.0, 1.0, 0.0, 0.0], Vec::new());
    for t in body.split_whitespace() {
        if let Ok(x) = t.parse::<f64>() {
            stack.push(x);
            continue;
        }
        let op = match (t, stack.as_slice()) {
            ("scale", [.., x, y]) => [*x, 0.0, 0.0, *y, 0.0, 0.0],
            ("translate", [.., x, y]) => [1.0, 0.0, 0.0, 1.0, *x, *y],
            ("rotate", [.., a]) => {
                let (s, c) = a.to_radians().sin_cos();
                [c, s, -s, c, 0.0, 0.0]
            }
            ("dup", [.., x]) => {
                stack.push(*x);
                continue;
            }
            // The places' frame ends where the drawing saves it to draw in its own.
            _ if t.starts_with("part") || t == "}" || t == "gsave" => break,
            _ => {
                stack.clear();
                continue;
            }
        };
        stack.clear();
        m = then(op, m);
    }
    Some(m)
}

/// `/NAME N def`'s number.
fn defined(text: &str, name: &str) -> Option<f64> {
    let at = text.find(&format!("/{name} "))?;
    let mut w = text[at + name.len() + 2..].split_whitespace();
    let n = w.next()?.parse().ok()?;
    (w.next() == Some("def")).then_some(n)
}

/// The matrix that undoes `m`, if `m` can be undone.
fn inverse(m: [f64; 6]) -> Option<[f64; 6]> {
    let [a, b, c, d, e, f] = m;
    let det = a * d - b * c;
    (det.abs() > 1e-12).then(|| [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det])
}

/// A mapit map's frame, if the file is one.
pub fn frame(text: &str) -> Option<Frame> {
    let undo = inverse(drawing_matrix(text)?)?;
    let [x0, x1, y0, y1] = ["minx", "maxx", "miny", "maxy"].map(|n| defined(text, n));
    let bounds = (x0?, y0?, x1?, y1?);
    (bounds.2 > bounds.0 && bounds.3 > bounds.1).then_some(Frame { undo, bounds })
}

/// The supply centres' places: `/CODE { x y } def` of every `CODE supply`.
pub fn centres(text: &str) -> Vec<(String, (f64, f64))> {
    let mut out = Vec::new();
    for l in text.lines() {
        let w: Vec<&str> = l.split(['{', '}', ' ', '\t']).filter(|w| !w.is_empty()).collect();
        if let [code, x, y, "def"] = w[..]
            && let (Some(code), Ok(x), Ok(y)) = (code.strip_prefix('/'), x.parse(), y.parse())
            && text.contains(&format!("{code} supply"))
        {
            out.push((code.to_ascii_uppercase(), (x, y)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "% INFO\n% 3976\t4881\tALA Alabaster\n% MAP\n/GOL { 4579 1929 } def\n/cen { GOL supply } def\n/DrawMap {\nFreelance_Plus begin\n.1 .1 scale\n/ecm matrix currentmatrix bdf\n5820 -1000 translate\n90 rotate\n0 setlinecap\npart0\ncen\nend\n} def\n/minx 1440 def /maxx 6442 def\n/miny  527 def /maxy 5529 def\n";

    #[test]
    fn a_mapit_file_gives_the_matrix_that_undoes_its_turn_and_its_centres() {
        let f = frame(FILE).expect("a mapit map");
        // DrawMap: .1 .1 scale, 5820 -1000 translate, 90 rotate; a place goes
        // through the rotation first: (x, y) -> (-y, x) -> + (5820, -1000) -> * .1
        let drawn = |(x, y): (f64, f64)| ((-y + 5820.0) * 0.1, (x - 1000.0) * 0.1);
        let (px, py) = drawn((3976.0, 4881.0));
        let u = f.undo;
        let (x, y) = (u[0] * px + u[2] * py + u[4], u[1] * px + u[3] * py + u[5]);
        assert!((x - 3976.0).abs() < 1e-6 && (y - 4881.0).abs() < 1e-6, "{x} {y}");
        assert_eq!(f.bounds, (1440.0, 527.0, 6442.0, 5529.0));
        assert_eq!(centres(FILE), vec![("GOL".to_string(), (4579.0, 1929.0))]);
        assert!(frame("/DrawMap { part0 } def").is_none(), "no bounds: not read");
    }

    #[test]
    fn a_drawmap_on_its_own_line_with_dup_stops_at_its_own_gsave() {
        let text = "/DrawMap\n{\n472 -18 translate\n-90 rotate\n-.98 dup scale\n/maxx 613 def /minx 38.5 def\n/maxy 403.5 def /miny 13.5 def\ngsave\n-23 587 translate\n0.06 -0.06 scale\n} def\n";
        let m = drawing_matrix(text).expect("read");
        // -.98 scale first, then -90 rotate, then the shift: (x, y) -> (-.98x, -.98y) -> (-.98y, .98x) -> + (472, -18)
        let (x, y) = (10.0, 20.0);
        let (px, py) = (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
        assert!((px - (472.0 - 0.98 * 20.0)).abs() < 1e-9 && (py - (-18.0 + 0.98 * 10.0)).abs() < 1e-9, "{px} {py}");
        assert!(frame(text).is_some());
    }
}
