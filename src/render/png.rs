//! SVG to PNG with resvg, the bundled DejaVu Sans the only font (a fresh
//! machine may have none), at a fixed scale; the picture's size is capped.
//! The picture is drawn piece by piece, the pieces drawn lately reused
//! ([`super::layers`]), and written with the 256 colours it uses most
//! ([`super::palette`]).

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

/// The PNG of an SVG picture, drawn now (the whole picture not looked up:
/// [`png`] keeps recent ones; the pieces of the pictures drawn lately are
/// reused, [`super::layers`]).
pub fn draw_png(svg: &str) -> Result<Vec<u8>, RenderError> {
    let pixmap = draw(svg)?;
    encode(pixmap.width(), pixmap.height(), pixmap.data())
}

/// The PNG of an SVG picture drawn whole at `scale` (a gallery's small
/// pictures; at most [`SCALE`]).
pub fn png_at(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    let scale = scale.clamp(0.1, SCALE);
    let tree = resvg::usvg::Tree::from_str(svg, &options()).map_err(svg_error)?;
    let mut pixmap = canvas_at(tree.size(), scale)?;
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    encode(pixmap.width(), pixmap.height(), pixmap.data())
}

fn options() -> resvg::usvg::Options<'static> {
    resvg::usvg::Options { fontdb: fonts(), font_family: "DejaVu Sans".into(), ..Default::default() }
}

fn svg_error(e: resvg::usvg::Error) -> RenderError {
    RenderError::Svg(e.to_string())
}

/// The picture's pixels: piece by piece when it cuts ([`super::cut`]),
/// else whole.
fn draw(svg: &str) -> Result<resvg::tiny_skia::Pixmap, RenderError> {
    let opt = options();
    let Some(cut) = super::cut::cut(svg) else { return draw_whole(svg, &opt) };
    let head = resvg::usvg::Tree::from_str(&format!("{}</svg>", cut.head), &opt).map_err(svg_error)?;
    let mut pixmap = canvas(head.size())?;
    super::layers::paint(&cut, &opt, SCALE, &mut pixmap).map_err(svg_error)?;
    Ok(pixmap)
}

/// The picture's pixels, drawn whole by resvg.
fn draw_whole(svg: &str, opt: &resvg::usvg::Options) -> Result<resvg::tiny_skia::Pixmap, RenderError> {
    let tree = resvg::usvg::Tree::from_str(svg, opt).map_err(svg_error)?;
    let mut pixmap = canvas(tree.size())?;
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(SCALE, SCALE), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// An opaque white canvas for a picture of `size` at [`SCALE`], if it is
/// not too large.
fn canvas(size: resvg::usvg::Size) -> Result<resvg::tiny_skia::Pixmap, RenderError> {
    canvas_at(size, SCALE)
}

/// The same, at `scale`.
fn canvas_at(size: resvg::usvg::Size, scale: f32) -> Result<resvg::tiny_skia::Pixmap, RenderError> {
    let (w, h) = ((size.width() * scale).ceil(), (size.height() * scale).ceil());
    if !(w.is_finite() && h.is_finite()) || w < 1.0 || h < 1.0 || (w as u64).saturating_mul(h as u64) > MAX_PIXELS {
        return Err(RenderError::TooLarge(w.min(u32::MAX as f32) as u32, h.min(u32::MAX as f32) as u32));
    }
    let size = resvg::tiny_skia::IntSize::from_wh(w as u32, h as u32).ok_or(RenderError::TooLarge(w as u32, h as u32))?;
    resvg::tiny_skia::Pixmap::from_vec(vec![255; w as usize * h as usize * 4], size).ok_or(RenderError::TooLarge(w as u32, h as u32))
}

/// How hard the PNG's deflate works (zlib's levels, 1 to 9): the standard
/// map's picture takes about 2.6 ms and 126 KB at 1, 4.5 ms and 112 KB at
/// 2, 11 ms and 107 KB at 6 (zlib's default; 131 KB with the palette
/// NeuQuant learned and rows filtered). A results mail's bytes count
/// against its readers' budgets: a thousand games' master gets fewer
/// results a day the larger the picture.
const DEFLATE_LEVEL: u32 = 2;

/// The picture as an indexed-colour PNG of at most 256 colours, the ones
/// it uses most ([`super::palette`]), so a map of flat fills, lines and
/// text keeps its look at a fraction of the bytes of RGBA (a results mail
/// stays light). The pixmap is painted on opaque white, so its
/// premultiplied pixels are the plain ones.
fn encode(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, RenderError> {
    let (palette, indices) = super::palette::index(rgba);
    let data = image_data(&indices, width as usize).map_err(|e| RenderError::Encode(e.to_string()))?;
    let mut out = Vec::with_capacity(data.len() + 1024);
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette);
    let mut w = enc.write_header().map_err(|e| RenderError::Encode(e.to_string()))?;
    w.write_chunk(png::chunk::IDAT, &data).map_err(|e| RenderError::Encode(e.to_string()))?;
    w.finish().map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out)
}

/// The zlib stream of a PNG's rows of `indices` (`width` a row, each after
/// its filter byte: none; an index is a colour's number, not a level, and
/// the difference of two is no smaller than either). Deflated in two
/// halves, the first ending in a sync flush, on two threads when it can
/// (about half the time; the halves share no window, which costs a few
/// hundred bytes); the bytes are the same either way.
fn image_data(indices: &[u8], width: usize) -> std::io::Result<Vec<u8>> {
    let rows = indices.len() / width.max(1);
    let half = rows / 2;
    let part = |from: usize, to: usize, last: bool| -> std::io::Result<(Vec<u8>, u32, usize)> {
        let mut raw = Vec::with_capacity((to - from) * (width + 1));
        for row in indices[from * width..to * width].chunks_exact(width.max(1)) {
            raw.push(0);
            raw.extend_from_slice(row);
        }
        Ok((deflate(&raw, last)?, adler32(&raw), raw.len()))
    };
    let (first, second) = std::thread::scope(|s| {
        let first = std::thread::Builder::new().name("png-deflate".into()).spawn_scoped(s, || part(0, half, false));
        let second = part(half, rows, true);
        let first = match first {
            Ok(t) => t.join().unwrap_or_else(|_| Err(std::io::Error::other("the deflate thread failed"))),
            Err(_) => part(0, half, false),
        };
        (first, second)
    });
    let ((a, adler_a, _), (b, adler_b, len_b)) = (first?, second?);
    // zlib's header (deflate, 32 KB window, no dictionary) and its checksum at the end
    let mut out = Vec::with_capacity(2 + a.len() + b.len() + 4);
    out.extend_from_slice(&[0x78, 0x01]);
    out.extend_from_slice(&a);
    out.extend_from_slice(&b);
    out.extend_from_slice(&adler32_combine(adler_a, adler_b, len_b).to_be_bytes());
    Ok(out)
}

/// `data` as raw deflate at [`DEFLATE_LEVEL`]: the last part finished, an
/// earlier one ended on a byte by a sync flush (another part can follow).
fn deflate(data: &[u8], last: bool) -> std::io::Result<Vec<u8>> {
    use flate2::{Compress, Compression, FlushCompress, Status};
    let mut c = Compress::new(Compression::new(DEFLATE_LEVEL), false);
    let flush = if last { FlushCompress::Finish } else { FlushCompress::Sync };
    let mut out = Vec::with_capacity(data.len() / 6 + 4096);
    loop {
        if out.capacity() - out.len() < 4096 {
            out.reserve(out.capacity());
        }
        let done = c.total_in() as usize;
        let status = c.compress_vec(&data[done..], &mut out, flush).map_err(std::io::Error::other)?;
        // a flush is over when it leaves room in the output
        let flushed = c.total_in() as usize == data.len() && out.len() < out.capacity();
        if if last { status == Status::StreamEnd } else { flushed } {
            return Ok(out);
        }
    }
}

/// zlib's modulus of Adler-32.
const ADLER: u32 = 65521;

/// The Adler-32 checksum of `data`.
fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    // 5552 bytes is the most before `b` could pass 2^32
    for block in data.chunks(5552) {
        for &x in block {
            a += x as u32;
            b += a;
        }
        (a, b) = (a % ADLER, b % ADLER);
    }
    (b << 16) | a
}

/// The Adler-32 of two pieces of data, one after the other, from theirs
/// and the second's length (zlib's `adler32_combine`).
fn adler32_combine(first: u32, second: u32, second_len: usize) -> u32 {
    let rem = (second_len % ADLER as usize) as u32;
    let a1 = first & 0xffff;
    let b1 = first >> 16;
    let a = (a1 + (second & 0xffff) + ADLER - 1) % ADLER;
    let b = ((rem as u64 * a1 as u64) % ADLER as u64) as u32 + b1 + (second >> 16) + ADLER - rem;
    (b % ADLER) << 16 | a
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG's width, from its header.
    fn width(png: &[u8]) -> u32 {
        u32::from_be_bytes([png[16], png[17], png[18], png[19]])
    }

    #[test]
    fn a_smaller_picture_is_drawn_at_its_scale_and_never_larger_than_a_mails() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500"><rect width="1000" height="500" fill="#3366AA"/></svg>"##;
        assert_eq!(width(&png_at(svg, 0.4).unwrap()), 400);
        // at the bound a mail's size, past it the same
        assert_eq!(width(&png_at(svg, SCALE).unwrap()), width(&draw_png(svg).unwrap()));
        assert_eq!(width(&png_at(svg, SCALE + 0.1).unwrap()), 600);
        assert_eq!(width(&png_at(svg, 0.05).unwrap()), 100, "at least a tenth");
    }

    #[test]
    fn the_two_halves_of_the_rows_make_one_zlib_stream() {
        for (w, h) in [(53usize, 37usize), (8, 1), (1, 2), (300, 200)] {
            let indices: Vec<u8> = (0..w * h).map(|i| ((i / 7) % 5 + (i % w) / 30) as u8).collect();
            let data = image_data(&indices, w).unwrap();
            let mut raw = Vec::new();
            std::io::Read::read_to_end(&mut flate2::read::ZlibDecoder::new(&data[..]), &mut raw).unwrap();
            let want: Vec<u8> = indices.chunks(w).flat_map(|r| std::iter::once(0).chain(r.iter().copied())).collect();
            assert_eq!(raw, want, "{w} by {h}");
        }
        let (a, b) = (b"a first part".repeat(1000), b"and a second".repeat(777));
        assert_eq!(adler32_combine(adler32(&a), adler32(&b), b.len()), adler32(&[a.clone(), b.clone()].concat()));
    }

    #[test]
    fn a_png_reads_back_as_its_colours() {
        let svg = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden/standard-s1901m.svg")).unwrap();
        let pixmap = draw(&svg).unwrap();
        let png = encode(pixmap.width(), pixmap.height(), pixmap.data()).unwrap();
        let back = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
        let (palette, indices) = super::super::palette::index(pixmap.data());
        for (p, i) in back.data().chunks_exact(4).zip(indices) {
            assert_eq!(&p[..3], &palette[i as usize * 3..i as usize * 3 + 3]);
            assert_eq!(p[3], 255);
        }
    }

    /// The largest difference of a channel, and how many pixels differ by more than `by`.
    fn difference(a: &resvg::tiny_skia::Pixmap, b: &resvg::tiny_skia::Pixmap, by: u8) -> (u8, usize) {
        assert_eq!((a.width(), a.height()), (b.width(), b.height()));
        let px = a.data().chunks_exact(4).zip(b.data().chunks_exact(4));
        px.fold((0, 0), |(most, n), (p, q)| {
            let d = p.iter().zip(q).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
            (most.max(d), n + usize::from(d > by))
        })
    }

    #[test]
    fn a_picture_drawn_piece_by_piece_is_the_picture_drawn_whole() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden");
        let names = ["standard-s1901m.svg", "standard-f1902r.svg", "1885-jan1885m.svg", "original1958-w1914a.svg"];
        for name in names {
            let svg = std::fs::read_to_string(dir.join(name)).unwrap();
            assert!(super::super::cut::cut(&svg).is_some(), "{name} is not cut");
            let whole = draw_whole(&svg, &options()).unwrap();
            // drawn first with its pieces new, then with them kept
            for _ in 0..2 {
                // a pixel may be off by a rounding or two, and few are
                let (most, n) = difference(&whole, &draw(&svg).unwrap(), 0);
                assert!(most <= 6 && n * 10 < whole.data().len() / 4, "{name}: {n} pixels differ, by up to {most}");
            }
            // another caption: only that piece is new
            let other = draw(&svg.replacen("Game ", "Game x", 1)).unwrap();
            let (most, n) = difference(&whole, &other, 6);
            assert!(most > 100 && n < whole.data().len() / 100, "{name}: {n} pixels differ, by up to {most}");
        }
    }
}
