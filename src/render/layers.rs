//! A picture drawn piece by piece ([`super::cut`]), each piece's pixels
//! kept: the next picture of the same map draws only the pieces that
//! changed (a province that changed hands, a unit that moved, the orders,
//! the caption) and lays the kept ones over the canvas in the SVG's order,
//! as resvg paints them.
//!
//! A piece is drawn on a transparent canvas of the picture's full size, at
//! the same scale (its edges' anti-aliasing is the one the whole picture
//! gets), and kept as spans of rows: a province is a run of its fill
//! between the few pixels of its edges, a label a few pixels of glyphs.
//! Laying a piece over the canvas rounds once more than painting it there:
//! a pixel may differ from the whole picture's by a few levels of 255.
//!
//! What is kept is bounded: a piece no drawing used among the last [`AGE`]
//! goes, and past [`BUDGET`] bytes the least recently used go.

use super::cut::{Cut, Piece};
use resvg::tiny_skia::{Pixmap, Transform};
use std::sync::{Arc, Mutex, OnceLock};

/// The pixels one piece paints, as spans of rows (the pixels it leaves
/// transparent are not kept).
#[derive(Default)]
pub struct Layer {
    spans: Vec<Span>,
    /// The pixels of the spans that are not one colour, premultiplied RGBA.
    pixels: Vec<[u8; 4]>,
}

/// `len` pixels of row `y` from column `x`.
#[derive(Clone, Copy, Debug)]
struct Span {
    y: u32,
    x: u32,
    len: u32,
    fill: Fill,
}

#[derive(Clone, Copy, Debug)]
enum Fill {
    /// One colour (premultiplied RGBA) repeated.
    One([u8; 4]),
    /// The layer's pixels from this one on.
    From(u32),
}

/// A run of one colour this long or longer is kept as one span.
const RUN: usize = 8;

impl Layer {
    fn bytes(&self) -> usize {
        self.spans.len() * std::mem::size_of::<Span>() + self.pixels.len() * 4
    }

    /// What `data` (premultiplied RGBA, `width` pixels a row) holds within `at`.
    fn of(data: &[u8], width: u32, at: Rect) -> Layer {
        let mut l = Layer::default();
        for y in at.y..at.y + at.h {
            let start = ((y * width + at.x) * 4) as usize;
            let row = data[start..start + at.w as usize * 4].as_chunks::<4>().0;
            let mut x = 0;
            while x < row.len() {
                let p = row[x];
                if p[3] == 0 {
                    x += 1;
                    continue;
                }
                let run = row[x..].iter().take_while(|q| **q == p).count();
                if run >= RUN {
                    l.spans.push(Span { y, x: at.x + x as u32, len: run as u32, fill: Fill::One(p) });
                    x += run;
                    continue;
                }
                // pixels one by one, up to a transparent one or a long run
                let (first, from) = (x, l.pixels.len() as u32);
                while x < row.len() && row[x][3] != 0 && !(row.len() - x >= RUN && row[x..x + RUN].iter().all(|q| *q == row[x])) {
                    l.pixels.push(row[x]);
                    x += 1;
                }
                l.spans.push(Span { y, x: at.x + first as u32, len: (x - first) as u32, fill: Fill::From(from) });
            }
        }
        l.spans.shrink_to_fit();
        l.pixels.shrink_to_fit();
        l
    }

    /// Lays this layer over `canvas` (premultiplied RGBA, `width` pixels a
    /// row): source over.
    pub fn paint(&self, canvas: &mut [u8], width: u32) {
        for s in &self.spans {
            let start = ((s.y * width + s.x) * 4) as usize;
            let dst = canvas[start..start + s.len as usize * 4].as_chunks_mut::<4>().0;
            match s.fill {
                Fill::One(p) if p[3] == 255 => dst.fill(p),
                Fill::One(p) => dst.iter_mut().for_each(|d| over(d, p)),
                Fill::From(i) => dst.iter_mut().zip(&self.pixels[i as usize..]).for_each(|(d, p)| over(d, *p)),
            }
        }
    }
}

/// `s` laid over `d`, both premultiplied.
fn over(d: &mut [u8; 4], s: [u8; 4]) {
    if s[3] == 255 {
        *d = s;
        return;
    }
    let keep = 255 - s[3] as u32;
    for (d, s) in d.iter_mut().zip(s) {
        // s + d·keep/255, rounded (s ≥ its share: premultiplied)
        let x = *d as u32 * keep + 128;
        *d = s.saturating_add(((x + (x >> 8)) >> 8) as u8);
    }
}

/// A rectangle of the canvas, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

/// The pieces kept of one kind of canvas (one head: the map's size and defs).
struct Sheet {
    head: Box<str>,
    /// By piece: its group, NUL, its element (NUL is never in SVG).
    pieces: rustc_hash::FxHashMap<Box<str>, Kept>,
}

struct Kept {
    layer: Arc<Layer>,
    /// The drawing that last used it: the least recently used go first.
    used: u64,
}

/// The pieces kept, for the maps drawn lately.
#[derive(Default)]
struct Store {
    sheets: Vec<Sheet>,
    /// Bytes kept: the pieces' pixels and their SVG text.
    bytes: usize,
    /// Drawings so far.
    clock: u64,
}

/// The most bytes of pieces kept (their pixels and their SVG text): a
/// picture's are about 1.2 MB (the standard map, 1885, Original 1958), and
/// most of the next picture's are the same ones; one game of 100 phases
/// keeps about 2 MB (`cargo bench --bench memory`); many games of one map
/// share most of theirs (a province of each colour, a unit of each power
/// in each space).
pub const BUDGET: usize = 8 << 20;

/// A piece no drawing used among the last this many is dropped: a game's
/// old orders and the places its units left are not kept for long, the
/// pieces every picture of a map shares stay.
pub const AGE: u64 = 32;

fn store() -> &'static Mutex<Store> {
    static S: OnceLock<Mutex<Store>> = OnceLock::new();
    S.get_or_init(Default::default)
}

fn key(p: &Piece) -> String {
    let mut k = String::with_capacity(p.group.len() + 1 + p.element.len());
    k.push_str(p.group);
    k.push('\0');
    k.push_str(p.element);
    k
}

impl Store {
    fn sheet(&mut self, head: &str) -> &mut Sheet {
        let i = match self.sheets.iter().position(|s| &*s.head == head) {
            Some(i) => i,
            None => {
                self.sheets.push(Sheet { head: head.into(), pieces: Default::default() });
                self.bytes += head.len();
                self.sheets.len() - 1
            }
        };
        &mut self.sheets[i]
    }

    /// The kept layer of each key (`None`: not kept), marked used by a new drawing.
    fn find(&mut self, head: &str, keys: &[String]) -> Vec<Option<Arc<Layer>>> {
        self.clock += 1;
        let now = self.clock;
        let sheet = self.sheet(head);
        keys.iter()
            .map(|k| {
                sheet.pieces.get_mut(k.as_str()).map(|kept| {
                    kept.used = now;
                    kept.layer.clone()
                })
            })
            .collect()
    }

    fn keep(&mut self, head: &str, new: Vec<(String, Arc<Layer>)>) {
        let now = self.clock;
        let sheet = self.sheet(head);
        let (mut added, mut freed) = (0, 0);
        for (k, layer) in new {
            let len = k.len();
            added += len + layer.bytes();
            if let Some(old) = sheet.pieces.insert(k.into(), Kept { layer, used: now }) {
                freed += len + old.layer.bytes();
            }
        }
        self.bytes = (self.bytes + added).saturating_sub(freed);
        if self.bytes > BUDGET {
            self.shrink(BUDGET * 3 / 4);
        } else {
            self.drop_used_before(now.saturating_sub(AGE));
        }
    }

    /// Drops the least recently used pieces until at most `to` bytes are kept.
    fn shrink(&mut self, to: usize) {
        let mut by_use: Vec<(u64, usize)> =
            self.sheets.iter().flat_map(|s| s.pieces.iter().map(|(k, kept)| (kept.used, k.len() + kept.layer.bytes()))).collect();
        by_use.sort_unstable();
        let mut bytes = self.bytes;
        let mut until = 0;
        for (used, b) in by_use {
            if bytes <= to {
                break;
            }
            bytes = bytes.saturating_sub(b);
            until = used + 1;
        }
        self.drop_used_before(until);
    }

    /// Drops the pieces last used before drawing `until`.
    fn drop_used_before(&mut self, until: u64) {
        for sheet in &mut self.sheets {
            sheet.pieces.retain(|_, kept| kept.used >= until);
        }
        self.sheets.retain(|s| !s.pieces.is_empty());
        self.bytes = self.sheets.iter().map(|s| s.head.len() + s.pieces.iter().map(|(k, kept)| k.len() + kept.layer.bytes()).sum::<usize>()).sum();
    }
}

/// Draws piece `p` of a picture with head `head` alone on `scratch` (the
/// whole canvas, transparent) at `scale`, takes its pixels and leaves
/// `scratch` transparent again.
fn draw_piece(head: &str, p: &Piece, opt: &resvg::usvg::Options, scale: f32, scratch: &mut Pixmap) -> Result<Layer, resvg::usvg::Error> {
    let close = if p.group.is_empty() { "" } else { "</g>" };
    let doc = format!("{head}{}{}{close}</svg>", p.group, p.element);
    let tree = resvg::usvg::Tree::from_str(&doc, opt)?;
    if !tree.root().has_children() {
        return Ok(Layer::default());
    }
    let b = tree.root().abs_layer_bounding_box();
    let (width, height) = (scratch.width(), scratch.height());
    // the edges' anti-aliasing reaches a pixel past the shape
    let x0 = ((b.left() * scale).floor() - 2.0).max(0.0);
    let y0 = ((b.top() * scale).floor() - 2.0).max(0.0);
    let x1 = ((b.right() * scale).ceil() + 2.0).min(width as f32);
    let y1 = ((b.bottom() * scale).ceil() + 2.0).min(height as f32);
    if !(x1 > x0 && y1 > y0) {
        return Ok(Layer::default());
    }
    let at = Rect { x: x0 as u32, y: y0 as u32, w: (x1 - x0) as u32, h: (y1 - y0) as u32 };
    resvg::render(&tree, Transform::from_scale(scale, scale), &mut scratch.as_mut());
    let layer = Layer::of(scratch.data(), width, at);
    let data = scratch.data_mut();
    for y in at.y..at.y + at.h {
        let start = ((y * width + at.x) * 4) as usize;
        data[start..start + at.w as usize * 4].fill(0);
    }
    Ok(layer)
}

/// Paints `cut`'s pieces over `canvas` at `scale`: the kept ones as kept,
/// the others drawn now (and kept). `Err`: a piece is not SVG.
pub fn paint(cut: &Cut, opt: &resvg::usvg::Options, scale: f32, canvas: &mut Pixmap) -> Result<(), resvg::usvg::Error> {
    let keys: Vec<String> = cut.pieces.iter().map(key).collect();
    // a store left poisoned by a panic is not read: the picture is drawn anew
    let found = store().lock().map(|mut s| s.find(cut.head, &keys)).unwrap_or_else(|_| vec![None; keys.len()]);
    let (width, height) = (canvas.width(), canvas.height());
    let mut scratch: Option<Pixmap> = None;
    let mut new = Vec::new();
    let mut layers = Vec::with_capacity(keys.len());
    for ((p, k), f) in cut.pieces.iter().zip(keys).zip(found) {
        let layer = match f {
            Some(l) => l,
            None => {
                let scratch = match &mut scratch {
                    Some(s) => s,
                    // as large as `canvas`, which is
                    None => scratch.insert(Pixmap::new(width, height).ok_or(resvg::usvg::Error::InvalidSize)?),
                };
                let l = Arc::new(draw_piece(cut.head, p, opt, scale, scratch)?);
                new.push((k, l.clone()));
                l
            }
        };
        layers.push(layer);
    }
    if !new.is_empty()
        && let Ok(mut s) = store().lock()
    {
        s.keep(cut.head, new);
    }
    let data = canvas.data_mut();
    for l in &layers {
        l.paint(data, width);
    }
    Ok(())
}

/// The bytes of pieces kept now (at most [`BUDGET`] and a picture's).
pub fn kept() -> usize {
    store().lock().map(|s| s.bytes).unwrap_or(0)
}

/// Drops every piece kept: the next picture is drawn as the first of its map is.
pub fn forget() {
    if let Ok(mut s) = store().lock() {
        *s = Store::default();
    }
}
