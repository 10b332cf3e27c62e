//! Each pixel of a map picture given to a province: the provinces grow from
//! their seed points at once, one step a pixel, and a pixel goes to the one
//! that reaches it cheapest. Ink (the drawn borders) is dear to cross, so
//! regions meet on the lines; where the picture tells land from sea by
//! colour, a land province never grows into the sea nor a sea onto land.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A picture's pixels, row by row from the top left.
pub struct Raster {
    pub width: usize,
    pub height: usize,
    pub rgb: Vec<[u8; 3]>,
}

/// Which surface a province lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    Land,
    Sea,
    /// Either (an impassable space, drawn as land or as water).
    Either,
}

/// Where a province grows from: its points on the picture (pixels).
#[derive(Clone)]
pub struct Seed {
    pub surface: Surface,
    pub points: Vec<(f64, f64)>,
}

/// A pixel no province reached (open water no province names).
pub const NONE: u16 = u16::MAX;
/// Land no province reached (an island no province names).
pub const SCENERY: u16 = u16::MAX - 1;

/// Darker than this in every channel (0 to 255) is ink: black and dark
/// grey lines, not a deep sea blue.
const INK: u8 = 90;
/// Colours nearer than this (sum of the three channels' differences) are one.
const SAME_COLOUR: u32 = 90;
/// A step onto a plain pixel, and onto ink or a colour of neither surface.
const STEP: u32 = 10;
const INK_STEP: u32 = 1000;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Ink,
    /// Near ink: a gap in a dashed line, or the line's own edge.
    Near,
    /// A colour no seed stands on.
    Other,
    /// A colour seeds stand on: which surfaces' seeds.
    Colour {
        land: bool,
        sea: bool,
    },
}

fn ink(c: [u8; 3]) -> bool {
    c.iter().all(|&v| v < INK)
}

fn diff(a: [u8; 3], b: [u8; 3]) -> u32 {
    a.iter().zip(b).map(|(x, y)| x.abs_diff(y) as u32).sum()
}

/// The commonest colour that is not ink within a few pixels of `p`.
fn colour_at(r: &Raster, p: (usize, usize)) -> Option<[u8; 3]> {
    let mut seen: Vec<([u8; 3], u32)> = Vec::new();
    for y in p.1.saturating_sub(3)..(p.1 + 4).min(r.height) {
        for x in p.0.saturating_sub(3)..(p.0 + 4).min(r.width) {
            let c = r.rgb[y * r.width + x];
            if ink(c) {
                continue;
            }
            match seen.iter_mut().find(|(k, _)| *k == c) {
                Some(e) => e.1 += 1,
                None => seen.push((c, 1)),
            }
        }
    }
    seen.into_iter().max_by_key(|e| e.1).map(|e| e.0)
}

fn pixel(r: &Raster, p: (f64, f64)) -> Option<(usize, usize)> {
    let (x, y) = (p.0.round(), p.1.round());
    (x >= 0.0 && y >= 0.0 && (x as usize) < r.width && (y as usize) < r.height).then_some((x as usize, y as usize))
}

/// A surface whose seeds on a colour are fewer than one in this many of
/// the other surface's there does not stand on it: a land place drawn just
/// off its coast (chromatic's Topaz) does not make the sea land.
const STRAY: usize = 10;

/// Every pixel's class: ink, or the colour seeds stand on it is nearest
/// to, with the surfaces of the seeds that stand on that colour (but
/// [`STRAY`] ones).
fn classes(r: &Raster, seeds: &[Seed]) -> Vec<Class> {
    let mut counts: Vec<([u8; 3], usize, usize)> = Vec::new();
    for s in seeds {
        for c in s.points.iter().filter_map(|&p| pixel(r, p)).filter_map(|p| colour_at(r, p)) {
            let i = counts.iter().position(|k| k.0 == c).unwrap_or_else(|| {
                counts.push((c, 0, 0));
                counts.len() - 1
            });
            counts[i].1 += usize::from(s.surface == Surface::Land);
            counts[i].2 += usize::from(s.surface == Surface::Sea);
        }
    }
    let colours: Vec<([u8; 3], bool, bool)> = counts.iter().map(|&(c, l, s)| (c, l > 0 && l * STRAY >= s, s > 0 && s * STRAY >= l)).collect();
    let mut seen: std::collections::HashMap<[u8; 3], Class> = std::collections::HashMap::new();
    r.rgb
        .iter()
        .map(|&c| {
            *seen.entry(c).or_insert_with(|| {
                if ink(c) {
                    return Class::Ink;
                }
                match colours.iter().map(|k| (diff(c, k.0), k)).filter(|(d, _)| *d <= SAME_COLOUR).min_by_key(|(d, _)| *d) {
                    Some((_, k)) => Class::Colour { land: k.1, sea: k.2 },
                    None => Class::Other,
                }
            })
        })
        .collect()
}

/// What a step onto a pixel of class `c` costs a province on `s`; None
/// where it may not go.
fn step(c: Class, s: Surface) -> Option<u32> {
    match (c, s) {
        (Class::Ink | Class::Near | Class::Other, _) => Some(INK_STEP),
        (Class::Colour { .. }, Surface::Either) => Some(STEP),
        (Class::Colour { land, .. }, Surface::Land) => land.then_some(STEP),
        (Class::Colour { sea, .. }, Surface::Sea) => sea.then_some(STEP),
    }
}

/// Marks every pixel within `radius` of ink as near it, so the gaps of a
/// dashed border are as dear to cross as its dashes.
fn close_gaps(class: &mut [Class], w: usize, radius: f64) {
    if radius <= 0.0 {
        return;
    }
    let reach = (radius * 3.0).round() as u32;
    let mut d: Vec<u32> = class.iter().map(|&c| if c == Class::Ink { 0 } else { u32::MAX / 2 }).collect();
    let h = class.len() / w;
    let pass = |d: &mut Vec<u32>, p: usize, q: usize, cost: u32| d[p] = d[p].min(d[q] + cost);
    for y in 0..h {
        for x in 0..w {
            let p = y * w + x;
            if x > 0 {
                pass(&mut d, p, p - 1, 3)
            }
            if y > 0 {
                pass(&mut d, p, p - w, 3)
            }
            if x > 0 && y > 0 {
                pass(&mut d, p, p - w - 1, 4)
            }
            if x + 1 < w && y > 0 {
                pass(&mut d, p, p - w + 1, 4)
            }
        }
    }
    for y in (0..h).rev() {
        for x in (0..w).rev() {
            let p = y * w + x;
            if x + 1 < w {
                pass(&mut d, p, p + 1, 3)
            }
            if y + 1 < h {
                pass(&mut d, p, p + w, 3)
            }
            if x + 1 < w && y + 1 < h {
                pass(&mut d, p, p + w + 1, 4)
            }
            if x > 0 && y + 1 < h {
                pass(&mut d, p, p + w - 1, 4)
            }
        }
    }
    for (c, d) in class.iter_mut().zip(d) {
        if *c != Class::Ink && d <= reach {
            *c = Class::Near;
        }
    }
}

/// The province (index into `seeds`) each pixel belongs to, or [`NONE`] /
/// [`SCENERY`] where none reached it. Gaps in lines up to twice `close`
/// pixels wide are closed.
pub fn regions(r: &Raster, seeds: &[Seed], close: f64) -> Vec<u16> {
    let mut class = classes(r, seeds);
    close_gaps(&mut class, r.width, close);
    let n = r.width * r.height;
    let mut cost = vec![u32::MAX; n];
    let mut label = vec![NONE; n];
    let mut heap = BinaryHeap::new();
    for (i, s) in seeds.iter().enumerate() {
        for p in s.points.iter().filter_map(|&p| pixel(r, p)).filter_map(|p| start(r, &class, p, s.surface)) {
            if cost[p] > 0 {
                cost[p] = 0;
                label[p] = i as u16;
                heap.push(Reverse((0u32, p)));
            }
        }
    }
    while let Some(Reverse((c, p))) = heap.pop() {
        if c > cost[p] {
            continue;
        }
        let s = seeds[label[p] as usize].surface;
        let (x, y) = (p % r.width, p / r.width);
        let next = [(x > 0).then(|| p - 1), (x + 1 < r.width).then(|| p + 1), (y > 0).then(|| p - r.width), (y + 1 < r.height).then(|| p + r.width)];
        for q in next.into_iter().flatten() {
            let Some(d) = step(class[q], s) else { continue };
            if c + d < cost[q] {
                cost[q] = c + d;
                label[q] = label[p];
                heap.push(Reverse((c + d, q)));
            }
        }
    }
    for (l, c) in label.iter_mut().zip(&class) {
        if *l == NONE && *c == (Class::Colour { land: true, sea: false }) {
            *l = SCENERY;
        }
    }
    absorb_specks(&mut label, r.width);
    label
}

/// The most pixels a speck of water no province reached may have to be
/// given to the province round it: the dots of a canal drawn across land
/// (modern's Volga–Don), not a lake.
pub const SPECK: usize = 200;

/// Gives each speck of [`NONE`] pixels (4-connected, at most [`SPECK`]) to
/// the province most of its neighbouring pixels belong to.
fn absorb_specks(label: &mut [u16], w: usize) {
    let mut seen = vec![false; label.len()];
    for start in 0..label.len() {
        if label[start] != NONE || seen[start] {
            continue;
        }
        let (mut speck, mut around, mut stack) = (Vec::new(), Vec::new(), vec![start]);
        seen[start] = true;
        while let Some(p) = stack.pop() {
            speck.push(p);
            let (x, y) = (p % w, p / w);
            let next = [(x > 0).then(|| p - 1), (x + 1 < w).then(|| p + 1), (y > 0).then(|| p - w), (p + w < label.len()).then(|| p + w)];
            for q in next.into_iter().flatten() {
                if label[q] != NONE {
                    around.push(label[q]);
                } else if !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        let edge = speck.iter().any(|&p| p % w == 0 || p % w == w - 1 || p < w || p + w >= label.len());
        if speck.len() > SPECK || edge {
            continue;
        }
        around.retain(|&l| l < SCENERY);
        around.sort_unstable();
        let most = around.chunk_by(|a, b| a == b).max_by_key(|run| run.len()).map(|run| run[0]);
        if let Some(l) = most {
            speck.iter().for_each(|&p| label[p] = l);
        }
    }
}

/// The pixel a seed point starts from: itself, or the nearest within a few
/// pixels that it may stand on (a point drawn on a line).
fn start(r: &Raster, class: &[Class], p: (usize, usize), s: Surface) -> Option<usize> {
    for d in 0..12usize {
        for y in p.1.saturating_sub(d)..=(p.1 + d).min(r.height - 1) {
            for x in p.0.saturating_sub(d)..=(p.0 + d).min(r.width - 1) {
                let q = y * r.width + x;
                if step(class[q], s) == Some(STEP) {
                    return Some(q);
                }
            }
        }
    }
    // a province narrower than the gaps closed: any pixel off the line; an
    // impassable space filled as dark as ink (jDip's Switzerland): its own
    let q = p.1 * r.width + p.0;
    (class[q] == Class::Near || (s == Surface::Either && class[q] == Class::Ink)).then_some(q)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 30×10 picture: land left of a black line at x = 10, sea right of
    /// it, and an island in the sea (x 20 to 23, y 3 to 6).
    fn picture() -> Raster {
        let land = [230, 200, 120];
        let rgb = (0..300)
            .map(|i| match (i % 30, i / 30) {
                (10, _) => [0, 0, 0],
                (x, _) if x < 10 => land,
                (20..=23, 3..=6) => land,
                _ => [30, 90, 160],
            })
            .collect();
        Raster { width: 30, height: 10, rgb }
    }

    #[test]
    fn regions_meet_on_the_line_and_keep_to_their_surface() {
        let r = picture();
        let seeds = [Seed { surface: Surface::Land, points: vec![(2.0, 5.0)] }, Seed { surface: Surface::Sea, points: vec![(15.0, 5.0)] }];
        let l = regions(&r, &seeds, 0.0);
        assert!((0..10).all(|y| l[y * 30 + 9] == 0 && l[y * 30 + 11] == 1));
        // the island no province names is land, not the sea's
        assert_eq!((l[5 * 30 + 21], l[30 + 21], l[5 * 30 + 25]), (SCENERY, 1, 1));
        // a seed on the line starts beside it
        let l = regions(&r, &[Seed { surface: Surface::Land, points: vec![(10.0, 5.0)] }, seeds[1].clone()], 0.0);
        assert_eq!(l[5 * 30 + 3], 0);
    }

    /// A speck of water inside land no sea reaches (a canal's dot) is the
    /// land's, at [`SPECK`] pixels; one a pixel larger stays water.
    #[test]
    fn a_speck_of_water_in_a_province_is_the_provinces_and_a_lake_is_not() {
        for (extra, absorbed) in [(false, true), (true, false)] {
            // 10 by SPECK / 10 pixels of water, and one more below it; the
            // sea beyond a line at x = 34
            let (w, tall) = (40, SPECK / 10);
            let water = |x: usize, y: usize| x > 34 || ((10..20).contains(&x) && (10..10 + tall).contains(&y)) || (extra && x == 10 && y == 10 + tall);
            let colour = |x: usize, y: usize| {
                if x == 34 {
                    [0, 0, 0]
                } else if water(x, y) {
                    [30, 90, 160]
                } else {
                    [230, 200, 120]
                }
            };
            let r = Raster { width: w, height: w, rgb: (0..w * w).map(|i| colour(i % w, i / w)).collect() };
            let seeds = [Seed { surface: Surface::Land, points: vec![(2.0, 2.0)] }, Seed { surface: Surface::Sea, points: vec![(37.0, 20.0)] }];
            let l = regions(&r, &seeds, 0.0);
            let middle = l[15 * w + 15];
            assert_eq!(middle == 0, absorbed, "a speck of {} pixels: {middle}", SPECK + extra as usize);
        }
    }
}
