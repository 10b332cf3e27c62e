//! DPjudge's PostScript maps (`DPjudge/maps/NAME.ps`, written by its `dpmap`
//! tool): the map is a form (`MapForm`) in map units, with the places of
//! each province's unit (the `% INFO` block) and supply centre
//! (`VisitSupplies`). This reads those and writes the few lines that draw
//! the map alone (no names, no units) to pixels, for Ghostscript to run
//! after the file. The older files of George Boyce's `mapit` (chromatic's)
//! draw the map with a `DrawMap` procedure instead ([`mapit`]).

use super::{Places, mapit};
use crate::map::Variant;

/// What a dpmap PostScript file says of its map.
#[derive(Debug)]
pub struct DpMap {
    /// The map's size in map units (the form's box through its matrix).
    pub width: f64,
    pub height: f64,
    /// The map units at the picture's lower left corner: the form's own
    /// shift where it is negative (1900's map starts at -263, -149), else 0.
    pub origin: (f64, f64),
    /// From the places' coordinates to map units (`[a b c d e f]`, as
    /// PostScript's matrices: x' = a x + c y + e, y' = b x + d y + f).
    pub matrix: [f64; 6],
    /// How the file draws its map.
    pub draw: Draw,
    /// Unit places by province (`BUL`, `BUL/EC`), in map units, y upwards.
    pub units: Vec<(String, (f64, f64))>,
    pub centers: Vec<(String, (f64, f64))>,
    /// The province names the `% INFO` block gives, by its codes.
    pub names: Vec<(String, String)>,
}

/// How a map file draws its map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Draw {
    /// `MapForm execform` (dpmap's files).
    Form,
    /// `DrawMap` (mapit's), after the matrix that undoes its turns.
    Procedure([f64; 6]),
}

/// The identity matrix: places in map units.
const IDENTITY: [f64; 6] = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// Why a PostScript file is not a dpmap map.
#[derive(Debug, thiserror::Error)]
pub enum DpMapError {
    #[error("no `/MapForm` with a `/Matrix` and a `/BBox`, nor a mapit `/DrawMap` with the map's bounds: not a map drawn by DPjudge's dpmap")]
    NoForm,
    #[error("no `% INFO` block of province places")]
    NoInfo,
}

fn numbers(line: &str, key: &str) -> Option<Vec<f64>> {
    let rest = line.trim().strip_prefix(key)?.trim().strip_prefix('[')?;
    let inner = rest.split(']').next()?;
    inner.split_whitespace().map(|n| n.parse().ok()).collect()
}

/// Reads a dpmap file's form size and places.
pub fn read(text: &str) -> Result<DpMap, DpMapError> {
    let Some(form) = text.find("/MapForm") else {
        let f = mapit::frame(text).ok_or(DpMapError::NoForm)?;
        let (units, names) = info(text)?;
        let (x0, y0, x1, y1) = f.bounds;
        return Ok(DpMap {
            width: x1 - x0,
            height: y1 - y0,
            origin: (x0, y0),
            matrix: IDENTITY,
            draw: Draw::Procedure(f.undo),
            units,
            centers: mapit::centres(text),
            names,
        });
    };
    let head: Vec<&str> = text[form..].lines().take(8).collect();
    let matrix = head.iter().find_map(|l| numbers(l, "/Matrix")).filter(|m| m.len() == 6).ok_or(DpMapError::NoForm)?;
    let bbox = head.iter().find_map(|l| numbers(l, "/BBox")).filter(|b| b.len() == 4).ok_or(DpMapError::NoForm)?;
    let origin = (matrix[4].min(0.0), matrix[5].min(0.0));
    let width = matrix[4] + matrix[0] * bbox[2] - origin.0;
    let height = matrix[5] + matrix[3] * bbox[3] - origin.1;
    let (units, names) = info(text)?;
    Ok(DpMap { width, height, origin, matrix: IDENTITY, draw: Draw::Form, units, centers: supplies(text), names })
}

/// Places and names by code, as in the `% INFO` block.
type Named = (Vec<(String, (f64, f64))>, Vec<(String, String)>);

/// The `% INFO` block's unit places and province names.
fn info(text: &str) -> Result<Named, DpMapError> {
    let (mut units, mut names) = (Vec::new(), Vec::new());
    let mut in_info = false;
    for line in text.lines() {
        let l = line.trim();
        if l == "% INFO" {
            in_info = true;
            continue;
        }
        if in_info {
            let Some(body) = l.strip_prefix('%') else { break };
            let w: Vec<&str> = body.split_whitespace().collect();
            match (w.first().and_then(|x| x.parse().ok()), w.get(1).and_then(|y| y.parse().ok()), w.get(2)) {
                (Some(x), Some(y), Some(code)) => {
                    units.push((code.to_ascii_uppercase(), (x, y)));
                    names.push((code.to_ascii_uppercase(), w[3..].join(" ")));
                }
                _ => break,
            }
        }
    }
    if units.is_empty() {
        return Err(DpMapError::NoInfo);
    }
    Ok((units, names))
}

/// `VisitSupplies`'s lines `/CODE x y s`.
fn supplies(text: &str) -> Vec<(String, (f64, f64))> {
    let Some(at) = text.find("/VisitSupplies") else { return Vec::new() };
    let mut out = Vec::new();
    for l in text[at..].lines().skip(1) {
        let w: Vec<&str> = l.split_whitespace().collect();
        if w.first() == Some(&"end") || w.first() == Some(&"}") {
            break;
        }
        if let [code, x, y, "s"] = w[..]
            && let (Some(code), Ok(x), Ok(y)) = (code.strip_prefix('/'), x.parse(), y.parse())
        {
            out.push((code.to_ascii_uppercase(), (x, y)));
        }
    }
    out
}

impl DpMap {
    /// Gives a place whose code `v` does not know to the province its
    /// `% INFO` name names (modern's `AND Andalusia` is the `.map` file's
    /// `ADL`), coasts with it.
    pub fn rename(&mut self, v: &Variant) {
        let mut to = std::collections::BTreeMap::new();
        for (code, name) in &self.names {
            let base = code.split('/').next().unwrap_or(code);
            let name = name.split(" (").next().unwrap_or(name);
            if v.prov_by_code(base).is_none()
                && let Some(p) = v.provinces.iter().find(|p| p.name.eq_ignore_ascii_case(name))
            {
                to.insert(base.to_string(), p.code.clone());
            }
        }
        let renamed = |code: &mut String| {
            let (base, coast) = code.split_once('/').map_or((code.as_str(), None), |(b, c)| (b, Some(c)));
            if let Some(new) = to.get(base) {
                *code = coast.map_or_else(|| new.clone(), |c| format!("{new}/{c}"));
            }
        };
        self.units.iter_mut().chain(self.centers.iter_mut()).for_each(|(code, _)| renamed(code));
    }

    /// The picture's size in pixels at `scale` pixels a map unit.
    pub fn pixels(&self, scale: f64) -> (usize, usize) {
        ((self.width * scale).ceil() as usize, (self.height * scale).ceil() as usize)
    }

    /// The places in pixels at `scale` (y downwards).
    pub fn places(&self, scale: f64) -> Places {
        let h = self.pixels(scale).1 as f64;
        let ((ox, oy), m) = (self.origin, self.matrix);
        let px = |(x, y): (f64, f64)| {
            let (x, y) = (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
            ((x - ox) * scale, h - (y - oy) * scale)
        };
        Places {
            units: self.units.iter().map(|(c, p)| (c.clone(), px(*p))).collect(),
            centers: self.centers.iter().map(|(c, p)| (c.clone(), px(*p))).collect(),
            ..Default::default()
        }
    }

    /// PostScript to run after the file: the map form at `scale` pixels a
    /// map unit (Ghostscript at 72 dots an inch), its origin at the page's
    /// corner, and the off-board boxes where the map has them; then the
    /// page is shown.
    pub fn drawing(&self, scale: f64) -> String {
        let (ox, oy) = (-self.origin.0, -self.origin.1);
        let map = match self.draw {
            Draw::Form => "MapForm execform".to_string(),
            // the page round a round map is sea (mapit's colour for it)
            Draw::Procedure([a, b, c, d, e, f]) => {
                format!("/Seawater where {{ pop gsave Seawater clippath fill grestore }} if\ngsave [{a} {b} {c} {d} {e} {f}] concat DrawMap grestore")
            }
        };
        format!(
            "{scale} {scale} scale\n{ox} {oy} translate\n{map}\n/VisitOffBoardBoxes where {{ pop {{ DrawOffBoard pop pop }} bind dup dup VisitOffBoardBoxes }} if\nshowpage\n"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "%!PS\n% INFO\n%  764  818 ACI    Arctic Circle\n%  276  624 BUL/EC Bulgaria (east coast)\n% MAP\n/MapForm <<\n\t/FormType 1\n\t/Matrix [ 2 0 0 2 10 0 ]\n\t/BBox [ 0 0 100 50 ]\n>> def\n/VisitSupplies {\n\t1 dict begin\n\t/s xd\n\t/IRE 247 878 s\n\tend\n} def\n";

    #[test]
    fn a_dpmap_file_gives_its_size_and_places() {
        let m = read(FILE).unwrap();
        assert_eq!((m.width, m.height), (210.0, 100.0));
        assert_eq!(m.units, vec![("ACI".to_string(), (764.0, 818.0)), ("BUL/EC".to_string(), (276.0, 624.0))]);
        assert_eq!(m.centers, vec![("IRE".to_string(), (247.0, 878.0))]);
        assert_eq!(m.pixels(2.0), (420, 200));
        assert_eq!(m.places(2.0).units["ACI"], (1528.0, 200.0 - 1636.0));
        assert!(matches!(read("%!PS\n"), Err(DpMapError::NoForm)));
    }

    /// A form shifted left and down (1900's, modern's) is drawn shifted
    /// back: its places below and left of 0 are on the picture.
    #[test]
    fn a_form_shifted_below_zero_is_drawn_from_its_own_corner() {
        let m = read(&FILE.replace("2 0 0 2 10 0", "2 0 0 2 -30 -20")).unwrap();
        assert_eq!((m.width, m.height, m.origin), (200.0, 100.0, (-30.0, -20.0)));
        assert_eq!(m.places(1.0).units["ACI"], (794.0, 100.0 - 838.0));
        assert!(m.drawing(1.0).contains("30 20 translate"), "{}", m.drawing(1.0));
        let m = read(FILE).unwrap();
        assert_eq!(m.origin, (0.0, 0.0));
        assert!(m.drawing(1.0).contains("-0 -0 translate"), "{}", m.drawing(1.0));
    }
}
