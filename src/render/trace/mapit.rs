//! The older PostScript maps of George Boyce's `mapit` (DPjudge's
//! `chromatic.ps`): no form; a `DrawMap` procedure scales, moves and turns
//! the page (`.1 .1 scale 5820 -1000 translate 90 rotate`) and draws the map
//! in the coordinates the `% INFO` places are given in, inside the bounds
//! `/minx`, `/maxx`, `/miny`, `/maxy`; supply centres are `/CODE { x y } def`
//! lines drawn by `CODE supply`.

/// Where a mapit map lies on the page.
pub struct Frame {
    /// From the places' coordinates to the page's (PostScript's `[a b c d e f]`).
    pub matrix: [f64; 6],
    /// The map's bounds on the page: left, bottom, right, top.
    pub corner: (f64, f64, f64, f64),
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

/// The matrix `DrawMap` sets before it draws its first part: its `scale`,
/// `translate` and `rotate` operators, in order.
fn drawing_matrix(text: &str) -> Option<[f64; 6]> {
    let body = &text[text.find("/DrawMap {")? + 10..];
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
            _ if t.starts_with("part") || t == "}" => break,
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

/// A mapit map's place on the page, if the file is one.
pub fn frame(text: &str) -> Option<Frame> {
    let matrix = drawing_matrix(text)?;
    let [x0, x1, y0, y1] = ["minx", "maxx", "miny", "maxy"].map(|n| defined(text, n));
    let (x0, x1, y0, y1) = (x0?, x1?, y0?, y1?);
    let page = |(x, y): (f64, f64)| (matrix[0] * x + matrix[2] * y + matrix[4], matrix[1] * x + matrix[3] * y + matrix[5]);
    let corners = [(x0, y0), (x0, y1), (x1, y0), (x1, y1)].map(page);
    let fold = |f: fn(f64, f64) -> f64, pick: fn(&(f64, f64)) -> f64, start: f64| corners.iter().map(pick).fold(start, f);
    let corner = (fold(f64::min, |p| p.0, f64::MAX), fold(f64::min, |p| p.1, f64::MAX), fold(f64::max, |p| p.0, f64::MIN), fold(f64::max, |p| p.1, f64::MIN));
    (corner.2 > corner.0 && corner.3 > corner.1).then_some(Frame { matrix, corner })
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
    fn a_mapit_file_gives_its_turned_frame_and_centres() {
        let f = frame(FILE).expect("a mapit map");
        let p = |(x, y): (f64, f64)| (f.matrix[0] * x + f.matrix[2] * y + f.matrix[4], f.matrix[1] * x + f.matrix[3] * y + f.matrix[5]);
        let (x, y) = p((3976.0, 4881.0));
        assert!((x - 93.9).abs() < 1e-6 && (y - 297.6).abs() < 1e-6, "{x} {y}");
        let c = f.corner;
        assert!([(c.0, 29.1), (c.1, 44.0), (c.2, 529.3), (c.3, 544.2)].iter().all(|(a, b)| (a - b).abs() < 1e-6), "{c:?}");
        assert_eq!(centres(FILE), vec![("GOL".to_string(), (4579.0, 1929.0))]);
        assert!(frame("/DrawMap { part0 } def").is_none(), "no bounds: not read");
    }
}
