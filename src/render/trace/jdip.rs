//! jDip's SVG maps (and MILA's, made from them): province shapes in a map
//! layer, and a `jdipNS:PROVINCE_DATA` block with each province's and
//! coast's unit place (`<jdipNS:PROVINCE name="bul-ec"><jdipNS:UNIT x= y=/>
//! <jdipNS:DISLODGED_UNIT x= y=/>`), its supply centre's where it has one,
//! and the brief labels (`BriefLabelLayer`'s `<text>`s). The picture is drawn
//! to pixels by resvg, no font loaded (so no label is drawn), and traced as
//! any other.

use super::{Places, Raster};
use crate::map::Variant;

/// What a jDip SVG says of its map, in the SVG's own units.
#[derive(Debug, Default)]
pub struct JdipMap {
    /// The `viewBox`: left, top, width, height.
    pub view: [f64; 4],
    pub units: Vec<(String, (f64, f64))>,
    pub dislodged: Vec<(String, (f64, f64))>,
    pub centers: Vec<(String, (f64, f64))>,
    pub labels: Vec<(String, (f64, f64))>,
}

/// Why an SVG is not a jDip map.
#[derive(Debug, thiserror::Error)]
pub enum JdipError {
    #[error("no `jdipNS:PROVINCE` with a `jdipNS:UNIT` place: not a jDip map")]
    NoPlaces,
    #[error("the SVG cannot be drawn: {0}")]
    Svg(String),
    #[error("the SVG has no size")]
    NoSize,
}

/// The value of `name="..."` in a tag's text.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let mut from = 0;
    while let Some(i) = tag[from..].find(name) {
        let at = from + i;
        let before = tag[..at].chars().next_back();
        let rest = tag[at + name.len()..].trim_start();
        if before.is_some_and(char::is_whitespace)
            && let Some(rest) = rest.strip_prefix('=')
        {
            let rest = rest.trim_start();
            let q = rest.chars().next()?;
            let rest = &rest[1..];
            return rest.find(q).map(|end| &rest[..end]);
        }
        from = at + name.len();
    }
    None
}

fn xy(tag: &str) -> Option<(f64, f64)> {
    Some((attr(tag, "x")?.trim().parse().ok()?, attr(tag, "y")?.trim().parse().ok()?))
}

/// `bul-ec` as this judge writes it, `BUL/EC`.
fn code(name: &str) -> String {
    name.replacen('-', "/", 1).to_ascii_uppercase()
}

/// The tags of `text` named `name` (`<jdipNS:UNIT ... >`), from their `<`.
fn tags<'a>(text: &'a str, name: &str) -> Vec<&'a str> {
    let open = format!("<{name}");
    let mut out = Vec::new();
    for (i, _) in text.match_indices(open.as_str()) {
        let rest = &text[i..];
        if rest[open.len()..].chars().next().is_some_and(|c| c.is_whitespace() || c == '>' || c == '/') {
            out.push(&rest[..rest.find('>').map_or(rest.len(), |e| e + 1)]);
        }
    }
    out
}

/// Reads a jDip SVG's view box and places.
pub fn read(text: &str) -> Result<JdipMap, JdipError> {
    let mut m = JdipMap::default();
    if let Some(svg) = tags(text, "svg").first() {
        let v: Vec<f64> = attr(svg, "viewBox").unwrap_or("").split([' ', ',']).filter_map(|n| n.parse().ok()).collect();
        if let [x, y, w, h] = v[..] {
            m.view = [x, y, w, h];
        }
    }
    for (at, _) in text.match_indices("<jdipNS:PROVINCE ") {
        let block = &text[at..];
        let block = &block[..block.find("</jdipNS:PROVINCE>").unwrap_or(block.len())];
        let Some(name) = tags(block, "jdipNS:PROVINCE").first().and_then(|t| attr(t, "name")) else { continue };
        let c = code(name);
        let first = |tag: &str| tags(block, tag).first().and_then(|t| xy(t));
        if let Some(p) = first("jdipNS:UNIT") {
            m.units.push((c.clone(), p));
        }
        if let Some(p) = first("jdipNS:DISLODGED_UNIT") {
            m.dislodged.push((c.clone(), p));
        }
        if let Some(p) = first("jdipNS:SUPPLY_CENTER") {
            m.centers.push((c, p));
        }
    }
    if m.units.is_empty() {
        return Err(JdipError::NoPlaces);
    }
    m.labels = labels(text);
    Ok(m)
}

/// The brief labels: `<text x= y=>CODE</text>` in `BriefLabelLayer`.
fn labels(text: &str) -> Vec<(String, (f64, f64))> {
    let Some(at) = text.find("id=\"BriefLabelLayer\"") else { return Vec::new() };
    let layer = &text[at..];
    let layer = &layer[..layer.find("</g>").unwrap_or(layer.len())];
    let mut out = Vec::new();
    for t in tags(layer, "text") {
        let start = layer.as_ptr() as usize;
        let end = t.as_ptr() as usize - start + t.len();
        let body = &layer[end..];
        let word = body[..body.find('<').unwrap_or(0)].trim();
        if let (Some(p), false) = (xy(t), word.is_empty()) {
            out.push((word.to_ascii_uppercase(), p));
        }
    }
    out
}

impl JdipMap {
    /// The places in pixels of a picture `scale` pixels a unit of the view
    /// box, under `v`'s codes (jDip's `gob` is the Gulf of Bothnia, `BOT`:
    /// a name that is not a code is looked up among the aliases).
    pub fn places(&self, scale: f64, v: &Variant) -> Places {
        let px =
            |list: &[(String, (f64, f64))]| list.iter().map(|(c, (x, y))| (known(v, c), ((x - self.view[0]) * scale, (y - self.view[1]) * scale))).collect();
        Places { units: px(&self.units), centers: px(&self.centers), labels: px(&self.labels), dislodged: px(&self.dislodged) }
    }
}

/// `code` (`GOB`, `GOB/NC`) under `v`'s province code, where it is an alias.
fn known(v: &Variant, code: &str) -> String {
    let (base, coast) = code.split_once('/').map_or((code, None), |(b, c)| (b, Some(c)));
    if v.prov_by_code(base).is_some() {
        return code.to_string();
    }
    match v.provinces.iter().find(|p| p.aliases.iter().any(|a| a.eq_ignore_ascii_case(base))) {
        Some(p) => coast.map_or_else(|| p.code.clone(), |c| format!("{}/{c}", p.code)),
        None => code.to_string(),
    }
}

/// The SVG drawn by resvg about `width` pixels across, on white, with the
/// scale it was drawn at (pixels a unit of its view box).
pub fn draw(text: &str, m: &JdipMap, width: f64) -> Result<(Raster, f64), JdipError> {
    let opt = resvg::usvg::Options::default();
    // jDip's own files declare the namespace in their DTD only
    let declared = tags(text, "svg").first().is_some_and(|t| t.contains("xmlns:jdipNS"));
    let text = if declared { text.to_string() } else { text.replacen("<svg", "<svg xmlns:jdipNS=\"http://jdip.sourceforge.org/jdipNS\"", 1) };
    let tree = resvg::usvg::Tree::from_str(&text, &opt).map_err(|e| JdipError::Svg(e.to_string()))?;
    let size = tree.size();
    let view_w = if m.view[2] > 0.0 { m.view[2] } else { size.width() as f64 };
    if view_w <= 0.0 || size.width() <= 0.0 || size.height() <= 0.0 {
        return Err(JdipError::NoSize);
    }
    // units of the view box a pixel of the tree's size, then pixels a unit
    let scale = width / view_w;
    let zoom = (scale * view_w / size.width() as f64) as f32;
    let (w, h) = ((size.width() * zoom).ceil() as u32, (size.height() * zoom).ceil() as u32);
    if w as usize * h as usize > super::MAX_PIXELS {
        return Err(JdipError::NoSize);
    }
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).ok_or(JdipError::NoSize)?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(zoom, zoom), &mut pixmap.as_mut());
    let rgb = pixmap.pixels().iter().map(|p| [p.red(), p.green(), p.blue()]).collect();
    Ok((Raster { width: w as usize, height: h as usize, rgb }, scale))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"<svg viewBox="-5 -5 610 590" xmlns="http://www.w3.org/2000/svg" xmlns:jdipNS="x">
<jdipNS:PROVINCE_DATA>
<jdipNS:PROVINCE name="adr"><jdipNS:UNIT x="280" y="460"/><jdipNS:DISLODGED_UNIT x="290" y="470"/><jdipNS:SUPPLY_CENTER x="280" y="480"/></jdipNS:PROVINCE>
<jdipNS:PROVINCE name="bul-ec">
  <jdipNS:UNIT x = '10.5' y="20"/>
</jdipNS:PROVINCE>
</jdipNS:PROVINCE_DATA>
<g class="labeltext24" id="BriefLabelLayer"><text x="649.4" y="924.2">SWI</text><text class="labeltext18" x="8" y="9">adr</text></g>
</svg>"#;

    #[test]
    fn a_jdip_svg_gives_its_view_box_and_places() {
        let m = read(FILE).unwrap();
        assert_eq!(m.view, [-5.0, -5.0, 610.0, 590.0]);
        assert_eq!(m.units, vec![("ADR".to_string(), (280.0, 460.0)), ("BUL/EC".to_string(), (10.5, 20.0))]);
        assert_eq!(m.dislodged, vec![("ADR".to_string(), (290.0, 470.0))]);
        assert_eq!(m.centers, vec![("ADR".to_string(), (280.0, 480.0))]);
        assert_eq!(m.labels, vec![("SWI".to_string(), (649.4, 924.2)), ("ADR".to_string(), (8.0, 9.0))]);
        let v = Variant::standard();
        assert_eq!(m.places(2.0, &v).units["ADR"], (570.0, 930.0));
        let gob = read(&FILE.replace("\"adr\"", "\"gob\"")).unwrap();
        assert!(gob.places(1.0, &v).units.contains_key("BOT"), "an alias is its province's code");
        assert!(matches!(read("<svg viewBox=\"0 0 1 1\"></svg>"), Err(JdipError::NoPlaces)));
    }
}
