//! DPjudge's PostScript maps (`DPjudge/maps/NAME.ps`, written by its `dpmap`
//! tool): the map is a form (`MapForm`) in map units, with the places of
//! each province's unit (the `% INFO` block) and supply centre
//! (`VisitSupplies`). This reads those and writes the few lines that draw
//! the map alone (no names, no units) to pixels, for Ghostscript to run
//! after the file.

use super::Places;

/// What a dpmap PostScript file says of its map.
#[derive(Debug)]
pub struct DpMap {
    /// The map's size in map units (the form's box through its matrix).
    pub width: f64,
    pub height: f64,
    /// Unit places by province (`BUL`, `BUL/EC`), in map units, y upwards.
    pub units: Vec<(String, (f64, f64))>,
    pub centers: Vec<(String, (f64, f64))>,
}

/// Why a PostScript file is not a dpmap map.
#[derive(Debug, thiserror::Error)]
pub enum DpMapError {
    #[error("no `/MapForm` with a `/Matrix` and a `/BBox`: not a map drawn by DPjudge's dpmap")]
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
    let form = text.find("/MapForm").ok_or(DpMapError::NoForm)?;
    let head: Vec<&str> = text[form..].lines().take(8).collect();
    let matrix = head.iter().find_map(|l| numbers(l, "/Matrix")).filter(|m| m.len() == 6).ok_or(DpMapError::NoForm)?;
    let bbox = head.iter().find_map(|l| numbers(l, "/BBox")).filter(|b| b.len() == 4).ok_or(DpMapError::NoForm)?;
    let width = matrix[4] + matrix[0] * bbox[2];
    let height = matrix[5] + matrix[3] * bbox[3];
    let mut units = Vec::new();
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
                (Some(x), Some(y), Some(code)) => units.push((code.to_ascii_uppercase(), (x, y))),
                _ => break,
            }
        }
    }
    if units.is_empty() {
        return Err(DpMapError::NoInfo);
    }
    Ok(DpMap { width, height, units, centers: supplies(text) })
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
    /// The picture's size in pixels at `scale` pixels a map unit.
    pub fn pixels(&self, scale: f64) -> (usize, usize) {
        ((self.width * scale).ceil() as usize, (self.height * scale).ceil() as usize)
    }

    /// The places in pixels at `scale` (y downwards).
    pub fn places(&self, scale: f64) -> Places {
        let h = self.pixels(scale).1 as f64;
        let px = |(x, y): (f64, f64)| (x * scale, h - y * scale);
        Places {
            units: self.units.iter().map(|(c, p)| (c.clone(), px(*p))).collect(),
            centers: self.centers.iter().map(|(c, p)| (c.clone(), px(*p))).collect(),
            labels: Default::default(),
        }
    }

    /// PostScript to run after the file: the map form at `scale` pixels a
    /// map unit (Ghostscript at 72 dots an inch), and the off-board boxes
    /// where the map has them; then the page is shown.
    pub fn drawing(scale: f64) -> String {
        format!(
            "{scale} {scale} scale\nMapForm execform\n/VisitOffBoardBoxes where {{ pop {{ DrawOffBoard pop pop }} bind dup dup VisitOffBoardBoxes }} if\nshowpage\n"
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
}
