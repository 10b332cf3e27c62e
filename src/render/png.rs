//! SVG to PNG with resvg, the bundled DejaVu Sans the only font (a fresh
//! machine may have none), at a fixed scale; the picture's size is capped.

use std::sync::{Arc, OnceLock};

/// The fonts text is drawn with (`config/maps/fonts/`, DejaVu licence).
const REGULAR: &[u8] = include_bytes!("../../config/maps/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../config/maps/fonts/DejaVuSans-Bold.ttf");

/// Pixels across the PNG of the standard map's width (1835 units): about
/// 1300, readable in a mail client without scrolling far.
const SCALE: f32 = 0.7;

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

/// The picture as PNG with the png crate's fast compression (tiny-skia's own
/// encoder uses the default level: a third of the time went there). The
/// pixmap is painted on opaque white, so its premultiplied pixels are the
/// plain ones.
fn encode(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(rgba.len() / 8);
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    let mut w = enc.write_header().map_err(|e| RenderError::Encode(e.to_string()))?;
    w.write_image_data(rgba).map_err(|e| RenderError::Encode(e.to_string()))?;
    w.finish().map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out)
}
