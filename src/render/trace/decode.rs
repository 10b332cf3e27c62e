//! A PNG's or GIF's bytes as a [`Raster`] of RGB pixels (transparency over
//! white), refused past [`super::MAX_PIXELS`].

use super::{MAX_PIXELS, Raster};

#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    #[error("the picture cannot be read: {0}")]
    Bad(String),
    #[error("the picture is {0} by {1} pixels, more than {MAX_PIXELS} pixels")]
    TooLarge(usize, usize),
}

fn over_white(c: &[u8], a: u8) -> [u8; 3] {
    let mix = |v: u8| ((v as u32 * a as u32 + 255 * (255 - a as u32)) / 255) as u8;
    [mix(c[0]), mix(c[1]), mix(c[2])]
}

fn check(w: usize, h: usize) -> Result<(), DecodeError> {
    if w.saturating_mul(h) > MAX_PIXELS { Err(DecodeError::TooLarge(w, h)) } else { Ok(()) }
}

/// A PNG (any colour type and depth).
pub fn png(bytes: &[u8]) -> Result<Raster, DecodeError> {
    let bad = |e: png::DecodingError| DecodeError::Bad(e.to_string());
    let mut d = png::Decoder::new(std::io::Cursor::new(bytes));
    d.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let head = d.read_header_info().map_err(bad)?;
    check(head.width as usize, head.height as usize)?;
    let mut reader = d.read_info().map_err(bad)?;
    let mut buf = vec![0; reader.output_buffer_size().ok_or_else(|| DecodeError::Bad("no size".into()))?];
    let info = reader.next_frame(&mut buf).map_err(bad)?;
    let (w, h) = (info.width as usize, info.height as usize);
    let rgb = match info.color_type {
        png::ColorType::Rgb => buf.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect(),
        png::ColorType::Rgba => buf.chunks_exact(4).map(|c| over_white(c, c[3])).collect(),
        png::ColorType::Grayscale => buf.iter().map(|&g| [g, g, g]).collect(),
        png::ColorType::GrayscaleAlpha => buf.chunks_exact(2).map(|c| over_white(&[c[0], c[0], c[0]], c[1])).collect(),
        png::ColorType::Indexed => return Err(DecodeError::Bad("palette not expanded".into())),
    };
    let rgb: Vec<[u8; 3]> = rgb;
    Ok(Raster { width: w, height: h, rgb: rgb.into_iter().take(w * h).collect() })
}

/// A GIF's first frame.
pub fn gif(bytes: &[u8]) -> Result<Raster, DecodeError> {
    let bad = |e: gif::DecodingError| DecodeError::Bad(e.to_string());
    let mut o = gif::DecodeOptions::new();
    o.set_color_output(gif::ColorOutput::RGBA);
    let mut d = o.read_info(std::io::Cursor::new(bytes)).map_err(bad)?;
    let (w, h) = (d.width() as usize, d.height() as usize);
    check(w, h)?;
    let mut rgb = vec![[255u8; 3]; w * h];
    if let Some(f) = d.read_next_frame().map_err(bad)? {
        let (fx, fy, fw) = (f.left as usize, f.top as usize, f.width as usize);
        for (i, c) in f.buffer.chunks_exact(4).enumerate() {
            let (x, y) = (fx + i % fw.max(1), fy + i / fw.max(1));
            if x < w && y < h {
                rgb[y * w + x] = over_white(c, c[3]);
            }
        }
    }
    Ok(Raster { width: w, height: h, rgb })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG's header alone, for a picture of `w` × `h` (no pixel data).
    fn header(w: u32, h: u32) -> Vec<u8> {
        let mut out = Vec::new();
        let mut e = png::Encoder::new(&mut out, w, h);
        e.set_color(png::ColorType::Rgb);
        drop(e.write_header().expect("a header"));
        out
    }

    #[test]
    fn a_picture_of_as_many_pixels_as_allowed_is_read_and_one_more_refused() {
        // 4000 × 3000 is the limit: read (and found to have no pixels)
        assert!(matches!(png(&header(4000, 3000)), Err(DecodeError::Bad(_))));
        assert!(matches!(png(&header(4000, 3001)), Err(DecodeError::TooLarge(4000, 3001))));
        assert_eq!(MAX_PIXELS, 4000 * 3000);
    }

    #[test]
    fn a_small_png_is_read_pixel_for_pixel() {
        let mut out = Vec::new();
        let mut e = png::Encoder::new(&mut out, 2, 1);
        e.set_color(png::ColorType::Rgba);
        let mut w = e.write_header().expect("a header");
        w.write_image_data(&[255, 0, 0, 255, 0, 0, 255, 0]).expect("pixels");
        drop(w);
        let r = png(&out).expect("read");
        // the second pixel is transparent: white
        assert_eq!((r.width, r.height, r.rgb.clone()), (2, 1, vec![[255, 0, 0], [255, 255, 255]]));
    }
}
