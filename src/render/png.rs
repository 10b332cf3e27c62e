//! SVG to PNG with resvg, the bundled DejaVu Sans the only font (a fresh
//! machine may have none), at a fixed scale; the picture's size is capped.

use std::sync::{Arc, OnceLock};

/// The fonts text is drawn with (`config/maps/fonts/`, DejaVu licence).
const REGULAR: &[u8] = include_bytes!("../../config/maps/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../config/maps/fonts/DejaVuSans-Bold.ttf");

/// Pixels across the PNG of the standard map's width (1835 units): about
/// 1100, readable in a mail client without scrolling far.
pub const SCALE: f32 = 0.6;

/// The most pixels one picture may have (about 16 megapixels, 64 MiB of
/// RGBA): a larger picture is refused, not drawn.
pub const MAX_PIXELS: u64 = 16_000_000;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("the picture cannot be read as SVG: {0}")]
    Svg(String),
    #[error("the picture would be {0} by {1} pixels, more than the {MAX_PIXELS} allowed")]
    TooLarge(u32, u32),
    #[error("the picture could not be encoded as PNG: {0}")]
    Encode(String),
}

fn fonts() -> Arc<resvg::usvg::fontdb::Database> {
    static DB: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = resvg::usvg::fontdb::Database::new();
        db.load_font_data(REGULAR.to_vec());
        db.load_font_data(BOLD.to_vec());
        db.set_sans_serif_family("DejaVu Sans");
        Arc::new(db)
    })
    .clone()
}

/// The PNG of an SVG picture (one of [`super::svg`]'s).
pub fn png(svg: &str) -> Result<Vec<u8>, RenderError> {
    // the same picture asked for again (the board now, by many MAP mails):
    // drawn once; a few recent pictures are kept, keyed by their SVG
    if let Some(png) = recent().lock().ok().and_then(|r| r.iter().find(|(k, _)| k.as_str() == svg).map(|(_, p)| p.clone())) {
        return Ok(png.as_ref().clone());
    }
    let png = draw_png(svg)?;
    if let Ok(mut r) = recent().lock() {
        if r.len() >= RECENT {
            r.pop_front();
        }
        r.push_back((svg.to_string(), Arc::new(png.clone())));
    }
    Ok(png)
}

/// How many recent pictures [`png`] keeps (each with its SVG, a few hundred KB at most).
const RECENT: usize = 8;

/// Recent pictures: the SVG itself (compared whole) and its PNG.
type Recent = std::sync::Mutex<std::collections::VecDeque<(String, Arc<Vec<u8>>)>>;

fn recent() -> &'static Recent {
    static R: OnceLock<Recent> = OnceLock::new();
    R.get_or_init(Default::default)
}

/// The PNG of an SVG picture, drawn now (no cache: [`png`] keeps recent ones).
pub fn draw_png(svg: &str) -> Result<Vec<u8>, RenderError> {
    let opt = resvg::usvg::Options { fontdb: fonts(), font_family: "DejaVu Sans".into(), ..Default::default() };
    let tree = resvg::usvg::Tree::from_str(svg, &opt).map_err(|e| RenderError::Svg(e.to_string()))?;
    let size = tree.size();
    let (w, h) = ((size.width() * SCALE).ceil(), (size.height() * SCALE).ceil());
    if !(w.is_finite() && h.is_finite()) || w < 1.0 || h < 1.0 || (w as u64).saturating_mul(h as u64) > MAX_PIXELS {
        return Err(RenderError::TooLarge(w.min(u32::MAX as f32) as u32, h.min(u32::MAX as f32) as u32));
    }
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w as u32, h as u32).ok_or(RenderError::TooLarge(w as u32, h as u32))?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(SCALE, SCALE), &mut pixmap.as_mut());
    encode(pixmap.width(), pixmap.height(), pixmap.data())
}

/// The picture as an indexed-colour PNG: at most 256 colours, chosen by
/// NeuQuant (color_quant, the quantizer of the image crates) from the
/// picture itself (learning from one pixel in 30: the map's colours are few
/// and large; 1 in 10 took twice as long for the same picture), so a map of
/// flat fills, lines and text keeps its look at a fraction of the bytes of
/// RGBA (a results mail stays light). The pixmap is
/// painted on opaque white, so its premultiplied pixels are the plain ones.
fn encode(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, RenderError> {
    let nq = color_quant::NeuQuant::new(30, 256, rgba);
    let palette: Vec<u8> = nq.color_map_rgb();
    // a map has long runs and few distinct colours: each is looked up once
    let mut seen: rustc_hash::FxHashMap<[u8; 4], u8> = rustc_hash::FxHashMap::default();
    let indices: Vec<u8> = rgba
        .chunks_exact(4)
        .map(|p| {
            let px = [p[0], p[1], p[2], p[3]];
            *seen.entry(px).or_insert_with(|| nq.index_of(p) as u8)
        })
        .collect();
    let mut out = Vec::with_capacity(indices.len() / 8);
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette);
    enc.set_compression(png::Compression::Balanced);
    let mut w = enc.write_header().map_err(|e| RenderError::Encode(e.to_string()))?;
    w.write_image_data(&indices).map_err(|e| RenderError::Encode(e.to_string()))?;
    w.finish().map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out)
}
